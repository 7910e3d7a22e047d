"""The «Лист ожидания» board (WL-1..WL-11, WL-R1..WL-R4): the round's combination, the
seat's hand, the discard pile with covered (dead) cards greyed (WL-7), the claim window
(WL-6, WL-R3) with an auto-pass switch, revealed combinations (WL-8, WL-9) and scores."""

from __future__ import annotations

from typing import Any, ClassVar

from kit.contract import GameState
from kit.i18n import N_, NP_
from widgets.base import Board, loader


class WaitingListBoard(Board):
    """``WaitingListBoard(players=4, seed=1, seats=["human", "bot:rule", ...])``"""

    GAME = "waiting_list"
    _esm = loader("waiting_list")
    #: the card catalogue (18.8 KB, the same all game): sent once
    STATIC = ("catalogue",)

    WORDS: ClassVar[dict[str, str]] = {
        "wl_organ": N_("Organ"), "wl_surgeon": N_("Surgeon"), "wl_clinic": N_("Clinic"),
        "wl_fact": N_("Fact"), "wl_positive": N_("Positive"), "wl_negative": N_("Negative"),
        "wl_character": N_("Character"), "wl_source": N_("source: {source}"),
        # (a fact's year when the deck gives none or an approximate one: deck.toml)
        "wl_undated": N_("undated"), "wl_about": N_("about {year}"),
        "wl_dead": N_("dead"),
        "wl_round": N_("Round {n} of {of}"), "wl_goal": N_("Goal:"), "wl_deck": N_("Deck {n}"),
        "wl_reshuffled": N_("reshuffled ×{n}"), "wl_dealer": N_("Dealer: {who}"),
        "wl_below": N_("+{n} below"), "wl_pile": N_("Discard pile (a covered card is dead)"),
        "wl_pile_empty": N_("empty: the next discard starts it"),
        "wl_offer_after": N_("{who} discarded {card}. Your turn: take it, or draw from the deck."),
        "wl_offer": N_("Your turn: take {card}, or draw from the deck."),
        "wl_take": N_("Take {card}"), "wl_draw": N_("Draw from the deck"),
        "wl_claim_window": N_("{who} discarded {card}. Take it out of turn? (your hand grows, "
                              "you discard nothing)"),
        "wl_claim_window_first": N_("The discard pile starts with {card}. Take it out of "
                                    "turn? (your hand grows, you discard nothing)"),
        "wl_cannot_claim": N_("{who} discarded {card}. It fills nothing your combination "
                              "still lacks, so you can only pass."),
        "wl_cannot_claim_first": N_("The discard pile starts with {card}. It fills nothing "
                                    "your combination still lacks, so you can only pass."),
        "wl_claim": N_("Claim {card}"), "wl_pass": N_("Pass"),
        "wl_auto_pass": N_("pass automatically when I could take a discard out of turn"),
        "wl_round_col": N_("Round"), "wl_total": N_("Total"),
        "wl_needs": N_("needs {cards}"),
        "wl_penalty": N_("penalty points {n}"), "wl_lay": N_("Lay"), "wl_discard": N_("Discard"),
        "wl_reveal": N_("Reveal {cards}"), "wl_known": N_("known in hand:"),
        "wl_revealed": N_("revealed:"), "wl_result": N_("The lowest penalty total wins."),
    }
    PLURALS: ClassVar[dict[str, tuple[str, str]]] = {
        "wl_in_hand": NP_("{n} card in hand", "{n} cards in hand")}

    def card_name(self, card: str | None) -> str:
        """A card's name in the page's language (the deck file's, which carries every
        language: its loader requires them); a refusal's card too (kit.i18n.explain)."""
        catalogue = self.__dict__.get("_catalogue")
        if catalogue is None:
            catalogue = self.__dict__["_catalogue"] = self.state.view(None)["catalogue"]
        entry = catalogue.get(card) if card else None
        if not entry:
            return str(card)
        return entry[self.t.lang]

    def _names(self, cards: list[str]) -> str:
        return " + ".join(self.card_name(c) for c in cards)

    def event_text(self, ev: dict) -> str | None:
        t, who, kind = self.t, self.who(ev.get("seat")), ev["type"]
        card = ev.get("card")
        if kind == "discard":
            return who + t("discarded {card}", card=self.card_name(card))
        if kind == "take":
            return who + (t("took {card} from the discard pile", card=self.card_name(card)) if card
                          else t("took the top of the discard pile"))
        if kind == "claim":
            return who + (t("took {card} out of turn", card=self.card_name(card)) if card
                          else t("took the discard out of turn"))
        if kind == "decline":
            return who + t("declined {card}", card=self.card_name(card))
        if kind == "pass":
            return who + t("passed")
        if kind == "draw":
            return who + t.plural("drew from the deck ({n} card left)",
                                  "drew from the deck ({n} cards left)", ev["deck"])
        if kind == "drawn_card":
            return who + t("drew {card}", card=self.card_name(card))
        if kind == "reveal":
            return who + t("revealed {cards}", cards=self._names(ev["cards"]))
        if kind == "lay":
            return who + t("laid {card} on the combination", card=self.card_name(card))
        if kind == "resurfaced":
            return t("{card} is on top again but stays dead", card=self.card_name(card))
        if kind == "reshuffle":
            return t.plural("the discard pile was shuffled into a new deck: {n} card",
                            "the discard pile was shuffled into a new deck: {n} cards",
                            ev["deck"])
        if kind == "turn_up":
            return t("turned up {card} to start the discard pile", card=self.card_name(card))
        if kind == "round_start":
            return t("round {n} starts", n=ev.get("round"))
        if kind == "hand":
            return who + t.plural("new hand of {n} card", "new hand of {n} cards",
                                  len(ev["cards"]))
        if kind == "characters":
            return t("characters dealt: {names}",
                     names=", ".join(self.card_name(c) for c in ev["characters"]))
        if kind == "round_end":
            winner = ev.get("winner")
            who_won = (t("no winner") if winner is None
                       else t("{who} emptied their hand", who=self.name(winner)))
            return t("round {n} ends: {winner}; penalty points {points}", n=ev["round"],
                     winner=who_won, points=", ".join(str(p) for p in ev["penalties"]))
        if kind == "game_end":
            return t("game over: totals {scores}", scores=", ".join(str(s) for s in ev["scores"]))
        return super().event_text(ev)

    def action_text(self, action: dict) -> str:
        t, kind = self.t, action.get("type")
        card = action.get("card")
        text = {
            "take": lambda: t("Take the top of the discard pile"),
            "draw": lambda: t("Draw from the deck"),
            "claim": lambda: t("Take the discard out of turn"),
            "pass": lambda: t("Pass"),
            "discard": lambda: t("Discard {card}", card=self.card_name(card)),
            "lay": lambda: t("Lay {card}", card=self.card_name(card)),
            "reveal": lambda: t("Reveal {cards}", cards=self._names(action.get("cards", []))),
        }.get(kind)
        return text() if text else super().action_text(action)

    @staticmethod
    def auto_move(state: GameState, seat: int) -> Any:
        """WL-R3 auto-pass: a human seat that asked for it passes every claim window."""
        if state.view(seat).get("phase") != "claims":
            return None
        return next((a for a in state.legal_actions() if a.TYPE == "pass"), None)
