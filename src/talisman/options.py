"""The rule options a game may be started with, and their defaults (the model layer).

:class:`talisman.state.GameState.option` reads a game's value; :mod:`talisman.rules.setup`
checks the options given to a new game.
"""
from __future__ import annotations

from typing import Any, Callable

#: Rule options and their defaults.  Where the compendium and the Revised 4th
#: Edition differ, the ``edition`` preset sets the rule (``EDITIONS``); each such rule is
#: still an option of its own, which wins over the preset.  ``None``: the edition's value
#: (:func:`resolve` fills it in when a game is set up: ``state.config.options`` always holds
#: the values played).
OPTIONS = {
    # The rules of which edition: "compendium" (the rules compendium, 000) or "revised4" (the
    # Revised 4th Edition, which The Harbinger and The Blood Moon are written for).  None: the
    # Revised 4th's when one of its expansions is in play (REVISED4_EXPANSIONS), else the
    # compendium's.
    "edition": None,
    # FATE (Revised 4th Edition; the compendium has none): "card": each character starts with
    # the fate value of his card; "none": no Fate tokens are dealt.
    "fate": None,
    # FATE, a re-roll of a roll made with several dice (the Death space's and the Temple's 2D6,
    # the Warrior's two battle dice, the Moon Mist's two movement dice): "one_die" (the published
    # rule: "only one of them may be rerolled", the player choosing which; rulings R-RF14.1) or
    # "whole_roll" (the common house reading: every die of the roll again).
    "fate_reroll": "one_die",
    # MOVEMENT IN THE OUTER, FAR-OUTER AND MIDDLE REGIONS: die by size (compendium),
    # or "d6": everyone rolls one D6 (Revised 4th Edition).
    "movement_die": None,
    # SETTING UP: every character starts with 4 lives (compendium), or "card": the
    # character card's life value (Revised 4th Edition).
    "lives": None,
    # SETTING UP: "Each Player then receives 4 Lives and 1 Gold" (compendium; 1 in the Revised
    # 4th Edition too): the gold each character starts with.
    "starting_gold": None,
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
    # The Dragon King's result 5, an opponent who takes all the King's lives: "ends" (he is dead,
    # the hunt ends: rulings R-EN10.4) or "goes_on" (he is driven off, regenerates and hunts the
    # next opponent).
    "dragon_king_hunt": "ends",
    # Pandora's Box, FINDER'S KEEPERS: "Teleport to any Space on any Board to Encounter the other
    # Characters": "characters" (a space holding another character: rulings R-EN10.10) or "any".
    "finders_teleport": "characters",
    # TOADS & TRANSFORMATIONS, a Toad's kept Enemy cards (trophies): "discarded" (they are
    # Possessions he "cannot have": rulings R-FD13.3) or "kept" (ruling 4's B: R-FB14.3).
    "toad_trophies": "discarded",
    # GAINING CRAFT, the Craft points of kept Enemy cards per Craft counter: 10 (the compendium:
    # "1 Craft point for every 10 points of Craft") or 7 (the published rule, as for Strength: talisman.wikidot.com/craft;
    # rulings R-PROBE15B.2).
    "craft_trophy_rate": 10,
    # The City (THE TALISMAN CITY, Movement in the City, the Leprechaun's "You may Teleport into and
    # out of any Space in the City"): "walls", a same-Region teleport crosses the City's walls
    # neither way but the Leprechaun's (rulings R-RH14.2, R-CY11.6); "outer_region", every one
    # crosses them both ways ("All rules, which apply to the Outer Region, apply to the City").
    "city_teleport": "walls",
    # The Village's and the City's "Visit one of the Blacksmith, the Healer or the Mystic" (the
    # City: the Doctor, the Alchemist or the Enchantress): "allowed", a character with no Gold may
    # visit the Blacksmith, the Healer or the Doctor and buy nothing (rulings R-MEND16.1);
    # "refused", a visit that is only a payment is not offered to one with no Gold (R-RULE16.2).
    "visit_without_gold": "allowed",
    # The Lord of Chaos, COMBAT TO WIN: "Strength 12 (+D6), Craft 12 (+D6)": "added", a D6 rolled for
    # each as he appears and added for the whole fight, besides his attack die (rulings F17S4-2);
    # "attack_only", the mark is his attack die in each combat, nothing more.
    "lord_of_chaos_die": "added",
    # OPTIONAL RULES, CHAOS BLOODBATH: no one may win before reaching the Crown of Command.
    "chaos_bloodbath": False,
    # OPTIONAL RULES, KING OF THE HILL: "Any Character reaching the Treasure Chamber in the Dungeon
    # may take a Talisman and exit the Dungeon at the Portal of Power" (with the Dungeon; its first
    # sentence, the last character alive wins, is WINNING THE GAME's and always played).
    "king_of_the_hill": False,
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
    # Which characters are dealt from, where the rules deal one (a new character after a death,
    # Henchmen; `talisman simulate --pool`): "base" (the base game's 14), "compendium" (those and
    # the compendium's other characters, docs/characters.md), each with the expansions' in play;
    # or a list of character ids.  Any character may still be chosen for a seat.
    "character_pool": "base",
    # RULES CONCERNING CHARACTERS (talisman.rules.master_levels and talisman.rules.noblemen check
    # the values; docs/master_levels.md).  MASTER LEVEL CHARACTERS: false, true (every title) or
    # the list of the titles "to be used" (champion_of_chaos, herald, high_mage, kings_champion,
    # master_thief, mirror_image, mystic, sheriff, templar, warrior_of_chaos); their cards are
    # shuffled into the decks.
    "master_levels": False,
    # NOBLEMEN and REALMS: the Entitlement card joins the Adventure deck; Title cards and Realms.
    "noblemen": False,
    # MAGIC ITEMS: the Magic Items join the Adventure deck (Talismans for their aligned owner).
    "magic_items": False,
    # GAINING SPECIAL ABILITIES: the Ability Stockpile; a Spell or Scroll bought for one more Gold
    # draws an Ability too.
    "ability_stockpile": False,
}
OPTION_CHOICES = {"movement_die": ("by_size", "d6"), "lives": ("compendium", "card"),
                  "edition": ("compendium", "revised4"), "fate": ("card", "none"),
                  "dragon_king_hunt": ("ends", "goes_on"), "finders_teleport": ("characters", "any"),
                  "toad_trophies": ("discarded", "kept"),
                  "fate_reroll": ("one_die", "whole_roll"), "craft_trophy_rate": (10, 7),
                  "city_teleport": ("walls", "outer_region"),
                  "visit_without_gold": ("allowed", "refused"),
                  "lord_of_chaos_die": ("added", "attack_only")}

