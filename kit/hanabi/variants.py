"""Hanabi decks and variants from ``data/hanabi/variants.toml`` (HB-1, HB-12)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Annotated, Literal

from pydantic import Field, NonNegativeInt, PositiveInt

from kit.datafile import load_toml, stamp
from kit.datamodel import DataModel, validated
from kit.errors import NC_, ConfigError

VALUES = (1, 2, 3, 4, 5)
FILE = "hanabi/variants.toml"


@dataclass(frozen=True)
class Suit:
    colour: str
    letter: str
    symbol: str
    uk: str
    counts: tuple[int, ...]  # copies of each value 1..5
    hint: str  # "own" or "every" (rainbow: touched by every colour hint)


@dataclass(frozen=True)
class Variant:
    name: str
    doc: str
    suits: tuple[Suit, ...]
    hint_tokens: int
    mistake_tokens: int

    @property
    def colours(self) -> tuple[str, ...]:
        return tuple(s.colour for s in self.suits)

    @property
    def hintable_colours(self) -> tuple[str, ...]:
        """Colours a hint may name (HB-4, HB-12: not the rainbow suit)."""
        return tuple(s.colour for s in self.suits if s.hint == "own")

    @property
    def max_score(self) -> int:
        """HB-9: 5 per suit."""
        return 5 * len(self.suits)

    def deck(self) -> list[int]:
        """All cards, encoded ``suit * 5 + value - 1``."""
        return [i * 5 + v - 1 for i, s in enumerate(self.suits)
                for v, n in zip(VALUES, s.counts, strict=True) for _ in range(n)]


class ColourEntry(DataModel):
    """``[colours.<name>]``: the letter in card names (``"R3"``), symbol, Ukrainian name."""

    letter: str = Field(min_length=1, max_length=1)
    symbol: str = ""
    uk: str = ""


class SuitEntry(DataModel):
    """One suit of a variant: its colour, its counts row, how colour hints treat it."""

    colour: str
    counts: str
    hint: Literal["own", "every"]


class VariantEntry(DataModel):
    """``[variants.<name>]``."""

    doc: str = ""
    suits: list[SuitEntry] = Field(min_length=1)


class VariantsFile(DataModel):
    """The shape of ``data/hanabi/variants.toml`` (HB-1, HB-12)."""

    hint_tokens: PositiveInt
    mistake_tokens: PositiveInt
    #: copies of each value 1..5
    counts: dict[str, Annotated[list[NonNegativeInt], Field(min_length=5, max_length=5)]]
    colours: dict[str, ColourEntry]
    variants: dict[str, VariantEntry] = Field(min_length=1)


def variants(path: str = FILE) -> dict[str, Variant]:
    """Every variant in the data file, validated (errors name the file and entry); the
    shape by :class:`VariantsFile`, the names it refers to here. Read again once the
    file is edited (its modification time or size changed)."""
    return _variants(str(path), stamp(path))


@cache
def _variants(path: str, _stamp: tuple[int, int]) -> dict[str, Variant]:
    data = validated(VariantsFile, load_toml(path), path, ": ")
    out = {}
    for vname, table in data.variants.items():
        where = f"{path}: variants.{vname}"
        suits = []
        for i, row in enumerate(table.suits):
            entry = f"{where}.suits[{i}]"
            if row.colour not in data.colours:
                raise ConfigError(entry, f"unknown colour {row.colour!r}; known: "
                                         f"{sorted(data.colours)}",
                                  code=NC_("error", "option_choice"),
                                  value=row.colour, choices=", ".join(sorted(data.colours)))
            if row.counts not in data.counts:
                raise ConfigError(entry, f"unknown counts {row.counts!r}; known: "
                                         f"{sorted(data.counts)}",
                                  code=NC_("error", "option_choice"),
                                  value=row.counts, choices=", ".join(sorted(data.counts)))
            c = data.colours[row.colour]
            suits.append(Suit(row.colour, c.letter, c.symbol, c.uk, tuple(data.counts[row.counts]),
                              row.hint))
        if len({s.colour for s in suits}) != len(suits):
            raise ConfigError(where, "a colour appears twice",
                              code=NC_("error", "appears_twice"), value="colour")
        out[vname] = Variant(vname, table.doc, tuple(suits), data.hint_tokens,
                             data.mistake_tokens)
    return out
