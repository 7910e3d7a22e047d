"""The playtest app's address (the tester's walk: F5 during a recorded game started a new
game, the address keeping ``...&start=1``): in Voilà, once a recorded game started, the
page's address is its continue link, so a reload goes on with it; and a continue link
opened in another game's app is refused naming that game, with a link to its app."""

from __future__ import annotations

import html

import pytest

from widgets.app import PlaytestApp


@pytest.fixture
def voila(tmp_path, monkeypatch):
    monkeypatch.setenv("KIT_RECORD_URL", f"sqlite:///{tmp_path}/playtests.sqlite")
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5")  # (what Voilà starts a kernel with)


def test_a_started_recorded_game_makes_its_continue_link_the_pages_address(voila):
    page = PlaytestApp("hanabi", query="seed=2&pause=0&start=1&lang=en")
    assert page.resume_link and page.address.url == page.resume_link
    page.board.act(page.board.legal[0]["action"])
    # the reload opens that address: the same game, its move kept
    again = PlaytestApp("hanabi", query=page.address.url[1:] + "&pause=0")
    assert again.board is not None and again.board.state.history == page.board.state.history
    assert again.address.url == page.resume_link  # (and stays so for the next reload)
    # back to the form: a reload opens the form, not the game left nor a new start=1 one
    page.new_setup()
    assert "start=" not in page.address.url and "resume=" not in page.address.url


def test_an_unrecorded_game_or_jupyterlab_keeps_its_address(voila, monkeypatch):
    assert PlaytestApp("hanabi", query="seed=2&pause=0&start=1&record=0").address.url == ""
    monkeypatch.delenv("SERVER_SOFTWARE")  # (JupyterLab: the address is Lab's own)
    page = PlaytestApp("hanabi", query="seed=2&pause=0&start=1")
    assert page.resume_link and page.address.url == ""


def test_another_games_continue_link_is_refused_naming_its_game(voila):
    """DM-R5's game opened in the Hanabi app said «Записанная партия 6 окончена» and offered
    its replay on a Hanabi board."""
    dm = PlaytestApp("domino_metro", query="seed=3&pause=0&start=1&lang=ru")
    link = dm.resume_link
    for _ in range(3):  # (a finished or a going game alike)
        dm.board.act(dm.board.legal[0]["action"])
    hanabi = PlaytestApp("hanabi", query=link[1:] + "&pause=0")
    said = html.unescape(hanabi.link_problems.value)
    assert hanabi.board is None and "«Домино-Метро»" in said and "окончена" not in said
    assert hanabi.link_actions.children, "no link to the right app"
    other = hanabi.link_actions.children[0].value
    assert "domino_metro_app.ipynb?resume=" in other and "kit-replay-recorded" not in other
    assert PlaytestApp("domino_metro", query=html.unescape(other.split("?", 1)[1].split(
        "'", 1)[0]) + "&pause=0").board is not None
