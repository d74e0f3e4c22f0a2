"""Range weapons (000 ENCOUNTERS IN THE MIDDLE, OUTER & FAR-OUTER REGIONS: "A Character must
choose to Encounter either one Character of their choice who is in that Space or the Space
itself, or to fire any range weapon (if they possess one) at a Character or Enemy within
range"; 000 Changes to Existing Rules: "Range weapons may not be used" in the Timescape).

A range weapon is any card whose data has ``range_weapon: {range, strength}`` (the Timescape
Purchase stock's stand-in Blaster, ``cards/timescape_purchase.yaml``).  The text gives neither
the range nor what a shot does; the engine's reading (docs/rulings.md TS21):

- offered instead of the encounter, where the character has one in the Outer or Middle Region
  (a board counted as one of them: the City, the Dungeon), never in the Timescape;
- "within range": a space at most ``range`` steps away along the board (the character's own
  space too); a target is another living character there, or an Enemy card with a Strength
  lying face up there;
- the shot: one die plus the weapon's ``strength`` against one die plus the target's Strength
  (a character's battle Strength, an Enemy's printed Strength); higher hits: an Enemy is killed
  and kept as a trophy, a character loses 1 life; otherwise nothing (the target is out of reach:
  it does not strike back).  The shot is logged ``range_weapon_fired`` (the City's Statute C).
"""
from __future__ import annotations

from ...definitions import load
from ...engine.machine import decide, log, request_roll
from ...rules import characters as chars, encounters, possessions
from ...rules.kernel import remove_from_space

#: the regions where range weapons may be fired (ENCOUNTERS IN THE MIDDLE, OUTER & FAR-OUTER REGIONS)
REGIONS = ("outer", "middle")


def weapons(state, cid):
    """The character's range weapons (card ids, each once) and their data."""
    out = {}
    for c in state.characters[cid].objects:
        data = (load().cards[c].data or {}).get("range_weapon")
        if data is not None and c not in out:
            out[c] = data
    return out


def within(space, steps):
    """The spaces at most ``steps`` steps from ``space`` along the board (``space`` included)."""
    board = load().board
    seen, edge = {space}, [space]
    for _ in range(steps):
        edge = [n for s in edge for n in board.spaces[s].neighbours if n not in seen]
        seen.update(edge)
    return sorted(seen, key=lambda s: (s != space, s))


def region(space):
    board = load().board
    r = board.spaces[space].region
    return board.part_of.get(r, r)


def targets(state, cid, weapon, data):
    """The notations of the shots ``cid`` may take with ``weapon``."""
    out = []
    for sp in within(state.characters[cid].space, data["range"]):
        if region(sp) not in REGIONS:
            continue
        out += [f"fire:{weapon}:char:{o}" for o in state.order
                if o != cid and state.characters[o].alive and state.characters[o].space == sp]
        for card in dict.fromkeys(state.board_cards.get(sp, ())):
            c = load().cards[card]
            if c.type == "enemy" and c.strength is not None:
                out.append(f"fire:{weapon}:card:{sp}:{card}")
    return out


def offer(state, cid, space):
    """The ``before_encounter`` part: fire instead of the encounter, when there is a target
    (the new state, and whether the encounter waits on that choice)."""
    ch = state.characters[cid]
    if not ch.flag("moved") or region(space) not in REGIONS:
        return state, False
    shots = [t for w, d in weapons(state, cid).items() for t in targets(state, cid, w, d)]
    if not shots:
        return state, False
    return decide(state, cid, "encounter", ["encounter"] + shots, "timescape.fire_chosen",
                  prompt="encounter, or fire a range weapon?"), True


def fire_chosen(state, action):
    cid = state.current
    if action.kind == "encounter":
        return encounters.choose_encounter(state, cid)
    weapon, kind, *where = action.args
    state = log(state, "range_weapon_fired", character=cid, card=weapon,
                space=state.characters[cid].space,
                target=where[-1], target_space=(where[0] if kind == "card" else
                                                state.characters[where[-1]].space))
    return SHOT.roll(state, f"{cid}'s shot with the {load().cards[weapon].name}", weapon=weapon, aim=kind,
                     where=list(where))


def shot_kept(state, dice, weapon, aim, where):
    """The shot's two dice stand, the shooter's (the first) and the target's; ``aim``: the
    shot's kind of target (``char`` or ``card``)."""
    cid, kind = state.current, aim
    mine, theirs = dice[0], dice[1]
    score = mine + (load().cards[weapon].data or {})["range_weapon"]["strength"]
    if kind == "char":
        other = where[0]
        against = theirs + chars.total(state, other, "strength", "battle")
    else:
        space, card = where
        against = theirs + (load().cards[card].strength or 0)
    hit = score > against
    state = log(state, "range_weapon_shot", character=cid, card=weapon, score=score,
                against=against, hit=hit)
    if not hit:
        return state
    if kind == "char":
        return chars.lose_lives(state, where[0], 1, f"{cid}'s {weapon}")
    state = remove_from_space(state, space, card)
    state = log(state, "enemy_shot", character=cid, card=card, space=space, by=weapon)
    return chars.add_trophies(state, cid, [card])  # (a Toad keeps none: R-FD13.3)


def _shot_rollers(state, args):
    """The shooter's die (the first) and, shot at a character, the target's (the second)."""
    if args["aim"] == "char":
        return (state.current, 1), (args["where"][0], 2)
    return ((state.current, 1),)


#: The two dice of the shot: the shooter's (the first) and the target's.  FATE
#: (talisman-facts-verified.md 3: "his character's attack roll"; never "a die rolled for a creature
#: ... and another player's die"): the shooter may pay one fate to roll his own die again, and a
#: character shot at his own (as a defending character in combat), each once; an Enemy's die is a
#: creature's (rulings R-RG14.4).
SHOT = chars.OwnDice("timescape.shot_rolled", "timescape.shot_fate", "2d6", _shot_rollers, shot_kept,
                     offer="rolled {die} for the shot", again="{cid}'s re-roll of the shot", cause="range weapon")


# --- the Timescape Purchase stock ---------------------------------------------------------------

STOCK = "timescape_purchase"


def random_object(state, params, actor, source):
    """``timescape_purchase_object``: the Thief's 6 in the Space Fortress, "Random Timescape
    Purchase Object": a die of at least as many sides as the stock holds cards, rolled again over
    their number; none left, nothing."""
    stock = state.decks.get(STOCK, ())
    if not stock:
        return log(state, "nothing_to_take", character=actor)
    sides = min(s for s in (4, 6, 8, 10, 12, 20, 100) if s >= len(stock))
    return request_roll(state, f"d{sides}", "a random Timescape Purchase Object",
                        "timescape.object_rolled", actor=actor)


def object_rolled(state, action, actor):
    stock = state.decks.get(STOCK, ())
    n = sum(action.dice)
    if n > len(stock):
        return random_object(state, {}, actor, {})
    return possessions.take_card(state, actor, STOCK, stock[n - 1], "stolen")


STEPS = {"timescape.fire_chosen": fire_chosen, **SHOT.steps(),
         "timescape.object_rolled": object_rolled}
