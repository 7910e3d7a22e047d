"""kit.record: what a recorded game stores, one commit per action, replay and resume."""

from __future__ import annotations

import random
import sqlite3

import pandas as pd
import pytest

import kit
from kit.bots import make_bot
from kit.record import (
    CONSENT_NOTE,
    Recorder,
    RecordError,
    WriteRefused,
    default_url,
    load,
)
from kit.record.store import write_buffered


def play(state: kit.GameState, upto: int | None = None, seed: int = 0, rec=None) -> None:
    """Rule bots play ``state`` (to the end or ``upto`` actions), recording into ``rec``."""
    bots = [make_bot(state.spec.name, "rule") for _ in range(state.players)]
    rng = random.Random(seed)
    while not state.over and (upto is None or len(state.history) < upto):
        seat = state.to_act
        events = state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
        if rec is not None:
            rec.action(state.history[-1], thinking_time=0.25, events=events)


@pytest.fixture
def recorder(tmp_path):
    with Recorder(tmp_path / "store.sqlite") as rec:
        yield rec


def test_start_game_stores_game_options_seed_seats_versions_and_session(recorder):
    state = kit.new_game("hanabi", players=3, seed=11, variant="six_colours")
    session = recorder.session(label="Tuesday club", facilitator="Ann", place="School 5")
    g = recorder.start_game(state, seats=["human:Ann", "bot:rule", "bot:random"],
                            session=session)
    games = load(recorder, events=False).games
    row = games.iloc[0]
    assert (row["game_id"], row["game"], row["players"], row["seed"]) == (g.id, "hanabi", 3, 11)
    assert row["opt_variant"] == "six_colours"
    assert row["seats"] == ["human:Ann", "bot:rule", "bot:random"]
    assert row["humans"] == 1 and row["bots"] == "rule,random"
    assert row["kit_version"] == kit.__version__
    assert row["rules_version"].startswith(kit.spec("hanabi").rules_version + "; data variants=")
    assert (row["session"], row["facilitator"], row["place"]) == ("Tuesday club", "Ann",
                                                                  "School 5")
    assert row["status"] == "playing" and not row["finished"]
    assert row["started_at"].tzinfo is not None


def test_each_action_is_committed_at_once_and_seen_by_another_connection(recorder, tmp_path):
    state = kit.new_game("hanabi", players=2, seed=3)
    g = recorder.start_game(state, seats=["bot:rule", "bot:rule"])
    other = sqlite3.connect(tmp_path / "store.sqlite")
    for n in range(1, 6):
        play(state, upto=n, rec=g)
        stored = other.execute("SELECT count(*) FROM actions WHERE game_id = ?",
                               (g.id,)).fetchone()[0]
        assert stored == n
    other.close()


def test_sqlite_store_runs_in_wal_mode(recorder, tmp_path):
    mode = sqlite3.connect(tmp_path / "store.sqlite").execute("PRAGMA journal_mode").fetchone()
    assert mode[0] == "wal"


@pytest.mark.parametrize("game", kit.available())
def test_recorded_game_replays_to_the_identical_state(recorder, game):
    spec = kit.spec(game)
    state = kit.new_game(game, players=spec.min_players, seed=5)
    g = recorder.start_game(state, seats=["bot:rule"] * state.players)
    play(state, rec=g)
    g.finish(state.result())
    again = recorder.replay(g.id)
    assert again.snapshot() == state.snapshot()
    assert load(recorder, game, events=False).games.iloc[0]["status"] == "finished"


def test_resume_after_a_break_goes_on_recording_the_same_game(recorder):
    state = kit.new_game("hanabi", players=3, seed=9)
    g = recorder.start_game(state, seats=["bot:rule"] * 3)
    play(state, upto=10, rec=g)
    resumed, g2 = recorder.resume(g.id)
    assert resumed.snapshot() == state.snapshot()
    assert g2.id == g.id and g2.next_seq == 10
    play(resumed, rec=g2)
    g2.finish()
    reference = kit.new_game("hanabi", players=3, seed=9)
    play(reference)
    assert recorder.replay(g.id).snapshot() == reference.snapshot()
    with pytest.raises(RecordError, match="is over"):
        recorder.resume(g.id)


