"""One notion of an Animal (docs/rulings.md R-TS11.1, R-FB12.1, R-FB12.2): a card's subtype
``animal``; a narrower kind a text names is the card's ``breed`` (000 The DOOR: "Mules, Horses,
Horses and Carts, and Warhorses cannot enter"; 000 Entering the Dungeon: "The Horse, Warhorse, and
Horse and Cart may not be taken into the dungeon"); the other kinds of card a text counts with the
Animals are named by the rule that counts them (000 Entering the City: "Dragons")."""
import shutil

import pytest
import yaml

from talisman.definitions import BREEDS, load, load_from
from talisman.engine.data import data_root
from talisman.errors import DataError
from talisman.rules import characters as chars
from talisman.scenarios import setup_state


def test_every_animal_follower_is_one_animal_and_the_mules_are_its_mule_breed():
    assert [c for c in ("mule", "purchase_mule", "unicorn", "dg_dog", "black_cat", "witch_cat", "wolf")
            if chars.is_animal(c)] == ["mule", "purchase_mule", "unicorn", "dg_dog", "black_cat",
                                       "witch_cat", "wolf"]
    assert not chars.is_animal("dragon") and not chars.is_animal("maiden")
    assert {c.id for c in load().cards.values() if c.breed == "mule"} == {"mule", "purchase_mule"}
    assert chars.is_animal("mule", breeds=("mule", "horse")) and not chars.is_animal("mule", breeds=("horse",))
    assert not chars.is_animal("dg_dog", breeds=BREEDS)
    assert chars.is_animal("dragon", also=("dragon",)) and not chars.is_animal("ogre", also=("dragon",))
    assert not chars.is_animal("no_such_card")


def test_a_characters_animals_are_read_among_his_followers_and_objects_in_order():
    s = setup_state({"expansions": ["dungeon"], "characters": [
        {"id": "warrior", "space": "tavern", "followers": ["maiden", "dg_dog", "mule"], "objects": ["sword"]},
        {"id": "troll", "space": "fields_1"}]}, [])
    assert chars.animals(s, "warrior") == ["dg_dog", "mule"]
    assert chars.animals(s, "warrior", breeds=("mule",)) == ["mule"]
    assert chars.animals(s, "warrior", breeds=("horse",)) == []


def _with_card_field(tmp_path, card_id, field, value):
    root = tmp_path / "talisman"
    shutil.copytree(data_root() / "talisman", root)
    path = root / "cards" / "adventure.yaml"
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    next(c for c in doc["cards"] if c["id"] == card_id)[field] = value
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    return root


def test_a_breed_on_a_card_that_is_no_animal_is_a_load_error(tmp_path):
    with pytest.raises(DataError, match=r"'maiden'.*breed"):
        load_from(_with_card_field(tmp_path, "maiden", "breed", "horse"))


def test_an_unknown_breed_is_a_load_error(tmp_path):
    with pytest.raises(DataError, match=r"mule|breed"):
        load_from(_with_card_field(tmp_path, "mule", "breed", "donkey"))
