"""Batch simulation: many bot games, in parallel processes, recorded like any other game.

    python -m kit simulate hanabi --players 3 --games 1000 --bots rule \\
        --option keep_score_on_loss=true --workers 2 --db sqlite:///sims.sqlite

    from kit.simulate import simulate
    run = simulate("hanabi", players=3, games=1000, bots="rule", workers=2,
                   options={"keep_score_on_loss": True}, db="sims.sqlite")
    run.load().games            # the recorded games as a DataFrame

Game ``k`` of a run uses seed ``seed + k`` for the deal and a bot generator seeded
from it, so a run is the same game for game whatever the number of workers. Each
game goes through :class:`kit.record.Recorder`, buffered: a chunk of up to 20 games,
each with all its actions, their events and the bots' thinking times, is written in
one transaction.

A run is a session whose ``complete`` flag is set once every game is recorded. A run
that was stopped (killed, a worker died) leaves it unset and can be finished with
``python -m kit simulate GAME --players N --resume SESSION`` (:func:`resume`), which
plays only the seeds not yet recorded. Workers die with the process that started them.
"""

from __future__ import annotations

import contextlib
import json
import math
import multiprocessing
import os
import random
import signal
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlalchemy as sa

import kit
from kit import paths
from kit.bots import make_bot
from kit.datafile import folder_digest
from kit.errors import NC_, ConfigError
from kit.record import schema
from kit.record.store import GameRecord, Recorder, SessionRecord, resolve_url, write_buffered


class SimulationError(RuntimeError):
    """A simulated game failed, or the run stopped (a worker died); the message names the
    game and seed to replay, or what the run recorded and how to resume it."""


@dataclass
class SimulationResult:
    """What a run did: where it recorded, which games, how fast."""

    game: str
    players: int
    bots: list[str]
    options: dict
    url: str
    session_id: int
    #: the seeds this call played (a resumed run: only the missing ones)
    seeds: Sequence[int]
    game_ids: list[int] = field(repr=False)
    seconds: float
    workers: int

    @property
    def games(self) -> int:
        return len(self.game_ids)

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else math.inf

    def load(self, events: bool = True):
        """This run's games as a :class:`kit.record.Recording` (other games filtered out)."""
        from kit.record.loading import load

        rec = load(self.url, self.game, events=events)
        ids = set(self.game_ids)
        for name in ("games", "seats", "actions", "events", "feedback"):
            df = getattr(rec, name)
            setattr(rec, name, df[df["game_id"].isin(ids)].reset_index(drop=True))
        return rec

    def summary(self) -> str:
        return (f"recorded {self.games} {self.game} games ({self.players} players, bots "
                f"{','.join(self.bots)}, options {self.options or 'defaults'}) into {self.url} "
                f"as session {self.session_id} in {self.seconds:.1f} s: "
                f"{self.games_per_s:.0f} games/s with {self.workers} worker(s)")


def seat_bots(game: str, players: int, bots: str | Sequence[str]) -> list[str]:
    """One bot name per seat: one name for every seat, or exactly one per seat."""
    names = [b.strip() for b in bots.split(",")] if isinstance(bots, str) else list(bots)
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise ConfigError("bots", f"name one bot for every seat or one per seat "
                                  f"({players}), not {len(names)}: {names}",
                          code=NC_("error", "bots_per_seat"), n=players)
    for name in set(names):
        make_bot(game, name)  # a ConfigError naming the allowed bots
    return names


def simulate(game: str, players: int, games: int, bots: str | Sequence[str] = "rule",
             options: dict[str, Any] | None = None, *, workers: int = 1,
             db: str | Path | None = None, seed: int = 0, progress: str | bool = "auto",
             label: str | None = None) -> SimulationResult:
    """Play ``games`` bot games of ``game`` and record them into ``db`` (None: the default
    store) as one session, marked complete at the end. ``progress``: ``"auto"`` (a widget
    bar in a notebook, text elsewhere), ``"text"``, or False. Options, seeds and the
    store are checked before anything runs."""
    options = dict(options or {})
    names = check_run(game, players, games, bots, options, seed)
    url = _check_workers(workers, db)
    recorder = Recorder(url)
    try:
        params = {"game": game, "players": players, "bots": names, "options": options,
                  "games": games, "seed": seed, "workers": workers,
                  "data": {"folder": str(paths.DATA_DIR), "sha256": folder_digest()}}
        session = recorder.session(
            label=label or f"simulate {game} {players}p {','.join(names)} "
                           f"{json.dumps(options, sort_keys=True) if options else 'defaults'}",
            facilitator=FACILITATOR, notes=json.dumps(params, sort_keys=True),
            complete=False)
        return _run(recorder, url, session, params, range(seed, seed + games), workers,
                    progress)
    finally:
        recorder.close()


