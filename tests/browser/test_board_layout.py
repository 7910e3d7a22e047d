"""What a playtester sees on a 1920×1080 screen and on a 390-pixel phone: the recent
events beside a wide board and under a narrow one; Hanabi saying why it offers no
discard (HB-5), showing every hand once the game is over (HB-2) and the team's score
(HB-11); the feedback's thanks by its button; no label titled «null»."""

from __future__ import annotations

from typing import Any

import pytest
from test_playtest_apps import WAIT_TURN, board_moves

from kit import i18n

pytestmark = pytest.mark.browser
WIDE = {"width": 1920, "height": 1080}
PHONE = {"width": 390, "height": 844}

#: the board's game column and its recent events, as boxes [left, top, right, bottom]
BOXES = """() => { const box = (s) => { const r = document.querySelector(s).getBoundingClientRect();
  return [r.left, r.top, r.right, r.bottom]; };
  return { main: box('.kit-board .kit-main'), side: box('.kit-board .kit-side'),
           width: document.documentElement.scrollWidth }; }"""
#: the unclear rule's hint: the width its words take, and the width the field gives them
HINT_ROOM = """() => { const i = document.querySelector('.kit-feedback .kit-unclear-rule input');
  const s = getComputedStyle(i); const c = document.createElement('canvas').getContext('2d');
  c.font = `${s.fontSize} ${s.fontFamily}`;
  return [c.measureText(i.placeholder).width,
          i.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight)]; }"""
#: labels a person can point at whose tooltip reads «null»
NULL_TITLES = """() => [...document.querySelectorAll('[title="null"]')]
  .filter((e) => e.getClientRects().length).map((e) => e.textContent)"""


def open_board(page: Any, url: str, query: str) -> None:
    page.goto(f"{url}/voila/render/{query}")
    page.wait_for_selector(".kit-board", timeout=90_000)
    page.wait_for_function(WAIT_TURN)


def play_to_the_end(page: Any, prefer: str = "") -> None:
    """Click the seat's moves (``prefer``'s class first) until the game is over."""
    for _ in range(400):
        page.wait_for_function(WAIT_TURN)
        if page.get_attribute(".kit-board", "data-over") == "1":
            return
        before = board_moves(page)
        chosen = page.locator(f".kit-board button.kit-act{prefer}:visible")
        if not chosen.count():
            chosen = page.locator(".kit-board button.kit-act:visible")
        chosen.first.click()
        page.wait_for_function(
            f"() => Number(document.querySelector('.kit-board').dataset.moves) > {before}")
    pytest.fail("the game did not end within 400 clicks")


@pytest.mark.parametrize("game", ["hanabi", "waiting_list", "pug_party", "domino_metro"])
def test_the_recent_events_are_beside_a_wide_board_and_under_a_phones(page: Any,
                                                                       voila_url: str,
                                                                       game: str):
    """At 1920×1080 the log was under the board, below the screen, while a third of the
    board stood empty: a board with room for both shows the recent events beside the
    game, from its top; on a phone they stay under the game, nothing to scroll sideways."""
    page.set_viewport_size(WIDE)
    open_board(page, voila_url, f"{game}_app.ipynb?start=1&record=0&pause=0.05&seed=3"
                                "&lang=ru")
    wide = page.evaluate(BOXES)
    (left, top, right, _), side = wide["main"], wide["side"]
    assert side[0] >= right and side[2] <= WIDE["width"] and abs(side[1] - top) < 5
    assert side[1] < WIDE["height"] / 2 and page.locator(".kit-board .kit-log").is_visible()
    assert right - left > WIDE["width"] / 2  # (the game keeps the most room)
    page.set_viewport_size(PHONE)
    page.wait_for_function("() => { const s = document.querySelector('.kit-board .kit-side')"
                           ".getBoundingClientRect(); return s.left < 100; }")
    narrow = page.evaluate(BOXES)
    assert narrow["side"][1] >= narrow["main"][3] and narrow["width"] <= PHONE["width"]
    assert not page.errors, page.errors


