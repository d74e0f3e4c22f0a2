"""WINNING THE GAME and THE CROWN OF COMMAND SPACE's Alternative Endings.

"The object of the game is to reach the Crown of Command Space ... OR by defeating all other
Player's in the game."  The last survivor wins; after anyone has reached the Crown, a killed
character loses.  With the rule option ``alternative_endings`` the first character entering the
Crown of Command draws an Alternative Ending (THE CROWN OF COMMAND SPACE); implemented: the
Crown of Command, the Demon Lord, the Horrible Black Void, the Dragon King, the Lord of Chaos and
Pandora's Box (partly: docs/endings.md).  Without the option the Crown of Command is the ending.

The drawn card stays on the Crown.  For the endings with a die (the Dragon King, the Lord of
Chaos, Pandora's Box) each character who encounters the Crown without an unfinished task rolls;
a result that sets a task (fight the King, go to the Chapel and return, ...) is kept per
character in ``state.ending["tasks"]`` and continued on that character's later encounters of
the Crown.  Each chart is data (a dict per result naming its rule step).
"""
from __future__ import annotations

from ..engine.machine import decide, log, request_roll
from ..engine.records import Outcome, deep_freeze, replace
from ..state import update_character
from pyrsistent import pvector
from ..engine.dice import shuffle

#: The Alternative Endings deck the option uses (the implemented ones).
ENDINGS = ("crown_of_command", "demon_lord", "black_void", "dragon_king", "lord_of_chaos",
           "pandoras_box")
DEMON_LORD = {"craft": 12, "lives": 4}
#: The Demon Lord's barrier chart (D8) for a character on the Valley of Fire; results 1-3 name
#: the Timescape, Dungeon and City boards (not in play): a stand-in sends them to the Portal of Power.
BARRIER_CHART = {1: "portal_of_power", 2: "portal_of_power", 3: "portal_of_power",
                 4: "portal_of_power", 5: "graveyard", 6: "cursed_glade", 7: "oasis", 8: "castle"}


def may_restart(state):
    """LOSING ALL LIVES with the ``new_character`` option: a player whose character died may
    begin again with a new one (a character not yet in play), until someone has reached the
    Crown of Command ("any character who is killed automatically loses the game")."""
    # CHAOS BLOODBATH: "No player may start a new Character."
    return (state.option("new_character") and not state.option("chaos_bloodbath")
            and not state.crown_reached and bool(unused_characters(state)))


def unused_characters(state):
    """Characters not yet in the game whose set (the base game or an expansion) is in play."""
    from ..definitions import load
    sets = {"base", *state.config.expansions}
    from ..definitions import characters_of_sets
    return sorted(c for c in characters_of_sets(load(), sets) if c not in state.characters)


def check_last_survivor(state):
    """In a game of two or more, the last character alive wins (KING OF THE HILL); with the
    CHAOS BLOODBATH option only one who has reached the Crown may win this way."""
    if may_restart(state):
        return state
    alive = [c for c in state.order if state.characters[c].alive]
    if len(state.order) > 1 and len(alive) == 1:
        if state.option("chaos_bloodbath") and not reached_crown(state, alive[0]):
            return state  # CHAOS BLOODBATH: "No one may win the game until he/she has reached the Crown"
        state = log(state, "game_won", character=alive[0], reason="last_survivor")
        return replace(state, outcome=Outcome("last_survivor", (alive[0],)))
    if not alive:
        state = log(state, "game_lost", reason="all_dead")
        return replace(state, outcome=Outcome("all_dead", ()))
    return state


def reached_crown(state, cid):
    """Whether ``cid`` has reached the Crown of Command (the log's ``crown_reached``)."""
    return state.crown_reached and any(e.name == "crown_reached" and e.data.get("character") == cid
                                       for e in state.log)


def win(state, cid, reason):
    state = log(state, "game_won", character=cid, reason=reason)
    return replace(state, outcome=Outcome(reason, (cid,)))


# --- Alternative Endings -------------------------------------------------------------------

def setup_endings(state):
    """Shuffle the Alternative Endings deck (the option ``alternative_endings``); with CHAOS
    BLOODBATH "Only 1 Talisman Card is used" (the Talisman stock keeps one card)."""
    if state.option("chaos_bloodbath") and state.decks.get("talisman"):
        state = replace(state, decks=state.decks.set("talisman", state.decks["talisman"][:1]))
        state = log(state, "talisman_stock_limited", cards=1, cause="chaos_bloodbath")
    if not state.option("alternative_endings"):
        return state
    deck, dice = shuffle(state.dice, ENDINGS)
    return replace(state, dice=dice, ending={"deck": list(deck), "card": None})


