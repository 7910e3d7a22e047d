"""Figures of seeded «Лист ожидания» games: ``python -m kit stats waiting_list --players 4``.

For the closing note of the engine issue: average turns per round, how often the claim
window (WL-6, WL-R3) is used, how often a covered card comes back to the top dead
(WL-7), how rounds end (WL-10, the ``round_laps`` bound), and the seat win rates.
Seat 0 deals round 1 (``first_dealer``), so seat 3 of 4 plays first in round 1.
"""

from __future__ import annotations

import random
from collections import Counter

import kit
from kit.bots import make_bot
from kit.intervals import ci95


def play_events(seed: int, players: int, bots: str, **options: object) -> tuple[kit.GameState,
                                                                                 list[dict]]:
    """One seeded game of ``bots`` and all its events."""
    state = kit.new_game("waiting_list", players, seed, **options)
    seats = [make_bot("waiting_list", bots) for _ in range(players)]
    rng = random.Random(seed)
    events: list[dict] = []
    while not state.over:
        seat = state.to_act
        assert seat is not None
        events += state.apply(seats[seat].choose(state.view(seat), state.legal_actions(), rng))
    return state, events


def per(x: float, n: int) -> float | None:
    """``x / n`` rounded, or None when there is nothing to divide by."""
    return round(x / n, 4) if n else None


def summarize(games: int, players: int, bots: str = "rule", seed: int = 0,
              **options: object) -> dict:
    """Statistics of games with seeds seed..seed+games-1 (JSON-able)."""
    kinds: Counter = Counter()
    reasons: Counter = Counter()
    turns: list[int] = []
    round_wins = [0] * players
    wins_shared = [0.0] * players
    wins_any = [0] * players
    scores: list[int] = []
    actions = 0
    for k in range(seed, seed + games):
        state, events = play_events(k, players, bots, **options)
        actions += len(state.history)
        kinds.update(ev["type"] for ev in events)
        for ev in events:
            if ev["type"] == "round_end":
                reasons[ev["reason"]] += 1
                turns.append(ev["turns"])
                if ev["winner"] is not None:
                    round_wins[ev["winner"]] += 1
        result = state.result()
        for s in result["winners"]:
            wins_any[s] += 1
            wins_shared[s] += 1 / len(result["winners"])
        scores += result["scores"]
    rounds = len(turns)
    windows = kinds["take"] + kinds["decline"]  # each window opens with the next seat's choice
    taken = kinds["take"] + kinds["claim"]
    return {
        "game": "waiting_list", "players": players, "games": games, "bots": bots,
        "seed": seed, "options": dict(options),
        "rounds": rounds,
        "actions_per_game": per(actions, games),
        "turns_per_round": per(sum(turns), rounds),
        "turns_per_round_max": max(turns, default=0),
        "round_end_reasons": dict(reasons),
        "claim_window": {
            "windows": windows,
            "next_seat_took": per(kinds["take"], windows),
            "claimed_out_of_turn": per(kinds["claim"], windows),
            "nobody_took": per(kinds["decline"] - kinds["claim"], windows),
            "claims_per_round": per(kinds["claim"], rounds),
            "passes_per_round": per(kinds["pass"], rounds),
        },
        "covered_card_back_on_top_dead": {
            "times": kinds["resurfaced"],
            "per_round": per(kinds["resurfaced"], rounds),
            "per_window": per(kinds["resurfaced"], windows),
            "share_of_takes_and_claims": per(kinds["resurfaced"], taken),
        },
        "reshuffles_per_round": per(kinds["reshuffle"], rounds),
        "reveals_per_round": per(kinds["reveal"], rounds),
        "seat_win_rate": [per(w, games) for w in wins_shared],
        "seat_win_rate_ci95": [ci95(w, games) for w in wins_shared],
        "seat_win_or_share_rate": [per(w, games) for w in wins_any],
        "seat_round_win_rate": [per(w, rounds) for w in round_wins],
        "mean_total_penalty": per(sum(scores), len(scores)),
    }
