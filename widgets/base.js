// The shared base of every board (widgets/base.js, then widgets/board_parts.js). A game's
// own file is appended to them (no build step) and ends with
// `export default kitBoard(drawGame)`.
// The board only renders the synced traits and sends intents ({kind: "act", action});
// the kernel decides what is legal.

/**
 * h("div", {class: "x", onclick: f, "data-seat": 1}, child, "text", [children]) -> a Preact
 * virtual node. The board is drawn afresh on every change as virtual nodes, and Preact
 * patches the page's DOM where it differs: unchanged elements (and their focus, a
 * collapsed log) stay, and the browser restyles only what changed.
 */
const h = (...args) => preact.h(...args);

/**
 * `now` with every part deep-equal to the same part of `old` replaced by `old`'s object
 * (and `old` itself if all of it is equal): the kernel sends a trait whole when it
 * changes, and what did not change in it keeps its object on the page, so that a drawing
 * can memoise on identity (`ctx.memo`). Parts are matched by key and list index.
 */
function keepSame(old, now) {
  if (old === now || old === null || now === null || typeof old !== "object"
    || typeof now !== "object" || Array.isArray(old) !== Array.isArray(now)) return now;
  let same = Object.keys(old).length === Object.keys(now).length;
  for (const k in now) {
    const v = keepSame(old[k], now[k]);
    if (v === old[k]) now[k] = v;
    else same = false;
  }
  return same ? old : now;
}

function seatLabel(names, seat, T) {
  return seat === null || seat === undefined ? T("spectator") : (names[seat] || `${seat + 1}`);
}

/** none of the static data (a board without any, or not yet on the page) */
const NO_DATA = Object.freeze({});

/**
 * The static data whose key is `model`'s trait `name` ("static_key": the view's parts the
 * same all game; "words_key": the page's words). widgets/loader.js gets it from the kernel
 * once per page, before the first board that needs it is drawn; a key set later is asked
 * for here, and `then` runs once its data is in (until then: undefined).
 */
function keptData(model, name, then) {
  const key = model.get(name);
  if (!key) return undefined;
  const values = globalThis.__kitPageData || {};
  if (key in values) return values[key];
  if (then && globalThis.__kitAskData) globalThis.__kitAskData(model, key).then(then);
  return undefined;
}

const wordsKept = new WeakMap();
/**
 * The page's words (`keptData(model, "words_key")`: widgets/base.py PAGE_WORDS and the
 * board's own, in the page's language, sent once per page) as `T(key, {name: value})`,
 * and `T.n(key, n, args)` for counted words: the plural form `Intl.PluralRules` gives for
 * `n` in the page's language (Russian and Ukrainian: one, few, many, as the catalog
 * orders them). No text of the
 * page is written here: a key missing shows as itself.
 */
function pageWords(words) {
  if (!words) words = {};
  let T = wordsKept.get(words);
  if (T) return T;
  const fill = (text, args) => (args ? text.replace(/\{(\w+)\}/g, (m, k) => (k in args ? String(args[k]) : m)) : text);
  const table = words.words || {};
  const plurals = words.plurals || {};
  const rules = new Intl.PluralRules(words.lang || "ru");
  const slavic = words.lang === "ru" || words.lang === "uk";
  T = (key, args) => fill(table[key] ?? key, args);
  T.n = (key, n, args) => {
    const forms = plurals[key];
    if (!forms) return `${n}`;
    const cat = rules.select(n);
    const i = slavic ? { one: 0, few: 1 }[cat] ?? 2 : cat === "one" ? 0 : 1;
    return fill(forms[Math.min(i, forms.length - 1)], { n, ...(args || {}) });
  };
  T.lang = words.lang || "ru";
  T.table = table;
  wordsKept.set(words, T);
  return T;
}

/** ms before a clicked move button shows it was clicked, if the kernel is that slow */
const CLICK_FEEDBACK_MS = 100;
/** ms without an answer to a move before the board says it is still waiting */
const NO_ANSWER_MS = 5000;

/**
 * The module of a board drawn by `draw` (its default export), whose `render` draws the
 * header, privacy screen, the game's own drawing (`draw(ctx)`, once the view is in), moves
 * the drawing did not place, replay controls, the event log. The page runs one copy of it
 * for every board of this code: widgets/loader.js fetches it from the kernel once.
 */
