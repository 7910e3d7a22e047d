"""The four rule references (notebooks/*_tutorial.ipynb) as a reader meets them (issue 40):
setup code in one short import cell (the helpers live in widgets/tutorials/), checking
cells tagged ``check``, folded in JupyterLab and saying nothing (Voilà shows no stray
output), each section running on its own, no advice Voilà cannot follow, and the table of
clauses and rulings at the end. nbval runs the notebooks themselves (pytest's testpaths).

Each reference reads in Russian and Ukrainian too (issue 38): ``<game>_tutorial.ru.ipynb``
and ``.uk.ipynb`` beside the English ``<game>_tutorial.ipynb``, with the English one's code
cells (the setup's language apart), cell for cell, and the same rule ids in each prose
cell, so a change to one that is not made to the others fails here."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient
from notebook_cells import heading, read_from_elsewhere

ROOT = Path(__file__).resolve().parent.parent
ENGLISH = sorted((ROOT / "notebooks").glob("*_tutorial.ipynb"))
LANGS = ("ru", "uk")
#: the translations written so far (the index links the English one where there is none)
TRANSLATED = [p.with_suffix(f".{lang}.ipynb") for p in ENGLISH for lang in LANGS
              if p.with_suffix(f".{lang}.ipynb").exists()]
TUTORIALS = sorted(ENGLISH + TRANSLATED)
#: the last two headings of a reference, in its language
RULINGS = {"en": ("Whose rule is it?", "Rulebook or kit?"),
           "ru": ("Чьё это правило?",), "uk": ("Чиє це правило?",)}
WHERE_NEXT = {"en": "Where next", "ru": "Куда дальше", "uk": "Що далі"}
#: advice Voilà cannot follow (a page runs once), in each language
RERUN = {"en": r"(run|execute) (the|this|that) cell again|re-?run",
         "ru": r"(запустите|выполните) (эту |ту )?ячейку (ещё раз|снова)|перезапуст",
         "uk": r"(запустіть|виконайте) (цю |ту )?комірку (ще раз|знову)|перезапуст"}
SET_LANGUAGE = re.compile(r'kit\.i18n\.set_language\("(\w+)"\)')
RULE_IDS = re.compile(r"\b(?:HB|WL|PP|DM)-R?\d+\b")


def _lang(path: Path) -> str:
    """``ru`` for ``hanabi_tutorial.ru.ipynb``, ``en`` for ``hanabi_tutorial.ipynb``."""
    suffixes = path.suffixes
    return suffixes[-2].lstrip(".") if len(suffixes) > 1 else "en"


def _game(path: Path) -> str:
    return path.name.split("_tutorial")[0]


def _cells(path: Path) -> list:
    return nbformat.read(path, as_version=4).cells


def _tags(cell) -> list[str]:
    return cell.metadata.get("tags", [])


def _sections(cells: list) -> list[tuple[str, list]]:
    """(heading, its code cells) for every heading of level 1-3; setup cells apart."""
    out: list[tuple[str, list]] = []
    for cell in cells:
        head = heading(cell)
        if head and head[0] <= 3:
            out.append((head[1], []))
        elif out and cell.cell_type == "code" and "setup" not in _tags(cell):
            out[-1][1].append(cell)
    return out


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.stem)
def test_the_setup_is_one_cell_of_imports_and_the_language(path):
    """The setup cell imports, then sets the notebook's language: its boards, seat names
    and situations' texts speak the language of its prose (issue 38)."""
    setup = [c for c in _cells(path) if "setup" in _tags(c)]
    assert len(setup) == 1
    *body, last = ast.parse(setup[0].source).body
    assert body and all(isinstance(s, ast.Import | ast.ImportFrom) for s in body)
    assert SET_LANGUAGE.findall(ast.unparse(last).replace("'", '"')) == [_lang(path)]
    assert f"widgets.tutorials.{_game(path)}" in setup[0].source


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.stem)
def test_checking_cells_are_folded_and_show_nothing(path):
    """A cell that asserts is a ``check`` cell, folded in JupyterLab; it prints nothing and
    ends in no expression, so Voilà shows nothing of it."""
    for cell in _cells(path):
        if cell.cell_type != "code" or "setup" in _tags(cell):
            continue
        tree = ast.parse(cell.source)
        if not any(isinstance(n, ast.Assert) for n in ast.walk(tree)):
            continue
        where = f"{path.name}: {cell.source[:80]!r}"
        assert "check" in _tags(cell), where
        assert cell.metadata.get("jupyter", {}).get("source_hidden") is True, where
        assert not any(isinstance(n, ast.Call) and getattr(n.func, "id", "") == "print"
                       for n in ast.walk(tree)), where
        assert not isinstance(tree.body[-1], ast.Expr), where


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.stem)
def test_each_section_reads_only_the_setup_and_its_own_names(path):
    cells = _cells(path)
    assert read_from_elsewhere(cells, _sections(cells), {"setup"}) == {}, path.name


