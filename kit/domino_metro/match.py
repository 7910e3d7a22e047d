"""Places, the loser and the mole of a game, and the match table (DM-7, DM-8, DM-10,
DM-11, DM-R2, DM-R5, DM-R7).

Rulings (each documented in the tutorial too):

- DM-R7: players who went out keep their order; the players still holding tiles when a
  game ends by a Metro, a domino-Metro or a block (DM-11) take the free places in order
  of the pips left in hand, fewest first (DM-11's count, DM-R4 for 0:0); tied pips
  share the *better* place (option ``tied_pips="worse"``: the worse one, "most pips
  takes last place" read as two players tied for most both being last). The Metro maker
  is last in any case: it takes the last place before the others are counted (DM-R2).
- A domino-Metro (DM-8) takes the best place still free (1st unless someone is
  already out) and ends the game; the others are counted by pips.
- The loser(s): the seat(s) in the worst place held (DM-10); a loser still holding
  tiles is a mole (DM-10, rulebook 7.1). The next game is led by the loser; with
  tied losers, by the first of them in turn order after the last player to place.
- Match points (DM-R5, DM-10): a lost game costs ``loss`` penalty points (scoring
  file); a Metro costs ``metro`` points, or ``metro_double`` with the option
  ``metro_double`` ("doubly, by agreement"). A domino-Metro cancels the maker's
  earlier Metros of the match (DM-8): those games then cost nothing. The match
  standing orders players by penalty points, then by more 1st places, more 2nd
  places...; equal players share the better place; the winners hold place 1.
"""

from __future__ import annotations

from collections.abc import Sequence

from kit.domino_metro.scoring import Scoring

OUT = "out"                    # the game ended because players went out (DM-7)
METRO = "metro"                # a Metro ended it (DM-8, DM-R2)
DOMINO_METRO = "domino_metro"  # a domino-Metro ended it (DM-8)
BLOCKED = "blocked"            # no live end and no Metro maker: counted by pips (DM-11)

BETTER = "better"              # DM-R7: tied pips share the better place
WORSE = "worse"                # DM-R7 option: tied pips share the worse place


def rank_by_pips(seats: Sequence[int], pips: Sequence[int], places: list[int | None],
                 players: int, ties: str = BETTER) -> None:
    """Give ``seats`` the free places in ``places`` by pips, fewest first (DM-11, DM-R7);
    tied pips share the better place (``ties="worse"``: the worse one). Changes ``places``
    in place."""
    taken = {p for p in places if p is not None}
    free = [p for p in range(1, players + 1) if p not in taken]
    order = sorted(seats, key=lambda s: pips[s])
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and pips[order[j + 1]] == pips[order[i]]:
            j += 1
        for s in order[i:j + 1]:
            places[s] = free[i] if ties == BETTER else free[j]
        i = j + 1


def losers(places: Sequence[int | None]) -> list[int]:
    """DM-10: the seats in the worst place held."""
    worst = max(p for p in places if p is not None)
    return [s for s, p in enumerate(places) if p == worst]


def next_lead(record: dict, players: int) -> int:
    """DM-2: the loser leads the next game; tied losers: the first after the last placer."""
    lost = set(record["losers"])
    last = record["last_seat"]
    for k in range(1, players + 1):
        seat = (last + k) % players
        if seat in lost:
            return seat
    raise AssertionError("a game has a loser")


def penalty(record: dict, seat: int, scoring: Scoring, metro_double: bool) -> int:
    """DM-10, DM-R5: the penalty points ``seat`` got in this game."""
    if seat not in record["losers"]:
        return 0
    if record["metro"] == seat:
        if record["metro_cancelled_by"] is not None:
            return 0
        return scoring.metro_double if metro_double else scoring.metro
    return scoring.loss


#: why a seat took its place in a game (:func:`place_reasons`)
MADE_DOMINO_METRO = "domino_metro"        # DM-8: closed the last end with the last tile
DOMINO_METRO_BY_DOUBLE = "domino_metro_by_double"  # DM-R6: another's face-up double closed
MADE_METRO = "metro"                      # DM-8: closed the last open end
METRO_BY_DOUBLE = "metro_by_double"       # DM-R6: another's face-up double closed it
WENT_OUT = "went_out"                     # DM-7: places in the order of going out
LAST_HOLDING = "last_holding"             # DM-7: the only one left holding tiles
BY_PIPS = "by_pips"                       # DM-11, DM-R7: ranked by pips, fewest first


def place_reason(record: dict, seat: int) -> str:
    """DM-7, DM-8, DM-11, DM-R6, DM-R7: why ``seat`` took its place in game ``record``
    (one of the codes above)."""
    by_double = record["last_seat"] != seat
    if record["domino_metro"] == seat:
        return DOMINO_METRO_BY_DOUBLE if by_double else MADE_DOMINO_METRO
    if record["metro"] == seat:
        return METRO_BY_DOUBLE if by_double else MADE_METRO
    if not record["hands_left"][seat]:
        return WENT_OUT
    return LAST_HOLDING if record["end"] == OUT else BY_PIPS


def game_summary(record: dict, scoring: Scoring, metro_double: bool) -> dict:
    """DM-7..DM-11, DM-R5..DM-R7: a game just over as the table sees it: how it ended,
    who closed the last end, and per seat, best first, the place, why (:func:`place_reason`),
    whether a mole, the tiles left and their pips, and the penalty points; with what a loss
    and a Metro cost. Shown to all: the hands left are counted openly (DM-11)."""
    players = len(record["places"])
    rows = [{"seat": s, "place": record["places"][s], "reason": place_reason(record, s),
             "mole": s in record["moles"], "hand": [list(t) for t in record["hands_left"][s]],
             "pips": record["pips"][s], "points": penalty(record, s, scoring, metro_double)}
            for s in range(players)]
    rows.sort(key=lambda row: (row["place"], row["seat"]))
    return {"game": record["game"], "end": record["end"], "closed_by": record["last_seat"],
            "rows": rows, "loss": scoring.loss,
            "metro": scoring.metro_double if metro_double else scoring.metro}


def table(records: Sequence[dict], players: int, scoring: Scoring,
          metro_double: bool) -> list[dict]:
    """DM-R5: one row per seat: places per game, wins, losses, Metros (standing and
    cancelled), domino-Metros, moles, penalty points and the match place."""
    rows = []
    for s in range(players):
        places = [r["places"][s] for r in records]
        metros = [r["game"] for r in records if r["metro"] == s]
        cancelled = [r["game"] for r in records
                     if r["metro"] == s and r["metro_cancelled_by"] is not None]
        rows.append({
            "seat": s, "places": places,
            "wins": places.count(1),
            "losses": sum(s in r["losers"] for r in records),
            "metros": len(metros) - len(cancelled),
            "metros_cancelled": len(cancelled),
            "domino_metros": sum(r["domino_metro"] == s for r in records),
            "moles": sum(s in r["moles"] for r in records),
            "penalty": sum(penalty(r, s, scoring, metro_double) for r in records),
        })

    def key(row: dict) -> tuple:
        return (row["penalty"], *(-row["places"].count(p) for p in range(1, players + 1)))

    keys = [key(r) for r in rows]
    for row, k in zip(rows, keys, strict=True):
        row["place"] = 1 + sum(other < k for other in keys)
    return rows
