"""The «Домино-Метро» board (DM-1..DM-11, DM-R1..DM-R7): the branching layout as SVG with
live ends (a tile could still match, DM-R1), dead ends (value used up, DM-5) and open or
closed doubles (DM-4) drawn as such; the seat's tiles with their placements; draw and
pass (DM-6), with why nothing else is offered; the change (DM-9): keep the tile just
placed or take it back; at a game's end every hand shown, and why each seat placed where
it did (DM-7, DM-8, DM-10, DM-11, DM-R6, DM-R7).

People name an end by its value («к концу 5»), not by the engine's end id (the layout's
order, with gaps as tiles cover ends): the live ends are numbered 1..k by id
(:func:`end_numbers`), the board shows each number beside its end, and a placement names
the number only where two live ends share a value. The page (widgets/domino_metro.js,
``dmEndNumbers``) numbers them the same way from the layout it shows."""

from __future__ import annotations

from typing import Any, ClassVar, cast

import traitlets as tr

from kit.domino_metro import legal, match
from kit.domino_metro.layout import Layout
from kit.domino_metro.state import DominoMetroState
from kit.i18n import N_, NP_
from widgets.base import Board, loader


def tile_name(tile: list[int]) -> str:
    return ":".join(str(v) for v in tile)


def end_numbers(layout: Layout) -> dict[int, int]:
    """DM-3, DM-R1: each live end's number as people see it, 1..k in the order of the
    ends' ids (end id -> number)."""
    return {e.id: n for n, e in enumerate(layout.live_ends(), 1)}


