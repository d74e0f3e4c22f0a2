"""The search's stop at a combat's result agrees with the full search in games with expansions
(issue 25: the heuristic bot's fight-or-evade question, fast with every expansion).

With expansions the rules compare the scores, then fire the ``combat_resolved`` hook, whose
answers (frames: a die, a decision) may change ``state.battle.result`` or clear it to fight on,
and only then apply the result (``talisman.rules.combat.RESULT_STEP``: the trophies or the
life lost, the end of the turn, the next turn up to its first roll).  ``odds(..., until=
"combat_resolved")`` stops the machine before that step (``machine.advance(stop_before=...)``)
and reads the result there; ``shortcut=False`` plays every branch through the rules to the
``combat_won`` / ``combat_lost`` / ``standoff`` event.

Which answers change the result, and which only react to it (from the code):

- Blood Moon: the Champion of Light's added die (``blood_moon.added_die``), the Sun Shield's die, the Torchbearer's attack again and the Pharaoh's Crown's roll again
  (``blood_moon.after_result``) change it; an Enemy moving on when not killed
  (``blood_moon.not_killed``) and the Black Cat let go on a roll of 1 only react.
- The Harbinger: the Flail of Blood's second die (``harbinger.second_die``) and a beaten card's
  effects (the Bone Giant: "a die of 4-6 makes the fight a stand-off") change it; the
  Horsemen not beaten, the Heralds' rolls, the Armour of Humility, an Omen's ``after_win``
  react (but run card effects, which may change it too).
- The Dungeon: a character defeated there is marked to move toward the Entrance (reacts).
- The Master Levels: a title offered for beating its holder (reacts).

Every answer is played before the stop: the result is read once none is left, so the stop is
the full search's answer whatever an answer does.
"""
from fractions import Fraction as F

import pytest
from click.testing import CliRunner

import talisman
from talisman.bots import HeuristicBot, _Fighting
from talisman.cli import main
from talisman.engine.records import set_field
from talisman.api import chance_outcomes
from talisman.odds import Best, combat_odds, decided_by_roll, odds, won_at_most
from talisman.rules import combat as combat_rules
from talisman.scenarios import setup_state

BOT = HeuristicBot(0)


def at_combat(cid, start, space, cards, *, dice=(1,), expansions=(), ext=None, then=(), options=None,
              **fields):
    """``cid`` (with ``fields``) moves from ``start`` onto ``space``, where ``cards`` attack it:
    the combat's decision (``fight`` legal)."""
    setup = {"characters": [dict(id=cid, space=start, spells=[], **fields)],
             "board_cards": {space: list(cards)}, "expansions": list(expansions)}
    if ext:
        setup["ext"] = ext
    if options:
        setup["options"] = options
    s = talisman.apply(setup_state(setup, list(dice)), f"move:{space}")
    for action in then:
        s = talisman.apply(s, action)
    assert s.pending.kind == "combat", s.pending
    return s


def sentinel(expansion="blood_moon", time="day", fate=0, **fields):
    """The Thief (Strength 8, no Fate unless ``fate``) crosses the bridge: the Sentinel
    (Strength 9) attacks."""
    ext = {"blood_moon": {"time": time}} if expansion == "blood_moon" else None
    return at_combat("thief", "woods_1", "hills_3", [], dice=(2,), expansions=[expansion], ext=ext,
                     strength=8, fate=fate, **fields)


#: Fights whose ``combat_resolved`` answers change the result or react to it.
CASES = {
    # Blood Moon (003): the answers that change the result
    "sun shield: a die turns a loss": lambda: sentinel(objects=["sun_shield"]),
    "torchbearer: attack again": lambda: sentinel(followers=["torchbearer"]),
    "pharaoh's crown: the creature rolls again": lambda: sentinel(objects=["pharaohs_crown"]),
    "champion of light: an added die by Day": lambda: sentinel(followers=["champion_of_light"]),
    # ...and those that only react: the Black Cat on an attack roll of 1, the Fire Giant moving on
    # (a die) and burning its way when not killed
    "black cat: let go on a 1": lambda: sentinel(time="night", followers=["black_cat"]),
    "fire giant: moves on when not killed": lambda: at_combat(
        "warrior", "chapel", "fields_2", ["fire_giant"], expansions=["blood_moon"],
        ext={"blood_moon": {"time": "day"}}, strength=4, fate=1),
    # the Harbinger: the Flail of Blood's second die, the Bone Giant beaten (4-6: a stand-off),
    # a Horseman not beaten (every character without a Talisman loses a life)
    "flail of blood: a second die": lambda: sentinel("harbinger", objects=["flail_of_blood"]),
    "bone giant beaten": lambda: at_combat("warrior", "chapel", "fields_2", ["bone_giant"],
                                           expansions=["harbinger"], strength=6, fate=0),
    "horseman not beaten": lambda: _horseman_punishing(),
}


def _horseman_punishing():
    """The Warrior (Strength 5, no Fate) fights the Horseman of Death in battle ("not beaten,
    every character without a Talisman loses a life"), the Thief elsewhere at his last life
    without a Talisman: the punishment may kill him, so it is played (odds25i:
    ``figure.unbeaten_harmless``), and the Wizard elsewhere (his death ends no game)."""
    setup = {"characters": [dict(id="warrior", space="chapel", spells=[], strength=5, fate=0),
                            dict(id="thief", space="city", spells=[], lives=1),
                            dict(id="wizard", space="tavern", spells=[])],
             "board_cards": {"fields_2": ["horseman_of_death"]}, "expansions": ["harbinger"]}
    s = talisman.apply(talisman.apply(setup_state(setup, [1]), "move:fields_2"), "combat:battle")
    assert s.pending.kind == "combat", s.pending
    return s


def full(rolling, policy):
    """The full exact search: every branch played through the rules to the result's event."""
    return dict(odds(rolling, "combat_resolved", policy=policy, shortcut=False))


def counting_calls(monkeypatch, module, name, seen):
    """Count the calls of ``module.name`` (a one-state function), recording ``seen(state)`` for each."""
    calls = []
    original = getattr(module, name)

    def counted(state):
        calls.append(seen(state))
        return original(state)

    monkeypatch.setattr(module, name, counted)
    return calls


def counting_finish(monkeypatch):
    """Count the calls of the rule step that applies a combat's result (``combat.finish``)."""
    return counting_calls(monkeypatch, combat_rules, "finish", lambda state: state.battle.result)


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_stop_is_the_full_search(name, monkeypatch):
    at_combat_decision = CASES[name]()
    rolling = talisman.apply(at_combat_decision, "fight", stop_at_chance=True)
    assert combat_rules.result_answered(rolling)
    closed = combat_odds(rolling, rerolls=BOT.rerolls)
    if name.startswith(("black cat", "fire giant")):
        # listeners that only react to the result declare it (they change none): the closed
        # form answers, as the search stopped at the result does
        assert dict(closed) == dict(odds(rolling, "combat_resolved", policy=_Fighting(BOT)))
    elif name.startswith(("sun shield", "champion of light", "flail of blood")):
        # a card's die, declared among the answers to a result (odds25g), or a die added to the
        # score (odds25j): the closed form answers, the full search's answer
        assert {k: v for k, v in closed.items() if v} == full(rolling, _Fighting(BOT))
    else:   # (a listener that may change the result: no closed form)
        assert closed is None
    for policy in (_Fighting(BOT), Best("won")):
        slow = full(rolling, policy)
        calls = counting_finish(monkeypatch)
        fast = odds(rolling, "combat_resolved", policy=policy)
        monkeypatch.undo()
        assert dict(fast) == slow, policy
        assert sum(fast.values()) == 1
        if isinstance(policy, _Fighting):
            # the result is read where it would be applied, and never applied (no trophy, no
            # life lost, no next turn) in a fight fought to its end
            assert calls == []
    # the bot's own question is the same search
    assert BOT.fight_odds(at_combat_decision) == full(rolling, _Fighting(BOT))["won"]


def test_reactions_are_not_played():
    """The Fire Giant not killed moves on a die's spaces, burning them (card-data.md 1.3): a
    reaction (``odds.REACTIONS``), so the search reads the result at that die instead of
    rolling it: as many outcomes as the fight's own, where the full search has 6 more for each
    branch the Giant is not killed in.  The Warrior's 4 + m (the higher of two dice: m with
    chance (2m - 1)/36) against the Giant's 7 - 1 (by Day) + c: won when m - c >= 3 (m = 4, 5, 6
    with 1, 2, 3 dice c: 7 + 18 + 33 = 58 of 216), a standoff when m - c = 2 (5 + 7 + 9 + 11 =
    32 of 216), lost otherwise (126 of 216)."""
    rolling = talisman.apply(CASES["fire giant: moves on when not killed"](), "fight",
                             stop_at_chance=True)
    keep = ["keep"] * 2
    fast = odds(rolling, "combat_resolved", policy=keep)
    slow = odds(rolling, "combat_resolved", policy=keep, shortcut=False)
    assert dict(fast) == dict(slow) == {"won": F(58, 216), "standoff": F(32, 216), "lost": F(126, 216)}
    # the states met again by the higher die kept (6) and the Giant's die (6): 36 branches;
    # the full search rolls the Giant's move in the 30 of them it is not killed in
    assert fast.leaves == 36 and slow.leaves == 6 + 30 * 6


def test_the_reactions_are_steps_that_never_change_the_result():
    """Each step named in ``odds.REACTIONS`` is a rule step of the game whose code does not
    touch the combat's result (the steps that do: ``result_rolled``, ``result_chosen``,
    ``added_rolled``, ``second_rolled``, ``sent_away``...)."""
    import inspect

    from talisman.api import STEPS
    from talisman.odds import REACTIONS
    assert REACTIONS <= set(STEPS)
    def source(fn):  # a character's own roll (characters.OwnRoll) goes on in its ``then``
        then = getattr(getattr(fn, "__self__", None), "then", None)
        return inspect.getsource(fn) + (inspect.getsource(then) if callable(then) else "")

    changers = {n for n, fn in STEPS.items() if '.set("result"' in source(fn)}
    assert {"blood_moon.result_rolled", "blood_moon.result_chosen", "blood_moon.added_rolled",
            "harbinger.second_rolled", "blood_moon.sent_away"} <= changers
    assert not REACTIONS & changers
    # the steps declare themselves: the set is the registry's, not a table kept by hand
    from talisman.engine.ruleset import declared
    assert REACTIONS == {n for n, fn in STEPS.items() if declared(fn, "reaction")}
    assert {"blood_moon.not_killed", "blood_moon.let_go_offer", "master_levels.title_offered"} <= REACTIONS


def test_the_answers_change_the_odds():
    """The cases are not the plain fight in disguise: each card that answers the result changes
    the odds of the same fight without it (so its die or decision is enumerated, not skipped),
    played at best for a win."""
    def won(state):
        rolling = talisman.apply(state, "fight", stop_at_chance=True)
        return dict(odds(rolling, "combat_resolved", policy=Best("won")))

    plain = won(sentinel())
    for name in ("sun shield: a die turns a loss", "torchbearer: attack again", "pharaoh's crown: the creature rolls again",
                 "champion of light: an added die by Day"):
        assert won(CASES[name]()) != plain, name
    assert won(CASES["flail of blood: a second die"]()) != won(sentinel("harbinger"))


def test_the_sun_shield_by_hand():
    """003 Time Card: "During the Day, each creature subtracts 1 from its attack score": the
    Thief's 8 + a against the Sentinel's 9 - 1 + c: won 15/36, a standoff 6/36, lost 15/36.
    The Sun Shield: "Beaten in combat, roll a die (add up to 3 by Day): a 6 turns the loss into
    a stand-off": by Day a die of 3 to 6, 2/3 of the losses: lost 15/36 * 1/3 = 5/36, a
    standoff 6/36 + 10/36 = 4/9."""
    rolling = talisman.apply(sentinel(), "fight", stop_at_chance=True)
    assert dict(odds(rolling, "combat_resolved")) == {"won": F(5, 12), "standoff": F(1, 6),
                                                       "lost": F(5, 12)}
    shielded = talisman.apply(CASES["sun shield: a die turns a loss"](), "fight", stop_at_chance=True)
    assert dict(odds(shielded, "combat_resolved")) == {"won": F(5, 12), "standoff": F(4, 9),
                                                        "lost": F(5, 36)}


