"""001 The Harbinger, Harbinger Cards and Strength/Craft.

The Harbinger figure (``store`` key ``harbinger``: a space, or ``None`` on its sheet):

- it starts on the sheet; after a character outside the Inner Region draws an Event it
  moves to that character's space (the ``events_drawn`` hook);
- a character in its Region told by a board space to draw cards draws Harbinger cards
  instead (the ``draw_deck`` hook);
- after the top Omen is discarded it goes back to the sheet once the next Omen is resolved
  (:mod:`.omens`);
- a character landing on its space rolls on the Harbinger chart instead of encountering the
  space or another character (the ``before_encounter`` hook; chart in ``chart.yaml``).

The base game meets every space through ``encounters.encounter_space``, which now asks the
``draw_deck`` and ``draw_count`` hooks itself (so a plain space drawing Harbinger cards needs
nothing more for its *deck*).  The Harbinger still replaces the encounter (``before_encounter``)
with :func:`encounter` where the base flow cannot do what the rules say:

- a Terrain card or the top Omen (Shards of the Old World) gives a space a draw count its board
  space lacks (the base flow draws only on spaces printed with a draw), or "always draw N"
  (the Bog, the Floodland, the Hellpits), and a name the log shows; landing on Terrain under
  Broken Worlds spreads Terrain;
- Strength/Craft enemies (on the space, or among the Harbinger cards a draw may bring) must be
  offered battle or psychic combat *before* the enemies are grouped: the base groups them by
  kind when it meets them, and ``combat_options`` comes too late to regroup (enemies of the same
  number that fight the chosen way join the combat).

:func:`encounter` follows the base encounter's order with the base game's own steps (draw,
meet, claim, the space's instructions) and meets the cards through :func:`meet`, which hands
every other card to ``encounters.meet``.  docs/harbinger.md names the base changes that would
let this flow go.
"""
from __future__ import annotations

import functools

from pyrsistent import pvector, thaw

from ...definitions import load
from ...engine.data import load_yaml, validate
from ...engine.machine import decide, frame, log, push, push_under, then
from ...engine.records import Frame, deep_freeze, replace
from ...effects_schema import with_defs
from ...engine.ruleset import RULESET
from ...rules.hooks import adjust
from ...state import update_character
from . import dead, omens
from . import store as st
from . import terrain
from ...definitions import check_effects
from ...rules import characters as chars, combat, effects, effects as base, encounters
from ...rules.encounters import draw_frames
from ...engine.ruleset import declare


# --- the chart ------------------------------------------------------------------------------

CHART_SCHEMA = {"type": "object", "required": ["chart", "effect"], "additionalProperties": False,
                "properties": {"chart": {"const": "harbinger"}, "stand_in": {"type": "boolean"},
                               "source": {"type": "string"}, "summary": {"type": "object"},
                               "effect": {"$ref": "#/$defs/effects"}}}


#: The chart's name in a roll's ``source`` and the log's ``cause`` (not a card: no card id).
CHART = "harbinger_chart"


#: The Harbinger chart, under ``data/talisman`` (registered on the plugin: read by the loader).
FILE = "expansions/harbinger/chart.yaml"


@functools.lru_cache(maxsize=None)
def chart():
    """The Harbinger chart's effects, as the data loader read them."""
    return load().tables[FILE]


def read_chart(path, d):
    """The Harbinger chart's effects (``data/talisman/expansions/harbinger/chart.yaml``),
    validated against the effects' schemas and the definitions ``d`` (frozen)."""
    doc = validate(path, load_yaml(path), with_defs(CHART_SCHEMA, RULESET.effect_schemas()))
    check_effects(path, "chart", "effect", doc["effect"],
                  {"spaces": d.board.spaces, "cards": d.cards, "abilities": d.abilities})
    return deep_freeze(doc["effect"])


# --- the figure -------------------------------------------------------------------------------

def position(state):
    return st.get(state, "harbinger")


def move_to(state, space, why):
    if position(state) == space:
        return state
    state = st.store(state, harbinger=space)
    return log(state, "harbinger_moved", to=space if space else "sheet", cause=why)


