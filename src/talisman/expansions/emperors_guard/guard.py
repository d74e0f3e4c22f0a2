"""THE EMPEROR'S GUARD and GUARD ENCOUNTERS (000, compendium lines 1174-1206).

The Event places the pieces and raises the tax; at the end of each Round every piece moves the
same 1D6 clockwise around its Region; a piece that lands on characters meets each of them in
seating order (a bribe rolled on the table, or a fight), then deals with the cards of the space by
the card-type table.  The tables are data (:mod:`.data`); the rulings are in docs/rulings.md and
docs/emperors_guard.md.
"""
from __future__ import annotations

from ...definitions import load
from ...engine.machine import decide, frame, log, push, request_roll
from ...engine.records import replace
from ...rules import characters as chars
from ...rules import combat
from ...rules.hooks import adjust, run_hook
from ...rules.kernel import lose_turn, remove_from_space
from ...rules.possessions import add_possession
from . import data, store

#: The Guard as a combatant's name in the log and the combat.
GUARD = "emperors_guard"


# --- Warrants -------------------------------------------------------------------------------

def holds_warrant(state, cid):
    """Whether ``cid`` holds a Warrant Card: the Guard's own, or (the City in play) the City's."""
    return cid in store.get(state, "warrants") or bool(
        adjust(state, "warrant_held", False, character=cid))


def take_warrant(state, cid, cause):
    """"must take a Warrant": the City's Warrant Card when the City is in play (the
    ``warrant_taking`` hook point), else the Guard keeps it (docs/rulings.md): one Warrant a
    character, so one who holds the Guard's already takes none, and none is logged (R-FD14)."""
    state, taken = adjust(state, "warrant_taking", (state, False), character=cid, cause=cause)
    if not taken:
        if cid in store.get(state, "warrants"):
            return state
        state = store.put(state, warrants=list(store.get(state, "warrants")) + [cid])
    return log(state, "warrant_taken", character=cid, cause=cause)


# --- the Event: placing the pieces and the tax ------------------------------------------------

def in_play(state, space):
    """Whether ``space`` is on a board of this game (the base board or an enabled expansion's)."""
    origin = load().board.origin.get(space)
    return origin is None or origin in state.config.expansions


def arrive(state, params, actor, source):
    """The ``emperors_guard_arrive`` effect (the Event card): "immediately place one of the
    Emperor's Guard Playing Pieces on each of these spaces ... All Players must immediately pay a
    tax of 1 Gold. If they do not have enough to pay, they must take a Warrant."  A piece still in
    play goes back to its space; a piece removed from play stays out (docs/rulings.md)."""
    removed = set(store.get(state, "removed"))
    guards = {s: s for s in data.placement_spaces() if in_play(state, s) and s not in removed}
    state = store.put(state, guards=guards, round=state.round - 1)
    state = log(state, "guards_placed", spaces=sorted(guards))
    return tax(state, params, actor, source)


def tax(state, params, actor, source):
    """The ``emperors_guard_tax`` effect: the Event's tax alone, for every character it reaches
    (the Event drawn in the Timescape plays only this, on its drawer: the card's
    ``timescape_drawer``; docs/rulings.md R-PROBE14F.1)."""
    due = data.rules()["tax"]
    # "All Players": the Event's reach, as the ``effect_targets`` hook has it (the Catacombs: an
    # Event drawn above ground reaches nobody underground; docs/emperors_guard.md)
    alive = tuple(c for c in state.order if state.characters[c].alive)
    for cid in adjust(state, "effect_targets", alive, actor=actor, source=source):
        ch = state.characters[cid]
        if ch.gold >= due:
            state = chars.lose(state, cid, "gold", due, "the Emperor's tax")
            state = log(state, "tax_paid", character=cid, gold=due)
        else:
            state = take_warrant(state, cid, "could not pay the Emperor's tax")
    return state


# --- the end of each Round: moving --------------------------------------------------------------

def pieces(state):
    """The pieces in play, in the text's order of their spaces."""
    guards = store.get(state, "guards")
    order = data.placement_spaces()
    return sorted(guards, key=lambda p: (order.index(p) if p in order else len(order), p))


