"""What each game's board shows and takes (kernel side, through messages as the page
sends them): the modes, the rules people meet on a board (HB-5, WL-6, WL-R3, DM-9), the
log in words, the Hanabi colours."""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

import pytest

import kit

sys.path.insert(0, str(Path(__file__).parent))
from widget_page import GAMES, PLAYERS, Page, board, human_turns

from kit.i18n import Words


def test_hb5_illegal_discard_from_the_browser_shows_the_rule():
    b = board("hanabi")
    Page(b).send({"kind": "act", "action": {"type": "discard", "slot": 0}})
    assert b.error == "Сбрасывать нельзя, пока свободны все 8 жетонов подсказки. (HB-5)"
    assert b.moves == 0
    b = board("hanabi", lang="uk")  # (the page's language: its reason in Ukrainian)
    Page(b).send({"kind": "act", "action": {"type": "discard", "slot": 0}})
    assert b.error == "Скидати не можна, поки вільні всі 8 жетонів підказки. (HB-5)"


def test_hotseat_shows_a_privacy_screen_and_only_the_public_view_until_the_seat_says_so():
    b = board("hanabi", seats=["human", "human", "bot:rule"], mode="hotseat")
    assert b.privacy == 0 and b.seat is None and b.legal == []
    assert b.view == json.loads(json.dumps(b.state.view(None)))
    Page(b).send({"kind": "act", "action": {"type": "play", "slot": 0}})
    assert "передайте устройство" in b.error and b.moves == 0  # (Russian: the default)
    Page(b).send({"kind": "reveal"})
    assert b.privacy is None and b.seat == 0 and b.legal
    assert b.view == json.loads(json.dumps(b.state.view(0)))
    b.act(b.legal[0]["action"])
    assert b.privacy == 1 and b.seat is None and b.legal == []  # seat 2 is next: pass it on
    assert all(c is None for hand in b.view["hands"] for c in hand["cards"])


def test_teacher_mode_undo_takes_back_the_last_move_on_the_page():
    """Teacher mode: the page offers undo once a move is made, and the undo message takes
    it back (the state is the one before, and so is the view the page gets)."""
    b = board("hanabi", mode="teacher")
    page = Page(b)
    first = dict(page.traits)
    assert first["can_undo"] is False
    page.send({"kind": "act", "action": b.legal[0]["action"]})
    assert page.traits["can_undo"] is True and page.traits["moves"] == 1
    page.send({"kind": "undo"})
    assert {k: v for k, v in page.traits.items() if k != "replies"} == {
        k: v for k, v in first.items() if k != "replies"}
    assert b.state.history == []


def test_teacher_mode_opens_every_hand_and_moves_for_whoever_is_to_act():
    b = board("hanabi", mode="teacher")
    hands = b.state.hands
    assert [[b.state.card_json(c) for c in h] for h in hands] == b.open_hands
    first = b.state.to_act
    b.act(b.legal[0]["action"])
    assert b.seat == b.state.to_act != first and b.legal
    assert board("pug_party", mode="teacher").open_hands[1] == board(
        "pug_party", mode="teacher").state.view(1)["hand"]


@pytest.mark.parametrize("game", GAMES)
def test_other_modes_sync_no_open_hands(game):
    for mode in ("playtest", "hotseat"):
        seats = None if mode == "playtest" else ["human"] * PLAYERS[game]
        assert board(game, mode=mode, seats=seats).open_hands == []


def test_replay_steps_forward_and_back_through_the_history():
    done = board("domino_metro", seats=["bot:rule"] * 3, mode="teacher")
    assert done.state.over
    r = board("domino_metro", state=done.state, mode="replay", seat=1)
    n = len(done.state.history)
    assert r.replay_length == n and r.moves == n and r.result is not None
    Page(r).send({"kind": "step", "to": 5})
    again = kit.replay("domino_metro", 3, done.state.seed, done.state.history[:5],
                       **done.state.options)
    assert r.moves == 5 and r.result is None
    assert r.view == json.loads(json.dumps(again.view(1)))
    Page(r).send({"kind": "step", "to": 4})
    assert r.moves == 4
    Page(r).send({"kind": "act", "action": {"type": "draw"}})
    assert "повтор" in r.error and r.moves == 4
    Page(r).send({"kind": "seat", "seat": 2})
    assert r.seat == 2 and r.view["seat"] == 2


def test_wl_r3_auto_pass_passes_the_human_claim_windows():
    b = board("waiting_list", seed=2)
    Page(b).send({"kind": "auto_pass", "on": True})
    assert b.auto_pass[0] is True
    rng = random.Random(0)
    for _ in human_turns(b, rng, limit=80):
        assert b.view["phase"] != "claims", "a claim window reached an auto-passing seat"
    assert any(a.get("seat") == 0 and a["type"] == "pass" for a in b.state.history)


