"""The «Вечірка мопсів» engine: one game in progress (RULES.md PP-1..PP-12, PP-R1..PP-R6).

Zones: the draw deck (``draw``, top last), each seat's hand, 3 face-up and 3
face-down table cards (face-down cards keep their position; a played one
leaves ``None``), the pile of the current round (bottom first) and the burned
cards (out of the game). Play goes clockwise, which the kit reads as rising
seat numbers, from the ``first_player`` option (PP-12: the one who partied last).

The course of a turn (PP-1..PP-12):

1. The seat lays cards of one value from its hand (PP-3), or one face-up card
   once hand and deck are empty, or one face-down card blind once those are
   gone too (PP-10). A card must cover the value to beat (:mod:`pile`: PP-2,
   PP-8, PP-R3); specials go on anything (PP-6).
2. A Megapug burns the pile (PP-7); so do four cards of one value on top
   (PP-5, PP-R2). Either way the same seat starts a new round with any card.
3. Breakdancer flips "up"/"down" (PP-8, PP-R4; the value to beat stays the last
   value card beneath it, or anything goes with ``after_breakdancer="anything"``,
   PP-R3); Poop resets: anything, "up" (PP-9).
4. A seat with no play must take the pile (:class:`PickUp`, PP-4); a blind card
   that can't be played goes with the pile into the hand (PP-11). The next seat
   starts a new round on an empty pile, "up" (PP-R5; ``new_round="carries_over"``:
   in the direction the pile had; so after a burn or a Megapug).
5. After playing from the hand the seat refills it to 3 while the deck lasts (PP-1).
6. A seat without cards is out (PP-12); when one seat is left the game ends and
   that seat holds the pugs (PP-R6). The result is the order of going out.

Length bound (ruling, option ``max_actions``, RULES.md is silent): pick-ups can
cycle forever, so after ``max_actions`` actions the game ends at once; the
seats still in are ranked after those already out by cards held (hand + table),
fewest first, ties in turn order from the seat that was to act; the result says
``truncated: true``.

Public knowledge: cards a seat took from the pile (or swapped in from its
face-up cards) are known to everyone until played; the view lists them as
``known`` and :meth:`State.determinize` keeps them in place.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from kit.contract import ALL, Action, GameSpec, GameState, event
from kit.errors import NC_, ConfigError, IllegalAction
from kit.pug_party import deal
from kit.pug_party.actions import PickUp, Play, PlayBlind, PlayFaceUp, Ready, Swap
from kit.pug_party.cards import BREAKDANCER, MEGAPUG, POOP, VALUE, Deck, load_deck, sort_key
from kit.pug_party.deal import HAND_SIZE
from kit.pug_party.legal import (
    MAX_SWAPS,
    OVER,
    PLAY_PHASE,
    SWAP_PHASE,
    TableRules,
    legal,
    plays,
)
from kit.pug_party.pile import CARRIES_OVER, NEW_ROUND, UP, Top, covers, read_pile


def _sorted(cards: list[str]) -> list[str]:
    return sorted(cards, key=sort_key)


def _remove(cards: list[str], card: str, count: int) -> int:
    """Remove up to ``count`` copies of ``card``; return how many were removed."""
    removed = 0
    while removed < count and card in cards:
        cards.remove(card)
        removed += 1
    return removed


class State(GameState):
    """A game of «Вечірка мопсів» (see the module docstring for the rules as coded)."""

    spec: ClassVar[GameSpec]

    deck: Deck
    rules: TableRules
    draw: list[str]
    hands: list[list[str]]
    face_up: list[list[str]]
    face_down: list[list[str | None]]
    known: list[list[str]]
    pile: list[str]
    burned: list[str]
    top: Top
    phase: str
    turn: int | None
    swaps: list[int]
    ready: list[bool]
    out: list[int]
    order: list[int] | None
    truncated: bool
    tally: dict[str, int]

    # ------------------------------------------------------------------ setup

    def _setup(self) -> None:
        """Deal 3 face-down, 3 face-up and 3 hand cards to each seat (PP-R1), or lay out
        the ``deal`` option's scripted situation (:mod:`kit.pug_party.deal`)."""
        self._load_rules()
        self._legal: list[Action] | None = None
        n = self.players
        if self.options["first_player"] >= n:
            raise ConfigError("first_player", f"must be a seat 0-{n - 1} for {n} players, "
                                              f"not {self.options['first_player']}",
                              code=NC_("error", "not_a_seat"), value=self.options['first_player'])
        self.top = NEW_ROUND
        self.round_direction = UP  # the direction the current round started with (PP-R5)
        self.phase = SWAP_PHASE if self.options["swap"] else PLAY_PHASE
        self.turn = self.options["first_player"]
        self.swaps = [0] * n
        self.ready = [not self.options["swap"]] * n
        self.order, self.truncated = None, False
        self.tally = {"turns": 0, "pick_ups": 0, "voluntary_pick_ups": 0, "blind_pick_ups": 0,
                      "burns_four": 0, "burns_megapug": 0}
        if self.options["deal"] is None:
            layout = deal.shuffled(self)
        else:
            layout = deal.scripted(self, self.options["deal"])
        for name in vars(layout):
            setattr(self, name, getattr(layout, name))
        if self.options["deal"] is not None:
            deal.check(self)

    def _load_rules(self) -> None:
        self.deck = load_deck(self.options["deck"])
        self.rules = TableRules(self.deck.low, self.deck.high, self.options["down_wrap"],
                                self.options["specials_together"],
                                self.options["voluntary_pickup"])

    # ------------------------------------------------------------------ queries

    @property
    def to_act(self) -> int | None:
        return self.turn

    def face_down_positions(self, seat: int) -> list[int]:
        """The positions (0-based) of the seat's face-down cards still on the table."""
        return [p for p, c in enumerate(self.face_down[seat]) if c is not None]

    def cards_held(self, seat: int) -> int:
        """Hand + face-up + face-down cards of ``seat``."""
        return (len(self.hands[seat]) + len(self.face_up[seat])
                + sum(c is not None for c in self.face_down[seat]))

    def active(self) -> list[int]:
        """Seats still playing (PP-12), in seat order."""
        return [s for s in range(self.players) if s not in self.out]

    def legal_actions(self) -> list[Action]:
        return list(self._listing())

    def _listing(self) -> list[Action]:
        """The listing of :func:`kit.pug_party.legal.legal`, kept until the next move (the
        engine's own: :meth:`legal_actions` hands out a copy)."""
        if self._legal is not None:
            return self._legal
        s = self.turn
        self._legal = [] if s is None else legal(
            self.phase, self.hands[s], self.face_up[s], self.face_down_positions(s),
            len(self.pile), self.top.to_beat, self.top.direction, self.rules,
            MAX_SWAPS - self.swaps[s])
        return self._legal

    def _can_play(self, seat: int) -> bool:
        return bool(plays(self.hands[seat], self.face_up[seat], self.face_down_positions(seat),
                          self.top.to_beat, self.top.direction, self.rules))

    # ------------------------------------------------------------------ checking

    def parse(self, action: Any) -> Action:
        """As the base class, with the rule named for two common mistakes (PP-3, PP-10)."""
        if isinstance(action, dict):
            kind = action.get("type")
            card = action.get("card")
            if (kind in ("play", "play_face_up") and isinstance(card, list | tuple)
                    and len({str(c) for c in card}) > 1):
                raise IllegalAction("PP-3", f"cards of different values in one play: "
                                            f"{list(card)}; one play is one value",
                                    code=NC_("error", "pp_one_value"))
            if kind == "play_blind" and ({"card", "value"} & set(action)):
                raise IllegalAction("PP-10", "a face-down card is played blind: choose it by "
                                             "its position, not by value (nobody knows it)",
                                    code=NC_("error", "pp_blind_position"))
        return super().parse(action)

    def _not_covering(self, card: str) -> IllegalAction:
        t, d, r = self.top.to_beat, self.top.direction, self.rules
        if d == UP:
            wrap = f" or {r.low}" if t == r.high else ""
            return IllegalAction("PP-2", f"{card} does not cover {t} going up: play {t} or "
                                         f"higher{wrap}, a special card, or pick up",
                                 code=(NC_("error", "pp_not_cover_up_wrap") if wrap
                                       else NC_("error", "pp_not_cover_up")),
                                 card=card, top=t, alt=r.low)
        wrap = f" or {r.high}" if r.down_wrap and t == r.low else ""
        return IllegalAction("PP-8", f"{card} does not cover {t} going down: play {t} or "
                                     f"lower{wrap}, a special card, or pick up",
                             code=(NC_("error", "pp_not_cover_down_wrap") if wrap
                                   else NC_("error", "pp_not_cover_down")),
                             card=card, top=t, alt=r.high)

    def _covers(self, card: str) -> bool:
        r = self.rules
        return covers(card, self.top.to_beat, self.top.direction, r.low, r.high, r.down_wrap)

    def _check(self, action: Action) -> None:
        """Legal means listed by :func:`kit.pug_party.legal.legal` (legality written once);
        the clauses of :meth:`_why_not` only say which rule an unlisted action breaks."""
        if action in self._listing():
            return
        self._why_not(action)
        raise IllegalAction("PP-10", f"{action} is not a legal move now",
                            code=NC_("error", "pp_not_legal"))

    def _why_not(self, action: Action) -> None:
        """Raise the :class:`IllegalAction` naming the rule ``action`` breaks, if one does."""
        s = self.turn
        assert s is not None  # apply() refuses actions once the game is over
        if self.phase == SWAP_PHASE:
            if isinstance(action, Swap):
                self._check_swap(s, action)
            elif not isinstance(action, Ready):
                raise IllegalAction("PP-R1", "before play each seat only swaps hand and "
                                             "face-up cards, then says ready",
                                    code=NC_("error", "pp_swap_only"))
            return
        if isinstance(action, Swap | Ready):
            raise IllegalAction("PP-R1", "swapping is only before play begins",
                                code=NC_("error", "pp_swap_over"))
        hand, ups = self.hands[s], self.face_up[s]
        if isinstance(action, Play):
            if action.count < 1:
                raise IllegalAction("PP-3", f"play at least one card, not {action.count}",
                                    code=NC_("error", "pp_at_least_one"))
            if action.card not in self.deck.counts():
                raise IllegalAction("PP-3", f"there is no card {action.card!r} in this deck",
                                    code=NC_("error", "pp_no_such_card"), card=action.card)
            if not hand:
                where = ("your face-up cards, one at a time" if ups else
                         "a face-down card, blind, by its position")
                raise IllegalAction("PP-10", f"your hand is empty: play {where}",
                                    code=NC_("error", "pp_hand_empty_up") if ups else NC_("error",
                                    "pp_hand_empty_blind"))
            held = hand.count(action.card)
            if held < action.count:
                raise IllegalAction("PP-3", f"you hold {held} × {action.card} in your hand, "
                                            f"not {action.count}",
                                    code=NC_("error", "pp_hold_count"),
                                    held=held, card=action.card, count=action.count)
            if action.count > 1 and action.card not in VALUE and not self.rules.specials_together:
                raise IllegalAction("PP-R4", "special cards are played one at a time "
                                             "(specials_together is off)",
                                    code=NC_("error", "pp_specials_one"))
            if not self._covers(action.card):
                raise self._not_covering(action.card)
        elif isinstance(action, PlayFaceUp):
            if hand:
                raise IllegalAction("PP-10", "face-up cards are played only once the hand is "
                                             "empty (and the deck is gone)",
                                    code=NC_("error", "pp_face_up_later"))
            if action.card not in ups:
                blind = "" if ups else "; face-down cards are played blind by position"
                raise IllegalAction("PP-10", f"you have no face-up {action.card!r}{blind}",
                                    code=(NC_("error", "pp_no_face_up") if ups
                                          else NC_("error", "pp_no_face_up_blind")),
                                    card=action.card)
            if not self._covers(action.card):
                raise self._not_covering(action.card)
        elif isinstance(action, PlayBlind):
            if hand or ups:
                raise IllegalAction("PP-10", "face-down cards come last: first the hand, then "
                                             "the face-up cards",
                                    code=NC_("error", "pp_face_down_last"))
            if action.position not in self.face_down_positions(s):
                raise IllegalAction("PP-10", f"no face-down card at position "
                                             f"{action.position}; you have "
                                             f"{self.face_down_positions(s)}",
                                    code=NC_("error", "pp_no_position"), position=action.position)
        elif isinstance(action, PickUp):
            if not self.pile:
                raise IllegalAction("PP-R5", "the pile is empty: there is nothing to pick up",
                                    code=NC_("error", "pp_pile_empty"))
            if not self.rules.voluntary_pickup and self._can_play(s):
                raise IllegalAction("PP-R5", "you can play, so you may not pick up "
                                             "(voluntary_pickup is off)",
                                    code=NC_("error", "pp_must_play"))

    def _check_swap(self, s: int, action: Swap) -> None:
        if self.swaps[s] >= MAX_SWAPS:
            raise IllegalAction("PP-R1", f"at most {MAX_SWAPS} swaps each; say ready",
                                code=NC_("error", "pp_max_swaps"), n=MAX_SWAPS)
        if action.hand_card not in self.hands[s]:
            raise IllegalAction("PP-R1", f"no {action.hand_card!r} in your hand",
                                code=NC_("error", "pp_swap_not_in_hand"), card=action.hand_card)
        if action.face_up_card not in self.face_up[s]:
            raise IllegalAction("PP-R1", f"no face-up {action.face_up_card!r}",
                                code=NC_("error", "pp_swap_no_face_up"), card=action.face_up_card)
        if action.hand_card == action.face_up_card:
            raise IllegalAction("PP-R1", "swapping a card for an equal one changes nothing",
                                code=NC_("error", "pp_swap_equal"))

    # ------------------------------------------------------------------ doing

    def _do(self, action: Action) -> list[dict]:
        s = self.turn
        assert s is not None
        self._legal = None
        events: list[dict] = []
        if self.phase == PLAY_PHASE:
            self.tally["turns"] += 1
        if isinstance(action, Play):
            self._play_hand(s, action, events)
        elif isinstance(action, PlayFaceUp):
            self.face_up[s].remove(action.card)
            events.append(event("play", ALL, seat=s, source="face_up", card=action.card,
                                count=1))
            burned = self._lay(s, action.card, 1, events)
            self._end_turn(s, burned, events)
        elif isinstance(action, PlayBlind):
            self._play_blind(s, action.position, events)
        elif isinstance(action, PickUp):
            voluntary = self._can_play(s)
            self.tally["voluntary_pick_ups"] += voluntary
            self._pick_up(s, [], "voluntary" if voluntary else "cannot_cover", events)
        elif isinstance(action, Swap):
            self._swap(s, action, events)
        elif isinstance(action, Ready):
            self._ready(s, events)
        if self.turn is not None and len(self.history) + 1 >= self.options["max_actions"]:
            self._finish(events, truncated=True)
        return events

    def _play_hand(self, s: int, action: Play, events: list[dict]) -> None:
        _remove(self.hands[s], action.card, action.count)
        _remove(self.known[s], action.card, action.count)
        events.append(event("play", ALL, seat=s, source="hand", card=action.card,
                            count=action.count))
        burned = self._lay(s, action.card, action.count, events)
        self._refill(s, events)
        self._end_turn(s, burned, events)

    def _play_blind(self, s: int, position: int, events: list[dict]) -> None:
        card = self.face_down[s][position]
        assert card is not None
        self.face_down[s][position] = None
        events.append(event("reveal", ALL, seat=s, position=position, card=card))
        if self._covers(card):
            events.append(event("play", ALL, seat=s, source="face_down", card=card, count=1))
            burned = self._lay(s, card, 1, events)
            self._end_turn(s, burned, events)
        else:  # PP-11: the card goes with the pile into the hand
            self.tally["blind_pick_ups"] += 1
            self._pick_up(s, [card], "blind_card", events)

    def _lay(self, s: int, card: str, count: int, events: list[dict]) -> bool:
        """Put cards on the pile and apply their effect; True if the pile burned."""
        burns = self.top.burns(card, count, self.options["four_of_a_kind"])
        self.pile.extend([card] * count)
        if card == MEGAPUG:  # PP-7
            self._burn(s, "megapug", events)
            return True
        self.top = self.top.after(card, count, self.options["after_breakdancer"])
        if card == BREAKDANCER:  # PP-8, PP-R4
            events.append(event("direction", ALL, seat=s, direction=self.top.direction,
                                flips=count, to_beat=self.top.to_beat))
        elif card == POOP:  # PP-9
            events.append(event("reset", ALL, seat=s, direction=UP))
        if burns:  # PP-5, PP-R2
            self._burn(s, "four_of_a_kind", events)
        return burns

    def _burn(self, s: int, reason: str, events: list[dict]) -> None:
        self.tally["burns_megapug" if reason == "megapug" else "burns_four"] += 1
        events.append(event("burn", ALL, seat=s, reason=reason, cards=list(self.pile)))
        self.burned.extend(self.pile)
        self.pile = []
        self._new_round()

    def _new_round(self) -> None:
        """PP-R5: an empty pile going "up", or in the direction the pile had (option)."""
        carried = self.options["new_round"] == CARRIES_OVER
        self.round_direction = self.top.direction if carried else UP
        self.top = Top(self.round_direction)

    def _pick_up(self, s: int, extra: list[str], reason: str, events: list[dict]) -> None:
        """PP-4 / PP-11: the pile (and a failed blind card) into the hand; a new round."""
        taken = self.pile + extra
        self.tally["pick_ups"] += 1
        self.hands[s] = _sorted(self.hands[s] + taken)
        self.known[s] = _sorted(self.known[s] + taken)
        self.pile = []
        self._new_round()
        events.append(event("pick_up", ALL, seat=s, cards=taken, reason=reason))
        self._end_turn(s, False, events, new_round=True)

    def _refill(self, s: int, events: list[dict]) -> None:
        """PP-1: draw back up to 3 cards while the deck lasts."""
        hand = self.hands[s]
        if len(hand) >= HAND_SIZE or not self.draw:
            return
        drawn = [self.draw.pop() for _ in range(min(HAND_SIZE - len(hand), len(self.draw)))]
        self.hands[s] = _sorted(hand + drawn)
        events.append(event("draw", ALL, seat=s, count=len(drawn), deck=len(self.draw)))
        events.append(event("drew", [s], seat=s, cards=drawn))

    def _end_turn(self, s: int, again: bool, events: list[dict], new_round: bool = False) -> None:
        """Out (PP-12), game end (PP-R6), then who acts: the same seat after a burn
        (PP-5, PP-7), else the next seat still in (clockwise = rising seat numbers)."""
        if self.cards_held(s) == 0:
            self.out.append(s)
            events.append(event("out", ALL, seat=s, place=len(self.out)))
        if len(self.active()) <= 1:
            self._finish(events, truncated=False)
            return
        nxt = s if again and s not in self.out else self._next_active(s)
        self.turn = nxt
        if again or new_round:
            events.append(event("new_round", ALL, seat=nxt))

    def _next_active(self, s: int) -> int:
        for step in range(1, self.players + 1):
            seat = (s + step) % self.players
            if seat not in self.out:
                return seat
        raise AssertionError("no seat is still playing")

    def _finish(self, events: list[dict], truncated: bool) -> None:
        """End the game: the going-out order, then the seats still in (PP-12, PP-R6)."""
        rest = self.active()
        if truncated:
            start = self.turn if self.turn is not None else 0
            rest.sort(key=lambda p: (self.cards_held(p), (p - start) % self.players))
        self.order = self.out + rest
        self.truncated = truncated
        self.phase = OVER
        self.turn = None
        events.append(event("game_over", ALL, order=list(self.order), truncated=truncated,
                            pug_holder=self.order[-1]))

    def _swap(self, s: int, action: Swap, events: list[dict]) -> None:
        """PP-R1 option: a hand card goes face up, a face-up card into the hand (publicly)."""
        h, f = action.hand_card, action.face_up_card
        self.hands[s].remove(h)
        self.face_up[s].remove(f)
        self.hands[s] = _sorted([*self.hands[s], f])
        self.face_up[s] = _sorted([*self.face_up[s], h])
        _remove(self.known[s], h, 1)
        self.known[s] = _sorted([*self.known[s], f])
        self.swaps[s] += 1
        events.append(event("swap", ALL, seat=s, to_face_up=h, to_hand=f))

    def _ready(self, s: int, events: list[dict]) -> None:
        self.ready[s] = True
        events.append(event("ready", ALL, seat=s))
        for step in range(1, self.players + 1):
            seat = (s + step) % self.players
            if not self.ready[seat]:
                self.turn = seat
                return
        self.phase = PLAY_PHASE
        self.turn = self.options["first_player"]
        events.append(event("new_round", ALL, seat=self.turn))

    # ------------------------------------------------------------------ views

    def view(self, seat: int | None) -> dict:
        """What ``seat`` sees (None: a spectator); plain JSON.

        Own hand; everyone's face-up cards, hand sizes, face-down positions and the
        hand cards publicly ``known`` (taken from the pile); the whole pile with the
        value to beat, the direction and the run for four of a kind; deck size;
        burned cards; who is out; the rules the legal actions depend on.
        """
        n = self.players
        top = self.top
        return {
            "game": "pug_party",
            "seat": seat,
            "players": n,
            "phase": self.phase,
            "to_act": self.turn,
            "hand": list(self.hands[seat]) if seat is not None else None,
            "hand_counts": [len(h) for h in self.hands],
            "known": [list(k) for k in self.known],
            "face_up": [list(f) for f in self.face_up],
            "face_down": [self.face_down_positions(p) for p in range(n)],
            "pile": list(self.pile),
            "to_beat": top.to_beat,
            "direction": top.direction,
            "run": None if top.run_value is None else {"value": top.run_value,
                                                       "length": top.run_length},
            "deck": len(self.draw),
            "burned": list(self.burned),
            "out": list(self.out),
            "order": list(self.order) if self.order is not None else None,
            "swaps_left": [MAX_SWAPS - k if self.phase == SWAP_PHASE else 0
                           for k in self.swaps],
            "ready": list(self.ready),
            "actions": len(self.history),
            "rules": {**self.rules.to_json(),
                      "four_of_a_kind": self.options["four_of_a_kind"],
                      "after_breakdancer": self.options["after_breakdancer"],
                      "new_round": self.options["new_round"],
                      "max_actions": self.options["max_actions"]},
        }

    def result(self) -> dict:
        """The going-out order (PP-12, PP-R6) with places, and game totals."""
        order = list(self.order) if self.order is not None else list(self.out)
        places: list[int | None] = [None] * self.players
        for i, s in enumerate(order):
            places[s] = i + 1
        over = self.phase == OVER
        return {
            "over": over,
            "order": order,
            "places": places,
            "winner": order[0] if order else None,
            "pug_holder": order[-1] if over else None,
            "truncated": self.truncated,
            "cards_left": [self.cards_held(s) for s in range(self.players)],
            "actions": len(self.history),
            **{k: v for k, v in self.tally.items()},
        }

    # ------------------------------------------------------------------ hidden information

    def determinize(self, seat: int | None, rng: random.Random) -> State:
        """Redeal what ``seat`` cannot see: the deck, every face-down card (its own too)
        and the other hands except their publicly ``known`` cards."""
        other = self.clone()
        pool = list(other.draw)
        unknown: list[int] = [0] * self.players
        for p in range(self.players):
            if p == seat:
                continue
            hidden = list(other.hands[p])
            for c in other.known[p]:
                hidden.remove(c)
            unknown[p] = len(hidden)
            pool.extend(hidden)
        for p in range(self.players):
            pool.extend(c for c in other.face_down[p] if c is not None)
        rng.shuffle(pool)
        for p in range(self.players):
            if p != seat:
                other.hands[p] = _sorted(other.known[p] + [pool.pop() for _ in range(unknown[p])])
            other.face_down[p] = [pool.pop() if c is not None else None
                                  for c in other.face_down[p]]
        other.draw = pool
        return other

    # ------------------------------------------------------------------ copies

    def snapshot(self) -> dict:
        snap = self._base_snapshot()
        snap.update({
            "draw": list(self.draw),
            "hands": [list(h) for h in self.hands],
            "face_up": [list(f) for f in self.face_up],
            "face_down": [list(f) for f in self.face_down],
            "known": [list(k) for k in self.known],
            "pile": list(self.pile),
            "burned": list(self.burned),
            "phase": self.phase,
            "turn": self.turn,
            "swaps": list(self.swaps),
            "ready": list(self.ready),
            "out": list(self.out),
            "order": list(self.order) if self.order is not None else None,
            "truncated": self.truncated,
            "round_direction": self.round_direction,
            "tally": dict(self.tally),
        })
        return snap

    def _restore(self, snap: dict) -> None:
        self._load_rules()
        self._legal = None
        self.draw = list(snap["draw"])
        self.hands = [list(h) for h in snap["hands"]]
        self.face_up = [list(f) for f in snap["face_up"]]
        self.face_down = [list(f) for f in snap["face_down"]]
        self.known = [list(k) for k in snap["known"]]
        self.pile = list(snap["pile"])
        self.burned = list(snap["burned"])
        self.round_direction = snap.get("round_direction", UP)
        self.top = read_pile(self.pile, self.round_direction, self.options["after_breakdancer"])
        self.phase = snap["phase"]
        self.turn = snap["turn"]
        self.swaps = list(snap["swaps"])
        self.ready = list(snap["ready"])
        self.out = list(snap["out"])
        self.order = list(snap["order"]) if snap["order"] is not None else None
        self.truncated = snap["truncated"]
        self.tally = dict(snap["tally"])

    def clone(self) -> State:
        """A fast independent copy (no deepcopy)."""
        c = type(self).__new__(type(self))
        c.players, c.seed, c.options = self.players, self.seed, dict(self.options)
        c.rng = random.Random()
        c.rng.setstate(self.rng.getstate())
        c.history = [dict(a) for a in self.history]
        c.deck, c.rules, c.top = self.deck, self.rules, self.top
        c.round_direction = self.round_direction
        c.draw = list(self.draw)
        c.hands = [list(h) for h in self.hands]
        c.face_up = [list(f) for f in self.face_up]
        c.face_down = [list(f) for f in self.face_down]
        c.known = [list(k) for k in self.known]
        c.pile, c.burned = list(self.pile), list(self.burned)
        c.phase, c.turn = self.phase, self.turn
        c.swaps, c.ready, c.out = list(self.swaps), list(self.ready), list(self.out)
        c.order = list(self.order) if self.order is not None else None
        c.truncated = self.truncated
        c.tally = dict(self.tally)
        c._legal = None
        return c

    def zones(self) -> dict[str, list]:
        z: dict[str, list] = {"deck": list(self.draw), "pile": list(self.pile),
                              "burned": list(self.burned)}
        for p in range(self.players):
            z[f"hand {p}"] = list(self.hands[p])
            z[f"face_up {p}"] = list(self.face_up[p])
            z[f"face_down {p}"] = [c for c in self.face_down[p] if c is not None]
        return z
