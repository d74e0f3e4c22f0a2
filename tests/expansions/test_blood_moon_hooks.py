"""The Blood Moon's cards played through the hook points added for them (003 Lunar Events and the
Adventure cards of talisman-facts.md section 6): ``movement_destinations`` adding destinations
(the Guiding Light, the Witch's Broom, Fright Night, the Wall of Fire, the Moon Mist with
``movement_dice``), ``cards_drawn`` (the Doomsayer, the Witch Finder, the Vampire Hunter),
``draw_source`` (the Grave Robber).  Each test names the card or ability and the rule section.

Positions: the Thief (one die) on Woods 1; a roll of 2 reaches the Fields 1, the Hills 1 and
(over the bridge) the Hills 3."""
import sys
from pathlib import Path

from talisman.engine.records import replace
from talisman.expansions.blood_moon import store
from talisman.rules import movement

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_blood_moon import ok, position  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
from support import events, game, legal, play  # noqa: E402


def in_play(s, *lunar):
    """These Lunar Events beside the Time card (taken out of the Adventure deck)."""
    for c in lunar:
        s = replace(s, decks=s.decks.set("adventure", s.decks["adventure"].remove(c)))
    return store.store(s, lunar_events=list(lunar))


def moves(s):
    return {a for a in legal(s) if a.startswith("move:")}


def thief(time="day", lunar=(), board_cards=None, **kw):
    """The Thief waiting on his movement roll, with these Lunar Events in play (the roll is
    asked again, so the movement dice see them)."""
    s = position([{"id": "thief", "space": "woods_1", **kw}], time=time, board_cards=board_cards or {})
    s = in_play(s, *lunar)
    return movement.roll_for_movement(replace(s, pending=None))


# --- movement_destinations: adding destinations ---------------------------------------------------

def test_guiding_light_lets_a_character_move_any_number_of_spaces_up_to_his_roll():
    """003 Lunar Events, Guiding Light (Day): "a character may move any number of spaces up to
    his roll": a roll of 2 also offers the spaces 1 away (the Graveyard, the Sentinel); the
    shorter move is walked and encountered."""
    s = play(thief(lunar=["guiding_light"]), "roll:2")
    assert moves(s) == {"move:fields_1", "move:hills_1", "move:hills_3", "move:graveyard", "move:sentinel"}
    assert moves(play(thief(), "roll:2")) == {"move:fields_1", "move:hills_1", "move:hills_3"}
    s = ok(play(s, "move:graveyard"))
    assert s.characters["thief"].space == "graveyard"
    assert events(s, "moved")[-1]["path"] == ["graveyard"]
    assert events(s, "encountered_space")[-1]["space"] == "graveyard"


def test_witchs_broom_moves_up_to_the_roll_only_at_night():
    """Witch's Broom (Magic Object): "At Night you may move any number of spaces up to your
    roll"; by Day the roll is the full count."""
    night = play(thief(time="night", objects=["witchs_broom"]), "roll:2")
    assert {"move:graveyard", "move:sentinel"} <= moves(night)
    day = play(thief(objects=["witchs_broom"]), "roll:2")
    assert moves(day) == {"move:fields_1", "move:hills_1", "move:hills_3"}


def test_fright_night_stops_a_move_on_a_space_holding_an_enemy():
    """003 Lunar Events, Fright Night (Night): a moving character must stop on a space holding an
    Enemy: the move of 2 towards the Fields 1 stops on the Graveyard, where the Bear lies."""
    s = play(thief(time="night", lunar=["fright_night"], board_cards={"graveyard": ["bear"]}), "roll:2")
    assert moves(s) == {"move:graveyard", "move:hills_1", "move:hills_3"}
    s = play(s, "move:graveyard")
    assert s.characters["thief"].space == "graveyard"
    assert s.battle is not None and s.battle["enemies"][0]["card"] == "bear"


