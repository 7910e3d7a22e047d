"""The shared board code of widgets/base.js, run alone in Chromium (no Voilà, no kernel):
the page's half of an update's patch (``applyPatch``, against widgets/patch.py's ``diff``)
and the event log's lines (``showLog``) over more lines than a test game shows; and the
Domino-Metro board's placing of the layout's tiles over whole games, the labels of its
placements, its ends' elements as tiles cover them, each update's layout against a
board drawn afresh from the same view, and a placement's tile built while the kernel
answers."""

from __future__ import annotations

import itertools
import json
import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from widgets import patch

WIDGETS = Path(__file__).resolve().parents[2] / "widgets"
BASE_JS = WIDGETS / "base.js"
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.sampled_from(["a", "b", "-", "="]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
        st.sampled_from(["a", "b", "c", "-", "="]), inner, max_size=4),
    max_leaves=20)


@pytest.fixture(scope="module")
def code(chromium: Any) -> Iterator[Any]:
    """A blank page with base.js's functions loaded (its top level only defines them)."""
    if not Path(os.environ.get("KIT_CHROMIUM", "/usr/bin/chromium")).exists():
        pytest.skip("Debian's chromium is not installed (scripts/setup.sh --test installs it)")
    context = chromium.new_context()
    page = context.new_page()
    page.set_content("<ol></ol>")
    # (the Domino-Metro board's own file, but for the module export it ends with)
    dm = (WIDGETS / "domino_metro.js").read_text(encoding="utf-8")
    dm = dm[:dm.index("export default")]
    page.add_script_tag(content=BASE_JS.read_text(encoding="utf-8") + dm
                        + "\nglobalThis.kit = "
                        + "{ applyPatch, showLog, LOG_KEEP, dmGeometry, dmLabel };")
    yield page
    context.close()


APPLY = """([old, p]) => {
  const out = applyPatch(old, p);
  // what the patch left alone keeps its object (the drawing memoises on identity)
  const kept = [];
  const walk = (a, b, path) => {
    if (a === b) { if (a !== null && typeof a === "object") kept.push(path); return; }
    const dict = (x) => x !== null && typeof x === "object" && !Array.isArray(x);
    if (dict(a) && dict(b))
      for (const k of Object.keys(b)) if (k in a) walk(a[k], b[k], [...path, k]);
  };
  walk(old, out, []);
  return { out, old, kept };
}"""


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(JSON, JSON)
@example({"view": {"hand": [1], "deck": 5, "rules": {"x": 1}}, "log": [{"n": 0}]},
         {"view": {"hand": [1], "deck": 4, "rules": {"x": 1}}, "log": [{"n": 0}]})
def test_the_page_applies_a_patch_as_the_kernel_made_it(code: Any, old: Any, new: Any):
    """Issue 6 (what reaches the browser): an update carries patches, not whole views;
    the page's ``applyPatch`` turns its copy into the kernel's value, leaves its copy
    alone, and keeps the objects of every dict entry the patch did not touch."""
    p = json.loads(json.dumps(patch.diff(old, new)))  # as it travels
    got = code.evaluate(APPLY, [old, p])
    assert got["out"] == new
    assert got["old"] == old
    untouched = _untouched(old, p)
    assert sorted(got["kept"]) == sorted(untouched)


def _untouched(old: Any, p: Any, path: list | None = None) -> list[list]:
    """Paths of the dicts and lists inside ``old`` that patch ``p`` leaves as they are."""
    path = path or []
    if isinstance(p, list):  # "=" replaces, and a list patch builds a new list
        return []
    out = []
    for key, value in old.items():
        if key not in p:
            if isinstance(value, (dict, list)):
                out.append([*path, key])
        elif isinstance(value, dict) and isinstance(p[key], dict):
            out += _untouched(value, p[key], [*path, key])
    return out


SHOW = """([batches, who]) => {
  const ol = document.querySelector("ol");
  ol.replaceChildren(); ol.kitLines = []; ol.kitWho = undefined; ol.removeAttribute("start");
  const seen = [];
  for (const [events, seat] of batches) {
    kit.showLog(ol, events, seat ?? who);
    seen.push({ lines: [...ol.children].map((li) => [Number(li.dataset.n), li.textContent]),
                start: Number(ol.getAttribute("start") ?? 1) });
  }
  return seen;
}"""


