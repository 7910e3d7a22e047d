"""The recording store and the :class:`Recorder` that boards and the simulator call.

    from kit.record import Recorder
    rec = Recorder()                      # the default SQLite file (default_url())
    session = rec.session(label="Tuesday club", facilitator="Ann", place="School 5")
    g = rec.start_game(state, seats=["human:Ann", "bot:rule"], session=session)
    g.action(state.history[-1], thinking_time=1.7)   # after each apply: one commit
    g.finish(state.result())
    g.feedback(seat=0, rating=4, text="fun", unclear_rule="WL-6")

SQLite files run in WAL mode with ``synchronous=NORMAL``: every action is its own
committed transaction, so a process that is killed (even by SIGKILL) loses no action
that :meth:`GameRecord.action` returned from (a power cut may lose the last ones).
Writers take the lock up front (``BEGIN IMMEDIATE``) and wait up to a minute for it,
so many processes can record into one file at once. Any other SQLAlchemy URL works
(``postgresql://user@host/db`` uses psycopg 3).

Nothing is lost unsaid: a write that fails (a full disk, a server restarting) is tried
again for about 3 s (:data:`RETRY_DELAYS_S`), then :class:`RecordingStopped` is raised
and :attr:`GameRecord.stopped` stays set, the moves kept in order, until a write
succeeds; :meth:`GameRecord.finish` refuses (:class:`RecordingIncomplete`) a game whose
stored actions are not its history. A store is opened for recording only after a test
write; an empty name is refused (:data:`MEMORY_URL` is asked for by name); a SQLite
file that is damaged or holds other tables is refused untouched.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import secrets
import sqlite3
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar, cast

import sqlalchemy as sa

import kit
from kit.contract import Action, GameState, brief
from kit.datafile import recorded_rules
from kit.errors import NC_, ConfigError, IllegalAction
from kit.record import schema
from kit.record.errors import (
    GameMovedOn,
    RecordError,
    RecordingIncomplete,
    RecordingStopped,
    ReplayDiverged,
    SchemaTooNew,
    StoreError,
    WriteRefused,
)

#: the store used when none is named: ``$KIT_RECORD_URL`` or this file in the working folder
DEFAULT_URL = "sqlite:///playtests.sqlite"

#: a store in this process's memory only, gone when it ends: used only when asked for
MEMORY_URL = "sqlite:///:memory:"

#: how long a writer waits for another process's write lock before giving up
BUSY_TIMEOUT_S = 60.0

#: the waits (s) between the tries of a write that failed (a full disk, a database server
#: restarting): some 3 s in all, then recording stops (:class:`RecordingStopped`)
RETRY_DELAYS_S = (0.05, 0.1, 0.2, 0.4, 0.8, 1.6)

#: shown by the playtest apps before a game (they record by default)
CONSENT_NOTE = ("This game is recorded for playtesting: the moves, how long each took, "
                "the seat names you type and any feedback you leave are saved on this "
                "machine to improve the game. Use a nickname if you prefer.")

T = TypeVar("T")


def default_url() -> str:
    """``$KIT_RECORD_URL`` if set, else :data:`DEFAULT_URL` (./playtests.sqlite)."""
    return os.environ.get("KIT_RECORD_URL") or DEFAULT_URL


def now() -> datetime:
    return datetime.now(UTC)


def resolve_url(url: str | Path | sa.URL | None) -> sa.URL:
    """A SQLAlchemy URL from a URL, a plain file path (SQLite) or None (the default).

    ``postgresql://`` without a driver means psycopg 3 when psycopg2 is not installed.
    """
    if url is None:
        url = default_url()
    if isinstance(url, sa.URL):
        u = url
    else:
        text = os.fspath(url)
        if not text.strip():
            raise StoreError(repr(text), "names no store: give a file path or a database URL "
                                         f"({MEMORY_URL} for a store in memory only)")
        if "://" not in text:
            text = "sqlite:///" + text
        try:
            u = sa.make_url(text)
        except (sa.exc.ArgumentError, ValueError) as exc:
            raise StoreError(str(url), f"not a database URL or file path ({exc})") from None
    if u.drivername == "postgresql":
        try:
            import psycopg2  # noqa: F401
        except ModuleNotFoundError:
            u = u.set(drivername="postgresql+psycopg")
    return u


def _show(u: sa.URL) -> str:
    return u.render_as_string(hide_password=True)


def safe_text(text: Any) -> str:
    """``text`` as a string every database stores: a lone surrogate (a broken emoji
    from a browser, which UTF-8 cannot encode) becomes U+FFFD; a pair becomes its
    character."""
    text = "" if text is None else str(text)
    if text.isascii():
        return text
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def _first_line(exc: BaseException) -> str:
    orig = getattr(exc, "orig", None) or exc
    text = str(orig).strip() or type(orig).__name__
    return text.splitlines()[0]


class Store:
    """An opened recording store: the engine, with the schema checked (and created).

    ``create=False`` refuses to make a new store (for reading: a missing file or an
    empty database is an error, not a silently empty result).
    """

    def __init__(self, url: str | Path | sa.URL | None = None, *, create: bool = True,
                 integrity_check: bool | None = None) -> None:
        self.url = resolve_url(url)
        self.shown = _show(self.url)
        self.is_sqlite = self.url.get_backend_name() == "sqlite"
        #: whether a SQLite file is checked (PRAGMA quick_check) before it is used: by
        #: default when opened for recording (it reads the whole file: some 0.1 s for
        #: 15 MB); a reader meets damage as an error anyway
        self.integrity_check = create if integrity_check is None else integrity_check
        self.engine = self._make_engine(create)
        try:
            self._check_schema(create)
        except BaseException:
            self.engine.dispose()
            raise

    # -- opening ------------------------------------------------------------------------

    def _make_engine(self, create: bool) -> sa.Engine:
        u = self.url
        kwargs: dict[str, Any] = {}
        memory = False
        if self.is_sqlite:
            if u.database in (None, ""):
                raise StoreError(self.shown, "names no file: give a file path, or "
                                             f"{MEMORY_URL} for a store in memory only")
            memory = u.database == ":memory:"
            if not memory:
                path = Path(u.database)
                if not create and not path.exists():
                    raise StoreError(self.shown, f"no recording store at {path} (no such file)")
                if not path.parent.is_dir():
                    raise StoreError(self.shown, f"cannot create {path}: the folder "
                                                 f"{path.parent} does not exist")
                if path.is_file() and path.stat().st_size:
                    self._check_sqlite_file(path, self.integrity_check)
            kwargs["connect_args"] = {"timeout": BUSY_TIMEOUT_S, "check_same_thread": False}
            if memory:
                kwargs["poolclass"] = sa.pool.StaticPool
        elif u.get_backend_name() == "postgresql" and "connect_timeout" not in u.query:
            kwargs["connect_args"] = {"connect_timeout": 10}
        try:
            engine = sa.create_engine(u, **kwargs)
        except (sa.exc.ArgumentError, ModuleNotFoundError, ImportError) as exc:
            raise StoreError(self.shown, f"cannot open this kind of database: {exc}") from None
        if self.is_sqlite:
            _sqlite_setup(engine, wal=not memory)
        return engine

    def _check_sqlite_file(self, path: Path, integrity: bool) -> None:
        """Refuse, before anything is written to it (WAL included), a SQLite file that
        is damaged (fails ``PRAGMA quick_check``, when ``integrity``) or holds someone
        else's tables."""
        try:
            db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True,
                                 timeout=BUSY_TIMEOUT_S)
        except sqlite3.Error:
            return  # (not openable read-only here: the engine says why)
        try:
            problems = ([r[0] for r in db.execute("PRAGMA quick_check(5)")] if integrity
                        else ["ok"])
            names = {r[0] for r in db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' "
                "AND name NOT LIKE 'sqlite_%'")}
        except sqlite3.OperationalError:
            return  # (locked, or not readable read-only here: the engine says what it is)
        except sqlite3.DatabaseError as exc:  # (SQLITE_NOTADB, SQLITE_CORRUPT)
            raise StoreError(self.shown, f"cannot read: {exc} (not a SQLite database, or a "
                                         "damaged one); nothing was changed") from None
        finally:
            db.close()
        if problems != ["ok"]:
            lines = [ln for p in problems for ln in p.splitlines() if not ln.startswith("***")]
            raise StoreError(self.shown, "is damaged (PRAGMA quick_check: "
                                         f"{'; '.join(lines[:2])}); nothing was written to it. "
                                         "Restore it from a copy, or record into a new file")
        if schema.meta.name not in names:
            others = sorted(names - set(schema.KIT_TABLES))
            if others:
                raise StoreError(self.shown, f"holds other tables ({', '.join(others[:10])}) "
                                             "and no kit_meta table: not a kit recording "
                                             "store, and it is left as it is; record into a "
                                             "new file")

    def _check_schema(self, create: bool) -> None:
        def check(conn: sa.Connection, migrate: bool = False) -> bool:
            """Check (and create) the schema; True when it needs migrating."""
            if not self.is_sqlite and self.url.get_backend_name() == "postgresql":
                # one creator at a time; DDL is transactional in PostgreSQL
                conn.execute(sa.text("SELECT pg_advisory_xact_lock(7037364)"))
            names = set(sa.inspect(conn).get_table_names())
            if schema.meta.name in names:
                row = conn.execute(sa.select(schema.meta.c.value).where(
                    schema.meta.c.key == "schema_version")).first()
                found = int(row[0]) if row else 0
                if found > schema.SCHEMA_VERSION:
                    raise SchemaTooNew(self.shown, found, schema.SCHEMA_VERSION)
                if found < 1 or not set(schema.KIT_TABLES) <= names:
                    raise StoreError(self.shown, f"is a damaged kit store (schema version "
                                                 f"{found}, tables {sorted(names)})")
                if found < schema.SCHEMA_VERSION:
                    if not migrate:
                        return True
                    self._migrate(conn, found)
                if create:
                    self._write_check(conn)
                return False
            if names & set(schema.KIT_TABLES):
                raise StoreError(self.shown, "has tables named like the kit's "
                                             f"({sorted(names & set(schema.KIT_TABLES))}) but "
                                             "no kit_meta table: not a kit recording store")
            if not create:
                raise StoreError(self.shown, "is not a kit recording store (it has no "
                                             "kit_meta table); record a game into it first")
            schema.metadata.create_all(conn)
            conn.execute(sa.insert(schema.meta).values(
                key="schema_version", value=str(schema.SCHEMA_VERSION)))
            self._write_check(conn)
            return False

        if (self.write if create else self.read)(check):
            try:
                self.write(lambda conn: check(conn, migrate=True))
            except WriteRefused:
                raise
            except StoreError as exc:
                if isinstance(exc, SchemaTooNew):
                    raise
                raise StoreError(self.shown, f"was written by an older kit; bringing it up "
                                             f"to schema version {schema.SCHEMA_VERSION} "
                                             f"failed ({exc.message}), and nothing was "
                                             "changed") from exc

    def _migrate(self, conn: sa.Connection, found: int) -> None:
        """Bring a store of schema version ``found`` up to this kit's (one transaction)."""
        for version in range(found + 1, schema.SCHEMA_VERSION + 1):
            for statement in schema.MIGRATIONS[version]:
                conn.execute(sa.text(statement))
        conn.execute(sa.update(schema.meta).where(schema.meta.c.key == "schema_version")
                     .values(value=str(schema.SCHEMA_VERSION)))

    def _write_check(self, conn: sa.Connection) -> None:
        """A real test write (a row written and removed): a store this process may
        only read is refused when opened for recording, not after a game is played."""
        try:
            with conn.begin_nested():
                conn.execute(sa.insert(schema.meta).values(key="write_check", value=""))
                conn.execute(sa.delete(schema.meta).where(schema.meta.c.key == "write_check"))
        except (sa.exc.DatabaseError, sa.exc.InterfaceError) as exc:
            raise StoreError(self.shown, f"cannot be written to here: a test write failed "
                                         f"({_first_line(exc)}), so nothing would be "
                                         "recorded") from None

    # -- transactions -------------------------------------------------------------------

    def write(self, work: Callable[[sa.Connection], T]) -> T:
        """Run ``work(conn)`` in one write transaction (committed on return)."""
        try:
            with self.engine.begin() as conn:
                return work(conn)
        except sa.exc.IntegrityError as exc:
            raise WriteRefused(self.shown, f"refused a write: {_first_line(exc)}") from exc
        except (sa.exc.DatabaseError, sa.exc.InterfaceError) as exc:  # (a file not a database)
            raise StoreError(self.shown, f"cannot write: {_first_line(exc)}") from exc

    def read(self, work: Callable[[sa.Connection], T]) -> T:
        """Run ``work(conn)`` in a read transaction (never takes SQLite's write lock)."""
        try:
            with self.engine.connect() as conn:
                conn = conn.execution_options(kit_read=True)
                with conn.begin():
                    return work(conn)
        except (sa.exc.DatabaseError, sa.exc.InterfaceError) as exc:
            raise StoreError(self.shown, f"cannot read: {_first_line(exc)}") from exc

    def dispose(self) -> None:
        self.engine.dispose()

    def __repr__(self) -> str:
        return f"<Store {self.shown}>"


