"""Benchmarks: ``python -m kit bench GAME`` (figures for closing notes, never tests)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import kit
from kit.bots import make_bot, play_out


def rate(play_one: Callable[[int], object], seconds: float = 3.0, warmup: int = 3) -> float:
    """Games per second of ``play_one(seed)`` over about ``seconds`` on this core."""
    for seed in range(warmup):
        play_one(10**6 + seed)
    done, start = 0, time.perf_counter()
    while True:
        play_one(done)
        done += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def bot_games(game: str, players: int, bot: str = "rule", **options: object) -> Callable:
    """A ``play_one(seed)`` that plays a full game of ``bot``s."""
    bots = [make_bot(game, bot) for _ in range(players)]

    def play_one(seed: int) -> kit.GameState:
        state = kit.new_game(game, players, seed, **options)
        return play_out(state, bots, random.Random(seed))

    return play_one


def print_rate(label: str, games_per_s: float) -> None:
    print(f"{label:<48} {games_per_s:10.0f} games/s", flush=True)


def bench_game(game: str, players: list[int], seconds: float) -> None:
    """Default benchmark: full rule-bot games per second."""
    for n in players:
        print_rate(f"{game} {n}p rule-bot full games", rate(bot_games(game, n), seconds))
