"""What the seat to act may do, from what it knows: shared by the engine, ``legal_from_view``
and the bots (DM-2, DM-3, DM-4, DM-6, DM-8, DM-9, DM-R2, DM-R3).

A :class:`Position` holds the seat's hand, the layout, the bazaar size, the phase and the
options that matter. :func:`listing` lists the actions (the engine's ``legal_actions``
and, through :func:`position_from_view`, :func:`legal_from_view`); :func:`check` raises
:class:`kit.IllegalAction` naming the rule for anything else.

Closing the last end (DM-8, DM-R2): a placement that leaves no live end - with any tile,
a double placed face up included (rulebook 5.1: «Запрещено специально закрывать последний
конец») - is a *closing placement*. It is legal only when the seat has no other placement
in hand and the bazaar is empty (``metro_forced="hand_and_bazaar"``, the default; with
``"hand"`` only the hand counts). Who then made Metro is :func:`metro_maker` (DM-R6): a
face-up double never makes its placer the Metro maker («кроме открытого дубля»).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kit.contract import Action
from kit.domino_metro.actions import Draw, EndTurn, NextGame, Pass, Place, TakeBack
from kit.domino_metro.layout import CLOSED, FACES, OPEN, Layout
from kit.domino_metro.tileset import Tile, as_tile, is_double, name
from kit.errors import NC_, IllegalAction

LEAD = "lead"        # the first tile of a game is to be placed
PLAY = "play"        # a turn: place, draw or pass
PLACED = "placed"    # DM-9: a tile was just placed; keep it (end_turn) or take it back
BETWEEN = "between"  # a game of the match is over; the loser deals the next (next_game)
OVER = "over"        # the match is over

HAND_AND_BAZAAR = "hand_and_bazaar"
HAND = "hand"
CHOICE = "choice"
PLAIN = "plain"
LAST_OTHER_TILE = "last_other_tile"  # DM-R6: the last placer of a tile not a face-up double
PIPS = "pips"                        # DM-R6 option: a closing face-up double blocks the game


@dataclass
class Position:
    """What the seat to act knows: enough to list and check its actions."""

    phase: str
    hand: list[Tile]
    layout: Layout
    bazaar: int
    max_pip: int
    #: DM-2: the tile the first game must be led with (the lowest double), or None
    must_lead: Tile | None = None
    #: DM-9: the tile taken back this turn (it can't be placed again this turn)
    barred: Tile | None = None
    metro_forced: str = HAND_AND_BAZAAR
    first_double: str = CHOICE


def placements(pos: Position) -> tuple[list[Place], list[Place]]:
    """All placements of the hand: (ordinary ones, closing ones), barred tile included."""
    if pos.phase == LEAD:
        tiles = [pos.must_lead] if pos.must_lead is not None else sorted(set(pos.hand))
        return [Place(t, None, None) for t in tiles], []
    layout = pos.layout
    live_values = layout.live_values()
    ends: dict[int, list[int]] = {}
    for end in layout.ends:
        if end.covered_by is None:
            ends.setdefault(end.value, []).append(end.id)
    plain_double = pos.first_double == PLAIN and layout.first_double_plain()
    double_faces: tuple[str | None, ...] = (None,) if plain_double else FACES
    normal: list[Place] = []
    metro: list[Place] = []
    for t in sorted(set(pos.hand)):
        a, b = t
        if a == b:
            for e in ends.get(a, ()):
                for f in double_faces:
                    ok = layout.leaves_live(t, a, f, live_values)
                    (normal if ok else metro).append(Place(t, e, f))
            continue
        for v in (a, b):
            for e in ends.get(v, ()):
                ok = layout.leaves_live(t, v, None, live_values)
                (normal if ok else metro).append(Place(t, e, None))
    return normal, metro


def listing(pos: Position) -> list[Action]:
    """The seat's legal actions (DM-2, DM-6, DM-8, DM-9, DM-R2)."""
    if pos.phase == BETWEEN:
        return [NextGame()]
    if pos.phase == OVER:
        return []
    if pos.phase == PLACED:
        return [EndTurn(), TakeBack()]
    normal, metro = placements(pos)
    barred = pos.barred
    if normal:
        return [m for m in normal if m.tile != barred]
    if metro:
        if pos.bazaar and pos.metro_forced == HAND_AND_BAZAAR:
            return [Draw()]
        return [m for m in metro if m.tile != barred]
    return [Draw()] if pos.bazaar else [Pass()]


