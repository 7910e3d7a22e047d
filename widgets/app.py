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
from kit.errors import ConfigError
from widgets.base import Board

#: options a form does not offer (scripted deals and such are for tutorials and tests)
HIDDEN_OPTIONS = {"deal"}
SEAT_CHOICES = ["human", "bot:rule", "bot:random"]
MODE_CHOICES = [("play (one human: playtest; several: hot-seat)", "auto"),
                ("teacher: all hands open, for a projector", "teacher")]
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


def _option_widget(name: str, opt: Any, preset: str | None) -> w.Widget | None:
    if name in HIDDEN_OPTIONS:
        return None
    # a person reads "allow empty hints (HB-R1)"; links and the query string keep the name
    words = name.replace("_", " ")
    label = f"{words} ({opt.rule})" if opt.rule else words
    style = {"description_width": "initial"}
    layout = w.Layout(width="auto")
    if opt.choices:
        value = preset if preset in [str(c) for c in opt.choices] else opt.default
        value = next((c for c in opt.choices if str(c) == str(value)), opt.default)
        return w.Dropdown(options=list(opt.choices), value=value, description=label,
                          tooltip=opt.doc, style=style, layout=layout)
    if isinstance(opt.default, bool):
        value = opt.default if preset is None else preset.lower() in ("1", "true", "yes")
        return w.Checkbox(value=value, description=label, tooltip=opt.doc, indent=False,
                          style=style, layout=layout)
    if isinstance(opt.default, int):
        value = int(preset) if preset and preset.lstrip("-").isdigit() else opt.default
        return w.IntText(value=value, description=label, tooltip=opt.doc, style=style,
                         layout=w.Layout(width="16em"))
    if isinstance(opt.default, str):
        return w.Text(value=preset or opt.default, description=label, tooltip=opt.doc,
                      style=style, layout=w.Layout(width="min(100%, 32em)"))
    return None


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
            description="Players", layout=w.Layout(width="12em"))
        self.seat_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.seat_pickers: list[w.Dropdown] = []
        self.players.observe(lambda _c: self._make_seats(), names="value")
        self._preset_seats = params.get("seats", "").split(",") if params.get("seats") else None
        self._make_seats()
        self.options = {}
        for name, opt in self.spec.options.items():
            widget = _option_widget(name, opt, params.get(name))
            if widget is not None:
                self.options[name] = widget
        self.seed = w.Text(value=params.get("seed", ""), placeholder="random",
                           description="Seed (optional)", style={"description_width": "initial"},
                           layout=w.Layout(width="16em"))
        self.pause = w.BoundedFloatText(value=float(params.get("pause", pause)), min=0, max=5,
                                        step=0.1, description="Bot pause (s)",
                                        style={"description_width": "initial"},
                                        layout=w.Layout(width="14em"))
        mode = params.get("mode", "auto")
        self.mode = w.Dropdown(options=MODE_CHOICES,
                               value=mode if mode in ("auto", "teacher") else "auto",
                               description="Mode", layout=w.Layout(width="min(100%, 32em)"))
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
        #: links to this game's recorded games that did not finish
        self.unfinished = w.HTML(self._unfinished_html())
        self.unfinished.add_class("kit-unfinished")
        rules = w.VBox(list(self.options.values()), layout=w.Layout(flex_flow="row wrap"))
        self.form = w.VBox([
            self.unfinished,
            w.HTML("<b>Who plays</b>"), self.players, self.seat_box,
            w.HTML("<b>Variant and house rules</b>"), rules,
            w.HBox([self.seed, self.pause], layout=w.Layout(flex_flow="row wrap")),
            self.mode, self.consent, self.start_button, self.message])
        self.form.add_class("kit-setup")
        self.board_box = w.Box(layout=w.Layout(width="100%"))
        self.result_panel = w.VBox()
        self.result_panel.add_class("kit-app-result-box")
        self.children = [self.form, self.board_box, self.recording_note, self.result_panel]
        if params.get("resume"):
            self.resume(params["resume"])
        elif params.get("start") == "1":
            self.start()

    # -- the form -----------------------------------------------------------------------

    def _consent_html(self) -> str:
        """What the app records, and how to play without (empty when it records nothing)."""
        if not self.record:
            return ""
        from kit.record import CONSENT_NOTE

        return (f"<p style='{NOTE_STYLE}'>{html.escape(CONSENT_NOTE)} To record nothing, "
                f"open <a style='{LINK_STYLE}' href='?record=0'>this page with "
                "<code>?record=0</code></a>.</p>")

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
            return (f"<p style='{NOTE_STYLE}'>The recorded games cannot be read: "
                    f"{html.escape(str(exc))}</p>")
        if not rows:
            return ""
        from kit.record import who_sat

        items = []
        for row in rows[:UNFINISHED_SHOWN]:
            seats = []
            for label in row["seats"]:
                kind, name = who_sat(label)
                seats.append(name if kind == "human" else f"{name} bot" if kind == "bot"
                             else "?")
            moves = row["moves"]
            items.append(
                f"<li><a class='kit-resume-link' style='{LINK_STYLE}' "
                f"href='?resume={row['id']}'>game "
                f"{row['id']}</a>: {moves} move{'' if moves == 1 else 's'}, started "
                f"{row['started_at']:%d %b %H:%M} UTC; {html.escape(', '.join(seats))}</li>")
        more = (f"<p style='{NOTE_STYLE}'>Older ones: <code>Recorder().unfinished("
                f"{self.game!r})</code> in a notebook.</p>" if len(rows) > UNFINISHED_SHOWN
                else "")
        return ("<div><b>Games not finished</b>: go on with one where it stopped "
                "(a page closed or reloaded mid-game)<ul>" + "".join(items) + "</ul>"
                + more + "</div>")

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
        if seed_text and not seed_text.isdigit():
            raise ConfigError("seed", f"a non-negative whole number, not {seed_text!r}")
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
                names=names, recorder=recorder, record=record)
        except (ConfigError, RecordError, ValueError) as exc:
            return self._refuse(exc)
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
