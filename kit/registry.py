"""The registered games and the entry points ``new_game`` and ``replay``."""

from __future__ import annotations

import importlib
from typing import Any

from kit.contract import GameSpec, GameState
from kit.errors import NC_, ConfigError

#: game name -> module that defines ``SPEC``
_MODULES = {
    "hanabi": "kit.hanabi",
    "waiting_list": "kit.waiting_list",
    "pug_party": "kit.pug_party",
    "domino_metro": "kit.domino_metro",
}


def available() -> tuple[str, ...]:
    """The names of the games whose engine is installed, in the kit's order."""
    out = []
    for name, module in _MODULES.items():
        try:
            loaded = importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
            continue
        if hasattr(loaded, "SPEC"):
            out.append(name)
    return tuple(out)


def spec(name: str) -> GameSpec:
    """The declaration of game ``name``."""
    if name not in _MODULES:
        raise ConfigError("game", f"unknown game {name!r}; the kit has {list(_MODULES)}",
                          code=NC_("error", "game_unknown"),
                          value=name, choices=", ".join(_MODULES))
    try:
        module = importlib.import_module(_MODULES[name])
    except ModuleNotFoundError as exc:
        if exc.name != _MODULES[name]:
            raise
        raise ConfigError("game", f"the {name!r} engine is not built yet",
                          code=NC_("error", "game_not_built"), value=name) from None
    if not hasattr(module, "SPEC"):
        raise ConfigError("game", f"the {name!r} engine is not built yet",
                          code=NC_("error", "game_not_built"), value=name)
    return module.SPEC


def new_game(name: str, players: int, seed: int | None = None, **options: Any) -> GameState:
    """A new game: ``kit.new_game("hanabi", players=3, seed=7, variant="six_colours")``."""
    return spec(name).state_class(players, seed, **options)


def replay(name: str, players: int, seed: int, actions: list, **options: Any) -> GameState:
    """The state reached by applying ``actions`` (e.g. a ``history``) to a new game.

    Raises :class:`kit.IllegalAction` (with ``.index``, the position of the action
    that failed) if the actions do not fit the game, e.g. after a rules change.
    """
    state = new_game(name, players, seed, **options)
    for i, action in enumerate(actions):
        try:
            state.apply(action)
        except ValueError as exc:
            exc.index = i  # type: ignore[attr-defined]
            raise
    return state