#: why the seat to act has one kind of move only (:func:`only_move`)
ONLY_PASS = "pass"            # DM-6: no tile fits and the bazaar is empty
ONLY_DRAW = "draw"            # DM-6: no tile fits; draw until one does
DRAW_BEFORE_METRO = "draw_before_metro"  # DM-R2: every tile that fits closes the last end
ONLY_METRO = "metro"          # DM-8, DM-R2: ... and there is no other move


def only_move(pos: Position, moves: Sequence[Action]) -> str | None:
    """DM-6, DM-8, DM-R2: why the seat's moves (``moves``: its :func:`listing`) are only a
    draw, only a pass, or only placements that close the last open end (one of the four
    codes above); None when it has a choice of tiles, or outside a turn."""
    if pos.phase != PLAY or not moves:
        return None
    if all(isinstance(m, Pass) for m in moves):
        return ONLY_PASS
    if all(isinstance(m, Draw) for m in moves):  # (rare: the hand is searched again)
        return DRAW_BEFORE_METRO if placements(pos)[1] else ONLY_DRAW
    # (the listing offers closing placements only when no other placement is there)
    first = moves[0]
    return ONLY_METRO if isinstance(first, Place) and closes(pos, first) else None


def closes(pos: Position, place: Place) -> bool:
    """DM-8, DM-R2: whether a (well-formed, matching) placement leaves no live end - any
    tile, a face-up double included."""
    if pos.phase == LEAD or place.end is None:
        return False
    layout = pos.layout
    tile = (place.tile[0], place.tile[1])
    return not layout.leaves_live(tile, layout.ends[place.end].value, place.face,
                                  layout.live_values())


def metro_maker(layout: Layout, up_run: Sequence[int], in_game: int, rule: str) -> int | None:
    """DM-R6: who made Metro once the last tile of ``layout`` closed the last end; None:
    nobody can be named, the pips decide (DM-11).

    The Metro maker is the player who placed the last tile that was not a face-up double
    (rulebook 5.1). ``up_run`` lists the seats of the turns just ended, oldest first, each
    of which placed a face-up double (a pass or another tile breaks it); when its last
    ``in_game`` turns (one cycle of the players still in the game) are face-up doubles of
    ``in_game`` different players, nobody can be named (rulebook 7.2).
    The seat named may have gone out since; then it made domino-Metro (DM-R2, rulebook
    5.1). Option ``rule="pips"``: a closing face-up double always leaves it to the pips.
    """
    last = layout.tiles[-1]
    if last.face != OPEN:
        return last.by
    if rule == PIPS:
        return None
    cycle = up_run[-in_game:]
    if len(cycle) == in_game and len(set(cycle)) == in_game:
        return None
    for placed in reversed(layout.tiles):
        if placed.face != OPEN:
            return placed.by
    return None


def check(pos: Position, action: Action, legal_now: list[Action] | None = None) -> None:
    """Raise :class:`IllegalAction` naming the rule unless ``action`` is legal."""
    legal_now = listing(pos) if legal_now is None else legal_now
    if action in legal_now:
        return
    raise diagnose(pos, action, legal_now)


