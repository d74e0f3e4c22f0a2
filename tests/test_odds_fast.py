"""The fast ways to a combat's odds agree with the full exact search (issue 25: the heuristic
bot's fight-or-evade question may not slow ``simulate`` down, and must give the same answers).

The shortcuts are checked against ``odds(..., shortcut=False)``, which plays every outcome
through the rule steps (the stop at a combat's result with expansions: here on the bot's
questions in whole games, and in ``tests/test_odds_results.py``):

- :func:`talisman.odds.combat_odds`, the closed form of a plain fight against creatures
  (the character's roll, a Fate re-roll, the creatures' die), which the bot asks first;
- the search's own shortcut (``shortcut=True``, the default): a creature's roll scored off the
  battle record (:func:`talisman.odds.decided_by_roll`) instead of played through the rest of
  the rule step.

"000 RESOLVING COMBAT VS CREATURES OR ENEMIES": "The Character's Combat Score is the die roll plus
the Character's Strength. Another player now rolls a die for the creature and adds this to the
creature's Strength ... If the Scores are equal, the result is a standoff."  "000 FATE": a Fate
re-rolls the character's own die once.  "000 PSYCHIC COMBAT": Craft instead of Strength.
"000 MORE THAN ONE ENEMY": several enemies fight as one, their Strengths added.
"""
from fractions import Fraction as F

import pytest

import talisman
from talisman.bots import HeuristicBot, _Fighting
from talisman.odds import ROUND_HOOKS, Best, combat_odds, decided_by_roll, odds
from talisman.rules import combat as combat_rules
from talisman.rules.hooks import subscribed
from talisman.scenarios import setup_state
from talisman.simulate import play_one

BOT = HeuristicBot(0)


def at_combat(cid, start, space, cards, *, dice=(1,), expansions=(), ext=None, options=None, **fields):
    """``cid`` (with ``fields``) moves from ``start`` onto ``space``, where ``cards`` attack it."""
    setup = {"characters": [dict(id=cid, space=start, spells=[], **fields)],
             "board_cards": {space: list(cards)}}
    if options:
        setup["options"] = dict(options)
    if expansions:
        setup["expansions"] = list(expansions)
    if ext:
        setup["ext"] = ext
    s = talisman.apply(setup_state(setup, list(dice)), f"move:{space}")
    assert s.pending.kind == "combat" and "fight" in {str(a) for a in s.pending.options}, s.pending
    return s


def full(rolling, policy=None):
    """The full exact search: every outcome played through the rule steps."""
    return dict(odds(rolling, "combat_resolved", policy=policy or _Fighting(BOT), shortcut=False))


#: Fights the closed form answers: (name, the fight's state).
PLAIN = {
    # the Sentinel (Strength 9): 000 SENTINEL SPACE
    "thief, no fate": lambda: at_combat("thief", "woods_1", "hills_3", [], dice=(2,), strength=8, fate=0),
    "thief, one fate": lambda: at_combat("thief", "woods_1", "hills_3", [], dice=(2,), strength=8, fate=1),
    "thief, two fates (one re-roll)": lambda: at_combat("thief", "woods_1", "hills_3", [], dice=(2,),
                                                        strength=8, fate=2),
    # the Warrior's two dice, the higher kept
    "warrior against the dragon": lambda: at_combat("warrior", "chapel", "fields_2", ["dragon"],
                                                    strength=4, fate=0),
    # FATE re-rolls one die of several, the lower (rulings R-RF14.1), or both (fate_reroll: whole_roll)
    "warrior re-rolls his lower die": lambda: at_combat("warrior", "chapel", "fields_2", ["dragon"],
                                                        strength=4, fate=1),
    "warrior re-rolls both dice": lambda: at_combat("warrior", "chapel", "fields_2", ["dragon"],
                                                    strength=4, fate=1, options={"fate_reroll": "whole_roll"}),
    "warrior ties the bear, his lower die": lambda: at_combat("warrior", "graveyard", "woods_1", ["bear"],
                                                              strength=3, fate=2),
    # ties: Strength 3 against the Bear's 3, a standoff on equal dice
    "elf ties the bear": lambda: at_combat("elf", "graveyard", "woods_1", ["bear"], strength=3, fate=0),
    "elf ties the bear, one fate": lambda: at_combat("elf", "graveyard", "woods_1", ["bear"],
                                                     strength=3, fate=1),
    # Craft: the Spectre (Craft 3) is fought in psychic combat
    "wizard against a spirit": lambda: at_combat("wizard", "graveyard", "woods_1", ["spectre"],
                                                 craft=4, fate=1),
    # several enemies fight as one: the Bear (3) and the Wolf (2)
    "two animals as one": lambda: at_combat("elf", "graveyard", "woods_1", ["bear", "wolf"],
                                            strength=5, fate=1),
    # a Large character's D8
    "troll's d8": lambda: at_combat("troll", "graveyard", "woods_1", ["giant"], strength=6, fate=1),
    # the Runes: "creatures fought here add 2 to their attack"
    "the runes' +2": lambda: at_combat("thief", "woods_4", "runes_1", ["ogre"], strength=5, fate=1),
}


@pytest.mark.parametrize("name", sorted(PLAIN))
def test_the_closed_form_is_the_full_search(name):
    s = PLAIN[name]()
    rolling = talisman.apply(s, "fight", stop_at_chance=True)
    closed = combat_odds(rolling, rerolls=BOT.rerolls)
    assert closed is not None, "a plain fight: the closed form answers it"
    assert dict(closed) == full(rolling)
    assert sum(closed.values()) == 1
    # the bot's answer is the closed form's (and the search's with its shortcut)
    assert BOT.fight_odds(s) == closed["won"]
    assert dict(odds(rolling, "combat_resolved", policy=_Fighting(BOT))) == dict(closed)


