"""The Blood Moon's cards played through the base game's value hooks (003 Lunar Events and the
Adventure and Spell cards of talisman-facts.md section 6): each card's rule is its data
(``data.modifiers``, ``data.stalks``, the ``set_attack_roll`` effect), read by
``talisman.expansions.blood_moon.modifiers``.  Each test names the card and the rule section.

Positions: the Thief (Strength 3, Craft 3, one die) on Woods 1 rolls 2 to the Hills 1, where a
creature waits; the creature's and the Thief's rolls are scripted."""
import sys
from pathlib import Path

from talisman import expansions
from talisman.definitions import load
from talisman.engine.data import validate
from talisman.engine.records import replace
from talisman.expansions.blood_moon import lycanthropy, store

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_blood_moon import hook_then_run, make_lycanthrope, ok, position  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
from support import events, legal, names, play, run_effects  # noqa: E402


def in_play(s, *lunar):
    """These Lunar Events beside the Time card (taken out of the Adventure deck)."""
    for c in lunar:
        s = replace(s, decks=s.decks.set("adventure", s.decks["adventure"].remove(c)))
    return store.store(s, lunar_events=list(lunar))


def thief_meets(creature, time="day", lunar=(), **thief):
    s = position([{"id": "thief", "space": "woods_1", **thief}], time=time,
                 board_cards={"hills_1": [creature]})
    s = in_play(s, *lunar)
    return ok(play(s, "roll:2", "move:hills_1"))


def scores(s):
    e = events(s, "combat_scores")[-1]
    return e["character_score"], e["opponent_score"]


# --- character_score -------------------------------------------------------------------------

def test_hammer_of_light_and_triumphant_daybreak_add_to_the_attack_score_by_day():
    """Hammer of Light (+1 Strength in battle, +3 by Day) and Triumphant Daybreak (Lunar Event,
    Day: a character fighting a creature adds 2): the ``character_score`` hook."""
    s = ok(play(thief_meets("bear", objects=["hammer_of_light"]), "fight", "roll:4", "roll:3"))
    assert scores(s) == (4 + 3 + 3, 3 + 3 - 1)
    s = ok(play(thief_meets("bear", time="night", objects=["hammer_of_light"]), "fight", "roll:4", "roll:3"))
    assert scores(s) == (4 + 3 + 1, 3 + 3 + 1)
    s = ok(play(thief_meets("bear", lunar=["triumphant_daybreak"]), "fight", "roll:4", "roll:3"))
    assert scores(s) == (4 + 3 + 2, 3 + 3 - 1)


def test_shadow_dagger_and_wolf_slayer_by_day_and_by_night():
    """Shadow Dagger (+1 Craft in psychic combat, +3 at Night); Wolf Slayer (+2 Strength by Day,
    +2 Craft at Night, never with a lycanthrope): the ``character_score`` hook."""
    s = ok(play(thief_meets("spectre", time="night", objects=["shadow_dagger"]), "fight", "roll:4", "roll:3"))
    assert scores(s) == (4 + 3 + 3, 3 + 3 + 1)
    s = ok(play(thief_meets("spectre", objects=["shadow_dagger"]), "fight", "roll:4", "roll:3"))
    assert scores(s) == (4 + 3 + 1, 3 + 3 - 1)
    s = ok(play(thief_meets("bear", followers=["wolf_slayer"]), "fight", "roll:4", "roll:3"))
    assert scores(s)[0] == 4 + 3 + 2
    s = ok(play(thief_meets("spectre", time="night", followers=["wolf_slayer"]), "fight", "roll:4", "roll:3"))
    assert scores(s)[0] == 4 + 3 + 2
    s = position([{"id": "thief", "space": "woods_1", "followers": ["wolf_slayer"]}],
                 lycanthropes={"thief": "lycanthrope_regeneration"})
    assert expansions.adjust(s, "character_score", 3, character="thief", kind="battle") == 3


# --- combat_result ---------------------------------------------------------------------------

def test_aegis_of_daylight_turns_a_loss_to_a_creature_into_a_standoff():
    """Aegis of Daylight (Lunar Event, Day): a character beaten by a creature has a stand-off
    instead (the ``combat_result`` hook): no life is lost."""
    s = ok(play(thief_meets("ogre", lunar=["aegis_of_daylight"]), "fight", "roll:1", "roll:6"))
    assert "standoff" in names(s) and "combat_lost" not in names(s)
    assert s.characters["thief"].lives == 4
    s = ok(play(thief_meets("ogre"), "fight", "roll:1", "roll:6"))
    assert "combat_lost" in names(s) and s.characters["thief"].lives == 3


