"""The helpers of notebooks/waiting_list_tutorial.ipynb, the rule reference (issue 40):
its boards on prepared situations and the tools of its checking cells, out of
the reader's way."""

from IPython.display import Markdown, display

import kit
from kit.waiting_list.deck import load_deck
from kit.waiting_list.rounds import load_penalties, load_rounds
from kit.waiting_list.scenarios import prepare as layout
from widgets import tutorials
from widgets.tutorials import option_help, refused, shown  # noqa: F401 (the notebook's)
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


def caption(scenario):
    """Show a prepared situation's title, rule ids and text in the notebook's language."""
    title, text = tutorials.caption_text(scenario)
    display(Markdown(f"**{title}** ({', '.join(scenario.rules)})\n\n{text}"))


def situation(name, upto=None, **house_rules):
    """A fresh state at the prepared situation data/scenarios/<name>.toml, after its first
    `upto` scripted actions (all by default). Keyword arguments switch house rules."""
    sc = kit.load_scenario(name)
    actions = sc.actions if upto is None else sc.actions[:upto]
    return kit.replay("waiting_list", sc.players, sc.seed, actions,
                      **{**sc.options, **house_rules})


def kinds(state):
    """The kinds of action the seat to act may take now."""
    return sorted({a.to_json()["type"] for a in state.legal_actions()})


def legal(state):
    """The legal actions of the seat to act, as JSON dicts."""
    return [a.to_json() for a in state.legal_actions()]


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
