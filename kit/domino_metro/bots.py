"""The rule-based bot of «Домино-Метро»: plays like a careful person, from its view alone.

Each placement is scored by what it leaves behind (:func:`score`):

- going out is best; a domino-Metro with the last tile (3 players) too; a Metro is the
  worst (made only when forced, DM-8); when it must close the last end, a face-up double
  that names another player the Metro maker (DM-R6) is good, and one that leaves it to
  the pips is judged as a block;
- sheds high pips (a tile's pips count towards a blocked game, DM-11) and doubles,
  which only fit their own value;
- keeps its options open: more of its remaining tiles still fit a live end;
- avoids leaving itself only Metro moves (or nothing that fits);
- makes the others stick: prefers layouts where the opponents likely hold nothing that
  fits (they must draw, DM-6) and, once the bazaar is empty, where the next player
  likely holds only tiles that fit as Metro - forcing an opponent into Metro (DM-8);
- judges a block by pips (DM-11) by whether its own pips look lowest.

After its placement the bot keeps the tile (DM-9) unless another placement of the
position it placed from scores better - which happens when a person or a script placed
for it, e.g. in a prepared tutorial situation; then it takes the tile back and places
the better one.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from math import comb

from kit.contract import Action
from kit.domino_metro import legal
from kit.domino_metro.actions import EndTurn, Place, TakeBack
from kit.domino_metro.layout import Layout
from kit.domino_metro.legal import LEAD, PLACED, PLAY, Position, position_from_view
from kit.domino_metro.tileset import Tile

#: weights of the features, tuned by hand on seeded 3-player games against random bots
#: and against bots with other weights
GO_OUT = 1000.0
METRO = -500.0
PIP = 1.0
DOUBLE = 3.0
OPTION = 6.0
ONLY_METRO = -40.0
NOTHING_FITS = -6.0
STALL = 120.0
METRO_PRESS = 100.0
BLOCK_WIN = 150.0
BLOCK_SAFE = 40.0
BLOCK_LOSE = -150.0
OTHER_METRO = 200.0


@dataclass
class Seen:
    """What the seat knows beyond the layout: the tiles it has not seen (the others' hands
    and the bazaar) and the tile counts of the opponents still playing, next one first."""

    unseen: list[Tile]
    opponents: list[int]


def seen_from(view: dict, pos: Position) -> Seen:
    """The :class:`Seen` of a view (the hand before any placement of this decision)."""
    values = pos.max_pip + 1
    known = set(pos.hand) | {p.tile for p in pos.layout.tiles}
    unseen = [(a, b) for a in range(values) for b in range(a, values) if (a, b) not in known]
    n, me = view["players"], view["seat"]
    opponents = [view["seats"][(me + k) % n]["tiles"] for k in range(1, n)
                 if view["seats"][(me + k) % n]["place"] is None]
    return Seen(unseen, opponents)


def score(pos: Position, place: Place, view: dict, seen: Seen | None = None) -> float:
    """How good ``place`` is for the seat of ``view`` (higher is better)."""
    if seen is None:
        seen = seen_from(view, pos)
    tile: Tile = (place.tile[0], place.tile[1])
    closing = legal.closes(pos, place)
    hand = list(pos.hand)
    hand.remove(tile)
    layout = pos.layout
    me = view["seat"]
    layout.place(tile, place.end, place.face, me)
    try:
        maker = _maker(layout, view) if closing else None
        if not hand:
            if maker == me and view["players"] < 3 and not view["rules"]["domino_metro_two"]:
                return METRO
            return GO_OUT
        if maker == me:
            return METRO + PIP * sum(tile)
        if maker is not None:
            return OTHER_METRO
        if not layout.any_live():
            return _block(hand, seen)
        value = PIP * sum(tile) + (DOUBLE if tile[0] == tile[1] else 0.0)
        after = Position(PLAY, hand, layout, pos.bazaar, pos.max_pip, None, None,
                         pos.metro_forced, pos.first_double)
        normal, metro_moves = legal.placements(after)
        if normal:
            value += OPTION * len({m.tile for m in normal})
        elif metro_moves:
            value += ONLY_METRO * (1 if pos.bazaar == 0 else 0.4)
        else:
            value += NOTHING_FITS * (1 if pos.bazaar else 2)
        value += _pressure(layout, seen, pos.bazaar)
        return value
    finally:
        layout.undo()


def _maker(layout: Layout, view: dict) -> int | None:
    """DM-R6: the Metro maker if the seat of ``view`` closes the last end with the tile
    just put on ``layout`` (None: the pips decide)."""
    in_game = sum(s["place"] is None for s in view["seats"])
    return legal.metro_maker(layout, [*view["up_doubles"], view["seat"]], in_game,
                             view["rules"]["metro_maker"])


def _none_among(unseen: int, avoided: int, held: int) -> float:
    """The chance that ``held`` tiles drawn at random from ``unseen`` miss ``avoided``."""
    held = min(held, unseen)
    if held <= 0:
        return 1.0
    return comb(unseen - avoided, held) / comb(unseen, held)


def _pressure(layout: Layout, seen: Seen, bazaar: int) -> float:
    """DM-6, DM-8: how likely the others are stuck after this placement.

    STALL: for each opponent still playing, the chance that none of its tiles fits
    (it must draw or pass), treating its tiles as drawn at random from the unseen ones.
    METRO_PRESS: with the bazaar empty, the chance that the next opponent holds tiles
    that fit only as Metro placements and none that fits otherwise: a forced Metro.
    """
    live = layout.live_values()
    fits = plain = 0
    for a, b in seen.unseen:
        if a in live:
            v = a
        elif b in live:
            v = b
        else:
            continue
        fits += 1
        if a == b or layout.leaves_live((a, b), v, None, live) or (
                b != v and b in live and layout.leaves_live((a, b), b, None, live)):
            plain += 1
    total = len(seen.unseen)
    value = STALL * sum(_none_among(total, fits, h) for h in seen.opponents)
    if bazaar == 0 and seen.opponents and fits > plain:
        h = seen.opponents[0]
        value += METRO_PRESS * (_none_among(total, plain, h) - _none_among(total, fits, h))
    return value


def _block(hand: list[Tile], seen: Seen) -> float:
    """DM-11, DM-R6: a closing placement that names no Metro maker ends the game by pips."""
    avg = sum(a + b for a, b in seen.unseen) / max(1, len(seen.unseen))
    mine = sum(a + b for a, b in hand)
    others = [h * avg for h in seen.opponents]
    if not others or mine < min(others):
        return BLOCK_WIN
    if mine < max(others):
        return BLOCK_SAFE
    return BLOCK_LOSE


class RuleBot:
    """Keeps options open, avoids its own Metro, presses others into Metro, sheds pips."""

    name = "rule"

    def __init__(self) -> None:
        self._layout: Layout | None = None

    def choose(self, view: dict, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        pos = position_from_view(view, self._synced(view))
        if view["phase"] == PLACED:
            return self._keep_or_change(pos, view)
        seen = seen_from(view, pos)
        best: list[Action] = []
        top = float("-inf")
        for action in legal:
            if not isinstance(action, Place):
                continue
            s = score(pos, action, view, seen)
            if s > top + 1e-9:
                top, best = s, [action]
            elif s > top - 1e-9:
                best.append(action)
        if not best:
            return legal[0]
        return best[rng.randrange(len(best))] if len(best) > 1 else best[0]

    def _synced(self, view: dict) -> Layout:
        """The view's layout, kept between decisions and brought up to date by undoing and
        placing only what changed (a view holds the whole layout; rebuilding it each time
        is the bot's main cost)."""
        tiles = view["layout"]["tiles"]
        values = view["max_pip"] + 1
        layout = self._layout
        if layout is None or layout.values != values:
            layout = self._layout = Layout(values)
        same = 0
        for placed, m in zip(layout.tiles, tiles, strict=False):
            if (placed.tile[0] != m["tile"][0] or placed.tile[1] != m["tile"][1]
                    or placed.end != m["end"] or placed.face != m["face"]):
                break
            same += 1
        while len(layout.tiles) > same:
            layout.undo()
        for m in tiles[same:]:
            layout.place((m["tile"][0], m["tile"][1]), m["end"], m["face"], m["by"])
        return layout

    def _keep_or_change(self, pos: Position, view: dict) -> Action:
        """DM-9: take the tile back only if another placement of the position before it
        scores better."""
        layout = pos.layout
        last = layout.tiles[-1]
        current = Place(last.tile, last.end, last.face)
        layout.undo()
        try:
            before = Position(LEAD if layout.empty() else PLAY, [*pos.hand, last.tile], layout,
                              pos.bazaar, pos.max_pip, None, None, pos.metro_forced,
                              pos.first_double)
            seen = seen_from(view, before)
            kept = score(before, current, view, seen)
            for action in legal.listing(before):
                if isinstance(action, Place) and action.tile != last.tile and (
                        score(before, action, view, seen) > kept + 1e-9):
                    return TakeBack()
            return EndTurn()
        finally:
            layout.place(last.tile, last.end, last.face, last.by)
