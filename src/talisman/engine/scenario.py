"""Rules-clarification scenarios: set up a position, force dice, play notations, check.

The format (``docs/scenarios.md``)::

    name: ...            # what the scenario shows
    rules: "000 SENTINEL SPACE"   # the rule section it settles
    game: talisman       # or triwizard (default talisman)
    setup: {...}         # game-specific position
    dice: [2, 6, 1]      # forced die results, one per die, in order
    actions: [move:sentinel, fight]
    expect:              # dotted paths into the JSON form of the final state
      characters.warrior.space: sentinel
      log_contains: [{event: standoff}]
      log_lacks: [{event: life_lost}]
      contains: {decks.spell: [healing]}   # a list holds these items (a mapping: these keys)
      lacks: {board_cards: [woods_1]}      # ... holds none of them
      error: "..."       # the last action must fail with this text in its message
      odds: {until: combat_resolved, is: {won: 5/18, standoff: 5/36, lost: 7/12}}
                         # exact odds from the end of the actions (checked by the game's adapter)
      dice_left: 1       # forced dice deliberately never rolled (default 0: a leftover fails)

Errors in the file name its line; failed expectations name the path, the
expected and the actual value.
"""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, Protocol

import attrs
import yaml

from ..errors import ScenarioError, TalismanError
from .data import parse_yaml
from .serialize import to_data

TOP_KEYS = {"name", "rules", "game", "setup", "dice", "actions", "expect", "notes"}
SPECIAL_EXPECT = {"log_contains", "log_lacks", "error", "legal_contains", "legal_lacks", "odds",
                  "contains", "lacks", "dice_left"}
#: The keys of ``expect.odds`` (docs/scenarios.md); ``until`` and ``is`` are required.
ODDS_KEYS = {"until", "policy", "outcome", "is"}
#: The one key of ``expect.odds.policy`` (or the text ``none``).
ODDS_POLICIES = {"best", "actions", "bot"}


@attrs.frozen
class Failure:
    path: str
    expected: object
    actual: object
    hint: str = ""  # what the writer probably meant, when the check can tell

    def __str__(self) -> str:
        said = f"{self.path}: expected {self.expected!r}, got {self.actual!r}"
        return f"{said}\n      ({self.hint})" if self.hint else said


def is_part(want: object, got: object) -> bool:
    """Whether mapping ``want`` is a part of mapping ``got``: each of its keys is in ``got`` with an
    equal value, or a mapping that is a part of ``got``'s."""
    if not (isinstance(want, dict) and isinstance(got, dict)):
        return False
    return all(k in got and (got[k] == v or is_part(v, got[k])) for k, v in want.items())


def _paths(prefix: str, want: dict[str, Any]) -> list[str]:
    """The dotted paths of a mapping's leaves (``characters.troll.space``...)."""
    out = []
    for k, v in want.items():
        out += _paths(f"{prefix}.{k}", v) if isinstance(v, dict) and v else [f"{prefix}.{k}"]
    return out


@attrs.frozen
class Result:
    file: str
    name: str
    rules: str
    failures: tuple[Failure, ...] = ()

    @property
    def passed(self) -> bool:
        return not self.failures


class ScenarioGame(Protocol):
    """What :func:`run` needs of a game: an adapter with these three functions."""

    def setup_state(self, setup: dict[str, Any], dice: list[int] | None) -> Any: ...
    def apply(self, state: Any, text: str) -> Any: ...
    def legal_actions(self, state: Any) -> Sequence[object]: ...
    # optional: ``expect_odds(state, want) -> list[Failure]`` checks ``expect.odds``


class Lines:
    """Line numbers of a YAML document's keys and list items (1-based)."""

    def __init__(self, node: Any) -> None:
        self.node = node

    def of(self, *path: str | int) -> int:
        node, line = self.node, self.node.start_mark.line + 1
        for key in path:
            if isinstance(node, yaml.MappingNode):
                for k, v in node.value:
                    if k.value == key:
                        node, line = v, k.start_mark.line + 1
                        break
                else:
                    return line
            elif isinstance(node, yaml.SequenceNode) and isinstance(key, int) and key < len(node.value):
                node = node.value[key]
                line = node.start_mark.line + 1
            else:
                return line
        return line