def test_wl6_claim_window_is_offered_to_the_human_as_buttons():
    b = board("waiting_list", seed=2)
    rng = random.Random(0)
    for _ in human_turns(b, rng, limit=200):
        if b.view["phase"] == "claims":
            assert {a["action"]["type"] for a in b.legal} <= {"claim", "pass"}
            assert any(a["action"]["type"] == "pass" for a in b.legal)
            return
    pytest.fail("no claim window reached the human seat")


def test_dm9_change_take_back_is_a_move_people_can_make():
    b = board("domino_metro", seed=4)
    rng = random.Random(0)
    for _ in human_turns(b, rng, limit=100):
        takes = [a for a in b.legal if a["action"]["type"] == "take_back"]
        if takes:
            tiles = len(b.view["hand"])
            Page(b).send({"kind": "act", "action": takes[0]["action"]})
            assert b.error == "" and len(b.view["hand"]) == tiles + 1
            return
    pytest.fail("the change (DM-9) was never offered")


@pytest.mark.parametrize("game", GAMES)
def test_every_event_a_seat_sees_reads_as_a_sentence(game):
    b = board(game, seats=["human"] + ["bot:random"] * (PLAYERS[game] - 1))
    for _ in human_turns(b, random.Random(5), limit=150):
        pass
    for ev in b.table.events(None) + b.table.events(0):
        text = b.event_text(ev)
        assert text is None or ("visible_to" not in text and "{" not in text
                                and "_" not in text), text  # words, not identifiers


#: colour positions the Hanabi board's stylesheet fades and rings (hanabi.css, hb-xc<i>)
HB_MAX_SUITS = 8


def test_hb4_the_hanabi_stylesheet_marks_every_colour_of_every_variant():
    """HB-4, HB-12: a card's knowledge block fades the colours ruled out and rings the
    colours told by position (hanabi.css); every suit of every variant in
    data/hanabi/variants.toml must have a position there, or its chip would never fade."""
    from kit.hanabi.variants import variants

    css = (Path(__file__).parent.parent / "widgets" / "hanabi.css").read_text()
    for kind in ("xc", "tc"):  # ruled out, told: the i-th colour is chip i + 1
        pairs = re.findall(rf"\.hb-{kind}(\d+) > \.hb-know-c > :nth-child\((\d+)\)", css)
        assert {(int(i), int(n)) for i, n in pairs} == {(i, i + 1) for i in range(HB_MAX_SUITS)}
    widest = max(len(v.suits) for v in variants().values())
    assert widest <= HB_MAX_SUITS, widest


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_teacher_board_starts_again_from_the_situation_it_began_with(lang):
    """Issue 40 (reset on every teacher board): a plain ``board(..., mode="teacher")``
    offers "start again" once a move is made, with the catalog's words in the page's
    language; the page's ``restart`` message takes every move back (the traits are those
    the page opened with), and the board offers it no more until the next move."""
    b = board("hanabi", mode="teacher", lang=lang)
    page = Page(b)
    first = dict(page.traits)
    assert first["can_restart"] is False
    assert page.data("words_key")["words"]["restart"] == Words(lang)("↺ start the game again")
    for _ in range(3):
        page.send({"kind": "act", "action": b.legal[0]["action"]})
    assert page.traits["can_restart"] is True and page.traits["moves"] == 3
    page.send({"kind": "restart"})
    assert {k: v for k, v in page.traits.items() if k != "replies"} == {
        k: v for k, v in first.items() if k != "replies"}
    assert b.state.history == [] and b.error == ""


def test_start_again_is_refused_on_a_playtest_board_and_changes_nothing():
    """Issue 40: only teacher and lesson tables start again (a player's game keeps its
    moves); a forged ``restart`` is refused in the page's language, citing HB-3 as every
    refused Hanabi move does, and changes nothing."""
    b = board("hanabi", lang="en")
    page = Page(b)
    b.act(b.legal[0]["action"])
    before = b.state.snapshot()
    assert page.traits["can_restart"] is False
    page.send({"kind": "restart"})
    assert b.state.snapshot() == before
    assert b.error == Words("en").ctx("error", "restart_mode") + " (HB-3)"


