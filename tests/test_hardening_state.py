"""A state document (``from_json``) the schema let through but the engine could not play: each
is refused by ``from_json`` itself with a :class:`~talisman.errors.StateError` naming the path of
the bad value, rather than loaded and failing later inside ``apply`` with a raw ``TypeError`` or
``KeyError`` (the guide's Standards: "a bad state or record names the path of the bad value")."""
from __future__ import annotations

import json

import pytest

import talisman
from talisman.errors import StateError
from talisman.testing import strategies

import test_hardening as hardening
from test_hardening import DELETE


@pytest.fixture(scope="module")
def doc():
    return json.loads(talisman.to_json(talisman.new_game(["warrior", "wizard"], seed=7)))


def mangled(doc, path, value):
    """``test_hardening.mangled`` under the document's ``state``."""
    return hardening.mangled(doc, ["state", *path], value)


@pytest.mark.parametrize("path, value, where, message", [
    # a frame's arguments its rule step does not take (was a TypeError inside apply)
    (["stack"], [{"step": "turn.start", "args": {"bogus": 1}}], "state.stack.0.args",
     "unexpected keyword argument 'bogus'"),
    # a decision's arguments its step does not take
    (["pending", "args"], {"who": "wizard", "bogus": 2}, "state.pending.args", "bogus"),
    # a decision's arguments missing one its step needs
    (["pending", "args"], {}, "state.pending.args", "missing a required argument"),
    # a lasting effect of the wrong shape (was a TypeError inside apply)
    (["lasting"], {"blizzard": 1}, "state.lasting.blizzard", "expected a mapping"),
    (["lasting"], {"blizzard": {"by": "warrior"}}, "state.lasting.blizzard.until_round", "missing value"),
    (["lasting"], {"blizzard": {"by": "elf", "until_round": 2}}, "state.lasting.blizzard.by",
     "not a character of the game"),
    (["lasting"], {"blizzard": {"by": "warrior", "until_round": -1}}, "state.lasting.blizzard.until_round",
     "expected an int >= 0"),
    # the lasting effect's name: a known effect, or a Spell held under its own id whose effect lasts
    # (CASTING SPELLS: "Once cast, and its effect ended"): the set-up's checks, from_json's too (fix18)
    (["lasting"], {"frost": {"by": "warrior", "until_round": 2}}, "state.lasting.frost",
     "unknown lasting effect 'frost'"),
    (["lasting"], {"healing": {"by": "warrior", "until_round": 1, "until_turn": 1, "card": "healing"}},
     "state.lasting.healing", "the Spell 'healing' has no effect that lasts"),
    (["lasting"], {"blizzard": {"by": "warrior", "until_round": 2, "card": "healing"}},
     "state.lasting.blizzard.card", "'healing' is not the card of 'blizzard'"),
    (["lasting"], {"destroy_magic": {"by": "warrior", "until_round": 2, "card": "sword"}},
     "state.lasting.destroy_magic.card", "'sword' is no Spell card"),
    # a deck of the game with no pile at all (was a KeyError inside apply)
    (["decks"], DELETE, "state.decks.adventure", "missing value"),
    (["decks", "spell"], DELETE, "state.decks.spell", "missing value"),
    (["discards", "scroll"], DELETE, "state.discards.scroll", "missing value"),
    # a draw waiting on a deck that is not there
    (["pending", "deck"], "no_such_deck", "state.pending.deck", "not a deck of the game"),
    # a player's decision with nothing to choose (legal_actions empty: a game stuck for good)
    (["pending", "options"], [], "state.pending.options", "no option to choose"),
    # a number with a fraction, anywhere (to_json then failed with a raw TypeError)
    (["log", 0, "data", "seed"], 1.5, "state.log.0.data.seed", "expected a whole number"),
    (["characters", "wizard", "turn_flags"], {"x": 0.5}, "state.characters.wizard.turn_flags.x",
     "expected a whole number"),
    # the Warlock's quest is a mapping or null (an int was a TypeError inside apply)
    (["characters", "warrior", "quest"], 7, "state.characters.warrior.quest", "expected a mapping or null"),
])
def test_a_state_the_engine_could_not_play_is_refused_naming_the_path(doc, path, value, where, message):
    with pytest.raises(StateError) as e:
        talisman.from_json(mangled(doc, path, value))
    assert e.value.path == where
    assert message in str(e.value)


