// «Домино-Метро» board (widgets/domino_metro.js), appended to base.js. DM-1..DM-11.
// The layout is drawn on a grid: every tile takes two cells along its heading; a tile
// whose way is blocked turns left or right (geometry only, never rules).

const DM_U = 44; // one grid cell in SVG units
// the layout's scale, px per SVG unit: at most DM_MAX (a lead alone is not blown up to
// the box), at least DM_MIN (a long line scrolls in its box rather than shrink unreadably)
const [DM_MAX, DM_MIN] = [1.2, 0.6];
// a line turns (snakes) past [x, y] cells from the lead: fewer across on a phone, more
// across and fewer down in a wide window, whose layout box is wide and low (the CSS);
// the window's kept by one resize listener per page (reading it slows every redraw)
const DM_BOXES = [[600, [4.5, 6]], [1400, [7.5, 6]], [Infinity, [11.5, 4]]];
const dmWindow = (globalThis.__kitDmBox ??= (() => {
  const box = () => DM_BOXES.find(([w]) => window.innerWidth < w)[1];
  const w = { box: box() };
  window.addEventListener("resize", () => { w.box = box(); }, { passive: true });
  return w;
})());
const DM_BOX = () => dmWindow.box;
const DM_DIR = { 0: [1, 0], 90: [0, -1], 180: [-1, 0], 270: [0, 1] };
const dmKey = (c) => `${c[0]},${c[1]}`;
const dmAdd = (c, d) => [c[0] + DM_DIR[d][0], c[1] + DM_DIR[d][1]];
const dmTurn = (d, by) => (((d + by) % 360) + 360) % 360;

/** each model's last layout drawn: its tiles and their geometry (see `dmGeometry`) */
const dmPlaced = new WeakMap();

/** the values of the layout's open ends, one per end (DM-4: a face-up double on a 5 leaves
 * 5 and 5 open; DM-R1) */
function dmOpenEnds(layout) {
  return (layout.ends || []).filter((e) => e.state === "live").map((e) => e.value);
}

const dmNumbered = new WeakMap();
/** DM-3, DM-R1: each live end's number as people see it, 1..k by id, as the kernel
 * numbers them (widgets/domino_metro.py `end_numbers`), and whether another live end has
 * its value: end id -> [number, shared] */
function dmEndNumbers(layout) {
  if (!dmNumbered.has(layout)) {
    const live = (layout.ends || []).filter((e) => e.state === "live");
    dmNumbered.set(layout, new Map(live.map((e, i) => [e.id, [i + 1, live.some((x) => x !== e && x.value === e.value)]])));
  }
  return dmNumbered.get(layout);
}

/** whether cell c holds no tile and no end (`used`), or only `own` (an end's own cell) */
const dmFree = (used, c, own) => {
  const at = used.get(dmKey(c));
  return at === undefined || (own !== undefined && at === own);
};

/** the cells around `from`, nearest first (rings of growing grid distance) */
function* dmAround(from) {
  for (let r = 1; ; r++) {
    for (let dx = -r; dx <= r; dx++) {
      const dy = r - Math.abs(dx);
      yield [from[0] + dx, from[1] + dy];
      if (dy) yield [from[0] + dx, from[1] - dy];
    }
  }
}

/**
 * Where end e goes, from its tile's geometry t: its cell, heading and side. The end
 * keeps its cell from then on (`used`), so no later tile covers it but the one placed
 * on it. Where a tile drawn earlier lies in the way, the end turns; where every way is
 * taken, it goes to the nearest free cell with a line (`from`) to its tile.
 */
function dmEndPlace(t, e, used) {
  const lead = t.id === 0 && (e.side === "west" || e.side === "east");
  const from = e.side === "west" || e.side === "branch" ? t.cells[0] : t.cells[1];
  const dir = lead ? (e.side === "west" ? 180 : 0) : e.side === "branch" ? dmTurn(t.dir, 90) : t.dir;
  for (const d of [dir, dmTurn(dir, 90), dmTurn(dir, -90)]) {
    const cell = dmAdd(from, d);
    if (dmFree(used, cell)) return { cell, dir: d, side: e.side };
  }
  for (const cell of dmAround(from)) if (dmFree(used, cell)) return { cell, dir, side: e.side, from };
}