def test_a_lesson_board_in_a_guided_lesson_leaves_start_again_to_the_lesson():
    """Issue 40: a tutorial's lesson-mode board starts again itself; a guided lesson's
    board does not offer a second "start again" beside the lesson's own button."""
    from widgets import lesson

    tutorial = board("hanabi", mode="lesson", seats=["human", "bot:rule", "bot:rule"])
    tutorial.act(tutorial.legal[0]["action"])
    assert tutorial.can_restart
    tutorial.restart()
    assert tutorial.state.history == [] and not tutorial.can_restart
    guided = lesson("hanabi", lang="en", pause=0)
    guided.board.act(guided.board.legal[0]["action"])
    assert not guided.board.can_restart and guided.board.can_undo


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_a_recorded_teacher_board_keeps_every_move_undo_and_start_again_refused(
        tmp_path, lang):
    """Issue 35 (undo on recorded tables): a recorded game keeps its moves, one commit
    per move, and the store is the source of truth (DESIGN.md, "Recording"): so neither
    undo nor start again is offered on a recorded teacher board, and a forged one is
    refused in the page's language (the catalog's reason), the game and its recording
    unchanged."""
    record = pytest.importorskip("kit.record")
    url = f"sqlite:///{tmp_path}/playtests.sqlite"
    b = board("hanabi", mode="teacher", lang=lang, recorder=record.Recorder(url))
    page = Page(b)
    for _ in range(2):
        page.send({"kind": "act", "action": b.legal[0]["action"]})
    assert page.traits["can_undo"] is False and page.traits["can_restart"] is False
    before = b.state.snapshot()
    for kind, code in (("undo", "undo_recorded"), ("restart", "restart_recorded")):
        page.send({"kind": kind})
        assert b.error == Words(lang).ctx("error", code) + " (HB-3)"
        assert b.state.snapshot() == before
    assert len(record.load_actions(url)) == 2 == len(b.state.history)


def test_hb5_a_hints_log_line_names_the_cards_as_the_board_marks_them():
    """HB-5: «синий (карты 3)» read as "three cards"; the cards a hint touches are named
    as the board marks a hand's cards, #1 on the left."""
    b = board("hanabi", lang="ru", seats=["human", "human"], players=2, mode="teacher")
    hint = next(m["action"] for m in b.legal if m["action"]["type"] == "hint")
    b.act(hint)
    line = b.events[-1]["text"]
    slots = [e for e in b.table.events(None) if e["type"] == "hint"][-1]["slots"]
    assert line.endswith("(карты " + ", ".join(f"#{s + 1}" for s in slots) + ")"), line


def test_dm9_a_bots_turn_leaves_no_keeps_it_line_a_persons_does():
    """DM-9: «оставляет фишку — ход окончен» followed every bot's move (a bot never
    changes its tile); a person's closing of the change window is still said."""
    b = board("domino_metro", lang="ru", seats=["human", "bot:rule", "bot:rule"])
    for _ in human_turns(b, random.Random(1), limit=80):
        pass
    ends = [e for e in b.table.events(None) if e["type"] == "end_turn"]
    texts = {e["seat"]: b.event_text(e) for e in ends}
    assert any(seat != 0 for seat in texts) and any(seat == 0 for seat in texts), texts
    assert all((text is None) == (seat != 0) for seat, text in texts.items()), texts


def test_dm3_a_placement_is_logged_by_the_value_it_matched_not_the_end_number():
    """DM-3, DM-5: «ставит 1:5 на конец №50» named an end whose number is gone from the
    board once the tile covers it; the log names the value matched, and ends that die
    by their values."""
    b = board("domino_metro", lang="ru", seats=["human", "bot:rule", "bot:rule"],
              options={"games": 3})
    for _ in human_turns(b, random.Random(2)):
        pass
    placed = [e for e in b.table.events(None) if e["type"] == "place" and e["end"] is not None]
    assert placed, "no tile went on an end"
    for ev in placed:
        text = b.event_text(ev)
        assert "№" not in text and f"к концу {ev['value']}" in text, text
    died = [e for e in placed if e["died"]]
    assert died, "no end died to tell"
    assert all(f"мёртвые концы: {', '.join(map(str, e['died_values']))}" in b.event_text(e)
               for e in died)


def _dm_board(scenario: str, upto: int | None = 0, lang: str = "ru", **kw):
    """A Domino-Metro board on a prepared situation, shown to the seat to act (a person;
    the others bots)."""
    sc = kit.load_scenario(scenario)
    state = sc.state(upto=upto) if upto is not None else sc.state()
    seats = ["bot:rule"] * state.players
    seats[state.to_act] = "human"
    return board("domino_metro", state=state, seats=seats, seat=state.to_act, lang=lang, **kw)


