"""Recording every game: sessions, games, actions, events and feedback in one store.

    from kit.record import Recorder, load
    rec = Recorder()                                  # ./playtests.sqlite or $KIT_RECORD_URL
    g = rec.start_game(state, seats=["human:Ann", "bot:rule", "bot:rule"])
    g.action(state.history[-1], thinking_time=1.7)    # after each apply; one commit each
    g.finish(state.result())
    g.feedback(seat=0, rating=4, text="fun", unclear_rule="WL-6")
    load(rec, game="hanabi").games                    # tidy pandas DataFrames

A write that keeps failing raises :class:`RecordingStopped` (and ``g.stopped`` stays set
until the kept moves are written); ``g.finish()`` refuses, with
:class:`RecordingIncomplete`, a game whose stored actions are not its history.

See :mod:`kit.record.store` (recording, durability, replay), :mod:`kit.record.loading`
(DataFrames), :mod:`kit.record.analysis` (statistics for the analysis notebook) and
:mod:`kit.record.schema` (the tables).
"""

from kit.record import analysis  # light (pandas and scipy load when used): kit.record.analysis
from kit.record.errors import (
    GameMovedOn,
    RecordError,
    RecordingIncomplete,
    RecordingStopped,
    ReplayDiverged,
    SchemaTooNew,
    StoreError,
    WriteRefused,
)
from kit.record.loading import (
    Recording,
    game_names,
    load,
    load_actions,
    load_events,
    load_feedback,
    load_games,
    load_seats,
    option_set_label,
    who_sat,
)
from kit.record.schema import SCHEMA_VERSION
from kit.record.store import (
    CONSENT_NOTE,
    DEFAULT_URL,
    MEMORY_URL,
    GameRecord,
    Recorder,
    SessionRecord,
    Store,
    default_url,
    open_store,
    replay_game,
)

__all__ = [
    "CONSENT_NOTE", "DEFAULT_URL", "MEMORY_URL", "SCHEMA_VERSION", "GameMovedOn", "GameRecord",
    "RecordError", "Recorder", "Recording", "RecordingIncomplete", "RecordingStopped",
    "ReplayDiverged", "SchemaTooNew", "SessionRecord",
    "Store", "StoreError", "WriteRefused", "analysis", "default_url", "game_names", "load",
    "load_actions", "load_events", "load_feedback", "load_games", "load_seats", "open_store",
    "option_set_label", "replay_game", "who_sat",
]
