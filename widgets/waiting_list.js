// «Лист ожидания» board (widgets/waiting_list.js), appended to base.js. WL-1..WL-11, WL-R3.

const WL_ICON = { organ: "♥", surgeon: "✚", clinic: "⌂", fact: "ℹ", positive: "+", negative: "−", character: "☺" };

/** a card's name (or fact text: `key` "text_") in the page's language (the deck file
 * carries every language: its loader requires them) */
function wlText(c, T, key = "") {
  return c[`${key}${T.lang}`] || "";
}

/** a card; a fact card shows its text and source under a tap (`open`: the text open at
 * once, as on a card laid on a combination) */
function wlCard(ctx, cat, id, extra, attrs, open) {
  const T = ctx.t;
  const c = cat[id] || { type: "unknown", en: id };
  const text = c.type === "fact" ? wlText(c, T, "text_") : "";
  const source = c.source ? T("wl_source", { source: `${c.source}${c.year ? `, ${wlYear(c.year, T)}` : ""}` }) : null;
  return h("div", { class: `wl-card wl-t-${c.type} ${extra || ""}`, title: [wlText(c, T), text, source].filter(Boolean).join("\n"), "data-dead": T("wl_dead"), ...(attrs || {}) },
    h("span", { class: "wl-type" }, `${WL_ICON[c.type] || "?"}\u00a0${T(`wl_${c.type}`)}`),
    h("span", { class: "wl-name" }, wlText(c, T)),
    // (the toggle, "ℹ" to the eye, names its fact to a screen reader: "Fact: …", the card's name)
    text ? h("details", { class: "wl-fact", open: !!open }, h("summary", { "aria-label": wlText(c, T) }, "ℹ"),
      h("p", { class: "wl-fact-text" }, text), source ? h("p", { class: "wl-fact-source", "data-verbatim": "" }, source) : null) : null);
}

/** a fact's year as the deck writes it ("2014", "about 2020", "undated") in the page's language */
function wlYear(year, T) {
  if (year.trim() === "undated") return T("wl_undated");
  return year.startsWith("about ") ? T("wl_about", { year: year.slice(6).trim() }) : year;
}

/** a combination's part: a card's name, or a card type's ("positive": any positive
 * circumstance, WL-R4), in lower case as in a list */
function wlNeed(cat, id, T) {
  if (cat[id]) return wlText(cat[id], T);
  return `wl_${id}` in (T.table || {}) ? T(`wl_${id}`).toLocaleLowerCase(T.lang) : id;
}

/** a seat's character (WL-R1, from round 3) as a tag: the card's own line ("Нина ждёт
 * сердце") after its printed title ("Персонаж, ожидающий пересадку: …", which the tag's
 * icon stands for), the whole name on hover */
function wlCharacterTag(name) {
  const at = name.indexOf(": ");
  return h("span", { class: "kit-tag wl-character", title: name },
    `${WL_ICON.character}\u00a0${at < 0 ? name : name.slice(at + 2)}`);
}

function wlBacks(n, T) {
  const out = [];
  for (let i = 0; i < Math.min(n, 12); i++) out.push(h("div", { class: "wl-back" }));
  return h("span", { class: "wl-backs", title: T.n("wl_in_hand", n) }, out, h("span", { class: "wl-count" }, `${n}`));
}

