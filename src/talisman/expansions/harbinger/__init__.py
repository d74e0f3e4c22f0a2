"""The Harbinger expansion (``001_12251af71a893e4e.txt``): the Harbinger figure and chart,
Harbinger cards, Strength/Craft enemies, the Omen stack, the Cursed keyword (in the base
rules), Terrain cards and the two Alternative Endings.

It joins the base game only through the hook points of :mod:`talisman.expansions`:

========================  ====================================================================
hook                      what the Harbinger does there
========================  ====================================================================
``setup``                 shuffle the Harbinger and Terrain decks; build the Omen stack; the
                          Harbinger on its sheet; the Alternative Ending on the Crown
``turn_started``          a fixed next move to a space now covered by Terrain is ignored
``turn_ended``            the Growing Chaos Omen: ending a turn on Terrain costs a life
``events_drawn``          the Harbinger moves to the drawer's space (not in the Inner Region)
``before_encounter``      the Harbinger's chart; the Alternative Ending on the Crown; the
                          Harbinger's own encounter flow (Terrain, Harbinger draws, Omens,
                          Strength/Craft enemies)
``character_died``        an ending's star instruction
``draw_deck``             Harbinger cards in the Harbinger's Region (and under Armageddon)
``attack_score``          the top Omen's attack bonuses; the Possessed Cultist
``space_effect``          a Terrain card's instructions; the top Omen's; covered spaces ignored
``crossing_guarded``      Terrain on the Sentinel or the Portal of Power: cross freely
========================  ====================================================================

Plain data lives in ``state.ext["harbinger"]`` (:mod:`.store`).  Rule options (defaults in
``talisman.rules.setup.OPTIONS``): ``harbinger_omen_set`` (``armageddon``,
``rise_of_the_dead``, ``shattered_world``, ``stars_align`` or ``random``),
``harbinger_ending`` (``off``, ``revealed``, ``hidden``) and ``harbinger_position`` (a
scenario's starting position: ``harbinger`` space, ``terrain`` ``{space: card}``,
``omens_discarded`` count).
"""
from __future__ import annotations

from pyrsistent import pmap, pvector

from ...definitions import load
from ...engine.dice import shuffle
from ...engine.records import replace
from ...errors import TalismanError
from . import effects, endings, figure, omens, terrain
from . import store as st


def setup(state):
    for deck in ("harbinger", "terrain"):
        cards, dice = shuffle(state.dice, state.decks.get(deck, ()))
        state = replace(state, dice=dice, decks=state.decks.set(deck, pvector(cards)))
    state = st.store(state, harbinger=None, terrain=pmap())
    state = omens.setup(state)
    state = endings.setup(state)
    return position_setup(state, state.option("harbinger_position"))


POSITION_KEYS = {"harbinger", "terrain", "omens_discarded"}


def position_setup(state, pos):
    """A scenario's starting position (the ``harbinger_position`` option)."""
    if not pos:
        return state
    bad = set(pos) - POSITION_KEYS
    if bad:
        raise TalismanError(f"rule option harbinger_position: unknown key(s) {', '.join(sorted(bad))}; "
                            f"known: {', '.join(sorted(POSITION_KEYS))}")
    board = load().board
    if pos.get("harbinger") is not None:
        if not st.board_space(pos["harbinger"]):
            raise TalismanError(f"harbinger_position: the Harbinger cannot stand on {pos['harbinger']!r}")
        state = st.store(state, harbinger=pos["harbinger"])
    for space, card in (pos.get("terrain") or {}).items():
        if space not in board.spaces or not terrain.can_hold(space):
            raise TalismanError(f"harbinger_position: {space!r} cannot hold a Terrain card")
        if card not in state.decks.get("terrain", ()):
            raise TalismanError(f"harbinger_position: no Terrain card {card!r} left in the Terrain deck")
        deck = state.decks["terrain"]
        state = replace(state, decks=state.decks.set("terrain", deck.delete(deck.index(card))))
        state = terrain.put(state, space, card, "set-up")
    n = pos.get("omens_discarded", 0)
    if not isinstance(n, int) or not 0 <= n < len(st.get(state, "omen_stack")):
        raise TalismanError(f"harbinger_position: omens_discarded={n!r} must leave an Omen on the stack")
    stack = list(st.get(state, "omen_stack"))
    state = st.store(state, omen_stack=stack[n:], omen_discards=list(reversed(stack[:n])))
    return state


def turn_started(state, character):
    return terrain.next_move_check(state, character)


def turn_ended(state, character):
    """The Growing Chaos Omen (continuous): a character ending its turn on Terrain loses lives."""
    n = omens.continuous(state).get("terrain_end_turn_lives")
    ch = state.characters[character]
    if not n or not ch.alive or terrain.terrain_map(state).get(ch.space) is None \
            or state.outcome is not None:
        return state
    from ...rules import characters as chars
    return chars.lose_lives(state, character, n, omens.top(state))


def attack_score(state, score, enemy, kind=None):
    """Value hook: the top Omen's attack bonus (for all enemies or some subtypes) and cards
    whose attack grows with each discarded Omen."""
    c = load().cards.get(enemy)
    bonus = omens.continuous(state).get("attack_bonus")
    if bonus and (not bonus.get("subtypes") or (c is not None and c.type == "enemy"
                                                and c.subtype in bonus["subtypes"])):
        score += bonus["amount"]
    if c is not None and c.data and c.data.get("attack_per_omen_discarded"):
        score += c.data["attack_per_omen_discarded"] * omens.discarded_count(state)
    return score


HOOKS = {
    "setup": setup,
    "turn_started": turn_started,
    "turn_ended": turn_ended,
    "events_drawn": figure.events_drawn,
    "before_encounter": figure.before_encounter,
    "character_died": endings.character_died,
    "draw_deck": figure.draw_deck,
    "attack_score": attack_score,
    "space_effect": terrain.space_effect,
    "crossing_guarded": terrain.crossing_guarded,
}

EFFECTS = dict(effects.EFFECTS)
EFFECT_SCHEMAS = dict(effects.SCHEMAS)

STEPS = {**omens.STEPS, **terrain.STEPS, **figure.STEPS, **effects.STEPS}
for _name in STEPS:
    assert _name.startswith("harbinger."), _name
