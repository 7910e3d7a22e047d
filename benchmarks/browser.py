"""A Voilà server and Debian's Chromium, for the browser tests and the boards benchmark.

- :func:`voila_server` starts ``voila`` from the running interpreter's folder on a free
  loopback port (``--Voila.port_retries=0``), with the Jupyter config, data and runtime
  folders in a temporary folder, idle kernels culled, and waits until a static file
  (not a notebook page) answers. The server goes when the process that started it does,
  however that ends (:data:`WITH_PARENT`): a benchmark or a test run that is killed
  leaves no server and no kernels behind.
- :func:`jupyter_lab` starts JupyterLab the same way (no token: loopback only) on a
  folder, for the test that runs a tutorial in it;
- :func:`launch_chromium` starts Debian's ``chromium`` through Playwright (Playwright's own
  browser download is never used), resolving no host but this machine (e.g. not the
  Font Awesome CDN); :func:`local_only` also aborts every non-local request of a page and
  lists them, for the tests that check what a page asked for.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
#: Voilà's settings file for the kit's pages (config/voila.py: the cells a page runs)
CONFIG = NOTEBOOKS.parent / "config"
CHROMIUM = os.environ.get("KIT_CHROMIUM", "/usr/bin/chromium")
#: the last one: Chromium resolves no host but this machine, so a page stays local with
#: its HTTP cache on (Playwright's request routing, :func:`local_only`, turns it off)
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost"]
#: a static file Voilà serves without starting a kernel
READY_PATH = "/voila/templates/lab/static/index.css"
#: Run before the server, in its process: ask Linux to send it SIGTERM when the thread
#: that started it ends (``prctl(PR_SET_PDEATHSIG)``, kept across ``exec``), unless that
#: has happened already; then become the server. Voilà stops its kernels on SIGTERM.
#: (A ``python -c`` in front of the server rather than ``Popen``'s ``preexec_fn``, which
#: is not safe while other threads run, as Playwright's may.)
WITH_PARENT = """import ctypes, os, signal, sys
if sys.platform == "linux":
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    if os.getppid() != int(sys.argv[1]):
        sys.exit("the process that started the server has ended")
os.execvp(sys.argv[2], sys.argv[2:])
"""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def voila_executable() -> str:
    """``voila`` next to the running Python (the venv's, in CI ``.venv``)."""
    here = Path(sys.executable).parent / "voila"
    return str(here) if here.exists() else (shutil.which("voila") or "voila")


@contextlib.contextmanager
def voila_server(notebooks: Path = NOTEBOOKS, env: dict[str, str] | None = None,
                 timeout: float = 60.0, log_path: Path | None = None) -> Iterator[str]:
    """Serve ``notebooks`` with Voilà; yields the base URL (``http://127.0.0.1:PORT``).

    The server stops when the thread that started it ends (:data:`WITH_PARENT`): start it
    on the main thread, or on one that lasts as long as the server should."""
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="kit-voila-") as tmp:
        run_env = dict(os.environ)
        for name in ("config", "data", "runtime"):
            folder = Path(tmp, name)
            folder.mkdir()
            run_env[f"JUPYTER_{name.upper()}_DIR"] = str(folder)
        run_env["JUPYTER_PLATFORM_DIRS"] = "1"
        run_env["IPYTHONDIR"] = str(Path(tmp, "ipython"))
        run_env["MPLCONFIGDIR"] = str(Path(tmp, "mpl"))
        run_env["PYTHONUNBUFFERED"] = "1"
        run_env.update(env or {})
        cmd = [sys.executable, "-c", WITH_PARENT, str(os.getpid()), voila_executable(),
               str(notebooks), "--no-browser", "--Voila.ip=127.0.0.1",
               f"--port={port}", "--Voila.port_retries=0",
               f"--Voila.config_file_paths={[str(CONFIG)]}",
               "--MappingKernelManager.cull_idle_timeout=300",
               "--MappingKernelManager.cull_interval=60",
               "--VoilaConfiguration.show_tracebacks=True",
               # the kernel learns the browser's language (widgets/app.py page_language)
               "--VoilaConfiguration.http_header_envs=['Accept-Language']"]
        log = open(log_path or Path(tmp, "voila.log"), "w")  # noqa: SIM115 - closed below
        proc = subprocess.Popen(cmd, env=run_env, stdout=log, stderr=subprocess.STDOUT,
                                cwd=notebooks)
        base = f"http://127.0.0.1:{port}"
        try:
            _wait_ready(base + READY_PATH, proc, timeout, log.name)
            yield base
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            log.close()


