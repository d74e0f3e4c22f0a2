"""COMBAT and PSYCHIC COMBAT: against creatures (one or several fighting as one) and between
characters; evading; standoffs; spells cast before the dice; life-saving objects.

The combat in progress lives in ``state.battle`` (a :class:`talisman.state.Battle` record) so
that spells and other effects can change it: ``who``, ``kind`` (``battle`` or ``psychic``),
``enemies`` (each with a ``name``, an optional ``card`` and its ``value``), ``opponent`` (a
character), ``bonus`` and the frames to run on each result.

Life-saving objects (Armour, Shield, Helmet: a ``save`` range on a D6) are tried in a fixed,
documented order when a character loses a combat: the object whose range is widest first,
one object per life lost (docs/rules-coverage.md, COMBAT).
"""
from __future__ import annotations


from pyrsistent import pvector

from .kernel import (end_turn_now, hold_resolving, release_enemies, remove_from_space, space_terrain,
                     take_resolving)
from .hooks import CombatEnded, adjust, run_hook, subscribed
from ..engine.records import plain, plain_set, replace
from ..definitions import load
from ..engine.machine import decide, frame, log, push, push_under, request_roll
from ..engine.records import as_pmap, deep_freeze
from ..state import Battle, character, update_character
from . import abilities
from . import characters as chars
from . import quests
from . import spells

STRENGTH_ENEMIES = ("animal", "monster", "dragon")


def character_die(state, cid):
    """Die by size: S D4, M D6, L D8 (or one D6 for all under the Revised 4th option);
    a Toad is of no size and rolls a D6."""
    if state.option("movement_die") == "d6":
        return "d6"
    return load().characters[cid].die


def enemy_from_card(state, who, card_id):
    """An enemy card as a combatant, valued by the kind it fights by (its Craft in psychic
    combat, else its Strength); one with ``mirror_strength`` (the Doppelganger) is as
    strong as the character it fights."""
    c = load().cards[card_id]
    if "mirror_strength" in c.abilities:
        return {"name": card_id, "card": card_id, "value": combat_total(state, who, "battle")}
    return {"name": card_id, "card": card_id,
            "value": c.craft if c.combat_kind == "psychic" else c.strength}


def start_combat(state, who, kind, enemies, on_win, on_lose, on_standoff, on_evade=None,
                 opponent=None, evadable=True, assassinate=False, spoils=True):
    """A creature (or several, fighting as one) attacks ``who``: declare, cast, roll, compare.

    ``on_*`` are ``{"step": ..., "args": {...}}`` frames run after each result; ``on_lose``
    may also name ``saved``, the frame run instead when the life the loss costs is saved (an
    Object's roll, a Spell): a rule that turns on the life lost, not on the battle lost (PITS).
    ``assassinate``: the Assassin chose to assassinate the ``opponent`` (R-FF12.4), kept in the
    combat's ``ext`` and logged with ``character_attacked``.
    ``spoils=False``: a combat between characters whose defeat costs what its caller says (a bout
    of 6) THE ARENA, REVISITED): no spoils, the ``on_win`` / ``on_lose`` frame run at once (the
    combat's ``ext`` ``no_spoils``)."""
    on_evade = on_evade or on_standoff
    on_win, on_lose, on_standoff, on_evade = _frozen_frames(on_win, on_lose, on_standoff, on_evade)
    state = release_enemies(state)  # (a combat left unfinished gives its cards back first)
    battle = Battle(who, kind, deep_freeze(list(enemies)), opponent, evadable=evadable,
                    on_win=on_win, on_lose=on_lose, on_standoff=on_standoff, on_evade=on_evade)
    if assassinate and opponent is not None:
        battle = battle.set("assassinate", True)
    if not spoils and opponent is not None:
        battle = battle.set("no_spoils", True)
    state = replace(state, battle=battle)
    if opponent is None:
        state = hold_enemies(state, who, enemies)
    if opponent is None:
        value = sum(e["value"] for e in enemies)
        state = log(state, "attacked", character=who, kind=kind,
                    enemies=[e["name"] for e in enemies], **{"strength" if kind == "battle" else "craft": value})
    else:
        extra = {"assassinate": True} if battle.get("assassinate") else {}
        state = log(state, "character_attacked", character=who, opponent=opponent, kind=kind, **extra)
        return ask_defender(state)
    if subscribed(state, "creature_combat_starting"):  # a Spell another character casts into it
        state = push(state, frame("combat.after_cast"))
        return run_hook(state, "creature_combat_starting", character=who)
    return ask_declare(state)


def _frozen_frames(*frames):
    """The ``on_*`` frames as pmaps (None stays None), a frame given for several results frozen
    once: the encounter's ``stop`` is both the loss's and the standoff's, and the standoff's is
    the evasion's unless one is given (the same pmap as freezing each apart)."""
    done = {}
    out = []
    for f in frames:
        if f is not None:
            key = id(f)  # (each ``f`` lives until the call ends: no id is reused meanwhile)
            if key not in done:
                done[key] = as_pmap(f)
            f = done[key]
        out.append(f)
    return out


def hold_enemies(state, who, enemies):
    """The enemy cards fighting that lie on the fighter's space are under resolution while the
    combat lasts (``state.resolving``: no effect clearing the space reaches them, an Omen its
    beaten effect reveals included); ``Battle.ext["held"]`` keeps each one's place on the space
    (``[card, index]``) for :func:`release_enemies`."""
    space = character(state, who).space
    cards = list(plain(state.board_cards).get(space, ()))
    picks: list[int] = []
    for e in enemies:
        c = e.get("card")
        at = next((i for i, x in enumerate(cards) if x == c and i not in picks), None) if c else None
        if at is not None:
            picks.append(at)
    if not picks:
        return state
    picks.sort()
    rest = [x for i, x in enumerate(cards) if i not in picks]
    state = replace(state, board_cards=plain_set(state.board_cards, space, pvector(rest)))
    state = hold_resolving(state, space, [cards[i] for i in picks])
    held = [[cards[i], i] for i in picks]
    return replace(state, battle=state.battle.set("held", held).set("held_on", space))


def take_held(state, card):
    """One enemy card of the combat taken out of resolution (kept as a trophy, raised...):
    whether it was held."""
    b = state.battle
    if b is None or not b.get("held"):
        return state, False
    return take_resolving(state, b.get("held_on"), card)