function kitBoard(draw) {
  return { render({ model, el }) {
    const root = document.createElement("div"); // Preact draws inside it
    root.className = "kit-board";
    const written = { className: "kit-board" }; // the attributes `paint` last wrote
    el.appendChild(root);
    // For the browser tests and the benchmark: the live board models of this page.
    (globalThis.__kitModels ??= new Set()).add(model);
    // the board's local UI state (e.g. the move button under the pointer), never synced
    // (`waited`: a move has had no answer for NO_ANSWER_MS; `lost`: the page could not
    // send at all, its kernel gone)
    const ui = { hover: null, hoverKey: null, waited: false, lost: null };
    // where focus is kept across redraws (board_parts.js, `focusKeeper`), and the privacy
    // screen's text's id
    const focus = focusKeeper(root, () => model.get("voila"));
    const privacyId = `kit-privacy-${(globalThis.__kitBoards = (globalThis.__kitBoards || 0) + 1)}`;
    let queued = false;
    const schedule = () => {
      if (!queued) {
        queued = true;
        queueMicrotask(() => { queued = false; paint(); });
      }
    };
    // A change from the kernel may remove the button under the pointer (no mouseleave
    // follows), so it ends any hover highlight.
    const changed = () => { ui.hover = ui.hoverKey = null; schedule(); };
    model.on("change", changed);

    // One listener on the board for every move button and one per pointer or focus event
    // for the hover marks (`ctx.hover`), rather than handlers on each button: Preact
    // rewires an element's handlers each time it redraws it, a move's buttons included.
    // A move button sends the action it shows (its `data-action`).
    root.addEventListener("click", (e) => {
      const button = e.target.closest && e.target.closest("button.kit-act[data-action]");
      if (!button || !root.contains(button)) return;
      e.stopPropagation();
      // (`at`: the moves this page had seen; a table refuses a move made on an older game)
      send({ kind: "act", action: JSON.parse(button.dataset.action), at: model.get("moves") }, button);
    });
    const hoverOf = (node) => {
      const el = node && node.closest ? node.closest("[data-hover]") : null;
      return el && root.contains(el) ? el.dataset.hover : null;
    };
    const setHover = (key) => {
      if (ui.hoverKey === key) return;
      ui.hoverKey = key;
      ui.hover = key === null ? null : JSON.parse(key);
      schedule();
    };
    root.addEventListener("mouseover", (e) => setHover(hoverOf(e.target)));
    root.addEventListener("mouseout", (e) => { if (!root.contains(e.relatedTarget)) setHover(null); });
    root.addEventListener("focusin", (e) => setHover(hoverOf(e.target)));
    root.addEventListener("focusout", (e) => setHover(hoverOf(e.relatedTarget)));

    // Virtual nodes kept by `ctx.memo`, by key: Preact skips diffing a subtree whose
    // vnode is the very one it drew last time. (Every key is kept: the keys of a board are
    // bounded by its cards or tiles, and a subtree reused keeps the memos inside it.)
    const kept = new Map();
    // refs kept by `ctx.ref`, by key: an element a drawing fills itself, after Preact
    const refs = new Map();

    const logRef = preact.createRef();
    let offered = { legal: [], seat: null }; // the moves on the board, and whose
    let waiting = false; // they are the last turn's, hidden: not to be clicked
    let pending = false; // a move was sent: no more clicks until the kernel answers
    let asked = 0; // the kernel's `replies` when it was sent (an answer changes it)
    let sent = 0; // moves sent so far: a timer set for an earlier one does nothing
    let clicked = null; // the clicked button, once marked because the answer is slow
    // (a move's timers are not cleared by its answer, which they would slow: a late one
    // does nothing)
    function send(msg, button) {
      if (pending || (waiting && msg.kind === "act")) return;
      try {
        model.send(msg); // (while the connection is down, it goes out once it is back)
      } catch (err) {
        ui.lost = String((err && err.message) || err);
        schedule();
        return;
      }
      if (msg.kind === "act") {
        pending = true;
        asked = model.get("replies");
        const n = ++sent;
        root.dataset.pending = "1"; // no style depends on it: no re-render
        // Mark the clicked button only if the answer is slow: restyling it at once would
        // render a frame just as a fast answer redraws the board anyway.
        if (button) {
          setTimeout(() => {
            if (pending && sent === n) { clicked = button; button.classList.add("kit-clicked"); }
          }, CLICK_FEEDBACK_MS);
        }
        setTimeout(() => { if (pending && sent === n) { ui.waited = true; schedule(); } }, NO_ANSWER_MS);
      }
    }

    // the traits as last drawn: a new value keeps the objects of what did not change
    const last = {};
    const fresh = (name, empty) => (last[name] = keepSame(last[name], model.get(name) ?? empty));
    let merged = { view: null, statics: null, out: null }; // the view with `static` in it
    function withStatic(view, statics) {
      if (merged.view !== view || merged.statics !== statics) {
        merged = { view, statics, out: Object.keys(statics).length ? { ...view, ...statics } : view };
      }
      return merged.out;
    }

    function paint() {
      const view = withStatic(fresh("view", {}), keptData(model, "static_key", schedule) || NO_DATA);
      const live = fresh("legal", []);
      const names = fresh("names", []);
      const kinds = model.get("seat_kinds") || [];
      const mode = model.get("mode");
      const seat = model.get("seat");
      const privacy = model.get("privacy");
      const result = model.get("result");
      const thinking = model.get("thinking");
      const error = model.get("error");
      const T = pageWords(keptData(model, "words_key", schedule));
      // While the others move, the moves last offered stay where they were, hidden
      // (`kit-waiting`): the board keeps its layout, and a redraw skips them instead of
      // taking them down, to put them up again at the seat's next turn.
      const keep = !live.length && !result && (privacy === null || privacy === undefined)
        && seat === offered.seat && mode !== "replay";
      const legal = keep && offered.legal.length ? offered.legal : live;
      offered = { legal, seat };
      waiting = legal !== live;
      const used = new Set();
      const afters = []; // `ctx.after`'s, run once Preact has drawn
      let building = null; // the buttons placed by the `memo` being built
      const ctx = {
        model, view, legal, names, kinds, mode, seat, ui, result,
        /** `legal` is the last turn's, kept hidden while the others move: no text may
         * say it is the seat's turn */
        waiting,
        openHands: fresh("open_hands", []),
        redraw: schedule,
        send,
        /** a button for legal action i (marks it placed) */
        btn(i, label, cls, attrs) {
          used.add(i);
          if (building) building.push(i);
          const text = legal[i].text;
          return h("button", {
            class: `kit-act ${cls || ""}${legal[i].goal ? " kit-goal" : ""}${legal[i].tempt ? " kit-tempt" : ""}`, title: text,
            // (a short label, "Play" under every card, says the whole move to a screen reader)
            "aria-label": label === undefined || label === null || label === text ? undefined : text,
            "data-action": JSON.stringify(legal[i].action), // (sent when clicked: see `render`)
            ...(attrs || {}),
          }, label ?? text);
        },
        /** the key of the hovered or focused element, set by `hover(key)` */
        hovered: ui.hover,
        /** attrs that make an element set `hovered` to `key` (JSON) while pointed at or
         * focused */
        hover: (key) => ({ "data-hover": JSON.stringify(key) }),
        /** `build()`, or the very vnode last built under `key` when every one of `deps`
         * is the same (===) as then: what did not change in a patch keeps its object, and
         * Preact skips the subtree. Whatever the subtree's handlers use must be in `deps`
         * (`ctx.btn` buttons need `ctx.legal`: their indexes, which say the moves placed,
         * are its). */
        memo(key, deps, build) {
          let entry = kept.get(key);
          if (entry && entry.deps.length === deps.length && entry.deps.every((d, i) => d === deps[i])) {
            for (const i of entry.buttons) used.add(i);
          } else {
            const outer = building;
            building = [];
            entry = { deps, vnode: build(), buttons: building };
            building = outer;
            kept.set(key, entry);
          }
          if (building) building.push(...entry.buttons);
          return entry.vnode;
        },
        /** seat p as a drawing sees it: the seat shown (`mine`), its hand when the page
         * may see it (own `view.hand`, or teacher mode's open hand), whether its moves go
         * under it (`acting`: the seat shown, or in teacher mode the seat to act, whose
         * moves they are), the legal list its buttons index (`legal`, false if none: a
         * memo's dependency) and whether it is to act */
        seatOf(p) {
          const mine = p === seat;
          const acting = mine || (mode === "teacher" && p === view.to_act);
          return { mine, hand: mine ? view.hand : this.openHands[p], acting, legal: acting && legal, toAct: view.to_act === p };
        },
        /** seat p's name row: its name and `tags` (null: none). "to move" follows it by
         * CSS when the seat has `kit-to-act`, which every board sets: the turn passing
         * changes a class of two seats, not their name rows. */
        seatName: (p, ...tags) => h("div", { class: "kit-seat-name", "data-to-move": T("to_move_tag") }, seatLabel(names, p, T), tags),
        /** the board's ref under `key`, the same one every paint: for an element that
         * Preact draws empty and the drawing fills itself, in `after` */
        ref(key) {
          let r = refs.get(key);
          if (!r) refs.set(key, (r = preact.createRef()));
          return r;
        },
        /** run `fn` once Preact has drawn this paint (its refs are set) */
        after: (fn) => { afters.push(fn); },
        /** indexes of the legal actions whose JSON matches `pred` */
        find(pred) {
          const out = [];
          legal.forEach((a, i) => { if (pred(a.action)) out.push(i); });
          return out;
        },
        who: (p) => seatLabel(names, p, T),
        /** the seats in the order the board lists them (`seatOrder`; teacher mode: from
         * seat 0, whoever is to act, so that no hand changes place as the turn passes) */
        order: seatOrder(mode === "teacher" ? null : seat, view.players || 0),
        /** the page's words: `ctx.t(key, args)`, `ctx.tn(key, n, args)` (see pageWords) */
        t: T,
        tn: T.n,
      };
      // the board's own attributes, each written only when it changes (a write costs, and
      // so does reading the page's: `written` has what was written)
      const cls = `kit-board kit-mode-${mode} kit-game-${model.get("game")}${waiting ? " kit-waiting" : ""}`;
      if (written.className !== cls) root.className = written.className = cls;
      const lang = model.get("lang") || T.lang;
      if (written.lang !== lang) {
        root.lang = written.lang = lang;
        namePage(model.get("voila"), lang, model.get("title"));
      }
      const data = { moves: model.get("moves"), toAct: view.to_act ?? "", seat: seat ?? "", over: result ? "1" : "0", legal: live.length };
      for (const k in data) {
        const v = String(data[k]);
        if (written[k] !== v) root.dataset[k] = written[k] = v;
      }

      const toAct = view.to_act;
      let status;
      if (result) status = T("game_over");
      else if (privacy !== null && privacy !== undefined) status = T("waiting_for", { who: seatLabel(names, privacy, T) });
      else if (thinking !== null && thinking !== undefined) status = T("thinking", { who: seatLabel(names, thinking, T) });
      else if (live.length) status = mode === "teacher" ? T("to_move", { who: seatLabel(names, toAct, T) }) : T("your_move");
      else if (toAct !== null && toAct !== undefined) status = T("to_move", { who: seatLabel(names, toAct, T) });
      else status = "";
      const title = model.get("title");
      // (the status changes at every move; the rest of the header seldom does)
      const header = ctx.memo("header", [title, mode, seat, names, status, live.length > 0, T], () => h("div", { key: "header", class: "kit-header" },
        ctx.memo("header names", [title, mode, seat, names, T], () => h(preact.Fragment, {},
          h("span", { class: "kit-title" }, title),
          h("span", { class: "kit-badge" }, T(`mode_${mode}`)),
          mode !== "teacher" ? h("span", { class: "kit-you" }, seat === null || seat === undefined ? T("spectator_view") : T("you", { who: seatLabel(names, seat, T) })) : null)),
        // (focus goes to it when the control that had it is gone: board_parts.js)
        h("span", { class: `kit-status${live.length ? " kit-your-turn" : ""}`, role: "status", tabindex: -1 }, status)));

      // the kernel's answer to a move ends the wait (a redraw of the page's own, such
      // as a hover's, is not an answer)
      if (pending && model.get("replies") !== asked) {
        pending = false;
        delete root.dataset.pending;
        // (Preact may have kept the button)
        if (clicked) clicked.classList.remove("kit-clicked");
        clicked = null;
        ui.waited = false;
      }
      const parts = [header];
      if (error) parts.push(h("div", { key: "error", class: "kit-error", role: "alert" }, error));
      if (ui.lost) {
        parts.push(h("div", { key: "lost", class: "kit-error", role: "alert" },
          T("lost", { why: ui.lost })));
      } else if (pending && ui.waited) {
        parts.push(h("div", { key: "waited", class: "kit-notice", role: "status" },
          T("no_answer", { s: NO_ANSWER_MS / 1000 }), " ",
          // (a table's seat, or a recorded game whose address is its continue link: a
          // reload brings it back; any other game, a reload starts anew)
          T(mode === "table" || resumeLink(model.get("record_id"), "", "", model.get("game"), model.get("resume_key"), mode) ? "no_answer_reload" : "no_answer_new")));
      }
      if (result) {
        parts.push(h("div", { key: "over", class: "kit-over" }, h("b", {}, `${T("game_over_dot")} `),
          draw.resultLine ? draw.resultLine(result, ctx) : "",
          // (a game may draw its own: a cooperative game's team shares one score)
          (draw.resultTable || resultTable)(result, names, T)));
      }
      if (privacy !== null && privacy !== undefined) {
        // a dialog over the board, whose other parts are inert under it (`focus.after`)
        parts.push(h("div", { key: "privacy", class: "kit-privacy", role: "dialog", "aria-modal": "true", "aria-labelledby": privacyId },
          h("p", { id: privacyId }, T("pass_device", { who: seatLabel(names, privacy, T) })),
          h("p", { class: "kit-small" }, T("look_away")),
          h("button", { class: "kit-reveal", onclick: () => send({ kind: "reveal" }) },
            T("i_am", { who: seatLabel(names, privacy, T) }))));
      }
      // the game and its moves (`main`), and beside them, where the board is wide enough
      // (base.css), the recent events (`side`); under them where it is not
      const main = [h("div", { key: "table", class: "kit-table" }, Object.keys(view).length ? draw(ctx) : "…")];
      const rest = waiting ? [] : legal.map((a, i) => i).filter((i) => !used.has(i));
      if (rest.length) {
        main.push(h("div", { key: "moves", class: "kit-moves kit-acts" }, h("span", { class: "kit-label" }, `${T("moves")} `),
          rest.map((i) => ctx.btn(i))));
      }
      if (mode === "replay") main.push(replayControls(model, send, names, seat, T));
      // teacher and lesson tables: take a move back, or start again
      if (model.get("can_undo") || model.get("can_restart")) {
        main.push(h("div", { key: "undo", class: "kit-undo" },
          model.get("can_undo") ? h("button", { class: "kit-undo-button", onclick: () => send({ kind: "undo" }) }, T("undo")) : null,
          model.get("can_restart") ? h("button", { class: "kit-restart-button", onclick: () => send({ kind: "restart" }) }, T("restart")) : null));
      }
      // the log's lines are not Preact's: `showLog` adds them after the render. (The link
      // that goes on with a recorded game is the app's, under the board: it says it once.)
      const log = ctx.memo("log", [T], () => h("details", { key: "log", class: "kit-log", open: true },
        // (a polite live region: the lines a move adds are read out, see `showLog`)
        h("summary", {}, T("recent")), h("div", { class: "kit-log-box" }, h("ol", { ref: logRef, "aria-live": "polite", "aria-relevant": "additions" }))));
      parts.push(h("div", { key: "body", class: "kit-body" }, h("div", { class: "kit-main" }, main),
        h("div", { class: "kit-side" }, log)));
      const focusWas = focus.before(Object.keys(view).length > 0);
      preact.render(h(preact.Fragment, {}, parts), root);
      for (const fn of afters) fn();
      focus.after(focusWas, privacy !== null && privacy !== undefined, mode);
      // (teacher mode: one log, the public one, whichever seat is to act)
      showLog(logRef.current, model.get("events") || [], mode === "teacher" ? mode : `${mode} ${seat}`);
    }

    paint();
    return () => {
      model.off("change", changed);
      focus.stop();
      sent = -1; // (the timers of a move still waiting do nothing)
      preact.render(null, root);
    };
  } };
}
