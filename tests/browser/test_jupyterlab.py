"""The tutorials (and lessons) in JupyterLab (issue 40): JupyterLab, installed with the
kit, opens a copy of the notebook, runs all its cells without an error, draws its boards
(their code fetched once by the page, widgets/loader.js), and a move made on a board is
answered by the kernel."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
#: a tutorial, and every lesson there is
LESSONS = sorted(p.relative_to(NOTEBOOKS).as_posix()
                 for p in (NOTEBOOKS / "lessons").glob("*.ipynb"))
OPENED = ["hanabi_tutorial.ipynb", *LESSONS]
IDLE = ".jp-Notebook-ExecutionIndicator[data-status='idle']"
KERNEL_READY = ("() => [...document.querySelectorAll('.jp-StatusBar-TextItem')]"
                ".some((e) => /\\|\\s*Idle/.test(e.textContent))")
ERRORS = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
# every code cell has run: each prompt shows its number, none "[*]" (queued or running) or
# "[ ]" (the indicator alone goes idle for a moment between two queued cells)
ALL_RUN = """() => {
  const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]
    .map((p) => p.textContent.trim()).filter((text) => text);
  return prompts.length > 0 && prompts.every((text) => /^\\[\\d+\\]/.test(text));
}"""
# the first board with a move to make now, marked so that the click and the wait find this
# very board (an index could name another once more boards are drawn); not one whose buttons
# are the last turn's, kept hidden while its bots move: a click there is not sent
MOVABLE = """() => {
  const board = [...document.querySelectorAll('.kit-board')].find((b) => !b.dataset.pending
    && b.dataset.over !== '1' && Number(b.dataset.legal) > 0
    && !b.classList.contains('kit-waiting') && b.querySelector('button.kit-act'));
  if (!board) return null;
  board.dataset.picked = '1';
  return [board.dataset.moves];
}"""
PICKED = ".kit-board[data-picked='1']"


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """JupyterLab on a copy of notebooks/ (a notebook run in it is saved there)."""
    if not shutil.which("chromium") and not Path("/usr/bin/chromium").exists():
        pytest.skip("Debian's chromium is not installed (scripts/setup.sh --test installs it)")
    from benchmarks.browser import jupyter_lab

    folder = tmp_path_factory.mktemp("lab") / "notebooks"
    shutil.copytree(NOTEBOOKS, folder)
    artifacts = ROOT / "test-artifacts"
    artifacts.mkdir(exist_ok=True)
    with jupyter_lab(folder, log_path=artifacts / "jupyterlab.log") as url:
        yield url


@pytest.mark.parametrize("notebook", OPENED)
def test_a_notebook_runs_in_jupyterlab_and_its_board_takes_a_move(chromium: Any, lab: str,
                                                                  notebook: str):
    from benchmarks.browser import local_only

    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    local_only(page)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        # ?reset: a workspace of its own, so the notebooks an earlier test opened are not
        # restored beside it (their boards, hidden in other tabs, would match too)
        page.goto(f"{lab}/lab/tree/{notebook}?reset")
        page.wait_for_selector(".jp-Notebook", timeout=120_000)
        page.wait_for_selector(IDLE, timeout=120_000)
        # the kernel has started (the execution indicator says idle while it still starts,
        # and "Run All" then runs nothing): the status bar's "… | Idle"
        page.wait_for_function(KERNEL_READY, timeout=120_000)
        page.click(".lm-MenuBar-itemLabel:text-is('Run')")
        page.click(".lm-Menu-itemLabel:text-is('Run All Cells')")
        page.wait_for_selector(".kit-board", timeout=120_000)
        page.wait_for_function(ALL_RUN, timeout=300_000)
        page.wait_for_selector(IDLE, timeout=300_000)
        assert page.locator(ERRORS).all_inner_texts() == []
        [moves] = page.wait_for_function(MOVABLE, timeout=120_000).json_value()
        board = page.locator(PICKED)
        board.locator("button.kit-act").first.click()
        page.wait_for_function(
            f"(m) => document.querySelector(\"{PICKED}\").dataset.moves !== m",
            arg=moves, timeout=60_000)
        assert not board.locator(".kit-error").count(), board.locator(".kit-error").inner_text()
        # the page holds one copy of each board code, asked for once
        kept = page.evaluate("() => Object.keys(globalThis.__kitBoardCode || {})")
        assert len(kept) == len({k.split(':')[0] for k in kept}) >= 1
        assert errors == []
    except Exception:
        # what the page showed, for a failure seen only in a fresh clone's run
        print(page.evaluate("""() => [...document.querySelectorAll('.kit-board')].map((b) => [
          JSON.stringify(b.dataset), b.className, b.querySelector('.kit-status')?.textContent])"""))
        page.screenshot(path=ROOT / "test-artifacts" / f"lab-{Path(notebook).stem}.png",
                        full_page=True)
        raise
    finally:
        context.close()
