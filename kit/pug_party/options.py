"""The options of «Вечірка мопсів»: the deck file, house rules and rulings (RULES.md PP-R*).

Every ruling of RULES.md is a named option with the documented default:

=====================  ================  ======  ==========================================
option                 default           rule    what it switches
=====================  ================  ======  ==========================================
``deck``               pug_party/deck…   PP-R1   the deck file (relative: under ``data/``)
``swap``               False             PP-R1   swap hand and face-up cards before play
``four_of_a_kind``     "across_plays"    PP-R2   the four may come from several plays and
                                                 players ("single_play": one play only)
``down_wrap``          True              PP-R3   in "down", the highest value goes on the
                                                 lowest (the mirror of PP-2's 10 → 0)
``after_breakdancer``  "value_beneath"   PP-R3   the value to beat after a Breakdancer: the
                                                 last value card beneath it ("anything":
                                                 anything goes)
``specials_together``  True              PP-R4   several specials of one kind in one play
``voluntary_pickup``   False             PP-R5   pick up the pile even when able to play
``new_round``          "up"              PP-R5   a new round starts "up" ("carries_over":
                                                 in the direction the pile had)
``first_player``       0                 PP-12   the seat that "partied last" and leads
``max_actions``        1000              PP-R6   the length bound: after this many actions
                                                 the game ends and the players still in are
                                                 ranked by cards held (fewest first)
``deal``               None              PP-R1   a scripted deal (prepared situations; keys
                                                 in :mod:`kit.pug_party.deal`)
=====================  ================  ======  ==========================================
"""

from __future__ import annotations

from kit.contract import Option
from kit.errors import NC_, ConfigError
from kit.pug_party import deal
from kit.pug_party.cards import DEFAULT_DECK
from kit.pug_party.pile import (
    ACROSS_PLAYS,
    ANYTHING,
    CARRIES_OVER,
    SINGLE_PLAY,
    STARTS_UP,
    VALUE_BENEATH,
)

#: default length bound (ruling, PP-R6). Measured over 200 seeded games per seat count:
#: rule bots take about 75-120 actions on average (longest 212, 5 players); random
#: bots about 330-400 on average with a tail past 2,000, so a few of their games are
#: cut short. A table of people would have given up long before 1000 actions.
DEFAULT_MAX_ACTIONS = 1000


def _non_empty(value: str) -> str | None:
    if not value.strip():
        raise ConfigError("", "must name a deck file", code=NC_("error", "must_not_be_empty"))
    return None


def _positive(value: int) -> str | None:
    if value < 1:
        raise ConfigError("", f"must be at least 1, not {value}",
                          code=NC_("error", "at_least"), low=1, value=value)
    return None


def _seat(value: int) -> str | None:
    if value < 0:
        raise ConfigError("", f"must be a seat number (0 or more), not {value}",
                          code=NC_("error", "not_a_seat"), value=value)
    return None


OPTIONS: dict[str, Option] = {o.name: o for o in (
    Option("deck", DEFAULT_DECK, "The deck file (TOML). A relative path is looked up under "
           "the kit's data folder. Any file in the same format works (PP-R1).", "PP-R1",
           kind=str, check=_non_empty),
    Option("swap", False, "Before play, each seat in turn may swap hand cards with its "
           "face-up cards (up to 3 swaps), then says ready (PP-R1).", "PP-R1", kind=bool),
    Option("four_of_a_kind", ACROSS_PLAYS, "across_plays: four cards of one value on top of "
           "the pile burn it, however many plays and players laid them (a special card "
           "between them breaks the run); single_play: only four laid in one play (PP-R2).",
           "PP-R2", choices=(ACROSS_PLAYS, SINGLE_PLAY)),
    Option("down_wrap", True, "In \"down\", on the lowest value (0) the highest (10) may be "
           "played, mirroring PP-2's 10 → 0 (PP-R3).", "PP-R3", kind=bool),
    Option("after_breakdancer", VALUE_BENEATH, "The value to beat after a Breakdancer: "
           "value_beneath - the last value card beneath it (none, or a Poop beneath it: "
           "anything goes); anything - anything goes after a Breakdancer (PP-R3).", "PP-R3",
           choices=(VALUE_BENEATH, ANYTHING)),
    Option("specials_together", True, "Several special cards of one kind may be played "
           "together; each Breakdancer flips the direction once (PP-R4).", "PP-R4", kind=bool),
    Option("voluntary_pickup", False, "A player may pick up the pile even when able to play "
           "(PP-R5; by default only when unable to cover).", "PP-R5", kind=bool),
    Option("new_round", STARTS_UP, "The direction of a new round (after a pick-up, a burn "
           "or a Megapug): up - it starts \"up\"; carries_over - the direction the pile had "
           "carries over (PP-R5).", "PP-R5", choices=(STARTS_UP, CARRIES_OVER)),
    Option("first_player", 0, "The seat that leads (the one who partied last, PP-12).",
           "PP-12", kind=int, check=_seat),
    Option("max_actions", DEFAULT_MAX_ACTIONS, "Length bound: after this many actions "
           "(swaps included) the game ends; players still in are ranked by cards held, "
           "fewest first, ties by turn order from the seat to act (PP-R6).", "PP-R6",
           kind=int, check=_positive),
    Option("deal", None, "A scripted deal for tests and prepared situations: {'hands': "
           "[[codes of seat 0], ...], 'face_up', 'face_down', 'draw' (top first), 'pile' "
           "(bottom first), 'burned', 'out', 'known', 'rest'}; None deals from the seed "
           "(PP-R1). The seat to act is first_player.", "PP-R1", kind=dict,
           check=deal.check_option),
)}
