"""Reading a Hanabi view: legal actions and card facts from what a seat sees."""

from __future__ import annotations

from kit.hanabi.variants import VALUES


def legal_from_view(view: dict) -> list[dict]:
    """The seat's legal actions listed from ``view(seat)`` alone (HB-3..HB-5, HB-R1)."""
    seat = view["seat"]
    if seat is None or view["to_act"] != seat:
        return []
    size = len(view["hands"][seat]["knowledge"])
    out: list[dict] = [{"type": "play", "slot": i} for i in range(size)]
    if view["hints"] < view["max_hints"]:
        out += [{"type": "discard", "slot": i} for i in range(size)]
    if view["hints"] > 0:
        rainbow = {s["colour"] for s in view["suits"] if s["hint"] == "every"}
        players = view["players"]
        for offset in range(1, players):
            to = (seat + offset) % players
            cards = view["hands"][to]["cards"]
            for colour in view["hintable_colours"]:
                slots = [i for i, c in enumerate(cards)
                         if c["colour"] == colour or c["colour"] in rainbow]
                if slots or view["allow_empty_hints"]:
                    out.append({"type": "hint", "to": to, "colour": colour, "value": None,
                                "slots": slots})
            for value in VALUES:
                slots = [i for i, c in enumerate(cards) if c["value"] == value]
                if slots or view["allow_empty_hints"]:
                    out.append({"type": "hint", "to": to, "colour": None, "value": value,
                                "slots": slots})
    return out
