"""``python -m kit bench analysis``: reading a large store (issue 42's targets).

For each store: ``load(url, "hanabi").games`` (the games table), the same with turns
(which reads every action), and :func:`kit.record.analysis.figures` (every figure of the
analysis notebook), each in a fresh Python process of its own, so that its peak memory
(maximum resident set, imports included) is its own; pandas is imported before the
clock starts, as in a notebook.

Stores are made by simulation (``kit.simulate``, rule bots, 3 players, half with the
defaults and half with ``variant=six_colours``) once, into ``--dir`` (default
``/tmp/kit-analysis-bench``), and reused; ``--db`` measures given stores instead (a
PostgreSQL one filled with ``--fill N`` (simulated) or ``--copy-from`` a simulated
SQLite store (its rows copied with COPY: the same games on both backends)).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

GAME = "hanabi"
TARGETS = {"games": 5.0, "figures": 15.0}
PEAK_MB = 1024

#: what a measuring process runs (``{url}`` and ``{game}`` filled in)
STEPS = {
    "games": "rec = load({url!r}, {game!r}); n = len(rec.games)",
    "games+turns": "rec = load({url!r}, {game!r}, turns=True); n = len(rec.games)",
    "figures": "f = figures({url!r}, {game!r}); n = len(f.per_game)",
}

CHILD = """
import json, resource, time
import pandas  # as in any notebook that reads a store: its import is not the reading's
from kit.record import load
from kit.record.analysis import figures
start = time.perf_counter()
{step}
seconds = time.perf_counter() - start
print(json.dumps({{"seconds": seconds, "rows": n,
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}}))
"""


def fill(url: str, games: int, seed: int = 0) -> float:
    """Simulate ``games`` Hanabi games into ``url``: half defaults, half six colours."""
    from kit.simulate import simulate

    start = time.perf_counter()
    half = games // 2
    simulate(GAME, 3, half, "rule", db=url, seed=seed, label="bench a", progress="text")
    simulate(GAME, 3, games - half, "rule", {"variant": "six_colours"}, db=url, seed=seed,
             label="bench b", progress="text")
    return time.perf_counter() - start


def measure(url: str, step: str, game: str = GAME) -> dict:
    """Seconds, rows and peak memory of one step, in a fresh process."""
    code = CHILD.format(step=STEPS[step].format(url=url, game=game))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=os.environ.copy(), timeout=1800)
    if done.returncode != 0:
        raise RuntimeError(f"{step} on {url} failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m kit bench analysis", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, nargs="*", default=[10_000, 100_000],
                        help="store sizes to make (or reuse) in --dir")
    parser.add_argument("--dir", default="/tmp/kit-analysis-bench")
    parser.add_argument("--db", nargs="*", default=None,
                        help="measure these stores instead (URLs or SQLite files)")
    parser.add_argument("--fill", type=int, default=None,
                        help="with --db: first simulate this many games into each")
    parser.add_argument("--copy-from", default=None, metavar="SQLITE",
                        help="with --db: first copy this SQLite store into each (COPY; "
                             "PostgreSQL only)")
    parser.add_argument("--steps", nargs="*", default=list(STEPS), choices=list(STEPS))
    args = parser.parse_args(argv)

    stores = args.db or []
    if not stores:
        folder = Path(args.dir)
        folder.mkdir(parents=True, exist_ok=True)
        for n in args.games:
            path = folder / f"{GAME}-{n}.sqlite"
            if not path.exists():
                print(f"simulating {n} games into {path} (once; reused after)", flush=True)
                print(f"  {fill(str(path), n):.0f} s", flush=True)
            stores.append(f"sqlite:///{path}")
    elif args.fill:
        for url in stores:
            print(f"simulating {args.fill} games into {url}", flush=True)
            print(f"  {fill(url, args.fill):.0f} s", flush=True)
    elif args.copy_from:
        for url in stores:
            print(f"copying {args.copy_from} into {url}", flush=True)
            print(f"  {copy_to_postgresql(args.copy_from, url):.0f} s", flush=True)
    ok = True
    for url in stores:
        print(f"{url}", flush=True)
        for step in args.steps:
            got = measure(url, step)
            target = TARGETS.get(step)
            met = target is None or (got["seconds"] <= target and got["peak_mb"] <= PEAK_MB)
            ok &= met
            aim = f"(target <= {target:.0f} s, <= {PEAK_MB} MB)" if target else ""
            print(f"  {step:<12} {got['rows']:>8} rows {got['seconds']:7.2f} s "
                  f"peak {got['peak_mb']:6.0f} MB {aim}", flush=True)
    return 0 if ok else 1


def copy_to_postgresql(source: str, url: str, chunk: int = 50_000) -> float:
    """Copy a (simulated) SQLite store's rows into an empty PostgreSQL store with COPY,
    ids kept: the same games on both backends, without simulating them again."""
    import sqlalchemy as sa

    from kit.record import schema
    from kit.record.store import Store, open_store

    start = time.perf_counter()
    src, dst = open_store(source), Store(url)  # Store() creates the kit's tables
    names = ("sessions", "games", "actions", "feedback")
    with src.engine.connect() as read, dst.engine.begin() as write:
        driver = write.connection.driver_connection
        assert driver is not None  # (a checked-out connection has its driver's)
        cur = driver.cursor()
        for name in names:
            table = schema.metadata.tables[name]
            cols = [c.name for c in table.columns]
            # JSON read as text and written as text: PostgreSQL parses it once
            select = sa.select(*[sa.cast(c, sa.Text) if isinstance(c.type, sa.JSON) else c
                                 for c in table.columns]).order_by(*table.primary_key)
            with cur.copy(f"COPY {name} ({', '.join(cols)}) FROM STDIN") as copy:
                result = read.execution_options(stream_results=True).execute(select)
                for rows in result.partitions(chunk):
                    for row in rows:
                        copy.write_row(row)
            if "id" in cols:
                cur.execute(f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), "
                            f"coalesce(max(id), 1)) FROM {name}")
    write_engine = dst.engine
    with write_engine.connect() as conn:
        conn.execution_options(isolation_level="AUTOCOMMIT").execute(sa.text("ANALYZE"))
    return time.perf_counter() - start
