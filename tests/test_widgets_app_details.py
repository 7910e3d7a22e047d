"""The playtest apps' details a playtester met (kernel side, no browser): the fields'
tooltips, the feedback form's field and its thanks, the table host's buttons, a
cooperative game's result, what a replay says of recording, and a finished game's link."""

from __future__ import annotations

import html
import random
import sys
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest

from kit.i18n import Words
from widgets.app import PlaytestApp
from widgets.app_result import feedback_form, result_html

sys.path.insert(0, str(Path(__file__).parent))
from widget_page import human_turns


def widgets_in(root: w.Widget) -> list[w.Widget]:
    """``root`` and every widget inside it."""
    found = [root]
    for child in getattr(root, "children", ()):
        found += widgets_in(child)
    return found


def null_tooltips(root: w.Widget) -> list[str]:
    """The labelled fields under ``root`` whose label the browser titles «null»
    (ipywidgets 8 writes a tooltip left unset into its label's title as it is); a
    button titles itself with its words when it has no tooltip."""
    return [x.description for x in widgets_in(root)
            if isinstance(x, w.widgets.widget_description.DescriptionWidget)
            and not isinstance(x, w.Button) and x.description and x.tooltip is None]


@pytest.mark.parametrize("game", ["hanabi", "waiting_list", "pug_party", "domino_metro"])
def test_no_field_of_the_form_or_the_feedback_is_titled_null(tmp_path, monkeypatch, game):
    """Hovering «Пауза ботов (с)» showed «null»: every labelled field of the setup form,
    of the result panel's feedback form and of a table's pages has a tooltip of its own
    (an option: its explanation) or none."""
    pytest.importorskip("kit.record")
    monkeypatch.setenv("KIT_RECORD_URL", f"sqlite:///{tmp_path}/playtests.sqlite")
    app = PlaytestApp(game, query="pause=0&seed=2")
    app.players.value = app.players.options[-1]  # (the seat pickers made again)
    assert null_tooltips(app) == []
    assert all(widget.tooltip for widget in app.options.values())  # (their explanations)
    b = app.start()
    for _ in human_turns(b, random.Random(0)):
        pass
    assert app.result_panel.children and null_tooltips(app) == []
    app.form.children[-1].children[-1].click()  # "Create a table": the host's page
    assert app.host_page is not None and null_tooltips(app.host_page) == []
    from widgets.shared_table import TableApp

    assert null_tooltips(TableApp(query="lang=ru")) == []  # (the code to type)


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_feedback_says_thanks_beside_its_button_and_its_rule_field_is_wide(lang):
    """«Спасибо!» appeared under the form, below a 1080-pixel screen, and the unclear
    rule's hint was cut to «своими словами ил…» in a 148-pixel field: what a click did is
    said beside the button clicked, and the field is as wide as the text box above it."""
    saved: list[tuple] = []
    form = feedback_form(Words(lang), lang, "hanabi", lambda *a: saved.append(a))
    text = next(c for c in form.children if isinstance(c, w.Textarea))
    unclear = next(c for c in form.children if isinstance(c, w.Text))
    assert unclear.layout.width == text.layout.width == "min(100%, 36em)"
    row = form.children[-1]
    assert isinstance(row, w.HBox)
    send, said = row.children
    assert isinstance(send, w.Button) and send.layout.width == "auto"
    text.value = "бот сбросил пятёрку"
    send.click()
    assert saved and said.value == Words(lang)("Thank you!") and said in row.children


def test_the_table_hosts_buttons_keep_their_words_whole(tmp_path, monkeypatch):
    """«Отдать место 1 ...»: the host's button that gives a free seat to a bot was cut to
    ipywidgets' default width; it, and every button of a table's pages, is as wide as its
    words."""
    pytest.importorskip("kit.record")
    monkeypatch.setenv("KIT_RECORD_URL", f"sqlite:///{tmp_path}/playtests.sqlite")
    app = PlaytestApp("hanabi", query="players=2&seats=human,human&lang=ru")
    app.form.children[-1].children[-1].click()  # "Create a table"
    host = app.host_page
    buttons = [x for x in widgets_in(host) if isinstance(x, w.Button)]
    assert [b.description for b in buttons] == ["Отдать место 1 боту", "Отдать место 2 боту"]
    assert all(b.layout.width == "auto" for b in buttons)


def test_hb11_a_cooperative_result_is_the_teams_score_not_places():
    """HB-11: Hanabi's team shares one score; its result said «Место 1» for every seat
    and the score three times. It says the score once, and who played in the team; a game
    with places keeps its table of places."""
    names = ["Игрок 1", "Игрок 2 (бот: по правилам)", "Игрок 3 (бот: по правилам)"]
    result = {"game": "hanabi", "score": 15, "max_score": 25, "scores": [15] * 3,
              "places": [1] * 3, "lost": False}
    t = Words("ru")
    shown = html.unescape(result_html(result, names, t))
    assert t("Place") not in shown and shown.count("15") == 1
    assert t("Score {score} of {max}", score="<b>15</b>", max=25) in shown
    assert t("Team") in shown and all(name in shown for name in names)
    assert shown.count("<tr class='kit-team-seat'>") == 3
    lost = html.unescape(result_html({**result, "score": 0, "lost": True}, names, t))
    assert t("three mistakes") in lost and "(HB-8)" in lost
    ranked = result_html({"places": [2, 1], "scores": [3, 9]}, ["Ann", "Bob"], t)
    assert t("Place") in ranked and t("Team") not in ranked


