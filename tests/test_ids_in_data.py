"""Card and space ids live in data (issue 15, item 7): rule code finds a space by its role on the
board (``role:`` in data/talisman/board.yaml), the endings' places, the Sentinel's Strength and
the Minstrel's and Sorceress's followers come from data, and no module of ``talisman/rules``
compares against (or names) a literal id of the data, except the reasoned entries of ``ALLOWED``.

The scan: a string constant that is a *space* id anywhere in a rule module (docstrings and
f-string text aside); a string constant that is a *card* id in a comparison (``==``, ``!=``,
``in``..., not one against a ``.kind``, ``.type`` or ``.subtype``: those are card types,
subtypes and action kinds) or in a module-level literal table.

A second scan (fix20), over all of ``src/talisman`` (the Triwizard Maze aside): a module-level table (a
tuple, list, set or dict, wrapped or not) naming two ids or more of the data, except the reasoned
entries of ``ALLOWED_TABLES`` (registries keyed by id; a dict whose values are code is one).
"""
from __future__ import annotations

import ast
import shutil
from pathlib import Path

import pytest
import yaml

from talisman.definitions import ROLES, load, load_from
from talisman.engine.data import data_root
from talisman.errors import DataError

RULES = Path(__file__).resolve().parents[1] / "src" / "talisman" / "rules"

#: Attributes compared against names that are not ids (card types and subtypes, action kinds).
NOT_IDS = {"kind", "type", "subtype"}

#: ``(module under talisman/rules, literal) -> why it may stay``.  Each entry must still be
#: found (a stale entry fails the test too).
ALLOWED = {
    # --- names that are also an id of the data, but mean something else here
    ("abilities.py", "city"): "the City expansion's id (the Leprechaun's params.city, the "
                              "expansions in play, a space's origin), not the main board's City",
    ("characters.py", "talisman"): "the card *type* talisman (OBJECT_TYPES, MAGIC_OBJECT_TYPES: the "
                                   "Talisman is a Magic Object, rulings R-EN10.2, R-NA11.5), and the "
                                   "deck of that name (a Talisman's home deck)",
    ("encounters.py", "talisman"): "the card type talisman (TAKEABLE)",
    ("master_levels.py", "talisman"): "the ability id talisman (\"Magic Items are Talismans for "
                                      "their aligned owner\"), not the card",
    ("characters.py", "armour"): "the ability id armour of a card's abilities, not the card",
    ("combat.py", "dragon"): "the Enemy subtype dragon (STRENGTH_ENEMIES)",
    ("effects.py", "teleport"): "the effect name teleport in the effect registry, not the Spell",
    ("movement.py", "ring"): "the region shape ring, not the Ring card",
    ("movement.py", "teleport"): "the effect name teleport in a card's cast effects (may_land), "
                                 "not the Spell",
    ("endings/crown.py", "crown_of_command"): "the Alternative Ending id crown_of_command (the "
                                              "ending that keeps the space's own rules)",
    # --- the lasting effects: state.lasting is keyed by the card whose effect lasts; lasting.KNOWN
    #     is their handler registry, the other modules ask it whether the effect is in force
    ("lasting.py", "blizzard"): "lasting.KNOWN: the lasting effects' registry, keyed by card",
    ("lasting.py", "destroy_magic"): "lasting.KNOWN: the lasting effects' registry, keyed by card",
    ("movement.py", "blizzard"): "a read of the lasting-effects registry (the Blizzard in force)",
    ("characters.py", "destroy_magic"): "a read of the lasting-effects registry (Destroy Magic in force)",
    ("combat.py", "destroy_magic"): "a read of the lasting-effects registry (Destroy Magic in force)",
    ("spells.py", "destroy_magic"): "a read of the lasting-effects registry (Destroy Magic in force)",
}


def _strings(node):
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [s for e in node.elts for s in _strings(e)]
    if isinstance(node, ast.Dict):
        return [s for e in (*node.keys, *node.values) if e is not None for s in _strings(e)]
    return []


