"""The «Домино-Метро» board (DM-1..DM-11, DM-R1..DM-R5): the branching layout as SVG with
live ends (a tile could still match, DM-R1), dead ends (value used up, DM-5) and open or
closed doubles (DM-4) drawn as such; the seat's tiles with their placements; draw and
pass (DM-6); the change (DM-9): keep the tile just placed or take it back."""

from __future__ import annotations

from typing import ClassVar

from kit.i18n import N_, NP_
from widgets.base import Board, loader


def tile_name(tile: list[int]) -> str:
    return ":".join(str(v) for v in tile)


class DominoMetroBoard(Board):
    """``DominoMetroBoard(players=3, seed=1, options={"games": 3})``"""

    GAME = "domino_metro"
    _esm = loader("domino_metro")
    WORDS: ClassVar[dict[str, str]] = {
        "dm_open_double": N_("open double"), "dm_closed_double": N_("closed double"),
        "dm_placed_by": N_("placed by seat {n}"),
        "dm_end_live": N_("end #{id}: {value}, live (a tile can still match it)"),
        "dm_end_dead": N_("end #{id}: {value}, dead (no tile left to match it)"),
        "dm_no_tile": N_("No tile yet: the first move leads."),
        "dm_layout_label": N_("layout of {n} tiles; live ends {values}"),
        "dm_lead": N_("Lead"), "dm_open": N_("open"), "dm_closed": N_("closed"),
        "dm_game_of": N_("Game {n} of {of}"), "dm_bazaar": N_("Bazaar {n}"),
        "dm_live_values": N_("Open ends: {values}"), "dm_made_metro": N_("{who} made Metro"),
        "dm_live_end": N_("live end"), "dm_dead_end": N_("dead end"),
        "dm_keep": N_("Keep it (end the turn)"), "dm_take_back": N_("Change: take it back"),
        "dm_draw": N_("Draw from the bazaar"), "dm_pass": N_("Pass"),
        "dm_next_game": N_("Deal the next game"), "dm_pending_metro": N_("This tile makes Metro."),
        "dm_pending": N_("Tile placed:"), "dm_places": N_("Places"), "dm_metros": N_("Metros"),
        "dm_moles": N_("Moles"), "dm_penalty": N_("Penalty"), "dm_place": N_("place {n}"),
        "dm_shown": N_("taken back, seen by all:"),
        "dm_result": N_("Places per game; the last place loses."),
    }
    PLURALS: ClassVar[dict[str, tuple[str, str]]] = {"dm_tiles": NP_("{n} tile", "{n} tiles")}
    #: how a game ended (kit.domino_metro.match), as the log says it
    ENDS: ClassVar[dict[str, str]] = {"out": N_("everyone but one went out"), "metro": N_("Metro"),
            "domino_metro": N_("domino-Metro"), "blocked": N_("blocked: nobody can move")}

    def event_text(self, ev: dict) -> str | None:
        t, who, kind = self.t, self.who(ev.get("seat")), ev["type"]
        if kind == "place":
            tile = tile_name(ev["tile"])
            face = {"open": t("open double"), "closed": t("closed double")}.get(ev.get("face"))
            if face:
                tile = f"{tile} ({face})"
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
        if kind == "metro":
            return who + t("made Metro: last place")
        if kind == "domino_metro":
            return who + t("made domino-Metro with the last tile: first place")
        if kind == "game_over":
            how = ev.get("end")
            return t("game {n} over: {how}", n=ev["game"],
                     how=t(self.ENDS[how]) if how in self.ENDS else how)
        if kind == "deal":
            return t("game {n} dealt", n=ev["game"])
        return super().event_text(ev)

    def action_text(self, action: dict) -> str:
        t, kind = self.t, action.get("type")
        if kind == "place":
            tile = tile_name(action["tile"])
            return (t("Lead with {tile}", tile=tile) if action.get("end") is None
                    else t("Place {tile} on end #{end}", tile=tile, end=action["end"]))
        words = {"take_back": N_("Change: take it back"), "end_turn": N_("Keep it (end the turn)"),
                 "draw": N_("Draw from the bazaar"), "pass": N_("Pass"),
                 "next_game": N_("Deal the next game")}
        return t(words[kind]) if kind in words else super().action_text(action)
