"""The boards: one anywidget per game over a small shared base (no rules code here).

``BOARDS[game]()`` imports and returns a game's board class (lazily, so a board
whose engine is not built yet does not break the others).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any


def _lazy(module: str, name: str) -> Callable[[], type]:
    return lambda: getattr(importlib.import_module(module), name)


BOARDS: dict[str, Callable[[], type]] = {
    "hanabi": _lazy("widgets.hanabi", "HanabiBoard"),
    "waiting_list": _lazy("widgets.waiting_list", "WaitingListBoard"),
    "pug_party": _lazy("widgets.pug_party", "PugPartyBoard"),
    "domino_metro": _lazy("widgets.domino_metro", "DominoMetroBoard"),
}


def board_class(game: str) -> type[Any]:
    """The board class of ``game`` (a ConfigError naming the boards there are)."""
    if game not in BOARDS:
        from kit.errors import NC_, ConfigError

        raise ConfigError("game", f"no board for {game!r}; boards: {sorted(BOARDS)}",
                          code=NC_("error", "game_unknown"),
                          value=game, choices=", ".join(sorted(BOARDS)))
    return BOARDS[game]()


def board(game: str, state: object = None, **kwargs: object) -> object:
    """A board for ``game``: on ``state``, or on a new game from ``players``, ``seed`` and
    ``options``; e.g. ``board("hanabi", players=3, mode="hotseat", seats=["human"] * 3)``.
    ``lang="ru"|"uk"|"en"``: the board's language (default: ``kit.i18n.set_language``'s,
    Russian until then)."""
    return board_class(game)(state, **kwargs)


def lesson(game: str, **kwargs: object) -> object:
    """The guided lesson of ``game`` (issue 40; ``data/lessons/<game>.toml``): its steps on
    a live board in lesson mode, e.g. ``lesson("hanabi", lang="uk")``."""
    from widgets.lessons import Lesson

    return Lesson(game, **kwargs)  # type: ignore[arg-type]
