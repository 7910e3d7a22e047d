"""Tables across devices (issue 39; DESIGN.md, "Boards"): presence said by the browser
tab (widgets/presence.py), a new link for a seat whose link was lost, and the join page's
answers to a link it cannot take. In-process, each page its own TableApp (as each Voilà
page is its own kernel); the tab's pings are the messages its script sends."""

from __future__ import annotations

import time
from urllib.parse import parse_qs, urlparse

import pytest
from table_pages import find, page

from kit.record.tables import TableRefused, TableStore
from widgets.shared_table import TableApp


def tab_says(app: TableApp, kind: str) -> list:
    """The page's tab sends ``kind`` ("ping", "bye"); returns what the kernel answered."""
    sent: list = []
    pulse = app.pulse
    pulse.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]
    pulse._heard(pulse, {"type": kind, "n": 1}, [])
    return sent


def test_a_ping_is_answered_and_keeps_the_seat_connected(store: TableStore):
    made = store.create("hanabi", 2, ["human", "human"], seed=4, lang="en")
    t0 = store.take_seat(made.code, 0, "Ann")
    seat = page(store, table=made.code, token=t0)
    assert tab_says(seat, "ping") == [{"type": "ack", "n": 1}]  # (the tab's notice stays away)
    assert seat.pulse.alive()
    assert "Ann (you): connected" in seat.presence.value


def test_a_tab_that_stopped_pinging_is_not_connected_though_its_kernel_runs(
        store: TableStore, monkeypatch: pytest.MonkeyPatch):
    """The kernel outlives the tab: without pings it no longer says the seat is there,
    and the host may give the seat to a bot (HB-3: the game would wait for it)."""
    made = store.create("hanabi", 2, ["human", "human"], seed=4, lang="en")
    t1 = store.take_seat(made.code, 1, "Bob")
    bob = page(store, table=made.code, token=t1)
    tab_says(bob, "ping")
    host = page(store, table=made.code, host=made.host_key)
    assert "Bob: connected" in host.presence.value
    monkeypatch.setattr("widgets.presence.ALIVE_S", 0.25)
    monkeypatch.setattr("kit.record.tables.PRESENT_S", 0.2)
    time.sleep(0.3)  # (his last ping, and his take_seat, long ago: his tab closed)
    assert not bob.pulse.alive()
    bob.shared.beat(force=True)  # (the kernel's beat goes on: it says nothing now)
    host.shared.beat(force=True)
    assert "Bob: not connected" in host.presence.value
    assert find(host.replace_box, "kit-seat-bot-1") is not None
    # the tab pings again (a phone woken): connected at once
    tab_says(bob, "ping")
    host.shared.beat(force=True)
    assert "Bob: connected" in host.presence.value


def test_a_closing_tab_is_not_connected_at_once_and_gives_up_the_bots_lease(store: TableStore):
    made = store.create("hanabi", 3, ["human", "human", "bot:rule"], seed=4, lang="en")
    t0 = store.take_seat(made.code, 0, "Ann")
    store.take_seat(made.code, 1, "Bob")
    ann = page(store, table=made.code, token=t0)
    assert ann.shared.table.bots_here  # (the first page holds the bots' lease)
    tab_says(ann, "bye")
    assert not ann.shared.table.bots_here
    assert store.lease(made.code, "another page")  # (free for another page at once)
    assert not store.info(made.code).seats[0].present
    ann.shared.beat(force=True)  # (its kernel's beats do not bring it back)
    assert not store.info(made.code).seats[0].present


