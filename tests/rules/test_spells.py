"""CASTING SPELLS and READING SCROLLS (000 RULES CONCERNING CHARACTERS): who may cast or read,
and the spells cast "whenever needed" (helper mut14, the mutation run of ``rules/spells.py``)."""
from talisman.rules import spells

from support import events, game, legal, play, run_effects


def test_own_preservation_saves_a_life_lost_outside_combat():
    """Preservation: "Whenever needed, save a character's life" (CASTING SPELLS: "A Spell may
    only be cast as stated on the Spell Card"; "Once cast ... the card is usually placed on the
    Spell discard pile").  An effect outside combat takes a life of the Priest, who holds it: he
    may cast it, keeps the life, and the card goes to the Spell discard pile."""
    s = game([{"id": "priest", "space": "fields_1", "lives": 2, "spells": ["preservation"]}])
    s = run_effects(s, [{"lose": {"lives": 1}}], "priest")
    assert legal(s) == {"lose", "cast:preservation"}
    s = play(s, "cast:preservation")
    ch = s.characters["priest"]
    assert ch.lives == 2 and ch.alive and not ch.spells
    assert list(s.discards["spell"]) == ["preservation"]
    assert events(s, "life_preserved") == [{"character": "priest", "card": "preservation", "cause": "an effect"}]
    assert not events(s, "life_lost")


def test_own_preservation_declined_the_life_is_lost():
    s = game([{"id": "priest", "space": "fields_1", "lives": 2, "spells": ["preservation"]}])
    s = play(run_effects(s, [{"lose": {"lives": 1}}], "priest"), "lose")
    assert s.characters["priest"].lives == 1 and list(s.characters["priest"].spells) == ["preservation"]


def test_a_scroll_is_read_on_the_cursed_glade_but_not_by_a_holder_of_the_amulet():
    """READING SCROLLS: "A Scroll may only be read as stated on the Scroll Card".  The Cursed
    Glade ("no Magic Objects or Spells usable here") names no Scroll, so a Scroll is read there
    as under Destroy Magic (docs/rulings.md R-RH14.1, superseding R-PROBE14B.3); the Amulet ("the
    owner can cast no Spells", the ability ``no_spells``) still stops Scrolls with the Spells."""
    free = game([{"id": "thief", "space": "fields_1", "scrolls": ["scroll_of_fortune"]}])
    assert spells.readable_on_turn(free, "thief") == ["scroll_of_fortune"]
    glade = game([{"id": "thief", "space": "cursed_glade", "scrolls": ["scroll_of_fortune"]}])
    assert spells.readable_on_turn(glade, "thief") == ["scroll_of_fortune"] and spells.can_read(glade, "thief")
    amulet = game([{"id": "thief", "space": "fields_1", "objects": ["amulet"], "scrolls": ["scroll_of_fortune"]}])
    assert spells.readable_on_turn(amulet, "thief") == [] and not spells.can_read(amulet, "thief")


def test_no_spell_is_cast_on_the_cursed_glade_at_the_turns_end():
    """The Cursed Glade stops Spells at every moment of the turn, the end of the turn too."""
    elsewhere = game([{"id": "priest", "space": "fields_1", "spells": ["destroy_magic"]}])
    assert spells.castable_at(elsewhere, "priest", "end_of_turn") == ["destroy_magic"]
    glade = game([{"id": "priest", "space": "cursed_glade", "spells": ["destroy_magic"]}])
    assert spells.castable_at(glade, "priest", "end_of_turn") == []


def test_the_gypsy_may_claim_a_scroll_read_to_save_a_life():
    """The Gypsy (000 Corrections/Additions/Deletions to the Existing Characters): "If you have no
    Scroll and another Character discards one, you may claim it for yourself"; READING SCROLLS:
    "Once read, and its effect ended, the card is placed on the Scroll discard pile".  The Thief
    reads a Scroll to keep a life outside combat: it is discarded, and the Gypsy, holding none, is
    offered it."""
    s = game([{"id": "thief", "space": "fields_1", "lives": 2, "scrolls": ["scroll_of_warding"]},
              {"id": "gypsy", "space": "city", "spells": [], "scrolls": []}])
    s = play(run_effects(s, [{"lose": {"lives": 1}}], "thief"), "read:scroll_of_warding")
    assert s.characters["thief"].lives == 2
    assert s.pending.player == "gypsy" and legal(s) == {"claim:scroll_of_warding", "pass"}
    s = play(s, "claim:scroll_of_warding")
    assert list(s.characters["gypsy"].scrolls) == ["scroll_of_warding"] and not s.discards["scroll"]