def literal_ids(source, spaces, cards):
    """``{(line, literal, "space" | "card")}``: the ids of the data a module's source names."""
    tree = ast.parse(source)
    skip = {id(n.value) for n in ast.walk(tree)
            if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)}      # docstrings
    skip |= {id(v) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) for v in n.values}
    found = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value in spaces \
                and id(n) not in skip:
            found.add((n.lineno, n.value, "space"))
        if isinstance(n, ast.Compare):
            operands = [n.left, *n.comparators]
            if any(isinstance(o, ast.Attribute) and o.attr in NOT_IDS for o in operands):
                continue
            found |= {(s.lineno, s.value, "card") for o in operands for s in _strings(o)
                      if s.value in cards}
    for stmt in tree.body:  # module-level tables
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and stmt.value is not None:
            found |= {(s.lineno, s.value, "card") for s in _strings(stmt.value) if s.value in cards}
    return found


def _scan():
    d = load()
    spaces, cards = set(d.board.spaces), set(d.cards)
    found = {}
    for path in sorted(RULES.rglob("*.py")):
        module = path.relative_to(RULES).as_posix()
        for line, value, kind in literal_ids(path.read_text(encoding="utf-8"), spaces, cards):
            found.setdefault((module, value), []).append(f"{module}:{line} {kind} id {value!r}")
    return found


def _outside_allow_list(found, allowed, shown):
    """What ``found`` holds against ``allowed``: its keys not allowed (their lines ``shown(key,
    value)``), the allowed keys no longer found (stale entries) and the allowed keys whose
    reason is too short to be one."""
    unexpected = sorted(line for key, value in found.items() if key not in allowed for line in shown(key, value))
    stale = sorted(set(allowed) - set(found))
    unexplained = sorted(key for key, why in allowed.items() if len(why) <= 20)
    return unexpected, stale, unexplained


def test_no_rule_module_names_an_id_of_the_data_outside_the_allow_list():
    unexpected, stale, unexplained = _outside_allow_list(_scan(), ALLOWED, lambda key, where: where)
    assert not unexpected, "ids in rule code (move them to data), or allow them with a reason:\n" + "\n".join(unexpected)
    assert not stale, f"allowed entries no longer found (drop them): {stale}"
    assert not unexplained, f"allowed without a reason: {unexplained}"


def test_the_scan_catches_a_comparison_with_a_space_or_card_id():
    spaces, cards = {"crown_of_command", "plain_of_peril"}, {"maiden", "raft"}
    src = '''
"""The crown_of_command in a docstring is prose."""
PLACES = ("plain_of_peril",)
FOLLOWERS = {"maiden"}
def f(state, space, action, card):
    if space == "crown_of_command":
        return f"crown_of_command {space}"
    if action.kind == "raft" or card.subtype == "maiden":
        return None
    return card in ("maiden", "other")
'''
    assert literal_ids(src, spaces, cards) == {
        (3, "plain_of_peril", "space"), (4, "maiden", "card"), (6, "crown_of_command", "space"),
        (10, "maiden", "card")}


# --- tables of ids anywhere in src/ (fix20) -----------------------------------------------------

SRC = RULES.parent

#: ``(module under talisman, name assigned) -> why its table of ids may stay``: a module-level
#: table naming two ids or more of the data (spaces, cards, characters, endings, decks) is a list
#: the data should hold (the Wizard's Tower's rooms, the endings' tasks, the open stocks were such
#: lists), unless it is a registry of rule code keyed by id or names something else.  Each entry
#: must still be found.
ALLOWED_TABLES = {
    ("console.py", "VERBS"): "the action kinds' verbs (move, teleport, hex, raft...), names of the notation "
                             "that are also card ids",
    ("definitions.py", "ENDINGS_SCHEMA"): "the schema of endings.yaml: the entries the file must have",
    ("definitions.py", "RULE_DECKS"): "the deck ids the base rules deal and draw from by name, checked on "
                                      "load to be made by a card file (ruling R-HARDEN19.5); deck ids, "
                                      "two of which are also card ids",
    ("rules/endings/crown.py", "ENDINGS"): "the registry of the implemented Alternative Endings: each "
                                           "id is played by rule code of its own",
    ("rules/lasting.py", "KNOWN"): "lasting.KNOWN: the lasting effects' registry, keyed by card",
    ("rules/setup.py", "DEFAULT_CHARACTERS"): "new_game's default characters (the public API's "
                                              "default argument), not a rule",
}

