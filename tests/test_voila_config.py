"""config/voila.py, the settings scripts/serve, the benchmarks and the browser tests give
Voilà: a page runs a reference without its check cells (issue 40)."""

from __future__ import annotations

from pathlib import Path

import nbformat
from traitlets.config.loader import PyFileConfigLoader

ROOT = Path(__file__).resolve().parent.parent


def _hook():
    config = PyFileConfigLoader("voila.py", path=str(ROOT / "config")).load_config()
    return config.VoilaConfiguration.prelaunch_hook


def test_a_page_runs_a_reference_without_its_check_cells():
    path = ROOT / "notebooks" / "waiting_list_tutorial.ru.ipynb"
    notebook = nbformat.read(path, as_version=4)
    cells = [c.id for c in notebook.cells]
    checks = {c.id for c in notebook.cells if "check" in c.metadata.get("tags", [])}
    assert checks
    ran = _hook()(None, notebook, str(path.parent))
    assert [c.id for c in ran.cells] == [c for c in cells if c not in checks]
    assert any("setup" in c.metadata.get("tags", []) for c in ran.cells)


def test_a_notebook_without_checks_is_left_whole():
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# hi"),
                                               nbformat.v4.new_code_cell("1 + 1")])
    assert len(_hook()(None, notebook, ".").cells) == 2


def test_scripts_serve_and_the_browser_tests_load_it():
    assert "--Voila.config_file_paths=\"['$PWD/config']\"" in (
        ROOT / "scripts" / "serve").read_text()
    from benchmarks.browser import CONFIG
    assert (CONFIG / "voila.py").is_file()
