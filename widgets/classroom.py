"""The classroom pack for «Лист ожидания» (issue 40): the teacher page
(``notebooks/waiting_list_classroom.ipynb``) and the printable fact cards
(``notebooks/waiting_list_fact_cards.ipynb``).

Every word comes from ``data/waiting_list/classroom.toml`` (ru, uk, en; validated by
:func:`load_classroom`) or from the deck's fact cards (WL-R2, read with
:func:`kit.waiting_list.load_deck`, so a language the deck gains shows at once; a fact
without a text in the page's language shows the Russian one). The board is the
existing teacher mode on the kit's prepared situations (``data/scenarios/``), with undo.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape
from typing import Any
from urllib.parse import urlencode

import ipywidgets as w

from kit.catalogue import NOTEBOOK_DIR
from kit.waiting_list import DECK_FILE, load_deck
from widgets.app_form import (
    WIDE_LABEL,
    classed,
    language_links,
    page_language,
    page_style,
    query_params,
)
from widgets.classroom_data import FILE, Classroom, Situation, load_classroom
from widgets.index import tutorial
from widgets.page_head import page_head

#: the notebooks of the pack and the pages they link (relative: Voilà serves them side by side)
TEACHER_PAGE = "waiting_list_classroom.ipynb"
CARDS_PAGE = "waiting_list_fact_cards.ipynb"
APP_PAGE = "waiting_list_app.ipynb"
TUTORIAL_PAGE = "waiting_list_tutorial.ipynb"
INDEX_PAGE = "index.ipynb"

# -- the fact cards -------------------------------------------------------------------------

_SITE = re.compile(r"(?:https?://)?((?:[a-z0-9-]+\.)+[a-z]{2,}(?:/[^\s,;()]*)?)", re.I)


def source_links(source: str) -> list[str]:
    """The web addresses in a fact card's ``source`` (``"kommersant.ru/doc/2768175"``,
    ``"moskow-city.com (real stories); dzen.ru citing Medvestnik"``) as full https links."""
    return ["https://" + m.group(1) for m in _SITE.finditer(source)]


@dataclass(frozen=True)
class FactCard:
    """A fact card (WL-R2) as a reader sees it in one language."""

    id: str
    name: str
    text: str
    source: str
    year: str


def fact_cards(lang: str, deck: str = DECK_FILE) -> list[FactCard]:
    """Every fact card of ``deck`` in ``lang`` (a text the deck lacks in ``lang``: Russian)."""
    out = []
    for cid, entry in load_deck(deck).catalogue.items():
        if entry["type"] != "fact":
            continue
        name = entry.get(lang) or entry["ru"]
        text = entry.get(f"text_{lang}") or entry["text_ru"]
        out.append(FactCard(cid, name, text, entry["source"], entry["year"]))
    return out


def _linked(source: str) -> str:
    """The source as HTML, each web address in it a link written out in full (a printed
    card needs the whole address, and the page shows it once)."""
    out, last = [], 0
    for m in _SITE.finditer(source):
        url = "https://" + m.group(1)
        out += [escape(source[last:m.start()]),
                f'<a href="{escape(url)}" target="_blank" rel="noopener">{escape(url)}</a>']
        last = m.end()
    return "".join(out) + escape(source[last:])


def _source_html(card: FactCard, pack: Classroom, lang: str) -> str:
    return (f"<p class='kit-fact-source'><b>{escape(pack.word('source', lang))}:</b> "
            f"{_linked(card.source)} · "
            f"{escape(pack.word('year', lang))}: {escape(year_text(card.year, pack, lang))}</p>")


def year_text(year: str, pack: Classroom, lang: str) -> str:
    """A fact card's ``year`` as a reader reads it: the deck's "undated" and "about 2020"
    in the page's language."""
    if year.strip() == "undated":
        return pack.word("undated", lang)
    if year.startswith("about "):
        return pack.word("about", lang, year=year.removeprefix("about ").strip())
    return year


