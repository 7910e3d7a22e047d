"""Recordings as tidy pandas DataFrames: one row per game, seat, action, event, feedback.

    from kit.record import load
    rec = load("sqlite:///playtests.sqlite", game="hanabi")
    rec.games      # one row per game; options flattened into opt_<name> columns
    rec.seats      # one row per (game, seat): who sat there, place, score, won
    rec.actions    # one row per action: seq, seat, type, JSON, time, thinking time
    rec.events     # one row per event (stored, or replayed from seed + actions)
    rec.feedback   # one row per feedback form

Every frame carries ``game_id``, ``game``, ``option_set`` (a readable label of the
options that differ from the game's defaults) and the ``opt_*`` columns, so frames
can be grouped by option set without a merge.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa

import kit
from kit.errors import ConfigError
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


@dataclass
class Recording:
    """The tables of one store (optionally of one game), as DataFrames."""

    url: str
    games: pd.DataFrame
    seats: pd.DataFrame
    actions: pd.DataFrame
    events: pd.DataFrame
    feedback: pd.DataFrame
    #: with ``on_diverge="skip"``: the games whose replay failed (their events are left out)
    diverged: list[ReplayDiverged] = field(default_factory=list)

    def __repr__(self) -> str:
        return (f"<Recording {self.url}: {len(self.games)} games, {len(self.actions)} actions, "
                f"{len(self.events)} events, {len(self.feedback)} feedback>")


def game_names(source: Source = None) -> list[str]:
    """The games recorded in a store, most recorded first."""
    store = open_store(source)
    g = schema.games
    query = sa.select(g.c.game, sa.func.count()).group_by(g.c.game).order_by(
        sa.func.count().desc(), g.c.game)
    return store.read(lambda conn: [r[0] for r in conn.execute(query)])


def load(source: Source = None, game: str | None = None, *, events: bool = True,
         on_diverge: str = "raise") -> Recording:
    """Load a store (URL, path, :class:`Store`, :class:`Recorder`; None: the default).

    ``events=False`` skips the events frame (it replays games recorded without
    events). ``on_diverge``: ``"raise"`` a :class:`ReplayDiverged` naming the game and
    action when such a replay fails, or ``"skip"`` that game's events (and list the
    error in ``Recording.diverged``).
    """
    import pandas as pd

    if on_diverge not in ("raise", "skip"):
        raise ValueError("on_diverge is 'raise' or 'skip'")
    store = open_store(source)
    rows = store.read(lambda conn: _fetch(conn, game))
    sessions = {s["id"]: s for s in rows["sessions"]}
    acts_by_game: dict[int, list[dict]] = {}
    for a in rows["actions"]:
        acts_by_game.setdefault(a["game_id"], []).append(a)

    game_recs, game_info = [], {}
    for g in rows["games"]:
        rec, info = _game_row(g, acts_by_game.get(g["id"], []), sessions)
        game_recs.append(rec)
        game_info[g["id"]] = info
    games = _frame(pd, game_recs, GAME_COLUMNS)
    for col in ("started_at", "ended_at"):
        games[col] = pd.to_datetime(games[col], utc=True)

    seat_recs = []
    for g in rows["games"]:
        info = game_info[g["id"]]
        result = g["result"] or {}
        for seat, who in enumerate(g["seats"]):
            kind, name = who_sat(who)
            seat_recs.append({"game_id": g["id"], "game": g["game"], "seat": seat, "who": who,
                              "kind": kind, "name": name,
                              "place": _pick(result.get("places"), seat),
                              "score": _pick(result.get("scores"), seat),
                              "won": _won(result, seat), "players": g["players"],
                              "finished": g["status"] == "finished", **info})
    seats = _frame(pd, seat_recs, SEAT_COLUMNS)

    action_recs = []
    for a in rows["actions"]:
        g = game_info[a["game_id"]]
        who = g["_seats"][a["seat"]] if a["seat"] is not None and a["seat"] < len(
            g["_seats"]) else None
        action_recs.append({"game_id": a["game_id"], "game": g["_game"], "seq": a["seq"],
                            "seat": a["seat"], "who": who, "kind": who_sat(who)[0],
                            "type": a["type"], "action": a["action"], "at": a["at"],
                            "thinking_time": a["thinking_time"], **_public(g)})
    actions = _frame(pd, action_recs, ACTION_COLUMNS)
    actions["at"] = pd.to_datetime(actions["at"], utc=True)
    actions["thinking_time"] = actions["thinking_time"].astype("float64")

    event_recs: list[dict] = []
    diverged: list[ReplayDiverged] = []
    if events:
        for g in rows["games"]:
            acts = acts_by_game.get(g["id"], [])
            try:
                event_recs.extend(_events_of(g, acts, game_info[g["id"]]))
            except ReplayDiverged as exc:
                if on_diverge == "raise":
                    raise
                diverged.append(exc)
    events_df = _frame(pd, event_recs, EVENT_COLUMNS)

    fb_recs = []
    for f in rows["feedback"]:
        about = game_info.get(f["game_id"])
        if about is None:
            continue
        who = about["_seats"][f["seat"]] if f["seat"] is not None and f["seat"] < len(
            about["_seats"]) else None
        fb_recs.append({"feedback_id": f["id"], "game_id": f["game_id"], "game": about["_game"],
                        "seat": f["seat"], "who": who, "rating": f["rating"],
                        "text": f["text"], "unclear_rule": f["unclear_rule"], "at": f["at"],
                        "session": about["_session"], **_public(about)})
    feedback = _frame(pd, fb_recs, FEEDBACK_COLUMNS)
    feedback["at"] = pd.to_datetime(feedback["at"], utc=True)
    feedback["rating"] = feedback["rating"].astype("Float64")
    return Recording(store.shown, games, seats, actions, events_df, feedback, diverged)


def load_games(source: Source = None, game: str | None = None) -> pd.DataFrame:
    """One row per game (see :func:`load`)."""
    return load(source, game, events=False).games


def load_seats(source: Source = None, game: str | None = None) -> pd.DataFrame:
    """One row per seat of each game: who, place, score, won."""
    return load(source, game, events=False).seats


def load_actions(source: Source = None, game: str | None = None) -> pd.DataFrame:
    """One row per recorded action."""
    return load(source, game, events=False).actions


def load_events(source: Source = None, game: str | None = None,
                on_diverge: str = "raise") -> pd.DataFrame:
    """One row per event (recorded ones, or replayed from seed and actions)."""
    return load(source, game, on_diverge=on_diverge).events


def load_feedback(source: Source = None, game: str | None = None) -> pd.DataFrame:
    """One row per feedback form."""
    return load(source, game, events=False).feedback


# --------------------------------------------------------------------------- helpers


def _fetch(conn: sa.Connection, game: str | None) -> dict[str, list[dict]]:
    g, a, f, s = schema.games, schema.actions, schema.feedback, schema.sessions
    gq = sa.select(g).order_by(g.c.id)
    aq = sa.select(a).order_by(a.c.game_id, a.c.seq)
    fq = sa.select(f).order_by(f.c.id)
    if game is not None:
        gq = gq.where(g.c.game == game)
        ids = sa.select(g.c.id).where(g.c.game == game)
        aq = aq.where(a.c.game_id.in_(ids))
        fq = fq.where(f.c.game_id.in_(ids))
    return {"games": [dict(r) for r in conn.execute(gq).mappings()],
            "actions": [dict(r) for r in conn.execute(aq).mappings()],
            "feedback": [dict(r) for r in conn.execute(fq).mappings()],
            "sessions": [dict(r) for r in conn.execute(sa.select(s)).mappings()]}


def _frame(pd: Any, recs: list[dict], first: list[str]) -> pd.DataFrame:
    df = pd.DataFrame.from_records(recs) if recs else pd.DataFrame(columns=first)
    rest = sorted(c for c in df.columns if c not in first and not c.startswith("_"))
    return df[[c for c in first if c in df.columns] + rest]


def _flat(value: Any) -> Any:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _defaults(name: str) -> dict:
    try:
        return kit.spec(name).defaults()
    except ConfigError:
        return {}


def option_set_label(name: str, options: dict) -> str:
    """``"keep_score_on_loss=True"``: the options that differ from the game's defaults."""
    defaults = _defaults(name)
    diff = [f"{k}={_flat(v)}" for k, v in sorted((options or {}).items())
            if k not in defaults or defaults[k] != v]
    return ", ".join(diff) or "defaults"


