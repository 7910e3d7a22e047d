// The shared base of every board (widgets/base.js). A game's own file is appended to
// this one (no build step) and ends with `export default { render: kitBoard(drawGame) }`.
// The board only renders the synced traits and sends intents ({kind: "act", action});
// the kernel decides what is legal.

/** h("div", {class: "x", onclick: f}, child, "text", [children]) -> an element */
function h(tag, attrs, ...children) {
  const el = tag === "svg" || (attrs && attrs.svg)
    ? document.createElementNS("http://www.w3.org/2000/svg", tag)
    : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false || k === "svg") continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  const add = (c) => {
    if (c === null || c === undefined || c === false) return;
    if (Array.isArray(c)) c.forEach(add);
    else el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  };
  children.forEach(add);
  return el;
}

/** an SVG element */
function s(tag, attrs, ...children) {
  return h(tag, { ...(attrs || {}), svg: true }, ...children);
}

function seatLabel(names, seat) {
  return seat === null || seat === undefined ? "Spectator" : (names[seat] || `Seat ${seat + 1}`);
}

const PLACE = ["1st", "2nd", "3rd", "4th", "5th", "6th"];

/** The default result table: places and scores per seat, if the result has them. */
function resultTable(result, names) {
  const n = names.length;
  const rows = [];
  for (let p = 0; p < n; p++) {
    const place = result.places ? result.places[p] : null;
    const score = result.scores ? result.scores[p] : null;
    rows.push({ p, place, score });
  }
  rows.sort((a, b) => (a.place ?? 99) - (b.place ?? 99));
  return h("table", { class: "kit-result-table" },
    h("thead", {}, h("tr", {}, h("th", {}, "Place"), h("th", {}, "Seat"), h("th", {}, "Score"))),
    h("tbody", {}, rows.map((r) => h("tr", { class: r.place === 1 ? "kit-winner" : null },
      h("td", {}, r.place ? PLACE[r.place - 1] || r.place : "—"),
      h("td", {}, names[r.p]),
      h("td", {}, r.score ?? "—")))));
}

/**
 * The render function of a board: header, privacy screen, the game's own drawing
 * (`draw(ctx)`), moves the drawing did not place, replay controls, the event log.
 */
