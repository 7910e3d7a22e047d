"""Hypothesis properties of «Домино-Метро»: layout bookkeeping (DM-3..DM-5, DM-R1), Metro
legality (DM-8, DM-R2), drawing and passing (DM-6), the change (DM-9), places (DM-11,
DM-R7)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import kit
from kit.domino_metro import legal as rules
from kit.domino_metro import match
from kit.domino_metro.actions import Draw, Pass, Place
from kit.domino_metro.layout import CLOSED, OPEN
from kit.domino_metro.scoring import pips

OPTIONS = st.sampled_from([{}, {"metro_forced": "hand"}, {"first_double": "plain"},
                           {"change": False}, {"games": 2}, {"metro_maker": "pips"},
                           {"tied_pips": "worse"}])


def check_layout(state: kit.GameState) -> None:
    """DM-R1 counts and DM-4 end arithmetic agree with the placed tiles."""
    layout = state.layout
    placed = [p.tile for p in layout.tiles]
    for v in range(layout.values):
        assert layout.unplayed[v] == layout.values - sum(v in t for t in placed)
        assert layout.open[v] == sum(1 for e in layout.ends
                                     if e.covered_by is None and e.value == v)
    if placed:
        doubles = [p for p in layout.tiles[1:] if p.tile[0] == p.tile[1]]
        expected = (2 + sum(p.face == OPEN for p in doubles)
                    - sum(p.face == CLOSED for p in doubles))
        assert sum(layout.open) == expected
    for e in layout.ends:
        assert (layout.end_state(e) == "live") == (
            e.covered_by is None and layout.unplayed[e.value] > 0)


def check_legal(state: kit.GameState) -> None:
    """DM-6, DM-8, DM-R2: what the legal list may hold."""
    legal = state.legal_actions()
    pos = state.position()
    places = [a for a in legal if isinstance(a, Place)]
    if pos.phase == rules.PLAY and places:
        closing = [rules.closes(pos, a) for a in places]
        normal, _ = rules.placements(pos)
        if any(closing):  # any tile, a face-up double included (DM-R2)
            assert all(closing) and not normal  # only when nothing else fits
    if any(isinstance(a, Draw) for a in legal):
        assert legal == [Draw()] and pos.bazaar > 0
    if any(isinstance(a, Pass) for a in legal):
        assert legal == [Pass()] and pos.bazaar == 0
        assert not any(rules.placements(pos))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 3]), options=OPTIONS)
def test_dm_layout_and_legal_invariants_hold_through_random_games(
        seed: int, players: int, options: dict) -> None:
    state = kit.new_game("domino_metro", players, seed, **options)
    rng = random.Random(seed)
    while not state.over:
        check_layout(state)
        check_legal(state)
        state.apply(rng.choice(state.legal_actions()))
    check_layout(state)
    result = state.result()
    assert result["games_played"] == state.options["games"]


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 40))
def test_dm9_take_back_restores_the_layout_and_the_hand(seed: int, steps: int) -> None:
    state = kit.new_game("domino_metro", 3, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.over:
            return
        state.apply(rng.choice(state.legal_actions()))
    if state.over or state.view(None)["phase"] not in ("lead", "play"):
        return
    places = [a for a in state.legal_actions() if isinstance(a, Place)]
    if not places:
        return
    seat = state.to_act
    layout_before = state.layout.moves_json()
    hand_before = sorted(state.hands[seat])
    state.apply(rng.choice(places))
    if state.view(None)["phase"] != "placed":
        return
    state.apply({"type": "take_back"})
    assert state.layout.moves_json() == layout_before
    assert sorted(state.hands[seat]) == hand_before and state.to_act == seat


@given(pips_left=st.lists(st.integers(0, 60), min_size=2, max_size=3),
       ties=st.sampled_from(["better", "worse"]))
def test_dm_r7_ranking_by_pips_fills_the_free_places_fewest_first(pips_left: list[int],
                                                                  ties: str) -> None:
    n = len(pips_left)
    places: list[int | None] = [None] * n
    match.rank_by_pips(list(range(n)), pips_left, places, n, ties)
    assert all(p is not None and 1 <= p <= n for p in places)
    for a in range(n):
        for b in range(n):
            if pips_left[a] < pips_left[b]:
                assert places[a] < places[b]  # type: ignore[operator]
            if pips_left[a] == pips_left[b]:
                assert places[a] == places[b]
    most = max(pips_left)
    assert match.losers(places) == [s for s in range(n) if pips_left[s] == most]
    if ties == "better":  # fewest pips takes 1st place, tied or not
        assert min(places) == 1  # type: ignore[type-var]
    else:  # most pips takes last place, tied or not
        assert max(places) == n  # type: ignore[type-var]


@given(hand=st.lists(st.tuples(st.integers(0, 9), st.integers(0, 9)).map(
    lambda t: (min(t), max(t))), max_size=6, unique=True))
def test_dm_r4_pips_count_halves_and_the_zero_double_rule(hand: list) -> None:
    plain = sum(a + b for a, b in hand)
    lone = hand == [(0, 0)]
    assert pips(hand, (10, 0)) == (10 if lone else plain)
    assert pips(hand, (10, 10)) == plain + (10 if (0, 0) in hand else 0)
