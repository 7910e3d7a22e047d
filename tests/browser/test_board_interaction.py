"""What a person does with a board besides clicking moves: pointing at a move to see what
it touches, and a board that keeps what they set (a collapsed log) while the game goes on.
Boards redraw through Preact, which patches the DOM instead of rebuilding it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_playtest_apps import WAIT_TURN, board_moves

pytestmark = pytest.mark.browser


def open_app(page: Any, url: str, game: str, seed: int, pause: float = 0.05) -> None:
    page.goto(f"{url}/voila/render/{game}_app.ipynb?start=1&record=0&pause={pause}&seed={seed}"
              "&lang=en")
    page.wait_for_selector(".kit-board", timeout=90_000)
    page.wait_for_function(WAIT_TURN)


def play_first_move(page: Any) -> None:
    before = board_moves(page)
    page.click(".kit-board .kit-act >> nth=0")
    page.wait_for_function(
        f"() => Number(document.querySelector('.kit-board').dataset.moves) > {before}")


def test_hb5_pointing_at_a_hint_marks_exactly_the_cards_it_touches(page: Any, voila_url: str):
    open_app(page, voila_url, "hanabi", 5)
    hints = page.query_selector_all(".kit-board .hb-hint")
    assert hints, "a Hanabi turn with hint tokens offers hints"
    for button in hints[:4]:
        action = json.loads(button.get_attribute("data-action"))
        button.hover()
        seat = page.locator(f".kit-seat[data-seat='{action['to']}']")
        page.wait_for_function("() => document.querySelector('.hb-touch') !== null")
        marked = seat.locator(".hb-slot").evaluate_all(
            "(els) => els.flatMap((el, i) => el.classList.contains('hb-touch') ? [i] : [])")
        assert marked == action["slots"]
        others = f".kit-seat:not([data-seat='{action['to']}']) .hb-touch"
        assert page.locator(others).count() == 0
    page.mouse.move(1, 1)
    page.wait_for_function("() => document.querySelector('.hb-touch') === null")
    assert not page.errors, page.errors


def test_dm_pointing_at_a_placement_marks_the_end_it_goes_on(page: Any, voila_url: str):
    """Issue 6 (boards), DM-3: a placement button pointed at, or focused from the keyboard,
    marks the end of the layout its tile would go on."""
    open_app(page, voila_url, "domino_metro", 4)
    for _ in range(40):  # play until a placement on an end (not the lead) is offered
        places = [b for b in page.query_selector_all(".kit-board .dm-place")
                  if json.loads(b.get_attribute("data-action")).get("end") is not None]
        if places:
            break
        play_first_move(page)
        page.wait_for_function(WAIT_TURN)
    else:
        raise AssertionError("no placement on an end was offered in 40 moves")
    end = json.loads(places[0].get_attribute("data-action"))["end"]
    places[0].hover()
    page.wait_for_function("() => document.querySelector('.dm-end.dm-hl') !== null")
    assert page.locator(".dm-end.dm-hl").evaluate_all(
        "(els) => els.map((el) => Number(el.dataset.end))") == [end]
    page.mouse.move(1, 1)
    page.wait_for_function("() => document.querySelector('.dm-hl') === null")
    # the keyboard too: a placement focused marks its end, and focus moving off unmarks it
    # (focused from elsewhere: after a draw the board itself keeps focus on its first move)
    page.evaluate("() => document.activeElement.blur()")
    places[0].focus()
    page.wait_for_function("() => document.querySelector('.dm-end.dm-hl') !== null")
    assert page.locator(".dm-end.dm-hl").evaluate_all(
        "(els) => els.map((el) => Number(el.dataset.end))") == [end]
    page.evaluate("() => document.activeElement.blur()")
    page.wait_for_function("() => document.querySelector('.dm-hl') === null")
    assert not page.errors, page.errors


def test_a_collapsed_log_stays_collapsed_and_numbers_its_lines(page: Any, voila_url: str):
    open_app(page, voila_url, "pug_party", 3)
    page.click(".kit-log summary")
    assert page.get_attribute(".kit-log", "open") is None
    play_first_move(page)
    page.wait_for_function(WAIT_TURN)
    assert page.get_attribute(".kit-log", "open") is None, "a redraw reopened the log"
    page.click(".kit-log summary")
    events = page.evaluate("""() => { const ms = [...globalThis.__kitModels];
        return ms[ms.length - 1].get('events'); }""")
    items = page.locator(".kit-log li").all_inner_texts()
    assert items[-len(events):] == [e["text"] for e in events]
    # the line of the first recent event is numbered n + 1
    start = int(page.get_attribute(".kit-log ol", "start"))
    assert start + len(items) - len(events) == events[0]["n"] + 1
    assert not page.errors, page.errors


# the log as a person sees it: its lines, the first one's number, whether its box
# scrolls and whether the newest line is within the box's visible part
LOG_VIEW = """() => { const box = document.querySelector('.kit-board .kit-log-box');
  const lines = [...box.querySelectorAll('li')];
  const r = box.getBoundingClientRect(), last = lines.at(-1).getBoundingClientRect();
  return { texts: lines.map((l) => l.textContent),
           start: Number(box.querySelector('ol').getAttribute('start')),
           scrolls: box.scrollHeight > box.clientHeight,
           newest_in_view: last.top >= r.top - 0.5 && last.bottom <= r.bottom + 0.5 }; }"""


def test_the_log_keeps_the_lines_seen_and_shows_the_newest(page: Any, voila_url: str):
    """Issue 6 (boards): the log keeps every line the seat saw since the board was drawn,
    numbered from 1 and ending with the recent events the kernel sends; its box shows
    the newest line at its bottom however many came before (the older ones scroll up)."""
    open_app(page, voila_url, "hanabi", 5)
    for _ in range(8):
        play_first_move(page)
        page.wait_for_function(WAIT_TURN)
        if page.get_attribute(".kit-board", "data-over") == "1":
            break
    got = page.evaluate(LOG_VIEW)
    events = page.evaluate(f"() => {LAST_MODEL}.get('events')")
    assert got["texts"][-len(events):] == [e["text"] for e in events]
    assert got["start"] == 1 and len(got["texts"]) == events[-1]["n"] + 1 > len(events)
    assert got["scrolls"] and got["newest_in_view"], got
    assert not page.errors, page.errors


LAST_MODEL = "[...globalThis.__kitModels].at(-1)"


def test_a_trait_the_page_writes_is_set_back_and_opens_no_hand(page: Any, voila_url: str):
    """The page asks for moves with messages only: a trait it writes and saves (``mode``
    "teacher" would open every hand) is set back by the kernel, the board says why, no
    hand opens, and the next move is answered as before."""
    open_app(page, voila_url, "hanabi", 5)
    page.evaluate(f"() => {{ const m = {LAST_MODEL}; m.set('mode', 'teacher'); "
                  "m.save_changes(); }")
    page.wait_for_function(f"() => {LAST_MODEL}.get('error').includes('may not set mode')")
    page.wait_for_function(f"() => {LAST_MODEL}.get('mode') === 'playtest'")
    assert page.evaluate(f"() => {LAST_MODEL}.get('open_hands')") == []
    assert "may not set mode" in page.inner_text(".kit-board .kit-error")
    play_first_move(page)
    page.wait_for_function(WAIT_TURN)
    assert page.locator(".kit-board .kit-error").count() == 0
    assert not page.errors, page.errors


def test_while_the_bots_move_the_last_moves_stay_hidden_and_cannot_be_sent(
        page: Any, voila_url: str):
    """Issue 6 (boards): after the human's move the board keeps its layout: the moves it
    offered (plays and HB-5 hints) stay in place, hidden and refused, and the
    status no longer says it is the seat's move; at the next turn the new moves show."""
    open_app(page, voila_url, "hanabi", 5, pause=1.5)
    before = board_moves(page)
    page.click(".kit-board .hb-play >> nth=0")
    page.wait_for_function(
        f"() => Number(document.querySelector('.kit-board').dataset.moves) > {before}")
    board = page.locator(".kit-board")
    assert "kit-waiting" in board.get_attribute("class")
    kept = page.locator(".kit-board .kit-act")
    assert kept.count() > 0 and not any(b.is_visible() for b in kept.all())
    assert page.locator(".kit-board .hb-hints").count() > 0
    assert not page.locator(".kit-board .hb-hints").first.is_visible()
    assert "Your move" not in page.inner_text(".kit-status")
    moves = board_moves(page)
    page.evaluate("() => document.querySelector('.kit-board .kit-act').click()")
    page.wait_for_timeout(300)
    assert board_moves(page) == moves and page.locator(".kit-error").count() == 0
    page.wait_for_function(WAIT_TURN, timeout=30_000)
    assert "kit-waiting" not in board.get_attribute("class")
    assert all(b.is_visible() for b in page.locator(".kit-board .kit-act").all())
    assert not page.errors, page.errors


