"""The Blood Moon (003_4514fb79ab6fa57b.txt): the Time card and day/night, the passage of time,
Lunar Events, the prowling Werewolf and lycanthropy.

The expansion joins the base game only through the hook points of :mod:`talisman.expansions`:

``setup``
    the Time card on Day, the Werewolf on the Forest, the Lycanthrope cards shuffled;
``turn_started``
    work owed to the turn just ended (what combat results call for), then "start of turn" Lunar Events, an Enemy following the
    character, his Lycanthrope card, the Wolfsbane's cure: pushed as frames, which run before
    the turn's movement (see :mod:`.jobs`);
``turn_ended``
    a held card's ``turn_end`` effects (the Hungering Artefact); a Lunar Event rewarding a kill
    in one's own turn (Divine Retribution: an extra turn); then the Werewolf's move after a
    movement roll of 1, by the mover, before play passes on;
``movement_rolled``
    a 1: the Werewolf moves once the mover has completed his turn;
``events_drawn``
    the Time card flips (a Lunar Event names the side); the Doomsayer gains fate; the Vampire
    Hunter may discard a drawn Event to draw again (:mod:`.characters`);
``before_draw`` / ``cards_drawn``
    the Grave Robber's draw from the discard pile; the Vampire Hunter's redraw of a card that
    is not an Event, the Doomsayer's extra card, the Witch Finder's (:mod:`.characters`);
``before_encounter``
    after the move (:mod:`.after_move`): the Headless Horseman rides to its victim, Red
    Riding Hood brings the nearest Enemy, a Lunar Event's ``moved`` effects (Morning Song); then
    a lycanthrope with the ``must_attack`` rule at Night attacks a character on his space;
    the Grave Robber's Graveyard search (:mod:`.characters`);
``lives_losing``, ``spoils_options`` / ``spoils_option_chosen``, ``counter_gain``,
``possession_gained``, ``type_limit`` (and ``movement_rolled``, ``table_rolled``)
    held cards' spare lives (the Self-Portrait), spoils (the Syphoning Sceptre), a Follower
    that forbids fate and goes on a roll of 1 (the Black Cat), an Object that allows no other
    (the Living Doll), Tricks and Treats (``character_options`` /
    ``character_option_chosen``) (:mod:`.held`); a life lost to the Mummy marked on its
    combat's record (``lives_losing``, :mod:`.jobs`);
``creature_combat_starting``
    another character may cast a Spell into a combat against creatures (the Feral Hunger,
    :mod:`.onlookers`); an Enemy's ``before_battle`` effects run first (the Balefire Dragon's
    breath, :mod:`.board_cards`);
``follower_allowed``
    a Follower never with a lycanthrope (the Wolf Slayer, ``not_for``); one
    with a price joins only a character who can pay it (the Bride: a trophy,
    paid through ``possession_gained``, :mod:`.held`);
``ability_lent``
    a held card's ability of the base game by the time of day (the Disciple of Darkness at
    Night: the Wizard's "keeps one Spell", :mod:`.held`);
``card_discarded``
    a Spirit reaching the Adventure discard pile gives the Ghostwood Wand's holder a Spell
    there and then (:mod:`.wand`);
``character_died`` / ``became_toad``
    the Lycanthrope card is discarded (and a dead character is no longer stalked);
``other_possessions`` / ``other_possessions_lost``
    the cards it keeps for a character that are his Possessions (the Enemies on his Book of
    the Dead, the Enemy his Reanimate raised, the Night Stalker following him): counted by the
    Stowaways, discarded when he loses all Possessions or becomes a Toad (docs/rulings.md
    R-RULER20.5, R-FIX23.1);
``attack_score``
    Day: each creature 1 less off its attack score (its value, down to 0: with the die the
    score is never below 1); Night: 1 more; for each enemy separately;
``character_score``, ``combat_result``, ``attack_roll``, ``combat_options`` /
``combat_option_chosen``, ``draw_count``, ``movement_dice``, ``movement_count``,
``movement_destinations``, ``combat_resolved``, ``prayer_rolled``
    the cards' ``data.modifiers`` (:mod:`.modifiers`); a face-up card that stops moves (the
    Wall of Fire); a held card's added die (the Champion of Light by Day, at
    ``combat_resolved``); the Fire Giant burning on his way (:mod:`.board_cards`).

Its plain data lives in ``state.ext["blood_moon"]`` (:mod:`.store`).
"""
from __future__ import annotations

