"""The helpers of notebooks/pug_party_tutorial.ipynb, the rule reference (issue 40):
its boards on prepared situations and the tools of its checking cells, out of
the reader's way."""

import dataclasses

from IPython.display import Markdown, display

import kit
from widgets.pug_party import PugPartyBoard


def legal(state):
    """The legal actions of the seat to act, as JSON dicts."""
    return [a.to_json() for a in state.legal_actions()]


def refused(state, action, rule):
    """Try an illegal action: it must raise kit.IllegalAction citing `rule` and leave the
    state exactly as it was. Returns the engine's message."""
    before = state.snapshot()
    try:
        state.apply(action)
    except kit.IllegalAction as exc:
        assert exc.rule == rule, f"expected {rule}, got {exc}"
        assert state.snapshot() == before, "a refused action changed the state"
        return str(exc)
    raise AssertionError(f"{action} was accepted")


def with_options(scenario, **options):
    """The same prepared situation under other options (a house rule switched)."""
    return dataclasses.replace(scenario, options={**scenario.options, **options})


def seat_names(players, seats=None):
    """Seat names counted from 0, as the engine and this notebook count them."""
    seats = seats or ["human"] * players
    return [f"Seat {p}" + ("" if kind == "human" else f" ({kind[4:]} bot)")
            for p, kind in enumerate(seats)]


def try_it(scenario, upto=None):
    """A playtest board: you hold the seat to act, rule bots hold the others."""
    state = scenario.state(upto)
    seats = ["human" if p == state.to_act else "bot:rule" for p in range(state.players)]
    return PugPartyBoard(state, mode="playtest", seats=seats, pause=0,
                         names=seat_names(state.players, seats))


def caption(scenario):
    """Show a prepared situation's text above its board (as prose, not as printed output)."""
    display(Markdown(scenario.text))
