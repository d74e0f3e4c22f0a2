"""SETTING UP: a new game from characters, expansions, options and a seed."""
from __future__ import annotations

from pyrsistent import pmap, pvector

from .hooks import run_hook
from ..definitions import CORE_SETS, SET_ASIDE, card_of, cards_played, characters_of_sets, load
from ..engine.dice import Dice, shuffle
from ..engine.records import deep_freeze, replace
from ..errors import TalismanError
from ..options import (EXPANSIONS, IMPLEMENTED_EXPANSIONS, OPTION_CHOICES,  # noqa: F401  (re-exported)
                       OPTIONS, resolve)
from ..state import Character, Config, GameState, update_character
from ..engine.machine import decide, frame, log, push
from . import characters
from .characters import draw_scrolls, draw_spells

DEFAULT_CHARACTERS = ("warrior", "wizard", "troll", "elf")


def option_wants(card, options, characters=()) -> bool:
    """Whether a set-aside card is in play with ``options``: its ``data.option`` is on (a list
    value, the titles in use of ``master_levels``, must name the card's ``data.title``); or,
    for a card a character brings (``data.character``: the compendium's Corrections/Additions/
    Deletions rows that name a card no deck holds, the Swordsman's Two-handed Sword, the
    Barbarian's Berserker), that character is one of ``characters`` (so a game without him
    keeps its decks, and its seeded shuffles, as they were)."""
    data = card.data or {}
    if data.get("character"):
        return data["character"] in characters
    value = (options or {}).get(data.get("option"))
    if value is None:
        return False
    if hasattr(value, "__iter__") and not isinstance(value, str):  # a list (frozen: a pvector)
        return data.get("title") in value
    return bool(value)


def game_decks(defs, expansions, options=None, characters=()):
    """Every card of the game: the base decks, with each enabled expansion's cards shuffled
    into the deck of the same name or forming a deck of their own, and the set-aside cards the
    ``options`` (or the ``characters`` seated) call for in the deck they join."""
    decks = {deck: list(cards) for deck, cards in defs.decks.items() if deck != SET_ASIDE}
    for e in expansions:
        for deck, cards in defs.expansion_decks.get(e, {}).items():
            decks.setdefault(deck, []).extend(cards)
    for c in defs.decks.get(SET_ASIDE, ()):
        if option_wants(defs.cards[c], options, characters):
            decks.setdefault(defs.cards[c].home_deck, []).append(c)
    return decks


def bring_own_cards(state, card, cid):
    """A character joining later (LOSING ALL LIVES, the option ``new_character``) brings the
    cards of his own (``data.character``: the Swordsman's Two-handed Sword, the Barbarian's
    Berserker) as one seated at the start does (:func:`game_decks`): each is shuffled into the
    deck it joins, unless a piece of the same card has brought it already (rulings
    R-FIX15C.3).  ``cid``: the new piece."""
    defs = load()
    if card in cards_played(c for c in state.characters if c != cid):
        return state
    for c in defs.decks.get(SET_ASIDE, ()):
        if (defs.cards[c].data or {}).get("character") != card:
            continue
        deck = defs.cards[c].home_deck
        cards, dice = shuffle(state.dice, list(state.decks.get(deck, ())) + [c])
        state = replace(state, dice=dice, decks=state.decks.set(deck, pvector(cards)))
        state = log(state, "card_added", card=c, deck=deck, character=cid)
    return state


def check_options(options):
    for name, value in options.items():
        if name not in OPTIONS:
            raise TalismanError(f"unknown rule option {name!r}; known: {', '.join(sorted(OPTIONS))}")
        if name in OPTION_CHOICES and value not in OPTION_CHOICES[name]:
            raise TalismanError(f"rule option {name}={value!r}: choose one of "
                                f"{', '.join(map(str, OPTION_CHOICES[name]))}")
        if name in ("new_character", "chaos_bloodbath", "spell_reactions", "king_of_the_hill") and \
                not isinstance(value, bool):
            raise TalismanError(f"rule option {name}={value!r}: true or false")
        if name == "max_rounds" and (not isinstance(value, int) or isinstance(value, bool)
                                     or value < 0):
            raise TalismanError(f"rule option max_rounds={value!r}: a whole number, 0 for no limit")
        if name == "character_pool" and not (value in ("base", "compendium") or (
                isinstance(value, (list, tuple)) and value
                and all(isinstance(c, str) and c in load().characters for c in value))):
            raise TalismanError(f"rule option character_pool={value!r}: base, compendium or a "
                                "list of known character ids")
        if name == "starting_gold" and value is not None and (
                not isinstance(value, int) or isinstance(value, bool) or value < 0):
            raise TalismanError(f"rule option starting_gold={value!r}: a whole number of gold")


def new_character(cdef, lives_option, fate_option="card", gold=1, piece=None) -> Character:
    """A character as SETTING UP gives it: starting quotas, 4 lives ("Each Player then receives
    4 Lives and 1 Gold"; the card's life value with ``lives: card``), the starting gold, and
    the card's fate tokens when Fate is played (``fate: card``; the compendium has none).
    ``piece``: its id when the card is played again (``troll_2``; the card's id by default)."""
    lives = characters.card_lives(lives_option, cdef.id)
    fate = cdef.fate if fate_option == "card" else 0
    return Character(id=piece or cdef.id, space=cdef.start, strength=cdef.strength, craft=cdef.craft,
                     lives=lives, fate=fate, gold=gold, alignment=cdef.alignment)