def test_hanabi_says_why_it_offers_no_discard_and_opens_the_hands_at_the_end(
        page: Any, voila_url: str):
    """HB-5: with all 8 hint tokens in place no «Сбросить» button showed, and nothing said
    why; the seat's hand says it. HB-2: at the end the player's own hand stayed «#1 ?»; it
    is shown. HB-11: the team's score once, not «Место 1» three times. The feedback's
    «Спасибо!» shows beside its button, and the link that goes on with the game is said
    once while it lasts."""
    t = i18n.words("ru")
    page.set_viewport_size(WIDE)
    open_board(page, voila_url, "hanabi_app.ipynb?start=1&pause=0.05&seed=3&lang=ru")
    mine = page.locator(".kit-board .kit-seat.kit-mine")
    assert mine.locator(".hb-discard").count() == 0
    assert mine.locator(".hb-why-discard").inner_text() == (
        t.plural("No discard: all {n} hint token is available",
                 "No discard: all {n} hint tokens are available", 8) + " (HB-5)")
    assert page.locator(".kit-resume-link").count() == 1  # (the app's, under the board)
    assert mine.locator(".hb-back").count() == 5
    play_to_the_end(page, ".hb-play")
    page.wait_for_selector(".kit-app-result")
    assert mine.locator(".hb-back").count() == 0 and mine.locator(".hb-card").count() >= 3
    assert mine.locator(".kit-tag").inner_text() == t(
        "your hand, shown now that the game is over")
    over = page.locator(".kit-board .kit-over")
    assert over.locator("table").count() == 0
    assert over.locator(".hb-team").inner_text().startswith(t("Team: {names}", names="Игрок 1"))
    result = page.inner_text(".kit-app-result")
    assert t("Place") not in result and page.locator(".kit-team-seat").count() == 3
    assert page.locator(".kit-resume-link").count() == 0
    words, room = page.evaluate(HINT_ROOM)  # («своими словами ил…» in 148 pixels)
    assert words <= room
    page.locator(".kit-feedback textarea").fill("Бот сбросил пятёрку")
    page.click(".kit-send-feedback")
    said = page.locator(".kit-feedback-said")
    said.wait_for()
    page.wait_for_function("() => document.querySelector('.kit-feedback-said').innerText")
    button, box = page.locator(".kit-send-feedback").bounding_box(), said.bounding_box()
    assert said.inner_text() == t("Thank you!")
    # (beside it: on its line, the middles level; the line is a status line, spoken)
    middles = [b["y"] + b["height"] / 2 for b in (box, button)]
    assert abs(middles[0] - middles[1]) < 5 and box["x"] > button["x"], (box, button)
    assert box["y"] >= 0 and box["y"] + box["height"] <= WIDE["height"]
    assert page.evaluate(NULL_TITLES) == []
    assert not page.errors, page.errors


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_no_label_of_the_form_is_titled_null(page: Any, voila_url: str, lang: str):
    """Pointing at «Пауза ботов (с)» showed the tooltip «null»: no label of the setup form
    has one."""
    page.set_viewport_size(PHONE)
    page.goto(f"{voila_url}/voila/render/hanabi_app.ipynb?lang={lang}")
    page.wait_for_selector(".kit-setup .kit-seed", timeout=90_000)
    page.wait_for_load_state("networkidle")
    assert page.evaluate(NULL_TITLES) == []
    assert not page.errors, page.errors


@pytest.mark.parametrize("size", [WIDE, PHONE], ids=["wide", "phone"])
@pytest.mark.parametrize("path", ["lessons/hanabi.ipynb?lang=ru", "hanabi_app.ipynb?start=1",
                                  "waiting_list_classroom.ipynb?lang=ru"])
def test_a_board_spans_its_page_wherever_it_stands(page: Any, voila_url: str, path: str,
                                                  size: dict):
    """A board takes no width from what it shows (its width decides where its recent
    events go): a lesson's board, in a row of the lesson, shrank to 30 px; every board
    spans its page, on a phone as on a projector."""
    page.set_viewport_size(size)
    page.goto(f"{voila_url}/voila/render/{path}")
    board = page.wait_for_selector(".kit-board", timeout=90_000)
    assert board.bounding_box()["width"] > 0.9 * size["width"] - 40
    assert page.evaluate("() => document.documentElement.scrollWidth") <= size["width"] + 1