def test_the_sample_has_ties_and_re_rolls_that_matter():
    """The situations above are not all alike: standoffs happen, and the Fate re-roll changes
    the odds (so the closed form's re-roll is checked, not skipped)."""
    ties = [n for n in PLAIN if combat_odds(talisman.apply(PLAIN[n](), "fight", stop_at_chance=True))["standoff"]]
    assert "elf ties the bear" in ties
    for name in ("thief, one fate", "warrior re-rolls both dice", "warrior re-rolls his lower die",
                 "elf ties the bear, one fate"):
        rolling = talisman.apply(PLAIN[name](), "fight", stop_at_chance=True)
        assert combat_odds(rolling, rerolls=BOT.rerolls)["won"] != combat_odds(rolling)["won"]


def test_hand_counts():
    """The Thief (8) against the Sentinel (9): 5/18 without a Fate; the bot re-rolls a 1 or a 2:
    1/6 (1 + 2 + 3 + 4)/6 + 1/3 * 5/18 = 10/27 (docs/odds.md, question 1).  The Warrior (4, two
    dice) against the Dragon (7): 31/216 (question 2).  With a Fate the bot re-rolls a higher die
    m of 1 or 2 (chance 1/36 + 3/36): FATE re-rolls one die of several, his lower (rulings
    R-RF14.1), the new roll max(m, d), won on 5 (chance 1/6, against a creature's 1) or 6 (1/6,
    against 1 or 2): 31/216 + 4/36 * (1/36 + 2/36) = 11/72; under ``fate_reroll: whole_roll``
    both dice again: 31/216 + 4/36 * 31/216 = 155/972."""
    assert BOT.fight_odds(PLAIN["thief, no fate"]()) == F(5, 18)
    assert BOT.fight_odds(PLAIN["thief, one fate"]()) == F(10, 27)
    assert BOT.fight_odds(PLAIN["warrior against the dragon"]()) == F(31, 216)
    assert BOT.fight_odds(PLAIN["warrior re-rolls his lower die"]()) == F(11, 72)
    assert BOT.fight_odds(PLAIN["warrior re-rolls both dice"]()) == F(155, 972)


def test_a_re_roll_policy_is_the_search_s_policy():
    """``rerolls`` plays the Fate decision: re-rolling 1-3 is what Best("won") does (7/18), and
    None keeps every roll (as a policy that always keeps)."""
    rolling = talisman.apply(PLAIN["thief, one fate"](), "fight", stop_at_chance=True)
    best = dict(odds(rolling, "combat_resolved", policy=Best("won"), shortcut=False))
    assert best["won"] == F(7, 18)
    assert dict(combat_odds(rolling, rerolls=lambda roll: roll <= 3)) == best

    class Keeps:
        def choose(self, state):
            return next(a for a in talisman.legal_actions(state) if str(a) == "keep")

    assert dict(combat_odds(rolling)) == full(rolling, Keeps())


def test_what_the_closed_form_leaves_to_the_search():
    """No answer where a rule could step in between the roll and the result, or where the state
    is not a character's roll against creatures."""
    # the Blood Moon at Night: "each creature adds 1 to its attack score" (003 Time Card), a
    # listener on attack_score (and the expansion's others), each declaring itself harmless to
    # the closed form (odds.ROUND_FACTS): answered in closed form, the full search's answer
    s = at_combat("thief", "woods_1", "hills_3", [], dice=(2,), expansions=["blood_moon"],
                  ext={"blood_moon": {"time": "night"}}, strength=8, fate=1)
    rolling = talisman.apply(s, "fight", stop_at_chance=True)
    assert any(subscribed(rolling, h) for h in ROUND_HOOKS)
    closed = combat_odds(rolling, rerolls=BOT.rerolls)
    assert dict(closed) == dict(odds(rolling, "combat_resolved", policy=_Fighting(BOT))) == full(rolling)
    assert BOT.fight_odds(s) == full(rolling)["won"]
    # ...and with a card that changes the result by reading the scores when it declares how
    # (the Champion of Light's die added to them by Day, odds25j; the Sun Shield's die on a
    # loss, odds25g: tests/test_odds_results.py), but not with a listener that declares nothing
    # (the Airships' character_score)
    champion = talisman.apply(at_combat("thief", "woods_1", "hills_3", [], dice=(2,), expansions=["blood_moon"],
                                        ext={"blood_moon": {"time": "day"}}, strength=8, fate=1,
                                        followers=["champion_of_light"]), "fight", stop_at_chance=True)
    assert dict(combat_odds(champion, rerolls=BOT.rerolls)) == full(champion)
    airships = talisman.apply(at_combat("thief", "woods_1", "hills_3", [], dice=(2,), expansions=["airships"],
                                        strength=8, fate=1), "fight", stop_at_chance=True)
    assert subscribed(airships, "character_score") and combat_odds(airships, rerolls=BOT.rerolls) is None
    # not a roll: the combat decision itself, a new game
    assert combat_odds(s) is None
    assert combat_odds(talisman.new_game(["thief"], seed=1)) is None