def events_drawn(state, character, cards):
    """State hook: "After a character (not in the Inner Region) draws an Event, move the
    Harbinger to that character's space" (only the Inner Region is excluded: an expansion
    board's space too, R-HARB2.2)."""
    space = state.characters[character].space
    if not st.figure_space(space):
        return state
    return move_to(state, space, f"{character} drew {', '.join(cards)}")


#: Decks the Harbinger's draw rule never replaces: its own, and the Spell deck (a Spell is
#: gained, not an encounter's card).
KEPT_DECKS = ("harbinger", "spell")


def draw_deck(state, deck, character, space):
    """Value hook: "Whenever a character in the same Region as the Harbinger is instructed by a
    board space to draw cards, he must draw Harbinger cards instead" (and the Armageddon Omen:
    every card a space tells a character to draw is a Harbinger card).  "Draw cards" is
    whatever deck the space names: the Adventure deck, the City deck of a City street (the City
    is the Outer Region for every rule: docs/rulings.md R-probee-2, R-HARB3.1), the Dungeon deck
    of a Dungeon space with the Harbinger in the Dungeon, the Timescape deck of a reality with
    the Harbinger in the Timescape (R-HB8.2), whichever expansion's hook runs first (theirs
    replace only the Adventure deck).  A board that is no Region (the Catacombs) is never the
    Harbinger's Region.  Spells are gained, not met: a Spell deck draw is never replaced."""
    if deck in KEPT_DECKS:
        return deck
    if omens.continuous(state).get("all_draws_harbinger"):
        return "harbinger"
    h = position(state)
    region = st.harbinger_region(space)
    if h is not None and region is not None and st.harbinger_region(h) == region:
        return "harbinger"
    return deck


# --- replacing the encounter ----------------------------------------------------------------

def before_encounter(state, character, space, replaced):
    """The ``before_encounter`` hook's part here: the Harbinger's chart or the Harbinger's own
    encounter flow replace the base encounter (an Alternative Ending on the Crown is the endings
    area's); the state and whether the encounter is replaced (``replaced``: already, by
    another expansion or a held card)."""
    ch = state.characters[character]
    if replaced:
        return state, True  # another expansion has replaced it already
    state, replaced = terrain.cracks_appear(state, character, space)
    if replaced:
        return state, True
    if space == load().board.role("crown") and ch.turn_flags.get("moved") and beast_in_play(state):
        state = entering_past_the_beast(state, character)
        if not state.characters[character].alive or state.outcome is not None:
            return state, False
        ch = state.characters[character]
    covered = terrain.terrain_map(state).get(space) is not None  # Terrain on a City street too
    if not ch.turn_flags.get("moved"):
        return state, False
    if st.BOARD_LINKS.get(space) in state.config.expansions:
        return state, False  # the expansion board's own movement rules (Terrain Cards and Other Expansions)
    if position(state) == space:
        # "must encounter the Harbinger by rolling on his chart instead of encountering the
        # space or another character on the space" (on an expansion board's space too: R-HARB2.2)
        state = log(state, "harbinger_encountered", character=character, space=space)
        # the chart is the roll's source (logged as its cause), the space where it is met
        return effects.run(state, chart(), character, {"space": space, "chart": CHART}), True
    if not (st.board_space(space) or covered or st.region_of(space) in st.FLOW_BOARDS):
        return state, False
    if own_flow_needed(state, character, space):
        return encounter(state, character, space), True
    return state, False


def combat_resolved(state, character, result):
    """State hook: an enemy with ``data.unbeaten`` (the Horsemen) fought and not beaten: its
    effects run for the fighter (a frame that looks at the result once the other answers to it
    are in)."""
    b = state.battle
    if b is None or b["opponent"] is not None:
        return state
    cards = [e["card"] for e in b["enemies"] if e.get("card") and st.cdata(e["card"]).get("unbeaten")]
    if not cards:
        return state
    return push(state, frame("harbinger.unbeaten", who=character, cards=cards))


def lives_taken_from_the_unprotected(effects):
    """The lives ``effects`` (an enemy's ``unbeaten``) take from every character without a
    Talisman and nothing else (the Horseman of Death: "every character without a Talisman
    loses a life"), or None: they may do something else."""
    plain = thaw(effects)
    try:
        n = plain[0]["each_character"]["effects"][0]["if"]["else"][0]["lose"]["lives"]
    except (LookupError, TypeError):
        return None
    if type(n) is not int or n <= 0:
        return None
    punishment = {"if": {"test": {"ability": "talisman"}, "then": [{"nothing": {}}],
                         "else": [{"lose": {"lives": n}}]}}
    return n if plain == [{"each_character": {"where": "all", "effects": [punishment]}}] else None


