"""Bots against each other: ``python -m kit tournament GAME --players N --bots a,b[,c]``.

    python -m kit tournament waiting_list --players 2 --bots search,rule --games 200 \\
        --workers 2 --db sqlite:///tournament.sqlite

The bots, cycled over the seats (``a,b`` at 3 players is ``a,b,a``), play every deal
once in each seat rotation, so no bot keeps a lucky seat; each rotation is a
:func:`kit.simulate.simulate` run, recorded like any simulation (one session per
rotation). The table gives, per bot, its seat-games, the share of them it won
(place 1; a shared first place counts for each winner) with a 95 % Wilson interval,
its mean place and mean score, each with a 95 % normal interval.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import kit
from kit.errors import NC_, ConfigError
from kit.intervals import mean_ci, wilson
from kit.simulate import seat_bots, simulate


def lineups(bots: Sequence[str], players: int) -> list[list[str]]:
    """The bots cycled over the seats, in every rotation (distinct ones only)."""
    base = [bots[i % len(bots)] for i in range(players)]
    out: list[list[str]] = []
    for r in range(players):
        seats = base[r:] + base[:r]
        if seats not in out:
            out.append(seats)
    return out


@dataclass
class TournamentResult:
    game: str
    players: int
    bots: list[str]
    games: int  # deals, each played in every rotation
    rows: list[dict]
    runs: list[Any]

    def table(self) -> str:
        head = (f"{self.game}, {self.players} players, {self.games} deals x "
                f"{len(self.runs)} seat rotation(s); 95 % intervals")
        lines = [head, f"{'bot':<12} {'seat-games':>10} {'win rate':>22} {'mean place':>22} "
                       f"{'mean score':>24}"]
        for r in self.rows:
            lines.append(
                f"{r['bot']:<12} {r['seat_games']:>10} "
                f"{r['win_rate']:>6.3f} [{r['win_lo']:.3f}, {r['win_hi']:.3f}]  "
                f"{r['mean_place']:>6.2f} [{r['place_lo']:.2f}, {r['place_hi']:.2f}]  "
                f"{r['mean_score']:>7.2f} [{r['score_lo']:.2f}, {r['score_hi']:.2f}]")
        lines.append("recorded: " + "; ".join(f"session {run.session_id}" for run in self.runs)
                     + (f" in {self.runs[0].url}" if self.runs else ""))
        return "\n".join(lines)


def tournament(game: str, players: int, bots: str | Sequence[str], games: int,
               options: dict[str, Any] | None = None, *, workers: int = 1,
               db: str | Path | None = None, seed: int = 0,
               progress: str | bool = "auto") -> TournamentResult:
    """Play ``games`` deals of ``game`` in every seat rotation of ``bots``; a results table."""
    spec = kit.spec(game)
    names = [b.strip() for b in bots.split(",")] if isinstance(bots, str) else list(bots)
    if not names or len(names) > players:
        raise ConfigError("bots", f"name 1 to {players} bots, not {names}",
                          code=NC_("error", "bots_range"), high=players)
    rotations = lineups(names, players)
    for lineup in rotations:
        seat_bots(game, players, lineup)  # a ConfigError naming the allowed bots
    spec.resolve(players, seed, dict(options or {}))
    runs = []
    per_seat: dict[str, dict[str, list]] = {n: {"won": [], "place": [], "score": []}
                                            for n in dict.fromkeys(names)}
    for lineup in rotations:
        run = simulate(game, players, games, lineup, options, workers=workers, db=db,
                       seed=seed, progress=progress,
                       label=f"tournament {game} {players}p {','.join(lineup)}")
        runs.append(run)
        seats = run.load(events=False).seats
        for row in seats.itertuples():
            name = lineup[row.seat]
            per_seat[name]["won"].append(1.0 if row.won else 0.0)
            per_seat[name]["place"].append(float(row.place))
            if row.score is not None and not math.isnan(row.score):  # (no score: pug_party)
                per_seat[name]["score"].append(float(row.score))
    rows = []
    for name, got in per_seat.items():
        n = len(got["won"])
        lo, hi = wilson(sum(got["won"]), n)
        place = mean_ci(got["place"])
        score = mean_ci(got["score"])
        rows.append({"bot": name, "seat_games": n, "win_rate": sum(got["won"]) / n if n else
                     math.nan, "win_lo": lo, "win_hi": hi, "mean_place": place[0],
                     "place_lo": place[1], "place_hi": place[2], "mean_score": score[0],
                     "score_lo": score[1], "score_hi": score[2]})
    return TournamentResult(game, players, names, games, rows, runs)
