"""One small hierarchy of errors, all under :class:`TalismanError`.

Bad notation is not the same error as an illegal action, and neither is bad
data or a broken scenario; each names what was wrong and where.
"""


class TalismanError(Exception):
    """Base of every error this library raises on purpose."""


class IllegalAction(TalismanError):
    """An action that is not legal in the given state (the state is untouched)."""

    def __init__(self, action, reason):
        self.action = str(action)
        self.reason = reason
        super().__init__(f"illegal action {self.action!r}: {reason}")


class NotationError(IllegalAction):
    """Text that is not the notation of any action at all."""


class DataError(TalismanError):
    """A data file that does not match its schema: names the file, the entry and the field."""

    def __init__(self, file, entry, field, message):
        self.file, self.entry, self.field = str(file), entry, field
        where = f"{self.file}: entry {entry!r}" if entry is not None else self.file
        if field:
            where += f", field {field!r}"
        super().__init__(f"{where}: {message}")


class ScenarioError(TalismanError):
    """A scenario file that cannot be run: names the file and the line."""

    def __init__(self, file, line, message):
        self.file, self.line = str(file), line
        where = f"{self.file}:{line}" if line else self.file
        super().__init__(f"{where}: {message}")


class DiceExhausted(TalismanError):
    """Scripted dice ran out: names the roll that was wanted."""


class ReplayError(TalismanError):
    """A game record that does not replay: names the first diverging action."""

    def __init__(self, index, action, reason):
        self.index, self.action, self.reason = index, action, reason
        super().__init__(f"record diverges at action {index} ({action!r}): {reason}")


class StateError(TalismanError):
    """A state document (or a record, or a new game's arguments) that is not a valid game:
    ``path`` names the first bad value (``state.characters.warrior.lives``)."""

    def __init__(self, path, message):
        self.path, self.message = path, message
        super().__init__(f"{path}: {message}")