def test_the_host_gives_a_seat_a_new_link_and_the_old_one_is_refused(store: TableStore):
    """A lost seat link: the host's new link opens the seat with its name and moves; the
    old one is refused, and its page, still open, only watches."""
    made = store.create("hanabi", 2, ["human", "human"], seed=4, lang="ru")
    old = store.take_seat(made.code, 0, "Аня")
    ann = page(store, "ru", table=made.code, token=old)
    ann.board.act(ann.board.legal[0]["action"])
    host = page(store, "ru", table=made.code, host=made.host_key)
    button = find(host.replace_box, "kit-new-link-0")
    assert button is not None and button.description == "Новая ссылка для места 1"
    button.click()
    assert host.message.value == ""
    assert "kit-new-seat-link-0" in host.links.value and "<svg" in host.links.value
    url = host.new_links[0]
    query = parse_qs(urlparse(url).query)
    assert "lang" not in query  # (the phone's own language decides)
    again = page(store, None, table=made.code, token=query["token"][0])
    assert again.board.seat == 0 and again.board.names[0] == "Аня" and again.board.moves == 1
    refused = page(store, "ru", table=made.code, token=old)
    assert refused.board is None and "подделана или устарела" in refused.message.value
    ann.shared.sync()
    assert ann.shared.link_replaced and not ann.shared.table.takes_moves
    assert "новую ссылку" in ann.presence.value
    with pytest.raises(TableRefused):  # (only with the host's key)
        store.new_seat_link(made.code, "not the key", 0)
    # a free seat has no link to replace; nor has a seat beyond the table, or one that is
    # not a number: each is refused the same way, and nothing changes
    version = store.info(made.code).version
    for seat in (1, 2, -1, "0", True):
        with pytest.raises(TableRefused) as refused_seat:
            store.new_seat_link(made.code, made.host_key, seat)  # type: ignore[arg-type]
        assert refused_seat.value.code == "seat_not_taken"
    assert store.info(made.code).version == version


def test_a_seat_link_of_a_taken_seat_says_so_up_front(store: TableStore):
    made = store.create("hanabi", 3, ["human", "human", "human"], seed=4, lang="uk")
    store.take_seat(made.code, 0, "Оля")
    join = page(store, "uk", table=made.code, seat="1")
    assert "Місце 1 уже зайняте" in join.body.children[0].value  # (above the seats)
    assert find(join.body, "kit-take-seat-1") and find(join.body, "kit-take-seat-2")


def test_a_lost_seat_race_keeps_the_name_typed(store: TableStore):
    made = store.create("hanabi", 2, ["human", "human"], seed=4, lang="en")
    slow = page(store, table=made.code)
    store.take_seat(made.code, 0, "Quick")  # (another phone tapped first)
    find(slow.body, "kit-table-name").value = "Misha"
    find(slow.body, "kit-take-seat-0").click()
    assert slow.board is None and "taken" in slow.message.value
    assert find(slow.body, "kit-table-name").value == "Misha"


@pytest.mark.parametrize("seat", ["0", "9", "-1", "abc"])
def test_a_bad_seat_number_in_a_link_is_said_and_changes_nothing(store: TableStore, seat: str):
    made = store.create("hanabi", 2, ["human", "human"], seed=4, lang="ru")
    join = page(store, "ru", table=made.code, seat=seat)
    assert f"место «{seat}»" in join.message.value and "с 1 по 2" in join.message.value
    assert find(join.body, "kit-take-seat-0") and find(join.body, "kit-take-seat-1")
    assert store.info(made.code).free == [0, 1]


def test_an_unknown_view_is_said(store: TableStore):
    made = store.create("hanabi", 2, ["human", "human"], seed=4, lang="en")
    join = page(store, table=made.code, view="foo")
    assert "“foo”" in join.message.value and join.board is None
    assert find(join.body, "kit-take-seat-0") is not None


def test_shared_links_carry_no_language_and_the_code_fields_enter_joins(store: TableStore):
    made = store.create("hanabi", 2, ["human", "human"], seed=4, lang="ru")
    host = page(store, "ru", table=made.code, host=made.host_key)
    assert "lang=" not in host.links.value  # (seat QR codes, join, projector links)
    assert "lang=ru" in host.address.url  # (the host's own address keeps its language)
    code_page = page(store, "ru")
    field = find(code_page.body, "kit-table-code-field")
    assert field.continuous_update is False
    field.value = made.code[:3]  # (half typed, then the field left: nothing refused yet)
    assert code_page.message.value == "" and find(code_page.body, "kit-take-seat-0") is None
    field.value = made.code.lower()  # (typed, then Enter: the value is sent)
    assert find(code_page.body, "kit-take-seat-0") is not None
