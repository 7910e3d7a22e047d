"""What a page says about itself beyond its widgets, for the pages without a board (the
index, an app's setup form, the classroom pack, the table pages, a lesson): its
language and title, and a line a screen reader speaks when it changes.

A Voilà page is ``<html lang="en">`` titled by the notebook's file name ("hanabi_app"),
so a screen reader reads Cyrillic with an English voice. No script runs from an
ipywidgets HTML value, so :class:`PageHead`, a tiny anywidget shown by each page, sets
``document.documentElement.lang`` and ``document.title``, only on a Voilà page (in
JupyterLab the document is Lab's: it puts ``lang`` on the page's own container only).
The boards set the same for board pages themselves. Whether a page is Voilà's is told
once, by the kernel (:func:`served_by_voila`), to both: their ``voila`` trait.

>>> head = page_head("ru", "Ханаби")
>>> head.lang, head.title
('ru', 'Ханаби')
"""

from __future__ import annotations

import os
from typing import Any

import anywidget
import traitlets

_HEAD_JS = """
function render({ model, el }) {
  el.style.display = "none";
  const apply = () => {
    const lang = model.get("lang"), title = model.get("title");
    // the page's own container (the widget this one is shown in) says its language
    const root = el.parentElement && el.parentElement.closest(".widget-box") || el.parentElement;
    if (root && lang) root.setAttribute("lang", lang);
    // the document only on a Voilà page (the kernel's word, as the boards'): JupyterLab's
    // is Lab's, whatever a notebook shows
    if (!model.get("voila")) return;
    if (lang) document.documentElement.lang = lang;
    if (title) document.title = title;
  };
  // (rendered before it is put in the page: its container is known once it is there)
  let tries = 0;
  const once = () => (el.isConnected || ++tries > 600) ? apply() : requestAnimationFrame(once);
  once();
  model.on("change:lang", apply);
  model.on("change:title", apply);
}
export default { render };
"""


def served_by_voila() -> bool:
    """Whether this kernel runs a Voilà page: Voilà starts a page's kernel with the
    request's CGI variables (``SERVER_SOFTWARE=voila/…``, beside the ``QUERY_STRING`` that
    :func:`widgets.app_form.query_params` reads); JupyterLab sets none of them."""
    return os.environ.get("SERVER_SOFTWARE", "").startswith("voila")


class PageHead(anywidget.AnyWidget):
    """The page's language (``lang``) and its tab's title (``title``), set in the browser
    when ``voila`` (see the module's docstring); shows nothing."""

    _esm = _HEAD_JS
    lang = traitlets.Unicode("").tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)
    voila = traitlets.Bool(False).tag(sync=True)


def page_head(lang: str, title: str, *, voila: bool | None = None) -> PageHead:
    """The page head of a page in ``lang`` titled ``title`` (``voila``: whether to set
    the document's, default :func:`served_by_voila`)."""
    head = PageHead(lang=lang, title=title,
                    voila=served_by_voila() if voila is None else voila)
    head.add_class("kit-page-head")
    return head


_STATUS_JS = """
function render({ model, el }) {
  // one region for the page's life: a screen reader speaks what is put into it (a region
  // created with its text already in it is often not spoken)
  const region = document.createElement("div");
  region.setAttribute("role", model.get("role"));
  region.setAttribute("aria-live", model.get("role") === "alert" ? "assertive" : "polite");
  region.setAttribute("aria-atomic", "true");
  el.appendChild(region);
  const show = () => { region.innerHTML = model.get("value"); };
  show();
  model.on("change:value", show);
}
export default { render };
"""


class StatusLine(anywidget.AnyWidget):
    """A line of HTML (``value``, as :class:`ipywidgets.HTML`'s, escaped by its author) in
    a live region (``role``: "status", polite; "alert", at once): what a move did, said
    aloud when it changes."""

    _esm = _STATUS_JS
    value = traitlets.Unicode("").tag(sync=True)
    role = traitlets.Unicode("status").tag(sync=True)


_RATING_JS = """
function render({ model, el }) {
  // a group with its question as its name: radio buttons in a fieldset with a legend
  const box = document.createElement("fieldset");
  box.className = "kit-rating-group";
  const legend = document.createElement("legend");
  box.appendChild(legend);
  const name = "kit-rating-" + Math.random().toString(36).slice(2);
  const inputs = [];
  for (const n of model.get("choices")) {
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.type = "radio"; input.name = name; input.value = String(n);
    input.addEventListener("change", () => { model.set("value", n); model.save_changes(); });
    label.append(input, " " + n);
    box.appendChild(label);
    inputs.push(input);
  }
  const show = () => {
    legend.textContent = model.get("description");
    for (const input of inputs) input.checked = input.value === String(model.get("value"));
  };
  show();
  model.on("change:value", show);
  model.on("change:description", show);
  el.appendChild(box);
}
export default { render };
"""

_RATING_CSS = """
.kit-rating-group{border:0;margin:0.3em 0;padding:0;display:flex;flex-wrap:wrap;gap:0.2em 0.8em;
  align-items:center}
.kit-rating-group legend{float:left;margin-right:0.6em;padding:0}
.kit-rating-group label{display:inline-flex;align-items:center;gap:0.2em;min-height:28px;
  cursor:pointer}
.kit-rating-group input{width:1.1em;height:1.1em;margin:0}
"""


class RatingScale(anywidget.AnyWidget):
    """A rating from ``choices`` (``value``: the one picked, None: none yet) asked by
    ``description``: radio buttons in a fieldset whose legend is the question, so a
    screen reader names the group (ipywidgets' toggle buttons are a group without one)."""

    _esm = _RATING_JS
    _css = _RATING_CSS
    value: Any = traitlets.Int(None, allow_none=True).tag(sync=True)
    choices = traitlets.List(traitlets.Int(), [1, 2, 3, 4, 5]).tag(sync=True)
    description = traitlets.Unicode("").tag(sync=True)
