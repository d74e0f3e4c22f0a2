"""001 Terrain Cards: "While a Terrain card is on a space, the text and name of that space is
ignored and the text and name of the Terrain card is used instead."  The base abilities and
effects that name a kind of space (a Woods, the Hills) ask the ``space_named`` hook point
(``kernel.space_named_for`` / ``kernel.space_terrain``), which the Harbinger answers for a
covered space; the base rules never name the Harbinger."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))

from support import events, game, hgame, run_effects  # noqa: E402
from talisman.rules import kernel  # noqa: E402


def test_a_covered_woods_has_no_terrain_for_the_abilities():
    """001 Terrain Cards: a Woods under the Bog is no woodland for an ability; the other Woods,
    the Forest and the Hills keep theirs."""
    s = hgame(["elf", "thief"], position={"terrain": {"woods_1": "terrain_bog"}})
    assert kernel.space_terrain(s, "woods_1", "evade_in_woods") == ""
    assert not kernel.space_named_for(s, "woods_1", "woods_to_woods")
    assert kernel.space_terrain(s, "woods_2", "evade_in_woods") == "woodland"
    assert kernel.space_terrain(s, "forest", "evade_in_woods") == "woodland"
    assert kernel.space_terrain(s, "hills_1", "evade_in_hills") == "hills"


def test_a_base_game_asks_no_hook_and_keeps_every_name():
    """Without expansions the board's names stand (the hook point is not asked)."""
    s = game(["elf", "thief"])
    assert kernel.space_named_for(s, "woods_1", "woods_to_woods")
    assert kernel.space_terrain(s, "woods_1", "evade_in_woods") == "woodland"


def test_move_nearest_skips_a_covered_woods():
    """001 Terrain Cards: "move to the nearest Woods" (``move_nearest``) does not go to a Woods
    whose name the Chasm covers: the Thief on the Graveyard goes past the first Woods (covered)
    to the nearest Woods still named so."""
    thief = {"id": "thief", "space": "graveyard"}
    plain = run_effects(hgame([thief, "warrior"]), [{"move_nearest": {"kind": "woods"}}], "thief")
    covered = hgame([thief, "warrior"], position={"terrain": {"woods_1": "terrain_chasm"}})
    covered = run_effects(covered, [{"move_nearest": {"kind": "woods"}}], "thief")
    assert plain.characters["thief"].space == "woods_1"
    assert covered.characters["thief"].space not in ("graveyard", "woods_1")
    assert covered.characters["thief"].space.startswith("woods_")


def test_shards_of_the_old_world_takes_the_names_but_leaves_the_spaces_on_the_board():
    """Shards of the Old World on top (card-data.md 2.3; rulings R-NA11.2): every Outer and Middle
    space without Terrain bears the Omen's name and text, so a Woods is no woodland and no Woods for
    an ability (the Elf, "the nearest Woods"); a card effect naming a space still reaches it (no
    Terrain card takes it off the board); the Inner Region keeps its names."""
    shards = {"options": {"harbinger_omen_set": "shattered_world"}}
    plain = hgame(["elf", "thief"], position={"omens_discarded": 6}, **shards)
    s = hgame(["elf", "thief"], position={"omens_discarded": 7}, **shards)
    assert s.ext["harbinger"].omen_stack[0] == "omen_shards_of_the_old_world"
    assert plain.ext["harbinger"].omen_stack[0] != "omen_shards_of_the_old_world"
    assert kernel.space_terrain(plain, "woods_1", "evade_in_woods") == "woodland"
    assert kernel.space_terrain(s, "woods_1", "evade_in_woods") == ""
    assert kernel.space_terrain(s, "hills_1", "evade_in_hills") == ""
    assert not kernel.space_named_for(s, "woods_2", "woods_to_woods")
    assert kernel.space_named_for(s, "plain_of_peril", "move_nearest")
    moved = run_effects(s, [{"move_to": {"space": "temple", "encounter": False}}], "thief")
    assert moved.characters["thief"].space == "temple"
    thief = {"id": "thief", "space": "graveyard"}
    nearest = hgame([thief, "elf"], position={"omens_discarded": 7}, **shards)
    nearest = run_effects(nearest, [{"move_nearest": {"kind": "woods"}}], "thief")
    assert nearest.characters["thief"].space == "graveyard"
    assert [(e.get("character"), e.get("kind")) for e in events(nearest, "no_such_space")] == [("thief", "woods")]
