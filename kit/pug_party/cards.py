"""The cards of «Вечірка мопсів» and the deck file that lists them (PP-R1).

A card is named by its *code*, a string: a value card by its value (``"0"`` ..
``"10"``), a special card by its kind: ``"megapug"`` (PP-7), ``"breakdancer"``
(PP-8) or ``"poop"`` (PP-9). Codes are what hands, piles, views, events and
actions hold; the deck file gives each code its count and its names in
Ukrainian, Russian and English.

The default deck is ``data/pug_party/deck.toml`` (52 cards, PP-R1). Any other
file in the same format works as the ``deck`` option without code changes:
values may be any integers 0-99 (the lowest and highest value present play the
roles of 0 and 10 in the wrap of PP-2 / PP-R3), counts any positive integers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, PositiveInt

from kit.datafile import load_toml, resolve, stamp
from kit.datamodel import DataModel, entry, table_entry, validated
from kit.errors import NC_, ConfigError

MEGAPUG = "megapug"
BREAKDANCER = "breakdancer"
POOP = "poop"
#: the special kinds, in the order hands are sorted (PP-6..PP-9)
SPECIALS = (MEGAPUG, BREAKDANCER, POOP)
LANGUAGES = ("uk", "ru", "en")
MAX_VALUE = 99

#: code -> value for every possible value card; ``VALUE.get(code)`` is None for a special
VALUE: dict[str, int] = {str(v): v for v in range(MAX_VALUE + 1)}

DEFAULT_DECK = "pug_party/deck.toml"


def value_of(card: str) -> int | None:
    """The value of a value card, None for a special card."""
    return VALUE.get(card)


def sort_key(card: str) -> tuple[int, int]:
    """Value cards by value, then Megapug, Breakdancer, Poop (the order hands are shown in)."""
    v = VALUE.get(card)
    if v is not None:
        return (0, v)
    return (1, SPECIALS.index(card) if card in SPECIALS else len(SPECIALS))


def sort_cards(cards: list[str]) -> list[str]:
    return sorted(cards, key=sort_key)


@dataclass(frozen=True)
class CardKind:
    """One ``[[card]]`` entry of a deck file: a code, its count and its names."""

    code: str
    value: int | None
    special: str | None
    count: int
    names: dict[str, str] = field(hash=False, compare=False)


@dataclass(frozen=True)
class Deck:
    """A validated deck file (PP-R1)."""

    path: str
    title: str
    kinds: tuple[CardKind, ...]

    def cards(self) -> list[str]:
        """Every card of the deck, in file order (before shuffling)."""
        return [k.code for k in self.kinds for _ in range(k.count)]

    def counts(self) -> dict[str, int]:
        return {k.code: k.count for k in self.kinds}

    @property
    def values(self) -> list[int]:
        return sorted(k.value for k in self.kinds if k.value is not None)

    @property
    def low(self) -> int:
        """The lowest value (0 in the default deck): the wrap target on the highest (PP-2)."""
        return self.values[0]

    @property
    def high(self) -> int:
        """The highest value (10 in the default deck)."""
        return self.values[-1]

    def name(self, code: str, lang: str = "en") -> str:
        """The card's name in ``lang`` (uk, ru or en)."""
        for k in self.kinds:
            if k.code == code:
                return k.names[lang]
        raise KeyError(code)

    def names(self, lang: str = "en") -> dict[str, str]:
        """code -> name in ``lang``, for boards and logs."""
        return {k.code: k.names[lang] for k in self.kinds}


_CACHE: dict[tuple[str, tuple[int, int]], Deck] = {}


def load_deck(option: str = DEFAULT_DECK) -> Deck:
    """Load and validate a deck file (absolute, or relative to the working folder, else
    to ``data/``, as every data file); errors are :class:`ConfigError` naming file and
    entry. Read again once the file is edited."""
    path = resolve(option)
    if not path.exists():
        raise ConfigError("deck", f"no deck file {str(path)!r} (from {option!r})",
                          code=NC_("error", "file_not_found"))
    key = (str(path), stamp(path))
    deck = _CACHE.get(key)
    if deck is None:
        deck = _parse(path)
        _CACHE[key] = deck
    return deck


#: a name: not blank
Line = Annotated[str, Field(pattern=r"\S")]


class CardNames(DataModel):
    """A card's name in every language of the kit."""

    uk: Line
    ru: Line
    en: Line


class CardEntry(DataModel):
    """One ``[[card]]``: a value card or a special one (exactly one, checked by hand)."""

    value: Annotated[int, Field(ge=0, le=MAX_VALUE)] | None = None
    special: Literal["megapug", "breakdancer", "poop"] | None = None  # (SPECIALS)
    count: PositiveInt
    names: CardNames


class DeckFile(DataModel):
    """The shape of a deck file (PP-R1)."""

    title: str | None = None
    card: list[CardEntry]


def _label(fname: str, raw: Any) -> Callable[[tuple[int | str, ...]], str]:
    """``deck <file> [[card]] #2 (value 3).count``: entries named as the rulebook's
    players read the file, counting cards from 1 and saying which card it is."""
    def label(loc: tuple[int | str, ...]) -> str:
        if len(loc) >= 2 and loc[0] == "card" and isinstance(loc[1], int):
            row = raw["card"][loc[1]]
            head = f"deck {fname} {table_entry('card', loc[1])}"
            if isinstance(row, dict):
                value, special = row.get("value"), row.get("special")
                if isinstance(value, int) and not isinstance(value, bool) and special is None:
                    head += f" (value {value})"
                elif isinstance(special, str) and value is None:
                    head += f" ({special})"
            return head + entry(loc[2:])
        return f"deck {fname} " + entry(loc).removeprefix(".")
    return label


def _parse(path: Path) -> Deck:
    fname = path.name
    try:  # (bounded: size, encoding, every count)
        data = load_toml(path, label=f"deck {fname}")
    except ConfigError as exc:
        raise ConfigError(exc.option, f"cannot read the deck file: {exc.message}",
                          code=NC_("error", "file_unreadable")) from None
    if not data.get("card"):
        raise ConfigError(f"deck {fname}", "needs at least one [[card]] entry",
                          code=NC_("error", "needs_entry"))
    for i, raw in enumerate(data["card"] if isinstance(data["card"], list) else [], start=1):
        if isinstance(raw, dict) and ("value" in raw) == ("special" in raw):  # first: the
            # rest of an entry is read as a value card or as a special one
            raise ConfigError(f"deck {fname} [[card]] #{i}",
                              "needs exactly one of `value` and `special`",
                              code=NC_("error", "pp_value_or_special"))
    shape = validated(DeckFile, data, "", "", label=_label(fname, data))
    kinds: list[CardKind] = []
    seen: set[str] = set()
    for i, row in enumerate(shape.card, start=1):
        where = f"deck {fname} [[card]] #{i}"
        code = str(row.value) if row.value is not None else str(row.special)
        if code in seen:
            label = f"value {row.value}" if row.value is not None else row.special
            raise ConfigError(f"{where} ({label})", f"card {code!r} is listed twice",
                              code=NC_("error", "appears_twice"), value=code)
        seen.add(code)
        kinds.append(CardKind(code, row.value, row.special, row.count,
                              {lg: getattr(row.names, lg) for lg in LANGUAGES}))
    if not any(k.value is not None for k in kinds):
        raise ConfigError(f"deck {fname}", "needs at least one value card",
                          code=NC_("error", "pp_no_value_card"))
    return Deck(str(path), shape.title if shape.title is not None else fname, tuple(kinds))
