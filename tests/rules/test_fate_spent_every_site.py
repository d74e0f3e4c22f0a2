"""FATE (the Revised 4th Edition, option ``fate``; talisman-facts-verified.md 3): "pay 1 fate ...
to reroll one die he has just rolled".  Every paid re-roll logs ``fate_spent`` (the roll it
replaced, the die: ``characters.fate_spent``) just after the fate lost, wherever the roll is
made, so a reader of the log (the narration, the odds, a user) sees each one (fate16).

The walk: every scenario of ``tests/scenarios`` that pays a fate for a re-roll, played action
by action; each ``fate:reroll`` action must log its ``fate_spent``, and the walk must reach
each rule step that fate16 mended (the movement roll on the board, in the City, in the streets
of a stowaway's run, in the Dungeon and under the Dark Binding; a card's or space's ``roll``
effect), and the combat's, which logged it already.  Before fate16 the movement re-rolls and
the ``roll`` effect's logged none; every ``characters.OwnRoll`` and ``OwnDice`` did.

Since fate17 one mechanism decides every re-roll (``characters.may_reroll``, ``fate_options``,
``pay_fate``; rulings R-FATE17): the last tests check that no rule module holds Fate code of
its own, and that ``fate_spent`` has a narration line.
"""
from __future__ import annotations

from pathlib import Path

import ast

import pytest

import talisman
from talisman.engine import scenario
from talisman.engine.records import Event
from talisman.engine.ruleset import RULESET
from talisman.narration import narrate
from talisman.rules import STEPS, characters as chars
from talisman.scenarios import TalismanScenarios, scenario_files

FOLDER = Path(__file__).resolve().parents[1] / "scenarios"

#: The rule steps that take a paid Fate re-roll and were seen to log no ``fate_spent`` before
#: fate16 (fate15b's report), and the combat's, which did: the walk must reach each of them.
#: Since fate17 these are every rule step that pays for a re-roll itself (``characters.pay_fate``)
#: rather than through a ``characters.OwnRoll`` or ``OwnDice`` declaration: a new one must be
#: named here, and reached (:func:`test_the_sites_are_every_step_that_pays_for_a_reroll`).
#: Since fate18 the movement rolls' pay through one function, ``movement.pay_reroll``
#: (:data:`MOVEMENT_SITES`), the others through ``characters.pay_fate`` directly.
MOVEMENT_SITES = {
    "movement.chosen",        # the movement roll (MOVEMENT IN THE OUTER ... REGIONS)
    "city.move_chosen",       # the movement roll in the City
    "city.run_kept",          # a stowaway's run into the streets (rulings R-NB11.6)
    "dungeon.roll_kept",      # the movement roll in the Dungeon
    "harbinger.bound_fate",   # the bound mover's re-roll under the Dark Binding
}
SITES = MOVEMENT_SITES | {
    "effects.roll_fate",      # a card's or space's roll (the Death space's 2d6)
    "combat.fate_chosen",     # the attacker's battle roll
    "combat.opponent_fate_chosen",  # the defending character's
}


def fate_files():
    return [f for f in scenario_files([FOLDER]) if "fate:reroll" in f.read_text()]


def paid_rerolls(path):
    """Play the scenario ``path``: for each ``fate:reroll`` action (``fate:reroll`` or
    ``fate:reroll:<die>``; not a Fate bought, such as the Graveyard's ``fate:0``), the step it
    answered and the events it logged."""
    doc, _ = scenario.read(path)
    state = TalismanScenarios.setup_state(doc.get("setup") or {}, doc.get("dice"))
    out = []
    for text in map(str, doc.get("actions") or []):
        step, before = state.pending.step if state.pending is not None else None, len(state.log)
        state = TalismanScenarios.apply(state, text)
        if text.startswith("fate:reroll"):
            out.append((step, text, list(state.log)[before:]))
    return out


