"""«Домино-Метро» rule by rule (DM-1..DM-11, DM-R1..DM-R7), mostly on prepared situations
(scripted deals: kit.domino_metro.scenarios and data/scenarios/domino_metro_*.toml)."""

from __future__ import annotations

import random

import pytest

import kit
from kit.bots import make_bot, play_out
from kit.domino_metro.scenarios import load, load_state, prepare
from kit.domino_metro.scoring import load_scoring, pips
from kit.domino_metro.state import first_lead
from kit.domino_metro.tileset import load_set

ALL = load_set().tiles()


def place(tile: tuple[int, int], end: int | None = None, face: str | None = None) -> dict:
    return {"type": "place", "tile": list(tile), "end": end, "face": face}


def uncovered(state: kit.GameState) -> list[tuple[int, int, str]]:
    """(end id, value, state) of every end no tile covers."""
    return [(e["id"], e["value"], e["state"]) for e in state.view(None)["layout"]["ends"]
            if e["state"] != "covered"]


def rest_of_set(*used: list) -> list[tuple[int, int]]:
    taken = {tuple(t) for group in used for t in group}
    return [t for t in ALL if t not in taken]


def endgame(name: str, hands: list, **kw: object) -> kit.GameState:
    """The layout of a shipped scenario with other hands (the same tiles out of it)."""
    layout = load(name).options["deal"]["layout"]
    return prepare(len(hands), hands, layout=layout, bazaar=kw.pop("bazaar", []), **kw)


# -- DM-1 the set and the deal --------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3])
def test_dm1_double_nine_ten_tiles_each_rest_is_bazaar(players: int) -> None:
    state = kit.new_game("domino_metro", players, seed=4)
    zones = state.zones()
    tiles = [tuple(t) for zone in zones.values() for t in zone]
    assert sorted(tiles) == ALL and len(ALL) == 55
    assert all(len(zones[f"hand {s}"]) == 10 for s in range(players))
    assert len(zones["bazaar"]) == 55 - 10 * players
    view = state.view(1)
    assert view["bazaar"] == 55 - 10 * players and len(view["hand"]) == 10
    assert [s["tiles"] for s in view["seats"]] == [10] * players


# -- DM-2 / DM-R3 the lead -------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(12))
def test_dm2_first_game_led_by_lowest_double_from_1_1(seed: int) -> None:
    state = kit.new_game("domino_metro", 3, seed=seed)
    lead = state.to_act
    doubles = {s: sorted(a for a, b in state.hands[s] if a == b) for s in range(3)}
    upward = [(v, s) for s, vs in doubles.items() for v in vs if v >= 1]
    value, holder = min(upward) if upward else (0, lead)
    assert lead == holder
    assert state.legal_actions() == [kit.spec("domino_metro").actions["place"](
        (value, value), None, None)]
    assert state.view(None)["must_lead"] == [value, value]


def test_dm2_option_lead_double_off_lets_the_holder_lead_any_tile() -> None:
    state = kit.new_game("domino_metro", 2, seed=3, lead_double=False)
    hand = sorted(state.hands[state.to_act])
    assert sorted(tuple(a.tile) for a in state.legal_actions()) == hand


def test_dm_r3_zero_double_leads_without_another_double_and_no_double_redeals() -> None:
    assert first_lead([[(0, 0), (1, 2)], [(3, 4), (5, 5)]]) == (1, (5, 5))
    assert first_lead([[(0, 1), (1, 2)], [(3, 4), (0, 0)]]) == (1, (0, 0))
    assert first_lead([[(0, 1)], [(3, 4)]]) is None
    # a seed whose first shuffle deals no double to any hand: the engine deals again
    seed = next(s for s in range(5000) if _first_deal_has_no_double(s))
    state = kit.new_game("domino_metro", 2, seed=seed)
    assert any(a == b for h in state.hands for a, b in h)
    assert not _first_deal_has_no_double_state(state, seed)


def _first_deal_has_no_double(seed: int) -> bool:
    deck = load_set().tiles()
    random.Random(seed).shuffle(deck)
    return not any(a == b for a, b in deck[:20])


