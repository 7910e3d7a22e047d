"""What a link (Voilà's query string) may do to a playtest app (issue 37, items 7–8):
a value the form can't take opens the form with that field marked and a one-line
reason, and starts nothing; data options choose among the data sets shipped in
``data/``, so a link never makes the kernel read a file of the server's."""

from __future__ import annotations

import html

import ipywidgets
import pytest

import kit
from kit.paths import DATA_DIR
from widgets.app import PlaytestApp, shipped_data


def descendants(widget):
    for child in getattr(widget, "children", ()):
        yield child
        yield from descendants(child)


def reason_shown(app: PlaytestApp, field: str) -> str:
    """The field's one-line reason, checked to be on the form next to the marked field."""
    problem = app.problems[field]
    marked = [box for box in descendants(app.form)
              if isinstance(box, ipywidgets.VBox) and len(box.children) == 2
              and "kit-field-error" in box.children[0]._dom_classes
              and html.escape(problem) in box.children[1].value]
    # (a value with no field of its own, resume= or record=, is named above the form)
    assert marked or field in ("deal", "resume", "record"), f"{field} is not marked"
    assert html.escape(problem) in app.link_problems.value
    return problem


@pytest.mark.parametrize(("game", "query", "field", "says"), [
    ("hanabi", "pause=abc", "pause", "'abc' is not a number of seconds from 0 to 5"),
    ("hanabi", "pause=nan", "pause", "'nan' is not a number of seconds"),
    ("hanabi", "pause=1e308", "pause", "is not a number of seconds"),
    ("hanabi", "players=9", "players", "'9' is not a number of players from 2 to 5"),
    ("hanabi", "players=" + "9" * 5000, "players", "is not a number of players"),
    ("hanabi", "variant=purple", "variant", "'purple' is not one of classic, six_colours"),
    ("hanabi", "seats=human,robot", "seats", "'robot' is not a seat"),
    ("hanabi", "players=2&seats=human,bot:rule,bot:rule", "seats", "3 seats named for 2"),
    ("hanabi", "mode=godmode", "mode", "'godmode' is not a mode"),
    ("hanabi", "seed=-3", "seed", "is not a whole number from 0 to 2**63 - 1"),
    ("hanabi", f"seed={2**64}", "seed", "is not a whole number from 0 to 2**63 - 1"),
    ("hanabi", "allow_empty_hints=maybe", "allow_empty_hints", "is not yes or no"),
    ("hanabi", "deal=x", "deal", "not an option this form sets"),
    ("hanabi", "resume=" + "9" * 5000, "resume", "is not a recorded game's id"),
    ("hanabi", "resume=-1", "resume", "is not a recorded game's id"),
    ("hanabi", "record=maybe", "record", "is not 0 or 1"),
    ("waiting_list", "round_laps=lots", "round_laps", "'lots' is not a whole number"),
    ("waiting_list", "round_laps=0", "round_laps", "must be at least 1, not 0"),
    ("waiting_list", "deck=/dev/zero", "deck", "'/dev/zero' is not one of waiting_list/deck"),
    ("pug_party", "deck=/etc/passwd", "deck", "the data sets shipped with the kit"),
    ("pug_party", "deck=../../etc/hostname", "deck", "the data sets shipped with the kit"),
    ("domino_metro", "set_file=/proc/self/environ", "set_file", "not one of domino_metro/"),
])
def test_a_link_value_the_form_cannot_take_marks_the_field_and_starts_nothing(
        game, query, field, says):
    app = PlaytestApp(game, query=query + "&start=1" + ("" if "record=" in query
                                                         else "&record=0"))
    assert app.board is None and app.form.layout.display != "none"
    assert says in reason_shown(app, field)
    assert len(app.problems[field]) < 160 and "\n" not in app.problems[field]
    assert set(app.problems) == {field}


def test_a_data_option_offers_only_the_shipped_data_sets():
    app = PlaytestApp("waiting_list", query="record=0")
    for name in ("deck", "rounds", "penalties"):
        choices = [value for _label, value in app.options[name].options]
        assert choices and all((DATA_DIR / c).is_file() for c in choices)
        assert choices[0] == kit.spec("waiting_list").options[name].default
    assert shipped_data("waiting_list", "deck") == ("waiting_list/deck.toml",)


@pytest.mark.parametrize("query", ["deck=pug_party/deck.toml", "deck=deck.toml"])
def test_a_link_may_name_a_shipped_data_set(query):
    app = PlaytestApp("pug_party", query=query + "&record=0&seed=2&start=1")
    assert app.problems == {} and app.board is not None


def test_a_good_link_still_starts_the_game():
    app = PlaytestApp("hanabi", query="players=3&seats=human,bot:rule,bot:random&seed=7"
                                      "&pause=0.5&mode=teacher&variant=rainbow_wild"
                                      "&allow_empty_hints=1&record=0&start=1")
    assert app.problems == {} and app.link_problems.value == ""
    b = app.board
    assert b is not None and b.state.players == 3 and b.state.seed == 7
    assert b.state.options["variant"] == "rainbow_wild" and b.mode == "teacher"
