"""Tables across devices (DESIGN.md, "Boards": one game, one page per seat on each
player's device) on the recording store, the single source of truth.

    from kit.record.tables import TableStore
    store = TableStore("sqlite:///playtests.sqlite")
    made = store.create("hanabi", players=3, seats=["human", "human", "bot:rule"])
    token = store.take_seat(made.code, 0, name="Ann")        # the seat link's token
    store.seat_of(made.code, token)                          # -> 0 (a reload, a phone)
    store.append(made.game_id, 0, action)                    # first write wins

- A table is a row of ``kit_tables`` (a 6-character code, the recorded game's id, the
  seats as people or bots, the language, the SHA-256 of the host's key and of the
  teacher's key when the host asked for one, a version counted up at every change of its
  seats, and the bots' lease) and its seats' rows in ``kit_table_seats`` (the SHA-256 of
  the seat's token, the name typed, when its page last said it was there).
- Moves are the recorded game's ``actions`` rows, whose primary key is (game id, move
  number): the first write of a move number wins, and a move sent for a number already
  written is refused (:class:`StaleMove`); the page catches up and shows the game as it is.
  The recording of a table game is one game of the store, replayable like any other, with
  each seat's player (``human:Ann``, ``bot:rule``).
- Pages learn of new moves by asking for :meth:`TableStore.stamp` (the last move number
  and the table's version: one small query; on SQLite every ~50 ms), or on PostgreSQL by
  LISTEN/NOTIFY (:meth:`TableStore.listen`): a move's commit notifies channel
  ``kit_tables`` with the table's code, so several Voilà servers sharing one PostgreSQL
  run one table.
- The bots of a table move in exactly one page: the holder of the table's lease
  (:meth:`TableStore.lease`), which renews it; when its kernel dies, the lease runs out
  after :data:`LEASE_S` and another page of the table takes it.
- Presence: each seat's page calls :meth:`TableStore.heartbeat` while its browser tab
  says it is there (the page's pulse); a seat heard from within :data:`PRESENT_S` is
  connected; a tab that closes says so (:meth:`TableStore.leave`).
- A seat's link lost: the host gives the seat a new one (:meth:`TableStore.new_seat_link`);
  the old token stops working, the seat keeps its name and moves.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import sqlalchemy as sa

import kit
from kit.errors import ConfigError, IllegalAction
from kit.i18n import NC_
from kit.record import schema
from kit.record.errors import RecordError, WriteRefused
from kit.record.store import Recorder, Store, _action_json, _seat_of, safe_text

#: the letters of a table code: no 0/O, 1/I/L, that a person reads wrong from a projector
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
#: a bots' lease lasts this long unless renewed (s): a dead kernel's lease runs out
LEASE_S = 4.0
#: a seat whose page was heard from within this many seconds is connected
PRESENT_S = 8.0
#: the PostgreSQL channel a move's commit notifies (payload: the table's code)
CHANNEL = "kit_tables"

table_metadata = sa.MetaData()

kit_tables = sa.Table(
    "kit_tables", table_metadata,
    sa.Column("code", sa.String(CODE_LENGTH), primary_key=True),
    sa.Column("game_id", sa.Integer, nullable=False, unique=True),
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("lang", sa.String(8), nullable=False),
    sa.Column("pause", sa.Float, nullable=False),
    sa.Column("host_key", sa.String(64), nullable=False),
    sa.Column("teacher_key", sa.String(64), nullable=True),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("lease_owner", sa.String(64), nullable=True),
    sa.Column("lease_until", sa.DateTime(timezone=True), nullable=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)

kit_table_seats = sa.Table(
    "kit_table_seats", table_metadata,
    sa.Column("code", sa.String(CODE_LENGTH), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("kind", sa.String(40), nullable=False),  # human | bot:<name>
    sa.Column("name", sa.Text, nullable=True),
    sa.Column("token", sa.String(64), nullable=True),  # SHA-256 of the seat's token
    sa.Column("last_seen", sa.DateTime(timezone=True), nullable=True),
)


def _hash(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "replace")).hexdigest()


def _now() -> datetime:
    return datetime.now(UTC)


def _aware(t: datetime | None) -> datetime | None:
    """SQLite gives back naive datetimes: they were written in UTC."""
    return t.replace(tzinfo=UTC) if t is not None and t.tzinfo is None else t


class TableRefused(IllegalAction):
    """A table's refusal (a forged token, a seat taken, a table that does not exist),
    with a code for the page to say it in its language (kit.i18n.explain)."""

    def __init__(self, message: str, *, code: str, **params: Any) -> None:
        super().__init__("", message, code=code, **params)


class StaleMove(TableRefused):
    """A move sent for a move number another page wrote first."""


@dataclass(frozen=True)
class MadeTable:
    """A table just made: its code, its game's id, and the keys only the host gets."""

    code: str
    game_id: int
    host_key: str
    teacher_key: str | None


