"""The Dragon King (000 Alternative Endings): Strength 12+D8, Craft 12+D8, 5 lives, rounds of a
combat and a psychic combat at once, and the D8 chart (``DRAGON_KING_CHART``)."""
from __future__ import annotations

from ...engine.machine import frame, log, push, request_roll
from ...engine.records import replace
from ...state import update_character
from pyrsistent import pvector
from .tasks import MAGIC_OBJECTS, alive, discard_cards, role, set_task, task_of, throw
from .winning import win, won_in_time
from .. import characters
from .. import combat
from ..hooks import run_hook

__all__ = ["DRAGON_KING", "DRAGON_KING_CHART", "dk_alone", "dk_meal", "dk_brothers",
           "next_brother", "dk_brother_killed", "dk_brother_lost", "dk_king",
           "dk_king_rolled", "continue_king", "king_round", "DK_ROUND_ROLL",
           "dk_round_kept", "dk_round_answered", "dk_king_after", "dk_hunt",
           "dk_hunt_rolled", "hunt_next", "dk_hunt_after", "dk_dragons", "fight_dragons",
           "dk_dragons_beaten", "dk_asleep", "DK_ASLEEP_ROLL",
           "dk_asleep_kept", "dk_lunch"]


#: "He has Strength of 12+D8, a Craft of 12+D8 and 5 Lives."
DRAGON_KING = {"strength": 12, "craft": 12, "bonus_dice": "2d8", "lives": 5, "brothers": 3,
               "brother_strength": 9}


#: The Dragon King's D8 chart: one result a rule step.
DRAGON_KING_CHART = {
    1: {"name": "followers_flee", "step": "endings.dk_alone"},
    2: {"name": "a_meal", "step": "endings.dk_meal"},
    3: {"name": "three_brothers", "step": "endings.dk_brothers"},
    4: {"name": "the_king", "step": "endings.dk_king"},
    5: {"name": "king_hunts_opponents", "step": "endings.dk_hunt"},
    6: {"name": "dragons_called", "step": "endings.dk_dragons"},
    7: {"name": "king_asleep", "step": "endings.dk_asleep"},
    8: {"name": "out_to_lunch", "step": "endings.dk_lunch"},
}


def dk_alone(state, who, row=None):
    """1: "all your Followers flee in fear, discard them. The Dragon King casts a Spell
    destroying all your Magic Objects ... You must now defeat the King, by yourself" (the
    Talisman is a Magic Object and goes too: rulings R-EN10.2)."""
    ch = state.characters[who]
    for f in ch.followers:
        state = characters.discard(state, f)
    state = update_character(state, who, followers=[])
    state = log(state, "followers_fled", character=who, cards=list(ch.followers))
    # OPTIONAL RULES, HENCHMEN: "Henchmen are considered Followers for any pertaining rules":
    # they flee too (they leave the game, as a Henchman lost as a Follower does)
    state = characters.discard_other_followers(state, who, "fled from the Dragon King")
    # NUMBER OF SPELLS: "If at any time a Character has more Spells than his Craft allows, the
    # surplus Spells must be discarded": the check discard_cards schedules runs before the King
    # is met (pushed after his step, so it runs first)
    state = push(state, frame("endings.dk_king", who=who))
    return discard_cards(state, who, only_types=MAGIC_OBJECTS)


def dk_meal(state, who, row=None):
    """2 (and 7 failed): "eats one of your Followers, and throws you into the Plain of Peril. If
    you have no Followers, The Dragon King takes a Life and throws you into the Portal of Power"
    (the follower eaten: the first the character gained, a stand-in for the King's choice; a
    Henchman is one, after the Follower cards: OPTIONAL RULES, HENCHMEN, "Henchmen are considered
    Followers for any pertaining rules")."""
    state = set_task(state, who, None)
    ch = state.characters[who]
    others = characters.other_followers(state, who)
    if ch.followers:
        eaten = ch.followers[0]
        state = update_character(state, who, followers=list(ch.followers)[1:])
        state = characters.discard(state, eaten)
    elif others:
        eaten = others[0]
        state = run_hook(state, "other_follower_lost", character=who, follower=eaten, cause="eaten by the Dragon King")
    if ch.followers or others:
        state = log(state, "follower_eaten", character=who, card=eaten, by="dragon_king")
        return throw(state, who, role("inner_gate"), "the Dragon King")
    state = characters.lose_lives(state, who, 1, "the Dragon King")
    return throw(state, who, role("portal"), "the Dragon King") if alive(state, who) else state


