"""What a page receives once, whatever the number of boards on it (issue 40): the board
code (Preact, base.js, the game's file and CSS) and the static data (Waiting List's card
catalogue, the page's words in its language).

A board's ``_esm`` is a small loader (:func:`loader`, widgets/loader.js). Before it draws,
it asks the kernel, with anywidget's custom messages, for its code (``{"kind": "code",
"source"}``) and for the data its ``*_key`` traits name (``{"kind": "data", "key"}``);
the page keeps each answer under its key (a content hash) for every other board. The
data is public by construction: a board only answers for its own keys, whose values are
the same for every seat (see ``Board.STATIC``) or the page's words.
"""

from __future__ import annotations

import functools
import hashlib
import json
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent


#: the shared base of every board's code, in order (a game's file follows)
BASE_JS = ("base.js", "board_parts.js")


@functools.cache
def assets(name: str) -> tuple[str, str]:
    """The ES module and CSS of board ``name``: the vendored Preact (as a local
    ``preact`` object, see ``vendor/README.md``), the shared base (:data:`BASE_JS`) and
    the game's own file (plain concatenation, no build step). The page gets them once
    (:func:`loader`)."""
    preact = (HERE / "vendor" / "preact.umd.js").read_text(encoding="utf-8")
    esm = ("// Preact, vendored (widgets/vendor/README.md); its UMD wrapper fills `preact`\n"
           "const preact = {};\n((exports, module) => {\n" + preact + "\n})(preact, {});\n"
           + "".join((HERE / f).read_text(encoding="utf-8") + "\n" for f in BASE_JS)
           + (HERE / f"{name}.js").read_text(encoding="utf-8"))
    css = (HERE / "base.css").read_text(encoding="utf-8") + "\n" + (
        HERE / f"{name}.css").read_text(encoding="utf-8")
    return esm, css


#: the board code a page may ask for: source id (``name:hash``) -> board name
_SOURCES: dict[str, str] = {}


def source_id(name: str) -> str:
    """``"hanabi:<hash>"``: board ``name``'s code and CSS as the page keeps them."""
    esm, css = assets(name)
    return f"{name}:{hashlib.sha256((esm + css).encode()).hexdigest()[:16]}"


def loader(name: str) -> str:
    """The ``_esm`` of board ``name``: a small module (widgets/loader.js) that asks the
    kernel for the board's code and CSS (:func:`assets`) and its static data
    (:func:`keep`) once per page, with anywidget custom messages, and keeps them there
    for every other board. So a page with 20 boards receives them once, not 20 times."""
    source = source_id(name)
    _SOURCES[source] = name
    return (f"const KIT_SOURCE = {json.dumps(source)};\n"
            + (HERE / "loader.js").read_text(encoding="utf-8"))


def code_message(source: Any) -> dict[str, str] | None:
    """The kernel's answer to a page's ``{"kind": "code", "source": ...}``: the code and
    CSS of a board made by :func:`loader` (None: no such board code)."""
    name = _SOURCES.get(source) if isinstance(source, str) else None
    if name is None:
        return None
    esm, css = assets(name)
    return {"kind": "code", "source": source, "esm": esm, "css": css}


#: static data a board has shown, by key (its content's hash): the same value is kept
#: once in the kernel too, however many boards show it
_DATA: dict[str, str] = {}


def keep(value: Any) -> str:
    """The key of ``value`` (JSON) as the page asks for it: a hash of its content, so
    that boards showing the same data share one key, and the page receives it once."""
    text = json.dumps(value, sort_keys=True, ensure_ascii=False)
    key = hashlib.sha256(text.encode()).hexdigest()[:20]
    _DATA.setdefault(key, text)
    return key


def kept(key: str) -> Any:
    """The value kept under ``key`` (a fresh copy: the caller's own)."""
    return json.loads(_DATA[key]) if key else {}


def data_message(key: Any, keys: tuple[str, ...]) -> dict[str, Any] | None:
    """The kernel's answer to a page's ``{"kind": "data", "key": ...}`` on a board whose
    own keys are ``keys`` (None: not one of them: a board gives away nothing else)."""
    if not isinstance(key, str) or not key or key not in keys or key not in _DATA:
        return None
    return {"kind": "data", "key": key, "value": json.loads(_DATA[key])}
