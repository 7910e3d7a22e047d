"""«Домино-Метро» data files, options and scenario checks: every error is a ConfigError
naming the option, or the file and the entry (DM-1, DM-R4, DM-R5)."""

from __future__ import annotations

from pathlib import Path

import pytest

import kit
from kit import scenarios as kit_scenarios
from kit.domino_metro.scenarios import find_layout, load, load_state, names, prepare
from kit.domino_metro.scoring import load_scoring
from kit.domino_metro.tileset import load_set
from kit.testing import check_game


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def config_error(option: str, **kwargs: object) -> kit.ConfigError:
    with pytest.raises(kit.ConfigError) as info:
        kit.new_game("domino_metro", kwargs.pop("players", 3), 0, **kwargs)
    assert info.value.option == option, info.value
    return info.value


def test_dm1_default_set_file() -> None:
    tileset = load_set()
    assert (tileset.name, tileset.max_pip, tileset.hand_size) == ("double-nine", 9, 10)
    assert tileset.size() == 55 == len(set(tileset.tiles()))
    assert tileset.doubles() == [(v, v) for v in range(10)]


def test_dm1_another_set_file_works_without_code_changes(tmp_path: Path) -> None:
    path = write(tmp_path, "six.toml", 'name = "double-six"\nmax_pip = 6\nhand_size = 7\n')
    state = kit.new_game("domino_metro", 3, 1, set_file=path)
    assert sum(len(z) for z in state.zones().values()) == 28
    assert state.view(0)["max_pip"] == 6 and state.view(0)["bazaar"] == 7
    check_game("domino_metro", players=2, seeds=range(1), deep_every=5, set_file=path)


@pytest.mark.parametrize(("text", "entry"), [
    ('name = "x"\nhand_size = 10\n', ": max_pip"),
    ('name = "x"\nmax_pip = "nine"\nhand_size = 10\n', ": max_pip"),
    ('name = "x"\nmax_pip = 0\nhand_size = 10\n', ": max_pip"),
    ('name = "x"\nmax_pip = 9\nhand_size = 0\n', ": hand_size"),
    ('name = "x"\nmax_pip = 9\nhand_size = 10\ncolour = 1\n', ": colour"),
    ('name = "x"\nmax_pip = true\nhand_size = 10\n', ": max_pip"),
    ('name = 3\nmax_pip = 9\nhand_size = 10\n', ": name"),
    ('name = "x"\nmax_pip = 4\nhand_size = 10\n', ": hand_size"),  # 15 tiles for 30
])
def test_dm1_bad_set_files_name_the_entry(tmp_path: Path, text: str, entry: str) -> None:
    path = write(tmp_path, "bad.toml", text)
    err = config_error(f"{path}{entry}", set_file=path)
    assert path in err.option


def test_dm1_missing_or_broken_set_file(tmp_path: Path) -> None:
    config_error("no/such/file.toml", set_file="no/such/file.toml")
    path = write(tmp_path, "broken.toml", "max_pip = = 9")
    config_error(path, set_file=path)


def test_dm_r4_default_scoring_file() -> None:
    scoring = load_scoring()
    assert scoring.zero_double == {"lone_10": (10, 0), "always_10": (10, 10),
                                   "lone_25": (25, 0)}
    assert (scoring.loss, scoring.metro, scoring.metro_double) == (1, 1, 2)


@pytest.mark.parametrize(("text", "entry"), [
    ("[match]\nloss = 1\nmetro = 1\nmetro_double = 2\n", ": zero_double"),
    ("[zero_double.a]\nalone = 10\n[match]\nloss = 1\nmetro = 1\nmetro_double = 2\n",
     ": zero_double.a.with_others"),
    ("[zero_double.a]\nalone = -1\nwith_others = 0\n[match]\nloss = 1\nmetro = 1\n"
     "metro_double = 2\n", ": zero_double.a.alone"),
    ("[zero_double]\n[match]\nloss = 1\nmetro = 1\nmetro_double = 2\n", ": zero_double"),
    ('zero_double = "x"\n[match]\nloss = 1\nmetro = 1\nmetro_double = 2\n', ": zero_double"),
    ("[zero_double.a]\nalone = 10\nwith_others = 0\n", ": match"),
    ("[zero_double.a]\nalone = 10\nwith_others = 0\n[match]\nloss = 1\nmetro = -1\n"
     "metro_double = 2\n", ": match.metro"),
])
def test_dm_r4_bad_scoring_files_name_the_entry(tmp_path: Path, text: str, entry: str) -> None:
    path = write(tmp_path, "scoring.toml", text)
    config_error(f"{path}{entry}", scoring_file=path, zero_double="a")


def test_dm_r4_zero_double_rule_must_be_in_the_scoring_file() -> None:
    err = config_error("zero_double", zero_double="lone_11")
    assert "lone_10" in err.message