def _windows(count: int, recent: int = 12, per_move: int = 2) -> list[list]:
    """The kernel's recent lines after each move of a game whose moves make ``per_move``
    lines each: windows of the last ``recent`` of them."""
    lines = [{"n": n, "type": "play", "text": f"line {n + 1}"} for n in range(count)]
    return [[lines[max(0, end - recent):end], None] for end in range(per_move, count + 1,
                                                                       per_move)]


def test_the_log_keeps_at_most_log_keep_lines_dropping_the_older_half(code: Any):
    """Issue 6 (boards): a long game's log keeps the lines seen, up to ``LOG_KEEP``; past
    that its older half goes at once, and the rest keep their numbers (``start``) and
    run on without a gap to the newest line."""
    keep = code.evaluate("kit.LOG_KEEP")
    windows = _windows(2 * keep + 41)
    seen = code.evaluate(SHOW, [windows, "playtest 0"])
    for (events, _), shown in zip(windows, seen, strict=True):
        numbers = [n for n, _ in shown["lines"]]
        newest = events[-1]["n"]
        assert numbers[-1] == newest and numbers == list(range(numbers[0], newest + 1))
        assert [t for _, t in shown["lines"]] == [f"line {n + 1}" for n in numbers]
        assert shown["start"] == numbers[0] + 1
        assert len(numbers) <= keep
        # nothing goes before the log is full; once trimmed, at least half stays
        assert numbers[0] == 0 if newest < keep else len(numbers) >= keep // 2
    assert any(shown["lines"][0][0] > 0 for shown in seen), "the log was never trimmed"


def test_the_log_starts_afresh_for_another_seat_or_after_a_gap(code: Any):
    """Issue 6 (modes): lines that do not run on from those shown (another seat's in
    teacher mode or hot-seat, or a window past a gap) replace them."""
    windows = _windows(40)
    gap = [[{"n": 90 + i, "type": "play", "text": f"far {i}"} for i in range(3)], None]
    other = [[{"n": 0, "type": "play", "text": "seat 1 sees"}], "playtest 1"]
    seen = code.evaluate(SHOW, [[*windows, gap, other], "playtest 0"])
    assert [t for _, t in seen[-2]["lines"]] == ["far 0", "far 1", "far 2"]
    assert seen[-2]["start"] == 91
    assert seen[-1]["lines"] == [[0, "seat 1 sees"]] and seen[-1]["start"] == 1


PLACES = """(patches) => {
  const model = {};  // one board: its last layout placed is kept for it
  let view = {};
  const tiles = [];
  const differ = [];  // [move, as placed, as placed from scratch], the first few
  let grown = 0;  // moves that added tiles to the layout drawn before
  const moved = [];  // [move, "tile" or "end", id]: a place such a move did not keep
  let last = null;
  patches.forEach((p, i) => {
    view = applyPatch(view, p);
    const drawn = (g) => JSON.stringify([Object.values(g.tiles), Object.values(g.ends)]);
    const geo = dmGeometry(view.layout, model);
    const kept = drawn(geo);
    const fresh = drawn(dmGeometry(view.layout, {}));
    tiles.push(view.layout.tiles.length);
    if (kept !== fresh && differ.length < 3) differ.push([i, kept, fresh]);
    const now = view.layout.tiles;
    if (last && now.length > last.tiles.length && last.tiles.every((t, k) => now[k] === t)) {
      grown++;
      for (const id in last.tileGeo)
        if (geo.tiles[id] !== last.tileGeo[id]) moved.push([i, "tile", id]);
      for (const id in last.endGeo)
        if (geo.ends[id] !== last.endGeo[id]) moved.push([i, "end", id]);
    }
    last = { tiles: now, tileGeo: { ...geo.tiles }, endGeo: { ...geo.ends } };
  });
  return { tiles, differ, grown, moved: moved.slice(0, 5), movedCount: moved.length };
}"""


def _dm_views(seed: int) -> list[dict]:
    """The spectator's views, move after move, of a three-game match of random bots."""
    return [view for view, _, _ in _dm_seat_turns(seed, None)]


