"""A Hanabi bot of the information-strategy (hat-guessing) kind (HB-3..HB-7).

Every hint is read as a number ``v`` in ``0..M-1``, ``M = 3 × (players − 1)``: which
player it names (counted from the hinter) and its kind: a value hint touching that
player's newest card, a colour hint touching it, or a hint leaving it out (with four
or more cards some hint always does). Before the hint each other player has public
*questions* about their hand, at most ``M`` answers in all (mixed radix): "is it
playable?" for each card at least 30 % likely to be, in order, while room is left,
then the next card's identities split into playable, useless and the rest by value.
The hinter sets ``v`` to the sum of every other player's answer modulo ``M``; each of
them sees all the other answers and so reads their own, and the whole table then
knows every answer. Players play cards known to be playable, hint while they hold a
token, else discard the card likeliest to be useless (a last copy counts against it).

None of this can be followed by a person: it is a code, not a convention.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from kit.contract import Action
from kit.hanabi.actions import Discard, Hint, Play, hint_slots
from kit.hanabi.table import PublicTable, bits

DESCRIPTION = (
    "Information strategy (hat guessing): every hint encodes, through whom it names and "
    "whether it names a colour or a value, a sum of answers about every other player's "
    "hand. Strong among its own kind, but it is a code, not a convention: it is not "
    "human-compatible, so do not pick it as a partner for people.")


class InfoTable(PublicTable):
    """The public table (:class:`PublicTable`) with the questions each hint answers."""

    PLAY_Q = 0.3  # "is it playable?" for a card this likely to be, while room is left

    def __init__(self, view: dict) -> None:
        super().__init__(view)
        self.modulus = 3 * (self.players - 1)
        self.faces: dict[int, int] = {}  # card id -> code, for cards the observer has seen

    def _refresh(self) -> None:
        """Also ``left``: copies of each code not yet played or gone (in hands or deck)."""
        super()._refresh()
        left = [n - g for n, g in zip(self.copies, self.gone, strict=True)]
        for s, f in enumerate(self.fireworks):
            for v in range(f):
                left[5 * s + v] -= 1
        self.left = left
        self._weights: dict[int, int] = {}

    def weight(self, mask: int) -> int:
        """Copies not yet seen by the table of the identities in ``mask``."""
        got = self._weights.get(mask)
        if got is None:
            got = self._weights[mask] = sum(self.left[c] for c in bits(mask))
        return got

    # -- questions ------------------------------------------------------------------

    def questions(self, p: int) -> list[tuple[int, list[int]]]:
        """Seat ``p``'s questions: (card id, the classes its identities fall in) for its
        cards likeliest to be playable that the table knows nothing decisive about,
        with at most ``modulus`` answers in all (mixed radix)."""
        ranked = []
        for i, cid in enumerate(self.hands[p]):
            m = self.poss[cid]
            if not m & ~self.playable or not m & ~self.trash:
                continue  # already known to be playable or useless
            total = self.weight(m) or 1
            ranked.append((-self.weight(m & self.playable) / total, i, cid))
        ranked.sort()
        out: list[tuple[int, list[int]]] = []
        room = self.modulus
        for chance, _, cid in ranked:
            if room < 2:
                break
            k = 2 if room >= 4 and -chance >= self.PLAY_Q else room
            out.append((cid, self.partition(self.poss[cid], k)))
            room //= k
        return out

    def partition(self, m: int, k: int) -> list[int]:
        """``m``'s identities in ``k`` classes: playable, useless, the rest by value."""
        if k == 2:
            return [m & self.playable, m & ~self.playable]
        classes = [m & self.playable, m & self.trash & ~self.playable]
        rest = bits(m & ~self.playable & ~self.trash)
        rest.sort(key=lambda c: (c % 5, c // 5))
        chunks = [0] * (k - 2)
        for i, c in enumerate(rest):
            chunks[i * (k - 2) // len(rest)] |= 1 << c
        return classes + chunks

    def answer(self, asked: list[tuple[int, list[int]]]) -> int:
        """The combined answer to ``asked`` (cards the observer sees)."""
        value, scale = 0, 1
        for cid, classes in asked:
            code = self.faces[cid]
            value += scale * next(i for i, m in enumerate(classes) if m >> code & 1)
            scale *= len(classes)
        return value

    def learn(self, asked: list[tuple[int, list[int]]], value: int) -> None:
        """Narrow each asked card to the class ``value`` names for it."""
        for cid, classes in asked:
            a = value % len(classes)
            value //= len(classes)
            if self.poss[cid] & classes[a]:
                self.poss[cid] &= classes[a]

    # -- moves ------------------------------------------------------------------------

    @staticmethod
    def hint_kind(colour: str | None, slots: Sequence[int]) -> int:
        """0: a value hint on the newest card, 1: a colour hint on it, 2: a hint that
        leaves it out (with four or more cards some hint always does)."""
        if 0 not in slots:
            return 2
        return 1 if colour is not None else 0

    def hint_value(self, seat: int, to: int, kind: int) -> int:
        return ((to - seat) % self.players - 1) * 3 + kind

    def apply(self, move: dict, me: int) -> None:
        seat = move["seat"]
        if move["type"] == "hint":
            value = self.hint_value(seat, move["to"],
                                    self.hint_kind(move["colour"], move["slots"]))
            asked = {p: self.questions(p) for p in range(self.players) if p != seat}
            answers = {p: self.answer(q) for p, q in asked.items() if p != me}
            if me in asked:
                answers[me] = (value - sum(answers.values())) % self.modulus
            mask = self.hint_mask(move)
            for i, cid in enumerate(self.hands[move["to"]]):
                self.poss[cid] &= mask if i in move["slots"] else ~mask
            for p, a in answers.items():
                self.learn(asked[p], a)
            return
        self.card_left(move)


class InfoBot:
    """Hat-guessing hints (see :data:`DESCRIPTION`); not a partner for people."""

    name = "info"
    description = DESCRIPTION
    FREE_HINTS = 1  # with this many tokens, hint even when no news is awaited

    def __init__(self) -> None:
        self._table: InfoTable | None = None
        self._seat: int | None = None

    def _sync(self, view: dict) -> InfoTable:
        moves, me = view["moves"], view["seat"]
        t = self._table
        if t is None or self._seat != me or not t.follows(view):
            t = self._table = InfoTable(view)
            self._seat = me
        new = moves[t.done:]
        # faces of every card the new moves touch that this seat may see: the cards
        # that left a hand since (from the log) and the other hands now (from the view)
        hands = [list(h) for h in t.hands]
        next_id = t.next_id
        for move in new:
            if move["type"] != "hint":
                cid = hands[move["seat"]].pop(move["slot"])
                t.faces[cid] = t.code(move["card"])
                if move["drew"]:
                    hands[move["seat"]].insert(0, next_id)
                    next_id += 1
        for p in range(t.players):
            if p != me:
                for cid, card in zip(hands[p], view["hands"][p]["cards"], strict=True):
                    t.faces[cid] = t.code(card)
        for move in new:
            t.apply(move, me)
        t.caught_up(moves)
        return t

    def choose(self, view: dict, legal: Sequence[Action], rng: random.Random) -> Action:
        t = self._sync(view)
        me = view["seat"]
        _, seen = t.in_sight(view, me)
        private = t.private(me, seen)
        slot = t.sure_play(private)
        if slot is not None:
            return Play(slot)
        hints, can_discard = view["hints"], view["hints"] < view["max_hints"]
        if hints and (not can_discard or hints >= self.FREE_HINTS
                      or self._news_awaited(t, me)):
            hint = self._hint(t, me, legal)
            if hint is not None:
                return hint
        last = t.gamble_or_let_go(view, private, seen)
        if last is not None:
            return last
        if can_discard:
            return Discard(self._least_needed(t, private, seen))
        # eight tokens and the encoding hint does not exist: any hint will mislead, so
        # give the one touching most cards of the next player (a rare hand)
        return max((h for h in legal if type(h) is Hint), key=lambda h: len(hint_slots(h)))

    def _news_awaited(self, t: InfoTable, me: int) -> bool:
        """Whether a hint would tell someone of a card to play or to let go."""
        for p in range(t.players):
            if p == me:
                continue
            if any((t.playable | t.trash) >> t.faces[cid] & 1 for cid, _ in t.questions(p)):
                return True
        return False

    def _hint(self, t: InfoTable, me: int, legal: Sequence[Action]) -> Hint | None:
        """The hint that encodes the sum of the answers (None in the rare hand where the
        hint it needs does not exist)."""
        value = sum(t.answer(t.questions(p)) for p in range(t.players) if p != me) % t.modulus
        to = (me + value // 3 + 1) % t.players
        kind = value % 3
        options = [h for h in legal if type(h) is Hint and h.to == to
                   and t.hint_kind(h.colour, hint_slots(h)) == kind]
        if not options:
            return None
        return max(options, key=lambda h: len(hint_slots(h)))

    @staticmethod
    def _least_needed(t: InfoTable, private: list[int], seen: list[int]) -> int:
        best, where = -1.0, len(private) - 1
        for slot in range(len(private) - 1, -1, -1):
            m = private[slot]
            weights = {c: t.copies[c] - seen[c] for c in bits(m)}
            total = sum(weights.values()) or 1
            junk = sum(w for c, w in weights.items() if t.trash >> c & 1)
            # a last copy is costly to lose: count it against the card
            last = sum(w for c, w in weights.items() if not t.trash >> c & 1
                       and t.left[c] == 1)
            value = (junk - 2 * last) / total
            if value > best:
                best, where = value, slot
        return where