def ask_defender(state):
    """RESOLVING COMBAT BETWEEN CHARACTERS: "The Character being attacked has the option to
    Evade ... Both Characters have the opportunity to cast Spells ... before the dice are
    rolled": the defender first (evading by ability or by a Spell such as Invisibility), then
    the attacker declares.  No decision when the defender has nothing but to fight."""
    b = state.battle
    defender = b.opponent
    options = []
    if b.evadable and can_evade_by_ability(state, defender):
        options.append("evade")
    options += [f"cast:{sp}" for sp in castable_in_combat(state, defender)]
    options += [f"read:{sc}" for sc in readable_in_combat(state, defender)]
    # GAINING STRENGTH / CRAFT: trophies "may be exchanged at any time": the defender's too,
    # before the dice, as the attacker's in ask_declare ("Both Characters determine their Combat
    # Score as above"; rulings R-PROBE14A.1)
    options += chars.cash_options(state, defender)
    if options and state.config.expansions:
        # an expansion may forbid some (no Spells in the Wizard's Tower); it adds none here
        allowed = adjust(state, "combat_options", tuple(options), character=defender)
        options = [o for o in options if o in allowed]
    if state.ext:  # a plugin's own options for the defender (the Henchmen: one fights in stead)
        options += [o for o in adjust(state, "defender_options", (), character=defender) if o not in options]
    if not options:
        return ask_declare(state)
    # "drop any Possession at any time": beside his other choices (docs/rulings.md R-NC11.4)
    options += chars.drop_options(character(state, defender))
    return decide(state, defender, "defend", ["fight"] + options, "combat.defender_declared",
                  prompt=f"attacked by {b['who']}")


def defender_declared(state, action):
    b = state.battle
    if action.kind == "fight":
        return ask_declare(state)
    if action.kind == "evade":
        state = log(state, "evaded", character=b.opponent, how="ability")
        state = replace(state, battle=b.set("result", "evaded"))
        return finish(state)
    if action.kind == "drop":  # back here after (a Craft Object dropped asks for the surplus first)
        return chars.drop_object(push(state, frame("combat.after_defender_cast")), b.opponent, action.args[0])
    if action.kind == "cash":  # the choice of trophies may take several steps: back here after
        state = chars.cash_in(state, b.opponent, *action.args)
        return push(state, frame("combat.after_defender_cast"))
    if action.kind not in ("cast", "read"):  # an option a plugin offered (defender_options)
        state = run_hook(state, "combat_option_chosen", character=b["opponent"], action=str(action))
        return after_defender_cast(state)
    # the cast may wait on a Counterspell: resume after it (the defender may cast again)
    state = push(state, frame("combat.after_defender_cast"))
    if action.kind == "read":
        return spells.read(state, b.opponent, action.args[0], context="combat")
    return spells.cast(state, b.opponent, action.args[0], context="combat")


def after_defender_cast(state):
    if state.battle is None:  # a fighter's death ended the fight (rulings R-FA13.1)
        return state
    if state.battle.result:
        return finish(state)
    return ask_defender(state)


def _inner(state, cid):
    return load().board.spaces[character(state, cid).space].region in ("inner", "crown")


def castable_in_combat(state, cid):
    """Spells the character may cast now (CASTING SPELLS; spells that affect creatures work
    only in the Outer and Middle Regions; none on the Cursed Glade; no Toad casts)."""
    return _usable_in_combat(state, cid, character(state, cid).spells)


def readable_in_combat(state, cid):
    """Scrolls the character may read now (READING SCROLLS: "Scrolls, which can affect
    creatures, can only affect those in the Outer and Middle Regions"; as Spells otherwise)."""
    return _usable_in_combat(state, cid, character(state, cid).scrolls, reading=True)


def _usable_in_combat(state, cid, cards, reading=False):
    if not cards:
        return []
    if not (spells.can_read if reading else spells.can_cast)(state, cid):
        return []
    b = state.battle
    when = "combat" if b.kind == "battle" else "psychic_combat"
    out = []
    for c in dict.fromkeys(cards):
        cast = load().cards[c].cast
        if not cast or not cast["effect"] or when not in cast["when"]:
            continue
        if cast.get("target") == "creature" and (b.opponent is not None or _inner(state, cid)):
            continue
        if (not b.evadable or (b.opponent is None and _inner(state, cid))) and spells.evades(cast):
            # ENCOUNTERS IN THE INNER REGION: its creatures "may not ... be Evaded"; a combat no
            # one may evade (an Arena bout: "Each Character must fight") is evaded by no Spell
            continue
        out.append(c)
    return out


def can_evade_by_ability(state, cid):
    """EVADING by a special ability: the Dwarf in the Hills, the Elf in Woods (and the
    followers that give these abilities); only characters may be evaded in the Inner Region."""
    space = character(state, cid).space
    if _inner(state, cid) and state.battle.opponent is None:
        return False
    # board.yaml: Woods and the Forest are woodland; a space whose name is covered (a Terrain
    # card) is neither (the ``space_named`` hook point, through kernel.space_terrain)
    return ((space_terrain(state, space, "evade_in_hills") == "hills"
             and chars.has_ability(state, cid, "evade_in_hills"))
            or (space_terrain(state, space, "evade_in_woods") == "woodland"
                and chars.has_ability(state, cid, "evade_in_woods")))