def _placed(code: Any, views: list[dict]) -> dict:
    patches = [["=", views[0]]] + [patch.diff(a, b) for a, b in itertools.pairwise(views)]
    return code.evaluate(PLACES, patches)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_layout_keeps_each_placed_tiles_place_as_a_fresh_drawing_would(code: Any,
                                                                           seed: int):
    """Issue 6 (boards), DM-3, DM-4, DM-9, DM-R5: a redraw places again only the tiles
    after those it drew last time (the patch keeps their objects); every tile and end is
    where, and as, a drawing from scratch puts it, move after move of a match of three
    games, take-backs and each new game's lead included."""
    placed = _placed(code, _dm_views(seed))
    tiles = placed["tiles"]
    assert max(tiles) > 10, "the games laid out too few tiles to tell"
    shorter = [b for a, b in itertools.pairwise(tiles) if a > b]
    assert any(n > 1 for n in shorter), "no tile was taken back"
    assert sum(n <= 1 for n in shorter) >= 2, "no next game was led"
    assert placed["differ"] == []


@pytest.mark.parametrize("seed", [1, 2])
def test_a_move_that_adds_tiles_keeps_every_place_drawn_before(code: Any, seed: int):
    """Issue 6 (boards), DM-3: after a move that adds tiles to the layout drawn before,
    every tile and every end placed before keeps its place's object, on which its drawing
    is memoised: only the new tiles and ends are placed, and drawn."""
    placed = _placed(code, _dm_views(seed))
    assert placed["grown"] > 10, "too few moves added tiles to tell"
    assert placed["movedCount"] == 0, f"placed again: {placed['moved']}"


def test_a_layout_replaced_by_another_is_placed_afresh(code: Any):
    """Issue 6 (boards), DM-3: a board whose layout is replaced by another game's (as a
    whole state after a resync can) keeps no tile's place from the old one: the views of
    two matches, in turn, each placed as a drawing from scratch places it."""
    one, two = _dm_views(4), _dm_views(5)
    turns = [v for pair in zip(one[:150], two[:150], strict=False) for v in pair]
    placed = _placed(code, turns)
    assert sum(n > 3 for n in placed["tiles"]) > 20, "too few laid-out tiles to tell"
    assert placed["differ"] == []


LABELS = """([legal, before, after]) => {
  const on = (layout) => ({ view: { layout }, legal });
  const again = { view: { layout: after }, legal: legal.map((a) => ({ ...a })) };
  return [0, 1].map((i) => [dmLabel(on(before), i), dmLabel(on(after), i), dmLabel(again, i)]);
}"""


def test_a_placements_label_is_the_layouts_it_was_offered_on(code: Any):
    """Issue 6 (boards), DM-3: a placement button names its end and the end's value as the
    layout was when the move was offered. While the seat waits, its moves stay (hidden) and
    the others' tiles cover ends under them: the label stays as it was, so that the slot is
    not drawn again; new moves are labelled against the layout they come with."""
    legal = [{"action": {"type": "place", "tile": [5, 6], "end": 3, "face": None}},
             {"action": {"type": "place", "tile": [5, 6], "end": 4, "face": "open"}}]
    before = {"ends": [{"id": 3, "value": 5}, {"id": 4, "value": 6}]}
    after = {"ends": [{"id": 4, "value": 6}, {"id": 7, "value": 2}]}  # end 3 covered
    assert code.evaluate(LABELS, [legal, before, after]) == [
        ["→ #3 (5)", "→ #3 (5)", "→ #3"],
        ["→ #4 (6) open ⊕", "→ #4 (6) open ⊕", "→ #4 (6) open ⊕"],
    ]


