"""Expansions join only through the named hook points, and only when enabled (DESIGN.md 3)."""
import types

import pytest

import talisman
from talisman import expansions
from talisman.engine.machine import log
from talisman.engine.ruleset import RULESET, Plugin
from talisman.rules import setup


@pytest.fixture
def fake_expansion(monkeypatch):
    from talisman.definitions import load
    load()  # the real expansions' data (and effect schemas) loaded first: run alone, this test passes too
    mod = types.SimpleNamespace()
    mod.HOOKS = {"turn_started": lambda state, character: log(state, "fake_hook", character=character)}
    real = RULESET.plugin("harbinger")
    RULESET.register(Plugin("harbinger", hooks=mod.HOOKS))  # the rule set sees the dict live
    monkeypatch.setattr(setup, "IMPLEMENTED_EXPANSIONS", ("harbinger",))
    yield mod
    RULESET.register(real)


def test_an_enabled_expansion_runs_at_its_hook_point(fake_expansion):
    s = talisman.new_game(["warrior"], expansions=["harbinger"])
    assert [e.data["character"] for e in s.log if e.name == "fake_hook"] == ["warrior"]


def test_a_base_game_never_runs_expansion_code(fake_expansion):
    s = talisman.new_game(["warrior"])
    assert not any(e.name == "fake_hook" for e in s.log)


def test_value_hooks_adjust_in_configured_order(fake_expansion):
    fake_expansion.HOOKS["attack_score"] = lambda state, score, enemy: score + 1
    s = talisman.new_game(["warrior"], expansions=["harbinger"])
    assert expansions.adjust(s, "attack_score", 10, enemy="sentinel") == 11
    plain = talisman.new_game(["warrior"])
    assert expansions.adjust(plain, "attack_score", 10, enemy="sentinel") == 10


def test_subscribed_says_whether_a_point_has_a_listener_in_this_state():
    """The rule set answers for the gate in ``characters.lose_lives`` (no guess from
    ``state.ext``): an enabled expansion subscribing, or a base plugin engaged in the state."""
    from talisman.engine.records import replace
    from talisman.rules import henchmen
    from talisman.rules.hooks import subscribed
    plain = talisman.new_game(["warrior"])
    assert not subscribed(plain, "lives_losing")
    assert subscribed(talisman.new_game(["warrior"], expansions=["blood_moon"]), "lives_losing")
    dealt = talisman.new_game(["warrior", "wizard", "troll"], options={"henchmen": 1})
    assert henchmen.KEY in dealt.ext and subscribed(dealt, "lives_losing")
    # the option not given, the module is not wanted in the game: its record alone (a state the
    # engine never makes) does not subscribe it
    forged = replace(plain, ext=plain.ext.set(henchmen.KEY, henchmen.Henchmen()))
    assert not subscribed(forged, "lives_losing")
    assert not subscribed(plain, "turn_started")  # (the endings subscribe to turn_beginning only)
    with pytest.raises(KeyError):
        subscribed(plain, "no_such_point")


def test_a_base_plugin_without_engaged_is_always_subscribed():
    rs = type(RULESET)()
    rs.declare(state_hooks=("tick",))
    rs.register(Plugin("base", hooks={"tick": lambda state: state}, always=True))
    assert rs.subscribed(talisman.new_game(["warrior"]), "tick")
    rs.register(Plugin("base", hooks={"tick": lambda state: state}, always=True,
                       engaged=lambda state: False))
    assert not rs.subscribed(talisman.new_game(["warrior"]), "tick")


def test_a_base_plugin_runs_only_in_the_games_it_is_wanted_in():
    """``Plugin.wanted``: asked once a game of its configuration; not wanted, its hooks are not
    run there and it is not counted as subscribed."""
    rs = type(RULESET)()
    rs.declare(state_hooks=("tick",), value_hooks=("score",))
    rs.register(Plugin("base", always=True, wanted=lambda config: "pirate" in config.characters,
                       hooks={"tick": lambda state: log(state, "ticked"),
                              "score": lambda state, value: value + 1}))
    plain, pirate = talisman.new_game(["warrior"]), talisman.new_game(["pirate"])
    assert rs.adjust(plain, "score", 1) == 1 and not rs.subscribed(plain, "tick")
    assert rs.adjust(pirate, "score", 1) == 2 and rs.subscribed(pirate, "tick")
    assert [e.name for e in rs.run_hook(pirate, "tick").log][-1] == "ticked"
    assert rs.run_hook(plain, "tick") is plain
    assert rs.listens(pirate.config, "tick") and not rs.listens(plain.config, "tick")


