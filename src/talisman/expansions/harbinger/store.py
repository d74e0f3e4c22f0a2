"""The Harbinger's own state (a typed record) in ``state.ext["harbinger"]`` and small shared helpers.

Layout (a typed record, :class:`Harbinger`; its JSON is the same plain data):

``harbinger``
    the space the Harbinger figure stands on, or ``None`` while it is on the Harbinger sheet;
``omen_set``
    the Omen set chosen at set-up;
``omen_stack`` / ``omen_discards``
    card ids, the top card first (the Prophecy starts on top of the stack);
``terrain``
    ``{space: terrain card}`` for every Terrain card on the board;
``gifts`` / ``gift_round``
    ``{character: [spell ids]}``: the Ascendant Divine's divine gifts, and ``{character:
    round}``: the round he last cast one (absent until then);
``cards``
    where this expansion keeps cards that are in no deck, discard pile, space or hand
    (the card-conservation invariant reads it): ``omen_stack``, ``omen_discards``,
    ``omen_box`` (the Omen sets not in play), ``terrain_on_board``, ``divine_gifts`` (the
    Alternative Ending cards are kept by the endings area, ``state.ending``).  It is rebuilt
    from the fields above by :func:`store`, never edited alone.
"""
from __future__ import annotations

import attrs
from pyrsistent import pmap, pvector
from pyrsistent.typing import PMap, PVector

from ...definitions import load
from ...engine.records import replace
from ...rules.kernel import ExtSlice
from ...rules.slice_values import CARD, CHARACTER, COUNT, NAME, SPACE, checked, list_of, map_of
from ...state import ExtRecord, absent_field, map_field, vector_field

EXP = "harbinger"

#: Main-board spaces that lead to an expansion board, by the expansion that owns the board: with
#: that expansion in play, "characters can still move to and from the expansion board following
#: the normal movement rules of that expansion" -- the Harbinger leaves their encounter alone.
BOARD_LINKS = {"city": "city"}


@attrs.frozen
class Harbinger(ExtRecord):
    """``state.ext["harbinger"]`` (the layout above; the fields "absent until" are None until
    set; ``revelations_by``: who is putting back the cards a Revelations drew, :mod:`.cards`)."""

    harbinger: str | None = attrs.field(default=None, validator=checked(SPACE))
    omen_set: str | None = attrs.field(default=None, validator=checked(NAME))
    omen_stack: PVector[str] = vector_field(checked(list_of(CARD)))
    omen_discards: PVector[str] = vector_field(checked(list_of(CARD)))
    terrain: PMap[str, str] = map_field(checked(map_of(SPACE, CARD)))
    cards: PMap[str, PVector[str]] = map_field(checked(map_of(NAME, list_of(CARD))))
    gifts: PMap[str, PVector[str]] | None = absent_field(checked(map_of(CHARACTER, list_of(CARD))))
    gift_round: PMap[str, int] | None = absent_field(checked(map_of(CHARACTER, COUNT)))
    revelations_by: str | None = absent_field(checked(CHARACTER))


SLICE = ExtSlice(EXP, Harbinger)


def data(state) -> Harbinger:
    return SLICE.of(state)


#: A field of the Harbinger's data: ``get(state, key, default=None)`` (``default`` while it is absent).
get = SLICE.get


def store(state, **changes):
    """A new state with these fields of the Harbinger's data changed; ``cards`` rebuilt."""
    d = replace(SLICE.of(state), **changes)
    cards = d.cards.update({
        "omen_stack": pvector(d.omen_stack),
        "omen_discards": pvector(d.omen_discards),
        "terrain_on_board": pvector(sorted(d.terrain.values())),
        "divine_gifts": pvector(c for _, gifts in sorted((d.gifts or {}).items()) for c in gifts),
    })
    return replace(state, ext=state.ext.set(EXP, replace(d, cards=cards)))


def put_aside(state, place, card_ids):
    """Cards that leave play for the game box (unused Omen sets)."""
    d = SLICE.of(state)
    cards = d.cards.set(place, pvector(list(d.cards.get(place, ())) + list(card_ids)))
    return replace(state, ext=state.ext.set(EXP, replace(d, cards=cards)))


def enabled(state):
    return EXP in state.config.expansions


def card(card_id):
    return load().cards[card_id]


def cdata(card_id):
    """A card's expansion-specific fields (its ``data:`` mapping)."""
    return load().cards[card_id].data or pmap()


def space_def(space):
    return load().board.spaces[space]


def region_of(space):
    return load().board.spaces[space].region


#: Expansion boards whose ``part_of`` holds for every rule: "The City is considered to be part of
#: the outer Region ... All rules, which apply to the Outer Region, apply to the City as well"
#: (000 THE TALISMAN CITY).  The Dungeon's ``part_of`` is "for the purposes of Events" only.
WHOLE_PART = ("city",)


