"""«Лист ожидания»: one or more tests per clause WL-1..WL-11 and ruling WL-R1..WL-R5.

Edge cases are built with the documented scenario helper
(:func:`kit.waiting_list.scenarios.prepare`) or loaded from the prepared situations in
``data/scenarios/waiting_list_*.toml`` that the tutorial uses.
"""

from __future__ import annotations

import json
import random

import pytest

import kit
from kit.bots import make_bot
from kit.testing import refused
from kit.waiting_list import Claim, Discard, Draw, Lay, Pass, Reveal, Take
from kit.waiting_list.scenarios import load, prepare
from kit.waiting_list.table import claim_order, right_of

GAME = "waiting_list"


def snap(state: kit.GameState) -> str:
    return json.dumps(state.snapshot(), sort_keys=True)


def rule_bots(players: int) -> list:
    return [make_bot(GAME, "rule") for _ in range(players)]


def play_until(state: kit.GameState, stop, bots=None, seed: int = 0, limit: int = 20000):
    """Let rule bots play until ``stop(state, events)`` is true; returns the events seen."""
    bots = bots or rule_bots(state.players)
    rng = random.Random(seed)
    seen: list[dict] = []
    for _ in range(limit):
        if state.over:
            break
        seat = state.to_act
        events = state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
        seen += events
        if stop(state, events):
            break
    return seen


def full_game(players: int, seed: int, **options) -> tuple[kit.GameState, list[dict]]:
    state = kit.new_game(GAME, players, seed, **options)
    return state, play_until(state, lambda s, e: False, seed=seed)


# --------------------------------------------------------------------------- WL-1


def test_wl1_deck_is_104_main_cards_and_6_characters() -> None:
    state = kit.new_game(GAME, 4, 0)
    zones = state.zones()
    main = sum(len(zones[z]) for z in ("deck", "pile", "hands", "combinations", "laid"))
    assert main == 104
    assert len(zones["characters"]) == 6
    assert len(set(zones["characters"])) == 6


def test_wl1_characters_dealt_face_up_only_from_round_3() -> None:
    _, events = full_game(4, 3)
    dealt = [e for e in events if e["type"] == "characters"]
    starts = [e["round"] for e in events if e["type"] == "round_start"]
    assert starts == [2, 3, 4, 5]
    assert len(dealt) == 3  # rounds 3, 4, 5
    fresh = kit.new_game(GAME, 4, 3)
    assert all(s["character"] is None for s in fresh.view(None)["seats"])
    filler = ["surgeon", "clinic", "kidney", "liver", "surgeon"]  # round 3 deals 7 cards
    prepared = prepare(4, [[organ] * 2 + filler for organ in ("kidney", "liver", "heart",
                                                                 "lung")],
                         round=3, pile=["surgeon"])
    spectator = prepared.view(None)["seats"]
    assert all(s["character"] for s in spectator)  # face up: even a spectator sees them
    assert len({s["character"] for s in spectator}) == 4


def _round_three(**options: object) -> kit.GameState:
    """Round 3 (characters dealt), seat 0 to play holding its combination for marina."""
    chars = ["character_marina", "character_olga", "character_nina"]
    hands = [["kidney", "surgeon", "clinic", "heart", "liver", "lung", "infection", "quota"],
             ["liver", "liver", "heart", "lung", "surgeon", "clinic", "no_beds"],
             ["kidney", "kidney", "heart", "lung", "surgeon", "clinic", "infection"]]
    return prepare(3, hands, round=3, characters=chars, turn=0, phase="play",
                     pile=["organ_late"], **options)


def test_wl_r5_characters_lie_face_up_by_default() -> None:
    state = _round_three()
    for seat in (None, 0, 1, 2):
        seen = [s["character"] for s in state.view(seat)["seats"]]
        assert seen == ["character_marina", "character_olga", "character_nina"]
    assert state.view(1)["seats"][0]["needs"] == ["kidney", "surgeon", "clinic"]


