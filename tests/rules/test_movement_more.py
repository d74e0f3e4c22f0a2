"""Movement: the rule steps the mutation runs found unchecked (``raft_lapses``, ``follow``,
``chosen``, ``roll_for_movement``, ``start_movement``, ``rolled``; docs/reliability.md), each
test written from the rule text it quotes."""
import attrs

from support import events, game, legal, names, play
from talisman.rules.characters import Rafts
from talisman.scenarios import setup_state


# --- Rafts ---------------------------------------------------------------------------------

def test_rafts_a_raft_card_held_and_not_used_goes_to_the_discards():
    # Rafts: "A Raft may not be left behind or taken as a possession. Whether or not it is
    # used, it must be placed on the Adventure Card discard pile" (a position set up with the
    # card among the Objects: rolling instead of crossing loses it)
    s = setup_state({"characters": [{"id": "thief", "space": "woods_1", "objects": ["raft", "sword"],
                                     "fate": 0}]}, [2])
    assert "raft:hidden_valley" in legal(s)
    s = play(s, "roll")
    ch = s.characters["thief"]
    assert list(ch.objects) == ["sword"] and not ch.raft
    assert list(s.discards["adventure"]) == ["raft"]
    assert [dict(e) for e in events(s, "raft_lost")] == [{"character": "thief"}]
    assert "raft_crossed" not in names(s)


def test_rafts_a_bought_raft_not_used_goes_back_with_the_purchase_cards():
    # Rafts: "Whether or not it is used, it must be placed ... back with the Purchase Cards, if
    # it was bought": the Thief rolls instead of crossing; the card is back in the stock
    s = setup_state({"characters": [{"id": "thief", "space": "woods_1", "raft": True, "fate": 0}]}, [2])
    s = attrs.evolve(s, decks=s.decks.set("purchase", s.decks["purchase"].remove("purchase_raft")),
                     ext=s.ext.set("rafts", Rafts(cards={"thief": ["purchase_raft"]})))
    assert "purchase_raft" not in s.decks["purchase"]
    s = play(s, "roll")
    assert not s.characters["thief"].raft
    assert "purchase_raft" in s.decks["purchase"]
    assert not s.ext["rafts"]["cards"].get("thief")
    assert [dict(e) for e in events(s, "raft_lost")] == [{"character": "thief"}]


# --- MOVEMENT BETWEEN THE MIDDLE, OUTER AND FAR-OUTER REGIONS: the Poltergeist ---------------

def test_a_move_within_the_outer_region_keeps_the_poltergeist():
    # The Poltergeist (poltergeist_drag): "move 1 space/turn until you cross the River"; a step
    # along the Outer Region crosses nothing, so it holds on
    s = game([{"id": "thief", "space": "woods_1", "followers": ["poltergeist"]}])
    assert (s.pending.player, s.pending.kind) == ("thief", "move")
    assert legal(s) == {"move:sentinel", "move:graveyard"}  # one space a turn
    s = play(s, "move:graveyard")
    assert s.characters["thief"].space == "graveyard"
    assert "poltergeist" in s.characters["thief"].followers


def test_a_step_over_the_bridge_shakes_off_the_poltergeist():
    # MOVEMENT BETWEEN ...: "A bridge connects the Sentinel Space to the Hills Space opposite";
    # from the Middle Region outward the Sentinel does not attack, and the River is crossed
    s = game([{"id": "thief", "space": "hills_3", "followers": ["poltergeist"]}])
    assert "move:sentinel" in legal(s)
    s = play(s, "move:sentinel")
    assert s.characters["thief"].space == "sentinel"
    assert "poltergeist" not in s.characters["thief"].followers


# --- THE PORTAL OF POWER --------------------------------------------------------------------

def test_the_portal_is_tried_by_the_mover_himself():
    # THE PORTAL OF POWER: "Characters attempting to open the Portal ... follow the instructions
    # on the Portal of Power Space": the mover, standing on the Portal, chooses Strength or Craft
    s = game([{"id": "thief", "space": "castle", "craft": 4}, {"id": "druid", "space": "city"}], [2])
    s = play(s, "move:plain_of_peril")
    assert s.characters["thief"].space == "portal_of_power"
    assert (s.pending.player, s.pending.kind) == ("thief", "portal")
    assert legal(s) == {"portal:strength", "portal:craft"}


# --- I. Movement: what may be done before rolling, all offered together ----------------------

def test_rafts_the_crossing_is_offered_beside_every_other_choice_before_moving():
    # Rafts: "Any Character acquiring a Raft may cross the River at the start of their next
    # turn ... This is their Move for that turn, they do not roll for Movement."  Whatever
    # else the character may do before moving (a Spell held, trophies to cash in, a quest to
    # deliver, objects over the limit of LIMIT TO NUMBER OF OBJECTS to drop), the crossing
    # stays among the choices, and each of those choices is offered beside it
    s = game([{"id": "thief", "space": "woods_1", "raft": True, "craft": 4, "gold": 4,
               "spells": ["healing"], "trophies": ["dragon"],
               "quest": {"deliver": "gold", "amount": 3},
               "objects": ["axe", "sword", "helmet", "shield", "armour"]}])
    options = legal(s)
    assert (s.pending.player, s.pending.kind) == ("thief", "turn")
    assert {"roll", "raft:hidden_valley", "quest:deliver:gold", "drop:armour"} <= options
    assert "cash:strength" in options
    s = play(s, "raft:hidden_valley")
    assert s.characters["thief"].space == "hidden_valley"
