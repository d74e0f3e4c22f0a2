"""The Harbinger (001_12251af71a893e4e.txt) through the newer base hook points: spell_limit,
trophy_value, characters_fought, creature_bonus, player_view.  Each test names the rule section
or card it checks."""
import sys

from pyrsistent import thaw
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))

import talisman  # noqa: E402
from support import events, game, hgame, legal, play  # noqa: E402
from talisman.expansions import adjust  # noqa: E402
from talisman.expansions.harbinger import omens  # noqa: E402
from talisman.rules import characters as chars  # noqa: E402
from talisman.rules import combat  # noqa: E402
from talisman.state import update_character  # noqa: E402
from talisman.testing import invariants  # noqa: E402

H = ["harbinger"]


def stars(discarded, characters=("wizard",)):
    return hgame(list(characters), options={"harbinger_omen_set": "stars_align"},
                 position={"omens_discarded": discarded})


# --- 001 Omen Cards: the Stars Align (spell_limit) ------------------------------------------------

def test_stars_align_omens_change_the_spell_limit_while_on_top():
    """001 Omen Cards, the Stars Align set (continuous): The Conjunction, Mysterious Knowledge
    and Burnt Away +1, Power Overwhelming and Arcane Feedback +2, Fleeting Magic -1 (never
    below 0), A World Without Magic: no Spells; the Prophecy changes nothing."""
    base = chars.spell_limit(stars(0), "wizard")  # the Prophecy on top
    plain = chars.spell_limit(game(["wizard"]), "wizard")
    assert base == plain
    want = {1: 1, 2: 1, 3: 2, 4: 2, 5: 1, 6: -1}
    for n, delta in want.items():
        s = stars(n)
        assert chars.spell_limit(s, "wizard") == max(0, plain + delta), omens.top(s)
    assert chars.spell_limit(stars(7), "wizard") == 0  # A World Without Magic
    # the Warrior (Craft 2: no Spells) may hold one under The Conjunction
    assert chars.spell_limit(stars(1, ["warrior"]), "warrior") == chars.spell_limit(game(["warrior"]), "warrior") + 1


def test_the_conjunction_gains_a_spell_even_at_the_printed_limit():
    """001 Omen Cards, The Conjunction: "+1 Spell; limit +1" -- a character at its normal limit
    still gains the Spell, because the limit is 1 higher while the card is on top."""
    s = stars(0)
    limit = chars.spell_limit(game(["wizard"]), "wizard")
    s = update_character(s, "wizard", spells=list(s.characters["wizard"].spells)[:limit])
    assert len(s.characters["wizard"].spells) == limit
    from support import run_effects
    s = run_effects(s, [{"discard_omen": {}}], "wizard")
    assert omens.top(s) == "omen_the_conjunction"
    assert len(s.characters["wizard"].spells) == limit + 1
    assert invariants.check(s) == []


# --- 001 Omen Cards: Restless Dead (trophy_value) --------------------------------------------------

def test_restless_dead_spirit_and_undead_trophies_are_worth_one_more():
    """001 Omen Cards, Restless Dead (continuous): "their trophies +1 value" -- Spirits and
    Undead only, only towards the counter they already count for, only while on top."""
    s = hgame(["warrior"], options={"harbinger_omen_set": "rise_of_the_dead"},
              position={"omens_discarded": 1})
    assert omens.top(s) == "omen_restless_dead"
    before = hgame(["warrior"], options={"harbinger_omen_set": "rise_of_the_dead"})
    for card, counter in (("skeleton", "strength"), ("vengeful_ghosts", "craft")):
        assert chars.trophy_value(card, counter, s) == chars.trophy_value(card, counter, before) + 1
    assert chars.trophy_value("vengeful_ghosts", "strength", s) == 0  # a Spirit has no Strength
    assert chars.trophy_value("scavenging_beasts", "strength", s) == \
        chars.trophy_value("scavenging_beasts", "strength", before)


# --- 001 Omen Cards: the Armageddon set (characters_fought) ---------------------------------------

def fight(omens_discarded, warrior=None, wizard=None, dice=(1, 6, 6, 1)):
    """The Warrior moves onto the Wizard and beats it in battle (its two dice 6, 6 and its
    Strength against 1 and the Wizard's)."""
    w = {"id": "warrior", "space": "woods_2", **(warrior or {})}
    z = {"id": "wizard", "space": "fields_3", **(wizard or {})}
    s = hgame([w, z], list(dice), position={"omens_discarded": omens_discarded})
    return play(s, "move:fields_3", "encounter:char:wizard", "attack:battle", "fight")


def test_plague_the_winner_of_a_fight_between_characters_heals_a_life():
    """001 Omen Cards, Plague (continuous): "winner may heal 1" after a fight between characters."""
    s = fight(2, warrior={"lives": 2})
    assert omens.top(s) == "omen_plague"
    assert "spoils:life" in legal(s)
    s = play(s, "spoils:life")
    assert s.characters["warrior"].lives == 3 and s.characters["wizard"].lives == 3
    assert events(s, "omen_after_fight")[0]["card"] == "omen_plague"


def test_doom_the_winner_replenishes_a_fate_never_above_its_starting_fate():
    """001 Omen Cards, Doom (continuous): "char-vs-char winner may replenish 1 fate"."""
    s = play(fight(1), "spoils:life")
    assert omens.top(s) == "omen_doom"
    assert s.characters["warrior"].fate == 1  # from 0 (the test position's fate)
    from talisman.definitions import load
    from support import run_effects
    full = load().characters["warrior"].fate
    t = hgame([{"id": "warrior", "fate": full}])
    t = run_effects(t, [{"replenish_fate_by": {"amount": 1}}], "warrior")
    assert t.characters["warrior"].fate == full


def test_war_the_loser_of_a_fight_between_characters_loses_one_more_life():
    """001 Omen Cards, War (continuous): "loser -1 life" besides the spoils."""
    s = play(fight(3), "spoils:life")
    assert omens.top(s) == "omen_war"
    assert s.characters["wizard"].lives == 2  # 4 - 1 (spoils) - 1 (War)


