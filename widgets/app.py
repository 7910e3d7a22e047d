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

import functools
import html
import math
import os
from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import parse_qs, quote

import ipywidgets as w

import kit
from kit import i18n
from kit.errors import ConfigError
from kit.i18n import N_, NC_, Words
from kit.paths import DATA_DIR
from widgets.base import Board

#: options a form does not offer (scripted deals and such are for tutorials and tests)
HIDDEN_OPTIONS = {"deal"}
#: options whose value is a seat (0-based in the engine): the form offers "Seat 1"...
#: as the board numbers them
SEAT_OPTIONS = {"first_dealer", "first_player"}
SEAT_CHOICES = ["human", "bot:rule", "bot:random"]


def seat_choices(game: str) -> list[str]:
    """What a seat of ``game`` can be: a person, or any bot the game declares (the rule
    and random bots first, then the others, such as Hanabi's convention bot)."""
    bots = kit.spec(game).declaration()["bots"]
    return SEAT_CHOICES + [f"bot:{b}" for b in bots if f"bot:{b}" not in SEAT_CHOICES]
MODE_CHOICES = [(N_("play (one person against bots, or several on this screen)"), "auto"),
                (N_("teacher: every hand open, for a projector"), "teacher")]
#: the bot pause a link may set (seconds)
PAUSE_RANGE = (0.0, 5.0)
#: a marked field's reason
ERROR_STYLE = "color:#b3261e;font-size:0.9em"
#: a small note's style, and a link's (the form is ipywidgets, outside the boards'
#: stylesheets, and the page's own leaves a link in a widget looking like plain text)
NOTE_STYLE = "font-size:0.9em;color:#444"
LINK_STYLE = "color:#0b57d0;text-decoration:underline"


def seat_label(t: Words, choice: str) -> str:
    """A seat choice ("human", "bot:rule") as the form's picker reads it."""
    return t("person") if choice == "human" else t("bot: {name}", name=t.ctx(
        "bot", choice.split(":", 1)[1]))


def bot_help(t: Words, game: str, choice: str) -> str:
    """The one line under a seat picker: what kind of partner the chosen bot is (context
    ``bot-help``, id ``<game>.<bot>``); nothing for a person."""
    if not choice.startswith("bot:"):
        return ""
    bot = choice.split(":", 1)[1]
    return t.ctx("bot-help", f"{game}.{bot}", default="")


def board_class(game: str) -> type[Board]:
    """The board class of ``game``."""
    from widgets import BOARDS

    if game not in BOARDS:
        raise ConfigError("game", f"no board for {game!r}; boards: {sorted(BOARDS)}",
                          code=NC_("error", "game_unknown"),
                          value=game, choices=", ".join(sorted(BOARDS)))
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


def data_set_name(t: Words, path: str) -> str:
    """A data set as a person reads it: a shipped one by its name in the page's language,
    another by its file name (deck.toml shows as "deck"), never as a server path."""
    return t.ctx("data-set", path, default=path.rsplit("/", 1)[-1].removesuffix(".toml"))


def _parse_int(text: str, low: int, high: int) -> int | None:
    text = text.strip()
    if not (text.lstrip("-").isdigit() and len(text) <= 20):
        return None
    value = int(text)
    return value if low <= value <= high else None


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