def test_the_wall_of_fire_stops_every_move_that_enters_it():
    """Wall of Fire (Place): "Stops every move that enters it": lying on the Sentinel, it stops
    the moves of 2 through it (the Hills 1, and the Hills 3 over the bridge), not the move the
    other way."""
    s = play(thief(board_cards={"sentinel": ["wall_of_fire"]}), "roll:2")
    assert moves(s) == {"move:fields_1", "move:sentinel"}
    s = ok(play(s, "move:sentinel"))
    assert s.characters["thief"].space == "sentinel"
    assert events(s, "card_met")[-1]["card"] == "wall_of_fire"
    assert events(s, "life_lost")[-1]["cause"] == "wall_of_fire"  # no Talisman: a life


def test_moon_mist_rolls_two_dice_and_the_lower_one_counts():
    """003 Lunar Events, Moon Mist (Night): movement is rolled with two dice and the lower one
    counts: a 5 and a 1 move one space."""
    s = thief(time="night", lunar=["moon_mist"])
    assert s.pending.spec == "2d6"
    s = play(s, "roll:5+1")
    assert moves(s) == {"move:graveyard", "move:sentinel"}
    s = ok(play(s, "move:sentinel"))
    assert s.characters["thief"].space == "sentinel"


# --- before_draw / cards_drawn: the Blood Moon's characters and the Witch Finder ------------------

def _to_discards(s, cards):
    """These cards on the Adventure discard pile (the last one on top)."""
    deck = s.decks["adventure"]
    for c in cards:
        deck = deck.remove(c)
    return replace(s, decks=s.decks.set("adventure", deck),
                   discards=s.discards.set("adventure", s.discards["adventure"].extend(cards)))


def at_ruins(who, tops, **kw):
    """``who`` on the Tavern (2 from the Ruins, which draws 2) with these Adventure deck tops."""
    from support import game
    return game([{"id": who, "space": "tavern", **kw}, "warrior"], expansions=["blood_moon"],
                deck_tops={"adventure": tops})


def test_the_vampire_hunter_may_redraw_a_drawn_object_once_per_encounter():
    """003 Character Cards (the Vampire Hunter, ``redraw_non_enemy``: "may discard a drawn card
    that is not an Enemy to draw another"): with no Event among the cards, the offer comes at
    the ``cards_drawn`` hook, for the Objects drawn; a card drawn in its place (here an Event)
    is met as it comes, with no second offer."""
    s = ok(play(at_ruins("vampire_hunter", ["sword", "helmet", "book_of_spells"]), "roll:2", "move:ruins"))
    assert legal(s) == {"discard:sword", "discard:helmet", "keep"}
    assert "card_met" not in [e.name for e in s.log]
    s = ok(play(s, "discard:sword"))
    assert "sword" in s.discards["adventure"]
    assert [e["card"] for e in events(s, "card_drawn")] == ["sword", "helmet", "book_of_spells"]
    assert not any(a.startswith("discard:") for a in legal(s))
    assert events(s, "card_met")[0]["card"] == "book_of_spells"  # the Event drawn in its place
    # an Enemy is never offered
    s = ok(play(at_ruins("vampire_hunter", ["bear", "helmet"]), "roll:2", "move:ruins"))
    assert legal(s) == {"discard:helmet", "keep"}


def test_the_doomsayer_draws_one_more_card_when_a_draw_brings_no_enemy_and_no_event():
    """003 Character Cards (the Doomsayer, ``doom_extra_draw``, a stand-in reading): the Ruins'
    two Objects bring a third card; a draw with an Enemy brings none."""
    s = ok(play(at_ruins("doomsayer", ["sword", "helmet", "axe"]), "roll:2", "move:ruins"))
    assert [e["card"] for e in events(s, "card_drawn")] == ["sword", "helmet", "axe"]
    assert events(s, "blood_moon_effect")[0]["cause"] == "doom_extra_draw"
    s = ok(play(at_ruins("doomsayer", ["bear", "helmet", "axe"]), "roll:2", "move:ruins"))
    assert [e["card"] for e in events(s, "card_drawn")] == ["bear", "helmet"]