def test_famine_the_winner_gains_strength_or_craft():
    """001 Omen Cards, Famine (continuous): "winner may +1 Str/Craft" (its choice, or neither:
    "may", docs/rulings.md R-RULE17.4)."""
    s = play(fight(4), "spoils:life")
    assert omens.top(s) == "omen_famine"
    assert legal(s) == {"choose:strength", "choose:craft", "choose:decline"}
    t = play(s, "choose:craft")
    assert t.characters["warrior"].craft == s.characters["warrior"].craft + 1
    u = play(s, "choose:decline")
    assert (u.characters["warrior"].craft, u.characters["warrior"].strength) == \
        (s.characters["warrior"].craft, s.characters["warrior"].strength)


def test_death_and_destruction_the_loser_loses_a_follower_or_an_object():
    """001 Omen Cards, Death ("loser kills a Follower") and Destruction ("loser discards an
    Object") (continuous)."""
    s = play(fight(5, wizard={"followers": ["mule"]}), "spoils:life")
    assert omens.top(s) == "omen_death"
    assert list(s.characters["wizard"].followers) == []
    s = play(fight(6, wizard={"objects": ["axe"]}), "spoils:life")
    assert omens.top(s) == "omen_destruction"
    assert legal(s) == {"discard:axe"} and s.pending.player == "wizard"  # the loser chooses
    s = play(s, "discard:axe")
    assert list(s.characters["wizard"].objects) == []
    assert invariants.check(s) == []


def test_fights_with_enemies_and_other_omens_add_nothing():
    """001 Omen Cards: only the Armageddon Omens act after a fight between characters, and only
    while on top (the Prophecy: nothing)."""
    s = play(fight(0, warrior={"lives": 2}), "spoils:life")
    assert s.characters["warrior"].lives == 2 and not events(s, "omen_after_fight")


# --- 001 Terrain Cards: the Runes (creature_bonus) ------------------------------------------------

def test_terrain_replaces_the_runes_creature_bonus():
    """001 Terrain Cards: a Terrain card replaces the space's text -- creatures fought on the
    covered Runes add nothing; the Runes Terrain card ("as board Runes") adds 2 wherever it lies."""
    runes = next(sp for sp in _spaces() if sp.startswith("runes"))
    plain = hgame(["warrior"])
    assert combat.creature_bonus(plain, runes) == 2
    covered = hgame(["warrior"], position={"terrain": {runes: "terrain_ruins"}})
    assert combat.creature_bonus(covered, runes) == 0
    moved = hgame(["warrior"], position={"terrain": {"fields_3": "terrain_runes"}})
    assert combat.creature_bonus(moved, "fields_3") == 2
    assert adjust(moved, "creature_bonus", 0, space="woods_2") == 0


def _spaces():
    from talisman.definitions import load
    return list(load().board.spaces)


# --- 001 Hidden Variant (player_view) -----------------------------------------------------------

def test_a_hidden_ending_is_hidden_in_every_players_view():
    """001 Hidden Variant: the Alternative Ending lies face down -- no player's view names it (on
    the Crown, or by elimination in the box); once revealed, everyone sees it."""
    s = talisman.new_game(["warrior", "wizard"], expansions=H, options={"harbinger_ending": "hidden"})
    v = talisman.player_view(s, "warrior")
    e = v.ending  # the shared frame of talisman.rules.endings.cards keeps the card
    assert e["card"] == "hidden" and not e["revealed"]
    assert set(e["box"]) <= {"hidden"}
    text = talisman.to_json(v)
    assert "armageddon_crown" not in text and "end_of_days" not in text
    assert s.ending["card"] == "armageddon_crown"  # the state keeps it
    r = talisman.new_game(["warrior"], expansions=H, options={"harbinger_ending": "revealed"})
    assert talisman.player_view(r, "warrior").ending == r.ending


def test_after_fight_effects_in_the_omen_data_are_valid_effect_lists():
    """001 Omen Cards (data): the ``after_fight`` effects of the Armageddon Omens are checked
    against the effect vocabulary (the card loader does not read ``data``)."""
    import jsonschema
    from talisman.definitions import load
    from talisman.effects_schema import with_defs
    from talisman.expansions import effect_schemas
    schema = with_defs({"$ref": "#/$defs/effects"}, effect_schemas())
    seen = 0
    for c in load().cards.values():
        after = ((c.data or {}).get("continuous") or {}).get("after_fight")
        if c.set != "harbinger" or not after:
            continue
        assert set(after) <= {"victor", "loser"}, c.id
        for steps in after.values():
            jsonschema.validate(_thaw(steps), schema)
            seen += 1
    assert seen == 6  # Doom, Plague, War, Famine, Death, Destruction
    on_cast = [c for c in load().cards.values() if c.set == "harbinger"
               and ((c.data or {}).get("continuous") or {}).get("on_cast")]
    for c in on_cast:
        jsonschema.validate(_thaw(c.data["continuous"]["on_cast"]), schema)
    assert {c.id for c in on_cast} == {"omen_power_overwhelming", "omen_arcane_feedback"}
    unbeaten = [c for c in load().cards.values() if c.set == "harbinger" and (c.data or {}).get("unbeaten")]
    for c in unbeaten:
        jsonschema.validate(_thaw(c.data["unbeaten"]), schema)
    assert len(unbeaten) == 4  # the four Horsemen


def _thaw(x):
    """Plain lists and dicts for jsonschema (pyrsistent's own ``thaw``; with or without its C
    extension: on CPython 3.13 the vector class is ``PythonPVector``)."""
    return thaw(x)


# --- 001 Harbinger Spells: Dark Binding (movement_roll_answers) ------------------------------------

