"""The shared board code of widgets/base.js, run alone in Chromium (no Voilà, no kernel):
how a trait sent whole keeps the objects of what did not change (``keepSame``) and the
event log's lines (``showLog``) over more lines than a test game shows; and the
Domino-Metro board's placing of the layout's tiles over whole games, the labels of its
placements, its ends' elements as tiles cover them, and each update's layout against a
board drawn afresh from the same view."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

pytestmark = pytest.mark.browser
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.sampled_from(["a", "b", "-", "="]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
        st.sampled_from(["a", "b", "c", "-", "="]), inner, max_size=4),
    max_leaves=20)


@pytest.fixture(scope="module")
def code(board_code: Any) -> Any:
    """A blank page with the shared base's functions (and the Domino-Metro board's)."""
    return board_code("domino_metro.js",
                      "keepSame, showLog, LOG_KEEP, dmGeometry, dmLabel, dmEndNumbers",
                      content="<ol></ol>")  # (the log is drawn into the page's list)


KEEP = """([old, now]) => {
  const before = JSON.stringify(old);
  const out = keepSame(old, JSON.parse(JSON.stringify(now)));
  // the parts of the result that are old's very objects, by path
  const kept = [];
  const walk = (a, b, path) => {
    if (a === b) { if (a !== null && typeof a === "object") kept.push(path); return; }
    if (a !== null && b !== null && typeof a === "object" && typeof b === "object")
      for (const k of Object.keys(b)) if (k in a) walk(a[k], b[k], [...path, k]);
  };
  walk(old, out, []);
  return { out, old: JSON.stringify(old) === before, kept };
}"""


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(JSON, JSON)
@example({"view": {"hand": [1], "deck": 5, "rules": {"x": 1}}, "log": [{"n": 0}]},
         {"view": {"hand": [1], "deck": 4, "rules": {"x": 1}}, "log": [{"n": 0}]})
def test_a_trait_sent_whole_keeps_the_objects_of_what_did_not_change(code: Any, old: Any,
                                                                      new: Any):
    """The kernel sends a changed trait whole; the page's ``keepSame`` gives the new value,
    leaves the old one as it was, and reuses the old objects of every part (by key and
    index) equal to the old one's, on which the drawings memoise."""
    got = code.evaluate(KEEP, [old, new])
    assert got["out"] == new and got["old"]
    assert sorted(got["kept"]) == sorted(_equal_parts(old, new))


def _equal_parts(old: Any, new: Any, path: list | None = None) -> list[list]:
    """Paths of the dicts and lists inside ``new`` equal to ``old``'s at the same path
    (outermost only: what is inside an equal part is the old object's own)."""
    path = path or []
    same = json.dumps(old, sort_keys=True) == json.dumps(new, sort_keys=True)  # (1 != true)
    if same and isinstance(new, (dict, list)) and type(old) is type(new):
        return [path]
    if not (isinstance(old, (dict, list)) and type(old) is type(new)):
        return []
    keys = new.keys() if isinstance(new, dict) else range(len(new))
    inside = old.keys() if isinstance(old, dict) else range(len(old))
    return [p for k in keys if k in inside
            for p in _equal_parts(old[k], new[k], [*path, str(k)])]


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


PLACES = """(views) => {
  const model = {};  // one board: its last layout placed is kept for it
  let view = {};
  const tiles = [];
  const differ = [];  // [move, as placed, as placed from scratch], the first few
  let grown = 0;  // moves that added tiles to the layout drawn before
  const moved = [];  // [move, "tile" or "end", id]: a place such a move did not keep
  let last = null;
  views.forEach((next, i) => {
    view = keepSame(view, next);
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
    return code.evaluate(PLACES, views)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_layout_keeps_each_placed_tiles_place_as_a_fresh_drawing_would(code: Any,
                                                                           seed: int):
    """Issue 6 (boards), DM-3, DM-4, DM-9, DM-R5: a redraw places again only the tiles
    after those it drew last time (``keepSame`` keeps their objects); every tile and end is
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


