"""Hostile input to the engines, the data files and the store (issue 37, items 7 and 10):
each a clear IllegalAction or ConfigError, naming the file and entry where there is one,
with nothing changed or written; text a database can't encode is stored safely."""

from __future__ import annotations

import subprocess
import sys

import pytest
from pg_fixture import pg_server, pg_url  # noqa: F401  (fixtures)

import kit
from kit.datafile import MAX_BYTES, MAX_COUNT
from kit.paths import DATA_DIR
from kit.record import Recorder, load
from kit.simulate import simulate


def deep(n: int) -> list:
    x: list = []
    for _ in range(n):
        x = [x]
    return x


HUGE = 10**5000  # (printing it raises ValueError: Python's 4,300-digit limit)


def hostile(action: dict) -> list[dict]:
    """The action with each field (and its seat and type) made huge or deeply nested."""
    out = [{**action, "seat": HUGE}, {**action, "seat": deep(1000)}, {"type": deep(1000)},
           {"type": HUGE}, {**action, "note": deep(1000)}, {**action, "x": [0] * 10**6}]
    for key in action:
        if key not in ("type", "seat"):
            out += [{**action, key: v} for v in (HUGE, -HUGE, deep(1000), [HUGE], deep(50))]
    return out


@pytest.mark.parametrize("game", kit.available())
def test_contract_an_action_with_a_huge_int_or_deep_nesting_is_an_illegal_action(game):
    state = kit.new_game(game, kit.spec(game).min_players, seed=3)
    before = state.snapshot()
    for legal in state.legal_actions()[:5]:
        for bad in hostile(legal.to_json()):
            with pytest.raises(kit.IllegalAction) as err:
                state.apply(bad)
            assert len(str(err.value)) < 400
            assert not state.is_legal(bad)
    assert state.snapshot() == before


@pytest.mark.parametrize("seed", [2**63, 2**64 + 1, HUGE, -1],
                         ids=["2**63", "2**64+1", "huge", "-1"])
def test_a_seed_beyond_64_bits_is_a_config_error(seed):
    for game in kit.available():
        with pytest.raises(kit.ConfigError, match="seed") as err:
            kit.new_game(game, kit.spec(game).min_players, seed=seed)
        assert len(str(err.value)) < 200


def test_a_simulation_whose_last_seed_passes_64_bits_writes_nothing(tmp_path):
    db = tmp_path / "s.sqlite"
    with pytest.raises(kit.ConfigError, match="seed"):
        simulate("hanabi", 2, 3, db=db, seed=2**63 - 2, progress=False)
    assert not db.exists()
    done = subprocess.run([sys.executable, "-m", "kit", "simulate", "hanabi", "--players", "2",
                           "--games", "2", "--seed", str(2**64), "--db", str(db)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "seed" in done.stderr and "Traceback" not in done.stderr
    assert not db.exists()
    run = simulate("hanabi", 2, 2, db=db, seed=2**63 - 2, progress=False)  # (the largest fit)
    assert sorted(load(db).games["seed"]) == [2**63 - 2, 2**63 - 1] and run.games == 2


@pytest.fixture(params=["sqlite", "postgresql"])
def recorder(request, tmp_path):
    url = tmp_path / "s.sqlite" if request.param == "sqlite" else request.getfixturevalue(
        "pg_url")
    with Recorder(url) as rec:
        yield rec


def test_text_with_lone_surrogates_is_stored_safely(recorder):
    g = recorder.start_game(kit.new_game("hanabi", 2, seed=1),
                            seats=["human:Ann\udc80", "human:😀"])
    session = recorder.session(label="club \ud83d")
    g.feedback(seat=0, rating=3, text="great \ud83d game 😀 \udfff", unclear_rule="HB-1\udc00")
    tables = load(recorder)
    fb = tables.feedback.iloc[0]
    assert fb["text"] == "great \ufffd game 😀 \ufffd" and fb["unclear_rule"] == "HB-1\ufffd"
    assert tables.games.iloc[0]["seats"] == ["human:Ann\ufffd", "human:😀"]
    assert recorder.get_session(session.id).label == "club \ufffd"


# -- data files ----------------------------------------------------------------------------

DATA_OPTIONS = [("pug_party", "deck", "pug_party/deck.toml"),
                ("waiting_list", "deck", "waiting_list/deck.toml"),
                ("domino_metro", "set_file", "domino_metro/double_nine.toml")]


def new_with(game: str, option: str, path) -> None:
    kit.new_game(game, kit.spec(game).min_players, seed=1, **{option: str(path)})


@pytest.mark.parametrize(("game", "option", "shipped"), DATA_OPTIONS)
def test_data_file_with_a_bom_or_bytes_not_utf8_names_the_file(tmp_path, game, option,
                                                               shipped):
    text = (DATA_DIR / shipped).read_bytes()
    bom, latin = tmp_path / "bom.toml", tmp_path / "latin1.toml"
    bom.write_bytes(b"\xef\xbb\xbf" + text)
    latin.write_bytes(text + "\n# café\n".encode("latin-1"))
    with pytest.raises(kit.ConfigError, match=r"bom\.toml.*byte order mark"):
        new_with(game, option, bom)
    with pytest.raises(kit.ConfigError, match=r"latin1\.toml.*not UTF-8 text \(byte 0xe9 on line"):
        new_with(game, option, latin)


@pytest.mark.parametrize(("game", "option", "shipped"), DATA_OPTIONS)
def test_data_file_that_is_a_device_or_too_big_is_not_read(tmp_path, game, option, shipped):
    with pytest.raises(kit.ConfigError, match=r"zero.*not a regular file"):
        new_with(game, option, "/dev/zero")
    big = tmp_path / "big.toml"
    big.write_bytes((DATA_DIR / shipped).read_bytes() + b"#" * MAX_BYTES)
    with pytest.raises(kit.ConfigError, match=r"big\.toml.*larger than"):
        new_with(game, option, big)


@pytest.mark.parametrize(("game", "entry"), [("pug_party", "card#1.count"),
                                             ("waiting_list", "card#1.count")])
@pytest.mark.parametrize("count", [10**21, MAX_COUNT + 1])
def test_ppr1_wlr1_a_deck_with_a_huge_count_names_file_and_entry(tmp_path, game, entry, count):
    text = (DATA_DIR / game / "deck.toml").read_text(encoding="utf-8")
    first = text.index("count = ")
    end = text.index("\n", first)
    path = tmp_path / "huge.toml"
    path.write_text(text[:first] + f"count = {count}" + text[end:], encoding="utf-8")
    with pytest.raises(kit.ConfigError, match=rf"must be at most {MAX_COUNT}, not {count}") \
            as err:
        new_with(game, "deck", path)
    assert "huge.toml" in err.value.option and entry in err.value.option