def test_vampire_bats_are_beaten_only_by_2_or_more():
    """Vampire Bats: beating them counts as a stand-off unless the score wins by 2 or more."""
    s = ok(play(thief_meets("vampire_bats"), "fight", "roll:1", "roll:1"))   # 1 + 3 against 1 + 3 - 1
    assert scores(s) == (4, 3) and "standoff" in names(s) and "combat_won" not in names(s)
    assert s.characters["thief"].lives == 4
    s = ok(play(thief_meets("vampire_bats"), "fight", "roll:2", "roll:1"))
    assert scores(s) == (5, 3) and "combat_won" in names(s)


def test_the_doomsword_loses_on_an_attack_roll_of_1():
    """Doomsword: +3 Strength in battle, but an attack roll of 1 loses whatever the score."""
    s = ok(play(thief_meets("wild_boar", objects=["doomsword"]), "fight", "roll:1", "roll:1"))
    c, o = scores(s)
    assert c == 1 + 3 + 3 and c > o and "combat_lost" in names(s)
    s = ok(play(thief_meets("wild_boar", objects=["doomsword"]), "fight", "roll:2", "roll:1"))
    assert "combat_won" in names(s)


def test_the_night_stalker_follows_its_victim_until_day_breaks():
    """Night Stalker (card-data.md 1.3: "beaten at Night: no life lost, it joins you as a
    Follower costing 1 life at each of your turn starts; discard at daybreak"): beaten by it at
    Night the character loses no life, but it leaves its space, follows him, takes a life as
    each of his turns starts and is discarded when Day breaks (``combat_result`` hook, then
    ``data.stalks`` answered as the combat ends, the ``combat_ended`` hook: ruling R-BMC-3)."""
    s = ok(play(thief_meets("night_stalker", time="night"), "fight", "roll:1", "roll:6"))
    assert "standoff" in names(s) and "combat_lost" not in names(s)
    assert store.get(s, "stalkers")["thief"] == "night_stalker"
    # it has left its space and follows him (ruling R-CD5-3), listed among the store's cards
    assert not s.board_cards.get("hills_1") and list(store.get(s, "cards")["stalkers"]) == ["night_stalker"]
    log = names(s)
    # it follows him from the end of the combat (the stand-off), before his turn ends
    assert log.index("standoff") < log.index("stalked") < log.index("turn_ended") < log.index("life_lost")
    # the Thief plays alone: his next turn has started, and the Night Stalker took a life
    assert s.characters["thief"].lives == 3 and s.pending.prompt == "movement of thief"
    s = hook_then_run(s, "turn_started", "thief")
    assert s.characters["thief"].lives == 2
    s = run_effects(s, [{"flip_time": {"to": "day"}}], "thief", dice=[])
    assert not store.get(s, "stalkers") and "stalkers_gone" in names(s)
    assert "night_stalker" in s.discards["adventure"] and "stalkers" not in store.get(s, "cards")
    s = hook_then_run(s, "turn_started", "thief")
    assert s.characters["thief"].lives == 2
    # by Day it is fought like any Enemy: the loss costs a life
    s = ok(play(thief_meets("night_stalker"), "fight", "roll:1", "roll:6"))
    assert "combat_lost" in names(s) and not store.get(s, "stalkers")


# --- attack rolls ------------------------------------------------------------------------------

def test_the_wooden_stake_makes_the_attack_roll_a_6():
    """Wooden Stake: discarded as a creature attacks, the character's attack roll is a 6
    (offered before the dice as ``use:wooden_stake``; ``combat_options`` and
    ``combat_option_chosen`` hooks, then ``character_score``)."""
    s = thief_meets("ogre", objects=["wooden_stake"])
    assert "use:wooden_stake" in legal(s)
    s = ok(play(s, "use:wooden_stake"))
    assert "use:wooden_stake" not in legal(s) and "wooden_stake" in s.discards["adventure"]
    s = ok(play(s, "fight", "roll:1", "roll:1"))
    assert scores(s) == (6 + 3, 1 + 5 - 1)


def test_the_lurking_horror_at_night_leaves_the_character_no_die():
    """Lurking Horror: fought at Night, the character rolls no die for his attack (by Day he
    does)."""
    s = ok(play(thief_meets("lurking_horror", time="night"), "fight", "roll:5", "roll:1"))
    assert scores(s)[0] == 3
    s = ok(play(thief_meets("lurking_horror"), "fight", "roll:5", "roll:1"))
    assert scores(s)[0] == 5 + 3


