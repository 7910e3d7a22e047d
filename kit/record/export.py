"""Parquet export of a recording store: ``python -m kit export --db URL --to DIR``.

Writes ``games``, ``seats``, ``actions``, ``events`` and ``feedback`` as Parquet files
(one row per game, seat, action, event, feedback form, as :func:`kit.record.load`
gives them) for pandas, Polars or DuckDB. Actions and events are read and written in
chunks of games, so a store of any size exports in bounded memory. JSON values
(actions, event data, seats, results) are JSON text; the option columns are in
``games`` only (join on ``game_id``); times are UTC.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson

from kit.errors import NC_, ConfigError
from kit.record.loading import Source, game_names, load
from kit.record.store import open_store

if TYPE_CHECKING:
    import pandas as pd
    import pyarrow as pa

#: games whose actions and events are read at once
CHUNK = 500
TABLES = ("games", "seats", "actions", "events", "feedback")
#: columns holding JSON values, written as JSON text in every row
JSON_COLUMNS = ("seats", "result", "scores", "places", "winners", "action", "visible_to",
                "data")


def _schemas(pa: Any) -> dict[str, pa.Schema]:
    """The fixed columns of the chunked tables (so every chunk writes the same schema)."""
    text, i32, i64 = pa.string(), pa.int32(), pa.int64()
    when = pa.timestamp("us", tz="UTC")
    return {
        "actions": pa.schema([("game_id", i64), ("game", text), ("seq", i32), ("seat", i32),
                              ("who", text), ("kind", text), ("type", text), ("action", text),
                              ("at", when), ("thinking_time", pa.float64()),
                              ("option_set", text)]),
        "events": pa.schema([("game_id", i64), ("game", text), ("seq", i32), ("n", i32),
                             ("type", text), ("action_type", text), ("seat", i32),
                             ("public", pa.bool_()), ("visible_to", text), ("data", text),
                             ("option_set", text)]),
    }


def export(source: Source, to: str | Path, game: str | None = None, *, chunk: int = CHUNK,
           on_diverge: str = "skip", progress: bool = False) -> dict[str, int]:
    """Write the store's tables (of one game, or all) as Parquet files into ``to``;
    returns the rows written per table. Games that no longer replay have no events
    (``on_diverge="skip"``) or stop the export (``"raise"``)."""
    import pyarrow as pa
    import pyarrow.parquet as pq
    from tqdm.auto import tqdm

    store = open_store(source)
    if game is not None and game not in game_names(store):
        raise ConfigError("game", f"no {game!r} games are recorded in {store.shown} "
                                  f"(recorded: {game_names(store)})",
                          code=NC_("error", "no_games"), game=game, recorded=game_names(store))
    folder = Path(to)
    folder.mkdir(parents=True, exist_ok=True)
    rec = load(store, game, on_diverge=on_diverge)
    written = {}
    for name in ("games", "seats", "feedback"):
        frame = _plain(getattr(rec, name))
        pq.write_table(pa.Table.from_pandas(frame, preserve_index=False),
                       folder / f"{name}.parquet")
        written[name] = len(frame)
    ids = rec.games["game_id"].tolist()
    schemas = _schemas(pa)
    writers = {n: pq.ParquetWriter(folder / f"{n}.parquet", s) for n, s in schemas.items()}
    written.update(actions=0, events=0)
    try:
        with tqdm(total=len(ids), desc="export", unit="game", disable=not progress) as bar:
            for i in range(0, len(ids), chunk):
                part = load(store, game, game_ids=ids[i:i + chunk], on_diverge=on_diverge,
                            include_incomplete=True)
                for name, schema in schemas.items():
                    frame = _plain(getattr(part, name)[schema.names])
                    writers[name].write_table(pa.Table.from_pandas(
                        frame, schema=schema, preserve_index=False))
                    written[name] += len(frame)
                bar.update(len(ids[i:i + chunk]))
    finally:
        for w in writers.values():
            w.close()
    return written


def _plain(frame: pd.DataFrame) -> pd.DataFrame:
    """Categoricals as text, JSON values (lists, dicts) as JSON text."""
    import pandas as pd

    out = frame.copy()
    for col in out.columns:
        values = out[col]
        if isinstance(values.dtype, pd.CategoricalDtype):
            out[col] = values.astype(object).where(values.notna(), None)
        elif col in JSON_COLUMNS:
            out[col] = values.map(lambda v: None if v is None else orjson.dumps(
                v, option=orjson.OPT_SORT_KEYS).decode())
    return out