def check_games(games: Any) -> int:
    """A number of games to play: a whole number, at least 1."""
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise ConfigError("games", f"a number of games >= 1, not {games!r}",
                          code=NC_("error", "at_least"), low=1, value=games)
    return games


def check_run(game: str, players: int, games: int, bots: str | Sequence[str],
              options: dict[str, Any], seed: int) -> list[str]:
    """Check a run before anything is recorded: game, seat count, options and seeds,
    the number of games, the bots (returned, one per seat), and the data files the
    options name, loaded and checked against the seat count here rather than in the
    worker processes (a ConfigError naming the file and entry)."""
    spec = kit.spec(game)
    spec.resolve(players, seed, options)  # ConfigError naming a bad option or seat count
    check_games(games)
    spec.resolve(players, seed + games - 1, options)  # (the last seed, too)
    names = seat_bots(game, players, bots)
    kit.new_game(game, players, seed, **options)  # (its data files, as a worker reads them)
    return names


def resume(session_id: int, *, db: str | Path | None = None, workers: int = 1,
           progress: str | bool = "auto") -> SimulationResult:
    """Finish a run that stopped: play only the seeds of session ``session_id`` that are
    not recorded yet (no seed twice), then mark the session complete."""
    url = _check_workers(workers, db)
    recorder = Recorder(url)
    try:
        session = recorder.get_session(session_id)
        params = run_params(session)
        games, seed = params["games"], params["seed"]
        done = set(recorder.store.read(lambda conn: conn.execute(
            sa.select(schema.games.c.seed).where(schema.games.c.session_id == session_id,
                                                 schema.games.c.status == "finished")
        ).scalars().all()))
        missing = [s for s in range(seed, seed + games) if s not in done]
        if missing:  # (its data files still there and valid: checked here, not in a worker)
            kit.new_game(params["game"], params["players"], missing[0], **params["options"])
        return _run(recorder, url, session, {**params, "workers": workers}, missing, workers,
                    progress)
    finally:
        recorder.close()


#: the facilitator of a simulation run's session
FACILITATOR = "kit simulate"


def run_params(session: SessionRecord) -> dict:
    """What a simulation run's session set out to do: game, players, bots, options,
    games, seed (a ConfigError for a session that is not a run)."""
    try:
        params = json.loads(session.notes)
        if session.facilitator != FACILITATOR:
            raise ValueError
        return {k: params[k] for k in ("game", "players", "bots", "options", "games", "seed")}
    except (ValueError, KeyError, TypeError):
        raise ConfigError("resume", f"session {session.id} is not a simulation run; "
                                    "there is nothing to resume",
                          code=NC_("error", "resume_not_sim"), session=session.id) from None


def _check_workers(workers: Any, db: str | Path | None) -> sa.URL:
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise ConfigError("workers", f"a number of processes >= 1, not {workers!r}",
                          code=NC_("error", "at_least"), low=1, value=workers)
    url = resolve_url(db)
    if workers > 1 and url.get_backend_name() == "sqlite" and url.database in (
            None, "", ":memory:"):
        raise ConfigError("db", "an in-memory SQLite store can't be shared by workers; "
                                "name a file", code=NC_("error", "db_memory"))
    return url


def _run(recorder: Recorder, url: sa.URL, session: SessionRecord, params: dict,
         seeds: Sequence[int], workers: int, progress: str | bool) -> SimulationResult:
    """Play ``seeds`` into ``session``, then mark it complete (see :func:`simulate`)."""
    game, players, names = params["game"], params["players"], params["bots"]
    task = _Task(url.render_as_string(hide_password=False), session.id, game, players,
                 names, params["options"])
    start = time.perf_counter()
    desc = f"{game} {players}p"
    try:
        if workers == 1 or len(seeds) <= 1:
            ids = []
            with _bar(progress, len(seeds), desc) as bar:
                for chunk in _chunks(seeds, 1):
                    ids.extend(_play_chunk(recorder, task, chunk))
                    bar.update(len(chunk))
        else:
            recorder.store.engine.dispose()  # no open connection crosses a fork
            ids = _run_parallel(task, seeds, workers, progress, desc)
    except BaseException as exc:
        stopped = _stopped_message(recorder, session, params, exc)
        if isinstance(exc, BrokenProcessPool | SimulationError):
            raise SimulationError(stopped) from exc
        with contextlib.suppress(Exception):  # (interrupted: say so, then stop)
            print(stopped, file=sys.stderr)
        raise
    seconds = time.perf_counter() - start
    recorder.complete_session(session)
    return SimulationResult(game, players, names, params["options"], recorder.url,
                            session.id, seeds, sorted(ids), seconds, workers)