from pyrsistent import pmap, pvector

from ...engine.ruleset import Plugin, declare
from ...definitions import (DATA_EFFECTS, DATA_FLAG, DATA_MAP, DATA_MAPS, DATA_TEXT, DATA_TEXTS, DATA_WHOLE,
                            load)
from ...engine.dice import shuffle
from ...engine.machine import decide, log
from ...engine.records import replace
from ...rules import characters as chars
from ...rules.hooks import adjust
from . import effects as _effects
from . import after_move, board_cards, book, lantern, risen, characters, haunting, held, jobs, kept, lycanthropy, modifiers, onlookers, store, time_card, wand, werewolf

DECK = "lycanthrope"


def setup(state):
    """SETUP: the Time card Day side up, the Werewolf on the Forest, the Lycanthrope cards
    shuffled into a deck of their own."""
    cards, dice = shuffle(state.dice, state.decks.get(DECK, ()))
    state = replace(state, dice=dice, decks=state.decks.set(DECK, pvector(cards)))
    state = store.initial(state)
    return log(state, "blood_moon_setup", time=store.DAY, werewolf=store.WEREWOLF_START)


def turn_started(state, character):
    """A turn boundary: what the last turn's combats call for (recorded by the
    ``combat_ended`` hook), then this
    character's "start of turn"
    Lunar Events, the Enemy following him, his Lycanthrope card and the Wolfsbane's cure; all
    pushed as frames, which run before the turn's movement (see :mod:`.jobs` for why not in
    ``turn_ended``)."""
    state = jobs.settle(state)
    if store.get(state, "kept_on"):  # cards kept on a card that has left its space go with it
        state = kept.sweep(state)
    if store.get(state, "books"):  # cards stored on a book that has left its holder go with it
        state = book.sweep(state)
    if store.get(state, "reanimated"):  # the Enemies a dead character had reanimated
        state = risen.sweep(state)
    if store.get(state, "handed"):  # a card handed by the Lantern Sprite goes back on top
        state = lantern.turn_started(state, character)
    if character in store.get(state, "attack_rolls_fixed", {}):  # Feral Hunger at Night ends
        fixed = store.get(state, "attack_rolls_fixed")
        state = store.store(state, attack_rolls_fixed=fixed.discard(character))
        state = log(state, "attack_rolls_free", character=character)
    todo = list(store.get(state, "jobs", ()))
    state = store.store(state, jobs=[])
    ch = state.characters[character]
    if ch.alive and not ch.lost_turn:
        todo += time_card.turn_start_jobs(state, character)
        todo += lycanthropy.turn_start_jobs(state, character)
        todo += held.turn_start_jobs(state, character)  # a Follower sent away (Champion of Light)
        todo += cure_offer(state, character)
    return jobs.push_jobs(state, todo)


def cure_offer(state, cid):
    """An object that may be discarded to discard the Lycanthrope card (the Wolfsbane):
    offered at the start of the lycanthrope's turn."""
    if not lycanthropy.is_lycanthrope(state, cid):
        return []
    ch = state.characters[cid]
    for c in dict.fromkeys(ch.objects):
        if store.card_data(c).get("cures_lycanthropy"):
            return [jobs.effects_job(cid, [{"choose": [
                {"id": "cure", "effects": [{"cure_lycanthropy": {"discard": c}}]},
                {"id": "keep", "effects": [{"nothing": {}}]}]}], c)]
    return []


