"""The helpers of notebooks/domino_metro_tutorial.ipynb, the rule reference (issue 40):
its boards on prepared situations and the tools of its checking cells, out of
the reader's way."""

import dataclasses

from IPython.display import Markdown, display

import kit
from widgets.domino_metro import DominoMetroBoard


def legal(state):
    """The legal actions of the seat to act, as JSON dicts."""
    return [a.to_json() for a in state.legal_actions()]


def phrases(state):
    """The legal actions of the seat to act, as the board words them."""
    return [str(a) for a in state.legal_actions()]


def place(tile, end=None, face=None):
    """A placement as a JSON action (DM-3, DM-4)."""
    return {"type": "place", "tile": list(tile), "end": end, "face": face}


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


def ends(state, which="live"):
    """(end number, value) of the layout's live, dead or covered ends."""
    return [(e["id"], e["value"]) for e in state.view(None)["layout"]["ends"]
            if e["state"] == which]


def with_options(scenario, **options):
    """The same prepared situation under other options (a ruling switched)."""
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
    return DominoMetroBoard(state, mode="playtest", seats=seats, pause=0,
                            names=seat_names(state.players, seats))


def teacher(state, seat=None):
    """A teacher board (every hand open) on a state."""
    return DominoMetroBoard(state, mode="teacher", seat=seat,
                            names=seat_names(state.players))


def replay(scenario, seat=None):
    """A replay board: step back and forth through the scenario's moves."""
    seat = scenario.seat if seat is None else seat
    return DominoMetroBoard(scenario.state(), mode="replay", seat=seat,
                            names=seat_names(scenario.players))


def caption(scenario):
    """Show a prepared situation's text above its board (as prose, not as printed output)."""
    display(Markdown(scenario.text))