def test_feral_hunger_makes_the_creatures_attack_roll_a_6():
    """Feral Hunger (Spell): cast as a creature is about to be fought, its attack roll is a 6
    (the ``attack_roll`` hook)."""
    s = position([{"id": "wizard", "space": "woods_1", "spells": ["feral_hunger"]}],
                 board_cards={"hills_1": ["spectre"]})
    s = ok(play(s, "roll:2", "move:hills_1"))
    assert "cast:feral_hunger" in legal(s)
    s = ok(play(s, "cast:feral_hunger", "fight", "roll:3", "roll:1"))
    e = events(s, "combat_scores")[-1]
    assert e["opponent_roll"] == 6 and e["opponent_score"] == 6 + 3 - 1


# --- evading ----------------------------------------------------------------------------------

def test_cards_that_let_a_character_evade():
    """Blinding Radiance (Lunar Event, Day: evade Enemies), Umbral Drake (evaded by Day),
    Herald of the Dawn (good characters may evade it), Nightshroud (at Night evade any
    creature or character): the ``evade`` option of the ``combat_options`` hook."""
    assert "evade" not in legal(thief_meets("ogre"))
    s = thief_meets("ogre", lunar=["blinding_radiance"])
    assert "evade" in legal(s)
    s = ok(play(s, "evade"))
    assert events(s, "evaded")[-1]["character"] == "thief" and s.characters["thief"].lives == 4
    assert "evade" in legal(thief_meets("umbral_drake"))
    assert "evade" not in legal(thief_meets("umbral_drake", time="night"))
    assert "evade" not in legal(thief_meets("herald_of_the_dawn"))  # the Thief is neutral
    assert "evade" in legal(thief_meets("ogre", time="night", objects=["nightshroud"]))
    assert "evade" not in legal(thief_meets("ogre", objects=["nightshroud"]))
    s = position([{"id": "priest", "space": "woods_1"}], board_cards={"hills_1": ["herald_of_the_dawn"]})
    assert "evade" in legal(ok(play(s, "roll:2", "move:hills_1")))


# --- draw_count -------------------------------------------------------------------------------

def test_children_of_the_night_and_the_pumpkin_king_draw_more_cards():
    """Children of the Night (Lunar Event, Night: a space that draws cards draws one more);
    Night of the Pumpkin King (Lunar Event, Night: every Fields space draws up to 3): the
    ``draw_count`` hook."""
    s = in_play(position(["thief"], time="night"), "children_of_the_night")
    assert expansions.adjust(s, "draw_count", 1, character="thief", space="fields_3") == 2
    assert expansions.adjust(s, "draw_count", 2, character="thief", space="ruins") == 3
    assert expansions.adjust(s, "draw_count", 0, character="thief", space="tavern") == 0
    s = in_play(position(["thief"], time="night"), "night_of_the_pumpkin_king")
    assert expansions.adjust(s, "draw_count", 1, character="thief", space="fields_3") == 3
    assert expansions.adjust(s, "draw_count", 1, character="thief", space="woods_1") == 1
    # in play: the Thief moves to the Fields at Night and draws two cards (no Event among them)
    s = position([{"id": "thief", "space": "woods_2"}, {"id": "wizard", "space": "city"}], time="night",
                 deck_tops={"adventure": ["bag_of_gold", "sword"]})
    s = ok(play(in_play(s, "children_of_the_night"), "roll:1", "move:fields_3"))
    assert [e["card"] for e in events(s, "card_drawn")] == ["bag_of_gold", "sword"]


# --- became_toad --------------------------------------------------------------------------------

def test_a_toad_discards_his_lycanthrope_card_at_once():
    """003 Becoming a Lycanthrope: "If a character is turned into a Toad, he must discard his
    Lycanthrope Card" (the ``became_toad`` hook, the moment it happens)."""
    s = position(["warrior"])
    s = make_lycanthrope(s, "warrior", "lycanthrope_bloodlust")
    s = run_effects(s, [{"become_toad": {"turns": 3}}], "warrior", dice=[])
    assert not lycanthropy.is_lycanthrope(s, "warrior")
    assert events(s, "lycanthrope_card_discarded")[-1]["reason"] == "turned into a Toad"
    assert names(s).index("became_toad") < names(s).index("lycanthrope_card_discarded")


# --- the data -----------------------------------------------------------------------------------

