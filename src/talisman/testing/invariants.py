"""Invariants every reachable Talisman state keeps.  ``check(state)`` names each one broken.

>>> import talisman
>>> check(talisman.new_game(["warrior"]))
[]
"""
from __future__ import annotations

from collections import Counter

import attrs

from ..definitions import cards_played, load
from ..rules.endings.cards import cards_held
from ..rules.setup import game_decks


def check(state) -> list[str]:
    """Every violated invariant, by name.

    The invariants: no counter below zero, Strength and Craft at least 1, every character on a
    real space, alive means lives, one pending decision while the game goes on (by a player in
    the game), the current character alive, every card in exactly one place, frozen all the way
    down.

    Args:
        state: a Talisman state.

    Returns:
        The names of the broken invariants (``"counters_never_negative:warrior"``); an empty
        list when all hold.

    Example:
        >>> import attrs, talisman
        >>> s = talisman.new_game(["warrior"])
        >>> check(s)
        []
        >>> warrior = attrs.evolve(s.characters["warrior"], gold=-1)
        >>> check(attrs.evolve(s, characters=s.characters.set("warrior", warrior)))
        ['counters_never_negative:warrior']
    """
    broken = []
    board = load().board
    for cid, ch in state.characters.items():
        if min(ch.strength, ch.craft, ch.lives, ch.fate, ch.gold) < 0:
            broken.append(f"counters_never_negative:{cid}")
        if ch.alive and (ch.strength < 1 or ch.craft < 1):
            broken.append(f"strength_and_craft_at_least_one:{cid}")
        if ch.space not in board.spaces:
            broken.append(f"on_a_real_space:{cid}")
        if ch.alive and ch.lives < 1:
            broken.append(f"alive_means_lives:{cid}")
    if state.outcome is None:
        if state.pending is None:
            broken.append("one_pending_decision")
        elif not state.pending.is_chance and state.pending.player not in state.characters:
            broken.append("pending_player_in_game")
        current = state.characters[state.current]
        # (a drawer killed by a card that strikes others too stays the current character, dead,
        # until they are dealt with: his turn end is deferred, rulings R-FIX15D.4)
        if not current.alive and not current.flag("turn_end_deferred") and not (
                state.pending is not None and state.pending.kind == "new_character"):
            broken.append("current_character_alive")
    elif state.pending is not None:
        broken.append("no_decision_after_the_end")
    if state.current not in state.order:
        broken.append("current_in_seating")
    if card_places(state) != expected_cards(state):
        broken.append("every_card_in_exactly_one_place")
    if not frozen(state, skip=("log",)):
        broken.append("frozen_all_the_way_down")
    return broken


MUTABLE = (list, dict, set, bytearray)


def frozen(value, skip=()):
    """No mutable container anywhere inside (attrs records, pyrsistent collections, tuples).

    Args:
        value: any value.
        skip: field names of attrs records not to look into.

    Returns:
        True when no list, dict, set or bytearray is found inside.

    Example:
        >>> frozen((1, ("a", frozenset({2})))), frozen((1, [2]))
        (True, False)
    """
    if isinstance(value, MUTABLE):
        return False
    if attrs.has(type(value)):
        return all(frozen(getattr(value, f.name)) for f in attrs.fields(type(value))
                   if f.name not in skip)
    if hasattr(value, "items") and callable(value.items):
        return all(frozen(k) and frozen(v) for k, v in value.items())
    if isinstance(value, (tuple, frozenset)) or hasattr(value, "__iter__") and not isinstance(value, str):
        return all(frozen(v) for v in value)
    return True


def expected_cards(state):
    """Every copy of every card of the game's decks (the base game and its expansions).

    Args:
        state: a Talisman state (its configuration says which decks are in play).

    Returns:
        A ``Counter`` of card id -> copies.

    Example:
        >>> import talisman
        >>> s = talisman.new_game(["warrior"])
        >>> expected_cards(s) == card_places(s)
        True
    """
    out = Counter()
    # the cards of every piece's character, one who joined later too (rulings R-FIX15C.3)
    for cards in game_decks(load(), state.config.expansions, state.config.options,
                            cards_played(state.characters)).values():
        out.update(cards)
    return out


def card_places(state):
    """Count each card wherever it is: decks, discards, spaces, the cards under resolution
    (``state.resolving``), characters' hands, a lasting Spell's card (``state.lasting``), and
    where an expansion keeps cards (``state.ext[e]["cards"]``: a mapping of places to lists),
    and the Alternative Ending cards the endings area keeps (``state.ending``).

    Args:
        state: a Talisman state.

    Returns:
        A ``Counter`` of card id -> copies found.

    Example:
        >>> import talisman
        >>> sum(card_places(talisman.new_game(["warrior"])).values()) > 100
        True
    """
    out = Counter()
    if state.ending is not None:
        out.update(cards_held(state))
    for data in state.ext.values():
        for cards in data.get("cards", {}).values():
            out.update(cards)
    for cards in list(state.decks.values()) + list(state.discards.values()) + \
            list(state.board_cards.values()) + list(state.resolving.values()):
        out.update(cards)
    for ch in state.characters.values():
        for field in (ch.objects, ch.spells, ch.scrolls, ch.followers, ch.trophies):
            out.update(field)
    for span in state.lasting.values():
        if span.get("card"):  # a lasting Spell's card while its effect lasts (rules.lasting)
            out[span["card"]] += 1
    return out
