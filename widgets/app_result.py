"""The playtest app's result panel: places and scores (a cooperative game's: the team's
score), play again, replay, a new setup, and the feedback form under a recorded game (a
table's seat shows the same form); and what a finished recorded game's replay needs."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import urlencode

import ipywidgets as w

import kit
from kit import i18n
from kit.i18n import Words
from widgets.app_form import (
    LINK_STYLE,
    NO_TOOLTIP,
    NOTE_STYLE,
    WHOLE_LABEL,
    classed,
    heading_html,
)
from widgets.base import Board
from widgets.page_head import RatingScale, StatusLine

#: a result column's gap (a long name, "Игрок 2 (бот: по правилам)", meets the score)
PAD = " style='padding:0 1em 0 0;text-align:left'"


def result_panel(board: Board, t: Words, lang: str, *, play_again: Callable[[], Any],
                 replay: Callable[[], Any], new_setup: Callable[[], Any]) -> list[w.Widget]:
    """The result panel's widgets once ``board``'s game is over (none before): the result,
    its buttons, and the feedback form if the game was recorded."""
    if board.result is None:
        return []
    buttons = [classed(w.Button(description=t("Play again"), button_style="success",
                                layout=WHOLE_LABEL), "kit-play-again"),
               classed(w.Button(description=t("Replay the game"), layout=WHOLE_LABEL),
                       "kit-replay-game"),
               w.Button(description=t("Change the setup"), layout=WHOLE_LABEL)]
    for button, then in zip(buttons, (play_again, replay, new_setup), strict=True):
        button.on_click(lambda _b, then=then: then())
    children: list[w.Widget] = [
        classed(w.HTML(result_html(board.result, board.names, t)), "kit-app-result"),
        w.HBox(buttons, layout=w.Layout(flex_flow="row wrap"))]
    if (recording := board.recording) is not None:  # (with the human seat it comes from)
        humans = [p for p, k in enumerate(board.seat_kinds) if k == "human"]
        seat = w.Dropdown(options=[(board.names[p], p) for p in humans] or [("—", 0)],
                          description=t("Seat"), tooltip=NO_TOOLTIP)
        children.append(feedback_form(
            t, lang, board.state.spec.name,
            lambda rating, text, unclear: recording.feedback(
                seat=seat.value, rating=rating, text=text, unclear_rule=unclear),
            before=[seat]))
    return children


def feedback_form(t: Words, lang: str, game: str,
                  save: Callable[[int | None, str, str | None], None], *,
                  before: Sequence[w.Widget] = ()) -> w.Widget:
    """The feedback form under a finished game (a playtest app's, a table seat's):
    ``save(rating, text, unclear_rule)`` stores it; a store that fails is said in the
    page's language and the text is kept, to send again."""
    # (a group named by its question: radio buttons in a fieldset, widgets/page_head.py)
    rating = classed(RatingScale(description=t("Was it fun?")), "kit-rating")
    # (labelled by its question: a placeholder names nothing, and goes once typed into;
    # the label above the box: app_form.css)
    text = classed(w.Textarea(description=t("What was fun, what was confusing?"),
                              tooltip=NO_TOOLTIP, style={"description_width": "initial"},
                              layout=w.Layout(width="min(100%, 36em)")), "kit-feedback-text")
    # the example is one of the game's own rulings, the kind a playtest questions most
    example = next(o.rule for o in kit.spec(game).options.values() if "-R" in o.rule)
    # (as wide as the text above it, its hint whole; on a phone, under its label:
    # app_form.css)
    unclear = classed(w.Text(placeholder=t("in your words, or its number (e.g. {rule})",
                                           rule=example),
                             description=t("Unclear rule"), tooltip=NO_TOOLTIP,
                             style={"description_width": "initial"},
                             layout=w.Layout(width="min(100%, 36em)")), "kit-unclear-rule")
    # what became of a click is said beside the button clicked, not under the page's fold
    sent = classed(StatusLine(), "kit-feedback-said")  # (and spoken: a live region)
    send = classed(w.Button(description=t("Send feedback"), layout=WHOLE_LABEL),
                   "kit-send-feedback")

    def submit(_b: Any) -> None:
        if rating.value is None and not text.value.strip() and not unclear.value.strip():
            # (a click before anything was said would store nothing and lock the form)
            sent.value = t("Pick a rating or write a few words first.")
            return
        try:
            save(rating.value, text.value, unclear.value or None)
        except Exception as exc:  # (a store gone: say so, keep the text to send again)
            sent.value = t("Not saved: {why}", why=html.escape(i18n.explain(exc, lang)))
            return
        sent.value = t("Thank you!")
        send.disabled = True

    send.on_click(submit)
    return classed(w.VBox([w.HTML(heading_html(t("Feedback"))), *before, rating, text,
                           unclear, w.HBox([send, sent], layout=w.Layout(
                               flex_flow="row wrap", align_items="center"))]), "kit-feedback")


