"""One small hierarchy of errors, all under :class:`TalismanError`.

A caller can tell its own mistakes from the engine's::

    TalismanError
    +-- UserError            the caller gave something wrong; fix the input
    |   +-- IllegalAction    a well-formed action that is not legal now
    |   +-- NotationError    text that is not the notation of any action (a sibling, not a kind
    |   |                    of IllegalAction: ``except (IllegalAction, NotationError)`` catches both)
    |   +-- OptionError      a bad game option: characters, expansions, seed, rule options
    |   +-- DataError        a data file that does not match its schema
    |   +-- ScenarioError    a scenario file that cannot be run
    |   +-- ReplayError      a game record that does not replay
    |   +-- StateError       a state document (JSON) that is not a state
    |   +-- DiceExhausted    scripted dice ran out
    +-- RulesError           a bug in the engine or its rules, never the caller's fault

Each names what was wrong and where.  An action that raises leaves the state untouched.
"""
from __future__ import annotations

from collections.abc import Sequence

__all__ = ["TalismanError", "UserError", "IllegalAction", "NotationError", "OptionError",
           "DataError", "ScenarioError", "ReplayError", "StateError", "DiceExhausted",
           "RulesError"]


class TalismanError(Exception):
    """Base of every error this library raises on purpose."""


class UserError(TalismanError):
    """Something the caller gave is wrong (an action, an option, a file, a document)."""


class RulesError(TalismanError):
    """An internal error: the engine or its rules went wrong (the engine ran out of rule steps,
    a rules loop, a decision offered with no option...).  A bug to report, not bad input."""


class IllegalAction(UserError):
    """An action that is not legal in the given state (the state is untouched)."""

    def __init__(self, action: object, reason: str) -> None:
        self.action = str(action)
        self.reason = reason
        super().__init__(f"illegal action {self.action!r}: {reason}")


class NotationError(UserError):
    """Text that is not the notation of any action at all (the state is untouched)."""

    def __init__(self, action: object, reason: str) -> None:
        self.action = str(action)
        self.reason = reason
        super().__init__(f"illegal action {self.action!r}: {reason}")


class OptionError(UserError):
    """A game that cannot be set up as asked: an unknown character or expansion, a bad seed,
    an unknown rule option or a value it does not take."""


class DataError(UserError):
    """A data file that does not match its schema: names the file, the entry and the field."""

    def __init__(self, file: object, entry: object, field: object, message: str) -> None:
        self.file, self.entry, self.field = str(file), entry, field
        where = f"{self.file}: entry {entry!r}" if entry is not None else self.file
        if field:
            where += f", field {field!r}"
        super().__init__(f"{where}: {message}")


class ScenarioError(UserError):
    """A scenario file that cannot be run: names the file and the line."""

    def __init__(self, file: object, line: int | None, message: str) -> None:
        self.file, self.line = str(file), line
        where = f"{self.file}:{line}" if line else self.file
        super().__init__(f"{where}: {message}")


class DiceExhausted(UserError):
    """Scripted dice ran out: names the roll that was wanted."""


class ReplayError(UserError):
    """A game record that does not replay: names the first diverging action."""

    def __init__(self, index: int, action: object, reason: str) -> None:
        self.index, self.action, self.reason = index, action, reason
        super().__init__(f"record diverges at action {index} ({action!r}): {reason}")


class StateError(UserError):
    """A state document (or a record, or a new game's arguments) that is not a valid game:
    ``path`` names the first bad value (``state.characters.warrior.lives``), given as dotted text
    or as a sequence of keys."""

    def __init__(self, path: str | Sequence[object], message: str) -> None:
        self.path = path if isinstance(path, str) else ".".join(str(p) for p in path)
        self.reason = self.message = message
        super().__init__(f"{self.path}: {message}" if self.path else message)