def test_dm3_a_placement_names_its_end_by_value_and_by_number_only_where_values_repeat():
    """DM-3, DM-R1: a placement named the engine's end id («на конец №39»), a number of the
    layout's order that no person can find on the table; it names the end's value, and
    where two live ends share the value, the end's number among the live ends (1..k by
    id), the one the board draws beside that end."""
    b = _dm_board("domino_metro_dying_end")
    page = Page(b)
    texts = [m["text"] for m in page.traits["legal"]]
    assert "Поставить 2:7 к концу 2" in texts and "Поставить 2:7 к концу 7" in texts
    assert "Поставить 9:9 (открытый дубль) к концу 9" in texts
    live = [e for e in page.traits["view"]["layout"]["ends"] if e["state"] == "live"]
    threes = [n for n, e in enumerate(live, 1) if e["value"] == 3]
    assert len(threes) == 2
    assert [t for t in texts if t.startswith("Поставить 3:8 к концу 3")] == [
        f"Поставить 3:8 к концу 3 (№{n})" for n in threes]
    ids = {e["id"] for e in page.traits["view"]["layout"]["ends"]}
    assert not any(f"№{i}" in t for t in texts for i in ids if i > len(live)), texts


@pytest.mark.parametrize(("lang", "said"), [
    ("ru", "0:1 не подходит к этому концу: на нём 3 (DM-3)"),
    ("uk", "0:1 не підходить до цього кінця: на ньому 3 (DM-3)"),
    ("en", "0:1 does not match this end: it shows 3. (DM-3)")])
def test_dm3_the_lessons_tempting_move_is_refused_without_an_end_number(lang, said):
    """DM-3: the lesson's tempting move (0:1 on the 3 of 3:5) was refused as «0:1 не
    подходит к концу №0 (на нём 3)»; the refusal names the end by its value."""
    from kit import lessons

    step = next(s for s in lessons.load("domino_metro").steps if s.id == "draw")
    state = step.state()
    b = board("domino_metro", state=state, mode="lesson", lang=lang, seat=state.to_act,
              seats=["human" if p == state.to_act else "bot:rule"
                     for p in range(state.players)])
    b.tempt(step.goal, [step.tempt])
    tempting = [m for m in Page(b).traits["legal"] if m.get("tempt")]
    assert [m["action"] for m in tempting] == [step.tempt]
    Page(b).send({"kind": "act", "action": step.tempt})
    assert b.error.replace(".", "") == said.replace(".", "") and "№" not in b.error
    assert b.state.history == []


@pytest.mark.parametrize(("scenario", "upto", "said"), [
    ("domino_metro_draw", 0, "Ни одна фишка на руке не подходит к открытым концам (3, 5): "
                             "берите из базара, пока не найдётся подходящая (DM-6)."),
    ("domino_metro_pass", 0, "Ни одна фишка на руке не подходит к открытым концам (5), "
                             "а базар пуст: пас (DM-6)."),
    ("domino_metro_metro_after_bazaar", 0, "Любая подходящая фишка закрыла бы последний "
                                           "открытый конец («Метро»): сначала берите из "
                                           "базара (DM-R2)."),
    ("domino_metro_forced_metro", 0, "Любая подходящая фишка закрывает последний открытый "
                                     "конец, а другого хода нет: выставьте одну — и партия "
                                     "окончится («Метро», DM-8, DM-R2)."),
    ("domino_metro_open_double", 0, ""),
])
def test_dm6_dm_r2_the_page_says_why_only_a_draw_a_pass_or_metro_is_offered(scenario, upto,
                                                                            said):
    """DM-6, DM-R2: with no tile that fits, «Взять из базара» alone was offered with no
    word why (nor why «Пас» alone, with the bazaar empty, or why a tile that fits could
    not be placed); the page gets the reason, and none when tiles can be placed."""
    b = _dm_board(scenario, upto)
    assert Page(b).traits["why"] == said
    b.act(b.legal[0]["action"])
    if not Page(b).traits["legal"]:  # (the others' turn, or the game over: no reason)
        assert Page(b).traits["why"] == ""


def _face_up_double_closes(lang: str = "ru", **kw):
    """«domino_metro_face_up_double_closes»: Seat 1 closes the last end with 4:4 face up;
    Seat 2 placed the last other tile (DM-R6)."""
    b = _dm_board("domino_metro_face_up_double_closes", lang=lang, **kw)
    assert Page(b).traits["ending"] == {}  # (the game goes on: no hand is shown)
    b.act({"type": "place", "tile": [4, 4], "end": 49, "face": "open"})
    if not b.state.over:
        b.act({"type": "end_turn"})
    assert b.state.over
    return b