/**
 * The geometry of a layout: each tile's cells and heading (`tiles`, by id), each end's
 * cell, heading and side (`ends`, by id), the cells taken (`used`) and the bounds of the
 * tiles and ends (a covered end's cell is its cover's).
 * A tile's place depends only on the tiles before it: the tiles that lead as they did in
 * the last layout drawn for `model` (the same tile objects: what did not change keeps its
 * object, `keepSame`) keep their places and their ends' (objects on which the drawing
 * tells what to draw again); the others are placed (after a move that adds tiles, only
 * the new ones; after a take-back, a new game's lead or a narrower window, more).
 */
function dmGeometry(layout, model) {
  const bounds = DM_BOX();
  const last = dmPlaced.get(model);
  const fits = !!last && last.bounds === bounds;
  let lead = 0; // how many tiles lead as they did in the last layout drawn
  if (fits) {
    const n = Math.min(last.tiles.length, layout.tiles.length);
    while (lead < n && last.tiles[lead] === layout.tiles[lead]) lead++;
  }
  const g = { tiles: {}, ends: {}, used: new Map(), placed: [], minX: Infinity, maxX: -Infinity, minY: Infinity, maxY: -Infinity };
  const grow = ([x, y]) => {
    Object.assign(g, { minX: Math.min(g.minX, x), maxX: Math.max(g.maxX, x), minY: Math.min(g.minY, y), maxY: Math.max(g.maxY, y) });
  };
  const endsOf = {};
  for (const e of layout.ends) (endsOf[e.tile] ??= []).push(e);
  const inside = dmInside(bounds);
  for (let i = 0; i < layout.tiles.length; i++) {
    const t = layout.tiles[i];
    const keep = i < lead;
    const geo = keep ? last.geo.placed[i] : dmPlace(t, g.tiles, g.ends, g.used, inside);
    g.placed.push(geo);
    for (const c of geo.cells) {
      g.used.set(dmKey(c), t.id);
      grow(c);
    }
    g.tiles[t.id] = geo;
    for (const e of endsOf[t.id] || []) {
      const place = (keep && last.geo.ends[e.id]) || dmEndPlace(geo, e, g.used);
      g.ends[e.id] = place;
      g.used.set(dmKey(place.cell), `end ${e.id}`);
      grow(place.cell);
    }
  }
  dmPlaced.set(model, { bounds, tiles: layout.tiles, geo: g });
  return g;
}

/** whether a cell is inside the box past which a line turns */
const dmInside = ([x, y]) => (c) => Math.abs(c[0] - 0.5) <= x && Math.abs(c[1]) <= y;

/** tile t with its cells and heading, after the tiles placed so far (`used`) */
function dmPlace(t, tiles, ends, used, inside) {
  let cells;
  let dir;
  let reverse;
  let tSnake;
  let from;
  if (t.parent === null || t.parent === undefined) {
    cells = [[0, 0], [1, 0]];
    dir = 0;
  } else {
    const e = ends[t.end];
    const start = e ? e.cell : [0, 2];
    let base = e ? e.dir : 0;
    const parent = tiles[t.parent];
    const straight = e && e.side !== "branch" && parent;
    // a snake: past the edge the line turns, always the same way, and comes back parallel
    let snake = straight ? parent.snake : undefined;
    if (straight && parent.reverse !== undefined) base = parent.reverse;
    if (snake === undefined || (snake - base) % 180 === 0) snake = dmTurn(base, -90);
    const wants = inside(dmAdd(start, base)) ? [base, snake, dmTurn(snake, 180)] : [snake, base, dmTurn(snake, 180)];
    const own = `end ${t.end}`;
    dir = dmFree(used, start, own) ? wants.find((d) => dmFree(used, dmAdd(start, d))) : undefined;
    if (dir === undefined) {
      // every way is taken: the nearest two free cells, with a line from the end
      [from, cells] = dmNearestPair(start, used, own, [...wants, dmTurn(base, 180)]);
      dir = dmDirOf(cells);
    } else {
      if (dir !== base && !inside(dmAdd(start, base))) reverse = dmTurn(base, 180);
      cells = [start, dmAdd(start, dir)];
    }
    tSnake = snake;
  }
  return { ...t, cells, dir, reverse, snake: tSnake, from };
}

/** the free cells nearest `start` for a tile, in the directions `dirs`, and where its line
 * starts: [from (undefined at start itself), cells] */
