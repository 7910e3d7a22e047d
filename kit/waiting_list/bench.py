"""``python -m kit bench waiting_list``: rule-bot full games (all 5 rounds) per second, and
the search bot's time per move (2 players by default).

The issue asks for 4 players; ``--players`` gives other seat counts.
"""

from __future__ import annotations

from kit.bench import bench_search, bot_games, print_rate, rate


def main(players: list[int] | None, seconds: float) -> None:
    for n in players or [4]:
        print_rate(f"waiting_list {n}p rule-bot full games (5 rounds)",
                   rate(bot_games("waiting_list", n), seconds))
    bench_search("waiting_list", players or [2])
