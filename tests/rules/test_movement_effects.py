"""Rafts, LOSING A TURN, toads' movement and the movement primitives effects call
(teleport, move to a space, move N spaces, the nearest space of a kind, "as your next move")."""
import attrs

from support import events, game, legal, names, play, run_effects
from talisman.definitions import load
from talisman.rules.characters import Rafts, kill
from talisman.scenarios import setup_state
from talisman.testing import invariants


def test_rafts_building_one_with_an_axe_at_the_end_of_a_turn_in_woods():
    # Rafts: "Any Character, who possesses an Axe and ends their turn in a Woods or Forest
    # Space, may declare they are building a Raft."
    s = setup_state({"characters": [{"id": "thief", "space": "village", "objects": ["axe"],
                                     "fate": 0}],
                     "board_cards": {"woods_1": ["bag_of_gold"]}}, [3])
    s = play(s, "move:woods_1")
    assert s.pending.kind == "claim"
    s = play(s, "done")
    assert s.pending.kind == "raft" and legal(s) == {"raft:build", "raft:none"}
    s = play(s, "raft:build")
    assert s.characters["thief"].raft


def test_rafts_crossing_to_the_space_opposite_is_the_whole_move_and_the_raft_is_gone():
    # "A Character with a Raft may cross the River to any Space directly opposite the one they
    # are in. This is their Move for that turn, they do not roll for Movement."
    s = setup_state({"characters": [{"id": "thief", "space": "woods_1", "raft": True,
                                     "fate": 0}],
                     "board_cards": {"hidden_valley": ["bag_of_gold", "sword", "wolf"]}}, [])
    assert "raft:hidden_valley" in legal(s) and "roll" in legal(s)
    s = play(s, "raft:hidden_valley")
    ch = s.characters["thief"]
    assert ch.space == "hidden_valley" and not ch.raft
    assert "movement_roll" not in names(s) and "raft_crossed" in names(s)


def test_no_raft_building_without_an_axe_or_outside_woods_and_forest():
    s = setup_state({"characters": [{"id": "thief", "space": "village", "fate": 0}],
                     "board_cards": {"woods_1": ["bag_of_gold"]}}, [3])
    s = play(s, "move:woods_1", "done")
    assert s.pending is None or s.pending.kind != "raft"


def test_losing_a_turn_still_defends_when_attacked():
    # LOSING A TURN: "If a Character is attacked while losing a turn he may defend himself as usual."
    s = setup_state({"characters": [{"id": "thief", "space": "village", "fate": 0},
                                    {"id": "troll", "space": "woods_1", "lost_turn": 1,
                                     "fate": 0}]}, [3, 2, 5])
    s = play(s, "move:woods_1")
    assert "encounter:char:troll" in legal(s)
    s = play(s, "encounter:char:troll", "attack:battle", "fight")
    scores = [e for e in s.log if e.name == "combat_scores"][0]
    assert scores.data["opponent_roll"] == 5      # the lying Troll rolled his own die
    assert s.characters["troll"].lost_turn         # and still lies down


def base(space="village", character="thief"):
    s = setup_state({"characters": [{"id": character, "space": space, "fate": 0}]}, [])
    return s


def test_teleport_offers_every_space_of_the_region():
    s = run_effects(base("fields_2"), [{"teleport": {"region": "same", "encounter": False}}], "thief")
    assert s.pending.kind == "teleport"
    assert legal(s) == {f"teleport:{x}" for x in __import__("talisman.definitions").definitions.load().board.regions["outer"]}
    s = play(s, "teleport:ruins")
    assert s.characters["thief"].space == "ruins"


def test_move_to_a_named_space():
    s = run_effects(base(), [{"move_to": {"space": "crags", "encounter": False}}], "thief")
    assert s.characters["thief"].space == "crags"


def test_move_n_spaces_offers_both_directions():
    s = run_effects(base("city"), [{"move_steps": {"count": 2}}], "thief")
    assert legal(s) == {"move:woods_2", "move:hills_2"}


def test_move_to_the_nearest_space_of_a_kind():
    s = run_effects(base("fields_3"), [{"move_nearest": {"kind": "woods"}}], "thief")
    assert s.characters["thief"].space == "woods_2"
    s = run_effects(base("village"), [{"move_nearest": {"kind": "fields"}}], "thief")
    assert legal(s) == {"move:fields_1", "move:fields_6"}   # equally near: the character chooses


def test_as_your_next_move_replaces_the_roll():
    # the Tavern's boatman: "ferry to Temple as next move"
    s = setup_state({"characters": [{"id": "thief", "space": "tavern", "fate": 0,
                                     "next_move": {"to": "temple"}}]}, [])
    assert s.characters["thief"].space == "temple"
    assert "movement_roll" not in names(s) and s.characters["thief"].next_move is None