def test_wl_r5_characters_face_down_until_the_reveal() -> None:
    state = _round_three(characters_dealt="face_down")
    assert [s["character"] for s in state.view(None)["seats"]] == [None, None, None]
    mine = state.view(1)["seats"]
    assert [s["character"] for s in mine] == [None, "character_olga", None]
    assert mine[0]["needs"] == ["character", "surgeon", "clinic"]  # the organ stays hidden
    assert mine[0]["character_organ"] is None
    events = state.apply(Reveal(("clinic", "kidney", "surgeon")))
    assert events[0]["character"] == "character_marina"  # turned up with the combination
    assert state.view(1)["seats"][0]["character"] == "character_marina"
    assert state.view(0)["seats"][1]["character"] is None


def test_wl_r5_determinize_redeals_face_down_characters_only() -> None:
    state = _round_three(characters_dealt="face_down")
    others = set()
    for k in range(30):
        guess = state.determinize(1, random.Random(k))
        assert guess.view(1) == state.view(1)  # seat 1 sees no difference
        assert guess.characters[1] == "character_olga"
        others.add(tuple(guess.characters))
        assert sorted([*guess.characters, *guess.box]) == sorted(state.zones()["characters"])
    assert len(others) > 1  # the hidden characters were redealt
    face_up = _round_three()
    assert {tuple(face_up.determinize(1, random.Random(k)).characters)
            for k in range(10)} == {tuple(face_up.characters)}


def test_wl_r5_characters_face_down_are_dealt_out_of_sight() -> None:
    state = kit.new_game(GAME, 3, 2, characters_dealt="face_down")
    events = play_until(state, lambda s, e: s.round_no == 3)
    dealt = next(e for e in events if e["type"] == "characters")
    assert dealt["visible_to"] == "all" and dealt["characters"] == [None, None, None]
    own = [e for e in events if e["type"] == "character"]
    assert sorted(e["seat"] for e in own) == [0, 1, 2]
    assert all(e["visible_to"] == [e["seat"]] and e["character"] == state.characters[e["seat"]]
               for e in own)


def test_wl1_characters_redealt_each_round_unless_kept() -> None:
    def dealt(**options) -> list[list[str]]:
        _, events = full_game(4, 11, **options)
        return [e["characters"] for e in events if e["type"] == "characters"]

    redealt = dealt()
    kept = dealt(keep_characters=True)
    assert len(kept) == 3 and kept[0] == kept[1] == kept[2]
    assert len({tuple(c) for c in redealt}) > 1


# --------------------------------------------------------------------------- WL-2


def test_wl2_five_rounds_each_with_its_hand_size_then_the_game_ends() -> None:
    state, events = full_game(3, 5)
    assert state.over and state.to_act is None and state.legal_actions() == []
    sizes = {1: 6, 2: 7, 3: 7, 4: 8, 5: 8}  # data/waiting_list/rounds.toml
    hands = {}
    for e in events:
        if e["type"] == "round_start":
            hands[e["round"]] = e["hand_size"]
    assert hands == {r: sizes[r] for r in range(2, 6)}
    assert [len(h) for h in kit.new_game(GAME, 3, 5).hands] == [6, 6, 6]
    result = state.result()
    assert result["rounds_played"] == 5 and len(result["penalties"]) == 5
    assert result["scores"] == [sum(r[s] for r in result["penalties"]) for s in range(3)]


def _last_round(players: int, scores: list[list[int]], winners=None, **options):
    """Round 5 (8 cards dealt), seat 0 about to win it with an empty hand (0 penalty); the
    others hold 8 organs (40 points) and never revealed (+20)."""
    chars = ["character_marina", "character_olga", "character_nina", "character_denis"][:players]
    hands = [["kidney", "surgeon", "surgeon", "clinic", "quota", "infection", "fact_regions",
              "compatible_donor", "stable_condition"]]
    hands += [["liver", "heart", "kidney", "kidney", "kidney", "liver", "liver", "heart"]
              for _ in range(players - 1)]
    return prepare(players, hands, round=5, characters=chars, turn=0, phase="play",
                     pile=["lung"], scores=scores, round_winners=winners, **options)