def movement_rolled(state, character, roll, dice=None):
    """MOVING THE WEREWOLF: "Whenever a player rolls a '1' for his move" (the last roll
    counts when fate buys another; under the Moon Mist the lower die is the roll)."""
    counted = modifiers.counted_die(state, character, roll, dice)
    if counted != roll:  # the base log's movement_roll holds the dice's sum: say which counts
        roll = counted
        state = log(state, "movement_roll_counted", character=character, roll=roll, dice=list(dice),
                        cause="the lowest die (Moon Mist)")
    state = held.movement_rolled(state, character, roll, dice)  # the Black Cat goes on a 1
    if roll == 1:
        state = store.store(state, werewolf_due=character)
        return log(state, "werewolf_stirs", character=character)
    if store.get(state, "werewolf_due") == character:
        state = store.store(state, werewolf_due=None)
    return state


def events_drawn(state, character, cards):
    # (flipped already: as a card was drawn, or for the Event this one was drawn in place of)
    if not time_card.draw_flip_done(state, character, cards) \
            and not characters.drawn_in_place(state, character, cards):
        state = time_card.passage_of_time(state, character, cards)
    return characters.events_drawn(state, character, cards)


def before_encounter(state, result, character, space):
    """A lycanthrope whose card says so must attack a character on his space at Night; the
    Grave Robber's search of the Graveyard (:mod:`.characters`); a held card's offer after
    the space's encounter (the Lost Soul, :mod:`.held`).  Either of the first two, or
    :mod:`.after_move`'s effects, replaces the encounter."""
    if has_followers(result[0], character):  # a haunted character across the Storm River is free
        result = (haunting.crossed(result[0], character, space), result[1])
    state, replaced = after_move.before_encounter(*result, character, space)
    if replaced:
        return state, replaced
    state = characters.before_encounter(state, character, space)
    state = held.before_encounter(state, character, space)  # the Lost Soul after the Chapel
    if not must_attack_here(state, character, space):
        return state, replaced
    others = [o for o in state.order if o != character and store.alive(state, o)
              and state.characters[o].space == space]
    if not others:
        return state, replaced
    state = log(state, "lycanthrope_must_attack", character=character, card=lycanthropy.card_of(state, character))
    return decide(state, character, "encounter", [f"encounter:char:{o}" for o in others],
                  "encounters.chosen", prompt="the beast must attack"), True


def must_attack_here(state, character, space):
    """Whether ``character``, a lycanthrope whose card says so, must attack a character on
    ``space`` at Night, having moved there in the Outer or Middle Region.  An attack barred (the
    Lightbearers' star: no attacks) lifts the "must attack": the space is met as usual
    (R-BM11.7)."""
    ch = state.characters[character]
    return bool(ch.alive and ch.turn_flags.get("moved")
                and load().board.spaces[space].region in ("outer", "middle")
                and lycanthropy.must_attack(state, character)
                and adjust(state, "attacks_allowed", True, character=character))


def character_options(state, options, character, other):
    """Tricks and Treats (:mod:`.held`); then a lycanthrope who must attack (the stand-in
    Bloodlust: "you must attack one of them instead of meeting the space") is offered only his
    attacks: a Special Ability used "instead of attacking" (the Thief's theft) or a card's trick
    is no attack (R-PROBE18C.2)."""
    options = held.character_options(state, options, character, other)
    if must_attack_here(state, character, state.characters[character].space):
        attacks = tuple(o for o in options if o.startswith("attack:"))
        if attacks:
            return attacks
    return options


def has_followers(state, character):
    ch = state.characters[character]
    return ch.alive and ch.followers


def turn_ended(state, character):
    """A held card's end-of-turn rule (the Hungering Artefact), then a Lunar Event's reward for
    a kill in the turn (Divine Retribution), then the Werewolf's move owed by a movement roll
    of 1: MOVING THE WEREWOLF, "he completes his turn as normal, but then he must roll the die
    again and move the Werewolf figure": still in the mover's turn, before play passes on.
    (Frames pushed later run first: the Werewolf's frame is pushed first, so it runs last.  A
    mover killed by the Werewolf's chart ends nothing more: ``kernel.end_turn_now`` stops at
    ``turn.pass``.)"""
    due = store.get(state, "werewolf_due")
    if due is not None:
        state = store.store(state, werewolf_due=None)
        if due == character and store.alive(state, due):
            state = jobs.push_jobs(state, [{"kind": "werewolf", "mover": due}])
    state = time_card.held_turn_end(state, character)
    return time_card.turn_ended(state, character)


