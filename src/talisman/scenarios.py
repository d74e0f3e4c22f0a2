"""Talisman's side of rules-clarification scenarios (the format is in docs/scenarios.md)."""
from __future__ import annotations

from pathlib import Path

import attrs
from pyrsistent import pmap, pvector

from .engine.records import deep_freeze, replace
from .api import FORMAT, STEPS, apply, legal_actions
from .bots import BOTS
from .definitions import load
from .engine import machine, scenario
from .engine.serialize import to_data, typed_from_data
from .engine.dice import Dice
from .errors import DiceExhausted, ScenarioError, TalismanError
from .rules import master_levels, noblemen
from .rules.winning import reached_crown
from .rules.characters import STOCKS
from .rules.setup import initial_state
from .expansions import wizards_tower
from .state import Character, slice_record, update_character
from .triwizard import scenarios as tw
from . import validate

CHARACTER_FIELDS = {f.name for f in attrs.fields(Character)} - {"id"}
SETUP_KEYS = {"characters", "expansions", "options", "seed", "current", "deck_tops",
              "board_cards", "board_gold", "ext", "ending", "titles", "realms", "discards", "lasting",
              "ability_stockpile", "reached_crown", "tower_cleared"}


def setup_state(setup, dice):
    """The position a scenario's ``setup`` describes, run forward to its first decision
    with the scenario's forced dice."""
    unknown = set(setup) - SETUP_KEYS
    if unknown:
        raise TalismanError(f"unknown setup key(s) {', '.join(sorted(unknown))}; "
                            f"known: {', '.join(sorted(SETUP_KEYS))}")
    validate.scenario_setup(setup)
    chars = setup.get("characters") or []
    ids = [c["id"] if isinstance(c, dict) else c for c in chars]
    state = initial_state(ids or ("warrior",), tuple(setup.get("expansions", ())),
                          setup.get("seed", 0), setup.get("options"))
    board = load().board
    for c in chars:
        if not isinstance(c, dict):
            continue
        changes = {k: v for k, v in c.items() if k != "id"}
        bad = set(changes) - CHARACTER_FIELDS
        if bad:
            raise TalismanError(f"character {c['id']}: unknown field(s) {', '.join(sorted(bad))}")
        if changes.get("turn_flags"):
            # a scenario starts at a turn's start, where no flag of an earlier turn is left
            # (docs/rulings.md R-MEND16.2, R-FIX17.2): one given here would be wiped at once
            raise TalismanError(f"character {c['id']}: turn_flags cannot be set up: a scenario starts at a "
                                "turn's start, which clears every flag of an earlier turn (set the position "
                                "the flag records instead, or play the turn up to it in 'actions')")
        if "space" in changes and changes["space"] not in board.spaces:
            raise TalismanError(f"character {c['id']}: unknown space {changes['space']!r}")
        for field in ("objects", "spells", "scrolls", "followers", "trophies"):
            if field in changes:
                # every card stays in exactly one place: what the character held goes back,
                # what the scenario gives it comes out of its deck
                for old in getattr(state.characters[c["id"]], field):
                    state = return_to_deck(state, old)
                for new in changes[field]:
                    state = take_from_deck(state, new, "characters")
                    _held_as(c["id"], field, new)
        state = update_character(state, c["id"], **changes)
    for space, cards in (setup.get("board_cards") or {}).items():
        if space not in board.spaces:
            raise TalismanError(f"board_cards: unknown space {space!r}")
        for c in cards:
            state = take_from_deck(state, c, f"board_cards.{space}")
        state = replace(state, board_cards=state.board_cards.set(space, pvector(cards)))
    for space, gold in (setup.get("board_gold") or {}).items():
        state = replace(state, board_gold=state.board_gold.set(space, gold))
    # the Realms before ``ext``: the option's slice, merged with ``ext``, is checked whole (the
    # tithes in ``ext.noblemen.cards`` lie on the Realms placed here)
    for space, realm in (setup.get("realms") or {}).items():
        state = hold_realm(state, space, realm)
    for expansion, values in (setup.get("ext") or {}).items():
        # a rule module's own state: an expansion's (the Blood Moon's time of day, the Werewolf's
        # space...) or an option's (the tithes lying on the Noblemen's Realms...), once in play
        if expansion not in state.config.expansions and expansion not in state.ext:
            raise TalismanError(f"ext: {expansion!r} is not among the setup's expansions, nor a rule "
                                "option in play keeping state of its own")
        places = values.get("cards")
        if places is not None:
            # its cards too stay in exactly one place: those it held go back, the given ones out
            if not isinstance(places, dict) or not all(
                    isinstance(cs, list) and all(isinstance(c, str) for c in cs) for cs in places.values()):
                raise TalismanError(f"ext.{expansion}.cards: a mapping of places to lists of card ids")
            for old in state.ext.get(expansion, pmap()).get("cards", pmap()).values():
                for c in old:
                    state = return_to_deck(state, c)
            for place, new in places.items():
                for c in new:
                    state = take_from_deck(state, c, f"ext.{expansion}.cards.{place}")
        state, placed = place_cards(state, expansion, values)
        mine = slice_with(state, expansion, values)
        if placed is not None:  # the cards just placed, where the module keeps them
            lying = getattr(mine, CARD_PLACES[expansion][0]).values()
            mine = replace(mine, cards=mine.cards.set(placed, pvector(sorted(lying))))
        state = replace(state, ext=state.ext.set(expansion, mine))
    tops = [c for cards in (setup.get("deck_tops") or {}).values() for c in cards]
    for cid, held in (setup.get("titles") or {}).items():
        state = hold_title(state, cid, held, tops)
    discards = setup.get("discards") or {}
    for deck, cards in discards.items():
        state = discarded_before(state, deck, [] if cards == "rest" else cards)
    for name, span in (setup.get("lasting") or {}).items():
        state = lasting_before(state, name, span)
    if setup.get("ability_stockpile") is not None:
        state = ability_stockpile_before(state, setup["ability_stockpile"])
    for cid in setup.get("reached_crown") or ():
        state = reached_crown_before(state, cid)
    for cid in setup.get("tower_cleared") or ():
        state = tower_cleared_before(state, cid)
    # the deck tops last: every other key has taken its copies out of the decks already, so the
    # tops are exactly the cards given (a card short is refused, naming the field)
    for deck, tops in (setup.get("deck_tops") or {}).items():
        state = put_on_top(state, deck, tops)
    for deck in [d for d, cards in discards.items() if cards == "rest"]:
        # the rest of the deck, once every other key has placed its cards, the tops excepted
        keep = len((setup.get("deck_tops") or {}).get(deck, ()))
        rest = list(state.decks.get(deck, ()))[keep:]
        state = discarded_before(replace(state, decks=state.decks.set(deck, state.decks[deck][:keep])),
                                 deck, rest, taken=True)
    if "ending" in setup:
        # the Alternative Endings in play: {card: ..., deck: [...]} (option alternative_endings);
        # a scenario about the card in play may leave out the deck still to draw from (none)
        ending = setup["ending"]
        if not state.config.options.get("alternative_endings"):
            raise TalismanError("setup.ending: the Alternative Endings are not in play (set the option "
                                "alternative_endings)")
        validate.ending_ids(ending, "setup.ending")
        validate.ending_tasks(ending, state.order, "setup.ending")
        if ending is not None:
            ending = {"deck": [], **ending}
        state = replace(state, ending=ending)
    if "current" in setup:
        if setup["current"] not in state.characters:
            raise TalismanError(f"current: {setup['current']!r} is not in the game")
        state = replace(state, current=setup["current"])
    if dice is not None:
        state = replace(state, dice=Dice(seed=state.dice.seed, script=tuple(dice)))
    # the position as a whole, as from_json checks a state: ids, ranges, no card in two places
    validate.state_document({"game": "talisman", "format": FORMAT, "state": to_data(state)}, STEPS)
    validate.slices_in_game(state, "ext")
    return validate.vouch(machine.advance(state, STEPS, machine.AT_SCRIPT_END))


