"""Helpers for rule tests: set up a position, force dice, play notations."""
import attrs

from talisman.engine import machine
from talisman.api import STEPS
from talisman.rules import effects
from talisman.scenarios import TalismanScenarios, setup_state


def game(characters, dice=(), **setup):
    """A position: ``characters`` as in a scenario's setup (fate 0 unless given, so no FATE
    re-roll decisions come between the steps under test)."""
    chars = []
    for c in characters:
        c = dict(c) if isinstance(c, dict) else {"id": c}
        c.setdefault("fate", 0)
        chars.append(c)
    return setup_state({"characters": chars, **setup}, list(dice))


def play(state, *actions):
    for a in actions:
        state = TalismanScenarios.apply(state, a)
    return state


def legal(state):
    return {str(a) for a in TalismanScenarios.legal_actions(state)}


def names(state):
    return [e.name for e in state.log]


def events(state, name):
    return [e.data for e in state.log if e.name == name]


def run_effects(state, effs, actor, dice=None):
    """Run effect steps for ``actor`` from a settled position."""
    from talisman.engine.dice import Dice
    state = attrs.evolve(state, pending=None)
    if dice is not None:
        state = attrs.evolve(state, dice=Dice(seed=0, script=tuple(dice)))
    state = effects.run(state, effs, actor, {})
    return machine.advance(state, STEPS, machine.AT_SCRIPT_END)


def hgame(characters, dice=(), position=None, options=None, **setup):
    """A position with The Harbinger in play; ``position`` is the ``harbinger_position`` option."""
    opts = dict(options or {})
    if position is not None:
        opts["harbinger_position"] = position
    return game(characters, dice, expansions=["harbinger"], options=opts, **setup)