CROWDED = """(views) => {
  // each view's cells where two tiles lie, or a tile and an end not covered
  let crowded = 0;
  let tiles = 0;
  for (const view of views) {
    const geo = dmGeometry(view.layout, {});
    const taken = new Map();
    const take = (cell, what) => {
      const key = `${cell[0]},${cell[1]}`;
      if (taken.has(key)) crowded++;
      taken.set(key, what);
    };
    for (const t of view.layout.tiles) for (const c of geo.tiles[t.id].cells) take(c, t.id);
    for (const e of view.layout.ends) if (e.state !== "covered") take(geo.ends[e.id].cell, e.id);
    tiles = Math.max(tiles, view.layout.tiles.length);
  }
  return { crowded, tiles };
}"""


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_no_tile_or_open_end_is_drawn_over_another(code: Any, seed: int):
    """DM-3, DM-4, DM-5: however long the lines grow and branch, every tile and every end
    not covered has cells of its own, move after move of a three-game match; where a tile's
    way is taken it goes to the nearest free cells, joined to its end by a line."""
    got = code.evaluate(CROWDED, _dm_views(seed))
    assert got["tiles"] > 20, "the games laid out too few tiles to tell"
    assert got["crowded"] == 0


LABELS = """([legal, before, after]) => {
  // (the page's words come from the kernel: a stand-in for the English ones)
  const words = { dm_open: "open", dm_closed: "closed", dm_lead: "lead", dm_on: "on {value}",
                  dm_on_n: "on {value} (#{n})" };
  const t = (key, args) => words[key].replace(/\\{(\\w+)\\}/g, (m, k) => String(args[k]));
  const on = (layout) => ({ view: { layout }, legal, t });
  const again = { view: { layout: after }, legal: legal.map((a) => ({ ...a })), t };
  return [0, 1].map((i) => [dmLabel(on(before), i), dmLabel(on(after), i), dmLabel(again, i)]);
}"""


def test_a_placements_label_is_the_layouts_it_was_offered_on(code: Any):
    """Issue 6 (boards), DM-3: a placement button names its end by the end's value, and by
    the end's number among the live ends (1..k by id, as the board marks them) only where
    another live end has that value, as the layout was when the move was offered. While
    the seat waits, its moves stay (hidden) and the others' tiles cover ends under them:
    the label stays as it was, so that the slot is not drawn again; new moves are
    labelled against the layout they come with."""
    legal = [{"action": {"type": "place", "tile": [5, 6], "end": 3, "face": None}},
             {"action": {"type": "place", "tile": [6, 6], "end": 4, "face": "open"}}]
    live = [{"id": 3, "value": 5, "state": "live"}, {"id": 4, "value": 6, "state": "live"},
            {"id": 6, "value": 5, "state": "live"}]
    before = {"ends": [{"id": 1, "value": 2, "state": "covered"}, *live]}
    after = {"ends": [{**live[0], "state": "covered"}, *live[1:],  # end 3 covered
                      {"id": 7, "value": 2, "state": "live"}]}
    assert code.evaluate(LABELS, [legal, before, after]) == [
        ["on 5 (#1)", "on 5 (#1)", "on 5"],
        ["on 6 open ⊕", "on 6 open ⊕", "on 6 open ⊕"],
    ]


NUMBERS = """(layouts) => layouts.map((layout) => [...dmEndNumbers(layout)].map(
  ([id, [n, shared]]) => [id, n, shared]))"""


@pytest.mark.parametrize("seed", [1, 3])
def test_the_page_numbers_the_live_ends_as_the_kernel_does(code: Any, seed: int):
    """DM-3, DM-R1: the board's numbers beside the live ends (``dmEndNumbers``) are the
    kernel's (``widgets.domino_metro.end_numbers``), which its placements' tooltips name:
    1..k by end id, over every view of a match of three games; an end whose value
    another live end shares is told apart by its number."""
    from kit.domino_metro.layout import Layout
    from widgets.domino_metro import end_numbers

    views = _dm_views(seed)
    layouts = [Layout.from_moves(v["max_pip"] + 1, v["layout"]["tiles"]) for v in views]
    want = [[[i, n, sum(x.value == lay.ends[i].value for x in lay.live_ends()) > 1]
             for i, n in end_numbers(lay).items()] for lay in layouts]
    got = code.evaluate(NUMBERS, [v["layout"] for v in views])
    assert got == want
    assert any(n > 3 for numbers in got for _, n, _ in numbers), "too few live ends to tell"
    assert any(shared for numbers in got for _, _, shared in numbers), "no value shared"


# The Domino-Metro board itself (its module `js`, as anywidget loads it) on stand-in
# models: `stand(traits)` draws a board, `update(board, traits)` sets traits as
# ipywidgets does with the kernel's update (a copy, as received), and waits for the redraw.
STAND_IN = """
  const url = URL.createObjectURL(new Blob([js], { type: "text/javascript" }));
  const board = (await import(url)).default;
  const stand = (traits) => {
    const on = new Map();
    const emit = (name, ...args) => { for (const f of on.get(name) || []) f(...args); };
    const sent = [];
    const model = {
      get: (k) => traits[k],
      on: (name, f) => on.set(name, [...(on.get(name) || []), f]),
      off() {}, send: (msg) => sent.push(msg),
    };
    const el = document.createElement("div");
    document.body.appendChild(el);
    board.render({ model, el });
    return { model, el, emit, sent, traits };
  };
  const update = async (b, more) => {
    Object.assign(b.traits, JSON.parse(JSON.stringify(more)));
    b.emit("change");
    await new Promise((r) => setTimeout(r, 0));
  };
"""


