"""Tables across devices (issue 39; DESIGN.md, "Boards"): one game, one page per seat on
each player's device, the recording store the single source of truth
(:mod:`kit.record.tables`).

- :class:`SharedTable` is one page's view of a table: its own :class:`widgets.table.Table`
  (mode ``table``; ``teacher`` for a teacher's page) replaying the moves the store holds
  through the engine. A move made here is written to the store before it takes effect
  (the table's ``before_move`` gate: the first write of a move number wins; a stale one
  is refused and the page catches up). New moves and seat changes are learnt by asking
  the store every :data:`POLL_S` (SQLite) or on PostgreSQL's NOTIFY. The bots move on
  the page that holds the table's lease. The page's board gets only its seat's view.
- :class:`TableApp` is ``notebooks/table_app.ipynb``: the join page (``?table=CODE``,
  ``&seat=N``), a seat's page (``&token=...``, what a reload or another device opens),
  the projector's (``&view=projector``), the teacher's (``&teacher=KEY``, every hand open,
  only when the host asked for it) and the host's (``&host=KEY``: links, QR codes, who
  is there, a bot for a player who left).
- :func:`table_maker` is the "Create a table" part of every app's form.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import os
import secrets
import time
from typing import Any
from urllib.parse import urlencode

import anywidget
import ipywidgets as w
import traitlets as tr

from kit import i18n
from kit.contract import GameState
from kit.errors import ConfigError, IllegalAction
from kit.i18n import NC_, Words
from kit.record.tables import LEASE_S, StaleMove, TableInfo, TableStore
from widgets.app import (
    LINK_STYLE,
    NOTE_STYLE,
    board_class,
    feedback_form,
    language_links,
    page_language,
    query_params,
    result_html,
)
from widgets.base import Board
from widgets.table import Table

#: how often a page asks the store for new moves (s): SQLite; PostgreSQL is woken by
#: NOTIFY and asks only every :data:`PG_POLL_S` besides
POLL_S = 0.05
PG_POLL_S = 1.0
#: how often a page renews the bots' lease, says it is there, reads who else is (s)
BEAT_S = 1.0
ERROR_STYLE = "color:#b3261e"


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def public_base() -> str:
    """The address of the notebooks as a phone reaches it: ``$KIT_PUBLIC_URL`` (e.g.
    ``http://192.168.1.20:8866/voila/render/``), else the server the page came from."""
    url = os.environ.get("KIT_PUBLIC_URL")
    if url:
        return url if url.endswith("/") else url + "/"
    host = os.environ.get("SERVER_NAME") or "127.0.0.1"
    port = os.environ.get("SERVER_PORT") or "8866"
    return f"http://{host}:{port}/voila/render/"


def table_link(code: str, lang: str, **params: Any) -> str:
    """The table page's address with ``params`` (absolute: it goes into QR codes)."""
    return public_base() + "table_app.ipynb?" + urlencode(
        {"table": code, **{k: v for k, v in params.items() if v is not None}, "lang": lang})


def qr_svg(url: str) -> str:
    """A QR code of ``url`` as inline SVG (segno)."""
    import segno

    return segno.make(url, error="m").svg_inline(scale=3, border=2)


class PageAddress(anywidget.AnyWidget):
    """Sets the browser's address to ``url`` without loading it (``history.replaceState``),
    so that a reload opens the seat taken (its token in the address), not the join page."""

    _esm = """
    function render({ model, el }) {
      const go = () => { const u = model.get("url"); if (u) history.replaceState(null, "", u); };
      go(); model.on("change:url", go);
    }
    export default { render };
    """
    url = tr.Unicode("").tag(sync=True)


class SharedTable:
    """One page's view of table ``code`` (``seat``: the page's seat; None: the public
    view; ``teacher``: every hand open). See the module's docstring."""

    def __init__(self, store: TableStore, code: str, seat: int | None = None, *,
                 teacher: bool = False) -> None:
        self.store = store
        info = store.info(code)
        self.code, self.game_id, self.seat = info.code, info.game_id, seat
        self.info = info
        cls = board_class(info.game)
        state = kit_state(info, store.moves(info.game_id))
        kinds = [s.kind for s in info.seats]
        self.table = Table(state, seats=kinds, mode="teacher" if teacher else "table",
                           names=[s.name for s in info.seats], pause=info.pause,
                           auto_move=cls.auto_move)
        self.table.bots_here = False
        self.table.takes_moves = seat is not None and not teacher
        self.table.before_move(self._write)
        #: this page's name for the bots' lease
        self.owner = secrets.token_hex(8)
        #: the page's seat went to a bot (the host replaced its player): it only watches
        self.seat_lost = False
        self._stamp = (len(state.history), info.version)
        self._listeners: list[Any] = []
        self._task: asyncio.Task | None = None
        self._wake: asyncio.Event | None = None
        self._stop_listening: Any = None
        self._beat = 0.0
        self.closed = False
        #: the notice shown when the store cannot be reached (None: all is well)
        self.trouble: str | None = None

    # -- what the page hears ----------------------------------------------------------------

    def on_info(self, callback: Any) -> None:
        """Call ``callback(info)`` when who sits where or who is there may have changed."""
        self._listeners.append(callback)

    def start(self) -> None:
        """Take part: the bots' lease, presence, and learning of new moves (a task on the
        running event loop; without one, call :meth:`sync` to catch up)."""
        self.beat(force=True)
        loop = _running_loop()
        if loop is None:
            return
        self._wake = asyncio.Event()
        wake = self._wake
        self._stop_listening = self.store.listen(
            lambda code: loop.call_soon_threadsafe(wake.set) if code == self.code else None)
        self._task = loop.create_task(self._run())

    async def _run(self) -> None:
        period = PG_POLL_S if self._stop_listening else POLL_S
        assert self._wake is not None
        while not self.closed:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=period)
            self._wake.clear()
            if self.closed:
                return
            try:
                self.sync()
                self.beat()
                self.trouble = None
            except Exception as exc:  # (a store gone for a while: said, asked again)
                self.trouble = str(exc)

    def sync(self) -> bool:
        """Catch up with the store: new moves, seats given to bots, names. True if
        anything changed."""
        moves, version = self.store.stamp(self.code, self.game_id)
        table = self.table
        changed = False
        if version != self._stamp[1]:
            self._reseat(self.store.info(self.code))
            changed = True
        if moves > len(table.state.history):
            before = len(table.state.history)
            table.catch_up(self.store.moves(self.game_id, before))
            changed = True
        self._stamp = (len(table.state.history), version)
        return changed

    def _reseat(self, info: TableInfo) -> None:
        table = self.table
        for s in info.seats:
            if s.kind != "human" and table.kinds[s.seat] == "human":
                table.seat_bot(s.seat, s.kind.split(":", 1)[1])
                if s.seat == self.seat:
                    self.seat_lost = True
                    table.takes_moves = False
            elif s.kind == "human":
                table.rename(s.seat, s.name)
        self._tell(info)

    def _tell(self, info: TableInfo) -> None:
        self.info = info
        for callback in list(self._listeners):
            callback(info)

    def beat(self, force: bool = False) -> None:
        """Every :data:`BEAT_S`: renew (or take) the bots' lease, say this seat's page is
        there, read who else is."""
        now = time.monotonic()
        if not force and now - self._beat < BEAT_S:
            return
        self._beat = now
        over = self.table.state.over
        if not over:
            holding = self.store.lease(self.code, self.owner, LEASE_S)
            if holding != self.table.bots_here:
                self.table.bots_here = holding
                self.table.schedule()
        if self.seat is not None and not self.seat_lost:
            self.store.heartbeat(self.code, self.seat)
        self._tell(self.store.info(self.code))

    # -- moves made here ----------------------------------------------------------------------

    def _write(self, after: GameState, seat: int | None, thinking: float) -> None:
        """The table's gate: a move made here is written first (the first write wins)."""
        seq = len(after.history) - 1
        try:
            self.store.append(self.code, self.game_id, seq, after.history[-1], thinking,
                              result=after.result() if after.over else None)
        except StaleMove:
            loop = _running_loop()
            if loop is not None:  # (after this move's refusal is shown: catch up)
                loop.call_soon(self._catch_up_quietly)
            raise

    def _catch_up_quietly(self) -> None:
        try:
            self.sync()
        except Exception as exc:
            self.trouble = str(exc)

    def close(self) -> None:
        """Stop taking part (the lease is given back for another page to take)."""
        if self.closed:
            return
        self.closed = True
        self.table.cancel()
        if self._wake is not None:
            self._wake.set()
        if self._stop_listening:
            self._stop_listening()
        with contextlib.suppress(Exception):  # (the store gone: the lease runs out)
            self.store.release(self.code, self.owner)


