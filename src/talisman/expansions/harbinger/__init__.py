"""The Harbinger expansion (``001_12251af71a893e4e.txt``): the Harbinger figure and chart,
Harbinger cards, Strength/Craft enemies, the Omen stack, the Cursed keyword (in the base
rules), Terrain cards and the two Alternative Endings.

It joins the base game only through the hook points of :mod:`talisman.expansions`:

========================  ====================================================================
hook                      what the Harbinger does there
========================  ====================================================================
``setup``                 shuffle the Harbinger and Terrain decks; build the Omen stack; the
                          Ascendant Divine's gifts; the Harbinger on its sheet
``turn_started``          a held card's turn-start rule (the Witch Cat); a fixed next move to a
                          space now covered by Terrain is ignored; the
                          Possessed may discard a Stranger or Place; the Ascendant Divine may
                          cast a divine gift (:mod:`.characters`)
``turn_ended``            the Growing Chaos Omen: ending a turn on Terrain costs a life; the
                          Celestial heals after battles won and gains fate after healing
``movement_roll_answers`` Dark Binding: another character's cast after a movement roll; the
                          caster chooses the move (:mod:`.binding`)
``events_drawn``          the Harbinger moves to the drawer's space (not in the Inner Region);
                          with the Ancient Calendar, to any space holding a character; the
                          Black Astrolabe: the holder's first Event a turn, a chart roll
``possession_gained``,    held cards' rules (:mod:`.held`): the Black Squire's and the White
``prayer_rolled``         Maiden's price for taking, the Anathema Priest's prayer bonus
``before_encounter``      Terra Shift cast on the mover (:mod:`.binding`); a held card's price
                          for a visit (the Anathema Priest); The Beast's
                          toll on the Crown; the Harbinger's chart; the
                          Harbinger's own encounter flow (Terrain, Harbinger draws, Omens,
                          Strength/Craft enemies)
``character_died``        an ending's star instruction
``draw_deck``             Harbinger cards in the Harbinger's Region (and under Armageddon)
``attack_score``          the top Omen's attack bonuses; the Possessed Cultist; the Herald
                          of War, the Skeleton King, Skeleton trophies (:mod:`.cards`)
``space_effect``          a Terrain card's instructions; the top Omen's; covered spaces ignored
``crossing_guarded``      Terrain on the Sentinel or the Portal of Power: cross freely
``space_named``           a card effect naming a space covered by Terrain is ignored
``creature_bonus``        a Terrain card (or the top Omen's text) replaces a space's creature
                          bonus (the Runes covered: none; the Runes Terrain card: 2)
``spell_limit``           the top Omen's Spell-limit change (the Stars Align set)
``trophy_value``          the top Omen's trophy bonus (Restless Dead); the Vengeful Ghosts
                          as a trophy: each of its holder's trophies worth 1 less
``fate_rerolled``         the Witch Cat: a fate re-roll of 1 makes its holder a Toad
``follower_allowed``      the Putrid Zombie as a trophy: no Follower joins its holder
``table_roll``            the Cursed Talisman: 3 more at the Mines and the Crypt; the Black
                          Astrolabe's chart roll 1 less (at least 1); the Bog: a table roll's dice 1 less
                          (at least 1) for one standing on it (R-CD11-7)
``player_view``           the Harbinger cards a Revelations drawer is still putting are his
``life_value``,           the Key to Hades (2 more lives a character in the game) and the
``fate_value``            Forbidden Tome (1 less life and fate a Spell held, at least 1)
``lives_losing``,         the Key to Hades: its holder loses a life as another loses lives and
``lives_gained``          heals one as another heals or gains lives
``characters_fought``     the top Omen's after-fight effects (the Armageddon set)
``movement_destinations`` the Bog's -1 to the roll of a character on
                          them; Cracks Appear: a roll of 1 stays (and places Terrain there)
``character_score``       the Bog's -1 to the combat roll of a character on it
``cards_drawn``           The Dead Rise: a space's draw brings a card from the discard pile
``spell_cast``            Dispellation; the top Omen's price or refill for casting (Arcane
                          Feedback, Power Overwhelming) (:mod:`.casting`)
``alignment_changing``    the Possessed never turns Good (a life instead)
``type_limit``            the top Omen's Magic Object limit (Fleeting Magic, A World Without Magic)
``trophies``              Spiteful Ghosts: Spirits and Undead beaten are not kept
``combat_resolved``       the Horsemen not beaten punish every character without a Talisman;
                          an enemy's ``beaten`` effects, the Heralds' rolls (:mod:`.cards`);
                          Burial Mounds: a Spirit or Undead beaten lets the winner take an
                          Object from the discards (:mod:`.dead`)
``combat_options``,       the Ascendant Divine's divine gifts cast in his own combat
``combat_option_chosen``  (``gift:<spell>``, :mod:`.characters`)
========================  ====================================================================

Plain data lives in ``state.ext["harbinger"]`` (:mod:`.store`).  Rule options (defaults in
``talisman.options.OPTIONS``): ``harbinger_omen_set`` (``armageddon``,
``rise_of_the_dead``, ``shattered_world``, ``stars_align`` or ``random``),
``harbinger_ending`` (``off``, ``revealed``, ``hidden``: the older form of the base option
``alternative_endings`` for the two Alternative Ending cards, which the shared frame
:mod:`talisman.rules.endings.cards` sets up and encounters) and ``harbinger_position`` (a
scenario's starting position: ``harbinger`` space, ``terrain`` ``{space: card}``,
``omens_discarded`` count).
"""
from __future__ import annotations

