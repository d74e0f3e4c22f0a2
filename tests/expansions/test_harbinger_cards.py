"""The Harbinger cards with published effects played by rule code (card-data.md 2.2, 2.5 and
section 6; ``talisman.expansions.harbinger.cards``).  Each test names the card it checks; the
scenario files ``tests/scenarios/harbinger_*.yaml`` show the same cards in play."""
import sys
from pathlib import Path

import yaml
from pyrsistent import pvector, thaw

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))

from support import events, hgame, legal, play  # noqa: E402
import talisman  # noqa: E402
from talisman import scenarios  # noqa: E402
from talisman.definitions import load  # noqa: E402
from talisman.engine.records import replace  # noqa: E402
from talisman.testing import invariants  # noqa: E402


def test_enemy_effect_lists_in_the_card_data_are_valid():
    """Harbinger enemies (data): the ``beaten``, ``unbeaten``, ``on_meet`` and ``on_roll`` effects are checked
    against the effect vocabulary (the card loader does not read ``data``)."""
    import jsonschema
    from talisman.effects_schema import with_defs
    from talisman.expansions import effect_schemas
    schema = with_defs({"$ref": "#/$defs/effects"}, effect_schemas())
    seen = set()
    for c in load().cards.values():
        d = c.data or {}
        if c.set != "harbinger":
            continue
        for key in ("beaten", "unbeaten", "on_meet"):
            if key in d:
                jsonschema.validate(thaw(d[key]), schema)
                seen.add(c.id)
        if "on_roll" in d:
            assert d["on_roll"]["kind"] in ("battle", "psychic")
            jsonschema.validate(thaw(d["on_roll"]["effects"]), schema)
            seen.add(c.id)
    assert {"horseman_of_war", "herald_of_death", "demon_of_pride", "bone_giant",
            "essence_eater", "crypt_horror", "insane_elemental"} <= seen


def test_the_necropolis_draws_up_to_three_from_the_shuffled_discard_pile():
    """Necropolis (card-data.md 2.5: "shuffle the Adventure discard pile and draw up to 3 from
    it"): with a Bag of Gold on the space, two cards come from the discard pile, none from the
    Adventure deck; every card stays in exactly one place."""
    s = hgame([{"id": "thief", "space": "graveyard", "fate": 0}], [1],
              position={"terrain": {"woods_1": "terrain_necropolis"}},
              board_cards={"woods_1": ["bag_of_gold"]}, deck_tops={"adventure": ["sword"]})
    pile = ["helmet", "shield", "axe"]
    deck = list(s.decks["adventure"])
    for c in pile:
        deck.remove(c)
    s = replace(s, decks=s.decks.set("adventure", pvector(deck)),
                discards=s.discards.set("adventure", pvector(pile)))
    s = play(s, "move:woods_1")
    got = events(s, "drawn_from_discards")
    assert len(got) == 1 and len(got[0]["cards"]) == 2 and set(got[0]["cards"]) <= set(pile)
    assert not [e for e in events(s, "card_drawn") if e["card"] == "sword"]
    left = [c for c in pile if c not in got[0]["cards"]]
    assert list(s.discards["adventure"]) == left
    assert invariants.check(s) == []


def test_the_necropolis_with_an_empty_discard_pile_draws_nothing():
    """Necropolis: nothing in the discard pile, nothing is drawn (not from the Adventure deck)."""
    s = hgame([{"id": "thief", "space": "graveyard", "fate": 0}], [1],
              position={"terrain": {"woods_1": "terrain_necropolis"}}, deck_tops={"adventure": ["sword"]})
    s = play(s, "move:woods_1")
    assert events(s, "drawn_from_discards")[0]["cards"] == []
    assert not events(s, "card_drawn")


def test_a_lowest_roller_may_pay_fate_to_roll_again():
    """Falling Stars (everyone rolls): each roll is the character's own, so FATE lets him roll
    it again once; the Warrior re-rolls his 1 into a 6 and the Thief (3) is the lowest."""
    s = hgame([{"id": "thief", "space": "graveyard", "fate": 0, "lives": 4},
               {"id": "warrior", "space": "tavern", "fate": 1, "lives": 4}], [1, 3, 1, 6],
              position={"harbinger": "fields_3"}, deck_tops={"harbinger": ["falling_stars"]})
    s = play(s, "move:woods_1")
    assert "fate:reroll" in legal(s)
    s = play(s, "fate:reroll")
    assert s.characters["warrior"].fate == 0 and s.characters["warrior"].lives == 4
    assert s.characters["thief"].lives == 3
    assert events(s, "lowest_rollers")[0]["characters"] == ["thief"]


