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

#: notebook kinds and their file name pattern (a classroom pack: «Лист ожидания»'s, issue 40)
NOTEBOOKS = {"lesson": "lessons/{game}.ipynb", "tutorial": "{game}_tutorial.ipynb",
             "app": "{game}_app.ipynb", "classroom": "{game}_classroom.ipynb"}


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
