"""The ``deal`` option: a game that starts from a prepared layout (tests, tutorials).

``kit.new_game("waiting_list", 3, seed, deal={...})`` starts in the round and turn the
layout says, with every card where it says; everything after that is the ordinary game,
so a prepared situation replays, snapshots and clones like any other (``kit.replay``
with the same ``deal`` reproduces it). Keys (only ``hands`` is required):

=============== ===========================================================================
``round``       the round being played (default 1); earlier rounds are summed from ``scores``
``dealer``      the dealer of that round (default: ``first_dealer`` rotated to the right)
``turn``        the seat whose turn comes (default: the dealer's right)
``opening``     true: the top discard is the card turned up after the deal (no discarder);
                default: the seat to ``turn``'s left discarded it
``phase``       ``"offer"`` (default): ``turn`` decides on the live top discard (WL-R3);
                ``"play"``: ``turn`` has taken a card and reveals, lays or discards
``hands``       one list of card ids per seat
``pile``        the discard pile, bottom first; all but the top are covered (dead)
``top_live``    false: the top card was covered once and came back (dead); default true
``deck_top``    the next cards drawn, in order; the cards placed nowhere are shuffled by
                the seed under them
``deck_size``   keep only this many cards in the deck; the others lie dead under ``pile``
``deck``        or the whole deck, bottom first (instead of ``deck_top``/``deck_size``)
``characters``  one character id per seat in rounds that deal them (default: dealt by seed)
``combinations`` revealed combinations, one list per seat (``[]``: not revealed)
``laid``        facts and positive circumstances added to them, one list per seat
``known``       cards everyone saw a seat take from the pile, one list per seat
``scores``      penalties of the earlier rounds, one row of seats per round (default 0)
``round_winners`` who won each earlier round (seat or null)
``turns``       turns already played this round (for the ``round_laps`` bound)
``reshuffles``  times the discard pile was already shuffled into the deck this round
=============== ===========================================================================

Errors are :class:`kit.ConfigError` naming ``deal.<key>`` (and the seat).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from kit.datamodel import DataModel, validated
from kit.errors import NC_, ConfigError
from kit.waiting_list.combination import is_combination
from kit.waiting_list.legal import OFFER, PLAY
from kit.waiting_list.table import left_of, right_of

if TYPE_CHECKING:
    from kit.waiting_list.state import WaitingListState

class DealShape(DataModel):
    """The types of the ``deal`` option's keys (see the table above)."""

    round: int = 1
    dealer: int | None = None
    turn: int | None = None
    opening: bool = False
    phase: Literal["offer", "play"] = "offer"  # (OFFER, PLAY)
    hands: list[list[str]]
    pile: list[str] = Field(default_factory=list)
    top_live: bool = True
    deck_top: list[str] = Field(default_factory=list)
    deck_size: int | None = None
    deck: list[str] | None = None
    characters: list[str | None] | None = None
    combinations: list[list[str]] | None = None
    laid: list[list[str]] | None = None
    known: list[list[str]] | None = None
    scores: list[list[int]] | None = None
    round_winners: list[int | None] | None = None
    turns: int = 0
    reshuffles: int = 0


#: the keys of the ``deal`` option
KEYS = tuple(DealShape.model_fields)


def _int(deal: dict, key: str, default: int, low: int, high: int) -> int:
    value = deal.get(key)
    if value is None:
        value = default
    if not low <= value <= high:
        raise ConfigError(f"deal.{key}", f"must be an integer {low}–{high}, not {value!r}",
                          code=NC_("error", "must_be_int_range"), low=low, high=high, value=value)
    return value


def _bool(deal: dict, key: str, default: bool) -> bool:
    return deal.get(key, default)


def _cards(value: Any, where: str) -> list[str]:
    if any(not isinstance(c, str) for c in value):  # (characters: None outside their rounds)
        raise ConfigError(where, f"must be a list of card ids, not {value!r}",
                          code=NC_("error", "must_be_list"))
    return list(value)


def _per_seat(deal: dict, key: str, players: int) -> list[list[str]]:
    value = deal.get(key)
    if value is None:
        return [[] for _ in range(players)]
    if len(value) != players:
        raise ConfigError(f"deal.{key}", f"needs one list per seat ({players})",
                          code=NC_("error", "one_per_seat"), n=players)
    return [_cards(v, f"deal.{key}[{seat}]") for seat, v in enumerate(value)]


@dataclass
class Layout:
    """Where a prepared ``deal`` puts everything: the fields of
    :class:`kit.waiting_list.state.WaitingListState` it sets, by the same names."""

    round_no: int = 1
    dealer: int = 0
    turn: int = 0
    discarder: int | None = None
    phase: str = OFFER
    claim_at: int = 0
    hands: list[list[str]] = field(default_factory=list)
    combos: list[list[str]] = field(default_factory=list)
    laid: list[list[str]] = field(default_factory=list)
    known: list[dict[str, int]] = field(default_factory=list)
    turns: int = 0
    reshuffles: int = 0
    scores: list[list[int]] = field(default_factory=list)
    round_log: list[dict] = field(default_factory=list)
    characters: list[str | None] = field(default_factory=list)
    box: list[str] = field(default_factory=list)
    shown: list[bool] = field(default_factory=list)
    pile: list[str] = field(default_factory=list)
    top_live: bool = False
    deck: list[str] = field(default_factory=list)


