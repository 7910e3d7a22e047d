"""kit.record.analysis at scale: the notebook's figures computed in the database (event
counts, turns) and from a seeded sample, the option-set comparison with its tests, and
the Ludii-style metrics, on SQLite and on a real PostgreSQL (tests/pg_fixture.py)."""

from __future__ import annotations

import random

import pandas as pd
import pytest
from pg_fixture import pg_server, pg_url  # noqa: F401  (fixtures)

import kit
from kit.bots import make_bot
from kit.record import Recorder, load
from kit.record import analysis as A
from kit.simulate import simulate


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'store.sqlite'}"
    return request.getfixturevalue("pg_url")


def parsed_counts(url: str, game: str, types: list[str]) -> pd.DataFrame:
    """The n_<type> counts from the events as load() parses them."""
    rec = load(url, game, on_diverge="skip")
    counts = A.edge_case_counts(rec.events, rec.games)
    return pd.DataFrame({f"n_{t}": counts[t] if t in counts.columns else 0 for t in types},
                        index=counts.index).astype("int32")


@pytest.mark.parametrize("game", kit.available())
def test_event_counts_in_the_database_equal_the_parsed_events(tmp_path, game):
    url = f"sqlite:///{tmp_path / 'store.sqlite'}"
    simulate(game, kit.spec(game).min_players, 4, "rule", db=url, progress=False)
    ids = load(url, game).games["game_id"].tolist()
    types = A.event_types(url, game, ids)
    assert set(A.EDGE_CASES[game]) <= set(types)  # every rule edge case is counted
    got = A.event_counts(url, ids, types)
    want = parsed_counts(url, game, types)
    pd.testing.assert_frame_equal(got[want.columns], want, check_names=False)
    turns = load(url, game, turns=True).games.set_index("game_id")["turns"]
    assert got["turns"].tolist() == turns.tolist()
    assert got["actions"].tolist() == load(url, game).games["actions"].tolist()


def test_event_counts_on_postgresql_equal_the_parsed_events(pg_url):  # noqa: F811
    simulate("hanabi", 3, 4, "rule,rule,random", db=pg_url, progress=False)
    ids = load(pg_url, "hanabi").games["game_id"].tolist()
    types = A.event_types(pg_url, "hanabi", ids)
    got = A.event_counts(pg_url, ids, types)
    want = parsed_counts(pg_url, "hanabi", types)
    pd.testing.assert_frame_equal(got[want.columns], want, check_names=False)
    assert got["n_misfire"].sum() > 0  # HB-6: the random bot misfires


def test_figures_find_the_effect_of_keeping_the_score_on_a_loss_hb_r2(url):
    # a random bot in the seats makes games end in defeat (HB-8); HB-R2 keeps their score
    simulate("hanabi", 3, 12, "rule,rule,random", db=url, progress=False)
    simulate("hanabi", 3, 12, "rule,rule,random", {"keep_score_on_loss": True}, db=url,
             progress=False)
    fig = A.figures(url, "hanabi", sample=8, replays=4)
    m = fig.per_game
    assert len(m) == 24 and m.groupby("option_set")["turns"].count().tolist() == [8, 8]
    assert m.groupby("option_set")["branching"].count().tolist() == [4, 4]
    table = fig.compare("defaults", "keep_score_on_loss=True").set_index("metric")
    score = table.loc["score"]
    assert score["diff"] > 0 and score["diff_lo_corrected"] > 0 and score["p_corrected"] < 0.05
    assert "higher" in score["says"] and "real change" in score["says"]
    same = table.loc["actions"]  # same seeds, same games: only the score moves
    assert same["diff"] == 0 and same["p"] == 1 and "the same" in same["says"]
    assert "What changed from defaults to keep_score_on_loss=True" in A.summary(
        table.reset_index(), "defaults", "keep_score_on_loss=True")
    rates = fig.event_rates().set_index("event")
    assert rates.loc["misfire", "games"] == 16 and rates.loc["misfire", "edge"]