def unbeaten_harmless(state, args):
    """Declared on :func:`unbeaten` for exact odds (``neutral_in``, read by
    ``harbinger.answers_result`` at the creature's roll): with these cards, in ``state``, what
    it runs changes no result, fights on in none and ends no game: each card's effects only
    take lives from the characters without a Talisman (:func:`lives_taken_from_the_unprotected`)
    and none of them, the fighter too, is at so few lives that they could kill him (LOSING
    ALL LIVES: a death may end the game, and the fighter's ends the question, rulings
    R-ODDS12B.1).  A life lost asks nothing (``characters.lose_lives``)."""
    taken = [lives_taken_from_the_unprotected(st.cdata(c)["unbeaten"]) for c in args["cards"]]
    if any(n is None for n in taken):
        return False
    return all(ch.lives > sum(taken) for cid, ch in state.characters.items()
               if ch.alive and not chars.has_ability(state, cid, "talisman"))


@declare(acts_on=("lost", "standoff"), neutral_in=unbeaten_harmless)
def unbeaten(state, who, cards):
    """Rule step: the result stands and is not a win: each card's ``unbeaten`` effects."""
    b = state.battle
    if b is None or b.get("result") in (None, "won") or state.outcome is not None:
        return state
    for c in reversed(cards):
        state = push(state, frame("harbinger.run_unbeaten", who=who, card=c))
    return log(state, "harbinger_unbeaten", character=who, cards=list(cards))


def run_unbeaten(state, who, card):
    if state.outcome is not None:
        return state
    return base.run(state, st.cdata(card)["unbeaten"], who,
                    {"card": card, "space": state.characters[who].space})


#: Cards whose being in play (face up on a space) makes entering the Crown of Command cost lives.
CROWN_TOLL = {"the_beast": 2}


def beast_in_play(state):
    return [c for cards in state.board_cards.values() for c in cards if c in CROWN_TOLL]


def entering_past_the_beast(state, cid):
    """The Beast (talisman-facts.md 5: "Crown costs 2 lives to enter while in play"): while it
    lies face up on a space, a character who moves onto the Crown of Command loses 2 lives."""
    card = beast_in_play(state)[0]
    state = log(state, "crown_toll", character=cid, card=card)
    return chars.lose_lives(state, cid, CROWN_TOLL[card], card)


def is_strength_craft(card_id):
    """A Strength/Craft enemy: it has both a Strength and a Craft value."""
    c = load().cards[card_id]
    return c.type == "enemy" and bool(c.strength) and bool(c.craft)


def own_flow_needed(state, cid, space):
    """Whether the base encounter would get this space wrong (see the module docstring): Terrain,
    an Omen's text for every space, Harbinger draws (they may bring Strength/Craft enemies), or a
    Strength/Craft enemy already lying there."""
    if terrain.terrain_map(state).get(space) is not None:
        return True
    if omens.continuous(state).get("space_override") is not None:
        return True
    if st.space_def(space).draw and adjust(state, "draw_deck", "adventure", character=cid,
                                             space=space) == "harbinger":
        return True
    if dead.risen(state, space):  # Spreading Death: Strangers and Followers risen as Undead
        return True
    return any(is_strength_craft(c) or met_first(c) for c in state.board_cards.get(space, ()))


def met_first(card_id):
    """An enemy whose ``data.on_meet`` effects run as it is met, before the combat (the
    Insane Elemental: a random Terrain card on the space)."""
    c = load().cards[card_id]
    return c.type == "enemy" and bool(st.cdata(card_id).get("on_meet"))


def encounter(state, cid, space):
    """A character on the space, or the space itself (the base game's choice)."""
    others = [o for o in state.order if o != cid and state.characters[o].alive
              and state.characters[o].space == space]
    if others:  # as the base encounter asks (the Timescape: none)
        others = list(adjust(state, "encounter_characters", tuple(others), character=cid, space=space))
    if not others:
        return encounter_space(state, cid, space)
    name = terrain.profile(state, space)[0]
    options = ["encounter:space"] + [f"encounter:char:{o}" for o in others]
    return decide(state, cid, "encounter", options, "harbinger.encounter_chosen",
                  prompt=f"on the {name}", space=space)