# The Domino-Metro board itself (its module `js`, as anywidget loads it) on stand-in
# models: `stand(traits)` draws a board, `update(board, seq, p, more)` gives it the
# kernel's update number seq + 1 (patch `p` of its view, and the traits `more` whole) as
# the kernel sends it, and waits for the redraw.
STAND_IN = """
  const url = URL.createObjectURL(new Blob([js], { type: "text/javascript" }));
  const board = (await import(url)).default;
  // (`manager(backbone)`: the widget manager, if not one that finds the model at once)
  const stand = (traits, manager) => {
    const on = new Map();
    const emit = (name, ...args) => { for (const f of on.get(name) || []) f(...args); };
    // (the widget manager's Backbone model, whose `attributes` are the traits)
    const backbone = { attributes: traits, get: (k) => traits[k], trigger: emit,
                       once: (name, f) => on.set(name, [...(on.get(name) || []), f]) };
    traits.kit_id ??= "stand-in";
    const sent = [];
    let sets = 0;
    const model = {
      get: (k) => traits[k],
      set(k, v) {
        sets++;
        if (traits[k] === v) return;
        traits[k] = v;
        emit(`change:${k}`, backbone, v);
        emit("change", backbone);
      },
      on: (name, f) => on.set(name, [...(on.get(name) || []), f]),
      off() {}, send: (msg) => sent.push(msg),
      widget_manager: manager ? manager(backbone)
        : { get_model: async (id) => (id === traits.kit_id ? backbone : undefined) },
    };
    const el = document.createElement("div");
    document.body.appendChild(el);
    board.initialize({ model });
    board.render({ model, el });
    return { model, el, emit, sent, sets: () => sets };
  };
  // (as the kernel sends an update: the widget's own message)
  const update = async (b, seq, p, more) => {
    const patch = { seq: seq + 1, ops: { view: p } };
    b.emit("msg:custom", { kit_update: { ...more, patch, moves: seq + 1 } });
    await new Promise((r) => setTimeout(r, 0));
  };
"""

# The board's updates as the kernel sends them (the widget's own messages), to boards
# whose widget manager finds their model at once, late, or not at all, and out of turn.
TRANSPORT = """async ([js, state, patches]) => {""" + STAND_IN + """
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const seen = (b) => ({ moves: b.model.get("moves"), view: b.model.get("view"),
                         shown: b.el.querySelector(".kit-board").dataset.moves,
                         sets: b.sets(), sent: b.sent });
  const out = {};
  const found = stand({ ...state });
  await sleep(0);
  await update(found, 0, patches[0], { thinking: 1 });
  out.found = { ...seen(found), thinking: found.model.get("thinking") };
  const late = stand({ ...state }, (bb) => ({ get_model: () => sleep(30).then(() => bb) }));
  await update(late, 0, patches[0]);
  await update(late, 1, patches[1]);
  out.before = seen(late).moves;
  await sleep(60);
  out.late = seen(late);
  const none = stand({ ...state }, () => null);
  await update(none, 0, patches[0]);
  out.none = seen(none);
  const gap = stand({ ...state });
  await sleep(0);
  await update(gap, 1, patches[1]);
  await update(gap, 2, patches[2]);
  out.gap = seen(gap);
  for (const b of [found, late, none, gap]) b.el.remove();
  return out;
}"""


def test_an_update_goes_into_the_model_as_the_kernel_sent_it(code: Any):
    """Issue 6 (what reaches the browser, speed): the kernel's updates come as the
    widget's own messages and go into the page's model without ``model.set``: its
    patches applied, its other traits whole, the board drawn. Updates that come before
    the widget manager has found the model wait and go in in order; with no manager they
    go through ``model.set``; a patch out of turn changes no view and asks the kernel,
    once, for the traits whole."""
    from widgets.base import assets

    views = _dm_views(2)[:4]
    patches = [patch.diff(a, b) for a, b in itertools.pairwise(views)]
    got = code.evaluate(TRANSPORT, [assets("domino_metro")[0], _dm_board_state(views[0]),
                                    patches])
    assert got["found"] == {"moves": 1, "view": views[1], "shown": "1", "sets": 0,
                            "sent": [], "thinking": 1}
    assert got["before"] == 0
    assert got["late"] == {"moves": 2, "view": views[2], "shown": "2", "sets": 0, "sent": []}
    assert got["none"]["sets"] > 0
    assert {k: got["none"][k] for k in ("moves", "view", "shown")} == {
        "moves": 1, "view": views[1], "shown": "1"}
    assert got["gap"]["view"] == views[0] and got["gap"]["sent"] == [{"kind": "resync"}]


