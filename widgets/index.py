"""The index page's table of games as HTML (``notebooks/index.ipynb``), from
:func:`kit.catalogue.games`."""

from __future__ import annotations

from pathlib import Path

from kit.catalogue import NOTEBOOK_DIR, NOTEBOOKS, games


def index_html(notebook_dir: str | Path = NOTEBOOK_DIR) -> str:
    """The index page's table of games as HTML (links work under Voilà)."""
    cells = []
    for row in games(notebook_dir):
        links = " · ".join(f'<a href="{row[k]}">{k}</a>' for k in NOTEBOOKS if row[k])
        status = ("ready" if row["engine"] else "engine not built yet")
        cells.append(
            f"<tr><td><b>{row['title']}</b><br>{row['original']}</td><td>{row['kind']}</td>"
            f"<td>{row['players'] or '—'}</td><td>{status}</td><td>{links or '—'}</td></tr>")
    return ('<table class="kit-index" style="font-size:1.2em">'
            "<thead><tr><th>Game</th><th>Kind</th><th>Players</th><th>Engine</th>"
            "<th>Notebooks</th></tr></thead><tbody>" + "".join(cells) + "</tbody></table>")
