"""Test-wide settings, for tests/ and the notebooks nbval runs.

Recordings made during the tests (boards, apps, the analysis notebook's default
store) go to a temporary SQLite file, never to a playtester's ./playtests.sqlite.
Set KIT_RECORD_URL yourself to override.
"""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("KIT_RECORD_URL", "sqlite:///" + os.path.join(
    tempfile.mkdtemp(prefix="kit-test-store-"), "playtests.sqlite"))
