"""The kit's table of contents: games, their notebooks, and what is built (for the index)."""

from __future__ import annotations

from pathlib import Path

import kit
from kit.paths import DATA_DIR
from kit.registry import available

TITLES = {
    "hanabi": ("Hanabi", "«Вогнеграй»", "cooperative fireworks"),
    "waiting_list": ("Waiting List", "«Лист ожидания»", "organ-donation awareness, rummy-like"),
    "pug_party": ("Pug Party", "«Вечірка мопсів»", "shedding, Shithead-like"),
    "domino_metro": ("Domino-Metro", "«Домино-Метро»", "branching dominoes"),
}

#: notebook kinds and their file name pattern
NOTEBOOKS = {"tutorial": "{game}_tutorial.ipynb", "app": "{game}_app.ipynb"}


NOTEBOOK_DIR = DATA_DIR.parent / "notebooks"


def games(notebook_dir: str | Path = NOTEBOOK_DIR) -> list[dict]:
    """One row per game: names, seats, engine built or not, notebooks that exist."""
    built = set(available())
    folder = Path(notebook_dir)
    rows = []
    for name in kit.GAMES:
        title, original, kind = TITLES[name]
        row = {"game": name, "title": title, "original": original, "kind": kind,
               "engine": name in built, "players": None}
        if name in built:
            spec = kit.spec(name)
            row["players"] = f"{spec.min_players}–{spec.max_players}"
        for nb_kind, pattern in NOTEBOOKS.items():
            path = pattern.format(game=name)
            row[nb_kind] = path if (folder / path).exists() else None
        rows.append(row)
    return rows


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
