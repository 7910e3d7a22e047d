"""Statistics for the analysis notebook, on the frames of :func:`kit.record.load`.

Plain pandas in, pandas out (no plotting here): seat advantage with confidence
intervals, decision times per action type, how often each rule edge case fired,
and a comparison of two option sets. Intervals are 95% (Wilson for rates, normal
approximation for means and differences of means).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

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

    timed = actions.dropna(subset=["thinking_time"])
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
    out = pd.DataFrame({"option_set": g["option_set"], "actions": g["actions"],
                        "turns": g["turns"]}, index=g.index)
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