def _sqlite_setup(engine: sa.Engine, wal: bool) -> None:
    """WAL, a busy timeout, foreign keys, and ``BEGIN IMMEDIATE`` for writers.

    pysqlite's own transaction handling is switched off so that SQLAlchemy's ``begin``
    emits the BEGIN: a writer that starts deferred and upgrades later can fail at once
    with "database is locked" when another process committed in between.
    """

    @sa.event.listens_for(engine, "connect")
    def _connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None
        cur = dbapi_conn.cursor()
        cur.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
        if wal:
            cur.execute("PRAGMA journal_mode = WAL")
        cur.execute("PRAGMA synchronous = NORMAL")
        cur.execute("PRAGMA foreign_keys = ON")
        cur.close()

    @sa.event.listens_for(engine, "begin")
    def _begin(conn: sa.Connection) -> None:
        read = conn.get_execution_options().get("kit_read", False)
        conn.exec_driver_sql("BEGIN" if read else "BEGIN IMMEDIATE")


def open_store(source: Store | Recorder | str | Path | sa.URL | None = None, *,
               create: bool = False) -> Store:
    """A :class:`Store` from a store, a recorder, a URL or path, or None (the default)."""
    if isinstance(source, Store):
        return source
    if isinstance(source, Recorder):
        return source.store
    return Store(source, create=create)


