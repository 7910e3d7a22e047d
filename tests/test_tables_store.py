"""The table store of tables across devices (issue 39, kit.record.tables): codes, seat
tokens kept hashed, moves under (game, move number) where the first write wins, the bots'
lease, presence, and a table's game recorded as one replayable game with each seat's
player. The engines' own rules are checked elsewhere; HB-* ids name the moves played."""

from __future__ import annotations

import hashlib
import random
import threading
from pathlib import Path

import pytest
from pg_fixture import pg_server, pg_url  # noqa: F401

import kit
from kit.bots import make_bot
from kit.record import load, replay_game
from kit.record.tables import StaleMove, TableRefused, TableStore, kit_table_seats


@pytest.fixture
def store(tmp_path: Path) -> TableStore:
    return TableStore(f"sqlite:///{tmp_path}/tables.sqlite")


def test_a_table_has_a_short_code_and_free_seats_for_its_people(store: TableStore):
    made = store.create("hanabi", 3, ["human", "human", "bot:rule"], seed=4, lang="uk")
    assert len(made.code) == 6 and made.code.isalnum() and made.code.isupper()
    info = store.info(made.code.lower())  # (typed in any case)
    assert info.game == "hanabi" and info.players == 3 and info.lang == "uk"
    assert info.free == [0, 1]
    assert [s.kind for s in info.seats] == ["human", "human", "bot:rule"]


def test_seat_tokens_are_unguessable_and_stored_hashed(store: TableStore):
    made = store.create("hanabi", 2, ["human", "human"], seed=1)
    token = store.take_seat(made.code, 1, name="Ann")
    assert len(token) >= 24
    assert store.seat_of(made.code, token) == 1  # a reload, another device
    stored = store.store.read(lambda conn: conn.execute(
        kit_table_seats.select().where(kit_table_seats.c.seat == 1)).first())
    assert stored.token == hashlib.sha256(token.encode()).hexdigest() and token not in str(stored)
    with pytest.raises(TableRefused) as forged:
        store.seat_of(made.code, token[:-1] + ("A" if token[-1] != "A" else "B"))
    assert forged.value.code == "bad_seat_token"
    with pytest.raises(TableRefused) as taken:
        store.take_seat(made.code, 1, name="Bob")
    assert taken.value.code == "seat_taken"
    with pytest.raises(TableRefused) as missing:
        store.info("ZZZZZZ")
    assert missing.value.code == "no_table"


def test_the_first_write_of_a_move_wins_and_a_stale_move_is_refused(store: TableStore):
    made = store.create("hanabi", 2, ["human", "human"], seed=2)
    state = kit.new_game("hanabi", 2, seed=2)
    first, second = state.legal_actions()[:2]
    store.append(made.code, made.game_id, 0, first)
    with pytest.raises(StaleMove) as stale:
        store.append(made.code, made.game_id, 0, second)
    assert stale.value.code == "stale_move" and stale.value.params["move"] == 1
    assert store.moves(made.game_id) == [first.to_json()]
    assert store.stamp(made.code, made.game_id)[0] == 1


def test_two_writers_at_once_exactly_one_is_taken(store: TableStore):
    made = store.create("hanabi", 2, ["human", "human"], seed=3)
    legal = kit.new_game("hanabi", 2, seed=3).legal_actions()
    outcomes: list[str] = []
    barrier = threading.Barrier(2)

    def send(action: object) -> None:
        barrier.wait()
        try:
            store.append(made.code, made.game_id, 0, action)
            outcomes.append("taken")
        except StaleMove:
            outcomes.append("stale")

    threads = [threading.Thread(target=send, args=(a,)) for a in legal[:2]]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert sorted(outcomes) == ["stale", "taken"]
    assert len(store.moves(made.game_id)) == 1


def test_the_bots_lease_is_held_by_one_page_and_taken_over_when_it_runs_out(store: TableStore):
    made = store.create("hanabi", 2, ["human", "bot:rule"], seed=5)
    assert store.lease(made.code, "page-a", seconds=30)
    assert not store.lease(made.code, "page-b", seconds=30)
    assert store.lease(made.code, "page-a", seconds=0.0)  # renewed, then run out at once
    assert store.lease(made.code, "page-b", seconds=30)  # a dead kernel's lease is taken
    assert not store.lease(made.code, "page-a", seconds=30)
    store.release(made.code, "page-b")
    assert store.lease(made.code, "page-a", seconds=30)


def test_presence_and_a_bot_for_a_player_who_left(store: TableStore):
    made = store.create("hanabi", 3, ["human", "human", "human"], seed=6)
    token = store.take_seat(made.code, 0, "Ann")
    store.take_seat(made.code, 1)
    store.heartbeat(made.code, 0)
    info = store.info(made.code)
    assert [s.taken for s in info.seats] == [True, True, False] and info.free == [2]
    assert info.seats[0].present and info.seats[0].name == "Ann"
    with pytest.raises(TableRefused):
        store.seat_bot(made.code, "not the host key", 0)
    store.seat_bot(made.code, made.host_key, 0)
    after = store.info(made.code)
    assert after.seats[0].kind == "bot:rule" and after.version > info.version
    with pytest.raises(TableRefused):  # the old seat link no longer opens the seat
        store.seat_of(made.code, token)


def test_a_table_game_is_one_recorded_game_with_each_seats_player(store: TableStore):
    """HB-1..HB-8 played by bots through the store: replayable, finished, players named."""
    made = store.create("hanabi", 3, ["human", "human", "bot:rule"], seed=7)
    store.take_seat(made.code, 0, "Ann")
    store.take_seat(made.code, 1, "Bob")
    state = kit.new_game("hanabi", 3, seed=7)
    bot = make_bot("hanabi", "rule")
    rng = random.Random(1)
    while not state.over:
        action = bot.choose(state.view(state.to_act), state.legal_actions(), rng)
        state.apply(action)
        store.append(made.code, made.game_id, len(state.history) - 1, state.history[-1],
                     result=state.result() if state.over else None)
    assert replay_game(store.store, made.game_id).snapshot() == state.snapshot()
    assert store.info(made.code).status == "finished"
    assert len(load(store.store, "hanabi").games) == 1
    assert store.recorder.game_ids("hanabi") == [made.game_id]
    seats = store.store.read(lambda conn: conn.exec_driver_sql(
        f"SELECT seats FROM games WHERE id = {made.game_id}").scalar())
    assert "human:Ann" in seats and "human:Bob" in seats and "bot:rule" in seats


def test_postgresql_notifies_a_listener_of_each_move(pg_url: str):  # noqa: F811
    store = TableStore(pg_url)
    made = store.create("hanabi", 2, ["human", "human"], seed=8)
    heard = threading.Event()
    stop = store.listen(lambda code: heard.set() if code == made.code else None)
    assert stop is not None
    try:
        action = kit.new_game("hanabi", 2, seed=8).legal_actions()[0]
        store.append(made.code, made.game_id, 0, action)
        assert heard.wait(10)
        with pytest.raises(StaleMove):
            store.append(made.code, made.game_id, 0, action)
    finally:
        stop()
