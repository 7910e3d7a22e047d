"""Read-only JSON containers, for the caches an engine shares between views and games.

What ``view()``, ``result()``, ``legal_actions()`` and events return belongs to the
caller (DESIGN.md): a learner may edit it without changing any game. Engines build
most of it fresh; what is too costly to rebuild on every call (card faces, a card's
knowledge, a deck's catalogue) is made once with :func:`freeze` and shared. A
:class:`ReadOnlyDict` / :class:`ReadOnlyList` is a ``dict`` / ``list`` (``json.dumps``
writes it, ``==`` compares it with plain ones) that refuses every change with a
``TypeError``; ``copy.deepcopy`` (and pickling) gives ordinary, editable containers.
"""

from __future__ import annotations

import copy
from typing import Any, NoReturn


def _refuse(self: object, *args: object, **kwargs: object) -> NoReturn:
    raise TypeError(f"this {type(self).__name__} is shared by the game engine and can't be "
                    "changed; edit a copy (copy.deepcopy(...))")


class ReadOnlyDict(dict[str, Any]):
    """A dict that can't be changed (see the module docstring)."""

    __slots__ = ()
    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __copy__(self) -> dict[str, Any]:
        return dict(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, Any]:
        return {k: copy.deepcopy(v, memo) for k, v in self.items()}

    def __reduce__(self) -> tuple[type, tuple[dict[str, Any]]]:
        return dict, (dict(self),)


class ReadOnlyList(list[Any]):
    """A list that can't be changed (see the module docstring)."""

    __slots__ = ()
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse

    def __copy__(self) -> list[Any]:
        return list(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> list[Any]:
        return [copy.deepcopy(v, memo) for v in self]

    def __reduce__(self) -> tuple[type, tuple[list[Any]]]:
        return list, (list(self),)


_CONTAINERS = (dict, list, tuple)


def freeze(obj: Any) -> Any:
    """``obj`` (JSON: dicts, lists, tuples, scalars) with every container made read-only;
    tuples become read-only lists, as they would in JSON. (Engines call it on cache
    misses during play: scalars are not passed down a call.)"""
    if isinstance(obj, dict):
        return ReadOnlyDict({k: freeze(v) if isinstance(v, _CONTAINERS) else v
                             for k, v in obj.items()})
    if isinstance(obj, _CONTAINERS):
        return ReadOnlyList([freeze(v) if isinstance(v, _CONTAINERS) else v for v in obj])
    return obj