def test_between_characters_the_closed_form_and_the_search_answer():
    """RESOLVING COMBAT BETWEEN CHARACTERS: the defender rolls his own die (and may re-roll it
    with a Fate): in the base game the closed form answers (odds15), as the search (which uses
    it) and the full search do, and the bot's question is that answer."""
    s = setup_state({"characters": [{"id": "warrior", "space": "plains_1", "strength": 5, "fate": 1},
                                    {"id": "elf", "space": "woods_2", "strength": 4, "fate": 1}]}, [1])
    s = talisman.apply(s, "move:woods_2")
    s = talisman.apply(s, next(a for a in talisman.legal_actions(s) if str(a).startswith("encounter:char:")))
    s = talisman.apply(s, "attack:battle")
    while s.pending.player != "warrior" or s.pending.kind != "combat":
        s = talisman.apply(s, "fight")      # the Elf fights rather than evades
    rolling = talisman.apply(s, "fight", stop_at_chance=True)
    assert rolling.battle.opponent == "elf"
    closed = dict(combat_odds(rolling, rerolls=BOT.rerolls))
    fast = dict(odds(rolling, "combat_resolved", policy=_Fighting(BOT)))
    assert closed == fast == full(rolling) and sum(fast.values()) == 1
    assert BOT.fight_odds(s) == fast["won"]


def test_a_result_listener_is_asked_as_compare_asks_it():
    """The Blood Moon's Vampire Bats (Craft 3): "Beating them counts as a stand-off unless your
    score wins by 2 or more" -- a combat_result listener (a value hook reading the scores
    compare logs): decided_by_roll asks it with the scores logged, as compare does, and the
    search agrees with the full search."""
    s = at_combat("wizard", "graveyard", "woods_1", ["vampire_bats"], expansions=["blood_moon"],
                  ext={"blood_moon": {"time": "day"}}, craft=4, fate=0)
    rolling = talisman.apply(s, "fight", stop_at_chance=True)
    fast = dict(odds(rolling, "combat_resolved", policy=_Fighting(BOT)))
    assert fast == full(rolling)
    # "During the Day, each creature subtracts 1 from its attack score" (003 Time Card): 4 + a
    # against 2 + c.  Won by 2 or more when a >= c (21 pairs of 36); winning by 1 (a - c = -1,
    # 5 pairs) counts as a stand-off, as does a tie (a - c = -2, 4 pairs); lost when
    # a - c <= -3 (6 pairs)
    assert fast == {"won": F(21, 36), "standoff": F(9, 36), "lost": F(6, 36)}
    at_roll = talisman.apply(rolling, "roll:3", stop_at_chance=True)
    assert at_roll.pending.step == "combat.opponent_rolled"
    # 4 + 3 against 2 + c: won by 2 or more on c <= 3; by 1 (c = 4) and a tie (c = 5): stand-offs
    assert [r for r, _ in decided_by_roll(at_roll)] == ["won"] * 3 + ["standoff"] * 2 + ["lost"]
    assert dict(odds(at_roll, "combat_resolved")) == full(at_roll)
    # the same roll in the base game is scored off the record: the Spectre (Craft 3) against
    # 4 + 3: won on c <= 3, a standoff on 4, lost on 5 and 6
    plain = at_combat("wizard", "graveyard", "woods_1", ["spectre"], craft=4, fate=0)
    plain = talisman.apply(talisman.apply(plain, "fight", stop_at_chance=True), "roll:3",
                           stop_at_chance=True)
    assert [r for r, _ in decided_by_roll(plain)] == ["won"] * 3 + ["standoff"] + ["lost"] * 2


def _questions(seeds, expansions=(), options=None):
    """The fight-or-evade questions the heuristic bot asks in whole seeded games."""
    asked = []
    original = HeuristicBot.fight_odds

    def recording(self, state, fight="fight", **how):
        asked.append((state, fight))
        return original(self, state, fight, **how)

    HeuristicBot.fight_odds = recording
    try:
        for seed in seeds:
            play_one((seed, ("warrior", "wizard", "troll", "elf"), dict(options or {}, max_rounds=40),
                      ("heuristic",) * 4, tuple(expansions)))
    finally:
        HeuristicBot.fight_odds = original
    return asked


def _creature_roll(rolling):
    """From the character's roll: its first outcome, the roll kept, to the next roll."""
    s = talisman.apply(rolling, talisman.legal_actions(rolling)[0], stop_at_chance=True)
    while s.pending.player != "chance":
        s = talisman.apply(s, "keep" if s.pending.kind == "fate" else talisman.legal_actions(s)[0],
                           stop_at_chance=True)
    return s


@pytest.mark.parametrize("expansions", [(), ("airships",)])
def test_the_bot_s_questions_in_whole_games(expansions):
    """Every question the bot asked in a few seeded games: its fast answer is the full
    search's.  In the base game nearly every fight is plain (the closed form); the Airships
    listen to character_score, so there the search answers, scoring the creatures' rolls off
    the battle record (its shortcut)."""
    asked = _questions([0, 1, 2], expansions)
    assert len(asked) >= 3
    closed = scored = 0
    for state, fight in asked:
        rolling = talisman.apply(state, fight, stop_at_chance=True)
        closed += combat_odds(rolling, rerolls=BOT.rerolls) is not None
        fast = odds(rolling, "combat_resolved", policy=_Fighting(BOT))
        scored += decided_by_roll(_creature_roll(rolling)) is not None
        assert BOT.fight_odds(state, fight) == fast["won"] == full(rolling)["won"]
        assert dict(fast) == full(rolling)
    if expansions:
        assert closed == 0 and scored >= len(asked) - 1   # (a fight with a character: not scored)
    else:
        assert closed >= len(asked) - 1