def diagnose(pos: Position, action: Action, legal_now: list[Action]) -> IllegalAction:
    """Why ``action`` is not legal here, as an :class:`IllegalAction` with the rule id."""
    phase, kind = pos.phase, action.TYPE
    if phase == BETWEEN:
        return IllegalAction("DM-R5", "this game is over: the loser shuffles and deals the "
                                      "next game of the match (next_game)",
                             code=NC_("error", "dm_between"))
    if kind == "next_game":
        return IllegalAction("DM-R5", "the game is still going on",
                             code=NC_("error", "dm_game_going"))
    if phase == PLACED:
        return IllegalAction("DM-9", "you have just placed a tile: keep it (end_turn) or take "
                                     "it back to place another (take_back)",
                             code=NC_("error", "dm_placed_keep"))
    if kind == "end_turn":
        return IllegalAction("DM-9", "no tile was placed this turn that could be kept",
                             code=NC_("error", "dm_nothing_to_keep"))
    if kind == "take_back":
        if pos.barred is not None:
            return IllegalAction("DM-9", "only one change a turn: the tile "
                                         f"{name(pos.barred)} was already taken back",
                                 code=NC_("error", "dm_one_change"), tile=name(pos.barred))
        return IllegalAction("DM-9", "no change now: a tile can be taken back only by its "
                                     "player, right after placing it and before the next "
                                     "player acts", code=NC_("error", "dm_no_change"))
    fits = any(isinstance(a, Place) for a in legal_now)
    if kind in ("draw", "pass"):
        if phase == LEAD:
            return IllegalAction("DM-2", "the lead places a tile of the hand",
                                 code=NC_("error", "dm_lead_from_hand"))
        if pos.barred is not None:
            return IllegalAction("DM-9", "after taking a tile back, place another tile",
                                 code=NC_("error", "dm_place_after_change"))
        if fits:
            if not any(closes(pos, a) for a in legal_now if isinstance(a, Place)):
                return IllegalAction("DM-6", "a tile in hand fits: place it (draw or pass only "
                                             "when nothing fits)",
                                     code=NC_("error", "dm_tile_fits"))
            return IllegalAction("DM-R2", "every placement in hand closes the last open end "
                                          "and nothing else is left to do: it is forced",
                                 code=NC_("error", "dm_forced_metro"))
        if kind == "pass":
            return IllegalAction("DM-6", "the bazaar is not empty: draw until a tile fits",
                                 code=NC_("error", "dm_draw_first"))
        return IllegalAction("DM-6", "the bazaar is empty: pass",
                             code=NC_("error", "dm_bazaar_empty"))
    assert isinstance(action, Place)
    return _diagnose_place(pos, action, legal_now, fits)


