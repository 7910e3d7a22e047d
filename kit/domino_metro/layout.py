"""The layout: placed tiles as a tree with their ends (DM-3, DM-4, DM-5, DM-R1).

Every placed tile has an id (its order in the layout, 0 = the lead tile) and hangs
on an end of an earlier tile; every end has an id and belongs to one tile:

- the lead tile ``a:b`` has two ends, ``west`` (value ``a``) and ``east`` (``b``),
  double or not (DM-4, DM-R3);
- a tile placed on an end matches it by value and covers it (DM-3); a plain tile
  opens one end ``ahead`` with its other value;
- a double placed face up (``face="open"``) opens two ends of its value, ``ahead`` and
  ``branch`` (three ends in all, one new end: DM-4); face down (``"closed"``) it opens
  none and so closes the end; under the DM-R3 option ``first_double="plain"`` the first
  double after a plain lead is a plain two-ended tile (``face=None``, one end ``ahead``).

An end is *covered* once a tile is placed on it, else *live* when some unplayed tile
(in a hand or the bazaar) contains its value, else *dead*: its value is used up, so it
is closed (DM-5, DM-R1). Whether a tile is unplayed is public (it is not in the layout),
so liveness follows from the layout alone.

Geometry for boards: each end has a ``heading`` in degrees (0 east, 90 north); the
lead lies east-west; a tile continues its parent end's heading; a ``branch`` end turns
90° left of the double's heading.
"""

from __future__ import annotations

from dataclasses import dataclass

from kit.domino_metro.tileset import Tile

OPEN = "open"
CLOSED = "closed"
FACES = (OPEN, CLOSED)


@dataclass(slots=True)
class Placed:
    """A tile in the layout. ``end`` is the end it covers (None for the lead tile);
    ``inner`` the matched value; ``face`` "open"/"closed" for a double after the lead."""

    id: int
    tile: Tile
    by: int
    end: int | None
    face: str | None
    inner: int | None
    heading: int


@dataclass(slots=True)
class End:
    """An end of tile ``tile`` on its ``side`` (west/east/ahead/branch) with ``value``."""

    id: int
    tile: int
    side: str
    value: int
    heading: int
    covered_by: int | None = None


