"""Command line: ``python -m kit bench GAME|simulate|analysis|boards|notebooks``,
``python -m kit stats GAME``, ``python -m kit simulate GAME``, ``python -m kit tournament GAME``,
``python -m kit export --db URL --to DIR``."""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from pathlib import Path

import kit
from kit import bench
from kit.errors import NC_

#: what ``python -m kit --help`` says first (plain text: no reST markup)
DESCRIPTION = (f"The kit's commands for its games ({', '.join(kit.GAMES)}): bench, stats, "
               "simulate, tournament, export. Run python -m kit COMMAND --help for each.")

#: the help of a command's game argument
GAME_HELP = f"the game: {', '.join(kit.GAMES)}"
WORKERS_HELP = "processes playing games in parallel (default 1)"
OPTION_HELP = ("a game option as name=value, repeatable: a JSON value (3, \"x\") or text; "
               "yes/no options take true or false (any case)")


def _players_help() -> str:
    """The help of ``--players``: each game's seat range."""
    ranges = []
    for game in kit.available():
        spec = kit.spec(game)
        ranges.append(f"{game} {spec.min_players}-{spec.max_players}")
    return f"the number of seats: {', '.join(ranges)}"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:2] == ["bench", "analysis"]:
        # stores of generated games, each figure measured in a process of its own
        return importlib.import_module("kit.record.bench").main(argv[2:])
    if argv[:2] in (["bench", "boards"], ["bench", "notebooks"], ["bench", "tables"]):
        return _bench_browser(argv[1], argv[2:])
    parser = argparse.ArgumentParser(prog="python -m kit", description=DESCRIPTION)
    players_help = _players_help()
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("bench", help="games per second of a game's engine and bots")
    b.add_argument("target", help=f"a game ({', '.join(kit.GAMES)}), or 'simulate' "
                                  "(recorded games/s, 1 and 2 "
                                  "workers), or 'boards' (Voilà + Chromium: click latency "
                                  "and page load; see python -m kit bench boards --help), "
                                  "'notebooks' (Voilà + Chromium: each tutorial's and "
                                  "lesson's time to interactive boards and bytes), "
                                  "'tables' (a move on one device to the others' DOM, "
                                  "SQLite and PostgreSQL), "
                                  "or 'analysis' (reading 10k/100k-game stores; see "
                                  "python -m kit bench analysis --help)")
    b.add_argument("--players", type=int, nargs="*", help="seat counts (default: the game's)")
    b.add_argument("--seconds", type=float, default=None,
                   help="time per figure (default 3; 10 for the 1-worker run of 'simulate')")
    s = sub.add_parser("stats", help="statistics of seeded bot games, with 95 %% intervals")
    s.add_argument("game", metavar="GAME", help=GAME_HELP)
    s.add_argument("--players", type=int, required=True, help=players_help)
    s.add_argument("--games", type=int, default=1000, help="how many games, at least 1 "
                                                           "(default 1000)")
    s.add_argument("--bots", default="rule", help="the one bot that plays every seat "
                                                  "(default rule)")
    s.add_argument("--option", action="append", default=[], metavar="K=V", help=OPTION_HELP)
    s.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    m = sub.add_parser("simulate", help="play and record many bot games (kit.simulate)")
    m.add_argument("game", metavar="GAME", help=GAME_HELP)
    m.add_argument("--players", type=int, required=True, help=players_help)
    m.add_argument("--games", type=int, default=None, help="how many games, at least 1 "
                                                           "(default 100)")
    m.add_argument("--bots", default="rule", help="one bot for every seat, or exactly one "
                                                  "per seat: rule,random,... (default rule)")
    m.add_argument("--option", action="append", default=[], metavar="K=V", help=OPTION_HELP)
    m.add_argument("--workers", type=int, default=1, help=WORKERS_HELP)
    m.add_argument("--db", default=None, help="SQLAlchemy URL or SQLite file (default: "
                                              "$KIT_RECORD_URL or ./playtests.sqlite)")
    m.add_argument("--seed", type=int, default=None, help="seed of the first game (default 0)")
    m.add_argument("--label", default=None, help="the session label")
    m.add_argument("--resume", type=int, default=None, metavar="SESSION",
                   help="finish a run that stopped: play only the seeds of its session "
                        "not recorded yet (its game, seats, bots and options)")
    x = sub.add_parser("export", help="write a recording store's tables as Parquet files")
    x.add_argument("--db", default=None, help="SQLAlchemy URL or SQLite file (default: "
                                              "$KIT_RECORD_URL or ./playtests.sqlite)")
    x.add_argument("--to", required=True, help="the folder to write games.parquet, "
                                               "seats, actions, events, feedback into")
    x.add_argument("--game", default=None, help="only this game's recordings")
    t = sub.add_parser("tournament", help="bots against each other, seat-rotated, with 95 %% "
                                          "intervals (kit.tournament)")
    t.add_argument("game", metavar="GAME", help=GAME_HELP)
    t.add_argument("--players", type=int, required=True, help=players_help)
    t.add_argument("--bots", required=True, help="a,b[,c]: 1 to PLAYERS bots, cycled over "
                                                 "the seats (a,b at 3 players: a,b,a)")
    t.add_argument("--games", type=int, default=100, help="deals, at least 1, each played "
                                                          "in every seat rotation "
                                                          "(default 100)")
    t.add_argument("--option", action="append", default=[], metavar="K=V", help=OPTION_HELP)
    t.add_argument("--workers", type=int, default=1, help=WORKERS_HELP)
    t.add_argument("--db", default=None, help="SQLAlchemy URL or SQLite file (default: "
                                              "$KIT_RECORD_URL or ./playtests.sqlite)")
    t.add_argument("--seed", type=int, default=0, help="seed of the first deal")
    args = parser.parse_args(argv)

    if args.command == "bench" and args.target == "simulate":
        from kit.simulate import bench as bench_simulate

        bench_simulate(args.seconds or 10.0, players=(args.players or [3])[0])
        return 0
    if args.command == "bench" and args.seconds is None:
        args.seconds = 3.0
    if args.command == "simulate":
        return _simulate(args)
    if args.command == "export":
        return _export(args)
    if args.command == "tournament":
        return _tournament(args)
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
        return _stats(args)
    return 2


