"""«Вечірка мопсів»: bad input raises IllegalAction naming the rule id; nothing changes."""

from __future__ import annotations

import json

import pytest

import kit
from kit import testing
from kit.pug_party import PickUp, Play, PlayBlind, PlayFaceUp, Ready, Swap, scenarios


def snap(state) -> str:
    return json.dumps(state.snapshot(), sort_keys=True)


def refused(state, action, rule: str) -> kit.IllegalAction:
    """Refused under ``rule``, the state untouched, and not listed as legal either."""
    err = testing.refused(state, action, rule)
    assert not state.is_legal(action)
    return err


def hand_state(**kw):
    kw.setdefault("face_up", [["4"], ["4"]])
    kw.setdefault("face_down", [["1"], ["1"]])
    return scenarios.prepare(2, **kw)


def test_pp3_cards_of_different_values_in_one_play():
    state = hand_state(hands=[["5", "6", "6"], ["2"]])
    err = refused(state, {"type": "play", "card": ["5", "6"], "count": 2}, "PP-3")
    assert "different values" in err.message


def test_pp3_a_card_not_held():
    state = hand_state(hands=[["5", "6"], ["2"]])
    refused(state, Play("9"), "PP-3")
    refused(state, Play("6", 2), "PP-3")  # holds only one 6
    refused(state, Play("6", 0), "PP-3")
    refused(state, Play("joker"), "PP-3")  # not a card of the deck


def test_pp10_a_face_up_card_while_the_hand_is_not_empty():
    state = hand_state(hands=[["5"], ["2"]], face_up=[["9"], ["4"]])
    err = refused(state, PlayFaceUp("9"), "PP-10")
    assert "hand is empty" in err.message


def test_pp10_a_blind_card_chosen_by_value():
    state = scenarios.prepare(2, hands=[[], ["2"]], face_up=[[], ["3"]],
                           face_down=[["7", "8"], ["4"]], pile=["5"])
    err = refused(state, {"type": "play_blind", "card": "7"}, "PP-10")
    assert "position" in err.message
    refused(state, {"type": "play_blind", "value": 7, "position": 0}, "PP-10")
    refused(state, Play("7"), "PP-10")  # the hand is empty: not a hand card either
    refused(state, PlayFaceUp("7"), "PP-10")  # nor a face-up card
    refused(state, PlayBlind(5), "PP-10")  # no such position


def test_pp10_a_blind_card_while_table_cards_are_face_up():
    state = scenarios.prepare(2, hands=[[], ["2"]], face_up=[["9"], ["3"]],
                           face_down=[["7"], ["4"]], pile=["5"])
    refused(state, PlayBlind(0), "PP-10")


def test_ppr5_a_pick_up_when_it_is_not_allowed():
    state = hand_state(hands=[["9"], ["2"]], pile=["5"])
    err = refused(state, PickUp(), "PP-R5")
    assert "can play" in err.message
    empty = hand_state(hands=[["9"], ["2"]])
    refused(empty, PickUp(), "PP-R5")
    blind = scenarios.prepare(2, hands=[[], ["2"]], face_up=[[], ["3"]],
                           face_down=[["7"], ["4"]], pile=["8"])
    refused(blind, PickUp(), "PP-R5")  # a blind card is always tried (PP-11 picks up)


def test_pp2_pp8_a_card_that_does_not_cover_names_the_direction_rule():
    up = hand_state(hands=[["3", "megapug"], ["2"]], pile=["5"])
    refused(up, Play("3"), "PP-2")
    down = hand_state(hands=[["7", "megapug"], ["2"]], pile=["5", "breakdancer"])
    refused(down, Play("7"), "PP-8")
    face_up = scenarios.prepare(2, hands=[[], ["2"]], face_up=[["3", "9"], ["3"]],
                             face_down=[["1"], ["4"]], pile=["5"])
    refused(face_up, PlayFaceUp("3"), "PP-2")


def test_ppr1_swaps_outside_the_swap_phase_and_bad_swaps():
    state = hand_state(hands=[["5"], ["2"]])
    refused(state, Swap("5", "4"), "PP-R1")
    refused(state, Ready(), "PP-R1")
    swapping = kit.new_game("pug_party", 2, seed=5, swap=True)
    refused(swapping, Play(swapping.hands[0][0]), "PP-R1")
    missing = next(c for c in ("megapug", "poop", "breakdancer", "0")
                   if c not in swapping.hands[0])
    refused(swapping, Swap(missing, swapping.face_up[0][0]), "PP-R1")


def test_malformed_actions_name_a_rule_and_change_nothing():
    state = hand_state(hands=[["5"], ["2"]])
    for bad in (None, {}, {"type": "dance"}, {"type": "play"}, {"type": "play", "card": 5},
                {"type": "play", "card": "5", "count": "2"}, {"type": "play", "card": "5",
                                                              "seat": 1}):
        before = snap(state)
        with pytest.raises(kit.IllegalAction) as err:
            state.apply(bad)
        assert err.value.rule
        assert snap(state) == before


def test_no_action_after_the_game_is_over():
    state = scenarios.prepare(2, hands=[["9"], ["2"]], face_up=[[], ["1"]],
                           face_down=[[], []], pile=["5"])
    state.apply(Play("9"))
    assert state.over and state.legal_actions() == []
    with pytest.raises(kit.IllegalAction):
        state.apply(PickUp())
