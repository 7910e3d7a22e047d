"""A board with the keyboard and a screen reader: focus stays in the board as it redraws,
the privacy screen is a dialog that holds focus over an inert board, every move button
has a name of its own, the page says its language, and the log reads out new lines."""

from __future__ import annotations

from typing import Any

import pytest
from test_playtest_apps import WAIT_TURN, board_moves

pytestmark = pytest.mark.browser

#: where focus is: "body", "board: <tag> <class>" or "outside: <tag>"
FOCUS = """() => { const a = document.activeElement, b = document.querySelector('.kit-board');
  if (!a || a === document.body) return 'body';
  return (b.contains(a) ? 'board: ' : 'outside: ') + a.tagName + ' ' + a.className; }"""

#: each move button's accessible name (aria-label, else its text) and full text (title)
NAMES = """() => [...document.querySelectorAll('.kit-board button.kit-act')].map((b) =>
  [b.getAttribute('aria-label') || b.textContent.trim(), b.title])"""


def open_board(page: Any, url: str, query: str) -> None:
    page.goto(f"{url}/voila/render/{query}")
    page.wait_for_selector(".kit-board", timeout=90_000)


def press_move(page: Any, selector: str = ".kit-board button.kit-act >> nth=0") -> None:
    """Focus a move from the keyboard and press Enter; wait for the kernel's answer."""
    before = board_moves(page)
    page.locator(selector).focus()
    page.keyboard.press("Enter")
    page.wait_for_function(
        f"() => Number(document.querySelector('.kit-board').dataset.moves) > {before}")


def test_focus_stays_in_the_board_and_every_move_has_its_own_name(page: Any, voila_url: str):
    """A move pressed from the keyboard hides the buttons while the bots move: focus goes
    to the board's status, not to <body>, and comes to no harm at the seat's next turn.
    A Russian page says so (the board and, in Voilà, the document); every move button is
    named by the whole move, and a Hanabi card by what its holder knows."""
    open_board(page, voila_url, "hanabi_app.ipynb?start=1&record=0&pause=0.3&seed=5&lang=ru")
    page.wait_for_function(WAIT_TURN)
    assert page.get_attribute(".kit-board", "lang") == "ru"
    assert page.evaluate("document.documentElement.lang") == "ru"
    title = page.evaluate("document.title")
    assert title and "hanabi_app" not in title, title

    names = page.evaluate(NAMES)
    assert len(names) > 10
    assert len({name for name, _ in names}) == len(names), names
    assert all(name == full for name, full in names), names  # the whole move, to the ear
    knows = page.locator(".kit-board .kit-mine .hb-know .kit-sr").all_inner_texts()
    assert len(knows) >= 4 and all(k.startswith(f"Карта {i + 1}:") for i, k in enumerate(knows))

    log = page.locator(".kit-board .kit-log ol")
    page.wait_for_function("() => document.querySelector('.kit-log ol')"
                           ".getAttribute('aria-live') === 'polite'")
    assert log.get_attribute("aria-relevant") == "additions"

    for _ in range(2):
        press_move(page, ".kit-board button.hb-play >> nth=0")
        assert page.evaluate(FOCUS).startswith("board: "), page.evaluate(FOCUS)
        page.wait_for_function(WAIT_TURN)
        assert page.evaluate(FOCUS).startswith("board: "), page.evaluate(FOCUS)
    # the focus ring is dark, unlike the amber marks of the board
    page.keyboard.press("Tab")
    ring = page.evaluate("getComputedStyle(document.activeElement).outlineColor")
    assert ring == "rgb(29, 29, 31)", ring
    assert not page.errors, page.errors


def test_the_privacy_screen_is_a_dialog_holding_focus_over_an_inert_board(
        page: Any, voila_url: str):
    """Hot-seat: once a seat has moved from the keyboard, the screen that asks for the
    device to be passed is a modal dialog named by its text, its button has focus, and
    nothing under it (the log's summary) can be reached."""
    open_board(page, voila_url, "pug_party_app.ipynb?start=1&record=0&pause=0&seed=3"
                                "&players=2&seats=human,human&lang=en")
    reveal = ".kit-board .kit-reveal"
    for _ in range(2):  # pass the device to the first seat, if the page asks; then move
        page.wait_for_function(f"() => !!document.querySelector('{reveal}') || ({WAIT_TURN})()")
        if page.locator(reveal).count():
            page.locator(reveal).focus()
            page.keyboard.press("Enter")
            page.wait_for_function(WAIT_TURN)
        press_move(page)
        page.wait_for_selector(reveal)
        if page.evaluate(FOCUS).startswith("board: BUTTON kit-reveal"):
            break
    dialog = page.locator(".kit-board .kit-privacy")
    assert dialog.get_attribute("role") == "dialog"
    assert dialog.get_attribute("aria-modal") == "true"
    label = page.locator(f"#{dialog.get_attribute('aria-labelledby')}")
    assert "Pass the device" in label.inner_text()
    assert page.evaluate(FOCUS).startswith("board: BUTTON kit-reveal"), page.evaluate(FOCUS)
    assert page.evaluate("() => !!document.querySelector('.kit-log summary').closest('[inert]')")
    assert page.evaluate("() => !document.querySelector('.kit-reveal').closest('[inert]')")
    ring = page.evaluate("getComputedStyle(document.activeElement).outlineColor")
    assert ring != page.evaluate("getComputedStyle(document.activeElement).backgroundColor")
    # revealed, the board is the seat's again, focus in it
    page.keyboard.press("Enter")
    page.wait_for_function(WAIT_TURN)
    assert page.evaluate("() => !document.querySelector('.kit-board [inert]')")
    assert page.evaluate(FOCUS).startswith("board: "), page.evaluate(FOCUS)
    assert not page.errors, page.errors
