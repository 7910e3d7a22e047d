"""The classroom pack for «Лист ожидания» in Voilà (issue 40): the teacher page opens in
Russian, a move is made on its projector board (the fact laid is read on the table,
WL-9, WL-R2), taken back and started again, and the print view of the fact cards opens
from it with every card and its source link, six to an A4 page."""

from __future__ import annotations

from typing import Any

import pytest

from benchmarks.browser import is_local
from kit.waiting_list import load_deck

pytestmark = pytest.mark.browser

FACTS = {cid: c for cid, c in load_deck().cards.items() if c.type == "fact"}


def test_teacher_page_in_russian_plays_a_move_and_opens_the_print_view(page: Any,
                                                                        voila_url: str):
    page.goto(f"{voila_url}/voila/render/waiting_list_classroom.ipynb?lang=ru",
              wait_until="domcontentloaded")
    board = page.locator(".kit-board").first
    board.wait_for(state="visible", timeout=120_000)
    page.wait_for_load_state("networkidle", timeout=120_000)
    body = page.inner_text("body")
    assert "План урока" in body and "Вопросы для обсуждения" in body and "Бережно" in body
    assert "Traceback" not in body
    assert page.locator(".kit-classroom[lang='ru']").count() >= 1

    # WL-9: reveal the rulebook example's combination, then lay the fact: its text is open
    # on the table, with its source (not only on hover)
    board.locator(".wl-reveal-btn").click()
    board.locator(".wl-slot:has(.wl-t-fact) .wl-lay").click()
    laid = board.locator(".wl-laid .wl-fact-text")
    laid.wait_for(state="visible")
    assert laid.inner_text() == FACTS["fact_one_in_ten"].text_ru
    assert "kommersant.ru/doc/2768175" in board.locator(".wl-laid .wl-fact-source").inner_text()

    # the board's undo takes the fact back; "start again" opens the situation afresh
    board.locator(".kit-undo-button").click()
    page.locator(".kit-board .wl-laid").wait_for(state="detached")
    page.get_by_role("button", name="Начать ситуацию заново").click()
    page.locator(".kit-board .wl-reveal-btn").wait_for(state="visible")
    assert page.locator(".kit-board .wl-combo").count() == 0

    # the print view opens from the page, in Russian, with no server path in its address
    # (the new page, like this one, may reach only 127.0.0.1)
    page.context.route("**/*", lambda r: r.continue_() if is_local(r.request.url)
                       else r.abort())
    with page.context.expect_page() as opened:
        page.locator("a.kit-cards-link").click()
    cards = opened.value
    cards.locator(".kit-fact-card").first.wait_for(state="visible", timeout=120_000)
    assert "/voila/render/waiting_list_fact_cards.ipynb?lang=ru" in cards.url
    assert "/work/" not in cards.url and "/home/" not in cards.url
    shown = cards.locator(".kit-fact-card").evaluate_all(
        "els => els.map(e => [e.dataset.card, e.innerText,"
        " [...e.querySelectorAll('a')].map(a => a.href)])")
    assert sorted(c for c, _, _ in shown) == sorted(FACTS)
    for cid, text, links in shown:
        assert FACTS[cid].text_ru in text and links and links[0].startswith("https://")
    assert cards.get_by_role("button", name="Печать").is_visible()
    # on paper: only the cards, six to an A4 page (13 cards: 3 pages)
    cards.emulate_media(media="print")
    assert not cards.locator(".kit-print-button").is_visible()
    assert cards.locator(".kit-fact-card").first.is_visible()
    pdf = cards.pdf(format="A4")
    assert b"/Count 3" in pdf
    assert page.errors == [], page.errors[:3]
