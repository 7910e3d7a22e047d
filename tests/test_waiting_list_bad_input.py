"""«Лист ожидания»: bad input is refused with the rule id or the file entry, and nothing
changes (WL-5, WL-6, WL-7, WL-9, WL-R1, WL-R3, WL-R4)."""

from __future__ import annotations

from pathlib import Path

import pytest

import kit
from kit import testing
from kit.paths import DATA_DIR
from kit.waiting_list import Claim, Discard, Draw, Lay, Pass, Reveal, Take
from kit.waiting_list.scenarios import load, prepare

GAME = "waiting_list"
DECK = DATA_DIR / "waiting_list" / "deck.toml"
ROUNDS = DATA_DIR / "waiting_list" / "rounds.toml"


def refused(state: kit.GameState, action: object, rule: str) -> str:
    return testing.refused(state, action, rule).message


def test_wl7_taking_a_dead_or_covered_discard() -> None:
    sc = load("resurfaced_dead")
    state = sc.state(upto=0)
    assert "covered" in refused(state, Take(0), "WL-7")
    assert "no pile card" in refused(state, Take(5), "WL-7")
    assert "no pile card" in refused(state, {"type": "take", "pile_index": -1}, "WL-7")
    state.apply(sc.actions[0])
    assert "dead" in refused(state, Take(0), "WL-7")
    assert "dead" in refused(state, Claim(0), "WL-7")


def test_wl7_taking_from_an_empty_pile() -> None:
    sc = load("reshuffle")
    state = sc.state(upto=1)  # seat 1 drew the last card: the pile became the deck (WL-R5)
    assert state.view(None)["pile"] == []
    assert "empty" in refused(state, Take(0), "WL-7")


def test_wl9_revealing_out_of_turn_or_without_the_full_combination() -> None:
    state = prepare(3, [["kidney", "surgeon", "clinic", "heart", "liver", "lung"],
                          ["kidney", "surgeon", "clinic", "heart", "liver", "quota"],
                          ["heart", "liver", "lung", "infection", "no_beds", "quota"]],
                      turn=2, pile=["incompatible"])
    combo = ["clinic", "kidney", "surgeon"]
    refused(state, {"type": "reveal", "cards": combo, "seat": 0}, "WL-9")
    refused(state, {"type": "reveal", "cards": combo, "seat": 1}, "WL-9")
    refused(state, Reveal(("heart", "liver", "lung")), "WL-9")  # before taking, and wrong
    state.apply(Draw())
    assert state.to_act == 1  # seat 1 holds a full combination, but it is not its turn
    refused(state, Reveal(tuple(combo)), "WL-9")
    state.apply(Pass())
    assert state.to_act == 2 and state.phase == "play"
    assert "not the round's combination" in refused(state, Reveal(("heart", "liver", "lung")),
                                                    "WL-9")
    refused(state, Reveal(()), "WL-9")


def test_wl6_claiming_ones_own_discard() -> None:
    state = prepare(3, [["kidney", "surgeon", "heart", "liver", "lung", "quota"],
                          ["surgeon", "clinic", "heart", "liver", "lung", "infection"],
                          ["clinic", "heart", "liver", "lung", "no_beds", "incompatible"]],
                      turn=1, pile=["kidney"])  # seat 2 discarded the kidney
    assert state.discarder == 2
    assert "own discard" in refused(state, {"type": "claim", "pile_index": 0, "seat": 2},
                                    "WL-6")
    state.apply(Draw())
    assert state.to_act == 0  # seat 2 is not in the claim order at all
    refused(state, {"type": "claim", "pile_index": 0, "seat": 2}, "WL-6")


def test_wl5_discarding_a_card_you_do_not_hold_or_before_taking() -> None:
    state = prepare(2, [["kidney", "surgeon", "heart", "liver", "lung", "quota"],
                          ["surgeon", "clinic", "heart", "liver", "lung", "infection"]],
                      turn=1, pile=["kidney"], deck_top=["no_beds"])
    refused(state, Discard("surgeon"), "WL-5")  # must take a card first
    state.apply(Draw())
    assert "does not hold" in refused(state, Discard("kidney"), "WL-5")
    refused(state, Discard("no_such_card"), "WL-5")
    refused(state, Draw(), "WL-5")  # already took a card this turn
    refused(state, Take(0), "WL-5")
    refused(state, Pass(), "WL-R3")
    refused(state, Lay("quota"), "WL-9")