def test_the_gypsy_does_not_claim_back_her_own_scroll():
    """The Gypsy: "If you have no Scroll and another Character discards one": a Scroll she reads
    herself (to keep a life) goes to the discard pile for good."""
    s = game([{"id": "gypsy", "space": "fields_1", "lives": 2, "spells": [], "scrolls": ["scroll_of_warding"]},
              {"id": "thief", "space": "city"}])
    s = play(run_effects(s, [{"lose": {"lives": 1}}], "gypsy"), "read:scroll_of_warding")
    assert s.characters["gypsy"].lives == 2 and not s.characters["gypsy"].scrolls
    assert list(s.discards["scroll"]) == ["scroll_of_warding"]
    assert s.pending is None or s.pending.kind != "claim"


def test_a_spell_aimed_at_a_character_with_none_left_to_aim_at_takes_no_effect():
    """CASTING SPELLS: "A Spell may only be cast as stated on the Spell Card"; Mesmerism: "take
    one Follower of your choice from any character".  A Spell aimed at a character is offered
    only while one may be aimed at (:func:`spells.with_targets`); if none is left when it takes
    effect (here the only other character is dead), it does nothing: the ignored effect is
    recorded for its caster and card, and no target is asked for.  With a living character there,
    the caster is asked to choose him.  (helper mut16: ``resolve``'s "no target" branch had no
    test, mutants 123-136 of the twelfth and fourteenth runs.)"""
    alone = game([{"id": "priest", "space": "fields_1", "spells": ["mesmerism"]},
                  {"id": "thief", "space": "city", "alive": False}])
    assert not spells.with_targets(alone, "priest", "mesmerism")
    s = spells.resolve(alone, "priest", "mesmerism", "own_turn")
    assert events(s, "effect_ignored") == [{"character": "priest", "card": "mesmerism", "reason": "no target"}]
    assert s.pending == alone.pending and s.stack == alone.stack
    other = game([{"id": "priest", "space": "fields_1", "spells": ["mesmerism"]},
                  {"id": "thief", "space": "city"}])
    s = spells.resolve(other, "priest", "mesmerism", "own_turn")
    assert s.pending.player == "priest" and s.pending.kind == "target"
    assert legal(s) == {"target:thief"} and not events(s, "effect_ignored")


def test_teleport_is_not_offered_in_the_inner_region():
    """Teleport: "Instead of rolling to move, jump to any space in your Region; useless in the
    Inner Region" (CASTING SPELLS: "A Spell may only be cast as stated on the Spell Card").  The
    Priest holding it is offered it at the start of his turn in the Outer Region, not on the Plain
    of Peril nor on the Crown of Command.  (helper mut16: ``_usable`` 1, the region never read,
    survived the selection.)"""
    outer = game([{"id": "priest", "space": "fields_1", "spells": ["teleport"]}])
    assert spells.castable_on_turn(outer, "priest") == ["teleport"]
    for space in ("plain_of_peril", "crown_of_command"):
        inner = game([{"id": "priest", "space": space, "spells": ["teleport"]}])
        assert spells.castable_on_turn(inner, "priest") == []


def test_the_life_savers_offered_outside_combat_ask_who_may_cast_and_who_may_read():
    """Preservation: "Whenever needed, save a character's life"; the Cursed Glade: "no Magic
    Objects or Spells usable here" (a Scroll is neither: R-RH14.1); the Amulet: "the owner can cast
    no Spells" (and reads no Scroll: ``no_spells``).  On the Glade the Priest's Scroll of Warding is
    offered, his Preservation is not; with the Amulet neither is (mutation testing, mut18:
    ``life_savers`` 14, 20, 21)."""
    held = {"spells": ["preservation"], "scrolls": ["scroll_of_warding"]}
    glade = game([{"id": "priest", "space": "cursed_glade", **held}])
    assert spells.life_savers(glade, "priest") == ["read:scroll_of_warding"]
    free = game([{"id": "priest", "space": "fields_1", **held}])
    assert spells.life_savers(free, "priest") == ["cast:preservation", "read:scroll_of_warding"]
    amulet = game([{"id": "priest", "space": "fields_1", "objects": ["amulet"], **held}])
    assert spells.life_savers(amulet, "priest") == []
