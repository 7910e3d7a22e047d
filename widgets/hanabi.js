// Hanabi board (widgets/hanabi.js), appended to base.js. HB-1..HB-12.

const hbSuitMaps = new WeakMap();
/** colour -> suit of the view, with its `name` in the page's language */
function hbSuitMap(view, T) {
  const suits = view.suits || [];
  let m = hbSuitMaps.get(suits);
  if (!m) {
    m = {};
    for (const s of suits) m[s.colour] = { ...s, name: T(`colour_${s.colour}`), letter: T(`letter_${s.colour}`) };
    hbSuitMaps.set(suits, m);
  }
  return m;
}

function hbMark(suits, colour) {
  const s = suits[colour];
  return s ? `${s.letter}${s.symbol}` : colour;
}

/** a face-up card: colour, letter + symbol, value */
function hbFace(suits, card, extra, attrs) {
  if (!card) return h("div", { class: "hb-card hb-empty" }, "");
  const name = `${suits[card.colour]?.name ?? card.colour} ${card.value}`;
  // (a screen reader reads the card's name, not its letter and symbol)
  return h("div", { class: `hb-card hb-c-${card.colour} ${extra || ""}`, title: name, ...(attrs || {}) },
    h("span", { class: "kit-sr" }, name),
    h("span", { class: "hb-mark", "aria-hidden": "true" }, hbMark(suits, card.colour)),
    h("span", { class: "hb-value", "aria-hidden": "true" }, card.value));
}

/**
 * What the holder knows of a card (HB-4): a chip per colour and per value, faded when
 * ruled out, ringed when told. The chips are the same for every card (`hbChips`); what
 * is ruled out or told is the block's class (`hb-xc2`: the third colour ruled out,
 * `hb-tv4`: told "4"), which hanabi.css reads, so that a hint rewrites one attribute of
 * each card rather than its chips one by one.
 */
function hbKnowledge(ctx, suits, k, slot) {
  if (!k) return null;
  const colours = Object.keys(suits);
  const cls = ["hb-know"];
  colours.forEach((c, i) => {
    if (!k.colours.includes(c)) cls.push(`hb-xc${i}`);
    if (k.colours_is.includes(c)) cls.push(`hb-tc${i}`);
  });
  for (let v = 1; v <= 5; v++) {
    if (!k.values.includes(v)) cls.push(`hb-xv${v}`);
    if (k.values_is.includes(v)) cls.push(`hb-tv${v}`);
  }
  const told = [...k.colours_is, ...k.values_is];
  const name = (c) => (suits[c] ? suits[c].name : c);
  const title = ctx.t("hb_may_be", { colours: k.colours.map(name).join(", "), values: k.values.join(", ") })
    + (told.length ? `; ${ctx.t("hb_told", { what: [...k.colours_is.map(name), ...k.values_is].join(", ") })}` : "");
  // (the chips say it by their fading, which a screen reader does not see: it reads the words)
  return h("div", { class: cls.join(" "), title },
    h("span", { class: "kit-sr" }, `${ctx.t("hb_card_n", { n: slot + 1 })} ${title}`), ...hbChips(ctx, suits));
}

/** the chips of a knowledge block: the same vnodes for every card, memoised per suits */
function hbChips(ctx, suits) {
  const suitList = ctx.view.suits;
  return [
    ctx.memo("hb colour chips", [suitList], () => h("div", { class: "hb-know-c", "aria-hidden": "true" },
      Object.keys(suits).map((c) => h("span", { class: `hb-chip hb-c-${c}` }, suits[c].letter)))),
    ctx.memo("hb value chips", [], () => h("div", { class: "hb-know-v", "aria-hidden": "true" },
      [1, 2, 3, 4, 5].map((v) => h("span", { class: "hb-num" }, v)))),
  ];
}

/** an own card the holder cannot see: its back, tinted once hints pin it down */
function hbBack(suits, k, slot) {
  const one = k && k.colours.length === 1 ? k.colours[0] : null;
  const val = k && k.values.length === 1 ? k.values[0] : "?";
  // (what it shows, the knowledge under it says in words)
  return h("div", { class: `hb-card hb-back${one ? ` hb-c-${one}` : ""}`, "data-slot": slot, "aria-hidden": "true" },
    h("span", { class: "hb-mark" }, one ? hbMark(suits, one) : `#${slot + 1}`),
    h("span", { class: "hb-value" }, val));
}

