"""The boards speak the page's language (issue 38): everything a person reads that the
kernel sends (the page's words, names, title, log lines, moves, errors) is Russian or
Ukrainian on a ru/uk board, from a whole game's play; the log is rendered from the
language-neutral events when shown, so two pages of one table read it in two languages."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest

from kit import i18n

sys.path.insert(0, str(Path(__file__).parent))
from widget_page import GAMES, Page, board, human_turns

#: what may stay in Latin letters on a Russian or Ukrainian page: rule ids (small print),
#: Hanabi's colour letters (one letter), and these names
ALLOWED = {"UTC"}
RULE_ID = re.compile(r"\b(HB|WL|PP|DM)-R?\d+\b")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def english_words(text: str) -> list[str]:
    text = RULE_ID.sub("", re.sub(r"\{\w+\}", "", text))  # (placeholders are filled)
    return [w for w in LATIN_WORD.findall(text) if w not in ALLOWED]


def shown_texts(b) -> list[str]:
    """The texts the page shows of what the kernel sends now."""
    texts = [b.title, b.error, *b.names, *(e["text"] for e in b.events),
             *(a["text"] for a in b.legal)]
    words = b.words
    texts += list(words["words"].values())
    texts += [form for forms in words["plurals"].values() for form in forms]
    return texts


@pytest.mark.parametrize("lang", ["ru", "uk"])
@pytest.mark.parametrize("game", GAMES)
def test_a_russian_or_ukrainian_board_sends_no_english_word_in_a_whole_game(game, lang):
    b = board(game, lang=lang, seats=None)
    assert b.lang == lang and b.words["lang"] == lang
    seen: set[str] = set()
    for _ in human_turns(b, random.Random(3)):
        seen.update(shown_texts(b))
    seen.update(shown_texts(b))
    assert b.state.over
    english = {text: english_words(text) for text in seen if english_words(text)}
    assert english == {}


@pytest.mark.parametrize("game", GAMES)
def test_an_english_board_speaks_english_and_the_default_is_russian(game):
    en = board(game, lang="en")
    assert en.words["words"]["your_move"] == "Your move" and en.names[0] == "Seat 1"
    ru = board(game)
    assert ru.lang == "ru" and ru.words["words"]["your_move"] == "Ваш ход"
    assert ru.names[0] == "Игрок 1"
    with pytest.raises(i18n.ConfigError, match="lang"):
        board(game, lang="de")


def test_the_kit_wide_language_is_the_boards_default():
    try:
        i18n.set_language("uk")
        assert board("hanabi").words["words"]["your_move"] == "Ваш хід"
        assert board("hanabi", lang="en").words["words"]["your_move"] == "Your move"
    finally:
        i18n.set_language("ru")


def test_the_log_is_rendered_when_shown_so_one_table_reads_in_two_languages():
    """The table's events hold no words (recordings stay language-neutral); each board
    renders them in its own language (HB-5 hint, HB-8 play lines)."""
    ru = board("hanabi", lang="ru", mode="teacher", seats=["human"] * 3)
    en = board("hanabi", table=ru.table, lang="en")
    ru.act(next(a["action"] for a in ru.legal if a["action"]["type"] == "hint"))
    assert [e["n"] for e in ru.events] == [e["n"] for e in en.events] != []
    assert "подсказка" in ru.events[-1]["text"] and "hint" in en.events[-1]["text"]
    for ev in ru.table.events(None):
        assert not any(isinstance(v, str) and english_words(v) and " " in v
                       for v in ev.values()), ev


def test_a_name_given_is_shown_as_given_in_every_language():
    b = board("pug_party", lang="uk", names=["Оля", None, None])
    assert b.names[0] == "Оля" and b.names[1].startswith("Гравець 2")


def test_a_fact_card_carries_its_text_and_source_in_the_page_language():
    """WL-R2: a fact card's text (``text_ru``, ``text_uk``) and source reach the page with
    the card, for the page to show when it is laid (tap to open); the card names are the
    deck file's, in the page's language (Ukrainian its own, not the Russian)."""
    b = board("waiting_list", lang="ru")
    facts = [c for c in b.static["catalogue"].values() if c["type"] == "fact"]
    assert facts and all(c["text_ru"] and c["text_uk"] and c["source"] for c in facts)
    discard = {"type": "discard", "card": facts[0]["id"]}
    assert b.action_text(discard) == f"Сбросить: {facts[0]['ru']}"
    assert facts[0]["uk"] != facts[0]["ru"]
    assert board("waiting_list", lang="uk").action_text(discard) == f"Скинути: {facts[0]['uk']}"
    assert board("waiting_list", lang="en").action_text(discard) == f"Discard {facts[0]['en']}"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_hanabi_colour_letters_tell_every_colour_apart_in_each_language(lang):
    """HB-1, HB-12: a card's mark is its colour's letter and symbol; in each language the
    six colours have six letters (Russian: Б К С Ж З Р), so no two colours share a mark."""
    b = board("hanabi", lang=lang, options={"variant": "six_colours"})
    letters = [v for k, v in b.words["words"].items() if k.startswith("letter_")]
    assert len(letters) == 6 == len(set(letters)) and all(len(x) == 1 for x in letters)
    if lang != "en":
        assert not english_words("".join(letters)) and not re.search("[A-Za-z]", "".join(
            letters))


def test_a_refused_move_is_explained_in_the_page_language():
    """A move sent for a bot's seat (the table's refusal) and a trait the page writes
    read in Russian, the seat by its name."""
    b = board("hanabi", lang="ru", mode="hotseat", seats=["human", "human", "bot:rule"])
    page = Page(b)
    page.send({"kind": "reveal"})
    b.act(b.legal[0]["action"])  # seat 2 is next: the privacy screen is up
    page.send({"kind": "act", "action": {"type": "discard", "slot": 0}})
    assert page.traits["error"] == "Сначала передайте устройство: Игрок 2. (HB-3)"
    page.write(mode="teacher")
    assert page.traits["error"].startswith("Страница не может менять «mode»")
    assert page.traits["mode"] == "hotseat"
