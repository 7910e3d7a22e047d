"""``python -m kit stats``: a bad game, seat count, bot, number of games, option, seed
or data file is one clear line and exit code 2, as with ``simulate``; ``--option`` and
``--seed`` give the figures of a variant from any first seed."""

from __future__ import annotations

import importlib
import json

import pytest

from kit.__main__ import main


def refused(capsys, *args: str) -> str:
    """Run ``stats`` and return its one-line refusal (exit code 2, nothing printed)."""
    assert main(["stats", *args]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("kit stats: ") and err.count("\n") == 1, err
    return err


@pytest.mark.parametrize(("args", "says"), [
    (["chess", "--players", "3"], "unknown game 'chess'"),
    (["hanabi", "--players", "7"], "players: hanabi is for 2–5 players, not 7"),
    (["hanabi", "--players", "1"], "players: hanabi is for 2–5 players, not 1"),
    (["domino_metro", "--players", "4"], "players: domino_metro is for 2–3 players, not 4"),
    (["hanabi", "--players", "3", "--bots", "robot"], "hanabi has no bot 'robot'"),
    (["hanabi", "--players", "3", "--games", "0"], "games: a number of games >= 1, not 0"),
    (["domino_metro", "--players", "2", "--games", "-3"], "games: a number of games >= 1"),
    (["pug_party", "--players", "3", "--games", "0"], "games: a number of games >= 1"),
    (["waiting_list", "--players", "3", "--games", "0"], "games: a number of games >= 1"),
    (["hanabi", "--players", "3", "--option", "variant=nine_colours"], "variant"),
    (["hanabi", "--players", "3", "--option", "colour_blind=true"], "colour_blind"),
    (["hanabi", "--players", "3", "--seed", "-1"], "seed: must be a whole number"),
])
def test_stats_refuses_bad_arguments_in_one_line(capsys, args: list[str], says: str) -> None:
    assert says in refused(capsys, *args)


def test_stats_refuses_a_broken_deck_file_naming_it(tmp_path, capsys) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("x = [\n", encoding="utf-8")
    err = refused(capsys, "pug_party", "--players", "3", "--games", "2", "--option",
                  f"deck={bad}")
    assert "bad.toml" in err and "not valid TOML" in err


def test_stats_gives_the_figures_of_a_variant_from_a_first_seed(capsys) -> None:
    assert main(["stats", "hanabi", "--players", "2", "--games", "3", "--option",
                 "variant=rainbow_wild", "--option", "keep_score_on_loss=True",
                 "--seed", "5"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["options"] == {"variant": "rainbow_wild", "keep_score_on_loss": True}
    assert (out["games"], out["seed"]) == (3, 5)
    lo, hi = out["mean_score_ci95"]
    assert 0 <= lo <= out["mean_score"] <= hi <= 30  # HB-9: 6 suits, at most 30 points


@pytest.mark.parametrize(("game", "players", "option", "value"), [
    ("domino_metro", 2, "metro_double=TRUE", ("metro_double", True)),
    ("waiting_list", 2, "round_laps=3", ("round_laps", 3)),
    ("pug_party", 2, "swap=true", ("swap", True)),
])
def test_every_game_plays_its_figures_with_the_options_and_seed_given(
        capsys, game: str, players: int, option: str, value: tuple) -> None:
    assert main(["stats", game, "--players", str(players), "--games", "2", "--option",
                 option, "--seed", "3"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["seed"] == 3 and out["options"][value[0]] == value[1]
    summarize = importlib.import_module(f"kit.{game}.stats").summarize
    assert out == json.loads(json.dumps(summarize(2, players, "rule", seed=3, **dict([value]))))