from pyrsistent import pmap, pvector

from ...engine.ruleset import Plugin, declare, declared
from ...definitions import DATA_EFFECTS, DATA_FLAG, DATA_MAP, DATA_TEXT, DATA_WHOLE, load
from ...engine.dice import shuffle
from ...engine.machine import frame, log, push
from ...engine.records import replace
from ...errors import TalismanError
from . import binding, cards, casting, characters, dead, effects, endings, figure, held, omens, terrain
from . import store as st
from ...rules import characters as chars, effects as base


def setup(state):
    for deck in ("harbinger", "terrain"):
        cards, dice = shuffle(state.dice, state.decks.get(deck, ()))
        state = replace(state, dice=dice, decks=state.decks.set(deck, pvector(cards)))
    state = st.store(state, harbinger=None, terrain=pmap())
    state = omens.setup(state)
    state = characters.setup(state)
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
        if not st.figure_space(pos["harbinger"]):
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
    state = terrain.next_move_check(state, character)
    state = held.turn_started(state, character)
    return characters.turn_started(state, character)


def before_encounter(state, result, character, space):
    """The Terra Shift window after the move (:mod:`.binding`), a held card's price for
    visiting a space (:mod:`.held`), then the Harbinger's own flow; each may replace the encounter."""
    state, shifted = binding.shift_window(state, result, character, space)
    if shifted and not result[1]:
        return state, True
    state, sloth = held.before_encounter(state, character, space)
    return figure.before_encounter(state, character, space, result[1] or sloth)


def turn_ended(state, character):
    """The Growing Chaos Omen (continuous): a character ending its turn on Terrain loses lives."""
    state = characters.turn_ended(state, character)
    n = omens.continuous(state).get("terrain_end_turn_lives")
    ch = state.characters[character]
    if not n or not ch.alive or terrain.terrain_map(state).get(ch.space) is None \
            or state.outcome is not None:
        return state
    return chars.lose_lives(state, character, n, omens.top(state))


def table_roll(state, value, character, space, card, roll=None):
    """A held card's bonus on a table (:mod:`.held`), then the Bog under the roller (:mod:`.terrain`)."""
    value = held.table_roll(state, value, character, space, card, roll)
    return terrain.table_roll(state, value, character, roll)


def _attack_dice_blind(state):
    """Whether :func:`attack_score` in the combat in progress is the same whatever the
    character's die: no enemy adding to its attack on a character's roll (the Herald of War's
    ``attack_on_roll``); the Omens, the trophies are no die (declared for exact odds)."""
    b = state.battle
    return b is not None and not any((load().cards[e["card"]].data or {}).get("attack_on_roll")
                                     for e in b["enemies"] if e.get("card") in load().cards)