def test_a_fight_on_goes_on_from_the_stop():
    """The Torchbearer: "once a turn, beaten by a creature, you may attack it again": the
    answer clears the result, so the search goes on from the stop (the rules' own step runs,
    back to the declaration) and reads the second fight's result.  Best("won") takes it: the
    Thief's 5/12 by Day (above) becomes 5/12 + 5/12 * 5/12 = 85/144."""
    rolling = talisman.apply(CASES["torchbearer: attack again"](), "fight", stop_at_chance=True)
    d = odds(rolling, "combat_resolved", policy=Best("won"))
    assert d["won"] == F(5, 12) + F(5, 12) * F(5, 12)
    assert dict(d) == full(rolling, Best("won"))



def at_creature_roll(state, kept):
    """From the combat's decision: fight, the character's roll ``kept``, to the creature's roll."""
    for action in ("fight", f"roll:{kept}"):
        state = talisman.apply(state, action, stop_at_chance=True)
    assert state.pending.step == "combat.opponent_rolled"
    return state


def test_a_roll_no_card_answers_is_scored_off_the_record():
    """Where every listener to the result only reacts to it (each declares the results it
    changes, ``changes_results``: the Blood Moon with no card that turns the result, the
    Dungeon, the Master Levels: none), a creature's roll is
    scored off the battle record (``decided_by_roll``) instead of played through the rules, and
    the search is the full search's.  The Thief's 4 kept (12) against the Sentinel's 9 + c: by Day
    (003 Time Card: "each creature subtracts 1") won on c <= 3, a standoff on 4, lost on 5 and 6;
    without the Blood Moon won on c <= 2, a standoff on 3."""
    by_day = ["won"] * 3 + ["standoff"] + ["lost"] * 2
    plain = ["won"] * 2 + ["standoff"] + ["lost"] * 3
    for state, want in ((sentinel(), by_day), (sentinel("dungeon"), plain),
                        (sentinel("city", options={"master_levels": True}), plain)):
        at_roll = at_creature_roll(state, 4)
        assert [r for r, _ in decided_by_roll(at_roll)] == want, state.config
        rolling = talisman.apply(state, "fight", stop_at_chance=True)
        assert dict(odds(rolling, "combat_resolved", policy=_Fighting(BOT))) == full(rolling, _Fighting(BOT))
    # a card that answers the result (a die that turns a loss, a fight on, a result turned, an
    # added die): the rules
    for name in ("sun shield: a die turns a loss", "torchbearer: attack again",
                 "pharaoh's crown: the creature rolls again", "champion of light: an added die by Day",
                 "flail of blood: a second die"):
        assert decided_by_roll(at_creature_roll(CASES[name](), 4)) is None, name


def herald_of_famine():
    """The Wizard (Craft 4, the Maiden's 2) meets the Herald of Famine (Craft 3; "if you roll 4-6 for
    your psychic combat roll, lose 1 Follower", its ``on_roll``)."""
    return at_combat("wizard", "chapel", "fields_2", ["herald_of_famine"], expansions=["harbinger"],
                     craft=4, fate=0, followers=["maiden"])


def first_roll(state):
    """From the combat's decision: fight, the character's first possible roll, to the creature's."""
    state = talisman.apply(state, "fight", stop_at_chance=True)
    state = talisman.apply(state, chance_outcomes(state)[0][0], stop_at_chance=True)
    assert state.pending.step == "combat.opponent_rolled"
    return state


def test_the_harbinger_is_quiet_where_its_hook_queues_nothing(monkeypatch):
    """The Harbinger answers a combat's result only through its ``combat_resolved`` hook
    (``harbinger.answers_result``): where the hook queues nothing for the combat (no beaten
    card's effects, Herald's roll, Horseman, second die, held card or Omen), a creature's roll is
    scored off the record, and the search is the full search's (RESOLVING COMBAT VS CREATURES OR
    ENEMIES).  The Thief's 4 kept (12) against the Sentinel's 9 + c: won on c <= 2, a standoff on
    3.  The Wizard's 6 + 2 kept against the Herald of Famine's 3 + c: won on c <= 4, a standoff
    on 5; kept 5, the Herald's roll (4-6) answers it by killing a Follower, which changes no
    result (its effects declared ``neutral``, odds25g): scored, won whatever the die; with no
    effect declared neutral (as before odds25g), the rules."""
    from talisman.expansions.harbinger import cards as harbinger_cards
    plain = ["won"] * 2 + ["standoff"] + ["lost"] * 3
    assert [r for r, _ in decided_by_roll(at_creature_roll(sentinel("harbinger"), 4))] == plain
    assert [r for r, _ in decided_by_roll(at_creature_roll(herald_of_famine(), 2))] == \
        ["won"] * 4 + ["standoff", "lost"]
    assert [r for r, _ in decided_by_roll(at_creature_roll(herald_of_famine(), 5))] == ["won"] * 6
    monkeypatch.setattr(harbinger_cards, "NEUTRAL_EFFECTS", {})
    assert decided_by_roll(at_creature_roll(herald_of_famine(), 5)) is None
    monkeypatch.undo()
    for name in ("flail of blood: a second die", "horseman not beaten"):
        assert decided_by_roll(first_roll(CASES[name]())) is None, name
    # a beaten card's effects answer a win only: the Warrior's 1 and 1 (6 + 1 against the Bone
    # Giant's 7 + c) never wins, so every outcome is scored
    assert [r for r, _ in decided_by_roll(first_roll(CASES["bone giant beaten"]()))] == ["lost"] * 6
    for state in (sentinel("harbinger"), herald_of_famine()):
        rolling = talisman.apply(state, "fight", stop_at_chance=True)
        for policy in (_Fighting(BOT), Best("won")):
            fast = odds(rolling, "combat_resolved", policy=policy)
            assert dict(fast) == full(rolling, policy), policy
            assert sum(fast.values()) == 1
    # the Herald of Famine: 6 + d against 3 + c, won where c < d + 3 (3 + 4 + 5 + 6 + 6 + 6 of 36);
    # 4-6 kept lose the Maiden, not the result
    assert odds(talisman.apply(herald_of_famine(), "fight", stop_at_chance=True), "combat_resolved",
                policy=_Fighting(BOT))["won"] == F(30, 36)


def test_harbinger_games_fights_are_the_full_search(monkeypatch):
    """In seeded Harbinger games played by the heuristic bot, every fight the bot meets (a
    Harbinger card or not, with whatever the game has dealt) is answered as the full search
    answers it, and some of them score a creature's roll off the record (the Harbinger quiet)."""
    import importlib

    from talisman.odds import OddsTooLarge
    odds_module = importlib.import_module("talisman.odds")  # (the package's ``odds`` is the function)
    scored = []
    original = odds_module._scored

    def counted(state):
        found = original(state)
        scored.append(found is not None)
        return found

    monkeypatch.setattr(odds_module, "_scored", counted)
    compared = 0
    for seed in (0, 1):
        state = talisman.new_game(["warrior", "wizard", "troll"], seed=seed, expansions=["harbinger"],
                                  options={"max_rounds": 12})
        while not state.is_over:
            if state.pending.kind == "combat" and "fight" in map(str, talisman.legal_actions(state)):
                rolling = talisman.apply(state, "fight", stop_at_chance=True)
                try:
                    fast = dict(odds(rolling, "combat_resolved", policy=_Fighting(BOT), limit=3000))
                    slow = full(rolling, _Fighting(BOT))
                except OddsTooLarge:
                    fast = slow = None
                assert fast == slow, (seed, len(state.log))
                compared += fast is not None
            state = talisman.apply(state, BOT.choose(state))
    assert compared >= 20 and any(scored)


def listener(pid, hook="combat_resolved"):
    from talisman.engine.ruleset import RULESET
    return RULESET.plugin(pid).hooks[hook]


def changes_results(pid, state):
    """The results ``pid``'s ``combat_resolved`` listener declares it may change in ``state``."""
    from talisman.engine.ruleset import declared
    return frozenset(declared(listener(pid), "changes_results")(state))


def test_the_quiet_listeners_never_change_the_result():
    """The listeners declaring that they change no result whatever the state (the Dungeon's,
    the Master Levels': ``changes_results``, asked by ``odds._answered``) touch no combat's
    result, and the frames they push are reactions (``odds.REACTIONS``); the Blood Moon's
    changes only the results a card answers (the cases above), the Harbinger's only where its
    hook queues something for the combat."""
    import inspect
    import re

    from talisman.odds import REACTIONS
    at_roll = at_creature_roll(sentinel(), 4)
    for pid in ("dungeon", "master_levels"):
        assert changes_results(pid, at_roll) == frozenset()
        source = inspect.getsource(listener(pid))
        assert '"result"' not in source
        assert set(re.findall(r'frame\("([a-z_.]+)"', source)) <= REACTIONS, pid
    assert changes_results("blood_moon", at_roll) == frozenset()
    assert changes_results("blood_moon", at_creature_roll(CASES["sun shield: a die turns a loss"](), 4)) \
        == {"lost"}
    # the Harbinger's is quiet where its hook queues nothing (the cases above)
    assert changes_results("harbinger", at_creature_roll(sentinel("harbinger"), 4)) == frozenset()
    assert changes_results("harbinger", at_creature_roll(CASES["flail of blood: a second die"](), 4)) \
        == {"won", "lost", "standoff"}


def test_every_listener_to_a_result_is_declared_or_played():
    """The tables of which listener acts on which result are the listeners' own declarations
    (``talisman.engine.ruleset.declare``), asked through the registry: every plugin listening to
    ``combat_resolved``, ``combat_result`` or ``attack_roll`` today declares itself, and a new
    one that declares nothing is taken at its worst: its combat's roll is played through the
    rules (every result open), and its value hook asked at every die."""
    from talisman.engine.ruleset import RULESET, Plugin, declared
    from talisman.odds import _answered, _asked
    from talisman.rules.hooks import VALUE_HOOKS

    facts = {"combat_resolved": "changes_results", "combat_result": "idle", "attack_roll": "idle"}
    for pid in RULESET.ids() + RULESET.ids(always=True):
        for hook, fact in facts.items():
            fn = RULESET.plugin(pid).hooks.get(hook)
            if fn is not None:
                assert callable(declared(fn, fact)), (pid, hook)
    assert "combat_result" in VALUE_HOOKS
    at_roll = at_creature_roll(sentinel(), 4)
    assert _answered(at_roll) == frozenset() and not _asked(at_roll, "combat_result")
    bm = RULESET.plugin("blood_moon")
    try:   # the Blood Moon's listeners as a new card's would be: undeclared
        RULESET.register(Plugin("blood_moon", hooks={**bm.hooks, "combat_resolved": lambda state, **kw: state,
                                                     "combat_result": lambda state, value, **kw: value},
                                steps=bm.steps, effects=bm.effects, effect_schemas=bm.effect_schemas))
        assert _answered(at_roll) == frozenset({"won", "lost", "standoff"})
        assert _asked(at_roll, "combat_result")
        assert decided_by_roll(at_roll) is None
    finally:
        RULESET.register(bm)
    assert decided_by_roll(at_roll) is not None


