"""The playtest app of one game (served by Voilà): setup form, board, result panel,
play again, feedback. ``notebooks/<game>_app.ipynb`` is ``PlaytestApp("<game>")``.

A link can preset the form through Voilà's query string (``QUERY_STRING`` in the
kernel): ``?players=3&seats=human,bot:rule,bot:rule&seed=7&pause=0.5&mode=teacher``
and ``start=1`` to open straight on the board; ``record=0`` records nothing;
``resume=<game id>`` goes on with a recorded game that did not finish (a page reloaded).
"""

from __future__ import annotations

import asyncio
import html
import os
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as w

import kit
from kit import i18n
from kit.errors import ConfigError
from kit.i18n import N_, NC_, Words
from widgets.base import Board

#: options a form does not offer (scripted deals and such are for tutorials and tests)
HIDDEN_OPTIONS = {"deal"}
#: options whose value is a seat (0-based in the engine): the form offers "Seat 1"...
#: as the board numbers them
SEAT_OPTIONS = {"first_dealer", "first_player"}
SEAT_CHOICES = ["human", "bot:rule", "bot:random"]
MODE_CHOICES = [(N_("play (one person against bots, or several on this screen)"), "auto"),
                (N_("teacher: every hand open, for a projector"), "teacher")]
#: the unfinished recorded games the form offers to go on with, at most
UNFINISHED_SHOWN = 5
#: a small note's style, and a link's (the form is ipywidgets, outside the boards'
#: stylesheets, and the page's own leaves a link in a widget looking like plain text)
NOTE_STYLE = "font-size:0.9em;color:#444"
LINK_STYLE = "color:#0b57d0;text-decoration:underline"


def board_class(game: str) -> type[Board]:
    """The board class of ``game``."""
    from widgets import BOARDS

    if game not in BOARDS:
        raise ConfigError("game", f"no board for {game!r}; boards: {sorted(BOARDS)}")
    return BOARDS[game]()


def query_params(query: str | None = None) -> dict[str, str]:
    """The page's query string as a flat dict (Voilà passes it as ``QUERY_STRING``)."""
    raw = os.environ.get("QUERY_STRING", "") if query is None else query
    return {k: v[-1] for k, v in parse_qs(raw).items()}


def page_language(params: dict[str, str], lang: str | None = None) -> str:
    """The page's language: ``lang``, else ``?lang=``, else the browser's (Voilà passes
    its ``Accept-Language`` as ``HTTP_ACCEPT_LANGUAGE`` when scripts/serve asks it to),
    else the kit-wide one (Russian by default)."""
    if lang is not None:
        return i18n.check(lang)
    if params.get("lang") in i18n.LANGUAGES:
        return params["lang"]
    accept = os.environ.get("HTTP_ACCEPT_LANGUAGE")
    return i18n.best_match(accept) if accept else i18n.language()


def language_links(lang: str, params: dict[str, str] | None = None) -> str:
    """Links to this page in each language (the other parameters kept)."""
    from urllib.parse import urlencode

    links = []
    for code in i18n.LANGUAGES:
        if code == lang:
            links.append(f"<b>{i18n.NAMES[code]}</b>")
        else:
            query = urlencode({**(params or {}), "lang": code})
            links.append(f"<a class='kit-lang-{code}' style='{LINK_STYLE}' hreflang='{code}' "
                         f"href='?{html.escape(query)}'>{i18n.NAMES[code]}</a>")
    return "<nav class='kit-languages' style='margin:0.3em 0'>" + " · ".join(links) + "</nav>"


def option_words(t: Words, game: str, name: str, opt: Any) -> tuple[str, str]:
    """An option's label and one-line explanation in ``t``'s language, from the catalog
    (widgets/labels.py); an option it does not know yet shows its name and its
    declaration's own text."""
    label = t.ctx("option", name, default=name.replace("_", " "))
    return label, t.ctx("option-help", f"{game}.{name}", default=opt.doc)


