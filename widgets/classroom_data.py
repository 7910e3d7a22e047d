"""The classroom pack's words (issue 40): ``data/waiting_list/classroom.toml`` read and
checked — its shape by pydantic, and by hand that every text is there in ru, uk and en
with the same ``{placeholders}``, that the plan adds up to the lesson, and that every fact
it cites is a fact card of the deck (WL-R2). The pages are in :mod:`widgets.classroom`."""

from __future__ import annotations

from string import Formatter
from typing import Annotated, Any

from pydantic import Field, NonNegativeInt, PositiveInt

import kit
from kit import scenarios
from kit.datafile import load_toml
from kit.datamodel import DataModel, validated
from kit.errors import NC_, ConfigError
from kit.i18n import LANGUAGES
from kit.waiting_list import DECK_FILE, load_deck

FILE = "waiting_list/classroom.toml"
#: the lesson's length: the plan's minutes add up to it
LESSON_MINUTES = 45
#: the page words the code uses (``[words]`` of the file must give each, in every language)
WORDS = ("title", "intro", "back", "plan", "minutes", "board", "board_note", "situation",
         "reset", "goal", "play", "play_note", "hotseat", "bots", "tutorial", "cards_link",
         "questions", "mechanic", "sensitivity", "source", "year", "cards_title",
         "cards_intro", "cards_check", "print", "back_teacher", "fact", "undated", "about")

#: a text in the page: not blank
Line = Annotated[str, Field(pattern=r"\S")]


class Texts(DataModel):
    """A text in every language of the kit (``texts[lang]``)."""

    ru: Line
    uk: Line
    en: Line

    def __getitem__(self, lang: str) -> str:
        return str(getattr(self, lang))


class PlanPart(DataModel):
    """One part of the 45-minute plan."""

    minutes: PositiveInt
    title: Texts
    steps: list[Texts]


class Situation(DataModel):
    """A prepared situation for the projector board: a scenario after ``upto`` actions."""

    scenario: str
    upto: NonNegativeInt
    title: Texts
    goal: Texts

    def state(self) -> Any:
        """A fresh game state at the situation."""
        return kit.load_scenario(self.scenario).state(self.upto)


class Question(DataModel):
    """A debrief question: the mechanic it starts from, the question, the facts it rests on."""

    mechanic: Texts
    text: Texts
    facts: list[str] = Field(default_factory=list)


class Care(DataModel):
    """A paragraph of the sensitivity note (and the fact cards it rests on)."""

    text: Texts
    facts: list[str] = Field(default_factory=list)


class Classroom(DataModel):
    """The pack's texts: the shape of ``data/waiting_list/classroom.toml``."""

    words: dict[str, Texts]
    plan: list[PlanPart] = Field(min_length=1)
    situations: list[Situation] = Field(alias="situation", min_length=1)
    questions: list[Question] = Field(alias="question", min_length=1)
    care: list[Care] = Field(min_length=1)

    def word(self, key: str, lang: str, **values: Any) -> str:
        """A page word in ``lang``, its ``{placeholders}`` filled."""
        text = self.words[key][lang]
        return text.format(**values) if values else text


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(text) if name}


def _same_fields(texts: Texts, where: str) -> None:
    """The same ``{placeholders}`` in every language."""
    fields = {lang: _fields(texts[lang]) for lang in LANGUAGES}
    for lang in LANGUAGES:
        if fields[lang] != fields[LANGUAGES[0]]:
            raise ConfigError(f"{where}.{lang}", f"placeholders {sorted(fields[lang])} differ "
                                                 f"from {LANGUAGES[0]}'s "
                                                 f"{sorted(fields[LANGUAGES[0]])}",
                              code=NC_("error", "placeholders_differ"))


def _facts(ids: list[str], where: str, facts: set[str]) -> None:
    for i in ids:
        if i not in facts:
            raise ConfigError(f"{where}.facts", f"{i!r} is not a fact card of the deck",
                              code=NC_("error", "not_a_card"), value=i, deck=DECK_FILE)


def load_classroom(path: str = FILE, deck: str = DECK_FILE) -> Classroom:
    """The pack's texts at ``path`` (relative to ``data/``), checked against ``deck``'s fact
    cards and the scenarios; any gap is a :class:`kit.ConfigError` naming the entry (the
    shape by :class:`Classroom`, the rest here)."""
    where = str(path)
    data = validated(Classroom, load_toml(path), where, ": ")
    facts = {cid for cid, c in load_deck(deck).cards.items() if c.type == "fact"}
    for key in WORDS:
        if key not in data.words:
            raise ConfigError(f"{where}: words.{key}", "is missing",
                              code=NC_("error", "entry_missing"))
        _same_fields(data.words[key], f"{where}: words.{key}")
    for i, part in enumerate(data.plan):
        at = f"{where}: plan[{i}]"
        _same_fields(part.title, f"{at}.title")
        for j, step in enumerate(part.steps):
            _same_fields(step, f"{at}.steps[{j}]")
    total = sum(p.minutes for p in data.plan)
    if total != LESSON_MINUTES:
        raise ConfigError(f"{where}: plan", f"the parts add up to {total} minutes, not "
                                            f"{LESSON_MINUTES}",
                          code=NC_("error", "plan_minutes"), total=total,
                          minutes=LESSON_MINUTES)
    known = set(scenarios.names())
    for i, row in enumerate(data.situations):
        at = f"{where}: situation[{i}]"
        name = row.scenario
        if name not in known:
            raise ConfigError(f"{at}.scenario", f"no prepared situation {name!r} in "
                                                f"data/scenarios/",
                              code=NC_("error", "scenario_unknown"), value=name)
        sc = kit.load_scenario(name)
        if sc.game != "waiting_list":
            raise ConfigError(f"{at}.scenario", f"{name!r} is a {sc.game} situation",
                              code=NC_("error", "scenario_unknown"), value=name)
        if row.upto > len(sc.actions):
            raise ConfigError(f"{at}.upto", f"must be 0–{len(sc.actions)}, not {row.upto}",
                              code=NC_("error", "must_be_int_range"), low=0,
                              high=len(sc.actions), value=row.upto)
        _same_fields(row.title, f"{at}.title")
        _same_fields(row.goal, f"{at}.goal")
    for i, q in enumerate(data.questions):
        at = f"{where}: question[{i}]"
        _same_fields(q.mechanic, f"{at}.mechanic")
        _same_fields(q.text, f"{at}.text")
        _facts(q.facts, at, facts)
    for i, c in enumerate(data.care):
        _same_fields(c.text, f"{where}: care[{i}].text")
        _facts(c.facts, f"{where}: care[{i}]", facts)
    return data
