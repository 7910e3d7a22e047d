"""A table's seats: who sits where, a person or a bot, as the modes allow
(DESIGN.md, "Boards")."""

from __future__ import annotations

from kit.errors import ConfigError
from kit.i18n import NC_


def parse_seats(seats: list[str] | None, players: int, mode: str) -> list[str]:
    """Seat kinds: ``"human"`` or ``"bot:<name>"`` (``"bot"`` means the rule bot).

    Default: playtest and lesson - seat 0 human, the others rule bots; other modes - all
    human. Playtest has exactly one human seat; hot-seat and lesson at least one; a table
    across devices any number (a table with one person is just a table).
    """
    one_human = mode in ("playtest", "lesson")
    if seats is None:
        seats = ["human"] + ["bot:rule"] * (players - 1) if one_human else ["human"] * players
    if len(seats) != players:
        raise ConfigError("seats", f"{players} seats needed, not {len(seats)}",
                          code=NC_("error", "count_needed"), n=players, value=len(seats))
    out = []
    for s in seats:
        s = "bot:rule" if s == "bot" else s
        if s != "human" and not (isinstance(s, str) and s.startswith("bot:")):
            raise ConfigError("seats", f"a seat is 'human' or 'bot:<name>', not {s!r}",
                              code=NC_("error", "seat_kind"), value=s)
        out.append(s)
    humans = out.count("human")
    if mode == "playtest" and humans != 1:
        raise ConfigError("seats", f"playtest mode has exactly one human seat, not {humans}; "
                                   "use mode='hotseat' for several",
                          code=NC_("error", "playtest_one_human"), n=humans)
    if mode in ("hotseat", "lesson") and humans < 1:
        raise ConfigError("seats", f"{mode} mode needs at least one human seat",
                          code=NC_("error", "no_human_seat"))
    return out
