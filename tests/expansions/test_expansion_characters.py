"""Expansion characters: characters an expansion brings as data
(``data/talisman/expansions/<id>/characters.yaml``), choosable only with the expansion in play,
and the abilities the expansions' own hooks play.  Each test names the section it settles:
the Harbinger's "001 Components" (its three characters) and the Blood Moon's "003 Character
Cards" (its three characters).  Every statistic is a stand-in (``stand_in: true``)."""
import shutil
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

import talisman
from talisman.definitions import load, load_from
from talisman.engine.data import data_root
from talisman.engine.records import replace
from talisman.errors import DataError, TalismanError
from talisman.rules.endings import unused_characters
from talisman.testing import invariants, strategies
from talisman.testing.strategies import play_random

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
from support import events, game, legal, names, play  # noqa: E402

HARBINGER = ("ascendant_divine", "celestial", "possessed")
BLOOD_MOON = ("doomsayer", "grave_robber", "vampire_hunter")


def ok(s):
    assert invariants.check(s) == []
    return s


# --- loading -------------------------------------------------------------------------------

def test_expansion_characters_load_with_their_set_and_are_stand_ins():
    """001 Components / 003 Character Cards: each expansion's three characters load from its
    own characters.yaml, record their expansion, and are marked stand-ins (the statistics are
    not published); the base characters stay the base game's."""
    d = load()
    for ids, set_id in ((HARBINGER, "harbinger"), (BLOOD_MOON, "blood_moon")):
        for c in ids:
            assert d.characters[c].set == set_id and d.characters[c].stand_in
            for a in d.characters[c].abilities:
                assert a in d.abilities
    from talisman.definitions import characters_of_sets
    base = sorted(characters_of_sets(d, {"base"}))
    assert len(base) == 14 and "warrior" in base and not d.characters["warrior"].stand_in
    assert all(c in d.characters for c in HARBINGER + BLOOD_MOON)
    assert set(characters_of_sets(d, {"blood_moon"})) == set(BLOOD_MOON)
    assert d.characters["vampire_hunter"].name == "Vampire Hunter"


def _data_copy(tmp_path):
    root = tmp_path / "talisman"
    shutil.copytree(data_root() / "talisman", root)
    return root


def test_a_character_id_used_in_two_files_is_a_data_error(tmp_path):
    """001 Components (loading): an expansion's character with the id of a base character is
    an error naming the file, the entry and the field."""
    root = _data_copy(tmp_path)
    path = root / "expansions" / "harbinger" / "characters.yaml"
    path.write_text(path.read_text().replace("id: celestial,", "id: warrior,"))
    with pytest.raises(DataError) as e:
        load_from(root)
    assert e.value.file == str(path) and e.value.entry == "warrior" and e.value.field == "id"


def test_the_same_id_in_two_expansions_is_a_data_error(tmp_path):
    """003 Character Cards (loading): the Blood Moon's file reusing a Harbinger character's id
    is an error naming the Blood Moon's file."""
    root = _data_copy(tmp_path)
    path = root / "expansions" / "blood_moon" / "characters.yaml"
    path.write_text(path.read_text().replace("id: doomsayer,", "id: possessed,"))
    with pytest.raises(DataError) as e:
        load_from(root)
    assert e.value.file == str(path) and e.value.entry == "possessed" and "harbinger" in str(e.value)


def test_an_expansion_character_is_checked_like_a_base_one(tmp_path):
    """003 Character Cards (loading): an unknown ability, start space or field in an
    expansion's characters.yaml is an error naming the file, the entry and the field."""
    root = _data_copy(tmp_path)
    path = root / "expansions" / "blood_moon" / "characters.yaml"
    text = path.read_text()
    for bad, field in (("abilities: [redraw_non_enemy]", "abilities"),
                       ("start: city,", "start")):
        wrong = {"abilities": "abilities: [no_such_ability]", "start": "start: nowhere,"}[field]
        path.write_text(text.replace(bad, wrong))
        with pytest.raises(DataError) as e:
            load_from(root)
        assert e.value.file == str(path) and e.value.entry == "vampire_hunter"
        assert e.value.field == field
    path.write_text(text.replace("strength: 4,", "strength: 0,"))
    with pytest.raises(DataError) as e:
        load_from(root)
    assert e.value.file == str(path) and "strength" in str(e.value)


