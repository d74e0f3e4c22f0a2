"""000 NOBLEMEN: "they may take a Title card chosen at Random and begin using any Special Abilities
pertaining thereto" -- a Title card's abilities are lent to its holder (``ability_lent``, counted by
``characters.has_ability``), not printed on a Character Card he plays: the ``title_abilities`` hook
(000 MASTER LEVEL CHARACTERS: "take the appropriate Character Card") is not answered for them, and no
Title grants the one ability the rules ask of a character card alone (docs/rulings.md R-FB13.2)."""
from __future__ import annotations

import talisman
from talisman.engine.ruleset import RULESET
from talisman.rules import characters as chars
from talisman.rules import noblemen


def _noble(title):
    s = talisman.new_game(["warrior", "wizard"], options={"noblemen": True}, seed=2)
    m = noblemen.SLICE.plain(s)
    m["pile"].remove(title)
    m["held"]["warrior"] = title
    return noblemen.SLICE.put(s, **m)


def test_a_title_s_ability_is_lent_not_printed_on_a_character_card():
    s = _noble("marquis")
    assert list(noblemen.table()["marquis"]["abilities"]) == ["prayer_bonus"]
    assert chars.has_ability(s, "warrior", "prayer_bonus")
    assert not chars.card_ability(s, "warrior", "prayer_bonus")
    assert not chars.has_ability(s, "wizard", "prayer_bonus")


def test_no_title_answers_the_title_abilities_hook_nor_grants_keeps_one_spell():
    assert "title_abilities" not in RULESET.plugin("noblemen").hooks
    assert "title_abilities" in RULESET.plugin("master_levels").hooks
    granted = {a for t in noblemen.table().values() for a in t["abilities"]}
    # the one ability a rule asks of a printed character card (NUMBER OF SPELLS, R-FG12.1)
    assert "keeps_one_spell" not in granted
    assert granted == {"evade_in_hills", "cave_bonus", "forest_safe", "evade_in_woods", "prayer_bonus"}