def test_a_refused_document_was_playable_before_it_was_mangled(doc):
    """The document the cases above mangle loads and plays: the refusals are the mangling's."""
    s = talisman.from_json(json.dumps(doc))
    assert talisman.apply(s, talisman.legal_actions(s)[0]) != s


@pytest.mark.parametrize("seed,expansions", [
    (11, ["harbinger", "blood_moon", "city", "dungeon", "timescape", "wizards_tower", "emperors_guard",
          "brotherhood", "catacombs", "airships", "disasters"]),
    (12, []),
])
def test_every_state_of_a_seeded_game_still_loads(seed, expansions):
    """The checks refuse nothing play makes: frames and decisions of every kind, lasting
    effects, every deck's pile."""
    s = talisman.new_game(["warrior", "wizard", "thief"], expansions=expansions, seed=seed,
                          options={"henchmen": 2} if expansions else {})
    states, _ = strategies.play_random(s, 150, seed)
    for st in states[::3]:
        assert talisman.from_json(talisman.to_json(st)) == st


#: A decision of a ``characters.OwnRoll`` / ``OwnDice`` step (the Demon Lord's barrier D8, the
#: Arena's bout): the Fate offer after the roll, and the roll itself.
_FATE = {"player": "warrior", "kind": "fate", "options": ["keep", "fate:reroll"], "prompt": "rolled 1",
         "spec": None, "deck": None}
_ROLL = {"player": "chance", "kind": "roll", "options": [], "prompt": "a roll", "spec": "d8", "deck": None}


@pytest.mark.parametrize("pending, good, bad, message", [
    ({**_FATE, "step": "endings.barrier_fate"}, {"who": "warrior", "dice": [1]},
     {"who": "warrior", "dice": [1], "bogus": 2}, "unexpected keyword argument 'bogus'"),
    ({**_FATE, "step": "endings.barrier_fate"}, {"who": "warrior", "dice": [1]},
     {"dice": [1]}, "missing a required argument: 'who'"),
    ({**_ROLL, "step": "endings.barrier_rolled"}, {"who": "warrior"},
     {"who": "warrior", "card": "garbage"}, "unexpected keyword argument 'card'"),
    ({**_ROLL, "step": "endings.chart_rolled"}, {"who": "warrior", "card": "armageddon_crown"},
     {"who": "warrior"}, "missing a required argument: 'card'"),
    ({**_FATE, "step": "endings.arena_fate", "options": ["keep", "fate:reroll:1"]},
     {"a": "warrior", "b": "wizard", "attribute": "strength", "asked": ["warrior"], "dice": [1, 2]},
     {"a": "warrior", "attribute": "strength", "asked": ["warrior"], "dice": [1, 2]},
     "missing a required argument: 'b'"),
])
def test_a_fate_roll_steps_decision_with_arguments_it_does_not_take_is_refused(doc, pending, good, bad, message):
    """The steps of ``characters.OwnRoll`` and ``OwnDice`` take the roll's arguments through
    ``**args``; they declare them (those of the roll's continuation), so ``from_json`` refuses
    a decision with one wrong or missing, naming its path, as for any rule step (was: loaded,
    then failed only inside ``apply``).  The same decision with its right arguments loads."""
    talisman.from_json(mangled(doc, ["pending"], {**pending, "args": good}))
    with pytest.raises(StateError) as e:
        talisman.from_json(mangled(doc, ["pending"], {**pending, "args": bad}))
    assert e.value.path == "state.pending.args"
    assert f"rule step {pending['step']!r}" in str(e.value) and message in str(e.value)


@pytest.mark.parametrize("field, value, where", [
    ("stack", [{"step": "turn.start", "args": {"zz": 1}}], "state.stack.0.args"),
    ("pending", "args", "state.pending.args"),
])
def test_a_triwizard_frame_or_decision_with_arguments_its_step_does_not_take_is_refused(field, value, where):
    """The Triwizard Maze's ``from_json`` too (was a TypeError inside ``apply``)."""
    from talisman import triwizard  # (the maze game: only these two tests need it)
    d = json.loads(triwizard.to_json(triwizard.new_game(players=2, seed=1)))
    if value == "args":
        d["state"]["pending"]["args"] = {"zz": 1}
    else:
        d["state"][field] = value
    with pytest.raises(StateError) as e:
        triwizard.from_json(json.dumps(d))
    assert e.value.path == where and "'zz'" in str(e.value)