def test_dark_binding_cast_after_the_roll_the_bound_mover_may_still_reroll_by_fate():
    """001 Harbinger Spells, Dark Binding (card-data.md 2.4: "cast after another character's
    movement roll: you choose his direction and may stop him anywhere along it"): the Wizard
    casts it on the Warrior's roll of 2; the Warrior keeps his FATE and pays one to roll again
    (docs/rulings.md R-CAST: the binding holds on the new roll); the Wizard then chooses among
    the spaces along either direction up to the new roll of 4."""
    from talisman.definitions import load
    from talisman.rules import movement
    s = hgame([{"id": "warrior", "space": "woods_2", "fate": 1},
               {"id": "wizard", "space": "fields_3", "spells": ["dark_binding"]}], [2, 4])
    assert s.pending.player == "wizard" and legal(s) == {"pass", "cast:dark_binding"}
    s = play(s, "cast:dark_binding")
    assert s.pending.player == "warrior" and legal(s) == {"keep", "fate:reroll"}
    s = play(s, "fate:reroll")
    reach = {d for k in (1, 2, 3, 4) for d in movement.reachable(load().board, "woods_2", k)}
    assert s.pending.player == "wizard" and legal(s) == {f"move:{d}" for d in reach}
    assert len(reach) > len(movement.reachable(load().board, "woods_2", 4))  # the shorter stops
    assert s.characters["warrior"].fate == 0
    s = play(s, "move:fields_4")
    assert s.characters["warrior"].space == "fields_4"
    assert [e["roll"] for e in events(s, "movement_roll")] == [2, 4]
    assert "dark_binding" in s.discards["spell"] and "dark_binding" not in s.characters["wizard"].spells
    assert invariants.check(s) == []


def test_dark_binding_window_opens_again_after_a_fate_reroll_and_skips_who_cannot_cast():
    """001 Harbinger Spells, Dark Binding: a Fate re-roll is a movement roll again, so a holder
    who passed is asked again on it (docs/rulings.md R-CAST); a holder who may not cast (a Toad,
    000 TOADS: "may not cast Spells") is never asked."""
    s = hgame([{"id": "warrior", "space": "woods_2", "fate": 1},
               {"id": "wizard", "space": "fields_3", "spells": ["dark_binding"]},
               {"id": "troll", "space": "tavern", "spells": ["dark_binding"], "toad_turns": 2}], [2, 4])
    assert s.pending.player == "wizard"
    s = play(s, "pass")
    assert s.pending.player == "warrior" and "fate:reroll" in legal(s)
    s = play(s, "fate:reroll")
    assert s.pending.player == "wizard" and legal(s) == {"pass", "cast:dark_binding"}
    s = play(s, "pass")
    assert s.pending.player == "warrior" and "move:chapel" in legal(s) and "move:city" not in legal(s)


def test_spell_windows_cost_nothing_when_nobody_holds_the_spells():
    """The hot path: with no holder, the movement-roll hook adds no frame and the Terra Shift
    window leaves the encounter alone (the very same values back)."""
    from talisman.expansions.harbinger import binding
    s = hgame([{"id": "warrior", "space": "woods_2", "spells": ["dark_binding"]},
               {"id": "wizard", "space": "fields_3", "spells": ["dispellation"]}])
    none = ()
    assert binding.roll_answers(s, none, "warrior", 4) is none
    moved = update_character(s, "warrior", turn_flags=s.characters["warrior"].turn_flags.set("moved", True))
    result = (moved, False)
    assert binding.shift_window(moved, result, "warrior", "woods_2") is result


# --- 001 Harbinger Cards: The Beast ------------------------------------------------------------------

def test_the_beast_in_play_makes_entering_the_crown_cost_two_lives():
    """001 Harbinger Cards, The Beast: "Crown costs 2 lives to enter while in play" -- while
    it lies face up on a space; not once it is gone."""
    def enter(board_cards):
        s = hgame([{"id": "warrior", "space": "valley_of_fire", "objects": ["talisman"]},
                   {"id": "troll", "space": "city"}], board_cards=board_cards)
        return play(s, "move:crown_of_command")
    s = enter({"fields_3": ["the_beast"]})
    assert events(s, "crown_toll") == [{"character": "warrior", "card": "the_beast"}]
    # of his card's 5 (the Revised 4th Edition's lives, the default with The Harbinger)
    assert s.characters["warrior"].lives == 3
    t = enter({})
    assert t.characters["warrior"].lives == 5 and not events(t, "crown_toll")
    s2 = hgame([{"id": "warrior", "space": "valley_of_fire", "objects": ["talisman"], "lives": 2},
                {"id": "troll", "space": "city"}], board_cards={"fields_3": ["the_beast"]})
    s2 = play(s2, "move:crown_of_command")
    assert not s2.characters["warrior"].alive and invariants.check(s2) == []


# --- 001 Terrain Cards: the Bog; Cracks Appear (movement_destinations) -------------

def _moves(s):
    return {a for a in legal(s) if a.startswith("move:")}


def test_the_bog_takes_one_from_the_die_rolls_of_a_character_on_it():
    """001 Terrain Cards, the Bog ("-1 to your die rolls here, min 1"): a movement roll of 3 from
    the Bog moves 2; a roll of 1 still moves 1; the combat roll of a character on it counts 1
    less (never below 1)."""
    two = _moves(play(hgame([{"id": "thief", "space": "woods_1"}]), "roll:2"))
    s = hgame([{"id": "thief", "space": "woods_1"}], position={"terrain": {"woods_1": "terrain_bog"}})
    assert _moves(play(s, "roll:3")) == two
    one = _moves(play(hgame([{"id": "thief", "space": "woods_1"}]), "roll:1"))
    assert _moves(play(s, "roll:1")) == one
    # combat on the Bog: the Thief (Strength 3) rolls 4, counted as 3
    bog = hgame([{"id": "thief", "space": "fields_1"}], position={"terrain": {"graveyard": "terrain_bog"}},
                deck_tops={"adventure": ["bear"]})
    s = play(bog, "roll:1", "move:graveyard", "fight", "roll:4", "roll:1")
    e = events(s, "combat_scores")[-1]
    assert e["character_roll"] == 4 and e["character_score"] == 3 + 3