def test_a_toad_moves_one_space_a_turn():
    # TOADS & TRANSFORMATIONS: "simply Move 1 Space per turn"
    s = setup_state({"characters": [{"id": "thief", "space": "village", "toad_turns": 2,
                                     "fate": 0}]}, [])
    assert legal(s) == {"move:fields_1", "move:fields_6"}


def test_the_temples_enslavement_holds_until_a_movement_roll_of_4_to_6():
    # SPACES (every space of the board data): the Temple's 5, "enslaved (stay until you roll
    # 4-6 for move)" (talisman-facts.md 1a): a 1-3 keeps him there and ends his turn; a 4-6
    # frees him and he moves with it.
    s = game([{"id": "thief", "space": "woods_4"}], [1, 2, 3, 1, 5])
    s = play(s, "move:temple")
    assert events(s, "next_move_set") == [{"character": "thief", "free_on": [4, 5, 6]}]
    assert events(s, "still_enslaved") == [{"character": "thief", "roll": 1}]
    assert s.characters["thief"].space == "temple"
    assert events(s, "freed") == [{"character": "thief", "roll": 5}]
    assert s.characters["thief"].next_move is None
    assert legal(s) == {"move:black_knight", "move:plain_of_peril", "move:runes_3"}  # five spaces on


def test_rafts_a_raft_card_held_goes_to_the_discards_when_it_crosses():
    # Rafts: "Whether or not it is used, it must be placed on the Adventure Card discard pile"
    # (a position set up with the card among the Objects)
    s = setup_state({"characters": [{"id": "thief", "space": "woods_1", "objects": ["raft", "sword"],
                                     "fate": 0}]}, [])
    s = play(s, "raft:hidden_valley")
    ch = s.characters["thief"]
    assert ch.space == "hidden_valley" and list(ch.objects) == ["sword"] and not ch.raft
    assert list(s.discards["adventure"]) == ["raft"]
    assert [dict(e) for e in events(s, "raft_crossed")] == [{"character": "thief", "to": "hidden_valley"}]
    assert "movement_roll" not in names(s)


def test_rafts_acquired_in_an_encounter_is_no_object_and_lapses_a_turn_later():
    # Rafts: "acquire one as the result of an Encounter"; "may not be ... taken as a possession";
    # "may cross the River at the start of their next turn"; "Whether or not it is used" it goes
    s = setup_state({"characters": [{"id": "thief", "space": "graveyard", "fate": 0}],
                     "board_cards": {"woods_1": ["raft"]}}, [1, 2])
    s = play(s, "move:woods_1", "take:raft")
    ch = s.characters["thief"]
    assert ch.raft and not ch.objects and list(s.discards["adventure"]) == ["raft"]
    assert [dict(e) for e in events(s, "raft_acquired")] == [
        {"character": "thief", "card": "raft", "cause": "claimed"}]
    assert "raft:hidden_valley" in legal(s)          # the next turn, before the roll
    s = play(s, "roll")
    assert not s.characters["thief"].raft
    assert [dict(e) for e in events(s, "raft_lost")] == [{"character": "thief"}]
    assert list(s.discards["adventure"]) == ["raft"]   # discarded once, not twice


def test_rafts_a_built_raft_has_no_card_and_is_offered_at_the_next_turn():
    # Rafts: "building a Raft to use for Movement"; "may cross the River at the start of their
    # next turn"
    s = setup_state({"characters": [{"id": "thief", "space": "village", "objects": ["axe"],
                                     "fate": 0}],
                     "board_cards": {"woods_1": ["bag_of_gold"]}}, [3])
    s = play(s, "move:woods_1", "done", "raft:build")
    assert [dict(e) for e in events(s, "raft_acquired")] == [
        {"character": "thief", "card": None, "cause": "built"}]
    assert s.characters["thief"].raft and list(s.characters["thief"].objects) == ["axe"]
    assert legal(s) >= {"raft:hidden_valley", "roll"}


def test_rafts_a_raft_lapses_at_the_end_of_a_lost_turn():
    # Rafts: usable "at the start of their next turn" only; LOSING A TURN: that turn only
    # rights the piece, so the raft is gone when it ends
    s = setup_state({"characters": [{"id": "thief", "space": "woods_1", "raft": True, "lost_turn": 1,
                                     "fate": 0},
                                    {"id": "warrior", "space": "village", "fate": 0}]}, [])
    assert s.current == "warrior" and not s.characters["thief"].raft
    assert [dict(e) for e in events(s, "raft_lost")] == [{"character": "thief"}]