def crown_ending(state, cid):
    """THE CROWN OF COMMAND SPACE: "The first Character who enters the Crown of Command Space
    must draw a card from the Alternative Endings deck"; the card then decides the encounter.

    Returns ``(state, handled)``: not handled means the Crown of Command's own rules apply."""
    alive = [c for c in state.order if state.characters[c].alive]
    if state.option("chaos_bloodbath") and len(state.order) > 1 and alive == [cid]:
        # CHAOS BLOODBATH: the last one alive, kept from winning until now, reaches the Crown
        return win(state, cid, "last_survivor"), True
    e = state.ending
    if e is None:
        return state, False
    if e["card"] is None:
        if not e["deck"]:
            return state, False
        card = e["deck"][0]
        state = replace(state, ending=e.set("deck", e["deck"][1:]).set("card", card))
        state = log(state, "ending_drawn", character=cid, ending=card)
    card = state.ending["card"]
    if card == "demon_lord":
        return demon_lord(state, cid), True
    if card == "black_void":
        return black_void(state, cid), True
    if card in DIE_ENDINGS:
        return die_ending(state, cid, card), True
    return state, False  # the Crown of Command: the Command Spell (inner_region)


def black_void(state, cid):
    """The Horrible Black Void: without the Timescape "the Character is ... annihilated along
    with all Followers, and Possessions. That Character is out of the game! Discard the Void
    and do not reuse for another player."
    """
    from . import characters as chars
    ch = state.characters[cid]
    for c in list(ch.objects) + list(ch.followers) + list(ch.trophies) + list(ch.spells):
        state = chars.discard(state, c)
    state = update_character(state, cid, objects=[], followers=[], trophies=[], spells=[], gold=0)
    state = replace(state, ending=state.ending.set("card", None))
    state = log(state, "annihilated", character=cid, by="black_void")
    return chars.kill(state, cid, "the Horrible Black Void")


def demon_lord(state, cid):
    """The Demon Lord: Craft 12 and 4 lives; psychic combat to take all his lives; the
    character may flee to the Plain of Peril (the Demon Lord keeps all his lives)."""
    e = state.ending
    if "demon_lives" not in e:
        state = replace(state, ending=e.set("demon_lives", DEMON_LORD["lives"]))
    state = raise_barrier(state, cid)
    return decide(state, cid, "demon_lord", ["fight", "flee"], "endings.demon_chosen",
                  prompt=f"the Demon Lord (Craft 12, {state.ending['demon_lives']} lives)")


def raise_barrier(state, cid):
    """"the Demon Lord has created an impenetrable mystic barrier preventing any other player
    from entering the Valley of Fire. Any Character already on the Valley of Fire is teleported
    to a random location" (the D8 chart)."""
    from ..engine.machine import frame, push
    state = replace(state, ending=state.ending.set("barrier_by", cid))
    out = [o for o in state.order if o != cid and state.characters[o].alive
           and state.characters[o].space == "valley_of_fire"]
    for o in reversed(out):
        state = push(state, frame("endings.barrier", who=o))
    return state


def barrier(state, who):
    from ..engine.machine import request_roll
    return request_roll(state, "d8", f"the barrier throws {who}", "endings.barrier_rolled", who=who)


def barrier_rolled(state, action, who):
    from ..state import update_character
    dest = BARRIER_CHART[sum(action.dice)]
    state = update_character(state, who, space=dest)
    return log(state, "teleported", character=who, to=dest, cause="the Demon Lord's barrier")


def demon_chosen(state, action):
    from . import combat
    from ..state import update_character
    cid = state.current
    if action.kind == "flee":
        state = update_character(state, cid, space="plain_of_peril")
        state = replace(state, ending=state.ending.set("demon_lives", DEMON_LORD["lives"])
                        .discard("barrier_by"))
        return log(state, "fled", character=cid, to="plain_of_peril", enemy="demon_lord")
    demon = {"name": "demon_lord", "card": None, "value": DEMON_LORD["craft"]}
    hit = {"step": "endings.demon_hit", "args": {"who": cid}}
    return combat.start_combat(state, cid, "psychic", [demon], on_win=hit, on_lose=None,
                               on_standoff=None, evadable=False)


def demon_hit(state, who):
    lives = state.ending["demon_lives"] - 1
    state = replace(state, ending=state.ending.set("demon_lives", lives))
    state = log(state, "demon_lord_wounded", character=who, lives=lives)
    if lives <= 0:
        return win(state, who, "demon_lord")
    return state


