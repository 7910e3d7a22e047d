"""The playtest app (kernel side, no browser): the setup form, the board it starts,
the result panel, play again, replay, resume, feedback and what it says it records."""

from __future__ import annotations

import html
import random
import re
import sys
from pathlib import Path

import ipywidgets as w
import pytest

import kit
from kit.i18n import Words
from widgets import BOARDS
from widgets.app import PlaytestApp
from widgets.app_form import query_params
from widgets.app_result import result_html

sys.path.insert(0, str(Path(__file__).parent))
from widget_page import human_turns


def test_the_app_form_starts_a_board_shows_the_result_and_plays_again():
    app = PlaytestApp("domino_metro", query="lang=en&players=2&seats=human,bot:random&seed=9"
                                          "&pause=0&record=0")
    assert app.players.value == 2 and [p.value for p in app.seat_pickers] == [
        "human", "bot:random"]
    b = app.start()
    assert b is not None and b.state.seed == 9 and app.form.layout.display == "none"
    for _ in human_turns(b, random.Random(0)):
        pass
    panel = app.result_panel.children[0]
    assert "Result" in panel.value and panel.value.count("<tr class='kit-place") == 2
    replay = app.replay()
    assert replay.mode == "replay" and replay.replay_length == len(b.state.history)
    assert app.board_box.children == (replay,)
    again = app.play_again()
    assert again is not b and again.state.seed == 9 and not again.state.over
    assert again.moves < len(b.state.history) and app.board_box.children == (again,)
    assert app.result_panel.children == ()


@pytest.mark.parametrize("game", list(BOARDS))
@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_the_app_form_names_each_house_rule_in_words_with_its_rule_id(game, lang):
    """Issues 6 and 38 (forms for people): each option of the setup form is a labelled
    control in the page's language, with a one-line explanation under it that ends with
    its RULES.md id in small print; enumerations are dropdowns of words, flags checkboxes."""
    spec = kit.spec(game)
    app = PlaytestApp(game, query=f"record=0&lang={lang}")
    t = Words(lang)
    assert app.options, "every game has house rules to set"
    for (name, widget), row in zip(app.options.items(), app.option_rows, strict=True):
        opt = spec.options[name]
        label = t.ctx("option", name)
        assert widget.description == label and label != name and "_" not in label
        help_line = html.unescape(row.children[1].value)
        assert re.fullmatch(r"(HB|WL|PP|DM)-R?\d+", opt.rule) and f"({opt.rule})" in help_line
        assert t.ctx("option-help", f"{game}.{name}") in help_line
        if opt.choices:
            assert isinstance(widget, w.Dropdown) and all(
                "_" not in text for text, _value in widget.options)
        elif isinstance(opt.default, bool):
            assert isinstance(widget, w.Checkbox)


def test_the_app_reports_a_bad_seed_instead_of_starting():
    app = PlaytestApp("hanabi", query="record=0")
    app.seed.value = "soon"
    assert app.start() is None
    assert "Номер раздачи" in app.message.value and app.board is None


def test_query_params_and_result_html():
    assert query_params("a=1&b=x&b=y") == {"a": "1", "b": "y"}
    html = result_html({"places": [2, 1], "scores": [3, 9]}, ["Ann", "Bob"])
    assert html.index("Bob") < html.index("Ann")


def test_a_result_without_scores_has_no_column_of_dashes():
    """PP-12: Pug Party ranks by the order players run out; its result table shows places
    and players, no "Score" column of dashes (a game with scores keeps the column)."""
    bare = result_html({"places": [2, 1, 3], "scores": None}, ["Ann", "Bob", "Cy"], Words("en"))
    assert "Score" not in bare and "—" not in bare and bare.count("<tr") == 4
    scored = result_html({"places": [2, 1], "scores": [3, 9]}, ["Ann", "Bob"], Words("en"))
    assert "Score" in scored and "<td>9</td>" in scored


