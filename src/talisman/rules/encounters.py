"""ENCOUNTERS: choosing what to encounter, drawing to a space's count, meeting the cards in
encounter-number order (events, then enemies, then the rest), claiming face-up cards.

ENCOUNTERS IN THE MIDDLE, OUTER & FAR-OUTER REGIONS: a character encounters one character on
its space, or the space itself.  ENCOUNTERS IN A SPACE: on a draw-card space the cards already
there count towards the number to draw, and all of them form the encounter; on other spaces
the enemies lying there attack first, then the space's instructions are followed, then
strangers and places may be visited and objects, followers and gold taken (CLAIMING FACE UP
CARDS).  Cards that remain stay face up on the space.
"""
from __future__ import annotations

from collections import Counter

from .kernel import (HANDLERS, card_instructions, hold_resolving, remove_from_space, run_effects, run_effects_now,
                     settle_resolving, space_instructions, take_resolving)
from ..notation import Action
from . import possessions
from .kernel import TURN_END_STEPS, set_turn_flag
from .hooks import adjust, run_hook, subscribed
from ..engine.records import plain, replace
from ..state import character
from ..definitions import load
from ..state import update_character
from ..engine.ruleset import Plugin
from ..engine.machine import decide, frame, log, push, request_draw, request_roll, then
from . import characters as chars
from . import abilities, combat, lasting, spells
from . import inner_region
from . import movement

TAKEABLE = ("object", "magic_object", "follower", "talisman", "scroll")
VISITABLE = ("stranger", "place")


def _flags(state, cid):
    return plain(state.characters)[cid].turn_flags


def _flag(state, cid, key, default=None):
    return plain(state.characters)[cid].flag(key, default)


def start_encounters(state):
    """II. Encounters: a character on the space, or the space itself (never where the move
    started: a character that did not move has no encounter outside the Inner Region)."""
    cid = state.current
    state = set_turn_flag(state, cid, "phase", "encounter")
    # a new space may change the totals (the Cursed Glade): surplus spells go at once (the
    # check run now rather than pushed: nothing comes between), then the encounter begins
    checked = chars.surplus_spells(state, cid)
    if checked is state:  # no spell to discard (nearly always): the encounter begins at once
        return begin(state)
    return push(checked, frame("encounters.begin"))  # (after the discard: ``surplus_spells`` decides)


def begin(state):
    cid = state.current
    state, replaced = adjust(state, "before_encounter", (state, False), character=cid,
                             space=character(state, cid).space)
    if replaced:
        return state
    return choose_encounter(state, cid)


def choose_encounter(state, cid):
    """The encounter itself, once the ``before_encounter`` hooks have let it be (an expansion
    that asked first, such as firing a range weapon instead, comes back here when declined)."""
    ch = character(state, cid)
    board = load().board
    region = board.spaces[ch.space].region
    if region in ("inner", "crown"):
        if ch.flag("retreating"):
            return retreat_encounter(state, cid)
        if ch.flag("moved"):
            # a Spell cast just after moving, before the space's instructions: the Inner Region
            # bars Spells on its creatures only (docs/rulings.md R-FIX15.2)
            state, late = after_move_spells(state, cid)
            if late:
                return _offer_after_move(state, cid, late)
        return inner_region.encounter_inner(state, cid)
    if not ch.flag("moved"):
        return log(state, "no_encounter", character=cid, space=ch.space, reason="did not move")
    state, late = after_move_spells(state, cid)
    if late:  # a Spell cast just after moving, before the encounter (Destruction)
        return _offer_after_move(state, cid, late)
    characters = plain(state.characters)  # look-ups only
    others = [o for o in state.order if o != cid and _alive_on(characters[o], ch.space)]
    if others:
        others = list(adjust(state, "encounter_characters", tuple(others), character=cid, space=ch.space))
    if not others:
        return encounter_space(state, cid, ch.space)
    options = ["encounter:space"] + [f"encounter:char:{o}" for o in others]
    return decide(state, cid, "encounter", options, "encounters.chosen",
                  prompt=f"on the {board.spaces[ch.space].name}")


def _offer_after_move(state, cid, late):
    return decide(state, cid, "after_move", ["go_on"] + late, "encounters.after_move_cast",
                  prompt="cast a Spell before the encounter?")


def retreat_encounter(state, cid):
    """RETREATING: "the instructions are ignored"; a character on the Plain of Peril or the Valley
    of Fire may still be met (rulings 15), or nobody (``pass``)."""
    space = state.characters[cid].space
    others = [o for o in state.order if o != cid and _alive_on(state.characters[o], space)]
    return decide(state, cid, "encounter", [f"encounter:char:{o}" for o in others] + ["pass"],
                  "encounters.retreat_met", prompt=f"on the {load().board.spaces[space].name}")


def retreat_met(state, action):
    cid = state.current
    if action.kind == "pass":
        return log(state, "no_encounter", character=cid, space=state.characters[cid].space, reason="retreating")
    return encounter_character(state, cid, action.args[1])


