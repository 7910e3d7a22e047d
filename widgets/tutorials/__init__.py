"""The helpers of the rule references, notebooks/*_tutorial.ipynb (issue 40): one module
per game, imported by the notebook's setup cell, so that the reader meets boards and
rules rather than setup code."""

from __future__ import annotations

import dataclasses
from typing import Any

import kit


def with_options(scenario: Any, **options: Any) -> Any:
    """The same prepared situation under other options (a house rule switched)."""
    return dataclasses.replace(scenario, options={**scenario.options, **options})


def seat_names(players: int, seats: list[str] | None = None) -> list[str]:
    """Seat names counted from 0, as the engine and these notebooks count them."""
    seats = seats or ["human"] * players
    return [f"Seat {p}" + ("" if kind == "human" else f" ({kind[4:]} bot)")
            for p, kind in enumerate(seats)]


def playtest(board_class: Any, scenario: Any, upto: int | None = None) -> Any:
    """A playtest board on a prepared situation: you hold the seat to act, rule bots hold
    the others."""
    state = scenario.state(upto)
    seats = ["human" if p == state.to_act else "bot:rule" for p in range(state.players)]
    return board_class(state, mode="playtest", seats=seats, pause=0,
                       names=seat_names(state.players, seats))


def refused(state: Any, action: Any) -> kit.IllegalAction:
    """Try an action the rules forbid: return the engine's kit.IllegalAction after checking
    that the state did not change at all."""
    before = state.snapshot()
    try:
        state.apply(action)
    except kit.IllegalAction as exc:
        assert state.snapshot() == before, "a refused action changed the state"
        return exc
    raise AssertionError(f"{action} was accepted")
