"""The README's table of house rules the rule bots' play does not meet: with and without
each option, the same seeds give the same results. A bot taught to use one of them
fails this test, and the table (which tells designers what a simulation can measure)
is then updated."""

from __future__ import annotations

import pytest

import kit
from kit.bots import make_bot, play_out

PLAYERS = {"hanabi": 3, "pug_party": 4, "domino_metro": 3, "waiting_list": 3}
#: (game, option, value, rule id, deals): the README's table
UNMET = [
    ("pug_party", "voluntary_pickup", True, "PP-R5", 10),
    ("pug_party", "specials_together", False, "PP-R4", 10),
    ("hanabi", "allow_empty_hints", True, "HB-R1", 10),
    ("domino_metro", "metro_forced", "hand", "DM-R2", 10),
    ("domino_metro", "first_double", "plain", "DM-R3", 10),
    ("waiting_list", "claim_needs_fit", False, "WL-6", 2),
    ("waiting_list", "characters_dealt", "face_down", "WL-R5", 2),
]


def _results(game: str, deals: int, **options: object) -> list[dict]:
    out = []
    for seed in range(deals):
        state = kit.new_game(game, players=PLAYERS[game], seed=seed, **options)
        play_out(state, [make_bot(game, "rule") for _ in range(PLAYERS[game])], rng=seed)
        out.append(state.result())
    return out


@pytest.mark.parametrize(("game", "option", "value", "rule", "deals"), UNMET,
                         ids=[f"{g}-{o}" for g, o, *_ in UNMET])
def test_the_rule_bots_games_end_alike_with_and_without_the_option(
        game: str, option: str, value: object, rule: str, deals: int) -> None:
    assert option in kit.spec(game).declaration()["options"], (option, rule)
    assert _results(game, deals) == _results(game, deals, **{option: value}), (
        f"the rule bots now meet {option} ({rule}): update the README's table")


def test_an_option_the_bots_meet_changes_their_games() -> None:
    """PP-R5: the direction carrying over into a new round changes the rule bots' games;
    so the comparison above can tell a change."""
    assert _results("pug_party", 5) != _results("pug_party", 5, new_round="carries_over")
