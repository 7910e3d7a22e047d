"""A simulation run that stops (issue 37, item 5): its workers die with it, a worker
killed is reported with what was recorded (no raw BrokenProcessPool), its session stays
incomplete and ``--resume`` plays only the missing seeds; ``load()`` leaves incomplete
runs out unless asked."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import sqlalchemy as sa

from kit.record import Recorder, load
from kit.simulate import SimulationError, simulate

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(),
                                reason="reads processes from /proc (Linux)")

GAMES = 1000  # (some 4 s with 2 workers: the run is stopped well before its end)


def children(pid: int) -> list[int]:
    """The live (not zombie) child processes of ``pid`` that are pool workers."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            cmd = (stat.parent / "cmdline").read_bytes()
        except (OSError, IndexError):
            continue
        if int(fields[1]) == pid and fields[0] != "Z" and b"resource_tracker" not in cmd:
            out.append(int(stat.parent.name))
    return out


def alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def recorded(db: Path) -> int:
    if not db.exists():
        return 0
    try:
        with sa.create_engine(f"sqlite:///{db}").connect() as conn:
            return conn.execute(sa.text("SELECT count(*) FROM games")).scalar()
    except sa.exc.DBAPIError:
        return 0


def start_run(db: Path) -> tuple[subprocess.Popen, list[int]]:
    """``python -m kit simulate`` with 2 workers, once both run and a game is recorded."""
    proc = subprocess.Popen([sys.executable, "-m", "kit", "simulate", "hanabi", "--players",
                             "2", "--games", str(GAMES), "--workers", "2", "--db", str(db)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        workers = children(proc.pid)
        if len(workers) == 2 and recorded(db) > 0:
            return proc, workers
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.05)
    proc.kill()
    pytest.fail("the run did not start two workers and record a game within 60 s")


def seeds_and_sessions(db: Path) -> tuple[list[int], list[tuple]]:
    with sa.create_engine(f"sqlite:///{db}").connect() as conn:
        seeds = conn.execute(sa.text("SELECT seed FROM games ORDER BY seed")).scalars().all()
        sessions = conn.execute(sa.text("SELECT id, complete FROM sessions")).all()
    return list(seeds), [tuple(s) for s in sessions]


def test_the_workers_of_a_killed_run_die_with_it(tmp_path):
    db = tmp_path / "sims.sqlite"
    proc, workers = start_run(db)
    os.kill(proc.pid, signal.SIGKILL)
    proc.communicate(timeout=30)
    deadline = time.monotonic() + 10
    while any(alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(alive(w) for w in workers), "a worker outlived its run"
    seeds, sessions = seeds_and_sessions(db)
    assert 0 < len(seeds) < GAMES and len(set(seeds)) == len(seeds)
    assert sessions == [(1, False)]  # the run is marked incomplete


def test_a_worker_killed_says_what_was_recorded_and_the_run_resumes(tmp_path):
    db = tmp_path / "sims.sqlite"
    proc, workers = start_run(db)
    os.kill(workers[0], signal.SIGKILL)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 2
    assert "Traceback" not in err and "BrokenProcessPool" not in err
    assert "session 1" in err and "a worker process died" in err
    n = recorded(db)
    assert f"{n} of its {GAMES} games are recorded" in err and "--resume 1" in err
    assert not any(alive(w) for w in workers)

    done = subprocess.run([sys.executable, "-m", "kit", "simulate", "hanabi", "--players", "2",
                           "--workers", "2", "--db", str(db), "--resume", "1"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert f"recorded {GAMES - n} hanabi games" in done.stdout  # only the missing seeds
    seeds, sessions = seeds_and_sessions(db)
    assert seeds == list(range(GAMES)) and sessions == [(1, True)]


def test_resume_refuses_another_game_or_a_session_that_is_not_a_run(tmp_path):
    db = tmp_path / "s.sqlite"
    simulate("hanabi", 2, 2, db=db, progress=False)
    with Recorder(db) as rec:
        rec.session(label="Tuesday club")
    for args, why in ((["pug_party", "--players", "2", "--resume", "1"], "game 'hanabi'"),
                      (["hanabi", "--players", "3", "--resume", "1"], "players 2"),
                      (["hanabi", "--players", "2", "--resume", "2"], "not a simulation run"),
                      (["hanabi", "--players", "2", "--resume", "9"], "no recorded session 9")):
        done = subprocess.run([sys.executable, "-m", "kit", "simulate", *args, "--db", str(db)],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 2 and why in done.stderr, (args, done.stderr)


def test_a_failing_game_stops_the_run_and_load_leaves_the_run_out(tmp_path, monkeypatch):
    from kit.hanabi.bots import RuleBot

    db = tmp_path / "s.sqlite"
    simulate("hanabi", 2, 3, db=db, progress=False)  # a complete run
    calls = {"n": 0}
    choose = RuleBot.choose

    def breaks_later(self, view, legal, rng):
        calls["n"] += 1
        if calls["n"] > 200:
            raise RuntimeError("bot broke")
        return choose(self, view, legal, rng)

    monkeypatch.setattr(RuleBot, "choose", breaks_later)
    with pytest.raises(SimulationError, match=r"session 2 .*stopped: hanabi seed 1\d\d .*bot "
                                              r"broke.*of its 5 games are recorded.*--resume 2"):
        simulate("hanabi", 2, 5, db=db, seed=100, progress=False)
    tables = load(db, "hanabi", events=False)
    assert set(tables.games["session_id"]) == {1} and len(tables.games) == 3
    with Recorder(db) as rec:
        assert (rec.get_session(1).complete, rec.get_session(2).complete) == (True, False)
        stopped_run = len(rec.game_ids("hanabi")) - 3
    assert stopped_run > 0
    everything = load(db, "hanabi", events=False, include_incomplete=True)
    assert len(everything.games) == 3 + stopped_run
    assert set(everything.games["session_id"]) == {1, 2}
