"""CHARACTER'S TURN and LOSING A TURN: turn order, the two parts of a turn, the end of a turn.

"Each Character's turn consists of two parts in this order: I. Movement II. Encounters.
When a player's turn ends, play passes to the player on the left."  The seating is the
order of ``config.characters``; a Round is one full circle of turns.
"""
from __future__ import annotations


from .hooks import run_hook, subscribed
from ..engine.records import replace
from ..engine.machine import decide, frame, log, push, push_under, run_next, then
from ..engine.records import EMPTY_PMAP, Outcome
from ..state import character, update_character
from ..engine.records import plain
from . import characters as chars
from .kernel import end_turn_now  # noqa: F401  (also turn.end_turn_now)
from .kernel import space_terrain
from .winning import may_restart, unused_characters
from ..definitions import load, piece_id
from . import lasting
from . import movement
from . import quests
from . import setup
from . import spells


def start_turn(state):
    """Begin the current character's turn: movement, then encounters, then the end."""
    # (the flags set since the last turn closed, by its end-of-turn work or before the first
    # turn: :func:`clear_turn_flags`)
    state = clear_turn_flags(state)
    cid = state.current
    ch = character(state, cid)
    if not ch.alive:
        return offer_new_character(state, cid)
    state = log(state, "turn_started", character=cid, round=state.round, turn=state.turn)
    if state.lasting is not EMPTY_PMAP and state.lasting:  # (the shared empty pmap: no call)
        state = lasting.expire(state)
    if subscribed(state, "turn_opening"):
        # what comes before anything of the turn (the Emperor's Guard's move at the end of the
        # Round, seen at the next turn's start: docs/rulings.md G6, R-PROBE16C.1): the turn's
        # end waits below it, so a turn it ends (``end_turn_now``) ends there; the rest of the
        # start (a lost turn righted, the ``turn_started`` work) follows it (``turn.open``)
        state = push(state, frame("turn.end"))
        pushed = state.stack
        state = run_hook(state, "turn_opening", character=cid)
        if state.stack is not pushed or state.pending is not None:
            return push_under(state, len(pushed), frame("turn.open", end_pushed=True))
        return open_turn(state, end_pushed=True)
    return open_turn(state)


def open_turn(state, end_pushed=False):
    """Rule step: the turn goes on from its opening: a lost turn righted, or the movement and
    the encounters; ``end_pushed``: the turn's end already waits below (``turn_opening``)."""
    cid = state.current
    ch = character(state, cid)
    ends = () if end_pushed else (frame("turn.end"),)
    if not ch.alive:
        return state if end_pushed else push(state, *ends)  # (killed as the turn opened)
    if ch.lost_turn:
        # LOSING A TURN: "On that player's next turn, all they may do is right their playing piece."
        state = update_character(state, cid, lost_turn=ch.lost_turn - 1)
        state = log(state, "piece_righted", character=cid)
        state = push(state, *ends)
    else:
        if not (subscribed(state, "turn_beginning") or subscribed(state, "turn_started")):
            # "I. Movement II. Encounters": no start-of-turn work can run (no plugin engaged at
            # either point: a base game), so the movement begins at once, its frame never pushed
            # (``run_next`` would pop it at once); a listener engaged there (one that may read
            # or place frames around the turn's, R-HK10.1) keeps the frames below
            return movement.start_movement(push(state, *then(frame("encounters.start"), *ends)))
        state = push(state, *then(frame("movement.start"), frame("encounters.start"), *ends))
        pushed = state.stack
        state = run_hook(state, "turn_beginning", character=cid)  # Pandora's Box: a power used before moving
        # expansions' start-of-turn work runs first: frames a hook pushes sit above the turn's
        state = run_hook(state, "turn_started", character=cid)
        return run_next(state, pushed, movement.start_movement)
    return run_hook(state, "turn_started", character=cid)


