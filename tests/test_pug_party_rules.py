"""«Вечірка мопсів»: one or more scripted scenarios per rule id (PP-1..PP-12, PP-R1..PP-R6).

Situations are built with :func:`kit.pug_party.scenarios.build` (a scripted ``deal``)
or loaded from ``data/scenarios/pug_party_*.toml`` before their action prefix, then driven
with explicit actions.
"""

from __future__ import annotations

from collections import Counter

import pytest

import kit
from kit.pug_party import PickUp, Play, PlayBlind, PlayFaceUp, Ready, Swap, scenarios
from kit.pug_party.pile import DOWN, UP


def types(state) -> list[str]:
    return sorted(str(a) for a in state.legal_actions())


def simple(players: int = 3, **kw):
    """Every seat keeps a face-up and a face-down card so nobody goes out by accident."""
    kw.setdefault("face_up", [["4"] for _ in range(players)])
    kw.setdefault("face_down", [["1", "", ""] for _ in range(players)])
    return scenarios.prepare(players, **kw)


# ---------------------------------------------------------------- PP-R1 setup


def test_ppr1_deal_three_face_down_three_face_up_three_in_hand():
    for players in range(2, 6):
        state = kit.new_game("pug_party", players, seed=players)
        for s in range(players):
            assert len(state.hands[s]) == 3
            assert len(state.face_up[s]) == 3
            assert len(state.face_down[s]) == 3 and None not in state.face_down[s]
        assert len(state.draw) == 52 - 9 * players
        assert state.phase == "play" and state.to_act == 0


def test_ppr1_swap_option_off_by_default_and_on_lets_seats_swap_then_ready():
    assert kit.spec("pug_party").options["swap"].default is False
    assert all(not isinstance(a, Swap | Ready)
               for a in kit.new_game("pug_party", 3, seed=1).legal_actions())
    state = kit.new_game("pug_party", 3, seed=1, swap=True)
    assert state.phase == "swap" and state.to_act == 0
    hand, up = state.hands[0][0], state.face_up[0][0]
    if hand == up:
        hand = next(c for c in state.hands[0] if c != up)
    state.apply(Swap(hand, up))
    assert up in state.hands[0] and hand in state.face_up[0]
    assert up in state.known[0]  # it was face up, so everyone knows it is in the hand
    assert state.view(1)["known"][0].count(up) >= 1
    state.apply(Ready())
    assert state.to_act == 1 and state.phase == "swap"
    state.apply(Ready())
    state.apply(Ready())
    assert state.phase == "play" and state.to_act == 0


def test_ppr1_at_most_three_swaps_each():
    state = kit.new_game("pug_party", 2, seed=3, swap=True)
    for _ in range(3):
        swaps = [a for a in state.legal_actions() if isinstance(a, Swap)]
        assert swaps
        state.apply(swaps[0])
    assert state.legal_actions() == [Ready()]


# ---------------------------------------------------------------- PP-1 and PP-3


def test_pp1_any_card_on_an_empty_pile_then_refill_to_three():
    state = simple(2, hands=[["0", "megapug", "10"], ["5", "6", "7"]], draw=["9", "2", "3"])
    assert types(state) == ["play 0 from hand", "play 10 from hand", "play Megapug from hand"]
    state.apply(Play("0"))
    assert state.hands[0] == ["9", "10", "megapug"]  # drew the top card "9"
    assert state.draw == ["3", "2"]  # the deck keeps its top card last


def test_pp1_refill_takes_what_is_left_of_the_deck():
    state = simple(2, hands=[["6", "6", "6"], ["5", "6", "7"]], draw=["9", "2"])
    state.apply(Play("6", 3))
    assert sorted(state.hands[0]) == ["2", "9"] and state.draw == []


def test_pp3_several_cards_of_one_value_at_once():
    state = simple(2, hands=[["7", "7", "7", "2"], ["5", "6"]], pile=["5"])
    assert "play 3 × 7 from hand" in types(state)
    state.apply(Play("7", 3))
    assert state.pile == ["5", "7", "7", "7"] and state.hands[0] == ["2"]


# ---------------------------------------------------------------- PP-2 "up" and the wrap


def test_pp2_equal_or_higher_going_up():
    state = simple(2, hands=[["4", "5", "6"], ["1"]], pile=["5"])
    assert types(state) == ["play 5 from hand", "play 6 from hand"]