def _option_widget(name: str, opt: Any, preset: str | None, t: Words | None = None,
                   game: str = "", seats: int = 1) -> w.Widget | None:
    if name in HIDDEN_OPTIONS:
        return None
    t = t or Words()
    # a person reads the option's label; links and the query string keep its name
    label, doc = option_words(t, game, name, opt)
    style = {"description_width": "initial"}
    layout = w.Layout(width="min(96%, 36em)")
    if opt.choices:
        value = preset if preset in [str(c) for c in opt.choices] else opt.default
        value = next((c for c in opt.choices if str(c) == str(value)), opt.default)
        choices = [(t.ctx("choice", f"{name}.{c}", default=str(c)), c) for c in opt.choices]
        return w.Dropdown(options=choices, value=value, description=label,
                          tooltip=doc, style=style, layout=layout)
    if isinstance(opt.default, bool):
        value = opt.default if preset is None else preset.lower() in ("1", "true", "yes")
        return w.Checkbox(value=value, description=label, tooltip=doc, indent=False,
                          style=style, layout=layout)
    if name in SEAT_OPTIONS and isinstance(opt.default, int):
        value = int(preset) if preset and preset.isdigit() else opt.default
        seats = max(seats, value + 1)
        return w.Dropdown(options=[(t("Seat {n}", n=p + 1), p) for p in range(seats)],
                          value=value, description=label, tooltip=doc, style=style,
                          layout=layout)
    if isinstance(opt.default, int):
        value = int(preset) if preset and preset.lstrip("-").isdigit() else opt.default
        return w.IntText(value=value, description=label, tooltip=doc, style=style,
                         layout=w.Layout(width="min(96%, 24em)"))
    if isinstance(opt.default, str):
        return w.Text(value=preset or opt.default, description=label, tooltip=doc,
                      style=style, layout=w.Layout(width="min(96%, 32em)"))
    return None


