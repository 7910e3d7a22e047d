"""In a real browser on Voilà: a page without a board says its language and a human title
(it was ``<html lang="en">`` titled "index"), and a lesson's success is in a live region
a screen reader speaks, with the focus on «Следующий шаг» (widgets/page_head.py)."""

from __future__ import annotations

from typing import Any

import pytest

from kit import lessons
from kit.i18n import Words
from widgets.index import TITLE

pytestmark = pytest.mark.browser


def _head(page: Any) -> tuple[str, str]:
    return tuple(page.evaluate("() => [document.documentElement.lang, document.title]"))


def test_the_index_in_russian_says_russian_and_its_title(page: Any, voila_url: str):
    page.goto(f"{voila_url}/voila/render/index.ipynb?lang=ru", wait_until="domcontentloaded")
    page.wait_for_selector(".kit-index", timeout=120_000)
    page.wait_for_function("() => document.documentElement.lang === 'ru'")
    assert _head(page) == ("ru", Words("ru")(TITLE))
    assert not page.errors, page.errors


def test_the_setup_form_names_its_fields(page: Any, voila_url: str):
    page.goto(f"{voila_url}/voila/render/hanabi_app.ipynb?lang=uk&record=0",
              wait_until="domcontentloaded")
    page.wait_for_selector(".kit-setup", timeout=120_000)
    page.wait_for_function("() => document.documentElement.lang === 'uk'")
    assert _head(page)[1] == "Ханабі «Вогнеграй» — гра"
    # a seat's name field is named by its label, not only by its placeholder
    assert page.get_by_label("Ім’я").first.is_visible()
    assert page.get_by_role("heading", name="Хто грає").count() == 1


def test_a_lessons_success_is_spoken_and_the_focus_goes_on(page: Any, voila_url: str):
    lesson = lessons.load("hanabi")
    page.goto(f"{voila_url}/voila/render/lessons/hanabi.ipynb?lang=ru&pause=0.05",
              wait_until="domcontentloaded")
    page.wait_for_selector(".kit-board button.kit-goal", state="visible", timeout=120_000)
    page.wait_for_function("() => document.documentElement.lang === 'ru'")
    assert _head(page)[1] == lesson.title("ru")
    assert page.locator("h1").count() == 1
    if (q := lesson.steps[0].question) is not None:
        page.click(f".kit-choice-{q.answer}")
    page.click(".kit-board button.kit-goal >> nth=0")
    status = page.locator(".kit-lesson-feedback [role=status]")
    status.wait_for()
    page.wait_for_function(
        "(t) => document.querySelector('.kit-lesson-feedback [role=status]')"
        ".textContent.includes(t)", arg=lesson.steps[0].done("ru")[:40])
    assert status.get_attribute("aria-live") == "polite"
    page.wait_for_function(
        "() => document.activeElement && document.activeElement.closest('.kit-lesson-next')")
    assert not page.errors, page.errors