def character_died(state, character):
    if character in store.get(state, "stalkers", pmap()):  # the Enemy following him is discarded
        card = store.get(state, "stalkers")[character]
        state = store.store(state, stalkers=store.get(state, "stalkers").discard(character))
        state = chars.discard(state, card)
    return lycanthropy.discard_card(state, character, "died")


#: The store's fields keeping a character's Possessions outside his five lists, by character
#: (docs/rulings.md R-RULER20.5): the Enemies on his Book of the Dead (``books``: "Killed
#: enemies" kept, LIMIT TO NUMBER OF OBJECTS), the Enemy his Reanimate raised (``reanimated``:
#: "it follows you"), the Night Stalker ("it joins you as a Follower"); not his Lycanthrope
#: card (his condition, as the Toad card is), the Headless Horseman riding after him, nor the
#: Adventure card the Lantern Sprite handed him (the deck's, back on top).
POSSESSION_FIELDS = ("books", "reanimated")


def _possessions(state, character):
    """``[(field, cards)]``: the cards of :data:`POSSESSION_FIELDS` that are ``character``'s.
    The Enemies stored on a Book of the Dead are the Book's holder's: kept for a character who no
    longer holds it (taken or dropped this turn), they go with the Book at the next turn boundary
    (:func:`book.sweep`) and are not his (docs/rulings.md R-FIX23.3, R-BM19B-2)."""
    fields = []
    for field in POSSESSION_FIELDS:
        cards = store.listed(state, field, character)
        if cards and (field != "books" or book.holds_book(state, character)):
            fields.append((field, cards))
    return fields


def other_possessions(state, possessions, character):
    """POSSESSIONS: "Anything belonging to any Character is considered a Possession": the cards
    this expansion keeps for ``character`` that are his (:func:`_possessions`, the Night Stalker
    following him)."""
    if not store.enabled(state):
        return possessions
    cards = [c for _, listed in _possessions(state, character) for c in listed]
    stalker = store.get(state, "stalkers", pmap()).get(character)
    if stalker is not None:
        cards.append(stalker)
    return tuple(possessions) + tuple(cards) if cards else possessions


def other_possessions_lost(state, character, cause):
    """He loses all Possessions, or becomes a Toad (``cause``): the cards of
    :func:`other_possessions` go to the discard pile (a Toad's too: kept Enemy cards are never laid
    on the space, docs/rulings.md R-FIX23.1); asked while he still holds his Book of the Dead."""
    if not store.enabled(state):
        return state
    gone = []
    for field, cards in _possessions(state, character):
        state = store.set_listed(state, field, character, [])
        gone += cards
    stalkers = store.get(state, "stalkers", pmap())
    if character in stalkers:
        gone.append(stalkers[character])
        state = store.store(state, stalkers=stalkers.discard(character))
    for c in gone:
        state = chars.discard(state, c)
    return log(state, "other_possessions_discarded", character=character, cards=gone, cause=cause) if gone else state


@declare(dice_blind=True)  # (the Time card, a card's day/night change, the trophies: no die)
def attack_score(state, score, enemy, kind="battle"):
    if not store.enabled(state):
        return score
    return time_card.attack_score(state, score, enemy, kind)


def became_toad(state, character):
    """BECOMING A LYCANTHROPE: "If a character is turned into a Toad, he must discard his
    Lycanthrope Card"."""
    return lycanthropy.discard_card(state, character, "turned into a Toad")


def cards_drawn(state, character, space, cards):
    """A card with spare lives drawn again holds all of them (:mod:`.held`); the characters'
    and the Witch Finder's extra cards (:mod:`.characters`)."""
    state = held.cards_drawn(state, character, space, cards)
    return characters.cards_drawn(state, character, space, cards)