def test_cracks_appear_a_roll_of_one_places_terrain_and_the_character_stays_to_encounter_it():
    """001 Omen Cards, Cracks Appear (continuous, talisman-facts.md 5: "roll 1 for move -> place
    Terrain, stay and encounter"): the only move is to stay; a random Terrain card (the Barrens,
    drawn) covers the space, then the character encounters it (once)."""
    s = hgame([{"id": "thief", "space": "woods_1"}],
              options={"harbinger_omen_set": "shattered_world"}, position={"omens_discarded": 2})
    assert omens.top(s) == "omen_cracks_appear"
    s = play(s, "roll:1")
    assert _moves(s) == {"move:woods_1"}
    s = play(s, "move:woods_1")
    assert s.characters["thief"].space == "woods_1"
    from talisman.expansions.harbinger import terrain
    card = terrain.terrain_map(s)["woods_1"]
    placed = [e.name for e in s.log].index("terrain_placed")
    met = [e.name for e in s.log].index("encountered_space")
    assert placed < met and events(s, "terrain_placed")[0]["cause"] == "omen_cracks_appear"
    assert events(s, "encountered_space")[-1]["as_name"] == talisman.definitions.load().cards[card].name
    assert len(events(s, "encountered_space")) == 1
    assert invariants.check(s) == []
    # a roll of 2 moves as usual
    s = hgame([{"id": "thief", "space": "woods_1"}],
              options={"harbinger_omen_set": "shattered_world"}, position={"omens_discarded": 2})
    assert "move:woods_1" not in _moves(play(s, "roll:2"))


# --- 001 Omen Cards: The Dead Rise (cards_drawn) ---------------------------------------------------

def test_the_dead_rise_a_draw_brings_one_more_card_from_the_discard_pile():
    """001 Omen Cards, The Dead Rise (continuous, talisman-facts.md 5: "draw 1 extra card from
    discard pile"): the Fields' draw of 1 brings the Sword from the deck and the Helmet from the
    top of the Adventure discard pile; both lie on the space as drawn cards."""
    from talisman.engine.records import replace
    s = hgame([{"id": "thief", "space": "graveyard"}], options={"harbinger_omen_set": "rise_of_the_dead"},
              position={"omens_discarded": 5}, deck_tops={"adventure": ["sword"]})
    assert omens.top(s) == "omen_the_dead_rise"
    deck = s.decks["adventure"].remove("helmet")
    s = replace(s, decks=s.decks.set("adventure", deck),
                discards=s.discards.set("adventure", s.discards["adventure"].append("helmet")))
    s = play(s, "roll:1", "move:fields_1")
    assert [e["card"] for e in events(s, "card_drawn")] == ["sword", "helmet"]
    assert events(s, "drawn_from_discards")[0]["cause"] == "omen_the_dead_rise"
    assert "helmet" not in s.discards["adventure"]
    assert invariants.check(s) == []
    plain = hgame([{"id": "thief", "space": "graveyard"}], deck_tops={"adventure": ["sword"]})
    plain = play(plain, "roll:1", "move:fields_1")
    assert [e["card"] for e in events(plain, "card_drawn")] == ["sword"]


# --- the spell_cast hook: the Stars Align's casting rules and Dispellation -----------------------

def _wizard(omens_discarded, **kw):
    w = {"id": "wizard", "spells": ["divination"], "fate": 1, **kw}
    return hgame([w], options={"harbinger_omen_set": "stars_align"}, position={"omens_discarded": omens_discarded})


def test_arcane_feedback_casting_a_spell_costs_a_life_or_a_fate():
    """001 Omen Cards, Arcane Feedback (continuous, talisman-facts.md 5: "casting costs 1 life or
    fate"): once the Spell is cast the caster pays (its choice; fate only if it has some), then
    the Spell takes effect."""
    s = play(_wizard(4), "cast:divination")
    assert legal(s) == {"choose:life", "choose:fate"}
    assert not events(s, "peeked")
    paid = play(s, "choose:fate")
    assert paid.characters["wizard"].fate == 0 and events(paid, "peeked")
    s = play(_wizard(4, fate=0), "cast:divination")
    assert legal(s) == {"choose:life"}
    lives = s.characters["wizard"].lives
    s = play(s, "choose:life")
    assert s.characters["wizard"].lives == lives - 1 and events(s, "peeked")
    # no price under another Omen
    free = play(_wizard(5), "cast:divination")
    assert free.characters["wizard"].fate == 1 and events(free, "peeked")


def test_power_overwhelming_a_spell_cast_is_replaced():
    """001 Omen Cards, Power Overwhelming (continuous, talisman-facts.md 5: "recast refills"): a
    character who casts a Spell draws a new one."""
    s = _wizard(3, spells=["divination", "healing"])  # two: the Wizard's own keep-one rule stays out
    spells_before = len(s.characters["wizard"].spells)
    s = play(s, "cast:divination")
    assert events(s, "omen_on_cast")[0]["card"] == "omen_power_overwhelming"
    assert len(s.characters["wizard"].spells) == spells_before
    assert "divination" in s.discards["spell"]
    assert invariants.check(s) == []


def _dispel(**wizard):
    return hgame([{"id": "wizard", "spells": ["divination"], **wizard},
               {"id": "sorceress", "spells": ["dispellation"]}])


