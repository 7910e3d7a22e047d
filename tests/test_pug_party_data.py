"""«Вечірка мопсів»: the deck file (PP-R1), other deck files, scenarios and views."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

import kit
from kit import scenarios as shared
from kit.bots import play_out
from kit.pug_party import Play, RuleBot, load_deck, scenarios
from kit.pug_party.cards import BREAKDANCER, MEGAPUG, POOP
from kit.pug_party.deal import check
from kit.testing import check_game


def test_ppr1_default_deck_is_52_cards_four_of_each_value_and_eight_specials():
    deck = load_deck()
    counts = Counter(deck.cards())
    assert len(deck.cards()) == 52
    assert all(counts[str(v)] == 4 for v in range(11))
    assert (counts[MEGAPUG], counts[BREAKDANCER], counts[POOP]) == (2, 3, 3)
    assert (deck.low, deck.high) == (0, 10)


def test_ppr1_default_deck_has_ukrainian_russian_and_english_names():
    deck = load_deck()
    assert deck.name(MEGAPUG, "uk") == "Мегамопс" and deck.name(MEGAPUG, "en") == "Megapug"
    assert deck.name(POOP, "ru") == "Какаха" and deck.name(POOP, "en") == "Poop"
    assert deck.name("7", "en") == "Pug 7"
    for lang in ("uk", "ru", "en"):
        assert len(deck.names(lang)) == 14 and all(deck.names(lang).values())


def write(tmp_path: Path, text: str, name: str = "deck.toml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def card(value=None, special=None, count=4, names='{ uk = "a", ru = "b", en = "c" }') -> str:
    key = f"value = {value}" if value is not None else f'special = "{special}"'
    return f"[[card]]\n{key}\ncount = {count}\nnames = {names}\n"


def test_ppr1_another_deck_file_works_without_code_changes(tmp_path):
    # values 2..14 (so the wrap is 14 -> 2), five of each, six Megapugs, no other specials
    text = 'title = "big"\n' + "".join(card(v, count=5) for v in range(2, 15))
    text += card(special="megapug", count=6)
    path = write(tmp_path, text)
    state = kit.new_game("pug_party", 5, seed=3, deck=path)
    assert sum(len(z) for z in state.zones().values()) == 13 * 5 + 6
    assert state.view(0)["rules"]["low"] == 2 and state.view(0)["rules"]["high"] == 14
    play_out(state, RuleBot(), random.Random(0))
    assert state.over
    wrap = scenarios.prepare(2, hands=[["2", "3"], ["9"]], face_up=[["4"], ["4"]],
                          face_down=[["5"], ["5"]], pile=["14"], deck=path)
    assert [str(a) for a in wrap.legal_actions()] == ["play 2 from hand"]
    check_game("pug_party", players=2, seeds=[1], deep_every=5, deck=path, max_actions=150)


def test_ppr1_deck_too_small_for_the_players(tmp_path):
    path = write(tmp_path, "".join(card(v) for v in range(5)))  # 20 cards
    kit.new_game("pug_party", 2, seed=0, deck=path)  # 18 needed
    with pytest.raises(kit.ConfigError) as err:
        kit.new_game("pug_party", 3, seed=0, deck=path)
    assert err.value.option == "deck"


@pytest.mark.parametrize("text, entry, words", [
    (card(3) + card(3), "[[card]] #2 (value 3)", "listed twice"),
    (card(3, count=0), "[[card]] #1 (value 3)", "count"),
    (card(3, count="true"), "[[card]] #1 (value 3)", "count"),
    (card(-1), "[[card]] #1", "value"),
    (card(special="joker"), "[[card]] #1", "special"),
    (card(3, names='{ uk = "a", en = "c" }'), "[[card]] #1 (value 3)", "names.ru"),
    (card(3, names='{ uk = "a", ru = "b", en = "c", de = "d" }'), "#1 (value 3)", "de"),
    (card(3) + "[[card]]\nvalue = 4\nspecial = \"poop\"\ncount = 1\n", "[[card]] #2",
     "exactly one"),
    (card(3) + "[[card]]\nvalue = 4\ncount = 1\ncolour = 1\n", "[[card]] #2", "colour"),
    (card(special="poop"), "", "value card"),
    ("title = 3\n" + card(3), "title", "string"),
    ("[[card]\n", "", "cannot read"),
    ("", "", "at least one"),
])
def test_ppr1_bad_deck_files_name_the_file_and_the_entry(tmp_path, text, entry, words):
    path = write(tmp_path, text, "broken.toml")
    with pytest.raises(kit.ConfigError) as err:
        kit.new_game("pug_party", 2, seed=0, deck=path)
    assert "broken.toml" in err.value.option and entry in err.value.option
    assert words in str(err.value)  # the entry's key, or the message, says what is wrong


def test_ppr1_missing_deck_file():
    with pytest.raises(kit.ConfigError) as err:
        kit.new_game("pug_party", 2, seed=0, deck="no/such/deck.toml")
    assert err.value.option == "deck"


def test_options_are_validated_up_front():
    for name, bad in [("swap", "yes"), ("four_of_a_kind", "sometimes"), ("down_wrap", 1),
                      ("voluntary_pickup", None), ("first_player", -1), ("colour", 1)]:
        with pytest.raises(kit.ConfigError) as err:
            kit.new_game("pug_party", 2, seed=0, **{name: bad})
        assert err.value.option == name


def test_every_option_names_its_rule_and_documents_its_default():
    spec = kit.spec("pug_party")
    assert set(spec.options) == {"deck", "swap", "four_of_a_kind", "down_wrap",
                                 "specials_together", "voluntary_pickup", "first_player",
                                 "max_actions", "deal", "after_breakdancer", "new_round"}
    for opt in spec.options.values():
        assert opt.rule.startswith("PP-") and opt.doc
    assert {o.rule for o in spec.options.values()} >= {f"PP-R{i}" for i in range(1, 7)}
    declared = spec.declaration()["options"]
    assert {k: (declared[k]["rule"], declared[k]["default"], declared[k]["choices"])
            for k in ("after_breakdancer", "new_round")} == {
        "after_breakdancer": ("PP-R3", "value_beneath", ["value_beneath", "anything"]),
        "new_round": ("PP-R5", "up", ["up", "carries_over"])}


# ---------------------------------------------------------------- scenarios (the deal option)


@pytest.mark.parametrize("name", scenarios.names())
def test_scenario_files_reach_what_they_show(name):
    sc = scenarios.load(name)
    assert sc.game == "pug_party" and sc.title and sc.text and sc.expect
    assert all(r.startswith("PP-") for r in sc.rules)
    assert shared.check(sc) == []
    start = sc.state(upto=0)
    check(start)
    assert Counter(c for z in start.zones().values() for c in z) == Counter(
        load_deck().cards())
    state = sc.state()
    again = kit.replay("pug_party", sc.players, sc.seed, state.history, **sc.options)
    assert again.snapshot() == state.snapshot()  # a scripted game replays like any other


def test_scenario_shipped_edge_cases_exist():
    assert set(scenarios.names()) >= {
        "burn_by_second_player", "breakdancer_on_empty_pile", "two_breakdancers",
        "poop_after_down_run", "failed_blind_card", "zero_on_ten"}


def test_ppr1_a_scripted_deal_passes_the_conformance_harness():
    deal = {"hands": [["2", "2", "9"], ["5", "megapug", "10"], ["0", "3", "7"]],
            "face_up": [["4", "4", "8"], ["6", "6", "1"], ["poop", "9", "9"]],
            "face_down": [["1", "2", "3"], ["5", "6", "7"], ["8", "10", "0"]],
            "draw": ["breakdancer"], "rest": "deck"}
    check_game("pug_party", players=3, seeds=[0], deep_every=6, deal=deal, max_actions=200)
    check_game("pug_party", players=3, seeds=[1], deep_every=10, deal=deal, bot="rule")


def test_scenario_rest_deck_puts_unlisted_cards_under_the_listed_draw():
    state = scenarios.prepare(2, hands=[["1", "2", "3"], ["4", "5", "6"]], draw=["9", "8"],
                           rest="deck")
    assert len(state.draw) == 52 - 6 and state.draw[-2:] == ["8", "9"]
    state.apply(Play("1"))
    assert "9" in state.hands[0]


@pytest.mark.parametrize("kwargs, option", [
    (dict(hands=[["5"] * 5, []]), "deal card '5'"),
    (dict(hands=[["x"], ["1"]]), "deal card 'x'"),
    (dict(hands=[["1"], []]), "deal seat 1"),
    (dict(hands=[["1"], []], out=[1]), "deal out"),  # one seat left
    (dict(hands=[["1"], ["2"]], out=[0]), "deal seat 0"),
    (dict(hands=[["1"], ["2"]], out=[5]), "deal out"),
    (dict(hands=[["1", "2", "3"], ["4", "5", "6"], []], out=[2], draw=["7"]), "deal out"),
    (dict(hands=[["1"], ["2"]], draw=["3"]), "deal hands[0]"),
    (dict(hands=[["1"], ["2"]], pile=["megapug"]), "deal pile"),
    (dict(hands=[["1"], ["2"]], pile=["5", "5", "5", "5"]), "deal pile"),
    (dict(hands=[["1"], ["2"]], pile=[5]), "deal pile[0]"),
    (dict(hands=[["1"], ["2"]], known=[["3"], []]), "deal known[0]"),
    (dict(hands=[["1"], ["2"]], to_act=2), "first_player"),
    (dict(hands=[["1"]]), "deal hands"),
    (dict(hands=[["1"], [2]]), "deal hands[1][0]"),
    (dict(hands=[["1"], ["2"]], rest="floor"), "deal rest"),
])
def test_ppr1_inconsistent_scripted_deals_are_refused(kwargs, option):
    with pytest.raises(kit.ConfigError) as err:
        scenarios.prepare(len(kwargs["hands"]) if len(kwargs["hands"]) > 2 else 2, **kwargs)
    assert err.value.option == option


def test_ppr1_deal_option_shape_is_checked_up_front():
    for bad, entry, words in [([["1"]], "deal", "must be dict"),
                              ({"face_up": []}, "deal hands", "missing"),
                              ({"hands": [], "table": 1}, "deal table", "unknown entry")]:
        with pytest.raises(kit.ConfigError) as err:
            kit.new_game("pug_party", 2, seed=0, deal=bad)
        assert err.value.option == entry and words in err.value.message


def test_scenario_a_pug_party_file_with_a_broken_deal_names_the_entry(tmp_path):
    text = (scenarios.FOLDER / "pug_party_zero_on_ten.toml").read_text(encoding="utf-8")
    (tmp_path / "x.toml").write_text(text.replace('hands = [["0", "4"]', 'hands = [["0", "joker"]'),
                                     encoding="utf-8")
    with pytest.raises(kit.ConfigError) as err:
        shared.load("x", tmp_path).state()
    assert err.value.option.endswith("x.toml: deal card 'joker'")


# ---------------------------------------------------------------- views


def test_view_holds_own_hand_public_table_pile_deck_and_who_is_out():
    def situation(seat1: list[str], down0: list[str | None], draw: list[str], out: list[int]):
        return scenarios.prepare(3, hands=[["2", "5", "5"], seat1, ["4", "4", "4"]],
                              face_up=[["6"], ["10"], []], face_down=[down0, ["1"], []],
                              pile=["3", "breakdancer"], draw=draw, known=[[], ["9"], []],
                              to_act=1, out=out, rest="deck")

    state = situation(["7", "8", "9"], ["0", None, "0"], ["6", "6", "7"], [])
    v = state.view(0)
    assert v["hand"] == ["2", "5", "5"]
    assert v["hand_counts"] == [3, 3, 3] and v["known"] == [[], ["9"], []]
    assert v["face_up"] == [["6"], ["10"], []]
    assert v["face_down"] == [[0, 2], [0], []]
    assert v["pile"] == ["3", "breakdancer"] and v["to_beat"] == 3 and v["direction"] == "down"
    assert v["deck"] == 52 - 16 and v["burned"] == [] and v["out"] == [] and v["to_act"] == 1
    # seat 1's unknown cards, the deck and face-down cards (its own too) are hidden:
    # other cards there give seat 0 the same view, but not seat 1
    other = situation(["0", "0", "9"], ["7", None, "8"], ["6", "7", "7"], [])
    assert other.view(0) == v
    assert other.view(1) != state.view(1)
    spectator = state.view(None)
    assert spectator["hand"] is None and spectator["hand_counts"] == [3, 3, 3]
    # who is out, once the deck is gone
    late = scenarios.prepare(3, hands=[["2"], ["9"], []], face_up=[[], ["1"], []],
                          face_down=[["0"], [], []], out=[2], to_act=0)
    assert late.view(1)["out"] == [2] and late.view(1)["deck"] == 0


def test_determinize_keeps_publicly_known_hand_cards():
    state = kit.new_game("pug_party", 3, seed=2)
    play_out(state, RuleBot(), random.Random(2), max_actions=60)
    rng = random.Random(0)
    for seat in (None, 0, 1, 2):
        other = state.determinize(seat, rng)
        for p in range(3):
            assert not Counter(state.known[p]) - Counter(other.hands[p])
        assert other.view(seat) == state.view(seat)
