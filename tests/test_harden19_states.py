"""Bad states made by hand with the public records (``attrs.evolve``) (harden19, code-blind).

The developers' guide: "a bad state or record names the path of the bad value"; "an error never
leaves a half-changed state".  Each state below is a real one with one field given a value no
game holds (``from_json`` refuses the same value in a document, naming its path); it is passed to
``legal_actions``, ``apply`` (with the action the real state allows), ``player_view``,
``parse_action``, ``chance_outcomes`` and ``odds``.  Each
must raise the library's :class:`StateError` naming the path of the bad value, and leave the
state given as it was.
"""

from __future__ import annotations

import json

import attrs
import pytest
from pyrsistent import pvector

from hangs import deadline  # a hang is a failure (tests/hangs.py)
import talisman
from talisman.errors import StateError


def _moving():
    s = talisman.new_game(["warrior", "wizard"], seed=12345)
    while not (s.pending.player == "warrior" and s.pending.kind == "move"):
        s = talisman.apply(s, talisman.legal_actions(s)[0])
    return s


STATE = _moving()
ACTION = talisman.legal_actions(STATE)[0]


def _set(record, keys, value):
    """``record`` with the value at ``keys`` replaced (attrs records evolved, pmaps set)."""
    key, rest = keys[0], keys[1:]
    if attrs.has(type(record)):
        old = getattr(record, key)
        new = _set(old, rest, value) if rest else _like(old, value)
        return attrs.evolve(record, **{key: new})
    old = record.get(key)
    return record.set(key, _set(old, rest, value) if rest else _like(old, value))


def _like(old, value):
    if isinstance(value, list):
        return tuple(value) if isinstance(old, tuple) else pvector(value)
    return value


def changed(path, value):
    return _set(STATE, path.split(".")[1:], value)


# name -> (the path of the bad value, the value)
BAD = {
    "gold_negative": ("state.characters.warrior.gold", -5),
    "fate_negative": ("state.characters.warrior.fate", -1),
    "lives_a_word": ("state.characters.warrior.lives", "x"),
    "lost_turn_negative": ("state.characters.warrior.lost_turn", -1),
    "alive_a_word": ("state.characters.warrior.alive", "yes"),
    "alignment_unknown": ("state.characters.warrior.alignment", "chaotic"),
    "space_unknown": ("state.characters.warrior.space", "nowhere"),
    "object_unknown": ("state.characters.warrior.objects", ["zz_unknown"]),
    "current_unknown": ("state.current", "nobody"),
    "round_negative": ("state.round", -1),
    "round_a_word": ("state.round", "x"),
    "order_unknown": ("state.order", ["zz_unknown"]),
    "deck_card_unknown": ("state.decks.adventure", ["zz_unknown"]),
    "board_gold_negative": ("state.board_gold.woods_1", -3),
    "expansion_unknown": ("state.config.expansions", ["zz_unknown"]),
    "dice_counter_negative": ("state.dice.counter", -1),
}

ENTRIES = {
    "legal_actions": lambda s: talisman.legal_actions(s),
    "apply": lambda s: talisman.apply(s, ACTION),
    "player_view": lambda s: talisman.player_view(s, "wizard"),
    "parse_action": lambda s: talisman.parse_action(s, str(ACTION)),
    "chance_outcomes": lambda s: talisman.chance_outcomes(s),
    "odds": lambda s: talisman.odds(s, until="turn_ended"),
}

def _cases():
    for name in sorted(BAD):
        for entry in sorted(ENTRIES):
            yield pytest.param(name, entry, id=f"{name}-{entry}")


def test_the_document_of_each_bad_state_is_refused_by_from_json_naming_the_path():
    """The control: each value is one a state document may not hold."""
    for name, (path, value) in BAD.items():
        doc = json.loads(talisman.to_json(STATE))
        node = doc
        keys = path.split(".")
        for key in keys[:-1]:
            node = node[key]
        node[keys[-1]] = value
        with pytest.raises(StateError) as info:
            talisman.from_json(json.dumps(doc))
        assert path in str(info.value), (name, str(info.value))


@pytest.mark.parametrize("name,entry", list(_cases()))
def test_a_hand_made_bad_state_is_refused_naming_the_path(name, entry):
    path, value = BAD[name]
    bad = changed(path, value)
    before = repr(bad)
    with deadline():
        with pytest.raises(StateError) as info:
            ENTRIES[entry](bad)
    assert path in str(info.value), str(info.value)
    assert repr(bad) == before


def test_a_state_played_on_from_a_checked_one_is_not_checked_again():
    """The engine's own states carry the mark of R-HARDEN19.1: a good hand-made state is checked
    once, and the states played from it are taken as the engine's (the check is not run again)."""
    good = attrs.evolve(STATE, round=STATE.round)  # a hand-made copy, equal and valid
    after = talisman.apply(good, ACTION)
    from talisman import validate
    calls = []
    real = validate.check_state
    validate.check_state = lambda *a: calls.append(a) or real(*a)
    try:
        talisman.legal_actions(after)
        talisman.legal_actions(good)
        talisman.legal_actions(attrs.evolve(after, round=after.round))
    finally:
        validate.check_state = real
    assert len(calls) == 1  # only the new hand-made copy
