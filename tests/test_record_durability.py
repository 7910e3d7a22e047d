"""A recording process killed with SIGKILL mid-game loses no completed action, and the
game resumes from the store to the identical state (kit.replay from seed + actions)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys

import pytest

import kit
from kit.bots import make_bot
from kit.record import Recorder, load

#: records one rule-bot game action by action, printing each seq once it is committed
CHILD = r"""
import random, sys
import kit
from kit.bots import make_bot
from kit.record import Recorder
url, game, players, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
rec = Recorder(url)
state = kit.new_game(game, players, seed)
bots = [make_bot(game, "rule") for _ in range(players)]
rng = random.Random(seed)
g = rec.start_game(state, seats=["bot:rule"] * players)
print("game", g.id, flush=True)
while not state.over:
    seat = state.to_act
    state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
    g.action(state.history[-1], thinking_time=0.0)
    print("recorded", len(state.history) - 1, flush=True)
g.finish(state.result())
print("finished", flush=True)
"""


def reference_game(game: str, players: int, seed: int) -> kit.GameState:
    """The game CHILD plays, played here without recording."""
    state = kit.new_game(game, players, seed)
    bots = [make_bot(game, "rule") for _ in range(players)]
    rng = random.Random(seed)
    while not state.over:
        seat = state.to_act
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
    return state


def kill_mid_game(url: str, game: str, players: int, seed: int, after: int) -> tuple[int, int]:
    """Run CHILD and SIGKILL it as soon as it reports action ``after`` committed.

    Returns (game id, last seq the child reported committed)."""
    child = subprocess.Popen([sys.executable, "-c", CHILD, url, game, str(players), str(seed)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    game_id, last = None, -1
    try:
        for line in child.stdout:
            word, _, value = line.partition(" ")
            if word == "game":
                game_id = int(value)
            elif word == "recorded":
                last = int(value)
                if last >= after:
                    os.kill(child.pid, signal.SIGKILL)
                    break
            elif word == "finished":
                break
    finally:
        child.wait(timeout=60)
        err = child.stderr.read()
        child.stdout.close()
        child.stderr.close()
    assert child.returncode == -signal.SIGKILL, f"the child was not killed mid-game: {err}"
    assert game_id is not None
    return game_id, last


def check_nothing_lost_and_resume(url: str, game: str, players: int, seed: int,
                                  after: int) -> None:
    reference = reference_game(game, players, seed)
    assert len(reference.history) > after + 5, "pick a longer game for this test"
    game_id, last = kill_mid_game(url, game, players, seed, after)
    with Recorder(url) as rec:
        actions = load(rec, game, events=False).actions
        stored = [dict(a) for a in actions[actions["game_id"] == game_id]["action"]]
        # every action the child saw committed is there, and nothing else but the
        # reference game's next actions
        assert len(stored) >= last + 1
        assert stored == reference.history[:len(stored)]
        state, g = rec.resume(game_id)
        prefix = kit.replay(game, players, seed, actions=reference.history[:len(stored)],
                            **reference.options)
        assert state.snapshot() == prefix.snapshot()
        for action in reference.history[len(stored):]:
            state.apply(action)
            g.action(state.history[-1])
        g.finish(state.result())
        assert rec.replay(game_id).snapshot() == reference.snapshot()


@pytest.mark.parametrize("game", kit.available())
def test_sigkill_mid_game_loses_no_committed_action_and_game_resumes(tmp_path, game):
    spec = kit.spec(game)
    players = min(3, spec.max_players)
    check_nothing_lost_and_resume(f"sqlite:///{tmp_path / 'store.sqlite'}", game, players,
                                  seed=21, after=12)
