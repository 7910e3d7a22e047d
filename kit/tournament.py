"""Bots against each other: ``python -m kit tournament GAME --players N --bots a,b[,c]``.

    python -m kit tournament waiting_list --players 2 --bots search,rule --games 200 \\
        --workers 2 --db sqlite:///tournament.sqlite

The bots, cycled over the seats (``a,b`` at 3 players is ``a,b,a``), play every deal
once in each seat rotation, so no bot keeps a lucky seat; each rotation is a
:func:`kit.simulate.simulate` run, recorded like any simulation (one session per
rotation). The table gives, per bot, its seat-games, the share of them it won
(place 1; a shared first place counts for each winner) with a 95 % Wilson interval,
its mean place and (for a game that scores seats) mean score, each with a 95 % normal
interval, a place's kept within 1..players. A cooperative game (Hanabi: every seat
shares one score out of ``max_score``, and "wins" every game) has no win rate: the
table gives each team (seat rotation) its mean score, its interval within 0..maximum.
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
    """A tournament's table. ``rows``: per bot (``bot``, ``seat_games``, win rate,
    mean place, mean score with their intervals); in a cooperative game (a result with
    a shared ``score`` out of ``max_score``: Hanabi, HB-11) per team, each seat
    rotation (``team``, ``games``, mean score and interval, ``max_score``), then
    ``all`` of them when there are several."""

    game: str
    players: int
    bots: list[str]
    games: int  # deals, each played in every rotation
    rows: list[dict]
    runs: list[Any]
    cooperative: bool = False

    def table(self) -> str:
        head = (f"{self.game}, {self.players} players, {self.games} deals x "
                f"{len(self.runs)} seat rotation(s); 95 % intervals")
        body = self._team_lines() if self.cooperative else self._bot_lines()
        tail = ("recorded: " + "; ".join(f"session {run.session_id}" for run in self.runs)
                + (f" in {self.runs[0].url}" if self.runs else ""))
        return "\n".join([head, *body, tail])

    def _bot_lines(self) -> list[str]:
        """Per bot: win rate and mean place, and mean score where the game scores."""
        scored = any(not math.isnan(r["mean_score"]) for r in self.rows)
        lines = [f"{'bot':<12} {'seat-games':>10} {'win rate':>22} {'mean place':>22}"
                 + (f" {'mean score':>24}" if scored else "")]
        for r in self.rows:
            line = (f"{r['bot']:<12} {r['seat_games']:>10} "
                    f"{r['win_rate']:>6.3f} [{r['win_lo']:.3f}, {r['win_hi']:.3f}]  "
                    f"{r['mean_place']:>6.2f} [{r['place_lo']:.2f}, {r['place_hi']:.2f}]")
            if scored:
                line += f"  {r['mean_score']:>7.2f} [{r['score_lo']:.2f}, {r['score_hi']:.2f}]"
            lines.append(line)
        return lines

    def _team_lines(self) -> list[str]:
        """Per team (seat rotation): the shared score, out of its maximum."""
        top = max((r["max_score"] for r in self.rows), default=0)
        width = max([len("team (seats in order)")] + [len(r["team"]) for r in self.rows])
        lines = [f"cooperative: every seat shares the team's score (0-{top})",
                 f"{'team (seats in order)':<{width}} {'games':>6} {'mean score':>22}"]
        for r in self.rows:
            lines.append(f"{r['team']:<{width}} {r['games']:>6} {r['mean_score']:>7.2f} "
                         f"[{r['score_lo']:.2f}, {r['score_hi']:.2f}]")
        return lines


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
    runs, played = [], []
    for lineup in rotations:
        run = simulate(game, players, games, lineup, options, workers=workers, db=db,
                       seed=seed, progress=progress,
                       label=f"tournament {game} {players}p {','.join(lineup)}")
        runs.append(run)
        played.append((lineup, run.load(events=False)))
    results = [r for _, rec in played for r in rec.games["result"]]
    if results and all(isinstance(r, dict) and r.get("max_score") for r in results):
        rows = _team_rows(played, max(r["max_score"] for r in results))
        return TournamentResult(game, players, names, games, rows, runs, cooperative=True)
    return TournamentResult(game, players, names, games, _bot_rows(names, played, players),
                            runs)


def _within(ci: tuple[float, float, float], low: float, high: float) -> tuple[float, ...]:
    """A mean and its interval, the interval kept within the possible values."""
    mean, lo, hi = ci
    return (mean, min(max(lo, low), high), max(min(hi, high), low))


def _team_rows(played: list[tuple[list[str], Any]], top: float) -> list[dict]:
    """Per seat rotation (a team), then all of them: the shared score's mean and its
    interval within 0..``top`` (HB-9, HB-11)."""
    teams = [(",".join(lineup), [float(r["score"]) for r in rec.games["result"]])
             for lineup, rec in played]
    if len(teams) > 1:
        teams.append(("all", [x for _, xs in teams for x in xs]))
    rows = []
    for team, scores in teams:
        mean, lo, hi = _within(mean_ci(scores), 0.0, top)
        rows.append({"team": team, "games": len(scores), "mean_score": mean,
                     "score_lo": lo, "score_hi": hi, "max_score": top})
    return rows


def _bot_rows(names: list[str], played: list[tuple[list[str], Any]],
              players: int) -> list[dict]:
    """Per bot, over its seat-games: wins (Wilson interval), mean place (within
    1..players) and mean score (nan when the game has none: Pug Party)."""
    per_seat: dict[str, dict[str, list]] = {n: {"won": [], "place": [], "score": []}
                                            for n in dict.fromkeys(names)}
    for lineup, rec in played:
        for row in rec.seats.itertuples():
            got = per_seat[lineup[row.seat]]
            got["won"].append(1.0 if row.won else 0.0)
            got["place"].append(float(row.place))
            if row.score is not None and not math.isnan(row.score):
                got["score"].append(float(row.score))
    rows = []
    for name, got in per_seat.items():
        n = len(got["won"])
        lo, hi = wilson(sum(got["won"]), n)
        place = _within(mean_ci(got["place"]), 1.0, float(players))
        score = mean_ci(got["score"])
        rows.append({"bot": name, "seat_games": n, "win_rate": sum(got["won"]) / n if n else
                     math.nan, "win_lo": lo, "win_hi": hi, "mean_place": place[0],
                     "place_lo": place[1], "place_hi": place[2], "mean_score": score[0],
                     "score_lo": score[1], "score_hi": score[2]})
    return rows
