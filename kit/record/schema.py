"""The tables of a recording store (SQLAlchemy Core; SQLite, PostgreSQL or any backend).

- ``kit_meta``: key/value, holds ``schema_version``;
- ``sessions``: a playtest session (label, facilitator, place, notes) or a simulation run;
  ``complete`` says whether a run recorded every game it set out to (True), not yet or
  never, as when it was killed (False), or None for a session that plans no number of
  games (a playtest session, or a run recorded before version 2);
- ``games``: one game (game, players, seed, options, seats, kit and rules version,
  start/end time, status, result; ``start_snapshot`` when it began from a prepared
  situation that its seed alone does not reproduce; ``resume_key``, the SHA-256 of the
  key that resuming it needs, when the page that started it asked for one);
- ``actions``: one row per applied action (game, seq, seat, type, action JSON, time,
  thinking time, and the events it produced when the recorder was given them);
- ``feedback``: post-game feedback (seat, rating 1–5, free text, unclear rule).

Times are UTC. Bump :data:`SCHEMA_VERSION` on any change and teach
:mod:`kit.record.store` to migrate older stores.
"""

from __future__ import annotations

import sqlalchemy as sa

#: the version this kit writes; a store with a higher one is refused (SchemaTooNew)
SCHEMA_VERSION = 2

#: what each version adds to the one before; :class:`kit.record.Store` applies them to an
#: older store when it is opened (version 1: the first)
MIGRATIONS = {
    2: ["ALTER TABLE sessions ADD COLUMN complete BOOLEAN",
        "ALTER TABLE games ADD COLUMN resume_key VARCHAR(64)"],
}

metadata = sa.MetaData()

Time = sa.DateTime(timezone=True)

meta = sa.Table(
    "kit_meta", metadata,
    sa.Column("key", sa.String(64), primary_key=True),
    sa.Column("value", sa.Text, nullable=False),
)

sessions = sa.Table(
    "sessions", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("label", sa.Text, nullable=False, default=""),
    sa.Column("facilitator", sa.Text, nullable=False, default=""),
    sa.Column("place", sa.Text, nullable=False, default=""),
    sa.Column("notes", sa.Text, nullable=False, default=""),
    sa.Column("started_at", Time, nullable=False),
    sa.Column("complete", sa.Boolean, nullable=True),
)

games = sa.Table(
    "games", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("session_id", sa.Integer, sa.ForeignKey("sessions.id"), nullable=True),
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("seats", sa.JSON, nullable=False),
    sa.Column("kit_version", sa.String(40), nullable=False),
    sa.Column("rules_version", sa.Text, nullable=False),
    sa.Column("started_at", Time, nullable=False),
    sa.Column("ended_at", Time, nullable=True),
    sa.Column("status", sa.String(16), nullable=False),  # playing | finished
    sa.Column("result", sa.JSON, nullable=True),
    sa.Column("start_snapshot", sa.JSON, nullable=True),
    # SHA-256 of the key a page needs to go on with the game (Recorder.lock_resume)
    sa.Column("resume_key", sa.String(64), nullable=True),
    sa.Index("ix_games_game", "game"),
    sa.Index("ix_games_session", "session_id"),
)

actions = sa.Table(
    "actions", metadata,
    sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("type", sa.String(40), nullable=False),
    sa.Column("action", sa.JSON, nullable=False),
    sa.Column("at", Time, nullable=False),
    sa.Column("thinking_time", sa.Float, nullable=True),
    sa.Column("events", sa.JSON, nullable=True),
)

feedback = sa.Table(
    "feedback", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), nullable=False),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("rating", sa.Integer, nullable=True),
    sa.Column("text", sa.Text, nullable=False, default=""),
    sa.Column("unclear_rule", sa.Text, nullable=True),
    sa.Column("at", Time, nullable=False),
    sa.Index("ix_feedback_game", "game_id"),
)

#: the kit's tables; a database holding some of these without ``kit_meta`` is refused
KIT_TABLES = ("sessions", "games", "actions", "feedback")
