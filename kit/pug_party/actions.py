"""What a player can do in «Вечірка мопсів».

Cards are named by code (``"7"``, ``"megapug"``; see :mod:`kit.pug_party.cards`):

- :class:`Play` — cards of one value from the hand, by code and count (PP-1, PP-3);
- :class:`PlayFaceUp` — one face-up table card, by code (PP-10);
- :class:`PlayBlind` — one face-down card, by its position only: the player does
  not know it (PP-10, PP-11);
- :class:`PickUp` — take the pile into the hand: the only legal action when the
  player cannot cover (PP-4), or at any time with the ``voluntary_pickup`` option
  (PP-R5);
- :class:`Swap` and :class:`Ready` — before play, with the ``swap`` option (PP-R1).
"""

from __future__ import annotations

from dataclasses import dataclass

from kit.contract import Action
from kit.pug_party.cards import VALUE


def _card_phrase(card: str, count: int = 1) -> str:
    if count == 1:
        return card if card in VALUE else card.capitalize()
    if card in VALUE:
        return f"{count} × {card}"
    return f"{count} × {card.capitalize()}"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play ``count`` cards ``card`` from the hand (PP-1, PP-3)."""

    TYPE = "play"
    card: str
    count: int = 1

    def __str__(self) -> str:
        return f"play {_card_phrase(self.card, self.count)} from hand"


@dataclass(frozen=True, slots=True)
class PlayFaceUp(Action):
    """Play one face-up table card ``card`` (PP-10; hand empty, deck empty)."""

    TYPE = "play_face_up"
    card: str

    def __str__(self) -> str:
        return f"play face-up {_card_phrase(self.card)}"


@dataclass(frozen=True, slots=True)
class PlayBlind(Action):
    """Turn over and play the face-down card at ``position`` (0-based) blind (PP-10, PP-11)."""

    TYPE = "play_blind"
    position: int

    def __str__(self) -> str:
        return f"play face-down card #{self.position + 1} blind"


@dataclass(frozen=True, slots=True)
class PickUp(Action):
    """Take the whole pile into the hand (PP-4; voluntary only with PP-R5's option)."""

    TYPE = "pick_up"

    def __str__(self) -> str:
        return "pick up the pile"


@dataclass(frozen=True, slots=True)
class Swap(Action):
    """Before play: swap hand card ``hand_card`` with face-up card ``face_up_card`` (PP-R1)."""

    TYPE = "swap"
    hand_card: str
    face_up_card: str

    def __str__(self) -> str:
        return (f"swap hand {_card_phrase(self.hand_card)} "
                f"for face-up {_card_phrase(self.face_up_card)}")


@dataclass(frozen=True, slots=True)
class Ready(Action):
    """Before play: done swapping (PP-R1)."""

    TYPE = "ready"

    def __str__(self) -> str:
        return "keep these table cards (ready)"


ACTIONS: dict[str, type[Action]] = {
    cls.TYPE: cls for cls in (Play, PlayFaceUp, PlayBlind, PickUp, Swap, Ready)
}