def encounter_chosen(state, action, space):
    cid = state.current
    if action.args[0] == "space":
        return encounter_space(state, cid, space)
    return encounters.encounter_character(state, cid, action.args[1])


def encounter_space(state, cid, space):
    """ENCOUNTERS IN A SPACE with the space as the Harbinger has it: the Terrain card's or
    the top Omen's name, draw count and instructions; the draw deck through ``draw_deck``."""
    name, draw, always, deck = terrain.profile(state, space)
    state = log(state, "encountered_space", character=cid, space=space, as_name=name)
    if terrain.terrain_map(state).get(space) is not None and \
            omens.continuous(state).get("terrain_landing_spreads"):
        state = push(state, frame("harbinger.spread_terrain", space=space))
    if draw and deck == "discards":  # the Harbinger's Region: Harbinger cards (R-RULER21.2)
        deck = draw_deck(state, deck, character=cid, space=space)
    if draw and deck == "discards":  # the Necropolis: up to the count from the discard pile
        need = max(0, draw - encounters.cards_lying(state, space))
        return push(state, *then(frame("harbinger.necropolis_draw", cid=cid, space=space, count=need),
                                 frame("harbinger.meet", space=space, everything=True, met=[]),
                                 frame("encounters.claim", space=space),
                                 frame("encounters.space_effect", space=space),
                                 frame("encounters.after")))
    if draw:
        deck = deck or adjust(state, "draw_deck", "adventure", character=cid, space=space)
        draw = adjust(state, "draw_count", draw, character=cid, space=space)  # as the base flow
        need = draw if always else max(0, draw - encounters.cards_lying(state, space))
        seen = len(state.characters[cid].turn_flags.get("drawn", ()))
        return push(state, *then(*draw_frames(state, space, need, deck, seen),
                                 frame("harbinger.meet", space=space, everything=True, met=[]),
                                 frame("encounters.claim", space=space),
                                 frame("encounters.space_effect", space=space),
                                 frame("encounters.after")))
    return push(state, *then(frame("harbinger.meet", space=space, everything=False, met=[]),
                             frame("encounters.space_effect", space=space),
                             frame("encounters.claim", space=space),
                             frame("encounters.after")))


def spread_terrain(state, space):
    """Rule step (the Broken Worlds Omen): landing on Terrain spreads a random Terrain card to
    the nearest space without one (the character chooses among equally near ones)."""
    cid = state.current
    near = terrain.free_spaces_nearest(state, space)
    if not near:
        return state
    if len(near) == 1:
        return terrain.place(state, cid, near[0], "random", "the Terrain spreads")
    return decide(state, cid, "terrain", [f"place:{s}" for s in near], "harbinger.place_chosen",
                  prompt="where the Terrain spreads", terrain="random", cause="the Terrain spreads")


# --- meeting the cards: Strength/Craft enemies -------------------------------------------

#: Base steps whose continuation is taken over by the Harbinger's own steps.
_RETARGET = {"encounters.meet": "harbinger.meet", "encounters.enemies_beaten": "harbinger.enemies_beaten"}


def _retarget(state, depth, battle_before):
    """Frames the base meeting step pushed (above ``depth``), and the result frames of a
    combat it started, come back to the Harbinger's meeting step."""
    stack = state.stack
    for i in range(depth, len(stack)):
        f = stack[i]
        if f.step in _RETARGET:
            stack = stack.set(i, Frame(_RETARGET[f.step], f.args))
    state = replace(state, stack=stack)
    b = state.battle
    if b is not None and battle_before is None:
        for key in ("on_win", "on_evade"):
            nxt = b.get(key)
            if nxt is not None and nxt["step"] in _RETARGET:
                b = b.set(key, nxt.set("step", _RETARGET[nxt["step"]]))
        state = replace(state, battle=b)
    return state


def _delegate(state, fn, *args):
    depth, before = len(state.stack), state.battle
    return _retarget(fn(state, *args), depth, before)


