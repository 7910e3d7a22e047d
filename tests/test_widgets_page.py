"""What a board's page receives and what it may send, seen through the comm messages
between kernel and page (no browser): only what the seat shown may see, one update per
click, static data once, forged messages and trait writes refused."""

from __future__ import annotations

import gc
import json
import random
import re
import sys
from pathlib import Path
from typing import Any

import ipywidgets
import pytest
from ipywidgets.widgets.widget import _instances

import kit
from kit.i18n import Words
from widgets import BOARDS
from widgets.app import PlaytestApp
from widgets.once_per_page import assets

sys.path.insert(0, str(Path(__file__).parent))
from seen_cards import secrets, shown
from widget_page import GAMES, PLAYERS, Page, board, human_turns


def synced(widget: ipywidgets.Widget) -> dict:
    """Every sync=True trait as the browser gets it."""
    return json.loads(json.dumps(widget.get_state(), default=str))


def as_sent(value: Any) -> Any:
    return json.loads(json.dumps(value))


@pytest.mark.parametrize("game", GAMES)
def test_no_synced_trait_of_any_live_widget_shows_a_hidden_card(game):
    """Every sync=True trait of every live widget (the app's form, result panel, the
    board) holds no card hidden from the human seat, at every one of its turns."""
    older = set(_instances)  # widgets of earlier tests are not this app's
    app = PlaytestApp(game, query="record=0&pause=0&seed=5")
    b = app.start()
    assert b is not None and b.mode == "playtest"
    checked = 0
    for _ in human_turns(b, random.Random(1), limit=60):
        secret = secrets(b.state, 0)
        mine = [w for key, w in list(_instances.items()) if key not in older]
        assert b in mine
        for widget in mine:
            leaked = shown(game, synced(widget)) & secret
            assert not leaked, f"{type(widget).__name__} shows hidden {sorted(leaked)}"
        checked += len(secret)
    assert checked > 0
    app.new_setup()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("mode", ["playtest", "hotseat"])
def test_no_message_to_the_page_names_a_hidden_card_and_its_copy_is_the_seats_view(game,
                                                                                 mode):
    """Each message the page gets (the opening state, every update) names no card hidden
    from the seat shown when it was sent; the page's copy of the traits is the kernel's,
    its view ``view(seat)`` of the seat shown (privacy screen: the spectator's)."""
    seats = None if mode == "playtest" else ["human", "human"] + ["bot:rule"] * (
        PLAYERS[game] - 2)
    b = board(game, mode=mode, seats=seats, seed=3)
    page = Page(b)
    rng = random.Random(4)
    for _ in range(40):
        if b.state.over:
            break
        seen = len(page.messages())
        if b.privacy is not None:
            page.send({"kind": "reveal"})
        else:
            page.send({"kind": "act", "action": rng.choice(b.legal)["action"]})
        assert b.error == ""
        secret = (secrets(b.state, b.seat) if b.seat is not None else  # (the spectator:)
                  set().union(*(secrets(b.state, p) for p in range(b.state.players))))
        if b.state.over and game == "hanabi":  # (HB-2: the game over, every hand is open)
            secret = set()
        for _kind, data in page.messages()[seen:]:
            assert not shown(game, data) & secret
        traits = page.traits
        assert traits == synced(b)
        assert {**traits["view"], **page.data("static_key")} == as_sent(
            b.state.view(b.seat))


@pytest.mark.parametrize("game", GAMES)
def test_what_the_page_gets_does_not_change_when_hidden_cards_are_redealt(game):
    """What reaches the browser depends on view(seat) alone: a board on the state with
    every card the seat cannot see redealt (``determinize``) syncs the same traits (but
    the log, which the redealt state's moves would not replay to)."""
    b = board(game)
    for i, _ in enumerate(human_turns(b, random.Random(3), limit=30)):
        if i % 5:
            continue
        cls = BOARDS[game]()
        real = cls(b.state.clone(), pause=0)
        redealt = cls(b.state.determinize(0, random.Random(i)), pause=0)
        mine = ("events", "layout")  # (the log; each widget's own layout model)
        assert ({k: v for k, v in synced(real).items() if k not in mine}
                == {k: v for k, v in synced(redealt).items() if k not in mine})


@pytest.mark.parametrize("game", GAMES)
def test_forged_and_malformed_messages_change_nothing_and_show_the_engines_error(game):
    b = board(game)
    page = Page(b)
    snap = json.dumps(b.state.snapshot(), sort_keys=True)
    legal = b.legal[0]["action"]
    other = (b.seat + 1) % b.state.players
    for message in [None, 42, "act", {"kind": 7}, {"kind": "act"},
                    {"kind": "act", "action": "play"}, {"kind": "act", "action": [1, 2]},
                    {"kind": "act", "action": {"type": "no-such-move"}},
                    {"kind": "act", "action": {**legal, "seat": other}},
                    {"kind": "act", "action": {**legal, "extra_field": 1}},
                    {"kind": "reveal"}, {"kind": "step", "to": 0}, {"kind": "seat", "seat": 1},
                    {"kind": "auto_pass", "on": "yes"}, {"kind": "undo"},
                    {"kind": "resync"}]:
        replies = b.replies
        page.send(message)
        assert page.traits["error"], f"{message!r} was not refused"
        assert page.traits["replies"] == replies + 1  # answered all the same
        assert json.dumps(b.state.snapshot(), sort_keys=True) == snap
    page.send({"kind": "act", "action": {**legal, "seat": other}})
    assert f"а не Игрок {other + 1}" in page.traits["error"]  # (seats as on the board)
    page.send({"kind": "act", "action": legal})
    assert page.traits["error"] == "" and len(b.state.history) >= 1