def test_an_altar_discarded_by_the_omen_it_reveals_is_not_discarded_twice():
    """Altar of Greed (issue 16, soak seed 1051: one copy too many of the Altar): the sacrifice
    discards the top Omen, whose immediate effect (The Earth Quakes: every face-up card is
    discarded) already takes the Altar off the board; the Altar is discarded once, and every
    card stays in exactly one place."""
    s = hgame([{"id": "thief", "space": "woods_1", "fate": 0, "lives": 4},
               {"id": "warrior", "space": "tavern", "fate": 0, "gold": 5}], [2],
              options={"harbinger_omen_set": "shattered_world"}, position={"omens_discarded": 2},
              board_cards={"hills_1": ["altar_of_greed"]})
    s = play(s, "move:hills_1", "choose:sacrifice", "target:warrior", "take:gold")
    assert list(s.discards["harbinger"]).count("altar_of_greed") == 1
    assert "altar_of_greed" not in s.board_cards.get("hills_1", ())
    assert invariants.check(s) == []


def test_the_anathema_priest_adds_up_to_two_to_a_prayer_and_the_chapel_costs_a_fate():
    """Anathema Priest (card-data.md 2.2: "+0-2 after a prayer roll; lose 1 fate at each Chapel
    visit"): the Priest prays at the Chapel and rolls 4; he adds 2 (6: a Spell); the visit then
    costs him a fate."""
    s = hgame([{"id": "priest", "space": "fields_2", "fate": 2, "spells": [],
                "followers": ["anathema_priest"]}], [1, 4])
    s = play(s, "move:chapel", "choose:pray", "keep")
    assert legal(s) == {"add:0", "add:1", "add:2"}
    s = play(s, "add:2")
    assert events(s, "table_roll")[-1]["result"] >= 6
    assert s.characters["priest"].fate == 1
    assert invariants.check(s) == []


def test_stones_of_time_restore_an_omen_and_shuffle_the_harbinger_discards_back():
    """Stones of Time (card-data.md 2.2: "discard it to restore the top discarded Omen and
    shuffle the Harbinger discards back into the Harbinger deck")."""
    s = hgame([{"id": "thief", "space": "woods_1", "fate": 0}], [2], position={"omens_discarded": 2},
              board_cards={"hills_1": ["stones_of_time"]})
    deck = list(s.decks["harbinger"])
    gone = deck[:3]
    s = replace(s, decks=s.decks.set("harbinger", pvector(deck[3:])),
                discards=s.discards.set("harbinger", pvector(gone)))
    stack = len(s.ext["harbinger"]["omen_stack"])
    s = play(s, "move:hills_1", "choose:restore")
    assert len(s.ext["harbinger"]["omen_stack"]) == stack + 1
    assert not s.discards["harbinger"]
    assert set(gone) | {"stones_of_time"} <= set(s.decks["harbinger"])
    assert len(s.decks["harbinger"]) == len(deck) + 1  # the Stones themselves went back too
    assert invariants.check(s) == []


def test_combat_kind_follows_the_database_blocks():
    """card-data.md 2.2 (R-CD1): blocks B-D fight by Strength, E-G by Craft (``fights_by``, the
    inference marked in ``stand_ins``); only the A block (the Horsemen, The Beast) keeps both
    values (001 Strength/Craft); every Spirit of both expansions says ``fights_by: craft``."""
    craft = {"doomsday_prophet", "demon_of_gluttony", "demon_of_sloth", "essence_eater",
             "herald_of_death", "herald_of_disease", "herald_of_famine", "infernal_corruptor",
             "insane_elemental", "crypt_horror", "vengeful_ghosts"}
    strength = {"nephilim", "possessed_cultist", "scavenging_beasts", "swarm_of_flies",
                "demon_of_pride", "herald_of_war", "bone_giant", "putrid_zombie", "skeleton",
                "skeleton_king"}
    for cid in craft:
        c = load().cards[cid]
        assert c.fights_by == "craft" and c.strength is None and c.combat_kind == "psychic", cid
        assert "inferred" in c.stand_ins["fights_by"], cid
    for cid in strength:
        c = load().cards[cid]
        assert c.craft is None and c.combat_kind == "battle", cid
    both = [c.id for c in load().cards.values() if c.set == "harbinger" and c.type == "enemy"
            and c.strength and c.craft]
    assert sorted(both) == ["horseman_of_death", "horseman_of_disease", "horseman_of_famine",
                            "horseman_of_war"]
    spirits = [c for c in load().cards.values() if c.set in ("harbinger", "blood_moon")
               and c.type == "enemy" and c.subtype == "spirit"]
    assert spirits and all(c.fights_by == "craft" for c in spirits)


