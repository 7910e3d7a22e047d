"""A write that fails mid-game (SQLite's disk full, PostgreSQL gone) is retried until it
succeeds, or recording stops and says so for as long as moves are unwritten; a game is
never stored ``finished`` with moves missing (issue 37, item 1). Every test runs on SQLite
and on the real PostgreSQL server the suite starts (tests/pg_fixture.py)."""

from __future__ import annotations

import contextlib
import random
import sqlite3

import psycopg
import pytest
import sqlalchemy as sa
from pg_fixture import pg_server, pg_url  # noqa: F401  (fixtures)

import kit
from kit.bots import make_bot
from kit.record import (
    Recorder,
    RecordingIncomplete,
    RecordingStopped,
    load,
)

#: short waits between the tries, so a store that stays down stops recording quickly
FAST = (0.01, 0.02, 0.05)


class SqliteFault:
    """SQLite answering "database or disk is full" to the kit's writes while broken."""

    def __init__(self, rec: Recorder) -> None:
        self.engine = rec.store.engine
        self.fails_left = 0
        sa.event.listen(self.engine, "before_cursor_execute", self._execute)

    def _execute(self, conn, cursor, statement, *args):
        if self.fails_left and statement.lstrip().upper().startswith(("INSERT", "UPDATE")):
            self.fails_left -= 1
            raise sqlite3.OperationalError("database or disk is full")

    def fail(self, times: int = 10**9) -> None:
        self.fails_left = times

    def heal(self) -> None:
        self.fails_left = 0


class PostgresFault:
    """The test database refusing connections (its sessions ended, as by a restart)."""

    def __init__(self, url: str, server: dict) -> None:
        self.name = sa.make_url(url).database
        self.server = server
        self.fails_left = 0

    def _admin(self, *sql: str) -> None:
        with psycopg.connect(host=self.server["host"], port=self.server["port"],
                             user=self.server["user"], dbname="postgres",
                             autocommit=True) as conn:
            for q in sql:
                conn.execute(q)

    def fail(self, times: int | None = None) -> None:
        """End every session of the database; ``times=None``: refuse new ones too."""
        refuse = (f'ALTER DATABASE "{self.name}" ALLOW_CONNECTIONS false',) if times is None else ()
        self._admin(*refuse, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    f"WHERE datname = '{self.name}' AND pid <> pg_backend_pid()")

    def heal(self) -> None:
        self._admin(f'ALTER DATABASE "{self.name}" ALLOW_CONNECTIONS true')


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request, tmp_path):
    """(recorder, fault) on SQLite or on PostgreSQL."""
    if request.param == "sqlite":
        rec = Recorder(tmp_path / "store.sqlite", retry_delays=FAST)
        fault = SqliteFault(rec)
    else:
        url = request.getfixturevalue("pg_url")
        rec = Recorder(url, retry_delays=FAST)
        fault = PostgresFault(url, request.getfixturevalue("pg_server"))
    yield rec, fault
    fault.heal()
    rec.close()


def moves(state, bots, rng, n=None):
    """Apply rule-bot moves (``n`` of them, or to the end); yield each as applied."""
    while not state.over and (n is None or n > 0):
        seat = state.to_act
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
        n = None if n is None else n - 1
        yield state.history[-1]


def new(rec):
    state = kit.new_game("hanabi", players=2, seed=5)
    return state, [make_bot("hanabi", "rule")] * 2, random.Random(5), \
        rec.start_game(state, seats=["bot:rule", "bot:rule"])


def stored(rec, game_id):
    """(status, seqs of the actions) of a game, as in the store."""
    with rec.store.engine.connect() as conn:
        status = conn.execute(sa.text("SELECT status FROM games WHERE id = :g"),
                              {"g": game_id}).scalar_one()
        seqs = conn.execute(sa.text("SELECT seq FROM actions WHERE game_id = :g ORDER BY seq"),
                            {"g": game_id}).scalars().all()
    return status, list(seqs)


def test_a_write_that_fails_once_is_retried_and_nothing_is_lost(store):
    rec, fault = store
    state, bots, rng, g = new(rec)
    for action in moves(state, bots, rng, 6):
        g.action(action)
    fault.fail(times=1)  # the 7th move's first write fails; its retry goes through
    for action in moves(state, bots, rng):
        g.action(action)
    assert g.stopped is None and g.unwritten == 0
    g.finish()
    assert stored(rec, g.id) == ("finished", list(range(len(state.history))))
    assert rec.replay(g.id).snapshot() == state.snapshot()
    assert len(load(rec, "hanabi").actions) == len(state.history)


