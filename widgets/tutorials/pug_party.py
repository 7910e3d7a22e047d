"""The helpers of notebooks/pug_party_tutorial.ipynb, the rule reference (issue 40):
its boards on prepared situations and the tools of its checking cells, out of
the reader's way."""

from IPython.display import Markdown, display

from widgets import tutorials
from widgets.pug_party import PugPartyBoard
from widgets.tutorials import seat_names, with_options  # noqa: F401 (the notebook's)


def legal(state):
    """The legal actions of the seat to act, as JSON dicts."""
    return [a.to_json() for a in state.legal_actions()]


def caption(scenario):
    """Show a prepared situation's text above its board (as prose, not as printed output)."""
    display(Markdown(tutorials.caption_text(scenario)[1]))


def refused(state, action, rule):
    """Try an illegal action: it must raise kit.IllegalAction citing `rule` and leave the
    state exactly as it was (``widgets.tutorials.refused``). Returns the engine's message."""
    exc = tutorials.refused(state, action)
    assert exc.rule == rule, f"expected {rule}, got {exc}"
    return str(exc)


def try_it(scenario, upto=None):
    """A playtest board: you hold the seat to act, rule bots hold the others."""
    return tutorials.playtest(PugPartyBoard, scenario, upto)
