"""kit.record.load: tidy DataFrames, one row per game, seat, action, event and feedback,
with each game's options flattened into opt_<name> columns."""

from __future__ import annotations

import random

import pandas as pd
import pytest

import kit
from kit.bots import make_bot
from kit.record import Recorder, load, load_actions, load_games, option_set_label


def record(rec: Recorder, game: str, players: int, seed: int, events: bool = True,
           feedback: bool = False, seats: list[str] | None = None, **options) -> kit.GameState:
    state = kit.new_game(game, players, seed, **options)
    bots = [make_bot(game, "rule") for _ in range(players)]
    rng = random.Random(seed)
    g = rec.start_game(state, seats=seats or ["bot:rule"] * players)
    while not state.over:
        seat = state.to_act
        evs = state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
        g.action(state.history[-1], thinking_time=0.5 + seat, events=evs if events else None)
    g.finish(state.result())
    if feedback:
        g.feedback(seat=0, rating=5, text="great", unclear_rule="HB-10")
    return state


@pytest.fixture
def rec(tmp_path):
    with Recorder(tmp_path / "store.sqlite") as r:
        yield r


def test_one_row_per_game_seat_action_event_and_feedback(rec):
    a = record(rec, "hanabi", 3, seed=1, feedback=True)
    b = record(rec, "hanabi", 2, seed=2, variant="rainbow_wild")
    tables = load(rec)
    assert len(tables.games) == 2
    assert len(tables.seats) == 3 + 2
    assert len(tables.actions) == len(a.history) + len(b.history)
    assert len(tables.feedback) == 1
    first = tables.actions[tables.actions["game_id"] == tables.games["game_id"][0]]
    assert [dict(x) for x in first["action"]] == a.history
    assert list(first["seq"]) == list(range(len(a.history)))
    assert set(tables.events["game_id"]) == set(tables.games["game_id"])
    assert tables.events.groupby("game_id")["seq"].max().tolist() == [
        len(a.history) - 1, len(b.history) - 1]


def test_options_are_flattened_into_columns_and_labelled_as_an_option_set(rec):
    record(rec, "hanabi", 2, seed=1)
    record(rec, "hanabi", 2, seed=1, variant="six_colours", keep_score_on_loss=True)
    games = load_games(rec)
    assert list(games["opt_variant"]) == ["classic", "six_colours"]
    assert list(games["opt_keep_score_on_loss"]) == [False, True]
    assert list(games["option_set"]) == ["defaults",
                                         "keep_score_on_loss=True, variant=six_colours"]
    assert option_set_label("hanabi", {"variant": "classic"}) == "defaults"
    # every frame carries the option columns, so it can be grouped without a merge
    assert set(load_actions(rec)["opt_variant"]) == {"classic", "six_colours"}


def test_game_rows_hold_length_times_result_and_winners(rec):
    state = record(rec, "hanabi", 3, seed=4)
    row = load_games(rec, turns=True).iloc[0]
    assert row["actions"] == len(state.history)
    assert row["turns"] == len(state.history)  # Hanabi: one action a turn (HB-3)
    assert row["res_score"] == state.result()["score"]
    assert row["scores"] == state.result()["scores"]
    assert row["winners"] == [0, 1, 2]
    assert row["duration_s"] >= 0 and row["duration_min"] == row["duration_s"] / 60
    assert row["finished"]


def test_seat_rows_say_who_sat_there_and_how_they_did(rec):
    state = record(rec, "hanabi", 2, seed=5, seats=["human:Ann", "bot:rule"])
    seats = load(rec, events=False).seats
    assert list(seats["who"]) == ["human:Ann", "bot:rule"]
    assert list(seats["kind"]) == ["human", "bot"]
    assert list(seats["name"]) == ["Ann", "rule"]
    assert list(seats["score"]) == state.result()["scores"]
    assert list(seats["won"]) == [True, True]  # cooperative: every seat wins together


def test_action_rows_carry_thinking_time_and_who_acted(rec):
    record(rec, "hanabi", 2, seed=6, seats=["human:Ann", "bot:rule"])
    actions = load_actions(rec)
    assert set(actions["thinking_time"]) == {0.5, 1.5}
    assert set(actions[actions["seat"] == 0]["who"]) == {"human:Ann"}
    assert actions["at"].is_monotonic_increasing
    assert str(actions["at"].dt.tz) == "UTC"


def test_events_replayed_from_seed_and_actions_equal_the_recorded_events(rec):
    record(rec, "hanabi", 3, seed=8, events=True)
    record(rec, "hanabi", 3, seed=8, events=False)  # e.g. a board that passed no events
    events = load(rec).events
    cols = ["seq", "n", "type", "action_type", "seat", "public"]
    stored, replayed = (events[events["game_id"] == i].reset_index(drop=True)
                        for i in sorted(set(events["game_id"])))
    pd.testing.assert_frame_equal(stored[cols], replayed[cols])
    assert list(stored["data"]) == list(replayed["data"])
    assert "misfire" in set(events["type"]) or "play" in set(events["type"])