def test_a_store_that_stays_down_stops_recording_then_catches_up(store):
    rec, fault = store
    state, bots, rng, g = new(rec)
    for action in moves(state, bots, rng, 6):
        g.action(action)
    fault.fail()
    with pytest.raises(RecordingStopped, match=r"recording stopped: game \d+'s move 7 "):
        g.action(next(moves(state, bots, rng, 1)))
    # persistently: every later move says so (and is kept), and the game is not finished
    for action in moves(state, bots, rng):
        with pytest.raises(RecordingStopped) as stop:
            g.action(action)
        assert stop.value.unwritten == list(range(6, len(state.history)))
        assert g.stopped is stop.value and g.unwritten == len(state.history) - 6
    with pytest.raises(RecordingStopped):
        g.finish()
    assert not g.finished
    fault.heal()
    assert stored(rec, g.id) == ("playing", list(range(6)))  # never finished with moves missing
    g.retry()
    assert g.stopped is None and g.unwritten == 0
    g.finish()
    assert stored(rec, g.id) == ("finished", list(range(len(state.history))))
    assert rec.replay(g.id).snapshot() == state.snapshot()


def test_finish_refuses_a_game_with_a_move_not_recorded(store):
    rec, _ = store
    state, bots, rng, g = new(rec)
    for action in moves(state, bots, rng, 8):
        g.action(action)
    list(moves(state, bots, rng, 1))  # applied, never recorded
    with pytest.raises(RecordingIncomplete, match=r"its history has 9 moves, 8 of them"):
        g.finish()
    assert stored(rec, g.id) == ("playing", list(range(8)))


def test_finish_refuses_a_game_whose_stored_moves_went_missing(store):
    rec, _ = store
    state, bots, rng, g = new(rec)
    for action in moves(state, bots, rng):
        g.action(action)
    with rec.store.engine.begin() as conn:  # (a move lost from the store)
        conn.execute(sa.text("DELETE FROM actions WHERE game_id = :g AND seq = 3"), {"g": g.id})
    with pytest.raises(RecordingIncomplete, match=r"missing seqs \[3\]"):
        g.finish()
    assert stored(rec, g.id)[0] == "playing"


def test_a_buffered_game_with_a_move_not_recorded_is_not_written(tmp_path):
    rec = Recorder(tmp_path / "s.sqlite")
    state = kit.new_game("hanabi", players=2, seed=2)
    g = rec.start_game(state, seats=["bot:rule"] * 2, buffered=True)
    bots, rng = [make_bot("hanabi", "rule")] * 2, random.Random(2)
    for action in moves(state, bots, rng, 5):
        g.action(action)
    list(moves(state, bots, rng))
    with pytest.raises(RecordingIncomplete):
        g.finish()
    assert rec.game_ids() == []


def test_a_game_whose_first_write_fails_once_is_still_recorded(store):
    rec, fault = store
    fault.fail(times=1)  # the game's own row: retried
    state, bots, rng, g = new(rec)
    for action in moves(state, bots, rng):
        g.action(action)
    g.finish()
    assert stored(rec, g.id) == ("finished", list(range(len(state.history))))


class Resender:
    """A caller that keeps a move whose write failed and sends it again, in order, before
    the next one (as the boards' recording, widgets/table.py, does)."""

    def __init__(self, g) -> None:
        self.g, self.unwritten = g, []

    def move(self, action: dict, result: dict | None) -> None:
        self.unwritten.append((action, result))
        while self.unwritten:
            action, result = self.unwritten[0]
            try:
                self.g.action(action)
                if result is not None:
                    self.g.finish(result)
            except RecordingStopped:
                return
            self.unwritten.pop(0)


@pytest.mark.parametrize("caller", ["resends", "moves on"])
def test_a_failed_move_is_recorded_once_whether_the_caller_sends_it_again_or_not(tmp_path,
                                                                                 caller):
    """Domino-Metro's bazaar draws give a seat the same move several times in a row: a
    move sent again after a failure must not be taken for the next one (nor twice)."""
    from kit.bots import play_out

    whole = kit.new_game("domino_metro", players=2, seed=4)
    play_out(whole, [make_bot("domino_metro", "random")] * 2, rng=4)
    history = whole.history
    repeats = [k for k in range(1, len(history)) if history[k] == history[k - 1]]
    assert repeats, "the game has no move repeated by the same seat"
    for k in sorted({*repeats, *(r - 1 for r in repeats), 0, len(history) - 1}):
        rec = Recorder(tmp_path / f"{caller}-{k}.sqlite", retry_delays=())
        fault = SqliteFault(rec)
        state = kit.new_game("domino_metro", players=2, seed=4)
        g = rec.start_game(state)
        resender = Resender(g)
        for seq, action in enumerate(history):
            state.apply(action)
            if seq == k:
                fault.fail(times=2)  # this move's write, and the next try, fail
            result = state.result() if state.over else None
            if caller == "resends":
                resender.move(state.history[-1], result)
            else:
                with contextlib.suppress(RecordingStopped):
                    g.action(state.history[-1])
                    if result is not None:
                        g.finish(result)
        fault.heal()
        if not g.finished:  # (the last move's write failed: the store answers now)
            g.retry() if caller == "moves on" else resender.move(*resender.unwritten.pop())
            g.finish()
        assert stored(rec, g.id) == ("finished", list(range(len(history)))), (caller, k)
        assert rec.replay(g.id).history == history
        rec.close()