def test_dispellation_cancels_a_spell_unless_its_caster_discards_a_magic_object():
    """001 Components, Dispellation (talisman-facts.md 5: "negate a Spell unless caster discards
    a Magic Object"): another character may cast it at the Spell just cast; the caster keeps
    the Spell by discarding a Magic Object, or it is cancelled."""
    s = play(_dispel(), "cast:divination")
    assert s.pending.player == "sorceress" and legal(s) == {"pass", "cast:dispellation"}
    cancelled = play(s, "cast:dispellation")  # no Magic Object: cancelled at once
    assert not events(cancelled, "peeked") and events(cancelled, "spell_cancelled")
    assert "dispellation" in cancelled.discards["spell"] and "divination" in cancelled.discards["spell"]
    assert cancelled.pending is not None and cancelled.outcome is None  # his turn goes on
    assert not cancelled.characters["wizard"].turn_flags.get("spell_cancelled")  # used up
    passed = play(s, "pass")
    assert events(passed, "peeked")
    s = play(_dispel(objects=["wand"]), "cast:divination", "cast:dispellation")
    assert legal(s) == {"discard:wand", "let_go"}
    kept = play(s, "discard:wand")
    assert events(kept, "peeked") and "wand" not in kept.characters["wizard"].objects
    assert "wand" in kept.discards["adventure"]
    gone = play(s, "let_go")
    assert not events(gone, "peeked") and "wand" in gone.characters["wizard"].objects
    assert invariants.check(kept) == [] and invariants.check(gone) == []


# --- the alignment_changing hook: the Possessed ----------------------------------------------------

def test_the_possessed_never_turns_good_and_loses_a_life_instead():
    """001 Components (the Possessed, ``never_good``: "if an effect would make him Good, it is
    ignored and he loses 1 life instead"); other changes of alignment go through; another
    character turns Good as usual."""
    from support import run_effects
    s = hgame([{"id": "possessed", "lives": 4}, "warrior"])
    was = s.characters["possessed"].alignment
    good = run_effects(s, [{"set_alignment": "good"}], "possessed")
    assert good.characters["possessed"].alignment == was and good.characters["possessed"].lives == 3
    assert events(good, "alignment_refused") and not events(good, "alignment_changed")
    assert not good.characters["possessed"].turn_flags.get("alignment_kept")
    neutral = run_effects(s, [{"set_alignment": "neutral"}], "possessed")
    assert neutral.characters["possessed"].alignment == "neutral" and neutral.characters["possessed"].lives == 4
    warrior = run_effects(s, [{"set_alignment": "good"}], "warrior")
    assert warrior.characters["warrior"].alignment == "good"


# --- the type_limit hook: Fleeting Magic and A World Without Magic ---------------------------------

def _out_of_deck(s, *cards):
    from talisman.engine.records import replace
    deck = s.decks["adventure"]
    for c in cards:
        deck = deck.remove(c)
    return replace(s, decks=s.decks.set("adventure", deck))


def test_fleeting_magic_one_magic_object_and_a_world_without_magic_none():
    """001 Omen Cards, Fleeting Magic ("max 1 Magic Object") and A World Without Magic ("no
    Spells/Magic Objects", talisman-facts.md 5): revealed, each character discards Magic Objects
    down to the limit (its choice); while on top, a Magic Object beyond it is not taken, from
    the space or from an effect (it stays on the space); Objects are untouched."""
    from support import run_effects
    s = hgame([{"id": "thief", "space": "fields_1", "objects": ["wand", "ring", "sword"]}],
              options={"harbinger_omen_set": "stars_align"}, position={"omens_discarded": 5})
    s = run_effects(s, [{"discard_omen": {}}], "thief")
    assert omens.top(s) == "omen_fleeting_magic"
    assert legal(s) == {"discard:wand", "discard:ring"}
    s = play(s, "discard:ring")
    assert list(s.characters["thief"].objects) == ["wand", "sword"]
    from talisman.rules import effects as base
    s = base.add_possession(_out_of_deck(s, "amulet", "helmet"), "thief", "amulet", "test")
    assert "amulet" not in s.characters["thief"].objects and "amulet" in s.board_cards["fields_1"]
    assert events(s, "object_left")[-1]["reason"] == "no more of type magic_object"
    from talisman.rules import encounters
    assert "take:amulet" not in encounters.claim_options(s, "thief", "fields_1")
    s = base.add_possession(s, "thief", "helmet", "test")
    assert "helmet" in s.characters["thief"].objects
    # A World Without Magic: every Magic Object goes, none is taken
    s = run_effects(s, [{"discard_omen": {}}], "thief")
    assert omens.top(s) == "omen_a_world_without_magic"
    s = play(s, "discard:wand")
    assert list(s.characters["thief"].objects) == ["sword", "helmet"]
    assert invariants.check(s) == []
    # no limit under another Omen, nor in the base game
    plain = hgame([{"id": "thief", "space": "fields_1", "objects": ["wand"]}])
    assert "ring" in base.add_possession(_out_of_deck(plain, "ring"), "thief", "ring", "test").characters["thief"].objects


# --- the trophies hook: Spiteful Ghosts ------------------------------------------------------------

def test_spiteful_ghosts_spirits_and_undead_beaten_are_discarded_not_kept():
    """001 Omen Cards, Spiteful Ghosts (continuous, talisman-facts.md 5: "Spirit/Undead
    discarded, no trophy"): a Spectre beaten goes to the discard pile; a Bear is kept; under
    another Omen the Spectre is kept."""
    def beat(creature, discarded):
        s = hgame([{"id": "thief", "space": "woods_1", "craft": 6, "strength": 6}],
                  options={"harbinger_omen_set": "rise_of_the_dead"},
                  position={"omens_discarded": discarded}, board_cards={"hills_1": [creature]})
        return play(s, "roll:2", "move:hills_1", "fight", "roll:6", "roll:1")
    s = beat("spectre", 4)
    assert omens.top(s) == "omen_spiteful_ghosts"
    assert "spectre" not in s.characters["thief"].trophies and "spectre" in s.discards["adventure"]
    assert events(s, "trophies_discarded")[0]["cards"] == ["spectre"]
    assert invariants.check(s) == []
    assert "bear" in beat("bear", 4).characters["thief"].trophies
    assert "spectre" in beat("spectre", 3).characters["thief"].trophies


# --- the Ascendant Divine's divine gifts ------------------------------------------------------------