def kit_state(info: TableInfo, moves: list[dict]) -> GameState:
    """The table's game after ``moves`` (replayed through the engine)."""
    import kit

    state = kit.new_game(info.game, info.players, info.seed, **info.options)
    for action in moves:
        state.apply(action)
    return state


# ------------------------------------------------------------------------------ the pages


class TableApp(w.VBox):
    """``notebooks/table_app.ipynb``: which page it is comes from the query string (see
    the module's docstring). ``store``: a :class:`TableStore` (default: the recording
    store, ``$KIT_RECORD_URL``)."""

    def __init__(self, *, query: str | None = None, store: TableStore | None = None,
                 lang: str | None = None) -> None:
        super().__init__(layout=w.Layout(width="100%"))
        self.add_class("kit-app")
        self.add_class("kit-table-app")
        params = query_params(query)
        self.params = params
        self.lang = page_language(params, lang)
        self.t = Words(self.lang)
        self.shared: SharedTable | None = None
        self.board: Board | None = None
        self.address = PageAddress()
        self.message = w.HTML()
        self.message.add_class("kit-table-message")
        self.body = w.VBox(layout=w.Layout(width="100%"))
        self.presence = w.HTML()
        self.presence.add_class("kit-table-presence")
        self.result_box = w.VBox()
        self.result_box.add_class("kit-app-result-box")
        self.children = [w.HTML(language_links(self.lang, params)), self.message,
                         self.presence, self.body, self.result_box, self.address]
        self.store: TableStore | None = store
        try:
            self.store = store or TableStore()
            self._open(params)
        except (IllegalAction, ConfigError, ValueError) as exc:
            self.refuse(exc)
        except Exception as exc:  # (a store that cannot be opened: said, nothing starts)
            self.refuse(ConfigError("record", str(exc), code=NC_("error", "record_unavailable"),
                                   why=str(exc)))

    def refuse(self, exc: Exception) -> None:
        self.message.value = (f"<div class='kit-app-error kit-table-refused' "
                              f"style='{ERROR_STYLE}'>"
                              f"{html.escape(i18n.explain(exc, self.lang, self._seat_name))}</div>")

    def _seat_name(self, seat: int) -> str:
        return self.t("Seat {n}", n=seat + 1)

    def _open(self, params: dict[str, str]) -> None:
        code = params.get("table")
        if not code:
            return self._code_form()
        assert self.store is not None
        if "token" in params:
            seat = self.store.seat_of(code, params["token"])
            return self.show_seat(code, seat, params["token"])
        if "host" in params:
            self.store.check_key(code, params["host"], "host")
            teacher = params.get("tkey")
            if teacher:
                self.store.check_key(code, teacher, "teacher")
            return self.show_host(code, params["host"], teacher)
        if "teacher" in params:
            self.store.check_key(code, params["teacher"], "teacher")
            return self.show_watch(code, teacher=True)
        if params.get("view") == "projector":
            return self.show_watch(code)
        seat = params.get("seat")
        return self.show_join(code, int(seat) - 1 if seat and seat.isdigit() else None)

    # -- joining ------------------------------------------------------------------------------

    def _code_form(self) -> None:
        t = self.t
        code = w.Text(placeholder=t("table code"), description=t("Table"),
                      layout=w.Layout(width="14em"))
        code.add_class("kit-table-code-field")
        go = w.Button(description=t("Join the table"), button_style="primary")
        go.add_class("kit-table-join")

        def join(_b: Any) -> None:
            try:
                assert self.store is not None
                self.message.value = ""
                self.show_join(self.store.info(code.value).code, None)
            except (IllegalAction, ConfigError) as exc:
                self.refuse(exc)

        go.on_click(join)
        self.body.children = [w.HTML("<h2>" + t("Join a table") + "</h2>"),
                              w.HBox([code, go])]

    def show_join(self, code: str, chosen: int | None) -> None:
        """The join page: a name (optional), then a free seat."""
        assert self.store is not None
        info = self.store.info(code)
        t = self.t
        title = t.ctx("game", info.game, default=info.game)
        name = w.Text(placeholder=t("your name (optional)"), layout=w.Layout(width="16em"))
        name.add_class("kit-table-name")
        buttons = []
        for p in info.free:
            if chosen is not None and p != chosen and chosen in info.free:
                continue
            b = w.Button(description=t("Take seat {n}", n=p + 1), button_style="success")
            b.add_class(f"kit-take-seat-{p}")
            b.on_click(lambda _b, p=p: self._take(code, p, name.value))
            buttons.append(b)
        head = (f"<h2>{html.escape(title)} — " + t("table {code}", code=code) + "</h2>")
        if not buttons:
            head += f"<p style='{ERROR_STYLE}'>" + t(
                "Every seat of this table is taken. You can watch it on the projector's "
                "page.") + f" <a style='{LINK_STYLE}' href='" + html.escape(
                table_link(code, self.lang, view="projector")) + "'>" + t(
                "projector view") + "</a></p>"
        self.body.children = [w.HTML(head), name,
                              w.HBox(buttons, layout=w.Layout(flex_flow="row wrap"))]

    def _take(self, code: str, seat: int, name: str) -> None:
        assert self.store is not None
        try:
            token = self.store.take_seat(code, seat, name)
        except (IllegalAction, ConfigError) as exc:
            self.refuse(exc)
            self.show_join(code, None)
            return
        self.message.value = ""
        self.show_seat(code, seat, token)

    # -- playing ------------------------------------------------------------------------------

    def _board(self, code: str, seat: int | None, teacher: bool = False) -> Board:
        assert self.store is not None
        if self.shared is not None:
            self.shared.close()
        shared = self.shared = SharedTable(self.store, code, seat, teacher=teacher)
        cls = board_class(shared.info.game)
        board = cls(table=shared.table, seat=seat, lang=self.lang)
        board.layout.width = "100%"
        self.board = board
        shared.on_info(lambda info: self._presence(info))
        board.observe(lambda _c: self._show_result(), names="result")
        shared.table.on_change(self._presence_now)
        shared.start()
        self._show_result()
        return board

    def show_seat(self, code: str, seat: int, token: str) -> None:
        """A seat's page: its board, its link (a reload or another device comes back)."""
        board = self._board(code, seat)
        link = table_link(code, self.lang, token=token)
        self.address.url = "table_app.ipynb?" + link.split("?", 1)[1]
        t = self.t
        note = w.HTML(f"<p class='kit-seat-link' style='{NOTE_STYLE}'>" + t(
            "This page's address is your seat: open it again (a reload, another device) to "
            "come back to it. Keep it to yourself: whoever has it plays your seat.")
            + f" <a style='{LINK_STYLE}' href='{html.escape(link)}'>" + t("your seat's link")
            + "</a></p>")
        self.body.children = [board, note]

    def show_watch(self, code: str, teacher: bool = False) -> None:
        """The projector's page (the public view), or the teacher's (every hand open)."""
        board = self._board(code, None, teacher=teacher)
        t = self.t
        head = t("Teacher view: every hand is open. Do not show it to the players."
                 ) if teacher else t("Projector view: what every player may see.")
        banner = w.HTML(f"<p class='kit-table-view-note' style='font-weight:bold'>"
                        f"{html.escape(head)}</p>")
        self.body.children = [banner, board]

    def show_host(self, code: str, host_key: str, teacher_key: str | None = None) -> None:
        """The host's page: the table code, a join link and a QR code per free seat, the
        projector's link (and the teacher's, when asked for), who is there, and a bot for
        a player who left; the public view of the game under them."""
        board = self._board(code, None)
        self.host_key = host_key
        self.teacher_key = teacher_key
        self.links = w.HTML()
        self.links.add_class("kit-table-links")
        self.replace_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.address.url = "table_app.ipynb?" + table_link(
            code, self.lang, host=host_key, tkey=teacher_key).split("?", 1)[1]
        self.body.children = [self.links, self.replace_box, board]
        assert self.shared is not None
        self._host_panel(self.shared.info)

    def _host_panel(self, info: TableInfo) -> None:
        t, code, lang = self.t, info.code, self.lang
        join_words, projector_words = t("Join link"), t("Projector")
        teacher_words = t("Teacher (every hand open: not for the players)")
        title = t.ctx("game", info.game, default=info.game)
        parts = [f"<h2>{html.escape(title)} — " + t("table {code}", code=
                 f"<span class='kit-table-code' style='font-family:monospace;font-size:1.4em'>"
                 f"{code}</span>") + "</h2>"]
        join = table_link(code, lang)
        parts.append(f"<p>{join_words}: <a class='kit-join-link' style='{LINK_STYLE}' "
                     f"href='{html.escape(join)}'>{html.escape(join)}</a></p>")
        seats = []
        for p in info.free:
            url = table_link(code, lang, seat=p + 1)
            seats.append(f"<figure class='kit-seat-qr kit-seat-qr-{p}' style='display:inline-"
                         f"block;margin:0.5em;text-align:center'>{qr_svg(url)}<figcaption>"
                         f"<a style='{LINK_STYLE}' href='{html.escape(url)}'>"
                         + t("Seat {n}", n=p + 1) + "</a></figcaption></figure>")
        if seats:
            parts.append("<div>" + "".join(seats) + "</div>")
        projector = table_link(code, lang, view="projector")
        parts.append(f"<p>{projector_words}: <a class='kit-projector-link' style='{LINK_STYLE}' "
                     f"href='{html.escape(projector)}'>{html.escape(projector)}</a></p>")
        if self.teacher_key:
            teacher = table_link(code, lang, teacher=self.teacher_key)
            parts.append(f"<p>{teacher_words}: "
                         f"<a class='kit-teacher-link' style='{LINK_STYLE}' "
                         f"href='{html.escape(teacher)}'>{html.escape(teacher)}</a></p>")
        self.links.value = "".join(parts)
        buttons = []
        for s in info.seats:
            if s.kind == "human" and s.taken and not s.present and info.status != "finished":
                b = w.Button(description=t("Give seat {n} to a bot", n=s.seat + 1))
                b.add_class(f"kit-seat-bot-{s.seat}")
                b.on_click(lambda _b, p=s.seat: self._seat_bot(p))
                buttons.append(b)
        self.replace_box.children = buttons

    def _seat_bot(self, seat: int) -> None:
        assert self.store is not None and self.shared is not None
        try:
            self.store.seat_bot(self.shared.code, self.host_key, seat)
            self.shared.sync()
        except (IllegalAction, ConfigError) as exc:
            self.refuse(exc)

    # -- presence and the end -----------------------------------------------------------------

    def _presence_now(self) -> None:
        if self.shared is not None:
            self._presence(self.shared.info)

    def _presence(self, info: TableInfo) -> None:
        """Who sits where, who is connected, whose turn it is, the seats still free."""
        t = self.t
        shared, board = self.shared, self.board
        if shared is None or board is None:
            return
        to_act = shared.table.state.to_act
        rows = []
        for s in info.seats:
            if s.kind != "human":
                status = t("bot")
            elif not s.taken:
                status = t("free seat")
            elif s.present:
                status = t("connected")
            else:
                status = t("not connected")
            mine = " " + t("(you)") if s.seat == shared.seat else ""
            turn = " ◀ " + t("to move") if s.seat == to_act else ""
            rows.append(f"<li class='kit-presence-{s.seat}'>{html.escape(board.name(s.seat))}"
                        f"{html.escape(mine)}: {html.escape(status)}{html.escape(turn)}</li>")
        extra = ""
        if shared.seat_lost:
            extra = f"<p style='{ERROR_STYLE}'>" + html.escape(t(
                "The host gave your seat to a bot: this page only watches now.")) + "</p>"
        if shared.trouble:
            extra += f"<p style='{ERROR_STYLE}'>" + html.escape(t(
                "The table's store does not answer ({why}); trying again.",
                why=shared.trouble[:200])) + "</p>"
        text = (f"<div style='{NOTE_STYLE}'><b>" + html.escape(t("At the table")) +
                "</b><ul style='margin:0.2em 0'>" + "".join(rows) + "</ul>" + extra + "</div>")
        if self.presence.value != text:
            self.presence.value = text
        if getattr(self, "links", None) is not None:
            self._host_panel(info)

    def _show_result(self) -> None:
        board, shared = self.board, self.shared
        if board is None or shared is None or board.result is None:
            self.result_box.children = []
            return
        if self.result_box.children:
            return
        panel = w.HTML(result_html(board.result, list(board.names), self.t))
        panel.add_class("kit-app-result")
        children: list[w.Widget] = [panel]
        if shared.seat is not None:
            children.append(self._feedback_form(shared.seat))
        self.result_box.children = children

    def _feedback_form(self, seat: int) -> w.Widget:
        store, shared = self.store, self.shared
        assert store is not None and shared is not None
        return feedback_form(
            self.t, self.lang,
            lambda rating, text, unclear: store.feedback(
                shared.game_id, seat, rating=rating, text=text, unclear_rule=unclear))

    def close(self) -> None:
        if self.shared is not None:
            self.shared.close()
        super().close()


# ------------------------------------------------------------------- "Create a table"


def table_maker(app: Any) -> w.Widget:
    """The "Create a table" part of a playtest app's form (``app``: a
    :class:`widgets.app.PlaytestApp`): the form's game, options, seats (people or bots)
    and language make a table; the host's page takes the form's place."""
    t: Words = app.t
    teacher = w.Checkbox(value=False, indent=False,
                         description=t("also make a teacher link (every hand open)"))
    teacher.add_class("kit-table-teacher")
    button = w.Button(description=t("Create a table"), icon="")
    button.add_class("kit-create-table")
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
    box = w.VBox([w.HTML("<b>" + html.escape(t("Or play at a table")) + "</b>"), note,
                  teacher, button])
    box.add_class("kit-table-maker")
    return box


__all__ = ["PageAddress", "SharedTable", "TableApp", "kit_state", "public_base", "qr_svg",
           "table_link", "table_maker"]
