"""What a whole Hanabi table knows, kept by a bot from the view's move log (HB-2..HB-7).

Cards in hands get ids as they are dealt and drawn; each id's ``poss`` is the bit
mask of card codes (``suit * 5 + value - 1``) it may still be. Every player can keep
the same table from the public moves alone; bots add what their conventions read
into a hint.
"""

from __future__ import annotations

from kit.hanabi.actions import Discard, Play


def bits(mask: int) -> list[int]:
    """The codes in a mask."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class PublicTable:
    """Hands of card ids, what each may be, fireworks and lost copies."""

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
        #: colour named -> the codes such a hint touches (rainbow ones too, HB-12)
        self.colour_mask = {s["colour"]: (0b11111 << (5 * i)) | rainbow
                            for i, s in enumerate(suits) if s["hint"] == "own"}
        self.value_mask = {v: sum(1 << (5 * i + v - 1) for i in range(self.nsuits))
                           for v in range(1, 6)}
        size = 5 if self.players <= 3 else 4  # HB-2
        self.hands = [list(range(p * size, (p + 1) * size)) for p in range(self.players)]
        self.next_id = self.players * size
        self.poss: dict[int, int] = dict.fromkeys(range(self.next_id), self.full)
        self.fireworks = [0] * self.nsuits
        self.gone = [0] * self.ncodes  # discarded or misplayed copies
        self.done = 0  # moves read
        self.last: dict | None = None  # the last of them
        self.key = (view["variant"], self.players)
        self._refresh()

    def follows(self, view: dict) -> bool:
        """Whether this table is of the view's game and no move it read was undone."""
        moves = view["moves"]
        return (self.key == (view["variant"], view["players"]) and self.done <= len(moves)
                and (not self.done or moves[self.done - 1] == self.last))

    def caught_up(self, moves: list[dict]) -> None:
        """Every move of ``moves`` is read."""
        self.done = len(moves)
        self.last = moves[-1] if moves else None

    def code(self, card: dict) -> int:
        return self.index[card["colour"]] * 5 + card["value"] - 1

    def hint_mask(self, move: dict) -> int:
        """The codes a hint move touches."""
        return (self.colour_mask[move["colour"]] if move["colour"] is not None
                else self.value_mask[move["value"]])

    def _refresh(self) -> None:
        """After a card left a hand: ``playable`` now and ``trash`` (played, or above a
        card whose copies are all gone)."""
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

    def card_left(self, move: dict) -> int:
        """A play or discard move (HB-5, HB-6): the card leaves its hand, a new one is
        drawn into slot 0 if the deck had one; returns the code of the card that left."""
        hand = self.hands[move["seat"]]
        cid = hand.pop(move["slot"])
        del self.poss[cid]
        code = self.code(move["card"])
        s, v = divmod(code, 5)
        if move["type"] == "play" and self.fireworks[s] == v:
            self.fireworks[s] = v + 1
        else:
            self.gone[code] += 1
        if move["drew"]:
            hand.insert(0, self.next_id)
            self.poss[self.next_id] = self.full
            self.next_id += 1
        self._left_hand(cid, code)
        self._refresh()
        return code

    def _left_hand(self, cid: int, code: int) -> None:
        """A subclass's bookkeeping when card ``cid`` (code ``code``) left its hand."""

    def in_sight(self, view: dict, me: int) -> tuple[dict[int, int], list[int]]:
        """For seat ``me``: the codes of the cards it sees in other hands (by id), and
        how many copies of each code it sees anywhere (fireworks, discards, hands)."""
        faces: dict[int, int] = {}
        seen = list(self.gone)
        for s, f in enumerate(self.fireworks):
            for v in range(f):
                seen[5 * s + v] += 1
        for p in range(self.players):
            if p != me:
                for cid, card in zip(self.hands[p], view["hands"][p]["cards"], strict=True):
                    c = faces[cid] = self.code(card)
                    seen[c] += 1
        return faces, seen

    def private(self, me: int, seen: list[int]) -> list[int]:
        """What each of seat ``me``'s cards may be, leaving out codes it sees all of."""
        unseen = 0
        for c in range(self.ncodes):
            if seen[c] < self.copies[c]:
                unseen |= 1 << c
        return [self.poss[cid] & unseen or self.poss[cid] for cid in self.hands[me]]

    def sure_play(self, private: list[int]) -> int | None:
        """The slot of a card surely playable: a 5 first (a token back, HB-7), then the
        lowest."""
        best = None
        for slot, m in enumerate(private):
            if m and not m & ~self.playable:
                rank = (0 if m & self.value_mask[5] == m else 1, max(c % 5 for c in bits(m)))
                if best is None or rank < best[0]:
                    best = (rank, slot)
        return None if best is None else best[1]

    def likeliest(self, private: list[int], seen: list[int],
                  at_least: float = 0.0) -> int | None:
        """The slot likeliest to be playable, if more than ``at_least`` likely."""
        best, where = at_least, None
        for slot, m in enumerate(private):
            total = sum(self.copies[c] - seen[c] for c in bits(m))
            good = sum(self.copies[c] - seen[c] for c in bits(m & self.playable))
            if total and good / total > best:
                best, where = good / total, slot
        return where

    def gamble_or_let_go(self, view: dict, private: list[int],
                         seen: list[int]) -> Play | Discard | None:
        """In the final round (HB-10), with a mistake to spare (HB-8), play the card
        likeliest to be playable (one left in hand scores nothing); else, if a discard
        is allowed (HB-5), discard a card surely useless; else None."""
        if view["final_round"] and view["mistakes"] < view["max_mistakes"] - 1:
            slot = self.likeliest(private, seen)
            if slot is not None:
                return Play(slot)
        if view["hints"] < view["max_hints"]:
            for slot, m in enumerate(private):
                if not m & ~self.trash:
                    return Discard(slot)
        return None