def test_the_optional_modules_are_subscribed_only_when_their_options_are_given():
    """The Henchmen, the Master Levels and the Noblemen (options) and the Pirate's plunder (a
    character who may have it) run in the games that may use them only."""
    plain = talisman.new_game(["warrior", "wizard"])
    assert not RULESET.listens(plain.config, "ability_lent")  # no module lends an ability
    assert not RULESET.listens(plain.config, "gold_paid")  # no Pirate's plunder
    for options in ({"henchmen": 1}, {"master_levels": True}, {"noblemen": False}):
        assert RULESET.listens(talisman.new_game(["warrior", "wizard"], options=options).config,
                               "ability_lent"), options
    for characters, options in ((["pirate", "wizard"], {}), (["warrior", "wizard"], {"new_character": True}),
                                (["warrior", "wizard"], {"henchmen": 1})):
        game = talisman.new_game(characters, options=options)
        assert RULESET.listens(game.config, "gold_paid"), (characters, options)


def test_subscribed_is_true_wherever_a_base_plugin_s_hook_acts():
    """``subscribed`` answers for each hook point (rulings R-HK10.1): the endings' test of
    ``character_score`` (the Priest of Chaos's one Craft item) says nothing of their turn
    hooks. Pandora's Box, 2) FINDER'S KEEPERS: "Each turn you then may Teleport": the holder's
    power is pushed at ``turn_beginning``; 4) THE QUEST OF A LIFETIME: ``turn_ended`` records
    the places visited. Asked before firing those points, ``subscribed`` must say yes."""
    import sys
    sys.path.insert(0, __import__("os").path.join(__import__("os").path.dirname(__file__), "rules"))
    from support import game
    from talisman.rules import endings
    from talisman.rules.hooks import run_hook, subscribed
    finders = game([{"id": "warrior", "space": "crown_of_command"}, {"id": "troll", "space": "hills_2"}],
                   [], options={"alternative_endings": True},
                   ending={"deck": [], "card": "pandoras_box", "tasks": {"warrior": {"kind": "finders"}}})
    assert not endings.one_craft_engaged(finders)
    pushed = run_hook(finders, "turn_beginning", character="warrior")
    assert pushed.stack[-1].step == "endings.power_turn" and pushed is not finders
    assert subscribed(finders, "turn_beginning")
    quest = game(["warrior", "troll"], options={"alternative_endings": True},
                 ending={"deck": [], "card": "pandoras_box",
                         "tasks": {"warrior": {"kind": "goal", "goal": "quest", "count": 0, "since": 0}}})
    assert endings.task_of(run_hook(quest, "turn_ended", character="warrior"), "warrior")["since"] > 0
    assert subscribed(quest, "turn_ended")
    # with no ending drawn the turn hooks do nothing, and say so (a cheap test of their own)
    plain = talisman.new_game(["warrior"])
    assert run_hook(plain, "turn_beginning", character="warrior") is plain
    assert not subscribed(plain, "turn_beginning") and not subscribed(plain, "turn_ended")


def test_a_plugin_s_engaged_test_may_be_given_per_hook_point():
    """``Plugin(engaged={point: test})``: each named point is gated by its own test; a point not
    named is always engaged (a plugin-wide ``engaged`` gates every point)."""
    rs = type(RULESET)()
    rs.declare(state_hooks=("tick", "tock"))
    rs.register(Plugin("base", always=True, engaged={"tick": lambda state: False},
                       hooks={"tick": lambda state: state, "tock": lambda state: state}))
    s = talisman.new_game(["warrior"])
    assert not rs.subscribed(s, "tick") and rs.subscribed(s, "tock")
    assert rs.listeners(s, "tick") == () and [p for p, _ in rs.listeners(s, "tock")] == ["base"]
    with pytest.raises(ValueError):
        rs.register(Plugin("bad", always=True, engaged={"tock": lambda state: True}, hooks={}))


def test_an_option_module_s_setup_is_subscribed_before_its_record_is_made():
    """The option modules' ``engaged`` (their record in ``state.ext``) gates every point but
    their ``setup``, which makes the record: before it, ``setup`` still has a listener."""
    from talisman.engine.records import replace
    from talisman.rules import henchmen
    from talisman.rules.hooks import subscribed
    dealt = talisman.new_game(["warrior", "wizard", "troll"], options={"henchmen": 1})
    before = replace(dealt, ext=dealt.ext.remove(henchmen.KEY))
    assert "henchmen" in [p for p, _ in RULESET.listeners(before, "setup")]
    assert subscribed(before, "setup") and not subscribed(before, "lives_losing")
    assert henchmen.KEY in RULESET.run_hook(before, "setup").ext
