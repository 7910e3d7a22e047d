"""Hanabi's convention and info bots and the public move log they read (HB-3..HB-7,
HB-11, HB-12)."""

from __future__ import annotations

import random
import statistics

import pytest

import kit
from kit.bots import make_bot, play_out
from kit.hanabi.actions import Discard, Hint, Play
from kit.testing import check_game

VARIANTS = ("classic", "six_colours", "six_colours_short", "rainbow_wild")


@pytest.mark.parametrize("bot", ["convention", "info"])
@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [2, 5])
def test_bots_play_legal_games_from_their_view_in_every_variant(bot, players, variant):
    """HB-3, HB-12: the harness drives whole games with the bot, choosing from
    ``view(seat)`` only, checking each choice is legal and views leak nothing."""
    check_game("hanabi", players, seeds=range(2), bot=bot, deep_every=7,
               seed_test=False, variant=variant)


@pytest.mark.parametrize("bot", ["convention", "info"])
@pytest.mark.parametrize("variant", VARIANTS)
def test_bots_are_deterministic_under_a_seed(bot, variant):
    def game(seed):
        state = kit.new_game("hanabi", 3, seed, variant=variant)
        play_out(state, [make_bot("hanabi", bot) for _ in range(3)], seed)
        return state.history

    assert game(5) == game(5)
    assert game(5) != game(6)


def test_one_convention_bot_may_play_every_seat_and_many_games():
    """Its table holds public facts only: a bot shared by the seats plays as one per seat."""
    shared = make_bot("hanabi", "convention")
    for seed in (1, 2):
        a = kit.new_game("hanabi", 4, seed)
        b = kit.new_game("hanabi", 4, seed)
        play_out(a, shared, seed)
        play_out(b, [make_bot("hanabi", "convention") for _ in range(4)], seed)
        assert a.history == b.history


@pytest.mark.parametrize(("bot", "players", "floor"), [
    ("convention", 2, 21.0), ("convention", 3, 21.0), ("convention", 5, 19.5),
    ("info", 3, 24.0), ("info", 4, 24.0), ("info", 5, 24.0)])
def test_score_floor(bot, players, floor):
    """HB-11: regression floors over 30 seeds, well under the measured means over 1,000
    (convention 23.24 / 23.31 / 21.27, info 24.90 / 24.94 / 24.93) and over the rule
    bot's (18.5 / 17.5 / 16.3 / 14.7)."""
    scores = []
    for seed in range(30):
        state = kit.new_game("hanabi", players, seed)
        play_out(state, [make_bot("hanabi", bot) for _ in range(players)], seed)
        scores.append(state.score)
    assert statistics.fmean(scores) >= floor


def test_an_info_hint_tells_a_player_of_its_playable_card():
    """HB-4, HB-6: seat 1's newest card is a playable red 1 no hint touches; seat 0's
    hint goes to seat 2, yet through whom it names and how it encodes seat 1's answer
    ("playable"), and seat 1 plays the card it was told nothing about by the touch."""
    deal = {"hands": [["Y3", "Y4", "B4", "W4", "G4"], ["R1", "G3", "B3", "W3", "Y3"],
                      ["G2", "B5", "W2", "R4", "Y2"]]}
    state = kit.new_game("hanabi", 3, 0, deal=deal)
    bots = [make_bot("hanabi", "info") for _ in range(3)]
    first = bots[0].choose(state.view(0), state.legal_actions(), random.Random(0))
    assert isinstance(first, Hint) and first.to == 2
    state.apply(first)
    assert state.view(1)["hands"][1]["knowledge"][0]["values"] == [1, 2, 3, 4, 5]
    assert bots[1].choose(state.view(1), state.legal_actions(), random.Random(0)) == Play(0)


def test_the_info_bot_says_it_is_not_for_people():
    text = kit.spec("hanabi").declaration()["bot_descriptions"]["info"]
    assert "not human-compatible" in text


def test_a_play_clue_gets_the_card_played():
    """HB-4, HB-6: seat 0 hints seat 1's playable red 1 (not on its chop); seat 1 reads
    the hint as a play clue and plays it."""
    deal = {"hands": [["Y3", "Y4", "B4", "W4", "G4"], ["G3", "R1", "B3", "W3", "Y3"]]}
    state = kit.new_game("hanabi", 2, 0, deal=deal)
    bots = [make_bot("hanabi", "convention") for _ in range(2)]
    first = bots[0].choose(state.view(0), state.legal_actions(), random.Random(0))
    assert isinstance(first, Hint) and first.to == 1 and 1 in first.slots
    state.apply(first)
    second = bots[1].choose(state.view(1), state.legal_actions(), random.Random(0))
    assert second == Play(1)


def test_a_five_on_the_next_players_chop_is_saved_by_value():
    """HB-5: seat 1's chop (slot 5) is a 5 and it knows of nothing to play; seat 0 saves
    it with a 5 hint, and seat 1 then keeps it."""
    deal = {"hands": [["Y3", "Y4", "B4", "W4", "G4"], ["G3", "R3", "B3", "W3", "R5"]]}
    state = kit.new_game("hanabi", 2, 0, deal=deal)
    bots = [make_bot("hanabi", "convention") for _ in range(2)]
    save = bots[0].choose(state.view(0), state.legal_actions(), random.Random(0))
    assert isinstance(save, Hint) and save.to == 1 and save.value == 5
    state.apply(save)
    after = bots[1].choose(state.view(1), state.legal_actions(), random.Random(0))
    assert after != Discard(4)