def scripted(state: WaitingListState, deal: dict) -> Layout:
    """The layout ``deal`` describes for ``state`` (being set up; read, not written): the
    state adopts it and then runs :func:`check_consistency`."""
    validated(DealShape, deal, "deal")  # the types; the ranges (seats, rounds) below
    players = state.players
    lay = Layout()
    number = _int(deal, "round", 1, 1, len(state.rounds))
    rotation = state.options["first_dealer"]
    for _ in range(number - 1):
        rotation = right_of(rotation, players)
    lay.round_no = number
    lay.dealer = _int(deal, "dealer", rotation, 0, players - 1)
    lay.turn = _int(deal, "turn", right_of(lay.dealer, players), 0, players - 1)
    lay.discarder = None if _bool(deal, "opening", False) else left_of(lay.turn, players)
    lay.phase = deal.get("phase", OFFER)
    lay.claim_at = 0
    lay.hands = _per_seat(deal, "hands", players)
    lay.combos = _per_seat(deal, "combinations", players)
    lay.laid = _per_seat(deal, "laid", players)
    lay.known = [dict(Counter(k)) for k in _per_seat(deal, "known", players)]
    lay.turns = _int(deal, "turns", 0, 0, 10**6)
    lay.reshuffles = _int(deal, "reshuffles", 0, 0, 10**6)

    rows = deal.get("scores", [[0] * players for _ in range(number - 1)])
    if (not isinstance(rows, list | tuple) or len(rows) != number - 1 or any(
            not isinstance(r, list | tuple) or len(r) != players
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in r)
            for r in rows)):
        raise ConfigError("deal.scores", f"needs {number - 1} rows (the earlier rounds) of "
                                         f"{players} penalties",
                          code=NC_("error", "rows_needed"), n=number - 1)
    winners = deal.get("round_winners", [None] * len(rows))
    if (not isinstance(winners, list | tuple) or len(winners) != len(rows) or any(
            w is not None and not (isinstance(w, int) and 0 <= w < players) for w in winners)):
        raise ConfigError("deal.round_winners", f"needs {len(rows)} seats (or null) for the "
                                                "earlier rounds",
                          code=NC_("error", "rows_needed"), n=len(rows))
    lay.scores = [list(r) for r in rows]
    lay.round_log = [{"round": i + 1, "dealer": None, "reason": "prepared", "winner": w,
                        "penalties": list(r), "left": [[] for _ in range(players)],
                        "revealed": [False] * players, "turns": 0, "reshuffles": 0}
                       for i, (r, w) in enumerate(zip(rows, winners, strict=True))]

    every = sorted(state.deck_data.characters)
    chars = deal.get("characters")
    if state.rounds[number].characters:
        if chars is None:
            box = list(every)
            state.rng.shuffle(box)
            chars = [box.pop() for _ in range(players)]
        lay.characters = list[str | None](_cards(chars, "deal.characters"))
        if len(lay.characters) != players:
            raise ConfigError("deal.characters", f"needs one character per seat ({players})",
                              code=NC_("error", "one_per_seat"), n=players)
    else:
        if chars is not None and any(chars):
            raise ConfigError("deal.characters", f"round {number} deals no characters",
                              code=NC_("error", "wl_no_characters"), number=number)
        lay.characters = [None] * players
    lay.box = sorted(set(every) - set(lay.characters))
    face_up = state.options["characters_dealt"] == "face_up"  # WL-R5; a reveal turns one up
    lay.shown = [face_up or bool(combo) for combo in lay.combos]

    lay.pile = _cards(deal.get("pile", []), "deal.pile")
    lay.top_live = bool(lay.pile) and _bool(deal, "top_live", True)
    deck_top = _cards(deal.get("deck_top", []), "deal.deck_top")
    placed = Counter(c for zone in (lay.hands, lay.combos, lay.laid) for h in zone
                     for c in h) + Counter(lay.pile)
    rest = Counter(state.deck_data.main()) - placed
    if "deck" in deal:
        if "deck_top" in deal or "deck_size" in deal:
            raise ConfigError("deal.deck", "give either the whole deck or deck_top/deck_size",
                              code=NC_("error", "wl_deck_or_top"))
        lay.deck = _cards(deal["deck"], "deal.deck")
    else:
        top = Counter(deck_top)
        if top - rest:
            raise ConfigError("deal.deck_top", f"not left in the deck: {dict(top - rest)}",
                              code=NC_("error", "deal_impossible"))
        remaining = sorted((rest - top).elements())
        state.rng.shuffle(remaining)
        lay.deck = remaining + deck_top[::-1]
        if "deck_size" in deal:
            size = _int(deal, "deck_size", 0, len(deck_top), len(lay.deck))
            cut = len(lay.deck) - size
            lay.pile = lay.deck[:cut] + lay.pile
            lay.deck = lay.deck[cut:]
    return lay