def test_the_witch_finder_may_draw_one_more_card_after_a_draw_without_enemies():
    """Witch Finder (Follower, talisman-facts.md 6: "after drawing a space's cards with no Enemy
    among them, you may draw one more"): ``data.after_draw`` at the ``cards_drawn`` hook."""
    s = ok(play(at_ruins("thief", ["sword", "helmet", "axe"], followers=["witch_finder"]),
                "roll:2", "move:ruins"))
    assert legal(s) == {"choose:draw", "choose:keep"}
    drew = ok(play(s, "choose:draw"))
    assert [e["card"] for e in events(drew, "card_drawn")] == ["sword", "helmet", "axe"]
    kept = ok(play(s, "choose:keep"))
    assert [e["card"] for e in events(kept, "card_drawn")] == ["sword", "helmet"]
    s = ok(play(at_ruins("thief", ["bear", "helmet"], followers=["witch_finder"]), "roll:2", "move:ruins"))
    assert "choose:draw" not in legal(s)


def test_the_grave_robber_may_draw_from_the_adventure_discard_pile():
    """003 Character Cards (the Grave Robber, ``draw_from_discards``: "may draw from the
    Adventure discard pile instead of the Adventure deck"): the ``before_draw`` hook asks
    ``pile:deck`` / ``pile:discards``; the top two discards are drawn onto the Ruins and met as
    drawn cards; the deck is untouched."""
    s = at_ruins("grave_robber", ["bear"])
    s = _to_discards(s, ["helmet", "sword", "axe"])
    deck = s.decks["adventure"]
    s = ok(play(s, "roll:2", "move:ruins"))
    assert legal(s) == {"pile:deck", "pile:discards"}
    s = ok(play(s, "pile:discards"))
    assert [e["card"] for e in events(s, "card_drawn")] == ["axe", "sword"]
    assert s.decks["adventure"] == deck and list(s.discards["adventure"]) == ["helmet"]
    assert set(s.board_cards["ruins"]) == {"axe", "sword"}
    fresh = _to_discards(at_ruins("grave_robber", ["bear", "helmet"]), ["sword", "axe"])
    s = ok(play(fresh, "roll:2", "move:ruins", "pile:deck"))
    assert [e["card"] for e in events(s, "card_drawn")] == ["bear", "helmet"]
    # a pile too short to make up the draw: no choice
    short = _to_discards(at_ruins("grave_robber", ["bear", "helmet"]), ["axe"])
    s = ok(play(short, "roll:2", "move:ruins"))
    assert "pile:discards" not in legal(s)


# --- combat_resolved: the Sun Shield, the Torchbearer, the Pharaoh's Crown ----------------------

def bear_fight(time="day", **kw):
    """The Thief (Strength 3) meets the Bear on the Hills 1 and loses 1 + 3 against 6 + 3 (-1 by
    Day, +1 at Night)."""
    s = position([{"id": "thief", "space": "woods_1", "lives": 4, **kw}], time=time,
                 board_cards={"hills_1": ["bear"]})
    return play(s, "roll:2", "move:hills_1", "fight", "roll:1", "roll:6")


def test_sun_shield_a_die_may_turn_a_loss_into_a_standoff():
    """Sun Shield (Object, talisman-facts.md 6: "beaten in combat, roll a die (add up to 3 by
    Day): a 6 turns the loss into a stand-off"): the ``combat_resolved`` hook rolls the die before
    the loss is applied."""
    s = bear_fight(objects=["sun_shield"])
    assert s.pending.prompt == "sun_shield of thief"
    saved = ok(play(s, "roll:3"))  # 3 + 3 by Day
    assert events(saved, "standoff") and not events(saved, "combat_lost")
    assert saved.characters["thief"].lives == 4
    lost = ok(play(s, "roll:2"))
    assert events(lost, "combat_lost") and lost.characters["thief"].lives == 3
    night = bear_fight(time="night", objects=["sun_shield"])
    assert events(ok(play(night, "roll:5")), "combat_lost")  # no bonus at Night
    assert events(ok(play(night, "roll:6")), "standoff")


