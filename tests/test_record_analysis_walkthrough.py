"""kit.record.analysis as a designer meets it: a game or option set that is not there is
refused with the names that are, a store whose only run stopped says so and how to
resume it, a cooperative game has a team score and no seat advantage, the first player
is the seat that moved first, only games played alike are compared and each sentence
agrees with its own interval, and what is shown reads as words."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import sqlalchemy as sa

import kit
from kit.bots import make_bot
from kit.record import Recorder, load
from kit.record import analysis as A
from kit.simulate import simulate

WL_RULE = "keep_characters=True"


@pytest.fixture(scope="module")
def wl_fig(tmp_path_factory) -> A.Figures:
    """Waiting List, 3 rule bots, 8 games with the defaults and 8 with a house rule."""
    url = f"sqlite:///{tmp_path_factory.mktemp('wl') / 'store.sqlite'}"
    simulate("waiting_list", 3, 8, "rule", db=url, progress=False)
    simulate("waiting_list", 3, 8, "rule", {"keep_characters": True}, db=url, progress=False)
    return A.figures(url, "waiting_list", sample=8, replays=2)


def test_an_unknown_game_is_refused_naming_the_kits_games(tmp_path):
    url = f"sqlite:///{tmp_path / 's.sqlite'}"
    simulate("hanabi", 2, 2, "rule", db=url, progress=False)
    with pytest.raises(kit.ConfigError, match=r"unknown game 'chess'.*hanabi"):
        A.figures(url, "chess")
    with pytest.raises(kit.ConfigError, match=r"unknown game 'chess'.*hanabi"):
        load(url, "chess")


def test_a_mistyped_option_set_is_refused_listing_those_recorded(wl_fig):
    with pytest.raises(ValueError, match=r"'deck=few_surgeons'.*'defaults' \(8 games\); "
                                         r"'keep_characters=True' \(8 games\)"):
        wl_fig.compare("defaults", "deck=few_surgeons")


def test_an_option_set_is_not_compared_with_itself(wl_fig):
    with pytest.raises(ValueError, match="two different option sets"):
        wl_fig.compare("defaults", "defaults")


def test_games_of_other_players_or_bots_are_not_compared_unless_one_line_up_is_named(
        tmp_path):
    url = f"sqlite:///{tmp_path / 's.sqlite'}"
    simulate("waiting_list", 2, 4, "rule,random", db=url, progress=False)
    simulate("waiting_list", 3, 4, "rule", db=url, progress=False)
    simulate("waiting_list", 3, 4, "rule", {"keep_characters": True}, db=url, progress=False)
    fig = A.figures(url, "waiting_list", sample=4, replays=1)
    with pytest.raises(ValueError, match=r"not all played alike.*2 players, bots rule, random "
                                         r"\(4 games\); 3 players, rule bots \(4 games\)"):
        fig.compare("defaults", WL_RULE)
    table = fig.compare("defaults", WL_RULE, lineup="3 players, rule bots")
    assert table.set_index("metric").loc["actions", "n_a"] == 4  # the 3-player games only
    with pytest.raises(ValueError, match="'2 players, bots rule, random' is not a line-up"):
        fig.compare("defaults", WL_RULE, lineup="2 players, bots rule, random")
    assert fig.comparable() == ("3 players, rule bots", "defaults", WL_RULE)
    # seats of 2- and 3-player games are not pooled
    adv = fig.seat_advantage()
    two = adv[adv["lineup"] == "2 players, bots rule, random"]
    assert two["seat"].tolist() == [0, 1] and two["games"].tolist() == [4, 4]
    assert set(adv["lineup"]) == {"2 players, bots rule, random", "3 players, rule bots"}
    # nor are the sampled and replayed games of each line-up
    assert fig.event_rates(lineup="2 players, bots rule, random")["games"].max() == 4
    assert fig.event_rates(option_set="defaults")["games"].max() == 8
    assert set(fig.branching["lineup"]) == set(adv["lineup"])


def test_a_store_whose_only_run_stopped_says_so_and_how_to_resume_it(tmp_path):
    url = f"sqlite:///{tmp_path / 's.sqlite'}"
    run = simulate("waiting_list", 3, 3, "rule", db=url, progress=False)
    with Recorder(url) as rec:  # as if killed after 3 of 1,500 games
        rec.complete_session(run.session_id, False)
        with rec.store.engine.begin() as conn:
            plan = json.loads(conn.execute(sa.text("SELECT notes FROM sessions")).scalar())
            conn.execute(sa.text("UPDATE sessions SET notes = :n"),
                         {"n": json.dumps({**plan, "games": 1500})})
    fig = A.figures(url, "waiting_list")
    assert fig.per_game.empty
    rates = fig.event_rates()  # every section copes: nothing sampled, nothing to compare
    assert len(rates) and (rates["games"] == 0).all()
    assert fig.first_mover().empty and fig.seat_advantage().empty and fig.scores().empty
    assert fig.comparable() is None
    text = fig.overview()
    assert "no finished games" in text and "3 of 1,500 games" in text
    assert (f"python -m kit simulate waiting_list --players 3 --db '{url}' "
            f"--resume {run.session_id}") in text
    assert "3 in runs that did not finish" in repr(fig)


def test_a_cooperative_game_has_a_team_score_and_no_seat_advantage(tmp_path):
    url = f"sqlite:///{tmp_path / 's.sqlite'}"
    # a random bot in the seats makes some games end in defeat (HB-8): every seat "wins"
    # nothing, places all 1; HB-R2 keeps the score of a lost game
    simulate("hanabi", 3, 20, "rule,rule,random", db=url, progress=False)
    simulate("hanabi", 3, 20, "rule,rule,random", {"keep_score_on_loss": True}, db=url,
             progress=False)
    fig = A.figures(url, "hanabi", sample=8, replays=2)
    assert fig.cooperative
    with pytest.raises(ValueError, match="cooperative"):
        fig.seat_advantage()
    with pytest.raises(ValueError, match="cooperative"):
        fig.first_mover()
    games = load(url, "hanabi").games.set_index("game_id")
    scores = fig.scores().set_index("option_set")
    assert scores.loc["defaults", "mean"] == pytest.approx(
        games.loc[games["option_set"] == "defaults", "res_score"].mean())
    table = fig.compare("defaults", "keep_score_on_loss=True")
    assert not {"first_won", "first_place", "decisive", "places"} & set(table["metric"])
    score = table.set_index("metric").loc["score"]
    assert score["figure"] == "team score" and score["better"] == "higher"
    assert "(higher is better)" in score["says"] and ": better" in score["says"]


@pytest.mark.parametrize("game", ["waiting_list", "domino_metro"])
def test_the_first_player_is_the_seat_that_moved_first_not_seat_0(tmp_path, game):
    url = f"sqlite:///{tmp_path / 's.sqlite'}"
    simulate(game, 3, 6, "rule", db=url, progress=False)
    fig = A.figures(url, game, sample=6, replays=1)
    rec = load(url, game)
    first = rec.actions.sort_values(["game_id", "seq"]).groupby("game_id")["seat"].first()
    assert fig.per_game["first_seat"].tolist() == first.tolist()
    assert (first != 0).any()  # WL: right of the dealer (WL-3); DM: by the deal
    won = rec.seats.set_index(["game_id", "seat"])["won"]
    assert fig.per_game["first_won"].tolist() == [
        float(won[(g, s)]) for g, s in first.items()]
    says = fig.first_mover()["says"].iloc[0]
    assert says.startswith("3 players, rule bots (defaults): the player who moved first won")


def test_a_game_recorded_from_a_later_move_has_its_first_recorded_mover(tmp_path):
    url = f"sqlite:///{tmp_path / 's.sqlite'}"
    run = simulate("hanabi", 3, 2, "rule", db=url, progress=False)
    state = kit.new_game("hanabi", 3, 5)
    bot, rng = make_bot("hanabi", "rule"), random.Random(5)
    state.apply(bot.choose(state.view(0), state.legal_actions(), rng))  # seat 0, unrecorded
    with Recorder(url) as rec:
        g = rec.start_game(state, seats=["bot:rule"] * 3)
        while not state.over:
            state.apply(bot.choose(state.view(state.to_act), state.legal_actions(), rng))
            g.action(state.history[-1])
        g.finish(state.result())
    ids = [*run.game_ids, g.id]
    assert A.first_movers(url, "hanabi", ids).tolist() == [0, 0, 1]


def test_compared_sentences_agree_with_their_own_intervals():
    # 21 figures at once: the score's difference is clear for one figure alone (its 95%
    # interval leaves out 0, p = 0.01) and not once corrected for the 21
    score = [float(i % 10) for i in range(30)]
    per_game = pd.DataFrame({"option_set": ["a"] * 30 + ["b"] * 30,
                             "score": score + [x + 2 for x in score]})
    counts = np.random.default_rng(1).integers(0, 5, size=(60, 20))
    for k in range(20):
        per_game[f"n_e{k}"] = counts[:, k]
    table = A.compare(per_game, "a", "b", events=[f"e{k}" for k in range(20)])
    score = table.set_index("metric").loc["score"]
    assert score["diff_lo"] > 0 and score["p"] < 0.05  # alone: a change
    assert score["diff_lo_corrected"] < 0 < score["diff_hi_corrected"]  # for all 21: not
    assert len(table) == 21
    assert score["p_corrected"] == pytest.approx(min(1, score["p"] * len(table)))
    assert "no clear change" in score["says"]
    assert f"{score['diff_lo_corrected']:+.3g} to {score['diff_hi_corrected']:+.3g}" in score[
        "says"]
    assert f"corrected for {len(table)} figures" in score["says"]
    tested = table.dropna(subset=["diff_lo_corrected"])
    outside = (tested["diff_lo_corrected"] > 0) | (tested["diff_hi_corrected"] < 0)
    assert (outside == (tested["p_corrected"] < 0.05)).all()


def test_bookkeeping_and_repeated_events_are_not_compared(wl_fig):
    table = wl_fig.compare("defaults", WL_RULE)
    compared = set(table["metric"])
    for kind in ("game_end", "hand", "round_start", "drawn_card", "draw", "turn_up"):
        assert f"n_{kind}" not in compared and kind in wl_fig.events
    assert "n_claim" in compared and "n_take" in compared
    score = table.set_index("metric").loc["score"]
    assert score["better"] == "lower" and "penalty points" in score["figure"]
    assert "(lower is better)" in score["says"]
    assert "game_end" in set(wl_fig.event_rates(bookkeeping=True)["event"])
    assert "game_end" not in set(wl_fig.event_rates()["event"])


def test_events_and_option_sets_read_as_words(wl_fig):
    labels = wl_fig.event_rates()["label"]
    assert not labels.str.contains("_").any()
    assert A.event_label("waiting_list", "resurfaced").startswith("WL-7")
    assert A.event_label("waiting_list", "drawn_card") == "card drawn"
    assert A.event_label("pug_party", "turn_up_again") == "turn up again"
    assert A.short_label("deck=/home/ann/decks/few_surgeons.toml, rounds=3") == (
        "deck=few_surgeons.toml, rounds=3")
    long = A.short_label("penalties=" + "x" * 80)
    assert len(long) == 36 and long.endswith("…")
    assert A.lineup_label(3, "rule,rule,random") == "3 players, bots rule, rule, random"
    assert A.lineup_label(2, "rule", 1) == "2 players: 1 person, rule bot"


def test_kit_record_analysis_is_there_after_import_kit_record():
    out = subprocess.run([sys.executable, "-c", "import kit.record; "
                          "print(kit.record.analysis.figures.__name__)"],
                         capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "figures"


def test_the_store_simulate_writes_in_the_kits_folder_is_found(tmp_path):
    root, here = tmp_path / "kit", tmp_path / "kit" / "notebooks"
    here.mkdir(parents=True)
    simulate("hanabi", 2, 1, "rule", db=root / "playtests.sqlite", progress=False)
    found = A.find_store({}, cwd=here, root=root)
    assert found.url == f"sqlite:///{root / 'playtests.sqlite'}"
    assert "kit's folder" in found.why and len(found.looked) == 2
    named = A.find_store({"KIT_ANALYSIS_URL": "sqlite:///x.sqlite"}, cwd=here, root=root)
    assert (named.url, named.why) == ("sqlite:///x.sqlite", "named by KIT_ANALYSIS_URL")
    empty = f"sqlite:///{tmp_path / 'none.sqlite'}"
    nothing = A.find_store({"KIT_RECORD_URL": empty}, cwd=here, root=root)
    assert nothing.url is None and nothing.looked == (empty,)
    assert not Path(tmp_path / "none.sqlite").exists()  # looking creates no store
