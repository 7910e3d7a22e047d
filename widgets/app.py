"""The playtest app of one game (served by Voilà): setup form (widgets/app_form.py), board,
result panel (widgets/app_result.py). ``notebooks/<game>_app.ipynb`` is ``PlaytestApp(game)``.

A link can preset the form through Voilà's query string (``QUERY_STRING`` in the
kernel): ``?players=3&seats=human,bot:rule,bot:rule&seed=7&pause=0.5&mode=teacher``
and ``start=1`` to open straight on the board; ``record=0`` records nothing;
``resume=<game id>&key=<key>`` goes on with a recorded game that did not finish (a page
reloaded), given the key that only the page that started it showed; a game that did
finish is offered as a replay instead (:meth:`PlaytestApp.replay_recorded`).

A value the form cannot take (``players=9``, ``pause=abc``, ``variant=purple``) opens
the form with that field marked and a one-line reason (:attr:`PlaytestApp.problems`),
never a default in its place nor an error page. A data option (a deck file) offers only
the data sets shipped in ``data/``: the query string never names a file on the server.
"""

from __future__ import annotations

import html
import math
from typing import Any
from urllib.parse import quote, urlencode

import ipywidgets as w

import kit
from kit import i18n
from kit.errors import ConfigError
from kit.i18n import N_, NC_, Words
from widgets import app_form, app_result, board_class
from widgets.app_form import (  # (option_words: widgets/tutorials imports it from here)
    NO_TOOLTIP,
    PAUSE_RANGE,
    WHOLE_LABEL,
    WIDE_LABEL,
    brief,
    classed,
    option_words,  # noqa: F401
    parse_int,
    seed_refused,
)
from widgets.base import Board
from widgets.page_head import served_by_voila
from widgets.table_links import PageAddress