function kitBoard(draw) {
  return function render({ model, el }) {
    const root = h("div", { class: "kit-board" });
    el.appendChild(root);
    // For the browser tests and the benchmark: the live board models of this page.
    (globalThis.__kitModels ??= new Set()).add(model);
    const ui = {}; // the game's local UI state (e.g. a selected card), never synced
    let queued = false;
    const schedule = () => {
      if (!queued) {
        queued = true;
        queueMicrotask(() => { queued = false; paint(); });
      }
    };
    model.on("change", schedule);

    let pending = false; // a move was sent: no more clicks until the kernel answers
    function send(msg, button) {
      if (pending) return;
      model.send(msg);
      if (msg.kind === "act") {
        pending = true;
        root.dataset.pending = "1";
        if (button) button.classList.add("kit-clicked"); // restyles one button, not the board
      }
    }

    function paint() {
      const view = { ...(model.get("view_static") || {}), ...(model.get("view") || {}) };
      const legal = model.get("legal") || [];
      const names = model.get("names") || [];
      const kinds = model.get("seat_kinds") || [];
      const mode = model.get("mode");
      const seat = model.get("seat");
      const privacy = model.get("privacy");
      const result = model.get("result");
      const thinking = model.get("thinking");
      const error = model.get("error");
      const used = new Set();
      const ctx = {
        model, view, legal, names, kinds, mode, seat, ui, result,
        openHands: model.get("open_hands") || [],
        redraw: schedule,
        send,
        /** a button for legal action i (marks it placed) */
        btn(i, label, cls, attrs) {
          used.add(i);
          return h("button", {
            class: `kit-act ${cls || ""}`, title: legal[i].text,
            dataset: { action: JSON.stringify(legal[i].action) },
            onclick: (e) => { e.stopPropagation(); send({ kind: "act", action: legal[i].action }, e.currentTarget); },
            ...(attrs || {}),
          }, label ?? legal[i].text);
        },
        /** indexes of the legal actions whose JSON matches `pred` */
        find(pred) {
          const out = [];
          legal.forEach((a, i) => { if (pred(a.action)) out.push(i); });
          return out;
        },
        who: (p) => seatLabel(names, p),
      };
      root.className = `kit-board kit-mode-${mode} kit-game-${model.get("game")}`;
      root.dataset.moves = model.get("moves");
      root.dataset.toAct = view.to_act ?? "";
      root.dataset.seat = seat ?? "";
      root.dataset.over = result ? "1" : "0";
      root.dataset.legal = legal.length;

      const toAct = view.to_act;
      let status;
      if (result) status = "Game over";
      else if (privacy !== null && privacy !== undefined) status = `Waiting for ${seatLabel(names, privacy)}`;
      else if (thinking !== null && thinking !== undefined) status = `${seatLabel(names, thinking)} is thinking…`;
      else if (legal.length) status = mode === "teacher" ? `${seatLabel(names, toAct)} to move` : "Your move";
      else if (toAct !== null && toAct !== undefined) status = `${seatLabel(names, toAct)} to move`;
      else status = "";
      const header = h("div", { class: "kit-header" },
        h("span", { class: "kit-title" }, model.get("title")),
        h("span", { class: "kit-badge" }, { playtest: "playtest", hotseat: "hot-seat", teacher: "teacher", replay: "replay" }[mode]),
        mode !== "teacher" ? h("span", { class: "kit-you" }, seat === null || seat === undefined ? "Spectator view" : `You: ${seatLabel(names, seat)}`) : null,
        h("span", { class: `kit-status${legal.length ? " kit-your-turn" : ""}`, role: "status" }, status));

      const parts = [header];
      if (error) parts.push(h("div", { class: "kit-error", role: "alert" }, error));
      if (result) {
        parts.push(h("div", { class: "kit-over" }, h("b", {}, "Game over. "),
          draw.resultLine ? draw.resultLine(result, ctx) : "", resultTable(result, names)));
      }
      if (privacy !== null && privacy !== undefined) {
        parts.push(h("div", { class: "kit-privacy" },
          h("p", {}, `Pass the device to ${seatLabel(names, privacy)}.`),
          h("p", { class: "kit-small" }, "Others, please look away."),
          h("button", { class: "kit-reveal", onclick: () => send({ kind: "reveal" }) },
            `I am ${seatLabel(names, privacy)}: show my cards`)));
      }
      parts.push(h("div", { class: "kit-table" }, draw(ctx)));
      const rest = legal.map((a, i) => i).filter((i) => !used.has(i));
      if (rest.length) {
        parts.push(h("div", { class: "kit-moves" }, h("span", { class: "kit-label" }, "Moves: "),
          rest.map((i) => ctx.btn(i))));
      }
      if (mode === "replay") parts.push(replayControls(model, send, names, seat));
      const events = model.get("events") || [];
      parts.push(h("details", { class: "kit-log", open: true },
        h("summary", {}, "Recent events"),
        h("ol", {}, events.map((e) => h("li", { class: `kit-ev kit-ev-${e.type}` }, e.text)))));
      pending = false;
      delete root.dataset.pending;
      root.replaceChildren(...parts);
    }

    paint();
    return () => model.off("change", schedule);
  };
}

function replayControls(model, send, names, seat) {
  const pos = model.get("moves");
  const len = model.get("replay_length");
  const go = (to) => send({ kind: "step", to });
  return h("div", { class: "kit-replay" },
    h("button", { class: "kit-step", "data-step": "first", onclick: () => go(0), disabled: pos <= 0, title: "to the start" }, "|◀"),
    h("button", { class: "kit-step", "data-step": "back", onclick: () => go(pos - 1), disabled: pos <= 0 }, "◀ back"),
    h("span", { class: "kit-pos" }, `move ${pos} / ${len}`),
    h("button", { class: "kit-step", "data-step": "forward", onclick: () => go(pos + 1), disabled: pos >= len }, "forward ▶"),
    h("button", { class: "kit-step", "data-step": "last", onclick: () => go(len), disabled: pos >= len, title: "to the end" }, "▶|"),
    h("label", {}, " seen by ",
      h("select", { onchange: (e) => send({ kind: "seat", seat: e.target.value === "" ? null : Number(e.target.value) }) },
        h("option", { value: "", selected: seat === null }, "spectator"),
        names.map((n, p) => h("option", { value: p, selected: seat === p }, n)))));
}

/** The seats in the order a board lists them: those after the seat shown, clockwise,
 * and the seat shown last, nearest the viewer (everyone from seat 0 for a spectator). */
function seatOrder(me, n) {
  const first = me === null || me === undefined ? 0 : (me + 1) % n;
  return Array.from({ length: n }, (_, k) => (first + k) % n);
}