# --------------------------------------------------------------------------- recording


@dataclass(frozen=True)
class SessionRecord:
    """A recorded playtest session."""

    id: int
    label: str = ""
    facilitator: str = ""
    place: str = ""
    notes: str = ""
    #: whether a run recorded every game it set out to (None: it plans no number)
    complete: bool | None = None


def _new_id(result: sa.CursorResult) -> int:
    """The primary key of the one row an INSERT wrote."""
    key = result.inserted_primary_key
    assert key is not None  # an INSERT of one row
    return int(key[0])


def _action_json(action: Any) -> dict:
    if isinstance(action, Action):
        return action.to_json()
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise RecordError(f"an action to record is an action object or its JSON dict with a "
                          f"'type', not {action!r}")
    return dict(action)


def _seat_of(action: dict) -> int | None:
    seat = action.get("seat")
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else None


class GameRecord:
    """One game being recorded; made by :meth:`Recorder.start_game` or :meth:`Recorder.resume`.

    Unbuffered (boards): the game row is written at once and each :meth:`action` is
    one commit. Buffered (the simulator): nothing is written until :meth:`finish`,
    which writes the game and all its actions in one transaction (or, with
    ``write=False``, leaves that to :func:`write_buffered` with a batch of games).
    """

    def __init__(self, store: Store, row: dict, *, next_seq: int, state: GameState | None,
                 buffered: bool, game_id: int | None,
                 retry_delays: Sequence[float] = RETRY_DELAYS_S, base: int | None = None) -> None:
        self.store = store
        self.id = game_id
        self.next_seq = next_seq
        self.finished = False
        #: why recording stopped (moves not written even after retrying), None while
        #: every move is written; see :class:`RecordingStopped`
        self.stopped: RecordingStopped | None = None
        self._row = row
        self._state = state
        self._buffered = buffered
        self._retry_delays = tuple(retry_delays)
        self._pending: list[dict] = []
        self._maybe_stored = False  # (a failed write may have committed: check first)
        #: the moves of the last write, and the seq of the next of them a caller that
        #: sends failed moves again will send (see :meth:`_sent_again`)
        self._written: list[dict] = []
        self._echo: int | None = None
        #: the seq of the first action the store holds for this game
        self._base = next_seq if base is None else base
        #: the moves the state had when recording started (kept in its start snapshot)
        self._start_moves = [dict(a) for a in state.history] if state is not None else []
        self._start_len = next_seq
        self._rerecorded = 0

    @property
    def unwritten(self) -> int:
        """How many recorded moves wait to be written (after a failed write)."""
        return 0 if self._buffered else len(self._pending)

    @property
    def game(self) -> str:
        """The game's name (``"hanabi"``)."""
        return self._row["game"]

    @property
    def seats(self) -> list[str]:
        """Who sits where, as recorded (``"human:Ann"``, ``"bot:rule"``)."""
        return list(self._row["seats"])

    def __repr__(self) -> str:
        return (f"<GameRecord {self.id} {self._row['game']} seq={self.next_seq}"
                f"{' finished' if self.finished else ''}>")

    def action(self, action: Any, thinking_time: float | None = None, *,
               events: Sequence[dict] | None = None, at: datetime | None = None) -> int:
        """Record the next applied action (its JSON, as in ``state.history``); return its seq.

        ``thinking_time``: seconds the seat took to decide. ``events``: what ``apply``
        returned (optional; the loader replays games recorded without them). The moves
        a state already had at :meth:`Recorder.start_game` are in its start snapshot;
        recording them again right after the start is accepted and stores nothing.

        A failed write is retried; :class:`RecordingStopped` if it still fails (the move
        is kept, and written with the next one that gets through).
        """
        if self.finished:
            raise RecordError(f"game {self.id} is finished; it records no more actions")
        data = _action_json(action)
        seq = self.next_seq
        state = self._state
        if (state is not None and seq == self._start_len == len(state.history)
                and self._rerecorded < len(self._start_moves)
                and data == self._start_moves[self._rerecorded]):
            # nothing was applied since the start: this is a move of the situation the
            # game started from, recorded again; it is part of the start snapshot
            self._rerecorded += 1
            return self._rerecorded - 1
        if not self._buffered:
            again = self._sent_again(data)
            if again is not None:
                return again
        if state is not None:
            expected = state.history[seq] if seq < len(state.history) else None
            if expected != data:
                raise RecordError(
                    f"game {self.id}: action {seq} to record is {data}, but the game's "
                    f"history has {expected or 'no such action yet'} there; record each "
                    "action once, in order, after applying it")
        if thinking_time is not None and not (isinstance(thinking_time, int | float)
                                              and thinking_time >= 0):
            raise RecordError(f"thinking_time is seconds >= 0, not {thinking_time!r}")
        row = {"seq": seq, "seat": _seat_of(data), "type": data["type"], "action": data,
               "at": at or now(), "events": None if events is None else list(events),
               "thinking_time": None if thinking_time is None else float(thinking_time)}
        self._pending.append(row)
        self.next_seq = seq + 1
        if not self._buffered:
            self._write_pending(retry=self.stopped is None)
        return seq

    def follow(self, state: GameState) -> None:
        """Check the actions recorded from now on against ``state``: the game as it goes
        on, for a caller that applies each move to a copy and keeps the copy (a board's
        table writes a move before it takes effect)."""
        self._state = state

    def _sent_again(self, data: dict) -> int | None:
        """The seq of a move this record has already, sent again by a caller that keeps
        a failed move and sends it again before the next one (as a board's recording
        does), or None for a new move. Such a move is not recorded twice: the moves
        kept since a failure are tried again (once), and its seq returned."""
        state, seq = self._state, self.next_seq
        rows = self._written + self._pending
        if self._echo is not None and self._echo < seq:
            at = self._echo - rows[0]["seq"] if rows else -1
            if 0 <= at < len(rows) and rows[at]["action"] == data:
                self._echo = self._echo + 1 if self._echo + 1 < seq else None
                return rows[at]["seq"]
        self._echo = None
        is_next = state is not None and seq < len(state.history) and state.history[seq] == data
        if self._pending and self._pending[0]["action"] == data and not is_next:
            first = self._pending[0]["seq"]
            self._write_pending(retry=False)
            # (the moves written with it come again next, in order)
            self._echo = first + 1 if first + 1 < seq else None
            return first
        if rows and rows[-1]["action"] == data and state is not None \
                and seq == len(state.history):  # (nothing applied since: the same move)
            self._write_pending(retry=False)
            return rows[-1]["seq"]
        return None

    def retry(self) -> None:
        """Try again, with the full backoff, to write the moves that recording stopped
        on (:attr:`stopped`); raises :class:`RecordingStopped` if they still fail."""
        if not self._buffered:
            self._write_pending(retry=True)

    def _write_pending(self, retry: bool) -> None:
        """Write the moves not yet written, in order, in one transaction; retried after
        :data:`RETRY_DELAYS_S` (``retry``) or tried once, then :class:`RecordingStopped`."""
        if not self._pending:
            return
        game_id, rows = self.id, list(self._pending)
        assert game_id is not None  # (an unbuffered game's row is written as it starts)

        def insert(conn: sa.Connection) -> None:
            # after a failed write, a commit whose answer was lost may have stored some
            todo = self._not_yet_stored(conn, game_id, rows) if self._maybe_stored else rows
            self._maybe_stored = True  # (until this transaction is known committed)
            if todo:
                conn.execute(sa.insert(schema.actions), [{**r, "game_id": game_id} for r in todo])

        try:
            _with_retry(self.store, insert, self._retry_delays if retry else ())
        except GameMovedOn:
            raise
        except WriteRefused as exc:
            self._maybe_stored = False  # (refused: nothing of it was stored)
            raise GameMovedOn(self.store.shown, game_id, rows[0]["seq"]) from exc
        except StoreError as exc:
            self.stopped = RecordingStopped(self.store.shown, game_id,
                                            [r["seq"] for r in self._pending], exc.message)
            raise self.stopped from exc
        self._maybe_stored = False
        self._written, self._pending = rows, []
        self.stopped = None

    def _not_yet_stored(self, conn: sa.Connection, game_id: int,
                        rows: list[dict]) -> list[dict]:
        """``rows`` minus those already stored as they are (a commit whose answer was
        lost); a seq stored with another action raises :class:`GameMovedOn`."""
        a = schema.actions.c
        stored = dict(conn.execute(sa.select(a.seq, a.action).where(
            a.game_id == game_id, a.seq >= rows[0]["seq"])).all())
        for r in rows:
            if r["seq"] in stored and _norm(stored[r["seq"]]) != _norm(r["action"]):
                raise GameMovedOn(self.store.shown, game_id, r["seq"])
        return [r for r in rows if r["seq"] not in stored]

    def finish(self, result: dict | None = None, *, at: datetime | None = None,
               write: bool = True) -> None:
        """Mark the game over with its result (default: the state's ``result()``).

        A buffered game is written now, or with ``write=False`` later, together with
        other finished games, by :func:`write_buffered`."""
        if self.finished:
            return
        state = self._state
        if state is not None and self.next_seq != len(state.history):
            raise RecordingIncomplete(self.id, f"its history has {len(state.history)} "
                                      f"moves, {self.next_seq} of them recorded; record "
                                      "each move after applying it")
        if result is None and state is not None:
            result = state.result()
        values = {"ended_at": at or now(), "status": "finished",
                  "result": None if result is None else json.loads(json.dumps(result))}
        if self._buffered:
            self._row = {**self._row, **values}
            self.finished = True
            if write:
                write_buffered(self.store, [self], self._retry_delays)
            return
        self._write_pending(retry=True)
        game_id = self.id

        def mark_finished(conn: sa.Connection) -> None:
            a = schema.actions.c
            stored = conn.execute(sa.select(a.seq, a.action).where(a.game_id == game_id)
                                  .order_by(a.seq)).all()
            self._check_recorded(stored)
            conn.execute(sa.update(schema.games).where(schema.games.c.id == game_id)
                         .values(**values))

        try:
            _with_retry(self.store, mark_finished, self._retry_delays)
        except WriteRefused:
            raise
        except StoreError as exc:
            self.stopped = RecordingStopped(self.store.shown, game_id, [], exc.message)
            raise self.stopped from exc
        self.finished = True

    def _check_recorded(self, stored: Sequence[tuple[int, Any]]) -> None:
        """Refuse (:class:`RecordingIncomplete`) unless the stored actions are the
        game's moves from :attr:`_base` on, each once, in order."""
        seqs = [seq for seq, _ in stored]
        want = list(range(self._base, self.next_seq))
        if seqs != want:
            missing = sorted(set(want) - set(seqs))
            extra = sorted(set(seqs) - set(want))
            raise RecordingIncomplete(self.id, f"the store holds {len(seqs)} of its "
                                      f"{len(want)} recorded moves (missing seqs "
                                      f"{missing[:10]}, unexpected {extra[:10]})")
        history = self._state.history if self._state is not None else None
        if history is not None:
            for seq, action in stored:
                if _norm(action) != _norm(history[seq]):
                    raise RecordingIncomplete(self.id, f"action {seq} is stored as {action}, "
                                              f"but the game's history has {history[seq]}")

    def feedback(self, seat: int | None = None, rating: int | None = None, text: str = "",
                 unclear_rule: str | None = None) -> int:
        """Record post-game feedback of a seat; returns its id. ``rating`` is 1–5."""
        if self.id is None:
            raise RecordError("a buffered game gets feedback only after finish()")
        return record_feedback(self.store, self.id, seat, rating, text, unclear_rule)