def _diagnose_place(pos: Position, action: Place, legal_now: list[Action],
                    fits: bool) -> IllegalAction:
    tile = as_tile(action.tile, pos.max_pip)
    if tile is None:
        return IllegalAction("DM-1", f"a tile is [low, high] with 0 <= low <= high <= "
                                     f"{pos.max_pip}, not {list(action.tile)!r}",
                             code=NC_("error", "dm_not_a_tile"), high=pos.max_pip)
    if tile not in pos.hand:
        return IllegalAction("DM-3", f"you do not hold {name(tile)}",
                             code=NC_("error", "dm_not_held"), tile=name(tile))
    if tile == pos.barred:
        return IllegalAction("DM-9", f"a change places another tile than {name(tile)}, "
                                     "the one taken back",
                             code=NC_("error", "dm_change_other"), tile=name(tile))
    if pos.phase == LEAD:
        if action.face == CLOSED:
            return IllegalAction("DM-4", "the lead tile is placed face up, with two ends",
                                 code=NC_("error", "dm_lead_face_up"))
        if action.end is not None or action.face is not None:
            return IllegalAction("DM-4", "the lead tile goes on the empty table: no end and "
                                         "no face", code=NC_("error", "dm_lead_no_end"))
        if pos.must_lead is not None and tile != pos.must_lead:
            return IllegalAction("DM-2", f"the first game is led with the lowest double, "
                                         f"{name(pos.must_lead)}",
                                 code=NC_("error", "dm_lowest_double"), tile=name(pos.must_lead))
        return IllegalAction("DM-2", f"{name(tile)} can't lead now",
                             code=NC_("error", "dm_cant_lead"), tile=name(tile))
    layout = pos.layout
    if action.end is None:
        return IllegalAction("DM-3", "the layout has begun: name the end to place on",
                             code=NC_("error", "dm_name_end"))
    if not 0 <= action.end < len(layout.ends):
        return IllegalAction("DM-3", f"there is no end {action.end}",
                             code=NC_("error", "dm_no_end"), end=action.end)
    end = layout.ends[action.end]
    if end.covered_by is not None:
        cover = layout.tiles[end.covered_by]
        how = " face down" if cover.face == CLOSED else ""
        return IllegalAction("DM-3", f"end {end.id} is closed: {name(cover.tile)}{how} "
                                     "covers it",
                             code=(NC_("error", "dm_end_closed_down") if cover.face == CLOSED
                                   else NC_("error", "dm_end_closed")),
                             end=end.id, tile=name(cover.tile))
    if end.value not in tile:
        return IllegalAction("DM-3", f"{name(tile)} does not match end {end.id} "
                                     f"(value {end.value})",
                             code=NC_("error", "dm_no_match"),
                             tile=name(tile), end=end.id, value=end.value)
    if not layout.live(end.value):
        return IllegalAction("DM-5", f"end {end.id} is dead: no tile of {end.value} is left",
                             code=NC_("error", "dm_dead_end"), end=end.id, value=end.value)
    if is_double(tile):
        plain = pos.first_double == PLAIN and layout.first_double_plain()
        if plain and action.face is not None:
            return IllegalAction("DM-R3", "the first double after a plain lead is placed as a "
                                          "plain two-ended tile (first_double='plain'): no face",
                                 code=NC_("error", "dm_first_double_plain"))
        if not plain and action.face not in FACES:
            return IllegalAction("DM-4", "a double is placed face 'open' (three ends) or "
                                         "'closed' (closes the end)",
                                 code=NC_("error", "dm_double_face"))
    elif action.face is not None:
        return IllegalAction("DM-4", "only a double is placed face up or down; leave face empty",
                             code=NC_("error", "dm_only_double_face"))
    if closes(pos, action):
        if fits:
            return IllegalAction("DM-8", "that closes the last open end (Metro); it is "
                                         "forbidden while another placement exists, a "
                                         "face-up double included (DM-R2)",
                                 code=NC_("error", "dm_metro_forbidden"))
        return IllegalAction("DM-R2", "the last open end is closed only when forced: draw "
                                      "from the bazaar first",
                             code=NC_("error", "dm_metro_draw_first"))
    if not fits:
        return IllegalAction("DM-6", "no placement now", code=NC_("error", "dm_no_placement"))
    return IllegalAction("DM-3", f"{action} is not a legal placement now",
                         code=NC_("error", "dm_not_legal"))


def position_from_view(view: dict, layout: Layout | None = None) -> Position:
    """The :class:`Position` of the seat whose view this is
    (``layout``: the view's layout already built, e.g. kept by a bot)."""
    rules = view["rules"]
    if layout is None:
        layout = Layout.from_moves(view["max_pip"] + 1, view["layout"]["tiles"])
    must = view["must_lead"]
    barred = view["barred"]
    return Position(view["phase"], [(t[0], t[1]) for t in view["hand"] or ()], layout,
                    view["bazaar"], view["max_pip"],
                    (must[0], must[1]) if must else None,
                    (barred[0], barred[1]) if barred else None,
                    rules["metro_forced"], rules["first_double"])


def legal_from_view(view: dict) -> list[dict]:
    """The seat's legal actions listed from ``view(seat)`` alone (DM-2..DM-9, DM-R2)."""
    seat = view["seat"]
    if seat is None or view["to_act"] != seat:
        return []
    return [a.to_json() for a in listing(position_from_view(view))]