def test_the_ascendant_divine_casts_one_divine_gift_a_round_outside_the_spell_limit():
    """001 Components (the Ascendant Divine, ``divine_gifts``: "starts with 4 divine gift Spells
    that don't count as Spells or against the Spell limit; may cast one per round as if it were
    a Spell", talisman-facts-verified.md 4a): 4 gifts beside his Spells; at the start of his
    turn he casts one (``gift:<spell>``), which is discarded like a Spell; no second one that
    round; the others are untouched."""
    s = talisman.new_game(["ascendant_divine", "warrior"], expansions=H, seed=3)
    gifts = list(s.ext["harbinger"]["gifts"]["ascendant_divine"])
    assert len(gifts) == 4 and not set(gifts) & set(s.characters["ascendant_divine"].spells)
    assert chars.spell_limit(s, "ascendant_divine") == chars.spell_limit(game(["ascendant_divine"], expansions=H),
                                                                          "ascendant_divine")
    assert s.pending.kind == "gift" and "done" in legal(s)
    s = talisman.apply(s, "gift:destruction")
    assert events(s, "divine_gift_cast")[0]["card"] == "destruction"
    assert "destruction" in s.discards["spell"]
    assert list(s.ext["harbinger"]["gifts"]["ascendant_divine"]) == [g for g in gifts if g != "destruction"]
    assert "destruction" not in s.characters["ascendant_divine"].spells
    assert s.ext["harbinger"]["gift_round"]["ascendant_divine"] == s.round
    from talisman.expansions.harbinger import characters as hchars
    assert hchars.castable_gifts(s, "ascendant_divine") == []  # once a round
    assert invariants.check(s) == []
    # another character has no gifts
    assert "warrior" not in s.ext["harbinger"]["gifts"]


def test_a_world_without_magic_blanks_the_inner_region_but_the_plain_of_peril_and_the_crown():
    """001 Omen Cards, A World Without Magic (continuous, talisman-facts.md 5: "Inner spaces
    except Plain of Peril & Crown blank"): the ``space_effect`` hook gives those spaces no
    instructions while it is on top."""
    from talisman.rules import encounters
    s = stars(7)
    assert omens.top(s) == "omen_a_world_without_magic"
    plain = stars(6)
    for space in ("mines", "pits", "death", "crypt", "werewolf_den", "vampires_tower"):
        assert encounters.instructions(plain, space)
        assert encounters.instructions(s, space) == ()
    for space in ("plain_of_peril", "crown_of_command"):
        assert encounters.instructions(s, space) == encounters.instructions(plain, space)
    assert encounters.instructions(s, "tavern") == encounters.instructions(plain, "tavern")


# --- combat_resolved: the Horsemen ---------------------------------------------------------------

def test_a_horseman_not_beaten_costs_every_character_without_a_talisman_a_life():
    """001 Harbinger Cards, the Horseman of Death (card-data.md 2.2: not beaten, every character
    without a Talisman loses a life): the Thief loses to it; he and the Wizard lose a life each
    for it (the Thief one more for the defeat), the Priest with a Talisman none; beaten, it
    punishes no one."""
    def fight_horseman(dice, strength=3):
        s = hgame([{"id": "thief", "space": "woods_1", "lives": 4, "strength": strength},
                   {"id": "wizard", "lives": 4}, {"id": "priest", "lives": 4, "objects": ["talisman"]}],
                  board_cards={"hills_1": ["horseman_of_death"]})
        return play(s, "roll:2", "move:hills_1", "combat:battle", "fight", *dice)
    lost = fight_horseman(["roll:1", "roll:6"])
    assert events(lost, "harbinger_unbeaten")[0]["cards"] == ["horseman_of_death"]
    assert lost.characters["wizard"].lives == 3 and lost.characters["priest"].lives == 4
    assert lost.characters["thief"].lives == 2
    assert invariants.check(lost) == []
    won = fight_horseman(["roll:6", "roll:1"], strength=6)
    assert events(won, "combat_won") and not events(won, "harbinger_unbeaten")
    assert won.characters["wizard"].lives == 4


# --- the Rise of the Dead and the discard pile: Open Graves, Burial Mounds -------------------------

def _dead(discarded, characters, **kw):
    return hgame(characters, options={"harbinger_omen_set": "rise_of_the_dead"},
                 position={"omens_discarded": discarded}, **kw)


def test_open_graves_discards_ten_adventure_cards_and_each_character_may_take_one():
    """001 Omen Cards, Open Graves (talisman-facts.md 5: "discard top 10 of each Adventure deck,
    each char may take 1 Follower/Object from discards"): revealed, the top 10 Adventure cards
    go to the discard pile; each character, from the revealer on, may take an Object, Magic
    Object or Follower among them."""
    from support import run_effects
    tops = ["sword", "bear", "helmet", "book_of_spells", "maiden", "wolf", "ring", "axe", "ghost", "spectre"]
    s = _dead(2, ["thief", "warrior"], deck_tops={"adventure": tops})
    s = run_effects(s, [{"discard_omen": {}}], "thief")
    assert omens.top(s) == "omen_open_graves"
    assert list(s.discards["adventure"])[-10:] == tops
    assert s.pending.player == "thief" and "take:sword" in legal(s) and "take:bear" not in legal(s)
    assert "take:maiden" in legal(s) and "done" in legal(s)
    s = play(s, "take:sword")
    assert "sword" in s.characters["thief"].objects
    assert s.pending.player == "warrior" and "take:sword" not in legal(s)
    s = play(s, "done")
    assert invariants.check(s) == []


