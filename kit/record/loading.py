"""Recordings as tidy pandas DataFrames: one row per game, seat, action, event, feedback.

    from kit.record import load
    rec = load("sqlite:///playtests.sqlite", game="hanabi")
    rec.games      # one row per game; options flattened into opt_<name> columns
    rec.seats      # one row per (game, seat): who sat there, place, score, won
    rec.actions    # one row per action: seq, seat, type, JSON, time, thinking time
    rec.events     # one row per event (stored, or replayed from seed + actions)
    rec.feedback   # one row per feedback form

Every frame carries ``game_id``, ``game``, ``option_set`` (a readable label of the
options that differ from the game's defaults, a data file named by its content:
``deck=deck.toml@1a2b3c4d5e6f``) and the ``opt_*`` columns, so frames can be grouped
by option set without a merge.

A frame is read from the store when it is first used, so ``load(url).games`` reads the
games table only (and counts actions through the actions table's key, without reading
its rows). Text columns that repeat (game, option set, bots, action type...) are pandas
categoricals. ``load`` options say what to read: ``game_ids`` (a sample), ``event_types``
(only these events), ``action_json=False`` (actions without their JSON), ``turns=True``
(the games' turn counts, which read every action's seat), ``events=False``.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson
import sqlalchemy as sa

import kit
from kit.datafile import file_label, recorded_files
from kit.errors import ConfigError
from kit.paths import data_path
from kit.record import schema
from kit.record.errors import ReplayDiverged
from kit.record.store import Recorder, Store, open_store, replay_recorded

if TYPE_CHECKING:
    import pandas as pd

Source = Store | Recorder | str | Path | sa.URL | None

#: columns of each frame that come before the per-game option columns
GAME_COLUMNS = ["game_id", "session_id", "session", "facilitator", "place", "game", "players",
                "seed", "seats", "humans", "bots", "status", "finished", "started_at",
                "ended_at", "duration_s", "duration_min", "actions", "turns", "rules_version",
                "kit_version", "result", "scores", "places", "winners", "option_set"]
SEAT_COLUMNS = ["game_id", "game", "seat", "who", "kind", "name", "place", "score", "won",
                "players", "finished", "option_set"]
ACTION_COLUMNS = ["game_id", "game", "seq", "seat", "who", "kind", "type", "action", "at",
                  "thinking_time", "option_set"]
EVENT_COLUMNS = ["game_id", "game", "seq", "n", "type", "action_type", "seat", "public",
                 "visible_to", "data", "option_set"]
FEEDBACK_COLUMNS = ["feedback_id", "game_id", "game", "seat", "who", "rating", "text",
                    "unclear_rule", "at", "session", "option_set"]
#: text columns held as pandas categoricals (few distinct values, many rows)
CATEGORIES = ("game", "session", "facilitator", "place", "bots", "status", "rules_version",
              "kit_version", "option_set", "who", "kind", "name", "type", "action_type")
#: at most this many ids in one ``IN (...)`` (SQLite allows 32766 bound values)
ID_CHUNK = 10_000

FRAMES = ("games", "seats", "actions", "events", "feedback")
#: result values that become res_<name> columns (a tuple: faster to test than a union)
SCALARS = (bool, int, float, str, type(None))


class _Frame:
    """A frame of :class:`Recording`, read from the store when it is first used."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, rec: Recording | None, owner: type | None = None) -> Any:
        if rec is None:
            return self
        if self.name not in rec._frames:
            rec._frames[self.name] = getattr(rec, f"_read_{self.name}")()
        return rec._frames[self.name]

    def __set__(self, rec: Recording, frame: pd.DataFrame) -> None:
        rec._frames[self.name] = frame


