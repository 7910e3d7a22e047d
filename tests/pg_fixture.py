"""A real PostgreSQL server for the recording tests (no mock).

``pg_server`` starts one server per test session: ``initdb`` + ``pg_ctl`` into a
temporary folder (as the ``postgres`` user via ``runuser`` when the tests run as
root), listening on a free loopback port; it is stopped and removed at the end.
``pg_url`` gives each test a new, empty database on it.

Without PostgreSQL's binaries the tests are skipped, except in CI (``CI=true``),
where a missing server fails them: ``scripts/setup.sh --test`` installs Debian's
``postgresql``.

Use: ``from pg_fixture import pg_server, pg_url  # noqa: F401`` in a test module.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

_counter = itertools.count()


def _unavailable(reason: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"PostgreSQL is required in CI: {reason}")
    pytest.skip(reason)


def find_bindir() -> Path | None:
    """The folder of initdb/pg_ctl: Debian's newest /usr/lib/postgresql/N/bin, or PATH."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(Path(p).parent.parent.name)
                   if Path(p).parent.parent.name.isdigit() else 0)
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def pg_server() -> Iterator[dict]:
    """A running PostgreSQL server: {"host", "port", "user", "bindir"}."""
    bindir = find_bindir()
    if bindir is None or not (bindir / "pg_ctl").exists():
        _unavailable("PostgreSQL's initdb/pg_ctl are not installed "
                     "(Debian: apt-get install postgresql)")
    as_user: list[str] = []
    tmp = Path(tempfile.mkdtemp(prefix="kit-pg-"))
    if os.geteuid() == 0:
        try:
            pw = pwd.getpwnam("postgres")
        except KeyError:
            shutil.rmtree(tmp, ignore_errors=True)
            _unavailable("there is no 'postgres' user to run the server as")
        if shutil.which("runuser") is None:
            shutil.rmtree(tmp, ignore_errors=True)
            _unavailable("runuser is missing")
        os.chown(tmp, pw.pw_uid, pw.pw_gid)
        as_user = ["runuser", "-u", "postgres", "--"]
    data, log = tmp / "data", tmp / "server.log"
    port = free_port()

    def run(*args: str) -> None:
        done = subprocess.run([*as_user, *args], capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            tail = log.read_text()[-2000:] if log.exists() else ""
            raise RuntimeError(f"{' '.join(args)} failed ({done.returncode}):\n"
                               f"{done.stdout}\n{done.stderr}\n{tail}")

    try:
        run(str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres",
            "-E", "UTF8", "--no-sync")
        run(str(bindir / "pg_ctl"), "-D", str(data), "-l", str(log), "-w", "-t", "60", "-o",
            f"-p {port} -k {tmp} -c listen_addresses=127.0.0.1 -c fsync=off "
            f"-c max_connections=100", "start")
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    try:
        yield {"host": "127.0.0.1", "port": port, "user": "postgres", "bindir": str(bindir)}
    finally:
        subprocess.run([*as_user, str(bindir / "pg_ctl"), "-D", str(data), "-m", "fast", "-w",
                        "stop"], capture_output=True, timeout=120)
        shutil.rmtree(tmp, ignore_errors=True)


@pytest.fixture
def pg_url(pg_server: dict) -> str:
    """The SQLAlchemy URL of a new, empty database on the test server."""
    import psycopg

    name = f"kit_test_{os.getpid()}_{next(_counter)}"
    with psycopg.connect(host=pg_server["host"], port=pg_server["port"],
                         user=pg_server["user"], dbname="postgres", autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return (f"postgresql+psycopg://{pg_server['user']}@{pg_server['host']}:"
            f"{pg_server['port']}/{name}")