def round_check(state, character):
    """``turn_opening``: a Round has ended since the pieces last moved: they move now, before
    anything else of the new turn (and encounters left over from a turn cut short go on)."""
    ended = state.round - 1
    if store.get(state, "guards") and ended > store.get(state, "round"):
        state = store.put(state, round=ended)
        return push(state, frame("emperors_guard.move"))
    if store.get(state, "queue"):
        return push(state, frame("emperors_guard.next"))
    return state


def move(state):
    """Rule step: "At the end of each Round of play roll 1D6 and move each remaining Emperor's
    Guard Piece this number of spaces clockwise around the Region.\""""
    return request_roll(state, "d6", "the Emperor's Guard moves", "emperors_guard.moved")


def step_along(space, roll):
    """``roll`` spaces clockwise around the Region of ``space`` ("The Guard will never change
    Regions"); None when the Region has no circuit (the piece stays)."""
    region = load().board.spaces[space].region
    ring = data.circuit(region)
    if ring is None or space not in ring:
        return None
    return ring[(ring.index(space) + roll) % len(ring)]


def moved(state, action):
    roll = sum(action.dice)
    guards = dict(store.get(state, "guards"))
    landed = []
    for p in pieces(state):
        to = step_along(guards[p], roll)
        if to is not None:
            guards[p] = to
            landed.append(p)
    state = store.put(state, guards=guards)
    state = log(state, "guards_moved", roll=roll, guards={p: guards[p] for p in landed})
    queue = []
    for p in landed:
        space = guards[p]
        # "If there is more than one Character, the Guard will Encounter each on in order"
        queue += [{"piece": p, "space": space, "character": c} for c in state.order
                  if state.characters[c].alive and state.characters[c].space == space]
        queue.append({"piece": p, "space": space, "cards": True})
    state = store.put(state, queue=list(store.get(state, "queue")) + queue)
    return push(state, frame("emperors_guard.next"))


# --- the Guard's encounters, one at a time --------------------------------------------------------

def next_encounter(state):
    """Rule step: the next of the Guard's encounters (the queue is kept in the expansion's state)."""
    b = state.battle
    if b is not None and b.get(GUARD):  # a fight whose loser died out of his turn: over
        # its enemy cards still under resolution go back on their space (as a new combat's start)
        state = replace(combat.release_enemies(state), battle=None)
    queue = list(store.get(state, "queue"))
    while queue:
        job = queue.pop(0)
        state = store.put(state, queue=queue)
        if store.get(state, "guards").get(job["piece"]) != job["space"]:
            continue  # the piece was beaten meanwhile
        if "character" in job:
            ch = state.characters[job["character"]]
            if not ch.alive or ch.space != job["space"]:
                continue
            return meet_character(push(state, frame("emperors_guard.next")), job["piece"], job["character"])
        cards = state.board_cards.get(job["space"], ())
        if cards:
            return meet_cards(push(state, frame("emperors_guard.next")), job["piece"], job["space"])
    return state


def fight_options():
    return ["fight", "fight:psychic"]


def meet_character(state, piece, cid):
    """"If the Guard lands on a space occupied by a Character they will attempt to take a Life
    from them ... The Guard will accept bribes, however. Roll 1D6. The Guard cannot be bribed if
    the Character holds a Warrant Card.\""""
    state = log(state, "guard_encounter", character=cid, piece=piece, space=state.characters[cid].space)
    # The Guard is the Law (the Brotherhood: "The Emperor's Guard is considered LAW as well"):
    # what a listener pushes on meeting the Law (a D%) comes before the bribe.
    state = push(state, frame("emperors_guard.meet", piece=piece, character=cid))
    return run_hook(state, "law_met", character=cid, law=GUARD)


def meet(state, piece, character):
    """Rule step: the Guard's own encounter, after the Law's (a bribe rolled, or none with a
    Warrant)."""
    cid = character
    if not state.characters[cid].alive:
        return state
    if holds_warrant(state, cid):
        state = log(state, "bribe_refused", character=cid, reason="holds a Warrant")
        return decide(state, cid, "guard", list(bribe_ways(state, cid, 0)) + fight_options(),
                      "emperors_guard.chosen", prompt="the Emperor's Guard will take no bribe",
                      piece=piece, roll=0, character=cid)
    return request_roll(state, "d6", f"the Emperor's Guard's bribe for {cid}",
                        "emperors_guard.bribe_rolled", piece=piece, character=cid)


