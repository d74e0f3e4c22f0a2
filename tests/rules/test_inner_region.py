"""ENCOUNTERS IN THE INNER REGION, CRYPT, MINES, WEREWOLF DEN, PITS, the Vampire's Tower, Dice
with Death, THE CROWN OF COMMAND SPACE (000; the Revised 4th Edition board for the spaces the
compendium does not describe)."""
import pytest

from support import events, game, legal, names, play
from talisman.definitions import load
from talisman.effects_schema import INF, table_problem


def enter(space, character="thief", dice=(), **fields):
    """A character one step from ``space`` in the Inner Region takes that step."""
    from talisman.rules.movement import distance_to_plain
    board = load().board
    start = min((n for n in board.spaces[space].neighbours if board.spaces[n].region == "inner"),
                key=lambda n: distance_to_plain(board, n))
    s = game([{"id": character, "space": start, **fields}], dice)
    return play(s, f"move:{space}")


@pytest.mark.parametrize("space", ["mines", "crypt", "vampires_tower"])
def test_every_inner_chart_maps_each_result_to_exactly_one_outcome(space):
    def tables(effects):
        for step in effects:
            (name, params), = step.items()
            if name == "roll":
                yield params
            for key in ("then", "else"):
                if name == "if" and key in params:
                    yield from tables(params[key])
    found = list(tables(load().board.spaces[space].effect))
    assert found
    for params in found:
        from talisman.engine.dice import parse_spec
        n, sides = parse_spec(params["dice"])
        lo, hi = (-INF, INF) if "subtract" in params else (n, n * sides)
        assert table_problem(params["table"], lo, hi) is None


def test_mines_3d6_less_craft_decides_where_the_character_emerges():
    # MINES: "roll 3D6 ... The Character's Craft is subtracted ... The Playing piece is immediately Moved there."
    s = enter("mines", dice=[6, 6, 2], craft=4)         # 14 - 4 = 10: 6+ the Tavern
    assert s.characters["thief"].space == "tavern"
    s = enter("mines", dice=[1, 1, 1], craft=4)         # 3 - 4 = -1: stays in the Mines
    assert s.characters["thief"].space == "mines"


def test_the_dwarf_rolls_only_two_dice_in_the_mines():
    s = enter("mines", character="dwarf", dice=[3, 3], craft=3)   # 6 - 3 = 3: the Portal of Power
    assert s.characters["dwarf"].space == "portal_of_power"


def test_crypt_3d6_less_strength():
    s = enter("crypt", dice=[2, 2, 1], strength=4)      # 5 - 4 = 1: the Plain of Peril
    assert s.characters["thief"].space == "plain_of_peril"


def test_werewolf_den_a_d6_plus_8_werewolf_attacks_and_holds_until_beaten():
    # WEREWOLF DEN: "The die is rolled for a Werewolf's Strength and 8 is added (D6+8)"
    s = enter("werewolf_den", dice=[3, 1, 1], strength=6)
    (att,) = events(s, "attacked")
    assert att["strength"] == 11 and att["enemies"] == ["werewolf"]
    assert "evade" not in legal(s)                     # "nor may they be Evaded"
    s = play(s, "fight")                               # 1 + 6 against 1 + 11: a life lost
    assert s.characters["thief"].hold == "werewolf_den"


def test_an_unfinished_space_holds_the_character_but_retreating_is_allowed():
    s = game([{"id": "thief", "space": "werewolf_den", "hold": "werewolf_den"}], [])
    assert legal(s) == {"stay", "move:death"}           # death is towards the Plain of Peril


def test_pits_d6_fiends_fought_one_at_a_time_until_a_life_is_lost():
    # PITS: "fight them one at a time, in succession, until the Character loses a Life"
    s = enter("pits", dice=[3, 6, 1, 6, 1, 1, 6], strength=6)
    s = play(s, "fight", "fight", "fight")
    won = [e for e in events(s, "combat_won")]
    assert len(won) == 2 and s.characters["thief"].lives == 3
    assert s.characters["thief"].pit_fiends == 1 and s.characters["thief"].hold == "pits"


def test_dice_with_death_two_dice_each():
    s = enter("death", dice=[1, 1, 6, 6])               # 2 against 12: a life, and held
    (c,) = events(s, "contest")
    assert c["result"] == "lose" and s.characters["thief"].lives == 3
    assert s.characters["thief"].hold == "death"


def test_the_vampires_tower():
    s = enter("vampires_tower", dice=[5])
    assert s.characters["thief"].lives == 1


def test_the_vampires_tower_each_follower_given_up_prevents_one_life_lost():
    # ENCOUNTERS IN THE INNER REGION (the spaces' own instructions): the Vampire's Tower,
    # "each Follower discarded prevents 1 life loss" (talisman-facts.md 1b)
    s = enter("vampires_tower", dice=[5], followers=["maiden", "mule"])
    assert legal(s) == {"lose", "give:maiden", "give:mule"}
    s = play(s, "give:mule")
    assert legal(s) == {"lose", "give:maiden"}
    s = play(s, "lose")
    assert s.characters["thief"].lives == 2 and list(s.characters["thief"].followers) == ["maiden"]
    assert "mule" in s.discards["adventure"]


def test_characters_meet_only_on_the_plain_of_peril_and_the_valley_of_fire():
    s = game([{"id": "thief", "space": "portal_of_power"}, {"id": "troll", "space": "mines"}], [])
    s = game([{"id": "thief", "space": "plain_of_peril"}, {"id": "troll", "space": "mines"}], [])
    s = play(s, "move:mines")
    assert s.pending is None or s.pending.kind != "encounter"
    s = game([{"id": "thief", "space": "mines"}, {"id": "troll", "space": "plain_of_peril"}], [])
    s = play(s, "move:plain_of_peril")
    assert "retreated" in names(s)                     # retreating: no encounter at all


def test_the_crown_of_command_one_command_spell_a_turn_when_alone():
    # THE CROWN OF COMMAND SPACE / The Crown of Command: "Roll 1 die and indicate a victim.
    # If 4 - 6, victim must admit defeat or lose 1 Life. 1 - 3 is no effect."
    s = game([{"id": "thief", "space": "crown_of_command"}, {"id": "troll", "space": "city"}], [5])
    s = play(s, "stay")
    assert legal(s) == {"target:troll"}
    s = play(s, "target:troll")
    assert legal(s) == {"lose_life", "concede"} and s.pending.player == "troll"
    s = play(s, "lose_life")
    assert s.characters["troll"].lives == 3


def test_admitting_defeat_to_the_command_spell_ends_the_game():
    s = game([{"id": "thief", "space": "crown_of_command"}, {"id": "troll", "space": "city"}], [6])
    s = play(s, "stay", "target:troll", "concede")
    assert s.is_over and s.winner == "thief"


def test_on_the_crown_a_character_not_alone_must_encounter_the_other():
    s = game([{"id": "thief", "space": "valley_of_fire", "objects": ["talisman"]},
              {"id": "troll", "space": "crown_of_command"}], [])
    s = play(s, "move:crown_of_command")
    assert legal(s) == {"encounter:char:troll"}
