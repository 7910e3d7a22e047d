"""Prepared situations of «Лист ожидания»: scripted deals for tests, tutorials and boards.

A situation is an ordinary game whose ``deal`` option lays the cards out (the keys are
listed in :mod:`kit.waiting_list.deal`), so it replays, snapshots and clones like any
game. In Python::

    from kit.waiting_list.scenarios import prepare
    state = prepare(3, hands=[[...], [...], [...]], pile=["kidney", "surgeon"], turn=2)

In a file, the kit's shared scenario format (:mod:`kit.scenarios`): ``game``,
``players``, ``seed``, ``rules``, ``seat``, ``text``, ``[options]`` with an
``[options.deal]`` table, an ``actions`` prefix and ``[[expect]]`` entries. The
«Лист ожидания» edge cases live in ``data/scenarios/waiting_list_*.toml``::

    from kit.waiting_list import scenarios
    sc = scenarios.load("resurfaced_dead")
    before = sc.state(upto=0)                # the layout, before the scripted actions
    after = sc.state()                       # the actions replayed
    assert kit.scenarios.check(sc) == []     # what it shows still holds
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kit import scenarios
from kit.waiting_list.deal import KEYS, check_consistency
from kit.waiting_list.state import WaitingListState

FOLDER = scenarios.FOLDER
PREFIX = "waiting_list_"

__all__ = ["FOLDER", "check_consistency", "load", "names", "prepare"]


def prepare(players: int, hands: Sequence[Sequence[str]], *, seed: int = 0,
              **layout_and_options: Any) -> WaitingListState:
    """A new game laid out as given: ``kit.new_game("waiting_list", players, seed,
    deal={"hands": hands, ...}, **options)``.

    Keyword arguments named like a ``deal`` key (``pile``, ``turn``, ``phase``,
    ``deck_top``, ``combinations``...) go into the deal; the others are game options
    (``round_laps``, ``claim_needs_fit``, ``deck``...). Tuples become lists.
    """
    deal: dict[str, Any] = {"hands": [list(h) for h in hands]}
    options: dict[str, Any] = {}
    for key, value in layout_and_options.items():
        if key in KEYS:
            if value is not None:  # None: the deal's default
                deal[key] = _plain(value)
        else:
            options[key] = value
    return WaitingListState(players, seed, deal=deal, **options)


def _plain(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def names() -> list[str]:
    """The prepared situations shipped as ``data/scenarios/waiting_list_*.toml`` (no prefix)."""
    return [n.removeprefix(PREFIX) for n in scenarios.names(FOLDER) if n.startswith(PREFIX)]


def load(name: str, folder: Path = FOLDER) -> scenarios.Scenario:
    """``data/scenarios/waiting_list_<name>.toml`` in the shared format (kit.scenarios).

    The layout is built once, so a broken ``deal`` is a ConfigError naming the file and
    the entry (``<file>: deal.hands[1]``).
    """
    sc = scenarios.load(PREFIX + name if folder == FOLDER else name, folder)
    sc.state(upto=0)
    return sc
