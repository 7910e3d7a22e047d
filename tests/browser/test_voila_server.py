"""The Voilà server of the browser tests and the boards benchmark (benchmarks/browser.py)
goes with the process that started it: a test run or a benchmark that is killed leaves
no server and no kernels running. A benchmark stopped with SIGTERM also closes its
browser and removes its temporary folders on the way out."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
import urllib.request
from pathlib import Path

import nbformat
import pytest

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]


def state_and_parent(pid: int) -> tuple[str, int] | None:
    """A process's state letter and parent, from /proc (None: no such process)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return fields[0], int(fields[1])


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    return [int(e.name) for e in Path("/proc").iterdir()
            if e.name.isdigit() and (state_and_parent(int(e.name)) or ("", -1))[1] == pid]


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (one that has ended but is not yet reaped, a zombie, does not)."""
    got = state_and_parent(pid)
    return got is not None and got[0] != "Z"


def wait_gone(pids: list[int], seconds: float = 30) -> None:
    """Wait until none of ``pids`` runs, for at most ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and any(map(alive, pids)):
        time.sleep(0.2)


def stop_all(proc: subprocess.Popen, pids: list[int]) -> None:
    """A failed test's cleanup: kill ``proc`` and whichever of ``pids`` still runs."""
    proc.kill()
    proc.wait()
    for pid in pids:
        if alive(pid):
            os.kill(pid, signal.SIGKILL)


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
            from benchmarks.browser import voila_server
            with voila_server(Path({str(tmp_path)!r})) as url:
                print(url, flush=True)
                time.sleep(600)
            """)],
        cwd=ROOT, stdout=subprocess.PIPE, text=True,
        # (the starter, killed, cannot remove its temporary folders: they go in pytest's)
        env={**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(tmp_path)})
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
        wait_gone([server, *kernels])
        assert not alive(server), "the Voilà server outlived the process that started it"
        assert not any(map(alive, kernels)), "a kernel outlived its Voilà server"
    finally:
        stop_all(starter, left)


@pytest.mark.skipif(not Path(os.environ.get("KIT_CHROMIUM", "/usr/bin/chromium")).exists(),
                    reason="Debian's chromium is not installed (scripts/setup.sh --test)")
def test_a_benchmark_stopped_with_sigterm_leaves_nothing_behind():
    """``python -m kit bench boards`` stopped by SIGTERM (a CI job's timeout, say) while it
    measures: it exits with 128 + SIGTERM, and its temporary folders (the notebooks'
    copies and recordings, Voilà's and the browser's), its server and its kernels are gone."""
    # (a short path: the browser's sockets go in it, and a socket's path is short)
    with tempfile.TemporaryDirectory(prefix="kb-") as folder:
        _stop_a_benchmark(Path(folder))


def _stop_a_benchmark(tmp: Path) -> None:
    bench = subprocess.Popen(
        [sys.executable, "-m", "kit", "bench", "boards", "--games", "pug_party"],
        cwd=ROOT, stdout=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(tmp)})
    left: list[int] = []  # what to stop if the test fails
    try:
        first = bench.stdout.readline()  # a page has been opened: everything is running
        assert first.startswith("page to interactive board"), first
        made = {e.name.rsplit("-", 1)[0] for e in tmp.iterdir()}
        assert {"kit-bench", "kit-voila"} <= made, made  # the bench's folder, Voilà's
        servers = [pid for pid in children(bench.pid)
                   if "voila" in Path(f"/proc/{pid}/cmdline").read_text()]
        left = servers + [k for pid in servers for k in children(pid)]
        assert servers and len(left) > len(servers), "no Voilà server with a kernel"
        bench.send_signal(signal.SIGTERM)
        assert bench.wait(timeout=60) == 128 + signal.SIGTERM
        # (Voilà removes its own folder as it stops, which can end after the bench has)
        wait_gone(left)
        assert not any(map(alive, left)), "the server or a kernel outlived the benchmark"
        assert sorted(e.name for e in tmp.iterdir()) == []
    finally:
        stop_all(bench, left)
