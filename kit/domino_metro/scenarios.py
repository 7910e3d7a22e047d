"""Prepared situations of «Домино-Метро» for tests, tutorials and boards.

A prepared situation is an ordinary game with a scripted ``deal`` option
(:mod:`kit.domino_metro.deal`), so it replays, snapshots and clones like any other.

- :func:`prepare` builds one in Python: ``prepare(3, hands, layout=..., bazaar=[])``;
- the files ``data/scenarios/domino_metro_*.toml`` are in the ``kit.scenarios`` format (game,
  players, seed, ``[options.deal]``, the actions to step through, ``[[expect]]``): load
  one with :func:`load` (the :class:`kit.scenarios.Scenario`, with its title, text and
  expectations, for ``kit.scenarios.check``) or :func:`load_state` (the state after its
  actions, or after the first ``upto``, with options overridden);
- :func:`find_layout` searches a placement order for a given set of tiles, used to
  write the endgame layouts of those files (each file's header names its call).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import kit
from kit import scenarios as kit_scenarios
from kit.contract import GameState
from kit.domino_metro.layout import FACES, OPEN, Layout
from kit.domino_metro.tileset import Tile

#: the folder of the prepared situations, and this game's file name prefix
FOLDER = kit_scenarios.FOLDER
PREFIX = "domino_metro_"


def prepare(players: int, hands: Sequence[Sequence[Any]], *, layout: Sequence[Any] = (),
            bazaar: Sequence[Any] | None = None, rest: str | None = None,
            to_act: int | None = None, places: Sequence[int | None] | None = None,
            past_games: Sequence[dict] = (), seed: int = 0, **options: Any) -> GameState:
    """A game in a prepared situation: ``kit.new_game`` with the ``deal`` option built from
    the arguments (their meaning: :mod:`kit.domino_metro.deal`; ``layout`` entries may
    also be lists ``[low, high, end, face, by]``)."""
    deal: dict[str, Any] = {"hands": [list(h) for h in hands]}
    if layout:
        deal["layout"] = [m if isinstance(m, dict) else
                          {"tile": [m[0], m[1]], "end": m[2], "face": m[3], "by": m[4]}
                          for m in layout]
    if bazaar is not None:
        deal["bazaar"] = list(bazaar)
    if rest is not None:
        deal["rest"] = rest
    if to_act is not None:
        deal["to_act"] = to_act
    if places is not None:
        deal["places"] = list(places)
    if past_games:
        deal["past_games"] = [dict(g) for g in past_games]
    return kit.new_game("domino_metro", players, seed, deal=deal, **options)


def names() -> list[str]:
    """The names (without prefix) of ``data/scenarios/domino_metro_*.toml``."""
    return [n.removeprefix(PREFIX) for n in kit_scenarios.names(FOLDER) if n.startswith(PREFIX)]


def load(name: str) -> kit_scenarios.Scenario:
    """The prepared situation ``name`` (a ``kit.scenarios`` file in this game's folder)."""
    return kit_scenarios.load(PREFIX + name, folder=FOLDER)


def load_state(name: str, upto: int | None = None, **options: Any) -> GameState:
    """The state of prepared situation ``name`` after its actions (or the first ``upto``);
    ``options`` override the file's options."""
    found = load(name)
    actions = found.actions if upto is None else found.actions[:upto]
    return kit.replay("domino_metro", found.players, found.seed, actions,
                      **{**found.options, **options})


def data_file(name: str) -> Path:
    """The path of prepared situation ``name``."""
    return Path(FOLDER) / f"{PREFIX}{name}.toml"


def find_layout(lead: Tile, tiles: Sequence[Tile], ends: dict[int, int], seed: int = 0,
                tries: int = 200_000, values: int = 10) -> list[list]:
    """A placement order of ``tiles`` after ``lead`` whose uncovered ends have exactly
    ``ends[v]`` ends of each value ``v`` named (others: any number), by seeded random
    search. For writing scenario files; returns ``[low, high, end, face, by]`` entries
    (``by`` alternates between seats 0 and 1). Raises ``ValueError`` if none is found."""
    rng = random.Random(seed)
    for _ in range(tries):
        layout = Layout(values)
        layout.place(lead, None, None, 0)
        rest = list(tiles)
        rng.shuffle(rest)
        stuck = False
        while rest and not stuck:
            stuck = True
            for k, t in enumerate(rest):
                options = [(e.id, f) for e in layout.ends if e.covered_by is None
                           and e.value in t for f in (FACES if t[0] == t[1] else (None,))]
                if options:
                    end, face = options[rng.randrange(len(options))]
                    if face is not None and rng.random() < 0.5:
                        face = OPEN
                    layout.place(t, end, face, len(layout.tiles) % 2)
                    del rest[k]
                    stuck = False
                    break
        if rest:
            continue
        counts = [0] * values
        for e in layout.ends:
            if e.covered_by is None:
                counts[e.value] += 1
        if all(counts[v] == n for v, n in ends.items()):
            return layout.moves_json()
    raise ValueError("no layout found")