class PlaytestApp(w.VBox):
    """Setup form -> board -> result panel with "play again" and a feedback form."""

    def __init__(self, game: str, *, query: str | None = None, record: bool = True,
                 pause: float = 0.8, lang: str | None = None) -> None:
        super().__init__(layout=w.Layout(width="100%"))
        self.add_class("kit-app")
        self.game = game
        self.spec = kit.spec(game)
        params = query_params(query)
        self.params = params
        #: the page's language (``?lang=``, the browser's, or the kit-wide one)
        self.lang = page_language(params, lang)
        self.t = t = Words(self.lang)
        self.record = record and params.get("record", "1") != "0"
        self.recorder: Any = None
        self.board: Board | None = None
        self._settings: dict | None = None

        players = params.get("players", "")
        self.players = w.Dropdown(
            options=list(range(self.spec.min_players, self.spec.max_players + 1)),
            value=int(players) if players.isdigit() and self.spec.min_players <= int(
                players) <= self.spec.max_players else self.spec.min_players + (
                1 if self.spec.max_players > self.spec.min_players else 0),
            description=t("Players"), style={"description_width": "initial"},
            layout=w.Layout(width="min(100%, 12em)"))
        self.seat_box = w.VBox()
        self.seat_pickers: list[w.Dropdown] = []
        #: per seat: the player's name, optional (the consent note says it is recorded)
        self.name_fields: list[w.Text] = []
        self.players.observe(lambda _c: self._make_seats(), names="value")
        self._preset_seats = params.get("seats", "").split(",") if params.get("seats") else None
        self._make_seats()
        self.options = {}
        for name, opt in self.spec.options.items():
            widget = _option_widget(name, opt, params.get(name), t, game,
                                    seats=self.spec.max_players)
            if widget is not None:
                self.options[name] = widget
        self._seat_options()
        #: each option's control with its one-line explanation under it
        self.option_rows = [w.VBox([widget, w.HTML(
            f"<div class='kit-option-help' style='{NOTE_STYLE};margin:0 0 0.4em 0'>"
            f"{html.escape(option_words(t, game, name, self.spec.options[name])[1])}"
            f" <span style='color:#888'>({html.escape(self.spec.options[name].rule or '')})"
            "</span></div>")]) for name, widget in self.options.items()]
        self.seed = w.Text(value=params.get("seed", ""), placeholder=t("random"),
                           description=t("Deal number (optional)"),
                           style={"description_width": "initial"},
                           layout=w.Layout(width="min(100%, 22em)"))
        self.seed.add_class("kit-seed")
        self.pause = w.BoundedFloatText(value=float(params.get("pause", pause)), min=0, max=5,
                                        step=0.1, description=t("Bots' pause (s)"),
                                        style={"description_width": "initial"},
                                        layout=w.Layout(width="min(100%, 16em)"))
        mode = params.get("mode", "auto")
        self.mode = w.Dropdown(options=[(t(label), value) for label, value in MODE_CHOICES],
                               value=mode if mode in ("auto", "teacher") else "auto",
                               description=t("Mode"), style={"description_width": "initial"},
                               layout=w.Layout(width="min(100%, 32em)"))
        self.start_button = w.Button(description=t("Start the game"), button_style="primary",
                                     icon="", layout=w.Layout(width="auto"))
        self.start_button.add_class("kit-start")
        self.start_button.on_click(lambda _b: self.start())
        self.message = w.HTML()
        #: what is recorded, said before a game and under a recorded board
        self.consent = w.HTML(self._consent_html())
        self.consent.add_class("kit-consent")
        self.recording_note = w.HTML()
        self.recording_note.add_class("kit-consent")
        #: links to this game's recorded games that did not finish
        self.unfinished = w.HTML(self._unfinished_html())
        self.unfinished.add_class("kit-unfinished")
        rules = w.VBox(self.option_rows)
        #: links to this page in the other languages
        self.languages = w.HTML(language_links(self.lang, params))
        self.form = w.VBox([
            self.languages, self.unfinished,
            w.HTML("<b>" + t("Who plays") + "</b>"), self.players, self.seat_box,
            w.HTML("<b>" + t("Variant and house rules") + "</b>"), rules,
            w.HBox([self.seed, self.pause], layout=w.Layout(flex_flow="row wrap")),
            self.mode, self.consent, self.start_button, self.message])
        self.form.add_class("kit-setup")
        self.board_box = w.Box(layout=w.Layout(width="100%"))
        self.result_panel = w.VBox()
        self.result_panel.add_class("kit-app-result-box")
        #: the page's title, what it is for, and the way back to every game
        self.header = w.HTML(self._header_html())
        self.header.add_class("kit-app-header")
        self.children = [self.header, self.form, self.board_box, self.recording_note,
                         self.result_panel]
        if params.get("resume"):
            self.resume(params["resume"])
        elif params.get("start") == "1":
            self.start()

    # -- the form -----------------------------------------------------------------------

    def _header_html(self) -> str:
        t = self.t
        title = t.ctx("game", self.game, default=self.spec.title)
        return (f"<h1 style='font-size:1.5em;margin:0.2em 0'>{html.escape(title)}</h1>"
                f"<p style='margin:0.2em 0'>" + t(
                    "Choose who plays (people or bots) and the house rules, then start. One "
                    "person plays against bots; several people share this screen, with a "
                    "privacy screen between turns; teacher mode opens every hand for a "
                    "projector.") + "</p>"
                f"<p style='margin:0.2em 0'><a style='{LINK_STYLE}' "
                f"href='index.ipynb?lang={self.lang}'>" + t("← all games") + "</a></p>")

    def _consent_html(self) -> str:
        """What the app records, and how to play without (empty when it records nothing)."""
        if not self.record:
            return ""
        from kit.record import CONSENT_NOTE

        t = self.t
        note = t.ctx("consent", "note", default=CONSENT_NOTE)
        return (f"<p style='{NOTE_STYLE}'>{html.escape(note)} " + t("To record nothing, open")
                + f" <a style='{LINK_STYLE}' href='?record=0&amp;lang={self.lang}'>"
                + t("this page with {code}", code="<code>?record=0</code>") + "</a>.</p>")

    def _unfinished_html(self) -> str:
        """Links that go on with this game's recorded games that did not finish, the
        latest first (a page closed or reloaded mid-game; ``?resume=<id>``). A game with
        no move yet is left out: starting afresh is as good."""
        if not self.record:
            return ""
        try:
            recorder = self._recorder()
            rows = recorder.unfinished(self.game, limit=UNFINISHED_SHOWN + 1,
                                       min_moves=1) if recorder else []
        except Exception as exc:  # a store that cannot be read must not stop the form
            return (f"<p style='{NOTE_STYLE}'>"
                    + self.t("The recorded games cannot be read: {why}",
                             why=html.escape(str(exc))) + "</p>")
        if not rows:
            return ""
        from kit.record import who_sat

        t = self.t
        items = []
        for row in rows[:UNFINISHED_SHOWN]:
            seats = []
            for p, label in enumerate(row["seats"]):
                kind, name = who_sat(label)
                if kind == "human" and name == f"Seat {p + 1}":  # (recorded in English)
                    name = t("Seat {n}", n=p + 1)
                seats.append(name if kind == "human" else t("bot: {name}", name=t.ctx(
                    "bot", name)) if kind == "bot" else "?")
            moves = row["moves"]
            items.append(
                f"<li><a class='kit-resume-link' style='{LINK_STYLE}' "
                f"href='?resume={row['id']}&amp;lang={self.lang}'>"
                + t("game {id}", id=row["id"]) + "</a>: "
                + t.plural("{n} move", "{n} moves", moves) + ", "
                + t("started {when} UTC", when=f"{row['started_at']:%d.%m %H:%M}")
                + f"; {html.escape(', '.join(seats))}</li>")
        more = (f"<p style='{NOTE_STYLE}'>" + t("Older ones: {code} in a notebook.", code=(
            f"<code>Recorder().unfinished({self.game!r})</code>")) + "</p>"
            if len(rows) > UNFINISHED_SHOWN else "")
        return ("<div><b>" + t("Games not finished") + "</b>: "
                + t("go on with one where it stopped (a page closed or reloaded mid-game)")
                + "<ul>" + "".join(items) + "</ul>" + more + "</div>")

    def _make_seats(self) -> None:
        n = self.players.value
        preset = self._preset_seats if self._preset_seats and len(
            self._preset_seats) == n else None
        self.seat_pickers, self.name_fields = [], []
        for p in range(n):
            value = preset[p] if preset and preset[p] in SEAT_CHOICES else (
                "human" if p == 0 else "bot:rule")
            t = self.t
            choices = [(t("person") if c == "human" else t("bot: {name}", name=t.ctx(
                "bot", c.split(":", 1)[1])), c) for c in SEAT_CHOICES]
            picker = w.Dropdown(options=choices, value=value,
                                description=t("Seat {n}", n=p + 1),
                                layout=w.Layout(width="min(100%, 18em)"),
                                style={"description_width": "initial"})
            picker.add_class(f"kit-seat-picker-{p}")
            self.seat_pickers.append(picker)
            name = w.Text(placeholder=t("name (optional)"), layout=w.Layout(width="13em"))
            name.add_class(f"kit-seat-name-{p}")
            # (a bot has no name to give)
            name.layout.display = None if value == "human" else "none"
            picker.observe(lambda c, f=name: setattr(
                f.layout, "display", None if c["new"] == "human" else "none"),
                names="value")
            self.name_fields.append(name)
        self._seat_options()
        self.seat_box.children = [w.HBox([pick, name], layout=w.Layout(flex_flow="row wrap"))
                                  for pick, name in zip(self.seat_pickers, self.name_fields,
                                                        strict=True)]

    def _seat_options(self) -> None:
        """A seat option offers the seats at the table (a seat past them is refused)."""
        n, t = self.players.value, self.t
        for option in sorted(SEAT_OPTIONS & set(getattr(self, "options", {}))):
            widget = self.options[option]
            keep = widget.value if widget.value < n else 0
            widget.options = [(t("Seat {n}", n=p + 1), p) for p in range(n)]
            widget.value = keep

    def settings(self) -> dict:
        """The form as board arguments (raises ConfigError for a bad seed)."""
        seed_text = self.seed.value.strip()
        if seed_text and not seed_text.isdigit():
            raise ConfigError("seed", f"a non-negative whole number, not {seed_text!r}",
                              code=NC_("error", "seed_number"), value=seed_text)
        seats = [p.value for p in self.seat_pickers]
        humans = seats.count("human")
        mode = "teacher" if self.mode.value == "teacher" else (
            "playtest" if humans == 1 else "hotseat")
        if mode == "hotseat" and humans == 0:
            raise ConfigError("seats", "make at least one seat human (or use teacher mode)",
                              code=NC_("error", "no_human_seat"))
        options = {name: widget.value for name, widget in self.options.items()}
        defaults = self.spec.defaults()
        options = {k: v for k, v in options.items() if v != defaults[k]}
        names = [f.value.strip()[:40] or None if k == "human" else None
                 for f, k in zip(self.name_fields, seats, strict=True)]
        return {"players": self.players.value, "seed": int(seed_text) if seed_text else None,
                "names": names if any(names) else None,
                "options": options, "seats": seats, "mode": mode,
                "pause": float(self.pause.value)}

    # -- playing ------------------------------------------------------------------------

    def _recorder(self) -> Any:
        if not self.record:
            return None
        if self.recorder is None:
            try:
                from kit.record import Recorder, RecordError
            except ImportError:
                self.record = False
                return None
            try:
                self.recorder = Recorder(url=None)
            except RecordError as exc:  # (the form shows it, and how to play unrecorded)
                raise ConfigError("record", f"{exc}. Fix KIT_RECORD_URL, or open this page "
                                            "with ?record=0 to play without recording") from exc
        return self.recorder

    def start(self, settings: dict | None = None) -> Board | None:
        """Start a game from the form (or from ``settings``); returns the board."""
        try:
            settings = settings or self.settings()
            cls = board_class(self.game)
            if self.board is not None:
                self.board.close()
            self.board = cls(**settings, recorder=self._recorder(), lang=self.lang)
        except (ConfigError, ValueError) as exc:
            return self._refuse(exc)
        return self._show(settings)

    def resume(self, game_id: int | str) -> Board | None:
        """Go on with recorded game ``game_id``, which did not finish: its moves are
        replayed, the same seats sit down, and the moves to come are recorded with it."""
        from kit.record import RecordError, who_sat

        try:
            if not str(game_id).isdigit():
                raise ConfigError("resume", f"a recorded game's id (a number), not {game_id!r}")
            recorder = self._recorder()
            if recorder is None:
                raise ConfigError("resume", "this page records nothing (record=0): "
                                            "there is no recorded game to go on with")
            state, record = recorder.resume(int(game_id))
            if record.game != self.game:
                raise ConfigError("resume", f"recorded game {game_id} is a {record.game} "
                                            f"game, not {self.game}")
            seats = [who_sat(label) for label in record.seats]  # as the board recorded them
            kinds = ["human" if kind == "human" else f"bot:{name}" if kind == "bot" else label
                     for (kind, name), label in zip(seats, record.seats, strict=True)]
            names = [name if kind == "human" else None for kind, name in seats]
            humans = kinds.count("human")
            settings = {"players": state.players, "seed": None, "seats": kinds,
                        "options": {k: v for k, v in state.options.items()
                                    if k not in HIDDEN_OPTIONS},
                        "mode": "playtest" if humans == 1 else "hotseat",
                        "pause": float(self.pause.value)}
            if self.board is not None:
                self.board.close()
            self.board = board_class(self.game)(
                state, seats=kinds, mode=settings["mode"], pause=settings["pause"],
                names=names, recorder=recorder, record=record, lang=self.lang)
        except (ConfigError, RecordError, ValueError) as exc:
            return self._refuse(exc)
        return self._show(settings)

    def _refuse(self, exc: Exception) -> None:
        self.message.value = (f"<div class='kit-app-error' style='color:#b3261e'>"
                              f"{html.escape(i18n.explain(exc, self.lang))}</div>")

    def _show(self, settings: dict) -> Board:
        """The new board in place of the form (``settings``: what "play again" reuses)."""
        self._settings = settings
        self.message.value = ""
        self.form.layout.display = "none"
        self.board.layout.width = "100%"
        self.board_box.children = [self.board]
        board = self.board
        board.observe(lambda _c: _soon(self._show_result), names="result")
        self._show_result()
        self.recording_note.value = self.consent.value if board.recording is not None else ""
        return self.board

    def play_again(self) -> Board | None:
        """The same settings; a fresh seed unless the form fixed one."""
        return self.start(dict(self._settings or self.settings()))

    def replay(self) -> Board | None:
        """Step through the finished game, seen by its first human seat (replay mode)."""
        if self.board is None:
            return None
        humans = [p for p, k in enumerate(self.board.seat_kinds) if k == "human"] or [0]
        replay = board_class(self.game)(self.board.state, mode="replay", seat=humans[0],
                                        names=self.board.table.given_names,
                                        lang=self.lang)
        replay.layout.width = "100%"
        self.board_box.children = [replay]
        return replay

    def new_setup(self) -> None:
        if self.board is not None:
            self.board.close()
        self.board = None
        self.board_box.children = []
        self.result_panel.children = []
        self.recording_note.value = ""
        self.unfinished.value = self._unfinished_html()
        self.form.layout.display = None

    def _show_result(self) -> None:
        """The result panel (built once the board's final update has gone out, on the
        kernel's event loop: its widgets would otherwise hold up the last move)."""
        board = self.board
        if board is None or board.result is None:
            self.result_panel.children = []
            return
        result = board.result
        t = self.t
        again = w.Button(description=t("Play again"), button_style="success")
        again.add_class("kit-play-again")
        again.on_click(lambda _b: self.play_again())
        setup = w.Button(description=t("Change the setup"))
        setup.on_click(lambda _b: self.new_setup())
        replay = w.Button(description=t("Replay the game"))
        replay.add_class("kit-replay-game")
        replay.on_click(lambda _b: self.replay())
        panel = w.HTML(result_html(result, board.names, t))
        panel.add_class("kit-app-result")
        children: list[w.Widget] = [panel, w.HBox([again, replay, setup],
                                                  layout=w.Layout(flex_flow="row wrap"))]
        if board.recording is not None:
            children.append(self._feedback_form(board))
        self.result_panel.children = children

    def _feedback_form(self, board: Board) -> w.Widget:
        humans = [p for p, k in enumerate(board.seat_kinds) if k == "human"]
        t = self.t
        seat = w.Dropdown(options=[(board.names[p], p) for p in humans] or [("—", 0)],
                          description=t("Seat"))
        rating = w.ToggleButtons(options=[1, 2, 3, 4, 5], value=None,
                                 description=t("Was it fun?"),
                                 style={"description_width": "initial"})
        text = w.Textarea(placeholder=t("What was fun, what was confusing?"),
                          layout=w.Layout(width="min(100%, 36em)"))
        unclear = w.Text(placeholder=t("e.g. WL-6"), description=t("Unclear rule"),
                         style={"description_width": "initial"})
        sent = w.HTML()
        send = w.Button(description=t("Send feedback"))

        def submit(_b: Any) -> None:
            try:
                board.recording.feedback(seat=seat.value, rating=rating.value,
                                         text=text.value, unclear_rule=unclear.value or None)
            except Exception as exc:  # (a store gone: say so, keep the text to send again)
                sent.value = t("Not saved: {why}", why=html.escape(str(exc)))
                return
            sent.value = t("Thank you!")
            send.disabled = True

        send.on_click(submit)
        box = w.VBox([w.HTML("<b>" + t("Feedback") + "</b>"), seat, rating, text, unclear,
                      send, sent])
        box.add_class("kit-feedback")
        return box


