"""The search bot's own «Лист ожидания» policy: the rule bot that also denies.

Against the rule bot, most of a round is a race to reveal (WL-9) and shed (WL-10), and
the rule bot sheds its spare cards with no thought for who picks them up: the next seat
is offered every discard first (WL-R3) and takes it if it fills a requirement its hand
lacks. :class:`DenyingBot` plays exactly as :class:`~kit.waiting_list.bots.RuleBot` but
for which spare card it discards: it keeps a card the other seats are likely to need,
even at the price of a layable card (a fact or positive circumstance, WL-9, which costs
a point or two if it stays, WL-R4).

How likely: the bot deals each unrevealed opponent's hidden cards anew many times from
the cards it cannot see (WL-8), adds what the opponent was seen to take, and counts how
often the card would fill a requirement that hand lacks. What the opponent did tells
more (a rule-following player never sheds a card of its combination, and declines a
discard it doesn't need): the cards it discarded and, with two players, the discards it
declined count as cards of its hand in every deal, so a requirement they fill counts as
filled. A revealed opponent needs only layable cards (WL-10).

The search bot keeps its move unless clearly beaten (``default_bot`` of
:func:`kit.search.search_bot`), and it is a bot of its own, ``denying``, in the apps,
``simulate`` and ``tournament``; the ``rule`` bot stays the baseline.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from kit.contract import Action
from kit.waiting_list.actions import Discard
from kit.waiting_list.bots import RuleBot, spare_cards
from kit.waiting_list.combination import Tokens, counts, fits
from kit.waiting_list.deck import FILE, load_deck
from kit.waiting_list.legal import OFFER, PLAY, view_tokens

#: deals of an opponent's hidden cards per discard
DEALS = 24
#: what keeping a card the opponent surely needs is worth, in penalty points (WL-R4):
#: above a layable card's worth (100, the rule bot's) so a likely-needed card is kept
#: over a fact; found best of 120..2000 in 2-player games against the rule bot
DENY = 600.0


@lru_cache(maxsize=1)
def _main_deck() -> Counter[str]:
    """The default deck's main cards (a view names no deck file; as ``state_from_view``)."""
    return Counter(load_deck(FILE).main())


class DenyingBot(RuleBot):
    """Plays as the rule bot, but discards the spare card the others are least likely to
    need.

    One instance per seat and game: it remembers what it saw this round."""

    name = "denying"

    def __init__(self) -> None:
        self._round: tuple[int, int | None] | None = None
        #: per seat: cards it shed or declined this round (stand-ins for what it holds)
        self._shed: dict[int, list[str]] = {}
        #: my last discard: its place in the pile and the card
        self._mine: tuple[int, str] | None = None

    def _observe(self, view: dict) -> None:
        """Note the discard on offer (its discarder didn't need it) and, with two
        players, whether my own last discard was declined."""
        key = (view["round"], view["dealer"])
        if key != self._round:
            self._round, self._shed, self._mine = key, {}, None
        if view["phase"] != OFFER or view["discarder"] in (None, view["seat"]):
            return
        pile = [p["card"] for p in view["pile"]]
        other = view["discarder"]
        shed = self._shed.setdefault(other, [])
        shed.append(pile[-1])
        if self._mine is not None:
            at, card = self._mine
            # declined: my card still lies under the discard that followed it
            if view["players"] == 2 and len(pile) == at + 2 and pile[at] == card:
                shed.append(card)
            self._mine = None

    def choose(self, view: dict, legal: Sequence[Action], rng: random.Random) -> Action:
        self._observe(view)
        move = super().choose(view, legal, rng)
        if view["phase"] != PLAY or not isinstance(move, Discard):
            return move
        seat = view["seat"]
        me = view["seats"][seat]
        hand = counts(view["hand"])
        catalogue = view["catalogue"]
        tokens = view_tokens(view, set(catalogue))
        spare = spare_cards(hand, me["needs"], me["revealed"], tokens) or hand
        needed = self._needed(view, list(spare), tokens, rng)
        points = view["rules"]["penalties"]["per_card"]

        def keep_value(card: str) -> tuple[float, str]:
            entry = catalogue[card]
            return (-points[entry["type"]] + 100 * entry["layable"] + DENY * needed[card], card)

        card = min(spare, key=keep_value)
        self._mine = (len(view["pile"]), card)
        return Discard(card)

    def _needed(self, view: dict, cards: list[str], tokens: Tokens,
                rng: random.Random) -> dict[str, float]:
        """For each card, the expected number of other seats that need it."""
        seat, catalogue = view["seat"], view["catalogue"]
        seen = Counter(view["hand"]) + Counter(p["card"] for p in view["pile"])
        for s in view["seats"]:
            seen.update(s["combination"] + s["laid"] + (s["known"] if s["seat"] != seat else []))
        unseen = sorted((_main_deck() - seen).elements())
        needed = dict.fromkeys(cards, 0.0)
        for s in view["seats"]:
            if s["seat"] == seat:
                continue
            if s["revealed"]:  # WL-10: it needs only cards it can lay
                for c in cards:
                    needed[c] += catalogue[c]["layable"]
                continue
            held = list(s["known"]) + self._shed.get(s["seat"], [])
            hidden = min(len(unseen), max(0, s["hand_count"] - len(s["known"])))
            for _ in range(DEALS):
                hand = counts(held + rng.sample(unseen, hidden))
                for c in cards:
                    if fits(c, s["needs"], hand, tokens):
                        needed[c] += 1 / DEALS
        return needed
