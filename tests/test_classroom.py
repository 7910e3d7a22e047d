"""The classroom pack for «Лист ожидания» (issue 40): the teacher page, its texts in every
language, the printable fact cards (WL-R2) and the teacher-mode board on prepared
situations."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

import kit
from kit.catalogue import NOTEBOOK_DIR
from kit.datafile import load_toml
from kit.i18n import LANGUAGES
from kit.paths import DATA_DIR
from kit.waiting_list import load_deck
from widgets.classroom import (
    CARDS_PAGE,
    FILE,
    TeacherPage,
    fact_cards,
    fact_cards_html,
    load_classroom,
    source_links,
    year_text,
)
from widgets.classroom_data import LESSON_MINUTES
from widgets.index import index_html

DECK = load_deck()
FACTS = {cid: c for cid, c in DECK.cards.items() if c.type == "fact"}


class Cards(HTMLParser):
    """The print view's cards: per card id, its text and links."""

    def __init__(self) -> None:
        super().__init__()
        self.cards: dict[str, dict] = {}
        self.current: str | None = None
        self.depth = 0

    def handle_starttag(self, tag: str, attrs: list) -> None:
        a = dict(attrs)
        if tag == "section" and "kit-fact-card" in (a.get("class") or ""):
            self.current = a["data-card"]
            self.cards[self.current] = {"text": "", "links": []}
        if self.current and tag == "a":
            self.cards[self.current]["links"].append(a["href"])

    def handle_endtag(self, tag: str) -> None:
        if tag == "section":
            self.current = None

    def handle_data(self, data: str) -> None:
        if self.current:
            self.cards[self.current]["text"] += data


def parse_cards(page: str) -> dict[str, dict]:
    parser = Cards()
    parser.feed(page)
    return parser.cards


def texts(value: object) -> list[dict]:
    """Every {ru, uk, en} table in the file's data."""
    if isinstance(value, dict):
        if "ru" in value:
            return [value]
        return [t for v in value.values() for t in texts(v)]
    if isinstance(value, list):
        return [t for v in value for t in texts(v)]
    return []


def broken_copy(tmp_path: Path, old: str, new: str) -> str:
    source = (DATA_DIR / FILE).read_text(encoding="utf-8")
    assert old in source
    path = tmp_path / "classroom.toml"
    path.write_text(source.replace(old, new, 1), encoding="utf-8")
    return str(path)


# -- the texts: every language ----------------------------------------------------------------

def test_every_classroom_text_is_in_every_language():
    """The shipped file gives every text in ru, uk and en, and the loader takes it."""
    every = texts(load_toml(FILE))
    assert len(every) > 40
    for entry in every:
        assert set(entry) == set(LANGUAGES), entry
        assert all(entry[lang].strip() for lang in LANGUAGES), entry
    pack = load_classroom()
    assert len(pack.situations) >= 3 and len(pack.questions) >= 4 and pack.care


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_text_missing_in_a_language_is_refused_naming_the_entry(tmp_path, lang):
    path = tmp_path / "classroom.toml"
    source = (DATA_DIR / FILE).read_text(encoding="utf-8")
    line = next(ln for ln in source.splitlines() if ln.startswith("reset = "))
    cut = re.sub(rf'(, )?{lang} = "[^"]*"(, )?', lambda m: ", " if m.group(1) and m.group(2)
                 else "", line)
    path.write_text(source.replace(line, cut), encoding="utf-8")
    with pytest.raises(kit.ConfigError) as err:
        load_classroom(str(path))
    assert err.value.option.endswith(f"words.reset.{lang}")


def test_a_page_word_missing_is_refused(tmp_path):
    path = broken_copy(tmp_path, "\nprint = {", "\nprint_ = {")
    with pytest.raises(kit.ConfigError, match=r"words\.print"):
        load_classroom(path)


def test_placeholders_must_match_across_languages(tmp_path):
    path = broken_copy(tmp_path, '{start}–{end} хв', '{start}–{stop} хв')
    with pytest.raises(kit.ConfigError, match=r"minutes\.uk"):
        load_classroom(path)


def test_the_plan_adds_up_to_a_45_minute_lesson(tmp_path):
    pack = load_classroom()
    assert sum(p.minutes for p in pack.plan) == LESSON_MINUTES == 45
    assert [p.minutes for p in pack.plan] == [10, 25, 10]
    with pytest.raises(kit.ConfigError, match="45"):
        load_classroom(broken_copy(tmp_path, "minutes = 25", "minutes = 30"))


