"""«Вечірка мопсів» (Pug Party): a Shithead-like shedding game for 2-5 players.

Rules: RULES.md PP-1..PP-12 and the rulings PP-R1..PP-R6 (each an option, see
:mod:`kit.pug_party.options`). Modules, each about one thing:

- :mod:`~kit.pug_party.cards` - card codes and the deck file (``data/pug_party/deck.toml``);
- :mod:`~kit.pug_party.pile` - what covers what, direction, four of a kind;
- :mod:`~kit.pug_party.actions` - play, play face-up, play blind, pick up, swap, ready;
- :mod:`~kit.pug_party.legal` - the legal actions, shared by engine and view;
- :mod:`~kit.pug_party.state` - the engine;
- :mod:`~kit.pug_party.scenarios` - prepared situations (scripted deals);
- :mod:`~kit.pug_party.deal` - the deal, shuffled or scripted;
- :mod:`~kit.pug_party.bots`, :mod:`~kit.pug_party.stats`, :mod:`~kit.pug_party.bench`.

>>> import kit
>>> state = kit.new_game("pug_party", players=4, seed=1)
>>> state.to_act, len(state.view(0)["hand"]), state.view(0)["deck"]
(0, 3, 16)
"""

from __future__ import annotations

from kit.contract import GameSpec
from kit.pug_party.actions import ACTIONS, PickUp, Play, PlayBlind, PlayFaceUp, Ready, Swap
from kit.pug_party.bots import BOTS, RuleBot
from kit.pug_party.cards import Deck, load_deck
from kit.pug_party.from_view import state_from_view
from kit.pug_party.legal import legal_from_view
from kit.pug_party.options import OPTIONS
from kit.pug_party.state import State
from kit.search import search_bot

SPEC = GameSpec(
    name="pug_party",
    title="Вечірка мопсів (Pug Party)",
    rules_version="RULES.md PP-1..PP-12, PP-R1..PP-R6 (kit 0.1)",
    min_players=2,
    max_players=5,
    options=OPTIONS,
    state_class=State,
    actions=ACTIONS,
    max_length=lambda players, options: options["max_actions"],
    bots={**BOTS, "search": search_bot(state_from_view, RuleBot, iterations=24)},
    legal_from_view=legal_from_view,
)
State.spec = SPEC

__all__ = ["SPEC", "Deck", "PickUp", "Play", "PlayBlind", "PlayFaceUp", "Ready", "RuleBot",
           "State", "Swap", "load_deck"]
