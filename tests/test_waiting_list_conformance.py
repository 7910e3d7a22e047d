"""«Лист ожидания»: the conformance harness (kit.testing) for 2–6 players and each ruling.

Random playouts rarely finish a round, so most runs use short rounds (``round_laps=2``:
two laps of the table, then the WL-11 length bound ends the round) to keep the harness
fast; one run plays the default options.
"""

from __future__ import annotations

import pytest

from kit.testing import check_game


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_wl1_to_wl11_harness_for_every_seat_count(players: int) -> None:
    check_game("waiting_list", players=players, seeds=range(3 if players <= 4 else 2),
               deep_every={2: 1, 3: 2, 4: 4}.get(players, 5), round_laps=2)


def test_wl11_harness_with_default_round_length() -> None:
    check_game("waiting_list", players=2, seeds=[7], deep_every=60)


@pytest.mark.parametrize("options", [
    {"claim_needs_fit": False},                        # WL-6: any claim (hands grow)
    {"first_card_claims": False},                      # WL-R3
    {"keep_characters": True, "tie_break": "rounds_won", "first_dealer": 2},  # WL-1, WL-2
    {"characters_dealt": "face_down", "reshuffle": "when_needed"},           # WL-R5
    {"characters_dealt": "face_down", "keep_characters": True},              # WL-R5, WL-1
])
def test_wl_r3_rulings_pass_the_harness(options: dict) -> None:
    check_game("waiting_list", players=4, seeds=range(2), deep_every=4, round_laps=2, **options)


def test_wl_r1_harness_on_a_prepared_deal() -> None:
    from kit.waiting_list import scenarios

    deal = scenarios.load("claim_then_forced_draw").options["deal"]
    check_game("waiting_list", players=3, seeds=range(2), deep_every=2, round_laps=2, deal=deal)