def _attack_roll_term(state):
    """What :func:`attack_score` adds with the character's battle roll in a fight against
    creatures: an enemy's ``attack_on_roll`` (the Herald of War's +2 on 4-6,
    ``cards.attack_on_roll``), its only term reading the roll (the Omens', the trophies' are
    no die; declared for exact odds: ``roll_term``).  None between characters."""
    b = state.battle
    if b is None or b["opponent"] is not None:
        return None
    return lambda roll, enemy, kind=None: cards.attack_on_roll(enemy, kind, roll)


@declare(dice_blind=_attack_dice_blind, roll_term=_attack_roll_term)
def attack_score(state, score, enemy, kind=None):
    """Value hook: the top Omen's attack bonus (for all enemies or some subtypes) and cards
    whose attack grows with each discarded Omen."""
    c = load().cards.get(enemy)
    bonus = omens.continuous(state).get("attack_bonus")
    # a Stranger or Follower risen under Spreading Death is an Undead (dead.is_risen)
    subtype = "undead" if dead.is_risen(state, enemy) else (
        c.subtype if c is not None and c.type == "enemy" else None)
    if bonus and (not bonus.get("subtypes") or subtype in bonus["subtypes"]):
        score += bonus["amount"]
    if c is not None and c.data and c.data.get("attack_per_omen_discarded"):
        score += c.data["attack_per_omen_discarded"] * omens.discarded_count(state)
    return cards.attack_score(state, score, enemy, kind)


def spell_limit(state, limit, character):
    """Value hook: the top Omen's Spell-limit change (the Stars Align set, ``data.continuous``
    ``spell_limit``: added to the limit, never below 0; ``no_spells``: the limit is 0)."""
    c = omens.continuous(state)
    if c.get("no_spells"):
        return 0
    return max(0, limit + c.get("spell_limit", 0))


def type_limit(state, limit, character, kind):
    """Value hook: the top Omen's ``continuous.magic_object_limit`` (Fleeting Magic: 1; A World
    Without Magic: none)."""
    n = omens.continuous(state).get("magic_object_limit")
    if kind != "magic_object" or n is None:
        return limit
    return n if limit is None else min(limit, n)


def trophies(state, cards, character):
    """Value hook: the top Omen's ``continuous.no_trophies: {subtypes}`` (Spiteful Ghosts: the
    Spirits and Undead beaten are discarded, no trophy)."""
    rule = omens.continuous(state).get("no_trophies")
    if not rule:
        return cards
    return tuple(c for c in cards if load().cards[c].subtype not in rule["subtypes"])


def trophy_value(state, value, card, counter, character=None):
    """Value hook: the top Omen's trophy bonus (Restless Dead: "their trophies +1 value"),
    ``data.continuous.trophy_bonus: {amount, subtypes}``; a trophy worth nothing towards
    ``counter`` stays worth nothing.  Then the Vengeful Ghosts among the holder's trophies
    (:func:`.held.trophy_value_less`), never below nothing."""
    c = load().cards.get(card)
    if value <= 0 or c is None or c.type != "enemy":
        return value
    bonus = omens.continuous(state).get("trophy_bonus")
    if bonus and (not bonus.get("subtypes") or c.subtype in bonus["subtypes"]):
        value += bonus["amount"]
    return max(0, value - held.trophy_value_less(state, character))


def characters_fought(state, victor, loser, kind):
    """State hook: the top Omen's effects for the winner and the loser of a fight between
    characters (the Armageddon set, ``data.continuous.after_fight: {victor, loser}``).  They
    run after the spoils (a frame under the spoils decision)."""
    after = omens.continuous(state).get("after_fight")
    if not after:
        return state
    return push(state, frame("harbinger.after_fight", victor=victor, loser=loser, omen=omens.top(state)))


