"""The Hanabi rules (HB-1..HB-12, HB-R1, HB-R2) as a :class:`kit.GameState`.

Seats play in order 0, 1, 2, ... (the rulebook does not say who starts; seat 0
does). Slot 0 of a hand is its newest card: a drawn card goes in on the left,
as on Board Game Arena. Cards are encoded ``suit * 5 + value - 1``.
"""

from __future__ import annotations

import random
from typing import Any

from kit.contract import ALL, Action, GameState, event
from kit.errors import NC_, IllegalAction
from kit.hanabi import knowledge
from kit.hanabi.actions import Discard, Hint, Play
from kit.hanabi.deal import hand_size, scripted
from kit.hanabi.knowledge import IS_C, IS_V, NOT_C, NOT_V
from kit.hanabi.legal import hints_for, may_discard, may_hint
from kit.hanabi.variants import VALUES, Variant, variants
from kit.readonly import ReadOnlyList, freeze


class HanabiState(GameState):
    """A game of Hanabi. Options: ``variant``, ``allow_empty_hints`` (HB-R1),
    ``keep_score_on_loss`` (HB-R2)."""

    variant: Variant

    # -- setup ------------------------------------------------------------------------

    def _setup(self) -> None:
        self._bind_variant()
        deck = list(self._tables.deck)
        self.rng.shuffle(deck)
        n = hand_size(self.players)
        if self.options["deal"] is not None:
            self.hands, deck = scripted(self.options["deal"], self.variant, self.players, deck)
        else:
            self.hands = [[deck.pop() for _ in range(n)] for _ in range(self.players)]
        self.know: list[list[list[int]]] = [[[0, 0, 0, 0] for _ in range(n)]
                                            for _ in range(self.players)]
        self.deck: list[int] = deck  # drawn from the end
        self.fireworks = [0] * len(self.variant.suits)
        self.discards: list[int] = []
        self.hints = self.variant.hint_tokens
        self.mistakes = 0
        self.current = 0
        self.final_left: int | None = None  # HB-10: turns left once the last card is drawn
        self.ended: str | None = None  # "mistakes" | "perfect" | "deck"
        #: every move as all players saw it (HB-3): replaced, never changed in place
        self.moves: list[dict] = ReadOnlyList()
        self._derive()

    def _derive(self) -> None:
        """Caches that follow from the state (not part of the snapshot): each card's
        described knowledge, and the hints each hand can receive."""
        # A hand's described knowledge and shown cards are read-only lists (kit.readonly),
        # replaced when the hand changes: views share them without copying.
        self._desc = [ReadOnlyList([self._describe(k) for k in hk]) for hk in self.know]
        self._shown: list[ReadOnlyList | None] = [None] * self.players
        self._hint_cache: list[list[Action] | None] = [None] * self.players

    def _bind_variant(self) -> None:
        tables = _tables(self.options["variant"])
        self.variant = tables.variant
        self._touch = tables.touch
        self._hint_colours = tables.variant.hintable_colours
        self._colour_index = tables.colour_index
        self._cards = tables.cards
        self._described = tables.described
        self._tables = tables

    # -- whose turn, what is legal --------------------------------------------------

    @property
    def to_act(self) -> int | None:
        return None if self.ended else self.current

    @property
    def over(self) -> bool:
        return self.ended is not None

    def touched(self, to: int, colour: str | None, value: int | None) -> tuple[int, ...]:
        """The slots of seat ``to`` that a hint points at (HB-4, HB-12)."""
        hand = self.hands[to]
        if colour is not None:
            mask = self._touch[colour]
            return tuple(i for i, c in enumerate(hand) if mask >> (c // 5) & 1)
        v = value - 1  # type: ignore[operator]
        return tuple(i for i, c in enumerate(hand) if c % 5 == v)

    def legal_actions(self) -> list[Action]:
        if self.ended:
            return []
        seat = self.current
        size = len(self.hands[seat])
        out: list[Action] = _PLAYS[:size]
        if may_discard(self.hints, self.variant.hint_tokens):
            out += _DISCARDS[:size]
        if may_hint(self.hints):
            empty = self.options["allow_empty_hints"]
            tables = self._tables
            hint, rainbow, colours = _hint, tables.rainbow, tables.hint_colours
            nsuits = len(self.variant.suits)
            cache = self._hint_cache
            for offset in range(1, self.players):
                to = (seat + offset) % self.players
                cached = cache[to]
                if cached is None:
                    cached = cache[to] = [
                        hint(to, colour, value, slots) for colour, value, slots
                        in hints_for(self.hands[to], colours, rainbow, nsuits, empty)]
                out += cached
        return out

    def _check(self, action: Action) -> None:
        seat = self.current
        if type(action) is not Hint:
            # a Play or a Discard (no cast() or isinstance on this hot path)
            slot = action.slot  # type: ignore[attr-defined]
            if not 0 <= slot < len(self.hands[seat]):
                raise IllegalAction("HB-3", f"there is no slot {slot}; seat {seat} holds "
                                            f"slots 0–{len(self.hands[seat]) - 1}",
                                    code=NC_("error", "hb_no_slot"), n=slot + 1)
            if isinstance(action, Discard) and not may_discard(self.hints,
                                                               self.variant.hint_tokens):
                raise IllegalAction("HB-5", "no discard while all 8 hint tokens are available",
                                    code=NC_("error", "hb_no_discard"), n=self.variant.hint_tokens)
            return
        assert isinstance(action, Hint)
        if not may_hint(self.hints):
            raise IllegalAction("HB-4", "no hint without a hint token",
                                code=NC_("error", "hb_no_token"))
        if action.to == seat:
            raise IllegalAction("HB-4", "a hint goes to another player, not to oneself",
                                code=NC_("error", "hb_hint_self"))
        if not 0 <= action.to < self.players:
            raise IllegalAction("HB-4", f"there is no seat {action.to}",
                                code=NC_("error", "hb_no_seat"))
        if (action.colour is None) == (action.value is None):
            raise IllegalAction("HB-4", "a hint names exactly one colour or one value",
                                code=NC_("error", "hb_hint_one"))
        if action.colour is not None and action.colour not in self._hint_colours:
            rule = "HB-12" if action.colour in self._colour_index else "HB-4"
            raise IllegalAction(rule, f"{action.colour!r} can't be named in a hint in "
                                      f"{self.variant.name}; name one of "
                                      f"{list(self._hint_colours)}",
                                code=NC_("error", "hb_colour_not_hinted"), colour=action.colour)
        if action.value is not None and action.value not in VALUES:
            raise IllegalAction("HB-4", f"a value hint names 1–5, not {action.value}",
                                code=NC_("error", "hb_value_range"), value=action.value)
        slots = self.touched(action.to, action.colour, action.value)
        if not slots and not self.options["allow_empty_hints"]:
            raise IllegalAction("HB-R1", "a hint must touch at least one card "
                                         "(house rule allow_empty_hints=True allows it)",
                                code=NC_("error", "hb_empty_hint"))
        if action.slots is not None and tuple(action.slots) != slots:
            raise IllegalAction("HB-4", f"a hint points at all the cards it names: slots "
                                        f"{list(slots)}, not {list(action.slots)}",
                                code=NC_("error", "hb_hint_all"))

    def canonical(self, action: Action) -> Action:
        if (isinstance(action, Hint) and action.slots is None and self.ended is None
                and 0 <= action.to < self.players
                and (action.colour in self._touch or action.value in VALUES)):
            return Hint(action.to, action.colour, action.value,
                        self.touched(action.to, action.colour, action.value))
        return action

    # -- doing ------------------------------------------------------------------------

    def _do(self, action: Action) -> list[dict]:
        seat = self.current
        events: list[dict]
        if type(action) is Hint:
            events = [self._hint(seat, action)]
            self.moves = ReadOnlyList([*self.moves, freeze({
                "seat": seat, "type": "hint", "to": action.to, "colour": action.colour,
                "value": action.value, "slots": list(action.slots or ())})])
        else:
            # a Play or a Discard (no cast() or isinstance on this hot path)
            slot = action.slot  # type: ignore[attr-defined]
            card = self.hands[seat].pop(slot)
            del self.know[seat][slot]
            desc = self._desc[seat]
            self._desc[seat] = ReadOnlyList(desc[:slot] + desc[slot + 1:])
            self._hint_cache[seat] = self._shown[seat] = None
            events = (self._discard(seat, slot, card) if isinstance(action, Discard)
                      else self._play(seat, slot, card))
            drew = not self.ended and bool(self.deck)
            if not self.ended:
                events += self._draw(seat)
            self.moves = ReadOnlyList([*self.moves, freeze({
                "seat": seat, "type": action.TYPE, "slot": slot, "card": self._cards[card],
                "drew": drew})])
        if not self.ended:
            self._next_turn(seat, events)
        if self.ended:
            events.append(event("game_end", ALL, reason=self.ended, **self._score_fields()))
        return events

    def _hint(self, seat: int, hint: Hint) -> dict:
        """HB-4: spend a token; record what each card of ``to`` now is or is not."""
        self.hints -= 1
        touched = set(hint.slots or ())
        if hint.colour is not None:
            bit, is_, not_ = 1 << self._colour_index[hint.colour], IS_C, NOT_C
        else:
            bit, is_, not_ = 1 << hint.value, IS_V, NOT_V  # type: ignore[operator]
        for i, know in enumerate(self.know[hint.to]):
            know[is_ if i in touched else not_] |= bit
        self._desc[hint.to] = ReadOnlyList([self._describe(k) for k in self.know[hint.to]])
        fields: dict[str, Any] = {"colour": hint.colour} if hint.colour else {"value": hint.value}
        return event("hint", ALL, seat=seat, to=hint.to, slots=sorted(touched), **fields)

    def _discard(self, seat: int, slot: int, card: int) -> list[dict]:
        """HB-5: the card goes to the discard pile; regain a token."""
        self.discards.append(card)
        self.hints += 1
        return [event("discard", ALL, seat=seat, slot=slot, card=self.card_json(card),
                      hints=self.hints)]

    def _play(self, seat: int, slot: int, card: int) -> list[dict]:
        """HB-6 play, HB-7 completion bonus, HB-8 third mistake, HB-9 perfect game."""
        suit, value = divmod(card, 5)
        value += 1
        if self.fireworks[suit] + 1 == value:
            self.fireworks[suit] = value
            out = [event("play", ALL, seat=seat, slot=slot, card=self.card_json(card))]
            if value == 5:
                bonus = self.hints < self.variant.hint_tokens
                self.hints += bonus
                out.append(event("firework_complete", ALL, colour=self._tables.colours[suit],
                                 hint_returned=bonus, hints=self.hints))
                if all(f == 5 for f in self.fireworks):
                    self.ended = "perfect"
            return out
        self.discards.append(card)
        self.mistakes += 1
        out = [event("misfire", ALL, seat=seat, slot=slot, card=self.card_json(card),
                     mistakes=self.mistakes)]
        if self.mistakes >= self.variant.mistake_tokens:
            self.ended = "mistakes"
        return out

    def _draw(self, seat: int) -> list[dict]:
        """Draw a card into slot 0; everyone but the drawer sees it (HB-2)."""
        if not self.deck:
            return []
        card = self.deck.pop()
        self.hands[seat].insert(0, card)
        self.know[seat].insert(0, [0, 0, 0, 0])
        self._desc[seat] = ReadOnlyList([self._describe([0, 0, 0, 0]), *self._desc[seat]])
        self._hint_cache[seat] = self._shown[seat] = None
        others = [s for s in range(self.players) if s != seat]
        out = [event("draw", others, seat=seat, slot=0, card=self.card_json(card),
                     deck=len(self.deck)),
               event("draw", [seat], seat=seat, slot=0, deck=len(self.deck))]
        if not self.deck:
            # HB-10: every player, the drawer included, takes one more turn.
            self.final_left = self.players + 1  # this turn's end takes one off
            out.append(event("final_round", ALL, seat=seat, turns_left=self.players))
        return out

    def _next_turn(self, seat: int, events: list[dict]) -> None:
        if self.final_left is not None:
            self.final_left -= 1
            if self.final_left == 0:
                self.ended = "deck"
                return
        self.current = (seat + 1) % self.players

    # -- reading --------------------------------------------------------------------------

    def card_json(self, card: int) -> dict:
        """A card as JSON (read-only: shared between games, kit.readonly)."""
        return self._cards[card]

    def _describe(self, know: list[int]) -> dict:
        key = (know[0], know[1], know[2], know[3])
        got = self._described.get(key)
        if got is None:
            got = self._described[key] = freeze(knowledge.describe(know, self.variant,
                                                                   self._touch))
        return got

    @property
    def fireworks_total(self) -> int:
        """HB-11: the sum of the top card of each firework."""
        return sum(self.fireworks)

    @property
    def score(self) -> int:
        """HB-11 score; HB-R2: 0 after the third mistake unless ``keep_score_on_loss``."""
        if self.ended == "mistakes" and not self.options["keep_score_on_loss"]:
            return 0
        return self.fireworks_total

    def still_to_play(self) -> list[int]:
        """HB-10: the seats that still take a turn in the final round, in order."""
        if self.final_left is None or self.ended:
            return []
        return [(self.current + k) % self.players for k in range(self.final_left)]

    def _score_fields(self) -> dict:
        return {"score": self.score, "fireworks_total": self.fireworks_total,
                "lost": self.ended == "mistakes", "perfect": self.ended == "perfect"}

    def view(self, seat: int | None) -> dict:
        """What ``seat`` may know: the other hands, its own cards only as hints told.

        The caller's own: the dicts and lists are fresh, but for each hand's cards and
        knowledge and the move log, which are read-only (:mod:`kit.readonly`)."""
        variant, cards, shown = self.variant, self._cards, self._shown
        hands = []
        faces: list[Any] | None
        for p in range(self.players):
            if seat is None or p == seat:
                faces = [None] * len(self.hands[p])
            else:
                faces = shown[p]
                if faces is None:
                    faces = shown[p] = ReadOnlyList([cards[c] for c in self.hands[p]])
            hands.append({"seat": p, "cards": faces, "knowledge": self._desc[p]})
        return {
            "game": "hanabi", "variant": variant.name, "players": self.players, "seat": seat,
            "to_act": self.to_act, "over": self.over,
            "suits": self._tables.suits_json,
            "hintable_colours": self._tables.hintable_json,
            "allow_empty_hints": self.options["allow_empty_hints"],
            "hands": hands,
            "fireworks": dict(zip(self._tables.colours, self.fireworks, strict=True)),
            "discards": [cards[c] for c in self.discards],
            "hints": self.hints, "max_hints": variant.hint_tokens,
            "mistakes": self.mistakes, "max_mistakes": variant.mistake_tokens,
            "deck": len(self.deck),
            "final_round": self.final_left is not None,
            "still_to_play": self.still_to_play(),
            "score": self.score, "max_score": variant.max_score,
            "ended": self.ended,
            "moves": self.moves,
        }

    def result(self) -> dict:
        """HB-9, HB-11, HB-R2. Hanabi is cooperative: every seat shares the score."""
        return {"game": "hanabi", "over": self.over, "reason": self.ended,
                "max_score": self.variant.max_score, "scores": [self.score] * self.players,
                "places": [1] * self.players, "winners": list(range(self.players)),
                "mistakes": self.mistakes, **self._score_fields()}

    # -- hidden information -------------------------------------------------------------

    def determinize(self, seat: int | None, rng: random.Random) -> HanabiState:
        """Redeal what ``seat`` can't see (its own hand, or every hand for a spectator)
        and the deck, keeping every card consistent with the hints given."""
        other = self.clone()
        hidden = range(self.players) if seat is None else [seat]
        slots = [(p, i) for p in hidden for i in range(len(self.hands[p]))]
        pool = list(self.deck) + [self.hands[p][i] for p, i in slots]
        for _ in range(50):
            trial = list(pool)
            rng.shuffle(trial)
            chosen = {}
            for p, i in slots:
                know = self.know[p][i]
                pick = next((k for k, c in enumerate(trial)
                             if knowledge.fits(c, know, self.variant, self._touch)), None)
                if pick is None:
                    break
                chosen[p, i] = trial.pop(pick)
            else:
                for (p, i), card in chosen.items():
                    other.hands[p][i] = card
                other.deck = trial
                other._hint_cache = [None] * self.players
                other._shown = [None] * self.players
                break
        other.rng = random.Random(rng.random())
        return other

    # -- copies -------------------------------------------------------------------------

    def clone(self) -> HanabiState:
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.history = [dict(a) for a in self.history]
        other.hands = [list(h) for h in self.hands]
        other.know = [[list(k) for k in hk] for hk in self.know]
        other._desc = list(self._desc)
        other._shown = list(self._shown)
        other._hint_cache = list(self._hint_cache)
        other.deck = list(self.deck)
        other.fireworks = list(self.fireworks)
        other.discards = list(self.discards)
        return other

    def snapshot(self) -> dict:
        snap = self._base_snapshot()
        snap.update(hands=[list(h) for h in self.hands],
                    know=[[list(k) for k in hk] for hk in self.know], deck=list(self.deck),
                    fireworks=list(self.fireworks), discards=list(self.discards),
                    hints=self.hints, mistakes=self.mistakes, current=self.current,
                    final_left=self.final_left, ended=self.ended)
        return snap

    def _restore(self, snap: dict) -> None:
        self._bind_variant()
        self.hands = [list(h) for h in snap["hands"]]
        self.know = [[list(k) for k in hk] for hk in snap["know"]]
        self.deck = list(snap["deck"])
        self.fireworks = list(snap["fireworks"])
        self.discards = list(snap["discards"])
        self.hints, self.mistakes = snap["hints"], snap["mistakes"]
        self.current, self.final_left, self.ended = (snap["current"], snap["final_left"],
                                                     snap["ended"])
        self.moves = self._replayed_moves()
        self._derive()

    def _replayed_moves(self) -> list[dict]:
        """The public move log, by replaying the history from the seed (it is not
        part of the snapshot: the history and the seed determine it)."""
        again = type(self)(self.players, self.seed, **self.options)
        for action in self.history:
            again.apply({k: v for k, v in action.items() if k != "seat"})
        return again.moves

    def zones(self) -> dict[str, list]:
        played = [s * 5 + v for s, top in enumerate(self.fireworks) for v in range(top)]
        return {"deck": list(self.deck), "hands": [c for h in self.hands for c in h],
                "fireworks": played, "discards": list(self.discards)}


_PLAYS: list[Action] = [Play(i) for i in range(5)]
_DISCARDS: list[Action] = [Discard(i) for i in range(5)]
_HINTS: dict[tuple, Hint] = {}


def _hint(to: int, colour: str | None, value: int | None, slots: tuple[int, ...]) -> Hint:
    """A hint action, shared (actions are frozen)."""
    key = (to, colour, value, slots)
    got = _HINTS.get(key)
    if got is None:
        got = _HINTS[key] = Hint(to, colour, value, slots)
    return got


class _Tables:
    """What a variant needs at play time, made once per variant and shared.

    Card, knowledge and suit dicts are shared between views and games, so they are
    read-only (:mod:`kit.readonly`).
    """

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.deck = tuple(variant.deck())
        self.touch = knowledge.touch_masks(variant)
        self.colours = variant.colours
        self.colour_index = {c: i for i, c in enumerate(variant.colours)}
        self.hint_colours = [(c, self.colour_index[c]) for c in variant.hintable_colours]
        self.rainbow = [i for i, s in enumerate(variant.suits) if s.hint == "every"]
        self.cards = [freeze({"colour": variant.colours[code // 5], "value": code % 5 + 1})
                      for code in range(5 * len(variant.suits))]
        self.described: dict[tuple, dict] = {}
        self.suits_json = freeze([{"colour": s.colour, "letter": s.letter, "symbol": s.symbol,
                            "uk": s.uk, "hint": s.hint, "counts": list(s.counts)}
                           for s in variant.suits])
        self.hintable_json = freeze(variant.hintable_colours)


_TABLES: dict[str, _Tables] = {}


def _tables(name: str) -> _Tables:
    """The variant's tables, made again once its data file was edited (``variants()``
    then gives a new variant)."""
    variant = variants()[name]
    got = _TABLES.get(name)
    if got is None or got.variant is not variant:
        got = _TABLES[name] = _Tables(variant)
    return got
