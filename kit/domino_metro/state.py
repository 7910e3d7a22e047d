"""The rules of «Домино-Метро» (DM-1..DM-11, DM-R1..DM-R7) as a :class:`kit.GameState`.

The state is a whole match of ``games`` games (DM-R5). Seats play in order 0, 1, 2, ...
("по очереди"); a seat that went out is skipped. One seat decides at a time:

- ``lead``: the first tile of a game (DM-2, DM-R3);
- ``play``: place a tile, or draw one tile from the bazaar (one action per tile drawn),
  or pass when nothing fits and the bazaar is empty (DM-6);
- ``placed`` (DM-9, the change): right after a placement the placer keeps the decision:
  ``end_turn`` keeps the tile and hands the turn on (the window closes, as when "the
  next player places a tile or starts drawing"); ``take_back`` returns the tile to the
  hand, shown to all, and the placer then places another tile, after which the turn
  passes at once (once a turn). The window is skipped - the turn passes at once - when
  no change is possible: the change was used, no other tile could be placed, or the
  option ``change`` is off. A game-ending placement (going out, closing the last end)
  takes effect when the turn ends. (Rulebook clause 6 names "a Metro by mistake" as the
  use of the change; the engine refuses an unforced closing placement outright, DM-8,
  DM-R2, so that can't occur.)
  With one seat deciding at a time, the placer's ``end_turn`` stands for the moment the
  next player acts;
- ``between``: a game of a match is over; the loser shuffles and deals (``next_game``).

The ``deal`` option lays out a prepared situation instead of the seeded deal
(:mod:`kit.domino_metro.deal`).

See :mod:`kit.domino_metro.legal` for closing the last end and who made Metro (DM-R2,
DM-R6; the state keeps ``up_run``, the seats of the turns just ended with a face-up
double, shown in views as ``up_doubles``) and :mod:`kit.domino_metro.match` for places
(DM-R7) and the match table.
"""

from __future__ import annotations

import random
from typing import Any

from kit.contract import ALL, Action, GameState, event
from kit.domino_metro import deal, legal, match
from kit.domino_metro.actions import Draw, EndTurn, NextGame, Pass, Place, TakeBack
from kit.domino_metro.layout import OPEN, Layout
from kit.domino_metro.legal import BETWEEN, LEAD, OVER, PLACED, PLAY, Position
from kit.domino_metro.scoring import Scoring, load_scoring, pips
from kit.domino_metro.tileset import Tile, TileSet, check_deal, load_set
from kit.errors import NC_, ConfigError


def first_lead(hands: list[list[Tile]]) -> tuple[int, Tile] | None:
    """DM-2, DM-R3: the holder of the lowest double from 1:1 up, else of 0:0; None when
    no hand holds a double (then the deal is redone)."""
    best: tuple[int, int] | None = None
    for seat, hand in enumerate(hands):
        for a, b in hand:
            if a == b:
                rank = a if a >= 1 else 10**6  # 0:0 only when there is no other double
                if best is None or rank < best[0]:
                    best = (rank, seat)
    if best is None:
        return None
    rank, seat = best
    value = 0 if rank == 10**6 else rank
    return seat, (value, value)


