"""Pandora's Box (000 Alternative Endings): 1) THE ARENA, 2) FINDER'S KEEPERS, 3) PERILS OF
PANDORA, 4) THE QUEST OF A LIFETIME, 6) THE ARENA, REVISITED (talisman.rules.endings.pandora
and .arena).  The goals 5, 7, 8 are in test_endings.py."""
import attrs

from support import events, game, legal, names, play
from talisman.effects_schema import table_problem
from talisman.engine.machine import log
from talisman.rules import endings
from talisman.testing import invariants


def opened(result, others=("troll",), dice=(), **fields):
    """The warrior enters the Crown and opens the Box: ``result`` on the D8."""
    chars = [{"id": "warrior", "space": "valley_of_fire", "objects": ["talisman"], "spells": [], **fields}]
    chars += [{"id": o, "space": "city", "spells": []} for o in others]
    s = game(chars, [result, *dice], options={"alternative_endings": True},
             ending={"deck": ["pandoras_box"], "card": None})
    return play(s, "move:crown_of_command")


def test_the_chart_maps_each_d8_result_to_exactly_one_outcome():
    """Pandora's Box: "Roll a D8": eight results, one rule step each, every step registered."""
    from talisman.api import STEPS
    chart = endings.PANDORAS_BOX_CHART
    assert table_problem({str(k): [] for k in chart}, 1, 8) is None
    assert len({r["name"] for r in chart.values()}) == 8 and all(r["step"] in STEPS for r in chart.values())


def test_the_arena_opener_chooses_the_first_opponent_and_the_attribute():
    """1) THE ARENA: "All are immediately raised/reduced to 2 Lives"; "All Magic Objects, Magic
    Items, Spells and Scrolls are discarded"; "The Character opening the Box may choose his/her
    opponent first, and which attribute will be used, Strength or Craft"."""
    s = opened(1, others=("troll", "elf"), objects=["talisman", "amulet"], lives=5)
    assert all(c.lives == 2 for c in s.characters.values())
    assert "amulet" not in s.characters["warrior"].objects and "amulet" in s.discards["adventure"]
    assert legal(s) == {"arena:troll:battle", "arena:troll:psychic", "arena:elf:battle", "arena:elf:psychic"}
    assert events(s, "arena_opened")[0]["fighters"] == ["warrior", "troll", "elf"]


def test_the_arena_revisited_allows_magic():
    """6) THE ARENA, REVISITED: the same tournament, "All Magic Objects, Magic Items, Spells and
    Scrolls are allowed!"."""
    s = opened(6, objects=["talisman", "amulet"])
    assert "amulet" in s.characters["warrior"].objects and s.characters["warrior"].lives == 2
    assert legal(s) == {"arena:troll:battle", "arena:troll:psychic"}


def test_the_arena_is_a_double_elimination_tournament_to_one_champion():
    """1) THE ARENA: "Mano-a-Mano - Die Roll to Die Roll ... a Double Elimination Tournament ...
    Winners fight Winners, losers fight losers etc until there is only one left!": a tie is
    rolled again; the second loss eliminates; the Champion wins the game."""
    # a bout is one die each: the warrior Strength 4, Craft 2; the troll Strength 6, Craft 1
    s = opened(1, dice=[3, 3, 6, 1])
    s = play(s, "arena:troll:battle")
    # bout 1 (battle): 3+4 vs 3+6: the troll wins; the warrior loses a life (1 left)
    # bout 2 (psychic: the attribute the warrior has not used): 6+2 vs 1+1: the warrior wins
    b = events(s, "arena_bout")
    assert [(e["kind"], e["score"], e["opponent_score"]) for e in b] == [("battle", 7, 9), ("psychic", 8, 2)]
    assert s.characters["warrior"].lives == 1 and s.characters["troll"].lives == 1 and not s.is_over
    # bout 3: both with one loss; a tie first (rolled again), then the troll loses and is out
    s = attrs.evolve(s, dice=attrs.evolve(s.dice, script=(4, 2, 6, 1)))   # battle: 8 = 8, then 10 > 7
    from talisman.engine import machine
    from talisman.api import STEPS
    s = machine.advance(s, STEPS, machine.AT_SCRIPT_END)
    assert events(s, "arena_eliminated")[0] == {"character": "troll", "by": "warrior"}
    assert s.winner == "warrior" and s.outcome.reason == "pandoras_box"
    assert {"character": "troll", "reason": "pandoras_box"} in events(s, "game_lost")
    assert invariants.check(s) == []