def character_died(state, cid):
    """"If you are killed, the Demon Lord regains his Lives and awaits the next challenger."
    """
    e = state.ending
    if e is not None and e.get("barrier_by") == cid:
        state = replace(state, ending=e.set("demon_lives", DEMON_LORD["lives"]).discard("barrier_by"))
    if task_of(state, cid) is not None:
        state = set_task(state, cid, None)  # a dead character's unfinished task goes with it
    return state


# --- the endings with a die: tasks kept per character ------------------------------------

def task_of(state, cid):
    tasks = state.ending.get("tasks") if state.ending is not None else None
    return None if tasks is None else tasks.get(cid)


def set_task(state, cid, task):
    from pyrsistent import pmap
    e = state.ending
    tasks = e.get("tasks") or pmap()
    tasks = tasks.discard(cid) if task is None else tasks.set(cid, deep_freeze(task))
    return replace(state, ending=e.set("tasks", tasks))


def die_ending(state, cid, card):
    """Continue the character's unfinished task, or roll on the card's chart."""
    task = task_of(state, cid)
    if task is not None:
        return TASKS[task["kind"]](state, cid, task)
    spec, chart = DIE_ENDINGS[card]
    return request_roll(state, spec, f"{card} for {cid}", "endings.chart_rolled", card=card, who=cid)


def chart_rolled(state, action, card, who):
    roll = sum(action.dice)
    row = DIE_ENDINGS[card][1][roll]
    state = log(state, "ending_result", character=who, ending=card, roll=roll, result=row["name"])
    from ..engine.machine import frame, push
    return push(state, frame(row["step"], who=who, row=row))


def throw(state, cid, to, cause):
    """Move a character off the Crown (a stand-in for "leave": the piece is placed there)."""
    state = update_character(state, cid, space=to, hold=None)
    return log(state, "thrown", character=cid, to=to, cause=cause)


def discard_cards(state, cid, keep_followers=True, only_type=None):
    """Discard a character's objects (of ``only_type`` if given) and, unless kept, followers."""
    from . import characters as chars
    ch = state.characters[cid]
    objects = [c for c in ch.objects if only_type is None or chars.card(c).type == only_type]
    gone = objects + ([] if keep_followers else list(ch.followers))
    for c in gone:
        state = chars.discard(state, c)
    state = update_character(state, cid, objects=[c for c in ch.objects if c not in objects],
                             followers=list(ch.followers) if keep_followers else [])
    return log(state, "possessions_discarded", character=cid, cards=gone)


def alive(state, cid):
    return state.characters[cid].alive


def moves_since(state, cid, since):
    """The spaces the character landed on (moved or was placed) since log index ``since``."""
    out = []
    for e in list(state.log)[since:]:
        if e.data.get("character") == cid and e.name in ("moved", "thrown", "teleported"):
            out.append(e.data.get("to"))
    return out


def won_in_time(state, who, reason):
    return state if state.outcome is not None else win(state, who, reason)


# --- The Dragon King --------------------------------------------------------------------

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
    destroying all your Magic Objects ... You must now defeat the King, by yourself"."""
    from . import characters as chars
    ch = state.characters[who]
    for f in ch.followers:
        state = chars.discard(state, f)
    state = update_character(state, who, followers=[])
    state = log(state, "followers_fled", character=who, cards=list(ch.followers))
    state = discard_cards(state, who, only_type="magic_object")
    return dk_king(state, who)


def dk_meal(state, who, row=None):
    """2 (and 7 failed): "eats one of your Followers, and throws you into the Plain of Peril. If
    you have no Followers, The Dragon King takes a Life and throws you into the Portal of Power"
    (the follower eaten: the first the character gained, a stand-in for the King's choice)."""
    from . import characters as chars
    state = set_task(state, who, None)
    ch = state.characters[who]
    if ch.followers:
        eaten = ch.followers[0]
        state = update_character(state, who, followers=list(ch.followers)[1:])
        state = chars.discard(state, eaten)
        state = log(state, "follower_eaten", character=who, card=eaten, by="dragon_king")
        return throw(state, who, "plain_of_peril", "the Dragon King")
    state = chars.lose_lives(state, who, 1, "the Dragon King")
    return throw(state, who, "portal_of_power", "the Dragon King") if alive(state, who) else state


def dk_brothers(state, who, row=None):
    """3: "fight the King's three younger brothers in Combat ... Strength 9 ... in succession.
    If you lose one Combat, you lose a Life and are thrown into the Plain of Peril"."""
    state = set_task(state, who, {"kind": "brothers", "left": DRAGON_KING["brothers"]})
    return next_brother(state, who)


