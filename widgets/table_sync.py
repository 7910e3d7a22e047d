"""One page's view of a table across devices (issue 39; DESIGN.md, "Boards"): the
recording store (:mod:`kit.record.tables`) is the single source of truth.

:class:`SharedTable` keeps its own :class:`widgets.table.Table` (mode ``table``;
``teacher`` for a teacher's page) replaying the moves the store holds through the engine.
A move made here is written to the store before it takes effect (the table's
``before_move`` gate: the first write of a move number wins; a stale one is refused and
the page catches up). New moves and seat changes are learnt by asking the store every
:data:`POLL_S` (SQLite) or on PostgreSQL's NOTIFY. The bots move on the page that holds
the table's lease. widgets/shared_table.py puts it on the pages.

Presence and the lease follow the browser, not the kernel (a kernel outlives its tab):
given ``alive`` (widgets/presence.py: the tab pings), the page says its seat is there and
takes the bots' lease only while ``alive()``; :meth:`SharedTable.gone` (the tab closed)
ends both at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import Callable
from typing import Any

import kit
from kit.contract import GameState
from kit.record.tables import LEASE_S, StaleMove, TableInfo, TableRefused, TableStore
from widgets import board_class
from widgets.table import Table, _running_loop

#: how often a page asks the store for new moves (s): SQLite; PostgreSQL is woken by
#: NOTIFY and asks only every :data:`PG_POLL_S` besides
POLL_S = 0.05
PG_POLL_S = 1.0
#: how often a page renews the bots' lease, says it is there, reads who else is (s)
BEAT_S = 1.0


class SharedTable:
    """One page's view of table ``code`` (``seat``: the page's seat; None: the public
    view; ``teacher``: every hand open; ``token``: the seat's token, checked again when
    the table changes; ``alive``: whether the page's tab is there). See the module's
    docstring."""

    def __init__(self, store: TableStore, code: str, seat: int | None = None, *,
                 teacher: bool = False, token: str | None = None,
                 alive: Callable[[], bool] | None = None) -> None:
        self.store = store
        info = store.info(code)
        self.code, self.game_id, self.seat = info.code, info.game_id, seat
        self.info = info
        cls = board_class(info.game)
        state = kit.replay(info.game, info.players, info.seed, store.moves(info.game_id),
                            **info.options)
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
        #: the page's seat link was replaced by the host's new one: it only watches
        self.link_replaced = False
        self.token = token
        self.alive = alive
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
        if self.token is not None and not self.seat_lost and self.seat is not None:
            try:
                self.store.seat_of(self.code, self.token)
            except TableRefused:  # (the host gave the seat a new link)
                self.seat_lost = self.link_replaced = True
                table.takes_moves = False
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
        here = self.alive is None or self.alive()
        if not over:
            if here:
                holding = self.store.lease(self.code, self.owner, LEASE_S)
            else:  # (a tab gone: another page's bots move)
                if self.table.bots_here:
                    self.store.release(self.code, self.owner)
                holding = False
            if holding != self.table.bots_here:
                self.table.bots_here = holding
                self.table.schedule()
        if self.seat is not None and not self.seat_lost and here:
            self.store.heartbeat(self.code, self.seat)
        self._tell(self.store.info(self.code))

    def gone(self) -> None:
        """The page's tab closed: its seat is not connected from now on, and the bots'
        lease goes to another page (until the tab, or another, says it is there)."""
        try:
            if self.seat is not None and not self.seat_lost:
                self.store.leave(self.code, self.seat)
            if self.table.bots_here:
                self.table.bots_here = False
                self.table.schedule()
            self.store.release(self.code, self.owner)
        except Exception as exc:  # (a store gone: the lease and presence run out)
            self.trouble = str(exc)

    def back(self) -> None:
        """The page's tab is there again: say so now, not at the next beat."""
        try:
            self.beat(force=True)
        except Exception as exc:
            self.trouble = str(exc)

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
