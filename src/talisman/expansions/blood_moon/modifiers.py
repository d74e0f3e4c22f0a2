"""Cards that change a combat, a draw or an evasion while they are in play: ``data.modifiers``.

A modifier is plain data on a card (docs/blood_moon.md lists the keys).  Where it comes from
says whom it concerns:

* a Lunar Event beside the Time card: every character it reaches (``store.lunar_events_reaching``:
  not one in the Catacombs, docs/rulings.md R-OQ10.1);
* an Object (usable) or a Follower a character holds: that character (never a Toad);
* an Enemy in the combat: that combat.

``hook`` names the value hook it answers: ``character_score`` (``add``), ``combat_result``
(``from`` -> ``to``), ``draw_count`` (``add`` / ``at_least``), ``evade`` (the ``evade`` option
before the dice), ``no_character_roll`` (the character's die does not count), ``combat_option``
(an object discarded before the dice for a fixed attack roll, ``roll``, or to end the combat
with a ``result``: ``evaded``; ``discard_enemies``: its Enemy cards discarded too), ``send_away`` (an Enemy's: the ``send_away`` option, which
sends it to another space of the Region and ends the combat as evaded), ``added_die`` (one die
more, added to the combatant's attack score: :func:`added_die`).

Conditions, all optional: ``time`` (``day``/``night``), ``in`` (``battle``/``psychic``),
``against`` (``creature``/``character``), ``alignment`` (a list), ``unless_lycanthrope``,
``character_roll`` (the character's attack roll), ``margin_below`` (won by less than this),
``spaces`` (a space kind: ``fields``).
"""
from __future__ import annotations

from ...definitions import load
from ...rules import characters as chars
from . import store
from ...engine.machine import decide, frame, log, push, request_roll
from ...engine.records import IdentityMemo, deep_freeze, replace
from ...rules import kernel
from ...rules.hooks import adjust
from ...rules.movement import walks
from ...state import update_character
from . import board_cards, lycanthropy
from ...engine.ruleset import declare


def _kind_of_space(space):
    return space.rsplit("_", 1)[0] if space[-1].isdigit() else space


def held_cards(state, cid):
    """The usable Objects and the Followers ``cid`` holds (none for a Toad or the dead)."""
    return list(_held(state, state.characters.get(cid)))


#: Memos of what a character's record and the Lunar Events decide, asked again for every die of
#: a combat (each comparison of the scores asks the modifiers five times, and the states of one
#: combat share these records): keyed by the records' identities (``engine.records.IdentityMemo``:
#: small, as each entry keeps a character and the whole ``ext`` record alive); the loaded
#: definitions are part of the key.
_HELD = IdentityMemo(32)
_BY_HOOK = IdentityMemo(32)
_ENEMIES = IdentityMemo(16)


def _held(state, ch):
    # (what a piece may use can depend on the whole ``ext``: the ``object_usable`` hook, the
    # Mystic's use limit; so the memo holds the ``ext`` record too)
    defs, ext = load(), state.ext
    key = (id(ch), id(defs), id(ext))
    held = _HELD.find(key)
    if held is not None:
        return held
    held = ()
    if ch is not None and ch.alive and not ch.toad_turns:
        cards = defs.cards
        held = tuple([c for c in dict.fromkeys(ch.objects) if chars.usable(ch, cards[c], state)
                      and not chars.objects_do_not_count(ch.space)] + list(dict.fromkeys(ch.followers)))
    return _HELD.keep(key, (ch, defs, ext), held)


def _sources(state, events, ch, enemies):
    out = []
    for c in events:
        out += [(c, m) for m in store.card_data(c).get("modifiers", ())]
    for c in _held(state, ch):
        out += [(c, m) for m in store.card_data(c).get("modifiers", ())]
    for e in dict.fromkeys(enemies):
        out += [(e, m) for m in store.card_data(e).get("modifiers", ())]
    return out


