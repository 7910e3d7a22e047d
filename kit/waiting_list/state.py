"""«Лист ожидания» (WL-1..WL-11, WL-R1..WL-R5) as a :class:`kit.GameState`.

A game is five rounds (WL-2). Each round (:meth:`WaitingListState._start_round`):
the whole main deck is shuffled, each seat is dealt the round's hand size, characters
are dealt in the rounds that use them (WL-1) - face up, so everyone sees whom each player
is trying to save (WL-R5; option ``characters_dealt="face_down"``: each player sees only its
own until it reveals its combination) - and one card is turned up to start the discard
pile (WL-3). Seats are numbered clockwise; play goes counter-clockwise
(:mod:`kit.waiting_list.table`): the first player is the one to the dealer's right.

Every discard — and the card turned up after the deal — opens a **claim window**
(WL-6, WL-R3), a sequence of single decisions:

1. ``offer``: the next seat takes the discard as its draw (``take``) or declines
   (``draw``);
2. ``claims``: if it declined, every other seat in counter-clockwise order from it
   (never the discarder) may ``claim`` the card or ``pass``; the first claim wins and
   the claimer discards nothing (WL-6). By the rulebook a seat may claim only a card
   that "suits it for the round's goal": one that fills a requirement its hand can't
   fill yet (option ``claim_needs_fit``);
3. the window closes; a seat that declined draws from the deck (forced: it already
   chose). Right after the deck's last card is drawn, the **whole** discard pile is
   shuffled into a new deck (WL-11, WL-R5; option ``reshuffle="when_needed"``: only when
   someone must draw from an empty deck). A seat that must draw from an empty deck
   reshuffles the pile first in either case; if there is nothing to shuffle either, the
   round ends with no winner and everyone scores penalties: the WL-R5 ending
   ``deck_and_pile_empty``.

Then comes ``play``: the player may ``reveal`` the combination (WL-9, once a round),
``lay`` facts and positive circumstances on it (WL-9, WL-10; never the last card: a
discard must follow), and must ``discard`` one card. Emptying the hand wins the round
(WL-10); a player who revealed but holds cards plays on.

The discard pile: only its top card can be taken, and only until it is covered (WL-7).
Every card below the top has been covered and is dead; the top card is live unless it
was covered once and came back to the top when the card over it was taken. The state
keeps this as ``top_live``; views mark each pile card ``dead``.

Length bound (a kit ruling for WL-11; option ``round_laps``, default 30): a round
lasts at most ``round_laps`` laps of the table — after the dealer's ``round_laps``-th
turn it ends with no winner and every seat scores its penalty (WL-R4). Only this bound
makes every game end: taking discards never uses up the deck, so a deck count alone
would not.

Penalties (WL-R4): each card left in hand scores its type's points, and a seat that
never revealed adds ``unrevealed`` (``penalties.toml``). Lowest total after the last
round wins (WL-2); ties are shared unless ``tie_break="rounds_won"``.

The ``deal`` option starts the game from a prepared layout instead of round 1's deal
(:mod:`kit.waiting_list.deal`; tests and tutorials).
"""

from __future__ import annotations

import random

from kit.contract import ALL, Action, GameState, event
from kit.errors import NC_, ConfigError, IllegalAction
from kit.readonly import freeze
from kit.waiting_list.actions import Claim, Discard, Draw, Lay, Pass, Reveal, Take
from kit.waiting_list.combination import counts, is_combination, needs
from kit.waiting_list.deal import check_consistency, scripted
from kit.waiting_list.deck import Deck, load_deck
from kit.waiting_list.legal import CLAIMS, OFFER, OVER, PLAY, listing, may_claim
from kit.waiting_list.rounds import (
    Penalties,
    Round,
    Rounds,
    check_against_deck,
    load_penalties,
    load_rounds,
)
from kit.waiting_list.table import claim_order, counter_clockwise, right_of