@pytest.mark.parametrize("game", GAMES)
def test_a_state_update_from_the_page_is_set_back_and_opens_nothing(game):
    """The page asks for moves with messages only. Traits it writes (mode "teacher" would
    open every hand, all seats human would let it move for the bots) are set back, the
    page is told why, and the next move still shows the playtest view only."""
    b = board(game)
    page = Page(b)
    before = synced(b)
    snap = json.dumps(b.state.snapshot(), sort_keys=True)
    page.write(mode="teacher", seat_kinds=["human"] * b.state.players,
               seat=(b.seat + 1) % b.state.players, open_hands=[[1]], no_such_trait=1)
    after = page.traits
    assert "Страница не может менять" in after["error"]
    keep = {k: v for k, v in before.items() if k not in ("error", "replies")}
    assert {k: after[k] for k in keep} == keep
    assert json.dumps(b.state.snapshot(), sort_keys=True) == snap
    b.act(b.legal[0]["action"])
    assert page.traits["mode"] == "playtest" and page.traits["open_hands"] == []
    b.add_class("wide")  # (a widget's own look is not the board's: no error)
    assert page.traits["error"] == ""
    assert page.traits["view"] == {k: v for k, v in as_sent(b.state.view(0)).items()
                                   if k not in b.STATIC}


@pytest.mark.parametrize("game", GAMES)
def test_a_click_is_answered_by_one_update_with_the_bots_moves_in_it(game):
    b = board(game)
    page = Page(b)
    rng = random.Random(3)
    for _ in range(15):
        if b.state.over:
            break
        updates, moves = len(page.updates()), b.moves
        page.send({"kind": "act", "action": rng.choice(b.legal)["action"]})
        new = page.updates()[updates:]
        assert len(new) == 1, [sorted(u) for u in new]
        assert new[0]["moves"] == b.moves > moves and "replies" in new[0]


def test_static_data_goes_once_per_page_not_with_every_board_or_move():
    """Issue 40: Waiting List's card catalogue (some 19 KB, the same all game and for
    every seat) and the page's words are in no trait: the page opens each board with
    their keys (content hashes) and asks for each key once, whatever the number of boards
    (two boards of one deck and language share them). What it gets is what the board
    shows; no update carries the catalogue, and a key the board does not show gets no
    answer but a refusal."""
    one, two = board("waiting_list"), board("waiting_list", seed=12)
    page, other = Page(one), Page(two)
    for _ in human_turns(one, random.Random(0), limit=20):
        pass
    opened = page.messages()[0]
    assert opened[0] == "comm_open"
    state = {k: v for k, v in opened[1]["state"].items() if k != "_esm"}  # (its comments)
    assert "catalogue" not in json.dumps(state) and len(json.dumps(state)) < 10_000
    assert state["static_key"] and state["words_key"]
    assert (other.traits["static_key"], other.traits["words_key"]) == (
        state["static_key"], state["words_key"])
    assert page.data("static_key") == one.static and page.data("words_key") == one.words
    assert len(json.dumps(one.static["catalogue"])) > 10_000
    assert one.words["words"]["your_move"] == Words(one.t.lang)("Your move")
    updates = page.updates()
    assert len(updates) >= 10
    assert all("catalogue" not in json.dumps(u) for u in updates)
    sent = len(page.messages())
    page.send({"kind": "data", "key": "0" * 20})
    assert "value" not in json.dumps(page.messages()[sent:]) and one.error


@pytest.mark.parametrize("game", GAMES)
def test_log_lines_are_numbered_among_the_lines_the_seat_saw(game):
    """The browser keeps a log line while its ``n`` (and text) stay. The numbers are
    consecutive, counting only what the shown seat may see, and the same line keeps its
    number as the log scrolls."""
    b = board(game, seats=["human"] + ["bot:random"] * (PLAYERS[game] - 1))
    earlier: dict[int, str] = {}
    for _ in human_turns(b, random.Random(3), limit=20):
        lines = b.events
        # (a game dealt as it is made logs the deal first: «Лист ожидания», WL-3)
        opening = b.opening(0) if hasattr(b, "opening") else []
        seen = [t for ev in opening + b.table.events(0) if (t := b.event_text(ev))]
        assert [e["n"] for e in lines] == list(range(len(seen) - len(lines), len(seen)))
        assert [e["text"] for e in lines] == seen[-len(lines):]
        for e in lines:
            assert earlier.setdefault(e["n"], e["text"]) == e["text"]
    assert earlier, "no line was ever shown"


