"""The engine's hot-path shortcuts give exactly what the plain constructors and look-ups give
(issue 10, performance: they must not change a state or a log)."""
import pytest
from pyrsistent import pmap

import talisman
from talisman.definitions import load
from talisman.engine.dice import Dice, roll
from talisman.engine.machine import decide, frame
from talisman.engine.records import Decision, evolve, new_decision, replace, set_field
from talisman.errors import NotationError
from talisman.notation import Action, roll_action
from talisman.rules import characters as chars
from talisman.engine import records
from talisman.state import character, update_character


def test_new_decision_equals_the_attrs_constructor():
    args = pmap({"space": "fields_3", "roll": 4})
    fast = new_decision("warrior", "move", "movement.chosen", (Action("stay"),), args, prompt="p")
    plain = Decision("warrior", "move", "movement.chosen", [Action("stay")], {"space": "fields_3", "roll": 4},
                     prompt="p")
    assert fast == plain and type(fast) is Decision
    chance = new_decision("chance", "roll", "movement.rolled", (), pmap(), spec="2d6", prompt="x")
    assert chance == Decision("chance", "roll", "movement.rolled", spec="2d6", prompt="x")


def test_a_seeded_roll_gives_plain_dice_with_the_counter_moved_on():
    values, d = roll(Dice(seed=11, counter=3), "2d6")
    assert d == Dice(11, 5) and d.script is None and type(d) is Dice
    values1, d1 = roll(Dice(seed=11, counter=3), "d6")
    assert values1 == values[:1] and d1 == Dice(11, 4)


def test_memoized_roll_actions_and_dice_values_round_trip():
    a = roll_action([3, 4])
    assert a == Action("roll", ("3+4",)) and a.dice == (3, 4)
    assert roll_action((3, 4)) is a  # the same immutable value, shared
    with pytest.raises(NotationError):
        Action("move", ("hills_1",)).dice


def test_decide_turns_notation_into_actions_and_keeps_actions_given():
    s = talisman.new_game(["warrior", "wizard"], seed=3)
    s1 = decide(s, "warrior", "test", ["roll", Action("move", ("hills_1",))], "movement.before_roll")
    s2 = decide(s, "warrior", "test", ["roll", "move:hills_1"], "movement.before_roll")
    assert s1.pending.options == s2.pending.options == (Action("roll"), Action("move", ("hills_1",)))
    with pytest.raises(talisman.TalismanError):
        decide(s, "warrior", "test", [], "movement.before_roll")


def test_character_flag_reads_a_set_flag_and_gives_the_default_otherwise():
    s = talisman.new_game(["warrior", "wizard"], seed=3)
    ch = s.characters["warrior"]
    assert ch.flag("moved") is None and ch.flag("drawn", ()) == ()
    s = update_character(s, "warrior", turn_flags={"moved": True, "phase": "encounter"})
    ch = s.characters["warrior"]
    assert ch.flag("moved") is True and ch.flag("phase") == "encounter" and ch.flag("other", 7) == 7


def test_evolve_and_replace_copy_and_leave_the_original_alone():
    s = talisman.new_game(["warrior", "wizard"], seed=3)
    s2 = evolve(s, round=9)
    assert s2.round == 9 and s.round == 1 and s2.characters is s.characters
    s3 = replace(s, round=5)
    assert s3.round == 5 and s.round == 1
    with pytest.raises(TypeError, match="no field"):
        replace(s, rounds=5)


def test_has_ability_finds_what_a_card_gives_and_nothing_else():
    """SPECIAL ABILITIES of possessions: an ability no card gives is never looked for in them."""
    s = talisman.new_game(["warrior", "wizard"], seed=3)
    own = load().characters["warrior"].abilities
    card = next(c for c in load().cards.values() if c.type == "object" and not c.alignment
                and "cursed" not in c.abilities and any(a not in own for a in c.abilities))
    ability = next(a for a in card.abilities if a not in own)
    assert not chars.has_ability(s, "warrior", ability)
    held = update_character(s, "warrior", objects=[card.id])
    assert chars.has_ability(held, "warrior", ability)
    assert not chars.has_ability(held, "warrior", "no_such_ability_anywhere")
    toad = update_character(held, "warrior", toad_turns=2)
    assert not chars.has_ability(toad, "warrior", ability)  # TOADS & TRANSFORMATIONS: no abilities


