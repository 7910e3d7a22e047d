"""The pages of a table across devices (issue 39, widgets/shared_table.py) in-process:
the form's "Create a table", the join page, a seat's page, the projector's, the
teacher's (only with its key) and the host's (QR codes, a bot for a player who left); a
move made on one page reaches the others; a stale move is refused in the page's words.
Each page here is its own TableApp, as each Voilà page is its own kernel (without an
event loop, a page catches up when ``shared.sync()`` is called)."""

from __future__ import annotations

from urllib.parse import parse_qs

import pytest
from table_pages import find, page

from kit.record.tables import TableStore
from widgets.app import PlaytestApp


def click(widget) -> None:
    widget.click()


def test_the_form_creates_a_table_and_the_host_gets_links_and_qr_codes(store: TableStore):
    app = PlaytestApp("hanabi", query="players=3&seats=human,human,bot:rule&seed=3&lang=en")
    click(find(app.form, "kit-create-table"))
    host = app.host_page
    assert host is not None and app.form.layout.display == "none", app.message.value
    code = host.shared.code
    links = host.links.value
    assert code in links and "kit-join-link" in links and "kit-projector-link" in links
    assert links.count("<svg") == 2  # a QR code per free seat (seats 1 and 2)
    assert "kit-teacher-link" not in links  # not asked for
    assert "table_app.ipynb?" in host.address.url and "host=" in host.address.url
    info = store.info(code)
    assert [s.kind for s in info.seats] == ["human", "human", "bot:rule"]
    assert info.lang == "en" and info.seed == 3


def test_a_player_joins_takes_a_seat_and_a_reload_gets_it_back(store: TableStore):
    made = store.create("hanabi", 2, ["human", "human"], seed=2, lang="en")
    join = page(store, table=made.code, seat="2")
    find(join.body, "kit-table-name").value = "Bea"
    click(find(join.body, "kit-take-seat-1"))
    assert join.board is not None and join.board.seat == 1 and join.board.names[1] == "Bea"
    token = parse_qs(join.address.url.split("?", 1)[1])["token"][0]
    again = page(store, table=made.code, token=token)  # a reload, another device
    assert again.board.seat == 1 and again.message.value == ""
    # the seat is no longer offered; the other one is
    other = page(store, table=made.code)
    assert find(other.body, "kit-take-seat-1") is None
    assert find(other.body, "kit-take-seat-0") is not None


def test_a_forged_token_or_key_is_refused_in_the_pages_language(store: TableStore):
    made = store.create("hanabi", 2, ["human", "human"], seed=2, lang="ru")
    forged = page(store, "ru", table=made.code, token="x" * 32)
    assert forged.board is None and "подделана или устарела" in forged.message.value
    host = page(store, "uk", table=made.code, host="not-the-key")
    assert host.board is None and "ключ неправильний" in host.message.value
    teacher = page(store, "en", table=made.code, teacher="guess")
    assert teacher.board is None and "key is wrong" in teacher.message.value
    missing = page(store, "en", table="ABCDEF")
    assert "There is no table ABCDEF" in missing.message.value


def test_projector_and_teacher_pages(store: TableStore):
    made = store.create("hanabi", 3, ["human"] * 3, seed=5, lang="en", teacher=True)
    projector = page(store, table=made.code, view="projector")
    b = projector.board
    assert b.seat is None and b.open_hands == [] and b.legal == []
    assert b.view == projector.shared.table.state.view(None)
    teacher = page(store, table=made.code, teacher=made.teacher_key)
    assert teacher.board.mode == "teacher" and len(teacher.board.open_hands) == 3
    assert "every hand is open" in teacher.body.children[0].value
    assert teacher.board.legal == [] and not teacher.board.can_undo  # it only watches


