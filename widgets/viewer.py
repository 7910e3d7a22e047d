"""What one page shows of a :class:`widgets.table.Table` (DESIGN.md, "Boards"): the seat
shown and the privacy screen, kept apart from the table so that several pages (a table
across devices, a projector) can look at one table, each its own way."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kit.errors import IllegalAction
from kit.i18n import NC_

if TYPE_CHECKING:
    from widgets.table import Table


class Viewer:
    """The seat shown (None: the spectator view) and, in hot-seat, the seat the device
    must be passed to (``privacy``)."""

    def __init__(self, table: Table, seat: int | None = None) -> None:
        self.table = table
        #: teacher and replay: the seat chosen (None: teacher mode follows the turn)
        self.fixed = seat
        self.privacy: int | None = None
        mode = table.mode
        if mode in ("playtest", "lesson"):
            self.seat = seat if table.is_human(seat) else table.humans[0]
        elif mode == "teacher":
            self.seat = seat if seat is not None else table.state.to_act
        elif mode == "replay":
            self.seat = seat if seat is not None else 0
        elif mode == "table":  # (the page's own seat, or None: the public view)
            self.seat = seat
        else:  # hot-seat: the privacy screen comes first
            self.seat = None
        self.follow()

    def follow(self) -> None:
        """Follow the table after a change: hot-seat puts up the privacy screen when
        another human seat is to act (not for a move the table makes itself, such as an
        auto-pass); teacher mode shows the seat to act."""
        to_act = self.table.state.to_act
        if self.table.mode == "hotseat":
            if (self.table.is_human(to_act) and to_act != self.seat
                    and not self.table.moves_itself(to_act)):
                self.seat, self.privacy = None, to_act
            else:
                self.privacy = None
        elif self.table.mode == "teacher" and self.fixed is None and to_act is not None:
            self.seat = to_act

    def reveal(self) -> None:
        """Hot-seat: the seat the device was passed to says so; its hand is shown."""
        if self.table.mode != "hotseat" or self.privacy is None:
            raise IllegalAction(self.table.state.spec.action_rule,
                                "no seat is waiting behind the privacy screen",
                                code=NC_("error", "no_privacy"))
        self.seat, self.privacy = self.privacy, None

    def choose(self, seat: int | None) -> None:
        """Teacher and replay: see the table as ``seat`` (None: a spectator)."""
        players = self.table.state.players
        if self.table.mode not in ("teacher", "replay") or not (
                seat is None or (isinstance(seat, int) and not isinstance(seat, bool)
                                 and 0 <= seat < players)):
            raise IllegalAction(self.table.state.spec.action_rule, f"malformed seat {seat!r}",
                                code=NC_("error", "malformed"))
        self.fixed = self.seat = seat
        self.follow()

    def may_move(self) -> bool:
        return self.privacy is None and self.table.may_move(self.seat)

    def move(self, action: Any) -> list[dict]:
        """The seat shown moves (IllegalAction if it may not, changing nothing)."""
        if self.privacy is not None:
            raise IllegalAction(self.table.state.spec.action_rule,
                                f"pass the device to {self.table.names[self.privacy]} first",
                                code=NC_("error", "pass_device_first"), seat=self.privacy)
        return self.table.move(action, seat=self.seat)