def test_the_remembered_modifiers_follow_the_records():
    """The Blood Moon's modifiers are remembered by the records that decide them (the
    expansion's record with its Lunar Events, the character's record, the enemies), so a
    changed record is asked afresh: the Sun Shield given and taken back, the Aegis of Daylight
    (a Lunar Event: "a character beaten by a creature gets a stand-off instead") in play and
    gone; each time the roll is scored off the record, or left to the rules, accordingly."""
    from talisman.expansions.blood_moon import modifiers, store
    from talisman.state import update_character

    at_roll = at_creature_roll(sentinel(), 4)
    thief = at_roll.characters["thief"]
    shielded = update_character(at_roll, "thief", objects=thief.objects.append("sun_shield"))
    aegis = store.store(at_roll, lunar_events=["aegis_of_daylight"])
    for state, answers in ((at_roll, False), (shielded, True), (at_roll, False), (aegis, False),
                           (at_roll, False)):
        assert modifiers.answers_result(state) is answers
        assert (decided_by_roll(state) is None) is answers
    assert [c for c, _ in modifiers.active(aegis, "thief", "combat_result", "battle")] == ["aegis_of_daylight"]
    assert modifiers.active(at_roll, "thief", "combat_result", "battle") == []
    # the Aegis (a combat_result value hook, asked as compare asks it) by hand: the Thief's 12
    # against 8 + c, lost on 5 and 6 turned into stand-offs; without it lost there
    assert [r for r, _ in decided_by_roll(aegis)] == ["won"] * 3 + ["standoff"] * 3
    assert [r for r, _ in decided_by_roll(at_roll)] == ["won"] * 3 + ["standoff"] + ["lost"] * 2
    assert dict(odds(aegis, "combat_resolved")) == {"won": F(1, 2), "standoff": F(1, 2)} == full(aegis, None)


def test_a_card_tried_once_answers_no_more():
    """The Torchbearer answers once a combat ("once a turn ... attack it again"): after the
    Thief's attack again, the second fight's creature roll is scored off the record (the Thief's
    4 kept: won on c <= 3 by Day, as without the card)."""
    s = at_creature_roll(CASES["torchbearer: attack again"](), 1)
    assert decided_by_roll(s) is None
    s = talisman.apply(s, "roll:6", stop_at_chance=True)        # 9 against 14: lost
    assert s.pending.step == "blood_moon.result_chosen"
    s = talisman.apply(s, "use:torchbearer", stop_at_chance=True)
    assert s.pending.kind == "combat"
    again = at_creature_roll(s, 4)
    assert [r for r, _ in decided_by_roll(again)] == ["won"] * 3 + ["standoff"] + ["lost"] * 2
    assert dict(odds(again, "combat_resolved")) == full(again, None)


SUN_SHIELD = """\
name: The Thief (Strength 8) with the Sun Shield fights the Sentinel by Day
rules: "003 Time Card"
setup:
  expansions: [blood_moon]
  ext: {blood_moon: {time: day}}
  characters:
    - {id: thief, space: woods_1, strength: 8, fate: 0, spells: [], objects: [sun_shield]}
dice: [2]
actions: [move:hills_3, fight]
expect: {pending.kind: roll}
"""


def test_the_command_line_turns_the_shortcut_off(tmp_path, monkeypatch):
    """``talisman odds --exact-search``: every branch played through the rules; the same table
    (the Sun Shield's 5/12, 4/9, 5/36 above), found by applying each result (``finish``)."""
    path = tmp_path / "sun_shield.yaml"
    path.write_text(SUN_SHIELD)
    runner = CliRunner()
    calls = counting_finish(monkeypatch)
    fast = runner.invoke(main, ["odds", str(path), "--until", "combat_resolved"])
    applied_fast = len(calls)
    exact = runner.invoke(main, ["odds", str(path), "--until", "combat_resolved", "--exact-search"])
    assert fast.exit_code == 0 and exact.exit_code == 0, (fast.output, exact.output)
    for shown in ("5/12", "4/9", "5/36", "44.44%"):
        assert shown in fast.output and shown in exact.output
    # the same table; the losing dice share one Sun Shield's die (the numbers compared differ
    # only: ``odds._blind_to_scores``), where the full search rolls it after each of them
    table, counts = fast.output.rsplit("\n", 2)[0], fast.output.rsplit("\n", 2)[1]
    assert table == exact.output.rsplit("\n", 2)[0]
    assert counts == "12 states expanded, 10 met again (memo), 51 branches"
    assert exact.output.rsplit("\n", 2)[1] == "22 states expanded, 0 met again (memo), 111 branches"
    # every one of the 36 pairs of dice (and the Sun Shield's 6 dice on a loss) applied without
    # the shortcut, none with it
    assert applied_fast == 0 and len(calls) > 36
    help_text = runner.invoke(main, ["odds", "--help"]).output
    assert "--exact-search" in help_text and "shortcut" in help_text


def counting_compare(monkeypatch):
    """Count the creature's rolls played through the rules' comparison (``combat.compare``)."""
    calls = []
    original = combat_rules.compare

    def counted(state, theirs_roll):
        calls.append(theirs_roll)
        return original(state, theirs_roll)

    monkeypatch.setattr(combat_rules, "compare", counted)
    return calls


def test_a_card_that_answers_one_result_leaves_the_others_scored(monkeypatch):
    """A card answers only the result its text names: the Sun Shield and the Torchbearer a loss
    ("Beaten in combat, roll a die"; "beaten by a creature, you may attack it again"), the Bone
    Giant's effects a win ("when you beat it, a die of 4-6 makes the fight a stand-off").  At the
    creature's roll only the outcomes giving that result are played through the rules'
    comparison; the others are scored off the record, and the answer is the full search's."""
    from talisman.expansions import harbinger
    from talisman.expansions.blood_moon import modifiers

    # the Thief's 4 kept (12) against the Sentinel's 9 - 1 + c by Day: won on c <= 3, a
    # stand-off on 4, lost on 5 and 6: the first loss played, the second sharing its answer (the
    # two differ only in the numbers compared, which nothing reads before the result is applied:
    # ``odds._blind_to_scores``); both played with a policy that may read the log
    for name in ("sun shield: a die turns a loss", "torchbearer: attack again"):
        at_roll = at_creature_roll(CASES[name](), 4)
        assert [modifiers.answers_result(at_roll, r) for r in ("won", "lost", "standoff")] == [False, True, False]
        assert decided_by_roll(at_roll) is None       # (not every outcome decided)
        calls = counting_compare(monkeypatch)
        fast = dict(odds(at_roll, "combat_resolved", policy=_Fighting(BOT)))
        monkeypatch.undo()
        assert sorted(calls) == [5], name
        assert fast == full(at_roll, _Fighting(BOT))
        calls = counting_compare(monkeypatch)
        assert dict(odds(at_roll, "combat_resolved", policy=_ReadingTheLog(BOT))) == fast
        monkeypatch.undo()
        assert sorted(calls) == [5, 6], name
    # the Warrior's 6 and 6 (the higher kept) with Strength 6 against the Bone Giant's 7 + c:
    # won on c <= 4 (played: the beaten card's effects, once: the other wins share it), a
    # stand-off on 5, lost on 6
    rolling = talisman.apply(CASES["bone giant beaten"](), "fight", stop_at_chance=True)
    sixes = next(a for a, _ in chance_outcomes(rolling) if a.dice == (6, 6))
    at_roll = talisman.apply(rolling, sixes, stop_at_chance=True)
    assert at_roll.pending.step == "combat.opponent_rolled"
    assert [harbinger.answers_result(at_roll, r) for r in ("won", "lost", "standoff")] == [True, False, False]
    calls = counting_compare(monkeypatch)
    fast = dict(odds(at_roll, "combat_resolved"))
    monkeypatch.undo()
    assert sorted(calls) == [1]
    assert fast == full(at_roll, None)
    # a Horseman not beaten ("every character without a Talisman loses a life") answers a loss
    # or a stand-off: the Warrior's 6 and 6 with Strength 5 against its 7 + c (in battle): won
    # on 1 to 3, played on 4 (a stand-off) and 5 (a loss; 6 shares its answer)
    rolling = talisman.apply(CASES["horseman not beaten"](), "fight", stop_at_chance=True)
    sixes = next(a for a, _ in chance_outcomes(rolling) if a.dice == (6, 6))
    at_roll = talisman.apply(rolling, sixes, stop_at_chance=True)
    assert [harbinger.answers_result(at_roll, r) for r in ("won", "lost", "standoff")] == [False, True, True]
    calls = counting_compare(monkeypatch)
    fast = dict(odds(at_roll, "combat_resolved"))
    monkeypatch.undo()
    assert sorted(calls) == [4, 5]
    assert fast == full(at_roll, None)


class _ReadingTheLog(_Fighting):
    """The bot's search policy, declared as reading the log's events: no states merged."""

    reads_log_events = True

    def __init__(self, bot):
        super().__init__(bot)
        self.reads_log_events = True


def test_a_fight_on_shares_the_second_fight_whatever_the_first_scores():
    """The Torchbearer ("beaten by a creature, you may attack it again"): every lost first fight
    leads to the same second one, whatever its dice (their scores are stale once fought on:
    ``odds.STALE_SCORES``).  The search computes it once; with a policy that may read the log
    (here the other players', never asked) it computes it for each losing pair of dice.  Both
    are the full search's answer: playing to win, the Thief's 5/12 by Day (8 + a against 8 + c:
    won when a > c, 15 pairs of 36), then again on a loss (a < c, 15 pairs; a stand-off is not
    beaten): 5/12 + 5/12 * 5/12 = 85/144."""
    from talisman.odds import STALE_SCORES

    assert {"character_score", "opponent_score"} <= STALE_SCORES
    for fate, won in ((0, F(85, 144)), (1, None)):
        state = at_combat("thief", "woods_1", "hills_3", [], dice=(2,), expansions=["blood_moon"],
                          ext={"blood_moon": {"time": "day"}}, strength=8, fate=fate,
                          followers=["torchbearer"])
        rolling = talisman.apply(state, "fight", stop_at_chance=True)
        merged = odds(rolling, "combat_resolved", policy=Best("won"))
        apart = odds(rolling, "combat_resolved", policy=Best("won", others=_ReadingTheLog(BOT)))
        assert dict(merged) == dict(apart) == full(rolling, Best("won")), fate
        assert merged.nodes < apart.nodes, (merged.nodes, apart.nodes)
        if won is not None:
            assert merged["won"] == won
        # the bot's own question: the same answer, merged or not
        bot = dict(odds(rolling, "combat_resolved", policy=_Fighting(BOT)))
        assert bot == dict(odds(rolling, "combat_resolved", policy=_ReadingTheLog(BOT))) == \
            full(rolling, _Fighting(BOT))


def test_the_readers_of_a_comparison_s_numbers_are_known():
    """``odds.STALE_SCORES`` rests on who reads a comparison's numbers (a ``combat_scores``
    event's, ``Battle.scores``): the modules doing so are these, read one by one (docs/odds.md);
    a new reader must be read too before the search may merge states fought on."""
    import pathlib
    import re

    src = pathlib.Path(talisman.__file__).parent
    readers = set()
    for path in src.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        if re.search(r'"combat_scores"|\bb\.scores\b|combat\.scores\b|\.scores\)', text):
            readers.add(path.relative_to(src).as_posix())
    assert readers == {
        "odds.py",                                   # (merges them: STALE_SCORES)
        "rules/combat.py",                           # compare logs them; ended reads Battle.scores
        "rules/abilities.py",                        # the Weapon cut on a roll: a result set
        "expansions/blood_moon/modifiers.py",        # combat_result in compare; the added die
        "expansions/blood_moon/jobs.py",             # the combat recorded at its end; event names
        "expansions/harbinger/cards.py",             # the second die: a result set
    } | {p for p in readers if p.startswith(("svg/", "console", "narrat", "cli"))}   # (shown, not played)
    # with a result set, before it is applied, the numbers are read by the steps that declare it
    # (the added die, the second die: ``reads_scores``), which the search reads from the registry
    from talisman.odds import SCORE_READERS
    assert SCORE_READERS == {"blood_moon.added_die", "blood_moon.added_rolled", "harbinger.second_die",
                             "harbinger.second_rolled"}


def test_an_idle_value_hook_is_not_asked_and_a_busy_one_is():
    """The Blood Moon listens to ``attack_roll`` and ``combat_result`` in every game, but changes
    a creature's roll only by the Feral Hunger ("a 6 in this combat") and a result only by a
    card in play (each declares ``idle``, asked by ``odds._asked``).  Without them the roll is scored by the dice and the
    scores alone; with the Feral Hunger's fixed 6 every die is a 6: the Thief's 12 against the
    Sentinel's 8 + 6 by Day, lost whatever the die; both the full search's answer."""
    from talisman.expansions.blood_moon import store
    from talisman.engine.ruleset import declared

    def idle(hook, state):
        return declared(listener("blood_moon", hook), "idle")(state)

    at_roll = at_creature_roll(sentinel(), 4)
    assert idle("attack_roll", at_roll)
    assert idle("combat_result", at_roll)
    assert [r for r, _ in decided_by_roll(at_roll)] == ["won"] * 3 + ["standoff"] + ["lost"] * 2
    hunger = store.store(at_roll, attack_rolls_fixed={"wizard": 6})
    assert not idle("attack_roll", hunger)
    assert [r for r, _ in decided_by_roll(hunger)] == ["lost"] * 6
    assert dict(odds(hunger, "combat_resolved")) == {"lost": 1} == full(hunger, None)
    assert dict(odds(at_roll, "combat_resolved")) == full(at_roll, None)


