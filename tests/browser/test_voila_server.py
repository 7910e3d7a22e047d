"""The Voilà server of the browser tests and the boards benchmark (widgets/browser.py)
goes with the process that started it: a test run or a benchmark that is killed leaves
no server and no kernels running."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
import urllib.request
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(entry.name))
    return out


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # (a process that has ended but is not yet reaped by its parent is a zombie: gone)
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.skipif(sys.platform != "linux", reason="PR_SET_PDEATHSIG is Linux's")
def test_a_killed_starter_takes_its_voila_server_and_kernels_with_it(tmp_path: Path):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("1 + 1")]
    nb.cells[0]["id"] = "one"
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nbformat.write(nb, tmp_path / "one.ipynb")
    starter = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(f"""
            import sys, time
            from pathlib import Path
            from widgets.browser import voila_server
            with voila_server(Path({str(tmp_path)!r})) as url:
                print(url, flush=True)
                time.sleep(600)
            """)],
        cwd=ROOT, stdout=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)})
    left: list[int] = []  # what to stop if the test fails
    try:
        url = starter.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:"), url
        with urllib.request.urlopen(f"{url}/voila/render/one.ipynb", timeout=60) as resp:
            assert resp.status == 200
        [server] = children(starter.pid)
        kernels = children(server)
        left = [server, *kernels]
        assert kernels, "the page started no kernel"
        starter.send_signal(signal.SIGKILL)  # no cleanup of its own can run
        starter.wait()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and any(map(alive, [server, *kernels])):
            time.sleep(0.2)
        assert not alive(server), "the Voilà server outlived the process that started it"
        assert not any(map(alive, kernels)), "a kernel outlived its Voilà server"
    finally:
        starter.kill()
        starter.wait()
        for pid in left:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