function dmNearestPair(start, used, own, dirs) {
  const at = (c) => {
    const d = dirs.find((x) => dmFree(used, dmAdd(c, x)));
    return d === undefined ? null : [c, dmAdd(c, d)];
  };
  if (dmFree(used, start, own)) {
    const here = at(start);
    if (here) return [undefined, here];
  }
  for (const c of dmAround(start)) {
    const there = dmFree(used, c) && at(c);
    if (there) return [start, there];
  }
}

/** the heading from a tile's first cell to its second */
const dmDirOf = ([a, b]) => +Object.keys(DM_DIR).find((d) => DM_DIR[d][0] === b[0] - a[0] && DM_DIR[d][1] === b[1] - a[1]);

const DM_SVG = "http://www.w3.org/2000/svg";

/** an SVG element with attributes (null: none) and children (elements or text) */
function dmSvg(tag, attrs, ...children) {
  const el = document.createElementNS(DM_SVG, tag);
  for (const k in attrs) if (attrs[k] !== null && attrs[k] !== undefined) el.setAttribute(k, attrs[k]);
  el.append(...children);
  return el;
}

function dmTileSvg(T, t, pending) {
  const [a, b] = t.cells;
  const x = Math.min(a[0], b[0]) * DM_U;
  const y = Math.min(a[1], b[1]) * DM_U;
  const w = (Math.abs(a[0] - b[0]) + 1) * DM_U;
  const hgt = (Math.abs(a[1] - b[1]) + 1) * DM_U;
  const first = t.parent === null || t.parent === undefined ? t.tile[0] : t.inner;
  const second = t.parent === null || t.parent === undefined ? t.tile[1] : t.outer;
  const cls = `dm-tile${t.face === "closed" ? " dm-closed" : ""}${t.face === "open" ? " dm-open" : ""}${pending ? " dm-pending" : ""}`;
  const mid = (c) => [c[0] * DM_U + DM_U / 2, c[1] * DM_U + DM_U / 2];
  const [ax, ay] = mid(a);
  const [bx, by] = mid(b);
  const horiz = a[1] === b[1];
  const lx = horiz ? (ax + bx) / 2 : x + 4;
  const ly = horiz ? y + 4 : (ay + by) / 2;
  return dmSvg("g", { class: cls, "data-tile": t.id },
    dmSvg("title", {}, `${t.tile.join(":")}${t.face ? ` (${T(`dm_${t.face}_double`)}, DM-4)` : ""}, ${T("dm_placed_by", { n: t.by + 1 })}`),
    t.from ? dmLink(t.from, a) : "",
    dmSvg("rect", { x: x + 2, y: y + 2, width: w - 4, height: hgt - 4, rx: 7 }),
    dmSvg("line", horiz ? { x1: lx, y1: ly, x2: lx, y2: y + hgt - 4 } : { x1: lx, y1: ly, x2: x + w - 4, y2: ly }),
    dmSvg("text", { x: ax, y: ay + 8, "text-anchor": "middle" }, first),
    dmSvg("text", { x: bx, y: by + 8, "text-anchor": "middle" }, second));
}

/** the line from cell a to cell b: a tile or an end drawn away from its end or tile */
function dmLink(a, b) {
  const c = (x) => x * DM_U + DM_U / 2;
  return dmSvg("line", { class: "dm-link", x1: c(a[0]), y1: c(a[1]), x2: c(b[0]), y2: c(b[1]) });
}

function dmEndSvg(T, e, place, hl, n) {
  const { cell, dir } = place;
  const cx = cell[0] * DM_U + DM_U / 2;
  const cy = cell[1] * DM_U + DM_U / 2;
  const link = place.from ? dmLink(place.from, cell) : "";
  if (e.state === "live") {
    // (its number, 1..k among the live ends, on the side away from its tile: a west end's
    // tile lies east of it, where the number would cover the tile's corner)
    const west = dir === 180;
    return dmSvg("g", { class: `dm-end dm-live${hl ? " dm-hl" : ""}`, "data-end": e.id }, link,
      dmSvg("title", {}, `${T("dm_end_live", { n, value: e.value })} (DM-R1)`),
      dmSvg("circle", { cx, cy, r: DM_U * 0.4 }),
      dmSvg("text", { x: cx, y: cy + 6, "text-anchor": "middle" }, e.value),
      dmSvg("text", { x: cx + (west ? -1 : 1) * DM_U * 0.42, y: cy - DM_U * 0.3, class: "dm-endid",
        "text-anchor": west ? "end" : "start" }, n));
  }
  return dmSvg("g", { class: `dm-end dm-dead${hl ? " dm-hl" : ""}`, "data-end": e.id }, link,
    dmSvg("title", {}, `${T("dm_end_dead", { value: e.value })} (DM-5)`),
    dmSvg("circle", { cx, cy, r: DM_U * 0.3 }),
    dmSvg("text", { x: cx, y: cy + 5, "text-anchor": "middle" }, "✕"));
}

