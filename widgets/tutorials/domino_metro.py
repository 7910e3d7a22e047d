"""The helpers of notebooks/domino_metro_tutorial.ipynb, the rule reference (issue 40):
its boards on prepared situations and the tools of its checking cells, out of
the reader's way."""

from widgets import tutorials
from widgets.domino_metro import DominoMetroBoard
from widgets.tutorials import (  # noqa: F401 (the notebook's)
    legal,
    seat_names,
    with_options,
)
from widgets.tutorials import refusal as refused  # noqa: F401 (the notebook's)


def caption(scenario):
    """Show a prepared situation's text above its board (as prose, not as printed output)."""
    tutorials.caption(scenario, heading=False)


def phrases(state):
    """The legal actions of the seat to act, as the board words them."""
    return [str(a) for a in state.legal_actions()]


def place(tile, end=None, face=None):
    """A placement as a JSON action (DM-3, DM-4)."""
    return {"type": "place", "tile": list(tile), "end": end, "face": face}


def ends(state, which="live"):
    """(end number, value) of the layout's live, dead or covered ends."""
    return [(e["id"], e["value"]) for e in state.view(None)["layout"]["ends"]
            if e["state"] == which]


def teacher(state, seat=None):
    """A teacher board (every hand open) on a state."""
    return DominoMetroBoard(state, mode="teacher", seat=seat,
                            names=seat_names(state.players))


def replay(scenario, seat=None):
    """A replay board: step back and forth through the scenario's moves."""
    seat = scenario.seat if seat is None else seat
    return DominoMetroBoard(scenario.state(), mode="replay", seat=seat,
                            names=seat_names(scenario.players))


def try_it(scenario, upto=None):
    """A playtest board: you hold the seat to act, rule bots hold the others."""
    return tutorials.playtest(DominoMetroBoard, scenario, upto)
