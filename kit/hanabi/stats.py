"""``python -m kit stats hanabi``: scores of seeded bot games."""

from __future__ import annotations

import random
import statistics

import kit
from kit.bots import make_bot, play_out
from kit.intervals import mean_ci


def summarize(games: int, players: int, bots: str = "rule", seed: int = 0,
              **options: object) -> dict:
    """Score figures of ``games`` seeded games (seeds seed..seed+games-1) of ``bots``;
    the score's 95 % interval kept within 0..the variant's maximum (HB-9)."""
    scores, lost, perfect, turns, top = [], 0, 0, [], 0
    for k in range(seed, seed + games):
        state = kit.new_game("hanabi", players, k, **options)
        play_out(state, [make_bot("hanabi", bots) for _ in range(players)], random.Random(k))
        result = state.result()
        scores.append(result["score"])
        lost += result["lost"]
        perfect += result["perfect"]
        turns.append(len(state.history))
        top = result["max_score"]
    _, lo, hi = mean_ci(scores)
    return {"game": "hanabi", "players": players, "games": games, "bots": bots,
            "seed": seed, "options": options, "mean_score": round(statistics.fmean(scores), 2),
            "mean_score_ci95": [round(max(lo, 0.0), 2), round(min(hi, top), 2)],
            "stdev_score": round(statistics.pstdev(scores), 2),
            "median_score": statistics.median(scores), "lost": lost, "perfect": perfect,
            "mean_turns": round(statistics.fmean(turns), 1)}