class Recording:
    """The tables of one store (optionally of one game, or of some games), as DataFrames.

    Each frame is read when first used and then kept; every frame holds only games of
    :attr:`games` (a game recorded after ``games`` was read is left out of the others).
    """

    games = _Frame()
    seats = _Frame()
    actions = _Frame()
    events = _Frame()
    feedback = _Frame()

    def __init__(self, store: Store, game: str | None = None, *, events: bool = True,
                 event_types: Iterable[str] | None = None,
                 game_ids: Iterable[int] | None = None, action_json: bool = True,
                 turns: bool = False, include_incomplete: bool = False,
                 on_diverge: str = "raise") -> None:
        if on_diverge not in ("raise", "skip"):
            raise ValueError("on_diverge is 'raise' or 'skip'")
        self.url = store.shown
        self._store = store
        self._game = game
        self._with_events = events
        self._event_types = None if event_types is None else sorted(set(event_types))
        self._ids = None if game_ids is None else sorted({int(i) for i in game_ids})
        self._action_json = action_json
        self._turns = turns
        self._incomplete = include_incomplete
        self._on_diverge = on_diverge
        self._frames: dict[str, pd.DataFrame] = {}
        self._diverged: list[ReplayDiverged] = []

    @property
    def diverged(self) -> list[ReplayDiverged]:
        """With ``on_diverge="skip"``: the games whose replay failed (events left out)."""
        _ = self.events
        return self._diverged

    def __repr__(self) -> str:
        sizes = ", ".join(f"{len(self._frames[n])} {n}" if n in self._frames else f"{n} unread"
                          for n in FRAMES)
        return f"<Recording {self.url}: {sizes}>"

    # -- reading ------------------------------------------------------------------------

    def _read(self, work: Any) -> Any:
        return self._store.read(work)

    def _game_filter(self, conn: sa.Connection) -> sa.Select:
        """The ids of the games this recording covers (game, ids, complete sessions)."""
        g = schema.games
        q = sa.select(g.c.id)
        if self._game is not None:
            q = q.where(g.c.game == self._game)
        if self._ids is not None:
            q = q.where(g.c.id.in_(sa.bindparam("ids", expanding=True)))
        if not self._incomplete and _has_complete(conn):
            # only a session marked not complete hides its games (NULL: not marked)
            marked = sa.table("sessions", sa.column("id"), sa.column("complete"))
            q = q.where(sa.or_(g.c.session_id.is_(None), g.c.session_id.not_in(
                sa.select(marked.c.id).where(marked.c.complete == sa.false()))))
        return q

    def _chunks(self) -> list[dict]:
        """Bound parameters for each chunk of ids (one chunk without ids)."""
        if self._ids is None:
            return [{}]
        return [{"ids": self._ids[i:i + ID_CHUNK]} for i in range(0, len(self._ids), ID_CHUNK)
                ] or [{"ids": []}]

    def _read_games(self) -> pd.DataFrame:
        return self._read(self._games_in)

    def _games_in(self, conn: sa.Connection) -> pd.DataFrame:
        import pandas as pd

        g, a, s = schema.games, schema.actions, schema.sessions
        ids = self._game_filter(conn)
        raw = self._store.is_sqlite  # SQLite's times as text: parsed at once by pandas
        # each game's actions counted through the actions' key, one game at a time: a
        # GROUP BY over the actions table read it whole on PostgreSQL (1.6 s against 1.0 s
        # for 100,000 games; SQLite 0.9 s against 0.5 s)
        counted = sa.select(sa.func.count()).where(a.c.game_id == g.c.id).scalar_subquery()
        q = sa.select(g.c.id, g.c.session_id, g.c.game, g.c.players, g.c.seed,
                      sa.cast(g.c.options, sa.Text), sa.cast(g.c.seats, sa.Text),
                      g.c.kit_version, g.c.rules_version, _time(g.c.started_at, raw),
                      _time(g.c.ended_at, raw), g.c.status, sa.cast(g.c.result, sa.Text),
                      counted).where(g.c.id.in_(ids)).order_by(g.c.id)
        rows: list[sa.Row[*tuple[Any, ...]]] = []
        turns: dict[int, int] = {}
        for params in self._chunks():
            rows.extend(conn.execute(q, params).all())
            if self._turns:
                turns.update(conn.execute(_turns_query(ids), params).all())
        sessions = {r.id: r for r in conn.execute(
            sa.select(s.c.id, s.c.label, s.c.facilitator, s.c.place))}
        return _games_frame(pd, rows, turns if self._turns else None, sessions)

    def _read_seats(self) -> pd.DataFrame:
        import numpy as np
        import pandas as pd

        games = self.games
        lens = np.fromiter((len(x) for x in games["seats"]), dtype=np.int64, count=len(games))
        at = np.repeat(np.arange(len(games)), lens)
        seat = np.arange(int(lens.sum())) - np.repeat(np.cumsum(lens) - lens, lens)
        who = [w for x in games["seats"] for w in x]
        sat = {w: who_sat(w) for w in set(who)}
        won = [_won(r or {}, s) for r, s in zip(games["result"].to_numpy()[at], seat.tolist(),
                                                 strict=True)]
        base = pd.DataFrame({
            "game_id": games["game_id"].to_numpy()[at], "game": games["game"].to_numpy()[at],
            "seat": seat, "who": who, "kind": [sat[w][0] for w in who],
            "name": [sat[w][1] for w in who], "place": _spread(games["places"], lens),
            "score": _spread(games["scores"], lens), "won": won,
            "players": games["players"].to_numpy()[at],
            "finished": games["finished"].to_numpy()[at]})
        return _with_options(pd, base, games, SEAT_COLUMNS)

    def _read_actions(self) -> pd.DataFrame:
        import pandas as pd

        a = schema.actions
        raw = self._store.is_sqlite
        cols = [a.c.game_id, a.c.seq, a.c.seat, a.c.type, _time(a.c.at, raw), a.c.thinking_time]
        if self._action_json:
            cols.append(a.c.action)

        def fetch(conn: sa.Connection) -> list:
            q = sa.select(*cols).where(a.c.game_id.in_(self._game_filter(conn))).order_by(
                a.c.game_id, a.c.seq)
            return [r for params in self._chunks() for r in conn.execute(q, params).all()]

        rows = self._read(fetch)
        names = ["game_id", "seq", "seat", "type", "at", "thinking_time"] + (
            ["action"] if self._action_json else [])
        base = _columns(pd, rows, names)
        base["seat"] = base["seat"].astype("Int32")
        base["seq"] = base["seq"].astype("int32")
        base["at"] = _to_time(pd, base["at"])
        base["thinking_time"] = base["thinking_time"].astype("float64")
        base = _with_who(pd, base, self.seats)
        base["game"] = base["game_id"].map(_column(self.games, "game"))
        return _with_options(pd, base, self.games, ACTION_COLUMNS)

    def _read_events(self) -> pd.DataFrame:
        import pandas as pd

        recs: list[tuple] = []
        if self._with_events and len(self.games):
            recs = self._read(self._event_rows)
        base = pd.DataFrame.from_records(recs, columns=EVENT_COLUMNS[:-1])
        base["public"] = base["public"].astype(bool)
        base["seat"] = base["seat"].astype("Int32")
        return _with_options(pd, base, self.games, EVENT_COLUMNS)

    def _event_rows(self, conn: sa.Connection) -> list[tuple]:
        a, g = schema.actions, schema.games
        ids = self._game_filter(conn)
        q = sa.select(a.c.game_id, a.c.seq, a.c.type, sa.cast(a.c.events, sa.Text)).where(
            a.c.game_id.in_(ids)).order_by(a.c.game_id, a.c.seq)
        if self._event_types is not None:
            # only the actions whose stored events may hold one of these types (and those
            # without stored events, which are replayed); the JSON is checked below
            text = sa.cast(a.c.events, sa.Text)
            q = q.where(sa.or_(no_events(a.c.events), *[
                text.contains(f'"type": {json.dumps(t)}', autoescape=True)
                for t in self._event_types]))
        names = dict(zip(self.games["game_id"], self.games["game"], strict=True))
        stored, replay = [], set()
        for params in self._chunks():
            for r in conn.execute(q, params):
                if r[3] is None or r[3] == "null":
                    replay.add(r.game_id)
                else:
                    stored.append(r)
        wanted = None if self._event_types is None else set(self._event_types)
        out: list[tuple] = []
        for r in stored:
            if r.game_id in replay:
                continue
            out.extend(_event_recs(r.game_id, names.get(r.game_id), r.seq, r.type,
                                   orjson.loads(r[3]), wanted))
        for gid in sorted(replay):
            grow = conn.execute(sa.select(g).where(g.c.id == gid)).mappings().first()
            assert grow is not None  # (its actions are stored: so is the game)
            acts = [dict(x) for x in conn.execute(sa.select(a).where(a.c.game_id == gid)
                                                  .order_by(a.c.seq)).mappings()]
            try:
                _, per_action = replay_recorded(dict(grow), acts, collect_events=True)
            except ReplayDiverged as exc:
                if self._on_diverge == "raise":
                    raise
                self._diverged.append(exc)
                continue
            for act, evs in zip(acts, per_action, strict=True):
                out.extend(_event_recs(gid, grow["game"], act["seq"], act["type"],
                                       [dict(ev) for ev in evs], wanted))
        out.sort(key=lambda e: (e[0], e[2], e[3]))
        return out

    def _read_feedback(self) -> pd.DataFrame:
        import pandas as pd

        f = schema.feedback
        raw = self._store.is_sqlite

        def fetch(conn: sa.Connection) -> list:
            q = sa.select(f.c.id, f.c.game_id, f.c.seat, f.c.rating, f.c.text,
                          f.c.unclear_rule, _time(f.c.at, raw)).where(
                f.c.game_id.in_(self._game_filter(conn))).order_by(f.c.id)
            return [r for params in self._chunks() for r in conn.execute(q, params).all()]

        base = _columns(pd, self._read(fetch), [
            "feedback_id", "game_id", "seat", "rating", "text", "unclear_rule", "at"])
        base = base[base["game_id"].isin(self.games["game_id"])]
        base["at"] = _to_time(pd, base["at"])
        base["rating"] = base["rating"].astype("Float64")
        base["seat"] = base["seat"].astype("Int32")
        base = _with_who(pd, base, self.seats)
        for col in ("game", "session"):
            base[col] = base["game_id"].map(_column(self.games, col))
        return _with_options(pd, base, self.games, FEEDBACK_COLUMNS)