def test_a_fate_re_roll_of_a_1_and_of_a_2_is_one_re_roll():
    """FATE: "the new result stands": once re-rolled, the roll replaced (logged with
    ``fate_spent``) is read by no rule (``odds.STALE_REROLL``; the modules naming the event only
    log it), so with a policy reading no event of the log the re-rolls of a 1 and of a 2 are one
    state, computed once; with a policy that may read the log, twice.  Both the full search's
    answer: the Thief (Strength 8, one Fate, the Torchbearer) against the Sentinel by Day."""
    import pathlib
    import re

    src = pathlib.Path(talisman.__file__).parent
    for path in src.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        named = len(re.findall(r'"fate_spent"', text))
        logged = len(re.findall(r'log\(state, "fate_spent"', text))
        assert named == logged or path.name == "odds.py" or path.name.startswith(("narrat", "console")), path
    state = at_combat("thief", "woods_1", "hills_3", [], dice=(2,), expansions=["blood_moon"],
                      ext={"blood_moon": {"time": "day"}}, strength=8, fate=1, followers=["torchbearer"])
    rolling = talisman.apply(state, "fight", stop_at_chance=True)
    # (searched: the bot's declared rule at the Torchbearer's offer would answer in closed form)
    reading = _ReadingTheLog(BOT)
    reading.fights_on = None
    merged = odds(rolling, "combat_resolved", policy=_NoOfferRule(BOT))
    apart = odds(rolling, "combat_resolved", policy=reading)
    assert dict(merged) == dict(apart) == full(rolling, _Fighting(BOT))
    assert merged.nodes < apart.nodes


class _ReadingTheRoll(_Fighting):
    """The bot's search policy, declared as reading a battle roll already compared: no answer to
    a card's offer shared across the character's rolls."""

    def __init__(self, bot):
        super().__init__(bot)
        self.reads_stale_roll = True


class _NoOfferRule(_Fighting):
    """The bot's search policy without its rule at a card's offer to fight on declared (its
    choices the same): no closed form where such an offer may be met."""

    def __init__(self, bot, reads_stale_roll=False):
        super().__init__(bot)
        self.fights_on = None
        self.reads_stale_roll = reads_stale_roll


def counting_at(monkeypatch, step):
    """Count the actions played (``machine.apply``) from a state waiting at the rule step
    ``step``, by the search and by its probes alike."""
    from talisman.engine import machine
    calls = []
    original = machine.apply

    def counted(state, action, *args, **kwargs):
        if state.pending is not None and state.pending.step == step:
            calls.append(str(action))
        return original(state, action, *args, **kwargs)

    monkeypatch.setattr(machine, "apply", counted)
    return calls


def counting_offers(monkeypatch):
    """Count the answers to a card's offer played (``use:<card>`` / ``keep`` at the Blood
    Moon's ``result_chosen``)."""
    return counting_at(monkeypatch, "blood_moon.result_chosen")


def offers_played(monkeypatch, rolling, policy):
    """The odds at ``rolling`` with ``policy`` and the number of the cards' offers it played,
    then with the bot's choices declared as reading a roll already compared and no rule at the
    offer (``_NoOfferRule``: each roll's offer played) and the offers that played."""
    calls = counting_offers(monkeypatch)
    shared = odds(rolling, "combat_resolved", policy=policy)
    monkeypatch.undo()
    once = len(calls)
    calls = counting_offers(monkeypatch)
    each = odds(rolling, "combat_resolved", policy=_NoOfferRule(BOT, reads_stale_roll=True))
    monkeypatch.undo()
    return shared, once, each, calls


@pytest.mark.parametrize("card", ["pharaohs_crown", "torchbearer", "pharaohs_crown+black_cat"])
@pytest.mark.parametrize("fate", [0, 1])
def test_a_card_s_offer_after_one_roll_answers_for_the_others(card, fate, monkeypatch):
    """003 (the Pharaoh's Crown: "once a turn, make a creature roll its attack again"; the
    Torchbearer: attack again when beaten): the Thief (Strength 8) against the Sentinel by Day
    (9 - 1) loses or stands off after each of his rolls.  The Blood Moon's listener to the result
    declares it reads the result only (``roll_blind``), and the bot reads no roll already
    compared (``reads_stale_roll``), so the card's offer is answered once for each result (and
    Fate path), not once for each of the Thief's rolls: the Crown's creatures' roll again is
    scored off the record against each roll (``_Search.answer_once``).  With a policy that may
    read the roll, or with the Black Cat held too (let go on a 1: the listener reads the roll),
    each roll's offer is played.  Every answer is the full search's (``shortcut=False``)."""
    held = {"objects": ["pharaohs_crown"] if "pharaohs_crown" in card else [],
            "followers": [c for c in card.split("+") if c != "pharaohs_crown"]}
    state = at_combat("thief", "woods_1", "hills_3", [], dice=(2,), expansions=["blood_moon"],
                      ext={"blood_moon": {"time": "day"}}, strength=8, fate=fate, **held)
    rolling = talisman.apply(state, "fight", stop_at_chance=True)
    # (the bot's declared rule at the offer would answer the Crown alone in closed form: a
    # policy without it is searched)
    fast, once, reading, calls = offers_played(monkeypatch, rolling, _NoOfferRule(BOT))
    assert dict(fast) == dict(reading) == full(rolling, _Fighting(BOT))
    if "black_cat" in card:   # (its listener reads the roll: each roll's offer played)
        assert once == len(calls) > 2 * (1 + 2 * fate), (once, len(calls))
        assert fast.nodes == reading.nodes
    else:
        # the losses and the stand-offs of the Thief's rolls: one offer each (and each Fate path)
        assert 0 < once <= 2 * (1 + 2 * fate) < len(calls), (once, len(calls))
        assert fast.nodes < reading.nodes


def test_the_pharaoh_s_crown_by_hand(monkeypatch):
    """003, the Pharaoh's Crown ("once a turn, make a creature roll its attack again"), used at
    every loss or stand-off (fixed notations read no roll): the Thief (8, no Fate) against the
    Sentinel by Day (9 - 1 = 8): with his roll a he wins on the first die with (a - 1)/6,
    and from the (7 - a)/6 others on the creatures' roll again with (a - 1)/6 more:
    won = 15/36 + 35/216 = 125/216 (sum of (7 - a)(a - 1) over a: 0 + 5 + 8 + 9 + 8 + 5 = 35).
    The offer is answered twice (a loss, a stand-off), not after each roll; the full search
    agrees."""
    rolling = talisman.apply(sentinel(objects=["pharaohs_crown"]), "fight", stop_at_chance=True)
    policy = ["use:pharaohs_crown"]
    calls = counting_offers(monkeypatch)
    d = odds(rolling, "combat_resolved", policy=policy)
    monkeypatch.undo()
    assert d["won"] == F(125, 216)
    assert dict(d) == full(rolling, policy)
    assert calls == ["use:pharaohs_crown"] * 2


@pytest.mark.parametrize("fate", [0, 1, 2])
@pytest.mark.parametrize("time", ["day", "night"])
@pytest.mark.parametrize("card", ["pharaohs_crown", "torchbearer"])
def test_a_card_s_offer_to_fight_on_in_closed_form(card, time, fate, monkeypatch):
    """003, the Pharaoh's Crown ("once a turn, make a creature roll its attack again", offered
    once the scores are compared and the fight is not won) and the Torchbearer (attack again
    when beaten): the heuristic bot's declared rule at the offer (``HeuristicBot.fights_on``:
    use it at a loss, keep a stand-off) lets ``combat_odds`` answer from the character's roll
    (the Blood Moon's listener declares the offer, ``fights_on``; the Torchbearer's new attack
    needs a policy fighting at its declaration, ``fights_again``): no rule step played, the
    full search's answer (``shortcut=False``), by Day (the Sentinel 9 - 1) and by Night, with 0
    to 2 Fate (a Fate left offers the new attack's re-roll).  Without the policy's rule, no
    closed form."""
    held = {"objects": [card]} if card == "pharaohs_crown" else {"followers": [card]}
    rolling = talisman.apply(sentinel(time=time, fate=fate, **held), "fight", stop_at_chance=True)
    calls = counting_offers(monkeypatch)
    closed = combat_odds(rolling, rerolls=BOT.rerolls, fights_on=BOT.fights_on, fights_again=True)
    assert calls == []
    monkeypatch.undo()
    assert closed is not None and dict(closed) == full(rolling, _Fighting(BOT))
    assert dict(odds(rolling, "combat_resolved", policy=_Fighting(BOT))) == dict(closed)
    assert combat_odds(rolling, rerolls=BOT.rerolls) is None
    if card == "torchbearer":
        assert combat_odds(rolling, rerolls=BOT.rerolls, fights_on=BOT.fights_on) is None


def test_the_pharaoh_s_crown_in_closed_form_by_hand():
    """The Thief (8, no Fate) against the Sentinel by Day (9 - 1 = 8), the Crown used at a loss
    only (the bot's rule): with his roll a he wins on the first die with (a - 1)/6 and loses
    with (6 - a)/6, then wins the creatures' roll again with (a - 1)/6: won = 15/36 + sum of
    (6 - a)(a - 1) / 216 = 90/216 + (0 + 4 + 6 + 6 + 4 + 0)/216 = 110/216 = 55/108.  The
    Torchbearer: lost 15/36, then a new attack won 15/36: 15/36 + 15/36 * 15/36 = 85/144.  The
    bot's choice at the offer follows the rule: ``use`` after a loss, ``keep`` after a
    stand-off."""
    rolling = talisman.apply(sentinel(objects=["pharaohs_crown"]), "fight", stop_at_chance=True)
    assert combat_odds(rolling, fights_on=BOT.fights_on)["won"] == F(55, 108)
    # the Torchbearer: from a first loss (15/36), a new attack won with 15/36: 15/36 * 51/36
    torch = talisman.apply(sentinel(followers=["torchbearer"]), "fight", stop_at_chance=True)
    assert combat_odds(torch, fights_on=BOT.fights_on, fights_again=True)["won"] == F(85, 144)
    for die, result, chosen in ((6, "lost", "use:pharaohs_crown"), (4, "standoff", "keep")):
        at_roll = at_creature_roll(sentinel(objects=["pharaohs_crown"]), 4)
        offered = talisman.apply(at_roll, f"roll:{die}")
        assert offered.battle.result == result and offered.pending.kind == "card"
        assert str(BOT.choose(offered)) == chosen


@pytest.mark.parametrize("fate", [0, 1])
def test_the_creatures_roll_again_then_the_torchbearer_answered_once(fate, monkeypatch):
    """003, the Pharaoh's Crown and the Torchbearer held together: a loss is answered by the
    Crown (the creatures roll again against the same roll), a loss of that roll by the
    Torchbearer (attack again).  With a policy declaring no rule at the offers (searched: the
    bot's rule gives a closed form, below), the search answers the Crown's offer once for the
    Thief's rolls, and the Torchbearer's offer after the creatures' roll again once too
    (``_Search.answer_once``), not after each roll: fewer offers played than with a policy
    reading the roll, the full search's answer."""
    state = sentinel(objects=["pharaohs_crown"], followers=["torchbearer"], fate=fate)
    rolling = talisman.apply(state, "fight", stop_at_chance=True)
    assert combat_odds(rolling, rerolls=BOT.rerolls, fights_on=BOT.fights_on) is None
    shared, once, each, calls = offers_played(monkeypatch, rolling, _NoOfferRule(BOT))
    assert dict(shared) == dict(each) == full(rolling, _Fighting(BOT))
    assert "use:torchbearer" in calls
    assert once < len(calls), (once, len(calls))
    assert shared.nodes < each.nodes


