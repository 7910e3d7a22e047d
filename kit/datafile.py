"""Loading rule data from ``data/`` (TOML), with errors naming file and entry."""

from __future__ import annotations

import hashlib
import re
import tomllib
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kit.errors import NC_, ConfigError
from kit.paths import DATA_DIR

if TYPE_CHECKING:
    from kit.contract import GameSpec


def resolve(path: str | Path) -> Path:
    """A data path: absolute, or relative to the current folder or to ``data/``."""
    p = Path(path)
    if p.is_absolute() or p.exists():
        return p
    return DATA_DIR / p


#: the largest data file read (the shipped ones are under 16 KB): checked before reading
MAX_BYTES = 1 << 20

#: the largest ``count`` of any entry (copies of a card, tile...): a deck of 10**21 cards
#: is refused before anything is allocated for it
MAX_COUNT = 1000

_INT_BOUND = 2**63  # (TOML's integers are 64-bit)


def read_text(path: str | Path, label: str | None = None) -> str:
    """A data file's text: a regular file of at most :data:`MAX_BYTES`, UTF-8 without a
    byte order mark; else a :class:`ConfigError` naming the file (or ``label``)."""
    p = resolve(path)
    name = label or str(path)
    if p.exists() and not p.is_file():  # (a device such as /dev/zero, a pipe, a folder)
        raise ConfigError(name, "is not a regular file, so it is not read",
                          code=NC_("error", "file_unreadable"))
    try:
        with p.open("rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise ConfigError(name, "data file not found", code=NC_("error",
        "file_not_found")) from None
    except OSError as exc:
        raise ConfigError(name, f"cannot read the data file: {exc.strerror or exc}",
                          code=NC_("error", "file_unreadable")) \
            from None
    if len(raw) > MAX_BYTES:
        raise ConfigError(name, f"is larger than {MAX_BYTES // 1024} KB; a data file is "
                                     "a short text file",
                          code=NC_("error", "file_too_large"), kb=MAX_BYTES // 1024)
    if raw.startswith(b"\xef\xbb\xbf"):
        raise ConfigError(name, "starts with a byte order mark (BOM): save it as UTF-8 "
                                     "without BOM", code=NC_("error", "file_bom"))
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise ConfigError(name, f"is not UTF-8 text (byte {raw[exc.start]:#04x} on line "
                                     f"{line}): save it as UTF-8",
                          code=NC_("error", "file_not_utf8"), line=line) from None


def load_toml(path: str | Path, label: str | None = None) -> dict:
    """A TOML data file (see :func:`read_text`), its integers 64-bit and every ``count``
    at most :data:`MAX_COUNT`; else a :class:`ConfigError` naming the file (or ``label``)
    and the entry."""
    text = read_text(path, label)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        at = re.search(r"line (\d+), column (\d+)", str(exc))  # (where, for any language)
        raise ConfigError(label or str(resolve(path)), f"not valid TOML: {exc}",
                          code=NC_("error", "file_not_toml"), line=at[1] if at else "?",
                          column=at[2] if at else "?") from None
    _check_numbers(data, label or str(path), "")
    return data


def _check_numbers(value: Any, path: str, where: str) -> None:
    """Every integer of a data file bounded, every ``count`` (and each of ``counts``)
    at most :data:`MAX_COUNT`."""
    if isinstance(value, dict):
        for key, v in value.items():
            entry = f"{where}.{key}" if where else str(key)
            if key in ("count", "counts"):  # (copies of a card: a list of them allocated)
                for i, n in enumerate(v if isinstance(v, list) else [v], start=1):
                    if isinstance(n, int) and not isinstance(n, bool) and n > MAX_COUNT:
                        at = f"{entry}#{i}" if isinstance(v, list) else entry
                        raise ConfigError(f"{path} {at}", f"must be at most {MAX_COUNT}, "
                                                          f"not {n}",
                                          code=NC_("error", "at_most"), high=MAX_COUNT, value=n)
            _check_numbers(v, path, entry)
    elif isinstance(value, list):
        for i, v in enumerate(value, start=1):
            _check_numbers(v, path, f"{where}#{i}")
    elif isinstance(value, int) and not -_INT_BOUND <= value < _INT_BOUND:
        raise ConfigError(f"{path} {where}", "a number beyond 64 bits",
                          code=NC_("error", "number_too_big"))


def stamp(path: str | Path) -> tuple[int, int]:
    """What an edit of a data file changes: its modification time (ns) and size, or
    ``(0, -1)`` when it can't be read. A cache of loaded files keys on the path and this,
    so a file edited in a running process (a notebook) is read again."""
    try:
        st = resolve(path).stat()
    except OSError:
        return (0, -1)
    return (st.st_mtime_ns, st.st_size)


def digest(path: str | Path) -> str:
    """The first 12 hex digits of the SHA-256 of a data file's bytes ("" when it can't
    be read): what identifies the file whatever path names it."""
    p = resolve(path)
    return _digest(str(p.resolve()), stamp(p))


@cache
def _digest(path: str, _stamp: tuple[int, int]) -> str:
    try:
        with open(path, "rb") as fh:
            return hashlib.sha256(fh.read(MAX_BYTES + 1)).hexdigest()[:12]
    except OSError:
        return ""


def folder_digest(folder: str | Path = DATA_DIR) -> str:
    """The first 12 hex digits of a SHA-256 over every file of ``folder`` (relative
    names and bytes, in name order): which data folder a run used (``KIT_DATA``)."""
    root = Path(folder)
    h = hashlib.sha256()
    for p in sorted(f for f in root.rglob("*") if f.is_file()):
        h.update(p.relative_to(root).as_posix().encode() + b"\0")
        h.update(bytes.fromhex(digest(p) or "") + b"\0")
    return h.hexdigest()[:12]


def is_file_option(spec: GameSpec, name: str) -> bool:
    """An option that names a data file: its default is a ``.toml`` path."""
    option = spec.options.get(name)
    return option is not None and isinstance(option.default, str) and \
        option.default.endswith(".toml")


def file_label(path: str | Path) -> str:
    """A data file as the recordings name it: ``deck.toml@1a2b3c4d5e6f`` (its name and
    content digest; "" when it can't be read)."""
    sha = digest(path)
    return f"{resolve(path).name}@{sha}" if sha else ""


def data_files(spec: GameSpec, options: Mapping[str, Any]) -> dict[str, str]:
    """Each file-valued option's file by :func:`file_label`, option name -> label; then
    the files the game always reads (``spec.data_files``, e.g. Hanabi's variants)."""
    out = {}
    for name, path in spec.data_files.items():
        label = file_label(DATA_DIR / path)
        if label:
            out[name] = label
    for name, value in sorted(options.items()):
        if isinstance(value, str) and is_file_option(spec, name):
            label = file_label(value)
            if label:
                out[name] = label
    return out


#: what separates a game's declared rules version from its data files in a recording
_DATA = "; data "


def recorded_rules(spec: GameSpec, options: Mapping[str, Any]) -> str:
    """The rules version a game is recorded with: the game's declared one, then its
    data files by content (``...; data deck=deck.toml@1a2b3c4d5e6f``), so an edited
    file is another rules version and the same file named two ways is one."""
    files = data_files(spec, options)
    if not files:
        return spec.rules_version
    return spec.rules_version + _DATA + ", ".join(f"{k}={v}" for k, v in files.items())


def recorded_files(rules_version: str | None) -> dict[str, str]:
    """The data files a recorded rules version names (see :func:`recorded_rules`):
    option name -> ``name@digest``; none for a recording made before they were kept."""
    _, sep, tail = (rules_version or "").rpartition(_DATA)
    if not sep:
        return {}
    out = {}
    for item in re.split(r"(?<=@[0-9a-f]{12}), ", tail):
        key, eq, label = item.partition("=")
        if eq and re.search(r"@[0-9a-f]{12}$", label):
            out[key] = label
    return out
