"""A table's recording (DESIGN.md, "Recording": one commit per move): each move is
written before it takes effect, so before any page is told; a failed write is retried,
never skipped; a move the store refuses (the game went on in another page) never takes
effect."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from kit.errors import IllegalAction
from kit.i18n import NC_
from widgets.table import Move

if TYPE_CHECKING:
    from kit.contract import GameState
    from widgets.table import Table


class Recording:
    """Records a table's game as it is played (see the module's docstring). A write that
    fails is tried again, in order, before the next move's (and at :meth:`flush`); a game
    gone on in another page (``GameMovedOn``: resumed there, which moved first) stops the
    table instead.

    ``recorder`` starts the recording (:meth:`kit.record.Recorder.start_game`); ``record``
    goes on with one begun elsewhere (:meth:`kit.record.Recorder.resume`).
    """

    def __init__(self, table: Table, recorder: Any = None, *, record: Any = None,
                 session: Any = None) -> None:
        self.table = table
        if record is None:
            labels = [("human:" + n) if k == "human" else k
                      for n, k in zip(table.names, table.kinds, strict=True)]
            record = recorder.start_game(table.state, seats=labels, session=session)
        #: the :class:`kit.record.GameRecord` written to
        self.record = record
        self._unwritten: list[Move] = []
        #: the first unwritten move's action is written, its result not yet
        self._action_written = False
        table.recording = self
        table.before_move(self._write)

    @property
    def id(self) -> int | None:
        return getattr(self.record, "id", None)

    def _write(self, after: GameState, seat: int | None, thinking: float) -> None:
        """The table's gate: the move that led to ``after`` is written before it takes
        effect. A game gone on in another page refuses it (IllegalAction): the page that
        tried shows nothing of it (a Hanabi discard there showed the card, then stopped)."""
        self._unwritten.append(Move(copy.deepcopy(after.history[-1]), seat, [], thinking,
                                    after.result() if after.over else None))
        self.record.follow(after)
        self.flush()
        notice = self.table.notice
        if self.table.stopped is not None:
            raise IllegalAction(after.spec.action_rule, self.table.stopped,
                                code=notice and notice.code,
                                **(notice.params if notice else {}))

    def flush(self) -> None:
        """Write the moves not written yet, in order; stop at the first that fails."""
        from kit.record import GameMovedOn  # (imported with a recording, not with a board)

        while self._unwritten and self.table.stopped is None:
            move = self._unwritten[0]
            try:
                if not self._action_written:
                    self.record.action(move.action, thinking_time=move.thinking)
                    self._action_written = True
                if move.result is not None:
                    self.record.finish(move.result)
            except GameMovedOn as exc:
                self._unwritten.clear()
                self.table.stop(
                    f"game {exc.game_id} went on in another page, which recorded its move "
                    f"{exc.seq + 1} first; the moves made here since are not recorded, so "
                    "this board stops. Open this game's link again (the one under the board) "
                    "to go on with the game as recorded", code=NC_("error", "moved_on"),
                    game=exc.game_id, move=exc.seq + 1)
                return
            except Exception as exc:  # a broken store must not break the table: retried
                self.table.warn(f"recording failed: {exc} (tried again at the next move)",
                                code=NC_("error", "recording_retry"), why=exc)
                return
            self._unwritten.pop(0)
            self._action_written = False
            self.table.warn("")

    def feedback(self, **kwargs: Any) -> Any:
        """Post-game feedback on the recorded game (:meth:`kit.record.GameRecord.feedback`)."""
        return self.record.feedback(**kwargs)
