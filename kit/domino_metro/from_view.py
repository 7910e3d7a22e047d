"""A full «Домино-Метро» state from one seat's view: what a searching bot plays on.

:func:`state_from_view` deals every tile the seat cannot see (the other hands but the
tiles they showed, DM-9, and the bazaar, DM-1) from those the view does not show, so the
state gives the seat exactly its view; the search then redeals them per iteration with
the contract's ``determinize``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import cast

from kit.domino_metro.state import DominoMetroState

#: option names a view's ``rules`` repeats
_RULES = ("metro_forced", "first_double", "change", "lead_double", "domino_metro_two",
          "zero_double", "metro_double", "metro_maker", "tied_pips")


def _tile(t: list[int] | None) -> list[int] | None:
    return None if t is None else [t[0], t[1]]


def state_from_view(view: dict, rng: random.Random) -> DominoMetroState:
    """A state that gives ``view["seat"]`` exactly ``view``; hidden tiles dealt by ``rng``
    from those the seat has not seen (the default set file, as a view names none)."""
    seat, players = view["seat"], view["players"]
    template = DominoMetroState(players, 0, games=view["games"],
                                **{k: view["rules"][k] for k in _RULES})
    snap = template.snapshot()
    seats = view["seats"]
    unseen = Counter(tuple(t) for zone in template.zones().values() for t in zone)
    seen = [tuple(t) for t in view["hand"]] + [tuple(m["tile"]) for m in view["layout"]["tiles"]]
    for s in seats:
        if s["seat"] != seat:
            seen += [tuple(t) for t in s["shown"]]
    unseen.subtract(seen)
    pool = [list(t) for t in sorted(unseen.elements())]
    rng.shuffle(pool)
    hands = []
    for s in seats:
        if s["seat"] == seat:
            hands.append([list(t) for t in view["hand"]])
        else:
            extra = s["tiles"] - len(s["shown"])
            hands.append([list(t) for t in s["shown"]] + [pool.pop() for _ in range(extra)])
    pending = view["pending"]
    snap.update(
        hands=hands, bazaar=pool,
        layout=[[m["tile"][0], m["tile"][1], m["end"], m["face"], m["by"]]
                for m in view["layout"]["tiles"]],
        phase=view["phase"], turn=view["to_act"] if view["to_act"] is not None else 0,
        lead=view["lead"], must_lead=_tile(view["must_lead"]), barred=_tile(view["barred"]),
        pending_metro=bool(pending and pending["metro"]),
        shown=[[list(t) for t in s["shown"]] for s in seats],
        places=[s["place"] for s in seats], game_no=view["game_no"],
        metro_seat=view["metro"], domino_metro_seat=view["domino_metro"],
        up_run=list(view["up_doubles"]), records=view["records"], history=[])
    state = cast(DominoMetroState, DominoMetroState.restore(snap))
    state.rng = random.Random(rng.random())
    return state
