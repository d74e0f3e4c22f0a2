"""Errors a caller can tell apart (issue 15): its own mistakes (``UserError``: an illegal
action, bad notation beside it, a bad option, bad data, a bad scenario, record or state
document) from a bug in the engine (``RulesError``)."""
from __future__ import annotations

import json

import pytest

import talisman
from talisman import errors
from talisman.engine import machine
from talisman.engine.reasons import Reason
from talisman.engine.records import Outcome, replace
from talisman.errors import (IllegalAction, NotationError, OptionError, RulesError, StateError,
                             TalismanError, UserError)


def test_every_error_class_is_exported_from_the_package():
    for name in errors.__all__:
        assert getattr(talisman, name) is getattr(errors, name)
        assert issubclass(getattr(errors, name), TalismanError)


def test_bad_notation_is_a_sibling_of_an_illegal_action_not_a_kind_of_it():
    assert not issubclass(NotationError, IllegalAction)
    assert not issubclass(IllegalAction, NotationError)
    assert issubclass(NotationError, UserError) and issubclass(IllegalAction, UserError)
    assert not issubclass(RulesError, UserError) and not issubclass(UserError, RulesError)
    s = talisman.new_game(["warrior", "troll"], seed=7)
    with pytest.raises(NotationError) as e:
        talisman.apply(s, "Move:Hills")
    assert not isinstance(e.value, IllegalAction) and e.value.action == "Move:Hills"


@pytest.mark.parametrize("kwargs,message", [
    ({"characters": ["nobody"]}, "unknown character"),
    ({"expansions": ["no_such_set"]}, "unknown expansion"),
    ({"seed": "seven"}, "new_game.seed: expected an int"),
    ({"options": {"no_such_option": True}}, "unknown rule option"),
    ({"options": {"max_rounds": -1}}, "max_rounds"),
])
def test_a_game_that_cannot_be_set_up_is_an_option_error(kwargs, message):
    with pytest.raises(OptionError, match=message):
        talisman.new_game(**kwargs)


def _doc(state):
    return json.loads(talisman.to_json(state))


@pytest.mark.parametrize("edit,path", [
    (lambda d: d["state"]["characters"].__setitem__("warrior", [1, 2]), "state.characters.warrior"),
    (lambda d: d["state"]["characters"]["warrior"].__setitem__("wings", 2), "state.characters.warrior.wings"),
    (lambda d: d["state"].__setitem__("stack", {"a": 1}), "state.stack"),
    (lambda d: d["state"]["pending"].__setitem__("options", ["Not Notation"]), "state.pending.options.0"),
    (lambda d: d["state"].__setitem__("outcome", {"reason": "boredom", "winners": []}), "state.outcome"),
    (lambda d: d["state"]["config"].pop("characters"), "state.config.characters"),
    (lambda d: d.pop("state"), "document.state"),
])
def test_a_bad_state_document_is_a_state_error_naming_the_path(edit, path):
    doc = _doc(talisman.new_game(["warrior", "troll"], seed=7))
    edit(doc)
    with pytest.raises(StateError) as e:
        talisman.from_json(json.dumps(doc))
    assert e.value.path == path and str(e.value).startswith(path + ": ")


def test_text_that_is_no_state_document_is_a_state_error():
    with pytest.raises(StateError, match="not JSON"):
        talisman.from_json("{")
    with pytest.raises(StateError, match="document.game: expected 'talisman'"):
        talisman.from_json('{"game": "chess"}')


def test_engine_failures_are_rules_errors():
    s = talisman.new_game(["warrior", "troll"], seed=7)
    with pytest.raises(RulesError, match="no option"):
        machine.decide(s, "warrior", "move", [], "movement.chosen")
    idle = replace(s, pending=None, stack=())
    with pytest.raises(RulesError, match="ran out of rule steps"):
        machine.advance(idle, {})
    with pytest.raises(RulesError, match="no rule step named 'nowhere'"):
        machine.advance(machine.push(idle, machine.frame("nowhere")), {})
    loop = {"loop": lambda st: machine.push(st, machine.frame("loop"))}
    with pytest.raises(RulesError, match="rules loop"):
        machine.advance(machine.push(idle, machine.frame("loop")), loop)


def test_an_ending_reason_is_an_enum_that_reads_as_its_string():
    o = Outcome("last_survivor", ("warrior",))
    assert o.reason is Reason.LAST_SURVIVOR and o.reason == "last_survivor"
    assert str(o.reason) == f"{o.reason}" == "last_survivor" and {"last_survivor": 1}[o.reason] == 1
    assert json.dumps(o.reason) == '"last_survivor"'
    with pytest.raises(RulesError, match="unknown game-ending reason"):
        Outcome("boredom", ())