def clear_turn_flags(state):
    """A new turn begins with no character's turn flags from an earlier turn.  A flag records
    what was done in one turn ("Each Character's turn consists of two parts in this order:
    I. Movement II. Encounters"); :func:`close_turn` clears the current character's, but one set
    on another character during that turn (a Disaster's Whirlwind carrying him off: the forced
    move's ``moved``; a defender's drop, ``dropped``) would otherwise outlive it into his own
    turn, which then began as if he had already moved ("They may never Encounter anything in the
    Space where they start their Move"; docs/rulings.md R-FIX15B.1).

    Neither clearing is redundant (rulings R-MEND16.2): :func:`close_turn`'s ends the current
    character's flags with his turn, before the end-of-turn work (the ``turn_ended`` hook: the
    Blood Moon's Werewolf) so that work sees none of them; this one, at the next turn's start,
    ends those set on the others during the turn and those the end-of-turn work set.  A dead
    character's go too (R-FIX17.1): a flag is of one turn, whoever holds it."""
    characters = plain(state.characters)  # look-ups only
    for cid in state.order:
        ch = characters[cid]
        # (flags cleared are the shared empty pmap, :func:`close_turn`'s: told without a call to
        # the map's ``len``, as ``Character.flag`` tells them)
        if ch.turn_flags is not EMPTY_PMAP and ch.turn_flags:  # a dead character's too
            state = update_character(state, cid, turn_flags=EMPTY_PMAP)
    return state


def raft_buildable(state, cid):
    """Rafts: "Any Character, who possesses an Axe and ends their turn in a Woods or Forest
    Space, may declare they are building a Raft."
    """
    ch = character(state, cid)
    return (ch.alive and not ch.raft and chars.has_ability(state, cid, "build_raft")
            and space_terrain(state, ch.space, "build_raft") == "woodland")


def end_turn(state):
    """Rule step: the turn's end begins (the frame ``turn.end``, under the turn's other steps):
    every quest a fight fulfilled this turn is completed (the Warlock's), then the steps of the
    end follow, each once: :func:`offer_raft`, :func:`offer_end_cast`, :func:`close_turn`,
    :func:`pass_play`.  A decision at one of them resumes at the next step, never here."""
    characters = plain(state.characters)  # look-ups only
    if any(characters[c].quest is not None for c in state.order):
        state = quests.complete_fulfilled(state)  # the Warlock's quests done by a fight
    return offer_raft(state)


def offer_raft(state):
    """Rule step: Rafts: "Any Character, who possesses an Axe and ends their turn in a Woods or
    Forest Space, may declare they are building a Raft"."""
    cid = state.current
    if raft_buildable(state, cid):
        return decide(state, cid, "raft", ["raft:build", "raft:none"], "turn.raft_decided",
                      prompt="build a raft?")
    return offer_end_cast(state)


def raft_decided(state, action):
    """The raft declared or not; the end goes on with the next step."""
    cid = state.current
    if action.args[0] == "build":
        state = log(state, "raft_built", character=cid, space=character(state, cid).space)
        state = movement.acquire_raft(state, cid, cause="built")
    return offer_end_cast(state)


def offer_end_cast(state):
    """Rule step: a Spell cast "at the end of your turn" (Destroy Magic) may be cast now."""
    cid = state.current
    ch = character(state, cid)
    if ch.alive and ch.spells:
        late = spells.castable_at(state, cid, "end_of_turn")
        if late:
            return decide(state, cid, "end_of_turn", ["pass"] + [f"cast:{sp}" for sp in late],
                          "turn.end_cast_chosen", prompt="cast a Spell at the end of the turn?")
    return close_turn(state)


def end_cast_chosen(state, action):
    """The Spell cast (its steps run first, then the turn closes) or none."""
    if action.kind == "pass":
        return close_turn(state)
    return spells.cast(push(state, frame("turn.close")), state.current, action.args[0], context="turn")


def close_turn(state):
    """Rule step: the turn is over: an unused raft lapses, a Toad's turns are counted down, the
    current character's turn flags are cleared, dead or alive (before the end-of-turn work: the
    others' go when the next turn starts, :func:`clear_turn_flags`); the ``turn_ended`` hook, then
    play passes on."""
    cid = state.current
    ch = plain(state.characters)[cid]
    if ch.alive:
        # Rafts: usable "at the start of their next turn" only: one that came before this turn
        # and was not used is lost (whatever ended the turn)
        state = movement.raft_lapses(state, cid)
        if not ch.flag("toad_new"):
            state = chars.end_of_turn_toad(state, cid)
        state = update_character(state, cid, turn_flags=EMPTY_PMAP)
    elif ch.turn_flags is not EMPTY_PMAP and ch.turn_flags:
        # a character who died on his own turn keeps nothing of it either
        state = update_character(state, cid, turn_flags=EMPTY_PMAP)
    state = log(state, "turn_ended", character=state.current)
    # expansions' end-of-turn work runs before play passes on: frames a hook pushes come first
    if not subscribed(state, "turn_ended"):
        # "When a player's turn ends, play passes to the player on the left": at once, when no
        # end-of-turn work can run (no plugin engaged at ``turn_ended``)
        return pass_play(state)
    state = push(state, frame("turn.pass"))
    pushed = state.stack
    return run_next(run_hook(state, "turn_ended", character=state.current), pushed, pass_play)