def ask_declare(state):
    """"The Character must first declare if he is Evading or not"; spells before the dice."""
    b = state.battle
    who = b.who
    if b.evadable and b.opponent is None and not _inner(state, who) and state.characters[who].flag("evading"):
        return evaded(state, "evading this turn")  # a Spell or Scroll that evaded all on the space
    if dice_along(state, who):
        # a die rolled along with the combat die is rolled (the Airship's): the two are rolled at
        # once, so nothing comes between them, no Spell, Scroll or Henchman (docs/rulings.md R-FIX27.2)
        return decide(state, who, "combat", ["fight"], "combat.declared",
                      prompt=f"{b['kind']} against {', '.join(e['name'] for e in b.enemies) or b.opponent}")
    options = ["fight"]
    if b.evadable and can_evade_by_ability(state, who):
        options.append("evade")
    options += [f"cast:{sp}" for sp in castable_in_combat(state, who)]
    options += [f"read:{sc}" for sc in readable_in_combat(state, who)]
    # GAINING STRENGTH / CRAFT: trophies "may be exchanged at any time", so before the dice too
    options += chars.cash_options(state, who)
    if b.kind == "battle":
        options += [f"drink:{c}" for c in draughts(state, who)]
        options += [f"pay:{c}" for c in paid_strength_options(state, who)]
    animals = tameable_animals(state)
    if len(b.enemies) == 1:
        options += ["tame"] if animals else []
    else:
        options += [f"tame:{c}" for c in animals]
    price = bribe_price(state)
    if price and character(state, who).gold >= price:
        options.append("bribe")  # the Bandit: "won't attack if paid 1G"
    if (b.kind == "psychic" and b.opponent is None and not _inner(state, who)
            and all_spirits(b.enemies) and abilities.destroys_spirits(state, who)):
        options.append("destroy")  # the Cross: Spirits destroyed at once, no trophy
    options = list(adjust(state, "combat_options", tuple(options), character=who))
    if len(options) > 1:
        # CARRIED POSSESSIONS: "Characters may drop any Possession at any time": beside the other
        # choices of the fight's start, where there are some; a character who may only fight is
        # not stopped to be asked, as before the move (docs/rulings.md R-PS10.1, R-NC11.4)
        options += chars.drop_options(character(state, who))
    foes = ", ".join(e["name"] for e in b.enemies) or b.opponent
    return decide(state, who, "combat", options, "combat.declared",
                  prompt=f"{b['kind']} against {foes}")


def enemy_subtype(enemy):
    """An enemy's kind (Spirit, Animal, Dragon...): its card's subtype, or for a creature that is
    no card the ``subtype`` its effect gives (the Crags' Spirit), else None."""
    if enemy.get("card"):
        return load().cards[enemy["card"]].subtype
    return enemy.get("subtype")


def all_spirits(enemies):
    """Whether every enemy of a combat is a Spirit: what the Cross and the Priest's power over
    Spirits pertain to.  Fought by Craft is not enough (an Alien fought by Craft, the Demon Lord):
    "Possessions or Abilities, which pertain to some other specific type of Enemy ... will not
    work on them" (000 Timescape Cards; docs/rulings.md R-TS11.2)."""
    return bool(enemies) and all(enemy_subtype(e) == "spirit" for e in enemies)


def declared(state, action):
    b = state.battle
    who = b.who
    if action.kind == "evade":
        return evaded(state, "ability")
    if action.kind == "destroy":
        state = log(state, "spirits_destroyed", character=who, enemies=[e["name"] for e in b.enemies])
        for e in b.enemies:
            if e.get("card"):  # no trophy, nor what its card says on being killed: it is discarded
                state = remove_from_space(state, character(state, who).space, e["card"])
                state = chars.discard(state, e["card"])
        state = replace(state, battle=b.set("enemies", [dict(e, card=None) for e in b.enemies])
                        .set("result", "won"))
        return finish(state)
    if action.kind == "pay":
        state = pay_for_strength(state, who, action.args[0])
        return ask_declare(state)
    if action.kind == "drink":
        state = drink(state, who, action.args[0])
        return ask_declare(state)
    if action.kind == "bribe":
        price = bribe_price(state)
        state = chars.lose(state, who, "gold", price, "bribe")
        return evaded(state, "bribe")
    if action.kind == "tame":
        animal = action.args[0] if action.args else b.enemies[0]["card"]
        return TAME_ROLL.roll(state, f"taming of {animal} by {who}", who=who, animal=animal)
    if action.kind == "cast":
        # the cast may wait on a Counterspell (another character's decision): resume after it
        state = push(state, frame("combat.after_cast"))
        return spells.cast(state, who, action.args[0], context="combat")
    if action.kind == "read":  # READING SCROLLS: before the dice, as a Spell
        state = push(state, frame("combat.after_cast"))
        return spells.read(state, who, action.args[0], context="combat")
    if action.kind == "drop":  # back here after (a Craft Object dropped asks for the surplus first)
        return chars.drop_object(push(state, frame("combat.after_cast")), who, action.args[0])
    if action.kind == "cash":  # the choice of trophies may take several steps: back here after
        state = chars.cash_in(state, who, *action.args)
        return push(state, frame("combat.after_cast"))
    if action.kind != "fight":  # an option an expansion offered (combat_options)
        depth = len(state.stack)
        state = run_hook(state, "combat_option_chosen", character=who, action=str(action))
        if state.battle is None or state.battle.result:
            return finish(state)
        if len(state.stack) > depth:  # the hook started steps (a divine gift cast): as after a cast
            return push_under(state, depth, frame("combat.after_cast"))
        return ask_declare(state)
    return request_roll(state, combat_dice(state, who), f"{b['kind']} roll of {who}",
                        "combat.character_rolled")


def dice_along(state, who):
    """The dice another plugin has rolled along with ``who``'s own combat roll, each ``(spec,
    number)`` in the order rolled (the ``combat_dice_along`` hook: aboard an Airship its die,
    "roll the appropriate die Airship Die along with 1D6"); none in a base game."""
    if not state.config.expansions or state.battle is None or state.battle.who != who:
        return ()
    return tuple(adjust(state, "combat_dice_along", (), character=who))


def combat_dice(state, who):
    """The dice of the character's combat roll: by size, the Warrior's two in battle, a card's
    extra die (the Blood Moon's Champion of Light)."""
    b = state.battle
    die = character_die(state, who)
    if b.kind == "battle":
        die = abilities.battle_dice(state, who, die)  # the Warrior's two dice
    if state.config.expansions:
        die = adjust(state, "combat_dice", die, character=who, kind=b.kind)
    return die


def draughts(state, cid):
    """One-use Strength draughts the character may drink before the dice (the Potion of
    Strength: ``data: {strength_for_turn: n}``), none while Destroy Magic lasts."""
    if state.lasting and "destroy_magic" in state.lasting:
        return []
    ch = character(state, cid)
    return [c for c in dict.fromkeys(chars.in_use(ch))
            if (load().cards[c].data or {}).get("strength_for_turn") and chars.usable(ch, load().cards[c], state)]


