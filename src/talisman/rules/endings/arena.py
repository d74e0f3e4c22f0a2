"""Pandora's Box 1) THE ARENA and 6) THE ARENA, REVISITED (000 Alternative Endings): the
double elimination tournament; and PERILS OF PANDORA's fights to the finish.

"All Characters are transported to The Arena to determine a Champion. All are immediately
raised/reduced to 2 Lives. Each Character must fight a minimum of one Combat and one Psychic
Combat to be determined the winner. [1: All Magic Objects, Magic Items, Spells and Scrolls are
discarded. This is Mano-a-Mano - Die Roll to Die Roll. / 6: ... are allowed!] Consider this a
Double Elimination Tournament. The Character opening the Box may choose his/her opponent first,
and which attribute will be used, Strength or Craft. After which, Winners fight Winners, losers
fight losers etc until there is only one left!"

In 1) a *bout* is one die each added to the fighter's Strength (battle) or Craft (psychic
combat) as the combat sequence totals them (``combat.combat_total``: objects, the Warrior's
weapons...), outside the combat sequence (no spells cast, no armour; Fate re-rolls a fighter's
own die, rulings R-RG14.5): higher wins, a tie is rolled again.  In 6), which allows the Spells
and Scrolls and leaves out "Mano-a-Mano - Die Roll to Die Roll", a bout is a combat between
characters (``combat.start_combat``, the pairing's first the attacker) with its Spells, Scrolls
and dice, no evasion and no spoils (``spoils=False``); a standoff is fought again (rulings
R-ARENA20.1).  The loser takes a *loss*; the first costs one of the two lives, the second
eliminates (double elimination).  The pairing after the opener's choice (``ARENA["pairing"]``): the
standing fighter with the fewest bouts (seat order from the opener) meets a standing fighter
with as many losses (winners fight winners, losers fight losers), else the nearest in losses;
the attribute is one the first (then the second) has not yet used in the Arena, else the other
one than the first's last.  The last one standing is the Champion and wins the game; the
others have lost it.
"""
from __future__ import annotations

from ...engine.machine import decide, frame, log, push
from ...engine.records import deep_freeze, replace
from ...state import update_character
from ..kernel import affectable
from .tasks import MAGIC_OBJECTS, alive, discard_cards
from .winning import win
from .. import characters
from .. import combat

__all__ = ["ARENA", "pandora_arena", "arena_pairing", "duel"]

KINDS = ("battle", "psychic")
#: The tournament's numbers: the lives everyone is set to, the losses that eliminate.
ARENA = {"lives": 2, "out_after": 2, "pairing": "fewest bouts first, same losses, seat order"}


def pandora_arena(state, who, row):
    """1 / 6: everyone to the Arena with 2 lives ((1) without magic: Spells and Scrolls too); the opener chooses the
    first opponent and Strength or Craft."""
    seats = list(state.order)
    start = seats.index(who)
    fighters = [c for c in seats[start:] + seats[:start] if alive(state, c)]
    for cid in fighters:
        state = update_character(state, cid, lives=ARENA["lives"])
        if not row["magic"]:
            # "All Magic Objects, Magic Items, Spells and Scrolls are discarded" (a Magic Item is
            # a magic_object card; the Talisman is a Magic Object: R-EN10.2)
            state = discard_cards(state, cid, only_types=MAGIC_OBJECTS)
            ch = state.characters[cid]
            for c in list(ch.spells) + list(ch.scrolls):
                state = characters.discard(state, c)
            state = update_character(state, cid, spells=[], scrolls=[])
    state = log(state, "arena_opened", character=who, fighters=fighters, lives=ARENA["lives"],
                magic=row["magic"])
    arena = {"opener": who, "fighters": fighters, "losses": {c: 0 for c in fighters},
             "fought": {c: [] for c in fighters}, "magic": row["magic"]}
    state = replace(state, ending=state.ending.set("arena", deep_freeze(arena)))
    if len(fighters) == 1:
        return champion(state, who)
    # the opener picks his opponent: a character he affects (the ``may_affect`` hook, ``arena``;
    # the Timescape lets it through: "All Characters are transported to The Arena", none is left
    # in it, docs/rulings.md R-FB13.1); the pairings after it are the tournament's, no one's pick
    options = [f"arena:{o}:{k}" for o in affectable(state, who, fighters[1:], "arena") for k in KINDS]
    if not options:
        return next_bout(state)
    return decide(state, who, "arena", options, "endings.arena_chosen",
                  prompt="the first opponent and Strength or Craft (THE ARENA)", who=who)


def arena_chosen(state, action, who):
    return bout(state, who, action.args[0], action.args[1])


def bout(state, a, b, kind):
    if state.ending["arena"].get("magic"):
        # 6): a combat between characters, Spells and Scrolls allowed; the next bout (or the
        # same again after a standoff) once it is over, a fighter's death included
        state = push(state, frame("endings.arena_next"))
        won = {"step": "endings.arena_decided", "args": {"a": a, "b": b, "kind": kind, "winner": a}}
        lost = {"step": "endings.arena_decided", "args": {"a": a, "b": b, "kind": kind, "winner": b}}
        return combat.start_combat(state, a, kind, [], on_win=won, on_lose=lost, on_standoff=None,
                                   opponent=b, evadable=False, spoils=False)
    return ARENA_ROLL.roll(state, f"{a} against {b} in the Arena ({kind})", a=a, b=b, attribute=kind)


