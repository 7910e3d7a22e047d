"""The legal actions of the seat to act, computed from plain facts (WL-5..WL-10, WL-R3).

:func:`listing` is shared by the engine (``legal_actions``) and by
:func:`legal_from_view`, which lists a seat's actions from ``view(seat)`` alone, so a
board or bot that only has the view sees exactly what the engine allows.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from types import MappingProxyType

from kit.contract import Action
from kit.readonly import ReadOnlyDict
from kit.waiting_list.actions import Claim, Discard, Draw, Lay, Pass, Reveal, Take
from kit.waiting_list.combination import Tokens, counts, fits, reveals

#: the phases of a turn: the next seat's choice, the others' claims, then the turn proper
OFFER, CLAIMS, PLAY, OVER = "offer", "claims", "play", "over"


def may_claim(card: str, needs: Sequence[str], hand: Mapping[str, int], revealed: bool,
              tokens: Tokens, claim_needs_fit: bool) -> bool:
    """WL-6: a seat may take a discard out of turn "if it suits it for the round's goal":
    the card fills a requirement its hand can't fill yet (a seat that has revealed needs
    nothing more). With ``claim_needs_fit=False`` any seat may claim any discard."""
    if not claim_needs_fit:
        return True
    return not revealed and fits(card, needs, hand, tokens)


def listing(phase: str, hand: Mapping[str, int], pile: Sequence[str], top_live: bool,
            revealed: bool, needs: Sequence[str], tokens: Tokens, layable: Collection[str],
            claim_needs_fit: bool) -> list[Action]:
    """The legal actions of the seat to act in ``phase``.

    ``hand`` is the seat's hand as ``{card id: copies}``, ``pile`` the discard pile
    (bottom first), ``needs`` the seat's resolved combination.
    """
    if phase == OFFER:  # WL-R3: the next seat's choice; the top card is always live here
        return [Take(len(pile) - 1), Draw()]
    if phase == CLAIMS:  # WL-6, WL-R3
        out: list[Action] = []
        if pile and top_live and may_claim(pile[-1], needs, hand, revealed, tokens,
                                           claim_needs_fit):
            out.append(Claim(len(pile) - 1))
        out.append(Pass())
        return out
    if phase == PLAY:  # WL-9, WL-10, WL-5
        held = sorted(c for c in hand if hand[c] > 0)
        out = []
        if not revealed:
            out += [Reveal(cards) for cards in reveals(needs, hand, tokens)]
        elif sum(hand.values()) >= 2:
            out += [Lay(c) for c in held if c in layable]
        out += [Discard(c) for c in held]
        return out
    return []


#: the last read-only catalogue seen (the engine's, shared by its views) and its tokens
_LAST: tuple[ReadOnlyDict, Mapping[str, frozenset[str]]] | None = None


def view_tokens(view: dict, cards: Collection[str]) -> Mapping[str, frozenset[str]]:
    """The requirement names each of ``cards`` fills, read from the view's catalogue.

    The tokens of the engine's catalogue, which can't change (:mod:`kit.readonly`), are
    kept; any other catalogue (e.g. a view read back from JSON) is read afresh.
    """
    global _LAST
    cat = view["catalogue"]
    if _LAST is not None and cat is _LAST[0]:
        return _LAST[1]
    if not isinstance(cat, ReadOnlyDict):
        return {c: _tokens(c, cat[c]) for c in cards}
    out = MappingProxyType({c: _tokens(c, e) for c, e in cat.items()})
    _LAST = (cat, out)
    return out


def _tokens(card: str, entry: Mapping) -> frozenset[str]:
    return frozenset(x for x in (card, entry["type"], entry["organ"]) if x)


def legal_from_view(view: dict) -> list[Action]:
    """The seat's legal actions listed from ``view(seat)`` alone (SPEC.legal_from_view)."""
    seat = view["seat"]
    if seat is None or view["to_act"] != seat:
        return []
    me = view["seats"][seat]
    hand = counts(view["hand"])
    pile = [p["card"] for p in view["pile"]]
    tokens = view_tokens(view, set(hand) | set(pile[-1:]))
    layable = {c for c in hand if view["catalogue"][c]["layable"]}
    return listing(view["phase"], hand, pile, view["top_live"], me["revealed"], me["needs"],
                   tokens, layable, view["rules"]["claim_needs_fit"])