@pytest.mark.parametrize(("option", "value"), [
    ("games", 0), ("games", "3"), ("games", 1001), ("metro_forced", "never"),
    ("first_double", "open"), ("lead_double", "yes"), ("change", 1),
    ("domino_metro_two", None), ("metro_double", "double"), ("set_file", " "),
    ("scoring_file", 3), ("metro_maker", "nobody"), ("tied_pips", True), ("colour", "red"),
])
def test_options_are_validated_up_front(option: str, value: object) -> None:
    config_error(option, **{option: value})


def test_players_out_of_range() -> None:
    config_error("players", players=4)
    config_error("players", players=1)


def test_every_shipped_scenario_loads_and_shows_what_it_says() -> None:
    shipped = names()
    assert {"open_double", "closed_double", "dying_end", "forced_metro", "metro_not_forced",
            "metro_after_bazaar", "domino_metro", "face_up_double_closes", "cycle_of_doubles",
            "change"} <= set(shipped)
    for name in shipped:
        found = load(name)
        assert found.game == "domino_metro" and found.rules and found.text
        assert kit_scenarios.check(found) == [], name
        before = load_state(name, upto=0)
        tiles = sorted(tuple(t) for z in before.zones().values() for t in z)
        assert tiles == load_set().tiles()
        assert before.legal_actions() and before.history == []


@pytest.mark.parametrize(("kwargs", "entry"), [
    ({"hands": [[(0, 0)], [(0, 0)]]}, "deal.hands[1][0]"),
    ({"hands": [[(0, 0)], [(9, 0)]]}, "deal.hands[1][0]"),
    ({"hands": [[(0, 0)]]}, "deal.hands"),
    ({"hands": [[(0, 0)], [(1, 1)]], "bazaar": [(2, 2)]}, "deal.bazaar"),
    ({"hands": [[(0, 0)], [(1, 1)]], "layout": [{"tile": [3, 5], "by": 0},
                                                {"tile": [6, 6], "end": 0, "face": "open"}]},
     "deal.layout[1]"),
    ({"hands": [[(0, 0)], [(1, 1)]], "layout": [{"tile": [3, 5], "end": 0}]},
     "deal.layout[0]"),
    ({"hands": [[(0, 0)], [(1, 1)]], "layout": [{"tile": [3, 5]}, {"tile": [5, 5], "end": 1}]},
     "deal.layout[1]"),
    ({"hands": [[], [(1, 1)]]}, "deal.places[0]"),
    ({"hands": [[(0, 0)], [(1, 1)]], "to_act": 5}, "deal.to_act"),
    ({"hands": [[(0, 1)], [(2, 3)]]}, "deal.to_act"),  # no double decides the lead
    ({"hands": [[(0, 0)], [(1, 1)]], "rest": "hands"}, "deal.rest"),
    ({"hands": [[(0, 0)], [(1, 1)]], "past_games": [{"places": [1, 2]}]}, "deal.past_games"),
    ({"hands": [[(0, 0)], [(1, 1)]], "past_games": [{"places": [1, 2], "metro": 0}],
      "games": 3}, "deal.past_games[0]"),
])
def test_deal_errors_name_the_entry(kwargs: dict, entry: str) -> None:
    with pytest.raises(kit.ConfigError) as info:
        prepare(2, **kwargs)
    assert info.value.option == entry, info.value


def test_deal_option_shape_and_replay() -> None:
    config_error("deal.hand", deal={"hand": []})  # a misspelt key is named, not "hands"
    config_error("deal.layout[0].face",
                 deal={"hands": [[], []], "layout": [{"tile": [0, 0], "face": "up"}]})
    config_error("deal", deal=[[0, 0]])
    state = prepare(2, [[(2, 9), (0, 0)], [(1, 1)]], layout=[{"tile": [2, 6], "by": 1}],
                    seed=4)
    state.apply(state.legal_actions()[0])
    again = kit.replay("domino_metro", 2, 4, state.history, **state.options)
    assert again.snapshot() == state.snapshot()
    assert state.options["deal"]["hands"] == [[[2, 9], [0, 0]], [[1, 1]]]  # plain JSON


def test_scenario_file_errors_name_the_file(tmp_path: Path) -> None:
    write(tmp_path, "s.toml", 'title = "x"\ngame = "domino_metro"\nplayers = 2\n'
          '[options.deal]\nhands = [[[0, 0]], [[0, 0]]]\n')
    found = kit_scenarios.load("s", folder=tmp_path)
    with pytest.raises(kit.ConfigError) as info:
        found.state()
    assert info.value.option == f"{tmp_path / 's.toml'}: deal.hands[1][0]"


def test_endgame_layouts_are_reproduced_by_find_layout() -> None:
    """The headers of the endgame scenario files name the search that wrote them."""
    out = {(5, 6), (1, 2), (7, 8), (1, 1), (2, 2), (7, 7), (8, 8), (6, 6)}
    others = [t for t in load_set().tiles() if t not in out]
    found = find_layout((6, 6), others, {5: 1, 1: 0, 2: 0, 6: 0, 7: 0, 8: 0}, seed=1)
    layout = load("forced_metro").options["deal"]["layout"]
    assert [[m["tile"][0], m["tile"][1], m.get("end"), m.get("face"), m["by"]]
            for m in layout] == found
