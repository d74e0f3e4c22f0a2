"""001 Alternative Ending Cards (The Harbinger's two): set-up by variant, encountering the
ending on the Crown of Command, star instructions.

The rule option ``harbinger_ending`` is ``off`` (default), ``revealed`` or ``hidden``.  Each
ending card's ``data.icons`` lists the variants it belongs to (``revealed``: the sun icon,
``hidden``: the crescent moon).  At set-up the cards of the other variant go back to the box,
one of the rest is drawn at random and lies on the Crown, face up (revealed) or face down
(hidden; turned up when first encountered).

A character on the Crown of Command meets the ending instead of the Crown's own instructions
(no Command Spell, no character encounters there): the card's ``effect`` runs for it each turn.
Star instructions (``data.star``) affect every character, wherever it is, while the card is
face up: ``crown_wins_when_omens_exhausted`` (a character on the Crown wins when the Omen
stack runs out) and ``harbinger_to_the_dead`` (the Harbinger moves to the space of a killed
character).
"""
from __future__ import annotations

from pyrsistent import pvector

from ...engine.dice import shuffle
from ...engine.machine import log
from ...engine.records import replace
from ...errors import TalismanError
from . import store as st

VARIANTS = ("off", "revealed", "hidden")


def setup(state):
    mode = state.option("harbinger_ending")
    if mode not in VARIANTS:
        raise TalismanError(f"rule option harbinger_ending={mode!r}: choose one of {', '.join(VARIANTS)}")
    cards = list(state.decks.get("alternative_ending", ()))
    state = replace(state, decks=state.decks.set("alternative_ending", pvector()))
    if mode == "off" or not cards:
        state = st.store(state, ending=None)
        return st.put_aside(state, "ending_box", cards)
    usable = [c for c in cards if mode in st.cdata(c).get("icons", ())]
    box = [c for c in cards if c not in usable]
    order, dice = shuffle(state.dice, usable)
    state = replace(state, dice=dice)
    pick, rest = order[0], list(order[1:])
    state = st.store(state, ending={"card": pick, "revealed": mode == "revealed"})
    state = st.put_aside(state, "ending_box", box + rest)
    if mode == "revealed":
        return log(state, "ending_placed", card=pick, face="up")
    return log(state, "ending_placed", face="down")


def active(state):
    return st.get(state, "ending") is not None


def star(state):
    """The star instructions of the face-up ending (an empty mapping otherwise)."""
    e = st.get(state, "ending")
    if not e or not e["revealed"]:
        return {}
    return st.cdata(e["card"]).get("star", {})


def encounter(state, cid):
    """A character on the Crown of Command encounters the Alternative Ending card."""
    from ...rules import effects
    e = st.get(state, "ending")
    if not e["revealed"]:
        state = st.store(state, ending=e.set("revealed", True))
        state = log(state, "ending_revealed", card=e["card"], character=cid)
    state = log(state, "ending_encountered", card=e["card"], character=cid)
    return effects.run(state, st.card(e["card"]).effect, cid, {"card": e["card"]})


def crown_winners_when_omens_exhausted(state):
    if not star(state).get("crown_wins_when_omens_exhausted"):
        return []
    return [c for c in st.alive_in_order(state, state.order[0])
            if state.characters[c].space == "crown_of_command"]


def player_view(state, view, player):
    """Value hook (``player_view``): a face-down (hidden variant) ending is secret -- its id
    is replaced by ``"hidden"`` in ``ext["harbinger"]``, on the Crown and in the game box
    (the box would tell it by elimination)."""
    e = st.get(state, "ending")
    if not e or e["revealed"]:
        return view
    d = view.ext.get(st.EXP)
    cards = d["cards"]
    cards = cards.set("ending_on_crown", pvector(["hidden"]))
    cards = cards.set("ending_box", pvector(["hidden"] * len(cards.get("ending_box", ()))))
    d = d.set("ending", e.set("card", "hidden")).set("cards", cards)
    return replace(view, ext=view.ext.set(st.EXP, d))


def character_died(state, character):
    """State hook: star instructions that react to a death."""
    if star(state).get("harbinger_to_the_dead"):
        from . import figure
        space = state.characters[character].space
        if st.board_space(space):
            state = figure.move_to(state, space, f"{character} was killed")
    return state
