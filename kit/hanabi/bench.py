"""``python -m kit bench hanabi``: random-play and bot games per second, one core.

Random play mirrors how DeepMind's Hanabi Learning Environment is timed through
its Python binding: list the legal moves, apply a random one, until the end.
"""

from __future__ import annotations

import random
import statistics
import time

import kit
from kit.bench import bench_search, bot_games, print_rate, rate
from kit.bots import make_bot


def random_games(players: int):
    def play_one(seed: int) -> kit.GameState:
        state = kit.new_game("hanabi", players, seed)
        rng = random.Random(seed)
        while not state.over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        return state

    return play_one


def move_times(bot: str, players: int, games: int = 50) -> list[float]:
    """Seconds each ``choose`` of ``bot`` took over seeded games (what a board waits)."""
    times = []
    clock = time.perf_counter
    for seed in range(games):
        state = kit.new_game("hanabi", players, seed)
        bots = [make_bot("hanabi", bot) for _ in range(players)]
        rng = random.Random(seed)
        while not state.over:
            seat = state.to_act
            assert seat is not None  # the game is not over
            view, legal = state.view(seat), state.legal_actions()
            start = clock()
            action = bots[seat].choose(view, legal, rng)
            times.append(clock() - start)
            state.apply(action)
    return times


def main(players: list[int] | None, seconds: float) -> None:
    for n in players or [2, 3, 4, 5]:
        print_rate(f"hanabi {n}p random play", rate(random_games(n), seconds))
    for bot in ("rule", "convention", "info"):
        for n in players or [2, 3, 4, 5]:
            print_rate(f"hanabi {n}p {bot}-bot full games",
                       rate(bot_games("hanabi", n, bot), seconds))
    for bot in ("rule", "convention", "info"):
        for n in players or [3]:
            times = sorted(move_times(bot, n))
            print(f"{f'hanabi {n}p {bot}-bot time per move':<48} median "
                  f"{statistics.median(times) * 1e6:6.0f} us, p95 "
                  f"{times[int(0.95 * len(times))] * 1e6:6.0f} us", flush=True)
    bench_search("hanabi", players or [2])
