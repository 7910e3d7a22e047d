"""A rule-based Hanabi bot that plays from its view only.

In order of preference:
1. play a card it knows is playable (every colour/value it may have is the next
   card of its firework);
2. with a hint token, give the hint that makes another player's playable card
   known to be playable (nearest player first; else a hint that touches it);
3. discard a card it knows is useless (its firework is already past it);
4. discard its oldest card that no hint touched (never at 8 tokens, HB-5): it knows
   nothing of that card, which may be a 5, the only one of its colour (HB-1) — it
   gives no hints to save cards, so a partner's 5 goes unwarned too;
5. else its oldest card not known to be a 5; otherwise any hint, else play its oldest
   card.

The setup form's one line on it (the catalogs' context ``bot-help``, id
``hanabi.rule``) says the same: it may throw away a 5.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from kit.contract import Action
from kit.hanabi.actions import Discard, Hint, Play


def known_playable(know: dict, fireworks: dict) -> bool:
    """Every colour/value the card may have is the next card of its firework (HB-6)."""
    values = know["values"]
    if len(values) != 1:
        return False  # one firework can't take two values at once
    v = values[0] - 1
    return all(fireworks[c] == v for c in know["colours"])


def known_useless(know: dict, fireworks: dict) -> bool:
    """Every colour/value the card may have is already on its firework."""
    top = max(know["values"])
    return all(fireworks[c] >= top for c in know["colours"])


def _after_hint(know: dict, hint: Hint, rainbow: set[str]) -> dict:
    """The touched card's knowledge after ``hint`` (values/colours narrowed)."""
    if hint.value is not None:
        return {"colours": know["colours"], "values": [hint.value]}
    colours = [c for c in know["colours"] if c == hint.colour or c in rainbow]
    return {"colours": colours, "values": know["values"]}


class RuleBot:
    """Plays known-playable cards, hints playable cards, else discards its oldest card
    that no hint touched, a 5 perhaps (HB-3..HB-7; the module's docstring)."""

    name = "rule"

    def choose(self, view: dict, legal: Sequence[Action], rng: random.Random) -> Action:
        seat, fireworks = view["seat"], view["fireworks"]
        mine = view["hands"][seat]["knowledge"]
        for slot, know in enumerate(mine):
            if known_playable(know, fireworks):
                return Play(slot)
        if view["hints"] > 0:
            hint = self._useful_hint(view, legal)
            if hint is not None:
                return hint
        can_discard = view["hints"] < view["max_hints"]
        if can_discard:
            for slot, know in enumerate(mine):
                if known_useless(know, fireworks):
                    return Discard(slot)
            for slot in range(len(mine) - 1, -1, -1):
                know = mine[slot]
                if not know["colours_is"] and not know["values_is"]:
                    return Discard(slot)
            for slot in range(len(mine) - 1, -1, -1):
                if mine[slot]["values"] != [5]:
                    return Discard(slot)
        hints = [a for a in legal if isinstance(a, Hint)]
        if hints:
            return hints[rng.randrange(len(hints))]
        if can_discard:
            return Discard(len(mine) - 1)
        return Play(len(mine) - 1)

    def _useful_hint(self, view: dict, legal: Sequence[Action]) -> Hint | None:
        fireworks = view["fireworks"]
        players = view["players"]
        targets = []
        for offset in range(1, players):
            to = (view["seat"] + offset) % players
            hand = view["hands"][to]
            for slot, card in enumerate(hand["cards"]):
                if fireworks[card["colour"]] + 1 == card["value"] and not known_playable(
                        hand["knowledge"][slot], fireworks):
                    targets.append((to, slot, hand["knowledge"][slot]))
        if not targets:
            return None
        rainbow = {s["colour"] for s in view["suits"] if s["hint"] == "every"}
        wanted = {t[0] for t in targets}
        hints = [a for a in legal if isinstance(a, Hint) and a.to in wanted]
        fallback = None
        for to, slot, know in targets:
            for h in hints:
                if h.to != to or slot not in (h.slots or ()):
                    continue
                if known_playable(_after_hint(know, h, rainbow), fireworks):
                    return h
                if fallback is None:
                    fallback = h
        return fallback