@pytest.mark.parametrize("junk", [None, 3, "take", {}, {"type": "steal"}, {"type": "take"},
                                  {"type": "take", "pile_index": "top"},
                                  {"type": "discard", "card": 7},
                                  {"type": "reveal", "cards": "kidney"},
                                  {"type": "draw", "extra": 1}])
def test_wl5_malformed_actions(junk: object) -> None:
    state = kit.new_game(GAME, 3, 0)
    refused(state, junk, "WL-5")


# --------------------------------------------------------------------------- data files


def _copy(tmp_path: Path, src: Path, old: str, new: str, name: str = "file.toml") -> str:
    text = src.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return str(path)


def test_wl_r1_deck_file_whose_cards_do_not_sum_to_the_declared_counts(tmp_path: Path) -> None:
    path = _copy(tmp_path, DECK, 'count = 12\norigin = "rulebook"',
                 'count = 11\norigin = "rulebook"')
    with pytest.raises(kit.ConfigError) as info:
        kit.new_game(GAME, 4, 0, deck=path)
    assert info.value.option == f"{path}: deck.types.organ"
    assert "add up to 31" in info.value.message
    total = _copy(tmp_path, DECK, "main_cards = 104", "main_cards = 105", "total.toml")
    with pytest.raises(kit.ConfigError) as info:
        kit.new_game(GAME, 4, 0, deck=total)
    assert info.value.option == f"{total}: deck.main_cards"


@pytest.mark.parametrize("old,new,entry", [
    ('id = "liver"\ntype = "organ"', 'id = "liver"\ntype = "organs"', "[[card]] #2 liver.type"),
    ('id = "heart"', 'id = "kidney"', "[[card]] #3 kidney.id"),
    ('count = 6\norigin = "reconstruction"', 'count = 0\norigin = "reconstruction"',
     "[[card]] #3 heart.count"),
    ('source = "kapiparando.ru"\n', "", "[[card]] #31 fact_eight_lives.source"),
    ('organ = "lung"\nru = "Персонаж', 'organ = "spleen"\nru = "Персонаж',
     "[[character]] #6 character_denis.organ"),
    ('count = 9\norigin = "reconstruction"', 'count = 9\norigin = "guess"',
     "[[card]] #2 liver.origin"),
])
def test_wl_r1_broken_deck_entries_are_named(tmp_path: Path, old: str, new: str,
                                             entry: str) -> None:
    path = _copy(tmp_path, DECK, old, new)
    with pytest.raises(kit.ConfigError) as info:
        kit.new_game(GAME, 4, 0, deck=path)
    assert info.value.option == f"{path}: {entry}", info.value


def test_wl_r1_broken_rounds_and_penalty_files_are_named(tmp_path: Path) -> None:
    bad = _copy(tmp_path, ROUNDS, '["kidney", "surgeon", "clinic"]',
                '["kidney", "surgeon", "spleen"]')
    with pytest.raises(kit.ConfigError) as info:
        kit.new_game(GAME, 4, 0, rounds=bad)
    assert info.value.option == f"{bad}: [[round]] #1.combination"
    big = _copy(tmp_path, ROUNDS, "hand_size = 6 ", "hand_size = 2 ", "big.toml")
    with pytest.raises(kit.ConfigError) as info:
        kit.new_game(GAME, 4, 0, rounds=big)
    assert info.value.option == f"{big}: [[round]] #1.combination"  # 3 cards from a hand of 2
    pen = tmp_path / "pen.toml"
    pen.write_text("unrevealed = 20\n[per_card]\norgan = 5\n", encoding="utf-8")
    with pytest.raises(kit.ConfigError) as info:
        kit.new_game(GAME, 4, 0, penalties=str(pen))
    assert info.value.option == f"{pen}: per_card" and "surgeon" in info.value.message
    broken = tmp_path / "broken.toml"
    broken.write_text("[deck\n", encoding="utf-8")
    with pytest.raises(kit.ConfigError) as info:
        kit.new_game(GAME, 4, 0, deck=str(broken))
    assert "not valid TOML" in info.value.message