def sources(state, cid, enemies=()):
    """``(card, modifier)`` for every modifier concerning ``cid`` now."""
    return _sources(state, store.lunar_events_reaching(state, cid), state.characters.get(cid), enemies)


def by_hook(state, cid, enemies=()):
    """:func:`sources` grouped by the hook each modifier answers (``hook -> ((card, modifier),
    ...)``), remembered for the same ``ext`` (the Lunar Events, and what a piece may use),
    character record and enemies."""
    record, ch, defs = state.ext, state.characters.get(cid), load()
    enemies = enemies if type(enemies) is tuple else tuple(enemies)
    config = state.config  # (which expansions answer ``effect_targets`` for the Lunar Events)
    key = (id(record), id(ch), id(defs), id(config), enemies)
    frozen = _BY_HOOK.find(key)
    if frozen is not None:
        return frozen
    grouped: dict = {}
    for c, m in _sources(state, store.lunar_events_reaching(state, cid), ch, enemies):
        grouped.setdefault(m["hook"], []).append((c, m))
    frozen = {h: tuple(found) for h, found in grouped.items()}
    return _BY_HOOK.keep(key, (record, ch, defs, config), frozen)


def applies(state, cid, m, kind=None, opponent=None):
    """Whether modifier ``m``'s conditions hold for ``cid`` (in a combat of ``kind`` against
    ``opponent``, a character or None for creatures)."""
    if "time" in m and store.time(state) != m["time"]:
        return False
    if "in" in m and kind is not None and m["in"] != kind:
        return False
    if "against" in m and m["against"] != "any" and \
            m["against"] != ("character" if opponent is not None else "creature"):
        return False
    ch = state.characters.get(cid)
    if "alignment" in m and (ch is None or ch.alignment not in m["alignment"]):
        return False
    if m.get("unless_lycanthrope") and lycanthropy.is_lycanthrope(state, cid):
        return False
    return True


def active(state, cid, hook, kind=None, opponent=None, enemies=()):
    return [(c, m) for c, m in by_hook(state, cid, enemies).get(hook, ())
            if applies(state, cid, m, kind, opponent)]


def battle_enemies(state):
    """The Enemy cards of the battle in progress (a tuple; remembered for the same list)."""
    b = state.battle
    if b is None:
        return ()
    listed = b["enemies"]
    found = _ENEMIES.find(id(listed))
    if found is not None:
        return found
    return _ENEMIES.keep(id(listed), listed, tuple(e["card"] for e in listed if e.get("card")))


# --- the value hooks --------------------------------------------------------------------------

def _dice_blind_score(state):
    """Whether :func:`character_score` in the combat in progress is the same whatever the
    character's die, Fate re-roll or Fate left: no die fixed (``bm_character_roll``) and no
    ``no_character_roll`` modifier in play (declared for exact odds: ``dice_blind``)."""
    b = state.battle
    return b is not None and b.get("bm_character_roll") is None and \
        not active(state, b["who"], "no_character_roll", b["kind"], b["opponent"], battle_enemies(state))


def _roll_term(state):
    """What :func:`character_score` adds with the character's battle roll in the combat in
    progress (against creatures), beyond its value with no roll: his roll fixed
    (``bm_character_roll``: the Wooden Stake's 6) or not counted (``no_character_roll``: the
    Lurking Horror by Night) replaces it; the rest of the hook is the same whatever the die, the
    Fate re-roll or the Fate left (declared for exact odds: ``roll_term``).  None between
    characters."""
    b = state.battle
    if b is None or b["opponent"] is not None:
        return None
    who, fixed, foes = b["who"], b.get("bm_character_roll"), battle_enemies(state)

    def term(roll, character, kind):
        if character != who:
            return 0
        counted = roll if fixed is None else fixed
        if active(state, who, "no_character_roll", kind, None, foes):
            counted = 0
        return counted - roll
    return term


