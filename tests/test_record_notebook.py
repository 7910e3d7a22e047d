"""The analysis notebook runs on a small store that the test records: simulated games
under two option sets, games with people (thinking times, feedback) and an unfinished
game that no longer replays, for every game in kit.available(); on a store whose only
run stopped it says so and how to resume it. It says which store it reads, and each
section runs on its own after the setup and figures cells."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import nbformat
import pytest
import sqlalchemy as sa
from jupyter_client import KernelManager
from nbclient import NotebookClient
from notebook_cells import read_from_elsewhere
from pg_fixture import pg_server, pg_url  # noqa: F401  (fixtures)

import kit
from kit.bots import make_bot
from kit.record import Recorder
from kit.record import analysis as A
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


def test_a_store_whose_only_run_stopped_is_shown_with_how_to_resume_it(tmp_path,
                                                                        monkeypatch):
    url = f"sqlite:///{tmp_path / 'store.sqlite'}"
    run = simulate("waiting_list", 3, 3, "rule", db=url, progress=False)
    with Recorder(url) as rec:  # as if stopped before its last games
        rec.complete_session(run.session_id, False)
    shown = execute(tmp_path, monkeypatch, url, "waiting_list")
    assert f"Reading **`{url}`** (named by KIT_ANALYSIS_URL)" in shown
    assert "no finished games to analyse yet" in shown and "3 of 3 games recorded" in shown
    assert f"--resume {run.session_id}" in shown
    assert "Only one option set" not in shown and "0 games recorded" not in shown


def test_each_section_reads_only_the_setup_the_figures_and_its_own_names():
    cells = nbformat.read(NOTEBOOK, as_version=4).cells
    assert read_from_elsewhere(cells, sections(cells), {"setup", "figures"}) == {}


def test_each_section_runs_on_its_own_after_the_setup_and_the_figures(tmp_path, monkeypatch):
    store = tmp_path / "store.sqlite"
    make_store(store, "waiting_list")
    monkeypatch.setenv("KIT_ANALYSIS_URL", f"sqlite:///{store}")
    cells = nbformat.read(NOTEBOOK, as_version=4).cells
    first = [c.source for c in cells if {"setup", "figures"} & set(c.metadata.get("tags", []))]
    assert len(first) == 2  # the setup, then the figures every section reads
    run = nbformat.v4.new_notebook(metadata=nbformat.read(NOTEBOOK, as_version=4).metadata)
    for _title, code in sections(cells):
        run.cells += [nbformat.v4.new_code_cell(s) for s in ["%reset -f", *first]]
        run.cells += [nbformat.v4.new_code_cell(c.source) for c in code]
    client(tmp_path, run).execute()  # (a failing cell raises CellExecutionError, naming it)


def test_the_checks_are_folded_away_and_say_what_failed():
    cells = [c for c in nbformat.read(NOTEBOOK, as_version=4).cells if c.cell_type == "code"]
    for cell in cells:
        tree = ast.parse(cell.source)
        assert not any(isinstance(n, ast.Assert) for n in ast.walk(tree)), cell.source[:80]
    checks = [c for c in cells if "check" in c.metadata.get("tags", [])]
    assert checks and all(c.metadata.get("jupyter", {}).get("source_hidden") for c in checks)


def sections(cells: list) -> list[tuple[str, list]]:
    """(heading, its code cells) for every second-level heading after the figures."""
    out: list[tuple[str, list]] = []
    for cell in cells:
        tags = set(cell.metadata.get("tags", []))
        if cell.cell_type == "markdown" and cell.source.startswith("## "):
            out.append((cell.source.splitlines()[0][3:], []))
        elif out and cell.cell_type == "code" and not {"setup", "figures"} & tags:
            out[-1][1].append(cell)
    return [(title, code) for title, code in out if code]


def client(tmp_path: Path, nb: nbformat.NotebookNode) -> NotebookClient:
    # unix sockets, not TCP ports another process on the machine could take meanwhile
    km = KernelManager(kernel_name="python3", transport="ipc",
                       connection_file=str(tmp_path / "kernel.json"))
    km.ip = str(tmp_path / "kernel")
    return NotebookClient(nb, km=km, timeout=300, kernel_name="python3",
                          resources={"metadata": {"path": str(NOTEBOOK.parent)}})


def execute(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, url: str, game: str) -> str:
    """Run the notebook on ``url`` for ``game``; what it showed, as JSON text."""
    monkeypatch.setenv("KIT_ANALYSIS_URL", url)
    monkeypatch.setenv("KIT_ANALYSIS_GAME", game)
    nb = nbformat.read(NOTEBOOK, as_version=4)
    client(tmp_path, nb).execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs
              if o.output_type == "error"]
    assert errors == []
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    return json.dumps([outputs, nb.metadata.get("widgets", {})], ensure_ascii=False)


def run_notebook(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, url: str, game: str) -> None:
    spec, rule = kit.spec(game), HOUSE_RULES.get(game)
    shown = execute(tmp_path, monkeypatch, url, game)
    headings = [c.source.splitlines()[0] for c in nbformat.read(NOTEBOOK, as_version=4).cells
                if c.cell_type == "markdown"]
    for section in ("Game length", "Seat advantage", "Decision time per action type",
                    "Rule edge cases", "Game metrics", "Two option sets compared", "Feedback"):
        assert f"## {section}" in headings, f"the report has no {section!r} section"
    assert "(named by KIT_ANALYSIS_URL)" in shown and "This is a demo" not in shown
    if rule in spec.options and isinstance(spec.options[rule].default, bool):
        # the comparison says in words what changed and how sure we are
        assert "What changed from" in shown or "no figure changed" in shown
        assert "corrected for comparing" in shown
    if game in A.COOPERATIVE:  # a team score, no seat advantage
        assert "is cooperative" in shown and "fair share" not in shown
    else:
        assert "the player who moved first won" in shown
    assert "game 2: fun" in shown  # the feedback table
    assert "Left out of the event statistics" in shown and ", action 2 " in shown
    assert "image/png" in shown  # the plots
    assert "Progress" not in shown  # no progress bar (left at 0% in a saved page)