def after_fight(state, victor, loser, omen):
    """Rule step: the winner's effects, then the loser's (each only while alive)."""
    after = st.cdata(omen).get("continuous", {}).get("after_fight", {})
    todo = []
    for who, key in ((victor, "victor"), (loser, "loser")):
        if after.get(key) and state.characters[who].alive:
            todo.append((who, after[key]))
    if state.outcome is not None or not todo:
        return state
    state = log(state, "omen_after_fight", card=omen, victor=victor, loser=loser)
    # push the loser's first so the winner's run first
    for who, steps in reversed(todo):
        state = push(state, frame("harbinger.run_for", who=who, effects=steps, card=omen))
    return state


def run_for(state, who, effects, card):
    if state.outcome is not None or not state.characters[who].alive:
        return state
    return base.run(state, effects, who, {"card": card})


def results_answered(state):
    """The results (``won``, ``lost``, ``standoff``) of the combat in progress (against
    creatures or enemies) that this expansion answers (:func:`answers_result`): declared on its
    ``combat_resolved`` listener (``changes_results``) for exact odds.  Where :func:`combat_resolved`
    does nothing at a win it does nothing at any result (odds15: none of its parts reads the
    result but the second die's, which answers the three alike), so it answers none."""
    b = state.battle
    if b is None:
        return frozenset()
    won = combat_resolved(state, b["who"], "won")
    if won is state:
        return frozenset()
    # (the hook at a win run once: odds19)
    return frozenset(r for r in _RESULTS
                     if _answers(state, r, won if r == "won" else combat_resolved(state, b["who"], r)))


def _roll_blind(state):
    """Declared on :func:`combat_resolved` (``roll_blind``, read by exact odds): what it does at
    a result, and what the frames it pushes do, depends on that result, not on the character's
    roll, the creature's die or the scores (True); on that result and whether the roll is one of
    a Herald's rolls (a tuple saying which); or on the numbers (False: a held card's second die):
    ``cards.roll_read``."""
    return cards.roll_read(state)


_RESULTS = ("won", "lost", "standoff")


def second_die_offer(state):
    """Declared on :func:`combat_resolved` (``fights_on``, read by exact odds' closed form,
    ``talisman.odds.combat_odds``; odds25j): in a combat against creatures where, at every
    result, what this expansion queues is the Flail of Blood's second die (``cards.second_die``:
    "must roll 2 dice added for your battle attack roll; doubles = automatic defeat") and frames
    that act on no result (:func:`_acts_on`: a beaten card's neutral effects...), the second die
    as a die added to the character's score, ``("added", "d6", "doubles")``: rolled whatever the
    result, no choice; the same number as the battle roll loses, any other is added to the
    score and the scores compared again (the ``combat_result`` hook asked again).  Else None (a
    frame that may act on the result after the second die has turned it: the Armour of
    Humility's on a win, a Herald's roll...)."""
    b = state.battle
    if b is None or b["opponent"] is not None:
        return None
    n = len(state.stack)
    for r in _RESULTS:
        after = combat_resolved(state, b["who"], r)
        if (after is state or len(after.stack) < n or after.stack[:n] != state.stack
                or any(e.name not in _RECORDS for e in after.log[len(state.log):])):
            return None
        new = after.stack[n:]
        dice = [f for f in new if f.step == "harbinger.second_die"]
        if len(dice) != 1 or any(_acts_on(state, f, x) for f in new if f is not dice[0] for x in _RESULTS):
            return None
    return ((frozenset(_RESULTS), ("added", "d6", "doubles")),)


def _reads_no_roll(state):
    """Declared on :func:`combat_resolved` (``reads_no_roll``, read by exact odds; odds15): in
    ``state`` (a character's roll) its declarations (``changes_results``, ``roll_blind``,
    ``fights_on``) read nothing of the character's battle roll: no Herald's roll of this
    combat's kind and no held card's second die (``cards.roll_read`` True, whatever the roll:
    the only readers of the roll in :func:`combat_resolved` are those two)."""
    return cards.roll_read(state) is True


def _reads_no_fate(state):
    """Declared on :func:`combat_resolved` (``reads_no_fate``, read by exact odds; odds19): in
    ``state`` (a character's roll) its declarations (``changes_results``, ``roll_blind``,
    ``fights_on``) read nothing of a Fate re-roll, neither the Fate a fighter has left nor
    whether his roll was re-rolled: no beaten card with a table roll is in the combat
    (``cards.fate_read`` False; the hook itself reads no Fate: the Armour of Humility's "unless
    a fate is paid" is asked by its frame when it runs, not by what is declared here)."""
    return not cards.fate_read(state)


