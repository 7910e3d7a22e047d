// The parts of every board besides the game's own drawing (widgets/board_parts.js,
// appended after widgets/base.js): the result table, the event log, the replay controls,
// the link that goes on with a recorded game, and the helpers that key a list's items
// and order the seats.

/** The default result table: places and scores per seat, if the result has them. */
function resultTable(result, names, T) {
  const n = names.length;
  const rows = [];
  for (let p = 0; p < n; p++) {
    const place = result.places ? result.places[p] : null;
    const score = result.scores ? result.scores[p] : null;
    rows.push({ p, place, score });
  }
  rows.sort((a, b) => (a.place ?? 99) - (b.place ?? 99));
  // (a game without scores, such as Pug Party's places, has no column of dashes)
  const scored = rows.some((r) => r.score !== null && r.score !== undefined);
  return h("table", { class: "kit-result-table" },
    h("thead", {}, h("tr", {}, h("th", {}, T("place")), h("th", {}, T("seat")), scored ? h("th", {}, T("score")) : null)),
    h("tbody", {}, rows.map((r) => h("tr", { class: r.place === 1 ? "kit-winner" : null },
      h("td", {}, r.place ? `${r.place}` : "—"),
      h("td", {}, names[r.p]),
      scored ? h("td", {}, r.score ?? "—") : null))));
}

/** lines the log keeps, at most; past that the older half goes (see `showLog`) */
const LOG_KEEP = 200;

/**
 * The event log's lines in `ol`: the lines the seat saw since the board was drawn, each
 * numbered `n + 1` among all the lines it saw (`events` are the recent ones the kernel
 * sends). A move appends its lines; the older ones stay, scrolled up in the log's box,
 * which shows the latest at its bottom. Removing a line costs several times what adding
 * one does, so lines go only past LOG_KEEP, the older half at once. The lines are drawn afresh when they
 * do not continue into `events`: another seat's lines (`who` changed: teacher mode,
 * hot-seat, a replay seen by another seat), a replay stepped back, or a gap.
 * Done here rather than by Preact; `ol.kitLines` keeps the events shown, one per line
 * (their `n` run on by one), so that nothing is read back from the page.
 */
function showLog(ol, events, who) {
  if (!ol) return;
  let shown = (ol.kitLines ??= []);
  // where `events` begins among the lines shown (-1: they do not continue into it)
  const at = events.length && shown.length && ol.kitWho === who ? events[0].n - shown[0].n : -1;
  let i = 0;
  const goesOn = at >= 0 && at <= shown.length;
  if (goesOn) {
    while (at + i < shown.length && i < events.length && shown[at + i].text === events[i].text) i++;
    for (; shown.length > at + i; shown.pop()) ol.lastElementChild.remove();
  } else if (shown.length) {
    ol.replaceChildren();
    shown = ol.kitLines = [];
  }
  // (the log is a live region: a move's lines are read out, but not a log drawn afresh)
  if (!goesOn && events.length) quiet(ol);
  ol.kitWho = who;
  for (; i < events.length; i++) {
    const e = events[i];
    const item = document.createElement("li");
    item.className = `kit-ev kit-ev-${e.type}`;
    item.dataset.n = e.n;
    item.textContent = e.text;
    ol.appendChild(item);
    shown.push(e);
  }
  if (shown.length > LOG_KEEP) {
    const gone = shown.length - LOG_KEEP / 2;
    const range = document.createRange();
    range.setStartBefore(ol.firstChild);
    range.setEndAfter(ol.children[gone - 1]);
    range.deleteContents();
    shown.splice(0, gone);
  }
  const start = shown.length ? shown[0].n + 1 : 1;
  if (ol.kitStart !== start) ol.setAttribute("start", (ol.kitStart = start));
}

/** `ol`, a live region, says nothing of what changes in it until the page has drawn */
function quiet(ol) {
  ol.setAttribute("aria-live", "off");
  clearTimeout(ol.kitQuiet);
  ol.kitQuiet = setTimeout(() => ol.setAttribute("aria-live", "polite"), 250);
}

