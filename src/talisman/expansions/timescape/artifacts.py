"""The Ancient Artifact and Dragon Rage (000 THE TALISMAN TIMESCAPE, "Ancient Artifact": "If brought
into the Timescape this becomes an Object, not a Magic Object. Dragon Rage does not effect any
Character in the Timescape.").

Both are stand-in Adventure cards (``cards/artifacts.yaml``) whose one printed fact is their
``data``:

- ``timescape_type: object``: a Magic Object that is an Object while its holder is in the
  Timescape.  The rule that tells the two apart there is Destroy Magic ("no one casts Spells or
  uses Magic Objects", ``rules.lasting``): while it lasts such a card still adds its bonus to
  its holder's combat score in the Timescape (the ``character_score`` hook).
- ``timescape_spares: true``: an Event that reaches no character in the Timescape: left out of
  its targets when drawn elsewhere (the ``effect_targets`` hook), and discarded without effect
  when drawn there (:func:`spared`, asked by the Timescape's ``cards_drawn``).
"""
from __future__ import annotations

from ...definitions import load
from ...rules import characters as chars

__all__ = ["REGION", "timescape_object", "spared", "character_score", "effect_targets"]

#: the Timescape's region on the board (``board.yaml``)
REGION = "timescape"


def _in_timescape(state, cid):
    return state.characters[cid].space in load().board.regions[REGION]


def timescape_object(card_id):
    """Whether a card is an Object, not a Magic Object, in the Timescape (``data:
    {timescape_type: object}``: the Ancient Artifact)."""
    c = load().cards[card_id]
    return c.type == "magic_object" and (c.data or {}).get("timescape_type") == "object"


def spared(card_id):
    """Whether a card reaches no character in the Timescape (``data: {timescape_spares: true}``:
    Dragon Rage)."""
    return bool((load().cards[card_id].data or {}).get("timescape_spares"))


def character_score(state, score, character, kind):
    """``character_score``: in the Timescape, while Destroy Magic lasts (no Magic Object used), a
    card that is an Object there adds its bonus as any Object does (CHARACTER'S TOTAL STRENGTH /
    CRAFT: carried in use, usable by its holder; nothing while a Toad)."""
    if not (state.lasting and "destroy_magic" in state.lasting) or not _in_timescape(state, character):
        return score
    ch = state.characters[character]
    if ch.toad_turns:
        return score
    which = "strength" if kind == "battle" else "craft"
    for cid in chars.in_use(ch):
        c = load().cards[cid]
        b = c.bonus
        if timescape_object(cid) and b and chars.usable(ch, c) and b.get("in", "always") in ("always", kind):
            score += b.get(which, 0)
    return score


def effect_targets(state, targets, actor, source):
    """``effect_targets``: "Dragon Rage does not effect any Character in the Timescape"."""
    card = source.get("card") if source else None
    if card is None or not spared(card):
        return targets
    return tuple(cid for cid in targets if not _in_timescape(state, cid))
