"""The actions of «Лист ожидания» (WL-5, WL-6, WL-9, WL-R3).

The claim window after a discard (WL-R3) is a sequence of decisions: the next seat
either takes the discard as its draw (:class:`Take`) or declines and will draw from the
deck (:class:`Draw`); then every other seat in counter-clockwise order may
:class:`Claim` it or :class:`Pass`. After taking, the player whose turn it is may
:class:`Reveal` the round's combination, :class:`Lay` facts and positive circumstances
on it, and must :class:`Discard` one card.

``pile_index`` counts from the bottom of the discard pile (0); the top is
``len(pile) - 1``. It says which pile card a board's player pointed at, so that taking a
covered card is an error the engine can name (WL-7).
"""

from __future__ import annotations

from dataclasses import dataclass

from kit.contract import Action


@dataclass(frozen=True, slots=True)
class Take(Action):
    """WL-5, WL-R3: the next seat takes the top discard as its turn's draw."""

    TYPE = "take"
    pile_index: int

    def __str__(self) -> str:
        return f"take the top discard (pile card {self.pile_index + 1})"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """WL-5, WL-R3: the next seat declines the discard; it draws from the deck once the
    other seats have claimed it or passed."""

    TYPE = "draw"

    def __str__(self) -> str:
        return "decline the discard and draw from the deck"


@dataclass(frozen=True, slots=True)
class Claim(Action):
    """WL-6, WL-R3: take the top discard out of turn (nothing is discarded for it)."""

    TYPE = "claim"
    pile_index: int

    def __str__(self) -> str:
        return f"claim the discard out of turn (pile card {self.pile_index + 1})"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """WL-R3: let the discard go to the next seat in the claim order."""

    TYPE = "pass"

    def __str__(self) -> str:
        return "pass (do not claim the discard)"


@dataclass(frozen=True, slots=True)
class Reveal(Action):
    """WL-9: lay the round's combination face up (one card per requirement)."""

    TYPE = "reveal"
    cards: tuple[str, ...]

    def __str__(self) -> str:
        return "reveal " + " + ".join(self.cards)


@dataclass(frozen=True, slots=True)
class Lay(Action):
    """WL-9, WL-10: add a fact or positive circumstance to one's revealed combination."""

    TYPE = "lay"
    card: str

    def __str__(self) -> str:
        return f"add {self.card} to the revealed combination"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """WL-5: discard one card, ending the turn."""

    TYPE = "discard"
    card: str

    def __str__(self) -> str:
        return f"discard {self.card}"


ACTIONS: dict[str, type[Action]] = {cls.TYPE: cls
                                    for cls in (Take, Draw, Claim, Pass, Reveal, Lay, Discard)}