#: The card types a character's Spells and Scrolls may hold (the Scroll of Entitlement is kept
#: with the Spells: tests/scenarios/realm_not_placed_on_another_realm.yaml).  His other
#: possessions are not checked so: a card may leave its kind (the Blood Moon's Haunting
#: Poltergeist, a Spell card, follows a character).
_HELD_AS = {"spells": ("spell", "scroll"), "scrolls": ("scroll",)}


def _held_as(cid, field, card):
    """Refuse a card given to a character among his Spells or Scrolls that is neither."""
    kind = load().cards[card].type
    if field in _HELD_AS and kind not in _HELD_AS[field]:
        raise TalismanError(f"setup.characters.{cid}.{field}: {card!r} is a card of type {kind!r}, "
                            f"not held among {field}")


def reached_crown_before(state, cid):
    """Set-up key ``reached_crown``: ``cid`` has reached the Crown of Command before the scenario
    (a ``crown_reached`` line in the log, as the move onto it writes, and ``state.crown_reached``):
    what the rules that ask who has reached it read (CHAOS BLOODBATH, the Crown's own win).  A
    character not in the game, or named twice, is refused."""
    if cid not in state.characters:
        raise TalismanError(f"reached_crown: {cid!r} is not in the game")
    if reached_crown(state, cid):
        raise TalismanError(f"reached_crown: {cid!r} is named twice")
    state = machine.log(state, "crown_reached", character=cid)
    return replace(state, crown_reached=True)