#: The Soldier's row: "You may bribe (1G) your way out of any Encounter with the Law" (the Guard
#: "is considered LAW as well"): whatever the roll, a Warrant held or not (docs/rulings.md C7).
LAW_BRIBE = "bribes_the_law"


def bribe_ways(state, cid, roll):
    """notation -> (gold, card or None): the bribes of the table's row ``roll`` ``cid`` can pay
    ("a Magic Object or Item": one of his Magic Objects or Objects), and the Soldier's own
    (``bribe:law``, with the ability ``bribes_the_law``)."""
    out = {}
    if chars.has_ability(state, cid, LAW_BRIBE):
        gold = load().abilities[LAW_BRIBE]["params"]["gold"]
        if state.characters[cid].gold >= gold:
            out["bribe:law"] = (gold, None)
    if not roll:
        return out
    row = data.bribe_row(roll)
    ch = state.characters[cid]
    items = [c for c in dict.fromkeys(ch.objects) if load().cards[c].type in ("object", "magic_object")]
    for way in row.get("pay", ()):
        gold = way.get("gold", 0)
        if ch.gold < gold:
            continue
        if way.get("item"):
            for c in items:
                out.setdefault(f"bribe:{c}", (gold, c))
        else:
            out.setdefault("bribe:gold", (gold, None))
    return out


def bribe_rolled(state, action, piece, character):
    roll = sum(action.dice)
    row = data.bribe_row(roll)
    state = log(state, "guard_bribe_rolled", character=character, roll=roll, bribe=row["text"])
    if row.get("friend"):
        return log(state, "guard_friendly", character=character, piece=piece)
    # "A player may still opt not to pay the bribe and fight anyway after rolling."
    options = list(bribe_ways(state, character, roll)) + fight_options()
    return decide(state, character, "guard", options, "emperors_guard.chosen",
                  prompt=f"the Emperor's Guard asks {row['text']}", piece=piece, roll=roll,
                  character=character)


def chosen(state, action, piece, roll, character):
    """A bribe paid, or the fight: "If the Guard loses the combat or Psychic Combat they are
    removed from play and the player must take a Warrant Card. If the Player loses, lose a Life.\""""
    cid = character
    if action.kind == "bribe":
        gold, card = bribe_ways(state, cid, roll)[str(action)]
        if gold:
            state = chars.lose(state, cid, "gold", gold, "the Emperor's Guard's bribe")
        if card is not None:
            state = chars.remove_objects(state, cid, [card])
            state = chars.discard(state, card)
        return log(state, "guard_bribed", character=cid, piece=piece, gold=gold, card=card)
    kind = "psychic" if action.args == ("psychic",) else "battle"
    guard = data.rules()["guard"]
    enemy = {"name": GUARD, "card": None, "value": guard["strength" if kind == "battle" else "craft"]}
    on_win = {"step": "emperors_guard.beaten", "args": {"piece": piece, "character": cid}}
    on_lose = {"step": "emperors_guard.won", "args": {"piece": piece, "character": cid}}
    state = combat.start_combat(state, cid, kind, [enemy], on_win=on_win, on_lose=on_lose,
                                on_standoff=None, evadable=True)
    if state.battle is not None:
        state = replace(state, battle=state.battle.set(GUARD, piece))
    return state


def beaten(state, piece, character):
    """The Guard lost: "they are removed from play and the player must take a Warrant Card.\""""
    state = remove_piece(state, piece, f"beaten by {character}")
    return take_warrant(state, character, "beat the Emperor's Guard")


def won(state, piece, character):
    """The Guard won (the life lost as against any creature): the Law's victory is told to
    whoever listens (the Brotherhood: "If the Emperor's Guard defeats you in Combat and they know
    you are a member ... they will send you to the Donjon")."""
    if not state.characters[character].alive:
        return state
    return run_hook(state, "law_won", character=character, law=GUARD)


