"""The «Лист ожидания» board (WL-1..WL-11, WL-R1..WL-R4): the round's combination, the
seat's hand, the discard pile with covered (dead) cards greyed (WL-7), the claim window
(WL-6, WL-R3) with an auto-pass switch, revealed combinations (WL-8, WL-9) and scores."""

from __future__ import annotations

from typing import Any

from kit.contract import GameState
from widgets.base import Board, assets


class WaitingListBoard(Board):
    """``WaitingListBoard(players=4, seed=1, seats=["human", "bot:rule", ...])``"""

    GAME = "waiting_list"
    _esm, _css = assets("waiting_list")
    #: the card catalogue (18.8 KB, the same all game): sent once
    STATIC = ("catalogue",)

    def _name(self, card: str) -> str:
        catalogue = self.__dict__.get("_catalogue")
        if catalogue is None:
            catalogue = self.__dict__["_catalogue"] = self.state.view(None)["catalogue"]
        entry = catalogue.get(card) if card else None
        return entry["en"] if entry else str(card)

    def event_text(self, ev: dict) -> str | None:
        who, kind = self.who(ev.get("seat")), ev["type"]
        card = ev.get("card")
        if kind == "discard":
            return f"{who}discarded {self._name(card)}"
        if kind == "take":
            return f"{who}took {self._name(card) if card else 'the discard'} from the pile"
        if kind == "claim":
            return f"{who}claimed {self._name(card)} out of turn (WL-6)" if card else (
                f"{who}claimed the discard out of turn (WL-6)")
        if kind == "decline":
            return f"{who}declined {self._name(card)}"
        if kind == "pass":
            return f"{who}passed"
        if kind == "draw":
            return f"{who}drew from the deck ({ev['deck']} left)"
        if kind == "drawn_card":
            return f"{who}drew {self._name(card)}"
        if kind == "reveal":
            return f"{who}revealed " + " + ".join(self._name(c) for c in ev["cards"]) + " (WL-9)"
        if kind == "lay":
            return f"{who}laid {self._name(card)} on the combination"
        if kind == "resurfaced":
            return f"{self._name(card)} is on top again but stays dead (WL-7)"
        if kind == "reshuffle":
            return f"the pile was shuffled into a new deck (WL-11): {ev['deck']} cards"
        if kind == "turn_up":
            return f"turned up {self._name(card)} to start the pile (WL-3)"
        if kind == "round_start":
            return f"round {ev.get('round')} starts"
        if kind == "hand":
            return f"{who}new hand of {len(ev['cards'])} cards"
        if kind == "characters":
            return "characters dealt: " + ", ".join(self._name(c) for c in ev["characters"])
        if kind == "round_end":
            winner = ev.get("winner")
            who_won = ("no winner" if winner is None
                       else f"{self.table.names[winner]} emptied their hand")
            return (f"round {ev['round']} ends: {who_won}; penalties "
                    + ", ".join(str(p) for p in ev["penalties"]) + " (WL-R4)")
        if kind == "game_end":
            return "game over: totals " + ", ".join(str(s) for s in ev["scores"])
        return super().event_text(ev)

    @staticmethod
    def auto_move(state: GameState, seat: int) -> Any:
        """WL-R3 auto-pass: a human seat that asked for it passes every claim window."""
        if state.view(seat).get("phase") != "claims":
            return None
        return next((a for a in state.legal_actions() if a.TYPE == "pass"), None)