/** `before` and a link to this app that goes on with recorded game `id`: none if there
 * is none, or if the board is not on its game's playtest app (a notebook with a
 * recorder goes on with `Recorder.resume` in Python) */
function resumeLink(id, before, words, game, key, mode) {
  // (without the key the app holds, issue 37, a link would not open the game)
  if (id === null || id === undefined || !key || !location.pathname.endsWith(`/${game}_app.ipynb`)) return null;
  // (a teacher's game goes on as one; the page's language rides along, if it has one)
  const lang = new URLSearchParams(location.search).get("lang");
  const href = `${location.pathname}?resume=${id}&key=${encodeURIComponent(key)}${mode === "teacher" ? "&mode=teacher" : ""}${lang ? `&lang=${encodeURIComponent(lang)}` : ""}`;
  return [before, h("a", { class: "kit-resume-link", href }, words)];
}

function replayControls(model, send, names, seat, T) {
  const pos = model.get("moves");
  const len = model.get("replay_length");
  const go = (to) => send({ kind: "step", to });
  return h("div", { key: "replay", class: "kit-replay" },
    h("button", { class: "kit-step", "data-step": "first", onclick: () => go(0), disabled: pos <= 0, title: T("to_start"), "aria-label": T("to_start") }, "|◀"),
    h("button", { class: "kit-step", "data-step": "back", onclick: () => go(pos - 1), disabled: pos <= 0, "aria-label": T("step_back") }, T("back")),
    h("span", { class: "kit-pos" }, T("move_of", { pos, len })),
    // (a long game, 384 moves of «Лист ожидания», is crossed by dragging, not clicking)
    h("input", { type: "range", class: "kit-scrub", min: 0, max: len, value: pos, "aria-label": T("move_of", { pos, len }),
      onchange: (e) => go(Number(e.target.value)) }),
    h("button", { class: "kit-step", "data-step": "forward", onclick: () => go(pos + 1), disabled: pos >= len, "aria-label": T("step_forward") }, T("forward")),
    h("button", { class: "kit-step", "data-step": "last", onclick: () => go(len), disabled: pos >= len, title: T("to_end"), "aria-label": T("to_end") }, "▶|"),
    h("label", {}, ` ${T("seen_by")} `,
      h("select", { onchange: (e) => send({ kind: "seat", seat: e.target.value === "" ? null : Number(e.target.value) }) },
        h("option", { value: "", selected: seat === null }, T("spectator")),
        names.map((n, p) => h("option", { value: p, selected: seat === p }, n)))));
}

/**
 * Preact keys for a list's items, by what each shows (`what(item, i)`: a string) and a
 * count of the repeats before it: an item that moved along the list keeps its key, so
 * that Preact moves its element rather than redrawing every element after it.
 */
function contentKeys(items, what) {
  const seen = new Map();
  return items.map((item, i) => {
    const w = what(item, i);
    const n = seen.get(w) ?? 0;
    seen.set(w, n + 1);
    return `${w}#${n}`;
  });
}

const jsonKeys = new WeakMap();
/** `JSON.stringify(obj)`, once per object (objects that patches keep are the same) */
function jsonKey(obj) {
  if (obj === null || typeof obj !== "object") return JSON.stringify(obj);
  let key = jsonKeys.get(obj);
  if (key === undefined) jsonKeys.set(obj, (key = JSON.stringify(obj)));
  return key;
}

/** The seats in the order a board lists them: those after the seat shown, clockwise,
 * and the seat shown last, nearest the viewer (everyone from seat 0 for a spectator). */
function seatOrder(me, n) {
  const first = me === null || me === undefined ? 0 : (me + 1) % n;
  return Array.from({ length: n }, (_, k) => (first + k) % n);
}

/** On a Voilà page (`voila`: the board's trait, the kernel's word; JupyterLab's notebook
 * keeps its own title and language), the page's language is the board's, and so is its
 * title while it is still the notebook's file name (a page that named itself keeps it). */
