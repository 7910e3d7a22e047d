"""The round's combination against a hand (WL-2, WL-6, WL-9, WL-R1).

A combination is a list of requirements (``rounds.toml``); a card fills a
requirement when the requirement is the card's id, type or organ (its *tokens*,
``Deck.tokens``). The ``"character"`` requirement is first resolved to the organ the
player's character waits for (:func:`needs`). Hands are ``{card id: copies}``.

Engine, views and bots share these functions, so what the engine allows and what a
view lets a board or bot list are computed the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from kit.waiting_list.rounds import CHARACTER

Tokens = Mapping[str, Iterable[str]]


def needs(combination: Sequence[str], character_organ: str | None) -> tuple[str, ...]:
    """The combination with ``"character"`` replaced by the character's organ (WL-R1)."""
    return tuple(character_organ if r == CHARACTER and character_organ else r
                 for r in combination)


def counts(cards: Iterable[str]) -> dict[str, int]:
    """A hand as ``{card id: copies}``."""
    out: dict[str, int] = {}
    for c in cards:
        out[c] = out.get(c, 0) + 1
    return out


def match(reqs: Sequence[str], hand: Mapping[str, int], tokens: Tokens) -> dict[int, str]:
    """A largest assignment of hand cards to requirements: ``{req index: card id}``.

    A maximum bipartite matching (augmenting paths), so it is exact whatever the
    requirements overlap (e.g. ``"kidney"`` and ``"organ"``).
    """
    cand = [[c for c in hand if hand[c] > 0 and r in tokens[c]] for r in reqs]
    load: dict[str, list[int]] = {c: [] for c in hand}

    def place(r: int, seen: set[str]) -> bool:
        for c in cand[r]:
            if c in seen:
                continue
            seen.add(c)
            if len(load[c]) < hand[c]:
                load[c].append(r)
                return True
            for other in load[c]:
                if place(other, seen):
                    load[c].remove(other)
                    load[c].append(r)
                    return True
        return False

    for r in range(len(reqs)):
        place(r, set())
    return {r: c for c, rs in load.items() for r in rs}


def missing(reqs: Sequence[str], hand: Mapping[str, int], tokens: Tokens) -> list[str]:
    """The requirements the hand can't fill (in a largest matching)."""
    got = match(reqs, hand, tokens)
    return [r for i, r in enumerate(reqs) if i not in got]


def fits(card: str, reqs: Sequence[str], hand: Mapping[str, int], tokens: Tokens) -> bool:
    """WL-6: whether ``card`` would fill a requirement the hand can't fill yet."""
    if not any(r in tokens[card] for r in reqs):
        return False
    bigger = dict(hand)
    bigger[card] = bigger.get(card, 0) + 1
    return len(match(reqs, bigger, tokens)) > len(match(reqs, hand, tokens))


def reveals(reqs: Sequence[str], hand: Mapping[str, int], tokens: Tokens) -> list[tuple[str, ...]]:
    """WL-9: every distinct set of hand cards that is exactly the combination, sorted.

    Each result is a sorted tuple of card ids, one card per requirement.
    """
    if len(match(reqs, hand, tokens)) < len(reqs):
        return []
    cand = [sorted(c for c in hand if r in tokens[c]) for r in reqs]
    order = sorted(range(len(reqs)), key=lambda i: (len(cand[i]), reqs[i]))
    left = dict(hand)
    chosen: list[str] = []
    found: set[tuple[str, ...]] = set()

    def walk(k: int) -> None:
        if k == len(order):
            found.add(tuple(sorted(chosen)))
            return
        for c in cand[order[k]]:
            if left[c] > 0:
                left[c] -= 1
                chosen.append(c)
                walk(k + 1)
                chosen.pop()
                left[c] += 1

    walk(0)
    return sorted(found)


def is_combination(cards: Sequence[str], reqs: Sequence[str], tokens: Tokens) -> bool:
    """Whether ``cards`` are exactly the combination: one card per requirement (WL-9)."""
    return len(cards) == len(reqs) and len(match(reqs, counts(cards), tokens)) == len(reqs)