@pytest.mark.parametrize("options,name", [
    ({"round_laps": 0}, "round_laps"), ({"first_dealer": 4}, "first_dealer"),
    ({"first_dealer": -1}, "first_dealer"), ({"tie_break": "coin"}, "tie_break"),
    ({"claim_needs_fit": "yes"}, "claim_needs_fit"), ({"deck": "nowhere.toml"}, "nowhere.toml"),
    ({"colour": "red"}, "colour"),
])
def test_bad_options_name_the_option(options: dict, name: str) -> None:
    with pytest.raises(kit.ConfigError) as info:
        kit.new_game(GAME, 4, 0, **options)
    assert info.value.option == name


@pytest.mark.parametrize("players", [1, 7, "4"])
def test_seat_count_is_2_to_6(players: object) -> None:
    with pytest.raises(kit.ConfigError) as info:
        kit.new_game(GAME, players, 0)
    assert info.value.option == "players"


def test_scenario_entries_are_named(tmp_path: Path) -> None:
    hands = [["kidney"] * 13, ["liver"]]
    with pytest.raises(kit.ConfigError) as info:
        prepare(2, hands, pile=["heart"])
    assert info.value.option == "deal.hands" and "kidney" in info.value.message
    with pytest.raises(kit.ConfigError) as info:
        prepare(2, [["kidney"], ["liver"]], pile=["heart"], top_live=False)
    assert info.value.option == "deal.pile"
    with pytest.raises(kit.ConfigError) as info:
        prepare(2, [["kidney"], ["liver"]], pile=["heart"], known=[["liver"], []])
    assert info.value.option == "deal.known[0]"
    with pytest.raises(kit.ConfigError) as info:
        prepare(2, [["kidney"], ["liver"]], pile=["heart"], stack=[])
    assert info.value.option == "stack"  # neither a deal key nor an option
    with pytest.raises(kit.ConfigError) as info:
        kit.new_game(GAME, 2, 0, deal={"hands": [["kidney"], ["liver"]], "piles": []})
    assert info.value.option == "deal.piles"
    path = tmp_path / "sc.toml"
    path.write_text('title = "x"\ngame = "waiting_list"\nplayers = 2\n'
                    '[options.deal]\nhands = [["kidney"], []]\npile = ["heart"]\n',
                    encoding="utf-8")
    with pytest.raises(kit.ConfigError) as info:
        load("sc", tmp_path)
    assert info.value.option == f"{path}: deal.hands[1]"


def test_wl5_the_deal_refuses_hand_sizes_the_round_cannot_have() -> None:
    rest = [["liver", "heart", "lung", "no_beds", "clinic", "surgeon"],
            ["kidney", "surgeon", "heart", "infection", "incompatible", "quota"]]
    six = ["kidney", "surgeon", "clinic", "fact_one_in_ten", "compatible_donor",
           "condition_worse"]
    # the old rulebook example: round 1 deals 6, so having taken a card seat 1 holds 7
    with pytest.raises(kit.ConfigError) as info:
        prepare(3, [rest[0], six, rest[1]], turn=1, phase="play", pile=["organ_late"])
    assert info.value.option == "deal.hands[1]" and "at least 7" in info.value.message
    prepare(3, [rest[0], [*six, "heart"], rest[1]], turn=1, phase="play",
              pile=["organ_late"])  # with the example's organ card it is a real state
    # before its take the same seat holds the 6 dealt; 5 is too few
    prepare(3, [rest[0], six, rest[1]], turn=1, pile=["organ_late"])
    with pytest.raises(kit.ConfigError) as info:
        prepare(3, [rest[0], six[:5], rest[1]], turn=1, pile=["organ_late"])
    assert info.value.option == "deal.hands[1]" and "at least 6" in info.value.message
    # cards beyond the deal come from claims: one per claim window so far
    big = [*six, "heart", "liver"]
    with pytest.raises(kit.ConfigError) as info:
        prepare(3, [rest[0], big, rest[1]], turn=1, pile=["organ_late"])
    assert info.value.option == "deal.hands" and "deal.turns" in info.value.message
    prepare(3, [rest[0], big, rest[1]], turn=1, pile=["organ_late"], turns=1)