def test_unfinished_lists_the_games_resume_can_go_on_with_the_latest_first(recorder):
    games = []
    for name, seed, upto, finish in [("hanabi", 1, 4, False), ("pug_party", 2, 0, False),
                                     ("hanabi", 3, None, True), ("hanabi", 4, 7, False)]:
        state = kit.new_game(name, players=3, seed=seed)
        g = recorder.start_game(state, seats=["human:Ann", "bot:rule", "bot:random"])
        play(state, upto=upto, rec=g)
        if finish:
            g.finish(state.result())
        games.append(g.id)
    rows = recorder.unfinished()
    assert [(r["id"], r["game"], r["moves"]) for r in rows] == [
        (games[3], "hanabi", 7), (games[1], "pug_party", 0), (games[0], "hanabi", 4)]
    assert rows[0]["seats"] == ["human:Ann", "bot:rule", "bot:random"]
    assert rows[0]["players"] == 3 and rows[0]["started_at"] >= rows[2]["started_at"]
    assert [r["id"] for r in recorder.unfinished("hanabi")] == [games[3], games[0]]
    assert [r["id"] for r in recorder.unfinished(min_moves=1)] == [games[3], games[0]]
    assert [r["id"] for r in recorder.unfinished(limit=1)] == [games[3]]
    for r in rows:  # each one resumes
        state, _ = recorder.resume(r["id"])
        assert len(state.history) == r["moves"]


def test_recording_an_action_twice_is_refused_by_the_store(recorder):
    state = kit.new_game("hanabi", players=2, seed=1)
    g = recorder.start_game(state, seats=["bot:rule"] * 2)
    play(state, upto=3, rec=g)
    _, again = recorder.resume(g.id)
    again.next_seq = 2  # a second board that missed an action
    again._state = None
    with pytest.raises(WriteRefused, match=f"game {g.id} already has action 2"):
        again.action(state.history[2])


def _buffered_game(recorder, seed, session=None):
    state = kit.new_game("hanabi", players=2, seed=seed)
    g = recorder.start_game(state, seats=["bot:rule"] * 2, session=session, buffered=True)
    play(state, seed=seed, rec=g)
    g.finish(write=False)
    return state, g


def test_a_batch_of_buffered_games_is_written_together_and_each_replays(recorder):
    """The simulator's batches: nothing is stored before write_buffered, then all is."""
    games = [_buffered_game(recorder, seed) for seed in (1, 2, 3)]
    assert recorder.game_ids() == []
    ids = write_buffered(recorder.store, [g for _, g in games])
    assert ids == recorder.game_ids() and len(set(ids)) == 3
    for state, g in games:
        assert recorder.replay(g.id).snapshot() == state.snapshot()


def test_a_batch_with_one_bad_game_writes_none_of_them(recorder):
    """One transaction per batch: a refused game (unknown session) leaves no half batch."""
    good = _buffered_game(recorder, 1)[1]
    bad = _buffered_game(recorder, 2, session=9999)[1]
    with pytest.raises(WriteRefused):
        write_buffered(recorder.store, [good, bad])
    assert recorder.game_ids() == [] and good.id is None
    assert write_buffered(recorder.store, [good]) == recorder.game_ids()


def test_an_unfinished_buffered_game_is_not_written(recorder):
    state = kit.new_game("hanabi", players=2, seed=1)
    g = recorder.start_game(state, seats=["bot:rule"] * 2, buffered=True)
    play(state, upto=3, rec=g)
    with pytest.raises(RecordError, match="written once finished"):
        write_buffered(recorder.store, [g])
    assert recorder.game_ids() == []


