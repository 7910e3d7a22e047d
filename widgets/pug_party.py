"""The «Вечірка мопсів» board (PP-1..PP-12, PP-R1..PP-R6): the pile with the value to
beat and the direction (up/down, PP-2, PP-8), the seat's hand, every seat's face-up
table cards and face-down backs (PP-10), burned cards and who is out (PP-12).

Card names are the deck file's, in the page's language (PP-R1)."""

from __future__ import annotations

from typing import ClassVar

from kit.i18n import N_, NP_
from kit.pug_party.cards import load_deck
from widgets.base import Board, loader


class PugPartyBoard(Board):
    """``PugPartyBoard(players=4, seed=1, options={"swap": True})``"""

    GAME = "pug_party"
    _esm = loader("pug_party")
    WORDS: ClassVar[dict[str, str]] = {
        "pp_megapug_does": N_("burns the pile"), "pp_breakdancer_does": N_("flips up/down"),
        "pp_poop_does": N_("anything goes, up"), "pp_value": N_("value {n}"),
        "pp_down": N_("▼ down (equal or lower)"), "pp_up": N_("▲ up (equal or higher)"),
        "pp_anything": N_("Anything goes"), "pp_to_beat": N_("To beat:"),
        "pp_run": N_("{n} × {value} on top (four burn the pile)"), "pp_deck": N_("Deck {n}"),
        "pp_burned": N_("Burned {n}"),
        "pp_swap_phase": N_("Before play: swap hand and face-up cards"),
        "pp_pile": N_("Pile ({n})"), "pp_empty": N_("empty"),
        "pp_pick_up": N_("Pick up the pile"), "pp_hand": N_("Hand"), "pp_play": N_("Play"),
        "pp_play_n": N_("Play {n}"), "pp_known": N_("known in hand"), "pp_table": N_("Table"),
        "pp_blind": N_("Blind"), "pp_swaps_left": N_("Swaps left {n}:"),
        "pp_swap": N_("hand {hand} ⇄ table {table}"), "pp_ready": N_("Ready"),
        "pp_out": N_("place {n}"), "pp_holder": N_("{who} is left with the pugs."),
    }
    PLURALS: ClassVar[dict[str, tuple[str, str]]] = {"pp_cards": NP_("{n} card", "{n} cards")}

    def card_name(self, card: str) -> str:
        names = self.__dict__.get("_card_names")
        if names is None:
            deck = load_deck(self.state.options["deck"])
            lang = self.t.lang
            names = self.__dict__["_card_names"] = {
                k.code: k.names.get(lang) or k.names["en"] for k in deck.kinds}
        return names.get(card, card)

    def page_words(self) -> dict:
        out = super().page_words()
        for special in ("megapug", "breakdancer", "poop"):
            out["words"][f"pp_{special}"] = self.card_name(special)
        return out

    def _played(self, move: dict) -> str:
        """The card a play (an event or an action) plays, with its count if several."""
        card = self.card_name(move["card"])
        return f"{move['count']} × {card}" if move.get("count", 1) > 1 else card

    def event_text(self, ev: dict) -> str | None:
        t, who, kind = self.t, self.who(ev.get("seat")), ev["type"]
        name = self.card_name
        if kind == "play":
            card = self._played(ev)
            return who + {"hand": t("played {card}", card=card),
                          "face_up": t("played {card} from the table", card=card),
                          "face_down": t("played {card} blind", card=card)}[ev["source"]]
        if kind == "reveal":
            return who + t("turned face-down card #{n}: {card}", n=ev["position"] + 1,
                           card=name(ev["card"]))
        if kind == "direction":
            return who + (t("flipped the direction: now down") if ev["direction"] == "down"
                          else t("flipped the direction: now up"))
        if kind == "reset":
            return who + t("{card}: anything goes, up", card=name("poop"))
        if kind == "burn":
            n = len(ev["cards"])
            if ev.get("reason") == "megapug":
                return who + t.plural("burned the pile ({n} card): {card}",
                                      "burned the pile ({n} cards): {card}", n,
                                      card=name("megapug"))
            return who + t.plural("burned the pile ({n} card): four of a kind",
                                  "burned the pile ({n} cards): four of a kind", n)
        if kind == "pick_up":
            return who + t.plural("picked up the pile ({n} card)",
                                  "picked up the pile ({n} cards)", len(ev["cards"]))
        if kind == "draw":
            if not ev["count"]:
                return None
            return who + t.plural("drew {n} card", "drew {n} cards", ev["count"]) + " " + (
                t.plural("({n} left in the deck)", "({n} left in the deck)", ev["deck"]))
        if kind == "drew":
            return who + t("drew {cards}", cards=", ".join(name(c) for c in ev["cards"]))
        if kind == "out":
            return who + t("is out: place {n}", n=ev["place"])
        if kind == "new_round":
            return who + t("starts a new round on an empty pile")
        if kind == "swap":
            return who + t("swapped {hand} from the hand for {table} from the table",
                           hand=name(ev["to_face_up"]), table=name(ev["to_hand"]))
        if kind == "ready":
            return who + t("is ready")
        if kind == "game_over":
            return t("game over: out in the order {names}",
                     names=", ".join(self.name(s) for s in ev["order"]))
        return super().event_text(ev)

    def action_text(self, action: dict) -> str:
        t, kind, name = self.t, action.get("type"), self.card_name
        if kind in ("play", "play_face_up"):
            card = self._played(action)
            return (t("Play {card}", card=card) if kind == "play"
                    else t("Play {card} from the table", card=card))
        if kind == "play_blind":
            return t("Play face-down card #{n} blind", n=action["position"] + 1)
        if kind == "pick_up":
            return t("Pick up the pile")
        if kind == "swap":
            return t("Swap {hand} from the hand for {table} from the table",
                     hand=name(action["hand_card"]), table=name(action["face_up_card"]))
        if kind == "ready":
            return t("Ready")
        return super().action_text(action)
