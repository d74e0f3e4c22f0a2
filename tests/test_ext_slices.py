"""Issue 15 (a typed state): each expansion's slice of ``state.ext`` is a typed record (an attrs
:class:`~talisman.state.ExtRecord` declared with ``rules.kernel.ExtSlice``), written as the same
plain JSON as before and rebuilt, with its fields' types checked, by ``from_json``."""
import json

import pytest

import talisman
from talisman.bots import RandomBot
from talisman.errors import ScenarioError, StateError, TalismanError
from talisman.expansions import MODULES
from talisman.rules import characters, henchmen, master_levels, noblemen
from talisman.scenarios import run_file, setup_state
from talisman.state import EXT_SLICES, ExtRecord

#: A game that keeps each slice: (expansions, options).  The Catacombs keep no state of their own.
GAMES = [((e,), {}) for e in MODULES if e != "catacombs"] + [
    ((), {"master_levels": True, "ability_stockpile": True}),
    ((), {"noblemen": True}),
    ((), {"henchmen": 1}),
]


def played(expansions, options, seed=3, steps=120):
    s = talisman.new_game(["warrior", "wizard", "troll"], expansions=expansions, seed=seed,
                          options={"max_rounds": 30, **options})
    bot = RandomBot(seed)
    for _ in range(steps):
        if s.is_over:
            break
        s = talisman.apply(s, bot.choose(s))
    return s


@pytest.mark.parametrize("expansions, options", GAMES, ids=lambda v: "-".join(v) if isinstance(v, tuple) else "")
def test_every_slice_is_its_typed_record_and_round_trips(expansions, options):
    s = played(expansions, options)
    assert s.ext, "the game keeps some state of its own"
    for key, mine in s.ext.items():
        assert isinstance(mine, ExtRecord) and type(mine) is EXT_SLICES[key]
    text = talisman.to_json(s)
    back = talisman.from_json(text)
    assert back == s and talisman.to_json(back) == text
    for key, mine in back.ext.items():
        assert type(mine) is EXT_SLICES[key]


def test_the_rafts_slice_round_trips():
    s = characters.RAFTS.put(talisman.new_game(["warrior"]), cards={"warrior": ["purchase_raft"]})
    assert s.ext["rafts"] == characters.Rafts(cards={"warrior": ["purchase_raft"]})
    doc = json.loads(talisman.to_json(s))
    assert doc["state"]["ext"]["rafts"] == {"cards": {"warrior": ["purchase_raft"]}}


def test_the_json_of_a_slice_is_its_plain_layout_an_absent_field_left_out():
    """The Blood Moon's ``riders`` is "absent until one does": not in the JSON, None in the record."""
    s = talisman.new_game(["warrior"], expansions=["blood_moon"])
    data = json.loads(talisman.to_json(s))["state"]["ext"]["blood_moon"]
    assert data == {"time": "day", "werewolf": "forest", "werewolf_due": None, "lunar_events": [],
                    "lycanthropes": {}, "stalkers": {}, "jobs": [], "pending": [],
                    "cards": {"lunar_events": [], "lycanthropes": [], "choosing": []}}
    mine = s.ext["blood_moon"]
    assert mine.riders is None and "riders" not in mine and mine.get("riders", "none") == "none"
    assert mine.time == mine["time"] == "day"


def _document(expansions, options=None):
    return json.loads(talisman.to_json(talisman.new_game(["warrior", "wizard"], expansions=expansions,
                                                         options=options or {})))


def _refused(doc):
    with pytest.raises(StateError) as e:
        talisman.from_json(json.dumps(doc))
    return str(e.value)


