"""Bots for «Вечірка мопсів»: they see one seat's view and its legal actions only.

:class:`RuleBot` plays like a sensible person:

- before play (PP-R1 ``swap``): puts its strongest cards face up (specials, then
  high values) and keeps the weak ones in hand;
- completes four of a kind whenever it can (PP-5), since it then leads again;
- otherwise plays the cheapest value card that fits - the lowest going "up", the
  highest going "down" (PP-2, PP-8) - all its copies at once (PP-3);
- keeps specials for emergencies (PP-6): only when no value card fits, then a
  Megapug on a big pile, else Poop, Breakdancer, Megapug - one at a time;
- face-up cards (PP-10): the same choice among them, specials last;
- face-down cards: the leftmost; picks up only when it must (PP-4, PP-11).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from kit.bots import RandomBot
from kit.contract import Action
from kit.pug_party.actions import PickUp, Play, PlayBlind, PlayFaceUp, Ready, Swap
from kit.pug_party.cards import BREAKDANCER, MEGAPUG, POOP, VALUE
from kit.pug_party.pile import BURN_RUN, SINGLE_PLAY, UP

#: how much a card is worth keeping (higher = keep / put face up)
_SPECIAL_WORTH = {MEGAPUG: 1000, POOP: 900, BREAKDANCER: 800}
#: a Megapug is worth spending on a pile at least this big
BIG_PILE = 5


def worth(card: str) -> int:
    """Card strength for the swap: specials, then high values."""
    v = VALUE.get(card)
    return _SPECIAL_WORTH[card] if v is None else v


class RuleBot:
    """The kit's rule-based bot for «Вечірка мопсів» (see the module docstring)."""

    name = "rule"

    def choose(self, view: dict, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        if view["phase"] == "swap":
            return self._swap(view, legal)
        blind = [a for a in legal if isinstance(a, PlayBlind)]
        if blind:
            return min(blind, key=lambda a: a.position)
        cards = [a for a in legal if isinstance(a, Play | PlayFaceUp)]
        if not cards:
            return next(a for a in legal if isinstance(a, PickUp))
        four = self._four_of_a_kind(view, cards)
        if four is not None:
            return four
        values = [a for a in cards if a.card in VALUE]
        if values:
            down = view["direction"] != UP
            pick = (max if down else min)(VALUE[a.card] for a in values)
            return max((a for a in values if VALUE[a.card] == pick), key=_count)
        return self._special(view, cards)

    @staticmethod
    def _swap(view: dict, legal: Sequence[Action]) -> Action:
        swaps = [a for a in legal if isinstance(a, Swap)]
        good = [a for a in swaps if worth(a.hand_card) > worth(a.face_up_card)]
        if not good:
            return next(a for a in legal if isinstance(a, Ready))
        return max(good, key=lambda a: (worth(a.hand_card) - worth(a.face_up_card),
                                        worth(a.hand_card)))

    @staticmethod
    def _four_of_a_kind(view: dict, cards: Sequence[Play | PlayFaceUp]) -> Action | None:
        """A play that burns the pile with four of a kind (PP-5, PP-R2), if any."""
        run = view["run"]
        single = view["rules"]["four_of_a_kind"] == SINGLE_PLAY
        for a in cards:
            if a.card not in VALUE:
                continue
            n = _count(a)
            on_top = 0 if single or run is None or run["value"] != VALUE[a.card] else run["length"]
            if on_top + n >= BURN_RUN:
                return a
        return None

    @staticmethod
    def _special(view: dict, cards: Sequence[Play | PlayFaceUp]) -> Action:
        """Only specials fit: spend one, the one that helps most."""
        by_card = {a.card: a for a in cards if _count(a) == 1}
        if MEGAPUG in by_card and len(view["pile"]) >= BIG_PILE:
            return by_card[MEGAPUG]
        for card in (POOP, BREAKDANCER, MEGAPUG):
            if card in by_card:
                return by_card[card]
        return cards[0]


def _count(action: Action) -> int:
    return action.count if isinstance(action, Play) else 1


BOTS = {"random": RandomBot, "rule": RuleBot}