def test_a_question_asked_at_the_creature_s_roll():
    """The search's shortcut may answer the question's own state: the Thief's 4 kept, 12
    against the Sentinel's 9 + c: won on 1 and 2, a standoff on 3, lost on 4 to 6."""
    rolling = talisman.apply(PLAIN["thief, no fate"](), "fight", stop_at_chance=True)
    at_roll = talisman.apply(rolling, "roll:4", stop_at_chance=True)
    d = odds(at_roll, "combat_resolved")
    assert dict(d) == {"won": F(1, 3), "standoff": F(1, 6), "lost": F(1, 2)} == full(at_roll)
    assert (d.nodes, d.leaves) == (1, 6)


@pytest.mark.parametrize("expansions, options", [
    (("blood_moon",), {}), (("dungeon",), {}), (("harbinger",), {}),
    (("city",), {"master_levels": True}), ((), {"master_levels": True})])
def test_the_bot_s_questions_with_result_listeners(expansions, options, monkeypatch):
    """Every question the bot asks in a few seeded games where something listens to
    combat_resolved: its answer is the full search's.  With such an expansion the search
    answers, stopped where the rules would apply the result (no result applied:
    ``combat.finish`` never called; tests/test_odds_results.py); the Master Levels option alone
    subscribes to combat_resolved, but the hook is fired only in a game with expansions, so
    there the closed form answers plain fights."""
    wanted = 3 if expansions else 1
    asked = []
    for seed in range(12):   # seeded games until enough questions (new card data moves them)
        asked += _questions([seed], expansions, options)
        if len(asked) >= wanted and seed >= 2:
            break
    assert len(asked) >= wanted
    closed, plain, applied = 0, 0, []
    original = combat_rules.finish
    for state, fight in asked:
        rolling = talisman.apply(state, fight, stop_at_chance=True)
        closed_form = combat_odds(rolling, rerolls=BOT.rerolls)
        closed += closed_form is not None
        plain += 1  # (combat_odds answers fights between characters too where nothing listens: odds15)
        slow = full(rolling)
        assert closed_form is None or dict(closed_form) == slow
        monkeypatch.setattr(combat_rules, "finish", lambda s: applied.append(s) or original(s))
        fast = odds(rolling, "combat_resolved", policy=_Fighting(BOT))
        monkeypatch.undo()
        assert dict(fast) == slow
        assert BOT.fight_odds(state, fight) == slow.get("won", 0)  # (a fight it cannot win has no "won" row)
    if expansions:   # (plain fights in closed form: their listeners declared harmless to it)
        assert applied == []
    else:   # every fight in closed form, against creatures or a character (odds15)
        assert plain >= 1 and closed == plain


def _between(attacker, defender, *, kind="battle", expansions=(), fates=(1, 1), options=None,
             followers=((), ())):
    """``attacker`` (Strength 5, Craft 4) walks onto ``defender`` (Strength 4, Craft 4) and
    attacks (ATTACKING OTHER CHARACTERS); the defender fights; the state after the attacker's
    ``fight``, at its roll."""
    setup = {"characters": [{"id": attacker, "space": "plains_1", "strength": 5, "craft": 4, "fate": fates[0], "spells": [],
                             "followers": list(followers[0])},
                            {"id": defender, "space": "woods_2", "strength": 4, "craft": 4, "fate": fates[1], "spells": [],
                             "followers": list(followers[1])}]}
    if expansions:
        setup["expansions"] = list(expansions)
    if options:
        setup["options"] = dict(options)
    s = talisman.apply(setup_state(setup, [1]), "move:woods_2")
    s = talisman.apply(s, f"encounter:char:{defender}")
    # (the Assassin assassinates: his choice, rulings R-FF12.4)
    s = talisman.apply(s, f"attack:{kind}" + (":assassinate" if attacker == "assassin" else ""))
    while s.pending.player != attacker or s.pending.kind != "combat":
        s = talisman.apply(s, "fight")      # the defender fights rather than evades
    rolling = talisman.apply(s, "fight", stop_at_chance=True)
    assert rolling.battle.opponent == defender
    return rolling


def _defender_roll(rolling, i):
    """From the attacker's roll: its outcome ``i`` (of ``chance_outcomes``) kept, up to the
    defender's roll."""
    s = talisman.apply(rolling, talisman.chance_outcomes(rolling)[i][0], stop_at_chance=True)
    if s.pending.kind == "fate":
        s = talisman.apply(s, "keep", stop_at_chance=True)
    assert s.pending.step == "combat.opponent_rolled"
    return s