def _soon(callback: Any) -> None:
    """Call ``callback`` on the running event loop (the kernel's) once what runs now is
    done; at once without one (plain Python, tests)."""
    try:
        asyncio.get_running_loop().call_soon(callback)
    except RuntimeError:
        callback()


def result_html(result: dict, names: list[str], t: Words | None = None) -> str:
    """The result panel: places and scores per seat, best first."""
    t = t or Words()
    rows = []
    places = result.get("places") or [None] * len(names)
    scores = result.get("scores") or [None] * len(names)
    order = sorted(range(len(names)), key=lambda p: (places[p] is None, places[p] or 0, p))
    for p in order:
        score = scores[p] if scores[p] is not None else "—"
        rows.append(f"<tr class='kit-place-{places[p]}'><td>{places[p] or '—'}</td>"
                    f"<td>{html.escape(names[p])}</td><td>{score}</td></tr>")
    extra = ""
    if result.get("game") == "hanabi":
        extra = ("<p>" + t("Score {score} of {max}", score=f"<b>{result['score']}</b>",
                           max=result["max_score"])
                 + (" — " + t("three mistakes") + " <small>(HB-8)</small>"
                    if result.get("lost") else "") + "</p>")
    return ("<div class='kit-result-panel' style='font-size:1.2em'><h3>" + t("Result")
            + "</h3>" + extra + "<table class='kit-result' style='border-collapse:collapse'>"
            "<thead><tr><th style='padding:0 1em 0 0'>" + t("Place") + "</th>"
            "<th style='padding:0 1em 0 0'>" + t("Seat") + "</th><th>" + t("Score")
            + "</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table></div>")