def next_brother(state, who, task=None):
    from . import combat
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
    return throw(state, who, "plain_of_peril", "the Dragon King's brothers")


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
    you lose the round and lose a Life."  (A round outside the combat sequence: no spells,
    Fate or armour; a standoff in one and no loss is a standoff.)"""
    return request_roll(state, "2d6", f"{who} against the Dragon King", "endings.dk_round_rolled",
                        who=who, king=king, after=after, extra=extra)


def dk_round_rolled(state, action, who, king, after, extra):
    return request_roll(state, "2d6", f"the Dragon King against {who}", "endings.dk_round_answered",
                        who=who, king=king, after=after, extra=extra, mine=list(action.dice))


def dk_round_answered(state, action, who, king, after, extra, mine):
    from . import characters as chars
    from . import combat
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
        state = chars.lose_lives(state, who, 1, "the Dragon King")
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
    opponent fights rounds until the King's 5 lives or the opponent's are gone."""
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
    if not alive(state, who) or king["lives"] <= 0:
        if king["lives"] <= 0:
            state = log(state, "dragon_king_driven_off", character=who)
        return hunt_next(state, by, king, list(victims)[1:])
    return king_round(state, who, king, "endings.dk_hunt_after", by=by, victims=victims)


def dk_dragons(state, who, row=None):
    """6: "The King calls all Dragons on the Board to his aid. All face up Dragons are placed on
    this Space. You must fight them all at once! If you win, you must now fight the Dragon King
    himself" (the next turn on the Crown; with no Dragon on the board, the King at once)."""
    from . import characters as chars
    found = []
    bc = state.board_cards
    for space in sorted(bc):
        dragons = [c for c in bc[space] if chars.card(c).type == "enemy" and chars.card(c).subtype == "dragon"]
        if dragons and space != "crown_of_command":
            bc = bc.set(space, pvector([c for c in bc[space] if c not in dragons]))
            found += dragons
    state = replace(state, board_cards=bc)
    if not found:
        state = log(state, "no_dragons_came", character=who)
        return dk_king(state, who)
    state = chars.put_on_space(state, "crown_of_command", found)
    state = log(state, "dragons_called", character=who, cards=found)
    state = set_task(state, who, {"kind": "dragons", "cards": found})
    return fight_dragons(state, who, task_of(state, who))


def fight_dragons(state, who, task):
    from . import combat
    enemies = [combat.enemy_from_card(state, who, c) for c in task["cards"]]
    return combat.start_combat(state, who, "battle", enemies,
                               on_win={"step": "endings.dk_dragons_beaten", "args": {"who": who}},
                               on_lose=None, on_standoff=None, evadable=False)


def dk_dragons_beaten(state, who):
    cards = task_of(state, who)["cards"]
    left = [c for c in state.board_cards.get("crown_of_command", []) if c not in cards]
    state = replace(state, board_cards=state.board_cards.set("crown_of_command", pvector(left)))
    state = set_task(state, who, {"kind": "king_next"})
    return log(state, "dragons_beaten", character=who)


def dk_asleep(state, who, row=None):
    """7: "Roll under your Craft on 2D8 to assassinate the King and win the game. If you fail,
    the King awakes and eats one of your Followers, then throws you into the Plain of Peril..."."""
    return request_roll(state, "2d8", f"{who} creeps up on the sleeping King", "endings.dk_asleep_rolled",
                        who=who)


def dk_asleep_rolled(state, action, who):
    from . import characters as chars
    roll, craft = sum(action.dice), chars.total(state, who, "craft")
    state = log(state, "assassination", character=who, roll=roll, craft=craft, success=roll < craft)
    if roll < craft:
        return win(state, who, "dragon_king")
    return dk_meal(state, who)


def dk_lunch(state, who, row=None):
    """8: "The Dragon King is out to lunch! You take possession of all his treasures and Magic
    and win the game!"."""
    return win(state, who, "dragon_king")


# --- The Lord of Chaos ------------------------------------------------------------------

