"""A game in play at one table, in plain Python (DESIGN.md, "Boards"): no widget, no
kernel. A :class:`Table` owns the state, the seats (people and bots), the mode, the bots'
turns, the event log, undo and the observers of each move; a
:class:`widgets.viewer.Viewer` is what one page shows of it (the seat shown, the privacy
screen); a :class:`Recording` writes each move, one commit, before any page is told
(DESIGN.md, "Recording").

Modes:

- ``playtest``: one human seat, the others bots;
- ``hotseat``: several human seats share one screen, with a "pass the device" privacy
  screen between them;
- ``teacher``: every hand open, moves made for whoever is to act, undo;
- ``lesson``: a learner's seat against bots, with undo (a tutorial's live board, a guided
  lesson's step: widgets/lessons.py);
- ``replay``: step forward and back through a game's history, no moves;
- ``table``: one seat of a table across devices (``widgets.shared_table``): each page has
  its own Table replaying the moves the store holds, shows one seat (or the public view)
  and moves only for it; the bots move on the one page that holds the table's lease.

Bots move ``pause`` seconds after their turn comes, on the running event loop (the
kernel's), or all at once when there is no pause or no running loop (plain Python).
"""

from __future__ import annotations

import asyncio
import copy
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import kit
from kit.bots import make_bot
from kit.contract import GameState, visible
from kit.errors import ConfigError, IllegalAction
from kit.i18n import NC_
from widgets.seats import parse_seats

if TYPE_CHECKING:
    from widgets.recording import Recording

MODES = ("playtest", "hotseat", "teacher", "replay", "lesson", "table")
#: modes with undo (DESIGN.md: teacher and lesson tables take a move back)
UNDO_MODES = ("teacher", "lesson")