def test_set_field_copies_one_field_of_a_dict_record_and_of_a_slotted_one():
    s = talisman.new_game(["warrior", "wizard"], seed=3)
    s2 = set_field(s, "round", 4)
    assert s2.round == 4 and s.round == 1 and s2 == evolve(s, round=4) and type(s2) is type(s)
    d = Dice(seed=2, counter=1)  # slotted: goes through replace
    assert set_field(d, "counter", 5) == Dice(2, 5) and d.counter == 1
    with pytest.raises(TypeError):
        set_field(d, "no_such_field", 1)


class _Untouchable:
    """A field value that fails on any use: a check that reads it is not O(1)."""

    def __getattr__(self, name):
        raise AssertionError(f"the per-call check read a field it should not ({name})")

    def __len__(self):
        raise AssertionError("the per-call check measured a field")

    def __iter__(self):
        raise AssertionError("the per-call check walked a field")


def test_the_per_call_check_of_apply_is_constant_time():
    """``validate.playable`` runs on every ``apply``: it looks at the state's type and at
    ``ext`` only (one look-up), never at the log, the stack, the characters or the decks."""
    from talisman import new_game, player_view, validate
    from talisman.engine.records import evolve
    from talisman.errors import StateError

    s = new_game(["warrior", "troll"], seed=7)
    bad = _Untouchable()
    blind = evolve(s, log=bad, stack=bad, characters=bad, decks=bad, board_cards=bad, discards=bad)
    validate.playable(blind)  # reads nothing it could walk
    with pytest.raises(StateError, match="view"):
        validate.playable(player_view(s, "warrior"))
    with pytest.raises(StateError, match="GameState"):
        validate.playable({"state": 1})


def test_kwargs_of_gives_the_arguments_of_memoized_and_fresh_pmaps():
    from talisman.engine.records import freeze_kwargs, kwargs_of

    memo = freeze_kwargs({"character": "troll", "n": 1, "flag": True, "none": None})
    assert kwargs_of(memo) == dict(memo) and list(kwargs_of(memo)) == list(memo.keys())
    fresh = freeze_kwargs({"path": ["a", "b"], "n": 2})  # not memoized: walked
    assert kwargs_of(fresh) == dict(fresh)
    assert kwargs_of(pmap({"a": 1})) == {"a": 1}


def test_hook_dispatch_refuses_an_undeclared_point_and_keeps_the_kinds_apart():
    from talisman.engine.ruleset import RULESET

    s = talisman.new_game(["warrior", "troll"], seed=7)
    with pytest.raises(KeyError):
        RULESET.run_hook(s, "no_such_point")
    with pytest.raises(KeyError):
        RULESET.adjust(s, "turn_started", 1)  # a state hook asked as a value hook
    assert RULESET.adjust(s, "draw_count", 1, character="warrior", space="fields") == 1


def test_flag_on_the_shared_empty_map_and_on_a_set_flag():
    s = talisman.new_game(["warrior", "troll"], seed=7)
    ch = s.characters["warrior"]
    assert ch.flag("moved") is None and ch.flag("moved", 3) == 3
    s2 = update_character(s, "warrior", turn_flags={"moved": False})
    assert s2.characters["warrior"].flag("moved", 3) is False


def test_plain_views_follow_their_maps_and_never_outlive_a_change():
    m = pmap({"a": 1, "b": 2})
    view = records.plain(m)
    assert view == {"a": 1, "b": 2} and records.plain(m) is view  # one view per map
    m2 = records.plain_set(m, "a", 5)
    assert m2 == pmap({"a": 5, "b": 2}) and records.plain(m2) == {"a": 5, "b": 2}
    assert records.plain(m) == {"a": 1, "b": 2} and m == pmap({"a": 1, "b": 2})  # the old map and view unchanged
    m3 = m2.set("c", 3)  # a map changed without plain_set gets its own view when first read
    assert records.plain(m3) == {"a": 5, "b": 2, "c": 3}
    assert records.plain_set(pmap({"x": 1}), "y", 2) == pmap({"x": 1, "y": 2})  # a map with no view yet


