"""A real browser completes each guided lesson (issue 40) in Voilà by following its goals:
it answers each prediction, tries the tempting forbidden move (the board answers with the
engine's reason and the rule id), makes the highlighted goal move, and goes on to the
next step, until the lesson says it is complete."""

from __future__ import annotations

from typing import Any

import pytest

import kit
from kit import lessons

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("game", kit.GAMES)
def test_a_learner_completes_the_lesson_by_following_its_goals(page: Any, voila_url: str,
                                                              game: str):
    lesson = lessons.load(game)
    page.goto(f"{voila_url}/voila/render/lessons/{game}.ipynb?lang=ru&pause=0.05",
              wait_until="domcontentloaded")
    page.wait_for_selector(".kit-board", timeout=120_000)
    total = len(lesson.steps)
    for n, step in enumerate(lesson.steps):
        page.wait_for_function(
            "(t) => [...document.querySelectorAll('h2')].some((h) => h.textContent.includes(t))",
            arg=f"Шаг {n + 1} из {total}")
        page.wait_for_selector(".kit-board button.kit-goal", state="visible")
        assert step.text("ru") in page.inner_text(".kit-lesson")
        if step.question is not None:
            page.click(f".kit-choice-{step.question.answer}")
            page.wait_for_function(
                "() => (document.querySelector('.kit-lesson-answer') || {}).textContent"
                "?.includes('Верно.')")
        if step.tempt is not None:
            page.click(".kit-board button.kit-tempt >> nth=0")
            error = page.wait_for_selector(".kit-board .kit-error")
            assert error.inner_text().strip().endswith(f"({step.tempt_rule})")
        page.click(".kit-board button.kit-goal >> nth=0")
        page.wait_for_function(
            "(t) => (document.querySelector('.kit-lesson-feedback') || {}).textContent"
            "?.includes(t)", arg=step.done("ru")[:40])
        if step.recap:
            assert step.recap[0]("ru") in page.inner_text(".kit-lesson")
        if n < total - 1:
            page.click(".kit-lesson-next")
    finished = page.wait_for_selector(".kit-lesson-finished a")
    assert finished.get_attribute("href") == f"../{game}_app.ipynb?lang=ru"
    assert not page.errors, page.errors


def test_the_index_links_each_lesson_in_the_page_language(page: Any, voila_url: str):
    page.goto(f"{voila_url}/voila/render/index.ipynb?lang=uk", wait_until="domcontentloaded")
    page.wait_for_selector(".kit-index", timeout=120_000)
    assert page.locator(".kit-link-lesson").count() == len(kit.GAMES)
    page.click(".kit-game-pug_party .kit-link-lesson")
    page.wait_for_selector(".kit-board button.kit-goal", timeout=120_000)
    assert lessons.load("pug_party").steps[0].text("uk") in page.inner_text(".kit-lesson")
    assert page.url.endswith("/voila/render/lessons/pug_party.ipynb?lang=uk")
    assert not page.errors, page.errors