def test_a_move_reaches_the_other_pages_and_a_stale_one_is_refused(store: TableStore):
    """HB-4/HB-5 moves made on two devices of one seat and on another seat's page."""
    made = store.create("hanabi", 2, ["human", "human"], seed=9, lang="en")
    t0, t1 = store.take_seat(made.code, 0), store.take_seat(made.code, 1)
    a, a2 = page(store, table=made.code, token=t0), page(store, table=made.code, token=t0)
    b = page(store, table=made.code, token=t1)
    a.board.act(a.board.legal[0]["action"])
    assert b.shared.sync() and b.board.moves == 1 and b.board.legal  # Bob's turn now
    # a2 (Ann's other device) has not heard yet: its move is stale, and says so
    a2.board._on_msg(None, {"kind": "act", "action": a2.board.legal[-1]["action"]})
    assert "made first on another page" in a2.board.error
    a2.shared.sync()
    assert a2.board.moves == 1 and a2.board.legal == []
    assert store.moves(made.game_id) == [a.shared.table.state.history[0]]


def test_presence_and_the_host_gives_a_seat_to_a_bot(store: TableStore,
                                                     monkeypatch: pytest.MonkeyPatch):
    made = store.create("hanabi", 2, ["human", "human"], seed=4, lang="en")
    t0 = store.take_seat(made.code, 0, "Ann")
    store.take_seat(made.code, 1, "Bob")
    seat = page(store, table=made.code, token=t0)
    assert "Ann (you): connected" in seat.presence.value
    host = page(store, table=made.code, host=made.host_key)
    assert "Bob: connected" in host.presence.value  # (he took his seat just now)
    assert find(host.replace_box, "kit-seat-bot-1") is None
    # time passes: nobody's page has said it is there since; the host may give Bob's seat
    # to a bot
    monkeypatch.setattr("kit.record.tables.PRESENT_S", 0.0)
    host.shared.beat(force=True)
    assert "Bob: not connected" in host.presence.value
    button = find(host.replace_box, "kit-seat-bot-1")
    assert button is not None
    click(button)
    assert host.shared.table.kinds[1] == "bot:rule"
    seat.shared.sync()
    assert seat.shared.table.kinds[1] == "bot:rule"
    assert "bot" in seat.presence.value


def test_the_host_gives_a_seat_nobody_took_to_a_bot(store: TableStore):
    """A table of three where only two people came: the game waited for the third seat
    for ever, and the host had no button for a seat nobody had taken (HB-3: a turn each
    in order, so play cannot skip it)."""
    made = store.create("hanabi", 3, ["human", "human", "human"], seed=4, lang="ru")
    t0 = store.take_seat(made.code, 0, "Аня")
    store.take_seat(made.code, 1, "Богдан")
    host = page(store, table=made.code, host=made.host_key)
    assert find(host.replace_box, "kit-seat-bot-0") is None  # (they are here)
    button = find(host.replace_box, "kit-seat-bot-2")
    assert button is not None and "3" in button.description
    click(button)
    assert host.shared.table.kinds[2] == "bot:rule"
    seat = page(store, table=made.code, token=t0)
    assert seat.shared.table.kinds[2] == "bot:rule"
    assert find(host.replace_box, "kit-seat-bot-2") is None


@pytest.mark.parametrize("lang, label", [("ru", "Код стола"), ("uk", "Код столу"),
                                         ("en", "Table code")])
def test_the_join_pages_code_field_is_labelled_as_a_tables_code(store: TableStore, lang: str,
                                                                label: str):
    """The field for a table's code was labelled «На столе» (Pug Party's cards on the
    table: one catalog entry for two things)."""
    join = page(store, lang=lang)
    field = find(join.body, "kit-table-code-field")
    assert field is not None and field.description == label


def test_a_link_to_no_table_says_so_and_offers_the_code_field(store: TableStore):
    """«Стола QQQQQQ нет» was a dead end: no field for the right code."""
    lost = page(store, lang="ru", table="QQQQQQ")
    assert "QQQQQQ" in lost.message.value
    assert find(lost.body, "kit-table-code-field") is not None
    made = store.create("hanabi", 2, ["human", "human"], seed=1, lang="ru")
    forged = page(store, lang="ru", table=made.code, token="forged")
    assert forged.board is None and find(forged.body, "kit-table-code-field") is not None