def read(path: str | Path) -> tuple[dict[str, Any], Lines]:
    """Parse a scenario file; return (document, Lines).  Errors name the line."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise ScenarioError(path, None, f"cannot read: {e.strerror}") from None
    except UnicodeDecodeError as e:  # a binary file, or text in another encoding
        raise ScenarioError(path, None, f"cannot read: not UTF-8 text (byte {e.start})") from None
    try:
        doc = parse_yaml(text)  # bounded: size, nesting, aliases expanded
        node = yaml.compose(text, Loader=yaml.SafeLoader)  # for the line numbers
    except RecursionError:
        raise ScenarioError(path, None, "not valid YAML: nested too deep") from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        raise ScenarioError(path, mark.line + 1 if mark else None,
                            f"not valid YAML: {getattr(e, 'problem', None) or e}") from None
    if not isinstance(doc, dict):
        raise ScenarioError(path, 1, "a scenario is a mapping with name, rules, setup, actions, expect")
    lines = Lines(node)
    for key in doc:
        if key not in TOP_KEYS:
            raise ScenarioError(path, lines.of(key), f"unknown key {key!r}; known: "
                                                     f"{', '.join(sorted(TOP_KEYS))}")
    for key in ("name", "rules", "expect"):
        if key not in doc:
            raise ScenarioError(path, 1, f"missing {key!r}")
    if not isinstance(doc.get("actions", []), list):
        raise ScenarioError(path, lines.of("actions"), "actions must be a list of notations")
    if not isinstance(doc.get("dice", []), list) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in doc.get("dice", [])):
        raise ScenarioError(path, lines.of("dice"), "dice must be a list of whole numbers")
    if not isinstance(doc["expect"], dict):
        raise ScenarioError(path, lines.of("expect"), "expect must map paths to values")
    if not {k: v for k, v in doc["expect"].items() if (k, v) != ("dice_left", 0)}:
        raise ScenarioError(path, lines.of("expect"), "expect states no outcome: a rules-clarification "
                                                      "scenario says what must follow (a path's value, "
                                                      "log_contains, error, ...: docs/scenarios.md)")
    for key in ("name", "rules"):  # a number is refused too: `rules: 001` would be read as 1
        if not isinstance(doc[key], str):
            raise ScenarioError(path, lines.of(key), f"{key} must be a line of text (quote a number), "
                                                     f"got {doc[key]!r}")
    if not isinstance(doc.get("setup") or {}, dict):
        raise ScenarioError(path, lines.of("setup"), "setup must be a mapping")
    for key, want in doc["expect"].items():
        problem = _special_problem(key, want)
        if problem:
            raise ScenarioError(path, lines.of("expect", key), f"expect.{key}: {problem}")
    return doc, lines


def _special_problem(key: object, want: object) -> str | None:
    """What is wrong with the value of a special ``expect`` key, or None."""
    if not isinstance(key, str):
        return "a path is text (characters.warrior.space)"
    if key in ("log_contains", "log_lacks"):
        if not isinstance(want, list) or not all(isinstance(p, dict) for p in want):
            return "a list of event patterns ({event: name, key: value})"
        if not all(isinstance(k, str) for p in want for k in p):
            return "event pattern keys are names"
    elif key in ("legal_contains", "legal_lacks"):
        if not isinstance(want, list) or not all(isinstance(a, str) for a in want):
            return "a list of action notations"
    elif key in ("contains", "lacks"):
        if not isinstance(want, dict) or not want:
            return "a mapping of dotted paths to lists of items ({decks.spell: [healing]})"
        for path, items in want.items():
            if not isinstance(path, str) or not path:
                return f"{path!r}: a path is text (decks.spell)"
            if not isinstance(items, list) or not items:
                return f"{path}: a list of the items (or a mapping's keys) to look for"
    elif key == "error":
        if not isinstance(want, str):
            return "the text the error message contains"
    elif key == "odds":
        return _odds_problem(want)
    elif key == "dice_left":
        if not isinstance(want, int) or isinstance(want, bool) or want < 0:
            return "the number of forced dice the actions must leave unrolled (0 or more)"
    return None


def _odds_problem(want: object) -> str | None:
    """What is wrong with the shape of ``expect.odds``, or None (what the names mean,
    an unknown bot or predicate, is the game adapter's to judge)."""
    if not isinstance(want, dict):
        return "a mapping {until: ..., policy: ..., outcome: ..., is: {outcome: fraction}}"
    unknown = set(map(str, want)) - ODDS_KEYS
    if unknown:
        return f"unknown key(s) {', '.join(sorted(unknown))}; known: {', '.join(sorted(ODDS_KEYS))}"
    for key in ("until", "is"):
        if key not in want:
            return f"missing {key!r}"
    until = want["until"]
    names = [until] if isinstance(until, str) else until
    if not isinstance(names, list) or not names or not all(isinstance(n, str) and n for n in names):
        return "until: a predicate or event name (combat_resolved), or a list of them"
    policy = want.get("policy", "none")
    if policy not in (None, "none"):
        if not isinstance(policy, dict) or len(policy) != 1 or next(iter(policy)) not in ODDS_POLICIES:
            return "policy: none, {best: OUTCOME}, {actions: [notations]} or {bot: NAME}"
        kind, value = next(iter(policy.items()))
        if kind == "actions" and (not isinstance(value, list)
                                  or not all(isinstance(a, str) for a in value)):
            return "policy.actions: a list of action notations"
        if kind == "bot" and not isinstance(value, str):
            return "policy.bot: a bot's name (heuristic, random)"
        if kind == "best" and not isinstance(value, (str, int, list)):
            return "policy.best: an outcome, or a list of outcomes"
    if "outcome" in want and not isinstance(want["outcome"], str):
        return "outcome: a dotted path into the final state (characters.thief.lives)"
    dist = want["is"]
    if not isinstance(dist, dict) or not dist:
        return "is: a mapping of outcomes to exact fractions ({won: 5/18, lost: 13/18})"
    total = Fraction(0)
    for outcome, p in dist.items():
        value = odds_fraction(p)
        if value is None:
            return (f"is.{outcome}: {p!r} is not an exact probability; write a fraction "
                    "as text (5/18), 0 or 1")
        total += value
    if total != 1:
        return f"is: the probabilities sum to {total}, not 1"
    return None


def odds_fraction(value: object) -> Fraction | None:
    """A stated probability (``"5/18"``, ``0``, ``1``) as a Fraction, or None if it is not one
    (a float such as 0.28 is refused: odds are checked exactly)."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        return None
    try:
        f = Fraction(value)
    except (ValueError, ZeroDivisionError):
        return None
    return f if 0 <= f <= 1 else None


def lookup(data: Any, dotted: str) -> Any:
    """Follow a dotted path (``characters.warrior.space``, ``log.0.name``) into plain data."""
    cur = data
    for part in dotted.split("."):
        if isinstance(cur, dict) and part in cur:
            cur = cur[part]
        elif isinstance(cur, list) and part.lstrip("-").isdigit() and -len(cur) <= int(part) < len(cur):
            cur = cur[int(part)]
        else:
            return _MISSING
    return cur


class _Missing:
    def __repr__(self) -> str:
        return "<missing>"


_MISSING = _Missing()


def _event_matches(event: dict[str, Any], pattern: dict[str, Any]) -> bool:
    if event["name"] != pattern.get("event", event["name"]):
        return False
    return all(event["data"].get(k) == v for k, v in pattern.items() if k != "event")


def check(state: Any, expect: dict[str, Any], error: BaseException | None = None,
          legal: Sequence[str] = ()) -> list[Failure]:
    """Compare the final state with ``expect``; return the failures."""
    data = to_data(state)
    data.setdefault("winner", getattr(state, "winner", None))
    data.setdefault("is_over", getattr(state, "is_over", None))
    failures = []
    log = data.get("log", [])
    for key, want in expect.items():
        if key == "log_contains":
            for pat in want:
                if not any(_event_matches(e, pat) for e in log):
                    failures.append(Failure("log_contains", pat, "no such event"))
        elif key == "log_lacks":
            for pat in want:
                hits = [e for e in log if _event_matches(e, pat)]
                if hits:
                    failures.append(Failure("log_lacks", pat, hits[0]))
        elif key == "error":
            if error is None or str(want) not in str(error):
                failures.append(Failure("error", want, str(error) if error else "no error"))
        elif key == "legal_contains":
            for a in want:
                if a not in legal:
                    failures.append(Failure("legal_contains", a, list(legal)))
        elif key == "legal_lacks":
            for a in want:
                if a in legal:
                    failures.append(Failure("legal_lacks", a, list(legal)))
        elif key in ("contains", "lacks"):
            for path, items in want.items():
                failures += _membership(key, path, lookup(data, path), items)
        elif key in ("odds", "dice_left"):
            pass  # checked by run: odds by the game adapter's expect_odds, dice_left below
        else:
            got = lookup(data, key)
            if got != want:
                hint = ""
                if is_part(want, got):  # a whole value compared where a part was meant
                    hint = ("the value at a path is compared whole, and this mapping is only a part of it: "
                            "check each field by its own path (" + ", ".join(_paths(key, want)[:3]) + "...)")
                failures.append(Failure(key, want, got, hint))
    if error is not None and "error" not in expect:
        failures.append(Failure("error", None, str(error)))
    return failures


def _membership(key: str, path: str, got: Any, items: list[Any]) -> list[Failure]:
    """``expect.contains`` / ``expect.lacks`` at ``path``: the list there holds each item (as often
    as it is given) / none of them; at a mapping, its keys.  A path that leads nowhere, or to a value
    that is neither, fails naming itself (a typo cannot pass as an absence)."""
    where = f"{key}.{path}"
    if got is _MISSING:
        return [Failure(where, items, got, "no such path in the final state: a missing pile is "
                                           "checked with lacks on its parent mapping's keys")]
    if not isinstance(got, (list, dict)):
        return [Failure(where, items, got, "contains and lacks look into a list or a mapping's keys")]
    held = list(got)
    if key == "contains":
        return [Failure(where, item, got) for n, item in enumerate(items)
                if held.count(item) < items[:n + 1].count(item)]
    return [Failure(where, f"no {item!r}", got) for item in items if item in held]


def _dice_left(state: Any, want: int) -> list[Failure]:
    """``expect.dice_left``: the forced dice the actions left unrolled must number ``want`` (0
    unless the file says otherwise): an unrolled die is most often an action the writer forgot
    (a ``fight``), whose missing outcome would let a wrong expectation pass."""
    left = list(getattr(getattr(state, "dice", None), "script", None) or ())
    if len(left) == want:
        return []
    if want:
        hint = f"the file says {want} forced dice stay unrolled; {len(left)} did: {left}"
    else:
        hint = (f"{len(left)} forced dice never rolled: {left} (the last {len(left)} of 'dice'): an action "
                "missing, or dice to drop? a roll that must not happen is stated by "
                f"expect.dice_left: {len(left)}")
    return [Failure("dice_left", want, len(left), hint)]


def _setup_line(lines: Any, error: TalismanError) -> int:
    """The line of the setup key a set-up error names (its path ``setup.ending.card``, or a
    message led by the key: ``board_cards: unknown space``), else the line of ``setup``."""
    where = getattr(error, "path", None) or str(error).split(":", 1)[0]
    keys = [k for k in str(where).split(".") if k]
    if keys and keys[0] == "setup":
        keys = keys[1:]
    return lines.of("setup", *keys) if keys else lines.of("setup")


def run(path: str | Path, game: ScenarioGame) -> Result:
    """Run one scenario file with ``game`` (an adapter with ``setup_state``, ``apply``,
    ``legal_actions``); return a :class:`Result`."""
    doc, lines = read(path)
    try:
        state = game.setup_state(doc.get("setup") or {}, doc.get("dice"))
    except ScenarioError:
        raise
    except TalismanError as e:
        raise ScenarioError(path, _setup_line(lines, e), f"bad setup: {e}") from None
    actions = doc.get("actions") or []
    error = None
    for i, text in enumerate(actions):
        try:
            state = game.apply(state, str(text))
        except TalismanError as e:
            if "error" in doc["expect"] and i == len(actions) - 1:
                error = e
                break
            raise ScenarioError(path, lines.of("actions", i),
                                f"action {i + 1} ({text}) failed: {e}") from None
    legal = [str(a) for a in game.legal_actions(state)] if state.pending is not None else []
    failures = check(state, doc["expect"], error, legal)
    p = state.pending
    if (failures and p is not None and p.is_chance and p.kind == "roll"
            and state.dice.script is not None):
        # a likely cause of the failures: the play stopped where the forced dice ran out
        failures.append(Failure("dice", "enough scripted dice",
                                f"ran out: wanted {p.spec} for {p.prompt}"))
    failures += _dice_left(state, doc["expect"].get("dice_left", 0))
    if "odds" in doc["expect"] and error is None:
        expect_odds = getattr(game, "expect_odds", None)
        if expect_odds is None:
            raise ScenarioError(path, lines.of("expect", "odds"),
                                "expect.odds: this game's scenarios cannot state odds")
        try:
            failures.extend(expect_odds(state, doc["expect"]["odds"]))
        except TalismanError as e:
            raise ScenarioError(path, lines.of("expect", "odds"), f"expect.odds: {e}") from None
    return Result(str(path), str(doc["name"]), str(doc["rules"]), tuple(failures))
