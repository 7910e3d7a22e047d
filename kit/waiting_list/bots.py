"""A rule-based «Лист ожидания» bot that plays from its view only.

It pursues the round's combination (WL-2, WL-R1):

- as the next seat (WL-R3) it takes the discard if the card fills a requirement its
  hand lacks, or if it is a fact or positive circumstance (it can be laid once
  revealed, WL-9) and the hand has a worse card to shed; otherwise it draws;
- out of turn (WL-6) it claims a discard only if the card fills a missing requirement;
- on its turn it reveals as soon as it can (WL-9), lays every fact and positive
  circumstance it may (WL-10), and discards the card it needs least: first negative
  circumstances, then spare organs, surgeons and clinics (highest penalty first, WL-R4),
  last the layable cards; never a card of its best partial combination.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from kit.contract import Action
from kit.waiting_list.actions import Claim, Discard, Draw, Lay, Pass, Reveal, Take
from kit.waiting_list.combination import counts, fits, match
from kit.waiting_list.legal import CLAIMS, OFFER, view_tokens


def spare_cards(hand: Mapping[str, int], needs: Sequence[str], revealed: bool,
                tokens: Mapping) -> dict[str, int]:
    """The hand minus the cards of its best partial combination (all of it once revealed)."""
    spare = dict(hand)
    if not revealed:
        for card in match(needs, hand, tokens).values():
            spare[card] -= 1
    return {c: n for c, n in spare.items() if n > 0}


class RuleBot:
    """Pursues the combination, claims what it needs, sheds junk, reveals at once."""

    name = "rule"

    def choose(self, view: dict, legal: Sequence[Action], rng: random.Random) -> Action:
        seat, phase = view["seat"], view["phase"]
        me = view["seats"][seat]
        hand = counts(view["hand"])
        needs, revealed = me["needs"], me["revealed"]
        catalogue = view["catalogue"]
        top = view["pile"][-1]["card"] if view["pile"] else None
        tokens = view_tokens(view, set(hand) | ({top} if top else set()))

        if phase == OFFER:
            take = next(a for a in legal if isinstance(a, Take))
            assert top is not None
            if not revealed and fits(top, needs, hand, tokens):
                return take
            if catalogue[top]["layable"]:
                junk = any(not catalogue[c]["layable"]
                           for c in spare_cards(hand, needs, revealed, tokens))
                if revealed or junk:
                    return take
            return next(a for a in legal if isinstance(a, Draw))
        if phase == CLAIMS:
            claim = [a for a in legal if isinstance(a, Claim)]
            if claim and top is not None and not revealed and fits(top, needs, hand, tokens):
                return claim[0]
            return next(a for a in legal if isinstance(a, Pass))

        for kind in (Reveal, Lay):
            found = [a for a in legal if isinstance(a, kind)]
            if found:
                return found[0]
        points = view["rules"]["penalties"]["per_card"]

        def keep_value(card: str) -> tuple[int, str]:
            entry = catalogue[card]
            value = -points[entry["type"]]
            if entry["layable"]:
                value += 100
            return (value, card)

        spare = spare_cards(hand, needs, revealed, tokens) or hand
        worst = min(spare, key=keep_value)
        return Discard(worst)
