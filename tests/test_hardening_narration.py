"""Narration names cards, spaces and characters as the data names them, never by id (issue 16,
item 12: "narration prints raw ids ('defeated by zombie_dragon')")."""
from __future__ import annotations

import itertools
import random
import re

import pytest

import talisman
from talisman.definitions import characters_of_sets, load
from talisman.engine.records import Event
from talisman.narration import narrate
from talisman.rules.setup import IMPLEMENTED_EXPANSIONS
from talisman.testing.strategies import play_random

#: The base game, every expansion alone, every pair (where two expansions' events meet) and all
#: of them: every subset would double the suite's time with each expansion added (the soak run,
#: benchmarks/soak.py, plays every subset).
SETS = [combo for n in (0, 1, 2) for combo in itertools.combinations(IMPLEMENTED_EXPANSIONS, n)]
SETS.append(tuple(IMPLEMENTED_EXPANSIONS))
_WORD = re.compile(r"[a-z0-9]+(?:_[a-z0-9]+)+")


def raw_ids(line):
    """The words of ``line`` that are card, space or character ids with an underscore."""
    d = load()
    return [w for w in _WORD.findall(line)
            if w in d.cards or w in d.board.spaces or w in d.characters]


def test_raw_ids_finds_what_it_looks_for():
    assert raw_ids("Troll is defeated by zombie_dragon on plains_1.") == ["zombie_dragon", "plains_1"]
    assert raw_ids("Troll is defeated by the Zombie Dragon (no_such_thing).") == []


@pytest.mark.parametrize("event", [
    Event("life_lost", {"character": "troll", "amount": 1, "lives": 3,
                        "cause": "defeated by zombie_dragon, swarm_of_flies"}),
    Event("strength_lost", {"character": "thief", "amount": 1, "value": 2, "cause": "plains_3"}),
    Event("character_died", {"character": "elf", "space": "plains_1", "cause": "peasant_mob"}),
    Event("some_expansion_event", {"character": "troll", "result": "zombie_dragon"}),
    Event("encounter_skipped", {"character": "troll", "space": "city", "reason": "grave_robber"}),
])
def test_an_id_in_a_cause_or_a_reason_is_named(event):
    line = narrate(event)
    assert line and raw_ids(line) == [], line


@pytest.mark.parametrize("expansions", SETS, ids=lambda s: "+".join(s) or "base")
def test_no_event_of_a_random_game_is_narrated_with_a_raw_id(expansions):
    seed = SETS.index(expansions) + 100
    rng = random.Random(seed)
    pool = sorted(characters_of_sets(load(), ("base", *expansions)))
    characters = rng.sample(pool, 4)
    state = talisman.new_game(characters, expansions, seed, {"max_rounds": 12})
    states, _ = play_random(state, 150, bot_seed=seed)
    lines = 0
    for event in states[-1].log:
        line = narrate(event)
        if line:
            lines += 1
            assert raw_ids(line) == [], f"{event.name}: {line}"
    assert lines > 20


@pytest.mark.parametrize("event, line", [
    (Event("life_lost", {"character": "troll", "amount": 1, "lives": 3, "cause": "defeated by spirit"}),
     "Troll loses 1 life (defeated by the Spirit), 3 left."),
    (Event("combat_lost", {"character": "troll", "kind": "battle", "enemies": ["emperors_guard"]}),
     "Troll is defeated by the Emperor's Guard."),
    (Event("attacked", {"character": "troll", "kind": "psychic", "enemies": ["spirit"], "craft": 4}),
     "The Spirit (Craft 4) attacks Troll!"),
    (Event("life_lost", {"character": "elf", "amount": 1, "lives": 3, "cause": "defeated by wizard"}),
     "Elf loses 1 life (defeated by Wizard), 3 left."),
])
def test_a_creature_that_is_no_card_is_named_as_a_creature(event, line):
    """A creature of a space or of a rule (the Crags' Spirit, the Emperor's Guard) has no card
    to name it: "the Spirit", never the bare id "spirit"."""
    assert narrate(event) == line
