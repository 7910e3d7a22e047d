"""Every game's Voilà app in Chromium: start a game with one human seat and bots, play it
to the end by clicking legal moves, and check the result panel; all along, nothing the
page's board models hold shows a card hidden from the human seat, and a forged move is
refused with the engine's message.

A replica board in this process follows the same game (same seed, same clicks; the bots
are seeded by the game's seed) so the test knows the true state, hence the hidden cards.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from seen_cards import secrets, shown

import kit
from widgets import BOARDS

pytestmark = pytest.mark.browser

#: game -> (players, seed, extra query string for the form)
SETUPS = {
    "hanabi": (3, 5, ""),
    "waiting_list": (3, 2, "&round_laps=3"),
    "pug_party": (3, 3, ""),
    "domino_metro": (3, 4, ""),
}
MAX_CLICKS = 400
HANABI_CARD = re.compile(r'"colour":\s*"(\w+)",\s*"value":\s*(\d)')

MODEL_KEYS = ["view", "legal", "events", "open_hands", "result", "names",
              "seat_kinds", "error", "privacy", "seat", "moves", "game", "mode"]
READ_MODEL = """(keys) => { const ms = [...(globalThis.__kitModels || [])];
  const m = ms[ms.length - 1]; if (!m) return null;
  const o = {}; for (const k of keys) o[k] = m.get(k); return o; }"""
WAIT_TURN = """() => { const b = document.querySelector('.kit-board');
  return !!b && !b.dataset.pending &&
    (b.dataset.over === '1' || Number(b.dataset.legal) > 0); }"""


def models(page: Any) -> dict:
    return page.evaluate(READ_MODEL, MODEL_KEYS)


def board_moves(page: Any) -> int:
    return int(page.get_attribute(".kit-board", "data-moves"))


def start(page: Any, url: str, game: str) -> tuple[Any, Any]:
    """Open the app, fill the form, start; returns (replica board, first model state)."""
    players, seed, extra = SETUPS[game]
    page.goto(f"{url}/voila/render/{game}_app.ipynb?pause=0.05{extra}")
    page.wait_for_selector(".kit-start", timeout=90_000)
    page.fill(".kit-setup input[placeholder='random']", str(seed))
    page.click(".kit-start")
    page.wait_for_selector(".kit-board")
    spec = kit.spec(game)
    options = {}
    for part in extra.split("&"):
        if "=" in part:
            name, value = part.split("=", 1)
            options[name] = type(spec.options[name].default)(value)
    replica = BOARDS[game]()(players=players, seed=seed, options=options, pause=0)
    return replica, seed


def assert_nothing_hidden(page: Any, replica: Any, game: str) -> int:
    """The page's board model shows exactly view(0) and no secret of seat 0."""
    got = models(page)
    assert got["moves"] == replica.moves, "the replica lost track of the game"
    assert got["view"] == json.loads(json.dumps(replica.state.view(0))), "page view != view(0)"
    secret = secrets(replica.state, 0)
    leaked = shown(game, got) & secret
    assert not leaked, f"hidden cards reached the browser: {sorted(leaked)}"
    if game == "hanabi":
        # Hanabi cards are distinctive text: search everything the page ever received
        # (every widget's messages, whatever their model) and the page itself.
        received = [f if isinstance(f, str) else f.decode("utf-8", "replace")
                    for f in page.ws_frames] + [page.content()]
        seen = {(c, int(v)) for text in received for c, v in HANABI_CARD.findall(text)}
        assert seen, "no card found on the wire: this check would see nothing"
        assert not seen & secret, f"hidden cards on the wire: {sorted(seen & secret)}"
    return len(secret)