def test_a_replay_says_nothing_of_recording(tmp_path, monkeypatch):
    """«Эта игра записывается для тестирования» stayed under a replay, which records
    nothing; the replay names each seat as the game did (a bot's seat too)."""
    pytest.importorskip("kit.record")
    monkeypatch.setenv("KIT_RECORD_URL", f"sqlite:///{tmp_path}/playtests.sqlite")
    app = PlaytestApp("hanabi", query="seed=4&pause=0&start=1&lang=ru")
    assert app.recording_note.value != ""
    for _ in human_turns(app.board, random.Random(0)):
        pass
    replay = app.replay()
    assert replay.mode == "replay" and app.recording_note.value == ""
    assert replay.names == app.board.names and "бот" in replay.names[1]


def _finished_game(tmp_path: Path, monkeypatch: Any) -> tuple[PlaytestApp, str]:
    pytest.importorskip("kit.record")
    monkeypatch.setenv("KIT_RECORD_URL", f"sqlite:///{tmp_path}/playtests.sqlite")
    played = PlaytestApp("pug_party", query="seed=5&pause=0&start=1&lang=uk")
    link = played.resume_link
    for _ in human_turns(played.board, random.Random(0)):
        pass
    return played, link


def test_a_finished_games_link_offers_its_replay(tmp_path, monkeypatch):
    """«Записанная партия 5 окончена: продолжать нечего.» was all a finished game's link
    said; it offers the replay of that game too (the key was right: it is the holder's
    game), which opens at the deal (a tester found it at the last move, every step forward
    greyed out), holds every move, names the seats as recorded and records nothing."""
    played, link = _finished_game(tmp_path, monkeypatch)
    app = PlaytestApp("pug_party", query=link[1:] + "&pause=0")
    assert "закінчено" in html.unescape(app.link_problems.value) and app.board is None
    (button,) = app.link_actions.children
    assert button.description == "Переглянути партію" and button in app.form.children[3].children
    button.click()
    (replay,) = app.board_box.children
    assert replay.mode == "replay" and replay.replay_length == len(played.board.state.history)
    assert replay.state.history == [] and replay.moves == 0
    replay.table.step(replay.replay_length)
    assert replay.state.history == played.board.state.history
    assert replay.names == played.board.names
    assert app.form.layout.display == "none" and app.recording_note.value == ""
    (back,) = app.result_panel.children  # back to the form
    back.click()
    assert app.form.layout.display is None and app.board_box.children == ()


@pytest.mark.parametrize("query", ["resume={id}&key=wrong", "resume={id}"])
def test_a_finished_games_replay_is_offered_only_with_its_key(tmp_path, monkeypatch, query):
    """The replay of a finished game goes only with the key of its link: a guessed one is
    refused as before, with nothing to replay."""
    _played, link = _finished_game(tmp_path, monkeypatch)
    game_id = link.split("resume=")[1].split("&")[0]
    app = PlaytestApp("pug_party", query=query.format(id=game_id) + "&pause=0")
    assert app.link_problems.value and app.link_actions.children == ()


@pytest.mark.parametrize("lang, place", [("ru", "место 1"), ("uk", "місце 1"), ("en", "place 1")])
def test_pp12_a_seat_out_of_cards_is_tagged_with_its_place(lang, place):
    """PP-12: a seat that ran out of cards was tagged «выходит: место 1» even after the
    game, a present tense whose past would be «вышел/вышла»; the tag says its place."""
    from widget_page import board

    words = board("pug_party", lang=lang).words["words"]
    assert words["pp_out"].format(n=1) == place


def test_dm10_wlr4_the_result_panel_counts_penalty_points_fewest_best():
    """DM-10, WL-R4: «Домино-Метро»'s panel said «Очки -1» for the loser's penalty point,
    and «Лист ожидания»'s scores are penalty points: both read as penalty points."""
    t = Words("ru")
    dm = html.unescape(result_html({"places": [1, 3, 2], "scores": [0, -1, 0],
                                    "penalty": [0, 1, 0]}, ["Аня", "Боря", "Вера"], t))
    assert t("Penalty points") in dm and "<td>-1</td>" not in dm and "<td>1</td>" in dm
    wl = html.unescape(result_html({"places": [1, 2], "scores": [78, 110], "lowest_wins": True},
                                   ["Аня", "Боря"], t))
    assert t("Penalty points") in wl and "110" in wl
