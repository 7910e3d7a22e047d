"""Figures for the closing notes: ``python -m kit stats domino_metro --players 3 --games 1000``.

Plays seeded games seed..seed+games-1 (``seed`` 0 by default) with the chosen bots and
the given options, and reports average turns, how often a game ends by Metro,
domino-Metro or a block, and seat rates (with the option ``games`` above 1, of each
match's first game).
A *turn* is one seat's go that ends in a kept placement or a pass (draws and changes are
part of it).
"""

from __future__ import annotations

import random
from collections import Counter

import kit
from kit.bots import make_bot, play_out
from kit.domino_metro.match import BLOCKED, DOMINO_METRO, METRO, OUT
from kit.intervals import ci95


def play(seed: int, players: int, bots: str = "rule", **options: object) -> kit.GameState:
    """One seeded game (or match) played to the end by ``bots``."""
    state = kit.new_game("domino_metro", players, seed, **options)
    return play_out(state, [make_bot("domino_metro", bots) for _ in range(players)],
                    random.Random(seed))


def summarize(games: int, players: int, bots: str = "rule", seed: int = 0,
              **options: object) -> dict:
    """Statistics of seeded games seed..seed+games-1 with ``options`` (JSON-able)."""
    ends: Counter = Counter()
    wins = [0] * players
    losses = [0] * players
    moles = [0] * players
    leads = [0] * players
    totals: Counter = Counter()
    for k in range(seed, seed + games):
        state = play(k, players, bots, **options)
        record = state.result()["records"][0]
        ends[record["end"]] += 1
        leads[record["lead"]] += 1
        for s in range(players):
            wins[s] += record["places"][s] == 1
            losses[s] += s in record["losers"]
            moles[s] += s in record["moles"]
        for key in ("turns", "placements", "draws", "passes", "changes"):
            totals[key] += record[key]
        totals["actions"] += len(state.history)
        totals["lead_wins"] += record["places"][record["lead"]] == 1

    def rate(n: int) -> float:
        return round(n / games, 4)

    return {
        "game": "domino_metro", "players": players, "games": games, "bots": bots,
        "seed": seed, "options": options,
        "average": {key: round(totals[key] / games, 2)
                    for key in ("turns", "actions", "placements", "draws", "passes", "changes")},
        "ends": {"out": rate(ends[OUT]), "metro": rate(ends[METRO]),
                 "domino_metro": rate(ends[DOMINO_METRO]), "blocked": rate(ends[BLOCKED])},
        "metro_rate": rate(ends[METRO] + ends[DOMINO_METRO]),
        "domino_metro_rate": rate(ends[DOMINO_METRO]),
        "blocked_rate": rate(ends[BLOCKED]),
        "seat_win_rate": [rate(w) for w in wins],
        "seat_win_rate_ci95": [ci95(w, games) for w in wins],
        "seat_loss_rate": [rate(x) for x in losses],
        "seat_mole_rate": [rate(m) for m in moles],
        "seat_lead_rate": [rate(x) for x in leads],
        "lead_win_rate": rate(totals["lead_wins"]),
    }