def test_the_arena_can_be_lost_by_the_one_who_opened_it():
    """1) THE ARENA: the opener is one fighter among the others: two lost bouts and it is out."""
    s = opened(1, dice=[1, 6, 1, 6])
    s = play(s, "arena:troll:battle")
    assert s.winner == "troll" and events(s, "arena_eliminated")[0]["character"] == "warrior"
    assert {"character": "warrior", "reason": "pandoras_box"} in events(s, "game_lost")


def test_the_arena_pairs_winners_with_winners():
    """1) THE ARENA: "After which, Winners fight Winners, losers fight losers": after the first
    bout the fighter with the fewest bouts meets one with as many losses."""
    s = opened(1, others=("troll", "elf", "wizard"), dice=[6, 1])
    s = play(s, "arena:troll:battle")
    # the warrior beat the troll: the elf and the wizard (no bout yet, no loss) fight next
    a, b, kind = endings.arena_pairing(s)
    assert (a, b, kind) == ("elf", "wizard", "battle")


def test_finders_keepers_claims_from_every_discard_pile_within_the_carrying_limit():
    """2) FINDER'S KEEPERS: "look through the discards of all Stockpiles and claim any Objects,
    Magic Objects and Magic Items, you must observe the rules of Encumbrance"."""
    s = game([{"id": "warrior", "space": "valley_of_fire", "objects": ["talisman", "sword", "axe"]},
              {"id": "troll", "space": "city"}], [2], options={"alternative_endings": True},
             ending={"deck": ["pandoras_box"], "card": None})
    for card in ("amulet", "maiden", "helmet"):
        s = attrs.evolve(s, decks=s.decks.set("adventure", s.decks["adventure"].remove(card)),
                         discards=s.discards.set("adventure", s.discards["adventure"].append(card)))
    s = play(s, "move:crown_of_command")
    drops = {"drop:talisman", "drop:sword", "drop:axe"}             # "he must first drop one"
    assert legal(s) == {"take:amulet", "take:helmet", "done"} | drops  # the Maiden is a follower
    s = play(s, "take:helmet")
    assert "helmet" in s.characters["warrior"].objects and "helmet" not in s.discards["adventure"]
    assert legal(s) == {"done", "drop:helmet"} | drops              # four objects: the limit
    assert endings.task_of(s, "warrior")["kind"] == "finders" and invariants.check(s) == []


def test_finders_keepers_teleports_each_turn_to_encounter_another_character():
    """2) FINDER'S KEEPERS: "Each turn you then may Teleport to any Space on any Board to
    Encounter the other Characters"; the win is taking all their lives (the last survivor)."""
    s = game([{"id": "warrior", "space": "crown_of_command"}, {"id": "troll", "space": "hills_2"}],
             [], options={"alternative_endings": True},
             ending={"deck": [], "card": "pandoras_box", "tasks": {"warrior": {"kind": "finders"}}})
    s = attrs.evolve(s, pending=None, stack=s.stack[:0].append(
        __import__("talisman.engine.records", fromlist=["Frame"]).Frame("turn.start")))
    from talisman.engine import machine
    from talisman.api import STEPS
    s = machine.advance(s, STEPS, machine.AT_SCRIPT_END)
    assert legal(s) == {"teleport:hills_2", "done"}
    s = play(s, "teleport:hills_2")
    assert s.characters["warrior"].space == "hills_2" and "encounter:char:troll" in legal(s)


def test_perils_of_pandora_forces_two_others_to_fight_to_the_finish():
    """3) PERILS OF PANDORA: "Teleport any other Character to Encounter another Character. You
    then force them into Combat, or Psychic Combat, if their abilities allow. They are compelled
    to fight until only one is left.\""""
    s = opened(3, others=("troll", "elf"))
    assert "perils_of_pandora" in names(s)
    assert legal(s) == {"perils:troll:elf:battle", "perils:elf:troll:battle", "done"}
    s = attrs.evolve(s, dice=attrs.evolve(s.dice, script=(6, 1) * 4))
    s = play(s, "perils:elf:troll:battle")
    assert s.characters["elf"].space == "city" and not s.characters["troll"].alive
    assert len(events(s, "duel_round")) == 4 and s.characters["elf"].lives == 4 and not s.is_over