@pytest.mark.parametrize("game", kit.available())
def test_every_game_loads_into_the_same_frames(rec, game):
    spec = kit.spec(game)
    state = record(rec, game, spec.min_players, seed=3)
    tables = load(rec, game)
    assert len(tables.games) == 1 and len(tables.actions) == len(state.history)
    assert len(tables.seats) == spec.min_players
    assert tables.seats["place"].notna().all()
    assert {f"opt_{name}" for name in spec.options} <= set(tables.games.columns)
    assert len(tables.events) > 0


def test_loading_one_game_filters_every_frame(rec):
    record(rec, "hanabi", 2, seed=1, feedback=True)
    other = next((g for g in kit.available() if g != "hanabi"), None)
    if other is None:
        pytest.skip("only hanabi is built")
    record(rec, other, kit.spec(other).min_players, seed=1)
    tables = load(rec, other)
    for frame in (tables.games, tables.seats, tables.actions, tables.events):
        assert set(frame["game"]) == {other}
    assert tables.feedback.empty


def test_an_empty_store_loads_as_empty_frames_with_their_columns(rec):
    tables = load(rec)
    assert tables.games.empty and "game_id" in tables.games.columns
    assert tables.events.empty and "type" in tables.events.columns


def test_frames_are_read_when_first_used_and_belong_to_the_caller(rec):
    record(rec, "hanabi", 2, seed=1)
    first, second = load(rec), load(rec)
    assert "games unread" in repr(first) and "events unread" in repr(first)
    first.games.loc[0, "players"] = 99  # the caller's own frame: nothing shared
    assert second.games.loc[0, "players"] == 2
    assert "1 games" in repr(first) and "actions unread" in repr(first)
    with pytest.raises(ValueError, match="frames are"):
        load(rec, frames=["moves"])


def test_repeating_text_is_categorical_and_turns_are_read_only_when_asked(rec):
    record(rec, "hanabi", 3, seed=2)
    tables = load(rec)
    for frame, col in ((tables.games, "option_set"), (tables.games, "game"),
                       (tables.actions, "type"), (tables.events, "type"),
                       (tables.seats, "kind")):
        assert isinstance(frame[col].dtype, pd.CategoricalDtype), col
    assert "turns" not in tables.games.columns
    assert "turns" in load(rec, turns=True).games.columns


def test_event_types_keep_only_those_events_hb_6_hb_10(rec):
    record(rec, "hanabi", 3, seed=3, events=True)
    record(rec, "hanabi", 3, seed=4, events=False)  # replayed, then filtered alike
    every = load(rec).events
    wanted = ["final_round", "play"]
    some = load(rec, event_types=wanted).events
    assert set(some["type"]) == set(wanted)
    expected = every[every["type"].isin(wanted)].reset_index(drop=True)
    cols = ["game_id", "seq", "n", "type", "seat"]
    pd.testing.assert_frame_equal(some[cols].astype({"type": object}),
                                  expected[cols].astype({"type": object}))


def test_game_ids_load_only_those_games_and_action_json_can_be_left_out(rec):
    record(rec, "hanabi", 2, seed=1, feedback=True)
    b = record(rec, "hanabi", 2, seed=2)
    ids = load_games(rec)["game_id"].tolist()
    tables = load(rec, game_ids=[ids[1]], action_json=False)
    for frame in (tables.games, tables.seats, tables.actions, tables.events):
        assert set(frame["game_id"]) == {ids[1]}
    assert tables.feedback.empty  # the feedback was on the other game
    assert len(tables.actions) == len(b.history) and "action" not in tables.actions.columns


def test_games_of_sessions_not_marked_complete_are_left_out(rec):
    """A store whose sessions carry a ``complete`` flag (a simulation still writing)."""
    import sqlalchemy as sa

    done, running = rec.session(label="done"), rec.session(label="running")
    unmarked = rec.session(label="unmarked")
    for session, seed in ((done, 1), (running, 2), (None, 3), (unmarked, 4)):
        state = kit.new_game("hanabi", 2, seed)
        g = rec.start_game(state, seats=["bot:rule"] * 2, session=session)
        g.finish(state.result())
    with rec.store.engine.begin() as conn:
        conn.execute(sa.text("UPDATE sessions SET complete = (label = 'done') "
                             "WHERE label != 'unmarked'"))
    shown = load(rec).games
    assert set(shown["session"].astype(object).fillna("none")) == {"done", "none", "unmarked"}
    assert len(load(rec, include_incomplete=True).games) == 4