def after_move_spells(state, cid):
    """The Spells ``cid`` may cast just after moving, before the encounter (``cast:<spell>``), offered
    once a move: (the state with the offer marked, the notations), or (the state, []) when there is
    none or it was offered already.  An area whose encounter replaces the base one (the Wizard's
    Tower's rooms) asks it too (docs/rulings.md R-FC14.4)."""
    ch = character(state, cid)
    if not ch.spells or ch.flag("encounter_cast_offered"):
        return state, []
    late = spells.castable_at(state, cid, "encounter")
    if not late:
        return state, []
    return set_turn_flag(state, cid, "encounter_cast_offered", True), [f"cast:{sp}" for sp in late]


def after_move_cast(state, action):
    """The Spell cast just after moving (or none): the encounter goes on where it was offered,
    after the ``before_encounter`` hooks, which were asked once already (rulings R-FA14.1)."""
    cid = state.current
    if action.kind == "go_on":
        return choose_encounter(state, cid)
    return spells.cast(push(state, frame("encounters.choose")), cid, action.args[0], context="turn")


def choose_step(state):
    """Rule step: :func:`choose_encounter` for the current character, once a Spell cast just
    after moving is done."""
    return choose_encounter(state, state.current)


def _alive_on(ch, space):
    return ch.alive and ch.space == space


def chosen(state, action):
    cid = state.current
    if action.args[0] == "space":
        return encounter_space(state, cid, character(state, cid).space)
    return encounter_character(state, cid, action.args[1])


# --- ENCOUNTERING ANOTHER CHARACTER --------------------------------------------------------

def encounter_character(state, cid, other):
    """"The Character whose turn it is may either attack or use any Special Ability on the
    other Character"."""
    options = ["attack:battle"]
    if chars.has_ability(state, cid, "psychic_attack_on_characters"):
        options.append("attack:psychic")
    if abilities.may_assassinate(state, cid):  # "he may 'assassinate'" (R-FF12.4)
        options += [f"{o}:assassinate" for o in options]
    if not adjust(state, "attacks_allowed", True, character=cid):
        options = []  # an Alternative Ending's star instruction (Lightbearers): no attacks
    options += abilities.character_options(state, cid, other)
    if state.config.expansions:  # a card's own use on a character (the Blood Moon's Tricks and Treats)
        options = list(adjust(state, "character_options", tuple(options), character=cid, other=other))
    if not options:
        return log(state, "characters_met", character=cid, opponent=other, cause="no_attacks")
    return decide(state, cid, "attack", options, "encounters.attack_chosen",
                  prompt=f"encounter {other}", other=other)


def attack_chosen(state, action, other):
    cid = state.current
    state = log(state, "encountered_character", character=cid, opponent=other)
    if action.kind == "ability":
        state = log(state, "ability_used", character=cid, opponent=other, ability=action.args[0])
        evasions = ability_evasions(state, other)
        if evasions:
            return decide(state, other, "defend", ["pass"] + evasions, "encounters.ability_evasion",
                          prompt=f"{cid} uses a Special Ability on you", other=other, ability=action.args[0])
        return abilities.use_on_character(state, cid, other, action.args[0])
    if action.kind != "attack":  # an option an expansion offered (character_options)
        return run_hook(state, "character_option_chosen", character=cid, other=other, action=str(action))
    return combat.start_combat(state, cid, action.args[0], [], on_win=None, on_lose=None,
                               on_standoff=None, opponent=other,
                               assassinate=action.args[1:] == ("assassinate",))


def ability_evasions(state, other):
    """EVADING: "Creatures that may be evaded are: ... B. Any Character attempting to attack or use a
    Special Ability": the other character's own evading ability, Spells and Scrolls."""
    ch = state.characters[other]
    inner = load().board.spaces[ch.space].region in ("inner", "crown")
    options = ["evade"] if not inner and combat.can_evade_by_ability(state, other) else []
    usable = (("cast", ch.spells if spells.can_cast(state, other) else ()),
              ("read", ch.scrolls if spells.can_read(state, other) else ()))
    if ch.spells or ch.scrolls:
        for kind, cards in usable:
            options += [f"{kind}:{c}" for c in dict.fromkeys(cards)
                        if load().cards[c].cast and spells.evades(load().cards[c].cast)]
    return options


def ability_evasion(state, action, other, ability):
    """The other character lets the Special Ability work (``pass``) or evades it."""
    cid = state.current
    if action.kind == "pass":
        return abilities.use_on_character(state, cid, other, ability)
    if action.kind == "cast":
        state = spells.spend_spell(state, other, action.args[0], "evade")
        if load().cards[action.args[0]].type == "spell":
            # Invisibility: "until the end of the turn": its card lies with its effect until then
            # (CASTING SPELLS: "Once cast, and its effect ended"; docs/rulings.md R-RH14.3)
            card = action.args[0]
            state = lasting.hold_this_turn(chars.take_from_discards(state, card, "spell"), card, other)
    elif action.kind == "read":
        ch = state.characters[other]
        state = update_character(state, other, scrolls=ch.scrolls.delete(ch.scrolls.index(action.args[0])))
        state = chars.discard(state, action.args[0])
        state = log(state, "scroll_read", character=other, card=action.args[0], context="evade")
    return log(state, "evaded", character=other, how=action.kind if action.kind != "evade" else "ability")