def _win_round(state: kit.GameState) -> None:
    state.apply(Reveal(("clinic", "kidney", "quota", "surgeon", "surgeon")))
    for card in ("fact_regions", "compatible_donor", "stable_condition"):
        state.apply(Lay(card))
    state.apply(Discard("infection"))


def test_wl2_lowest_total_wins() -> None:
    state = _last_round(3, [[10, 0, 5], [0, 30, 5], [20, 0, 10], [0, 10, 10]])
    _win_round(state)
    result = state.result()
    assert state.over
    # round 5: seat 0 wins (0); seats 1, 2 hold 8 organs (40) and never revealed (+20)
    assert result["penalties"][-1] == [0, 60, 60]
    assert result["scores"] == [30, 100, 90]
    assert result["winners"] == [0] and result["places"] == [1, 3, 2]


def test_wl2_ties_are_shared_by_default_or_broken_by_rounds_won() -> None:
    scores = [[60, 0, 0], [0, 0, 40], [0, 0, 0], [0, 0, 10]]
    shared = _last_round(3, scores, winners=[1, 0, 1, 0])
    _win_round(shared)
    assert shared.result()["scores"] == [60, 60, 110]
    assert shared.result()["winners"] == [0, 1] and shared.result()["places"] == [1, 1, 3]
    broken = _last_round(3, scores, winners=[1, 0, 1, 0], tie_break="rounds_won")
    _win_round(broken)
    # seat 0 won rounds 2, 4, 5; seat 1 rounds 1 and 3
    assert broken.result()["rounds_won"] == [3, 2, 0]
    assert broken.result()["winners"] == [0] and broken.result()["places"] == [1, 2, 3]


# --------------------------------------------------------------------------- WL-3, WL-4


def test_wl3_dealer_rotates_counter_clockwise() -> None:
    _, events = full_game(4, 2)
    dealers = [0] + [e["dealer"] for e in events if e["type"] == "round_start"]
    assert dealers == [0, 3, 2, 1, 0]
    firsts = [e["first"] for e in events if e["type"] == "round_start"]
    assert firsts == [right_of(d, 4) for d in dealers[1:]]
    assert kit.new_game(GAME, 4, 2, first_dealer=2).dealer == 2


def test_wl3_one_card_turned_up_after_the_deal() -> None:
    state = kit.new_game(GAME, 5, 1)
    view = state.view(None)
    assert len(view["pile"]) == 1 and view["top_live"] and not view["pile"][0]["dead"]
    assert view["deck"] == 104 - 5 * 6 - 1


def test_wl4_play_goes_counter_clockwise_from_the_dealers_right() -> None:
    state = kit.new_game(GAME, 4, 8)
    assert state.to_act == 3  # seat 0 deals; seat 3 sits to its right
    discards: list[int] = []

    def round_over(s, events) -> bool:
        discards.extend(e["seat"] for e in events if e["type"] == "discard")
        return any(e["type"] == "round_end" for e in events)

    play_until(state, round_over, seed=8)
    assert len(discards) >= 5
    assert discards == [(3 - k) % 4 for k in range(len(discards))]


# --------------------------------------------------------------------------- WL-5


def test_wl5_take_from_the_deck_then_discard_keeps_the_hand_size() -> None:
    state = kit.new_game(GAME, 3, 4)
    seat = state.to_act
    state.apply(Draw())
    while state.phase == "claims":
        state.apply(Pass())
    assert state.to_act == seat and len(state.hands[seat]) == 7
    drawn = state.hands[seat][-1]
    state.apply(Discard(drawn))  # the card just drawn may be discarded
    assert len(state.hands[seat]) == 6 and state.pile[-1] == drawn and state.top_live
    assert state.to_act == right_of(seat, 3) and state.phase == "offer"


