// «Вечірка мопсів» board (widgets/pug_party.js), appended to base.js. PP-1..PP-12.

const PP_SPECIAL = { megapug: ["Megapug", "✸", "burns the pile (PP-7)"], breakdancer: ["Breakdancer", "⇅", "flips up/down (PP-8)"], poop: ["Poop", "↺", "reset: anything goes (PP-9)"] };

function ppCard(card, extra) {
  const sp = PP_SPECIAL[card];
  if (sp) {
    return h("div", { class: `pp-card pp-special pp-${card} ${extra || ""}`, title: `${sp[0]}: ${sp[2]}` },
      h("span", { class: "pp-sym" }, sp[1]), h("span", { class: "pp-sname" }, sp[0]));
  }
  return h("div", { class: `pp-card pp-v${card} ${extra || ""}`, title: `value ${card}` },
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
  out.push(h("div", { class: "kit-row pp-status" },
    h("span", { class: `pp-dir pp-dir-${view.direction}` }, arrow),
    h("span", {}, view.to_beat === null || view.to_beat === undefined ? "Anything goes" : h("span", {}, "To beat: ", h("b", {}, view.to_beat))),
    view.run && view.run.length > 1 ? h("span", {}, `${view.run.length} × ${view.run.value} on top (four burn, PP-5)`) : null,
    h("span", {}, `Deck ${view.deck}`),
    h("span", { class: "kit-label" }, `Burned ${view.burned.length}`),
    view.phase === "swap" ? h("span", { class: "pp-phase" }, "Before play: swap hand and face-up cards (PP-R1)") : null));

  const pile = view.pile || [];
  const from = Math.max(0, pile.length - 6);
  out.push(h("div", { class: "pp-pilebox" },
    h("span", { class: "kit-label" }, `Pile (${pile.length})`),
    h("div", { class: "pp-pile" },
      pile.length ? pile.slice(from).map((c, k) => ppCard(c, `pp-in-pile${from + k === pile.length - 1 ? " pp-top" : ""}`))
        : h("div", { class: "pp-card pp-empty" }, "empty"),
      ctx.find((a) => a.type === "pick_up").map((i) => ctx.btn(i, "Pick up the pile", "pp-pickup")))));

  const order = seatOrder(me, n);
  for (const p of order) {
    const mine = p === me;
    const isOut = view.out.includes(p);
    const hand = mine ? view.hand : ctx.openHands[p];
    // teacher mode: the buttons go under the hand of the seat to act, whose moves they are
    const acting = mine || (ctx.mode === "teacher" && p === view.to_act);
    const rows = [];
    if (hand) {
      const counts = ppCounts(hand);
      rows.push(h("div", { class: "kit-row pp-hand" }, h("span", { class: "kit-label" }, "Hand"),
        [...counts.entries()].map(([c, k]) => {
          const plays = acting ? ctx.find((a) => a.type === "play" && a.card === c) : [];
          return h("div", { class: "pp-slot" }, ppCard(c, ""), k > 1 ? h("span", { class: "pp-times" }, `×${k}`) : null,
            h("div", { class: "pp-acts kit-acts" }, plays.map((i) => ctx.btn(i, ctx.legal[i].action.count > 1 ? `Play ${ctx.legal[i].action.count}` : "Play", "pp-play"))));
        })));
    } else {
      rows.push(h("div", { class: "kit-row pp-hand" }, h("span", { class: "kit-label" }, "Hand"),
        h("span", { class: "pp-count" }, `${view.hand_counts[p]} cards`)));
    }
    if (view.known[p] && view.known[p].length && !mine) {
      rows.push(h("div", { class: "kit-row pp-known" }, h("span", { class: "kit-label" }, "known in hand"), view.known[p].map((c) => ppCard(c, "pp-small"))));
    }
    rows.push(h("div", { class: "kit-row pp-tablecards" }, h("span", { class: "kit-label" }, "Table"),
      view.face_up[p].map((c) => {
        const fu = acting ? ctx.find((a) => a.type === "play_face_up" && a.card === c) : [];
        return h("div", { class: "pp-slot" }, ppCard(c, "pp-faceup"), h("div", { class: "pp-acts kit-acts" }, fu.map((i) => ctx.btn(i, "Play", "pp-play-up"))));
      }),
      view.face_down[p].map((pos) => {
        const bl = acting ? ctx.find((a) => a.type === "play_blind" && a.position === pos) : [];
        return h("div", { class: "pp-slot" }, ppBack("pp-facedown", `#${pos + 1}`), h("div", { class: "pp-acts kit-acts" }, bl.map((i) => ctx.btn(i, "Blind", "pp-play-blind"))));
      })));
    if (acting) {
      const swaps = ctx.find((a) => a.type === "swap");
      const ready = ctx.find((a) => a.type === "ready");
      if (swaps.length || ready.length) {
        rows.push(h("div", { class: "pp-swaps kit-acts" }, h("span", { class: "kit-label" }, `Swaps left ${view.swaps_left[p]}:`),
          swaps.map((i) => ctx.btn(i, `hand ${ctx.legal[i].action.hand_card} ⇄ table ${ctx.legal[i].action.face_up_card}`, "pp-swap")),
          ready.map((i) => ctx.btn(i, "Ready", "pp-ready"))));
      }
    }
    const place = view.out.indexOf(p);
    out.push(h("div", { class: `kit-seat${view.to_act === p ? " kit-to-act" : ""}${mine ? " pp-mine" : ""}${isOut ? " pp-out" : ""}`, dataset: { seat: p } },
      h("div", { class: "kit-seat-name" }, ctx.who(p),
        isOut ? h("span", { class: "kit-tag" }, `out: place ${place + 1}`) : null,
        view.to_act === p ? h("span", { class: "kit-tag" }, "to move") : null),
      rows));
  }
  return out;
}

drawPugParty.resultLine = (r, ctx) => (r.pug_holder !== null && r.pug_holder !== undefined ? `${ctx.who(r.pug_holder)} holds the pugs (PP-R6). ` : "");

export default kitWidget(drawPugParty);