function hbTokens(label, n, max, on, off, cls, rule) {
  const dots = [];
  for (let i = 0; i < max; i++) dots.push(h("span", { class: i < n ? `hb-tok ${cls}` : "hb-tok hb-tok-off" }, i < n ? on : off));
  return h("span", { class: "hb-tokens", title: `${label}: ${n}/${max} (${rule})` },
    h("span", { class: "kit-label" }, `${label} ${n}/${max}`), h("span", { "aria-hidden": "true" }, dots));
}

function drawHanabi(ctx) {
  const { view } = ctx;
  const suits = hbSuitMap(view, ctx.t);
  const top = ctx.memo("top", [view.hints, view.mistakes, view.deck, view.score, view.final_round, view.still_to_play, view.max_hints, view.max_mistakes, view.max_score, ctx.t], () => h("div", { key: "status", class: "kit-row hb-status" },
    ctx.memo("hints", [view.hints, view.max_hints], () => hbTokens(ctx.t("hb_hints"), view.hints, view.max_hints, "●", "○", "hb-tok-hint", "HB-3")),
    ctx.memo("mistakes", [view.mistakes, view.max_mistakes], () => hbTokens(ctx.t("hb_mistakes"), view.mistakes, view.max_mistakes, "✖", "·", "hb-tok-miss", "HB-6")),
    h("span", { class: "hb-deck" }, ctx.t("hb_deck", { n: view.deck })),
    h("span", { class: "hb-score" }, ctx.t("hb_score", { n: view.score, max: view.max_score })),
    // (over: the result says how it ended, not "0 turns left")
    view.final_round && view.still_to_play.length ? h("span", { class: "hb-final", title: "HB-10" }, ctx.tn("hb_final", view.still_to_play.length)) : null));

  const fireworks = ctx.memo("fireworks", [view.fireworks, view.suits], () => h("div", { key: "fireworks", class: "hb-fireworks" },
    h("span", { class: "kit-label" }, ctx.t("hb_fireworks")),
    h("div", { class: "kit-row" }, view.suits.map((s) => {
      const v = view.fireworks[s.colour];
      return v ? hbFace(suits, { colour: s.colour, value: v }, "hb-pile")
        : h("div", { class: `hb-card hb-empty hb-pile hb-c-${s.colour}-line` }, h("span", { class: "hb-mark" }, hbMark(suits, s.colour)), h("span", { class: "hb-value" }, "0"));
    }))));

  // a hint button pointed at or focused marks the cards it touches (HB-5)
  const touched = ctx.hovered && ctx.hovered.hint !== undefined ? ctx.legal[ctx.hovered.hint].action : null;
  const hands = ctx.order.map((p) => hbSeat(ctx, p, suits, touched));

  const discards = ctx.memo("discards", [view.discards, view.suits], () => {
    const byColour = {};
    for (const c of view.discards) (byColour[c.colour] ??= []).push(c);
    // each card is the last paint's, and keeps its element as others come in before it
    const cards = view.suits.flatMap((s) => (byColour[s.colour] || []).sort((a, b) => a.value - b.value));
    const keys = contentKeys(cards, (c) => `${c.colour}${c.value}`);
    return h("div", { key: "discards", class: "hb-discards" }, h("span", { class: "kit-label" }, ctx.t("hb_discards", { n: view.discards.length })),
      h("div", { class: "kit-row" }, cards.map((c, i) => ctx.memo(`discard ${keys[i]}`, [view.suits],
        () => hbFace(suits, c, "hb-small", { key: keys[i] })))));
  });
  return [top, fireworks, ...hands, discards];
}

