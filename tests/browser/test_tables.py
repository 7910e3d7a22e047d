"""Tables across devices (issue 39) in Chromium through Voilà: a table made from an app's
form, each seat on a browser context of its own (another device), the store the one
source of truth. Each game is played to its end on four contexts (Domino-Metro: three
seats and the projector); every page's model and websocket frames hold only its own
seat's hidden information (the leak check of test_playtest_apps, per seat); a reload, a
killed kernel and another device get the seat back; a forged token is refused; two pages
moving at once: exactly one move is taken; two Voilà servers sharing one PostgreSQL run
one table."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
from typing import Any

import pytest
from pg_fixture import pg_server, pg_url  # noqa: F401
from seen_cards import secrets, shown
from tables_helpers import (
    board_moves,
    create_table,
    model,
    new_page,
    take_seat,
    token_of,
    wait_moves,
    wait_my_turn,
)

import kit
from kit.record import replay_game
from kit.record.tables import TableStore

pytestmark = pytest.mark.browser

#: game -> (seats, seed, extra query string)
SETUPS = {
    "hanabi": (4, 5, ""),
    "waiting_list": (4, 2, "&round_laps=3"),
    "pug_party": (4, 3, ""),
    "domino_metro": (3, 4, ""),
}
MAX_MOVES = 600
HANABI_CARD = re.compile(r'"colour":\s*"(\w+)",\s*"value":\s*(\d)')


@pytest.fixture(scope="module")
def server(tables_server: tuple[str, str]) -> tuple[str, str]:
    return tables_server


def truth(db: str, code: str) -> Any:
    """The table's game as the store holds it (replayed through the engine)."""
    store = TableStore(db)
    try:
        info = store.info(code)
        return kit.replay(info.game, info.players, info.seed, store.moves(info.game_id),
                          **info.options)
    finally:
        store.store.dispose()


def check_seat_sees_only_its_own(page: Any, state: Any, seat: int | None, game: str) -> int:
    """The page's board model holds ``view(seat)`` and no card hidden from ``seat``."""
    got = model(page)
    assert got["seat"] == seat
    assert {**got["view"], **got["static"]} == json.loads(json.dumps(state.view(seat)))
    assert got["open_hands"] == []
    if seat is None:
        hidden = set().union(*(secrets(state, p) for p in range(state.players)))
    else:
        hidden = secrets(state, seat)
    assert not shown(game, got) & hidden, f"hidden cards reached seat {seat}'s page"
    return len(hidden)


def wire_cards(page: Any) -> set:
    """Hanabi cards named in every websocket frame the page received."""
    texts = [f if isinstance(f, str) else f.decode("utf-8", "replace") for f in page.ws_frames]
    return {(c, int(v)) for text in texts for c, v in HANABI_CARD.findall(text)}


def close_all(pages: list[Any]) -> None:
    for p in pages:
        p.context.close()


@pytest.mark.parametrize("game", list(SETUPS))
def test_four_devices_play_a_game_to_its_end(chromium: Any, server: tuple[str, str], game: str):
    url, db = server
    players, seed, extra = SETUPS[game]
    host = new_page(chromium)
    pages = [host]
    try:
        links = create_table(host, url, game, ["human"] * players, seed, extra)
        assert sorted(links["seats"]) == list(range(players))
        seats = []
        for p in range(players):
            page = new_page(chromium)
            pages.append(page)
            take_seat(page, links["seats"][p], p, name=f"P{p + 1}")
            seats.append(page)
        watchers = []
        if players < 4:  # (the fourth device: the projector)
            projector = new_page(chromium)
            pages.append(projector)
            projector.goto(links["projector"])
            projector.wait_for_selector(".kit-board", timeout=120_000)
            watchers.append(projector)
        rng = random.Random(seed)
        secrets_checked = 0
        hanabi_seen: dict[int, set] = {}
        for n in range(MAX_MOVES):
            state = truth(db, links["code"])
            if state.over:
                break
            if n % 7 == 0:  # every page: its own seat's view, nothing hidden from it
                for p, page in enumerate(seats):
                    wait_moves(page, n)
                    secrets_checked += check_seat_sees_only_its_own(page, state, p, game)
                for page in watchers:
                    wait_moves(page, n)
                    check_seat_sees_only_its_own(page, state, None, game)
            page = seats[state.to_act]
            wait_my_turn(page, n)
            buttons = page.query_selector_all(".kit-board .kit-act")
            rng.choice(buttons).click()
            for other in seats + watchers:  # (the move reaches every page)
                wait_moves(other, n + 1)
        else:
            pytest.fail(f"{game} did not end within {MAX_MOVES} moves")
        assert secrets_checked > 0
        final = truth(db, links["code"])
        for page in seats + watchers + [host]:
            panel = page.wait_for_selector(".kit-app-result")
            assert len(page.query_selector_all(".kit-app-result tbody tr")) == players
            assert "Result" in panel.inner_text()
        for page in seats:  # the feedback form reaches every seat
            assert page.query_selector(".kit-feedback") is not None
        if game == "hanabi":
            for p, page in enumerate(seats):
                hanabi_seen[p] = wire_cards(page)
                assert hanabi_seen[p], "no card on the wire: the check would see nothing"
        # the recording: one finished game, replayable, with each seat's player
        store = TableStore(db)
        info = store.info(links["code"])
        assert info.status == "finished"
        assert replay_game(store.store, info.game_id).snapshot() == final.snapshot()
        labels = store.store.read(lambda conn: conn.exec_driver_sql(
            f"SELECT seats FROM games WHERE id = {info.game_id}").scalar())
        assert [f"human:P{p + 1}" for p in range(players)] == json.loads(labels) \
            if isinstance(labels, str) else list(labels)
        store.store.dispose()
        for page in pages:
            assert not page.errors, page.errors
    finally:
        close_all(pages)


