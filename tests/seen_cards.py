"""Which cards a JSON document shows, and which cards a seat must not see (test helper).

``shown(game, doc)`` walks any JSON (a view, a widget's synced state, everything a
page's models hold) and returns the cards/tiles in it, by identity. ``secrets(state,
seat)`` are the identities of cards hidden from ``seat`` of which the seat can see
no copy at all: if one of them shows up in what reached the browser, a hidden card
leaked (Hanabi: the seat's own hand and the deck; the others: other hands, the deck,
the bazaar, face-down cards).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

#: keys whose subtrees name no cards (catalogues, round goals, rule tables)
_SKIP = {"catalogue", "task", "needs", "rules", "character_organ", "text", "combination_of",
         "title", "names"}
_CARD_KEYS = {
    "pug_party": {"hand", "face_up", "pile", "burned", "known", "card", "cards", "open_hands",
                  "hands", "deck_cards"},
    "waiting_list": {"hand", "known", "combination", "laid", "card", "cards", "character",
                     "pile", "hands", "open_hands", "left"},
    "domino_metro": {"hand", "shown", "tile", "hands_left", "drawn", "tiles", "hands",
                     "open_hands", "bazaar_tiles"},
}


def _walk(obj: Any, key: str | None, inside: bool, game: str) -> Iterator[Any]:
    if key in _SKIP:
        return
    if game == "hanabi":
        if isinstance(obj, dict):
            if isinstance(obj.get("colour"), str) and isinstance(obj.get("value"), int):
                yield (obj["colour"], obj["value"])
            for k, v in obj.items():
                if k == "fireworks" and isinstance(v, dict):
                    for colour, top in v.items():
                        if isinstance(top, int):
                            yield from ((colour, x) for x in range(1, top + 1))
                else:
                    yield from _walk(v, k, False, game)
        elif isinstance(obj, list):
            for v in obj:
                yield from _walk(v, key, False, game)
        return
    inside = inside or key in _CARD_KEYS[game]
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _walk(v, k, inside, game)
    elif isinstance(obj, list):
        if (game == "domino_metro" and inside and len(obj) == 2
                and all(isinstance(x, int) and not isinstance(x, bool) for x in obj)):
            yield tuple(sorted(obj))
            return
        for v in obj:
            yield from _walk(v, key, inside, game)
    elif isinstance(obj, str) and inside and game != "domino_metro":
        yield obj


def shown(game: str, doc: Any) -> set:
    """The card identities ``doc`` shows."""
    return set(_walk(doc, None, False, game))


def hidden(state: Any, seat: int) -> list:
    """Identities of the cards hidden from ``seat`` in ``state`` (with repeats)."""
    game = state.spec.name
    zones = state.zones()
    if game == "hanabi":
        codes = list(state.hands[seat]) + list(state.deck)
        return [(c["colour"], c["value"]) for c in map(state.card_json, codes)]
    if game == "pug_party":
        out = list(zones["deck"])
        for name, cards in zones.items():
            if (name.startswith("hand ") and name != f"hand {seat}") or name.startswith(
                    "face_down "):
                out += cards
        return out
    if game == "waiting_list":
        out = list(zones["deck"])
        for s, hand in enumerate(state.hands):
            if s != seat:
                out += list(hand)
        return out
    if game == "domino_metro":
        out = [tuple(sorted(t)) for t in zones["bazaar"]]
        for name, tiles in zones.items():
            if name.startswith("hand ") and name != f"hand {seat}":
                out += [tuple(sorted(t)) for t in tiles]
        return out
    raise ValueError(game)


def secrets(state: Any, seat: int) -> set:
    """Hidden identities of which ``seat`` sees no copy anywhere in its view."""
    return set(hidden(state, seat)) - shown(state.spec.name, state.view(seat))
