"""The «Лист ожидания» tutorial (notebooks/waiting_list_tutorial.ipynb): it walks through
every rule id WL-1..WL-11, WL-R1..WL-R5 in the rulebook's order, shows each on a board
followed by asserting cells, says which rules are the kit's rulings and how to switch them,
has the classroom parts (the game's purpose and its authors as the rulebook prints them,
the fact cards with sources, a teacher's walk-through of one round) and the required edge
cases, and loads only prepared situations that exist. nbval runs its cells (pytest's
testpaths)."""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import nbformat
import pytest
from notebook_cells import heading as _heading
from notebook_cells import id_pattern as _id_pattern
from notebook_cells import sections as _sections

import kit
from kit import scenarios
from kit.bots import make_bot

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = Path(os.environ.get("WL_TUT", ROOT / "notebooks" / "waiting_list_tutorial.ipynb"))
SHARED = ROOT.parent / "shared"  # a read-only copy beside the checkout in CI; may be missing

#: every rule id of RULES.md's «Лист ожидания» section
RULE_IDS = ["WL-1", "WL-2", "WL-3", "WL-4", "WL-5", "WL-6", "WL-7", "WL-8", "WL-9", "WL-10",
            "WL-11", "WL-R1", "WL-R2", "WL-R3", "WL-R4", "WL-R5"]
#: the rule sections in the rulebook's order; each kit ruling follows the clause it rules on
#: (WL-2 twice: the rulebook states the goal first and the game's winner at the end)
WALKTHROUGH = ["WL-1", "WL-R2", "WL-2", "WL-R1", "WL-3", "WL-4", "WL-5", "WL-8", "WL-6",
               "WL-R3", "WL-7", "WL-9", "WL-10", "WL-R4", "WL-11", "WL-R5", "WL-2"]
#: sections whose rule is shown by a table rather than a board
NO_BOARD = {"WL-R2"}
KIT_RULINGS = {"WL-R1", "WL-R2", "WL-R3", "WL-R4", "WL-R5"}
#: how the prose says each ruling and option is switched (option name and value)
SWITCHES = ["claim_needs_fit=False", "first_card_claims=False", "round_laps=", "deck=",
            "rounds=", "penalties=", 'tie_break="rounds_won"', "auto-pass",
            'characters_dealt="face_down"', 'reshuffle="when_needed"']
#: the edge cases the issue asks for: words of the heading -> a rule id it must cite
EDGE_CASES = {
    "a covered discard that resurfaces can never be taken": "WL-7",
    "two seats want the same discard": "WL-R3",
    "the out-of-turn taker discards nothing": "WL-6",
    "a reveal that leaves two negative cards": "WL-10",
    "reshuffle": "WL-11",
}
#: the rulebook's opening (the game's purpose) and credits, as quoted in the notebook
PURPOSE = "Наша цель – увеличить осведомленность о реалиях ожидания и подчеркнуть важность"
CREDITS = ["Оксаны Петровой «Спроси себя»", "Фонда Потанина", "Механика – Оксана Петрова",
           "Факты – Анна Анисимова, Юлия Яцко", "Наталья Чецкая", "Владимир Матвеев",
           "Ольга Костюк", "Анна Субботкина", "Зарема"]
BOARD_LINE = re.compile(r"^(\w+ = )?(board|WaitingListBoard)\(")


@pytest.fixture(scope="module")
def cells() -> list:
    return nbformat.read(NOTEBOOK, as_version=4).cells


def _prose(cells: list) -> str:
    return "\n".join(c.source for c in cells if c.cell_type == "markdown")


def _flat(text: str) -> str:
    """``text`` with quote marks at line starts dropped and white space collapsed."""
    return " ".join(re.sub(r"^>", "", text, flags=re.M).split())


def _quoted(cells: list) -> list[str]:
    """Every Russian passage quoted in the prose (block quotes, split at paragraphs and at
    the ellipses that mark a cut)."""
    out = []
    for cell in cells:
        if cell.cell_type != "markdown":
            continue
        for block in re.findall(r"(?:^>.*\n?)+", cell.source, flags=re.M):
            for para in re.split(r"^>\s*$", block, flags=re.M):
                for part in _flat(para).split("…"):
                    part = part.strip(" .")
                    if re.search("[а-яё]", part):
                        out.append(part)
    return out


def _code(cells: list) -> str:
    return "\n".join(c.source for c in cells if c.cell_type == "code")


def _shows_board(cell) -> bool:
    lines = [ln for ln in cell.source.splitlines() if ln.strip() and not ln.startswith("#")]
    return cell.cell_type == "code" and bool(lines) and any(
        BOARD_LINE.match(ln) for ln in lines[-1:])


def _rule_of(heading: str) -> str | None:
    match = re.match(r"(WL-R?\d+) ", heading)
    return match.group(1) if match else None


def test_every_waiting_list_rule_id_appears_in_the_prose(cells):
    prose = _prose(cells)
    assert [r for r in RULE_IDS if not _id_pattern(r).search(prose)] == []


def test_the_id_list_is_the_one_of_rules_md():
    rules_md = SHARED / "RULES.md"
    if not rules_md.exists():
        pytest.skip("../shared/RULES.md is not next to the repository")
    section = rules_md.read_text(encoding="utf-8").split("## Waiting List", 1)[1]
    ids = re.findall(r"^- (WL-R?\d+)", section.split("\n## ", 1)[0], flags=re.M)
    assert sorted(ids) == sorted(RULE_IDS) == sorted(set(WALKTHROUGH))