def recorded_replay(recorder: Any, game_id: int, t: Words) -> tuple[Any, list[str | None], int]:
    """A finished recorded game to step through (``recorder``: a
    :class:`kit.record.Recorder`): its state, each seat's name from its recorded label
    (``human:Ann``: a person's own name, none for a default "Seat N"; ``bot:rule``: as a
    board names a bot's seat) and the first person's seat, whose eyes the replay opens
    with."""
    from kit.record import load_games, who_sat

    state = recorder.replay(game_id)
    labels = list(load_games(recorder, game_ids=[game_id], events=False,
                             include_incomplete=True)["seats"].iloc[0])
    names: list[str | None] = []
    for p, label in enumerate(labels):
        kind, name = who_sat(label)
        if kind == "bot":
            names.append(t("Seat {n} ({bot} bot)", n=p + 1, bot=t.ctx("bot", str(name))))
        else:
            names.append(name if kind == "human" and name != f"Seat {p + 1}" else None)
    people = [p for p, label in enumerate(labels) if str(label).startswith("human")]
    return state, names, (people or [0])[0]


def recorded_game_of(recorder: Any, game_id: int) -> str | None:
    """Which game recorded game ``game_id`` is (``"domino_metro"``), None if there is no
    such game: a continue link opened in another game's app is refused naming it."""
    from kit.record import load_games

    games = load_games(recorder, game_ids=[game_id], events=False, include_incomplete=True)
    return None if games.empty else str(games["game"].iloc[0])


def other_app_link(t: Words, lang: str, game: str, game_id: int, key: str | None) -> w.HTML:
    """A link that opens a continue link in the app of its own ``game``."""
    url = f"{game}_app.ipynb?" + urlencode({"resume": game_id, "key": key or "", "lang": lang})
    return classed(w.HTML(f"<a class='kit-other-app-link' style='{LINK_STYLE}' href='"
                          f"{html.escape(url)}'>" + html.escape(t(
                              "Go on with it in the app of {game}",
                              game=t.ctx("game", game, default=game))) + "</a>"),
                   "kit-other-app")


def resume_note(t: Words, url: str) -> str:
    """The line under a recorded game's board that gives its continue link ``url``."""
    link = (f"<a class='kit-resume-link' style='{LINK_STYLE}' href='{html.escape(url)}'>"
            + t("this link") + "</a>")
    return (f"<p style='{NOTE_STYLE}'>" + t(
        "To go on with this game later (a page closed or reloaded), keep {link}: only it "
        "opens the game.", link=link) + "</p>")


def replay_button(t: Words, replay: Callable[[], Any]) -> w.Button:
    """«Replay the game»: a finished recorded game's link offers its replay."""
    button = classed(w.Button(description=t("Replay the game"), layout=WHOLE_LABEL,
                              button_style="primary"), "kit-replay-recorded")
    button.on_click(lambda _b: replay())
    return button


def result_html(result: dict, names: list[str], t: Words | None = None) -> str:
    """The result panel: places and scores per seat, best first; a cooperative game's
    (a result with ``max_score``: Hanabi, whose team shares one score, HB-11) is the
    team's score and who played in it, with no places."""
    t = t or Words()
    head = "<div class='kit-result-panel' style='font-size:1.2em'><h3>" + t("Result") + "</h3>"
    if result.get("max_score"):
        return head + team_html(result, names, t) + "</div>"
    rows = []
    places = result.get("places") or [None] * len(names)
    scores = result.get("scores") or [None] * len(names)
    # (penalty points, fewest best, as the games count them: «Лист ожидания»'s WL-R4,
    # «Домино-Метро»'s match penalty DM-10, not its score of -1)
    penalties = result.get("penalty") or (scores if result.get("lowest_wins") else None)
    if penalties is not None:
        scores = penalties
    order = sorted(range(len(names)), key=lambda p: (places[p] is None, places[p] or 0, p))
    # (a game without scores, such as Pug Party's places, has no column of dashes)
    scored = any(s is not None for s in scores)
    for p in order:
        score = scores[p] if scores[p] is not None else "—"
        rows.append(f"<tr class='kit-place-{places[p]}'><td{PAD}>{places[p] or '—'}</td>"
                    f"<td{PAD}>{html.escape(names[p])}</td>"
                    + (f"<td>{score}</td>" if scored else "") + "</tr>")
    return (head + "<table class='kit-result' style='border-collapse:collapse'>"
            f"<thead><tr><th{PAD}>" + t("Place") + f"</th><th{PAD}>" + t("Seat") + "</th>"
            + ("<th>" + (t("Penalty points") if penalties is not None else t("Score"))
               + "</th>" if scored else "") + "</tr></thead><tbody>"
            + "".join(rows) + "</tbody></table></div>")


def team_html(result: dict, names: list[str], t: Words) -> str:
    """A cooperative game's result: the team's score out of the most it could make
    (HB-9, HB-11; with three mistakes, HB-8 and HB-R2, the score the rules give) and the
    team, a row per seat in seat order."""
    lost = (" — " + t("three mistakes") + " <small>(HB-8)</small>") if result.get("lost") else ""
    rows = "".join(f"<tr class='kit-team-seat'><td{PAD}>{html.escape(name)}</td></tr>"
                   for name in names)
    return ("<p class='kit-team-score'>" + t("Score {score} of {max}",
                                             score=f"<b>{result['score']}</b>",
                                             max=result["max_score"]) + lost + "</p>"
            "<table class='kit-result kit-team' style='border-collapse:collapse'>"
            f"<thead><tr><th{PAD}>" + t("Team") + "</th></tr></thead><tbody>" + rows
            + "</tbody></table>")
