"""``python -m kit tournament``: seat-rotated bot matches with 95 % intervals, recorded."""

from __future__ import annotations

import pytest

import kit
from kit.__main__ import main
from kit.intervals import mean_ci, wilson
from kit.record import load
from kit.tournament import lineups, tournament


def test_wilson_interval_matches_known_values():
    lo, hi = wilson(60, 100)
    assert (round(lo, 3), round(hi, 3)) == (0.502, 0.691)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(3, 10)[0] < 0.3 < wilson(3, 10)[1]


def test_mean_interval_is_symmetric_and_shrinks_with_more_games():
    mean, lo, hi = mean_ci([1, 2, 3, 4])
    assert mean == 2.5 and round(mean - lo, 6) == round(hi - mean, 6)
    assert mean_ci([1, 2, 3, 4] * 25)[2] - 2.5 < hi - mean


def test_lineups_rotate_every_bot_through_every_seat():
    assert lineups(["a", "b"], 2) == [["a", "b"], ["b", "a"]]
    assert lineups(["a", "b"], 3) == [["a", "b", "a"], ["b", "a", "a"], ["a", "a", "b"]]
    assert lineups(["a"], 3) == [["a", "a", "a"]]


def test_every_deal_is_played_in_every_rotation_and_recorded(tmp_path):
    db = tmp_path / "t.sqlite"
    result = tournament("waiting_list", 2, "rule,random", 6, db=db, progress=False)
    rows = {r["bot"]: r for r in result.rows}
    assert rows["rule"]["seat_games"] == rows["random"]["seat_games"] == 12
    assert 0 <= rows["rule"]["win_lo"] <= rows["rule"]["win_rate"] <= rows["rule"]["win_hi"]
    games = load(db, "waiting_list", events=False).games
    assert len(games) == 12 and sorted(games["seed"]) == sorted(list(range(6)) * 2)


def test_tournament_command_prints_a_table_with_intervals(tmp_path, capsys):
    code = main(["tournament", "waiting_list", "--players", "2", "--bots", "random,rule",
                 "--games", "2", "--db", str(tmp_path / "t.sqlite")])
    out = capsys.readouterr().out
    assert code == 0
    assert "waiting_list, 2 players, 2 deals x 2 seat rotation(s); 95 % intervals" in out
    lines = {line.split()[0]: line for line in out.splitlines()[2:4]}
    assert set(lines) == {"random", "rule"}
    assert "[" in lines["rule"] and "recorded: session" in out


def test_tournament_refuses_an_unknown_bot_before_playing(tmp_path, capsys):
    code = main(["tournament", "hanabi", "--players", "2", "--bots", "convention,nobody",
                 "--games", "2", "--db", str(tmp_path / "t.sqlite")])
    assert code == 2 and "nobody" in capsys.readouterr().err
    assert not (tmp_path / "t.sqlite").exists()


def test_too_many_bots_for_the_seats_is_a_config_error():
    with pytest.raises(kit.ConfigError, match="bots"):
        tournament("hanabi", 2, "rule,rule,random", 1, progress=False)
