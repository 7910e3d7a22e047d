// Each board's anywidget module (widgets/once_per_page.py `loader` puts KIT_SOURCE before
// it): the board code and the static data its `*_key` traits name come from the kernel
// once per page, asked for by the first board that needs them, and kept on the page for
// every other board (see widgets/once_per_page.py).

/** `kept[key]`, or the promise of `take(answer)` to `{kind, [field]: key}` sent by `model`;
 * rejected if `signal` aborts first: the next board to ask asks again. */
function askOnce(model, signal, kept, kind, field, key, take) {
  if (kept[key]) return kept[key];
  const got = new Promise((resolve, reject) => {
    const answer = (msg) => {
      if (!msg || msg.kind !== kind || msg[field] !== key) return;
      model.off("msg:custom", answer);
      Promise.resolve(msg).then(take).then(resolve, reject);
    };
    model.on("msg:custom", answer);
    if (signal) {
      signal.addEventListener("abort", () => {
        model.off("msg:custom", answer);
        reject(new Error("the board asking was closed"));
      });
    }
    model.send({ kind, [field]: key });
  });
  kept[key] = got;
  got.catch(() => { if (kept[key] === got) delete kept[key]; });
  return got;
}

/** The board module's default export ({render}), from `{kind: "code", esm, css}`. */
function boardCode(model, signal) {
  return askOnce(model, signal, (globalThis.__kitBoardCode ??= {}), "code", "source", KIT_SOURCE, (msg) => {
    if (msg.css && !document.querySelector(`style[data-kit-source="${KIT_SOURCE}"]`)) {
      const style = document.createElement("style");
      style.dataset.kitSource = KIT_SOURCE;
      style.textContent = msg.css;
      document.head.appendChild(style);
    }
    const url = URL.createObjectURL(new Blob([msg.esm], { type: "text/javascript" }));
    return import(/* webpackIgnore: true */ url)
      .then((mod) => mod.default)
      .finally(() => URL.revokeObjectURL(url));
  });
}

/** The static data under `key`, kept in `globalThis.__kitPageData` (base.js reads it). */
function pageData(model, signal, key) {
  const values = (globalThis.__kitPageData ??= {});
  if (key in values) return Promise.resolve(values[key]);
  return askOnce(model, signal, (globalThis.__kitAsked ??= {}), "data", "key", key, (msg) => (values[key] = msg.value));
}

/** `ask()` again while another board asking was closed, unless this one is too. */
async function untilAnswered(ask, signal) {
  for (;;) {
    try {
      return await ask();
    } catch (err) {
      if (signal && signal.aborted) return undefined;
      if (!(err instanceof Error) || !/was closed/.test(err.message)) throw err;
    }
  }
}

/** The model's static data (a key set later: base.js asks, by `__kitAskData`). */
function dataOf(model, signal) {
  const keys = ["static_key", "words_key"].map((k) => model.get(k)).filter(Boolean);
  return Promise.all(keys.map((key) => untilAnswered(() => pageData(model, signal, key), signal)));
}

globalThis.__kitAskData = (model, key) => pageData(model, null, key);

export default {
  async render({ model, el, signal }) {
    const [board] = await Promise.all([untilAnswered(() => boardCode(model, signal), signal), dataOf(model, signal)]);
    if (!board || (signal && signal.aborted)) return undefined;
    return board.render({ model, el });
  },
};
