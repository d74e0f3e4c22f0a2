"""Dice: seeded and counter-based, or scripted.

A seeded roll is a pure function of ``(seed, counter)``: the same seed and the
same counter give the same result in any process on any machine.  Scripted
dice take forced results from a queue (for rules-clarification checks) and
fail with :class:`DiceExhausted` naming the roll that was wanted when it runs
out.  Shuffles always use the seeded generator.

>>> d = Dice(seed=7)
>>> values, d2 = roll(d, "2d6", "movement")
>>> values == roll(Dice(seed=7), "2d6", "movement")[0], d2.counter
(True, 2)
>>> roll(Dice(seed=1, script=(5,)), "d6", "movement")[0]
(5,)
"""
from __future__ import annotations

import functools
import hashlib
import itertools
import re
import struct
from collections.abc import Iterable
from fractions import Fraction
from typing import Any, TypeVar

import attrs
from pyrsistent import pvector
from pyrsistent.typing import PVector

from .records import replace
from ..errors import DiceExhausted, TalismanError

MASK = (1 << 64) - 1
#: The seeds a game takes: any int from ``-MAX_SEED`` to ``MAX_SEED`` (any 256-bit value, of
#: either sign).  A longer int would not round-trip through a state's JSON (Python writes at
#: most 4,300 digits; docs/rulings.md R-HARD11B.1).  The dice mix the whole seed (R-HARD12.1).
MAX_SEED = 1 << 256
#: SplitMix64's increment: an ordinary seed's stream steps by it (see :func:`mix`).
GAMMA = 0xD1B54A32D192ED03
_SPEC = re.compile(r"(\d*)d(\d+|%)")
SIDES = {4, 6, 8, 10, 12, 20, 100}
T = TypeVar("T")


def seed_problem(seed: object) -> str | None:
    """What is wrong with a seed, or None for a good one (an int within :data:`MAX_SEED`).

    >>> seed_problem(-1), seed_problem(10 ** 40)
    (None, None)
    >>> seed_problem(10 ** 5000)
    'expected an int from -2**256 to 2**256, got a 16610-bit int'
    >>> seed_problem(True)
    'expected an int, got True'
    """
    if not isinstance(seed, int) or isinstance(seed, bool):
        return f"expected an int, got {seed!r}"[:100]
    if -MAX_SEED <= seed <= MAX_SEED:
        return None
    return f"expected an int from -2**256 to 2**256, got a {seed.bit_length()}-bit int"


def _script(value: Iterable[Any] | None) -> tuple[int, ...] | None:
    return None if value is None else tuple(int(v) for v in value)


@attrs.frozen
class Dice:
    """The dice of one game: a seed, how many numbers were drawn, and an optional script."""

    seed: int = 0
    counter: int = 0
    script: tuple[int, ...] | None = attrs.field(default=None, converter=_script)


def _seeded(seed: int, counter: int) -> Dice:
    """``Dice(seed, counter)`` without attrs' converter (no script to convert): a roll's new dice."""
    d = object.__new__(Dice)
    object.__setattr__(d, "seed", seed)
    object.__setattr__(d, "counter", counter)
    object.__setattr__(d, "script", None)
    return d


@functools.lru_cache(maxsize=256)
def parse_spec(spec: str) -> tuple[int, int]:
    """``"2d6"`` -> ``(2, 6)``; ``"d%"`` -> ``(1, 100)`` (a pure memo: a game uses a few specs)."""
    m = _SPEC.fullmatch(spec.lower())
    if not m:
        raise TalismanError(f"not a dice spec: {spec!r}")
    count = int(m.group(1) or 1)
    sides = 100 if m.group(2) == "%" else int(m.group(2))
    if sides not in SIDES or not 1 <= count <= 6:
        raise TalismanError(f"unsupported dice spec: {spec!r}")
    return count, sides


def mix(seed: int, counter: int) -> int:
    """SplitMix64 of the pair: the counter-based generator's one number.

    A seed from 0 to 2**64 - 1 is SplitMix64's own: its stream starts at ``seed * A`` and steps
    by :data:`GAMMA`.  Any other seed (negative, or wider than 64 bits) is hashed whole
    (:func:`wide_key`) into its own start and an odd step other than :data:`GAMMA`, so it plays
    neither an ordinary seed's game (their first two numbers differ: the finaliser is a
    bijection) nor another wide seed's, short of a 127-bit BLAKE2b collision (R-HARD12.1).

    >>> mix(2 ** 64, 0) != mix(0, 0) and mix(-1, 0) != mix(2 ** 64 - 1, 0)
    True
    """
    if seed >> 64:  # (0 for an ordinary seed; -1 or more bits for a wide one)
        start, step = wide_key(seed)
        z = (start + (counter + 1) * step) & MASK
    else:
        z = (seed * 0x9E3779B97F4A7C15 + (counter + 1) * GAMMA) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


@functools.lru_cache(maxsize=64)
def wide_key(seed: int) -> tuple[int, int]:
    """The start and odd step of a seed outside 0 .. 2**64 - 1: BLAKE2b of its sign and every
    byte of its magnitude (a pure memo: a game has one seed).

    >>> wide_key(2 ** 64) != wide_key(-(2 ** 64)), wide_key(-1)[1] % 2
    (True, 1)
    """
    size = (abs(seed).bit_length() + 7) // 8
    digest = hashlib.blake2b(b"-" if seed < 0 else b"+", digest_size=16, person=b"talisman-seed")
    digest.update(abs(seed).to_bytes(size, "big"))
    start, step = struct.unpack(">QQ", digest.digest())
    step |= 1
    return start, step if step != GAMMA else (step + 2) & MASK


def roll(dice: Dice, spec: str, purpose: str = "a roll") -> tuple[tuple[int, ...], Dice]:
    """Roll ``spec`` (``d6``, ``2d6``, ``d%``...); return the results and the new dice."""
    count, sides = parse_spec(spec)
    if dice.script is not None:
        if len(dice.script) < count:
            raise DiceExhausted(f"scripted dice ran out: wanted {spec} for {purpose}, "
                                f"{len(dice.script)} result(s) left")
        values = dice.script[:count]
        for v in values:
            if not 1 <= v <= sides:
                raise DiceExhausted(f"scripted result {v} is not a possible {spec} roll "
                                    f"(wanted for {purpose})")
        return values, replace(dice, script=dice.script[count:], counter=dice.counter + count)
    if count == 1:  # the usual roll, without a generator
        values = (1 + mix(dice.seed, dice.counter) % sides,)
    else:
        values = tuple(1 + mix(dice.seed, dice.counter + i) % sides for i in range(count))
    return values, _seeded(dice.seed, dice.counter + count)


def shuffle(dice: Dice, items: Iterable[T]) -> tuple[tuple[T, ...], Dice]:
    """Fisher-Yates shuffle driven by the seeded generator."""
    out = list(items)
    c = dice.counter
    for i in range(len(out) - 1, 0, -1):
        j = mix(dice.seed, c) % (i + 1)
        c += 1
        out[i], out[j] = out[j], out[i]
    return tuple(out), replace(dice, counter=c)


def outcomes(spec: str) -> list[tuple[tuple[int, ...], Fraction]]:
    """Every result of ``spec`` with its exact probability, as ``[(values, Fraction)]``."""
    count, sides = parse_spec(spec)
    p = Fraction(1, sides ** count)
    return [(values, p) for values in itertools.product(range(1, sides + 1), repeat=count)]


def pvector_of(items: Iterable[T]) -> PVector[T]:
    """``items`` as a pvector."""
    return pvector(items)
