"""The shared base of the boards: one anywidget per game over :class:`Board`.

What reaches the browser (DESIGN.md, "Boards"): the synced traits below and
nothing else. Outside teacher mode they hold only ``view(seat)`` of the seat
shown, that seat's legal actions (JSON + readable phrase) and the recent events
visible to it; the state itself lives in the kernel (``board.state``, a plain
attribute, never synced). The browser asks for moves with ``model.send``; the
kernel checks each message (whose turn, which seat is shown, then the engine's
own ``apply``) and a forged or malformed one changes nothing and shows the error; so does
a state update from the page (the kernel sets every trait). An update carries the view,
the event log and the open hands as patches of what the page has (``widgets.patch``,
applied by ``base.js``), so a move sends what changed, not the whole view.

Modes:

- ``playtest``: one human seat is shown, the others are bots;
- ``hotseat``: several human seats share one screen, with a "pass the device"
  privacy screen between them (meanwhile only the spectator view is synced);
- ``teacher``: all hands open (``open_hands``, built in the kernel), for a
  projector; the teacher moves for every human seat;
- ``replay``: step forward and back through a game's history.

Bots reply from the kernel after ``pause`` seconds (on the kernel's event loop;
synchronously when there is no running loop, e.g. in plain Python and tests).
"""

from __future__ import annotations

import atexit
import contextlib
import hashlib
import random
import threading
import time
import uuid
import weakref
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, ClassVar

import anywidget
import traitlets as t
from traitlets.utils.bunch import Bunch

import kit
from kit.bots import make_bot
from kit.contract import GameState, visible
from kit.errors import ConfigError, IllegalAction
from widgets.loop import running_loop
from widgets.ready import Ready, ReadyAnswers

HERE = Path(__file__).parent
MODES = ("playtest", "hotseat", "teacher", "replay")
#: how many recent events the browser gets
RECENT_EVENTS = 12
#: at most this long (s) the :meth:`Board.after_update` callbacks wait for the update
#: to leave the kernel
UPDATE_OUT_WAIT_S = 0.05
#: s a recorded move waits, on the kernel's event loop, before it is written: meanwhile
#: the page draws the move without the database write (a commit) taking the machine from
#: it, which cost each click some 0.3 ms on two cores (issue 6's benchmark)
RECORD_AFTER_S = 0.03


def assets(name: str) -> tuple[str, str]:
    """The ES module and CSS of board ``name``: the vendored Preact (as a local
    ``preact`` object, see ``vendor/README.md``), the shared base and the game's own
    file (plain concatenation, no build step)."""
    preact = (HERE / "vendor" / "preact.umd.js").read_text(encoding="utf-8")
    code = ("// Preact, vendored (widgets/vendor/README.md); its UMD wrapper fills `preact`\n"
            "const preact = {};\n((exports, module) => {\n" + preact + "\n})(preact, {});\n"
            + (HERE / "base.js").read_text(encoding="utf-8") + "\n"
            + (HERE / f"{name}.js").read_text(encoding="utf-8"))
    # anywidget imports a fresh copy of the module for every widget; `kitWidget` keeps
    # the first copy of this very source, whose code the browser has already compiled.
    source = hashlib.sha256(code.encode()).hexdigest()[:16]
    esm = f'const KIT_SOURCE = "{name}:{source}";\n' + code
    css = (HERE / "base.css").read_text(encoding="utf-8") + "\n" + (
        HERE / f"{name}.css").read_text(encoding="utf-8")
    return esm, css


def parse_seats(seats: list[str] | None, players: int, mode: str) -> list[str]:
    """Seat kinds: ``"human"`` or ``"bot:<name>"`` (``"bot"`` means the rule bot).

    Default: playtest - seat 0 human, the others rule bots; other modes - all human.
    """
    if seats is None:
        seats = (["human"] + ["bot:rule"] * (players - 1) if mode == "playtest"
                 else ["human"] * players)
    if len(seats) != players:
        raise ConfigError("seats", f"{players} seats needed, not {len(seats)}")
    out = []
    for s in seats:
        if s == "bot":
            s = "bot:rule"
        if s != "human" and not (isinstance(s, str) and s.startswith("bot:")):
            raise ConfigError("seats", f"a seat is 'human' or 'bot:<name>', not {s!r}")
        out.append(s)
    humans = out.count("human")
    if mode == "playtest" and humans != 1:
        raise ConfigError("seats", f"playtest mode has exactly one human seat, not {humans}; "
                                   "use mode='hotseat' for several")
    if mode == "hotseat" and humans < 1:
        raise ConfigError("seats", "hot-seat mode needs at least one human seat")
    return out