def drink(state, cid, card_id):
    """The draught adds its Strength until the end of the turn (a turn flag, counted by
    ``characters.total``), and the card is discarded."""
    ch = character(state, cid)
    n = load().cards[card_id].data["strength_for_turn"]
    flags = ch.turn_flags.set("strength_for_turn", ch.turn_flags.get("strength_for_turn", 0) + n)
    state = chars.remove_objects(update_character(state, cid, turn_flags=flags), cid, [card_id])
    state = chars.discard(state, card_id)
    return log(state, "draught_drunk", character=cid, card=card_id, strength=n)


def paid_strength_options(state, cid):
    """Followers who fight harder for gold (the Mercenary: ``data: {paid_strength: {gold,
    strength}}``), once a turn, if the character can pay."""
    ch = character(state, cid)
    if not ch.followers or ch.turn_flags.get("paid_strength"):
        return []
    return [f for f in dict.fromkeys(ch.followers)
            if (load().cards[f].data or {}).get("paid_strength")
            and ch.gold >= load().cards[f].data["paid_strength"]["gold"]]


def pay_for_strength(state, cid, follower):
    """Pay the Follower: his Strength is added to this battle."""
    terms = load().cards[follower].data["paid_strength"]
    state = chars.lose(state, cid, "gold", terms["gold"], f"paid the {follower}")
    ch = character(state, cid)
    state = update_character(state, cid, turn_flags=ch.turn_flags.set("paid_strength", True))
    state = replace(state, battle=state.battle.set("bonus", state.battle.bonus + terms["strength"]))
    return log(state, "strength_bought", character=cid, card=follower, strength=terms["strength"])


def after_cast(state):
    """After a spell cast in combat: the combat may be over (an evasion, a stand-off), or ended
    by a fighter's death (no battle left: rulings R-FA13.1)."""
    if state.battle is None:
        return state
    if state.battle.result:
        return finish(state)
    return ask_declare(state)


def bribe_price(state):
    """What buys off every enemy of this combat (cards with ``data: {bribe: n}``), or 0."""
    b = state.battle
    if b.opponent is not None or not b.enemies:
        return 0
    prices = [((load().cards[e["card"]].data or {}).get("bribe") if e.get("card") else None)
              for e in b.enemies]
    return sum(prices) if all(prices) else 0


def tameable_animals(state):
    """TAMING ANIMALS: "Any Character may attempt to Tame any Enemy-Animal they Encounter":
    each Animal card among the enemies of a battle (one attempt for each), also when it
    attacks with others (More than One Enemy); not one that may not join him as a Follower
    (``follower_allowed``: a trophy that bars Followers), nor to a Toad, who "cannot have any
    Possessions" (TOADS & TRANSFORMATIONS; a choice that gives him nothing: R-FD13.2, asked by
    ``follower_allowed`` too: R-FIX26.1)."""
    b = state.battle
    if b.opponent is not None or b.kind != "battle" or not chars.may_have_followers(state, b.who):
        return []
    tried = b.tame_tried or ()
    return [c for c in dict.fromkeys(e.get("card") for e in b.enemies)
            if c is not None and c not in tried and chars.is_animal(c)
            and chars.follower_allowed(state, b.who, c)]  # tamed, it would be a Follower


def tame_kept(state, dice, who, animal):
    """"Roll 2D6 and add the Animals' Strength, if the result is less than your Craft you
    succeed and may take the Animal as a Follower"; otherwise the combat takes place.  An
    Animal tamed out of several enemies leaves the combat; the others still attack (rulings).
    The 2D6 is the tamer's own roll: FATE re-rolls one die of it (R-RULER19.2, ``TAME_ROLL``)."""
    b = state.battle
    at = next(i for i, e in enumerate(b.enemies) if e.get("card") == animal)
    total = sum(dice) + b.enemies[at]["value"]
    tried = list(b.tame_tried or ()) + [animal]
    b = b.set("tame_tried", deep_freeze(tried))  # plain data (the state round-trips as JSON)
    state = replace(state, battle=b)
    if total < chars.total(state, who, "craft"):
        ch = character(state, who)
        state = update_character(state, who, followers=ch.followers.append(animal))
        state = chars.mark_follower(state, who, animal, None)  # tamed, not raised or charmed
        state = log(state, "animal_tamed", character=who, card=animal, roll=total)
        rest = b.enemies.delete(at)
        # the tamed card leaves the space (no trophy, not met again); the others fight on
        state = take_fought(state, who, animal)
        if not rest:
            state = ended(state, "tamed", [e["name"] for e in b.enemies])
            return _then(state, b.on_win)
        state = replace(state, battle=b.set("enemies", rest))
        return ask_declare(state)
    state = log(state, "taming_failed", character=who, card=animal, roll=total)
    return ask_declare(state)


TAME_ROLL = chars.OwnRoll("combat.tame_rolled", "combat.tame_fate", "2d6", tame_kept,
                          offer="rolled {total} to tame the {animal}",
                          again="{who}'s taming of the {animal}, re-rolled", cause="the taming of the {animal}")


def character_rolled(state, action, rerolled=False, kept=None):
    """FATE: a character may pay one fate to roll his own die again (once; the new result
    stands); of several dice (the Warrior's two), one die, the others ``kept`` (rulings R-RF14.1)."""
    who = state.battle.who
    new, action = action.dice, chars.rerolled_roll(action, kept)
    if rerolled:
        state = chars.fate_rerolled(state, who, new, f"{state.battle.kind} roll")
    roll = abilities.battle_roll(state, who, action.dice)
    state = replace(state, battle=state.battle.set("roll", roll))
    # the dice rolled along with his own (the Airship's) are dice of the same roll: one of them
    # may be the one rolled again (rulings R-FIX27.1)
    dice = tuple(action.dice) + tuple(n for _, n in dice_along(state, who))
    rerolls = chars.fate_options(state, who, dice, state.battle.rerolled)
    if rerolls:
        return decide(state, who, "fate", ["keep", *rerolls],
                      "combat.fate_chosen", prompt=f"rolled {roll}", **_dice_arg(dice))
    return opponent_roll(state)


def _dice_arg(dice):
    """A Fate decision's ``dice`` argument: the dice of a roll of several (the one re-rolled is
    chosen among them); none for one die (the roll is the battle's)."""
    return {"dice": list(dice)} if len(dice) > 1 else {}