def test_dm_r6_the_log_says_why_a_seat_that_did_not_move_made_metro():
    """DM-8, DM-R6: a face-up double by Seat 1 closed the last end and the log said «Игрок 2
    …: делает «Метро»: последнее место», though Seat 2 did nothing then; it says who
    closed the end, that a face-up double makes no Metro, and who made it and why."""
    b = _face_up_double_closes()
    lines = [line["text"] for line in Page(b).traits["events"]]
    assert ("Метро: Игрок 1 закрывает последний конец открытым дублем, а открытый дубль "
            "«Метро» не делает; его делает Игрок 2 (бот: по правилам) — последним ставил "
            "другую фишку: последнее место (DM-R6)") in lines, lines


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_dm11_a_game_over_shows_every_hand_its_pips_and_why_each_seat_placed_there(lang):
    """DM-7, DM-10, DM-11, DM-R4, DM-R6, DM-R7: the result said «Очки 0 / 0 / -1» with every
    hand face down, though places went by pips; at the game's end the page gets each
    seat's place, why, the tiles it was left with (shown to all, as pips are counted
    openly) and their pips, and its penalty points, with what those are."""
    t = Words(lang)
    b = _face_up_double_closes(lang)
    ending = Page(b).traits["ending"]
    record = b.state.result()["records"][0]
    assert [r["seat"] for r in ending["rows"]] == [0, 2, 1]
    assert [r["place"] for r in ending["rows"]] == [1, 2, 3]
    assert [r["hand"] for r in ending["rows"]] == [record["hands_left"][s] for s in (0, 2, 1)]
    assert [r["pips"] for r in ending["rows"]] == [
        t.plural("{n} pip", "{n} pips", n) for n in (5, 13, 10)]
    assert [r["points"] for r in ending["rows"]] == [0, 0, 1]
    ranked = t("still holding tiles: ranked by pips, fewest first (DM-11, DM-R7)")
    assert [r["why"] for r in ending["rows"][:2]] == [ranked, ranked]
    maker = ending["rows"][2]["why"]
    assert "(DM-R6)" in maker and b.name(0) in maker and "(DM-10)" in maker  # (a mole)
    assert t("Penalty points") in ending["head"] and "(DM-10)" in ending["note"]
    assert ending["title"] == t("Game {n}: {how}", n=1, how=t("Metro"))


def test_dm_r5_between_games_the_ending_shows_until_the_next_deal():
    """DM-R5, DM-11: in a match, the game just over is explained (every hand shown) while
    the loser deals the next; once dealt, the page gets no hand but its own."""
    from kit.bots import make_bot

    state = kit.new_game("domino_metro", players=3, seed=2, games=2)
    bot, rng = make_bot("domino_metro", "rule"), random.Random(2)
    while state.phase != "between":
        state.apply(bot.choose(state.view(state.to_act), state.legal_actions(), rng))
    loser = state.to_act  # (the loser deals: a person here, so no bot deals at once)
    b = board("domino_metro", state=state, seat=loser,
              seats=["human" if p == loser else "bot:rule" for p in range(3)])
    page = Page(b)
    left = state.result()["records"][0]["hands_left"]
    assert sorted((r["seat"], r["hand"]) for r in page.traits["ending"]["rows"]) == [
        (s, left[s]) for s in range(3)]
    assert [m["action"]["type"] for m in page.traits["legal"]] == ["next_game"]
    page.send({"kind": "act", "action": {"type": "next_game"}})
    assert page.traits["ending"] == {}
    assert [s["tiles"] for s in page.traits["view"]["seats"]] == [10, 10, 10]


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_dm_the_setup_form_says_tile_as_the_game_does(lang):
    """DM-1: the game says «фишка» (uk «фішка»); the setup form's Domino-Metro options,
    choices, data sets and bot lines said «кость» / «кістка»."""
    import ipywidgets as w

    from widgets.app import PlaytestApp

    app = PlaytestApp("domino_metro", query=f"record=0&lang={lang}")
    said: list[str] = []

    def walk(widget: w.Widget) -> None:
        for name in ("description", "value", "placeholder", "tooltip"):
            if isinstance(text := getattr(widget, name, None), str):
                said.append(text)
        said.extend(str(o[0] if isinstance(o, tuple) else o)
                    for o in getattr(widget, "options", ()) or ())
        for child in getattr(widget, "children", ()):
            walk(child)

    walk(app.form)
    for picker in app.seat_pickers[1:]:  # (the search bot's line, under its picker)
        picker.value = "bot:search"
    walk(app.form)
    text = " ".join(said)
    assert ("фишк" if lang == "ru" else "фішк") in text.lower()
    assert not re.search(r"кост|кіст", text, re.I), re.findall(r"\S*(?:кост|кіст)\S*", text)
