"""A Hanabi partner with conventions a person can follow (HB-3..HB-7).

Conventions (every player reads them from the public moves alone; no hat-guessing):

- **Chop**: a hand's oldest card no hint has touched. A player who discards discards
  their chop, or a card they know is useless.
- **Focus** of a hint: the chop if the hint touches it, else the newest card it
  touches for the first time.
- **Play clue**: a colour hint, or a value hint whose focus is not the chop, says the
  focus card is playable now, or as soon as a card already known exactly is played.
- **Save clue**: a value hint on the chop may also mean "keep this": the last copy of a
  needed card, a 5 or a 2. A save of a last copy comes before one's own play.
- Hinted cards are kept, and played once everything they may still be is playable.
- Near the end of the deck a player hints rather than discards while a partner has a
  card to play; in the final round, with a mistake to spare, they play their likeliest.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from kit.contract import Action
from kit.hanabi.actions import Discard, Hint, Play

DESCRIPTION = (
    "A partner with conventions you can follow (no hidden codes). Your chop is your oldest "
    "card no hint touched; it discards from its chop. A hint's focus is the chop if it "
    "touches it, else the newest card it newly touches. A colour hint, or a value hint "
    "off the chop, means the focus card is playable now (or right after a card already "
    "known exactly). A value hint on the chop may instead mean keep it: a 5, a 2 or the "
    "last copy of a needed card. It plays a hinted card once it surely fits, stalls with "
    "hints near the end of the deck, and risks its likeliest card only in the final round.")


class Table:
    """The public picture of a game, rebuilt from the view's move log.

    Each card in a hand has an id; ``poss[id]`` is the bit mask of card codes
    (``suit * 5 + value - 1``) it may still be, by hints and by conventions.
    """

    def __init__(self, view: dict) -> None:
        suits = view["suits"]
        self.players = view["players"]
        self.nsuits = len(suits)
        self.ncodes = 5 * self.nsuits
        self.full = (1 << self.ncodes) - 1
        self.index = {s["colour"]: i for i, s in enumerate(suits)}
        self.copies = [s["counts"][v] for s in suits for v in range(5)]
        rainbow = 0
        for i, s in enumerate(suits):
            if s["hint"] == "every":
                rainbow |= 0b11111 << (5 * i)
        self.colour_mask = {s["colour"]: (0b11111 << (5 * i)) | rainbow
                            for i, s in enumerate(suits) if s["hint"] == "own"}
        self.value_mask = {v: sum(1 << (5 * i + v - 1) for i in range(self.nsuits))
                           for v in range(1, 6)}
        self.value_masks = set(self.value_mask.values())
        size = 5 if self.players <= 3 else 4
        self.hands = [list(range(p * size, (p + 1) * size)) for p in range(self.players)]
        self.next_id = self.players * size
        self.poss: dict[int, int] = dict.fromkeys(range(self.next_id), self.full)
        self.clued: set[int] = set()
        self.fireworks = [0] * self.nsuits
        self.gone = [0] * self.ncodes  # discarded or misplayed copies
        self.last_copies = sum(1 << c for c in range(self.ncodes) if self.copies[c] == 1)
        self.done = 0  # moves processed
        self.last: dict | None = None  # the last of them
        self.key = (view["variant"], self.players)
        self._refresh()

    # -- public sets -----------------------------------------------------------------

    def code(self, card: dict) -> int:
        return self.index[card["colour"]] * 5 + card["value"] - 1

    def _refresh(self) -> None:
        """The public code sets, after a card left a hand: ``playable`` now, ``trash``
        (played, or above a card whose copies are all gone) and ``worth`` a save clue
        (last copies, 5s and 2s still needed, and playable cards)."""
        playable = trash = 0
        gone, copies = self.gone, self.copies
        for s, f in enumerate(self.fireworks):
            base = 5 * s
            trash |= ((1 << f) - 1) << base
            if f < 5:
                playable |= 1 << (base + f)
            for v in range(base + f, base + 5):
                if gone[v] >= copies[v]:
                    trash |= ((1 << (base + 5 - v)) - 1) << v
                    break
        self.playable, self.trash = playable, trash
        self.worth = (playable | self.last_copies | self.value_mask[2]) & ~trash

    def queued(self, playable: int, poss: dict[int, int]) -> int:
        """Playable codes, and codes that will be once cards known exactly are played
        (a play clue may point at a card that waits for a hinted card in another hand)."""
        exact = 0
        for hand in self.hands:
            for cid in hand:
                m = poss[cid]
                if m and not m & (m - 1):
                    exact |= m
        out = playable
        while True:
            more = ((out & exact) << 1) & ~self.value_mask[1] & ~out & self.full
            if not more:
                return out
            out |= more

    def chop(self, hand: list[int]) -> int | None:
        for cid in reversed(hand):
            if cid not in self.clued:
                return cid
        return None

    # -- reading a hint ----------------------------------------------------------------

    def read_hint(self, to: int, mask: int, slots: Sequence[int], queued: int) -> list[int]:
        """What each card of seat ``to`` may be after a hint, by the hint and the
        conventions (``queued``: the codes a play clue may mean, see :meth:`queued`)."""
        hand, poss, clued = self.hands[to], self.poss, self.clued
        out = [poss[cid] & mask if i in slots else poss[cid] & ~mask
               for i, cid in enumerate(hand)]
        fresh = [i for i in slots if hand[i] not in clued]
        if fresh:
            chop = self.chop(hand)
            focus = fresh[-1] if hand[fresh[-1]] == chop else fresh[0]
            allowed = queued
            if hand[focus] == chop and mask in self.value_masks:
                allowed |= self.worth
            if out[focus] & allowed:
                out[focus] &= allowed
        return out

    def apply(self, move: dict) -> None:
        seat = move["seat"]
        if move["type"] == "hint":
            mask = (self.colour_mask[move["colour"]] if move["colour"] is not None
                    else self.value_mask[move["value"]])
            hand = self.hands[move["to"]]
            after = self.read_hint(move["to"], mask, move["slots"],
                                   self.queued(self.playable, self.poss))
            for cid, m in zip(hand, after, strict=True):
                self.poss[cid] = m
            self.clued.update(hand[i] for i in move["slots"])
            return
        hand = self.hands[seat]
        cid = hand.pop(move["slot"])
        self.poss.pop(cid, None)
        self.clued.discard(cid)
        code = self.code(move["card"])
        s, v = divmod(code, 5)
        if move["type"] == "play" and self.fireworks[s] == v:
            self.fireworks[s] = v + 1
        else:
            self.gone[code] += 1
            if self.copies[code] - self.gone[code] == 1:
                self.last_copies |= 1 << code
        self._refresh()
        if move["drew"]:
            hand.insert(0, self.next_id)
            self.poss[self.next_id] = self.full
            self.next_id += 1


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class ConventionBot:
    """Chop, play clues, save clues, discards from the chop (see :data:`DESCRIPTION`)."""

    name = "convention"
    description = DESCRIPTION

    # Tuning, measured over 300 seeds at 3 and 5 players (scores were flat around these):
    #: weights of a hint: a card that waits for a known one, touching a useless card,
    #: touching a new useful one, telling a card is useless, a play made exact
    W_DELAYED, W_TRASH, W_TOUCH, W_USELESS, W_EXACT = 6.0, 3.0, 0.5, 1.0, 1.0
    W_IDLE = 0.0  # a hint to a player who knows of no play
    FULL = 3  # with this many tokens every hint is weighed, not only play clues
    STALL = 8  # with this many cards left or fewer, hint rather than draw
    RESERVE = 1  # tokens kept for saves unless the next player can discard safely
    MIN_GAIN = 1  # the least a hint must score to be worth a token over a discard

    def __init__(self) -> None:
        self._table: Table | None = None

    def _sync(self, view: dict) -> Table:
        """The public table brought up to the view's last move. The table holds public
        facts only, so one bot may play every seat; it starts again on another game
        (or an undone move)."""
        moves = view["moves"]
        t = self._table
        if (t is None or t.key != (view["variant"], view["players"]) or t.done > len(moves)
                or (t.done and moves[t.done - 1] != t.last)):
            t = self._table = Table(view)
        for move in moves[t.done:]:
            t.apply(move)
        t.done = len(moves)
        t.last = moves[-1] if moves else None
        return t

    def choose(self, view: dict, legal: Sequence[Action], rng: random.Random) -> Action:
        t = self._sync(view)
        me = view["seat"]
        hands = view["hands"]
        faces: dict[int, int] = {}
        seen = list(t.gone)
        for s, f in enumerate(t.fireworks):
            for v in range(f):
                seen[5 * s + v] += 1
        for p in range(t.players):
            if p != me:
                for cid, card in zip(t.hands[p], hands[p]["cards"], strict=True):
                    c = faces[cid] = t.code(card)
                    seen[c] += 1
        unseen = 0
        for c in range(t.ncodes):
            if seen[c] < t.copies[c]:
                unseen |= 1 << c
        playable, trash = t.playable, t.trash
        mine = t.hands[me]
        private = [t.poss[cid] & unseen or t.poss[cid] for cid in mine]

        hints, can_discard = view["hints"], view["hints"] < view["max_hints"]
        # 1. a save comes first if the next player would discard a needed card
        if hints:
            save = self._save(t, view, faces, playable, trash, legal, critical_only=True)
            if save is not None:
                return save
        # 2. play a card that surely fits: 5s first (a token back), then the lowest
        best = None
        for slot, m in enumerate(private):
            if m and not m & ~playable:
                rank = (0 if m & t.value_mask[5] == m else 1, max(c % 5 for c in _bits(m)))
                if best is None or rank < best[0]:
                    best = (rank, slot)
        if best is not None:
            return Play(best[1])
        if hints:
            save = self._save(t, view, faces, playable, trash, legal)
            if save is not None:
                return save
            hint, gain = self._best_hint(t, view, faces, playable, trash, legal,
                                         every=not can_discard or hints >= self.FULL)
            if hint is not None and (not can_discard or self._worth(t, view, faces, playable,
                                                                      trash, gain)):
                return hint
            if view["deck"] <= self.STALL and self._pending(t, me, playable):
                # a hint rather than a draw: the final round comes later
                hint, _ = self._best_hint(t, view, faces, playable, trash, legal, every=True)
                if hint is not None:
                    return hint
        if view["final_round"] and view["mistakes"] < view["max_mistakes"] - 1:
            gamble = self._likeliest(private, playable, seen, t)
            if gamble is not None:
                return Play(gamble)
        if can_discard:
            for slot, m in enumerate(private):
                if not m & ~trash:
                    return Discard(slot)
            chop = t.chop(mine)
            if chop is not None:
                return Discard(mine.index(chop))
            # every card hinted: let go of the one least likely needed
            return Discard(self._least_needed(private, trash, seen, t))
        # all tokens in hand and no hint reads right: one that touches no new card says
        # nothing by convention; else the likeliest card, else any hint
        for h in legal:
            if type(h) is Hint and all(t.hands[h.to][i] in t.clued for i in h.slots):
                return h
        gamble = self._likeliest(private, playable, seen, t, at_least=0.6)
        if gamble is not None:
            return Play(gamble)
        return next(h for h in legal if type(h) is Hint)

    # -- choices ------------------------------------------------------------------------

    @staticmethod
    def _likeliest(private: list[int], playable: int, seen: list[int], t: Table,
                   at_least: float = 0.0) -> int | None:
        best, where = at_least, None
        for slot, m in enumerate(private):
            total = sum(t.copies[c] - seen[c] for c in _bits(m))
            good = sum(t.copies[c] - seen[c] for c in _bits(m & playable))
            if total and good / total > best:
                best, where = good / total, slot
        return where

    @staticmethod
    def _least_needed(private: list[int], trash: int, seen: list[int], t: Table) -> int:
        best, where = -1.0, len(private) - 1
        for slot in range(len(private) - 1, -1, -1):
            m = private[slot]
            total = sum(t.copies[c] - seen[c] for c in _bits(m)) or 1
            junk = sum(t.copies[c] - seen[c] for c in _bits(m & trash)) / total
            if junk > best:
                best, where = junk, slot
        return where

    def _worth(self, t: Table, view: dict, faces: dict[int, int], playable: int, trash: int,
               gain: float) -> bool:
        """Whether a hint of ``gain`` is worth a token rather than a discard: the last
        tokens are kept for saves unless the next player can discard safely."""
        hints = view["hints"]
        if gain <= 0:
            return False
        if hints > self.RESERVE:
            return gain >= self.MIN_GAIN
        if gain < 5:
            return False
        q = (view["seat"] + 1) % t.players
        if self._hand_plays(t, q, playable):
            return True
        chop = t.chop(t.hands[q])
        return chop is None or bool(trash >> faces[chop] & 1) or hints > 1

    def _pending(self, t: Table, me: int, playable: int) -> bool:
        """Whether another player knows of a card to play."""
        return any(self._hand_plays(t, p, playable) for p in range(t.players) if p != me)

    def _hand_plays(self, t: Table, p: int, playable: int) -> bool:
        """Whether seat ``p`` knows (publicly) of a card it can play."""
        return any(t.poss[cid] and not t.poss[cid] & ~playable for cid in t.hands[p])

    def _save(self, t: Table, view: dict, faces: dict[int, int], playable: int, trash: int,
              legal: Sequence[Action], critical_only: bool = False) -> Hint | None:
        """A save clue for the next player's chop if they would discard a needed card."""
        me = view["seat"]
        q = (me + 1) % t.players
        if self._hand_plays(t, q, playable):
            return None
        chop = t.chop(t.hands[q])
        if chop is None:
            return None
        c = faces[chop]
        if trash >> c & 1:
            return None
        v = c % 5 + 1
        left = t.copies[c] - t.gone[c]
        elsewhere = any(faces.get(cid) == c for p in range(t.players) if p != q
                        for cid in t.hands[p])
        needed = left == 1 or (not critical_only and not elsewhere
                               and (v == 2 or bool(playable >> c & 1)))
        if not needed:
            return None
        slot = t.hands[q].index(chop)
        queued0 = t.queued(playable, t.poss)
        ways = self._on_their_way(t, faces, playable)
        best, pick = None, None
        for h in legal:
            if type(h) is not Hint or h.to != q or slot not in h.slots:
                continue
            score = self._score(t, h, faces, playable, trash, queued0, ways)
            if score is None:
                continue
            if v in (2, 5) and h.value == v:
                score += 2
            if best is None or score > best:
                best, pick = score, h
        return pick

    def _best_hint(self, t: Table, view: dict, faces: dict[int, int], playable: int, trash: int,
                   legal: Sequence[Action], every: bool = False) -> tuple[Hint | None, float]:
        """The best hint by :meth:`_score`; unless ``every``, only hints that touch a new
        card that is or will soon be playable are weighed (the others score little)."""
        me = view["seat"]
        queued0 = t.queued(playable, t.poss)
        ways = self._on_their_way(t, faces, playable)
        wanted = {}
        for p in range(t.players):
            if p != me:
                hand = t.hands[p]
                wanted[p] = {i for i, cid in enumerate(hand) if queued0 >> faces[cid] & 1
                             and cid not in t.clued}
        best, pick = None, None
        for h in legal:
            if type(h) is not Hint or not (every or wanted[h.to].intersection(h.slots)):
                continue
            score = self._score(t, h, faces, playable, trash, queued0, ways)
            if score is None:
                continue
            score -= 0.01 * ((h.to - me) % t.players)  # sooner players act sooner
            if best is None or score > best:
                best, pick = score, h
        return pick, (best if best is not None else 0.0)

    @staticmethod
    def _on_their_way(t: Table, faces: dict[int, int], playable: int) -> list[set[int]]:
        """Per seat, the codes of the cards it knows it can play (as far as I see)."""
        out = []
        for p in range(t.players):
            got = set()
            for cid in t.hands[p]:
                m = t.poss[cid]
                if cid in faces and m and not m & ~playable:
                    got.add(faces[cid])
            out.append(got)
        return out

    def _score(self, t: Table, h: Hint, faces: dict[int, int], playable: int,
               trash: int, queued0: int, ways: list[set[int]]) -> float | None:
        """How good hint ``h`` is by its public reading; None if it would mislead."""
        hand = t.hands[h.to]
        mask = t.colour_mask[h.colour] if h.colour is not None else t.value_mask[h.value]
        after = t.read_hint(h.to, mask, h.slots, queued0)
        score = self.W_IDLE if not ways[h.to] else 0.0
        # cards already on their way: playable cards someone else knows about
        known = set().union(*(ways[p] for p in range(t.players) if p != h.to))
        for i, cid in enumerate(hand):
            c = faces[cid]
            m = after[i]
            if not m >> c & 1:
                return None  # the reading would be wrong
            before = t.poss[cid]
            if m and not m & ~playable:
                if not (before and not before & ~playable):
                    if c in known:
                        return None
                    score += 10 - 0.1 * (c % 5) + (self.W_EXACT if not m & (m - 1) else 0.0)
                    known.add(c)
            elif i in h.slots and cid not in t.clued and m and not m & ~queued0:
                if c in known:
                    return None
                score += self.W_DELAYED
                known.add(c)
            elif i in h.slots and cid not in t.clued:
                if trash >> c & 1:
                    score -= self.W_TRASH
                else:
                    score += self.W_TOUCH
            if not m & ~trash and before & ~trash:
                score += self.W_USELESS  # they learn it is useless
        return score