def _first_deal_has_no_double_state(state: kit.GameState, seed: int) -> bool:
    deck = load_set().tiles()
    random.Random(seed).shuffle(deck)
    return sorted(state.hands[0]) == sorted(deck[:10])


def test_dm_r3_lead_tile_has_two_ends_double_or_not() -> None:
    state = kit.new_game("domino_metro", 2, seed=1)
    (lead,) = state.legal_actions()
    state.apply(lead)
    ends = state.view(None)["layout"]["ends"]
    assert [(e["side"], e["value"]) for e in ends] == [("west", lead.tile[0]),
                                                       ("east", lead.tile[1])]


def test_dm_r3_option_first_double_after_plain_lead_is_plain() -> None:
    hands = [[(5, 5), (0, 1)], [(2, 2), (0, 2)]]
    state = prepare(2, hands, layout=[{"tile": [3, 5], "by": 1}], first_double="plain")
    assert [str(a) for a in state.legal_actions()] == ["place 5:5 on end 1"]
    state.apply(place((5, 5), 1))
    assert uncovered(state) == [(0, 3, "live"), (2, 5, "live")]
    # the first double is used up: later doubles have a face again
    default = prepare(2, hands, layout=[{"tile": [3, 5], "by": 1}])
    assert {a.face for a in default.legal_actions()} == {"open", "closed"}


def test_dm2_loser_deals_and_leads_any_tile_in_the_next_game() -> None:
    state = kit.new_game("domino_metro", 3, seed=2, games=2)
    bots = [make_bot("domino_metro", "rule") for _ in range(3)]
    while state.view(None)["phase"] != "between":
        play_out(state, bots, random.Random(0), max_actions=1)
    record = state.result()["records"][0]
    assert state.to_act in record["losers"]
    assert [a.to_json() for a in state.legal_actions()] == [{"type": "next_game"}]
    loser = state.to_act
    state.apply({"type": "next_game"})
    assert state.to_act == loser and state.view(None)["lead"] == loser
    assert state.view(None)["must_lead"] is None
    assert sorted(tuple(a.tile) for a in state.legal_actions()) == sorted(state.hands[loser])


# -- DM-3 / DM-4 placing, doubles ------------------------------------------------------------

def test_dm3_tile_matches_an_open_end_covers_it_and_opens_its_other_value() -> None:
    state = load_state("open_double", upto=0)
    state.apply(place((0, 3), 0))
    view = state.view(None)
    tile = view["layout"]["tiles"][1]
    assert (tile["parent"], tile["side"], tile["inner"], tile["outer"]) == (0, "west", 3, 0)
    assert view["layout"]["ends"][0]["covered_by"] == 1
    assert uncovered(state) == [(1, 5, "live"), (2, 0, "live")]


def test_dm4_open_double_makes_a_third_end() -> None:
    state = load_state("open_double", upto=0)
    before = uncovered(state)
    state.apply(place((5, 5), 1, "open"))
    after = uncovered(state)
    assert len(before) == 2 and len(after) == 3
    assert after == [(0, 3, "live"), (2, 5, "live"), (3, 5, "live")]
    sides = [(e["side"], e["heading"]) for e in state.view(None)["layout"]["ends"][2:]]
    assert sides == [("ahead", 0), ("branch", 90)]


def test_dm4_closed_double_closes_the_end() -> None:
    state = load_state("closed_double")  # 5:5 placed face down on the 5 of the lead 3:5
    assert state.history[-1] == {**place((5, 5), 1, "closed"), "seat": 0}
    assert uncovered(state) == [(0, 3, "live")]
    tile = state.view(1)["layout"]["tiles"][1]
    assert tile["face"] == "closed" and tile["tile"] == [5, 5]  # shown to all


# -- DM-5 / DM-R1 dead ends ------------------------------------------------------------------