@pytest.mark.parametrize("fate", [0, 2])
@pytest.mark.parametrize("time", ["day", "night"])
def test_two_cards_offers_to_fight_on_in_closed_form(time, fate, monkeypatch):
    """003, the Pharaoh's Crown ("once a turn, make a creature roll its attack again") and the
    Torchbearer (attack again when beaten) held together: at a result the first card not yet
    tried that answers it is offered (the Crown, an Object, before the Torchbearer, a Follower),
    tried whether used or kept; the Blood Moon's listener declares the offers in that order
    (``fights_on``), so with the heuristic bot's rule (use at a loss, keep a stand-off) and its
    Fate rule ``combat_odds`` answers from the Thief's roll: a loss answered by the creatures'
    roll again, a loss of that by a new attack (its Fate re-roll offered while a Fate is left).
    No offer played; the full search's answer (``shortcut=False``), by Day and by Night, with 0
    and 2 Fate (a re-roll, then the new attack's); the search with the bot as its policy gives
    it too (the closed form at its root).
    Without the bot's rule at a new attack's declaration (``fights_again``), none."""
    state = sentinel(time=time, fate=fate, objects=["pharaohs_crown"], followers=["torchbearer"])
    rolling = talisman.apply(state, "fight", stop_at_chance=True)
    calls = counting_offers(monkeypatch)
    closed = combat_odds(rolling, rerolls=BOT.rerolls, fights_on=BOT.fights_on, fights_again=True)
    assert calls == []
    monkeypatch.undo()
    assert closed is not None and dict(closed) == full(rolling, _Fighting(BOT))
    searched = odds(rolling, "combat_resolved", policy=_Fighting(BOT))
    assert dict(searched) == dict(closed) and searched.nodes <= 1
    assert combat_odds(rolling, rerolls=BOT.rerolls, fights_on=BOT.fights_on) is None
    assert combat_odds(rolling, rerolls=BOT.rerolls, fights_again=True) is None


def test_two_cards_offers_to_fight_on_by_hand():
    """The Thief (8, no Fate) against the Sentinel by Day (9 - 1 = 8) with the Crown and the
    Torchbearer, each used at a loss (the bot's rule): with his roll a he wins on the first die
    with (a - 1)/6 and loses with (6 - a)/6; then the creatures roll again against a: won with
    (a - 1)/6, lost with (6 - a)/6; then a new attack, both cards tried: won 15/36.  won =
    15/36 + sum of (6 - a)(a - 1)/216 + 15/36 * sum of (6 - a)^2/216 = 90/216 + 20/216 +
    (15/36)(55/216) = 3960/7776 + 825/7776 = 4785/7776 = 1595/2592.  A stand-off is kept (the
    Crown tried; the Torchbearer answers a loss only)."""
    rolling = talisman.apply(sentinel(objects=["pharaohs_crown"], followers=["torchbearer"]), "fight",
                             stop_at_chance=True)
    closed = combat_odds(rolling, rerolls=BOT.rerolls, fights_on=BOT.fights_on, fights_again=True)
    assert closed["won"] == F(1595, 2592)
    # the stand-off: a's first die equal (1/6 each a), kept; or equal on the creatures' roll again
    assert closed["standoff"] == F(1, 6) + sum(F(6 - a, 36) for a in range(1, 7)) / 6 + \
        sum(F(6 - a, 6) ** 2 for a in range(1, 7)) / 6 * F(1, 6)


def counting_plays(monkeypatch):
    """Count the outcomes of a creature's roll played through the rule steps (``machine.apply``
    at ``combat.opponent_rolled``)."""
    return counting_at(monkeypatch, "combat.opponent_rolled")

@pytest.mark.parametrize("policy", ["bot", "best"])
@pytest.mark.parametrize("name", ["horseman", "herald", "herald, one fate"])
def test_the_harbinger_s_answer_is_played_once_for_all_the_rolls(name, policy, monkeypatch):
    """The Harbinger (card-data.md 2.2, section 6): a Horseman "not beaten, every character
    without a Talisman loses a life" (the Warrior, Strength 5, against the Horseman of Death);
    the Herald of Famine, "if you roll 4-6 for your psychic combat roll, lose 1 Follower" (the
    Wizard, Craft 4, with the Maiden).  The Harbinger's listener to the result declares what it
    reads (``roll_blind``: the result, and whether the roll is one of a Herald's rolls;
    ``cards.roll_read``), so its answer after each result is played once for each class of the
    character's rolls (the Horseman: once; the Herald: rolls 1-3 and 4-6, and each Fate path),
    not once for each roll; declared as reading the numbers (False), each roll's answers are
    played.  Every answer is the full search's (``shortcut=False``).  The Herald's effect (a
    Follower killed) is declared to change no result since odds25g (``cards.NEUTRAL_EFFECTS``:
    not played at all); here no effect is declared so, as for a Herald whose effects may."""
    from talisman.expansions.harbinger import cards as harbinger_cards
    if name == "horseman":
        state = CASES["horseman not beaten"]()
    else:
        state = at_combat("wizard", "chapel", "fields_2", ["herald_of_famine"], expansions=["harbinger"],
                          craft=4, fate=1 if "fate" in name else 0, followers=["maiden"])
    rolling = talisman.apply(state, "fight", stop_at_chance=True)
    chosen = _Fighting(BOT) if policy == "bot" else Best("won")
    with pytest.MonkeyPatch.context() as kept:
        kept.setattr(harbinger_cards, "NEUTRAL_EFFECTS", {})
        calls = counting_plays(monkeypatch)
        shared = odds(rolling, "combat_resolved", policy=chosen)
        monkeypatch.undo()
        once = len(calls)
        monkeypatch.setattr(harbinger_cards, "roll_read", lambda state: False)
        calls = counting_plays(monkeypatch)
        each = odds(rolling, "combat_resolved", policy=chosen)
        monkeypatch.undo()
        played = full(rolling, chosen)
    assert dict(shared) == dict(each) == played == full(rolling, chosen)
    assert shared["lost"] + shared["standoff"] > 0
    assert once < len(calls), (once, len(calls))


def test_the_harbinger_reads_the_roll_with_a_herald_or_a_second_die():
    """What the Harbinger's listener to the result reads (``cards.roll_read``): the Herald of
    Famine ("if you roll 4-6 for your psychic combat roll") whether the roll is one of its
    rolls; the Flail of Blood's second die the numbers (added to the score, doubles with the
    roll lose): False; a Horseman, a beaten card, a plain creature nothing (True)."""
    from talisman.expansions.harbinger import cards as harbinger_cards
    reads = {name: harbinger_cards.roll_read(first_roll(make())) for name, make in (
        ("herald of famine", herald_of_famine),
        ("flail of blood", CASES["flail of blood: a second die"]),
        ("horseman", CASES["horseman not beaten"]),
        ("bone giant", CASES["bone giant beaten"]),
        ("sentinel", lambda: sentinel("harbinger")))}
    assert reads == {"herald of famine": (("herald_of_famine", False),), "flail of blood": False,
                     "horseman": True, "bone giant": True, "sentinel": True}


# --- odds25g: listeners reading the dice, in closed form ----------------------------------

def _blood_moon(cid, space, cards, time="day", start="chapel", **fields):
    return at_combat(cid, start, space, cards, expansions=["blood_moon"],
                     ext={"blood_moon": {"time": time}}, **fields)


def _aegis(fate):
    from talisman.expansions.blood_moon import store
    return store.store(sentinel(fate=fate), lunar_events=["aegis_of_daylight"])


#: Fights whose dice a listener reads: a ``combat_result`` listener turning a result by the
#: result, the battle roll and the margin (``turns``), a score's value hook adding a term that
#: reads the battle roll (``roll_term``); each a function of the Fate the fighter has.
READ_DICE = {
    # 003: "Beating them counts as a stand-off unless your score wins by 2 or more"
    "vampire bats": (lambda fate: _blood_moon("wizard", "woods_1", ["vampire_bats"], start="graveyard",
                                              craft=4, fate=fate), "combat_result"),
    # 003: "Beaten by it at Night you lose no life" (a loss a stand-off)
    "night stalker": (lambda fate: _blood_moon("warrior", "fields_2", ["night_stalker"], time="night",
                                               strength=5, fate=fate), "combat_result"),
    # 003: "Day breaks; while it lasts, a character beaten by a creature gets a stand-off"
    "aegis of daylight": (_aegis, "combat_result"),
    # 003: "+3 Strength in battle, but an attack roll of 1 loses whatever the score"
    "doomsword": (lambda fate: sentinel(fate=fate, objects=["doomsword"]), "combat_result"),
    "doomsword, the warrior's two dice": (lambda fate: _blood_moon("warrior", "fields_2", ["ogre"], strength=4,
                                                                   fate=fate, objects=["doomsword"]),
                                          "combat_result"),
    # 003: "Fought at Night, you roll no die for your attack"
    "lurking horror": (lambda fate: _blood_moon("elf", "fields_2", ["lurking_horror"], time="night",
                                                strength=9, fate=fate), "character_score"),
    # 003: "Discard it as a creature attacks to make your attack roll a 6" (the die still rolled)
    "wooden stake": (lambda fate: talisman.apply(sentinel(fate=fate, objects=["wooden_stake"]), "use:wooden_stake"),
                     "character_score"),
    # the Vampire Bats with the Torchbearer (attack again when beaten): turned, then offered
    "vampire bats and the torchbearer": (lambda fate: _blood_moon("wizard", "woods_1", ["vampire_bats"],
                                                                  start="graveyard", craft=3, fate=fate,
                                                                  followers=["torchbearer"]), "combat_result"),
    # card-data.md 2.2: the Herald of War, "+2 to its attack in a battle where you roll 4-6"
    "herald of war": (lambda fate: at_combat("thief", "chapel", "fields_2", ["herald_of_war"],
                                             expansions=["harbinger"], strength=5, fate=fate), "attack_score"),
    # the Bog: "-1 to your die rolls here (min 1)"
    "the bog": (lambda fate: at_combat("thief", "chapel", "fields_2", ["bear"], expansions=["harbinger"],
                                       ext={"harbinger": {"harbinger": "plains_1",
                                                          "terrain": {"fields_2": "terrain_bog"},
                                                          "cards": {"terrain_on_board": ["terrain_bog"]}}},
                                       strength=4, fate=fate), "character_score"),
}


@pytest.mark.parametrize("fate", [0, 1, 2])
@pytest.mark.parametrize("name", sorted(READ_DICE))
def test_a_listener_reading_the_dice_in_closed_form(name, fate):
    """odds25g: a listener on a hook point of the round that reads the dice, so declares itself
    neither ``idle`` nor ``dice_blind`` there, may declare how it reads them
    (``odds.ROUND_TERMS``): a ``combat_result`` listener the result it turns a result into from
    the result, the character's battle roll and the scores' margin (``turns``: the Blood Moon's
    Vampire Bats, Night Stalker, Aegis of Daylight, Doomsword), a score's value hook the term it
    adds with the battle roll (``roll_term``: the Lurking Horror's die not counted, the Bog's
    die less 1, the Herald of War's +2 on 4-6).  ``combat_odds`` then answers from the
    character's roll with the heuristic bot's Fate rule (and its rule at the Torchbearer's
    offer): the full search's answer (``shortcut=False``, every roll played through the rule
    steps), with 0 to 2 Fate."""
    from talisman.engine.ruleset import declared
    from talisman.odds import ROUND_FACTS, ROUND_TERMS
    make, hook = READ_DICE[name]
    state = make(fate)
    rolling = talisman.apply(state, "fight", stop_at_chance=True)
    # the listener reads the dice here: neither idle nor dice_blind, but it says how
    pid = "harbinger" if "harbinger" in rolling.config.expansions else "blood_moon"
    fn = listener(pid, hook)
    bare = set_field(rolling, "pending", None)
    assert declared(fn, ROUND_FACTS[hook])(bare) is False
    assert declared(fn, ROUND_TERMS[hook])(bare) is not None
    closed = combat_odds(rolling, rerolls=BOT.rerolls, fights_on=BOT.fights_on, fights_again=True)
    assert closed is not None and sum(closed.values()) == 1
    assert {k: v for k, v in closed.items() if v} == full(rolling, _Fighting(BOT))
    # the bot's question asks nothing more (the closed form at its root)
    assert BOT.fight_odds(state) == closed["won"]
    searched = odds(rolling, "combat_resolved", policy=_Fighting(BOT))
    assert dict(searched) == dict(closed) and searched.nodes <= 1


