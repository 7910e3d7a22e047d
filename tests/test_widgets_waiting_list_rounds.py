"""«Лист ожидания» on a board, as a class or a playtester meets it: the round's end shown
with its cards and points (WL-R4), log lines that name who did what (WL-2, WL-3, WL-R5),
teacher mode on a projector (seats, log and prompt that do not jump) — seen through what
the page receives (widgets/waiting_list.py)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

import kit

sys.path.insert(0, str(Path(__file__).parent))
from seen_cards import shown
from widget_page import Page, board, human_turns

#: the teacher's walk-through: four rule bots, round 1 ends with Seat 4's last discard
ROUND = kit.load_scenario("waiting_list_teacher_round")
LAST = len(ROUND.actions) - 1


def _before_the_last_discard(**kw):
    """A board on the teacher round, just before the discard that ends round 1."""
    return board("waiting_list", state=ROUND.state(upto=LAST), **kw)


def _end_the_round(b):
    Page(b).send({"kind": "act", "action": {k: v for k, v in ROUND.actions[LAST].items()
                                             if k != "seat"}})
    assert b.error == ""


def _round_end(b) -> dict:
    return [ev for ev in b.table.events(None) if ev["type"] == "round_end"][-1]


def test_wl_r4_the_round_summary_names_the_winner_and_what_each_hand_cost():
    """WL-R4, WL-10: once a round ends the page gets its summary: who emptied their hand,
    and per seat the cards left in hand, each with its type's penalty, the penalty for a
    combination never revealed, the round's points (they add up) and the total."""
    b = _before_the_last_discard(mode="teacher")
    assert Page(b).traits["round_summary"] is None
    _end_the_round(b)
    summary = Page(b).traits["round_summary"]
    end = _round_end(b)
    assert summary["round"] == 1 and summary["winner"] == 3
    assert summary["text"] == "Раунд 1 окончен: Игрок 4 сбрасывает последнюю карту."
    per_card = b.state.view(None)["rules"]["penalties"]["per_card"]
    catalogue = b.state.view(None)["catalogue"]
    for row in summary["seats"]:
        p = row["seat"]
        assert [c["card"] for c in row["cards"]] == end["left"][p]
        assert all(c["points"] == per_card[catalogue[c["card"]]["type"]] for c in row["cards"])
        assert row["unrevealed"] == (0 if end["revealed"][p] else 20)
        assert row["points"] == sum(c["points"] for c in row["cards"]) + row["unrevealed"]
    assert [row["points"] for row in summary["seats"]] == [36, 50, 15, 0]
    assert summary["totals"] == [36, 50, 15, 0]
    assert summary["seats"][3]["cards"] == []  # (the winner holds nothing, WL-10)


def test_wl_r4_the_summary_stays_while_others_move_until_the_page_closes_it_or_moves():
    """WL-R4: the next round is dealt at once and the bots play on, but the summary stays
    until the person closes it or makes their own next move."""
    seats = ["bot:rule"] * 3 + ["human"]
    b = _before_the_last_discard(seats=seats, mode="playtest")
    _end_the_round(b)
    assert b.state.view(None)["round"] == 2 and b.round_summary is not None
    assert len(b.state.history) > len(ROUND.actions)  # (the bots moved in round 2: it stays)
    Page(b).send({"kind": "close_summary"})
    assert b.round_summary is None and b.error == ""

    b = _before_the_last_discard(seats=seats, mode="playtest")
    _end_the_round(b)
    assert b.round_summary is not None
    Page(b).send({"kind": "act", "action": b.legal[0]["action"]})
    assert b.round_summary is None  # (the person's move closes it)


def test_wl_r4_a_move_taken_back_before_the_round_end_shows_the_summary_again():
    """WL-R4 in teacher mode: undoing the discard that ended the round hides the summary
    (the round goes on); ending the round again shows it again."""
    b = _before_the_last_discard(mode="teacher")
    _end_the_round(b)
    Page(b).send({"kind": "close_summary"})
    assert b.round_summary is None
    Page(b).send({"kind": "undo"})
    assert b.round_summary is None and b.state.view(None)["round"] == 1
    _end_the_round(b)
    assert b.round_summary is not None and b.round_summary["round"] == 1