@declare(changes_results=results_answered, roll_blind=_roll_blind, fights_on=second_die_offer,
         reads_no_roll=_reads_no_roll, reads_no_fate=_reads_no_fate)
def combat_resolved(state, character, result):
    """State hook: the Horsemen's punishment, Burial Mounds' reward (frames, run before the
    result is applied)."""
    state = figure.combat_resolved(state, character, result)
    state = cards.combat_resolved(state, character, result)
    return dead.combat_resolved(state, character, result)


def _acts_on(state, f, result):
    """Whether a frame ``f`` queued by :func:`combat_resolved` may change the result when it is
    ``result``: its rule step declares the results it acts on (``acts_on``: a beaten card's and
    a held card's effects and an Omen's ``after_win`` on a win, a defending character's held
    card's on a loss of the attacker (rulings R-FC13.1), a Horseman's on a loss or a stand-off; each returns the state unchanged at any other result, read from its code); a
    step declaring nothing (the Flail of Blood's second die, a Herald's roll) acts on any.  A
    step may also declare that, with this frame's arguments, what it runs changes no result,
    fights on in none and ends no game (``neutral``: a beaten card's or a Herald's effects that
    only take from the fighter, ``cards.NEUTRAL_EFFECTS``; odds25g), or that it does so in
    ``state`` (``neutral_in``: a Horseman's punishment that kills nobody; odds25i)."""
    fn = STEPS.get(f.step)
    acts = declared(fn, "acts_on")
    if acts is not None and result not in acts:
        return False
    neutral = declared(fn, "neutral")
    if neutral is not None and neutral(f.args):
        return False
    # (or, reading the state at the creature's roll: a Horseman's punishment that kills
    # nobody, ``figure.unbeaten_harmless``; odds25i)
    neutral_in = declared(fn, "neutral_in")
    return neutral_in is None or not neutral_in(state, f.args)


#: What :func:`combat_resolved` may log and still answer no result: a Herald's roll met (its
#: effects are the frame it pushes, judged by :func:`_acts_on`).
_RECORDS = frozenset({"herald_roll"})


def answers_result(state, result=None):
    """Whether this expansion answers the result of the combat in progress (against creatures
    or enemies), when it is ``result`` (``won``, ``lost``, ``standoff``; None: any of them):
    whether :func:`combat_resolved` would log anything, or queue a frame that acts on that
    result (:func:`_acts_on`; a beaten card's effects, a Herald's roll, a Horseman not beaten,
    the Flail of Blood's second die, the Armour of Humility, an Omen's ``after_win``).  When
    every frame queued acts on other results only, none acts at all: the result stays.  It
    reads only the battle's cards, the fighter's record and the top Omen, which the creature's
    die does not change; for a result it does not answer, exact odds score a creature's roll off
    the battle record (``talisman.odds.decided_by_roll``)."""
    b = state.battle
    if b is None:
        return False
    if result is None:
        return any(combat_resolved(state, b["who"], r) is not state for r in _RESULTS)
    return _answers(state, result, combat_resolved(state, b["who"], result))


def _answers(state, result, after):
    """Whether ``after``, :func:`combat_resolved` run at ``result`` in ``state``, answers that
    result (:func:`answers_result`)."""
    if after is state:
        return False
    n = len(state.stack)
    if (len(after.stack) < n or after.stack[:n] != state.stack
            or any(e.name not in _RECORDS for e in after.log[len(state.log):])):
        return True
    return any(_acts_on(state, f, result) for f in after.stack[n:])


