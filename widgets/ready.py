"""Answers made ready while the player thinks: a playtest board's reply to each of the
moves it offers, computed in the kernel's idle time after the offer has gone out, so
that a click is answered without the work of the move (issue 6).

A move's answer is what :class:`widgets.base.Board` would compute at the click: the state
after the move (a clone of the state with the move applied: the engine contract's
``clone`` reproduces the state, its seeded generator included), its events, the traits
the seat shown is sent (``Board._values``) and their patches of what the page has. A
click on a move takes its answer as made (the board's state object ``take_over``s the
clone, so that the game's recording, which holds that object, sees the move); any other
click, or a click after anything the answer was made from has changed (the state, an
update sent, the seat shown, the mode, the recording), makes the move as before. Either
way the page gets the same update.

Measured in issue 6's benchmark: the kernel's work from a click to its update going out
was some 0.3 ms of the click's time on two cores, after a person's pause (the caches gone
cold); the engine's move, the view, the log lines and the patches were 0.2 ms of it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from kit.contract import GameState
from kit.errors import IllegalAction
from widgets.loop import running_loop
from widgets.patch import diff

#: s after an update that offers moves before their answers are made: the page draws the
#: update, and the last move is recorded (``RECORD_AFTER_S``), first
READY_AFTER_S = 0.06
#: at most this many moves get an answer made ready (a game offers some 2-30)
READY_MOST = 200


@dataclass(frozen=True)
class Ready:
    """The answer to ``action``: the state after it, its events, the seat's log entry
    (``Board._lines``), the traits sent, those of them the same as the board's then
    (``same``), and the patches of ``page`` (what the page had)."""

    action: dict
    state: GameState
    events: list[dict]
    lines: tuple[int, int, list[dict]]
    values: dict[str, Any]
    same: frozenset[str]
    page: dict[str, Any]
    ops: dict[str, Any]


#: (one encoder: ``json.dumps`` with an option makes a new one at every call)
_KEY_JSON = json.JSONEncoder(sort_keys=True)


def action_key(action: Any) -> str | None:
    """A move's JSON, as the answers are found by (None: not a JSON dict)."""
    if not isinstance(action, dict):
        return None
    try:
        return _KEY_JSON.encode(action)
    except (TypeError, ValueError):
        return None


class ReadyAnswers:
    """What :class:`widgets.base.Board` takes in to make its answers ready."""

    #: the answers made, by :func:`action_key` (Board's ``__init__`` sets it empty)
    _ready: dict[str, Ready]
    _ready_from: tuple | None = None
    _ready_timer: Any = None
    #: the answer taken by the click being answered (its patches are sent as made)
    _taken: Ready | None = None
    #: updates sent so far (one sent since the answers were made leaves them stale), and
    #: as of the last :meth:`_ready_soon`
    _updates: int = 0
    _ready_seen: int = 0

    def _ready_key(self: Any) -> tuple:
        """What the answers are made from, as of now (the state and the recording
        compared by identity, the rest by value)."""
        return (self.state, len(self.state.history), self._updates, self._shown, self.mode,
                self._went_on, self._record)

    def _ready_soon(self: Any, closing: bool = False) -> None:
        """After an update has gone out: in ``READY_AFTER_S`` on the kernel's event loop,
        let go of the answers made (stale now: :meth:`_take_ready` takes none) and make
        new ones if the update offers the seat shown its moves. Plain Python (tests):
        they go at once, and :meth:`_make_ready` is called by hand. ``closing``: the
        board is closed; they go at once."""
        if self._updates == self._ready_seen and not closing:
            return
        self._ready_seen = self._updates
        if self._ready_timer is not None:
            self._ready_timer.cancel()
            self._ready_timer = None
        loop = None if closing else running_loop()
        if loop is None:
            self._ready, self._taken = {}, None
        else:  # (freeing some thirty states here would hold up what follows the update)
            self._ready_timer = loop.call_later(READY_AFTER_S, self._make_ready)

    def _make_ready(self: Any) -> None:
        """Make the answer to each move offered to the seat shown in playtest mode, on
        clones of the state."""
        self._ready_timer = None
        self._ready, self._taken = {}, None
        state, seat = self.state, self._shown
        if (self.mode != "playtest" or not self.legal or state.over
                or self._went_on is not None or state.to_act != seat):
            return
        made: dict[str, Ready] = {}
        for item in self.legal[:READY_MOST]:
            key = action_key(item["action"])
            if key is None:
                continue
            after = state.clone()
            try:
                events = after.apply(item["action"])
            except IllegalAction:  # (none should be: the moves offered are the legal ones)
                continue
            lines = self._lines_after(seat, self._log + events)
            values = self._values(after, seat, None, list(lines[2]))
            same = frozenset(k for k, v in values.items() if self._trait_values.get(k) == v)
            page = {name: self._page[name] for name in self.PATCHED}
            ops = {name: diff(page[name], values[name]) for name in self.PATCHED}
            made[key] = Ready(item["action"], after, events, lines, values, same, page, ops)
        self._ready = made
        self._ready_from = self._ready_key()

    def _take_ready(self: Any, action: Any) -> Ready | None:
        """The answer made to ``action``, if it is still good. (The answers are let go
        in the idle time after the update, :meth:`_ready_soon`: freeing some thirty
        states here would hold it up.)"""
        made = self._ready
        if not made:
            return None
        was, now = self._ready_from, self._ready_key()
        if was is None or was[0] is not now[0] or was[-1] is not now[-1] or was[1:-1] != now[1:-1]:
            return None
        ready = made.get(action_key(action))  # type: ignore[arg-type]
        if ready is None or ready.action != action:
            return None
        self._taken = ready
        return ready

    def _same(self: Any, name: str, value: Any) -> bool:
        """Whether trait ``name`` has ``value`` already: as found with the answer taken,
        if this is its very value."""
        taken = self._taken
        if taken is not None and name in taken.values and taken.values[name] is value:
            return name in taken.same
        return self._trait_values.get(name) == value

    def _patch_of(self: Any, name: str, old: Any, new: Any) -> Any:
        """The patch of ``old`` into ``new``: as made with the answer taken, if these are
        its very values."""
        taken = self._taken
        if taken is not None and taken.page[name] is old and taken.values[name] is new:
            return taken.ops[name]
        return diff(old, new)