def fact_cards_html(lang: str | None = None, query: str | None = None,
                    deck: str = DECK_FILE, path: str = FILE) -> str:
    """The printable fact cards (WL-R2): every fact card of the deck with its text, source,
    full link and year; A4, six cards a page (print CSS). ``lang``: else ``?lang=``."""
    params = query_params(query)
    lang = page_language(params, lang)
    pack = load_classroom(path, deck)
    cards = fact_cards(lang, deck)
    items = "".join(
        f"<section class='kit-fact-card' data-card='{escape(c.id)}'>"
        f"<div class='kit-fact-kind'>ℹ {escape(pack.word('fact', lang))}</div>"
        f"<h3>{escape(c.name)}</h3><p class='kit-fact-text'>{escape(c.text)}</p>"
        f"{_source_html(c, pack, lang)}</section>" for c in cards)
    back = (f"<a class='kit-back-teacher' href='{TEACHER_PAGE}?lang={lang}'>"
            f"{escape(pack.word('back_teacher', lang))}</a>")
    return (page_style("fact_cards") + f"<div class='kit-cards-page' lang='{lang}'>"
            f"<div class='kit-noprint'>{language_links(lang, params)}{back}"
            f"<h1 style='font-size:1.5em;margin:0.3em 0'>{escape(pack.word('cards_title', lang))}"
            f"</h1><p>{escape(pack.word('cards_intro', lang, count=len(cards)))}</p>"
            f"<p class='kit-note'>{escape(pack.word('cards_check', lang))}</p>"
            f"<button type='button' class='kit-print-button' onclick='window.print()'>"
            f"{escape(pack.word('print', lang))}</button></div>"
            f"<div class='kit-cards'>{items}</div></div>")


# -- the teacher page -----------------------------------------------------------------------

def _fact_ref(card: FactCard, pack: Classroom, lang: str) -> str:
    return (f"<div class='kit-fact-ref' data-card='{escape(card.id)}'>ℹ {escape(card.text)}"
            f"{_source_html(card, pack, lang)}</div>")


def app_link(lang: str, **params: str) -> str:
    """A link to the Waiting List app that records nothing (pupils' games are not stored)."""
    return APP_PAGE + "?" + urlencode({**params, "record": "0", "lang": lang})


def _head_html(pack: Classroom, lang: str, params: dict[str, str]) -> str:
    return (page_style("classroom") + f"<div class='kit-classroom' lang='{lang}'>"
            f"{language_links(lang, params)}"
            f"<a class='kit-back' href='{INDEX_PAGE}?lang={lang}'>{escape(pack.word('back', lang))}"
            f"</a><h1>{escape(pack.word('title', lang))}</h1>"
            f"<p>{escape(pack.word('intro', lang))}</p>"
            f"<p><a class='kit-button kit-cards-link' href='{CARDS_PAGE}?lang={lang}' "
            f"target='_blank'>{escape(pack.word('cards_link', lang))}</a></p>"
            + _plan_html(pack, lang) + "</div>")


def _plan_html(pack: Classroom, lang: str) -> str:
    out = [f"<h2>{escape(pack.word('plan', lang))}</h2>"]
    start = 0
    for part in pack.plan:
        span = pack.word("minutes", lang, start=start, end=start + part.minutes)
        out.append(f"<h3 class='kit-plan-part'>{escape(span)} · {escape(part.title[lang])}</h3><ol>"
                   + "".join(f"<li>{escape(s[lang])}</li>" for s in part.steps) + "</ol>")
        start += part.minutes
    return "".join(out)


def _tail_html(pack: Classroom, lang: str) -> str:
    facts = {c.id: c for c in fact_cards(lang)}
    play = [
        (app_link(lang, players="3", seats="human,human,human", start="1"),
         pack.word("hotseat", lang, players=3)),
        (app_link(lang, players="4", seats="human,human,human,human", start="1"),
         pack.word("hotseat", lang, players=4)),
        (app_link(lang, players="3", seats="human,bot:rule,bot:rule", start="1"),
         pack.word("bots", lang)),
        # (the reference in the page's language, as the index links it)
        (f"{tutorial(NOTEBOOK_DIR, TUTORIAL_PAGE, lang)}?lang={lang}",
         pack.word("tutorial", lang)),
    ]
    links = "".join(f"<li><a class='kit-play-link' href='{escape(href)}' target='_blank'>"
                    f"{escape(label)}</a></li>" for href, label in play)
    mechanic = escape(pack.word('mechanic', lang))
    questions = "".join(
        f"<li class='kit-question'><span class='kit-mechanic'>{mechanic}:"
        f" {escape(q.mechanic[lang])}</span><br><b>{escape(q.text[lang])}</b>"
        + "".join(_fact_ref(facts[f], pack, lang) for f in q.facts if f in facts) + "</li>"
        for q in pack.questions)
    care = "".join(
        f"<li class='kit-care'>{escape(c.text[lang])}"
        + "".join(_fact_ref(facts[f], pack, lang) for f in c.facts if f in facts) + "</li>"
        for c in pack.care)
    return (page_style("classroom") + f"<div class='kit-classroom' lang='{lang}'>"
            f"<h2>{escape(pack.word('play', lang))}</h2><ul>{links}</ul>"
            f"<p class='kit-muted kit-note'>"
            f"{escape(pack.word('play_note', lang))}</p>"
            f"<h2>{escape(pack.word('questions', lang))}</h2><ol>{questions}</ol>"
            f"<h2 class='kit-sensitivity'>{escape(pack.word('sensitivity', lang))}</h2>"
            f"<ul>{care}</ul></div>")