@declare(dice_blind=_dice_blind_score, roll_term=_roll_term)
def character_score(state, score, character, kind):
    """Bonuses to the character's Strength or Craft in a combat (the Hammer of Light by Day...);
    and the character's own die changed: the Wooden Stake's 6, the Lurking Horror's none."""
    b = state.battle
    opponent = None
    if b is not None:
        opponent = b["opponent"] if b["who"] == character else b["who"]
    foes = battle_enemies(state) if b is not None and b["who"] == character else ()
    for _, m in active(state, character, "character_score", kind, opponent, foes):
        score += m["add"]
    if b is not None and b["who"] == character and b["opponent"] is None and b.get("roll") is not None:
        roll = b["roll"]
        fixed = b.get("bm_character_roll")
        if fixed is not None:
            score += fixed - roll
            roll = fixed
        if active(state, character, "no_character_roll", kind, None, foes):
            score -= roll
    return score


def _idle_result(state):
    """Whether :func:`combat_result` returns the result it is given in this combat, whatever
    the die: no card's ``combat_result`` modifier in play for it."""
    b = state.battle
    return not active(state, b.who, "combat_result", b.kind, b.opponent, battle_enemies(state))


def _turned(mods, result, roll, margin):
    """``result`` as the first of the ``combat_result`` modifiers ``mods`` that applies turns
    it: its ``from`` (any result when not given), the character's battle ``roll``
    (``character_roll``) and the scores' ``margin`` (the character's less the opponent's,
    ``margin_below``; None: not known, such a modifier does not apply)."""
    for m in mods:
        if m.get("from", result) != result:
            continue
        if "character_roll" in m and roll != m["character_roll"]:
            continue
        if "margin_below" in m and (margin is None or margin >= m["margin_below"]):
            continue
        return m["to"]
    return result


def _turns(state):
    """How :func:`combat_result` turns a result in the combat in progress (against creatures),
    given the result, the character's battle roll and the scores' margin alone: the modifiers in
    play do not depend on the dice, the Fate re-roll or the Fate left (declared for exact odds:
    ``turns``).  None between characters."""
    b = state.battle
    if b is None or b["opponent"] is not None:
        return None
    mods = tuple(m for _, m in active(state, b["who"], "combat_result", b["kind"], None,
                                      battle_enemies(state)))
    return lambda result, roll, margin: _turned(mods, result, roll, margin)


@declare(idle=_idle_result, turns=_turns)
def combat_result(state, result, character, kind, enemies, opponent):
    """A result turned into another (the Aegis of Daylight, the Vampire Bats, the Doomsword)."""
    b = state.battle
    mods = [m for _, m in active(state, character, "combat_result", kind, opponent, battle_enemies(state))]
    margin = None
    if any("margin_below" in m for m in mods):
        scores = next((e for e in reversed(state.log) if e.name == "combat_scores"), None)
        margin = None if scores is None else scores.get("character_score") - scores.get("opponent_score")
    return _turned(mods, result, None if b is None else b.get("roll"), margin)


def draw_count(state, count, character, space):
    """More cards drawn (the Children of the Night: one more; the Pumpkin King: Fields up to 3)."""
    if not count:
        return count
    for _, m in active(state, character, "draw_count"):
        if "spaces" in m and _kind_of_space(space) not in m["spaces"]:
            continue
        count = max(count, m["at_least"]) if "at_least" in m else count + m.get("add", 0)
    return count


def combat_options(state, options, character):
    """The ``evade`` option a card gives, and ``use:<card>`` for an object discarded before
    the dice (the Wooden Stake)."""
    b = state.battle
    if b is None or b["who"] != character:
        return options
    foes = battle_enemies(state)
    inner = load().board.spaces[state.characters[character].space].region in ("inner", "crown")
    out = list(options)
    if "evade" not in out and b["evadable"] and not (inner and b["opponent"] is None) and \
            active(state, character, "evade", b["kind"], b["opponent"], foes):
        out.insert(1, "evade")
    if b["opponent"] is None and "send_away" not in out and \
            active(state, character, "send_away", b["kind"], None, foes):
        out.append("send_away")  # the Pit Fiend Shirker: sent to another space of the Region
    if b.get("bm_character_roll") is None:
        for c, _ in active(state, character, "combat_option", b["kind"], b["opponent"], foes):
            if c in state.characters[character].objects and f"use:{c}" not in out:
                out.append(f"use:{c}")
    return tuple(out)