@pytest.mark.parametrize("mode", ["playtest", "hotseat"])
def test_wl_r4_every_page_gets_the_same_public_summary_and_no_hand_of_the_round_in_play(mode):
    """WL-8, WL-R4: the cards left in hand are scored openly at the round's end (the
    engine's round_end event and every view's last_round carry them), so the summary is
    built from the public view alone: the same for every seat and the spectator, and no
    card of a hand of the round now in play is in it."""
    seats = ["human"] + ["bot:rule"] * 3 if mode == "playtest" else ["human"] * 4
    b = _before_the_last_discard(mode="teacher")
    _end_the_round(b)
    public = b.summary(b.state.view(None))
    assert all(b.summary(b.state.view(p)) == public for p in range(4))
    assert shown("waiting_list", public) <= shown("waiting_list", b.state.view(None))
    page = board("waiting_list", state=b.state.clone(), seats=seats, mode=mode)
    # (the same but for the names of the seats, which are the page's: bots here)
    assert {**page.round_summary, "text": ""} == {**public, "text": ""}
    winner = "Игрок 4 (бот: по правилам)" if mode == "playtest" else "Игрок 4"
    assert page.round_summary["text"] == f"Раунд 1 окончен: {winner} сбрасывает последнюю карту."
    assert page.seat == (0 if mode == "playtest" else None)


def test_wl_r4_the_round_end_and_game_end_log_lines_name_each_seats_points():
    """WL-2, WL-R4: the log says how the round ended and each seat's penalty by name, and
    at the game's end each seat's total by name and who won — not bare numbers."""
    b = _before_the_last_discard(mode="teacher")
    _end_the_round(b)
    texts = [e["text"] for e in b.events]
    assert ("Раунд 1 окончен: Игрок 4 сбрасывает последнюю карту. Штрафные очки: Игрок 1 — 36,"
            " Игрок 2 — 50, Игрок 3 — 15, Игрок 4 — 0.") in texts
    last = kit.load_scenario("waiting_list_last_round")
    end = board("waiting_list", state=last.state(), mode="teacher", lang="uk")
    assert end.events[-1]["text"] == (
        "Гру закінчено. Підсумки: Гравець 1 — 131, Гравець 2 — 75, Гравець 3 — 56. "
        "Найменше штрафних очок: Гравець 3.")
    assert end.round_summary["round"] == 5 and end.round_summary["totals"] == [131, 75, 56]


@pytest.mark.parametrize("mode", ["playtest", "hotseat"])
def test_wl_r4_at_the_games_end_every_hand_left_lies_face_up(mode):
    """WL-R4, WL-8: while the game lasts no page gets another seat's hand; once the last
    round is scored, every seat's page shows every hand left face up (scored openly: the
    public view's last round has them), not card backs."""
    last = kit.load_scenario("waiting_list_last_round")
    seats = ["bot:rule", "human", "bot:rule"] if mode == "playtest" else ["human"] * 3
    b = board("waiting_list", state=last.state(upto=len(last.actions) - 1), seats=seats,
              mode=mode)
    assert Page(b).traits["open_hands"] == []
    if mode == "hotseat":  # (the device passed to the seat to act)
        Page(b).send({"kind": "reveal"})
    Page(b).send({"kind": "act", "action": dict(last.actions[-1])})
    assert b.error == "" and b.state.over
    left = b.state.view(None)["last_round"]["left"]
    assert Page(b).traits["open_hands"] == left and any(len(h) > 2 for h in left)


def test_wl3_every_round_logs_its_first_discard_round_one_too():
    """WL-3: after the deal one card starts the discard pile. Round 1's deal is made with
    the game, before any move, and its lines still open the log: the round and its dealer,
    the seat's own new hand (only on its own page), the first card, as a sentence."""
    b = board("waiting_list", seed=5, seats=["human"] + ["bot:rule"] * 2)
    texts = [e["text"] for e in Page(b).traits["events"]]
    card = b.card_name(kit.new_game("waiting_list", 3, 5).view(None)["pile"][0]["card"])
    assert texts[:3] == ["Начинается раунд 1 из 5, сдаёт Игрок 1.",
                         "Игрок 1: новая рука: 6 карт", f"Первая карта сброса: {card}"]
    spectator = board("waiting_list", seed=5, seats=["human"] * 3, mode="hotseat")
    assert [e["text"] for e in spectator.events][:2] == [
        "Начинается раунд 1 из 5, сдаёт Игрок 1.", f"Первая карта сброса: {card}"]
    rounds = board("waiting_list", seats=["human", "bot:rule", "bot:rule"])
    for _ in human_turns(rounds, random.Random(2)):
        if rounds.state.view(None)["round"] == 2:
            break
    said = [rounds.event_text(ev) for ev in rounds.table.events(0)]
    at = said.index("Начинается раунд 2 из 5, сдаёт Игрок 3 (бот: по правилам).")
    assert any(s and s.startswith("Первая карта сброса: ") for s in said[at:])


