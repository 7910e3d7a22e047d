"""20 processes recording at once into one new SQLite file: no row lost, no
"database is locked" (WAL, BEGIN IMMEDIATE, busy timeout)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import kit
from kit.record import Recorder, load

#: waits for the go file, then records ``games`` rule-bot games one commit per action
CHILD = r"""
import os, random, sys, time
import kit
from kit.bots import make_bot
from kit.record import Recorder
url, go, index, games = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
print("ready", flush=True)
while not os.path.exists(go):
    time.sleep(0.005)
rec = Recorder(url)
session = rec.session(label=f"process {index}")
total = 0
for k in range(games):
    seed = index * 100 + k
    state = kit.new_game("hanabi", 2, seed)
    bots = [make_bot("hanabi", "rule") for _ in range(2)]
    rng = random.Random(seed)
    g = rec.start_game(state, seats=["bot:rule", "bot:rule"], session=session)
    while not state.over:
        seat = state.to_act
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
        g.action(state.history[-1], thinking_time=0.0)
        total += 1
    g.finish(state.result())
    g.feedback(seat=0, rating=3, text=f"process {index} game {k}")
print("done", total, flush=True)
"""


def record_concurrently(url: str, go: Path, processes: int, games: int) -> int:
    """Start the processes, release them together; returns the actions they recorded."""
    children = [subprocess.Popen([sys.executable, "-c", CHILD, url, str(go), str(i),
                                  str(games)], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True)
                for i in range(processes)]
    try:
        for child in children:
            assert child.stdout.readline().strip() == "ready"
        go.touch()
        total = 0
        for i, child in enumerate(children):
            out, err = child.communicate(timeout=600)
            assert child.returncode == 0, f"process {i} failed:\n{err}"
            assert "locked" not in err
            total += int(out.split()[-1])
        return total
    finally:
        for child in children:
            if child.poll() is None:
                child.kill()
                child.wait()


def check_no_row_lost(url: str, processes: int, games: int, actions: int) -> None:
    with Recorder(url) as rec:
        tables = load(rec, events=False)
        assert len(tables.games) == processes * games
        assert tables.games["finished"].all()
        assert len(tables.actions) == actions
        assert len(tables.feedback) == processes * games
        assert tables.games["session"].nunique() == processes
        for game_id, grp in tables.actions.groupby("game_id"):
            assert list(grp["seq"]) == list(range(len(grp)))
            seed = tables.games.set_index("game_id").loc[game_id, "seed"]
            assert rec.replay(game_id).snapshot() == kit.replay(
                "hanabi", 2, int(seed), actions=list(grp["action"])).snapshot()


def test_twenty_processes_record_into_one_new_sqlite_file_and_lose_nothing(tmp_path):
    url = f"sqlite:///{tmp_path / 'shared.sqlite'}"  # created by the racing processes
    actions = record_concurrently(url, tmp_path / "go", processes=20, games=2)
    assert actions > 20 * 2 * 10
    check_no_row_lost(url, processes=20, games=2, actions=actions)