def test_strength_craft_enemies_have_one_value():
    """001 Strength/Craft: "Some of the Enemies in The Harbinger possess a Strength/Craft value"
    (one value, rulings R-HB13.3): a Horseman's Strength and Craft numbers are the same, so a
    battle, a psychic combat and either trade of its trophy count the same number."""
    both = [c for c in load().cards.values() if c.type == "enemy" and c.strength and c.craft]
    assert len(both) == 4
    assert {c.id: (c.strength, c.craft) for c in both} == {
        "horseman_of_death": (7, 7), "horseman_of_disease": (6, 6), "horseman_of_famine": (6, 6),
        "horseman_of_war": (7, 7)}


def test_putrid_zombie_trophy_refuses_a_follower_given_by_an_effect():
    """card-data.md 2.2 (Putrid Zombie: "as a trophy: you can't take Followers"): a Follower an
    effect hands its holder stays on his space (the ``follower_allowed`` hook); without the
    trophy it joins."""
    from talisman.rules import possessions  # a test-local import of the rule area under test
    s = hgame([{"id": "thief", "space": "woods_1", "fate": 0, "trophies": ["putrid_zombie"]}], [])
    refused = possessions.add_possession(s, "thief", "maiden", "test")
    assert not refused.characters["thief"].followers
    assert "maiden" in refused.board_cards["woods_1"]
    assert any(e.name == "follower_refused" and e.data["reason"] == "refused" for e in refused.log)
    s = hgame([{"id": "thief", "space": "woods_1", "fate": 0, "trophies": ["skeleton"]}], [])
    assert list(possessions.add_possession(s, "thief", "maiden", "test").characters["thief"].followers) == ["maiden"]


def test_two_vengeful_ghosts_take_two_off_every_trophy_and_the_skeleton_king_counts_it():
    """card-data.md 2.2 (Vengeful Ghosts, each "as a trophy: each of your trophies is worth 1
    less"): two of them take 2 off each trophy, never below nothing; the Skeleton King's trophy
    points (the Strength and Craft of the trophies held) count the same way (R-CD2)."""
    from talisman.expansions.harbinger import cards  # a test-local import of the module under test
    from talisman.rules import characters as chars  # a test-local helper import
    s = hgame([{"id": "thief", "space": "woods_1", "fate": 0,
                "trophies": ["vengeful_ghosts", "vengeful_ghosts", "dragon", "wolf"]}], [])
    assert chars.trophy_value("dragon", "strength", s, "thief") == 5
    assert chars.trophy_value("wolf", "strength", s, "thief") == 0
    assert chars.trophy_value("vengeful_ghosts", "craft", s, "thief") == 2
    assert chars.trophy_value("dragon", "strength", s) == 7  # nobody's trophy: its printed value
    assert cards.trophy_points(s, "thief") == 2 + 2 + 5 + 0


def test_revelations_look_and_order_are_hidden_from_the_others():
    """Revelations (card-data.md 2.2): the look at the Harbinger cards and the cards put on the
    Adventure deck are the drawer's secret: another player's view shows only that they happened."""
    path = Path(__file__).resolve().parents[1] / "scenarios" / \
        "harbinger_revelations_puts_four_harbinger_cards_on_the_adventure_deck.yaml"
    doc = yaml.safe_load(path.read_text())
    s = scenarios.setup_state(doc["setup"], doc["dice"])
    for a in doc["actions"][:3]:  # the move and two cards put: two still in the drawer's hand
        s = scenarios.TalismanScenarios.apply(s, a)
    mid = talisman.player_view(s, "troll").ext["harbinger"]["cards"]["revelations"]
    assert list(mid) == ["hidden", "hidden"]
    assert "hidden" not in talisman.player_view(s, "warrior").ext["harbinger"]["cards"]["revelations"]
    for a in doc["actions"][3:]:
        s = scenarios.TalismanScenarios.apply(s, a)
    assert "revelations" not in s.ext["harbinger"]["cards"]
    secret = [e for e in talisman.player_view(s, "troll").log if e.name in ("cards_seen", "card_put_on_deck")]
    assert len(secret) == 5 and all(set(e.data["cards"]) == {"hidden"} for e in secret)
    own = [e for e in talisman.player_view(s, "warrior").log if e.name == "cards_seen"]
    assert list(own[0].data["cards"]) == ["skeleton", "nephilim", "swarm_of_flies", "putrid_zombie"]


