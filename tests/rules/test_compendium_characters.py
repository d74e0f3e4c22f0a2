"""The compendium's other characters (issue 23): the 63 rows of Corrections/Additions/Deletions to
the Existing Characters (seed 000, lines 280-342) as data, their starting Spells and Scrolls, the
option ``character_pool``, and random play across the whole pool.  The rows' play on the board is
in tests/scenarios/character_*.yaml."""
import json
import re

import pytest
from click.testing import CliRunner

import talisman
from talisman.cli import main
from talisman.rules import henchmen
from talisman.rules.abilities import KINDS
from talisman.rules.winning import unused_characters
from talisman.definitions import CORE_SETS, character_pool, load
from talisman.errors import TalismanError
from talisman.simulate import dealt, summarize
from talisman.testing import invariants
from talisman.testing.strategies import play_random

#: The table's rows as the rule text heads them (seed 000 lines 280-342, "Name (size)"; "All
#: Characters are considered Medium sized unless noted below").
TABLE = """Amazon (L); Archeologist; Astronaut; Astropath; Assassin; Barbarian (L); Centaur (L); Chainsaw Warrior; Conjurer; Cyborg; Dark Elf; Dragonrider; Dragon Priest; Dragon Slayer (S); Druid; Dwarf (S); Elf; Ghoul (L); Gladiator; Gypsy; Halfling (S); Highlander; Hobgoblin; Inquisitor; Knight; Leprechaun (S); Martial Artist; Merchant; Minotaur (L); Minstrel; Monk; Necromancer; Ninja; Orc; Philosopher; Pilgrim; Pirate; Priest; Prophetess; Questing Knight; Ranger; Rogue; Samurai; Saracen; Satyr (S); Scientist; Scout; Soldier; Sorceress; Space Marine; Space Pirate; Sprite (S); Spy; Swashbuckler; Swordsman; Thief; Troll (L); Valkyrie; Warrior; Witch Doctor; Wizard; Woodsman (L); Zulu (L)"""


def table_rows():
    """``{name: size}`` of the table's row heads."""
    rows = {}
    for head in TABLE.split("; "):
        m = re.fullmatch(r"(.+?)(?: \(([SL])\))?", head)
        rows[m.group(1)] = m.group(2) or "M"
    return rows


def cid(name):
    return name.lower().replace(" ", "_")


@pytest.fixture(scope="module")
def rows():
    return table_rows()


def test_every_row_of_the_table_names_a_character_of_its_size(rows):
    """"All Characters are considered Medium sized unless noted below": 63 rows, each a character
    of the data with the row's size (S, M or L)."""
    assert len(rows) == 63
    chars = load().characters
    assert {cid(n) for n in rows} <= set(chars)
    assert {cid(n): s for n, s in rows.items()} == {cid(n): chars[cid(n)].size for n in rows}


def test_the_49_others_are_the_compendium_set_with_their_provenance(rows):
    others = [c for c in load().characters.values() if c.set == "compendium"]
    assert len(others) == 49 and {c.id for c in others} == {cid(n) for n in rows} - {
        c for c, d in load().characters.items() if d.set == "base"}
    for c in others:
        assert c.source.startswith("seed 000:") and "size" in c.source
        # LIVES: "Each Character begins the game with 4 Lives" (and SETTING UP): sourced for all
        assert c.life == 4 and "life 4 seed 000:23, 132" in c.source and "life" not in c.stand_ins
        # every other statistic is either a stand-in that says why, or the value its source names
        for f in ("alignment", "strength", "craft", "fate", "start"):
            assert f in c.stand_ins or f"{f} {getattr(c, f)}".lower() in c.source.lower(), (c.id, f)
        assert load().board.origin.get(c.start) is None  # a base-board start (docs/rulings.md)


def test_the_saracen_plays_his_digital_edition_card():
    """The only card of these 49 found: the Saracen's Talisman: Digital Edition card (a later edition,
    said in his source), Strength 4, Craft 3, Fate 2, starting on the Oasis; his alignment stays a stand-in."""
    c = load().characters["saracen"]
    assert (c.strength, c.craft, c.life, c.fate, c.start) == (4, 3, 4, 2, "oasis")
    assert "Digital Edition" in c.source and "not the 1987 Dungeon card" in c.source
    assert set(c.stand_ins) == {"alignment"}
    assert talisman.new_game(["saracen", "warrior"], seed=2).characters["saracen"].space == "oasis"