# A spectator's view, move after move; for each update, the layout's elements that
# `kind` names ("end" or "tile"), each as [the id it shows, the id it showed before (null:
# an element new to this update), whether it is marked pending].
DRAWN = """async ([js, state, views, kind]) => {""" + STAND_IN + """
  const live = stand({ ...state });
  const { el } = live;
  const nodes = new WeakMap();  // an element: the id it showed
  const out = [];
  for (const [seq, view] of views.entries()) {
    await update(live, { view, moves: seq + 1 });
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
AS_FRESH = """async ([js, state, views]) => {""" + STAND_IN + SHOWN + """
  const live = stand({ ...state });
  const differ = [];
  let pending = 0;
  for (const [seq, now] of views.entries()) {
    await update(live, { view: now, moves: seq + 1 });
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
            "events": [], "open_hands": []}


@pytest.mark.parametrize("seed", [2, 3])
def test_each_update_shows_the_layout_as_a_fresh_board_draws_it(code: Any, seed: int):
    """Issue 6 (boards), DM-3, DM-4, DM-5, DM-9, DM-R5: the board draws after each move
    only the tiles and ends that changed; what it shows then is what a board drawn afresh
    from the same view shows (the SVG's bounds and label, every tile and every end with
    its marks), move after move of a match of three games: tiles placed and pending
    (DM-9), ends covered or gone dead, take-backs and each new game's lead."""
    from widgets.once_per_page import assets

    views = _dm_views(seed)
    got = code.evaluate(AS_FRESH, [assets("domino_metro")[0], _dm_board_state(views[0]),
                                   views[1:]])
    assert got["pending"] > 10, "too few placements waited for the change to tell"
    assert got["differ"] == []


def test_a_covered_end_takes_its_element_and_the_others_keep_theirs(code: Any):
    """Issue 6 (boards), DM-3, DM-5: as tiles cover ends, each end still open is drawn in
    the element that showed it before (none shows another end's id, as an element drawn
    again by position would), over a whole match of random bots."""
    from widgets.once_per_page import assets

    views = _dm_views(2)
    state = _dm_board_state(views[0])
    drawn = code.evaluate(DRAWN, [assets("domino_metro")[0], state, views[1:], "end"])
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
    from widgets.once_per_page import assets

    views = _dm_views(3)
    drawn = code.evaluate(DRAWN, [assets("domino_metro")[0], _dm_board_state(views[0]),
                                  views[1:], "tile"])
    kept = []
    for before, after in itertools.pairwise(drawn):
        pending = {tile for tile, _, mark in before if mark}
        for tile, was, mark in after:
            if tile in pending and not mark:
                kept.append(was == tile)
    assert len(kept) > 10, "too few placements were kept to tell"
    assert all(kept)


# For each update of seat 0's board (its view and its moves): the layout box's height, the
# short side of its tiles as drawn (px), whether the box scrolls, and the move buttons'
# font sizes (px).
SIZES = """async ([js, state, turns]) => {""" + STAND_IN + """
  const live = stand({ ...state });
  const out = [];
  for (const [seq, [view, legal]] of turns.entries()) {
    await update(live, { view, legal, moves: seq + 1 });
    const box = live.el.querySelector(".dm-layoutbox");
    const tiles = [...box.querySelectorAll("g.dm-tile rect")].map((r) => {
      const b = r.getBoundingClientRect();
      return Math.min(b.width, b.height);
    });
    out.push({ height: box.getBoundingClientRect().height, tiles,
               scrolls: box.scrollWidth > box.clientWidth + 1
                 || box.scrollHeight > box.clientHeight + 1,
               fonts: [...live.el.querySelectorAll("button.kit-act")].map((b) =>
                 parseFloat(getComputedStyle(b).fontSize)) });
  }
  live.el.remove();
  return out;
}"""


@pytest.mark.parametrize("size", [(1920, 1080), (390, 844)], ids=["1080p", "phone"])
def test_the_layout_box_keeps_its_height_and_its_tiles_a_readable_size(board_code: Any,
                                                                       size: tuple[int, int]):
    """DM-3 (the table people read): the layout's box was as tall as its drawing, 660 px for
    the lead alone at 1920 x 1080 and 280 px later, 80 to 515 px on a phone, so the hand
    under it jumped; a long line shrank its tiles to 16 x 8 px on a phone, and the move
    buttons' words were 10.8 px. The box keeps one height all match; a tile is never
    drawn larger than 1.2 px per unit (a lead is not blown up) nor smaller than 0.6 (the
    box scrolls instead); every move button's words are 14 px or more."""
    from widgets.once_per_page import assets

    js, css = assets("domino_metro")
    page = board_code("domino_metro.js", "dmEndNumbers")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.add_style_tag(content=css)
    turns = [t[:2] for t in _dm_seat_turns(3)][::3][:250]
    state = {**_dm_board_state(turns[0][0]), "seat": 0}
    got = page.evaluate(SIZES, [js, state, turns])
    heights = {round(g["height"]) for g in got}
    assert len(heights) == 1, heights
    assert 180 <= heights.pop() <= 0.45 * size[1]
    sides = [side for g in got for side in g["tiles"]]
    assert len(sides) > 500, "too few tiles drawn to tell"
    short = 44 - 4  # (a tile's short side in SVG units: one cell less its margin)
    assert min(sides) >= short * 0.6 - 0.5 and max(sides) <= short * 1.2 + 0.5, (
        min(sides), max(sides))
    assert got[1]["tiles"] and min(got[1]["tiles"]) >= short  # (a few tiles: nearly full size)
    fonts = [f for g in got for f in g["fonts"]]
    assert fonts and min(fonts) >= 14, sorted(set(fonts))
    if size[0] < 600:
        assert any(g["scrolls"] for g in got), "a long line never outgrew a phone's box"


# The board at a game's end: the result's rows shown, whether the shared table of places
# and scores (minus the penalty points) shows, and each other seat's tiles as shown.
ENDED = """async ([js, state]) => {""" + STAND_IN + """
  const b = stand(state);
  await new Promise((r) => setTimeout(r, 0));
  const shows = (el) => !!el && el.getClientRects().length > 0;
  const out = {
    rows: [...b.el.querySelectorAll(".kit-over .dm-ending-table tbody tr")].map((tr) =>
      [...tr.children].map((td) => td.textContent)),
    head: [...b.el.querySelectorAll(".kit-over .dm-ending-table th")].map((th) => th.textContent),
    shared: shows(b.el.querySelector(".kit-result-table")),
    revealed: [...b.el.querySelectorAll(".kit-seat")].map((s) =>
      [...s.querySelectorAll(".dm-domino")].map((d) => d.title)),
  };
  b.el.remove();
  return out;
}"""


def test_a_game_over_says_why_each_seat_placed_there_and_shows_every_hand(board_code: Any):
    """DM-10, DM-11, DM-R6, DM-R7: a game over showed «Очки 0 / 0 / -1» and every other hand
    face down; the board shows, at the top, each seat's place, why, the tiles left and their
    pips and its penalty points (the shared table of minus points is not shown), and
    every seat's tiles (pips are counted openly, rulebook 7.2)."""
    from widget_page import board

    import kit
    from widgets.once_per_page import assets

    state = kit.load_scenario("domino_metro_face_up_double_closes").state()
    assert state.over
    b = board("domino_metro", state=state, seats=["human", "bot:rule", "bot:rule"], seat=0,
              lang="ru")
    js, css = assets("domino_metro")
    page = board_code("domino_metro.js", "dmEndNumbers")
    page.add_style_tag(content=css)
    traits = {**_dm_board_state(b.view), "seat": 0, "names": list(b.names),
              "result": b.result, "ending": b.ending}
    got = page.evaluate(ENDED, [js, traits])
    assert got["head"] == ["Место", "Игрок", "Почему", "Фишки на руке", "Штрафные очки"]
    assert [(r[0], r[1], r[4]) for r in got["rows"]] == [
        ("1", "Игрок 1", "0"), ("2", "Игрок 3 (бот: по правилам)", "0"),
        ("3", "Игрок 2 (бот: по правилам)", "1")]
    assert [r[3].split()[-2:] for r in got["rows"]] == [["5", "очков"], ["13", "очков"],
                                                        ["10", "очков"]]
    assert "(DM-R6)" in got["rows"][2][2] and "DM-R7)" in got["rows"][0][2]
    assert not got["shared"]
    left = state.result()["records"][0]["hands_left"]
    assert sorted(got["revealed"]) == sorted([":".join(map(str, t)) for t in h] for h in left)


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