def combat_option_chosen(state, character, action):
    """``use:<card>``: the object is discarded and the attack roll becomes its ``roll`` (or the
    combat ends with its ``result``: the Holy Water's ``evaded``)."""
    if action == "send_away":
        return push(state, frame("blood_moon.send_away", who=character))
    if not action.startswith("use:"):
        return state
    c = action.split(":", 1)[1]
    ch = state.characters[character]
    mods = [m for m in store.card_data(c).get("modifiers", ()) if m["hook"] == "combat_option"]
    if not mods or c not in ch.objects:
        return state
    state = chars.remove_objects(state, character, [c])
    state = chars.discard(state, c)
    if "result" in mods[0]:  # the combat ends (the Holy Water: its Enemies discarded, as evaded)
        enemies = [e["card"] for e in state.battle["enemies"] if e.get("card")]
        if mods[0].get("discard_enemies"):
            state = board_cards.discard_battle_enemies(state, character)
        state = replace(state, battle=state.battle.set("result", mods[0]["result"]))
        return log(state, "object_used", character=character, card=c, result=mods[0]["result"],
                   discarded=enemies if mods[0].get("discard_enemies") else [])
    state = replace(state, battle=state.battle.set("bm_character_roll", mods[0]["roll"]))
    return log(state, "object_used", character=character, card=c, roll=mods[0]["roll"])


def _idle_roll(state):
    """Whether :func:`attack_roll` returns the roll it is given in this combat: no Feral Hunger
    (the battle's ``bm_attack_roll``, the expansion's ``attack_rolls_fixed``)."""
    return state.battle.get("bm_attack_roll") is None and not store.get(state, "attack_rolls_fixed")


@declare(idle=_idle_roll)
def attack_roll(state, roll, enemies, kind, character):
    """A creature's attack roll fixed (the Feral Hunger: a 6 in this combat; cast at Night,
    every creature's until the caster's next turn: ``ext.blood_moon.attack_rolls_fixed``)."""
    b = state.battle
    if b is not None and b.get("bm_attack_roll") is not None:
        return b["bm_attack_roll"]
    fixed = store.get(state, "attack_rolls_fixed")
    if fixed:
        return max(fixed.values())
    return roll


# --- movement (the movement_dice / movement_destinations value hooks) ---------------------------

def movement_dice(state, spec, character):
    """``{hook: movement_dice, count: N}``: the movement roll is made with N dice of the kind
    the character rolls (the Moon Mist: two dice, the lower one counting)."""
    for _, m in active(state, character, "movement_dice"):
        spec = f"{m['count']}d{spec.split('d', 1)[1]}"
    return spec


def counted_die(state, character, roll, dice=None):
    """The number a movement roll of ``dice`` counts as: the lowest die under a ``lowest_die``
    modifier (the Moon Mist: "roll one extra die, use the lowest"), else ``roll``.  Also the
    ``movement_count`` value hook (what reads the roll of the movement die: rulings R-MM9)."""
    if dice and len(dice) > 1 and any(m.get("lowest_die") for _, m in active(state, character, "movement")):
        return min(dice)
    return roll


def movement_count(state, count, character, dice):
    """Value hook ``movement_count``: the die of several that counts (:func:`counted_die`)."""
    return counted_die(state, character, count, dice)


def stops_moves(state):
    """Spaces holding a face-up card that stops every move entering it (``data.stops_moves``:
    the Wall of Fire)."""
    return {s for s, cards in state.board_cards.items()
            if any(store.card_data(c).get("stops_moves") for c in cards)}