def initial_state(characters=DEFAULT_CHARACTERS, expansions=(), seed=0, options=None) -> GameState:
    """The state before the first turn runs (no decision pending yet)."""
    defs = load()
    options = dict(options or {})
    check_options(options)
    characters = tuple(characters)
    if not characters:
        raise TalismanError("a game needs at least one character")
    for c in characters:
        if c not in defs.characters or card_of(c) != c:  # (a piece id is no card: rulings R-FIX15.1)
            base = sorted(characters_of_sets(defs, {"base"}))
            more = sorted(set(defs.characters) - set(base))
            raise TalismanError(f"unknown character {c!r}; known: {', '.join(base)}"
                                f" (and, with their expansion, {', '.join(more)})")
    for c in characters:
        cset = defs.characters[c].set
        if cset not in CORE_SETS and cset not in expansions and not defs.characters[c].alone:
            raise TalismanError(f"character {c!r} comes from the {cset} expansion: play it "
                                f"with expansions=[{cset!r}, ...]")
    if len(set(characters)) != len(characters):
        raise TalismanError("each character may be played by one player only")
    for e in expansions:
        if e not in EXPANSIONS:
            raise TalismanError(f"unknown expansion {e!r}; known: {', '.join(EXPANSIONS)}")
        if e not in IMPLEMENTED_EXPANSIONS:
            raise TalismanError(f"expansion {e!r} is not implemented yet "
                                "(see docs/rules-coverage.md)")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TalismanError(f"seed must be an integer, not {seed!r}")
    # the edition's rules, each unless given (talisman.options.resolve): the config holds the
    # values played, so every later reading (state.option) sees them
    options = resolve(options, expansions)
    config = Config(characters, tuple(expansions), deep_freeze(options), seed)
    chars = pmap({c: new_character(defs.characters[c], options["lives"], options["fate"],
                                   options["starting_gold"]) for c in characters})
    dice = Dice(seed=seed)
    decks = game_decks(defs, expansions, options, characters)
    # "Shuffle all Cards Stockpiles. Do not combine these Stockpiles."  The Purchase and
    # Talisman cards are stocks beside the board, kept in a fixed order; an expansion
    # shuffles its own new decks in its setup hook.
    for deck, cards in sorted(decks.items()):
        if deck in ("adventure", "spell"):
            cards, dice = shuffle(dice, cards)
        decks[deck] = pvector(cards)
    state = GameState(config=config, order=characters, current=characters[0], characters=chars,
                      dice=dice, decks=pmap(decks), discards=pmap({d: pvector() for d in decks}),
                      stack=pvector([frame("turn.start")]))
    # "Decide by any means necessary, who shall play first": the order given is the seating,
    # the first character given plays first.
    state = log(state, "game_started", characters=list(characters), seed=seed)
    state = run_hook(state, "setting_up")  # the base game's own set-up (the endings deck)
    state = run_hook(state, "setup")
    # "Any player whose Character starts the game with any Spells ... now draws the designated
    # number of cards from the proper Stockpile."
    for c in characters:
        if defs.characters[c].start_spells:
            state = draw_spells(state, c, defs.characters[c].start_spells, "starting spells")
    # the Scroll Stockpile (SCROLLS) is shuffled too, last (so that the other stockpiles and
    # the expansions' decks are shuffled as they were before it existed)
    cards, dice = shuffle(state.dice, state.decks["scroll"])
    return replace(state, dice=dice, decks=state.decks.set("scroll", pvector(cards)))


# --- the compendium's character exceptions at the start (exceptions.yaml) ----------------------

def offer_starting_scrolls(state, characters=None):
    """Corrections/Additions/Deletions to the Existing Characters: "You may begin the game with
    either a Spell or a Scroll" (the Druid, the Prophetess, the Sorceress; the Wizard: "2 Spells
    or a Spell and a Scroll").  Each such character, in seating order, chooses before the first
    turn: ``start:spells`` keeps the Spells drawn, ``start:scroll`` shuffles the last one back
    into the Spell Stockpile (as if it had never been drawn; only its holder sees which it was)
    and draws a Scroll instead.  (A scenario's set-up fixes the hands
    itself: this is offered by ``talisman.new_game`` and to a new character.)"""
    exceptions = load().exceptions
    eligible = set(exceptions["start_scroll_instead"]) | set(exceptions.get("start_scrolls_any", ()))
    given = exceptions.get("start_with_scroll", ())
    for cid in characters or state.order:
        if card_of(cid) in given:  # "You also begin the game with a Scroll" (the Conjurer, the Sprite)
            state = draw_scrolls(state, cid, 1, "a starting Scroll")
    who = [c for c in (characters or state.order) if card_of(c) in eligible and state.characters[c].spells]
    for cid in reversed(who):
        state = push(state, frame("setup.scroll_offered", who=cid))
    return state


def scroll_offered(state, who):
    options = ["start:spells", "start:scroll"]
    if card_of(who) in load().exceptions.get("start_scrolls_any", ()) and len(state.characters[who].spells) > 1:
        options.append("start:scrolls")  # the Leprechaun: "two Spells or Scrolls, or one of each"
    return decide(state, who, "start", options, "setup.scroll_chosen",
                  prompt="begin with a Scroll instead of a Spell?", who=who)


def scroll_chosen(state, action, who):
    if action.args[0] == "spells":
        return state
    ch = state.characters[who]
    n = len(ch.spells) if action.args[0] == "scrolls" else 1
    returned = list(ch.spells[len(ch.spells) - n:])
    state = update_character(state, who, spells=ch.spells[:len(ch.spells) - n])
    cards, dice = shuffle(state.dice, list(state.decks["spell"]) + returned)
    state = replace(state, dice=dice, decks=state.decks.set("spell", pvector(cards)))
    state = log(state, "spell_returned", character=who, cards=returned, seen_by=who)
    return characters.draw_scrolls(state, who, n, "a Scroll instead of a Spell")


STEPS = {"setup.scroll_offered": scroll_offered, "setup.scroll_chosen": scroll_chosen}
