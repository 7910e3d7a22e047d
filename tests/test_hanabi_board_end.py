"""The Hanabi board at a game's end and before it (kernel side, no browser): a player's
own hand stays hidden while the game lasts (HB-2) and is shown once it is over; the
team's result; the rule bot's one line says what it does (HB-5: it may discard a 5)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

import kit
from kit.bots import make_bot
from kit.i18n import Words
from widgets.app_form import bot_help_html
from widgets.hanabi import HanabiBoard

sys.path.insert(0, str(Path(__file__).parent))
from widget_page import Page, board, human_turns, page_comms


def faces(state: kit.GameState) -> list[list[dict]]:
    """Every hand's cards as a neighbour sees them (HB-2: each is seen by the others)."""
    n = state.players
    return [list(state.view((p + 1) % n)["hands"][p]["cards"]) for p in range(n)]


@pytest.mark.parametrize("mode", ["playtest", "hotseat"])
def test_hb2_no_own_card_reaches_the_page_before_the_end_and_every_hand_after(mode):
    """HB-2: while the game lasts, the page gets no open hand and its view has none of
    its own cards (a privacy screen's spectator: no hand at all); HB-8..HB-10: once the
    game is over, every hand is shown face up, the seat's own included."""
    seats = None if mode == "playtest" else ["human", "human", "bot:rule"]
    b = board("hanabi", mode=mode, seats=seats, seed=5)
    page = Page(b)
    rng = random.Random(2)
    for _ in range(400):
        if b.state.over:
            break
        for update in page.updates():
            assert update.get("open_hands", []) == []
        assert b.open_hands == []
        if b.seat is not None:
            assert all(card is None for card in b.view["hands"][b.seat]["cards"])
        if b.privacy is not None:
            page.send({"kind": "reveal"})
        else:
            page.send({"kind": "act", "action": rng.choice(b.legal)["action"]})
        assert b.error == ""
    assert b.state.over, "the game did not end"
    assert b.open_hands == faces(b.state)
    assert page.traits["open_hands"] == faces(b.state)
    assert all(card is not None for hand in b.open_hands for card in hand)


def test_hb2_a_replay_opens_the_hands_at_its_last_move_only():
    """HB-2 in a replay: stepping through a finished game shows the seat's own hand hidden
    at every move but the last, where the game is over and every hand is open."""
    b = board("hanabi", seed=8)
    for _ in human_turns(b, random.Random(1)):
        pass
    with page_comms():
        replay = HanabiBoard(b.state, mode="replay", seat=0, pause=0)
    page = Page(replay)
    assert replay.moves == replay.replay_length and replay.open_hands == faces(b.state)
    for step in (0, replay.replay_length // 2, replay.replay_length - 1):
        page.send({"kind": "step", "to": step})
        assert replay.moves == step and page.traits["open_hands"] == []
        assert all(card is None for card in page.traits["view"]["hands"][0]["cards"])
    page.send({"kind": "step", "to": replay.replay_length})
    assert page.traits["open_hands"] == faces(b.state)


def test_hb11_a_team_score_is_one_result_and_the_page_says_team_not_places():
    """HB-11: Hanabi is cooperative; the board's page has the words for the team's line
    and for a discard or hint the rules forbid now (HB-4, HB-5), in the page's language."""
    b = board("hanabi", lang="ru")
    words = b.words
    assert words["words"]["hb_team"] == "Команда: {names}"
    assert words["words"]["hb_no_hint"].startswith("Подсказать нельзя")
    assert words["plurals"]["hb_no_discard"][2] == (
        "Сбросить нельзя: все {n} жетонов подсказки на месте")
    uk = board("hanabi", lang="uk").words
    assert uk["plurals"]["hb_no_discard"][2] == (
        "Скинути не можна: усі {n} жетонів підказки на місці")


@pytest.mark.parametrize("lang, five", [("ru", "пятёрку"), ("uk", "п’ятірку"), ("en", "a 5")])
def test_hb5_the_rule_bots_line_says_it_may_discard_a_5_as_it_does(lang, five):
    """HB-5, HB-1: the rule bot discards its oldest card no hint touched, which may be a
    5 (the only one of its colour); the setup form's line under it said it discards «what
    is safe». It says so now, and the bot does throw 5s away in games of rule bots."""
    line = bot_help_html(Words(lang), "hanabi", "bot:rule")
    assert five in line and "не жалко" not in line and "safe" not in line
    fives = 0
    for seed in range(12):
        state = kit.new_game("hanabi", 3, seed=seed)
        bots = [make_bot("hanabi", "rule") for _ in range(3)]
        rng = random.Random(seed)
        while not state.over:
            seat = state.to_act
            events = state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
            fives += sum(1 for ev in events if ev["type"] == "discard"
                         and ev["card"]["value"] == 5)
    assert fives > 0
