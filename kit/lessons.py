"""Guided lessons (issue 40): ``data/lessons/<game>.toml``, one per game, validated by
pydantic (:mod:`kit.datamodel`; errors name the file and the entry).

A lesson is what a player needs for the first turn, then one idea per step. Each step
sets up a prepared situation (a scenario of ``data/scenarios/`` and/or a scripted game:
``players``, ``seed``, ``options`` with ``deal=``, then ``actions``), says one thing in at
most :data:`MAX_STEP_WORDS` words, names a goal move (``goal``: the keys an action's JSON
must have) and may offer a tempting move the rules forbid (``tempt``, refused by the
engine under ``tempt_rule``), a prediction question before the move, and a recap of
three lines when it ends a section. Every text is given in Russian, Ukrainian and
English (:data:`LANGUAGES`): a lesson missing one is refused.

>>> lesson = load("hanabi")
>>> lesson.steps[0].goal["type"]
'hint'
>>> state = lesson.steps[0].state()
>>> state.to_act == lesson.steps[0].seat
True
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Any

from pydantic import Field, model_validator

import kit
from kit import scenarios
from kit.contract import GameState
from kit.datafile import load_toml
from kit.datamodel import DataModel, validated
from kit.errors import NC_, ConfigError, IllegalAction
from kit.paths import DATA_DIR

FOLDER = DATA_DIR / "lessons"
LANGUAGES = ("ru", "uk", "en")
#: a step's text, at most (issue 40: one idea per step)
MAX_STEP_WORDS = 80
#: the words a lesson may say before its first move (issue 40)
MAX_WORDS_BEFORE_MOVE = 150
#: minutes a lesson may take, and the estimate per step (reading, a move, the answer)
MAX_MINUTES = 20
MINUTES_PER_STEP = 2.5
MINUTES_PER_QUESTION = 1.0


class Text(DataModel):
    """One text in every language of the kit."""

    ru: Annotated[str, Field(min_length=1)]
    uk: Annotated[str, Field(min_length=1)]
    en: Annotated[str, Field(min_length=1)]

    def __call__(self, lang: str) -> str:
        return str(getattr(self, lang if lang in LANGUAGES else "ru"))


class Question(DataModel):
    """A prediction asked before the step's move: choice buttons, instant feedback."""

    prompt: Text
    choices: Annotated[list[Text], Field(min_length=2, max_length=4)]
    answer: Annotated[int, Field(ge=0, le=3)]
    #: said after any answer (why the right one is right)
    explain: Text

    @model_validator(mode="after")
    def _answer_is_a_choice(self) -> Question:
        if self.answer >= len(self.choices):
            raise ValueError(f"answer {self.answer} is not one of the "
                             f"{len(self.choices)} choices (counted from 0)")
        return self


class Step(DataModel):
    """One idea: a prepared board, a text, a goal move (see the module's docstring)."""

    id: Annotated[str, Field(pattern=r"^[a-z0-9_]+$")]
    #: the section it belongs to (a recap closes each section)
    section: Text
    rules: Annotated[list[str], Field(min_length=1)]
    text: Text
    goal_text: Text
    #: the keys the goal move's JSON must have (e.g. {type = "take"})
    goal: dict[str, Any]
    #: said once the goal move is made
    done: Text
    #: a move the rules forbid, offered anyway; the engine refuses it under ``tempt_rule``
    tempt: dict[str, Any] | None = None
    tempt_rule: str | None = None
    question: Question | None = None
    #: three lines closing the section this step ends
    recap: Annotated[list[Text], Field(min_length=3, max_length=3)] | None = None
    # -- the situation: a scenario, and/or a game; then ``actions`` -----------------------
    scenario: str | None = None
    #: how many of the scenario's actions to replay (all by default)
    upto: int | None = None
    players: int | None = None
    seed: int = 0
    options: dict[str, Any] = Field(default_factory=dict)
    actions: list[dict[str, Any]] = Field(default_factory=list)
    #: the learner's seat (the board's human seat); the others are the rule bots
    seat: Annotated[int, Field(ge=0, le=5)]
    #: the game (filled by :class:`Lesson`)
    game: str = ""

    @model_validator(mode="after")
    def _checks(self) -> Step:
        if (self.tempt is None) != (self.tempt_rule is None):
            raise ValueError("tempt and tempt_rule go together")
        if self.scenario is None and self.players is None:
            raise ValueError("a step needs a scenario or players")
        for lang in LANGUAGES:
            n = count_words(self.text(lang))
            if n > MAX_STEP_WORDS:
                raise ValueError(f"text.{lang} has {n} words; a step says at most "
                                 f"{MAX_STEP_WORDS}")
        return self

    def state(self) -> GameState:
        """A fresh state of the step's situation, the learner to act."""
        if self.scenario is not None:
            state = scenarios.load(self.scenario).state(self.upto)
            game, players, seed = state.spec.name, state.players, state.seed
            options, history = dict(state.options), list(state.history)
        else:
            assert self.players is not None  # (a step without a scenario has players)
            game, players, seed, options, history = (
                self.game, self.players, self.seed, dict(self.options), [])
        return kit.replay(game, players, seed, history + list(self.actions), **options)

    def words_before_move(self, lang: str) -> int:
        """Words the learner reads on this step before moving: text, question, goal."""
        parts = [self.section(lang), self.text(lang), self.goal_text(lang)]
        if self.question is not None:
            parts += [self.question.prompt(lang), *(c(lang) for c in self.question.choices)]
        return sum(count_words(p) for p in parts)