def _option_widget(game: str, name: str, opt: Any, preset: str | None, t: Words | None = None,
                   seats: int = 1) -> tuple[w.Widget | None, str | None]:
    """The form field of option ``name`` preset from the link, and why the link's value
    was not taken (None: taken, or none given)."""
    t = t or Words()
    if name in HIDDEN_OPTIONS:
        return None, (None if preset is None else t("not an option this form sets"))
    # a person reads the option's label; links and the query string keep its name
    label, doc = option_words(t, game, name, opt)
    style = {"description_width": "initial"}
    layout = w.Layout(width="min(96%, 36em)")
    problem = None
    if opt.choices or is_data_option(opt):
        choices = list(opt.choices) if opt.choices else list(shipped_data(game, name))
        value = next((c for c in choices if str(c) == preset), None)
        if value is None and opt.choices is None and preset is not None:
            # a shipped data set may be named by its file name alone (deck.toml)
            value = next((c for c in choices if c.rsplit("/", 1)[-1] == preset), None)
        labelled = [(t.ctx("choice", f"{name}.{c}", default=str(c)) if opt.choices
                     else data_set_name(t, str(c)), c) for c in choices]
        if preset is not None and value is None:  # (the list shows them, by their names)
            problem = (t("{value} is not one of this field's choices", value=_brief(preset))
                       if opt.choices else
                       t("{value} is not one of the data sets shipped with the kit",
                         value=_brief(preset)))
        return w.Dropdown(options=labelled, value=opt.default if value is None else value,
                          description=label, tooltip=doc, style=style,
                          layout=layout), problem
    if isinstance(opt.default, bool):
        value = opt.default
        if preset is not None:
            if preset.lower() in ("1", "true", "yes", "0", "false", "no"):
                value = preset.lower() in ("1", "true", "yes")
            else:
                problem = t("{value} is not yes or no (1 or 0)", value=_brief(preset))
        return w.Checkbox(value=value, description=label, tooltip=doc, indent=False,
                          style=style, layout=layout), problem
    if isinstance(opt.default, int):
        value = opt.default
        if preset is not None:
            got = _parse_int(preset, -2**31, 2**31 - 1)
            try:
                value = opt.validate(got) if got is not None else None
            except ConfigError as exc:
                problem = i18n.explain(exc, t.lang)
            if value is None:
                value = opt.default
                problem = problem or t("{value} is not a whole number", value=_brief(preset))
        if name in SEAT_OPTIONS:
            seats = max(seats, value + 1)
            return w.Dropdown(options=[(t("Seat {n}", n=p + 1), p) for p in range(seats)],
                              value=value, description=label, tooltip=doc, style=style,
                              layout=layout), problem
        return w.IntText(value=value, description=label, tooltip=doc, style=style,
                         layout=w.Layout(width="min(96%, 24em)")), problem
    if isinstance(opt.default, str):
        value = opt.default
        if preset is not None:
            try:
                value = opt.validate(preset)
            except ConfigError as exc:
                problem = i18n.explain(exc, t.lang)
        return w.Text(value=value, description=label, tooltip=doc, style=style,
                      layout=w.Layout(width="min(96%, 32em)")), problem
    return None, None


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
        #: the link's values the form could not take: field -> a one-line reason
        self.problems: dict[str, str] = {}
        self._reasons: dict[str, w.HTML] = {}
        record_param = params.get("record", "1")
        if record_param not in ("0", "1"):
            self.problems["record"] = t("{value} is not 0 or 1; the game is recorded",
                                        value=_brief(record_param))
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
            self.problems["players"] = t("{value} is not a number of players from {low} to "
                                         "{high}", value=_brief(players), low=low, high=high)
        self.players = w.Dropdown(
            options=list(range(low, high + 1)),
            value=chosen or low + (1 if high > low else 0),
            description=t("Players"), style={"description_width": "initial"},
            layout=w.Layout(width="min(100%, 12em)"))
        self.seat_box = w.VBox()
        self.seat_pickers: list[w.Dropdown] = []
        #: per seat: the player's name, optional (the consent note says it is recorded)
        self.name_fields: list[w.Text] = []
        self.players.observe(lambda _c: self._make_seats(), names="value")
        self._preset_seats = params["seats"].split(",") if params.get("seats") else None
        if self._preset_seats is not None:
            bad = [k for k in self._preset_seats if k not in seat_choices(game)]
            if bad:
                self.problems["seats"] = t("{value} is neither a person nor a bot of this game",
                                           value=_brief(bad[0]))
                self._preset_seats = None
            elif len(self._preset_seats) != self.players.value:
                self.problems["seats"] = t.plural(
                    "{n} seat named for {players} players", "{n} seats named for {players} "
                    "players", len(self._preset_seats), players=self.players.value)
                self._preset_seats = None
        self._make_seats()
        self.options = {}
        for name, opt in self.spec.options.items():
            widget, problem = _option_widget(game, name, opt, params.get(name), t,
                                             seats=self.spec.max_players)
            if problem:
                self.problems[name] = problem
            if widget is not None:
                self.options[name] = widget
        self._seat_options()
        #: each option's control with its one-line explanation under it (and its reason,
        #: when the link's value was not taken)
        self.option_rows = [self._field(name, w.VBox([widget, w.HTML(
            f"<div class='kit-option-help' style='{NOTE_STYLE};margin:0 0 0.4em 0'>"
            f"{html.escape(option_words(t, game, name, self.spec.options[name])[1])}"
            f" <span style='color:#888'>({html.escape(self.spec.options[name].rule or '')})"
            "</span></div>")])) for name, widget in self.options.items()]
        seed = params.get("seed", "").strip()
        if seed and _parse_int(seed, 0, 2**63 - 1) is None:
            self.problems["seed"] = i18n.explain(ConfigError(
                "seed", "not a deal number", code=NC_("error", "seed_number"),
                value=seed[:40]), t.lang)
            seed = ""
        self.seed = w.Text(value=seed, placeholder=t("random"),
                           description=t("Deal number (optional)"),
                           style={"description_width": "initial"},
                           layout=w.Layout(width="min(100%, 22em)"))
        self.seed.add_class("kit-seed")
        pause_text = params.get("pause")
        if pause_text is not None:
            try:
                pause_value = float(pause_text[:20])
            except ValueError:
                pause_value = math.nan
            if not PAUSE_RANGE[0] <= pause_value <= PAUSE_RANGE[1]:  # (nan fails too)
                self.problems["pause"] = t(
                    "{value} is not a number of seconds from {low} to {high}",
                    value=_brief(pause_text), low=f"{PAUSE_RANGE[0]:g}",
                    high=f"{PAUSE_RANGE[1]:g}")
            else:
                pause = pause_value
        self.pause = w.BoundedFloatText(value=min(max(pause, PAUSE_RANGE[0]), PAUSE_RANGE[1]),
                                        min=PAUSE_RANGE[0], max=PAUSE_RANGE[1],
                                        step=0.1, description=t("Bots' pause (s)"),
                                        style={"description_width": "initial"},
                                        layout=w.Layout(width="min(100%, 16em)"))
        mode = params.get("mode", "auto")
        if mode not in ("auto", "teacher"):
            self.problems["mode"] = t("{value} is not a mode of this form", value=_brief(mode))
            mode = "auto"
        self.mode = w.Dropdown(options=[(t(label), value) for label, value in MODE_CHOICES],
                               value=mode, description=t("Mode"),
                               style={"description_width": "initial"},
                               layout=w.Layout(width="min(100%, 32em)"))
        resume = params.get("resume")
        if resume is not None and _parse_int(resume, 1, 2**31 - 1) is None:
            self.problems["resume"] = i18n.explain(ConfigError(
                "resume", "not a recorded game's id", code=NC_("error", "resume_id"),
                value=_brief(resume)), t.lang)
        start = params.get("start")
        if start not in (None, "0", "1"):
            self.problems["start"] = t("{value} is not 0 or 1", value=_brief(start))
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
        #: the link's values not taken, above the form
        self.link_problems = w.HTML(self._problems_html())
        self.link_problems.add_class("kit-link-problems")
        rules = w.VBox(self.option_rows)
        #: links to this page in the other languages
        self.languages = w.HTML(language_links(self.lang, params))
        self.form = w.VBox([
            self.languages, self.link_problems,
            w.HTML("<b>" + t("Who plays") + "</b>"), self._field("players", self.players),
            self._field("seats", self.seat_box),
            w.HTML("<b>" + t("Variant and house rules") + "</b>"), rules,
            w.HBox([self._field("seed", self.seed), self._field("pause", self.pause)],
                   layout=w.Layout(flex_flow="row wrap")),
            self._field("mode", self.mode), self.consent, self.start_button, self.message])
        self.form.add_class("kit-setup")
        # "Create a table": the same game, options and seats, one device per person (issue 39)
        from widgets.shared_table import table_maker
        self.host_page: Any = None
        self.form.children = (*self.form.children, table_maker(self))
        self.board_box = w.Box(layout=w.Layout(width="100%"))
        self.result_panel = w.VBox()
        self.result_panel.add_class("kit-app-result-box")
        #: the page's title, what it is for, and the way back to every game
        self.header = w.HTML(self._header_html())
        self.header.add_class("kit-app-header")
        self.children = [self.header, self.form, self.board_box, self.recording_note,
                         self.result_panel]
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
        t = self.t
        items = "".join(f"<li><b>{html.escape(self._field_label(k))}</b>: {html.escape(v)}"
                        "</li>" for k, v in self.problems.items())
        return (f"<div class='kit-app-error' style='{ERROR_STYLE}'>"
                + html.escape(t("This link's values that the form could not take (the fields "
                                "are marked):")) + f"<ul>{items}</ul></div>")

    def _field_label(self, name: str) -> str:
        """A link parameter as the form's field label reads (an option by its label)."""
        t = self.t
        labels = {"players": t("Players"), "seats": t("Who plays"),
                  "seed": t("Deal number (optional)"), "pause": t("Bots' pause (s)"),
                  "mode": t("Mode"), "record": t("Recording"),
                  "resume": t("Going on with a recorded game"), "start": t("Start the game")}
        if name in labels:
            return labels[name]
        opt = self.spec.options.get(name)
        return option_words(t, self.game, name, opt)[0] if opt is not None else name

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

    def _make_seats(self) -> None:
        n = self.players.value
        preset = self._preset_seats if self._preset_seats and len(
            self._preset_seats) == n else None
        self.seat_pickers, self.name_fields = [], []
        #: per seat: the chosen bot's one-line description (empty for a person)
        self.seat_helps: list[w.HTML] = []
        for p in range(n):
            value = preset[p] if preset and preset[p] in seat_choices(self.game) else (
                "human" if p == 0 else "bot:rule")
            t = self.t
            choices = [(seat_label(t, c), c) for c in seat_choices(self.game)]
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
            # the chosen bot's one line: what kind of partner it is
            help_line = w.HTML(self._bot_help_html(value))
            help_line.add_class(f"kit-seat-help-{p}")
            picker.observe(lambda c, h=help_line: setattr(h, "value", self._bot_help_html(
                c["new"])), names="value")
            self.seat_helps.append(help_line)
        self._seat_options()
        self.seat_box.children = [
            w.VBox([w.HBox([pick, name], layout=w.Layout(flex_flow="row wrap")), help_line])
            for pick, name, help_line in zip(self.seat_pickers, self.name_fields,
                                             self.seat_helps, strict=True)]

    def _bot_help_html(self, choice: str) -> str:
        text = bot_help(self.t, self.game, choice)
        return (f"<div class='kit-bot-help' style='{NOTE_STYLE};margin:0 0 0.4em 0'>"
                f"{html.escape(text)}</div>") if text else ""

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
        if seed_text and _parse_int(seed_text, 0, 2**63 - 1) is None:
            raise ConfigError("seed", f"a whole number from 0 to 2**63 - 1, not "
                                      f"{_brief(seed_text)}",
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
        self.resume_link = f"?resume={game_id}&key={quote(key)}"
        if self.board is not None:  # (the board's own link under its log carries it too)
            self.board.resume_key = key

    def resume(self, game_id: int | str, key: str | None = None) -> Board | None:
        """Go on with recorded game ``game_id``, which did not finish, given the ``key``
        the page that started it showed (its link): its moves are replayed, the same seats
        sit down, and the moves to come are recorded with it."""
        from kit.record import RecordError, who_sat

        try:
            number = _parse_int(str(game_id), 1, 2**31 - 1)
            if number is None:
                raise ConfigError("resume", f"a recorded game's id (a number), not "
                                            f"{_brief(str(game_id))}",
                                  code=NC_("error", "resume_id"), value=_brief(str(game_id)))
            recorder = self._recorder()
            if recorder is None:
                raise ConfigError("resume", "this page records nothing (record=0): "
                                            "there is no recorded game to go on with",
                                  code=NC_("error", "resume_unrecorded"))
            state, record = recorder.resume(number, key=key, need_key=True)
            if record.game != self.game:
                raise ConfigError("resume", f"recorded game {game_id} is a {record.game} "
                                            f"game, not {self.game}",
                                  code=NC_("error", "resume_other_game"),
                                  number=game_id, game=record.game)
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
        self._set_resume_link(number, str(key))
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
        board.observe(lambda _c: self._show_result(), names="result")
        self._show_result()
        note = self.consent.value if board.recording is not None else ""
        if self.resume_link is not None:
            words = self.t("this link")
            link = (f"<a class='kit-resume-link' style='{LINK_STYLE}' "
                    f"href='{html.escape(self.resume_link)}'>{words}</a>")
            note += (f"<p style='{NOTE_STYLE}'>"
                     + self.t("To go on with this game later (a page closed or reloaded), "
                              "keep {link}: only it opens the game.", link=link) + "</p>")
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
        self.resume_link = None
        self.form.layout.display = None

    def _show_result(self) -> None:
        """The result panel, once the game is over."""
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
        seat = w.Dropdown(options=[(board.names[p], p) for p in humans] or [("—", 0)],
                          description=self.t("Seat"))
        return feedback_form(
            self.t, self.lang,
            lambda rating, text, unclear: board.recording.feedback(
                seat=seat.value, rating=rating, text=text, unclear_rule=unclear),
            before=[seat])


def feedback_form(t: Words, lang: str,
                  save: Callable[[int | None, str, str | None], None], *,
                  before: Sequence[w.Widget] = ()) -> w.Widget:
    """The feedback form under a finished game (a playtest app's, a table seat's):
    ``save(rating, text, unclear_rule)`` stores it; a store that fails is said in the
    page's language and the text is kept, to send again."""
    rating = w.ToggleButtons(options=[1, 2, 3, 4, 5], value=None,
                             description=t("Was it fun?"),
                             style={"description_width": "initial"})
    text = w.Textarea(placeholder=t("What was fun, what was confusing?"),
                      layout=w.Layout(width="min(100%, 36em)"))
    unclear = w.Text(placeholder=t("e.g. WL-6"), description=t("Unclear rule"),
                     style={"description_width": "initial"})
    sent = w.HTML()
    send = w.Button(description=t("Send feedback"))
    send.add_class("kit-send-feedback")

    def submit(_b: Any) -> None:
        try:
            save(rating.value, text.value, unclear.value or None)
        except Exception as exc:  # (a store gone: say so, keep the text to send again)
            sent.value = t("Not saved: {why}", why=html.escape(i18n.explain(exc, lang)))
            return
        sent.value = t("Thank you!")
        send.disabled = True

    send.on_click(submit)
    box = w.VBox([w.HTML("<b>" + t("Feedback") + "</b>"), *before, rating, text, unclear,
                  send, sent])
    box.add_class("kit-feedback")
    return box


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