def game_names(source: Source = None) -> list[str]:
    """The games recorded in a store, most recorded first."""
    store = open_store(source)
    g = schema.games
    query = sa.select(g.c.game, sa.func.count()).group_by(g.c.game).order_by(
        sa.func.count().desc(), g.c.game)
    return store.read(lambda conn: [r[0] for r in conn.execute(query)])


def load(source: Source = None, game: str | None = None, *, events: bool = True,
         on_diverge: str = "raise", event_types: Iterable[str] | None = None,
         game_ids: Iterable[int] | None = None, action_json: bool = True,
         turns: bool = False, include_incomplete: bool = False,
         frames: Iterable[str] = ()) -> Recording:
    """Load a store (URL, path, :class:`Store`, :class:`Recorder`; None: the default).

    Frames are read when first used (``frames=("games", "events")`` reads those now).
    ``events=False`` leaves the events frame empty (it replays games recorded without
    events); ``event_types`` keeps only events of these types. ``game_ids`` loads only
    these games. ``action_json=False`` leaves the action JSON out of ``actions``.
    ``turns=True`` adds each game's turns (runs of one seat's actions) to ``games``: it
    reads every action. Games of a session marked not complete (``sessions.complete``
    false: a simulation still running) are left out unless ``include_incomplete``.
    ``on_diverge``: ``"raise"`` a
    :class:`ReplayDiverged` naming the game and action when a replay fails, or ``"skip"``
    that game's events (and list the error in ``Recording.diverged``).
    """
    frames = list(frames)
    for name in frames:  # bad input is refused before the store is opened
        if name not in FRAMES:
            raise ValueError(f"frames are {FRAMES}, not {name!r}")
    if on_diverge not in ("raise", "skip"):
        raise ValueError("on_diverge is 'raise' or 'skip'")
    if game is not None:
        kit.spec(game)  # an unknown game is named, not read as a store without its games
    rec = Recording(open_store(source), game, events=events, event_types=event_types,
                    game_ids=game_ids, action_json=action_json, turns=turns,
                    include_incomplete=include_incomplete, on_diverge=on_diverge)
    for name in frames:
        getattr(rec, name)
    return rec