def test_the_app_records_the_game_and_its_feedback(tmp_path, monkeypatch):
    record = pytest.importorskip("kit.record")
    url = f"sqlite:///{tmp_path}/playtests.sqlite"
    monkeypatch.setenv("KIT_RECORD_URL", url)
    app = PlaytestApp("hanabi", query="seed=3&pause=0&lang=en")
    b = app.start()
    for _ in human_turns(b, random.Random(0)):
        pass
    form = app.result_panel.children[-1]
    assert "kit-feedback" in form._dom_classes
    _title, _seat, rating, text, unclear, (send, sent) = [
        c.children if isinstance(c, w.HBox) else c for c in form.children]
    rating.value, text.value, unclear.value = 4, "fun", "HB-4"
    send.click()
    assert sent.value == "Thank you!" and b.error == ""
    games = record.load_games(url)
    assert games.iloc[0]["seats"] == ["human:Seat 1", "bot:rule", "bot:rule"]
    assert games.iloc[0]["seed"] == 3 and bool(games.iloc[0]["finished"])
    assert len(record.load_actions(url)) == len(b.state.history)
    assert record.load_feedback(url).iloc[0]["unclear_rule"] == "HB-4"


def test_the_app_resumes_a_recorded_game_that_did_not_finish(tmp_path, monkeypatch):
    """Issue 6 (nothing a player did is lost): a page reloaded mid-game starts afresh, but
    ``?resume=<id>`` (the link the board shows) replays the recorded moves, seats the same
    players and goes on recording the same game to its end."""
    record = pytest.importorskip("kit.record")
    url = f"sqlite:///{tmp_path}/playtests.sqlite"
    monkeypatch.setenv("KIT_RECORD_URL", url)
    page = PlaytestApp("pug_party", query="seed=4&pause=0&start=1")
    first = page.board
    rng = random.Random(2)
    for _ in range(3):
        first.act(rng.choice(first.legal)["action"])
    game_id, moves = first.record_id, list(first.state.history)
    assert game_id is not None and page.resume_link.startswith(f"?resume={game_id}&key=")
    app = PlaytestApp("pug_party", query=page.resume_link[1:] + "&pause=0")
    b = app.board
    assert b is not None and app.message.value == "" and app.form.layout.display == "none"
    assert b.state.history == moves and b.view == first.view and b.legal == first.legal
    assert (b.seat_kinds, b.names, b.mode) == (first.seat_kinds, first.names, "playtest")
    assert b.events == first.events and b.events  # the log lines the seat last saw
    for _ in human_turns(b, rng):
        pass
    assert b.record_id is None  # over: nothing to resume
    games = record.load_games(url)
    assert list(games["game_id"]) == [game_id] and bool(games.iloc[0]["finished"])
    assert len(record.load_actions(url)) == len(b.state.history) > len(moves)
    assert app.play_again().state.players == b.state.players


def test_the_app_says_what_it_records_before_and_during_a_recorded_game(tmp_path,
                                                                       monkeypatch):
    """The apps record by default (names typed, moves, feedback): the form says so, and
    how to play unrecorded, and so does the page under a recorded board."""
    record = pytest.importorskip("kit.record")
    monkeypatch.setenv("KIT_RECORD_URL", f"sqlite:///{tmp_path}/playtests.sqlite")
    app = PlaytestApp("hanabi", query="seed=3&pause=0&lang=en")
    note = html.unescape(app.consent.value)
    # (a link that says what it does, not a URL parameter to type)
    assert record.CONSENT_NOTE in note
    assert "href='?record=0&lang=en'>Play without recording<" in note
    assert "<code>" not in note
    assert app.consent in app.form.children and app.recording_note.value == ""
    app.start()
    assert record.CONSENT_NOTE in html.unescape(app.recording_note.value)
    app.new_setup()
    assert app.recording_note.value == ""
    quiet = PlaytestApp("hanabi", query="seed=3&pause=0&record=0&start=1")
    assert quiet.consent.value == "" and quiet.recording_note.value == ""


def test_a_broken_recordings_database_is_named_and_changes_nothing(tmp_path, monkeypatch):
    """Bad input: KIT_RECORD_URL naming a file that is not a database. The form says so
    and starts nothing (a game that cannot be recorded would lose what the players do),
    the file is left alone, and ``record=0`` plays unrecorded."""
    pytest.importorskip("kit.record")
    bad = tmp_path / "notes.sqlite"
    bad.write_text("my notes, not a database\n" * 100)
    monkeypatch.setenv("KIT_RECORD_URL", f"sqlite:///{bad}")
    app = PlaytestApp("pug_party", query="seed=4&pause=0")
    said = html.unescape(app.message.value)  # (on the form, before a game)
    assert "notes.sqlite" in said and "not a database" in said
    app.message.value = ""
    assert app.start() is None and app.board is None
    said = html.unescape(app.message.value)
    assert "notes.sqlite" in said and "not a database" in said and "?record=0" in said
    assert bad.read_text().startswith("my notes")
    assert PlaytestApp("pug_party", query="seed=4&pause=0&record=0&start=1").board is not None