def _stats(args: argparse.Namespace) -> int:
    """``python -m kit stats``: the game's figures as JSON, everything checked first."""
    from kit.bots import make_bot
    from kit.simulate import check_run, parse_options

    try:
        options = parse_options(args.game, args.option)
        module = _game_module(args.game, "stats")
        if module is None:
            print(f"kit stats: no statistics for {args.game}", file=sys.stderr)
            return 2
        make_bot(args.game, args.bots)  # (one bot for every seat)
        check_run(args.game, args.players, args.games, args.bots, options, args.seed)
        out = module.summarize(games=args.games, players=args.players, bots=args.bots,
                               seed=args.seed, **options)
    except kit.ConfigError as exc:
        print(f"kit stats: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(out, indent=2, ensure_ascii=False))
    return 0


def _simulate(args: argparse.Namespace) -> int:
    from kit.record import RecordError
    from kit.simulate import SimulationError, parse_options, resume, simulate

    try:
        options = parse_options(args.game, args.option)
        if args.resume is not None:
            _check_resumed(args, options)
            run = resume(args.resume, db=args.db, workers=args.workers, progress="text")
        else:
            run = simulate(args.game, args.players,
                           100 if args.games is None else args.games, args.bots, options,
                           workers=args.workers, db=args.db,
                           seed=0 if args.seed is None else args.seed, label=args.label,
                           progress="text")
    except (kit.ConfigError, RecordError, SimulationError) as exc:
        print(f"kit simulate: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # (what was recorded, and how to resume, is said already)
        return 130
    print(run.summary())
    return 0


def _bench_browser(target: str, argv: list[str]) -> int:
    """The boards and notebooks benchmarks (Voilà + Chromium): development tooling in the
    source tree's ``benchmarks/`` folder, run in place of this process (kit itself imports
    no board; signals such as a CI timeout's SIGTERM reach the benchmark itself)."""
    root = Path(__file__).resolve().parent.parent
    if not (root / "benchmarks" / f"{target}.py").exists():
        print(f"kit bench {target}: run it from the kit's source tree "
              f"(benchmarks/{target}.py)", file=sys.stderr)
        return 2
    path = os.pathsep.join(p for p in (str(root), os.environ.get("PYTHONPATH")) if p)
    os.execve(sys.executable, [sys.executable, "-m", f"benchmarks.{target}", *argv],
              {**os.environ, "PYTHONPATH": path})
    return 2  # (not reached)


def _export(args: argparse.Namespace) -> int:
    from kit.record import RecordError
    from kit.record.export import export

    try:
        written = export(args.db, args.to, args.game, progress=True)
    except (kit.ConfigError, RecordError, OSError) as exc:
        print(f"kit export: {exc}", file=sys.stderr)
        return 2
    print(", ".join(f"{n} {name}" for name, n in written.items()) + f" written to {args.to}")
    return 0


def _tournament(args: argparse.Namespace) -> int:
    from kit.record import RecordError
    from kit.simulate import SimulationError, parse_options
    from kit.tournament import tournament

    try:
        options = parse_options(args.game, args.option)
        result = tournament(args.game, args.players, args.bots, args.games, options,
                            workers=args.workers, db=args.db, seed=args.seed, progress="text")
    except (kit.ConfigError, RecordError, SimulationError) as exc:
        print(f"kit tournament: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # (what was recorded, and how to resume, is said already)
        return 130
    print(result.table())
    return 0


def _check_resumed(args: argparse.Namespace, options: dict) -> None:
    """The command line of ``--resume`` names the run it resumes: the same game and
    players (and bots, options, games, seed when given)."""
    from kit.record import Recorder
    from kit.simulate import run_params, seat_bots

    with Recorder(args.db) as rec:
        run = run_params(rec.get_session(args.resume))
    given = {"game": args.game, "players": args.players, "games": args.games,
             "seed": args.seed, "options": options or None,
             "bots": seat_bots(args.game, args.players, args.bots)
             if args.bots != "rule" else None}
    for key, value in given.items():
        if value is not None and value != run[key]:
            raise kit.ConfigError("resume", f"session {args.resume} is a run with {key} "
                                            f"{run[key]!r}, not {value!r}",
                                  code=NC_("error", "resume_mismatch"),
                                  session=args.resume, key=key, have=run[key], want=value)


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
