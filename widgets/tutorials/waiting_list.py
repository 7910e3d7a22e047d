"""The helpers of notebooks/waiting_list_tutorial.ipynb, the rule reference (issue 40):
its boards on prepared situations and the tools of its checking cells, out of
the reader's way."""


import kit
from kit.waiting_list.deck import load_deck
from kit.waiting_list.rounds import load_penalties, load_rounds
from kit.waiting_list.scenarios import prepare as layout
from widgets import tutorials
from widgets.tutorials import (  # noqa: F401 (the notebook's)
    caption,
    kinds,
    legal,
    option_help,
    refused,
    shown,
)
from widgets.waiting_list import WaitingListBoard

DECK = load_deck()
ROUNDS = load_rounds()
PENALTIES = load_penalties()


def board(state, mode="teacher", seats=None, **more):
    """A live board on `state`, seats named as in code (Seat 0, Seat 1, ...).
    mode="teacher": every hand open, you move for every seat (a projector);
    mode="playtest": one human seat against bots; mode="replay": step through the game so
    far. Bots answer at once (pause=0)."""
    names = tutorials.seat_names(state.players, seats)
    return WaitingListBoard(state, mode=mode, seats=seats, names=names, pause=0, **more)


def situation(name, upto=None, **house_rules):
    """A fresh state at the prepared situation data/scenarios/<name>.toml, after its first
    `upto` scripted actions (all by default). Keyword arguments switch house rules."""
    sc = kit.load_scenario(name)
    actions = sc.actions if upto is None else sc.actions[:upto]
    return kit.replay("waiting_list", sc.players, sc.seed, actions,
                      **{**sc.options, **house_rules})


def name(card):
    """A card's English and Russian names, e.g. 'kidney «почка»'."""
    entry = DECK.catalogue[card]
    return f"{entry['en']} «{entry['ru']}»"


def example_won():
    """WL-10: the rulebook's example with a second fact instead of the organ card: seat 1
    reveals, lays the good cards, discards the negative one, empties its hand and wins
    round 1 (round 2 is dealt)."""
    example = kit.load_scenario("waiting_list_rulebook_example")
    hands = example.options["deal"]["hands"]
    good = [c if c != "heart" else "fact_regions" for c in hands[1]]  # a fact, not the organ
    won = layout(3, [hands[0], good, hands[2]], seed=4, turn=1, phase="play",
                 pile=["organ_late"])
    for action in example.actions[:3]:  # reveal, lay the two good cards
        won.apply(action)
    won.apply({"type": "lay", "card": "fact_regions"})
    won.apply(example.actions[3])  # discard the negative card
    return won