def _with_retry(store: Store, work: Callable[[sa.Connection], T],
                delays: Sequence[float]) -> T:
    """``store.write(work)``, tried again after each of ``delays`` while the store fails
    (a full disk, a server restarting); a refused write (a constraint) is not retried."""
    for wait in (*delays, None):
        try:
            return store.write(work)
        except WriteRefused:
            raise
        except StoreError:
            if wait is None:
                raise
            time.sleep(wait)
    raise AssertionError("unreachable")


def write_buffered(store: Store, records: Sequence[GameRecord],
                   retry_delays: Sequence[float] = RETRY_DELAYS_S) -> list[int]:
    """Write finished buffered games, each with all its actions, in one transaction.

    The simulator writes a batch of games at a time: fewer commits, and far fewer
    waits for another worker's write lock. Sets and returns the games' ids.
    """
    todo = [r for r in records if r._buffered and r.id is None]
    for r in todo:
        if not r.finished:
            raise RecordError(f"a buffered {r._row['game']} game is written once finished")

    def insert_all(conn: sa.Connection) -> list[int]:
        ids = []
        for r in todo:
            game_id = _new_id(conn.execute(sa.insert(schema.games).values(**r._row)))
            if r._pending:
                conn.execute(sa.insert(schema.actions),
                             [{**a, "game_id": game_id} for a in r._pending])
            ids.append(game_id)
        return ids

    if todo:
        for r, game_id in zip(todo, _with_retry(store, insert_all, retry_delays), strict=True):
            r.id = game_id
            r._pending = []
    return [cast(int, r.id) for r in records]  # every one is written by now


