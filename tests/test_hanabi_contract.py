"""Hanabi against the engine contract: the harness, options, bad input, bots, events."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kit
from kit.bots import make_bot, play_out
from kit.testing import check_game

VARIANTS = ("classic", "six_colours", "six_colours_short", "rainbow_wild")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("variant", VARIANTS)
def test_harness_random_play(players, variant):
    check_game("hanabi", players, seeds=range(4), variant=variant)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_harness_rule_bot_reaches_the_final_round(players):
    """HB-10 states are only reached by sensible play: drive the harness with the bot."""
    check_game("hanabi", players, seeds=range(2), bot="rule", deep_every=2,
               variant=VARIANTS[players % 4])


def test_harness_with_house_rules():
    check_game("hanabi", 3, seeds=range(3), allow_empty_hints=True, keep_score_on_loss=True)


@pytest.mark.parametrize(("kwargs", "option"), [
    ({"players": 6}, "players"),
    ({"players": 1}, "players"),
    ({"players": "3"}, "players"),
    ({"players": 3, "variant": "eight_colours"}, "variant"),
    ({"players": 3, "colour_blind": True}, "colour_blind"),
    ({"players": 3, "allow_empty_hints": "yes"}, "allow_empty_hints"),
    ({"players": 3, "seed": "x"}, "seed"),
    ({"players": 3, "seed": 1.5}, "seed"),
    ({"players": 3, "seed": True}, "seed"),
    ({"players": 2, "deal": {"hands": [["R1"] * 5, ["R1"] * 5]}}, "deal"),
    ({"players": 2, "deal": {"hands": [["X9"] * 5, ["R1"] * 5]}}, "deal"),
])
def test_bad_configuration_is_a_config_error_naming_the_option(kwargs, option):
    with pytest.raises(kit.ConfigError) as err:
        kit.new_game("hanabi", **kwargs)
    assert err.value.option == option
    assert isinstance(err.value, ValueError)


def test_config_error_says_what_is_allowed():
    with pytest.raises(kit.ConfigError, match="rainbow_wild"):
        kit.new_game("hanabi", 3, variant="nope")
    with pytest.raises(kit.ConfigError, match="2–5 players"):
        kit.new_game("hanabi", 6)


@pytest.mark.parametrize(("action", "rule"), [
    ({"type": "hint", "to": 0, "colour": "red"}, "HB-4"),
    ({"type": "hint", "to": 7, "colour": "red"}, "HB-4"),
    ({"type": "hint", "to": 1, "colour": "purple"}, "HB-4"),
    ({"type": "hint", "to": 1, "value": 6}, "HB-4"),
    ({"type": "discard", "slot": 0}, "HB-5"),
    ({"type": "play", "slot": 5}, "HB-3"),
    ({"type": "play", "slot": -1}, "HB-3"),
    ({"type": "play"}, "HB-3"),
    ({"type": "play", "slot": "0"}, "HB-3"),
    ({"type": "play", "slot": 0, "card": "R1"}, "HB-3"),
    ({"type": "shout"}, "HB-3"),
    ({"slot": 0}, "HB-3"),
    ("play slot 1", "HB-3"),
    ({"type": "play", "slot": 0, "seat": 1}, "HB-3"),
])
def test_bad_input_is_illegal_names_the_rule_and_changes_nothing(action, rule):
    state = kit.new_game("hanabi", 3, seed=11)
    before = json.dumps(state.snapshot())
    with pytest.raises(kit.IllegalAction) as err:
        state.apply(action)
    assert err.value.rule == rule
    assert json.dumps(state.snapshot()) == before and state.history == []


def test_declaration():
    spec = kit.spec("hanabi")
    decl = spec.declaration()
    assert decl["players"] == [2, 5] and decl["rules_version"]
    assert decl["options"]["variant"]["default"] == "classic"
    assert set(decl["options"]["variant"]["choices"]) == set(VARIANTS)
    assert decl["options"]["allow_empty_hints"]["rule"] == "HB-R1"
    assert decl["options"]["keep_score_on_loss"]["rule"] == "HB-R2"
    assert spec.max_length(3, spec.defaults()) >= 35


def test_replay_reproduces_a_bot_game():
    state = kit.new_game("hanabi", players=3, seed=1, variant="rainbow_wild")
    play_out(state, [make_bot("hanabi", "rule") for _ in range(3)], 1)
    assert state.over
    again = kit.replay("hanabi", players=3, seed=1, variant="rainbow_wild",
                       actions=json.loads(json.dumps(state.history)))
    assert again.snapshot() == state.snapshot()


def test_replay_of_a_diverging_history_says_which_action():
    state = kit.new_game("hanabi", 2, seed=3)
    play_out(state, make_bot("hanabi", "random"), 3, max_actions=6)
    history = state.history[:3] + [{"type": "discard", "slot": 0, "seat": 1}] * 2
    with pytest.raises(kit.IllegalAction) as err:
        kit.replay("hanabi", 2, 3, history)
    assert err.value.index >= 3


def test_events_draw_is_hidden_from_the_drawer_only():
    state = kit.new_game("hanabi", 4, seed=2)
    events = state.apply({"type": "play", "slot": 0})
    hidden = [e for e in events if e["type"] == "draw" and "card" in e]
    assert len(hidden) == 1 and hidden[0]["visible_to"] == [1, 2, 3]
    mine = [e for e in events if e["type"] == "draw" and "card" not in e]
    assert mine[0]["visible_to"] == [0]
    assert all(kit.visible(e, 0) for e in mine) and not kit.visible(hidden[0], 0)


def test_action_phrases_are_readable():
    state = kit.new_game("hanabi", 2, seed=0)
    phrases = {str(a) for a in state.legal_actions()}
    assert "play slot 1" in phrases
    assert any(p.startswith("hint seat 1: ") for p in phrases)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_rule_bot_beats_random_play(players):
    def mean(bot):
        total = 0
        for seed in range(20):
            state = kit.new_game("hanabi", players, seed)
            play_out(state, [make_bot("hanabi", bot) for _ in range(players)], seed)
            total += state.result()["score"]
        return total / 20

    assert mean("rule") > mean("random") + 5


def test_rule_bot_never_discards_at_eight_tokens():
    bot = make_bot("hanabi", "rule")
    for seed in range(30):
        state = kit.new_game("hanabi", 3, seed)
        rng = random.Random(seed)
        while not state.over:
            view = state.view(state.to_act)
            action = bot.choose(view, state.legal_actions(), rng)
            assert not (action.TYPE == "discard" and view["hints"] == 8)  # HB-5
            state.apply(action)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 5),
       variant=st.sampled_from(VARIANTS), picks=st.lists(st.integers(0, 10**6), max_size=80))
def test_invariants_hold_along_any_play(seed, players, variant, picks):
    """HB-1, HB-4..HB-8: tokens stay in range, cards are conserved, the score is bounded."""
    state = kit.new_game("hanabi", players, seed, variant=variant)
    total = sum(len(z) for z in state.zones().values())
    for pick in picks:
        if state.over:
            break
        legal = state.legal_actions()
        state.apply(legal[pick % len(legal)])
        assert 0 <= state.hints <= 8
        assert state.mistakes <= 3 and (state.mistakes < 3 or state.over)
        assert sum(len(z) for z in state.zones().values()) == total
        assert 0 <= state.result()["score"] <= state.variant.max_score
        assert all(len(h) <= (5 if players <= 3 else 4) for h in state.hands)
