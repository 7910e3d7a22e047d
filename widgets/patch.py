"""Patches of JSON values, so that a board's update carries what changed in its view and
its event log, not the whole of them (``applyPatch`` in ``base.js`` is the other half).

A patch of ``old`` into ``new`` is a JSON value:

- ``["=", value]``: ``value`` replaces ``old``;
- ``{"key": patch, ...}`` (``old`` and ``new`` both dicts): the keys that changed, each
  with its own patch, ``["-"]`` for a key removed;
- ``["[", start, keep, {"i": patch, ...}, tail]`` (both lists): ``old[start:start+keep]``
  with the items at new index ``i`` patched, then ``tail``. A log window that scrolled
  by one line is ``["[", 1, len - 1, {}, [new line]]``; a layout that grew by one tile
  is ``["[", 0, len, {}, [tile]]``;
- ``["[", start, keep, {"i": patch, ...}, tail, [at, gone]]``: the same, with ``gone``
  items taken out at ``at`` of the kept ones first (``old[start:start+keep+gone]``
  without them). A card played from the middle of a hand is ``["[", 0, len - 1, {}, [],
  [i, 1]]``, not a patch of every card after it.

Unchanged parts are not in the patch, and the browser keeps their old objects, so its
drawing can tell them apart by identity.
"""

from __future__ import annotations

from typing import Any

REMOVED = ["-"]


def diff(old: Any, new: Any) -> Any:
    """The patch that turns ``old`` into ``new`` (both JSON values)."""
    if isinstance(old, dict) and isinstance(new, dict):
        out = {}
        for key, value in new.items():
            if key not in old:
                out[key] = ["=", value]
            elif old[key] != value:
                out[key] = diff(old[key], value)
        for key in old:
            if key not in new:
                out[key] = REMOVED
        return out
    if isinstance(old, list) and isinstance(new, list) and old and new:
        start = _start(old, new)
        rest = old[start:]
        gap = _gap(rest, new)
        if gap:
            rest = rest[:gap[0]] + rest[gap[0] + gap[1]:]
        keep = min(len(rest), len(new))
        items = {str(i): diff(rest[i], new[i]) for i in range(keep) if rest[i] != new[i]}
        if len(items) < keep:  # something is kept as it was: worth a list patch
            return ["[", start, keep, items, new[keep:], *([gap] if gap else [])]
    return ["=", new]


def _gap(rest: list, new: list) -> list[int] | None:
    """``[at, gone]`` if ``new`` is ``rest`` with ``gone`` items taken out at ``at`` (and
    maybe more at its end), every item after them kept: a card gone from a hand."""
    at = next((i for i, (a, b) in enumerate(zip(rest, new, strict=False)) if a != b), None)
    if at is None:
        return None
    for gone in range(1, len(rest) - at):
        after = rest[at + gone:]
        if after == new[at:at + len(after)]:
            return [at, gone]
    return None


def _start(old: list, new: list) -> int:
    """Where ``new`` begins in ``old``: past the lines a log window scrolled off (or 0)."""
    first = new[0]
    for i, item in enumerate(old):
        if item == first:
            return i
    return 0


def apply(old: Any, patch: Any) -> Any:
    """``old`` with ``patch`` applied, as ``applyPatch`` in ``base.js`` does (the tests'
    copy of a page uses it)."""
    if isinstance(patch, list):
        if patch[0] == "=":
            return patch[1]
        _, start, keep, items, tail, *gap = patch
        out = old[start:start + keep + (gap[0][1] if gap else 0)]
        if gap:
            del out[gap[0][0]:gap[0][0] + gap[0][1]]
        for i, sub in items.items():
            out[int(i)] = apply(out[int(i)], sub)
        return out + tail
    out = dict(old)
    for key, sub in patch.items():
        if sub == REMOVED:
            del out[key]
        else:
            out[key] = apply(out.get(key), sub)
    return out
