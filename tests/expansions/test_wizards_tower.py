"""THE WIZARD'S TOWER (000): the Door, one room a turn, the rooms, retreating, the Crown."""
import sys
from pathlib import Path

import attrs

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
from support import events, game, legal, names, play  # noqa: E402
from talisman.expansions import wizards_tower as wt  # noqa: E402
from talisman.rules import endings  # noqa: E402


def at(space, dice=(), who="warrior", cleared=None, retreating=False, **fields):
    ext = {"cleared": {who: cleared} if cleared else {}, "retreating": {who: True} if retreating else {}}
    return game([{"id": who, "space": space, **fields}, {"id": "troll", "space": "city"}], dice,
                expansions=["wizards_tower"], ext={"wizards_tower": ext})


def test_the_tower_is_a_path_of_rooms_merged_into_the_board():
    from talisman.definitions import load
    board = load().board
    assert board.regions["wizards_tower"] == wt.rooms() and board.shapes["wizards_tower"] == "path"
    # the rooms in the order of the text, from the Door to the Crown of Command (the data's region)
    assert wt.rooms() == ("wt_door", "wt_antechamber", "wt_dice_with_death", "wt_magical_trap",
                          "wt_pit_trap", "wt_dragon_prince", "wt_crown_of_command")


def test_a_room_of_the_data_no_encounter_plays_is_a_data_error(monkeypatch):
    """The Tower's rooms come from its region of the board (``wizards_tower/board.yaml``); a room
    there whose encounter the module does not play stops with a DataError naming the file, the
    region and the field."""
    import pytest
    from talisman.errors import DataError
    monkeypatch.delitem(wt.ROOM_ENCOUNTERS, "wt_pit_trap")
    wt.rooms.cache_clear()
    try:
        with pytest.raises(DataError, match=r"board.yaml: entry 'wizards_tower', field 'regions': no encounter "
                                            r"of the Tower plays the room 'wt_pit_trap'"):
            wt.rooms()
    finally:
        monkeypatch.undo()
        wt.rooms.cache_clear()
    assert "wt_pit_trap" in wt.rooms()


def test_entering_by_the_door_leaves_the_mule_at_the_portal_and_ends_the_move():
    s = at("portal_of_power", followers=["mule"], spells=[])
    assert legal(s) == {"roll", "move:wt_door"}
    s = play(s, "move:wt_door")
    assert s.characters["warrior"].followers == [] and "mule" in s.board_cards["portal_of_power"]
    assert wt.cleared(s, "warrior") == "wt_door"


def test_declining_the_door_rolls_as_usual():
    s = at("portal_of_power", [3], spells=[])
    s = play(s, "roll")
    assert s.characters["warrior"].space == "portal_of_power" and "move:plain_of_peril" in legal(s)


def test_one_room_a_turn_and_only_when_the_room_is_done():
    s = at("wt_antechamber", spells=[])
    assert legal(s) == {"stay", "move:portal_of_power"}
    s = at("wt_antechamber", cleared="wt_antechamber", spells=[])
    assert legal(s) == {"move:wt_dice_with_death", "move:portal_of_power"}


def test_the_gargoyle_must_be_beaten():
    # 3D6 = 1+1+1, +4 = 7; the Warrior's two dice 6, 6 (the higher) + 4 = 10 against 7 + 1
    s = at("wt_door", [1, 1, 1, 6, 6, 1], cleared="wt_door", spells=[])
    s = play(s, "move:wt_antechamber")
    assert events(s, "attacked")[0]["strength"] == 7 and "evade" not in legal(s)
    s = play(s, "fight")
    assert wt.cleared(s, "warrior") == "wt_antechamber"


def test_dice_with_death_a_draw_costs_a_life_and_forces_a_retreat():
    s = at("wt_antechamber", [3, 4, 5, 2], cleared="wt_antechamber", spells=[])
    s = play(s, "move:wt_dice_with_death")
    assert s.characters["warrior"].lives == 3 and wt.retreating(s, "warrior")
    s = at("wt_dice_with_death", [], retreating=True, spells=[])
    assert legal(s) == {"move:wt_antechamber"}
    s = at("wt_antechamber", [6, 6, 1, 1], cleared="wt_antechamber", spells=[])
    s = play(s, "move:wt_dice_with_death")
    assert wt.cleared(s, "warrior") == "wt_dice_with_death"


def test_the_traps_take_items_and_followers_on_1_or_2():
    s = at("wt_dice_with_death", [1, 5], cleared="wt_dice_with_death", objects=["sword", "helmet"], spells=[])
    s = play(s, "move:wt_magical_trap")
    assert s.characters["warrior"].objects == ["helmet"] and "sword" in s.discards["adventure"]
    s = at("wt_magical_trap", [2], cleared="wt_magical_trap", followers=["maiden"], spells=[])
    s = play(s, "move:wt_pit_trap")
    assert s.characters["warrior"].followers == []


