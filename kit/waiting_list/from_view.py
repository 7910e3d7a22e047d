"""A full «Лист ожидания» state from one seat's view: what a searching bot plays on.

:func:`state_from_view` deals every card the seat cannot see (the deck and the other
hands but the cards everyone saw them take, WL-8; characters still face down, WL-R5)
from the cards the view does not show, so the state gives the seat exactly its view; the
search then redeals them per iteration with the contract's ``determinize``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import cast

from kit.waiting_list.state import FACE_UP, WaitingListState

#: option names a view's ``rules`` repeats
_RULES = ("claim_needs_fit", "first_card_claims", "round_laps", "characters_dealt",
          "reshuffle")


def state_from_view(view: dict, rng: random.Random) -> WaitingListState:
    """A state that gives ``view["seat"]`` exactly ``view``; hidden cards dealt by ``rng``
    from those the seat has not seen (the default data files, as a view names none)."""
    seat, players = view["seat"], view["players"]
    rules = view["rules"]
    template = WaitingListState(players, 0, **{k: rules[k] for k in _RULES})
    snap = template.snapshot()
    seats = view["seats"]
    unseen = Counter(template.deck_data.main())
    seen = list(view["hand"]) + [p["card"] for p in view["pile"]]
    for s in seats:
        seen += s["combination"] + s["laid"]
        if s["seat"] != seat:
            seen += s["known"]
    unseen.subtract(seen)
    pool = sorted(unseen.elements())
    rng.shuffle(pool)
    hands = []
    for s in seats:
        if s["seat"] == seat:
            hands.append(list(view["hand"]))
        else:
            extra = s["hand_count"] - len(s["known"])
            hands.append(list(s["known"]) + [pool.pop() for _ in range(extra)])
    # WL-R5: characters face down are dealt from those the seat has not seen
    dealt = view["task"]["characters"]
    box = sorted(set(template.deck_data.characters) - {s["character"] for s in seats})
    rng.shuffle(box)
    characters = [s["character"] if s["character"] or not dealt else box.pop() for s in seats]
    face_up = rules["characters_dealt"] == FACE_UP
    shown = [s["revealed"] or face_up or (s["seat"] != seat and s["character"] is not None)
             for s in seats]
    scores = view["scores"]
    round_log = [{"round": i + 1, "dealer": None, "reason": reason, "rule": rule,
                  "winner": winner, "penalties": list(penalties),
                  "left": [[] for _ in range(players)], "revealed": [False] * players,
                  "turns": 0, "reshuffles": 0}
                 for i, (reason, rule, winner, penalties) in enumerate(zip(
                     scores["round_reasons"], scores["round_rules"], scores["round_winners"],
                     scores["rounds"], strict=True))]
    if view["last_round"] is not None:
        round_log[-1] = view["last_round"]
    snap.update(
        round_no=view["round"], dealer=view["dealer"], top_live=view["top_live"],
        turns=view["turns"], reshuffles=view["reshuffles"], phase=view["phase"],
        turn=view["turn"], discarder=view["discarder"], claim_at=len(view["passed"]),
        hands=hands, deck=pool, pile=[p["card"] for p in view["pile"]],
        characters=characters, box=sorted(box) if dealt else
        sorted(template.deck_data.characters), shown=shown,
        combos=[list(s["combination"]) for s in seats], laid=[list(s["laid"]) for s in seats],
        known=[dict(Counter(s["known"])) for s in seats], scores=[list(r) for r in
                                                                  scores["rounds"]],
        round_log=round_log, history=[])
    state = cast(WaitingListState, WaitingListState.restore(snap))
    state.rng = random.Random(rng.random())
    return state