@pytest.mark.parametrize("where, value, message", [
    (("blood_moon", "time"), 5, "state.ext.blood_moon.time: expected str, got 5"),
    (("blood_moon", "werewolf_due"), ["x"], "state.ext.blood_moon.werewolf_due: expected str or null, got a list"),
    (("blood_moon", "lunar_events"), "night", "state.ext.blood_moon.lunar_events: expected a list"),
    (("blood_moon", "stalkers"), {"warrior": 3}, "state.ext.blood_moon.stalkers.warrior: expected str, got 3"),
    (("blood_moon", "riders"), 7, "state.ext.blood_moon.riders: expected a JSON object or null, got 7"),
])
def test_a_bad_field_of_a_slice_is_refused_naming_its_path(where, value, message):
    doc = _document(["blood_moon"])
    doc["state"]["ext"][where[0]][where[1]] = value
    assert _refused(doc).startswith(message)


def test_a_room_cleared_outside_the_wizards_tower_is_refused():
    """MOVEMENT IN THE WIZARDS TOWER: "The Encounter instructions for each Space must be completed
    before a Character can Move on": ``cleared`` names the Tower's room whose instructions he
    completed, never a space outside the Tower."""
    doc = _document(["wizards_tower"])
    doc["state"]["ext"]["wizards_tower"]["cleared"] = {"warrior": "wt_pit_trap"}
    assert talisman.from_json(json.dumps(doc)).ext["wizards_tower"].cleared["warrior"] == "wt_pit_trap"
    doc["state"]["ext"]["wizards_tower"]["cleared"] = {"warrior": "tavern"}
    assert _refused(doc).startswith("state.ext.wizards_tower.cleared.warrior: expected a room of the "
                                    "Wizard's Tower (wt_door, wt_antechamber, ")
    assert _refused(doc).endswith("got 'tavern'")


def test_a_field_no_slice_has_is_refused():
    doc = _document(["city"])
    doc["state"]["ext"]["city"]["colour"] = "red"
    assert _refused(doc) == "state.ext.city: a City has no field(s) colour"


def test_a_slice_under_a_name_no_one_keeps_is_refused():
    """The Catacombs keep no state of their own: a slice under their id is refused."""
    doc = _document(["catacombs"])
    doc["state"]["ext"]["catacombs"] = {}
    assert _refused(doc) == "state.ext.catacombs: no record is kept under this name"


def test_a_nested_bad_value_names_its_whole_path():
    doc = _document([], {"master_levels": True})
    doc["state"]["ext"]["master_levels"]["ability_pile"] = ["x", 2]
    assert _refused(doc).startswith("state.ext.master_levels.ability_pile.1: expected str, got 2")


def test_a_scenario_setup_builds_the_typed_slice_and_refuses_a_bad_field():
    s = setup_state({"characters": ["warrior"], "expansions": ["blood_moon"],
                     "ext": {"blood_moon": {"time": "night"}}}, [])
    assert type(s.ext["blood_moon"]).__name__ == "BloodMoon" and s.ext["blood_moon"].time == "night"
    with pytest.raises(TalismanError, match=r"ext\.blood_moon\.time: expected str"):
        setup_state({"characters": ["warrior"], "expansions": ["blood_moon"],
                     "ext": {"blood_moon": {"time": 1}}}, [])
    with pytest.raises(TalismanError, match="has no field"):
        setup_state({"characters": ["warrior"], "expansions": ["blood_moon"],
                     "ext": {"blood_moon": {"moon": "full"}}}, [])


def test_the_option_slices_are_registered_by_their_owners():
    assert EXT_SLICES["master_levels"] is master_levels.MasterLevels
    assert EXT_SLICES["noblemen"] is noblemen.Noblemen
    assert EXT_SLICES["henchmen"] is henchmen.Henchmen
    assert EXT_SLICES["rafts"] is characters.Rafts


#: A slice's field naming a character (a key or a value), with a character who is not in a game
#: of the Warrior and the Wizard: (expansion, field, value, the path refused).
NOT_IN_GAME = [
    ("wizards_tower", "cleared", {"troll": "wt_door"}, "wizards_tower.cleared.troll"),
    ("blood_moon", "stalkers", {"troll": "fright_night"}, "blood_moon.stalkers.troll"),
    ("blood_moon", "werewolf_due", "troll", "blood_moon.werewolf_due"),
    ("brotherhood", "warrants", ["warrior", "troll"], "brotherhood.warrants.1"),
    ("timescape", "imprisoned", {"troll": True}, "timescape.imprisoned.troll"),
    ("city", "loans", {"troll": 1}, "city.loans.troll"),
]


