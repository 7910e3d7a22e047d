"""Tables across devices in Chromium through Voilà (the tester's phone walk): a closed
tab's seat is «not connected» within seconds though its kernel runs on (it stayed
connected until Voilà culled the kernel); a page whose kernel stops answering says the
connection is lost, and stops saying so when it answers again; the host's new link of a
seat opens it and the old one is refused; F5 in a recorded solo game goes on with it."""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections.abc import Iterator
from typing import Any

import pytest
from tables_helpers import board_moves, new_page, take_seat, wait_moves, wait_my_turn
from test_tables import kernel_pid

from kit.record.tables import TableStore

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tables_server: tuple[str, str]) -> tuple[str, str]:
    return tables_server


def make_table(db: str, seats: list[str]) -> Any:
    store = TableStore(db)
    try:
        return store.create("hanabi", len(seats), seats, seed=3, lang="en", pause=0.05)
    finally:
        store.store.dispose()


@contextlib.contextmanager
def pages(chromium: Any, count: int) -> Iterator[list[Any]]:
    """``count`` pages, each in a browser context of its own, all closed at the end (one a
    test closed already is let be)."""
    opened = [new_page(chromium) for _ in range(count)]
    try:
        yield opened
    finally:
        for page in opened:
            with contextlib.suppress(Exception):
                page.context.close()


def presence_says(page: Any, words: str, timeout: float = 60_000) -> None:
    page.wait_for_function("(w) => document.querySelector('.kit-table-presence')"
                           "?.innerText.includes(w)", arg=words, timeout=timeout)


@pytest.mark.parametrize("how", ["closed", "silent"])
def test_a_closed_seat_page_is_not_connected_within_ten_seconds(chromium: Any, server: Any,
                                                                how: str):
    """A tab closed says so as it goes; one that falls silent without a word (a phone's
    browser put away or killed: here, the page's timers all stopped) is not connected
    once its pings stop (PagePulse: ALIVE_S, then the store's PRESENT_S), though its
    kernel and websocket live on."""
    url, db = server
    made = make_table(db, ["human", "human"])
    with pages(chromium, 2) as (host, bob):
        host.goto(f"{url}/voila/render/table_app.ipynb?table={made.code}&host={made.host_key}"
                  "&lang=en")
        host.wait_for_selector(".kit-table-links", timeout=120_000)
        take_seat(bob, f"{url}/voila/render/table_app.ipynb?table={made.code}&lang=en", 1,
                  name="Bob")
        presence_says(host, "Bob: connected")
        time.sleep(3)  # (his tab has pinged a while: not a page just opened)
        presence_says(host, "Bob: connected")
        if how == "closed":
            bob.context.close()  # (the tab closed; its kernel runs on)
        else:
            bob.evaluate("() => { const last = setInterval(() => {}, 1e6);"
                         " for (let i = 0; i <= last; i++) clearInterval(i); }")
        gone = time.monotonic()
        presence_says(host, "Bob: not connected", timeout=20_000)
        took = time.monotonic() - gone
        print(f"{how} tab shown not connected after {took:.1f} s")
        assert took < 12, took
        host.wait_for_selector(".kit-seat-bot-1", timeout=5_000)  # (give his seat to a bot)


def test_a_page_whose_kernel_stops_answering_says_so_until_it_answers(chromium: Any,
                                                                      server: Any):
    url, db = server
    made = make_table(db, ["human", "human"])
    with pages(chromium, 1) as (page,):
        take_seat(page, f"{url}/voila/render/table_app.ipynb?table={made.code}&lang=en", 0)
        notice = ".kit-connection-lost"
        page.wait_for_selector(notice, state="attached")
        assert page.is_hidden(notice)
        pid = kernel_pid(page)
        os.kill(pid, signal.SIGSTOP)  # (a kernel, or its server, that does not answer)
        try:
            stopped = time.monotonic()
            page.wait_for_selector(notice, state="visible", timeout=20_000)
            print(f"lost connection said after {time.monotonic() - stopped:.1f} s")
            text = page.inner_text(notice)
            assert "connection to the server is lost" in text and "seat comes back" in text
            assert page.inner_text(".kit-connection-reload") == "Reload the page"
        finally:
            os.kill(pid, signal.SIGCONT)
        page.wait_for_selector(notice, state="hidden", timeout=20_000)


def test_the_hosts_new_link_opens_the_seat_and_the_old_one_is_refused(chromium: Any,
                                                                      server: Any):
    url, db = server
    made = make_table(db, ["human", "human"])
    store = TableStore(db)
    old = store.take_seat(made.code, 0, "Ann")
    store.store.dispose()
    with pages(chromium, 2) as (host, ann):
        host.goto(f"{url}/voila/render/table_app.ipynb?table={made.code}&host={made.host_key}"
                  "&lang=en")
        host.click(".kit-new-link-0", timeout=120_000)
        link = host.get_attribute(".kit-new-seat-link-0 a", "href")
        assert "lang=" not in link and host.query_selector(".kit-new-seat-link-0 svg")
        ann.goto(link)
        ann.wait_for_selector(".kit-board", timeout=120_000)
        wait_my_turn(ann, 0)
        ann.query_selector_all(".kit-board .kit-act")[0].click()
        wait_moves(ann, 1)
        ann.goto(link.replace(link.split("token=")[1].split("&")[0], old))
        refusal = ann.wait_for_selector(".kit-table-refused", timeout=120_000)
        assert "forged or out of date" in refusal.inner_text()
        assert ann.query_selector(".kit-board") is None


def test_f5_in_a_recorded_solo_game_goes_on_with_it(chromium: Any, server: Any):
    url, _db = server
    with pages(chromium, 1) as (page,):
        page.goto(f"{url}/voila/render/hanabi_app.ipynb?players=2&seats=human,bot:rule&seed=5"
                  "&pause=0&start=1&lang=en")
        page.wait_for_selector(".kit-board", timeout=120_000)
        page.wait_for_function("() => location.search.includes('resume=')")
        assert "start=1" not in page.url and "key=" in page.url
        wait_my_turn(page, 0)
        page.query_selector_all(".kit-board .kit-act")[0].click()
        wait_moves(page, 2)  # (the move and the bot's answer)
        moves = board_moves(page)
        page.reload()
        page.wait_for_selector(".kit-board", timeout=120_000)
        wait_moves(page, moves)
        assert board_moves(page) == moves and "resume=" in page.url