def test_torchbearer_once_a_turn_a_character_beaten_by_a_creature_may_attack_again():
    """Torchbearer (Follower, talisman-facts.md 6: "once a turn, beaten by a creature, you may
    attack it again"): ``use:torchbearer`` starts the combat again from the declaration; a second
    loss the same turn is not offered again."""
    s = bear_fight(followers=["torchbearer"])
    assert legal(s) == {"use:torchbearer", "keep"}
    again = play(s, "use:torchbearer")
    assert "fight" in legal(again) and not events(again, "combat_lost")
    won = ok(play(again, "fight", "roll:6", "roll:1"))
    assert events(won, "combat_won") and won.characters["thief"].lives == 4
    lost_twice = ok(play(again, "fight", "roll:1", "roll:6"))
    assert events(lost_twice, "combat_lost") and lost_twice.characters["thief"].lives == 3
    kept = ok(play(s, "keep"))
    assert events(kept, "combat_lost")


def test_pharaohs_crown_makes_the_creature_roll_its_attack_again():
    """Pharaoh's Crown (Magic Object, talisman-facts.md 6: "once a turn, make a creature roll its
    attack again"): offered when the fight is not won; the creatures roll again against the
    character's kept roll."""
    s = bear_fight(objects=["pharaohs_crown"])
    assert legal(s) == {"use:pharaohs_crown", "keep"}
    s = play(s, "use:pharaohs_crown")
    assert s.pending.prompt.startswith("attack roll of bear")
    s = ok(play(s, "roll:1"))
    e = events(s, "combat_scores")
    assert len(e) == 2 and e[-1]["character_roll"] == 1 and e[-1]["opponent_roll"] == 1
    assert events(s, "combat_won")


# --- after the move (before_encounter): Morning Song, Red Riding Hood, the Headless Horseman ------

def test_morning_song_a_character_who_moved_may_discard_adventure_cards_on_his_space():
    """003 Lunar Events, Morning Song (Day): "a character who has moved may discard any
    Adventure cards on his space": before the encounter he discards the Bear; the encounter
    then goes on without it (once)."""
    s = play(thief(lunar=["morning_song"], board_cards={"hills_1": ["bear", "sword"]}), "roll:2", "move:hills_1")
    assert legal(s) == {"discard:bear", "discard:sword", "done"}
    s = ok(play(s, "discard:bear"))
    assert legal(s) == {"discard:sword", "done"}
    s = ok(play(s, "done"))
    assert "bear" in s.discards["adventure"] and s.battle is None
    assert len(events(s, "encountered_space")) == 1
    assert "take:sword" in legal(s)


def test_red_riding_hood_brings_the_nearest_enemy_in_the_region_to_the_space():
    """Red Riding Hood (Follower, talisman-facts.md 6: "after your move the nearest Enemy in your
    Region comes to your space"): the Bear on the Fields 2 (2 away) comes rather than the Wolf on
    the Plains 1 (4 away), and is met."""
    s = thief(followers=["red_riding_hood"], board_cards={"fields_2": ["bear"], "plains_1": ["wolf"]})
    s = play(s, "roll:2", "move:hills_1")
    assert events(s, "card_moved")[0] == {"card": "bear", "to": "hills_1", "cause": "red_riding_hood",
                                           "character": "thief"}
    assert s.battle is not None and s.battle["enemies"][0]["card"] == "bear"
    assert "wolf" in s.board_cards["plains_1"]


def test_the_headless_horseman_rides_to_where_its_victims_next_move_ends():
    """Headless Horseman (Enemy, talisman-facts.md 6: "beat you, and next turn he rides to
    wherever your move ends"): beaten on the Hills 1, the Thief's next move ends on the Chapel,
    where the Horseman comes and attacks again."""
    s = position([{"id": "thief", "space": "woods_1", "craft": 1}], time="night",
                 board_cards={"hills_1": ["headless_horseman"]})
    s = play(s, "roll:2", "move:hills_1", "fight", "roll:1", "roll:6")
    assert events(s, "combat_lost") and s.turn == 2  # the Thief alone: his next turn
    s = play(s, "roll:1", "move:chapel")
    assert "headless_horseman" not in s.board_cards.get("hills_1", ())
    assert events(s, "card_moved")[-1]["card"] == "headless_horseman"
    assert s.battle is not None and s.battle["enemies"][0]["card"] == "headless_horseman"