class PlaytestApp(w.VBox):
    """Setup form -> board -> result panel with "play again" and a feedback form."""

    def __init__(self, game: str, *, query: str | None = None, record: bool = True,
                 pause: float = 0.8, lang: str | None = None) -> None:
        super().__init__(layout=w.Layout(width="100%"))
        self.add_class("kit-app")
        self.game = game
        self.spec = kit.spec(game)
        params = self.params = app_form.query_params(query)
        #: the page's language (``?lang=``, the browser's, or the kit-wide one)
        self.lang = app_form.page_language(params, lang)
        self.t = t = Words(self.lang)
        #: the link's values the form could not take: field -> a one-line reason
        self.problems: dict[str, str] = {}
        record_param = params.get("record", "1")
        if record_param not in ("0", "1"):
            self._problem("record", N_("{value} is not 0 or 1; the game is recorded"), record_param)
        self.record = record and record_param != "0"
        self.recorder: Any = None
        self.board: Board | None = None
        self._settings: dict | None = None
        #: the link that goes on with the recorded game shown (with its key), if any
        self.resume_link: str | None = None

        low, high = self.spec.min_players, self.spec.max_players
        players = params.get("players")
        chosen = parse_int(players, low, high) if players is not None else None
        if players is not None and chosen is None:
            self._problem("players", N_("{value} is not a number of players from {low} to {high}"),
                          players, low=low, high=high)
        self.players = w.Dropdown(options=list(range(low, high + 1)),
                                  value=chosen or low + (1 if high > low else 0),
                                  description=t("Players"), tooltip=NO_TOOLTIP,
                                  style=WIDE_LABEL,
                                  layout=w.Layout(width="min(100%, 12em)"))
        self.seat_box = w.VBox()
        self.seat_pickers: list[w.Dropdown] = []
        #: per seat: the player's name, optional (the consent note says it is recorded)
        self.name_fields: list[w.Text] = []
        self.players.observe(lambda _c: self._make_seats(), names="value")
        self._preset_seats = params["seats"].split(",") if params.get("seats") else None
        if self._preset_seats is not None:
            bad = [k for k in self._preset_seats if k not in app_form.seat_choices(game)]
            if bad:
                self._problem("seats", N_("{value} is neither a person nor a bot of this game"),
                              bad[0])
                self._preset_seats = None
            elif len(self._preset_seats) != self.players.value:
                self.problems["seats"] = t.plural(
                    "{n} seat named for {players} players", "{n} seats named for {players} "
                    "players", len(self._preset_seats), players=self.players.value)
                self._preset_seats = None
        self._make_seats()
        self.options = {}
        for name, opt in self.spec.options.items():
            widget, problem = app_form.option_widget(game, name, opt, params.get(name), t,
                                                     seats=self.spec.max_players)
            if problem:
                self.problems[name] = problem
            if widget is not None:
                self.options[name] = widget
        self._seat_options()
        #: each option's control with its one-line explanation under it (and its reason,
        #: when the link's value was not taken)
        self.option_rows = [self._field(name, w.VBox([widget, w.HTML(app_form.option_help_html(
            t, game, name, self.spec.options[name]))])) for name, widget in self.options.items()]
        seed = params.get("seed", "").strip()
        if seed and seed_refused(seed):  # (said as the others are: the field names itself)
            self._problem("seed", N_("{value} is not a whole number from 0 up"), seed)
            seed = ""
        self.seed = classed(w.Text(value=seed, placeholder=t("random"),
                                   description=t("Deal number (optional)"),
                                   tooltip=NO_TOOLTIP, style=WIDE_LABEL,
                                   layout=w.Layout(width="min(100%, 26em)")),  # (ru: long)
                            "kit-seed")
        least, most = PAUSE_RANGE
        if (pause_text := params.get("pause")) is not None:
            try:
                pause_value = float(pause_text[:20])
            except ValueError:
                pause_value = math.nan
            if not least <= pause_value <= most:  # (nan fails too)
                self._problem("pause", N_("{value} is not a number of seconds from {low} to "
                                          "{high}"), pause_text, low=f"{least:g}", high=f"{most:g}")
            else:
                pause = pause_value
        self.pause = w.BoundedFloatText(value=min(max(pause, least), most), min=least, max=most,
                                        step=0.1, description=t("Bots' pause (s)"),
                                        tooltip=NO_TOOLTIP, style=WIDE_LABEL,
                                        layout=w.Layout(width="min(100%, 16em)"))
        mode = params.get("mode", "auto")
        if mode not in ("auto", "teacher"):
            self._problem("mode", N_("{value} is not a mode of this form"), mode)
            mode = "auto"
        self.mode = classed(w.Dropdown(
            options=[(t(label), value) for label, value in app_form.MODE_CHOICES], value=mode,
            description=t("Mode"), tooltip=NO_TOOLTIP, style=WIDE_LABEL,
            layout=w.Layout(width="min(96%, 32em)")),
            "kit-mode")
        resume = params.get("resume")
        if resume is not None and parse_int(resume, 1, 2**31 - 1) is None:
            self.problems["resume"] = i18n.explain(ConfigError(
                "resume", "not a recorded game's id", code=NC_("error", "resume_id"),
                value=brief(resume)), t.lang)
        start = params.get("start")
        if start not in (None, "0", "1"):
            self._problem("start", N_("{value} is not 0 or 1"), start)
        self.start_button = classed(w.Button(description=t("Start the game"), icon="",
                                             button_style="primary",
                                             layout=w.Layout(width="auto")), "kit-start")
        self.start_button.on_click(lambda _b: self.start())
        self.message = w.HTML()
        #: what is recorded, said before a game and under a recorded board
        self.consent = classed(w.HTML(app_form.consent_html(t, self.lang, self.record)),
                               "kit-consent")
        self.recording_note = classed(w.HTML(), "kit-consent")
        #: the link's values not taken, above the form
        self.link_problems = classed(w.HTML(self._problems_html()), "kit-link-problems")
        #: what a person can do about them (a finished game's link: replay the game)
        self.link_actions = classed(w.HBox(layout=w.Layout(flex_flow="row wrap")),
                                    "kit-link-actions")
        #: links to this page in the other languages
        self.languages = w.HTML(app_form.language_links(self.lang, params))
        # "Create a table": the same game, options and seats, one device per person (issue 39)
        from widgets.table_maker import table_maker
        #: the host's page of a table created here
        self.host_page: Any = None
        self.form = classed(w.VBox([
            w.HTML(app_form.intro_html(t)), self.languages, self.link_problems,
            self.link_actions,
            w.HTML(app_form.heading_html(t("Who plays"))), self._field("players", self.players),
            self._field("seats", self.seat_box),
            w.HTML(app_form.heading_html(t("Variant and house rules"))), w.VBox(self.option_rows),
            w.HBox([self._field("seed", self.seed), self._field("pause", self.pause)],
                   layout=w.Layout(flex_flow="row wrap")),
            self._field("mode", self.mode), self.consent, self.start_button, self.message,
            table_maker(self)]), "kit-setup")
        self.board_box = w.Box(layout=w.Layout(width="100%"))
        self.result_panel = classed(w.VBox(), "kit-app-result-box")
        #: the page's title, what it is for, and the way back to every game
        self.header = app_form.header(t, self.lang, self.game)  # (and the page's head)
        #: in Voilà, the page's address: a recorded game's continue link once it started
        self.address = PageAddress()
        self.children = [self.header, self.form, self.board_box, self.recording_note,
                         self.result_panel, self.address]
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

    def _problem(self, name: str, text: str, value: str, **values: Any) -> None:
        """The link's ``value`` for field ``name`` not taken, and why (``text``)."""
        self.problems[name] = self.t(text, value=brief(value), **values)

    def _field(self, name: str, widget: w.Widget) -> w.Widget:
        """``widget``, marked with its one-line reason when the link's value was not taken."""
        problem = self.problems.get(name)
        if problem is None:
            return widget
        reason = w.HTML(f"<span class='kit-field-reason' style='{app_form.ERROR_STYLE}'>"
                        f"{html.escape(problem)}</span>")
        return w.VBox([classed(widget, "kit-field-error"), reason], layout=w.Layout(width="auto"))

    def _problems_html(self) -> str:
        if not self.problems:
            return ""
        t = self.t
        items = "".join(f"<li><b>{html.escape(app_form.field_label(t, self.game, k))}</b>: "
                        f"{html.escape(v)}</li>" for k, v in self.problems.items())
        return (f"<div class='kit-app-error' style='{app_form.ERROR_STYLE}'>"
                + html.escape(t("This link's values that the form could not take (the fields "
                                "are marked):")) + f"<ul>{items}</ul></div>")

    # -- the form -----------------------------------------------------------------------

    def _make_seats(self) -> None:
        n = self.players.value
        preset = self._preset_seats if self._preset_seats and len(
            self._preset_seats) == n else None
        self.seat_pickers, self.name_fields = [], []
        #: per seat: the chosen bot's one-line description (empty for a person)
        self.seat_helps: list[w.HTML] = []
        t, choices = self.t, app_form.seat_choices(self.game)
        for p in range(n):
            value = preset[p] if preset and preset[p] in choices else (
                "human" if p == 0 else "bot:rule")
            picker = classed(w.Dropdown(options=[(app_form.seat_label(t, c), c) for c in choices],
                                        value=value, description=t("Seat {n}", n=p + 1),
                                        tooltip=NO_TOOLTIP,
                                        layout=w.Layout(width="min(100%, 18em)"),
                                        style=WIDE_LABEL), f"kit-seat-picker-{p}")
            self.seat_pickers.append(picker)
            name = app_form.name_field(t, p)
            # (a bot has no name to give)
            name.layout.display = None if value == "human" else "none"
            picker.observe(lambda c, f=name: setattr(
                f.layout, "display", None if c["new"] == "human" else "none"), names="value")
            self.name_fields.append(name)
            # the chosen bot's one line: what kind of partner it is
            help_line = classed(w.HTML(app_form.bot_help_html(t, self.game, value)),
                                f"kit-seat-help-{p}")
            picker.observe(lambda c, h=help_line: setattr(h, "value", app_form.bot_help_html(
                t, self.game, c["new"])), names="value")
            self.seat_helps.append(help_line)
        self._seat_options()
        self.seat_box.children = [
            w.VBox([w.HBox([pick, name], layout=w.Layout(flex_flow="row wrap")), help_line])
            for pick, name, help_line in zip(self.seat_pickers, self.name_fields,
                                             self.seat_helps, strict=True)]

    def _seat_options(self) -> None:
        """A seat option offers the seats at the table (a seat past them is refused)."""
        n, t = self.players.value, self.t
        for option in sorted(app_form.SEAT_OPTIONS & set(getattr(self, "options", {}))):
            widget = self.options[option]
            keep = widget.value if widget.value < n else 0
            widget.options = [(t("Seat {n}", n=p + 1), p) for p in range(n)]
            widget.value = keep

    def settings(self) -> dict:
        """The form as board arguments (raises ConfigError for a bad seed)."""
        seed_text = self.seed.value.strip()
        if seed_text and (refused := seed_refused(seed_text)):
            raise refused
        seats = [p.value for p in self.seat_pickers]
        humans = seats.count("human")
        mode = self._mode(humans)
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

    def _mode(self, humans: int) -> str:
        """The board's mode: the form's teacher mode, else one person against bots or
        several people on this screen."""
        if self.mode.value == "teacher":
            return "teacher"
        return "playtest" if humans == 1 else "hotseat"

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
                                            "with ?record=0 to play without recording",
                                  code=NC_("error", "record_unavailable"), why=str(exc)) from exc
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
        self.resume_link = None
        game_id = self.board.record_id
        if game_id is not None:
            try:  # (only this page, and whoever it gives the link, can go on with the game)
                self._set_resume_link(game_id, self.recorder.lock_resume(game_id))
            except Exception as exc:  # a store failing now: the board shows it as it moves
                self._refuse(exc)
        return self._show(settings)

    def _set_resume_link(self, game_id: int, key: str) -> None:
        # (a teacher's game goes on as one, every hand open; in the page's language)
        teacher = self.board is not None and self.board.table.mode == "teacher"
        self.resume_link = (f"?resume={game_id}&key={quote(key)}"
                            + ("&mode=teacher" if teacher else "") + f"&lang={self.lang}")
        if self.board is not None:  # (the board's own link under its log carries it too)
            self.board.show_resume_key(key)
        if served_by_voila():  # (a reload, F5, goes on with the game, not a new one)
            self.address.url = self.resume_link

    def resume(self, game_id: int | str, key: str | None = None) -> Board | None:
        """Go on with recorded game ``game_id``, which did not finish, given the ``key``
        the page that started it showed (its link): its moves are replayed, the same seats
        sit down, and the moves to come are recorded with it."""
        from kit.record import RecordError, who_sat

        number = None
        try:
            number = parse_int(str(game_id), 1, 2**31 - 1)
            if number is None:
                raise ConfigError("resume", f"a recorded game's id (a number), not "
                                            f"{brief(str(game_id))}",
                                  code=NC_("error", "resume_id"), value=brief(str(game_id)))
            recorder = self._recorder()
            if recorder is None:
                raise ConfigError("resume", "this page records nothing (record=0): "
                                            "there is no recorded game to go on with",
                                  code=NC_("error", "resume_unrecorded"))
            # (another game's link: said before "it is over", which would offer its replay)
            if (other := app_result.recorded_game_of(recorder, number)) not in (None, self.game):
                raise ConfigError("resume", f"recorded game {game_id} is a {other} "
                                            f"game, not {self.game}",
                                  code=NC_("error", "resume_other_game"),
                                  number=game_id, game=other)
            state, record = recorder.resume(number, key=key, need_key=True)
            seats = [who_sat(label) for label in record.seats]  # as the board recorded them
            kinds = ["human" if kind == "human" else f"bot:{name}" if kind == "bot" else label
                     for (kind, name), label in zip(seats, record.seats, strict=True)]
            names = [name if kind == "human" else None for kind, name in seats]
            humans = kinds.count("human")
            settings = {"players": state.players, "seed": None, "seats": kinds,
                        "options": {k: v for k, v in state.options.items()
                                    if k not in app_form.HIDDEN_OPTIONS},
                        "mode": self._mode(humans),
                        "pause": float(self.pause.value)}
            if self.board is not None:
                self.board.close()
            self.board = board_class(self.game)(
                state, seats=kinds, mode=settings["mode"], pause=settings["pause"],
                names=names, recorder=recorder, record=record, lang=self.lang)
        except (ConfigError, RecordError, ValueError) as exc:
            # (at the top, where a link's problems go: the form below it is on offer)
            self.link_problems.value = self._refusal_html(exc)
            if getattr(exc, "code", None) == "resume_over" and number is not None:
                self._offer_replay(number)  # (the key was right: the game is theirs)
            elif getattr(exc, "code", None) == "resume_other_game" and number is not None:
                self.link_actions.children = [app_result.other_app_link(
                    self.t, self.lang, exc.params["game"], number, key)]
            return None
        self._set_resume_link(number, str(key))
        return self._show(settings)

    def _offer_replay(self, game_id: int) -> None:
        """Under the news that recorded game ``game_id`` is over, there being nothing to go
        on with: a button that replays it."""
        self.link_actions.children = [app_result.replay_button(
            self.t, lambda: self.replay_recorded(game_id))]

    def replay_recorded(self, game_id: int) -> Board | None:
        """Step through finished recorded game ``game_id`` (replay mode), seen by its first
        person's seat, each seat named as it was recorded."""
        from kit.record import RecordError

        try:
            state, names, seat = app_result.recorded_replay(self._recorder(), game_id, self.t)
        except (RecordError, ValueError, KeyError, IndexError) as exc:
            self.link_problems.value = self._refusal_html(exc)
            return None
        return self._show_replay(board_class(self.game)(
            state, mode="replay", seat=seat, names=names, lang=self.lang))

    def _refuse(self, exc: Exception) -> None:
        self.message.value = self._refusal_html(exc)

    def _refusal_html(self, exc: Exception) -> str:
        return (f"<div class='kit-app-error' style='{app_form.ERROR_COLOUR}'>"
                f"{html.escape(i18n.explain(exc, self.lang))}</div>")

    def _show(self, settings: dict) -> Board:
        """The new board in place of the form (``settings``: what "play again" reuses)."""
        self._settings = settings
        self.message.value = ""
        self.form.layout.display = "none"
        self.board.layout.width = "100%"
        self.board_box.children = [self.board]
        board = self.board
        board.observe(lambda _c: self._show_result(), names="result")
        self._show_result()
        return self.board

    def play_again(self) -> Board | None:
        """The same settings; a fresh seed unless the form fixed one."""
        return self.start(dict(self._settings or self.settings()))

    def replay(self) -> Board | None:
        """Step through the finished game, seen by its first human seat (replay mode)."""
        if self.board is None:
            return None
        humans = [p for p, k in enumerate(self.board.seat_kinds) if k == "human"] or [0]
        # (the seats named as the game named them: a bot's seat too)
        return self._show_replay(board_class(self.game)(
            self.board.state, mode="replay", seat=humans[0], names=list(self.board.names),
            lang=self.lang))

    def _show_replay(self, replay: Board) -> Board:
        """A replay in the board's place: it records nothing, so the page says nothing of
        recording under it. It opens at the deal, to be watched from the start."""
        replay.table.step(0)
        self.form.layout.display = "none"
        replay.layout.width = "100%"
        self.board_box.children = [replay]
        self.recording_note.value = ""
        if self.board is None:  # (a recorded game's replay, from its link: back to the form)
            again = classed(w.Button(description=self.t("Change the setup"),
                                     layout=WHOLE_LABEL), "kit-new-setup")
            again.on_click(lambda _b: self.new_setup())
            self.result_panel.children = [again]
        return replay

    def new_setup(self) -> None:
        """The form again, in the place of the board (and of any replay shown)."""
        for shown in self.board_box.children:
            if isinstance(shown, Board) and shown is not self.board:
                shown.close()
        if self.board is not None:
            self.board.close()
        self.board = None
        self.board_box.children = []
        self.result_panel.children = []
        self.recording_note.value = ""
        self.resume_link = None
        self.form.layout.display = None
        if self.address.url:  # (a reload now opens the form, not the game left)
            self.address.url = "?" + urlencode({k: v for k, v in self.params.items()
                                                if k not in ("start", "resume", "key")})

    def _show_result(self) -> None:
        """The result panel once the game is over, and what is recorded under the board
        (the link that goes on with the game only while there is a game to go on with)."""
        board = self.board
        self.result_panel.children = [] if board is None else app_result.result_panel(
            board, self.t, self.lang, play_again=self.play_again, replay=self.replay,
            new_setup=self.new_setup)
        if board is None:
            return
        note = self.consent.value if board.recording is not None else ""
        if self.resume_link is not None and board.result is None:
            note += app_result.resume_note(self.t, self.resume_link)
        self.recording_note.value = note
