"""Each app in Russian and Ukrainian (issue 38): the setup form, then a board played for a
few moves, show no English word on the page (allow-list: rule ids in small print, the
software's own names), and the index reads in the browser's language."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import kit
from kit import i18n

pytestmark = pytest.mark.browser

#: Latin words a Russian or Ukrainian page may show: software, units and the language
#: switch's "English" (a language is named in its own words); no URL parameter (a link
#: says what it does)
ALLOWED = {"UTC", "Voilà", "Jupyter", "English",
           "QR"}  # ("QR-код": the name Russian and Ukrainian use)
#: where a screenshot goes (the conftest's folder, kept by CI)
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
RULE_ID = re.compile(r"\b(HB|WL|PP|DM)-R?\d+\b")
LATIN_WORD = re.compile(r"[A-Za-zà]{2,}")
#: a turn of the page's board: a move to click, or the game over
WAIT_TURN = """() => { const b = document.querySelector('.kit-board');
  return !!b && !b.dataset.pending &&
    (b.dataset.over === '1' || Number(b.dataset.legal) > 0); }"""
MOVES = 6


#: the page's visible text, less what is quoted verbatim (a fact's source: a citation)
VISIBLE_TEXT = """() => {
  const quoted = [...document.querySelectorAll('[data-verbatim]')];
  const was = quoted.map((e) => e.style.display);
  quoted.forEach((e) => { e.style.display = 'none'; });
  const text = document.body.innerText;
  quoted.forEach((e, i) => { e.style.display = was[i]; });
  return text; }"""


def english_on_page(page: Any) -> list[str]:
    """The Latin words of the page's visible text, less rule ids and the allow-list."""
    text = RULE_ID.sub("", page.evaluate(VISIBLE_TEXT))
    # (seed-like numbers and card marks such as "R1" are no words: two letters at least)
    return sorted({w for w in LATIN_WORD.findall(text) if w not in ALLOWED})


@pytest.mark.parametrize("lang", ["ru", "uk"])
@pytest.mark.parametrize("game", list(kit.GAMES))
def test_an_app_in_russian_or_ukrainian_shows_no_english_word(
        page: Any, voila_url: str, game: str, lang: str):
    page.goto(f"{voila_url}/voila/render/{game}_app.ipynb?lang={lang}&pause=0.05&seed=4")
    page.wait_for_selector(".kit-start", timeout=90_000)
    assert english_on_page(page) == [], "the setup form"
    page.click(".kit-start")
    page.wait_for_selector(".kit-board", timeout=60_000)
    for _ in range(MOVES):
        page.wait_for_function(WAIT_TURN, timeout=30_000)
        if page.get_attribute(".kit-board", "data-over") == "1":
            break
        before = int(page.get_attribute(".kit-board", "data-moves"))
        page.locator(".kit-board button.kit-act:visible").first.click()
        page.wait_for_function(
            f"() => Number(document.querySelector('.kit-board').dataset.moves) > {before}")
    page.wait_for_function(WAIT_TURN, timeout=30_000)
    assert english_on_page(page) == [], "the board"
    assert not page.errors, page.errors


def test_the_index_speaks_the_browsers_language_and_switches(chromium: Any, voila_url: str):
    context = chromium.new_context(viewport={"width": 390, "height": 844}, locale="uk-UA")
    try:
        pg = context.new_page()
        pg.goto(f"{voila_url}/voila/render/index.ipynb")
        pg.wait_for_selector(".kit-index", timeout=90_000)
        assert pg.get_attribute(".kit-index-page", "lang") == "uk"
        assert pg.evaluate("() => document.documentElement.scrollWidth") <= 390
        links = {a.get_attribute("href") for a in pg.query_selector_all(".kit-index a")}
        assert "hanabi_tutorial.uk.ipynb?lang=uk" in links  # (the reference in Ukrainian)
        pg.click("a.kit-lang-en")
        pg.wait_for_selector(".kit-index-page[lang='en']", timeout=90_000)
        links = {a.get_attribute("href") for a in pg.query_selector_all(".kit-index a")}
        assert "hanabi_app.ipynb?lang=en" in links and "hanabi_tutorial.ipynb?lang=en" in links
    finally:
        context.close()


