"""Bots and whole games: the heuristic bot reaches the Crown of Command; whole seeded games
finish (THE CROWN OF COMMAND SPACE; WINNING THE GAME)."""
import pytest

import talisman
from talisman.api import apply
from talisman.bots import HeuristicBot, RandomBot
from talisman.scenarios import setup_state
from talisman.simulate import play_one
from talisman.testing import invariants


def bot_game(seed, bot=HeuristicBot, characters=("warrior", "wizard", "troll", "elf"), rounds=200):
    s = talisman.new_game(characters, seed=seed, options={"max_rounds": rounds})
    bots = {c: bot(seed * 1000 + i) for i, c in enumerate(characters)}
    while not s.is_over:
        s = talisman.apply(s, bots[s.pending.player].choose(s))
    return s


def readme_crown_seed():
    """The seed the README gives for a game that reaches the Crown of Command."""
    import re
    from pathlib import Path
    text = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    return int(re.search(r"`talisman play --seed (\d+)` narrates a game in which", text).group(1))


def test_a_seeded_heuristic_bot_game_reaches_the_crown_and_ends_with_a_winner():
    # the README's seed: a rule change that changes this game must update the README too
    s = bot_game(readme_crown_seed())
    reached = [e.data["character"] for e in s.log if e.name == "crown_reached"]
    assert reached, "no one reached the Crown of Command"
    assert any(e.name == "command_spell" for e in s.log)
    assert s.is_over and s.winner == reached[0]


def test_whole_random_games_finish_or_report_the_round_cap():
    reasons = set()
    for seed in range(12):
        s = bot_game(seed, bot=RandomBot, rounds=60)
        assert s.outcome.reason in ("last_survivor", "round_limit", "all_dead")
        if s.outcome.reason == "round_limit":
            assert s.round == 61 or any(e.name == "round_limit" for e in s.log)
        reasons.add(s.outcome.reason)
    assert "last_survivor" in reasons


def test_simulation_results_are_deterministic():
    a = play_one((5, ("warrior", "troll"), {"max_rounds": 30}))
    b = play_one((5, ("warrior", "troll"), {"max_rounds": 30}))
    assert a == b and a["steps"] > 0


def _elf_meets_the_bear(strength, fate):
    """000 EVADING: the Elf (evade_in_woods) attacked by the Bear (Strength 3) in the Woods; the
    taming attempt (TAMING ANIMALS: 2D6 + 3 against Craft 4) already failed."""
    from talisman.scenarios import setup_state
    s = setup_state({"characters": [{"id": "elf", "space": "graveyard", "strength": strength,
                                     "fate": fate, "spells": []}],
                     "board_cards": {"woods_1": ["bear"]}}, dice=[1, 6, 6])
    s = talisman.apply(talisman.apply(s, "move:woods_1"), "tame")
    if fate:  # FATE offered for the taming 2D6 (rulings R-RULER19.2): kept, the taming fails
        s = talisman.apply(s, "keep")
    # (and a drop of his Gold, offered beside another choice: rulings R-NC11.4)
    assert {str(a) for a in talisman.legal_actions(s)} == {"fight", "evade", "drop:gold"}
    return s


@pytest.mark.parametrize("strength, fate, won, choice", [
    (3, 0, "5/12", "evade"),    # 3 + a > 3 + c: 15 pairs of 36
    (4, 0, "7/12", "fight"),    # 4 + a > 3 + c: a >= c, 21 pairs of 36
    (3, 1, "19/36", "fight"),   # FATE: the bot re-rolls a 1 or a 2; its die is then 1 or 2 with
                                # 1/18 each, 3-6 with 4/18 each: sum P(k)(k-1)/6 = 57/108
])
def test_the_heuristic_bot_decides_by_the_exact_odds(strength, fate, won, choice):
    """Issue 25: the fight-or-evade choice asks talisman.odds (every roll enumerated, the bot's
    own Fate re-roll included), checked against a hand count."""
    from fractions import Fraction
    from talisman.bots import HeuristicBot
    s = _elf_meets_the_bear(strength, fate)
    bot = HeuristicBot(0)
    assert bot.fight_odds(s) == Fraction(won)
    assert str(bot.choose(s)) == choice