def draw_region(space):
    """The Region a space counts as for the Harbinger's draw rule (docs/rulings.md R-probee-2,
    R-HARB3.1): its board region, or the Outer Region for a City space (:data:`WHOLE_PART`)."""
    board = load().board
    region = region_of(space)
    return board.part_of.get(region, region) if region in WHOLE_PART else region


#: Boards that are no Region at all: "The Catacombs is NOT part of any region" (000 THE TALISMAN
#: CATACOMBS).  A character there is never "in the same Region as the Harbinger".
NO_REGION = ("catacombs",)

#: Expansion boards whose spaces the Harbinger's own encounter flow may meet (a Harbinger draw
#: there may bring Strength/Craft enemies): the Dungeon, the Timescape (which only leaves the
#: characters out, ``encounter_characters``, asked by that flow too) and the City (whose Statutes
#: judge the encounter afterwards, a frame its ``before_encounter`` puts under every frame of the
#: encounter, this flow's too, whichever expansion is asked first: docs/rulings.md R-SC9.1).
FLOW_BOARDS = ("dungeon", "timescape", "city")


def harbinger_region(space):
    """The Region a space counts as for the Harbinger's Region rules (the draw rule, "each
    character in the Harbinger's Region", the chart's neighbouring spaces; docs/rulings.md
    R-HB8): :func:`draw_region` (the City is the Outer Region; the Dungeon and the Timescape are
    Regions of their own), or ``None`` for the Inner Region, the Crown and a board that is no
    Region (:data:`NO_REGION`)."""
    if space not in load().board.spaces:
        return None
    region = draw_region(space)
    return None if region in ("inner", "crown") + NO_REGION else region


def in_play(state, space):
    """Whether ``space`` is on a board of this game: the main board's, or an expansion board's
    whose expansion is in play (the board data holds every board: ``Board.origin``)."""
    origin = load().board.origin.get(space)
    return origin is None or origin in state.config.expansions


def region_spaces(state, space):
    """Every space of ``space``'s Region for the Harbinger (:func:`harbinger_region`) on the
    boards in play, in the board data's order: with the City in play, the main board's Outer
    Region, then the City's spaces."""
    region = harbinger_region(space)
    if region is None:
        return []
    regions = load().board.regions
    return [s for r in regions for s in regions[r]
            if harbinger_region(s) == region and in_play(state, s)]


def neighbouring(space):
    """The spaces next to ``space`` in its Region (the board graph's ``neighbours``: the
    main board's ring, the City's streets and the buildings opening on them, the Dungeon's
    spiral; the Timescape's realities have none, its Warp Lines are one-way moves)."""
    region = harbinger_region(space)
    if region is None:
        return []
    return [n for n in space_def(space).neighbours if harbinger_region(n) == region]


def board_space(space):
    """Outer or Middle Region: a space that can hold Terrain, draw cards, be met by the Harbinger."""
    return space in load().board.spaces and region_of(space) in ("outer", "middle")


def figure_space(space):
    """A space the Harbinger figure can move to: "After a character (not in the Inner Region)
    draws an Event, move the Harbinger to that character's space" excludes only the Inner
    Region (the Crown of Command is in it), so an expansion board's space (the Dungeon, the
    City, the Timescape) is one (docs/rulings.md R-HARB2.2); the Catacombs is not: "The Catacombs
    set has no board" (000 THE TALISMAN CATACOMBS), so an Event drawn underground leaves the figure
    where it stands (:data:`NO_REGION`, docs/rulings.md R-OQ10.2)."""
    return space in load().board.spaces and region_of(space) not in ("inner", "crown") + NO_REGION


def terrain_on(state, space):
    return get(state, "terrain", pmap()).get(space)


def alive_in_order(state, start=None):
    """Living characters in seating order, from ``start`` (default: the current character)."""
    order = state.order
    i = order.index(start or state.current)
    return [c for c in order[i:] + order[:i] if state.characters[c].alive]


def acting_character(state, preferred=None):
    """Who an effect with no natural actor acts for: ``preferred`` if alive, else the current
    character, else the first living one."""
    for c in (preferred, state.current):
        if c is not None and c in state.characters and state.characters[c].alive:
            return c
    alive = alive_in_order(state)
    return alive[0] if alive else None


def distance(a, b):
    """Steps between two board spaces along the board's links (breadth first)."""
    board = load().board
    if a == b:
        return 0
    seen, frontier, d = {a}, [a], 0
    while frontier:
        d += 1
        nxt = []
        for s in frontier:
            for n in board.spaces[s].neighbours:
                if n == b:
                    return d
                if n not in seen:
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    return 10 ** 6
