"""Hanabi («Вогнеграй»): the cooperative fireworks game (RULES.md HB-1..HB-12)."""

from __future__ import annotations

from kit.bots import RandomBot
from kit.contract import GameSpec, Option
from kit.hanabi.actions import ACTIONS, Discard, Hint, Play
from kit.hanabi.bots import RuleBot
from kit.hanabi.convention import ConventionBot
from kit.hanabi.deal import hand_size
from kit.hanabi.from_view import state_from_view
from kit.hanabi.info import InfoBot
from kit.hanabi.legal import legal_from_view
from kit.hanabi.state import HanabiState
from kit.hanabi.variants import FILE, variants
from kit.search import search_bot


def max_length(players: int, options: dict) -> int:
    """Every turn spends a card or a token: hints <= 8 + discards + completions."""
    variant = variants()[options["variant"]]
    after_deal = len(variant.deck()) - players * hand_size(players)
    return variant.hint_tokens + len(variant.suits) + 2 * (after_deal + players)


SPEC = GameSpec(
    name="hanabi",
    title="Hanabi",
    rules_version="hanabi.uk 2026-12 (HB-1..HB-12, HB-R1, HB-R2)",
    min_players=2,
    max_players=5,
    options={
        "variant": Option("variant", "classic", "deck and hint variant (HB-12)", "HB-12",
                          choices=tuple(variants())),
        "allow_empty_hints": Option("allow_empty_hints", False,
                                    "allow hints that touch no card (HB-R1)", "HB-R1"),
        "keep_score_on_loss": Option("keep_score_on_loss", False,
                                     "after the third mistake keep the fireworks total as the "
                                     "score instead of 0 (HB-R2)", "HB-R2"),
        "deal": Option("deal", None, "a scripted deal for tests and prepared situations: "
                       "{'hands': [['R1', ...], ...], 'deck': [next cards drawn]}", "HB-2",
                       kind=dict),
    },
    state_class=HanabiState,
    actions=ACTIONS,
    max_length=max_length,
    bots={"random": RandomBot, "rule": RuleBot, "convention": ConventionBot,
          "info": InfoBot,
          "search": search_bot(state_from_view, RuleBot, iterations=60, default_bot=RuleBot,
                               confidence=1.5)},
    action_rule="HB-3",
    legal_from_view=legal_from_view,
    data_files={"variants": FILE},
)
HanabiState.spec = SPEC

__all__ = ["SPEC", "Discard", "HanabiState", "Hint", "Play", "RuleBot"]