# Updates heard arriving from a stand-in kernel connection (its `anyMessage` signal)
# before they are passed on to the model (`msg:custom`), in the orders these can come in.
ARRIVALS = """async ([js, state, patches]) => {""" + STAND_IN + """
  const slots = [];
  const signal = { connect: (f) => slots.push(f),
                   disconnect: (f) => slots.splice(slots.indexOf(f), 1) };
  const b = stand({ ...state, kit_id: "k1" }, (bb) => ({
    get_model: async () => bb, kernel: { anyMessage: signal } }));
  await new Promise((r) => setTimeout(r, 0));
  const made = patches.map((p, seq) => ({ patch: { seq: seq + 1, ops: { view: p } },
                                          moves: seq + 1 }));
  const hear = (u, comm = "k1") => {
    const data = { method: "custom", content: { kit_update: u } };
    const msg = { channel: "iopub", header: { msg_type: "comm_msg" },
                  content: { comm_id: comm, data } };
    for (const f of [...slots]) f({}, { direction: "recv", msg });
  };
  const passOn = (u) => b.emit("msg:custom", { kit_update: u });
  const moves = () => b.model.get("moves");
  const out = { listening: slots.length };
  passOn(made[0]);                     // arrived before the board listened
  out.unheard = moves();
  hear(made[1]); hear(made[2]);        // heard, not yet in step: they wait
  out.waiting = moves();
  hear({ moves: 99 }, "another comm");
  passOn(made[1]); out.first = moves();
  passOn(made[2]); out.second = moves();
  hear(made[3]);                       // in step: taken as it arrives
  out.atOnce = moves();
  passOn(made[3]);                     // and not again
  out.again = moves();
  await new Promise((r) => setTimeout(r, 0));
  out.view = b.model.get("view");
  out.shown = b.el.querySelector(".kit-board").dataset.moves;
  out.sent = b.sent;
  b.emit("destroy");
  out.after = slots.length;
  b.el.remove();
  return out;
}"""


def test_an_update_is_taken_as_it_arrives_when_that_keeps_the_kernels_order(code: Any):
    """Issue 6 (speed): a board hears its updates arriving from the kernel connection
    and takes each at once, without waiting for the connection to pass it on, when every
    update before it has been taken; the updates heard before the board is in step wait
    to be passed on, in order; none is taken twice (a patch taken twice would be out of
    turn and ask for the view whole); another widget's messages are not taken; the
    board stops listening when its model closes."""
    from widgets.base import assets

    views = _dm_views(2)[:5]
    patches = [patch.diff(a, b) for a, b in itertools.pairwise(views)]
    got = code.evaluate(ARRIVALS, [assets("domino_metro")[0], _dm_board_state(views[0]),
                                   patches])
    assert got["listening"] == 1
    assert (got["unheard"], got["waiting"], got["first"], got["second"]) == (1, 1, 2, 3)
    assert (got["atOnce"], got["again"]) == (4, 4)
    assert got["view"] == views[4] and got["shown"] == "4"
    assert got["sent"] == [] and got["after"] == 0


# A spectator's view, patch after patch; for each update, the layout's elements that
# `kind` names ("end" or "tile"), each as [the id it shows, the id it showed before (null:
# an element new to this update), whether it is marked pending].
DRAWN = """async ([js, state, patches, kind]) => {""" + STAND_IN + """
  const live = stand({ ...state });
  const { el } = live;
  const nodes = new WeakMap();  // an element: the id it showed
  const out = [];
  for (const [seq, p] of patches.entries()) {
    await update(live, seq, p);
    const items = [...el.querySelectorAll(`g.dm-${kind}`)];
    out.push(items.map((g) => [g.dataset[kind], nodes.has(g) ? nodes.get(g) : null,
                               g.classList.contains("dm-pending")]));
    for (const g of items) nodes.set(g, g.dataset[kind]);
  }
  el.remove();
  return out;
}"""


# The same board, and for each update a fresh board drawn from the view as it is then:
# the layout each of them shows (the SVG's attributes, and each tile's and end's element).
# (the layout a board `el` shows: the SVG's attributes, and each tile's and end's markup)
SHOWN = """
  const shown = (el) => {
    const svg = el.querySelector(".dm-layoutbox svg");
    if (!svg) return [el.querySelector(".dm-layoutbox").textContent];
    const attrs = ["viewBox", "aria-label", "style"].map((a) => svg.getAttribute(a));
    const items = (sel) => [...svg.querySelectorAll(sel)].map((g) => g.outerHTML).sort();
    return [attrs, items("g.dm-tile"), items("g.dm-end")];
  };
"""
AS_FRESH = """async ([js, state, patches]) => {""" + STAND_IN + SHOWN + """
  const live = stand({ ...state });
  const differ = [];
  let pending = 0;
  for (const [seq, p] of patches.entries()) {
    await update(live, seq, p);
    const view = live.model.get("view");
    if (view.pending) pending++;
    const fresh = stand({ ...state, view, moves: seq + 1 });
    await new Promise((r) => setTimeout(r, 0));
    const a = JSON.stringify(shown(live.el));
    const b = JSON.stringify(shown(fresh.el));
    if (a !== b && differ.length < 3) differ.push([seq, a, b]);
    fresh.el.remove();
  }
  live.el.remove();
  return { differ, pending };
}"""


