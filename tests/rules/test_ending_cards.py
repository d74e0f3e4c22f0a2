"""The Alternative Ending card frame (talisman.rules.endings.cards): 001 and 003 "Alternative
Ending Cards", "Setup", "Revealed Variant", "Hidden Variant", "Encountering Alternative
Endings", shared with the compendium's deck (000 THE CROWN OF COMMAND SPACE)."""
import pytest

import talisman
from support import events, game, legal, names, play, run_effects
from talisman.definitions import load
from talisman.engine.records import Outcome
from talisman.errors import TalismanError
from talisman.rules import endings
from talisman.testing import invariants

BOTH = ["harbinger", "blood_moon"]


def test_setup_revealed_variant_keeps_the_sun_cards_and_places_one_face_up():
    """001/003 Setup and Revealed Variant: cards with the hidden icon go back to the box; the
    compendium's endings (usable either way) and the sun cards are shuffled, one face up."""
    seen = set()
    for seed in range(12):
        s = talisman.new_game(["warrior", "troll"], expansions=BOTH, seed=seed,
                              options={"alternative_endings": "revealed"})
        e = s.ending
        assert e["revealed"] and e["deck"] == [] and "revealed" in endings.icons(e["card"])
        assert {"horrible_black_void", "blood_moon_werewolf"} <= set(e["box"])
        assert invariants.check(s) == []
        assert "ending_placed" in names(s)
        seen.add(e["card"])
    assert seen & set(endings.ENDINGS) and seen - set(endings.ENDINGS)   # both kinds are drawn


def test_setup_hidden_variant_keeps_the_moon_cards_face_down():
    """003 Hidden Variant: cards with the revealed icon (Lightbearers, End of Days) go back to
    the box; one card lies face down and no player's view names it."""
    for seed in range(8):
        s = talisman.new_game(["warrior", "troll"], expansions=BOTH, seed=seed,
                              options={"alternative_endings": "hidden"})
        e = s.ending
        assert not e["revealed"] and {"lightbearers", "end_of_days"} <= set(e["box"])
        assert "hidden" in endings.icons(e["card"])
        v = talisman.player_view(s, "warrior")
        assert v.ending["card"] == "hidden" and set(v.ending["box"]) == {"hidden"}
        assert invariants.check(s) == []


def test_the_compendium_option_draws_on_the_crown_from_one_deck_with_the_expansion_cards():
    """000 THE CROWN OF COMMAND SPACE with the expansions' cards (001/003 "usable with
    Alternative Ending cards from other expansions"): the deck holds the compendium's six and
    the cards with the hidden icon; the first character on the Crown draws."""
    s = talisman.new_game(["warrior", "troll"], expansions=BOTH, options={"alternative_endings": True})
    assert set(s.ending["deck"]) == set(endings.ENDINGS) | {"armageddon_crown", "horrible_black_void",
                                                            "blood_moon_werewolf"}
    assert s.ending["card"] is None and invariants.check(s) == []
    assert talisman.player_view(s, "troll").ending["deck"] == sorted(s.ending["deck"])  # order hidden
    base = talisman.new_game(["warrior", "troll"], options={"alternative_endings": True})
    assert sorted(base.ending) == ["card", "deck"] and set(base.ending["deck"]) == set(endings.ENDINGS)


def test_the_options_combine_or_give_a_clear_error():
    """Alternative Ending Cards are optional (001/003): the options and their errors."""
    with pytest.raises(TalismanError, match="older form"):
        talisman.new_game(["warrior"], expansions=["harbinger"],
                          options={"harbinger_ending": "hidden", "alternative_endings": True})
    with pytest.raises(TalismanError, match="needs the harbinger"):
        talisman.new_game(["warrior"], options={"harbinger_ending": "hidden"})
    with pytest.raises(TalismanError, match="alternative_endings='both'"):
        talisman.new_game(["warrior"], options={"alternative_endings": "both"})
    with pytest.raises(TalismanError, match="lightbearers not in play"):
        talisman.new_game(["warrior"], options={"alternative_endings": "revealed",
                                                "ending_deck": ["lightbearers"]})
    with pytest.raises(TalismanError, match="no Alternative Ending left"):
        talisman.new_game(["warrior"], expansions=["blood_moon"],
                          options={"alternative_endings": "hidden", "ending_deck": ["lightbearers"]})
    s = talisman.new_game(["warrior"], expansions=BOTH, options={"alternative_endings": "revealed",
                                                                 "ending_deck": ["dragon_king"]})
    assert s.ending["card"] == "dragon_king"


def test_a_face_down_card_is_turned_up_when_first_encountered_and_a_compendium_ending_runs():
    """003 Hidden Variant and Encountering Alternative Endings: a face-down compendium ending
    (the Dragon King) is turned up by the first character on the Crown, who rolls its chart."""
    s = game([{"id": "warrior", "space": "valley_of_fire", "objects": ["talisman"]}, "troll"], [8],
             expansions=["blood_moon"], options={"alternative_endings": "hidden", "ending_deck": ["dragon_king"]})
    s = play(s, "move:crown_of_command")
    assert "ending_revealed" in names(s) and "ending_drawn" not in names(s)
    assert s.winner == "warrior" and s.outcome.reason == "dragon_king"