HOOKS = {
    "setup": setup,
    "turn_started": turn_started,
    "turn_ended": turn_ended,
    "movement_roll_answers": binding.roll_answers,
    "events_drawn": held.events_drawn,
    "before_encounter": before_encounter,
    "possession_gained": held.possession_gained,
    "other_follower_taken": held.other_follower_taken,
    "prayer_rolled": held.prayer_rolled,
    "character_died": endings.character_died,
    "draw_deck": figure.draw_deck,
    "attack_score": attack_score,
    "space_effect": terrain.space_effect,
    "crossing_guarded": terrain.crossing_guarded,
    "space_named": terrain.space_named,
    "creature_bonus": terrain.creature_bonus,
    "spell_limit": spell_limit,
    "trophy_value": trophy_value,
    "characters_fought": characters_fought,
    "movement_destinations": terrain.movement_destinations,
    "character_score": terrain.character_score,
    "cards_drawn": omens.cards_drawn,
    "spell_cast": casting.spell_cast,
    "alignment_changing": characters.alignment_changing,
    "type_limit": type_limit,
    "trophies": trophies,
    "fate_rerolled": held.fate_rerolled,
    "follower_allowed": held.follower_allowed,
    "table_roll": table_roll,
    "player_view": cards.player_view,
    "life_value": held.life_value,
    "fate_value": held.fate_value,
    "lives_losing": held.lives_losing,
    "lives_gained": held.lives_gained,
    "combat_resolved": combat_resolved,
    "combat_options": characters.combat_options,
    "combat_option_chosen": characters.combat_option_chosen,
}

EFFECTS = {**effects.EFFECTS, **dead.EFFECTS, **cards.EFFECTS}
EFFECT_SCHEMAS = {**effects.SCHEMAS, **dead.SCHEMAS, **cards.SCHEMAS}

STEPS = {"harbinger.after_fight": after_fight, "harbinger.run_for": run_for,
         **binding.STEPS, **casting.STEPS, **dead.STEPS, **characters.STEPS, **omens.STEPS,
         **terrain.STEPS, **figure.STEPS, **effects.STEPS, **cards.STEPS, **held.STEPS}
for _name in STEPS:
    assert _name.startswith("harbinger."), _name

#: Everything this expansion adds to a game (the API layer registers it: docs/architecture.md).
#: The keys of a card's ``data`` this expansion's rules read, and the kind of each value
#: (``Plugin.card_data``: a key no rule names stops loading, ruling R-HARDEN20.4).
CARD_DATA = {
    "always_draw": DATA_FLAG, "as_trophy": DATA_MAP, "at_turn_start": DATA_EFFECTS,
    "attack_on_roll": DATA_MAP, "attack_per_omen_discarded": DATA_WHOLE,
    "attack_per_trophy": DATA_WHOLE, "battle_won": DATA_EFFECTS, "beaten": DATA_EFFECTS,
    "binds_movement": DATA_FLAG, "chart_on_first_event": DATA_MAP, "continuous": DATA_MAP,
    "creature_bonus": DATA_WHOLE, "deck": DATA_TEXT, "die_modifier": DATA_WHOLE,
    "dispels": DATA_TEXT, "draw": DATA_WHOLE, "fate_value": DATA_MAP, "ignores_omens": DATA_FLAG,
    "life_value": DATA_MAP, "moves_harbinger_on_event": DATA_FLAG, "on_meet": DATA_EFFECTS,
    "on_omen_discard": DATA_EFFECTS, "on_roll": DATA_MAP, "on_take": DATA_MAP, "on_visit": DATA_MAP,
    "others_heal": DATA_WHOLE, "others_lose_lives": DATA_WHOLE, "position": DATA_WHOLE,
    "prayer_add_up_to": DATA_WHOLE, "roll_of_one_stays": DATA_FLAG, "second_die": DATA_FLAG,
    "set": DATA_TEXT, "shifts_terrain": DATA_FLAG, "table_roll_bonus": DATA_MAP,
    "toad_on_reroll": DATA_MAP, "unbeaten": DATA_EFFECTS, "wins_when_omens_exhausted": DATA_FLAG,
}

PLUGIN = Plugin("harbinger", hooks=HOOKS, steps=STEPS, effects=EFFECTS, effect_schemas=EFFECT_SCHEMAS,
                data_files={figure.FILE: figure.read_chart, terrain.FILE: terrain.read_places},
                card_data=CARD_DATA)