def test_perils_of_pandora_the_opener_finishes_the_last_one():
    """3) PERILS OF PANDORA: "Once there is only one other Character and yourself, you may then
    Teleport to that Character and fight him to the Finish" (won: the last survivor wins; lost:
    the opener is dead and the other wins)."""
    task = {"warrior": {"kind": "perils"}}
    base = game([{"id": "warrior", "space": "crown_of_command", "strength": 6},
                 {"id": "troll", "space": "hills_2"}], [], options={"alternative_endings": True},
                ending={"deck": [], "card": "pandoras_box", "tasks": task})
    from talisman.rules.endings import pandora
    s = pandora.perils_turn(attrs.evolve(base, pending=None), "warrior")
    assert legal(s) == {"perils:warrior:troll:battle", "done"}
    won = attrs.evolve(s, dice=attrs.evolve(s.dice, script=(6, 1) * 4))
    won = play(won, "perils:warrior:troll:battle")
    assert won.characters["warrior"].space == "hills_2" and won.winner == "warrior"
    lost = attrs.evolve(s, dice=attrs.evolve(s.dice, script=(1, 6) * 4))
    lost = play(lost, "perils:warrior:troll:battle")
    assert not lost.characters["warrior"].alive and lost.winner == "troll"


def test_the_quest_of_a_lifetime_counts_only_places_landed_on_and_encountered():
    """4) THE QUEST OF A LIFETIME: "visit (land on and Encounter) Thirteen locations in order";
    the places on boards in play (the City's with the City, the Dungeon's Guard Room, the
    Timescape's Space Fortress) count, the others wait for their boards (the Monastery, the
    Endless Sea)."""
    s = game(["warrior", "troll"], expansions=["city"], options={"alternative_endings": True})
    quest = endings.quest_of_a_lifetime(s)
    assert quest[:2] == ("graveyard", "city_anarchists_guild") and quest[-1] == "city_high_temple"
    assert len(quest) == 8
    missing = [name for name, sp in endings.quest_locations() if sp is None]
    assert missing == ["the Monastery or Pure Good", "the Endless Sea"]
    s = game(["warrior", "troll"], expansions=["city", "dungeon", "timescape"],
             options={"alternative_endings": True})
    quest = endings.quest_of_a_lifetime(s)
    assert quest[:4] == ("graveyard", "city_anarchists_guild", "dg_guard_room", "ts_space_fortress")
    assert len(quest) == 10


def test_the_quest_of_a_lifetime_keeps_only_the_places_met_in_order():
    """4) THE QUEST OF A LIFETIME: "You must visit (land on and Encounter) Thirteen locations in
    order": of the encounters since the Box set the quest, a place counts only when it is the
    next one due (before it: nothing; again: nothing); the end of the turn records the progress
    in the task and moves its ``since`` on, and the win at the Crown reads the same progress."""
    from talisman.engine.machine import log
    s = game(["warrior", "troll"], options={"alternative_endings": True},
             ending={"deck": [], "card": "pandoras_box",
                     "tasks": {"warrior": {"kind": "goal", "goal": "quest", "count": 0, "since": 0}}})
    since = len(s.log)
    s = attrs.evolve(s, ending=s.ending.set("tasks", s.ending["tasks"].set(
        "warrior", s.ending["tasks"]["warrior"].set("since", since))))
    for space in ("tavern", "graveyard", "graveyard", "castle", "tavern", "castle"):
        s = log(s, "encountered_space", character="warrior", space=space)
    s = log(s, "encountered_space", character="troll", space="oasis")  # another's visit
    task = endings.task_of(s, "warrior")
    assert endings.quest_progress(s, "warrior", task) == ["graveyard", "tavern", "castle"]
    assert not endings.goal_met(s, "warrior", task)
    s = endings.quest_recorded(s, "warrior")
    task = endings.task_of(s, "warrior")
    assert list(task["visited"]) == ["graveyard", "tavern", "castle"] and task["since"] == len(s.log) - 1
    assert events(s, "quest_progress")[-1]["next"] == "oasis"
    for space in ("oasis", "village"):
        s = log(s, "encountered_space", character="warrior", space=space)
    assert endings.goal_met(s, "warrior", endings.task_of(s, "warrior"))