@pytest.mark.parametrize("expansion, field, value, path", NOT_IN_GAME, ids=[c[3] for c in NOT_IN_GAME])
def test_a_slice_naming_a_character_not_in_the_game_is_refused(expansion, field, value, path):
    """A slice's character is one of the game's (SETTING UP: the characters chosen are those who
    play): the Troll, a character of the cards, is refused in a game without him, by ``from_json``
    and by a scenario's set-up, the error naming the path and the value."""
    doc = _document([expansion])
    doc["state"]["ext"][expansion][field] = value
    message = _refused(doc)
    assert message.startswith(f"state.ext.{path}: expected ") and "a character of this game" in message
    assert message.endswith("got 'troll'")
    with pytest.raises(StateError) as e:
        setup_state({"characters": ["warrior", "wizard"], "expansions": [expansion],
                     "ext": {expansion: {field: value}}}, [])
    assert e.value.path == f"ext.{path}" and "'troll'" in e.value.reason


def test_a_slice_naming_a_character_of_the_game_is_kept():
    doc = _document(["wizards_tower"])
    doc["state"]["ext"]["wizards_tower"]["cleared"] = {"wizard": "wt_door"}
    assert talisman.from_json(json.dumps(doc)).ext["wizards_tower"].cleared == {"wizard": "wt_door"}
    s = setup_state({"characters": ["warrior", "troll"], "expansions": ["wizards_tower"],
                     "ext": {"wizards_tower": {"cleared": {"troll": "wt_door"}}}}, [])
    assert s.ext["wizards_tower"].cleared["troll"] == "wt_door"


#: The rule options' slices (fix18): a bad value of each is refused by ``from_json``, naming its
#: path; a character named is one of the game's (``check_in_game``).
OPTION_SLICES = [
    ({"henchmen": 1}, "henchmen", "dealt", {"troll": []}, "henchmen.dealt.troll", "a character of this game"),
    ({"henchmen": 1}, "henchmen", "dealt", {"warrior": [{"id": "troll"}]}, "henchmen.dealt.warrior.0.lives",
     "expected a value"),
    ({"master_levels": True}, "master_levels", "ability_pile", ["No Such"], "master_levels.ability_pile.0",
     "expected a name"),
    ({"master_levels": True}, "master_levels", "abilities", {"troll": []}, "master_levels.abilities.troll",
     "a character of this game"),
    ({"noblemen": True}, "noblemen", "realms", {"woods_1": {"owner": "troll", "title": "no_title", "gold": 0}},
     "noblemen.realms.woods_1.owner", "a character of this game"),
    ({"noblemen": True}, "noblemen", "realms", {"woods_1": {"owner": "warrior", "title": "no_title"}},
     "noblemen.realms.woods_1.gold", "expected a value"),
    ({"noblemen": True}, "noblemen", "cards", {"nowhere": []}, "noblemen.cards.nowhere", "a space of the board"),
    ({"noblemen": True}, "noblemen", "cards", {"chapel": []}, "noblemen.cards.chapel", "a space a Realm lies on"),
    ({}, "rafts", "cards", {"troll": []}, "rafts.cards.troll", "a character of this game"),
]


@pytest.mark.parametrize("options, key, field, value, path, message", OPTION_SLICES, ids=[c[4] for c in OPTION_SLICES])
def test_a_bad_value_of_a_rule_options_slice_is_refused_naming_its_path(options, key, field, value, path, message):
    doc = _document([], options)
    doc["state"]["ext"].setdefault(key, {})[field] = value
    if (key, field) == ("noblemen", "realms"):
        doc["state"]["ext"][key]["cards"] = {space: [] for space in value}  # each Realm's tithes
    refused = _refused(doc)
    assert refused.startswith(f"state.ext.{path}: ") and message in refused


