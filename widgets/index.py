"""The index page (``notebooks/index.ipynb``) as HTML in the page's language, from
:func:`kit.catalogue.games`: one card per game with its links, which wrap to a single
column on a phone (no table that scrolls sideways), and the language switch."""

from __future__ import annotations

import html
from pathlib import Path

import ipywidgets as w

from kit.catalogue import NOTEBOOK_DIR, games
from kit.i18n import N_, NC_, Words
from widgets.app_form import classed, language_links, page_language, page_style, query_params

#: what each game is, for the index (context ``kind``)
KINDS = [NC_("kind", "hanabi"), NC_("kind", "waiting_list"), NC_("kind", "pug_party"),
         NC_("kind", "domino_metro")]
#: a game's links, in this order: the guided lesson (issue 40), the rules reference, the app,
#: and the classroom pack where a game has one
LINKS = {"lesson": N_("Lesson"), "tutorial": N_("Tutorial"), "app": N_("Play"),
         "classroom": N_("For the teacher")}
#: the page's heading and its tab's title
TITLE = N_("The kit: four tabletop games to teach, play and playtest")


def tutorial(notebook_dir: str | Path, english: str | None, lang: str) -> str | None:
    """The rule reference in ``lang``: ``<game>_tutorial.<lang>.ipynb`` beside the English
    ``<game>_tutorial.ipynb`` where it exists, else the English one."""
    if english is None or lang == "en":
        return english
    translated = english.removesuffix(".ipynb") + f".{lang}.ipynb"
    return translated if (Path(notebook_dir) / translated).exists() else english


def index_html(notebook_dir: str | Path = NOTEBOOK_DIR, lang: str | None = None,
               query: str | None = None) -> str:
    """The index page: a language switch, what the kit is, and a card per game with its
    tutorial and app links (each in the page's language: ``?lang=`` rides along).
    ``lang``: the page's language, else ``?lang=`` of ``query`` (Voilà's query string),
    else the browser's, else the kit-wide one."""
    params = query_params(query)
    lang = page_language(params, lang)
    t = Words(lang)
    cards = []
    for row in games(notebook_dir):
        game = row["game"]
        row = {**row, "tutorial": tutorial(notebook_dir, row["tutorial"], lang)}
        links = " ".join(
            f'<a class="kit-link-{kind}" href="{row[kind]}?lang={lang}">{t(label)}</a>'
            for kind, label in LINKS.items() if row.get(kind))
        status = "" if row["engine"] else (
            "<p class='kit-muted'>" + t("The engine is not built yet.") + "</p>")
        players = (t("players: {range}", range=row["players"]) if row["players"] else "")
        cards.append(
            f"<section class='kit-game kit-game-{game}'>"
            f"<h3>{html.escape(t.ctx('game', game, default=row['title']))}</h3>"
            f"<p class='kit-muted'>{html.escape(t.ctx('kind', game, default=row['kind']))}"
            f"{' · ' + players if players else ''}</p>{status}<p>{links or '—'}</p></section>")
    intro = ("<h1 style='font-size:1.6em;margin:0.3em 0'>" + t(TITLE) + "</h1><p>"
             + t("Pick a game: the tutorial walks through its rulebook on a live board, the "
                 "app plays it against bots or with friends on one screen.") + "</p>")
    return (page_style("index") + f"<div class='kit-index-page' lang='{lang}'>"
            + language_links(lang, params) + intro
            + "<div class='kit-index'>" + "".join(cards) + "</div>"
            # a table across devices: its code, typed on a phone (issue 39)
            + f"<p><a class='kit-link-table' href='table_app.ipynb?lang={lang}'>"
            + html.escape(t("Join a table (with its code)")) + "</a></p></div>")


def index_page(notebook_dir: str | Path = NOTEBOOK_DIR, lang: str | None = None,
               query: str | None = None) -> w.VBox:
    """The index page as ``notebooks/index.ipynb`` shows it: :func:`index_html` (a widget,
    not an HTML output: the page rewrites an output's links as files and drops ``?lang=``)
    with the page's head, its language and its tab's title (widgets/page_head.py)."""
    from widgets.page_head import page_head

    lang = page_language(query_params(query), lang)
    page = w.HTML(index_html(notebook_dir, lang, query))
    return classed(w.VBox([page_head(lang, Words(lang)(TITLE)), page]), "kit-index-root")
