"""The Alternative Ending card frame of The Harbinger and The Blood Moon (001 / 003 "Alternative
Ending Cards", "Setup", "Revealed Variant", "Hidden Variant", "Encountering Alternative
Endings"), shared with the compendium's Alternative Endings deck (:mod:`.crown`).

The endings in play are one deck: the compendium's six endings (``crown.ENDINGS``, rules code,
usable in either variant) and the ending *cards* of the enabled expansions (YAML, deck
``alternative_ending``: ``data/talisman/expansions/<expansion>/cards/endings.yaml``; each card's
``data.icons`` lists the variants it belongs to -- ``revealed``: the sun icon, ``hidden``: the
crescent moon -- ``data.star`` its star instructions, ``effect`` what a character on the Crown
does on meeting it).  An expansion contributes its ending cards by shipping that deck; the
frame needs no expansion code (the *expansion hook* is the deck).

The rule option ``alternative_endings`` says how the deck is used:

``False`` (default)
    no Alternative Ending: the Crown of Command's own rules.
``True`` (the compendium)
    the deck is shuffled at set-up and "The first Character who enters the Crown of Command
    Space must draw a card"; the expansion cards join it if they have the hidden icon (the
    card is unseen until drawn).
``"revealed"`` / ``"hidden"`` (the Revised 4th Edition's variants)
    the cards of the other variant go back to the box, one card is drawn at set-up and placed
    on the Crown face up / face down (turned up when first encountered).

``ending_deck`` (a list of ending ids, default all) keeps only those endings in the deck.  An
expansion's own older option (:data:`talisman.options.SET_ENDING_OPTIONS`: The Harbinger's
``harbinger_ending``, ``revealed`` / ``hidden``) still works: it is ``alternative_endings``
with that variant and that expansion's cards only; combining it with ``alternative_endings``
is an error.

``state.ending`` (plain data): ``variant``, ``deck`` (undrawn), ``card`` (on the Crown),
``revealed``, ``box`` (back in the game box), ``discarded``, and each ending's own fields.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from typing import Any

from ...definitions import load
from ...engine.dice import shuffle
from ...engine.machine import log
from ...engine.records import Outcome, deep_freeze, replace
from ...errors import TalismanError
from ...options import SET_ENDING_OPTIONS
from .. import characters
from .. import effects
from .winning import reached_crown

__all__ = ["VARIANTS", "DECK", "ending_settings", "setup_card_endings", "is_card", "icons",
           "star", "face_up", "reveal", "encounter_card", "holds_on_crown", "cards_held",
           "hide_from", "discard_ending", "time_flipped", "alignment_locked", "attacks_allowed",
           "win_game", "EFFECTS"]

VARIANTS = ("revealed", "hidden")
DECK = "alternative_ending"
SET_VARIANTS = ("off", "revealed", "hidden")  # an expansion's own ending option


def is_card(eid):
    """Whether an ending is an expansion's card (else one of the compendium's endings)."""
    c = load().cards.get(eid)
    return c is not None and c.type == DECK


def icons(eid):
    """The variants an ending belongs to (the compendium's endings: both)."""
    return tuple(load().cards[eid].data.get("icons", ())) if is_card(eid) else VARIANTS


def _card_set(eid):
    """The expansion an ending card comes from."""
    return load().cards[eid].set


def ending_settings(state):
    """``(variant, only)`` from the rule options: variant ``None`` (no Alternative Endings),
    ``"compendium"``, ``"revealed"`` or ``"hidden"``; ``only``: the ending ids kept, or None."""
    alt = state.option("alternative_endings")
    if alt not in (False, True) + VARIANTS:
        raise TalismanError(f"rule option alternative_endings={alt!r}: false, true (the compendium's "
                            f"draw on the Crown), 'revealed' or 'hidden' (the Revised 4th Edition's)")
    only = state.option("ending_deck")
    for name, set_id in SET_ENDING_OPTIONS.items():
        chosen = state.option(name)
        if chosen not in SET_VARIANTS:
            raise TalismanError(f"rule option {name}={chosen!r}: choose one of "
                                f"{', '.join(SET_VARIANTS)}")
        if chosen != "off":
            if alt is not False or only is not None:
                raise TalismanError(f"rule option {name} is the older form of alternative_endings: "
                                    "use alternative_endings (and ending_deck) alone")
            if set_id not in state.config.expansions:
                raise TalismanError(f"rule option {name} needs the {set_id} expansion")
            return chosen, [c for c in state.decks.get(DECK, ()) if _card_set(c) == set_id]
    if only is not None and (isinstance(only, (str, Mapping)) or not isinstance(only, Iterable) or not all(isinstance(x, str) for x in only)):
        raise TalismanError(f"rule option ending_deck={only!r}: a list of ending ids")
    variant = None if alt is False else "compendium" if alt is True else alt
    return variant, (None if only is None else list(only))


def setup_card_endings(state, compendium):
    """Set-up (001/003 Setup, Revealed Variant, Hidden Variant; 000 THE CROWN OF COMMAND SPACE):
    the deck of the endings in play, shuffled; in the Revised variants one card on the Crown."""
    variant, only = ending_settings(state)
    if variant is None:
        if only is not None:  # a deck of endings for a game without them: a mistake, not a no-op
            raise TalismanError(f"rule option ending_deck={only!r}: the Alternative Endings are not in "
                                "play (set alternative_endings, or leave ending_deck out)")
        return state
    cards = list(state.decks.get(DECK, ()))
    state = replace(state, decks=state.decks.set(DECK, state.decks[DECK][:0])) if cards else state
    own = any(state.option(name) != "off" for name in SET_ENDING_OPTIONS)  # one expansion's cards only
    pool = ([] if own else list(compendium)) + cards
    if only is not None:
        unknown = [e for e in only if e not in pool]
        if unknown:
            raise TalismanError(f"rule option ending_deck: {', '.join(unknown)} not in play; the endings "
                                f"in play: {', '.join(pool)}")
    wanted = "hidden" if variant == "compendium" else variant
    usable = [e for e in pool if (only is None or e in only) and wanted in icons(e)]
    box = [e for e in pool if e not in usable]
    if not usable:
        raise TalismanError(f"no Alternative Ending left for the {variant} variant")
    order, dice = shuffle(state.dice, usable)
    state = replace(state, dice=dice)
    if variant == "compendium":
        ending = {"deck": list(order), "card": None}
        if cards or only is not None:
            ending.update(variant=variant, box=box)
        return replace(state, ending=ending)
    pick = order[0]
    state = replace(state, ending={"variant": variant, "deck": [], "card": pick,
                                   "revealed": variant == "revealed", "box": box + list(order[1:])})
    if variant == "revealed":
        state = log(state, "ending_placed", card=pick, face="up")
        return star_setup(state)
    return log(state, "ending_placed", face="down")


def star(state):
    """The star instructions of the face-up ending on the Crown (an empty mapping otherwise):
    "instructions that have a star icon at the start of their text affect all characters, no
    matter what Region they are in"."""
    e = state.ending
    if not e or e.get("card") is None or not face_up(state) or not is_card(e["card"]):
        return {}
    return load().cards[e["card"]].data.get("star", {})


def face_up(state):
    e = state.ending
    return bool(e) and e.get("revealed", True)


def reveal(state, cid):
    """A face-down ending is turned up when a character first encounters it."""
    state = replace(state, ending=state.ending.set("revealed", True))
    state = log(state, "ending_revealed", card=state.ending["card"], character=cid)
    return star_setup(state)


def star_setup(state):
    """What a star instruction does when its card turns face up (every character)."""
    s = star(state)
    if s.get("all_good"):
        for c in state.order:
            if state.characters[c].alive:
                state = characters.set_alignment(state, c, "good", state.ending["card"])
    if s.get("fate_on_card") and "card_fate" not in state.ending:
        n = s["fate_on_card"]["per_character"] * len(state.order)
        state = replace(state, ending=state.ending.set("card_fate", n))
        state = log(state, "fate_on_ending", card=state.ending["card"], fate=n)
    return state


def encounter_card(state, cid):
    """Encountering Alternative Endings: "characters on the Crown of Command must encounter the
    Alternative Ending card and follow the rules printed on the card; they cannot cast the
    Command Spell or encounter other characters on the Crown of Command unless the Alternative
    Ending card specifically states otherwise" (the card's effect says so, e.g. with
    ``command_spell``)."""
    card = state.ending["card"]
    state = log(state, "ending_encountered", card=card, character=cid)
    return effects.run(state, load().cards[card].effect, cid, {"card": card})


def holds_on_crown(state):
    """"Characters on the Crown of Command cannot move and must remain on that space unless
    the Alternative Ending card specifically states otherwise" (a card: ``data.may_leave``).
    The compendium's endings let a character leave (fleeing the Demon Lord, errands)."""
    e = state.ending
    if not e or e.get("card") is None or not is_card(e["card"]):
        return False
    return not load().cards[e["card"]].data.get("may_leave", False)


def discard_ending(state):
    """The ending on the Crown is discarded, not to be reused (the Horrible Black Void)."""
    e = state.ending
    card = e["card"]
    return replace(state, ending=e.set("card", None).set(
        "discarded", deep_freeze(list(e.get("discarded", ())) + [card])))


def cards_held(state):
    """The expansion ending cards kept in ``state.ending`` (for "every card in one place")."""
    e = state.ending
    if not e:
        return []
    ids = list(e.get("deck", ())) + list(e.get("box", ())) + list(e.get("discarded", ()))
    if e.get("card") is not None:
        ids.append(e["card"])
    return [i for i in ids if is_card(i)]


def hide_from(state, view):
    """``player_view``: the deck's order, a face-down card and the box (which would tell it by
    elimination) are hidden."""
    e = state.ending
    if not e:
        return view
    hidden = e.set("deck", deep_freeze(sorted(e.get("deck", ()))))
    if not face_up(state) and e.get("card") is not None:
        hidden = hidden.set("card", "hidden").set("box", deep_freeze(["hidden"] * len(e.get("box", ()))))
    return replace(view, ending=hidden)


# --- star instructions that other rules ask about --------------------------------------------

def time_flipped(state, time):
    """The Time card flipped (The Blood Moon): a ``fate_on_card`` star instruction loses a fate
    at each nightfall; "if the last fate goes, everyone loses" (Lightbearers)."""
    rule = star(state).get("fate_on_card")
    if not rule or rule.get("lose_at") != {"night": "nightfall", "day": "daybreak"}.get(time):
        return state
    left = max(0, state.ending.get("card_fate", 0) - 1)
    state = replace(state, ending=state.ending.set("card_fate", left))
    state = log(state, "fate_off_ending", card=state.ending["card"], fate=left)
    if left == 0 and state.outcome is None:
        state = log(state, "game_lost", reason=state.ending["card"])
        return replace(state, outcome=Outcome(f"{state.ending['card']}_failed", ()))
    return state


def alignment_locked(state, cid, alignment):
    """``all_good``: "all characters are Good and stay Good (an alignment change costs 1 life
    instead)" -- True when the change must be refused."""
    return bool(star(state).get("all_good")) and alignment != "good"


def attacks_allowed(state):
    """``no_attacks``: characters may not attack one another."""
    return not star(state).get("no_attacks")


# --- the ending cards' effects (the effect vocabulary) ---------------------------------------

def win_game(state, params, actor, source):
    """The actor wins the game (``who: all``: every character alive does, a dead one's piece
    being out of the game (LOSING ALL LIVES; docs/rulings.md R-FIX15D.3); with CHAOS BLOODBATH
    every one of them who has reached the Crown of Command: "No one may win the game until he/she
    has reached the Crown of Command Space", R-GB11.7, R-PROBE15A.2)."""
    reason = params.get("reason") or source.get("card") or "alternative_ending"
    if params.get("who") == "all":
        winners = tuple(c for c in state.order if state.characters[c].alive
                        and (not state.option("chaos_bloodbath") or reached_crown(state, c)))
        state = log(state, "game_won", characters=list(winners), reason=reason)
        return replace(state, outcome=Outcome(reason, winners))
    state = log(state, "game_won", character=actor, reason=reason)
    return replace(state, outcome=Outcome(reason, (actor,)))


EFFECTS = {"win_game": win_game}  # with black_void.annihilate: the endings area's effects

STEPS: dict[str, Any] = {}
