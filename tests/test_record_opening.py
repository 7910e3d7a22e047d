"""Opening a store for recording (issue 37, items 3 and 4): a store named by nothing is
refused (memory only when asked for), a store this process can only read is found out by
a real test write, and a SQLite file that is damaged or holds someone else's tables is
refused and left exactly as it was."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys

import psycopg
import pytest
import sqlalchemy as sa
from pg_fixture import pg_server, pg_url  # noqa: F401  (fixtures)

import kit
from kit.record import MEMORY_URL, SCHEMA_VERSION, Recorder, StoreError, load


@pytest.mark.parametrize("url", ["", "  ", "sqlite://", "sqlite:///"])
def test_a_store_named_by_nothing_is_refused(url):
    with pytest.raises(StoreError, match=r"names no (store|file).*sqlite:///:memory:"):
        Recorder(url)


def test_a_store_in_memory_is_used_when_asked_for():
    with Recorder(MEMORY_URL) as rec:
        g = rec.start_game(kit.new_game("hanabi", players=2, seed=1))
        assert rec.game_ids() == [g.id]


def test_simulate_with_an_empty_db_fails_and_says_why(tmp_path):
    done = subprocess.run([sys.executable, "-m", "kit", "simulate", "hanabi", "--players", "2",
                           "--games", "2", "--db", ""], capture_output=True, text=True,
                          cwd=tmp_path, timeout=120)
    assert done.returncode == 2
    assert "names no store" in done.stderr and "Traceback" not in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_read_only_sqlite_store_is_refused_by_a_test_write(tmp_path):
    path = tmp_path / "store.sqlite"
    Recorder(path).close()
    if shutil.which("chattr") is None or subprocess.run(
            ["chattr", "+i", str(path)], capture_output=True).returncode:
        pytest.skip("chattr +i (a file nobody may write, root included) is not available")
    try:
        with pytest.raises(StoreError, match=r"cannot be written to here: a test write "
                                             r"failed \(attempt to write a readonly"):
            Recorder(path)
        assert load(path).games.empty  # (reading it still works)
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)


def test_a_postgresql_store_the_user_may_only_read_is_refused(pg_url, pg_server):  # noqa: F811
    Recorder(pg_url).close()
    name = sa.make_url(pg_url).database
    with psycopg.connect(host=pg_server["host"], port=pg_server["port"],
                         user=pg_server["user"], dbname=name, autocommit=True) as conn:
        conn.execute("DO $$ BEGIN CREATE ROLE kit_reader LOGIN; "
                     "EXCEPTION WHEN duplicate_object THEN NULL; END $$")
        conn.execute("GRANT SELECT ON ALL TABLES IN SCHEMA public TO kit_reader")
    reader = sa.make_url(pg_url).set(username="kit_reader")
    with pytest.raises(StoreError, match=r"a test write failed \(permission denied"):
        Recorder(reader)
    assert load(reader).games.empty


def damaged_store(path, at: int, garbage: bytes) -> None:
    """A kit store with ``garbage`` at byte ``at`` of its ``games`` table's page."""
    with Recorder(path) as rec:
        for seed in range(3):
            rec.start_game(kit.new_game("hanabi", players=2, seed=seed))
    db = sqlite3.connect(path)
    root = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'games'").fetchone()[0]
    size = db.execute("PRAGMA page_size").fetchone()[0]
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.execute("PRAGMA journal_mode = DELETE")
    db.close()
    with open(path, "r+b") as f:
        f.seek((root - 1) * size + at)
        f.write(garbage)


@pytest.mark.parametrize(("at", "garbage", "says"), [
    (3, b"\x00\x40", r"is damaged \(PRAGMA quick_check: On tree page \d+ cell \d+: Offset"),
    (0, b"\x00", r"cannot read: database disk image is malformed .*a damaged one"),
], ids=["cell count", "page type"])
def test_a_damaged_sqlite_file_is_refused_and_not_written(tmp_path, at, garbage, says):
    path = tmp_path / "store.sqlite"
    damaged_store(path, at, garbage)
    before = path.read_bytes()
    with pytest.raises(StoreError, match=r"store\.sqlite: " + says):
        Recorder(path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["store.sqlite"]  # (no WAL made)


def test_a_sqlite_file_with_someone_elses_tables_is_refused_and_not_converted(tmp_path):
    path = tmp_path / "notes.sqlite"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
    db.execute("INSERT INTO notes (body) VALUES ('mine')")
    db.commit()
    db.close()
    before = path.read_bytes()
    for opener in (Recorder, load):
        with pytest.raises(StoreError, match=r"holds other tables \(notes\).*not a kit "
                                             r"recording store, and it is left as it is"):
            opener(path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.sqlite"]
    assert sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone()[0] == "delete"


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_store_of_schema_version_1_is_brought_up_to_date_when_opened(tmp_path, request,
                                                                       backend):
    url = (f"sqlite:///{tmp_path / 'old.sqlite'}" if backend == "sqlite"
           else request.getfixturevalue("pg_url"))
    with Recorder(url) as rec:
        rec.start_game(kit.new_game("hanabi", players=2, seed=1), session=rec.session("club"))
    engine = sa.create_engine(url)
    with engine.begin() as conn:  # (what a kit of schema version 1 wrote)
        conn.execute(sa.text("ALTER TABLE sessions DROP COLUMN complete"))
        conn.execute(sa.text("ALTER TABLE games DROP COLUMN resume_key"))
        conn.execute(sa.text("UPDATE kit_meta SET value = '1' WHERE key = 'schema_version'"))
    tables = load(url)
    assert len(tables.games) == 1  # (a session not marked complete or not: shown)
    with Recorder(url) as rec:
        assert rec.get_session(1).complete is None
    with engine.connect() as conn:
        assert conn.execute(sa.text("SELECT value FROM kit_meta WHERE key = "
                                    "'schema_version'")).scalar_one() == str(SCHEMA_VERSION)
    engine.dispose()
    with Recorder(url) as rec:  # (and records as a new store does)
        key = rec.lock_resume(rec.game_ids()[0])
        assert rec.resume(rec.game_ids()[0], key=key)[1].id == rec.game_ids()[0]
