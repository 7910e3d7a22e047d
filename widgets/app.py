"""The playtest app of one game (served by Voilà): setup form, board, result panel,
play again, feedback. ``notebooks/<game>_app.ipynb`` is ``PlaytestApp("<game>")``.

A link can preset the form through Voilà's query string (``QUERY_STRING`` in the
kernel): ``?players=3&seats=human,bot:rule,bot:rule&seed=7&pause=0.5&mode=teacher``
and ``start=1`` to open straight on the board; ``record=0`` records nothing;
``resume=<game id>&key=<key>`` goes on with a recorded game that did not finish (a page
reloaded), given the key that only the page that started it showed.

A value the form cannot take (``players=9``, ``pause=abc``, ``variant=purple``) opens
the form with that field marked and a one-line reason (:attr:`PlaytestApp.problems`),
never a default in its place nor an error page. A data option (a deck file) offers only
the data sets shipped in ``data/``: the query string never names a file on the server.
"""

from __future__ import annotations

import asyncio
import functools
import html
import math
import os
from typing import Any
from urllib.parse import parse_qs, quote

import ipywidgets as w

import kit
from kit.errors import ConfigError
from kit.paths import DATA_DIR
from widgets.base import Board

#: options a form does not offer (scripted deals and such are for tutorials and tests)
HIDDEN_OPTIONS = {"deal"}
SEAT_CHOICES = ["human", "bot:rule", "bot:random"]
MODE_CHOICES = [("play (one human: playtest; several: hot-seat)", "auto"),
                ("teacher: all hands open, for a projector", "teacher")]
#: the bot pause a link may set (seconds)
PAUSE_RANGE = (0.0, 5.0)
#: a marked field's reason
ERROR_STYLE = "color:#b3261e;font-size:0.9em"
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
    return {k: v[-1] for k, v in parse_qs(raw[:8192]).items()}


def _brief(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:37] + "...")


def is_data_option(opt: Any) -> bool:
    """Whether an option names a data file (its default is a file in ``data/``)."""
    return isinstance(opt.default, str) and (DATA_DIR / opt.default).is_file()


@functools.cache
def shipped_data(game: str, name: str) -> tuple[str, ...]:
    """The data sets shipped in ``data/`` that option ``name`` of ``game`` can use: the
    files beside its default, of its kind, that a game sets up with (default first)."""
    spec = kit.spec(game)
    default = spec.options[name].default
    folder = (DATA_DIR / default).parent
    found = [default]
    for path in sorted(folder.glob("*" + (DATA_DIR / default).suffix)):
        rel = path.relative_to(DATA_DIR).as_posix()
        if rel == default:
            continue
        try:
            kit.new_game(game, spec.min_players, seed=0, **{name: rel})
        except (ConfigError, ValueError, KeyError, TypeError):
            continue  # (another kind of data file: rounds beside a deck)
        found.append(rel)
    return tuple(found)


def _parse_int(text: str, low: int, high: int) -> int | None:
    text = text.strip()
    if not (text.lstrip("-").isdigit() and len(text) <= 20):
        return None
    value = int(text)
    return value if low <= value <= high else None


