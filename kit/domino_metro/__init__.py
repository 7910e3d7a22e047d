"""«Домино-Метро»: branching dominoes with Metro, for 2–3 players (RULES.md DM-1..DM-11,
DM-R1..DM-R7).

Options (every ruling of RULES.md is one, with its documented default):

======================  =============================  =======  ================================
option                  default                        rule     what it switches
======================  =============================  =======  ================================
``games``               1                              DM-R5    games in the match
``metro_forced``        "hand_and_bazaar"              DM-R2    closing the last end (any tile)
                                                                is forced when nothing else is
                                                                in hand and the bazaar is empty
                                                                ("hand": the hand only)
``metro_maker``         "last_other_tile"              DM-R6    who made Metro when a face-up
                                                                double closes: the last placer
                                                                of another tile ("pips": nobody,
                                                                the pips decide)
``tied_pips``           "better"                       DM-R7    tied pips share the better place
                                                                ("worse": the worse one)
``first_double``        "choice"                       DM-R3    every double after the lead is
                                                                open or closed; "plain": after
                                                                a plain lead the first double is
                                                                a plain two-ended tile
``lead_double``         True                           DM-2     the first game is led with the
                                                                lowest double itself (False: its
                                                                holder leads any tile)
``zero_double``         "lone_10"                      DM-R4    how 0:0 counts (scoring file):
                                                                "always_10", "lone_25"
``metro_double``        False                          DM-10    a Metro costs double match points
``domino_metro_two``    False                          DM-8     domino-Metro also with 2 players
``change``              True                           DM-9     the once-a-turn change
``set_file``            domino_metro/double_nine.toml  DM-1     the set and the deal
``scoring_file``        domino_metro/scoring.toml      DM-R4    pips and match points
``deal``                None                           DM-1     a scripted deal (prepared
                                                                situations, tests, boards):
                                                                see kit.domino_metro.deal
======================  =============================  =======  ================================

Rulings where the rulebook is silent (each tested; see also kit.domino_metro.match):

- Turn order is seat 0, 1, 2, ... ("по очереди"); seats that are out are skipped.
- DM-2: the first game's lead places the lowest double itself (option ``lead_double``).
- DM-R2: a placement that leaves no live end - any tile, a face-up double included - is
  legal only when forced (nothing else in hand, the bazaar empty). DM-R6 names the Metro
  maker: the placer of the last tile that was not a face-up double (rulebook 5.1 "кроме
  открытого дубля"); only after a cycle of face-up doubles, one per player still in the
  game, are the pips counted (DM-11, rulebook 7.2). A pass breaks such a cycle. A maker
  who went out since (placing face-up doubles) made domino-Metro, as the rulebook lifts
  the Metro of a player who went out (5.1).
- DM-6: a seat draws only when no tile fits (closing placements aside, DM-R2), one action
  per tile, and must place as soon as one fits.
- DM-9: after a placement the placer decides ``end_turn`` or ``take_back`` (one seat acts
  at a time; ``end_turn`` is the moment the next player would act). The change places a
  *different* tile (moving the same tile is not a change); the tile taken back is shown
  to all until played (``seats[s].shown`` in views). No window when no other tile could
  be placed. A game-ending placement takes effect when the turn ends.
- DM-8: a domino-Metro takes the best place still free and ends the game; with 2 players
  a Metro with the last tile is a plain Metro (option ``domino_metro_two``).
- DM-R7: when a game ends by Metro, domino-Metro or block, the seats still holding tiles
  are placed by pips, fewest first; equal pips share the better place (option
  ``tied_pips``); the Metro maker is last in any case.
- DM-2, DM-10: the loser leads the next game; tied losers: the first after the last placer.
- DM-R5: match points per lost game from the scoring file; a cancelled Metro costs
  nothing; the standing orders penalty points, then more 1st places, 2nd places...
- Length bound: see :func:`max_length`.
"""

from __future__ import annotations

from kit.bots import RandomBot
from kit.contract import GameSpec, Option
from kit.domino_metro import deal
from kit.domino_metro.actions import ACTIONS, Draw, EndTurn, NextGame, Pass, Place, TakeBack
from kit.domino_metro.bots import RuleBot
from kit.domino_metro.from_view import state_from_view
from kit.domino_metro.legal import (
    CHOICE,
    HAND,
    HAND_AND_BAZAAR,
    LAST_OTHER_TILE,
    PIPS,
    PLAIN,
    legal_from_view,
)
from kit.domino_metro.match import BETTER, WORSE
from kit.domino_metro.scoring import SCORING_FILE
from kit.domino_metro.state import DominoMetroState
from kit.domino_metro.tileset import SET_FILE, load_set
from kit.errors import NC_, ConfigError
from kit.search import search_bot

#: the most games a match may have (DM-R5)
MAX_GAMES = 1000


