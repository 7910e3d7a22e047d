"""Prepared situations of «Вечірка мопсів»: scripted deals for tests, tutorials and boards.

A situation is an ordinary game whose ``deal`` option lays the cards out
(:mod:`kit.pug_party.deal` lists the keys), so it replays, snapshots and clones
like any game. In Python::

    from kit.pug_party import scenarios
    state = scenarios.prepare(3, hands=[["5", "8"], ["5"], ["9"]], pile=["5", "5"], to_act=0)

In a file, the kit's shared scenario format (:mod:`kit.scenarios`): ``game``,
``players``, ``seed``, ``rules``, ``text``, ``[options]`` with an
``[options.deal]`` table, an ``actions`` prefix and ``[[expect]]`` entries.
The «Вечірка мопсів» edge cases live in ``data/scenarios/pug_party_*.toml``::

    sc = scenarios.load("burn_by_second_player")
    state = sc.state()                       # replays the prefix
    assert kit.scenarios.check(sc) == []     # what it shows still holds
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kit import scenarios
from kit.pug_party.deal import check
from kit.pug_party.state import State

FOLDER = scenarios.FOLDER
PREFIX = "pug_party_"

__all__ = ["FOLDER", "check", "load", "names", "prepare"]


def prepare(players: int, *, hands: Sequence[Sequence[str]],
          face_up: Sequence[Sequence[str]] | None = None,
          face_down: Sequence[Sequence[str | None]] | None = None,
          draw: Sequence[str] = (), pile: Sequence[str] = (), burned: Sequence[str] = (),
          out: Sequence[int] = (), known: Sequence[Sequence[str]] | None = None,
          to_act: int = 0, rest: str = "burned", seed: int = 0, **options: Any) -> State:
    """A game starting from exactly these zones, ``to_act`` to play (the ``first_player``).

    ``options`` are the game's other options (``deck``, ``voluntary_pickup``...). The
    state is ``kit.new_game("pug_party", players, seed, deal=..., first_player=to_act)``.
    """
    deal: dict[str, Any] = {"hands": [list(h) for h in hands], "draw": list(draw),
                            "pile": list(pile), "burned": list(burned), "out": list(out),
                            "rest": rest}
    if face_up is not None:
        deal["face_up"] = [list(f) for f in face_up]
    if face_down is not None:
        deal["face_down"] = [list(f) for f in face_down]
    if known is not None:
        deal["known"] = [list(k) for k in known]
    return State(players, seed, deal=deal, first_player=to_act, **options)


def names() -> list[str]:
    """The prepared situations shipped as ``data/scenarios/pug_party_*.toml`` (no prefix)."""
    return [n.removeprefix(PREFIX) for n in scenarios.names(FOLDER) if n.startswith(PREFIX)]


def load(name: str) -> scenarios.Scenario:
    """The shipped situation ``name`` (a :class:`kit.scenarios.Scenario`)."""
    return scenarios.load(PREFIX + name, FOLDER)
