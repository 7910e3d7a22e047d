"""The pile in the middle of the table: what covers what, direction, four of a kind.

The pile of the current round lies bottom first. Everything about it that the
rules need is a function of the cards on it, the direction the round started with
("up" by default; option ``new_round``: the direction carries over, PP-R5) and
the PP-R3 option ``after_breakdancer``, summed up by :class:`Top`:

- ``direction``: "up" (PP-2) or "down"; each Breakdancer flips it (PP-8, PP-R4),
  a Poop sets it back to "up" (PP-9);
- ``to_beat``: the value the next card must cover, or None (anything goes): the
  last value card, looking down past Breakdancers (PP-R3; option
  ``after_breakdancer="anything"``: a Breakdancer leaves nothing to beat); a Poop
  resets it (PP-9), and a Poop beneath a Breakdancer still means anything goes;
- ``run``: the value and length of the run of equal value cards on top, for
  four of a kind across plays and players (PP-5, PP-R2). A special card on top
  breaks the run (ruling: "consecutive cards of one value on top" means no
  special card between them).

A Megapug never stays on the pile: it burns it at once (PP-7).
"""

from __future__ import annotations

from dataclasses import dataclass

from kit.pug_party.cards import BREAKDANCER, MEGAPUG, POOP, VALUE

UP = "up"
DOWN = "down"
#: ``after_breakdancer`` option values (PP-R3)
VALUE_BENEATH = "value_beneath"
ANYTHING = "anything"
#: ``new_round`` option values (PP-R5)
STARTS_UP = "up"
CARRIES_OVER = "carries_over"
#: ``four_of_a_kind`` option values (PP-R2)
ACROSS_PLAYS = "across_plays"
SINGLE_PLAY = "single_play"
BURN_RUN = 4


def covers(card: str, to_beat: int | None, direction: str, low: int, high: int,
           down_wrap: bool = True) -> bool:
    """Whether ``card`` may be played on a pile whose value to beat is ``to_beat``.

    - a special card goes on anything (PP-6);
    - nothing to beat (empty pile, after a Poop): any card (PP-1, PP-4, PP-9);
    - "up": equal or higher; on the highest value (10) also the lowest (0) (PP-2);
    - "down": equal or lower (PP-8); on the lowest value (0) also the highest (10)
      when ``down_wrap`` (PP-R3, the mirror of PP-2).
    """
    v = VALUE.get(card)
    if v is None or to_beat is None:
        return True
    if direction == UP:
        return v >= to_beat or (to_beat == high and v == low)
    return v <= to_beat or (down_wrap and to_beat == low and v == high)


@dataclass(frozen=True, slots=True)
class Top:
    """What the pile means for the next play (see the module docstring)."""

    direction: str = UP
    to_beat: int | None = None
    run_value: int | None = None
    run_length: int = 0

    def after(self, card: str, count: int, after_breakdancer: str = VALUE_BENEATH) -> Top:
        """The top after ``count`` cards ``card`` are laid (not a Megapug, which burns);
        ``after_breakdancer`` is the PP-R3 option."""
        v = VALUE.get(card)
        if v is None:
            if card == BREAKDANCER:
                flips = count % 2  # PP-R4: each Breakdancer flips once, two cancel out
                direction = (DOWN if self.direction == UP else UP) if flips else self.direction
                to_beat = None if after_breakdancer == ANYTHING else self.to_beat
                return Top(direction, to_beat, None, 0)
            if card == POOP:
                return Top(UP, None, None, 0)
            return Top()  # a Megapug: the pile is burned, a new round starts "up"
        if v == self.run_value:
            return Top(self.direction, v, v, self.run_length + count)
        return Top(self.direction, v, v, count)

    def burns(self, card: str, count: int, mode: str) -> bool:
        """Whether laying ``count`` × ``card`` on this top burns the pile (PP-5, PP-7, PP-R2).

        ``mode`` is the ``four_of_a_kind`` option: ``across_plays`` counts the run
        on top across plays and players (PP-R2); ``single_play`` only the cards of
        this one play.
        """
        v = VALUE.get(card)
        if v is None:
            return card == MEGAPUG
        if mode == SINGLE_PLAY:
            return count >= BURN_RUN
        run = self.run_length + count if v == self.run_value else count
        return run >= BURN_RUN

    def to_json(self) -> dict:
        return {"direction": self.direction, "to_beat": self.to_beat,
                "run": None if self.run_value is None else
                {"value": self.run_value, "length": self.run_length}}


NEW_ROUND = Top()


def read_pile(pile: list[str], start: str = UP,
              after_breakdancer: str = VALUE_BENEATH) -> Top:
    """The :class:`Top` of a pile, read from its bottom; the round started going ``start``
    (PP-R5) and ``after_breakdancer`` is the PP-R3 option."""
    top = Top(start)
    for card in pile:
        top = top.after(card, 1, after_breakdancer)
    return top
