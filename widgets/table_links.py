"""The addresses of a table's pages (issue 39): absolute links a phone can open, their QR
codes, and the page's own address set to the seat it took (a reload opens that seat)."""

from __future__ import annotations

import os
from typing import Any
from urllib.parse import urlencode

import anywidget
import traitlets as tr


def public_base() -> str:
    """The address of the notebooks as a phone reaches it: ``$KIT_PUBLIC_URL`` (e.g.
    ``http://192.168.1.20:8866/voila/render/``), else the server the page came from."""
    url = os.environ.get("KIT_PUBLIC_URL")
    if url:
        return url if url.endswith("/") else url + "/"
    host = os.environ.get("SERVER_NAME") or "127.0.0.1"
    port = os.environ.get("SERVER_PORT") or "8866"
    return f"http://{host}:{port}/voila/render/"


def table_link(code: str, lang: str | None = None, **params: Any) -> str:
    """The table page's address with ``params`` (absolute: it goes into QR codes).
    ``lang`` only for a page's own address: a link another person opens (a seat's QR
    code, the join link) carries none, so that it opens in their browser's language."""
    query = {"table": code, **{k: v for k, v in params.items() if v is not None}}
    if lang is not None:
        query["lang"] = lang
    return public_base() + "table_app.ipynb?" + urlencode(query)


def qr_svg(url: str) -> str:
    """A QR code of ``url`` as inline SVG (segno)."""
    import segno

    return segno.make(url, error="m").svg_inline(scale=3, border=2)


class PageAddress(anywidget.AnyWidget):
    """Sets the browser's address to ``url`` without loading it (``history.replaceState``),
    so that a reload opens the seat taken (its token in the address), not the join page."""

    _esm = """
    function render({ model, el }) {
      const go = () => { const u = model.get("url"); if (u) history.replaceState(null, "", u); };
      go(); model.on("change:url", go);
    }
    export default { render };
    """
    url = tr.Unicode("").tag(sync=True)