def test_dm5_end_dies_when_its_value_is_used_up() -> None:
    state = load_state("dying_end", upto=0)
    ends = {v: i for i, v, _ in uncovered(state) if v in (2, 7)}
    assert (ends[7], 7, "live") in uncovered(state)
    events = state.apply(place((2, 7), ends[2]))
    placed = next(e for e in events if e["type"] == "place")
    assert placed["died"] == [ends[7]] and placed["metro"] is False
    assert placed["value"] == 2 and placed["died_values"] == [7]
    assert placed["new_ends"][0]["value"] == 7 and placed["new_ends"][0]["state"] == "dead"
    states = {(v, s) for _, v, s in uncovered(state)}
    assert (7, "dead") in states and (7, "live") not in states and (9, "live") in states
    assert state.view(None)["layout"]["unplayed"][7] == 0
    assert 7 not in state.view(None)["layout"]["live_values"]


# -- DM-6 drawing and passing ----------------------------------------------------------------

def test_dm6_draw_one_tile_at_a_time_until_one_fits_and_keep_them() -> None:
    mine = [(0, 0), (1, 1), (2, 2), (4, 4), (6, 6), (7, 7), (8, 8), (9, 9), (0, 1), (0, 2)]
    theirs = [(0, 4), (1, 4), (2, 4), (4, 6), (4, 7), (4, 8), (4, 9), (6, 7), (6, 8), (6, 9)]
    bazaar = [(1, 2), (3, 9)]  # the next drawn first: 1:2, then 3:9
    bazaar += [t for t in rest_of_set(mine, theirs, [(3, 5)]) if t not in bazaar]
    state = prepare(2, [mine, theirs], layout=[{"tile": [3, 5], "by": 1}], bazaar=bazaar)
    assert [a.to_json() for a in state.legal_actions()] == [{"type": "draw"}]
    events = state.apply({"type": "draw"})
    assert events[0]["visible_to"] == "all" and "tile" not in events[0]
    assert events[1]["visible_to"] == [0] and events[1]["tile"] == [1, 2]
    assert state.to_act == 0 and [a.TYPE for a in state.legal_actions()] == ["draw"]
    state.apply({"type": "draw"})
    assert [str(a) for a in state.legal_actions()] == ["place 3:9 on end 0"]
    assert len(state.hands[0]) == 12 and state.view(1)["bazaar"] == len(bazaar) - 2
    state.apply(place((3, 9), 0))  # no other tile fits: no change window
    assert state.to_act == 1 and len(state.hands[0]) == 11


def test_dm6_pass_when_nothing_fits_and_the_bazaar_is_empty() -> None:
    state = endgame("forced_metro", [[(5, 6), (1, 2)], [(7, 8)], [(1, 1), (2, 2), (7, 7),
                                                                  (8, 8)]], to_act=1)
    assert [a.to_json() for a in state.legal_actions()] == [{"type": "pass"}]
    state.apply({"type": "pass"})
    assert state.to_act == 2
    state.apply({"type": "pass"})
    assert state.to_act == 0 and [a.TYPE for a in state.legal_actions()] == ["place"]


# -- DM-7 places -------------------------------------------------------------------------------

def test_dm7_first_out_is_first_and_the_others_play_on() -> None:
    p1 = [(0, 0), (1, 1), (2, 3), (4, 7), (5, 8), (6, 6), (7, 9), (3, 9), (1, 8), (0, 3)]
    p2 = [(2, 2), (1, 3), (1, 4), (2, 5), (3, 6), (4, 8), (5, 9), (6, 7), (8, 9), (1, 7)]
    state = prepare(3, [[(2, 9)], p1, p2], layout=[{"tile": [2, 6], "by": 2}])
    events = state.apply(place((2, 9), 0))
    assert {"type": "out", "visible_to": "all", "seat": 0, "place": 1} in events
    assert state.to_act == 1 and not state.over
    bots = [make_bot("domino_metro", "rule") for _ in range(3)]
    seen = set()
    while not state.over:
        seen.add(state.to_act)
        play_out(state, bots, random.Random(1), max_actions=1)
    assert 0 not in seen  # a seat that is out is skipped
    places = state.result()["records"][0]["places"]
    assert places[0] == 1 and sorted(places[1:]) in ([2, 3], [3, 3])


