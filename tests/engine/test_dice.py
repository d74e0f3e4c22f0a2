"""Dice: seeded counter-based rolls, scripted rolls, shuffles and exact chance outcomes."""
from fractions import Fraction

import pytest

from talisman.engine.dice import Dice, outcomes, parse_spec, roll, shuffle
from talisman.errors import DiceExhausted


@pytest.mark.parametrize("spec,count,sides", [("d4", 1, 4), ("d6", 1, 6), ("d8", 1, 8),
                                              ("d10", 1, 10), ("2d6", 2, 6), ("3d6", 3, 6),
                                              ("d%", 1, 100)])
def test_every_die_the_rules_name_rolls_in_range(spec, count, sides):
    # "Whenever these rules refer to "die", they refer to either a D4, D6, D8 or D10" (SETTING UP)
    assert parse_spec(spec) == (count, sides)
    d = Dice(seed=11)
    seen = set()
    for _ in range(400):
        values, d = roll(d, spec)
        assert len(values) == count and all(1 <= v <= sides for v in values)
        seen.update(values)
    assert seen == set(range(1, sides + 1)) or sides == 100


def test_a_seeded_roll_is_a_pure_function_of_seed_and_counter():
    a, _ = roll(Dice(seed=5, counter=17), "3d6")
    b, _ = roll(Dice(seed=5, counter=17), "3d6")
    c, _ = roll(Dice(seed=6, counter=17), "3d6")
    assert a == b
    assert roll(Dice(seed=5, counter=18), "d6")[0][0] == a[1]  # counter-based: one number per die
    assert a != c or roll(Dice(seed=6, counter=20), "3d6")[0] != roll(Dice(5, 20), "3d6")[0]


def test_scripted_dice_give_forced_results_then_fail_naming_the_wanted_roll():
    d = Dice(seed=0, script=(3, 4, 1))
    values, d = roll(d, "2d6", "opening the Portal")
    assert values == (3, 4)
    values, d = roll(d, "d4", "movement of dwarf")
    assert values == (1,)
    with pytest.raises(DiceExhausted, match="wanted d6 for battle roll of warrior"):
        roll(d, "d6", "battle roll of warrior")


def test_a_scripted_result_impossible_for_the_die_is_an_error():
    with pytest.raises(DiceExhausted, match="not a possible d4"):
        roll(Dice(script=(6,)), "d4", "movement of dwarf")


def test_shuffle_is_a_seeded_permutation():
    cards = tuple(range(30))
    a, d1 = shuffle(Dice(seed=3), cards)
    b, _ = shuffle(Dice(seed=3), cards)
    assert a == b and sorted(a) == list(cards) and a != cards
    assert d1.counter == 29


def test_outcomes_are_exact_fractions_that_sum_to_one():
    out = outcomes("2d6")
    assert len(out) == 36 and sum(p for _, p in out) == 1
    seven = sum(p for v, p in out if sum(v) == 7)
    assert seven == Fraction(1, 6)