def test_a_triwizard_document_with_a_fraction_or_a_stuck_decision_is_refused():
    """(a float loaded, then to_json failed with a raw TypeError; an empty decision loaded with
    nothing legal to play)"""
    from talisman import triwizard  # (the maze game: only these tests need it)
    base = json.loads(triwizard.to_json(triwizard.new_game(players=2, seed=1)))
    d = json.loads(json.dumps(base))
    d["state"]["log"][0]["data"]["seed"] = 1.5
    with pytest.raises(StateError, match=r"state\.log\.0\.data\.seed: expected a whole number"):
        triwizard.from_json(json.dumps(d))
    d = json.loads(json.dumps(base))
    d["state"]["pending"]["options"] = []
    with pytest.raises(StateError, match=r"state\.pending\.options: a player's decision with no option"):
        triwizard.from_json(json.dumps(d))


@pytest.fixture(scope="module")
def task_doc():
    """A game on the Lord of Chaos with the Warrior's errand kept between his turns on the Crown."""
    from talisman.scenarios import setup_state
    s = setup_state({"characters": [{"id": "warrior", "space": "valley_of_fire"}, "troll"],
                     "options": {"alternative_endings": True},
                     "ending": {"deck": [], "card": "lord_of_chaos",
                                "tasks": {"warrior": {"kind": "errand", "to": "chapel", "since": 0}}}}, None)
    return json.loads(talisman.to_json(s))


@pytest.mark.parametrize("tasks, where, message", [
    (["errand"], "state.ending.tasks", "expected a mapping of character ids to tasks"),
    ({"gandalf": {"kind": "errand", "to": "chapel", "since": 0}}, "state.ending.tasks.gandalf",
     "not a character of the game"),
    ({"warrior": "errand"}, "state.ending.tasks.warrior", "expected a task"),
    ({"warrior": {"kind": "quest"}}, "state.ending.tasks.warrior.kind", "expected one of brothers"),
    ({"warrior": {"kind": "errand", "since": 0}}, "state.ending.tasks.warrior.to", "missing value"),
    ({"warrior": {"kind": "errand", "to": "chapel", "since": -1}}, "state.ending.tasks.warrior.since",
     "expected an int >= 0"),
    ({"warrior": {"kind": "errand", "to": "tavern", "since": 0}}, "state.ending.tasks.warrior.to",
     "expected one of the Lord of Chaos's errands"),
    ({"warrior": {"kind": "dragons", "cards": ["smaug"]}}, "state.ending.tasks.warrior.cards.0", "unknown card"),
    ({"warrior": {"kind": "brothers", "left": 2}}, "state.ending.tasks.warrior.kind",
     "'brothers' is a task of the ending dragon_king, but the ending in play is 'lord_of_chaos'"),
])
def test_an_ending_task_with_a_bad_value_is_refused_naming_the_path(task_doc, tasks, where, message):
    """A die ending's task kept in the endings area (``state.ending.tasks``: the Lord of Chaos's
    errand, "you must go to the Chapel ... then return here to Win the Game", 000 The Lord of
    Chaos) is checked by ``from_json`` as a scenario's ``setup.ending.tasks`` is
    (``validate.ending_tasks``), not loaded and failing inside the Crown's encounter.  The
    document with its good task loads."""
    assert talisman.from_json(json.dumps(task_doc)).ending["tasks"]["warrior"]["to"] == "chapel"
    with pytest.raises(StateError) as e:
        talisman.from_json(mangled(task_doc, ["ending", "tasks"], tasks))
    assert e.value.path == where
    assert message in str(e.value)


def test_an_ending_task_kept_with_no_ending_card_in_play_is_refused(task_doc):
    """A die ending's task belongs to its card ("you must go to the Chapel ... then return here to
    Win the Game", 000 The Lord of Chaos): with no ending card in play (``ending.card`` null) the
    errand is no one's, and the document is refused, naming the task's kind."""
    with pytest.raises(StateError) as e:
        talisman.from_json(mangled(task_doc, ["ending", "card"], None))
    assert e.value.path == "state.ending.tasks.warrior.kind"
    assert "'errand' is a task of the ending lord_of_chaos, but no ending card is in play" in str(e.value)
