"""The «Вечірка мопсів» board (PP-1..PP-12, PP-R1..PP-R6): the pile with the value to
beat and the direction (up/down, PP-2, PP-8), the seat's hand, every seat's face-up
table cards and face-down backs (PP-10), burned cards and who is out (PP-12)."""

from __future__ import annotations

from widgets.base import Board, assets

_SPECIAL = {"megapug": "Megapug", "breakdancer": "Breakdancer", "poop": "Poop"}


def card_name(card: str) -> str:
    return _SPECIAL.get(card, card)


class PugPartyBoard(Board):
    """``PugPartyBoard(players=4, seed=1, options={"swap": True})``"""

    GAME = "pug_party"
    _esm, _css = assets("pug_party")

    def event_text(self, ev: dict) -> str | None:
        who, kind = self.who(ev.get("seat")), ev["type"]
        if kind == "play":
            where = {"hand": "", "face_up": " face-up", "face_down": " blind"}[ev["source"]]
            count = f"{ev['count']} × " if ev.get("count", 1) > 1 else ""
            return f"{who}played{where} {count}{card_name(ev['card'])}"
        if kind == "reveal":
            return f"{who}turned face-down card #{ev['position'] + 1}: {card_name(ev['card'])}"
        if kind == "direction":
            return f"{who}flipped the direction: now {ev['direction']} (PP-8)"
        if kind == "reset":
            return f"{who}Poop: anything goes, up (PP-9)"
        if kind == "burn":
            why = {"megapug": "Megapug (PP-7)", "four_of_a_kind": "four of a kind (PP-5)"}.get(
                ev.get("reason"), ev.get("reason"))
            return f"{who}burned the pile ({len(ev['cards'])} cards): {why}"
        if kind == "pick_up":
            return f"{who}picked up the pile ({len(ev['cards'])} cards, PP-4)"
        if kind == "draw":
            if not ev["count"]:
                return None
            return f"{who}drew {ev['count']} ({ev['deck']} left in the deck)"
        if kind == "drew":
            return f"{who}drew " + ", ".join(card_name(c) for c in ev["cards"])
        if kind == "out":
            return f"{who}is out: place {ev['place']} (PP-12)"
        if kind == "new_round":
            return f"{who}starts a new round on an empty pile (PP-R5)"
        if kind == "swap":
            return (f"{who}swapped hand {card_name(ev['to_face_up'])} for face-up "
                    f"{card_name(ev['to_hand'])}")
        if kind == "ready":
            return f"{who}is ready"
        if kind == "game_over":
            return "game over: order out " + ", ".join(self.table.names[s] for s in ev["order"])
        return super().event_text(ev)
