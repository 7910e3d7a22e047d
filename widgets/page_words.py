"""The words every board's page shows (widgets/base.js ``ctx.t``), marked for the
catalogs: the page gets them in its language once per page (widgets/once_per_page.py),
with each board's own (``Board.WORDS``, and its counted words ``Board.PLURALS``)."""

from __future__ import annotations

from kit.i18n import N_

#: the words every board's page shows, by key (English: the catalog's message id); the
#: page gets them in its language once, in ``words`` (widgets/base.js ``ctx.t``)
PAGE_WORDS = {
    "game_over": N_("Game over"),
    "game_over_dot": N_("Game over."),
    "waiting_for": N_("Waiting for {who}"),
    "thinking": N_("{who} is thinking…"),
    "to_move": N_("{who} to move"),
    "your_move": N_("Your move"),
    "mode_playtest": N_("playtest"),
    "mode_hotseat": N_("hot-seat"),
    "mode_teacher": N_("teacher"),
    "mode_replay": N_("replay"),
    "mode_lesson": N_("lesson"),
    "mode_table": N_("table"),
    "spectator_view": N_("Spectator view"),
    "spectator": N_("Spectator"),
    "you": N_("You: {who}"),
    "lost": N_("This page has lost its kernel ({why}). Reload the page to play again."),
    "no_answer": N_("Your move has had no answer for {s} s. The server may be busy, or the "
                    "connection is down: the move goes out once it is back."),
    "no_answer_reload": N_("If it stays so, reload the page: the game comes back with every "
                           "move taken."),
    "no_answer_new": N_("Reloading the page would start a new game."),
    "pass_device": N_("Pass the device to {who}."),
    "look_away": N_("Others, please look away."),
    "i_am": N_("I am {who}: show my cards"),
    "moves": N_("Moves:"),
    "undo": N_("↶ take back the last move"),
    "restart": N_("↺ start the game again"),
    "recent": N_("Recent events"),
    "this_link": N_("this link"),
    "to_start": N_("to the start"),
    "back": N_("◀ back"),
    "move_of": N_("move {pos} / {len}"),
    "forward": N_("forward ▶"),
    "to_end": N_("to the end"),
    # (a replay's step buttons, as a screen reader names them: their arrows say nothing)
    "step_back": N_("one move back"),
    "step_forward": N_("one move forward"),
    "seen_by": N_("seen by"),
    "place": N_("Place"),
    "seat": N_("Seat"),
    "score": N_("Score"),
    "to_move_tag": N_("to move"),
}
