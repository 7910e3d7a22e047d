"""The playtest app's setup form, field by field: what a seat can be, the game's options
as widgets preset from the link (each with the reason a link's value was refused), the
shipped data sets a data option offers, the page's language and its switch
(widgets/app.py puts them together)."""

from __future__ import annotations

import functools
import html
import os
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import parse_qs

import ipywidgets as w

import kit
from kit import i18n
from kit.errors import ConfigError
from kit.i18n import N_, NC_, Words
from kit.paths import DATA_DIR

W = TypeVar("W", bound=w.DOMWidget)
#: a field's label in one piece, however long in the page's language
WIDE_LABEL = {"description_width": "initial"}
#: a labelled field's tooltip where it has none to give: ipywidgets 8 writes an unset
#: one (None) into its label's title, and the browser shows «null» over the label
NO_TOOLTIP = ""
#: a button as wide as its label (ipywidgets' default width cuts a Russian one short)
WHOLE_LABEL = w.Layout(width="auto")
#: options a form does not offer (scripted deals and such are for tutorials and tests)
HIDDEN_OPTIONS = {"deal"}
#: options whose value is a seat (0-based in the engine): the form offers "Seat 1"...
#: as the board numbers them
SEAT_OPTIONS = {"first_dealer", "first_player"}
SEAT_CHOICES = ["human", "bot:rule", "bot:random"]


def option_choices(game: str, name: str, opt: Any) -> tuple | None:
    """The values the form offers for option ``name`` (its default first), or None for a
    free field (a number, a flag)."""
    if opt.choices:
        return tuple(opt.choices)
    if is_data_option(opt):
        return shipped_data(game, name)
    if (game, name) == ("domino_metro", "zero_double"):
        # the entries of the scoring file the engine reads, as a dropdown, not a text field
        # where a person would have to know "lone_10" (DM-R4)
        from kit.domino_metro.scoring import load_scoring

        rules = load_scoring().zero_double
        return (opt.default, *(v for v in rules if v != opt.default))
    return None


def seat_choices(game: str) -> list[str]:
    """What a seat of ``game`` can be: a person, or any bot the game declares (the rule
    and random bots first, then the others, such as Hanabi's convention bot)."""
    bots = kit.spec(game).declaration()["bots"]
    return SEAT_CHOICES + [f"bot:{b}" for b in bots if f"bot:{b}" not in SEAT_CHOICES]
MODE_CHOICES = [(N_("play (one person against bots, or several on this screen)"), "auto"),
                (N_("teacher: every hand open, for a projector"), "teacher")]
#: the bot pause a link may set (seconds)
PAUSE_RANGE = (0.0, 5.0)
#: an error's colour, following JupyterLab's theme (widgets/page_theme.css), and a marked
#: field's reason
ERROR_COLOUR = "color:var(--kit-error,#b3261e)"
ERROR_STYLE = f"{ERROR_COLOUR};font-size:0.9em"
#: a small note's style, and a link's (the form is ipywidgets, outside the boards'
#: stylesheets, and the page's own leaves a link in a widget looking like plain text);
#: each colour follows JupyterLab's theme (widgets/page_theme.css), a fixed dark grey on
#: a dark theme vanished (#444 on #111: 1.9:1)
NOTE_STYLE = "font-size:0.9em;color:var(--kit-note,#444)"
LINK_STYLE = "color:var(--kit-link,#0b57d0);text-decoration:underline"
#: a rule id beside an option's explanation: quieter than the note, still 7:1 on white
#: (#888 was 3.5:1)
FAINT_STYLE = "color:var(--kit-faint,#595959)"


def seat_label(t: Words, choice: str) -> str:
    """A seat choice ("human", "bot:rule") as the form's picker reads it."""
    return t("person") if choice == "human" else t("bot: {name}", name=t.ctx(
        "bot", choice.split(":", 1)[1]))


def bot_help_html(t: Words, game: str, choice: str) -> str:
    """The one line under a seat picker: what kind of partner the chosen bot is (context
    ``bot-help``, id ``<game>.<bot>``); nothing for a person."""
    bot = choice.removeprefix("bot:")
    text = "" if bot == choice else t.ctx("bot-help", f"{game}.{bot}", default="")
    return (f"<div class='kit-bot-help' style='{NOTE_STYLE};margin:0 0 0.4em 0'>"
            f"{html.escape(text)}</div>") if text else ""


def query_params(query: str | None = None) -> dict[str, str]:
    """The page's query string as a flat dict (Voilà passes it as ``QUERY_STRING``)."""
    raw = os.environ.get("QUERY_STRING", "") if query is None else query
    return {k: v[-1] for k, v in parse_qs(raw[:8192]).items()}


