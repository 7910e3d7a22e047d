"""kit.simulate and ``python -m kit simulate``: parallel, seeded, recorded bot games."""

from __future__ import annotations

import subprocess
import sys

import pytest

import kit
from kit.record import Recorder, load
from kit.simulate import SimulationError, parse_option, seat_bots, simulate


def histories(db) -> dict[int, tuple]:
    """seed -> (history, result) of every recorded game."""
    tables = load(db, events=False)
    out = {}
    for row in tables.games.itertuples():
        acts = tables.actions[tables.actions["game_id"] == row.game_id]
        out[row.seed] = ([dict(a) for a in acts["action"]], row.result)
    return out


def test_same_seeds_give_the_same_games_with_one_or_two_workers(tmp_path):
    one = simulate("hanabi", 3, 8, "rule,random,rule", workers=1, db=tmp_path / "a.sqlite",
                   seed=40, progress=False)
    two = simulate("hanabi", 3, 8, "rule,random,rule", workers=2, db=tmp_path / "b.sqlite",
                   seed=40, progress=False)
    assert one.games == two.games == 8
    assert histories(tmp_path / "a.sqlite") == histories(tmp_path / "b.sqlite")
    assert set(histories(tmp_path / "a.sqlite")) == set(range(40, 48))


def test_simulated_games_are_recorded_with_bots_events_and_thinking_times(tmp_path):
    run = simulate("hanabi", 2, 3, ["rule", "random"], {"variant": "six_colours"},
                   db=tmp_path / "s.sqlite", progress=False, label="six colours trial")
    tables = run.load()
    assert len(tables.games) == 3 and tables.games["finished"].all()
    assert set(tables.games["session"]) == {"six colours trial"}
    assert tables.games["seats"].tolist() == [["bot:rule", "bot:random"]] * 3
    assert set(tables.games["opt_variant"]) == {"six_colours"}
    assert tables.actions["thinking_time"].notna().all()
    assert len(tables.events) > len(tables.actions)
    with Recorder(tmp_path / "s.sqlite") as rec:
        for game_id in run.game_ids:  # the recorded events and result replay exactly
            assert rec.replay(game_id).over


@pytest.mark.parametrize("game", kit.available())
def test_every_game_simulates_and_replays_from_the_store(tmp_path, game):
    spec = kit.spec(game)
    run = simulate(game, spec.min_players, 2, "random", db=tmp_path / "s.sqlite",
                   progress=False)
    with Recorder(tmp_path / "s.sqlite") as rec:
        for game_id in run.game_ids:
            state = rec.replay(game_id)
            assert state.over
            assert load(rec, game, events=False).games["finished"].all()


def test_bad_options_bots_and_seat_counts_fail_before_anything_is_recorded(tmp_path):
    db = tmp_path / "s.sqlite"
    with pytest.raises(kit.ConfigError, match="no_such_rule"):
        simulate("hanabi", 3, 2, options={"no_such_rule": True}, db=db, progress=False)
    with pytest.raises(kit.ConfigError, match="'genius'"):
        simulate("hanabi", 3, 2, "rule,genius,rule", db=db, progress=False)
    with pytest.raises(kit.ConfigError, match="bots"):
        seat_bots("hanabi", 3, "rule,random")
    with pytest.raises(kit.ConfigError, match="players"):
        simulate("hanabi", 9, 2, db=db, progress=False)
    with pytest.raises(kit.ConfigError, match="in-memory"):
        simulate("hanabi", 2, 2, workers=2, db="sqlite://", progress=False)
    assert not db.exists()


def test_a_failing_game_names_its_seed(tmp_path, monkeypatch):
    from kit.hanabi.bots import RuleBot

    def broken(self, view, legal, rng):
        raise RuntimeError("bot crashed")

    monkeypatch.setattr(RuleBot, "choose", broken)
    with pytest.raises(SimulationError, match=r"hanabi seed 7 .*bot crashed"):
        simulate("hanabi", 2, 1, db=tmp_path / "s.sqlite", seed=7, progress=False)


def test_option_values_parse_as_json_or_text():
    assert parse_option("keep_score_on_loss=true") == ("keep_score_on_loss", True)
    assert parse_option("round_laps=12") == ("round_laps", 12)
    assert parse_option("variant=six_colours") == ("variant", "six_colours")
    with pytest.raises(kit.ConfigError, match="name=value"):
        parse_option("variant")


def test_progress_bar_counts_the_games(tmp_path, capsys):
    simulate("hanabi", 2, 3, db=tmp_path / "s.sqlite", progress="text")
    assert "3/3" in capsys.readouterr().err


def test_command_line_simulates_in_parallel_and_records(tmp_path):
    db = tmp_path / "cli.sqlite"
    done = subprocess.run(
        [sys.executable, "-m", "kit", "simulate", "hanabi", "--players", "2", "--games", "6",
         "--bots", "rule,random", "--option", "variant=rainbow_wild", "--option",
         "keep_score_on_loss=true", "--workers", "2", "--db", f"sqlite:///{db}"],
        capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "recorded 6 hanabi games" in done.stdout and "2 worker(s)" in done.stdout
    assert "6/6" in done.stderr  # the progress bar
    games = load(db, events=False).games
    assert len(games) == 6 and set(games["opt_variant"]) == {"rainbow_wild"}
    assert set(games["opt_keep_score_on_loss"]) == {True}


def test_command_line_reports_a_bad_option_without_a_traceback(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "kit", "simulate", "hanabi", "--players", "2", "--option",
         "variant=nine_colours", "--db", str(tmp_path / "x.sqlite")],
        capture_output=True, text=True, timeout=300)
    assert done.returncode == 2
    assert "variant" in done.stderr and "Traceback" not in done.stderr


def test_bench_simulate_prints_games_per_second_for_one_and_two_workers():
    done = subprocess.run([sys.executable, "-m", "kit", "bench", "simulate", "--seconds",
                           "0.3"], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert any("1 worker(s)" in line and "games/s" in line for line in lines)
    assert any("2 worker(s)" in line and "games/s" in line for line in lines)
    assert lines[-1].startswith("speed-up with 2 workers:")