# --- ENCOUNTERS IN A SPACE -----------------------------------------------------------------

def cards_lying(state, space):
    """How many cards lie on ``space`` for its "draw N cards": "If there are already any Cards of
    any type on the Space, then only enough Cards to make up the given number may be drawn"; the
    face-up cards, and those the ``cards_lying`` hook point adds (face-down cards an expansion
    keeps)."""
    return adjust(state, "cards_lying", len(plain(state.board_cards).get(space, ())), space=space)


def encounter_space(state, cid, space):
    """Draw-card spaces: follow the instructions, draw up to the number, meet every card.
    Other spaces: enemies first, then the instructions, then visits and claims."""
    sdef = load().board.spaces[space]
    state = log(state, "encountered_space", character=cid, space=space)
    if space in abilities.scroll_visit_spaces():
        state, instead = abilities.scroll_on_visit(state, cid, space)
        if instead:
            return state  # the Ghoul: "you may not Encounter the Graveyard"
    if sdef.draw:
        count = adjust(state, "draw_count", sdef.draw, character=cid, space=space)
        need = max(0, count - cards_lying(state, space))
        # the claims come before the rest of the space's instructions (CLAIMING FACE UP CARDS,
        # the Minstrel in the Desert example)
        deck = adjust(state, "draw_deck", "adventure", character=cid, space=space)
        seen = len(_flag(state, cid, "drawn", ()))
        extra = 1 if need and deck == "adventure" and abilities.foresight(state, cid) else 0
        orb = [frame("encounters.orb", space=space, seen=seen, deck=deck)] \
            if need and deck == "adventure" and chars.has_ability(state, cid, "swap_drawn_card") else []
        # the Prophetess's discard comes only after a draw with her extra card (SPECIAL
        # ABILITIES): without one, no frame is pushed for it
        fore = [frame("encounters.foresight", space=space, seen=seen, need=need + 1)] if extra else []
        # a space whose instructions come before its draw (the Desert: "Lose 1 life, then draw 1")
        # follows them first when it draws; with enough cards already lying there nothing is
        # drawn and the claims come first, as in the Minstrel's example; instructions an expansion
        # put in their place (a Terrain card's) keep the usual order
        first = sdef.instructions_first and need > 0 and instructions(state, space) is sdef.effect
        effect = (frame("encounters.space_effect", space=space),)
        unwatched = draw_unwatched(state)
        # one sequence, in named parts: the draw (alone, or with its hooks around the Prophetess's
        # discard), the Orb, the meeting, then the claims, the instructions and what comes after;
        # only the instructions' place differs
        draw = frame("encounters.draw" if unwatched else "encounters.draw_checked",
                     space=space, count=need + extra, deck=deck)
        drawn = (*fore, *(() if unwatched else (frame("encounters.drawn", space=space, seen=seen),)), *orb)
        meeting = frame("encounters.meet", space=space, everything=True)
        after_meeting = (frame("encounters.claim", space=space), *(() if first else effect),
                         frame("encounters.after"))
        if first or not unwatched:
            return push(state, *then(*(effect if first else ()), draw, *drawn, meeting, *after_meeting))
        # a base game's draw runs at once, the rest after it
        if not need:
            # enough cards lie there: nothing is drawn (no Prophetess's or Orb's frame either),
            # so the cards are met at once, as the step ``encounters.meet`` would meet them next
            # (a base game: this is a rule step's last act)
            return meet(push(state, *then(*after_meeting)), space, True, at_once=True)
        return draw_cards(push(state, *then(*drawn, meeting, *after_meeting)), cid, space, need + extra, deck)
    if not state.config.expansions and not plain(state.board_cards).get(space):
        # no card lies there to meet: the space's instructions at once, the claims and the rest
        # after them (a base game: this is a rule step's last act; ``meet`` would do nothing)
        return space_effect(push(state, *then(frame("encounters.claim", space=space), frame("encounters.after"))),
                            space)
    # "the enemies lying there attack first": the meeting runs at once, the rest after it
    state = push(state, *then(frame("encounters.space_effect", space=space),
                              frame("encounters.claim", space=space),
                              frame("encounters.after")))
    return meet(state, space, False)


def draw_frames(state, space, count, deck, seen):
    """The frames of a space's draw: the draw alone (:func:`draw_unwatched`), or the
    ``before_draw`` hook first and the ``cards_drawn`` hook after."""
    if draw_unwatched(state):
        return (frame("encounters.draw", space=space, count=count, deck=deck),)
    return (frame("encounters.draw_checked", space=space, count=count, deck=deck),
            frame("encounters.drawn", space=space, seen=seen))


def draw_unwatched(state):
    """Whether a space's draw is only the draw: with expansions in play, the ``before_draw`` hook
    comes first and the ``cards_drawn`` hook after (a base game draws and nothing more, unless a
    base plugin wanted there listens: an expansion's character played alone)."""
    return not state.config.expansions and not (subscribed(state, "before_draw") or subscribed(state, "cards_drawn"))