def test_the_heuristic_bot_tries_taming_first():
    """TAMING ANIMALS: a failed attempt leaves the combat to take place, so the bot tries it."""
    from talisman.bots import HeuristicBot
    from talisman.scenarios import setup_state
    s = setup_state({"characters": [{"id": "elf", "space": "graveyard", "fate": 0, "spells": []}],
                     "board_cards": {"woods_1": ["bear"]}}, dice=[1])
    s = talisman.apply(s, "move:woods_1")
    assert str(HeuristicBot(0).choose(s)) == "tame"


def test_the_heuristic_bot_at_the_dungeon_entrance_without_a_roll_to_choose():
    """THE TALISMAN DUNGEON, Movement in the Dungeon: at the Entrance a move decision may offer no
    ``roll`` (the die already rolled: only the spaces it reaches).  The bot, with lives enough to
    stay down, hands the decision to its ordinary move choice instead of failing (a ``KeyError``
    in a seeded Dungeon game once)."""
    from talisman.expansions import dungeon
    from talisman.rules.kernel import update_character
    state = talisman.new_game(["warrior", "troll"], seed=3, expansions=["dungeon"])
    entrance = dungeon.spiral()[0]
    state = update_character(state, "warrior", space=entrance, lives=HeuristicBot.ROUTE_LIVES)
    bot = HeuristicBot()
    assert bot.choose_route(state, "warrior", {f"move:{dungeon.spiral()[1]}": "a move"}) is None
    assert bot.choose_route(state, "warrior", {"roll": "r", "move:x": "m"}) == "r"


# --- OPTIONAL RULES, HENCHMEN: "At the start of any Combat, a player may declare a Henchman to
# fight in stead" (issue 22: bot games that use the Henchmen) -------------------------------------

def _thief_meets_the_bandit(henchman, lives=4):
    """The Thief (Strength 3) attacked by the Bandit (a Monster, no taming) in the Woods, one Henchman dealt."""
    from talisman.scenarios import setup_state
    s = setup_state({"characters": [{"id": "thief", "space": "graveyard", "fate": 0, "lives": lives}],
                     "options": {"henchmen_dealt": {"thief": [henchman]}},
                     "board_cards": {"woods_1": ["bandit"]}}, dice=[1, 3, 6])
    return talisman.apply(s, "move:woods_1")


def test_the_heuristic_bot_declares_a_stronger_henchman():
    s = _thief_meets_the_bandit("troll")   # printed Strength 6 against the Thief's 3
    assert "henchman:troll" in {str(a) for a in talisman.legal_actions(s)}
    assert str(HeuristicBot(0).choose(s)) == "henchman:troll"


@pytest.mark.parametrize("lives, declared", [(4, False), (2, True)])
def test_the_heuristic_bot_declares_a_weaker_henchman_only_when_low_on_lives(lives, declared):
    s = _thief_meets_the_bandit("wizard", lives=lives)   # printed Strength 2 against the Thief's 3
    assert "henchman:wizard" in {str(a) for a in talisman.legal_actions(s)}
    assert (str(HeuristicBot(0).choose(s)) == "henchman:wizard") is declared