def test_a_compendium_character_needs_no_expansion():
    s = talisman.new_game(["barbarian", "warrior"], seed=3)
    assert s.config.expansions == () and s.characters["barbarian"].strength == 5
    assert "compendium" in CORE_SETS


@pytest.mark.parametrize("who", ["astropath", "dark_elf", "gypsy", "inquisitor", "pilgrim", "witch_doctor"])
def test_either_a_spell_or_a_scroll_to_begin(who):
    """"You may begin the game with either a Spell or a Scroll" (each of these rows)."""
    s = talisman.new_game([who], seed=1)
    assert s.pending.player == who and {str(a) for a in s.pending.options} == {"start:spells", "start:scroll"}
    s = talisman.apply(s, "start:scroll")
    assert not s.characters[who].spells and len(s.characters[who].scrolls) == 1


@pytest.mark.parametrize("who", ["conjurer", "sprite"])
def test_also_a_scroll_to_begin(who):
    """Conjurer, Sprite: "You also begin the game with a Scroll" (no choice: a Spell as well)."""
    s = talisman.new_game([who, "warrior"], seed=2)
    ch = s.characters[who]
    assert len(ch.scrolls) == 1 and len(ch.spells) == 1
    assert any(e.name == "scroll_gained" and e.data["cause"] == "a starting Scroll" for e in s.log)


def test_the_leprechaun_begins_with_two_spells_or_scrolls_or_one_of_each():
    s = talisman.new_game(["leprechaun"], seed=4)
    assert {str(a) for a in s.pending.options} == {"start:spells", "start:scroll", "start:scrolls"}
    one = talisman.apply(s, "start:scroll").characters["leprechaun"]
    two = talisman.apply(s, "start:scrolls").characters["leprechaun"]
    kept = talisman.apply(s, "start:spells").characters["leprechaun"]
    assert (len(one.spells), len(one.scrolls)) == (1, 1)
    assert (len(two.spells), len(two.scrolls)) == (0, 2)
    assert (len(kept.spells), len(kept.scrolls)) == (2, 0)


def test_the_spy_knows_the_scrolls_of_others():
    """Spy: "You may also know any Scrolls held by other players, they must show you when you ask"."""
    s = talisman.new_game(["spy", "conjurer", "warrior"], seed=5)
    held = list(s.characters["conjurer"].scrolls)
    assert held and list(talisman.player_view(s, "spy").characters["conjurer"].scrolls) == held
    assert list(talisman.player_view(s, "warrior").characters["conjurer"].scrolls) != held


# --- the pool ------------------------------------------------------------------------------

def test_the_pool_is_the_base_game_unless_chosen():
    d = load()
    assert character_pool(d, "base", ()) == sorted(c for c, x in d.characters.items() if x.set == "base")
    assert len(character_pool(d, "compendium", ())) == 63
    assert "doomsayer" in character_pool(d, "compendium", ["blood_moon"])
    assert character_pool(d, ["troll", "amazon"], ()) == ["amazon", "troll"]
    assert talisman.new_game(["warrior"]).option("character_pool") == "base"


@pytest.mark.parametrize("bad", ["everyone", [], ["gandalf"], 3])
def test_a_bad_pool_is_a_clear_error(bad):
    with pytest.raises(TalismanError, match="character_pool"):
        talisman.new_game(["warrior"], options={"character_pool": bad})


def test_a_new_character_comes_from_the_pool():
    """LOSING ALL LIVES: the new character is one of the pool not yet in play."""
    s = talisman.new_game(["warrior", "troll"], options={"character_pool": "compendium"})
    assert "amazon" in unused_characters(s) and "warrior" not in unused_characters(s)
    s = talisman.new_game(["warrior", "troll"], options={"character_pool": ["warrior", "zulu"]})
    assert unused_characters(s) == ["zulu"]
    assert "amazon" not in unused_characters(talisman.new_game(["warrior", "troll"]))


