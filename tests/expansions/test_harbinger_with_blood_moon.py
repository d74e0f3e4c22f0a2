"""The Harbinger and the Blood Moon together: cards one expansion sends to a discard pile are
heard by the other's listeners (the base ``card_discarded`` hook point, ruling R-BMC-1)."""
from talisman.expansions.harbinger import dead
from talisman.scenarios import setup_state


def test_open_graves_discarding_a_spirit_gives_the_ghostwood_wand_its_spell():
    """001 Open Graves ("the top 10 Adventure cards are discarded") meets 003 Adventure Cards'
    Ghostwood Wand ("whenever a Spirit goes to the discard pile, may gain 1 Spell",
    card-data.md 1.3): a Spirit among the discarded cards gives the holder a Spell at once."""
    s = setup_state({
        "expansions": ["harbinger", "blood_moon"],
        "characters": [{"id": "wizard", "space": "woods_1", "fate": 0, "craft": 5,
                        "spells": [], "objects": ["ghostwood_wand"]},
                       {"id": "warrior", "space": "plains_3", "fate": 0}],
        "deck_tops": {"adventure": ["spectre", "helmet"], "spell": ["hex"]},
    }, [])
    after = dead.discard_top(s, {"deck": "adventure", "count": 2}, "wizard", {"card": "omen_open_graves"})
    assert list(after.discards["adventure"])[-2:] == ["spectre", "helmet"]
    assert list(after.characters["wizard"].spells) == ["hex"]
    assert list(s.characters["wizard"].spells) == []  # the input state is untouched


def test_discarding_no_spirit_gives_the_wand_nothing():
    """The same discard without a Spirit: no Spell (003 Adventure Cards, Ghostwood Wand)."""
    s = setup_state({
        "expansions": ["harbinger", "blood_moon"],
        "characters": [{"id": "wizard", "space": "woods_1", "fate": 0, "craft": 5,
                        "spells": [], "objects": ["ghostwood_wand"]}],
        "deck_tops": {"adventure": ["helmet", "sword"], "spell": ["hex"]},
    }, [])
    after = dead.discard_top(s, {"deck": "adventure", "count": 2}, "wizard", {"card": "omen_open_graves"})
    assert list(after.discards["adventure"])[-2:] == ["helmet", "sword"]
    assert list(after.characters["wizard"].spells) == []
