"""The «Лист ожидания» board (WL-1..WL-11, WL-R1..WL-R5): the round's combination, the
seat's hand, the discard pile with covered (dead) cards greyed (WL-7), the claim window
(WL-6, WL-R3) with an auto-pass switch, revealed combinations (WL-8, WL-9) and scores.

After a round ends the page gets its summary (``round_summary``, WL-R4): who won it and,
per seat, the penalty points with the cards left in hand that cost them. The engine scores
those hands openly (its ``round_end`` event and the views' ``last_round`` are public, as
cards are shown to be counted at the table), so the summary is built from the public view
and nothing else. It stays until the page closes it or makes its next move."""

from __future__ import annotations

from typing import Any, ClassVar

import traitlets as tr

import kit
from kit.contract import ALL, GameState
from kit.errors import IllegalAction
from kit.i18n import N_, NP_
from widgets.base import RECENT_EVENTS, Board, loader

#: how a round ended (the engine's ``reason``) when nobody emptied their hand
NO_WINNER = {
    "deck_and_pile_empty": N_("Round {n} is over with no winner: the deck and the discard "
                              "pile are both empty."),
    "turn_limit": N_("Round {n} is over with no winner: it lasted the most laps a round "
                     "may last."),
}


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
        # (the result table under the board: the fewest penalty points win, WL-R4)
        "score": N_("Penalty points"),
        "wl_round": N_("Round {n} of {of}"), "wl_goal": N_("Goal:"), "wl_deck": N_("Deck {n}"),
        "wl_reshuffled": N_("reshuffled ×{n}"), "wl_dealer": N_("Dealer: {who}"),
        "wl_pile": N_("Discard pile (a covered card is dead)"),
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
        # (your own seat: what the others saw you take, and so know you hold)
        "wl_known_mine": N_("the others know you hold:"),
        "wl_revealed": N_("revealed:"), "wl_result": N_("The lowest penalty total wins."),
        # teacher mode: the moves are made for the seat to act, named (not "your turn")
        "wl_t_offer": N_("{seat} to move: take {card}, or draw from the deck."),
        "wl_t_offer_after": N_("{who} discarded {card}. {seat} to move: take it, or draw "
                               "from the deck."),
        "wl_t_claim_window": N_("{who} discarded {card}. {seat}: take it out of turn? (the "
                                "hand grows, nothing is discarded)"),
        "wl_t_claim_window_first": N_("The discard pile starts with {card}. {seat}: take it "
                                      "out of turn? (the hand grows, nothing is discarded)"),
        "wl_t_cannot_claim": N_("{who} discarded {card}. {seat}: it fills nothing the "
                                "combination still lacks, so the only move is to pass."),
        "wl_t_cannot_claim_first": N_("The discard pile starts with {card}. {seat}: it fills "
                                      "nothing the combination still lacks, so the only move "
                                      "is to pass."),
        # a seat's own part of a turn (WL-5, WL-9), and what another seat is deciding
        "wl_play": N_("Your move: discard a card."),
        "wl_play_more": N_("Your move: you may reveal your combination or add cards to it, "
                           "then discard a card."),
        "wl_t_play": N_("{seat} to move: discard a card."),
        "wl_t_play_more": N_("{seat} to move: you may reveal the combination or add cards "
                             "to it, then discard a card."),
        "wl_wait_offer": N_("{seat} decides: take {card}, or draw from the deck."),
        "wl_wait_claims": N_("{seat} decides whether to take {card} out of turn."),
        "wl_wait_play": N_("{seat} to move: discards a card, and may first reveal or add "
                           "to a combination."),
        # the round's summary (WL-R4)
        "wl_close": N_("Close"), "wl_left": N_("Cards left in hand"),
        "wl_round_points": N_("Penalty this round"), "wl_no_cards": N_("none"),
        "wl_unrevealed": N_("+{n}: combination not revealed"),
    }
    PLURALS: ClassVar[dict[str, tuple[str, str]]] = {
        "wl_in_hand": NP_("{n} card in hand", "{n} cards in hand"),
        "wl_below": NP_("{n} more card under these", "{n} more cards under these")}

    #: the summary of the round that ended last (WL-R4), while the page shows it
    round_summary = tr.Dict(None, allow_none=True).tag(sync=True)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        #: the rounds played when the page last closed the summary (or moved)
        self._summary_closed = 0
        #: round 1's deal as events, and per seat as log lines (the same all game), see
        #: :meth:`opening`
        self._opening_events: list[dict] | None = None
        self._opening_lines: dict[int | None, list[dict]] = {}
        super().__init__(*args, **kwargs)

    @property
    def catalogue(self) -> dict:
        """The deck's cards by id (the same all game: read once)."""
        catalogue = self.__dict__.get("_catalogue")
        if catalogue is None:
            catalogue = self.__dict__["_catalogue"] = self.state.view(None)["catalogue"]
        return catalogue

    def card_name(self, card: str | None) -> str:
        """A card's name in the page's language (the deck file's, which carries every
        language: its loader requires them); a refusal's card too (kit.i18n.explain)."""
        entry = self.catalogue.get(card) if card else None
        if not entry:
            return str(card)
        return entry[self.t.lang]

    def character_name(self, card: str | None) -> str:
        """A character (WL-1, WL-R5) by its own line, «Артём ждёт почку», without the
        printed title every character card shares («Персонаж, ожидающий пересадку: »);
        None: face down."""
        if card is None:
            return self.t("face down")
        return self.card_name(card).split(": ", 1)[-1]

    def _seat_points(self, points: list[int]) -> str:
        """«Игрок 1 — 5, Игрок 2 — 0»: each seat's points by its name."""
        return ", ".join(self.t("{who} — {points}", who=self.name(p), points=n)
                         for p, n in enumerate(points))

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
            if ev.get("character"):  # (WL-R5: a character dealt face down turns up)
                return who + t("revealed {cards} and the character: {character}",
                               cards=self._names(ev["cards"]),
                               character=self.character_name(ev["character"]))
            return who + t("revealed {cards}", cards=self._names(ev["cards"]))
        if kind == "lay":
            return who + t("laid {card} on the combination", card=self.card_name(card))
        if kind == "resurfaced":
            return t("{card} is on top again but stays dead", card=self.card_name(card))
        if kind == "reshuffle":
            return t.plural("the discard pile was shuffled into a new deck: {n} card",
                            "the discard pile was shuffled into a new deck: {n} cards",
                            ev["deck"])
        if kind == "turn_up":  # (WL-3)
            return t("First card of the discard pile: {card}", card=self.card_name(card))
        if kind == "round_start":
            return t("Round {n} of {of} starts; {who} deals.", n=ev.get("round"),
                     of=self.state.result()["rounds"], who=self.name(ev["dealer"]))
        if kind == "hand":
            return who + t.plural("new hand of {n} card", "new hand of {n} cards",
                                  len(ev["cards"]))
        if kind == "characters":  # (WL-R5: whose is whose, where it is public)
            whose = [t("{who} — {character}", who=self.name(p), character=self.character_name(c))
                     for p, c in enumerate(ev["characters"])]
            return t("Characters: {list}.", list=", ".join(whose))
        if kind == "character":  # (WL-R5 face down: the seat's own, for it alone)
            return who + t("character, face down (only you see it): {character}",
                           character=self.character_name(ev["character"]))
        if kind == "round_end":
            return (self.round_headline(ev["round"], ev.get("winner"), ev.get("reason")) + " "
                    + t("Penalty points: {points}.", points=self._seat_points(ev["penalties"])))
        if kind == "game_end":
            return t("Game over. Totals: {totals}. Lowest total: {winners}.",
                     totals=self._seat_points(ev["scores"]),
                     winners=", ".join(self.name(p) for p in ev["winners"]))
        return super().event_text(ev)

    def round_headline(self, number: int, winner: int | None, reason: str | None) -> str:
        """How round ``number`` ended, in a sentence: who emptied their hand (WL-10), or
        why nobody did (WL-11, WL-R5)."""
        if winner is not None:
            return self.t("Round {n} is over: {who} discarded their last card.", n=number,
                          who=self.name(winner))
        return self.t(NO_WINNER.get(reason or "", NO_WINNER["turn_limit"]), n=number)

    def action_text(self, action: dict) -> str:
        t, kind = self.t, str(action.get("type"))
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

    # -- the round's summary (WL-R4) ------------------------------------------------------

    def summary(self, view: dict) -> dict | None:
        """The summary of the round that ended last, built from ``view`` (a seat's or the
        public one: the same, every part of it public, WL-R4): the round, its headline,
        who won it (None: nobody), and per seat the penalty points, each card left in hand
        with its points and the points for a combination never revealed, and the total.
        None before the first round ends."""
        last = view.get("last_round")
        if not last:
            return None
        penalties = view["rules"]["penalties"]
        per_card, unrevealed = penalties["per_card"], penalties["unrevealed"]
        seats = [{"seat": p, "points": points,
                  "cards": [{"card": c, "points": per_card[self.catalogue[c]["type"]]}
                            for c in last["left"][p]],
                  "unrevealed": 0 if last["revealed"][p] else unrevealed}
                 for p, points in enumerate(last["penalties"])]
        return {"round": last["round"], "winner": last["winner"],
                "text": self.round_headline(last["round"], last["winner"], last["reason"]),
                "seats": seats, "totals": list(view["scores"]["totals"])}

    def hands_shown_open(self) -> list:
        """Every hand face up in teacher mode; and once the game is over, the hands left
        at the last round's end, which were scored openly (WL-R4: the engine's public
        ``last_round``), so nobody's cards stay face down on the finished table."""
        if self.table.mode != "teacher" and self.state.over:
            last = self.state.view(None)["last_round"]
            return [list(hand) for hand in last["left"]]
        return super().hands_shown_open()

    def _rounds_played(self) -> int:
        return int(self.state.result()["rounds_played"])

    def _shown_summary(self, view: dict) -> dict | None:
        """The summary while the page has neither closed it nor moved since its round
        ended (a move taken back, or a replay stepped back, before that round's end shows
        it again once the round ends again)."""
        played = len(view["scores"]["rounds"])
        self._summary_closed = min(self._summary_closed, played)
        return self.summary(view) if played > self._summary_closed else None

    def close_summary(self) -> None:
        """The page closes the round's summary (its "Close" button)."""
        self._do(self._close)

    def _close(self) -> None:
        self._summary_closed = self._rounds_played()

    def act(self, action: Any) -> None:
        """The shown seat's move; it closes the round's summary shown (the page has moved
        on), unless it is refused."""
        before = self._summary_closed
        self._close()
        try:
            super().act(action)
        except IllegalAction:
            self._summary_closed = before
            raise

    def _values(self) -> dict[str, Any]:
        values = super()._values()
        values["round_summary"] = self._shown_summary(values["view"])
        return values

    def _handle(self, content: Any) -> None:
        if isinstance(content, dict) and content.get("kind") == "close_summary":
            self.close_summary()
        else:
            super()._handle(content)

    # -- round 1's opening lines (WL-3) ----------------------------------------------------

    def opening(self, seat: int | None) -> list[dict]:
        """Round 1's deal as log events (the engine deals it when the game is made, so no
        move's events carry it): the round, the seat's own hand, the first card of the
        discard pile. None for a prepared layout (``deal``), or a log that does not start
        at the deal."""
        state, table = self.state, self.table
        if state.options.get("deal") is not None or (state.history and not table.log_length):
            return []
        if self._opening_events is None:
            fresh = kit.new_game(self.GAME, state.players, state.seed, **state.options)
            start = fresh.view(None)
            self._opening_events = [
                {"type": "round_start", "visible_to": ALL, "round": 1,
                 "dealer": start["dealer"]},
                *({"type": "hand", "visible_to": [p], "seat": p,
                   "cards": fresh.view(p)["hand"]} for p in range(state.players)),
                {"type": "turn_up", "visible_to": ALL, "card": start["pile"][0]["card"]}]
        return [ev for ev in self._opening_events
                if ev["visible_to"] == ALL or seat in ev["visible_to"]]

    def _recent(self, seat: int | None) -> list[dict]:
        """The log's recent lines, round 1's opening lines (WL-3) first."""
        lines = super()._recent(seat)
        opening = self._opening_lines.get(seat)
        if opening is None:
            said = [(ev, self.event_text(ev)) for ev in self.opening(seat)]
            opening = self._opening_lines[seat] = [
                {"n": i, "type": ev["type"], "text": text, "seat": ev.get("seat")}
                for i, (ev, text) in enumerate((ev, text) for ev, text in said if text)]
        k = len(opening)
        # (the opening lines while they are in the window, the table's after them)
        out = [] if lines and lines[0]["n"] > 0 else [dict(line) for line in opening]
        out += [{**line, "n": line["n"] + k} for line in lines]
        return out[-RECENT_EVENTS:]

    @staticmethod
    def auto_move(state: GameState, seat: int) -> Any:
        """WL-R3 auto-pass: a human seat that asked for it passes every claim window."""
        if state.view(seat).get("phase") != "claims":
            return None
        return next((a for a in state.legal_actions() if a.TYPE == "pass"), None)
