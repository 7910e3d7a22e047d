"""Notebooks are committed without outputs or saved widget state (hidden cards could
hide in either), and each runs as nbval checks it."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = sorted((Path(__file__).parent.parent / "notebooks").glob("*.ipynb"))


def test_there_is_an_index_notebook():
    assert any(p.name == "index.ipynb" for p in NOTEBOOKS)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_has_no_outputs_or_widget_state(path):
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    with_output = [i for i, c in enumerate(nb.cells)
                   if c.cell_type == "code" and (c.outputs or c.execution_count)]
    assert with_output == [], f"{path.name}: cells {with_output} keep outputs"
    assert "widgets" not in nb.metadata, f"{path.name} keeps saved widget state"
