// «Вечірка мопсів» board (widgets/pug_party.js), appended to base.js. PP-1..PP-12.

const PP_SPECIAL = { megapug: ["Megapug", "✸", "burns the pile (PP-7)"], breakdancer: ["Breakdancer", "⇅", "flips up/down (PP-8)"], poop: ["Poop", "↺", "reset: anything goes (PP-9)"] };

/** a card face; `key`: its Preact key in a list that scrolls (the pile) */
function ppCard(card, extra, key) {
  const sp = PP_SPECIAL[card];
  if (sp) {
    return h("div", { key, class: `pp-card pp-special pp-${card} ${extra || ""}`, title: `${sp[0]}: ${sp[2]}` },
      h("span", { class: "pp-sym" }, sp[1]), h("span", { class: "pp-sname" }, sp[0]));
  }
  return h("div", { key, class: `pp-card pp-v${card} ${extra || ""}`, title: `value ${card}` },
    h("span", { class: "pp-corner" }, card), h("span", { class: "pp-val" }, card));
}

function ppBack(extra, label) {
  return h("div", { class: `pp-card pp-back ${extra || ""}` }, label ? h("span", { class: "pp-sym" }, label) : null);
}

function ppCounts(cards) {
  const m = new Map();
  for (const c of cards) m.set(c, (m.get(c) || 0) + 1);
  return m;
}

function drawPugParty(ctx) {
  const { view } = ctx;
  if (!view.face_up) return h("div", {}, "…");
  const n = view.players;
  const me = ctx.seat;
  const out = [];
  const arrow = view.direction === "down" ? "▼ down (equal or lower)" : "▲ up (equal or higher)";
  out.push(ctx.memo("status", [view.direction, view.to_beat, view.run, view.deck, view.burned.length, view.phase], () => h("div", { key: "status", class: "kit-row pp-status" },
    h("span", { class: `pp-dir pp-dir-${view.direction}` }, arrow),
    h("span", {}, view.to_beat === null || view.to_beat === undefined ? "Anything goes" : h("span", {}, "To beat: ", h("b", {}, view.to_beat))),
    view.run && view.run.length > 1 ? h("span", {}, `${view.run.length} × ${view.run.value} on top (four burn, PP-5)`) : null,
    h("span", {}, `Deck ${view.deck}`),
    h("span", { class: "kit-label" }, `Burned ${view.burned.length}`),
    view.phase === "swap" ? h("span", { class: "pp-phase" }, "Before play: swap hand and face-up cards (PP-R1)") : null)));

  const pile = view.pile || [];
  const from = Math.max(0, pile.length - 6);
  out.push(h("div", { key: "pile", class: "pp-pilebox" },
    h("span", { class: "kit-label" }, `Pile (${pile.length})`),
    h("div", { class: "pp-pile" },
      pile.length ? pile.slice(from).map((c, k) => {
        const i = from + k;
        const top = i === pile.length - 1;
        return ctx.memo(`pile ${i}`, [c, top], () => ppCard(c, `pp-in-pile${top ? " pp-top" : ""}`, i));
      })
        : h("div", { class: "pp-card pp-empty" }, "empty"),
      ctx.find((a) => a.type === "pick_up").map((i) => ctx.btn(i, "Pick up the pile", "pp-pickup")))));

  for (const p of seatOrder(me, n)) out.push(ppSeat(ctx, p));
  return out;
}

/** seat p: name, hand (own or open) or its count, known cards, table cards, swaps; the
 * last paint's while none of that changed, and each part (and each card slot) the last
 * paint's while its own parts did not (a move changes one or two of them) */