def test_a_replay_stepped_back_and_seen_by_another_seat_shows_that_seats_lines(
        page: Any, voila_url: str):
    """The log's lines follow the replay's position and the seat it is seen by: stepping
    back drops the later lines, and another seat's view has its own numbered lines."""
    page.goto(f"{voila_url}/voila/render/hanabi_tutorial.ipynb")
    board = page.locator(".kit-board.kit-mode-replay").first
    board.wait_for(state="visible", timeout=120_000)
    read = """(el) => { const m = [...globalThis.__kitModels].find((m) =>
        String(m.get('moves')) === el.dataset.moves && m.get('mode') === 'replay');
        return [m.get('events').map((e) => e.text), m.get('events').map((e) => e.n)]; }"""

    def check() -> list[str]:
        texts, ns = board.evaluate(read)
        shown = board.locator(".kit-log li").all_inner_texts()
        assert shown == texts
        if ns:
            assert board.locator(".kit-log ol").get_attribute("start") == str(ns[0] + 1)
        return shown

    end = check()
    board.locator("[data-step='back']").click()
    page.wait_for_timeout(300)
    back = check()
    assert back != end
    board.locator(".kit-replay select").select_option(index=2)  # seen by seat 2
    page.wait_for_timeout(300)
    assert check() != back
    board.locator("[data-step='first']").click()
    page.wait_for_timeout(300)
    assert check() == []
    scrub = board.locator("input.kit-scrub")  # a long replay is crossed in one drag
    half = int(scrub.get_attribute("max")) // 2
    scrub.fill(str(half))
    page.wait_for_timeout(300)
    assert board.get_attribute("data-moves") == str(half)
    assert not page.errors, page.errors