@pytest.mark.parametrize("game", list(kit.GAMES))
def test_a_russian_teacher_board_fits_a_phone_width_window_with_whole_words(
        page: Any, voila_url: str, game: str):
    """Russian words are longer than English ones: in a 390 px window every hand open
    (teacher mode), nothing reaches past the window, no word is split, every control is
    a large target (as test_narrow_window checks in English), turn after turn."""
    from test_narrow_window import assert_laid_out

    page.set_viewport_size({"width": 390, "height": 900})
    page.goto(f"{voila_url}/voila/render/{game}_app.ipynb?lang=ru&start=1&record=0&pause=0"
              "&seed=3&mode=teacher")
    board = page.locator(".kit-board.kit-mode-teacher")
    board.wait_for(timeout=90_000)
    for _ in range(MOVES):
        page.wait_for_function(WAIT_TURN, timeout=30_000)
        if page.get_attribute(".kit-board", "data-over") == "1":
            break
        assert assert_laid_out(board)["buttons"]
        before = int(page.get_attribute(".kit-board", "data-moves"))
        page.locator(".kit-board button.kit-act:visible").first.click()
        page.wait_for_function(
            f"() => Number(document.querySelector('.kit-board').dataset.moves) > {before}")
    assert not page.errors, page.errors


def test_a_ukrainian_form_says_a_links_problems_and_the_bots_lines_in_ukrainian(
        page: Any, voila_url: str):
    """A link value the form can't take (players=9, mode=godmode) and the line under a
    bot's seat picker read in Ukrainian: no English word on the form (issue 38)."""
    page.goto(f"{voila_url}/voila/render/hanabi_app.ipynb?lang=uk&players=9&mode=godmode")
    page.wait_for_selector(".kit-start", timeout=90_000)
    page.wait_for_selector(".kit-link-problems li", timeout=30_000)
    problems = page.inner_text(".kit-link-problems")
    assert "не кількість гравців від 2 до 5" in problems and "немає такого режиму" in problems
    help_line = page.inner_text(".kit-seat-help-1")
    assert i18n.words("uk").ctx("bot-help", "hanabi.rule") in help_line
    # (the link's own value is quoted back as it was given)
    assert english_on_page(page) == ["godmode"], "the form with the link's problems"
    page.screenshot(path=str(ARTIFACTS / "form-uk-link-problems.png"), full_page=True)


#: the prose and boards of a rule reference: its markdown (the cells and the situations'
#: captions) and its boards, less code (``code``/``pre``: Python, option names, file
#: paths), data tables printed by code cells, and quoted citations
REFERENCE_TEXT = """() => {
  const parts = [...document.querySelectorAll('.jp-RenderedMarkdown, .kit-board')];
  return parts.map((el) => {
    const copy = el.cloneNode(true);
    copy.querySelectorAll('code, pre, [data-verbatim]').forEach((c) => c.remove());
    return copy.innerText; }).join('\\n'); }"""
#: Latin words a reference's prose may show besides the apps' allow-list: the software and
#: the people it names (Board Game Arena, the rulebook's forum author), and the keys
TUTORIAL_ALLOWED = ALLOWED | {"JupyterLab", "Python", "Board", "Game", "Arena", "BGA", "Volik",
                              "Shift", "Enter", "check"}
REFERENCES = sorted(p.name for p in (Path(__file__).resolve().parents[2] / "notebooks")
                    .glob("*_tutorial.*.ipynb"))


@pytest.mark.parametrize("notebook", REFERENCES)
def test_a_rule_reference_in_russian_or_ukrainian_shows_no_english_word(
        page: Any, voila_url: str, notebook: str):
    """A rule reference's Russian or Ukrainian translation reads in its language, boards
    included: no English word in its prose, the situations' captions or its boards
    (code and the rulebook's ids apart; issue 38)."""
    lang = notebook.split(".")[-2]
    page.goto(f"{voila_url}/voila/render/{notebook}?lang={lang}",
              wait_until="domcontentloaded")
    page.locator(".kit-board").first.wait_for(state="visible", timeout=120_000)
    page.wait_for_load_state("networkidle", timeout=180_000)
    assert page.evaluate("() => document.querySelectorAll('.jp-RenderedMarkdown').length") > 10
    text = RULE_ID.sub("", page.evaluate(REFERENCE_TEXT))
    english = sorted({w for w in LATIN_WORD.findall(text) if w not in TUTORIAL_ALLOWED})
    assert english == [], f"{notebook}: {english}"
    assert not page.errors, page.errors
