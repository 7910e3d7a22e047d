"""``python -m kit simulate`` and ``tournament`` for a designer: nothing is recorded for
a run that can't be played (no games, a broken data file), a run that stops is one line,
yes/no options read as README writes them, and ``--help`` says what each argument takes."""

from __future__ import annotations

from pathlib import Path

import pytest

import kit
from kit.__main__ import main
from kit.record import load
from kit.simulate import parse_option, parse_options, simulate


def refused(capsys, command: str, *args: str, played: bool = False) -> str:
    """Run ``command`` and return its one-line refusal (exit code 2); before it, only
    a progress bar if a game was ``played``."""
    assert main([command, *args]) == 2
    err = capsys.readouterr().err
    if played:
        err = err.splitlines(keepends=True)[-1]
    assert err.startswith(f"kit {command}: ") and err.count("\n") == 1, err
    return err


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_no_games_is_refused_before_a_session_is_recorded(tmp_path, capsys,
                                                          command: str) -> None:
    db = tmp_path / "s.sqlite"
    err = refused(capsys, command, "hanabi", "--players", "2", "--bots", "rule",
                  "--games", "0", "--db", str(db))
    assert "games: a number of games >= 1, not 0" in err
    assert not db.exists()


def test_simulate_function_refuses_no_games(tmp_path) -> None:
    with pytest.raises(kit.ConfigError, match="games"):
        simulate("hanabi", 2, 0, db=tmp_path / "s.sqlite", progress=False)
    assert not (tmp_path / "s.sqlite").exists()


@pytest.mark.parametrize(("game", "option", "text", "says"), [
    ("pug_party", "deck", "x = [\n", "not valid TOML"),
    ("pug_party", "deck", "[[card]]\nvalue = 3\ncount = 0\n", "count"),
    ("domino_metro", "set_file", 'name = "x"\nmax_pip = 4\nhand_size = 10\n', "hand_size"),
    ("domino_metro", "scoring_file", "[match]\nloss = 1\n", "zero_double"),
    ("waiting_list", "penalties", "unrevealed = -1\nper_card = {}\n", "unrevealed"),
])
@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_a_broken_data_file_is_one_error_naming_it_and_nothing_is_recorded(
        tmp_path, capsys, command: str, game: str, option: str, text: str,
        says: str) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(text, encoding="utf-8")
    db = tmp_path / "s.sqlite"
    err = refused(capsys, command, game, "--players", "2", "--bots", "rule", "--games", "2",
                  "--workers", "2", "--option", f"{option}={bad}", "--db", str(db))
    assert "bad.toml" in err and says in err
    assert "resume" not in err and not db.exists()


def test_a_missing_data_file_in_a_tournament_is_one_line(tmp_path, capsys) -> None:
    err = refused(capsys, "tournament", "pug_party", "--players", "2", "--bots", "rule",
                  "--games", "2", "--option", "deck=nosuch.toml", "--db",
                  str(tmp_path / "s.sqlite"))
    assert "nosuch.toml" in err


def test_a_tournament_that_stops_says_so_in_one_line(tmp_path, capsys, monkeypatch) -> None:
    from kit.hanabi.bots import RuleBot

    def broken(self, view, legal, rng):
        raise RuntimeError("bot crashed")

    monkeypatch.setattr(RuleBot, "choose", broken)
    err = refused(capsys, "tournament", "hanabi", "--players", "2", "--bots", "rule",
                  "--games", "1", "--db", str(tmp_path / "s.sqlite"), played=True)
    assert "bot crashed" in err and "--resume" in err


@pytest.mark.parametrize(("text", "value"), [
    ("keep_score_on_loss=True", True), ("keep_score_on_loss=false", False),
    ("keep_score_on_loss=TRUE", True), ("keep_score_on_loss=False", False),
])
def test_yes_no_options_take_true_or_false_in_any_case(text: str, value: bool) -> None:
    assert parse_option(text) == ("keep_score_on_loss", value)
    assert parse_options("hanabi", [text]) == {"keep_score_on_loss": value}


def test_a_yes_no_option_says_to_write_true_or_false(capsys) -> None:
    err = refused(capsys, "simulate", "hanabi", "--players", "2", "--option",
                  "allow_empty_hints=yes")
    assert "allow_empty_hints: write true or false, not 'yes'" in err


def test_a_text_option_keeps_its_text_as_written() -> None:
    assert parse_options("pug_party", ["deck=2024", "swap=TRUE"]) == {"deck": "2024",
                                                                       "swap": True}


def test_simulate_records_yes_no_options_written_as_readme_writes_them(tmp_path,
                                                                      capsys) -> None:
    db = tmp_path / "s.sqlite"
    assert main(["simulate", "hanabi", "--players", "2", "--games", "1", "--option",
                 "allow_empty_hints=True", "--db", str(db)]) == 0
    assert load(db, events=False).games["opt_allow_empty_hints"].tolist() == [True]


def help_of(capsys, *argv: str) -> str:
    with pytest.raises(SystemExit):
        main([*argv, "--help"])
    return " ".join(capsys.readouterr().out.split())


def test_the_top_help_is_plain_text(capsys) -> None:
    text = help_of(capsys)
    assert "``" not in text and "python -m kit COMMAND --help" in text


@pytest.mark.parametrize("command", ["stats", "simulate", "tournament"])
def test_each_command_help_lists_the_games_and_says_what_players_and_bots_take(
        capsys, command: str) -> None:
    text = help_of(capsys, command)
    assert "GAME the game: hanabi, waiting_list, pug_party, domino_metro" in text
    assert "--players PLAYERS the number of seats: hanabi 2-5," in text
    assert "repeatable" in text
    if command != "stats":
        assert "--workers WORKERS processes playing games in parallel" in text


def test_the_bots_help_says_simulate_takes_one_per_seat_and_tournament_cycles(
        capsys) -> None:
    assert "one bot for every seat, or exactly one per seat" in help_of(capsys, "simulate")
    assert "cycled over the seats (a,b at 3 players: a,b,a)" in help_of(capsys,
                                                                         "tournament")


def test_option_help_is_shared_by_the_commands(capsys) -> None:
    texts = {c: help_of(capsys, c) for c in ("stats", "simulate", "tournament")}
    assert all("true or false (any case)" in t for t in texts.values())


def test_run_sessions_record_the_data_folder(tmp_path) -> None:
    import json

    from kit.datafile import folder_digest
    from kit.paths import DATA_DIR
    from kit.record import Recorder

    run = simulate("hanabi", 2, 1, db=tmp_path / "s.sqlite", progress=False)
    with Recorder(tmp_path / "s.sqlite") as rec:
        notes = json.loads(rec.get_session(run.session_id).notes)
    assert notes["data"] == {"folder": str(Path(DATA_DIR)), "sha256": folder_digest()}
