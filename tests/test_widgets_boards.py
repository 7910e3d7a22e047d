"""The boards in the kernel (no browser): what is synced, how messages are checked, the
modes (playtest, hot-seat, teacher, replay), bots with a pause, recording, the app."""

from __future__ import annotations

import asyncio
import html
import json
import queue
import random
import re
import sys
import threading
import time
import types
from pathlib import Path
from typing import Any

import ipywidgets
import pytest
from ipywidgets.widgets.widget import _instances

import kit
from widgets import BOARDS, patch
from widgets.app import PlaytestApp, query_params, result_html
from widgets.base import MODES, Board, assets, update_state

sys.path.insert(0, str(Path(__file__).parent))
from seen_cards import secrets, shown

GAMES = list(BOARDS)
PLAYERS = {"hanabi": 3, "waiting_list": 3, "pug_party": 3, "domino_metro": 3}
OPTIONS = {"waiting_list": {"round_laps": 4}}


def board(game: str, **kw: Any) -> Board:
    kw.setdefault("players", PLAYERS[game])
    kw.setdefault("seed", 11)
    kw.setdefault("options", OPTIONS.get(game, {}))
    kw.setdefault("pause", 0)
    return BOARDS[game]()(**kw)


def run_loop(coroutine: Any) -> Any:
    """``asyncio.run(coroutine)`` on a thread of its own: a session-wide Playwright
    (browser tests) may already run an event loop in the main thread, and asyncio.run()
    refuses to nest."""
    out: list = []
    runner = threading.Thread(target=lambda: out.append(asyncio.run(coroutine)))
    runner.start()
    runner.join(30)
    return out[0]


def synced(widget: ipywidgets.Widget) -> dict:
    """Every sync=True trait as the browser gets it."""
    return json.loads(json.dumps(widget.get_state(), default=str))


def human_turns(b: Board, rng: random.Random, limit: int = 400):
    """Click random legal moves for the shown human seat; yields before each click."""
    for _ in range(limit):
        if b.state.over:
            return
        assert b.legal, "the human seat has no move while the game goes on"
        yield
        b.act(rng.choice(b.legal)["action"])


@pytest.mark.parametrize("game", GAMES)
def test_no_synced_trait_of_any_live_widget_shows_a_hidden_card(game):
    """Issue 6: every sync=True trait of every live widget (the app's form, result panel,
    the board) holds no card hidden from the human seat, at every one of its turns."""
    older = set(_instances)  # widgets of earlier tests (e.g. teacher boards) are not this app's
    app = PlaytestApp(game, query="record=0&pause=0&seed=5")
    b = app.start()
    assert b is not None and b.mode == "playtest"
    checked = 0
    for _ in human_turns(b, random.Random(1), limit=60):
        secret = secrets(b.state, 0)
        mine = [w for key, w in list(_instances.items()) if key not in older]
        assert b in mine
        for widget in mine:
            leaked = shown(game, synced(widget)) & secret
            assert not leaked, f"{type(widget).__name__} shows hidden {sorted(leaked)}"
        checked += len(secret)
    assert checked > 0
    app.new_setup()


@pytest.mark.parametrize("game", GAMES)
def test_synced_traits_do_not_change_when_hidden_cards_are_redealt(game):
    """What reaches the browser depends on view(seat) alone: redealing every card the seat
    cannot see (``determinize``) changes no synced trait."""
    b = board(game)
    rng = random.Random(3)
    for i, _ in enumerate(human_turns(b, rng, limit=30)):
        if i % 5:
            continue
        before = synced(b)
        true_state = b.state
        b.state = true_state.determinize(0, random.Random(i))
        b._sync()
        assert synced(b) == before
        b.state = true_state
        b._sync()


@pytest.mark.parametrize("game", GAMES)
def test_forged_and_malformed_messages_change_nothing_and_show_the_engines_error(game):
    b = board(game)
    snap = json.dumps(b.state.snapshot(), sort_keys=True)
    legal = b.legal[0]["action"]
    other = (b.seat + 1) % b.state.players
    for message in [None, 42, "act", {"kind": 7}, {"kind": "act"},
                    {"kind": "act", "action": "play"}, {"kind": "act", "action": [1, 2]},
                    {"kind": "act", "action": {"type": "no-such-move"}},
                    {"kind": "act", "action": {**legal, "seat": other}},
                    {"kind": "act", "action": {**legal, "extra_field": 1}},
                    {"kind": "reveal"}, {"kind": "step", "to": 0}, {"kind": "seat", "seat": 1},
                    {"kind": "auto_pass", "on": "yes"}]:
        b.error = ""
        b._on_msg(b, message)
        assert b.error, f"{message!r} was not refused"
        assert json.dumps(b.state.snapshot(), sort_keys=True) == snap
    b._on_msg(b, {"kind": "act", "action": {**legal, "seat": other}})
    assert f"not seat {other}" in b.error
    b._on_msg(b, {"kind": "act", "action": legal})
    assert b.error == "" and len(b.state.history) >= 1


