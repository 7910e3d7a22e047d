"""The kit's languages (issue 38): the catalogs are complete and agree with each other and
with the code, Russian and Ukrainian count in three forms, and the language is chosen
kit-wide, per board and from the browser."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

import kit
from kit import i18n
from kit.errors import ConfigError

ROOT = Path(__file__).resolve().parent.parent
KEYWORDS = {"t": None, "plural": (1, 2), "ctx": ((1, "c"), 2), "N_": None,
            "NC_": ((1, "c"), 2), "NP_": (1, 2)}
PLACEHOLDER = re.compile(r"\{(\w*)\}")


def catalog(lang: str):
    with i18n.catalog_path(lang).open("rb") as f:
        return read_po(f, locale=lang)


def code_messages() -> set[tuple[str | None, str]]:
    """(context, message id) of every message the code marks (babel.cfg's extraction)."""
    out = set()
    for folder in ("kit", "widgets"):
        for _file, _line, message, _comments, context in extract_from_dir(
                ROOT / folder, method_map=[("**.py", "python")], keywords=KEYWORDS):
            out.add((context, message[0] if isinstance(message, tuple) else message))
    return out


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_message_the_code_marks_is_translated_and_none_is_fuzzy(lang):
    """A message added to the code and not to a catalog, left untranslated or fuzzy
    fails here (scripts/i18n updates the catalogs, a person translates)."""
    cat = catalog(lang)
    ids = {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id) for m in cat if m.id}
    missing = code_messages() - ids
    first = sorted(missing, key=str)[:5]  # a message without context has context None
    assert not missing, f"{lang}: not in the catalog (run scripts/i18n): {first}"
    for m in cat:
        if not m.id:
            continue
        assert not m.fuzzy, f"{lang}: fuzzy {m.id!r}"
        strings = m.string if isinstance(m.id, tuple) else [m.string]
        assert all(s.strip() for s in strings), f"{lang}: untranslated {m.id!r}"
    assert not list(cat.obsolete), f"{lang}: obsolete messages left in the catalog"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_placeholders_agree_between_a_message_and_each_translation(lang):
    """``{who}`` in the English message is ``{who}`` in every language (a renamed or
    dropped placeholder would raise KeyError or lose a word at display time)."""
    english = {(m.context, m.id): m.string for m in catalog("en") if m.context}
    for m in catalog(lang):
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.id, tuple) else (m.string,)
        want = set(PLACEHOLDER.findall(ids[-1])) | ({"n"} if len(ids) > 1 else set())
        if m.context:  # (an identifier as message id: English's text is the reference)
            want = set(PLACEHOLDER.findall(english[(m.context, m.id)]))
        for s in strings:
            got = set(PLACEHOLDER.findall(s))
            # a plural form may leave out {n} ("одна карта"); no other may be lost or added
            may_drop = {"n"} if len(ids) > 1 else set()
            assert got - want == set() and want - got <= may_drop, (
                f"{lang}: {m.id!r} -> {s!r}")


def test_russian_and_ukrainian_count_in_three_forms_and_english_in_two():
    ru, uk, en = (i18n.words(lang) for lang in ("ru", "uk", "en"))
    assert [ru.plural("{n} card", "{n} cards", n) for n in (1, 2, 5, 11, 21, 22)] == [
        "1 карта", "2 карты", "5 карт", "11 карт", "21 карта", "22 карты"]
    assert [uk.plural("{n} card", "{n} cards", n) for n in (1, 3, 5)] == [
        "1 карта", "3 карти", "5 карт"]
    assert [en.plural("{n} card", "{n} cards", n) for n in (1, 2)] == ["1 card", "2 cards"]
    assert ru.forms("{n} tile", "{n} tiles") == ["{n} фишка", "{n} фишки", "{n} фишек"]
    for lang in ("ru", "uk"):
        header = catalog(lang).plural_forms
        assert header.startswith("nplurals=3"), header


def test_the_catalogs_load_from_the_po_files_without_a_compile_step():
    """Nothing generated is needed: a fresh clone has only the .po files."""
    generated = [str(p) for p in (ROOT / "kit" / "locale").rglob("*.mo")]
    assert generated == []
    code = "from kit import i18n; print(i18n.words('uk')('Your move'))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True)
    assert out.stdout.strip() == "Ваш хід"