@dataclass(frozen=True)
class Move:
    """One move made at a table: the action as ``history`` has it, its seat, what
    ``apply`` returned, the seconds since the move before, and the result if it ended
    the game."""

    action: dict
    seat: int | None
    events: list[dict]
    thinking: float
    result: dict | None


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class Table:
    """One game in play. ``Table(state, seats=["human", "bot:rule"], mode="playtest")``.

    ``auto_move(state, seat)``: a human seat's automatic move when it asked for one (WL-R3
    auto-pass), or None. Observers: :meth:`on_move` hears every move applied (the
    recording first), :meth:`on_change` anything a page shows having changed. The bots
    start with :meth:`schedule`, once the observers are in place.

    >>> table = Table(kit.new_game("hanabi", 2, seed=1), seats=["human", "bot:rule"], pause=0)
    >>> events = table.move(table.state.legal_actions()[0], seat=0)
    >>> len(table.state.history), table.state.to_act  # the bot answered at once
    (2, 0)
    """

    def __init__(self, state: GameState, *, seats: list[str] | None = None,
                 mode: str = "playtest", names: list[str | None] | None = None,
                 pause: float = 0.8,
                 auto_move: Callable[[GameState, int], Any] | None = None) -> None:
        if mode not in MODES:
            raise ConfigError("mode", f"{mode!r} is not a mode; choose one of {list(MODES)}",
                              code=NC_("error", "option_choice"),
                              value=mode, choices=", ".join(MODES))
        kinds = parse_seats(seats, state.players, mode if mode != "replay" else "teacher")
        self.game = state.spec.name
        self.bots = {p: make_bot(self.game, k.split(":", 1)[1])
                     for p, k in enumerate(kinds) if k != "human"}
        names = list(names or [None] * len(kinds))
        if len(names) != len(kinds):
            raise ConfigError("names", f"{len(kinds)} names needed, not {len(names)}",
                              code=NC_("error", "count_needed"), n=len(kinds), value=len(names))
        self.kinds = kinds
        #: the names people gave (None: none given; a board shows "Seat N" in its language).
        #: A recording keeps the default names in English ("Seat 2"): a game resumed from
        #: one has them as given names, which are the default, not a person's.
        self.given_names: list[str | None] = [
            n if n and n != f"Seat {p + 1}" else None for p, n in enumerate(names)]
        self.mode = mode
        self.pause = float(pause)
        self.state = state
        #: per seat: a human who asked for automatic moves (WL-R3 auto-pass)
        self.auto_pass = [False] * state.players
        #: why the table takes no more moves (its recorded game went on elsewhere)
        self.stopped: str | None = None
        #: the problem shown (why the table stopped, or its warning) with its code and
        #: arguments, for a page to say in its language (kit.i18n.explain)
        self.notice: IllegalAction | None = None
        #: a problem to show that does not stop the game (a recording write that failed)
        self.warning = ""
        self._auto_move = auto_move
        self._bot_rng = random.Random(state.seed)
        self._move_observers: list[Callable[[Move], None]] = []
        self._gates: list[Callable[[GameState, int | None, float], None]] = []
        #: whether this table object makes the bots' moves (a table across devices: only
        #: the page holding the table's lease does; the others learn of them)
        self.bots_here = True
        #: whether the pages of this table object may move at all (a projector's or a
        #: teacher's page of a table across devices only watches)
        self.takes_moves = True
        self._change_observers: list[Callable[[], None]] = []
        self._timer: asyncio.TimerHandle | None = None
        self._since = time.monotonic()
        self.recording: Recording | None = None
        #: counts the times the log was rewritten (undo, a replay's step), not extended
        self.log_epoch = 0
        if mode == "replay":
            self._history = [dict(a) for a in state.history]
            self._steps = _events_per_action(state)
            self.state = kit.replay(self.game, state.players, state.seed, self._history,
                                    **state.options)
            self._log = [ev for evs in self._steps for ev in evs]
        else:
            # undo replays the moves made here on a copy of the state they were made on
            self._start = state.clone()
            self._start_moves = len(state.history)
            self._log = _events_so_far(state)
            self._start_log = len(self._log)

    # -- observers ----------------------------------------------------------------------

    def on_move(self, callback: Callable[[Move], None]) -> None:
        """Call ``callback(move)`` after each move is applied, before the pages hear of
        it; in the order the observers came (the recording wrote it before: a gate)."""
        self._move_observers.append(callback)

    def on_change(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` whenever what a page shows may have changed."""
        self._change_observers.append(callback)

    def before_move(self, gate: Callable[[GameState, int | None, float], None]) -> None:
        """Call ``gate(state_after, seat, thinking)`` before a move made here (a person's,
        a bot's, an auto-pass) takes effect: ``state_after`` is a copy with the move
        applied. A gate that raises IllegalAction refuses the move, changing nothing (a
        table across devices writes the move to the store there: the first write wins; a
        recording writes it there, refused if the game went on in another page)."""
        self._gates.append(gate)

    def forget(self, callback: Callable) -> None:
        """Stop calling ``callback`` (an observer of moves or changes, a gate)."""
        for observers in (self._move_observers, self._change_observers, self._gates):
            if callback in observers:
                observers.remove(callback)

    def _changed(self) -> None:
        for callback in list(self._change_observers):
            callback()

    # -- seats and the log --------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        """Each seat's name in English: the one given, or "Seat 2 (rule bot)" (the plain
        text of a refusal, a recording's seat labels)."""
        return [n or f"Seat {p + 1}" + ("" if k == "human" else f" ({k.split(':', 1)[1]} bot)")
                for p, (n, k) in enumerate(zip(self.given_names, self.kinds, strict=True))]

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.kinds[seat] == "human"

    @property
    def humans(self) -> list[int]:
        return [p for p, k in enumerate(self.kinds) if k == "human"]

    @property
    def log_length(self) -> int:
        return len(self._log)

    def events(self, seat: int | None, since: int = 0) -> list[dict]:
        """The events of the log from position ``since`` on that ``seat`` may see (None:
        a spectator): each seat's own event log (copies: the caller's to keep)."""
        return [copy.deepcopy(ev) for ev in self._log[since:] if visible(ev, seat)]

    def may_move(self, seat: int | None) -> bool:
        """Whether ``seat`` may move now: its turn, a human's, the table taking moves."""
        to_act = self.state.to_act
        return (self.mode != "replay" and self.stopped is None and to_act is not None
                and to_act == seat and self.is_human(to_act) and self.takes_moves)

    def thinking(self) -> int | None:
        """The seat whose automatic move (a bot's) the table waits for, or None."""
        seat = self._automatic_seat()
        return seat if seat is not None and seat in self.bots else None

    # -- moves --------------------------------------------------------------------------

    def move(self, action: Any, seat: int | None) -> list[dict]:
        """A move of human ``seat``, whose turn it must be; returns its events. Raises
        IllegalAction naming the rule, changing nothing."""
        rule = self.state.spec.action_rule
        if self.mode == "replay":
            raise IllegalAction(rule, "this is a replay: step through it, no moves",
                                code=NC_("error", "replay_no_moves"))
        if self.stopped is not None:
            notice = self.notice
            raise IllegalAction(rule, self.stopped, code=notice and notice.code,
                                **(notice.params if notice else {}))
        if self.state.over:
            raise IllegalAction(rule, "the game is over", code=NC_("error", "game_over"))
        if not self.takes_moves:
            raise IllegalAction(rule, "this page watches the table: the players move on "
                                      "their own pages", code=NC_("error", "watch_only"))
        to_act = self.state.to_act
        if not self.is_human(to_act):
            raise IllegalAction(rule, f"it is {self.names[to_act]}'s turn, a bot's",
                                code=NC_("error", "bot_turn"), seat=to_act)
        if seat != to_act:
            raise IllegalAction(rule, f"it is {self.names[to_act]}'s turn, not the seat shown",
                                code=NC_("error", "not_seat_shown"), seat=to_act)
        events = self._apply(action)
        self._changed()
        self.schedule()
        return copy.deepcopy(events)

    def _apply(self, action: Any, gated: bool = True) -> list[dict]:
        seat = self.state.to_act
        now = time.monotonic()
        if gated and self._gates:
            trial = self.state.clone()
            events = trial.apply(action)
            for gate in list(self._gates):
                gate(trial, seat, now - self._since)
            self.state = trial
        else:
            events = self.state.apply(action)
        thinking, self._since = now - self._since, now
        self._log.extend(events)
        move = Move(copy.deepcopy(self.state.history[-1]), seat, copy.deepcopy(events),
                    thinking, self.state.result() if self.state.over else None)
        for callback in list(self._move_observers):
            callback(move)
        return events

    def catch_up(self, actions: list[dict]) -> None:
        """Apply moves made elsewhere (another page of a table across devices), in
        order, past the gates; then the pages hear of them and the bots move on."""
        for action in actions:
            self._apply(action, gated=False)
        if actions:
            self._changed()
        self.schedule()

    def seat_bot(self, seat: int, bot: str = "rule") -> None:
        """A person's seat goes to bot ``bot`` (one who left a table across devices)."""
        self.bots[seat] = make_bot(self.game, bot)
        self.kinds[seat] = f"bot:{bot}"
        self.given_names[seat] = None
        self._changed()
        self.schedule()

    def rename(self, seat: int, name: str | None) -> None:
        """The name a person gave at ``seat`` (None: none)."""
        if self.given_names[seat] != (name or None):
            self.given_names[seat] = name or None
            self._changed()

    def set_auto_pass(self, seat: int, on: bool) -> None:
        """A human seat asks for (or stops) its automatic moves (WL-R3 auto-pass)."""
        self.auto_pass[seat] = bool(on)
        self._changed()
        self.schedule()

    def stop(self, reason: str, *, code: str | None = None, **params: Any) -> None:
        """Take no more moves (nor let the bots move), saying why (``code`` and ``params``:
        the same for a page to say in its language)."""
        self.stopped = reason
        self.notice = IllegalAction("", reason, code=code, **params)
        self.cancel()
        self._changed()

    def warn(self, text: str, *, code: str | None = None, **params: Any) -> None:
        """A problem that does not stop the game ("" when it is over), shown on the pages."""
        self.warning = text
        if self.stopped is None:
            self.notice = IllegalAction("", text, code=code, **params) if text else None

    def cancel(self) -> None:
        """Cancel the bots' pending move (the table is put away)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    # -- undo and replay ----------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        return self._rewindable and self._last_human_move() is not None

    @property
    def can_restart(self) -> bool:
        return self._rewindable and len(self.state.history) > self._start_moves

    @property
    def _rewindable(self) -> bool:
        return self.mode in UNDO_MODES and self.recording is None and self.takes_moves

    def _last_human_move(self) -> int | None:
        moves = self.state.history[self._start_moves:]
        return next((i for i in range(len(moves) - 1, -1, -1)
                     if self.is_human(moves[i].get("seat"))), None)

    def undo(self) -> None:
        """Take back the last human move (and the bots' moves after it): the moves made
        here, less those, replayed on the state the table started from. A recorded game
        keeps its moves: undo is refused there."""
        rule = self.state.spec.action_rule
        if self.mode not in UNDO_MODES:
            raise IllegalAction(rule, f"undo is for teacher and lesson tables, not {self.mode}",
                                code=NC_("error", "undo_mode"))
        if not self._rewindable:
            raise IllegalAction(rule, "a recorded game keeps its moves: no undo",
                                code=NC_("error", "undo_recorded"))
        last = self._last_human_move()
        if last is None:
            raise IllegalAction(rule, "no move to take back", code=NC_("error", "undo_none"))
        self._rewind(self.state.history[self._start_moves:][:last])

    def restart(self) -> None:
        """Start again: the state the table began with, every move made here taken back
        (teacher and lesson tables, as undo; a recorded game keeps its moves: refused)."""
        rule = self.state.spec.action_rule
        if self.mode not in UNDO_MODES:
            raise IllegalAction(rule, f"starting again is for teacher and lesson tables, "
                                f"not {self.mode}", code=NC_("error", "restart_mode"))
        if not self._rewindable:
            raise IllegalAction(rule, "a recorded game keeps its moves: no starting again",
                                code=NC_("error", "restart_recorded"))
        self._rewind([])
        self.schedule()  # (a bot may be the first to move)

    def _rewind(self, keep: list[dict]) -> None:
        """The state the table began with, the moves ``keep`` replayed on it."""
        self.cancel()
        state = self._start.clone()
        del self._log[self._start_log:]
        for action in keep:
            self._log.extend(state.apply(action))
        self.state = state
        self.log_epoch += 1
        self._since = time.monotonic()
        self._changed()

    @property
    def replay_length(self) -> int:
        return len(self._history) if self.mode == "replay" else 0

    def step(self, to: int) -> None:
        """Replay: show the game after its first ``to`` moves (clamped to the game)."""
        if self.mode != "replay":
            raise IllegalAction(self.state.spec.action_rule, "only a replay steps",
                                code=NC_("error", "replay_only"))
        to = max(0, min(int(to), len(self._history)))
        s = self.state
        self.state = kit.replay(self.game, s.players, s.seed, self._history[:to], **s.options)
        self._log = [ev for evs in self._steps[:to] for ev in evs]
        self.log_epoch += 1
        self._changed()

    # -- bots ---------------------------------------------------------------------------

    def _automatic_seat(self) -> int | None:
        to_act = self.state.to_act
        if to_act is None or self.mode == "replay" or self.stopped is not None:
            return None
        return to_act if self.moves_itself(to_act) else None

    def moves_itself(self, seat: int) -> bool:
        """Whether the table makes ``seat``'s move now without its person: a bot's, or a
        human seat's automatic one (hot-seat: no device is handed over for it)."""
        return seat in self.bots or self._auto_for(seat) is not None

    def _auto_for(self, seat: int) -> Any:
        """A human seat's automatic move now, or None: the game's (WL-R3 auto-pass) when
        the seat asked for it, or in hot-seat when it is the seat's only move (a seat
        with no choice is not handed the device to press its one button)."""
        move = self._auto_move(self.state, seat) if self._auto_move else None
        if move is None or self.auto_pass[seat]:
            return move
        forced = self.mode == "hotseat" and len(self.state.legal_actions()) == 1
        return move if forced else None

    def _automatic_move(self) -> Any:
        """The move the table makes itself now (a bot's, an auto-pass), or None."""
        seat = self._automatic_seat()
        if seat is None or (seat in self.bots and not self.bots_here):
            return None
        if seat in self.bots:
            return self.bots[seat].choose(self.state.view(seat), self.state.legal_actions(),
                                          self._bot_rng)
        return self._auto_for(seat)

    def schedule(self) -> None:
        """Let the bots move: one after ``pause`` seconds on the running event loop, or
        all at once without a pause or a running loop."""
        if self._timer is not None:
            return
        loop = _running_loop()
        if self.pause <= 0 or loop is None:
            moved = False
            while (action := self._automatic_move()) is not None:
                try:
                    self._apply(action)
                except IllegalAction:
                    if self.stopped is None:
                        raise
                    break  # (the recording refused it: the game went on elsewhere)
                moved = True
            if moved:
                self._changed()
        elif (seat := self._automatic_seat()) is not None and (
                self.bots_here or seat not in self.bots):
            self._timer = loop.call_later(self.pause, self._bot_step)

    def _bot_step(self) -> None:
        self._timer = None
        action = self._automatic_move()
        if action is None:
            return
        try:
            self._apply(action)
        except IllegalAction as exc:  # a bot's bug: shown, rather than a table that hangs
            if self.stopped is not None:  # (refused by the recording: said already)
                return
            self.warn(f"bot move refused: {exc}", code=NC_("error", "bot_refused"),
                      why=exc)  # (the engine's refusal, said in each page's language)
            self._changed()
            return
        self._changed()
        self.schedule()


def _events_per_action(state: GameState, check: bool = False) -> list[list[dict]]:
    """The events of each action of ``state``'s history, replayed from its deal
    (``check``: ValueError unless that replay ends in ``state``)."""
    fresh = kit.new_game(state.spec.name, state.players, state.seed, **state.options)
    out = [fresh.apply(action) for action in state.history]
    if check and fresh.snapshot() != state.snapshot():
        raise ValueError("the history does not replay from the deal to this state")
    return out


def _events_so_far(state: GameState) -> list[dict]:
    """The log of a game under way (a recorded game resumed, a prepared situation): its
    moves' events, so that each seat sees the lines it would have seen. Empty when the
    moves do not replay from the deal (a state begun from an edited snapshot)."""
    if not state.history:
        return []
    try:
        return [ev for evs in _events_per_action(state, check=True) for ev in evs]
    except (ConfigError, IllegalAction, ValueError):
        return []
