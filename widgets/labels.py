"""Names a person reads for the kit's identifiers, marked for the catalogs: games, bots,
Hanabi's colours, and the setup form's options (a label per option name, context
``option``, and a one-line explanation per game and option, context ``option-help``,
message id ``<game>.<option>``). An option or bot the catalog does not know yet shows
its declaration's own text (widgets/app.py), so a new one still shows."""

from __future__ import annotations

from kit.i18n import NC_

GAMES = [NC_("game", "hanabi"), NC_("game", "waiting_list"), NC_("game", "pug_party"),
         NC_("game", "domino_metro")]
BOTS = [NC_("bot", "rule"), NC_("bot", "random"), NC_("bot", "convention"), NC_("bot", "info"),
        NC_("bot", "search"), NC_("bot", "denying")]
#: under each seat picker, the chosen bot's one line (context ``bot-help``, id
#: ``<game>.<bot>``): what kind of partner it is
BOT_HELP = [
    NC_("bot-help", "hanabi.random"), NC_("bot-help", "hanabi.rule"),
    NC_("bot-help", "hanabi.convention"), NC_("bot-help", "hanabi.info"),
    NC_("bot-help", "waiting_list.random"), NC_("bot-help", "waiting_list.rule"),
    NC_("bot-help", "waiting_list.denying"),
    NC_("bot-help", "pug_party.random"), NC_("bot-help", "pug_party.rule"),
    NC_("bot-help", "domino_metro.random"), NC_("bot-help", "domino_metro.rule"),
    NC_("bot-help", "hanabi.search"), NC_("bot-help", "waiting_list.search"),
    NC_("bot-help", "pug_party.search"), NC_("bot-help", "domino_metro.search"),
]
COLOURS = [NC_("colour", "white"), NC_("colour", "red"), NC_("colour", "blue"),
           NC_("colour", "yellow"), NC_("colour", "green"), NC_("colour", "multi")]
#: each colour's letter on cards and chips (one per colour in a language: they tell
#: colours apart with the symbols, for colour-blind players)
LETTERS = [NC_("colour-letter", "white"), NC_("colour-letter", "red"),
           NC_("colour-letter", "blue"), NC_("colour-letter", "yellow"),
           NC_("colour-letter", "green"), NC_("colour-letter", "multi")]
