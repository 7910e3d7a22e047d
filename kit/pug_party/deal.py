"""The deal: 3 face-down, 3 face-up and 3 hand cards each (PP-R1), or a scripted one.

The ``deal`` option (default None: a shuffled deal from the seed) lays out a
prepared situation for tests, tutorials and boards. It is an ordinary option, so
a scripted game replays (``kit.replay``), snapshots and clones like any other,
and ``kit.scenarios`` files can hold it as an ``[options.deal]`` table. Its keys,
all by card code (``"7"``, ``"megapug"``...), all optional except ``hands``:

- ``hands``, ``face_up``: one list per seat;
- ``face_down``: one list of slots per seat (positions 0, 1, 2 ...); an empty
  slot (a card already played) is ``None``, or ``""`` in TOML;
- ``draw``: the draw deck, **top card first**;
- ``pile``: the pile of the current round, **bottom card first**; its direction,
  value to beat and four-of-a-kind run are read from it (:func:`pile.read_pile`);
- ``burned``: cards already out of the game;
- ``out``: seats already out, in the order they went out;
- ``known``: per seat, hand cards everyone knows (taken from the pile);
- ``rest``: where the deck file's unlisted cards go: ``"burned"`` (default) or
  ``"deck"`` (under the listed ``draw`` cards, shuffled from the seed).

The seat to act is the ``first_player`` option (PP-12). The ``swap`` phase, if
on, happens as in any game. :func:`check` refuses what the rules can't reach.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from kit.datamodel import DataModel, validated
from kit.errors import NC_, ConfigError
from kit.pug_party.cards import MEGAPUG, sort_key
from kit.pug_party.pile import ACROSS_PLAYS, BURN_RUN, NEW_ROUND, UP, Top, read_pile

if TYPE_CHECKING:
    from kit.pug_party.state import State

HAND_SIZE = 3  # PP-1, PP-R1
TABLE_CARDS = 3  # PP-R1: 3 face-up, 3 face-down


class DealShape(DataModel):
    """The shape of the ``deal`` option (see the module docstring); how many lists and
    which cards are checked at setup, knowing the seats and the deck."""

    hands: list[list[str]]
    face_up: list[list[str]] | None = None
    #: an empty slot is ``None`` (``""`` in TOML, which has no null)
    face_down: list[list[str | None]] | None = None
    draw: list[str] = Field(default_factory=list)
    pile: list[str] = Field(default_factory=list)
    burned: list[str] = Field(default_factory=list)
    out: list[int] = Field(default_factory=list)
    known: list[list[str]] | None = None
    rest: Literal["burned", "deck"] = "burned"


def check_option(value: Any) -> str | None:
    """Shape check of the ``deal`` option (the rest is checked at setup, knowing the seats)."""
    validated(DealShape, value, "deal", " ")
    return None


@dataclass
class Layout:
    """Where the deal puts every card: the zones of :class:`kit.pug_party.state.State`,
    by the same names (the draw pile's top card last)."""

    hands: list[list[str]] = field(default_factory=list)
    face_up: list[list[str]] = field(default_factory=list)
    face_down: list[list[str | None]] = field(default_factory=list)
    draw: list[str] = field(default_factory=list)
    known: list[list[str]] = field(default_factory=list)
    pile: list[str] = field(default_factory=list)
    burned: list[str] = field(default_factory=list)
    out: list[int] = field(default_factory=list)
    top: Top = NEW_ROUND


def shuffled(state: State) -> Layout:
    """PP-R1: shuffle the deck from the seed and deal 3 face-down, 3 face-up, 3 in hand
    (``state``, being set up, gives the seats, deck and seed; it adopts the result)."""
    n = state.players
    lay = Layout()
    cards = state.deck.cards()
    need = n * (HAND_SIZE + 2 * TABLE_CARDS)
    if len(cards) < need:
        raise ConfigError("deck", f"{state.deck.path} has {len(cards)} cards; "
                                  f"{n} players need at least {need}",
                          code=NC_("error", "too_few"), need=need, players=n, have=len(cards))
    state.rng.shuffle(cards)
    lay.face_down = [[cards.pop() for _ in range(TABLE_CARDS)] for _ in range(n)]
    lay.face_up = [sorted([cards.pop() for _ in range(TABLE_CARDS)], key=sort_key)
                     for _ in range(n)]
    lay.hands = [sorted([cards.pop() for _ in range(HAND_SIZE)], key=sort_key)
                   for _ in range(n)]
    lay.draw = cards
    lay.known = [[] for _ in range(n)]
    return lay


def scripted(state: State, deal: dict) -> Layout:
    """The zones the ``deal`` option lays out (see the module docstring); the state adopts
    them and then runs :func:`check`."""
    n = state.players
    lay = Layout()
    shape = validated(DealShape, deal, "deal", " ")
    rest = shape.rest
    none: list[list[Any]] = [[] for _ in range(n)]
    hands = _per_seat("hands", shape.hands, n)
    ups = _per_seat("face_up", none if shape.face_up is None else shape.face_up, n)
    downs = [[c or None for c in slots] for slots in _per_seat(
        "face_down", none if shape.face_down is None else shape.face_down, n)]
    known = _per_seat("known", none if shape.known is None else shape.known, n)
    draw, pile, burned, out = list(shape.draw), list(shape.pile), list(shape.burned), shape.out
    if len(set(out)) != len(out) or any(not 0 <= s < n for s in out):
        raise ConfigError("deal out", f"must list distinct seats 0-{n - 1}",
                          code=NC_("error", "seats_distinct"))
    listed = Counter(c for zone in (*hands, *ups, draw, pile, burned) for c in zone)
    listed.update(c for slots in downs for c in slots if c is not None)
    counts = state.deck.counts()
    for card, k in listed.items():
        if card not in counts:
            raise ConfigError(f"deal card {card!r}", "is not a card of the deck "
                                                     f"{state.deck.path}",
                              code=NC_("error", "not_a_card"), value=card, deck=state.deck.path)
        if k > counts[card]:
            raise ConfigError(f"deal card {card!r}", f"used {k} times; the deck has "
                                                     f"{counts[card]}",
                              code=NC_("error", "card_count"), card=card)
    unlisted = state.deck.cards()
    for card, k in listed.items():
        for _ in range(k):
            unlisted.remove(card)
    state.rng.shuffle(unlisted)
    lay.draw = draw[::-1]  # the engine keeps the top card last
    lay.burned = burned
    if rest == "deck":
        lay.draw = unlisted + lay.draw
    else:
        lay.burned += sorted(unlisted, key=sort_key)
    lay.hands = [sorted(h, key=sort_key) for h in hands]
    lay.face_up = [sorted(f, key=sort_key) for f in ups]
    lay.face_down = downs
    lay.known = [sorted(k, key=sort_key) for k in known]
    lay.pile = pile
    lay.top = read_pile(pile, UP, state.options["after_breakdancer"])
    lay.out = list(out)
    return lay


def _per_seat(name: str, zones: list[list[Any]], n: int) -> list[list[Any]]:
    """One list per seat (the count is known only at setup)."""
    if len(zones) != n:
        raise ConfigError(f"deal {name}", f"needs one list per seat ({n})",
                          code=NC_("error", "one_per_seat"), n=n)
    return [list(zone) for zone in zones]


def check(state: State) -> None:
    """Raise :class:`ConfigError` if ``state`` is not a situation the rules can reach:
    the zones hold exactly the deck's cards; a seat that is out holds nothing and one
    still in holds something (PP-12); hands hold 3 or more while the deck lasts (PP-1);
    known cards are in the hand; nobody is out while the deck lasts; no Megapug (PP-7)
    nor burning four of a kind (PP-5) on the pile; two seats or more still in, the seat
    to act among them."""
    n = state.players
    inventory = Counter(c for zone in state.zones().values() for c in zone)
    if inventory != Counter(state.deck.counts()):
        raise ConfigError("deal", "the zones do not hold exactly the deck's cards",
                          code=NC_("error", "deal_cards_missing"))
    for s in range(n):
        held = state.cards_held(s)
        if s in state.out and held:
            raise ConfigError(f"deal seat {s}", "is out but still holds cards",
                              code=NC_("error", "deal_impossible"))
        if s not in state.out and not held:
            raise ConfigError(f"deal seat {s}", "holds no cards: list it in `out` (PP-12)",
                              code=NC_("error", "deal_impossible"))
        if state.draw and s not in state.out and len(state.hands[s]) < HAND_SIZE:
            raise ConfigError(f"deal hands[{s}]", "holds fewer than 3 cards while the deck "
                                                  "lasts (PP-1)",
                              code=NC_("error", "deal_impossible"))
        if Counter(state.known[s]) - Counter(state.hands[s]):
            raise ConfigError(f"deal known[{s}]", "lists cards that are not in the hand",
                              code=NC_("error", "deal_impossible"))
    if state.draw and state.out:
        raise ConfigError("deal out", "nobody goes out while the deck lasts (PP-1, PP-10)",
                          code=NC_("error", "deal_impossible"))
    if len(state.active()) < 2:
        raise ConfigError("deal out", "at least two seats must still be playing",
                          code=NC_("error", "deal_impossible"))
    if state.turn in state.out:
        raise ConfigError("first_player", f"seat {state.turn} is out; the seat to act must "
                                          "still be playing",
                          code=NC_("error", "deal_impossible"))
    if MEGAPUG in state.pile:
        raise ConfigError("deal pile", "a Megapug burns the pile at once (PP-7)",
                          code=NC_("error", "deal_impossible"))
    if state.top.run_length >= BURN_RUN and state.options["four_of_a_kind"] == ACROSS_PLAYS:
        raise ConfigError("deal pile", "four of a kind on top would have burned (PP-5)",
                          code=NC_("error", "deal_impossible"))
