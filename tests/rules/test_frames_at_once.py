"""Rule steps run at once instead of a frame pushed only to be popped next (issue 20): the
states are the ones ``advance`` reaches through the frame (CHARACTER'S TURN; EFFECTS OF
ADVENTURE CARDS: a card's or a space's effects in order)."""
from pyrsistent import pvector

import talisman
from talisman.api import STEPS
from talisman.engine import machine
from talisman.engine.records import replace
from talisman.rules import kernel
from talisman.rules.hooks import subscribed


def _idle(seed=3):
    """A base game's state between steps: no decision waiting, only the turn's end on the stack."""
    s = talisman.new_game(["warrior", "wizard", "troll", "elf"], seed=seed)
    return replace(s, pending=None, stack=pvector([machine.frame("turn.end")]))


def _through_the_frame(state, effects, actor, source):
    """What the machine does with ``kernel.run_effects``' frame: pop it and run its step with
    its arguments (``advance``'s next iteration)."""
    pushed = kernel.run_effects(state, effects, actor, source)
    top = pushed.stack[-1]
    popped = replace(pushed, stack=pushed.stack.delete(len(pushed.stack) - 1))
    return STEPS[top.step](popped, **dict(top.args))


def test_effects_run_at_once_give_the_states_the_pushed_frame_gives():
    s = _idle()
    cases = [
        [{"gain": {"gold": 2}}, {"lose": {"strength": 1}}],  # two effects: the rest pushed after the first
        [{"if": {"test": {"gold_at_least": 1}, "then": [{"gain": {"craft": 1}}],
                 "else": [{"gain": {"fate": 1}}]}}, {"gain": {"gold": 1}}],
        [{"if": {"test": {"gold_at_least": 99}, "then": [{"gain": {"craft": 1}}]}}],  # no branch taken
    ]
    for effects in cases:
        now = kernel.run_effects_now(s, effects, "troll", {"space": "fields"})
        assert now == _through_the_frame(s, effects, "troll", {"space": "fields"})
        done = machine.advance(now, STEPS, stop_before={"turn.end"})
        assert [f.step for f in done.stack] == ["turn.end"]  # the rest of the list ran after
    gained = machine.advance(kernel.run_effects_now(s, cases[0], "troll", {}), STEPS, stop_before={"turn.end"})
    troll = s.characters["troll"]
    assert (gained.characters["troll"].gold, gained.characters["troll"].strength) == (troll.gold + 2, troll.strength - 1)
    # ``if``: its branch runs at once, before the rest of the list (the troll has gold: ``then``)
    branch = kernel.run_effects_now(s, cases[1], "troll", {})
    assert branch.characters["troll"].craft == troll.craft + 1 and branch.stack[-1].step == "effects.next"


def test_effects_wait_on_the_stack_while_a_decision_is_pending():
    s = talisman.new_game(["warrior", "troll"], seed=1)  # the first decision is waiting
    assert s.pending is not None
    later = kernel.run_effects_now(s, [{"gain": {"gold": 1}}], "troll", {"space": "fields"})
    assert later.stack[-1].step == "effects.next"
    assert later.characters["troll"].gold == s.characters["troll"].gold
    # the frame waiting is the one :func:`kernel.run_effects` pushes: the effects, for the troll,
    # with their source (helper mut16: mutants pushing it for no actor or without its source survived)
    assert later == kernel.run_effects(s, [{"gain": {"gold": 1}}], "troll", {"space": "fields"})
    args = later.stack[-1].args
    assert (args["actor"], dict(args["source"]), len(args["effects"])) == ("troll", {"space": "fields"}, 1)


def test_a_base_turn_pushes_no_frame_around_its_hook_points():
    # CHARACTER'S TURN: "I. Movement II. Encounters"; no plugin is engaged at the turn's hook
    # points in a base game, so the movement begins at once: below its first decision the
    # stack holds the encounters and the turn's end only
    s = talisman.new_game(["warrior", "wizard", "troll", "elf"], seed=5)
    while not any(f.step == "encounters.start" for f in s.stack):
        s = talisman.apply(s, talisman.legal_actions(s)[0])
    assert not subscribed(s, "turn_beginning") and not subscribed(s, "turn_started")
    assert not subscribed(s, "turn_ended")
    assert [f.step for f in s.stack][-2:] == ["turn.end", "encounters.start"]
    assert all(f.step not in ("movement.start", "turn.pass") for f in s.stack)
