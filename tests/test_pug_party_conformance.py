"""«Вечірка мопсів» through the kit's conformance harness (kit.testing), 2-5 players.

Random-bot games run long (median about 330 actions, with a tail past 1,500), and
each deep check costs time in proportion to the history. So the random runs cap the
game with the ``max_actions`` length bound (PP-R6): about half of them still end
naturally, the rest exercise the truncation. The rule-bot runs (about 100 actions)
keep every default and reach the late states: face-up and blind cards, players
going out, the natural end.
"""

from __future__ import annotations

import pytest

from kit.testing import check_game

SEATS = [2, 3, 4, 5]


@pytest.mark.parametrize("players", SEATS)
def test_pp_conformance_rulebook_defaults(players):
    check_game("pug_party", players=players, seeds=range(2), deep_every=7, max_actions=300)


@pytest.mark.parametrize("players", SEATS)
def test_ppr1_ppr5_ppr6_conformance_swap_voluntary_pickup_short_bound(players):
    check_game("pug_party", players=players, seeds=[10 + players], deep_every=2, swap=True,
               voluntary_pickup=True, max_actions=120)


@pytest.mark.parametrize("players", SEATS)
def test_ppr2_ppr3_ppr4_conformance_rulings_switched(players):
    check_game("pug_party", players=players, seeds=[20 + players], deep_every=6,
               four_of_a_kind="single_play", down_wrap=False, specials_together=False,
               first_player=players - 1, max_actions=300)


@pytest.mark.parametrize("players", SEATS)
def test_pp10_pp12_conformance_rule_bot_late_game(players):
    check_game("pug_party", players=players, seeds=[30 + players], deep_every=3, bot="rule")
