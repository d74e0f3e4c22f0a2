"""The Triwizard Maze side of rules-clarification scenarios (``game: triwizard``): the
adapter :func:`talisman.engine.scenario.run` drives.  The ``setup`` keys are documented in
docs/triwizard.md:

.. code-block:: yaml

    game: triwizard
    setup:
      players:                    # seating order; the first plays first unless `current`
        - {id: harry, space: r15c12, tiles: [reductor_curse], hand: [red_5_4]}
        - {id: cedric, space: r4c4}
      cloak: cedric               # who wears the Invisibility Cloak (default: nobody)
      hedge: r8c8                 # where the Wandering Hedge stands
      cups: {r7c8: triwizard_cup, r9c8: "up:headstone_1"}
      lineup: [grindylow, "down:sphinx"]
      deck_tops: {resources: [veritaserum]}
"""
from __future__ import annotations

from ..engine import machine
from ..errors import DiceExhausted, TalismanError
from . import api
from .definitions import load
from .positions import position

SETUP_KEYS = {"players", "current", "cloak", "hedge", "cups", "lineup", "deck_tops", "decks",
              "options", "seed", "turn"}
PLAYER_KEYS = {"id", "space", "hand", "tiles"}


def setup_state(setup, dice):
    """The position a scenario's ``setup`` describes, run to its first decision with the
    scenario's forced dice."""
    unknown = set(setup) - SETUP_KEYS
    if unknown:
        raise TalismanError(f"unknown setup key(s) {', '.join(sorted(unknown))}; "
                            f"known: {', '.join(sorted(SETUP_KEYS))}")
    players = {}
    for p in setup.get("players") or ["harry", "cedric"]:
        p = {"id": p} if isinstance(p, str) else dict(p)
        bad = set(p) - PLAYER_KEYS
        if bad:
            raise TalismanError(f"player {p.get('id')}: unknown field(s) {', '.join(sorted(bad))}")
        if "space" in p and not load().board.walkable(p["space"]):
            raise TalismanError(f"player {p['id']}: {p['space']!r} is not a path square")
        players[p["id"]] = {k: v for k, v in p.items() if k != "id"}
    return position(players, current=setup.get("current"), dice=dice,
                    seed=setup.get("seed", 0), cloak=setup.get("cloak"),
                    hedge=setup.get("hedge"), cups=setup.get("cups"), lineup=setup.get("lineup"),
                    decks=setup.get("decks"), deck_tops=setup.get("deck_tops"),
                    options=setup.get("options"), turn=setup.get("turn", 0),
                    stop_at_chance=machine.AT_SCRIPT_END if dice is not None else False)


class TriwizardScenarios:
    """The adapter :func:`talisman.engine.scenario.run` drives."""

    setup_state = staticmethod(setup_state)
    legal_actions = staticmethod(api.legal_actions)

    @staticmethod
    def apply(state, text):
        """Apply one scenario action, stopping where the forced dice run out."""
        p = state.pending
        if p is not None and p.is_chance and p.kind == "roll" and not str(text).startswith("roll:"):
            raise DiceExhausted(f"scripted dice ran out: wanted {p.spec} for {p.prompt}")
        return api.apply(state, text, stop_at_chance=machine.AT_SCRIPT_END)