def check_consistency(state: WaitingListState) -> None:
    """Every card of the deck file in exactly one place; hands, characters, revealed
    combinations, the pile and the hand sizes (:func:`_check_hand_sizes`) fit the round.
    Problems name the ``deal`` entry."""
    deck = state.deck_data
    for name, key in (("hands", "hands"), ("combos", "combinations"), ("laid", "laid")):
        for seat, cards in enumerate(getattr(state, name)):
            for card in cards:
                if card not in deck.cards:
                    raise ConfigError(f"deal.{key}[{seat}]", f"no card {card!r} in {deck.path}",
                                      code=NC_("error", "not_a_card"), value=card, deck=deck.path)
    for card in [*state.pile, *state.deck]:
        if card not in deck.cards:
            raise ConfigError("deal.pile", f"no card {card!r} in {deck.path}",
                              code=NC_("error", "not_a_card"), value=card, deck=deck.path)
    zones = state.zones()
    main = Counter(c for name in ("deck", "pile", "hands", "combinations", "laid")
                   for c in zones[name])
    full = Counter(deck.main())
    if main != full:
        raise ConfigError("deal.hands", f"every card of the deck must be in exactly one place: "
                                        f"too many {dict(main - full)}, missing "
                                        f"{dict(full - main)}",
                          code=NC_("error", "deal_cards_missing"))
    if Counter(zones["characters"]) != Counter(list(deck.characters)):
        raise ConfigError("deal.characters", f"characters must be distinct cards of "
                                             f"{deck.path}: {state.characters}",
                          code=NC_("error", "deal_impossible"))
    for seat, hand in enumerate(state.hands):
        if not hand:
            raise ConfigError(f"deal.hands[{seat}]", "an empty hand has already won the round",
                              code=NC_("error", "deal_impossible"))
        if Counter(state.known[seat]) - Counter(hand):
            raise ConfigError(f"deal.known[{seat}]", "known cards must be in the hand",
                              code=NC_("error", "deal_impossible"))
        combo = state.combos[seat]
        if combo and not is_combination(combo, state.needs(seat), deck.tokens):
            raise ConfigError(f"deal.combinations[{seat}]",
                              f"{combo} is not the round's combination {list(state.needs(seat))}",
                              code=NC_("error", "deal_impossible"))
        if state.laid[seat] and not combo:
            raise ConfigError(f"deal.laid[{seat}]", "cards are laid only on a revealed "
                                                    "combination",
                              code=NC_("error", "deal_impossible"))
        for card in state.laid[seat]:
            if card not in deck.layable:
                raise ConfigError(f"deal.laid[{seat}]", f"{card} can't be laid (WL-9)",
                                  code=NC_("error", "deal_impossible"))
    if state.phase == OFFER and not (state.pile and state.top_live):
        raise ConfigError("deal.pile", "in phase 'offer' the top discard must be live",
                          code=NC_("error", "deal_impossible"))
    if state.turns >= state.turn_limit:
        raise ConfigError("deal.turns", f"must be below the limit {state.turn_limit}",
                          code=NC_("error", "deal_impossible"))
    _check_hand_sizes(state)


def _check_hand_sizes(state: WaitingListState) -> None:
    """Hand sizes the round can have (WL-5, WL-6, WL-9): a seat is dealt the round's hand
    size and gives a card up only for one taken, so it holds at least that many cards
    (hand, revealed combination and laid cards together), one more while it plays its turn
    having taken a card. More come only from claims out of turn, at most one per claim
    window: one per discard this round (``turns``) and one for the card turned up."""
    size = state.round.hand_size
    extra = 0
    for seat in range(state.players):
        held = len(state.hands[seat]) + len(state.combos[seat]) + len(state.laid[seat])
        least = size + (state.phase == PLAY and seat == state.turn)
        if held < least:
            taken = " having taken its card" if least > size else ""
            raise ConfigError(f"deal.hands[{seat}]",
                              f"round {state.round_no} deals {size} cards and a card is given "
                              f"up only for one taken, so seat {seat}{taken} holds at least "
                              f"{least} (hand, combination and laid cards), not {held}",
                              code=NC_("error", "deal_impossible"))
        extra += held - least
    if extra > state.turns + 1:
        raise ConfigError("deal.hands", f"the hands hold {extra} cards more than dealt, but "
                                        f"only {state.turns + 1} claim window(s) were open "
                                        f"this round (one per discard, deal.turns = "
                                        f"{state.turns}, and the card turned up): raise "
                                        "deal.turns", code=NC_("error", "deal_impossible"))
