"""Errors of the recording store: each says which store, game and action is at fault."""

from __future__ import annotations

from typing import Any

from kit.errors import NC_


class RecordError(Exception):
    """Base of the recording errors. Like the engine's refusals (kit/errors.py), one a
    person may meet (an app's resume link) carries a stable ``code`` (context ``error``)
    and its arguments, for :func:`kit.i18n.explain`; ``str(exc)`` stays English."""

    code: str | None = None
    params: dict[str, Any] = {}  # noqa: RUF012 (replaced per instance, never changed)

    def __init__(self, *args: Any, code: str | None = None, **params: Any) -> None:
        super().__init__(*args)
        if code is not None:
            self.code = code
        self.params = params


class StoreError(RecordError):
    """A store that can't be opened or used: bad URL, missing file, unreachable server,
    a database that is not a kit store, an action recorded twice."""

    def __init__(self, url: str, message: str) -> None:
        self.url = url
        self.message = message
        super().__init__(f"recording store {url}: {message}")


class SchemaTooNew(StoreError):
    """The store was written by a newer kit (a higher schema version)."""

    def __init__(self, url: str, found: int, supported: int) -> None:
        self.found = found
        self.supported = supported
        super().__init__(url, f"has schema version {found}, but this kit reads versions up to "
                              f"{supported}; upgrade the kit to read it (nothing was changed)")


class ReplayDiverged(RecordError):
    """A recorded game no longer replays to what was recorded (e.g. the rules changed).

    ``game_id`` is the game, ``seq`` the action (0-based position in the game's history;
    None when the game fails before its first action, e.g. an option was removed).
    """

    def __init__(self, game_id: int, seq: int | None, message: str,
                 action: Any = None, recorded_rules: str = "", current_rules: str = "") -> None:
        self.game_id = game_id
        self.seq = seq
        self.action = action
        self.message = message
        where = (f"recorded game {game_id}" + (f", action {seq}" if seq is not None else "")
                 + (f" {action}" if action is not None else ""))
        rules = ""
        if recorded_rules and recorded_rules != current_rules:
            rules = f" (recorded under rules {recorded_rules!r}, the kit now has {current_rules!r})"
        super().__init__(f"{where} no longer replays: {message}{rules}",
                         code=NC_("error", "replay_diverged"), number=game_id)


class WriteRefused(StoreError):
    """The store refused a write that breaks its constraints (e.g. an action recorded twice)."""


class GameMovedOn(WriteRefused):
    """Game ``game_id`` already has action ``seq``: it went on elsewhere (another page
    resumed it and moved first), or the game is recorded twice."""

    def __init__(self, url: str, game_id: int, seq: int) -> None:
        self.game_id = game_id
        self.seq = seq
        super().__init__(url, f"game {game_id} already has action {seq}: is the game "
                              "recorded twice, or open in another page?")


class RecordingStopped(StoreError):
    """Moves of game ``game_id`` could not be written, even after retrying: recording
    stopped. ``unwritten`` are their seqs, kept in memory in order; the game stays
    ``playing`` in the store (never ``finished`` with moves missing). Each later
    :meth:`~kit.record.GameRecord.action` tries to write them again (once, without
    waiting) and raises this until one write succeeds; :meth:`~kit.record.GameRecord.retry`
    tries again with the full backoff. A board shows it for as long as
    :attr:`~kit.record.GameRecord.stopped` is set."""

    def __init__(self, url: str, game_id: int | None, unwritten: list[int], cause: str) -> None:
        self.game_id = game_id
        self.unwritten = list(unwritten)
        self.cause = cause
        what = ("its end (the result)" if not unwritten
                else f"move {unwritten[0] + 1}" if len(unwritten) == 1
                else f"moves {unwritten[0] + 1}–{unwritten[-1] + 1}")
        super().__init__(url, f"recording stopped: game {game_id}'s {what} could not be "
                              f"written ({cause}); they are kept and written when the store "
                              "answers again, and the game is not recorded as finished "
                              "until they are")


class RecordingIncomplete(RecordError):
    """``finish()`` refused: the actions recorded for game ``game_id`` are not its
    history (a move missing, or a different one), so it is not marked finished."""

    def __init__(self, game_id: int | None, message: str) -> None:
        self.game_id = game_id
        self.message = message
        super().__init__(f"game {game_id} is not recorded as finished: {message}")