def tower_cleared_before(state, cid):
    """Set-up key ``tower_cleared``: ``cid``, placed in a room of the Wizard's Tower below its
    Crown of Command, has completed that room's instructions (MOVEMENT IN THE WIZARDS TOWER: "The
    Encounter instructions for each Space must be completed before a Character can Move on"), so
    his move offers the next room; the rooms before it he has passed.  What the engine records
    (``state.ext["wizards_tower"].cleared``: the room whose instructions he completed); a character
    only placed in a room by ``characters`` has not done it.  The expansion not in the game, a
    character not in the game, named twice, or not in such a room, is refused."""
    where = f"tower_cleared: {cid!r}"
    if wizards_tower.ID not in state.config.expansions:
        raise TalismanError(f"tower_cleared: {wizards_tower.ID!r} is not among the setup's expansions")
    if cid not in state.characters:
        raise TalismanError(f"{where} is not in the game")
    space = state.characters[cid].space
    rooms = wizards_tower.rooms()[:-1]  # the Crown's room has no room after it: nothing to pass
    if space not in rooms:
        raise TalismanError(f"{where} is on {space!r}, not in a room of the Wizard's Tower "
                            f"with one after it ({', '.join(rooms)})")
    if wizards_tower.cleared(state, cid) is not None:
        raise TalismanError(f"{where} has cleared a room already (named twice, or in ext)")
    cleared = {**to_data(wizards_tower.SLICE.of(state).cleared), cid: space}
    return replace(state, ext=state.ext.set(wizards_tower.ID,
                                            slice_with(state, wizards_tower.ID, {"cleared": cleared})))


def hold_title(state, cid, held, tops=()):
    """Set-up key ``titles``: the character holds a Master Level title from before the scenario,
    taken the engine's own way (its Strength, Craft and Evil corruption applied, the Adventure card
    that gives it on the discard pile, unless ``tops``, the cards ``deck_tops`` asks for, need every
    copy left: then it was shuffled back); ``turns`` is how
    many of the holder's turns it has left, counting the first one played (default: all of them)."""
    title, turns = (held, None) if isinstance(held, str) else (held["title"], held.get("turns"))
    if cid not in state.characters:
        raise TalismanError(f"titles: {cid!r} is not in the game")
    if title not in master_levels.in_use(state):
        raise TalismanError(f"titles: {title!r} is not a Master Level title in use "
                            f"(option master_levels: {', '.join(master_levels.in_use(state)) or 'none'})")
    if not master_levels.can_take(state, cid, title):
        raise TalismanError(f"titles: {cid!r} cannot hold {title!r} (one title a character, "
                            "each title held once)")
    state = master_levels.take_title(state, cid, title, "scenario set-up")
    card = master_levels.titles()[title]["gained"].get("card")
    if list(state.decks.get("adventure", ())).count(card) > list(tops).count(card):
        # the Adventure card that gave the title was drawn and discarded then
        state = take_from_deck(state, card)
        state = replace(state, discards=state.discards.set(
            "adventure", state.discards.get("adventure", pvector()).append(card)))
    held_now = dict(state.ext["master_levels"]["held"][cid])
    if turns is not None:
        if held_now["turns"] is None:
            raise TalismanError(f"titles: {title!r} does not last a number of turns")
        held_now["turns"] = turns
    held_now["since"] = None  # held from before: the first turn played counts
    return master_levels.SLICE.put(state, held=master_levels.SLICE.get(state, "held").set(cid, deep_freeze(held_now)))