def test_wl5_take_the_top_discard_as_the_turns_draw() -> None:
    state = kit.new_game(GAME, 3, 4)
    seat, top = state.to_act, state.pile[-1]
    events = state.apply(Take(0))
    assert events[0]["type"] == "take" and events[0]["card"] == top
    assert state.phase == "play" and state.to_act == seat and top in state.hands[seat]
    assert state.pile == []


# --------------------------------------------------------------------------- WL-6, WL-R3


def test_wl6_claim_out_of_turn_discards_nothing_then_the_next_seat_draws() -> None:
    sc = load("claim_then_forced_draw")
    state = sc.state(upto=0)
    assert state.to_act == 2 and state.discarder == 0
    state.apply(sc.actions[0])                                 # seat 2 declines the kidney
    assert state.phase == "claims" and state.to_act == 1     # seat 0 discarded it: not asked
    events = state.apply(sc.actions[1])                        # seat 1 claims it
    assert len(state.hands[1]) == 7 and "kidney" in state.hands[1]
    assert [e["type"] for e in events] == ["claim", "resurfaced", "draw", "drawn_card"]
    # the surgeon under it is dead; seat 2 drew from the deck (forced) and now discards
    assert state.pile == ["surgeon"] and not state.top_live
    assert state.to_act == 2 and state.phase == "play" and state.hands[2][-1] == "infection"
    assert len(state.hands[2]) == 7
    refused(state, Take(0), "WL-7")
    assert state.view(1)["seats"][1]["known"] == ["kidney"]  # everyone saw the claim


def test_wl6_a_claim_must_suit_the_round_goal() -> None:
    sc = load("two_claimants")
    state = sc.state(upto=0)
    state.apply(Draw())
    assert state.to_act == 2 and Claim(0) in state.legal_actions()
    state.apply(Pass())
    state.apply(Pass())  # seat 1 passes too; seat 3 draws
    assert state.phase == "play" and state.to_act == 3
    # a seat that already holds a kidney can't claim one in round 1
    other = prepare(3, [["kidney", "surgeon", "clinic", "heart", "liver", "lung"],
                          ["kidney", "surgeon", "heart", "liver", "lung", "infection"],
                          ["surgeon", "clinic", "heart", "liver", "lung", "quota"]],
                      turn=2, pile=["kidney"])
    other.apply(Draw())
    assert other.to_act == 1 and other.legal_actions() == [Pass()]
    assert "does not suit" in refused(other, Claim(0), "WL-6").message
    loose = prepare(3, [list(h) for h in other.hands[:2]] + [other.hands[2][:6]],
                      turn=2, pile=["kidney"], claim_needs_fit=False)
    loose.apply(Draw())
    assert Claim(0) in loose.legal_actions()


def test_wl6_a_seat_that_revealed_needs_no_more_cards() -> None:
    # seat 2 discarded a kidney; seat 1 declines; seat 0 revealed its kidney combination
    state = prepare(3, [["heart", "liver", "lung"],
                          ["heart", "liver", "lung", "heart", "liver", "lung"],
                          ["quota", "liver", "heart", "liver", "heart", "lung"]],
                      combinations=[["clinic", "kidney", "surgeon"], [], []], turn=1,
                      pile=["kidney"])
    state.apply(Draw())
    assert state.to_act == 0 and state.legal_actions() == [Pass()]
    refused(state, Claim(0), "WL-6")


def test_wl_r3_the_next_seat_first_then_counter_clockwise_never_the_discarder() -> None:
    assert claim_order(3, 0, 4) == (2, 1)
    assert claim_order(1, 2, 5) == (0, 4, 3)
    assert claim_order(2, None, 3) == (1, 0)  # the turned-up card: the dealer may claim too
    sc = load("two_claimants")
    state = sc.state(upto=0)
    order = [state.to_act]
    state.apply(Draw())
    while state.phase == "claims":
        order.append(state.to_act)
        state.apply(Pass())
    assert order == [3, 2, 1] and state.to_act == 3 and state.phase == "play"