# --- choosing ----------------------------------------------------------------------------------

@pytest.mark.parametrize("cid,exp", [(c, "harbinger") for c in HARBINGER]
                         + [(c, "blood_moon") for c in BLOOD_MOON])
def test_an_expansion_character_needs_its_expansion(cid, exp):
    """001 Components / 003 Character Cards: a character from an expansion may be chosen only
    with that expansion in play (a clear error otherwise); with it the character starts from its
    card (stand-in values).  003 Expansion Rules: the Blood Moon's "can be played either with
    this expansion or independently" (tests/expansions/test_blood_moon_alone.py)."""
    other = "blood_moon" if exp == "harbinger" else "harbinger"
    if exp == "harbinger":
        with pytest.raises(TalismanError, match=f"{cid}.*{exp}"):
            talisman.new_game([cid, "warrior"], seed=1)
        with pytest.raises(TalismanError, match=exp):
            talisman.new_game([cid, "warrior"], expansions=[other], seed=1)
    else:
        assert talisman.new_game([cid, "warrior"], expansions=[other], seed=1).characters[cid].alive
    s = talisman.new_game([cid, "warrior"], expansions=[exp], seed=1)
    cdef = load().characters[cid]
    ch = s.characters[cid]
    assert (ch.space, ch.strength, ch.craft, ch.fate, ch.alignment) == (
        cdef.start, cdef.strength, cdef.craft, cdef.fate, cdef.alignment)


def test_new_characters_after_a_death_come_only_from_sets_in_play():
    """LOSING ALL LIVES (new character) with 003 Character Cards / 001 Components: the characters
    offered are those of the base game and of the expansions in play."""
    base = talisman.new_game(["warrior"], seed=1)
    assert not set(unused_characters(base)) & set(HARBINGER + BLOOD_MOON)
    assert "wizard" in unused_characters(base)
    bm = talisman.new_game(["warrior"], expansions=["blood_moon"], seed=1)
    assert set(BLOOD_MOON) <= set(unused_characters(bm))
    assert not set(unused_characters(bm)) & set(HARBINGER)
    both = talisman.new_game(["doomsayer", "possessed"], expansions=["harbinger", "blood_moon"], seed=1)
    offered = set(unused_characters(both))
    assert set(HARBINGER + BLOOD_MOON) - offered == {"doomsayer", "possessed"}


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(strategies.configs())
def test_random_configurations_choose_base_characters_by_default(config):
    """001 Components: the testing strategies keep to the base game's characters unless told."""
    assert all(load().characters[c].set == "base" for c in config["characters"])


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(strategies.configs(character_sets=("base", "harbinger", "blood_moon"), expansions=()))
def test_random_configurations_with_expansion_characters_bring_their_expansion(config):
    """001 Components / 003 Character Cards: a configuration holding an expansion's character
    holds its expansion, so it can always be set up."""
    for c in config["characters"]:
        s = load().characters[c].set
        assert s == "base" or s in config["expansions"]
    strategies.new_game(config)


# --- 003 Character Cards: the Blood Moon's abilities ---------------------------------------------