function drawWaitingList(ctx) {
  const { view } = ctx;
  const cat = view.catalogue || {};
  const task = view.task || {};
  const out = [];

  const T = ctx.t;
  out.push(ctx.memo("status", [view.round, view.rounds, task, view.deck, view.reshuffles, view.dealer, ctx.names, T], () => h("div", { key: "status", class: "kit-row wl-status" },
    h("span", { class: "wl-round" }, T("wl_round", { n: view.round, of: view.rounds })),
    h("span", { class: "wl-task", title: "WL-2" }, h("b", {}, `${T("wl_goal")} `), wlText(task, T) || (task.combination || []).join(" + ")),
    h("span", {}, T("wl_deck", { n: view.deck })),
    view.reshuffles ? h("span", { title: "WL-11" }, T("wl_reshuffled", { n: view.reshuffles })) : null,
    h("span", { class: "kit-label" }, T("wl_dealer", { who: ctx.who(view.dealer) })))));

  // The summary of the round that ended last (WL-R4), until the page closes it or moves.
  const summary = ctx.model.get("round_summary");
  if (summary) out.push(wlSummary(ctx, summary, cat));

  // The discard pile: covered cards are dead forever (WL-7), greyed.
  const pile = view.pile || [];
  const shownFrom = Math.max(0, pile.length - 8);
  const pileRow = h("div", { class: "kit-row wl-pile" },
    shownFrom ? h("span", { class: "kit-label wl-below" }, T.n("wl_below", shownFrom)) : null,
    pile.slice(shownFrom).map((p, k) => {
      const i = shownFrom + k;
      const top = i === pile.length - 1;
      return ctx.memo(`pile ${i}`, [p, top, cat], () => wlCard(ctx, cat, p.card, `${p.dead ? "wl-dead" : ""}${top ? " wl-top" : ""}`,
        { key: i, "data-pile": i }));
    }));
  const pileBox = h("div", { key: "pile", class: "wl-pilebox" }, h("span", { class: "kit-label", title: "WL-7" }, T("wl_pile")),
    pile.length ? pileRow : h("div", { class: "kit-row wl-pile wl-pile-empty" }, T("wl_pile_empty")));
  out.push(pileBox);

  // What is being decided now (WL-5, WL-6, WL-R3), in one box that stays in its place
  // all game: the seat's own choice with its buttons, or what the seat to act decides.
  const topCard = pile.length ? wlText(cat[pile[pile.length - 1].card] || {}, T) : "";
  if (!ctx.result) out.push(wlPrompt(ctx, topCard));
  if ((ctx.mode === "playtest" || ctx.mode === "hotseat") && ctx.seat !== null && ctx.seat !== undefined) {
    const on = (ctx.model.get("auto_pass") || [])[ctx.seat];
    out.push(ctx.memo("auto-pass", [on, T], () => h("label", { key: "auto-pass", class: "wl-autopass", title: "WL-R3" },
      h("input", { type: "checkbox", checked: on, onchange: (e) => ctx.send({ kind: "auto_pass", on: e.target.checked }) }),
      ` ${T("wl_auto_pass")}`)));
  }

  // Seats: hand sizes, characters, revealed combinations and laid cards.
  for (const p of ctx.order) out.push(wlSeat(ctx, p, cat));

  const sc = view.scores || {};
  if (sc.rounds && sc.rounds.length) {
    out.push(ctx.memo("scores", [sc, ctx.names, T], () => h("table", { key: "scores", class: "wl-scores" },
      h("thead", {}, h("tr", {}, h("th", {}, T("wl_round_col")), ctx.names.map((nm) => h("th", {}, nm)))),
      h("tbody", {}, sc.rounds.map((r, i) => h("tr", {}, h("td", {}, i + 1), r.map((x) => h("td", {}, x)))),
        h("tr", { class: "wl-total" }, h("td", {}, T("wl_total")), (sc.totals || []).map((x) => h("td", {}, x)))))));
  }
  return out;
}

/** the box that says what is being decided (WL-5, WL-6, WL-R3, WL-9): the seat's own
 * choice with its buttons (teacher mode: the seat to act's, by its name), else what the
 * seat to act decides. It keeps the tallest height it had at this width, so that the page
 * under it does not move as its text changes (a phone's claim window is four lines). */
