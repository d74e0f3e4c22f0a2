"""The Ancient Artifact and Dragon Rage (000 THE TALISMAN TIMESCAPE, "Ancient Artifact": "If brought
into the Timescape this becomes an Object, not a Magic Object. Dragon Rage does not effect any
Character in the Timescape.").

Both are stand-in Adventure cards (``cards/artifacts.yaml``) whose one printed fact is their
``data``:

- ``timescape_type: object``: a Magic Object that is an Object while its holder is in the
  Timescape.  The rule that tells the two apart there is Destroy Magic ("no one casts Spells or
  uses Magic Objects", ``rules.lasting``): while it lasts such a card still adds its bonus to
  every total of its holder's in the Timescape (:func:`bonus`): his combat scores (the
  ``character_score`` hook), his Spell limit (``spell_limit``) and his Craft against the
  Sentinels (the escape roll, asked by the Timescape's ``escape_rolled``).
- ``timescape_spares: true``: an Event that reaches no character in the Timescape: left out of
  its targets when drawn elsewhere (the ``effect_targets`` hook), and discarded without effect
  when drawn there (:func:`spared`, asked by the Timescape's ``cards_drawn``).
"""
from __future__ import annotations

from ...definitions import load
from ...rules import characters as chars

__all__ = ["REGION", "timescape_object", "spared", "bonus", "character_score", "spell_limit",
           "effect_targets"]

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


def bonus(state, character, which, context="always"):
    """What the cards that are Objects in the Timescape add to ``which`` (strength / craft) in
    ``context`` beyond what the base total counts: their bonus, while Destroy Magic lasts and
    their holder is in the Timescape (the base leaves every Magic Object out then); else 0.
    As CHARACTER'S TOTAL STRENGTH / CRAFT counts an Object: in use, usable by its holder,
    nothing while a Toad."""
    if not (state.lasting and "destroy_magic" in state.lasting) or not _in_timescape(state, character):
        return 0
    ch = state.characters[character]
    if ch.toad_turns:
        return 0
    extra = 0
    for cid in chars.in_use(ch):
        c = load().cards[cid]
        b = c.bonus
        if timescape_object(cid) and b and chars.usable(ch, c) and b.get("in", "always") in ("always", context):
            extra += b.get(which, 0)
    return extra


def character_score(state, score, character, kind):
    """``character_score``: a combat score counts the cards that are Objects there (:func:`bonus`)."""
    return score + bonus(state, character, "strength" if kind == "battle" else "craft", kind)


def spell_limit(state, limit, character):
    """``spell_limit``: NUMBER OF SPELLS read at the total Craft with the cards that are Objects
    there (:func:`bonus`), when the limit given is the base table's (another rule's changed limit
    is left as it is)."""
    extra = bonus(state, character, "craft")
    if not extra:
        return limit
    craft = chars.total(state, character, "craft")
    if limit != table_limit(craft):
        return limit
    return table_limit(craft + extra)


def table_limit(craft):
    """NUMBER OF SPELLS: the base table's limit at a total Craft."""
    return chars.SPELL_LIMIT.get(craft, 4 if craft >= 9 else 0)


def effect_targets(state, targets, actor, source):
    """``effect_targets``: "Dragon Rage does not effect any Character in the Timescape"."""
    card = source.get("card") if source else None
    if card is None or not spared(card):
        return targets
    return tuple(cid for cid in targets if not _in_timescape(state, cid))