@pytest.mark.parametrize("game", GAMES)
def test_a_state_update_from_the_page_sets_no_trait(game):
    """Issue 6: the browser asks for moves with messages only. A forged ipywidgets state
    update (mode "teacher" would open every hand, all seats human would let the page move
    for the bots) changes nothing, shows the error, and the page gets the true traits."""
    b = board(game)
    sent: list[dict] = []
    b.comm.send = lambda data=None, metadata=None, buffers=None: sent.append(data)
    before = synced(b)
    snap = json.dumps(b.state.snapshot(), sort_keys=True)
    forged = {"mode": "teacher", "seat_kinds": ["human"] * b.state.players,
              "seat": (b.seat + 1) % b.state.players, "open_hands": [], "no_such_trait": 1}
    b._handle_msg({"content": {"data": {"method": "update", "state": forged,
                                        "buffer_paths": []}}, "buffers": []})
    after = synced(b)
    assert "may not set mode, open_hands, seat, seat_kinds" in b.error
    assert {k: v for k, v in after.items() if k not in ("error", "replies")} == {
        k: v for k, v in before.items() if k not in ("error", "replies")}
    assert json.dumps(b.state.snapshot(), sort_keys=True) == snap
    restored = {k: v for msg in sent for k, v in update_state(msg).items()}
    assert {k: restored[k] for k in ("mode", "seat_kinds", "seat")} == {
        k: before[k] for k in ("mode", "seat_kinds", "seat")}
    b.act(b.legal[0]["action"])  # the next move still syncs the playtest view only
    assert b.mode == "playtest" and b.open_hands == []


def test_hb5_illegal_discard_from_the_browser_shows_the_rule():
    b = board("hanabi")
    b._on_msg(b, {"kind": "act", "action": {"type": "discard", "slot": 0}})
    assert b.error.startswith("HB-5")
    assert b.moves == 0


def test_bots_reply_after_the_pause_on_the_kernel_loop_and_a_move_meanwhile_is_refused():
    async def scenario() -> tuple[Board, list[int]]:
        b = board("hanabi", seats=["human", "bot:rule", "bot:random"], pause=0.05)
        b.act(b.legal[0]["action"])  # seat 0 moves; seat 1 (a bot) is next
        seen = [b.moves]
        assert b.thinking == 1 and b.legal == []
        b._on_msg(b, {"kind": "act", "action": {"type": "play", "slot": 0}})
        assert "a bot's" in b.error
        await asyncio.sleep(0.5)
        seen.append(b.moves)
        return b, seen

    b, seen = run_loop(scenario())
    assert seen[0] == 1 and seen[1] == 3  # both bots moved, one after the other
    assert b.state.to_act == 0 and b.legal and b.thinking is None


def test_hotseat_shows_a_privacy_screen_and_only_the_public_view_until_the_seat_says_so():
    b = board("hanabi", seats=["human", "human", "bot:rule"], mode="hotseat")
    assert b.privacy == 0 and b.seat is None and b.legal == []
    assert b.view == json.loads(json.dumps(b.state.view(None)))
    b._on_msg(b, {"kind": "act", "action": {"type": "play", "slot": 0}})
    assert "pass the device" in b.error and b.moves == 0
    b._on_msg(b, {"kind": "reveal"})
    assert b.privacy is None and b.seat == 0 and b.legal
    assert b.view == json.loads(json.dumps(b.state.view(0)))
    b.act(b.legal[0]["action"])
    assert b.privacy == 1 and b.seat is None and b.legal == []  # seat 2 is next: pass it on
    assert all(c is None for hand in b.view["hands"] for c in hand["cards"])


def test_teacher_mode_opens_every_hand_and_moves_for_whoever_is_to_act():
    b = board("hanabi", mode="teacher")
    hands = b.state.hands
    assert [[b.state.card_json(c) for c in h] for h in hands] == b.open_hands
    first = b.state.to_act
    b.act(b.legal[0]["action"])
    assert b.seat == b.state.to_act != first and b.legal
    assert board("pug_party", mode="teacher").open_hands[1] == board(
        "pug_party", mode="teacher").state.view(1)["hand"]


@pytest.mark.parametrize("game", GAMES)
def test_other_modes_sync_no_open_hands(game):
    for mode in ("playtest", "hotseat"):
        seats = None if mode == "playtest" else ["human"] * PLAYERS[game]
        assert board(game, mode=mode, seats=seats).open_hands == []


def test_replay_steps_forward_and_back_through_the_history():
    done = board("domino_metro", seats=["bot:rule"] * 3, mode="teacher")
    assert done.state.over
    r = BOARDS["domino_metro"]()(done.state, mode="replay", seat=1)
    n = len(done.state.history)
    assert r.replay_length == n and r.moves == n and r.result is not None
    r._on_msg(r, {"kind": "step", "to": 5})
    again = kit.replay("domino_metro", 3, done.state.seed, done.state.history[:5],
                       **done.state.options)
    assert r.moves == 5 and r.result is None
    assert r.view == json.loads(json.dumps(again.view(1)))
    r._on_msg(r, {"kind": "step", "to": 4})
    assert r.moves == 4
    r._on_msg(r, {"kind": "act", "action": {"type": "draw"}})
    assert "replay" in r.error and r.moves == 4
    r._on_msg(r, {"kind": "seat", "seat": 2})
    assert r.seat == 2 and r.view["seat"] == 2


def test_wl_r3_auto_pass_passes_the_human_claim_windows():
    b = board("waiting_list", seed=2)
    b._on_msg(b, {"kind": "auto_pass", "on": True})
    assert b.auto_pass[0] is True
    rng = random.Random(0)
    for _ in human_turns(b, rng, limit=80):
        assert b.view["phase"] != "claims", "a claim window reached an auto-passing seat"
    assert any(a.get("seat") == 0 and a["type"] == "pass" for a in b.state.history)