def test_the_sample_is_seeded_and_bounded_per_option_set():
    games = pd.DataFrame({"game_id": range(1, 31), "finished": [True] * 29 + [False],
                          "option_set": ["a"] * 20 + ["b"] * 10})
    one = A.sample_ids(games, per_set=5, seed=3)
    assert one == A.sample_ids(games, per_set=5, seed=3) and len(one) == 10
    assert one != A.sample_ids(games, per_set=5, seed=4)
    assert 30 not in A.sample_ids(games, per_set=50)  # unfinished games are not sampled
    assert len(A.sample_ids(games, per_set=50)) == 29


def test_replay_metrics_follow_the_game_move_by_move(tmp_path):
    url = f"sqlite:///{tmp_path / 's.sqlite'}"
    run = simulate("pug_party", 3, 3, "rule", db=url, progress=False)
    per_game, tenths = A.replay_metrics(url, "pug_party", run.game_ids)
    # the branching factor is the mean number of legal actions before each move
    rec = load(url, "pug_party")
    g = rec.games.iloc[0]
    state = kit.new_game("pug_party", 3, int(g["seed"]))
    legal = []
    for action in rec.actions[rec.actions["game_id"] == g["game_id"]]["action"]:
        legal.append(len(state.legal_actions()))
        state.apply(action)
    assert per_game.loc[g["game_id"], "branching"] == pytest.approx(sum(legal) / len(legal))
    assert per_game["decisive"].all()  # PP: one player gets rid of their cards first
    assert per_game["drama"].between(0, 1).all() and (per_game["lead_changes"] >= 0).all()
    assert sorted(set(tenths["tenth"])) == list(range(10))


def test_games_recorded_without_events_are_replayed_and_those_that_diverge_named(tmp_path):
    url = f"sqlite:///{tmp_path / 's.sqlite'}"
    simulate("hanabi", 2, 3, "rule", db=url, progress=False)
    with Recorder(url) as rec:  # a board that passed no events; one finished, one not
        for seed, finish in ((7, True), (8, False)):
            state = kit.new_game("hanabi", 2, seed)
            bots, rng = [make_bot("hanabi", "rule") for _ in range(2)], random.Random(seed)
            g = rec.start_game(state, seats=["human:Ann", "bot:rule"])
            while not state.over and (finish or len(state.history) < 4):
                state.apply(bots[state.to_act].choose(state.view(state.to_act),
                                                      state.legal_actions(), rng))
                g.action(state.history[-1], thinking_time=2.0)
            if finish:
                g.finish(state.result())
        import sqlalchemy as sa

        with rec.store.engine.begin() as conn:  # the unfinished one no longer replays
            conn.execute(sa.text("UPDATE actions SET action = '{\"type\": \"retired\"}' "
                                 "WHERE game_id = :g AND seq = 2"), {"g": g.id})
    fig = A.figures(url, "hanabi")
    ids = load(url, "hanabi").games["game_id"].tolist()
    want = parsed_counts(url, "hanabi", fig.events)  # skips nothing: only finished ones
    pd.testing.assert_frame_equal(fig.per_game[want.columns].astype("int32"),
                                  want.loc[fig.per_game.index], check_names=False)
    assert [e.game_id for e in fig.diverged] == [ids[-1]]
    assert set(fig.decisions["kind"]) == {"human", "bot"}


def test_verdicts_say_how_sure_a_corrected_p_lets_us_be():
    assert A.verdict(0.0001).startswith("almost certainly")
    assert A.verdict(0.2).startswith("no clear change")


def test_comparing_a_set_with_itself_finds_nothing():
    per_game = pd.DataFrame({"option_set": ["a"] * 6 + ["b"] * 6,
                             "score": [1, 2, 3, 4, 5, 6] * 2, "actions": [10] * 12},
                            index=range(12))
    table = A.compare(per_game, "a", "b")
    assert (table["diff"] == 0).all() and (table["p_corrected"] == 1).all()
    assert "actions" not in set(table["metric"])  # 10 in every game: it says nothing
    assert A.summary(table, "a", "b").startswith("Between a and b, no figure changed")
