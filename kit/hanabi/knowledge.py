"""What hints told a player about each of their cards (HB-2, HB-4).

A card's knowledge is four bit masks: colours it is / is not (by the colour
named, bit = suit index) and values it is / is not (bit = value). From them
follow the colours and values the card may still have; in ``rainbow_wild`` a
card touched by two different colour hints can only be the rainbow suit.
"""

from __future__ import annotations

from kit.hanabi.variants import VALUES, Variant

IS_C, NOT_C, IS_V, NOT_V = range(4)


def touch_masks(variant: Variant) -> dict[str, int]:
    """colour named -> bit mask of the suits such a hint touches (HB-12)."""
    rainbow = 0
    for i, s in enumerate(variant.suits):
        if s.hint == "every":
            rainbow |= 1 << i
    return {s.colour: (1 << i) | rainbow for i, s in enumerate(variant.suits) if s.hint == "own"}


def possible_suits(know: list[int], variant: Variant, touch: dict[str, int]) -> list[int]:
    """Suit indexes the card may belong to."""
    mask = (1 << len(variant.suits)) - 1
    for i, s in enumerate(variant.suits):
        bit = 1 << i
        if know[IS_C] & bit:
            mask &= touch[s.colour]
        if know[NOT_C] & bit:
            mask &= ~touch[s.colour]
    return [i for i in range(len(variant.suits)) if mask >> i & 1]


def possible_values(know: list[int]) -> list[int]:
    return [v for v in VALUES
            if not know[NOT_V] >> v & 1 and (not know[IS_V] or know[IS_V] == 1 << v)]


def describe(know: list[int], variant: Variant, touch: dict[str, int]) -> dict:
    """The knowledge as JSON for a view: told facts and what remains possible."""
    names = variant.colours
    return {
        "colours_is": [names[i] for i in range(len(names)) if know[IS_C] >> i & 1],
        "colours_not": [names[i] for i in range(len(names)) if know[NOT_C] >> i & 1],
        "values_is": [v for v in VALUES if know[IS_V] >> v & 1],
        "values_not": [v for v in VALUES if know[NOT_V] >> v & 1],
        "colours": [names[i] for i in possible_suits(know, variant, touch)],
        "values": possible_values(know),
    }


def fits(card: int, know: list[int], variant: Variant, touch: dict[str, int]) -> bool:
    """Whether ``card`` agrees with everything the hints told about a card."""
    suit, value = divmod(card, 5)
    return suit in possible_suits(know, variant, touch) and value + 1 in possible_values(know)