class DominoMetroState(GameState):
    """A match of «Домино-Метро». Options: see :mod:`kit.domino_metro` (SPEC.options)."""

    tileset: TileSet
    scoring: Scoring
    hands: list[list[Tile]]
    bazaar: list[Tile]  # drawn from the end
    places: list[int | None]

    # -- setup ----------------------------------------------------------------------------

    def _setup(self) -> None:
        self._bind()
        self.records: list[dict] = []
        self.game_no = 0
        if self.options["deal"] is None:
            self._start_game(None)
        else:  # a prepared situation (kit.domino_metro.deal)
            self.options["deal"] = deal.plain(self.options["deal"])
            self._adopt(deal.scripted(self, self.options["deal"]))

    def _adopt(self, laid: deal.Scripted) -> None:
        """Start from a prepared situation (kit.domino_metro.deal)."""
        self.hands = laid.hands
        self.bazaar = laid.bazaar
        self.records = laid.records
        self.game_no = len(laid.records) + 1
        if laid.layout is None:
            assert laid.to_act is not None  # deal.scripted names the leader
            self._new_game_fields(laid.to_act, laid.must)
        else:
            self._new_game_fields(laid.layout.tiles[0].by, None)
            self.layout = laid.layout
            self.phase = PLAY
        self.places = laid.places
        if laid.layout is not None:
            self.turn = (self._next_active(laid.layout.tiles[-1].by) if laid.to_act is None
                         else laid.to_act)

    def _bind(self) -> None:
        """Load and check the data files the options name (DM-1, DM-R4)."""
        path = self.options["set_file"]
        self.tileset = load_set(path)
        check_deal(self.tileset, self.players, path)
        self.scoring = load_scoring(self.options["scoring_file"])
        rule = self.options["zero_double"]
        if rule not in self.scoring.zero_double:
            raise ConfigError("zero_double", f"{rule!r} is not a rule of "
                                             f"{self.options['scoring_file']}; choose one of "
                                             f"{sorted(self.scoring.zero_double)}",
                              code=NC_("error", "option_choice"),
                              value=rule, choices=", ".join(sorted(self.scoring.zero_double)))
        self._zero = self.scoring.zero_double[rule]
        self._legal: list[Action] | None = None

    def _start_game(self, lead: int | None) -> list[dict]:
        """Shuffle, deal ``hand_size`` tiles each, the rest is the bazaar (DM-1). The first
        game is led by the lowest double (DM-2, DM-R3, redealt when no hand has a double);
        a later one by ``lead``, the loser, with any tile."""
        self.game_no += 1
        size = self.tileset.hand_size
        must: Tile | None = None
        while True:
            deck = self.tileset.tiles()
            self.rng.shuffle(deck)
            hands = [deck[i * size:(i + 1) * size] for i in range(self.players)]
            if lead is not None:
                break
            found = first_lead(hands)
            if found is not None:
                lead, must = found
                break
        self.hands = hands
        self.bazaar = deck[self.players * size:]
        self._new_game_fields(lead, must if self.options["lead_double"] else None)
        events = [event("deal", ALL, game=self.game_no, lead=lead, bazaar=len(self.bazaar),
                        tiles=[len(h) for h in hands],
                        must_lead=list(self.must_lead) if self.must_lead else None)]
        events += [event("hand", [s], seat=s, tiles=[list(t) for t in sorted(h)])
                   for s, h in enumerate(hands)]
        return events

    def _new_game_fields(self, lead: int, must_lead: Tile | None) -> None:
        self.layout = Layout(self.tileset.values)
        self.lead = lead
        self.turn = lead
        self.must_lead = must_lead
        self.phase = LEAD
        self.barred: Tile | None = None
        self.pending_metro = False
        self.shown: list[set[Tile]] = [set() for _ in range(self.players)]
        self.places = [None] * self.players
        self.metro_seat: int | None = None
        self.domino_metro_seat: int | None = None
        #: DM-R6: seats of the turns just ended that each placed a face-up double
        self.up_run: list[int] = []
        self.counts = {"turns": 0, "draws": 0, "passes": 0, "changes": 0}
        self._legal = None
        self._rows: list[dict] | None = None

    # -- whose turn, what is legal ---------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        return None if self.phase == OVER else self.turn

    def position(self) -> Position:
        """What the seat to act knows, for :mod:`kit.domino_metro.legal`."""
        return Position(self.phase, self.hands[self.turn], self.layout, len(self.bazaar),
                        self.tileset.max_pip,
                        self.must_lead if self.phase == LEAD else None, self.barred,
                        self.options["metro_forced"], self.options["first_double"])

    def legal_actions(self) -> list[Action]:
        if self.phase == OVER:
            return []
        if self._legal is None:
            self._legal = legal.listing(self.position())
        return list(self._legal)

    def _check(self, action: Action) -> None:
        if self._legal is None:
            self._legal = legal.listing(self.position())
        legal.check(self.position(), action, self._legal)

    # -- doing ------------------------------------------------------------------------------

    def _do(self, action: Action) -> list[dict]:
        seat = self.turn
        before = self._legal if self._legal is not None else legal.listing(self.position())
        self._legal = None
        if isinstance(action, Place):
            return self._place(seat, action, before)
        if isinstance(action, EndTurn):
            return [event("end_turn", ALL, seat=seat),
                    *self._finish_turn(seat, self.pending_metro)]
        if isinstance(action, TakeBack):
            return self._take_back(seat)
        if isinstance(action, Draw):
            return self._draw(seat)
        if isinstance(action, Pass):
            return self._pass(seat)
        assert isinstance(action, NextGame)
        return self._start_game(seat)

    def _place(self, seat: int, action: Place, before: list[Action]) -> list[dict]:
        """DM-3, DM-4: the tile goes on its end; ends whose value is used up die (DM-5)."""
        tile: Tile = (action.tile[0], action.tile[1])
        metro = legal.closes(self.position(), action)
        live_before = [e.id for e in self.layout.live_ends()]
        self.hands[seat].remove(tile)
        self.shown[seat].discard(tile)
        placed = self.layout.place(tile, action.end, action.face, seat)
        layout = self.layout
        new_ends = [{"id": e.id, "side": e.side, "value": e.value, "state": layout.end_state(e)}
                    for e in layout.ends if e.tile == placed.id]
        died = [i for i in live_before if i != action.end and layout.end_state(
            layout.ends[i]) == "dead"]
        covered = layout.ends[action.end] if action.end is not None else None
        # (the values as well as the ids: a log names an end by its value, as players do)
        events = [event("place", ALL, seat=seat, id=placed.id, tile=list(tile), end=action.end,
                        value=covered.value if covered else None,
                        parent=covered.tile if covered else None, face=action.face,
                        new_ends=new_ends, died=died,
                        died_values=[layout.ends[i].value for i in died],
                        metro=metro, tiles_left=len(self.hands[seat]))]
        can_change = (self.options["change"] and self.barred is None and any(
            isinstance(a, Place) and a.tile != tile for a in before))
        if can_change:
            self.phase = PLACED
            self.pending_metro = metro
            return events
        return events + self._finish_turn(seat, metro)

    def _take_back(self, seat: int) -> list[dict]:
        """DM-9: the tile just placed returns to the hand, seen by all; place another."""
        placed = self.layout.undo()
        self.hands[seat].append(placed.tile)
        self.shown[seat].add(placed.tile)
        self.barred = placed.tile
        self.pending_metro = False
        self.phase = LEAD if self.layout.empty() else PLAY
        self.counts["changes"] += 1
        return [event("take_back", ALL, seat=seat, id=placed.id, tile=list(placed.tile))]

    def _draw(self, seat: int) -> list[dict]:
        """DM-6: one tile from the bazaar; the drawer keeps it."""
        tile = self.bazaar.pop()
        self.hands[seat].append(tile)
        self.counts["draws"] += 1
        return [event("draw", ALL, seat=seat, bazaar=len(self.bazaar)),
                event("drawn", [seat], seat=seat, tile=list(tile))]

    def _pass(self, seat: int) -> list[dict]:
        """DM-6: nothing fits, the bazaar is empty: the next player's turn. A pass breaks a
        cycle of face-up doubles (DM-R6)."""
        self.counts["turns"] += 1
        self.up_run = []
        self.counts["passes"] += 1
        self.turn = self._next_active(seat)
        return [event("pass", ALL, seat=seat)]

    def _next_active(self, seat: int) -> int:
        for k in range(1, self.players + 1):
            s = (seat + k) % self.players
            if self.places[s] is None:
                return s
        raise AssertionError("no seat left to play")

    def _finish_turn(self, seat: int, closing: bool) -> list[dict]:
        """The placement stands: going out (DM-7), the last end closed (DM-8, DM-R2, DM-R6:
        Metro, domino-Metro, or pips when nobody made Metro), or the next active seat's
        turn."""
        self.counts["turns"] += 1
        self.barred = None
        self.pending_metro = False
        in_game = sum(p is None for p in self.places)
        if self.layout.tiles[-1].face == OPEN:
            self.up_run.append(seat)
        else:
            self.up_run = []
        events: list[dict] = []
        out = not self.hands[seat]
        if closing:
            maker = legal.metro_maker(self.layout, self.up_run, in_game,
                                      self.options["metro_maker"])
            if maker is not None:
                return self._metro(seat, maker, out)
        if out:
            events.append(self._out(seat))
        if not self.layout.any_live():
            return events + self._end_game(seat, match.BLOCKED)
        if sum(p is None for p in self.places) <= 1:
            return events + self._end_game(seat, match.OUT)
        self.turn = self._next_active(seat)
        self.phase = PLAY
        return events

    def _out(self, seat: int) -> dict:
        """DM-7: the best place still free."""
        self.places[seat] = min(p for p in range(1, self.players + 1) if p not in self.places)
        return event("out", ALL, seat=seat, place=self.places[seat])

    def _metro(self, seat: int, maker: int, out: bool) -> list[dict]:
        """DM-8, DM-R2, DM-R6: ``seat`` closed the last end and ``maker`` made Metro: last
        place, or domino-Metro (1st place still free, earlier Metros cancelled) when the
        maker has no tile left (3 players, or option ``domino_metro_two``)."""
        events = [self._out(seat)] if out and maker != seat else []
        free = [p for p in range(1, self.players + 1) if p not in self.places]
        if not self.hands[maker] and (self.players >= 3 or self.options["domino_metro_two"]):
            self.domino_metro_seat = maker
            if self.places[maker] is None:
                self.places[maker] = free[0]
            cancelled = []
            for r in self.records:
                if r["metro"] == maker and r["metro_cancelled_by"] is None:
                    r["metro_cancelled_by"] = self.game_no
                    cancelled.append(r["game"])
            events.append(event("domino_metro", ALL, seat=maker, place=self.places[maker],
                                closed_by=seat, cancelled=cancelled))
            return events + self._end_game(seat, match.DOMINO_METRO)
        self.metro_seat = maker
        self.places[maker] = free[-1]
        events.append(event("metro", ALL, seat=maker, place=free[-1], closed_by=seat))
        return events + self._end_game(seat, match.METRO)

    def _end_game(self, last_seat: int, how: str) -> list[dict]:
        """Count the rest (DM-11, DM-R4), name the loser and moles (DM-10), record the game
        (DM-R5); deal on in a match (the loser deals and leads, DM-2)."""
        left = [pips(h, self._zero) for h in self.hands]
        remaining = [s for s in range(self.players) if self.places[s] is None]
        match.rank_by_pips(remaining, left, self.places, self.players,
                           self.options["tied_pips"])
        lost = match.losers(self.places)
        record = {
            "game": self.game_no, "lead": self.lead, "end": how,
            "places": list(self.places), "losers": lost,
            "moles": [s for s in lost if self.hands[s]],
            "metro": self.metro_seat, "metro_cancelled_by": None,
            "domino_metro": self.domino_metro_seat,
            "pips": left, "hands_left": [[list(t) for t in sorted(h)] for h in self.hands],
            "last_seat": last_seat, "placements": len(self.layout.tiles),
            "bazaar_left": len(self.bazaar), **self.counts,
        }
        self.records.append(record)
        self._rows = None
        self.shown = [set() for _ in range(self.players)]
        if self.game_no < self.options["games"]:
            self.phase = BETWEEN
            self.turn = match.next_lead(record, self.players)
        else:
            self.phase = OVER
        return [event("game_over", ALL, **_copy_record(record),
                      next_lead=self.turn if self.phase == BETWEEN else None)]

    # -- what a seat sees ------------------------------------------------------------------

    def view(self, seat: int | None) -> dict:
        """Own tiles; the others' tile counts and tiles they took back (seen by all); the
        layout with every end (value; live, dead or covered) and its geometry; the bazaar
        size; places, Metros and the match table (DM-R5); for the seat to act, why it has
        one kind of move only (``only``, :func:`kit.domino_metro.legal.only_move`); between
        games and at the end, the game just over (``last_game``,
        :func:`kit.domino_metro.match.game_summary`). Enough for the seat's legal actions
        (:func:`kit.domino_metro.legal.legal_from_view`)."""
        return {
            "game": "domino_metro", "players": self.players, "seat": seat,
            "to_act": self.to_act, "phase": self.phase,
            "game_no": self.game_no, "games": self.options["games"],
            "max_pip": self.tileset.max_pip,
            "hand": None if seat is None else [list(t) for t in sorted(self.hands[seat])],
            "seats": [{"seat": s, "tiles": len(self.hands[s]),
                       "shown": [list(t) for t in sorted(self.shown[s])],
                       "place": self.places[s]} for s in range(self.players)],
            "bazaar": len(self.bazaar),
            "layout": self.layout.to_json(),
            "lead": self.lead,
            "must_lead": list(self.must_lead) if (self.phase == LEAD and self.must_lead)
            else None,
            "barred": list(self.barred) if self.barred else None,
            "pending": ({"seat": self.turn, "tile": self.layout.tiles[-1].id,
                         "metro": self.pending_metro} if self.phase == PLACED else None),
            "metro": self.metro_seat, "domino_metro": self.domino_metro_seat,
            "up_doubles": list(self.up_run),
            "rules": {k: self.options[k] for k in (
                "metro_forced", "first_double", "change", "lead_double", "domino_metro_two",
                "zero_double", "metro_double", "metro_maker", "tied_pips")},
            "records": [_copy_record(r) for r in self.records],
            "table": self.table(),
            "only": (legal.only_move(self.position(), self.legal_actions())
                     if seat is not None and seat == self.to_act else None),
            "last_game": (match.game_summary(self.records[-1], self.scoring,
                                             self.options["metro_double"])
                          if self.phase in (BETWEEN, OVER) and self.records else None),
        }

    def table(self) -> list[dict]:
        """DM-R5: the match table (:func:`kit.domino_metro.match.table`), a fresh copy."""
        if self._rows is None:
            self._rows = match.table(self.records, self.players, self.scoring,
                                     self.options["metro_double"])
        return [_copy_record(r) for r in self._rows]

    def result(self) -> dict:
        """DM-R5: the match table, each game's record, match places and winners.
        ``scores`` are minus the penalty points (higher is better, 0 is best)."""
        rows = self.table()
        places = [r["place"] for r in rows]
        return {"game": "domino_metro", "over": self.phase == OVER,
                "games": self.options["games"], "games_played": len(self.records),
                "places": places, "winners": [s for s, p in enumerate(places) if p == 1],
                "scores": [-r["penalty"] for r in rows],
                "penalty": [r["penalty"] for r in rows], "table": rows,
                "records": [_copy_record(r) for r in self.records]}

    # -- hidden information -------------------------------------------------------------------

    def determinize(self, seat: int | None, rng: random.Random) -> DominoMetroState:
        """Redeal what ``seat`` can't see: the others' hands (but the tiles they took back,
        seen by all) and the bazaar; between games the hands are open, only the bazaar is
        hidden. Before the first lead, the announced lowest double stays with the lead and
        lower doubles stay in the bazaar. Inferences from draws and passes (a seat that drew
        held nothing that fitted) are not kept."""
        other = self.clone()
        hidden = ([] if self.phase in (BETWEEN, OVER)
                  else [s for s in range(self.players) if s != seat])
        pinned: list[set[Tile]] = [set(self.shown[s]) for s in range(self.players)]
        bazaar_pinned: set[Tile] = set()
        if self.phase == LEAD and self.must_lead is not None:
            pinned[self.lead].add(self.must_lead)
            low = self.must_lead[0]
            bazaar_pinned = {t for t in self.bazaar if t[0] == t[1] and (
                0 < t[0] < low or (low == 0 and t[0] > 0))}
        pool = [t for t in self.bazaar if t not in bazaar_pinned]
        for s in hidden:
            pool += [t for t in self.hands[s] if t not in pinned[s]]
        rng.shuffle(pool)
        for s in hidden:
            keep = [t for t in self.hands[s] if t in pinned[s]]
            need = len(self.hands[s]) - len(keep)
            other.hands[s] = keep + pool[:need]
            del pool[:need]
        other.bazaar = pool + sorted(bazaar_pinned)
        rng.shuffle(other.bazaar)
        other.rng = random.Random(rng.random())
        other._legal = None
        return other

    def clone(self) -> DominoMetroState:
        other = DominoMetroState.__new__(DominoMetroState)
        other.__dict__.update(self.__dict__)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.history = [dict(a) for a in self.history]
        other.hands = [list(h) for h in self.hands]
        other.bazaar = list(self.bazaar)
        other.layout = self.layout.copy()
        other.shown = [set(s) for s in self.shown]
        other.places = list(self.places)
        other.up_run = list(self.up_run)
        other.counts = dict(self.counts)
        other.records = [_copy_record(r) for r in self.records]
        other._legal = None
        return other

    def snapshot(self) -> dict:
        snap = self._base_snapshot()
        snap.update(
            hands=[[list(t) for t in h] for h in self.hands],
            bazaar=[list(t) for t in self.bazaar], layout=self.layout.moves_json(),
            phase=self.phase, turn=self.turn, lead=self.lead,
            must_lead=list(self.must_lead) if self.must_lead else None,
            barred=list(self.barred) if self.barred else None,
            pending_metro=self.pending_metro,
            shown=[[list(t) for t in sorted(s)] for s in self.shown],
            places=list(self.places), game_no=self.game_no,
            metro_seat=self.metro_seat, domino_metro_seat=self.domino_metro_seat,
            up_run=list(self.up_run), counts=dict(self.counts),
            records=[_copy_record(r) for r in self.records])
        return snap

    def _restore(self, snap: dict) -> None:
        self._bind()
        self.hands = [[(t[0], t[1]) for t in h] for h in snap["hands"]]
        self.bazaar = [(t[0], t[1]) for t in snap["bazaar"]]
        self.layout = Layout.from_moves(self.tileset.values, snap["layout"])
        self.phase = snap["phase"]
        self.turn = snap["turn"]
        self.lead = snap["lead"]
        self.must_lead = _tile_or_none(snap["must_lead"])
        self.barred = _tile_or_none(snap["barred"])
        self.pending_metro = snap["pending_metro"]
        self.shown = [{(t[0], t[1]) for t in s} for s in snap["shown"]]
        self.places = list(snap["places"])
        self.game_no = snap["game_no"]
        self.metro_seat = snap["metro_seat"]
        self.domino_metro_seat = snap["domino_metro_seat"]
        self.up_run = list(snap.get("up_run", ()))
        self.counts = dict(snap["counts"])
        self.records = [_copy_record(r) for r in snap["records"]]
        self._rows = None

    def zones(self) -> dict[str, list]:
        out: dict[str, list] = {f"hand {s}": [list(t) for t in h]
                                for s, h in enumerate(self.hands)}
        out["bazaar"] = [list(t) for t in self.bazaar]
        out["layout"] = [list(p.tile) for p in self.layout.tiles]
        return out


def _tile_or_none(value: Any) -> Tile | None:
    return None if value is None else (value[0], value[1])


def _copy_record(record: dict) -> dict:
    """A copy of a game record that shares no list with it."""
    return {k: _copy_list(v) if isinstance(v, list) else v for k, v in record.items()}


def _copy_list(values: list) -> list:
    return [_copy_list(v) if isinstance(v, list) else v for v in values]
