"""A Hanabi partner with conventions a person can follow (HB-3..HB-7, HB-10).

Conventions (every player reads them from the public moves alone; no hat-guessing):

- **Chop**: a hand's oldest card no hint has touched. A player who discards discards
  their chop, or a card they know is useless.
- **Focus** of a hint: the chop if the hint touches it, else the newest card it
  touches for the first time.
- **Play clue**: a colour hint, or a value hint whose focus is not the chop, says the
  focus card is playable now, or as soon as a card already known exactly is played.
  With two or three players a hint touching only hinted cards says the newest of them
  not yet known to be playable or useless is playable (a tempo clue).
- **Save clue**: a value hint on the chop may also mean "keep this": the last copy of a
  needed card (every 5 is one). A save comes before one's own play, and a play clue for
  the same player before a save (they then play rather than discard).
- **No two cards known to be playable are the same**: a hint never makes a card known
  to be playable when it may be a card already known to be so; when one of them is
  played, the others known to be playable then are not that card.
- Hinted cards are kept, and played once everything they may still be is playable.
- Near the end of the deck a player hints rather than discards while a partner has a
  card to play; with a card or two left and mistakes to spare, they risk their
  likeliest card. In the final round (HB-10) a player plays a sure card, else gives a
  play clue to a player who still has a turn, else risks their likeliest card with a
  mistake to spare.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from kit.contract import Action
from kit.hanabi.actions import Discard, Hint, Play, hint_slots
from kit.hanabi.table import PublicTable, bits

DESCRIPTION = (
    "A partner with conventions you can follow (no hidden codes). Your chop is your oldest "
    "card no hint touched; it discards from its chop. A hint's focus is the chop if it "
    "touches it, else the newest card it newly touches. A colour hint, or a value hint "
    "off the chop, means the focus card is playable now (or right after a card already "
    "known exactly); with two or three players, a hint touching only hinted cards means "
    "the newest one not yet known to be playable is. A value hint on the chop may instead "
    "mean keep it: the last copy of a needed card (every 5 is one). It never makes two cards known "
    "to be playable that could be the same card, so once one is played the others are not "
    "that card. It plays a hinted card once it surely fits, stalls with hints near the end "
    "of the deck, and risks its likeliest card only with a card or two left or in the "
    "final round, with a mistake to spare.")


class Table(PublicTable):
    """The public table (:class:`PublicTable`) with the cards hints touched and what
    the conventions read into each hint."""

    TEMPO = (2, 3)  # player counts where a hint touching only hinted cards is a play clue

    def __init__(self, view: dict) -> None:
        self.last_copies = sum(1 << (5 * i + v) for i, s in enumerate(view["suits"])
                               for v in range(5) if s["counts"][v] == 1)
        self.clued: set[int] = set()
        #: with two or three players, a hint touching only hinted cards is a play clue (tempo)
        self.tempo = view["players"] in self.TEMPO
        self.moved: int | None = None
        #: card made known to be playable by a hint -> the cards known to be then
        self.vouched: dict[int, set[int]] = {}
        super().__init__(view)
        self.value_masks = set(self.value_mask.values())

    def _refresh(self) -> None:
        """Also ``worth`` a save clue: last copies, 5s and 2s still needed, playable."""
        super()._refresh()
        self.worth = (self.playable | self.last_copies) & ~self.trash

    def _left_hand(self, cid: int, code: int) -> None:
        self.clued.discard(cid)
        bit = 1 << code
        vouched = self.vouched.pop(cid, set())
        if self.playable & bit and self.fireworks[code // 5] == code % 5 + 1:
            # a play clue makes a card known to be playable only if it is none of the
            # cards known to be playable then (the hinter makes sure): those were not it
            for other, m in self.poss.items():
                if (m & bit and m != bit and not m & ~self.playable
                        and (other in vouched or cid in self.vouched.get(other, ()))):
                    self.poss[other] = m & ~bit
        if self.copies[code] - self.gone[code] == 1:
            self.last_copies |= 1 << code

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
        elif self.tempo:
            # a hint touching only hinted cards: its newest card not known to be
            # playable or useless is playable (a tempo clue)
            for i in slots:
                m = out[i]
                if m & ~self.playable and m & ~self.trash:
                    if m & queued:
                        out[i] = m & queued
                    break
        return out

    def hint_mask_of(self, hint: Hint) -> int:
        """The codes ``hint`` touches."""
        return (self.colour_mask[hint.colour] if hint.colour is not None
                else self.value_mask[hint.value or 0])

    def apply(self, move: dict) -> None:
        if move["type"] != "hint":
            self.moved = None
            self.card_left(move)
            return
        hand = self.hands[move["to"]]
        chop = self.chop(hand)
        #: the seat whose chop the last hint moved (None: it moved none)
        self.moved = move["to"] if chop is not None and hand.index(chop) in move["slots"] else None
        after = self.read_hint(move["to"], self.hint_mask(move), move["slots"],
                               self.queued(self.playable, self.poss))
        playable = self.playable
        was = {cid for h in self.hands for cid in h
               if self.poss[cid] and not self.poss[cid] & ~playable}
        new = {cid for cid, m in zip(hand, after, strict=True)
               if m and not m & ~playable and cid not in was}
        for cid in new:
            self.vouched[cid] = was | (new - {cid})
        for cid, m in zip(hand, after, strict=True):
            self.poss[cid] = m
        self.clued.update(hand[i] for i in move["slots"])


class ConventionBot:
    """Chop, play clues, save clues, discards from the chop (see :data:`DESCRIPTION`)."""

    name = "convention"
    description = DESCRIPTION

    # Tuning, measured over 300 seeds at 3 and 5 players (scores were flat around these):
    #: weights of a hint: a card that waits for a known one, touching a useless card,
    #: touching a new useful one, telling a card is useless, a play made exact
    #: (a play made exact only breaks ties: worth a whole point it cost 0.05 / 0.04 / 0.14
    #: / 0.15 points at 2 / 3 / 4 / 5 players over 1,000 seeds)
    W_DELAYED, W_TRASH, W_TOUCH, W_USELESS, W_EXACT = 6.0, 3.0, 0.5, 1.0, 0.1
    #: with two or three players (short of tokens less often): with this many tokens
    #: any hint that tells something beats a discard, and after a hint moved my chop,
    #: a hint rather than a discard (measured over 1,000 seeds; flat or worse at 4-5)
    HIGH: ClassVar[dict[int, int]] = {2: 6, 3: 7}
    UNCHECKED: ClassVar[dict[int, int]] = {2: 1, 3: 2}
    W_EXPOSE = 5.0  # a hint that moves a chop onto a last copy
    W_IDLE = 0.0  # a hint to a player who knows of no play
    FULL = 3  # with this many tokens every hint is weighed, not only play clues
    STALL = 8  # with this many cards left or fewer, hint rather than draw
    RESERVE = 1  # tokens kept for saves unless the next player can discard safely
    #: with this many cards left or fewer and this many mistakes to spare, risk the
    #: likeliest card rather than discard (SmartBot's mulligans; a lost game scores 0)
    MYSTERY: ClassVar[dict[int, int]] = {3: 2, 2: 1}
    #: what losing a card costs a locked hand when it is not a last copy (a last copy: 1)
    SPARE = 0.2
    #: such a risk only on a card at least this likely to play (over 1,000 seeds:
    #: 23.26 -> 23.27 / 22.53 -> 22.55 / 21.12 -> 21.16 at 3 / 4 / 5 players)
    MYST_P = 0.3
    MIN_GAIN = 1  # the least a hint must score to be worth a token over a discard

    def __init__(self) -> None:
        self._table: Table | None = None

    def _sync(self, view: dict) -> Table:
        """The public table brought up to the view's last move. The table holds public
        facts only, so one bot may play every seat; it starts again on another game
        (or an undone move)."""
        moves = view["moves"]
        t = self._table
        if t is None or not t.follows(view):
            t = self._table = Table(view)
        for move in moves[t.done:]:
            t.apply(move)
        t.caught_up(moves)
        return t

    def choose(self, view: dict, legal: Sequence[Action], rng: random.Random) -> Action:
        t = self._sync(view)
        me = view["seat"]
        faces, seen = t.in_sight(view, me)
        playable, trash = t.playable, t.trash
        mine = t.hands[me]
        private = t.private(me, seen)

        hints, can_discard = view["hints"], view["hints"] < view["max_hints"]
        if not view["deck"]:
            return self._last_turn(t, view, faces, private, seen, legal)
        # 1. a save comes first if the next player would discard a needed card
        if hints:
            save = self._save(t, view, faces, playable, trash, legal, critical_only=True)
            if save is not None:
                # a play clue keeps them from discarding too, and scores
                alt, _ = self._best_hint(t, view, faces, playable, trash, legal, to=save.to)
                if alt is not None and self._gives_play(t, alt, playable):
                    return alt
                return save
        # 2. play a card that surely fits
        slot = t.sure_play(private)
        if slot is not None:
            return Play(slot)
        if hints:
            save = self._save(t, view, faces, playable, trash, legal)
            if save is not None:
                return save
            hint, gain = self._best_hint(t, view, faces, playable, trash, legal,
                                         every=not can_discard or hints >= self.FULL)
            if hint is not None and (not can_discard or (
                    self._worth(t, view, faces, playable, trash, gain)
                    and not (hints == 1
                             and self._starves(t, view, faces, playable, trash, hint)))):
                return hint
            if view["deck"] <= self.STALL and self._pending(t, me, playable):
                # a hint rather than a draw: the final round comes later
                hint, _ = self._best_hint(t, view, faces, playable, trash, legal, every=True)
                if hint is not None:
                    return hint
            if t.moved == me and hints >= self.UNCHECKED.get(t.players, 99):
                # a hint just moved my chop: my new chop is not checked yet
                hint, gain = self._best_hint(t, view, faces, playable, trash, legal,
                                             every=True)
                if hint is not None and gain > 0:
                    return hint
        lives = view["max_mistakes"] - view["mistakes"]
        if view["deck"] <= self.MYSTERY.get(lives, -1):
            gamble = t.likeliest(private, seen, at_least=self.MYST_P)
            if gamble is not None:
                return Play(gamble)
        last = t.gamble_or_let_go(view, private, seen)
        if last is not None:
            return last
        if can_discard:
            chop = t.chop(mine)
            if chop is not None:
                return Discard(mine.index(chop))
            # every card hinted: let go of the one least likely needed
            return Discard(self._least_needed(private, trash, seen, t))
        # all tokens in hand and no hint reads right: one that touches no new card says
        # nothing by convention; else the likeliest card, else any hint
        for h in legal:
            if (not t.tempo and type(h) is Hint
                    and all(t.hands[h.to][i] in t.clued for i in hint_slots(h))):
                return h
        gamble = t.likeliest(private, seen, at_least=0.6)
        if gamble is not None:
            return Play(gamble)
        return self._harmless(t, faces, playable, trash, legal)

    @staticmethod
    def _harmless(t: Table, faces: dict[int, int], playable: int, trash: int,
                  legal: Sequence[Action]) -> Hint:
        """A hint whose misreading leads nobody to play or let go of a card wrongly
        (the one misleading fewest cards), for when every hint misleads."""
        queued0 = t.queued(playable, t.poss)
        best, pick = None, None
        for h in legal:
            if type(h) is not Hint:
                continue
            after = t.read_hint(h.to, t.hint_mask_of(h), hint_slots(h), queued0)
            harm = 0
            for cid, m in zip(t.hands[h.to], after, strict=True):
                c = faces[cid]
                if not m >> c & 1:
                    harm += 1
                    if not m & ~queued0 or not m & ~trash:
                        harm += 100
            if best is None or harm < best:
                best, pick = harm, h
        assert pick is not None  # a hint exists when every token is in hand
        return pick

    # -- choices ------------------------------------------------------------------------

    def _last_turn(self, t: Table, view: dict, faces: dict[int, int], private: list[int],
                   seen: list[int], legal: Sequence[Action]) -> Action:
        """The final round (HB-10): no card drawn will be played, so a card to play, a
        play clue for a player who still has a turn, a risk with a mistake to spare."""
        me = view["seat"]
        playable, trash = t.playable, t.trash
        slot = t.sure_play(private)
        if slot is not None:
            return Play(slot)
        drew = next((m["seat"] for m in reversed(view["moves"]) if m["type"] != "hint"
                     and m["drew"]), me - 1)
        if view["hints"]:
            for d in range(1, (drew - me) % t.players + 1):  # the players still to act
                hint, _ = self._best_hint(t, view, faces, playable, trash, legal,
                                          to=(me + d) % t.players)
                if hint is not None and self._gives_play(t, hint, playable):
                    return hint
        if view["mistakes"] < view["max_mistakes"] - 1:
            slot = t.likeliest(private, seen)
            if slot is not None:
                return Play(slot)
        if view["hints"] < view["max_hints"]:
            return Discard(self._least_needed(private, trash, seen, t))
        return next(h for h in legal if type(h) is Hint)

    @staticmethod
    def _least_needed(private: list[int], trash: int, seen: list[int], t: Table) -> int:
        """The card whose loss costs least, oldest first: a last copy costs most, a
        useless card nothing (a locked hand: every card hinted)."""
        best, where = 2.0, len(private) - 1
        for slot in range(len(private) - 1, -1, -1):
            total = cost = 0.0
            for c in bits(private[slot]):
                w = t.copies[c] - seen[c] or 1
                total += w
                if not trash >> c & 1:
                    cost += w * (1.0 if t.copies[c] - t.gone[c] == 1 else ConventionBot.SPARE)
            cost /= total or 1
            if cost < best:
                best, where = cost, slot
        return where

    def _worth(self, t: Table, view: dict, faces: dict[int, int], playable: int, trash: int,
               gain: float) -> bool:
        """Whether a hint of ``gain`` is worth a token rather than a discard: the last
        tokens are kept for saves unless the next player can discard safely."""
        hints = view["hints"]
        if gain <= 0:
            return False
        if hints >= self.HIGH.get(t.players, 99):
            return gain > 0
        if hints > self.RESERVE:
            return gain >= self.MIN_GAIN
        if gain < 5:
            return False
        q = (view["seat"] + 1) % t.players
        if self._hand_plays(t, q, playable):
            return True
        chop = t.chop(t.hands[q])
        return chop is None or bool(trash >> faces[chop] & 1) or hints > 1

    def _starves(self, t: Table, view: dict, faces: dict[int, int], playable: int,
                 trash: int, hint: Hint) -> bool:
        """Whether spending the last token on ``hint`` leaves a player who knows of no
        play to discard a last copy from their chop before anyone can save it."""
        me = view["seat"]
        for d in range(1, t.players):
            p = (me + d) % t.players
            if self._hand_plays(t, p, playable):
                continue
            if p == hint.to and self._gives_play(t, hint, playable):
                continue
            chop = t.chop(t.hands[p])
            if chop is None:
                return False
            c = faces[chop]
            return not trash >> c & 1 and t.copies[c] - t.gone[c] == 1
        return False

    @staticmethod
    def _gives_play(t: Table, hint: Hint, playable: int) -> bool:
        """Whether the receiver of ``hint`` then knows of a card to play."""
        mask = (t.colour_mask[hint.colour] if hint.colour is not None
                else t.value_mask[hint.value or 0])
        after = t.read_hint(hint.to, mask, hint_slots(hint), t.queued(playable, t.poss))
        return any(m and not m & ~playable for m in after)

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
                               and bool(playable >> c & 1))
        if not needed:
            return None
        slot = t.hands[q].index(chop)
        queued0 = t.queued(playable, t.poss)
        ways = self._on_their_way(t, faces, playable)
        best, pick = None, None
        for h in legal:
            if type(h) is not Hint or h.to != q or slot not in hint_slots(h):
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
                   legal: Sequence[Action], every: bool = False,
                   to: int | None = None) -> tuple[Hint | None, float]:
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
                             and (cid not in t.clued
                                  or (t.tempo and t.poss[cid] & ~playable))}
        best, pick = None, None
        for h in legal:
            if type(h) is not Hint or not (every or wanted[h.to].intersection(hint_slots(h))):
                continue
            if to is not None and h.to != to:
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
                if m and not m & ~playable:
                    if cid in faces:
                        got.add(faces[cid])
                    else:  # my own: any card it may be
                        got.update(bits(m))
            out.append(got)
        return out

    def _score(self, t: Table, h: Hint, faces: dict[int, int], playable: int,
               trash: int, queued0: int, ways: list[set[int]]) -> float | None:
        """How good hint ``h`` is by its public reading; None if it would mislead."""
        hand, slots = t.hands[h.to], hint_slots(h)
        if h.colour is not None:
            mask = t.colour_mask[h.colour]
        else:
            assert h.value is not None  # (a hint names a colour or a value)
            mask = t.value_mask[h.value]
        after = t.read_hint(h.to, mask, slots, queued0)
        score = self.W_IDLE if not ways[h.to] else 0.0
        # cards already on their way: playable cards someone knows about (no two the same)
        known = set().union(*ways)
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
            elif i in slots and cid not in t.clued and m and not m & ~queued0:
                if c in known:
                    return None
                score += self.W_DELAYED
                known.add(c)
            elif i in slots and cid not in t.clued:
                if trash >> c & 1:
                    score -= self.W_TRASH
                else:
                    score += self.W_TOUCH
            if not m & ~trash and before & ~trash:
                score += self.W_USELESS  # they learn it is useless
        if self.W_EXPOSE:
            chop = t.chop(hand)
            if chop is not None and hand.index(chop) in slots:
                # the hint moves their chop: to a last copy, it then needs a save
                for i in range(len(hand) - 1, -1, -1):
                    cid = hand[i]
                    if cid not in t.clued and i not in slots:
                        c = faces[cid]
                        if not trash >> c & 1 and t.copies[c] - t.gone[c] == 1:
                            score -= self.W_EXPOSE
                        break
        return score