/**
 * The layout in `box` (an element Preact draws empty): an SVG of the tiles, then the open
 * ends over them; here rather than by Preact, whose diff of every tile cost most of a
 * redraw (issue 6). Each tile and end keeps its element while its data (`keepSame`) and
 * place (`dmGeometry`) stay the same; a mark alone that changes (the pending tile, DM-9;
 * an end pointed at) toggles its class. An end covered takes its element away.
 */
function dmDrawLayout(box, model, view, hl) {
  const T = pageWords(keptData(model, "words_key"));
  if (!box) return;
  const layout = view.layout || { tiles: [], ends: [] };
  const pendingId = view.pending ? view.pending.tile : null;
  const bounds = DM_BOX();
  let d = box.kitLayout;
  if (d && d.layout === layout && d.hl === hl && d.pendingId === pendingId && d.bounds === bounds) return;
  if (!layout.tiles.length) {
    box.replaceChildren(Object.assign(document.createElement("div"), { className: "dm-empty", textContent: T("dm_no_tile"), title: "DM-2" }));
    box.kitLayout = { layout, hl, pendingId, bounds, svg: null };
    return;
  }
  if (!d || !d.svg) {
    const tilesG = dmSvg("g", { class: "dm-tiles" });
    const endsG = dmSvg("g", { class: "dm-ends" });
    const svg = dmSvg("svg", { class: "dm-layout", role: "img" }, tilesG, endsG);
    box.replaceChildren(svg);
    // `tileAt`, `endAt`: by id, [element, data, place, mark] as drawn, and the round
    // (the redraw) that last looked at it
    d = box.kitLayout = { svg, tilesG, endsG, tileAt: [], endAt: [], attrs: {}, round: 0 };
  }
  const geo = dmGeometry(layout, model);
  const [minX, minY] = [geo.minX - 0.3, geo.minY - 0.3];
  const [w, hgt] = [geo.maxX - minX + 1.6, geo.maxY - minY + 1.6];
  const attrs = {
    viewBox: `${minX * DM_U} ${minY * DM_U} ${w * DM_U} ${hgt * DM_U}`,
    "aria-label": T("dm_layout_label", { n: layout.tiles.length, values: dmOpenEnds(layout).join(", ") }),
    // (drawn at DM_MAX, shrunk to the box but not below DM_MIN: CSS's min beats its max)
    style: `width:${w * DM_U * DM_MAX}px;height:${hgt * DM_U * DM_MAX}px;min-width:${w * DM_U * DM_MIN}px;min-height:${hgt * DM_U * DM_MIN}px`,
  };
  for (const k in attrs) {
    if (d.attrs[k] !== attrs[k]) d.svg.setAttribute(k, (d.attrs[k] = attrs[k]));
  }
  const round = ++d.round; // (an element not drawn this round goes)
  const numbers = dmEndNumbers(layout);
  // (`marks`: the class that shows the mark; a mark alone changed only toggles it; `also`:
  // what else it shows, an end's number, which an end covered before it changes)
  const put = (at, group, id, data, place, mark, make, marks, also) => {
    const was = at[id];
    if (was) {
      was[4] = round;
      if (was[1] === data && was[2] === place && was[5] === also) {
        if (was[3] !== mark) was[0].classList.toggle(marks, (was[3] = mark));
        return;
      }
    }
    const el = make();
    if (was) was[0].replaceWith(el);
    else group.append(el);
    at[id] = [el, data, place, mark, round, also];
  };
  const tile = (lt) => {
    const t = geo.tiles[lt.id];
    const mark = lt.id === pendingId;
    put(d.tileAt, d.tilesG, lt.id, lt, t, mark, () => dmTileSvg(T, t, mark), "dm-pending");
  };
  const end = (e) => {
    const place = e.state !== "covered" && geo.ends[e.id];
    if (!place) {
      const was = d.endAt[e.id];
      if (was) { was[0].remove(); delete d.endAt[e.id]; }
      return;
    }
    const mark = e.id === hl;
    const n = (numbers.get(e.id) || [])[0];
    put(d.endAt, d.endsG, e.id, e, place, mark, () => dmEndSvg(T, e, place, mark, n), "dm-hl", n);
  };
  for (const lt of layout.tiles) tile(lt);
  for (const e of layout.ends) end(e);
  for (const at of [d.tileAt, d.endAt]) {
    at.forEach((was, id) => { if (was[4] !== round) { was[0].remove(); delete at[id]; } });
  }
  Object.assign(d, { layout, hl, pendingId, bounds });
  dmShow(box, d, (hl !== null && d.endAt[hl]?.[0]) || d.tileAt[layout.tiles.at(-1).id]?.[0]);
}

