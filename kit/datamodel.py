"""The shape of rule data files as pydantic models; errors name the file and the entry.

A data file's shape (its tables and keys, their types and ranges) is a
:class:`DataModel`; :func:`validated` checks a loaded TOML table against it and turns
the first problem into a :class:`ConfigError` naming ``file.entry`` (``deal.hands[1][0]``
style). The game's semantic checks (e.g. enough tiles for every hand) stay in code.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from kit.errors import NC_, ConfigError


class DataModel(BaseModel):
    """Base of data-file models: exact types (no ``"9"`` or ``true`` for 9), no unknown
    keys, and the loaded values can't be changed."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


Model = TypeVar("Model", bound=BaseModel)


def validated(model: type[Model], data: Any, path: str, sep: str = ".",
              label: Callable[[tuple[int | str, ...]], str] | None = None) -> Model:
    """``data`` (from ``path``) as a ``model``; else a ConfigError naming the entry:
    ``path`` + ``sep`` + ``hands[1][0]`` (``sep=": "`` for ``file: round[2].uk``), with the
    kit's refusal code for the kind of problem, so it is said in the user's language.
    ``label`` names an entry from its location instead (e.g. with a card's id)."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        errors = exc.errors()
        # an unknown key first: it is most often the misspelling of a missing one
        first = next((e for e in errors if e["type"] == "extra_forbidden"), errors[0])
        loc = tuple(first["loc"])
        where = label(loc) if label else entry(loc).removeprefix(".")
        name = f"{path}{sep}{where}" if where else path
        code, fields = _code(first)
        raise ConfigError(name, _message(first), code=code, **fields) from None


def _code(error: Any) -> tuple[str, dict[str, Any]]:
    """The kit's refusal code (translated in kit/locale) for a pydantic error, and its
    fields; ``entry_invalid`` with pydantic's words when none fits."""
    kind, limits, value = error["type"], error.get("ctx") or {}, error.get("input")
    if kind == "missing":
        return NC_("error", "entry_missing"), {}
    if kind == "extra_forbidden":
        return NC_("error", "unknown_keys"), {"keys": str(error["loc"][-1])}
    if kind == "greater_than_equal" and isinstance(limits.get("ge"), int):
        return NC_("error", "at_least"), {"low": limits["ge"], "value": value}
    if kind == "greater_than" and isinstance(limits.get("gt"), int):
        return NC_("error", "at_least"), {"low": limits["gt"] + 1, "value": value}
    if kind == "literal_error":
        return NC_("error", "option_choice"), {"value": value, "choices": limits.get("expected")}
    if isinstance(value, str) and not value.strip() and kind in ("string_too_short",
                                                                "string_pattern_mismatch"):
        return NC_("error", "must_not_be_empty"), {}
    if kind == "too_short" and not value:
        return NC_("error", "needs_entry"), {}
    simple = {"bool_type": NC_("error", "must_be_bool"), "list_type": NC_("error", "must_be_list"),
              "string_type": NC_("error", "must_be_text"),
              "dict_type": NC_("error", "must_be_table"),
              "model_type": NC_("error", "must_be_table")}
    if kind in simple:
        return simple[kind], {"value": value}
    if kind.endswith("_type") or kind.endswith("_parsing"):
        return NC_("error", "entry_type"), {"value": value}
    return NC_("error", "entry_invalid"), {"detail": _message(error)}


def table_entry(table: str, index: int, name: str | None = None) -> str:
    """``[[card]] #2 liver``: the ``index``-th (from 0) ``[[table]]`` of a file as a person
    editing it counts them, from 1, with its name when it has one."""
    return f"[[{table}]] #{index + 1}" + (f" {name}" if name else "")


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
