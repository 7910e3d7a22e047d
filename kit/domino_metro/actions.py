"""The actions of «Домино-Метро»: one decision of the seat to act at a time.

- ``place``: put a tile from the hand on an end (``end=None`` for the lead tile);
  a double after the lead says ``face`` "open" (three ends) or "closed" (DM-3, DM-4);
- ``draw``: take one tile from the bazaar when nothing fits (DM-6), one action per tile;
- ``pass``: nothing fits and the bazaar is empty (DM-6);
- ``end_turn``: keep the tile just placed; the change window closes (DM-9);
- ``take_back``: the change, first half: take back the tile just placed, then ``place``
  another tile (DM-9);
- ``next_game``: the loser shuffles the bazaar and deals the next game of a match
  (rulebook clause 2, DM-2, DM-R5).
"""

from __future__ import annotations

from dataclasses import dataclass

from kit.contract import Action


@dataclass(frozen=True, slots=True)
class Place(Action):
    """DM-3/DM-4: place ``tile`` ([low, high]) on ``end`` (None: lead the game); a double
    after the lead is placed face ``"open"`` or ``"closed"``; other tiles have no face."""

    TYPE = "place"
    tile: tuple[int, ...]
    end: int | None = None
    face: str | None = None

    def __str__(self) -> str:
        t = ":".join(str(v) for v in self.tile)
        if self.end is None:
            return f"lead {t}"
        face = f" face {'up (open)' if self.face == 'open' else 'down (closed)'}" if (
            self.face is not None) else ""
        return f"place {t}{face} on end {self.end}"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """DM-6: draw one tile from the bazaar (nothing in hand fits)."""

    TYPE = "draw"

    def __str__(self) -> str:
        return "draw from the bazaar"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """DM-6: nothing fits and the bazaar is empty."""

    TYPE = "pass"

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """DM-9: keep the tile just placed; the next player's turn begins."""

    TYPE = "end_turn"

    def __str__(self) -> str:
        return "end turn (keep the tile)"


@dataclass(frozen=True, slots=True)
class TakeBack(Action):
    """DM-9: «изменю» - take back the tile just placed to place another (once a turn)."""

    TYPE = "take_back"

    def __str__(self) -> str:
        return "take back the tile (change)"


@dataclass(frozen=True, slots=True)
class NextGame(Action):
    """DM-2, DM-R5: the loser shuffles the bazaar and deals the next game of the match."""

    TYPE = "next_game"

    def __str__(self) -> str:
        return "shuffle and deal the next game"


ACTIONS: dict[str, type[Action]] = {cls.TYPE: cls for cls in (
    Place, Draw, Pass, EndTurn, TakeBack, NextGame)}