class TeacherPage(w.VBox):
    """The teacher page: the plan, a teacher-mode board on a prepared situation (chooser,
    undo on the board, start again), the play links, debrief questions and the
    sensitivity note, all in the page's language (``lang``, else ``?lang=``)."""

    def __init__(self, lang: str | None = None, query: str | None = None,
                 path: str = FILE) -> None:
        params = query_params(query)
        self.lang = page_language(params, lang)
        self.pack = load_classroom(path)
        lang = self.lang
        self.chooser = classed(w.Dropdown(
            options=[(s.title[lang], i) for i, s in enumerate(self.pack.situations)],
            value=0, description=self.pack.word("situation", lang),
            layout=w.Layout(width="auto", max_width="100%"), style=WIDE_LABEL), "kit-situation")
        self.goal = classed(w.HTML(), "kit-goal")
        self.reset = classed(w.Button(description=self.pack.word("reset", lang), icon="refresh",
                                      layout=w.Layout(width="auto", flex="0 0 auto")), "kit-reset")
        self.holder = w.Box(layout=w.Layout(width="100%"))
        self.board: Any = None
        self.chooser.observe(lambda _change: self.show(), names="value")
        self.reset.on_click(lambda _button: self.show())
        board_head = w.HTML(
            f"<div class='kit-classroom' lang='{lang}'><h2>{escape(self.pack.word('board', lang))}"
            f"</h2><p class='kit-note'>"
            f"{escape(self.pack.word('board_note', lang))}</p></div>")
        controls = w.HBox([self.chooser, self.reset],
                          layout=w.Layout(flex_flow="row wrap", align_items="center",
                                          width="100%"))
        super().__init__([page_head(lang, self.pack.word("title", lang)),
                          w.HTML(_head_html(self.pack, lang, params)), board_head,
                          controls, self.goal, self.holder,
                          w.HTML(_tail_html(self.pack, lang))],
                         layout=w.Layout(width="100%"))
        self.add_class("kit-teacher-page")
        self.show()

    @property
    def situation(self) -> Situation:
        """The situation chosen."""
        return self.pack.situations[self.chooser.value]

    def show(self) -> None:
        """Open the chosen situation afresh on a new teacher-mode board."""
        from widgets import board

        s = self.situation
        self.goal.value = (f"<p class='kit-classroom' style='margin:0.3em 0'><b>"
                           f"{escape(self.pack.word('goal', self.lang))}:</b> "
                           f"{escape(s.goal[self.lang])}</p>")
        old = self.board
        self.board = board("waiting_list", s.state(), mode="teacher", pause=0, lang=self.lang,
                           restart=False)  # (the page's own button starts again)
        # the board spans the page's width whatever it shows: on a projector it does not
        # widen and narrow as the claim window comes and goes
        self.board.layout.width = "100%"
        self.holder.children = [self.board]
        if old is not None:
            old.close()


def teacher_page(lang: str | None = None, query: str | None = None) -> TeacherPage:
    """The teacher page of the classroom pack (see :class:`TeacherPage`)."""
    return TeacherPage(lang, query)


class FactCardsPage(w.VBox):
    """The printable fact cards as a page: their HTML (:func:`fact_cards_html`, in a widget,
    which keeps the page's ``?lang=`` links) and the page's head (its language and its tab's
    title, widgets/page_head.py). ``value``: the cards' HTML."""

    def __init__(self, lang: str | None = None, query: str | None = None) -> None:
        self.lang = page_language(query_params(query), lang)
        self.cards = classed(w.HTML(fact_cards_html(self.lang, query)), "kit-fact-cards")
        title = load_classroom(FILE).word("cards_title", self.lang)
        super().__init__([page_head(self.lang, title), self.cards])

    @property
    def value(self) -> str:
        return self.cards.value


def fact_cards_page(lang: str | None = None, query: str | None = None) -> FactCardsPage:
    """The printable fact cards' page (see :class:`FactCardsPage`)."""
    return FactCardsPage(lang, query)