def fate_chosen(state, action, dice=None):
    if action.kind == "keep":
        return opponent_roll(state)
    who = state.battle.who
    along = dice_along(state, who)
    dice = tuple(dice or (state.battle.roll,))
    own = dice[:len(dice) - len(along)]
    one = int(action.args[1]) if len(action.args) >= 2 else None
    if along and (one is None or one > len(own)):
        # a die rolled along with his own (R-FIX27.1): that one again, or (``fate_reroll:
        # whole_roll``) every die of the roll, those along first, as they were rolled
        at = 0 if one is None else one - len(own) - 1
        state, spec, _ = chars.pay_fate(state, who, state.battle.roll, along[at][0], dice, action)
        state = replace(state, battle=state.battle.set("rerolled", True))
        return request_roll(state, spec, f"{state.battle.kind} re-roll of {who}",
                            "combat.along_rerolled", at=at, whole=one is None)
    # the Warrior's two dice: one of them again, or both (``fate_reroll: whole_roll``)
    state, spec, args = chars.pay_fate(state, who, state.battle.roll, combat_dice(state, who), own, action)
    state = replace(state, battle=state.battle.set("rerolled", True))
    return request_roll(state, spec, f"{state.battle.kind} re-roll of {who}",
                        "combat.character_rolled", rerolled=True, **args)


def along_rerolled(state, action, at, whole=False):
    """A die rolled along with the character's own, rolled again for a fate: the plugin that
    rolled it takes the new number (``combat_die_along_rerolled``); of the whole roll again, the
    next die along, then his own dice (rulings R-FIX27.1)."""
    who = state.battle.who
    state = chars.fate_rerolled(state, who, action.dice, f"{state.battle.kind} roll")
    state = run_hook(state, "combat_die_along_rerolled", character=who, at=at, roll=sum(action.dice))
    if not whole:
        return opponent_roll(state)
    along = dice_along(state, who)
    if at + 1 < len(along):
        return request_roll(state, along[at + 1][0], f"{state.battle.kind} re-roll of {who}",
                            "combat.along_rerolled", at=at + 1, whole=True)
    return request_roll(state, combat_dice(state, who), f"{state.battle.kind} re-roll of {who}",
                        "combat.character_rolled", rerolled=True)


def opponent_roll(state):
    """"Another player now rolls a die for the creature"; a character rolls his own die."""
    b = state.battle
    if b.opponent is not None:
        if abilities.opponent_adds_no_die(state, b.who):
            # the Assassin's attack: "the defender adds no die roll to its attack score": he
            # rolls none, and his score is his Strength or Craft alone (docs/rulings.md R-FC12.3)
            return compare(state, 0)
        # "as above in Resolving Combat": the defender's own dice (the Warrior's two, a card's
        # extra die), as for the attacker
        return request_roll(state, combat_dice(state, b.opponent),
                            f"{b['kind']} roll of {b['opponent']}", "combat.opponent_rolled")
    return request_roll(state, "d6", f"attack roll of {', '.join(e['name'] for e in b['enemies'])}",
                        "combat.opponent_rolled")


def combat_total(state, cid, kind):
    """Strength in battle (the Monk adds his Craft), Craft in psychic combat."""
    if kind == "battle":
        value = chars.total(state, cid, "strength", "battle")
        if chars.has_ability(state, cid, "craft_adds_to_battle"):
            value += chars.total(state, cid, "craft", "battle")
        b = state.battle
        if b is not None and b.who == cid:
            value += strength_against(state, cid, b.enemies)
        return adjust(state, "character_score", value, character=cid, kind=kind)
    return adjust(state, "character_score", chars.total(state, cid, "craft", "psychic"),
                  character=cid, kind=kind)


def strength_against(state, cid, enemies):
    """What the character's possessions add in a battle against some kinds of enemy (a card's
    ``data: {strength_against: {subtype, strength}}``: the Holy Lance, 3 against Dragons
    instead of its 1), counted once for each such possession the character may use."""
    ch = character(state, cid)
    if ch.toad_turns or not chars.banes() or chars.banes().isdisjoint(chars.possessions(ch)):
        return 0
    kinds = {load().cards[e["card"]].subtype for e in enemies if e.get("card")}
    return sum(against["strength"] for against in chars.possession_data(state, cid, "strength_against")
               if against["subtype"] in kinds)


def creature_bonus(state, space):
    """Spaces whose creatures add to their attack rolls (the Mystic Runes: +2)."""
    return adjust(state, "creature_bonus", load().board.spaces[space].creature_bonus, space=space)


def opponent_rolled(state, action, rerolled=False, kept=None):
    """The opponent's roll: a creature's die, or the defending character's dice, which he
    may roll again for a Fate (FATE, as the attacker: one die of several, rulings R-RF14.1);
    then compare the scores."""
    b = state.battle
    opponent = b.opponent
    if opponent is None:
        return compare(state, sum(action.dice))
    new, action = action.dice, chars.rerolled_roll(action, kept)
    if rerolled:
        state = chars.fate_rerolled(state, opponent, new, f"{b['kind']} roll")
    roll = abilities.battle_roll(state, opponent, action.dice)
    rerolls = [] if abilities.opponent_adds_no_die(state, b.who) else \
        chars.fate_options(state, opponent, action.dice, b.opponent_rerolled)
    if rerolls:
        state = replace(state, battle=b.set("opponent_roll", roll))
        return decide(state, opponent, "fate", ["keep", *rerolls],
                      "combat.opponent_fate_chosen", prompt=f"rolled {roll}", **_dice_arg(action.dice))
    return compare(state, roll)


def opponent_fate_chosen(state, action, dice=None):
    """The defending character keeps his roll, or pays one fate to roll his dice (one of
    several: rulings R-RF14.1) again."""
    b = state.battle
    if action.kind == "keep":
        return compare(state, b.opponent_roll)
    opponent = b.opponent
    state, spec, args = chars.pay_fate(state, opponent, b.opponent_roll, combat_dice(state, opponent),
                                       dice or (b.opponent_roll,), action)
    state = replace(state, battle=b.set("opponent_rerolled", True))
    return request_roll(state, spec, f"{b['kind']} re-roll of {opponent}",
                        "combat.opponent_rolled", rerolled=True, **args)