def test_listeners_reading_the_dice_by_hand():
    """Hand counts of the closed form with such listeners (no Fate).

    - The Doomsword: the Thief (8 + 3) against the Sentinel by Day (9 - 1): battle roll a
      against c, won when a + 3 > c, but a roll of 1 loses: won (4 + 5 + 6 + 6 + 6)/36 = 3/4,
      a stand-off on (2, 5) and (3, 6): 1/18, lost 6/36 + 1/36 = 7/36.
    - The Lurking Horror by Night: the Elf's 9 and no die against 6 + 1 + c: won on c = 1, a
      stand-off on c = 2, lost on 3-6: 1/6, 1/6, 2/3, whatever his roll.
    - The Wooden Stake: the Thief's 8 + 6 against the Sentinel's 8 + c by Day: won unless c
      is 6 (a stand-off), whatever his roll: 5/6.
    - The Herald of War: the Thief's 5 + a against 5 + c, + 2 when a is 4-6: won when a > c
      (a <= 3) or a - 2 > c (a >= 4): (0 + 1 + 2 + 1 + 2 + 3)/36 = 1/4.
    - The Bog: the Thief's 4 + max(1, a - 1) against the Bear's 3 + c: won when
      max(1, a - 1) + 1 > c: (1 + 1 + 2 + 3 + 4 + 5)/36 = 4/9."""
    def closed(state):
        return combat_odds(talisman.apply(state, "fight", stop_at_chance=True), rerolls=BOT.rerolls)

    doom = closed(READ_DICE["doomsword"][0](0))
    assert dict(doom) == {"won": F(3, 4), "standoff": F(1, 18), "lost": F(7, 36)}
    horror = closed(READ_DICE["lurking horror"][0](0))
    assert dict(horror) == {"won": F(1, 6), "standoff": F(1, 6), "lost": F(2, 3)}
    assert closed(READ_DICE["herald of war"][0](0))["won"] == F(1, 4)
    assert dict(closed(READ_DICE["wooden stake"][0](0))) == {"won": F(5, 6), "standoff": F(1, 6)}
    assert closed(READ_DICE["the bog"][0](0))["won"] == F(4, 9)


def _harbinger_fight(card, fighter, others=(), **ext):
    """``fighter`` (a dict of fields, with ``id``) moves from the Chapel onto the Fields (2),
    where the Harbinger's ``card`` attacks; ``others``: more characters (dicts)."""
    setup = {"characters": [dict(space="chapel", spells=[], **fighter)] + list(others),
             "board_cards": {"fields_2": [card]}, "expansions": ["harbinger"]}
    s = talisman.apply(setup_state(setup, [1]), "move:fields_2")
    if s.pending.kind != "combat":  # (a Herald, a Horseman: fought in the kind it asks)
        s = talisman.apply(s, s.pending.options[0])
    assert s.pending.kind == "combat", s.pending
    return s


#: The Harbinger's cards whose answer to a result only takes from the fighter (odds25g,
#: ``cards.NEUTRAL_EFFECTS``): each a function of the Fate the fighter has.
NEUTRAL = {
    # "beating it, you give a random Follower of yours to a character you choose"
    "infernal corruptor": lambda fate: _harbinger_fight(
        "infernal_corruptor", {"id": "elf", "craft": 6, "fate": fate, "followers": ["maiden", "guide"]},
        [{"id": "thief", "space": "city"}, {"id": "wizard", "space": "tavern"}]),
    # "beating them, you discard one of your other trophies"
    "scavenging beasts": lambda fate: _harbinger_fight(
        "scavenging_beasts", {"id": "troll", "strength": 5, "fate": fate, "trophies": ["bear", "wolf"]}),
    # "a 4-6 rolled in the psychic combat kills one of your Followers"
    "herald of famine": lambda fate: _harbinger_fight(
        "herald_of_famine", {"id": "wizard", "craft": 4, "fate": fate, "followers": ["maiden", "guide"]}),
    # "beating it heals every other character fully" (odds25h: gives, takes nothing; two
    # wounded others, one holding the Key to Hades, which heals him as another is healed)
    "essence eater": lambda fate: _harbinger_fight(
        "essence_eater", {"id": "elf", "craft": 6, "fate": fate},
        [{"id": "thief", "space": "city", "lives": 1, "objects": ["key_to_hades"]},
         {"id": "wizard", "space": "tavern", "lives": 2}]),
}


@pytest.mark.parametrize("fate", [0, 1])
@pytest.mark.parametrize("name", sorted(NEUTRAL))
def test_an_answer_that_only_takes_from_the_fighter_is_not_played(name, fate):
    """The Harbinger (card-data.md 2.2): a beaten card's effects on a win (the Infernal
    Corruptor's Follower given away, the Scavenging Beasts' trophy discarded) and a Herald's on
    its rolls (the Herald of Famine's Follower killed) only take from the fighter: they change
    no result, fight on in none and end no game (``cards.NEUTRAL_EFFECTS``, declared on the
    steps that run them, ``neutral``).  So the Harbinger's listener declares no result changed
    there (``changes_results``), and the fight is answered in closed form
    (``combat_odds``), the search scoring every outcome of a creature's roll off the record:
    the full search's answer (``shortcut=False``: every effect played, its decisions taken by
    the policy), with the bot and with ``Best("won")``, with and without a Fate."""
    from talisman.expansions.harbinger import cards as harbinger_cards
    state = NEUTRAL[name](fate)
    rolling = talisman.apply(state, "fight", stop_at_chance=True)
    at_roll = talisman.apply(rolling, chance_outcomes(rolling)[-1][0], stop_at_chance=True)
    if at_roll.pending.step != "combat.opponent_rolled":  # (a Fate decision first: keep)
        at_roll = talisman.apply(at_roll, "keep", stop_at_chance=True)
    assert changes_results("harbinger", at_roll) == frozenset()
    closed = combat_odds(rolling, rerolls=BOT.rerolls, fights_on=BOT.fights_on, fights_again=True)
    assert closed is not None and closed["won"] > 0   # (a win: the beaten card's effects met)
    assert {k: v for k, v in closed.items() if v} == full(rolling, _Fighting(BOT))
    best = odds(rolling, "combat_resolved", policy=Best("won"))
    assert dict(best) == full(rolling, Best("won"))
    # the effects are there to be played: with none declared neutral, the listener answers
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(harbinger_cards, "NEUTRAL_EFFECTS", {})
        assert changes_results("harbinger", at_roll) != frozenset()
        assert combat_odds(rolling, rerolls=BOT.rerolls, fights_on=BOT.fights_on, fights_again=True) is None


def test_only_those_effects_are_neutral():
    """``cards.neutral_effects``: the three kinds with their parameters as the cards give them;
    a Follower given with effects, a life lost, a card's other effects are not (the Beast's
    "the character you choose gains 1 Strength and 1 Craft": played, as before)."""
    from talisman.expansions.harbinger import cards as harbinger_cards
    ok = harbinger_cards.neutral_effects
    assert ok([{"discard_trophy": {}}]) and ok([{"lose_follower": 1}])
    assert ok([{"target_other": {"give": "random_follower"}}])
    assert not ok([{"lose_follower": "all"}]) and not ok([{"lose": {"lives": 1}}])
    assert not ok([{"target_other": {"effects": [{"gain": {"strength": 1, "craft": 1}}]}}])
    assert not ok([{"discard_trophy": {}, "lose_follower": 1}])
    # (odds25h) a heal of the others, as the Essence Eater gives it; not of all, nor with more
    assert ok([{"each_character": {"where": "others", "effects": [{"heal": "full"}]}}])
    assert not ok([{"each_character": {"where": "all", "effects": [{"heal": "full"}]}}])
    assert not ok([{"each_character": {"where": "others", "effects": [{"lose": {"lives": 1}}]}}])
    assert not ok([{"each_character": {"where": "others", "effects": [{"heal": "full"}, {"lose": {"lives": 1}}]}}])


@pytest.mark.parametrize("fate", [0, 1, 2])
@pytest.mark.parametrize("time", ["day", "night"])
@pytest.mark.parametrize("held", ["sun shield", "sun shield and crown", "sun shield and torchbearer"])
def test_a_card_s_die_in_closed_form(held, time, fate, monkeypatch):
    """003, the Sun Shield: "Beaten in combat, roll a die (add up to 3 by Day): a 6 turns the
    loss into a stand-off".  The Blood Moon's listener declares it among the cards' answers
    (``fights_on``: ``("die", "d6", 6 less the Day's 3, "standoff")``, odds25g), rolled
    whenever offered, then the next card answering the result (turned or not) offered: with
    the Pharaoh's Crown (an Object, offered first, at a loss or a stand-off) and with the
    Torchbearer (a Follower, offered after it, at a loss).  ``combat_odds`` answers from the
    Thief's roll with the bot's rules, no die of the card rolled, by Day and by Night, with 0
    to 2 Fate: the full search's answer (``shortcut=False``)."""
    held_cards = {"sun shield": {"objects": ["sun_shield"]},
                  "sun shield and crown": {"objects": ["sun_shield", "pharaohs_crown"]},
                  "sun shield and torchbearer": {"objects": ["sun_shield"], "followers": ["torchbearer"]}}[held]
    rolling = talisman.apply(sentinel(time=time, fate=fate, **held_cards), "fight", stop_at_chance=True)
    calls = counting_at(monkeypatch, "blood_moon.result_rolled")
    closed = combat_odds(rolling, rerolls=BOT.rerolls, fights_on=BOT.fights_on, fights_again=True)
    assert calls == []
    monkeypatch.undo()
    assert closed is not None
    assert {k: v for k, v in closed.items() if v} == full(rolling, _Fighting(BOT))


def test_the_sun_shield_in_closed_form_by_hand():
    """The Thief (8, no Fate) against the Sentinel by Day (9 - 1 = 8): lost with 15/36, then the
    Sun Shield's die + 3 is 6 or more on 3-6 (4/6): a stand-off.  lost = 15/36 * 2/6 = 5/36,
    standoff = 6/36 + 15/36 * 4/6 = 4/9, won 15/36.  By Night, no bonus: a 6 only (1/6); the
    Sentinel's 9 + 1 + c against 8 + a: won when a - c >= 3 (6 pairs), a stand-off when a - c
    = 2 (4), lost 26/36, then lost = 26/36 * 5/6 = 65/108."""
    day = talisman.apply(sentinel(objects=["sun_shield"]), "fight", stop_at_chance=True)
    assert dict(combat_odds(day)) == {"won": F(5, 12), "standoff": F(4, 9), "lost": F(5, 36)}
    night = talisman.apply(sentinel(time="night", objects=["sun_shield"]), "fight", stop_at_chance=True)
    assert combat_odds(night)["lost"] == F(65, 108)
    assert combat_odds(night)["standoff"] == F(4, 36) + F(26, 36) / 6