# what a Hanabi slot shows of the card, as a person sees it: the colour chips and value
# chips faded (ruled out) and ringed (told)
SHOWN_KNOWLEDGE = """(els) => els.map((slot) => {
  const faded = (c) => Number(getComputedStyle(c).opacity) < 0.5;
  const ringed = (c) => getComputedStyle(c).outlineStyle === 'solid';
  const colour = (c) => c.className.match(/hb-c-([a-z]+)/)[1];
  const colours = [...slot.querySelectorAll('.hb-chip')];
  const values = [...slot.querySelectorAll('.hb-num')];
  return {
    out_colours: colours.filter(faded).map(colour),
    out_values: values.filter(faded).map((c) => Number(c.textContent)),
    told_colours: colours.filter(ringed).map(colour),
    told_values: values.filter(ringed).map((c) => Number(c.textContent)) };
})"""


def test_hanabi_own_cards_show_their_knowledge_after_every_move(page: Any, voila_url: str):
    """HB-2, HB-4: after every move, each slot of the seat's own hand shows what the view
    says is known of that card: the colours and values ruled out faded, those told
    ringed; when a card is played or discarded the others shift one slot along (a new
    card comes in at slot 1) and their knowledge goes with them."""
    open_app(page, voila_url, "hanabi", 11, pause=0.5)
    mine = ".kit-board .kit-mine .hb-slot"
    turns = shifted = told = 0
    for turn in range(10):
        page.wait_for_function(WAIT_TURN)
        if page.get_attribute(".kit-board", "data-over") == "1":
            break
        view = page.evaluate(f"() => {LAST_MODEL}.get('view')")
        know = view["hands"][0]["knowledge"]
        slots = page.locator(mine).evaluate_all(SHOWN_KNOWLEDGE)
        assert len(slots) == len(know)
        colours = {s["colour"] for s in view["suits"]}
        for k, slot in zip(know, slots, strict=True):
            assert set(slot["out_colours"]) == colours - set(k["colours"])
            assert set(slot["out_values"]) == {1, 2, 3, 4, 5} - set(k["values"])
            assert set(slot["told_colours"]) == set(k["colours_is"])
            assert set(slot["told_values"]) == set(k["values_is"])
            told += bool(k["colours_is"] or k["values_is"])
        gone = turn % len(know)
        before = board_moves(page)
        slot = page.locator(mine).nth(gone)
        slot.locator(".hb-discard" if slot.locator(".hb-discard").count() else ".hb-play").click()
        page.wait_for_function(
            f"() => Number(document.querySelector('.kit-board').dataset.moves) === {before + 1}")
        after = page.evaluate(f"() => {LAST_MODEL}.get('view')")["hands"][0]["knowledge"]
        kept = [know[i] for i in range(len(know)) if i != gone]
        shifted += after[-len(kept):] == kept and after[:gone + 1] != know[:gone + 1]
        turns += 1
    # (the knowledge of the cards that shifted is checked at the top of the next turn)
    assert turns >= 5 and shifted >= 2 and told >= 1 and not page.errors, (
        turns, shifted, told, page.errors)