def test_wl_r3_two_seats_want_the_same_discard_the_first_counter_clockwise_wins() -> None:
    sc = load("two_claimants")
    state = sc.state(upto=0)
    assert {"kidney"} <= {c for c in state.needs(1)} & {c for c in state.needs(2)}
    for action in sc.actions:
        state.apply(action)
    assert "kidney" in state.hands[2] and "kidney" not in state.hands[1]
    assert [h["seat"] for h in state.history] == [3, 2]  # seat 1 was never asked
    assert state.to_act == 3 and state.phase == "play"


def test_wl_r3_the_turned_up_card_opens_a_claim_window() -> None:
    state = prepare(3, [["heart", "liver", "lung", "quota", "infection", "no_beds"],
                          ["heart", "liver", "lung", "quota", "infection", "surgeon"],
                          ["heart", "liver", "lung", "living_donor", "no_beds", "clinic"]],
                      turn=2, opening=True, pile=["kidney"])
    assert state.discarder is None
    state.apply(Draw())
    assert state.to_act == 1
    state.apply(Pass())
    assert state.to_act == 0  # the dealer may claim the turned-up card
    closed = prepare(3, [list(h) for h in state.hands[:2]] + [state.hands[2][:6]],
                       turn=2, opening=True, pile=["kidney"], first_card_claims=False)
    closed.apply(Draw())
    assert closed.phase == "play" and closed.to_act == 2


def test_wl_r3_claiming_ones_own_discard_or_out_of_priority_is_refused() -> None:
    sc = load("two_claimants")
    state = sc.state(upto=0)
    refused(state, {"type": "claim", "pile_index": 0, "seat": 0}, "WL-6")
    refused(state, Claim(0), "WL-R3")  # seat 3 is the next seat: take or draw
    state.apply(Draw())
    refused(state, {"type": "claim", "pile_index": 0, "seat": 1}, "WL-R3")
    refused(state, {"type": "claim", "pile_index": 0, "seat": 0}, "WL-6")
    refused(state, Take(0), "WL-R3")


# --------------------------------------------------------------------------- WL-7


def test_wl7_a_covered_card_back_on_top_is_dead() -> None:
    sc = load("resurfaced_dead")
    state = sc.state(upto=0)
    assert [p["dead"] for p in state.view(None)["pile"]] == [True, False]
    refused(state, Take(0), "WL-7")  # covered
    events = state.apply(sc.actions[0])
    assert events[-1] == {"type": "resurfaced", "visible_to": "all", "card": "kidney",
                          "dead": True, "pile_index": 0}
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        assert view["pile"] == [{"card": "kidney", "dead": True}] and not view["top_live"]
    assert "dead" in refused(state, Take(0), "WL-7").message
    # it stays dead until it is covered again, and for good after that
    state.apply(Discard("incompatible"))
    assert [p["dead"] for p in state.view(1)["pile"]] == [True, False]
    state.apply(Draw())
    refused(state, Claim(0), "WL-7")  # seat 1 needs a kidney but it is covered


def test_wl7_only_the_top_discard_can_be_claimed() -> None:
    state = prepare(3, [["heart", "liver", "lung", "quota", "infection", "no_beds"],
                          ["heart", "liver", "lung", "quota", "infection", "surgeon"],
                          ["heart", "liver", "lung", "living_donor", "no_beds", "clinic"]],
                      turn=2, pile=["kidney", "clinic", "surgeon"])
    refused(state, Take(1), "WL-7")
    refused(state, Take(7), "WL-7")
    state.apply(Draw())
    refused(state, Claim(0), "WL-7")
    assert state.legal_actions() == [Pass()]  # seat 1 holds a surgeon already


# --------------------------------------------------------------------------- WL-8


