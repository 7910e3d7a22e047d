// The module anywidget loads for each board (widgets/loader.js; widgets/base.py `loader`
// puts `KIT_SOURCE`, the board code's name and hash, before it). The board's code and CSS
// (Preact, widgets/base.js and the game's file: some 60 KB) come from the kernel once per
// page: the first board asks for them with a custom message, and every board of that code
// on the page, the first included, runs the one copy kept in `globalThis.__kitBoardCode`
// (code the browser has compiled once). A page of 20 boards receives them once, not 20
// times.

/** The board module's default export ({render}) for `KIT_SOURCE`: kept on the page, or
 * asked of the kernel through `model` (a custom message `{kind: "code"}`, answered with
 * `{kind: "code", source, esm, css}`). Rejected if `signal` aborts first (the board asking
 * was closed): the next board to ask asks again. */
function boardCode(model, signal) {
  const boards = (globalThis.__kitBoardCode ??= {});
  if (boards[KIT_SOURCE]) return boards[KIT_SOURCE];
  const code = new Promise((resolve, reject) => {
    const got = (msg) => {
      if (!msg || msg.kind !== "code" || msg.source !== KIT_SOURCE) return;
      model.off("msg:custom", got);
      if (msg.css && !document.querySelector(`style[data-kit-source="${KIT_SOURCE}"]`)) {
        const style = document.createElement("style");
        style.dataset.kitSource = KIT_SOURCE;
        style.textContent = msg.css;
        document.head.appendChild(style);
      }
      const url = URL.createObjectURL(new Blob([msg.esm], { type: "text/javascript" }));
      import(/* webpackIgnore: true */ url)
        .then((mod) => resolve(mod.default), reject)
        .finally(() => URL.revokeObjectURL(url));
    };
    model.on("msg:custom", got);
    if (signal) {
      signal.addEventListener("abort", () => {
        model.off("msg:custom", got);
        reject(new Error("the board asking for its code was closed"));
      });
    }
    model.send({ kind: "code", source: KIT_SOURCE });
  });
  boards[KIT_SOURCE] = code;
  code.catch(() => { if (boards[KIT_SOURCE] === code) delete boards[KIT_SOURCE]; });
  return code;
}

export default {
  async render({ model, el, signal }) {
    let board;
    for (;;) {
      try {
        board = await boardCode(model, signal);
        break;
      } catch (err) {
        // another board's request was closed: ask again, unless this board is closed too
        if (signal && signal.aborted) return undefined;
        if (!(err instanceof Error) || !/was closed/.test(err.message)) throw err;
      }
    }
    if (signal && signal.aborted) return undefined;
    return board.render({ model, el });
  },
};
