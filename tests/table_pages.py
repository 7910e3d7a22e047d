"""Test helper: the pages of a table across devices in-process (widgets/shared_table.py),
each its own TableApp as each Voilà page is its own kernel, over a store of the test's
own (the ``store`` fixture of tests/conftest.py)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from kit.record.tables import TableStore
from widgets.shared_table import TableApp


def page(store: TableStore, lang: str | None = "en", **params: str) -> TableApp:
    """A table page opened at ``?params&lang=`` (``lang=None``: the address names none)."""
    return TableApp(query=urlencode({**params, **({"lang": lang} if lang else {})}),
                    store=store)


def find(root: Any, cls: str) -> Any:
    """The first widget under ``root`` with class ``cls``."""
    todo = [root]
    while todo:
        node = todo.pop(0)
        if cls in getattr(node, "_dom_classes", ()):
            return node
        todo.extend(getattr(node, "children", ()))
    return None