def test_wl8_hands_stay_hidden_and_seen_takes_are_known() -> None:
    state = kit.new_game(GAME, 4, 9)
    for seat in range(4):
        view = state.view(seat)
        assert view["hand"] == sorted(state.hands[seat])
        for other in range(4):
            assert view["seats"][other]["hand_count"] == len(state.hands[other])
            assert set(view["seats"][other]) >= {"known", "combination", "laid", "character"}
        # no other hand's cards anywhere in the view, whatever they hold
        blind = state.determinize(seat, random.Random(seat))
        assert blind.hands[seat] == state.hands[seat] and blind.view(seat) == view
    assert state.view(None)["hand"] is None
    first, top = state.to_act, state.pile[-1]
    state.apply(Take(0))
    assert state.view(None)["seats"][first]["known"] == [top]
    other = state.determinize(0, random.Random(1))
    assert top in other.hands[first]  # everyone saw it: a determinized hand keeps it


# --------------------------------------------------------------------------- WL-9, WL-10


def test_wl9_reveal_after_taking_add_good_cards_then_discard() -> None:
    sc = load("reveal_two_negatives")
    state = sc.state(upto=0)
    reveals = [a for a in state.legal_actions() if isinstance(a, Reveal)]
    assert reveals == [Reveal(("clinic", "kidney", "surgeon"))]
    refused(state, Lay("family_support"), "WL-9")  # nothing revealed yet
    state.apply(sc.actions[0])
    assert state.combos[1] == ["clinic", "kidney", "surgeon"]
    assert not any(isinstance(a, Reveal) for a in state.legal_actions())  # once a round
    refused(state, Lay("infection"), "WL-9")  # only facts and positive circumstances
    state.apply(sc.actions[1])
    state.apply(sc.actions[2])
    view = state.view(0)
    assert view["seats"][1]["combination"] == ["clinic", "kidney", "surgeon"]
    assert view["seats"][1]["laid"] == ["family_support", "fact_eight_lives"]
    assert view["seats"][1]["revealed"] and view["seats"][1]["hand_count"] == 2


def test_wl9_reveal_before_taking_out_of_turn_or_incomplete_is_refused() -> None:
    state = prepare(2, [["kidney", "surgeon", "clinic", "heart", "liver", "lung"],
                          ["kidney", "surgeon", "clinic", "heart", "liver", "quota"]],
                      turn=1, pile=["infection"])
    combo = ("clinic", "kidney", "surgeon")
    refused(state, Reveal(combo), "WL-9")                        # before taking a card
    refused(state, {"type": "reveal", "cards": list(combo), "seat": 0}, "WL-9")  # not its turn
    state.apply(Draw())
    assert Reveal(combo) in state.legal_actions()
    refused(state, Reveal(("kidney", "surgeon")), "WL-9")       # not the full combination
    refused(state, Reveal(("kidney", "surgeon", "heart")), "WL-9")
    refused(state, Reveal(("clinic", "kidney", "lung")), "WL-9")  # does not hold a lung
    state.apply(Reveal(combo))
    refused(state, Reveal(combo), "WL-9")                        # already revealed


def test_wl9_the_last_card_is_discarded_not_laid() -> None:
    state = prepare(2, [["heart", "liver", "lung", "heart", "liver", "lung"], ["quota"]],
                      turn=1, phase="play", combinations=[[], ["clinic", "kidney", "surgeon"]],
                      laid=[[], ["fact_regions", "compatible_donor", "stable_condition"]],
                      pile=["lung"])
    assert state.legal_actions() == [Discard("quota")]
    refused(state, Lay("quota"), "WL-9")
    state.apply(Discard("quota"))
    assert state.round_log[-1]["winner"] == 1 and state.round_no == 2