def test_every_paid_fate_reroll_logs_fate_spent_just_after_the_fate_lost():
    seen, missing = set(), []
    for f in fate_files():
        for step, text, events in paid_rerolls(f):
            seen.add(step)
            names = [e.name for e in events]
            lost = [i for i, e in enumerate(events)
                    if e.name == "fate_lost" and e.data.get("cause") == "re-roll"]
            assert lost, f"{f.name}: {text} at {step} lost no fate: {names}"
            i = lost[0]
            after = events[i + 1] if i + 1 < len(events) else None
            if after is None or after.name != "fate_spent" \
                    or after.data["character"] != events[i].data["character"]:
                missing.append(f"{f.name}: {text} at {step}: {names}")
                continue
            want = int(text.split(":")[2]) if text.count(":") >= 2 else None
            if want is not None:  # one die of several: its place in the order rolled (R-RF14.1)
                assert after.data["die"] == want, f"{f.name}: {after}"
    assert not missing, "paid re-rolls with no fate_spent:\n" + "\n".join(missing)
    assert SITES <= seen, f"the walk reached no re-roll at {sorted(SITES - seen)}"


@pytest.mark.parametrize("name, step, roll, die", [
    ("movement_fate_reroll_costs_one_token_once_a_roll", "movement.chosen", 3, 1),
    ("blood_moon_moon_mist_fate_reroll_rolls_both_dice_again", "movement.chosen", 1, "all"),
    ("fate15_armageddon_crown_chart_die_fate_rerolls", "effects.roll_fate", 1, 1),
    ("rule14F_temple_fate_rerolls_one_of_the_two_prayer_dice", "effects.roll_fate", 1, 1),
    ("fixB_stowaway_run_fate_reroll", "city.run_kept", 2, 1),
    ("rule14F_stowaway_run_moon_mist_fate_rerolls_one_die", "city.run_kept", 2, 2),
    ("cityfix3_fate_reroll_in_the_city_is_a_fate_reroll", "city.move_chosen", 3, 1),
    ("rule14F_city_moon_mist_fate_rerolls_one_movement_die", "city.move_chosen", 1, 2),
    ("fixB_dungeon_fate_reroll_is_a_fate_reroll", "dungeon.roll_kept", 3, 1),
    ("rule14F_dungeon_moon_mist_fate_rerolls_one_die", "dungeon.roll_kept", 1, 2),
    ("rule14F_dark_binding_moon_mist_fate_rerolls_one_die", "harbinger.bound_fate", 1, 2),
])
def test_the_fate_spent_names_the_roll_replaced_and_the_die(name, step, roll, die):
    """The ``fate_spent`` of each movement site and of the ``roll`` effect: the number rolled
    again (of one die of several, that die's: rulings R-FATE18.1; of one die, the roll; of the
    whole roll again, the count it gave, the Moon Mist's lower die of its 5 and 1, as the Warrior's
    battle roll is his higher die: R-FIX23.4) and which die was rolled again."""
    [(at, _, events)] = paid_rerolls(FOLDER / f"{name}.yaml")
    [spent] = [e for e in events if e.name == "fate_spent"]
    assert at == step
    assert spent.data["roll"] == roll
    assert spent.data["die"] == die


def _paying_steps():
    """``(own, direct, moves)``: the Fate steps of the ``OwnRoll`` and ``OwnDice`` declarations,
    the other rule steps whose code pays a fate for a re-roll (``pay_fate``, ``reroll_for_fate``),
    and those that pay for a movement roll's (``movement.pay_reroll``)."""
    own, direct, moves = set(), set(), set()
    for name, fn in {**STEPS, **RULESET.steps()}.items():
        if isinstance(getattr(fn, "__self__", None), (chars.OwnRoll, chars.OwnDice)):
            if fn.__name__ == "on_fate":
                own.add(name)
            continue
        names = set(fn.__code__.co_names)
        if {"pay_fate", "reroll_for_fate"} & names:
            direct.add(name)
        if "pay_reroll" in names:
            moves.add(name)
    return own, direct, moves


def test_the_sites_are_every_step_that_pays_for_a_reroll():
    """FATE: "once per die roll, a player may pay 1 fate ... to reroll one die he has just rolled
    for: (1) his movement, (2) his attack roll, (3) a roll ordered by a card or board space"
    (talisman-facts-verified.md 3).  One mechanism decides it (rulings R-FATE17): the rule steps
    that pay for a re-roll without an ``OwnRoll`` are exactly :data:`SITES`, which the walk
    reaches; the ``OwnRoll`` and ``OwnDice`` steps are many and pay through ``reroll_for_fate``.
    The movement rolls' sites pay through ``movement.pay_reroll`` and nothing else (rulings
    R-FATE18), so one re-roll logs the same wherever the roll is made."""
    own, direct, moves = _paying_steps()
    assert moves == MOVEMENT_SITES
    assert direct == SITES - MOVEMENT_SITES
    assert len(own) >= 18 and "inner.contest_fate" in own and "endings.duel_fate" in own