OPTIONS = [
    NC_("option", "variant"), NC_("option-help", "hanabi.variant"),
    NC_("option", "allow_empty_hints"), NC_("option-help", "hanabi.allow_empty_hints"),
    NC_("option", "keep_score_on_loss"), NC_("option-help", "hanabi.keep_score_on_loss"),
    NC_("option", "deck"), NC_("option-help", "waiting_list.deck"),
    NC_("option-help", "pug_party.deck"),
    NC_("option", "rounds"), NC_("option-help", "waiting_list.rounds"),
    NC_("option", "penalties"), NC_("option-help", "waiting_list.penalties"),
    NC_("option", "first_dealer"), NC_("option-help", "waiting_list.first_dealer"),
    NC_("option", "round_laps"), NC_("option-help", "waiting_list.round_laps"),
    NC_("option", "claim_needs_fit"), NC_("option-help", "waiting_list.claim_needs_fit"),
    NC_("option", "first_card_claims"), NC_("option-help", "waiting_list.first_card_claims"),
    NC_("option", "keep_characters"), NC_("option-help", "waiting_list.keep_characters"),
    NC_("option", "tie_break"), NC_("option-help", "waiting_list.tie_break"),
    NC_("option", "characters_dealt"), NC_("option-help", "waiting_list.characters_dealt"),
    NC_("option", "reshuffle"), NC_("option-help", "waiting_list.reshuffle"),
    NC_("option", "after_breakdancer"), NC_("option-help", "pug_party.after_breakdancer"),
    NC_("option", "new_round"), NC_("option-help", "pug_party.new_round"),
    NC_("option", "metro_maker"), NC_("option-help", "domino_metro.metro_maker"),
    NC_("option", "tied_pips"), NC_("option-help", "domino_metro.tied_pips"),
    NC_("option", "swap"), NC_("option-help", "pug_party.swap"),
    NC_("option", "four_of_a_kind"), NC_("option-help", "pug_party.four_of_a_kind"),
    NC_("option", "down_wrap"), NC_("option-help", "pug_party.down_wrap"),
    NC_("option", "specials_together"), NC_("option-help", "pug_party.specials_together"),
    NC_("option", "voluntary_pickup"), NC_("option-help", "pug_party.voluntary_pickup"),
    NC_("option", "first_player"), NC_("option-help", "pug_party.first_player"),
    NC_("option", "max_actions"), NC_("option-help", "pug_party.max_actions"),
    NC_("option", "games"), NC_("option-help", "domino_metro.games"),
    NC_("option", "metro_forced"), NC_("option-help", "domino_metro.metro_forced"),
    NC_("option", "first_double"), NC_("option-help", "domino_metro.first_double"),
    NC_("option", "lead_double"), NC_("option-help", "domino_metro.lead_double"),
    NC_("option", "zero_double"), NC_("option-help", "domino_metro.zero_double"),
    NC_("option", "metro_double"), NC_("option-help", "domino_metro.metro_double"),
    NC_("option", "domino_metro_two"), NC_("option-help", "domino_metro.domino_metro_two"),
    NC_("option", "change"), NC_("option-help", "domino_metro.change"),
    NC_("option", "set_file"), NC_("option-help", "domino_metro.set_file"),
    NC_("option", "scoring_file"), NC_("option-help", "domino_metro.scoring_file"),
]
#: the choices of enumerated options, context ``choice``, message id ``<option>.<value>``
CHOICES = [
    NC_("choice", "variant.classic"), NC_("choice", "variant.six_colours"),
    NC_("choice", "variant.six_colours_short"), NC_("choice", "variant.rainbow_wild"),
    NC_("choice", "tie_break.shared"), NC_("choice", "tie_break.rounds_won"),
    NC_("choice", "four_of_a_kind.across_plays"), NC_("choice", "four_of_a_kind.single_play"),
    NC_("choice", "metro_forced.hand_and_bazaar"), NC_("choice", "metro_forced.hand"),
    NC_("choice", "first_double.choice"), NC_("choice", "first_double.plain"),
    NC_("choice", "characters_dealt.face_up"), NC_("choice", "characters_dealt.face_down"),
    NC_("choice", "reshuffle.after_last_card"), NC_("choice", "reshuffle.when_needed"),
    NC_("choice", "after_breakdancer.value_beneath"),
    NC_("choice", "after_breakdancer.anything"),
    NC_("choice", "new_round.up"), NC_("choice", "new_round.carries_over"),
    NC_("choice", "metro_maker.last_other_tile"), NC_("choice", "metro_maker.pips"),
    NC_("choice", "tied_pips.better"), NC_("choice", "tied_pips.worse"),
    # (DM-R4: the rules of the shipped scoring file, data/domino_metro/scoring.toml)
    NC_("choice", "zero_double.lone_10"), NC_("choice", "zero_double.always_10"),
    NC_("choice", "zero_double.lone_25"),
]
#: the data sets shipped in data/, context ``data-set``, message id the file's path
#: (a designer's own file shows by its file name)
DATA_SETS = [
    NC_("data-set", "waiting_list/deck.toml"), NC_("data-set", "waiting_list/rounds.toml"),
    NC_("data-set", "waiting_list/penalties.toml"), NC_("data-set", "pug_party/deck.toml"),
    NC_("data-set", "domino_metro/double_nine.toml"),
    NC_("data-set", "domino_metro/scoring.toml"),
]
#: what a recorded game keeps (kit.record's CONSENT_NOTE, for people)
CONSENT = NC_("consent", "note")