def update_state(data: dict) -> dict | None:
    """The traits that a board's message to the page (``data``, as the comm sends it)
    updates, or None if it is no update (:meth:`Board.send_state`)."""
    content = data.get("content") if data.get("method") == "custom" else None
    return content.get("kit_update") if isinstance(content, dict) else None


class Board(ReadyAnswers, anywidget.AnyWidget):
    """A game board. Subclasses set ``GAME``, ``_esm``/``_css`` (:func:`assets`) and may
    override :meth:`event_text`, :meth:`teacher_hands` and :meth:`auto_move`.

    With ``recorder`` (a :class:`kit.record.Recorder`) the game is recorded, each move as
    it is made; ``record`` (from ``Recorder.resume``) goes on recording a game begun
    elsewhere, say on a page that was reloaded.

    >>> from widgets.hanabi import HanabiBoard
    >>> board = HanabiBoard(players=3, seed=1, seats=["human", "bot:rule", "bot:rule"])
    >>> board.seat, board.state.to_act
    (0, 0)
    """

    GAME: ClassVar[str] = ""
    #: the traits an update carries as a patch of what the page has (``widgets.patch``)
    PATCHED: ClassVar[tuple[str, ...]] = ("view", "events", "open_hands")

    # -- synced traits: everything the browser gets -----------------------------------
    game = t.Unicode("").tag(sync=True)
    title = t.Unicode("").tag(sync=True)
    mode = t.Unicode("playtest").tag(sync=True)
    #: the seat shown (None: the spectator view, e.g. behind the privacy screen)
    seat = t.Int(None, allow_none=True).tag(sync=True)
    #: "human" | "bot:<name>" per seat, and the names shown
    seat_kinds = t.List(t.Unicode()).tag(sync=True)
    names = t.List(t.Unicode()).tag(sync=True)
    #: view(seat) of the seat shown
    view = t.Dict().tag(sync=True)
    #: the shown seat's legal actions when it is its decision: [{"action": JSON, "text"}]
    legal = t.List().tag(sync=True)
    #: recent events visible to the seat shown: [{"type", "text", "seat"}]
    events = t.List().tag(sync=True)
    #: the engine's (or the board's) message for the last rejected move
    error = t.Unicode("").tag(sync=True)
    #: hot-seat: the seat the device must be passed to (None: no privacy screen)
    privacy = t.Int(None, allow_none=True).tag(sync=True)
    #: result() once the game is over
    result = t.Dict(None, allow_none=True).tag(sync=True)
    #: teacher mode only: every seat's hand, built from the state in the kernel
    open_hands = t.List().tag(sync=True)
    #: actions applied so far (replay: the position)
    moves = t.Int(0).tag(sync=True)
    #: replay: the number of actions of the game replayed
    replay_length = t.Int(0).tag(sync=True)
    #: the bot seat whose move is being awaited (None: none)
    thinking = t.Int(None, allow_none=True).tag(sync=True)
    #: browser messages answered so far
    replies = t.Int(0).tag(sync=True)
    #: per seat: a human who auto-passes claim windows (Waiting List, WL-R3)
    auto_pass = t.List(t.Bool()).tag(sync=True)
    #: the recorded game's id, while it can be resumed (``?resume=`` in the app)
    record_id = t.Int(None, allow_none=True).tag(sync=True)
    #: the widget's model id: the page finds by it the model its updates go into
    #: (:meth:`send_state`)
    kit_id = t.Unicode("").tag(sync=True)

    def __init__(self, state: GameState | None = None, *, players: int | None = None,
                 seed: int | None = None, options: dict | None = None,
                 seats: list[str] | None = None, mode: str = "playtest",
                 seat: int | None = None, names: list[str] | None = None, pause: float = 0.8,
                 recorder: Any = None, session: Any = None, bot_seed: int | None = None,
                 record: Any = None, **kwargs: Any) -> None:
        #: callbacks waiting for the update being held to go out (:meth:`after_update`)
        self._after_update: list[Callable[[], None]] = []
        #: the bots' pending step (set before anything can fail: ``close`` reads it)
        self._timer: Any = None
        #: recorded moves not yet written (:meth:`_record_soon`), and the timer that will
        self._unrecorded: list[tuple[dict, float, dict | None]] = []
        self._record_timer: Any = None
        #: why this board takes no more moves: its recorded game went on in another page
        self._went_on: str | None = None
        #: the ``PATCHED`` traits as the page has them, and the number of the last patch
        self._page: dict[str, Any] = {}
        self._patches = 0
        #: the answers to the moves offered, made ready (:mod:`widgets.ready`)
        self._ready = {}
        #: what :meth:`_sync` put, to be sent and then set on the traits (:meth:`hold_sync`)
        self._staged: dict[str, Any] = {}
        #: values sent within the hold (:meth:`_send_early`), set on the traits at its end
        self._sent_early: dict[str, Any] = {}
        # everything that can be refused is checked before the widget opens its comm: a
        # board refused leaves no widget behind (in the page's registry, say)
        if mode not in MODES:
            raise ConfigError("mode", f"{mode!r} is not a mode; choose one of {list(MODES)}")
        if state is None:
            spec = kit.spec(self.GAME)
            state = kit.new_game(self.GAME, players if players is not None else
                                 spec.min_players, seed, **(options or {}))
        elif state.spec.name != self.GAME:
            raise ConfigError("state", f"a {state.spec.name} state on a {self.GAME} board")
        kinds = parse_seats(seats, state.players, mode if mode != "replay" else "teacher")
        self._bots = {p: make_bot(self.GAME, k.split(":", 1)[1])
                      for p, k in enumerate(kinds) if k != "human"}
        # (a name left out, or None, is the seat's default name)
        names = list(names or [None] * len(kinds))
        if len(names) != len(kinds):
            raise ConfigError("names", f"{len(kinds)} names needed, not {len(names)}")
        super().__init__(**kwargs)
        self.state: GameState = state
        self.pause = float(pause)
        self.recorder = recorder
        self._record: Any = None
        self._log: list[dict] = []
        #: per seat: (log length read, lines seen, the last lines) for :meth:`_recent`
        self._lines: dict[int | None, tuple[int, int, list[dict]]] = {}
        self._since = time.monotonic()
        self._bot_rng = random.Random(state.seed if bot_seed is None else bot_seed)
        with self.hold_sync():
            self.game = self.GAME
            self.title = state.spec.title
            self.mode = mode
            self.seat_kinds = kinds
            self.names = [n or f"Seat {p + 1}" + (
                "" if k == "human" else f" ({k.split(':', 1)[1]} bot)")
                for p, (n, k) in enumerate(zip(names, kinds, strict=True))]
            self.auto_pass = [False] * state.players
        self._fixed_seat = seat
        self.on_msg(self._on_msg)
        if mode == "replay":
            self._full_history = [dict(a) for a in state.history]
            self._replay_events = self._event_log_of(state)
            self.replay_length = len(self._full_history)
            self._shown = seat if seat is not None else 0
            self._goto(len(self._full_history))
        else:
            self._shown = self._first_seat(seat)
            self._log = self._events_so_far(state)
            if record is not None:  # a recorded game resumed (Recorder.resume): go on
                self._record = record
            elif recorder is not None:
                self._start_record(session)
            self._sync()
            self._schedule()

    # -- what each game may override ------------------------------------------------------

    def event_text(self, ev: dict) -> str | None:
        """A readable line for an event (None: not shown in the log)."""
        fields = ", ".join(f"{k}={v}" for k, v in ev.items()
                           if k not in ("type", "visible_to", "seat"))
        return f"{self.who(ev.get('seat'))}{ev['type'].replace('_', ' ')}" + (
            f": {fields}" if fields else "")

    def teacher_hands(self) -> list:
        """Teacher mode: every seat's hand as the browser shows it (from each seat's view)."""
        return [self.state.view(p).get("hand") for p in range(self.state.players)]

    # -- helpers --------------------------------------------------------------------------

    def who(self, seat: Any) -> str:
        """``"Seat 2: "`` for an event's seat, or ``""``."""
        if isinstance(seat, int) and 0 <= seat < len(self.names):
            return f"{self.names[seat]}: "
        return ""

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.seat_kinds[seat] == "human"

    def _first_seat(self, seat: int | None) -> int | None:
        humans = [p for p, k in enumerate(self.seat_kinds) if k == "human"]
        if self.mode == "playtest":
            return humans[0]
        if self.mode == "teacher":
            return seat if seat is not None else self.state.to_act
        # hot-seat: the privacy screen comes first; nothing is shown until a seat says so
        return None

    def _record_call(self, method: str, *args: Any, **kwargs: Any) -> Any:
        """Call the recorder; a recording failure is shown, never stops the game."""
        try:
            target = self._record if method != "start_game" else self.recorder
            return getattr(target, method)(*args, **kwargs)
        except Exception as exc:  # a broken database must not break the table
            if _went_on_elsewhere(exc):
                self._stop_here(exc)
            else:
                self.error = f"recording failed: {exc}"
            return None

    def _stop_here(self, exc: Any) -> None:
        """The recorded game went on in another page (resumed there, which moved first):
        this board's moves could no longer be recorded, so it takes no more (nor do its
        bots) and says where the game is, rather than play on unrecorded."""
        self._unrecorded.clear()
        self._went_on = (
            f"game {exc.game_id} went on in another page, which recorded its move "
            f"{exc.seq + 1} first; the moves made here since are not recorded, so this "
            f"board stops. Open this app with ?resume={exc.game_id} to go on with the game "
            "as recorded")
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        with self.hold_sync():
            self.error = self._went_on
            self._sync()

    def _start_record(self, session: Any) -> None:
        labels = [("human:" + n) if k == "human" else k
                  for n, k in zip(self.names, self.seat_kinds, strict=True)]
        self._record = self._record_call("start_game", self.state, seats=labels,
                                         session=session)
        for action in self.state.history:  # a prepared situation: its moves so far
            if self._record is not None:
                self._record_call("action", action, thinking_time=None)

    # -- syncing --------------------------------------------------------------------------

    def _sync(self, ready: Ready | None = None) -> None:
        """Push what the seat shown may know (one update message): as ``ready`` made it,
        if the move was answered ready (:mod:`widgets.ready`)."""
        if ready is not None:
            self._lines[self._shown] = ready.lines
            with self.hold_sync():
                self._staged.update(ready.values)
            return
        state, seat = self.state, self._shown
        to_act = state.to_act
        if self.mode == "hotseat":
            if self.is_human(to_act) and to_act != seat:
                seat = self._shown = None
                privacy = to_act
            else:
                privacy = None
        elif self.mode == "teacher" and self._fixed_seat is None:
            seat = self._shown = to_act if to_act is not None else self._shown
            privacy = None
        else:
            privacy = None
        with self.hold_sync():  # (sent first, then set on the traits: see hold_sync)
            self._staged.update(self._values(state, seat, privacy, self._recent(seat)))

    def _values(self, state: GameState, seat: int | None, privacy: int | None,
                events: list[dict]) -> dict[str, Any]:
        """The traits that show ``state`` to ``seat`` (``events``: its recent lines).
        Teacher mode's open hands are those of ``self.state``."""
        to_act = state.to_act
        can_act = (self.mode != "replay" and to_act is not None and to_act == seat
                   and self.is_human(to_act) and self._went_on is None)
        return {
            "privacy": privacy, "seat": seat, "view": state.view(seat),
            "legal": ([{"action": a.to_json(), "text": str(a)} for a in
                       state.legal_actions()] if can_act else []),
            "events": events,
            "result": state.result() if state.over else None,
            "open_hands": self.teacher_hands() if self.mode == "teacher" else [],
            "moves": len(state.history),
            "thinking": (to_act if to_act is not None and not self.is_human(to_act)
                         and self.mode != "replay" and self._went_on is None else None),
            # (a recorder's game record has its id; a stand-in may have none)
            "record_id": None if state.over else getattr(self._record, "id", None),
        }

    def _recent(self, seat: int | None) -> list[dict]:
        """The last ``RECENT_EVENTS`` log lines ``seat`` may see. Each carries ``n``, its
        number among the lines that seat has seen, so that the browser keeps a line's
        element as the log scrolls (a keyed list) instead of rewriting every line."""
        entry = self._lines[seat] = self._lines_after(seat, self._log)
        return list(entry[2])

    def _lines_after(self, seat: int | None, log: list[dict]) -> tuple[int, int, list[dict]]:
        """``seat``'s entry of ``_lines`` once it has read ``log`` (the entry stored is
        left as it is)."""
        scanned, count, lines = self._lines.get(seat, (0, 0, []))
        if scanned > len(log):  # a replay stepped back: the log is shorter
            scanned, count, lines = 0, 0, []
        lines = list(lines)
        for ev in log[scanned:]:
            if visible(ev, seat) and (text := self.event_text(ev)):
                lines.append({"n": count, "type": ev["type"], "text": text,
                              "seat": ev.get("seat")})
                count += 1
        return (len(log), count, lines[-RECENT_EVENTS:])

    # -- moves ----------------------------------------------------------------------------

    def _apply(self, action: Any, ready: Ready | None = None) -> None:
        """Apply one action of ``to_act`` (raises IllegalAction, changing nothing), or
        take over the state ``ready`` made with it.

        A recorded game writes the action (and the result, at the end) after the board's
        update has gone out (:meth:`after_update`) and the page has had time to draw it
        (:meth:`_record_soon`): a database write no longer holds up what the players see
        nor competes with the page for the machine. The writes keep the moves' order."""
        if ready is None:
            events = self.state.apply(action)
        else:  # (the same state object: the recording holds it)
            self.state.take_over(ready.state)
            events = ready.events
        now = time.monotonic()
        thinking, self._since = now - self._since, now
        self._log.extend(events)
        if self._record is not None:
            result = self.state.result() if self.state.over else None
            self._unrecorded.append((self.state.history[-1], thinking, result))
            self.after_update(self._record_soon)

    def _record_soon(self) -> None:
        """Write the moves waiting to be recorded in ``RECORD_AFTER_S`` on the kernel's
        event loop; at once, as the bots move (:meth:`_schedule`), without a pause or a
        running loop (plain Python, tests). A board closed, or a kernel that exits,
        writes them first (:meth:`close`, :func:`_record_all`)."""
        loop = running_loop()
        if loop is None or self.pause <= 0:
            self._record_now()
            return
        if self._record_timer is None:
            _UNRECORDED.add(self)
            self._record_timer = loop.call_later(RECORD_AFTER_S, self._record_now)

    def _record_now(self) -> None:
        """Write the moves waiting to be recorded, in order."""
        if self._record_timer is not None:
            self._record_timer.cancel()
            self._record_timer = None
        _UNRECORDED.discard(self)
        todo, self._unrecorded = self._unrecorded, []
        if self._went_on is not None:  # (it stopped: what it does goes unrecorded)
            return
        for action, thinking, result in todo:
            self._record_call("action", action, thinking_time=thinking)
            if self._went_on is not None:  # (refused: the game went on elsewhere)
                break
            if result is not None:
                self._record_call("finish", result)

    def act(self, action: Any) -> None:
        """Make a human move from Python (as a click would); IllegalAction if refused.

        A move whose answer was made ready (:mod:`widgets.ready`) is answered as made, and
        its update goes out before the board takes the move (:meth:`_send_early`): the
        page gets it without waiting for the kernel's bookkeeping of the move. (Nor is it
        checked again: an answer is made only for a move offered to the seat shown, whose
        turn it is, and is good only while what that was found from is unchanged,
        :meth:`_take_ready`.)"""
        ready = self._take_ready(action)
        if ready is None:
            self._check_human_move()
        # (within a hold, that of a click: from Python, the update goes out as it is set)
        early = ready is not None and self._holding_sync
        if not early:
            self._apply(action, ready)
        if self._went_on is None and self.error:  # (a trait set costs, even of the same)
            self.error = ""
        self._sync(ready)
        if early:
            self._send_early()
            self._apply(action, ready)
        self._schedule()

    def _check_human_move(self) -> None:
        state = self.state
        rule = state.spec.action_rule
        if self.mode == "replay":
            raise IllegalAction(rule, "this is a replay: step through it, no moves")
        if self._went_on is not None:
            raise IllegalAction(rule, self._went_on)
        if state.over:
            raise IllegalAction(rule, "the game is over")
        to_act = state.to_act
        if not self.is_human(to_act):
            raise IllegalAction(rule, f"it is {self.names[to_act]}'s turn, a bot's")
        if self.privacy is not None:
            raise IllegalAction(rule, f"pass the device to {self.names[to_act]} first")
        if to_act != self._shown:
            raise IllegalAction(rule, f"it is {self.names[to_act]}'s turn, not the seat shown")

    # -- bots -----------------------------------------------------------------------------

    def _next_automatic(self) -> Any:
        """The move the kernel makes itself now (a bot's, or an auto-pass), or None."""
        to_act = self.state.to_act
        if to_act is None or self.mode == "replay" or self._went_on is not None:
            return None
        if to_act in self._bots:
            view = self.state.view(to_act)
            return self._bots[to_act].choose(view, self.state.legal_actions(), self._bot_rng)
        if self.auto_pass[to_act]:
            return self.auto_move(to_act)
        return None

    def auto_move(self, seat: int) -> Any:
        """A human seat's automatic move (e.g. auto-pass), or None. Default: none."""
        return None

    def _schedule(self) -> None:
        """Let the bots move: after ``pause`` seconds each on the kernel's event loop, or
        all at once when there is no pause or no running loop."""
        if self._timer is not None:
            return
        if self._bots_move_at_once():
            while (move := self._next_automatic()) is not None:
                self._apply(move)
            self._sync()
            return
        loop = running_loop()
        if loop is not None and self._next_automatic_seat() is not None:
            self._timer = loop.call_later(self.pause, self._bot_step)

    def _bots_move_at_once(self) -> bool:
        """Whether the bots' moves are made at once (no pause, or no running loop), in
        the same update as what came before them, rather than each after a pause."""
        return self.pause <= 0 or running_loop() is None

    def _next_automatic_seat(self) -> int | None:
        to_act = self.state.to_act
        if to_act is None or self.mode == "replay" or self._went_on is not None:
            return None
        if to_act in self._bots or self.auto_pass[to_act]:
            return to_act
        return None

    def _bot_step(self) -> None:
        self._timer = None
        move = self._next_automatic()
        with self.hold_sync():  # (one update, and the move recorded after it)
            if move is not None:
                try:
                    self._apply(move)
                except IllegalAction as exc:  # a bot bug: show it rather than hang
                    self.error = f"bot move refused: {exc}"
                    return
            self._sync()
            self._schedule()

    @contextlib.contextmanager
    def hold_sync(self) -> Iterator[None]:
        """ipywidgets' ``hold_sync``: one update message for all the changes made under
        the outermost hold; then the :meth:`after_update` callbacks.

        What :meth:`_sync` and a reply's count put (``_staged``) goes out before it is
        set on the traits (:meth:`_set_sent`): the update does not wait for the traits'
        observers, which are told once it has left the kernel, while the page draws it."""
        if self._holding_sync:
            yield
            return
        self._holding_sync = True
        try:
            yield
        finally:
            self._holding_sync = False
            self._send_held()

    def _take_staged(self) -> tuple[set[str], dict[str, Any]]:
        """What the hold has gathered so far, taken out of it: the traits set meanwhile
        (sent as they are) and the values staged that the page does not have yet."""
        staged, self._staged = self._staged, {}
        values = {k: v for k, v in staged.items() if not self._same(k, v)}
        keys = self._states_to_send - values.keys()
        self._states_to_send.clear()
        return keys, values

    def _send_early(self) -> None:
        """Within a hold: send what it has gathered so far now, and let it out of the
        kernel; its values are set on the traits when the hold ends, as ever, and what
        the hold gathers after goes in an update of its own then. (Nothing is sent early
        when the bots would move within the hold: their moves go in the same update.)

        A click answered ready (:meth:`act`) sends its update before the board takes
        the move: in issue 6's benchmark the kernel's bookkeeping of a move (applying it,
        its log, its recording, the bots' timer) held each click's update back by some
        0.04 ms, on a machine whose caches a person's pause had let go cold."""
        if not self._holding_sync or self._bots_move_at_once():
            return
        keys, values = self._take_staged()
        self._sent_early.update(values)
        self.send_state(keys, values)
        self._let_the_update_out()

    def _send_held(self) -> None:
        """Send what the hold gathered (what :meth:`_send_early` has not sent), set the
        staged values on the traits (their observers may add to the next update, sent at
        once), run the callbacks."""
        early, self._sent_early = self._sent_early, {}
        keys, values = self._take_staged()
        try:
            self.send_state(keys, values)
            # (once, and not again after an update sent early: what follows comes after)
            if values or (self._after_update and not early):
                self._let_the_update_out()
        finally:
            self._holding_sync = True  # (what observers change goes in the next update)
            try:
                self._set_sent({**early, **values})
            finally:
                self._holding_sync = False
        if self._staged or self._states_to_send:  # an observer changed the board
            self._send_held()
            return
        if self._after_update:
            todo, self._after_update = self._after_update, []
            for callback in todo:
                callback()
        self._ready_soon()

    def _set_sent(self, values: dict[str, Any]) -> None:
        """Put values the page has been sent on the traits, and tell their observers.

        They go into the traits' storage, not through ``setattr``: they are the board's
        own, of each trait's type by construction (:meth:`_sync`), and sent already, so
        traitlets' validation and ipywidgets' notification (which queues a trait to be
        sent) would be work for nothing, done just while the server and the page handle
        the update on the same two cores. (In issue 6's benchmark, the kernel's work
        after a Domino-Metro update was sent delayed it on its way to the page: held back
        5 ms, the update arrived as fast as the bare round trip's.)"""
        for name, value in values.items():
            old = (self._trait_values[name] if name in self._trait_values
                   else self.trait_defaults(name))
            self._trait_values[name] = value
            self._notify_observers(Bunch(name=name, old=old, new=value, owner=self,
                                         type="change"))

    def _let_the_update_out(self) -> None:
        """Wait (at most ``UPDATE_OUT_WAIT_S``) until the kernel's IOPub thread has sent
        what is queued, the update included. The kernel queues every message for that
        thread, which needs the GIL to send it; without the wait, the callbacks (say the
        result panel's widgets, some 3-7 ms) would keep the GIL, and the update would
        leave only after them. No kernel (plain Python): nothing to wait for."""
        io = getattr(getattr(self.comm, "kernel", None), "iopub_thread", None)
        thread = getattr(io, "thread", None)
        if not isinstance(thread, threading.Thread) or not thread.is_alive() \
                or thread is threading.current_thread():
            return
        sent = threading.Event()
        io.schedule(sent.set)
        sent.wait(UPDATE_OUT_WAIT_S)

    # -- what goes to the page: whole states, then updates with patches -----------------

    def get_state(self, key: Any = None, drop_defaults: bool = False) -> dict:
        """ipywidgets' ``get_state``; a whole state (``key=None``: the one the comm opens
        with, or one a page asks for) also says which patch it is as of, with no ops. No
        keys, no state (ipywidgets' would list the traits first: a move's update, whose
        traits :meth:`_sync` puts, has none other to get)."""
        if isinstance(key, set | frozenset | list | tuple) and not key:
            return {}
        state = super().get_state(key=key, drop_defaults=drop_defaults)
        if key is None:
            state["patch"] = {"seq": self._patches, "ops": {}}
        return state

    def open(self) -> None:
        if self.comm is None:  # (the comm's id is the model's; the page gets it as kit_id)
            if self._model_id is None:
                self._model_id = uuid.uuid4().hex
            self.kit_id = self._model_id
        super().open()
        self._page = {name: getattr(self, name) for name in self.PATCHED}

    def send_state(self, key: Any = None, values: dict[str, Any] | None = None) -> None:
        """Send an update: the ``PATCHED`` traits in it go as patches of what the page has
        (``{"patch": {"seq": n, "ops": {name: patch}}}``, applied by ``base.js``), the
        others whole. A whole state (``key=None``) goes whole. ``values``: traits' new
        values not yet set on them (:meth:`hold_sync` sets them once they are sent).

        An update travels as the widget's own message, ``{"kit_update": state}``
        (:func:`update_state` reads it), which ``base.js`` puts into the page's model
        itself, rather than as ipywidgets' state update: the page then skips ipywidgets'
        handling of one (its promise chain, a deep comparison of every trait in it with
        the model's, an event per trait). In issue 6's benchmark a one-button widget
        replying with five traits took 0.13 ms longer from the reply's arrival to its DOM
        than one replying with a message, and a Domino-Metro click some 0.1 ms less
        with this. The comm still opens with the whole state, as every widget's does.

        Unlike ipywidgets' own, it does not walk the state for binary buffers: a board's
        traits are plain JSON (a view is, by the engine contract)."""
        state = self.get_state(key=key)
        if values:
            state.update(values)
        sent = {name: state[name] for name in self.PATCHED if name in state}
        if key is not None and sent:
            ops = {name: self._patch_of(name, self._page[name], state.pop(name))
                   for name in sent}
            self._patches += 1
            state["patch"] = {"seq": self._patches, "ops": ops}
        # (an answer taken is used by the update that sends it, this one: a value of a
        # later update that is the very object, such as a small int, is compared anew)
        self._taken = None
        self._send_update(state, sent)

    def _send_whole(self, keys: list[str]) -> None:
        """Send these traits whole (the page's copy may be anything, e.g. forged)."""
        state = self.get_state(key=keys)
        sent = {name: state[name] for name in self.PATCHED if name in state}
        if sent:
            state["patch"] = {"seq": self._patches, "ops": {}}
        self._send_update(state, sent)

    def _send_update(self, state: dict, sent: dict[str, Any]) -> None:
        if state:
            self._page.update(sent)
            self._updates += 1
            self._send({"method": "custom", "content": {"kit_update": state}})

    def after_update(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` once the board's update being put together has been sent (at
        once if none is): what follows a move on the page, such as the app's result
        panel and its widgets, then comes after the board instead of holding it up."""
        if self._holding_sync:
            self._after_update.append(callback)
        else:
            callback()

    def close(self) -> None:
        self._record_now()
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._ready_soon(closing=True)
        super().close()

    # -- messages from the browser --------------------------------------------------------

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        """Handle a browser message; anything forged or malformed changes nothing.

        Every message gets an answer (``replies`` counts them, in the same update), so
        the browser knows its click was heard even when nothing else changed."""
        with self.hold_sync():
            # (staged: sent with the update and set after it, see hold_sync; first, so
            # that an update sent early, Board.act, has it)
            self._staged["replies"] = self._staged.get("replies", self.replies) + 1
            try:
                self._handle(content)
            except IllegalAction as exc:
                self.error = str(exc)
                self._sync()

    def set_state(self, sync_data: dict) -> None:
        """A state update from the page: refused. The board takes moves as messages only,
        and every synced trait is the kernel's to set; a page that set one (say ``mode``
        to ``"teacher"``, which would open every hand) changes nothing and is shown the
        error, and the traits it named are sent back as the kernel has them."""
        keys = sorted(k for k in sync_data if k in self.keys)
        if keys:
            self._send_whole(keys)
        with self.hold_sync():
            self.error = str(IllegalAction(
                "action", f"the page may not set {', '.join(keys) or 'state'}; "
                          "moves are sent as messages"))
            self.replies += 1

    def _handle(self, content: Any) -> None:
        rule = self.state.spec.action_rule
        if not isinstance(content, dict) or not isinstance(content.get("kind"), str):
            raise IllegalAction(rule, "malformed message: expected {'kind': ...}")
        kind = content["kind"]
        if kind == "act":
            action = content.get("action")
            if not isinstance(action, dict):
                raise IllegalAction(rule, "malformed move: 'action' must be an action dict")
            self.act(action)
        elif kind == "resync":  # the page missed a patch: it gets its traits whole
            self._send_whole(list(self.PATCHED))
        elif kind == "reveal" and self.mode == "hotseat":
            if self.privacy is None:
                raise IllegalAction(rule, "no seat is waiting behind the privacy screen")
            self._shown = self.privacy
            self.error = ""
            self._sync()
        elif kind == "step" and self.mode == "replay":
            to = content.get("to")
            if not isinstance(to, int) or isinstance(to, bool):
                raise IllegalAction(rule, "malformed step: 'to' must be an integer")
            self._goto(max(0, min(to, self.replay_length)))
        elif kind == "seat" and self.mode in ("replay", "teacher"):
            seat = content.get("seat")
            if not (seat is None or (isinstance(seat, int) and not isinstance(seat, bool)
                                     and 0 <= seat < self.state.players)):
                raise IllegalAction(rule, f"malformed seat {seat!r}")
            self._fixed_seat = self._shown = seat
            self._sync()
        elif kind == "auto_pass" and self.mode in ("playtest", "hotseat"):
            on = content.get("on")
            if not isinstance(on, bool) or self._shown is None:
                raise IllegalAction(rule, "malformed auto-pass: 'on' must be true or false")
            flags = list(self.auto_pass)
            flags[self._shown] = on
            self.auto_pass = flags
            self._schedule_after_change()
        else:
            raise IllegalAction(rule, f"message {kind!r} is not accepted in {self.mode} mode")

    def _schedule_after_change(self) -> None:
        self._sync()
        self._schedule()

    # -- replay ---------------------------------------------------------------------------

    def _event_log_of(self, state: GameState, check: bool = False) -> list[list[dict]]:
        """The events of each action of ``state``'s history, replayed from its deal
        (``check``: ValueError unless that replay ends in ``state``)."""
        fresh = kit.new_game(self.GAME, state.players, state.seed, **state.options)
        out = [fresh.apply(action) for action in state.history]
        if check and fresh.snapshot() != state.snapshot():
            raise ValueError("the history does not replay from the deal to this state")
        return out

    def _events_so_far(self, state: GameState) -> list[dict]:
        """The log a board given a game under way starts with (a recorded game resumed,
        a prepared situation): its moves' events, so that the seat sees the last lines it
        saw. Empty when the moves do not replay from the deal (a state begun from a
        snapshot, say)."""
        if not state.history:
            return []
        try:
            return [ev for evs in self._event_log_of(state, check=True) for ev in evs]
        except (ConfigError, IllegalAction, ValueError):
            return []

    def _goto(self, position: int) -> None:
        s = self.state
        self.state = kit.replay(self.GAME, s.players, s.seed, self._full_history[:position],
                                **s.options)
        self._log = [ev for evs in self._replay_events[:position] for ev in evs]
        self._sync()


def _went_on_elsewhere(exc: Exception) -> bool:
    """Whether a recording error says the game went on in another page."""
    from kit.record import GameMovedOn  # (imported when a write fails, not with the board)

    return isinstance(exc, GameMovedOn)


#: boards with recorded moves not yet written (:meth:`Board._record_soon`)
_UNRECORDED: weakref.WeakSet[Board] = weakref.WeakSet()


@atexit.register
def _record_all() -> None:
    """A kernel that exits (its page closed, say) first writes every move still waiting:
    no move made is lost to the recording."""
    for board in list(_UNRECORDED):
        # (a write that fails is shown on the board, which may fail too, with no page)
        with contextlib.suppress(Exception):
            board._record_now()