def remove_piece(state, piece, cause):
    guards = store.get(state, "guards")
    state = store.put(state, guards=guards.discard(piece),
                      removed=list(store.get(state, "removed")) + [piece])
    return log(state, "guard_removed", piece=piece, cause=cause)


# --- the cards of the space ------------------------------------------------------------------------

def meet_cards(state, piece, space):
    """"Should the Guard Encounter any card follow these instructions" (the card-type table):
    an Enemy is fought first, as a character must first defeat the Enemies of a space; then
    Strangers, Objects and Magic Objects are discarded, a Place closed and a Follower hidden
    (turned face down)."""
    cards = list(state.board_cards.get(space, ()))
    enemies = [c for c in cards if data.card_action(load().cards[c].type) == "fight"]
    if enemies:
        return request_roll(state, "2d6", f"the Emperor's Guard against {enemies[0]}",
                            "emperors_guard.enemy_rolled", piece=piece, space=space, card=enemies[0])
    down = store.face_down(state, space)
    for c in cards:
        act = data.card_action(load().cards[c].type)
        if act == "ignore":
            continue
        state = remove_from_space(state, space, c)
        if act == "discard":
            state = chars.discard(state, c)
            state = log(state, "guard_discarded", card=c, space=space, piece=piece)
        else:  # close (a Place) or hide (a Follower): turned face down
            down.append(c)
            state = log(state, "place_closed" if act == "close" else "follower_hidden",
                        card=c, space=space, piece=piece)
    return store.set_face_down(state, space, down)


def enemy_rolled(state, action, piece, space, card):
    """The Guard against an Enemy card: its Strength (its Craft against an Enemy fighting by Craft) and the first
    die against the Enemy's value and the second.  The Enemy beaten is discarded and the Guard
    goes on with the space; the Guard beaten is removed from play; a standoff ends its encounter."""
    mine, theirs = action.dice
    c = load().cards[card]
    kind = c.combat_kind
    guard = data.rules()["guard"]
    score = mine + guard["strength" if kind == "battle" else "craft"]
    value = c.craft if kind == "psychic" else c.strength
    other = theirs + (value or 0)
    state = log(state, "guard_fought", piece=piece, card=card, kind=kind, guard_score=score, enemy_score=other)
    if score > other:
        state = remove_from_space(state, space, card)
        state = chars.discard(state, card)
        state = log(state, "guard_discarded", card=card, space=space, piece=piece)
        queue = [{"piece": piece, "space": space, "cards": True}] + list(store.get(state, "queue"))
        return store.put(state, queue=queue)
    if score < other:
        return remove_piece(state, piece, f"beaten by {card}")
    return state


# --- characters landing on face-down cards --------------------------------------------------------

def landing(state, character, space):
    """``before_encounter``: "Any Player landing on a Closed (Face-Down) Adventure Card may
    reopen it by losing one Turn. Then turn card Face-Up. Any Player landing on a Hiding Follower
    may immediately take the Follower.\""""
    down = store.face_down(state, space)
    if not down:
        return state
    options = []
    for c in dict.fromkeys(down):
        options.append(f"take:{c}" if load().cards[c].type == "follower" else f"reopen:{c}")
    return decide(state, character, "face_down", options + ["done"], "emperors_guard.landed",
                  prompt="face-down cards here", character=character, space=space)


def landed(state, action, character, space):
    if action.kind == "done":
        return state
    card = action.args[0]
    down = store.face_down(state, space)
    down.remove(card)
    state = store.set_face_down(state, space, down)
    if action.kind == "take":
        state = log(state, "hiding_follower_taken", character=character, card=card)
        state = add_possession(state, character, card, "a hiding Follower")
        return push(state, frame("emperors_guard.landing", character=character, space=space))
    # reopened: face up on the space; the cost is a turn (LOSING A TURN: the turn ends now)
    state = chars.put_on_space(state, space, [card])
    state = log(state, "place_reopened", character=character, card=card, space=space)
    return lose_turn(state, character)


def landing_again(state, character, space):
    """Rule step: the face-down cards left, after one was taken."""
    return landing(state, character, space)
