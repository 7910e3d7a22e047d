"""The Hanabi tutorial (notebooks/hanabi_tutorial.ipynb): it walks through every Hanabi rule
id in the rulebook's order, shows each rule and each required edge case on a board followed
by asserting cells, names the switches of the kit's rulings, and loads only prepared
situations that exist (all of the Hanabi ones). nbval runs its cells (pytest's testpaths)."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest
from notebook_cells import heading as _heading
from notebook_cells import id_pattern as _id_pattern
from notebook_cells import sections as _sections

from kit import scenarios

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "notebooks" / "hanabi_tutorial.ipynb"
RULES_MD = ROOT.parent / "shared" / "RULES.md"  # a read-only copy in CI; may be missing

#: RULES.md, "Hanabi": HB-1..HB-12 follow the rulebook; each kit ruling comes right after
#: the clause it rules on (HB-R1 on hints, HB-R2 on the third mistake).
WALKTHROUGH = ["HB-1", "HB-2", "HB-3", "HB-4", "HB-R1", "HB-5", "HB-6", "HB-7", "HB-8", "HB-R2",
               "HB-9", "HB-10", "HB-11", "HB-12"]
#: sections whose rule is shown by a table rather than a board (HB-12's boards are the
#: multicolour edge cases)
NO_BOARD = {"HB-1", "HB-12"}
#: the edge cases the issue asks for: words of the heading -> a rule id it must cite
EDGE_CASES = {
    "no discard at 8 tokens": "HB-5",
    "the complete-hint rule": "HB-4",
    "a 5 that returns a token": "HB-7",
    "the final round": "HB-10",
    "multicolour hints in `six_colours`": "HB-12",
    "multicolour hints in `six_colours_short`": "HB-12",
    "multicolour hints in `rainbow_wild`": "HB-12",
}
BOARD_LINE = re.compile(r"^(\w+ = )?(board|HanabiBoard)\(")


@pytest.fixture(scope="module")
def cells() -> list:
    nb = nbformat.read(NOTEBOOK, as_version=4)
    return nb.cells


def _shows_board(cell) -> bool:
    lines = [ln for ln in cell.source.splitlines() if ln.strip() and not ln.startswith("#")]
    return cell.cell_type == "code" and bool(lines) and any(
        BOARD_LINE.match(ln) for ln in lines[-2:])


def test_every_hanabi_rule_id_appears_in_the_prose(cells):
    prose = "\n".join(c.source for c in cells if c.cell_type == "markdown")
    missing = [r for r in WALKTHROUGH if not _id_pattern(r).search(prose)]
    assert missing == []


def test_the_id_list_is_the_one_of_rules_md():
    if not RULES_MD.exists():
        pytest.skip("../shared/RULES.md is not next to the repository")
    text = RULES_MD.read_text(encoding="utf-8")
    section = text.split("## Hanabi", 1)[1].split("\n## ", 1)[0]
    ids = re.findall(r"^- (HB-R?\d+)", section, flags=re.M)
    assert sorted(ids) == sorted(WALKTHROUGH)


def test_rule_sections_follow_the_rulebook_order(cells):
    order = []
    for cell in cells:
        head = _heading(cell)
        if head and head[0] in (2, 3):
            match = re.match(r"(HB-R?\d+) ", head[1])
            if match:
                order.append(match.group(1))
    assert order == WALKTHROUGH


def test_each_rule_section_shows_a_board_then_asserts(cells):
    for heading, body in _sections(cells):
        rule = heading.split(" ", 1)[0]
        if rule not in WALKTHROUGH:
            continue
        code = [c for c in body if c.cell_type == "code"]
        assert any("assert " in c.source for c in code), f"{rule}: no cell asserts anything"
        if rule in NO_BOARD:
            continue
        boards = [i for i, c in enumerate(code) if _shows_board(c)]
        assert boards, f"{rule}: no live board"
        assert any("assert " in c.source for c in code[boards[0] + 1:]), (
            f"{rule}: no asserting cell after its board")


def test_the_kits_rulings_say_how_to_switch_them(cells):
    prose = "\n".join(c.source for c in cells if c.cell_type == "markdown")
    assert "allow_empty_hints=True" in prose and "keep_score_on_loss=True" in prose
    for rule in ("HB-R1", "HB-R2"):
        heading = next(h for h, _ in _sections(cells) if h.startswith(rule))
        assert "kit's ruling" in heading


@pytest.mark.parametrize("words", list(EDGE_CASES))
def test_each_edge_case_has_a_board_and_an_asserting_cell(cells, words):
    sections = _sections(cells)
    start = next(i for i, (h, _) in enumerate(sections) if h == "Edge cases")
    found = [(h, body) for h, body in sections[start + 1:]
             if h.startswith("Edge case: ") and words in h]
    assert len(found) == 1, f"no single edge case section about {words!r}"
    heading, body = found[0]
    assert _id_pattern(EDGE_CASES[words]).search(heading), heading
    prose = " ".join(c.source for c in body if c.cell_type == "markdown")
    assert len(prose.split()) > 40, f"{heading}: not explained"
    code = [c for c in body if c.cell_type == "code"]
    boards = [i for i, c in enumerate(code) if _shows_board(c)]
    assert boards, f"{heading}: no board"
    after = code[boards[0]:]
    assert any(re.search(r"^assert ", c.source, flags=re.M) for c in after), (
        f"{heading}: no cell asserts the engine's behaviour after the board")


def test_edge_cases_assert_that_refused_moves_name_their_rule(cells):
    sections = _sections(cells)
    start = next(i for i, (h, _) in enumerate(sections) if h == "Edge cases")
    code = "\n".join(c.source for _, body in sections[start:] for c in body
                     if c.cell_type == "code")
    for rule in ("HB-5", "HB-4", "HB-R1", "HB-12"):
        assert re.search(rf'\.rule == "{rule}"', code), f"no refusal asserted with {rule}"


def test_prepared_situations_exist_and_every_hanabi_one_is_used(cells):
    code = "\n".join(c.source for c in cells if c.cell_type == "code")
    used = set(re.findall(r'(?:load_scenario|situation)\("([\w-]+)"', code))
    known = set(scenarios.names())
    assert used - known == set(), "the notebook loads situations that do not exist"
    hanabi = {n for n in known if n.startswith("hanabi_")}
    assert hanabi - used == set(), "prepared Hanabi situations the tutorial never shows"
    assert all(scenarios.load(n).game == "hanabi" for n in used)
