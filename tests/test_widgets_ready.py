"""Answers made ready while the player thinks (widgets/ready.py): a click answered from
them sends the page exactly what the same click answered afresh sends, and an answer that
is no longer good is not taken."""

from __future__ import annotations

import asyncio
import copy
import itertools
import random
from typing import Any

import pytest
from test_widgets_boards import GAMES, board, run_loop

from widgets.ready import READY_AFTER_S, action_key


def spied(game: str, **kw: Any) -> tuple[Any, list[dict], list]:
    """A playtest board, the updates it sends (deep copies) and the answers it takes."""
    b = board(game, **kw)
    sent: list[dict] = []
    taken: list = []
    b._send = lambda msg, buffers=None: sent.append(copy.deepcopy(msg))
    take = b._take_ready

    def took(action: Any) -> Any:
        ready = take(action)
        if ready is not None:
            taken.append(ready)
        return ready

    b._take_ready = took
    return b, sent, taken


def both(ready: Any, fresh: Any, content: dict) -> None:
    ready._on_msg(ready, content)
    fresh._on_msg(fresh, content)


@pytest.mark.parametrize("game", GAMES)
def test_a_move_answered_ready_sends_what_it_would_afresh(game: str):
    """Issue 6 (the boards' speed), engine contract (``clone``): move after move of whole
    games, a board that made its answers ready sends the page the very updates (patches
    and all) of a board that makes each move at the click, and took a ready answer for
    every move."""
    for seed in (11, 12):
        ready, sent, taken = spied(game, seed=seed)
        fresh, sent_fresh, _ = spied(game, seed=seed)
        rng = random.Random(seed)
        game_state = ready.state
        moves = 0
        while not ready.state.over and moves < 150:
            assert ready.legal == fresh.legal
            ready._make_ready()
            assert len(ready._ready) == len(ready.legal)
            both(ready, fresh, {"kind": "act", "action": rng.choice(ready.legal)["action"]})
            moves += 1
            assert sent == sent_fresh
        assert moves > 5
        assert len(taken) == moves
        assert ready.state.snapshot() == fresh.state.snapshot()
        assert ready.state is game_state  # (the object that a recording holds)


@pytest.mark.parametrize("game", GAMES)
def test_a_game_answered_ready_is_recorded_move_by_move(game: str, tmp_path: Any):
    """Issue 6 (nothing a player did is lost): a recorded playtest board that answers
    every human move ready records each move as made, and its game replays from the
    recording to the board's state."""
    from kit.record import Recorder

    with Recorder(f"sqlite:///{tmp_path / 'r.db'}") as rec:
        b, _, taken = spied(game, recorder=rec)
        rng = random.Random(2)
        moves = 0
        while not b.state.over:
            b._make_ready()
            b._on_msg(b, {"kind": "act", "action": rng.choice(b.legal)["action"]})
            moves += 1
        assert not b.error, b.error
        assert len(taken) == moves > 2
        assert rec.replay(b._record.id).snapshot() == b.state.snapshot()


@pytest.mark.parametrize("game", GAMES)
def test_an_answer_made_before_another_update_is_not_taken(game: str):
    """Issue 6: answers made, then an update sent for something else (a forged move's
    error; the page asking for its traits whole), the next move is made afresh and sends
    what a board that made no answers sends."""
    ready, sent, taken = spied(game)
    fresh, sent_fresh, _ = spied(game)
    forged = {"kind": "act", "action": {"type": "no such move"}}
    for other in (forged, {"kind": "resync"}):
        ready._make_ready()
        assert ready._ready
        both(ready, fresh, other)
        both(ready, fresh, {"kind": "act", "action": ready.legal[0]["action"]})
        assert sent == sent_fresh
    assert taken == []


@pytest.mark.parametrize("game", GAMES)
def test_an_answer_made_before_the_state_changed_behind_the_board_is_not_taken(game: str):
    """Issue 6: answers made, then the board's state replaced from Python with no update
    (its hidden cards redealt, ``determinize``), the next move is made on that state and
    sends what a board given the same state sends."""
    ready, sent, taken = spied(game)
    fresh, sent_fresh, _ = spied(game)
    ready._make_ready()
    for b in (ready, fresh):
        b.state = b.state.determinize(b.seat, random.Random(5))
    both(ready, fresh, {"kind": "act", "action": ready.legal[0]["action"]})
    assert sent == sent_fresh
    assert taken == []
    assert ready.state.snapshot() == fresh.state.snapshot()


