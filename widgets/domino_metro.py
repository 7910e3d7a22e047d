"""The «Домино-Метро» board (DM-1..DM-11, DM-R1..DM-R5): the branching layout as SVG with
live ends (a tile could still match, DM-R1), dead ends (value used up, DM-5) and open or
closed doubles (DM-4) drawn as such; the seat's tiles with their placements; draw and
pass (DM-6); the change (DM-9): keep the tile just placed or take it back."""

from __future__ import annotations

from widgets.base import Board, assets


def tile_name(tile: list[int]) -> str:
    return ":".join(str(v) for v in tile)


class DominoMetroBoard(Board):
    """``DominoMetroBoard(players=3, seed=1, options={"games": 3})``"""

    GAME = "domino_metro"
    _esm, _css = assets("domino_metro")

    def event_text(self, ev: dict) -> str | None:
        who, kind = self.who(ev.get("seat")), ev["type"]
        if kind == "place":
            face = {"open": " face up (open)", "closed": " face down (closed)"}.get(
                ev.get("face"), "")
            where = "led" if ev.get("end") is None else f"placed on end {ev['end']}"
            dead = f"; end(s) {', '.join(map(str, ev['died']))} died (DM-5)" if ev.get(
                "died") else ""
            return f"{who}{where}: {tile_name(ev['tile'])}{face}{dead}"
        if kind == "take_back":
            return f"{who}took back {tile_name(ev['tile'])} (change, DM-9)"
        if kind == "end_turn":
            return f"{who}keeps it"
        if kind == "draw":
            return f"{who}drew from the bazaar ({ev['bazaar']} left, DM-6)"
        if kind == "drawn":
            return f"{who}drew {tile_name(ev['tile'])}"
        if kind == "pass":
            return f"{who}passed (DM-6)"
        if kind == "out":
            return f"{who}is out: place {ev['place']} (DM-7)"
        if kind == "metro":
            return f"{who}made Metro: last place (DM-8)"
        if kind == "domino_metro":
            return f"{who}made domino-Metro with the last tile: 1st place (DM-8)"
        if kind == "game_over":
            return f"game {ev['game']} over ({ev['end']})"
        if kind == "deal":
            return f"game {ev['game']} dealt"
        return super().event_text(ev)
