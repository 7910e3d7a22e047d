"""The helpers of the rule references, notebooks/*_tutorial.ipynb (issue 40): one module
per game, imported by the notebook's setup cell, so that the reader meets boards and
rules rather than setup code.

Each reference exists in the kit's three languages (issue 38): ``<game>_tutorial.ipynb``
in English, ``<game>_tutorial.ru.ipynb`` and ``<game>_tutorial.uk.ipynb``, whose code
cells are the English one's but for the language their setup cell sets
(``kit.i18n.set_language``). The helpers speak that language: seat names, and a prepared
situation's title and text (:func:`caption_text`, from ``data/tutorials/<lang>.toml``)."""

from __future__ import annotations

import dataclasses
import functools
import tomllib
from typing import Any

import kit
from kit import i18n
from kit.paths import DATA_DIR

#: the prepared situations' titles and texts in Russian and Ukrainian, by scenario name
#: (English: the scenario file's own)
CAPTIONS_DIR = DATA_DIR / "tutorials"


@functools.cache
def captions(lang: str) -> dict[str, dict[str, str]]:
    """{scenario name: {"title", "text"}} in ``lang`` (empty for English, whose words are
    the scenario files')."""
    path = CAPTIONS_DIR / f"{i18n.check(lang)}.toml"
    if lang == "en" or not path.exists():
        return {}
    with path.open("rb") as f:
        return tomllib.load(f)


def caption_text(scenario: Any, lang: str | None = None) -> tuple[str, str]:
    """A prepared situation's (title, text) in ``lang`` (None: the notebook's language);
    the scenario file's English where no translation is written yet."""
    words = captions(i18n.choose(lang)).get(scenario.name, {})
    return words.get("title", scenario.title), words.get("text", scenario.text)


def with_options(scenario: Any, **options: Any) -> Any:
    """The same prepared situation under other options (a house rule switched)."""
    return dataclasses.replace(scenario, options={**scenario.options, **options})


def seat_names(players: int, seats: list[str] | None = None) -> list[str]:
    """Seat names counted from 0, as the engine and these notebooks count them, in the
    notebook's language."""
    t = i18n.Words()
    seats = seats or ["human"] * players
    return [t("Seat {n}", n=p) if kind == "human"
            else t("Seat {n} ({bot} bot)", n=p, bot=t.ctx("bot", kind.split(":", 1)[1]))
            for p, kind in enumerate(seats)]


def playtest(board_class: Any, scenario: Any, upto: int | None = None) -> Any:
    """A playtest board on a prepared situation: you hold the seat to act, rule bots hold
    the others."""
    state = scenario.state(upto)
    seats = ["human" if p == state.to_act else "bot:rule" for p in range(state.players)]
    return board_class(state, mode="playtest", seats=seats, pause=0,
                       names=seat_names(state.players, seats))


def refused(state: Any, action: Any) -> kit.IllegalAction:
    """Try an action the rules forbid: return the engine's kit.IllegalAction after checking
    that the state did not change at all."""
    before = state.snapshot()
    try:
        state.apply(action)
    except kit.IllegalAction as exc:
        assert state.snapshot() == before, "a refused action changed the state"
        return exc
    raise AssertionError(f"{action} was accepted")