def compare(state, theirs_roll):
    """Compare the scores: higher wins, equal is a standoff (RESOLVING COMBAT)."""
    b = state.battle
    # the battle's fields read once (each read of the pmap is a pure-Python look-up)
    who, kind, opponent, enemies, roll = b.who, b.kind, b.opponent, b.enemies, b.roll
    names = [e["name"] for e in enemies]
    if opponent is None:
        theirs_roll = adjust(state, "attack_roll", theirs_roll, enemies=names, kind=kind, character=who)
    mine = roll + combat_total(state, who, kind) + b.bonus
    if opponent is not None:
        if abilities.opponent_adds_no_die(state, who):
            theirs_roll = 0  # the Assassin's attack: no die for the defender
        theirs = theirs_roll + combat_total(state, opponent, kind) + b.opponent_bonus
    else:
        # each enemy's attack value separately (the Blood Moon's day and night: per enemy)
        values = [adjust(state, "attack_score", e["value"], enemy=e["name"], kind=kind)
                  for e in enemies]
        theirs = theirs_roll + sum(values) + creature_bonus(state, character(state, who).space)
    state = log(state, "combat_scores", character=who, kind=kind, character_roll=roll,
                character_score=mine, opponent=opponent or ",".join(names),
                opponent_roll=theirs_roll, opponent_score=theirs)
    result = "won" if mine > theirs else "lost" if mine < theirs else "standoff"
    result = adjust(state, "combat_result", result, character=who, kind=kind,
                    enemies=names, opponent=opponent)
    b = b.set("result", result)
    if subscribed(state, "combat_ended"):  # each comparison, for the hook's payload
        b = b.set("scores", b.scores.append(pvector([mine, theirs])))
    state = replace(state, battle=b)
    if result != "won":  # the creatures not killed are back on their space
        state = release_enemies(state)
    if result_answered(state):
        # the expansions' moment between the scores and the result (a die to save the loss)
        state = push(state, frame(RESULT_STEP))
        return run_hook(state, "combat_resolved", character=who, result=result)
    return finish(state)


#: The rule step that applies a combat's result once the ``combat_resolved`` hook's answers to
#: it (its frames: a die, a decision, a fight on) have all run: from there on the result is
#: fixed (``state.battle.result``; ``None``: fight on).  Exact odds stop the machine before it
#: (``machine.advance(..., stop_before=...)``) to read a combat's result without applying it.
RESULT_STEP = "combat.resolved"


def result_answered(state):
    """Whether a combat's compared scores go through the ``combat_resolved`` hook (a frame of
    :data:`RESULT_STEP` under the hook's answers) before the result is applied: in a game with
    expansions; without them the result is applied at once (the hook is not fired)."""
    return bool(state.config.expansions)


def resolved(state):
    """After the ``combat_resolved`` hook: apply the result a hook may have changed; a hook
    that cleared it fights on: with the character's roll kept, the opponent rolls again (a
    re-roll of the creatures' die); without it, the combat starts again from the declaration
    (attacking again)."""
    b = state.battle
    if b is None:
        # a fighter died before the result was applied (the Armour of Humility's life for a
        # win, the Key to Hades' as the winner pays it): his death ended the fight, no result
        # is applied (characters.kill, rulings R-FA13.1)
        return state
    if b.result is not None:
        return finish(state)
    if b.roll is not None:
        return opponent_roll(state)
    return ask_declare(state)


def evaded(state, how):
    state = log(state, "evaded", character=state.battle.who, how=how)
    state = replace(state, battle=state.battle.set("result", "evaded"))
    return finish(state)


def finish(state):
    """Apply the result: trophies for a win, a life (unless saved) for a loss, nothing for a
    standoff or an evasion; then run the result's frame."""
    b = state.battle
    who, result, kind, opponent = b.who, b.result, b.kind, b.opponent  # read once
    if result != "won":
        state = release_enemies(state)
    if kind == "battle" and result in ("won", "lost", "standoff"):
        # the Ghoul's raised dead serve for one battle: this one (raise_dead)
        state = abilities.dismiss_raised(state, [c for c in (who, opponent) if c])
    if opponent is not None:
        return finish_between_characters(state)
    enemies = b.enemies
    names = [e["name"] for e in enemies]
    if result == "won":
        state = log(state, "combat_won", character=who, kind=kind, enemies=names)
        state = ended(state, result, names)
        if character(state, who).quest is not None:
            state = quests.mark_done(state, who, "enemy_killed")
        # "The dead carcass of defeated Enemies ... may be kept"; an enemy whose card says
        # what happens when it is killed (an `effect`) is not kept.
        kept = [e["card"] for e in enemies if e.get("card") and not load().cards[e["card"]].effect]
        raisable = abilities.raisable(state, who, kept)
        if raisable:  # SPECIAL ABILITIES (the Ghoul): a Follower for one battle instead of a trophy
            return decide(state, who, "raise", ["keep"] + [f"raise:{c}" for c in raisable],
                          "combat.raise_chosen", prompt="raise the dead?", kept=kept)
        return keep_trophies(state, who, kept, b.on_win)
    if result == "lost":
        state = log(state, "combat_lost", character=who, kind=kind, enemies=names)
        state = ended(state, result, names)
        state = kill_tamed_animals(state, who)
        return try_save(state, who, f"defeated by {', '.join(names)}", b.on_lose)
    if result == "standoff":
        state = log(state, "standoff", character=who, kind=kind, enemies=names)
        state = ended(state, result, names)
        return _then(state, b.on_standoff)
    state = ended(state, result, names)
    return _then(state, b.on_evade)


def ended(state, result, names=()):
    """Fire ``combat_ended`` for the combat in progress (its result logged), if anyone listens."""
    if not subscribed(state, "combat_ended"):
        return state
    b = state.battle
    scores = tuple((int(m), int(t)) for m, t in b.scores)
    return run_hook(state, "combat_ended", combat=CombatEnded(
        b.who, b.kind, result, tuple(names), b.opponent, scores))


def take_fought(state, who, card):
    """A killed enemy's card taken for its victor (a trophy, a raised dead): out of resolution
    when the combat held it, else off the victor's space (a card the combat did not hold lies
    there, if anywhere).  Taken here once, so that nothing later takes a copy of the same card
    drawn onto the space meanwhile (an Omen's refill: soak seed 600)."""
    state, held = take_held(state, card)
    return state if held else remove_from_space(state, character(state, who).space, card)


