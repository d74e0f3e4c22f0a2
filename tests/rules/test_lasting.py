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


def test_spells_preservation_may_be_cast_by_another_character_to_save_a_life():
    # SPELLS: "The effect of each Spell, and when it may be cast, is detailed on the ... Card"
    # (Preservation: "whenever needed, save a character's life"; talisman-facts.md)
    from support import run_effects
    s = game([{"id": "thief", "space": "fields_1"}, {"id": "wizard", "space": "village",
                                                     "spells": ["preservation"]}])
    s = run_effects(s, [{"lose": {"lives": 2}}], "thief")
    assert s.pending.player == "wizard" and legal(s) == {"pass", "cast:preservation"}
    s = play(s, "cast:preservation")
    assert s.characters["thief"].lives == 3 and "preservation" not in s.characters["wizard"].spells
    assert events(s, "life_preserved")[0]["caster"] == "wizard"
    s = game([{"id": "thief", "space": "fields_1"}, {"id": "wizard", "space": "village",
                                                     "spells": ["preservation"]}])
    s = play(run_effects(s, [{"lose": {"lives": 1}}], "thief"), "pass")
    assert s.characters["thief"].lives == 3 and list(s.characters["wizard"].spells) == ["preservation"]


def test_spells_destroy_magic_may_be_cast_at_the_end_of_the_turn():
    # SPELLS: cast "as stated on the Spell Card" (Destroy Magic: "At the start or end of your turn")
    s = game([{"id": "wizard", "space": "fields_1", "spells": ["destroy_magic"]}, "thief"], [1],
             deck_tops={"adventure": ["sword"]})
    s = play(s, "roll", "move:village")
    while s.pending.kind != "end_of_turn":
        s = play(s, sorted(legal(s))[0])
    assert legal(s) == {"pass", "cast:destroy_magic"}
    s = play(s, "cast:destroy_magic")
    assert lasting.active(s, "destroy_magic") and s.current == "thief"


def test_spells_destruction_may_be_cast_just_after_moving_before_the_encounter():
    s = game([{"id": "wizard", "space": "black_knight", "spells": ["destruction"]}], [1],
             board_cards={"hidden_valley": ["bear", "sword", "ring"]})
    s = play(s, "roll", "move:hidden_valley")
    assert legal(s) == {"go_on", "cast:destruction"}
    s = play(s, "cast:destruction", "destroy:hidden_valley:bear")
    assert "bear" not in s.board_cards["hidden_valley"] and "attacked" not in [e.name for e in s.log]


def test_spells_preservation_saves_a_follower_from_being_killed():
    # SPELLS (Preservation: "save a character's life or a Follower"); LOSING FOLLOWERS: "Any
    # Followers that are killed must be discarded" -- unless saved
    s = game([{"id": "thief", "space": "runes_2", "followers": ["maiden"], "spells": ["preservation"]}], [1, 5, 2])
    s = play(s, "move:chasm")
    assert legal(s) == {"lose", "cast:preservation"}
    s = play(s, "cast:preservation")
    assert list(s.characters["thief"].followers) == ["maiden"] and "preservation" in s.discards["spell"]
    assert events(s, "follower_preserved")[0]["card"] == "maiden"
    s = game([{"id": "thief", "space": "runes_2", "followers": ["maiden"]},
              {"id": "wizard", "space": "village", "spells": ["preservation", "healing"]}], [1, 5, 2])
    s = play(s, "move:chasm")
    assert s.pending.player == "wizard" and legal(s) == {"pass", "cast:preservation"}
    s = play(s, "pass")
    assert not s.characters["thief"].followers


def test_destroy_magic_leaves_a_carried_talisman_its_way_into_the_valley_of_fire():
    """The Talisman is a Magic Object (rulings R-EN10.2), but Destroy Magic stops only the *use*
    of Magic Objects, and TALISMAN CARDS asks for "a Talisman in their possession": the Thief in
    the Werewolf Den may still go on into the Valley of Fire while it lasts (rulings R-NA11.5)."""
    from talisman.rules import movement
    from talisman.definitions import load
    s = game([{"id": "wizard", "space": "fields_1", "spells": ["destroy_magic"]},
              {"id": "thief", "space": "werewolf_den", "objects": ["talisman"]}])
    s = play(s, "cast:destroy_magic")
    assert lasting.active(s, "destroy_magic") and "talisman" in chars.MAGIC_OBJECT_TYPES
    assert movement.has_talisman(s, "thief")
    assert "valley_of_fire" in movement.inner_destinations(load().board, s, "thief")
    bare = game([{"id": "thief", "space": "werewolf_den", "objects": []}])
    assert "valley_of_fire" not in movement.inner_destinations(load().board, bare, "thief")


def test_casting_spells_immobility_on_a_character_lies_with_the_frozen_turn_until_it_ends():
    """000 CASTING SPELLS: "Once cast, and its effect ended, the card is usually placed on the
    Spell discard pile"; Immobility on the character whose turn starts: he "can do nothing that
    turn" (docs/rulings.md R-RH14.3).  While the frozen turn lasts the card is on no pile; the
    next turn's start discards it."""
    s = game([{"id": "sorceress", "space": "graveyard", "spells": ["immobility"]},
              {"id": "priest", "space": "fields_1"}])
    s = replace(s, current="priest")
    s = spells.spend_spell(s, "sorceress", "immobility", "freeze")
    assert list(s.discards["spell"]) == ["immobility"]
    s = spells.frozen(s, "priest", "sorceress", "immobility")
    assert "immobility" not in s.discards["spell"]
    assert lasting.holding(s, "immobility") == "immobility"
    assert s.lasting["immobility"]["until_turn"] == s.turn
    s = lasting.expire(replace(s, turn=s.turn + 1, current="sorceress"))
    assert list(s.discards["spell"]) == ["immobility"] and not s.lasting


def test_the_effects_that_hold_their_spell_s_card_are_declared_by_their_handlers():
    """CASTING SPELLS: "Once cast, and its effect ended, the card is usually placed on the Spell
    discard pile": the effects whose Spell's card lies with them (rulings R-RH14.3, R-FD14.1) are
    the effect functions that declare ``holds_card``, each where it is registered (the base
    effects', an expansion's own), not a list of names in the validator."""
    from talisman import validate
    from talisman.engine.ruleset import RULESET, declared
    assert validate.held_by() == {"evade", "immobilize", "extra_turns", "fix_attack_rolls", "timescape_warp_gate"}
    assert declared(RULESET.plugin("timescape").effects["timescape_warp_gate"], "holds_card")
    assert declared(RULESET.plugin("blood_moon").effects["fix_attack_rolls"], "holds_card")
    assert not declared(RULESET.plugin("effects").effects["heal"], "holds_card", False)
    from talisman.definitions import load
    assert validate.held_spells(load().cards) == ["feral_hunger", "immobility", "invisibility",
                                                  "temporal_warp", "warp_gate"]
