"""Reading a «Домино-Метро» view: the seat's position and legal actions from what it sees,
and a full state that gives the seat that view (:func:`state_from_view`: every tile the
seat cannot see, the other hands but the tiles they showed (DM-9) and the bazaar (DM-1),
dealt from those the view does not show; what a searching bot plays on, redealing them
per iteration with the contract's ``determinize``)."""

from __future__ import annotations

import random
from collections import Counter
from typing import cast

from kit.domino_metro import moves
from kit.domino_metro.layout import Layout
from kit.domino_metro.moves import Position
from kit.domino_metro.state import DominoMetroState


def position_from_view(view: dict, layout: Layout | None = None) -> Position:
    """The :class:`~kit.domino_metro.moves.Position` of the seat whose view this is
    (``layout``: the view's layout already built, e.g. kept by a bot)."""
    rules = view["rules"]
    if layout is None:
        layout = Layout.from_moves(view["max_pip"] + 1, view["layout"]["tiles"])
    must = view["must_lead"]
    barred = view["barred"]
    return Position(view["phase"], [(t[0], t[1]) for t in view["hand"] or ()], layout,
                    view["bazaar"], view["max_pip"],
                    (must[0], must[1]) if must else None,
                    (barred[0], barred[1]) if barred else None,
                    rules["metro_forced"], rules["first_double"])


def legal_from_view(view: dict) -> list[dict]:
    """The seat's legal actions listed from ``view(seat)`` alone (DM-2..DM-9, DM-R2)."""
    seat = view["seat"]
    if seat is None or view["to_act"] != seat:
        return []
    return [a.to_json() for a in moves.legal(position_from_view(view))]


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