# -- DM-8 / DM-R2 Metro ------------------------------------------------------------------------

def test_dm8_forced_metro_ends_the_game_and_its_maker_is_last() -> None:
    state = load_state("forced_metro", upto=0)
    (only,) = state.legal_actions()
    assert str(only) == "place 5:6 on end 48"
    events = state.apply(only)
    assert next(e for e in events if e["type"] == "place")["metro"] is True
    assert {"type": "metro", "visible_to": "all", "seat": 0, "place": 3,
            "closed_by": 0} in events
    assert state.over
    record = state.result()["records"][0]
    assert record["end"] == "metro" and record["metro"] == 0
    assert record["places"] == [3, 1, 2]  # the others by pips: 15 and 36
    assert record["losers"] == [0] and record["moles"] == [0]  # still holds 1:2
    assert record["pips"] == [3, 15, 36]


def test_dm_r2_metro_waits_for_the_bazaar_to_be_empty() -> None:
    hands = [[(5, 6), (1, 2)], [(1, 1), (2, 2), (7, 7), (8, 8)]]
    state = endgame("forced_metro", hands, bazaar=[(7, 8)])
    assert [a.to_json() for a in state.legal_actions()] == [{"type": "draw"}]
    state.apply({"type": "draw"})
    assert [a.TYPE for a in state.legal_actions()] == ["place"]  # now forced
    hand_only = endgame("forced_metro", hands, bazaar=[(7, 8)], metro_forced="hand")
    assert [str(a) for a in hand_only.legal_actions()] == ["place 5:6 on end 48"]


def test_dm8_domino_metro_is_first_and_cancels_earlier_metros() -> None:
    state = load_state("domino_metro", upto=0)
    before = {r["seat"]: r for r in state.view(None)["table"]}
    assert before[0]["metros"] == 1 and before[0]["penalty"] == 1
    events = state.apply(state.legal_actions()[0])
    assert {"type": "domino_metro", "visible_to": "all", "seat": 0, "place": 1,
            "closed_by": 0, "cancelled": [1]} in events
    result = state.result()
    game1, game2 = result["records"]
    assert game1["metro_cancelled_by"] == 2
    assert game2["end"] == "domino_metro" and game2["places"] == [1, 2, 3]
    row = result["table"][0]
    assert (row["metros"], row["metros_cancelled"], row["domino_metros"], row["penalty"]) == (
        0, 1, 1, 0)
    assert result["penalty"] == [0, 0, 1]
    assert state.view(None)["phase"] == "between" and state.to_act == 2  # the loser deals


@pytest.mark.parametrize(("two", "place0"), [(False, 2), (True, 1)])
def test_dm8_last_tile_metro_with_two_players_is_plain_metro_unless_option(
        two: bool, place0: int) -> None:
    state = endgame("forced_metro", [[(5, 6)], [(1, 2), (7, 8), (1, 1), (2, 2), (7, 7),
                                               (8, 8)]], domino_metro_two=two)
    state.apply(state.legal_actions()[0])
    record = state.result()["records"][0]
    assert record["places"][0] == place0
    assert record["end"] == ("domino_metro" if two else "metro")
    assert record["moles"] == ([1] if two else [])  # a Metro maker with no tiles is no mole


# -- DM-9 the change ---------------------------------------------------------------------------

def test_dm9_take_back_and_place_another_tile_once() -> None:
    state = load_state("change", upto=0)
    state.apply(place((2, 9), 0))
    assert state.to_act == 0 and state.view(None)["phase"] == "placed"
    assert [a.TYPE for a in state.legal_actions()] == ["end_turn", "take_back"]
    assert state.view(1)["pending"] == {"seat": 0, "tile": 1, "metro": False}
    events = state.apply({"type": "take_back"})
    assert events[0]["tile"] == [2, 9] and events[0]["visible_to"] == "all"
    assert state.view(2)["seats"][0]["shown"] == [[2, 9]]  # everyone saw it
    assert state.view(None)["barred"] == [2, 9]
    assert [str(a) for a in state.legal_actions()] == ["place 6:9 on end 1"]
    state.apply(place((6, 9), 1))
    assert state.to_act == 1  # no second window: the turn passed at once
    assert state.view(1)["layout"]["tiles"][1]["tile"] == [6, 9]
    assert state.view(1)["seats"][0]["shown"] == [[2, 9]]  # still known to be held
    assert state.result()["records"] == [] and state.counts["changes"] == 1