class DominoMetroBoard(Board):
    """``DominoMetroBoard(players=3, seed=1, options={"games": 3})``"""

    GAME = "domino_metro"
    _esm = loader("domino_metro")
    #: DM-6, DM-R2: why the seat to act has only a draw, a pass or placements that close
    #: the last end ("" otherwise)
    why = tr.Unicode("").tag(sync=True)
    #: DM-7..DM-11, DM-R6, DM-R7: the game just over, explained (:meth:`ending_of`; {}
    #: while a game goes on)
    ending = tr.Dict().tag(sync=True)
    WORDS: ClassVar[dict[str, str]] = {
        "dm_open_double": N_("open double"), "dm_closed_double": N_("closed double"),
        "dm_placed_by": N_("placed by seat {n}"),
        "dm_end_live": N_("open end {n}: {value} (a tile can still match it)"),
        "dm_end_dead": N_("dead end: {value} (no tile is left to match it)"),
        "dm_no_tile": N_("No tile yet: the first move leads."),
        "dm_layout_label": N_("layout of {n} tiles; live ends {values}"),
        "dm_lead": N_("Lead"), "dm_open": N_("open"), "dm_closed": N_("closed"),
        "dm_on": N_("on {value}"), "dm_on_n": N_("on {value} (#{n})"),
        "dm_game_of": N_("Game {n} of {of}"), "dm_bazaar": N_("Bazaar {n}"),
        "dm_live_values": N_("Open ends: {values}"), "dm_made_metro": N_("{who} made Metro"),
        "dm_live_end": N_("live end"), "dm_dead_end": N_("dead end"),
        "dm_keep": N_("Keep it (end the turn)"), "dm_take_back": N_("Change: take it back"),
        "dm_draw": N_("Draw from the bazaar"), "dm_pass": N_("Pass"),
        "dm_next_game": N_("Deal the next game"), "dm_pending_metro": N_("This tile makes Metro."),
        "dm_pending": N_("Tile placed:"), "dm_places": N_("Places"), "dm_metros": N_("Metros"),
        "dm_moles": N_("Moles"), "dm_penalty": N_("Penalty points"), "dm_place": N_("place {n}"),
        "dm_shown": N_("taken back, seen by all:"),
        "dm_result": N_("The match is over: fewest penalty points win."),
        # (the result table under the board: the fewest penalty points win, DM-10)
        "score": N_("Penalty points"),
    }
    PLURALS: ClassVar[dict[str, tuple[str, str]]] = {"dm_tiles": NP_("{n} tile", "{n} tiles")}
    #: how a game ended (kit.domino_metro.match), as the log says it
    ENDS: ClassVar[dict[str, str]] = {"out": N_("everyone but one went out"), "metro": N_("Metro"),
            "domino_metro": N_("domino-Metro"), "blocked": N_("blocked: nobody can move")}

    @property
    def dm(self) -> DominoMetroState:
        return cast(DominoMetroState, self.state)

    def event_text(self, ev: dict) -> str | None:
        t, who, kind = self.t, self.who(ev.get("seat")), ev["type"]
        if kind == "place":
            tile = self._tile_face(ev["tile"], ev.get("face"))
            # (by value: the end's number is gone from the board once a tile covers it)
            line = (t("led {tile}", tile=tile) if ev.get("end") is None
                    else t("placed {tile} on a {value} end", tile=tile, value=ev["value"]))
            if ev.get("died_values"):
                line += "; " + t("dead ends: {ends}",
                                 ends=", ".join(str(v) for v in ev["died_values"]))
            return who + line
        if kind == "take_back":
            return who + t("changed: took back {tile}", tile=tile_name(ev["tile"]))
        if kind == "end_turn":  # (DM-9: a bot never changes its tile, so only a person's)
            seat = ev.get("seat")
            bot = isinstance(seat, int) and self.table.kinds[seat] != "human"
            return None if bot else who + t("keeps it")
        if kind == "draw":
            return who + t.plural("drew from the bazaar ({n} tile left)",
                                  "drew from the bazaar ({n} tiles left)", ev["bazaar"])
        if kind == "drawn":
            return who + t("drew {tile}", tile=tile_name(ev["tile"]))
        if kind == "pass":
            return who + t("passed")
        if kind == "out":
            return who + t("is out: place {n}", n=ev["place"])
        if kind in ("metro", "domino_metro"):
            return self._metro_text(ev)
        if kind == "game_over":
            how = ev.get("end")
            return t("game {n} over: {how}", n=ev["game"],
                     how=t(self.ENDS[how]) if how in self.ENDS else how)
        if kind == "deal":
            return t("game {n} dealt", n=ev["game"])
        return super().event_text(ev)

    def _tile_face(self, tile: list[int], face: str | None) -> str:
        """A tile's name, with its face when a double goes face up or down (DM-4)."""
        words = {"open": N_("open double"), "closed": N_("closed double")}
        return f"{tile_name(tile)} ({self.t(words[face])})" if face in words else tile_name(tile)

    def _metro_text(self, ev: dict) -> str:
        """DM-8, DM-R6: who made Metro (or domino-Metro), and why, when a face-up double
        by another player closed the last end."""
        t, seat, closer = self.t, ev["seat"], ev.get("closed_by", ev["seat"])
        if ev["type"] == "domino_metro":
            if closer == seat:
                return self.who(seat) + t("made domino-Metro with the last tile: first place")
            return t("domino-Metro: {closer} closed the last end with a face-up double; the "
                     "last other tile was {maker}'s, who has none left: first place (DM-R6)",
                     closer=self.name(closer), maker=self.name(seat))
        if closer == seat:
            return self.who(seat) + t("made Metro: last place")
        return t("Metro: {closer} closed the last end with a face-up double, which makes no "
                 "Metro; {maker} made it, the last to place another tile: last place (DM-R6)",
                 closer=self.name(closer), maker=self.name(seat))

    def action_text(self, action: dict) -> str:
        t, kind = self.t, action.get("type")
        if kind == "place":
            return self._place_text(action)
        words = {"take_back": N_("Change: take it back"), "end_turn": N_("Keep it (end the turn)"),
                 "draw": N_("Draw from the bazaar"), "pass": N_("Pass"),
                 "next_game": N_("Deal the next game")}
        return t(words[kind]) if kind in words else super().action_text(action)

    def _place_text(self, action: dict) -> str:
        """DM-3, DM-4: a placement names its end by value, and by its number (as the board
        shows it) only where another live end has the same value."""
        t, tile = self.t, self._tile_face(action["tile"], action.get("face"))
        end = action.get("end")
        layout = self.dm.layout
        if end is None:
            return t("Lead with {tile}", tile=tile)
        if not isinstance(end, int) or not 0 <= end < len(layout.ends):
            return t("Place {tile}", tile=tile)
        value = layout.ends[end].value
        numbers = end_numbers(layout)
        shared = sum(layout.ends[e].value == value for e in numbers) > 1
        if end in numbers and shared:
            return t("Place {tile} on the {value} end #{n}", tile=tile, value=value,
                     n=numbers[end])
        return t("Place {tile} on the {value} end", tile=tile, value=value)

    # -- what only this board's page gets ------------------------------------------------

    def _values(self) -> dict[str, Any]:
        values = super()._values()
        view = values["view"]
        values["why"] = self._why(view) if values["legal"] else ""
        values["ending"] = self.ending_of(view)
        return values

    def _why(self, view: dict) -> str:
        """DM-6, DM-8, DM-R2: the engine's reason the moves offered are only a draw, only a
        pass, or only placements that close the last open end (``view["only"]``), in words;
        "" when a choice of tiles is offered."""
        t, only = self.t, view.get("only")
        values = ", ".join(str(v) for v in view["layout"]["live_values"])
        if only == legal.ONLY_PASS:
            return t("No tile in hand fits an open end ({values}) and the bazaar is empty: "
                     "pass (DM-6).", values=values)
        if only == legal.DRAW_BEFORE_METRO:
            return t("Every tile that fits would close the last open end (Metro): draw "
                     "from the bazaar first (DM-R2).")
        if only == legal.ONLY_DRAW:
            return t("No tile in hand fits an open end ({values}): draw from the bazaar "
                     "until one fits (DM-6).", values=values)
        if only == legal.ONLY_METRO:
            return t("Every tile that fits closes the last open end and there is no other "
                     "move: place one, and the game ends (Metro, DM-8, DM-R2).")
        return ""

    def ending_of(self, view: dict) -> dict[str, Any]:
        """DM-7..DM-11, DM-R6, DM-R7: the game just over, as the engine sums it up
        (``view["last_game"]``), in words ({} while one goes on): every hand left and its
        pips, and why each seat placed where it did, best first."""
        game = view.get("last_game")
        if not game:
            return {}
        t, how = self.t, game["end"]
        rows = [{"seat": r["seat"], "place": r["place"],
                 "why": self._placed_why(r, game["closed_by"]), "hand": r["hand"],
                 "pips": t.plural("{n} pip", "{n} pips", r["pips"]) if r["hand"] else "",
                 "points": r["points"]} for r in game["rows"]]
        return {
            "title": t("Game {n}: {how}", n=game["game"],
                       how=t(self.ENDS[how]) if how in self.ENDS else how),
            "head": [t("Place"), t("Seat"), t("Why"), t("Tiles left"), t("Penalty points")],
            "rows": rows,
            "note": t("Penalty points (DM-10): the loser gets {loss}, a Metro maker {metro}; "
                      "over a match, fewest points win.", loss=game["loss"],
                      metro=game["metro"]),
        }

    def _placed_why(self, row: dict, closer: int) -> str:
        """Why a seat took its place (the engine's ``reason``, DM-7, DM-8, DM-10, DM-11,
        DM-R6, DM-R7), in words."""
        t, reason = self.t, row["reason"]
        if reason == match.MADE_DOMINO_METRO:
            why = t("closed the last end with the last tile: domino-Metro (DM-8)")
        elif reason == match.DOMINO_METRO_BY_DOUBLE:
            why = t("domino-Metro: {closer} closed the last end with a face-up double, and the "
                    "last other tile was this player's last (DM-R6)", closer=self.name(closer))
        elif reason == match.MADE_METRO:
            why = t("made Metro: closed the last open end (DM-8)")
        elif reason == match.METRO_BY_DOUBLE:
            why = t("made Metro: {closer} closed the last end with a face-up double, and the "
                    "last other tile was this player's (DM-R6)", closer=self.name(closer))
        elif reason == match.WENT_OUT:
            why = t("placed every tile: places go in the order of going out (DM-7)")
        elif reason == match.LAST_HOLDING:
            why = t("the only one left holding tiles (DM-7)")
        else:
            why = t("still holding tiles: ranked by pips, fewest first (DM-11, DM-R7)")
        if row["mole"]:
            why += "; " + t("Mole: lost holding tiles (DM-10)")
        return why
