"""The «Домино-Метро» tutorial (notebooks/domino_metro_tutorial.ipynb) covers its rulebook.

Every clause and ruling id appears in its prose, the sections follow the rulebook's
order, each says whether it is the rulebook's or the kit's, every option is named, the
Russian quotes are the rulebook's own words, each edge case has a board and a checking
cell, and every prepared situation it loads exists (nbval runs the notebook itself;
tests/test_scenarios.py checks the scenarios).
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest
from notebook_cells import mentions as _mentions
from notebook_cells import section

import kit
from kit import scenarios

ROOT = Path(__file__).parent.parent
NOTEBOOK = ROOT / "notebooks" / "domino_metro_tutorial.ipynb"
SHARED = ROOT.parent / "shared"

#: RULES.md, «Домино-Метро»: the rulebook's clauses and the kit's rulings
RULE_IDS = [f"DM-{i}" for i in range(1, 12)] + [f"DM-R{i}" for i in range(1, 8)]
#: the first rule id of each section's heading, in the rulebook's order
SECTION_ORDER = ["DM-1", "DM-2", "DM-3", "DM-4", "DM-5", "DM-6", "DM-7", "DM-8", "DM-9",
                 "DM-10", "DM-11", "DM-R5"]
#: every option a table may switch (DM-R2..DM-R7 and the clauses read more than one way)
OPTIONS = ["games", "metro_forced", "first_double", "lead_double", "zero_double",
           "metro_double", "domino_metro_two", "change", "set_file", "scoring_file", "deal",
           "metro_maker", "tied_pips"]
#: the edge cases the issue asks for (heading words)
EDGE_CASES = ["open vs closed doubles", "a dead end", "a forced Metro", "domino-Metro",
              "the change rule", "a face-up double closes the last end"]
#: a code line that shows a board: the class itself or the notebook's board helpers
BOARD = re.compile(r"^(DominoMetroBoard|teacher|replay|try_it)\(")
#: a quote of the rulebook in the prose: *«...»*
QUOTE = re.compile(r"\*«(.+?)»\*", re.S)


@pytest.fixture(scope="module")
def cells() -> list:
    return nbformat.read(NOTEBOOK, as_version=4).cells


@pytest.fixture(scope="module")
def prose(cells) -> str:
    return "\n".join(c.source for c in cells if c.cell_type == "markdown")


def _words(text: str) -> str:
    return " ".join(text.replace("\\*", "*").split())


@pytest.mark.parametrize("rule", RULE_IDS)
def test_every_dm_rule_id_is_in_the_prose(prose, rule):
    assert _mentions(prose, rule), f"{rule} is not explained in the tutorial's markdown"


def test_rule_id_list_matches_rules_md():
    rules_md = SHARED / "RULES.md"
    if not rules_md.exists():
        pytest.skip("shared/RULES.md is not beside the repository")
    ids = re.findall(r"^- (DM-R?\d+) ", rules_md.read_text(encoding="utf-8"), re.M)
    assert ids == RULE_IDS


def test_sections_follow_the_rulebook_and_say_whose_rule_they_are(cells):
    headings = [line for c in cells if c.cell_type == "markdown"
                for line in c.source.splitlines() if line.startswith("## ")]
    rules = [h for h in headings if "Edge case" not in h and "Where next" not in h
             and "Rulebook or kit" not in h]
    firsts = [re.search(r"`(DM-R?\d+)`", h).group(1) for h in rules]
    assert firsts == SECTION_ORDER
    for heading in rules:
        assert "(rulebook)" in heading or "(kit's ruling)" in heading, heading


def test_the_rulings_table_names_each_ruling_and_its_option(cells):
    table = next(c.source for c in cells if c.source.startswith("## Rulebook or kit?"))
    for rule, option in [("DM-R1", None), ("DM-R2", "metro_forced"),
                         ("DM-R3", "first_double"), ("DM-R4", "zero_double"),
                         ("DM-R5", "games"), ("DM-R6", "metro_maker"),
                         ("DM-R7", "tied_pips")]:
        row = next(line for line in table.splitlines() if line.startswith(f"| `{rule}`"))
        if option is not None:
            default = kit.spec("domino_metro").options[option].default
            assert f"`{option} = {default!r}".replace("'", '"') in row, row


@pytest.mark.parametrize("option", OPTIONS)
def test_every_option_is_named_with_how_to_switch_it(prose, option):
    assert kit.spec("domino_metro").options[option]  # still an option of the engine
    assert f"`{option}" in prose, f"the tutorial never names the option {option}"


def test_every_russian_quote_is_the_rulebooks_own_words(prose):
    rulebook = SHARED / "rulebooks" / "domino_metro.ru.txt"
    if not rulebook.exists():
        pytest.skip("shared/rulebooks is not beside the repository")
    source = _words(rulebook.read_text(encoding="utf-8"))
    quotes = [_words(q) for q in QUOTE.findall(prose)]
    assert len(quotes) >= 15, "the tutorial quotes the rulebook clause by clause"
    missing = [q for q in quotes if q not in source]
    assert missing == [], f"not in the rulebook: {missing}"


def _section(cells: list, title: str) -> list:
    return section(cells, title, ("#",))


def _shows_board(source: str) -> bool:
    """The cell's last expression is a board (so Jupyter and Voilà display it)."""
    lines = [line for line in source.splitlines() if line.strip()]
    return bool(lines) and BOARD.match(lines[-1]) is not None


@pytest.mark.parametrize("title", EDGE_CASES)
def test_each_edge_case_has_a_board_and_an_assertion(cells, title):
    edge = next(i for i, c in enumerate(cells) if c.source.startswith("# Edge cases"))
    section = _section(cells[edge:], f"Edge case: {title}")
    assert section[0].cell_type == "markdown" and len(section[0].source) > 200, (
        f"edge case {title!r} is not explained")
    code = [c.source for c in section if c.cell_type == "code"]
    boards = [i for i, s in enumerate(code) if _shows_board(s)]
    checks = [i for i, s in enumerate(code) if re.search(r"^assert ", s, re.M)]
    assert boards, f"edge case {title!r} shows no board"
    assert checks and checks[-1] > boards[0], f"edge case {title!r} asserts nothing after it"


def test_every_rule_section_shows_a_live_board(cells):
    edge = next(i for i, c in enumerate(cells) if c.source.startswith("# Edge cases"))
    rule_headings = [i for i, c in enumerate(cells[:edge]) if c.cell_type == "markdown"
                     and re.match(r"## .*`DM-R?\d+`", c.source)]
    for start, end in zip(rule_headings, [*rule_headings[1:], edge], strict=True):
        heading = cells[start].source.splitlines()[0]
        assert any(c.cell_type == "code" and _shows_board(c.source)
                   for c in cells[start:end]), f"{heading} shows no board"


def test_every_scenario_it_loads_exists_and_every_domino_metro_scenario_is_used(cells):
    source = "\n".join(c.source for c in cells if c.cell_type == "code")
    loaded = set(re.findall(r'load_scenario\("([^"]+)"\)', source))
    shipped = {n for n in scenarios.names() if n.startswith("domino_metro_")}
    assert loaded <= shipped, f"missing scenario files: {sorted(loaded - shipped)}"
    assert shipped <= loaded, f"scenarios no notebook cell shows: {sorted(shipped - loaded)}"