def _holds_enemy(state, space):
    return any(load().cards[c].type == "enemy" for c in state.board_cards.get(space, ()))


def movement_destinations(state, destinations, character, roll, dice=None, way=None):
    """``{hook: movement, ...}`` modifiers: ``exactly: N`` (the move is N spaces whatever the
    roll: the Haunting Poltergeist, 1), ``lowest_die`` (the roll is the lowest die: the
    Moon Mist), ``up_to_roll`` (any number of spaces up to the roll: the Guiding Light, the
    Witch's Broom at Night), ``stop_at: enemy`` (a move stops on entering a space holding an
    Enemy: Fright Night); and a face-up card with ``data.stops_moves`` stops every move
    entering its space (the Wall of Fire).  ``way``: the walks looked at for a space reached
    both ways round (``movement.walks``: the clockwise ones unless ``anticlockwise``), or the
    one walk the move follows (``hooks.OneWalk``: the Stowaways' run)."""
    mods = [m for _, m in active(state, character, "movement")]
    walls = stops_moves(state)
    if not mods and not walls:
        return destinations
    count = roll
    exact = [m["exactly"] for m in mods if "exactly" in m]
    if exact:  # the move is this many spaces, whatever the roll (the Haunting Poltergeist: one)
        count = min(exact)
        paths = walks(state, character, count, way)
    elif any(m.get("lowest_die") for m in mods) and dice and len(dice) > 1:
        count = min(dice)
        paths = walks(state, character, count, way)
    else:
        full = walks(state, character, roll, way)
        paths = {d: full.get(d) or _shortest_walk(state, character, d, roll, way) for d in destinations}
    if any(m.get("up_to_roll") for m in mods):
        for k in range(1, count):
            for d, p in walks(state, character, k, way).items():
                paths.setdefault(d, p)
    stop_enemy = any(m.get("stop_at") == "enemy" for m in mods)
    out = set()
    for d, path in paths.items():
        for sp, _ in path[:-1]:
            if sp in walls or (stop_enemy and _holds_enemy(state, sp)):
                d = sp
                break
        out.add(d)
    return tuple(sorted(out))


def _shortest_walk(state, character, dest, roll, way):
    """The walk to a destination the roll's own count does not reach (one the hook point was
    asked with or another subscriber added: a space short of the roll, where another's Dark
    Binding may stop the mover, or the Bog's shorter roll): the shortest count short of the roll
    that reaches it, as the move walks it (``movement.shortest_path``), so a stop on the way
    stops it there too (rulings R-NA11.1); ``()`` when none does (staying put, a Door)."""
    for k in range(1, roll):
        path = walks(state, character, k, way).get(dest)
        if path:
            return path
    return ()


# --- after the result (the combat_resolved state hook) ------------------------------------------

def combat_resolved(state, character, result):
    """State hook: cards that answer a combat's result (``{hook: combat_resolved}``): a die to
    turn it (``roll``, ``day_bonus``, ``at_least``, ``to``: the Sun Shield), or a choice to fight
    on (``again: attack``: the Torchbearer; ``again: creatures_roll``: the Pharaoh's Crown),
    ``once_per_turn``.  ``from``: the result (or results) it answers."""
    b = state.battle
    if b is None or b["who"] != character or \
            not active(state, character, "combat_resolved", b["kind"], b["opponent"], battle_enemies(state)):
        return state
    return push(state, frame("blood_moon.after_result", who=character))


#: The modifier hooks of the cards that can change a combat's result once the scores are compared:
#: ``combat_result`` (a result turned into another), ``combat_resolved`` (a die to turn it, a
#: fight on: :func:`after_result`), ``added_die`` (one die more, the scores compared again).
RESULT_HOOKS = ("combat_result", "combat_resolved", "added_die")


