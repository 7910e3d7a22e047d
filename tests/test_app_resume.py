"""Going on with a recorded game from the app (issue 37, item 9): only the page that
started it holds the key its link needs, and no page lists anyone's unfinished games."""

from __future__ import annotations

import html
import json
import re
from urllib.parse import quote

import ipywidgets
import pytest

from widgets.app import PlaytestApp


def test_a_game_goes_on_only_from_the_link_its_page_showed(tmp_path, monkeypatch):
    """Issue 37, item 9: the form lists nobody's unfinished games (the list was public:
    anyone could take over anyone's game), and ``?resume=<id>`` needs the key that only
    the page that started the game showed, under its board."""
    pytest.importorskip("kit.record")
    monkeypatch.setenv("KIT_RECORD_URL", f"sqlite:///{tmp_path}/playtests.sqlite")
    page = PlaytestApp("pug_party", query="seed=4&pause=0&start=1")
    page.board.act(page.board.legal[0]["action"])
    game_id = page.board.record_id
    link = page.resume_link
    assert re.fullmatch(rf"\?resume={game_id}&key=[\w%-]{{30,}}&lang=ru", link)
    assert html.escape(link) in page.recording_note.value
    # the board's own link (under its log) carries the same key: its page sends it
    assert "&key=" + quote(page.board.resume_key) + "&" in link
    form = PlaytestApp("pug_party", query="players=3")
    assert "?resume=" not in json.dumps([c.get_state() for c in form.form.children
                                         if isinstance(c, ipywidgets.HTML)])
    for query in (f"resume={game_id}", f"resume={game_id}&key=guess",
                  f"resume={game_id}&key={link.split('key=')[1].split('&')[0][:-1]}"):
        other = PlaytestApp("pug_party", query=query + "&pause=0")
        assert other.board is None and "можно продолжить только по ссылке" in html.unescape(
            other.link_problems.value)  # (at the top of the page, over the form)
    app = PlaytestApp("pug_party", query=link[1:] + "&pause=0")
    assert app.board is not None and app.board.state.history == page.board.state.history
    assert app.resume_link == link and app.board.resume_key == page.board.resume_key


def test_a_recorded_game_opens_with_no_error_on_its_board(tmp_path, monkeypatch):
    """The app gives its board the key of the resume link (issue 37, item 9); that is the
    kernel's doing, so the board must not take it for a write by the page and show a
    refusal above a game nobody has touched, neither when it starts nor when it goes on."""
    pytest.importorskip("kit.record")
    monkeypatch.setenv("KIT_RECORD_URL", f"sqlite:///{tmp_path}/playtests.sqlite")
    page = PlaytestApp("hanabi", query="seed=2&pause=0&start=1&lang=en")
    assert page.board.resume_key and page.board.error == ""
    page.board.act(page.board.legal[0]["action"])
    again = PlaytestApp("hanabi", query=page.resume_link[1:] + "&pause=0&lang=en")
    assert again.board.resume_key == page.board.resume_key and again.board.error == ""


def test_a_teacher_game_goes_on_as_a_teacher_game(tmp_path, monkeypatch):
    """A teacher's game (every hand open, for a projector) came back from its link as a
    game against bots with the other hands hidden; its link says ``mode=teacher``, and the
    page's language rides along."""
    pytest.importorskip("kit.record")
    monkeypatch.setenv("KIT_RECORD_URL", f"sqlite:///{tmp_path}/playtests.sqlite")
    page = PlaytestApp("domino_metro", query="mode=teacher&seed=3&pause=0&start=1&lang=uk")
    assert page.board.mode == "teacher" and page.board.open_hands
    page.board.act(page.board.legal[0]["action"])
    assert page.resume_link.endswith("&mode=teacher&lang=uk")
    again = PlaytestApp("domino_metro", query=page.resume_link[1:] + "&pause=0")
    assert again.board.mode == "teacher" and again.board.t.lang == "uk"
    assert again.board.open_hands == page.board.open_hands
    assert again.resume_link == page.resume_link
    played = PlaytestApp("domino_metro", query="seed=3&pause=0&start=1&lang=uk")
    assert "mode=" not in played.resume_link and played.board.open_hands == []