#: The Lord of Chaos's D6 chart.  The Anarchist Guild is on the City board: with the City
#: expansion in the game its space; without it the stand-in is the City space of the main board.
ANARCHIST_GUILD = "city_anarchists_guild"
ANARCHIST_GUILD_STAND_IN = "city"
LORD_OF_CHAOS_CHART = {
    1: {"name": "good_wins_evil_loses", "step": "endings.loc_alignment", "wins": "good",
        "loses": "evil", "errand": "chapel"},
    2: {"name": "evil_wins_good_loses", "step": "endings.loc_alignment", "wins": "evil",
        "loses": "good", "errand": "graveyard"},
    3: {"name": "neutral_wins", "step": "endings.loc_neutral", "errand": ANARCHIST_GUILD},
    4: {"name": "change_is_good", "step": "endings.loc_change"},
    5: {"name": "lets_see_you_suffer", "step": "endings.loc_suffer"},
    6: {"name": "combat_to_win", "step": "endings.loc_combat"},
}
#: LET'S SEE YOU SUFFER: the D6 and the alignment give a letter.
LETTER_TABLE = {
    "good": {1: "A", 2: "A", 3: "B", 4: "B", 5: "E", 6: "F"},
    "neutral": {1: "B", 2: "B", 3: "A", 4: "A", 5: "F", 6: "E"},
    "evil": {1: "C", 2: "C", 3: "D", 4: "D", 5: "A", 6: "G"},
}
#: The letters' explanations ("leave": to the Portal of Power, placed there as a stand-in for
#: "go all the way to the Portal of Power").
LETTERS = {
    "A": {"lives": 1, "leave": True},
    "B": {"lives": 2, "leave": True},
    "C": {"lives": 1, "possessions": True},
    "D": {"possessions": True, "leave": True},
    "E": {"lives": 2, "win": True},
    "F": {"lives": 3, "win": True},
    "G": {"lives": 3, "leave": True},
}
#: COMBAT TO WIN: the foes by alignment and D6.
CHAOS_FOES = {
    "dragon_of_chaos": {"strength": 10, "craft": 10, "lives": 4, "kinds": ["battle", "psychic"]},
    "priest_of_chaos": {"strength": 8, "craft": 15, "lives": 4, "kinds": ["psychic"]},
    "lord_of_chaos": {"strength": 12, "craft": 12, "bonus_dice": "2d6", "lives": 5,
                      "kinds": ["battle", "psychic"], "drains": True},
}
COMBAT_TABLE = {
    "good": {**{r: "dragon_of_chaos" for r in range(1, 6)}, 6: "lord_of_chaos"},
    "neutral": {**{r: "priest_of_chaos" for r in range(1, 6)}, 6: "lord_of_chaos"},
    "evil": {**{r: "trial_of_chaos" for r in range(1, 6)}, 6: "lord_of_chaos"},
}
#: Evil 1-5: "two Battles each with the Dragon of Chaos and the Priest of Chaos ... You must win
#: each battle by 3 or more, a Standoff is considered a Loss!" (read: one battle against each).
TRIAL_OF_CHAOS = {"margin": 3, "battles": [["dragon_of_chaos", "battle"], ["priest_of_chaos", "psychic"]]}


def in_play(state, space):
    """Whether a space is on a board in this game (an expansion's spaces only with it)."""
    from ..definitions import load
    board = load().board
    if space not in board.spaces:
        return False
    return not space.startswith("city_") or "city" in state.config.expansions


def errand(state, who, place):
    """"you must go to the <place> and discard all Possessions except Followers, then return
    here to Win the Game" (the discarding is done on the return: docs/endings.md)."""
    if place == ANARCHIST_GUILD and not in_play(state, place):
        place = ANARCHIST_GUILD_STAND_IN
    state = set_task(state, who, {"kind": "errand", "to": place, "since": len(state.log)})
    return log(state, "errand_set", character=who, to=place)


def continue_errand(state, who, task):
    if task["to"] not in moves_since(state, who, task["since"]):
        return log(state, "errand_unfinished", character=who, to=task["to"])
    state = discard_cards(state, who)
    state = set_task(state, who, None)
    return win(state, who, "lord_of_chaos")


def loc_alignment(state, who, row):
    from . import characters as chars
    al = state.characters[who].alignment
    if al == row["wins"]:
        return win(state, who, "lord_of_chaos")
    if al == row["loses"]:
        state = log(state, "game_lost", character=who, reason="lord_of_chaos")
        return chars.kill(state, who, "lost the game to the Lord of Chaos")
    return errand(state, who, row["errand"])


def loc_neutral(state, who, row):
    from . import characters as chars
    if state.characters[who].alignment == "neutral":
        return win(state, who, "lord_of_chaos")
    state = chars.lose_lives(state, who, 1, "the Lord of Chaos")
    return errand(state, who, row["errand"]) if alive(state, who) else state


ROUTES = {"mines": "mines", "vampires_tower": "mines", "pits": "mines",
          "crypt": "crypt", "death": "crypt", "werewolf_den": "crypt",
          # THE WIZARD'S TOWER (talisman.expansions.wizards_tower)
          **{room: "wizards_tower" for room in ("wt_door", "wt_antechamber", "wt_dice_with_death",
                                                "wt_magical_trap", "wt_pit_trap", "wt_dragon_prince",
                                                "wt_crown_of_command")}}