function ppSeat(ctx, p) {
  const { view } = ctx;
  const { mine, hand, acting, legal, toAct } = ctx.seatOf(p);
  const place = view.out.indexOf(p);
  return ctx.memo(`seat ${p}`, [hand, view.hand_counts[p], view.known[p], view.face_up[p], view.face_down[p], view.swaps_left[p],
    legal, toAct, mine, place, ctx.names], () => {
    // a card's slot, keyed by the card (`key`: and its count among equal ones)
    const slot = (kind, c, key, k, type, label, cls) => ctx.memo(`${kind} ${p} ${key}`, [k, legal], () => {
      const acts = acting ? ctx.find((a) => a.type === type && a.card === c) : [];
      return h("div", { class: "pp-slot", key }, ctx.memo(`card ${kind} ${p} ${c}`, [], () => ppCard(c, kind === "face-up" ? "pp-faceup" : "")),
        k > 1 ? h("span", { class: "pp-times" }, `×${k}`) : null,
        h("div", { class: "kit-card-acts kit-acts" }, acts.map((i) => ctx.btn(i, label(ctx.legal[i].action), cls))));
    });
    const handRow = ctx.memo(`hand ${p}`, [hand, view.hand_counts[p], legal], () => h("div", { class: "kit-row pp-hand" },
      h("span", { class: "kit-label" }, "Hand"),
      hand ? [...ppCounts(hand).entries()].map(([c, k]) => slot("hand", c, c, k, "play", (a) => (a.count > 1 ? `Play ${a.count}` : "Play"), "pp-play"))
        : h("span", { class: "pp-count" }, `${view.hand_counts[p]} cards`)));
    const known = view.known[p] && view.known[p].length && !mine
      ? ctx.memo(`known ${p}`, [view.known[p]], () => h("div", { class: "kit-row pp-known" }, h("span", { class: "kit-label" }, "known in hand"), view.known[p].map((c) => ppCard(c, "pp-small"))))
      : null;
    const table = ctx.memo(`table ${p}`, [view.face_up[p], view.face_down[p], legal], () => h("div", { class: "kit-row pp-tablecards" },
      h("span", { class: "kit-label" }, "Table"),
      contentKeys(view.face_up[p], (c) => c).map((key, j) => slot("face-up", view.face_up[p][j], key, 1, "play_face_up", () => "Play", "pp-play-up")),
      view.face_down[p].map((pos) => {
        const bl = acting ? ctx.find((a) => a.type === "play_blind" && a.position === pos) : [];
        return h("div", { class: "pp-slot", key: `down ${pos}` }, ppBack("pp-facedown", `#${pos + 1}`), h("div", { class: "kit-card-acts kit-acts" }, bl.map((i) => ctx.btn(i, "Blind", "pp-play-blind"))));
      })));
    let swapRow = null;
    if (acting) {
      const swaps = ctx.find((a) => a.type === "swap");
      const ready = ctx.find((a) => a.type === "ready");
      if (swaps.length || ready.length) {
        swapRow = h("div", { class: "pp-swaps kit-acts" }, h("span", { class: "kit-label" }, `Swaps left ${view.swaps_left[p]}:`),
          swaps.map((i) => ctx.btn(i, `hand ${ctx.legal[i].action.hand_card} ⇄ table ${ctx.legal[i].action.face_up_card}`, "pp-swap")),
          ready.map((i) => ctx.btn(i, "Ready", "pp-ready")));
      }
    }
    const isOut = place >= 0;
    return h("div", { key: `seat ${p}`, class: `kit-seat${toAct ? " kit-to-act" : ""}${mine ? " kit-mine" : ""}${isOut ? " pp-out" : ""}`, "data-seat": p },
      ctx.memo(`name ${p}`, [ctx.names, place], () => ctx.seatName(p,
        isOut ? h("span", { class: "kit-tag" }, `out: place ${place + 1}`) : null)),
      handRow, known, table, swapRow);
  });
}

drawPugParty.resultLine = (r, ctx) => (r.pug_holder !== null && r.pug_holder !== undefined ? `${ctx.who(r.pug_holder)} holds the pugs (PP-R6). ` : "");

export default kitWidget(drawPugParty);