MODIFIER = {
    "type": "object", "required": ["hook"], "additionalProperties": False,
    "properties": {
        "hook": {"enum": ["character_score", "combat_result", "draw_count", "evade",
                          "no_character_roll", "combat_option", "movement", "movement_dice",
                          "combat_resolved", "prayer", "added_die", "send_away"]},
        "add_up_to": {"type": "integer"},
        "count": {"type": "integer"}, "up_to_roll": {"type": "boolean"}, "exactly": {"type": "integer"},
        "lowest_die": {"type": "boolean"}, "stop_at": {"enum": ["enemy"]},
        "add": {"type": "integer"}, "at_least": {"type": "integer"},
        "from": {"anyOf": [{"enum": ["won", "lost", "standoff"]},
                           {"type": "array", "items": {"enum": ["won", "lost", "standoff"]}}]},
        "to": {"enum": ["won", "lost", "standoff"]},
        "roll": {"anyOf": [{"type": "integer"}, {"enum": ["d6"]}]}, "day_bonus": {"type": "integer"},
        "result": {"enum": ["evaded"]}, "discard_enemies": {"type": "boolean"},
        "again": {"enum": ["attack", "creatures_roll"]}, "once_per_turn": {"type": "boolean"},
        "time": {"enum": ["day", "night"]}, "in": {"enum": ["battle", "psychic"]},
        "against": {"enum": ["creature", "character", "any"]},
        "alignment": {"type": "array", "items": {"enum": ["good", "neutral", "evil"]}},
        "unless_lycanthrope": {"type": "boolean"}, "character_roll": {"type": "integer"},
        "margin_below": {"type": "integer"},
        "spaces": {"type": "array", "items": {"type": "string"}}}}


def test_modifiers_are_well_formed_and_no_card_still_waits_for_a_hook_it_now_has():
    """The ``modifiers`` of every Blood Moon card follow the documented keys; the cards the new
    hook points serve no longer say ``needs_hook`` for them."""
    from talisman.engine.serialize import to_data
    cards = [c for c in load().cards.values() if c.set == "blood_moon"]
    with_mods = set()
    for c in cards:
        for m in (c.data or {}).get("modifiers", ()):
            validate(c.id, to_data(m), MODIFIER)
            with_mods.add(c.id)
            if m["hook"] == "combat_result":
                assert "to" in m
    assert {"aegis_of_daylight", "blinding_radiance", "children_of_the_night",
            "night_of_the_pumpkin_king", "triumphant_daybreak", "hammer_of_light",
            "shadow_dagger", "wolf_slayer", "doomsword", "vampire_bats", "night_stalker",
            "lurking_horror", "wooden_stake", "nightshroud", "umbral_drake",
            "herald_of_the_dawn", "guiding_light", "witchs_broom", "fright_night",
            "moon_mist", "sun_shield", "torchbearer", "pharaohs_crown", "holy_day",
            "prayer_book"} <= with_mods
    for c in cards:
        assert not ((c.data or {}).get("modifiers") and (c.data or {}).get("needs_hook")), c.id


def test_the_mummy_costs_another_life_only_when_the_defeat_cost_one():
    """Mummy (card-data.md 1.3: "beaten and losing a life: lose 1 more"): a defeat that cost a
    life costs another at the turn boundary; one whose life the Self-Portrait took instead
    costs nothing more (no ``life_lost`` of his after the combat)."""
    s = ok(play(thief_meets("mummy", craft=3), "fight", "roll:1", "roll:6"))
    assert "combat_lost" in names(s) and s.characters["thief"].lives == 2
    assert any(e["cause"] == "mummy" for e in events(s, "blood_moon_effect"))
    s = ok(play(thief_meets("mummy", craft=3, objects=["self_portrait"]), "fight", "roll:1", "roll:6"))
    assert "combat_lost" in names(s) and s.characters["thief"].lives == 4
    assert not any(e["cause"] == "mummy" for e in events(s, "blood_moon_effect"))


def test_the_mummy_wound_is_marked_as_the_life_is_lost_not_when_a_spell_saves_it():
    """Mummy (card-data.md 1.3: "beaten and losing a life: lose 1 more"): the ``lives_losing``
    hook marks the combat's record as the life goes (ruling R-BMC-2); Preservation cast to save
    the life leaves no mark, so no second life; passing costs both."""
    s = ok(play(thief_meets("mummy", craft=3, spells=["preservation"]), "fight", "roll:1", "roll:6",
                "cast:preservation"))
    assert "combat_lost" in names(s) and s.characters["thief"].lives == 4
    assert not any(e["cause"] == "mummy" for e in events(s, "blood_moon_effect"))
    s = ok(play(thief_meets("mummy", craft=3, spells=["preservation"]), "fight", "roll:1", "roll:6", "pass",
                "lose"))  # (the Mummy's own life: Preservation offered again, not cast)
    assert "combat_lost" in names(s) and s.characters["thief"].lives == 2
    assert any(e["cause"] == "mummy" for e in events(s, "blood_moon_effect"))
