"""The Blood Moon's characters played without the Blood Moon (003 Expansion Rules: "The new
character cards, character figures, and Horrible Black Void Alternate Ending Card can be played
either with this expansion or independently"; rulings R-BM19B-1)."""
import sys
from pathlib import Path

import pytest

from talisman import api
from talisman.definitions import load
from talisman.engine.ruleset import RULESET
from talisman.errors import TalismanError
from talisman.engine.records import replace
from talisman.expansions.blood_moon import characters as bm_characters

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
from support import game, legal, play  # noqa: E402


def test_the_three_characters_start_a_game_without_the_expansion():
    """Expansion Rules: each of the three plays "independently": no Time card, no Werewolf."""
    s = api.new_game(["doomsayer", "grave_robber", "vampire_hunter", "warrior"], seed=3)
    assert s.config.expansions == ()
    assert "blood_moon" not in s.ext and "lycanthrope" not in s.decks
    assert {c: s.characters[c].space for c in ("doomsayer", "grave_robber", "vampire_hunter")} == {
        c: load().characters[c].start for c in ("doomsayer", "grave_robber", "vampire_hunter")}


def test_a_game_of_them_alone_survives_the_state_validator():
    """The saved game of such a game loads again (the validator knows they may play alone)."""
    s = api.new_game(["vampire_hunter", "thief"], seed=5)
    assert api.from_json(api.to_json(s)) == s


def test_another_expansions_character_is_still_refused_without_it():
    """Only a character file that says so (``played_alone``) plays without its expansion."""
    harbinger = sorted(c for c, d in load().characters.items() if d.set == "harbinger")
    assert harbinger and not any(load().characters[c].alone for c in harbinger)
    with pytest.raises(TalismanError, match="harbinger"):
        api.new_game([harbinger[0], "warrior"])


def test_their_abilities_are_wanted_only_where_they_play_alone():
    """The base plugin runs in a game without the Blood Moon that has one of them (or may have
    one join from a listed pool); in a Blood Moon game the expansion's own hooks play them, and a
    base game of base characters never runs it (its draws keep the plain frames)."""
    plugin = RULESET.plugin("blood_moon_characters")
    alone = api.new_game(["warrior", "doomsayer"]).config
    with_it = api.new_game(["warrior", "doomsayer"], expansions=["blood_moon"]).config
    base = api.new_game(["warrior", "thief"])
    pool = api.new_game(["warrior", "thief"], options={"character_pool": ["grave_robber", "elf"]}).config
    assert plugin.wanted(alone) and plugin.wanted(pool)
    assert not plugin.wanted(with_it) and not plugin.wanted(base.config)
    assert not RULESET.subscribed(base, "cards_drawn") and not RULESET.subscribed(base, "before_draw")
    assert bm_characters.ABILITIES == {a for c in ("doomsayer", "grave_robber", "vampire_hunter")
                                       for a in load().characters[c].abilities}


def test_the_grave_robber_searches_the_graveyard_without_the_expansion():
    """Expansion Rules with the Grave Robber's card (GRAVEYARD SEARCH): having moved onto the
    Graveyard in a base game, once its encounter is over he may take an Object from the top of
    the Adventure discards."""
    s = game([{"id": "grave_robber", "space": "woods_1"}])
    deck = s.decks["adventure"]
    s = replace(s, decks=s.decks.set("adventure", deck.delete(deck.index("sword"))),
                discards=s.discards.set("adventure", s.discards.get("adventure", ()) + ("sword",)))
    s = play(s, "roll:1", "move:graveyard", "choose:pray", "roll:3")
    assert legal(s) == {"take:sword", "done"} and s.config.expansions == ()
    s = play(s, "take:sword")
    assert "sword" in s.characters["grave_robber"].objects and "sword" not in s.discards["adventure"]