def _roll_blind(state):
    """Declared on :func:`combat_resolved` (``roll_blind``, read by exact odds): what it does at
    a result, and what the frames it pushes do, depends on that result and the cards, not on the
    numbers compared (the character's battle roll, the creature's die, the scores): true unless
    the character holds a card reacting to a roll of his (the Black Cat on a 1:
    :func:`held.reacts_to_rolls`) or a die is added to the scores (the Champion of Light:
    :func:`modifiers.die_added`, whose steps read them).  A card's answer reads the result, the
    cards tried and the turn's flags: the Pharaoh's Crown keeps the roll for the creatures' roll
    again, the Torchbearer's attack again clears it, neither reads it; an Enemy moving on reads
    the result."""
    b = state.battle
    return b is None or not (held.reacts_to_rolls(state, b["who"]) or modifiers.die_added(state))


# (reads_no_roll: results_answered, _roll_blind and fight_on_offer read the cards, the flags and
# the time, never the character's battle roll: exact odds ask them at one roll for all;
# reads_no_fate: nor a Fate re-roll, the Fate left or the roll re-rolled: asked once, odds18)
@declare(changes_results=modifiers.results_answered, roll_blind=_roll_blind, reads_no_roll=True,
         reads_no_fate=True, fights_on=modifiers.fight_on_offer)
def combat_resolved(state, character, result):
    """An Enemy that moves on when not killed (:mod:`.board_cards`), checked once the cards
    answering the result (:mod:`.modifiers`: the Sun Shield, the Torchbearer...) have run."""
    state = board_cards.combat_resolved(state, character, result)
    state = modifiers.combat_resolved(state, character, result)
    state = held.combat_resolved(state, character, result)  # the Black Cat on an attack roll of 1
    # the Champion of Light's added die: pushed last, it is rolled before the other answers
    return modifiers.added_die(state, character, result)


def combat_ended(state, combat):
    """The combat recorded for the next settlement (:mod:`.jobs`); a book's offer to store the
    Enemies just killed (:mod:`.book`)."""
    return book.combat_ended(jobs.combat_ended(state, combat), combat)


def combat_options(state, options, character):
    """The cards' options (:mod:`.modifiers`), then a book's stored Enemies (:mod:`.book`) and
    the reanimated ones (:mod:`.risen`)."""
    options = book.combat_options(state, modifiers.combat_options(state, options, character), character)
    return risen.combat_options(state, options, character)


def combat_option_chosen(state, character, action):
    state = modifiers.combat_option_chosen(state, character, action)
    state = book.combat_option_chosen(state, character, action)
    return risen.combat_option_chosen(state, character, action)


def lives_losing(state, result, character, amount, cause):
    """Spare lives on a held card first (the Self-Portrait, :mod:`.held`); then a life lost to
    the Mummy is marked on its combat's record (:mod:`.jobs`)."""
    result = held.lives_losing(state, result, character, amount, cause)
    return jobs.lives_losing(state, result, character, amount, cause)


def creature_combat_starting(state, character):
    """Before the fighter declares: the onlookers' Spells are offered once an Enemy's
    ``before_battle`` effects have run (the Balefire Dragon's breath; frames: last pushed, first run)."""
    state = onlookers.creature_combat_starting(state, character)
    return board_cards.before_battle(state, character)


def prayer_rolled(state, character, roll):
    """Holy Day's and the Prayer Book's addition (:mod:`.modifiers`); the Black Cat sees the
    prayer's die as any table roll (``table_rolled``)."""
    return modifiers.prayer_rolled(state, character, roll)