def _option_widget(game: str, name: str, opt: Any,
                   preset: str | None) -> tuple[w.Widget | None, str | None]:
    """The form field of option ``name`` preset from the link, and why the link's value
    was not taken (None: taken, or none given)."""
    if name in HIDDEN_OPTIONS:
        return None, (None if preset is None else "not an option this form sets")
    # a person reads "allow empty hints (HB-R1)"; links and the query string keep the name
    words = name.replace("_", " ")
    label = f"{words} ({opt.rule})" if opt.rule else words
    style = {"description_width": "initial"}
    layout = w.Layout(width="auto")
    problem = None
    if opt.choices or is_data_option(opt):
        choices = list(opt.choices) if opt.choices else list(shipped_data(game, name))
        value = next((c for c in choices if str(c) == preset), None)
        if value is None and opt.choices is None and preset is not None:
            # a shipped data set may be named by its file name alone (deck.toml)
            value = next((c for c in choices if c.rsplit("/", 1)[-1] == preset), None)
        if preset is not None and value is None:
            problem = (f"{_brief(preset)} is not one of " + ", ".join(map(str, choices))
                       + ("" if opt.choices else " (the data sets shipped with the kit)"))
        return w.Dropdown(options=choices, value=opt.default if value is None else value,
                          description=label, tooltip=opt.doc, style=style,
                          layout=layout), problem
    if isinstance(opt.default, bool):
        value = opt.default
        if preset is not None:
            if preset.lower() in ("1", "true", "yes", "0", "false", "no"):
                value = preset.lower() in ("1", "true", "yes")
            else:
                problem = f"{_brief(preset)} is not yes or no (1 or 0)"
        return w.Checkbox(value=value, description=label, tooltip=opt.doc, indent=False,
                          style=style, layout=layout), problem
    if isinstance(opt.default, int):
        value = opt.default
        if preset is not None:
            got = _parse_int(preset, -2**31, 2**31 - 1)
            try:
                value = opt.validate(got) if got is not None else None
            except ConfigError as exc:
                problem = exc.message
            if value is None:
                value = opt.default
                problem = problem or f"{_brief(preset)} is not a whole number"
        return w.IntText(value=value, description=label, tooltip=opt.doc, style=style,
                         layout=w.Layout(width="16em")), problem
    if isinstance(opt.default, str):
        value = opt.default
        if preset is not None:
            try:
                value = opt.validate(preset)
            except ConfigError as exc:
                problem = exc.message
        return w.Text(value=value, description=label, tooltip=opt.doc, style=style,
                      layout=w.Layout(width="min(100%, 32em)")), problem
    return None, None