def dk_brothers(state, who, row=None):
    """3: "fight the King's three younger brothers in Combat ... Strength 9 ... in succession.
    If you lose one Combat, you lose a Life and are thrown into the Plain of Peril"."""
    state = set_task(state, who, {"kind": "brothers", "left": DRAGON_KING["brothers"]})
    return next_brother(state, who)


def next_brother(state, who, task=None):
    brother = {"name": "dragon_kings_brother", "card": None, "value": DRAGON_KING["brother_strength"]}
    return combat.start_combat(state, who, "battle", [brother],
                               on_win={"step": "endings.dk_brother_killed", "args": {"who": who}},
                               on_lose={"step": "endings.dk_brother_lost", "args": {"who": who}},
                               on_standoff=None, evadable=False)


def dk_brother_killed(state, who):
    left = task_of(state, who)["left"] - 1
    if left <= 0:
        state = set_task(state, who, None)
        return win(state, who, "dragon_king")
    state = set_task(state, who, {"kind": "brothers", "left": left})
    return next_brother(state, who)


def dk_brother_lost(state, who):
    state = set_task(state, who, None)
    return throw(state, who, role("inner_gate"), "the Dragon King's brothers")


def dk_king(state, who, row=None):
    """4 (and after 1 and 6): "You must defeat the King himself to win the game": his Strength
    and Craft are rolled (12+D8 each) when he is met; one round a turn until he or you are dead."""
    return request_roll(state, DRAGON_KING["bonus_dice"], "the Dragon King's Strength and Craft",
                        "endings.dk_king_rolled", who=who)


def dk_king_rolled(state, action, who):
    s, c = action.dice
    king = {"strength": DRAGON_KING["strength"] + s, "craft": DRAGON_KING["craft"] + c,
            "lives": DRAGON_KING["lives"]}
    state = log(state, "dragon_king_appears", character=who, **king)
    state = set_task(state, who, {"kind": "king", "king": king})
    return king_round(state, who, king, "endings.dk_king_after")


def continue_king(state, who, task):
    return king_round(state, who, dict(task["king"]), "endings.dk_king_after")


def king_round(state, who, king, after, **extra):
    """"you must fight a Combat and a Psychic Combat simultaneously. Roll two dice, one for
    Combat and one for Psychic Combat. You must win both to win the round. If you lose either,
    you lose the round and lose a Life."  (A round outside the combat sequence: no spells or
    armour, but Fate re-rolls one of the character's dice, rulings R-RG14.3; a standoff in one
    and no loss is a standoff.)"""
    return DK_ROUND_ROLL.roll(state, f"{who} against the Dragon King", who=who, king=king, after=after, extra=extra)


def dk_round_kept(state, dice, who, king, after, extra):
    """The character's two dice stand; then the King rolls his."""
    return request_roll(state, "2d6", f"the Dragon King against {who}", "endings.dk_round_answered",
                        who=who, king=king, after=after, extra=extra, mine=list(dice))


#: The character's two dice against the King, his attack rolls.  FATE (talisman-facts-verified.md
#: 3: "his character's attack roll"; of dice rolled at once "only one of them may be rerolled"): he
#: may pay one fate, once a round, to roll one of them again (both under ``fate_reroll:
#: whole_roll``; rulings R-RG14.3); the King's dice are a creature's and are not re-rolled.
DK_ROUND_ROLL = characters.OwnRoll("endings.dk_round_rolled", "endings.dk_round_fate", "2d6", dk_round_kept,
                                   offer="rolled {dice[0]} and {dice[1]} against the Dragon King",
                                   again="{who}'s re-roll against the Dragon King", cause="the Dragon King")