def test_henchmen_are_dealt_from_the_pool():
    s = talisman.new_game(["warrior"], seed=0, options={"henchmen": 2, "character_pool": ["warrior", "zulu", "orc"]})
    assert sorted(h["id"] for h in henchmen.henchmen_of(s, "warrior")) == ["orc", "zulu"]


def test_simulate_deals_from_the_pool_and_rates_each_character_over_its_games():
    opts = {"character_pool": "compendium"}
    assert dealt(3, 4, opts) == dealt(3, 4, opts) and len(set(dealt(3, 4, opts))) == 4
    with pytest.raises(TalismanError, match="pool of 14"):
        dealt(0, 15, {})
    results = [{"characters": ["a", "b"], "bots": ["random"] * 2, "winners": ["a"], "reason": "x",
                "rounds": 1, "steps": 1},
               {"characters": ["a", "c"], "bots": ["random"] * 2, "winners": ["c"], "reason": "x",
                "rounds": 1, "steps": 1},
               {"characters": ["b", "c"], "bots": ["random"] * 2, "winners": [], "reason": "x",
                "rounds": 1, "steps": 1}]
    rates = {r["character"]: (r["games"], r["wins"]) for r in summarize(results)["rates"]}
    assert rates == {"a": (2, 1), "b": (2, 0), "c": (2, 1)}
    # issue 23: "talisman simulate prints win rates for every character": a character of the
    # pool no game dealt keeps its row, with no games and no rate
    rows = {r["character"]: r for r in summarize(results, pool=("a", "b", "c", "d"))["rates"]}
    assert sorted(rows) == ["a", "b", "c", "d"]
    assert (rows["d"]["games"], rows["d"]["rate"], rows["a"]["rate"]) == (0, None, 0.5)


@pytest.mark.parametrize("seed", range(8))
def test_random_play_across_the_whole_pool_keeps_every_invariant(seed):
    """Seeded random play, four characters dealt from the whole pool (the compendium's and the
    base game's), with the City and the Dungeon: no error, every invariant holds."""
    chars = dealt(seed, 4, {"character_pool": "compendium"})
    s = talisman.new_game(chars, expansions=["city", "dungeon"], seed=seed,
                          options={"max_rounds": 12, "character_pool": "compendium", "new_character": True})
    states, _ = play_random(s, 400, bot_seed=seed)
    for st in states:
        assert invariants.check(st) == []


def test_talisman_simulate_deals_from_the_pool_and_prints_each_characters_rate(tmp_path):
    out = tmp_path / "games.jsonl"
    r = CliRunner().invoke(main, ["simulate", "--games", "4", "--deal", "3", "--option", "character_pool=compendium",
                                  "--option", "max_rounds=8", "--out", str(out)])
    assert r.exit_code == 0, r.output
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    played = {c for row in rows for c in row["characters"]}
    assert [row["characters"] for row in rows] == [list(dealt(s, 3, {"character_pool": "compendium"}))
                                                   for s in range(4)]
    assert all(c in r.output for c in played) and "games" in r.output and "win rate" in r.output
    pool = character_pool(load(), "compendium", ())
    assert len(pool) == 63 and len(played) < len(pool)
    listed = [line.split()[1] for line in r.output.splitlines()
              if len(line.split()) > 1 and line.split()[1] in pool]
    assert sorted(listed) == sorted(pool)  # every character has its row, dealt or not
    assert r.output.count("no games dealt") == len(pool) - len(played)
    r = CliRunner().invoke(main, ["simulate", "--deal", "6", "--option", "character_pool=[warrior,troll]"])
    assert r.exit_code != 0 and "cannot deal 6 characters from a pool of 2" in r.output


def test_every_kind_of_ability_in_the_data_is_played():
    """An ability with a ``kind`` is played from its ``params`` by rules.abilities (a kind no rule
    knows would be an ability that silently does nothing)."""
    kinds = {a.get("kind") for a in load().abilities.values()} - {None}
    assert kinds and kinds <= set(KINDS)