def load_games(source: Source = None, game: str | None = None, **options: Any) -> pd.DataFrame:
    """One row per game (see :func:`load`)."""
    return load(source, game, **options).games


def load_seats(source: Source = None, game: str | None = None, **options: Any) -> pd.DataFrame:
    """One row per seat of each game: who, place, score, won."""
    return load(source, game, **options).seats


def load_actions(source: Source = None, game: str | None = None,
                 **options: Any) -> pd.DataFrame:
    """One row per recorded action."""
    return load(source, game, **options).actions


def load_events(source: Source = None, game: str | None = None,
                on_diverge: str = "raise", **options: Any) -> pd.DataFrame:
    """One row per event (recorded ones, or replayed from seed and actions)."""
    return load(source, game, on_diverge=on_diverge, **options).events


def load_feedback(source: Source = None, game: str | None = None,
                  **options: Any) -> pd.DataFrame:
    """One row per feedback form."""
    return load(source, game, **options).feedback


# --------------------------------------------------------------------------- helpers


def _columns(pd: Any, rows: list, names: list[str]) -> pd.DataFrame:
    """A frame of result rows, built column by column (much faster than row by row)."""
    cols = list(zip(*rows, strict=True)) if rows else [()] * len(names)
    return pd.DataFrame({n: pd.Series(list(c), dtype=object) if not rows else list(c)
                         for n, c in zip(names, cols, strict=True)})


