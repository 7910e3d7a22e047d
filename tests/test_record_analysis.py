"""kit.record.analysis: the statistics behind the analysis notebook."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from kit.record import analysis as A
from kit.record import load
from kit.simulate import simulate


def test_wilson_interval_matches_the_textbook_values():
    lo, hi = A.wilson_interval(8, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.4902, 0.9433)
    assert A.wilson_interval(10, 10)[1] == 1.0 and A.wilson_interval(0, 10)[0] == 0.0
    assert all(math.isnan(x) for x in A.wilson_interval(0, 0))


def test_seat_advantage_counts_wins_per_seat_with_intervals_around_the_rate():
    seats = pd.DataFrame({
        "game_id": [1, 1, 2, 2, 3, 3, 4, 4], "seat": [0, 1] * 4,
        "won": [True, False, True, False, True, False, False, True],
        "place": [1, 2, 1, 2, 1, 2, 2, 1], "score": [3, 1, 4, 1, 5, 9, 2, 6],
        "finished": [True] * 8})
    adv = A.seat_advantage(seats).set_index("seat")
    assert list(adv["wins"]) == [3, 1] and list(adv["win_rate"]) == [0.75, 0.25]
    assert (adv["win_lo"] <= adv["win_rate"]).all() and (adv["win_rate"] <= adv["win_hi"]).all()
    assert adv.loc[0, "mean_place"] == 1.25 and adv.loc[1, "mean_score"] == 4.25


def test_edge_cases_count_actions_so_a_private_and_a_public_copy_count_once():
    events = pd.DataFrame({
        "game_id": [1, 1, 1, 1, 2], "seq": [0, 0, 1, 2, 0],
        "type": ["draw", "draw", "misfire", "misfire", "draw"]})
    games = pd.DataFrame({"game_id": [1, 2, 3]})
    counts = A.edge_case_counts(events, games)
    assert counts.loc[1, "draw"] == 1 and counts.loc[1, "misfire"] == 2
    assert counts.loc[3].sum() == 0
    rates = A.edge_case_rates(events, games, "hanabi").set_index("event")
    assert rates.loc["misfire", "share"] == pytest.approx(1 / 3)
    assert rates.loc["misfire", "edge"] and not rates.loc["draw", "edge"]
    assert rates.loc["firework_complete", "games_with"] == 0  # listed though never fired


def test_decision_times_group_by_kind_and_action_type():
    actions = pd.DataFrame({"kind": ["human", "human", "bot"], "type": ["hint", "hint", "play"],
                            "thinking_time": [2.0, 4.0, 0.001]})
    times = A.decision_times(actions).set_index(["kind", "type"])
    assert times.loc[("human", "hint"), "median_s"] == 3.0
    assert times.loc[("bot", "play"), "n"] == 1


def test_comparing_a_house_rule_on_and_off_finds_its_effect(tmp_path):
    db = tmp_path / "sims.sqlite"
    # a random bot in the seats makes games end in defeat (HB-8); HB-R2 keeps their score
    simulate("hanabi", 3, 12, "rule,rule,random", db=db, progress=False)
    simulate("hanabi", 3, 12, "rule,rule,random", {"keep_score_on_loss": True}, db=db,
             progress=False)
    rec = load(db)
    sets = A.option_sets(rec.games)
    assert set(sets["option_set"]) == {"defaults", "keep_score_on_loss=True"}
    table = A.compare_option_sets(rec.games, rec.seats, rec.events, "defaults",
                                  "keep_score_on_loss=True").set_index("metric")
    assert table.loc["score", "diff"] > 0 and table.loc["score", "diff_lo"] > 0
    assert table.loc["actions", "diff"] == 0  # same seeds, same games: only the score moves
    assert table.loc["n_misfire", "a"] > 0


def test_unclear_rules_are_counted_most_first():
    fb = pd.DataFrame({"unclear_rule": ["WL-6", None, "WL-6", "WL-7", " "]})
    out = A.unclear_rules(fb)
    assert list(out["unclear_rule"]) == ["WL-6", "WL-7"] and list(out["times"]) == [2, 1]
