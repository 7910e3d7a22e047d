"""Bots: ``choose(view, legal_actions, rng) -> action``, seeing only one seat's view."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from kit.contract import Action, GameState
from kit.errors import NC_, ConfigError


class Bot(Protocol):
    name: str

    def choose(self, view: dict, legal: Sequence[Action], rng: random.Random) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"

    def choose(self, view: dict, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]


def make_bot(game: str, name: str) -> Bot:
    """A new bot of game ``game`` by its name (``random``, ``rule``...)."""
    import kit

    bots = kit.spec(game).bots
    if name not in bots:
        raise ConfigError("bot", f"{game} has no bot {name!r}; choose one of {sorted(bots)}",
                          code=NC_("error", "bot_unknown"),
                          game=game, value=name, choices=", ".join(sorted(bots)))
    return bots[name]()


def play_out(state: GameState, bots: Sequence[Bot] | Bot, rng: random.Random | int = 0,
             max_actions: int | None = None) -> GameState:
    """Let bots play ``state`` to its end (or ``max_actions`` more actions); returns it."""
    if isinstance(rng, int):
        rng = random.Random(rng)
    seats: Sequence[Any] = bots if isinstance(bots, Sequence) else [bots] * state.players
    done = 0
    while not state.over and (max_actions is None or done < max_actions):
        seat = state.to_act
        assert seat is not None  # the game is not over
        legal = state.legal_actions()
        state.apply(seats[seat].choose(state.view(seat), legal, rng))
        done += 1
    return state
