"""The cards of «Лист ожидания» from ``data/waiting_list/deck.toml`` (WL-1, WL-R1, WL-R2).

The deck file is an option (``deck``): another file of the same shape (say, the printed
list) works without code changes. It is validated at load; every error is a
:class:`kit.ConfigError` whose ``option`` names the file and the entry.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Annotated, Any, Literal

from pydantic import Field, PositiveInt

from kit.datafile import load_toml, stamp
from kit.datamodel import DataModel, entry, table_entry, validated
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


#: a name or text: not blank
Text = Annotated[str, Field(pattern=r"\S")]
#: a card or character id
Id = Annotated[str, Field(pattern=_ID.pattern)]
Origin = Literal["rulebook", "reconstruction", "sourced"]


class TypeEntry(DataModel):
    """``[types.<name>]``: a card type's names, whether it may be laid (WL-9), whether
    its cards carry a sourced fact (WL-R2)."""

    ru: Text
    uk: Text
    en: Text
    layable: bool
    sourced: bool = False
    origin: Origin


class CardEntry(DataModel):
    """One ``[[card]]``; the fact texts and source only for sourced types (checked by hand)."""

    id: Id
    type: str
    count: PositiveInt
    organ: str | None = None
    ru: Text
    uk: Text
    en: Text
    origin: Origin
    text_ru: Text | None = None
    text_uk: Text | None = None
    text_en: Text | None = None
    source: Text | None = None
    year: Text | None = None


class CharacterEntry(DataModel):
    """One ``[[character]]``: whom it is, the organ it waits for (WL-1)."""

    id: Id
    organ: str
    ru: Text
    uk: Text
    en: Text
    origin: Origin


class DeckHead(DataModel):
    """``[deck]``: the declared totals (WL-1)."""

    main_cards: int
    characters: int
    types: dict[str, int]


class DeckFile(DataModel):
    """The shape of a deck file (WL-1, WL-R1, WL-R2)."""

    deck: DeckHead
    types: dict[str, TypeEntry]
    card: list[CardEntry]
    character: list[CharacterEntry]


def _label(raw: Any) -> Callable[[tuple[int | str, ...]], str]:
    """Entries of the card and character lists counted from 1 and named with their id
    too: ``[[card]] #3 heart``."""
    def label(loc: tuple[int | str, ...]) -> str:
        if len(loc) >= 2 and loc[0] in ("card", "character") and isinstance(loc[1], int):
            row = raw.get(loc[0])[loc[1]]
            cid = row.get("id") if isinstance(row, dict) else None
            head = table_entry(str(loc[0]), loc[1], cid if isinstance(cid, str) else None)
            return head + entry(loc[2:])
        return entry(loc).removeprefix(".")
    return label


def load_deck(path: str = FILE) -> Deck:
    """The deck file at ``path`` (absolute, or relative to ``data/``), validated."""
    return _load(str(path), stamp(path))


@cache
def _load(path: str, _stamp: tuple[int, int]) -> Deck:
    raw = load_toml(path)
    data = validated(DeckFile, raw, path, ": ", label=_label(raw))
    main_total, char_total = data.deck.main_cards, data.deck.characters
    declared = data.deck.types
    types = {name: CardType(name, row.ru, row.en, row.layable, row.sourced, row.origin,
                            uk=row.uk)
             for name, row in data.types.items()}

    cards: dict[str, Card] = {}
    for i, row in enumerate(data.card):
        where = f"{path}: {table_entry('card', i, row.id)}"
        if row.id in cards:
            raise ConfigError(f"{where}.id", f"the id {row.id!r} appears twice",
                              code=NC_("error", "appears_twice"), value=row.id)
        if row.type not in types:
            raise ConfigError(f"{where}.type", f"unknown type {row.type!r}; known: "
                                               f"{sorted(types)}",
                              code=NC_("error", "option_choice"),
                              value=row.type, choices=", ".join(sorted(types)))
        if row.type == "organ" and row.organ is None:
            raise ConfigError(f"{where}.organ", "missing", code=NC_("error", "entry_missing"))
        if row.type != "organ" and row.organ is not None:
            raise ConfigError(f"{where}.organ", "only organ cards name an organ",
                              code=NC_("error", "wl_organ_only"))
        extra: dict[str, str] = {}
        if types[row.type].sourced:  # WL-R2: a fact card carries its text and source
            for k in ("text_ru", "text_uk", "text_en", "source", "year"):
                text = getattr(row, k)
                if text is None:
                    raise ConfigError(f"{where}.{k}", "missing",
                                      code=NC_("error", "entry_missing"))
                extra[k] = text
        cards[row.id] = Card(row.id, row.type, row.ru, row.en, row.count, row.origin,
                             row.organ, uk=row.uk, **extra)

    characters: dict[str, Character] = {}
    organs = {c.organ for c in cards.values() if c.organ}
    for i, person in enumerate(data.character):
        where = f"{path}: {table_entry('character', i, person.id)}"
        if person.id in characters or person.id in cards:
            raise ConfigError(f"{where}.id", f"the id {person.id!r} appears twice",
                              code=NC_("error", "appears_twice"), value=person.id)
        if person.organ not in organs:
            raise ConfigError(f"{where}.organ", f"no organ card is a {person.organ!r}; organs: "
                                                f"{sorted(organs)}",
                              code=NC_("error", "option_choice"),
                              value=person.organ, choices=", ".join(sorted(organs)))
        characters[person.id] = Character(person.id, person.organ, person.ru, person.en,
                                          person.origin, uk=person.uk)

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
        item = {"id": c.id, "type": c.type, "ru": c.ru, "uk": c.uk, "en": c.en,
                 "organ": c.organ, "layable": types[c.type].layable, "origin": c.origin}
        if c.text_ru is not None:
            item.update(text_ru=c.text_ru, text_uk=c.text_uk, text_en=c.text_en,
                         source=c.source, year=c.year)
        catalogue[c.id] = item
    for ch in characters.values():
        catalogue[ch.id] = {"id": ch.id, "type": "character", "ru": ch.ru, "uk": ch.uk,
                            "en": ch.en, "organ": ch.organ, "layable": False,
                            "origin": ch.origin}
    return Deck(path, types, cards, characters, tokens, freeze(catalogue))


def check_deck_option(value: str) -> str | None:
    """Option check of ``deck``: load it (a broken file raises a ConfigError naming the entry)."""
    load_deck(value)
    return None
