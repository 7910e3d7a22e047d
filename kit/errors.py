"""The two errors of the engine contract (DESIGN.md, "The engine contract")."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules forbid, or a malformed one; the state is left unchanged.

    ``rule`` is the rule id that forbids it (``HB-5``, ``WL-7``...) or ``"action"``
    for a dict that is not an action of the game at all.
    """

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.message = message
        super().__init__(f"{rule}: {message}")


class ConfigError(ValueError):
    """A bad game option, seat count, seed or data file.

    ``option`` names the option (or the data file and entry) that is wrong.
    """

    def __init__(self, option: str, message: str) -> None:
        self.option = option
        self.message = message
        super().__init__(f"{option}: {message}")