def max_length(players: int, options: dict) -> int:
    """Actions per game: each tile that stays placed costs at most 3 actions (place, take
    back, place) or 2 (place, end turn); each tile is drawn at most once; at most
    ``players - 1`` passes come between two placements (a live end always has a tile that
    fits in some hand once the bazaar is empty); plus one ``next_game``."""
    tiles = load_set(options["set_file"]).size()
    return options["games"] * (3 * tiles + tiles + (players - 1) * tiles + 2)


def _games(value: int) -> str | None:
    if not 1 <= value <= MAX_GAMES:
        raise ConfigError("", f"must be 1..{MAX_GAMES}, not {value}",
                          code=NC_("error", "must_be_int_range"), low=1, high=MAX_GAMES,
                          value=value)
    return None


def _path(value: str) -> str | None:
    if not value.strip():
        raise ConfigError("", "must name a data file", code=NC_("error", "must_not_be_empty"))
    return None


SPEC = GameSpec(
    name="domino_metro",
    title="Домино-Метро",
    rules_version="domino_metro.ru (DM-1..DM-11, DM-R1..DM-R7)",
    min_players=2,
    max_players=3,
    options={o.name: o for o in (
        Option("games", 1, "Games in the match; the loser of a game shuffles and leads the "
               "next (DM-2, DM-R5).", "DM-R5", kind=int, check=_games),
        Option("metro_forced", HAND_AND_BAZAAR, "When closing the last open end (with any "
               "tile, a face-up double included) is legal: hand_and_bazaar - no other "
               "placement in hand and the bazaar empty; hand - no other placement in hand "
               "(DM-R2).", "DM-R2", choices=(HAND_AND_BAZAAR, HAND)),
        Option("metro_maker", LAST_OTHER_TILE, "Who made Metro when a face-up double closes "
               "the last end: last_other_tile - the player who placed the last tile that was "
               "not a face-up double (pips only after a cycle of face-up doubles, one per "
               "player); pips - nobody, the game is blocked and the pips decide (DM-R6).",
               "DM-R6", choices=(LAST_OTHER_TILE, PIPS)),
        Option("tied_pips", BETTER, "Players tied on pips in hand share the better place "
               "(better) or the worse place (worse); the Metro maker is last in any case "
               "(DM-R7).", "DM-R7", choices=(BETTER, WORSE)),
        Option("first_double", CHOICE, "choice - every double after the lead is placed open "
               "or closed; plain - when the lead was not a double, the first double placed "
               "later is a plain two-ended tile (DM-R3).", "DM-R3", choices=(CHOICE, PLAIN)),
        Option("lead_double", True, "The first game is led with the lowest double from 1:1 "
               "up (else 0:0) itself; False - its holder leads with any tile (DM-2, DM-R3).",
               "DM-2", kind=bool),
        Option("zero_double", "lone_10", "How 0:0 counts in a hand: lone_10 - 10 when it is "
               "the only tile, else 0; always_10; lone_25 (as in «Козёл»). Rules of the "
               "scoring file (DM-R4).", "DM-R4", kind=str),
        Option("metro_double", False, "A Metro costs the Metro maker double match points "
               "(\"doubly, by agreement\", DM-10).", "DM-10", kind=bool),
        Option("domino_metro_two", False, "A Metro made with one's last tile is a "
               "domino-Metro with 2 players too (by default only with 3, DM-8).", "DM-8",
               kind=bool),
        Option("change", True, "The once-a-turn change: after placing, keep the tile or take "
               "it back and place another (DM-9).", "DM-9", kind=bool),
        Option("set_file", SET_FILE, "The tile set and hand size (TOML). A relative path is "
               "looked up under the kit's data folder (DM-1).", "DM-1", kind=str,
               check=_path),
        Option("scoring_file", SCORING_FILE, "Pip counting and match points (TOML), relative "
               "paths under the data folder (DM-R4, DM-10).", "DM-R4", kind=str, check=_path),
        Option("deal", None, "A scripted deal for tests and prepared situations: {'hands': "
               "[[[low, high], ...] per seat], 'layout', 'bazaar' (next drawn first), 'rest', "
               "'to_act', 'places', 'past_games'}; None deals from the seed (DM-1). See "
               "kit.domino_metro.deal.", "DM-1", kind=dict, check=deal.check_option),
    )},
    state_class=DominoMetroState,
    actions=ACTIONS,
    max_length=max_length,
    # random play-outs: a rule-bot play-out costs 3x as much and measured weaker per second
    bots={"random": RandomBot, "rule": RuleBot,
          "search": search_bot(state_from_view, None, iterations=200)},
    action_rule="DM-3",
    legal_from_view=legal_from_view,
)
DominoMetroState.spec = SPEC

__all__ = ["SPEC", "DominoMetroState", "Draw", "EndTurn", "NextGame", "Pass", "Place",
           "RuleBot", "TakeBack"]