#: The rules that differ between the editions: what each ``edition`` sets.
EDITIONS = {
    "compendium": {"fate": "none", "lives": "compendium", "movement_die": "by_size",
                   "starting_gold": 1},
    "revised4": {"fate": "card", "lives": "card", "movement_die": "d6", "starting_gold": 1},
}
#: The expansions written for the Revised 4th Edition: with one in play and no ``edition``
#: given, the edition is ``revised4`` (docs/options.md "Editions"; rulings R-ED15.1): their
#: cards and characters gain, spend and read fate.
REVISED4_EXPANSIONS = ("harbinger", "blood_moon")


def default_edition(expansions=()) -> str:
    """The edition a game plays when none is given: ``revised4`` with a Revised 4th expansion in
    play (whatever else is), else ``compendium``.

    >>> default_edition(), default_edition(["city", "harbinger"])
    ('compendium', 'revised4')
    """
    return "revised4" if any(e in REVISED4_EXPANSIONS for e in expansions) else "compendium"


def resolve(options, expansions=()):
    """The options a game plays: ``options`` as given, with every rule the edition sets filled
    in (an option given wins over its edition).  The edition is the one given, else
    :func:`default_edition`'s.  Idempotent: resolving resolved options changes nothing.

    >>> resolve({})["fate"], resolve({}, ["blood_moon"])["fate"], resolve({}, ["blood_moon"])["lives"]
    ('none', 'card', 'card')
    >>> resolve({"edition": "compendium"}, ["harbinger"])["movement_die"]
    'by_size'
    >>> resolve({"edition": "revised4", "lives": "compendium"})["lives"]
    'compendium'
    """
    out = dict(options)
    edition = out.get("edition") or default_edition(expansions)
    out["edition"] = edition
    for name, value in EDITIONS[edition].items():
        if out.get(name) is None:
            out[name] = value
    return out


def given(*names: str) -> Callable[[Any], bool]:
    """A base plugin's ``wanted`` test (:class:`talisman.engine.ruleset.Plugin`) for an
    optional rule module: whether a game's configuration gives any of the rule options
    ``names``.  With none given, each is at its default, which turns the module off: its hooks
    are not subscribed in that game (given, even at its default, they are, and its set-up
    checks the value).

    >>> from types import SimpleNamespace
    >>> wanted = given("noblemen")
    >>> wanted(SimpleNamespace(options={"noblemen": True})), wanted(SimpleNamespace(options={}))
    (True, False)
    """
    def wanted(config: Any) -> bool:
        return any(name in config.options for name in names)
    return wanted


#: An expansion's own older form of ``alternative_endings`` (option name -> expansion id): that
#: variant (``revealed`` / ``hidden``; ``off``: not used) with the expansion's ending cards only.
SET_ENDING_OPTIONS = {"harbinger_ending": "harbinger"}

#: Every expansion and module id the public contract names.
EXPANSIONS = ("harbinger", "blood_moon", "city", "dungeon", "timescape", "wizards_tower",
              "emperors_guard", "brotherhood", "catacombs", "airships",
              "disasters")  # the compendium's TALISMAN Disasters card set (beyond DESIGN.md's list)
#: The expansions this version implements.
IMPLEMENTED_EXPANSIONS = ("harbinger", "blood_moon", "city", "wizards_tower", "disasters", "dungeon",
                          "emperors_guard",
                          "brotherhood", "catacombs",
                          "timescape", "airships")
