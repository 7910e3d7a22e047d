"""Seats around the table and the direction of play (WL-3, WL-4, WL-R3).

Seats are numbered 0, 1, ..., n-1 **clockwise** around the table (seen from above).
The rulebook plays **counter-clockwise**: for a player facing the table, the
neighbour on their right is the next seat counter-clockwise, so

    right_of(s) == (s - 1) % n       # the next seat counter-clockwise

- WL-3 the dealer passes counter-clockwise: the next round's dealer is
  ``right_of(dealer)``;
- WL-4 the first player is the one to the dealer's right, ``right_of(dealer)``, and
  each turn passes to the right: 0 -> n-1 -> n-2 -> ... -> 1 -> 0;
- WL-R3 claim priority runs counter-clockwise from the seat whose turn comes.

With 4 players and seat 0 dealing, seat 3 plays first, then 2, 1 and 0 (the dealer last).
"""

from __future__ import annotations

from functools import cache


def right_of(seat: int, players: int) -> int:
    """The seat to ``seat``'s right: the next one counter-clockwise (WL-4)."""
    return (seat - 1) % players


def left_of(seat: int, players: int) -> int:
    """The seat to ``seat``'s left: the previous one in play order."""
    return (seat + 1) % players


def counter_clockwise(start: int, players: int) -> list[int]:
    """Every seat in counter-clockwise order, starting with ``start``."""
    return [(start - k) % players for k in range(players)]


@cache
def claim_order(turn: int, discarder: int | None, players: int) -> tuple[int, ...]:
    """WL-R3: the seats that may claim a discard out of turn, in priority order.

    ``turn`` (the next seat) chooses first and is not in the list; then every other seat
    counter-clockwise from it, except the ``discarder`` (no one claims their own discard,
    WL-6). ``discarder`` is None for the card turned up after the deal (WL-3): then every
    seat but the first player may claim it.
    """
    return tuple(s for s in counter_clockwise(turn, players)[1:] if s != discarder)
