"""The search bot (kit.search): ISMCTS on the engine contract, for every game.

It must choose from its seat's view only (DESIGN.md "Bots"), return a legal action,
repeat its choice for the same seeded rng, and keep its budget. Each game's
``state_from_view`` must build a state that gives the seat exactly its view, so the
deals it searches hide nothing and show nothing more (WL-8, PP-3, DM-1, HB-4).
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

import kit
from kit.bots import make_bot
from kit.search import SearchBot, rewards, round_rewards, search_bot
from kit.testing import check_game

#: (game, players, options): the defaults and a few variants the views depend on
CASES = [
    ("waiting_list", 2, {}),
    ("waiting_list", 3, {"characters_dealt": "face_down", "reshuffle": "when_needed"}),
    ("pug_party", 2, {}),
    ("pug_party", 4, {"swap": True, "four_of_a_kind": "single_play",
                      "new_round": "carries_over", "after_breakdancer": "anything"}),
    ("domino_metro", 2, {}),
    ("domino_metro", 3, {"change": False, "games": 2}),
    ("hanabi", 2, {}),
    ("hanabi", 4, {"variant": "rainbow_wild"}),
]


def _ids(case: tuple) -> str:
    game, players, options = case
    return f"{game}-{players}p-" + ("-".join(f"{k}={v}" for k, v in options.items())
                                    or "defaults")


def _key(obj: object) -> str:
    return json.dumps(obj, sort_keys=True)


def _states(game: str, players: int, options: dict, seed: int, every: int = 1):
    """The states of a rule-bot game (every ``every``-th), with its seat to act."""
    state = kit.new_game(game, players, seed, **options)
    bots = [make_bot(game, "rule") for _ in range(players)]
    rng = random.Random(seed)
    while not state.over:
        seat = state.to_act
        assert seat is not None
        if len(state.history) % every == 0:
            yield state, seat
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))


def _small(game: str, iterations: int = 6) -> type[SearchBot]:
    """The game's search bot with a small budget of iterations and no time cap (a busy
    machine must not change what a test sees)."""
    bot = kit.spec(game).bots["search"]
    small = search_bot(bot.state_from_view, bot.rollout_bot, iterations, bot.horizon,
                       bot.reward, bot.default_bot, bot.confidence, bot.paired)
    small.max_seconds = float("inf")
    return small


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_state_from_view_gives_the_seat_exactly_its_view(case):
    """WL-8, PP-3, DM-1, HB-4: the state built from a seat's view shows that seat the same
    view and the same legal actions; the cards it cannot see are dealt by the rng."""
    game, players, options = case
    build = kit.spec(game).bots["search"].state_from_view
    differed = False
    for seed in range(2):
        for state, seat in _states(game, players, options, seed, every=3):
            view = state.view(seat)
            built = build(view, random.Random(seed))
            assert _key(built.view(seat)) == _key(view)
            assert sorted(_key(a.to_json()) for a in built.legal_actions()) == sorted(
                _key(a.to_json()) for a in state.legal_actions())
            differed = differed or _key(built.zones()) != _key(state.zones())
    assert differed, "hidden cards are never dealt otherwise than the true ones"


@pytest.mark.parametrize("case", CASES[::2], ids=_ids)
def test_search_passes_the_harness_bot_check(case):
    """The harness plays whole games with the search bot: every action legal, the bot
    given only its seat's view (DESIGN.md "Bots")."""
    game, players, options = case
    spec = kit.spec(game)
    spec = dataclasses.replace(spec, bots={**spec.bots, "search": _small(game, 3)})
    check_game(spec, players, seeds=[0], deep_every=25, seed_test=False, bot="search",
               **options)


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_search_is_deterministic_legal_and_sees_only_its_view(case):
    """The same view and seeded rng give the same action, a legal one; a deal the seat
    cannot tell from the true one (``determinize``) gives the same choice too."""
    game, players, options = case
    bot = _small(game)
    checked = 0
    for state, seat in _states(game, players, options, seed=5, every=7):
        legal = state.legal_actions()
        if len(legal) < 2:
            continue
        view = state.view(seat)
        first = bot().choose(view, legal, random.Random(11))
        assert first in legal
        assert bot().choose(state.view(seat), state.legal_actions(), random.Random(11)) == first
        twin = state.determinize(seat, random.Random(checked))
        assert bot().choose(twin.view(seat), twin.legal_actions(), random.Random(11)) == first
        checked += 1
        if checked == 4:
            break
    assert checked > 0