def test_characters_on_the_crown_must_stay_with_an_ending_card():
    """001/003 Encountering Alternative Endings: "Characters on the Crown of Command cannot move
    and must remain on that space unless the Alternative Ending card specifically states
    otherwise"; they meet the card and cast no Command Spell."""
    s = game([{"id": "warrior", "space": "crown_of_command"}, {"id": "troll", "space": "crown_of_command"}],
             [2], expansions=["harbinger"], options={"alternative_endings": "revealed",
                                                     "ending_deck": ["armageddon_crown"]})
    assert legal(s) == {"stay"}
    s = play(s, "stay")
    assert "ending_encountered" in names(s) and "command_spell" not in names(s)
    assert not any(a.startswith("encounter:char") for a in legal(s))


def test_armageddon_crown_wins_on_a_six_and_loses_lives_on_a_one():
    """001 Encountering Alternative Endings (the Armageddon Crown, a stand-in chart): the win
    check and a loss."""
    opts = {"alternative_endings": "revealed", "ending_deck": ["armageddon_crown"]}
    s = game([{"id": "warrior", "space": "crown_of_command"}, "troll"], [6], expansions=["harbinger"], options=opts)
    assert play(s, "stay").outcome == Outcome("alternative_ending", ("warrior",))
    s = game([{"id": "warrior", "space": "crown_of_command", "lives": 1}, "troll"], [1],
             expansions=["harbinger"], options=opts)
    s = play(s, "stay")
    assert not s.characters["warrior"].alive and s.winner == "troll"


def lightbearers(chars, dice=(), **setup):
    return game(chars, dice, expansions=["blood_moon"],
                options={"alternative_endings": "revealed", "ending_deck": ["lightbearers"]}, **setup)


def test_lightbearers_everyone_wins_when_one_reaches_the_crown():
    """003 Alternative Ending Cards (Lightbearers): "if anyone reaches the Crown first, all
    players win"; star: every character is Good from the set-up."""
    s = lightbearers([{"id": "warrior", "space": "valley_of_fire", "objects": ["talisman"]},
                      {"id": "wizard", "space": "city"}])
    assert s.characters["wizard"].alignment == "good" and s.ending["card_fate"] == 4
    s = play(s, "move:crown_of_command")
    assert s.outcome == Outcome("lightbearers", ("warrior", "wizard"))


def test_lightbearers_fate_goes_at_each_nightfall_and_everyone_loses_with_the_last():
    """003 Alternative Ending Cards (Lightbearers, a star instruction): one fate off the card
    at each nightfall; when the last goes, everyone loses."""
    from talisman.expansions.blood_moon import time_card
    s = lightbearers([{"id": "warrior", "space": "city"}, {"id": "wizard", "space": "city"}])
    s = time_card.flip(s, "night", "test")
    assert s.ending["card_fate"] == 3 and s.outcome is None
    s = time_card.flip(s, "day", "test")
    assert s.ending["card_fate"] == 3                        # daybreak takes none
    import attrs
    s = attrs.evolve(s, ending=s.ending.set("card_fate", 1))
    s = time_card.flip(s, "night", "test")
    assert s.outcome == Outcome("lightbearers_failed", ()) and "game_lost" in names(s)


def test_lightbearers_characters_stay_good_and_do_not_attack_each_other():
    """003 Alternative Ending Cards (Lightbearers, star instructions): "an alignment change
    costs 1 life instead"; no attacks between characters."""
    s = lightbearers([{"id": "warrior", "space": "city"}, {"id": "wizard", "space": "city"}])
    s = run_effects(s, [{"set_alignment": "evil"}], "warrior")
    w = s.characters["warrior"]
    # of his card's 5 (the Revised 4th Edition's lives, the default with The Blood Moon)
    assert w.alignment == "good" and w.lives == 4 and "alignment_kept" in names(s)
    assert not endings.attacks_allowed(s)
    import attrs
    from talisman.rules import encounters
    met = encounters.encounter_character(attrs.evolve(s, pending=None), "warrior", "wizard")
    assert met.pending is None and events(met, "characters_met")[0]["cause"] == "no_attacks"
    plain = game([{"id": "warrior", "space": "city"}, {"id": "wizard", "space": "city"}])
    assert encounters.encounter_character(attrs.evolve(plain, pending=None), "warrior", "wizard").pending.kind \
        == "attack"


def werewolf(dice, time, **fields):
    return game([{"id": "warrior", "space": "valley_of_fire", "objects": ["talisman"], **fields},
                 {"id": "troll", "space": "city"}], dice, expansions=["blood_moon"],
                options={"alternative_endings": "hidden", "ending_deck": ["blood_moon_werewolf"]},
                ext={"blood_moon": {"time": time}})


