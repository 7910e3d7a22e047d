"""«Лист ожидания» data files (WL-1, WL-2, WL-R1, WL-R2, WL-R4): validated at load, labelled
rulebook / reconstruction / sourced, replaceable without code changes."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import kit
from kit import i18n
from kit.bots import make_bot, play_out
from kit.paths import DATA_DIR
from kit.waiting_list.deck import load_deck
from kit.waiting_list.rounds import load_penalties, load_rounds

DECK = DATA_DIR / "waiting_list" / "deck.toml"
FACTS = Path(__file__).resolve().parents[2] / "shared" / "facts" / "organ_donation.md"


def test_wl1_default_deck_sums_to_104_plus_6() -> None:
    deck = load_deck()
    assert deck.size == 104 and len(deck.main()) == 104
    assert len(deck.characters) == 6
    by_type: dict[str, int] = {}
    for card in deck.cards.values():
        by_type[card.type] = by_type.get(card.type, 0) + card.count
    assert by_type == {"organ": 32, "surgeon": 14, "clinic": 11, "fact": 13, "positive": 14,
                       "negative": 20}


def test_wl_r1_names_in_russian_and_english_and_origins_marked() -> None:
    deck = load_deck()
    for card in [*deck.cards.values(), *deck.characters.values()]:
        assert card.ru and card.en and card.origin in ("rulebook", "reconstruction", "sourced")
    # the kinds the rulebook names carry its Russian names
    assert {c: deck.cards[c].ru for c in ("kidney", "surgeon", "clinic")} == {
        "kidney": "почка", "surgeon": "хирург", "clinic": "клиника"}
    assert all(deck.cards[c].origin == "rulebook" for c in ("kidney", "surgeon", "clinic"))
    assert all(deck.cards[c].origin == "reconstruction" for c in ("liver", "heart", "lung"))
    assert all(ch.origin == "reconstruction" and "Персонаж, ожидающий пересадку" in ch.ru
               for ch in deck.characters.values())
    text = DECK.read_text(encoding="utf-8")
    assert "reconstruction" in text.split("[deck]")[0]  # the header says what is what


def test_wl_r1_round_one_is_the_rulebooks_and_characters_from_round_3() -> None:
    rounds = load_rounds()
    assert len(rounds) == 5
    assert rounds[1].combination == ("kidney", "surgeon", "clinic")
    assert rounds[1].origin.startswith("rulebook")
    assert [r.characters for r in rounds.rounds] == [False, False, True, True, True]
    assert all("character" in r.combination for r in rounds.rounds[2:])
    assert all(r.origin != "rulebook" for r in rounds.rounds[1:])


def test_wl_r2_every_fact_card_is_sourced_from_the_shared_facts() -> None:
    deck = load_deck()
    facts = [c for c in deck.cards.values() if c.type == "fact"]
    assert len(facts) == 13
    for card in facts:
        assert card.origin == "sourced"
        assert card.text_ru and card.text_en and card.source and card.year
        assert re.search(r"\d{4}|undated", card.year), card.id
    if not FACTS.exists():
        pytest.skip("shared/facts/organ_donation.md is not beside the checkout")
    table = FACTS.read_text(encoding="utf-8")
    for card in facts:
        first_source = card.source.split(",")[0].split(";")[0].split(" (")[0].strip()
        assert first_source in table, (card.id, card.source)
        # every number on the card is in the shared table (thousands written 2,500)
        for number in re.findall(r"\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)*", card.text_en):
            assert number in table, (card.id, number)


#: words that bound a figure; a card must bound each figure as the shared table does
QUALIFIERS = ("at least", "up to", "at most", "more than", "less than", "fewer than",
              "just under", "about", "almost", "nearly", "over")
NUMBER = r"(\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|half)\b"
#: how the Russian texts say each of them
RUSSIAN = {"at least": (r"не менее", r"как минимум"), "up to": (r"\bдо\b",),
           "at most": (r"не более",), "more than": (r"более", r"больше"),
           "less than": (r"менее",), "fewer than": (r"менее",),
           "just under": (r"чуть меньше", r"чуть менее"), "about": (r"около", r"примерно"),
           "almost": (r"почти",), "nearly": (r"почти",), "over": (r"свыше", r"более")}


def bounded(text: str) -> set[tuple[str, str]]:
    """(qualifier, figure) pairs of an English text: "up to eight" -> ("up to", "eight")."""
    words = text.lower()
    return {(q, m.group(1)) for q in QUALIFIERS
            for m in re.finditer(rf"\b{q} {NUMBER}", words)}


def fact_rows(table: str) -> list[str]:
    """The Fact column of each row of the shared facts table."""
    rows = [line.split("|")[1].strip() for line in table.splitlines()
            if line.startswith("| ") and not line.startswith("| Fact")]
    return [r for r in rows if r and not set(r) <= {"-"}]


def test_wl_r2_every_fact_card_words_its_figures_as_the_shared_facts() -> None:
    if not FACTS.exists():
        pytest.skip("shared/facts/organ_donation.md is not beside the checkout")
    table = FACTS.read_text(encoding="utf-8")
    rows = fact_rows(table)
    lines = table.splitlines()
    for card in (c for c in load_deck().cards.values() if c.type == "fact"):
        source = card.source.split(",")[0].split(";")[0].split(" (")[0].strip()
        mine = [r for r in rows if any(source in line and r in line for line in lines)]
        words = set(re.findall(r"\w+", card.text_en.lower()))
        row = max(mine, key=lambda r: len(words & set(re.findall(r"\w+", r.lower()))))
        # "at least eight" where the source says "up to eight" is a wrong fact (WL-R2)
        assert bounded(card.text_en) <= bounded(row), (card.id, row)
        for qualifier, _ in bounded(card.text_en):  # and the Russian text says it too
            assert any(re.search(p, card.text_ru, re.I) for p in RUSSIAN[qualifier]), (
                card.id, qualifier)


#: how the Ukrainian texts say each of them
UKRAINIAN = {"at least": (r"щонайменше", r"не менше"), "up to": (r"\bдо\b",),
             "at most": (r"не більше",), "more than": (r"понад", r"більше"),
             "less than": (r"менше",), "fewer than": (r"менше",),
             "just under": (r"трохи менше",), "about": (r"близько", r"приблизно"),
             "almost": (r"майже",), "nearly": (r"майже",), "over": (r"понад",)}


def test_wl_r2_every_ukrainian_fact_bounds_its_figures_and_keeps_them() -> None:
    """A fact's Ukrainian text (``text_uk``) says what its English and Russian say: each
    figure, bounded the same way ("up to eight" stays «до восьми»)."""
    for card in (c for c in load_deck().cards.values() if c.type == "fact"):
        assert card.text_uk and card.text_uk != card.text_ru, card.id
        for qualifier, _ in bounded(card.text_en):
            assert any(re.search(p, card.text_uk, re.I) for p in UKRAINIAN[qualifier]), (
                card.id, qualifier)
        assert re.findall(r"\d+", card.text_uk) == re.findall(r"\d+", card.text_ru), card.id


def test_wl_r2_eight_lives_is_a_maximum() -> None:
    card = load_deck().cards["fact_eight_lives"]
    assert "up to eight" in card.text_en and "до восьми" in card.text_ru
    assert "до восьми" in card.text_uk
    assert "at least" not in card.text_en and "не менее" not in card.text_ru


def test_wl_r4_penalty_table_covers_every_card_type() -> None:
    penalties = load_penalties()
    assert set(penalties.per_card) == set(load_deck().types)
    assert penalties.unrevealed == 20


def _alternative_deck(tmp_path: Path) -> Path:
    """Another deck file (as a printed list might be): other counts, a fifth organ, other
    characters, fewer card kinds. Same shape; no code change."""
    text = """
