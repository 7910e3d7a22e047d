"""Prepared situations (data/scenarios/): each still reaches what its notebook shows."""

from __future__ import annotations

import pytest

import kit
from kit import scenarios

AVAILABLE = set(kit.available())
ALL = scenarios.names()


@pytest.mark.parametrize("name", ALL)
def test_scenario_reaches_its_situation(name):
    scenario = scenarios.load(name)
    if scenario.game not in AVAILABLE:
        pytest.skip(f"{scenario.game} engine not built")
    assert scenario.expect, f"{name} states nothing to check"
    assert scenarios.check(scenario) == []
    assert all(r.split("-")[0] in ("HB", "WL", "PP", "DM") for r in scenario.rules)


def test_load_scenario_is_the_one_entry_point():
    scenario = kit.load_scenario("hanabi_five_returns_token")
    state = scenario.state()
    assert state.fireworks_total == 4 and state.to_act == 0
    assert scenario.state(upto=2).fireworks_total == 1  # replay stops where asked


def test_a_broken_expectation_is_reported(tmp_path):
    text = (scenarios.FOLDER / "hanabi_no_discard_at_8.toml").read_text()
    (tmp_path / "x.toml").write_text(text.replace("equals = 8", "equals = 7"))
    problems = scenarios.check(scenarios.load("x", tmp_path))
    assert len(problems) == 1 and "hints is 8, expected 7" in problems[0]


@pytest.mark.parametrize(("edit", "entry"), [
    (("game = \"hanabi\"", "game = \"chess\""), "game"),
    (("players = 3", "players = 9"), "players"),
    (("title =", "titel ="), "titel"),
    (("actions = []", "actions = [{ type = \"discard\", slot = 0 }]"), "actions[0]"),
])
def test_a_broken_scenario_file_names_the_file_and_entry(tmp_path, edit, entry):
    text = (scenarios.FOLDER / "hanabi_no_discard_at_8.toml").read_text()
    (tmp_path / "x.toml").write_text(text.replace(*edit))
    with pytest.raises(kit.ConfigError) as err:
        scenarios.load("x", tmp_path).state()
    assert "x.toml" in err.value.option and entry in err.value.option
