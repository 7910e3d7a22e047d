"""kit.record against a real PostgreSQL server started by the tests (tests/pg_fixture.py):
recording, loading, a newer schema, SIGKILL durability, concurrent writers, simulation."""

from __future__ import annotations

import psycopg
import pytest
import sqlalchemy as sa
from pg_fixture import pg_server, pg_url  # noqa: F401  (fixtures)
from test_record_concurrency import check_no_row_lost, record_concurrently
from test_record_durability import check_nothing_lost_and_resume

import kit
from kit.record import Recorder, SchemaTooNew, load
from kit.simulate import simulate


def test_a_game_records_loads_and_replays_on_postgresql(pg_url):  # noqa: F811
    run = simulate("hanabi", 3, 4, "rule,random,rule", {"variant": "six_colours"}, db=pg_url,
                   progress=False)
    with Recorder(pg_url) as rec:
        g = rec.start_game(kit.new_game("hanabi", 2, seed=1), seats=["human:Ann", "bot:rule"])
        g.feedback(seat=0, rating=2, text="«Вогнеграй»: too long", unclear_rule="HB-10")
        tables = load(rec, "hanabi")
        assert len(tables.games) == 5 and set(tables.games["opt_variant"]) >= {"six_colours"}
        assert tables.feedback.iloc[0]["text"] == "«Вогнеграй»: too long"
        assert str(tables.actions["at"].dt.tz) == "UTC"
        for game_id in run.game_ids:
            assert rec.replay(game_id).over
    assert "postgresql+psycopg" in run.url


def test_plain_postgresql_urls_use_psycopg_3(pg_url):  # noqa: F811
    with Recorder(pg_url.replace("postgresql+psycopg://", "postgresql://")) as rec:
        assert rec.store.engine.dialect.driver == "psycopg"


def test_a_postgresql_store_from_a_newer_schema_is_refused(pg_url):  # noqa: F811
    Recorder(pg_url).close()
    engine = sa.create_engine(pg_url)
    with engine.begin() as conn:
        conn.execute(sa.text("UPDATE kit_meta SET value = '7' WHERE key = 'schema_version'"))
    engine.dispose()
    with pytest.raises(SchemaTooNew, match="schema version 7"):
        Recorder(pg_url)


def test_sigkill_mid_game_loses_nothing_on_postgresql(pg_url):  # noqa: F811
    check_nothing_lost_and_resume(pg_url, "hanabi", 3, seed=21, after=12)


def test_twenty_processes_record_at_once_into_one_postgresql_store(pg_url, tmp_path):  # noqa: F811
    actions = record_concurrently(pg_url, tmp_path / "go", processes=20, games=1)
    check_no_row_lost(pg_url, processes=20, games=1, actions=actions)


def test_parallel_simulation_records_into_postgresql(pg_url):  # noqa: F811
    run = simulate("hanabi", 2, 10, "rule", db=pg_url, workers=2, progress=False)
    assert run.games == 10
    with psycopg.connect(pg_url.replace("postgresql+psycopg", "postgresql")) as conn:
        assert conn.execute("SELECT count(*) FROM games WHERE status = 'finished'"
                            ).fetchone()[0] == 10


def test_a_missing_postgresql_fails_in_ci_and_skips_elsewhere(monkeypatch):
    from pg_fixture import _unavailable

    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="required in CI"):
        _unavailable("no initdb")
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception):
        _unavailable("no initdb")