def test_a_view_table_keeps_only_its_newest_maps_alive_and_rebuilds_a_dropped_view():
    """The tables are small on purpose (engine/records.py: an entry keeps its map alive, and what
    stays alive drives the garbage collector): when full, the oldest entry goes, not the newest."""
    table = records.PlainViews(3)
    maps = [pmap({"i": i}) for i in range(5)]
    for m in maps:
        assert table.view(m) == {"i": m["i"]}
    assert len(table.table) == 3
    assert table.view_of(maps[0]) is None and table.view_of(maps[1]) is None  # the two oldest left
    assert [table.view_of(m) for m in maps[2:]] == [{"i": 2}, {"i": 3}, {"i": 4}]
    assert table.view(maps[0]) == {"i": 0} and table.view_of(maps[2]) is None  # rebuilt, kept as newest
    assert records.VIEWS.limit <= 64 and records.ARGUMENTS.limit <= 1024


def test_an_identity_memo_holds_its_objects_evicts_the_oldest_and_is_the_one_style_kept():
    """engine/records.py: a value computed from some objects is kept by their ids while the entry
    holds them (so an id is never another object's meanwhile); when full the oldest entry goes."""
    import gc
    import weakref

    from talisman.engine.ruleset import RULESET
    from talisman.expansions.blood_moon import modifiers

    class Thing:
        pass

    memo = records.IdentityMemo(2)
    a, b, c = Thing(), Thing(), Thing()
    gone = weakref.ref(a)
    assert memo.keep((id(a), "x"), a, 1) == 1 and memo.find((id(a), "x")) == 1
    assert memo.find((id(a), "y")) is None  # the plain part of the key counts
    del a
    gc.collect()
    assert gone() is not None  # held by its entry: its id cannot be reused
    memo.keep((id(b),), b, 2)
    memo.keep((id(c),), c, 3)  # full: the oldest (a's) goes, and a with it
    gc.collect()
    assert gone() is None and len(memo.table) == 2
    assert memo.find((id(b),)) == 2 and memo.find((id(c),)) == 3
    memo.clear()
    assert memo.find((id(b),)) is None and memo.table == {}
    # the home-made caches are gone: the engine's dispatch and the Blood Moon's modifiers use it,
    # each small (an entry of the modifiers keeps a character and a whole ext record alive)
    assert isinstance(RULESET._wired, records.IdentityMemo)
    for memo in (modifiers._HELD, modifiers._BY_HOOK, modifiers._ENEMIES):
        assert isinstance(memo, records.IdentityMemo) and memo.limit <= 32
    assert not hasattr(modifiers, "_remember")


def test_character_reads_and_update_character_agree_with_the_map():
    s = talisman.new_game(("warrior", "wizard"), seed=3)
    assert character(s, "wizard") is s.characters["wizard"]
    s2 = update_character(s, "wizard", gold=9)
    assert character(s2, "wizard").gold == 9 == s2.characters["wizard"].gold
    assert character(s, "wizard").gold == s.characters["wizard"].gold != 9  # the old state's view is its own
    with pytest.raises(KeyError):
        character(s, "troll")


def test_scalar_keys_keep_equal_values_of_other_types_apart_and_refuse_data_that_is_not_plain():
    assert records.scalar_key({"n": 1}) != records.scalar_key({"n": True})
    assert records.scalar_key({"a": 1, "b": "x"}) != records.scalar_key({"b": "x", "a": 1})  # order kept
    assert records.scalar_key({"a": [1]}) is None and records.scalar_key({"a": 1.5}) is None
    one = frame("turn.end", n=1)
    assert one.args == pmap({"n": 1}) and type(one.args["n"]) is int
    assert type(frame("turn.end", n=True).args["n"]) is bool and frame("turn.end", n=1) is one



