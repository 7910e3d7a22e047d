"""The conformance harness on «Домино-Метро» (DESIGN.md): 2 and 3 players, a match, and
the rulings switched the other way."""

from __future__ import annotations

import pytest

import kit
from kit.domino_metro.scenarios import load
from kit.testing import check_game


@pytest.mark.parametrize("players", [2, 3])
def test_dm_harness_single_game(players: int) -> None:
    check_game("domino_metro", players=players, seeds=range(3), deep_every=2)


def test_dm_r5_harness_match_of_three_games() -> None:
    check_game("domino_metro", players=3, seeds=range(1), deep_every=4, games=3)


@pytest.mark.parametrize("options", [
    {"metro_forced": "hand"},                                  # DM-R2 option
    {"first_double": "plain", "lead_double": False},           # DM-R3 options
    {"change": False, "domino_metro_two": True, "zero_double": "lone_25",
     "metro_double": True},                                    # DM-9, DM-8, DM-R4, DM-10
    {"metro_maker": "pips", "tied_pips": "worse"},             # DM-R6, DM-R7 options
])
@pytest.mark.parametrize("players", [2, 3])
def test_dm_harness_with_rulings_switched(players: int, options: dict) -> None:
    check_game("domino_metro", players=players, seeds=range(2), deep_every=4, **options)


def test_dm_declaration() -> None:
    spec = kit.spec("domino_metro")
    declared = spec.declaration()
    assert declared["players"] == [2, 3]
    assert set(declared["options"]) == {
        "games", "metro_forced", "first_double", "lead_double", "zero_double",
        "metro_double", "domino_metro_two", "change", "set_file", "scoring_file", "deal",
        "metro_maker", "tied_pips"}
    assert all(o["rule"].startswith("DM-") for o in declared["options"].values())
    options = declared["options"]
    assert (options["metro_maker"]["rule"], options["metro_maker"]["default"],
            options["metro_maker"]["choices"]) == ("DM-R6", "last_other_tile",
                                                   ["last_other_tile", "pips"])
    assert (options["tied_pips"]["rule"], options["tied_pips"]["default"],
            options["tied_pips"]["choices"]) == ("DM-R7", "better", ["better", "worse"])
    assert declared["bots"] == ["random", "rule", "search"]
    assert spec.max_length(3, {**spec.defaults(), "games": 2}) == 2 * spec.max_length(
        3, spec.defaults())


@pytest.mark.parametrize("name", ["change", "metro_after_bazaar", "domino_metro"])
def test_dm_harness_from_a_scripted_deal(name: str) -> None:
    found = load(name)
    check_game("domino_metro", players=found.players, seeds=range(2), deep_every=2,
               **found.options)
