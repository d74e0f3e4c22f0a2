"""The hook points added for the Harbinger's and the Blood Moon's cards (``talisman.rules.hooks``
docstring): ``before_draw``, ``cards_drawn``, ``prayer_rolled``, ``combat_resolved``,
``spell_cast``, ``alignment_changing``, ``type_limit``, ``trophies`` and the additions of
``movement_destinations``.  001 Expansion Rules / 003 Expansion Rules: a base game runs none of
the frames they need (no per-step cost, no expansion code), and every hook named is documented."""
import pytest

import talisman
from talisman import api, expansions
from talisman.rules import hooks
from talisman.testing.strategies import play_random

#: The base rule steps that exist only to give the expansions their moment.
EXPANSION_ONLY_STEPS = ("encounters.draw_checked", "encounters.drawn", "spells.answered", "movement.roll_answered",
                        "combat.resolved", "effects.prayer_read")


def test_a_base_game_never_runs_the_frames_of_the_new_hook_points(monkeypatch):
    """001 / 003 Expansion Rules: without expansions, the new moments are never reached (their
    frames are pushed only when ``state.config.expansions`` is not empty)."""
    def boom(*a, **k):
        raise AssertionError("an expansion-only step ran in a base game")
    for name in EXPANSION_ONLY_STEPS:
        assert name in api.STEPS
        monkeypatch.setitem(api.STEPS, name, boom)
    for seed in range(3):
        s = talisman.new_game(["wizard", "priest", "sorceress"], seed=seed, options={"max_rounds": 5})
        play_random(s, 500, bot_seed=seed)


@pytest.mark.parametrize("hook", expansions.HOOK_NAMES)
def test_every_hook_point_is_documented_in_the_kernel_docstring(hook):
    """Each hook point is listed in the ``talisman.rules.hooks`` docstring (where the points are
    declared) with its arguments."""
    assert f"``{hook}(state" in hooks.__doc__


def test_steps_that_wait_on_the_hooks_run_when_an_expansion_is_on(monkeypatch):
    """The same moments do run with an expansion in play (so the trap above would catch them)."""
    ran = []
    for name in ("encounters.draw_checked", "encounters.drawn"):
        original = api.STEPS[name]

        def counted(*a, _name=name, _fn=original, **k):
            ran.append(_name)
            return _fn(*a, **k)
        monkeypatch.setitem(api.STEPS, name, counted)
    s = talisman.new_game(["wizard", "priest"], expansions=["blood_moon"], seed=1, options={"max_rounds": 4})
    play_random(s, 400, bot_seed=1)
    assert "encounters.draw_checked" in ran and "encounters.drawn" in ran
