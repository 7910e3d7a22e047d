"""A full Hanabi state from one seat's view: what a searching bot plays on.

:func:`state_from_view` deals every card the seat cannot see (its own hand and the deck)
from those the view does not show, so the state gives the seat exactly its view; the
search then redeals them per iteration with the contract's ``determinize``, fitting the
hints (HB-4).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import cast

from kit.hanabi.state import HanabiState


def state_from_view(view: dict, rng: random.Random) -> HanabiState:
    """A full state that gives ``view["seat"]`` exactly ``view`` (what a searching bot
    plays on): the other hands as seen, every card the seat cannot see (its own hand, the
    deck) dealt by ``rng`` from those the view does not show; its own cards are dealt to
    fit the hints (HB-4) when the search redeals them with ``determinize``."""
    seat, players = view["seat"], view["players"]
    template = HanabiState(players, 0, variant=view["variant"],
                           allow_empty_hints=view["allow_empty_hints"])
    snap = template.snapshot()
    suit = {s["colour"]: i for i, s in enumerate(view["suits"])}

    def card(face: dict) -> int:
        return suit[face["colour"]] * 5 + face["value"] - 1

    unseen = Counter(c for zone in template.zones().values() for c in zone)
    seen = [card(c) for c in view["discards"]]
    seen += [s * 5 + v for colour, top in view["fireworks"].items()
             for s in [suit[colour]] for v in range(top)]
    for hand in view["hands"]:
        if hand["seat"] != seat:
            seen += [card(c) for c in hand["cards"]]
    unseen.subtract(seen)
    pool = sorted(unseen.elements())
    rng.shuffle(pool)
    hands, know = [], []
    for hand in view["hands"]:
        know.append([[sum(1 << suit[c] for c in k["colours_is"]),
                      sum(1 << suit[c] for c in k["colours_not"]),
                      sum(1 << v for v in k["values_is"]),
                      sum(1 << v for v in k["values_not"])] for k in hand["knowledge"]])
        hands.append([pool.pop() for _ in hand["cards"]] if hand["seat"] == seat
                     else [card(c) for c in hand["cards"]])
    snap.update(
        hands=hands, know=know, deck=pool,
        fireworks=[view["fireworks"][s["colour"]] for s in view["suits"]],
        discards=[card(c) for c in view["discards"]], hints=view["hints"],
        mistakes=view["mistakes"], current=view["to_act"] if view["to_act"] is not None
        else 0, final_left=len(view["still_to_play"]) if view["final_round"] else None,
        ended=view["ended"], history=[])
    state = cast(HanabiState, HanabiState.restore(snap))
    state.moves = list(view["moves"])
    state.rng = random.Random(rng.random())
    return state
