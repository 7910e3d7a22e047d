"""Hanabi rules, one or more tests per rule id (RULES.md HB-1..HB-12, HB-R1, HB-R2)."""

from __future__ import annotations

from collections import Counter

import pytest

import kit
from kit.hanabi.deal import card_name

# A deal where seat 0 holds a run of red and seat 1 a mix; the deck starts G1, G2.
RED_RUN = {"hands": [["R1", "R2", "R3", "R4", "R5"], ["W1", "W1", "W1", "B1", "B2"]],
           "deck": ["G1", "G2", "Y1"]}


def game(players: int = 2, seed: int = 0, **options) -> kit.GameState:
    return kit.new_game("hanabi", players, seed, **options)


def names(state, seat):
    return [card_name(c, state.variant) for c in state.hands[seat]]


def play(state, *actions):
    events = []
    for a in actions:
        events += state.apply(a)
    return events


def test_hb1_classic_deck_and_tokens():
    state = game()
    counts = Counter(card_name(c, state.variant) for z in state.zones().values() for c in z)
    assert sum(counts.values()) == 50
    for colour in "WRBYG":
        assert [counts[f"{colour}{v}"] for v in range(1, 6)] == [3, 2, 2, 2, 1]
    view = state.view(0)
    assert (view["hints"], view["max_hints"], view["mistakes"], view["max_mistakes"]) == (
        8, 8, 0, 3)


@pytest.mark.parametrize(("players", "size"), [(2, 5), (3, 5), (4, 4), (5, 4)])
def test_hb2_hand_size(players, size):
    state = game(players)
    assert all(len(h) == size for h in state.hands)
    assert state.view(0)["deck"] == 50 - players * size


def test_hb2_a_player_never_sees_own_cards_but_sees_the_others():
    state = game(3)
    view = state.view(1)
    assert view["hands"][1]["cards"] == [None] * 5
    for p in (0, 2):
        shown = [f"{c['colour'][0].upper()}{c['value']}" for c in view["hands"][p]["cards"]]
        assert shown == names(state, p)


def test_hb3_a_turn_is_one_of_hint_discard_play():
    state = game(deal=RED_RUN)
    state.apply({"type": "hint", "to": 1, "value": 1})
    kinds = {a.TYPE for a in state.legal_actions()}
    assert kinds == {"hint", "discard", "play"}
    with pytest.raises(kit.IllegalAction) as err:
        state.apply({"type": "pass"})
    assert err.value.rule == "HB-3"


def test_hb4_hint_spends_a_token_and_tells_every_card():
    state = game(deal=RED_RUN)
    events = state.apply({"type": "hint", "to": 1, "value": 1})
    assert state.hints == 7
    hint = next(e for e in events if e["type"] == "hint")
    assert hint["slots"] == [0, 1, 2, 3] and hint["visible_to"] == "all"
    know = state.view(1)["hands"][1]["knowledge"]
    assert [k["values"] for k in know[:4]] == [[1]] * 4
    assert know[4]["values_not"] == [1] and know[4]["values"] == [2, 3, 4, 5]


def test_hb4_incomplete_hint_is_illegal():
    state = game(deal=RED_RUN)
    before = state.snapshot()
    with pytest.raises(kit.IllegalAction) as err:
        state.apply({"type": "hint", "to": 1, "colour": "white", "slots": [0, 1]})
    assert err.value.rule == "HB-4"
    assert state.snapshot() == before
    state.apply({"type": "hint", "to": 1, "colour": "white", "slots": [0, 1, 2]})
    assert state.history[-1]["slots"] == [0, 1, 2]


def test_hb4_no_hint_to_oneself_and_none_without_tokens():
    state = game(deal=RED_RUN)
    with pytest.raises(kit.IllegalAction, match="HB-4"):
        state.apply({"type": "hint", "to": 0, "colour": "red"})
    for _ in range(8):  # both seats hint until the tokens are gone
        hint = next(a for a in state.legal_actions() if a.TYPE == "hint")
        state.apply(hint)
    assert state.hints == 0
    assert not any(a.TYPE == "hint" for a in state.legal_actions())
    before = state.snapshot()
    with pytest.raises(kit.IllegalAction) as err:
        state.apply({"type": "hint", "to": 1, "value": 1})
    assert err.value.rule == "HB-4" and state.snapshot() == before


def test_hb4_a_hint_names_one_colour_or_one_value_not_both():
    state = game(deal=RED_RUN)
    with pytest.raises(kit.IllegalAction, match="HB-4"):
        state.apply({"type": "hint", "to": 1, "colour": "white", "value": 1})
    with pytest.raises(kit.IllegalAction, match="HB-4"):
        state.apply({"type": "hint", "to": 1})


def test_hb5_no_discard_at_eight_tokens():
    state = game()
    assert not any(a.TYPE == "discard" for a in state.legal_actions())
    before = state.snapshot()
    with pytest.raises(kit.IllegalAction) as err:
        state.apply({"type": "discard", "slot": 0})
    assert err.value.rule == "HB-5" and state.snapshot() == before