class Layout:
    """The placed tiles and their ends, with per-value counts kept up to date.

    ``unplayed[v]``: tiles containing ``v`` not yet in the layout (DM-R1);
    ``open[v]``: uncovered ends of value ``v`` (live or dead).
    """

    __slots__ = ("_json", "ends", "open", "tiles", "unplayed", "values")

    def __init__(self, values: int) -> None:
        self.values = values
        self.tiles: list[Placed] = []
        self.ends: list[End] = []
        self.unplayed = [values] * values
        self.open = [0] * values
        self._json: list[dict] = []  # each placed tile as in to_json (they never change)

    # -- changes -----------------------------------------------------------------------

    def place(self, tile: Tile, end: int | None, face: str | None, by: int) -> Placed:
        """Put ``tile`` on ``end`` (None: the lead). The caller checked it is legal."""
        a, b = tile
        pid = len(self.tiles)
        if end is None:
            placed = Placed(pid, tile, by, None, None, None, 0)
            self._add_end(pid, "west", a, 180)
            self._add_end(pid, "east", b, 0)
        else:
            e = self.ends[end]
            v = e.value
            e.covered_by = pid
            self.open[v] -= 1
            placed = Placed(pid, tile, by, end, face, v, e.heading)
            if a != b:
                self._add_end(pid, "ahead", b if a == v else a, e.heading)
            elif face == OPEN:
                self._add_end(pid, "ahead", v, e.heading)
                self._add_end(pid, "branch", v, (e.heading + 90) % 360)
            elif face is None:
                self._add_end(pid, "ahead", v, e.heading)
        self.tiles.append(placed)
        self._json.append(self._tile_json(placed))
        self.unplayed[a] -= 1
        if b != a:
            self.unplayed[b] -= 1
        return placed

    def undo(self) -> Placed:
        """Take the last placed tile back (DM-9)."""
        placed = self.tiles.pop()
        self._json.pop()
        while self.ends and self.ends[-1].tile == placed.id:
            gone = self.ends.pop()
            self.open[gone.value] -= 1
        if placed.end is not None:
            e = self.ends[placed.end]
            e.covered_by = None
            self.open[e.value] += 1
        a, b = placed.tile
        self.unplayed[a] += 1
        if b != a:
            self.unplayed[b] += 1
        return placed

    def _add_end(self, tile: int, side: str, value: int, heading: int) -> None:
        self.ends.append(End(len(self.ends), tile, side, value, heading))
        self.open[value] += 1

    # -- questions -----------------------------------------------------------------------

    def live(self, value: int) -> bool:
        """DM-R1: some unplayed tile can still match ``value``."""
        return self.unplayed[value] > 0

    def end_state(self, end: End) -> str:
        """``covered``, ``live`` or ``dead`` (DM-5)."""
        if end.covered_by is not None:
            return "covered"
        return "live" if self.unplayed[end.value] > 0 else "dead"

    def live_values(self) -> list[int]:
        """Values with at least one live end."""
        return [v for v in range(self.values) if self.open[v] and self.unplayed[v]]

    def live_ends(self) -> list[End]:
        return [e for e in self.ends if e.covered_by is None and self.unplayed[e.value]]

    def any_live(self) -> bool:
        """Whether the layout still has an open (live) end; no: no tile can be placed."""
        return any(o and u for o, u in zip(self.open, self.unplayed, strict=True))

    def empty(self) -> bool:
        return not self.tiles

    def first_double_plain(self) -> bool:
        """DM-R3 option: the lead was not a double and no double has been placed since."""
        return bool(self.tiles) and self.tiles[0].tile[0] != self.tiles[0].tile[1] and not any(
            p.tile[0] == p.tile[1] for p in self.tiles[1:])

    def leaves_live(self, tile: Tile, value: int, face: str | None,
                    live_values: list[int]) -> bool:
        """Whether placing ``tile`` on an end of ``value`` leaves a live end (DM-8, DM-R1).

        ``live_values`` is :meth:`live_values` of the current layout. Only the counts of
        the tile's two values change, so any other live value stays live.
        """
        a, b = tile
        for x in live_values:
            if x != a and x != b:
                return True
        other = b if a == value else a
        for x in ((a,) if a == b else (a, b)):
            ends = self.open[x] - (x == value)
            if a != b:
                ends += x == other
            elif face == OPEN:
                ends += 2
            elif face is None:
                ends += 1
            if ends > 0 and self.unplayed[x] > 1:
                return True
        return False

    # -- JSON -------------------------------------------------------------------------------

    def to_json(self) -> dict:
        """The layout for views and boards: every tile with its parent and side, every end
        with its value and state (``live``/``dead``/``covered``)."""
        tiles = [{**t, "tile": list(t["tile"])} for t in self._json]
        ends = [{"id": e.id, "tile": e.tile, "side": e.side, "value": e.value,
                 "heading": e.heading, "covered_by": e.covered_by, "state": self.end_state(e)}
                for e in self.ends]
        return {"tiles": tiles, "ends": ends, "unplayed": list(self.unplayed),
                "live_values": self.live_values()}

    def _tile_json(self, p: Placed) -> dict:
        parent = side = outer = None
        if p.end is not None:
            e = self.ends[p.end]
            parent, side = e.tile, e.side
            outer = p.tile[1] if p.tile[0] == p.inner else p.tile[0]
        return {"id": p.id, "tile": list(p.tile), "by": p.by, "end": p.end, "parent": parent,
                "side": side, "face": p.face, "inner": p.inner, "outer": outer,
                "heading": p.heading}

    def moves_json(self) -> list[list]:
        """The compact form for snapshots: ``[low, high, end, face, by]`` per tile."""
        return [[p.tile[0], p.tile[1], p.end, p.face, p.by] for p in self.tiles]

    @classmethod
    def from_moves(cls, values: int, moves: list) -> Layout:
        """Rebuild from :meth:`moves_json` (or the ``tiles`` of :meth:`to_json`)."""
        layout = cls(values)
        for m in moves:
            if isinstance(m, dict):
                layout.place((m["tile"][0], m["tile"][1]), m["end"], m["face"], m["by"])
            else:
                layout.place((m[0], m[1]), m[2], m[3], m[4])
        return layout

    def copy(self) -> Layout:
        other = Layout.__new__(Layout)
        other.values = self.values
        other.tiles = list(self.tiles)  # Placed records never change once placed
        other.ends = [End(e.id, e.tile, e.side, e.value, e.heading, e.covered_by)
                      for e in self.ends]
        other.unplayed = list(self.unplayed)
        other.open = list(self.open)
        other._json = list(self._json)
        return other
