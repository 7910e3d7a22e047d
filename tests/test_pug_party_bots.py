"""«Вечірка мопсів»: the rule bot's habits, its strength, statistics and the benchmark."""

from __future__ import annotations

import random

import kit
from kit.bots import RandomBot, make_bot, play_out
from kit.pug_party import (
    PickUp,
    Play,
    PlayBlind,
    PlayFaceUp,
    Ready,
    RuleBot,
    Swap,
    scenarios,
    stats,
)
from kit.pug_party import bench as pug_bench


def choice(state):
    seat = state.to_act
    return RuleBot().choose(state.view(seat), state.legal_actions(), random.Random(0))


def table(players=2, **kw):
    kw.setdefault("face_up", [["4"] for _ in range(players)])
    kw.setdefault("face_down", [["1", "", ""] for _ in range(players)])
    return scenarios.prepare(players, **kw)


def test_bots_are_declared():
    bots = kit.spec("pug_party").bots
    assert bots["random"] is RandomBot and bots["rule"] is RuleBot
    assert make_bot("pug_party", "rule").name == "rule"


def test_pp2_rule_bot_plays_the_lowest_value_that_fits_going_up_all_copies():
    state = table(hands=[["3", "6", "6", "9", "poop"], ["2"]], pile=["5"])
    assert choice(state) == Play("6", 2)


def test_pp8_rule_bot_plays_the_highest_value_that_fits_going_down():
    state = table(hands=[["2", "3", "7", "poop"], ["2"]], pile=["5", "breakdancer"])
    assert choice(state) == Play("3")


def test_pp6_rule_bot_keeps_specials_for_emergencies():
    state = table(hands=[["megapug", "poop", "9"], ["2"]], pile=["8"])
    assert choice(state) == Play("9")
    stuck = table(hands=[["megapug", "poop", "breakdancer", "2"], ["2"]], pile=["8"])
    assert choice(stuck) == Play("poop")  # a Poop is the cheap way out of a small pile
    big = table(hands=[["megapug", "poop", "2"], ["2"]], pile=["3", "5", "6", "7", "8"])
    assert choice(big) == Play("megapug")  # a big pile is worth the Megapug


def test_pp5_rule_bot_completes_four_of_a_kind_when_it_can():
    state = table(hands=[["5", "9", "9"], ["2"]], pile=["9", "9"])
    assert choice(state) == Play("9", 2)
    third = table(hands=[["7", "7"], ["2"]], pile=["7"])
    assert choice(third) == Play("7", 2)  # a run of 3 only: the lowest fitting, all copies
    run = table(hands=[["6", "8"], ["2"]], pile=["8", "8", "8"])
    assert choice(run) == Play("8")


def test_pp10_rule_bot_plays_face_up_cards_wisely():
    state = scenarios.prepare(2, hands=[[], ["2"]], face_up=[["6", "megapug", "10"], ["3"]],
                           face_down=[["1"], ["4"]], pile=["5"])
    assert choice(state) == PlayFaceUp("6")  # the lowest that fits, the Megapug kept
    four = scenarios.prepare(2, hands=[[], ["2"]], face_up=[["6", "10"], ["3"]],
                          face_down=[["1"], ["4"]], pile=["10", "10", "10"])
    assert choice(four) == PlayFaceUp("10")


def test_pp4_pp11_rule_bot_picks_up_only_when_it_must_and_plays_blind():
    must = table(hands=[["2"], ["2"]], pile=["8"])
    assert choice(must) == PickUp()
    vol = table(hands=[["9"], ["2"]], pile=["8"], voluntary_pickup=True)
    assert choice(vol) == Play("9")
    blind = scenarios.prepare(2, hands=[[], ["2"]], face_up=[[], ["3"]],
                           face_down=[[None, "1", "7"], ["4"]], pile=["5"])
    assert choice(blind) == PlayBlind(1)


def test_ppr1_rule_bot_puts_strong_cards_face_up():
    state = kit.new_game("pug_party", 3, seed=4, swap=True)
    while state.phase == "swap" and state.to_act == 0:
        state.apply(choice(state))
    from kit.pug_party.bots import worth
    assert min(worth(c) for c in state.face_up[0]) >= max(worth(c) for c in state.hands[0])
    assert state.to_act == 1 and state.history[-1]["type"] == Ready.TYPE
    assert all(h["type"] in (Swap.TYPE, Ready.TYPE) for h in state.history)


def test_rule_bot_beats_random_bots():
    wins, games = 0, 60
    for seed in range(games):
        seat = seed % 2
        bots = [RuleBot(), RandomBot()] if seat == 0 else [RandomBot(), RuleBot()]
        state = play_out(kit.new_game("pug_party", 2, seed), bots, random.Random(seed))
        wins += state.result()["winner"] == seat
    assert wins / games > 0.65


def test_stats_summarize_reports_the_issue_figures():
    out = stats.summarize(games=12, players=4)
    assert out["games"] == 12 and out["players"] == 4
    assert out["turns"]["mean"] > 20
    assert set(out["burns_per_game"]) == {"four_of_a_kind", "megapug"}
    assert out["pick_ups_per_game"]["all"] > 0
    assert abs(sum(out["win_rate"]) - 1) < 1e-6 and len(out["win_rate"]) == 4
    assert out["truncated"] == 0
    assert stats.summarize(games=12, players=4) == out  # seeded: reproducible


def test_bench_prints_four_player_rule_bot_games_per_second(capsys):
    pug_bench.main(None, 0.05)
    line = capsys.readouterr().out
    assert "pug_party 4p rule-bot full games" in line and "games/s" in line