def test_dm9_end_turn_keeps_the_tile_and_closes_the_window() -> None:
    state = load_state("change", upto=0)
    state.apply(place((2, 9), 0))
    state.apply({"type": "end_turn"})
    assert state.to_act == 1 and state.view(None)["phase"] == "play"
    assert state.view(None)["layout"]["tiles"][1]["tile"] == [2, 9]


def test_dm9_no_window_with_the_option_off() -> None:
    state = load_state("change", upto=0, change=False)
    state.apply(place((2, 9), 0))
    assert state.to_act == 1 and state.view(None)["phase"] == "play"


def test_dm9_no_window_when_no_other_tile_fits() -> None:
    mine = [(3, 3), (0, 1)]  # 3:3 fits face up or down: moving it is no change of tile
    state = prepare(2, [mine, [(1, 1)]], layout=[{"tile": [3, 5], "by": 1}])
    assert len(state.legal_actions()) == 2
    state.apply(place((3, 3), 0, "open"))
    assert state.to_act == 1


def test_dm9_the_lead_may_be_changed_in_a_later_game() -> None:
    state = prepare(2, [[(0, 0), (4, 6)], [(1, 1)]], to_act=0,
                    past_games=[{"places": [2, 1]}], games=2)
    assert len(state.legal_actions()) == 2  # the loser leads any tile
    state.apply(place((0, 0)))
    assert state.to_act == 0 and [a.TYPE for a in state.legal_actions()] == [
        "end_turn", "take_back"]
    state.apply({"type": "take_back"})
    assert [str(a) for a in state.legal_actions()] == ["lead 4:6"]


# -- DM-10 / DM-11 / DM-R4 the loser, the mole, the count ------------------------------------

def test_dm_r2_a_closing_face_up_double_waits_for_the_bazaar() -> None:
    # the example: the only live end is a 4, seat 0 holds 4:4 (the last 4) and 1:2
    hands = [[(4, 4), (1, 2)], [(0, 0)], [(2, 2), (0, 3)]]
    state = endgame("face_up_double_closes", hands, bazaar=[(1, 1), (3, 3)], to_act=0)
    assert [a.to_json() for a in state.legal_actions()] == [{"type": "draw"}]
    before = state.snapshot()
    with pytest.raises(kit.IllegalAction) as err:
        state.apply(place((4, 4), 49, "open"))
    assert err.value.rule == "DM-R2" and state.snapshot() == before
    state.apply({"type": "draw"})
    state.apply({"type": "draw"})  # 1:1 and 3:3 fit nowhere: now it is forced
    assert sorted(str(a) for a in state.legal_actions()) == [
        "place 4:4 face down (closed) on end 49", "place 4:4 face up (open) on end 49"]
    hand_only = endgame("face_up_double_closes", hands, bazaar=[(1, 1), (3, 3)], to_act=0,
                        metro_forced="hand")
    assert len(hand_only.legal_actions()) == 2  # only the hand counts: no draw first


def test_dm_r6_a_closing_face_up_double_names_the_last_other_placer() -> None:
    state = load_state("face_up_double_closes", upto=0)
    events = state.apply(place((4, 4), 49, "open"))
    assert next(e for e in events if e["type"] == "place")["metro"] is True
    assert {"type": "metro", "visible_to": "all", "seat": 1, "place": 3,
            "closed_by": 0} in events
    record = state.result()["records"][0]
    assert record["end"] == "metro" and record["metro"] == 1  # seat 1 placed 3:4
    assert record["places"] == [1, 3, 2] and record["losers"] == [1]