def test_ashes_to_ashes_counts_only_a_life_taken_by_the_opener_from_one_he_beat():
    """7) ASHES TO ASHES: "you must go out an take 1 life from any Character in the game then
    return here": a life the opener took (a character he beat lost it), not another's fight nor
    a life lost to anything else (mutation testing, mut18: ``goal_met`` 27, 39)."""
    s = opened(7, others=("troll", "priest"))
    task = endings.task_of(s, "warrior")
    assert task["goal"] == "a_life"
    others = log(log(s, "character_defeated", victor="troll", loser="priest"), "life_lost", character="priest")
    others = log(others, "life_lost", character="troll", cause="an Enemy")
    assert not endings.goal_met(others, "warrior", task)
    beaten = log(others, "character_defeated", victor="warrior", loser="troll")
    # the Troll he beat (Gold taken) then loses a life to the Priest: not his (R-PROBE19D.6)
    assert not endings.goal_met(log(beaten, "life_lost", character="troll", cause="defeated by priest"),
                                "warrior", task)
    mine = log(beaten, "life_lost", character="troll", cause="defeated by warrior")
    assert endings.goal_met(mine, "warrior", task)


def test_seeded_bot_games_with_each_result_of_the_box_play_to_the_end():
    """Pandora's Box, each of the eight results forced on the first opening, then bots play on
    from seeded dice: no exception, every state keeps the invariants, each game ends (or meets
    the round cap, which it reports)."""
    import talisman
    from talisman.bots import HeuristicBot, RandomBot
    from talisman.engine import machine
    from talisman.engine.dice import Dice
    chars = ("warrior", "wizard", "troll", "elf")
    for result in range(1, 9):
        for seed in range(2):
            s = game([{"id": "warrior", "space": "valley_of_fire", "objects": ["talisman"]},
                      {"id": "wizard", "space": "pits"}, {"id": "troll", "space": "city"},
                      {"id": "elf", "space": "valley_of_fire", "objects": ["talisman"]}],
                     options={"alternative_endings": True, "max_rounds": 40}, seed=seed,
                     ending={"deck": ["pandoras_box"], "card": None})
            s = attrs.evolve(s, dice=Dice(seed=seed))
            s = talisman.apply(s, "move:crown_of_command", stop_at_chance=True)
            bots = {c: (HeuristicBot if seed else RandomBot)(seed * 100 + i) for i, c in enumerate(chars)}
            forced = False
            for _ in range(5000):
                if s.is_over:
                    break
                p = s.pending
                if p.is_chance:
                    if p.step == "endings.chart_rolled" and not forced:
                        forced, a = True, f"roll:{result}"
                    else:
                        a, s = machine.auto_chance(s)
                else:
                    a = bots[p.player].choose(s)
                s = talisman.apply(s, a, stop_at_chance=True)
                assert invariants.check(s) == [], (result, seed)
            assert s.is_over, (result, seed)
            assert forced, (result, seed)


def test_the_hydras_dragons_may_not_be_exchanged_for_strength():
    """5) BRING ME THE HEAD OF THE HYDRA: "You may not exchange them for Strength": with the goal
    set, Dragon trophies are not cashed in (other trophies are); without it they are."""
    from talisman.rules import characters as chars
    trophies = ["dragon", "dragon", "dragon", "bear"]
    task = {"warrior": {"kind": "goal", "goal": "dragons", "count": 7, "since": 0}}
    s = game([{"id": "warrior", "space": "crown_of_command", "trophies": trophies}, "troll"], [],
             options={"alternative_endings": True}, ending={"deck": [], "card": "pandoras_box", "tasks": task})
    assert chars.cashable(s, "warrior", "strength") == ["bear"]
    assert not chars.can_cash_in(s, "warrior", "strength")
    free = game([{"id": "warrior", "space": "crown_of_command", "trophies": trophies}, "troll"], [],
                options={"alternative_endings": True}, ending={"deck": [], "card": "pandoras_box"})
    assert chars.can_cash_in(free, "warrior", "strength")
