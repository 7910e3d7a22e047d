"""Every refusal a person can meet says why in ru/uk/en (issue 38): each IllegalAction and
ConfigError raised in kit/ and by the boards carries a stable code (context ``error``)
whose catalog message exists in every language with the same placeholders, and a real
illegal move of each game is explained in Russian and Ukrainian with its rule id."""

from __future__ import annotations

import ast
import re
import string
import sys
from pathlib import Path

import pytest

import kit
from kit import i18n

ROOT = Path(__file__).resolve().parent.parent
#: where refusals are raised: the kit and the boards (kit never imports widgets)
SOURCES = sorted((ROOT / "kit").rglob("*.py")) + sorted((ROOT / "widgets").glob("*.py"))
ERRORS = ("IllegalAction", "ConfigError")


def _calls() -> list[tuple[Path, ast.Call]]:
    found = []
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                f = node.func
                name = f.id if isinstance(f, ast.Name) else getattr(f, "attr", None)
                if name in ERRORS:
                    found.append((path, node))
    return found


def _codes() -> set[str]:
    """Every code marked for the catalog: ``NC_("error", "...")`` in the sources."""
    codes = set()
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "NC_"
                    and len(node.args) == 2
                    and all(isinstance(a, ast.Constant) for a in node.args)
                    and node.args[0].value == "error"):
                codes.add(node.args[1].value)
    return codes


def test_every_refusal_raised_in_kit_and_the_boards_has_a_code():
    """A refusal without a code would reach a Russian or Ukrainian page in English."""
    calls = _calls()
    assert len(calls) > 250  # (the walk sees the engines' raise sites)
    missing = [f"{path.relative_to(ROOT)}:{node.lineno}" for path, node in calls
               if not any(k.arg == "code" for k in node.keywords)
               and path.name != "errors.py"]
    assert missing == []


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_code_has_its_message_in_every_language_with_the_same_placeholders():
    codes = _codes()
    assert {"not_your_turn", "option_choice", "hb_no_discard", "wl_covered",
            "pp_pile_empty", "dm_bazaar_empty"} <= codes
    for code in sorted(codes):
        texts = {lang: i18n.words(lang).ctx("error", code) for lang in i18n.LANGUAGES}
        assert all(text != code for text in texts.values()), (code, texts)
        assert len({frozenset(_placeholders(t)) for t in texts.values()}) == 1, texts
        for lang in ("ru", "uk"):  # (the words are the language's, not English)
            assert re.search("[а-яіїєґ]", texts[lang], re.I), (code, lang, texts[lang])


def _refusal(game: str, action: dict) -> kit.IllegalAction:
    state = kit.new_game(game, players=3, seed=1)
    with pytest.raises(kit.IllegalAction) as info:
        state.apply(action)
    assert state.history == []  # (a refusal changes nothing)
    return info.value


@pytest.mark.parametrize(("game", "action", "rule", "ru", "uk"), [
    ("hanabi", {"type": "discard", "slot": 0}, "HB-5",
     "Сбрасывать нельзя", "Скидати не можна"),
    ("waiting_list", {"type": "pass"}, "WL-R3",
     "Сейчас нечего брать вне очереди", "Зараз нічого брати поза чергою"),
    ("pug_party", {"type": "pick_up"}, "PP-R5",
     "Стопка пуста", "Стос порожній"),
    ("domino_metro", {"type": "draw"}, "DM-2",
     "Заход делают фишкой из руки", "Захід роблять фішкою з руки"),
])
def test_a_real_illegal_move_is_explained_in_russian_and_ukrainian(game, action, rule, ru,
                                                                    uk):
    """HB-5, WL-R3, PP-R5, DM-2: the engine's refusal, said in the page's language with
    its rule id in brackets; English keeps ``str(exc)`` for logs."""
    exc = _refusal(game, action)
    assert exc.rule == rule and exc.code
    assert i18n.explain(exc, "ru").startswith(ru) and i18n.explain(exc, "ru").endswith(
        f"({rule})")
    assert i18n.explain(exc, "uk").startswith(uk) and f"({rule})" in i18n.explain(exc, "uk")
    assert str(exc).startswith(f"{rule}: ")


def test_a_move_that_is_no_move_of_the_game_names_no_rule_and_speaks_ukrainian():
    """The generic "action" rule is no rule id a person can look up."""
    exc = kit.IllegalAction("action", "not an action", code="action_unknown")
    assert i18n.explain(exc, "uk") == "Такого ходу в цій грі немає."


def test_a_seat_is_named_as_on_the_board():
    """WL-R3: a claim out of order names the seat that decides, numbered from 1."""
    state = kit.new_game("waiting_list", players=3, seed=1)
    state.apply({"type": "draw"})
    seat = state.to_act
    other = (seat + 1) % 3
    with pytest.raises(kit.IllegalAction) as info:
        state.apply({"type": "pass", "seat": other})
    assert info.value.rule == "WL-R3" and info.value.code == "wl_claim_order"
    assert i18n.explain(info.value, "uk").endswith(
        f"зараз вирішує Гравець {seat + 1}, а не Гравець {other + 1}. (WL-R3)")


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_bad_options_are_explained_with_the_options_label(lang):
    """HB-12: an unknown variant names the option by its label and lists the variants."""
    with pytest.raises(kit.ConfigError) as info:
        kit.new_game("hanabi", players=3, variant="purple")
    text = i18n.explain(info.value, lang)
    assert "purple" in text and "variant" not in text
    assert i18n.words(lang).ctx("option", "variant") in text
    with pytest.raises(kit.ConfigError) as info:
        kit.new_game("hanabi", players=9)
    assert "9" in i18n.explain(info.value, lang) and not re.search(
        "[A-Za-z]", i18n.explain(info.value, lang))


def test_the_data_loaders_refuse_with_a_code(tmp_path):
    """WL-R1: a deck file that is not TOML is refused with a code naming the file."""
    bad = tmp_path / "deck.toml"
    bad.write_text("this is = = not toml", encoding="utf-8")
    with pytest.raises(kit.ConfigError) as info:
        kit.new_game("waiting_list", players=3, deck=str(bad))
    assert info.value.code == "file_not_toml"
    assert i18n.explain(info.value, "ru") == (
        f"«{bad}»: это не правильный TOML (строка 1, столбец 6).")



def test_a_boards_refusal_names_the_card_in_the_page_language():
    """WL-5: a discard of a card not held names the card by the deck file's Ukrainian,
    not its id; Hanabi's colours by their names (HB-4)."""
    sys.path.insert(0, str(ROOT / "tests"))
    from widget_page import board

    b = board("waiting_list", lang="uk")
    exc = kit.IllegalAction("WL-5", "x", code="wl_not_held", card="kidney")
    assert b.explain(exc) == "У вас немає карти «нирка». (WL-5)"
    exc = kit.IllegalAction("HB-12", "x", code="hb_colour_not_hinted", colour="multi")
    assert "multi" not in i18n.explain(exc, "ru")