def test_dm_r6_option_pips_blocks_the_game_on_a_closing_face_up_double() -> None:
    state = load_state("face_up_double_closes", metro_maker="pips")
    record = state.result()["records"][0]
    assert record["end"] == "blocked" and record["metro"] is None
    assert record["pips"] == [5, 10, 13]  # seat 1's lone 0:0 counts 10 (DM-R4)
    assert record["places"] == [1, 2, 3] and record["losers"] == [2]


def test_dm_r6_face_down_the_closing_double_makes_its_placer_the_metro_maker() -> None:
    for rule in ("last_other_tile", "pips"):
        state = load_state("face_up_double_closes", upto=0, metro_maker=rule)
        state.apply(place((4, 4), 49, "closed"))
        record = state.result()["records"][0]
        assert (record["end"], record["metro"], record["places"][0]) == ("metro", 0, 3)


def test_dm_r6_a_cycle_of_face_up_doubles_one_per_player_counts_pips() -> None:
    state = load_state("cycle_of_doubles")
    record = state.result()["records"][0]
    assert record["end"] == "blocked" and record["metro"] is None
    assert record["pips"] == [1, 10, 2] and record["places"] == [1, 3, 2]
    # the same cycle ended face down: its placer made Metro
    state = load_state("cycle_of_doubles", upto=2)
    state.apply(place((6, 6), 37, "closed"))
    assert state.result()["records"][0]["metro"] == 2


def _without_last_tile(hands: list, **options: object) -> kit.GameState:
    """The cycle_of_doubles layout without its last tile, 5:9 by seat 0, on end 51."""
    layout = load("cycle_of_doubles").options["deal"]["layout"][:-1]
    return prepare(3, hands, layout=layout, bazaar=[], to_act=0, change=False, **options)


@pytest.mark.parametrize(("rule", "end", "metro"), [
    ("last_other_tile", "metro", 0), ("pips", "blocked", None)])
def test_dm_r6_a_pass_breaks_the_cycle(rule: str, end: str, metro: int | None) -> None:
    state = _without_last_tile([[(5, 9), (4, 4), (0, 1)], [(0, 0)], [(5, 5), (6, 6), (1, 1)]],
                               metro_maker=rule)
    for action in (place((5, 9), 51), {"type": "pass"}, place((5, 5), 52, "open"),
                   place((4, 4), 50, "open"), {"type": "pass"}):
        state.apply(action)
    assert state.view(None)["up_doubles"] == []  # seat 1's pass broke the run
    state.apply(place((6, 6), 37, "open"))
    record = state.result()["records"][0]
    assert (record["end"], record["metro"]) == (end, metro)


def test_dm_r6_a_metro_maker_who_went_out_made_domino_metro() -> None:
    state = _without_last_tile([[(5, 9)], [(5, 5), (0, 0)], [(4, 4), (6, 6), (1, 1), (0, 1)]])
    for action in (place((5, 9), 51), place((5, 5), 52, "open"),
                   place((4, 4), 50, "open"), {"type": "pass"}):
        state.apply(action)
    events = state.apply(place((6, 6), 37, "open"))
    assert {"type": "domino_metro", "visible_to": "all", "seat": 0, "place": 1,
            "closed_by": 2, "cancelled": []} in events
    record = state.result()["records"][0]
    assert record["end"] == "domino_metro" and record["places"] == [1, 3, 2]


def test_dm_r4_zero_double_counts() -> None:
    rules = load_scoring().zero_double
    assert pips([(0, 0)], rules["lone_10"]) == 10
    assert pips([(0, 0), (1, 2)], rules["lone_10"]) == 3
    assert pips([(0, 0), (1, 2)], rules["always_10"]) == 13
    assert pips([(0, 0)], rules["lone_25"]) == 25
    assert pips([(4, 5), (6, 6)], rules["lone_10"]) == 21


@pytest.mark.parametrize(("ties", "places"), [("better", [3, 1, 1]), ("worse", [3, 2, 2])])
def test_dm_r7_tied_pips_share_a_place_and_the_metro_maker_is_last(ties, places) -> None:
    hands = [[(5, 6), (1, 2)], [(7, 7), (1, 1)], [(8, 8)]]  # 16 pips each
    state = endgame("forced_metro", hands, bazaar=[(7, 8), (2, 2)], to_act=0,
                    metro_forced="hand", tied_pips=ties)
    state.apply(place((5, 6), 48))
    record = state.result()["records"][0]
    assert record["pips"] == [3, 16, 16] and record["places"] == places
    assert record["metro"] == 0 and record["losers"] == [0]