def keep_trophies(state, who, kept, nxt):
    for c in kept:  # the killed creatures leave resolution, or the space (ENEMY: "may be kept")
        state = take_fought(state, who, c)
    if kept and state.config.expansions:
        # an expansion may have some discarded instead (the Harbinger's Spiteful Ghosts)
        keep = adjust(state, "trophies", tuple(kept), character=who)
        gone = [c for c in kept if c not in keep]
        for c in gone:
            state = chars.discard(state, c)
        if gone:
            state = log(state, "trophies_discarded", character=who, cards=gone)
        kept = list(keep)
    # (a Toad keeps none: discarded, docs/rulings.md R-FD13.3)
    return _then(chars.add_trophies(state, who, kept), nxt)


def raise_chosen(state, action, kept):
    """The Ghoul keeps the carcasses as trophies, or raises one of them as a Follower."""
    who, nxt = state.battle.who, state.battle.on_win
    kept = list(kept)
    if action.kind == "raise":
        card = action.args[0]
        kept.remove(card)
        state = take_fought(state, who, card)
        state = abilities.raise_dead(state, who, card)
    return keep_trophies(state, who, kept, nxt)


def kill_tamed_animals(state, who):
    """TAMING ANIMALS, CAUTION: "If you lose any Combat in which a tamed Animal is used, the
    Animal is killed as well as your loss of Life."
    """
    ch = character(state, who)
    tamed = [f for f in ch.followers if load().cards[f].type == "enemy"
             and chars.follower_mark(state, who, f) not in chars.ABILITY_FOLLOWERS]
    if not tamed or state.battle.kind != "battle":
        return state
    state = update_character(state, who, followers=[f for f in ch.followers if f not in tamed])
    for f in tamed:
        state = chars.discard(state, f)
    return log(state, "followers_lost", character=who, cards=tamed, cause="tamed animal killed")


def _then(state, nxt):
    state = replace(release_enemies(state), battle=None)
    if nxt is None:
        return state
    # ``**pmap`` would build a key set and look each key up: a dict of its items is cheaper
    return push(state, frame(nxt["step"], **dict(nxt["args"].iteritems())))


def save_objects(state, cid):
    """The character's life-saving objects, widest range first (the documented order)."""
    ch = character(state, cid)
    out = [c for c in chars.in_use(ch) if load().cards[c].save and chars.usable(ch, load().cards[c], state)
           and not chars.objects_do_not_count(ch.space)]
    return sorted(dict.fromkeys(out), key=lambda c: _range(load().cards[c].save)[0])


def _range(text):
    lo, _, hi = text.partition("-")
    return int(lo), int(hi or lo)


def try_save(state, cid, cause, nxt, victor=None):
    """"The Character loses 1 Life (use of an Object ... may prevent this)": roll for the best
    life-saving object, if any; otherwise lose the life.  ``victor``: the character who takes
    the life as the spoils of a combat between characters (RESOLVING COMBAT BETWEEN
    CHARACTERS), who gains what a life taken gives him only if it is lost."""
    saves = save_objects(state, cid)
    if not saves:
        return lose_combat_life(state, cid, cause, nxt, victor=victor)
    return SAVE_ROLL.roll(state, f"{saves[0]} save of {cid}", who=cid, item=saves[0], cause=cause, nxt=nxt,
                          victor=victor)


def life_taken(state, victor, kind):
    """What the victor of a combat between characters gains when the loser's life is lost:
    a quest's life taken, the psychic drain, the Runesword's wound."""
    if character(state, victor).quest is not None:
        state = quests.mark_done(state, victor, "life_taken")
    if kind == "psychic" and chars.has_ability(state, victor, "drain_life"):
        state = chars.gain(state, victor, "lives", 1, "drained in psychic combat")
    if kind == "battle" and chars.has_ability(state, victor, "drain_on_wound"):
        # the Runesword: "gain 1 life when it makes a foe lose a life" (talisman-facts.md)
        state = chars.gain(state, victor, "lives", 1, "the Runesword's wound")
    return state


def lose_combat_life(state, cid, cause, nxt, asked=(), victor=None):
    """The life is lost -- unless a Spell cast "whenever needed" saves it (Preservation:
    "save a character's life"), by the loser or, in turn order, by another character; an
    expansion may forbid the cast (``combat_options``: no Spells in the Wizard's Tower)."""
    own = [sp for sp in dict.fromkeys(character(state, cid).spells)
           if (load().cards[sp].data or {}).get("saves_life")] if spells.can_cast(state, cid) else []
    candidates = [(cid, own[0])] if own else []
    candidates += spells.spell_holders(state, cid, "saves_life")
    for holder, sp in candidates:
        option = f"cast:{sp}"
        if holder in asked or (state.config.expansions and option not in adjust(
                state, "combat_options", (option,), character=holder)):
            continue
        return decide(state, holder, "save_life", ["pass", option], "combat.life_saving_chosen",
                      prompt=f"save a life of {cid} ({cause})?", who=cid, cause=cause, nxt=nxt,
                      asked=list(asked) + [holder], victor=victor)
    kind = state.battle.kind if state.battle is not None else "battle"
    state = chars.lose_lives(state, cid, 1, cause)
    if victor is not None:
        # the victor's turn goes on even when the loser died of it
        state = life_taken(state, victor, kind)
        return _then(state, None if state.outcome else nxt)
    # a character killed in combat leaves no finished combat behind: his death ended it
    # (characters.kill, rulings R-FA13.1), and nothing follows its loss
    return state if not character(state, cid).alive else _then(state, nxt)


def life_saving_chosen(state, action, who, cause, nxt, asked, victor=None):
    if action.kind == "pass":
        return lose_combat_life(state, who, cause, nxt, asked, victor=victor)
    state = spells.spend_spell(state, asked[-1], action.args[0], "life_lost")
    state = log(state, "life_preserved", character=who, card=action.args[0], cause=cause, caster=asked[-1])
    return _then(state, if_saved(nxt))


def if_saved(nxt):
    """The frame to run when the life a lost combat costs is saved: the ``saved`` frame its
    ``on_lose`` names (see :func:`start_combat`), else the same frame."""
    return nxt if nxt is None or "saved" not in nxt else nxt["saved"]