def test_wl6_claim_window_is_offered_to_the_human_as_buttons():
    b = board("waiting_list", seed=2)
    rng = random.Random(0)
    for _ in human_turns(b, rng, limit=200):
        if b.view["phase"] == "claims":
            assert {a["action"]["type"] for a in b.legal} <= {"claim", "pass"}
            assert any(a["action"]["type"] == "pass" for a in b.legal)
            return
    pytest.fail("no claim window reached the human seat")


def test_dm9_change_take_back_is_a_move_people_can_make():
    b = board("domino_metro", seed=4)
    rng = random.Random(0)
    for _ in human_turns(b, rng, limit=100):
        takes = [a for a in b.legal if a["action"]["type"] == "take_back"]
        if takes:
            tiles = len(b.view["hand"])
            b._on_msg(b, {"kind": "act", "action": takes[0]["action"]})
            assert b.error == "" and len(b.view["hand"]) == tiles + 1
            return
    pytest.fail("the change (DM-9) was never offered")


class FakeRecorder:
    def __init__(self) -> None:
        self.calls: list[tuple] = []

    def start_game(self, state: Any, seats: list[str], session: Any = None) -> FakeRecorder:
        self.calls.append(("start", state.spec.name, tuple(seats), session))
        return self

    def action(self, action: dict, thinking_time: float | None = None) -> None:
        self.calls.append(("action", action["type"], thinking_time))

    def finish(self, result: dict) -> None:
        self.calls.append(("finish", result["places"]))

    def feedback(self, **kw: Any) -> None:
        self.calls.append(("feedback", kw))


def test_a_board_with_a_recorder_records_every_action_and_the_result():
    rec = FakeRecorder()
    b = board("pug_party", recorder=rec, session="S")
    for _ in human_turns(b, random.Random(2)):
        pass
    assert rec.calls[0] == ("start", "pug_party", ("human:Seat 1", "bot:rule", "bot:rule"), "S")
    actions = [c for c in rec.calls if c[0] == "action"]
    assert len(actions) == len(b.state.history)
    assert all(isinstance(c[2], float) and c[2] >= 0 for c in actions)
    assert rec.calls[-1] == ("finish", b.state.result()["places"])
    assert board("pug_party", recorder=None)._record is None


def test_each_move_is_recorded_right_after_its_update_has_gone_out():
    """Issue 6: a recorded game's database write (a commit per action) comes after the
    board's update, so the players do not wait for it. Without a running event loop
    (plain Python) every action (the bots' too) and the result are written before the
    handler returns."""
    order: list[tuple] = []

    class Recorder(FakeRecorder):
        def action(self, action: dict, thinking_time: float | None = None) -> None:
            order.append(("recorded", len(order)))
            super().action(action, thinking_time)

    rec = Recorder()
    b = board("pug_party", recorder=rec)
    b.comm.send = lambda data=None, **_: order.append(("sent", update_state(data).get("moves")))
    for _ in human_turns(b, random.Random(5)):
        before, moves = len(order), b.moves
        b._on_msg(b, {"kind": "act", "action": b.legal[0]["action"]})
        step = order[before:]
        recorded = [i for i, (what, _) in enumerate(step) if what == "recorded"]
        # the update with the human move (and the bots' after it: no pause) went first
        assert step[0] == ("sent", b.moves) and b.moves > moves, step
        assert len(recorded) == b.moves - moves and recorded[0] > 0, step
        assert len([c for c in rec.calls if c[0] == "action"]) == len(b.state.history)
        if b.state.over:
            break
    assert b.state.over and rec.calls[-1] == ("finish", b.state.result()["places"])


class OrderedRecorder(FakeRecorder):
    """Notes each write in ``order`` as ("recorded", the action's number)."""

    def __init__(self, order: list) -> None:
        super().__init__()
        self.order = order

    def action(self, action: dict, thinking_time: float | None = None) -> None:
        super().action(action, thinking_time)
        self.order.append(("recorded", len([c for c in self.calls if c[0] == "action"])))


def test_moves_on_the_kernel_loop_are_written_after_the_page_had_time_to_draw_them():
    """Issue 6: on the kernel's event loop a move is written RECORD_AFTER_S after its
    update went out (the page draws it meanwhile, with the machine to itself), never
    before that update; the writes keep the moves' order, the bots' moves included."""
    order: list[tuple] = []

    async def play() -> tuple[Board, list]:
        rec = OrderedRecorder(order)
        b = board("hanabi", recorder=rec, pause=0.001)
        b.comm.send = lambda data=None, **_: order.append(("sent",
                                                          update_state(data).get("moves")))
        b._on_msg(b, {"kind": "act", "action": b.legal[0]["action"]})
        written_at_once = [c for c in rec.calls if c[0] == "action"]
        for _ in range(400):
            if b.legal and not b._unrecorded:
                return b, written_at_once
            await asyncio.sleep(0.005)
        raise AssertionError("the bots did not move, or their moves were not written")

    b, written_at_once = run_loop(play())
    assert b.moves == 3 and written_at_once == []
    recorded = [k for what, k in order if what == "recorded"]
    assert recorded == [1, 2, 3], order
    for k in recorded:
        assert order.index(("sent", k)) < order.index(("recorded", k)), order


