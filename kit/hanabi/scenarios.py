"""Prepared situations of Hanabi: scripted deals for tests, tutorials and boards.

A situation is an ordinary game whose ``deal`` option lays the cards out
(:func:`kit.hanabi.deal.scripted`), so it replays, snapshots and clones like any game.
The shipped ones are ``data/scenarios/hanabi_*.toml`` in the kit's shared format
(:mod:`kit.scenarios`)::

    from kit.hanabi import scenarios
    state = scenarios.prepare(2, [["R1", "R2", "R3", "R4", "R5"], ["W1"] * 5])
    sc = scenarios.load("complete_hint")
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kit import scenarios
from kit.hanabi.state import HanabiState

FOLDER = scenarios.FOLDER
PREFIX = "hanabi_"

__all__ = ["FOLDER", "load", "names", "prepare"]


def prepare(players: int, hands: Sequence[Sequence[str]], *, deck: Sequence[str] = (),
            seed: int = 0, **options: Any) -> HanabiState:
    """A new game dealt as given: ``hands`` from slot 0, ``deck`` the next cards drawn
    (HB-2); ``options`` are the game's other options."""
    deal = {"hands": [list(h) for h in hands], "deck": list(deck)}
    return HanabiState(players, seed, deal=deal, **options)


def names() -> list[str]:
    """The prepared situations shipped as ``data/scenarios/hanabi_*.toml`` (no prefix)."""
    return [n.removeprefix(PREFIX) for n in scenarios.names(FOLDER) if n.startswith(PREFIX)]


def load(name: str) -> scenarios.Scenario:
    """The shipped situation ``name`` (a :class:`kit.scenarios.Scenario`)."""
    return scenarios.load(PREFIX + name, FOLDER)