def test_a_title_both_held_and_on_the_pile_is_refused():
    """NOBLEMEN: a Title is one card, drawn from the pile by the one who gains it: held, it is no
    longer on the pile (kit16 noted the two were checked apart, never against each other)."""
    doc = _document([], {"noblemen": True})
    mine = doc["state"]["ext"]["noblemen"]
    title = mine["pile"][0]
    mine["held"] = {"wizard": title}
    assert _refused(doc).startswith(f"state.ext.noblemen.held.wizard: expected a Title not on the pile, got {title!r}")
    mine["held"] = {}
    mine["pile"] = mine["pile"] + [title]
    assert _refused(doc).startswith(f"state.ext.noblemen.pile.{len(mine['pile']) - 1}: expected a Title once")
    mine["pile"] = mine["pile"][1:-1]
    mine["held"] = {"wizard": title}
    assert talisman.from_json(json.dumps(doc)).ext["noblemen"].held["wizard"] == title



def _realm_on_the_chapel(doc):
    """The Warrior's Realm on the Chapel, its Title held and off the pile (the JSON's layout)."""
    mine = doc["state"]["ext"]["noblemen"]
    title = mine["pile"][0]
    mine.update(pile=mine["pile"][1:], held={"warrior": title},
                realms={"chapel": {"owner": "warrior", "title": title, "gold": 0}})
    return mine


def test_a_tithe_where_no_realm_lies_is_refused_alike_by_each_door(tmp_path):
    """Tithings lie on a Realm: the check is the option's slice's own (``Noblemen.cards``), so a
    tithe list on a space with no Realm is refused the same way, its path named, by ``from_json``,
    by a scenario's set-up and by a scenario file (where the generic loader once checked it itself,
    for this option alone)."""
    reason = "expected a space a Realm lies on (realms), got 'chapel'"
    doc = _document([], {"noblemen": True})
    doc["state"]["ext"]["noblemen"]["cards"] = {"chapel": []}
    assert _refused(doc) == f"state.ext.noblemen.cards.chapel: {reason}"
    setup = {"characters": ["warrior", "wizard"], "options": {"noblemen": True},
             "ext": {"noblemen": {"cards": {"chapel": []}}}}
    with pytest.raises(StateError) as e:
        setup_state(setup, [])
    assert (e.value.path, e.value.reason) == ("ext.noblemen.cards.chapel", reason)
    path = tmp_path / "tithe.yaml"
    path.write_text("name: a tithe on no Realm\nrules: \"000 Collecting Tithings\"\nsetup:\n"
                    "  characters: [warrior, wizard]\n  options: {noblemen: true}\n"
                    "  ext: {noblemen: {cards: {chapel: []}}}\nactions: []\nexpect: {is_over: false}\n")
    with pytest.raises(ScenarioError) as e:
        run_file(path)
    assert str(e.value) == f"{path}:6: bad setup: ext.noblemen.cards.chapel: {reason}"
    # with the Realm (set-up key ``realms``, placed before ``ext`` is merged) the tithe is kept
    setup["realms"] = {"chapel": {"owner": "warrior", "title": "baron"}}
    assert setup_state(setup, []).ext["noblemen"].cards["chapel"] == []


def test_a_realm_without_its_tithes_list_is_refused():
    """Every Realm keeps its list of tithes (empty when none waits): the engine reads it when the
    owner collects, so a state without it is refused, not played into a KeyError."""
    doc = _document([], {"noblemen": True})
    mine = _realm_on_the_chapel(doc)
    mine["cards"] = {}
    assert _refused(doc).startswith("state.ext.noblemen.cards: expected the tithes of every Realm (an empty "
                                    "list when none waits), got none for 'chapel'")
    mine["cards"] = {"chapel": []}
    assert talisman.from_json(json.dumps(doc)).ext["noblemen"].realms["chapel"]["owner"] == "warrior"
