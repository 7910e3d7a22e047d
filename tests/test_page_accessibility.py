"""The pages without a board as a screen reader and a dark JupyterLab theme meet them
(a tester's walk-through, /tmp/walk-a): text colours that hold in both themes, the
page's language and title, one h1 per page, labelled fields and a spoken status line.
Through the HTML and the widgets the kernel builds; tests/browser/test_page_head.py
checks the same in a browser."""

from __future__ import annotations

import re
from pathlib import Path

import ipywidgets as w
import pytest
from widget_page import Page, page_comms

from kit.i18n import Words
from widgets import app_form
from widgets.page_head import PageHead, RatingScale, StatusLine

WIDGETS = Path(__file__).resolve().parent.parent / "widgets"
WHITE, DARK_THEME = "#ffffff", "#111111"  # (JupyterLab Dark's --jp-layout-color0)


def contrast(fg: str, bg: str) -> float:
    """WCAG 2 contrast ratio of two #rgb/#rrggbb colours."""
    def lum(c: str) -> float:
        c = c.lstrip("#")
        if len(c) == 3:
            c = "".join(x * 2 for x in c)
        ch = [int(c[i:i + 2], 16) / 255 for i in (0, 2, 4)]
        r, g, b = ((v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4) for v in ch)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    hi, lo = sorted((lum(fg), lum(bg)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def theme_colours() -> dict[str, str]:
    """The dark theme's values of the kit's colour variables (widgets/page_theme.css)."""
    css = (WIDGETS / "page_theme.css").read_text(encoding="utf-8")
    return dict(re.findall(r"--(kit-[a-z]+):(#[0-9a-fA-F]{3,6})", css))


def html_of(widget: w.Widget) -> str:
    """Every HTML value a page's widgets hold, and their fields' labels."""
    if isinstance(widget, w.HTML | StatusLine):
        return widget.value
    out = getattr(widget, "description", "") or ""
    return out + "".join(html_of(c) for c in getattr(widget, "children", ()))


def heads(widget: w.Widget) -> list[PageHead]:
    if isinstance(widget, PageHead):
        return [widget]
    return [h for c in getattr(widget, "children", ()) for h in heads(c)]


# -- colours in both themes ------------------------------------------------------------------

def test_each_colour_variable_reads_on_the_dark_theme_and_its_fallback_on_white():
    dark = theme_colours()
    assert {"kit-note", "kit-faint", "kit-link"} <= set(dark)
    for name, colour in dark.items():  # (a card's border: 3:1, as any part of a control)
        assert contrast(colour, DARK_THEME) >= (3 if name == "kit-line" else 4.5), name
    # each style names its variable with the light theme's (and Voilà's) colour
    for style in (app_form.NOTE_STYLE, app_form.LINK_STYLE, app_form.FAINT_STYLE,
                  app_form.ERROR_STYLE):
        name, fallback = re.search(r"var\(--(kit-[a-z]+),(#[0-9a-f]+)\)", style).groups()
        assert name in dark and contrast(fallback, WHITE) >= 4.5, style


def test_a_boards_muted_text_and_hanabis_spent_tokens_read_on_its_backgrounds():
    """Text: 4.5:1; a spent hint or mistake token (HB-3), a part of a graphic: 3:1 (it was
    1.7:1), on the board's background and on the own seat's."""
    base = (WIDGETS / "base.css").read_text(encoding="utf-8")
    board = re.search(r"--kit-bg:\s*(#[0-9a-f]+)", base).group(1)
    muted = re.search(r"--kit-muted:\s*(#[0-9a-f]+)", base).group(1)
    spent = re.search(r"\.hb-tok-off \{ color: (#[0-9a-f]+)",
                      (WIDGETS / "hanabi.css").read_text(encoding="utf-8")).group(1)
    for background in (board, "#f4f1ea"):
        assert contrast(muted, background) >= 4.5 and contrast(spent, background) >= 3


def _fixed_colours(text: str) -> list[tuple[str, str]]:
    """(selector or inline style, colour) for each text colour fixed outside a variable."""
    found = []
    for selector, block in re.findall(r"([^{}]*)\{([^{}]*)\}", text):
        found += [(selector.strip(), c) for c in
                  re.findall(r"(?<![-\w])color:\s*(#[0-9a-fA-F]{3,6})", block)
                  if "background" not in block]
    for style in re.findall(r"style='([^']*)'", text):
        found += [(style, c) for c in re.findall(r"(?<![-\w])color:\s*(#[0-9a-fA-F]{3,6})",
                                                  style) if "background" not in style]
    return found


def _pages() -> dict[str, str]:
    from widgets.app import PlaytestApp
    from widgets.classroom import TeacherPage, fact_cards_html
    from widgets.index import index_html
    from widgets.lessons import Lesson
    from widgets.shared_table import TableApp

    with page_comms():
        return {"index": index_html(lang="ru"), "cards": fact_cards_html("ru"),
                "teacher": html_of(TeacherPage("ru")),
                "app": html_of(PlaytestApp("hanabi", lang="ru", record=False)),
                "lesson": html_of(Lesson("hanabi", lang="ru", pause=0)),
                "table": html_of(TableApp(lang="ru", query=""))}


@pytest.mark.parametrize("name", ["index", "cards", "teacher", "app", "lesson", "table"])
def test_no_text_colour_is_a_fixed_grey_on_the_themes_background(name):
    """A fixed dark grey (#333, #444, #555, #888) or link blue vanished on JupyterLab's
    dark background: a text colour is a variable of page_theme.css, or is set with its
    own light background (a button, the goal's box, a paper fact card, printed page)."""
    own_box = (".kit-lesson-goal", ".kit-fact-card", "@media print")
    loose = [(where, c) for where, c in _fixed_colours(_pages()[name])
             if not any(box in where for box in own_box)]
    assert loose == [], loose


def test_the_goal_box_keeps_dark_text_on_its_pale_yellow_in_every_theme():
    css = app_form.page_style("lesson")
    block = re.search(r"\.kit-lesson-goal\{([^}]*)\}", css).group(1)
    background = re.search(r"background:(#[0-9a-f]+)", block).group(1)
    colour = re.search(r"(?<![-\w])color:(#[0-9a-f]+)", block).group(1)
    assert contrast(colour, background) >= 7, (colour, background)


# -- the page's language and title -------------------------------------------------------------

def test_each_page_says_its_language_and_a_human_title(monkeypatch):
    from widgets.app import PlaytestApp
    from widgets.classroom import TeacherPage, fact_cards_page
    from widgets.index import index_page
    from widgets.lessons import Lesson
    from widgets.shared_table import TableApp

    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.13")
    with page_comms():
        pages = {"index": index_page(lang="uk"), "cards": fact_cards_page("uk"),
                 "teacher": TeacherPage("uk"),
                 "app": PlaytestApp("hanabi", lang="uk", record=False),
                 "lesson": Lesson("hanabi", lang="uk", pause=0),
                 "table": TableApp(lang="uk", query="")}
    titles = {"index": "Чотири настільні гри", "cards": "", "teacher": "",
              "app": "Ханабі «Вогнеграй» — гра", "lesson": "", "table": "Сісти за стіл"}
    for name, page in pages.items():
        (head,) = heads(page)
        assert head.lang == "uk" and head.voila, name
        assert head.title and ".ipynb" not in head.title and "_" not in head.title, name
        assert head.title.startswith(titles[name]), (name, head.title)
        assert "lang='uk'" in html_of(page), name


def test_in_jupyterlab_the_page_head_leaves_labs_document_alone(monkeypatch):
    from widgets.lessons import Lesson

    monkeypatch.delenv("SERVER_SOFTWARE", raising=False)
    with page_comms():
        lesson = Lesson("hanabi", lang="ru", pause=0)
    (head,) = heads(lesson)
    assert head.lang == "ru" and not head.voila


def test_a_board_and_its_page_head_are_told_the_same_whether_the_page_is_voilas(monkeypatch):
    """One detection, the kernel's: a board sets the page's language, title and first focus
    only on a Voilà page, as the page head does (widgets/page_head.py)."""
    from widgets.app import PlaytestApp
    from widgets.hanabi import HanabiBoard

    for served in (True, False):
        if served:
            monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.13")
        else:
            monkeypatch.delenv("SERVER_SOFTWARE", raising=False)
        with page_comms():
            board = HanabiBoard(players=2, seed=1, lang="uk")
            app = PlaytestApp("hanabi", lang="uk", record=False)
        (head,) = heads(app)
        assert board.voila is served and head.voila is served


def test_each_page_has_one_h1(monkeypatch):
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.13")
    for name, text in _pages().items():
        if name == "cards":  # (the teacher page links them; they are a page of their own)
            text = text.split("<div class='kit-cards'>")[0]
        assert len(re.findall(r"<h1\b", text)) == 1, name


# -- the lesson -------------------------------------------------------------------------------

def test_the_lessons_language_links_are_voilas_and_lab_gets_a_hint(monkeypatch):
    from widgets.lessons import Lesson

    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.13")
    with page_comms():
        served = Lesson("hanabi", lang="ru", pause=0)
    assert "kit-lang-en" in served.head.value and "kit-lang-hint" not in served.head.value
    monkeypatch.delenv("SERVER_SOFTWARE")
    with page_comms():
        lab = Lesson("hanabi", lang="ru", pause=0)
    assert "href='?" not in lab.head.value and "kit-lang-en" not in lab.head.value
    assert "widgets.lesson(&quot;hanabi&quot;, lang=&quot;en&quot;)" in lab.head.value
    # and the call the hint names gives the lesson in that language
    with page_comms():
        english = Lesson("hanabi", lang="en", pause=0)
    assert "<h1" in english.head.value and english.lesson.title("en") in english.head.value


def test_the_goal_reached_is_said_in_a_status_line_and_focus_goes_to_next_step():
    from widgets.lessons import Lesson

    with page_comms():
        lesson = Lesson("hanabi", lang="ru", pause=0)
    assert isinstance(lesson.feedback, StatusLine) and lesson.feedback.role == "status"
    page = Page(lesson.board)
    before = len(lesson.next.comm.sent)
    goal = next(m for m in page.traits["legal"] if m.get("goal"))
    page.send({"kind": "act", "action": goal["action"]})
    assert lesson.done and "✓" in lesson.feedback.value
    sent = lesson.next.comm.sent[before:]
    updates = [d["state"] for k, d in sent if d.get("method") == "update"]
    focus = [i for i, (_k, d) in enumerate(sent)
             if d.get("method") == "custom" and d["content"] == {"do": "focus"}]
    assert focus, sent
    # (enabled before it is focused: a disabled button takes no focus)
    enabled = next(i for i, (_k, d) in enumerate(sent)
                   if d.get("method") == "update" and d["state"].get("disabled") is False)
    assert enabled < focus[0] and updates


# -- the setup form and the feedback form -----------------------------------------------------

def test_the_forms_fields_are_labelled_and_its_parts_are_headings():
    from widgets.app import PlaytestApp

    with page_comms():
        app = PlaytestApp("hanabi", lang="ru", record=False)
    assert all(f.description == "Имя" for f in app.name_fields)
    text = html_of(app.form)
    assert "<h2 class='kit-form-heading'" in text and ">Кто играет</h2>" in text
    assert ">Вариант и домашние правила</h2>" in text
    rule = re.search(r"class='kit-rule-id' style='([^']*)'", text).group(1)
    assert contrast(re.search(r"#[0-9a-f]{6}", rule).group(0), WHITE) >= 4.5


def test_the_feedback_forms_rating_is_a_named_group_and_its_text_is_labelled():
    from widgets.app_result import feedback_form

    t = Words("ru")
    with page_comms():
        form = feedback_form(t, "ru", "hanabi", lambda *a: None)
    rating = next(c for c in form.children if isinstance(c, RatingScale))
    assert rating.description == "Было интересно?" and rating.choices == [1, 2, 3, 4, 5]
    text = next(c for c in form.children if isinstance(c, w.Textarea))
    assert text.description == "Что понравилось, что было непонятно?"
    assert "<h2" in form.children[0].value
