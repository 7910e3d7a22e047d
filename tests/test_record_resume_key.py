"""A recorded game locked with a resume key goes on only with that key (issue 37, item 9):
the store keeps the key's SHA-256, never the key."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

import kit
from kit.record import Recorder, RecordError


def test_a_locked_game_resumes_only_with_its_key(tmp_path):
    with Recorder(tmp_path / "s.sqlite") as rec:
        state = kit.new_game("hanabi", players=2, seed=1)
        g = rec.start_game(state)
        state.apply(state.legal_actions()[0])
        g.action(state.history[-1])
        key = rec.lock_resume(g.id)
        assert len(key) >= 32
        with pytest.raises(RecordError, match="has a resume key already"):
            rec.lock_resume(g.id)  # (nobody takes the game from its key's holder)
        for wrong in (None, "", key[:-1], key + "x"):
            with pytest.raises(RecordError, match="goes on only with the key"):
                rec.resume(g.id, key=wrong)
        again, record = rec.resume(g.id, key=key)
        assert again.history == state.history and record.id == g.id
        with rec.store.engine.connect() as conn:
            stored = conn.execute(sa.text("SELECT resume_key FROM games")).scalar_one()
        assert key not in stored and len(stored) == 64


def test_a_game_without_a_key_resumes_in_python_but_not_where_a_key_is_needed(tmp_path):
    with Recorder(tmp_path / "s.sqlite") as rec:
        g = rec.start_game(kit.new_game("hanabi", players=2, seed=1))
        assert rec.resume(g.id)[1].id == g.id
        with pytest.raises(RecordError, match="goes on only with the key"):
            rec.resume(g.id, need_key=True)
        for bad in (0, -1, 2**31, 10**5000, True):
            with pytest.raises(RecordError, match="a recorded game's id is a number"):
                rec.resume(bad)
