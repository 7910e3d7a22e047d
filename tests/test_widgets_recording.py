"""A board's game is recorded as it is played (DESIGN.md, "Recording": one commit per
action): each move is written before the page is told, so a kernel ended right after a
move (SIGTERM, SIGKILL) has it in the store; a failed write is tried again, never skipped;
a game gone on in another page stops this one."""

from __future__ import annotations

import json
import random
import signal
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from jupyter_client import KernelManager

import kit
from widgets.app import PlaytestApp
from widgets.base import Board

sys.path.insert(0, str(Path(__file__).parent))
from widget_page import FakeRecorder, Page, board, human_turns


def test_every_move_is_written_before_the_page_is_told_and_the_result_at_the_end():
    rec = FakeRecorder()
    b = board("pug_party", recorder=rec, session="S")
    page = Page(b)
    told: list[tuple[int, int]] = []  # (moves written, moves the page has) at each write
    write = rec.action

    def action(action: dict, thinking_time: float | None = None) -> None:
        write(action, thinking_time)
        told.append((rec.actions(), page.traits["moves"]))

    rec.action = action  # type: ignore[method-assign]
    for _ in human_turns(b, random.Random(2)):
        pass
    assert rec.calls[0] == ("start", "pug_party", ("human:Seat 1", "bot:rule", "bot:rule"), "S")
    assert rec.actions() == len(b.state.history) == len(told)
    assert all(page_has < written for written, page_has in told)
    assert all(isinstance(c[2], float) and c[2] >= 0 for c in rec.calls if c[0] == "action")
    assert rec.calls[-1] == ("finish", b.state.result()["places"])
    assert board("pug_party").recording is None


def test_a_failed_write_is_shown_tried_again_in_order_and_never_skipped():
    class Flaky(FakeRecorder):
        failures = 2

        def action(self, action: dict, thinking_time: float | None = None) -> None:
            if self.actions() == 1 and self.failures:
                self.failures -= 1
                raise OSError("disk full")
            super().action(action, thinking_time)

    rec = Flaky()
    b = board("hanabi", recorder=rec, seats=["human", "human", "human"], mode="hotseat")
    page = Page(b)
    page.send({"kind": "reveal"})
    page.send({"kind": "act", "action": b.legal[0]["action"]})
    page.send({"kind": "reveal"})
    page.send({"kind": "act", "action": b.legal[0]["action"]})
    assert "Запись не удалась: disk full" in page.traits["error"]
    assert rec.actions() == 1 and len(b.state.history) == 2  # the game goes on
    page.send({"kind": "reveal"})
    page.send({"kind": "act", "action": b.legal[0]["action"]})
    assert rec.actions() == 1 and "disk full" in page.traits["error"]  # second failure
    b.close()  # a board put away tries once more
    assert rec.actions() == 3
    assert [c[1] for c in rec.calls if c[0] == "action"] == [
        a["type"] for a in b.state.history]


def test_a_page_stopped_by_a_game_gone_on_elsewhere_writes_nothing_more():
    """The last move of a game refused because the game went on in another page: the
    move takes no effect (the page shows nothing of it), the page stops, and neither that
    game's result nor anything after it is written."""
    record = pytest.importorskip("kit.record")

    def play(refuse_at: int | None) -> tuple[Board, list]:
        class Refusing(FakeRecorder):
            id = 7

            def action(self, action: dict, thinking_time: float | None = None) -> None:
                if self.actions() == refuse_at:
                    raise record.GameMovedOn("sqlite:///x", 7, refuse_at)
                super().action(action, thinking_time)

        rec = Refusing()
        b = board("pug_party", recorder=rec)
        while b.legal:
            moves = len(b.state.history)
            try:
                b.act(b.legal[0]["action"])
            except kit.IllegalAction as exc:
                assert "another page" in str(exc) and len(b.state.history) == moves
        return b, rec.calls

    whole, calls = play(None)
    last = len(whole.state.history) - 1
    assert whole.state.over and calls[-1][0] == "finish"
    b, calls = play(last)  # the game's last move, which ends it here
    assert "Игра 7 продолжилась на другой странице" in b.error and b.legal == []
    assert [c[0] for c in calls].count("action") == last
    assert "finish" not in [c[0] for c in calls]
    b, calls = play(last - 3)
    assert [c[0] for c in calls].count("action") == last - 3 and not b.state.over
    with pytest.raises(kit.IllegalAction, match="another page"):
        b.act({"type": "pass"})