def hold_realm(state, space, realm):
    """Set-up key ``realms``: a Noble's Title held and its Realm lying on ``space`` from before the
    scenario (option ``noblemen``), ``gold`` tithes of Gold left on it; the Title comes out of the
    Title pile.  How the owner became Entitled (the Entitlement card, a Spell, a Scroll) is not
    replayed: no card moves."""
    owner, title = realm["owner"], realm["title"]
    if noblemen.KEY not in state.ext:
        raise TalismanError("realms: the option noblemen is not on")
    if owner not in state.characters:
        raise TalismanError(f"realms.{space}: {owner!r} is not in the game")
    if title not in noblemen.table():
        raise TalismanError(f"realms.{space}: unknown Title {title!r} (known: {', '.join(sorted(noblemen.table()))})")
    if title not in state.ext[noblemen.KEY].pile:
        raise TalismanError(f"realms.{space}: the Title {title!r} is held already")
    if noblemen.title_of(state, owner) is not None:
        raise TalismanError(f"realms.{space}: {owner!r} holds a Title already (one Title each)")
    if not noblemen.realm_location(space):
        raise TalismanError(f"realms: {space!r} is no place for a Realm (an Outer Region space "
                            "with instructions of its own, no draw)")
    return noblemen.hold(state, owner, title, space, realm.get("gold", 0))


def discarded_before(state, deck, cards, taken=False):
    """Set-up key ``discards``: these cards (taken out of the deck unless ``taken``) lie on the
    deck's discard pile, in the order given (the last on top)."""
    field = f"discards.{deck}"
    if deck not in state.discards or deck not in state.decks or deck in STOCKS:
        piles = sorted(d for d in state.decks if d in state.discards and d not in STOCKS)
        raise TalismanError(f"{field}: not a deck of the game with a discard pile (decks: {', '.join(piles)})")
    for c in cards:
        if c in load().cards and load().cards[c].home_deck != deck:
            raise TalismanError(f"{field}: {c!r} is not a {deck} card")
        if not taken:
            state = take_from_deck(state, c, field)
    return replace(state, discards=state.discards.set(deck, state.discards[deck] + pvector(cards)))


def lasting_before(state, name, span):
    """Set-up key ``lasting``: an effect in force from before (``state.lasting``, rules.lasting):
    a known effect (the Blizzard, Destroy Magic), or a Spell card held with its effect under its
    own id; ``by`` a character of the game; a ``card``, the Spell of that name, comes out of its
    deck."""
    field = f"lasting.{name}"
    problem = validate.lasting_problem(name, span, load().cards)
    if problem is not None:
        raise TalismanError(f"{field}{problem[0]}: {problem[1]}")
    if span["by"] not in state.characters:
        raise TalismanError(f"{field}.by: {span['by']!r} is not in the game")
    if "card" in span:
        state = take_from_deck(state, span["card"], f"{field}.card")
    return replace(state, lasting=state.lasting.set(name, deep_freeze(dict(span))))


def held_spells():
    """The Spell cards whose card is held under its own id while their effect lasts."""
    return validate.held_spells(load().cards)


