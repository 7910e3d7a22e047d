"""The kit: rule engines for four tabletop games behind one contract.

>>> import kit
>>> state = kit.new_game("hanabi", players=3, seed=7)
>>> state.to_act
0
"""

from kit.contract import ALL, Action, GameSpec, GameState, Option, event, visible
from kit.errors import ConfigError, IllegalAction
from kit.registry import available, new_game, replay, spec


def load_scenario(name: str):
    """A prepared situation from ``data/scenarios/<name>.toml`` (see kit.scenarios)."""
    from kit import scenarios

    return scenarios.load(name)


__version__ = "0.1.0"

#: the four games of the kit
GAMES = ("hanabi", "waiting_list", "pug_party", "domino_metro")

__all__ = [
    "ALL", "GAMES", "Action", "ConfigError", "GameSpec", "GameState", "IllegalAction", "Option",
    "available", "event", "load_scenario", "new_game", "replay", "spec", "visible",
]
