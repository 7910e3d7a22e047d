"""The two errors of the engine contract (DESIGN.md, "The engine contract").

Each may carry a stable ``code`` (a catalog message id, context ``error``) and the
arguments of its message (``params``): :func:`kit.i18n.explain` renders it in a person's
language from those, while ``str(exc)`` stays the English ``"<rule>: <message>"`` that
logs and tests read. An error without a code is shown in its English words.
"""

from __future__ import annotations

from typing import Any


def NC_(context: str, message: str) -> str:
    """Mark ``message`` in ``context`` for the catalog (a refusal's code: context
    ``error``); :func:`kit.i18n.explain` translates it where it is shown."""
    return message


class IllegalAction(ValueError):
    """An action the rules forbid, or a malformed one; the state is left unchanged.

    ``rule`` is the rule id that forbids it (``HB-5``, ``WL-7``...) or ``"action"``
    for a dict that is not an action of the game at all.
    """

    def __init__(self, rule: str, message: str, *, code: str | None = None,
                 **params: Any) -> None:
        self.rule = rule
        self.message = message
        #: the refusal's stable code and the arguments of its message (kit.i18n.explain)
        self.code = code
        self.params = params
        super().__init__(f"{rule}: {message}")


class ConfigError(ValueError):
    """A bad game option, seat count, seed or data file.

    ``option`` names the option (or the data file and entry) that is wrong.
    """

    def __init__(self, option: str, message: str, *, code: str | None = None,
                 **params: Any) -> None:
        self.option = option
        self.message = message
        self.code = code
        self.params = params
        super().__init__(f"{option}: {message}")
