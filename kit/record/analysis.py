"""Statistics for the analysis notebook.

Two levels. On the frames of :func:`kit.record.load` (plain pandas in, pandas out, no
plotting): seat advantage with confidence intervals, decision times per action type,
how often each rule edge case fired, a comparison of two option sets. At scale,
:func:`figures` computes every figure of the notebook where the data is (the games table
read whole, event counts and turns counted in the database for a seeded sample, replays
for the Ludii-style metrics), and :func:`compare` sets two option sets side by side
figure by figure, with a 95% interval, a significance test (Holm-adjusted) and a
sentence. Intervals are 95% (Wilson for rates, normal approximation for means and
differences).
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
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
# sample of finished games per option set: the actions table holds some 23 kB a game,
# and any full scan of it (for event counts: 1.8 s per 10,000 games on SQLite) would
# not fit a 100,000-game store into seconds. The event counts and turns of the sample
# are computed in the database; every figure says how many games it rests on.

#: games per option set whose actions are read (event rates, turns, decision times)
SAMPLE = 2000
#: games per option set replayed for the Ludii-style metrics (branching, lead, drama)
REPLAYS = 100


def sample_ids(games: pd.DataFrame, per_set: int = SAMPLE, seed: int = 0) -> list[int]:
    """Up to ``per_set`` finished games of each option set, drawn at random (seeded)."""
    import numpy as np

    done = games[games["finished"].astype(bool)]
    rng = np.random.default_rng(seed)
    out: list[int] = []
    for _, grp in done.groupby("option_set", observed=True, sort=True):
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


@dataclass
class Figures:
    """What the analysis notebook shows for one game of one store (see :func:`figures`)."""

    game: str
    #: every game (the games table, as :func:`kit.record.load` reads it)
    games: pd.DataFrame
    #: one row per seat of every game
    seats: pd.DataFrame
    #: per finished game: option set, length, score, first seat's win and place; for the
    #: sampled games also turns and ``n_<event>``; for the replayed ones the Ludii metrics
    per_game: pd.DataFrame
    #: the event types counted (``n_<type>`` columns of per_game)
    events: list[str]
    #: thinking time per (kind, action type), from the sample and every game with people
    decisions: pd.DataFrame
    #: mean branching factor per tenth of the game and option set, with 95% intervals
    branching: pd.DataFrame
    feedback: pd.DataFrame
    #: the games whose events could not be read (they no longer replay)
    diverged: list = field(default_factory=list)

    def __repr__(self) -> str:
        m = self.per_game
        sampled = int(m["turns"].notna().sum()) if "turns" in m.columns else 0
        replayed = int(m["branching"].notna().sum()) if "branching" in m.columns else 0
        return (f"<Figures {self.game}: {len(self.games)} games ({len(m)} finished, "
                f"{sampled} sampled for events and turns, {replayed} replayed), "
                f"{len(self.feedback)} feedback forms, {len(self.diverged)} not replaying>")

    def event_rates(self, option_set: str | None = None) -> pd.DataFrame:
        """Per event type: share of the sampled games where it fired (95% interval) and
        mean per game, as :func:`edge_case_rates`."""
        import pandas as pd

        m = self.per_game.dropna(subset=["turns"])
        if option_set is not None:
            m = m[m["option_set"] == option_set]
        names = EDGE_CASES.get(self.game, {})
        rows = []
        for kind in self.events:
            col = m[f"n_{kind}"]
            k, n = int((col > 0).sum()), len(col)
            lo, hi = wilson_interval(k, n)
            rows.append({"event": kind, "rule": names.get(kind, ""), "edge": kind in names,
                         "games": n, "games_with": k, "share": k / n if n else math.nan,
                         "share_lo": lo, "share_hi": hi,
                         "per_game": float(col.mean()) if n else math.nan})
        out = pd.DataFrame(rows, columns=["event", "rule", "edge", "games", "games_with",
                                          "share", "share_lo", "share_hi", "per_game"])
        return out.sort_values(["edge", "share"], ascending=[False, False], ignore_index=True)

    def compare(self, a: str, b: str) -> pd.DataFrame:
        """Option set ``b`` against ``a``, figure by figure (see :func:`compare`)."""
        return compare(self.per_game, a, b, events=self.events,
                       seats=self.seats[self.seats["game_id"].isin(self.per_game.index)])


def figures(source: Any, game: str, *, sample: int = SAMPLE, replays: int = REPLAYS,
            seed: int = 0, progress: bool = False) -> Figures:
    """Every figure of the analysis notebook for ``game``, computed where the data is.

    The games table is read whole; the actions of up to ``sample`` finished games per
    option set are counted in the database (events, turns) and read for thinking times
    (with every game that had people at the table); ``replays`` games per option set are
    replayed for the branching factor, lead changes and drama. ``progress`` shows a bar.
    """
    import pandas as pd

    from kit.record.loading import load
    from kit.record.store import open_store

    steps = ["games", "sample", "decision times", "replays", "feedback"]
    bar = _bar(progress, len(steps))
    try:
        bar.set_description("games")
        source = open_store(source)  # one engine for every read below
        rec = load(source, game, events=False)
        games, seats = rec.games, rec.seats
        per_game = _per_game(pd, games, seats)
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
        bar.update()
        bar.set_description("decision times")
        decisions = decision_times(thinking_times(source, sorted(set(ids) | set(people)),
                                                  seats))
        bar.update()
        bar.set_description("replays")
        again = sample_ids(games, replays, seed)
        ludii, tenth = replay_metrics(source, game, again,
                                      progress=_inner(progress))
        per_game = per_game.join(ludii.drop(columns="decisive"))
        tenth = tenth.merge(per_game[["option_set"]], left_on="game_id", right_index=True)
        branching = _tenths(pd, tenth)
        bar.update()
        bar.set_description("feedback")
        feedback = rec.feedback
        bar.update()
    finally:
        bar.close()
    return Figures(game, games, seats, per_game, types, decisions, branching, feedback,
                   replayed.diverged)


def _bar(progress: bool, total: int) -> Any:
    from tqdm.auto import tqdm

    return tqdm(total=total, desc="figures", disable=not progress, leave=False)


def _inner(progress: bool) -> Any:
    if not progress:
        return None
    from tqdm.auto import tqdm

    return tqdm


def _per_game(pd: Any, games: pd.DataFrame, seats: pd.DataFrame) -> pd.DataFrame:
    """One row per finished game from the games table alone."""
    g = games[games["finished"].astype(bool)].set_index("game_id")
    out = pd.DataFrame({"option_set": g["option_set"].astype(object),
                        "players": g["players"], "bots": g["bots"].astype(object),
                        "humans": g["humans"], "actions": g["actions"],
                        "minutes": g["duration_min"]}, index=g.index)
    s = seats[seats["game_id"].isin(g.index)]
    score = pd.to_numeric(s["score"], errors="coerce")
    out["score"] = score.groupby(s["game_id"]).mean()
    first = s[s["seat"] == 0].set_index("game_id")
    out["seat0_won"] = first["won"].astype("Float64").astype(float)
    out["seat0_place"] = pd.to_numeric(first["place"], errors="coerce")
    out["decisive"] = g["winners"].map(lambda w: float(isinstance(w, list) and len(w) == 1))
    return out


def _tenths(pd: Any, tenth: pd.DataFrame) -> pd.DataFrame:
    rows = []
    for (label, k), grp in tenth.groupby(["option_set", "tenth"], sort=True):
        mean, lo, hi = mean_interval(grp["branching"])
        rows.append({"option_set": label, "tenth": k, "branching": mean, "lo": lo, "hi": hi,
                     "games": len(grp)})
    return pd.DataFrame(rows, columns=["option_set", "tenth", "branching", "lo", "hi", "games"])


#: the figures :func:`compare` tests: (column, what it is, kind: mean or rate)
COMPARED = [("score", "mean score", "mean"), ("actions", "game length (actions)", "mean"),
            ("turns", "game length (turns)", "mean"),
            ("seat0_won", "first player's win rate", "rate"),
            ("seat0_place", "first player's mean place", "mean"),
            ("decisive", "share of games with a sole winner", "rate"),
            ("lead_changes", "lead changes per game", "mean"),
            ("drama", "drama (moves the winner spent behind)", "mean"),
            ("branching", "branching factor (legal moves)", "mean")]


def compare(per_game: pd.DataFrame, a: str, b: str, events: Sequence[str] = (),
            seats: pd.DataFrame | None = None) -> pd.DataFrame:
    """Option set ``b`` against ``a``: one row per figure with both values, the
    difference b − a and its 95% interval, a significance test and its p-value (Holm-
    adjusted over the rows, as many figures are tested at once) and a sentence.

    Means: Welch's t-test. Rates: the difference of proportions (normal interval) and
    Fisher's exact test. Place distribution (every seat): a chi-squared test of the
    table of places by option set. Event rates: the share of games where the event
    fired, and its mean per game.
    """
    import pandas as pd
    from scipy import stats

    pa, pb = per_game[per_game["option_set"] == a], per_game[per_game["option_set"] == b]
    specs = list(COMPARED) + [(f"n_{t}", f"'{t}' events per game", "mean") for t in events]
    specs += [(f"n_{t}", f"share of games with '{t}'", "fired") for t in events]
    rows = []
    for col, what, kind in specs:
        if col not in per_game.columns:
            continue
        xa = pd.to_numeric(pa[col], errors="coerce").dropna().astype(float)
        xb = pd.to_numeric(pb[col], errors="coerce").dropna().astype(float)
        if kind == "fired":
            xa, xb = (xa > 0).astype(float), (xb > 0).astype(float)
        if len(xa) < 2 or len(xb) < 2:
            continue
        if kind == "mean":
            va, vb = xa.var(ddof=1) / len(xa), xb.var(ddof=1) / len(xb)
            diff, half = xb.mean() - xa.mean(), Z95 * math.sqrt(va + vb)
            p = (1.0 if diff == 0 else 0.0) if va + vb == 0 else float(
                stats.ttest_ind(xb, xa, equal_var=False).pvalue)
            test = "Welch t-test"
        else:
            ka, kb = int(xa.sum()), int(xb.sum())
            ra, rb = ka / len(xa), kb / len(xb)
            diff = rb - ra
            half = Z95 * math.sqrt(ra * (1 - ra) / len(xa) + rb * (1 - rb) / len(xb))
            p = float(stats.fisher_exact([[ka, len(xa) - ka], [kb, len(xb) - kb]]).pvalue)
            test = "Fisher exact"
        rows.append({"figure": what, "metric": col, "a": float(xa.mean()),
                     "b": float(xb.mean()), "diff": float(diff), "diff_lo": diff - half,
                     "diff_hi": diff + half, "test": test, "p": p, "n_a": len(xa),
                     "n_b": len(xb), "kind": kind})
    if seats is not None:
        row = _places_test(pd, stats, seats, per_game, a, b)
        if row is not None:
            rows.append(row)
    out = pd.DataFrame(rows, columns=["figure", "metric", "a", "b", "diff", "diff_lo",
                                      "diff_hi", "test", "p", "n_a", "n_b", "kind"])
    out["p_holm"] = holm(out["p"].tolist())
    out["says"] = [say(r, a, b) for r in out.itertuples()]
    return out


def _places_test(pd: Any, stats: Any, seats: pd.DataFrame, per_game: pd.DataFrame, a: str,
                 b: str) -> dict | None:
    label = per_game["option_set"]
    s = seats[seats["game_id"].isin(label.index)].copy()
    s["option_set"] = s["game_id"].map(label)
    s = s[s["option_set"].isin([a, b])]
    table = pd.crosstab(s["option_set"], [s["seat"], pd.to_numeric(s["place"],
                                                                   errors="coerce")])
    if table.shape[0] < 2 or table.shape[1] < 2:
        return None  # every seat always in the same place (a cooperative game)
    chi2 = stats.chi2_contingency(table.to_numpy())
    return {"figure": "place distribution (every seat)", "metric": "places", "a": math.nan,
            "b": math.nan, "diff": math.nan, "diff_lo": math.nan, "diff_hi": math.nan,
            "test": f"chi-squared ({chi2.dof} df)", "p": float(chi2.pvalue),
            "n_a": int((s["option_set"] == a).sum()), "n_b": int((s["option_set"] == b).sum()),
            "kind": "distribution"}


def holm(pvalues: list[float]) -> list[float]:
    """Holm's step-down adjustment of p-values tested together (NaN stays NaN)."""
    order = sorted((p, i) for i, p in enumerate(pvalues) if p == p)
    out = [math.nan] * len(pvalues)
    running, m = 0.0, len(order)
    for rank, (p, i) in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p))
        out[i] = running
    return out