def test_the_doomsayer_gains_fate_when_another_character_draws_events():
    """003 Character Cards (the Doomsayer, ``doom_fate_on_events``): another character drawing
    Events gives him 1 fate (once per draw); his own Events give him nothing."""
    s = game([{"id": "warrior", "space": "tavern"}, {"id": "doomsayer", "space": "city", "fate": 1}],
             expansions=["blood_moon"], deck_tops={"adventure": ["book_of_spells", "angel", "sword"]})
    s = ok(play(s, "roll:2", "move:ruins"))   # two Events at the Ruins: one gain
    assert s.characters["doomsayer"].fate == 2
    gained = [e for e in events(s, "fate_gained") if e["character"] == "doomsayer"]
    assert [(e["amount"], e["cause"]) for e in gained] == [(1, "doomsayer: warrior drew an Event")]


def test_the_doomsayer_gains_nothing_from_his_own_events():
    """003 Character Cards (the Doomsayer): his own Events do not feed him."""
    s = game([{"id": "doomsayer", "space": "tavern", "fate": 1}, "warrior"],
             expansions=["blood_moon"], deck_tops={"adventure": ["book_of_spells", "sword"]})
    s = ok(play(s, "roll:2", "move:ruins"))
    assert s.characters["doomsayer"].fate == 1


def test_the_vampire_hunter_may_discard_a_drawn_event_and_draw_again():
    """003 Character Cards (the Vampire Hunter, ``redraw_non_enemy``): before any card is met
    he may discard a drawn Event and draw another card from the same deck in its place (met as
    usual), or keep what he drew."""
    setup = dict(expansions=["blood_moon"],
                 deck_tops={"adventure": ["book_of_spells", "sword", "helmet"]})
    s = game([{"id": "vampire_hunter", "space": "tavern"}, "warrior"], **setup)
    s = ok(play(s, "roll:2", "move:ruins"))
    # the Event and the Object drawn may go (not an Enemy); the offer comes after the Time card's flip
    assert s.pending.player == "vampire_hunter"
    assert legal(s) == {"discard:book_of_spells", "discard:sword", "keep"} and "nightfall" in names(s)
    assert "card_met" not in names(s)
    s = ok(play(s, "discard:book_of_spells"))
    assert "book_of_spells" in s.discards["adventure"]
    assert events(s, "redrawn")[0]["card"] == "book_of_spells"
    assert [e["card"] for e in events(s, "card_drawn")] == ["book_of_spells", "sword", "helmet"]
    assert not any(e["card"] == "book_of_spells" for e in events(s, "card_met"))
    kept = game([{"id": "vampire_hunter", "space": "tavern"}, "warrior"], **setup)
    kept = ok(play(kept, "roll:2", "move:ruins", "keep"))
    assert not events(kept, "redrawn")
    assert any(e["card"] == "book_of_spells" for e in events(kept, "card_met"))


def test_other_characters_are_not_offered_the_vampire_hunters_redraw():
    """003 Character Cards: the redraw is the Vampire Hunter's alone."""
    s = game([{"id": "warrior", "space": "tavern"}, "vampire_hunter"], expansions=["blood_moon"],
             deck_tops={"adventure": ["book_of_spells", "sword"]})
    s = ok(play(s, "roll:2", "move:ruins"))
    assert not events(s, "redrawn") and "discard:book_of_spells" not in legal(s)


def _to_discards(s, cards):
    deck = s.decks["adventure"]
    for c in cards:
        deck = deck.remove(c)
    return replace(s, decks=s.decks.set("adventure", deck),
                   discards=s.discards.set("adventure", s.discards["adventure"].extend(cards)))


