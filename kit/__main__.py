"""Command line: ``python -m kit bench GAME``, ``python -m kit stats GAME``."""

from __future__ import annotations

import argparse
import importlib
import json
import sys

import kit
from kit import bench


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kit", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("bench", help="games per second of a game's engine and bots")
    b.add_argument("target", help="a game name")
    b.add_argument("--players", type=int, nargs="*", help="seat counts (default: the game's)")
    b.add_argument("--seconds", type=float, default=3.0, help="time per figure")
    s = sub.add_parser("stats", help="statistics of seeded rule-bot games (closing notes)")
    s.add_argument("game")
    s.add_argument("--players", type=int, required=True)
    s.add_argument("--games", type=int, default=1000)
    s.add_argument("--bots", default="rule")
    args = parser.parse_args(argv)

    if args.command == "bench":
        module = _game_module(args.target, "bench")
        if module is not None and hasattr(module, "main"):
            module.main(args.players, args.seconds)
        else:
            spec = kit.spec(args.target)
            players = args.players or list(range(spec.min_players, spec.max_players + 1))
            bench.bench_game(args.target, players, args.seconds)
        return 0
    if args.command == "stats":
        module = _game_module(args.game, "stats")
        if module is None:
            print(f"no statistics for {args.game}", file=sys.stderr)
            return 2
        out = module.summarize(games=args.games, players=args.players, bots=args.bots)
        print(json.dumps(out, indent=2, ensure_ascii=False))
        return 0
    return 2


def _game_module(game: str, part: str):
    kit.spec(game)  # a clear error for an unknown game
    try:
        return importlib.import_module(f"kit.{game}.{part}")
    except ModuleNotFoundError as exc:
        if exc.name != f"kit.{game}.{part}":
            raise
        return None


if __name__ == "__main__":
    sys.exit(main())