def test_hanabi_frames_carry_only_each_seats_own_hidden_cards(chromium: Any,
                                                             server: tuple[str, str]):
    """HB-3: nobody sees their own hand; every frame a seat's page received holds no card
    of its own hand (nor of the deck) that it could not see."""
    url, db = server
    host = new_page(chromium)
    pages = [host]
    try:
        links = create_table(host, url, "hanabi", ["human"] * 3, 11)
        seats = []
        for p in range(3):
            page = new_page(chromium)
            pages.append(page)
            take_seat(page, links["seats"][p], p)
            seats.append(page)
        for n in range(9):
            state = truth(db, links["code"])
            page = seats[state.to_act]
            wait_my_turn(page, n)
            # a hint or a discard, never a play: the game goes on, hands stay hidden
            buttons = [b for b in page.query_selector_all(".kit-board .kit-act")
                       if '"play"' not in (b.get_attribute("data-action") or "")]
            buttons[0].click()
            for other in seats:
                wait_moves(other, n + 1)
        state = truth(db, links["code"])
        for p, page in enumerate(seats):
            seen = wire_cards(page)
            assert seen
            own = {(c["colour"], c["value"]) for c in map(state.card_json, state.hands[p])}
            assert not seen & secrets(state, p), f"seat {p}'s hidden cards on its wire"
            others = set().union(*({(c["colour"], c["value"]) for c in map(
                state.card_json, state.hands[q])} for q in range(3) if q != p))
            assert others <= seen or not others - own  # (it does see the others' hands)
    finally:
        close_all(pages)


def kernel_pid(page: Any) -> int:
    """The pid of the kernel behind ``page`` (its websocket names the kernel)."""
    kernel = next(re.search(r"/api/kernels/([0-9a-f-]+)/channels", u).group(1)
                  for u in page.ws_urls if "/api/kernels/" in u)
    out = subprocess.run(["pgrep", "-f", f"kernel-{kernel}"], capture_output=True, text=True)
    pids = [int(x) for x in out.stdout.split()]
    assert len(pids) == 1, (kernel, pids)
    return pids[0]


