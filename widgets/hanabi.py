"""The Hanabi board (HB-1..HB-12): fireworks, tokens, hands with hint knowledge.

Every colour carries its letter and symbol (colour-blind-safe). While the game lasts
the seat shown never receives its own cards: ``view(seat)`` has ``None`` for them
(HB-2) and the board draws what hints told about each one (HB-4); once it is over,
every hand is shown face up (``open_hands``), as the players turn them over at the
table. A move the rules forbid now is not just missing: the board says why (no discard
with every hint token available, HB-5; no hint without one, HB-4).
"""

from __future__ import annotations

from typing import ClassVar

from kit.i18n import N_, NP_
from widgets.base import Board, loader


class HanabiBoard(Board):
    """``HanabiBoard(players=3, seed=1, options={"variant": "rainbow_wild"},
    seats=["human", "bot:rule", "bot:rule"], mode="playtest")``"""

    GAME = "hanabi"
    _esm = loader("hanabi")
    WORDS: ClassVar[dict[str, str]] = {
        "hb_hints": N_("Hint tokens"), "hb_mistakes": N_("Mistakes"),
        "hb_deck": N_("Deck {n}"), "hb_score": N_("Score {n}/{max}"),
        "hb_fireworks": N_("Fireworks"), "hb_discards": N_("Discards ({n})"),
        "hb_play": N_("Play"), "hb_discard": N_("Discard"), "hb_hint": N_("Hint:"),
        "hb_your_hand": N_("your hand: you see only what hints told"),
        "hb_may_be": N_("may be {colours}; {values}"), "hb_told": N_("told {what}"),
        # (a screen reader's words for what a card's holder knows: "Card 2: may be …")
        "hb_card_n": N_("Card {n}:"),
        "hb_lost": N_("Three mistakes: score {score} (fireworks {total})."),
        "hb_result": N_("Score {score} of {max}."),
        "hb_team": N_("Team: {names}"),
        "hb_your_hand_over": N_("your hand, shown now that the game is over"),
        "hb_no_hint": N_("No hint: no hint token is left"),
    }
    PLURALS: ClassVar[dict[str, tuple[str, str]]] = {
        "hb_final": NP_("Final round: {n} turn left", "Final round: {n} turns left"),
        "hb_no_discard": NP_("No discard: all {n} hint token is available",
                             "No discard: all {n} hint tokens are available")}

    def page_words(self) -> dict:
        out = super().page_words()
        # the colours' names in the page's language (a card's tooltip, a hint's button)
        for s in self.state.variant.suits:
            out["words"][f"colour_{s.colour}"] = self.colour(s.colour)
            out["words"][f"letter_{s.colour}"] = self.letter(s.colour, s.letter)
        return out

    def letter(self, colour: str, default: str) -> str:
        """The colour's letter on cards and chips in the page's language (with its symbol:
        colour-blind-safe); the variants file's letter for a colour the catalog lacks."""
        return self.t.ctx("colour-letter", colour, default=default)

    def colour(self, colour: str) -> str:
        return self.t.ctx("colour", colour)

    def _card(self, card: dict | None) -> str:
        if not card:
            return self.t("a card")
        marks = {s.colour: self.letter(s.colour, s.letter) + s.symbol
                 for s in self.state.variant.suits}
        return f"{marks.get(card['colour'], card['colour'])}{card['value']}"

    def _hinted(self, hint: dict) -> str:
        """What a hint (an event or an action) names: a colour or a value (HB-5)."""
        return self.colour(hint["colour"]) if hint.get("colour") else self.t(
            "value {v}", v=hint.get("value"))

    def event_text(self, ev: dict) -> str | None:
        t, who, kind = self.t, self.who(ev.get("seat")), ev["type"]
        if kind == "hint":
            # (as the board marks a hand's cards: #1 on the left)
            slots = ", ".join(f"#{s + 1}" for s in ev["slots"]) or "—"
            return who + t("hint to {to}: {what} (cards {slots})", to=self.name(ev["to"]),
                           what=self._hinted(ev), slots=slots)
        if kind == "play":
            return who + t("played {card}", card=self._card(ev["card"]))
        if kind == "misfire":
            return who + t("misplayed {card}: mistake {n}", card=self._card(ev["card"]),
                           n=ev["mistakes"])
        if kind == "discard":
            return who + t("discarded {card}", card=self._card(ev["card"]))
        if kind == "draw":
            return who + t.plural("drew {card} ({n} card left)", "drew {card} ({n} cards left)",
                                  ev["deck"], card=self._card(ev.get("card")))
        if kind == "firework_complete":
            line = t("the {colour} firework is complete", colour=self.colour(ev["colour"]))
            return line + (t(", a hint token comes back") if ev["hint_returned"] else "")
        if kind == "final_round":
            return t.plural("last card drawn: {n} more turn", "last card drawn: {n} more turns",
                            ev["turns_left"])
        if kind == "game_end":
            return t("game over: score {score}", score=ev["score"])
        return super().event_text(ev)

    def action_text(self, action: dict) -> str:
        t, kind = self.t, action.get("type")
        if kind == "play":
            return t("Play card {n}", n=action["slot"] + 1)
        if kind == "discard":
            return t("Discard card {n}", n=action["slot"] + 1)
        if kind == "hint":
            return t("Hint to {to}: {what}", to=self.name(action["to"]), what=self._hinted(action))
        return super().action_text(action)

    def teacher_hands(self) -> list:
        """Teacher mode: each hand's faces, read from a neighbour's view (HB-2)."""
        n = self.state.players
        return [self.state.view((p + 1) % n)["hands"][p]["cards"] for p in range(n)]

    def hands_shown_open(self) -> list:
        """Every hand face up in teacher mode, and once the game is over (HB-8, HB-9,
        HB-10): a player never sees their own cards while it lasts (HB-2), and after the
        end there is nothing left to hide, so each player sees what they held."""
        if self.table.mode == "teacher" or self.state.over:
            return self.teacher_hands()
        return []