#: The only module that may test a character's fate for a re-roll or pay one: the mechanism.
#: (``talisman.odds`` predicts the engine's offers for the odds and is checked against it by
#: tests/test_odds*.py; it pays nothing.)
MECHANISM = "rules/characters.py"
INNER = {"fate_reroll_options", "fate_reroll", "fate_spent", "reroll_for_fate", "offer_fate"}


def _fate_code(path):
    """The places in ``path`` that decide a Fate re-roll by themselves: a call of the
    mechanism's inner pieces (:data:`INNER`: the options, the dice, the log line, the paid
    re-roll out of an ``OwnRoll``), a fate lost (``lose(..., "fate", ...)``) or a test of a
    character's ``fate`` against 0."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", None)
            if name in INNER or (name == "lose" and any(isinstance(a, ast.Constant) and a.value == "fate"
                                                        for a in node.args)):
                out.append(f"{path.name}:{node.lineno} {ast.unparse(node)[:60]}")
        elif isinstance(node, ast.Compare) and isinstance(node.left, ast.Attribute) and \
                node.left.attr == "fate" and any(isinstance(c, ast.Constant) and c.value == 0
                                                 for c in node.comparators):
            out.append(f"{path.name}:{node.lineno} {ast.unparse(node)[:60]}")
    return out


def test_no_fate_code_outside_the_mechanism():
    """Every roll that offers Fate asks ``characters.may_reroll`` / ``fate_options`` and pays
    through ``pay_fate`` (rulings R-FATE17): no rule module decides by itself who may pay, how
    many dice or what is logged."""
    src = Path(talisman.__file__).parent
    found = [hit for p in sorted(src.rglob("*.py")) if p.relative_to(src).as_posix() not in (MECHANISM, "odds.py")
             for hit in _fate_code(p)]
    assert not found, "Fate code outside characters.py:\n" + "\n".join(found)
    # the check sees what it looks for: the mechanism's own code
    assert any("lose(" in hit for hit in _fate_code(src / MECHANISM))
    assert any(".fate > 0" in hit for hit in _fate_code(src / MECHANISM))


@pytest.mark.parametrize("die, line", [
    (1, "Wizard spends a fate to roll the 3 again (die 1)."),
    (2, "Wizard spends a fate to roll the 3 again (die 2)."),
    ("all", "Wizard spends a fate to roll the 3 again (every die)."),
])
def test_fate_spent_is_narrated(die, line):
    """The narration's line for ``fate_spent``: who paid, the roll replaced and which die."""
    assert narrate(Event("fate_spent", {"character": "wizard", "roll": 3, "die": die})) == line


def test_a_played_fate_spent_is_narrated_after_the_fate_lost():
    """In play: the Temple's prayer, one die of the two re-rolled (rulings R-RF14.1): the 1 of
    his 1 and 5, the die he rolls again, not their 6 (rulings R-FATE18.1)."""
    [(_, _, events)] = paid_rerolls(FOLDER / "rule14F_temple_fate_rerolls_one_of_the_two_prayer_dice.yaml")
    lines = [narrate(e) for e in events]
    assert "Thief spends a fate to roll the 1 again (die 1)." in lines
    assert lines.index("Thief spends a fate to roll the 1 again (die 1).") == \
        [e.name for e in events].index("fate_spent")


def test_the_movement_rolls_turn_flag_is_set_and_read_in_one_module():
    """FATE, "once per die roll": a character's movement re-roll is marked by one turn flag,
    ``movement_rerolled``, which only ``movement.offer_reroll`` reads and ``movement.pay_reroll``
    sets (rulings R-FATE18): no board of an expansion keeps a Fate flag of its own."""
    src = Path(talisman.__file__).parent
    holders = sorted(p.relative_to(src).as_posix() for p in src.rglob("*.py")
                     if "movement_rerolled" in p.read_text(encoding="utf-8"))
    assert holders == ["rules/movement.py"]


