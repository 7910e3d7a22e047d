"""Where the kit finds its data files (decks, variants, scenarios)."""

from __future__ import annotations

import os
from pathlib import Path

#: The ``data/`` folder of the checkout; ``KIT_DATA`` overrides it.
DATA_DIR = Path(os.environ.get("KIT_DATA", Path(__file__).resolve().parent.parent / "data"))


def data_path(*parts: str) -> Path:
    """A path under the data folder."""
    return DATA_DIR.joinpath(*parts)
