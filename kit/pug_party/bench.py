"""``python -m kit bench pug_party``: rule-bot full games per second (4 players by default)
and the search bot's time per move (2 players by default)."""

from __future__ import annotations

from kit import bench

DEFAULT_PLAYERS = [4]


def main(players: list[int] | None, seconds: float) -> None:
    """Print full rule-bot games per second for each seat count (default: 4 players)."""
    for n in players or DEFAULT_PLAYERS:
        bench.print_rate(f"pug_party {n}p rule-bot full games",
                         bench.rate(bench.bot_games("pug_party", n), seconds))
    bench.bench_search("pug_party", players or [2])