@pytest.mark.parametrize("path", ENGLISH, ids=lambda p: p.stem)
def test_each_section_runs_on_its_own(path):
    """Every section, run alone after the setup cell in a kernel whose names were all
    forgotten (``%reset -f``), runs without an error. (The English reference's: the
    translations' code cells are its own, test_a_translation_keeps_the_english_code, and
    nbval runs each translation from the top.)"""
    cells = _cells(path)
    setup = next(c for c in cells if "setup" in _tags(c))
    run = nbformat.v4.new_notebook()
    run.metadata = nbformat.read(path, as_version=4).metadata
    for _title, code in _sections(cells):
        if code:
            run.cells += [nbformat.v4.new_code_cell("%reset -f"),
                          nbformat.v4.new_code_cell(setup.source)]
            run.cells += [nbformat.v4.new_code_cell(c.source) for c in code]
    client = NotebookClient(run, timeout=300, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute()  # (a failing cell raises CellExecutionError, naming it)


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.stem)
def test_no_advice_voila_cannot_follow(path):
    prose = "\n".join(c.source for c in _cells(path) if c.cell_type == "markdown")
    assert not re.search(RERUN[_lang(path)], prose, re.I)


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.stem)
def test_the_table_of_clauses_and_rulings_is_at_the_end(path):
    heads = [h[1] for c in _cells(path) if (h := heading(c)) and h[0] == 2]
    assert heads[-1] == WHERE_NEXT[_lang(path)]
    assert heads[-2].startswith(RULINGS[_lang(path)])


@pytest.mark.parametrize("path", [p for p in TUTORIALS if _game(p) == "hanabi"],
                         ids=lambda p: p.name)
def test_the_hanabi_score_in_the_prose_is_the_boards(path):
    """HB-11: the sum the prose adds up is the score of the game the board shows."""
    import kit

    cells = _cells(path)
    prose = next(c.source for c in cells if c.source.startswith("## HB-11"))
    terms, total = re.search(r"(\d+(?: \+ \d+)+) = \*\*(\d+)\*\*", prose).groups()
    state = kit.load_scenario("hanabi_final_round").state()
    for action in ({"type": "play", "slot": 1}, {"type": "play", "slot": 0},
                   {"type": "discard", "slot": 0}):
        state.apply(action)
    assert sum(int(t) for t in terms.split("+")) == int(total) == state.result()["score"]




@pytest.mark.parametrize("path", TRANSLATED, ids=lambda p: p.name)
def test_a_translation_keeps_the_english_code(path):
    """A reference in Russian or Ukrainian is the English one cell for cell: the same code
    (its language apart), tags and folding, and prose cells in the same places naming the
    same rule ids, so every rule the English one covers on a live board it covers too."""
    english = _cells(path.with_suffix("").with_suffix(".ipynb"))
    cells = _cells(path)
    assert [c.cell_type for c in cells] == [c.cell_type for c in english]
    lang = _lang(path)
    for mine, theirs in zip(cells, english, strict=True):
        where = f"{path.name}: {theirs.source[:60]!r}"
        assert mine.metadata == theirs.metadata, where
        if theirs.cell_type == "code":
            assert mine.source == theirs.source.replace('set_language("en")',
                                                        f'set_language("{lang}")'), where
        else:
            assert sorted(set(RULE_IDS.findall(mine.source))) == sorted(
                set(RULE_IDS.findall(theirs.source))), where
            assert (heading(mine) or (0,))[0] == (heading(theirs) or (0,))[0], where
    assert nbformat.read(path, as_version=4).metadata == nbformat.read(
        path.with_suffix("").with_suffix(".ipynb"), as_version=4).metadata


