"""The event loop a board's timers run on: the kernel's (none in plain Python, tests)."""

from __future__ import annotations

import asyncio


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The running event loop, or None (a board then does at once what it would time)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