# --- prayer_rolled: Holy Day and the Prayer Book -------------------------------------------------

def test_holy_day_and_the_prayer_book_add_up_to_three_to_a_prayer():
    """003 Lunar Events, Holy Day (Day: "a praying character may add up to 3 to his roll") and
    the Prayer Book (Object, talisman-facts.md 6): at the Graveyard an Evil character prays,
    rolls 2 and adds 3: the table reads 5 (a fate); adding nothing reads 2 (nothing)."""
    def pray(**kw):
        s = position([{"id": "thief", "space": "fields_1", "alignment": "evil", **kw}])
        return s
    s = play(in_play(pray(), "holy_day"), "roll:1", "move:graveyard", "choose:pray", "roll:2")
    assert legal(s) == {"add:0", "add:1", "add:2", "add:3"}
    fate = s.characters["thief"].fate
    added = ok(play(s, "add:3"))
    assert events(added, "table_roll")[-1]["result"] == 5 and added.characters["thief"].fate == fate + 1
    none = ok(play(s, "add:0"))
    assert events(none, "table_roll")[-1]["result"] == 2 and none.characters["thief"].fate == fate
    book = play(pray(objects=["prayer_book"]), "roll:1", "move:graveyard", "choose:pray", "roll:2")
    assert "add:3" in legal(book)
    plain = ok(play(pray(), "roll:1", "move:graveyard", "choose:pray", "roll:2"))
    assert events(plain, "table_roll")[-1]["result"] == 2


# --- turn_ended: Divine Retribution --------------------------------------------------------------

def test_divine_retribution_killing_an_enemy_in_your_turn_earns_an_extra_turn():
    """003 Lunar Events, Divine Retribution (Day: "killing an Enemy in your turn earns an extra
    turn (once a round each)"): the Thief beats the Bear and plays again; without a kill, play
    passes on."""
    s = position([{"id": "thief", "space": "woods_1", "strength": 6}, {"id": "warrior", "space": "village"}],
                 board_cards={"hills_1": ["bear"]}, deck_tops={"adventure": ["sword"]})
    s = in_play(s, "divine_retribution")
    won = ok(play(s, "roll:2", "move:hills_1", "fight", "roll:6", "roll:1"))
    won = play(won, *[a for a in ("done",) if a in legal(won)])
    assert won.current == "thief" and won.turn == 2
    assert store.get(won, "rewarded")["thief"] == won.round
    plain = ok(play(s, "roll:2", "move:fields_1", "done"))
    assert plain.current == "warrior" and not store.get(plain, "rewarded")


def test_under_the_moon_mist_a_lower_die_of_1_stirs_the_werewolf():
    """003 Moving the Werewolf with the Moon Mist: "whenever a player rolls a '1' for his move":
    the lower die is the roll, so a 4 and a 1 stir the Werewolf; a 4 and a 2 do not."""
    s = play(thief(time="night", lunar=["moon_mist"]), "roll:4+1")
    assert store.get(s, "werewolf_due") == "thief"
    s = play(thief(time="night", lunar=["moon_mist"]), "roll:4+2")
    assert store.get(s, "werewolf_due") is None


def test_children_of_the_night_add_a_card_to_a_draw_in_the_harbingers_own_flow():
    """003 Lunar Events, Children of the Night (Night: a space that draws draws one more) with
    The Harbinger's Terrain on the space (the Harbinger's own encounter flow asks ``draw_count``
    as the base flow does): the Runes' 1 card becomes 2."""
    from support import game
    s = game([{"id": "thief", "space": "woods_1"}], expansions=["harbinger", "blood_moon"],
             options={"harbinger_position": {"terrain": {"hills_1": "terrain_runes"}}},
             deck_tops={"adventure": ["sword", "helmet"]})
    s = store.store(s, time="night")
    s = in_play(s, "children_of_the_night")
    s = ok(play(s, "roll:2", "move:hills_1"))
    assert [e["card"] for e in events(s, "card_drawn")] == ["sword", "helmet"]