def test_wl10_empty_hand_wins_the_round_at_once() -> None:
    # the rulebook's example: combination + good cards + one negative: reveal, add, discard
    state = prepare(3, [["heart", "liver", "lung", "quota", "infection", "no_beds"],
                          ["heart", "liver", "lung", "quota", "infection", "surgeon"],
                          ["kidney", "surgeon", "clinic", "fact_regions", "compatible_donor",
                           "incompatible", "stable_condition"]],
                      turn=2, phase="play", pile=["liver"])
    state.apply(Reveal(("clinic", "kidney", "surgeon")))
    for card in ("compatible_donor", "fact_regions", "stable_condition"):
        state.apply(Lay(card))
    events = state.apply(Discard("incompatible"))
    end = next(e for e in events if e["type"] == "round_end")
    assert end["winner"] == 2 and end["reason"] == "emptied_hand" and end["round"] == 1
    assert end["penalties"][2] == 0
    assert state.round_no == 2 and state.phase == "offer"


def test_wl10_a_reveal_leaving_two_negatives_plays_on_until_the_hand_is_empty() -> None:
    sc = load("reveal_two_negatives")
    state = sc.state(upto=0)
    for action in sc.actions[:4]:
        state.apply(action)
    assert state.hands[1] == ["incompatible"] and state.round_no == 1  # plays on
    assert state.to_act == 0
    for action in sc.actions[4:8]:
        state.apply(action)
    assert state.laid[1][-1] == "quota"  # added on a later turn (WL-10)
    events = state.apply(sc.actions[8])
    end = next(e for e in events if e["type"] == "round_end")
    assert end["winner"] == 1 and end["penalties"][1] == 0
    # seat 0 never revealed: its cards plus the unrevealed penalty (penalties.toml)
    assert end["penalties"][0] == 5 * 5 + 10 + 20


# --------------------------------------------------------------------------- WL-11


def test_wl_r5_the_pile_is_reshuffled_right_after_the_last_card_is_drawn() -> None:
    sc = load("reshuffle")
    state = sc.state(upto=0)
    assert state.view(None)["deck"] == 1
    pile_before = len(state.pile)
    events = state.apply(sc.actions[0])  # seat 1 draws the deck's last card
    assert [e["type"] for e in events] == ["decline", "draw", "drawn_card", "reshuffle"]
    view = state.view(None)
    assert view["reshuffles"] == 1 and view["pile"] == [] and view["deck"] == pile_before
    counted = sum(len(state.view(s)["hand"]) for s in (0, 1)) + view["deck"]
    assert counted == 104


def test_wl11_wl_r5_option_when_needed_reshuffles_only_when_someone_must_draw() -> None:
    sc = load("reshuffle")
    state = kit.new_game(GAME, sc.players, sc.seed, **{**sc.options, "reshuffle": "when_needed"})
    pile_before = len(state.pile)
    assert "reshuffle" not in [e["type"] for e in state.apply(sc.actions[0])]
    state.apply(sc.actions[1])
    assert state.view(None)["deck"] == 0 and len(state.view(None)["pile"]) == pile_before + 1
    events = state.apply(sc.actions[2])
    assert [e["type"] for e in events] == ["decline", "reshuffle", "draw", "drawn_card"]
    view = state.view(None)
    assert view["reshuffles"] == 1 and view["pile"] == []
    assert view["deck"] == pile_before  # the whole pile, less the card just drawn


def test_wl11_nothing_left_to_draw_ends_the_round_without_a_winner() -> None:
    state = prepare(3, [["heart", "liver", "lung", "quota", "infection", "no_beds"],
                          ["heart", "liver", "lung", "quota", "infection", "surgeon"],
                          ["heart", "liver", "lung", "living_donor", "no_beds", "clinic"]],
                      turn=2, pile=["kidney"], deck_size=0, claim_needs_fit=False)
    # deck_size=0 puts every other card under the pile: make the kidney the only pile card
    state.hands[0] += state.pile[:-1]
    state.pile = state.pile[-1:]
    state.apply(Draw())
    events = state.apply(Claim(0))
    end = next(e for e in events if e["type"] == "round_end")
    assert end["reason"] == "deck_and_pile_empty" and end["rule"] == "WL-R5"
    assert end["winner"] is None and state.round_no == 2
    assert state.result()["round_reasons"] == ["deck_and_pile_empty"]
    assert state.result()["round_rules"] == ["WL-R5"]


