"""Issue 6 (modes): every board is usable in a phone-width window and readable on a
projector. At every turn of the human seat, in a 390 px window and a 1920 px one, and
in teacher and replay mode in the 390 px one: nothing of the board reaches past the
window's sides, every control is a target of at least 24 x 24 px (WCAG 2.5.8), and no
word is split across two lines (a line may end at a hyphen, as in "PP-" "R6")."""

from __future__ import annotations

import random
from typing import Any

import pytest
from test_board_interaction import open_app
from test_playtest_apps import WAIT_TURN, board_moves

pytestmark = pytest.mark.browser

TURNS = 10
MIN_TARGET_PX = 24

# (board element) -> what of it breaks the layout rules above
LAYOUT = r"""(board) => {
  const width = document.documentElement.clientWidth;
  const label = (el) => `${el.tagName.toLowerCase()}.${el.getAttribute('class') || ''} `
    + `"${(el.textContent || '').trim().slice(0, 24)}"`;
  const past = [...board.querySelectorAll('*')].filter((el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && (r.left < -0.5 || r.right > width + 0.5);
  }).map(label);
  // a checkbox's target is its label, which the board wraps around it
  const small = [...board.querySelectorAll('button, select, label')].filter((el) => {
    const r = el.getBoundingClientRect();
    return el.offsetParent && (r.width < %(min)d - 0.01 || r.height < %(min)d - 0.01);
  }).map((el) => { const r = el.getBoundingClientRect();
    return `${label(el)} ${r.width.toFixed(1)}x${r.height.toFixed(1)}`; });
  const split = [];
  const texts = document.createTreeWalker(board, NodeFilter.SHOW_TEXT);
  for (let node; (node = texts.nextNode());) {
    for (const m of node.data.matchAll(/[^\s-]+-?/g)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0)
        .map((r) => Math.round(r.bottom)));
      if (lines.size > 1) split.push(`${m[0]} in ${label(node.parentElement)}`);
    }
  }
  return { past, small, split, buttons: board.querySelectorAll('.kit-act').length };
}""".replace("%(min)d", str(MIN_TARGET_PX))


@pytest.mark.parametrize("width", [390, 1920])
@pytest.mark.parametrize("game", ["hanabi", "waiting_list", "pug_party", "domino_metro"])
def test_the_board_fits_the_window_with_whole_words_and_large_targets(
        page: Any, voila_url: str, game: str, width: int):
    page.set_viewport_size({"width": width, "height": 900})
    open_app(page, voila_url, game, 3)
    rng = random.Random(width)
    checked = 0
    for _ in range(TURNS):
        got = assert_laid_out(page.locator(".kit-board"))
        assert got["buttons"], "a human turn offers moves"
        checked += 1
        before = board_moves(page)
        page.locator(".kit-board .kit-act").nth(rng.randrange(got["buttons"])).click()
        page.wait_for_function(f"() => Number(document.querySelector('.kit-board')"
                               f".dataset.moves) > {before}")
        page.wait_for_function(WAIT_TURN)
        if page.get_attribute(".kit-board", "data-over") == "1":
            break
    assert checked >= 3
    assert not page.errors, page.errors


def assert_laid_out(board: Any) -> dict:
    got = board.evaluate(LAYOUT)
    assert got["past"] == [], f"past the window's sides: {got['past'][:5]}"
    assert got["small"] == [], f"targets under {MIN_TARGET_PX} px: {got['small'][:5]}"
    assert got["split"] == [], f"words split across lines: {got['split'][:8]}"
    return got


def open_teacher_board(page: Any, voila_url: str, game: str, width: int, height: int) -> Any:
    """The app's board in teacher mode (every hand open: the most a board shows at once)
    in a window of this size, at the human seat's turn."""
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{voila_url}/voila/render/{game}_app.ipynb?start=1&record=0&pause=0&seed=3"
              "&mode=teacher")
    board = page.locator(".kit-board.kit-mode-teacher")
    board.wait_for(timeout=90_000)
    page.wait_for_function(WAIT_TURN)
    return board


@pytest.mark.parametrize("game", ["hanabi", "waiting_list", "pug_party", "domino_metro"])
def test_a_teacher_board_fits_a_phone_width_window(page: Any, voila_url: str, game: str):
    """Teacher mode opens every hand: the most a board shows at once."""
    board = open_teacher_board(page, voila_url, game, 390, 900)
    assert assert_laid_out(board)["buttons"]
    assert not page.errors, page.errors


def test_a_replay_board_fits_a_phone_width_window(page: Any, voila_url: str):
    """Replay mode adds its step buttons and the seat picker."""
    page.set_viewport_size({"width": 390, "height": 900})
    page.goto(f"{voila_url}/voila/render/hanabi_tutorial.ipynb")
    board = page.locator(".kit-board.kit-mode-replay").first
    board.wait_for(timeout=120_000)
    board.scroll_into_view_if_needed()
    assert board.locator(".kit-replay select").count() == 1
    assert_laid_out(board)
    assert not page.errors, page.errors


# (board element) -> each seat's box and whether it is the seat shown, the table's width,
# and per seat the number of lines its hand's cards take
SEATS = r"""(board) => {
  const table = board.querySelector('.kit-table').getBoundingClientRect();
  const seats = [...board.querySelectorAll('.kit-table > .kit-seat')].map((el) => {
    const r = el.getBoundingClientRect();
    const hand = el.querySelector('.hb-hand');
    const cards = hand ? [...hand.children] : [];
    const tops = cards.map((c) => Math.round(c.getBoundingClientRect().top));
    const lines = hand ? new Set(tops).size : null;
    return { seat: el.dataset.seat, top: r.top, left: Math.round(r.left), width: r.width,
      mine: el.classList.contains('kit-mine'), lines };
  });
  return { tableWidth: table.width, seats, height: board.getBoundingClientRect().height };
}"""


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 800)], ids=["1080p", "wxga"])
@pytest.mark.parametrize("game", ["hanabi", "waiting_list", "pug_party", "domino_metro"])
def test_a_projector_shows_the_seats_side_by_side_in_places_that_stay(page: Any, voila_url: str,
                                                                      game: str,
                                                                      size: tuple[int, int]):
    """On a 1920 x 1080 projector, and on a 1280 x 800 one (WXGA, common in classrooms),
    a teacher board puts the seats side by side, in seat order, each in the place it
    keeps as the turn passes (the seat to act is marked, not moved: a class loses track
    of hands that swap places every move), so that a class sees more of the table without
    scrolling; a Hanabi hand stays on one line, its slots in order (HB-2). The layout rules
    above still hold."""
    board = open_teacher_board(page, voila_url, game, *size)
    got = board.evaluate(SEATS)
    seats = got["seats"]
    assert [s["seat"] for s in seats] == [str(p) for p in range(len(seats))], seats
    rows = {round(s["top"]) for s in seats}
    assert len(rows) < len(seats), f"no two seats share a row: {seats}"
    assert all(s["width"] < got["tableWidth"] - 1 for s in seats), seats
    if game == "hanabi":
        assert [s["lines"] for s in seats] == [1] * len(seats), seats
    assert assert_laid_out(board)["buttons"]
    moves = board.get_attribute("data-moves")
    board.locator("button.kit-act:visible").first.click()
    page.wait_for_function(f"() => document.querySelector('.kit-board').dataset.moves !== "
                           f"'{moves}'")
    after = board.evaluate(SEATS)["seats"]
    assert [(s["seat"], s["left"]) for s in after] == [(s["seat"], s["left"]) for s in seats]
    assert assert_laid_out(board)["buttons"]
    assert not page.errors, page.errors
