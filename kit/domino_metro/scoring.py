"""Pips left in hand (DM-11, DM-R4) and match points (DM-10, DM-R5), from the scoring file."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from pydantic import Field, NonNegativeInt

from kit.datafile import load_toml, stamp
from kit.datamodel import DataModel, validated
from kit.domino_metro.tileset import Tile

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


class ZeroDouble(DataModel):
    """DM-R4: the points of 0:0 alone in hand and among other tiles."""

    alone: NonNegativeInt
    with_others: NonNegativeInt


class MatchPoints(DataModel):
    """DM-10: penalty points of a lost game, a Metro, and a Metro "doubly"."""

    loss: NonNegativeInt
    metro: NonNegativeInt
    metro_double: NonNegativeInt


class ScoringFile(DataModel):
    """The shape of a scoring file."""

    zero_double: dict[str, ZeroDouble] = Field(min_length=1)
    match: MatchPoints


def load_scoring(path: str = SCORING_FILE) -> Scoring:
    """The scoring file, validated; errors name the file and the entry. Read again once
    the file is edited (its modification time or size changed)."""
    return _load_scoring(str(path), stamp(path))


@cache
def _load_scoring(path: str, _stamp: tuple[int, int]) -> Scoring:
    data = validated(ScoringFile, load_toml(path), path, ": ")
    zero = {rule: (z.alone, z.with_others) for rule, z in data.zero_double.items()}
    m = data.match
    return Scoring(zero, m.loss, m.metro, m.metro_double)


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