def test_pp2_zero_on_ten_scenario():
    state = scenarios.load("zero_on_ten").state(upto=0)
    assert types(state) == ["play 0 from hand"]  # not the 4
    state.apply(Play("0"))
    assert state.top.to_beat == 0 and state.top.direction == UP
    assert types(state) == ["play 3 from hand", "play 6 from hand"]  # anything covers a 0


def test_pp2_ten_ten_and_specials_on_a_ten():
    state = simple(2, hands=[["10", "9", "poop", "0"], ["1"]], pile=["10"])
    assert types(state) == ["play 0 from hand", "play 10 from hand", "play Poop from hand"]


# ---------------------------------------------------------------- PP-4 pick-up


def test_pp4_cannot_cover_pick_up_is_the_only_action_and_next_seat_leads():
    state = simple(3, hands=[["2", "3"], ["4"], ["5"]], pile=["6", "9"])
    assert state.legal_actions() == [PickUp()]
    events = state.apply(PickUp())
    assert state.hands[0] == ["2", "3", "6", "9"]
    assert state.pile == [] and state.top.direction == UP and state.top.to_beat is None
    assert state.to_act == 1
    assert {"pick_up", "new_round"} <= {e["type"] for e in events}
    assert state.view(2)["known"][0] == ["6", "9"]  # everyone saw the pile


# ---------------------------------------------------------------- PP-5 / PP-R2 four of a kind


def test_pp5_four_of_a_kind_completed_by_a_second_player_burns_and_they_lead():
    state = scenarios.load("burn_by_second_player").state(upto=0)
    state.apply(Play("5"))
    assert state.pile == ["5", "5", "5"] and state.to_act == 1
    events = state.apply(Play("5"))
    burn = next(e for e in events if e["type"] == "burn")
    assert burn["reason"] == "four_of_a_kind" and burn["cards"] == ["5"] * 4
    assert state.pile == [] and state.burned.count("5") == 4
    assert state.to_act == 1  # the completer starts a new round with any card
    assert "play 2 from hand" in types(state)


def test_pp5_four_in_one_play_burns():
    state = simple(2, hands=[["8", "8", "8", "8", "1"], ["2"]], pile=["3"])
    state.apply(Play("8", 4))
    assert state.pile == [] and state.to_act == 0 and state.tally["burns_four"] == 1


def test_ppr2_a_special_between_breaks_the_run():
    state = simple(2, hands=[["5", "5"], ["2"]], pile=["5", "5", "breakdancer"])
    assert state.top.direction == DOWN and state.top.to_beat == 5
    state.apply(Play("5", 2))
    assert state.pile == ["5", "5", "breakdancer", "5", "5"]  # no burn
    assert state.top.run_length == 2


def test_ppr2_single_play_option_needs_the_four_in_one_play():
    state = simple(2, hands=[["5", "5"], ["2"]], pile=["5", "5"], four_of_a_kind="single_play")
    state.apply(Play("5", 2))
    assert state.pile == ["5"] * 4 and state.to_act == 1


# ---------------------------------------------------------------- PP-6, PP-7 specials


def test_pp6_specials_go_on_anything():
    for top in ["10", "0", "breakdancer", "poop"]:
        state = simple(2, hands=[["megapug", "breakdancer", "poop"], ["2"]], pile=[top])
        assert {"play Megapug from hand", "play Breakdancer from hand",
                "play Poop from hand"} <= set(types(state))


def test_pp7_megapug_burns_the_pile_and_its_player_starts_again():
    state = simple(3, hands=[["megapug", "2"], ["3"], ["4"]], pile=["9", "10"])
    events = state.apply(Play("megapug"))
    assert state.pile == [] and state.burned[-3:] == ["9", "10", "megapug"]
    assert state.to_act == 0
    assert next(e for e in events if e["type"] == "burn")["reason"] == "megapug"


def test_pp7_megapug_as_last_card_goes_out_and_the_next_seat_leads():
    state = scenarios.prepare(3, hands=[["megapug"], ["3"], ["4"]], pile=["9"],
                           face_up=[[], ["5"], ["5"]], face_down=[[], ["1"], ["1"]])
    state.apply(Play("megapug"))
    assert state.out == [0] and state.to_act == 1 and state.pile == []


# ---------------------------------------------------------------- PP-8 / PP-R3 Breakdancer


def test_pp8_breakdancer_flips_to_down_value_to_beat_is_the_card_beneath():
    state = simple(2, hands=[["breakdancer", "2"], ["3", "6", "9"]], pile=["6"])
    state.apply(Play("breakdancer"))
    assert state.top.direction == DOWN and state.top.to_beat == 6
    assert types(state) == ["play 3 from hand", "play 6 from hand"]


