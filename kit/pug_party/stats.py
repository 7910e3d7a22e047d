"""Figures from seeded bot games: ``python -m kit stats pug_party --players 4 --games 1000``.

Games ``seed``, ``seed + 1``, ... (``seed`` 0 by default) are played by the chosen bot
in every seat, each with ``random.Random(its seed)`` for the bots' own choices, so the
figures are reproducible.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import kit
from kit.bots import make_bot, play_out
from kit.intervals import ci95


def _mean(xs: list[float]) -> float:
    return round(sum(xs) / len(xs), 3) if xs else 0.0


def _share(counter: Counter, n: int, players: int) -> list[float]:
    return [round(counter[s] / n, 4) if n else 0.0 for s in range(players)]


def summarize(games: int, players: int, bots: str = "rule", seed: int = 0,
              **options: Any) -> dict:
    """Average turns, pick-ups, burns (four of a kind vs Megapug) and seat win rates.

    - ``turns``: actions in the play phase (a burn's extra lead and a pick-up count);
    - ``pick_ups``: all pick-ups, of which ``voluntary`` (PP-R5 option) and after a
      failed blind card (PP-11);
    - ``burns``: by four of a kind (PP-5) and by Megapug (PP-7), per game;
    - ``win_rate``: share of games each seat went out first (seat 0 leads, PP-12);
      ``pug_holder_rate``: share each seat was left last (PP-R6);
    - ``truncated``: games that hit the length bound (``max_actions``).
    """
    turns, actions, pick_ups, voluntary, blind = [], [], [], [], []
    burns_four, burns_megapug = [], []
    wins: Counter = Counter()
    pugs: Counter = Counter()
    truncated = 0
    seat_bots = [make_bot("pug_party", bots) for _ in range(players)]
    for k in range(seed, seed + games):
        state = kit.new_game("pug_party", players, k, **options)
        play_out(state, seat_bots, random.Random(k))
        r = state.result()
        turns.append(r["turns"])
        actions.append(r["actions"])
        pick_ups.append(r["pick_ups"])
        voluntary.append(r["voluntary_pick_ups"])
        blind.append(r["blind_pick_ups"])
        burns_four.append(r["burns_four"])
        burns_megapug.append(r["burns_megapug"])
        wins[r["winner"]] += 1
        pugs[r["pug_holder"]] += 1
        truncated += r["truncated"]
    turns_sorted = sorted(turns)
    return {
        "game": "pug_party",
        "players": players,
        "games": games,
        "bots": bots,
        "seed": seed,
        "options": kit.spec("pug_party").resolve(players, 0, options)[2],
        "turns": {"mean": _mean(turns),
                  "median": turns_sorted[len(turns) // 2] if turns else 0,
                  "max": turns_sorted[-1] if turns else 0},
        "actions_mean": _mean(actions),
        "pick_ups_per_game": {"all": _mean(pick_ups), "voluntary": _mean(voluntary),
                              "failed_blind_card": _mean(blind)},
        "burns_per_game": {"four_of_a_kind": _mean(burns_four), "megapug": _mean(burns_megapug)},
        "burns_total": {"four_of_a_kind": sum(burns_four), "megapug": sum(burns_megapug)},
        "win_rate": _share(wins, games, players),
        "win_rate_ci95": [ci95(wins[s], games) for s in range(players)],
        "pug_holder_rate": _share(pugs, games, players),
        "truncated": truncated,
    }
