"""Hanabi decks and variants from ``data/hanabi/variants.toml`` (HB-1, HB-12)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from kit.datafile import load_toml, need
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


@cache
def variants(path: str = FILE) -> dict[str, Variant]:
    """Every variant in the data file, validated (errors name the file and entry)."""
    data = load_toml(path)
    hint_tokens = need(data, "hint_tokens", int, path)
    mistakes = need(data, "mistake_tokens", int, path)
    counts = need(data, "counts", dict, path)
    colours = need(data, "colours", dict, path)
    for name, row in counts.items():
        if (not isinstance(row, list) or len(row) != 5
                or not all(isinstance(n, int) and n >= 0 for n in row)):
            raise ConfigError(f"{path}: counts.{name}", "must list 5 card counts (values 1..5)",
                              code=NC_("error", "hb_counts"))
    out = {}
    for vname, table in need(data, "variants", dict, path).items():
        where = f"{path}: variants.{vname}"
        suits = []
        for i, row in enumerate(need(table, "suits", list, where)):
            entry = f"{where}.suits[{i}]"
            colour = need(row, "colour", str, entry)
            if colour not in colours:
                raise ConfigError(entry, f"unknown colour {colour!r}; known: {sorted(colours)}",
                                  code=NC_("error", "option_choice"),
                                  value=colour, choices=", ".join(sorted(colours)))
            kind = need(row, "counts", str, entry)
            if kind not in counts:
                raise ConfigError(entry, f"unknown counts {kind!r}; known: {sorted(counts)}",
                                  code=NC_("error", "option_choice"),
                                  value=kind, choices=", ".join(sorted(counts)))
            hint = need(row, "hint", str, entry)
            if hint not in ("own", "every"):
                raise ConfigError(entry, f"hint must be 'own' or 'every', not {hint!r}",
                                  code=NC_("error", "option_choice"),
                                  value=hint, choices="own, every")
            c = colours[colour]
            suits.append(Suit(colour, need(c, "letter", str, f"{path}: colours.{colour}"),
                              c.get("symbol", ""), c.get("uk", ""), tuple(counts[kind]), hint))
        if len({s.colour for s in suits}) != len(suits):
            raise ConfigError(where, "a colour appears twice",
                              code=NC_("error", "appears_twice"), value="colour")
        out[vname] = Variant(vname, table.get("doc", ""), tuple(suits), hint_tokens, mistakes)
    return out