@pytest.mark.parametrize("how", ["closed", "kernel exits"])
def test_a_move_still_waiting_to_be_written_is_written_when_the_board_goes(how):
    """Nothing a player did is lost: a board closed (play again, a new setup) or a kernel
    that exits (its page closed) within RECORD_AFTER_S of a move first writes it."""
    import widgets.base as base

    async def play() -> tuple[Board, int]:
        rec = FakeRecorder()
        b = board("hanabi", recorder=rec, pause=60)
        b._on_msg(b, {"kind": "act", "action": b.legal[0]["action"]})
        waiting = len(b._unrecorded)
        if how == "closed":
            b.close()
        else:
            base._record_all()
        return b, waiting

    b, waiting = run_loop(play())
    assert waiting == 1
    assert [c[1] for c in b.recorder.calls if c[0] == "action"] == [b.state.history[0]["type"]]
    assert b._unrecorded == [] and b not in base._UNRECORDED


@pytest.mark.parametrize(("bad", "said"), [
    ({"players": 4}, "players"), ({"mode": "lecture"}, "mode"),
    ({"seats": ["human", "human", "robot"]}, "seats"), ({"names": ["Ann"]}, "names"),
    ({"options": {"colour": 1}}, "colour: unknown option")])
def test_a_board_refused_at_construction_leaves_no_widget_behind(bad, said, monkeypatch):
    """Bad input gets its clear error and changes nothing: no half-built board stays
    open in the widget registry (its comm to the page open), nor prints a second
    traceback from ``__del__`` when it goes."""
    import gc

    unraisable: list[Any] = []
    monkeypatch.setattr(sys, "unraisablehook", unraisable.append)
    before = {id(w) for w in _instances.values()}
    with pytest.raises(kit.ConfigError, match=said):
        BOARDS["domino_metro"]()(**{"players": 3, **bad})
    gc.collect()
    assert [w for w in _instances.values() if id(w) not in before] == []
    assert unraisable == []


def test_a_failing_recorder_is_shown_but_the_game_goes_on():
    class Broken(FakeRecorder):
        def action(self, action: dict, thinking_time: float | None = None) -> None:
            raise OSError("disk full")

    b = board("hanabi", recorder=Broken())
    b.act(b.legal[0]["action"])
    assert "recording failed: disk full" in b.error
    assert b.moves >= 1


def test_modes_and_seats_are_validated():
    with pytest.raises(kit.ConfigError, match="mode"):
        board("hanabi", mode="arcade")
    with pytest.raises(kit.ConfigError, match="one human"):
        board("hanabi", seats=["human", "human", "bot:rule"])
    with pytest.raises(kit.ConfigError, match="seats"):
        board("hanabi", seats=["human", "robot", "bot:rule"])
    with pytest.raises(kit.ConfigError, match="bot"):
        board("hanabi", seats=["human", "bot:genius", "bot:rule"])
    assert set(MODES) == {"playtest", "hotseat", "teacher", "replay"}


@pytest.mark.parametrize("game", GAMES)
def test_each_board_ships_the_shared_base_and_its_own_module_and_css(game):
    esm, css = assets(game)
    assert "function kitBoard(" in esm and "export default" in esm
    assert len(re.findall(r"^export default", esm, re.M)) == 1
    assert ".kit-board" in css and len(css.splitlines()) > 20
    b = board(game)
    assert b._esm == esm and b.game == game and b.title == kit.spec(game).title


@pytest.mark.parametrize("game", GAMES)
def test_every_event_a_seat_sees_reads_as_a_sentence(game):
    b = board(game, seats=["human"] + ["bot:random"] * (PLAYERS[game] - 1))
    for _ in human_turns(b, random.Random(5), limit=150):
        pass
    for ev in b._log:
        text = b.event_text(ev)
        assert text is None or ("visible_to" not in text and "{" not in text
                                and "_" not in text), text  # words, not identifiers


def test_the_app_form_starts_a_board_shows_the_result_and_plays_again():
    app = PlaytestApp("domino_metro", query="players=2&seats=human,bot:random&seed=9"
                                          "&pause=0&record=0")
    assert app.players.value == 2 and [p.value for p in app.seat_pickers] == [
        "human", "bot:random"]
    b = app.start()
    assert b is not None and b.state.seed == 9 and app.form.layout.display == "none"
    for _ in human_turns(b, random.Random(0)):
        pass
    panel = app.result_panel.children[0]
    assert "Result" in panel.value and panel.value.count("<tr class='kit-place") == 2
    replay = app.replay()
    assert replay.mode == "replay" and replay.replay_length == len(b.state.history)
    assert app.board_box.children == (replay,)
    again = app.play_again()
    assert again is not b and again.state.seed == 9 and not again.state.over
    assert again.moves < len(b.state.history) and app.board_box.children == (again,)
    assert app.result_panel.children == ()


@pytest.mark.parametrize("game", list(BOARDS))
def test_the_app_form_names_each_house_rule_in_words_with_its_rule_id(game):
    """Issue 6 (apps): each option of the setup form reads as words with its RULES.md
    id ("allow empty hints (HB-R1)") and explains itself on hover (the option's doc)."""
    spec = kit.spec(game)
    app = PlaytestApp(game, query="record=0")
    assert app.options, "every game has house rules to set"
    for name, widget in app.options.items():
        opt = spec.options[name]
        assert widget.description == f"{name.replace('_', ' ')} ({opt.rule})"
        assert "_" not in widget.description and re.fullmatch(r"(HB|WL|PP|DM)-R?\d+", opt.rule)
        assert widget.tooltip == opt.doc and opt.doc


def test_the_app_reports_a_bad_seed_instead_of_starting():
    app = PlaytestApp("hanabi", query="record=0")
    app.seed.value = "soon"
    assert app.start() is None
    assert "seed" in app.message.value and app.board is None