def test_lazy_events_build_the_same_data_when_read_and_compare_as_built_events():
    """docs/performance.md, eighth pass: an event logged with plain data (``scalar_event``) or
    other data (``lazy_event``) builds its ``data`` pmap only when read; read, compared, hashed,
    pickled or written as JSON it is the event ``Event(name, data)`` would be."""
    import pickle
    from talisman.engine.machine import log
    from talisman.engine.records import Event, lazy_event, scalar_event, scalar_key
    plain = scalar_event("turn_started", scalar_key({"character": "troll", "round": 3, "turn": 9}))
    assert type(plain) is Event and plain == Event("turn_started", {"character": "troll", "round": 3, "turn": 9})
    assert plain.data == pmap({"character": "troll", "round": 3, "turn": 9}) and plain.get("turn") == 9
    one, true = (scalar_event("x", scalar_key({"a": v})) for v in (1, True))
    assert type(one.get("a")) is int and true.get("a") is True  # (equal values, kept apart by type)
    path = ["fields_3", "plains_2"]
    moved = lazy_event("moved", {"character": "troll", "path": path, "to": "plains_2"})
    path.append("woods_1")  # the event froze its values when made
    assert list(moved.get("path")) == ["fields_3", "plains_2"] and type(moved.get("path")) is records.PVectorType
    fresh = lazy_event("moved", {"character": "troll", "path": ["fields_3", "plains_2"], "to": "plains_2"})
    assert hash(fresh) == hash(moved) and pickle.loads(pickle.dumps(fresh)) == moved
    s = log(log(talisman.new_game(["troll"], seed=1), "moved", character="troll", path=["a"], to="a"),
            "turn_ended", character="troll")
    assert talisman.from_json(talisman.to_json(s)) == s
    assert list(s.log)[-2:] == [Event("moved", {"character": "troll", "path": ["a"], "to": "a"}),
                                Event("turn_ended", {"character": "troll"})]


def test_a_lazy_frame_runs_from_its_kept_arguments_and_reads_as_a_built_frame():
    """docs/performance.md, eighth pass: ``frame`` with arguments that are not all plain keeps
    them (frozen) and builds the ``args`` pmap only when read; the machine runs it from them."""
    from talisman.engine.machine import advance
    from talisman.engine.records import Frame
    f = frame("effects.next", effects=[{"gain": {"gold": 1}}], actor="troll", source={"space": "fields_3"})
    assert f.plain_args is not None and f.plain_args["source"] == pmap({"space": "fields_3"})
    built = Frame("effects.next", {"effects": [{"gain": {"gold": 1}}], "actor": "troll",
                                   "source": {"space": "fields_3"}})
    assert built.plain_args is None and f == built and f.args == built.args
    s = talisman.new_game(["troll"], seed=1)
    gold = character(s, "troll").gold
    s = records.replace(s, pending=None, stack=s.stack.append(
        frame("effects.next", effects=[{"gain": {"gold": 2}}], actor="troll", source={"space": "x"})))
    s = advance(s, talisman.api.STEPS)
    assert character(s, "troll").gold == gold + 2



def test_hook_dispatch_of_a_base_game_reads_its_wiring_and_an_expansion_game_its_live_tables():
    """docs/performance.md, ninth pass (engine): ``run_hook`` and ``adjust`` find a game
    without expansions' chain in the wiring made once for its config; with an expansion, its
    table is read live (a patched hook runs), then the base chain."""
    from types import SimpleNamespace
    from talisman.engine.ruleset import Plugin, Ruleset
    rs = Ruleset()
    rs.declare(state_hooks=("tick",), value_hooks=("score",))
    table = {"score": lambda state, value, **d: value * 10}
    rs.register(Plugin("exp", hooks=table))
    rs.register(Plugin("base", hooks={"score": lambda state, value, **d: value + d["bonus"],
                                      "tick": lambda state, **d: SimpleNamespace(config=state.config, n=d["n"])},
                         always=True))
    base = SimpleNamespace(config=SimpleNamespace(expansions=()))
    assert rs.adjust(base, "score", 1, bonus=2) == 3 and rs.adjust(base, "score", 1, bonus=2) == 3  # made, then kept
    with_exp = SimpleNamespace(config=SimpleNamespace(expansions=("exp",)))
    assert rs.adjust(with_exp, "score", 1, bonus=2) == 12  # the expansion first, then the base plugin
    table["score"] = lambda state, value, **d: value - 5  # a table patched after the wiring was made
    assert rs.adjust(with_exp, "score", 1, bonus=2) == -2 and rs.adjust(base, "score", 1, bonus=2) == 3
    assert rs.run_hook(base, "tick", n=4).n == 4 and rs.run_hook(with_exp, "tick", n=5).n == 5
    with pytest.raises(KeyError):
        rs.run_hook(base, "no_such_point")
