"""Statistics for the analysis notebook.

Two levels. On the frames of :func:`kit.record.load` (plain pandas in, pandas out, no
plotting): seat advantage with confidence intervals, decision times per action type,
how often each rule edge case fired, a comparison of two option sets. At scale,
:func:`figures` computes every figure of the notebook where the data is (the games table
read whole, event counts and turns counted in the database for a seeded sample, replays
for the Ludii-style metrics), and :func:`compare` sets two option sets played alike
(the same players and bots) side by side figure by figure: a 95% interval and a
significance test, both corrected for the number of figures compared, and a sentence.
Intervals are 95% (Wilson for rates, normal approximation for means).

What a game is matters: a cooperative game (:data:`COOPERATIVE`) has a team score and no
seat advantage; the first player is the seat that moved first (:func:`first_movers`),
which is not always seat 0; whether more score is better comes from :data:`SCORES`.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

Z95 = 1.959963984540054

#: event types that are a rule's edge case, per game, with the rule they belong to.
#: Every event type is counted; these are the ones the notebook highlights.
EDGE_CASES: dict[str, dict[str, str]] = {
    "hanabi": {"misfire": "HB-6 misfire (mistake token)",
               "firework_complete": "HB-7 firework complete, token back",
               "final_round": "HB-10 last card drawn, final round"},
    "waiting_list": {"resurfaced": "WL-7 dead discard back on top",
                     "claim": "WL-6/WL-R3 discard claimed out of turn",
                     "reshuffle": "WL-11 discards reshuffled into the deck",
                     "reveal": "WL-9 combination revealed"},
    "pug_party": {"burn": "PP-5/PP-7 pile burned", "pick_up": "PP-4/PP-11 pile picked up",
                  "reset": "PP-9 Poop reset", "direction": "PP-8 Breakdancer flip",
                  "reveal": "PP-10 blind card turned"},
    "domino_metro": {"metro": "DM-8 Metro made", "domino_metro": "DM-8 domino-Metro",
                     "take_back": "DM-9 change (tile taken back)",
                     "pass": "DM-6 pass (bazaar empty)", "drawn": "DM-6 drew from the bazaar"},
}

#: event types that only keep the books (a deal, a round's start, the game's end) or
#: repeat another one (a card drawn is both ``draw`` and ``drawn_card``): counted, but
#: left out of the comparison and the edge-case plot, where they would drown real effects
BOOKKEEPING: dict[str, frozenset[str]] = {
    "hanabi": frozenset({"draw", "game_end"}),
    "waiting_list": frozenset({"draw", "drawn_card", "round_start", "round_end", "hand",
                               "turn_up", "characters", "game_end", "pass"}),
    "pug_party": frozenset({"drew", "out", "game_over"}),
    "domino_metro": frozenset({"draw", "end_turn", "out", "game_over"}),
}

#: plain words for the event types that are not a rule's edge case
EVENT_WORDS = {
    "hint": "hint given", "play": "card played", "discard": "card discarded",
    "draw": "card drawn", "drew": "card drawn", "drawn_card": "card drawn",
    "take": "discard taken", "decline": "discard left (drew from the deck)",
    "lay": "card laid on a combination",
    "new_round": "pile cleared, new round", "place": "tile placed", "end_turn": "turn ended",
    "out": "player out of cards", "game_end": "game over", "game_over": "game over",
    "round_start": "round started", "round_end": "round scored", "hand": "hand dealt",
    "turn_up": "first discard turned up", "characters": "characters dealt",
    "pass": "claim passed",
}

#: the games whose players win or lose together: no seat advantage, a team score
COOPERATIVE = frozenset({"hanabi"})

#: what a game's per-seat score is, and whether more of it is better for a player
SCORES: dict[str, tuple[str, str]] = {
    "hanabi": ("team score", "higher"),
    "waiting_list": ("penalty points per player", "lower"),
    "domino_metro": ("score per player (penalty points taken off)", "higher"),
}

#: where the apps and ``python -m kit simulate`` write when run in the kit's folder
KIT_ROOT = Path(__file__).resolve().parents[2]


def event_label(game: str, event: str) -> str:
    """An event type in words: its rule for an edge case, else plain words."""
    rule = EDGE_CASES.get(game, {}).get(event)
    return rule or EVENT_WORDS.get(event, event.replace("_", " "))


def short_label(text: str, width: int = 36) -> str:
    """An option-set label short enough for a legend: a file path as its file name,
    then cut to ``width`` characters with an ellipsis."""
    parts = []
    for part in str(text).split(", "):
        key, sep, value = part.partition("=")
        if sep and ("/" in value or "\\" in value):
            value = PurePath(value.replace("\\", "/")).name
        parts.append(f"{key}{sep}{value}")
    out = ", ".join(parts)
    return out if len(out) <= width else out[:width - 1] + "…"


def lineup_label(players: int, bots: str, humans: int = 0) -> str:
    """Who sat at the table, in words: ``"3 players, rule bots"``,
    ``"2 players, bots rule, random"``, ``"3 players: 1 person, rule bots"``."""
    names = [b for b in str(bots or "").split(",") if b]
    if not names:
        machines = ""
    elif len(set(names)) == 1:
        machines = f"{names[0]} bot{'s' if len(names) > 1 else ''}"
    else:
        machines = f"bots {', '.join(names)}"
    if humans:
        people = f"{humans} {'person' if humans == 1 else 'people'}"
        return f"{players} players: {people}" + (f", {machines}" if machines else "")
    return f"{players} players, {machines}" if machines else f"{players} players"


def wilson_interval(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion (NaN, NaN when n is 0)."""
    if n <= 0:
        return math.nan, math.nan
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    # the rounding of centre ± half must not leave p itself outside
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def mean_interval(values: pd.Series, z: float = Z95) -> tuple[float, float, float]:
    """(mean, low, high) of a sample; the interval is NaN below two values."""
    v = values.dropna().astype(float)
    n = len(v)
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = float(v.mean())
    if n < 2:
        return mean, math.nan, math.nan
    half = z * float(v.std(ddof=1)) / math.sqrt(n)
    return mean, mean - half, mean + half


def seat_advantage(seats: pd.DataFrame) -> pd.DataFrame:
    """Per seat of finished games: win rate, mean place and mean score with 95% intervals."""
    import pandas as pd

    done = seats[seats["finished"].astype(bool)]
    rows = []
    for seat, grp in done.groupby("seat", sort=True):
        won = grp["won"].dropna().astype(bool)
        lo, hi = wilson_interval(int(won.sum()), len(won))
        place, place_lo, place_hi = mean_interval(pd.to_numeric(grp["place"], errors="coerce"))
        score, score_lo, score_hi = mean_interval(pd.to_numeric(grp["score"], errors="coerce"))
        rows.append({"seat": seat, "games": len(grp), "wins": int(won.sum()),
                     "win_rate": won.mean() if len(won) else math.nan, "win_lo": lo,
                     "win_hi": hi, "mean_place": place, "place_lo": place_lo,
                     "place_hi": place_hi, "mean_score": score, "score_lo": score_lo,
                     "score_hi": score_hi})
    return pd.DataFrame(rows, columns=["seat", "games", "wins", "win_rate", "win_lo", "win_hi",
                                       "mean_place", "place_lo", "place_hi", "mean_score",
                                       "score_lo", "score_hi"])


