"""Where the kit finds its data files (decks, variants, scenarios).

The data folder is the checkout's ``data/``, or the folder named by the environment
variable ``KIT_DATA`` (read once, when the kit is imported): it then replaces the
whole folder, so it must hold every file the games read by default (copy ``data/`` and
edit the copy). A relative data-file option (``deck=pug_party/deck.toml``) is looked up
under it (see :func:`kit.datafile.resolve`). Recordings name each data file by its
content, and a simulation run's session notes the folder and a digest of its files
(:func:`kit.datafile.folder_digest`), so games played with another folder are told apart.
"""

from __future__ import annotations

import os
from pathlib import Path

#: The ``data/`` folder of the checkout; ``KIT_DATA`` overrides it.
DATA_DIR = Path(os.environ.get("KIT_DATA", Path(__file__).resolve().parent.parent / "data"))


def data_path(*parts: str) -> Path:
    """A path under the data folder."""
    return DATA_DIR.joinpath(*parts)