def dk_round_answered(state, action, who, king, after, extra, mine):
    kb, kp = action.dice
    battle = mine[0] + combat.combat_total(state, who, "battle")
    psychic = mine[1] + combat.combat_total(state, who, "psychic")
    kbattle, kpsychic = kb + king["strength"], kp + king["craft"]
    if battle > kbattle and psychic > kpsychic:
        result = "won"
    elif battle < kbattle or psychic < kpsychic:
        result = "lost"
    else:
        result = "standoff"
    state = log(state, "dragon_king_round", character=who, battle=battle, psychic=psychic,
                king_battle=kbattle, king_psychic=kpsychic, result=result)
    king = dict(king)
    if result == "won":
        king["lives"] -= 1
        state = log(state, "dragon_king_wounded", character=who, lives=king["lives"])
    elif result == "lost":
        state = characters.lose_lives(state, who, 1, "the Dragon King")
    return STEPS[after](state, who=who, king=king, result=result, **dict(extra))


def dk_king_after(state, who, king, result):
    if not alive(state, who):
        return state
    if king["lives"] <= 0:
        state = set_task(state, who, None)
        return won_in_time(state, who, "dragon_king")
    return set_task(state, who, {"kind": "king", "king": king})


def dk_hunt(state, who, row=None):
    """5: "The King ... flies off to eat your opponents. Each of the other players must fight
    the King or be eaten. He will only attack one player at a time and he regenerates his Lives
    between Players. If all opponents are killed, the player on the Throne wins."  Each
    opponent fights rounds until the King's 5 lives or the opponent's are gone; an opponent who
    takes his 5 lives kills him and the hunt ends, the others unmet (rulings R-EN10.4)."""
    return request_roll(state, DRAGON_KING["bonus_dice"], "the Dragon King's Strength and Craft",
                        "endings.dk_hunt_rolled", who=who)


def dk_hunt_rolled(state, action, who):
    s, c = action.dice
    king = {"strength": DRAGON_KING["strength"] + s, "craft": DRAGON_KING["craft"] + c,
            "lives": DRAGON_KING["lives"]}
    state = log(state, "dragon_king_hunts", character=who, strength=king["strength"], craft=king["craft"])
    victims = [o for o in state.order if o != who and alive(state, o)]
    return hunt_next(state, who, king, victims)


def hunt_next(state, by, king, victims):
    victims = [v for v in victims if alive(state, v)]
    if state.outcome is not None:
        return state
    if not victims:
        if not [o for o in state.order if o != by and alive(state, o)]:
            return won_in_time(state, by, "dragon_king")
        return state  # the King is driven off: the throne's character rolls again next time
    fresh = dict(king, lives=DRAGON_KING["lives"])
    return king_round(state, victims[0], fresh, "endings.dk_hunt_after", by=by, victims=victims)


def dk_hunt_after(state, who, king, result, by, victims):
    if state.outcome is not None:
        return state
    if king["lives"] <= 0 and state.option("dragon_king_hunt") == "goes_on":
        # the option's other reading: driven off, he regenerates and hunts the next opponent
        state = log(state, "dragon_king_driven_off", character=who)
        return hunt_next(state, by, king, list(victims)[1:])
    if king["lives"] <= 0:
        # R-EN10.4: all his lives taken, the King is dead: he eats no one else; the throne's
        # character has not won (not all were killed) and rolls again on a later encounter
        spared = [v for v in list(victims)[1:] if alive(state, v)]
        return log(state, "dragon_king_killed", character=who, by=by, spared=spared)
    if not alive(state, who):
        return hunt_next(state, by, king, list(victims)[1:])
    return king_round(state, who, king, "endings.dk_hunt_after", by=by, victims=victims)