def results_answered(state):
    """The results (``won``, ``lost``, ``standoff``) at which a card concerning the combat in
    progress answers it once the scores are compared and the ``combat_result`` value hook has
    turned it (:func:`combat_result`, asked by the rules' ``compare`` with the scores logged, as
    exact odds ask it): all of them with an ``added_die`` modifier in play for the character (or
    the defending character), else the ``from`` of each ``combat_resolved`` one not yet tried.
    At any other result what this expansion does only reacts to it (an Enemy moving on, the
    Black Cat let go): exact odds then score a creature's roll giving it off the battle record
    (``talisman.odds.decided_by_roll``).  Declared on the expansion's ``combat_resolved``
    listener (``changes_results``)."""
    b = state.battle
    if b is None:
        return frozenset()
    who, kind, opponent, foes = b["who"], b["kind"], b["opponent"], battle_enemies(state)
    if die_added(state):
        return _ALL_RESULTS
    ch = state.characters.get(who)
    tried, flags = b.get("bm_tried", ()), ch.turn_flags if ch is not None else {}
    found: set = set()
    # (a card tried once this combat, or used this turn when once a turn, answers no more: after_result)
    for card, m in active(state, who, "combat_resolved", kind, opponent, foes):
        if card not in tried and not (m.get("once_per_turn") and flags.get(f"used:{card}")):
            want = m["from"]
            found.update((want,) if isinstance(want, str) else want)
    return frozenset(found)


_ALL_RESULTS = frozenset({"won", "lost", "standoff"})


def die_added(state):
    """Whether an ``added_die`` modifier is in play for a combatant of the combat in progress
    (the character, or the defending character): :func:`added_die` rolls it once the scores are
    compared, and the scores are compared again."""
    b = state.battle
    if b is None:
        return False
    who, kind, opponent = b["who"], b["kind"], b["opponent"]
    return bool(active(state, who, "added_die", kind, opponent, battle_enemies(state)) or
                (opponent is not None and active(state, opponent, "added_die", kind, who, ())))


def fight_on_offer(state):
    """Declared on the expansion's ``combat_resolved`` listener (``fights_on``, read by exact
    odds' closed form, ``talisman.odds.combat_odds``): in a combat against creatures, when every
    card answering its result is an offer to fight on (``again: creatures_roll``: the Pharaoh's
    Crown, "make a creature roll its attack again", the roll kept; ``again: attack``: the
    Torchbearer, attack again), those offers in the order :func:`after_result` makes them, each
    ``(results it answers, again)``; else None (no card, or another kind of answer, a fight
    between characters).  A die added to the scores alone (the Champion of Light by Day) is
    declared too (odds25j): :func:`_added_die_offer`.  At a result, the first offer not yet
    tried that answers it is made, and the card is tried (``bm_tried``) whether used or kept:
    kept, the next such offer is made; used, the combat is fought on and the cards not yet
    tried answer the next comparison (the creatures' new roll against the same battle roll, or
    the new attack's).  A card's die to turn the result (the Sun Shield: "roll a die (add up to
    3 by Day): a 6 turns the loss into a stand-off", :func:`result_kept`) is declared too
    (odds25g), as ``("die", its dice, the least roll that turns the result, the result it turns
    it into)``, the Day's bonus taken off the least roll: rolled whenever offered (no choice),
    then the next card answering the result, turned or not, is offered."""
    b = state.battle
    if b is None or b["opponent"] is not None:
        return None
    who, kind = b["who"], b["kind"]
    ch = state.characters.get(who)
    tried, flags = b.get("bm_tried", ()), ch.turn_flags if ch is not None else {}
    offers = [(card, m) for card, m in active(state, who, "combat_resolved", kind, None, battle_enemies(state))
              if card not in tried and not (m.get("once_per_turn") and flags.get(f"used:{card}"))]
    if die_added(state):
        return _added_die_offer(state, offers)
    if not offers or any(("roll" in m) == (m.get("again") in ("creatures_roll", "attack")) for _, m in offers):
        return None
    bonus = 0 if store.time(state) != store.DAY else None
    out = []
    for _, m in offers:
        how = m.get("again")
        if "roll" in m:
            added = m.get("day_bonus", 0) if bonus is None else bonus
            how = ("die", m["roll"], m["at_least"] - added, m["to"])
        out.append((frozenset((m["from"],) if isinstance(m["from"], str) else m["from"]), how))
    return tuple(out)


