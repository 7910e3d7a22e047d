"""The "Create a table" part of every playtest app's form (tables across devices, issue
39): the form's game, options, seats and language make a table of
:mod:`kit.record.tables`, and the host's page (:class:`widgets.shared_table.TableApp`)
takes the form's place."""

from __future__ import annotations

import html
from typing import Any
from urllib.parse import urlencode

import ipywidgets as w

from kit.errors import ConfigError, IllegalAction
from kit.i18n import NC_, Words
from kit.record.tables import TableStore
from widgets.app_form import NO_TOOLTIP, NOTE_STYLE, WHOLE_LABEL, classed
from widgets.shared_table import TableApp


def table_maker(app: Any) -> w.Widget:
    """The "Create a table" part of a playtest app's form (``app``: a
    :class:`widgets.app.PlaytestApp`): the form's game, options, seats (people or bots)
    and language make a table; the host's page takes the form's place."""
    t: Words = app.t
    teacher = classed(w.Checkbox(value=False, indent=False,  # (wide enough for ru/uk words)
                                 description=t("also make a teacher link (every hand open)"),
                                 tooltip=NO_TOOLTIP,
                                 layout=w.Layout(width="min(96%, 36em)")), "kit-table-teacher")
    button = classed(w.Button(description=t("Create a table"), icon="", layout=WHOLE_LABEL),
                     "kit-create-table")
    note = w.HTML(f"<span style='{NOTE_STYLE}'>" + html.escape(t(
        "A table: each person plays on their own phone or laptop, from a link or a QR "
        "code.")) + "</span>")

    def create(_b: Any) -> None:
        try:
            settings = app.settings()
            if "human" not in settings["seats"]:
                raise ConfigError("seats", "a table needs at least one person's seat",
                                  code=NC_("error", "table_no_person"))
            recorder = app._recorder()
            if recorder is None:
                raise ConfigError("record", "a table lives in the recordings store: open "
                                            "this page without record=0",
                                  code=NC_("error", "table_needs_store"))
            store = TableStore(recorder)
            made = store.create(app.game, settings["players"], settings["seats"],
                                options=settings["options"], seed=settings["seed"],
                                names=settings["names"], lang=app.lang,
                                pause=settings["pause"], teacher=teacher.value)
            query = {"table": made.code, "host": made.host_key, "lang": app.lang}
            if made.teacher_key:
                query["tkey"] = made.teacher_key
            host = TableApp(query=urlencode(query), store=store, lang=app.lang)
        except (ConfigError, IllegalAction, ValueError) as exc:
            app._refuse(exc)
            return
        app.message.value = ""
        app.form.layout.display = "none"
        app.board_box.children = [host]
        app.host_page = host

    button.on_click(create)
    return classed(w.VBox([w.HTML("<b>" + html.escape(t("Or play at a table")) + "</b>"), note,
                           teacher, button]), "kit-table-maker")

