"""«Лист ожидания»: the rule bot's choices, the statistics and benchmark entry points, and
hypothesis properties of the engine (WL-4, WL-6, WL-7, WL-9, WL-10, WL-R3)."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import kit
from kit.bots import RandomBot, make_bot, play_out
from kit.waiting_list import Claim, Discard, Lay, Reveal, Take
from kit.waiting_list.legal import legal_from_view
from kit.waiting_list.scenarios import load, prepare
from kit.waiting_list.table import claim_order, counter_clockwise

GAME = "waiting_list"


def bot_choice(state: kit.GameState) -> object:
    seat = state.to_act
    return make_bot(GAME, "rule").choose(state.view(seat), state.legal_actions(),
                                         random.Random(0))


def test_wl_r3_rule_bot_takes_a_discard_it_needs() -> None:
    state = load("resurfaced_dead").state(upto=0)
    assert bot_choice(state) == Take(1)  # seat 2 lacks a surgeon


def test_wl6_rule_bot_claims_a_discard_it_needs_and_passes_otherwise() -> None:
    sc = load("two_claimants")
    state = sc.state(upto=0)
    assert bot_choice(state).TYPE == "draw"  # seat 3 already holds a kidney
    state.apply(sc.actions[0])
    assert bot_choice(state) == Claim(0)
    other = sc.state(upto=0)
    other.apply(sc.actions[0])
    other.apply({"type": "pass"})
    assert bot_choice(other) == Claim(0)  # seat 1 needs it too
    # with any claim allowed, a seat that already has a kidney still passes
    loose = prepare(3, [["kidney", "surgeon", "heart", "liver", "lung", "quota"],
                          ["kidney", "clinic", "heart", "liver", "lung", "infection"],
                          ["surgeon", "clinic", "heart", "liver", "lung", "no_beds"]],
                      turn=2, pile=["kidney"], claim_needs_fit=False)
    loose.apply({"type": "draw"})
    assert Claim(0) in loose.legal_actions() and bot_choice(loose).TYPE == "pass"


def test_wl9_rule_bot_reveals_lays_then_sheds_a_negative() -> None:
    state = load("reveal_two_negatives").state(upto=0)
    assert bot_choice(state) == Reveal(("clinic", "kidney", "surgeon"))
    state.apply(bot_choice(state))
    laid = []
    while isinstance(action := bot_choice(state), Lay):
        laid.append(action.card)
        state.apply(action)
    assert sorted(laid) == ["fact_eight_lives", "family_support"]
    assert action in (Discard("infection"), Discard("incompatible"))


def test_wl2_rule_bot_keeps_its_partial_combination() -> None:
    state = prepare(2, [["kidney", "surgeon", "heart", "liver", "quota", "infection",
                           "lung"], ["heart", "liver", "lung", "clinic", "no_beds", "quota"]],
                      turn=0, phase="play", pile=["organ_late"])
    assert bot_choice(state) == Discard("infection")
    state.hands[0].remove("infection")
    state.hands[0].append("heart")
    choice = bot_choice(state)
    assert choice.TYPE == "discard" and choice.card in ("heart", "liver", "lung")


def test_wl2_rule_bots_score_fewer_penalties_than_random_bots() -> None:
    rule_total = random_total = 0
    for seed in range(4):
        state = kit.new_game(GAME, 4, seed, round_laps=8)
        seats = [make_bot(GAME, "rule"), RandomBot(), make_bot(GAME, "rule"), RandomBot()]
        play_out(state, seats, random.Random(seed))
        scores = state.result()["scores"]
        rule_total += scores[0] + scores[2]
        random_total += scores[1] + scores[3]
    assert rule_total * 2 < random_total


def test_stats_summarize_reports_the_issue_figures() -> None:
    from kit.waiting_list.stats import summarize

    out = summarize(games=3, players=3)
    json.dumps(out)
    assert out["rounds"] == 15 and out["turns_per_round"] > 0
    window = out["claim_window"]
    total = window["next_seat_took"] + window["claimed_out_of_turn"] + window["nobody_took"]
    assert abs(total - 1) < 1e-3
    assert abs(sum(out["seat_win_rate"]) - 1) < 1e-3
    assert out["covered_card_back_on_top_dead"]["times"] >= 0
    assert sum(out["round_end_reasons"].values()) == 15


def test_bench_prints_games_per_second(capsys) -> None:
    from kit.waiting_list.bench import main

    main([2], 0.01)
    line = capsys.readouterr().out
    assert "waiting_list 2p rule-bot full games (5 rounds)" in line and "games/s" in line


# --------------------------------------------------------------------------- properties


@given(players=st.integers(2, 6), turn=st.integers(0, 5),
       discarder=st.one_of(st.none(), st.integers(0, 5)))
def test_wl_r3_claim_order_is_counter_clockwise_without_turn_and_discarder(
        players: int, turn: int, discarder: int | None) -> None:
    turn %= players
    if discarder is not None:
        discarder %= players
    order = claim_order(turn, discarder, players)
    ring = counter_clockwise(turn, players)
    assert list(order) == [s for s in ring[1:] if s != discarder]
    assert turn not in order and discarder not in order
    assert len(order) == players - 1 - (discarder is not None and discarder != turn)


@settings(max_examples=12, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**20), picks=st.randoms())
def test_wl7_invariants_hold_through_random_play(players: int, seed: int,
                                                  picks: random.Random) -> None:
    state = kit.new_game(GAME, players, seed, round_laps=1, claim_needs_fit=seed % 2 == 0)
    full = Counter(state.deck_data.main())
    while not state.over:
        view = state.view(state.to_act)
        pile = view["pile"]
        # WL-7: everything under the top is dead; the top is dead iff not top_live
        assert all(p["dead"] for p in pile[:-1])
        assert not pile or pile[-1]["dead"] == (not view["top_live"])
        if view["phase"] == "offer":
            assert pile and view["top_live"]
        legal = state.legal_actions()
        assert sorted(json.dumps(a.to_json(), sort_keys=True) for a in legal) == sorted(
            json.dumps(a.to_json(), sort_keys=True) for a in legal_from_view(view))
        zones = state.zones()
        main = Counter(c for z in ("deck", "pile", "hands", "combinations", "laid")
                       for c in zones[z])
        assert main == full
        for seat in range(players):
            assert not Counter(state.known[seat]) - Counter(state.hands[seat])
        state.apply(picks.choice(legal))
    assert len(state.result()["penalties"]) == 5


def _denying_discard(known: list[str]) -> tuple[object, object]:
    """Seat 0 lacks a clinic and sheds a spare card in round 1 (kidney + surgeon + clinic);
    seat 1 has not revealed and was seen to take ``known``."""
    from kit.waiting_list.denial import DenyingBot

    state = kit.new_game(GAME, 2, 5, deal={
        "turn": 0, "phase": "play",
        "hands": [["kidney", "kidney", "surgeon", "liver", "lung", "fact_one_in_ten",
                   "fact_regions"],
                  ["heart", "heart", "no_beds", "quota", "clinic", *(known or ["lung"])]],
        "known": [[], known]})
    view, legal = state.view(0), state.legal_actions()
    return (DenyingBot().choose(view, legal, random.Random(0)),
            make_bot(GAME, "rule").choose(view, legal, random.Random(0)))


def test_wl_r3_denying_bot_keeps_a_card_the_next_seat_needs() -> None:
    """WL-R3, WL-8: the next seat is offered every discard first; the search bot's policy
    keeps a spare kidney the unrevealed next seat likely lacks (the rule bot sheds it: its
    ties go by card id) and sheds a liver nobody needs, penalty for penalty (WL-R4)."""
    denying, rule = _denying_discard([])
    assert rule == Discard("kidney")
    assert denying == Discard("liver")


def test_wl8_denying_bot_sheds_what_the_next_seat_was_seen_to_hold() -> None:
    """WL-8: a kidney everyone saw the next seat take fills its need, so a spare kidney is
    no gift and the denying bot sheds it like the rule bot."""
    denying, rule = _denying_discard(["kidney"])
    assert denying == rule == Discard("kidney")


def test_the_denying_bot_is_a_bot_of_its_own_and_passes_the_harness() -> None:
    """The search bot's policy is selectable as ``denying`` (apps, simulate, tournament)
    and plays whole games from its seat's view only: the harness's bot check (WL-8)."""
    from kit.testing import check_game

    assert make_bot(GAME, "denying").name == "denying"
    assert "the rule bot" in kit.spec(GAME).declaration()["bot_descriptions"]["denying"]
    check_game(GAME, 3, seeds=[1], deep_every=40, seed_test=False, bot="denying")
