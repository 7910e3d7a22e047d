"""Pips left in hand (DM-11, DM-R4) and match points (DM-10, DM-R5), from the scoring file."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from kit.datafile import load_toml, need
from kit.domino_metro.tileset import Tile
from kit.errors import ConfigError

#: the default scoring file (option ``scoring_file``), under ``data/``
SCORING_FILE = "domino_metro/scoring.toml"


@dataclass(frozen=True)
class Scoring:
    """``zero_double``: rule name -> (points of 0:0 alone, points among other tiles);
    ``loss``/``metro``/``metro_double``: penalty points of a lost game, of a Metro, and of a
    Metro "doubly, by agreement" (DM-10)."""

    zero_double: dict[str, tuple[int, int]]
    loss: int
    metro: int
    metro_double: int


@cache
def load_scoring(path: str = SCORING_FILE) -> Scoring:
    """The scoring file, validated; errors name the file and the entry."""
    data = load_toml(path)
    rules = need(data, "zero_double", dict, path)
    if not rules:
        raise ConfigError(f"{path}.zero_double", "needs at least one rule")
    zero: dict[str, tuple[int, int]] = {}
    for rule, table in rules.items():
        where = f"{path}.zero_double.{rule}"
        alone = need(table, "alone", int, where)
        others = need(table, "with_others", int, where)
        if alone < 0 or others < 0:
            raise ConfigError(where, "points must not be negative")
        zero[rule] = (alone, others)
    match = need(data, "match", dict, path)
    points = [need(match, key, int, f"{path}.match") for key in ("loss", "metro", "metro_double")]
    for key, value in zip(("loss", "metro", "metro_double"), points, strict=True):
        if value < 0:
            raise ConfigError(f"{path}.match.{key}", f"must not be negative, not {value}")
    return Scoring(zero, *points)


def pips(hand: Iterable[Tile], zero_double: tuple[int, int]) -> int:
    """DM-11 with DM-R4: the pips of a hand; 0:0 counts ``zero_double[0]`` when it is the
    only tile, else ``zero_double[1]``."""
    tiles = list(hand)
    total = 0
    for a, b in tiles:
        if a == b == 0:
            total += zero_double[0] if len(tiles) == 1 else zero_double[1]
        else:
            total += a + b
    return total