def route_in(state, who, since=0):
    """The way the character last came to the Crown: by the Mines or the Crypt side (an
    expansion's way in, e.g. the Wizard's Tower, names its spaces in ``ROUTES``)."""
    route = None
    for to in moves_since(state, who, since):
        if to in ROUTES:
            route = ROUTES[to]
    return route


def loc_change(state, who, row):
    """4: "You must leave immediately. To win the game, you must return via a Different route
    than you took to get here ... or you must change Alignment, and then return to Win"."""
    task = {"kind": "change", "alignment": state.characters[who].alignment,
            "route": route_in(state, who), "since": len(state.log)}
    state = set_task(state, who, task)
    return throw(state, who, "portal_of_power", "the Lord of Chaos: change is good")


def continue_change(state, who, task):
    route = route_in(state, who, task["since"])
    changed = state.characters[who].alignment != task["alignment"]
    if changed or (route is not None and route != task["route"]):
        state = set_task(state, who, None)
        return win(state, who, "lord_of_chaos")
    state = log(state, "no_change", character=who, route=route)
    state = set_task(state, who, dict(task, since=len(state.log)))
    return throw(state, who, "portal_of_power", "the Lord of Chaos: change is good")


def loc_suffer(state, who, row):
    return request_roll(state, "d6", f"{who} suffers", "endings.loc_suffer_rolled", who=who)


def loc_suffer_rolled(state, action, who):
    from . import characters as chars
    letter = LETTER_TABLE[state.characters[who].alignment][sum(action.dice)]
    what = LETTERS[letter]
    state = log(state, "chaos_letter", character=who, letter=letter)
    if what.get("lives"):
        state = chars.lose_lives(state, who, what["lives"], "the Lord of Chaos")
        if not alive(state, who):
            return state
    if what.get("possessions"):
        state = discard_cards(state, who, keep_followers=False)
    if what.get("win"):
        return win(state, who, "lord_of_chaos")
    if what.get("leave"):
        state = throw(state, who, "portal_of_power", "the Lord of Chaos")
    return state


def loc_combat(state, who, row):
    return request_roll(state, "d6", f"{who}'s combat to win", "endings.loc_combat_rolled", who=who)


def loc_combat_rolled(state, action, who):
    foe = COMBAT_TABLE[state.characters[who].alignment][sum(action.dice)]
    state = log(state, "chaos_foe", character=who, foe=foe)
    if foe == "trial_of_chaos":
        state = set_task(state, who, {"kind": "trial", "done": 0})
        return continue_trial(state, who, task_of(state, who))
    spec = CHAOS_FOES[foe]
    if spec.get("bonus_dice"):
        return request_roll(state, spec["bonus_dice"], "the Lord of Chaos's Strength and Craft",
                            "endings.loc_lord_rolled", who=who, foe=foe)
    task = {"kind": "chaos_fight", "foe": foe, "strength": spec["strength"], "craft": spec["craft"],
            "lives": spec["lives"], "n": 0}
    state = set_task(state, who, task)
    return continue_chaos_fight(state, who, task_of(state, who))


def loc_lord_rolled(state, action, who, foe):
    spec = CHAOS_FOES[foe]
    s, c = action.dice
    task = {"kind": "chaos_fight", "foe": foe, "strength": spec["strength"] + s,
            "craft": spec["craft"] + c, "lives": spec["lives"], "n": 0}
    state = set_task(state, who, task)
    return continue_chaos_fight(state, who, task_of(state, who))


def continue_chaos_fight(state, who, task):
    """One combat a turn; "Each Combat changes to the other attribute" (battle first)."""
    from . import combat
    spec = CHAOS_FOES[task["foe"]]
    kind = spec["kinds"][task["n"] % len(spec["kinds"])]
    state = set_task(state, who, dict(task, n=task["n"] + 1))
    foe = {"name": task["foe"], "card": None,
           "value": task["strength"] if kind == "battle" else task["craft"]}
    drain = {"step": "endings.chaos_drain", "args": {"who": who}} if spec.get("drains") else None
    return combat.start_combat(state, who, kind, [foe],
                               on_win={"step": "endings.chaos_hit", "args": {"who": who}},
                               on_lose=drain, on_standoff=None, evadable=False)


def chaos_hit(state, who):
    task = task_of(state, who)
    lives = task["lives"] - 1
    state = log(state, "chaos_foe_wounded", character=who, foe=task["foe"], lives=lives)
    if lives <= 0:
        state = set_task(state, who, None)
        return win(state, who, "lord_of_chaos")
    return set_task(state, who, dict(task, lives=lives))