def who_sat(who: str | None) -> tuple[str | None, str | None]:
    """(kind, name) of a recorded seat label: ``"human:Ann"`` -> ("human", "Ann"),
    ``"bot:rule"`` -> ("bot", "rule"), anything else -> ("unknown", the label)."""
    if who is None:
        return None, None
    kind, sep, name = who.partition(":")
    return (kind, name) if sep else ("unknown", who)


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


def _turns(acts: list[dict]) -> int:
    """Turns: runs of consecutive actions by one seat."""
    turns, last = 0, object()
    for a in acts:
        if a["seat"] != last:
            turns += 1
            last = a["seat"]
    return turns


def _public(info: dict) -> dict:
    return {k: v for k, v in info.items() if not k.startswith("_")}


def _game_row(g: dict, acts: list[dict], sessions: dict) -> tuple[dict, dict]:
    options = g["options"] or {}
    label = option_set_label(g["game"], options)
    opts = {f"opt_{k}": _flat(v) for k, v in options.items()}
    session = sessions.get(g["session_id"]) or {}
    info = {"option_set": label, **opts, "_seats": g["seats"], "_game": g["game"],
            "_session": session.get("label")}
    result = g["result"] or {}
    start, end = g["started_at"], g["ended_at"]
    duration = (end - start).total_seconds() if start is not None and end is not None else None
    kinds = [who_sat(w)[0] for w in g["seats"]]
    rec = {"game_id": g["id"], "session_id": g["session_id"], "session": session.get("label"),
           "facilitator": session.get("facilitator"), "place": session.get("place"),
           "game": g["game"], "players": g["players"], "seed": g["seed"], "seats": g["seats"],
           "humans": kinds.count("human"),
           "bots": ",".join(who_sat(w)[1] or "" for w in g["seats"] if who_sat(w)[0] == "bot"),
           "status": g["status"], "finished": g["status"] == "finished",
           "started_at": start, "ended_at": end, "duration_s": duration,
           "duration_min": None if duration is None else duration / 60,
           "actions": len(acts), "turns": _turns(acts),
           "rules_version": g["rules_version"], "kit_version": g["kit_version"],
           "result": result or None, "scores": result.get("scores"),
           "places": result.get("places"), "winners": _winners(result),
           **{f"res_{k}": v for k, v in result.items()
              if isinstance(v, bool | int | float | str) or v is None},
           **_public(info)}
    return rec, info


def _winners(result: dict) -> list | None:
    if isinstance(result.get("winners"), list):
        return result["winners"]
    if "winner" in result:
        return [result["winner"]]
    return None


def _events_of(g: dict, acts: list[dict], info: dict) -> list[dict]:
    if acts and all(a["events"] is not None for a in acts):
        per_action = [a["events"] for a in acts]
    else:
        _, per_action = replay_recorded(g, acts, collect_events=True)
    out = []
    for a, evs in zip(acts, per_action, strict=True):
        for n, ev in enumerate(evs):
            to = ev.get("visible_to")
            seat = ev.get("seat")
            out.append({"game_id": g["id"], "game": g["game"], "seq": a["seq"], "n": n,
                        "type": ev.get("type"), "action_type": a["type"],
                        "seat": seat if isinstance(seat, int) else None,
                        "public": to == kit.ALL, "visible_to": to,
                        "data": {k: v for k, v in ev.items() if k not in ("type", "visible_to")},
                        **_public(info)})
    return out
