"""000 THE TALISMAN TIMESCAPE, Changes to Existing Rules: "Characters in the Timescape may not affect or
be affected by other Characters, unless a Dimensional Rift has occurred ... The only exception to this
rule is the possible effect of other Character by the use of Spells or Scrolls" -- the ``may_affect``
hook point asked where the Gypsy claims a Scroll, a Follower is offered as a Realm's tithing, the Arena's
opener picks his opponent, the Key to Hades reaches its holder, and one player's two pieces meet
(docs/rulings.md R-FB13.1; the scenarios ``tests/scenarios/fix13B_timescape_*.yaml``)."""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

import attrs
import pytest

import talisman
from talisman.engine.ruleset import RULESET
from talisman.rules import kernel
from talisman.scenarios import run_file
from talisman.state import update_character

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


@contextmanager
def asked_of_the_timescape():
    """The Timescape's ``may_affect`` answer, each question recorded: ``(actor, target, means)``."""
    ts = RULESET.plugin("timescape")
    asked: list[tuple[str, str, str]] = []

    def recording(state, allowed, actor, target, means):
        asked.append((actor, target, means))
        return ts.hooks["may_affect"](state, allowed, actor=actor, target=target, means=means)

    RULESET.register(attrs.evolve(ts, hooks={**ts.hooks, "may_affect": recording}))
    try:
        yield asked
    finally:
        RULESET.register(ts)


@pytest.mark.parametrize("scenario, question", [
    # the Gypsy's claim of the Scroll the Warrior discards
    ("gypsy_in_the_timescape_claims_no_scroll_discarded_outside", ("gypsy", "warrior", "claim")),
    # the Maiden offered to the Realm's owner as a tithing
    ("no_follower_offered_as_tithe_to_an_owner_in_the_timescape", ("thief", "wizard", "tithe")),
    # the Arena's opener picking his first opponent
    ("arena_opener_may_choose_a_character_from_the_timescape", ("warrior", "troll", "arena")),
    # the Thief's lost life reaching the Key to Hades's holder
    ("key_to_hades_holder_in_the_timescape_loses_no_life", ("thief", "warrior", "held")),
    # one player's two pieces meeting: the player as both
    ("mirror_image_pieces_do_not_trade_in_the_timescape", ("warrior", "warrior", "trade")),
    ("mystic_does_not_rejoin_in_the_timescape", ("wizard", "wizard", "rejoin")),
])
def test_the_act_asks_the_hook(scenario, question):
    with asked_of_the_timescape() as asked:
        result = run_file(SCENARIOS / f"fix13B_timescape_{scenario}.yaml")
    assert result.passed, result
    assert question in asked


def test_the_timescape_lets_the_arena_through_and_nothing_else():
    s = update_character(talisman.new_game(["warrior", "troll"], expansions=["timescape"], seed=1),
                         "troll", space="ts_frozen_future")
    assert kernel.may_affect(s, "warrior", "troll", "arena")
    assert not any(kernel.may_affect(s, "warrior", "troll", m) for m in ("claim", "tithe", "held"))


def test_two_pieces_meet_outside_the_timescape_and_with_a_rift():
    from talisman.expansions import timescape
    s = talisman.new_game(["warrior", "troll"], expansions=["timescape"], seed=1)
    assert kernel.pieces_may_meet(s, "warrior", "trade")
    inside = update_character(s, "warrior", space="ts_frozen_future")
    assert not kernel.pieces_may_meet(inside, "warrior", "trade")
    assert kernel.pieces_may_meet(timescape.SLICE.put(inside, rift="warrior"), "warrior", "rejoin")
    assert kernel.pieces_may_meet(talisman.new_game(["warrior"], seed=1), "warrior", "trade")