def ability_stockpile_before(state, values):
    """Set-up key ``ability_stockpile`` (option ``ability_stockpile``): Ability cards ``held`` by
    characters and on the discard pile (``discards``, the last on top), taken out of the
    Stockpile; ``pile``, if given, is the Stockpile itself, top first, every card placed nowhere
    else then on the discard pile (``pile: []``: an exhausted Stockpile)."""
    if not state.option("ability_stockpile") or master_levels.KEY not in state.ext:
        raise TalismanError("ability_stockpile: the option ability_stockpile is not on")
    known = [a["id"] for a in master_levels.table()["ability_cards"]]
    m = master_levels.SLICE.plain(state)
    placed = []
    held = values.get("held") or {}
    for cid, cards in held.items():
        if cid not in state.characters:
            raise TalismanError(f"ability_stockpile.held.{cid}: {cid!r} is not in the game")
        placed += [(f"ability_stockpile.held.{cid}", c) for c in cards]
    placed += [("ability_stockpile.discards", c) for c in values.get("discards") or ()]
    placed += [("ability_stockpile.pile", c) for c in values.get("pile") or ()]
    seen = set()
    for field, c in placed:
        if c not in known:
            raise TalismanError(f"{field}: unknown Ability card {c!r} (known: {', '.join(known)})")
        if c in seen:
            raise TalismanError(f"{field}: the Ability card {c!r} is placed twice (one copy)")
        seen.add(c)
    for cid, cards in held.items():
        m["abilities"][cid] = list(m["abilities"].get(cid, ())) + list(cards)
    discards = list(values.get("discards") or ())
    if "pile" in values:
        pile = list(values["pile"])
        discards = [c for c in m["ability_pile"] if c not in seen] + discards
    else:
        pile = [c for c in m["ability_pile"] if c not in seen]
    m["ability_pile"], m["ability_discards"] = pile, discards
    return master_levels.SLICE.put(state, **{k: deep_freeze(m[k]) for k in ("abilities", "ability_pile",
                                                                         "ability_discards")})


def slice_with(state, expansion, values):
    """Set-up key ``ext``: the expansion's slice of ``state.ext`` with these fields changed, rebuilt
    as its typed record (a field it does not have, or a value of the wrong kind, is refused)."""
    cls = slice_record(expansion)
    if cls is None:
        raise TalismanError(f"ext: {expansion!r} keeps no state of its own")
    mine = state.ext.get(expansion)
    data = {**(to_data(mine) if mine is not None else {}), **values}
    return typed_from_data(cls, data, ("ext", expansion))


#: ``ext`` fields mapping places to one card each, the place of the module's ``cards`` that
#: keeps those cards and the deck they come from (the Harbinger's Terrain lying on the board:
#: ``terrain``, ``terrain_on_board``, the Terrain deck).
CARD_PLACES = {"harbinger": ("terrain", "terrain_on_board", "terrain")}


def place_cards(state, expansion, values):
    """``ext.<expansion>.<field>`` of :data:`CARD_PLACES` given (and its cards not given in
    ``cards`` too): the cards the field held go back to their deck, the given ones are taken out
    of it, so none is drawn again (a card short or unknown is refused naming
    ``ext.<expansion>.<field>.<space>``).  Returns the state and the ``cards`` place to rebuild
    (``None``: nothing placed here)."""
    if expansion not in CARD_PLACES:
        return state, None
    field, place, deck = CARD_PLACES[expansion]
    given, cards = values.get(field), values.get("cards") or {}
    if given is None:
        return state, None
    if not isinstance(given, dict) or not all(isinstance(c, str) for c in given.values()):
        raise TalismanError(f"ext.{expansion}.{field}: a mapping of spaces to card ids")
    for space, card in given.items():
        home = load().cards[card].home_deck if card in load().cards else None
        if home is not None and home != deck:
            raise TalismanError(f"ext.{expansion}.{field}.{space}: {card!r} is a card of the {home} "
                                f"deck, not of the {deck} deck")
    if isinstance(cards, dict) and place in cards:
        return state, None  # placed by ``cards`` already
    for old in (getattr(state.ext.get(expansion), field, None) or {}).values():
        state = return_to_deck(state, old)
    for space, card in given.items():
        state = take_from_deck(state, card, f"ext.{expansion}.{field}.{space}")
    return state, place


def take_from_deck(state, card_id, field=None):
    """Remove one copy of ``card_id`` from whichever deck holds it (it is placed elsewhere);
    ``field`` (``board_cards.woods_1``) leads an error's message, so that it names its line."""
    defs = load()
    lead = f"{field}: " if field else ""
    if card_id not in defs.cards:
        raise TalismanError(f"{lead}unknown card {card_id!r}")
    deck = defs.cards[card_id].home_deck
    cards = state.decks.get(deck, pvector())
    if card_id not in cards:
        raise TalismanError(f"{lead}no copy of {card_id!r} left in the {deck} deck")
    return replace(state, decks=state.decks.set(deck, cards.delete(cards.index(card_id))))