def _dm_board_state(view: dict) -> dict:
    """A spectator's board traits, as the kernel opens a Domino-Metro board with them."""
    return {"view": view, "legal": [], "names": ["A", "B", "C"], "mode": "playtest",
            "seat": None, "game": "domino_metro", "title": "Домино-Метро", "moves": 0,
            "events": [], "open_hands": [], "patch": {"seq": 0, "ops": {}}}


@pytest.mark.parametrize("seed", [2, 3])
def test_each_update_shows_the_layout_as_a_fresh_board_draws_it(code: Any, seed: int):
    """Issue 6 (boards), DM-3, DM-4, DM-5, DM-9, DM-R5: the board draws after each move
    only the tiles and ends that changed; what it shows then is what a board drawn afresh
    from the same view shows (the SVG's bounds and label, every tile and every end with
    its marks), move after move of a match of three games: tiles placed and pending
    (DM-9), ends covered or gone dead, take-backs and each new game's lead."""
    from widgets.base import assets

    views = _dm_views(seed)
    patches = [patch.diff(a, b) for a, b in itertools.pairwise(views)]
    got = code.evaluate(AS_FRESH, [assets("domino_metro")[0], _dm_board_state(views[0]),
                                   patches])
    assert got["pending"] > 10, "too few placements waited for the change to tell"
    assert got["differ"] == []


def test_a_covered_end_takes_its_element_and_the_others_keep_theirs(code: Any):
    """Issue 6 (boards), DM-3, DM-5: as tiles cover ends, each end still open is drawn in
    the element that showed it before (none shows another end's id, as an element drawn
    again by position would), over a whole match of random bots."""
    from widgets.base import assets

    views = _dm_views(2)
    state = _dm_board_state(views[0])
    patches = [patch.diff(a, b) for a, b in itertools.pairwise(views)]
    drawn = code.evaluate(DRAWN, [assets("domino_metro")[0], state, patches, "end"])
    seen = [(end, before) for ends in drawn for end, before, _ in ends if before is not None]
    shown = [{end for end, _, _ in ends} for ends in drawn]
    swapped = sum(bool(a - b and b - a) for a, b in itertools.pairwise(shown))
    assert swapped > 20, "too few moves covered one end and opened another to tell"
    assert len(seen) > 200, "too few ends stayed open across a move to tell"
    assert [(end, before) for end, before in seen if end != before] == []



def test_a_tile_kept_after_the_change_keeps_its_element(code: Any):
    """Issue 6 (boards), DM-9: a tile placed waits, marked, for its player to keep it or
    take it back; kept, it loses the mark in the element that showed it pending (only
    its mark changes, so the board does not draw the tile again), over a match of bots."""
    from widgets.base import assets

    views = _dm_views(3)
    patches = [patch.diff(a, b) for a, b in itertools.pairwise(views)]
    drawn = code.evaluate(DRAWN, [assets("domino_metro")[0], _dm_board_state(views[0]),
                                  patches, "tile"])
    kept = []
    for before, after in itertools.pairwise(drawn):
        pending = {tile for tile, _, mark in before if mark}
        for tile, was, mark in after:
            if tile in pending and not mark:
                kept.append(was == tile)
    assert len(kept) > 10, "too few placements were kept to tell"
    assert all(kept)