def test_pp8_breakdancer_on_an_empty_pile_scenario():
    state = scenarios.load("breakdancer_on_empty_pile").state(upto=0)
    state.apply(Play("breakdancer"))
    assert state.top.direction == DOWN and state.top.to_beat is None
    assert types(state) == ["play 2 from hand", "play 6 from hand"]  # anything goes
    state.apply(Play("6"))
    assert types(state) == ["play 3 from hand"]  # now equal or lower than 6


def test_ppr3_down_wrap_ten_on_a_zero_and_its_option():
    hands = [["10", "5", "0"], ["1"]]
    state = simple(2, hands=hands, pile=["0", "breakdancer"])
    assert state.top.direction == DOWN and state.top.to_beat == 0
    assert types(state) == ["play 0 from hand", "play 10 from hand"]
    state = simple(2, hands=hands, pile=["0", "breakdancer"], down_wrap=False)
    assert types(state) == ["play 0 from hand"]


def test_ppr3_value_to_beat_looks_past_several_breakdancers():
    state = simple(2, hands=[["3", "7"], ["1"]], pile=["5", "breakdancer", "breakdancer",
                                                       "breakdancer"])
    assert state.top.direction == DOWN and state.top.to_beat == 5
    assert types(state) == ["play 3 from hand"]


@pytest.mark.parametrize(("rule", "to_beat", "plays"), [
    ("value_beneath", 6, ["play 3 from hand", "play 6 from hand"]),
    ("anything", None, ["play 3 from hand", "play 6 from hand", "play 9 from hand"])])
def test_ppr3_after_breakdancer_option(rule, to_beat, plays):
    state = simple(2, hands=[["breakdancer", "2"], ["3", "6", "9"]], pile=["6"],
                   after_breakdancer=rule)
    state.apply(Play("breakdancer"))
    view = state.view(1)
    assert (view["direction"], view["to_beat"]) == (DOWN, to_beat)
    assert types(state) == plays
    assert view["rules"]["after_breakdancer"] == rule


@pytest.mark.parametrize("rule", ["value_beneath", "anything"])
def test_ppr3_a_poop_beneath_a_breakdancer_still_means_anything_goes(rule):
    state = simple(2, hands=[["3"], ["1", "9"]], pile=["6", "poop", "breakdancer"],
                   after_breakdancer=rule)
    assert state.view(0)["to_beat"] is None and types(state) == ["play 3 from hand"]


# ---------------------------------------------------------------- PP-R4 several specials


def test_ppr4_two_breakdancers_cancel_out_scenario():
    state = scenarios.load("two_breakdancers").state(upto=0)
    events = state.apply(Play("breakdancer", 2))
    assert state.top.direction == UP and state.top.to_beat == 7
    assert next(e for e in events if e["type"] == "direction")["flips"] == 2
    assert types(state) == ["play 8 from hand"]


def test_ppr4_three_breakdancers_flip_once():
    state = simple(2, hands=[["breakdancer"] * 3, ["1", "9"]], pile=["7"])
    state.apply(Play("breakdancer", 3))
    assert state.top.direction == DOWN
    assert types(state) == ["play 1 from hand"]


def test_ppr4_specials_one_at_a_time_when_the_option_is_off():
    state = simple(2, hands=[["poop", "poop"], ["1"]], pile=["7"], specials_together=False)
    assert types(state) == ["play Poop from hand"]
    with pytest.raises(kit.IllegalAction) as err:
        state.apply(Play("poop", 2))
    assert err.value.rule == "PP-R4"


def test_ppr4_two_megapugs_burn_once():
    state = simple(2, hands=[["megapug", "megapug", "3"], ["1"]], pile=["7"])
    state.apply(Play("megapug", 2))
    assert state.pile == [] and state.tally["burns_megapug"] == 1 and state.to_act == 0


# ---------------------------------------------------------------- PP-9 Poop


def test_pp9_poop_after_a_down_run_scenario():
    state = scenarios.load("poop_after_down_run").state(upto=0)
    assert state.top.direction == DOWN and state.top.to_beat == 4
    state.apply(Play("poop"))
    assert state.top.direction == UP and state.top.to_beat is None
    assert types(state) == ["play 10 from hand", "play 2 from hand"]  # any value 0-10
    state.apply(Play("2"))
    assert state.top.to_beat == 2 and types(state) == ["play 3 from hand", "play 5 from hand"]


