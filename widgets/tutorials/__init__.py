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
import html
import tomllib
from collections.abc import Iterable, Mapping
from typing import Any

from IPython.display import HTML, Markdown, display

import kit
from kit import i18n
from kit.i18n import NC_
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


#: the column headers of the references' tables (context ``table``), shown in the
#: notebook's language by :func:`table`; the rows keep these English names for code
HEADERS = [
    NC_("table", "colour"), NC_("table", "mark"), NC_("table", "1s"), NC_("table", "2s"),
    NC_("table", "3s"), NC_("table", "4s"), NC_("table", "5s"), NC_("table", "cards"),
    NC_("table", "variant"), NC_("table", "colours"), NC_("table", "perfect score"),
    NC_("table", "multicolour in hints"), NC_("table", "about"), NC_("table", "option"),
    NC_("table", "rule"), NC_("table", "default"), NC_("table", "what"),
    NC_("table", "what it does"), NC_("table", "type"), NC_("table", "card"),
    NC_("table", "count"), NC_("table", "origin"),
    NC_("table", "may be added to a revealed combination"), NC_("table", "year"),
    NC_("table", "statement"), NC_("table", "in the rulebook"), NC_("table", "source"),
    NC_("table", "round"), NC_("table", "cards in hand"), NC_("table", "task"),
    NC_("table", "characters dealt"), NC_("table", "card left in hand"),
    NC_("table", "penalty"), NC_("table", "step"), NC_("table", "seat"),
    NC_("table", "decision"), NC_("table", "hand before (teacher only)"),
    NC_("table", "what happens"),
]


#: the one option the setup form never shows, explained in the references' tables of options
DEAL_HELP = [NC_("option-help", "hanabi.deal"), NC_("option-help", "waiting_list.deal"),
             NC_("option-help", "pug_party.deal"), NC_("option-help", "domino_metro.deal")]


def table(rows: Iterable[Mapping[str, Any]], index: str | None = None,
          names: str | None = None) -> HTML:
    """A table of the reference as the notebook's language shows it: one row per mapping,
    its keys the columns (English names, which code reads, shown through the catalog's
    context ``table``; a header it lacks stays as it is). ``index`` is the column drawn
    first, as the rows' labels; with ``names`` (a catalog context such as ``colour``) its
    values are translated too. True and False read ✓ and —."""
    t = i18n.Words()
    rows = list(rows)
    columns = list(dict.fromkeys(k for row in rows for k in row))
    if index:
        columns.remove(index)
        columns.insert(0, index)

    def cell(column: str, value: Any) -> str:
        if isinstance(value, bool):
            value = "✓" if value else "—"
        elif value is None:
            value = ""
        elif column == index and names:
            value = t.ctx(names, str(value), default=str(value))
        tag = "th" if column == index else "td"
        return f'<{tag} style="text-align: left">{html.escape(str(value))}</{tag}>'

    head = "".join(f'<th style="text-align: left">{html.escape(t.ctx("table", c, default=c))}'
                   "</th>" for c in columns)
    body = "".join("<tr>" + "".join(cell(c, row.get(c)) for c in columns) + "</tr>"
                   for row in rows)
    return HTML(f'<div style="overflow-x: auto"><table><thead><tr>{head}</tr></thead>'
                f"<tbody>{body}</tbody></table></div>")


def said(entry: Any, field: str = "") -> str:
    """An entry of a data file (a card, a round) in the notebook's language: its ``ru``,
    ``uk`` or ``en`` field, or with ``field`` its ``<field>_ru`` etc. (``text``)."""
    lang = i18n.language()
    return getattr(entry, f"{field}_{lang}" if field else lang)


def in_rulebook(word: str, rulebook: str) -> dict[str, str]:
    """The rulebook's own word for a thing, as a column of a table: none when the notebook
    speaks the rulebook's language (``rulebook``: ``ru`` or ``uk``), where the row's name
    says it already."""
    return {} if i18n.language() == rulebook else {"in the rulebook": f"«{word}»"}


def option_help(game: str, name: str) -> str:
    """A game option's one-line explanation in the notebook's language (the setup form's,
    widgets/labels.py; its declaration's English where the catalog has none)."""
    from widgets.app import option_words

    return option_words(i18n.Words(), game, name, kit.spec(game).options[name])[1]


def choice(option: str, value: str) -> str:
    """A choice of an option as the setup form names it, in the notebook's language."""
    return i18n.Words().ctx("choice", f"{option}.{value}", default=value)


def default(game: str, name: str) -> str:
    """An option's default as a reader reads it, in the notebook's language: a choice by
    the setup form's name for it, a switch as ✓ or —, no value as —."""
    option = kit.spec(game).options[name]
    value = option.default
    if isinstance(value, bool):
        return "✓" if value else "—"
    if value is None:
        return "—"
    return choice(name, value) if option.choices else str(value)


def with_options(scenario: Any, **options: Any) -> Any:
    """The same prepared situation under other options (a house rule switched)."""
    return dataclasses.replace(scenario, options={**scenario.options, **options})


def seat_names(players: int, seats: list[str] | None = None) -> list[str]:
    """Seat names as every board names them, counted from 1 (code's seat 0 is Seat 1), in
    the notebook's language."""
    t = i18n.Words()
    seats = seats or ["human"] * players
    return [t("Seat {n}", n=p + 1) if kind == "human"
            else t("Seat {n} ({bot} bot)", n=p + 1, bot=t.ctx("bot", kind.split(":", 1)[1]))
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


def refusal(state: Any, action: Any, rule: str) -> str:
    """Try an illegal action: it must raise kit.IllegalAction citing ``rule`` and leave the
    state exactly as it was (:func:`refused`). Returns the engine's message."""
    exc = refused(state, action)
    assert exc.rule == rule, f"expected {rule}, got {exc}"
    return str(exc)


def legal(state: Any) -> list[dict]:
    """The legal actions of the seat to act, as JSON dicts."""
    return [a.to_json() for a in state.legal_actions()]


def kinds(state: Any) -> list[str]:
    """The kinds of action the seat to act may take now."""
    return sorted({a.to_json()["type"] for a in state.legal_actions()})


def caption(scenario: Any, heading: bool = True) -> None:
    """Show a prepared situation's text above its board, as prose (not printed output);
    with ``heading``, its title and rule ids first."""
    title, text = caption_text(scenario)
    display(Markdown(f"**{title}** ({', '.join(scenario.rules)})\n\n{text}" if heading
                     else text))