def test_questions_rest_on_fact_cards_of_the_deck(tmp_path):
    """WL-R2: a debrief question cites fact cards that exist; a wrong id is refused."""
    pack = load_classroom()
    cited = {f for q in pack.questions for f in q.facts}
    assert cited and cited <= set(FACTS)
    with pytest.raises(kit.ConfigError, match="fact_waiting_2014x"):
        load_classroom(broken_copy(tmp_path, '"fact_waiting_2014"', '"fact_waiting_2014x"'))


def test_situations_are_prepared_waiting_list_scenarios(tmp_path):
    with pytest.raises(kit.ConfigError, match="no prepared situation"):
        load_classroom(broken_copy(tmp_path, '"waiting_list_first_turn"', '"wl_nowhere"'))
    with pytest.raises(kit.ConfigError, match="hanabi"):
        load_classroom(broken_copy(tmp_path, '"waiting_list_first_turn"',
                                   '"hanabi_misfire"'))


def test_the_law_is_cited_only_as_the_fact_cards_source_it():
    """The sensitivity note names the law exactly as the sourced fact card does, and cites
    no article the sources do not give."""
    pack = load_classroom()
    law = "Закон РФ от 22.12.1992 № 4180-1 «О трансплантации органов и (или) тканей человека»"
    assert law in FACTS["fact_presumed_consent"].text_ru
    note = " ".join(c.text["ru"] for c in pack.care)
    assert law in note
    every = " ".join(c.text[lang] for c in pack.care for lang in LANGUAGES)
    assert not re.search(r"(стать[яеиью]|ст\.)\s*\d|Article\s*\d", every, re.I)
    assert all("fact_presumed_consent" in c.facts for c in pack.care if "4180-1" in c.text["ru"])


# -- the print view (WL-R2) ---------------------------------------------------------------------

def test_source_links_are_full_addresses():
    assert source_links("kommersant.ru/doc/2768175") == ["https://kommersant.ru/doc/2768175"]
    assert source_links("moskow-city.com (real stories); dzen.ru citing Medvestnik") == [
        "https://moskow-city.com", "https://dzen.ru"]
    assert source_links("vedomosti.ru, 20.01.2026") == ["https://vedomosti.ru"]


def source_shown(source: str, text: str) -> bool:
    """The source's words are on the card, each web address once, written out in full."""
    words = re.findall(r"\(([^)]*)\)", source)  # e.g. "(Medvestnik)", "(real stories)"
    return (all(text.count(url) == 1 and text.count(url.removeprefix("https://")) == 1
                for url in source_links(source))
            and all(w in text for w in words) and "https://" not in source)


def test_wl_r2_print_view_has_every_fact_card_with_its_source_url_in_russian():
    page = fact_cards_html("ru")
    cards = parse_cards(page)
    pack = load_classroom()
    assert set(cards) == set(FACTS) and len(cards) == 13
    for cid, card in FACTS.items():
        shown = cards[cid]
        assert card.text_ru in shown["text"] and card.ru in shown["text"]
        assert source_shown(card.source, shown["text"])
        assert year_text(card.year, pack, "ru") in shown["text"]
        assert shown["links"] and all(u.startswith("https://") for u in shown["links"])
        assert shown["links"][0] == "https://" + re.split(r"[\s,;(]", card.source)[0]
    # A4, several cards a page, and a button that prints
    assert "size:A4" in page and "@media print" in page and "window.print()" in page
    assert 'lang=\'ru\'' in page and "Печать" in page and "Источник" in page


@pytest.mark.parametrize("lang", ["uk", "en"])
def test_print_view_in_ukrainian_and_english(lang):
    """Each card in the page's language where the deck has it (else Russian), same sources."""
    cards = parse_cards(fact_cards_html(lang))
    assert set(cards) == set(FACTS)
    for card in fact_cards(lang):
        assert card.text in cards[card.id]["text"]
        assert source_shown(card.source, cards[card.id]["text"])
    entry = DECK.catalogue["fact_waiting_2014"]
    want = entry.get(f"text_{lang}") or entry["text_ru"]
    assert want in cards["fact_waiting_2014"]["text"]
    if lang == "en":
        assert entry["text_en"] in cards["fact_waiting_2014"]["text"]


def test_undated_and_approximate_years_read_in_the_page_language():
    pack = load_classroom()
    assert year_text("undated", pack, "ru") == "без даты"
    assert year_text("about 2020", pack, "uk") == "близько 2020"
    assert year_text("2014", pack, "en") == "2014"
    assert "undated" not in fact_cards_html("ru")


def test_print_view_language_comes_from_the_query():
    assert "Джерело" in fact_cards_html(query="lang=uk")
    assert "Source" in fact_cards_html(query="lang=en")