def test_burial_mounds_beating_a_spirit_lets_the_winner_take_an_object_from_the_adventure_decks_top_5():
    """001 Omen Cards, Burial Mounds (card-data.md 2.3 [DB]: "whenever a character defeats a
    Spirit or Undead, they may draw the top 5 cards of the Adventure deck and take 1 Object of
    their choice. Discard the remaining cards"): before the win is applied, the top 5 Adventure
    cards go to the discard pile and the winner may take an Object among them back."""
    tops = ["bear", "helmet", "wolf", "ring", "ghost", "sword"]
    s = _dead(2, [{"id": "thief", "space": "woods_1", "craft": 6}], board_cards={"hills_1": ["spectre"]},
              deck_tops={"adventure": tops})
    assert omens.top(s) == "omen_burial_mounds"
    s = play(s, "roll:2", "move:hills_1", "fight", "roll:6", "roll:1")
    assert legal(s) == {"take:helmet", "take:ring", "done"}
    s = play(s, "take:helmet")
    assert "helmet" in s.characters["thief"].objects and "spectre" in s.characters["thief"].trophies
    assert {"bear", "wolf", "ring", "ghost"} <= set(s.discards["adventure"]) and s.decks["adventure"][0] == "sword"
    assert invariants.check(s) == []


# --- 001 Terrain Cards: effects naming a covered space, in card effects (space_named) ---------------

def test_a_card_effect_naming_a_space_covered_by_terrain_is_ignored():
    """001 Terrain Cards: "If an effect refers to a space that is no longer on the board because
    that space contains a Terrain card, that effect is ignored" -- a card's ``move_to``,
    ``next_move`` and ``place_self`` too (the ``space_named`` hook): a move to the Tavern (the
    Imp's kind of effect) is ignored while the Barrens cover it; to the Forest it goes."""
    from support import run_effects
    s = hgame([{"id": "thief", "space": "woods_1"}], position={"terrain": {"tavern": "terrain_barrens"}})
    stay = run_effects(s, [{"move_to": {"space": "tavern"}}], "thief")
    assert stay.characters["thief"].space == "woods_1"
    assert events(stay, "effect_ignored")[0] == {"character": "thief", "space": "tavern", "effect": "move_to"}
    nm = run_effects(s, [{"next_move": {"to": "tavern"}}], "thief")
    assert nm.characters["thief"].next_move is None
    go = run_effects(s, [{"move_to": {"space": "forest", "encounter": False}}], "thief")
    assert go.characters["thief"].space == "forest"
    plain = run_effects(hgame([{"id": "thief", "space": "woods_1"}]), [{"move_to": {"space": "tavern", "encounter": False}}], "thief")
    assert plain.characters["thief"].space == "tavern"


# --- 001 Omen Cards: Spreading Death and Undead Hordes (the Undead-enemy parts) ----------------

def test_spreading_death_every_character_ditches_its_followers():
    """001 Omen Cards, Spreading Death (talisman-facts.md 5: "ditch all Followers"): revealed,
    each character leaves its Followers on its space (a Follower that forces itself on him,
    the Hag, stays)."""
    from support import run_effects
    s = _dead(5, [{"id": "thief", "space": "woods_1", "followers": ["maiden", "hag"]},
                  {"id": "warrior", "space": "hills_1", "followers": ["mercenary"]}])
    s = run_effects(s, [{"discard_omen": {}}], "thief")
    assert omens.top(s) == "omen_spreading_death"
    assert list(s.characters["thief"].followers) == ["hag"] and not s.characters["warrior"].followers
    assert "maiden" in s.board_cards["woods_1"] and "mercenary" in s.board_cards["hills_1"]
    assert invariants.check(s) == []


def test_spreading_death_a_follower_on_the_board_attacks_as_an_undead_of_strength_3():
    """001 Omen Cards, Spreading Death (continuous; talisman-facts.md 5: "Strangers/Followers
    become Enemy-Undead enc 2 Str 3"): while it is on top, a face-up Follower attacks the
    character who lands there as an Undead of Strength 3, with the Omen's +2 for Undead;
    beaten, it is discarded; a loss costs a life and the card stays."""
    s = _dead(6, [{"id": "thief", "space": "woods_1"}], board_cards={"hills_1": ["maiden"]})
    assert omens.top(s) == "omen_spreading_death"
    s = play(s, "roll:2", "move:hills_1")
    assert events(s, "undead_risen")[-1]["card"] == "maiden"
    s = play(s, "fight", "roll:6", "roll:1")
    e = events(s, "combat_scores")[-1]
    assert e["opponent_score"] == 1 + 3 + 2 and "combat_won" in [x.name for x in s.log]
    assert "maiden" not in s.board_cards.get("hills_1", ()) and "maiden" in s.discards["adventure"]
    assert "maiden" not in s.characters["thief"].followers + s.characters["thief"].trophies
    assert invariants.check(s) == []
    s = _dead(6, [{"id": "thief", "space": "woods_1"}], board_cards={"hills_1": ["healer"]})
    s = play(s, "roll:2", "move:hills_1", "fight", "roll:1", "roll:6")
    assert s.characters["thief"].lives == 3 and "healer" in s.board_cards["hills_1"]
    assert invariants.check(s) == []


def test_a_follower_on_the_board_is_not_undead_under_another_omen():
    """001 Omen Cards, Spreading Death: only while it is on top (the Omen before it: the
    Follower is claimed as usual)."""
    s = _dead(5, [{"id": "thief", "space": "woods_1"}], board_cards={"hills_1": ["maiden"]})
    s = play(s, "roll:2", "move:hills_1")
    assert not events(s, "undead_risen") and "take:maiden" in legal(s)


def test_undead_hordes_discards_strangers_and_followers_and_returns_enemies_to_the_decks():
    """001 Omen Cards, Undead Hordes (talisman-facts.md 5: "discard faceup Strangers/Followers;
    Enemies from discards back on decks; all Enemies are Undead +2"): revealed, only face-up
    Strangers and Followers are discarded; the Enemies of the Adventure discard pile are
    shuffled back into the deck; while on top every Enemy attacks with 2 more."""
    from support import run_effects
    from talisman.engine.records import replace
    s = _dead(6, ["thief"], board_cards={"hills_1": ["maiden", "sword"], "woods_2": ["healer"]})
    deck = s.decks["adventure"].remove("bear").remove("helmet")
    s = replace(s, decks=s.decks.set("adventure", deck),
                discards=s.discards.set("adventure", s.discards["adventure"].extend(["bear", "helmet"])))
    s = run_effects(s, [{"discard_omen": {}}], "thief")
    assert omens.top(s) == "omen_undead_hordes"
    assert list(s.board_cards["hills_1"]) == ["sword"] and "woods_2" not in s.board_cards
    assert {"maiden", "healer", "helmet"} <= set(s.discards["adventure"])
    assert "bear" not in s.discards["adventure"] and "bear" in s.decks["adventure"]
    assert adjust(s, "attack_score", 3, enemy="bear", kind="battle") == 5
    assert invariants.check(s) == []