def draw_checked(state, space, count, deck, asked=False, replaced=False):
    """The ``before_draw`` hook, then the draw, unless a hook drew the cards its own way (its
    answer ``replaced``, given to this waiting step: the Grave Robber's draw from the discard
    pile)."""
    cid = state.current
    if count <= 0:
        return state
    if not asked:
        state = push(state, frame("encounters.draw_checked", space=space, count=count, deck=deck, asked=True))
        return run_hook(state, "before_draw", character=cid, space=space, count=count, deck=deck)
    if replaced:
        return state
    return draw_cards(state, cid, space, count, deck)


def drawn(state, space, seen):
    """The ``cards_drawn`` hook: the cards this draw put on the space, before any is met."""
    cid = state.current
    cards = [c for c in _flags(state, cid).get("drawn", ())[seen:] if c in plain(state.board_cards).get(space, ())]
    if not cards or character(state, cid).space != space or not character(state, cid).alive:
        return state
    return run_hook(state, "cards_drawn", character=cid, space=space, cards=cards)


def after(state):
    """An encounter that moved the character: "a Space to which they are Moved as a result of
    an Encounter" is encountered next."""
    cid = state.current
    if not _flag(state, cid, "encounter_again"):
        return state
    state = set_turn_flag(state, cid, "encounter_again", False)
    return push(state, frame("encounters.begin"))


def space_effect(state, space):
    """Rule step: the space's instructions, where the character still is (its effects run at
    once: nothing comes between this step and them)."""
    cid = state.current
    if character(state, cid).space != space:
        return state
    return run_effects_now(state, instructions(state, space), cid, {"space": space})


#: A space's instructions (the kernel's ``space_instructions``).
instructions = space_instructions


def draw_step(state, space, count, deck):
    return draw_cards(state, state.current, space, count, deck)


def draw_cards(state, cid, space, count, deck="adventure"):
    """Draw ``count`` cards of ``deck`` face up onto ``space`` (a chance node per card),
    reshuffling the discards when the stockpile runs out."""
    if count <= 0:
        return state
    state = chars.refill_deck(state, deck)
    if not state.decks.get(deck):
        return log(state, "deck_empty", deck=deck)
    return request_draw(state, deck, f"card for the {space}", "encounters.card_drawn",
                        space=space, left=count - 1, pile=deck, who=cid)


def card_drawn(state, action, space, left, pile, who):
    """A card drawn onto ``space``.  One with a ``when_drawn`` is under resolution until that is
    done (``state.resolving``: no effect clearing the space reaches it meanwhile), then lies
    where it was drawn unless its effect sent it elsewhere."""
    card_id = action.args[0]
    when_drawn = load().cards[card_id].when_drawn
    if when_drawn and state.config.expansions and not adjust(
            state, "when_drawn_played", True, character=who, space=space, card=card_id):
        when_drawn = ()  # (an expansion discards it unmet: its cards_drawn answer)
    if when_drawn:
        at = len(plain(state.board_cards).get(space, ()))
        state = hold_resolving(state, space, [card_id])
    else:
        state = chars.put_on_space(state, space, [card_id])
    drawn = _flag(state, who, "drawn", ())
    state = set_turn_flag(state, who, "drawn", list(drawn) + [card_id])
    state = log(state, "card_drawn", character=who, card=card_id, space=space)
    state = draw_cards(state, who, space, left, pile)
    if not when_drawn:
        return state
    # a card that goes elsewhere when drawn (the Ghost, the Hermit) does so before anything is met
    state = push(state, frame("encounters.drawn_settled", space=space, card=card_id, at=at))
    return run_effects(state, when_drawn, who, {"card": card_id, "space": space})


def drawn_settled(state, space, card, at):
    """Rule step: a drawn card's ``when_drawn`` is done; if it is still under resolution it lies
    face up on the space, where it was drawn."""
    return settle_resolving(state, space, card, at)


def draw_held(state, space, cards):
    """``cards`` (taken from a discard pile by an expansion's draw: the Necropolis, the Grave
    Robber, The Dead Rise) are drawn onto ``space`` one after the other, as drawn cards; until
    each is drawn it is under resolution there, not lost in a frame's arguments."""
    state = hold_resolving(state, space, cards)
    return push(state, *reversed([frame("encounters.held_drawn", space=space, card=c) for c in cards]))


def held_drawn(state, space, card):
    """Rule step: one card of :func:`draw_held` leaves resolution and is drawn onto the space."""
    state, _ = take_resolving(state, space, card)
    return card_drawn(state, Action("draw", (card,)), space, 0, "adventure", state.current)


def foresight(state, space, seen, need):
    """SPECIAL ABILITIES (the Prophetess, ``foresight_draw``): having drawn one card more than
    the space asks for, she discards one of the cards drawn (her choice) before any is met."""
    cid = state.current
    if not need or not abilities.foresight(state, cid):
        return state
    drawn = [c for c in _flag(state, cid, "drawn", ())[seen:] if c in plain(state.board_cards).get(space, ())]
    if len(_flag(state, cid, "drawn", ())) - seen < need or not drawn:
        return state  # the deck ran out: no extra card was drawn
    return decide(state, cid, "foresight", [f"discard:{c}" for c in dict.fromkeys(drawn)],
                  "encounters.foresight_chosen", prompt="discard one card drawn", space=space)


