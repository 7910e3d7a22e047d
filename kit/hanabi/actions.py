"""The three Hanabi actions (HB-3): hint, discard, play."""

from __future__ import annotations

from dataclasses import dataclass

from kit.contract import Action


@dataclass(frozen=True, slots=True)
class Play(Action):
    """HB-6: play the card in ``slot`` (slot 0 is the newest, leftmost card)."""

    TYPE = "play"
    slot: int

    def __str__(self) -> str:
        return f"play slot {self.slot + 1}"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """HB-5: discard the card in ``slot`` to regain a hint token."""

    TYPE = "discard"
    slot: int

    def __str__(self) -> str:
        return f"discard slot {self.slot + 1}"


@dataclass(frozen=True, slots=True)
class Hint(Action):
    """HB-4: tell seat ``to`` all its cards of one ``colour`` or one ``value``.

    ``slots`` are the cards pointed at; if given they must be exactly all the
    cards the hint touches (the complete-hint rule); if left out they are filled in.
    """

    TYPE = "hint"
    to: int
    colour: str | None = None
    value: int | None = None
    slots: tuple[int, ...] | None = None

    def __str__(self) -> str:
        what = self.colour if self.colour is not None else f"{self.value}s"
        where = ""
        if self.slots is not None:
            where = (" (none)" if not self.slots
                     else " (slot " + ", ".join(str(s + 1) for s in self.slots) + ")")
        return f"hint seat {self.to}: {what}{where}"


def hint_slots(hint: Hint) -> tuple[int, ...]:
    """The slots ``hint`` points at: filled in on every legal (and every applied) hint,
    which is what bots weigh."""
    assert hint.slots is not None, "a legal hint has its slots filled in"
    return hint.slots


ACTIONS = {cls.TYPE: cls for cls in (Hint, Discard, Play)}