def test_dm10_loser_is_last_and_a_mole_when_holding_tiles() -> None:
    state = kit.new_game("domino_metro", 2, seed=8)
    play_out(state, [make_bot("domino_metro", "rule")] * 2, random.Random(8))
    record = state.result()["records"][0]
    worst = max(record["places"])
    assert record["losers"] == [s for s in (0, 1) if record["places"][s] == worst]
    assert record["moles"] == [s for s in record["losers"] if record["hands_left"][s]]


# -- DM-R5 the match -------------------------------------------------------------------------

def test_dm_r5_match_table_over_three_games() -> None:
    state = kit.new_game("domino_metro", 3, seed=6, games=3)
    play_out(state, [make_bot("domino_metro", "rule")] * 3, random.Random(6))
    result = state.result()
    assert result["over"] and result["games_played"] == 3 and len(result["records"]) == 3
    for row in result["table"]:
        assert len(row["places"]) == 3
        assert row["losses"] == sum(row["seat"] in r["losers"] for r in result["records"])
    best = min(r["penalty"] for r in result["table"])
    assert all(result["places"][s] == 1 for s in result["winners"])
    assert {s for s in range(3) if result["penalty"][s] == best} >= set(result["winners"])
    assert result["scores"] == [-p for p in result["penalty"]]
    leads = [r["lead"] for r in result["records"]]
    for before, after in zip(result["records"], leads[1:], strict=False):
        assert after in before["losers"]


def test_dm10_metro_double_costs_two_points() -> None:
    state = load_state("forced_metro", upto=0, metro_double=True)
    state.apply(state.legal_actions()[0])
    assert state.result()["penalty"] == [2, 0, 0]
    plain = load_state("forced_metro", upto=0)
    plain.apply(plain.legal_actions()[0])
    assert plain.result()["penalty"] == [1, 0, 0]


# -- views (DM-R1 geometry for boards) --------------------------------------------------------

def test_dm_r1_view_lists_every_end_with_value_state_and_geometry() -> None:
    state = load_state("dying_end", upto=0)
    two = next(i for i, v, _ in uncovered(state) if v == 2)
    state.apply(place((2, 7), two))
    state.apply({"type": "end_turn"})
    view = state.view(0)
    layout = view["layout"]
    assert len(layout["tiles"]) == 55 - 4 - 7 - 5 + 1
    for tile in layout["tiles"][1:]:
        parent = layout["tiles"][tile["parent"]]
        end = layout["ends"][tile["end"]]
        assert end["tile"] == parent["id"] and end["side"] == tile["side"]
        assert tile["inner"] == end["value"] and end["covered_by"] == tile["id"]
    assert {e["state"] for e in layout["ends"]} == {"live", "covered", "dead"}
    for e in layout["ends"]:
        live = e["state"] == "live"
        assert live == (e["covered_by"] is None and layout["unplayed"][e["value"]] > 0)
    assert view["hand"] == [[1, 6], [3, 8], [9, 9]]
    assert view["seats"][1] == {"seat": 1, "tiles": 7, "shown": [], "place": None}
    assert state.view(1)["hand"] != view["hand"] and state.view(None)["hand"] is None


# -- hidden information ------------------------------------------------------------------------

def test_dm9_determinize_keeps_a_taken_back_tile_with_its_holder() -> None:
    state = load_state("change", upto=0)
    state.apply(place((2, 9), 0))
    state.apply({"type": "take_back"})
    for k in range(20):
        other = state.determinize(1, random.Random(k))
        assert (2, 9) in other.hands[0]
        assert sorted(other.hands[1]) == sorted(state.hands[1])
        assert other.view(1) == state.view(1)


