"""The guided lessons (issue 40): data/lessons/<game>.toml validated (every language
present, errors naming the file and the entry), every step reachable (its goal move
applies from its situation, its tempting move is refused under the rule it cites), the
lesson page in lesson mode (goal, refusal on the board, undo, start again, questions,
recaps), the notebooks and the index links."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import nbformat
import pytest

import kit
from kit import i18n, lessons
from kit.errors import ConfigError, IllegalAction
from tests.widget_page import Page, page_comms
from widgets.index import index_html
from widgets.lessons import Lesson

ROOT = Path(__file__).resolve().parent.parent
STEPS = [(game, i) for game in kit.GAMES for i in range(len(lessons.load(game).steps))]


def step_id(param: Any) -> str:
    return str(param)


def test_every_game_has_a_lesson_and_a_notebook():
    assert lessons.names() == sorted(kit.GAMES)
    for game in kit.GAMES:
        assert (ROOT / "notebooks" / "lessons" / f"{game}.ipynb").is_file()


@pytest.mark.parametrize("game", kit.GAMES)
def test_every_text_is_given_in_russian_ukrainian_and_english(game):
    lesson = lessons.load(game)
    texts = [lesson.title, lesson.intro]
    for step in lesson.steps:
        texts += [step.section, step.text, step.goal_text, step.done, *(step.recap or [])]
        if step.question:
            q = step.question
            texts += [q.prompt, q.explain, *q.choices]
    for text in texts:
        assert all(text(lang).strip() for lang in lessons.LANGUAGES)
    # the three languages say different things' words, not one text copied
    assert lesson.intro("ru") != lesson.intro("uk") != lesson.intro("en")


def _copy_with(tmp_path: Path, game: str, edit: Any) -> Path:
    src = lessons.FOLDER / f"{game}.toml"
    text = src.read_text(encoding="utf-8")
    (tmp_path / f"{game}.toml").write_text(edit(text), encoding="utf-8")
    return tmp_path


def test_a_language_missing_is_refused_naming_the_file_and_the_entry(tmp_path):
    # the second step's Ukrainian text removed
    def drop(text: str) -> str:
        head, sep, rest = text.partition('id = "play"')
        return head + sep + re.sub(r"\nuk = [^\n]*", "", rest, count=2)

    folder = _copy_with(tmp_path, "hanabi", drop)
    with pytest.raises(ConfigError) as err:
        lessons.load("hanabi", folder)
    assert str(folder / "hanabi.toml") in err.value.option
    assert ".steps[1].section.uk" in err.value.option, err.value.option
    assert err.value.message == "missing"


def test_a_bad_entry_is_named(tmp_path):
    folder = _copy_with(tmp_path, "pug_party", lambda t: t.replace(
        "[steps.question]\nanswer = 2", "[steps.question]\nanswer = 3", 1))
    with pytest.raises(ConfigError) as err:
        lessons.load("pug_party", folder)
    assert err.value.option.endswith(".steps[2].question"), err.value.option
    folder = _copy_with(tmp_path, "domino_metro", lambda t: t.replace(
        'scenario = "domino_metro_first_lead"', 'scenario = "no_such_situation"', 1))
    with pytest.raises(ConfigError) as err:
        lessons.load("domino_metro", folder)
    assert err.value.option.endswith(".steps[0]"), err.value.option


def test_a_step_text_of_more_than_80_words_is_refused(tmp_path):
    long = " ".join(["слово"] * 81)
    folder = _copy_with(tmp_path, "hanabi", lambda t: re.sub(
        r'(\[steps.text\]\nru = )"[^"]*"', lambda m: m.group(1) + f'"{long}"', t, count=1))
    with pytest.raises(ConfigError) as err:
        lessons.load("hanabi", folder)
    assert "steps[0]" in err.value.option and "81 words" in err.value.message


@pytest.mark.parametrize("game", kit.GAMES)
@pytest.mark.parametrize("lang", lessons.LANGUAGES)
def test_the_first_move_comes_within_150_words_and_the_lesson_fits_20_minutes(game, lang):
    lesson = lessons.load(game)
    assert lesson.words_before_first_move(lang) <= 150
    assert lesson.minutes() <= 20
    assert 3 <= len(lesson.steps) <= 6
    assert all(lessons.count_words(s.text(lang)) <= 80 for s in lesson.steps)
    # the first step is a move: no question stands before it
    assert lesson.steps[0].question is None


@pytest.mark.parametrize(("game", "n"), STEPS, ids=step_id)
def test_each_step_is_reachable_its_goal_applies_and_its_temptation_is_refused(game, n):
    step = lessons.load(game).steps[n]
    state = step.state()
    assert state.to_act == step.seat and not state.over
    goals = [a for a in state.legal_actions() if lessons.matches(a.to_json(), step.goal)]
    assert goals, f"{game} step {step.id}: no legal move reaches the goal {step.goal}"
    state.apply(goals[0])
    if step.tempt is not None:
        state = step.state()
        before = state.snapshot()
        with pytest.raises(IllegalAction) as err:
            state.apply(step.tempt)
        assert err.value.rule == step.tempt_rule, str(err.value)
        assert state.snapshot() == before
        # the refusal reads in every language, the rule id in brackets
        texts = {lang: i18n.explain(err.value, lang) for lang in lessons.LANGUAGES}
        assert all(t.endswith(f"({step.tempt_rule})") for t in texts.values()), texts
        assert len(set(texts.values())) == 3, texts


def test_wl_7_the_step_stops_at_the_player_who_wants_the_dead_card():
    """WL-7: the learner needs a kidney, the kidney is on top, covered once: dead."""
    step = next(s for s in lessons.load("waiting_list").steps if "WL-7" in s.rules)
    state = step.state()
    view = state.view(step.seat)
    assert state.to_act == step.seat
    assert view["pile"][-1] == {"card": "kidney", "dead": True}
    assert "kidney" in view["seats"][step.seat]["needs"] and "kidney" not in view["hand"]
    assert step.tempt == {"type": "take", "pile_index": len(view["pile"]) - 1}


# -- the lesson page --------------------------------------------------------------------

def _lesson(game: str, lang: str = "ru") -> Lesson:
    with page_comms():
        return Lesson(game, lang=lang, pause=0)


def _show(lesson: Lesson, n: int) -> Page:
    with page_comms():
        lesson.show(n)
    return Page(lesson.board)


@pytest.mark.parametrize(("game", "n"), STEPS, ids=step_id)
def test_the_page_highlights_the_goal_answers_the_temptation_and_confirms_the_goal(game, n):
    lesson = _lesson(game)
    page = _show(lesson, n)
    step = lesson.step
    legal = page.traits["legal"]
    goals = [m for m in legal if m.get("goal")]
    assert goals and all(lessons.matches(m["action"], step.goal) for m in goals)
    assert lesson.next.disabled and not lesson.done
    if step.tempt is not None:
        tempting = [m for m in legal if m.get("tempt")]
        assert [m["action"] for m in tempting] == [step.tempt]
        moves = len(lesson.board.state.history)
        page.send({"kind": "act", "action": step.tempt})
        assert page.traits["error"].endswith(f"({step.tempt_rule})")
        assert len(lesson.board.state.history) == moves and not lesson.done
        # the lesson says the rules forbid it, and why, by its text (not only at the
        # board's top, out of sight on a small screen)
        assert page.traits["error"] in html.unescape(lesson.feedback.value)
    page.send({"kind": "act", "action": goals[0]["action"]})
    assert lesson.done and step.done("ru") in lesson.feedback.value
    assert not [m for m in page.traits["legal"] if m.get("goal") or m.get("tempt")]
    last = n == len(lesson.lesson.steps) - 1
    assert lesson.next.disabled == last
    assert bool(lesson.recap.value) == bool(step.recap)
    if last:
        assert f"../{game}_app.ipynb?lang=ru" in lesson.finished.value


def test_another_legal_move_is_not_the_goal_and_can_be_taken_back():
    lesson = _lesson("pug_party", "en")
    page = _show(lesson, 0)  # the goal: play the 2
    other = next(m for m in page.traits["legal"] if not m.get("goal"))
    page.send({"kind": "act", "action": other["action"]})
    assert not lesson.done and "not this step's goal" in lesson.feedback.value
    assert page.traits["can_undo"]
    page.send({"kind": "undo"})
    assert lesson.board.state.history == lesson.step.state().history
    assert lesson.feedback.value == ""  # (what was said of the move went with it)
    goal = next(m for m in page.traits["legal"] if m.get("goal"))
    page.send({"kind": "act", "action": goal["action"]})
    assert lesson.done


def test_start_the_step_again_sets_up_the_situation_afresh():
    lesson = _lesson("hanabi")
    page = _show(lesson, 0)
    page.send({"kind": "act", "action": next(m for m in page.traits["legal"]
                                               if m.get("goal"))["action"]})
    assert lesson.done
    with page_comms():
        lesson.reset.click()
    assert not lesson.done and lesson.next.disabled
    assert lesson.board.state.snapshot() == lesson.step.state().snapshot()
    with page_comms():
        lesson.back.click()  # (the first step has no step before it)
    assert lesson.step_no == 0


def test_a_prediction_question_answers_at_once():
    lesson = _lesson("domino_metro", "uk")
    _show(lesson, next(i for i, s in enumerate(lesson.lesson.steps) if s.id == "open_double"))
    q = lesson.step.question
    assert q is not None
    _prompt, row, answer = lesson.question.children
    wrong = next(b for i, b in enumerate(row.children) if i != q.answer)
    wrong.click()
    assert "Не зовсім." in answer.value and q.explain("uk") in answer.value
    row.children[q.answer].click()
    assert "Правильно." in answer.value
    assert row.children[q.answer].button_style == "success"


@pytest.mark.parametrize("lang", lessons.LANGUAGES)
def test_the_page_speaks_its_language(lang):
    lesson = _lesson("waiting_list", lang)
    assert lesson.lesson.title(lang) in lesson.head.value
    assert lesson.step.text(lang) in lesson.text.value
    assert lesson.board.t.lang == lang


@pytest.mark.parametrize("lang", lessons.LANGUAGES)
def test_the_index_links_each_lesson_in_the_page_language(lang):
    page = index_html(lang=lang)
    label = i18n.Words(lang)("Lesson")
    for game in kit.GAMES:
        assert f'href="lessons/{game}.ipynb?lang={lang}">{label}</a>' in page


@pytest.mark.parametrize("game", kit.GAMES)
def test_the_lesson_notebook_is_one_clean_cell(game):
    nb = nbformat.read(ROOT / "notebooks" / "lessons" / f"{game}.ipynb", as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert len(code) == 1 and f'widgets.lesson("{game}")' in code[0].source
    assert not code[0].outputs and code[0].execution_count is None
    assert "widgets" not in nb.metadata


def test_tempt_is_for_lesson_boards_only():
    from tests.widget_page import board

    b = board("hanabi")
    with pytest.raises(ConfigError):
        b.tempt({"type": "hint"})



def test_each_section_closes_with_a_three_line_recap(tmp_path):
    for game in kit.GAMES:
        steps = lessons.load(game).steps
        for i, step in enumerate(steps):
            closes = i == len(steps) - 1 or steps[i + 1].section != step.section
            assert bool(step.recap) == closes and len(step.recap or [None] * 3) == 3
    # a section left without its recap is refused, naming the step
    def drop_recap(text: str) -> str:
        head, sep, rest = text.partition('id = "open_double"')
        mine, sep2, tail = rest.partition('id = "metro"')
        return head + sep + re.sub(r"\[\[steps\.recap\]\]\n(?:[a-z]{2} = [^\n]*\n)+", "",
                                   mine) + sep2 + tail

    folder = _copy_with(tmp_path, "domino_metro", drop_recap)
    with pytest.raises(ConfigError) as err:
        lessons.load("domino_metro", folder)
    assert str(folder / "domino_metro.toml") in err.value.option
    assert "step 2 (open_double) closes its section" in err.value.message, err.value