def test_a_seeded_heuristic_bot_game_with_henchmen_uses_them_and_holds_the_invariants():
    """Seeded bot games with ``henchmen: 1``: Henchmen fight in stead, every invariant holds
    after every decision, and the game replays the same."""
    characters = ("warrior", "wizard", "troll")
    s = talisman.new_game(characters, seed=1, options={"henchmen": 1, "max_rounds": 40})
    bots = {c: HeuristicBot(1000 + i) for i, c in enumerate(characters)}
    actions = []
    while not s.is_over:
        a = bots[s.pending.player].choose(s)
        actions.append(str(a))
        s = talisman.apply(s, a)
        assert invariants.check(s) == []
    fights = [e.data for e in s.log if e.name == "henchman_fights"]
    assert fights and any(a.startswith("henchman:") for a in actions)
    assert {f["henchman"] for f in fights} <= {"priest", "minstrel", "ghoul"}  # the ones dealt
    again = talisman.new_game(characters, seed=1, options={"henchmen": 1, "max_rounds": 40})
    for a in actions:
        again = talisman.apply(again, a)
    assert again == s


def _in_the_treasure_chamber(talisman_held, on_the_crown=False, king=True):
    """The Warrior in the Treasure Chamber since his last turn (THE TALISMAN DUNGEON, Leaving
    the Dungeon), his move to choose; the Troll on the Crown of Command or in the Village."""
    from talisman.scenarios import setup_state
    s = setup_state({"expansions": ["dungeon"], "options": {"king_of_the_hill": king},
                     "characters": [{"id": "warrior", "space": "dg_treasure_chamber", "fate": 0,
                                     "objects": ["talisman"] if talisman_held else []},
                                    {"id": "troll", "space": "crown_of_command" if on_the_crown
                                     else "village"}]}, dice=[])
    assert s.pending.player == ("warrior" if king else "chance")
    return s


def test_the_bot_takes_the_talisman_and_the_portal_when_it_is_better_king_of_the_hill():
    """KING OF THE HILL (the option): "Any Character reaching the Treasure Chamber in the Dungeon
    may take a Talisman and exit the Dungeon at the Portal of Power"; Leaving the Dungeon: the
    Treasure Chamber Chart, +1 for each character already on the Crown.  The bot wants the Crown:
    without a Talisman it takes one; with one it takes the nearer way on average (the Portal of
    Power: 6 spaces from the Crown; the chart: 40/6 with no one on the Crown, 28/6 with one)."""
    bot = HeuristicBot(0)
    s = _in_the_treasure_chamber(talisman_held=False)
    assert str(bot.choose(s)) == "move:portal_of_power"
    after = talisman.apply(s, bot.choose(s))
    assert after.characters["warrior"].space == "portal_of_power"
    assert "talisman" in after.characters["warrior"].objects
    assert str(bot.choose(_in_the_treasure_chamber(talisman_held=True))) == "move:portal_of_power"
    # with one character on the Crown the chart's +1 makes it the nearer way on average
    assert str(bot.choose(_in_the_treasure_chamber(talisman_held=True, on_the_crown=True))) == "roll"
    # without a Talisman one is worth more than the chart's better odds
    assert str(bot.choose(_in_the_treasure_chamber(talisman_held=False, on_the_crown=True))) \
        == "move:portal_of_power"
    # without the option the chart is the only way: its die is rolled at once, no move to choose
    off = _in_the_treasure_chamber(talisman_held=False, king=False)
    assert "Treasure Chamber Chart" in off.pending.prompt


@pytest.mark.parametrize("defender_roll, choice", [(1, "fate:reroll"), (5, "keep")])
def test_the_heuristic_bot_defending_judges_its_own_roll_for_a_fate(defender_roll, choice):
    """000 RESOLVING COMBAT BETWEEN CHARACTERS: the defender may pay a fate to roll again; the bot
    weighs its own roll (the battle's ``opponent_roll``), not the attacker's 6."""
    s = setup_state({"characters": [{"id": "thief", "space": "graveyard", "fate": 0},
                                    {"id": "druid", "space": "woods_1", "fate": 1, "spells": []}]},
                    [1, 6, defender_roll])
    for a in ("move:woods_1", "encounter:char:druid", "attack:battle", "fight"):
        s = apply(s, a)
    assert (s.pending.kind, s.pending.player) == ("fate", "druid")
    assert str(HeuristicBot(0).choose(s)) == choice
