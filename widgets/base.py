"""The shared base of the boards: one anywidget per game over :class:`Board`, a thin page
on a :class:`widgets.table.Table` (the game in play, its seats, bots, log and recording).

What reaches the browser (DESIGN.md, "Boards"): the synced traits below and nothing
else. Outside teacher mode, while the game lasts, they hold only ``view(seat)`` of the
seat shown, that seat's legal actions (JSON + readable phrase) and the recent events
visible to it (a game over may open the hands: :meth:`Board.hands_shown_open`); the state
lives in the kernel. Parts of the view that never change in a game (``STATIC``, such as
Waiting List's card catalogue) and the page's words go once per page, whatever the number
of boards (widgets/once_per_page.py): the traits hold their keys. The browser asks for
moves with
``model.send``; the kernel checks each (whose turn, which seat is shown, then the
engine's own ``apply``), and a forged or malformed one changes nothing and shows the
error. So does a trait set by the page: the board sets it back. The board's code (Preact,
base.js, the game's file, its CSS) is no trait: a board's ``_esm`` is a small loader
(:func:`loader`) and the page asks for the code once, too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import Any, ClassVar

import anywidget
import traitlets as t

import kit
from kit import i18n
from kit.contract import GameState
from kit.errors import ConfigError, IllegalAction
from kit.i18n import NC_, Words
from widgets.once_per_page import code_message, data_message, keep, kept, loader
from widgets.page_head import served_by_voila
from widgets.page_words import PAGE_WORDS
from widgets.recording import Recording
from widgets.table import Table
from widgets.viewer import Viewer

__all__ = ["Board", "loader"]

#: how many recent events the browser gets
RECENT_EVENTS = 12


class Board(anywidget.AnyWidget):
    """A game board. Subclasses set ``GAME``, ``_esm`` (:func:`loader`) and may
    override :meth:`event_text`, :meth:`teacher_hands`, :meth:`hands_shown_open` and
    :meth:`auto_move`.

    On a new game (``players``, ``seed``, ``options``), on ``state``, or on a ``table``
    already in play (``seat``: the seat this page shows). With ``recorder`` (a
    :class:`kit.record.Recorder`) the game is recorded, one commit per move; ``record``
    (from ``Recorder.resume``) goes on recording a game begun elsewhere. ``lang``: the
    language of everything the page shows (kit.i18n; None: the kit-wide one).
    ``restart=False``: no "start again" button on a teacher or lesson board (the page
    around it has its own).

    >>> from widgets.hanabi import HanabiBoard
    >>> board = HanabiBoard(players=3, seed=1, seats=["human", "bot:rule", "bot:rule"])
    >>> board.seat, board.state.to_act
    (0, 0)
    """

    GAME: ClassVar[str] = ""
    #: the game's own page words (added to PAGE_WORDS) and counted words
    WORDS: ClassVar[dict[str, str]] = {}
    PLURALS: ClassVar[dict[str, tuple[str, str]]] = {}
    #: keys of ``view(seat)`` that never change in a game and are the same for every
    #: seat: sent once per page (``static_key``)
    STATIC: ClassVar[tuple[str, ...]] = ()

    # -- synced traits: everything the browser gets -----------------------------------
    game = t.Unicode("").tag(sync=True)
    title = t.Unicode("").tag(sync=True)
    mode = t.Unicode("playtest").tag(sync=True)
    #: the seat shown (None: the spectator view, e.g. behind the privacy screen)
    seat = t.Int(None, allow_none=True).tag(sync=True)
    #: "human" | "bot:<name>" per seat, and the names shown
    seat_kinds = t.List(t.Unicode()).tag(sync=True)
    names = t.List(t.Unicode()).tag(sync=True)
    #: view(seat) of the seat shown, less its ``STATIC`` keys
    view = t.Dict().tag(sync=True)
    #: the key of the view's ``STATIC`` keys (the same for every seat all game), which
    #: the page asks for once (widgets/once_per_page.py): ``static`` has them here
    static_key = t.Unicode("").tag(sync=True)
    #: the shown seat's legal actions when it is its decision: [{"action": JSON, "text"}]
    legal = t.List().tag(sync=True)
    #: recent events visible to the seat shown: [{"n", "type", "text", "seat"}]
    events = t.List().tag(sync=True)
    #: the engine's (or the board's) message for the last rejected move
    error = t.Unicode("").tag(sync=True)
    #: hot-seat: the seat the device must be passed to (None: no privacy screen)
    privacy = t.Int(None, allow_none=True).tag(sync=True)
    #: result() once the game is over
    result = t.Dict(None, allow_none=True).tag(sync=True)
    #: teacher mode (or a game over, as the game allows): every seat's hand, built from
    #: the state in the kernel (:meth:`hands_shown_open`)
    open_hands = t.List().tag(sync=True)
    #: actions applied so far (replay: the position)
    moves = t.Int(0).tag(sync=True)
    #: replay: the number of actions of the game replayed
    replay_length = t.Int(0).tag(sync=True)
    #: the bot seat whose move is being awaited (None: none)
    thinking = t.Int(None, allow_none=True).tag(sync=True)
    #: browser messages answered so far (the page knows its click was heard)
    replies = t.Int(0).tag(sync=True)
    #: per seat: a human who auto-passes claim windows (Waiting List, WL-R3)
    auto_pass = t.List(t.Bool()).tag(sync=True)
    #: the recorded game's id, while it can be resumed (``?resume=`` in the app)
    record_id = t.Int(None, allow_none=True).tag(sync=True)
    #: the key that opens the recorded game again (``?resume=<id>&key=<key>``, issue 37):
    #: set by the app that holds it, for its own page's link only
    resume_key = t.Unicode(None, allow_none=True).tag(sync=True)
    #: teacher and lesson tables: a move can be taken back
    can_undo = t.Bool(False).tag(sync=True)
    #: teacher and lesson tables: the game can be started again (moves were made)
    can_restart = t.Bool(False).tag(sync=True)
    #: the page's language, and the key of its words (``words``), which the page asks
    #: for once (widgets/once_per_page.py)
    lang = t.Unicode("ru").tag(sync=True)
    words_key = t.Unicode("").tag(sync=True)
    #: whether the page is Voilà's (its language, title and focus are the board's to set)
    #: or JupyterLab's (they are Lab's): the kernel knows (widgets/page_head.py)
    voila = t.Bool().tag(sync=True)

    @t.default("voila")
    def _voila_default(self) -> bool:
        return served_by_voila()

    def __init__(self, state: GameState | None = None, *, players: int | None = None,
                 seed: int | None = None, options: dict | None = None,
                 seats: list[str] | None = None, mode: str = "playtest",
                 seat: int | None = None, names: list[str] | None = None, pause: float = 0.8,
                 recorder: Any = None, session: Any = None, record: Any = None,
                 table: Table | None = None, lang: str | None = None, restart: bool = True,
                 **kwargs: Any) -> None:
        # everything that can be refused is checked before the widget opens its comm: a
        # board refused leaves no widget behind (in the page's registry, say)
        #: the words of the page's language (``lang``; None: kit.i18n's kit-wide one)
        self.t = Words(lang)
        #: teacher and lesson tables: the board offers "start again" (False: the page
        #: around it has its own, as a guided lesson's and the classroom page's)
        self._restart = restart
        #: the table is this board's own (made here): closing the board puts it away
        self._own_table = table is None
        if table is None:
            if state is None:
                spec = kit.spec(self.GAME)
                state = kit.new_game(self.GAME, players if players is not None else
                                     spec.min_players, seed, **(options or {}))
            table = Table(state, seats=seats, mode=mode, names=names, pause=pause,
                          auto_move=self.auto_move)
            if record is not None or recorder is not None:
                try:
                    Recording(table, recorder, record=record, session=session)
                except Exception as exc:  # a broken database must not break the table
                    table.warn(f"recording failed: {exc}",
                               code=NC_("error", "recording_failed"), why=exc)
        if table.game != self.GAME:
            raise ConfigError("state", f"a {table.game} state on a {self.GAME} board",
                              code=NC_("error", "state_game_mismatch"),
                              game=table.game, board=self.GAME)
        #: the game in play this board shows, and what this page shows of it
        self.table = table
        self.viewer = Viewer(table, seat)
        #: per seat: (log epoch, events read, lines counted, the last lines), see _recent
        self._lines: dict[int | None, tuple[int, int, int, list[dict]]] = {}
        self._refused = ""
        self._pushing = False
        self._goal: dict | None = None
        self._tempt: list[dict] = []
        self._refusal_observers: list[Any] = []
        # (the comm opens with what the seat shown may see, and the keys of its static data)
        super().__init__(**{**self._values(), **kwargs})
        self.on_msg(self._on_msg)
        # (the board's own traits: those of every widget, such as its layout, are the page's)
        self.observe(self._page_wrote, names=[
            name for name in self.trait_names(sync=True) if not name.startswith("_")
            and name not in anywidget.AnyWidget.class_trait_names()])
        table.on_change(self._push)
        table.schedule()

    @property
    def state(self) -> GameState:
        """The table's game state (kernel only: never synced)."""
        return self.table.state

    @property
    def recording(self) -> Recording | None:
        return self.table.recording

    # -- what each game may override ------------------------------------------------------

    def event_text(self, ev: dict) -> str | None:
        """A readable line for an event in the page's language (None: not shown in the
        log); rendered when shown, from the language-neutral event."""
        fields = ", ".join(f"{k}={v}" for k, v in ev.items()
                           if k not in ("type", "visible_to", "seat"))
        return f"{self.who(ev.get('seat'))}{ev['type']}" + (f": {fields}" if fields else "")

    def action_text(self, action: dict) -> str:
        """A legal action as a phrase in the page's language (a button's tooltip, or its
        label when the drawing did not place it). Default: the action's type."""
        return action.get("type", "?")

    def teacher_hands(self) -> list:
        """Teacher mode: every seat's hand as the browser shows it (from each seat's view)."""
        return [self.state.view(p).get("hand") for p in range(self.state.players)]

    def hands_shown_open(self) -> list:
        """The hands the page sees open beside its view (``open_hands``): every hand in
        teacher mode (:meth:`teacher_hands`), none otherwise. A game may open them once
        the game is over (Hanabi's own hand, HB-2)."""
        return self.teacher_hands() if self.table.mode == "teacher" else []

    @staticmethod
    def auto_move(state: GameState, seat: int) -> Any:
        """A human seat's automatic move (e.g. auto-pass), or None. Default: none. (A
        static method: a table across devices takes it from the board's class, before any
        board is made, widgets/table_sync.py.)"""
        return None

    def who(self, seat: Any) -> str:
        """``"Seat 2: "`` for an event's seat, or ``""``."""
        return f"{self.name(seat)}: " if isinstance(seat, int) else ""

    def name(self, seat: int) -> str:
        """The name of ``seat`` as the page shows it: the one given, or "Seat N" (with its
        bot) in the page's language."""
        table = self.table
        if not 0 <= seat < len(table.kinds):
            return "?"
        if table.given_names[seat]:
            return table.given_names[seat]
        kind = table.kinds[seat]
        if kind == "human":
            return self.t("Seat {n}", n=seat + 1)
        bot = kind.split(":", 1)[1]
        return self.t("Seat {n} ({bot} bot)", n=seat + 1, bot=self.t.ctx("bot", bot))

    def explain(self, exc: Exception) -> str:
        """A refusal in the page's language, seats and cards by their names (a board with
        a ``card_name``: the deck file's, kit.i18n.explain)."""
        return i18n.explain(exc, self.t.lang, self.name, getattr(self, "card_name", None))

    def page_words(self) -> dict[str, Any]:
        """The ``words`` trait: the page's language, its words and counted words."""
        t = self.t
        return {"lang": t.lang,
                "words": {k: t(v) for k, v in {**PAGE_WORDS, **self.WORDS}.items()},
                "plurals": {k: t.forms(*v) for k, v in self.PLURALS.items()}}

    # -- what the page gets ---------------------------------------------------------------

    @contextmanager
    def _kernel_sets(self) -> Iterator[None]:
        """Traits set inside are the kernel's doing, not the page's (:meth:`_page_wrote`)."""
        self._pushing = True
        try:
            yield
        finally:
            self._pushing = False

    def _push(self) -> None:
        """Set every trait to what the seat shown may see now (one update message)."""
        values = self._values()
        with self._kernel_sets(), self.hold_sync():
            for name, value in values.items():
                setattr(self, name, value)

    def show_resume_key(self, key: str) -> None:
        """Give the page the key of its resume link (``resume_key``): the app that holds
        the key sets it, for its own page only."""
        with self._kernel_sets():
            self.resume_key = key

    def _values(self) -> dict[str, Any]:
        """Every synced trait as the seat shown may see it now (``static_key`` and
        ``words_key``: only until they are set, the same all game)."""
        table, viewer = self.table, self.viewer
        viewer.follow()
        state, seat = table.state, viewer.seat
        view = state.view(seat)
        static = {key: view.pop(key) for key in self.STATIC if key in view}
        values = {
            "game": self.GAME, "title": self.t.ctx("game", self.GAME, default=state.spec.title),
            "mode": table.mode,
            "seat_kinds": list(table.kinds),
            "names": [self.name(p) for p in range(len(table.kinds))],
            "seat": seat, "privacy": viewer.privacy, "view": view,
            "legal": self._lesson_marks([{"action": (j := a.to_json()), "text":
                                          self.action_text(j)} for a in state.legal_actions()]
                                         if viewer.may_move() else []),
            # (teacher mode: the public log, the same whichever seat is to act)
            "events": self._recent(None if table.mode == "teacher" else seat),
            "result": state.result() if state.over else None,
            "open_hands": self.hands_shown_open(),
            "moves": len(state.history), "replay_length": table.replay_length,
            "thinking": table.thinking(), "auto_pass": list(table.auto_pass),
            "error": self._refused or (self.explain(table.notice) if table.notice else ""),
            "record_id": None if state.over or table.recording is None
            else table.recording.id,
            "can_undo": table.can_undo,
            "can_restart": self._restart and table.can_restart,
        }
        if not self.static_key and static:
            values["static_key"] = keep(static)
        if not self.words_key:
            values["words_key"] = keep(self.page_words())
            values["lang"] = self.t.lang
        return values

    @property
    def static(self) -> dict[str, Any]:
        """The view's ``STATIC`` keys, as the page gets them once (``static_key``)."""
        return kept(self.static_key)

    @property
    def words(self) -> dict[str, Any]:
        """The page's words, as the page gets them once (``words_key``): {"lang",
        "words", "plurals"}."""
        return kept(self.words_key)

    # -- lesson mode (issue 40): the goal highlighted, a forbidden move offered ----------

    def tempt(self, goal: dict | None, tempting: list[dict] | None = None) -> None:
        """Lesson mode: mark the legal moves whose JSON has every key of ``goal`` (the page
        highlights them, ``kit-goal``) and offer the moves ``tempting`` as if they were
        legal (``kit-tempt``): the rules forbid them, so a click gets the engine's refusal
        on the board and changes nothing. ``tempt(None)`` clears both."""
        if self.table.mode != "lesson":
            raise ConfigError("mode", "only a lesson board offers goals and tempting moves",
                              code=NC_("error", "lesson_only"))
        self._goal, self._tempt = goal, [dict(a) for a in tempting or []]
        self._push()

    def on_refusal(self, callback: Any) -> None:
        """Call ``callback(exc, message)`` when a move sent by the page is refused."""
        self._refusal_observers.append(callback)

    def _lesson_marks(self, legal: list[dict]) -> list[dict]:
        if self._goal is None and not self._tempt:
            return legal
        goal = self._goal or {}
        for move in legal:
            if goal and all(move["action"].get(k) == v for k, v in goal.items()):
                move["goal"] = True
        shown = [move["action"] for move in legal]
        return legal + [{"action": a, "text": self.action_text(a), "tempt": True}
                        for a in self._tempt if legal and a not in shown]

    def _recent(self, seat: int | None) -> list[dict]:
        """The last ``RECENT_EVENTS`` log lines ``seat`` may see. Each carries ``n``, its
        number among the lines that seat has seen, so that the browser keeps a line's
        element as the log scrolls instead of rewriting every line."""
        table = self.table
        epoch, read, count, lines = self._lines.get(seat, (table.log_epoch, 0, 0, []))
        if epoch != table.log_epoch or read > table.log_length:  # rewritten: read afresh
            read, count, lines = 0, 0, []
        lines = list(lines)
        for ev in table.events(seat, since=read):
            if text := self.event_text(ev):
                lines.append({"n": count, "type": ev["type"], "text": text,
                              "seat": ev.get("seat")})
                count += 1
        lines = lines[-RECENT_EVENTS:]
        self._lines[seat] = (table.log_epoch, table.log_length, count, lines)
        return [dict(line) for line in lines]

    def _page_wrote(self, change: Any) -> None:
        """A trait set from outside :meth:`_push` (the page's state update): every synced
        trait is the kernel's to set, so it is set back, and the page told why."""
        if self._pushing:
            return
        self._refused = self.explain(IllegalAction(
            "action", f"the page may not set {change['name']}; moves are sent as messages",
            code=NC_("error", "page_may_not_set"), name=change["name"]))
        with self.hold_sync():
            self._push()
            self._answered()

    def _answered(self) -> None:
        """Count a page's message or write as answered (the page stops waiting)."""
        with self._kernel_sets():
            self.replies += 1

    # -- moves ----------------------------------------------------------------------------

    def act(self, action: Any) -> None:
        """Make the shown seat's move from Python (as a click would); IllegalAction if
        refused, changing nothing."""
        self._do(partial(self.viewer.move, action))

    def undo(self) -> None:
        """Teacher and lesson tables: take back the last human move."""
        self._do(self.table.undo)

    def restart(self) -> None:
        """Teacher and lesson tables: start again from the situation the table began
        with (the page's "start again" button sends ``{"kind": "restart"}``)."""
        self._do(self.table.restart)

    def _do(self, change: Callable[[], Any]) -> None:
        """``change()``, then the page shows the table anew (its last refusal gone)."""
        with self.hold_sync():
            change()
            self._refused = ""
            self._push()

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        """A message from the page; anything forged or malformed changes nothing and
        shows the error. Every message is answered (``replies``, in the same update); the
        page's requests for the board code and its static data (widgets/loader.js) by
        the code or the data itself."""
        kind = content.get("kind") if isinstance(content, dict) else None
        if kind in ("code", "data"):
            answer = (code_message(content.get("source")) if kind == "code" else
                      data_message(content.get("key"), (self.static_key, self.words_key)))
            if answer is not None:
                self.send(answer)
                return
        with self.hold_sync():
            try:
                self._handle(content)
            except IllegalAction as exc:
                self._refused = self.explain(exc)
                self._push()
                for callback in list(self._refusal_observers):
                    callback(exc, content)
            self._answered()

    def _handle(self, content: Any) -> None:
        rule = self.state.spec.action_rule
        if not isinstance(content, dict) or not isinstance(content.get("kind"), str):
            raise IllegalAction(rule, "malformed message: expected {'kind': ...}",
                                code=NC_("error", "malformed"))
        kind, mode = content["kind"], self.table.mode
        if kind == "act":
            action = content.get("action")
            if not isinstance(action, dict):
                raise IllegalAction(rule, "malformed move: 'action' must be an action dict",
                                    code=NC_("error", "malformed"))
            self._check_seen(content.get("at"))
            self.act(action)
        elif kind == "reveal":
            self._do(self.viewer.reveal)
        elif kind == "step" and mode == "replay":
            to = content.get("to")
            if not isinstance(to, int) or isinstance(to, bool):
                raise IllegalAction(rule, "malformed step: 'to' must be an integer",
                                    code=NC_("error", "malformed"))
            self._do(partial(self.table.step, to))
        elif kind == "seat" and mode in ("replay", "teacher"):
            self._do(partial(self.viewer.choose, content.get("seat")))
        elif kind in ("undo", "restart"):
            self._do(getattr(self.table, kind))
        elif kind == "auto_pass" and mode in ("playtest", "hotseat", "lesson", "table"):
            on = content.get("on")
            if not isinstance(on, bool) or self.viewer.seat is None:
                raise IllegalAction(rule, "malformed auto-pass: 'on' must be true or false",
                                    code=NC_("error", "malformed"))
            self._do(partial(self.table.set_auto_pass, self.viewer.seat, on))
        else:
            raise IllegalAction(rule, f"message {kind!r} is not accepted in {mode} mode",
                                code=NC_("error", "not_accepted"), kind=kind,
                                mode=self.t(PAGE_WORDS.get(f"mode_{mode}", mode)))

    def _check_seen(self, at: Any) -> None:
        """A table across devices: a move the page chose on a game that has since gone on
        (the same seat's other page moved first) is refused as such, not by whatever rule
        it breaks now. ``at``: the number of moves the page had seen (None: not said)."""
        if at is None or self.table.mode != "table":
            return
        if not isinstance(at, int) or isinstance(at, bool):
            raise IllegalAction(self.state.spec.action_rule,
                                "malformed move: 'at' must be an integer",
                                code=NC_("error", "malformed"))
        if at != len(self.state.history):
            raise IllegalAction("action",  # (no rule of the game: said without a rule id)
                                f"move {at + 1} was already made on another page",
                                code=NC_("error", "stale_move"), move=at + 1)

    def close(self) -> None:
        """Stop showing the table; a table of this board's own is put away (its bots
        stop, a move whose recording failed is tried once more)."""
        table = self.__dict__.get("table")  # (None: a board refused as it was made)
        if table is not None:
            table.forget(self._push)
            if self._own_table:
                table.cancel()
                if table.recording is not None:
                    table.recording.flush()
        super().close()
