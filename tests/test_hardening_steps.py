"""Every registered rule step, and every kind of decision, walked with junk: a state made or
changed by hand is refused with a :class:`~talisman.errors.StateError` naming a path of the
state, never with an action's error (``NotationError``, ``IllegalAction``: the action given was
legal), a bare ``TalismanError`` or a raw exception (the guide's Standards: "a bad state or record
names the path of the bad value"; rulings R-HARD2.1 and R-HARD8.1).

Two doors: ``from_json`` names the path of a value it can check (a frame's or a decision's
arguments its REGISTERED step does not take, named as registered: ``movement.chosen``; a decision
of chance that chance cannot make); ``apply`` refuses what a rule step still trips on, naming
``state.pending`` when the decision's own step failed, ``state`` when a step run after it did."""
from __future__ import annotations

import inspect
import json

import attrs
import pytest
from pyrsistent import pmap

import talisman
from talisman import triwizard
from talisman.engine.records import CHANCE, new_frame
from talisman.errors import NotationError, StateError

ALL = ["harbinger", "blood_moon", "city", "dungeon", "timescape", "wizards_tower", "emperors_guard",
       "brotherhood", "catacombs", "airships", "disasters"]
#: A string, a negative number, nothing, a malformed effect list, a malformed effect table.
JUNK = ("garbage", -1, None, [{"zz": 1}], {"no_such_effect": {"x": 1}})


def _takes_action(fn):
    params = list(inspect.signature(fn).parameters.values())
    return len(params) >= 2 and params[1].name == "action", params


def _walk(game, start, steps):
    """Each rule step of ``steps`` given junk for its required arguments, then for all of them:
    a decision step resumed from a player's decision, a chance roll and a chance draw; a frame
    step pushed on the stack.  -> (tried, {case: problem}) where a problem is anything but
    ``apply`` playing the state or refusing it with a StateError at a path of the state."""
    deck = next(name for name, pile in start.decks.items() if pile)
    card = start.decks[deck][0]
    kinds = {  # a decision of each kind the machine resumes: (fields of the decision, the action)
        "player": ({}, game.legal_actions(start)[0]),
        "roll": ({"player": CHANCE, "kind": "roll", "spec": "d6", "options": ()}, "roll:3"),
        "draw": ({"player": CHANCE, "kind": "draw", "deck": deck, "options": ()}, f"draw:{card}"),
    }
    tried, problems = 0, {}
    for name, fn in steps.items():
        is_decision, params = _takes_action(fn)
        rest = params[2:] if is_decision else params[1:]
        for junk in JUNK:
            for every in (False, True):
                args = pmap({p.name: junk for p in rest if every or p.default is inspect.Parameter.empty})
                if is_decision:
                    cases = [(k, attrs.evolve(start, pending=attrs.evolve(start.pending, step=name, args=args,
                                                                            **fields)), action)
                             for k, (fields, action) in kinds.items()]
                else:
                    cases = [("frame", attrs.evolve(start, stack=start.stack.append(new_frame(name, args))),
                              kinds["player"][1])]
                for kind, bad, action in cases:
                    tried += 1
                    pending, stack = bad.pending, bad.stack
                    try:
                        game.apply(bad, action)
                    except StateError as e:
                        if not (e.path == "state" or e.path.startswith("state.")):
                            problems[(name, kind, repr(junk))] = f"StateError at {e.path!r}"
                    except Exception as e:  # noqa: BLE001 - the point: nothing else escapes
                        problems[(name, kind, repr(junk))] = f"{type(e).__name__}: {str(e)[:100]}"
                    if (bad.pending, bad.stack) != (pending, stack):
                        problems[(name, kind, repr(junk))] = "the state given was changed"
    return tried, problems


def test_every_talisman_rule_step_given_junk_is_played_or_refused_with_a_state_error():
    start = talisman.new_game(["warrior", "troll"], seed=7, expansions=ALL)
    tried, problems = _walk(talisman, start, talisman.api.STEPS)
    assert tried > 3000, tried
    assert problems == {}


def test_every_triwizard_rule_step_given_junk_is_played_or_refused_with_a_state_error():
    start = triwizard.new_game(players=2, seed=1)
    tried, problems = _walk(triwizard, start, triwizard.api.STEPS)
    assert tried > 100, tried
    assert problems == {}


@pytest.fixture(scope="module")
def start():
    """The Warrior waits on ``movement.chosen`` with ``roll: 4`` (move:forest or move:hills_2)."""
    s = talisman.new_game(["warrior", "troll"], seed=7)
    assert s.pending.step == "movement.chosen"
    return s