def jupyter_executable() -> str:
    """``jupyter`` next to the running Python (the venv's)."""
    here = Path(sys.executable).parent / "jupyter"
    return str(here) if here.exists() else (shutil.which("jupyter") or "jupyter")


@contextlib.contextmanager
def jupyter_lab(folder: Path, timeout: float = 90.0,
                log_path: Path | None = None) -> Iterator[str]:
    """Serve ``folder`` with JupyterLab on a free loopback port, no token, its settings and
    workspaces in a temporary folder; yields the base URL. Stops as :func:`voila_server`
    does. (A page's notebook is saved into ``folder``: give it a copy.)"""
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="kit-lab-") as tmp:
        run_env = dict(os.environ)
        for name in ("config", "runtime"):
            Path(tmp, name).mkdir()
            run_env[f"JUPYTER_{name.upper()}_DIR"] = str(Path(tmp, name))
        run_env["JUPYTERLAB_SETTINGS_DIR"] = str(Path(tmp, "settings"))
        run_env["JUPYTERLAB_WORKSPACES_DIR"] = str(Path(tmp, "workspaces"))
        run_env["IPYTHONDIR"] = str(Path(tmp, "ipython"))
        run_env["MPLCONFIGDIR"] = str(Path(tmp, "mpl"))
        cmd = [sys.executable, "-c", WITH_PARENT, str(os.getpid()), jupyter_executable(),
               "lab", "--no-browser", "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}",
               "--ServerApp.port_retries=0", "--allow-root", "--IdentityProvider.token=",
               "--ServerApp.password=", "--ServerApp.disable_check_xsrf=True",
               f"--ServerApp.root_dir={folder}", "--LabApp.news_url=None",
               "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
        log = open(log_path or Path(tmp, "lab.log"), "w")  # noqa: SIM115 - closed below
        proc = subprocess.Popen(cmd, env=run_env, stdout=log, stderr=subprocess.STDOUT,
                                cwd=folder)
        base = f"http://127.0.0.1:{port}"
        try:
            _wait_ready(base + "/lab", proc, timeout, log.name)
            yield base
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            log.close()


def _wait_ready(url: str, proc: subprocess.Popen, timeout: float, log_name: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"voila exited with {proc.returncode}; see {log_name}:\n"
                               + Path(log_name).read_text()[-3000:])
        try:
            with urllib.request.urlopen(url, timeout=2) as resp:
                if resp.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.2)
    raise RuntimeError(f"voila did not serve {url} within {timeout} s")


def launch_chromium(playwright: Any) -> Any:
    """Debian's chromium via Playwright (never Playwright's own download)."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                      headless=True)



def is_local(url: str) -> bool:
    parsed = urlparse(url)
    if parsed.scheme in ("data", "blob", "about"):
        return True
    return parsed.hostname in ("127.0.0.1", "localhost", "::1")


def local_only(page: Any) -> list[str]:
    """Abort every non-local request of ``page``; returns the list of aborted URLs."""
    aborted: list[str] = []

    def route(r: Any) -> None:
        if is_local(r.request.url):
            r.continue_()
        else:
            aborted.append(r.request.url)
            r.abort()

    page.route("**/*", route)
    return aborted
