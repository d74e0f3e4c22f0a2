"""Built-in bots: a bot picks among ``legal_actions`` with its own seeded generator.

A bot's choice is a pure function of (its seed, the state's turn and log length), so a
bot game is as deterministic as the engine.
"""
from __future__ import annotations

from .api import legal_actions
from .engine.dice import mix


class RandomBot:
    """Chooses uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed=0):
        self.seed = seed

    def choose(self, state):
        actions = legal_actions(state)
        return actions[mix(self.seed, len(state.log)) % len(actions)]


BOTS = {"random": RandomBot}
