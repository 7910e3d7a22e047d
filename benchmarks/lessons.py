"""Render time of the guided lessons in Voilà (issue 40): seconds from opening a lesson's
page to its first goal move on screen (interactive), in Debian's Chromium, each lesson
opened ``--runs`` times (the first is the cold one: a fresh kernel's imports).

    python -m benchmarks.lessons [--runs 3] [--json FILE]

Development tooling (run from the source tree), like ``benchmarks/boards.py``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from typing import Any

import kit
from benchmarks.browser import NOTEBOOKS, launch_chromium, voila_server


def page_to_goal(page: Any, base: str, game: str, lang: str = "ru") -> float:
    """Seconds from opening ``lessons/<game>.ipynb`` to its goal move on screen."""
    start = time.perf_counter()
    page.goto(f"{base}/voila/render/lessons/{game}.ipynb?lang={lang}")
    page.wait_for_selector(".kit-board button.kit-goal", timeout=120_000)
    return time.perf_counter() - start


def run(runs: int = 3, games: tuple[str, ...] = kit.GAMES) -> dict[str, dict[str, float]]:
    """Per lesson: the cold and the median warm render time, seconds (and printed)."""
    from playwright.sync_api import sync_playwright

    out: dict[str, dict[str, float]] = {}
    with voila_server(NOTEBOOKS) as base, sync_playwright() as pw:
        browser = launch_chromium(pw)
        page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        for game in games:
            times = [page_to_goal(page, base, game) for _ in range(max(runs, 1))]
            warm = times[1:] or times
            out[game] = {"first_s": round(times[0], 2),
                         "median_s": round(statistics.median(warm), 2)}
            print(f"lesson {game:<14} first {times[0]:.2f} s, then median "
                  f"{statistics.median(warm):.2f} s over {len(warm)}", flush=True)
        browser.close()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.lessons", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)
    figures = run(args.runs)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