def decision_times(actions: pd.DataFrame) -> pd.DataFrame:
    """Thinking time per action type (and human/bot): count, median, mean, 90th percentile."""
    import pandas as pd

    timed = actions.dropna(subset=["thinking_time"]).astype({"kind": object, "type": object})
    cols = ["kind", "type", "n", "median_s", "mean_s", "p90_s"]
    if timed.empty:
        return pd.DataFrame(columns=cols)
    out = (timed.groupby(["kind", "type"])["thinking_time"]
           .agg(n="size", median_s="median", mean_s="mean",
                p90_s=lambda s: s.quantile(0.9))
           .reset_index())
    return out[cols].sort_values(["kind", "median_s"], ascending=[True, False],
                                 ignore_index=True)


def edge_case_counts(events: pd.DataFrame, games: pd.DataFrame) -> pd.DataFrame:
    """Per game (rows: ``game_id``) and event type (columns): in how many actions it fired.

    Counting actions rather than event rows keeps an event that is sent twice with
    different visibility (e.g. a draw) from counting twice.
    """
    import pandas as pd

    ids = games["game_id"]
    if events.empty:
        return pd.DataFrame(index=pd.Index(ids, name="game_id"))
    fired = events.drop_duplicates(["game_id", "seq", "type"])
    counts = fired.groupby(["game_id", "type"]).size().unstack(fill_value=0)
    return counts.reindex(ids, fill_value=0).rename_axis(index="game_id", columns=None)


def edge_case_rates(events: pd.DataFrame, games: pd.DataFrame,
                    game: str | None = None) -> pd.DataFrame:
    """Per event type: share of games where it fired (with 95% interval), mean per game,
    and the rule it illustrates (``edge`` marks the rule edge cases of :data:`EDGE_CASES`)."""
    import pandas as pd

    counts = edge_case_counts(events, games)
    names = EDGE_CASES.get(game or "", {})
    n = len(counts)
    rows = []
    for kind in counts.columns:
        col = counts[kind]
        k = int((col > 0).sum())
        lo, hi = wilson_interval(k, n)
        rows.append({"event": kind, "rule": names.get(kind, ""), "edge": kind in names,
                     "games": n, "games_with": k, "share": k / n if n else math.nan,
                     "share_lo": lo, "share_hi": hi, "per_game": float(col.mean())})
    for kind, rule in names.items():  # edge cases that never fired still get a row
        if kind not in counts.columns:
            rows.append({"event": kind, "rule": rule, "edge": True, "games": n,
                         "games_with": 0, "share": 0.0 if n else math.nan,
                         "share_lo": wilson_interval(0, n)[0], "share_hi":
                         wilson_interval(0, n)[1], "per_game": 0.0})
    cols = ["event", "rule", "edge", "games", "games_with", "share", "share_lo", "share_hi",
            "per_game"]
    out = pd.DataFrame(rows, columns=cols)
    return out.sort_values(["edge", "share"], ascending=[False, False], ignore_index=True)


def option_sets(games: pd.DataFrame, bots_only: bool = True) -> pd.DataFrame:
    """Finished games per option set (most first); ``bots_only`` keeps simulations."""
    import pandas as pd

    g = games[games["finished"].astype(bool)]
    if bots_only:
        g = g[g["humans"] == 0]
    if g.empty:
        return pd.DataFrame(columns=["option_set", "games"])
    return (g.groupby("option_set").size().rename("games").reset_index()
            .sort_values(["games", "option_set"], ascending=[False, True], ignore_index=True))


def game_metrics(games: pd.DataFrame, seats: pd.DataFrame,
                 events: pd.DataFrame | None = None) -> pd.DataFrame:
    """One row per finished game: length, mean score over seats, seat 0's win, edge cases."""
    import pandas as pd

    g = games[games["finished"].astype(bool)].set_index("game_id")
    out = pd.DataFrame({"option_set": g["option_set"], "actions": g["actions"]}, index=g.index)
    if "turns" in g.columns:  # read only with load(..., turns=True)
        out["turns"] = g["turns"]
    s = seats[seats["game_id"].isin(g.index)]
    score = pd.to_numeric(s["score"], errors="coerce")
    if score.notna().any():
        out["score"] = score.groupby(s["game_id"]).mean()
    won0 = s[s["seat"] == 0].set_index("game_id")["won"]
    if won0.notna().any():
        out["seat0_won"] = won0.astype(float)
    if events is not None and not events.empty:
        counts = edge_case_counts(events, g.reset_index())
        out = out.join(counts.add_prefix("n_"))
    return out


def compare_option_sets(games: pd.DataFrame, seats: pd.DataFrame,
                        events: pd.DataFrame | None, a: str, b: str) -> pd.DataFrame:
    """Mean of every game metric under option sets ``a`` and ``b``, and the difference
    b − a with its 95% interval (Welch, normal approximation)."""
    import pandas as pd

    m = game_metrics(games, seats, events)
    ga, gb = m[m["option_set"] == a], m[m["option_set"] == b]
    rows = []
    for col in m.columns.drop("option_set"):
        xa = pd.to_numeric(ga[col], errors="coerce").dropna()
        xb = pd.to_numeric(gb[col], errors="coerce").dropna()
        if len(xa) == 0 or len(xb) == 0:
            continue
        diff = xb.mean() - xa.mean()
        var = (xa.var(ddof=1) / len(xa) if len(xa) > 1 else math.nan) + (
            xb.var(ddof=1) / len(xb) if len(xb) > 1 else math.nan)
        half = Z95 * math.sqrt(var) if var == var else math.nan
        rows.append({"metric": col, "a": float(xa.mean()), "b": float(xb.mean()),
                     "diff": float(diff), "diff_lo": diff - half, "diff_hi": diff + half,
                     "n_a": len(xa), "n_b": len(xb)})
    return pd.DataFrame(rows, columns=["metric", "a", "b", "diff", "diff_lo", "diff_hi", "n_a",
                                       "n_b"])


def unclear_rules(feedback: pd.DataFrame) -> pd.DataFrame:
    """How often each rule was named unclear in the feedback, most first."""
    import pandas as pd

    named = feedback["unclear_rule"].dropna() if len(feedback) else pd.Series(dtype=object)
    named = named[named.astype(str).str.strip() != ""]
    if named.empty:
        return pd.DataFrame(columns=["unclear_rule", "times"])
    return (named.value_counts().rename_axis("unclear_rule").rename("times").reset_index())


# ------------------------------------------------------------------ figures at scale
#
# The games table is small (one row a game) and is read whole. Whatever needs the
# actions' rows (turns, events, thinking times, replays) is read for a seeded random
# sample of finished games per option set and line-up: the actions table holds some 23 kB
# a game, and any full scan of it (for event counts: 1.8 s per 10,000 games on SQLite)
# would not fit a 100,000-game store into seconds. The event counts and turns of the sample
# are computed in the database; every figure says how many games it rests on.

#: games per option set and line-up whose actions are read (event rates, turns, decision
#: times)
SAMPLE = 2000
#: games per option set and line-up replayed for the Ludii-style metrics (branching, lead,
#: drama)
REPLAYS = 100


def sample_ids(games: pd.DataFrame, per_set: int = SAMPLE, seed: int = 0) -> list[int]:
    """Up to ``per_set`` finished games of each option set and line-up (players, bots,
    people: the columns there are), drawn at random (seeded)."""
    import numpy as np

    done = games[games["finished"].astype(bool)]
    keys = [c for c in ("option_set", "players", "bots", "humans") if c in done.columns]
    rng = np.random.default_rng(seed)
    out: list[int] = []
    for _, grp in done.groupby(keys, observed=True, sort=True):
        ids = grp["game_id"].to_numpy()
        out.extend(int(i) for i in (ids if len(ids) <= per_set
                                    else rng.choice(ids, per_set, replace=False)))
    return sorted(out)


