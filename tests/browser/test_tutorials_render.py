"""Each tutorial renders whole in Voilà, in every language: its first board drawn, every
cell but the checks run (Voilà stops at a failing cell), no error shown (issues 7, 40)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import nbformat
import pytest

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parent.parent.parent / "notebooks"
TUTORIALS = sorted(p.name for p in NOTEBOOKS.glob("*_tutorial*.ipynb"))


def test_every_game_has_a_tutorial_in_each_language():
    expected = sorted(f"{g}_tutorial{lang}.ipynb"
                      for g in ("hanabi", "waiting_list", "pug_party", "domino_metro")
                      for lang in ("", ".ru", ".uk"))
    assert expected == TUTORIALS


@pytest.mark.parametrize("notebook", TUTORIALS)
def test_tutorial_renders_every_cell_but_its_checks(page: Any, voila_url: str, notebook: str):
    """A page runs a reference without its check cells (config/voila.py): nothing the page
    shows may depend on them."""
    cells = nbformat.read(NOTEBOOKS / notebook, as_version=4).cells
    shown = [c for c in cells if "check" not in c.metadata.get("tags", [])]
    assert len(shown) < len(cells), f"{notebook}: no check cells to leave out"
    page.goto(f"{voila_url}/voila/render/{notebook}", wait_until="domcontentloaded")
    board = page.locator(".kit-board").first
    board.wait_for(state="visible", timeout=120_000)
    assert board.inner_text().strip(), f"{notebook}: the first board is empty"
    page.wait_for_load_state("networkidle", timeout=120_000)
    assert page.locator(".jp-Cell").count() == len(shown), f"{notebook}: a cell failed"
    assert page.locator("[data-mime-type='application/vnd.jupyter.stderr']").count() == 0
    text = page.inner_text("body")
    assert "Traceback" not in text and "Error" not in text.split("\n")[0]
    assert page.errors == [], f"{notebook}: page errors {page.errors[:3]}"
