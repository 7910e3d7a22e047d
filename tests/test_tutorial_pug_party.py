"""The «Вечірка мопсів» tutorial (notebooks/pug_party_tutorial.ipynb) covers its rulebook.

Every clause and ruling id appears in its prose, the sections follow the rulebook's
order, each says whether it is the rulebook's or the kit's, every option is named,
each edge case has a board and a checking cell, and every prepared situation it loads
exists (nbval runs the notebook itself; tests/test_scenarios.py checks the scenarios).
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

NOTEBOOK = Path(__file__).parent.parent / "notebooks" / "pug_party_tutorial.ipynb"

#: RULES.md, «Вечірка мопсів»: the rulebook's clauses and the kit's rulings
RULE_IDS = [f"PP-{i}" for i in range(1, 13)] + [f"PP-R{i}" for i in range(1, 7)]
#: the first rule id of each section, in the rulebook's order: set-up, who starts
#: (PP-12's first half), the turn, the specials, the end (PP-12's second half)
SECTION_ORDER = ["PP-R1", "PP-12", "PP-1", "PP-2", "PP-4", "PP-3", "PP-5", "PP-6", "PP-7",
                 "PP-8", "PP-9", "PP-10", "PP-11", "PP-12"]
#: every option a table may switch (PP-R1..PP-R6, PP-12)
OPTIONS = ["deck", "swap", "four_of_a_kind", "down_wrap", "specials_together",
           "voluntary_pickup", "first_player", "max_actions", "after_breakdancer", "new_round"]
#: the edge cases the issue asks for (heading words), then the engine author's extra ones
EDGE_CASES = ["a 0 on a 10", "a burn completed by another player",
              "Breakdancer and its value to beat", 'Poop after "down"', "a failed blind card"]
EXTRA_CASES = ["Two Breakdancers at once", "A Breakdancer on an empty pile"]


@pytest.fixture(scope="module")
def cells() -> list:
    return nbformat.read(NOTEBOOK, as_version=4).cells


@pytest.fixture(scope="module")
def prose(cells) -> str:
    return "\n".join(c.source for c in cells if c.cell_type == "markdown")


@pytest.mark.parametrize("rule", RULE_IDS)
def test_every_pp_rule_id_is_in_the_prose(prose, rule):
    assert _mentions(prose, rule), f"{rule} is not explained in the tutorial's markdown"


def test_rule_id_list_matches_rules_md():
    rules_md = Path(__file__).parent.parent.parent / "shared" / "RULES.md"
    if not rules_md.exists():
        pytest.skip("shared/RULES.md is not beside the repository")
    ids = re.findall(r"^- (PP-R?\d+) ", rules_md.read_text(encoding="utf-8"), re.M)
    assert ids == RULE_IDS


def test_sections_follow_the_rulebook_and_say_whose_rule_they_are(cells):
    headings = [line for c in cells if c.cell_type == "markdown"
                for line in c.source.splitlines() if line.startswith("## ")]
    rules = [h for h in headings if "Edge case" not in h and "Where next" not in h
             and "Rulebook or kit" not in h]
    firsts = [re.search(r"`(PP-R?\d+)`", h).group(1) for h in rules]
    assert firsts == SECTION_ORDER
    for heading in rules:
        assert "(rulebook)" in heading or "(kit's ruling)" in heading, heading


@pytest.mark.parametrize("option", OPTIONS)
def test_every_option_is_named_with_how_to_switch_it(prose, option):
    assert kit.spec("pug_party").options[option]  # still an option of the engine
    assert f"`{option}" in prose, f"the tutorial never names the option {option}"


def _section(cells: list, title: str) -> list:
    return section(cells, title, ("#", "**"))


@pytest.mark.parametrize("title", EDGE_CASES + EXTRA_CASES)
def test_each_edge_case_has_a_board_and_an_assertion(cells, title):
    edge = next(i for i, c in enumerate(cells) if c.source.startswith("# Edge cases"))
    section = _section(cells[edge:], title)
    code = [c.source for c in section if c.cell_type == "code"]
    boards = [i for i, s in enumerate(code) if "PugPartyBoard(" in s]
    checks = [i for i, s in enumerate(code) if "assert" in s]
    assert boards, f"edge case {title!r} shows no board"
    assert checks and checks[-1] > boards[0], f"edge case {title!r} asserts nothing after it"


def test_every_scenario_it_loads_exists_and_every_pug_party_scenario_is_used(cells):
    source = "\n".join(c.source for c in cells if c.cell_type == "code")
    loaded = set(re.findall(r'load_scenario\("([^"]+)"\)', source))
    shipped = {n for n in scenarios.names() if n.startswith("pug_party_")}
    assert loaded <= shipped, f"missing scenario files: {sorted(loaded - shipped)}"
    assert shipped <= loaded, f"scenarios no notebook cell shows: {sorted(shipped - loaded)}"
