"""The heuristic bot's choices in the Harbinger's out-of-turn windows (card-data.md 2.4: Dark
Binding "cast after another character's movement roll: you choose his direction and may stop him
anywhere along it"; Terra Shift "cast on a character who just moved"): it binds a rival near the
centre and sends him as far from the Crown as the roll allows; it shifts onto its own space a
space holding an Object or an Enemy it outmatches."""
import talisman
from talisman.bots import HeuristicBot, distances_to
from talisman.scenarios import setup_state


def _bound(mover_space):
    setup = {"expansions": ["harbinger"],
             "characters": [{"id": "warrior", "space": mover_space, "fate": 0},
                            {"id": "priest", "space": "fields_3", "fate": 0, "spells": ["dark_binding"]}]}
    return setup_state(setup, [4])


def test_the_bot_binds_a_rival_in_the_middle_region_and_sends_him_farthest_from_the_crown():
    """001 Components (Dark Binding): the Warrior rolls 4 in the Middle Region (Hills); the bot (the
    Priest) casts, then picks the offered space farthest from the Crown of Command."""
    s = _bound("hills_3")
    s = talisman.apply(s, "roll:4") if s.pending.kind == "roll" else s
    assert s.pending.kind == "spell_window" and s.pending.player == "priest"
    bot = HeuristicBot(seed=1)
    assert str(bot.choose(s)) == "cast:dark_binding"
    s = talisman.apply(s, "cast:dark_binding")
    assert s.pending.kind == "bind"
    options = [str(a) for a in talisman.legal_actions(s)]
    far = distances_to("crown_of_command")
    best = max(far[o.split(":", 1)[1]] for o in options)
    picked = str(bot.choose(s))
    assert far[picked.split(":", 1)[1]] == best
    assert min(far[o.split(":", 1)[1]] for o in options) < best  # a real choice was made


def test_the_bot_keeps_dark_binding_for_a_rival_far_from_the_centre():
    """A rival in the Outer Region, not ready for the Crown: the bot passes (keeps the Spell)."""
    s = _bound("woods_2")
    assert s.pending.kind == "spell_window" and s.pending.player == "priest"
    assert str(HeuristicBot(seed=1).choose(s)) == "pass"


def _shift(cards):
    setup = {"expansions": ["harbinger"],
             "characters": [{"id": "thief", "space": "fields_3", "fate": 0, "spells": ["terra_shift"],
                             "strength": 4},
                            {"id": "warrior", "space": "tavern", "fate": 0}],
             "board_cards": {"city": cards}}
    s = setup_state(setup, [3])
    return talisman.apply(s, "move:hills_2")


def test_the_bot_shifts_an_object_onto_its_own_space_and_chooses_that_space():
    """Terra Shift on himself after his move: a Sword in the City (his Region) is worth it; the
    bot casts and then picks the City."""
    s = _shift(["sword"])
    assert s.pending.kind == "spell_window" and s.pending.player == "thief"
    bot = HeuristicBot(seed=1)
    assert str(bot.choose(s)) == "cast:terra_shift"
    s = talisman.apply(s, "cast:terra_shift")
    assert s.pending.kind == "terrain"
    assert str(bot.choose(s)) == "shift:city"


def test_the_bot_does_not_shift_an_enemy_it_does_not_outmatch():
    """A Dragon (Strength 7, > his 4) is no gain: the bot passes."""
    s = _shift(["dragon"])
    assert s.pending.kind == "spell_window" and s.pending.player == "thief"
    assert str(HeuristicBot(seed=1).choose(s)) == "pass"
