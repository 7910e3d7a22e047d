"""A page that is there, said by the browser (tables across devices, issue 39): a tiny
anywidget each table page shows.

A Voilà page's kernel outlives its tab (until Voilà's culler stops it, or for ever), so
a heartbeat from the kernel kept a closed tab «на связи». :class:`PagePulse` is the tab's
own heartbeat: its script sends a ``ping`` every :data:`PING_S` (and at once when the tab
is shown again), the kernel answers each with an ``ack``, and

- the kernel counts the page as there (:meth:`PagePulse.alive`) while pings arrive: the
  last one within :data:`ALIVE_S`, or, before the first, within :data:`FIRST_PING_S` of
  the page's start (a page takes a while to render); a tab closing says ``bye`` when it
  can, which ends it at once;
- the page, when no ack comes for :data:`LOST_S` after a ping, shows :attr:`lost_text` over
  the page (the server or its kernel is gone: moves can be neither made nor seen) with a
  button that reloads it (:attr:`reload_text`); the notice goes when acks come again.

Everything it says comes from the kernel in the page's language (gettext catalogs).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

from kit.record.tables import PRESENT_S

#: how often the page pings (s)
PING_S = 2.0
#: the page is there while its last ping is this recent (s): half the store's presence
ALIVE_S = PRESENT_S / 2
#: before its first ping, a page is there this long after it started (s)
FIRST_PING_S = 30.0
#: no ack this long after a ping: the connection to the server is lost (s)
LOST_S = 6.0

_PULSE_JS = """
function render({ model, el }) {
  const PING = model.get("ping_ms"), LOST = model.get("lost_ms");
  let n = 0, waiting = null, shown = false;
  const box = document.createElement("div");
  box.className = "kit-connection-lost";
  box.setAttribute("role", "alert");
  box.hidden = true;
  const text = document.createElement("p");
  const again = document.createElement("button");
  again.type = "button";
  again.className = "kit-connection-reload";
  again.addEventListener("click", () => location.reload());
  box.append(text, again);
  el.appendChild(box);
  const words = () => {
    text.textContent = model.get("lost_text");
    again.textContent = model.get("reload_text");
  };
  words();
  model.on("change:lost_text", words);
  model.on("change:reload_text", words);
  const show = (lost) => {
    if (lost === shown) return;
    shown = lost;
    box.hidden = !lost;
    el.dataset.lost = lost ? "1" : "";
    if (lost) again.focus();
  };
  const ping = () => {
    const now = Date.now();
    if (waiting === null) waiting = now;  // the first ping not answered yet
    try { model.send({ type: "ping", n: ++n }); } catch (e) { /* the kernel is gone */ }
  };
  model.on("msg:custom", (msg) => {
    if (msg && msg.type === "ack") { waiting = null; show(false); }
  });
  const tick = () => {
    if (waiting !== null && Date.now() - waiting > LOST) show(true);
  };
  ping();
  const pinger = setInterval(ping, PING);
  const checker = setInterval(tick, 500);
  // a tab shown again pings at once (a hidden tab's timers are slowed)
  const visible = () => { if (document.visibilityState === "visible") { waiting = null; ping(); } };
  document.addEventListener("visibilitychange", visible);
  const bye = () => { try { model.send({ type: "bye" }); } catch (e) { /* gone */ } };
  window.addEventListener("pagehide", bye);
  return () => {
    clearInterval(pinger); clearInterval(checker);
    document.removeEventListener("visibilitychange", visible);
    window.removeEventListener("pagehide", bye);
  };
}
export default { render };
"""

_PULSE_CSS = """
.kit-connection-lost{position:fixed;inset:0;z-index:10000;display:flex;flex-direction:column;
  align-items:center;justify-content:center;gap:1em;padding:1.5em;
  background:rgba(255,255,255,0.92);color:#1f1f1f;font-size:1.15em;text-align:center}
.kit-connection-lost[hidden]{display:none}
.kit-connection-lost p{max-width:32em;margin:0;color:#b3261e;font-weight:bold}
.kit-connection-reload{font-size:1em;min-height:44px;padding:0.4em 1.2em;border-radius:4px;
  border:0;background:#1a5fb4;color:#fff;cursor:pointer}
.kit-connection-reload:focus-visible{outline:3px solid #1f1f1f;outline-offset:2px}
"""


class PagePulse(anywidget.AnyWidget):
    """The page's own heartbeat and its lost-connection notice (see the module's
    docstring). ``on_back``: called when a page not counted as there pings again;
    ``on_gone``: when its tab says ``bye``."""

    _esm = _PULSE_JS
    _css = _PULSE_CSS
    lost_text = traitlets.Unicode("").tag(sync=True)
    reload_text = traitlets.Unicode("").tag(sync=True)
    ping_ms = traitlets.Int(int(PING_S * 1000)).tag(sync=True)
    lost_ms = traitlets.Int(int(LOST_S * 1000)).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("kit-page-pulse")
        self.started = time.monotonic()
        #: when the last ping came (None: none yet)
        self.last_ping: float | None = None
        #: the tab said it is closing
        self.gone = False
        self.pings = 0
        self.on_back: Callable[[], Any] | None = None
        self.on_gone: Callable[[], Any] | None = None
        self.on_msg(self._heard)

    def alive(self) -> bool:
        """Whether the page is there: see the module's docstring."""
        if self.gone:
            return False
        now = time.monotonic()
        if self.last_ping is None:
            return now - self.started < FIRST_PING_S
        return now - self.last_ping < ALIVE_S

    def _heard(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        if content.get("type") == "ping":
            was = self.alive()
            self.last_ping = time.monotonic()
            self.gone = False
            self.pings += 1
            self.send({"type": "ack", "n": content.get("n")})
            if not was and self.on_back is not None:
                self.on_back()
        elif content.get("type") == "bye":
            self.gone = True
            if self.on_gone is not None:
                self.on_gone()
