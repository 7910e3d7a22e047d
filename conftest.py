"""Test-wide settings, for tests/ and the notebooks nbval runs.

Recordings made during the tests (boards, apps, the analysis notebook's default
store) go to a temporary SQLite file, never to a playtester's ./playtests.sqlite.
Set KIT_RECORD_URL yourself to override.

What the processes the tests start (kernels, Voilà, Chromium) put in the temporary
folder goes into one folder of this run (their ``TMPDIR``), removed when the run ends,
with the recordings' file: a kernel that nbval stops hard cannot remove what it made
(the analysis notebook's demo store, some 2 MB, was left in /tmp at every run).
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

tempfile.gettempdir()  # (this process's own, pytest's tmp_path among them, stay where they were)
RUN_TMP = tempfile.mkdtemp(prefix="kit-test-")
atexit.register(shutil.rmtree, RUN_TMP, ignore_errors=True)
os.environ["TMPDIR"] = RUN_TMP
os.environ.setdefault("KIT_RECORD_URL", "sqlite:///" + os.path.join(RUN_TMP, "playtests.sqlite"))
