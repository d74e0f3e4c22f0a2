"""An enemy's combat kind is card data (issue 19): ENEMY (000) "Spirits attack in psychic
combat", the other Enemies in battle, unless the card's ``fights_by`` says otherwise; a Dragon
that fights by Craft (the Blood Moon's Crypt Wyvern and Zombie Dragon, only inferred from the
card database's blocks) keeps its Dragon subtype."""
import shutil

import pytest

from talisman.definitions import load, load_from
from talisman.engine.data import data_root
from talisman.errors import DataError
from talisman.rules import combat


def test_the_default_kind_follows_the_type():
    cards = load().cards
    assert cards["ghost"].fights_by is None and cards["ghost"].combat_kind == "psychic"
    assert cards["dragon"].fights_by is None and cards["dragon"].combat_kind == "battle"


@pytest.mark.parametrize("card", ["crypt_wyvern", "zombie_dragon"])
def test_a_craft_dragon_is_valued_by_its_craft(card):
    c = load().cards[card]
    assert c.subtype == "dragon" and c.combat_kind == "psychic"
    assert combat.enemy_from_card(None, "thief", card)["value"] == c.craft


def _copy_data(tmp_path):
    root = tmp_path / "talisman"
    shutil.copytree(data_root() / "talisman", root)
    return root


def _add_line(root, card_id, line):
    path = root / "cards" / "adventure.yaml"
    text = path.read_text(encoding="utf-8")
    assert f"- id: {card_id}\n" in text
    path.write_text(text.replace(f"- id: {card_id}\n", f"- id: {card_id}\n  {line}\n"), encoding="utf-8")


def test_fighting_by_a_value_the_card_lacks_is_a_load_error(tmp_path):
    root = _copy_data(tmp_path)
    _add_line(root, "dragon", "fights_by: craft")  # the base Dragon has a Strength only
    with pytest.raises(DataError, match=r"'dragon'.*fights_by"):
        load_from(root)


def test_fights_by_on_a_card_that_is_no_enemy_is_a_load_error(tmp_path):
    root = _copy_data(tmp_path)
    _add_line(root, "angel", "fights_by: strength")
    with pytest.raises(DataError, match=r"'angel'.*fights_by"):
        load_from(root)


def test_an_unknown_kind_is_a_load_error(tmp_path):
    root = _copy_data(tmp_path)
    _add_line(root, "ghost", "fights_by: fate")
    with pytest.raises(DataError, match=r"ghost|fights_by"):
        load_from(root)