function wlPrompt(ctx, topCard) {
  const { view } = ctx;
  const T = ctx.t;
  const actor = view.to_act;
  const named = ctx.mode === "teacher";
  const args = { seat: ctx.who(actor), card: topCard, who: wlWho(ctx, view.discarder) };
  const say = (key) => (named ? T(`wl_t_${key}`, args) : T(`wl_${key}`, args));
  const find = (type) => ctx.find((a) => a.type === type);
  const [take, draw, claim, pass] = ["take", "draw", "claim", "pass"].map(find);
  const first = args.who === null ? "_first" : "";
  let text = null;
  let buttons = [];
  let mine = !ctx.waiting && ctx.legal.length > 0;
  if (mine && view.phase === "offer" && (take.length || draw.length)) {
    text = say(first ? "offer" : "offer_after");
    buttons = [take.map((i) => ctx.btn(i, T("wl_take", { card: topCard }), "wl-take")),
      draw.map((i) => ctx.btn(i, T("wl_draw"), "wl-draw"))];
  } else if (mine && view.phase === "claims" && (claim.length || pass.length)) {
    text = say((claim.length ? "claim_window" : "cannot_claim") + first);
    buttons = [claim.map((i) => ctx.btn(i, T("wl_claim", { card: topCard }), "wl-claim-btn")),
      pass.map((i) => ctx.btn(i, T("wl_pass"), "wl-pass"))];
  } else if (mine && view.phase === "play") {
    text = say(ctx.find((a) => a.type === "reveal" || a.type === "lay").length ? "play_more" : "play");
  } else {
    mine = false;
    if (actor !== null && actor !== undefined) text = T(`wl_wait_${view.phase}`, args);
  }
  const phase = view.phase === "claims" ? "WL-6" : view.phase === "offer" ? "WL-5" : "WL-9";
  ctx.after(() => wlKeepHeight(ctx.ref("prompt").current));
  return h("div", { key: "prompt", ref: ctx.ref("prompt"), title: phase, "aria-live": "polite",
    class: `wl-window${mine ? "" : " wl-idle"}${view.phase === "claims" ? " wl-claim" : ""}` },
  h("div", {}, text), buttons);
}

/** a discarder's name, or null: the card was turned up to start the pile (WL-3) */
function wlWho(ctx, seat) {
  return seat === null || seat === undefined ? null : ctx.who(seat);
}

/** `el` keeps the tallest height it has had at its width (a new width starts afresh): a
 * box whose text grows and shrinks leaves the page under it where it was */
function wlKeepHeight(el) {
  if (!el || el.kitKept || typeof ResizeObserver === "undefined") return;
  const kept = (el.kitKept = { width: 0, height: 0 });
  new ResizeObserver(() => {
    const width = el.offsetWidth;
    if (Math.abs(width - kept.width) > 1) {
      kept.width = width;
      el.style.minHeight = "";
      kept.height = 0;
    }
    const height = el.offsetHeight;
    if (height > kept.height) {
      kept.height = height;
      el.style.minHeight = `${height}px`;
    }
  }).observe(el);
}

/** the summary of the round that ended last (WL-R4): how it ended, and per seat the cards
 * left in hand, each with its penalty points, the points for a combination never revealed,
 * the round's points and the total; "Close" hides it (a move of the page's does too) */
function wlSummary(ctx, s, cat) {
  const T = ctx.t;
  return ctx.memo("summary", [s, ctx.names, cat, T], () => h("div", { key: "summary", class: "wl-summary", role: "status", title: "WL-R4" },
    h("div", { class: "wl-summary-head" }, h("b", {}, s.text),
      h("button", { class: "wl-summary-close", onclick: () => ctx.send({ kind: "close_summary" }) }, T("wl_close"))),
    h("table", { class: "wl-summary-table" },
      h("thead", {}, h("tr", {}, h("th", {}, T("seat")), h("th", {}, T("wl_left")),
        h("th", {}, T("wl_round_points")), h("th", {}, T("wl_total")))),
      h("tbody", {}, s.seats.map((r) => h("tr", { key: r.seat, "data-seat": r.seat, class: r.seat === s.winner ? "wl-round-winner" : null },
        h("td", {}, ctx.who(r.seat)),
        h("td", {}, h("div", { class: "kit-row wl-left" },
          r.cards.length ? r.cards.map((c, i) => h("div", { key: i, class: "wl-cost" }, wlCard(ctx, cat, c.card, "wl-small"),
            h("span", { class: "wl-points" }, `+${c.points}`))) : h("span", { class: "kit-label" }, T("wl_no_cards")),
          r.unrevealed ? h("span", { class: "wl-points wl-unrevealed" }, T("wl_unrevealed", { n: r.unrevealed })) : null)),
        h("td", { class: "wl-num" }, r.points),
        h("td", { class: "wl-num" }, s.totals[r.seat])))))));
}

/** seat p: its name and tags, its hand (own or open) or card backs, what is known of it,
 * its revealed combination; the last paint's while none of that changed, and each part
 * (and each card slot) the last paint's while its own parts did not */
