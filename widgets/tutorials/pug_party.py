"""The helpers of notebooks/pug_party_tutorial.ipynb, the rule reference (issue 40):
its boards on prepared situations and the tools of its checking cells, out of
the reader's way."""

from widgets import tutorials
from widgets.pug_party import PugPartyBoard
from widgets.tutorials import (  # noqa: F401 (the notebook's)
    legal,
    seat_names,
    with_options,
)
from widgets.tutorials import refusal as refused  # noqa: F401 (the notebook's)


def caption(scenario):
    """Show a prepared situation's text above its board (as prose, not as printed output)."""
    tutorials.caption(scenario, heading=False)


def try_it(scenario, upto=None):
    """A playtest board: you hold the seat to act, rule bots hold the others."""
    return tutorials.playtest(PugPartyBoard, scenario, upto)