def test_rule_sections_follow_the_rulebook_order(cells):
    order = [_rule_of(h[1]) for c in cells if (h := _heading(c)) and h[0] == 2]
    assert [r for r in order if r] == WALKTHROUGH


def test_each_rule_section_shows_a_board_then_asserts(cells):
    for heading, body in _sections(cells, level_max=2):
        rule = _rule_of(heading)
        if rule is None:
            continue
        code = [c for c in body if c.cell_type == "code"]
        assert any(re.search(r"^assert ", c.source, flags=re.M) for c in code), (
            f"{heading}: no cell asserts anything")
        if rule in NO_BOARD:
            continue
        boards = [i for i, c in enumerate(code) if _shows_board(c)]
        assert boards, f"{heading}: no live board"
        assert any(re.search(r"^assert ", c.source, flags=re.M)
                   for c in code[boards[0] + 1:]), f"{heading}: no asserting cell after its board"


def test_the_kits_rulings_are_marked_and_say_how_to_switch_them(cells):
    for heading, _ in _sections(cells):
        if _rule_of(heading) in KIT_RULINGS:
            assert "(the kit's ruling)" in heading, heading
    prose = _prose(cells)
    assert [s for s in SWITCHES if s not in prose] == []
    assert "round-length bound" in prose and "`round_laps`" in prose


def test_the_classroom_parts_are_there(cells):
    prose = _flat(_prose(cells))
    assert PURPOSE in prose and "Our aim is to raise awareness" in prose
    assert [c for c in CREDITS if c not in prose] == []
    sections = dict(_sections(cells))
    assert "The game's authors (as printed in the rulebook)" in sections
    facts = _code(sections["WL-R2 · The fact cards and their sources (the kit's ruling)"])
    assert "c.source" in facts and "c.text_ru" in facts, "the fact table lost its sources"
    walk = _code(sections["A round on the projector"])
    assert 'mode="replay"' in walk and "waiting_list_teacher_round" in walk
    assert "hand before (teacher only)" in walk


def test_quotes_are_the_rulebooks_words(cells):
    rulebook = SHARED / "rulebooks" / "waiting_list.ru.txt"
    if not rulebook.exists():
        pytest.skip("../shared/rulebooks is not next to the repository")
    text = " ".join(rulebook.read_text(encoding="utf-8").split())
    quoted = _quoted(cells)
    assert len(quoted) > 15
    assert [q for q in quoted if q not in text] == []
    assert PURPOSE in text
    assert [c for c in CREDITS if c not in text] == []


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
    assert len(prose.split()) > 60, f"{heading}: not explained"
    code = [c for c in body if c.cell_type == "code"]
    boards = [i for i, c in enumerate(code) if _shows_board(c)]
    assert boards, f"{heading}: no board"
    assert any(re.search(r"^assert ", c.source, flags=re.M) for c in code[boards[0] + 1:]), (
        f"{heading}: no cell asserts the engine's behaviour after the board")


def test_edge_cases_assert_refusals_that_name_their_rule(cells):
    sections = _sections(cells)
    start = next(i for i, (h, _) in enumerate(sections) if h == "Edge cases")
    code = "\n".join(c.source for _, body in sections[start:] for c in body
                     if c.cell_type == "code")
    for rule in ("WL-7", "WL-R3", "WL-5", "WL-9"):
        assert re.search(rf'\.rule == "{rule}"', code), f"no refusal asserted with {rule}"
    assert "refused(" in code
    # the tutorial's `refused` (widgets/tutorials/waiting_list.py) gives the engine's
    # refusal, and fails on a move the engine takes
    from widgets.tutorials.waiting_list import legal, refused

    state = kit.new_game("waiting_list", players=3, seed=1)
    assert refused(state, {"type": "nonsense"}).rule
    with pytest.raises(AssertionError):
        refused(state, legal(state)[0])


def test_prepared_situations_exist_and_every_waiting_list_one_is_used(cells):
    code = _code(cells)
    used = set(re.findall(r'(?:load_scenario|situation)\("([\w-]+)"', code))
    known = set(scenarios.names())
    assert used - known == set(), "the notebook loads situations that do not exist"
    ours = {n for n in known if n.startswith("waiting_list_")}
    assert ours - used == set(), "prepared «Лист ожидания» situations the tutorial never shows"
    assert all(scenarios.load(n).game == "waiting_list" for n in used)


def test_the_teacher_round_is_what_seeded_rule_bots_play():
    """The walk-through's commentary describes waiting_list_teacher_round.toml; the file
    says it is the round four seeded rule bots play. If the bot changes, regenerate it."""
    scenario = kit.load_scenario("waiting_list_teacher_round")
    state = kit.new_game("waiting_list", scenario.players, scenario.seed)
    bots = [make_bot("waiting_list", "rule") for _ in range(scenario.players)]
    rng = random.Random(scenario.seed)
    while state.view(None)["round"] == 1:
        seat = state.to_act
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
    assert state.history == scenario.actions


def test_the_first_turn_is_the_start_of_the_teacher_round():
    first = kit.load_scenario("waiting_list_first_turn")
    teacher = kit.load_scenario("waiting_list_teacher_round")
    assert (first.players, first.seed, first.options, first.actions) == (
        teacher.players, teacher.seed, {}, [])
    assert first.state().snapshot() == teacher.state(upto=0).snapshot()