def _stopped_message(recorder: Recorder, session: SessionRecord, params: dict,
                     exc: BaseException) -> str:
    """What a run that stopped recorded, and how to finish it."""
    try:
        recorded = recorder.store.read(lambda conn: conn.execute(
            sa.select(sa.func.count()).where(schema.games.c.session_id == session.id,
                                             schema.games.c.status == "finished")).scalar())
        what = f"{recorded} of its {params['games']} games are recorded"
    except Exception as read_exc:  # (the store itself may be what failed)
        what = f"what it recorded could not be read ({read_exc})"
    why = ("a worker process died (killed, or out of memory)"
           if isinstance(exc, BrokenProcessPool) else str(exc) or type(exc).__name__)
    return (f"simulation run (session {session.id} of {recorder.url}) stopped: {why}. "
            f"{what}, each seed at most once; the session is marked incomplete. "
            f"Play the missing ones with: python -m kit simulate {params['game']} "
            f"--players {params['players']} --db '{recorder.url}' --resume {session.id}")


@dataclass(frozen=True)
class _Task:
    url: str
    session_id: int
    game: str
    players: int
    bots: list[str]
    options: dict


def _play_recorded(recorder: Recorder, task: _Task, seed: int) -> GameRecord:
    """Play one seeded bot game; return its finished record, not yet written."""
    try:
        state = kit.new_game(task.game, task.players, seed, **task.options)
        bots = [make_bot(task.game, name) for name in task.bots]
        rng = random.Random(f"bots-{seed}")
        rec = recorder.start_game(state, [f"bot:{b}" for b in task.bots], task.session_id,
                                  buffered=True, check_start=False)
        bound = state.spec.max_length(state.players, state.options)
        clock = time.perf_counter
        while not state.over:
            seat = state.to_act
            assert seat is not None  # the game is not over
            legal = state.legal_actions()
            t0 = clock()
            action = bots[seat].choose(state.view(seat), legal, rng)
            thinking = clock() - t0
            events = state.apply(action)
            rec.action(state.history[-1], thinking, events=events)
            if len(state.history) > bound:
                raise SimulationError(f"longer than the declared bound of {bound} actions")
        rec.finish(state.result(), write=False)
    except Exception as exc:
        raise SimulationError(f"{task.game} seed {seed} ({task.players} players, bots "
                              f"{task.bots}, options {task.options}): "
                              f"{type(exc).__name__}: {exc}") from exc
    return rec


def _play_chunk(recorder: Recorder, task: _Task, seeds: list[int]) -> list[int]:
    """Play a chunk of games and write them in one transaction; return their ids.

    One commit per chunk rather than per game: with several workers on one SQLite
    file, each commit is a wait for the write lock. A worker killed mid-chunk loses
    only that chunk's games, which the run's seeds reproduce.
    """
    return write_buffered(recorder.store, [_play_recorded(recorder, task, s) for s in seeds])


# -- parallel workers ---------------------------------------------------------------------

_WORKER_RECORDER: dict[str, Recorder] = {}


def _die_with(parent: int) -> None:
    """A worker's initializer: it dies with the process that started it (a run killed
    left its workers running, holding the store open). Linux: the kernel sends SIGKILL
    when the parent ends; elsewhere a thread checks once a second."""
    if sys.platform.startswith("linux"):
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
    else:
        def watch() -> None:
            while os.getppid() == parent:
                time.sleep(1.0)
            os._exit(1)

        threading.Thread(target=watch, daemon=True).start()
    if os.getppid() != parent:  # (it ended before the line above)
        os._exit(1)


def _worker_chunk(task: _Task, seeds: list[int]) -> list[int]:
    rec = _WORKER_RECORDER.get(task.url)
    if rec is None:
        # (the run's starter checked the file's integrity: each worker need not read it all)
        rec = _WORKER_RECORDER[task.url] = Recorder(task.url, integrity_check=False)
    return _play_chunk(rec, task, seeds)


def _chunks(seeds: Sequence[int], workers: int) -> Iterator[list[int]]:
    size = max(1, min(20, math.ceil(len(seeds) / (workers * 8))))
    for i in range(0, len(seeds), size):
        yield list(seeds[i:i + size])


