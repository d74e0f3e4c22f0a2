"""Hidden information stays hidden: a player's view of two states that differ only in something
that player may not see is the same view (the guide's Standards: "a player's view carries nothing
(seed, dice state, deck order) that lets a player rebuild what they may not see").

Each test builds the two states, checks they really differ, and compares the views of every
player who may not see the difference; the one who may see it gets a different view.
"""
from __future__ import annotations

import pytest
from pyrsistent import pmap, pvector

import talisman
from talisman import triwizard
from talisman.engine.dice import Dice
from talisman.engine.records import Event, replace
from talisman.expansions.blood_moon import store as blood_moon_store
from talisman.expansions.harbinger import store as harbinger_store
from talisman.testing import strategies

EVERY_EXPANSION = ["harbinger", "blood_moon", "city", "dungeon", "timescape", "wizards_tower",
                   "emperors_guard", "brotherhood", "catacombs", "airships", "disasters"]


def _views_equal_for_others(a, b, sees=()):
    """The views of ``a`` and ``b`` for every character not in ``sees`` are equal (and their
    JSON too); the states themselves differ."""
    assert a != b
    for p in a.order:
        if p in sees:
            continue
        va, vb = talisman.player_view(a, p), talisman.player_view(b, p)
        assert va == vb, p
        assert talisman.to_json(va) == talisman.to_json(vb), p


def _rearranged(state, seed):
    """The same position with every deck in another order and other dice (another seed, another
    counter): what no player may see."""
    decks = {name: pvector(reversed(cards)) if len(set(cards)) > 1 else pvector(cards)
             for name, cards in state.decks.items()}
    return replace(state, decks=pmap(decks), dice=Dice(seed=seed, counter=state.dice.counter + 7, script=None),
                   config=replace(state.config, seed=seed))


@pytest.mark.parametrize("seed,expansions", [
    (1, []), (2, EVERY_EXPANSION), (3, ["dungeon", "timescape", "harbinger"]),
    (4, ["city", "wizards_tower", "catacombs", "blood_moon"]),
])
def test_deck_order_and_dice_never_show_in_a_view(seed, expansions):
    """Deck order (every deck: Adventure, Spell, Dungeon, Timescape, Terrain, the City's...) and
    the seed and dice state are the same in every view of a seeded game, at every step."""
    s = talisman.new_game(["warrior", "wizard", "thief"], expansions=expansions, seed=seed)
    states, _ = strategies.play_random(s, 60, seed)
    differing = 0
    for st in states[::6]:
        other = _rearranged(st, seed + 1000)
        if other.decks != st.decks:
            differing += 1
        _views_equal_for_others(st, other)
    assert differing  # the decks really were in another order


def test_other_players_spells_and_their_log_are_hidden():
    """SPELLS: "All Spells may be kept face down so as not to be seen by other players": the
    Wizard holding other Spells (and having drawn them, by the log) is the same to the Troll."""
    s = talisman.new_game(["wizard", "troll"], seed=2)
    mine = list(s.characters["wizard"].spells)
    others = [c for c in s.decks["spell"] if c not in mine][:len(mine)]
    swap = dict(zip(mine, others))
    deck = [swap.get(c, c) if c not in others else mine[others.index(c)] for c in s.decks["spell"]]
    log = pvector(replace(e, data=e.data.set("card", swap[e.data["card"]]))
                  if e.name == "spell_gained" and e.data.get("card") in swap else e for e in s.log)
    other = replace(s, log=log, decks=s.decks.set("spell", pvector(deck)), characters=s.characters.set(
        "wizard", replace(s.characters["wizard"], spells=others)))
    _views_equal_for_others(s, other, sees=("wizard",))
    assert talisman.player_view(s, "wizard") != talisman.player_view(other, "wizard")


def test_a_secret_look_is_the_lookers_alone():
    """The Fortune Teller's peek and Divination's look (``secret_look``): the cards looked at
    are the looker's secret; the others see only that a look happened."""
    s = talisman.new_game(["warrior", "troll"], seed=3)
    top = list(s.decks["adventure"][:2])
    looks = [replace(s, log=s.log.append(Event("peeked", pmap({"character": "warrior", "deck": "adventure",
                                                             "cards": pvector([c]), "seen_by": "warrior"}))))
             for c in top]
    _views_equal_for_others(*looks, sees=("warrior",))
    seen = [e for e in talisman.player_view(looks[0], "troll").log if e.name == "peeked"]
    assert seen and list(seen[0].data["cards"]) == ["hidden"]