# --- the Mummy King and the Hungering Artefact ----------------------------------------------------

def test_killing_the_mummy_king_lets_the_winner_take_an_object_from_the_discard_pile():
    """Mummy King (Enemy, talisman-facts.md 6: "killing him lets you take one Object of your
    choice from the discard pile"): kept as a trophy, then ``take:<object>`` or ``done``."""
    from talisman.engine.records import replace as rep
    s = position([{"id": "thief", "space": "woods_1", "strength": 9}], board_cards={"hills_1": ["mummy_king"]})
    deck = s.decks["adventure"].remove("helmet").remove("bear")
    s = rep(s, decks=s.decks.set("adventure", deck),
            discards=s.discards.set("adventure", s.discards["adventure"].extend(["helmet", "bear"])))
    s = play(s, "roll:2", "move:hills_1", "fight", "roll:6", "roll:1")
    assert legal(s) == {"take:helmet", "done"}
    s = ok(play(s, "take:helmet"))
    assert "helmet" in s.characters["thief"].objects and "mummy_king" in s.characters["thief"].trophies


def test_the_hungering_artefact_discards_the_adventure_cards_on_its_holders_space_at_turn_end():
    """Hungering Artefact (Magic Object, talisman-facts.md 6: "at the end of your turn every
    Adventure card on your space is discarded"): the ``turn_ended`` hook."""
    from support import game
    s = game([{"id": "thief", "space": "woods_1", "objects": ["hungering_artefact"]}, "warrior"],
             expansions=["blood_moon"], board_cards={"fields_1": ["helmet"]})
    s = ok(play(s, "roll:2", "move:fields_1", "done"))  # the Helmet is left lying there
    assert not s.board_cards.get("fields_1") and "helmet" in s.discards["adventure"]
    assert events(s, "cards_discarded")[-1]["cause"] == "hungering_artefact"


# --- combat_ended and card_met: the Blood Moon records results (no log scraping) ----------

def test_combat_ended_records_each_combat_with_its_scores():
    """RESOLVING COMBAT VS CREATURES: the ``combat_ended`` hook's payload carries the result
    and every comparison of the scores; the Blood Moon keeps it in ``pending`` until the
    next turn boundary (``jobs.settle``)."""
    s = position([{"id": "thief", "space": "black_knight", "strength": 4}], dice=[1, 4, 2],
                 board_cards={"hidden_valley": ["bear", "sword", "ring"]})
    s = play(s, "move:hidden_valley", "fight")
    (sc,) = events(s, "combat_scores")
    (rec,) = store.get(s, "pending")
    c = rec["combat"]
    assert (c["character"], c["result"], list(c["enemies"]), c["opponent"]) == ("thief", "won", ["bear"], None)
    assert [list(p) for p in c["scores"]] == [[sc["character_score"], sc["opponent_score"]]]


def test_combat_ended_between_characters_names_the_opponent():
    # RESOLVING COMBAT BETWEEN CHARACTERS: one record, the defender as ``opponent``
    s = position([{"id": "thief", "space": "graveyard"}, {"id": "druid", "space": "woods_1", "spells": []}],
                 dice=[1, 6, 1])
    s = play(s, "move:woods_1", "encounter:char:druid", "attack:battle", "fight")
    combats = [r["combat"] for r in store.get(s, "pending") if "combat" in r]
    assert [(c["character"], c["opponent"], len(c["scores"])) for c in combats] == [("thief", "druid", 1)]


def test_no_listener_no_payload():
    """A base game: nobody listens to ``combat_ended`` and the battle keeps no scores."""
    from talisman.rules import combat
    from talisman.rules.hooks import subscribed
    s = game([{"id": "thief", "space": "black_knight", "strength": 4}], [1, 4, 2],
             board_cards={"hidden_valley": ["bear", "sword", "ring"]})
    assert not subscribed(s, "combat_ended") and not subscribed(s, "card_met")
    s = play(s, "move:hidden_valley")
    assert s.battle is not None and not s.battle.scores
    assert combat.ended(s, "won", ["bear"]) is s