@pytest.mark.parametrize("fate", [0, 1])
def test_a_closed_form_asks_the_listeners_once_per_class_of_rolls(fate, monkeypatch):
    """odds25h, the closed form's own cost: the ``combat_resolved`` listeners' declarations
    (``changes_results``) are asked once for each class of the character's battle rolls
    (``roll_blind``: the Harbinger's listener reads only whether the roll is one of the Herald of
    Famine's 4-6, "a 4-6 rolled in the psychic combat kills one of your Followers"), not once for
    each of the six rolls, kept and, with a Fate, re-rolled: 2 classes (1-3, 4-6), where 6 and 12
    rolls were asked before (and, with a Fate, twice, a re-roll made or not, until odds19: the
    Harbinger's listener declares ``reads_no_fate`` where no beaten card rolls a table, so a
    re-roll's pass answers as the first).  The answer is still the full search's (``shortcut=False``), and the memo gives the same answer again without asking."""
    import importlib

    odds_module = importlib.import_module("talisman.odds")  # (the package's ``odds`` is the function)
    asked = counting_calls(monkeypatch, odds_module, "_answered", lambda state: state.battle.roll)
    odds_module.clear_memos()
    rolling = talisman.apply(NEUTRAL["herald of famine"](fate), "fight", stop_at_chance=True)
    closed = combat_odds(rolling, rerolls=BOT.rerolls, fights_on=BOT.fights_on, fights_again=True)
    assert closed is not None
    assert len(asked) == 2
    assert {r <= 3 for r in asked} == {True, False}   # (one roll of each class)
    assert {k: v for k, v in closed.items() if v} == full(rolling, _Fighting(BOT))
    assert sum(closed.values()) == 1
    again = combat_odds(rolling, rerolls=BOT.rerolls, fights_on=BOT.fights_on, fights_again=True)
    assert dict(again) == dict(closed)


def _humble(fate, others):
    """The Thief at his last life, holding the Armour of Humility ("each battle you win costs
    1 life unless you pay 1 fate"), at the Bear's combat; ``others``: characters elsewhere."""
    chars = [dict(id="thief", space="woods_1", spells=[], lives=1, fate=fate,
                  objects=["armour_of_humility"])]
    chars += [dict(id=cid, space=space, spells=[]) for cid, space in others]
    setup = {"characters": chars, "board_cards": {"hills_1": ["bear"]}, "expansions": ["harbinger"]}
    return talisman.apply(setup_state(setup, [2]), "move:hills_1")


@pytest.mark.parametrize("others", [(), (("warrior", "plains_1"), ("wizard", "fields_1"))])
def test_a_win_that_costs_the_last_life_ends_the_question_at_the_death(others):
    """000 LOSING ALL LIVES ("Any Characters that lose all their Lives are DEAD!") with 001
    Harbinger Cards (the Armour of Humility, card-data.md 2.2): a win costs the Thief his last
    life before the result is applied, so no result is applied and his turn ends; the question
    ends at his death, its own outcome (R-ODDS12B.1), in the full search as in the shortcut,
    with or without other characters whose turns would follow."""
    s = _humble(0, others)
    rolling = talisman.apply(s, "fight", stop_at_chance=True)
    fast = odds(rolling, "combat_resolved", policy=["fight"])
    whole = odds(rolling, "combat_resolved", policy=["fight"], shortcut=False)
    # the Thief's 3 + d6 against the Bear's 3 + d6: 15/36 higher (a win, then his death), 6/36
    # equal; 15/36 lower: lost (the Armour saves it on 3-6, after the result is applied)
    assert dict(fast) == dict(whole) == {"died": F(15, 36), "standoff": F(6, 36), "lost": F(15, 36)}
    assert whole.nodes < 60  # stops at the death: no later turn searched
    assert BOT.fight_odds(s) == 0  # a win here is his death: no win at all
    # with a Fate to pay for the win he lives, and the win is applied
    paid = odds(talisman.apply(_humble(1, others), "fight", stop_at_chance=True), "combat_resolved",
                policy=Best("won"), shortcut=False)
    assert paid["won"] == F(15, 36) and "died" not in dict(paid)



@pytest.mark.parametrize("fate", [0, 1])
def test_the_bound_of_a_win_by_hand(fate):
    """001 Harbinger Cards (the Armour of Humility: "each battle you win costs 1 life unless you
    pay 1 fate"): its listener may change a win (``changes_results``), with no closed form of
    its answer, so ``combat_odds`` gives None.  ``won_at_most`` bounds the chance of a win by
    the chance of the outcomes scored a win (a loss and a stand-off stand): the Thief's 3 + d6
    against the Bear's 3 + d6, each roll r winning on the Bear's c < r: (0 + 1 + ... + 5)/36 =
    15/36 without a Fate; with one, re-rolling 1 and 2 (the bot's rule): the rolls 3-6 kept,
    (2 + 3 + 4 + 5)/36 = 14/36, and 2/6 x 15/36 = 5/36 from the re-roll: 19/36.
    The search's answer is at most the bound (0 at his last life with no Fate: the win is his
    death), and the bot (threshold 1/2) takes a bound under 1/2 without searching (odds15); the
    bound 19/36 it does not take."""
    s = _humble(fate, ())
    rolling = talisman.apply(s, "fight", stop_at_chance=True)
    assert combat_odds(rolling, rerolls=BOT.rerolls) is None
    bound = won_at_most(rolling, rerolls=BOT.rerolls)
    # P(c < r) = (r - 1)/6; a roll of 1 or 2 re-rolled (a fresh d6) when a Fate is there
    fresh = sum(F(r - 1, 36) for r in range(1, 7))
    by_hand = fresh if not fate else sum(F(r - 1, 36) for r in range(3, 7)) + F(2, 6) * fresh
    assert bound == by_hand == (F(15, 36) if not fate else F(19, 36))
    exact = odds(rolling, "combat_resolved", policy=_Fighting(BOT))
    assert exact["won"] <= bound and dict(exact) == full(rolling, _Fighting(BOT))
    if not fate:
        assert exact["won"] == 0
    asked = BOT.fight_odds(s)   # (0 also where the search passes the bot's 300 states)
    assert asked <= exact["won"]
    if not fate:   # the bound, under 1/2: taken as it is, no search
        assert BOT.fight_odds(s, enough=F(1, 2)) == bound < F(1, 2)
    else:   # 19/36, not under 1/2: the bot's question as without a threshold
        assert BOT.fight_odds(s, enough=F(1, 2)) == asked
    # a threshold the bound does not clear: the question as without one
    assert BOT.fight_odds(s, enough=F(1, 10)) == asked

def test_a_fighter_killed_by_his_win_leaves_no_battle_for_the_next_turn():
    """000 LOSING ALL LIVES ("Any Characters that lose all their Lives are DEAD!") with 001
    Harbinger Cards (the Armour of Humility): the Thief's win costs his last life, his turn ends
    at his death, and the combat ends with him (rulings R-FH12.1): the next character's turn
    starts with no battle record, and the Bear, never beaten, lies on its space again."""
    s = _humble(0, (("warrior", "plains_1"), ("wizard", "fields_1")))
    s = talisman.apply(s, "fight", stop_at_chance=True)
    s = talisman.apply(s, "roll:6", stop_at_chance=True)   # the Thief's attack roll
    s = talisman.apply(s, "roll:1", stop_at_chance=True)   # the Bear's: a win
    s = talisman.apply(s, "choose:life", stop_at_chance=True)  # no Fate: the win costs a life
    assert not s.characters["thief"].alive
    assert s.current == "warrior" and s.outcome is None
    assert s.battle is None
    assert "bear" in s.board_cards["hills_1"]


def test_a_defender_killed_before_the_result_ends_the_question():
    """000 LOSING ALL LIVES with 001 Harbinger Cards (the Armour of Humility, the Key to Hades,
    card-data.md 2.2): the Thief's win costs him a life, and as he loses it the Warrior, holding
    the Key at his last life, loses his: the defender's death ends the fight before the spoils
    (rulings R-FA13.1), so no combat result is logged.  The question ends at his death, an
    outcome of its own, ``opponent_died`` (R-ODDS14.1), in the shortcut as in the full search
    (3 + d6 against the Warrior's 4 + 2d6: the Thief's win is 5/36); with ``combat_resolved``
    alone it went on into the next players' turns before (to the 20,000-state limit)."""
    for until in (["combat_resolved", "turn_ended"], "combat_resolved"):
        fast, whole = _thief_attacks_the_warrior(dict(lives=2, objects=["armour_of_humility"]),
                                                 dict(lives=1, objects=["key_to_hades"]), until)
        assert dict(fast) == dict(whole) == {"opponent_died": F(5, 36), "standoff": F(25, 216),
                                             "lost": F(161, 216)}
        assert whole.nodes < 60


def _thief_attacks_the_warrior(thief, warrior, until=("combat_resolved", "turn_ended")):
    """The Thief (``thief``: his fields) walks onto the Warrior (``warrior``) on the Hills and
    attacks him in battle; the question's answer from his roll, until the combat's result (or
    ``until``), by the shortcut and by the full search."""
    chars = [dict(id="thief", space="woods_1", spells=[], fate=0, **thief),
             dict(id="warrior", space="hills_1", spells=[], fate=0, **warrior),
             dict(id="wizard", space="fields_1", spells=[])]
    s = setup_state({"characters": chars, "expansions": ["harbinger"]}, [2])
    for notation in ("move:hills_1", "encounter:char:warrior", "attack:battle"):
        s = talisman.apply(s, notation)
    rolling = talisman.apply(s, "fight", stop_at_chance=True)
    until = list(until) if isinstance(until, tuple) else until
    return (odds(rolling, until, policy=Best("won")),
            odds(rolling, until, policy=Best("won"), shortcut=False))


def test_a_defender_killed_by_his_own_win_ends_the_question():
    """001 Harbinger Cards (the Armour of Humility, card-data.md 2.2: "each battle you win costs 1
    life unless you pay 1 fate") worn by the defending character (rulings R-FC13.1): the Warrior,
    at his last life and without a Fate, pays his win with it and dies before the spoils, so no
    result is applied and the Thief's turn ends (R-FA13.1).  The shortcut (his price declared as
    acting on the attacker's ``lost``) gives the full search's distribution (3 + d6 against the
    Warrior's 4 + 2d6): every loss of the Thief is the Warrior's death, ``opponent_died``
    (R-ODDS14.1)."""
    fast, whole = _thief_attacks_the_warrior(dict(lives=4, objects=[]),
                                             dict(lives=1, objects=["armour_of_humility"]))
    assert dict(fast) == dict(whole) == {"opponent_died": F(161, 216), "standoff": F(25, 216),
                                         "won": F(5, 36)}


def test_a_defender_s_death_does_not_end_the_attacker_s_question():
    """R-ODDS12B.1: only the death of the character whose turn it is ends the question, or
    (R-ODDS14.1) that of the other fighter of the combat in progress before the step: the stop
    reads a ``character_died`` of another character as any other event."""
    from talisman.engine.records import Event, set_field
    from talisman.odds import stopper
    s = _humble(0, (("warrior", "plains_1"), ("wizard", "fields_1")))
    stop = stopper("combat_resolved")
    assert s.current == "thief"
    assert stop(s, (Event("character_died", {"character": "warrior"}),)) is None
    assert stop(s, (Event("character_died", {"character": "thief"}),)) == "died"
    assert stop(s, (Event("character_died", {"character": "warrior"}),), s) is None  # (not fighting)
    fighting = set_field(s, "battle", s.battle.set("opponent", "warrior"))
    assert stop(s, (Event("character_died", {"character": "warrior"}),), fighting) == "opponent_died"


def _closed_as_searched(rolling, closed):
    """The bot's question at ``rolling`` (the state after ``fight``): answered in closed form
    exactly when ``closed``, and then the full search's answer; the search with the shortcut
    gives the full search's too.  Returns the full search's distribution."""
    closed_form = combat_odds(rolling, rerolls=BOT.rerolls, fights_on=BOT.fights_on, fights_again=True)
    assert (closed_form is not None) == closed
    whole = full(rolling, _Fighting(BOT))
    assert dict(odds(rolling, "combat_resolved", policy=_Fighting(BOT))) == whole
    if closed:
        assert {k: v for k, v in closed_form.items() if v} == whole
    return whole


def _horseman_of_death(fate, thief, troll_lives=3):
    """The Troll fights the Harbinger's Horseman of Death ("not beaten, every character
    without a Talisman loses a life"); the Thief (``thief``: his fields) and the Wizard elsewhere."""
    return _harbinger_fight("horseman_of_death", {"id": "troll", "strength": 6, "fate": fate, "lives": troll_lives},
                            [dict(id="thief", space="city", **thief), {"id": "wizard", "space": "tavern"}])


@pytest.mark.parametrize("fate", [0, 1])
@pytest.mark.parametrize("case, closed", [
    ("the thief at 2 lives", True), ("the thief at 1 life with a Talisman", True),
    ("the thief at 1 life", False), ("the troll at 1 life", False)])
