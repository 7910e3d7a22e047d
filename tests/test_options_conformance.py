"""The conformance harness (kit.testing.check_game) under every value of every option with
a fixed set of values (choices and switches) of every engine: each ruling of RULES.md
switched the other way still passes (DESIGN.md, "The engine contract")."""

from __future__ import annotations

from typing import Any

import pytest

import kit
from kit.testing import check_game
from kit.waiting_list import scenarios as waiting_list_scenarios

#: per game: seats, options that keep random playouts short, how often to check deeply
SETUP: dict[str, tuple[int, dict[str, Any], int]] = {
    "hanabi": (3, {}, 4),
    "waiting_list": (3, {"round_laps": 2}, 4),      # WL-11 bound: two laps a round
    "pug_party": (3, {"max_actions": 300}, 7),      # PP-R6 bound
    "domino_metro": (3, {}, 4),
}
#: values of options declared with a free type whose allowed values live in data files
EXTRA = {("domino_metro", "zero_double"): ["always_10", "lone_25"]}


def _values() -> list[tuple[str, str, Any]]:
    """(game, option, value) for every value but the default of each option with a fixed
    set of values: its choices, the other boolean, or the values named in EXTRA."""
    out = []
    for game in sorted(SETUP):
        for name, option in kit.spec(game).options.items():
            if option.choices:
                others = [c for c in option.choices if c != option.default]
            elif isinstance(option.default, bool):
                others = [not option.default]
            else:
                others = EXTRA.get((game, name), [])
            out += [(game, name, value) for value in others]
    return out


VALUES = _values()


def test_every_ruling_with_a_choice_is_exercised() -> None:
    named = {(g, o) for g, o, _ in VALUES}
    for option in ("metro_maker", "tied_pips", "metro_forced", "first_double"):
        assert ("domino_metro", option) in named
    for option in ("after_breakdancer", "new_round", "down_wrap", "voluntary_pickup"):
        assert ("pug_party", option) in named
    for option in ("characters_dealt", "reshuffle", "claim_needs_fit", "tie_break"):
        assert ("waiting_list", option) in named


@pytest.mark.parametrize(("game", "option", "value"), VALUES,
                         ids=[f"{g}-{o}-{v}" for g, o, v in VALUES])
def test_the_harness_passes_with_the_option_switched(game: str, option: str,
                                                     value: Any) -> None:
    players, base, deep = SETUP[game]
    check_game(game, players=players, seeds=range(1), deep_every=deep,
               **{**base, option: value})


@pytest.mark.parametrize("value", ["after_last_card", "when_needed"])
def test_wl_r5_the_harness_passes_at_the_deck_s_end(value: str) -> None:
    deal = waiting_list_scenarios.load("reshuffle").options["deal"]
    check_game("waiting_list", players=2, seeds=range(2), deep_every=2, round_laps=2,
               deal=deal, reshuffle=value)


@pytest.mark.parametrize("game", sorted(SETUP))
def test_every_options_value_type_is_the_type_its_default_and_choices_have(game: str) -> None:
    """What ``--option`` parsing reads (``Option.value_type``) agrees with what ``validate``
    accepts: the default and every choice are of that type and pass (DESIGN.md: options
    validated up front)."""
    for name, option in kit.spec(game).options.items():
        kind = option.value_type
        for value in [option.default, *(option.choices or ())]:
            if value is None:
                continue
            assert kind is not None and isinstance(value, kind), (name, value, kind)
            assert option.validate(value) == value
