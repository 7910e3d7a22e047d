"""The ``deal`` option: a scripted deal for tests, tutorials and boards (DM-1).

Default None: the seed shuffles and deals (DM-1, DM-2). A dict lays out a prepared
situation instead - an ordinary option, so such a game replays (``kit.replay``),
snapshots and clones like any other, and ``kit.scenarios`` files hold it as an
``[options.deal]`` table. Tiles are ``[low, high]``. Keys (all optional but ``hands``):

- ``hands``: one list of tiles per seat;
- ``layout``: the tiles already placed, in order: the first is the lead (no ``end``);
  each later one ``{tile, end, face, by}`` names the end id it covers (ends are
  numbered as they appear: the lead's west end 0 and east end 1, then each tile's new
  ends in turn), a double its ``face`` ("open"/"closed"), and ``by`` the seat;
- ``bazaar``: the bazaar, **the next tile drawn first**; without it the tiles listed
  nowhere form the bazaar, shuffled from the seed;
- ``rest``: with ``bazaar`` given, ``"bazaar"`` puts the unlisted tiles under the listed
  ones (shuffled from the seed); by default every tile must be listed somewhere;
- ``to_act``: the seat to act (default: with an empty layout the first game's lead by
  DM-2, else the seat after the last tile's placer);
- ``places``: per seat, the place of a seat already out (0 or None: still playing);
- ``past_games``: earlier games of the match (``places``; optionally ``metro``,
  ``metro_cancelled_by``, ``domino_metro``, ``lead``, ``moles``), for DM-8's cancelling
  and the match table (DM-R5).

Everything is checked as the rules require: each tile of the set exactly once (DM-1),
the layout a tree of matching tiles (DM-3, DM-4), a live end to play on (DM-R1), seats
out holding no tiles. Errors are :class:`kit.ConfigError` naming ``deal.<entry>``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from kit.datamodel import DataModel, validated
from kit.domino_metro import match
from kit.domino_metro.layout import Layout
from kit.domino_metro.legal import PLAIN
from kit.domino_metro.tileset import Tile, as_tile, name
from kit.errors import NC_, ConfigError

if TYPE_CHECKING:
    from kit.domino_metro.state import DominoMetroState

class Placement(DataModel):
    """One tile of ``layout``: the lead has no ``end`` and no ``face`` (DM-4)."""

    tile: Any  #: [low, high]; whether the set has it is checked at setup
    end: int | None = None
    face: Literal["open", "closed"] | None = None
    by: int = 0


class PastGame(DataModel):
    """One earlier game of the match (DM-R5)."""

    places: list[int]
    metro: int | None = None
    metro_cancelled_by: int | None = None
    domino_metro: int | None = None
    lead: int = 0
    end: str | None = None
    moles: list[int] | None = None


class DealShape(DataModel):
    """The shape of the ``deal`` option (see the module docstring); tiles, seats and the
    layout's geometry are checked at setup, knowing the set and the seats."""

    hands: list[list[Any]]
    layout: list[Placement] = Field(default_factory=list)
    bazaar: list[Any] | None = None
    rest: Literal["bazaar"] | None = None
    to_act: int | None = None
    places: list[int | None] | None = None
    past_games: list[PastGame] = Field(default_factory=list)


def check_option(value: Any) -> str | None:
    """Shape check of the ``deal`` option (the rest is checked at setup)."""
    validated(DealShape, plain(value), "deal")
    return None