def test_a_roll_step_resumed_by_a_players_move_is_a_state_error_not_a_notation_error(start):
    """Was: ``NotationError: illegal action 'move:forest': not a roll outcome``, which a caller
    reads as a bad action of its own (``except (IllegalAction, NotationError)`` re-prompts) though
    ``move:forest`` is legal: the decision's step (``movement.rolled``) does not fit its kind."""
    bad = attrs.evolve(start, pending=attrs.evolve(start.pending, step="movement.rolled", args=pmap()))
    with pytest.raises(StateError) as e:
        talisman.apply(bad, "move:forest")
    assert e.value.path == "state.pending"
    assert "rule step 'movement.rolled'" in str(e.value) and "action 'move:forest'" in str(e.value)
    assert isinstance(e.value.__cause__, NotationError)


def test_a_junk_argument_that_names_a_rule_step_is_a_state_error_not_a_rules_error(start):
    """``encounters.enemies_evaded`` pushes ``<then>.meet``: junk there was ``RulesError: no rule
    step named 'garbage.meet'`` (a bug to report, said the error) though the state was the
    caller's (ruling R-HARD8.1)."""
    params = inspect.signature(talisman.api.STEPS["encounters.enemies_evaded"]).parameters
    args = {p: "garbage" for p in list(params)[1:]}
    bad = attrs.evolve(start, stack=start.stack.append(new_frame("encounters.enemies_evaded", pmap(args))))
    with pytest.raises(StateError) as e:
        talisman.apply(bad, "move:forest")
    assert e.value.path == "state" and "RulesError: no rule step named 'garbage.meet'" in str(e.value)
    assert "not a state the engine makes" in str(e.value)


def test_from_json_names_the_registered_step_not_the_python_function(start):
    d = json.loads(talisman.to_json(start))
    d["state"]["pending"]["args"]["bogus"] = 1
    with pytest.raises(StateError) as e:
        talisman.from_json(json.dumps(d))
    assert e.value.path == "state.pending.args"
    assert "rule step 'movement.chosen'" in str(e.value) and "step chosen" not in str(e.value)
    d = json.loads(talisman.to_json(start))
    d["state"]["stack"].append({"step": "turn.start", "args": {"bogus": 1}})
    with pytest.raises(StateError, match=r"rule step 'turn\.start': .*'bogus'"):
        talisman.from_json(json.dumps(d))


# --- a decision of chance that chance cannot make -----------------------------------------------

@pytest.fixture(scope="module")
def at_roll():
    s = talisman.new_game(["warrior", "troll"], seed=7, stop_at_chance=True)
    assert s.pending.player == CHANCE and s.pending.kind == "roll" and s.pending.spec == "d6"
    return s


CHANCE_JUNK = [  # (fields of the decision, the path named)
    ({"spec": "garbage"}, "state.pending.spec"),
    ({"spec": None}, "state.pending.spec"),
    ({"spec": "999d6"}, "state.pending.spec"),
    ({"spec": "1d0"}, "state.pending.spec"),
    ({"spec": ""}, "state.pending.spec"),
    ({"kind": "draw"}, "state.pending.deck"),                  # a draw from no deck
    ({"kind": "draw", "deck": "garbage"}, "state.pending.deck"),
    ({"kind": "shuffle"}, "state.pending.kind"),
]


@pytest.mark.parametrize("fields, path", CHANCE_JUNK)
def test_from_json_refuses_a_decision_of_chance_that_chance_cannot_make(at_roll, fields, path):
    """Each loaded before, then failed in ``legal_actions``/``apply`` with a raw KeyError,
    AttributeError, a bare TalismanError ("not a dice spec") or a RulesError."""
    d = json.loads(talisman.to_json(at_roll))
    d["state"]["pending"].update(fields)
    with pytest.raises(StateError) as e:
        talisman.from_json(json.dumps(d))
    assert e.value.path == path


@pytest.mark.parametrize("fields, path", CHANCE_JUNK)
def test_a_hand_made_decision_of_chance_is_a_state_error_everywhere(at_roll, fields, path):
    bad = attrs.evolve(at_roll, pending=attrs.evolve(at_roll.pending, **fields))
    calls = {"legal_actions": lambda: talisman.legal_actions(bad),
             "chance_outcomes": lambda: talisman.chance_outcomes(bad),
             "apply a roll": lambda: talisman.apply(bad, "roll:3"),
             "apply a draw": lambda: talisman.apply(bad, "draw:" + bad.decks["adventure"][0])}
    for what, call in calls.items():
        with pytest.raises(StateError) as e:
            call()
        assert e.value.path == path, what