def test_rafts_a_bought_raft_is_out_of_the_stock_until_used_then_back():
    # Rafts: "Whether or not it is used, it must be placed ... back with the Purchase Cards, if it
    # was bought": while the Thief's bought raft is unused its one card is not for sale to anyone;
    # used (or lost), it is back in the stock
    s = game([{"id": "thief", "space": "woods_1", "gold": 5}, {"id": "elf", "space": "village", "gold": 5}])
    s = run_effects(s, [{"buy": {"items": {"purchase_raft": 3}}}], "thief")
    s = play(s, "buy:purchase_raft")
    assert s.characters["thief"].raft and "purchase_raft" not in s.decks["purchase"]
    assert list(s.ext["rafts"]["cards"]["thief"]) == ["purchase_raft"]
    other = run_effects(s, [{"buy": {"items": {"purchase_raft": 3, "purchase_sword": 2}}}], "elf")
    assert "buy:purchase_raft" not in legal(other)     # no second copy while the first is held
    assert invariants.check(other) == []
    # the Thief's next turn: he crosses; the card goes back with the Purchase Cards
    s = setup_state({"characters": [{"id": "thief", "space": "woods_1", "raft": True, "fate": 0}]}, [])
    s = play(attrs.evolve(s, decks=s.decks.set("purchase", s.decks["purchase"].remove("purchase_raft")),
                          ext=s.ext.set("rafts", Rafts(cards={"thief": ["purchase_raft"]}))),
             "raft:hidden_valley")
    assert not s.characters["thief"].raft and "purchase_raft" in s.decks["purchase"]
    assert not s.ext["rafts"]["cards"].get("thief")
    assert invariants.check(s) == []


def test_rafts_a_bought_raft_of_a_dead_character_goes_back_to_the_stock():
    # Rafts: "A Raft may not be left behind": the bought card of a character killed before using
    # it goes back with the Purchase Cards
    s = game([{"id": "thief", "space": "woods_1", "gold": 5}, "elf"])
    s = run_effects(s, [{"buy": {"items": {"purchase_raft": 3}}}], "thief")
    s = play(s, "buy:purchase_raft")
    s = kill(s, "thief", "test")
    assert "purchase_raft" in s.decks["purchase"] and not s.ext["rafts"]["cards"].get("thief")
    assert invariants.card_places(s) == invariants.expected_cards(s)


# --- mutation testing (docs/reliability.md): what the tests above left unchecked ---------

def test_teleport_in_the_same_region_from_the_middle_and_none_from_the_inner_region():
    # the Tavern's wizard: "teleport to any space in this Region" (talisman-facts.md); the
    # Teleport spell: "useless in the Inner Region" (talisman-facts.md:224)
    s = run_effects(base("temple"), [{"teleport": {"region": "same", "encounter": False}}], "thief")
    assert legal(s) == {f"teleport:{x}" for x in load().board.regions["middle"]}
    s = run_effects(base("mines"), [{"teleport": {"region": "same", "encounter": False}}], "thief")
    assert s.pending is None or s.pending.kind != "teleport"
    assert s.characters["thief"].space == "mines" and "no_destination" in names(s)


def test_the_tavern_wizards_teleport_replaces_the_next_move():
    # the Tavern's 5: "wizard: teleport to any space in this Region as next move"; not back onto
    # the Tavern: "They may never Encounter anything in the Space where they start their Move"
    s = setup_state({"characters": [{"id": "thief", "space": "tavern", "fate": 0,
                                     "next_move": {"teleport": "same"}}]}, [])
    assert legal(s) == {f"teleport:{x}" for x in load().board.regions["outer"]} - {"teleport:tavern"}
    assert "movement_roll" not in names(s)
    s = play(s, "teleport:crags")
    assert s.characters["thief"].space == "crags" and s.characters["thief"].next_move is None


def test_the_ferry_over_the_storm_river_shakes_off_the_poltergeist():
    # The Poltergeist: "move 1 space/turn until you cross the River" (talisman-facts.md); the
    # Tavern's 6, "boatman: ferry to Temple as next move", crosses it; a move within the Region
    # does not.
    s = setup_state({"characters": [{"id": "thief", "space": "tavern", "fate": 0, "followers": ["poltergeist"],
                                     "next_move": {"to": "temple"}}]}, [])
    assert s.characters["thief"].space == "temple"
    assert "poltergeist" not in s.characters["thief"].followers
    s = setup_state({"characters": [{"id": "thief", "space": "tavern", "fate": 0, "followers": ["poltergeist"],
                                     "next_move": {"to": "crags"}}]}, [])
    assert s.characters["thief"].space == "crags"
    assert "poltergeist" in s.characters["thief"].followers


def test_an_encounters_move_of_n_spaces_does_not_open_the_portal():
    # THE PORTAL OF POWER: the Portal is tried only "if their die roll for Movement is
    # sufficient to carry them beyond": a move of N spaces an encounter orders is no such roll
    s = run_effects(base("castle"), [{"move_steps": {"count": 2}}], "thief")
    assert legal(s) == {"move:woods_4", "move:black_knight"}  # the Portal of Power's two ring neighbours' next
