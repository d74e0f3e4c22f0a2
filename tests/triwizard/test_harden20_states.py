"""Bad Triwizard Maze states made by hand with the public records (``attrs.evolve``) (harden20).

The developers' guide: "a bad state or record names the path of the bad value".  harden19 made the
Talisman entry points check a state the engine did not make (ruling R-HARDEN19.1); the Triwizard's
were left as they were, so ``legal_actions`` answered from a player on a square the maze does not
have and ``apply`` tripped inside a rule step.  Each state below is a real one with one field given
a value no game holds (``from_json`` refuses the same value in a document, naming its path); each
entry point must raise the library's :class:`StateError` naming that path, and leave the state as
it was (ruling R-HARDEN20.2).
"""

from __future__ import annotations

import json

import attrs
import pytest
from pyrsistent import pvector

from talisman import triwizard
from talisman.errors import StateError
from talisman.triwizard import validate

STATE = triwizard.new_game(players=3, seed=11)
ACTION = triwizard.legal_actions(STATE)[0]
PLAYER = STATE.current


def _set(record, keys, value):
    """``record`` with the value at ``keys`` replaced (attrs records evolved, pmaps set)."""
    key, rest = keys[0], keys[1:]
    if attrs.has(type(record)):
        old = getattr(record, key)
        return attrs.evolve(record, **{key: _set(old, rest, value) if rest else _like(old, value)})
    old = record.get(key)
    return record.set(key, _set(old, rest, value) if rest else _like(old, value))


def _like(old, value):
    if isinstance(value, list):
        return tuple(value) if isinstance(old, tuple) else pvector(value)
    return value


# name -> (the path of the bad value, the value)
BAD = {
    "space_unknown": (f"state.players.{PLAYER}.space", "atlantis"),
    "hand_card_unknown": (f"state.players.{PLAYER}.hand", ["zz_unknown"]),
    "hand_card_twice": (f"state.players.{PLAYER}.hand", ["red_3_6", "red_3_6"]),
    "tile_unknown": (f"state.players.{PLAYER}.tiles", ["zz_unknown"]),
    "current_unknown": ("state.current", "nobody"),
    "cloak_unknown": ("state.cloak", "nobody"),
    "hedge_unknown": ("state.hedge", "atlantis"),
    "turn_negative": ("state.turn", -1),
    "turn_a_word": ("state.turn", "x"),
    "deck_card_unknown": ("state.decks.battle", ["zz_unknown"]),
    "dice_counter_negative": ("state.dice.counter", -1),
    "a_float": ("state.turn", 1.5),
}

ENTRIES = {
    "legal_actions": lambda s: triwizard.legal_actions(s),
    "apply": lambda s: triwizard.apply(s, ACTION),
    "parse_action": lambda s: triwizard.parse_action(s, str(ACTION)),
    "chance_outcomes": lambda s: triwizard.chance_outcomes(s),
    "player_view": lambda s: triwizard.player_view(s, PLAYER),
    "outcome": lambda s: triwizard.outcome(s),
    "record": lambda s: triwizard.record(s, []),
}


def test_the_document_of_each_bad_state_is_refused_by_from_json_naming_the_path():
    """The control: each value is one a state document may not hold."""
    for name, (path, value) in BAD.items():
        doc = json.loads(triwizard.to_json(STATE))
        node = doc
        keys = path.split(".")
        for key in keys[:-1]:
            node = node[key]
        node[keys[-1]] = value
        with pytest.raises(StateError) as info:
            triwizard.from_json(json.dumps(doc))
        assert path in str(info.value), (name, str(info.value))


@pytest.mark.parametrize("entry", sorted(ENTRIES))
@pytest.mark.parametrize("name", sorted(BAD))
def test_a_hand_made_bad_state_is_refused_naming_the_path(name, entry):
    path, value = BAD[name]
    bad = _set(STATE, path.split(".")[1:], value)
    before = repr(bad)
    with pytest.raises(StateError) as info:
        ENTRIES[entry](bad)
    assert path in str(info.value), str(info.value)
    assert repr(bad) == before


def test_the_engines_own_states_are_not_checked_and_a_hand_made_one_once(monkeypatch):
    """A state ``new_game``, ``apply``, ``from_json`` or ``player_view`` returns is taken as the
    engine's; a good hand-made copy is checked once, then plays as any other."""
    calls = []
    real = validate.state_data
    monkeypatch.setattr(validate, "state_data", lambda *a: calls.append(a) or real(*a))
    after = triwizard.apply(STATE, ACTION)
    triwizard.legal_actions(after)
    triwizard.legal_actions(triwizard.from_json(triwizard.to_json(after)))  # (from_json checks its text)
    triwizard.legal_actions(triwizard.player_view(after, PLAYER))
    assert len(calls) == 1  # from_json's own check of the document
    good = attrs.evolve(after, turn=after.turn)  # a hand-made copy, equal and valid
    triwizard.legal_actions(good)
    triwizard.apply(good, triwizard.legal_actions(good)[0])
    triwizard.chance_outcomes(good)
    assert len(calls) == 2  # checked once, at its first entry point


def test_a_view_is_still_refused_by_apply():
    """The door check does not let a player's view play (its seed is hidden)."""
    with pytest.raises(StateError, match="player's view"):
        triwizard.apply(triwizard.player_view(STATE, PLAYER), ACTION)


def test_a_hand_made_state_that_cannot_be_saved_names_the_path():
    bad = attrs.evolve(STATE, cloak=object())
    with pytest.raises(StateError, match=r"state\.cloak: cannot be saved"):
        triwizard.legal_actions(bad)


def test_a_hand_made_copy_of_a_view_is_still_answered():
    """A view is no state document (its seed and hidden cards): a copy of one made by hand is
    answered as before, not refused by the check (ruling R-HARDEN20.2); ``apply`` refuses it."""
    view = attrs.evolve(triwizard.player_view(STATE, PLAYER), turn=STATE.turn)
    assert triwizard.legal_actions(view) == triwizard.legal_actions(STATE)
    with pytest.raises(StateError, match="player's view"):
        triwizard.apply(view, ACTION)
