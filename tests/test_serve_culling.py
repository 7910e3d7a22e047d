"""``bash scripts/serve`` reclaims the kernel of a closed page (issue 37, item 6): Voilà
started with the script's culling settings, its timeouts shortened, shuts down a kernel
no page is connected to, and the game that kernel was recording is in the store, each
move it made written; so for a class of pages opened at once (the issue's load target:
``KIT_CLASSROOM_PAGES=30``)."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import nbformat
import pytest

from kit.record import Recorder, load

ROOT = Path(__file__).resolve().parents[1]
SERVE = ROOT / "scripts" / "serve"

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")]


def culling_settings() -> dict[str, str]:
    """The ``--MappingKernelManager.*`` settings of scripts/serve."""
    return dict(re.findall(r"--MappingKernelManager\.(\w+)=(\w+)", SERVE.read_text()))


def test_serve_reclaims_a_closed_pages_kernel_within_five_minutes():
    got = culling_settings()
    assert got["cull_connected"] == "False"  # (an open page keeps its kernel)
    assert int(got["cull_idle_timeout"]) + int(got["cull_interval"]) <= 300


def kernels_of(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            cmd = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z" and b"ipykernel" in cmd:
            out.append(int(entry.name))
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=300) as reply:
        return reply.read().decode()


#: the app page each test opens: a recorded game, three moves made, their count printed
APP_CELL = ("from widgets.app import PlaytestApp\n"
            "app = PlaytestApp('hanabi', query='pause=0&start=1')\n"
            "b = app.board\n"
            "for _ in range(3):\n"
            "    b.act(b.legal[0]['action'])\n"
            "print('moves', len(b.state.history))\n"
            "app")


@contextlib.contextmanager
def served(tmp_path: Path) -> Iterator[tuple[subprocess.Popen, str, Path]]:
    """Voilà serving the app page with scripts/serve's culling settings, its timeouts
    shortened; (the server, the page's URL once served, the recordings' file)."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(APP_CELL)]
    nb.cells[0]["id"] = "app"
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nbformat.write(nb, tmp_path / "app.ipynb")
    db = tmp_path / "rec.sqlite"
    settings = {**culling_settings(), "cull_idle_timeout": "3", "cull_interval": "1"}
    port = free_port()
    voila = subprocess.Popen(
        [sys.executable, "-m", "voila", str(tmp_path), "--no-browser", "--Voila.ip=127.0.0.1",
         f"--port={port}", "--Voila.port_retries=0",
         *(f"--MappingKernelManager.{k}={v}" for k, v in settings.items())],
        env={**os.environ, "PYTHONPATH": str(ROOT), "KIT_RECORD_URL": f"sqlite:///{db}"},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        yield voila, f"http://127.0.0.1:{port}/voila/render/app.ipynb", db
    finally:
        voila.send_signal(signal.SIGTERM)
        try:
            voila.wait(timeout=30)
        except subprocess.TimeoutExpired:
            voila.kill()
            voila.wait()


def first_page(voila: subprocess.Popen, url: str) -> str:
    """The page, once Voilà serves it (opening it starts one kernel)."""
    deadline = time.monotonic() + 120
    while True:
        try:
            return fetch(url)
        except OSError:
            assert voila.poll() is None and time.monotonic() < deadline
            time.sleep(0.5)


def wait_culled(voila: subprocess.Popen, seconds: float) -> list[int]:
    """The kernels still running after at most ``seconds`` of waiting for none."""
    deadline = time.monotonic() + seconds
    while kernels_of(voila.pid) and time.monotonic() < deadline:
        time.sleep(0.5)
    return kernels_of(voila.pid)


def test_a_closed_pages_kernel_is_shut_down_and_its_recorded_game_kept(tmp_path):
    with served(tmp_path) as (voila, url, db):
        page = first_page(voila, url)
        assert "widget-view+json" in page  # (the app ran, and its view went out)
        assert len(kernels_of(voila.pid)) == 1  # the page's; it never connects (closed)
        assert wait_culled(voila, 60) == [], "the closed page's kernel is still running"
        games = load(db, "hanabi")
        assert len(games.games) == 1  # (playing, or over if the bots ended it: both kept)
        assert len(games.actions) >= int(re.search(r"moves (\d+)", page)[1]) >= 3
        with Recorder(db) as rec:
            rec.replay(int(games.games.iloc[0]["game_id"]))  # (its moves are all there)


#: pages a class opens at once in the load test (issue 37 asks 30 of a server; the suite
#: opens fewer, on a shared machine: KIT_CLASSROOM_PAGES=30 for the whole class)
PAGES = int(os.environ.get("KIT_CLASSROOM_PAGES", "3"))


def test_a_class_of_closed_pages_leaves_no_kernel_and_loses_no_recorded_move(tmp_path):
    with served(tmp_path) as (voila, url, db):
        pages = [first_page(voila, url)]
        with ThreadPoolExecutor(PAGES) as pool:  # (the class opens its pages at once)
            pages += pool.map(lambda _: fetch(url), range(PAGES))
        shown = sorted(int(m) for page in pages for m in re.findall(r"moves (\d+)", page))
        assert len(shown) == PAGES + 1
        assert len(wait_culled(voila, 60 + 5 * PAGES)) <= 2, "closed pages' kernels run"
        games = load(db, "hanabi", events=False)
        assert len(games.games) == PAGES + 1
        recorded = sorted(games.actions.groupby("game_id").size())
        assert all(r >= s for r, s in zip(recorded, shown, strict=True))  # none lost
        with Recorder(db) as rec:
            for game_id in games.games["game_id"]:
                rec.replay(int(game_id))  # (each replays: its moves are all there)