#: Calls that only wrap a table (``frozenset({...})``, ``dict.fromkeys((...), v)``).
_WRAPPERS = {"frozenset", "set", "tuple", "list", "fromkeys"}


def _table_strings(node):
    """The string constants of a table: the elements of a tuple, list or set (or one wrapped), a
    dict's keys with their string values; a dict entry whose value is code (a handler, a schema,
    another call) is a registry's and is passed over."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [s for e in node.elts for s in _table_strings(e)]
    if isinstance(node, ast.BinOp):
        return _table_strings(node.left) + _table_strings(node.right)
    if isinstance(node, ast.Call):
        f = node.func
        name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
        return [s for a in node.args for s in _table_strings(a)] if name in _WRAPPERS else []
    if isinstance(node, ast.Dict):
        out = []
        for k, v in zip(node.keys, node.values):
            values = _table_strings(v)
            if k is None or values or isinstance(v, ast.Constant):
                out += (_table_strings(k) if k is not None else []) + values
        return out
    return []


def table_ids(source, ids):
    """``{name: {id, ...}}``: the module-level tables of ``source`` naming two ids or more of
    ``ids`` (a set of the data's ids)."""
    found = {}
    for stmt in ast.parse(source).body:
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and stmt.value is not None:
            named = {s.value for s in _table_strings(stmt.value)} & ids
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            if len(named) >= 2:
                for t in targets:
                    found[t.id if isinstance(t, ast.Name) else ast.unparse(t)] = named
    return found


def _data_ids():
    """The ids of the data a table in code should not list: spaces, cards, characters, the
    endings of endings.yaml, decks; not the expansions' ids (the City's, the Catacombs') nor the
    card types (a deck of Spells is the type ``spell`` too)."""
    from talisman.definitions import CARD_TYPES
    from talisman.engine.ruleset import RULESET
    d = load()
    decks = set(d.decks) | {deck for decks in d.expansion_decks.values() for deck in decks}
    ids = set(d.board.spaces) | set(d.cards) | set(d.characters) | set(d.endings) | decks
    return ids - set(RULESET.ids()) - set(RULESET.ids(always=True)) - set(CARD_TYPES)


def scan_src(scan) -> dict:
    """``scan(source, ids)``'s findings in every module of ``src/talisman`` (the Triwizard aside: another
    game, with data of its own), keyed by (module, name)."""
    ids = _data_ids()
    found = {}
    for path in sorted(SRC.rglob("*.py")):
        if "triwizard" in path.parts:
            continue
        module = path.relative_to(SRC).as_posix()
        for name, value in scan(path.read_text(encoding="utf-8"), ids).items():
            found[(module, name)] = value
    return found


def test_no_module_of_src_keeps_a_table_of_ids_outside_the_allow_list():
    found = scan_src(table_ids)
    unexpected, stale, unexplained = _outside_allow_list(
        found, ALLOWED_TABLES, lambda key, named: [f"{key[0]} {key[1]}: {sorted(named)}"])
    assert not unexpected, "tables of ids in code (move them to data), or allow them with a reason:\n" + "\n".join(unexpected)
    assert not stale, f"allowed entries no longer found (drop them): {stale}"
    assert not unexplained, f"allowed without a reason: {unexplained}"


def test_the_table_scan_catches_a_list_of_ids_and_passes_over_registries():
    ids = {"wt_door", "wt_antechamber", "dragon_king", "pandoras_box", "purchase", "timescape_purchase",
           "teleport", "blizzard"}
    src = '''
ROOMS = ("wt_door", "wt_antechamber")
TASKS = {**dict.fromkeys(("king",), "dragon_king"), **dict.fromkeys(("goal",), "pandoras_box")}
OPEN: frozenset = frozenset({"purchase", "timescape_purchase"})
ONE = ("wt_door", "hall")
EFFECTS = {"teleport": teleport, "blizzard": lambda s: s}
SCHEMAS = {"teleport": _obj(), "blizzard": {"type": "object"}}
def f():
    return ("wt_door", "wt_antechamber")
'''
    assert table_ids(src, ids) == {"ROOMS": {"wt_door", "wt_antechamber"},
                                   "TASKS": {"dragon_king", "pandoras_box"},
                                   "OPEN": {"purchase", "timescape_purchase"}}


# --- a main-board space named outside talisman/rules (fix27) ---------------------------------------

#: ``(module under talisman, literal) -> why it may stay``: the expansions, the bots and the rest
#: of ``src/talisman`` find a space of the main board by its role (``load().board.role("crown")``)
#: or by what its data says of it, not by its id written in code (the Harbinger's endings and
#: figure compared against ``"crown_of_command"``, the bot headed for ``"temple"``).  Each entry
#: must still be found.
ALLOWED_MAIN_SPACES = {
    ("expansions/blood_moon/characters.py", "graveyard"): "GRAVEYARD SEARCH, the Grave Robber's ability "
                                                          "at the main board's Graveyard (no role: a role "
                                                          "for the Blood Moon would be the base board's "
                                                          "data naming an expansion, as WEREWOLF_START's)",
    ("expansions/blood_moon/store.py", "forest"): "WEREWOLF_START, allowed in ALLOWED_CONSTANTS with its reason",
    ("expansions/timescape/__init__.py", "village"): "HELPERS, the Mystic's Village (no role: the comment "
                                                     "above HELPERS gives the reason)",
    ("expansions/wizards_tower/__init__.py", "death"): "the figure of Death (Dice with Death's opponent "
                                                       "in a contest event), not the Death space",
}


def main_space_ids():
    """The ids of the main board's spaces that are not also an expansion's id (the City)."""
    from talisman.engine.ruleset import RULESET
    board = load().board
    return ({s for s in board.spaces if s not in board.origin}
            - set(RULESET.ids()) - set(RULESET.ids(always=True)))


def _main_spaces_scan():
    spaces = main_space_ids()
    found = {}
    for path in sorted(SRC.rglob("*.py")):
        module = path.relative_to(SRC).as_posix()
        if "triwizard" in path.parts or module.startswith("rules/"):  # the rules: the first scan
            continue
        for line, value, _ in literal_ids(path.read_text(encoding="utf-8"), spaces, set()):
            found.setdefault((module, value), []).append(f"{module}:{line} space id {value!r}")
    return found


def test_no_module_outside_the_rules_names_a_main_board_space_outside_the_allow_list():
    unexpected, stale, unexplained = _outside_allow_list(_main_spaces_scan(), ALLOWED_MAIN_SPACES,
                                                         lambda key, where: where)
    assert not unexpected, "main-board space ids in code (find them by role or by their data), or allow " \
                           "them with a reason:\n" + "\n".join(unexpected)
    assert not stale, f"allowed entries no longer found (drop them): {stale}"
    assert not unexplained, f"allowed without a reason: {unexplained}"


def test_the_main_space_scan_catches_an_inline_space_id():
    """The two shapes fix24 left: a comparison with the Crown's id (the Harbinger's endings and
    figure) and a space id returned as a goal (the bot's Temple)."""
    src = '''
"""Heads for the temple (prose in a docstring)."""
def goal(state, c):
    if state.characters[c].space == "crown_of_command":
        return f"temple {c}"
    return "temple"
def fine(state, c):
    return state.characters[c].space == load().board.role("crown")
'''
    assert literal_ids(src, {"crown_of_command", "temple"}, set()) == {
        (4, "crown_of_command", "space"), (6, "temple", "space")}
    assert {"crown_of_command", "temple", "graveyard"} <= main_space_ids()
    assert "city" not in main_space_ids()   # the City expansion's id too


def test_the_bot_finds_the_temple_by_its_data():
    """THE TEMPLE (a result of 10: "gain a Talisman"): the heuristic bot heads for the one space of
    the main board whose own effect gives a Talisman."""
    from talisman import bots
    assert bots.prayer_space() == "temple"
    assert load().board.spaces[bots.prayer_space()].name == "Temple"


# --- one id as a module-level constant, anywhere in src/ (fix24) ---------------------------------

#: ``(module under talisman, name assigned) -> why its one id may stay``: a module-level constant
#: that is one id of the data (``CROWN = "crown_of_command"``) is a space the board's data should
#: give by a role, or a card a mark of its data should single out.  Each entry must still be found.
ALLOWED_CONSTANTS = {
    ("definitions.py", "SET_ASIDE"): "the deck the optional rules' cards are set aside in: the loader's "
                                     "name for a deck no game plays, not a rule's card",
    ("expansions/blood_moon/lantern.py", "DECK"): "the deck name adventure (the Lantern draws from the "
                                                  "Adventure deck), a deck, not a card",
    ("expansions/timescape/ranged.py", "STOCK"): "the deck name of the Timescape Purchase stock, a deck, "
                                                 "not a card",
    ("expansions/blood_moon/store.py", "WEREWOLF_START"): "the Forest, a main-board space with no role: "
                                                          "a role for the Blood Moon would be the base "
                                                          "board's data naming an expansion",
    ("expansions/dungeon/__init__.py", "DOORWAY"): "the Dungeon's Doorway card (beside the City's in "
                                                   "DOORWAYS): the cards the Dungeon itself deals and "
                                                   "counts, its own card ids",
    ("expansions/timescape/__init__.py", "CITY_ENCHANTRESS"): "the City board's Enchantress building: a "
                                                              "role for the Timescape would be the City's "
                                                              "data naming another expansion",
}


def constant_ids(source, ids):
    """``{name: id}``: the module-level constants of ``source`` that are one id of ``ids``."""
    found = {}
    for stmt in ast.parse(source).body:
        if (isinstance(stmt, (ast.Assign, ast.AnnAssign)) and isinstance(stmt.value, ast.Constant)
                and isinstance(stmt.value.value, str) and stmt.value.value in ids):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            for target in targets:
                found[target.id if isinstance(target, ast.Name) else ast.unparse(target)] = stmt.value.value
    return found


def test_no_module_of_src_keeps_one_id_as_a_constant_outside_the_allow_list():
    found = scan_src(constant_ids)
    unexpected, stale, unexplained = _outside_allow_list(
        found, ALLOWED_CONSTANTS, lambda key, one: [f"{key[0]} {key[1]} = {one!r}"])
    assert not unexpected, "ids as constants in code (a role or a mark in data), or allow them with a reason:\n" + "\n".join(unexpected)
    assert not stale, f"allowed entries no longer found (drop them): {stale}"
    assert not unexplained, f"allowed without a reason: {unexplained}"


def test_the_constant_scan_catches_one_id_and_passes_over_other_strings():
    ids = {"crown_of_command", "ts_warp_belt"}
    src = '''
CROWN = "crown_of_command"
BELT: str = "ts_warp_belt"
RED = "red"
PAIR = ("crown_of_command",)
def f():
    here = "crown_of_command"
'''
    assert constant_ids(src, ids) == {"CROWN": "crown_of_command", "BELT": "ts_warp_belt"}


def test_the_base_rules_find_their_spaces_by_role():
    """THE CROWN OF COMMAND SPACE, THE PORTAL OF POWER, MOVEMENT IN THE INNER REGION: the spaces
    the rules name, each by one role of the main board."""
    board = load().board
    assert {r: board.role(r) for r in ROLES} == {
        "crown": "crown_of_command", "crown_gate": "valley_of_fire", "portal": "portal_of_power",
        "inner_gate": "plain_of_peril", "warlock": "warlocks_cave"}
    # "A Character may only Encounter another Character on the Plain of Peril and the Valley of
    # Fire" (and on the Crown of Command)
    assert sorted(s for s, sp in board.spaces.items() if sp.meet_characters) == [
        "crown_of_command", "plain_of_peril", "valley_of_fire"]
    bridge = board.link_at("sentinel", "bridge")
    assert (bridge.guard, bridge.strength) == ("sentinel", 9)   # SENTINEL SPACE: Strength 9
    with pytest.raises(DataError, match="no space of the board has this role"):
        board.role("nowhere")


def _broken_copy(tmp_path, path, change):
    root = tmp_path / "talisman"
    shutil.copytree(data_root() / "talisman", root)
    doc = yaml.safe_load((root / path).read_text(encoding="utf-8"))
    change(doc)
    (root / path).write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    return root


def _space(doc, sid):
    return next(s for s in doc["spaces"] if s["id"] == sid)


def _bridge(doc):
    return next(lk for lk in doc["links"] if lk["kind"] == "bridge")


@pytest.mark.parametrize("path, change, message", [
    ("board.yaml", lambda d: _space(d, "village").update(role="crown"), "already the role"),
    ("board.yaml", lambda d: _space(d, "warlocks_cave").pop("role"), "the role 'warlock'"),
    ("board.yaml", lambda d: _bridge(d).pop("strength"), "guard's Strength"),
    ("endings.yaml", lambda d: d["demon_lord"]["barrier"]["chart"].pop("8"), "not covered"),
    ("endings.yaml", lambda d: d["lord_of_chaos"]["routes"]["mines"].append("moon"),
     "unknown space id 'moon'"),
    ("endings.yaml", lambda d: d["pandoras_box"]["quest_locations"][1].update(space="atlantis"),
     "unknown space id 'atlantis'"),
    ("endings.yaml", lambda d: d["pandoras_box"]["tasks"].append("king"),
     "entry 'pandoras_box', field 'tasks': the task 'king' is already a task of 'dragon_king'"),
    ("endings.yaml", lambda d: d["dragon_king"].pop("tasks"), "field 'dragon_king.tasks': missing value"),
    ("cards/adventure.yaml", lambda d: d.update(face_up=True),
     "adventure.yaml, field .face_up.: the other files of the adventure deck say face_up: true"),
    ("cards/spells.yaml", lambda d: d.update(face_up="yes"), "field 'face_up'"),
    ("abilities.yaml", lambda d: next(a for a in d["abilities"] if a["id"] == "take_follower")
     ["params"]["except_cards"].append("nobody"), "unknown card id 'nobody'"),
])
def test_bad_places_in_the_data_stop_loading_with_a_data_error(tmp_path, path, change, message):
    with pytest.raises(DataError, match=message):
        load_from(_broken_copy(tmp_path, path, change))


def test_the_endings_places_come_from_data():
    """000 Alternative Endings: the Demon Lord's barrier chart (D8), the Lord of Chaos's errands
    and routes, the Quest of a Lifetime's places."""
    from talisman.rules import endings
    e = load().endings
    assert endings.barrier_chart() == {int(k): v for k, v in e["demon_lord"]["barrier"]["chart"].items()}
    chart = endings.lord_of_chaos_chart()
    assert [chart[r].get("errand") for r in range(1, 7)] == [
        "chapel", "graveyard", "city_anarchists_guild", None, None, None]
    assert [endings.route_of(s) for s in ("pits", "death", "plain_of_peril")] == ["mines", "crypt", None]
    assert endings.quest_locations()[1] == ("the Graveyard", "graveyard")


def test_the_endings_tasks_come_from_data():
    """000 Alternative Endings (The Dragon King, Pandora's Box, The Lord of Chaos): which ending
    each kind of task belongs to is the data's (``endings.yaml``, each die ending's ``tasks``); a
    kind no rule step continues, or one no ending names, is a DataError naming the entry
    (``endings.check_task_endings``, which ``task_endings`` runs once on the game's data)."""
    from talisman.rules import endings
    e = load().endings
    owner = endings.task_endings()
    assert endings.task_endings() is owner  # read and checked once, with the rest of the data
    assert set(owner) == set(endings.TASKS) and set(owner.values()) == set(endings.DIE_ENDINGS)
    assert owner == {kind: ending for ending in endings.DIE_ENDINGS for kind in e[ending]["tasks"]}
    assert {k for k, card in owner.items() if card == "pandoras_box"} == {"goal", "finders", "perils"}
    # the die rolled on each chart is the data's too ("You must Roll a D8", "Roll a D6", "Roll a D8")
    assert {card: endings.chart_die(card) for card in endings.DIE_ENDINGS} == {
        "dragon_king": "d8", "lord_of_chaos": "d6", "pandoras_box": "d8"}
    assert all(e[card]["die"] == endings.chart_die(card) for card in endings.DIE_ENDINGS)
    unknown = {**e, "pandoras_box": {**e["pandoras_box"], "tasks": ("goal", "finders", "perils", "nap")}}
    with pytest.raises(DataError, match="entry 'pandoras_box', field 'tasks': no rule step continues a task 'nap'"):
        endings.check_task_endings(unknown)
    missing = {**e, "dragon_king": {**e["dragon_king"], "tasks": ("king", "brothers")}}
    with pytest.raises(DataError, match="field 'tasks': no ending sets the tasks dragons"):
        endings.check_task_endings(missing)
    undie = {**e, "demon_lord": {**e["demon_lord"], "tasks": ("king",)}}
    with pytest.raises(DataError, match="entry 'demon_lord', field 'tasks': only an ending with a die"):
        endings.check_task_endings(undie)


def test_the_open_stocks_are_marked_face_up_on_their_decks():
    """PURCHASE CARDS and 000 SETTING UP (Timescape: "Timescape Purchase Cards are placed beside
    the main Board"): the stocks of Objects for sale lie open, so a player's view shows what they
    hold; which decks are face up is said by their deck files (``face_up: true``), not by rule code."""
    assert load().face_up == {"purchase", "timescape_purchase"}


def test_a_deck_face_up_in_one_file_and_not_in_another_is_a_data_error(tmp_path):
    root = tmp_path / "talisman"
    shutil.copytree(data_root() / "talisman", root)
    extra = root / "expansions" / "timescape" / "cards" / "more_purchase.yaml"
    extra.write_text("deck: purchase\nface_up: false\ncards: []\n", encoding="utf-8")
    with pytest.raises(DataError, match="more_purchase.yaml, field 'face_up': the other files of the "
                                        "purchase deck say face_up: true"):
        load_from(root)


# --- the expansions' charts: a card a rule names by kind is marked on the card (fix13B) ----------------

#: ``(chart under data/talisman/expansions, key path) -> why card ids may stand there``: a price list,
#: a loot or shop list, a chart row naming its own card; a name that is also a card id but means a
#: subtype, a breed or an effect.  A list of cards a rule names by kind (the Timescape's fearful and
#: redrawn cards, the Airships' Animal Objects) belongs on the cards as a mark (``data: {timescape:
#: [...]}``, ``subtype: animal``): such a list is not allowed here (docs/rulings.md R-FB13.3).
ALLOWED_IN_CHARTS = {
    ("airships/airships.yaml", ".classes[].id"): "an Airship class id (dragon), not the Dragon card",
    ("airships/airships.yaml", ".flying[].card"): "the Flying Followers, each with its reason (a reading, "
                                                  "rulings A5: no card says it flies, so no mark of the card's own)",
    ("city/board.yaml", ".spaces[].effect[].buy.items.*"): "a shop's price list: the cards it sells",
    ("city/city.yaml", ".animals_also[]"): "a card subtype (dragon) counted with the Animals, not a card",
    ("city/city.yaml", ".prices.*"): "a price list: the Barge's fare",
    ("city/city.yaml", ".statutes[].broken_if.character[]"): "the characters a Statute outlaws (a character "
                                                             "id that is also a card id)",
    ("city/city.yaml", ".statutes[].penalty"): "a Statute's penalty: the Watch comes (the City's own card)",
    ("city/city.yaml", ".stowaway.effects[].roll.table.5[].city_leave.then[].*"): "the effect name teleport",
    ("city/city.yaml", ".stowaway.effects[].roll.table.6[].city_leave.then[].*"): "the effect name teleport",
    ("city/city.yaml", ".stowaway.forbidden_breeds[]"): "a breed (mule), the Animals' own mark, not the card",
    ("city/city.yaml", ".theft.loot.city_armoury[].city_take.items[]"): "a theft's loot: the cards taken",
    ("city/city.yaml", ".theft.loot.city_stables[].city_take.items[]"): "a theft's loot: the cards taken",
    ("timescape/adventure.yaml", ".springs.*"): "each spring card and the attribute it raises (a chart row)",
    ("wizards_tower/tower.yaml", ".against_dragons.*"): "each card and the Strength it adds against the Prince",
}


def _chart_ids(node, path, cards):
    """``{(key path, card id)}`` of the card ids a chart names (a map's key as ``.*``)."""
    found = set()
    if isinstance(node, dict):
        for k, v in node.items():
            if isinstance(k, str) and k in cards:
                found.add((f"{path}.*", k))
            found |= _chart_ids(v, f"{path}.{k}", cards)
    elif isinstance(node, list):
        for v in node:
            found |= _chart_ids(v, f"{path}[]", cards)
    elif isinstance(node, str) and node in cards:
        found.add((path, node))
    return found


def _charts_scan():
    cards = set(load().cards)
    root = data_root() / "talisman" / "expansions"
    found = {}
    for path in sorted(root.rglob("*.yaml")):
        chart = path.relative_to(root)
        if "cards" in chart.parts:
            continue
        for key, card in _chart_ids(yaml.safe_load(path.read_text(encoding="utf-8")), "", cards):
            found.setdefault((chart.as_posix(), key), set()).add(card)
    return found


def test_no_expansion_chart_lists_cards_outside_the_allow_list():
    unexpected, stale, unexplained = _outside_allow_list(
        _charts_scan(), ALLOWED_IN_CHARTS, lambda key, ids: [f"{key[0]} {key[1]}: {sorted(ids)}"])
    assert not unexpected, "card ids listed in a chart (mark the cards instead), or allow them with a reason:\n" + "\n".join(unexpected)
    assert not stale, f"allowed entries no longer found (drop them): {stale}"
    assert not unexplained, f"allowed without a reason: {unexplained}"


def test_the_chart_scan_catches_a_list_of_cards():
    cards = {"poltergeist", "hermit", "mule"}
    doc = {"chart": "adventure", "fear": ["poltergeist", "horse"], "redrawn": ["hermit"],
           "springs": {"mule": "lives"}, "forbidden": [{"card": "hermit"}]}
    assert _chart_ids(doc, "", cards) == {(".fear[]", "poltergeist"), (".redrawn[]", "hermit"),
                                          (".springs.*", "mule"), (".forbidden[].card", "hermit")}


def test_the_timescape_s_cards_carry_their_marks():
    """000 Entering the Timescape ("Mules, Warhorses, Horses and Carts, the Poltergeist and all Animal
    Followers ... fear the Timescape") and Drawing Adventure Cards ("If you draw a Mule, a Horse, a Horse
    and Cart, a Warhorse, the Poltergeist, the Arena, the Blizzard, a Dungeon Door, the Hermit or any
    Animal, discard them and draw again"): the marks on the cards, the Animals by their subtype."""
    from talisman.expansions import timescape
    assert timescape.marked() == {"fears": {"poltergeist"},
                                  "redrawn": {"poltergeist", "blizzard", "hermit", "dungeon_doorway",
                                              "city_doorway"},
                                  "red_line": {"ts_warp_belt"}}
    assert timescape.fearful("poltergeist") and timescape.fearful("mule") and timescape.fearful("unicorn")
    assert not timescape.fearful("hermit") and not timescape.fearful("maiden")
    assert timescape.redrawn("hermit") and timescape.redrawn("mule")
    assert not timescape.redrawn("maiden")
    assert not timescape.redrawn("purchase_mule")   # a Purchase card: never drawn from the Adventure deck


def test_a_bad_timescape_mark_is_a_data_error():
    import attrs
    from talisman.expansions import timescape
    hermit = load().cards["hermit"]
    with pytest.raises(DataError, match="entry 'hermit', field 'data.timescape'.*got 'redrawn'"):
        timescape.marks_of({"hermit": attrs.evolve(hermit, data={"timescape": "redrawn"})})
    with pytest.raises(DataError, match="got \\['fearful'\\]"):
        timescape.marks_of({"hermit": attrs.evolve(hermit, data={"timescape": ["fearful"]})})