# ---------------------------------------------------------------- PP-10 / PP-11 table cards


def test_pp10_face_up_cards_one_at_a_time_once_the_hand_is_empty():
    state = scenarios.prepare(2, hands=[[], ["2"]], face_up=[["6", "6", "9"], ["3"]],
                           face_down=[["1", "2", "3"], ["4"]], pile=["5"])
    assert types(state) == ["play face-up 6", "play face-up 9"]
    state.apply(PlayFaceUp("6"))
    assert state.face_up[0] == ["6", "9"] and state.pile == ["5", "6"]


def test_pp10_face_up_cards_that_cannot_cover_mean_picking_up():
    state = scenarios.prepare(2, hands=[[], ["2"]], face_up=[["3"], ["3"]],
                           face_down=[["1"], ["4"]], pile=["5"])
    assert state.legal_actions() == [PickUp()]
    state.apply(PickUp())
    assert state.hands[0] == ["5"] and state.face_up[0] == ["3"]


def test_pp10_face_down_cards_last_blind_by_position():
    state = scenarios.prepare(2, hands=[[], ["2"]], face_up=[[], ["3"]],
                           face_down=[["1", None, "7"], ["4"]], pile=["5"])
    assert state.legal_actions() == [PlayBlind(0), PlayBlind(2)]
    assert state.view(0)["face_down"][0] == [0, 2]
    state.apply(PlayBlind(2))
    assert state.pile == ["5", "7"] and state.face_down[0] == ["1", None, None]


def test_pp11_failed_blind_card_goes_with_the_pile_into_the_hand_scenario():
    state = scenarios.load("failed_blind_card").state(upto=0)
    events = state.apply(PlayBlind(0))
    assert [e["type"] for e in events][:2] == ["reveal", "pick_up"]
    assert state.hands[0] == ["3", "6", "8"] and state.known[0] == ["3", "6", "8"]
    assert state.pile == [] and state.to_act == 1 and state.tally["blind_pick_ups"] == 1
    state.apply(Play("5"))
    # back to seat 0: the hand first, the remaining face-down card only afterwards
    assert all(isinstance(a, Play) for a in state.legal_actions())
    with pytest.raises(kit.IllegalAction) as err:
        state.apply(PlayBlind(1))
    assert err.value.rule == "PP-10"


def test_pp11_a_blind_card_that_covers_is_played():
    state = scenarios.load("failed_blind_card").state(upto=0)
    state.apply(PlayBlind(1))  # the 9 covers the 8
    assert state.pile == ["6", "8", "9"] and state.to_act == 1 and state.hands[0] == []


# ---------------------------------------------------------------- PP-12 / PP-R6 going out


def test_pp12_out_of_cards_stops_playing_and_the_others_go_on():
    state = scenarios.prepare(3, hands=[["9"], ["2"], ["3", "4"]], pile=["5"],
                           face_up=[[], ["1"], ["1"]], face_down=[[], ["1"], ["2"]])
    events = state.apply(Play("9"))
    assert state.out == [0] and any(e["type"] == "out" for e in events)
    assert state.to_act == 1
    state.apply(PickUp())
    assert state.to_act == 2
    state.apply(Play("3"))
    assert state.to_act == 1  # seat 0 is skipped


def test_ppr6_result_is_the_order_of_going_out_last_one_holds_the_pugs():
    state = scenarios.prepare(3, hands=[["9"], ["2"], ["10"]], pile=["5"],
                           face_up=[[], ["1"], []], face_down=[[], [], []], out=[])
    state.apply(Play("9"))
    state.apply(PickUp())
    state.apply(Play("10"))
    assert state.over
    r = state.result()
    assert r["order"] == [0, 2, 1] and r["places"] == [1, 3, 2]
    assert r["winner"] == 0 and r["pug_holder"] == 1 and r["truncated"] is False


def test_pp12_first_player_option():
    state = kit.new_game("pug_party", 4, seed=0, first_player=2)
    assert state.to_act == 2
    with pytest.raises(kit.ConfigError) as err:
        kit.new_game("pug_party", 3, seed=0, first_player=3)
    assert err.value.option == "first_player"


# ---------------------------------------------------------------- PP-R5 new round, pick-up


def test_ppr5_new_round_is_an_empty_pile_going_up_after_a_pick_up_in_down():
    state = simple(2, hands=[["9"], ["1", "8"]], pile=["5", "breakdancer"])
    assert state.legal_actions() == [PickUp()]
    state.apply(PickUp())
    assert state.top.direction == UP and state.top.to_beat is None
    assert types(state) == ["play 1 from hand", "play 8 from hand"]


