"""The analysis notebook runs on a small store that the test records: simulated games
under two option sets, games with people (thinking times, feedback) and an unfinished
game that no longer replays, for every game in kit.available()."""

from __future__ import annotations

import json
import random
from pathlib import Path

import nbformat
import pytest
import sqlalchemy as sa
from jupyter_client import KernelManager
from nbclient import NotebookClient
from pg_fixture import pg_server, pg_url  # noqa: F401  (fixtures)

import kit
from kit.bots import make_bot
from kit.record import Recorder
from kit.simulate import simulate

NOTEBOOK = Path(__file__).parent.parent / "notebooks" / "analysis.ipynb"

#: a house rule per game to compare on/off (a bool option that is off by default)
HOUSE_RULES = {"hanabi": "keep_score_on_loss", "waiting_list": "keep_characters",
               "pug_party": "voluntary_pickup", "domino_metro": "change"}


def make_store(path: Path | str, game: str) -> None:
    spec = kit.spec(game)
    players = min(3, spec.max_players)
    rule = HOUSE_RULES.get(game)
    simulate(game, players, 6, "rule", db=path, progress=False)
    if rule in spec.options and isinstance(spec.options[rule].default, bool):
        simulate(game, players, 6, "rule", {rule: not spec.options[rule].default}, db=path,
                 progress=False)
    with Recorder(path) as rec:
        session = rec.session(label="club night", facilitator="Ann", place="School 5")
        for seed, finish in ((1, True), (2, True), (3, False)):
            state = kit.new_game(game, players, seed)
            bots = [make_bot(game, "rule") for _ in range(players)]
            rng = random.Random(seed)
            seats = ["human:Ann"] + ["bot:rule"] * (players - 1)
            g = rec.start_game(state, seats=seats, session=session)
            while not state.over and (finish or len(state.history) < 5):
                seat = state.to_act
                state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
                g.action(state.history[-1], thinking_time=rng.uniform(0.5, 20.0))
            if finish:
                g.finish(state.result())
                g.feedback(seat=0, rating=seed + 2, text=f"game {seed}: fun",
                           unclear_rule=f"rule {seed}")
        # the unfinished game no longer replays, as after a rules change
        with rec.store.engine.begin() as conn:
            conn.execute(sa.text("UPDATE actions SET action = '{\"type\": \"retired_move\"}' "
                                 "WHERE game_id = :g AND seq = 2"), {"g": g.id})


@pytest.mark.parametrize("game", kit.available())
def test_analysis_notebook_runs_on_a_recorded_store(tmp_path, monkeypatch, game):
    store = tmp_path / "store.sqlite"
    make_store(store, game)
    run_notebook(tmp_path, monkeypatch, f"sqlite:///{store}", game)


def test_analysis_notebook_runs_the_same_on_postgresql(tmp_path, monkeypatch, pg_url):  # noqa: F811
    make_store(pg_url, "hanabi")
    run_notebook(tmp_path, monkeypatch, pg_url, "hanabi")


def run_notebook(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, url: str, game: str) -> None:
    spec, rule = kit.spec(game), HOUSE_RULES.get(game)
    monkeypatch.setenv("KIT_ANALYSIS_URL", url)
    monkeypatch.setenv("KIT_ANALYSIS_GAME", game)
    nb = nbformat.read(NOTEBOOK, as_version=4)
    # unix sockets, not TCP ports another process on the machine could take meanwhile
    km = KernelManager(kernel_name="python3", transport="ipc",
                       connection_file=str(tmp_path / "kernel.json"))
    km.ip = str(tmp_path / "kernel")
    NotebookClient(nb, km=km, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(NOTEBOOK.parent)}}).execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs
              if o.output_type == "error"]
    assert errors == []
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    shown = json.dumps([outputs, nb.metadata.get("widgets", {})], ensure_ascii=False)
    headings = [c.source for c in nb.cells if c.cell_type == "markdown"]
    for section in ("Game length", "Seat advantage", "Decision time per action type",
                    "Rule edge cases", "Game metrics", "Two option sets compared", "Feedback"):
        assert f"## {section}" in headings, f"the report has no {section!r} section"
    if rule in spec.options and isinstance(spec.options[rule].default, bool):
        # the comparison says in words what changed and how sure we are
        assert "What changed from" in shown or "no figure changed" in shown
        assert "Holm" in shown or "p = " in shown or "p < " in shown
    assert "game 2: fun" in shown  # the feedback table
    assert "Left out of the event statistics" in shown and ", action 2 " in shown
    assert "image/png" in shown  # the plots
