"""Driving tables across devices (issue 39) in Chromium: make a table from an app's form,
take seats in several browser contexts, read each page's board; for the browser tests
(tests/browser/test_tables.py) and ``python -m kit bench tables``."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, urlparse

READ_MODEL = """(keys) => { const ms = [...(globalThis.__kitModels || [])];
  const m = ms[ms.length - 1]; if (!m) return null;
  const data = globalThis.__kitPageData || {};  // ("static": its key's data, once per page)
  const o = {};
  for (const k of keys) o[k] = k === "static" ? data[m.get("static_key")] || {} : m.get(k);
  return o; }"""
MODEL_KEYS = ["view", "static", "legal", "seat", "moves", "result", "open_hands", "mode",
              "names", "error"]


def new_page(browser: Any) -> Any:
    """A page in a context of its own (another device), recording its websocket frames."""
    from benchmarks.browser import local_only

    context = browser.new_context(viewport={"width": 1000, "height": 900})
    page = context.new_page()
    page.set_default_timeout(60_000)
    local_only(page)
    page.ws_frames = []
    page.ws_urls = []

    def on_ws(ws: Any) -> None:
        page.ws_urls.append(ws.url)
        ws.on("framereceived", lambda f: page.ws_frames.append(f))

    page.on("websocket", on_ws)
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    return page


def create_table(page: Any, url: str, game: str, seats: list[str], seed: int,
                 extra: str = "", teacher: bool = False) -> dict:
    """Open ``game``'s app, make a table with ``seats``; returns the host page's links:
    ``code``, ``host`` (the page's address), ``seats`` (free seat -> join link),
    ``projector`` and ``teacher``."""
    page.goto(f"{url}/voila/render/{game}_app.ipynb?lang=en&players={len(seats)}"
              f"&seats={','.join(seats)}&seed={seed}&pause=0.05{extra}")
    page.wait_for_selector(".kit-create-table", timeout=120_000)
    if teacher:
        page.check(".kit-table-teacher input")
    page.click(".kit-create-table")
    page.wait_for_selector(".kit-table-code", timeout=60_000)
    page.wait_for_function("() => location.href.includes('table_app.ipynb')")
    links = {"code": page.inner_text(".kit-table-code").strip(), "host": page.url,
             "seats": {}, "projector": page.get_attribute(".kit-projector-link", "href"),
             "teacher": None}
    for fig in page.query_selector_all(".kit-seat-qr"):
        seat = int(re.search(r"kit-seat-qr-(\d+)", fig.get_attribute("class")).group(1))
        assert fig.query_selector("svg") is not None, "no QR code"
        links["seats"][seat] = fig.query_selector("a").get_attribute("href")
    if teacher:
        links["teacher"] = page.get_attribute(".kit-teacher-link", "href")
    return links


def take_seat(page: Any, link: str, seat: int, name: str = "") -> str:
    """Open a join link, type a name, take ``seat``; returns the seat page's address."""
    page.goto(link)
    page.wait_for_selector(f".kit-take-seat-{seat}", timeout=120_000)
    if name:
        page.fill(".kit-table-name input", name)
    page.click(f".kit-take-seat-{seat}")
    page.wait_for_selector(".kit-board", timeout=60_000)
    page.wait_for_function("() => location.href.includes('token=')")
    return page.url


def token_of(address: str) -> str:
    return parse_qs(urlparse(address).query)["token"][0]


def model(page: Any) -> dict:
    return page.evaluate(READ_MODEL, MODEL_KEYS)


def board_moves(page: Any) -> int:
    return int(page.get_attribute(".kit-board", "data-moves") or 0)


def wait_moves(page: Any, n: int, timeout: float = 60_000) -> None:
    """Wait until ``page``'s board shows at least ``n`` moves."""
    page.wait_for_function(
        "(n) => { const b = document.querySelector('.kit-board');"
        " return !!b && Number(b.dataset.moves) >= n; }", arg=n, timeout=timeout)


def wait_my_turn(page: Any, n: int) -> None:
    """Wait until ``page``'s board shows ``n`` moves and offers its seat's moves."""
    page.wait_for_function(
        "(n) => { const b = document.querySelector('.kit-board');"
        " return !!b && Number(b.dataset.moves) === n && !b.dataset.pending &&"
        " Number(b.dataset.legal) > 0; }", arg=n)
