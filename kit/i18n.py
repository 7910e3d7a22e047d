"""The languages of what a person reads: Russian (the default), Ukrainian and English.

Messages are gettext catalogs, ``kit/locale/<lang>/LC_MESSAGES/kit.po``, managed with
Babel (``scripts/i18n``: extract, update). They are read with Babel's ``.po`` reader
when first needed, so a fresh clone needs no compile step and nothing generated. The
message ids are the English text, with ``{name}`` placeholders filled by
:meth:`Words.__call__`; Russian and Ukrainian carry their three plural forms
(1 карта / 2 карты / 5 карт, :meth:`Words.plural`).

Stored events and recordings never hold words: boards render them at display time.

>>> from kit import i18n
>>> i18n.words("uk").plural("{n} card", "{n} cards", 5)
'5 карт'
>>> i18n.words("ru")("Your move")
'Ваш ход'
"""

from __future__ import annotations

import functools
import gettext
import io
import re
from collections.abc import Callable
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from kit.errors import NC_, ConfigError, IllegalAction

#: the kit's languages, the default first
LANGUAGES = ("ru", "uk", "en")
DEFAULT = "ru"
#: each language's own name, as its switch shows it
NAMES = {"ru": "Русский", "uk": "Українська", "en": "English"}
LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "kit"

_current = DEFAULT


def check(lang: str) -> str:
    """``lang`` if it is one of :data:`LANGUAGES`, else ConfigError."""
    if lang not in LANGUAGES:
        raise ConfigError("lang", f"{lang!r} is not a language of the kit; choose one of "
                                  f"{list(LANGUAGES)}",
                          code=NC_("error", "option_choice"),
                          value=lang, choices=", ".join(LANGUAGES))
    return lang


def set_language(lang: str) -> None:
    """The kit-wide language of a notebook: boards made after this speak ``lang``."""
    global _current
    _current = check(lang)


def language() -> str:
    """The kit-wide language (:data:`DEFAULT` until :func:`set_language`)."""
    return _current


def choose(lang: str | None) -> str:
    """``lang`` checked, or the kit-wide language for None."""
    return _current if lang is None else check(lang)


def best_match(accept: str | None) -> str:
    """The kit's language for a browser's ``Accept-Language`` header (or
    ``navigator.languages`` joined by commas): the first of its languages the kit
    has, by preference, else :data:`DEFAULT`. ``be`` and other neighbours fall back to
    the default too: guessing is worse than Russian, which the whole classroom reads."""
    ranked = []
    for i, part in enumerate((accept or "").split(",")):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        if "q=" in params:  # (a weight that is not a number counts as none)
            m = re.search(r"q=([0-9]*\.?[0-9]+)\s*$", params)
            q = float(m.group(1)) if m else 0.0
        ranked.append((-q, i, tag.split("-")[0].strip().lower()))
    for _q, _i, code in sorted(ranked):
        if code in LANGUAGES:
            return code
    return DEFAULT


def catalog_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def translations(lang: str) -> gettext.GNUTranslations:
    """The catalog of ``lang`` as gettext translations, read from its ``.po`` file (the
    same object for every caller: read-only)."""
    with catalog_path(check(lang)).open("rb") as f:
        catalog = read_po(f, locale=lang, domain=DOMAIN)
    buf = io.BytesIO()
    write_mo(buf, catalog)  # (fuzzy entries are left out, as msgfmt does)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


