"""The shape of rule data files as pydantic models; errors name the file and the entry.

A data file's shape (its tables and keys, their types and ranges) is a
:class:`DataModel`; :func:`validated` checks a loaded TOML table against it and turns
the first problem into a :class:`ConfigError` naming ``file.entry`` (``deal.hands[1][0]``
style). The game's semantic checks (e.g. enough tiles for every hand) stay in code.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from kit.errors import NC_, ConfigError


class DataModel(BaseModel):
    """Base of data-file models: exact types (no ``"9"`` or ``true`` for 9), no unknown
    keys, and the loaded values can't be changed."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


Model = TypeVar("Model", bound=BaseModel)


def validated(model: type[Model], data: Any, path: str) -> Model:
    """``data`` (from ``path``) as a ``model``; else a ConfigError naming ``path.entry``."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise ConfigError(path + entry(first["loc"]), _message(first),
                          code=NC_("error", "entry_invalid"), detail=_message(first)) from None


def entry(loc: tuple[int | str, ...]) -> str:
    """``.zero_double.a.alone``, ``.hands[1][0]``: where in a file a value lies."""
    return "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in loc)


def _message(error: Any) -> str:
    kind = error["type"]
    if kind == "missing":
        return "missing"
    if kind == "extra_forbidden":
        return "unknown entry"
    msg: str = error["msg"]
    if msg.startswith("Input should be "):  # pydantic's phrase, in the kit's words
        return f"must be {msg.removeprefix('Input should be ')}, not {error['input']!r}"
    return msg[0].lower() + msg[1:]