function namePage(voila, lang, title) {
  if (!voila) return;
  document.documentElement.lang = lang;
  const file = decodeURIComponent(location.pathname.split("/").pop() || "").replace(/\.ipynb$/, "");
  if (title && [file, `${file}.ipynb`, ""].includes(document.title)) document.title = title;
}

/** a control's key, the same for the control drawn in its place after a redraw: a move's
 * action, a replay step, else its tag and first class */
function focusKey(el) {
  if (!el || !el.tagName) return null;
  if (el.dataset.action) return `act ${el.dataset.action}`;
  if (el.dataset.step) return `step ${el.dataset.step}`;
  return `${el.tagName} ${el.classList[0] || ""}`;
}

/** whether `el` can take focus: on the page, enabled, shown, and not under an inert part
 * (a move kept hidden while the others move is not) */
function canFocus(el) {
  return !!el && el.isConnected && !el.disabled && !el.closest("[inert]")
    && (el.checkVisibility ? el.checkVisibility({ visibilityProperty: true }) : el.getClientRects().length > 0);
}

/**
 * Focus across a board's redraws. A move's button, «Start», the privacy screen's or a
 * replay step's button goes away or hides as the board waits; a person who pressed it
 * (with a screen reader, or the keyboard) stays in the board: on the same control if it
 * is still there, else the first move, else the board's status. The privacy screen, up,
 * takes focus to its button, its board inert under it. Focus outside the board stays
 * there, but for a board that appears in Voilà just after a person's click or key (it is
 * theirs: «Start», «Replay the game»): the board takes it (a replay, to its controls).
 * `voila()`: whether the page is Voilà's (JupyterLab's notebook keeps its own focus).
 * `before()` (before a paint): the key of the control to keep focus on ("": the board's
 * first), or null; `after(key, covered, mode)` once Preact has drawn.
 */
function focusKeeper(root, voila) {
  let key = null; // the control last focused in the board, while focus has not left it
  let fresh = true; // no view drawn yet
  let covered = false; // the privacy screen was up at the last paint
  const inside = (e) => { key = focusKey(e.target); };
  // focus gone out of the board, or let go (blurred: the control is still there, shown)
  const left = (e) => {
    if (e.relatedTarget) {
      if (!root.contains(e.relatedTarget)) key = null;
    } else {
      queueMicrotask(() => { if (document.activeElement !== e.target && canFocus(e.target)) key = null; });
    }
  };
  const away = (e) => { if (!root.contains(e.target)) key = null; };
  root.addEventListener("focusin", inside);
  root.addEventListener("focusout", left);
  document.addEventListener("pointerdown", away, true);
  return {
    before(drawn) {
      const first = fresh && drawn;
      if (drawn) fresh = false;
      const active = document.activeElement;
      if (active && active !== document.body && root.contains(active)) return focusKey(active);
      // (a control removed takes focus to <body> with no event: the board's, still)
      if ((!active || active === document.body) && key !== null) return key;
      return first && voila() && navigator.userActivation && navigator.userActivation.isActive ? "" : null;
    },
    after(want, up, mode) {
      for (const part of root.children) {
        const inert = up && !part.classList.contains("kit-privacy");
        if (part.inert !== inert) part.inert = inert;
      }
      const opened = up && !covered;
      covered = up;
      if (want === null) return;
      const active = document.activeElement;
      if (!opened && active !== root && root.contains(active) && canFocus(active)) return;
      const q = (sel) => [...root.querySelectorAll(sel)];
      const choices = [
        ...q(".kit-privacy .kit-reveal"),
        ...(want === "" && mode === "replay" ? q(".kit-replay .kit-step") : []),
        ...(want ? q("button, input, select, summary, a[href]").filter((el) => focusKey(el) === want) : []),
        ...(root.classList.contains("kit-waiting") ? [] : q("button.kit-act")),
      ];
      const to = choices.find(canFocus) || root.querySelector(".kit-status");
      if (to && to !== active) to.focus({ preventScroll: to.classList.contains("kit-status") });
    },
    stop() { document.removeEventListener("pointerdown", away, true); },
  };
}