class Words:
    """The words of one language: ``t = Words("uk")``; ``t("Seat {n}", n=2)``,
    ``t.plural("{n} card", "{n} cards", 3)``, ``t.ctx("option", "swap")``.

    The extraction keywords (``scripts/i18n``) are these calls' names: ``t``, ``plural``,
    ``ctx`` and :func:`N_` for text marked where it is defined and translated later.
    """

    def __init__(self, lang: str | None = None) -> None:
        self.lang = choose(lang)
        self._tr = translations(self.lang)

    def __call__(self, message: str, /, **args: object) -> str:
        text = self._tr.gettext(message)
        return text.format(**args) if args else text

    def plural(self, singular: str, plural: str, n: int, /, **args: object) -> str:
        """The form for ``n`` (``{n}`` is filled with it)."""
        return self._tr.ngettext(singular, plural, n).format(n=n, **args)

    def forms(self, singular: str, plural: str) -> list[str]:
        """Every plural form of a message, in the catalog's order (for the page, which
        picks one with ``Intl.PluralRules``: the boards' ``pageWords``)."""
        count = 3 if self.lang in ("ru", "uk") else 2
        # (n = 1, 2, 5 are the forms "one", "few", "many" in Russian and Ukrainian)
        return [self._tr.ngettext(singular, plural, n) for n in (1, 2, 5)[:count]]

    def ctx(self, context: str, message: str, /, default: str | None = None,
            **args: object) -> str:
        """``message`` in ``context``; ``default`` (if given) when the catalog has none."""
        text = self._tr.pgettext(context, message)
        if text == message and default is not None:
            text = default
        return text.format(**args) if args else text


def words(lang: str | None = None) -> Words:
    """The words of ``lang`` (None: the kit-wide language)."""
    return Words(lang)


def N_(message: str) -> str:
    """Mark ``message`` for the catalog; it is translated where it is shown."""
    return message


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a counted message (its singular and plural) for the catalog."""
    return singular, plural


def _own_words(exc: Exception) -> str:
    """The error's own English words; a problem of no rule (an IllegalAction whose
    ``rule`` is empty) says its message alone."""
    return exc.message if isinstance(exc, IllegalAction) and exc.rule == "" else str(exc)


def explain(exc: Exception, lang: str | None = None,
            name: Callable[[int], str] | None = None,
            card: Callable[[str], str] | None = None) -> str:
    """A refusal (:class:`~kit.errors.IllegalAction`, :class:`~kit.errors.ConfigError`)
    as a person reads it in ``lang``: its code's message (context ``error``) filled with
    its arguments, then an IllegalAction's rule id in brackets (none for the generic
    ``"action"``: a move that is no move of the game breaks no rule of it). An argument
    ``seat`` (``seat2``) becomes ``who`` (``who2``), the seat's name by ``name`` (else
    "Seat 2", numbered as on the board); an argument that is itself an error, its words;
    ``game`` a game's title, ``colour`` a colour's name, ``card`` the card's name by
    ``card`` (a board's: the deck file's, in its language); a ConfigError's ``option``
    is the option's label (or the file and entry it names) and its ``choices`` their
    labels. Without a code, or one the catalog does not know, the error's own English
    words (a RecordError's too)."""
    code = getattr(exc, "code", None)
    if not code:
        return _own_words(exc)
    t = Words(lang)
    text = t.ctx("error", code)
    if text == code:
        return _own_words(exc)
    params = dict(getattr(exc, "params", {}))
    for key, value in params.items():  # (an error given as the reason of another: its words)
        if isinstance(value, Exception):
            params[key] = explain(value, lang, name, card)
    if card is not None and isinstance(params.get("card"), str):
        params["card"] = card(params["card"])
    if isinstance(params.get("colour"), str):
        params["colour"] = t.ctx("colour", params["colour"], default=params["colour"])
    for key, who in (("seat", "who"), ("seat2", "who2")):  # (seats by their names)
        if key in params:
            seat = params[key]
            params[who] = (name(seat) if name else t("Seat {n}", n=seat + 1)) \
                if isinstance(seat, int) and not isinstance(seat, bool) else str(seat)
    if isinstance(params.get("game"), str):  # (a game by its title)
        params["game"] = t.ctx("game", params["game"], default=params["game"])
    if isinstance(exc, ConfigError):
        if isinstance(params.get("choices"), str):  # (an option's choices by their labels)
            params["choices"] = "; ".join(
                t.ctx("choice", f"{exc.option}.{c}", default=c)
                for c in params["choices"].split(", "))
        params.setdefault("option", t.ctx("option", exc.option, default=exc.option))
    try:
        text = text.format(**params)
    except (KeyError, IndexError, ValueError):  # (a catalog out of step: its words)
        return _own_words(exc)
    rule = getattr(exc, "rule", None)  # (an option's name is no words for a person)
    return f"{text} ({rule})" if rule and rule != "action" else text
