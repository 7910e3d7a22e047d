"""Loading rule data from ``data/`` (TOML or CSV), with errors naming file and entry."""

from __future__ import annotations

import csv
import tomllib
from pathlib import Path
from typing import Any

from kit.errors import ConfigError
from kit.paths import DATA_DIR


def resolve(path: str | Path) -> Path:
    """A data path: absolute, or relative to the current folder or to ``data/``."""
    p = Path(path)
    if p.is_absolute() or p.exists():
        return p
    return DATA_DIR / p


def load_toml(path: str | Path) -> dict:
    """A TOML data file; a missing or broken file is a :class:`ConfigError` naming it."""
    p = resolve(path)
    try:
        with p.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise ConfigError(str(path), "data file not found") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(str(p), f"not valid TOML: {exc}") from None


def load_csv(path: str | Path) -> list[dict[str, str]]:
    """Rows of a CSV data file (lines starting with ``#`` are comments)."""
    p = resolve(path)
    try:
        with p.open(encoding="utf-8", newline="") as fh:
            lines = [line for line in fh if not line.lstrip().startswith("#") and line.strip()]
    except FileNotFoundError:
        raise ConfigError(str(path), "data file not found") from None
    return list(csv.DictReader(lines))


def need(table: Any, key: str, kind: type | tuple[type, ...], where: str) -> Any:
    """``table[key]`` checked to be of ``kind``; else a ConfigError naming ``where.key``."""
    if not isinstance(table, dict) or key not in table:
        raise ConfigError(f"{where}.{key}", "missing")
    value = table[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and bool not in (
            kind if isinstance(kind, tuple) else (kind,))):
        names = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
        raise ConfigError(f"{where}.{key}", f"must be {names}, not {value!r}")
    return value