#: why a round ended: a hand emptied (WL-10), the length bound (WL-11), or the deck and
#: the discard pile both empty when someone must draw (the ruling WL-R5)
EMPTIED, TURN_LIMIT, DECK_AND_PILE_EMPTY = "emptied_hand", "turn_limit", "deck_and_pile_empty"
#: the rule behind each way a round ends (in round records and results)
END_RULES = {EMPTIED: "WL-10", TURN_LIMIT: "WL-11", DECK_AND_PILE_EMPTY: "WL-R5"}
#: option values (WL-R5)
FACE_UP, FACE_DOWN = "face_up", "face_down"
AFTER_LAST_CARD, WHEN_NEEDED = "after_last_card", "when_needed"


class WaitingListState(GameState):
    """A game of «Лист ожидания». See the module docstring for the rules as played."""

    deck_data: Deck
    rounds: Rounds
    penalty: Penalties

    # -- setup ------------------------------------------------------------------------

    def _bind(self) -> None:
        """Load (cached) and cross-check the data files named by the options."""
        self.deck_data = load_deck(self.options["deck"])
        self.rounds = load_rounds(self.options["rounds"])
        self.penalty = load_penalties(self.options["penalties"])
        check_against_deck(self.rounds, self.penalty, self.deck_data, self.players)
        self._tokens = self.deck_data.tokens
        self._layable = self.deck_data.layable
        self._types = {c.id: c.type for c in self.deck_data.cards.values()}
        self._organ_of = {c.id: c.organ for c in self.deck_data.characters.values()}
        self._needs: dict[tuple[int, str | None], tuple[str, ...]] = {}  # memo of needs()
        # parts of every view that never change in a game, shared read-only (kit.readonly)
        self._tasks = {r.number: freeze(r.task()) for r in self.rounds.rounds}
        self._rules = freeze({"claim_needs_fit": self.options["claim_needs_fit"],
                       "first_card_claims": self.options["first_card_claims"],
                       "round_laps": self.options["round_laps"],
                       "characters_dealt": self.options["characters_dealt"],
                       "reshuffle": self.options["reshuffle"],
                       "penalties": self.penalty.table()})

    def _setup(self) -> None:
        self._bind()
        if self.options["first_dealer"] >= self.players:
            raise ConfigError("first_dealer", f"there are only seats 0–{self.players - 1}",
                              code=NC_("error", "not_a_seat"), value=self.options['first_dealer'])
        self.dealer = self.options["first_dealer"]
        self.scores: list[list[int]] = []
        self.round_log: list[dict] = []
        self.characters: list[str | None] = [None] * self.players
        #: WL-R5: whose character everyone has seen (all, unless dealt face down)
        self.shown: list[bool] = [True] * self.players
        self.box: list[str] = sorted(self.deck_data.characters)
        if self.options["deal"] is not None:  # a prepared layout (kit.waiting_list.deal)
            layout = scripted(self, self.options["deal"])
            for name in vars(layout):
                setattr(self, name, getattr(layout, name))
            check_consistency(self)
        else:
            self._start_round(1)

    def _start_round(self, number: int) -> list[dict]:
        """WL-2, WL-3: shuffle everything, deal, deal characters, turn up the first card."""
        rnd = self.rounds[number]
        players = self.players
        self.round_no = number
        deck = self.deck_data.main()
        self.rng.shuffle(deck)
        order = counter_clockwise(right_of(self.dealer, players), players)
        self.hands: list[list[str]] = [[] for _ in range(players)]
        for _ in range(rnd.hand_size):
            for seat in order:
                self.hands[seat].append(deck.pop())
        events = [event("round_start", ALL, round=number, dealer=self.dealer,
                        first=order[0], hand_size=rnd.hand_size,
                        combination=list(rnd.combination))]
        events += [event("hand", [s], seat=s, cards=sorted(self.hands[s])) for s in order]
        keep = self.options["keep_characters"] and any(self.characters)
        if not rnd.characters:
            self.characters = [None] * players
            self.box = sorted(self.deck_data.characters)
        elif not keep:  # WL-1: dealt separately; WL-R5: face up, or face down
            box = sorted(self.deck_data.characters)
            self.rng.shuffle(box)
            self.characters = [None] * players
            for seat in order:
                self.characters[seat] = box.pop()
            self.box = sorted(box)
            self.shown = [self.options["characters_dealt"] == FACE_UP] * players
        if rnd.characters:
            events.append(event("characters", ALL, characters=self.public_characters()))
            events += [event("character", [s], seat=s, character=self.characters[s])
                       for s in order if not self.shown[s]]
        self.deck: list[str] = deck
        self.pile: list[str] = [deck.pop()]
        self.top_live = True
        self.combos: list[list[str]] = [[] for _ in range(players)]
        self.laid: list[list[str]] = [[] for _ in range(players)]
        self.known: list[dict[str, int]] = [{} for _ in range(players)]
        self.turns = 0
        self.reshuffles = 0
        self.phase = OFFER
        self.turn = order[0]
        self.discarder: int | None = None
        self.claim_at = 0
        events.append(event("turn_up", ALL, card=self.pile[-1], deck=len(self.deck)))
        return events

    # -- whose decision, what is legal ---------------------------------------------------

    def claimants(self) -> tuple[int, ...]:
        """WL-R3: who may claim the current discard, in priority order."""
        if self.discarder is None and not self.options["first_card_claims"]:
            return ()
        return claim_order(self.turn, self.discarder, self.players)

    @property
    def to_act(self) -> int | None:
        if self.phase == CLAIMS:
            return self.claimants()[self.claim_at]
        return None if self.phase == OVER else self.turn

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def round(self) -> Round:
        """This round's task (WL-2)."""
        return self.rounds[self.round_no]

    def needs(self, seat: int) -> tuple[str, ...]:
        """The seat's combination this round, ``character`` resolved (WL-R1)."""
        key = (self.round_no, self.characters[seat])
        got = self._needs.get(key)
        if got is None:
            char = key[1]
            got = self._needs[key] = needs(self.round.combination,
                                           self._organ_of[char] if char else None)
        return got

    def revealed(self, seat: int) -> bool:
        return bool(self.combos[seat])

    def public_characters(self) -> list[str | None]:
        """WL-R5: each seat's character as everyone sees it (None: none, or face down)."""
        return [c if shown else None for c, shown in zip(self.characters, self.shown,
                                                          strict=True)]

    def legal_actions(self) -> list[Action]:
        seat = self.to_act
        if seat is None:
            return []
        return listing(self.phase, counts(self.hands[seat]), self.pile, self.top_live,
                       self.revealed(seat), self.needs(seat), self._tokens, self._layable,
                       self.options["claim_needs_fit"])

    def apply(self, action: object) -> list[dict]:
        """As :meth:`GameState.apply`; an action sent for a seat that is not to act names
        the rule it breaks: claiming one's own discard (WL-6), revealing out of turn
        (WL-9), claiming or passing out of the priority order (WL-R3)."""
        seat = self.to_act
        if isinstance(action, dict) and "seat" in action and seat is not None \
                and action["seat"] != seat:
            kind, who = action.get("type"), action["seat"]
            if kind == "claim" and who == self.discarder and self.phase in (OFFER, CLAIMS):
                raise IllegalAction("WL-6", f"seat {who} can't claim its own discard",
                                    code=NC_("error", "wl_own_discard"))
            if kind == "reveal":
                raise IllegalAction("WL-9", f"seat {who} can reveal only on its own turn, "
                                            f"after taking a card; it is seat {seat}'s decision",
                                    code=NC_("error", "wl_reveal_turn"))
            if kind in ("claim", "pass") and self.phase == CLAIMS:
                raise IllegalAction("WL-R3", f"claims go counter-clockwise from the next "
                                             f"seat: seat {seat} decides now, not seat {who!r}",
                                    code=NC_("error", "wl_claim_order"), seat=seat,
                                    seat2=who)
        return super().apply(action)

    def _check(self, action: Action) -> None:
        seat = self.to_act
        assert seat is not None
        phase = self.phase
        if isinstance(action, Take | Claim):
            self._check_pile_card(action.pile_index)
            if isinstance(action, Take):
                if phase == CLAIMS:
                    raise IllegalAction("WL-R3", f"seat {self.turn} declined the discard; "
                                                 f"seat {seat} may claim it or pass",
                                        code=NC_("error", "wl_declined"), seat=seat)
                if phase == PLAY:
                    raise IllegalAction("WL-5", f"seat {seat} has already taken a card this "
                                                "turn; now discard one",
                                        code=NC_("error", "wl_taken_already"))
                return
            if phase == OFFER:
                raise IllegalAction("WL-R3", f"seat {seat} is the next seat: it takes the "
                                             "discard as its draw ('take') or declines ('draw')",
                                    code=NC_("error", "wl_next_takes"))
            if phase != CLAIMS:
                raise IllegalAction("WL-6", "a discard is claimed out of turn after it is "
                                            "discarded, before the next player's turn",
                                    code=NC_("error", "wl_claim_timing"))
            if not may_claim(self.pile[-1], self.needs(seat), counts(self.hands[seat]),
                             self.revealed(seat), self._tokens,
                             self.options["claim_needs_fit"]):
                raise IllegalAction("WL-6", f"{self.pile[-1]} does not suit seat {seat} for "
                                            "the round's goal: it fills no requirement its hand "
                                            "still lacks (option claim_needs_fit)",
                                    code=NC_("error", "wl_claim_fit"), card=self.pile[-1])
            return
        if isinstance(action, Draw):
            if phase != OFFER:
                raise IllegalAction("WL-5" if phase == PLAY else "WL-R3",
                                    f"seat {seat} can't draw now: "
                                    + ("it has already taken a card this turn" if phase == PLAY
                                       else "only the next seat chooses to draw"),
                                    code=(NC_("error", "wl_taken_already") if phase == PLAY
                                          else NC_("error", "wl_draw_next")))
            return
        if isinstance(action, Pass):
            if phase != CLAIMS:
                raise IllegalAction("WL-R3", "there is no claim to pass on now",
                                    code=NC_("error", "wl_no_claim"))
            return
        hand = counts(self.hands[seat])
        if isinstance(action, Reveal):
            if phase != PLAY:
                raise IllegalAction("WL-9", f"seat {seat} can reveal only on its own turn, "
                                            "after taking a card",
                                    code=NC_("error", "wl_reveal_turn"))
            if self.revealed(seat):
                raise IllegalAction("WL-9", f"seat {seat} has already revealed this round",
                                    code=NC_("error", "wl_revealed_already"))
            for card, n in counts(action.cards).items():
                if hand.get(card, 0) < n:
                    raise IllegalAction("WL-9", f"seat {seat} does not hold {n} × {card}",
                                        code=NC_("error", "wl_not_held_n"), n=n, card=card)
            need = self.needs(seat)
            if not is_combination(action.cards, need, self._tokens):
                raise IllegalAction("WL-9", f"{' + '.join(action.cards) or 'nothing'} is not "
                                            f"the round's combination {' + '.join(need)}",
                                    code=NC_("error", "wl_not_combination"))
            if len(action.cards) >= len(self.hands[seat]):
                raise IllegalAction("WL-9", "a card must be left to discard after revealing",
                                    code=NC_("error", "wl_keep_one"))
            return
        if isinstance(action, Lay):
            if phase != PLAY:
                raise IllegalAction("WL-9", "cards are added to a combination only on one's "
                                            "own turn, after taking a card",
                                    code=NC_("error", "wl_lay_turn"))
            if not self.revealed(seat):
                raise IllegalAction("WL-9", f"seat {seat} must reveal the combination before "
                                            "adding cards to it",
                                    code=NC_("error", "wl_reveal_first"))
            if hand.get(action.card, 0) < 1:
                raise IllegalAction("WL-9", f"seat {seat} does not hold {action.card}",
                                    code=NC_("error", "wl_not_held"), card=action.card)
            if action.card not in self._layable:
                raise IllegalAction("WL-9", f"only facts and positive circumstances are added "
                                            f"to a combination, not {action.card}",
                                    code=NC_("error", "wl_lay_only"))
            if len(self.hands[seat]) < 2:
                raise IllegalAction("WL-9", "the last card in hand is discarded, not laid",
                                    code=NC_("error", "wl_last_card"))
            return
        assert isinstance(action, Discard)
        if phase != PLAY:
            raise IllegalAction("WL-5", f"seat {seat} must take a card before discarding"
                                        if seat == self.turn else
                                        f"it is not seat {seat}'s turn to discard",
                                code=(NC_("error", "wl_take_first") if seat == self.turn
                                      else NC_("error", "wl_not_discard_turn")))
        if hand.get(action.card, 0) < 1:
            raise IllegalAction("WL-5", f"seat {seat} does not hold {action.card}",
                                code=NC_("error", "wl_not_held"), card=action.card)

    def _check_pile_card(self, index: int) -> None:
        """WL-7: only the top discard, and only while it has never been covered."""
        if not self.pile:
            raise IllegalAction("WL-7", "the discard pile is empty",
                                code=NC_("error", "wl_pile_empty"))
        top = len(self.pile) - 1
        if not 0 <= index <= top:
            raise IllegalAction("WL-7", f"there is no pile card {index + 1} (the pile has "
                                        f"{len(self.pile)})",
                                code=NC_("error", "wl_no_pile_card"), n=index + 1)
        if index != top:
            raise IllegalAction("WL-7", f"pile card {index + 1} ({self.pile[index]}) is covered: "
                                        "only the top discard can be taken, and a covered card "
                                        "never again", code=NC_("error", "wl_covered"))
        if not self.top_live:
            raise IllegalAction("WL-7", f"the top discard {self.pile[top]} was covered once: it "
                                        "is dead and can never be taken again, even on top",
                                code=NC_("error", "wl_dead_top"))

    # -- doing ------------------------------------------------------------------------

    def _do(self, action: Action) -> list[dict]:
        seat = self.to_act
        assert seat is not None
        if isinstance(action, Take):
            events = self._take(seat, "take")
            self.phase = PLAY
            return events
        if isinstance(action, Draw):
            events = [event("decline", ALL, seat=seat, card=self.pile[-1])]
            if self.claimants():
                self.phase, self.claim_at = CLAIMS, 0
                return events
            return events + self._close_window()
        if isinstance(action, Claim):
            return self._take(seat, "claim") + self._close_window()
        if isinstance(action, Pass):
            self.claim_at += 1
            events = [event("pass", ALL, seat=seat)]
            if self.claim_at >= len(self.claimants()):
                events += self._close_window()
            return events
        if isinstance(action, Reveal):
            for card in action.cards:
                self._leave_hand(seat, card)
            self.combos[seat] = sorted(action.cards)
            turned = not self.shown[seat] and self.characters[seat] is not None
            self.shown[seat] = True  # WL-R5: a face-down character is turned up with it
            return [event("reveal", ALL, seat=seat, cards=list(action.cards),
                          hand=len(self.hands[seat]),
                          **({"character": self.characters[seat]} if turned else {}))]
        if isinstance(action, Lay):
            self._leave_hand(seat, action.card)
            self.laid[seat].append(action.card)
            return [event("lay", ALL, seat=seat, card=action.card, hand=len(self.hands[seat]))]
        assert isinstance(action, Discard)
        return self._discard(seat, action.card)

    def _leave_hand(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)
        known = self.known[seat]
        if known.get(card, 0) > 0:  # the publicly seen copy may be the one that left
            known[card] -= 1
            if not known[card]:
                del known[card]

    def _take(self, seat: int, how: str) -> list[dict]:
        """Take the live top discard (WL-5 as a draw, WL-6 out of turn)."""
        card = self.pile.pop()
        self.hands[seat].append(card)
        self.known[seat][card] = self.known[seat].get(card, 0) + 1
        events = [event(how, ALL, seat=seat, card=card, turn=self.turn)]
        self.top_live = False  # WL-7: whatever is on top now was covered
        if self.pile:
            events.append(event("resurfaced", ALL, card=self.pile[-1], dead=True,
                                pile_index=len(self.pile) - 1))
        return events

    def _close_window(self) -> list[dict]:
        """The claim window is over: the next seat, having declined, draws (WL-5, WL-11,
        WL-R5)."""
        seat = self.turn
        events = []
        if not self.deck:
            if not self.pile:  # WL-R5: every card is in a hand or laid: nothing to draw
                return self._end_round(DECK_AND_PILE_EMPTY)
            events.append(self._reshuffle())
        card = self.deck.pop()
        self.hands[seat].append(card)
        self.phase = PLAY
        events.append(event("draw", ALL, seat=seat, deck=len(self.deck)))
        events.append(event("drawn_card", [seat], seat=seat, card=card))
        if not self.deck and self.pile and self.options["reshuffle"] == AFTER_LAST_CARD:
            events.append(self._reshuffle())  # WL-R5: right after the last card is drawn
        return events

    def _reshuffle(self) -> dict:
        """WL-11: the whole discard pile, shuffled, is the new deck."""
        self.deck, self.pile = self.pile, []
        self.top_live = False
        self.rng.shuffle(self.deck)
        self.reshuffles += 1
        return event("reshuffle", ALL, deck=len(self.deck), times=self.reshuffles)

    def _discard(self, seat: int, card: str) -> list[dict]:
        """WL-5 discard; WL-10 an empty hand wins; otherwise the next claim window."""
        self._leave_hand(seat, card)
        self.pile.append(card)
        self.top_live = True
        self.turns += 1
        events = [event("discard", ALL, seat=seat, card=card, hand=len(self.hands[seat]),
                        pile_index=len(self.pile) - 1)]
        if not self.hands[seat]:
            return events + self._end_round(EMPTIED, seat)
        if self.turns >= self.turn_limit:
            return events + self._end_round(TURN_LIMIT)
        self.discarder = seat
        self.turn = right_of(seat, self.players)
        self.phase, self.claim_at = OFFER, 0
        return events

    @property
    def turn_limit(self) -> int:
        """The kit's length bound: ``round_laps`` laps of the table per round (WL-11)."""
        return self.options["round_laps"] * self.players

    def penalties_now(self) -> list[int]:
        """WL-R4: each seat's penalty if the round ended now."""
        per_card, unrevealed = self.penalty.per_card, self.penalty.unrevealed
        types = self._types
        return [sum(per_card[types[c]] for c in hand) + (0 if self.combos[s] else unrevealed)
                for s, hand in enumerate(self.hands)]

    def _end_round(self, reason: str, winner: int | None = None) -> list[dict]:
        """WL-2, WL-10, WL-R4: score the round; deal the next or end the game."""
        penalties = self.penalties_now()
        self.scores.append(penalties)
        record = {"round": self.round_no, "dealer": self.dealer, "reason": reason,
                  "rule": END_RULES[reason], "winner": winner, "penalties": penalties,
                  "left": [sorted(h) for h in self.hands],
                  "revealed": [bool(c) for c in self.combos], "turns": self.turns,
                  "reshuffles": self.reshuffles}
        self.round_log.append(record)
        events = [event("round_end", ALL, **_copy_record(record), totals=self.totals())]
        if self.round_no == len(self.rounds):
            self.phase = OVER
            res = self.result()
            events.append(event("game_end", ALL, scores=res["scores"], winners=res["winners"],
                                places=res["places"]))
            return events
        self.dealer = right_of(self.dealer, self.players)  # WL-3
        return events + self._start_round(self.round_no + 1)

    # -- reading ------------------------------------------------------------------------

    def totals(self) -> list[int]:
        return [sum(r[s] for r in self.scores) for s in range(self.players)]

    def rounds_won(self) -> list[int]:
        wins = [0] * self.players
        for r in self.round_log:
            if r["winner"] is not None:
                wins[r["winner"]] += 1
        return wins

    def view(self, seat: int | None) -> dict:
        """What ``seat`` may know (None: a spectator). Hands are hidden except one's own
        (WL-8); the pile, laid combinations, characters (but those dealt face down before
        their seat's reveal, WL-R5: then ``needs`` keeps ``"character"``) and scores are
        public; ``known``
        lists the cards everyone saw a seat take from the pile and not yet part with.
        ``task``, ``rules`` and ``catalogue`` are shared between views and games, so they
        are read-only (:mod:`kit.readonly`); the rest is fresh."""
        players = self.players
        seats = []
        for s in range(players):
            seen = self.shown[s] or s == seat
            char = self.characters[s] if seen else None
            seats.append({
                "seat": s, "hand_count": len(self.hands[s]),
                "known": sorted(c for c, n in self.known[s].items() for _ in range(n)),
                "character": char,
                "character_organ": self._organ_of[char] if char else None,
                "needs": list(self.needs(s) if seen else self.round.combination),
                "revealed": bool(self.combos[s]),
                "combination": list(self.combos[s]), "laid": list(self.laid[s]),
            })
        top = len(self.pile) - 1
        claimants = list(self.claimants()) if self.phase in (OFFER, CLAIMS) else []
        return {
            "game": "waiting_list", "players": players, "seat": seat,
            "to_act": self.to_act, "over": self.over, "phase": self.phase,
            "round": self.round_no, "rounds": len(self.rounds), "dealer": self.dealer,
            "first_player": right_of(self.dealer, players), "task": self._tasks[self.round_no],
            "turn": self.turn, "discarder": self.discarder,
            "claim_order": claimants,
            "passed": claimants[:self.claim_at] if self.phase == CLAIMS else [],
            "hand": sorted(self.hands[seat]) if seat is not None else None,
            "seats": seats,
            "pile": [{"card": c, "dead": i < top or not self.top_live}
                     for i, c in enumerate(self.pile)],
            "top_live": self.top_live, "deck": len(self.deck),
            "reshuffles": self.reshuffles, "turns": self.turns, "turn_limit": self.turn_limit,
            "scores": {"rounds": [list(r) for r in self.scores], "totals": self.totals(),
                       "round_winners": [r["winner"] for r in self.round_log],
                       "round_reasons": [r["reason"] for r in self.round_log],
                       "round_rules": [r.get("rule") for r in self.round_log]},
            "last_round": _copy_record(self.round_log[-1]) if self.round_log else None,
            "rules": self._rules,
            "catalogue": self.deck_data.catalogue,
        }

    def result(self) -> dict:
        """WL-2: totals over the rounds, lowest wins; ties shared (or ``rounds_won``)."""
        totals, wins = self.totals(), self.rounds_won()
        by_wins = self.options["tie_break"] == "rounds_won"
        keys = [(totals[s], -wins[s] if by_wins else 0) for s in range(self.players)]
        places = [1 + sum(k < keys[s] for k in keys) for s in range(self.players)]
        best = min(keys)
        return {"game": "waiting_list", "over": self.over, "rounds": len(self.rounds),
                "rounds_played": len(self.scores), "scores": totals,
                "penalties": [list(r) for r in self.scores], "places": places,
                "winners": [s for s in range(self.players) if keys[s] == best]
                if self.over else [],
                "rounds_won": wins, "round_winners": [r["winner"] for r in self.round_log],
                "round_reasons": [r["reason"] for r in self.round_log],
                "round_rules": [r.get("rule") for r in self.round_log],
                "tie_break": self.options["tie_break"], "lowest_wins": True}

    # -- hidden information -------------------------------------------------------------

    def determinize(self, seat: int | None, rng: random.Random) -> WaitingListState:
        """Redeal every card ``seat`` can't see: the deck and the other hands, keeping in
        each hand the cards everyone saw it take (``known``) and every hand's size; and
        the other seats' characters still face down (WL-R5) with those left in the box."""
        other = self.clone()
        hidden = [p for p in range(self.players) if p != seat]
        pool = list(self.deck)
        kept: dict[int, list[str]] = {}
        for p in hidden:
            known = dict(self.known[p])
            keep = []
            for card in self.hands[p]:
                if known.get(card, 0) > 0:
                    known[card] -= 1
                    keep.append(card)
                else:
                    pool.append(card)
            kept[p] = keep
        rng.shuffle(pool)
        for p in hidden:
            extra = len(self.hands[p]) - len(kept[p])
            other.hands[p] = kept[p] + [pool.pop() for _ in range(extra)]
        other.deck = pool
        # WL-R5: characters face down are redealt from those the seat has not seen
        face_down = [p for p in hidden if not self.shown[p] and self.characters[p]]
        if face_down:
            box = list(self.box) + [self.characters[p] for p in face_down]
            rng.shuffle(box)
            for p in face_down:
                other.characters[p] = box.pop()
            other.box = sorted(box)  # type: ignore[arg-type]
        other.rng = random.Random(rng.random())
        return other

    # -- copies -------------------------------------------------------------------------

    def clone(self) -> WaitingListState:
        other = WaitingListState.__new__(WaitingListState)
        other.__dict__.update(self.__dict__)
        other.options = dict(self.options)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.history = [dict(a) for a in self.history]
        other.hands = [list(h) for h in self.hands]
        other.deck = list(self.deck)
        other.pile = list(self.pile)
        other.characters = list(self.characters)
        other.shown = list(self.shown)
        other.box = list(self.box)
        other.combos = [list(c) for c in self.combos]
        other.laid = [list(c) for c in self.laid]
        other.known = [dict(k) for k in self.known]
        other.scores = [list(r) for r in self.scores]
        other.round_log = list(self.round_log)  # records are never changed once written
        return other

    _FIELDS = ("round_no", "dealer", "top_live", "turns", "reshuffles", "phase", "turn",
               "discarder", "claim_at")

    def snapshot(self) -> dict:
        snap = self._base_snapshot()
        snap.update({name: getattr(self, name) for name in self._FIELDS})
        snap.update(hands=[list(h) for h in self.hands], deck=list(self.deck),
                    pile=list(self.pile), characters=list(self.characters), box=list(self.box),
                    shown=list(self.shown),
                    combos=[list(c) for c in self.combos], laid=[list(c) for c in self.laid],
                    known=[dict(k) for k in self.known], scores=[list(r) for r in self.scores],
                    round_log=[_copy_record(r) for r in self.round_log])
        return snap

    def _restore(self, snap: dict) -> None:
        self._bind()
        for name in self._FIELDS:
            setattr(self, name, snap[name])
        self.hands = [list(h) for h in snap["hands"]]
        self.deck = list(snap["deck"])
        self.pile = list(snap["pile"])
        self.characters = list(snap["characters"])
        self.shown = list(snap.get("shown", [True] * self.players))
        self.box = list(snap["box"])
        self.combos = [list(c) for c in snap["combos"]]
        self.laid = [list(c) for c in snap["laid"]]
        self.known = [dict(k) for k in snap["known"]]
        self.scores = [list(r) for r in snap["scores"]]
        self.round_log = [_copy_record(r) for r in snap["round_log"]]

    def zones(self) -> dict[str, list]:
        return {"deck": list(self.deck), "pile": list(self.pile),
                "hands": [c for h in self.hands for c in h],
                "combinations": [c for h in self.combos for c in h],
                "laid": [c for h in self.laid for c in h],
                "characters": [c for c in self.characters if c] + list(self.box)}


def _copy_record(record: dict) -> dict:
    out = dict(record)
    out["penalties"] = list(record["penalties"])
    out["left"] = [list(h) for h in record["left"]]
    out["revealed"] = list(record["revealed"])
    return out