/** a layout larger than its box (a phone's): the end a button points at, else the tile
 * placed last, scrolled to the middle of the box, once each */
function dmShow(box, d, el) {
  if (!el || d.shown === el) return;
  d.shown = el;
  if (box.scrollWidth <= box.clientWidth && box.scrollHeight <= box.clientHeight) return;
  const [r, b] = [el.getBoundingClientRect(), box.getBoundingClientRect()];
  box.scrollBy((r.left + r.right - b.left - b.right) / 2, (r.top + r.bottom - b.top - b.bottom) / 2);
}

function dmDomino(tile, extra) {
  return h("span", { class: `dm-domino ${tile[0] === tile[1] ? "dm-double " : ""}${extra || ""}`, title: tile.join(":") },
    h("span", {}, tile[0]), h("span", {}, tile[1]));
}

/** a placement's label: its end by value, and by number (`dmEndNumbers`) only where
 * another live end has that value (DM-3), as the kernel's tooltip says it (`_place_text`) */
function dmPlacementLabel(a, view, T) {
  if (a.end === null || a.end === undefined) return T("dm_lead");
  const end = (view.layout.ends || []).find((e) => e.id === a.end);
  const [n, shared] = dmEndNumbers(view.layout).get(a.end) || [];
  const face = a.face === "open" ? ` ${T("dm_open")} ⊕` : a.face === "closed" ? ` ${T("dm_closed")} ⊖` : "";
  return `${!end ? "→" : shared ? T("dm_on_n", { value: end.value, n }) : T("dm_on", { value: end.value })}${face}`;
}

const dmLabels = new WeakMap();
/**
 * The label of legal move i, a placement: worked out once per list of moves, against the
 * layout they were offered on. While the seat waits for the others its moves stay, hidden,
 * and the layout changes under them (an end they name goes): their slots are not drawn
 * again for that, only when the seat has new moves.
 */
function dmLabel(ctx, i) {
  let labels = dmLabels.get(ctx.legal);
  if (!labels) dmLabels.set(ctx.legal, (labels = []));
  return (labels[i] ??= dmPlacementLabel(ctx.legal[i].action, ctx.view, ctx.t));
}

const dmPlaces = new WeakMap();
/** the legal placements by tile ("a:b" -> indexes of legal moves), once per list of moves */
function dmPlacesOf(ctx) {
  let byTile = dmPlaces.get(ctx.legal);
  if (!byTile) {
    dmPlaces.set(ctx.legal, (byTile = new Map()));
    ctx.legal.forEach(({ action: a }, i) => {
      if (a.type !== "place") return;
      const key = a.tile.join(":");
      if (!byTile.has(key)) byTile.set(key, []);
      byTile.get(key).push(i);
    });
  }
  return byTile;
}