def test_query_params_and_result_html():
    assert query_params("a=1&b=x&b=y") == {"a": "1", "b": "y"}
    html = result_html({"places": [2, 1], "scores": [3, 9]}, ["Ann", "Bob"])
    assert html.index("Bob") < html.index("Ann")


def test_the_app_records_the_game_and_its_feedback(tmp_path, monkeypatch):
    record = pytest.importorskip("kit.record")
    url = f"sqlite:///{tmp_path}/playtests.sqlite"
    monkeypatch.setenv("KIT_RECORD_URL", url)
    app = PlaytestApp("hanabi", query="seed=3&pause=0")
    b = app.start()
    for _ in human_turns(b, random.Random(0)):
        pass
    form = app.result_panel.children[-1]
    assert "kit-feedback" in form._dom_classes
    _title, _seat, rating, text, unclear, send, sent = form.children
    rating.value, text.value, unclear.value = 4, "fun", "HB-4"
    send.click()
    assert sent.value == "Thank you!" and b.error == ""
    games = record.load_games(url)
    assert games.iloc[0]["seats"] == ["human:Seat 1", "bot:rule", "bot:rule"]
    assert games.iloc[0]["seed"] == 3 and bool(games.iloc[0]["finished"])
    assert len(record.load_actions(url)) == len(b.state.history)
    assert record.load_feedback(url).iloc[0]["unclear_rule"] == "HB-4"


def test_the_app_resumes_a_recorded_game_that_did_not_finish(tmp_path, monkeypatch):
    """Issue 6 (nothing a player did is lost): a page reloaded mid-game starts afresh, but
    ``?resume=<id>`` (the link the board shows) replays the recorded moves, seats the same
    players and goes on recording the same game to its end."""
    record = pytest.importorskip("kit.record")
    url = f"sqlite:///{tmp_path}/playtests.sqlite"
    monkeypatch.setenv("KIT_RECORD_URL", url)
    page = PlaytestApp("pug_party", query="seed=4&pause=0&start=1")
    first = page.board
    rng = random.Random(2)
    for _ in range(3):
        first.act(rng.choice(first.legal)["action"])
    game_id, moves = first.record_id, list(first.state.history)
    assert game_id is not None and page.resume_link.startswith(f"?resume={game_id}&key=")
    app = PlaytestApp("pug_party", query=page.resume_link[1:] + "&pause=0")
    b = app.board
    assert b is not None and app.message.value == "" and app.form.layout.display == "none"
    assert b.state.history == moves and b.view == first.view and b.legal == first.legal
    assert (b.seat_kinds, b.names, b.mode) == (first.seat_kinds, first.names, "playtest")
    assert b.events == first.events and b.events  # the log lines the seat last saw
    for _ in human_turns(b, rng):
        pass
    assert b.record_id is None  # over: nothing to resume
    games = record.load_games(url)
    assert list(games["game_id"]) == [game_id] and bool(games.iloc[0]["finished"])
    assert len(record.load_actions(url)) == len(b.state.history) > len(moves)
    assert app.play_again().state.players == b.state.players


def test_a_game_open_in_two_pages_stops_the_page_that_falls_behind(tmp_path, monkeypatch):
    """Issue 6 (nothing a player did is lost unsaid): a game resumed in a second page
    while the first is still open is recorded by whichever page moves first; the other
    page, whose moves could no longer be recorded, stops at once (no more moves, no
    bots) and says where the game went on, instead of playing on unrecorded."""
    record = pytest.importorskip("kit.record")
    url = f"sqlite:///{tmp_path}/playtests.sqlite"
    monkeypatch.setenv("KIT_RECORD_URL", url)
    page = PlaytestApp("pug_party", query="seed=4&pause=0&start=1")
    first = page.board
    first.act(first.legal[0]["action"])
    game_id = first.record_id
    second = PlaytestApp("pug_party", query=page.resume_link[1:] + "&pause=0").board
    second.act(second.legal[0]["action"])  # the second page moves first: recorded
    written = len(record.load_actions(url))
    assert written == len(second.state.history) and second.error == ""

    first.act(first.legal[0]["action"])  # the first page falls behind
    assert f"game {game_id} went on in another page" in first.error
    assert f"?resume={game_id}" in first.error
    assert first.legal == [] and first.thinking is None and first.state.to_act != 0
    before = first.state.snapshot()
    first._on_msg(first, {"kind": "act", "action": {"type": "pass"}})
    assert "went on in another page" in first.error and first.state.snapshot() == before
    assert len(record.load_actions(url)) == written  # nothing of the first page's

    second.act(second.legal[0]["action"])  # the game goes on, recorded, in the second
    assert second.error == "" and len(record.load_actions(url)) == len(second.state.history)
    assert len(second.state.history) > written


def test_a_page_stopped_by_a_game_gone_on_elsewhere_writes_nothing_more():
    """The last move of a game refused because the game went on in another page: the
    page stops, and neither that game's result (its own, not the game's as recorded)
    nor anything after it is written."""
    record = pytest.importorskip("kit.record")

    def play(refuse_at: int | None) -> tuple[Board, list]:
        class Refusing(FakeRecorder):
            id = 7

            def action(self, action: dict, thinking_time: float | None = None) -> None:
                done = len([c for c in self.calls if c[0] == "action"])
                if done == refuse_at:
                    raise record.GameMovedOn("sqlite:///x", 7, done)
                super().action(action, thinking_time)

        rec = Refusing()
        b = board("pug_party", recorder=rec)
        while b.legal:
            b.act(b.legal[0]["action"])
        return b, rec.calls

    whole, calls = play(None)
    last = len(whole.state.history) - 1
    assert whole.state.over and calls[-1][0] == "finish"
    b, calls = play(last)  # the game's last move, which ends it here
    assert "game 7 went on in another page" in b.error and b.legal == []
    assert [c[0] for c in calls].count("action") == last
    assert "finish" not in [c[0] for c in calls]
    b, calls = play(last - 3)
    assert [c[0] for c in calls].count("action") == last - 3 and not b.state.over
    with pytest.raises(kit.IllegalAction, match="another page"):
        b.act({"type": "pass"})