@pytest.mark.parametrize("game", kit.GAMES)
def test_search_keeps_its_budget(game):
    """The budget is iterations, capped by time: no more iterations than asked, one only
    when the time cap is zero; a forced move (one legal action) takes no search."""
    state, seat = next((s, seat) for s, seat in _states(game, 2, {}, seed=1)
                       if len(s.legal_actions()) > 1)
    legal = state.legal_actions()
    bot = _small(game, 5)()
    bot.choose(state.view(seat), legal, random.Random(0))
    capped = kit.spec(game).bots["search"](iterations=50, max_seconds=0.0)
    capped.choose(state.view(seat), legal, random.Random(0))
    if bot.paired:  # iterations are play-outs; a screen plays one deal of every move
        k = len(legal)
        assert 0 < bot.last_iterations <= max(5, k + 2)
        assert capped.last_iterations == (k + 2 if k > 2 else 2)  # a screen and a test
    else:
        assert bot.last_iterations == 5
        assert capped.last_iterations == 1
    bot.choose(state.view(seat), legal[:1], random.Random(0))
    assert bot.last_iterations == 0


@pytest.mark.parametrize("game", kit.GAMES)
def test_search_is_registered_with_a_description(game):
    """Selectable in simulate, tournament and the apps' setup form, with its one line."""
    spec = kit.spec(game)
    assert "search" in spec.bots
    assert make_bot(game, "search").name == "search"
    assert spec.declaration()["bot_descriptions"]["search"].startswith("Thinks ahead")


def test_rewards_are_places_or_the_shared_score():
    """Places count 1st = 1, last = 0 (WL-2 lowest total wins); Hanabi shares its score
    out of the maximum (HB-11)."""
    wl = kit.new_game("waiting_list", 3, 0)
    assert rewards(wl) == [1.0, 1.0, 1.0]  # no round scored yet: all share 1st place
    hb = kit.new_game("hanabi", 2, 0)
    assert rewards(hb) == [0.0, 0.0]


def test_round_rewards_grade_the_round_not_only_the_place():
    """WL-2, WL-R4: a play-out stopped at a round's end is worth more for a smaller
    penalty that round, even to a seat too far behind to change its place."""
    state = kit.new_game("waiting_list", 2, 0)
    bots = [make_bot("waiting_list", "rule") for _ in range(2)]
    rng = random.Random(0)
    while len(state.result()["penalties"]) < 1:
        seat = state.to_act
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
    last = state.result()["penalties"][-1]
    got = round_rewards(state)
    winner = last.index(min(last))
    assert got[winner] > got[1 - winner]
    assert min(got) >= 0.0 and max(got) <= 1.0
    assert round_rewards(kit.new_game("waiting_list", 2, 0)) == [1.0, 1.0]


@pytest.mark.parametrize("game", ["waiting_list", "hanabi"])
def test_search_keeps_the_rule_move_unless_clearly_beaten(game):
    """Where play-outs are noisy, the rule bot's move stays unless the search's best
    beats it by ``confidence`` standard errors: at an unreachable confidence the search
    plays exactly the default bot's move (the rule bot; «Лист ожидания»'s denying bot,
    kit.waiting_list.denial), which sees the same view and rng."""
    bot = kit.spec(game).bots["search"]
    stubborn = search_bot(bot.state_from_view, bot.rollout_bot, 6, bot.horizon, bot.reward,
                          bot.default_bot, confidence=1e9, paired=bot.paired)
    stubborn.max_seconds = float("inf")
    checked = 0
    for state, seat in _states(game, 2, {}, seed=2, every=5):
        legal = state.legal_actions()
        if len(legal) < 2:
            continue
        rule = bot.default_bot().choose(state.view(seat), legal, random.Random(3))
        assert stubborn().choose(state.view(seat), legal, random.Random(3)) == rule
        checked += 1
        if checked == 5:
            break
    assert checked == 5


def test_paired_search_tests_the_screens_best_against_the_rule_move():
    """WL-5: in the paired mode the rule bot's move is challenged by the best other move
    of a screen on shared deals; at a confidence every gap clears, that rival is played
    unless it did exactly as well on every deal, at an unreachable one the rule bot's."""
    bot = kit.spec("waiting_list").bots["search"]
    assert bot.paired

    def variant(confidence: float) -> type[SearchBot]:
        made = search_bot(bot.state_from_view, bot.rollout_bot, 40, bot.horizon, bot.reward,
                          bot.default_bot, confidence=confidence, paired=True)
        made.max_seconds = float("inf")
        return made

    checked = rivals = 0
    for state, seat in _states("waiting_list", 2, {}, seed=4, every=3):
        legal = state.legal_actions()
        if len(legal) < 3:
            continue
        rule = bot.default_bot().choose(state.view(seat), legal, random.Random(3))
        rival = variant(-1e9)().choose(state.view(seat), legal, random.Random(3))
        assert rival in legal
        rivals += rival != rule
        assert variant(1e9)().choose(state.view(seat), legal, random.Random(3)) == rule
        checked += 1
        if checked == 6:
            break
    assert checked == 6 and rivals > 0