def chaos_drain(state, who):
    """"Lives lost by Characters are Gained by the Lord."."""
    task = task_of(state, who)
    state = set_task(state, who, dict(task, lives=task["lives"] + 1))
    return log(state, "chaos_foe_healed", foe=task["foe"], lives=task["lives"] + 1)


def continue_trial(state, who, task):
    """Evil 1-5: one battle a turn, in order; won by less than 3 (or a standoff) is a loss."""
    return request_roll(state, "2d6", f"{who} against the servants of Chaos", "endings.trial_rolled",
                        who=who)


def trial_rolled(state, action, who):
    from . import characters as chars
    from . import combat
    task = task_of(state, who)
    foe, kind = TRIAL_OF_CHAOS["battles"][task["done"]]
    mine_roll, their_roll = action.dice
    mine = mine_roll + combat.combat_total(state, who, kind)
    theirs = their_roll + CHAOS_FOES[foe]["strength" if kind == "battle" else "craft"]
    won = mine - theirs >= TRIAL_OF_CHAOS["margin"]
    state = log(state, "trial_of_chaos", character=who, foe=foe, kind=kind, score=mine,
                opponent_score=theirs, won=won)
    if not won:
        return chars.lose_lives(state, who, 1, f"the {foe}")
    done = task["done"] + 1
    if done >= len(TRIAL_OF_CHAOS["battles"]):
        state = set_task(state, who, None)
        return win(state, who, "lord_of_chaos")
    return set_task(state, who, dict(task, done=done))


# --- Pandora's Box ----------------------------------------------------------------------

#: The quest's thirteen locations in order, each with the space that stands for it (None: on a
#: board that does not exist here: the Monastery, the Guard Room, the Space Fortress, the
#: Endless Sea).  The City's spaces count only with the City in the game; the Royal Castle
#: only replaces a razed Castle (no Castle is razed here).  The Crown is the thirteenth.
QUEST_LOCATIONS = (("the Monastery or Pure Good", None), ("the Graveyard", "graveyard"),
                   ("the Anarchist's Guild", "city_anarchists_guild"), ("the Guard Room", None),
                   ("the Space Fortress", None), ("the Endless Sea", None),
                   ("the Magic Emporium", "city_magic_emporium"), ("the Tavern", "tavern"),
                   ("the Castle", "castle"), ("the Oasis", "oasis"), ("the Village", "village"),
                   ("the High Temple", "city_high_temple"))
QUEST_OF_A_LIFETIME = ("graveyard", "tavern", "castle", "oasis", "village")  # the main board's


def quest_of_a_lifetime(state):
    """The quest's places in play, in order."""
    return tuple(sp for _, sp in QUEST_LOCATIONS if sp is not None and in_play(state, sp))
PANDORAS_BOX_CHART = {
    1: {"name": "the_arena", "step": "endings.pandora_arena", "magic": False},
    2: {"name": "finders_keepers", "step": "endings.pandora_finders"},
    3: {"name": "perils_of_pandora", "step": "endings.pandora_perils"},
    4: {"name": "quest_of_a_lifetime", "step": "endings.pandora_goal", "goal": "quest"},
    5: {"name": "head_of_the_hydra", "step": "endings.pandora_goal", "goal": "dragons", "count": 7},
    6: {"name": "the_arena_revisited", "step": "endings.pandora_arena", "magic": True},
    7: {"name": "ashes_to_ashes", "step": "endings.pandora_goal", "goal": "a_life", "count": 1},
    8: {"name": "raise_the_rabble", "step": "endings.pandora_goal", "goal": "followers", "count": 12},
}


def pandora_goal(state, who, row):
    """4, 5, 7, 8: a goal to meet away from the Crown; "return here" with it to win."""
    task = {"kind": "goal", "goal": row["goal"], "count": row.get("count", 0), "since": len(state.log)}
    state = set_task(state, who, task)
    return log(state, "goal_set", character=who, goal=row["goal"])


def goal_met(state, who, task):
    from . import characters as chars
    ch = state.characters[who]
    goal = task["goal"]
    if goal == "dragons":
        return len([t for t in ch.trophies if chars.card(t).subtype == "dragon"]) >= task["count"]
    if goal == "followers":
        return len(ch.followers) >= task["count"]
    if goal == "quest":
        visited = iter(moves_since(state, who, task["since"]))
        return all(place in visited for place in quest_of_a_lifetime(state))  # in order
    # a_life: a character beaten by this one lost a life to it afterwards
    taken, beaten = 0, set()
    for e in list(state.log)[task["since"]:]:
        if e.name == "character_defeated" and e.data.get("victor") == who:
            beaten.add(e.data.get("loser"))
        elif e.name == "life_lost" and e.data.get("character") in beaten:
            taken += 1
            beaten.discard(e.data.get("character"))
    return taken >= task["count"]