def test_the_app_says_what_it_records_before_and_during_a_recorded_game(tmp_path,
                                                                       monkeypatch):
    """The apps record by default (names typed, moves, feedback): the form says so, and
    how to play unrecorded, and so does the page under a recorded board."""
    record = pytest.importorskip("kit.record")
    monkeypatch.setenv("KIT_RECORD_URL", f"sqlite:///{tmp_path}/playtests.sqlite")
    app = PlaytestApp("hanabi", query="seed=3&pause=0")
    note = html.unescape(app.consent.value)
    assert record.CONSENT_NOTE in note and "?record=0" in note
    assert app.consent in app.form.children and app.recording_note.value == ""
    app.start()
    assert record.CONSENT_NOTE in html.unescape(app.recording_note.value)
    app.new_setup()
    assert app.recording_note.value == ""
    quiet = PlaytestApp("hanabi", query="seed=3&pause=0&record=0&start=1")
    assert quiet.consent.value == "" and quiet.recording_note.value == ""


def test_a_broken_recordings_database_is_named_and_changes_nothing(tmp_path, monkeypatch):
    """Bad input: KIT_RECORD_URL naming a file that is not a database. The form says so
    and starts nothing (a game that cannot be recorded would lose what the players do),
    the file is left alone, and ``record=0`` plays unrecorded."""
    pytest.importorskip("kit.record")
    bad = tmp_path / "notes.sqlite"
    bad.write_text("my notes, not a database\n" * 100)
    monkeypatch.setenv("KIT_RECORD_URL", f"sqlite:///{bad}")
    app = PlaytestApp("pug_party", query="seed=4&pause=0")
    said = html.unescape(app.message.value)  # (on the form, before a game)
    assert "notes.sqlite" in said and "not a database" in said
    app.message.value = ""
    assert app.start() is None and app.board is None
    said = html.unescape(app.message.value)
    assert "notes.sqlite" in said and "not a database" in said and "?record=0" in said
    assert bad.read_text().startswith("my notes")
    assert PlaytestApp("pug_party", query="seed=4&pause=0&record=0&start=1").board is not None


@pytest.mark.parametrize("query, says", [
    ("resume=99", "no recorded game 99"),
    ("resume=1&key={key1}&record=0", "this page records nothing"),
    ("resume=1&key={key1}&game=hanabi", "is a pug_party game, not hanabi"),
    ("resume=2&key={key2}", "is over; there is nothing to resume"),
])
def test_the_app_says_why_it_cannot_resume_and_offers_the_form(tmp_path, monkeypatch,
                                                                query, says):
    pytest.importorskip("kit.record")
    monkeypatch.setenv("KIT_RECORD_URL", f"sqlite:///{tmp_path}/playtests.sqlite")
    one = PlaytestApp("pug_party", query="seed=4&pause=0&start=1")  # game 1, unfinished
    two = PlaytestApp("pug_party", query="seed=5&pause=0&start=1")  # game 2
    for _ in human_turns(two.board, random.Random(0)):
        pass
    keys = {"key1": one.resume_link.split("key=")[1], "key2": two.resume_link.split("key=")[1]}
    game = "hanabi" if "game=hanabi" in query else "pug_party"
    app = PlaytestApp(game, query=query.format(**keys))
    assert app.board is None and app.form.layout.display != "none"
    assert says in html.unescape(app.message.value)


class PageCopy:
    """What a page's model of board ``b`` holds: a whole state, then every update sent
    applied as ``base.js`` applies it (the patches through ``widgets.patch.apply``).
    ``sizes``: (bytes sent, bytes the update would have had with whole traits)."""

    def __init__(self, b: Board) -> None:
        self.state = json.loads(json.dumps(b.get_state()))
        self.seq = self.state["patch"]["seq"]
        self.sizes: list[tuple[int, int]] = []
        b.comm.send = self.receive

    def receive(self, data: Any = None, metadata: Any = None, buffers: Any = None) -> None:
        wire = json.dumps(data)
        state = update_state(json.loads(wire))
        self.state.update(state)
        p = state.pop("patch", None)
        if p and p["ops"]:
            assert p["seq"] == self.seq + 1, "a patch out of turn"
            for name, op in p["ops"].items():
                state[name] = self.state[name] = patch.apply(self.state[name], op)
        if p:
            self.seq = p["seq"]
        self.sizes.append((len(wire), len(json.dumps(state))))