def brief(text: str) -> str:
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


def parse_int(text: str, low: int, high: int) -> int | None:
    text = text.strip()
    if not (text.lstrip("-").isdigit() and len(text) <= 20):
        return None
    value = int(text)
    return value if low <= value <= high else None


def seed_refused(text: str) -> ConfigError | None:
    """Why ``text`` is not a deal number (None: it is one)."""
    if parse_int(text, 0, 2**63 - 1) is not None:
        return None
    return ConfigError("seed", f"a whole number from 0 to 2**63 - 1, not {brief(text)}",
                       code=NC_("error", "seed_number"), value=text[:40])


@functools.cache
def page_style(name: str) -> str:
    """A page's own stylesheet, ``widgets/<name>.css``, as a ``<style>`` element (after
    the colours that follow JupyterLab's theme, ``widgets/page_theme.css``)."""
    css = "".join((Path(__file__).parent / f"{file}.css").read_text(encoding="utf-8")
                  for file in ("page_theme", name))
    return f"<style>{css}</style>"


def classed(widget: W, *classes: str) -> W:
    """``widget`` with the CSS classes ``classes`` (the pages' tests find it by them)."""
    for cls in classes:
        widget.add_class(cls)
    return widget


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


def language_links(lang: str, params: dict[str, str] | None = None, *,
                   lab_hint: str | None = None) -> str:
    """Links to this page in each language (the other parameters kept), each name read in
    its own language. ``lab_hint``: what a notebook in JupyterLab shows instead (there a
    link's ``?lang=`` takes Lab's whole tab away from the notebook), when not served by
    Voilà (:func:`widgets.page_head.served_by_voila`)."""
    from urllib.parse import urlencode

    from widgets.page_head import served_by_voila

    if lab_hint is not None and not served_by_voila():
        return (f"<p class='kit-lang-hint' style='{NOTE_STYLE};margin:0.3em 0'>"
                f"{html.escape(lab_hint)}</p>")
    links = []
    for code in i18n.LANGUAGES:
        if code == lang:
            links.append(f"<b>{i18n.NAMES[code]}</b>")  # (in the page's own language)
        else:
            query = urlencode({**(params or {}), "lang": code})
            links.append(f"<a class='kit-lang-{code}' style='{LINK_STYLE}' hreflang='{code}' "
                         f"lang='{code}' href='?{html.escape(query)}'>{i18n.NAMES[code]}</a>")
    return "<nav class='kit-languages' style='margin:0.3em 0'>" + " · ".join(links) + "</nav>"


def option_words(t: Words, game: str, name: str, opt: Any) -> tuple[str, str]:
    """An option's label and one-line explanation in ``t``'s language, from the catalog
    (widgets/labels.py); an option it does not know yet shows its name and its
    declaration's own text."""
    label = t.ctx("option", name, default=name.replace("_", " "))
    return label, t.ctx("option-help", f"{game}.{name}", default=opt.doc)


def option_widget(game: str, name: str, opt: Any, preset: str | None, t: Words,
                  seats: int) -> tuple[w.Widget | None, str | None]:
    """The form field of option ``name`` preset from the link, and why the link's value
    was not taken (None: taken, or none given)."""
    if name in HIDDEN_OPTIONS:
        return None, (None if preset is None else t("not an option this form sets"))
    # a person reads the option's label; links and the query string keep its name
    label, doc = option_words(t, game, name, opt)
    style = WIDE_LABEL
    layout = w.Layout(width="min(96%, 36em)")
    problem = None
    offered = option_choices(game, name, opt)
    if offered is not None:
        choices = list(offered)
        value = next((c for c in choices if str(c) == preset), None)
        if value is None and is_data_option(opt) and preset is not None:
            # a shipped data set may be named by its file name alone (deck.toml)
            value = next((c for c in choices if c.rsplit("/", 1)[-1] == preset), None)
        named = not is_data_option(opt)  # (a data set: by its file's name)
        labelled = [(t.ctx("choice", f"{name}.{c}", default=str(c)) if named
                     else data_set_name(t, str(c)), c) for c in choices]
        if preset is not None and value is None:  # (the list shows them, by their names)
            problem = (t("{value} is not one of this field's choices", value=brief(preset))
                       if named else
                       t("{value} is not one of the data sets shipped with the kit",
                         value=brief(preset)))
        return w.Dropdown(options=labelled, value=opt.default if value is None else value,
                          description=label, tooltip=doc, style=style,  # (words: wider)
                          layout=w.Layout(width="min(96%, 44em)")), problem
    if isinstance(opt.default, bool):
        value = opt.default
        if preset is not None:
            if preset.lower() in ("1", "true", "yes", "0", "false", "no"):
                value = preset.lower() in ("1", "true", "yes")
            else:
                problem = t("{value} is not yes or no (1 or 0)", value=brief(preset))
        return w.Checkbox(value=value, description=label, tooltip=doc, indent=False,
                          style=style, layout=layout), problem
    if isinstance(opt.default, int):
        value = opt.default
        if preset is not None:
            got = parse_int(preset, -2**31, 2**31 - 1)
            try:
                value = opt.validate(got) if got is not None else None
            except ConfigError as exc:
                problem = i18n.explain(exc, t.lang)
            if value is None:
                value = opt.default
                problem = problem or t("{value} is not a whole number", value=brief(preset))
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