def save_kept(state, dice, who, item, cause, nxt, victor=None):
    """The save die stands: the life is saved on the card's range (the Armour's 4-6)."""
    lo, hi = _range(load().cards[item].save)
    roll = sum(dice)
    if lo <= roll <= hi:
        state = log(state, "life_saved", character=who, card=item, roll=roll)
        return _then(state, if_saved(nxt))
    state = log(state, "save_failed", character=who, card=item, roll=roll)
    return lose_combat_life(state, who, cause, nxt, victor=victor)


#: The save die is the holder's own roll, ordered by his card ("a die roll of 4-6 saves the
#: life"): FATE ("a roll ordered by a card or board space") lets him pay one fate to roll it
#: again, once (rulings R-PROBE17F.8).
SAVE_ROLL = chars.OwnRoll("combat.save_rolled", "combat.save_fate", "d6", save_kept,
                          offer="rolled {total} to save a life with the {item}",
                          again="{who}'s {item} save, re-rolled", cause="the {item}")


# --- RESOLVING COMBAT BETWEEN CHARACTERS ------------------------------------------------

def finish_between_characters(state):
    """The victor takes a life or one Object (or Gold; a Follower too after psychic combat)."""
    b = state.battle
    who, other, result = b.who, b.opponent, b.result
    if result in ("standoff", "evaded"):
        state = log(state, "standoff" if result == "standoff" else "evaded_character",
                    character=who, opponent=other)
        state = ended(state, result)
        if result == "standoff":
            state = run_hook(state, "characters_stood_off", character=who, opponent=other, kind=b.kind)
        return _then(state, b.on_standoff)
    victor, loser = (who, other) if result == "won" else (other, who)
    state = log(state, "character_defeated", victor=victor, loser=loser, kind=b.kind)
    state = ended(state, result)
    # TAMING ANIMALS: "If you lose any Combat in which a tamed Animal is used, the Animal is
    # killed": a battle with a character too, whatever spoils the victor takes (rulings)
    state = kill_tamed_animals(state, loser)
    if b.get("no_spoils"):  # an Arena bout: the tournament says what the defeat costs
        return _then(state, b.on_win if result == "won" else b.on_lose)
    state = run_hook(state, "characters_fought", victor=victor, loser=loser, kind=b.kind)
    options = ["spoils:life"]
    lch = character(state, loser)
    # TOADS & TRANSFORMATIONS: "Toads ... cannot have any Possessions": a Toad's spoils are the
    # life only, no Object, Gold or Follower (docs/rulings.md R-CB10.4)
    if not character(state, victor).toad_turns:
        vch = character(state, victor)
        # LIMIT TO NUMBER OF OBJECTS: "No Character may "Carry" more than 4 Objects": none taken
        # beyond the victor's limit, as from a space (rulings R-PROBE14A.2)
        full = len(chars.carried_objects(vch)) >= chars.carry_limit(vch, state)
        options += [f"spoils:take:{c}" for c in dict.fromkeys(lch.objects)
                    if chars.usable(vch, load().cards[c])
                    and not (full and c in chars.carried_objects(lch))
                    and not chars.type_limit_reached(state, victor, load().cards[c])]
        if lch.gold:
            options.append("spoils:gold")
        if b.kind == "psychic":  # a Follower only if it may join the victor (``follower_allowed``)
            options += [f"spoils:take:{c}" for c in dict.fromkeys(lch.followers)
                        if chars.follower_allowed(state, victor, c)]
    if state.config.expansions or state.ext:
        # spoils a card offers (the Blood Moon's Syphoning Sceptre), a Henchman taken as a Follower
        options = list(adjust(state, "spoils_options", tuple(options), victor=victor,
                              loser=loser, kind=b.kind))
    return decide(state, victor, "spoils", options, "combat.spoils_chosen",
                  prompt=f"defeated {loser}", victor=victor, loser=loser)


def spoils_life_cause(victor):
    """The cause a life taken as the victor's spoils is lost to (``life_lost``'s ``cause``): the
    life ``victor`` took from the character he beat (ASHES TO ASHES reads it)."""
    return f"defeated by {victor}"


def spoils_chosen(state, action, victor, loser):
    b = state.battle
    what = action.args[0]
    if what == "life":
        # "force the loser to lose 1 Life (use of an Object, Item, Spell, or Scroll may prevent
        # this)": the loser's life-saving objects, then Preservation, as against a creature
        return try_save(state, loser, spoils_life_cause(victor), b.on_win, victor=victor)
    if what not in ("life", "gold", "take"):  # an option an expansion offered (spoils_options)
        state = run_hook(state, "spoils_option_chosen", victor=victor, loser=loser,
                         action=str(action))
        return state if state.outcome else _then(state, b.on_win)
    if what == "gold":
        state = chars.lose(state, loser, "gold", 1, f"taken by {victor}")
        state = chars.gain(state, victor, "gold", 1, f"taken from {loser}")
        return _then(state, b.on_win)
    card_id = action.args[1]
    lch = character(state, loser)
    field = "objects" if card_id in lch.objects else "followers"
    items = getattr(lch, field)
    state = update_character(state, loser, **{field: items.delete(items.index(card_id))})
    vch = character(state, victor)
    state = update_character(state, victor, **{field: getattr(vch, field).append(card_id)})
    state = log(state, "possession_taken", character=victor, opponent=loser, card=card_id)
    state = chars.article_gone(state, loser, card_id)  # his Mule taken: its load is over his limit
    state = chars.discard_surplus_spells(state, loser)  # NUMBER OF SPELLS: "at any time"
    return _then(state, b.on_win)


def end_turn_step(state):
    """Rule step: "The Character's turn now ends." (RESOLVING COMBAT VS CREATURES)"""
    return end_turn_now(state)


STEPS = {"combat.declared": declared, "combat.character_rolled": character_rolled,
         "combat.fate_chosen": fate_chosen, "combat.along_rerolled": along_rerolled,
         "combat.opponent_fate_chosen": opponent_fate_chosen, "combat.opponent_rolled": opponent_rolled,
         **SAVE_ROLL.steps(), **TAME_ROLL.steps(), "combat.spoils_chosen": spoils_chosen,
         "combat.end_turn": end_turn_step, "combat.raise_chosen": raise_chosen,
         "combat.after_cast": after_cast, RESULT_STEP: resolved,
         "combat.defender_declared": defender_declared, "combat.life_saving_chosen": life_saving_chosen, "combat.after_defender_cast": after_defender_cast}