def no_events(col: sa.ColumnElement) -> sa.ColumnElement:
    """An action recorded without its events: SQL NULL, or JSON null (SQLAlchemy's JSON
    type writes Python's None as JSON null)."""
    return sa.or_(col.is_(None), sa.cast(col, sa.Text) == "null")


def _has_complete(conn: sa.Connection) -> bool:
    """The store marks sessions complete or not (a newer schema)."""
    return any(c["name"] == "complete" for c in sa.inspect(conn).get_columns("sessions"))


def _time(col: sa.Column, raw: bool) -> Any:
    # SQLite keeps times as ISO text: pandas parses a whole column faster than
    # SQLAlchemy parses each row; PostgreSQL's driver returns datetimes already
    return sa.type_coerce(col, sa.String) if raw else col


def _to_time(pd: Any, values: Any) -> pd.Series:
    return pd.to_datetime(values, utc=True, format="ISO8601")


def _turns_query(ids: sa.Select) -> sa.Select:
    """Per game: the runs of consecutive actions by one seat (reads every action)."""
    a = schema.actions
    prev = sa.func.lag(a.c.seat).over(partition_by=a.c.game_id, order_by=a.c.seq)
    inner = sa.select(a.c.game_id, a.c.seat, prev.label("prev")).where(
        a.c.game_id.in_(ids)).subquery()
    changed = sa.case((inner.c.seat.is_not_distinct_from(inner.c.prev), 0), else_=1)
    return sa.select(inner.c.game_id, sa.func.sum(changed)).group_by(inner.c.game_id)


def _loads(text: str | None) -> Any:
    return None if text is None else orjson.loads(text)


