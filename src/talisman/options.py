"""The rule options a game may be started with, and their defaults (the model layer).

:class:`talisman.state.GameState.option` reads a game's value; :mod:`talisman.rules.setup`
checks the options given to a new game.
"""
from __future__ import annotations

#: Rule options and their defaults.  Where the compendium and the Revised 4th
#: Edition differ, the compendium's rule is the default.
OPTIONS = {
    # MOVEMENT IN THE OUTER, FAR-OUTER AND MIDDLE REGIONS: die by size (compendium),
    # or "d6": everyone rolls one D6 (Revised 4th Edition).
    "movement_die": "by_size",
    # SETTING UP: every character starts with 4 lives (compendium), or "card": the
    # character card's life value (Revised 4th Edition).
    "lives": "compendium",
    # End the game as a draw after this many rounds (0: no limit).  For simulations.
    "max_rounds": 0,
    # LOSING ALL LIVES: "The Player whose Character has just died may, if all players have
    # agreed, begin again NEXT TURN with a new Character" (until someone reaches the Crown).
    "new_character": False,
    # THE CROWN OF COMMAND SPACE: true: the first character there draws an Alternative Ending
    # (the compendium); "revealed" / "hidden": one drawn at set-up and placed on the Crown face
    # up / face down (001/003 Alternative Ending Cards).  The deck: the compendium's endings and
    # the enabled expansions' ending cards (talisman.rules.endings.cards; docs/endings.md).
    "alternative_endings": False,
    # The Alternative Endings kept in the deck (a list of ending ids; None: every one in play).
    "ending_deck": None,
    # OPTIONAL RULES, CHAOS BLOODBATH: no one may win before reaching the Crown of Command.
    "chaos_bloodbath": False,
    # Spells cast in reaction to another's turn (Immobility on a character whose turn starts).
    "spell_reactions": False,
    # The Harbinger (talisman.expansions.harbinger checks the values): the Omen set
    # (armageddon, rise_of_the_dead, shattered_world, stars_align or random), the older form
    # of alternative_endings for its own two cards (off, revealed, hidden: checked by
    # talisman.rules.endings.cards), and a scenario's starting position (harbinger space,
    # terrain {space: card}, omens_discarded).
    "harbinger_omen_set": "armageddon",
    "harbinger_ending": "off",
    "harbinger_position": None,
    # OPTIONAL RULES, HENCHMEN (talisman.rules.henchmen checks the values): how many Henchmen
    # each player is dealt from the remaining characters (0: none), and a scenario's fixed deal
    # ({character: [henchman character ids]}, instead of the random one).
    "henchmen": 0,
    "henchmen_dealt": None,
}
OPTION_CHOICES = {"movement_die": ("by_size", "d6"), "lives": ("compendium", "card")}

#: An expansion's own older form of ``alternative_endings`` (option name -> expansion id): that
#: variant (``revealed`` / ``hidden``; ``off``: not used) with the expansion's ending cards only.
SET_ENDING_OPTIONS = {"harbinger_ending": "harbinger"}

#: Every expansion and module id the public contract names.
EXPANSIONS = ("harbinger", "blood_moon", "city", "dungeon", "timescape", "wizards_tower",
              "emperors_guard", "brotherhood", "catacombs", "airships",
              "disasters")  # the compendium's TALISMAN Disasters card set (beyond DESIGN.md's list)
#: The expansions this version implements.
IMPLEMENTED_EXPANSIONS = ("harbinger", "blood_moon", "city", "wizards_tower", "disasters", "dungeon")