def foresight_chosen(state, action, space):
    cid = state.current
    card = action.args[0]
    state = remove_from_space(state, space, card)
    state = chars.discard(state, card)
    return log(state, "card_discarded", character=cid, card=card, space=space, cause="foresight")


def orb(state, space, seen, deck):
    """The Orb of Knowledge (``swap_drawn_card``): "When drawing Adventure cards, may discard
    one unwanted card and draw a replacement, which must be met" -- before any is met."""
    cid = state.current
    drawn = [c for c in _flags(state, cid).get("drawn", ())[seen:] if c in plain(state.board_cards).get(space, ())]
    if not drawn:
        return state
    return decide(state, cid, "orb", ["keep"] + [f"swap:{c}" for c in dict.fromkeys(drawn)],
                  "encounters.orb_chosen", prompt="swap a card drawn?", space=space, deck=deck)


def orb_chosen(state, action, space, deck):
    cid = state.current
    if action.kind == "keep":
        return state
    card = action.args[0]
    state = remove_from_space(state, space, card)
    state = chars.discard(state, card)
    state = log(state, "card_discarded", character=cid, card=card, space=space, cause="swap_drawn_card")
    return draw_cards(state, cid, space, 1, deck)


def _number(cd):
    """A card's encounter number (the number at its top); a card without one comes last."""
    return cd.number if cd.number is not None else 99


def _numbered_below(state, space, number):
    """Whether a card to take (an Object, a Follower ...) numbered below ``number`` lies on ``space``."""
    return any(load().cards[c].type in TAKEABLE and _number(load().cards[c]) < number
               for c in plain(state.board_cards).get(space, ()))


def meeting_order(state, space, met, everything, cid):
    """The cards to meet on ``space``, lowest encounter number first (ADVENTURE CARDS); ``met``
    lists the cards met that still lie there, a copy an entry (a second copy of a card is a
    card of its own)."""
    drawn = set(_flag(state, cid, "drawn", ()))
    left = Counter(met)
    out = []
    for pos, c in enumerate(plain(state.board_cards).get(space, ())):
        if left[c]:
            left[c] -= 1
            continue
        cd = load().cards[c]
        if cd.type in TAKEABLE:
            continue  # objects, magic objects and followers are claimed, not met
        if cd.type in VISITABLE and not (everything or c in drawn):
            continue  # a stranger or place already lying here may be visited (claim)
        out.append((_number(cd), pos, c))
    return [c for _, _, c in sorted(out)]


def events_drawn(state, space, cid):
    """Cards drawn this encounter that are Events (for the ``events_drawn`` hook)."""
    drawn = _flag(state, cid, "drawn", ())
    return [c for c in drawn if load().cards[c].type in ("event", "lunar_event")
            and c in plain(state.board_cards).get(space, ())]


def events_unannounced(state, space, cid):
    """The Events of :func:`events_drawn` not yet announced by the ``events_drawn`` hook this turn:
    each draw announces its own ("Whenever a character draws one or more Events during his
    turn, before he encounters any cards", 003 Passage of Time; R-QM13.5)."""
    done = _flag(state, cid, "events_announced", ())
    return [c for c in events_drawn(state, space, cid) if c not in done]


def meet_step(state, space, everything, met=()):
    """Rule step ``encounters.meet``: :func:`meet`, the met card's effects then run at once (the
    step's last act; :func:`meet` called by a hook schedules them)."""
    return meet(state, space, everything, met, at_once=True)


def meet(state, space, everything, met=(), at_once=False):
    """Meet the next card: an event, the enemies (those of one number and kind fight as one),
    then strangers and places ("Only after any Events have occurred and any Enemies have been
    defeated or Evaded ...")."""
    cid = state.current
    ch = character(state, cid)
    if ch.space != space or not ch.alive:
        return state  # an encounter moved the character away: the rest stays face up
    if not met:
        events = events_unannounced(state, space, cid)
        if events:
            state = set_turn_flag(state, cid, "events_announced",
                                  list(_flag(state, cid, "events_announced", ())) + events)
            state = push(state, frame("encounters.meet", space=space, everything=everything, met=[]))
            return run_hook(state, "events_drawn", character=cid, cards=events)
    queue = meeting_order(state, space, met, everything, cid)
    if not queue:
        return state
    card_id = queue[0]
    cd = load().cards[card_id]
    if cd.type == "enemy":
        return meet_enemies(state, cid, space, everything, met, queue)
    if cd.type in VISITABLE and card_id not in _flag(state, cid, "claimed_before", ()) \
            and _numbered_below(state, space, _number(cd)):
        # ADVENTURE CARDS: "The number at the top of all cards indicates the order in which they
        # are to be Encountered. Lowest number first": the Objects and Followers numbered below
        # this Stranger or Place may be taken before it is met (R-AO10.1)
        state = set_turn_flag(state, cid, "claimed_before",
                              list(_flag(state, cid, "claimed_before", ())) + [card_id])
        return push(state, *then(frame("encounters.claim", space=space, below=_number(cd)),
                                 frame("encounters.meet", space=space, everything=everything,
                                       met=list(met))))
    # the card is disposed of before the next meeting: one that does not stay is then gone, and a
    # second copy drawn with it is still to meet (EVENT: "The instructions on the card must be
    # followed": two Time Storms drawn together are two lives)
    state = push(state, *then(frame("encounters.dispose", space=space, card=card_id),
                              frame("encounters.meet", space=space, everything=everything,
                                    met=list(met) + ([card_id] if cd.stays else []))))
    state = log(state, "card_met", character=cid, card=card_id, space=space)
    state = run_hook(state, "card_met", character=cid, card=card_id, space=space)
    if cd.type in VISITABLE:
        # Draw Card(s) Space: the cards "form the Encounter for that Space"; CLAIMING FACE UP
        # CARDS excepts that space: a Stranger or Place met so is not visited again this turn
        state = set_turn_flag(state, cid, "visited", list(_flag(state, cid, "visited", ())) + [card_id])
    src = {"card": card_id, "space": space}
    handler = HANDLERS.get(card_id)
    if handler is not None:
        return handler(state, cid, src)
    return (run_effects_now if at_once else run_effects)(state, card_instructions(state, card_id), cid, src)