def record_feedback(store: Store, game_id: int, seat: int | None, rating: int | None,
                    text: str, unclear_rule: str | None) -> int:
    """Store one feedback row (see :meth:`GameRecord.feedback`)."""
    if rating is not None and (not isinstance(rating, int) or isinstance(rating, bool)
                               or not 1 <= rating <= 5):
        raise RecordError(f"rating is a whole number from 1 to 5, not {rating!r}")
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or seat < 0):
        raise RecordError(f"seat is a seat number, not {seat!r}")
    unclear = safe_text(unclear_rule).strip() or None
    row = {"game_id": game_id, "seat": seat, "rating": rating, "text": safe_text(text),
           "unclear_rule": unclear, "at": now()}

    def insert(conn: sa.Connection) -> int:
        if conn.execute(sa.select(schema.games.c.id).where(
                schema.games.c.id == game_id)).first() is None:
            raise RecordError(f"no recorded game {game_id} to give feedback on")
        return _new_id(conn.execute(sa.insert(schema.feedback).values(**row)))

    return store.write(insert)


class Recorder:
    """Records sessions, games, actions and feedback into one store (see module doc).

    ``url``: any SQLAlchemy URL or a SQLite file path; None is :func:`default_url`.
    ``retry_delays``: the waits (s) between the tries of a failed write, after which
    recording stops (:class:`RecordingStopped`). ``integrity_check=False`` skips SQLite's
    ``PRAGMA quick_check`` (a simulation's workers: the run's starter checked the file).
    """

    def __init__(self, url: str | Path | sa.URL | None = None, *,
                 retry_delays: Sequence[float] = RETRY_DELAYS_S,
                 integrity_check: bool = True) -> None:
        self.retry_delays = tuple(float(d) for d in retry_delays)
        self.store = Store(url, create=True, integrity_check=integrity_check)

    @property
    def url(self) -> str:
        return self.store.shown

    def __repr__(self) -> str:
        return f"<Recorder {self.url}>"

    def __enter__(self) -> Recorder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.store.dispose()

    def session(self, label: str = "", facilitator: str = "", place: str = "",
                notes: str = "", complete: bool | None = None) -> SessionRecord:
        """Start a playtest session; pass it to :meth:`start_game`. ``complete=False``:
        a run of a planned number of games, marked done by :meth:`complete_session`."""
        values: dict[str, Any] = {
            "label": safe_text(label), "facilitator": safe_text(facilitator),
            "place": safe_text(place), "notes": safe_text(notes), "complete": complete}
        sid = _with_retry(self.store, lambda conn: _new_id(conn.execute(sa.insert(
            schema.sessions).values(started_at=now(), **values))), self.retry_delays)
        return SessionRecord(sid, **values)

    def get_session(self, session_id: int) -> SessionRecord:
        """The recorded session ``session_id`` (a :class:`RecordError` if there is none)."""
        s = schema.sessions.c
        row = self.store.read(lambda conn: conn.execute(sa.select(
            s.id, s.label, s.facilitator, s.place, s.notes, s.complete).where(
            s.id == session_id)).mappings().first())
        if row is None:
            raise RecordError(f"no recorded session {session_id} in {self.url}")
        return SessionRecord(**row)

    def complete_session(self, session: SessionRecord | int, complete: bool = True) -> None:
        """Mark a run's session as having recorded every game it set out to."""
        sid = session.id if isinstance(session, SessionRecord) else session
        _with_retry(self.store, lambda conn: conn.execute(sa.update(schema.sessions).where(
            schema.sessions.c.id == sid).values(complete=complete)), self.retry_delays)

    def start_game(self, state: GameState, seats: Sequence[str] | None = None,
                   session: SessionRecord | int | None = None, *,
                   buffered: bool = False, check_start: bool = True) -> GameRecord:
        """Start recording ``state``'s game; ``seats`` says who sits where
        (``"human:Ann"``, ``"bot:rule"``). Stores game, options, seed, seats, kit and
        rules version and start time.

        A state that its seed and options alone don't reproduce (a prepared situation,
        or one with moves already made) is stored as a snapshot to replay from.
        ``check_start=False`` skips that check for a state fresh from ``kit.new_game``.
        """
        spec = state.spec
        if seats is None:
            seats = ["unknown"] * state.players
        seats = [safe_text(s) for s in seats]
        if len(seats) != state.players:
            raise ConfigError("seats", f"{state.players} seats to name, not {len(seats)}",
                              code=NC_("error", "count_needed"), n=state.players, value=len(seats))
        session_id = session.id if isinstance(session, SessionRecord) else session
        start_snapshot = None
        if check_start or state.history:
            snapshot = state.snapshot()
            fresh = None
            if not state.history:
                with contextlib.suppress(ValueError):
                    fresh = spec.state_class(state.players, state.seed,
                                             **state.options).snapshot()
            if not _same_json(snapshot, fresh):
                start_snapshot = json.loads(json.dumps(snapshot))
        row = {"session_id": session_id, "game": spec.name, "players": state.players,
               "seed": state.seed, "options": json.loads(json.dumps(state.options)),
               "seats": seats, "kit_version": kit.__version__,
               "rules_version": recorded_rules(spec, state.options), "started_at": now(),
               "ended_at": None,
               "status": "playing", "result": None, "start_snapshot": start_snapshot}
        game_id = None
        if not buffered:
            game_id = _with_retry(self.store, lambda conn: _new_id(conn.execute(
                sa.insert(schema.games).values(**row))), self.retry_delays)
        return GameRecord(self.store, row, next_seq=len(state.history), state=state,
                          buffered=buffered, game_id=game_id, retry_delays=self.retry_delays)

    def feedback(self, game_id: int, seat: int | None = None, rating: int | None = None,
                 text: str = "", unclear_rule: str | None = None) -> int:
        """Feedback on a recorded game by its id."""
        return record_feedback(self.store, game_id, seat, rating, text, unclear_rule)

    def replay(self, game_id: int) -> GameState:
        """The state after the recorded actions of game ``game_id``.

        Raises :class:`ReplayDiverged` naming the game and the action when the
        recording no longer fits the rules.
        """
        return replay_game(self.store, game_id)

    def lock_resume(self, game_id: int) -> str:
        """A new unguessable key without which :meth:`resume` refuses game ``game_id``
        (the page that started it keeps it; the store keeps only its SHA-256). A game
        that has a key already is refused: its key stays with whoever holds it."""
        key = secrets.token_urlsafe(24)
        g = schema.games.c

        def lock(conn: sa.Connection) -> int:
            return conn.execute(sa.update(schema.games).where(
                g.id == game_id, g.resume_key.is_(None)).values(
                resume_key=_key_hash(key))).rowcount

        if self.store.write(lock) != 1:
            raise RecordError(f"recorded game {game_id} has a resume key already, or there "
                              "is no such game")
        return key

    def resume(self, game_id: int, check_result: bool = True, *, key: str | None = None,
               need_key: bool = False) -> tuple[GameState, GameRecord]:
        """Replay an unfinished game and go on recording it (after a crash). A game
        locked by :meth:`lock_resume` needs its ``key``; ``need_key`` refuses a game
        that has none (the apps: only a page holding the key goes on with a game)."""
        if not isinstance(game_id, int) or isinstance(game_id, bool) or not 0 < game_id < 2**31:
            raise RecordError(f"a recorded game's id is a number from 1 to 2**31 - 1, not "
                              f"{brief(game_id)}", code=NC_("error", "resume_id"),
                              value=brief(game_id))
        row = self.store.read(lambda conn: conn.execute(sa.select(schema.games).where(
            schema.games.c.id == game_id)).mappings().first())
        if row is None:
            raise RecordError(f"no recorded game {game_id} in {self.url}",
                              code=NC_("error", "resume_no_game"), number=game_id)
        stored = row["resume_key"]
        if (stored is None and need_key) or (stored is not None and not (
                isinstance(key, str) and hmac.compare_digest(stored, _key_hash(key)))):
            raise RecordError(f"recorded game {game_id} goes on only with the key of the page "
                              "that started it (its link with &key=...)",
                              code=NC_("error", "resume_key"), number=game_id)
        state = replay_game(self.store, game_id, check_result=check_result)
        if row["status"] == "finished" or state.over:
            raise RecordError(f"recorded game {game_id} is over; there is nothing to resume",
                              code=NC_("error", "resume_over"), number=game_id)
        first = self.store.read(lambda conn: conn.execute(sa.select(
            sa.func.min(schema.actions.c.seq)).where(schema.actions.c.game_id == game_id)
        ).scalar())
        rec = GameRecord(self.store, dict(row), next_seq=len(state.history), state=state,
                         buffered=False, game_id=game_id, retry_delays=self.retry_delays,
                         base=len(state.history) if first is None else first)
        return state, rec

    def game_ids(self, game: str | None = None) -> list[int]:
        """The ids of the recorded games (of one game if named), in order."""
        query = sa.select(schema.games.c.id).order_by(schema.games.c.id)
        if game is not None:
            query = query.where(schema.games.c.game == game)
        return self.store.read(lambda conn: [r[0] for r in conn.execute(query)])

    def unfinished(self, game: str | None = None, limit: int | None = None,
                   min_moves: int = 0) -> list[dict]:
        """The recorded games still being played (of one game if named, with at least
        ``min_moves`` actions), the latest first: ``id``, ``game``, ``players``, ``seats``
        (as recorded), ``started_at``, and ``moves``, the actions recorded. What
        :meth:`resume` can go on with: a page that was closed or reloaded, a kernel that
        died (or a game still open elsewhere)."""
        moves = (sa.select(sa.func.count()).where(schema.actions.c.game_id == schema.games.c.id)
                 .scalar_subquery())
        g = schema.games.c
        query = (sa.select(g.id, g.game, g.players, g.seats, g.started_at, moves.label("moves"))
                 .where(g.status == "playing").order_by(g.started_at.desc(), g.id.desc()))
        if game is not None:
            query = query.where(g.game == game)
        if min_moves:
            query = query.where(moves >= min_moves)
        if limit is not None:
            query = query.limit(limit)
        return self.store.read(lambda conn: [dict(r) for r in conn.execute(query).mappings()])

    def load(self, game: str | None = None):
        """The recordings as tidy DataFrames (:func:`kit.record.load`)."""
        from kit.record.loading import load

        return load(self.store, game)


