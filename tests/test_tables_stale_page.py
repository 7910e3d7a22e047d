"""A table across devices: a move chosen on a page that had not yet seen the game go on
(the same seat's other device moved first) is refused as that, in the page's words, not
by the rule it now breaks (HB-1: it is not that seat's turn any more)."""

from __future__ import annotations

import pytest
from table_pages import page

from kit.record.tables import TableStore


@pytest.mark.parametrize(("lang", "said"), [("en", "on another page"),
                                            ("ru", "на другой странице")])
def test_a_move_chosen_before_the_page_heard_of_the_others_is_refused_as_stale(
        store: TableStore, lang: str, said: str):
    made = store.create("hanabi", 2, ["human", "human"], seed=9, lang=lang)
    token = store.take_seat(made.code, 0)
    store.take_seat(made.code, 1)
    a, a2 = page(store, lang, table=made.code, token=token), page(store, lang, table=made.code,
                                                                   token=token)
    chosen = a2.board.legal[-1]["action"]  # (what a2's page offered at move 0)
    a.board.act(a.board.legal[0]["action"])
    a2.shared.sync()  # (a2's kernel heard of it; its page had not yet drawn it)
    a2.board._on_msg(None, {"kind": "act", "action": chosen, "at": 0})
    assert said in a2.board.error and "(HB-" not in a2.board.error
    assert a2.board.moves == 1 and store.moves(made.game_id) == [
        a.shared.table.state.history[0]]


def test_a_move_at_the_moves_the_page_saw_goes_through_and_a_bad_at_changes_nothing(
        store: TableStore):
    made = store.create("hanabi", 2, ["human", "human"], seed=9, lang="en")
    token = store.take_seat(made.code, 0)
    store.take_seat(made.code, 1)
    a = page(store, table=made.code, token=token)
    move = a.board.legal[0]["action"]
    a.board._on_msg(None, {"kind": "act", "action": move, "at": "0"})
    assert a.board.error and a.board.moves == 0 and store.moves(made.game_id) == []
    a.board._on_msg(None, {"kind": "act", "action": move, "at": 0})
    assert a.board.moves == 1 and len(store.moves(made.game_id)) == 1
