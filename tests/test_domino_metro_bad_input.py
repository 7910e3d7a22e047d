"""Bad input to «Домино-Метро»: each is an IllegalAction naming its rule, and nothing changes."""

from __future__ import annotations

import json
from typing import Any

import pytest

import kit
from kit.domino_metro.scenarios import load, load_state, prepare
from kit.testing import refused


def snap(state: kit.GameState) -> str:
    return json.dumps(state.snapshot(), sort_keys=True)


def place(tile: list[int], end: int | None = None, face: str | None = None) -> dict:
    return {"type": "place", "tile": tile, "end": end, "face": face}


def test_dm3_a_tile_not_held() -> None:
    state = load_state("open_double", upto=0)
    err = refused(state, place([6, 6], 1), "DM-3")
    assert "do not hold 6:6" in err.message


def test_dm3_a_tile_on_a_non_matching_end() -> None:
    state = load_state("open_double", upto=0)
    err = refused(state, place([0, 3], 1), "DM-3")
    assert "does not match end 1" in err.message


def test_dm3_a_tile_on_a_closed_end() -> None:
    layout = [{"tile": [3, 5], "by": 1}, {"tile": [5, 5], "end": 1, "face": "closed", "by": 0}]
    state = prepare(2, [[(0, 0)], [(1, 5), (3, 6)]], layout=layout)
    assert state.to_act == 1
    err = refused(state, place([1, 5], 1), "DM-3")
    assert "end 1 is closed" in err.message and "face down" in err.message


def test_dm3_no_end_or_an_unknown_end() -> None:
    state = load_state("open_double", upto=0)
    refused(state, place([0, 3]), "DM-3")
    refused(state, place([0, 3], 99), "DM-3")


def test_dm4_a_face_down_first_tile() -> None:
    state = prepare(2, [[(2, 2), (0, 1)], [(3, 3)]], to_act=0, lead_double=False)
    err = refused(state, place([2, 2], None, "closed"), "DM-4")
    assert "face up" in err.message


def test_dm4_faces_only_for_doubles_and_required_for_them() -> None:
    state = load_state("open_double", upto=0)
    refused(state, place([0, 3], 0, "open"), "DM-4")
    refused(state, place([5, 5], 1), "DM-4")
    refused(state, place([5, 5], 1, "sideways"), "DM-4")


def test_dm2_first_game_lead_must_be_the_lowest_double() -> None:
    state = kit.new_game("domino_metro", 3, seed=0)
    (lead,) = state.legal_actions()
    other = next(t for t in state.hands[state.to_act] if list(t) != list(lead.tile))
    refused(state, place(list(other)), "DM-2")
    refused(state, place(list(lead.tile), 0), "DM-4")


def test_dm1_malformed_tiles() -> None:
    state = load_state("open_double", upto=0)
    refused(state, place([3, 0], 0), "DM-1")   # written high:low
    refused(state, place([0, 3, 3], 0), "DM-1")
    refused(state, place([0, 10], 0), "DM-1")


def test_dm8_metro_placement_when_another_move_exists() -> None:
    state = load_state("metro_not_forced", upto=0)
    err = refused(state, place([5, 6], 50), "DM-8")
    assert "Metro" in err.message
    assert [str(a) for a in state.legal_actions()] == ["place 1:5 on end 50"]


def endgame(hands: list, **kw: Any) -> kit.GameState:
    """The forced-Metro layout with other hands and bazaar."""
    layout = load("forced_metro").options["deal"]["layout"]
    return prepare(len(hands), hands, layout=layout, **kw)


def test_dm_r2_metro_placement_before_the_bazaar_is_empty() -> None:
    state = endgame([[(5, 6), (1, 2)], [(1, 1), (2, 2)], [(7, 7), (8, 8)]], bazaar=[(7, 8)],
                    to_act=0)
    err = refused(state, place([5, 6], 48), "DM-R2")
    assert "draw" in err.message


def test_dm9_a_second_change_in_one_turn() -> None:
    state = load_state("change", upto=0)
    state.apply(place([2, 9], 0))
    state.apply({"type": "take_back"})
    err = refused(state, {"type": "take_back"}, "DM-9")
    assert "only one change" in err.message
    refused(state, place([2, 9], 0), "DM-9")  # the tile taken back can't return this turn
    refused(state, {"type": "draw"}, "DM-9")


def test_dm9_a_change_after_the_next_player_acted() -> None:
    state = load_state("change", upto=0)
    state.apply(place([2, 9], 0))
    state.apply({"type": "end_turn"})
    err = refused(state, {"type": "take_back"}, "DM-9")
    assert "before the next player acts" in err.message
    with pytest.raises(kit.IllegalAction):
        state.apply({"type": "take_back", "seat": 0})  # not seat 0's decision any more
    assert state.view(None)["layout"]["tiles"][1]["tile"] == [2, 9]


def test_dm9_placing_again_or_ending_a_turn_without_placing() -> None:
    state = load_state("change", upto=0)
    refused(state, {"type": "end_turn"}, "DM-9")
    state.apply(place([2, 9], 0))
    refused(state, place([6, 9], 1), "DM-9")


def test_dm6_draw_or_pass_when_a_tile_fits() -> None:
    state = load_state("change", upto=0)
    refused(state, {"type": "draw"}, "DM-6")
    refused(state, {"type": "pass"}, "DM-6")


def test_dm6_pass_while_the_bazaar_has_tiles_and_draw_from_an_empty_one() -> None:
    mine = [(0, 0), (1, 1)]
    state = prepare(2, [mine, [(2, 2)]], layout=[{"tile": [3, 5], "by": 1}])
    assert [a.TYPE for a in state.legal_actions()] == ["draw"]
    refused(state, {"type": "pass"}, "DM-6")
    stuck = endgame([[(5, 6), (1, 2)], [(7, 8)], [(1, 1), (2, 2), (7, 7), (8, 8)]],
                    bazaar=[], to_act=1)
    refused(stuck, {"type": "draw"}, "DM-6")


def test_dm_r5_next_game_only_between_games() -> None:
    state = load_state("change", upto=0)
    refused(state, {"type": "next_game"}, "DM-R5")
    between = load_state("domino_metro", upto=0)
    between.apply(between.legal_actions()[0])
    assert between.view(None)["phase"] == "between"
    refused(between, place([0, 0]), "DM-R5")


def test_malformed_actions_and_a_finished_game() -> None:
    state = load_state("forced_metro", upto=0)
    refused(state, {"type": "place", "tile": "5:6", "end": 48}, "DM-3")
    refused(state, {"type": "fly"}, "DM-3")
    refused(state, {"type": "place", "tile": [5, 6], "end": 48, "colour": 1}, "DM-3")
    state.apply(state.legal_actions()[0])
    assert state.over
    refused(state, {"type": "pass"}, "DM-3")
