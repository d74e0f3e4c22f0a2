"""Card data (000 ADVENTURE CARDS, 000 TYPES OF ADVENTURE CARDS, 000 SPELLS, 000 PURCHASE CARDS,
000 TALISMAN CARDS): the decks in data/talisman/cards load, have their published sizes and use only
the effect vocabulary."""
import shutil

import pytest
import yaml

from talisman.definitions import load, load_from
from talisman.effects_schema import EFFECTS
from talisman.engine.data import data_root
from talisman.engine.ruleset import RULESET
from talisman.errors import DataError

ROOT = data_root() / "talisman"
CARD_FILES = sorted((ROOT / "cards").glob("*.yaml"))


def raw_cards():
    """(file name, raw card mapping) for every card in every deck file."""
    for path in CARD_FILES:
        for card in yaml.safe_load(path.read_text())["cards"]:
            yield path.name, card


def walk(effects, where):
    """Yield (where, effect name) for every step, nested steps included."""
    for i, step in enumerate(effects or ()):
        assert isinstance(step, dict) and len(step) == 1, f"{where}[{i}] is not one-key step: {step!r}"
        (name, params), = step.items()
        yield f"{where}[{i}]", name
        if name == "roll":
            for key, sub in params["table"].items():
                yield from walk(sub, f"{where}[{i}].roll[{key}]")
        elif name == "choose":
            for opt in params:
                yield from walk(opt["effects"], f"{where}[{i}].choose:{opt['id']}")
        elif name == "if":
            yield from walk(params["then"], f"{where}[{i}].then")
            yield from walk(params.get("else"), f"{where}[{i}].else")
        elif name == "each_character":
            yield from walk(params["effects"], f"{where}[{i}].each_character")


def of_type(*types, deck="adventure"):
    return [c for c in load().cards.values() if c.deck == deck and c.type in types and c.set == "base"]


def test_each_deck_has_its_published_size_counting_copies():
    """000 ADVENTURE CARDS / 000 SPELLS / 000 PURCHASE CARDS / 000 TALISMAN CARDS: the Revised component
    list gives 104 Adventure, 24 Spell, 28 Purchase and 4 Talisman cards; the Scroll Stockpile
    (SCROLLS) has no published size: 6 stand-in cards."""
    d = load()
    # the set-aside stock (optional_rules: Master Levels, Noblemen, Magic Items) is no deck of a game
    sizes = {deck: len(ids) for deck, ids in d.decks.items() if deck != "optional_rules"}
    assert sizes == {"adventure": 104, "spell": 24, "purchase": 28, "talisman": 4, "scroll": 6}
    for deck, ids in d.decks.items():
        assert sum(c.copies for c in d.cards.values() if c.deck == deck and c.set == "base") == len(ids)


def test_the_talisman_is_its_own_deck_not_an_adventure_card():
    """000 TALISMAN CARDS: a Talisman given by an encounter is drawn from the Talisman stockpile."""
    d = load()
    assert "talisman" not in d.decks["adventure"]
    assert set(d.decks["talisman"]) == {"talisman"}
    assert d.cards["talisman"].type == "talisman" and "talisman" in d.cards["talisman"].abilities


def test_every_enemy_has_a_strength_or_a_craft():
    """000 TYPES OF ADVENTURE CARDS: Enemies attack by Strength (battle) or by Craft (psychic combat)."""
    enemies = of_type("enemy")
    assert len(enemies) == 19
    for c in enemies:
        assert c.strength is not None or c.craft is not None, c.id


def test_spirits_use_craft_and_come_third():
    """000 TYPES OF ADVENTURE CARDS: ENEMY - SPIRIT attacks by psychic combat (Craft); encounter number 3."""
    spirits = [c for c in of_type("enemy") if c.subtype == "spirit"]
    assert {c.id for c in spirits} == {"demon", "ghost", "lemure", "shadow", "spectre", "wraith"}
    for c in spirits:
        assert c.craft is not None and c.craft > 0 and c.strength is None, c.id
        assert c.number == 3, c.id


def test_animals_monsters_and_dragons_use_strength_and_come_second():
    """000 TYPES OF ADVENTURE CARDS: ENEMY - ANIMAL, MONSTER, DRAGON attack in battle (Strength); number 2."""
    beasts = [c for c in of_type("enemy") if c.subtype in ("animal", "monster", "dragon")]
    assert len(beasts) == 13
    for c in beasts:
        assert c.strength is not None and c.craft is None, c.id
        assert c.number == 2, c.id
    assert sum(c.copies for c in of_type("enemy")) == 30


def test_events_come_first_and_strangers_fourth():
    """000 ADVENTURE CARDS: the number on a card gives the encounter order, lowest first (Events 1,
    Strangers 4); every Adventure card has a number."""
    events = of_type("event")
    assert len(events) == 13 and all(c.number == 1 for c in events)
    assert all(c.number == 4 for c in of_type("stranger"))
    assert all(c.number is not None for c in load().cards.values() if c.deck == "adventure" and c.set == "base")