def test_the_lantern_sprites_handed_card_is_its_holders_secret():
    """The Lantern Sprite (card-data.md 1.3): the top Adventure card is handed face down; the
    others do not learn which card it is."""
    s = talisman.new_game(["warrior", "troll", "elf"], expansions=["blood_moon"], seed=4)
    deck = list(s.decks["adventure"])
    a, b = deck[0], next(c for c in deck if c != deck[0])
    handed = [blood_moon_store.set_listed(replace(s, decks=s.decks.set("adventure", pvector(
        [c for c in deck if c != card] + [c for c in deck if c == card][1:]))), "handed", "troll", [card])
        for card in (a, b)]
    _views_equal_for_others(*handed, sees=("troll",))
    assert talisman.player_view(handed[0], "troll") != talisman.player_view(handed[1], "troll")


def test_revelations_and_augury_cards_in_hand_are_the_lookers_alone():
    """Revelations and Augury (card-data.md 2.2, 2.4): the cards looked at in secret, still being
    put back, are hidden from everyone but the looker."""
    s = talisman.new_game(["warrior", "troll"], expansions=["harbinger"], seed=5)
    deck = list(s.decks["harbinger"])
    picks = [deck[:2], [deck[2], deck[3]]]
    assert sorted(picks[0]) != sorted(picks[1])

    def holding(cards):
        d = harbinger_store.data(s)
        held = d.get("cards", pmap()).set("revelations", pvector(cards))
        rest = [c for c in deck if c not in cards]
        st = replace(s, decks=s.decks.set("harbinger", pvector(rest)))
        return replace(st, ext=st.ext.set(harbinger_store.EXP, d.set("cards", held).set("revelations_by", "warrior")))

    _views_equal_for_others(holding(picks[0]), holding(picks[1]), sees=("warrior",))


def test_another_players_pending_choice_is_hidden():
    """A decision someone else is making may name cards only they see: its options and
    arguments are hidden from the others."""
    s = talisman.new_game(["warrior", "troll"], seed=1)
    other = replace(s, pending=replace(s.pending, options=tuple(reversed(s.pending.options)),
                                       args=s.pending.args.set("secret", "x")))
    _views_equal_for_others(s, other, sees=(s.pending.player,))
    # the chooser himself still sees his own options
    me = s.pending.player
    assert talisman.player_view(s, me) != talisman.player_view(other, me)


def _trade(held, pile):
    """``held`` with its first card traded for a card of ``pile`` it does not hold (both
    returned), or None when the pile has no other card."""
    new = next((c for c in pile if c != held[0]), None)
    if new is None:
        return None
    rest = list(pile)
    rest.remove(new)
    return [new] + list(held[1:]), [held[0]] + rest


def test_triwizard_hands_tiles_and_piles_do_not_show():
    """The Triwizard Maze (Setup 6, 8): "deal 2 [Resource Tiles] face down to each player",
    "deal 4 [Battle Cards] face down to each player", the rest face down as draw piles: another
    player's hand and tiles (even by elimination from the piles), the piles' order and the seed
    are hidden."""
    s = triwizard.new_game(players=2, seed=7)
    a, b = s.order[0], s.order[1]
    pa = s.players[a]
    hand, battle = _trade(pa.hand, s.decks["battle"])
    tiles, resources = _trade(pa.tiles, s.decks["resources"])
    decks = s.decks.set("battle", list(reversed(battle))).set("resources", list(reversed(resources)))
    other = replace(s, players=s.players.set(a, replace(pa, hand=hand, tiles=tiles)), decks=decks,
                    dice=Dice(seed=99, counter=s.dice.counter, script=None), config=replace(s.config, seed=99))
    assert sorted(other.players[a].hand) != sorted(pa.hand)
    assert triwizard.player_view(s, b) == triwizard.player_view(other, b)
    assert triwizard.player_view(s, a) != triwizard.player_view(other, a)
    assert set(triwizard.player_view(s, b).decks["battle"]) == {"hidden"}