HOOKS = {"setup": setup, "turn_started": turn_started,
         "combat_ended": combat_ended, "card_met": jobs.card_met, "movement_rolled": movement_rolled,
         "events_drawn": events_drawn, "before_encounter": before_encounter,
         "character_died": character_died, "became_toad": became_toad,
         "attack_score": attack_score, "character_score": modifiers.character_score,
         "combat_result": modifiers.combat_result, "draw_count": modifiers.draw_count,
         "combat_options": combat_options, "combat_option_chosen": combat_option_chosen,
         "attack_roll": modifiers.attack_roll, "movement_dice": modifiers.movement_dice,
         "movement_destinations": modifiers.movement_destinations,
         "movement_count": modifiers.movement_count,
         "before_draw": characters.before_draw, "cards_drawn": cards_drawn,
         "combat_resolved": combat_resolved, "prayer_rolled": prayer_rolled,
         "table_rolled": held.table_rolled,
         "turn_ended": turn_ended,
         "lives_losing": lives_losing, "spoils_options": held.spoils_options,
         "spoils_option_chosen": held.spoils_option_chosen, "counter_gain": held.counter_gain,
         "possession_gained": held.possession_gained, "type_limit": held.type_limit,
         "character_options": character_options,
         "character_option_chosen": held.character_option_chosen, "ability_lent": held.ability_lent,
         "follower_allowed": held.follower_allowed,
         "creature_combat_starting": creature_combat_starting,
         "player_view": lantern.player_view, "card_discarded": wand.card_discarded,
         "other_possessions": other_possessions, "other_possessions_lost": other_possessions_lost}

EFFECTS = _effects.EFFECTS
EFFECT_SCHEMAS = _effects.EFFECT_SCHEMAS

STEPS = {}
for _m in (jobs, lycanthropy, werewolf, _effects, characters, modifiers, after_move, held, onlookers, book):
    for _name, _fn in _m.STEPS.items():
        assert _name.startswith("blood_moon.") and _name not in STEPS, _name
        STEPS[_name] = _fn

#: What of this expansion plays without it, as base plugins wanted where it can act (the
#: characters, 003 Expansion Rules; :mod:`.characters`).
ALONE_PLUGINS = (characters.ALONE_PLUGIN,)

#: Everything this expansion adds to a game (the API layer registers it: docs/architecture.md).
#: The keys of a card's ``data`` this expansion's rules read, and the kind of each value
#: (``Plugin.card_data``: a key no rule names stops loading, ruling R-HARDEN20.4).
CARD_DATA = {
    "abilities_at": DATA_MAP, "after_draw": DATA_MAP, "after_move": DATA_TEXT,
    "after_visit": DATA_MAP, "before_battle": DATA_EFFECTS, "burns": DATA_FLAG,
    "cast_into_combats": DATA_FLAG, "cures_lycanthropy": DATA_FLAG, "haunts": DATA_FLAG,
    "joins_for": DATA_TEXT, "keeps_kills": DATA_MAP, "leaves_on_roll": DATA_WHOLE,
    "modifiers": DATA_MAPS, "moves_when_not_killed": DATA_TEXT, "night": DATA_MAP,
    "night_attack": DATA_WHOLE, "no_gain": DATA_TEXTS, "not_for": DATA_TEXT, "on_defeat": DATA_EFFECTS,
    "on_gain": DATA_MAP, "on_wound": DATA_EFFECTS, "rides_to_victim": DATA_FLAG, "side": DATA_TEXT,
    "sold_as_object": DATA_FLAG, "sole_object": DATA_FLAG, "spare_lives": DATA_WHOLE,
    "spirit_discarded": DATA_EFFECTS, "spoils": DATA_TEXTS, "stalks": DATA_EFFECTS,
    "stops_moves": DATA_FLAG, "strength_from": DATA_TEXT, "swap_drawn": DATA_FLAG,
    "trick_on_character": DATA_FLAG, "turn_end": DATA_EFFECTS, "turn_start": DATA_MAP,
    "werewolf_chart_bonus": DATA_WHOLE, "while_in_play": DATA_MAP,
}

PLUGIN = Plugin("blood_moon", hooks=HOOKS, steps=STEPS, effects=EFFECTS, effect_schemas=EFFECT_SCHEMAS,
                data_files={lycanthropy.FILE: lycanthropy.read},
                card_data=CARD_DATA)
