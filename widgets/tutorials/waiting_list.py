"""The helpers of notebooks/waiting_list_tutorial.ipynb, the rule reference (issue 40):
its boards on prepared situations and the tools of its checking cells, out of
the reader's way."""

from collections import Counter

import kit
from kit.i18n import NC_, Words
from kit.waiting_list.deck import load_deck
from kit.waiting_list.rounds import load_penalties, load_rounds
from kit.waiting_list.scenarios import prepare as layout
from widgets import tutorials
from widgets.tutorials import (  # noqa: F401 (the notebook's)
    caption,
    default,
    in_rulebook,
    kinds,
    legal,
    option_help,
    refused,
    said,
    table,
)
from widgets.waiting_list import WaitingListBoard

DECK = load_deck()
ROUNDS = load_rounds()
PENALTIES = load_penalties()

#: the rows of the references' tables that are no card type of the deck file
CHARACTERS = NC_("table", "character (other back)")
UNREVEALED = NC_("table", "never revealed the combination")
#: where a card or a round comes from (the data files' ``origin``), said in the notebook's
#: language by :func:`origin`
ORIGINS = [
    NC_("origin", "rulebook"), NC_("origin", "reconstruction"), NC_("origin", "sourced"),
    NC_("origin", "rulebook combination; hand size reconstruction"),
    NC_("origin", "rulebook: characters from round 3; combination and hand size reconstruction"),
    NC_("origin", "rulebook: characters dealt; combination and hand size reconstruction"),
]


def origin(text):
    """A data file's ``origin`` of a card or a round in the notebook's language (as written
    where the catalog has none)."""
    return Words().ctx("origin", text, default=text)


def board(state, mode="teacher", seats=None, **more):
    """A live board on `state`, seats named as on every board (Seat 1 is seat 0).
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


def year(fact):
    """A fact card's year as the board says it ("undated", "about 2020") in the notebook's
    language."""
    t, when = Words(), fact.year.strip()
    if when == "undated":
        return t("undated")
    return t("about {year}", year=when.split()[-1]) if when.startswith("about ") else when


def card_types():
    """WL-1's table: each card type, its number of cards and whether it may be added to a
    revealed combination (WL-9); the characters, with their other back, last."""
    rows = [{"type": said(t), **in_rulebook(t.ru, "ru"),
             "cards": sum(c.count for c in DECK.cards.values() if c.type == key),
             "may be added to a revealed combination": t.layable}
            for key, t in DECK.types.items()]
    return [*rows, {"type": Words().ctx("table", CHARACTERS),
                    **in_rulebook("персонаж, ожидающий пересадку", "ru"),
                    "cards": len(DECK.characters),
                    "may be added to a revealed combination": False}]


def origins():
    """Where each card type comes from (the deck file's ``origin``: the rulebook, a
    reconstruction, a sourced fact): the number of cards of each type by origin."""
    counts = Counter()
    for c in DECK.cards.values():
        if c.type != "fact":
            counts[said(DECK.types[c.type]), c.origin] += c.count
    for ch in DECK.characters.values():
        counts[Words().ctx("table", CHARACTERS), ch.origin] += 1
    known = sorted({where for _, where in counts})
    return [{"type": kind, **{origin(where): counts[kind, where] for where in known}}
            for kind in dict.fromkeys(kind for kind, _ in counts)]


def penalty_table():
    """WL-R4's table: the penalty of each card type left in hand, and of a combination
    never revealed."""
    return ([{"card left in hand": said(DECK.types[t]), **in_rulebook(DECK.types[t].ru, "ru"),
              "penalty": p} for t, p in PENALTIES.per_card.items()]
            + [{"card left in hand": Words().ctx("table", UNREVEALED),
                "penalty": PENALTIES.unrevealed}])


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
