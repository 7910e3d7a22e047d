"""Hanabi's legal actions, written once: the engine's ``legal_actions`` and ``apply`` and
the view's :func:`legal_from_view` all list them with the functions here (HB-3..HB-5,
HB-12, HB-R1)."""

from __future__ import annotations

from collections.abc import Sequence

#: a hint as listed: (colour or None, value or None, the slots it points at)
Listed = tuple[str | None, int | None, tuple[int, ...]]


def may_discard(hints: int, max_hints: int) -> bool:
    """HB-5: no discard while every hint token is available."""
    return hints < max_hints


def may_hint(hints: int) -> bool:
    """HB-4: a hint spends a token."""
    return hints > 0


def hints_for(cards: Sequence[int], colours: Sequence[tuple[str, int]], rainbow: Sequence[int],
              nsuits: int, empty: bool) -> list[Listed]:
    """Every hint one hand can receive: the hand's cards by slot, coded
    ``suit * 5 + value - 1``; the hintable ``(colour, suit index)`` pairs; the suits every
    colour hint touches (HB-12); whether hints that touch nothing are allowed (HB-R1). A
    hint points at all the cards it names (HB-4)."""
    by_suit: list[list[int]] = [[] for _ in range(nsuits)]
    by_value: list[list[int]] = [[], [], [], [], []]
    for i, c in enumerate(cards):
        by_suit[c // 5].append(i)
        by_value[c % 5].append(i)
    wild = [i for r in rainbow for i in by_suit[r]]
    out: list[Listed] = []
    for colour, idx in colours:
        slots = sorted(by_suit[idx] + wild) if wild else by_suit[idx]
        if slots or empty:
            out.append((colour, None, tuple(slots)))
    for v in range(5):
        if by_value[v] or empty:
            out.append((None, v + 1, tuple(by_value[v])))
    return out


def legal_from_view(view: dict) -> list[dict]:
    """The seat's legal actions listed from ``view(seat)`` alone, by the engine's listing."""
    seat = view["seat"]
    if seat is None or view["to_act"] != seat:
        return []
    size = len(view["hands"][seat]["knowledge"])
    out: list[dict] = [{"type": "play", "slot": i} for i in range(size)]
    if may_discard(view["hints"], view["max_hints"]):
        out += [{"type": "discard", "slot": i} for i in range(size)]
    if may_hint(view["hints"]):
        suit_of = {s["colour"]: i for i, s in enumerate(view["suits"])}
        rainbow = [i for i, s in enumerate(view["suits"]) if s["hint"] == "every"]
        colours = [(c, suit_of[c]) for c in view["hintable_colours"]]
        players = view["players"]
        for offset in range(1, players):
            to = (seat + offset) % players
            cards = view["hands"][to]["cards"]
            codes = [suit_of[c["colour"]] * 5 + c["value"] - 1 for c in cards]
            listed = hints_for(codes, colours, rainbow, len(suit_of), view["allow_empty_hints"])
            for colour, value, slots in listed:
                out.append({"type": "hint", "to": to, "colour": colour, "value": value,
                            "slots": list(slots)})
    return out