@pytest.mark.parametrize("game", GAMES)
def test_a_move_unlike_every_one_offered_is_refused_as_before(game: str):
    """Issue 6 (bad input changes nothing): with answers made, a move that differs from
    an offered one (a changed or an extra field) gets no answer made for another; the
    engine refuses it with its own error, as it refuses it on a board without answers."""
    ready, sent, taken = spied(game)
    fresh, sent_fresh, _ = spied(game)
    offered = ready.legal[0]["action"]
    before = list(ready.state.history)
    ready._make_ready()
    changed = {**offered, "type": offered["type"] + "!"}
    both(ready, fresh, {"kind": "act", "action": changed})
    assert ready.error and ready.error == fresh.error
    assert ready.state.history == fresh.state.history == before
    ready._make_ready()
    both(ready, fresh, {"kind": "act", "action": {**offered, "extra": 1}})
    assert sent == sent_fresh
    assert taken == []
    assert ready.state.snapshot() == fresh.state.snapshot()


def test_a_playtest_board_makes_its_answers_ready_after_offering_moves():
    """Issue 6: in a kernel (a running event loop), READY_AFTER_S after the bots have
    moved and the human seat is offered its moves, an answer is ready for each of them,
    and a click takes its answer; a hot-seat board makes none."""

    async def play() -> tuple[set, set, bool, dict]:
        b, _, taken = spied("hanabi", pause=0.01, seed=4, seats=["bot", "human", "bot"])
        while not b.legal:
            await asyncio.sleep(0.01)
        await asyncio.sleep(READY_AFTER_S + 0.1)
        made, offered = set(b._ready), {action_key(m["action"]) for m in b.legal}
        b._on_msg(b, {"kind": "act", "action": b.legal[-1]["action"]})
        hot = board("hanabi", mode="hotseat", seats=["human"] * 3)
        hot._on_msg(hot, {"kind": "reveal"})
        await asyncio.sleep(READY_AFTER_S + 0.1)
        b.close()
        return made, offered, len(taken) == 1 and b.state.history[1]["seat"] == 1, hot._ready

    made, offered, took, hot = run_loop(play())
    assert offered and made == offered
    assert took
    assert hot == {}


class HandLoop:
    """A stand-in for the kernel's event loop whose timers run when a test says so
    (:meth:`run`), in the order they fall due on its own clock: a board's bots then wait
    for their pause, as in a kernel, and a test sees every update in between."""

    def __init__(self) -> None:
        self.now = 0.0
        self.timers: list[tuple[float, int, Any, tuple]] = []  # (due, n, callback, args)
        self.count = itertools.count()

    def call_later(self, delay: float, callback: Any, *args: Any) -> Any:
        timer = (self.now + delay, next(self.count), callback, args)
        self.timers.append(timer)
        timers = self.timers

        class Handle:
            def cancel(self) -> None:
                if timer in timers:
                    timers.remove(timer)

        return Handle()

    def run(self, skip: str = "_make_ready") -> None:
        """Run the timers, and those they set, as they fall due; not those of ``skip``
        (a test makes the answers ready by hand)."""
        while self.timers:
            self.timers.sort(key=lambda t: t[:2])
            self.now, _, callback, args = self.timers.pop(0)
            if callback.__name__ != skip:
                callback(*args)


@pytest.mark.parametrize("game", GAMES)
def test_in_a_kernel_a_move_answered_ready_sends_its_update_before_taking_it(
        game: str, monkeypatch: Any):
    """Issue 6 (the boards' speed): with the bots moving after a pause on the kernel's
    event loop, a click answered ready sends its update before the board takes the move
    (the state is as it was when it goes out), and the page gets the very updates, in
    the same order, of a board that makes each move at the click; the two boards end
    alike, traits, state and log."""
    loop = HandLoop()
    monkeypatch.setattr("widgets.base.running_loop", lambda: loop)
    monkeypatch.setattr("widgets.ready.running_loop", lambda: loop)
    ready, sent, taken = spied(game, seed=21, pause=0.05)
    fresh, sent_fresh, _ = spied(game, seed=21, pause=0.05)
    moves_when_sent: list[int] = []
    spy = ready._send
    ready._send = lambda msg, buffers=None: (moves_when_sent.append(len(ready.state.history)),
                                             spy(msg, buffers))
    rng = random.Random(21)
    moves = 0
    while not ready.state.over and moves < 60:
        loop.run()
        if ready.state.over:
            break
        ready._make_ready()
        before, updates = len(ready.state.history), len(sent)
        both(ready, fresh, {"kind": "act", "action": rng.choice(ready.legal)["action"]})
        moves += 1
        assert moves_when_sent[updates] == before  # sent before the move was taken
        assert len(ready.state.history) == before + 1
        assert sent == sent_fresh
    loop.run()
    assert moves > 5 and len(taken) == moves
    assert sent == sent_fresh
    own = {"kit_id", "layout"}  # (each widget's own ids)
    assert {k: v for k, v in ready.get_state().items() if k not in own} == {
        k: v for k, v in fresh.get_state().items() if k not in own}
    assert ready.state.snapshot() == fresh.state.snapshot() and ready._log == fresh._log
