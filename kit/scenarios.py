"""Prepared situations for tutorials and teaching (``data/scenarios/*.toml``).

A scenario is a game (name, players, seed, options — a scripted ``deal`` is
just an option) and an action prefix; loading it replays the prefix, so a
scenario is an ordinary, replayable game. Its ``[[expect]]`` entries say what
the situation shows, and :func:`check` proves it still does:

```toml
title = "No discard at 8 tokens"
game = "hanabi"
players = 2
seed = 0
rules = ["HB-5"]
seat = 0                      # the seat the board shows
text = "All 8 hint tokens are available, so seat 0 may not discard."
actions = [{type = "play", slot = 0}]
[options]
variant = "classic"
[[expect]]
path = "hints"                # a path into view(seat), dots between keys/indexes
equals = 8
[[expect]]
legal_excludes = {type = "discard", slot = 0}
```
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import Field

import kit
from kit.contract import GameState
from kit.datafile import load_toml
from kit.datamodel import DataModel, validated
from kit.errors import NC_, ConfigError
from kit.paths import DATA_DIR

FOLDER = DATA_DIR / "scenarios"
class ExpectEntry(DataModel):
    """One ``[[expect]]``: what the situation shows (see :func:`check`)."""

    path: str | None = None
    equals: Any = None
    seat: int | None = None
    legal_includes: Any = None
    legal_excludes: Any = None
    result: Any = None
    to_act: int | None = None
    over: bool | None = None
    note: str | None = None


class ScenarioFile(DataModel):
    """The shape of a scenario file (the module docstring); the game checks its options."""

    title: str
    game: str
    players: int
    seed: int = 0
    rules: list[str] = Field(default_factory=list)
    seat: int | None = None
    text: str = ""
    actions: list[dict[str, Any]] = Field(default_factory=list)
    options: dict[str, Any] = Field(default_factory=dict)
    expect: list[ExpectEntry] = Field(default_factory=list)


@dataclass
class Scenario:
    """A prepared situation: the state it reaches and what it is meant to show."""

    name: str
    title: str
    game: str
    players: int
    seed: int
    options: dict
    actions: list[dict]
    seat: int | None
    rules: list[str]
    text: str
    expect: list[dict] = field(default_factory=list)
    path: Path | None = None

    def state(self, upto: int | None = None) -> GameState:
        """A fresh state after the first ``upto`` actions (all by default)."""
        actions = self.actions if upto is None else self.actions[:upto]
        try:
            return kit.replay(self.game, self.players, self.seed, actions, **self.options)
        except kit.IllegalAction as exc:
            index = getattr(exc, "index", "?")
            raise ConfigError(f"{self.path}: actions[{index}]",
                              f"no longer applies: {exc}", code=NC_("error",
                              "scenario_stale")) from None
        except ConfigError as exc:
            if str(self.path) in exc.option:
                raise
            raise ConfigError(f"{self.path}: {exc.option}", exc.message,
                              code=exc.code, **exc.params) from None


def names(folder: Path = FOLDER) -> list[str]:
    """Every scenario name (file stem) in ``folder``."""
    return sorted(p.stem for p in Path(folder).glob("*.toml"))


def load(name: str, folder: Path = FOLDER) -> Scenario:
    """The scenario ``data/scenarios/<name>.toml``, validated (errors name file and entry)."""
    path = Path(folder) / f"{name}.toml"
    data = load_toml(path)
    where = str(path)
    shape = validated(ScenarioFile, data, where, ": ")
    game = shape.game
    if game not in kit.GAMES:
        raise ConfigError(f"{where}: game", f"unknown game {game!r}; the kit has {kit.GAMES}",
                          code=NC_("error", "game_unknown"),
                          value=game, choices=", ".join(kit.GAMES))
    scenario = Scenario(
        name=name, title=shape.title, game=game, players=shape.players, seed=shape.seed,
        options=dict(data.get("options", {})), actions=list(data.get("actions", [])),
        seat=shape.seat, rules=list(shape.rules), text=shape.text,
        expect=list(data.get("expect", [])), path=path)
    try:
        kit.spec(game).resolve(scenario.players, scenario.seed, scenario.options)
    except ConfigError as exc:
        raise ConfigError(f"{where}: {exc.option}", exc.message,
        code=exc.code, **exc.params) from None
    return scenario


def _walk(obj: Any, path: str) -> Any:
    for part in path.split(".") if path else []:
        obj = obj[int(part)] if isinstance(obj, list) else obj[part]
    return obj


def _matches(action: Any, wanted: dict) -> bool:
    js = action.to_json()
    return all(js.get(k) == v for k, v in wanted.items())


def check(scenario: Scenario, state: GameState | None = None) -> list[str]:
    """What no longer holds of the scenario's ``[[expect]]`` entries (empty: all holds)."""
    state = state or scenario.state()
    problems = []
    for i, entry in enumerate(scenario.expect):
        seat = entry.get("seat", scenario.seat)
        label = f"{scenario.name}: expect[{i}]"
        if "path" in entry:
            source = state.result() if entry.get("result") else state.view(seat)
            try:
                got = _walk(source, entry["path"])
            except (KeyError, IndexError, ValueError, TypeError):
                problems.append(f"{label}: no {entry['path']!r} in the view")
                continue
            if got != entry.get("equals"):
                problems.append(f"{label}: {entry['path']} is {got!r}, "
                                f"expected {entry.get('equals')!r}")
        if "to_act" in entry and state.to_act != entry["to_act"]:
            problems.append(f"{label}: to_act is {state.to_act}, expected {entry['to_act']}")
        if "over" in entry and state.over != entry["over"]:
            problems.append(f"{label}: over is {state.over}, expected {entry['over']}")
        legal = state.legal_actions()
        if "legal_includes" in entry and not any(_matches(a, entry["legal_includes"])
                                                 for a in legal):
            problems.append(f"{label}: no legal action like {entry['legal_includes']}")
        if "legal_excludes" in entry and any(_matches(a, entry["legal_excludes"])
                                             for a in legal):
            problems.append(f"{label}: a legal action like {entry['legal_excludes']} exists")
    return problems