def pass_play(state):
    """Rule step: play passes to the left; count rounds; the round limit."""
    restart = may_restart(state)
    characters = plain(state.characters)  # look-ups only
    alive = [c for c in state.order if characters[c].alive]
    if not alive and not restart:
        return replace(state, outcome=Outcome("all_dead", ()))
    state = expire_hexes(state)
    cur = characters[state.current]
    if cur.alive and cur.extra_turns:
        # an extra turn (Temporal Warp): the same character plays again, the round does not move
        state = update_character(state, state.current, extra_turns=cur.extra_turns - 1)
        state = replace(state, turn=state.turn + 1)
        return _next_turn(state)
    i = state.order.index(state.current)
    n = len(state.order)
    nxt, wrapped = state.current, False
    for k in range(1, n + 1):
        cand = state.order[(i + k) % n]
        wrapped = wrapped or (i + k) >= n
        # (no character has changed since ``alive`` was made)
        if cand in alive or (restart and may_restart(state, cand)):
            nxt = cand
            break
    rnd = state.round + (1 if wrapped else 0)
    limit = state.option("max_rounds")
    if limit and rnd > limit:
        state = log(state, "round_limit", rounds=limit)
        return replace(state, outcome=Outcome("round_limit", ()))
    state = replace(state, current=nxt, round=rnd, turn=state.turn + 1)
    return _next_turn(state)


def _next_turn(state):
    """The next turn begins: the step ``turn.start``, run at once when nothing waits (what
    pushing its frame would come to: ``advance`` would pop it and run it next)."""
    if state.pending is None and state.outcome is None:
        return start_turn(state)
    return push(state, frame("turn.start"))


def expire_hexes(state):
    """Cards placed for a number of rounds (the Hex) leave their space when it is up."""
    if not state.card_stock:
        return state  # nothing placed for a number of rounds
    for key, until in sorted(state.card_stock.items()):
        space, _, card = key.partition("/")
        if isinstance(until, int) and until <= state.round and card in plain(state.board_cards).get(space, ()) \
                and "lasting" in _card_abilities(card):
            cards = state.board_cards[space]
            state = replace(state, board_cards=state.board_cards.set(space, cards.delete(cards.index(card))),
                            card_stock=state.card_stock.discard(key))
            state = chars.discard(state, card)
            state = log(state, "card_expired", card=card, space=space)
    return state


def _card_abilities(card):
    return load().cards[card].abilities


def offer_new_character(state, seat):
    """LOSING ALL LIVES: the player of a dead character chooses a new one, which begins on its
    starting space and plays this turn."""
    return decide(state, seat, "new_character", [f"character:{c}" for c in unused_characters(state, seat)],
                  "turn.new_character_chosen", prompt="begin again with a new character", seat=seat)


def new_character_chosen(state, action, seat):
    card = action.args[0]
    cdef = load().characters[card]
    # a card back from the stock (a dead piece played it) is a new piece: a fresh id, so nothing
    # kept under the dead one's (his record, log, slices) is his (rulings R-FIX15.1)
    new = piece_id(card, state.characters)
    order = tuple(new if c == seat else c for c in state.order)
    roster = state.characters.set(new, setup.new_character(
        cdef, state.option("lives"), state.option("fate") or "card", state.option("starting_gold") or 1,
        piece=new))
    state = replace(state, order=order, current=new, characters=roster)
    state = log(state, "new_character", character=new, replaces=seat, **({"card": card} if new != card else {}))
    state = setup.bring_own_cards(state, card, new)
    state = run_hook(state, "character_joined", character=new)
    if cdef.start_spells:
        state = chars.draw_spells(state, new, cdef.start_spells, "starting spells")
    return setup.offer_starting_scrolls(push(state, frame("turn.start")), [new])


def cut(state):
    """Rule step: end the current turn now."""
    return end_turn_now(state)


STEPS = {"turn.start": start_turn, "turn.open": open_turn, "turn.end": end_turn, "turn.raft": offer_raft, "turn.raft_decided": raft_decided,
         "turn.end_cast": offer_end_cast, "turn.end_cast_chosen": end_cast_chosen, "turn.close": close_turn,
         "turn.pass": pass_play, "turn.cut": cut, "turn.new_character_chosen": new_character_chosen}
