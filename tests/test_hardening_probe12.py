"""hard12: the public API's remaining loose ends (docs/rulings.md R-HARD12): seeds mixed whole,
a seed too long refused by ``from_json``, ``player_view`` checking a hand-made state first, a
value check on every expansion slice field, and ``apply``'s ``RulesError`` documented as it is
raised."""
from __future__ import annotations

import json
from pathlib import Path

import attr
import pytest

import talisman
from talisman import triwizard, validate
from talisman.engine.dice import MAX_SEED, mix
from talisman.errors import RulesError, StateError
from talisman.triwizard import validate as tw_validate

ROOT = Path(__file__).resolve().parents[1]


def _doc(module, state):
    return json.loads(module.to_json(state))


# --- item 1: the whole seed is mixed (R-HARD11B.1's note) -------------------------------------

@pytest.mark.parametrize("seed, other", [(2 ** 64, 0), (2 ** 64 + 5, 5), (-1, 2 ** 64 - 1),
                                         (MAX_SEED, 0), (-MAX_SEED, 0), (2 ** 200 + 3, 2 ** 201 + 3)])
def test_seeds_that_differ_by_a_multiple_of_2_to_the_64_roll_differently(seed, other):
    """R-HARD11B.1: "same seed ... same game"; distinct seeds in the allowed range (-2**256 to
    2**256) give distinct streams, no longer folded modulo 2**64."""
    a = [mix(seed, c) for c in range(8)]
    b = [mix(other, c) for c in range(8)]
    assert a != b


def test_a_game_seeded_2_to_the_64_is_not_the_game_seeded_0():
    one = talisman.new_game(["warrior", "troll"], seed=2 ** 64)
    zero = talisman.new_game(["warrior", "troll"], seed=0)
    assert one.decks != zero.decks  # the shuffles differ, not only config.seed


def test_a_wide_seed_still_plays_the_same_game_twice():
    a = [mix(-(2 ** 70), c) for c in range(4)]
    assert a == [mix(-(2 ** 70), c) for c in range(4)]
    assert all(0 <= v < 2 ** 64 for v in a)


def test_ordinary_seeds_keep_their_splitmix_stream():
    """The mix of a seed from 0 to 2**64 - 1 is unchanged (the fingerprint of ordinary seeds)."""
    assert mix(0, 0) == 0x8209B480FAED1B10  # pinned before the change
    assert [mix(2 ** 64 - 1, c) for c in range(3)] == [0xD542C30584151160, 0xE11E0F8D721DA62E,
                                                        0x58BFB10AE0F3CCA2]


# --- item 2: from_json refuses a seed new_game refuses ----------------------------------------

@pytest.mark.parametrize("where", ["config", "dice"])
@pytest.mark.parametrize("seed", [MAX_SEED + 1, -MAX_SEED - 1, 10 ** 100])
def test_from_json_refuses_a_seed_beyond_2_to_the_256(where, seed):
    s = talisman.new_game(["warrior", "troll"], seed=3)
    doc = _doc(talisman, s)
    doc["state"][where]["seed"] = seed
    with pytest.raises(StateError, match=rf"state\.{where}\.seed: expected an int from -2\*\*256"):
        talisman.from_json(json.dumps(doc))


@pytest.mark.parametrize("where", ["config", "dice"])
def test_triwizard_from_json_refuses_a_seed_beyond_2_to_the_256(where):
    doc = _doc(triwizard, triwizard.new_game(seed=3))
    doc["state"][where]["seed"] = MAX_SEED + 1
    with pytest.raises(StateError, match=rf"state\.{where}\.seed: expected an int from -2\*\*256"):
        triwizard.from_json(json.dumps(doc))


def test_from_json_keeps_a_seed_at_the_bound():
    s = talisman.new_game(["warrior", "troll"], seed=-MAX_SEED)
    assert talisman.from_json(talisman.to_json(s)) == s


# --- item 6: apply's RulesError, as the docs promise it (R-HARD8.1, R-HARD12.6) ------------------

def _rules_error_inside_apply(module, state):
    """A state whose decision resumes a step no rule defines: the rules raise a RulesError
    (``no rule step named ...``) inside apply."""
    bad = attr.evolve(state, pending=attr.evolve(state.pending, step="nowhere.at_all"))
    # past the check at the door, which names the unknown step first (rulings R-HARDEN19.1,
    # R-HARDEN20.2): the net behind it is what is tested
    bad = validate.vouch(bad) if module is talisman else tw_validate.vouch(bad)
    with pytest.raises(StateError) as e:
        module.apply(bad, module.legal_actions(state)[0])
    return e.value


def test_a_rules_error_inside_apply_is_a_state_error_with_the_rules_error_chained():
    s = talisman.new_game(["warrior", "troll"], seed=7)
    err = _rules_error_inside_apply(talisman, s)
    assert isinstance(err.__cause__, RulesError) and "no rule step named 'nowhere.at_all'" in str(err)
    assert "or a bug in the rules" in str(err)
    t = triwizard.new_game(2, seed=7)
    err = _rules_error_inside_apply(triwizard, t)
    assert isinstance(err.__cause__, RulesError) and err.path == "state.pending"


def test_the_docs_say_apply_reports_a_rules_error_as_a_state_error():
    """docs/concepts.md, ``RulesError``'s docstring and both games' ``apply`` say what the code
    does: apply raises no RulesError; one raised inside a rule step comes as a StateError, the
    RulesError its ``__cause__``."""
    concepts = (ROOT / "docs" / "concepts.md").read_text(encoding="utf-8")
    errors_part = concepts.split("## Errors a caller can tell apart", 1)[1].split("\n## ", 1)[0]
    for text in (errors_part, RulesError.__doc__, talisman.apply.__doc__, triwizard.apply.__doc__):
        flat = " ".join(text.split())
        assert "__cause__" in flat and "StateError" in flat, text[:80]
    for fn in (talisman.apply, triwizard.apply):
        assert "Never raises a ``RulesError``" in " ".join(fn.__doc__.split())


