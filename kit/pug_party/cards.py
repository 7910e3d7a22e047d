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

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kit.datafile import load_toml
from kit.errors import NC_, ConfigError
from kit.paths import DATA_DIR

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


def deck_path(option: str) -> Path:
    """The file of a ``deck`` option: absolute as given, relative under the data folder
    (``kit.paths.DATA_DIR``), or relative to the working directory if it exists there."""
    p = Path(option)
    if p.is_absolute():
        return p
    under_data = DATA_DIR / p
    if under_data.exists() or not p.exists():
        return under_data
    return p.resolve()


_CACHE: dict[tuple[str, int], Deck] = {}


def load_deck(option: str = DEFAULT_DECK) -> Deck:
    """Load and validate a deck file; errors are :class:`ConfigError` naming file and entry."""
    path = deck_path(option)
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        raise ConfigError("deck", f"no deck file {str(path)!r} (from {option!r})",
                          code=NC_("error", "file_not_found")) from None
    key = (str(path), stamp)
    deck = _CACHE.get(key)
    if deck is None:
        deck = _parse(path)
        _CACHE[key] = deck
    return deck


def _parse(path: Path) -> Deck:
    fname = path.name
    try:  # (bounded: size, encoding, every count)
        data = load_toml(path, label=f"deck {fname}")
    except ConfigError as exc:
        raise ConfigError(exc.option, f"cannot read the deck file: {exc.message}",
                          code=NC_("error", "file_unreadable")) from None
    unknown = set(data) - {"title", "card"}
    if unknown:
        raise ConfigError(f"deck {fname}", f"unknown key(s) {sorted(unknown)}; "
                                           "allowed: title, [[card]]",
                          code=NC_("error", "unknown_keys"),
                          keys=", ".join(sorted(map(str, unknown))))
    title = data.get("title", fname)
    if not isinstance(title, str):
        raise ConfigError(f"deck {fname} title", "must be a string",
                          code=NC_("error", "must_be_text"))
    entries = data.get("card")
    if not isinstance(entries, list) or not entries:
        raise ConfigError(f"deck {fname}", "needs at least one [[card]] entry",
                          code=NC_("error", "needs_entry"))
    kinds: list[CardKind] = []
    seen: set[str] = set()
    for i, entry in enumerate(entries, start=1):
        kind = _parse_entry(fname, i, entry)
        if kind.code in seen:
            label = f"value {kind.value}" if kind.value is not None else kind.special
            raise ConfigError(f"deck {fname} [[card]] #{i} ({label})",
                              f"card {kind.code!r} is listed twice",
                              code=NC_("error", "appears_twice"), value=kind.code)
        seen.add(kind.code)
        kinds.append(kind)
    if not any(k.value is not None for k in kinds):
        raise ConfigError(f"deck {fname}", "needs at least one value card",
                          code=NC_("error", "pp_no_value_card"))
    return Deck(str(path), title, tuple(kinds))


def _parse_entry(fname: str, i: int, entry: Any) -> CardKind:
    where = f"deck {fname} [[card]] #{i}"
    if not isinstance(entry, dict):
        raise ConfigError(where, "must be a table", code=NC_("error", "must_be_table"))
    unknown = set(entry) - {"value", "special", "count", "names"}
    if unknown:
        raise ConfigError(where, f"unknown key(s) {sorted(unknown)}; "
                                 "allowed: value or special, count, names",
                          code=NC_("error", "unknown_keys"),
                          keys=", ".join(sorted(map(str, unknown))))
    value, special = entry.get("value"), entry.get("special")
    if (value is None) == (special is None):
        raise ConfigError(where, "needs exactly one of `value` and `special`",
                          code=NC_("error", "pp_value_or_special"))
    if value is not None:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_VALUE:
            raise ConfigError(where, f"value must be an integer 0-{MAX_VALUE}, not {value!r}",
                              code=NC_("error", "must_be_int_range"),
                              low=0, high=MAX_VALUE, value=value)
        code = str(value)
        where += f" (value {value})"
    else:
        if special not in SPECIALS:
            raise ConfigError(where, f"special must be one of {list(SPECIALS)}, not {special!r}",
                              code=NC_("error", "option_choice"),
                              value=special, choices=", ".join(SPECIALS))
        code = special
        where += f" ({special})"
    count = entry.get("count")
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise ConfigError(where, f"count must be a positive integer, not {count!r}",
                          code=NC_("error", "at_least"), low=1, value=count)
    names = entry.get("names")
    if not isinstance(names, dict):
        raise ConfigError(where, "needs names = { uk = ..., ru = ..., en = ... }",
                          code=NC_("error", "names_needed"), lang=", ".join(LANGUAGES))
    for lang in LANGUAGES:
        if not isinstance(names.get(lang), str) or not names[lang].strip():
            raise ConfigError(where, f"needs a non-empty name in {lang!r}",
                              code=NC_("error", "names_needed"), lang=lang)
    extra = set(names) - set(LANGUAGES)
    if extra:
        raise ConfigError(where, f"unknown name language(s) {sorted(extra)}; "
                                 f"allowed: {list(LANGUAGES)}",
                          code=NC_("error", "unknown_keys"),
                          keys=", ".join(sorted(map(str, extra))))
    return CardKind(code, value, special, count, {lg: names[lg] for lg in LANGUAGES})
