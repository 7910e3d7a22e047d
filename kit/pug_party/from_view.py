"""A full «Вечірка мопсів» state from one seat's view: what a searching bot plays on.

:func:`state_from_view` deals every card the seat cannot see (the deck, the face-down
cards, the other hands but their publicly ``known`` cards, PP-3, PP-7) from the cards
the view does not show, so the state gives the seat exactly its view; the search then
redeals them per iteration with the contract's ``determinize``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import cast

from kit.pug_party.options import OPTIONS
from kit.pug_party.pile import DOWN, UP
from kit.pug_party.state import State

#: option names a view's ``rules`` repeats
_RULES = ("four_of_a_kind", "after_breakdancer", "new_round", "max_actions", "down_wrap",
          "specials_together", "voluntary_pickup")


def state_from_view(view: dict, rng: random.Random) -> State:
    """A state that gives ``view["seat"]`` exactly ``view``; hidden cards dealt by ``rng``
    from those the seat has not seen (the default deck file, as a view does not name it)."""
    seat, players = view["seat"], view["players"]
    options = {k: view["rules"][k] for k in _RULES if k in OPTIONS and k in view["rules"]}
    options["swap"] = view["phase"] == "swap"
    template = State(players, 0, **options)
    snap = template.snapshot()
    unseen = Counter(c for zone in template.zones().values() for c in zone)
    seen = list(view["hand"]) + view["pile"] + view["burned"]
    for p in range(players):
        seen += view["face_up"][p]
        if p != seat:
            seen += view["known"][p]
    unseen.subtract(seen)
    pool = sorted(unseen.elements())
    rng.shuffle(pool)
    hands = []
    for p in range(players):
        if p == seat:
            hands.append(list(view["hand"]))
        else:
            extra = view["hand_counts"][p] - len(view["known"][p])
            hands.append(sorted(view["known"][p] + [pool.pop() for _ in range(extra)]))
    face_down = []
    for p in range(players):
        left = set(view["face_down"][p])
        size = max(left, default=-1) + 1
        face_down.append([pool.pop() if i in left else None for i in range(size)])
    snap.update(
        draw=[pool.pop() for _ in range(view["deck"])], hands=hands,
        face_up=[list(f) for f in view["face_up"]], face_down=face_down,
        known=[list(k) for k in view["known"]], pile=list(view["pile"]),
        burned=list(view["burned"]), phase=view["phase"], turn=view["to_act"],
        swaps=[3 - k if view["phase"] == "swap" else 0 for k in view["swaps_left"]],
        ready=list(view["ready"]), out=list(view["out"]), order=view["order"],
        truncated=False, history=[{}] * view["actions"])
    snap["tally"] = {**snap["tally"], "turns": view["actions"]}
    # PP-R5: the direction the round started with is not in a view; the one that reads
    # the pile as the view does
    for direction in (UP, DOWN):
        snap["round_direction"] = direction
        state = cast(State, State.restore(snap))
        if state.view(seat)["direction"] == view["direction"]:
            break
    state.rng = random.Random(rng.random())
    return state
