// «Вечірка мопсів» board (widgets/pug_party.js), appended to base.js. PP-1..PP-12.

/** the special cards' symbols and rules (their names are the deck file's: `ctx.t("pp_megapug")`) */
const PP_SPECIAL = { megapug: ["✸", "PP-7"], breakdancer: ["⇅", "PP-8"], poop: ["↺", "PP-9"] };

/** a card face; `key`: its Preact key in a list that scrolls (the pile) */
function ppCard(T, card, extra, key) {
  const sp = PP_SPECIAL[card];
  if (sp) {
    return h("div", { key, class: `pp-card pp-special pp-${card} ${extra || ""}`, title: `${T(`pp_${card}`)}: ${T(`pp_${card}_does`)} (${sp[1]})` },
      h("span", { class: "pp-sym" }, sp[0]), h("span", { class: "pp-sname" }, T(`pp_${card}`)));
  }
  return h("div", { key, class: `pp-card pp-v${card} ${extra || ""}`, title: T("pp_value", { n: card }) },
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
  const out = [];
  const T = ctx.t;
  const arrow = view.direction === "down" ? T("pp_down") : T("pp_up");
  out.push(ctx.memo("status", [view.direction, view.to_beat, view.run, view.deck, view.burned.length, view.phase, T], () => h("div", { key: "status", class: "kit-row pp-status" },
    h("span", { class: `pp-dir pp-dir-${view.direction}`, title: "PP-2, PP-8" }, arrow),
    h("span", {}, view.to_beat === null || view.to_beat === undefined ? T("pp_anything") : h("span", {}, `${T("pp_to_beat")} `, h("b", {}, view.to_beat))),
    view.run && view.run.length > 1 ? h("span", { title: "PP-5" }, T("pp_run", { n: view.run.length, value: view.run.value })) : null,
    h("span", {}, T("pp_deck", { n: view.deck })),
    h("span", { class: "kit-label" }, T("pp_burned", { n: view.burned.length })),
    view.phase === "swap" ? h("span", { class: "pp-phase", title: "PP-R1" }, T("pp_swap_phase")) : null)));

  const pile = view.pile || [];
  const from = Math.max(0, pile.length - 6);
  out.push(h("div", { key: "pile", class: "pp-pilebox" },
    h("span", { class: "kit-label" }, T("pp_pile", { n: pile.length })),
    h("div", { class: "pp-pile" },
      pile.length ? pile.slice(from).map((c, k) => {
        const i = from + k;
        const top = i === pile.length - 1;
        return ctx.memo(`pile ${i}`, [c, top], () => ppCard(T, c, `pp-in-pile${top ? " pp-top" : ""}`, i));
      })
        : h("div", { class: "pp-card pp-empty" }, h("span", { class: "pp-empty-word" }, T("pp_empty"))),
      ctx.find((a) => a.type === "pick_up").map((i) => ctx.btn(i, T("pp_pick_up"), "pp-pickup")))));

  for (const p of ctx.order) out.push(ppSeat(ctx, p));
  return out;
}

/** seat p: name, hand (own or open) or its count, known cards, table cards, swaps; the
 * last paint's while none of that changed, and each part (and each card slot) the last
 * paint's while its own parts did not (a move changes one or two of them) */
function ppSeat(ctx, p) {
  const { view } = ctx;
  const { mine, hand, acting, legal, toAct } = ctx.seatOf(p);
  const place = view.out.indexOf(p);
  const T = ctx.t;
  return ctx.memo(`seat ${p}`, [hand, view.hand_counts[p], view.known[p], view.face_up[p], view.face_down[p], view.swaps_left[p],
    legal, toAct, mine, place, ctx.names], () => {
    // a card's slot, keyed by the card (`key`: and its count among equal ones)
    const slot = (kind, c, key, k, type, label, cls) => ctx.memo(`${kind} ${p} ${key}`, [k, legal], () => {
      const acts = acting ? ctx.find((a) => a.type === type && a.card === c) : [];
      return h("div", { class: "pp-slot", key }, ctx.memo(`card ${kind} ${p} ${c}`, [T], () => ppCard(T, c, kind === "face-up" ? "pp-faceup" : "")),
        k > 1 ? h("span", { class: "pp-times" }, `×${k}`) : null,
        h("div", { class: "kit-card-acts kit-acts" }, acts.map((i) => ctx.btn(i, label(ctx.legal[i].action), cls))));
    });
    const handRow = ctx.memo(`hand ${p}`, [hand, view.hand_counts[p], legal], () => h("div", { class: "kit-row pp-hand" },
      h("span", { class: "kit-label" }, T("pp_hand")),
      hand ? [...ppCounts(hand).entries()].map(([c, k]) => slot("hand", c, c, k, "play", (a) => (a.count > 1 ? T("pp_play_n", { n: a.count }) : T("pp_play")), "pp-play"))
        : h("span", { class: "pp-count" }, T.n("pp_cards", view.hand_counts[p]))));
    const known = view.known[p] && view.known[p].length && !mine
      ? ctx.memo(`known ${p}`, [view.known[p]], () => h("div", { class: "kit-row pp-known" }, h("span", { class: "kit-label" }, T("pp_known")), view.known[p].map((c) => ppCard(T, c, "pp-small"))))
      : null;
    const table = ctx.memo(`table ${p}`, [view.face_up[p], view.face_down[p], legal], () => h("div", { class: "kit-row pp-tablecards" },
      h("span", { class: "kit-label", title: "PP-10" }, T("pp_table")),
      contentKeys(view.face_up[p], (c) => c).map((key, j) => slot("face-up", view.face_up[p][j], key, 1, "play_face_up", () => T("pp_play"), "pp-play-up")),
      view.face_down[p].map((pos) => {
        const bl = acting ? ctx.find((a) => a.type === "play_blind" && a.position === pos) : [];
        return h("div", { class: "pp-slot", key: `down ${pos}` }, ppBack("pp-facedown", `#${pos + 1}`), h("div", { class: "kit-card-acts kit-acts" }, bl.map((i) => ctx.btn(i, T("pp_blind"), "pp-play-blind"))));
      })));
    let swapRow = null;
    if (acting) {
      const swaps = ctx.find((a) => a.type === "swap");
      const ready = ctx.find((a) => a.type === "ready");
      if (swaps.length || ready.length) {
        swapRow = h("div", { class: "pp-swaps kit-acts", title: "PP-R1" }, h("span", { class: "kit-label" }, T("pp_swaps_left", { n: view.swaps_left[p] })),
          swaps.map((i) => ctx.btn(i, T("pp_swap", { hand: ppName(T, ctx.legal[i].action.hand_card), table: ppName(T, ctx.legal[i].action.face_up_card) }), "pp-swap")),
          ready.map((i) => ctx.btn(i, T("pp_ready"), "pp-ready")));
      }
    }
    const isOut = place >= 0;
    return h("div", { key: `seat ${p}`, class: `kit-seat${toAct ? " kit-to-act" : ""}${mine ? " kit-mine" : ""}${isOut ? " pp-out" : ""}`, "data-seat": p },
      ctx.memo(`name ${p}`, [ctx.names, place], () => ctx.seatName(p,
        isOut ? h("span", { class: "kit-tag", title: "PP-12" }, T("pp_out", { n: place + 1 })) : null)),
      handRow, known, table, swapRow);
  });
}

drawPugParty.resultLine = (r, ctx) => (r.pug_holder !== null && r.pug_holder !== undefined ? `${ctx.t("pp_holder", { who: ctx.who(r.pug_holder) })} ` : "");

/** a card as a button names it: a value, or a special card's name */
function ppName(T, card) {
  return PP_SPECIAL[card] ? T(`pp_${card}`) : card;
}

export default kitBoard(drawPugParty);
