"""``bash scripts/serve`` reclaims the kernel of a closed page (issue 37, item 6): Voilà
started with the script's culling settings, its timeouts shortened, shuts down a kernel
no page is connected to, and the game that kernel was recording is in the store, each
move it made written."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import nbformat
import pytest

from kit.record import load

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


def test_a_closed_pages_kernel_is_shut_down_and_its_recorded_game_kept(tmp_path):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(
        "from widgets.app import PlaytestApp\n"
        "app = PlaytestApp('hanabi', query='seed=3&pause=0&start=1')\n"
        "b = app.board\n"
        "for _ in range(3):\n"
        "    b.act(b.legal[0]['action'])\n"
        "app")]
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
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        url = f"http://127.0.0.1:{port}/voila/render/app.ipynb"
        deadline = time.monotonic() + 120
        while True:
            try:
                with urllib.request.urlopen(url, timeout=120) as reply:
                    page = reply.read().decode()
                break
            except OSError:
                assert voila.poll() is None and time.monotonic() < deadline
                time.sleep(0.5)
        assert "widget-view+json" in page  # (the app ran, and its view went out)
        kernels = kernels_of(voila.pid)
        assert len(kernels) == 1  # the page's kernel; the page never connects (closed)
        deadline = time.monotonic() + 60
        while kernels_of(voila.pid) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert kernels_of(voila.pid) == [], "the closed page's kernel is still running"
        games = load(db, "hanabi")
        assert len(games.games) == 1 and games.games.iloc[0]["status"] == "playing"
        assert len(games.actions) >= 3  # (the page's moves, and the bots' answers)
    finally:
        voila.send_signal(signal.SIGTERM)
        try:
            voila.wait(timeout=30)
        except subprocess.TimeoutExpired:
            voila.kill()
            voila.wait()