def meet_enemies(state, cid, space, everything, met, queue):
    """ENEMY: "The creature will immediately attack"; MORE THAN ONE ENEMY of one kind fight as one."""
    first = load().cards[queue[0]]
    kind = first.combat_kind  # by the card: Spirits by Craft, others by Strength, or its fights_by
    group = [c for c in queue if load().cards[c].type == "enemy"
             and load().cards[c].number == first.number
             and load().cards[c].combat_kind == kind]
    if chars.has_ability(state, cid, "animals_will_not_attack"):
        calm = [c for c in group if chars.is_animal(c, also=("dragon",))]
        if calm:
            return decide(state, cid, "animals", abilities.calm_options(state, cid, calm),
                          "encounters.calm_chosen", prompt=f"{', '.join(calm)} will not attack",
                          space=space, everything=everything, met=list(met), calm=calm)
    return fight_enemies(state, cid, space, everything, met, group, kind)


def calm_chosen(state, action, space, everything, met, calm):
    """SPECIAL ABILITIES (the Minstrel): Animals and Dragons do not attack him; he may leave
    them, attack them, or try once per game to charm an Animal (one die greater than its
    Strength) instead of fighting it."""
    cid = state.current
    go_on = frame("encounters.meet", space=space, everything=everything, met=list(met) + list(calm))
    if action.kind == "attack":
        return fight_enemies(state, cid, space, everything, met, list(calm),
                             load().cards[calm[0]].combat_kind)
    if action.kind == "charm":
        state = abilities.charm_tried(state, cid)
        state = push(state, go_on)
        return request_roll(state, "d6", f"charm of {action.args[0]} by {cid}",
                            "encounters.charm_rolled", card=action.args[0], space=space)
    state = log(state, "not_attacked", character=cid, cards=list(calm))
    return push(state, go_on)


def charm_rolled(state, action, card, space):
    cid = state.current
    roll = sum(action.dice)
    strength = load().cards[card].strength or 0
    if roll > strength:
        return abilities.charmed(state, cid, card, space)
    return log(state, "charm_failed", character=cid, card=card, roll=roll)


def fight_enemies(state, cid, space, everything, met, group, kind, enemies=None, flow="encounters"):
    """The ``group`` of enemy cards attacks as one; then the encounter goes on (``flow``: the
    steps ``<flow>.enemies_beaten`` and ``<flow>.meet``, the base's or an expansion's own
    encounter flow, which may also give the ``enemies`` as combatants)."""
    go_on = {"step": f"{flow}.enemies_beaten",
             "args": {"space": space, "cards": group, "everything": everything,
                      "met": list(met) + group}}
    evaded = {"step": "encounters.enemies_evaded",
              "args": {"space": space, "cards": group, "everything": everything,
                       "met": list(met) + group, "flow": flow}}
    stop = {"step": "combat.end_turn", "args": {}}
    if enemies is None:
        enemies = [combat.enemy_from_card(state, cid, c) for c in group]
    return combat.start_combat(state, cid, kind, enemies, on_win=go_on, on_lose=stop,
                               on_standoff=stop, on_evade=evaded)


def enemies_beaten(state, space, cards, everything, met):
    """Killed enemies whose card says what happens when it is killed have that happen (the
    others have left the space already: kept as trophies or raised, ``combat.take_fought``);
    then the encounter goes on."""
    cid = state.current
    state = push(state, frame("encounters.meet", space=space, everything=everything, met=met))
    for c in _killed_with_effects(state, space, cards):
        state = run_effects(state, load().cards[c].effect, cid, {"card": c, "space": space})
    return state


def _killed_with_effects(state, space, cards):
    """The killed enemies of ``cards`` whose card says what happens when it is killed, last
    first (the others are a trophy already, or destroyed outright (the Cross): discarded)."""
    lying = plain(state.board_cards).get(space, ())
    return [c for c in reversed(cards) if load().cards[c].effect and c in lying]