def _kernel_traits(b: Board) -> dict:
    state = json.loads(json.dumps(b.get_state()))
    del state["patch"]
    return state


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("mode", ["playtest", "hotseat", "teacher"])
def test_the_page_copy_follows_every_update_exactly(game, mode):
    """Issue 6: updates carry the view, the log and the open hands as patches; applied
    in turn they give the page exactly the kernel's traits, view(seat) of the seat shown
    included, move after move (seat switches and the privacy screen too)."""
    seats = (None if mode == "playtest" else
             ["human", "human"] + ["bot:rule"] * (PLAYERS[game] - 2))
    rng = random.Random(4)
    checked = 0
    for seed in range(10):
        b = board(game, mode=mode, seats=seats, seed=seed)
        page = PageCopy(b)
        while not b.state.over and checked < 40:
            if b.privacy is not None:
                b._on_msg(b, {"kind": "reveal"})
            else:
                b._on_msg(b, {"kind": "act", "action": rng.choice(b.legal)["action"]})
            assert b.error == ""
            got = {k: v for k, v in page.state.items() if k != "patch"}
            assert got == _kernel_traits(b)
            assert got["view"] == json.loads(json.dumps(b.state.view(b.seat)))
            checked += 1
    assert checked == 40


@pytest.mark.parametrize("game", GAMES)
def test_updates_go_as_the_boards_own_messages_to_the_model_its_id_names(game):
    """Issue 6 (what reaches the browser): a board's comm opens with its model's id as
    ``kit_id`` (by which the page finds the model to put the updates in), and every
    update after that is the widget's own message with the traits in it, never also
    ipywidgets' state update (which the page would apply a second way): the moves, a
    resync, and a refused attempt of the page to set a trait."""
    b, other = board(game), board(game)
    assert b.kit_id == b.model_id == b.get_state()["kit_id"] != other.kit_id
    sent: list[dict] = []
    b.comm.send = lambda data=None, **_: sent.append(data)
    for _ in human_turns(b, random.Random(1), limit=10):
        pass
    b._on_msg(b, {"kind": "resync"})
    b.set_state({"mode": "teacher"})
    assert len(sent) >= 12
    assert [d["method"] for d in sent] == ["custom"] * len(sent)
    states = [update_state(d) for d in sent]
    assert all(states)
    # (the resync: the patched traits whole, then its reply; the refusal: mode, then why)
    assert {"view", "events", "open_hands"} <= set(states[-4])
    assert states[-4]["patch"]["ops"] == {} and set(states[-3]) == {"replies"}
    assert states[-2] == {"mode": "playtest"} and "may not set mode" in states[-1]["error"]


@pytest.mark.parametrize("game", GAMES)
def test_a_move_sends_what_changed_not_the_whole_view(game):
    """Issue 6 (speed): the updates of a game carry less than half the bytes they would
    with the view, the log and the open hands whole."""
    b = board(game)
    page = PageCopy(b)
    for _ in human_turns(b, random.Random(5), limit=30):
        pass
    sent, whole = (sum(col) for col in zip(*page.sizes, strict=True))
    assert len(page.sizes) >= 10 and sent < whole / 2, (sent, whole)


@pytest.mark.parametrize("game", GAMES)
def test_a_click_is_answered_by_one_update_and_each_change_reaches_observers_once(game):
    """Issue 6: the kernel answers a move from the page with one update (the bots' moves
    and the reply count in it), queues nothing to send again, and an observer of the
    board's traits hears each change once, after the update went out, with the value
    the page was sent."""
    b = board(game)
    page = PageCopy(b)
    heard: list[tuple[str, Any, int]] = []
    b.observe(lambda c: heard.append((c["name"], c["new"], len(page.sizes))))
    rng = random.Random(3)
    for _ in range(15):
        if b.state.over:
            break
        before, updates = _kernel_traits(b), len(page.sizes)
        heard.clear()
        b._on_msg(b, {"kind": "act", "action": rng.choice(b.legal)["action"]})
        assert len(page.sizes) == updates + 1 and not b._states_to_send
        after = _kernel_traits(b)
        changed = sorted(k for k in after if after[k] != before[k])
        assert "replies" in changed and "moves" in changed
        assert sorted(name for name, _, _ in heard) == changed
        for name, new, sent in heard:  # told after the update, of what the page has
            assert sent == updates + 1 and json.loads(json.dumps(new)) == page.state[name]


def test_a_page_that_missed_a_patch_gets_the_traits_whole():
    """A page whose patch count does not follow asks to resync, and gets the view, the
    log and the open hands whole, as of the last patch."""
    b = board("hanabi")
    page = PageCopy(b)
    b.act(b.legal[0]["action"])
    page.state["view"] = {"forged": True}
    page.seq = -7  # the page's count no longer follows
    b._on_msg(b, {"kind": "resync"})
    assert page.state["view"] == json.loads(json.dumps(b.state.view(0)))
    assert page.seq == b._patches and b.error == ""
    b.act(b.legal[0]["action"])  # patches go on from the whole state
    assert page.state["view"] == json.loads(json.dumps(b.state.view(0)))


def test_a_board_given_a_game_under_way_starts_its_log_with_the_moves_so_far():
    """A prepared situation (or a resumed game) shows each seat the log lines it would
    have seen had the moves been made on the board; a state that does not replay from
    its deal (begun from an edited snapshot) starts with an empty log, not a wrong one."""
    state = kit.new_game("hanabi", players=3, seed=2)
    live = board("hanabi", seed=2, mode="teacher")
    rng = random.Random(1)
    for _ in range(6):
        action = rng.choice(state.legal_actions())
        state.apply(action)
        live.act(action)
    given = board("hanabi", state=state, mode="teacher")
    for seat in (0, 1, 2, None):
        assert given._recent(seat) == live._recent(seat)
    assert len(given._recent(None)) >= 6
    snap = state.snapshot()
    snap["hints"] -= 1  # not where the moves lead
    assert board("hanabi", state=type(state).restore(snap), mode="teacher").events == []