def return_to_deck(state, card_id):
    deck = load().cards[card_id].home_deck
    return replace(state, decks=state.decks.set(deck, state.decks.get(deck, pvector()).append(card_id)))


def put_on_top(state, deck, tops):
    """Deck tops: these cards (taken out of the deck) go on top, the first given on top.  Taken
    after every other set-up key has placed its cards, so a card given on top and also on a space
    or to a character needs a copy for each place: one short is refused, naming the field."""
    field = f"deck_tops.{deck}"
    for c in dict.fromkeys(tops):
        if c in load().cards and load().cards[c].home_deck != deck:
            raise TalismanError(f"{field}: {c!r} is not a {deck} card")
        want, left = tops.count(c), list(state.decks.get(deck, ())).count(c)
        if c in load().cards and want > left:
            raise TalismanError(
                f"{field}: {want} {c!r} asked on top, {left} left in the {deck} deck once the other "
                "set-up keys (characters, board_cards, ext, titles) have placed theirs")
    for c in tops:
        state = take_from_deck(state, c, field)
    rest = state.decks.get(deck, pvector())
    return replace(state, decks=state.decks.set(deck, pvector(tops) + rest))


class TalismanScenarios:
    """The adapter :func:`talisman.engine.scenario.run` drives."""

    setup_state = staticmethod(setup_state)
    legal_actions = staticmethod(legal_actions)

    @staticmethod
    def apply(state, text):
        p = state.pending
        if p is not None and p.is_chance and p.kind == "roll" and not str(text).startswith("roll:"):
            raise DiceExhausted(f"scripted dice ran out: wanted {p.spec} for {p.prompt}")
        return apply(state, text, stop_at_chance=machine.AT_SCRIPT_END)

    @staticmethod
    def expect_odds(state, want):
        """Check ``expect.odds`` (its shape already checked by the scenario reader): the exact
        distribution from the end of the actions must equal ``want["is"]``, outcome by outcome
        (an outcome not listed must have chance 0)."""
        # reason: talisman.odds imports this module (TalismanScenarios): a cycle, broken at use
        from .odds import Best, odds
        if state.dice.script:
            raise TalismanError(f"{len(state.dice.script)} forced die result(s) left after the "
                                "actions; odds enumerate every roll from the end of the actions")
        policy = want.get("policy", "none")
        if isinstance(policy, dict):
            kind, value = next(iter(policy.items()))
            if kind == "bot":
                if value not in BOTS:
                    raise TalismanError(f"policy.bot: unknown bot {value!r}; known: {', '.join(sorted(BOTS))}")
                policy = BOTS[value](0)
            elif kind == "best":
                policy = Best(value)
            else:
                policy = list(value)
        else:
            policy = None
        dist = odds(state, want["until"], policy, outcome=want.get("outcome"))
        stated = {k: scenario.odds_fraction(p) for k, p in want["is"].items()}
        if all(dist[k] == p for k, p in stated.items()):
            return []  # both sum to 1, so an outcome not stated has chance 0 too
        return [scenario.Failure("odds", {k: str(p) for k, p in stated.items()},
                                 {k: str(p) for k, p in dist.items()})]


def adapter_for(doc_game):
    if doc_game in (None, "talisman"):
        return TalismanScenarios
    if doc_game == "triwizard":
        return tw.TriwizardScenarios
    raise TalismanError(f"unknown game {doc_game!r}")


def run_file(path):
    """Run one scenario file; a :class:`~talisman.engine.scenario.Result`."""
    doc, lines = scenario.read(path)
    try:
        game = adapter_for(doc.get("game"))
    except TalismanError as e:
        raise ScenarioError(path, lines.of("game"), str(e)) from None
    return scenario.run(path, game)


def scenario_files(paths):
    """Every ``.yaml``/``.yml`` file under the given files and folders, sorted."""
    out = []
    for p in map(Path, paths):
        if p.is_dir():
            out.extend(sorted(q for q in p.rglob("*") if q.suffix in (".yaml", ".yml")))
        else:
            out.append(p)
    return out