class Lesson(DataModel):
    """A game's guided lesson: a title, an introduction, its steps."""

    game: str
    title: Text
    intro: Text
    steps: Annotated[list[Step], Field(min_length=1)]

    @model_validator(mode="before")
    @classmethod
    def _game_to_steps(cls, data: Any) -> Any:
        if isinstance(data, dict) and isinstance(data.get("steps"), list):
            data = {**data, "steps": [{**s, "game": data.get("game", "")}
                                      if isinstance(s, dict) else s for s in data["steps"]]}
        return data

    @model_validator(mode="after")
    def _checks(self) -> Lesson:
        if self.game not in kit.GAMES:
            raise ValueError(f"unknown game {self.game!r}; the kit has {kit.GAMES}")
        for i, step in enumerate(self.steps):
            last = i == len(self.steps) - 1 or self.steps[i + 1].section != step.section
            if last and not step.recap:
                raise ValueError(f"step {i} ({step.id}) closes its section: it needs a recap")
            if step.recap and not last:
                raise ValueError(f"step {i} ({step.id}) has a recap but its section goes on")
        for lang in LANGUAGES:
            if (n := self.words_before_first_move(lang)) > MAX_WORDS_BEFORE_MOVE:
                raise ValueError(f"{n} words in {lang} before the first move; at most "
                                 f"{MAX_WORDS_BEFORE_MOVE}")
        if self.minutes() > MAX_MINUTES:
            raise ValueError(f"about {self.minutes()} minutes; a lesson fits {MAX_MINUTES}")
        return self

    def words_before_first_move(self, lang: str) -> int:
        """The words of the title, introduction and first step before its move."""
        return (count_words(self.title(lang)) + count_words(self.intro(lang))
                + self.steps[0].words_before_move(lang))

    def minutes(self) -> float:
        """The estimated length: :data:`MINUTES_PER_STEP` a step, and a minute a question."""
        return sum(MINUTES_PER_STEP + (MINUTES_PER_QUESTION if s.question else 0)
                   for s in self.steps)


def count_words(text: str) -> int:
    """Words as a reader counts them (numbers included, dashes and ids of rules not)."""
    return len(re.findall(r"[^\W_]+(?:[-'’][^\W_]+)*", text))


def names(folder: Path = FOLDER) -> list[str]:
    """The games with a lesson in ``folder``."""
    return sorted(p.stem for p in Path(folder).glob("*.toml"))


def load(game: str, folder: Path = FOLDER) -> Lesson:
    """The lesson ``data/lessons/<game>.toml``, validated: errors name the file and the
    entry (``steps[2].text.uk: missing``), and a step whose situation no longer loads
    names the step."""
    path = Path(folder) / f"{game}.toml"
    lesson = validated(Lesson, load_toml(path), str(path))
    for i, step in enumerate(lesson.steps):
        try:
            state = step.state()
        except (ConfigError, IllegalAction) as exc:
            raise ConfigError(f"{path}.steps[{i}]", f"the situation does not load: {exc}",
                              code=NC_("error", "deal_impossible")) from None
        if state.to_act != step.seat:
            raise ConfigError(f"{path}.steps[{i}].seat",
                              f"seat {step.seat} is not to act (seat {state.to_act} is)",
                              code=NC_("error", "situation_seat"), seat=step.seat,
                              to_act=state.to_act)
    return lesson


def matches(action: dict, wanted: dict) -> bool:
    """Whether an action's JSON has every key of ``wanted`` (a step's goal)."""
    return all(action.get(k) == v for k, v in wanted.items())