def test_strangers_and_places_stay_on_the_space():
    """000 TYPES OF ADVENTURE CARDS: Strangers and Places are visited and remain face up on the space."""
    for c in of_type("stranger", "place"):
        assert c.stays, c.id


def test_every_effect_name_is_in_the_vocabulary():
    """000 ADVENTURE CARDS / 000 SPELLS: card behaviour is written only in the effect vocabulary
    (the interpreter's, or a base plugin's own: the Way of the Lotus, set aside for the option
    master_levels, makes its caster the Mystic)."""
    base_plugins = {name for pid in RULESET.ids(always=True) for name in RULESET.plugin(pid).effects}
    seen = set()
    for fname, card in raw_cards():
        lists = [("effect", card.get("effect")), ("when_drawn", card.get("when_drawn"))]
        if card.get("cast"):
            lists.append(("cast.effect", card["cast"]["effect"]))
        for field, effects in lists:
            for where, name in walk(effects, f"{fname}:{card['id']}.{field}"):
                assert name in EFFECTS or name in base_plugins, f"{where}: unknown effect {name!r}"
                seen.add(name)
    assert {"roll", "choose", "if", "each_character", "buy", "place_self", "evade"} <= seen


def test_object_bonuses_are_well_formed():
    """000 PURCHASE CARDS / 000 TYPES OF ADVENTURE CARDS: Objects, Magic Objects and Followers add Strength
    or Craft in battle, in psychic combat or always."""
    with_bonus = [c for c in load().cards.values() if c.bonus is not None and c.set == "base"]
    assert with_bonus
    for c in with_bonus:
        assert c.type in ("object", "magic_object", "follower"), c.id
        assert set(c.bonus) <= {"strength", "craft", "in"}, c.id
        assert c.bonus.get("in") in ("battle", "psychic", "always"), c.id
        amounts = [c.bonus[k] for k in ("strength", "craft") if k in c.bonus]
        assert amounts and all(isinstance(n, int) and n > 0 for n in amounts), c.id
    cards = load().cards
    assert dict(cards["sword"].bonus) == {"strength": 1, "in": "battle"}
    assert dict(cards["purchase_sword"].bonus) == {"strength": 1, "in": "battle"}
    assert (cards["armour"].save, cards["shield"].save, cards["helmet"].save) == ("4-6", "5-6", "6")
    assert cards["holy_lance"].alignment == ("good", "neutral")
    assert cards["mule"].carry == 4 and cards["purchase_mule"].carry == 4


def test_purchase_cards_are_what_the_shops_sell():
    """000 PURCHASE CARDS: a purchased Object is taken from the Purchase deck; every `buy` names one."""
    cards = load().cards
    purchase = {c.id for c in cards.values() if c.deck == "purchase" and c.set == "base"}
    assert {cards[i].name for i in purchase} == {"Armour", "Axe", "Helmet", "Shield", "Water Bottle",
                                                 "Mule", "Sword", "Raft"}
    bought = set()
    for fname, card in raw_cards():
        for field in ("effect",):
            stack = list(card.get(field) or ())
            while stack:
                (name, params), = stack.pop().items()
                if name == "buy":
                    bought |= set(params["items"])
                elif name == "choose":
                    for opt in params:
                        stack.extend(opt["effects"])
                elif name == "each_character":
                    stack.extend(params["effects"])
    assert bought and bought <= purchase


def test_immobility_is_cast_in_combat_and_evades():
    """000 SPELLS: a Spell is cast only as its card says; Immobility lets a creature be evaded."""
    imm = load().cards["immobility"]
    assert imm.deck == "spell" and imm.copies == 2
    assert {"combat", "psychic_combat"} <= set(imm.cast["when"])
    assert imm.cast["target"] == "creature"
    assert [dict(step) for step in imm.cast["effect"]] == [{"immobilize": {}}]  # one creature: EVADING


def test_the_loader_rejects_a_roll_table_that_misses_a_result(tmp_path):
    """000 ADVENTURE CARDS: a roll table must cover every die result exactly once; a gap is a load error
    naming the file, the card and the table."""
    dest = tmp_path / "talisman"
    shutil.copytree(ROOT, dest)
    path = dest / "cards" / "adventure.yaml"
    doc = yaml.safe_load(path.read_text())
    cave = next(c for c in doc["cards"] if c["id"] == "cave")
    del cave["effect"][0]["roll"]["table"]["6+"]
    path.write_text(yaml.safe_dump(doc, sort_keys=False))
    with pytest.raises(DataError) as e:
        load_from(dest)
    msg = str(e.value)
    assert "adventure.yaml" in msg and "'cave'" in msg and "table" in msg
    assert "results from 6 up are not covered" in msg