def _key_hash(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "replace")).hexdigest()


def _same_json(a: Any, b: Any) -> bool:
    if b is None:
        return False
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


# --------------------------------------------------------------------------- replay


def _norm(obj: Any) -> Any:
    return json.loads(json.dumps(obj))


def replay_recorded(game_row: dict, action_rows: Sequence[dict], *, check_events: bool = True,
                    check_result: bool = True,
                    collect_events: bool = False) -> tuple[GameState, list[list[dict]]]:
    """Replay one recorded game from its seed (or start snapshot) and actions.

    Checks that every action still applies, that it gives the recorded events (when
    they were recorded) and that a finished game ends with the recorded result.
    Raises :class:`ReplayDiverged` naming the game and action otherwise. Returns the
    state and, with ``collect_events``, the events of each action.
    """
    game_id = game_row["id"]
    name = game_row["game"]
    try:
        spec = kit.spec(name)
    except ConfigError as exc:
        raise ReplayDiverged(game_id, None, str(exc)) from None
    rules = {"recorded_rules": game_row["rules_version"],
             "current_rules": recorded_rules(spec, game_row["options"] or {})}
    snap = game_row.get("start_snapshot")
    try:
        if snap:
            state = spec.state_class.restore(snap)
        else:
            state = spec.state_class(game_row["players"], game_row["seed"],
                                     **(game_row["options"] or {}))
    except (ValueError, KeyError, TypeError) as exc:
        raise ReplayDiverged(game_id, None, f"the game can't be set up again: {exc}",
                             **rules) from None
    per_action: list[list[dict]] = []
    for row in action_rows:
        seq = row["seq"]
        action = row["action"]
        if seq != len(state.history):
            raise ReplayDiverged(game_id, len(state.history), "this action is missing from "
                                 f"the store (the next stored one is {seq})", **rules)
        try:
            events = state.apply(action)
        except (IllegalAction, ValueError) as exc:
            raise ReplayDiverged(game_id, seq, f"it is illegal now ({exc})", action,
                                 **rules) from None
        if check_events and row.get("events") is not None:
            got, was = _norm(events), row["events"]
            if got != was:
                k = next((i for i, (x, y) in enumerate(zip(got, was, strict=False))
                          if x != y), min(len(got), len(was)))
                raise ReplayDiverged(
                    game_id, seq, f"its events differ at event {k}: recorded "
                    f"{was[k] if k < len(was) else 'nothing'}, replay gives "
                    f"{got[k] if k < len(got) else 'nothing'}", action, **rules)
        if collect_events:
            per_action.append(events if row.get("events") is None else row["events"])
    if check_result and game_row.get("status") == "finished" and game_row.get("result"):
        last = action_rows[-1]["seq"] if action_rows else None
        if not state.over:
            raise ReplayDiverged(game_id, last, "the game is not over after its last "
                                 "recorded action, but it was recorded as finished", **rules)
        got = _norm(state.result())
        if got != game_row["result"]:
            diff = sorted(k for k in set(got) | set(game_row["result"])
                          if got.get(k) != game_row["result"].get(k))
            raise ReplayDiverged(game_id, last, f"the result differs in {diff}: recorded "
                                 f"{ {k: game_row['result'].get(k) for k in diff} }, replay "
                                 f"gives { {k: got.get(k) for k in diff} }", **rules)
    return state, per_action


def replay_game(store: Store, game_id: int, *, check_result: bool = True) -> GameState:
    """Replay game ``game_id`` of ``store`` (see :func:`replay_recorded`)."""
    def fetch(conn: sa.Connection) -> tuple[dict | None, list[dict]]:
        row = conn.execute(sa.select(schema.games).where(
            schema.games.c.id == game_id)).mappings().first()
        acts = conn.execute(sa.select(schema.actions).where(
            schema.actions.c.game_id == game_id).order_by(schema.actions.c.seq)).mappings().all()
        return (dict(row) if row else None), [dict(a) for a in acts]

    row, acts = store.read(fetch)
    if row is None:
        raise RecordError(f"no recorded game {game_id} in {store.shown}")
    state, _ = replay_recorded(row, acts, check_result=check_result)
    return state

