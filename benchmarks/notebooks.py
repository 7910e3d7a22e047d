"""The notebooks benchmark: ``python -m kit bench notebooks`` (figures for closing notes,
never tests; run from the source tree, as ``python -m benchmarks.notebooks``).

For each tutorial in every language (``notebooks/*_tutorial*.ipynb``) and each lesson
(``notebooks/lessons/*.ipynb``, if there are any) it opens the Voilà page in Debian's
Chromium, in a fresh browser context: once cold (nothing cached), then ``--repeat`` times
in the same context, as a reader's browser that keeps Voilà's files in its cache (the
median of these is the figure, and the target's), and measures

- the seconds from asking for the page to every widget on it drawn and every board
  interactive (its board drawn, no move waiting for the kernel), against the target
  :data:`TARGET_S` (issue 40), in two parts: the page (Voilà runs the notebook's cells,
  then sends the page) and its widgets (from the page received to the last one drawn);
- the bytes the page received: the page itself, the widgets' messages over the kernel's
  websocket (their state, and the board code), and the static files (Voilà's and the
  widget libraries' JavaScript and CSS, the same for every page and cached after the
  first).

The floor comes first: a notebook of one ipywidgets button, timed the same way (what
Voilà itself takes to run a notebook and draw a widget). One untimed page first warms the
server (its first kernel, the files read from disk). The notebooks are served from a
temporary copy of their folder, the floor's notebook added.
With ``--folder`` it serves another checkout's notebooks with that checkout's kit and
boards (``PYTHONPATH``: the folder's parent), to compare before and after a change.
"""

from __future__ import annotations

import argparse
import json
import shutil
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import nbformat

from benchmarks.browser import NOTEBOOKS, launch_chromium, voila_server

#: seconds from asking for a page to every board on it interactive (issue 40)
TARGET_S = 3.0
#: a Voilà page's widgets are displayed as outputs of this kind
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"

# Every widget output drawn (Voilà puts each output in a `.jp-OutputArea-output`; a
# widget's has no `data-mime-type`), every lesson's board there (a lesson's words are
# drawn before its board) and every board interactive.
_READY = """(n) => {
  const outs = [...document.querySelectorAll('.jp-OutputArea-output:not([data-mime-type])')]
    .filter((o) => !o.closest('.jp-OutputArea-output:not([data-mime-type]) .jp-OutputArea-output'));
  const drawn = outs.filter((o) => o.querySelector('.kit-board > *')
    || (o.querySelector('.lm-Widget') && o.textContent.trim()));
  const boards = [...document.querySelectorAll('.kit-board')];
  const lessons = [...document.querySelectorAll('.kit-lesson')];
  return drawn.length >= n && lessons.every((l) => l.querySelector('.kit-board'))
    && boards.every((b) => b.childElementCount > 0 && !b.dataset.pending);
}"""


FLOOR = "floor_one_button.ipynb"


def _floor_notebook(folder: Path) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(
        'import ipywidgets\nipywidgets.Button(description="floor")')]
    nb.cells[0]["id"] = "floor"
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python",
                                 "name": "python3"}
    nbformat.write(nb, folder / FLOOR)


def notebooks(folder: Path) -> list[Path]:
    """The tutorials (English, Russian, Ukrainian), then the lessons, of ``folder``."""
    return (sorted(folder.glob("*_tutorial*.ipynb"))
            + sorted((folder / "lessons").glob("*.ipynb")))


class Bytes:
    """The bytes a page receives, by kind, from the browser's own accounting (Chrome
    DevTools Protocol: ``Network.loadingFinished``, ``Network.webSocketFrameReceived``)."""

    def __init__(self, page: Any, context: Any) -> None:
        self.kinds: dict[str, int] = {"page": 0, "websocket": 0, "static": 0}
        self._types: dict[str, str] = {}
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.on("Network.responseReceived", self._response)
        cdp.on("Network.loadingFinished", self._finished)
        cdp.on("Network.webSocketFrameReceived", self._frame)

    def _response(self, ev: dict) -> None:
        self._types[ev["requestId"]] = "page" if ev.get("type") == "Document" else "static"

    def _finished(self, ev: dict) -> None:
        kind = self._types.get(ev["requestId"], "static")
        self.kinds[kind] += int(ev.get("encodedDataLength", 0))

    def _frame(self, ev: dict) -> None:
        self.kinds["websocket"] += len(ev["response"]["payloadData"].encode())


