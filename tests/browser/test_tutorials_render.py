"""Each tutorial renders in Voilà: its first board appears and no cell fails (issue 7)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parent.parent.parent / "notebooks"
TUTORIALS = sorted(p.name for p in NOTEBOOKS.glob("*_tutorial.ipynb"))


def test_every_game_has_a_tutorial():
    expected = sorted(f"{g}_tutorial.ipynb" for g in
                      ("hanabi", "waiting_list", "pug_party", "domino_metro"))
    assert expected == TUTORIALS


@pytest.mark.parametrize("notebook", TUTORIALS)
def test_tutorial_renders_its_first_board(page: Any, voila_url: str, notebook: str):
    page.goto(f"{voila_url}/voila/render/{notebook}", wait_until="domcontentloaded")
    board = page.locator(".kit-board").first
    board.wait_for(state="visible", timeout=120_000)
    assert board.inner_text().strip(), f"{notebook}: the first board is empty"
    page.wait_for_load_state("networkidle", timeout=120_000)
    text = page.inner_text("body")
    assert "Traceback" not in text and "Error" not in text.split("\n")[0]
    assert page.errors == [], f"{notebook}: page errors {page.errors[:3]}"