def test_the_horseman_of_death_s_punishment_that_kills_nobody_is_not_played(case, closed, fate):
    """001 Harbinger Cards (the Horseman of Death, card-data.md 2.2): not beaten, "every
    character without a Talisman loses a life", before the result is applied.  Where nobody
    without a Talisman is at his last life (the fighter too) it changes no result, fights on in
    none and ends no game: declared so, reading the state (``figure.unbeaten_harmless``), and
    the fight is answered in closed form; where someone is, a death may end the game (or the
    fighter's, the question: R-ODDS12B.1), and it is searched.  Either way the full search's
    answer (``shortcut=False``), with the bot and with ``Best("won")``, with and without a Fate."""
    thief = {"the thief at 2 lives": {"lives": 2}, "the thief at 1 life": {"lives": 1},
             "the thief at 1 life with a Talisman": {"lives": 1, "objects": ["talisman"]},
             "the troll at 1 life": {}}[case]
    state = _horseman_of_death(fate, thief, troll_lives=1 if case == "the troll at 1 life" else 3)
    rolling = talisman.apply(state, "fight", stop_at_chance=True)
    whole = _closed_as_searched(rolling, closed)
    assert dict(odds(rolling, "combat_resolved", policy=Best("won"))) == full(rolling, Best("won"))
    # the fighter's own death to the punishment ends the question (lost or a stand-off: died)
    assert ("died" in whole) == (case == "the troll at 1 life")


def _doomsday_prophet(fate, discarded, lives=4, objects=()):
    """The Elf (Craft 4, ``fate``, ``lives``, ``objects``) fights the Harbinger's Doomsday
    Prophet (Craft 4) on the Fields, the Armageddon Omens in play with ``discarded`` of them
    discarded, the Harbinger on the Plains (the Elf's Region)."""
    setup = {"characters": [dict(id="elf", space="chapel", spells=[], craft=4, fate=fate, lives=lives,
                                 objects=list(objects)), {"id": "thief", "space": "city"}],
             "board_cards": {"fields_2": ["doomsday_prophet"]}, "expansions": ["harbinger"],
             "options": {"harbinger_omen_set": "armageddon",
                         "harbinger_position": {"harbinger": "plains_1", "omens_discarded": discarded}}}
    s = talisman.apply(setup_state(setup, [1]), "move:fields_2")
    assert s.pending.kind == "combat", s.pending
    return s


@pytest.mark.parametrize("fate", [0, 1, 3])
@pytest.mark.parametrize("case, closed, changed", [
    ("Doom next", True, False),                        # lose 1 Fate: harmless
    ("Plague next", False, False),                     # lose 1 life: may kill (searched)
    ("the Elf holds the Apocrypha", False, False),     # a life and 1 Craft for every Omen discarded
    ("the Elf at 1 life holds the Apocrypha", False, True),   # ... his death: died
    ("the last Omen", False, True)])                   # the stack empty: the game is over
def test_the_doomsday_prophet_s_discard_that_changes_nothing_is_not_played(case, closed, changed, fate):
    """001 Harbinger Cards (the Doomsday Prophet, card-data.md 2.2): beaten, "a die of 1-2
    discards the top Omen", before the result is applied; the next Omen's immediate effects
    resolve (001 Omen Cards), every holder of a card paying for an Omen discarded pays, and an
    empty stack ends the game ("the game is over and all characters lose").  Where an Omen is
    left after it, the next one only takes Fate (Doom) and nobody holds such a card, the discard
    changes no result, fights on in none and ends no game: declared so, reading the state
    (``cards.beaten_harmless``, odds16), and the fight is answered in closed form, the full
    search's answer (``shortcut=False``); elsewhere it is searched, and where the discard kills
    the fighter or ends the game the answer is another (a changed input changes the answer)."""
    discarded, lives, objects = {
        "Doom next": (0, 4, ()), "Plague next": (1, 4, ()), "the Elf holds the Apocrypha": (0, 4, ("the_apocrypha",)),
        "the Elf at 1 life holds the Apocrypha": (0, 1, ("the_apocrypha",)), "the last Omen": (7, 4, ())}[case]
    rolling = talisman.apply(_doomsday_prophet(fate, discarded, lives, objects), "fight", stop_at_chance=True)
    whole = _closed_as_searched(rolling, closed)
    if closed:
        # Craft 4 + d6 against 4 + d6, a roll of 1 or 2 re-rolled with a Fate: 15/36, 19/36
        assert whole["won"] == (F(15, 36) if fate == 0 else F(19, 36))
    else:
        plain = full(talisman.apply(_doomsday_prophet(fate, 0), "fight", stop_at_chance=True), _Fighting(BOT))
        assert (whole != plain) == changed
    if case == "the last Omen":   # a win's die of 1-2 (1/3) ends the game
        assert whole["game_over"] == whole["won"] / 2


def _added_die_fight(card, who, strength, fate, others=()):
    """``who`` (the Thief against the Sentinel, Strength 9, or the Warrior against the Bear,
    Strength 3; ``strength``, ``fate``) with ``card``: the Champion of Light by Day (the Blood
    Moon) or the Flail of Blood (the Harbinger), and ``others`` (more Objects)."""
    expansion, field = (("blood_moon", "followers") if card == "champion_of_light" else ("harbinger", "objects"))
    fields = {"followers": [], "objects": list(others)}
    fields[field] = fields[field] + [card]
    ext = {"blood_moon": {"time": "day"}} if expansion == "blood_moon" else None
    if who == "thief":
        return at_combat("thief", "woods_1", "hills_3", [], dice=(2,), expansions=[expansion], ext=ext,
                         strength=strength, fate=fate, **fields)
    return at_combat("warrior", "chapel", "fields_2", ["bear"], expansions=[expansion], ext=ext,
                     strength=strength, fate=fate, **fields)


class _Keeps:
    """Keeps every roll (no Fate re-roll), fights at every combat decision."""

    def choose(self, state):
        legal = talisman.legal_actions(state)
        return next((a for a in legal if str(a) in ("keep", "fight")), legal[0])


@pytest.mark.parametrize("card", ["champion_of_light", "flail_of_blood"])
@pytest.mark.parametrize("who, strength", [("thief", 8), ("thief", 5), ("thief", 11), ("warrior", 3)])
@pytest.mark.parametrize("fate", [0, 1])
def test_a_die_added_to_the_score_is_answered_in_closed_form(card, who, strength, fate):
    """003 Follower Cards, the Champion of Light ("by Day ... roll an extra die ... and add it",
    card-data.md 1.3) and 001 Harbinger Cards, the Flail of Blood ("must roll 2 dice added for
    your battle attack roll; doubles = automatic defeat", card-data.md 2.2): the die is rolled
    once the scores are compared, added to the character's score and the scores compared again
    (RESOLVING COMBAT VS CREATURES OR ENEMIES). Each listener declares it (``fights_on``:
    ``("added", dice)``, the Flail's with ``"doubles"``; odds25j), so the closed form answers
    the fight, and its answer is the full search's, with the bot's Fate rule and keeping every
    roll; the bot's question is answered without a search."""
    s = _added_die_fight(card, who, strength, fate)
    rolling = talisman.apply(s, "fight", stop_at_chance=True)
    closed = combat_odds(rolling, rerolls=BOT.rerolls, fights_on=BOT.fights_on, fights_again=True)
    assert closed is not None
    assert dict(closed) == full(rolling, _Fighting(BOT))
    assert dict(combat_odds(rolling)) == full(rolling, _Keeps())
    assert BOT.fight_odds(s) == closed["won"]


@pytest.mark.parametrize("card", ["champion_of_light", "flail_of_blood"])
def test_a_die_added_to_the_score_by_hand(card):
    """The Thief (Strength 8, no Fate) against the Sentinel (Strength 9; by Day in the Blood
    Moon each creature subtracts 1, 003 Time Card) with a die added to his score once the scores
    are compared: his die a, the Sentinel's c, the added e, counted over the 216 triples; with
    the Flail of Blood e equal to a (doubles) loses."""
    flail = card == "flail_of_blood"
    counts = {"won": 0, "lost": 0, "standoff": 0}
    for a in range(1, 7):
        for c in range(1, 7):
            for e in range(1, 7):
                diff = 8 + a + e - (9 if flail else 8) - c
                label = "won" if diff > 0 else "lost" if diff < 0 else "standoff"
                counts["lost" if flail and e == a else label] += 1
    want = {k: F(n, 216) for k, n in counts.items() if n}
    # the Champion: a + e > c fails in 35 of 216 triples, a + e = c in 15 (2 + 3 + 4 + 5 + ... )
    assert flail or want == {"won": F(181, 216), "standoff": F(15, 216), "lost": F(20, 216)}
    rolling = talisman.apply(_added_die_fight(card, "thief", 8, 0), "fight", stop_at_chance=True)
    assert dict(combat_odds(rolling)) == want == full(rolling, _Keeps())


@pytest.mark.parametrize("card, other", [("champion_of_light", "sun_shield"),
                                         ("flail_of_blood", "armour_of_humility")])
def test_a_die_added_with_another_answer_is_searched(card, other):
    """With another card answering the result after the added die (the Sun Shield's die on a
    loss; the Armour of Humility's life for a win, which the second die may make), the closed
    form gives no answer (its declarations cover the added die alone) and the search gives the
    full search's."""
    s = _added_die_fight(card, "thief", 8, 1, others=[other])
    rolling = talisman.apply(s, "fight", stop_at_chance=True)
    assert combat_odds(rolling, rerolls=BOT.rerolls, fights_on=BOT.fights_on, fights_again=True) is None
    assert dict(odds(rolling, "combat_resolved", policy=_Fighting(BOT))) == full(rolling, _Fighting(BOT))


def test_the_harbinger_reads_no_fate_but_where_a_beaten_card_rolls_a_table():
    """FATE ("once per die roll, a player may pay 1 fate ... to reroll one die"; odds19): what
    exact odds ask of the Harbinger's ``combat_resolved`` listener reads a fighter's Fate only
    where a beaten card's effects roll a table (the Doomsday Prophet: "a die of 1-2 discards the
    top Omen", harmless only if every listener to a Fate re-roll of that die is idle): there it
    does not declare ``reads_no_fate``, and its answer does change with the Fate (the Elf with
    the Witch Cat, "a fate re-roll that comes up 1 makes you a Toad": with a Fate the discard's
    die may be re-rolled, so a win is answered; without, it is not); in a fight with no such
    card (the Flail of Blood against the Bear, a held card and a second die) it declares it."""
    from talisman.engine.ruleset import RULESET, declared, declares
    from talisman.expansions import harbinger
    from talisman.state import update_character

    def at_roll(s):
        rolling = talisman.apply(s, "fight", stop_at_chance=True)
        return set_field(rolling, "pending", None)

    def prophet(fate):   # (the Fate set at the roll: the Witch Cat replenishes one at the turn's start)
        setup = {"characters": [dict(id="elf", space="chapel", spells=[], craft=4, followers=["witch_cat"]),
                                {"id": "thief", "space": "city"}],
                 "board_cards": {"fields_2": ["doomsday_prophet"]}, "expansions": ["harbinger"],
                 "options": {"harbinger_omen_set": "armageddon",
                             "harbinger_position": {"harbinger": "plains_1", "omens_discarded": 0}}}
        return update_character(at_roll(talisman.apply(setup_state(setup, [1]), "move:fields_2")), "elf", fate=fate)

    fn = harbinger.combat_resolved
    assert fn in [f for _, f in RULESET.listeners(prophet(1), "combat_resolved")]
    answered = {}
    for fate in (0, 1):
        s = prophet(fate)
        assert not declares(fn, "reads_no_fate", s)
        answered[fate] = frozenset(declared(fn, "changes_results")(s))
    assert "won" in answered[1] and "won" not in answered[0]
    plain = at_roll(_added_die_fight("flail_of_blood", "warrior", 4, 1))
    assert fn in [f for _, f in RULESET.listeners(plain, "combat_resolved")]
    assert declares(fn, "reads_no_fate", plain)