@dataclass(frozen=True)
class SeatInfo:
    """One seat of a table as every page may know it (never its token)."""

    seat: int
    kind: str
    name: str | None
    taken: bool
    present: bool


@dataclass(frozen=True)
class TableInfo:
    """A table as its pages read it."""

    code: str
    game_id: int
    game: str
    players: int
    seed: int
    options: dict
    lang: str
    pause: float
    version: int
    status: str
    seats: list[SeatInfo]
    has_teacher: bool

    @property
    def free(self) -> list[int]:
        """The people's seats nobody has taken yet."""
        return [s.seat for s in self.seats if s.kind == "human" and not s.taken]


class TableStore:
    """Tables on a recording store (SQLite or PostgreSQL; see the module's docstring)."""

    def __init__(self, source: Store | Recorder | str | None = None) -> None:
        self.recorder = source if isinstance(source, Recorder) else Recorder(
            source.url if isinstance(source, Store) else source)
        self.store: Store = self.recorder.store
        self.is_postgres = self.store.url.get_backend_name() == "postgresql"
        self.store.write(lambda conn: table_metadata.create_all(conn, checkfirst=True))

    # -- making and joining ---------------------------------------------------------------

    def create(self, game: str, players: int, seats: Sequence[str], *,
               options: dict | None = None, seed: int | None = None,
               names: Sequence[str | None] | None = None, lang: str = "ru",
               pause: float = 0.8, teacher: bool = False) -> MadeTable:
        """A new table of ``game``: ``seats`` are ``"human"`` or ``"bot:<name>"``;
        ``names`` the people's names known already (the host's, say); ``teacher``: make a
        teacher key too (a page with every hand open). Raises ConfigError for bad
        options or seats, before anything is written."""
        state = kit.new_game(game, players, seed, **(options or {}))
        seats = ["bot:rule" if s == "bot" else s for s in seats]
        bots = kit.spec(game).declaration()["bots"]
        if len(seats) != players or any(
                s != "human" and not (s.startswith("bot:") and s[4:] in bots) for s in seats):
            raise ConfigError("seats", f"{players} seats, each 'human' or one of the bots "
                                       f"{['bot:' + b for b in bots]}, not {list(seats)}",
                              code=NC_("error", "seat_kind"),
                              value=next((s for s in seats if s != "human"), seats))
        names = list(names or [None] * players)
        labels = [("human:" + safe_text(n or "")) if k == "human" else k
                  for k, n in zip(seats, names, strict=True)]
        record = self.recorder.start_game(state, seats=labels)
        game_id = record.id
        assert game_id is not None
        host_key = secrets.token_urlsafe(18)
        teacher_key = secrets.token_urlsafe(18) if teacher else None

        def insert(conn: sa.Connection) -> str:
            for _ in range(20):
                code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
                if conn.execute(sa.select(kit_tables.c.code).where(
                        kit_tables.c.code == code)).first() is None:
                    break
            conn.execute(sa.insert(kit_tables).values(
                code=code, game_id=game_id, game=game, lang=lang, pause=float(pause),
                host_key=_hash(host_key), version=0, created_at=_now(),
                teacher_key=_hash(teacher_key) if teacher_key else None))
            conn.execute(sa.insert(kit_table_seats), [
                {"code": code, "seat": p, "kind": k,
                 "name": safe_text(n)[:40] if n else None, "token": None, "last_seen": None}
                for p, (k, n) in enumerate(zip(seats, names, strict=True))])
            return code

        code = self.store.write(insert)
        return MadeTable(code, game_id, host_key, teacher_key)

    def info(self, code: str) -> TableInfo:
        """The table ``code`` (TableRefused: no such table)."""
        code = _clean_code(code)

        def read(conn: sa.Connection) -> tuple[Any, Any, list[Any]]:
            row = conn.execute(sa.select(kit_tables).where(kit_tables.c.code == code)).first()
            if row is None:
                return None, None, []
            game = conn.execute(sa.select(schema.games).where(
                schema.games.c.id == row.game_id)).first()
            seats = conn.execute(sa.select(kit_table_seats).where(
                kit_table_seats.c.code == code).order_by(kit_table_seats.c.seat)).all()
            return row, game, list(seats)

        row, game, seats = self.store.read(read)
        if row is None:
            raise TableRefused(f"there is no table {code!r}", code=NC_("error", "no_table"),
                               table=code)
        now = _now()
        return TableInfo(
            code=code, game_id=row.game_id, game=row.game, players=game.players,
            seed=game.seed, options=dict(game.options or {}), lang=row.lang,
            pause=row.pause, version=row.version, status=game.status,
            has_teacher=row.teacher_key is not None,
            seats=[SeatInfo(s.seat, s.kind, s.name, s.token is not None,
                            s.kind == "human" and s.last_seen is not None
                            and now - (_aware(s.last_seen) or now) < timedelta(
                                seconds=PRESENT_S)) for s in seats])

    def take_seat(self, code: str, seat: int, name: str | None = None) -> str:
        """Sit a person at free seat ``seat`` (``name`` optional); returns the seat's
        token, which the seat link carries. TableRefused if the seat is not free."""
        code = _clean_code(code)
        info = self.info(code)
        if not isinstance(seat, int) or not 0 <= seat < info.players:
            raise TableRefused(f"table {code} has no seat {seat!r}",
                               code=NC_("error", "no_such_seat"), seat_number=seat)
        token = secrets.token_urlsafe(24)
        name = safe_text(name or "").strip()[:40] or None
        s, g = kit_table_seats.c, schema.games.c

        def take(conn: sa.Connection) -> int:
            done = conn.execute(sa.update(kit_table_seats).where(
                s.code == code, s.seat == seat, s.kind == "human", s.token.is_(None)).values(
                token=_hash(token), last_seen=_now(),
                **({"name": name} if name else {}))).rowcount
            if done == 1:
                labels = list(conn.execute(sa.select(g.seats).where(
                    g.id == info.game_id)).scalar_one())
                kept = info.seats[seat].name
                labels[seat] = "human:" + (name or kept or "")
                conn.execute(sa.update(schema.games).where(g.id == info.game_id)
                             .values(seats=labels))
                self._bump(conn, code)
            return done

        if self.store.write(take) != 1:
            raise TableRefused(f"seat {seat + 1} of table {code} is taken, or a bot's",
                               code=NC_("error", "seat_taken"), seat=seat)
        return token

    def seat_of(self, code: str, token: str) -> int:
        """The seat whose token is ``token`` (TableRefused: a forged or old token)."""
        code = _clean_code(code)
        if not isinstance(token, str) or not token or len(token) > 100:
            raise TableRefused("no seat of this table has this link's key",
                               code=NC_("error", "bad_seat_token"))
        want = _hash(token)
        rows = self.store.read(lambda conn: conn.execute(sa.select(
            kit_table_seats.c.seat, kit_table_seats.c.token).where(
            kit_table_seats.c.code == code)).all())
        for seat, stored in rows:
            if stored is not None and hmac.compare_digest(stored, want):
                return int(seat)
        self.info(code)  # (no such table: says so)
        raise TableRefused("no seat of this table has this link's key",
                           code=NC_("error", "bad_seat_token"))

    def check_key(self, code: str, key: str, which: str = "host") -> None:
        """TableRefused unless ``key`` is the table's host (or teacher) key."""
        code = _clean_code(code)
        column = kit_tables.c.host_key if which == "host" else kit_tables.c.teacher_key
        stored = self.store.read(lambda conn: conn.execute(sa.select(column).where(
            kit_tables.c.code == code)).scalar())
        if not (isinstance(key, str) and stored and hmac.compare_digest(stored, _hash(key))):
            self.info(code)
            raise TableRefused(f"this link's key is not table {code}'s {which} key",
                               code=NC_("error", "bad_table_key"))

    def seat_bot(self, code: str, host_key: str, seat: int, bot: str = "rule") -> None:
        """The host gives a person's seat (one who left) to a bot; the seat's token is
        void from then on (its page says so)."""
        self.check_key(code, host_key)
        info = self.info(code)
        if bot not in kit.spec(info.game).declaration()["bots"]:
            raise ConfigError("bot", f"{info.game} has no bot {bot!r}",
                              code=NC_("error", "bot_unknown"), value=bot, game=info.game,
                              choices=", ".join(kit.spec(info.game).declaration()["bots"]))
        s, g = kit_table_seats.c, schema.games.c

        def give(conn: sa.Connection) -> None:
            conn.execute(sa.update(kit_table_seats).where(s.code == code, s.seat == seat)
                         .values(kind=f"bot:{bot}", token=None))
            labels = list(conn.execute(sa.select(g.seats).where(
                g.id == info.game_id)).scalar_one())
            labels[seat] = f"bot:{bot}"
            conn.execute(sa.update(schema.games).where(g.id == info.game_id)
                         .values(seats=labels))
            self._bump(conn, code)

        self.store.write(give)

    def new_seat_link(self, code: str, host_key: str, seat: int) -> str:
        """The host gives a person's taken seat a new token (its player lost the link, or
        it went to someone it should not have): returns it; the old one is refused from
        then on (its page says so), the seat keeps its name and moves. TableRefused
        unless ``seat`` is a person's seat somebody took."""
        self.check_key(code, host_key)
        code = _clean_code(code)
        refused = TableRefused(f"seat {seat!r} of table {code} is not a person's taken seat",
                               code=NC_("error", "seat_not_taken"),
                               seat_number=seat + 1 if isinstance(seat, int) else seat)
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise refused
        token = secrets.token_urlsafe(24)
        s = kit_table_seats.c

        def renew(conn: sa.Connection) -> int:
            # the one check: a person's seat somebody took (a seat out of range, a bot's or
            # a free one matches no row), made in the write itself against a race
            done = conn.execute(sa.update(kit_table_seats).where(
                s.code == code, s.seat == seat, s.kind == "human", s.token.is_not(None))
                .values(token=_hash(token), last_seen=None)).rowcount
            if done == 1:
                self._bump(conn, code)
            return done

        if self.store.write(renew) != 1:
            raise refused
        return token

    def _bump(self, conn: sa.Connection, code: str) -> None:
        conn.execute(sa.update(kit_tables).where(kit_tables.c.code == code).values(
            version=kit_tables.c.version + 1))
        self._notify(conn, code)

    def _notify(self, conn: sa.Connection, code: str) -> None:
        if self.is_postgres:
            conn.execute(sa.text("SELECT pg_notify(:channel, :code)"),
                         {"channel": CHANNEL, "code": code})

    # -- presence and the bots' lease -------------------------------------------------------

    def heartbeat(self, code: str, seat: int) -> None:
        """The page of ``seat`` is there (presence)."""
        self.store.write(lambda conn: conn.execute(sa.update(kit_table_seats).where(
            kit_table_seats.c.code == code, kit_table_seats.c.seat == seat).values(
            last_seen=_now())))

    def leave(self, code: str, seat: int) -> None:
        """The page of ``seat`` is gone (its tab closed): not connected from now on,
        until a page of the seat says it is there again."""
        self.store.write(lambda conn: conn.execute(sa.update(kit_table_seats).where(
            kit_table_seats.c.code == code, kit_table_seats.c.seat == seat).values(
            last_seen=None)))

    def lease(self, code: str, owner: str, seconds: float = LEASE_S) -> bool:
        """Take or renew the bots' lease of table ``code`` for ``owner`` (a page); True
        while ``owner`` holds it. Free, its own, or run out: taken."""
        t = kit_tables.c
        now = _now()
        until = now + timedelta(seconds=seconds)

        def take(conn: sa.Connection) -> int:
            row = conn.execute(sa.select(t.lease_owner, t.lease_until).where(
                t.code == code)).first()
            if row is None:
                return 0
            held = _aware(row.lease_until)
            if row.lease_owner not in (None, owner) and held is not None and held > now:
                return 0
            return conn.execute(sa.update(kit_tables).where(
                t.code == code, sa.or_(t.lease_owner.is_(None), t.lease_owner == row.lease_owner))
                .values(lease_owner=owner, lease_until=until)).rowcount

        return self.store.write(take) == 1

    def release(self, code: str, owner: str) -> None:
        """Give the lease back (a page closed): another page takes it at once."""
        t = kit_tables.c
        self.store.write(lambda conn: conn.execute(sa.update(kit_tables).where(
            t.code == code, t.lease_owner == owner).values(lease_owner=None,
                                                           lease_until=None)))

    # -- moves -----------------------------------------------------------------------------

    def stamp(self, code: str, game_id: int) -> tuple[int, int]:
        """(the number of moves written, the table's version): what a page compares to
        learn that something changed; one small query."""
        a = schema.actions.c

        def read(conn: sa.Connection) -> tuple[int, int]:
            row = conn.execute(sa.select(
                sa.select(sa.func.max(a.seq)).where(a.game_id == game_id).scalar_subquery(),
                kit_tables.c.version).where(kit_tables.c.code == code)).first()
            if row is None:
                return 0, 0
            return (-1 if row[0] is None else int(row[0])) + 1, int(row[1])

        return self.store.read(read)

    def moves(self, game_id: int, since: int = 0) -> list[dict]:
        """The moves of the game from number ``since`` on, in order (as ``history``)."""
        a = schema.actions.c
        return self.store.read(lambda conn: [r[0] for r in conn.execute(
            sa.select(a.action).where(a.game_id == game_id, a.seq >= since).order_by(a.seq))])

    def append(self, code: str, game_id: int, seq: int, action: Any,
               thinking: float | None = None, result: dict | None = None) -> None:
        """Write move ``seq``: the first write of a number wins; :class:`StaleMove` if
        that number was written already (another page moved first). ``result``: the
        move ended the game (written in the same transaction)."""
        data = _action_json(action)
        row = {"game_id": game_id, "seq": seq, "seat": _seat_of(data), "type": data["type"],
               "action": data, "at": _now(), "events": None,
               "thinking_time": None if thinking is None else float(thinking)}

        def insert(conn: sa.Connection) -> None:
            conn.execute(sa.insert(schema.actions).values(**row))
            if result is not None:
                conn.execute(sa.update(schema.games).where(schema.games.c.id == game_id)
                             .values(status="finished", ended_at=_now(),
                                     result=json.loads(json.dumps(result))))
            self._notify(conn, code)

        try:
            self.store.write(insert)
        except WriteRefused:
            raise StaleMove(f"move {seq + 1} of this table was made already, on another "
                            "page", code=NC_("error", "stale_move"), move=seq + 1) from None

    def feedback(self, game_id: int, seat: int | None, rating: int | None = None,
                 text: str = "", unclear_rule: str | None = None) -> int:
        """Post-game feedback of a seat on the table's game."""
        return self.recorder.feedback(game_id, seat=seat, rating=rating, text=text,
                                      unclear_rule=unclear_rule)

    # -- PostgreSQL: LISTEN/NOTIFY -----------------------------------------------------------

    def listen(self, wake: Callable[[str], None]) -> Callable[[], None] | None:
        """PostgreSQL: call ``wake(code)`` (from a thread) whenever a table's move or seat
        change commits; returns a function that stops listening. None on SQLite (pages
        ask :meth:`stamp` instead)."""
        if not self.is_postgres:
            return None
        import psycopg

        u = self.store.url
        conninfo = psycopg.conninfo.make_conninfo(
            host=u.host or "", port=u.port or 5432, user=u.username or "",
            password=u.password or "", dbname=u.database or "")
        stop = threading.Event()
        conn = psycopg.connect(conninfo, autocommit=True)
        conn.execute(f"LISTEN {CHANNEL}")

        def run() -> None:
            try:
                while not stop.is_set():
                    for note in conn.notifies(timeout=0.5):
                        wake(note.payload)
            except Exception:  # (the server gone: the pages fall back to asking)
                return
            finally:
                conn.close()

        threading.Thread(target=run, name="kit-tables-listen", daemon=True).start()
        return stop.set


def _clean_code(code: Any) -> str:
    """A table code as typed (any case, spaces) -> its stored form."""
    if not isinstance(code, str):
        raise TableRefused("a table code is 6 letters and digits", code=NC_("error", "no_table"),
                           table=str(code)[:20])
    text = code.strip().upper().replace(" ", "").replace("-", "")
    if len(text) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in text):
        raise TableRefused(f"there is no table {text[:20]!r}", code=NC_("error", "no_table"),
                           table=text[:20])
    return text


__all__ = ["CHANNEL", "LEASE_S", "PRESENT_S", "MadeTable", "RecordError", "SeatInfo",
           "StaleMove", "TableInfo", "TableRefused", "TableStore", "kit_table_seats",
           "kit_tables"]