def test_reload_kill_forged_token_and_two_moves_at_once(chromium: Any,
                                                        server: tuple[str, str]):
    url, db = server
    host = new_page(chromium)
    pages = [host]
    try:
        links = create_table(host, url, "hanabi", ["human", "human", "bot:rule"], 21)
        a, b = new_page(chromium), new_page(chromium)
        pages += [a, b]
        address_a = take_seat(a, links["seats"][0], 0, name="Ann")
        address_b = take_seat(b, links["seats"][1], 1, name="Bob")
        # the host sees who is there and whose turn it is
        host.wait_for_function("() => document.querySelector('.kit-table-presence')"
                               "?.innerText.includes('Ann')")
        # a reload gets the seat back
        wait_my_turn(a, 0)
        a.reload()
        a.wait_for_selector(".kit-board", timeout=120_000)
        assert model(a)["seat"] == 0 and "Ann" in model(a)["names"][0]
        wait_my_turn(a, 0)
        a.query_selector_all(".kit-board .kit-act")[0].click()
        wait_moves(b, 1)
        # the bot (seat 3) answers after Bob, on whichever page holds the lease
        wait_my_turn(b, 1)
        b.query_selector_all(".kit-board .kit-act")[0].click()
        wait_moves(a, 3)
        # a forged token and an old one: a clear refusal, no board
        forged = new_page(chromium)
        pages.append(forged)
        token = token_of(address_a)
        forged.goto(address_a.replace(token, token[::-1]))
        refusal = forged.wait_for_selector(".kit-table-refused", timeout=120_000)
        assert "forged or out of date" in refusal.inner_text()
        assert forged.query_selector(".kit-board") is None
        # another device opens Ann's seat: both send a move at the same moment
        a2 = new_page(chromium)
        pages.append(a2)
        a2.goto(address_a)
        a2.wait_for_selector(".kit-board", timeout=120_000)
        n = board_moves(a)
        wait_my_turn(a, n)
        wait_my_turn(a2, n)
        sent = [json.loads(a.query_selector_all(".kit-board .kit-act")[0]
                           .get_attribute("data-action")),
                json.loads(a2.query_selector_all(".kit-board .kit-act")[-1]
                           .get_attribute("data-action"))]
        assert sent[0] != sent[1]
        click = "(i) => document.querySelectorAll('.kit-board .kit-act').item(i)?.click()"
        a.evaluate(click, 0)  # (two devices, a few milliseconds apart: before either
        a2.evaluate(click, len(a2.query_selector_all(".kit-board .kit-act")) - 1)  # hears)
        for page in (a, a2, b):
            wait_moves(page, n + 1)
        wait_my_turn(b, n + 1)  # (Bob's turn: nothing else moves)
        state = truth(db, links["code"])
        assert len(state.history) == n + 1, "both moves were taken"
        assert {k: v for k, v in state.history[n].items() if k != "seat"} in sent
        # the page whose move came second says why in words (unless it had heard of the
        # first before its click: then its board no longer offered the move), and shows
        # the game as it is
        errors = [e for e in (model(p)["error"] for p in (a, a2)) if e]
        assert len(errors) <= 1 and all("made first on another page" in e or "turn" in e
                                        for e in errors), errors
        assert model(a)["moves"] == model(a2)["moves"] == board_moves(b) == n + 1
        # a kernel killed mid-game: the seat comes back on a new page, and the game goes on
        for page in (a2, b):
            wait_moves(page, len(state.history))
        os.kill(kernel_pid(b), signal.SIGKILL)
        b.context.close()
        pages.remove(b)
        b2 = new_page(chromium)
        pages.append(b2)
        b2.goto(address_b)
        b2.wait_for_selector(".kit-board", timeout=120_000)
        assert model(b2)["seat"] == 1
        for _ in range(6):  # Ann and Bob play on; the bot moves on a living page
            state = truth(db, links["code"])
            if state.over:
                break
            page = {0: a, 1: b2}.get(state.to_act)
            if page is None:
                wait_moves(a, len(state.history) + 1, timeout=30_000)
                continue
            wait_my_turn(page, len(state.history))
            page.query_selector_all(".kit-board .kit-act")[0].click()
            wait_moves(a, len(state.history) + 1)
        assert len(truth(db, links["code"]).history) >= n + 4
    finally:
        close_all(pages)


def test_two_voila_servers_sharing_one_postgresql_run_one_table(chromium: Any,
                                                                pg_url: str):  # noqa: F811
    from benchmarks.browser import voila_server

    with voila_server(env={"KIT_RECORD_URL": pg_url}) as url_a, \
            voila_server(env={"KIT_RECORD_URL": pg_url}) as url_b:
        host = new_page(chromium)
        pages = [host]
        try:
            links = create_table(host, url_a, "hanabi", ["human", "human"], 31)
            a, b = new_page(chromium), new_page(chromium)
            pages += [a, b]
            take_seat(a, links["seats"][0], 0)  # on server A
            port_a, port_b = url_a.rsplit(":", 1)[1], url_b.rsplit(":", 1)[1]
            take_seat(b, links["seats"][1].replace(f":{port_a}/", f":{port_b}/"), 1)
            assert f":{port_b}/" in b.url
            for n in range(8):
                page = (a, b)[n % 2]
                wait_my_turn(page, n)
                buttons = [x for x in page.query_selector_all(".kit-board .kit-act")
                           if '"play"' not in (x.get_attribute("data-action") or "")]
                buttons[0].click()
                wait_moves((b, a)[n % 2], n + 1)
            state = truth(pg_url, links["code"])
            assert len(state.history) == 8
            assert model(a)["seat"] == 0 and model(b)["seat"] == 1
            assert board_moves(a) == board_moves(b) == 8
        finally:
            close_all(pages)
