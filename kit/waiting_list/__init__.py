"""«Лист ожидания» (Waiting List): the organ-donation rummy game (RULES.md WL-1..WL-11,
WL-R1..WL-R5). See :mod:`kit.waiting_list.state` for the rules as played and
``data/waiting_list/README.md`` for what is the rulebook's and what is reconstruction."""

from __future__ import annotations

from kit.bots import RandomBot
from kit.contract import GameSpec, Option
from kit.errors import NC_, ConfigError
from kit.search import round_rewards, search_bot
from kit.waiting_list.actions import ACTIONS, Claim, Discard, Draw, Lay, Pass, Reveal, Take
from kit.waiting_list.bots import RuleBot
from kit.waiting_list.deck import FILE as DECK_FILE
from kit.waiting_list.deck import check_deck_option, load_deck
from kit.waiting_list.denial import DenyingBot
from kit.waiting_list.from_view import state_from_view
from kit.waiting_list.legal import legal_from_view
from kit.waiting_list.rounds import (
    PENALTIES_FILE,
    ROUNDS_FILE,
    check_penalties_option,
    check_rounds_option,
    load_rounds,
)
from kit.waiting_list.state import (
    AFTER_LAST_CARD,
    FACE_DOWN,
    FACE_UP,
    WHEN_NEEDED,
    WaitingListState,
)


def _at_least_one(value: int) -> str | None:
    if value < 1:
        raise ConfigError("", f"must be at least 1, not {value}",
                          code=NC_("error", "at_least"), low=1, value=value)
    return None


def _seat(value: int) -> str | None:
    if not 0 <= value <= 5:
        raise ConfigError("", f"must be a seat 0–5, not {value}",
                          code=NC_("error", "not_a_seat"), value=value)
    return None


def max_length(players: int, options: dict) -> int:
    """Turns per round are at most ``round_laps`` laps; a turn is at most the claim window
    (the next seat + up to players-1 claimants), a reveal, one lay per layable card of
    the deck and a discard."""
    rounds = len(load_rounds(options["rounds"]))
    deck = load_deck(options["deck"])
    layable = sum(deck.cards[c].count for c in deck.layable)
    return rounds * options["round_laps"] * players * (players + 2 + layable)


SPEC = GameSpec(
    name="waiting_list",
    title="«Лист ожидания» (Waiting List)",
    rules_version="waiting_list.ru (WL-1..WL-11, WL-R1..WL-R5) kit 1",
    min_players=2,
    max_players=6,
    options={
        "deck": Option("deck", DECK_FILE, "the deck file: 104 main cards and 6 characters, "
                       "with fact texts and sources (WL-1, WL-R1, WL-R2)", "WL-R1",
                       kind=str, check=check_deck_option),
        "rounds": Option("rounds", ROUNDS_FILE, "the rounds file: hand size and combination of "
                         "each round (WL-2, WL-R1)", "WL-R1", kind=str,
                         check=check_rounds_option),
        "penalties": Option("penalties", PENALTIES_FILE, "the penalty table: points per card "
                            "type left in hand and for never revealing (WL-R4)", "WL-R4",
                            kind=str, check=check_penalties_option),
        "first_dealer": Option("first_dealer", 0, "the seat that deals round 1 (the rulebook: "
                               "chosen at will; WL-3)", "WL-3", kind=int, check=_seat),
        "round_laps": Option("round_laps", 30, "length bound: a round ends with no winner after "
                             "this many laps of the table (the dealer's N-th turn); every seat "
                             "scores its penalty (kit ruling for WL-11)", "WL-11", kind=int,
                             check=_at_least_one),
        "claim_needs_fit": Option("claim_needs_fit", True, "a seat may claim a discard out of "
                                  "turn only if it fills a requirement of its combination that "
                                  "its hand still lacks (WL-6: 'if the card suits it for the "
                                  "round's goal'); False: any claim", "WL-6"),
        "first_card_claims": Option("first_card_claims", True, "the card turned up after the "
                                    "deal opens a claim window like a discard (every other seat "
                                    "may claim it, counter-clockwise); False: only the first "
                                    "player may take it (WL-R3)", "WL-R3"),
        "keep_characters": Option("keep_characters", False, "characters are dealt once, in the "
                                  "first round that uses them, and kept; default: reshuffled "
                                  "and redealt every such round like the cards (WL-1, WL-2)",
                                  "WL-1"),
        "characters_dealt": Option("characters_dealt", FACE_UP, "face_up: characters lie face up, "
                             "everyone sees whom each player is trying to save; face_down: "
                             "each player sees only its own until it reveals its "
                             "combination (WL-R5)", "WL-R5", choices=(FACE_UP, FACE_DOWN)),
        "reshuffle": Option("reshuffle", AFTER_LAST_CARD, "after_last_card: the whole discard "
                            "pile is shuffled into a new deck right after the deck's last card "
                            "is drawn; when_needed: only when someone must draw from an empty "
                            "deck. Deck and pile both empty when someone must draw: the round "
                            "ends with no winner (WL-11, WL-R5)", "WL-R5",
                            choices=(AFTER_LAST_CARD, WHEN_NEEDED)),
        "deal": Option("deal", None, "a prepared layout for tests and tutorials: round, "
                       "hands, pile, deck top, whose turn... (keys in kit.waiting_list.deal); "
                       "the game replays like any other", "WL-R1", kind=dict),
        "tie_break": Option("tie_break", "shared", "equal lowest totals: 'shared' (all of them "
                            "win) or 'rounds_won' (more rounds won first; then shared) (WL-2)",
                            "WL-2", choices=("shared", "rounds_won")),
    },
    state_class=WaitingListState,
    actions=ACTIONS,
    max_length=max_length,
    bots={"random": RandomBot, "rule": RuleBot, "denying": DenyingBot,
          "search": search_bot(state_from_view, RuleBot, iterations=40,
                               horizon=["round_end"], reward=round_rewards,
                               default_bot=DenyingBot, confidence=1.5, paired=True)},
    action_rule="WL-5",
    legal_from_view=legal_from_view,
)
WaitingListState.spec = SPEC

__all__ = ["SPEC", "Claim", "Discard", "Draw", "Lay", "Pass", "Reveal", "RuleBot", "Take",
           "WaitingListState"]
