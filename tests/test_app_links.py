"""What a link (Voilà's query string) may do to a playtest app (issue 37, items 7–8):
a value the form can't take opens the form with that field marked and a one-line
reason, and starts nothing; data options choose among the data sets shipped in
``data/``, so a link never makes the kernel read a file of the server's."""

from __future__ import annotations

import html
import re

import ipywidgets
import pytest

import kit
from kit.paths import DATA_DIR
from widgets.app import PlaytestApp
from widgets.app_form import shipped_data


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
    ("hanabi", "pause=abc", "pause", "'abc' — не число секунд от 0 до 5"),
    ("hanabi", "pause=nan", "pause", "'nan' — не число секунд"),
    ("hanabi", "pause=1e308", "pause", "— не число секунд"),
    ("hanabi", "players=9", "players", "'9' — не число игроков от 2 до 5"),
    ("hanabi", "players=9&lang=uk", "players", "'9' — не кількість гравців від 2 до 5"),
    ("hanabi", "players=9&lang=en", "players", "'9' is not a number of players from 2 to 5"),
    ("hanabi", "players=" + "9" * 5000, "players", "— не число игроков"),
    ("hanabi", "variant=purple", "variant", "'purple' — нет среди вариантов этого поля"),
    ("hanabi", "variant=purple&lang=uk", "variant", "'purple' — немає серед варіантів"),
    ("hanabi", "seats=human,robot", "seats", "'robot' — не человек и не бот этой игры"),
    ("hanabi", "seats=human,robot&lang=uk", "seats", "'robot' — не людина й не бот цієї гри"),
    ("hanabi", "players=2&seats=human,bot:rule,bot:rule", "seats",
     "3 места указано на 2 игроков"),
    ("hanabi", "mode=godmode", "mode", "'godmode' — нет такого режима"),
    ("hanabi", "mode=godmode&lang=uk", "mode", "'godmode' — немає такого режиму"),
    # (the reason does not repeat the field's label, «Номер раздачи», as the others)
    ("hanabi", "seed=-3", "seed", "'-3' — не целое число от 0 и больше"),
    ("hanabi", f"seed={2**64}", "seed", "— не целое число от 0 и больше"),
    ("domino_metro", "seed=abc&lang=uk", "seed", "'abc' — не ціле число від 0 і більше"),
    ("hanabi", "allow_empty_hints=maybe", "allow_empty_hints", "— не «да» или «нет» (1 или 0)"),
    ("hanabi", "deal=x", "deal", "не настройка этой формы"),
    ("hanabi", "resume=" + "9" * 5000, "resume", "Номер записанной партии — целое число"),
    ("hanabi", "resume=-1", "resume", "Номер записанной партии — целое число, а не '-1'."),
    ("hanabi", "resume=-1&lang=uk", "resume", "Номер записаної партії — ціле число"),
    ("hanabi", "record=maybe", "record", "'maybe' — не 0 и не 1; игра записывается"),
    ("waiting_list", "round_laps=lots", "round_laps", "'lots' — не целое число"),
    ("waiting_list", "round_laps=0", "round_laps", "нужно не меньше 1, а не 0"),
    ("waiting_list", "round_laps=0&lang=uk", "round_laps", "потрібно не менше 1, а не 0"),
    ("waiting_list", "deck=/dev/zero", "deck", "'/dev/zero' — нет среди наборов данных"),
    ("pug_party", "deck=/etc/passwd", "deck", "нет среди наборов данных, которые есть в комплекте"),
    ("pug_party", "deck=../../etc/hostname&lang=uk", "deck", "немає серед наборів даних"),
    ("domino_metro", "set_file=/proc/self/environ", "set_file", "нет среди наборов данных"),
])
def test_a_link_value_the_form_cannot_take_marks_the_field_and_starts_nothing(
        game, query, field, says):
    app = PlaytestApp(game, query=query + "&start=1" + ("" if "record=" in query
                                                         else "&record=0"))
    assert app.board is None and app.form.layout.display != "none"
    assert says in reason_shown(app, field)
    assert len(app.problems[field]) < 160 and "\n" not in app.problems[field]
    assert set(app.problems) == {field}
    if "lang=en" not in query:  # (the page's language, not English, above the form too)
        assert not re.search("[A-Za-z]{4,}", re.sub(r"'[^']*'|«[^»]*»|\(HB-\d+\)", "",
                                                    app.problems[field]))
        assert "This link" not in app.link_problems.value


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