def plain(value: Any) -> Any:
    """The option as plain JSON (tuples become lists), so snapshots stay plain JSON."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value


@dataclass
class Scripted:
    """What a ``deal`` lays out; :class:`kit.domino_metro.state.DominoMetroState` adopts it."""

    hands: list[list[Tile]]
    bazaar: list[Tile]  #: drawn from the end
    records: list[dict]  #: the games already played (DM-R5)
    places: list[int | None]
    to_act: int | None  #: the leader of an empty layout, or the seat to act (None: the next)
    must: Tile | None  #: the double the leader must lead (DM-2)
    layout: Layout | None  #: None: the game is still to be led


def scripted(state: DominoMetroState, deal: dict) -> Scripted:
    """What ``deal`` lays out, for a state whose data files are bound (see the module
    docstring); the state is read, not written."""
    tileset = state.tileset
    players = state.players
    everything = set(tileset.tiles())
    seen: dict[Tile, str] = {}

    def tile_of(value: Any, entry: str) -> Tile:
        tile = as_tile(value, tileset.max_pip)
        if tile is None:
            raise ConfigError(entry, f"not a tile of the set written [low, high]: {value!r}",
                              code=NC_("error", "not_a_tile"), value=value)
        if tile in seen:
            raise ConfigError(entry, f"{name(tile)} is already in {seen[tile]}",
                              code=NC_("error", "appears_twice"), value=name(tile))
        seen[tile] = entry
        return tile

    shape = validated(DealShape, plain(deal), "deal")
    hands = shape.hands
    if len(hands) != players:
        raise ConfigError("deal.hands", f"needs {players} lists of tiles, one per seat",
                          code=NC_("error", "one_per_seat"), n=players)
    dealt = [[tile_of(t, f"deal.hands[{s}][{i}]") for i, t in enumerate(h)]
             for s, h in enumerate(hands)]
    layout = _layout(state, shape.layout, tile_of)
    bazaar, rest = shape.bazaar, shape.rest
    if bazaar is None:
        pile: list[Tile] = []
        rest = "bazaar"
    else:
        pile = [tile_of(t, f"deal.bazaar[{i}]") for i, t in enumerate(bazaar)]
    unlisted = sorted(everything - set(seen))
    if rest == "bazaar":
        state.rng.shuffle(unlisted)
        pile += unlisted
    elif unlisted:
        raise ConfigError("deal.bazaar", f"{len(unlisted)} tile(s) are nowhere, e.g. "
                                         f"{name(unlisted[0])}; list every tile of the set, "
                                         "or set rest = 'bazaar'",
                          code=NC_("error", "deal_cards_missing"))
    places = _places(shape.places, dealt, players)
    records = _past_games(shape.past_games, players)
    if len(records) >= state.options["games"]:
        raise ConfigError("deal.past_games", f"the match has {state.options['games']} "
                                             "game(s): raise the option games",
                          code=NC_("error", "dm_past_games"), n=state.options['games'])

    to_act = shape.to_act
    if to_act is not None and (not 0 <= to_act < players or places[to_act] is not None):
        raise ConfigError("deal.to_act", f"{to_act!r} is not a seat still playing",
                          code=NC_("error", "not_a_seat"), value=to_act)
    must = None
    if layout.empty():
        from kit.domino_metro.state import first_lead

        found = first_lead(dealt) if not records else None
        if to_act is None:
            if found is None:
                raise ConfigError("deal.to_act", "name the seat that leads (no double "
                                                 "decides it)",
                                  code=NC_("error", "dm_name_leader"))
            to_act = found[0]
        must = found[1] if (found and found[0] == to_act
                            and state.options["lead_double"]) else None
    elif not layout.any_live():
        raise ConfigError("deal.layout", "no live end is left: the game would be over",
                          code=NC_("error", "deal_impossible"))
    return Scripted(dealt, pile[::-1], records, places, to_act, must,
                    None if layout.empty() else layout)


def _layout(state: DominoMetroState, moves: list[Placement], tile_of: Any) -> Layout:
    """DM-3, DM-4: replay the placements, checking each covers a matching open end."""
    layout = Layout(state.tileset.values)
    plain_rule = state.options["first_double"] == PLAIN
    for i, m in enumerate(moves):
        entry = f"deal.layout[{i}]"
        end, face, by = m.end, m.face, m.by
        tile = tile_of(m.tile, entry)
        if not 0 <= by < state.players:
            raise ConfigError(entry, f"by must be a seat, not {by!r}",
                              code=NC_("error", "not_a_seat"), value=by)
        if i == 0:
            if end is not None or face is not None:
                raise ConfigError(entry, "the lead tile has no end and no face (DM-4)",
                                  code=NC_("error", "deal_impossible"))
        else:
            if end is None or not 0 <= end < len(layout.ends):
                raise ConfigError(entry, f"end must be one of the ends 0..{len(layout.ends) - 1}",
                                  code=NC_("error", "deal_impossible"))
            e = layout.ends[end]
            if e.covered_by is not None:
                raise ConfigError(entry, f"end {end} is already covered (DM-3)",
                                  code=NC_("error", "deal_impossible"))
            if e.value not in tile:
                raise ConfigError(entry, f"{name(tile)} does not match end {end} "
                                         f"(value {e.value}, DM-3)",
                                  code=NC_("error", "deal_impossible"))
            if tile[0] == tile[1]:
                plain_double = plain_rule and layout.first_double_plain()
                if (face is not None) if plain_double else (face is None):
                    raise ConfigError(entry, "a double after the lead needs face 'open' or "
                                             "'closed' (DM-4; none under first_double=plain)",
                                      code=NC_("error", "deal_impossible"))
            elif face is not None:
                raise ConfigError(entry, "only a double has a face (DM-4)",
                                  code=NC_("error", "deal_impossible"))
        layout.place(tile, end, face, by)
    return layout


def _places(value: list[int | None] | None, dealt: list[list[Tile]],
            players: int) -> list[int | None]:
    """Seats already out (DM-7): a place exactly when the hand is empty."""
    if value is None:
        value = [None] * players
    if len(value) != players:
        raise ConfigError("deal.places", f"needs {players} entries (0 or None: playing)",
                          code=NC_("error", "one_per_seat"), n=players)
    out: list[int | None] = []
    for s, p in enumerate(value):
        p = p or None
        if p is not None and not 1 <= p < players:
            raise ConfigError(f"deal.places[{s}]", f"a place of a seat out is 1..{players - 1}",
                              code=NC_("error", "deal_impossible"))
        if (p is not None) != (not dealt[s]):
            raise ConfigError(f"deal.places[{s}]", "a seat is out (has a place) exactly when "
                                                   "its hand is empty",
                              code=NC_("error", "deal_impossible"))
        out.append(p)
    if sum(p is None for p in out) < 2:
        raise ConfigError("deal.places", "at least two seats must still be playing",
                          code=NC_("error", "deal_impossible"))
    taken = sorted(p for p in out if p is not None)
    if taken != list(range(1, len(taken) + 1)):
        raise ConfigError("deal.places", "the seats out hold places 1, 2, ... in order",
                          code=NC_("error", "deal_impossible"))
    return out


def _past_games(past: list[PastGame], players: int) -> list[dict]:
    """Earlier games of the match as full records (DM-R5)."""
    records = []
    for i, game in enumerate(past):
        entry = f"deal.past_games[{i}]"
        places = game.places
        if len(places) != players or not all(1 <= p <= players for p in places):
            raise ConfigError(entry, f"places must list {players} places 1..{players}",
                              code=NC_("error", "deal_impossible"))
        metro = game.metro
        if metro is not None and (not 0 <= metro < players or places[metro] != max(places)):
            raise ConfigError(entry, "the Metro maker takes the last place (DM-R2)",
                              code=NC_("error", "deal_impossible"))
        lost = match.losers(places)
        records.append({
            "game": i + 1, "lead": game.lead,
            "end": game.end or (match.METRO if metro is not None else match.OUT),
            "places": list(places), "losers": lost,
            "moles": list(lost if game.moles is None else game.moles),
            "metro": metro, "metro_cancelled_by": game.metro_cancelled_by,
            "domino_metro": game.domino_metro, "pips": [0] * players,
            "hands_left": [[] for _ in range(players)], "last_seat": lost[0],
            "placements": 0, "bazaar_left": 0, "turns": 0, "draws": 0, "passes": 0,
            "changes": 0,
        })
    return records