function drawDominoMetro(ctx) {
  const { view } = ctx;
  const out = [];
  const T = ctx.t;
  out.push(ctx.memo("status", [view.games, view.game_no, view.bazaar, view.layout.ends, view.metro, ctx.names, T], () => h("div", { key: "status", class: "kit-row dm-status" },
    view.games > 1 ? h("span", { class: "dm-gameno" }, T("dm_game_of", { n: view.game_no, of: view.games })) : null,
    h("span", { title: "DM-6" }, T("dm_bazaar", { n: view.bazaar })),
    h("span", { title: "DM-R1" }, T("dm_live_values", { values: dmOpenEnds(view.layout).join(", ") || "—" })),
    view.metro !== null && view.metro !== undefined ? h("span", { class: "dm-metro", title: "DM-8" }, T("dm_made_metro", { who: ctx.who(view.metro) })) : null,
    // (the legend never changes: the same vnode, which Preact skips, as the rest does)
    ctx.memo("legend", [T], () => h("span", { class: "dm-legend", title: "DM-4, DM-5" }, h("span", { class: "dm-key dm-key-live" }, "●"), ` ${T("dm_live_end")} `, h("span", { class: "dm-key dm-key-dead" }, "✕"), ` ${T("dm_dead_end")} · `, h("span", { class: "dm-key dm-key-open" }, "▭"), ` ${T("dm_open_double")} · `, h("span", { class: "dm-key dm-key-closed" }, "■"), ` ${T("dm_closed_double")}`)))));

  // DM-7..DM-11: the game just over, explained (at the match's end: in the result, above)
  const ending = ctx.model.get("ending") || {};
  if (ending.rows && !ctx.result) out.push(dmEnding(ctx, ending));
  // a placement button pointed at or focused marks the end it goes on
  const hl = ctx.hovered && ctx.hovered.end !== undefined ? ctx.hovered.end : null;
  // (Preact draws the box empty, once; `dmDrawLayout` fills it after each paint)
  const box = ctx.ref("layout");
  out.push(ctx.memo("layoutbox", [], () => h("div", { key: "layout", class: "dm-layoutbox", ref: box })));
  ctx.after(() => dmDrawLayout(box.current, ctx.model, view, hl));

  // DM-9: the change, and DM-6: draw or pass, with why nothing else is offered (DM-6,
  // DM-R2): under the hand of the seat whose moves they are (the hand above does not move)
  const why = ctx.model.get("why");
  const turn = ctx.memo("turn", [ctx.legal, why, view.pending, T], () => {
    const acts = [
      ...ctx.find((a) => a.type === "end_turn").map((i) => ctx.btn(i, T("dm_keep"), "dm-keep")),
      ...ctx.find((a) => a.type === "take_back").map((i) => ctx.btn(i, T("dm_take_back"), "dm-takeback", { title: "DM-9" })),
      ...ctx.find((a) => a.type === "draw").map((i) => ctx.btn(i, T("dm_draw"), "dm-draw", { title: "DM-6" })),
      ...ctx.find((a) => a.type === "pass").map((i) => ctx.btn(i, T("dm_pass"), "dm-pass", { title: "DM-6" })),
      ...ctx.find((a) => a.type === "next_game").map((i) => ctx.btn(i, T("dm_next_game"), "dm-next", { title: "DM-R5" })),
    ];
    return why || acts.length ? h("div", { class: "dm-turn" }, why ? h("p", { class: "dm-why", role: "status" }, why) : null,
      acts.length ? h("div", { class: "dm-turnacts kit-acts" }, view.pending ? h("span", { class: "kit-label" }, `${view.pending.metro ? T("dm_pending_metro") : T("dm_pending")} `) : null, acts) : null) : null;
  });
  const actor = ctx.order.find((p) => ctx.seatOf(p).acting); // (there is one: a move is)
  for (const p of ctx.order) out.push(dmSeat(ctx, p, ending, p === actor ? turn : null));
  if (view.games > 1 && view.table && !ctx.result) out.push(dmMatchTable(ctx));
  return out;
}

/** DM-R5: the match table, the match's place first */
function dmMatchTable(ctx) {
  return ctx.memo("table", [ctx.view.table, ctx.names, ctx.t], () => h("table", { key: "table", class: "dm-table", title: "DM-10" },
    h("thead", {}, h("tr", {}, ["place", "seat", "dm_places", "dm_metros", "dm_moles", "dm_penalty"].map((x) => h("th", {}, ctx.t(x))))),
    h("tbody", {}, ctx.view.table.map((r) => h("tr", {}, h("td", {}, r.place), h("td", {}, ctx.who(r.seat)), h("td", {}, r.places.join(" ")), h("td", {}, r.metros), h("td", {}, r.moles), h("td", {}, r.penalty))))));
}

/** DM-7..DM-11, DM-R6, DM-R7: the game just over as the kernel explains it (the board's
 * `ending`): each seat's place, why, the tiles it was left with and their pips, and its
 * penalty points */