def test_a_board_given_a_game_under_way_starts_its_log_with_the_moves_so_far():
    """A prepared situation (or a resumed game) shows each seat the log lines it would
    have seen had the moves been made on the board; a state that does not replay from its
    deal (begun from an edited snapshot) starts with an empty log, not a wrong one."""
    state = kit.new_game("hanabi", players=3, seed=2)
    live = board("hanabi", seed=2, mode="teacher")
    rng = random.Random(1)
    for _ in range(6):
        action = rng.choice(state.legal_actions())
        state.apply(action)
        live.act(action)
    for seat in (0, 1, 2):
        given = board("hanabi", state=state.clone(), mode="teacher", seat=seat)
        Page(live).send({"kind": "seat", "seat": seat})
        assert given.events == live.events and len(given.events) >= 6
    snap = state.snapshot()
    snap["hints"] -= 1  # not where the moves lead
    assert board("hanabi", state=type(state).restore(snap), mode="teacher").events == []


def test_a_board_from_a_game_name_or_a_state():
    from widgets import board as make_board

    by_name = make_board("pug_party", players=4, seed=2, pause=0)
    assert by_name.state.players == 4 and by_name.game == "pug_party"
    state = kit.new_game("hanabi", players=2, seed=1, variant="rainbow_wild")
    on_state = make_board("hanabi", state, pause=0)
    assert on_state.state is state and on_state.view["variant"] == "rainbow_wild"
    with pytest.raises(kit.ConfigError, match="game"):
        make_board("chess")
    with pytest.raises(kit.ConfigError, match="state"):
        make_board("pug_party", state)


@pytest.mark.parametrize(("bad", "said"), [
    ({"players": 4}, "players"), ({"mode": "lecture"}, "mode"),
    ({"seats": ["human", "human", "robot"]}, "seats"), ({"names": ["Ann"]}, "names"),
    ({"options": {"colour": 1}}, "colour: unknown option")])
def test_a_board_refused_at_construction_leaves_no_widget_behind(bad, said, monkeypatch):
    """Bad input gets its clear error and changes nothing: no half-built board stays
    open in the widget registry, nor prints a second traceback from ``__del__``."""
    unraisable: list[Any] = []
    monkeypatch.setattr(sys, "unraisablehook", unraisable.append)
    before = {id(w) for w in _instances.values()}
    with pytest.raises(kit.ConfigError, match=said):
        BOARDS["domino_metro"]()(**{"players": 3, **bad})
    gc.collect()
    assert [w for w in _instances.values() if id(w) not in before] == []
    assert unraisable == []


@pytest.mark.parametrize("game", GAMES)
def test_each_board_ships_the_shared_base_and_its_own_module_and_css(game):
    esm, css = assets(game)
    assert "function kitBoard(" in esm and "export default" in esm
    assert len(re.findall(r"^export default", esm, re.M)) == 1
    assert ".kit-board" in css and len(css.splitlines()) > 20
    b = board(game)
    assert b.game == game and b.title == Words("ru").ctx("game", game)


@pytest.mark.parametrize("game", GAMES)
def test_the_board_code_goes_to_the_page_once_when_it_asks(game):
    """Issue 40: a board's own module is a small loader; the code and CSS go to the page
    only when it asks (once per page, widgets/loader.js), in a message of their own (no
    state update, no error); a request for code the kernel has not is refused as any
    malformed message is."""
    esm, css = assets(game)
    b = board(game)
    opened = json.dumps(synced(b))
    assert "function kitBoard(" not in opened and css not in opened
    assert b._esm.startswith("const KIT_SOURCE = ") and len(b._esm) < 4_000
    assert not synced(b).get("_css")
    source = json.loads(b._esm.split("=", 1)[1].split(";", 1)[0])
    assert source.startswith(f"{game}:")
    page = Page(b)
    before = len(page.messages())
    page.send({"kind": "code", "source": source})
    assert page.messages()[before:] == [("comm_msg", {"method": "custom", "content": {
        "kind": "code", "source": source, "esm": esm, "css": css}})]
    assert page.traits["error"] == ""
    before = len(page.messages())
    page.send({"kind": "code", "source": "hanabi:forged"})
    assert page.traits["error"]
    assert "esm" not in json.dumps(page.messages()[before:])


@pytest.mark.parametrize("game", GAMES)
def test_static_data_is_the_same_for_every_seat_all_game(game):
    """Issue 40 (hidden information stays hidden): a board's static data goes to any page
    that shows the board, once, whichever seat it shows; so each ``STATIC`` part of the
    view is public: the same for every seat and the spectator, from the first move to
    the last (Waiting List's catalogue: every card of the deck, none of them dealt)."""
    b = board(game)
    first = {k: as_sent(b.state.view(None)[k]) for k in b.STATIC}
    assert b.static == first
    for _ in human_turns(b, random.Random(2), limit=40):
        for seat in [None, *range(b.state.players)]:
            assert {k: as_sent(b.state.view(seat)[k]) for k in b.STATIC} == first