@pytest.mark.parametrize("attacker, defender, kind, expansions, fates", [
    ("elf", "warrior", "battle", (), (0, 0)),
    ("elf", "warrior", "battle", (), (1, 1)),
    ("warrior", "elf", "battle", (), (1, 0)),
    ("wizard", "elf", "psychic", (), (0, 1)),
    ("assassin", "warrior", "battle", (), (1, 1)),
    ("elf", "warrior", "battle", ("city",), (1, 1)),
    ("warrior", "elf", "battle", ("city",), (0, 0)),
    ("elf", "warrior", "battle", ("blood_moon",), (1, 1)),
    ("elf", "warrior", "battle", ("harbinger",), (0, 1)),
    ("elf", "warrior", "battle", ("dungeon",), (1, 0)),
])
def test_a_fight_between_characters_is_scored_off_the_record(attacker, defender, kind, expansions, fates):
    """RESOLVING COMBAT BETWEEN CHARACTERS (the defender rolls "as above in Resolving Combat":
    his own dice, a Fate to roll again; the Assassin's attack: no die for the defender): at the
    defender's roll with no Fate decision after it, the search scores the roll off the battle
    record; with one (a Fate left, not yet re-rolled) it plays the roll through the rules.  The
    answers equal the full search's, from the attacker's roll and from the defender's."""
    rolling = _between(attacker, defender, kind=kind, expansions=expansions, fates=fates)
    fast = dict(odds(rolling, "combat_resolved", policy=_Fighting(BOT)))
    assert fast == full(rolling) and sum(fast.values()) == 1
    if attacker == "assassin":
        # the Assassin's attack: the defender rolls no die (rulings R-FC12.3): the attacker's
        # roll kept, the fight is decided with no chance left
        s = talisman.apply(rolling, talisman.chance_outcomes(rolling)[2][0], stop_at_chance=True)
        if s.pending.kind == "fate":
            s = talisman.apply(s, "keep", stop_at_chance=True)
        assert s.battle is None or s.battle.result is not None
        assert s.pending.step != "combat.opponent_rolled"
        return
    at_roll = _defender_roll(rolling, 2)
    acts = fates[1] > 0    # the defender's Fate re-roll decision
    assert (decided_by_roll(at_roll) is None) == acts
    assert dict(odds(at_roll, "combat_resolved", policy=_Fighting(BOT))) == full(at_roll)
    if acts:   # after the defender's re-roll nothing more acts: scored
        first = talisman.chance_outcomes(at_roll)[1][0]
        at_fate = talisman.apply(at_roll, first, stop_at_chance=True)
        # (the Warrior's two dice: one of them again, rulings R-RF14.1)
        reroll = next(a for a in talisman.legal_actions(at_fate) if str(a).startswith("fate:reroll"))
        again = talisman.apply(at_fate, reroll, stop_at_chance=True)
        assert again.pending.step == "combat.opponent_rolled"
        # (the Harbinger's held cards listen to fate_rerolled: there the re-rolled dice are played)
        assert (decided_by_roll(again) is None) == ("harbinger" in expansions)
        assert dict(odds(again, "combat_resolved", policy=_Fighting(BOT))) == full(again)


def test_a_fight_between_characters_by_hand():
    """The Elf (Strength 5) rolls 3 against the Warrior (Strength 4), who rolls two dice and
    keeps the higher m (chance (2m - 1)/36): 8 against 4 + m, won on m <= 3 (1 + 3 + 5 = 9 of
    36), a standoff on m = 4 (7), lost on 5 and 6 (9 + 11 = 20).  The Assassin (Strength 5
    here) rolls 3 too: the Warrior rolls no die (8 against 4, rulings R-FC12.3): won."""
    at_roll = _defender_roll(_between("elf", "warrior", fates=(0, 0)), 2)   # (the d6's third outcome: 3)
    scored = decided_by_roll(at_roll)
    assert len(scored) == 36
    dist: dict = {}
    for result, p in scored:
        dist[result] = dist.get(result, 0) + p
    assert dist == {"won": F(9, 36), "standoff": F(7, 36), "lost": F(20, 36)} == full(at_roll)
    rolling = _between("assassin", "warrior", fates=(0, 3))
    assassin = talisman.apply(rolling, "roll:3", stop_at_chance=True)
    assert assassin.pending.step != "combat.opponent_rolled"   # no die for the Warrior
    (sc,) = [e for e in assassin.log if e.name == "combat_scores"]
    assert (sc.data["character_score"], sc.data["opponent_roll"], sc.data["opponent_score"]) == (8, 0, 4)
    assert full(rolling) == {"won": 1}   # 6 or more against 4, whatever the Assassin rolls


class _RerollsAt4(HeuristicBot):
    """The heuristic bot paying a Fate for a battle roll of 4 or less (another re-roll rule)."""
    REROLL_AT = 4


@pytest.mark.parametrize("attacker, defender, kind, expansions, fates, options", [
    ("elf", "warrior", "battle", (), (0, 0), None),
    ("elf", "warrior", "battle", (), (1, 1), None),
    ("elf", "warrior", "battle", (), (1, 2), {"fate_reroll": "whole_roll"}),
    ("warrior", "elf", "battle", (), (1, 0), None),
    ("monk", "warrior", "battle", (), (2, 2), None),
    ("troll", "elf", "battle", (), (2, 3), None),
    ("wizard", "elf", "psychic", (), (0, 1), None),
    ("assassin", "warrior", "battle", (), (1, 1), None),
    ("elf", "warrior", "battle", ("city",), (1, 1), None),
    ("warrior", "elf", "battle", ("city",), (0, 0), {"master_levels": True}),
    ("elf", "warrior", "battle", ("dungeon",), (1, 1), None),
    ("elf", "warrior", "battle", ("blood_moon",), (1, 1), None),
    ("elf", "warrior", "battle", ("harbinger",), (0, 1), None),
    ("troll", "elf", "battle", ("blood_moon", "harbinger", "dungeon", "city"), (2, 3), {"master_levels": True}),
])
@pytest.mark.parametrize("bot", [BOT, _RerollsAt4(0)], ids=["rerolls_2", "rerolls_4"])
def test_a_fight_between_characters_in_closed_form(attacker, defender, kind, expansions, fates, options, bot):
    """RESOLVING COMBAT BETWEEN CHARACTERS (ATTACKING OTHER CHARACTERS: the defender rolls "as
    above in Resolving Combat", his own dice, the Warrior the higher of two; FATE: each may pay
    one Fate to roll again once, one die of several, rulings R-RF14.1; the Assassin's defender
    rolls no die, R-FC12.3): from the attacker's roll, where no listener acts between the roll
    and the comparison (the base game, the City, the Master Levels, the Dungeon; the Blood
    Moon's and the Harbinger's listeners declaring themselves harmless: no card in play; all
    the sets), the closed form (``combat_odds``, the same re-roll rule for both fighters, as the
    bot plays both) equals the full search with that bot; so it does from the attacker's
    re-roll (the roll kept or one die of it)."""
    rolling = _between(attacker, defender, kind=kind, expansions=expansions, fates=fates, options=options)
    closed = combat_odds(rolling, rerolls=bot.rerolls)
    assert closed is not None
    assert dict(closed) == full(rolling, _Fighting(bot)) and sum(closed.values()) == 1
    assert dict(odds(rolling, "combat_resolved", policy=_Fighting(bot))) == dict(closed)
    if fates[0]:   # the attacker's re-roll (of a low first outcome), then the closed form again
        at_fate = talisman.apply(rolling, talisman.chance_outcomes(rolling)[0][0], stop_at_chance=True)
        for reroll in [a for a in talisman.legal_actions(at_fate) if str(a).startswith("fate:reroll")]:
            again = talisman.apply(at_fate, reroll, stop_at_chance=True)
            assert again.pending.step == "combat.character_rolled"
            assert dict(combat_odds(again, rerolls=bot.rerolls)) == full(again, _Fighting(bot))


