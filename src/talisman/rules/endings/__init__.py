"""WINNING THE GAME and THE CROWN OF COMMAND SPACE's Alternative Endings (the ``endings`` area).

"The object of the game is to reach the Crown of Command Space ... OR by defeating all other
Player's in the game."  One module per rule area:

=================  ==========================================================================
module             rules
=================  ==========================================================================
``winning``        the last survivor (KING OF THE HILL), CHAOS BLOODBATH, ``state.outcome``
``crown``          the Alternative Endings deck: set-up, the draw on the Crown, the endings
                   with a die and their per-character tasks
``cards``          the Alternative Ending *card* frame of The Harbinger and The Blood Moon
                   (revealed and hidden variants, star instructions, the expansions' cards)
``tasks``          what a die ending's task keeps (moves read from the log, throwing off the
                   Crown, discarding possessions)
``demon_lord``     The Demon Lord and his barrier chart
``black_void``     The Horrible Black Void
``dragon_king``    The Dragon King (D8 chart)
``lord_of_chaos``  The Lord of Chaos (D6 chart, letter table, combat table)
``pandora``        Pandora's Box (D8 chart): the goals, Finder's Keepers, Perils of Pandora
``arena``          Pandora's Box: the Arena's double elimination tournament, fights to the
                   finish
=================  ==========================================================================

Every name the other rule areas and the tests use is re-exported here
(``talisman.rules.endings.<name>``); the rule steps keep their names ``endings.<step>``.
See docs/endings.md.
"""
from __future__ import annotations

from ...engine.ruleset import Plugin
from . import arena as _arena
from . import black_void as _black_void
from . import cards as _cards
from . import crown as _crown
from . import demon_lord as _demon_lord
from . import dragon_king as _dragon_king
from . import lord_of_chaos as _lord_of_chaos
from . import pandora as _pandora
from . import tasks as _tasks
from . import winning as _winning
from .arena import ARENA, arena_pairing, duel, pandora_arena
from .black_void import annihilate, black_void
from .cards import (alignment_locked, attacks_allowed, cards_held, DECK, discard_ending, EFFECTS,
                    encounter_card, ending_settings, face_up, hide_from, holds_on_crown, icons, is_card,
                    reveal, setup_card_endings, star, time_flipped, VARIANTS, win_game)
from .crown import (character_died, chart_dice, chart_die, CHART_ROLL, check_chart_dice, check_task_endings,
                    continue_walk, crown_ending, die_ending, DIE_ENDINGS, ENDINGS, setup_endings, task_endings,
                    TASK_SHAPES, TASKS)
from .demon_lord import (barrier, barrier_chart, barrier_kept, BARRIER_ROLL, demon_chosen, demon_hit,
                         DEMON_LORD, demon_lord, raise_barrier)
from .dragon_king import (continue_king, dk_alone, dk_asleep, dk_asleep_kept, DK_ASLEEP_ROLL,
                          dk_brother_killed, dk_brother_lost, dk_brothers, dk_dragons, dk_dragons_beaten,
                          dk_hunt, dk_hunt_after, dk_hunt_rolled, dk_king, dk_king_after, dk_king_rolled,
                          dk_lunch, dk_meal, dk_round_answered, dk_round_kept, DK_ROUND_ROLL, DRAGON_KING,
                          DRAGON_KING_CHART, fight_dragons, hunt_next, king_round, next_brother)
from .lord_of_chaos import (chaos_drain, CHAOS_FOES, chaos_hit, COMBAT_TABLE, continue_change,
                            continue_chaos_fight, continue_errand, continue_trial, craft_sources, errand,
                            LETTER_TABLE, LETTERS, loc_alignment, loc_change, loc_combat, loc_combat_kept,
                            LOC_COMBAT_ROLL, loc_lord_rolled, loc_neutral, loc_suffer, loc_suffer_kept,
                            LOC_SUFFER_ROLL, lord_of_chaos_chart, must_walk_out, one_craft_engaged,
                            ONE_CRAFT_FOE, one_craft_rolled, one_craft_score, route_in, route_of,
                            trial_craft_rolled, TRIAL_OF_CHAOS, trial_rolled, walked_out)
from .pandora import (claimable, continue_goal, continue_power, goal_met, pandora_finders, pandora_goal,
                      pandora_perils, PANDORAS_BOX_CHART, perils_options, quest_locations,
                      quest_of_a_lifetime, quest_progress, quest_recorded, quest_visits, trophy_kept,
                      turn_engaged, TURN_POWERS, turn_started)
from .tasks import (alive, discard_cards, in_play, landings, lose_all_possessions, MAGIC_OBJECTS, moves_since,
                    places, role, set_task, task_of, throw)
from .winning import (check_last_survivor, HELD_CHECK_STEP, may_restart, reached_crown, unused_characters,
                      win, won_in_time)

