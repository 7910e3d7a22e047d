"""The cards of «Лист ожидания» from ``data/waiting_list/deck.toml`` (WL-1, WL-R1, WL-R2).

The deck file is an option (``deck``): another file of the same shape (say, the printed
list) works without code changes. It is validated at load; every error is a
:class:`kit.ConfigError` whose ``option`` names the file and the entry.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cache

from kit.datafile import load_toml, need, resolve
from kit.errors import NC_, ConfigError
from kit.readonly import freeze

FILE = "waiting_list/deck.toml"
ORIGINS = ("rulebook", "reconstruction", "sourced")
_ID = re.compile(r"^[a-z][a-z0-9_]*$")


@dataclass(frozen=True)
class CardType:
    """A card type (organ, surgeon, ...): names, and whether it may be laid (WL-9)."""

    name: str
    ru: str
    en: str
    layable: bool
    sourced: bool
    origin: str
    uk: str = ""


@dataclass(frozen=True)
class Card:
    """One kind of card of the main deck and how many copies it has."""

    id: str
    type: str
    ru: str
    en: str
    count: int
    origin: str
    organ: str | None = None
    text_ru: str | None = None
    text_en: str | None = None
    source: str | None = None
    year: str | None = None
    uk: str = ""
    text_uk: str | None = None


@dataclass(frozen=True)
class Character:
    """A «Персонаж, ожидающий пересадку» card: the organ its player needs (WL-R1)."""

    id: str
    organ: str
    ru: str
    en: str
    origin: str
    uk: str = ""


@dataclass(frozen=True)
class Deck:
    """A validated deck file."""

    path: str
    types: dict[str, CardType]
    cards: dict[str, Card]
    characters: dict[str, Character]
    #: card id -> the requirement names it fills: its id, type and organ (see combination)
    tokens: dict[str, frozenset[str]] = field(repr=False)
    #: card id -> its JSON for views and boards (read-only: shared by every view and game)
    catalogue: dict[str, dict] = field(repr=False)

    def main(self) -> list[str]:
        """Every card of the main deck (one id per copy), in a fixed order."""
        return [c.id for c in self.cards.values() for _ in range(c.count)]

    @property
    def size(self) -> int:
        return sum(c.count for c in self.cards.values())

    @property
    def layable(self) -> frozenset[str]:
        """Ids of the cards that may be added to a revealed combination (WL-9)."""
        return frozenset(c.id for c in self.cards.values() if self.types[c.type].layable)

    @property
    def organs(self) -> frozenset[str]:
        return frozenset(c.organ for c in self.cards.values() if c.organ)

    def card_type(self, card: str) -> str:
        return self.cards[card].type

    def names(self) -> frozenset[str]:
        """Every name a combination requirement may use (ids, types, organs)."""
        return frozenset(self.cards) | frozenset(self.types) | self.organs


def _text(table: dict, key: str, where: str) -> str:
    value = need(table, key, str, where)
    if not value.strip():
        raise ConfigError(f"{where}.{key}", "must not be empty",
                          code=NC_("error", "must_not_be_empty"))
    return value


def _origin(table: dict, where: str) -> str:
    origin = need(table, "origin", str, where)
    if origin not in ORIGINS:
        raise ConfigError(f"{where}.origin", f"must be one of {list(ORIGINS)}, not {origin!r}",
                          code=NC_("error", "option_choice"),
                          value=origin, choices=", ".join(ORIGINS))
    return origin


def load_deck(path: str = FILE) -> Deck:
    """The deck file at ``path`` (absolute, or relative to ``data/``), validated."""
    p = resolve(path)
    try:
        stamp = p.stat().st_mtime_ns
    except OSError:
        stamp = 0
    return _load(str(path), stamp)


@cache
def _load(path: str, _stamp: int) -> Deck:
    data = load_toml(path)
    head = need(data, "deck", dict, path)
    main_total = need(head, "main_cards", int, f"{path}: deck")
    char_total = need(head, "characters", int, f"{path}: deck")
    declared = need(head, "types", dict, f"{path}: deck")

    types: dict[str, CardType] = {}
    for name, row in need(data, "types", dict, path).items():
        where = f"{path}: types.{name}"
        if not isinstance(row, dict):
            raise ConfigError(where, "must be a table", code=NC_("error", "must_be_table"))
        sourced = row.get("sourced", False)
        if not isinstance(sourced, bool):
            raise ConfigError(f"{where}.sourced", f"must be true or false, not {sourced!r}",
                              code=NC_("error", "must_be_bool"), value=sourced)
        types[name] = CardType(name, _text(row, "ru", where), _text(row, "en", where),
                               need(row, "layable", bool, where), sourced, _origin(row, where),
                               uk=_text(row, "uk", where))

    cards: dict[str, Card] = {}
    for i, row in enumerate(need(data, "card", list, path)):
        cid = row.get("id") if isinstance(row, dict) else None
        where = f"{path}: card[{i}]" + (f" {cid}" if isinstance(cid, str) else "")
        cid = need(row, "id", str, where)
        if not _ID.match(cid):
            raise ConfigError(f"{where}.id", "must be lower-case letters, digits and _",
                              code=NC_("error", "id_format"))
        if cid in cards:
            raise ConfigError(f"{where}.id", f"the id {cid!r} appears twice",
                              code=NC_("error", "appears_twice"), value=cid)
        kind = need(row, "type", str, where)
        if kind not in types:
            raise ConfigError(f"{where}.type", f"unknown type {kind!r}; known: {sorted(types)}",
                              code=NC_("error", "option_choice"),
                              value=kind, choices=", ".join(sorted(types)))
        count = need(row, "count", int, where)
        if count < 1:
            raise ConfigError(f"{where}.count", f"must be at least 1, not {count}",
                              code=NC_("error", "at_least"), low=1, value=count)
        organ = row.get("organ")
        if kind == "organ":
            organ = need(row, "organ", str, where)
        elif organ is not None:
            raise ConfigError(f"{where}.organ", "only organ cards name an organ",
                              code=NC_("error", "wl_organ_only"))
        extra: dict[str, str] = {}
        if types[kind].sourced:
            extra = {k: _text(row, k, where)
                     for k in ("text_ru", "text_uk", "text_en", "source", "year")}
        cards[cid] = Card(cid, kind, _text(row, "ru", where), _text(row, "en", where), count,
                          _origin(row, where), organ, uk=_text(row, "uk", where), **extra)

    characters: dict[str, Character] = {}
    organs = {c.organ for c in cards.values() if c.organ}
    for i, row in enumerate(need(data, "character", list, path)):
        cid = row.get("id") if isinstance(row, dict) else None
        where = f"{path}: character[{i}]" + (f" {cid}" if isinstance(cid, str) else "")
        cid = need(row, "id", str, where)
        if not _ID.match(cid):
            raise ConfigError(f"{where}.id", "must be lower-case letters, digits and _",
                              code=NC_("error", "id_format"))
        if cid in characters or cid in cards:
            raise ConfigError(f"{where}.id", f"the id {cid!r} appears twice",
                              code=NC_("error", "appears_twice"), value=cid)
        organ = need(row, "organ", str, where)
        if organ not in organs:
            raise ConfigError(f"{where}.organ", f"no organ card is a {organ!r}; organs: "
                                                f"{sorted(organs)}",
                              code=NC_("error", "option_choice"),
                              value=organ, choices=", ".join(sorted(organs)))
        characters[cid] = Character(cid, organ, _text(row, "ru", where),
                                    _text(row, "en", where), _origin(row, where),
                                    uk=_text(row, "uk", where))

    # the declared totals (WL-1): the cards must add up to them
    by_type: Counter[str] = Counter()
    for c in cards.values():
        by_type[c.type] += c.count
    for kind, want in declared.items():
        where = f"{path}: deck.types.{kind}"
        if kind not in types:
            raise ConfigError(where, f"unknown type {kind!r}; known: {sorted(types)}",
                              code=NC_("error", "option_choice"),
                              value=kind, choices=", ".join(sorted(types)))
        if not isinstance(want, int) or isinstance(want, bool):
            raise ConfigError(where, f"must be an integer, not {want!r}",
                              code=NC_("error", "entry_type"), value=want)
        if by_type[kind] != want:
            raise ConfigError(where, f"declares {want} cards but the [[card]] entries of type "
                                     f"{kind!r} add up to {by_type[kind]}",
                              code=NC_("error", "count_mismatch"), want=want, got=by_type[kind])
    for kind in by_type:
        if kind not in declared:
            raise ConfigError(f"{path}: deck.types", f"declares no total for type {kind!r}",
                              code=NC_("error", "wl_type_total"), value=kind)
    if sum(by_type.values()) != main_total:
        raise ConfigError(f"{path}: deck.main_cards", f"declares {main_total} cards but the "
                                                      f"[[card]] entries add up to "
                                                      f"{sum(by_type.values())}",
                          code=NC_("error", "count_mismatch"),
                          want=main_total, got=sum(by_type.values()))
    if len(characters) != char_total:
        raise ConfigError(f"{path}: deck.characters", f"declares {char_total} characters but "
                                                      f"there are {len(characters)}",
                          code=NC_("error", "count_mismatch"), want=char_total, got=len(characters))

    tokens = {c.id: frozenset(x for x in (c.id, c.type, c.organ) if x) for c in cards.values()}
    catalogue: dict[str, dict] = {}
    for c in cards.values():
        entry = {"id": c.id, "type": c.type, "ru": c.ru, "uk": c.uk, "en": c.en,
                 "organ": c.organ, "layable": types[c.type].layable, "origin": c.origin}
        if c.text_ru is not None:
            entry.update(text_ru=c.text_ru, text_uk=c.text_uk, text_en=c.text_en,
                         source=c.source, year=c.year)
        catalogue[c.id] = entry
    for ch in characters.values():
        catalogue[ch.id] = {"id": ch.id, "type": "character", "ru": ch.ru, "uk": ch.uk,
                            "en": ch.en, "organ": ch.organ, "layable": False,
                            "origin": ch.origin}
    return Deck(path, types, cards, characters, tokens, freeze(catalogue))


def check_deck_option(value: str) -> str | None:
    """Option check of ``deck``: load it (a broken file raises a ConfigError naming the entry)."""
    load_deck(value)
    return None
