"""Hanabi's deal (HB-2): hand sizes, card names, and the scripted ``deal`` option.

:func:`scripted` returns the hands and the deck; :class:`kit.hanabi.state.HanabiState`
owns the setup and stores them.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from kit.datamodel import DataModel, validated
from kit.errors import NC_, ConfigError
from kit.hanabi.variants import Variant


def hand_size(players: int) -> int:
    """HB-2: 5 cards with 2–3 players, 4 with 4–5."""
    return 5 if players <= 3 else 4


def card_code(text: str, variant: Variant) -> int:
    """``"R3"`` (colour letter + value) -> card code; ConfigError for a bad name."""
    letters = {s.letter: i for i, s in enumerate(variant.suits)}
    if (not isinstance(text, str) or len(text) != 2 or text[0] not in letters
            or text[1] not in "12345"):
        raise ConfigError("deal", f"{text!r} is not a card of {variant.name}: write a colour "
                                  f"letter {sorted(letters)} and a value 1–5, e.g. 'R3'",
                          code=NC_("error", "not_a_card"), value=text, deck=variant.name)
    return letters[text[0]] * 5 + int(text[1]) - 1


def card_name(code: int, variant: Variant) -> str:
    return f"{variant.suits[code // 5].letter}{code % 5 + 1}"


class DealOption(DataModel):
    """The shape of the ``deal`` option: each seat's hand from slot 0, and the next cards
    to be drawn (first drawn first), as card names (``"R3"``)."""

    hands: list[list[str]]
    deck: list[str] = Field(default_factory=list)


def scripted(deal: Any, variant: Variant, players: int,
             shuffled: list[int]) -> tuple[list[list[int]], list[int]]:
    """A scripted deal (the ``deal`` option, for tests and prepared situations).

    ``deal = {"hands": [["R1", "W2", ...], ...], "deck": ["B3", ...]}``: each
    seat's hand from slot 0, and the next cards to be drawn (first drawn
    first). The other cards follow in the seeded shuffled order.
    """
    shape = validated(DealOption, deal, "deal")
    hands_in, top = shape.hands, shape.deck
    size = hand_size(players)
    if len(hands_in) != players or any(len(h) != size for h in hands_in):
        raise ConfigError("deal", f"hands must be {players} lists of {size} cards (HB-2)",
                          code=NC_("error", "hands_of"), players=players, size=size)
    hands = [[card_code(c, variant) for c in h] for h in hands_in]
    first = [card_code(c, variant) for c in top]
    rest = list(shuffled)
    for code in [c for h in hands for c in h] + first:
        if code not in rest:
            raise ConfigError("deal", f"more {card_name(code, variant)} cards than the "
                                      f"{variant.name} deck has (HB-1, HB-12)",
                              code=NC_("error", "card_count"), card=card_name(code, variant))
        rest.remove(code)
    return hands, rest + first[::-1]
