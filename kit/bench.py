"""Benchmarks: ``python -m kit bench GAME`` (figures for closing notes, never tests)."""

from __future__ import annotations

import random
import statistics
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


def move_times(game: str, bot: str, players: int, games: int = 3,
               others: str = "rule") -> list[float]:
    """Seconds each ``choose`` of ``bot`` in seat 0 took against ``others`` over seeded
    games, at its decisions (two or more legal actions; a forced move takes no time):
    what a board waits for a bot."""
    times = []
    clock = time.perf_counter
    for seed in range(games):
        state = kit.new_game(game, players, seed)
        bots = [make_bot(game, bot)] + [make_bot(game, others) for _ in range(players - 1)]
        rng = random.Random(seed)
        while not state.over:
            seat = state.to_act
            assert seat is not None  # the game is not over
            view, legal = state.view(seat), state.legal_actions()
            start = clock()
            action = bots[seat].choose(view, legal, rng)
            if seat == 0 and len(legal) > 1:
                times.append(clock() - start)
            state.apply(action)
    return times


def print_move_times(label: str, times: list[float]) -> None:
    """A median / p95 / max line of per-move times."""
    times = sorted(times)
    print(f"{label:<48} median {statistics.median(times) * 1e3:7.1f} ms, p95 "
          f"{times[int(0.95 * (len(times) - 1))] * 1e3:7.1f} ms, max {times[-1] * 1e3:7.1f} ms "
          f"({len(times)} decisions)", flush=True)


def bench_search(game: str, players: list[int]) -> None:
    """The search bot's time per move in the apps (seat 0 against rule bots)."""
    for n in players:
        print_move_times(f"{game} {n}p search-bot time per move",
                         move_times(game, "search", n))


def bench_game(game: str, players: list[int], seconds: float) -> None:
    """Default benchmark: full rule-bot games per second; the search bot's time per move."""
    for n in players:
        print_rate(f"{game} {n}p rule-bot full games", rate(bot_games(game, n), seconds))
    bench_search(game, players)
