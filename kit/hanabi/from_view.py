"""Reading a Hanabi view: legal actions and card facts from what a seat sees, and a full
state that gives the seat that view (:func:`state_from_view`)."""

from __future__ import annotations

import random
from collections import Counter
from typing import cast

from kit.hanabi.state import HanabiState
from kit.hanabi.variants import VALUES


def legal_from_view(view: dict) -> list[dict]:
    """The seat's legal actions listed from ``view(seat)`` alone (HB-3..HB-5, HB-R1)."""
    seat = view["seat"]
    if seat is None or view["to_act"] != seat:
        return []
    size = len(view["hands"][seat]["knowledge"])
    out: list[dict] = [{"type": "play", "slot": i} for i in range(size)]
    if view["hints"] < view["max_hints"]:
        out += [{"type": "discard", "slot": i} for i in range(size)]
    if view["hints"] > 0:
        rainbow = {s["colour"] for s in view["suits"] if s["hint"] == "every"}
        players = view["players"]
        for offset in range(1, players):
            to = (seat + offset) % players
            cards = view["hands"][to]["cards"]
            for colour in view["hintable_colours"]:
                slots = [i for i, c in enumerate(cards)
                         if c["colour"] == colour or c["colour"] in rainbow]
                if slots or view["allow_empty_hints"]:
                    out.append({"type": "hint", "to": to, "colour": colour, "value": None,
                                "slots": slots})
            for value in VALUES:
                slots = [i for i, c in enumerate(cards) if c["value"] == value]
                if slots or view["allow_empty_hints"]:
                    out.append({"type": "hint", "to": to, "colour": None, "value": value,
                                "slots": slots})
    return out


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