#: The same re-roll at each movement site (rulings R-FATE18.1): under the Moon Mist, 5 and 1
#: rolled, the second die rolled again for a fate, a 3.
SAME_REROLL = {
    "movement.chosen": "fate18_board_moon_mist_reroll_logs_the_same",
    "city.move_chosen": "rule14F_city_moon_mist_fate_rerolls_one_movement_die",
    "city.run_kept": "fate18_stowaway_run_moon_mist_reroll_logs_the_same",
    "dungeon.roll_kept": "fate18_dungeon_moon_mist_reroll_logs_the_same",
    "harbinger.bound_fate": "fate18_dark_binding_moon_mist_reroll_logs_the_same",
}


def _reroll_lines(name):
    """The step a scenario's one paid movement re-roll answered, and the lines it logged from
    the fate lost to the new roll's die that counts, the character's name left out."""
    [(step, _, events)] = paid_rerolls(FOLDER / f"{name}.yaml")
    names = [e.name for e in events]
    lines = events[names.index("fate_lost"):names.index("movement_roll_counted") + 1]
    return step, [(e.name, {k: v for k, v in dict(e.data).items() if k != "character"}) for e in lines]


def test_one_movement_reroll_at_every_site_logs_the_same():
    """FATE: "reroll one die he has just rolled for: (1) his movement"; the Moon Mist: "roll one
    extra die, use the lowest".  One re-roll of the movement roll logs the same lines at the
    main board, the City's streets, a stowaway's run, the Dungeon and under the Dark Binding
    (``movement.pay_reroll``; rulings R-FATE18.1): the fate lost, ``fate_spent`` with the die
    rolled again and the number it showed (the 1, not the dice's 6), the new roll (8) and the
    die that counts (3)."""
    assert set(SAME_REROLL) == MOVEMENT_SITES
    seen = {}
    for step, name in SAME_REROLL.items():
        at, lines = _reroll_lines(name)
        assert at == step, name
        seen[step] = lines
    first = seen["movement.chosen"]
    assert [n for n, _ in first] == ["fate_lost", "fate_spent", "movement_roll", "movement_roll_counted"]
    assert first[1][1] == {"roll": 1, "die": 2}
    assert first[2][1] == {"roll": 8}
    assert (first[3][1]["roll"], list(first[3][1]["dice"])) == (3, [5, 3])
    for step, lines in seen.items():
        assert lines == first, step


def test_the_movement_sites_word_their_prompt_in_one_place():
    """The decision after a movement roll, at each of the five sites (:data:`MOVEMENT_SITES`),
    takes its prompt from ``movement.roll_prompt`` (rulings R-FIX23.4): "rolled 3", of several
    dice each and the count ("rolled 5 and 1, 1 counts"), the board named after "in" (the City,
    the Dungeon), a note after a colon (the run, the Dark Binding); no site words its own."""
    src = Path(talisman.__file__).parent
    seen = {}
    for path in sorted(src.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "decide"):
                continue
            step = [a.value for a in node.args if isinstance(a, ast.Constant) and a.value in MOVEMENT_SITES]
            if step:
                prompt = next(k.value for k in node.keywords if k.arg == "prompt")
                seen.setdefault(step[0], set()).add(
                    ast.unparse(prompt.func).rsplit(".", 1)[-1] if isinstance(prompt, ast.Call) else ast.unparse(prompt))
    assert set(seen) == MOVEMENT_SITES
    assert all("roll_prompt" in prompts for prompts in seen.values()), seen
    # no site words a roll itself (the main board's no-roll move, a Toad's one space, says no roll)
    assert not [p for prompts in seen.values() for p in prompts if "rolled" in p], seen


def test_the_roll_prompt_names_the_dice_and_the_count():
    """Under the Moon Mist (two dice, the lower counting: rulings R-MM9), the move's prompt gives
    each die and the count, where the main board's said the sum, "rolled 6" (rulings R-FIX23.4)."""
    from talisman.expansions.blood_moon import store
    from talisman.rules import movement
    s = talisman.new_game(["thief", "elf"], expansions=["blood_moon"], seed=1)
    s = store.store(s, time="night", lunar_events=["moon_mist"])
    assert movement.roll_prompt(s, "thief", 3) == "rolled 3"
    assert movement.roll_prompt(s, "thief", 6, (5, 1), where="the City", note="run clockwise") == \
        "rolled 5 and 1, 1 counts in the City: run clockwise"