def _games_frame(pd: Any, rows: list, turns: dict | None, sessions: dict) -> pd.DataFrame:
    """The games frame, built column by column: what repeats (option sets, seat lists)
    is worked out once per distinct value; results are parsed once per game."""
    import numpy as np

    (gid, sid, name, players, seed, options, seats_text, kit_v, rules_v, start, end, status,
     result_text, counts) = (list(c) for c in zip(*rows, strict=True)) if rows else [[]] * 14
    keys = list(zip(name, options, rules_v, strict=True))
    distinct = {k: i for i, k in enumerate(dict.fromkeys(keys))}
    codes = np.fromiter((distinct[k] for k in keys), dtype=np.int64, count=len(keys))
    parsed = [_loads(o) or {} for _, o, _ in distinct]
    labels = np.array([option_set_label(n, o, recorded_files(r))
                       for (n, _, r), o in zip(distinct, parsed, strict=True)], dtype=object)
    opts = pd.DataFrame.from_records([{f"opt_{k}": _flat(v) for k, v in o.items()}
                                      for o in parsed] or [{}])
    seat_lists = {t: _loads(t) or [] for t in set(seats_text)}
    who = {t: [who_sat(w) for w in x] for t, x in seat_lists.items()}
    results = [_loads(t) or {} for t in result_text]
    df = pd.DataFrame({
        "game_id": np.array(gid, dtype=np.int64), "session_id": pd.array(sid, dtype="Int64"),
        **{col: [of.get(i) for i in sid] for col, of in (
            ("session", {i: r.label for i, r in sessions.items()}),
            ("facilitator", {i: r.facilitator for i, r in sessions.items()}),
            ("place", {i: r.place for i, r in sessions.items()}))},
        "game": name, "players": np.array(players, dtype=np.int32),
        "seed": np.array(seed, dtype=np.int64),
        "seats": [list(seat_lists[t]) for t in seats_text],  # each row its own list
        "humans": np.array([sum(k == "human" for k, _ in who[t]) for t in seats_text],
                           dtype=np.int32),
        "bots": [",".join(n or "" for k, n in who[t] if k == "bot") for t in seats_text],
        "status": status, "finished": np.array([s == "finished" for s in status], dtype=bool),
        "started_at": _to_time(pd, start), "ended_at": _to_time(pd, end),
        "actions": np.array(counts, dtype=np.int32),
        "rules_version": rules_v, "kit_version": kit_v,
        "result": [r or None for r in results], "scores": [r.get("scores") for r in results],
        "places": [r.get("places") for r in results],
        "winners": [_winners(r) for r in results], "option_set": labels[codes]})
    if turns is not None:
        df["turns"] = np.array([turns.get(i, 0) for i in gid], dtype=np.int32)
    df["duration_s"] = (df["ended_at"] - df["started_at"]).dt.total_seconds()
    df["duration_min"] = df["duration_s"] / 60
    res = pd.DataFrame.from_records(results, index=df.index) if rows else pd.DataFrame()
    scalar = [c for c in res.columns if res[c].dtype != object or res[c].map(
        lambda v: isinstance(v, SCALARS)).all()]
    parts = [df, res[scalar].add_prefix("res_")]
    if rows and len(opts.columns):
        parts.append(opts.iloc[codes].set_index(df.index))
    df = pd.concat(parts, axis=1)
    return _order(_compact(pd, df), GAME_COLUMNS)


def _compact(pd: Any, df: pd.DataFrame) -> pd.DataFrame:
    """Repeating text columns (and text-valued options) as categoricals."""
    for col in df.columns:
        if col in CATEGORIES or col.startswith("opt_"):
            values = df[col]
            if isinstance(values.dtype, pd.CategoricalDtype):
                continue
            if col in CATEGORIES or (pd.api.types.is_string_dtype(values) and values.map(
                    lambda v: v is None or isinstance(v, str)).all()):
                df[col] = values.astype("category")
    return df


def _order(df: pd.DataFrame, first: list[str]) -> pd.DataFrame:
    rest = sorted(c for c in df.columns if c not in first)
    return df[[c for c in first if c in df.columns] + rest].reset_index(drop=True)


def _column(games: pd.DataFrame, col: str) -> pd.Series:
    return games.set_index("game_id")[col]


def _with_options(pd: Any, base: pd.DataFrame, games: pd.DataFrame,
                  first: list[str]) -> pd.DataFrame:
    """``base`` with each game's option set and opt_* columns (and only games of ``games``)."""
    opts = ["game_id", "option_set"] + [c for c in games.columns if c.startswith("opt_")]
    out = base.merge(games[opts], on="game_id", how="inner", sort=False)
    if "game" in out.columns and out["game"].dtype != "category":
        out["game"] = out["game"].astype(games["game"].dtype)
    return _order(_compact(pd, out), first)