@pytest.mark.parametrize(("rule", "direction", "plays"), [
    ("up", UP, ["play 1 from hand", "play 8 from hand"]),
    ("carries_over", DOWN, ["play 1 from hand", "play 8 from hand"])])
def test_ppr5_new_round_option_carries_the_direction_over(rule, direction, plays):
    state = simple(2, hands=[["9"], ["1", "8"]], pile=["5", "breakdancer"], new_round=rule)
    state.apply(PickUp())
    assert state.view(1)["direction"] == direction and state.view(1)["to_beat"] is None
    assert types(state) == plays
    state.apply(Play("8"))  # the new round: seat 0 took 5 and a Breakdancer; 9 covers going up
    covering = "play 9 from hand" if direction == UP else "play 5 from hand"
    assert types(state) == [covering, "play Breakdancer from hand"]
    restored = kit.replay("pug_party", 2, state.seed, state.history, **state.options)
    assert restored.view(0) == state.view(0)


def test_ppr5_a_burn_carries_the_direction_over_under_the_option():
    hands = [["megapug", "7"], ["3", "8"]]
    for rule, direction in (("up", UP), ("carries_over", DOWN)):
        state = simple(2, hands=hands, pile=["5", "breakdancer"], new_round=rule)
        state.apply(Play("megapug"))
        assert state.view(0)["direction"] == direction and state.view(0)["pile"] == []


def test_ppr5_voluntary_pick_up_option():
    kw = dict(hands=[["9"], ["1"]], pile=["5"])
    assert PickUp() not in simple(2, **kw).legal_actions()
    state = simple(2, voluntary_pickup=True, **kw)
    assert PickUp() in state.legal_actions()
    state.apply(PickUp())
    assert state.hands[0] == ["5", "9"] and state.tally["voluntary_pick_ups"] == 1
    # an empty pile can't be picked up, even voluntarily
    assert PickUp() not in state.legal_actions()


def test_ppr5_voluntary_pick_up_while_playing_blind():
    state = scenarios.prepare(2, hands=[[], ["2"]], face_up=[[], ["3"]],
                           face_down=[["1", "2"], ["4"]], pile=["5"], voluntary_pickup=True)
    assert state.legal_actions() == [PlayBlind(0), PlayBlind(1), PickUp()]


# ---------------------------------------------------------------- PP-R6 length bound


def test_ppr6_length_bound_ends_the_game_ranking_by_cards_held():
    state = scenarios.prepare(3, hands=[["2", "3", "4"], ["9"], ["5", "6"]],
                           face_up=[["7"], ["7"], ["7"]], face_down=[[], [], []],
                           max_actions=1)
    state.apply(Play("2"))
    assert state.over and state.result()["truncated"] is True
    # held: seat 0 3 cards, seat 1 2, seat 2 3; tie 0/2 broken by turn order from seat 1
    assert state.result()["order"] == [1, 2, 0]
    assert state.view(None)["order"] == [1, 2, 0]


def test_ppr6_length_bound_reached_in_real_games_is_declared_and_kept():
    spec = kit.spec("pug_party")
    assert spec.max_length(4, spec.defaults()) == spec.options["max_actions"].default
    from kit.bots import RandomBot, play_out
    for seed in range(5):
        state = kit.new_game("pug_party", 4, seed, max_actions=30)
        play_out(state, RandomBot())
        assert state.over and len(state.history) <= 30
        r = state.result()
        assert sorted(r["order"]) == [0, 1, 2, 3]
        assert r["truncated"] == (len(state.history) == 30 and len(state.out) < 3)
        held = [r["cards_left"][s] for s in r["order"][len(state.out):]]
        assert held == sorted(held)


def test_ppr6_max_actions_option_is_validated():
    with pytest.raises(kit.ConfigError) as err:
        kit.new_game("pug_party", 2, seed=0, max_actions=0)
    assert err.value.option == "max_actions"


# ---------------------------------------------------------------- conservation across a game


def test_ppr1_the_52_cards_are_conserved_in_play():
    state = kit.new_game("pug_party", 3, seed=11)
    deck = Counter(kit.pug_party.load_deck().cards())
    from kit.bots import play_out
    play_out(state, kit.pug_party.RuleBot(), max_actions=40)
    assert Counter(c for z in state.zones().values() for c in z) == deck
