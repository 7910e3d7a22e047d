"""Data files edited in a running process (a designer's notebook) are read again, and
recordings tell a data file by its content, not by the path that names it."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import kit
from kit.datafile import data_files, digest, recorded_files, recorded_rules
from kit.domino_metro.scoring import load_scoring
from kit.hanabi.variants import variants
from kit.paths import data_path


def copy(tmp_path: Path, name: str) -> Path:
    """A copy of a shipped data file in ``tmp_path``."""
    target = tmp_path / Path(name).name
    shutil.copy(data_path(name), target)
    return target


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def hand(state: kit.GameState) -> int:
    return len(state.view(0)["hand"])


def test_dm1_an_edited_set_file_deals_the_new_hand_size(tmp_path: Path) -> None:
    path = copy(tmp_path, "domino_metro/double_nine.toml")
    assert hand(kit.new_game("domino_metro", 2, 0, set_file=str(path))) == 10
    edit(path, "hand_size = 10 ", "hand_size = 7 ")
    assert hand(kit.new_game("domino_metro", 2, 0, set_file=str(path))) == 7


def test_dm10_an_edited_scoring_file_gives_the_new_match_points(tmp_path: Path) -> None:
    path = copy(tmp_path, "domino_metro/scoring.toml")
    assert load_scoring(str(path)).metro_double == 2
    edit(path, "metro_double = 2 ", "metro_double = 15 ")
    assert load_scoring(str(path)).metro_double == 15


def test_hb1_an_edited_variants_file_gives_the_new_token_count(tmp_path: Path) -> None:
    path = copy(tmp_path, "hanabi/variants.toml")
    assert variants(str(path))["classic"].hint_tokens == 8
    edit(path, "hint_tokens = 8 ", "hint_tokens = 12 ")
    assert variants(str(path))["classic"].hint_tokens == 12


def test_a_data_file_is_named_by_its_content_however_its_path_is_written(
        tmp_path: Path, monkeypatch) -> None:
    spec = kit.spec("pug_party")
    shipped = data_path("pug_party/deck.toml")
    path = copy(tmp_path, "pug_party/deck.toml")
    monkeypatch.chdir(tmp_path)
    spellings = [str(shipped), str(path), "deck.toml", f"../{tmp_path.name}/deck.toml"]
    labels = {data_files(spec, {"deck": p})["deck"] for p in spellings}
    assert labels == {f"deck.toml@{digest(shipped)}"}
    edit(path, "\n", "\n# edited\n")
    assert data_files(spec, {"deck": str(path)})["deck"] != labels.pop()


def test_the_recorded_rules_version_carries_the_data_files_and_reads_back() -> None:
    spec = kit.spec("domino_metro")
    rules = recorded_rules(spec, spec.defaults())
    assert rules.startswith(spec.rules_version + "; data ")
    assert recorded_files(rules) == data_files(spec, spec.defaults())
    assert set(recorded_files(rules)) == {"set_file", "scoring_file"}
    assert recorded_files(kit.spec("hanabi").rules_version) == {}  # (and old recordings)


def test_recorded_runs_tell_a_deck_by_content_not_by_path(tmp_path: Path,
                                                          monkeypatch) -> None:
    """The same deck named three ways is one option set (the default's, "defaults");
    an edited copy is another option set before and after each edit."""
    from kit.record import load
    from kit.simulate import simulate

    db = tmp_path / "s.sqlite"
    shipped = data_path("pug_party/deck.toml")
    monkeypatch.chdir(tmp_path)
    for deck in ("pug_party/deck.toml", str(shipped), os.path.relpath(shipped)):
        simulate("pug_party", 2, 1, options={"deck": deck}, db=db, progress=False)
    (tmp_path / "mine").mkdir()
    path = copy(tmp_path / "mine", "pug_party/deck.toml")
    labels = []
    for mark in ("# first try\n", "# second try\n"):
        path.write_text(mark + path.read_text(encoding="utf-8"), encoding="utf-8")
        labels.append(f"deck=deck.toml@{digest(path)}")
        simulate("pug_party", 2, 1, options={"deck": str(path)}, db=db, progress=False)
    games = load(db, "pug_party", events=False).games
    assert games["option_set"].astype(str).tolist() == ["defaults"] * 3 + labels
    assert labels[0] != labels[1]


def test_hb1_a_new_game_deals_from_the_edited_variants_file(tmp_path: Path) -> None:
    """HB-1, HB-12: a designer who edits the variants file in a running notebook gets new
    games with the new token count (the engine's per-variant tables follow the file)."""
    import subprocess
    import sys

    data = tmp_path / "data"
    shutil.copytree(data_path(""), data)
    script = (
        "import kit, pathlib\n"
        "p = pathlib.Path('{}')\n"
        "print(kit.new_game('hanabi', 3, 0).view(0)['max_hints'])\n"
        "t = p.read_text(encoding='utf-8')\n"
        "p.write_text(t.replace('hint_tokens = 8 ', 'hint_tokens = 12 '), encoding='utf-8')\n"
        "print(kit.new_game('hanabi', 3, 0).view(0)['max_hints'])\n"
    ).format(data / "hanabi" / "variants.toml")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         env={**os.environ, "KIT_DATA": str(data)}, check=True)
    assert out.stdout.split() == ["8", "12"]


def test_hb12_hanabi_games_name_the_variants_file_they_were_dealt_from() -> None:
    """HB-12: Hanabi has no file option, but every game reads the variants file: it is
    recorded by content, and games dealt from an edited file are another option set."""
    from kit.record.loading import option_set_label

    spec = kit.spec("hanabi")
    now = f"variants.toml@{digest(data_path('hanabi/variants.toml'))}"
    files = recorded_files(recorded_rules(spec, spec.defaults()))
    assert files == {"variants": now}
    assert option_set_label("hanabi", spec.defaults(), files) == "defaults"
    edited = {"variants": "variants.toml@0123456789ab"}
    assert option_set_label("hanabi", spec.defaults(), edited) == \
        "variants=variants.toml@0123456789ab"
    assert option_set_label("hanabi", {**spec.defaults(), "variant": "rainbow_wild"},
                            edited) == "variant=rainbow_wild, variants=variants.toml@0123456789ab"
