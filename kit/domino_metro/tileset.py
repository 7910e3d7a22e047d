"""Tiles and the tile set of «Домино-Метро» (DM-1), read from ``data/domino_metro/``.

A tile is a tuple ``(low, high)`` with ``low <= high`` (JSON: ``[low, high]``);
``3:5`` in phrases. The set file gives the highest value and the hand size; the set
is every pair of values once (double-nine: 55 tiles).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from pydantic import Field

from kit.datafile import load_toml, stamp
from kit.datamodel import DataModel, validated
from kit.errors import NC_, ConfigError

Tile = tuple[int, int]

#: the default set file (option ``set_file``), under ``data/``
SET_FILE = "domino_metro/double_nine.toml"


def name(tile: Tile | list[int]) -> str:
    """``3:5`` for a tile."""
    return f"{tile[0]}:{tile[1]}"


def is_double(tile: Tile) -> bool:
    """A double: both halves the same (DM-4)."""
    return tile[0] == tile[1]


def as_tile(value: Any, max_pip: int) -> Tile | None:
    """``value`` as a tile of the set if it is one written low:high, else None."""
    if (isinstance(value, list | tuple) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            and 0 <= value[0] <= value[1] <= max_pip):
        return (value[0], value[1])
    return None


@dataclass(frozen=True)
class TileSet:
    """DM-1: the set (every pair ``a:b`` with ``0 <= a <= b <= max_pip``) and the deal."""

    name: str
    max_pip: int
    hand_size: int

    @property
    def values(self) -> int:
        """How many values there are (10 for double-nine)."""
        return self.max_pip + 1

    def tiles(self) -> list[Tile]:
        """Every tile once, in order 0:0, 0:1, ..., 9:9."""
        return [(a, b) for a in range(self.values) for b in range(a, self.values)]

    def size(self) -> int:
        return self.values * (self.values + 1) // 2

    def doubles(self) -> list[Tile]:
        return [(v, v) for v in range(self.values)]


class SetFile(DataModel):
    """The shape of a set file (DM-1)."""

    name: str
    max_pip: int = Field(ge=1, le=20)  # double-nine: 9
    hand_size: int = Field(ge=1)


def load_set(path: str = SET_FILE) -> TileSet:
    """The set file, validated; errors are ConfigErrors naming the file and the entry.
    Read again once the file is edited (its modification time or size changed)."""
    return _load_set(str(path), stamp(path))


@cache
def _load_set(path: str, _stamp: tuple[int, int]) -> TileSet:
    data = validated(SetFile, load_toml(path), path, ": ")
    return TileSet(data.name, data.max_pip, data.hand_size)


def check_deal(tileset: TileSet, players: int, path: str) -> None:
    """DM-1: every seat gets ``hand_size`` tiles from the set."""
    if players * tileset.hand_size > tileset.size():
        raise ConfigError(f"{path}: hand_size",
                          f"{players} hands of {tileset.hand_size} need "
                          f"{players * tileset.hand_size} tiles; the set has {tileset.size()}",
                          code=NC_("error", "too_few"),
                          need=players * tileset.hand_size, players=players, have=tileset.size())
