"""Fixtures of the browser tests: one Voilà server and one Debian Chromium per session,
a fresh page per test that may only reach 127.0.0.1, and a screenshot of every failure
in ``test-artifacts/``."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests/seen_cards.py

ARTIFACTS = Path(__file__).resolve().parent.parent.parent / "test-artifacts"
WIDGETS = Path(__file__).resolve().parents[2] / "widgets"
BASE_JS = ("base.js", "board_parts.js")  # the boards' shared base, in order


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: Any) -> Any:
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


@pytest.fixture(scope="session")
def voila_url() -> Iterator[str]:
    if not Path(os.environ.get("KIT_CHROMIUM", "/usr/bin/chromium")).exists():
        pytest.skip("Debian's chromium is not installed (scripts/setup.sh --test installs it)")
    from benchmarks.browser import voila_server

    ARTIFACTS.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="kit-rec-") as tmp, voila_server(
            env={"KIT_RECORD_URL": f"sqlite:///{tmp}/playtests.sqlite"},
            log_path=ARTIFACTS / "voila.log") as url:
        yield url


@pytest.fixture(scope="module")
def tables_server() -> Iterator[tuple[str, str]]:
    """A Voilà server of the module's own recording into a SQLite file of its own, for
    tables across devices: (url, store URL)."""
    if not Path(os.environ.get("KIT_CHROMIUM", "/usr/bin/chromium")).exists():
        pytest.skip("Debian's chromium is not installed (scripts/setup.sh --test installs it)")
    from benchmarks.browser import voila_server

    with tempfile.TemporaryDirectory(prefix="kit-tables-") as tmp:
        db = f"sqlite:///{tmp}/tables.sqlite"
        with voila_server(env={"KIT_RECORD_URL": db}) as url:
            yield url, db


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    from benchmarks.browser import launch_chromium

    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        yield browser
        browser.close()


@pytest.fixture
def page(request: pytest.FixtureRequest, chromium: Any, voila_url: str) -> Iterator[Any]:
    """A page at projector size; ``page.ws_frames`` holds every websocket frame received;
    ``page.aborted`` every non-local request that was cut."""
    from benchmarks.browser import local_only

    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    pg.aborted = local_only(pg)
    pg.ws_frames = []
    pg.on("websocket", lambda ws: ws.on("framereceived", lambda f: pg.ws_frames.append(f)))
    pg.errors = []
    pg.on("pageerror", lambda exc: pg.errors.append(str(exc)))
    yield pg
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed:
        ARTIFACTS.mkdir(exist_ok=True)
        name = request.node.name.replace("/", "_").replace("[", "-").replace("]", "")
        try:
            pg.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
        except Exception as exc:  # the page may be gone
            print(f"no screenshot: {exc}")
    context.close()


@pytest.fixture(scope="module")
def board_code(chromium: Any) -> Iterator[Any]:
    """``board_code(board_js, names, prelude="", content="<div></div>")``: a page of
    ``content`` holding the shared base's
    functions and those of ``widgets/<board_js>`` (its top level only defines them; the
    module export it ends with is left out), with ``names`` on ``globalThis.kit``."""
    if not Path(os.environ.get("KIT_CHROMIUM", "/usr/bin/chromium")).exists():
        pytest.skip("Debian's chromium is not installed (scripts/setup.sh --test installs it)")
    contexts: list[Any] = []

    def open_page(board_js: str, names: str, prelude: str = "",
                  content: str = "<div></div>") -> Any:
        context = chromium.new_context()
        contexts.append(context)
        page = context.new_page()
        page.set_content(content)
        board = (WIDGETS / board_js).read_text(encoding="utf-8")
        base = "\n".join((WIDGETS / f).read_text(encoding="utf-8") for f in BASE_JS)
        page.add_script_tag(content=prelude + base + board[:board.index("export default")]
                            + f"\nglobalThis.kit = {{ {names} }};")
        return page

    yield open_page
    for context in contexts:
        context.close()