def test_dm2_determinize_keeps_the_announced_lead_double_and_no_lower_double_in_hands() -> None:
    state = kit.new_game("domino_metro", 3, seed=5)
    (lead,) = state.legal_actions()
    low = lead.tile[0]
    differed = False
    for k in range(20):
        other = state.determinize(None, random.Random(k))
        assert tuple(lead.tile) in other.hands[state.to_act]
        lower = {(v, v) for v in range(1, low)} if low else {(v, v) for v in range(1, 10)}
        assert not lower & {t for h in other.hands for t in h}
        differed |= other.hands != state.hands
    assert differed


@pytest.mark.parametrize(("scenario", "only"), [
    ("domino_metro_draw", "draw"), ("domino_metro_pass", "pass"),
    ("domino_metro_metro_after_bazaar", "draw_before_metro"),
    ("domino_metro_forced_metro", "metro"), ("domino_metro_open_double", None)])
def test_dm6_dm8_dm_r2_the_view_says_why_one_kind_of_move_is_offered(scenario, only):
    """DM-6, DM-8, DM-R2: the seat to act learns from its view why it may only draw, only
    pass, or only close the last end (``only``); no other seat's view says it."""
    state = kit.load_scenario(scenario).state(upto=0)
    assert state.view(state.to_act)["only"] == only
    assert all(state.view(s)["only"] is None for s in [None, *range(state.players)]
               if s != state.to_act)


def test_dm_r6_dm11_the_view_sums_up_the_game_just_over():
    """DM-7, DM-8, DM-10, DM-11, DM-R6, DM-R7: at a game's end every view holds the same
    summary: places best first, why each seat took its place (the face-up double's placer
    closed the last end, so Seat 1 is the Metro maker by DM-R6; the others by pips), the
    mole, the hands left and their pips, and the penalty points."""
    state = kit.load_scenario("domino_metro_face_up_double_closes").state(upto=0)
    assert state.view(state.to_act)["last_game"] is None
    state.apply(place((4, 4), 49, "open"))
    if not state.over:
        state.apply({"type": "end_turn"})
    game = state.view(None)["last_game"]
    assert all(state.view(s)["last_game"] == game for s in range(state.players))
    record = state.result()["records"][0]
    assert [(r["seat"], r["place"], r["reason"], r["mole"]) for r in game["rows"]] == [
        (0, 1, "by_pips", False), (2, 2, "by_pips", False), (1, 3, "metro_by_double", True)]
    assert [r["pips"] for r in game["rows"]] == [5, 13, 10]
    assert [r["hand"] for r in game["rows"]] == [record["hands_left"][s] for s in (0, 2, 1)]
    assert [r["points"] for r in game["rows"]] == [0, 0, 1]
    assert (game["end"], game["closed_by"]) == ("metro", 0)


def test_dm7_dm8_dm11_each_place_reason_agrees_with_the_game_record():
    """DM-7, DM-8, DM-11, DM-R6, DM-R7: over seeded rule-bot matches, a seat that went out
    has no tile left, one ranked by pips or left holding tiles has some, and the Metro and
    domino-Metro makers are the record's."""
    seen, bot = set(), make_bot("domino_metro", "rule")
    games = []
    for seed in range(8):
        state = kit.new_game("domino_metro", players=3, seed=seed, games=3)
        rng = random.Random(seed)
        while not state.over:
            if state.phase == "between":
                games.append((state.result()["records"][-1], state.view(None)["last_game"]))
            state.apply(bot.choose(state.view(state.to_act), state.legal_actions(), rng))
        games.append((state.result()["records"][-1], state.view(None)["last_game"]))
    assert len(games) == 24
    for record, game in games:
        for row in game["rows"]:
            s, reason = row["seat"], row["reason"]
            seen.add(reason)
            assert (reason == "went_out") == (not row["hand"] and record["metro"] != s
                                              and record["domino_metro"] != s)
            assert (reason in ("metro", "metro_by_double")) == (record["metro"] == s)
            assert (reason == "last_holding") == (record["end"] == "out" and bool(row["hand"]))
            assert row["mole"] == (s in record["moles"])
    assert {"went_out", "by_pips"} <= seen, seen