def _with_who(pd: Any, base: pd.DataFrame, seats: pd.DataFrame) -> pd.DataFrame:
    """``who`` and ``kind`` of the seat of each row, from the seats frame."""
    who = seats[["game_id", "seat", "who", "kind"]].astype({"seat": "Int32"})
    return base.merge(who, on=["game_id", "seat"], how="left", sort=False)


def _event_recs(gid: int, name: str | None, seq: int, action_type: str, evs: list[dict],
                wanted: set[str] | None) -> list[tuple]:
    """Rows of one action's events; takes the event dicts over (they must be the
    caller's own copies): each loses its type and visibility and becomes the row's data."""
    out = []
    for n, ev in enumerate(evs):
        kind = ev.pop("type", None)
        if wanted is not None and kind not in wanted:
            continue
        to = ev.pop("visible_to", None)
        seat = ev.get("seat")
        out.append((gid, name, seq, n, kind, action_type,
                    seat if isinstance(seat, int) else None, to == kit.ALL, to, ev))
    return out


def _flat(value: Any) -> Any:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _defaults(name: str) -> dict:
    try:
        return kit.spec(name).defaults()
    except ConfigError:
        return {}


def option_set_label(name: str, options: dict, files: dict[str, str] | None = None) -> str:
    """``"keep_score_on_loss=True"``: the options that differ from the game's defaults.

    ``files`` (:func:`kit.datafile.recorded_files`) names the data files the game was
    recorded with by content, ``deck=deck.toml@1a2b3c4d5e6f``: such an option counts
    as the default when its file had the content the default file has now, whatever
    path named it. Without them (older recordings) a file option is its path."""
    defaults = _defaults(name)
    files = files or {}
    options = options or {}
    diff = []
    for k, v in sorted(options.items()):
        if k in files:
            if files[k] != _default_file(name, k):
                diff.append(f"{k}={files[k]}")
        elif k not in defaults or defaults[k] != v:
            diff.append(f"{k}={_flat(v)}")
    # the files a game always reads (Hanabi's variants): named when edited since
    diff += [f"{k}={label}" for k, label in sorted(files.items())
             if k not in options and label != _default_file(name, k)]
    return ", ".join(diff) or "defaults"


def _default_file(name: str, option: str) -> str:
    """The default file of a game's file option (or a file it always reads) as it is now,
    ``name@digest``."""
    default = _defaults(name).get(option)
    if default is None:
        with contextlib.suppress(ConfigError):
            default = kit.spec(name).data_files.get(option)
        default = default and str(data_path(default))
    return file_label(default) if isinstance(default, str) else ""


def who_sat(who: str | None) -> tuple[str | None, str | None]:
    """(kind, name) of a recorded seat label: ``"human:Ann"`` -> ("human", "Ann"),
    ``"bot:rule"`` -> ("bot", "rule"), anything else -> ("unknown", the label)."""
    if who is None:
        return None, None
    kind, sep, name = who.partition(":")
    return (kind, name) if sep else ("unknown", who)


def _spread(lists: pd.Series, lens: Any) -> list:
    """Each game's per-seat list (scores, places) as one value per seat (None if absent)."""
    return [v[i] if isinstance(v, list) and i < len(v) else None
            for v, n in zip(lists, lens.tolist(), strict=True) for i in range(n)]


def _pick(values: Any, seat: int) -> Any:
    if isinstance(values, list) and seat < len(values):
        return values[seat]
    return None


def _won(result: dict, seat: int) -> bool | None:
    if not result:
        return None
    if isinstance(result.get("winners"), list):
        return seat in result["winners"]
    if "winner" in result:
        return result["winner"] == seat
    place = _pick(result.get("places"), seat)
    return None if place is None else place == 1


def _winners(result: dict) -> list | None:
    if isinstance(result.get("winners"), list):
        return result["winners"]
    if "winner" in result:
        return [result["winner"]]
    return None
