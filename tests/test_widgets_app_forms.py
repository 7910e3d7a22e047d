"""The setup form for people (issue 38): seats numbered as on the board, optional player
names (the consent note says names are recorded), the page's language from ``?lang=``,
the browser or the kit-wide default, and a switch to the other languages."""

from __future__ import annotations

import html

import ipywidgets as w
import pytest

from kit import i18n
from widgets.app import PlaytestApp
from widgets.index import index_html


@pytest.mark.parametrize(("game", "option"), [("pug_party", "first_player"),
                                              ("waiting_list", "first_dealer")])
def test_a_seat_option_is_a_dropdown_of_the_seats_numbered_as_on_the_board(game, option):
    """PP-12 first player, WL-3 first dealer: "Игрок 1" is seat 0 of the engine, and the
    form offers only the seats at the table."""
    app = PlaytestApp(game, query=f"record=0&players=3&{option}=2")
    widget = app.options[option]
    assert isinstance(widget, w.Dropdown) and widget.value == 2
    assert widget.options == (("Игрок 1", 0), ("Игрок 2", 1), ("Игрок 3", 2))
    app.players.value = 2
    assert [v for _label, v in widget.options] == [0, 1] and widget.value == 0
    assert app.board is None


def test_player_names_are_asked_for_optional_and_reach_the_board():
    app = PlaytestApp("hanabi", query="record=0&seed=2&pause=0&players=3"
                                      "&seats=human,human,bot:rule")
    assert [f.layout.display for f in app.name_fields] == [None, None, "none"]
    app.seat_pickers[2].value = "human"
    assert app.name_fields[2].layout.display is None
    app.seat_pickers[2].value = "bot:rule"
    app.name_fields[0].value = "  Оля "
    b = app.start()
    assert b.names[0] == "Оля" and b.names[1] == "Игрок 2"
    assert b.names[2] == "Игрок 3 (бот: по правилам)"


@pytest.mark.parametrize(("query", "accept", "lang"), [
    ("lang=uk", None, "uk"), ("lang=en", "uk", "en"), ("", "uk-UA,uk;q=0.9", "uk"),
    ("", "de-DE", "ru"), ("", None, "ru"), ("lang=xx", None, "ru"),
])
def test_the_page_language_is_the_query_then_the_browser_then_russian(
        monkeypatch, query, accept, lang):
    if accept is None:
        monkeypatch.delenv("HTTP_ACCEPT_LANGUAGE", raising=False)
    else:
        monkeypatch.setenv("HTTP_ACCEPT_LANGUAGE", accept)
    app = PlaytestApp("pug_party", query=f"record=0&{query}")
    assert app.lang == lang and app.start_button.description == i18n.words(lang)(
        "Start the game")
    assert f"<b>{i18n.NAMES[lang]}</b>" in app.languages.value
    others = [code for code in i18n.LANGUAGES if code != lang]
    assert all(f"lang={code}" in app.languages.value for code in others)
    page = index_html(query=query)
    assert f"lang='{lang}'" in page and f"hanabi_app.ipynb?lang={lang}" in page


def test_the_index_has_no_table_to_scroll_sideways_and_links_every_game():
    page = index_html(query="lang=en")
    assert "<table" not in page and "grid-template-columns" in page
    for game in ("hanabi", "waiting_list", "pug_party", "domino_metro"):
        assert f"{game}_app.ipynb?lang=en" in page and f"{game}_tutorial.ipynb?lang=en" in page


def test_the_form_offers_every_bot_the_game_declares_and_a_link_seats_one():
    """Issue 41: the Hanabi form offers its convention and information-strategy bots (in
    the page's language), and a link that seats them starts a game they play in (HB-3)."""
    form = PlaytestApp("hanabi", query="players=3&record=0&lang=ru")
    offered = [value for _label, value in form.seat_pickers[1].options]
    assert {"bot:convention", "bot:info"} <= set(offered)
    labels = dict((value, label) for label, value in form.seat_pickers[1].options)
    assert labels["bot:convention"] != "bot: convention" and "convention" not in labels[
        "bot:convention"]
    app = PlaytestApp("hanabi", query="players=3&seats=human,bot:convention,bot:info"
                                      "&pause=0&start=1&record=0")
    assert app.problems == {} and app.board is not None
    board = app.board
    board.act(board.legal[0]["action"])  # the person moves; both bots answer
    assert len(board.state.history) == 3 and board.state.to_act == 0


@pytest.mark.parametrize("game", ["hanabi", "waiting_list", "pug_party", "domino_metro"])
def test_every_bot_of_every_game_has_its_one_line_in_every_language(game):
    """Under a seat picker the chosen bot says what kind of partner it is (context
    ``bot-help``, id ``<game>.<bot>``), in each language, each bot its own line."""
    import kit

    bots = kit.spec(game).declaration()["bots"]
    for lang in i18n.LANGUAGES:
        lines = [i18n.words(lang).ctx("bot-help", f"{game}.{bot}") for bot in bots]
        assert all(line != f"{game}.{bot}" for line, bot in zip(lines, bots, strict=True))
        assert len(set(lines)) == len(lines)


def test_the_chosen_bots_line_shows_under_its_seat_picker_in_the_page_language():
    """A person has no line; choosing a bot shows its line, in Ukrainian on a uk page."""
    app = PlaytestApp("hanabi", query="record=0&players=3&lang=uk")
    t = i18n.words("uk")
    picker, line = app.seat_pickers[1], app.seat_helps[1]
    assert picker.value == "bot:rule" and t.ctx("bot-help", "hanabi.rule") in line.value
    assert "партнер" in line.value  # (Ukrainian words, not the message id)
    assert app.seat_helps[0].value == ""  # (seat 1: a person)
    picker.value = "bot:convention"
    assert html.escape(t.ctx("bot-help", "hanabi.convention")) in line.value  # (escaped, as shown)
    picker.value = "human"
    assert line.value == ""
    assert all(h in [c for box in app.seat_box.children for c in box.children]
               for h in app.seat_helps)


def test_the_zero_double_rule_is_a_dropdown_of_the_scoring_files_rules_in_words():
    """DM-R4: how 0:0 counts is chosen among the shipped scoring file's rules, each said in
    the page's language (no "lone_10" to type), and a link may preset one."""
    from kit.domino_metro.scoring import load_scoring

    app = PlaytestApp("domino_metro", query="record=0&lang=ru&zero_double=lone_25")
    widget = app.options["zero_double"]
    assert isinstance(widget, w.Dropdown) and widget.value == "lone_25"
    assert [v for _label, v in widget.options] == ["lone_10", "always_10", "lone_25"]
    assert set(dict(widget.options).values()) == set(load_scoring().zero_double)
    ru = i18n.words("ru")
    assert [label for label, _v in widget.options] == [
        ru.ctx("choice", f"zero_double.{v}") for _l, v in widget.options]
    assert not any("_" in label for label, _v in widget.options)