def start_method() -> str:
    """``fork`` (fast start) from a single-threaded process on Linux, else ``spawn``
    (a Jupyter kernel has threads, and forking a threaded process is unsafe)."""
    if sys.platform.startswith("linux") and threading.active_count() == 1:
        return "fork"
    return "spawn"


def _run_parallel(task: _Task, seeds: Sequence[int], workers: int, progress: str | bool,
                  desc: str) -> list[int]:
    ctx = multiprocessing.get_context(start_method())
    ids: list[int] = []
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_die_with,
                             initargs=(os.getpid(),)) as pool:
        # submit (and so start the workers) before the progress bar starts its thread
        pending = {pool.submit(_worker_chunk, task, chunk) for chunk in _chunks(seeds, workers)}
        try:
            with _bar(progress, len(seeds), desc) as bar:
                while pending:
                    done, pending = wait(pending, return_when=FIRST_COMPLETED)
                    for fut in done:
                        got = fut.result()
                        ids.extend(got)
                        bar.update(len(got))
        except BaseException:
            for fut in pending:
                fut.cancel()
            raise
    return ids


class _NoBar:
    def update(self, n: int) -> None:
        pass


@contextlib.contextmanager
def _bar(progress: str | bool, total: int, desc: str) -> Iterator[Any]:
    if not progress or progress == "off":
        yield _NoBar()
        return
    if progress == "text":
        from tqdm import tqdm
    else:
        from tqdm.auto import tqdm
    bar = tqdm(total=total, desc=desc, unit="game")
    try:
        yield bar
    finally:
        bar.close()


# -- command line and benchmark -------------------------------------------------------------


def parse_option(text: str) -> tuple[str, Any]:
    """``k=v`` with a JSON value (``true``, ``3``, ``"x"``) or else a plain string."""
    key, sep, raw = text.partition("=")
    if not sep or not key.strip():
        raise ConfigError("option", f"write options as name=value, not {text!r}",
                          code=NC_("error", "option_syntax"), value=text)
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        value = _BOOLS.get(raw.strip().lower(), raw)
    return key.strip(), value


#: yes/no option values as written on a command line (any case: README writes False)
_BOOLS = {"true": True, "false": False}


def parse_options(game: str, texts: Sequence[str]) -> dict[str, Any]:
    """``--option`` texts as ``game``'s options (:func:`parse_option`): a yes/no option
    takes true or false in any case, a text option (a file name) the text as written."""
    spec = kit.spec(game)
    out = {}
    for text in texts:
        key, value = parse_option(text)
        raw = text.partition("=")[2]
        kind = spec.options[key].value_type if key in spec.options else None
        if kind is bool and not isinstance(value, bool):
            raise ConfigError(key, f"write true or false, not {raw!r}",
                              code=NC_("error", "option_bool"), value=raw)
        out[key] = raw if kind is str and not isinstance(value, str) else value
    return out


def bench(seconds: float = 10.0, game: str = "hanabi", players: int = 3,
          bots: str = "rule") -> dict[int, float]:
    """``python -m kit bench simulate``: recorded games/s with 1 and 2 workers.

    Each run records into a new SQLite file and is timed from the call to its end
    (starting the worker processes included); the 1-worker run lasts about ``seconds``.
    """
    import os
    import resource

    def cpu_seconds() -> float:
        return sum(getattr(resource.getrusage(who), f) for who in (
            resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN) for f in ("ru_utime", "ru_stime"))

    rates: dict[int, float] = {}
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores "
          "(other processes skew the speed-up)", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        probe = simulate(game, players, 20, bots, db=Path(tmp, "probe.sqlite"),
                         progress=False, seed=10**6)
        games = max(100, int(probe.games_per_s * seconds))
        for workers in (1, 2):
            cpu = cpu_seconds()
            run = simulate(game, players, games, bots, workers=workers,
                           db=Path(tmp, f"w{workers}.sqlite"), progress=False)
            cpu = cpu_seconds() - cpu
            rates[workers] = run.games_per_s
            print(f"simulate {game} {players}p {bots}-bots, {games} recorded games, "
                  f"{workers} worker(s): {run.games_per_s:8.0f} games/s "
                  f"({run.seconds:.1f} s wall, {cpu:.1f} s CPU)", flush=True)
    print(f"speed-up with 2 workers: {rates[2] / rates[1]:.2f}x", flush=True)
    return rates
