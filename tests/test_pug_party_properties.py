"""«Вечірка мопсів»: hypothesis property tests of the pile rules and the game invariants."""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import kit
from kit.pug_party import State, load_deck
from kit.pug_party.cards import SPECIALS
from kit.pug_party.legal import legal_from_view
from kit.pug_party.pile import ACROSS_PLAYS, BURN_RUN, DOWN, UP, covers, read_pile

VALUES = st.integers(0, 10)


@given(VALUES, VALUES)
def test_ppr3_down_mirrors_up(card, to_beat):
    """PP-R3: "down" is "up" seen in a mirror (v -> 10 - v), the 10 -> 0 wrap included."""
    assert covers(str(card), to_beat, UP, 0, 10) == covers(str(10 - card), 10 - to_beat, DOWN,
                                                           0, 10)


@given(VALUES, VALUES)
def test_pp2_up_is_equal_or_higher_or_zero_on_ten(card, to_beat):
    assert covers(str(card), to_beat, UP, 0, 10) == (card >= to_beat or (to_beat, card) == (10, 0))


@given(st.sampled_from(SPECIALS), st.one_of(st.none(), VALUES), st.sampled_from([UP, DOWN]))
def test_pp6_specials_cover_anything(special, to_beat, direction):
    assert covers(special, to_beat, direction, 0, 10, down_wrap=False)


@given(st.lists(st.sampled_from([str(v) for v in range(11)] + ["breakdancer", "poop"]),
                max_size=12))
def test_ppr3_pp9_read_pile_direction_and_value_to_beat(pile):
    top = read_pile(pile)
    # direction: flipped once per Breakdancer since the last Poop (PP-8, PP-9, PP-R4)
    since_poop = pile[len(pile) - pile[::-1].index("poop"):] if "poop" in pile else pile
    assert top.direction == (DOWN if since_poop.count("breakdancer") % 2 else UP)
    # value to beat: the last value card since the last Poop (PP-R3)
    values = [int(c) for c in since_poop if c.isdigit()]
    assert top.to_beat == (values[-1] if values else None)


def check_invariants(state: State) -> None:
    assert state.top == read_pile(state.pile, state.snapshot()["round_direction"],
                                  state.options["after_breakdancer"])
    zones = Counter(c for z in state.zones().values() for c in z)
    assert zones == Counter(load_deck(state.options["deck"]).cards())
    assert "megapug" not in state.pile
    if state.options["four_of_a_kind"] == ACROSS_PLAYS:
        assert state.top.run_length < BURN_RUN
    for s in range(state.players):
        assert not Counter(state.known[s]) - Counter(state.hands[s])  # known cards are held
        if s in state.out:
            assert state.cards_held(s) == 0
        elif state.draw and state.phase != "over":
            assert len(state.hands[s]) >= 3  # PP-1 while the deck lasts
    if not state.over:
        legal = [a.to_json() for a in state.legal_actions()]
        assert legal
        assert [a.to_json() for a in legal_from_view(state.view(state.to_act))] == legal
    assert json.loads(json.dumps(state.snapshot())) == state.snapshot()


@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10**6),
       choices=st.lists(st.integers(0, 10**6), min_size=20, max_size=150),
       swap=st.booleans(), voluntary=st.booleans(),
       four=st.sampled_from(["across_plays", "single_play"]), together=st.booleans())
def test_pp_invariants_hold_along_any_legal_game(players, seed, choices, swap, voluntary, four,
                                                 together):
    state = kit.new_game("pug_party", players, seed, swap=swap, voluntary_pickup=voluntary,
                         four_of_a_kind=four, specials_together=together)
    check_invariants(state)
    for choice in choices:
        if state.over:
            break
        legal = state.legal_actions()
        state.apply(legal[choice % len(legal)])
        check_invariants(state)
    replayed = kit.replay("pug_party", players, seed, state.history, swap=swap,
                          voluntary_pickup=voluntary, four_of_a_kind=four,
                          specials_together=together)
    assert replayed.snapshot() == state.snapshot()