def test_a_game_open_in_two_pages_stops_the_page_that_falls_behind(tmp_path, monkeypatch):
    """A game resumed in a second page while the first is still open is recorded by
    whichever page moves first; the other stops at once (no moves, no bots) and says
    where the game went on, instead of playing on unrecorded."""
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

    before, lines = first.state.snapshot(), list(first.events)
    with pytest.raises(kit.IllegalAction, match="went on in another page"):
        first.act(first.legal[0]["action"])  # the first page falls behind: refused,
    assert first.state.snapshot() == before and first.events == lines  # showing nothing
    assert f"Игра {game_id} продолжилась на другой странице" in first.error
    assert "?resume=" not in first.error  # (a link without its key would not open the game)
    assert first.legal == [] and first.thinking is None
    with pytest.raises(kit.IllegalAction, match="went on in another page"):
        first.act({"type": "pass"})
    assert first.state.snapshot() == before
    assert len(record.load_actions(url)) == written  # nothing of the first page's

    second.act(second.legal[0]["action"])  # the game goes on, recorded, in the second
    assert second.error == "" and len(record.load_actions(url)) == len(second.state.history)


START = """
import json
from kit.record import Recorder
from widgets.hanabi import HanabiBoard
board = HanabiBoard(players=3, seed=1, seats=["human", "bot:rule", "bot:rule"], pause=60,
                    recorder=Recorder({url!r}))
print(json.dumps([board.comm.comm_id, board.record_id, board.legal[0]["action"]]))
"""


def _output(kc: Any, msg_id: str) -> str:
    """The text printed by the cell ``msg_id`` (its stream output), once it is done."""
    text = ""
    while True:
        msg = kc.get_iopub_msg(timeout=60)
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        if msg["msg_type"] == "stream":
            text += msg["content"]["text"]
        elif msg["msg_type"] == "error":
            raise AssertionError("\n".join(msg["content"]["traceback"]))
        elif msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
            return text


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL])
def test_a_kernel_ended_right_after_a_move_has_that_move_in_the_store(tmp_path, how):
    """DESIGN.md (Recording): a click's move is committed before the page gets the update
    showing it. In a real kernel: a move sent as the page sends it, the kernel ended as
    soon as the update showing it arrives; the store holds the move."""
    record = pytest.importorskip("kit.record")
    url = f"sqlite:///{tmp_path}/playtests.sqlite"
    km = KernelManager(kernel_name="python3", transport="ipc",
                       connection_file=str(tmp_path / "kernel.json"))
    km.ip = str(tmp_path / "kernel")
    km.start_kernel()
    kc = km.client()
    kc.start_channels()
    try:
        kc.wait_for_ready(timeout=60)
        comm_id, game_id, action = json.loads(
            _output(kc, kc.execute(START.format(url=url))).strip().splitlines()[-1])
        kc.shell_channel.send(kc.session.msg("comm_msg", {
            "comm_id": comm_id,
            "data": {"method": "custom", "content": {"kind": "act", "action": action}}}))
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            msg = kc.get_iopub_msg(timeout=60)
            data = msg["content"].get("data", {}) if msg["msg_type"] == "comm_msg" else {}
            if data.get("method") == "update" and data["state"].get("moves") == 1:
                break
        else:
            pytest.fail("the page was never told of the move")
        km.signal_kernel(how)  # ended as soon as the page has the move
        for _ in range(200):
            if not km.is_alive():
                break
            time.sleep(0.05)
        assert not km.is_alive()
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    actions = record.load_actions(url)
    assert list(actions["game_id"]) == [game_id]
    assert actions.iloc[0]["action"] == {**action, "seat": 0}