def test_the_dragon_prince_battle_or_psychic_and_a_loss_forces_the_retreat():
    s = at("wt_pit_trap", [1, 1, 6], cleared="wt_pit_trap", spells=[])
    s = play(s, "move:wt_dragon_prince")
    assert legal(s) == {"attack:battle", "attack:psychic"}
    s = play(s, "attack:battle", "fight")
    assert s.characters["warrior"].lives == 3 and wt.retreating(s, "warrior")
    s = at("wt_pit_trap", [6, 1], cleared="wt_pit_trap", craft=20, spells=[])
    s = play(s, "move:wt_dragon_prince", "attack:psychic", "fight")
    assert wt.cleared(s, "warrior") == "wt_dragon_prince"


def test_retreating_ignores_the_rooms_and_leaves_by_the_portal():
    s = at("wt_magical_trap", [], retreating=True, objects=["sword"], spells=[])
    s = play(s, "move:wt_dice_with_death")
    assert "tower_retreat" in names(s) and s.characters["warrior"].objects == ["sword"]
    s = at("wt_antechamber", [], retreating=True, spells=[])
    s = play(s, "move:portal_of_power")
    assert s.characters["warrior"].space == "portal_of_power" and not wt.retreating(s, "warrior")


def test_the_last_room_moves_to_the_crown_of_command():
    s = at("wt_dragon_prince", [5], cleared="wt_dragon_prince", spells=[])
    s = play(s, "move:wt_crown_of_command")
    assert s.characters["warrior"].space == "crown_of_command" and s.crown_reached
    assert legal(s) == {"target:troll"}                       # the Crown's own encounter


def test_magic_objects_count_against_the_rooms_creatures():
    """ENCOUNTERS IN THE WIZARD'S TOWER: "A Character may Encounter another Character in the
    Wizard's Tower, however, no Magic Object, Magic Item, Spells or Scrolls will work" is said of
    meeting a character (docs/rulings.md R-WT13.2): against the Gargoyle the Magic Belt counts as
    it does outside the Tower."""
    s = at("wt_door", [1, 1, 1], cleared="wt_door", spells=["destruction"], objects=["magic_belt"])
    s = play(s, "move:wt_antechamber")
    from talisman.rules import combat
    outside = attrs.evolve(s, characters=s.characters.set(
        "warrior", attrs.evolve(s.characters["warrior"], space="hills_1")))
    assert combat.combat_total(s, "warrior", "battle") == combat.combat_total(outside, "warrior", "battle") == 5


def test_the_tower_is_another_route_for_change_is_good():
    s = at("wt_door", spells=[])
    s = endings.throw(s, "warrior", "mines", "test")
    s = endings.throw(s, "warrior", "wt_antechamber", "test")
    assert endings.route_in(s, "warrior") == "wizards_tower"


def test_encounters_in_the_wizards_tower_another_character_may_be_encountered_without_magic():
    # ENCOUNTERS IN THE WIZARD'S TOWER: "A Character may Encounter another Character in the
    # Wizard's Tower, however, no Magic Object, Magic Item, Spells or Scrolls will work."
    ext = {"cleared": {"warrior": "wt_door"}, "retreating": {}}
    s = game([{"id": "warrior", "space": "wt_door", "spells": [], "objects": ["ring"]},
              {"id": "troll", "space": "wt_antechamber", "spells": ["invisibility"],
               "scrolls": ["scroll_of_courage"]}],
             [6, 6, 1], expansions=["wizards_tower"], ext={"wizards_tower": ext})
    s = play(s, "move:wt_antechamber")
    assert legal(s) == {"encounter:room", "encounter:char:troll"}
    s = play(s, "encounter:char:troll", "attack:battle")
    # the Troll may cast nothing in the Tower: no choice before the dice is his to make
    assert s.pending.player == "warrior" and not any(a.startswith(("cast:", "read:")) for a in legal(s))
    s = play(s, "fight")
    (sc,) = events(s, "combat_scores")
    assert sc["character_score"] == 6 + 4            # the Ring (a Magic Object) adds nothing here
    assert wt.cleared(s, "warrior") == "wt_door"     # the Antechamber's Gargoyle waits


def test_the_rooms_numbers_and_the_bonus_against_dragons_are_data():
    """000 THE WIZARD'S TOWER: the rooms' numbers come from tower.yaml (ANTECHAMBER 3D6+4, DICE
    WITH DEATH 2 dice, the traps' 1-2, the DRAGON PRINCE's S=15, C=15), and so does "the Holy
    Lance does add 3 to the Strength of its user when fighting the Dragon Prince"; a card the
    data names must exist."""
    import pytest
    from talisman.errors import DataError
    data = wt.tower_data()
    assert data["gargoyle"] == {"dice": "3d6", "add": 4} and data["death_dice"] == "2d6"
    assert list(data["trap_loss"]) == [1, 2]
    assert data["dragon_prince"] == {"strength": 15, "craft": 15}
    assert data["against_dragons"] == {"holy_lance": 3}
    from talisman.definitions import load
    from talisman.engine.data import data_root
    real = wt.load_yaml
    try:
        wt.load_yaml = lambda path: {**real(path), "against_dragons": {"no_such_lance": 3}}
        with pytest.raises(DataError, match="no_such_lance"):
            wt.read_tower(data_root() / "talisman" / wt.FILE, load())  # as the data loader does
    finally:
        wt.load_yaml = real