@pytest.mark.parametrize("dealt", ["face_up", "face_down"])
def test_wl_r5_the_characters_line_says_whose_character_is_whose_where_it_is_public(dealt):
    """WL-R5: characters lie face up — everyone sees whom each player is trying to save:
    the log names each seat's character, without the title every character card repeats;
    dealt face down, the others' are not named, and a seat's own is said on its page
    only."""
    b = board("waiting_list", seed=4, seats=["human", "bot:rule", "bot:rule"],
              options={"characters_dealt": dealt, "round_laps": 1})
    for _ in human_turns(b, random.Random(1)):
        if b.state.view(None)["round"] == 3:
            break
    mine = b.character_name(b.state.view(0)["seats"][0]["character"])
    other = b.character_name(b.state.view(1)["seats"][1]["character"])
    lines = [b.event_text(ev) for ev in b.table.events(0)]
    spectator = [b.event_text(ev) for ev in b.table.events(None)]
    said = [s for s in spectator if s and s.startswith("Персонажи: ")]
    assert len(said) == 1 and "ожидающий пересадку" not in said[0]
    if dealt == "face_up":
        assert f"Игрок 1 — {mine}" in said[0]
        assert f"Игрок 2 (бот: по правилам) — {other}" in said[0]
    else:
        assert said[0] == ("Персонажи: Игрок 1 — лежит рубашкой вверх, Игрок 2 (бот: по "
                           "правилам) — лежит рубашкой вверх, Игрок 3 (бот: по правилам) — "
                           "лежит рубашкой вверх.")
        assert f"Игрок 1: персонаж рубашкой вверх (его видите только вы): {mine}" in lines
        assert not any(s and "его видите только вы" in s for s in spectator)


def test_teacher_mode_shows_the_public_log_whichever_seat_is_to_act():
    """Teacher mode on a projector: the board moves for whoever is to act, and its log is
    the public one — the same lines whichever seat acts, none of a seat's own (a drawn
    card, a new hand) — so lines do not appear and vanish as the turn passes."""
    b = board("waiting_list", seed=3, mode="teacher")
    rng = random.Random(4)
    acting = set()
    for _ in range(40):
        acting.add(b.seat)
        b.act(rng.choice(b.legal)["action"])
        public = [t for ev in b.opening(None) + b.table.events(None) if (t := b.event_text(ev))]
        assert [e["text"] for e in Page(b).traits["events"]] == public[-len(b.events):]
    assert len(acting) == 3
    assert not any(e["type"] in ("drawn_card", "hand") for e in b.events)


def test_the_classroom_board_spans_the_page_whatever_it_shows():
    """Issue 40's teacher page on a projector: the board takes the page's width, so it does
    not widen and narrow as its claim window comes and goes."""
    from widgets.classroom import TeacherPage

    page = TeacherPage(lang="ru")
    assert page.board.layout.width == "100%"
    page.chooser.value = len(page.pack.situations) - 1
    assert page.board.layout.width == "100%"


def test_the_page_words_for_your_own_seat_the_pile_and_the_teachers_prompt():
    """WL-7, WL-8, WL-R3: the words the page draws with — what the others know of your own
    hand worded for you, the cards under the shown part of the pile counted in words, and
    in teacher mode the prompt naming the seat it moves for, not "your move"."""
    words = Page(board("waiting_list", mode="teacher")).data("words_key")
    assert words["words"]["wl_known_mine"] == "другие знают, что у вас есть:"
    assert words["plurals"]["wl_below"] == ["ещё {n} карта под ними", "ещё {n} карты под ними",
                                            "ещё {n} карт под ними"]
    assert words["words"]["wl_t_offer"].startswith("Ходит {seat}: ")
    assert "Ваш" not in " ".join(v for k, v in words["words"].items() if k.startswith("wl_t_"))