def verdict(p: float) -> str:
    """How sure a p-value (Holm-adjusted) lets us be that a difference is real."""
    if p != p:
        return "not tested"
    if p < 0.001:
        return "almost certainly a real change"
    if p < 0.01:
        return "very likely a real change"
    if p < 0.05:
        return "probably a real change; more games would make sure"
    return "no clear change: the difference may be chance"


def say(row: Any, a: str, b: str) -> str:
    """One sentence: what changed from ``a`` to ``b`` in this figure, and how sure we are."""
    sure = verdict(row.p_holm)
    if row.kind == "distribution":
        return (f"The {row.figure} under {b} against {a}: {sure} ({row.test}, "
                f"{_p(row.p_holm)}).")
    pct = row.kind in ("rate", "fired")

    def fmt(x: float) -> str:
        return f"{100 * x:.1f}%" if pct else f"{x:.3g}"

    unit = " points" if pct else ""
    if row.diff == 0:
        change = "the same"
    else:
        size = f"{100 * abs(row.diff):.1f}{unit}" if pct else f"{abs(row.diff):.3g}"
        change = f"{'higher' if row.diff > 0 else 'lower'} by {size}"
    return (f"{row.figure[0].upper()}{row.figure[1:]}: {fmt(row.a)} under {a}, {fmt(row.b)} "
            f"under {b}, {change} (95% CI {_signed(row.diff_lo, pct)} to "
            f"{_signed(row.diff_hi, pct)}; {row.n_a} and {row.n_b} games): {sure} "
            f"({_p(row.p_holm)}).")


def _signed(x: float, pct: bool) -> str:
    return f"{100 * x:+.1f}" if pct else f"{x:+.3g}"


def _p(p: float) -> str:
    return "p n/a" if p != p else ("p < 0.001" if p < 0.001 else f"p = {p:.3f}")


def summary(table: pd.DataFrame, a: str, b: str) -> str:
    """Markdown: the figures that changed (surest first, one sentence each) and those
    that did not."""
    real = table[table["p_holm"] < 0.05].sort_values("p_holm")
    if real.empty:
        return (f"Between {a} and {b}, no figure changed beyond what chance explains "
                f"({len(table)} figures tested; Holm-adjusted p >= 0.05).")
    same = table[~(table["p_holm"] < 0.05)]["figure"].tolist()
    lines = "\n".join(f"- {s}" for s in real["says"])
    rest = f"\n\nNo clear change in: {', '.join(same)}." if same else ""
    return f"What changed from {a} to {b} ({len(table)} figures tested):\n\n{lines}{rest}"
