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
                             (``apply`` raises none: one inside a rule step comes as a
                             StateError, the RulesError its ``__cause__``; ruling R-HARD8.1)

Each names what was wrong and where.  An action that raises leaves the state untouched.
"""
from __future__ import annotations

from collections.abc import Sequence

__all__ = ["TalismanError", "UserError", "IllegalAction", "NotationError", "OptionError",
           "DataError", "ScenarioError", "ReplayError", "StateError", "DiceExhausted",
           "RulesError"]


#: An action's text longer than this is cut in an error (no notation is near it: the longest
#: are a few dozen characters); :func:`action_text` keeps its first :data:`ACTION_SHOWN`.
MAX_ACTION_TEXT = 500
ACTION_SHOWN = 40


def action_text(action: object) -> str:
    """An action as an error names it: its text, cut short when it is longer than any notation
    (a 100,000-character string or hand-built Action is not echoed whole).

    >>> action_text("move:forest")
    'move:forest'
    >>> action_text("x" * 100_000)
    'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (100000 characters)'
    """
    text = str(action)
    if len(text) <= MAX_ACTION_TEXT:
        return text
    return f"{text[:ACTION_SHOWN]}... ({len(text)} characters)"


class TalismanError(Exception):
    """Base of every error this library raises on purpose.

    Catch it to handle anything the engine reports; an error outside this hierarchy is a bug.

    Example:
        >>> import talisman
        >>> try:
        ...     talisman.new_game(["nobody"])
        ... except talisman.TalismanError as e:
        ...     print(type(e).__name__)
        OptionError
    """


class UserError(TalismanError):
    """Something the caller gave is wrong (an action, an option, a file, a document).

    Raised as itself when no finer kind fits, e.g. a view for a character not in the game.

    Example:
        >>> import talisman
        >>> talisman.player_view(talisman.new_game(["warrior"]), "elf")
        Traceback (most recent call last):
        ...
        talisman.errors.UserError: no character 'elf' in this game
    """


class RulesError(TalismanError):
    """An internal error: the engine or its rules went wrong (the engine ran out of rule steps,
    a rules loop, a decision offered with no option...).  A bug to report, not bad input.

    ``new_game`` raises it as itself.  ``apply`` (both games) never does: a rule step that
    raises one while playing an action is reported as a :class:`StateError` ("not a state the
    engine makes (one made or changed by hand), or a bug in the rules"), the RulesError chained
    as its ``__cause__``, because junk in a hand-made state leads to the same errors (a frame
    naming no rule step, a chooser offered no option) and the safety net cannot tell the two
    apart (rulings R-HARD8.1, R-HARD12.6).  A caller who plays only states the engine made
    (``new_game``, ``apply``, ``from_json``) reads ``e.__cause__`` to tell a bug to report.

    Example:
        >>> from talisman.errors import RulesError, UserError
        >>> issubclass(RulesError, UserError)   # never the caller's fault
        False
    """


class IllegalAction(UserError):
    """An action that is not legal in the given state (the state is untouched).

    Args:
        action: the action asked for (kept as its text in ``.action``).
        reason: why it is not legal (``.reason``): who must choose what, and the legal options.

    Example:
        >>> import talisman
        >>> s = talisman.new_game(["warrior", "troll"], seed=7)
        >>> try:
        ...     talisman.apply(s, "fight")
        ... except talisman.IllegalAction as e:
        ...     print(e.action, "|", e.reason)
        fight | warrior must choose move (rolled 4); legal: move:forest, move:hills_2
    """

    def __init__(self, action: object, reason: str) -> None:
        self.action = action_text(action)
        self.reason = reason
        super().__init__(f"illegal action {self.action!r}: {reason}")


class NotationError(UserError):
    """Text that is not the notation of any action at all (the state is untouched).

    Args:
        action: the text given (``.action``).
        reason: what is wrong with it (``.reason``).

    Example:
        >>> from talisman import Action
        >>> Action.parse("Move To Forest")
        Traceback (most recent call last):
        ...
        talisman.errors.NotationError: illegal action 'Move To Forest': 'Move To Forest' is not a notation token ...
    """

    def __init__(self, action: object, reason: str) -> None:
        self.action = action_text(action)
        self.reason = reason
        super().__init__(f"illegal action {self.action!r}: {reason}")


class OptionError(UserError):
    """A game that cannot be set up as asked: an unknown character or expansion, a bad seed,
    an unknown rule option or a value it does not take.

    Example:
        >>> import talisman
        >>> talisman.new_game(["warrior"], options={"lives": "many"})
        Traceback (most recent call last):
        ...
        talisman.errors.OptionError: rule option lives='many': choose one of compendium, card
    """


class DataError(UserError):
    """A data file that does not match its schema: names the file, the entry and the field.

    Args:
        file: the data file (``.file``).
        entry: the id of the bad entry (``.entry``), or None for the whole file.
        field: the bad field (``.field``), or None.
        message: what is wrong.

    Example:
        >>> from talisman.errors import DataError
        >>> str(DataError("cards/adventure.yaml", "angel", "number", "must be an integer"))
        "cards/adventure.yaml: entry 'angel', field 'number': must be an integer"
    """

    def __init__(self, file: object, entry: object, field: object, message: str) -> None:
        self.file, self.entry, self.field = str(file), entry, field
        where = f"{self.file}: entry {entry!r}" if entry is not None else self.file
        if field:
            where += f", field {field!r}"
        super().__init__(f"{where}: {message}")


class ScenarioError(UserError):
    """A scenario file that cannot be run: names the file and the line.

    Args:
        file: the scenario file (``.file``).
        line: the line of the problem (``.line``), or None.
        message: what is wrong.

    Example:
        >>> from talisman.scenarios import run_file
        >>> run_file("no-such-scenario.yaml")
        Traceback (most recent call last):
        ...
        talisman.errors.ScenarioError: no-such-scenario.yaml: cannot read: No such file or directory
    """

    def __init__(self, file: object, line: int | None, message: str) -> None:
        self.file, self.line = str(file), line
        where = f"{self.file}:{line}" if line else self.file
        super().__init__(f"{where}: {message}")


class DiceExhausted(UserError):
    """Scripted dice ran out: names the roll that was wanted.

    Example:
        >>> import talisman
        >>> from talisman.scenarios import setup_state
        >>> s = setup_state({"characters": [{"id": "warrior"}]}, dice=[2])   # one roll scripted
        >>> s = talisman.apply(s, "move:ruins")
        >>> talisman.apply(s, "done")     # the next turn's movement wants another roll
        Traceback (most recent call last):
        ...
        talisman.errors.DiceExhausted: scripted dice ran out: wanted d6 for movement of warrior, ...
    """


class ReplayError(UserError):
    """A game record that does not replay: names the first diverging action.

    Args:
        index: the number of the action that fails, from 1 (0: the set-up itself) (``.index``).
        action: that action's notation (``.action``).
        reason: why it fails (``.reason``).

    Example:
        >>> import talisman
        >>> try:
        ...     talisman.replay({"characters": ["warrior"], "actions": ["fight"]})
        ... except talisman.ReplayError as e:
        ...     print(e.index, e.action)
        1 fight
    """

    def __init__(self, index: int, action: object, reason: str) -> None:
        self.index, self.action, self.reason = index, action, reason
        super().__init__(f"record diverges at action {index} ({action_text(action)!r}): {reason}")


class StateError(UserError):
    """A state document (or a record, or a new game's arguments) that is not a valid game:
    ``path`` names the first bad value (``state.characters.warrior.lives``).

    Args:
        path: the dotted path of the bad value, or the keys leading to it (joined with dots in
            ``.path``).
        message: what is wrong (``.reason``).

    Example:
        >>> import talisman
        >>> talisman.from_json("not json")
        Traceback (most recent call last):
        ...
        talisman.errors.StateError: document: not JSON: Expecting value: line 1 column 1 (char 0)
    """

    def __init__(self, path: str | Sequence[object], message: str) -> None:
        self.path = path if isinstance(path, str) else ".".join(str(p) for p in path)
        self.reason = self.message = message
        super().__init__(f"{self.path}: {message}" if self.path else message)