def field_label(t: Words, game: str, name: str) -> str:
    """A link parameter as the form's field label reads (an option by its label)."""
    labels = {"players": t("Players"), "seats": t("Who plays"),
              "seed": t("Deal number (optional)"), "pause": t("Bots' pause (s)"),
              "mode": t("Mode"), "record": t("Recording"),
              "resume": t("Going on with a recorded game"), "start": t("Start the game")}
    if name in labels:
        return labels[name]
    opt = kit.spec(game).options.get(name)
    return option_words(t, game, name, opt)[0] if opt is not None else name


def heading_html(text: str) -> str:
    """A part of a form as a heading (a screen reader lists and jumps to it), as big as
    the bold line it was."""
    return (f"<h2 class='kit-form-heading' style='font-size:1.1em;margin:0.5em 0 0.2em 0'>"
            f"{html.escape(text)}</h2>")


def header_html(t: Words, lang: str, game: str) -> str:
    """The app's title and the way back to the index (with the form's style)."""
    title = t.ctx("game", game, default=kit.spec(game).title)
    return (page_style("app_form") + f"<div lang='{lang}'>"
            f"<h1 style='font-size:1.5em;margin:0.2em 0'>{html.escape(title)}</h1>"
            f"<p style='margin:0.2em 0'><a style='{LINK_STYLE}' "
            f"href='index.ipynb?lang={lang}'>" + t("← all games") + "</a></p></div>")


def header(t: Words, lang: str, game: str) -> w.Widget:
    """The app's header (:func:`header_html`) with the page's head: its language and its
    tab's title (widgets/page_head.py)."""
    from widgets.page_head import page_head

    title = t("{game} — play", game=t.ctx("game", game, default=kit.spec(game).title))
    return classed(w.VBox([w.HTML(header_html(t, lang, game)), page_head(lang, title)]),
                   "kit-app-header")


def option_help_html(t: Words, game: str, name: str, opt: Any) -> str:
    """An option's one-line explanation under its field, with the rule it changes."""
    return (f"<div class='kit-option-help' style='{NOTE_STYLE};margin:0 0 0.4em 0'>"
            f"{html.escape(option_words(t, game, name, opt)[1])}"
            f" <span class='kit-rule-id' style='{FAINT_STYLE}'>({html.escape(opt.rule or '')})"
            "</span></div>")


def name_field(t: Words, seat: int) -> w.Text:
    """Seat ``seat``'s player's name, optional: labelled (a placeholder is no name for a
    screen reader, and it goes once something is typed)."""
    return classed(w.Text(placeholder=t("optional"), description=t("Name"), style=WIDE_LABEL,
                          tooltip=NO_TOOLTIP, layout=w.Layout(width="17em")),
                   f"kit-seat-name-{seat}")


def intro_html(t: Words) -> str:
    """What the form is for: part of the form, it goes with it once a game starts."""
    return ("<p class='kit-app-intro' style='margin:0.2em 0'>" + t(
        "Choose who plays (people or bots) and the house rules, then start. One "
        "person plays against bots; several people share this screen, with a "
        "privacy screen between turns; teacher mode opens every hand for a "
        "projector.") + "</p>")


def consent_html(t: Words, lang: str, record: bool) -> str:
    """What the app records, and how to play without (empty when it records nothing)."""
    if not record:
        return ""
    from kit.record import CONSENT_NOTE

    note = t.ctx("consent", "note", default=CONSENT_NOTE)
    return (f"<p style='{NOTE_STYLE}'>{html.escape(note)} " + t("Rather not be recorded?")
            + f" <a class='kit-no-record' style='{LINK_STYLE}' href='?record=0&amp;lang={lang}'>"
            + t("Play without recording") + "</a>.</p>")