# Click a move, redraw the board locally (point at a hint, HB-5) before the kernel can
# answer (all in one task), then click another move; count the moves sent.
CLICK_REDRAW_CLICK = """(models) => new Promise((done) => {
  const m = models.at(-1); const send = m.send; let acts = 0;
  m.send = (msg, ...rest) => { if (msg.kind === 'act') acts++; return send.call(m, msg, ...rest); };
  const plays = document.querySelectorAll('.kit-board .hb-play');
  plays[0].click();
  // (as a pointer arriving does; the board listens for it on its root)
  const over = new MouseEvent('mouseover', { bubbles: true });
  document.querySelector('.kit-board .hb-hint').dispatchEvent(over);
  queueMicrotask(() => queueMicrotask(() => {
    const redrawn = !!document.querySelector('.kit-board .hb-touch');
    plays[1].click();
    m.send = send;
    done({ acts, redrawn });
  }));
})"""


def test_a_move_in_flight_takes_no_other_click_even_across_a_local_redraw(
        page: Any, voila_url: str):
    """Issue 6 (boards): a clicked move is sent once, and the board takes no other move
    until the kernel answers it. A redraw of the page's own in between (pointing at a
    hint marks the cards it touches, HB-5) is not that answer and does not end the wait."""
    open_app(page, voila_url, "hanabi", 5)
    before = board_moves(page)
    got = page.evaluate(CLICK_REDRAW_CLICK, page.evaluate_handle("[...globalThis.__kitModels]"))
    assert got == {"acts": 1, "redrawn": True}
    page.wait_for_function(
        f"() => Number(document.querySelector('.kit-board').dataset.moves) > {before}")
    page.wait_for_function(WAIT_TURN)
    assert page.locator(".kit-error").count() == 0 and not page.errors, page.errors


# the page's moves are held back (as by a connection that is down) until __kitRelease()
HOLD_MOVES = """(models) => { const m = models.at(-1); const send = m.send; const held = [];
  m.send = (msg, ...rest) => msg.kind === 'act'
    ? held.push([msg, rest]) : send.call(m, msg, ...rest);
  globalThis.__kitRelease = () => {
    m.send = send;
    for (const [msg, rest] of held) send.call(m, msg, ...rest);
    return held.length; };
}"""


def test_a_move_with_no_answer_says_so_and_counts_once_the_connection_is_back(
        page: Any, voila_url: str):
    """Issue 6 (nothing a player did is lost): a move the kernel has not answered for a
    while gets a notice, not silence; no other move is taken meanwhile, and once the
    connection is back the move is made and the notice goes."""
    open_app(page, voila_url, "hanabi", 5)
    before = board_moves(page)
    page.evaluate(HOLD_MOVES, page.evaluate_handle("[...globalThis.__kitModels]"))
    page.click(".kit-board .hb-play >> nth=0")
    notice = page.locator(".kit-board .kit-notice")
    notice.wait_for(timeout=15_000)
    assert "no answer" in notice.inner_text() and board_moves(page) == before
    # (a recorded game's address is its continue link: a reload brings it back)
    recorded = page.evaluate("[...globalThis.__kitModels].at(-1).get('record_id') !== null")
    assert ("reload the page: the game comes back" in notice.inner_text()) == recorded
    assert ("would start a new game" in notice.inner_text()) != recorded
    # (the clicked button is marked once the answer is slow: CLICK_FEEDBACK_MS)
    assert page.locator(".kit-board .kit-clicked").count() == 1
    page.click(".kit-board .hb-play >> nth=1")  # the first move is still in flight
    assert page.evaluate("globalThis.__kitRelease()") == 1
    page.wait_for_function(
        f"() => Number(document.querySelector('.kit-board').dataset.moves) > {before}")
    page.wait_for_function(WAIT_TURN)
    assert notice.count() == 0 and page.locator(".kit-board .kit-error").count() == 0
    assert page.locator(".kit-board .kit-clicked").count() == 0
    assert not page.errors, page.errors