def event_counts(source: Any, game_ids: list[int], types: list[str]) -> pd.DataFrame:
    """Per game (rows: ``game_id``): its actions and turns, and for each event type
    (``n_<type>``) in how many actions it fired, counted in the database.

    An action's stored events are JSON text; a type fired when the text holds
    ``"type": "<type>"``, as the kit's store writes it (tests compare this with the
    parsed events of every game). Games recorded without their events count no event.
    """
    import pandas as pd
    import sqlalchemy as sa

    from kit.record import schema
    from kit.record.loading import ID_CHUNK, _turns_query
    from kit.record.store import open_store

    store = open_store(source)
    a = schema.actions
    text = sa.cast(a.c.events, sa.Text)
    fired = [sa.func.sum(sa.case((_holds(store, text, f'"type": {json.dumps(t)}'), 1),
                                 else_=0)) for t in types]
    ids: sa.BindParameter[list[int]] = sa.bindparam("ids", expanding=True)
    counted = sa.select(a.c.game_id, sa.func.count(), *fired).where(
        a.c.game_id.in_(ids)).group_by(a.c.game_id)
    turns_q = _turns_query(sa.select(schema.games.c.id).where(schema.games.c.id.in_(ids)))

    def fetch(conn: sa.Connection) -> tuple[list, dict]:
        rows: list[sa.Row[*tuple[Any, ...]]] = []
        turns: dict[int, int] = {}
        for i in range(0, len(game_ids), ID_CHUNK):
            params = {"ids": list(game_ids[i:i + ID_CHUNK])}
            rows.extend(conn.execute(counted, params).all())
            turns.update(conn.execute(turns_q, params).all())
        return rows, turns

    rows, turns = store.read(fetch)
    cols = ["actions"] + [f"n_{t}" for t in types]
    out = pd.DataFrame.from_records([r[1:] for r in rows], columns=cols,
                                    index=pd.Index([r[0] for r in rows], name="game_id"))
    out = out.reindex(pd.Index(sorted(game_ids), name="game_id"), fill_value=0)
    out.insert(1, "turns", pd.Series(turns, dtype="int64").reindex(out.index, fill_value=0))
    return out.astype("int32")


def _holds(store: Any, text: Any, part: str) -> Any:
    """SQL: ``text`` holds ``part``. instr (SQLite) and strpos (PostgreSQL) are 3x faster
    than LIKE '%...%' there (measured on PostgreSQL: 1.2 s against 3.4 s for 4,000 games)."""
    import sqlalchemy as sa

    name = store.engine.dialect.name
    if name == "sqlite":
        return sa.func.instr(text, part) > 0
    if name == "postgresql":
        return sa.func.strpos(text, part) > 0
    return text.contains(part, autoescape=True)


def thinking_times(source: Any, game_ids: list[int], seats: pd.DataFrame) -> pd.DataFrame:
    """Thinking time of each timed action of these games, with its type and the kind of
    seat (human or bot) that took it: only the three columns read."""
    import pandas as pd
    import sqlalchemy as sa

    from kit.record import schema
    from kit.record.loading import ID_CHUNK
    from kit.record.store import open_store

    a = schema.actions
    q = sa.select(a.c.game_id, a.c.seat, a.c.type, a.c.thinking_time).where(
        a.c.game_id.in_(sa.bindparam("ids", expanding=True)), a.c.thinking_time.is_not(None))

    def fetch(conn: sa.Connection) -> list:
        return [r for i in range(0, len(game_ids), ID_CHUNK)
                for r in conn.execute(q, {"ids": game_ids[i:i + ID_CHUNK]}).all()]

    rows = open_store(source).read(fetch) if game_ids else []
    cols: list[Sequence[Any]] = list(zip(*rows, strict=True)) if rows else [[], [], [], []]
    out = pd.DataFrame({"game_id": pd.array(cols[0], dtype="int64"),
                        "seat": pd.array(cols[1], dtype="Int64"),
                        "type": pd.array(cols[2], dtype=object),
                        "thinking_time": pd.array(cols[3], dtype="float64")})
    kind = seats[["game_id", "seat", "kind"]].astype({"seat": "Int64", "kind": object})
    return out.merge(kind, on=["game_id", "seat"], how="left")


def without_events(source: Any, game_ids: Any) -> list[int]:
    """Those of these games that have an action recorded without its events."""
    import sqlalchemy as sa

    from kit.record import schema
    from kit.record.loading import ID_CHUNK, no_events
    from kit.record.store import open_store

    a = schema.actions
    ids = sorted(game_ids)
    q = sa.select(a.c.game_id).distinct().where(
        a.c.game_id.in_(sa.bindparam("ids", expanding=True)), no_events(a.c.events))

    def fetch(conn: sa.Connection) -> list[int]:
        return sorted(r[0] for i in range(0, len(ids), ID_CHUNK)
                      for r in conn.execute(q, {"ids": ids[i:i + ID_CHUNK]}))

    return open_store(source).read(fetch) if ids else []


def event_types(source: Any, game: str, game_ids: list[int], look: int = 30) -> list[str]:
    """The event types of ``game``: its rule edge cases, and every type that the events of
    up to ``look`` of these games hold (read and parsed)."""
    from kit.record.loading import load

    seen = load(source, game, game_ids=game_ids[:look], on_diverge="skip").events["type"]
    return list(EDGE_CASES.get(game, {})) + sorted(
        t for t in set(seen.astype(object).dropna()) if t not in EDGE_CASES.get(game, {}))


def _leaders(result: dict) -> frozenset[int] | None:
    """The seats leading in a (provisional) result: first place, else fewest cards left."""
    places = result.get("places")
    if isinstance(places, list) and places and all(isinstance(p, int) for p in places):
        return frozenset(i for i, p in enumerate(places) if p == min(places))
    left = result.get("cards_left")  # Pug Party ranks by cards held (PP-R max_actions)
    if isinstance(left, list) and left and all(isinstance(n, int) for n in left):
        return frozenset(i for i, n in enumerate(left) if n == min(left))
    return None