def continue_goal(state, who, task):
    if not goal_met(state, who, task):
        return log(state, "goal_unmet", character=who, goal=task["goal"])
    state = set_task(state, who, None)
    return win(state, who, "pandoras_box")


def pandora_arena(state, who, row):
    """1, 6 (partial): "All are immediately raised/reduced to 2 Lives" and (1) "All Magic
    Objects, Magic Items, Spells and Scrolls are discarded".  The double elimination tournament
    in the Arena is not implemented: the game goes on (the last survivor wins)."""
    from . import characters as chars
    for cid in state.order:
        if not alive(state, cid):
            continue
        state = update_character(state, cid, lives=2)
        if not row["magic"]:
            state = discard_cards(state, cid, only_type="magic_object")
            for sp in state.characters[cid].spells:
                state = chars.discard(state, sp)
            state = update_character(state, cid, spells=[])
    return log(state, "arena_not_implemented", character=who, lives=2)


def pandora_finders(state, who, row):
    """2 (partial): the Objects and Magic Objects of the discards are claimed, in discard order,
    as far as the carrying limit allows (a stand-in for the player's choice).  Teleporting each
    turn to other characters is not implemented; "take all Lives from all other Characters" is
    the last-survivor win."""
    from . import characters as chars
    pile = list(state.discards.get("adventure", []))
    ch = state.characters[who]
    room = chars.carry_limit(ch) - len(chars.carried_objects(ch))
    taken = [c for c in pile if chars.card(c).type in ("object", "magic_object")][:max(0, room)]
    rest = list(pile)
    for c in taken:
        rest.remove(c)
    state = replace(state, discards=state.discards.set("adventure", pvector(rest)))
    state = update_character(state, who, objects=list(ch.objects) + taken)
    return log(state, "finders_keepers", character=who, cards=taken)


def pandora_perils(state, who, row):
    """3 (not implemented): teleporting the other characters to fight each other; logged only."""
    return log(state, "perils_not_implemented", character=who)


#: The endings with a die: the roll and the chart.
DIE_ENDINGS = {"dragon_king": ("d8", DRAGON_KING_CHART), "lord_of_chaos": ("d6", LORD_OF_CHAOS_CHART),
               "pandoras_box": ("d8", PANDORAS_BOX_CHART)}
TASKS = {"king": continue_king, "brothers": next_brother, "dragons": fight_dragons,
         "king_next": lambda state, who, task: dk_king(state, who),
         "errand": continue_errand, "change": continue_change, "chaos_fight": continue_chaos_fight,
         "trial": continue_trial, "goal": continue_goal}


STEPS = {"endings.demon_chosen": demon_chosen, "endings.demon_hit": demon_hit,
         "endings.barrier": barrier, "endings.barrier_rolled": barrier_rolled,
         "endings.chart_rolled": chart_rolled,
         "endings.dk_alone": dk_alone, "endings.dk_meal": dk_meal, "endings.dk_brothers": dk_brothers,
         "endings.dk_king": dk_king, "endings.dk_hunt": dk_hunt, "endings.dk_dragons": dk_dragons,
         "endings.dk_asleep": dk_asleep, "endings.dk_lunch": dk_lunch,
         "endings.dk_brother_killed": dk_brother_killed, "endings.dk_brother_lost": dk_brother_lost,
         "endings.dk_king_rolled": dk_king_rolled, "endings.dk_round_rolled": dk_round_rolled,
         "endings.dk_round_answered": dk_round_answered, "endings.dk_king_after": dk_king_after,
         "endings.dk_hunt_rolled": dk_hunt_rolled, "endings.dk_hunt_after": dk_hunt_after,
         "endings.dk_dragons_beaten": dk_dragons_beaten, "endings.dk_asleep_rolled": dk_asleep_rolled,
         "endings.loc_alignment": loc_alignment, "endings.loc_neutral": loc_neutral,
         "endings.loc_change": loc_change, "endings.loc_suffer": loc_suffer,
         "endings.loc_suffer_rolled": loc_suffer_rolled, "endings.loc_combat": loc_combat,
         "endings.loc_combat_rolled": loc_combat_rolled, "endings.loc_lord_rolled": loc_lord_rolled,
         "endings.chaos_hit": chaos_hit, "endings.chaos_drain": chaos_drain,
         "endings.trial_rolled": trial_rolled,
         "endings.pandora_goal": pandora_goal, "endings.pandora_arena": pandora_arena,
         "endings.pandora_finders": pandora_finders, "endings.pandora_perils": pandora_perils}