@pytest.mark.parametrize("holder", [0, 1])
def test_a_fight_between_characters_with_a_listener_acting_is_searched(holder):
    """The Harbinger's Witch Cat (card-data.md 2.2: "a fate re-roll that comes up 1 makes you a
    Toad for 3 turns"), held by the attacker or by the defender, both with a Fate: its
    ``fate_rerolled`` listener acts on either fighter's re-roll, so the closed form gives None
    (odds15: its ``idle`` declaration reads both fighters); the search answers, as the full
    search does."""
    followers = (["witch_cat"], []) if holder == 0 else ([], ["witch_cat"])
    rolling = _between("elf", "warrior", expansions=("harbinger",), fates=(1, 1), followers=followers)
    assert combat_odds(rolling, rerolls=BOT.rerolls) is None
    assert dict(odds(rolling, "combat_resolved", policy=_Fighting(BOT))) == full(rolling)
    plain = _between("elf", "warrior", expansions=("harbinger",), fates=(1, 1))
    assert combat_odds(plain, rerolls=BOT.rerolls) is not None


def test_a_fight_between_characters_in_closed_form_by_hand():
    """The Elf (Strength 5) against the Warrior (Strength 4), no Fate: 5 + r against 4 + m, m
    the higher of the Warrior's two dice (chance (2m - 1)/36, m <= r: r^2/36): won when m <= r,
    (1 + 4 + 9 + 16 + 25 + 36)/216 = 91/216; a stand-off when m = r + 1, (3 + 5 + 7 + 9 + 11)/216
    = 35/216; lost otherwise, 90/216.  With one Fate each (the bot's rule: re-roll 1 or 2),
    the Elf's roll is 1 + (1/3 x 3.5 ...) more often high: the closed form's answer is the full
    search's and wins more than 91/216."""
    plain = combat_odds(_between("elf", "warrior", fates=(0, 0)), rerolls=BOT.rerolls)
    assert dict(plain) == {"won": F(91, 216), "standoff": F(35, 216), "lost": F(90, 216)}
    fated = _between("elf", "warrior", fates=(1, 0))
    assert combat_odds(fated, rerolls=BOT.rerolls)["won"] > F(91, 216)
    # by hand: the Elf's roll with his Fate on 1-2 is 1 or 2 with chance 2/6 x 1/6 each, 3-6
    # with 1/6 + 2/36 = 8/36 each; won with chance sum(P(r) x r^2/36)
    mine = {1: F(2, 36), 2: F(2, 36), 3: F(8, 36), 4: F(8, 36), 5: F(8, 36), 6: F(8, 36)}
    assert combat_odds(fated, rerolls=BOT.rerolls)["won"] == sum(q * F(r * r, 36) for r, q in mine.items())


@pytest.mark.parametrize("die", [1, 2])
def test_the_closed_form_at_the_re_roll_of_one_die(die):
    """FATE (talisman-facts-verified.md 3: "If several dice are rolled at once ... only one of
    them may be rerolled"; rulings R-RF14.1): the Warrior rolls 1 and 3 and pays a Fate to roll
    his ``die``-th again, the other kept (Strength 3 against the Bear's 3).  At that one die's
    roll the closed form counts the kept die (the higher of it and the new one), as the full
    search does."""
    rolling = talisman.apply(PLAIN["warrior ties the bear, his lower die"](), "fight", stop_at_chance=True)
    at_fate = talisman.apply(rolling, "roll:1+3", stop_at_chance=True)
    assert {str(a) for a in talisman.legal_actions(at_fate)} == {"keep", "fate:reroll:1", "fate:reroll:2"}
    again = talisman.apply(at_fate, f"fate:reroll:{die}", stop_at_chance=True)
    assert again.pending.spec == "d6"
    closed = combat_odds(again, rerolls=BOT.rerolls)
    assert dict(closed) == full(again)
    # the die kept counts: keeping the 3 (re-rolling the 1) wins more often than keeping the 1
    other = talisman.apply(at_fate, f"fate:reroll:{3 - die}", stop_at_chance=True)
    higher, lower = (closed, combat_odds(other)) if die == 1 else (combat_odds(other), closed)
    assert lower["won"] < higher["won"]


