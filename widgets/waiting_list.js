// «Лист ожидания» board (widgets/waiting_list.js), appended to base.js. WL-1..WL-11, WL-R3.

const WL_TYPES = { organ: "Organ", surgeon: "Surgeon", clinic: "Clinic", fact: "Fact", positive: "Positive", negative: "Negative", character: "Character" };
const WL_ICON = { organ: "♥", surgeon: "✚", clinic: "⌂", fact: "ℹ", positive: "+", negative: "−", character: "☺" };

function wlCard(cat, id, extra, attrs) {
  const c = cat[id] || { type: "unknown", en: id, ru: "" };
  const tip = [c.en, c.ru, c.text_en, c.source ? `source: ${c.source}` : null].filter(Boolean).join("\n");
  return h("div", { class: `wl-card wl-t-${c.type} ${extra || ""}`, title: tip, ...(attrs || {}) },
    h("span", { class: "wl-type" }, `${WL_ICON[c.type] || "?"}\u00a0${WL_TYPES[c.type] || c.type}`),
    h("span", { class: "wl-name" }, c.en),
    c.ru ? h("span", { class: "wl-ru" }, c.ru) : null);
}

function wlBacks(n) {
  const out = [];
  for (let i = 0; i < Math.min(n, 12); i++) out.push(h("div", { class: "wl-back" }));
  return h("span", { class: "wl-backs", title: `${n} cards in hand` }, out, h("span", { class: "wl-count" }, `${n}`));
}

function drawWaitingList(ctx) {
  const { view } = ctx;
  if (!view.seats) return h("div", {}, "…");
  const cat = view.catalogue || {};
  const n = view.players;
  const me = ctx.seat;
  const task = view.task || {};
  const out = [];

  out.push(ctx.memo("status", [view.round, view.rounds, task, view.deck, view.reshuffles, view.dealer, ctx.names], () => h("div", { key: "status", class: "kit-row wl-status" },
    h("span", { class: "wl-round" }, `Round ${view.round} of ${view.rounds}`),
    h("span", { class: "wl-task", title: task.ru || "" }, h("b", {}, "Goal: "), task.en || (task.combination || []).join(" + ")),
    h("span", {}, `Deck ${view.deck}`),
    view.reshuffles ? h("span", {}, `reshuffled ×${view.reshuffles} (WL-11)`) : null,
    h("span", { class: "kit-label" }, `Dealer: ${ctx.who(view.dealer)}`))));

  // The discard pile: covered cards are dead forever (WL-7), greyed.
  const pile = view.pile || [];
  const shownFrom = Math.max(0, pile.length - 8);
  const pileRow = h("div", { class: "kit-row wl-pile" },
    shownFrom ? h("span", { class: "kit-label" }, `+${shownFrom} below`) : null,
    pile.slice(shownFrom).map((p, k) => {
      const i = shownFrom + k;
      const top = i === pile.length - 1;
      return ctx.memo(`pile ${i}`, [p, top, cat], () => wlCard(cat, p.card, `${p.dead ? "wl-dead" : ""}${top ? " wl-top" : ""}`,
        { key: i, "data-pile": i }));
    }));
  const pileBox = h("div", { key: "pile", class: "wl-pilebox" }, h("span", { class: "kit-label" }, "Discard pile (covered cards are dead, WL-7)"), pileRow);
  out.push(pileBox);

  // The claim window (WL-6, WL-R3), made for people.
  const take = ctx.find((a) => a.type === "take");
  const draw = ctx.find((a) => a.type === "draw");
  const claim = ctx.find((a) => a.type === "claim");
  const pass = ctx.find((a) => a.type === "pass");
  const topCard = pile.length ? (cat[pile[pile.length - 1].card] || {}).en : "";
  if (ctx.waiting) {
    // the seat's turn is over: its offer or claim window closes
  } else if (view.phase === "offer" && (take.length || draw.length)) {
    out.push(h("div", { key: "offer", class: "wl-window" },
      h("div", {}, view.discarder !== null && view.discarder !== undefined
        ? `${ctx.who(view.discarder)} discarded ${topCard}. Your turn: take it, or draw from the deck (WL-5).`
        : `Your turn: take ${topCard}, or draw from the deck (WL-5).`),
      take.map((i) => ctx.btn(i, `Take ${topCard}`, "wl-take")),
      draw.map((i) => ctx.btn(i, "Draw from the deck", "wl-draw"))));
  } else if (view.phase === "claims" && (claim.length || pass.length)) {
    out.push(h("div", { key: "claim", class: "wl-window wl-claim" },
      h("div", {}, `Claim window (WL-6): ${ctx.who(view.discarder)} discarded ${topCard}. Take it out of turn? (your hand grows, you discard nothing)`),
      claim.map((i) => ctx.btn(i, `Claim ${topCard}`, "wl-claim-btn")),
      pass.map((i) => ctx.btn(i, "Pass", "wl-pass"))));
  }
  if ((ctx.mode === "playtest" || ctx.mode === "hotseat") && me !== null && me !== undefined) {
    const on = (ctx.model.get("auto_pass") || [])[me];
    out.push(ctx.memo("auto-pass", [on], () => h("label", { key: "auto-pass", class: "wl-autopass" },
      h("input", { type: "checkbox", checked: on, onchange: (e) => ctx.send({ kind: "auto_pass", on: e.target.checked }) }),
      " auto-pass claim windows (WL-R3)")));
  }

  // Seats: hand sizes, characters, revealed combinations and laid cards.
  for (const p of seatOrder(me, n)) out.push(wlSeat(ctx, p, cat));

  const sc = view.scores || {};
  if (sc.rounds && sc.rounds.length) {
    out.push(ctx.memo("scores", [sc, ctx.names], () => h("table", { key: "scores", class: "wl-scores" },
      h("thead", {}, h("tr", {}, h("th", {}, "Round"), ctx.names.map((nm) => h("th", {}, nm)))),
      h("tbody", {}, sc.rounds.map((r, i) => h("tr", {}, h("td", {}, i + 1), r.map((x) => h("td", {}, x)))),
        h("tr", { class: "wl-total" }, h("td", {}, "Total"), (sc.totals || []).map((x) => h("td", {}, x)))))));
  }
  return out;
}