def enemies_beaten_step(state, space, cards, everything, met):
    """Rule step ``encounters.enemies_beaten``: when nothing happens for a kill, the encounter
    goes on at once (the meeting's frame would be popped next); else :func:`enemies_beaten`
    (which an expansion's own flow delegates to, its meeting frame pushed)."""
    if _killed_with_effects(state, space, cards):
        return enemies_beaten(state, space, cards, everything, met)
    return meet(state, space, everything, met, at_once=True)


def enemies_evaded(state, space, cards, everything, met, flow="encounters"):
    """IMPORTANT NOTE!: "Only after any Events have occurred and any Enemies have been defeated or
    Evaded may any of the following Adventure cards be Encountered": the evaded enemies stay on
    the space but no longer keep the character from its other cards (``claim_options``)."""
    cid = state.current
    state = set_turn_flag(state, cid, "evaded", list(_flag(state, cid, "evaded", ())) + list(cards))
    return push(state, frame(f"{flow}.meet", space=space, everything=everything, met=met))


def dispose(state, space, card):
    """After a card is met: events are discarded; strangers and places that stay remain;
    a card an effect already placed or discarded is left alone."""
    cards = plain(state.board_cards).get(space, ())
    if card not in cards:
        return state
    cd = load().cards[card]
    if cd.stays:
        return state
    state = remove_from_space(state, space, card)
    return chars.discard(state, card)


def character_died(state, character):
    """``character_died``: the drawer killed by the card being met (an Event, a Stranger, a
    Place) ends the turn at once, but the card is disposed of as after any encounter (EVENT:
    "The instructions on the card must be followed"; LOSING ALL LIVES places only the
    character's own possessions on the space: docs/rulings.md R-FE12.1): every card met this
    turn and not yet disposed of, the last met first."""
    if character != state.current:
        return state
    pending = []
    for f in reversed(state.stack):
        if f.step in TURN_END_STEPS:
            break
        if f.step == "encounters.dispose":
            pending.append(f.args)
    for args in pending:
        state = dispose(state, args["space"], args["card"])
    return state


#: The base plugin that disposes of the card met when it kills the drawer (LOSING ALL LIVES).
PLUGIN = Plugin("met_cards", always=True, hooks={"character_died": character_died})


# --- CLAIMING FACE UP CARDS ------------------------------------------------------------------

def claim_options(state, cid, space, below=None):
    """What ``cid`` may claim on ``space``; with ``below``, only the cards to take numbered
    below it (those met before a Stranger or Place of that number: ADVENTURE CARDS)."""
    cards = plain(state.board_cards).get(space, ())
    if below is not None:
        cards = tuple(c for c in cards if load().cards[c].type in TAKEABLE or load().cards[c].type == "enemy")
        cards = tuple(c for c in cards if load().cards[c].type == "enemy" or _number(load().cards[c]) < below)
    if not cards and (below is not None or not plain(state.board_gold).get(space)):
        return []  # nothing lies on the space (the common case: nothing else to look up)
    ch = character(state, cid)
    visited = set(ch.flag("visited", ()))
    evaded = set(ch.flag("evaded", ()))
    enemies = any(load().cards[c].type == "enemy" and c not in evaded for c in cards)
    options = []
    if enemies:
        # "EXCEPT WHEN: There is also an Enemy Card on the Space" (one evaded no longer bars:
        # IMPORTANT NOTE!)
        return options
    full = len(chars.carried_objects(ch)) >= chars.carry_limit(ch, state)
    dropped = set(ch.flag("dropped", ()))
    toad = bool(ch.toad_turns)  # TOADS: "cannot have any Possessions": nothing taken
    for c in dict.fromkeys(cards):
        cd = load().cards[c]
        if cd.type in TAKEABLE and toad:
            continue
        if cd.type in TAKEABLE and movement.is_raft(c):
            if not ch.raft:  # Rafts: acquired, never "taken as a possession" (no limit counts it)
                options.append(f"take:{c}")
            continue
        if cd.type in TAKEABLE:
            if c in dropped:
                continue  # what was just dropped is not picked up again this turn
            spent = bool(cd.effect)  # used when taken, never carried: a Bag of Gold is Gold (R-FE12.2)
            burden = cd.type != "scroll"  # SCROLLS: "Scrolls do not count toward Encumbrance"
            if cd.type != "follower" and (not chars.usable(ch, cd) or (full and burden and not spent)
                                          or chars.type_limit_reached(state, cid, cd)):
                continue
            if cd.type == "follower" and (chars.hag_held(ch) or (cd.effect and c in visited)
                                          or not chars.follower_allowed(state, cid, c)
                                          or not can_hire(state, cid, cd)):
                continue  # no Follower joins while the Hag is there (or a hook bars it); a hire is offered once
            options.append(f"take:{c}")
        elif cd.type in VISITABLE and c not in visited:
            options.append(f"visit:{c}")
    if plain(state.board_gold).get(space) and not toad and below is None:
        options.append("take:gold")
    blocked = full and any(load().cards[c].type in ("object", "magic_object", "talisman") and
                           chars.usable(ch, load().cards[c]) and c not in dropped for c in cards)
    if options or blocked:
        # DROPPED OBJECTS OR ITEMS: "Characters may drop any Possession at any time"; offered
        # whenever there is something to claim (and so "if a Character carrying 4 Objects
        # wishes to pickup another, he must first drop one")
        # (and Scrolls; no Gold here, where ``take:gold`` would pick it up again: R-PS10.1)
        options += chars.drop_options(ch, gold=False)
    return options


