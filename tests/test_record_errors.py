"""Bad input to kit.record: a store that can't be opened, a store from a newer schema,
a recorded game whose replay diverges: each a clear error naming store, game and action."""

from __future__ import annotations

import random
import sqlite3

import pytest

import kit
from kit.bots import make_bot
from kit.record import (
    SCHEMA_VERSION,
    Recorder,
    ReplayDiverged,
    SchemaTooNew,
    StoreError,
    load,
    load_events,
)


def record_game(rec: Recorder, seed: int = 3, events: bool = True, finish: bool = True) -> int:
    state = kit.new_game("hanabi", players=2, seed=seed)
    bots = [make_bot("hanabi", "rule"), make_bot("hanabi", "rule")]
    rng = random.Random(seed)
    g = rec.start_game(state, seats=["bot:rule", "bot:rule"])
    while not state.over:
        seat = state.to_act
        evs = state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
        g.action(state.history[-1], events=evs if events else None)
    if finish:
        g.finish(state.result())
    return g.id


@pytest.fixture
def path(tmp_path):
    return tmp_path / "store.sqlite"


# -- stores that can't be opened -------------------------------------------------------


def test_a_sqlite_file_in_a_missing_folder_names_the_folder(tmp_path):
    with pytest.raises(StoreError, match=r"the folder .*no-such-folder does not exist"):
        Recorder(tmp_path / "no-such-folder" / "x.sqlite")


def test_loading_a_missing_file_says_there_is_no_store(path):
    with pytest.raises(StoreError, match=r"no recording store at .*store.sqlite"):
        load(path)
    assert not path.exists(), "reading must not create a store"


@pytest.mark.parametrize("create", [True, False])
def test_a_file_that_is_not_a_database_is_a_store_error_naming_it(path, create):
    path.write_bytes(b"these are my notes, not a database\n" * 200)
    with pytest.raises(StoreError, match=r"store\.sqlite: cannot (write|read): .*not a database"):
        Recorder(path) if create else load(path)
    assert path.read_bytes().startswith(b"these are my notes"), "the file is left as it was"


def test_an_unknown_database_kind_is_a_store_error():
    with pytest.raises(StoreError, match="cannot open this kind of database"):
        Recorder("nosuchdb://host/db")


def test_a_garbage_url_is_a_store_error():
    with pytest.raises(StoreError, match="not a database URL"):
        Recorder("postgresql://user@host:notaport/db")


def test_an_unreachable_server_is_a_store_error_with_the_url_but_no_password():
    from pg_fixture import free_port

    url = f"postgresql://kit:secret@127.0.0.1:{free_port()}/kit"
    with pytest.raises(StoreError, match="cannot") as info:
        Recorder(url)
    assert "127.0.0.1" in str(info.value) and "secret" not in str(info.value)


def test_a_database_that_is_not_a_kit_store_is_refused(path):
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE games (name TEXT)")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="not a kit recording store"):
        Recorder(path)
    with pytest.raises(StoreError, match="not a kit recording store"):
        load(path)


def test_an_empty_database_is_not_loaded_as_an_empty_store(path):
    sqlite3.connect(path).close()
    with pytest.raises(StoreError, match="not a kit recording store"):
        load(path)


def test_a_store_from_a_newer_schema_is_refused_and_left_unchanged(path):
    with Recorder(path) as rec:
        record_game(rec)
    db = sqlite3.connect(path)
    db.execute("UPDATE kit_meta SET value = '99' WHERE key = 'schema_version'")
    db.commit()
    db.close()
    before = path.read_bytes()
    for opener in (Recorder, load):
        with pytest.raises(SchemaTooNew,
                           match=rf"schema version 99.*up to {SCHEMA_VERSION}") as info:
            opener(path)
        assert str(path) in str(info.value)
    assert sqlite3.connect(path).execute("SELECT count(*) FROM games").fetchone()[0] == 1
    assert path.read_bytes() == before


# -- replays that diverge ------------------------------------------------------------------


def test_an_action_the_rules_now_forbid_names_the_game_and_the_action(path):
    with Recorder(path) as rec:
        game_id = record_game(rec)
        db = sqlite3.connect(path)
        db.execute("UPDATE actions SET action = ? WHERE game_id = ? AND seq = 4",
                   ('{"type": "hint", "to": 0, "colour": null, "value": 1, "seat": 0}',
                    game_id))
        db.commit()
        db.close()
        with pytest.raises(ReplayDiverged) as info:
            rec.replay(game_id)
    err = info.value
    assert (err.game_id, err.seq) == (game_id, 4)
    assert f"recorded game {game_id}, action 4" in str(err) and "illegal now" in str(err)


def test_a_rules_change_that_changes_events_names_the_game_and_the_action(path, monkeypatch):
    with Recorder(path) as rec:
        game_id = record_game(rec)
        state = kit.replay("hanabi", 2, 3, actions=[])
        first_play = next(i for i, a in enumerate(rec.replay(game_id).history)
                          if a["type"] == "play")
        cls = type(state)
        original = cls._do

        def changed_rules(self, action):  # a "new rule" that adds an event to plays
            events = original(self, action)
            if action.TYPE == "play":
                events.append({"type": "applause", "visible_to": "all"})
            return events

        monkeypatch.setattr(cls, "_do", changed_rules)
        with pytest.raises(ReplayDiverged, match=f"recorded game {game_id}, action "
                                                 f"{first_play} .*events differ"):
            rec.replay(game_id)


def test_a_result_that_no_longer_matches_names_the_game(path):
    with Recorder(path) as rec:
        game_id = record_game(rec)
        db = sqlite3.connect(path)
        result = db.execute("SELECT result FROM games WHERE id = ?", (game_id,)).fetchone()[0]
        db.execute("UPDATE games SET result = ? WHERE id = ?",
                   (result.replace('"mistakes": ', '"mistakes": 1'), game_id))
        db.commit()
        db.close()
        with pytest.raises(ReplayDiverged, match=f"recorded game {game_id}.*result differs"):
            rec.replay(game_id)


def test_a_removed_option_names_the_game_and_the_option(path):
    with Recorder(path) as rec:
        game_id = record_game(rec, events=False)
        db = sqlite3.connect(path)
        db.execute("""UPDATE games SET options = '{"variant": "classic", "old_rule": true}'""")
        db.commit()
        db.close()
        with pytest.raises(ReplayDiverged, match=f"recorded game {game_id} no longer "
                                                 "replays.*old_rule") as info:
            rec.replay(game_id)
        assert info.value.seq is None


def test_loading_events_replays_games_recorded_without_them_and_reports_divergence(path):
    with Recorder(path) as rec:
        good = record_game(rec, seed=1, events=False)
        bad = record_game(rec, seed=2, events=False)
        db = sqlite3.connect(path)
        db.execute("DELETE FROM actions WHERE game_id = ? AND seq = 3", (bad,))
        db.commit()
        db.close()
        with pytest.raises(ReplayDiverged, match=f"recorded game {bad}, action 3 .*missing"):
            load_events(rec)
        events = load_events(rec, on_diverge="skip")
        skipped = load(rec, on_diverge="skip").diverged
    assert set(events["game_id"]) == {good}
    assert [(e.game_id, e.seq) for e in skipped] == [(bad, 3)]
