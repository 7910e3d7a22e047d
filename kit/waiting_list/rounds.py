"""The five rounds and the penalty table (WL-2, WL-R1, WL-R4).

``data/waiting_list/rounds.toml`` gives each round's hand size and combination;
``data/waiting_list/penalties.toml`` the points for each card left in hand. Both are
options (``rounds``, ``penalties``) validated at load, with errors naming file and entry;
:func:`check_against_deck` checks them against a deck file.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Annotated

from pydantic import Field, NonNegativeInt, PositiveInt

from kit.datafile import load_toml, stamp
from kit.datamodel import DataModel, entry, table_entry, validated
from kit.errors import NC_, ConfigError
from kit.waiting_list.deck import Deck

ROUNDS_FILE = "waiting_list/rounds.toml"
PENALTIES_FILE = "waiting_list/penalties.toml"

#: the requirement filled by the organ the player's character waits for (WL-R1)
CHARACTER = "character"


@dataclass(frozen=True)
class Round:
    """One round's task (WL-2): hand size, combination, whether characters are dealt."""

    number: int
    hand_size: int
    combination: tuple[str, ...]
    characters: bool
    ru: str
    en: str
    origin: str
    uk: str = ""

    def task(self) -> dict:
        """The task as JSON for views."""
        return {"round": self.number, "hand_size": self.hand_size,
                "combination": list(self.combination), "characters": self.characters,
                "ru": self.ru, "uk": self.uk, "en": self.en, "origin": self.origin}


@dataclass(frozen=True)
class Rounds:
    """A validated rounds file: its path and the rounds in order."""

    path: str
    rounds: tuple[Round, ...]

    def __len__(self) -> int:
        return len(self.rounds)

    def __getitem__(self, number: int) -> Round:
        """Round ``number`` (1-based, as players count them)."""
        return self.rounds[number - 1]


@dataclass(frozen=True)
class Penalties:
    """WL-R4: points per card type left in hand, and for never revealing."""

    path: str
    per_card: dict[str, int]
    unrevealed: int

    def table(self) -> dict:
        return {"per_card": dict(self.per_card), "unrevealed": self.unrevealed}


def load_rounds(path: str = ROUNDS_FILE) -> Rounds:
    """The rounds file at ``path``, validated on its own (see :func:`check_against_deck`)."""
    return _rounds(str(path), stamp(path))


class RoundEntry(DataModel):
    """One ``[[round]]``: its number, hand size, combination, whether characters are dealt,
    the task in every language (WL-2) and what is rulebook and what reconstruction."""

    number: int
    hand_size: PositiveInt
    combination: list[Annotated[str, Field(min_length=1)]] = Field(min_length=1)
    characters: bool
    ru: str
    uk: str
    en: str
    origin: str


class RoundsFile(DataModel):
    """The shape of a rounds file (WL-2, WL-R1)."""

    round: list[RoundEntry] = Field(min_length=1)


def _label(loc: tuple[int | str, ...]) -> str:
    """``[[round]] #2.uk``: a round counted from 1, as a person reads the file."""
    if len(loc) >= 2 and loc[0] == "round" and isinstance(loc[1], int):
        return table_entry("round", loc[1]) + entry(loc[2:])
    return entry(loc).removeprefix(".")


@cache
def _rounds(path: str, _stamp: tuple[int, int]) -> Rounds:
    data = validated(RoundsFile, load_toml(path), path, ": ", label=_label)
    out = []
    for i, row in enumerate(data.round):
        where = f"{path}: {table_entry('round', i)}"
        if row.number != i + 1:
            raise ConfigError(f"{where}.number", f"rounds are numbered 1, 2, ... in order; "
                                                 f"expected {i + 1}, not {row.number}",
                              code=NC_("error", "wl_round_number"), want=i + 1,
                              value=row.number)
        combo, hand = row.combination, row.hand_size
        if len(combo) > hand:
            raise ConfigError(f"{where}.combination", f"{len(combo)} cards can't be revealed "
                                                      f"from a hand of {hand} and still leave one "
                                                      "to discard (WL-9)",
                              code=NC_("error", "wl_combo_too_big"), n=len(combo), hand=hand)
        if CHARACTER in combo and not row.characters:
            raise ConfigError(f"{where}.combination", "uses 'character' in a round that deals "
                                                      "no characters",
                              code=NC_("error", "wl_character_round"))
        out.append(Round(row.number, hand, tuple(combo), row.characters, row.ru, row.en,
                         row.origin, uk=row.uk))  # (every language: WL-2's task)
    return Rounds(path, tuple(out))


def load_penalties(path: str = PENALTIES_FILE) -> Penalties:
    """The penalty file at ``path`` (WL-R4), validated on its own."""
    return _penalties(str(path), stamp(path))


class PenaltiesFile(DataModel):
    """The shape of a penalty file (WL-R4): points per card type left in hand, and for
    never revealing the round's combination."""

    unrevealed: NonNegativeInt
    per_card: dict[str, NonNegativeInt]


@cache
def _penalties(path: str, _stamp: tuple[int, int]) -> Penalties:
    data = validated(PenaltiesFile, load_toml(path), path, ": ")
    return Penalties(path, dict(data.per_card), data.unrevealed)


def check_against_deck(rounds: Rounds, penalties: Penalties, deck: Deck,
                       players: int) -> None:
    """Cross-checks between the files (WL-R1, WL-R4); ConfigError names file and entry."""
    if CHARACTER in deck.types or CHARACTER in deck.organs or CHARACTER in deck.cards:
        raise ConfigError(f"{deck.path}: types", f"{CHARACTER!r} is reserved for the "
                                                 "character requirement",
                          code=NC_("error", "wl_reserved_type"))
    names = deck.names()
    for rnd in rounds.rounds:
        where = f"{rounds.path}: {table_entry('round', rnd.number - 1)}.combination"
        for req in rnd.combination:
            if req != CHARACTER and req not in names:
                raise ConfigError(where, f"no card of {deck.path} fills {req!r}; use a card "
                                         f"id, type or organ: {sorted(names)}",
                                  code=NC_("error", "wl_no_card_fills"), value=req)
        if players * rnd.hand_size + 1 > deck.size:
            raise ConfigError(f"{rounds.path}: {table_entry('round', rnd.number - 1)}.hand_size",
                              f"{players} hands of {rnd.hand_size} and the first discard need "
                              f"{players * rnd.hand_size + 1} cards; the deck has {deck.size}",
                              code=NC_("error", "too_few"),
                              need=players * rnd.hand_size + 1, players=players, have=deck.size)
        if rnd.characters and len(deck.characters) < players:
            raise ConfigError(f"{deck.path}: deck.characters",
                              f"round {rnd.number} deals a character to each of {players} "
                              f"players; the deck has {len(deck.characters)}",
                              code=NC_("error", "too_few"),
                              need=players, players=players, have=len(deck.characters))
    for kind in deck.types:
        if kind not in penalties.per_card:
            raise ConfigError(f"{penalties.path}: per_card", f"no penalty for card type {kind!r}",
                              code=NC_("error", "wl_no_penalty"), value=kind)
    for kind in penalties.per_card:
        if kind not in deck.types:
            raise ConfigError(f"{penalties.path}: per_card.{kind}",
                              f"{deck.path} has no card type {kind!r}",
                              code=NC_("error", "wl_unknown_type"), value=kind)


def check_rounds_option(value: str) -> str | None:
    load_rounds(value)
    return None


def check_penalties_option(value: str) -> str | None:
    load_penalties(value)
    return None