[deck]
main_cards = 104
characters = 6
[deck.types]
organ = 40
surgeon = 16
clinic = 16
fact = 2
positive = 10
negative = 20

[types.organ]
ru = "орган"
uk = "орган (uk)"
en = "organ"
layable = false
origin = "rulebook"
[types.surgeon]
ru = "хирург"
uk = "хирург (uk)"
en = "surgeon"
layable = false
origin = "rulebook"
[types.clinic]
ru = "клиника"
uk = "клиника (uk)"
en = "clinic"
layable = false
origin = "rulebook"
[types.fact]
ru = "факт"
uk = "факт (uk)"
en = "fact"
layable = true
sourced = true
origin = "rulebook"
[types.positive]
ru = "положительное обстоятельство"
uk = "положительное обстоятельство (uk)"
en = "positive circumstance"
layable = true
origin = "rulebook"
[types.negative]
ru = "негативное обстоятельство"
uk = "негативное обстоятельство (uk)"
en = "negative circumstance"
layable = false
origin = "rulebook"
"""
    cards = [("kidney", "organ", "kidney", 10), ("liver", "organ", "liver", 10),
             ("heart", "organ", "heart", 8), ("lung", "organ", "lung", 6),
             ("pancreas", "organ", "pancreas", 6), ("surgeon", "surgeon", None, 16),
             ("clinic", "clinic", None, 16), ("donor_found", "positive", None, 10),
             ("bad_luck", "negative", None, 20)]
    for cid, kind, organ, count in cards:
        text += (f'\n[[card]]\nid = "{cid}"\ntype = "{kind}"\nru = "{cid} ru"\n'
                 f'uk = "{cid} uk"\nen = "{cid}"\ncount = {count}\norigin = "reconstruction"\n')
        if organ:
            text += f'organ = "{organ}"\n'
    for i in (1, 2):
        text += (f'\n[[card]]\nid = "fact_{i}"\ntype = "fact"\nru = "ф{i}"\nuk = "ф{i} uk"\n'
                 f'en = "f{i}"\ncount = 1\norigin = "sourced"\ntext_ru = "т"\n'
                 f'text_uk = "т uk"\ntext_en = "t"\nsource = "s"\nyear = "2019"\n')
    for i, organ in enumerate(["pancreas", "pancreas", "kidney", "liver", "heart", "lung"]):
        text += (f'\n[[character]]\nid = "character_{i}"\norgan = "{organ}"\n'
                 f'ru = "Персонаж {i}"\nuk = "Персонаж {i} uk"\nen = "Character {i}"\n'
                 f'origin = "reconstruction"\n')
    path = tmp_path / "printed_deck.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_wl_r1_another_deck_file_needs_no_code_change(tmp_path: Path) -> None:
    path = _alternative_deck(tmp_path)
    state = kit.new_game("waiting_list", 4, 1, deck=str(path))
    assert "pancreas" in state.view(0)["catalogue"]
    play_out(state, [make_bot("waiting_list", "rule") for _ in range(4)], random.Random(1))
    assert state.over and state.result()["rounds_played"] == 5
    zones = state.zones()
    cards = [c for z in ("deck", "pile", "hands", "combinations", "laid") for c in zones[z]]
    assert len(cards) == 104 and "pancreas" in cards and "compatible_donor" not in cards
    assert sorted(zones["characters"]) == [f"character_{i}" for i in range(6)]


@pytest.mark.parametrize(("key", "entry"), [
    ('uk = "Сумісний донор"\n', "[[card]] #7 compatible_donor.uk"),
    ('text_uk = "Один посмертний донор може врятувати до восьми життів."\n',
     "[[card]] #31 fact_eight_lives.text_uk"),
    ('uk = "Персонаж, який чекає на пересадку: Ніна чекає на серце"\n',
     "[[character]] #5 character_nina.uk"),
])
def test_wl_r2_a_deck_entry_without_ukrainian_is_refused_naming_the_file_and_entry(
        tmp_path: Path, key: str, entry: str) -> None:
    """Every name and fact text is given in ru, uk and en: one missing is a ConfigError
    naming the file and the entry, said in the page's language."""
    text = (DATA_DIR / "waiting_list" / "deck.toml").read_text(encoding="utf-8")
    assert key in text
    path = tmp_path / "deck.toml"
    path.write_text(text.replace(key, "", 1), encoding="utf-8")
    with pytest.raises(kit.ConfigError) as info:
        kit.new_game("waiting_list", 3, 1, deck=str(path))
    assert info.value.option == f"{path}: {entry}" and info.value.code == "entry_missing"
    assert i18n.explain(info.value, "uk") == f"«{path}: {entry}»: цього запису немає."


def test_wl_r2_a_round_without_ukrainian_is_refused_naming_the_file_and_entry(
        tmp_path: Path) -> None:
    text = (DATA_DIR / "waiting_list" / "rounds.toml").read_text(encoding="utf-8")
    path = tmp_path / "rounds.toml"
    path.write_text(text.replace('uk = "Орган вашого персонажа + хірург + клініка"\n', "", 1),
                    encoding="utf-8")
    with pytest.raises(kit.ConfigError) as info:
        kit.new_game("waiting_list", 3, 1, rounds=str(path))
    assert info.value.option == f"{path}: [[round]] #3.uk"


def test_wl_r2_every_card_and_round_speaks_every_language() -> None:
    """The shipped deck and rounds: a name (and a fact's text) in ru, uk and en, the
    Ukrainian its own words, not the Russian copied."""
    view = kit.new_game("waiting_list", 3, 1).view(0)
    for card in view["catalogue"].values():
        assert card["ru"] and card["uk"] and card["en"]
        if card["type"] == "fact":
            assert card["text_uk"] and card["text_uk"] != card["text_ru"] and card["source"]
    assert view["task"]["uk"] and view["task"]["uk"] != view["task"]["ru"]
