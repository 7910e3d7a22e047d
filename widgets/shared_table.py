"""Tables across devices (issue 39; DESIGN.md, "Boards"): one game, one page per seat on
each player's device, the recording store the single source of truth
(:mod:`kit.record.tables`).

- :class:`SharedTable` (widgets/table_sync.py) is one page's view of a table, kept in
  step with the store; the page's board gets only its seat's view. Its pages' addresses
  and QR codes: widgets/table_links.py.
- :class:`TableApp` is ``notebooks/table_app.ipynb``: the join page (``?table=CODE``,
  ``&seat=N``), a seat's page (``&token=...``, what a reload or another device opens),
  the projector's (``&view=projector``), the teacher's (``&teacher=KEY``, every hand open,
  only when the host asked for it) and the host's (``&host=KEY``: links, QR codes, who
  is there, a bot for a player who left, a new link for a seat whose link was lost).
- Every table page shows a :class:`widgets.presence.PagePulse`: a seat is «connected» and
  a page moves the bots only while its browser tab pings, and a page whose server stopped
  answering says so over itself, with a button that reloads it.
- :func:`widgets.table_maker.table_maker` is the "Create a table" part of every app's
  form.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from kit import i18n
from kit.errors import ConfigError, IllegalAction
from kit.i18n import NC_, Words
from kit.record.tables import CODE_LENGTH, TableInfo, TableRefused, TableStore
from widgets import board_class
from widgets.app_form import (
    ERROR_COLOUR,
    LINK_STYLE,
    NO_TOOLTIP,
    NOTE_STYLE,
    WHOLE_LABEL,
    classed,
    language_links,
    page_language,
    page_style,
    query_params,
)
from widgets.app_result import feedback_form, result_html
from widgets.base import Board
from widgets.page_head import page_head
from widgets.presence import PagePulse
from widgets.table_links import PageAddress, qr_svg, table_link
from widgets.table_sync import SharedTable

#: a refusal's colour on the table's pages
ERROR_STYLE = ERROR_COLOUR


class TableApp(w.VBox):
    """``notebooks/table_app.ipynb``: which page it is comes from the query string (see
    the module's docstring). ``store``: a :class:`TableStore` (default: the recording
    store, ``$KIT_RECORD_URL``)."""

    def __init__(self, *, query: str | None = None, store: TableStore | None = None,
                 lang: str | None = None) -> None:
        super().__init__(layout=w.Layout(width="100%"))
        classed(self, "kit-app", "kit-table-app")
        params = self.params = query_params(query)
        self.lang = page_language(params, lang)
        self.t = Words(self.lang)
        self.shared: SharedTable | None = None
        self.board: Board | None = None
        self.address = PageAddress()
        self.message = classed(w.HTML(), "kit-table-message")
        self.body = w.VBox(layout=w.Layout(width="100%"))
        self.presence = classed(w.HTML(), "kit-table-presence")
        self.result_box = classed(w.VBox(), "kit-app-result-box")
        #: the page's one heading (which table, or joining one) and its tab's title
        self.heading = classed(w.HTML(), "kit-table-heading")
        self.page_head = page_head(self.lang, "")
        #: the tab's own heartbeat, and its notice when the server does not answer
        self.pulse = PagePulse(reload_text=self.t("Reload the page"))
        self._lost_notice(seat=False)
        #: the host's: seat -> the new link it gave that seat (shown with its QR code)
        self.new_links: dict[int, str] = {}
        self._host_buttons: tuple = ()
        # (the forms' stylesheet: the feedback form's fields keep their words whole)
        self.children = [self.page_head, self.pulse,
                         w.HTML(page_style("app_form") + f"<div lang='{self.lang}'>"
                                + language_links(self.lang, params) + "</div>"),
                         self.heading, self.message,
                         self.presence, self.body, self.result_box, self.address]
        self.store: TableStore | None = store
        try:
            self.store = store or TableStore()
            self._open(params)
        except (IllegalAction, ConfigError, ValueError) as exc:
            self.refuse(exc)
            if self.board is None:  # (not a dead end: a code can still be typed)
                self._code_form()
        except Exception as exc:  # (a store that cannot be opened: said, nothing starts)
            self.refuse(ConfigError("record", str(exc), code=NC_("error", "record_unavailable"),
                                   why=str(exc)))

    def _lost_notice(self, seat: bool) -> None:
        """What the page says when its server stops answering (``seat``: a seat's page,
        whose address brings the seat back)."""
        t = self.t
        self.pulse.lost_text = t(
            "The connection to the server is lost: this page can neither make nor show "
            "moves now.") + " " + (t(
                "Reload the page: your seat comes back (its link is this page's address), "
                "with every move kept.") if seat else t(
                "Reload the page: the table comes back, with every move kept."))

    def _title(self, text: str, heading: str | None = None) -> None:
        """The page's heading ``text`` (``heading``: as HTML, else ``text`` escaped), also
        its tab's title."""
        self.heading.value = (f"<h1 lang='{self.lang}' style='font-size:1.5em;margin:0.3em 0'>"
                              f"{heading or html.escape(text)}</h1>")
        self.page_head.title = text

    def _table_title(self, game: str, code: str) -> None:
        self._title(self.t.ctx("game", game, default=game) + " — "
                    + self.t("table {code}", code=code))

    def refuse(self, exc: Exception) -> None:
        why = i18n.explain(exc, self.lang, lambda seat: self.t("Seat {n}", n=seat + 1))
        self.message.value = (f"<div class='kit-app-error kit-table-refused' "
                              f"style='{ERROR_STYLE}'>{html.escape(why)}</div>")

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
        view = params.get("view")
        if view == "projector":
            return self.show_watch(code)
        info = self.store.info(code)
        seat, chosen = params.get("seat"), None
        if view is not None:  # (said, and the join page as without it)
            self.refuse(TableRefused("no such page of a table", code=NC_("error", "bad_view"),
                                     value=view[:40]))
        elif seat is not None:
            number = int(seat) if seat.strip().isdigit() and len(seat) < 6 else None
            if number is None or not 1 <= number <= info.players:
                self.refuse(TableRefused("no such seat", code=NC_("error", "bad_seat_link"),
                                         value=seat[:40], players=info.players))
            else:
                chosen = number - 1
        return self.show_join(code, chosen)

    # -- joining ------------------------------------------------------------------------------

    def _code_form(self) -> None:
        t = self.t
        # (Enter, or leaving the field, sends it as «Join the table» does)
        code = classed(w.Text(placeholder=t("table code"), description=t("Table code"),
                              tooltip=NO_TOOLTIP, continuous_update=False,
                              layout=w.Layout(width="14em")), "kit-table-code-field")
        go = classed(w.Button(description=t("Join the table"), button_style="primary",
                              layout=WHOLE_LABEL), "kit-table-join")

        def join(_b: Any) -> None:
            if self.body.children and self.body.children[0] is not form:
                return  # (the field's Enter, then the button's click: joined already)
            if not code.value.strip():
                return
            try:
                assert self.store is not None
                self.message.value = ""
                self.show_join(self.store.info(code.value).code, None)
            except (IllegalAction, ConfigError) as exc:
                self.refuse(exc)

        def typed(_change: Any) -> None:
            # (leaving the field sends it too: only a whole code, not one half typed)
            if len(code.value.strip().replace(" ", "").replace("-", "")) == CODE_LENGTH:
                join(None)

        go.on_click(join)
        code.observe(typed, names="value")
        form = w.HBox([code, go])
        self._title(t("Join a table"))
        self.body.children = [form]

    def show_join(self, code: str, chosen: int | None, typed: str = "") -> None:
        """The join page: a name (optional; ``typed``: as typed before), then a free seat
        (``chosen``: the seat its link named, said up front when it is not free)."""
        assert self.store is not None
        info = self.store.info(code)
        t = self.t
        name = classed(w.Text(value=typed, placeholder=t("your name (optional)"),
                              description=t("Name"),
                              tooltip=NO_TOOLTIP, style={"description_width": "initial"},
                              layout=w.Layout(width="20em")), "kit-table-name")
        buttons = []
        for p in info.free:
            if chosen is not None and p != chosen and chosen in info.free:
                continue
            b = classed(w.Button(description=t("Take seat {n}", n=p + 1),
                                 button_style="success", layout=WHOLE_LABEL),
                        f"kit-take-seat-{p}")
            b.on_click(lambda _b, p=p: self._take(code, p, name.value))
            buttons.append(b)
        self._table_title(info.game, code)
        head = ""
        if chosen is not None and chosen not in info.free and buttons:
            head += f"<p class='kit-seat-not-free' style='{ERROR_STYLE}'>" + html.escape(t(
                "Seat {n} is taken already. Take one of the free seats below.",
                n=chosen + 1)) + "</p>"
        if not buttons:
            head += f"<p style='{ERROR_STYLE}'>" + t(
                "Every seat of this table is taken. You can watch it on the projector's "
                "page.") + f" <a style='{LINK_STYLE}' href='" + html.escape(
                table_link(code, view="projector")) + "'>" + t(
                "projector view") + "</a></p>"
        self.body.children = [w.HTML(head), name,
                              w.HBox(buttons, layout=w.Layout(flex_flow="row wrap"))]

    def _take(self, code: str, seat: int, name: str) -> None:
        assert self.store is not None
        try:
            token = self.store.take_seat(code, seat, name)
        except (IllegalAction, ConfigError) as exc:
            self.refuse(exc)
            self.show_join(code, None, name)  # (the name typed stays)
            return
        self.message.value = ""
        self.show_seat(code, seat, token)

    # -- playing ------------------------------------------------------------------------------

    def _board(self, code: str, seat: int | None, teacher: bool = False,
               token: str | None = None) -> Board:
        assert self.store is not None
        if self.shared is not None:
            self.shared.close()
        shared = self.shared = SharedTable(self.store, code, seat, teacher=teacher,
                                           token=token, alive=self.pulse.alive)
        self.pulse.on_back, self.pulse.on_gone = shared.back, shared.gone
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
        board = self._board(code, seat, token=token)
        self._lost_notice(seat=True)
        self._table_title(board.game, code)
        # (the page's own address keeps its language; the link to keep, the phone's own)
        self.address.url = "table_app.ipynb?" + table_link(
            code, self.lang, token=token).split("?", 1)[1]
        link = table_link(code, token=token)
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
        self._table_title(board.game, code)
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
        self.links = classed(w.HTML(), "kit-table-links")
        self.replace_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.address.url = "table_app.ipynb?" + table_link(
            code, self.lang, host=host_key, tkey=teacher_key).split("?", 1)[1]
        self.body.children = [self.links, self.replace_box, board]
        assert self.shared is not None
        self._host_panel(self.shared.info)

    def _host_panel(self, info: TableInfo) -> None:
        t, code = self.t, info.code

        def link(words: str, cls: str, url: str) -> str:
            return (f"<p>{words}: <a class='{cls}' style='{LINK_STYLE}' "
                    f"href='{html.escape(url)}'>{html.escape(url)}</a></p>")

        title = t.ctx("game", info.game, default=info.game)
        if not self.heading.value:  # (the code big: people copy it from the projector)
            self._title(f"{title} — " + t("table {code}", code=code), html.escape(title)
                        + " — " + t("table {code}", code="<span class='kit-table-code' style="
                                    f"'font-family:monospace;font-size:1.3em'>{code}</span>"))
        # (no language in them: each phone opens them in its own)
        parts = [link(t("Join link"), "kit-join-link", table_link(code))]
        seats = []

        def qr(cls: str, url: str, words: str) -> str:
            return (f"<figure class='{cls}' style='display:inline-block;margin:0.5em;"
                    f"text-align:center'>{qr_svg(url)}<figcaption><a style='{LINK_STYLE}' "
                    f"href='{html.escape(url)}'>{html.escape(words)}</a></figcaption></figure>")

        for p in info.free:
            seats.append(qr(f"kit-seat-qr kit-seat-qr-{p}", table_link(code, seat=p + 1),
                            t("Seat {n}", n=p + 1)))
        for p, url in sorted(self.new_links.items()):  # (the host gave a seat a new link)
            seats.append(qr(f"kit-new-seat-link kit-new-seat-link-{p}", url, t(
                "New link of seat {n} (the old one no longer works)", n=p + 1)))
        if seats:
            parts.append("<div>" + "".join(seats) + "</div>")
        parts.append(link(t("Projector"), "kit-projector-link",
                          table_link(code, view="projector")))
        if self.teacher_key:
            parts.append(link(t("Teacher (every hand open: not for the players)"),
                              "kit-teacher-link", table_link(code, teacher=self.teacher_key)))
        text = "".join(parts)
        if self.links.value != text:
            self.links.value = text
        playing = info.status != "finished"
        # (a seat nobody took, or one whose person left: the game would wait for it)
        bots = tuple(s.seat for s in info.seats if s.kind == "human" and not s.present
                     and playing)
        # (a person's seat whose link was lost: a new link, the old one void)
        renew = tuple(s.seat for s in info.seats if s.kind == "human" and s.taken and playing)
        if (bots, renew) == self._host_buttons:
            return  # (the same buttons: a tap is not lost to a button made anew)
        self._host_buttons = (bots, renew)
        buttons = []
        for p in bots:
            # (its words whole: «Отдать место 1 боту», not «Отдать место 1 ...»)
            b = classed(w.Button(description=t("Give seat {n} to a bot", n=p + 1),
                                 layout=WHOLE_LABEL), f"kit-seat-bot-{p}")
            b.on_click(lambda _b, p=p: self._seat_bot(p))
            buttons.append(b)
        for p in renew:
            b = classed(w.Button(description=t("New link for seat {n}", n=p + 1),
                                 layout=WHOLE_LABEL), f"kit-new-link-{p}")
            b.on_click(lambda _b, p=p: self.new_seat_link(p))
            buttons.append(b)
        self.replace_box.children = buttons

    def new_seat_link(self, seat: int) -> str | None:
        """A new link (and QR code) for ``seat``, a person's, whose link was lost: the old
        one stops working, the seat keeps its name and moves."""
        assert self.store is not None and self.shared is not None
        try:
            token = self.store.new_seat_link(self.shared.code, self.host_key, seat)
        except (IllegalAction, ConfigError) as exc:
            self.refuse(exc)
            return None
        self.message.value = ""
        url = self.new_links[seat] = table_link(self.shared.code, token=token)
        self._host_panel(self.store.info(self.shared.code))
        return url

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
        if shared.link_replaced:
            extra = f"<p class='kit-link-replaced' style='{ERROR_STYLE}'>" + html.escape(t(
                "The host gave your seat a new link: this one no longer plays it, this "
                "page only watches now.")) + "</p>"
        elif shared.seat_lost:
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
        children: list[w.Widget] = [
            classed(w.HTML(result_html(board.result, list(board.names), self.t)), "kit-app-result")]
        if (seat := shared.seat) is not None and (store := self.store) is not None:
            children.append(feedback_form(
                self.t, self.lang, shared.info.game,
                lambda rating, text, unclear: store.feedback(
                    shared.game_id, seat, rating=rating, text=text, unclear_rule=unclear)))
        self.result_box.children = children

    def close(self) -> None:
        if self.shared is not None:
            self.shared.close()
        super().close()