def meet(state, space, everything, met=()):
    """Rule step: meet the next card; a card risen as an Undead (Spreading Death) attacks in
    its turn; a group of enemies with a Strength/Craft enemy among them asks the character
    for battle or psychic combat first."""
    cid = state.current
    ch = state.characters[cid]
    if ch.space != space or not ch.alive:
        return state
    flags = ch.turn_flags
    if not met and encounters.events_unannounced(state, space, cid):
        return _delegate(state, encounters.meet, space, everything, met)
    queue = encounters.meeting_order(state, space, met, everything, cid)
    rising = dead.risen_first(state, space, queue, met)
    if rising is not None:
        return dead.fight_risen(state, cid, space, everything, met, rising)
    if queue and load().cards[queue[0]].type == "enemy":
        number = load().cards[queue[0]].number
        done = list(flags.get("met_first", ()))
        first = [c for c in queue if met_first(c) and load().cards[c].number == number and c not in done]
        if first:
            # card-data.md 2.2 (Insane Elemental): "on meeting it" -- before the combat; then meet again
            card = first[0]
            state = update_character(state, cid, turn_flags=flags.set("met_first", pvector(done + [card])))
            state = log(state, "enemy_met", character=cid, card=card, space=space)
            state = push(state, frame("harbinger.meet", space=space, everything=everything, met=list(met)))
            return base.run(state, list(st.cdata(card)["on_meet"]), cid, {"card": card, "space": space})
        if any(is_strength_craft(c) and load().cards[c].number == number for c in queue):
            return decide(state, cid, "combat_kind", ["combat:battle", "combat:psychic"],
                          "harbinger.combat_kind_chosen",
                          prompt="Strength/Craft enemies: battle or psychic combat?",
                          space=space, everything=everything, met=list(met), number=number)
    return _delegate(state, encounters.meet, space, everything, met)


def _base_kind(card_id):
    return load().cards[card_id].combat_kind


def combat_kind_chosen(state, action, space, everything, met, number):
    """001 Strength/Craft: "he can choose to fight all these Enemies in either battle or in
    psychic combat".  Enemies of the same number that fight only the chosen way join them."""
    cid = state.current
    kind = action.args[0]
    queue = encounters.meeting_order(state, space, met, everything, cid)
    group = [c for c in queue if load().cards[c].type == "enemy" and load().cards[c].number == number
             and (is_strength_craft(c) or _base_kind(c) == kind)]
    enemies = []
    for c in group:
        if is_strength_craft(c):
            cd = load().cards[c]
            enemies.append({"name": c, "card": c, "value": cd.strength if kind == "battle" else cd.craft})
        else:
            enemies.append(combat.enemy_from_card(state, cid, c))
    state = log(state, "combat_kind_chosen", character=cid, kind=kind, enemies=group)
    return encounters.fight_enemies(state, cid, space, everything, met, group, kind,
                                    enemies=enemies, flow="harbinger")


def enemies_beaten(state, space, cards, everything, met):
    return _delegate(state, encounters.enemies_beaten, space, cards, everything, met)


# --- extra turns ------------------------------------------------------------------------------

def schedule_extra_turn(state, cid):
    """Another turn for ``cid`` right after this one: frames put just above this turn's end."""
    stack = state.stack
    for i in range(len(stack) - 1, -1, -1):
        if stack[i].step == "turn.end":
            state = push_under(state, i + 1, frame("harbinger.extra_turn", who=cid))
            return log(state, "extra_turn_gained", character=cid)
    return log(state, "extra_turn_lost", character=cid, reason="the turn is over")


def extra_turn(state, who):
    """Rule step: the extra turn begins (movement, then encounters, then the turn ends)."""
    ch = state.characters[who]
    if not ch.alive or who != state.current:
        return state
    keep = {k: v for k, v in ch.turn_flags.items() if k == "toad_new"}
    state = update_character(state, who, turn_flags=keep)
    state = log(state, "extra_turn", character=who)
    return push(state, *then(frame("movement.start"), frame("encounters.start")))


STEPS = {"harbinger.encounter_chosen": encounter_chosen, "harbinger.meet": meet,
         "harbinger.combat_kind_chosen": combat_kind_chosen,
         "harbinger.enemies_beaten": enemies_beaten, "harbinger.extra_turn": extra_turn,
         "harbinger.spread_terrain": spread_terrain, "harbinger.unbeaten": unbeaten,
         "harbinger.run_unbeaten": run_unbeaten}
