"""Card names in Russian and Ukrainian sentences (issue 38): a name comes from a data file
in the nominative («почка», «Какаха», «Мопс 5»), and Russian and Ukrainian would inflect
it after a verb or a preposition («сбросил почку», «отказался от Какахи»). Each message
that puts a data file's name into a sentence therefore says it where the nominative is
grammatical: after a colon («сбросил: почка»), in brackets, in quotes after a noun that
carries the case («карт «Мегамопс»»), after ⇄ or +, or first, as the subject."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from kit import i18n
from kit.pug_party import load_deck
from kit.waiting_list.deck import load_deck as load_waiting_list_deck

#: the messages (context, id) that put a card's name from a data file (Waiting List's
#: deck, Pug Party's deck) into a sentence, as {card}, {cards}, {hand} or {table}
NAMED = {
    ("", "Claim {card}"), ("", "Take {card}"), ("", "Discard {card}"), ("", "Lay {card}"),
    ("", "Play {card}"), ("", "Play {card} from the table"),
    ("", "Swap {hand} from the hand for {table} from the table"),
    ("", "swapped {hand} from the hand for {table} from the table"),
    ("", "hand {hand} ⇄ table {table}"), ("", "Reveal {cards}"), ("", "revealed {cards}"),
    ("", "Your turn: take {card}, or draw from the deck."), ("", "declined {card}"),
    ("", "discarded {card}"), ("", "drew {card}"), ("", "drew {cards}"), ("", "needs {cards}"),
    ("", "laid {card} on the combination"), ("", "played {card}"),
    ("", "played {card} blind"), ("", "played {card} from the table"),
    ("", "took {card} from the discard pile"), ("", "took {card} out of turn"),
    ("", "First card of the discard pile: {card}"),
    ("", "revealed {cards} and the character: {character}"),
    ("", "{seat} to move: take {card}, or draw from the deck."),
    ("", "{who} discarded {card}. {seat} to move: take it, or draw from the deck."),
    ("", "{who} discarded {card}. {seat}: take it out of turn? (the hand grows, nothing is "
         "discarded)"),
    ("", "The discard pile starts with {card}. {seat}: take it out of turn? (the hand grows, "
         "nothing is discarded)"),
    ("", "{who} discarded {card}. {seat}: it fills nothing the combination still lacks, so "
         "the only move is to pass."),
    ("", "The discard pile starts with {card}. {seat}: it fills nothing the combination still "
         "lacks, so the only move is to pass."),
    ("", "{seat} decides: take {card}, or draw from the deck."),
    ("", "{seat} decides whether to take {card} out of turn."),
    ("", "turned face-down card #{n}: {card}"), ("", "{card} is on top again but stays dead"),
    ("", "{card}: anything goes, up"), ("", "burned the pile ({n} card): {card}"),
    ("", "{who} discarded {card}. Take it out of turn? (your hand grows, you discard nothing)"),
    ("", "{who} discarded {card}. Your turn: take it, or draw from the deck."),
    ("", "{who} discarded {card}. It fills nothing your combination still lacks, so you can "
         "only pass."),
    ("", "The discard pile starts with {card}. Take it out of turn? (your hand grows, you "
         "discard nothing)"),
    ("", "The discard pile starts with {card}. It fills nothing your combination still "
         "lacks, so you can only pass."),
    ("error", "card_count"), ("error", "pp_hold_count"), ("error", "wl_not_held_n"),
    ("error", "wl_not_held"), ("error", "wl_claim_fit"), ("error", "pp_no_face_up"),
    ("error", "pp_no_face_up_blind"), ("error", "pp_no_such_card"),
    ("error", "pp_swap_no_face_up"), ("error", "pp_swap_not_in_hand"),
    ("error", "pp_not_cover_up"), ("error", "pp_not_cover_down"),
    ("error", "pp_not_cover_up_wrap"), ("error", "pp_not_cover_down_wrap"),
}
#: messages with these placeholders that never get a data file's word: Hanabi's card marks
#: (``R♥5``, a sign, not a word) and its hidden draw («карту»), a table's code, a hand's size
MARKS = {("", "misplayed {card}: mistake {n}"), ("", "drew {card} ({n} card left)"),
         ("error", "no_table"), ("error", "wl_combo_too_big")}
NAME = re.compile(r"\{(card|cards|hand|table)\}")
#: where a nominative name reads grammatically: first, after a colon, a bracket, ⇄ or +,
#: or in quotes (after the noun that carries the case)
SAFE_BEFORE = re.compile(r"(^|: |\(|⇄ |\+ |«)$")
LANGS = ("ru", "uk")


def _catalog(lang: str):
    with i18n.catalog_path(lang).open("rb") as f:
        return read_po(f, locale=lang)


def _strings(message) -> list[str]:
    return list(message.string) if isinstance(message.string, tuple | list) else [message.string]


def _names(lang: str) -> list[str]:
    """Every card name of the shipped decks in ``lang``."""
    names = [k.names[lang] for k in load_deck().kinds]
    names += [entry[lang] for entry in load_waiting_list_deck().catalogue.values()]
    return names


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_with_a_card_name_says_it_in_the_nominative(lang):
    """Each message of NAMED, in Russian and Ukrainian, puts a card's name only where the
    nominative is grammatical, and renders with every name of the shipped decks."""
    catalog = _catalog(lang)
    names = _names(lang)
    assert "Какаха" in names or "Мегамопс" in names
    for context, msgid in sorted(NAMED):
        message = catalog.get(msgid, context or None)
        assert message is not None, (context, msgid)
        for text in _strings(message):
            for match in NAME.finditer(text):
                before = text[:match.start()]
                assert SAFE_BEFORE.search(before[-2:] if before else ""), (
                    f"{lang} {msgid!r}: {text!r} inflects {match.group()} after {before!r}")
                if before.endswith("«"):
                    assert text[match.end():].startswith("»"), (lang, msgid, text)
            args = {k: "?" for k in re.findall(r"\{(\w+)\}", text)}
            for name in names:
                rendered = text.format(**{**args, **{k: name for k in
                                                     ("card", "cards", "hand", "table")}})
                assert name in rendered


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_with_a_card_is_classified(lang):
    """A new message with {card}, {cards}, {hand} or {table} in Russian or Ukrainian is
    either a card name's (NAMED, checked above) or a Hanabi mark's (MARKS): none slips by."""
    unknown = []
    for message in _catalog(lang):
        if not message.id:
            continue
        msgid = message.id[0] if isinstance(message.id, tuple | list) else message.id
        key = (message.context or "", msgid)
        if any(NAME.search(s or "") for s in _strings(message)) and key not in NAMED | MARKS:
            unknown.append(key)
    assert unknown == []
