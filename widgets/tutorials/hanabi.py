"""The helpers of notebooks/hanabi_tutorial.ipynb, the rule reference (issue 40):
its boards on prepared situations and the tools of its checking cells, out of
the reader's way."""

import kit
from kit.i18n import N_, Words
from widgets import tutorials
from widgets.hanabi import HanabiBoard
from widgets.tutorials import (  # noqa: F401 (the notebook's)
    caption,
    choice,
    default,
    in_rulebook,
    kinds,
    option_help,
    refused,
    table,
)

#: how the sixth suit takes hints (HB-12), for the table of variants
HINTED = {"own": N_("its own colour"), "every": N_("touched by every colour")}

def board(state, mode="teacher", seats=None, **more):
    """A live HanabiBoard on `state`, its seats named as on every board (Seat 1 is seat 0).
    mode="teacher" opens every hand for a projector; mode="playtest" shows one human seat
    against bots; mode="replay" steps through the game so far. Bots answer at once."""
    names = tutorials.seat_names(state.players, seats)
    return HanabiBoard(state, mode=mode, seats=seats, names=names, pause=0, **more)


def situation(name, **house_rules):
    """A fresh game state at the prepared situation data/scenarios/<name>.toml.
    Keyword arguments switch house rules, e.g. allow_empty_hints=True."""
    sc = kit.load_scenario(name)
    return kit.replay("hanabi", sc.players, sc.seed, sc.actions, **{**sc.options, **house_rules})


def multicolour_hints(variant):
    """How a variant's sixth suit takes colour hints, in the notebook's language (HB-12);
    "—" with five colours."""
    if len(variant.suits) != 6:
        return "—"
    return Words()(HINTED[variant.suits[-1].hint])


def mark(suit):
    """A suit's mark as the boards draw it, in the notebook's language: its letter and its
    symbol (HB-1; the symbol keeps colours apart for a colour-blind reader)."""
    return Words().ctx("colour-letter", suit.colour, default=suit.letter) + suit.symbol


def card(state, seat, slot):
    """The face of a card as the other players see it, e.g. 'red 5'."""
    face = state.view((seat + 1) % state.players)["hands"][seat]["cards"][slot]
    return f"{face['colour']} {face['value']}"