@pytest.mark.parametrize("lang", LANGS)
def test_every_situation_a_reference_shows_has_its_caption_in_the_language(lang):
    """The prepared situations' titles and texts in Russian and Ukrainian
    (data/tutorials/<lang>.toml) for every situation a reference loads, naming the same
    rule ids and tiles as the English ones."""
    import kit
    from kit.scenarios import names
    from widgets.tutorials import caption_text, captions

    text = "".join(path.with_suffix("").with_suffix(".ipynb").read_text()
                   for path in TRANSLATED if _lang(path) == lang)
    shown = {name for name in names() if f'\\"{name}\\"' in text}
    known = captions(lang)
    assert sorted(shown - set(known)) == []
    for name in sorted(shown):
        scenario = kit.load_scenario(name)
        title, text = caption_text(scenario, lang)
        assert title and text and title != scenario.title, name
        for pattern in (RULE_IDS, re.compile(r"\d+:\d+")):
            assert sorted(set(pattern.findall(text))) == sorted(
                set(pattern.findall(scenario.text))), name


@pytest.mark.parametrize("lang", LANGS)
def test_the_index_links_the_reference_in_the_pages_language(lang):
    """A Russian or Ukrainian index links each game's reference in its language (the
    English one where it is not written yet); the English index, the English one."""
    from widgets.index import index_html

    page = index_html(lang=lang)
    for path in ENGLISH:
        mine = path.with_suffix(f".{lang}.ipynb")
        expected = mine.name if mine.exists() else path.name
        assert f'href="{expected}?lang={lang}"' in page
        assert f'href="{path.name}?lang=en"' in index_html(lang="en")


@pytest.fixture
def language():
    """Sets the kit's language for one test, and puts the one before it back after it."""
    from kit import i18n

    before = i18n.language()
    yield i18n.set_language
    i18n.set_language(before)


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_references_tables_speak_the_notebooks_language(language, lang):
    """WL-1's table of card types in the reference's language: headers and card types
    from the catalog and the deck file; the rulebook's Russian word beside them, except in
    Russian, where the name is the rulebook's already (issue 38)."""
    from widgets.tutorials.waiting_list import card_types, penalty_table, table

    language(lang)
    rows = card_types()
    assert rows[0]["type"] == {"en": "organ", "ru": "орган", "uk": "орган"}[lang]
    assert ("in the rulebook" in rows[0]) == (lang != "ru")
    assert sum(row["cards"] for row in rows) == 110  # WL-1: 104 + 6 characters
    page = table(penalty_table(), index="card left in hand").data
    assert {"en": "penalty", "ru": "штраф", "uk": "штраф"}[lang] in page
    assert {"en": "never revealed", "ru": "так и не открыта", "uk": "так і не відкрито"}[
        lang] in page  # WL-R4's 20 points for a combination never revealed


def test_a_table_shows_its_cells_as_text():
    """A cell's words are shown, never read as HTML; True and False read ✓ and —."""
    from widgets.tutorials import table

    page = table([{"option": "<b>x</b>", "default": True}, {"option": "y", "default": False}],
                 index="option").data
    assert "&lt;b&gt;x&lt;/b&gt;" in page and "<b>" not in page
    assert page.index("✓") < page.index("—")


@pytest.mark.parametrize("game", ["hanabi", "waiting_list"])
def test_a_references_setup_does_not_load_pandas(game):
    """The references draw their tables as plain HTML: their setup does not import pandas,
    whose import alone took most of the setup cell (issue 40's render time in Voilà)."""
    setup = next(c for c in _cells(ROOT / "notebooks" / f"{game}_tutorial.ipynb")
                 if "setup" in _tags(c))
    code = setup.source + "\nimport sys\nprint('pandas' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.stdout.strip().splitlines()[-1] == "False"