__all__ = [  # every name of the modules' own ``__all__`` (tests/test_pyflakes.py checks it)
    "ARENA", "arena_pairing", "duel", "pandora_arena", "annihilate", "black_void", "alignment_locked",
    "attacks_allowed", "cards_held", "DECK", "discard_ending", "EFFECTS", "encounter_card", "ending_settings",
    "face_up", "hide_from", "holds_on_crown", "icons", "is_card", "reveal", "setup_card_endings", "star",
    "time_flipped", "VARIANTS", "win_game", "character_died", "chart_dice", "chart_die", "CHART_ROLL",
    "check_chart_dice", "check_task_endings",
    "continue_walk", "crown_ending", "die_ending", "DIE_ENDINGS", "ENDINGS", "setup_endings", "task_endings",
    "TASK_SHAPES", "TASKS", "barrier", "barrier_chart", "barrier_kept", "BARRIER_ROLL", "demon_chosen",
    "demon_hit", "DEMON_LORD", "demon_lord", "raise_barrier", "continue_king", "dk_alone", "dk_asleep",
    "dk_asleep_kept", "DK_ASLEEP_ROLL", "dk_brother_killed", "dk_brother_lost", "dk_brothers", "dk_dragons",
    "dk_dragons_beaten", "dk_hunt", "dk_hunt_after", "dk_hunt_rolled", "dk_king", "dk_king_after",
    "dk_king_rolled", "dk_lunch", "dk_meal", "dk_round_answered", "dk_round_kept", "DK_ROUND_ROLL",
    "DRAGON_KING", "DRAGON_KING_CHART", "fight_dragons", "hunt_next", "king_round", "next_brother",
    "chaos_drain", "CHAOS_FOES", "chaos_hit", "COMBAT_TABLE", "continue_change", "continue_chaos_fight",
    "continue_errand", "continue_trial", "craft_sources", "errand", "LETTER_TABLE", "LETTERS",
    "loc_alignment", "loc_change", "loc_combat", "loc_combat_kept", "LOC_COMBAT_ROLL", "loc_lord_rolled",
    "loc_neutral", "loc_suffer", "loc_suffer_kept", "LOC_SUFFER_ROLL", "lord_of_chaos_chart", "must_walk_out",
    "one_craft_engaged", "ONE_CRAFT_FOE", "one_craft_rolled", "one_craft_score", "route_in", "route_of",
    "trial_craft_rolled", "TRIAL_OF_CHAOS", "trial_rolled", "walked_out", "claimable", "continue_goal",
    "continue_power", "goal_met", "pandora_finders", "pandora_goal", "pandora_perils", "PANDORAS_BOX_CHART",
    "perils_options", "quest_locations", "quest_of_a_lifetime", "quest_progress", "quest_recorded",
    "quest_visits", "trophy_kept", "turn_engaged", "TURN_POWERS", "turn_started", "alive", "discard_cards",
    "in_play", "landings", "lose_all_possessions", "MAGIC_OBJECTS", "moves_since", "places", "role",
    "set_task", "task_of", "throw", "check_last_survivor", "HELD_CHECK_STEP", "may_restart", "reached_crown",
    "unused_characters", "win", "won_in_time"]

MODULES = (_winning, _tasks, _crown, _cards, _demon_lord, _black_void, _dragon_king,
           _lord_of_chaos, _pandora, _arena)

STEPS = {}
for _module in MODULES:
    for _name, _fn in _module.STEPS.items():
        assert _name not in STEPS, f"duplicate rule step {_name}"
        STEPS[_name] = _fn



def _character_died(state, character):
    """``character_died``: an ending's bookkeeping, then KING OF THE HILL (the last survivor)."""
    return _winning.check_last_survivor(_crown.character_died(state, character))


#: The endings area subscribes to the base hook points like an expansion (run in every game,
#: after the enabled expansions): the rule areas below it never import it.  ``engaged`` tests,
#: point by point, whether a hook can act (``Ruleset.subscribed``; rulings R-HK10.1): at
#: ``character_score`` (the closed form of a fight, ``talisman.odds``) only while a character's
#: task keeps the Priest of Chaos's one Craft item (``lord_of_chaos.one_craft_engaged``); at the
#: turn hooks only once an ending is drawn (``pandora.turn_engaged``); its other points always.
PLUGIN = Plugin("endings", always=True, engaged={
    "character_score": _lord_of_chaos.one_craft_engaged,
    "turn_beginning": _pandora.turn_engaged, "turn_ended": _pandora.turn_engaged}, effects={**_cards.EFFECTS, "annihilate": _black_void.annihilate}, hooks={
    "setting_up": _crown.setup_endings,
    "turn_beginning": lambda state, character: _pandora.turn_started(state, character),
    "turn_ended": _pandora.quest_recorded,
    "character_died": _character_died,
    "player_view": lambda state, view, player: _cards.hide_from(state, view),
    "trophy_kept": lambda state, kept, character, card, counter:
        kept or _pandora.trophy_kept(state, character, card, counter),
    "alignment_locked": lambda state, locked, character, alignment:
        locked or _cards.alignment_locked(state, character, alignment),
    "attacks_allowed": lambda state, allowed, character: allowed and _cards.attacks_allowed(state),
    "crown_holds": lambda state, holds, character: holds or _cards.holds_on_crown(state),
    "retreat_forced": lambda state, forced, character:
        forced or _lord_of_chaos.must_walk_out(state, character),
    "crown_encounter": lambda state, result, character:
        result if result[1] else _crown.crown_ending(result[0], character),
    "character_score": _lord_of_chaos.one_craft_score,
})