def _added_die_offer(state, offers):
    """:func:`fight_on_offer` where a die is added to the scores (the Champion of Light by Day,
    :func:`added_die`): in a combat against creatures with no other card answering the result
    (``offers``, those not yet tried), the added die is declared (odds25j) as ``("added", its
    dice)`` at every result: rolled once the scores are compared, no choice, added to the
    character's score, the scores compared again and the ``combat_result`` hook asked again
    (:func:`added_rolled`).  With another card answering the result too, None: the added die is
    rolled again at each comparison after a fight on, which the closed form does not model."""
    if offers:
        return None
    b = state.battle
    mods = active(state, b["who"], "added_die", b["kind"], None, battle_enemies(state))
    return ((_ALL_RESULTS, ("added", "d6" if len(mods) == 1 else f"{len(mods)}d6")),)


def answers_result(state, result=None):
    """Whether a card concerning the combat in progress answers its result when it is
    ``result`` (None: any result): :func:`results_answered`."""
    found = results_answered(state)
    return bool(found) if result is None else result in found


def _answers(m, result):
    want = m["from"]
    return result == want if isinstance(want, str) else result in want


def after_result(state, who):
    """Rule step: the next card that answers the result, each once a combat (``bm_tried``)."""
    b = state.battle
    if b is None or b.get("result") is None or not state.characters[who].alive:
        return state
    tried = list(b.get("bm_tried", ()))
    flags = state.characters[who].turn_flags
    for card, m in active(state, who, "combat_resolved", b["kind"], b["opponent"], battle_enemies(state)):
        if card in tried or not _answers(m, b["result"]) or \
                (m.get("once_per_turn") and flags.get(f"used:{card}")):
            continue
        state = replace(state, battle=b.set("bm_tried", deep_freeze(tried + [card])))
        state = push(state, frame("blood_moon.after_result", who=who))  # then the next card
        if "roll" in m:
            return RESULT_ROLL.roll(state, f"{card} of {who}", who=who, card=card)
        return decide(state, who, "card", [f"use:{card}", "keep"], "blood_moon.result_chosen",
                      prompt=f"{b['result']}: use the {load().cards[card].name}?", who=who, card=card)
    return state


def _rule(card):
    return next(m for m in store.card_data(card)["modifiers"] if m["hook"] == "combat_resolved")


def result_kept(state, dice, who, card):
    """The Sun Shield's die stands: a total of ``at_least`` (``day_bonus`` added by Day) turns the
    result."""
    m = _rule(card)
    roll = sum(dice)
    total = roll + (m.get("day_bonus", 0) if store.time(state) == store.DAY else 0)
    saved = total >= m["at_least"]
    state = log(state, "card_roll", character=who, card=card, roll=roll, total=total, saved=saved)
    if saved:
        state = replace(state, battle=state.battle.set("result", m["to"]))
        state = log(state, "combat_result_changed", character=who, card=card, result=m["to"])
    return state


#: The Sun Shield's die ("Beaten in combat, roll a die"): the holder's own roll, ordered by his card,
#: so FATE ("a roll ordered by a card or board space") lets him pay one fate to roll it again, once
#: (rulings R-PROBE17F.3).
RESULT_ROLL = chars.OwnRoll("blood_moon.result_rolled", "blood_moon.result_fate",
                            lambda card, **_: _rule(card)["roll"], result_kept,
                            offer="rolled {total} for the {card}", again="{who}'s {card} die, re-rolled",
                            cause="{card}")