def test_wl11_length_bound_ends_a_round_after_round_laps() -> None:
    state = prepare(4, [["heart", "liver", "lung", "quota", "infection", "no_beds", "lung"],
                          ["heart", "liver", "lung", "quota", "infection", "surgeon"],
                          ["heart", "liver", "lung", "living_donor", "no_beds", "clinic"],
                          ["kidney", "surgeon", "liver", "heart", "lung", "organ_late"]],
                      turn=0, phase="play", pile=["kidney"], round_laps=2, turns=7)
    assert state.view(None)["turn_limit"] == 8
    events = state.apply(Discard("lung"))
    end = next(e for e in events if e["type"] == "round_end")
    assert end["reason"] == "turn_limit" and end["winner"] is None and end["turns"] == 8
    # WL-R4: everyone scores, and nobody revealed: +20 each
    assert end["penalties"] == [37 + 20, 32 + 20, 32 + 20, 35 + 20]
    assert state.round_no == 2 and state.dealer == 3


def test_wl11_every_game_ends_within_the_declared_bound() -> None:
    spec = kit.spec(GAME)
    for players in (2, 6):
        state = kit.new_game(GAME, players, 3, round_laps=1)
        bound = spec.max_length(players, state.options)
        play_until(state, lambda s, e: False, bots=[kit.bots.RandomBot()] * players)
        assert state.over and len(state.history) <= bound
        assert all(r in ("turn_limit", "emptied_hand", "deck_and_pile_empty")
                   for r in state.result()["round_reasons"])


# --------------------------------------------------------------------------- WL-R4


def test_wl_r4_penalties_come_from_the_data_table(tmp_path) -> None:
    table = tmp_path / "penalties.toml"
    table.write_text("unrevealed = 7\n[per_card]\norgan = 1\nsurgeon = 2\nclinic = 3\n"
                     "fact = 0\npositive = 0\nnegative = 100\n", encoding="utf-8")
    hands = [["heart", "surgeon", "clinic", "infection", "liver", "liver"],
             ["quota", "fact_regions"]]
    laid = [[], ["compatible_donor", "stable_condition"]]
    state = prepare(2, hands, turn=1, phase="play", pile=["lung"], laid=laid,
                      combinations=[[], ["clinic", "kidney", "surgeon"]],
                      penalties=str(table))
    assert state.penalties_now() == [1 + 2 + 3 + 100 + 1 + 1 + 7, 0]
    assert state.view(0)["rules"]["penalties"]["unrevealed"] == 7
    default = prepare(2, hands, turn=1, phase="play", pile=["lung"], laid=laid,
                        combinations=[[], ["clinic", "kidney", "surgeon"]])
    assert default.penalties_now() == [5 + 5 + 5 + 10 + 5 + 5 + 20, 2 + 1]


# --------------------------------------------------------------------------- prepared situations


@pytest.mark.parametrize("name", ["claim_then_forced_draw", "reshuffle", "resurfaced_dead",
                                  "reveal_two_negatives", "two_claimants"])
def test_prepared_situations_show_what_they_say_and_replay(name: str) -> None:
    from kit import scenarios as shared
    from kit.waiting_list import scenarios

    assert name in scenarios.names()
    sc = scenarios.load(name)
    assert sc.expect and shared.check(sc) == []
    assert all(r.startswith("WL-") for r in sc.rules)
    state = sc.state()
    again = kit.replay(GAME, sc.players, sc.seed, state.history, **sc.options)
    assert snap(again) == snap(state)
    assert type(state).restore(json.loads(snap(state))).view(sc.seat) == state.view(sc.seat)