def bench_notebook(context: Any, base: str, path: str) -> dict:
    """Open ``path`` (relative to the served folder) in a new page of ``context``; time it."""
    page = context.new_page()
    got = Bytes(page, context)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    start = time.perf_counter()
    response = page.goto(f"{base}/voila/render/{path}", wait_until="commit",
                         timeout=180_000)
    html = response.text() if response is not None else ""
    executed = time.perf_counter() - start
    widgets = html.count(WIDGET_VIEW)
    page.wait_for_function(_READY, arg=widgets, polling=20, timeout=180_000)
    seconds = time.perf_counter() - start
    boards = page.locator(".kit-board").count()
    page.wait_for_timeout(300)  # (the last frames in flight, counted)
    page.close()
    return {"seconds": round(seconds, 2), "page_s": round(executed, 2),
            "widgets_s": round(seconds - executed, 2), "widgets": widgets, "boards": boards,
            "bytes": dict(got.kinds), "errors": errors[:3]}


def run(folder: Path = NOTEBOOKS, repeat: int = 1, only: list[str] | None = None) -> dict:
    """All the figures, as a dict (and printed)."""
    paths = [p.relative_to(folder).as_posix() for p in notebooks(folder)]
    if only:
        paths = [p for p in paths if any(o in p for o in only)]
    env = {"PYTHONPATH": str(folder.resolve().parent)}
    out: dict[str, Any] = {"target_s": TARGET_S, "folder": str(folder), "notebooks": {}}
    with tempfile.TemporaryDirectory(prefix="kit-bench-nb-") as tmp:
        served = Path(tmp) / "notebooks"
        shutil.copytree(folder, served, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
        _floor_notebook(served)
        _run(served, [FLOOR, *paths], repeat, env, out)
    return out


def _run(folder: Path, paths: list[str], repeat: int, env: dict, out: dict) -> None:
    from playwright.sync_api import sync_playwright

    with voila_server(folder, env=env) as base, sync_playwright() as pw:
        browser = launch_chromium(pw)
        if paths:  # warm-up, untimed: the server's first kernel, its files read from disk
            warm = browser.new_context()
            bench_notebook(warm, base, paths[1] if len(paths) > 1 else paths[0])
            warm.close()
        for path in paths:
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            cold = bench_notebook(context, base, path)
            runs = [bench_notebook(context, base, path) for _ in range(repeat)]
            context.close()
            best = dict(runs[0])
            for key in ("seconds", "page_s", "widgets_s"):
                best[key] = round(statistics.median(r[key] for r in runs), 2)
            best["meets_target"] = best["seconds"] <= TARGET_S
            best["cold"] = cold
            out["notebooks"][path] = best
            b = best["bytes"]
            missed = "" if best["meets_target"] else f"  (MISSES <= {TARGET_S:.0f} s)"
            errors = best["errors"] or cold["errors"]
            _print(path, f"{best['seconds']:5.2f} s (page {best['page_s']:.2f} + widgets "
                         f"{best['widgets_s']:.2f}; cold {cold['seconds']:.2f})  "
                         f"{best['boards']:2d} boards  websocket {b['websocket'] / 1000:5.0f} kB"
                         f"  page {b['page'] / 1000:4.0f} kB  static {b['static'] / 1000:5.0f}"
                         f" kB (cold {cold['bytes']['static'] / 1000:5.0f} kB)"
                         + missed + (f"  page errors: {errors}" if errors else ""))
        browser.close()


def _print(label: str, value: str) -> None:
    print(f"{label:<40} {value}", flush=True)


def _stop(signum: int, _frame: Any) -> None:
    raise SystemExit(128 + signum)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kit bench notebooks", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--folder", type=Path, default=NOTEBOOKS,
                        help="the notebooks folder to serve (default: this checkout's)")
    parser.add_argument("--repeat", type=int, default=3, help="page loads per notebook "
                                                              "(the median is shown)")
    parser.add_argument("--only", nargs="*", help="only notebooks whose path has one of these")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, _stop)
    figures = run(args.folder, args.repeat, args.only)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