def test_forbidden_tome_lowers_life_and_fate_values_per_spell():
    """card-data.md 2.2 (Forbidden Tome): "life and fate values -1 per Spell held (min 1)": with
    two Spells the Thief heals to 2 at most and replenishes fate to 1 less than his start; with
    five Spells both values stop at 1."""
    from talisman.rules import characters as chars  # a test-local helper import
    s = hgame([{"id": "thief", "space": "woods_1", "fate": 0, "lives": 1, "craft": 9,
                "objects": ["forbidden_tome"], "spells": ["destroy_magic", "sacred_offering"]}], [])
    s = attrs_spells(s, "thief", ["destroy_magic", "sacred_offering"])  # whatever the turn start drew
    assert chars.life_value(s, "thief") == 2
    assert chars.fate_value(s, "thief") == max(1, load().characters["thief"].fate - 2)
    assert chars.heal(s, "thief", 4, "test").characters["thief"].lives == 2
    many = attrs_spells(s, "thief", ["destroy_magic"] * 5)
    assert chars.life_value(many, "thief") == 1 and chars.fate_value(many, "thief") == 1


def test_key_to_hades_holder_heals_when_another_heals():
    """card-data.md 2.2 (Key to Hades): "may heal 1 whenever another gains/heals" (taken: healing
    costs nothing); the healer himself is not healed twice."""
    from talisman.rules import characters as chars  # a test-local helper import
    s = hgame([{"id": "thief", "space": "woods_1", "fate": 0, "lives": 2},
               {"id": "warrior", "space": "tavern", "fate": 0, "lives": 2, "objects": ["key_to_hades"]}], [])
    healed = chars.heal(s, "thief", 1, "test")
    assert healed.characters["thief"].lives == 3 and healed.characters["warrior"].lives == 3
    gained = chars.gain(s, "thief", "lives", 2, "test")
    assert gained.characters["thief"].lives == 4 and gained.characters["warrior"].lives == 3
    own = chars.heal(s, "warrior", 1, "test")
    assert own.characters["warrior"].lives == 3 and own.characters["thief"].lives == 2


def attrs_spells(state, cid, spells):
    from talisman.state import update_character  # a test-local helper import
    return update_character(state, cid, spells=spells)


def _revealed(position, characters, **kw):
    """The top Omen discarded (``position`` discarded before it), the next one revealed."""
    from support import run_effects
    s = hgame(characters, options={"harbinger_omen_set": position[0]},
              position={"harbinger": "fields_3", "omens_discarded": position[1]}, **kw)
    return run_effects(s, [{"discard_omen": {}}], characters[0]["id"] if isinstance(characters[0], dict) else characters[0])


def test_omens_played_from_their_db_texts():
    """001 Omen Cards, texts of the [DB] card list (ruling R-CD5-4): Destruction discards an
    Object picked at random, no choice asked; Undead Hordes puts the discarded Enemies on top of
    the Adventure deck; Power Overwhelming fills no hand as it is revealed."""
    from talisman.expansions.harbinger import omens
    s = _revealed(("armageddon", 5), [{"id": "thief", "space": "woods_1", "objects": ["sword", "helmet"]}])
    assert omens.top(s) == "omen_destruction"
    gone = events(s, "object_picked_at_random")[-1]["card"]
    assert gone in ("sword", "helmet") and gone in s.discards["adventure"]
    assert len(s.characters["thief"].objects) == 1 and not legal(s) >= {"discard:sword"}
    s = hgame([{"id": "thief", "space": "woods_1"}], options={"harbinger_omen_set": "rise_of_the_dead"},
              position={"omens_discarded": 6})
    s = replace(s, decks=s.decks.set("adventure", s.decks["adventure"].remove("bear").remove("wolf").remove("sword")),
                discards=s.discards.set("adventure", s.discards["adventure"].extend(["bear", "sword", "wolf"])))
    from support import run_effects
    s = run_effects(s, [{"discard_omen": {}}], "thief")
    assert omens.top(s) == "omen_undead_hordes"
    assert set(s.decks["adventure"][:2]) == {"bear", "wolf"} and list(s.discards["adventure"]).count("sword") == 1
    s = _revealed(("stars_align", 2), [{"id": "wizard", "space": "woods_1", "craft": 5, "spells": []}])
    assert omens.top(s) == "omen_power_overwhelming" and not s.characters["wizard"].spells
