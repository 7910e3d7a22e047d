"""``python -m kit stats hanabi``: scores of seeded bot games."""

from __future__ import annotations

import random
import statistics

import kit
from kit.bots import make_bot, play_out
from kit.intervals import mean_ci


def summarize(games: int, players: int, bots: str = "rule", **options: object) -> dict:
    """Score figures of ``games`` seeded games (seeds 0..games-1) of ``bots``."""
    scores, lost, perfect, turns = [], 0, 0, []
    for seed in range(games):
        state = kit.new_game("hanabi", players, seed, **options)
        play_out(state, [make_bot("hanabi", bots) for _ in range(players)], random.Random(seed))
        result = state.result()
        scores.append(result["score"])
        lost += result["lost"]
        perfect += result["perfect"]
        turns.append(len(state.history))
    return {"game": "hanabi", "players": players, "games": games, "bots": bots,
            "options": options, "mean_score": round(statistics.fmean(scores), 2),
            "mean_score_ci95": [round(x, 2) for x in mean_ci(scores)[1:]],
            "stdev_score": round(statistics.pstdev(scores), 2),
            "median_score": statistics.median(scores), "lost": lost, "perfect": perfect,
            "mean_turns": round(statistics.fmean(turns), 1)}
