"""The Hanabi board (HB-1..HB-12): fireworks, tokens, hands with hint knowledge.

Every colour carries its letter and symbol (colour-blind-safe). The seat shown
never receives its own cards: ``view(seat)`` has ``None`` for them (HB-2) and
the board draws what hints told about each one (HB-4).
"""

from __future__ import annotations

from widgets.base import Board, assets


class HanabiBoard(Board):
    """``HanabiBoard(players=3, seed=1, options={"variant": "rainbow_wild"},
    seats=["human", "bot:rule", "bot:rule"], mode="playtest")``"""

    GAME = "hanabi"
    _esm, _css = assets("hanabi")

    def _card(self, card: dict | None) -> str:
        if not card:
            return "a card"
        marks = {s.colour: s.letter + s.symbol for s in self.state.variant.suits}
        return f"{marks.get(card['colour'], card['colour'])}{card['value']}"

    def event_text(self, ev: dict) -> str | None:
        who, kind = self.who(ev.get("seat")), ev["type"]
        if kind == "hint":
            what = ev.get("colour") or f"{ev.get('value')}s"
            slots = ", ".join(str(s + 1) for s in ev["slots"]) or "none"
            return f"{who}hint to {self.table.names[ev['to']]}: {what} (slot {slots})"
        if kind == "play":
            return f"{who}played {self._card(ev['card'])}"
        if kind == "misfire":
            return (f"{who}misplayed {self._card(ev['card'])}: mistake "
                    f"{ev['mistakes']} (HB-6)")
        if kind == "discard":
            return f"{who}discarded {self._card(ev['card'])}"
        if kind == "draw":
            return f"{who}drew {self._card(ev.get('card'))} ({ev['deck']} left)"
        if kind == "firework_complete":
            back = ", a hint token comes back" if ev["hint_returned"] else ""
            return f"the {ev['colour']} firework is complete{back} (HB-7)"
        if kind == "final_round":
            return f"last card drawn: {ev['turns_left']} more turns (HB-10)"
        if kind == "game_end":
            return f"game over ({ev['reason']}): score {ev['score']}"
        return super().event_text(ev)

    def teacher_hands(self) -> list:
        """Teacher mode: each hand's faces, read from a neighbour's view (HB-2)."""
        n = self.state.players
        return [self.state.view((p + 1) % n)["hands"][p]["cards"] for p in range(n)]