@pytest.mark.parametrize("expansions, options", [((), {}), (("blood_moon", "harbinger"), {}),
                                                 (("blood_moon", "harbinger", "dungeon", "city"),
                                                  {"master_levels": True})])
def test_the_closed_form_s_memo_key_decides_its_answer(expansions, options):
    """``combat_odds`` remembers an answer by a small tuple (the dice, the rolls re-rolled, the
    margin or the table of results, the cards' offers...: ``_ROUNDS``), so a question asked
    again, or another with the same numbers, is answered without the sums.  The key must cover
    every input the answer depends on: over the bot's questions in whole games (the base game,
    the Blood Moon with the Harbinger, all the sets), each answered with the memos emptied (its
    key the memo's one entry) and again with every other question's answer remembered,
    questions of equal keys (in the base game some from different positions) have equal
    answers, and the remembered answer is the fresh one."""
    import importlib

    odds_module = importlib.import_module("talisman.odds")  # (the package's ``odds`` is the function)
    asked = _questions(range(8), expansions, options)
    by_key, fresh = {}, []
    for state, fight in asked:
        rolling = talisman.apply(state, fight, stop_at_chance=True)
        odds_module.clear_memos()
        got = combat_odds(rolling, rerolls=BOT.rerolls, fights_on=BOT.fights_on, fights_again=True)
        if got is None:
            continue
        (key,) = odds_module._ROUNDS
        by_key.setdefault(key, set()).add((rolling, tuple(sorted(got.items()))))
        fresh.append((rolling, dict(got)))
    assert len(fresh) >= 5
    for key, found in by_key.items():
        assert len({answer for _, answer in found}) == 1, key
    if not expansions:   # (shared answers: the base game's questions are the most alike)
        assert any(len({s for s, _ in found}) > 1 for found in by_key.values())
    odds_module.clear_memos()
    for rolling, _ in fresh:   # every answer remembered, then each asked again
        combat_odds(rolling, rerolls=BOT.rerolls, fights_on=BOT.fights_on, fights_again=True)
    for rolling, answer in fresh:
        assert dict(combat_odds(rolling, rerolls=BOT.rerolls, fights_on=BOT.fights_on,
                                fights_again=True)) == answer


@pytest.mark.parametrize("expansions, options", [(("harbinger",), {}),
                                                 (("blood_moon", "harbinger", "dungeon", "city"),
                                                  # the former default (edition15): the 8 games
                                                  # meeting the bounded questions were found under it
                                                  {"master_levels": True, "edition": "compendium",
                                                   "fate": "card"})])
def test_the_bound_of_a_win_is_above_the_search_s_answer(expansions, options):
    """odds15: where the closed form cannot answer the bot's question, ``won_at_most`` bounds
    the chance of a win by the outcomes scored a win or a result a listener may change (a
    result no listener changes stands).  Over the bot's questions in whole games (the
    Harbinger; all the sets, where the Armour of Humility and the Doomsday Prophet are met):
    each bound is at least the search's answer, and the bot's choice with its threshold
    (``fight_odds(..., enough=1/2)``, the bound taken when under it) is its choice with the
    exact answer."""
    from talisman.odds import won_at_most
    asked = _questions(range(8), expansions, options)
    half, bounded = F(1, 2), 0
    for state, fight in asked:
        rolling = talisman.apply(state, fight, stop_at_chance=True)
        if combat_odds(rolling, rerolls=BOT.rerolls, fights_on=BOT.fights_on, fights_again=True) is not None:
            continue
        bound = won_at_most(rolling, rerolls=BOT.rerolls)
        exact = BOT.fight_odds(state, fight)
        if bound is not None:
            searched = odds(rolling, "combat_resolved", policy=_Fighting(BOT))
            assert searched.get("won", 0) <= bound
            bounded += bound < half
        assert (BOT.fight_odds(state, fight, enough=half) >= half) == (exact >= half)
    if options:   # (all the sets: the Armour of Humility's and the Prophet's questions)
        assert bounded >= 1


@pytest.mark.parametrize("expansions, options", [(("blood_moon",), {}), (("dungeon",), {}),
                                                 (("city",), {"master_levels": True}),
                                                 (("airships", "blood_moon"), {}), (("harbinger",), {}),
                                                 (("blood_moon", "harbinger", "dungeon", "city"),
                                                  {"master_levels": True})])
def test_a_listener_reading_no_roll_declares_the_same_at_every_roll(expansions, options):
    """odds14: a ``combat_resolved`` listener declaring ``reads_no_roll`` (the Blood Moon's, the
    Dungeon's, the Master Levels', the Airships'; odds15: the Harbinger's where it says so in the
    state, no Herald's roll and no second die) has its declarations (``changes_results``,
    ``roll_blind``, ``fights_on``) asked at one of the character's battle rolls for all
    (``odds._round_declared``).  At the bot's questions in whole games, the creature's roll
    reached with each battle roll 1-6, kept and re-rolled (a Fate spent): each such listener
    declares the same at every one."""
    from talisman.engine.records import set_field
    from talisman.engine.ruleset import RULESET, declared
    from talisman.state import character, update_character

    asked = _questions(range(6), expansions, options)
    checked = 0
    for state, fight in asked:
        rolling = talisman.apply(state, fight, stop_at_chance=True)
        b = rolling.battle
        if b.opponent is not None or not combat_rules.result_answered(rolling):
            continue
        s = set_field(rolling, "pending", None)
        spent = update_character(s, b.who, fate=max(0, character(s, b.who).fate - 1))
        for _, fn in RULESET.listeners(s, "combat_resolved"):
            says = declared(fn, "reads_no_roll")
            if not (says is True or (callable(says) and says(s))):
                continue
            for after, again in ((s, False), (spent, True)):
                seen = set()
                for roll in range(1, 7):
                    at = set_field(after, "battle", b.set("roll", roll).set("rerolled", again))
                    said = []
                    for fact in ("changes_results", "roll_blind", "fights_on"):
                        how = declared(fn, fact)
                        said.append(how(at) if callable(how) else how)
                    said[0] = frozenset(said[0])
                    seen.add(tuple(said))
                assert len(seen) == 1, (fn, seen)
                checked += 1
    assert checked >= 2