def can_hire(state, cid, cd):
    """Whether a Follower that is hired (its card's effect a ``choose`` of which some options
    ``join``: the Mercenary, "costs 1G to hire") may join ``cid`` now: one of those options'
    ``require`` holds.  Without it the card is not offered (docs/rulings.md R-BC12.5): taking it
    could only leave it waiting."""
    steps = cd.effect or ()
    hires = [o for step in steps if "choose" in step for o in step["choose"]
             if any("join" in e for e in o.get("effects", ()))]
    return not hires or any(chars.test_holds(state, o.get("require", {}), cid) for o in hires)


def claim(state, space, below=None):
    """Take gold, objects and followers, visit strangers and places, until done.  Cursed
    objects and followers, and followers that force themselves on a character (the Hag, the
    Poltergeist), "must be taken by a character encountering them".  With ``below``, only the
    cards to take numbered below it, before a Stranger or Place of that number is met."""
    cid = state.current
    ch = character(state, cid)
    if ch.space != space or not ch.alive:
        return state
    evaded = set(ch.flag("evaded", ()))
    if not ch.toad_turns and not any(load().cards[c].type == "enemy" and c not in evaded
                                     for c in plain(state.board_cards).get(space, ())):
        # (TOADS: "cannot have any Possessions": not even the Cursed ones that must be taken)
        hag = chars.hag_held(ch)
        for c in [c for c in plain(state.board_cards).get(space, ()) if load().cards[c].type in TAKEABLE
                  and {"cursed", "must_take"} & set(load().cards[c].abilities)
                  and not (hag and load().cards[c].type == "follower")
                  and (below is None or _number(load().cards[c]) < below)]:
            state = remove_from_space(state, space, c)
            state = possessions.add_possession(state, cid, c, "cursed: must be taken")
    options = claim_options(state, cid, space, below)
    if not options:
        return state
    more = {} if below is None else {"below": below}
    return decide(state, cid, "claim", options + ["done"], "encounters.claimed",
                  prompt=f"on the {load().board.spaces[space].name}", space=space, **more)


def claimed(state, action, space, below=None):
    cid = state.current
    if action.kind == "done":
        return state
    more = {} if below is None else {"below": below}
    state = push(state, frame("encounters.claim", space=space, **more))
    what = action.args[0]
    if action.kind == "take" and what == "gold":
        gold = state.board_gold[space]
        state = replace(state, board_gold=state.board_gold.discard(space))
        return chars.gain(state, cid, "gold", gold, "gold on the space")
    if action.kind == "drop":
        return chars.drop_object(state, cid, what)
    if action.kind == "visit":
        state = set_turn_flag(state, cid, "visited", list(_flag(state, cid, "visited", ())) + [what])
        state = log(state, "card_met", character=cid, card=what, space=space)
        state = run_hook(state, "card_met", character=cid, card=what, space=space)
        state = push(state, frame("encounters.dispose", space=space, card=what))
        return run_effects(state, card_instructions(state, what), cid, {"card": what, "space": space})
    # take an object, magic object or follower
    state = remove_from_space(state, space, what)
    if movement.is_raft(what):
        return movement.acquire_raft(state, cid, what, "claimed")
    cd = load().cards[what]
    if cd.effect:  # a card that is used when taken (a Bag of Gold; the Mercenary's hire)
        state = set_turn_flag(state, cid, "visited", list(_flags(state, cid).get("visited", ())) + [what])
        state = chars.put_on_space(state, space, [what])
        state = push(state, frame("encounters.dispose", space=space, card=what))
        return run_effects(state, cd.effect, cid, {"card": what, "space": space})
    state = possessions.add_possession(state, cid, what, "claimed")
    return spells.keep_one_spell(state, cid)


STEPS = {"encounters.start": start_encounters, "encounters.begin": begin, "encounters.choose": choose_step,
         "encounters.after": after, "encounters.chosen": chosen,
         "encounters.attack_chosen": attack_chosen, "encounters.space_effect": space_effect,
         "encounters.draw": draw_step, "encounters.card_drawn": card_drawn,
         "encounters.meet": meet_step, "encounters.enemies_beaten": enemies_beaten_step,
         "encounters.enemies_evaded": enemies_evaded, "encounters.ability_evasion": ability_evasion,
         "encounters.retreat_met": retreat_met,
         "encounters.dispose": dispose, "encounters.claim": claim,
         "encounters.claimed": claimed, "encounters.calm_chosen": calm_chosen,
         "encounters.charm_rolled": charm_rolled, "encounters.foresight": foresight,
         "encounters.foresight_chosen": foresight_chosen, "encounters.orb": orb,
         "encounters.orb_chosen": orb_chosen, "encounters.draw_checked": draw_checked,
         "encounters.drawn": drawn, "encounters.after_move_cast": after_move_cast,
         "encounters.drawn_settled": drawn_settled, "encounters.held_drawn": held_drawn}
