"""The words a board's page gets for a screen reader and for its result table, in the
page's language (``Board.words``: what widgets/base.js reads)."""

from __future__ import annotations

import pytest
from widget_page import board

from kit import i18n


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
@pytest.mark.parametrize(("game", "head"), [("waiting_list", "Penalty points"),
                                            ("domino_metro", "Penalty points"),
                                            ("hanabi", "Score"), ("pug_party", "Score")])
def test_the_result_tables_points_column_says_penalty_where_the_fewest_win(game, head, lang):
    """«Лист ожидания» and «Домино-Метро» are won by the fewest points: the board's
    result table heads them as the panel under it does, «Штрафные очки», not «Очки»."""
    t = i18n.words(lang)
    words = board(game, lang=lang).words["words"]
    assert words["score"] == t(head)
    assert lang == "en" or words["score"] != head  # translated


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_words_a_screen_reader_reads_are_translated(lang):
    """The replay's step buttons and a Hanabi card's knowledge are named in the page's
    language (their arrows and chips say nothing to the ear)."""
    words = board("hanabi", lang=lang).words["words"]
    for key in ("step_back", "step_forward", "to_start", "to_end", "hb_card_n"):
        assert words[key] and not words[key].isascii(), (key, words[key])
