"""The «Домино-Метро» bots: legal choices from the view alone, the change (DM-9), and the
rule bot's preferences (DM-8, DM-11)."""

from __future__ import annotations

import json
import random

import pytest

import kit
from kit.bots import RandomBot, make_bot, play_out
from kit.domino_metro import RuleBot
from kit.domino_metro.actions import EndTurn, Place, TakeBack
from kit.domino_metro.bots import METRO_PRESS, STALL, _pressure, score, seen_from
from kit.domino_metro.legal import position_from_view
from kit.domino_metro.scenarios import load_state, prepare


def test_bots_are_registered() -> None:
    assert isinstance(make_bot("domino_metro", "rule"), RuleBot)
    assert isinstance(make_bot("domino_metro", "random"), RandomBot)


@pytest.mark.parametrize("players", [2, 3])
def test_rule_bot_picks_legal_actions_and_leaves_the_view_alone(players: int) -> None:
    state = kit.new_game("domino_metro", players, seed=3, games=2)
    bot, rng = RuleBot(), random.Random(3)
    while not state.over:
        view = state.view(state.to_act)
        before = json.dumps(view, sort_keys=True)
        legal = state.legal_actions()
        action = bot.choose(view, legal, rng)
        assert action in legal
        assert json.dumps(view, sort_keys=True) == before
        state.apply(action)
    assert state.result()["games_played"] == 2


def _bad_then_good(state: kit.GameState) -> tuple[Place, Place]:
    view = state.view(state.to_act)
    pos = position_from_view(view)
    ranked = sorted((a for a in state.legal_actions() if isinstance(a, Place)),
                    key=lambda a: score(pos, a, view))
    return ranked[0], ranked[-1]


def test_dm9_rule_bot_takes_back_a_worse_placement_and_places_a_better_one() -> None:
    state = load_state("open_double", upto=0)
    worst, best = _bad_then_good(state)
    assert worst.tile != best.tile
    state.apply(worst)  # placed for the bot, e.g. by a person in a tutorial
    bot, rng = RuleBot(), random.Random(0)
    assert bot.choose(state.view(0), state.legal_actions(), rng) == TakeBack()
    state.apply(TakeBack())
    choice = bot.choose(state.view(0), state.legal_actions(), rng)
    assert choice.tile != worst.tile


def test_dm9_rule_bot_keeps_its_own_choice() -> None:
    state = load_state("change", upto=0)
    bot, rng = RuleBot(), random.Random(0)
    state.apply(bot.choose(state.view(0), state.legal_actions(), rng))
    assert state.view(None)["phase"] == "placed"
    assert bot.choose(state.view(0), state.legal_actions(), rng) == EndTurn()


def test_rule_bot_sheds_high_pips_when_options_are_equal() -> None:
    # 2:9 and 2:1 both fit the 2 end only and leave the same other options
    state = prepare(2, [[(2, 9), (1, 2), (7, 7)], [(0, 0)]],
                    layout=[{"tile": [2, 6], "by": 1}])
    view = state.view(0)
    pos = position_from_view(view)
    heavy, light = Place((2, 9), 0, None), Place((1, 2), 0, None)
    assert score(pos, heavy, view) > score(pos, light, view)


def test_dm8_rule_bot_values_forcing_the_next_player_into_metro() -> None:
    # seat 2's view of the forced-Metro layout: the only unseen tile that fits the one
    # live end (5:6) makes Metro; seat 0 holds 2 of the 3 unseen tiles
    state = load_state("forced_metro", upto=0)
    view = state.view(2)
    pos = position_from_view(view)
    seen = seen_from(view, pos)
    assert sorted(seen.unseen) == [(1, 2), (5, 6), (7, 8)] and seen.opponents == [2, 1]
    empty, full = _pressure(pos.layout, seen, 0), _pressure(pos.layout, seen, 5)
    assert empty - full == pytest.approx(METRO_PRESS * (1 - 1 / 3))
    assert full == pytest.approx(STALL * (1 / 3 + 2 / 3))  # chance each holds no 5:6


def test_dm_r6_rule_bot_closes_face_up_when_that_names_another_metro_maker() -> None:
    state = load_state("face_up_double_closes", upto=0)
    up = Place((4, 4), 49, "open")
    assert set(state.legal_actions()) == {up, Place((4, 4), 49, "closed")}
    assert make_bot("domino_metro", "rule").choose(
        state.view(0), state.legal_actions(), random.Random(0)) == up


def test_dm11_rule_bot_blocks_only_when_its_pips_look_lowest() -> None:
    state = load_state("face_up_double_closes", upto=0, metro_maker="pips")
    view = state.view(0)
    pos = position_from_view(view)
    up = Place((4, 4), 49, "open")
    assert score(pos, up, view) > 0  # 5 pips left against 1 and 3 unseen tiles
    assert score(pos, Place((4, 4), 49, "closed"), view) < 0  # face down: its own Metro


def test_rule_bot_beats_random_bots() -> None:
    wins = 0
    games = 45
    for seed in range(games):
        seat = seed % 3
        bots = [make_bot("domino_metro", "rule" if s == seat else "random") for s in range(3)]
        state = play_out(kit.new_game("domino_metro", 3, seed), bots, random.Random(seed))
        wins += state.result()["records"][0]["places"][seat] == 1
    assert wins / games > 0.4  # a random seat wins about a third