def dk_dragons(state, who, row=None):
    """6: "The King calls all Dragons on the Board to his aid. All face up Dragons are placed on
    this Space. You must fight them all at once! If you win, you must now fight the Dragon King
    himself": won, the King at once, the same turn (rulings R-EN10.5); with no Dragon on the
    board, the King at once too."""
    found = []
    bc = state.board_cards
    for space in sorted(bc):
        dragons = [c for c in bc[space] if characters.card(c).type == "enemy" and characters.card(c).subtype == "dragon"]
        if dragons and space != role("crown"):
            bc = bc.set(space, pvector([c for c in bc[space] if c not in dragons]))
            found += dragons
    state = replace(state, board_cards=bc)
    if not found:
        state = log(state, "no_dragons_came", character=who)
        return dk_king(state, who)
    state = characters.put_on_space(state, role("crown"), found)
    state = log(state, "dragons_called", character=who, cards=found)
    state = set_task(state, who, {"kind": "dragons", "cards": found})
    return fight_dragons(state, who, task_of(state, who))


def fight_dragons(state, who, task):
    enemies = [combat.enemy_from_card(state, who, c) for c in task["cards"]]
    return combat.start_combat(state, who, "battle", enemies,
                               on_win={"step": "endings.dk_dragons_beaten", "args": {"who": who}},
                               on_lose=None, on_standoff=None, evadable=False)


def dk_dragons_beaten(state, who):
    cards = task_of(state, who)["cards"]
    crown = role("crown")
    left = [c for c in state.board_cards.get(crown, []) if c not in cards]
    state = replace(state, board_cards=state.board_cards.set(crown, pvector(left)))
    state = log(state, "dragons_beaten", character=who)
    return dk_king(state, who)  # "you must now fight the Dragon King himself" (R-EN10.5)


def dk_asleep(state, who, row=None):
    """7: "Roll under your Craft on 2D8 to assassinate the King and win the game. If you fail,
    the King awakes and eats one of your Followers, then throws you into the Plain of Peril..."."""
    return DK_ASLEEP_ROLL.roll(state, f"{who} creeps up on the sleeping King", who=who)


def dk_asleep_kept(state, dice, who):
    """The character's 2D8 stand: under his Craft he assassinates the King."""
    roll, craft = sum(dice), characters.total(state, who, "craft")
    state = log(state, "assassination", character=who, roll=roll, craft=craft, success=roll < craft)
    if roll < craft:
        return win(state, who, "dragon_king")
    return dk_meal(state, who)


#: The character's 2D8, a roll the space orders: FATE lets him roll one of the two again (rulings
#: R-RG14.3).
DK_ASLEEP_ROLL = characters.OwnRoll("endings.dk_asleep_rolled", "endings.dk_asleep_fate", "2d8", dk_asleep_kept,
                                    offer="rolled {total} under your Craft", again="{who} creeps up again",
                                    cause="the sleeping King")


def dk_lunch(state, who, row=None):
    """8: "The Dragon King is out to lunch! You take possession of all his treasures and Magic
    and win the game!"."""
    return win(state, who, "dragon_king")

STEPS = {"endings.dk_alone": dk_alone,
         "endings.dk_meal": dk_meal,
         "endings.dk_brothers": dk_brothers,
         "endings.dk_king": dk_king,
         "endings.dk_hunt": dk_hunt,
         "endings.dk_dragons": dk_dragons,
         "endings.dk_asleep": dk_asleep,
         "endings.dk_lunch": dk_lunch,
         "endings.dk_brother_killed": dk_brother_killed,
         "endings.dk_brother_lost": dk_brother_lost,
         "endings.dk_king_rolled": dk_king_rolled,
         **DK_ROUND_ROLL.steps(),
         "endings.dk_round_answered": dk_round_answered,
         "endings.dk_king_after": dk_king_after,
         "endings.dk_hunt_rolled": dk_hunt_rolled,
         "endings.dk_hunt_after": dk_hunt_after,
         "endings.dk_dragons_beaten": dk_dragons_beaten,
         **DK_ASLEEP_ROLL.steps()}