def test_hb5_discard_regains_a_token_and_draws():
    state = game(deal=RED_RUN)
    play(state, {"type": "hint", "to": 1, "value": 1}, {"type": "hint", "to": 0, "value": 5})
    events = state.apply({"type": "discard", "slot": 4})  # seat 0 discards R5
    assert state.hints == 7
    assert [card_name(c, state.variant) for c in state.discards] == ["R5"]
    assert names(state, 0)[0] == "G1"  # the drawn card goes to slot 0
    drawn = [e for e in events if e["type"] == "draw"]
    assert {tuple(e["visible_to"]) for e in drawn} == {(1,), (0,)}
    assert next(e for e in drawn if e["visible_to"] == [1])["card"] == {"colour": "green",
                                                                          "value": 1}
    assert "card" not in next(e for e in drawn if e["visible_to"] == [0])


def test_hb6_play_adds_to_the_firework_or_misfires():
    state = game(deal=RED_RUN)
    state.apply({"type": "play", "slot": 0})  # R1: good
    assert state.view(1)["fireworks"]["red"] == 1 and state.mistakes == 0
    events = state.apply({"type": "play", "slot": 4})  # seat 1 plays B2: no blue 1 yet
    assert state.mistakes == 1
    assert any(e["type"] == "misfire" for e in events)
    assert [card_name(c, state.variant) for c in state.discards] == ["B2"]
    assert len(state.hands[1]) == 5  # and drew


def test_hb7_completing_a_firework_returns_a_token_not_above_eight():
    deal = {"hands": [["R5", "R4", "R3", "R2", "R1"], ["W1", "W1", "W1", "B1", "B2"]]}
    state = game(deal=deal)
    # seat 0 always plays slot 4 (drawn cards enter at slot 0, pushing the run
    # right); seat 1 hints in between, spending tokens.
    for _ in range(4):
        state.apply({"type": "play", "slot": 4})
        state.apply(next(a for a in state.legal_actions() if a.TYPE == "hint"))
    assert state.fireworks[1] == 4 and state.hints == 4
    events = state.apply({"type": "play", "slot": 4})
    assert state.fireworks[1] == 5
    done = next(e for e in events if e["type"] == "firework_complete")
    assert done["hint_returned"] and state.hints == 5


def test_hb7_no_bonus_token_at_eight():
    deal = {"hands": [["R5", "R4", "R3", "R2", "R1"], ["W3", "B2", "W2", "B1", "W1"]]}
    state = game(deal=deal)
    # seat 0 plays R1..R4 while seat 1 plays W1, B1, W2, B2 (always slot 4, as drawn
    # cards enter at slot 0): no token is ever spent
    play(state, *[{"type": "play", "slot": 4}] * 8)
    assert state.fireworks[1] == 4 and state.hints == 8 and state.mistakes == 0
    events = state.apply({"type": "play", "slot": 4})
    done = next(e for e in events if e["type"] == "firework_complete")
    assert not done["hint_returned"] and state.hints == 8


def test_hb8_third_mistake_ends_the_game_at_once():
    deal = {"hands": [["R5", "R4", "R3", "W1", "W1"], ["B5", "B4", "B3", "W1", "W2"]]}
    state = game(deal=deal)
    # R5 and B5 misfire; then seat 0 plays a W1 (slot 3 after the draw)
    play(state, {"type": "play", "slot": 0}, {"type": "play", "slot": 0},
         {"type": "play", "slot": 3})
    assert state.mistakes == 2 and not state.over
    events = state.apply({"type": "play", "slot": 1})  # B4: third mistake
    assert state.over and state.to_act is None and state.mistakes == 3
    assert events[-1]["type"] == "game_end" and events[-1]["reason"] == "mistakes"
    with pytest.raises(kit.IllegalAction):
        state.apply({"type": "play", "slot": 0})


@pytest.mark.parametrize(("variant", "perfect"), [("classic", 25), ("six_colours", 30)])
def test_hb9_all_fireworks_complete_is_a_perfect_victory(variant, perfect):
    state = game(variant=variant)
    state.fireworks = [5] * (len(state.fireworks) - 1) + [4]
    last = len(state.fireworks) - 1
    letter = state.variant.suits[last].letter
    state.hands[0][0] = next(c for c in state.zones()["deck"] if card_name(c, state.variant)
                             == f"{letter}5")
    state.deck.remove(state.hands[0][0])
    state.deck.append(state.hands[0][1])  # keep the cards conserved
    state.hands[0][1] = state.deck.pop(0)
    state._derive()
    state.apply({"type": "play", "slot": 0})
    assert state.over and state.result()["score"] == perfect
    assert state.result()["perfect"] is True