@pytest.mark.parametrize("game", list(SETUPS))
def test_app_plays_to_the_end_showing_no_hidden_card(page: Any, voila_url: str, game: str):
    replica, seed = start(page, voila_url, game)
    rng = random.Random(seed)
    secrets_checked = 0
    forged = False
    for _ in range(MAX_CLICKS):
        page.wait_for_function(WAIT_TURN)
        if page.get_attribute(".kit-board", "data-over") == "1":
            break
        secrets_checked += assert_nothing_hidden(page, replica, game)
        if not forged:
            forged = True
            check_forged_moves_are_refused(page, replica)
        buttons = page.query_selector_all(".kit-board .kit-act")
        assert buttons, "a human turn without move buttons"
        # the buttons offer the legal moves, all of them and nothing else, whatever parts
        # of the board a redraw reused (two copies of a card may offer the same move)
        offered = {b.get_attribute("data-action") for b in buttons}
        expected = {json.dumps(a["action"], separators=(",", ":")) for a in models(page)["legal"]}
        assert offered == expected
        if game == "hanabi":  # every Hanabi move has its place: none falls to "Moves:"
            assert page.query_selector(".kit-moves") is None
        button = rng.choice(buttons)
        action = json.loads(button.get_attribute("data-action"))
        before = board_moves(page)
        button.click()
        replica.act(action)
        page.wait_for_function(
            f"() => Number(document.querySelector('.kit-board').dataset.moves) > {before}")
        if "kit-waiting" in page.get_attribute(".kit-board", "class"):
            # the last turn's moves are kept hidden: nothing may say it is still ours
            assert "Your move" not in page.inner_text(".kit-status")
            assert page.locator(".kit-board .wl-window").count() == 0  # WL-5, WL-6
            # DM-3: no tile is shown as playable (the mark is the tile's ring)
            rings = page.eval_on_selector_all(
                ".kit-board .dm-playable .dm-domino",
                "els => els.map((e) => getComputedStyle(e).boxShadow)")
            assert all(r == "none" for r in rings), rings
    else:
        pytest.fail(f"{game} did not end within {MAX_CLICKS} clicks")

    assert replica.state.over
    assert forged and secrets_checked > 0, "no hidden card was ever there to check"
    panel = page.wait_for_selector(".kit-app-result")
    text = panel.inner_text()
    assert "Result" in text
    rows = page.query_selector_all(".kit-app-result tbody tr")
    assert len(rows) == replica.state.players
    places = replica.state.result()["places"]
    first = [replica.names[p] for p in range(replica.state.players) if places[p] == 1]
    assert first[0] in rows[0].inner_text()
    assert page.query_selector(".kit-play-again") is not None
    # play again: a new board, drawn by the code the first one's page already runs
    page.click(".kit-play-again")
    page.wait_for_function("() => [...globalThis.__kitModels].length > 1")
    page.wait_for_function(WAIT_TURN)
    assert page.get_attribute(".kit-board", "data-over") == "0"
    assert page.locator(".kit-board .kit-act").count() > 0
    kept = page.evaluate("() => Object.keys(globalThis.__kitBoardCode)")
    assert kept == [kept[0]] and kept[0].startswith(f"{game}:"), kept  # one copy, kept
    assert not page.errors, page.errors


def check_forged_moves_are_refused(page: Any, replica: Any) -> None:
    """Another seat's move, a malformed action, an illegal one and a state update from the
    page change nothing and show the engine's message."""
    before = models(page)
    legal = before["legal"][0]["action"]
    other_seat = {**legal, "seat": 1}
    forged = [
        ({"kind": "act", "action": other_seat}, "not seat 1"),
        ({"kind": "act", "action": "play everything"}, "malformed"),
        ({"kind": "act", "action": {"type": "no-such-move"}}, "unknown action type"),
        ({"kind": "step", "to": 0}, "not accepted"),
    ]
    for message, words in forged:
        page.evaluate("""(msg) => { const ms = [...globalThis.__kitModels];
            ms[ms.length - 1].send(msg); }""", message)
        page.wait_for_function("(w) => (document.querySelector('.kit-error') || {}).textContent"
                               "?.includes(w)", arg=words)
        error = page.inner_text(".kit-error")
        assert re.match(r"^[A-Z]+-[0-9R]+|^action", error), f"no rule id in {error!r}"
    # a forged state update (teacher mode would open every hand) is refused as well,
    # and the page's model gets the kernel's traits back
    page.evaluate("""() => { const ms = [...globalThis.__kitModels];
        const m = ms[ms.length - 1]; m.set("mode", "teacher"); m.save_changes(); }""")
    page.wait_for_function("() => (document.querySelector('.kit-error') || {}).textContent"
                           "?.includes('may not set')")
    assert "mode" in page.inner_text(".kit-error")
    page.wait_for_function("() => [...globalThis.__kitModels].at(-1).get('mode') === 'playtest'")
    after = models(page)
    assert after["open_hands"] == [] and after["mode"] == "playtest"
    assert after["moves"] == before["moves"]
    assert after["view"] == before["view"]
    assert after["legal"] == before["legal"]
    assert replica.moves == after["moves"]


def test_no_request_leaves_the_machine_and_index_links_every_app(page: Any, voila_url: str):
    page.goto(f"{voila_url}/voila/render/index.ipynb")
    page.wait_for_selector("table.kit-index", timeout=90_000)
    links = {a.get_attribute("href") for a in page.query_selector_all("table.kit-index a")}
    for game in kit.GAMES:
        assert f"{game}_app.ipynb" in links
    assert all("127.0.0.1" not in u for u in page.aborted)