function dmEnding(ctx, e) {
  return ctx.memo("ending", [e, ctx.names], () => h("div", { key: "ending", class: "dm-ending" },
    h("b", {}, e.title),
    h("table", { class: "dm-ending-table" },
      h("thead", {}, h("tr", {}, e.head.map((x) => h("th", {}, x)))),
      h("tbody", {}, e.rows.map((r) => h("tr", { "data-seat": r.seat },
        h("td", {}, r.place), h("td", {}, ctx.who(r.seat)), h("td", { class: "dm-why-placed" }, r.why),
        h("td", { class: "dm-left" }, r.hand.map((t) => dmDomino(t, "dm-small")), " ", h("span", { class: "dm-pips" }, r.pips)),
        h("td", {}, r.points))))),
    h("p", { class: "dm-note" }, e.note)));
}

/** seat p: name, hand (own or open; a game over: every hand) with its placements, or
 * backs; the tiles it took back (DM-9); `turn`; the last paint's while none of that
 * changed, and each part (and each tile's slot) the last paint's while its own did not */
function dmSeat(ctx, p, ending, turn) {
  const { view } = ctx;
  const st = view.seats[p];
  const { mine, hand, acting, legal, toAct } = ctx.seatOf(p);
  // a game over shows every hand (DM-11: the pips are counted openly)
  const left = ending.rows && ending.rows.find((r) => r.seat === p);
  return ctx.memo(`seat ${p}`, [st, hand, legal, view.barred, toAct, mine, ctx.names, left, turn], () => {
    const name = ctx.memo(`name ${p}`, [ctx.names, st.place], () => ctx.seatName(p,
      st.place ? h("span", { class: "kit-tag" }, ctx.t("dm_place", { n: st.place })) : null));
    let body;
    if (hand) {
      // a tile keeps its element as the tiles before it leave the hand
      const keys = contentKeys(hand, (tile) => tile.join(":"));
      body = ctx.memo(`hand ${p}`, [hand, legal, view.barred], () => h("div", { class: "kit-row dm-hand" }, hand.map((tile, k) => {
        const barred = !!view.barred && view.barred[0] === tile[0] && view.barred[1] === tile[1];
        const places = (acting && dmPlacesOf(ctx).get(tile.join(":"))) || [];
        const labels = places.map((i) => dmLabel(ctx, i));
        // (a playable tile is marked; not while the others move: see the CSS. A slot with
        // no placement, before or after, is the last paint's when the moves change.)
        return ctx.memo(`slot ${p} ${keys[k]}`, [barred, places.length ? legal : null, labels.join("|")], () => h("div", { key: keys[k], class: `dm-slot${places.length ? " dm-playable" : ""}` },
          ctx.memo(`in hand ${p} ${keys[k]}`, [barred], () => dmDomino(tile, barred ? "dm-barred" : "")),
          h("div", { class: "kit-card-acts kit-acts" },
            places.map((i, j) => ctx.btn(i, labels[j], "dm-place", ctx.hover({ end: ctx.legal[i].action.end }))))));
      })));
    } else if (left) {
      body = h("div", { class: "kit-row dm-hand dm-revealed" }, left.hand.map((t) => dmDomino(t)), h("span", { class: "dm-count" }, left.pips));
    } else {
      body = ctx.memo(`backs ${st.tiles}`, [], () => {
        const backs = [];
        for (let i = 0; i < Math.min(st.tiles, 14); i++) backs.push(h("span", { class: "dm-back" }));
        return h("div", { class: "kit-row dm-hand" }, backs, h("span", { class: "dm-count" }, ctx.tn("dm_tiles", st.tiles)));
      });
    }
    const shown = st.shown && st.shown.length && !mine
      ? ctx.memo(`shown ${p}`, [st.shown], () => h("div", { class: "kit-row dm-shown" }, h("span", { class: "kit-label", title: "DM-9" }, ctx.t("dm_shown")), st.shown.map((t) => dmDomino(t, "dm-small"))))
      : null;
    return h("div", { key: `seat ${p}`, class: `kit-seat${toAct ? " kit-to-act" : ""}${mine ? " kit-mine" : ""}`, "data-seat": p },
      name, body, shown, turn);
  });
}

// (the game just over and a match's table, not the shared table of minus penalty points)
drawDominoMetro.resultLine = (r, ctx) => [r.games > 1 ? `${ctx.t("dm_result")} ` : null,
  ctx.model.get("ending")?.rows ? dmEnding(ctx, ctx.model.get("ending")) : null,
  r.games > 1 && ctx.view.table ? dmMatchTable(ctx) : null];
drawDominoMetro.resultTable = () => null;

export default kitBoard(drawDominoMetro);