def test_hb10_last_card_gives_everyone_one_more_turn():
    state = game(3, seed=4)
    while state.view(0)["deck"] > 0:
        a = next((a for a in state.legal_actions() if a.TYPE == "discard"), None)
        state.apply(a or next(a for a in state.legal_actions() if a.TYPE == "hint"))
        assert not state.over
    drawer = state.history[-1]["seat"]
    view = state.view(0)
    assert view["final_round"] is True
    order = [(drawer + k) % 3 for k in range(1, 4)]
    assert view["still_to_play"] == order and order[-1] == drawer
    for seat in order:
        assert state.to_act == seat
        state.apply(next(a for a in state.legal_actions() if a.TYPE != "play"))
    assert state.over and state.result()["reason"] == "deck"


def test_hb11_score_is_the_sum_of_the_top_cards():
    state = game(deal=RED_RUN)
    # R1, then seat 1's W1, then R2 (slot 1 after the draw)
    play(state, {"type": "play", "slot": 0}, {"type": "play", "slot": 0},
         {"type": "play", "slot": 1})
    assert state.fireworks[1] == 2 and state.fireworks[0] == 1
    assert state.result()["score"] == 3 and state.fireworks_total == 3


def test_hb12_six_colours_multi_is_its_own_hintable_colour():
    state = game(variant="six_colours", deal={"hands": [["M1", "R1", "R2", "R3", "R4"],
                                                        ["M2", "W1", "B1", "B2", "M3"]]})
    assert len(state.zones()["deck"]) + 10 == 60
    hints = {(a.colour, a.slots) for a in state.legal_actions()
             if a.TYPE == "hint" and a.colour}
    assert ("multi", (0, 4)) in hints and ("white", (1,)) in hints


def test_hb12_six_colours_short_has_one_multi_card_per_value():
    state = game(variant="six_colours_short")
    counts = Counter(card_name(c, state.variant) for z in state.zones().values() for c in z)
    assert sum(counts.values()) == 55
    assert [counts[f"M{v}"] for v in range(1, 6)] == [1, 1, 1, 1, 1]
    assert state.view(0)["max_score"] == 30


def test_hb12_rainbow_touched_by_every_colour_and_not_nameable():
    state = game(variant="rainbow_wild", deal={"hands": [["M1", "R1", "R2", "R3", "R4"],
                                                         ["M2", "W1", "B1", "B2", "Y3"]]})
    hints = {(a.colour, a.slots) for a in state.legal_actions()
             if a.TYPE == "hint" and a.colour}
    assert ("white", (0, 1)) in hints and ("blue", (0, 2, 3)) in hints
    assert ("green", (0,)) in hints  # only the rainbow card is green too
    assert not any(c == "multi" for c, _ in hints)
    with pytest.raises(kit.IllegalAction) as err:
        state.apply({"type": "hint", "to": 1, "colour": "multi"})
    assert err.value.rule == "HB-12"
    play(state, {"type": "hint", "to": 1, "colour": "white"}, {"type": "discard", "slot": 4},
         {"type": "hint", "to": 1, "colour": "blue"})
    know = state.view(1)["hands"][1]["knowledge"]
    # the discard drew a card into slot 0, so the M2 moved to slot 1
    assert know[1]["colours"] == ["multi"]  # touched by white and blue: only rainbow
    assert know[0]["colours"] == ["blue", "multi"]


def test_hbr1_a_hint_must_touch_a_card_unless_the_house_rule_allows():
    state = game(deal=RED_RUN)
    before = state.snapshot()
    with pytest.raises(kit.IllegalAction) as err:
        state.apply({"type": "hint", "to": 1, "colour": "green"})
    assert err.value.rule == "HB-R1" and state.snapshot() == before
    loose = game(deal=RED_RUN, allow_empty_hints=True)
    loose.apply({"type": "hint", "to": 1, "colour": "green"})
    assert loose.hints == 7
    assert loose.view(1)["hands"][1]["knowledge"][0]["colours_not"] == ["green"]


@pytest.mark.parametrize(("keep", "score"), [(False, 0), (True, 1)])
def test_hbr2_score_after_the_third_mistake(keep, score):
    deal = {"hands": [["R1", "R4", "R3", "W2", "W2"], ["B5", "B4", "B3", "W3", "W4"]]}
    state = game(deal=deal, keep_score_on_loss=keep)
    play(state, *[{"type": "play", "slot": 0}] * 4)
    assert state.over
    result = state.result()
    assert result["lost"] is True and result["fireworks_total"] == 1
    assert result["score"] == score


def test_view_shows_tokens_deck_fireworks_and_discards():
    state = game(deal=RED_RUN)
    play(state, {"type": "play", "slot": 0}, {"type": "play", "slot": 4})
    view = state.view(0)
    assert view["fireworks"]["red"] == 1 and view["discards"] == [{"colour": "blue",
                                                                   "value": 2}]
    assert view["deck"] == 38 and view["mistakes"] == 1 and view["final_round"] is False
    assert view["still_to_play"] == []


def test_spectator_view_shows_no_card_in_any_hand():
    state = game(4)
    assert all(c is None for h in state.view(None)["hands"] for c in h["cards"])
