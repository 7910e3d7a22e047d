"""The legal actions of the seat to act, from what that seat sees.

One function, :func:`legal`, serves both the engine (``State.legal_actions``)
and ``SPEC.legal_from_view`` (:func:`legal_from_view`), so a board or a bot
that holds only ``view(seat)`` lists exactly the engine's actions.

Where a card may come from (PP-10): the hand while it holds cards; then the
face-up table cards one at a time; then the face-down cards blind, by position.
A seat that has no play must pick up (PP-4); with ``voluntary_pickup`` it may
pick up a non-empty pile at any time (PP-R5). A blind card can always be tried,
so a seat playing blind is never forced to pick up (PP-11 picks up for it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kit.contract import Action
from kit.pug_party.actions import PickUp, Play, PlayBlind, PlayFaceUp, Ready, Swap
from kit.pug_party.cards import VALUE, sort_key
from kit.pug_party.pile import covers

SWAP_PHASE = "swap"
PLAY_PHASE = "play"
OVER = "over"
#: swaps each seat may make before play (PP-R1): any arrangement of 3 + 3 cards
#: is reachable in at most 3 one-for-one swaps
MAX_SWAPS = 3


@dataclass(frozen=True, slots=True)
class TableRules:
    """The option values and deck facts the legal actions depend on (shown in the view)."""

    low: int
    high: int
    down_wrap: bool
    specials_together: bool
    voluntary_pickup: bool

    def to_json(self) -> dict:
        return {"low": self.low, "high": self.high, "down_wrap": self.down_wrap,
                "specials_together": self.specials_together,
                "voluntary_pickup": self.voluntary_pickup}


def _distinct(cards: Sequence[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: sort_key(kv[0])))


def plays(hand: Sequence[str], face_up: Sequence[str], face_down: Sequence[int],
          to_beat: int | None, direction: str, rules: TableRules) -> list[Action]:
    """The card plays open to a seat (without pick-up), PP-1..PP-3, PP-6, PP-10, PP-R4."""
    out: list[Action] = []
    if hand:
        for card, held in _distinct(hand).items():
            if not covers(card, to_beat, direction, rules.low, rules.high, rules.down_wrap):
                continue
            most = held if (card in VALUE or rules.specials_together) else 1
            out.extend(Play(card, n) for n in range(1, most + 1))
    elif face_up:
        out.extend(PlayFaceUp(card) for card in _distinct(face_up)
                   if covers(card, to_beat, direction, rules.low, rules.high, rules.down_wrap))
    else:
        out.extend(PlayBlind(p) for p in face_down)
    return out


def legal(phase: str, hand: Sequence[str], face_up: Sequence[str], face_down: Sequence[int],
          pile_size: int, to_beat: int | None, direction: str, rules: TableRules,
          swaps_left: int = 0) -> list[Action]:
    """Every legal action of the seat to act (see the module docstring)."""
    if phase == SWAP_PHASE:
        out: list[Action] = []
        if swaps_left > 0:
            ups = _distinct(face_up)
            for h in _distinct(hand):
                out.extend(Swap(h, f) for f in ups if f != h)
        out.append(Ready())
        return out
    if phase != PLAY_PHASE:
        return []
    out = plays(hand, face_up, face_down, to_beat, direction, rules)
    if pile_size and (not out or rules.voluntary_pickup):
        out.append(PickUp())
    return out


def legal_from_view(view: dict) -> list[Action]:
    """The legal actions of ``view["seat"]`` from its view alone (``SPEC.legal_from_view``)."""
    seat = view["seat"]
    if seat is None or view["to_act"] != seat:
        return []
    r = view["rules"]
    rules = TableRules(r["low"], r["high"], r["down_wrap"], r["specials_together"],
                       r["voluntary_pickup"])
    return legal(view["phase"], view["hand"], view["face_up"][seat], view["face_down"][seat],
                 len(view["pile"]), view["to_beat"], view["direction"], rules,
                 view["swaps_left"][seat])
