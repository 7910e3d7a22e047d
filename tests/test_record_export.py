"""python -m kit export --db URL --to DIR: the store's tables as Parquet, the same rows
as kit.record.load gives, written in chunks of games (SQLite and PostgreSQL)."""

from __future__ import annotations

import json

import pandas as pd
import pytest
from pg_fixture import pg_server, pg_url  # noqa: F401  (fixtures)

from kit.__main__ import main
from kit.record import Recorder, load
from kit.record.export import export
from kit.simulate import simulate


def check_export(url: str, folder, game: str | None = None) -> None:
    rec = load(url, game)
    for name in ("games", "seats", "actions", "events", "feedback"):
        got = pd.read_parquet(folder / f"{name}.parquet")
        want = getattr(rec, name)
        assert len(got) == len(want), name
        if len(want):
            assert got["game_id"].tolist() == want["game_id"].tolist(), name
    events = pd.read_parquet(folder / "events.parquet")
    assert [json.loads(d) for d in events["data"]] == list(rec.events["data"])
    assert events["type"].tolist() == rec.events["type"].astype(object).tolist()
    actions = pd.read_parquet(folder / "actions.parquet")
    assert [json.loads(a) for a in actions["action"]] == list(rec.actions["action"])
    assert str(actions["at"].dt.tz) == "UTC"


def test_export_writes_every_table_as_parquet_in_chunks(tmp_path):
    db = tmp_path / "store.sqlite"
    simulate("hanabi", 3, 5, "rule,rule,random", db=db, progress=False)
    simulate("pug_party", 3, 2, "rule", db=db, progress=False)
    with Recorder(db) as rec:
        rec.feedback(1, seat=0, rating=4, text="«Вогнеграй»: fun", unclear_rule="HB-10")
    written = export(db, tmp_path / "out", chunk=2)  # chunks of 2 games: 4 chunks
    assert written["games"] == 7 and written["feedback"] == 1
    check_export(f"sqlite:///{db}", tmp_path / "out")
    fb = pd.read_parquet(tmp_path / "out" / "feedback.parquet")
    assert fb.loc[0, "text"] == "«Вогнеграй»: fun"


def test_the_export_command_writes_one_games_tables(tmp_path, capsys):
    db = tmp_path / "store.sqlite"
    simulate("hanabi", 2, 2, "rule", db=db, progress=False)
    simulate("domino_metro", 2, 1, "rule", db=db, progress=False)
    assert main(["export", "--db", str(db), "--to", str(tmp_path / "x"), "--game",
                 "domino_metro"]) == 0
    assert "1 games" in capsys.readouterr().out
    assert set(pd.read_parquet(tmp_path / "x" / "actions.parquet")["game"]) == {"domino_metro"}
    check_export(f"sqlite:///{db}", tmp_path / "x", "domino_metro")


def test_exporting_a_missing_store_or_game_is_a_clear_error_and_writes_nothing(tmp_path,
                                                                                capsys):
    assert main(["export", "--db", str(tmp_path / "none.sqlite"), "--to",
                 str(tmp_path / "x")]) == 2
    assert "no such file" in capsys.readouterr().err
    db = tmp_path / "store.sqlite"
    simulate("hanabi", 2, 1, "rule", db=db, progress=False)
    assert main(["export", "--db", str(db), "--to", str(tmp_path / "x"), "--game",
                 "pug_party"]) == 2
    assert "no 'pug_party' games are recorded" in capsys.readouterr().err
    assert not (tmp_path / "x").exists()


def test_export_from_postgresql(pg_url, tmp_path):  # noqa: F811
    simulate("waiting_list", 3, 2, "rule", db=pg_url, progress=False)
    export(pg_url, tmp_path / "pg")
    check_export(pg_url, tmp_path / "pg")


@pytest.mark.parametrize("bad", [{"frames": ["moves"]}, {"on_diverge": "ignore"}])
def test_bad_load_options_are_refused_before_the_store_is_opened(tmp_path, bad):
    with pytest.raises(ValueError, match=r"frames are|on_diverge is"):
        load(tmp_path / "none.sqlite", **bad)
    assert not (tmp_path / "none.sqlite").exists()
