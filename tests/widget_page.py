"""Test helper: boards with a stand-in for their page, seen through the comm messages
between the kernel and the page (what the page receives, what it may send), as the
``comm`` package lets a kernel provide its own comms (``comm.create_comm``)."""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Iterator
from typing import Any

import comm
from comm.base_comm import BaseComm

from widgets import BOARDS
from widgets.base import Board

GAMES = list(BOARDS)
PLAYERS = {"hanabi": 3, "waiting_list": 3, "pug_party": 3, "domino_metro": 3}
OPTIONS = {"waiting_list": {"round_laps": 4}}


class PageComm(BaseComm):
    """A comm whose every message to the page is kept, as it travels (JSON)."""

    def __init__(self, **kwargs: Any) -> None:
        self.sent: list[tuple[str, Any]] = []
        super().__init__(**kwargs)

    def publish_msg(self, msg_type: str, data: Any = None, metadata: Any = None,
                    buffers: Any = None, **keys: Any) -> None:
        self.sent.append((msg_type, json.loads(json.dumps(data))))


@contextlib.contextmanager
def page_comms() -> Iterator[None]:
    """Widgets made within get a :class:`PageComm`."""
    before = comm.create_comm
    comm.create_comm = lambda **kwargs: PageComm(**kwargs)
    try:
        yield
    finally:
        comm.create_comm = before


def board(game: str, **kw: Any) -> Board:
    """A board of ``game`` with a page (see :class:`Page`), bots without a pause."""
    kw.setdefault("players", PLAYERS[game])
    kw.setdefault("seed", 11)
    kw.setdefault("options", OPTIONS.get(game, {}))
    kw.setdefault("pause", 0)
    with page_comms():
        return BOARDS[game]()(**kw)


class Page:
    """The page of a board made by :func:`board`: its model's traits as the kernel's
    messages (and the page's own writes) set them, in order."""

    def __init__(self, b: Board) -> None:
        assert isinstance(b.comm, PageComm)
        self.board = b
        self.comm: PageComm = b.comm
        self.written: list[tuple[int, dict]] = []

    def updates(self) -> list[dict]:
        """The state updates the kernel sent, in order (ipywidgets' ``update``)."""
        return [data["state"] for kind, data in self.comm.sent
                if kind == "comm_msg" and data.get("method") == "update"]

    def messages(self) -> list[tuple[str, Any]]:
        return list(self.comm.sent)

    @property
    def traits(self) -> dict:
        state: dict = {}
        writes = dict(self.written)
        for i, (kind, data) in enumerate(self.comm.sent):
            if kind == "comm_open" or (kind == "comm_msg" and data.get("method") == "update"):
                state.update(data["state"])
            if i in writes:
                state.update(writes[i])
        return state

    def data(self, name: str) -> Any:
        """The static data the page asks for under its trait ``name`` (``static_key``,
        ``words_key``), as widgets/loader.js does: the kernel's answer ({}: no key)."""
        key = self.traits.get(name)
        if not key:
            return {}
        sent = len(self.comm.sent)
        self.send({"kind": "data", "key": key})
        answers = [data["content"] for kind, data in self.comm.sent[sent:]
                   if kind == "comm_msg" and data.get("method") == "custom"]
        assert len(answers) == 1 and answers[0]["key"] == key, answers
        return answers[0]["value"]

    def send(self, content: Any) -> None:
        """A message from the page (``model.send(content)``)."""
        self.comm.handle_msg({"content": {"data": {"method": "custom", "content": content}},
                              "buffers": []})

    def write(self, **state: Any) -> None:
        """The page sets traits of its model and saves them (a forged state update)."""
        self.written.append((len(self.comm.sent) - 1, state))
        self.comm.handle_msg({"content": {"data": {"method": "update", "state": state,
                                                   "buffer_paths": []}}, "buffers": []})


def human_turns(b: Board, rng: random.Random, limit: int = 400) -> Iterator[None]:
    """Click random legal moves for the shown human seat; yields before each click."""
    for _ in range(limit):
        if b.state.over:
            return
        assert b.legal, "the human seat has no move while the game goes on"
        yield
        b.act(rng.choice(b.legal)["action"])


class FakeRecorder:
    """A recorder (and its game record) that notes each call."""

    id = 1

    def __init__(self) -> None:
        self.calls: list[tuple] = []

    def start_game(self, state: Any, seats: list[str], session: Any = None) -> FakeRecorder:
        self.calls.append(("start", state.spec.name, tuple(seats), session))
        return self

    def action(self, action: dict, thinking_time: float | None = None) -> None:
        self.calls.append(("action", action["type"], thinking_time))

    def finish(self, result: dict) -> None:
        self.calls.append(("finish", result["places"]))

    def follow(self, state: Any) -> None:
        """(the state the game goes on in: a real record checks actions against it)"""

    def feedback(self, **kw: Any) -> None:
        self.calls.append(("feedback", kw))

    def actions(self) -> int:
        return [c[0] for c in self.calls].count("action")