@pytest.mark.parametrize("query, says", [
    ("resume=99", "Записанной партии 99 нет."),
    ("resume=1&key={key1}&record=0", "Эта страница ничего не записывает"),
    ("resume=1&key={key1}&game=hanabi",
     "Записанная партия 1 — из игры «Вечеринка мопсов», а не из этой."),
    ("resume=2&key={key2}", "Записанная партия 2 окончена: продолжать нечего."),
    ("resume=2&key={key2}&lang=uk", "Записану партію 2 закінчено: продовжувати нічого."),
    ("resume=1&key=wrong&lang=uk", "Записану партію 1 можна продовжити лише за посиланням"),
])
def test_the_app_says_why_it_cannot_resume_and_offers_the_form(tmp_path, monkeypatch,
                                                                query, says):
    pytest.importorskip("kit.record")
    monkeypatch.setenv("KIT_RECORD_URL", f"sqlite:///{tmp_path}/playtests.sqlite")
    one = PlaytestApp("pug_party", query="seed=4&pause=0&start=1")  # game 1, unfinished
    two = PlaytestApp("pug_party", query="seed=5&pause=0&start=1")  # game 2
    for _ in human_turns(two.board, random.Random(0)):
        pass
    keys = {f"key{n}": app.resume_link.split("key=")[1].split("&")[0]
            for n, app in ((1, one), (2, two))}
    game = "hanabi" if "game=hanabi" in query else "pug_party"
    app = PlaytestApp(game, query=query.format(**keys))
    assert app.board is None and app.form.layout.display != "none"
    # (at the top of the page, where a link's problems go, not under the start button)
    assert says in html.unescape(app.link_problems.value) and app.message.value == ""


@pytest.mark.parametrize("game, lang, hint", [
    ("hanabi", "ru", "своими словами или номер (например, HB-R1)"),
    ("waiting_list", "uk", "своїми словами або номер (наприклад, WL-R1)"),
    ("pug_party", "en", "in your words, or its number (e.g. PP-R1)"),
    ("domino_metro", "ru", "своими словами или номер (например, DM-R5)")])
def test_feedback_form_gives_an_example_rule_of_its_own_game(game, lang, hint):
    """The "unclear rule" field suggests one of the game's rulings, not another game's,
    and asks for the rule in the player's words first (players don't know rule numbers)."""
    from widgets.app_result import feedback_form

    form = feedback_form(Words(lang), lang, game, lambda *a: None)
    unclear = [c for c in form.children if isinstance(c, w.Text)]
    assert [c.placeholder for c in unclear] == [hint]


def test_feedback_sent_empty_is_refused_and_the_form_stays_open():
    """A click on «Отправить отзыв» before anything was said stored an empty row and
    locked the form, so the player's real feedback could not be sent."""
    from widgets.app_result import feedback_form

    saved: list[tuple] = []
    form = feedback_form(Words("ru"), "ru", "hanabi", lambda *a: saved.append(a))
    rating = next(c for c in form.children if "kit-rating" in c._dom_classes)
    send, said = form.children[-1].children  # (what a click did: beside the button)
    send.click()
    assert saved == [] and not send.disabled
    assert said.value == "Сначала поставьте оценку или напишите пару слов."
    rating.value = 4
    send.click()
    assert saved == [(4, "", None)] and send.disabled and said.value == "Спасибо!"


def test_the_link_that_goes_on_with_a_game_goes_once_the_game_is_over(tmp_path, monkeypatch):
    """Issue 37, item 9: "keep this link to go on with this game" stayed under the
    result of a finished game, which no link opens any more; what is recorded is still
    said."""
    record = pytest.importorskip("kit.record")
    monkeypatch.setenv("KIT_RECORD_URL", f"sqlite:///{tmp_path}/playtests.sqlite")
    app = PlaytestApp("pug_party", query="seed=5&pause=0&start=1&lang=en")
    link = html.escape(app.resume_link)
    assert link in app.recording_note.value
    for _ in human_turns(app.board, random.Random(0)):
        pass
    assert app.board.result is not None
    note = html.unescape(app.recording_note.value)
    assert "kit-resume-link" not in note and "keep" not in note
    assert record.CONSENT_NOTE in note