def _dm_seat_turns(seed: int, seat: int | None = 0) -> list[list]:
    """Seat ``seat``'s views of a three-game match of random bots, move after move, each
    with the legal moves the board offers then (none unless that seat is to act) and the
    move made from it: [[view, legal, action], ...], the last with no action."""
    import kit
    from kit.bots import make_bot

    state = kit.new_game("domino_metro", players=3, seed=seed, games=3)
    bots = [make_bot("domino_metro", "random") for _ in range(3)]
    rng = random.Random(seed)
    turns = []
    while not state.over and len(turns) < 1199:
        legal = state.legal_actions()
        action = bots[state.to_act].choose(state.view(state.to_act), legal, rng)
        offered = ([{"action": a.to_json(), "text": str(a)} for a in legal]
                   if state.to_act == seat else [])
        turns.append([state.view(seat), offered, action.to_json()])
        state.apply(action)
    turns.append([state.view(seat), [], None])
    return turns


# Seat 0's board over a match: before each of its placements it is left idle (as while
# its player thinks), then the move made is clicked and the kernel's answer comes. Per
# placement: how many tiles were built ahead, whether the answer's new tile and end are
# elements built ahead, and whether the layout is then the one a board drawn afresh shows.
AHEAD = """async ([js, state, turns, patches]) => {""" + STAND_IN + SHOWN + """
  const idle = () => new Promise((r) => requestIdleCallback(r));
  const live = stand({ ...state, legal: turns[0][1], replies: 0 });
  const out = [];
  for (const [i, [, legal, action]] of turns.entries()) {
    if (!action) break;
    const box = live.el.querySelector(".dm-layoutbox");
    let clicked = null;
    if (legal.length && action.type === "place" && action.end !== null && box.kitLayout.svg) {
      await idle();
      const ahead = box.kitLayout.ahead || { tiles: new Map(), ends: new Map() };
      const want = JSON.stringify(action);
      const buttons = [...live.el.querySelectorAll("button.dm-place")];
      buttons.find((b) => b.dataset.action === want).click();
      clicked = { tiles: new Set(ahead.tiles.values()), ends: new Set(ahead.ends.values()),
                  placements: legal.filter((a) => a.action.type === "place").length,
                  double: action.tile[0] === action.tile[1] };
    }
    const m = live.model;
    await update(live, i, patches[i], { legal: turns[i + 1][1], replies: i + 1 });
    if (!clicked) continue;
    const view = m.get("view");
    const svg = box.querySelector("svg");
    const tile = svg.querySelector(`g.dm-tile[data-tile="${view.layout.tiles.length - 1}"]`);
    const ends = [...svg.querySelectorAll("g.dm-end")];
    const fresh = stand({ ...state, view, moves: i + 1, legal: [], replies: 0 });
    await new Promise((r) => setTimeout(r, 0));
    out.push({ built: clicked.tiles.size, placements: clicked.placements, double: clicked.double,
               tileAhead: clicked.tiles.has(tile), endAhead: ends.some((e) => clicked.ends.has(e)),
               same: JSON.stringify(shown(live.el)) === JSON.stringify(shown(fresh.el)) });
    fresh.el.remove();
  }
  live.el.remove();
  return out;
}"""


@pytest.mark.parametrize("seed", [2, 5])
def test_the_placements_offered_are_drawn_ahead_while_the_seat_thinks(code: Any, seed: int):
    """Issue 6 (boards, benchmark), DM-3, DM-4, DM-9: while the seat shown has placements
    to choose from, the idle page builds the tile each would put down and the end it
    would open; the redraw of the answer to the one clicked adds those elements when
    they show what the answer has, and builds its own where not (a double's ends, an end
    gone dead). Either way the layout is then the one a board drawn afresh from the
    answer's view shows, at every placement of a three-game match."""
    from widgets.base import assets

    turns = _dm_seat_turns(seed)
    patches = [patch.diff(a[0], b[0]) for a, b in itertools.pairwise(turns)]
    state = {**_dm_board_state(turns[0][0]), "seat": 0}
    got = code.evaluate(AHEAD, [assets("domino_metro")[0], state, turns, patches])
    assert len(got) > 30, "too few placements to tell"
    assert [g for g in got if not g["same"]] == []
    # (a double's two faces are one tile each; every placement has its tile built)
    assert all(0 < g["built"] <= g["placements"] for g in got)
    assert all(g["tileAhead"] for g in got)
    singles = [g for g in got if not g["double"]]
    assert sum(g["endAhead"] for g in singles) > len(singles) // 2
