"""``python -m kit bench hanabi``: random-play and bot games per second, one core.

Random play mirrors how DeepMind's Hanabi Learning Environment is timed through
its Python binding: list the legal moves, apply a random one, until the end.
"""

from __future__ import annotations

import random
import statistics

import kit
from kit.bench import bench_search, bot_games, move_times, print_rate, rate


def random_games(players: int):
    def play_one(seed: int) -> kit.GameState:
        state = kit.new_game("hanabi", players, seed)
        rng = random.Random(seed)
        while not state.over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        return state

    return play_one


def main(players: list[int] | None, seconds: float) -> None:
    for n in players or [2, 3, 4, 5]:
        print_rate(f"hanabi {n}p random play", rate(random_games(n), seconds))
    for bot in ("rule", "convention", "info"):
        for n in players or [2, 3, 4, 5]:
            print_rate(f"hanabi {n}p {bot}-bot full games",
                       rate(bot_games("hanabi", n, bot), seconds))
    for bot in ("rule", "convention", "info"):
        for n in players or [3]:
            times = sorted(move_times("hanabi", bot, n, games=50, others=bot))
            print(f"{f'hanabi {n}p {bot}-bot time per move':<48} median "
                  f"{statistics.median(times) * 1e6:6.0f} us, p95 "
                  f"{times[int(0.95 * len(times))] * 1e6:6.0f} us", flush=True)
    bench_search("hanabi", players or [2])