# -- the teacher page ----------------------------------------------------------------------------

def page_html(page: TeacherPage) -> str:
    import ipywidgets as w

    return "".join(c.value for c in page.children if isinstance(c, w.HTML))


def test_teacher_page_in_russian_has_plan_questions_care_and_links():
    page = TeacherPage("ru")
    text = page_html(page)
    assert "План урока" in text and "0–10 мин" in text and "35–45 мин" in text
    assert "Вопросы для обсуждения" in text and "Бережно" in text
    assert f"{CARDS_PAGE}?lang=ru" in text
    assert "index.ipynb?lang=ru" in text
    # the play links: hot-seat and against bots, recording nothing, in the page's language
    links = re.findall(r"href='(waiting_list_app\.ipynb\?[^']*)'", text)
    assert len(links) == 3
    assert all("record=0" in u and "lang=ru" in u for u in links)
    assert any("seats=human%2Chuman%2Chuman%2Chuman" in u for u in links)
    # the questions show their fact cards with the source link
    assert FACTS["fact_regions"].text_ru in text and "https://kommersant.ru/doc/2768175" in text


@pytest.mark.parametrize("lang,word", [("uk", "План уроку"), ("en", "Lesson plan")])
def test_teacher_page_in_ukrainian_and_english(lang, word):
    page = TeacherPage(query=f"lang={lang}")
    assert word in page_html(page)
    assert page.board.t.lang == lang
    assert page.chooser.options[0][0] == load_classroom().situations[0].title[lang]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_situation_goals_name_the_players_as_the_board_does(lang):
    """A goal says «Игрок 2» where the board shows «Игрок 2» (seat 1), never a seat the
    situation does not have."""
    page = TeacherPage(lang)
    for i, s in enumerate(page.pack.situations):
        page.chooser.value = i
        names = page.board.names
        word = names[0].rsplit(" ", 1)[0]            # «Игрок», «Гравець», «Seat»
        cited = [int(n) for n in re.findall(rf"(?i){word[:4]}\w*\s+(\d)", s.goal[lang])]
        assert cited, s.goal[lang]
        assert all(1 <= n <= len(names) for n in cited), (s.scenario, cited)


def test_wl9_teacher_board_plays_the_rulebook_example_with_undo_and_reset():
    """The projector board: teacher mode on the rulebook's example (WL-9); a move can be
    taken back, and "start again" opens the situation afresh."""
    page = TeacherPage("ru")
    b = page.board
    assert b.mode == "teacher" and b.state.to_act == 1
    reveal = next(m["action"] for m in b.legal if m["action"]["type"] == "reveal")
    b.act(reveal)
    lay = next(m["action"] for m in b.legal if m["action"]["type"] == "lay"
               and m["action"]["card"] in FACTS)
    b.act(lay)
    assert b.state.view(None)["seats"][1]["laid"] == [lay["card"]]
    b.undo()
    assert b.state.view(None)["seats"][1]["laid"] == []
    page.reset.click()
    assert page.board is not b and page.board.state.history == []


def test_wl7_dead_card_situation_stops_at_the_player_who_wants_it():
    """WL-7: after the surgeon is taken, the kidney on top is dead and nobody may take it."""
    page = TeacherPage("ru")
    page.chooser.value = next(i for i, s in enumerate(page.pack.situations)
                              if s.scenario == "waiting_list_resurfaced_dead")
    b = page.board
    take = next(m["action"] for m in b.legal if m["action"]["type"] == "take")
    b.act(take)
    pile = b.state.view(None)["pile"]
    assert pile[-1]["card"] == "kidney" and pile[-1]["dead"]
    assert "Мёртвая карта" in page.chooser.options[page.chooser.value][0]


def test_index_links_the_classroom_pack_in_the_page_language():
    for lang, label in [("ru", "Учителю"), ("uk", "Вчителю"), ("en", "For the teacher")]:
        page = index_html(lang=lang)
        assert (f'class="kit-link-classroom" href="waiting_list_classroom.ipynb?lang={lang}">'
                f'{label}</a>') in page
        assert page.count("kit-link-classroom") == 1


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_teacher_page_links_the_rules_reference_in_its_language(lang):
    """The reference link opened the English notebook from a Russian or Ukrainian teacher
    page; it is the page's language's reference, as the index links it."""
    text = page_html(TeacherPage(lang))
    name = "waiting_list_tutorial.ipynb" if lang == "en" else f"waiting_list_tutorial.{lang}.ipynb"
    assert f"href='{name}?lang={lang}'" in text
    assert (NOTEBOOK_DIR / name).exists()