def test_the_ascendant_divine_casts_a_divine_gift_in_his_own_combat():
    """001 Components (the Ascendant Divine, ``divine_gifts``: "may cast one per round as if it
    were a Spell"): in his own combat, before the dice, a gift that may be cast in that kind of
    combat is offered (``gift:<spell>``) and cast as a Spell (Psionic Blast: his starting Craft
    added to the battle); the combat then goes on; once a round."""
    from talisman.engine.records import replace
    from talisman.expansions.harbinger import store as hst
    s = hgame([{"id": "ascendant_divine", "space": "woods_1", "strength": 2}],
              board_cards={"hills_1": ["bear"]})
    deck = s.decks["spell"]
    gifts = list(s.ext["harbinger"]["gifts"]["ascendant_divine"])
    for g in ("psionic_blast", "invisibility"):
        if g in deck:
            deck = deck.remove(g)
    s = replace(s, decks=s.decks.set("spell", deck.extend(gifts)))
    s = hst.store(s, gifts={"ascendant_divine": ["psionic_blast", "invisibility"]})
    s = play(s, "done", "roll:2", "move:hills_1")
    assert {"gift:psionic_blast", "gift:invisibility", "fight"} <= set(legal(s))
    s = play(s, "gift:psionic_blast")
    assert events(s, "divine_gift_cast")[-1]["card"] == "psionic_blast"
    assert "psionic_blast" in s.discards["spell"]
    assert "fight" in legal(s) and not [a for a in legal(s) if a.startswith("gift:")]
    s = play(s, "fight", "roll:3", "roll:1")
    e = events(s, "combat_scores")[-1]
    assert e["character_score"] == 3 + 2 + 4  # the roll, his Strength, Psionic Blast's Craft 4
    assert invariants.check(s) == []


def test_dispellation_answers_a_spell_cast_in_combat():
    """001 Spells, Dispellation: a Spell cast in combat (Invisibility) is answered like any
    other (the ``spell_cast`` hook runs for every cast): the Priest casts Dispellation, the
    Wizard has no Magic Object to keep it, the Spell is cancelled and the combat goes on."""
    s = hgame([{"id": "wizard", "space": "woods_1", "spells": ["invisibility"]},
               {"id": "priest", "space": "city", "spells": ["dispellation"]}],
              board_cards={"hills_1": ["bear"]})
    s = play(s, "roll:2", "move:hills_1", "cast:invisibility")
    assert s.pending.player == "priest" and legal(s) == {"cast:dispellation", "pass"}
    s = play(s, "cast:dispellation")
    assert "spell_cancelled" in [e.name for e in s.log] and "evaded" not in [e.name for e in s.log]
    assert s.pending.player == "wizard" and "fight" in legal(s)
    assert invariants.check(s) == []


# --- 001 The Harbinger on the expansion boards (rulings R-HB8) ------------------------------------

def test_the_draw_rule_on_every_board_whatever_order_the_expansions_are_listed_in():
    """001 The Harbinger: "Whenever a character in the same Region as the Harbinger is instructed
    by a board space to draw cards, he must draw Harbinger cards instead" -- the deck each
    board's space draws (rulings R-HARB3.1, R-HB8.2), with the Harbinger's ``draw_deck`` asked
    before or after the other expansion's."""
    cases = [  # (board expansion, the Harbinger's space, a space drawing, its own deck)
        ("dungeon", "dg_passage_8", "dg_passage_3", "dungeon"),
        ("timescape", "ts_space_port", "ts_frozen_future", "timescape"),
        ("city", "fields_3", "city_kings_way", "city"),
    ]
    for board, h, space, own in cases:
        for order in ([board, "harbinger"], ["harbinger", board]):
            s = game(["warrior"], expansions=order, ext={"harbinger": {"harbinger": h}})
            assert adjust(s, "draw_deck", "adventure", character="warrior", space=space) == "harbinger", (order, space)
            away = game(["warrior"], expansions=order, ext={"harbinger": {"harbinger": "temple"}})
            assert adjust(away, "draw_deck", "adventure", character="warrior", space=space) == own, (order, space)


def test_the_harbingers_region_and_neighbouring_spaces_on_each_board():
    """001 The Harbinger, the chart's "each neighbouring space of your Region" and the Omens'
    "the Harbinger's Region" (rulings R-HB8.1, R-HB8.3): the City counts with the Outer Region,
    the Dungeon and the Timescape are Regions of their own, the Catacombs is none; a reality
    has no neighbouring space."""
    from talisman.expansions.harbinger import store as st
    assert st.harbinger_region("city_kings_way") == st.harbinger_region("fields_3") == "outer"
    assert st.harbinger_region("dg_passage_8") == "dungeon"
    assert st.harbinger_region("ts_frozen_future") == "timescape"
    assert st.harbinger_region("catacombs") is None and st.harbinger_region("crown_of_command") is None
    assert st.neighbouring("dg_passage_8") == ["dg_passage_7", "dg_cell"]
    assert st.neighbouring("ts_frozen_future") == []
    assert "city_royal_castle" in st.neighbouring("city_kings_way")
    with_city = game(["warrior"], expansions=["harbinger", "city"])
    without = game(["warrior"], expansions=["harbinger"])
    assert "city_kings_way" in st.region_spaces(with_city, "fields_3")
    assert "city_kings_way" not in st.region_spaces(without, "fields_3")
    assert st.region_spaces(without, "fields_3") == list(talisman.definitions.load().board.regions["outer"])