function wlSeat(ctx, p, cat) {
  const { view } = ctx;
  const st = view.seats[p];
  const { mine, hand: handCards, acting, legal, toAct } = ctx.seatOf(p);
  const total = view.scores && view.scores.totals ? view.scores.totals[p] : 0;
  const T = ctx.t;
  return ctx.memo(`seat ${p}`, [st, handCards, legal, toAct, mine, total, cat, ctx.names], () => {
    const name = ctx.memo(`name ${p}`, [ctx.names, st.character, st.character_organ, st.needs, total, cat], () => ctx.seatName(p,
      st.character ? wlCharacterTag(wlText(cat[st.character] || { en: st.character }, T)) : null,
      h("span", { class: "kit-tag" }, T("wl_needs", { cards: st.needs.map((c) => wlNeed(cat, c, T)).join(" + ") })),
      h("span", { class: "kit-tag", title: "WL-R4" }, T("wl_penalty", { n: total }))));
    const hand = ctx.memo(`hand ${p}`, [handCards, handCards ? legal : st.hand_count, cat], () => {
      if (!handCards) return wlBacks(st.hand_count, T);
      // a card keeps its element as the cards before it leave the hand
      const keys = contentKeys(handCards, (c) => c);
      const reveal = acting ? ctx.find((a) => a.type === "reveal") : [];
      return h(preact.Fragment, {}, h("div", { class: "kit-row wl-hand" }, handCards.map((c, i) => ctx.memo(`slot ${p} ${keys[i]}`, [legal, cat], () => {
        let acts = null;
        const lay = acting ? ctx.find((a) => a.type === "lay" && a.card === c) : [];
        const disc = acting ? ctx.find((a) => a.type === "discard" && a.card === c) : [];
        if (lay.length || disc.length) {
          acts = h("div", { class: "kit-card-acts kit-acts" },
            lay.length ? ctx.btn(lay[0], T("wl_lay"), "wl-lay") : null,
            disc.length ? ctx.btn(disc[0], T("wl_discard"), "wl-discard") : null);
        } else if (ctx.mode === "teacher") {
          // (a projector: every open hand keeps room for the buttons the seat to act gets,
          // so that the seats under it stay where they are as the turn passes)
          acts = h("div", { class: "kit-card-acts wl-acts-space", "aria-hidden": "true" },
            h("button", { disabled: true, tabindex: -1 }, T("wl_discard")));
        } else if (acting) {
          acts = h("div", { class: "kit-card-acts kit-acts" });
        }
        return h("div", { class: "wl-slot", key: keys[i] }, ctx.memo(`card ${p} ${c}`, [cat], () => wlCard(ctx, cat, c)), acts);
      }))),
      reveal.length ? h("div", { class: "wl-reveal kit-acts", title: "WL-9" }, reveal.map((i) => ctx.btn(i,
        T("wl_reveal", { cards: ctx.legal[i].action.cards.map((c) => wlText(cat[c] || { en: c }, T)).join(" + ") }), "wl-reveal-btn"))) : null);
    });
    const known = st.known && st.known.length
      ? ctx.memo(`known ${p}`, [st.known, cat, mine], () => h("div", { class: "kit-row wl-known" },
        // (your own seat: what the others know you hold, worded for you)
        h("span", { class: "kit-label" }, T(mine && ctx.mode !== "teacher" ? "wl_known_mine" : "wl_known")),
        st.known.map((c) => wlCard(ctx, cat, c, "wl-small"))))
      : null;
    const combo = st.revealed
      ? ctx.memo(`combo ${p}`, [st.combination, st.laid, cat], () => h("div", { class: "kit-row wl-combo" }, h("span", { class: "kit-label" }, T("wl_revealed")),
        st.combination.map((c) => wlCard(ctx, cat, c, "wl-small")),
        st.laid.map((c) => wlCard(ctx, cat, c, "wl-small wl-laid", null, true))))
      : null;
    return h("div", { key: `seat ${p}`, class: `kit-seat${toAct ? " kit-to-act" : ""}${mine ? " kit-mine" : ""}`, "data-seat": p },
      name, hand, known, combo);
  });
}

drawWaitingList.resultLine = (r, ctx) => `${ctx.t("wl_result")} `;

export default kitBoard(drawWaitingList);