def test_an_action_that_is_not_the_next_in_history_is_refused(recorder):
    state = kit.new_game("hanabi", players=2, seed=1)
    g = recorder.start_game(state, seats=["bot:rule"] * 2)
    play(state, upto=2)  # two actions applied, none recorded
    g.action(state.history[0])
    with pytest.raises(RecordError, match="action 1 to record"):
        g.action(state.history[0])


@pytest.mark.parametrize("record_moves_so_far", [False, True])
def test_a_prepared_situation_is_stored_as_a_snapshot_and_replays(recorder,
                                                                   record_moves_so_far):
    state = kit.new_game("hanabi", players=2, seed=4)
    play(state, upto=7)  # a teacher's prepared situation, already 7 moves in
    g = recorder.start_game(state, seats=["human:Ann", "human:Bo"])
    if record_moves_so_far:  # as a board may do; they are in the snapshot already
        assert [g.action(a) for a in state.history] == list(range(7))
    play(state, upto=12, rec=g)
    rec = load(recorder)
    assert list(rec.actions["seq"]) == [7, 8, 9, 10, 11]
    assert recorder.replay(g.id).snapshot() == state.snapshot()


def test_a_new_move_equal_to_a_move_of_the_prepared_situation_is_recorded(recorder):
    state = kit.new_game("hanabi", players=2, seed=4)
    play(state, upto=3)
    first = dict(state.history[0])
    g = recorder.start_game(state, seats=["human:Ann", "human:Bo"])
    # a later move may look exactly like an earlier one; once applied it is recorded
    state.history.append(first)  # stand-in for applying an identical move
    assert g.action(first) == 3
    assert list(load(recorder, events=False).actions["seq"]) == [3]


def test_an_action_not_yet_applied_to_the_state_is_refused(recorder):
    state = kit.new_game("hanabi", players=2, seed=1)
    g = recorder.start_game(state, seats=["bot:rule"] * 2)
    with pytest.raises(RecordError, match="no such action yet"):
        g.action(state.legal_actions()[0].to_json() | {"seat": 0})


def test_feedback_is_stored_with_seat_rating_text_and_unclear_rule(recorder):
    state = kit.new_game("hanabi", players=2, seed=2)
    g = recorder.start_game(state, seats=["human:Ann", "bot:rule"])
    play(state, rec=g)
    g.finish(state.result())
    g.feedback(seat=0, rating=4, text="fun", unclear_rule="HB-10")
    recorder.feedback(g.id, seat=1, rating=None, text="", unclear_rule=" ")
    fb = load(recorder).feedback
    assert list(fb["rating"].astype(object).where(fb["rating"].notna(), None)) == [4, None]
    assert list(fb["who"]) == ["human:Ann", "bot:rule"]
    assert fb.iloc[0]["unclear_rule"] == "HB-10" and fb.iloc[0]["text"] == "fun"
    assert pd.isna(fb.iloc[1]["unclear_rule"])
    for bad in (0, 6, 4.5, True):
        with pytest.raises(RecordError, match="rating"):
            g.feedback(seat=0, rating=bad)
    with pytest.raises(RecordError, match="no recorded game 999"):
        recorder.feedback(999, seat=0, rating=3)


def test_seats_must_name_every_seat(recorder):
    state = kit.new_game("hanabi", players=3, seed=2)
    with pytest.raises(kit.ConfigError, match="seats"):
        recorder.start_game(state, seats=["human:Ann"])


def test_default_store_is_kit_record_url_or_playtests_sqlite(monkeypatch, tmp_path):
    monkeypatch.delenv("KIT_RECORD_URL", raising=False)
    assert default_url() == "sqlite:///playtests.sqlite"
    target = tmp_path / "club.sqlite"
    monkeypatch.setenv("KIT_RECORD_URL", f"sqlite:///{target}")
    with Recorder() as rec:
        rec.session(label="x")
    assert target.exists()


def test_consent_note_says_what_is_recorded():
    assert "recorded" in CONSENT_NOTE and "feedback" in CONSENT_NOTE