/** seat p: name, cards with what the holder knows, buttons (own moves, hints to p) */
function hbSeat(ctx, p, suits, touched) {
  const { view } = ctx;
  // (a Hanabi hand is view.hands[p]: the cards others see and what the holder knows)
  const { mine: isMe, acting, legal, toAct } = ctx.seatOf(p);
  const hand = view.hands[p];
  const open = ctx.openHands[p];
  const touches = touched && touched.to === p ? touched.slots : [];
  // the cards, and the play/discard buttons under them if they are the seat's moves.
  // Slots are positional: after a play the cards shift one slot along (HB-2), which
  // rewrites a few attributes of the slots before it (a knowledge block is one class)
  // rather than taking a slot down and building a new one of some twenty elements.
  const faces = hand.knowledge.map((k, i) => hand.cards[i] || (open ? open[i] : null));
  const cardsRow = ctx.memo(`hand ${p}`, [hand, open, touches.join(), view.suits, legal], () =>
    h("div", { class: "kit-row hb-hand" }, hand.knowledge.map((k, i) => {
      const face = faces[i];
      const acts = acting ? ctx.memo(`acts ${p}/${i}`, [ctx.legal], () => {
        const play = ctx.find((a) => a.type === "play" && a.slot === i);
        const disc = ctx.find((a) => a.type === "discard" && a.slot === i);
        return h("div", { class: "kit-card-acts kit-acts" },
          play.length ? ctx.btn(play[0], ctx.t("hb_play"), "hb-play") : null,
          disc.length ? ctx.btn(disc[0], ctx.t("hb_discard"), "hb-discard") : null);
      }) : null;
      return h("div", { class: `hb-slot${touches.includes(i) ? " hb-touch" : ""}` },
        ctx.memo(`card ${p}/${i}`, [face ? face.colour + face.value : jsonKey(k), view.suits], () => (face ? hbFace(suits, face, "", { "data-slot": i }) : hbBack(suits, k, i))),
        ctx.memo(`know ${p}/${i}`, [jsonKey(k), view.suits], () => hbKnowledge(ctx, suits, k, i)),
        acts);
    })));
  const hintRow = ctx.memo(`hints ${p}`, [ctx.legal, view.suits], () => {
    const hints = ctx.find((a) => a.type === "hint" && a.to === p);
    return hints.length ? h("div", { class: "hb-hints kit-acts" }, h("span", { class: "kit-label" }, ctx.t("hb_hint")),
      hints.map((i) => {
        const a = ctx.legal[i].action;
        const over = ctx.hover({ hint: i });
        return a.colour
          ? ctx.btn(i, hbMark(suits, a.colour), `hb-hint hb-c-${a.colour}`, over)
          : ctx.btn(i, String(a.value), "hb-hint hb-hint-v", over);
      })) : null;
  });
  // (the seat's own hand: what hints told while the game lasts, its faces once it is over)
  const tag = isMe && ctx.mode !== "teacher" ? (open ? "hb_your_hand_over" : "hb_your_hand") : null;
  const refused = acting && !ctx.waiting && ctx.legal.length
    ? ctx.memo(`refused ${p}`, [ctx.legal, view.hints, view.max_hints, ctx.t], () => hbRefused(ctx)) : null;
  return h("div", { key: `seat ${p}`, class: `kit-seat${toAct ? " kit-to-act" : ""}${isMe ? " kit-mine" : ""}`, "data-seat": p },
    ctx.memo(`name ${p}`, [ctx.names, tag], () => ctx.seatName(p,
      tag ? h("span", { class: "kit-tag", title: "HB-2" }, ctx.t(tag)) : null)),
    cardsRow, refused, hintRow);
}

/**
 * Why a kind of move is missing from the seat's moves, said where its buttons would be:
 * no discard while every hint token is available (HB-5), no hint without one (HB-4).
 */
function hbRefused(ctx) {
  const { view } = ctx;
  const why = [];
  if (!ctx.find((a) => a.type === "discard").length && view.hints >= view.max_hints) {
    why.push(h("p", { class: "hb-why hb-why-discard" }, ctx.tn("hb_no_discard", view.max_hints), " ",
      h("small", { class: "hb-rule" }, "(HB-5)")));
  }
  if (!ctx.find((a) => a.type === "hint").length && view.hints <= 0) {
    why.push(h("p", { class: "hb-why hb-why-hint" }, ctx.t("hb_no_hint"), " ",
      h("small", { class: "hb-rule" }, "(HB-4)")));
  }
  return why.length ? h("div", { class: "hb-refused" }, why) : null;
}

// Hanabi is cooperative: the team shares one score (HB-11), no places
drawHanabi.resultTable = (r, names, T) => h("p", { class: "hb-team" }, T("hb_team", { names: names.join(", ") }));
drawHanabi.resultLine = (r, ctx) => `${r.lost ? ctx.t("hb_lost", { score: r.score, total: r.fireworks_total }) : ctx.t("hb_result", { score: r.score, max: r.max_score })} `;

export default kitBoard(drawHanabi);
