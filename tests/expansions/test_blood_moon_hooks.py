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
from support import events, legal, play  # noqa: E402


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