def test_a_board_from_a_game_name_or_a_state():
    from widgets import board as make_board

    by_name = make_board("pug_party", players=4, seed=2, pause=0)
    assert by_name.state.players == 4 and by_name.game == "pug_party"
    state = kit.new_game("hanabi", players=2, seed=1, variant="rainbow_wild")
    on_state = make_board("hanabi", state, pause=0)
    assert on_state.state is state and on_state.view["variant"] == "rainbow_wild"
    with pytest.raises(kit.ConfigError, match="game"):
        make_board("chess")
    with pytest.raises(kit.ConfigError, match="state"):
        make_board("pug_party", state)


def _lines_seen(b: Board, seat: int | None) -> list[str]:
    """Every log line ``seat`` may read, in order, from the whole log."""
    from kit.contract import visible

    return [t for ev in b._log if visible(ev, seat) and (t := b.event_text(ev))]


@pytest.mark.parametrize("game", GAMES)
def test_log_lines_are_numbered_among_the_lines_the_seat_saw(game):
    """The browser keeps a log line while its ``n`` (and text) stay. The numbers are
    consecutive, counting only what the shown seat may see (no count of hidden events
    reaches it), and the same line keeps its number as the log scrolls."""
    b = board(game, seats=["human"] + ["bot:random"] * (PLAYERS[game] - 1))
    rng = random.Random(3)
    earlier: dict[int, str] = {}
    for _ in human_turns(b, rng, limit=20):
        lines = b.events
        seen = _lines_seen(b, 0)
        assert [e["n"] for e in lines] == list(range(len(seen) - len(lines), len(seen)))
        assert [e["text"] for e in lines] == seen[-len(lines):]
        for e in lines:
            assert earlier.setdefault(e["n"], e["text"]) == e["text"]
    assert earlier, "no line was ever shown"
    spectator = b._recent(None)
    assert [e["n"] for e in spectator][-1] == len(_lines_seen(b, None)) - 1


def test_the_final_board_goes_out_before_the_result_panel_is_built():
    """The last move's board update is sent first; the result panel (many widgets, some
    20 ms of messages in a browser) is built right after, not in front of it."""
    app = PlaytestApp("pug_party", query="players=2&seats=human,bot:random&seed=4"
                                         "&pause=0&record=0")
    b = app.start()
    order: list[str] = []
    real_send = b.send_state

    def send_state(key=None, values=None):
        if {**b.get_state(key), **(values or {})}.get("result"):
            order.append("board result")
        return real_send(key, values)

    b.send_state = send_state
    b.observe(lambda _c: order.append("result set"), names="result")
    app.result_panel.observe(lambda c: order.append(f"panel {len(c['new'])}"),
                             names="children")
    rng = random.Random(0)
    while not b.state.over:
        b._on_msg(b, {"kind": "act", "action": rng.choice(b.legal)["action"]})
    # (the update goes out before the traits are set: their observers come after it)
    assert order[:2] == ["board result", "result set"]
    assert order[2].startswith("panel ") and order[2] != "panel 0"
    assert "Result" in app.result_panel.children[0].value


class SlowIOPub:
    """A stand-in for the kernel's IOPub thread: on its own thread, it wakes up a little
    late (the real one waits for the GIL), then sends all that is scheduled, in order."""

    def __init__(self) -> None:
        self.jobs: queue.Queue = queue.Queue()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while True:
            job = self.jobs.get()
            time.sleep(0.005)
            job()
            while not self.jobs.empty():
                self.jobs.get()()

    def schedule(self, job: Any) -> None:
        self.jobs.put(job)


def test_the_final_board_leaves_the_kernel_before_the_result_panel_is_built():
    """Issue 6 (boards, playtest apps): in a kernel, messages leave through the IOPub
    thread; the final board's update must have left before the result panel is built,
    not merely be queued in front of it."""
    app = PlaytestApp("pug_party", query="players=2&seats=human,bot:random&seed=4"
                                         "&pause=0&record=0")
    b = app.start()
    io = SlowIOPub()
    order: list[str] = []
    b.comm.kernel = types.SimpleNamespace(iopub_thread=io)
    b.comm.send = lambda data=None, **_: io.schedule(
        lambda: order.append("board result sent") if update_state(data).get("result") else None)
    app.result_panel.observe(lambda c: order.append(f"panel {len(c['new'])}"),
                             names="children")
    rng = random.Random(0)
    while not b.state.over:
        b._on_msg(b, {"kind": "act", "action": rng.choice(b.legal)["action"]})
    assert order[0] == "board result sent" and order[1] != "panel 0", order


#: colour positions the Hanabi board's stylesheet fades and rings (hanabi.css, hb-xc<i>)
HB_MAX_SUITS = 8


def test_hb4_the_hanabi_stylesheet_marks_every_colour_of_every_variant():
    """HB-4, HB-12: a card's knowledge block fades the colours ruled out and rings the
    colours told by position (hanabi.css); every suit of every variant in
    data/hanabi/variants.toml must have a position there, or its chip would never fade."""
    from kit.hanabi.variants import variants

    css = (Path(__file__).parent.parent / "widgets" / "hanabi.css").read_text()
    for kind in ("xc", "tc"):  # ruled out, told: the i-th colour is chip i + 1
        pairs = re.findall(rf"\.hb-{kind}(\d+) > \.hb-know-c > :nth-child\((\d+)\)", css)
        assert {(int(i), int(n)) for i, n in pairs} == {(i, i + 1) for i in range(HB_MAX_SUITS)}
    widest = max(len(v.suits) for v in variants().values())
    assert widest <= HB_MAX_SUITS, widest
