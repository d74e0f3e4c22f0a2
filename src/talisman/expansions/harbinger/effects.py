"""The Harbinger's effects: the names its card data uses beyond the base vocabulary.

Each is ``fn(state, params, actor, source) -> state`` like the base interpreter's
(``talisman.rules.effects``), with a JSON schema in :data:`SCHEMAS` (``docs/harbinger.md``
documents them with examples).
"""
from __future__ import annotations

from pyrsistent import pvector

from ...definitions import load
from ...engine.dice import shuffle
from ...engine.machine import decide, frame, log, push
from ...engine.records import replace
from ...rules import characters as chars
from ...rules import effects as base
from ...state import update_character
from . import figure, held, omens
from . import store as st
from . import terrain as tr
from ...rules import encounters
from ...rules.kernel import cause_of
from ...rules.hooks import adjust

_ID = {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"}
_POS = {"type": "integer", "minimum": 1}
_EFFECTS = {"$ref": "#/$defs/effects"}
_DECKS = {"enum": ["adventure", "harbinger", "spell", "terrain"]}


def _obj(required=(), **props):
    return {"type": "object", "additionalProperties": False, "required": list(required),
            "properties": props}


def _cause(source):
    return cause_of(source)


# --- the Omen stack -------------------------------------------------------------------------

def discard_omen(state, params, actor, source):
    """Discard the top Omen card (the next one's immediate effects resolve)."""
    return omens.discard_top(state, actor, _cause(source))


def restore_omen(state, params, actor, source):
    """Put the top card of the Omen discard pile back on the stack (and resolve it again);
    with ``choose``, any card of the pile the actor chooses (``omen:<card>``: the Angelic
    Messenger)."""
    pile = list(dict.fromkeys(st.get(state, "omen_discards", ())))
    if params.get("choose") and len(pile) > 1:
        return decide(state, actor, "omen", [f"omen:{c}" for c in pile], "harbinger.omen_chosen",
                      prompt="the Omen put back on the stack", actor=actor, cause=_cause(source))
    return omens.restore_top(state, actor, _cause(source))


def omen_chosen(state, action, actor, cause):
    return omens.restore_top(state, actor, cause, action.args[0])


def omen_on_character(state, params, actor, source):
    """An Omen's ``effects`` on one character (:func:`.omens.on_each`).  The holder of an
    ``ignores_omens`` card (the Black Astrolabe) chooses: ``ignore:<omen>`` (nothing happens to
    him, logged ``omen_ignored``) or ``suffer:<omen>`` (the effects run)."""
    card = held.omen_ignorer(state, actor)
    if card is None:
        return base.run(state, params["effects"], actor, source)
    omen = params["omen"]
    return decide(state, actor, "omen", [f"ignore:{omen}", f"suffer:{omen}"], "harbinger.omen_ignoring",
                  prompt=f"ignore the Omen's effects on you ({card})?", actor=actor, params=params,
                  source=source, card=card)


def omen_ignoring(state, action, actor, params, source, card):
    """Rule step: the holder's answer to :func:`omen_on_character`."""
    if action.kind == "ignore":
        return log(state, "omen_ignored", character=actor, card=params["omen"], cause=card)
    state = log(state, "omen_not_ignored", character=actor, card=params["omen"], cause=card)
    return base.run(state, params["effects"], actor, source)


# --- Terrain --------------------------------------------------------------------------------

def place_terrain(state, params, actor, source):
    """Place a Terrain card (``terrain``: ``random`` or a card id) ``where`` (``here``: the
    actor's space; ``each_character``: each living character's own space; ``other_in_region``:
    another space of the actor's Region, chosen; ``nearest_free``: the nearest space without
    Terrain) or on each of ``spaces``."""
    kind = params.get("terrain", "random")
    cause = _cause(source)
    where = params.get("where", "here")
    if "spaces" in params:
        frames = [frame("harbinger.place_terrain", actor=actor, space=s, terrain=kind, cause=cause)
                  for s in params["spaces"]]
        return push(state, *reversed(frames))
    if where == "each_character":
        # each character as the ``effect_targets`` hook has it (the Catacombs: none underground
        # for an Event drawn above ground; R-HB8.4)
        reached = adjust(state, "effect_targets", tuple(st.alive_in_order(state, actor)),
                         actor=actor, source=source)
        frames = [frame("harbinger.place_terrain", actor=c, space=state.characters[c].space,
                        terrain=kind, cause=cause) for c in reached]
        return push(state, *reversed(frames))
    here = state.characters[actor].space
    if where == "here":
        return tr.place(state, actor, here, kind, cause)
    if where == "other_in_region":  # the Harbinger's Region on any board (R-HB8.3)
        spaces = [s for s in st.region_spaces(state, here) if s != here and tr.can_hold(s)]
    else:  # nearest_free
        spaces = tr.free_spaces_nearest(state, here)
    if not spaces:
        return log(state, "terrain_ignored", space=here, reason="no space for it", cause=cause)
    if len(spaces) == 1:
        return tr.place(state, actor, spaces[0], kind, cause)
    return decide(state, actor, "terrain", [f"place:{s}" for s in spaces], "harbinger.place_chosen",
                  prompt="where the Terrain card goes", terrain=kind, cause=cause, actor=actor)


def place_terrain_step(state, actor, space, terrain, cause):
    return tr.place(state, actor, space, terrain, cause)


def place_chosen(state, action, terrain, cause, actor=None):
    return tr.place(state, actor or state.current, action.args[0], terrain, cause)


def remove_terrain(state, params, actor, source):
    """Remove the Terrain card from the actor's space (back to the Terrain deck)."""
    return tr.remove(state, params.get("space", state.characters[actor].space), _cause(source))


def shift_sources(state, actor):
    """The spaces of ``actor``'s Region (not his own) holding Terrain or face-up cards: what a
    Terra Shift cast on him may move onto his space: the Harbinger's Region on any board (the
    City with the main Outer Region, the Dungeon, the Timescape; none in the Inner Region or the
    Catacombs: R-HB8.3)."""
    here = state.characters[actor].space
    terrain = tr.terrain_map(state)
    return [s for s in st.region_spaces(state, here)
            if s != here and (terrain.get(s) or state.board_cards.get(s))]


def terra_shift(state, params, actor, source):
    """Move the Terrain card and the face-up cards of another space of the actor's Region onto
    the actor's space (the character the Spell is cast on); the caster (``source["caster"]``,
    else the actor) chooses the space."""
    spaces = shift_sources(state, actor)
    if not spaces:
        return log(state, "no_effect", character=actor, source=_cause(source))
    return decide(state, source.get("caster") or actor, "terrain", [f"shift:{s}" for s in spaces],
                  "harbinger.shift_chosen", prompt=f"the space whose Terrain and cards come to {actor}",
                  actor=actor, cause=_cause(source))


def shift_chosen(state, action, actor, cause):
    src = action.args[0]
    here = state.characters[actor].space
    cards = state.board_cards.get(src, pvector())
    if cards:
        state = replace(state, board_cards=state.board_cards.discard(src))
        state = chars.put_on_space(state, here, list(cards))
        state = log(state, "cards_moved", cards=list(cards), frm=src, to=here, cause=cause)
    if tr.terrain_map(state).get(src) is not None:
        if tr.can_hold(here):
            state = tr.move(state, src, here, cause)
    return state


# --- the Harbinger --------------------------------------------------------------------------

def harbinger_chart(state, params, actor, source):
    """Roll on the Harbinger chart."""
    state = log(state, "harbinger_chart", character=actor, cause=_cause(source))
    return base.run(state, figure.chart(), actor, source)


def harbinger_draw(state, params, actor, source):
    """Draw ``count`` Harbinger cards onto the actor's space; with ``meet``, the actor then
    meets them (and may claim) -- for effects outside an encounter's own meeting."""
    space = state.characters[actor].space
    if params.get("meet"):
        # push order: the last frame runs first -- meet the cards, then claim
        state = push(state, frame("encounters.claim", space=space),
                     frame("harbinger.meet", space=space, everything=False, met=[]))
    return encounters.draw_cards(state, actor, space, params["count"], "harbinger")


def harbinger_place(state, params, actor, source):
    """Place one Harbinger card face up on each space next to the actor's in its Region, on
    any board (:func:`store.neighbouring`: the City's streets and buildings, the Dungeon's
    spiral; none in the Timescape, whose cards are never left on its board, nor in the
    Catacombs; docs/rulings.md R-HB8.1)."""
    here = state.characters[actor].space
    spaces = st.neighbouring(here)
    if not spaces:
        return log(state, "no_effect", character=actor, reason="no neighbouring space in a Region",
                   source=_cause(source))
    frames = [frame("harbinger.draw_onto", space=s, who=actor) for s in spaces]
    return push(state, *reversed(frames))


def draw_onto(state, space, who, count=1):
    return encounters.draw_cards(state, who, space, count, "harbinger")


def move_harbinger(state, params, actor, source):
    """Move the Harbinger figure to the actor's space (``here``) or to its sheet."""
    if params.get("to", "here") == "sheet":
        return figure.move_to(state, None, _cause(source))
    space = state.characters[actor].space
    if not st.figure_space(space):  # only the Inner Region is barred (R-HARB2.2)
        return state
    return figure.move_to(state, space, _cause(source))


def peek(state, params, actor, source):
    """Look at the top ``count`` cards of a deck (they stay in order)."""
    cards = list(state.decks.get(params["deck"], ()))[:params["count"]]
    return log(state, "cards_seen", character=actor, deck=params["deck"], cards=cards)


def extra_turn(state, params, actor, source):
    """The actor takes another turn after this one."""
    if actor != state.current:
        return log(state, "extra_turn_lost", character=actor, reason="not this character's turn")
    return figure.schedule_extra_turn(state, actor)


def each_in_harbinger_region(state, params, actor, source):
    """Run ``effects`` for each living character in the Harbinger's Region (none while the
    Harbinger is on its sheet): the Region as :func:`store.harbinger_region` has it (the City
    with the Outer Region; the Dungeon, the Timescape on their own; docs/rulings.md R-HB8.3)."""
    h = figure.position(state)
    if h is None:
        return log(state, "no_effect", reason="the Harbinger is on its sheet", source=_cause(source))
    region = st.harbinger_region(h)
    targets = [c for c in st.alive_in_order(state, actor)
               if region is not None and st.harbinger_region(state.characters[c].space) == region]
    for c in reversed(targets):
        state = base.run(state, params["effects"], c, source)
    return state


# --- possessions ---------------------------------------------------------------------------

def discard_object(state, params, actor, source):
    """Discard ``count`` Objects the actor chooses (Cursed ones too: they "may be discarded"),
    or all but ``keep`` of them; ``types`` limits which (default: objects and magic objects);
    ``then``: effects that follow only if the Objects were discarded (a price paid)."""
    types = tuple(params.get("types", ("object", "magic_object")))
    ch = state.characters[actor]
    own = [c for c in dict.fromkeys(ch.objects) if load().cards[c].type in types]
    if params.get("random") and own:
        state, card = _at_random(state, actor, sorted(c for c in ch.objects if load().cards[c].type in types),
                                 "object", source)
        return _object_gone(state, card, actor, params.discard("random"), source)
    if "keep" in params:  # discard down to ``keep`` of those types
        held = sum(1 for c in ch.objects if load().cards[c].type in types)
        params = params.discard("keep").set("count", held - params["keep"])
    if not own or params.get("count", 1) <= 0:
        return state
    return decide(state, actor, "discard", [f"discard:{c}" for c in own],
                  "harbinger.object_discarded", prompt="discard an Object", actor=actor,
                  params=params, source=source)


def object_discarded(state, action, actor, params, source):
    return _object_gone(state, action.args[0], actor, params, source)


def _object_gone(state, card_id, actor, params, source):
    """One Object discarded; the rest (the next Object, the ``then`` effects) goes on under the
    NUMBER OF SPELLS check its going may ask: "If at any time a Character has more Spells than
    his Craft allows, the surplus Spells must be discarded", at once (R-FA12.4, R-FF12.2)."""
    state = push(state, frame("harbinger.object_gone_next", actor=actor, params=params, source=source))
    state = chars.remove_objects(state, actor, [card_id])
    state = chars.discard(state, card_id)
    return log(state, "object_discarded", character=actor, card=card_id, cause=_cause(source))


def object_gone_next(state, actor, params, source):
    """After :func:`_object_gone` (and the Spell check it asked): the next Object to discard,
    or the ``then`` effects."""
    left = params.get("count", 1) - 1
    if left > 0:
        return discard_object(state, params.set("count", left), actor, source)
    return base.run(state, params.get("then", ()), actor, source)


def kill_follower_at_random(state, params, actor, source):
    """One of the actor's Followers, chosen at random (a shuffle of the seeded dice: not his
    choice), is killed (the Death Omen, card-data.md 2.3 [DB]: "kill 1 Follower at random");
    a Henchman counts as a Follower."""
    held = chars.all_followers(state, actor, sort=True)
    if held:
        state, card = _at_random(state, actor, held, "follower", source)
        state = base.kill_follower(state, actor, card, _cause(source))
    return state


def _at_random(state, actor, cards, kind, source):
    """One of ``cards`` picked by a shuffle of the seeded dice (logged): ``(state, card)``."""
    order, dice = shuffle(state.dice, list(cards))
    state = log(replace(state, dice=dice), f"{kind}_picked_at_random", character=actor, card=order[0],
                cause=_cause(source))
    return state, order[0]


def ditch(state, params, actor, source):
    """Leave one Object or Follower on the space (the actor chooses; Cursed ones cannot be
    ditched)."""
    ch = state.characters[actor]
    own = [c for c in dict.fromkeys(tuple(ch.objects) + tuple(ch.followers))
           if "cursed" not in load().cards[c].abilities]
    own += chars.other_followers(state, actor)  # a Henchman is a Follower (docs/rulings.md R-PROBE17B.1)
    if not own:
        return log(state, "nothing_to_ditch", character=actor)
    return decide(state, actor, "ditch", [f"ditch:{c}" for c in own], "harbinger.ditched",
                  prompt="ditch an Object or Follower", actor=actor)


def ditched(state, action, actor):
    """The card ditched is dropped, the one way a Possession is (``characters.drop_object``): left
    face up on the space, not picked up again this turn, the Spell check at once (docs/rulings.md
    R-FB14.4, R-FC14.5); a Henchman left behind leaves the game (R-PROBE17B.1)."""
    card = action.joined()
    if card in chars.other_followers(state, actor):
        return chars.lose_other_follower(state, actor, card, "left behind")
    return chars.drop_object(state, actor, card)


def ditch_followers(state, params, actor, source):
    """Spreading Death: every Follower the actor may drop is left on his space (Cursed ones
    and those that force themselves on him stay).  His Henchmen ("considered Followers for any
    pertaining rules") leave him too: no card to lie on the space, they leave the game
    (docs/rulings.md R-PROBE17B.1)."""
    state = chars.discard_other_followers(state, actor, _cause(source))
    ch = state.characters[actor]
    gone = chars.droppable_followers(ch)
    if not gone:
        return state
    state = update_character(state, actor, followers=[f for f in ch.followers if f not in gone])
    state = chars.put_on_space(state, ch.space, gone)
    state = log(state, "followers_ditched", character=actor, cards=gone, space=ch.space,
                cause=_cause(source))
    for f in gone:  # a Mule ditched: its load is over his limit (rulings R-PROBE19B.1)
        state = chars.article_gone(state, actor, f)
    return state


def lose_lives_per_spell(state, params, actor, source):
    """Lose one life for each Spell held."""
    n = len(state.characters[actor].spells)
    if not n:
        return state
    return chars.lose_lives(state, actor, n, _cause(source))


# --- face-up cards ----------------------------------------------------------------------------

def _spaces(state, where):
    if where == "all":
        return sorted(state.board_cards)
    h = figure.position(state)
    if h is None:
        return []
    return [s for s in st.region_spaces(state, h) if s in state.board_cards]


def _discard_space(state, space, types=None):
    """Discard the face-up cards of ``space`` (only those of ``types`` when given); a card under
    resolution (an Enemy being fought, a card being drawn) is no face-up card of the space
    (``state.resolving``)."""
    here = list(state.board_cards.get(space, ()))
    cards = [c for c in here if types is None or load().cards[c].type in types]
    rest = [c for c in here if c not in cards]
    state = replace(state, board_cards=state.board_cards.set(space, pvector(rest)) if rest
                    else state.board_cards.discard(space))
    for c in cards:
        state = chars.discard(state, c)
        key = f"{space}/{c}"
        if key in state.card_stock:
            state = replace(state, card_stock=state.card_stock.discard(key))
    return state, cards


def discard_faceup_cards(state, params, actor, source):
    """Discard the face-up cards of every space (``where: all``) or of the Harbinger's Region
    (only those of ``types``: Undead Hordes, Strangers and Followers); with ``life_per_card_here``, each character first counts the cards on its own space and
    loses that many lives."""
    spaces = _spaces(state, params.get("where", "all"))
    losses = {}
    if params.get("life_per_card_here"):
        for c in st.alive_in_order(state, actor):
            n = len(state.board_cards.get(state.characters[c].space, ())) \
                if state.characters[c].space in spaces else 0
            if n:
                losses[c] = n
    gone = []
    types = params.get("types")
    for s in spaces:
        state, cards = _discard_space(state, s, types)
        gone += cards
    state = log(state, "faceup_cards_discarded", cards=gone, cause=_cause(source))
    for c, n in losses.items():
        if state.characters[c].alive and state.outcome is None:
            state = chars.lose_lives(state, c, n, _cause(source))
    return state


def replace_faceup_with_harbinger(state, params, actor, source):
    """In the Harbinger's Region, the face-up cards of each space are discarded and a
    Harbinger card is drawn onto the space to replace each one (the War Omen, card-data.md 2.3
    [DB]: "draw a Harbinger card to replace each discarded card")."""
    spaces = _spaces(state, "harbinger_region")
    frames = []
    for s in spaces:
        state, cards = _discard_space(state, s)
        state = log(state, "faceup_cards_discarded", cards=cards, cause=_cause(source))
        if cards:
            frames.append(frame("harbinger.draw_onto", space=s, who=actor, count=len(cards)))
    return push(state, *reversed(frames))


# --- endings and small things -------------------------------------------------------------

def harbinger_ignored(state, params, actor, source):
    """An effect naming a space covered by Terrain: ignored (001 Terrain Cards)."""
    return log(state, "harbinger_effect_ignored", character=actor, space=params["space"],
               effect=params.get("effect"), reason="the space is covered by Terrain")


def replenish_fate_by(state, params, actor, source):
    """Replenish ``amount`` fate: gain it, never above the character's starting fate (the
    Doom Omen: "the winner ... may replenish 1 fate")."""
    ch = state.characters[actor]
    start = chars.fate_value(state, actor)
    n = min(params.get("amount", 1), start - ch.fate)
    if n <= 0:
        return state
    return chars.gain(state, actor, "fate", n, _cause(source))


EFFECTS = {
    "replenish_fate_by": replenish_fate_by,
    "discard_omen": discard_omen, "restore_omen": restore_omen,
    "place_terrain": place_terrain, "remove_terrain": remove_terrain, "terra_shift": terra_shift,
    "harbinger_chart": harbinger_chart, "harbinger_draw": harbinger_draw,
    "harbinger_place": harbinger_place, "move_harbinger": move_harbinger, "peek": peek,
    "extra_turn": extra_turn, "each_in_harbinger_region": each_in_harbinger_region,
    "discard_object": discard_object, "ditch": ditch, "ditch_followers": ditch_followers,
    "lose_lives_per_spell": lose_lives_per_spell, "discard_faceup_cards": discard_faceup_cards,
    "replace_faceup_with_harbinger": replace_faceup_with_harbinger,
    "kill_follower_at_random": kill_follower_at_random,
    "harbinger_ignored": harbinger_ignored, "omen_on_character": omen_on_character,
}

SCHEMAS = {
    "replenish_fate_by": _obj(amount=_POS),
    "discard_omen": _obj(),
    "restore_omen": _obj(choose={"type": "boolean"}),
    "place_terrain": _obj(terrain={"anyOf": [{"const": "random"}, _ID]},
                          where={"enum": ["here", "each_character", "other_in_region", "nearest_free"]},
                          spaces={"type": "array", "items": _ID, "minItems": 1}),
    "remove_terrain": _obj(space=_ID),
    "terra_shift": _obj(),
    "harbinger_chart": _obj(),
    "harbinger_draw": _obj(["count"], count=_POS, meet={"type": "boolean"}),
    "harbinger_place": _obj(["where"], where={"enum": ["adjacent"]}),
    "move_harbinger": _obj(to={"enum": ["here", "sheet"]}),
    "peek": _obj(["deck", "count"], deck=_DECKS, count=_POS),
    "extra_turn": _obj(),
    "each_in_harbinger_region": _obj(["effects"], effects=_EFFECTS),
    "discard_object": _obj(count=_POS, keep={"type": "integer", "minimum": 0},
                           types={"type": "array", "minItems": 1, "items": {
                               "enum": ["object", "magic_object", "talisman"]}}, then=_EFFECTS,
                           random={"type": "boolean"}),
    "kill_follower_at_random": _obj(),
    "ditch": _obj(),
    "ditch_followers": _obj(),
    "lose_lives_per_spell": _obj(),
    "discard_faceup_cards": _obj(where={"enum": ["all", "harbinger_region"]},
                                 life_per_card_here={"type": "boolean"},
                                 types={"type": "array", "minItems": 1, "items": {
                                     "enum": ["stranger", "follower", "object", "magic_object",
                                              "enemy", "place"]}}),
    "replace_faceup_with_harbinger": _obj(),
    "harbinger_ignored": _obj(["space"], space=_ID, effect=_ID),
    "omen_on_character": _obj(["omen", "effects"], omen=_ID, effects=_EFFECTS),
}

STEPS = {"harbinger.place_terrain": place_terrain_step, "harbinger.place_chosen": place_chosen,
         "harbinger.shift_chosen": shift_chosen, "harbinger.draw_onto": draw_onto,
         "harbinger.object_discarded": object_discarded, "harbinger.ditched": ditched,
         "harbinger.object_gone_next": object_gone_next,
         "harbinger.omen_chosen": omen_chosen, "harbinger.omen_ignoring": omen_ignoring}