def test_the_grave_robber_searches_the_adventure_discards_at_the_graveyard():
    """003 Character Cards (the Grave Robber, ``graveyard_search``): having moved onto the
    Graveyard he may take an Object from the top 8 Adventure discards (deeper ones are not
    seen), or take nothing."""
    s = game([{"id": "grave_robber", "space": "village"}, "warrior"], expansions=["blood_moon"])
    s = _to_discards(s, ["sword", "blizzard", "helmet", "angel", "witch", "hermit", "wolf",
                         "book_of_spells", "bear", "spectre"])   # the Sword lies 10th from the top, the Helmet 8th
    s = ok(play(s, "roll:2", "move:graveyard", "choose:replenish_fate"))   # the Graveyard first
    assert s.pending.player == "grave_robber" and legal(s) == {"take:helmet", "done"}
    s = ok(play(s, "take:helmet"))
    assert "helmet" in s.characters["grave_robber"].objects
    assert "helmet" not in s.discards["adventure"]
    assert events(s, "graveyard_searched")[0]["card"] == "helmet"
    none = game([{"id": "grave_robber", "space": "village"}, "warrior"], expansions=["blood_moon"])
    none = ok(play(none, "roll:2", "move:graveyard", "choose:replenish_fate"))
    assert events(none, "graveyard_searched") == [{"character": "grave_robber", "card": None}]


# --- 001 Components: the Harbinger's abilities ---------------------------------------------------

def test_the_celestial_heals_after_a_battle_won_and_replenishes_fate_for_it():
    """001 Components (the Celestial, ``heal_on_enemy_defeated`` and ``fate_on_healing``):
    beating a creature in battle heals him 1 life at the end of the turn, and the healing
    replenishes 1 fate (never above his starting fate)."""
    s = game([{"id": "celestial", "space": "woods_1", "lives": 2}, "warrior"],
             expansions=["harbinger"], board_cards={"hills_1": ["wolf"]})
    s = ok(play(s, "roll:2", "move:hills_1", "fight", "roll:6", "roll:1"))
    assert events(s, "combat_won")
    ch = s.characters["celestial"]
    assert ch.lives == 3 and ch.fate == 1
    assert [e["cause"] for e in events(s, "healed")][-1] == "heal_on_enemy_defeated"


def test_a_battle_lost_gives_the_celestial_nothing():
    """001 Components (the Celestial): no battle won, no healing."""
    s = game([{"id": "celestial", "space": "woods_1", "lives": 3}, "warrior"],
             expansions=["harbinger"], board_cards={"hills_1": ["wolf"]})
    s = ok(play(s, "roll:2", "move:hills_1", "fight", "roll:1", "roll:6"))
    ch = s.characters["celestial"]
    assert ch.lives == 2 and ch.fate == 0


def test_the_possessed_may_discard_a_stranger_or_place_at_the_start_of_his_turn():
    """001 Components (the Possessed, ``discard_stranger_or_place``): before moving he may
    discard a Stranger or Place lying on his space (an Object there is not offered), or not."""
    s = game([{"id": "warrior", "space": "city"}, {"id": "possessed", "space": "fields_1"}],
             expansions=["harbinger"], board_cards={"fields_1": ["witch", "sword"]})
    s = ok(play(s, "roll:2"))
    while s.current != "possessed" or s.pending.kind not in ("discard",):
        s = ok(play(s, sorted(legal(s))[0]))
    assert legal(s) == {"discard:witch", "done"}
    s = ok(play(s, "discard:witch"))
    assert "witch" in s.discards["adventure"] and list(s.board_cards["fields_1"]) == ["sword"]
    assert s.pending.prompt == "movement of possessed"


# --- seeded random games -------------------------------------------------------------------------

@pytest.mark.parametrize("cid,exp", [(c, "harbinger") for c in HARBINGER]
                         + [(c, "blood_moon") for c in BLOOD_MOON])
def test_a_seeded_random_game_with_each_new_character_runs_to_the_end(cid, exp):
    """001 Components / 003 Character Cards: a seeded random game with the character (and its
    expansion, and with both expansions) runs to its end without an exception, every
    invariant holding at every step."""
    for seed, expansions in ((3, [exp]), (11, ["harbinger", "blood_moon"])):
        s = talisman.new_game([cid, "warrior", "wizard"], expansions=expansions, seed=seed,
                              options={"max_rounds": 25})
        states, _ = play_random(s, 5000, seed)
        assert states[-1].is_over
        for st in states:
            assert invariants.check(st) == []