def replay_metrics(source: Any, game: str, game_ids: list[int],
                   progress: Any = None) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Ludii-style metrics of each game, by replaying it from its seed and actions.

    Returns (per game: ``branching`` mean legal moves, ``lead_changes`` (times a sole
    leader was overtaken), ``drama`` (share of moves after which the eventual sole
    winner was not leading; NaN without a sole winner), ``decisive`` (a sole winner)),
    and (per game and tenth of the game: ``branching``). Games that no longer replay,
    or began from a prepared situation, are left out.
    """
    import pandas as pd
    import sqlalchemy as sa

    import kit
    from kit.record import schema
    from kit.record.loading import ID_CHUNK
    from kit.record.store import open_store

    store = open_store(source)
    g, a = schema.games, schema.actions
    ids: sa.BindParameter[list[int]] = sa.bindparam("ids", expanding=True)

    def fetch(conn: sa.Connection) -> tuple[list, list]:
        gs: list[sa.Row[*tuple[Any, ...]]] = []
        acts: list[sa.Row[*tuple[Any, ...]]] = []
        for i in range(0, len(game_ids), ID_CHUNK):
            params = {"ids": list(game_ids[i:i + ID_CHUNK])}
            gs.extend(conn.execute(sa.select(g.c.id, g.c.players, g.c.seed, g.c.options,
                                             g.c.result, g.c.start_snapshot).where(
                g.c.id.in_(ids)).order_by(g.c.id), params).all())
            acts.extend(conn.execute(sa.select(a.c.game_id, a.c.action).where(
                a.c.game_id.in_(ids)).order_by(a.c.game_id, a.c.seq), params).all())
        return gs, acts

    rows, acts = store.read(fetch)
    by_game: dict[int, list] = {}
    for gid, action in acts:
        by_game.setdefault(gid, []).append(action)
    per_game, per_tenth = [], []
    for row in rows if progress is None else progress(rows, desc="replays", leave=False):
        if row.start_snapshot:
            continue
        final = row.result or {}
        winners = final.get("winners")
        if not isinstance(winners, list):
            winners = [final["winner"]] if final.get("winner") is not None else []
        sole = winners[0] if len(winners) == 1 else None
        # every seat won together (a cooperative game): nobody leads, nothing to follow
        together = len(set(winners)) >= row.players
        try:
            state = kit.new_game(game, row.players, row.seed, **(row.options or {}))
            branching, leader, changes, behind = [], None, 0, 0
            for action in by_game.get(row.id, []):
                branching.append(len(state.legal_actions()))
                state.apply(action)
                lead = None if together else _leaders(state.result())
                if lead is not None and len(lead) == 1:
                    if leader is not None and lead != leader:
                        changes += 1
                    leader = lead
                if sole is not None and (lead is None or sole not in lead):
                    behind += 1
        except (ValueError, KeyError, TypeError):  # the rules changed since: left out
            continue
        n = len(branching)
        if n == 0:
            continue
        per_game.append({"game_id": row.id, "branching": sum(branching) / n,
                         "lead_changes": changes, "decisive": sole is not None,
                         "drama": behind / n if sole is not None else math.nan})
        for k, b in enumerate(branching):
            per_tenth.append((row.id, min(9, 10 * k // n), b))
    games_df = pd.DataFrame(per_game, columns=["game_id", "branching", "lead_changes",
                                               "decisive", "drama"]).set_index("game_id")
    tenth = (pd.DataFrame(per_tenth, columns=["game_id", "tenth", "branching"])
             .groupby(["game_id", "tenth"])["branching"].mean().reset_index())
    return games_df, tenth


def first_movers(source: Any, game: str, game_ids: list[int]) -> pd.Series:
    """The seat that took each game's first recorded action (by ``game_id``): who moved
    first, which is not always seat 0 (WL: right of the dealer; DM: by the deal).

    Read through the actions' key: move 0 of every game of ``game`` (0.03 s for 10,000
    games on SQLite, where a lookup by ids takes 0.08 s and a first move found by
    ``min(seq)`` 0.4 s), then the first move of the games recorded from a later one."""
    import pandas as pd
    import sqlalchemy as sa

    from kit.record import schema
    from kit.record.loading import ID_CHUNK
    from kit.record.store import open_store

    a, g, b = schema.actions, schema.games, schema.actions.alias("b")
    at_zero = sa.select(a.c.game_id, a.c.seat).join(g, g.c.id == a.c.game_id).where(
        g.c.game == game, a.c.seq == 0)
    first = sa.select(sa.func.min(b.c.seq)).where(b.c.game_id == a.c.game_id).scalar_subquery()
    later = sa.select(a.c.game_id, a.c.seat).where(
        a.c.game_id.in_(sa.bindparam("ids", expanding=True)), a.c.seq == first)

    def fetch(conn: sa.Connection) -> dict[int, Any]:
        seats = {int(gid): seat for gid, seat in conn.execute(at_zero)}
        rest = [i for i in game_ids if i not in seats]
        for k in range(0, len(rest), ID_CHUNK):
            seats.update(conn.execute(later, {"ids": rest[k:k + ID_CHUNK]}).all())
        return seats

    seats = open_store(source).read(fetch) if game_ids else {}
    return pd.Series([seats.get(i) for i in game_ids], index=pd.Index(game_ids, name="game_id"),
                     dtype="Int64", name="first_seat")


def incomplete_runs(source: Any, game: str) -> pd.DataFrame:
    """The runs of ``game`` whose session is marked not complete (still running, or
    stopped), which :func:`kit.record.load` leaves out: per run its session, players,
    bots, option set, games recorded and planned, and the command that plays the rest."""
    import pandas as pd
    import sqlalchemy as sa

    from kit.record import schema
    from kit.record.loading import _has_complete, option_set_label
    from kit.record.store import SessionRecord, open_store
    from kit.simulate import run_params

    store = open_store(source)
    s, g = schema.sessions, schema.games
    mine = sa.func.sum(sa.case((sa.and_(g.c.game == game, g.c.status == "finished"), 1),
                               else_=0))
    q = (sa.select(s.c.id, s.c.label, s.c.facilitator, s.c.notes, mine)
         .select_from(s.outerjoin(g, g.c.session_id == s.c.id))
         .where(s.c.complete == sa.false()).group_by(s.c.id).order_by(s.c.id))
    rows = store.read(lambda conn: conn.execute(q).all() if _has_complete(conn) else [])
    cols = ["session", "players", "bots", "option_set", "recorded", "planned", "resume"]
    out = []
    for sid, label, facilitator, notes, recorded in rows:
        try:
            run = run_params(SessionRecord(sid, label, facilitator, "", notes or ""))
        except ValueError:  # (a ConfigError) a session with no plan: only if it has games
            if recorded:
                out.append([sid, None, "", "", int(recorded), None, None])
            continue
        if run["game"] != game:
            continue
        out.append([sid, run["players"], ",".join(run["bots"]),
                    option_set_label(game, run["options"]), int(recorded or 0), run["games"],
                    f"python -m kit simulate {game} --players {run['players']} "
                    f"--db '{store.shown}' --resume {sid}"])
    return pd.DataFrame(out, columns=cols)


@dataclass(frozen=True)
class StoreChoice:
    """Which store the notebook reads (see :func:`find_store`)."""

    #: the store, or None when none of the places looked at holds a game
    url: str | None
    #: where it came from, in words
    why: str
    #: the stores looked at, in order
    looked: tuple[str, ...]


def find_store(environ: Mapping[str, str] | None = None, cwd: Path | None = None,
               root: Path | None = None) -> StoreChoice:
    """The store to analyse: ``$KIT_ANALYSIS_URL`` if set (as it is); else the first
    that holds games of ``$KIT_RECORD_URL`` (where the apps and ``simulate`` record) or,
    without it, ``playtests.sqlite`` in ``cwd`` and in the kit's folder (``root``), where
    ``python -m kit simulate`` and the apps write by default when run there."""
    from kit.record.errors import StoreError
    from kit.record.loading import game_names

    env = os.environ if environ is None else environ
    if env.get("KIT_ANALYSIS_URL"):
        url = env["KIT_ANALYSIS_URL"]
        return StoreChoice(url, "named by KIT_ANALYSIS_URL", (url,))
    if env.get("KIT_RECORD_URL"):
        places = [(env["KIT_RECORD_URL"], "the playtest apps' store, named by KIT_RECORD_URL")]
    else:
        here = (Path.cwd() if cwd is None else cwd).resolve()
        kit_root = (KIT_ROOT if root is None else root).resolve()
        places = [(f"sqlite:///{here / 'playtests.sqlite'}", "playtests.sqlite in this folder"),
                  (f"sqlite:///{kit_root / 'playtests.sqlite'}",
                   "playtests.sqlite in the kit's folder, where python -m kit simulate and "
                   "the apps record when started there")]
        places = list(dict(places).items())  # (the same folder once)
    looked: list[str] = []
    for url, why in places:
        looked.append(url)
        try:
            if game_names(url):
                return StoreChoice(url, why, tuple(looked))
        except StoreError:
            continue
    return StoreChoice(None, "", tuple(looked))


@dataclass
class Figures:
    """What the analysis notebook shows for one game of one store (see :func:`figures`)."""

    game: str
    #: every game (the games table, as :func:`kit.record.load` reads it)
    games: pd.DataFrame
    #: one row per seat of every game, with its game's ``lineup``
    seats: pd.DataFrame
    #: per finished game: option set, line-up (players, bots, people), length, score,
    #: the seat that moved first and (competitive games) its win and place; for the
    #: sampled games also turns and ``n_<event>``; for the replayed ones the Ludii metrics
    per_game: pd.DataFrame
    #: the event types counted (``n_<type>`` columns of per_game)
    events: list[str]
    #: thinking time per (kind, action type), from the sample and every game with people
    decisions: pd.DataFrame
    #: mean branching factor per tenth of the game, line-up and option set (95% intervals)
    branching: pd.DataFrame
    feedback: pd.DataFrame
    #: the games whose events could not be read (they no longer replay)
    diverged: list = field(default_factory=list)
    #: the runs left out because they did not finish (:func:`incomplete_runs`)
    incomplete: pd.DataFrame | None = None
    #: the store read (password hidden)
    url: str = ""

    def __repr__(self) -> str:
        m = self.per_game
        sampled = int(m["turns"].notna().sum()) if "turns" in m.columns else 0
        replayed = int(m["branching"].notna().sum()) if "branching" in m.columns else 0
        left = self._left_out()
        return (f"<Figures {self.game}: {len(self.games)} games ({len(m)} finished, "
                f"{sampled} sampled for events and turns, {replayed} replayed), "
                f"{len(self.feedback)} feedback forms, {len(self.diverged)} not replaying"
                + (f", {left} in runs that did not finish (left out)" if left else "") + ">")

    @property
    def cooperative(self) -> bool:
        """The players win or lose together: no seat advantage, one team score."""
        return self.game in COOPERATIVE

    @property
    def score_name(self) -> str:
        """What the score is, and which way is better (``"penalty points per player
        (lower is better)"``)."""
        name, better = SCORES.get(self.game, ("score", ""))
        return f"{name} ({better} is better)" if better else name

    def _left_out(self) -> int:
        runs = self.incomplete
        return 0 if runs is None or runs.empty else int(runs["recorded"].sum())

    def overview(self) -> str:
        """Markdown: what the store holds for this game, and what is left out and why."""
        import kit

        g, title = self.games, kit.spec(self.game).title
        where = f" in `{self.url}`" if self.url else ""
        done = int(g["finished"].sum())
        if done:
            rules = ", ".join(sorted(map(str, g["rules_version"].dropna().unique())))
            text = (f"**{title}**{where}: {done} finished games"
                    f" ({int((g['humans'] > 0).sum())} with people, "
                    f"{len(g) - done} not finished), {int(g['actions'].sum()):,} moves, "
                    f"{len(self.feedback)} feedback forms; rules version {rules}.")
        else:
            text = f"**{title}**{where}: no finished games to analyse yet."
        return text + self._incomplete_text()

    def _incomplete_text(self) -> str:
        runs = self.incomplete
        if runs is None or runs.empty:
            return ""
        lines = []
        for r in runs.itertuples():
            planned = f" of {r.planned:,}" if r.planned == r.planned and r.planned else ""
            who = f", {lineup_label(r.players, r.bots)}, {r.option_set}" if r.players else ""
            how = f" Play the missing games with `{r.resume}`." if r.resume else ""
            lines.append(f"- session {r.session}: {r.recorded:,}{planned} games "
                         f"recorded{who}.{how}")
        return (f"\n\n**Left out:** {self._left_out():,} games of simulation runs that did "
                "not finish (still running, or stopped); every figure below leaves them "
                "out. When a run is complete, run this notebook again.\n\n"
                + "\n".join(lines))

    def lineups(self) -> pd.DataFrame:
        """Finished games per line-up (players, bots, people) and option set."""
        m = self.per_game
        return (m.groupby(["lineup", "option_set"], sort=True).size().rename("games")
                .reset_index().sort_values(["lineup", "games"], ascending=[True, False],
                                           ignore_index=True))

    def seat_advantage(self) -> pd.DataFrame:
        """Per line-up, option set and seat: win rate, mean place and score with 95%
        intervals (:func:`seat_advantage`); a cooperative game has none (ValueError)."""
        import pandas as pd

        if self.cooperative:
            raise ValueError(f"{self.game} is cooperative: the players win or lose "
                             "together, so no seat has an advantage; see scores()")
        s = self.seats[self.seats["finished"].astype(bool)]
        parts = [seat_advantage(grp).assign(lineup=lineup, option_set=label)
                 for (lineup, label), grp in s.groupby(["lineup", "option_set"],
                                                       observed=True, sort=True)]
        cols = ["lineup", "option_set", *seat_advantage(s.iloc[:0]).columns]
        return pd.concat(parts, ignore_index=True)[cols] if parts else pd.DataFrame(
            columns=cols)

    def first_mover(self) -> pd.DataFrame:
        """Per line-up and option set: how often the player who moved first won, against
        a fair share (1 / players), their mean place, and a sentence saying so."""
        import pandas as pd

        if self.cooperative:
            raise ValueError(f"{self.game} is cooperative: the players win or lose "
                             "together; see scores()")
        rows = []
        for (lineup, label), grp in self.per_game.groupby(["lineup", "option_set"],
                                                          sort=True):
            won = grp["first_won"].dropna()
            if won.empty:
                continue
            k, n, fair = int(won.sum()), len(won), 1 / int(grp["players"].iloc[0])
            lo, hi = wilson_interval(k, n)
            place, place_lo, place_hi = mean_interval(grp["first_place"])
            edge = ("an advantage" if lo > fair else "a disadvantage" if hi < fair
                    else "no clear advantage or disadvantage")
            says = (f"{lineup} ({label}): the player who moved first won {k / n:.1%} of "
                    f"{n} games (95% interval {lo:.1%} to {hi:.1%}) against a fair share "
                    f"of {fair:.1%}: {edge}.")
            rows.append({"lineup": lineup, "option_set": label, "games": n, "wins": k,
                         "win_rate": k / n, "win_lo": lo, "win_hi": hi, "fair": fair,
                         "mean_place": place, "place_lo": place_lo, "place_hi": place_hi,
                         "says": says})
        return pd.DataFrame(rows, columns=["lineup", "option_set", "games", "wins",
                                           "win_rate", "win_lo", "win_hi", "fair",
                                           "mean_place", "place_lo", "place_hi", "says"])

    def scores(self) -> pd.DataFrame:
        """Per line-up and option set: the mean score per player (a cooperative game:
        the team's score) with its 95% interval, lowest and highest."""
        import pandas as pd

        rows = []
        for (lineup, label), grp in self.per_game.groupby(["lineup", "option_set"],
                                                          sort=True):
            x = grp["score"].dropna()
            if x.empty:
                continue
            mean, lo, hi = mean_interval(x)
            rows.append({"lineup": lineup, "option_set": label, "games": len(x),
                         "mean": mean, "lo": lo, "hi": hi, "lowest": float(x.min()),
                         "highest": float(x.max())})
        return pd.DataFrame(rows, columns=["lineup", "option_set", "games", "mean", "lo",
                                           "hi", "lowest", "highest"])

    def event_rates(self, option_set: str | None = None, lineup: str | None = None,
                    bookkeeping: bool = False) -> pd.DataFrame:
        """Per event type: share of the sampled games (of one option set, one line-up, or
        all) where it fired (95% interval) and mean per game, as :func:`edge_case_rates`,
        with its name in words (``label``). Bookkeeping events (:data:`BOOKKEEPING`)
        only with ``bookkeeping``."""
        import pandas as pd

        m = self.per_game
        m = m[m["turns"].notna()] if "turns" in m.columns else m.iloc[:0]
        if option_set is not None:
            m = m[m["option_set"] == option_set]
        if lineup is not None:
            m = m[m["lineup"] == lineup]
        names = EDGE_CASES.get(self.game, {})
        skip = frozenset() if bookkeeping else BOOKKEEPING.get(self.game, frozenset())
        rows = []
        for kind in self.events:
            if kind in skip:
                continue
            col = m[f"n_{kind}"] if f"n_{kind}" in m.columns else pd.Series(dtype=float)
            k, n = int((col > 0).sum()), len(col)
            lo, hi = wilson_interval(k, n)
            rows.append({"event": kind, "label": event_label(self.game, kind),
                         "rule": names.get(kind, ""), "edge": kind in names, "games": n,
                         "games_with": k, "share": k / n if n else math.nan,
                         "share_lo": lo, "share_hi": hi,
                         "per_game": float(col.mean()) if n else math.nan})
        out = pd.DataFrame(rows, columns=["event", "label", "rule", "edge", "games",
                                          "games_with", "share", "share_lo", "share_hi",
                                          "per_game"])
        return out.sort_values(["edge", "share"], ascending=[False, False], ignore_index=True)

    def comparable(self) -> tuple[str, str, str] | None:
        """(line-up, a, b): the line-up of bot games with the most games under two or more
        option sets, and its two most played ones (the defaults first when there)."""
        m = self.per_game[self.per_game["humans"] == 0]
        best: tuple[int, str, str, str] | None = None
        for lineup, grp in m.groupby("lineup", sort=True):
            counts = grp["option_set"].value_counts()
            if len(counts) < 2 or (best is not None and len(grp) <= best[0]):
                continue
            sets = [str(s) for s in counts.index[:2]]
            if "defaults" in counts.index:
                sets = ["defaults", next(str(s) for s in counts.index if s != "defaults")]
            best = (len(grp), str(lineup), sets[0], sets[1])
        return None if best is None else best[1:]

    def compare(self, a: str, b: str, lineup: str | None = None) -> pd.DataFrame:
        """Option set ``b`` against ``a``, figure by figure, in games played alike (one
        line-up: players, bots and people); see :func:`compare`."""
        return compare(self.per_game, a, b, events=self.events,
                       seats=self.seats[self.seats["game_id"].isin(self.per_game.index)],
                       game=self.game, lineup=lineup)


def figures(source: Any, game: str, *, sample: int = SAMPLE, replays: int = REPLAYS,
            seed: int = 0, progress: bool = False) -> Figures:
    """Every figure of the analysis notebook for ``game``, computed where the data is.

    The games table is read whole; the actions of up to ``sample`` finished games per
    option set and line-up are counted in the database (events, turns) and read for
    thinking times (with every game that had people at the table); ``replays`` games per
    option set and line-up are replayed for the branching factor, lead changes and
    drama. Games of runs that did not finish are left out and listed (``incomplete``).
    ``progress`` shows a bar. A game the kit does not know raises
    :class:`kit.ConfigError`.
    """
    import pandas as pd

    import kit
    from kit.record.loading import load
    from kit.record.store import open_store

    kit.spec(game)  # ConfigError: unknown game, naming the kit's games
    steps = ["games", "sample", "decision times", "replays", "feedback"]
    bar = _bar(progress, len(steps))
    try:
        bar.set_description("games")
        source = open_store(source)  # one engine for every read below
        rec = load(source, game, events=False)
        games, seats = rec.games, rec.seats
        done = games.loc[games["finished"].astype(bool), "game_id"].tolist()
        per_game = _per_game(pd, game, games, seats, first_movers(source, game, done))
        seats = seats.assign(lineup=seats["game_id"].map(_lineups(games)))
        bar.update()
        bar.set_description("sample")
        ids = sample_ids(games, sample, seed)
        types = event_types(source, game, ids) if ids else list(EDGE_CASES.get(game, {}))
        counts = event_counts(source, ids, types) if ids else None
        people = games.loc[games["humans"] > 0, "game_id"].tolist()
        # games recorded without their events (boards that passed none) are replayed
        replayed = load(source, game, game_ids=without_events(source, set(ids) | set(people)),
                        on_diverge="skip")
        if counts is not None:
            again = edge_case_counts(replayed.events, replayed.games)
            again = again[again.index.isin(counts.index)]
            for t in types:
                counts.loc[again.index, f"n_{t}"] = (
                    again[t].to_numpy(dtype="int32") if t in again.columns else 0)
            per_game = per_game.join(counts.drop(columns="actions"))
        else:  # nothing sampled: the columns are there, empty
            per_game = per_game.assign(turns=math.nan, **{f"n_{t}": math.nan for t in types})
        bar.update()
        bar.set_description("decision times")
        decisions = decision_times(thinking_times(source, sorted(set(ids) | set(people)),
                                                  seats))
        bar.update()
        bar.set_description("replays")
        again = sample_ids(games, replays, seed)
        ludii, tenth = replay_metrics(source, game, again,
                                      progress=_inner(progress))
        ludii = ludii.drop(columns="decisive")
        if game in COOPERATIVE:  # nobody leads a cooperative game
            ludii = ludii.drop(columns=["lead_changes", "drama"])
        per_game = per_game.join(ludii)
        tenth = tenth.merge(per_game[["lineup", "option_set"]], left_on="game_id",
                            right_index=True)
        branching = _tenths(pd, tenth)
        bar.update()
        bar.set_description("feedback")
        feedback = rec.feedback
        incomplete = incomplete_runs(source, game)
        bar.update()
    finally:
        bar.close()
    return Figures(game, games, seats, per_game, types, decisions, branching, feedback,
                   replayed.diverged, incomplete, source.shown)


def _bar(progress: bool, total: int) -> Any:
    from tqdm.auto import tqdm

    return tqdm(total=total, desc="figures", disable=not progress, leave=False)


def _inner(progress: bool) -> Any:
    if not progress:
        return None
    from tqdm.auto import tqdm

    return tqdm


def _lineups(games: pd.DataFrame) -> pd.Series:
    """Each game's line-up in words (by ``game_id``), worked out once per distinct one."""
    import pandas as pd

    keys = list(zip(games["players"].tolist(), games["bots"].astype(str).tolist(),
                    games["humans"].tolist(), strict=True))
    words = {k: lineup_label(*k) for k in set(keys)}
    return pd.Series([words[k] for k in keys], index=games["game_id"].to_numpy(),
                     dtype=object)


def _per_game(pd: Any, game: str, games: pd.DataFrame, seats: pd.DataFrame,
              first: pd.Series) -> pd.DataFrame:
    """One row per finished game from the games table and each game's first mover."""
    g = games[games["finished"].astype(bool)].set_index("game_id")
    out = pd.DataFrame({"option_set": g["option_set"].astype(object),
                        "players": g["players"], "bots": g["bots"].astype(object),
                        "humans": g["humans"], "lineup": _lineups(games).reindex(g.index),
                        "actions": g["actions"], "minutes": g["duration_min"]}, index=g.index)
    s = seats[seats["game_id"].isin(g.index)]
    score = pd.to_numeric(s["score"], errors="coerce")
    out["score"] = score.groupby(s["game_id"]).mean()
    out["first_seat"] = first.reindex(g.index)
    if game in COOPERATIVE:  # every seat wins or loses with the others
        return out
    by_seat = s.set_index(["game_id", "seat"])
    key = pd.MultiIndex.from_arrays([g.index, out["first_seat"].fillna(-1).astype(int)])
    out["first_won"] = by_seat["won"].reindex(key).astype("Float64").astype(float).to_numpy()
    out["first_place"] = pd.to_numeric(by_seat["place"].reindex(key),
                                       errors="coerce").to_numpy()
    out["decisive"] = g["winners"].map(lambda w: float(isinstance(w, list) and len(w) == 1))
    return out


def _tenths(pd: Any, tenth: pd.DataFrame) -> pd.DataFrame:
    rows = []
    for (lineup, label, k), grp in tenth.groupby(["lineup", "option_set", "tenth"], sort=True):
        mean, lo, hi = mean_interval(grp["branching"])
        rows.append({"lineup": lineup, "option_set": label, "tenth": k, "branching": mean,
                     "lo": lo, "hi": hi, "games": len(grp)})
    return pd.DataFrame(rows, columns=["lineup", "option_set", "tenth", "branching", "lo",
                                       "hi", "games"])


# ------------------------------------------------------------------ two option sets

#: the figures :func:`compare` tests: (column, what it is, kind: mean or rate); the
#: score's name and direction come from :data:`SCORES`
COMPARED = [("score", "mean score", "mean"), ("actions", "game length (moves)", "mean"),
            ("turns", "game length (turns: a player's moves in a row count once)", "mean"),
            ("first_won", "win rate of the player who moved first", "rate"),
            ("first_place", "mean place of the player who moved first", "mean"),
            ("decisive", "share of games with a sole winner", "rate"),
            ("lead_changes", "lead changes per game", "mean"),
            ("drama", "drama (share of moves the winner spent behind)", "mean"),
            ("branching", "branching factor (legal moves to choose from)", "mean")]

#: the family-wise level: the intervals of all figures compared hold together this often
LEVEL = 0.95

COMPARE_COLUMNS = ["figure", "metric", "better", "a", "b", "diff", "diff_lo", "diff_hi",
                   "diff_lo_corrected", "diff_hi_corrected", "test", "p", "p_corrected",
                   "n_a", "n_b", "kind"]


def compare(per_game: pd.DataFrame, a: str, b: str, events: Sequence[str] = (),
            seats: pd.DataFrame | None = None, *, game: str | None = None,
            lineup: str | None = None) -> pd.DataFrame:
    """Option set ``b`` against ``a``: one row per figure with both values, the
    difference b − a, its 95% interval for the figure alone (``diff_lo``, ``diff_hi``)
    and corrected for the number of figures compared (``*_corrected``: Bonferroni, so
    that all the intervals hold together 95% of the time), a significance test, its
    p-value alone (``p``) and corrected (``p_corrected``, = p × figures, at most 1), and a
    sentence (``says``, which uses the corrected ones: a corrected interval leaves out 0
    exactly when the corrected p is below 0.05).

    Only games played alike are compared: one line-up (players, bots, people; pass
    ``lineup`` when the two sets were played in more than one), else a ValueError says
    what differs; so does an option set that has no games, or the same set twice.
    Figures that say nothing are left out: bookkeeping events (:data:`BOOKKEEPING`),
    a figure that is one constant in every game of both sets, and one that repeats an
    earlier figure game for game.

    Means: Welch's t-test and interval. Rates: the difference of proportions (its
    Agresti–Caffo interval and the z-test that matches it). Place distribution (every
    seat): a chi-squared test of the table of places by option set. Event counts: the
    mean per game, and for rule edge cases the share of games where one fired.
    """
    import pandas as pd
    from scipy import stats

    per_game = _alike(pd, per_game, a, b, lineup)
    pa, pb = per_game[per_game["option_set"] == a], per_game[per_game["option_set"] == b]
    rows: list[dict] = []
    seen: list[pd.Series] = []
    for col, what, kind, better in _specs(game, events):
        if col not in per_game.columns:
            continue
        xa = pd.to_numeric(pa[col], errors="coerce").dropna().astype(float)
        xb = pd.to_numeric(pb[col], errors="coerce").dropna().astype(float)
        if kind == "fired":
            xa, xb = (xa > 0).astype(float), (xb > 0).astype(float)
        both = pd.concat([xa, xb])
        if len(xa) < 2 or len(xb) < 2 or both.nunique() == 1 or any(
                both.equals(x) for x in seen):
            continue  # too few games, one constant everywhere, or a repeat: says nothing
        seen.append(both)
        rows.append({"figure": what, "metric": col, "better": better,
                     "a": float(xa.mean()), "b": float(xb.mean()), "n_a": len(xa),
                     "n_b": len(xb), "kind": kind, **_tested(stats, kind, xa, xb)})
    if seats is not None:
        row = _places_test(pd, stats, seats, per_game, a, b)
        if row is not None:
            rows.append(row)
    return _corrected(pd, stats, rows, a, b)


def _specs(game: str | None, events: Sequence[str]) -> list[tuple[str, str, str, str]]:
    """(column, figure in words, kind, which way is better) of every figure compared."""
    name, better = SCORES.get(game or "", ("mean score", ""))
    specs = [(c, name if c == "score" else w, k, better if c == "score" else "")
             for c, w, k in COMPARED]
    skip = BOOKKEEPING.get(game or "", frozenset())
    edges = EDGE_CASES.get(game or "", {})
    shown = [t for t in events if t not in skip]
    specs += [(f"n_{t}", f"{event_label(game or '', t)}: times per game", "mean", "")
              for t in shown]
    specs += [(f"n_{t}", f"share of games with {event_label(game or '', t)}", "fired", "")
              for t in shown if t in edges]
    return specs


def _tested(stats: Any, kind: str, xa: pd.Series, xb: pd.Series) -> dict:
    """The difference b − a, the centre and standard error of its interval, the degrees
    of freedom of its test (inf: normal) and the p-value of the figure alone."""
    diff = float(xb.mean() - xa.mean())
    if kind == "mean":
        va, vb = xa.var(ddof=1) / len(xa), xb.var(ddof=1) / len(xb)
        se, centre, test = math.sqrt(va + vb), diff, "Welch t-test"
        # Welch–Satterthwaite degrees of freedom
        dof = ((va + vb) ** 2 / (va ** 2 / (len(xa) - 1) + vb ** 2 / (len(xb) - 1))
               if se else math.inf)
    else:  # Agresti–Caffo: one success and one failure added to each set
        ra, rb = (xa.sum() + 1) / (len(xa) + 2), (xb.sum() + 1) / (len(xb) + 2)
        se = math.sqrt(ra * (1 - ra) / (len(xa) + 2) + rb * (1 - rb) / (len(xb) + 2))
        centre, dof, test = float(rb - ra), math.inf, "z-test of proportions"
    # every game alike within each set: a difference is certain, or there is none
    certain = 1.0 if centre == 0 else 0.0
    p = float(2 * stats.t.sf(abs(centre) / se, dof)) if se else certain
    return {"diff": diff, "centre": centre, "se": se, "dof": dof, "test": test, "p": p}


def _corrected(pd: Any, stats: Any, rows: list[dict], a: str, b: str) -> pd.DataFrame:
    """The table of :func:`compare`: intervals alone and corrected, p-values alone and
    corrected, sentences."""
    m = max(1, sum(1 for r in rows if r["p"] == r["p"]))
    for r in rows:
        r["p_corrected"] = min(1.0, r["p"] * m) if r["p"] == r["p"] else math.nan
        if "se" not in r:
            continue
        for suffix, level in (("", 0.95), ("_corrected", 1 - (1 - LEVEL) / m)):
            q = float(stats.t.ppf(1 - (1 - level) / 2, r["dof"]))
            lo, hi = r["centre"] - q * r["se"], r["centre"] + q * r["se"]
            if r["kind"] != "mean":
                lo, hi = max(-1.0, lo), min(1.0, hi)
            r[f"diff_lo{suffix}"], r[f"diff_hi{suffix}"] = lo, hi
    out = pd.DataFrame(rows, columns=COMPARE_COLUMNS)
    out["says"] = [say(r, a, b, m) for r in out.itertuples()]
    return out


def _alike(pd: Any, per_game: pd.DataFrame, a: str, b: str,
           lineup: str | None) -> pd.DataFrame:
    """The games of ``a`` and ``b`` played alike (one line-up), or a ValueError saying
    what is wrong: the same set twice, a set with no games, line-ups that differ."""
    if a == b:
        raise ValueError(f"compare two different option sets, not {a!r} with itself")
    counts = per_game["option_set"].astype(str).value_counts()
    known = "; ".join(f"{s!r} ({n} games)" for s, n in counts.items()) or "none"
    for name in (a, b):
        if name not in counts.index:
            raise ValueError(f"no finished games under the option set {name!r}; the "
                             f"option sets recorded are: {known}")
    sub = per_game[per_game["option_set"].isin([a, b])]
    if "lineup" not in sub.columns:
        if not {"players", "bots"} <= set(sub.columns):
            return sub  # (a frame without line-ups: taken as played alike)
        humans = sub["humans"] if "humans" in sub.columns else 0
        sub = sub.assign(lineup=[lineup_label(p, bt, h) for p, bt, h in zip(
            sub["players"], sub["bots"].astype(str), pd.Series(humans, index=sub.index),
            strict=True)])
    sets = {name: sub.loc[sub["option_set"] == name, "lineup"].value_counts()
            for name in (a, b)}
    common = [x for x in sets[a].index if x in sets[b].index]
    if lineup is not None and lineup in common:
        return sub[sub["lineup"] == lineup]
    if lineup is None and sub["lineup"].nunique() == 1:
        return sub
    listed = " ".join(f"{name!r}: " + "; ".join(f"{x} ({n} games)" for x, n in s.items())
                      + "." for name, s in sets.items())
    advice = (f"Pass lineup= one that both have: {', '.join(map(repr, common))}."
              if common else f"They share no line-up: simulate {b!r} with the players "
                             f"and bots of {a!r}.")
    if lineup is not None:
        raise ValueError(f"{lineup!r} is not a line-up that both {a!r} and {b!r} have. "
                         f"{listed} {advice}")
    raise ValueError(f"the games of {a!r} and {b!r} were not all played alike (the same "
                     f"players and bots), so their figures would mix those differences "
                     f"with the options'. {listed} {advice}")


def _places_test(pd: Any, stats: Any, seats: pd.DataFrame, per_game: pd.DataFrame, a: str,
                 b: str) -> dict | None:
    label = per_game["option_set"]
    s = seats[seats["game_id"].isin(label.index)].copy()
    s["option_set"] = s["game_id"].map(label)
    s = s[s["option_set"].isin([a, b])]
    place = pd.to_numeric(s["place"], errors="coerce")
    table = pd.crosstab(s["option_set"], [s["seat"], place])
    if table.shape[0] < 2 or place.nunique() < 2:
        return None  # every seat always in the same place (a cooperative game)
    chi2 = stats.chi2_contingency(table.to_numpy())
    return {"figure": "places of each seat", "metric": "places", "better": "", "a": math.nan,
            "b": math.nan, "diff": math.nan, "test": f"chi-squared ({chi2.dof} df)",
            "p": float(chi2.pvalue), "n_a": int((s["option_set"] == a).sum()),
            "n_b": int((s["option_set"] == b).sum()), "kind": "distribution"}


def verdict(p: float) -> str:
    """How sure a p-value (corrected for the figures compared) lets us be that a
    difference is real."""
    if p != p:
        return "not tested"
    if p < 0.001:
        return "almost certainly a real change"
    if p < 0.01:
        return "very likely a real change"
    if p < 0.05:
        return "probably a real change; more games would make sure"
    return "no clear change: the difference may be chance"


def say(row: Any, a: str, b: str, figures: int = 1) -> str:
    """One sentence: what changed from ``a`` to ``b`` in this figure, and how sure we are
    (interval and p-value corrected for the ``figures`` compared together)."""
    sure = verdict(row.p_corrected)
    ps = _ps(row.p, row.p_corrected, figures)
    if row.kind == "distribution":
        return f"The {row.figure} under {b} against {a}: {sure} ({row.test}, {ps})."
    pct = row.kind in ("rate", "fired")

    def fmt(x: float) -> str:
        return f"{100 * x:.1f}%" if pct else f"{x:.3g}"

    if row.diff == 0:
        change = "the same"
    else:
        size = f"{100 * abs(row.diff):.1f} points" if pct else f"{abs(row.diff):.3g}"
        change = f"{'higher' if row.diff > 0 else 'lower'} by {size}"
        if row.better and row.p_corrected < 0.05:
            change += ": better" if (row.diff > 0) == (row.better == "higher") else ": worse"
    better = f" ({row.better} is better)" if row.better else ""
    widened = f", widened for the {figures} figures compared" if figures > 1 else ""
    return (f"{row.figure[0].upper()}{row.figure[1:]}{better}: {fmt(row.a)} under {a}, "
            f"{fmt(row.b)} under {b}, {change} (95% interval "
            f"{_signed(row.diff_lo_corrected, pct)} to {_signed(row.diff_hi_corrected, pct)}"
            f"{widened}; {row.n_a} and {row.n_b} games): {sure} ({ps}).")


def _signed(x: float, pct: bool) -> str:
    return f"{100 * x:+.1f}" if pct else f"{x:+.3g}"


def _p(p: float) -> str:
    return "p n/a" if p != p else ("p < 0.001" if p < 0.001 else f"p = {p:.3f}")


def _ps(p: float, corrected: float, figures: int) -> str:
    if figures <= 1:
        return _p(p)
    alone = "n/a" if p != p else ("below 0.001" if p < 0.001 else f"{p:.3f}")
    return f"{_p(corrected)} corrected for {figures} figures; {alone} for this figure alone"


def summary(table: pd.DataFrame, a: str, b: str) -> str:
    """Markdown: the figures that changed (surest first, one sentence each) and those
    that did not."""
    m = len(table)
    how = ("" if m <= 1 else f"; each interval and p-value is corrected for comparing {m} "
           "figures at once, so all the intervals hold together 95% of the time")
    real = table[table["p_corrected"] < 0.05].sort_values("p_corrected")
    if real.empty:
        return (f"Between {a} and {b}, no figure changed beyond what chance explains "
                f"({m} figures compared{how}).")
    same = table[~(table["p_corrected"] < 0.05)]["figure"].tolist()
    lines = "\n".join(f"- {s}" for s in real["says"])
    rest = f"\n\nNo clear change in: {', '.join(same)}." if same else ""
    return f"What changed from {a} to {b} ({m} figures compared{how}):\n\n{lines}{rest}"
