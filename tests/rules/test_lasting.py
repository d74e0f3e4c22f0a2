"""Lasting card effects (``talisman.rules.lasting``): the Blizzard (an Event of the base
Adventure deck, met under TYPES OF ADVENTURE CARDS / EVENT) and the Destroy Magic Spell
(000 SPELLS: "cast only as the card says").  The card texts are not in the seeds: the
behaviour follows talisman-facts.md ("Blizzard (2 rounds all move 1 space/turn)";
"Destroy Magic (no Spells/Magic Objects by anyone until your next turn)")."""
from talisman.engine.records import replace
from talisman.rules import characters as chars
from talisman.rules import lasting, spells

from support import events, game, legal, play


def test_event_blizzard_every_character_moves_one_space_a_turn():
    s = game([{"id": "warrior", "space": "runes_1"}, {"id": "thief", "space": "fields_1"}], [1],
             deck_tops={"adventure": ["blizzard"]})
    s = play(s, "move:woods_4")
    assert events(s, "lasting_started") == [{"effect": "blizzard", "character": "warrior",
                                             "until_round": 3}]
    assert s.current == "thief"
    # no movement roll: one space either way, as a Toad moves
    assert legal(s) == {"move:village", "move:graveyard"}


def test_lasting_the_blizzard_ends_at_the_drawers_turn_two_rounds_on():
    s = game([{"id": "warrior", "space": "fields_1"}, {"id": "thief", "space": "fields_1"}])
    s = lasting.start(s, "blizzard", "warrior", 2)
    for rnd, cur in ((1, "thief"), (2, "warrior"), (2, "thief"), (3, "thief")):
        assert lasting.expire(replace(s, round=rnd, current=cur)).lasting, (rnd, cur)
    assert not lasting.expire(replace(s, round=3, current="warrior")).lasting
    # its starter dead: it ends at the first turn start of its last round
    dead = replace(s, characters=s.characters.set("warrior", replace(s.characters["warrior"], lives=0, alive=False)))
    assert not lasting.expire(replace(dead, round=3, current="thief")).lasting


def test_spells_destroy_magic_stops_every_spell_and_magic_object_until_the_casters_next_turn():
    s = game([{"id": "wizard", "space": "fields_1", "spells": ["destroy_magic", "healing"]},
              {"id": "thief", "space": "fields_1", "spells": ["teleport"], "objects": ["ring", "sword"]}])
    before = chars.total(s, "thief", "strength")
    assert "cast:destroy_magic" in legal(s)
    s = play(s, "cast:destroy_magic")
    assert lasting.active(s, "destroy_magic")
    assert not spells.can_cast(s, "wizard") and not spells.can_cast(s, "thief")
    assert "cast:healing" not in legal(s)
    # the Ring (a Magic Object, +1 Strength) counts for nothing; the Sword (an Object) still counts
    assert chars.total(s, "thief", "strength") == before - 1
    nxt = lasting.expire(replace(s, round=2, current="wizard"))
    assert not lasting.active(nxt, "destroy_magic") and spells.can_cast(nxt, "thief")


def test_spells_teleport_is_not_cast_in_the_inner_region():
    # CASTING SPELLS: "A Spell may only be cast as stated on the Spell Card" (Teleport: useless
    # in the Inner Region, talisman-facts.md)
    s = game([{"id": "wizard", "space": "mines", "spells": ["teleport"]}])
    assert "cast:teleport" not in legal(s)
    s = game([{"id": "wizard", "space": "fields_1", "spells": ["teleport"]}])
    assert "cast:teleport" in legal(s)