# --- item 3: player_view checks a hand-made state before any work (R-HARD12.3) -----------------

def _float_in(state, where):
    w = state.characters["warrior"]
    if where == "gold":
        return attr.evolve(state, characters=state.characters.set("warrior", attr.evolve(w, gold=1.5)))
    if where == "log":
        e = state.log[0]
        return attr.evolve(state, log=state.log.set(0, attr.evolve(e, data=e.data.set("odd", 0.5))))
    return attr.evolve(state, decks=state.decks.set("spell", state.decks["spell"].append(2.5)))


@pytest.mark.parametrize("where, path", [("gold", "state.characters.warrior.gold"), ("log", "state.log.0.data.odd"),
                                         ("deck", "state.decks.spell.")])
def test_player_view_refuses_a_value_to_json_refuses_with_the_same_error(where, path):
    """A float in a character, the log or a face-down deck (which the view would hide): the view
    is refused as ``to_json`` refuses the state, naming the path, before any view is built."""
    bad = _float_in(talisman.new_game(["warrior", "troll"], seed=3), where)
    with pytest.raises(StateError) as saved:
        talisman.to_json(bad)
    with pytest.raises(StateError) as viewed:
        talisman.player_view(bad, "troll")
    assert str(viewed.value) == str(saved.value) and viewed.value.path.startswith(path)



# --- item 4: every expansion slice field's values are checked (R-HARD12.4) ----------------------

def _expansion_fields():
    import typing

    import attrs as attrs_lib

    from talisman.options import IMPLEMENTED_EXPANSIONS
    from talisman.state import EXT_SLICES
    out = []
    for key, cls in sorted(EXT_SLICES.items()):
        if key not in IMPLEMENTED_EXPANSIONS:
            continue  # a rule module's own (henchmen, noblemen...), not an expansion's
        hints = typing.get_type_hints(cls)
        out += [(key, f.name, hints[f.name], f.validator) for f in attrs_lib.fields(cls)]
    return out


FIELDS = _expansion_fields()
JUNK = "Not An Id!"


def _junk(tp):
    """A value of the field's type (``typed_from_data`` lets it through) that no field of the
    type takes: a key or an item that is no id, a negative count."""
    import typing
    args = [a for a in typing.get_args(tp) if a is not type(None)]
    origin = typing.get_origin(tp)
    if origin is typing.Union or type(tp).__name__ == "UnionType":
        return _junk(args[0])
    if tp is int:
        return -1
    if tp is str:
        return JUNK
    name = getattr(origin, "__name__", str(origin))
    if "PVector" in name or "PVector" in str(tp):
        if "PMap" in str(tp) or args and args[0] is typing.Any:
            return ["junk"]  # an item that is no mapping
        return [JUNK]
    if "PMap" in name or "PMap" in str(tp):
        return {JUNK: _fine(args[1])}
    raise AssertionError(f"no junk for {tp}")


def _fine(tp):
    import typing
    if tp is bool:
        return True
    if tp is int:
        return 0
    if tp is str:
        return "forest"
    if tp is typing.Any:
        return {}
    return [] if "PVector" in str(tp) else {}


def test_every_expansion_has_its_slice_fields_listed():
    exps = {k for k, *_ in FIELDS}
    assert {"airships", "blood_moon", "brotherhood", "city", "disasters", "dungeon", "emperors_guard",
            "harbinger", "timescape", "wizards_tower"} == exps and len(FIELDS) >= 50


@pytest.mark.parametrize("exp, field, tp, validator", FIELDS, ids=[f"{k}.{f}" for k, f, *_ in FIELDS])
def test_from_json_refuses_a_bad_value_in_every_expansion_slice_field(exp, field, tp, validator):
    """R-HARD12.4: each field has a value check (its attrs validator, run where the slice is built
    whole), and a value of the right type that the field does not take is refused by path."""
    assert validator is not None, f"{exp}.{field} has no value check"
    expansions = [exp] if exp != "city" else ["city"]
    s = talisman.new_game(["warrior", "troll"], expansions=expansions, seed=1)
    doc = _doc(talisman, s)
    doc["state"]["ext"].setdefault(exp, {})[field] = _junk(tp)
    with pytest.raises(StateError) as e:
        talisman.from_json(json.dumps(doc))
    assert e.value.path.startswith(f"state.ext.{exp}.{field}"), str(e.value)
    assert "expected" in str(e.value)


def test_a_scenario_setting_a_bad_slice_value_is_a_scenario_error(tmp_path):
    from talisman.errors import ScenarioError
    from talisman.scenarios import run_file
    f = tmp_path / "s.yaml"
    f.write_text('name: probe\nrules: "000 PROBE"\nsetup: {characters: [warrior], expansions: [airships], '
                 'ext: {airships: {damage: {airship_wyvern: -2}}}}\nexpect: {round: 1}\n', encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"s\.yaml.*ext\.airships\.damage\.airship_wyvern"):
        run_file(f)


def test_a_good_slice_value_still_loads():
    s = talisman.new_game(["warrior", "troll"], expansions=["airships", "blood_moon"], seed=1)
    doc = _doc(talisman, s)
    doc["state"]["ext"]["blood_moon"]["werewolf"] = "crags"
    assert talisman.from_json(json.dumps(doc)).ext["blood_moon"].werewolf == "crags"