/** seat p: its name and tags, its hand (own or open) or card backs, what is known of it,
 * its revealed combination; the last paint's while none of that changed, and each part
 * (and each card slot) the last paint's while its own parts did not */
function wlSeat(ctx, p, cat) {
  const { view } = ctx;
  const st = view.seats[p];
  const { mine, hand: handCards, acting, legal, toAct } = ctx.seatOf(p);
  const total = view.scores && view.scores.totals ? view.scores.totals[p] : 0;
  return ctx.memo(`seat ${p}`, [st, handCards, legal, toAct, mine, total, cat, ctx.names], () => {
    const name = ctx.memo(`name ${p}`, [ctx.names, st.character, st.character_organ, st.needs, total, cat], () => ctx.seatName(p,
      st.character ? h("span", { class: "kit-tag" }, `waits for: ${(cat[st.character] || {}).en || st.character}${st.character_organ ? ` (${st.character_organ})` : ""}`) : null,
      h("span", { class: "kit-tag" }, `needs ${st.needs.join(" + ")}`),
      h("span", { class: "kit-tag" }, `penalty total ${total}`)));
    const hand = ctx.memo(`hand ${p}`, [handCards, handCards ? legal : st.hand_count, cat], () => {
      if (!handCards) return wlBacks(st.hand_count);
      // a card keeps its element as the cards before it leave the hand
      const keys = contentKeys(handCards, (c) => c);
      const reveal = acting ? ctx.find((a) => a.type === "reveal") : [];
      return h(preact.Fragment, {}, h("div", { class: "kit-row wl-hand" }, handCards.map((c, i) => ctx.memo(`slot ${p} ${keys[i]}`, [legal, cat], () => {
        let acts = null;
        if (acting) {
          const lay = ctx.find((a) => a.type === "lay" && a.card === c);
          const disc = ctx.find((a) => a.type === "discard" && a.card === c);
          acts = h("div", { class: "kit-card-acts kit-acts" },
            lay.length ? ctx.btn(lay[0], "Lay", "wl-lay") : null,
            disc.length ? ctx.btn(disc[0], "Discard", "wl-discard") : null);
        }
        return h("div", { class: "wl-slot", key: keys[i] }, ctx.memo(`card ${p} ${c}`, [cat], () => wlCard(cat, c)), acts);
      }))),
      reveal.length ? h("div", { class: "wl-reveal kit-acts" }, reveal.map((i) => ctx.btn(i,
        "Reveal " + ctx.legal[i].action.cards.map((c) => (cat[c] || {}).en || c).join(" + ") + " (WL-9)", "wl-reveal-btn"))) : null);
    });
    const known = st.known && st.known.length
      ? ctx.memo(`known ${p}`, [st.known, cat], () => h("div", { class: "kit-row wl-known" }, h("span", { class: "kit-label" }, "known in hand:"), st.known.map((c) => wlCard(cat, c, "wl-small"))))
      : null;
    const combo = st.revealed
      ? ctx.memo(`combo ${p}`, [st.combination, st.laid, cat], () => h("div", { class: "kit-row wl-combo" }, h("span", { class: "kit-label" }, "revealed:"),
        st.combination.map((c) => wlCard(cat, c, "wl-small")),
        st.laid.map((c) => wlCard(cat, c, "wl-small wl-laid"))))
      : null;
    return h("div", { key: `seat ${p}`, class: `kit-seat${toAct ? " kit-to-act" : ""}${mine ? " kit-mine" : ""}`, "data-seat": p },
      name, hand, known, combo);
  });
}

drawWaitingList.resultLine = () => "Lowest penalty total wins (WL-2). ";

export default kitWidget(drawWaitingList);