def test_the_view_logs_every_move_as_everyone_saw_it():
    """HB-3..HB-6: hints with the cards they touched, plays and discards with the card."""
    deal = {"hands": [["R1", "Y1", "B4", "W4", "G4"], ["G3", "R2", "B3", "W3", "Y2"]]}
    state = kit.new_game("hanabi", 2, 0, deal=deal)
    state.apply(Hint(1, colour="red"))
    state.apply(Play(1))
    state.apply(Discard(0))
    moves = state.view(0)["moves"]
    assert moves[0] == {"seat": 0, "type": "hint", "to": 1, "colour": "red", "value": None,
                        "slots": [1]}
    assert moves[1]["type"] == "play" and moves[1]["card"] == {"colour": "red", "value": 2}
    assert moves[2] == {"seat": 0, "type": "discard", "slot": 0, "drew": True,
                        "card": {"colour": "red", "value": 1}}
    assert state.view(1)["moves"] == moves == state.view(None)["moves"]
    again = type(state).restore(state.snapshot())
    assert again.view(0)["moves"] == moves


def test_declaration_offers_the_convention_bot_with_its_conventions():
    decl = kit.spec("hanabi").declaration()
    assert "convention" in decl["bots"]
    text = decl["bot_descriptions"]["convention"]
    assert "chop" in text and "playable" in text and "keep" in text
    assert set(decl["bot_descriptions"]) == set(decl["bots"])


def test_cards_known_playable_are_never_the_same_card():
    """HB-4, HB-6: seat 0's "1s" hint makes seat 1's red 1 and blue 1 known playable,
    which by the convention are two different 1s. Seat 1 plays one (the red); the hint
    alone leaves the other possibly red (then useless), but the convention tells seat 1
    it is not, so it plays it next."""
    deal = {"hands": [["Y3", "Y4", "B4", "W4", "G4"], ["G3", "R1", "B1", "W3", "Y3"]]}
    state = kit.new_game("hanabi", 2, 0, deal=deal)
    bots = [make_bot("hanabi", "convention") for _ in range(2)]
    hint = bots[0].choose(state.view(0), state.legal_actions(), random.Random(0))
    assert isinstance(hint, Hint) and hint.value == 1 and set(hint.slots) == {1, 2}
    state.apply(hint)
    assert bots[1].choose(state.view(1), state.legal_actions(), random.Random(0)) == Play(1)
    state.apply(Play(1))
    state.apply(Discard(4))  # seat 0
    other = state.view(1)["hands"][1]["knowledge"][2]
    assert other["values"] == [1] and "red" in other["colours"]  # the hint alone
    assert bots[1].choose(state.view(1), state.legal_actions(), random.Random(0)) == Play(2)



def test_with_three_players_a_hint_on_hinted_cards_only_is_a_tempo_clue():
    """HB-4, HB-6: seat 1's blue 2 was hinted "2" when no 2 could be played; once the
    blue 1 is played, another "2" hint touching only that card tells seat 1 it is
    playable now (a tempo clue, with two or three players), and seat 1 plays it."""
    deal = {"hands": [["Y3", "Y4", "B4", "W4", "G4"], ["B2", "G3", "W3", "Y4", "R4"],
                      ["B1", "G3", "W3", "Y3", "R3"]],
            "deck": ["G4"]}
    state = kit.new_game("hanabi", 3, 0, deal=deal)
    state.apply(Hint(to=1, value=2, slots=(0,)))  # seat 0
    state.apply(Discard(4))  # seat 1 lets go of its red 4 and draws the green 4
    state.apply(Play(0))  # seat 2: the blue 1
    state.apply(Hint(to=1, value=2, slots=(1,)))  # seat 0: the same card again
    bot = make_bot("hanabi", "convention")
    assert bot.choose(state.view(1), state.legal_actions(), random.Random(0)) == Play(1)


def test_a_locked_hand_keeps_its_fives():
    """HB-5: with every card hinted and nothing to play, the convention bot lets go of
    the card least likely a last copy: not a card hinted as a 5 (every 5 is one)."""
    deal = {"hands": [["Y3", "Y4", "B4", "W4", "G4"], ["R3", "G5", "B5", "W5", "R5"],
                      ["B2", "G3", "W3", "Y2", "R2"]]}
    state = kit.new_game("hanabi", 3, 0, deal=deal)
    for hint in (Hint(to=1, value=5, slots=(1, 2, 3, 4)), Hint(to=0, value=3, slots=(0,)),
                 Hint(to=1, value=3, slots=(0,)),  # seat 1's hand is all hinted
                 Hint(to=2, value=2, slots=(0, 3, 4)), Hint(to=0, value=4, slots=(1, 2, 3, 4)),
                 Hint(to=0, colour="yellow", slots=(0, 1)), Hint(to=2, value=3, slots=(1, 2))):
        state.apply(hint)  # seats 0, 1, 2, 0, 1, 2, 0: one token left, no 1 anywhere
    bot = make_bot("hanabi", "convention")
    choice = bot.choose(state.view(1), state.legal_actions(), random.Random(0))
    assert choice == Discard(0)  # the 3, not the oldest card (a 5)

