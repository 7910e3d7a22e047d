"""What a game returns is the caller's own (issue 36): fresh, or shared read-only data
(kit.readonly) that refuses a change, stays JSON and deep-copies into editable data."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

import kit
from kit.readonly import freeze


def test_read_only_data_is_json_compares_equal_and_refuses_changes():
    data = freeze({"cards": [{"colour": "red", "value": 1}], "counts": (3, 2)})
    assert json.loads(json.dumps(data)) == data == {"cards": [{"colour": "red", "value": 1}],
                                                     "counts": [3, 2]}
    changes = [lambda: data.update(x=1), lambda: data["cards"].append(1),
               lambda: data["cards"][0].__setitem__("colour", "RED"),
               lambda: data["counts"].sort(), lambda: data.pop("cards")]
    for change in changes:
        with pytest.raises(TypeError, match=r"copy\.deepcopy"):
            change()
    assert data == {"cards": [{"colour": "red", "value": 1}], "counts": [3, 2]}


def test_a_deep_copy_or_a_pickle_is_plain_editable_data():
    data = freeze({"cards": [{"colour": "red"}]})
    for mine in (copy.deepcopy(data), pickle.loads(pickle.dumps(data))):
        mine["cards"][0]["colour"] = "RED"
        mine["cards"].append({})
        assert type(mine) is dict and type(mine["cards"]) is list
    assert data == {"cards": [{"colour": "red"}]}


def test_hb_upper_casing_one_games_event_colours_leaves_another_games_view_alone():
    """The reproduction of issue 36 (HB-6 plays, HB-2 views)."""
    one, two = kit.new_game("hanabi", 2, 5), kit.new_game("hanabi", 2, 5)
    before = json.dumps(two.view(0))
    for ev in one.apply({"type": "play", "slot": 0}):
        for value in ev.values():
            if isinstance(value, dict) and "colour" in value:
                with pytest.raises(TypeError):
                    value["colour"] = value["colour"].upper()
    view = one.view(1)
    with pytest.raises(TypeError):
        view["hands"][0]["cards"].clear()
    view["hands"][0]["cards"] = []
    view["hands"].append("mine")
    assert json.dumps(two.view(0)) == before
    assert len(one.view(1)["hands"][0]["cards"]) == 5


def test_wl_editing_one_views_catalogue_leaves_another_games_alone():
    """The reproduction of issue 36 (WL-8 views)."""
    one, two = kit.new_game("waiting_list", 4, 1), kit.new_game("waiting_list", 4, 1)
    before = json.dumps(two.view(0))
    catalogue = one.view(0)["catalogue"]
    card = next(iter(catalogue))
    with pytest.raises(TypeError):
        catalogue[card]["layable"] = not catalogue[card]["layable"]
    mine = copy.deepcopy(catalogue)
    mine[card]["layable"] = "edited"
    assert json.dumps(two.view(0)) == before
    assert one.view(0)["catalogue"][card]["layable"] != "edited"


def test_wl_a_view_read_back_from_json_lists_the_same_legal_actions():
    """WL-5..WL-10 from the view alone: the tokens of the engine's read-only catalogue are
    kept between calls, any other catalogue (here: from JSON) is read afresh."""
    from kit.waiting_list.legal import legal_from_view

    state, moves = kit.new_game("waiting_list", 4, 3), 0
    while not state.over and moves < 200:
        view = state.view(state.to_act)
        want = [a.to_json() for a in state.legal_actions()]
        assert [a.to_json() for a in legal_from_view(view)] == want
        assert [a.to_json() for a in legal_from_view(json.loads(json.dumps(view)))] == want
        state.apply(state.legal_actions()[moves % len(want)])
        moves += 1