def result_chosen(state, action, who, card):
    """The Torchbearer (attack again) or the Pharaoh's Crown (the creatures roll again)."""
    if action.kind == "keep":
        return state
    m = _rule(card)
    ch = state.characters[who]
    state = update_character(state, who, turn_flags=ch.turn_flags.set(f"used:{card}", True))
    b = state.battle.set("result", None)
    if m["again"] == "attack":
        b = b.set("roll", None).set("rerolled", False)
    state = replace(state, battle=b)
    return log(state, "fight_on", character=who, card=card, again=m["again"])


# --- prayers (the prayer_rolled state hook) -----------------------------------------------------

def prayer_rolled(state, character, roll):
    """``{hook: prayer, add_up_to: N}`` (Holy Day, the Prayer Book): the praying character may
    add 0 to N to the roll (``add:<n>``); several cards: the largest N."""
    most = max((m["add_up_to"] for _, m in active(state, character, "prayer")), default=0)
    if not most:
        return state
    return decide(state, character, "prayer", [f"add:{n}" for n in range(most + 1)],
                  "blood_moon.prayer_added", prompt=f"prayed {roll}: add up to {most}", who=character)


def prayer_added(state, action, who):
    n = int(action.args[0])
    state = kernel.answer(state, "effects.prayer_read", {"actor": who}, added=n)
    return log(state, "prayer_added", character=who, amount=n) if n else state


def added_die(state, character, result):
    """``{hook: added_die}``: one die more for a combatant, added to his attack score (the
    Champion of Light by Day, card-data.md 1.3 and section 6: "roll an extra die ... and add
    it"), attacker or defending character.  The base game rolls a character's dice and keeps
    the higher of several, so the added die is rolled once the scores are compared (a frame
    run before the other answers to the result) and the result is compared again
    (``combat_scores`` logged anew, then the ``combat_result`` hook as for any comparison)."""
    b = state.battle
    if b is None or b["who"] != character or result not in ("won", "lost", "standoff"):
        return state
    foes = battle_enemies(state)
    frames = []
    for cid, other in ((character, b["opponent"]), (b["opponent"], character)):
        if cid is None:
            continue
        mods = active(state, cid, "added_die", b["kind"], other, foes if cid == character else ())
        if mods:
            frames.append(frame("blood_moon.added_die", who=cid, card=mods[0][0], count=len(mods)))
    return push(state, *reversed(frames)) if frames else state


@declare(reads_scores=True)
def added_die_step(state, who, card, count):
    b = state.battle
    if b is None or b.get("result") not in ("won", "lost", "standoff") or not state.characters[who].alive:
        return state
    return request_roll(state, "d6" if count == 1 else f"{count}d6", f"the {card}'s die for {who}",
                        "blood_moon.added_rolled",
                        who=who, card=card)


@declare(reads_scores=True)
def added_rolled(state, action, who, card):
    b = state.battle
    scores = next((e for e in reversed(state.log) if e.name == "combat_scores"
                   and e.data.get("character") == b["who"]), None) if b is not None else None
    if scores is None or b.get("result") is None:
        return state
    extra = sum(action.dice)
    mine, theirs = scores.data["character_score"], scores.data["opponent_score"]
    if who == b["who"]:
        mine += extra
    else:
        theirs += extra
    state = log(state, "combat_scores", **{**dict(scores.data), "character_score": mine,
                                           "opponent_score": theirs, "added_die": extra,
                                           "added_for": who, "added_by": card})
    result = "won" if mine > theirs else "lost" if mine < theirs else "standoff"
    result = adjust(state, "combat_result", result, character=b["who"], kind=b["kind"],
                    enemies=[e["name"] for e in b["enemies"]], opponent=b["opponent"])
    if result != b["result"]:
        state = log(state, "combat_result_changed", character=b["who"], card=card, result=result)
    return replace(state, battle=b.set("result", result))


STEPS = {"blood_moon.after_result": after_result, **RESULT_ROLL.steps(),
         "blood_moon.added_die": added_die_step, "blood_moon.added_rolled": added_rolled,
         "blood_moon.result_chosen": result_chosen, "blood_moon.prayer_added": prayer_added}