def test_the_language_is_russian_by_default_and_set_kit_wide_or_refused():
    assert i18n.DEFAULT == "ru" and i18n.words()("Your move") == "Ваш ход"
    try:
        i18n.set_language("uk")
        assert i18n.language() == "uk" and i18n.words()("Your move") == "Ваш хід"
        with pytest.raises(ConfigError, match="lang"):
            i18n.set_language("de")
        assert i18n.language() == "uk"  # (refused: nothing changed)
    finally:
        i18n.set_language("ru")


@pytest.mark.parametrize(("accept", "lang"), [
    ("uk-UA,uk;q=0.9,en-US;q=0.8", "uk"), ("en-GB,en;q=0.9", "en"), ("ru", "ru"),
    ("de-DE,de;q=0.9", "ru"), ("", "ru"), ("de;q=1, en;q=0.2, uk;q=0.5", "uk"),
    ("en;q=oops,uk", "uk"),
])
def test_the_browser_language_is_the_first_the_kit_has_else_russian(accept, lang):
    assert i18n.best_match(accept) == lang


def test_option_labels_come_from_the_catalog_and_a_new_option_shows_its_own_text():
    """The setup form's labels by option name; an option the catalog does not know yet
    (another engineer's new one) falls back to its declaration's doc."""
    from widgets.app import option_words

    t = i18n.words("ru")
    opt = kit.spec("pug_party").options["swap"]
    label, doc = option_words(t, "pug_party", "swap", opt)
    assert label == "Обмен карт перед игрой" and "обменять" in doc
    new = kit.Option("brand_new", True, "a brand-new house rule (PP-R9)", rule="PP-R9")
    assert option_words(t, "pug_party", "brand_new", new) == (
        "brand new", "a brand-new house rule (PP-R9)")


def test_every_marked_message_is_a_literal_the_extraction_can_read():
    """``N_(name)`` or ``t.ctx("colour", c)`` over a variable marks nothing: the catalog
    would miss those words. Marks take string literals (``ctx`` may look up a variable
    when its messages are marked literally elsewhere, as widgets/labels.py does)."""
    bad = []
    for path in [*(ROOT / "kit").rglob("*.py"), *(ROOT / "widgets").rglob("*.py")]:
        text = path.read_text(encoding="utf-8")
        marks = r"\b(N_|NC_|NP_)\(\s*([^\"'\s])|\b(NC_|NP_)\(\s*\"[^\"]*\",\s*[^\"\s]"
        for m in re.finditer(marks, text):
            if "def " not in text[max(0, m.start() - 4):m.start()]:
                bad.append(f"{path.relative_to(ROOT)}: {text[m.start():m.start() + 30]}")
    assert bad == []


def test_a_refusal_with_a_code_is_explained_in_the_language_and_keeps_its_english_str():
    """IllegalAction and ConfigError carry a stable code and arguments: rendered in the
    page's language with the rule id in small print; ``str`` stays English (logs, tests);
    an error without a code (another library's) shows its own words."""
    from kit.errors import IllegalAction

    exc = IllegalAction("HB-3", "it is Seat 2's turn, a bot's", code="bot_turn", seat=1)
    names = ["Оля", "Игрок 2 (бот)"].__getitem__
    assert i18n.explain(exc, "ru", names) == "Сейчас ходит Игрок 2 (бот), это бот. (HB-3)"
    assert i18n.explain(exc, "uk", names).startswith("Зараз ходить Игрок 2 (бот)")
    assert str(exc) == "HB-3: it is Seat 2's turn, a bot's"
    plain = IllegalAction("HB-5", "no such card")
    assert i18n.explain(plain, "ru") == str(plain)
    seed = ConfigError("seed", "a non-negative whole number, not 'x'", code="seed_number",
                       value="x")
    assert i18n.explain(seed, "ru") == "Номер раздачи — целое неотрицательное число, а не «x»."
    unknown = ConfigError("seed", "odd", code="no_such_code")
    assert i18n.explain(unknown, "ru") == "seed: odd"
