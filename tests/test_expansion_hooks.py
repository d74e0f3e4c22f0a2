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
