"""Voilà's settings for the kit's pages: ``scripts/serve``, the benchmarks and the browser
tests load this file (``--Voila.config_file_paths``); the command-line flags of
``scripts/serve`` hold the rest."""

from typing import Any

c = get_config()  # noqa: F821 - traitlets puts get_config in a config file's namespace

CHECK_TAG = "check"


def without_checks(handler: Any, notebook: Any, cwd: str) -> Any:
    """The notebook a page runs: without the cells tagged ``check``.

    A reference's check cells assert each rule for nbval and for a reader in JupyterLab;
    they show nothing, and a Voilà page hides all code anyway, so running them there only
    delays the page (issue 40: a third of a reference's cells). Voilà calls this hook with
    the notebook it has just read from disk for this page."""
    notebook.cells = [cell for cell in notebook.cells
                      if CHECK_TAG not in cell.get("metadata", {}).get("tags", ())]
    return notebook


c.VoilaConfiguration.prelaunch_hook = without_checks