class PlaytestApp(w.VBox):
    """Setup form -> board -> result panel with "play again" and a feedback form."""

    def __init__(self, game: str, *, query: str | None = None, record: bool = True,
                 pause: float = 0.8) -> None:
        super().__init__(layout=w.Layout(width="100%"))
        self.add_class("kit-app")
        self.game = game
        self.spec = kit.spec(game)
        params = query_params(query)
        self.params = params
        #: the link's values the form could not take: field -> a one-line reason
        self.problems: dict[str, str] = {}
        self._reasons: dict[str, w.HTML] = {}
        record_param = params.get("record", "1")
        if record_param not in ("0", "1"):
            self.problems["record"] = f"{_brief(record_param)} is not 0 or 1; recording"
        self.record = record and record_param != "0"
        self.recorder: Any = None
        self.board: Board | None = None
        self._settings: dict | None = None
        #: the link that goes on with the recorded game shown (with its key), if any
        self.resume_link: str | None = None

        low, high = self.spec.min_players, self.spec.max_players
        players = params.get("players")
        chosen = _parse_int(players, low, high) if players is not None else None
        if players is not None and chosen is None:
            self.problems["players"] = f"{_brief(players)} is not a number of players " \
                                       f"from {low} to {high}"
        self.players = w.Dropdown(
            options=list(range(low, high + 1)),
            value=chosen or low + (1 if high > low else 0),
            description="Players", layout=w.Layout(width="12em"))
        self.seat_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.seat_pickers: list[w.Dropdown] = []
        self.players.observe(lambda _c: self._make_seats(), names="value")
        self._preset_seats = params["seats"].split(",") if params.get("seats") else None
        if self._preset_seats is not None:
            bad = [k for k in self._preset_seats if k not in SEAT_CHOICES]
            if bad:
                self.problems["seats"] = (f"{_brief(bad[0])} is not a seat; seats are "
                                          + ", ".join(SEAT_CHOICES))
                self._preset_seats = None
            elif len(self._preset_seats) != self.players.value:
                self.problems["seats"] = (f"{len(self._preset_seats)} seats named for "
                                          f"{self.players.value} players")
                self._preset_seats = None
        self._make_seats()
        self.options = {}
        for name, opt in self.spec.options.items():
            widget, problem = _option_widget(game, name, opt, params.get(name))
            if problem:
                self.problems[name] = problem
            if widget is not None:
                self.options[name] = widget
        seed = params.get("seed", "").strip()
        if seed and _parse_int(seed, 0, 2**63 - 1) is None:
            self.problems["seed"] = f"{_brief(seed)} is not a whole number from 0 to 2**63 - 1"
            seed = ""
        self.seed = w.Text(value=seed, placeholder="random",
                           description="Seed (optional)", style={"description_width": "initial"},
                           layout=w.Layout(width="16em"))
        pause_text = params.get("pause")
        if pause_text is not None:
            try:
                pause_value = float(pause_text[:20])
            except ValueError:
                pause_value = math.nan
            if not PAUSE_RANGE[0] <= pause_value <= PAUSE_RANGE[1]:  # (nan fails too)
                self.problems["pause"] = (f"{_brief(pause_text)} is not a number of seconds "
                                          f"from {PAUSE_RANGE[0]:g} to {PAUSE_RANGE[1]:g}")
            else:
                pause = pause_value
        self.pause = w.BoundedFloatText(value=min(max(pause, PAUSE_RANGE[0]), PAUSE_RANGE[1]),
                                        min=PAUSE_RANGE[0], max=PAUSE_RANGE[1],
                                        step=0.1, description="Bot pause (s)",
                                        style={"description_width": "initial"},
                                        layout=w.Layout(width="14em"))
        mode = params.get("mode", "auto")
        if mode not in ("auto", "teacher"):
            self.problems["mode"] = f"{_brief(mode)} is not a mode; modes are auto and teacher"
            mode = "auto"
        self.mode = w.Dropdown(options=MODE_CHOICES, value=mode,
                               description="Mode", layout=w.Layout(width="min(100%, 32em)"))
        resume = params.get("resume")
        if resume is not None and _parse_int(resume, 1, 2**31 - 1) is None:
            self.problems["resume"] = f"{_brief(resume)} is not a recorded game's id"
        start = params.get("start")
        if start not in (None, "0", "1"):
            self.problems["start"] = f"{_brief(start)} is not 0 or 1"
        self.start_button = w.Button(description="Start the game", button_style="primary",
                                     icon="", layout=w.Layout(width="auto"))
        self.start_button.add_class("kit-start")
        self.start_button.on_click(lambda _b: self.start())
        self.message = w.HTML()
        #: what is recorded, said before a game and under a recorded board
        self.consent = w.HTML(self._consent_html())
        self.consent.add_class("kit-consent")
        self.recording_note = w.HTML()
        self.recording_note.add_class("kit-consent")
        #: the link's values not taken, above the form
        self.link_problems = w.HTML(self._problems_html())
        self.link_problems.add_class("kit-link-problems")
        rules = w.VBox([self._field(n, x) for n, x in self.options.items()],
                       layout=w.Layout(flex_flow="row wrap"))
        self.form = w.VBox([
            self.link_problems,
            w.HTML("<b>Who plays</b>"), self._field("players", self.players),
            self._field("seats", self.seat_box),
            w.HTML("<b>Variant and house rules</b>"), rules,
            w.HBox([self._field("seed", self.seed), self._field("pause", self.pause)],
                   layout=w.Layout(flex_flow="row wrap")),
            self._field("mode", self.mode), self.consent, self.start_button, self.message])
        self.form.add_class("kit-setup")
        self.board_box = w.Box(layout=w.Layout(width="100%"))
        self.result_panel = w.VBox()
        self.result_panel.add_class("kit-app-result-box")
        self.children = [self.form, self.board_box, self.recording_note, self.result_panel]
        try:  # a store that can't be recorded into is named on the form, before any game
            self._recorder()
        except ConfigError as exc:
            self._refuse(exc)
            return
        if self.problems:
            return  # (the form, its fields marked: nothing starts from a link it can't take)
        if resume is not None:
            self.resume(resume, params.get("key"))
        elif start == "1":
            self.start()

    def _field(self, name: str, widget: w.Widget) -> w.Widget:
        """``widget``, marked with its one-line reason when the link's value was not taken."""
        problem = self.problems.get(name)
        if problem is None:
            return widget
        widget.add_class("kit-field-error")
        reason = self._reasons[name] = w.HTML(
            f"<span class='kit-field-reason' style='{ERROR_STYLE}'>{html.escape(problem)}"
            "</span>")
        return w.VBox([widget, reason], layout=w.Layout(width="auto"))

    def _problems_html(self) -> str:
        if not self.problems:
            return ""
        items = "".join(f"<li><b>{html.escape(k)}</b>: {html.escape(v)}</li>"
                        for k, v in self.problems.items())
        return (f"<div class='kit-app-error' style='{ERROR_STYLE}'>This link's values that "
                f"the form could not take (the fields are marked):<ul>{items}</ul></div>")

    # -- the form -----------------------------------------------------------------------

    def _consent_html(self) -> str:
        """What the app records, and how to play without (empty when it records nothing)."""
        if not self.record:
            return ""
        from kit.record import CONSENT_NOTE

        return (f"<p style='{NOTE_STYLE}'>{html.escape(CONSENT_NOTE)} To record nothing, "
                f"open <a style='{LINK_STYLE}' href='?record=0'>this page with "
                "<code>?record=0</code></a>.</p>")

    def _make_seats(self) -> None:
        n = self.players.value
        preset = self._preset_seats if self._preset_seats and len(
            self._preset_seats) == n else None
        self.seat_pickers = []
        for p in range(n):
            value = preset[p] if preset and preset[p] in SEAT_CHOICES else (
                "human" if p == 0 else "bot:rule")
            picker = w.Dropdown(options=SEAT_CHOICES, value=value, description=f"Seat {p + 1}",
                                layout=w.Layout(width="13em"), style={"description_width": "4em"})
            picker.add_class(f"kit-seat-picker-{p}")
            self.seat_pickers.append(picker)
        self.seat_box.children = self.seat_pickers

    def settings(self) -> dict:
        """The form as board arguments (raises ConfigError for a bad seed)."""
        seed_text = self.seed.value.strip()
        if seed_text and _parse_int(seed_text, 0, 2**63 - 1) is None:
            raise ConfigError("seed", f"a whole number from 0 to 2**63 - 1, not "
                                      f"{_brief(seed_text)}")
        seats = [p.value for p in self.seat_pickers]
        humans = seats.count("human")
        mode = "teacher" if self.mode.value == "teacher" else (
            "playtest" if humans == 1 else "hotseat")
        if mode == "hotseat" and humans == 0:
            raise ConfigError("seats", "make at least one seat human (or use teacher mode)")
        options = {name: widget.value for name, widget in self.options.items()}
        defaults = self.spec.defaults()
        options = {k: v for k, v in options.items() if v != defaults[k]}
        return {"players": self.players.value, "seed": int(seed_text) if seed_text else None,
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
            self.board = cls(**settings, recorder=self._recorder())
        except (ConfigError, ValueError) as exc:
            return self._refuse(exc)
        self.resume_link = None
        game_id = self.board.record_id
        if game_id is not None:
            try:  # (only this page, and whoever it gives the link, can go on with the game)
                self._set_resume_link(game_id, self.recorder.lock_resume(game_id))
            except Exception as exc:  # a store failing now: the board shows it as it moves
                self._refuse(exc)
        return self._show(settings)

    def _set_resume_link(self, game_id: int, key: str) -> None:
        self.resume_link = f"?resume={game_id}&key={quote(key)}"

    def resume(self, game_id: int | str, key: str | None = None) -> Board | None:
        """Go on with recorded game ``game_id``, which did not finish, given the ``key``
        the page that started it showed (its link): its moves are replayed, the same seats
        sit down, and the moves to come are recorded with it."""
        from kit.record import RecordError, who_sat

        try:
            number = _parse_int(str(game_id), 1, 2**31 - 1)
            if number is None:
                raise ConfigError("resume", f"a recorded game's id (a number), not "
                                            f"{_brief(str(game_id))}")
            recorder = self._recorder()
            if recorder is None:
                raise ConfigError("resume", "this page records nothing (record=0): "
                                            "there is no recorded game to go on with")
            state, record = recorder.resume(number, key=key, need_key=True)
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
                names=names, recorder=recorder, record=record)
        except (ConfigError, RecordError, ValueError) as exc:
            return self._refuse(exc)
        self._set_resume_link(number, str(key))
        return self._show(settings)

    def _refuse(self, exc: Exception) -> None:
        self.message.value = (f"<div class='kit-app-error' style='color:#b3261e'>"
                              f"{html.escape(str(exc))}</div>")

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
        note = self.consent.value if board.recording is not None else ""
        if self.resume_link is not None:
            note += (f"<p style='{NOTE_STYLE}'>To go on with this game later (a page closed "
                     f"or reloaded), keep <a class='kit-resume-link' style='{LINK_STYLE}' "
                     f"href='{html.escape(self.resume_link)}'>this link</a>: only it opens "
                     "the game.</p>")
        self.recording_note.value = note
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
                                        names=self.board.names)
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
        self.resume_link = None
        self.form.layout.display = None

    def _show_result(self) -> None:
        """The result panel (built once the board's final update has gone out, on the
        kernel's event loop: its widgets would otherwise hold up the last move)."""
        board = self.board
        if board is None or board.result is None:
            self.result_panel.children = []
            return
        result = board.result
        again = w.Button(description="Play again", button_style="success")
        again.add_class("kit-play-again")
        again.on_click(lambda _b: self.play_again())
        setup = w.Button(description="Change setup")
        setup.on_click(lambda _b: self.new_setup())
        replay = w.Button(description="Replay the game")
        replay.add_class("kit-replay-game")
        replay.on_click(lambda _b: self.replay())
        panel = w.HTML(result_html(result, board.names))
        panel.add_class("kit-app-result")
        children: list[w.Widget] = [panel, w.HBox([again, replay, setup],
                                                  layout=w.Layout(flex_flow="row wrap"))]
        if board.recording is not None:
            children.append(self._feedback_form(board))
        self.result_panel.children = children

    def _feedback_form(self, board: Board) -> w.Widget:
        humans = [p for p, k in enumerate(board.seat_kinds) if k == "human"]
        seat = w.Dropdown(options=[(board.names[p], p) for p in humans] or [("—", 0)],
                          description="Seat")
        rating = w.ToggleButtons(options=[1, 2, 3, 4, 5], value=None, description="Fun?")
        text = w.Textarea(placeholder="What was fun, what was confusing?",
                          layout=w.Layout(width="min(100%, 36em)"))
        unclear = w.Text(placeholder="e.g. WL-6", description="Unclear rule")
        sent = w.HTML()
        send = w.Button(description="Send feedback")

        def submit(_b: Any) -> None:
            try:
                board.recording.feedback(seat=seat.value, rating=rating.value,
                                         text=text.value, unclear_rule=unclear.value or None)
            except Exception as exc:  # (a store gone: say so, keep the text to send again)
                sent.value = f"Not saved: {html.escape(str(exc))}"
                return
            sent.value = "Thank you!"
            send.disabled = True

        send.on_click(submit)
        box = w.VBox([w.HTML("<b>Feedback</b>"), seat, rating, text, unclear, send, sent])
        box.add_class("kit-feedback")
        return box


def _soon(callback: Any) -> None:
    """Call ``callback`` on the running event loop (the kernel's) once what runs now is
    done; at once without one (plain Python, tests)."""
    try:
        asyncio.get_running_loop().call_soon(callback)
    except RuntimeError:
        callback()


def result_html(result: dict, names: list[str]) -> str:
    """The result panel: places and scores per seat, best first."""
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
        extra = (f"<p>Score <b>{result['score']}</b> of {result['max_score']}"
                 + (" — three mistakes (HB-8)" if result.get("lost") else "") + "</p>")
    return ("<div class='kit-result-panel' style='font-size:1.2em'><h3>Result</h3>" + extra +
            "<table class='kit-result' style='border-collapse:collapse'><thead><tr>"
            "<th style='padding:0 1em 0 0'>Place</th><th style='padding:0 1em 0 0'>Seat</th>"
            "<th>Score</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table></div>")
