"""A Hanabi bot of the information-strategy (hat-guessing) kind (HB-3..HB-7).

After the information strategy of hanabi.rs (Jeff Wu). Every hint is read as a number
``v`` in ``0..M-1``: which player it names (counted from the hinter) and its kind,
3 or 4 per player: a value or a colour hint touching that player's *hint card* (the
card the table knows least about), or one leaving it out (with four kinds, a value
and a colour one apart; four when the table knows the hand holds two colours and two
values). Before the hint each other player has public *questions* about their hand,
asked one after another while the room the modulus leaves lasts: while no card is
known to be playable, "which of these cards is the first playable (then the first
useless)?", least likely first; else "is it playable?" for a card about 70 % likely
to be; else the identities of the card likeliest needed split in as many classes as
room is left. The hinter sets ``v`` to the sum of every other player's answer modulo
``M``; each of them sees all the other answers and so reads their own, and the whole
table then knows every answer.

Players play a card known to be playable (low values and cards nobody else holds
first), risk a card that is either playable or useless when it likely plays, hint
when a partner holds a playable card the table does not know of (a discard with a
token in hand so tells everyone that no partner does), discard known-useless cards
(choosing among several by the same code) and otherwise the card likeliest to be
seen elsewhere or spare, unless that card may well be a last copy and a token is left
(then they hint).

None of this can be followed by a person: it is a code, not a convention.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from kit.contract import Action
from kit.hanabi.actions import Discard, Hint, Play, hint_slots
from kit.hanabi.table import PublicTable, bits

DESCRIPTION = (
    "Information strategy (hat guessing): every hint encodes, through whom it names and "
    "whether it names a colour or a value, a sum of answers about every other player's "
    "hand. Strong among its own kind, but it is a code, not a convention: it is not "
    "human-compatible, so do not pick it as a partner for people.")

#: a question: ("combo", [(card index, mask), ...]) asks which card is the first whose
#: identity is in its mask (0: none, k: the k-th); ("part", index, [mask, ...]) asks
#: which class the card's identity falls in
Question = tuple

_SHAPES: dict[int, tuple[int, int]] = {}


def shape(mask: int) -> tuple[int, int]:
    """The suits (bit per suit) and values (bit per value - 1) of the codes in ``mask``."""
    got = _SHAPES.get(mask)
    if got is None:
        suits = values = 0
        for c in bits(mask):
            suits |= 1 << (c // 5)
            values |= 1 << (c % 5)
        got = _SHAPES[mask] = (suits, values)
    return got


def _remaining(modulus: int, value: int, total: int) -> int:
    """How many answers one more question may have and still fit under ``total``
    after ``value`` of ``modulus`` (mixed radix that uses all of a modulus)."""
    return (total - value - 1) // modulus + 1


class InfoTable(PublicTable):
    """The public table (:class:`PublicTable`) with the questions each hint answers."""

    def __init__(self, view: dict) -> None:
        super().__init__(view)
        self.faces: dict[int, int] = {}  # card id -> code, for cards the observer has seen
        self.max_hints = view["max_hints"]
        self.hints = self.max_hints
        self.hand_size = len(self.hands[0])
        self.four_ways = all(s["hint"] == "own" for s in view["suits"])

    def _refresh(self) -> None:
        """Also ``left``: copies of each code not yet played or gone (in hands or deck);
        what may be a card loses the codes with none left."""
        super()._refresh()
        left = [n - g for n, g in zip(self.copies, self.gone, strict=True)]
        for s, f in enumerate(self.fireworks):
            for v in range(f):
                left[5 * s + v] -= 1
        self.left = left
        alive = 0
        for c, n in enumerate(left):
            if n > 0:
                alive |= 1 << c
        for cid, m in self.poss.items():
            if m & alive:
                self.poss[cid] = m & alive
        self._weights: dict[int, int] = {}
        self._odds: dict[int, tuple[float, float]] = {}

    def weight(self, mask: int) -> int:
        """Copies not yet seen by the table of the identities in ``mask``."""
        got = self._weights.get(mask)
        if got is None:
            got, left, m = 0, self.left, mask
            while m:
                low = m & -m
                got += left[low.bit_length() - 1]
                m ^= low
            self._weights[mask] = got
        return got

    def odds(self, mask: int) -> tuple[float, float]:
        """How likely a card that may be ``mask`` is playable, and useless (by the
        copies the table has not seen)."""
        got = self._odds.get(mask)
        if got is None:
            w = self.weight(mask)
            got = self._odds[mask] = ((self.weight(mask & self.playable) / w,
                                       self.weight(mask & self.trash) / w) if w else (0.0, 0.0))
        return got

    def knows_play(self, p: int) -> bool:
        """Whether the table knows seat ``p`` holds a playable card."""
        playable = self.playable
        return any(not m & ~playable for m in map(self.poss.__getitem__, self.hands[p]))

    # -- questions (cards by index, oldest first) --------------------------------------

    def ask(self, masks: list[int], room: int) -> Question | None:
        """The next question about a hand whose cards may be ``masks``, with at most
        ``room`` answers (None: nothing left worth asking)."""
        if room < 2:
            return None
        odds, playable, trash = self.odds, self.playable, self.trash
        cards = []
        know_play = know_dead = False
        for i, m in enumerate(masks):
            p_play, p_dead = odds(m)
            know_play = know_play or p_play == 1.0
            if p_dead == 1.0:
                know_dead = True
                continue
            if m & (m - 1):
                cards.append((i, p_play, p_dead))
        if not know_play:
            to_ask = [(0, i, p) for i, p, _ in cards if p > 0]
            if not know_dead:
                to_ask += [(1, i, d) for i, _, d in cards if d > 0]
            if len(to_ask) > room - 1:
                to_ask.sort(key=lambda q: (q[0], -q[2]))
                del to_ask[room - 1:]
            if to_ask:
                # least likely first: a yes then leaves the most cards answered no
                to_ask.sort(key=lambda q: (q[0], q[2]))
                return ("combo", [(i, trash if dead else playable) for dead, i, _ in to_ask])
        near = [(abs(p - 0.7), i) for i, p, _ in cards if abs(p - 0.7) < 0.2]
        if near:
            return ("combo", [(min(near)[1], playable)])
        if not cards:
            return None
        i = min(cards, key=lambda q: (q[2], q[0]))[0]
        return ("part", i, self.partition(masks[i], room))

    def partition(self, m: int, k: int) -> list[int]:
        """``m``'s live identities dealt round in up to ``k`` classes (one class for
        the useless ones, if any)."""
        dead = m & self.trash
        live = bits(m & ~self.trash)
        n = k - 1 if dead else k
        classes = [0] * min(n, len(live))
        for j, c in enumerate(live):
            classes[j % n] |= 1 << c
        if dead:
            classes.append(dead)
        return classes

    @staticmethod
    def amount(q: Question) -> int:
        return len(q[1]) + 1 if q[0] == "combo" else len(q[2])

    @staticmethod
    def answer(q: Question, codes: list[int]) -> int:
        if q[0] == "combo":
            for k, (i, mask) in enumerate(q[1]):
                if mask >> codes[i] & 1:
                    return k + 1
            return 0
        return next(k for k, mask in enumerate(q[2]) if mask >> codes[q[1]] & 1)

    @staticmethod
    def acknowledge(q: Question, a: int, masks: list[int]) -> None:
        """Narrow ``masks`` by answer ``a`` (never to nothing: a misread hint, in a
        hand where the hint the code needed did not exist, must not break the table)."""
        if q[0] == "combo":
            for k, (i, mask) in enumerate(q[1]):
                narrowed = masks[i] & mask if k + 1 == a else masks[i] & ~mask
                if narrowed:
                    masks[i] = narrowed
                if k + 1 == a:
                    return
            return
        narrowed = masks[q[1]] & q[2][a]
        if narrowed:
            masks[q[1]] = narrowed

    def hat_answer(self, p: int, total: int) -> tuple[int, list[int]]:
        """Seat ``p``'s answer (cards the observer sees) in ``0..total-1``, and what its
        cards may be once the table knows it."""
        hand = self.hands[p][::-1]
        masks = [self.poss[cid] for cid in hand]
        codes = [self.faces[cid] for cid in hand]
        modulus, value = 1, 0
        while True:
            q = self.ask(masks, _remaining(modulus, value, total))
            if q is None:
                return value, masks
            a = self.answer(q, codes)
            self.acknowledge(q, a, masks)
            value += modulus * a
            modulus = min(total, modulus * self.amount(q))

    def hat_read(self, p: int, total: int, value: int) -> list[int]:
        """What seat ``p``'s cards may be once its answer ``value`` is known."""
        masks = [self.poss[cid] for cid in self.hands[p][::-1]]
        modulus = total
        while True:
            q = self.ask(masks, modulus)
            if q is None:
                return masks
            k = self.amount(q)
            a = value % k
            value //= k
            modulus = (modulus - a - 1) // k + 1
            self.acknowledge(q, a, masks)

    def set_masks(self, p: int, masks: list[int]) -> None:
        for cid, m in zip(self.hands[p][::-1], masks, strict=True):
            self.poss[cid] = m

    def hat_sum(self, source: int, total: int, me: int, value: int | None = None) -> int:
        """Everyone learns their answer to a code of ``total`` values chosen by seat
        ``source``; returns the sum of the answers the observer ``me`` sees (``value``:
        the chosen value, when ``me`` is not the source)."""
        got = {}
        for p in range(self.players):
            if p not in (source, me):
                got[p] = self.hat_answer(p, total)
        seen = sum(a for a, _ in got.values()) % total
        if me != source and value is not None:
            mine = self.hat_read(me, total, (value - seen) % total)
            self.set_masks(me, mine)
        for p, (_, masks) in got.items():
            self.set_masks(p, masks)
        return seen

    # -- hints ---------------------------------------------------------------------------

    def ways(self, p: int) -> int:
        """3 or 4 kinds of hint to seat ``p`` (4 when the table knows its hand holds two
        colours and two values, so each kind of hint leaving the hint card out exists)."""
        hand = self.hands[p]
        if not self.four_ways or len(hand) < 4:
            return 3
        suits = values = -1
        for cid in hand:
            s, v = shape(self.poss[cid])
            suits &= s
            values &= v
        return 3 if suits or values else 4

    def hint_card(self, p: int) -> int:
        """The slot of seat ``p``'s card the table knows least about (oldest first)."""
        best, where = -1, 0
        hand = self.hands[p]
        for slot in range(len(hand) - 1, -1, -1):
            m = self.poss[hand[slot]]
            if not m & ~self.trash or not m & (m - 1):
                score = 0
            else:
                s, v = shape(m)
                score = 1 + bool(s & (s - 1)) + bool(v & (v - 1))
            if score > best:
                best, where = score, slot
        return where

    def layout(self, hinter: int) -> list[tuple[int, int, int]]:
        """(seat, kinds, first value) of each other player, from the hinter on."""
        out, start = [], 0
        for k in range(1, self.players):
            p = (hinter + k) % self.players
            n = self.ways(p)
            out.append((p, n, start))
            start += n
        return out

    @staticmethod
    def kind(ways: int, touched: bool, colour: bool) -> int:
        if touched:
            return 1 if colour else 0
        return 2 if ways == 3 else (3 if colour else 2)

    def apply(self, move: dict, me: int) -> None:
        seat = move["seat"]
        kind = move["type"]
        if kind == "hint":
            layout = self.layout(seat)
            total = layout[-1][2] + layout[-1][1]
            to = move["to"]
            _, ways, start = next(row for row in layout if row[0] == to)
            card = self.hint_card(to)
            value = start + self.kind(ways, card in move["slots"], move["colour"] is not None)
            self.hat_sum(seat, total, me, value)
            mask = self.hint_mask(move)
            for i, cid in enumerate(self.hands[to]):
                narrowed = self.poss[cid] & (mask if i in move["slots"] else ~mask)
                if narrowed:
                    self.poss[cid] = narrowed
            self.hints -= 1
            return
        if kind == "discard":
            useless = self.useless(seat)
            if self.hints:
                self.nobody_needs_hint(seat)
            slot = move["slot"]
            if len(useless) > 1 and slot in useless:
                self.hat_sum(seat, len(useless), me, useless.index(slot))
            self.hints = min(self.hints + 1, self.max_hints)
        elif self.fireworks[self.code(move["card"]) // 5] == 4 == self.code(move["card"]) % 5:
            self.hints = min(self.hints + 1, self.max_hints)  # HB-7
        self.card_left(move)

    def useless(self, p: int, masks: list[int] | None = None) -> list[int]:
        """Slots (oldest first) of seat ``p``'s cards known useless: surely trash, or
        one of two cards known to be the same."""
        hand = self.hands[p]
        if masks is None:
            masks = [self.poss[cid] for cid in hand]
        out = set()
        first: dict[int, int] = {}
        for slot in range(len(hand) - 1, -1, -1):
            m = masks[slot]
            if not m & ~self.trash:
                out.add(slot)
            elif not m & (m - 1):
                if m in first:
                    out.update((slot, first[m]))
                else:
                    first[m] = slot
        return sorted(out, reverse=True)

    def nobody_needs_hint(self, seat: int) -> None:
        """A discard with a token in hand: every other player the table knows of no
        play for has none."""
        playable = self.playable
        for p in range(self.players):
            if p != seat and not self.knows_play(p):
                for cid in self.hands[p]:
                    if self.poss[cid] & ~playable:
                        self.poss[cid] &= ~playable


class InfoBot:
    """Hat-guessing hints (see :data:`DESCRIPTION`); not a partner for people."""

    name = "info"
    description = DESCRIPTION
    LAST_RISK: float | None = 0.0
    STALL = 8
    #: hint rather than discard when the safest discard is this likely a last copy
    #: (measured over 1,000 seeds: 24.92 -> 24.93 at 4 players, 24.85 -> 24.90 at 3)
    CRIT_HINT = 0.1
    #: from this many players (with two, tokens are too scarce for it: 25.17 -> 24.07
    #: with the short sixth suit over 300 seeds)
    CRIT_PLAYERS = 3
    #: with more tokens than this a player with nothing better hints rather than discards
    #: (hanabi.rs: 4; 6 once a likely last copy is kept by a hint, over 1,000 seeds:
    #: 24.933 -> 24.937 at 4 players, seeds 1000..1999 24.944 -> 24.954); two players
    #: keep hanabi.rs's play
    HINT_OVER: ClassVar[dict[int, int]] = {2: 4}
    RISK = 0.75  # play a card that is playable or useless when this likely playable

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
        faces, seen = t.in_sight(view, me)
        weights = [n - s for n, s in zip(t.copies, seen, strict=True)]
        unseen = 0
        for c, w in enumerate(weights):
            if w > 0:
                unseen |= 1 << c
        private = [t.poss[cid] & unseen or t.poss[cid] for cid in t.hands[me]]
        playable, trash = t.playable, t.trash

        def chance(m: int, of: int) -> float:
            total = sum(weights[c] for c in bits(m))
            return sum(weights[c] for c in bits(m & of)) / total if total else 0.0

        # 1. a card surely playable: low values, and cards nobody else holds, first
        best, where = None, None
        for slot in range(len(private) - 1, -1, -1):
            m = private[slot]
            if not m & ~playable:
                score = self._play_score(t, view, faces, weights, m)
                if best is None or score > best:
                    best, where = score, slot
        if where is not None:
            return Play(where)
        # 2. a risk: playable or useless, and likely playable, with a mistake to spare
        total_cards = sum(t.copies)
        threshold = total_cards - 5 * t.nsuits - t.players * t.hand_size
        discards = sum(t.gone)
        lives = view["max_mistakes"] - view["mistakes"]
        if lives > 1 and discards <= threshold:
            best, where = self.RISK, None
            for slot in range(len(private) - 1, -1, -1):
                m = private[slot]
                if not m & ~(playable | trash):
                    p = chance(m, playable)
                    if p > best:
                        best, where = p, slot
            if where is not None:
                return Play(where)
        # 2b. the final round (HB-10): a card left in hand scores nothing
        if view["final_round"] and lives > 1 and self.LAST_RISK is not None:
            best, where = self.LAST_RISK, None
            for slot in range(len(private) - 1, -1, -1):
                p = chance(private[slot], playable)
                if p > best:
                    best, where = p, slot
            if where is not None:
                return Play(where)
        # 3. a hint, or a discard
        hints = view["hints"]
        can_play = [any(playable >> faces[cid] & 1 for cid in t.hands[p]) if p != me
                    else False for p in range(t.players)]
        needs = any(can_play[p] and not t.knows_play(p) for p in range(t.players))
        mine_useless = t.useless(me, private)
        if hints == view["max_hints"] or (hints and needs):
            hint = True
        elif discards <= threshold and mine_useless:
            hint = False
        elif hints and any(can_play):
            hint = True
        else:
            hint = hints > self.HINT_OVER.get(t.players, 6)
        if not hint and hints and not mine_useless and t.players >= self.CRIT_PLAYERS:
            # a hint (a token spent) costs less than a last copy thrown away; hinting
            # more often keeps a discard with a token saying that nobody needs a hint
            m = private[self._safest_discard(t, faces, weights, private)]
            visible = set(faces.values())
            last = sum(weights[c] for c in bits(m & ~trash)
                       if t.copies[c] - t.gone[c] == 1 and c not in visible)
            hint = last > self.CRIT_HINT * sum(weights[c] for c in bits(m))
        if hint:
            return self._hint(t, me, legal)
        public_useless = t.useless(me)
        saved = dict(t.poss)  # the table as every reader changes it (InfoTable.apply)
        if hints:
            t.nobody_needs_hint(me)
        if len(public_useless) > 1:
            value = t.hat_sum(me, len(public_useless), me)
            choice = public_useless[value]
        elif mine_useless:
            choice = mine_useless[0]
        else:
            choice = self._safest_discard(t, faces, weights, private)
        t.poss = saved
        return Discard(choice)

    @staticmethod
    def _play_score(t: InfoTable, view: dict, faces: dict[int, int], weights: list[int],
                    m: int) -> float:
        """How much playing the card helps: low values, and cards nobody else holds."""
        held = list(faces.values()) if view["deck"] else []
        total = score = 0.0
        for c in bits(m):
            w = weights[c]
            total += w
            score += w * (10 - (c % 5 + 1)) / (1 + held.count(c))
        return score / total if total else 0.0

    @staticmethod
    def _safest_discard(t: InfoTable, faces: dict[int, int], weights: list[int],
                        private: list[int]) -> int:
        """The card likeliest seen in another hand, else spare, else of high value."""
        visible = set(faces.values())
        best, where = None, len(private) - 1
        for slot in range(len(private) - 1, -1, -1):
            m = private[slot]
            total = seen = spare = value = 0.0
            for c in bits(m):
                w = weights[c]
                total += w
                seen += w * (c in visible)
                spare += w * bool(t.trash >> c & 1 or t.copies[c] - t.gone[c] != 1)
                value += w * (c % 5 + 1)
            if not total:
                continue
            score = (20 * seen + 10 * spare + value) / total
            if best is None or score > best:
                best, where = score, slot
        return where

    def _hint(self, t: InfoTable, me: int, legal: Sequence[Action]) -> Hint:
        """The hint that encodes the sum of the answers, of those the one telling its
        receiver most."""
        layout = t.layout(me)
        total = layout[-1][2] + layout[-1][1]
        cards = {p: t.hint_card(p) for p, _, _ in layout}  # before the answers are known
        saved = dict(t.poss)
        value = t.hat_sum(me, total, me)
        to, ways, start = next(r for r in layout if r[2] <= value < r[2] + r[1])
        card = cards[to]
        want = value - start
        options = [h for h in legal if type(h) is Hint and h.to == to
                   and t.kind(ways, card in hint_slots(h), h.colour is not None) == want]
        if not options:  # a rare hand: the hint the code needs does not exist
            options = [h for h in legal if type(h) is Hint]
        best = max(options, key=lambda h: self._goodness(t, h))
        t.poss = saved
        return best

    @staticmethod
    def _goodness(t: InfoTable, h: Hint) -> float:
        """How much the touch itself tells (product of the shrink of each card's
        possibilities; twice for a card it makes exact or useless)."""
        mask = t.colour_mask[h.colour] if h.colour is not None else t.value_mask[h.value or 0]
        slots = hint_slots(h)
        out = 1.0
        for i, cid in enumerate(t.hands[h.to]):
            m = t.poss[cid]
            if not m & ~t.trash or not m & (m - 1):
                continue
            after = m & mask if i in slots else m & ~mask
            if not after:
                continue
            out *= t.weight(m) / t.weight(after)
            if not after & ~t.trash or not after & (after - 1):
                out *= 2
        return out
