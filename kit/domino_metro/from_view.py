"""Reading a «Домино-Метро» view: the seat's position and legal actions from what it sees."""

from __future__ import annotations

from kit.domino_metro import moves
from kit.domino_metro.layout import Layout
from kit.domino_metro.moves import Position


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
