"""``python -m kit tournament`` tables: a cooperative game (Hanabi, HB-11) reports the
team's shared score, not a win rate every seat "wins"; intervals stay within the values
a mean can take; a game without seat scores (Pug Party) shows no score column."""

from __future__ import annotations

from kit.__main__ import main
from kit.tournament import tournament


def test_hb11_a_cooperative_tournament_reports_each_teams_mean_score(tmp_path) -> None:
    result = tournament("hanabi", 3, "rule,random", 3, db=tmp_path / "t.sqlite",
                        progress=False)
    assert result.cooperative
    assert [r["team"] for r in result.rows] == ["rule,random,rule", "random,rule,rule",
                                                "rule,rule,random", "all"]
    assert [r["games"] for r in result.rows] == [3, 3, 3, 9]
    for r in result.rows:  # HB-9: 0..25 points, and so is any interval of their mean
        assert 0 <= r["score_lo"] <= r["mean_score"] <= r["score_hi"] <= r["max_score"] == 25
    table = result.table()
    assert "win rate" not in table and "cooperative" in table and "mean score" in table


def test_hb11_the_tournament_command_prints_no_win_rate_for_hanabi(tmp_path, capsys) -> None:
    assert main(["tournament", "hanabi", "--players", "2", "--bots", "rule", "--games", "2",
                 "--db", str(tmp_path / "t.sqlite")]) == 0
    out = capsys.readouterr().out
    assert "win rate" not in out and "1.000" not in out
    assert any(line.startswith("rule,rule ") for line in out.splitlines())


def test_a_game_without_seat_scores_shows_no_score_column(tmp_path) -> None:
    result = tournament("pug_party", 3, "rule,random", 3, db=tmp_path / "t.sqlite",
                        progress=False)
    table = result.table()
    assert "nan" not in table and "mean score" not in table and "win rate" in table


def test_mean_place_intervals_stay_within_first_and_last_place(tmp_path) -> None:
    result = tournament("pug_party", 3, "rule,random", 3, db=tmp_path / "t.sqlite",
                        progress=False)
    for r in result.rows:
        assert 1 <= r["place_lo"] <= r["mean_place"] <= r["place_hi"] <= 3
