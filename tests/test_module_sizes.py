"""Issue 35: a newcomer can read any board module whole — no Python or JavaScript file in
``widgets/`` is over 500 lines (split by concern instead, as app.py / app_form.py)."""

from pathlib import Path

import pytest

WIDGETS = Path(__file__).resolve().parent.parent / "widgets"
FILES = sorted(p for p in WIDGETS.rglob("*") if p.suffix in (".py", ".js")
               and "vendor" not in p.parts)


def test_the_widgets_folder_is_found():
    assert len(FILES) > 20


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(WIDGETS)))
def test_no_widgets_module_is_over_500_lines(path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= 500, f"{path.name} has {lines} lines: split it by concern"