@pytest.mark.parametrize("expansions, options", [(("blood_moon",), {}), (("dungeon",), {}),
                                                 (("city",), {"master_levels": True}),
                                                 (("airships", "blood_moon"), {}), (("harbinger",), {}),
                                                 (("blood_moon", "harbinger", "dungeon", "city"),
                                                  {"master_levels": True})])
def test_a_listener_reading_no_fate_declares_the_same_with_a_fate_spent(expansions, options):
    """odds18: a ``combat_resolved`` listener declaring ``reads_no_fate`` (the Blood Moon's, the
    Dungeon's, the Master Levels', the Airships'; the Harbinger's where no beaten card with a
    table roll is in the fight, odds19) is not asked again for the state with a Fate
    spent on a re-roll (``odds._round_declared``, ``odds._quiet_between_characters``): FATE,
    "the new result stands", so the closed form must know what the listeners change after a
    re-roll too.  At the bot's questions in whole games, the creature's roll reached with each
    battle roll 1-6, with the fighter's Fate left as it is, one more and one less, and his roll
    (and a defending character's) re-rolled or not: each such listener declares the same at
    every one."""
    from talisman.engine.records import set_field
    from talisman.engine.ruleset import RULESET, declared, declares
    from talisman.state import character, update_character

    asked = _questions(range(6), expansions, options)
    checked = 0
    for state, fight in asked:
        rolling = talisman.apply(state, fight, stop_at_chance=True)
        b = rolling.battle
        if not combat_rules.result_answered(rolling):
            continue
        s = set_field(rolling, "pending", None)
        fate = character(s, b.who).fate
        fates = [update_character(s, b.who, fate=f) for f in {max(0, fate - 1), fate, fate + 1}]
        for _, fn in RULESET.listeners(s, "combat_resolved"):
            if not declares(fn, "reads_no_fate", s):
                continue
            seen = set()
            for after in fates:
                for roll in range(1, 7):
                    for again in (False, True):
                        battle = after.battle.set("roll", roll).set("rerolled", again)
                        if b.opponent is not None:
                            battle = battle.set("opponent_rerolled", again)
                        at = set_field(after, "battle", battle)
                        said = []
                        for fact in ("changes_results", "roll_blind", "fights_on"):
                            how = declared(fn, fact)
                            said.append(how(at) if callable(how) else how)
                        said[0] = frozenset(said[0])
                        seen.add((roll, tuple(said)))
            assert len(seen) == len({roll for roll, _ in seen}), (fn, seen)   # one answer a roll
            checked += 1
    assert checked >= 2


@pytest.mark.parametrize("expansions, options", [(("blood_moon",), {}), (("harbinger",), {}),
                                                 (("blood_moon", "harbinger", "dungeon", "city"),
                                                  {"master_levels": True})])
def test_asking_the_listeners_once_for_a_fate_re_roll_changes_no_answer(expansions, options):
    """odds18: with every ``combat_resolved`` listener declaring ``reads_no_fate``, the closed
    form's check (``odds._round_declared``) and its answer (``combat_odds``) and the bound
    ``won_at_most`` are what they are when the listeners are asked again for the state with a
    Fate spent, as before (``_reads_no_fate`` forced false), at the bot's questions in whole
    games (FATE: "the new result stands"); the Harbinger's listener declares it too where no
    beaten card with a table roll is in the fight (odds19), so in its games and all the sets'
    some questions are asked once."""
    import importlib
    from talisman.odds import _reads_no_fate, _round_declared, won_at_most
    from talisman.engine.records import set_field
    odds_module = importlib.import_module("talisman.odds")   # (``talisman.odds`` is also the function)

    asked = _questions(range(6), expansions, options)
    questions = [talisman.apply(state, fight, stop_at_chance=True) for state, fight in asked]
    questions = [r for r in questions if r.battle is not None and r.pending.kind == "roll"]

    def answers():
        odds_module.clear_memos()
        got = []
        for rolling in questions:
            s = set_field(rolling, "pending", None)
            found = _round_declared(s, tuple(range(1, 7)), True,
                                    odds_module.CLOSED_FIGHTS_ON | odds_module.AGAIN_ATTACK)
            # (the offers, and the hooks whose listeners read the dice: their functions are new each time)
            got.append((found and (found[0], {hook: len(fns) for hook, fns in found[1].items()}),
                        combat_odds(rolling, rerolls=BOT.rerolls, fights_on=BOT.fights_on, fights_again=True),
                        won_at_most(rolling, rerolls=BOT.rerolls)))
        return got

    once = answers()
    skipped = sum(combat_rules.result_answered(r) and _reads_no_fate(set_field(r, "pending", None))
                  for r in questions)
    real = odds_module._reads_no_fate
    odds_module._reads_no_fate = lambda state: False
    try:
        again = answers()
    finally:
        odds_module._reads_no_fate = real
    assert once == again
    assert skipped >= 1