def arena_decided(state, a, b, kind, winner):
    """6): a bout's combat is won by ``winner``: the loser takes his loss."""
    state = log(state, "arena_bout", character=a, opponent=b, kind=kind, winner=winner)
    return defeat(state, a, b, kind, winner)


def arena_next(state):
    return next_bout(state)


def _scores(state, dice, a, b, kind):
    da, db = dice
    return da + combat.combat_total(state, a, kind), db + combat.combat_total(state, b, kind)


def _fighters(state, args):
    """A bout's two dice, ``a``'s (the first) and ``b``'s, each his own attack roll."""
    return (args["a"], 1), (args["b"], 2)


def arena_kept(state, dice, a, b, attribute):
    """A bout's two dice stand (``attribute``: Strength or Craft, ``battle`` or ``psychic``): the
    higher score wins, a tie is rolled again."""
    kind = attribute
    sa, sb = _scores(state, dice, a, b, kind)
    state = log(state, "arena_bout", character=a, opponent=b, kind=kind, score=sa, opponent_score=sb)
    if sa == sb:
        return bout(state, a, b, kind)  # Mano-a-Mano: die roll to die roll until one wins
    return next_bout(defeat(state, a, b, kind, a if sa > sb else b))


def defeat(state, a, b, kind, winner):
    """The bout of ``a`` against ``b`` won by ``winner``: each has fought ``kind``; the loser's
    first loss costs a life, his second eliminates him."""
    loser = b if winner == a else a
    arena = state.ending["arena"]
    fought = arena["fought"]
    fought = fought.set(a, fought[a].append(kind)).set(b, fought[b].append(kind))
    losses = arena["losses"].set(loser, arena["losses"][loser] + 1)
    arena = arena.set("fought", fought).set("losses", losses)
    state = replace(state, ending=state.ending.set("arena", arena))
    if losses[loser] >= ARENA["out_after"]:
        state = log(state, "arena_eliminated", character=loser, by=winner)
    else:
        state = characters.lose_lives(state, loser, 1, f"{winner} in the Arena")
    return state


#: A bout's two dice, ``a``'s and ``b``'s, each his own attack roll: FATE
#: (talisman-facts-verified.md 3: "his character's attack roll"; never "another player's die") lets
#: each pay one fate to roll his own die again, ``a`` first, each once a bout (rulings R-RG14.5).
ARENA_ROLL = characters.OwnDice("endings.arena_rolled", "endings.arena_fate", "2d6", _fighters, arena_kept,
                                offer="rolled {die} against the other", again="{cid}'s re-roll against the other",
                                cause="the Arena")


def standing(state):
    arena = state.ending["arena"]
    return [c for c in arena["fighters"] if arena["losses"][c] < ARENA["out_after"] and alive(state, c)]


def arena_pairing(state):
    """The next bout: ``(a, b, kind)`` (see the module docstring)."""
    arena = state.ending["arena"]
    up = standing(state)
    seat = {c: i for i, c in enumerate(arena["fighters"])}
    bouts = {c: len(arena["fought"][c]) for c in up}
    a = min(up, key=lambda c: (bouts[c], seat[c]))
    rest = [c for c in up if c != a]
    b = min(rest, key=lambda c: (abs(arena["losses"][c] - arena["losses"][a]), bouts[c], seat[c]))
    for who in (a, b):
        unused = [k for k in KINDS if k not in arena["fought"][who]]
        if unused:
            return a, b, unused[0]
    last = arena["fought"][a][-1]
    return a, b, KINDS[1 - KINDS.index(last)]


def next_bout(state):
    if state.outcome is not None:
        return state
    up = standing(state)
    if len(up) == 1:
        return champion(state, up[0])
    return bout(state, *arena_pairing(state))


def champion(state, who):
    state = log(state, "arena_champion", character=who)
    for c in state.ending["arena"]["fighters"]:
        if c != who:
            state = log(state, "game_lost", character=c, reason="pandoras_box")
    return win(state, who, "pandoras_box")


# --- PERILS OF PANDORA: "compelled to fight until only one is left" ----------------------------

def duel(state, a, b, kind):
    """A fight to the finish: bouts as in the Arena, each lost bout costing a life, until one of
    the two is dead."""
    return DUEL_ROLL.roll(state, f"{a} against {b} to the finish ({kind})", a=a, b=b, attribute=kind)


def duel_kept(state, dice, a, b, attribute):
    """A round's two dice stand: the lower score loses a life; on until one of the two is dead."""
    kind = attribute
    sa, sb = _scores(state, dice, a, b, kind)
    state = log(state, "duel_round", character=a, opponent=b, kind=kind, score=sa, opponent_score=sb)
    if sa != sb:
        winner, loser = (a, b) if sa > sb else (b, a)
        state = characters.lose_lives(state, loser, 1, f"{winner} (PERILS OF PANDORA)")
    if state.outcome is not None or not (alive(state, a) and alive(state, b)):
        return state
    return duel(state, a, b, kind)


#: A fight to the finish's round: each fighter's die his own, as in a bout (rulings R-RG14.5).
DUEL_ROLL = characters.OwnDice("endings.duel_rolled", "endings.duel_fate", "2d6", _fighters, duel_kept,
                               offer="rolled {die} against the other", again="{cid}'s re-roll against the other",
                               cause="the Arena")


STEPS = {"endings.arena_chosen": arena_chosen, "endings.arena_decided": arena_decided,
         "endings.arena_next": arena_next, **ARENA_ROLL.steps(), **DUEL_ROLL.steps()}