def test_a_page_that_lost_its_kernel_says_to_reload(page: Any, voila_url: str):
    """Issue 6: when the page cannot send at all (its kernel is gone), a click says so."""
    open_app(page, voila_url, "pug_party", 3)
    page.evaluate("""(models) => { models.at(-1).send = () => {
        throw new Error('Kernel is dead'); }; }""",
                  page.evaluate_handle("[...globalThis.__kitModels]"))
    page.click(".kit-board .kit-act >> nth=0")
    error = page.locator(".kit-board .kit-error")
    error.wait_for(timeout=5_000)
    assert "lost its kernel (Kernel is dead)" in error.inner_text()
    assert "Reload the page" in error.inner_text()
    assert page.get_attribute(".kit-board", "data-pending") is None


def test_a_reloaded_page_goes_on_with_the_game_at_the_link_the_board_shows(
        page: Any, voila_url: str):
    """Issue 6 (nothing a player did is lost): the page of a recorded game shows a link
    that goes on with it (with the key only that page holds, issue 37) and takes it as
    its address, so a reload (a new kernel) goes on with the same game, moves and hand
    (it started a new game); the link opened anew does too, and the game plays on."""
    page.goto(f"{voila_url}/voila/render/hanabi_app.ipynb?start=1&pause=0.05&seed=5&lang=en")
    page.wait_for_selector(".kit-board", timeout=90_000)
    page.wait_for_function(WAIT_TURN)
    for _ in range(2):
        play_first_move(page)
        page.wait_for_function(WAIT_TURN)
    link = page.locator(".kit-consent .kit-resume-link")  # (the app's: with the key)
    href, moves = link.get_attribute("href"), board_moves(page)
    assert "&key=" in href
    view = page.evaluate(f"() => {LAST_MODEL}.get('view')")
    page.reload()
    page.wait_for_selector(".kit-board", timeout=90_000)
    page.wait_for_function(WAIT_TURN)
    assert href in page.url and board_moves(page) == moves
    assert page.evaluate(f"() => {LAST_MODEL}.get('view')") == view
    page.goto(f"{voila_url}/voila/render/hanabi_app.ipynb{href}")
    page.wait_for_selector(".kit-board", timeout=90_000)
    page.wait_for_function(WAIT_TURN)
    assert board_moves(page) == moves
    assert page.evaluate(f"() => {LAST_MODEL}.get('view')") == view
    assert page.locator(".kit-consent .kit-resume-link").get_attribute("href") == href
    play_first_move(page)
    assert board_moves(page) > moves and not page.errors, page.errors


def test_a_teacher_board_starts_again_from_its_first_position(page: Any, voila_url: str):
    """Issue 40: a plain teacher board (the app's ``mode=teacher``, not a lesson's or the
    classroom page's) offers "start the game again" once moves are made, beside undo; a
    click takes every move back (HB-3: the game as it was dealt), and both buttons go."""
    page.goto(f"{voila_url}/voila/render/hanabi_app.ipynb?start=1&record=0&mode=teacher"
              "&players=3&seed=3&lang=en")
    page.wait_for_selector(".kit-board.kit-mode-teacher", timeout=90_000)
    page.wait_for_function(WAIT_TURN)
    assert page.locator(".kit-restart-button").count() == 0
    first = page.inner_text(".kit-board .kit-table")
    for _ in range(2):
        play_first_move(page)
        page.wait_for_function(WAIT_TURN)
    button = page.locator(".kit-board .kit-restart-button")
    assert button.inner_text() == "↺ start the game again"
    assert page.locator(".kit-board .kit-undo-button").count() == 1
    button.click()
    page.wait_for_function("() => document.querySelector('.kit-board').dataset.moves === '0'")
    page.wait_for_function("() => !document.querySelector('.kit-board .kit-undo')")
    assert page.inner_text(".kit-board .kit-table") == first
    assert not page.errors, page.errors


def test_wl7_an_empty_discard_pile_says_it_is_empty(page: Any, voila_url: str):
    """WL-5, WL-7: the first player takes the round's first card, and until their discard
    the pile is empty; it showed its heading over nothing, as if it had not loaded."""
    page.goto(f"{voila_url}/voila/render/waiting_list_app.ipynb?start=1&record=0&pause=0.05"
              "&seed=3&players=2&seats=bot:rule,human&lang=uk")
    page.wait_for_selector(".kit-board .wl-take", timeout=90_000)
    assert page.locator(".kit-board .wl-pile-empty").count() == 0
    before = board_moves(page)
    page.click(".kit-board .wl-take")
    page.wait_for_function(
        f"() => Number(document.querySelector('.kit-board').dataset.moves) > {before}")
    assert page.inner_text(".kit-board .wl-pile-empty") == "порожньо: наступний скид почне стос"
    assert page.locator(".kit-board .wl-pile .wl-card").count() == 0
    assert not page.errors, page.errors
