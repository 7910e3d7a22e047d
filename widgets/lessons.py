"""A guided lesson on a live board (issue 40; DESIGN.md, "Notebooks and Voilà"): the
steps of ``data/lessons/<game>.toml`` (:mod:`kit.lessons`), one at a time.

Each step shows its text, a prediction question when it has one (choice buttons, the
answer at once), its goal, and a board in lesson mode on the step's prepared situation:
the goal moves highlighted, the step's tempting forbidden move offered (a click gets
the engine's refusal on the board, the rule id in brackets). The board waits for the
goal move, then confirms and explains; a recap of three lines closes each section. Undo
is the board's own; "start the step again" sets the situation up afresh.

>>> lesson = Lesson("hanabi", lang="en", pause=0)
>>> lesson.step_no, lesson.done
(0, False)
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from kit import lessons
from kit.errors import IllegalAction
from kit.i18n import Words
from widgets import board as make_board
from widgets.app_form import classed, language_links, page_language, page_style, query_params
from widgets.page_head import StatusLine, page_head


def _e(text: str) -> str:
    """Text for an element's content (quotes stay as they are)."""
    return html.escape(text, quote=False)


class Lesson(w.VBox):
    """The guided lesson of ``game`` in ``lang`` (None: ``?lang=`` of the page, the
    browser's, else the kit-wide one). ``pause``: seconds before each bot's move (None:
    ``?pause=`` of the page, 0–5, else 0.8)."""

    def __init__(self, game: str, *, lang: str | None = None, pause: float | None = None,
                 query: str | None = None) -> None:
        params = query_params(query)
        self.lang = page_language(params, lang)
        if pause is None:
            try:
                pause = min(max(float(params.get("pause", "0.8")), 0.0), 5.0)
            except ValueError:  # (a link's bad pause: the default, as the board's own)
                pause = 0.8
        self.t = Words(self.lang)
        self.lesson = lessons.load(game)
        self.game = game
        self.pause = pause
        #: the step shown (from 0) and whether its goal move was made
        self.step_no = 0
        self.done = False
        self.board: Any = None
        title = self.lesson.title(self.lang)
        # in JupyterLab a language link would take Lab's tab away from the notebook: there
        # the lesson's call names its language instead
        hint = self.t("In a notebook, choose the lesson's language in its code: {call}",
                      call=f'widgets.lesson("{game}", lang="en")')
        self.head = w.HTML(
            page_style("lesson") + f"<div lang='{self.lang}'>"
            + language_links(self.lang, params, lab_hint=hint)
            + f"<h1 style='font-size:1.5em;margin:0.2em 0'>{_e(title)}</h1>"
            f"<p class='kit-lesson-text'>{_e(self.lesson.intro(self.lang))}</p></div>")
        #: the page's language and its tab's title (on a Voilà page)
        self.page_head = page_head(self.lang, title)
        self.step_head, self.text, self.goal, self.recap, self.finished = (
            w.HTML() for _ in range(5))
        self.question = w.VBox()
        self.board_box = w.Box(layout=w.Layout(width="100%"))
        #: what the learner's move did, spoken by a screen reader (a live region)
        self.feedback = classed(StatusLine(), "kit-lesson-feedback")
        wide = w.Layout(width="auto")
        self.back = classed(w.Button(description=self.t("◀ Previous step"), layout=wide),
                            "kit-lesson-back")
        self.reset = classed(w.Button(description=self.t("Start the step again"), icon="refresh",
                                      layout=wide), "kit-lesson-reset")
        self.next = classed(w.Button(description=self.t("Next step ▶"), button_style="primary",
                                     layout=wide), "kit-lesson-next")
        self.back.on_click(lambda _: self.show(self.step_no - 1))
        self.reset.on_click(lambda _: self.show(self.step_no))
        self.next.on_click(lambda _: self.show(self.step_no + 1))
        super().__init__([self.page_head, self.head, self.step_head, self.text, self.question,
                          self.goal,
                          self.board_box, self.feedback, self.recap,
                          # (wrapping: in a phone's width the three shrank to "Следующи…")
                          w.HBox([self.back, self.reset, self.next],
                                 layout=w.Layout(flex_flow="row wrap")), self.finished])
        self.add_class("kit-lesson")
        self.show(0)

    @property
    def step(self) -> lessons.Step:
        return self.lesson.steps[self.step_no]

    # -- a step -------------------------------------------------------------------------

    def show(self, n: int) -> None:
        """Set up step ``n`` afresh (its situation, question and goal)."""
        n = max(0, min(n, len(self.lesson.steps) - 1))
        self.step_no, self.done = n, False
        step, t, lang = self.step, self.t, self.lang
        total = len(self.lesson.steps)
        head = t("Step {n} of {total}", n=n + 1, total=total)
        self.step_head.value = (f"<h2 lang='{lang}' style='font-size:1.2em;margin:0.4em 0 "
                                f"0.1em 0'>{_e(head)} · {_e(step.section(lang))}</h2>")
        self.text.value = f"<p class='kit-lesson-text' lang='{lang}'>{_e(step.text(lang))}</p>"
        rules = t("Rules: {ids}", ids=", ".join(step.rules))
        self.goal.value = (f"<div class='kit-lesson-goal' lang='{lang}'><b>" + _e(t("Goal:"))
                           + "</b> "
                           f"{_e(step.goal_text(lang))} <span class='kit-lesson-small'>"
                           f"{_e(rules)}</span></div>")
        self.question.children = self._question(step)
        self.feedback.value = self.recap.value = self.finished.value = ""
        self.back.disabled = n == 0
        self.next.disabled = True
        self._new_board()

    def _new_board(self) -> None:
        if self.board is not None:
            self.board.close()
        step = self.step
        state = step.state()
        seats = ["bot:rule"] * state.players
        seats[step.seat] = "human"
        board: Any = make_board(self.game, state, mode="lesson", seats=seats, seat=step.seat,
                                lang=self.lang, pause=self.pause, restart=False)
        board.table.on_move(self._moved)
        board.table.on_change(self._rewound)
        board.on_refusal(self._refused)
        #: the moves at the table once a move that was not the goal was made (None: none)
        self._wrong_at: int | None = None
        board.tempt(step.goal, [step.tempt] if step.tempt else [])
        self.board = board
        board.layout.width = "100%"  # (a board takes no width from what it shows)
        self.board_box.children = (board,)

    def _question(self, step: lessons.Step) -> tuple:
        q = step.question
        if q is None:
            return ()
        lang, t = self.lang, self.t
        answer = classed(w.HTML(), "kit-lesson-answer")
        buttons = []
        for i, choice in enumerate(q.choices):
            b = classed(w.Button(description=choice(lang), layout=w.Layout(width="auto")),
                        "kit-lesson-choice", f"kit-choice-{i}")
            buttons.append(b)

            def chosen(_b: Any, i: int = i) -> None:
                right = i == q.answer
                for j, other in enumerate(buttons):
                    other.button_style = ("success" if j == q.answer else
                                          "danger" if j == i else "")
                verdict = t("Right.") if right else t("Not quite.")
                answer.value = (f"<p class='kit-lesson-text'><b>{_e(verdict)}</b> "
                                f"{_e(q.explain(lang))}</p>")
            b.on_click(chosen)
        prompt = w.HTML("<p class='kit-lesson-text'><b>" + _e(t("First, predict:")) + "</b> "
                        f"{_e(q.prompt(lang))}</p>")
        return (prompt, w.HBox(buttons, layout=w.Layout(flex_flow="row wrap")), answer)

    # -- what the learner does ----------------------------------------------------------

    def _moved(self, move: Any) -> None:
        """A move at the table: the learner's goal move ends the step."""
        step = self.step
        if self.done or move.seat != step.seat:
            return
        t, lang = self.t, self.lang
        if not lessons.matches(move.action, step.goal):
            self._wrong_at = len(self.board.state.history)
            self.feedback.value = "<p>" + _e(t(
                "That move is allowed, but it is not this step's goal: take it back (↶) or "
                "start the step again.")) + "</p>"
            return
        self.done = True
        self.board.tempt(None)
        self.feedback.value = ("<p>✓ <b>" + _e(t("Well done!")) + "</b> "
                               f"{_e(step.done(lang))}</p>")
        if step.recap:
            lines = "".join(f"<li>{_e(line(lang))}</li>" for line in step.recap)
            self.recap.value = ("<div class='kit-lesson-recap'><b>" + _e(t("Recap"))
                                + f"</b><ol>{lines}</ol></div>")
        last = self.step_no == len(self.lesson.steps) - 1
        self.next.disabled = last
        if not last:  # (the way on, under a keyboard's finger: not after the board's buttons)
            self.next.focus()
        if last:
            self.finished.value = (
                "<p class='kit-lesson-finished'><b>"
                + _e(t("Lesson complete! Now play a whole game:")) + "</b> "
                f"<a href='../{self.game}_app.ipynb?lang={self.lang}'>"
                + _e(t("Play")) + "</a></p>")

    def _rewound(self) -> None:
        """The move that was not the goal taken back: what was said of it goes too."""
        if self._wrong_at is not None and len(self.board.state.history) < self._wrong_at:
            self._wrong_at = None
            self.feedback.value = ""

    def _refused(self, exc: IllegalAction, _message: Any) -> None:
        """A forbidden move tried: the engine's reason, here by the lesson's text (the
        board shows it too, at its top, out of sight on a small screen)."""
        if not self.done:
            self.feedback.value = "<p>" + _e(self.t(
                "The rules forbid that move: {why} Try another one.",
                why=self.board.explain(exc))) + "</p>"

    def close(self) -> None:
        if self.board is not None:
            self.board.close()
        super().close()