def test_the_blood_moon_werewolf_is_beaten_at_night_to_win():
    """003 Alternative Ending Cards (the Blood Moon Werewolf, a stand-in): a battle on the
    Crown, no evading; a win at Night wins the game, by Day it does not."""
    s = play(werewolf([6, 6, 1], "night", strength=20), "move:crown_of_command")   # the Warrior: 2 dice
    assert "evade" not in legal(s)
    s = play(s, "fight")
    assert s.winner == "warrior" and s.outcome.reason == "blood_moon_werewolf"
    s = play(play(werewolf([6, 6, 1], "day", strength=20), "move:crown_of_command"), "fight")
    assert not s.is_over and s.characters["warrior"].space == "crown_of_command"


def test_the_blood_moon_werewolf_beats_a_character_who_rolls_on_the_werewolf_chart():
    """003 Alternative Ending Cards (the Blood Moon Werewolf, a stand-in): a loss costs a life
    and the Werewolf chart is rolled."""
    s = play(play(werewolf([1, 1, 6, 3], "day"), "move:crown_of_command"), "fight")   # 1+1+4 < 6+10-1
    assert s.characters["warrior"].lives < 4 and not s.is_over
    assert events(s, "werewolf_chart")[0]["roll"] == 3


def test_the_blood_moon_black_void_annihilates_and_is_discarded():
    """003 Alternative Ending Cards (the Horrible Black Void, hidden only): the character who
    reveals it is killed outright and loses his belongings; the card is discarded; every card
    stays in one place."""
    s = game([{"id": "warrior", "space": "valley_of_fire", "objects": ["talisman"], "followers": ["maiden"]},
              {"id": "troll", "space": "city"}], [], expansions=["blood_moon"],
             options={"alternative_endings": "hidden", "ending_deck": ["horrible_black_void"]})
    s = play(s, "move:crown_of_command")
    assert not s.characters["warrior"].alive and s.winner == "troll"
    assert s.ending["card"] is None and s.ending["discarded"] == ["horrible_black_void"]
    assert events(s, "annihilated")[0]["by"] == "horrible_black_void"
    assert invariants.check(s) == []


def test_every_ending_card_has_icons_and_a_known_effect():
    """001/003 Alternative Ending Cards (data): each card names its variant icons; its star
    instructions are ones the frame or an expansion reads."""
    known_star = {"harbinger_to_the_dead", "crown_wins_when_omens_exhausted", "all_good", "fate_on_card",
                  "no_attacks"}
    cards = [c for c in load().cards.values() if c.type == "alternative_ending"]
    assert len(cards) == 5
    for c in cards:
        assert set(c.data["icons"]) <= {"revealed", "hidden"} and c.data["icons"], c.id
        assert set(c.data.get("star", {})) <= known_star, c.id
        assert c.effect, c.id


def test_seeded_bot_games_with_every_variant_and_both_expansions_play_to_the_end():
    """001/003 Alternative Ending Cards with the compendium's deck: bots near the Crown, both
    expansions, each option value, several seeds -- no exception, every state keeps the
    invariants, every game ends (a win, everyone losing, or the round cap)."""
    import attrs
    from talisman.bots import HeuristicBot
    from talisman.engine.dice import Dice
    chars = ("warrior", "wizard", "troll", "elf")
    endings_seen = set()
    for variant in (True, "revealed", "hidden"):
        for seed in range(4):
            s = game([{"id": "warrior", "space": "valley_of_fire", "objects": ["talisman"]},
                      {"id": "wizard", "space": "plain_of_peril", "objects": ["talisman"]},
                      {"id": "troll", "space": "city"}, {"id": "elf", "space": "valley_of_fire",
                                                         "objects": ["talisman"]}],
                     expansions=BOTH, seed=seed,
                     options={"alternative_endings": variant, "max_rounds": 30})
            s = attrs.evolve(s, dice=Dice(seed=seed))
            bots = {c: HeuristicBot(seed * 10 + i) for i, c in enumerate(chars)}
            for _ in range(4000):
                if s.is_over:
                    break
                s = talisman.apply(s, bots[s.pending.player].choose(s))
                assert invariants.check(s) == [], (variant, seed)
            assert s.is_over, (variant, seed)
            endings_seen.add(s.ending["card"] if s.ending["card"] else "none")
    assert len(endings_seen) > 1


def test_the_command_line_passes_the_ending_options():
    """`talisman play --option alternative_endings=true --option ending_deck=[...]`: the values
    reach the game as a boolean and a list (``off`` stays a word for harbinger_ending)."""
    from talisman.cli import _option_value
    assert _option_value("true") is True and _option_value("hidden") == "hidden"
    assert _option_value("[lightbearers, dragon_king]") == ["lightbearers", "dragon_king"]
    assert _option_value("off") == "off" and _option_value("30") == 30
