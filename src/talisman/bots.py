"""Built-in bots: a bot picks among ``legal_actions`` with its own seeded generator.

A bot's choice is a pure function of (its seed, the state), so a bot game is as
deterministic as the engine. The heuristic bot's fight-or-evade choice asks
:func:`talisman.odds` for the exact chance of winning the fight.
"""
from __future__ import annotations

import functools
from collections import deque
from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType

from pyrsistent import PVector

from .api import apply, legal_actions
from .definitions import load
from .engine.dice import mix
from .errors import DataError
from .expansions import dungeon, timescape
from .expansions.emperors_guard import data as guard_data, guard as guard_rules
from .rules import characters as chars, henchmen

#: The Fate decisions of a battle's own rolls, the attacker's and the defending character's (the
#: steps of ``rules.combat``): the bot's re-roll rule (:meth:`HeuristicBot.rerolls`) reads them.
BATTLE_FATE_STEPS = frozenset({"combat.fate_chosen", "combat.opponent_fate_chosen"})


class RandomBot:
    """Chooses uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed=0):
        self.seed = seed

    def pick(self, state, actions):
        return actions[mix(self.seed, len(state.log)) % len(actions)]

    def choose(self, state):
        return self.pick(state, legal_actions(state))


def distances_to(goal):
    """Steps from every space to ``goal`` on the board graph (the Crown only from the Valley).

    Example:
        >>> distances_to("crown_of_command")["valley_of_fire"]
        1
    """
    return _distances(load().board, goal)


@functools.lru_cache(maxsize=1)
def prayer_space():
    """The main board's space whose own effect may give a Talisman (the Temple's ``gain_talisman``
    row): where the bot heads for one, found in the board's data, not named in code.

    Example:
        >>> load().board.spaces[prayer_space()].name
        'Temple'
    """
    board = load().board
    found = [s for s, sp in board.spaces.items()
             if s not in board.origin and "gain_talisman" in _effect_names(sp.effect)]
    if len(found) != 1:
        raise DataError("board", None, "effect",
                        f"the bot needs one main-board space that gives a Talisman, found {found}")
    return found[0]


def _effect_names(steps):
    """Every effect name in ``steps``, the steps of its tables and branches too."""
    if isinstance(steps, Mapping):
        return {k for k in steps} | {n for v in steps.values() for n in _effect_names(v)}
    if isinstance(steps, (list, tuple, PVector)):
        return {n for v in steps for n in _effect_names(v)}
    return set()


@functools.lru_cache(maxsize=64)
def _distances(board, goal):
    """(The board data never changes: each goal's distances are found once.)"""
    dist = {goal: 0}
    queue = deque([goal])
    while queue:
        here = queue.popleft()
        for n in board.spaces[here].neighbours:
            if n not in dist:
                dist[n] = dist[here] + 1
                queue.append(n)
    for s in board.spaces:  # the Crown links one way in the data; make it reachable both ways
        dist.setdefault(s, 99)
    return MappingProxyType(dist)


class HeuristicBot(RandomBot):
    """A sensible player: fights, takes what it finds, re-rolls bad dice with fate, and heads
    for the Crown of Command through the Portal of Power once it holds a Talisman and is strong.

    The Dungeon and the Timescape are routes to the Crown: every way out of them (the Treasure
    Chamber Chart, the Warp Lines' ends off the Timescape) is past the Sentinel, in the Middle or
    Inner Region or on the Crown.  The bot's rule (:meth:`takes_route`): it takes a way in (down
    a Doorway to the Entrance, on into the spiral from the Entrance, the Mystic's or the
    Enchantress's test, the Warlock's Warp Gate, casting the Warp Gate Spell) when it has a goal
    past the Outer Region (:meth:`goal`), has at least :attr:`ROUTE_LIVES` lives and does not
    stand in the Middle or Inner Region already; otherwise it declines (rolls, or takes another
    choice).  Once on the Entrance it goes on into the spiral toward the Treasure Chamber, and
    flees (back to the Entrance, then out through a Doorway) only when down to fewer than
    :attr:`ROUTE_LIVES` lives (its goal may fall when the Horse or the Warhorse stays at the
    Entrance: that alone does not turn it back); in the Timescape it rolls on the Movement
    Table, or follows the Red line with a Warp Belt when that line's end is nearer the way out
    than a roll's on average.  Leaving needs fewer lives than going down, so the bot never shuttles between a
    Doorway and the Entrance.  In the Treasure Chamber with the option ``king_of_the_hill`` it
    takes the Talisman and the Portal of Power instead of the chart when that is better for it
    (:meth:`takes_the_talisman`)."""

    name = "heuristic"
    READY = 13   # Strength + Craft at which a character with a Talisman goes for the Crown
    ROUTE_LIVES = 2  # the fewest lives with which the bot goes into the Dungeon or the Timescape
    #: The regions from which a way onto the Dungeon or the Timescape gains nothing.
    PAST_OUTER = ("middle", "inner")

    def ready(self, state, cid):
        return (chars.has_ability(state, cid, "talisman")
                and chars.total(state, cid, "strength") + chars.total(state, cid, "craft") >= self.READY)

    def goal(self, state, cid, ready=None, cross=None):
        """Where ``cid`` heads (None: nowhere in particular); ``ready``, ``cross``: :meth:`ready`'s
        and :meth:`can_cross`'s answers when the caller has them already (not asked again)."""
        if self.ready(state, cid) if ready is None else ready:
            return load().board.role("crown")
        if self.can_cross(state, cid) if cross is None else cross:
            return prayer_space()   # where prayers may give a Talisman
        return None

    def can_cross(self, state, cid):
        """Strong enough to face the Sentinel (Strength 9) with lives to spare."""
        return (chars.total(state, cid, "strength", "battle") >= 7
                and state.characters[cid].lives >= 3)

    def takes_route(self, state, cid):
        """Whether ``cid`` goes into (or on through) the Dungeon or the Timescape: a goal set,
        lives to spare, and not already in the Middle or Inner Region."""
        ch = state.characters[cid]
        return (self.goal(state, cid) is not None and ch.lives >= self.ROUTE_LIVES
                and load().board.spaces[ch.space].region not in self.PAST_OUTER)

    def choose(self, state):
        actions = legal_actions(state)
        p = state.pending
        cid = p.player
        texts = [str(a) for a in actions]
        by_text = dict(zip(texts, actions))

        def first(*prefixes):
            for pre in prefixes:
                for t in texts:
                    if t == pre or t.startswith(pre + ":") or (pre.endswith(":") and t.startswith(pre)):
                        return by_text[t]
            return None

        if p.kind == "move":
            routed = self.choose_route(state, cid, by_text)
            return routed if routed is not None else self.choose_move(state, cid, actions, texts)
        if p.kind == "choose":
            return self.choose_option(state, cid, by_text, actions)
        if p.kind == "encounter":
            return self.choose_encounter(state, cid, actions, by_text)
        if p.kind == "portal":
            ch = state.characters[cid]
            return by_text["portal:strength" if ch.strength >= ch.craft else "portal:craft"]
        if p.kind in ("combat", "defend"):
            hench = self.choose_henchman(state, cid, by_text)
            if hench is not None and "tame" not in by_text:
                return hench
        if p.kind == "combat":
            return self.choose_combat(state, cid, by_text, actions)
        if p.kind == "fate":
            b = state.battle  # (a defending character's own roll is the battle's opponent_roll)
            # only the battle roll's own offer reads it: a card's die rolled in the battle (the Sun
            # Shield's after a loss) is kept, as every roll outside a battle is
            low = b is not None and p.step in BATTLE_FATE_STEPS and \
                self.rerolls(b.get("opponent_roll" if b.opponent == cid else "roll", 6))
            again = by_text.get("fate:reroll")
            dice = p.args.get("dice")
            if again is None and dice:  # one die of several (rulings R-RF14.1): the lowest
                again = by_text.get(f"fate:reroll:{list(dice).index(min(dice)) + 1}")
            return again if low and again is not None else by_text.get("keep", actions[0])
        if p.kind == "card" and state.battle is not None and state.battle.result is not None:
            use = [a for t, a in by_text.items() if t.startswith("use:")]
            if use and "keep" in by_text:  # a card's offer to answer a combat's result
                return use[0] if self.fights_on(state.battle.result) else by_text["keep"]
        if p.kind == "claim":
            return first("take:") or by_text["done"]
        if p.kind == "spoils":
            return first("spoils:take:talisman", "spoils:life") or actions[0]
        if p.kind == "guard":
            return self.choose_guard(state, cid, p.args.get("roll", 0), by_text, actions)
        if p.kind == "raft":
            return by_text.get("raft:build", actions[0])
        if p.kind == "turn":
            gate = [a for t, a in by_text.items() if t.startswith("cast:")
                    and t.split(":", 1)[1] in _gate_spells()]
            if gate and self.takes_route(state, cid):
                return gate[0]
            return first("cash:", "roll") or actions[0]
        if p.kind == "command":
            return first("lose_life", "target:") or actions[0]
        if p.kind in ("buy", "sell"):
            return first("buy:purchase_armour", "buy:purchase_sword", "done") or actions[0]
        if p.kind == "spell_window":
            return self.choose_spell_window(state, cid, p.args, by_text)
        if p.kind == "bind":
            return self.choose_bind(state, p.args["who"], by_text)
        if p.kind == "terrain" and p.args.get("actor") == cid:  # its own Terra Shift: a space worth it
            worth = [by_text[f"shift:{s}"] for s in self.worth_shifting(state, cid) if f"shift:{s}" in by_text]
            return worth[0] if worth else self.pick(state, actions)
        return self.pick(state, actions)

    # --- the Harbinger's out-of-turn casts (Dark Binding, Terra Shift) --------------------------

    #: The regions of a rival worth binding (he is near the Crown).
    NEAR_CENTRE = ("middle", "inner")

    def choose_spell_window(self, state, cid, args, by_text):
        """A window to cast a Spell on the character who moves (``args["mover"]``): Dark Binding
        on a rival in the Middle or Inner Region or ready for the Crown (he is then sent away,
        :meth:`choose_bind`); Terra Shift on himself when a space of his Region holds an Object
        or an Enemy he outmatches (:meth:`worth_shifting`).  Otherwise ``pass``: the Spell is kept."""
        casts = [a for t, a in by_text.items() if t != "pass"]
        mover = args["mover"]
        if args["flag"] == "binds_movement":
            region = load().board.spaces[state.characters[mover].space].region
            worth = mover != cid and (region in self.NEAR_CENTRE or self.ready(state, mover))
        else:
            worth = mover == cid and bool(self.worth_shifting(state, cid))
        return casts[0] if worth and casts else by_text["pass"]

    def worth_shifting(self, state, cid):
        """The spaces of ``cid``'s Region (not his own) whose face-up cards hold an Object (a
        Magic Object) or an Enemy of lower Strength (Craft) than his."""
        board, here = load().board, state.characters[cid].space
        region = board.spaces[here].region
        out = []
        for space, cards in sorted(state.board_cards.items()):
            if space == here or board.spaces[space].region != region:
                continue
            for c in (load().cards[x] for x in cards):
                if c.type in ("object", "magic_object") or (c.type == "enemy" and (
                        c.strength is not None and c.strength < chars.total(state, cid, "strength", "battle")
                        or c.craft is not None and c.craft < chars.total(state, cid, "craft"))):
                    out.append(space)
                    break
        return out

    def choose_bind(self, state, who, by_text):
        """Dark Binding's destination for a rival: the space farthest from the Crown of Command
        (ties: the first in the offered order), so the bound character loses the most ground."""
        far = distances_to(load().board.role("crown"))
        return max(by_text.items(), key=lambda kv: far.get(kv[0].split(":", 1)[1], 0))[1]

    #: The ways out of a fight the bot takes, in its order of preference, when fighting is bad.
    ESCAPES = ("evade", "cast:immobility", "cast:invisibility", "cast:psionic_blast")
    #: The most states :meth:`fight_odds` may expand (past it, the bot takes the way out).
    ODDS_LIMIT = 300
    #: Its choices read no event of the log (only its length, :meth:`RandomBot.pick`): exact odds
    #: may merge states whose logs differ in stale scores (``talisman.odds.STALE_SCORES``).
    reads_log_events = False
    #: It reads a battle roll only at the Fate decision just after it (:meth:`rerolls`): exact
    #: odds may answer a card's offer made after one roll of the character's for the others
    #: (``talisman.odds``, *A fight on with the roll kept, shared across the rolls*).
    reads_stale_roll = False

    def choose_combat(self, state, cid, by_text, actions):
        """Tame an Animal first (TAMING ANIMALS: a failed attempt leaves the combat to take
        place, so trying costs nothing); then fight when the exact chance of winning is at
        least one half (:meth:`fight_odds`), otherwise evade or cast what helps. With no way
        out offered, it fights without asking the odds."""
        if "tame" in by_text:
            return by_text["tame"]
        fight = by_text.get("fight")
        escapes = [by_text[t] for t in self.ESCAPES if t in by_text]
        if fight is None or not escapes:
            return fight or actions[0]
        return fight if self.fight_odds(state, fight, enough=Fraction(1, 2)) >= Fraction(1, 2) else escapes[0]

    def choose_henchman(self, state, cid, by_text):
        """OPTIONAL RULES, HENCHMEN: "At the start of any Combat, a player may declare a
        Henchman to fight in stead" (``henchman:<id>``, offered to the attacker and to the
        defender).  The Henchman fights with the Strength (battle) or Craft (psychic combat)
        printed on its card in place of the character's own, and loses the lives of a fight
        lost, not the player: the bot declares its best Henchman (the highest printed value, then
        the most lives) when that value is at least the character's own, or one less when the
        character is down to :attr:`HENCHMAN_LIVES` lives or fewer.  None: no Henchman declared."""
        offered = [t.split(":", 1)[1] for t in by_text if t.startswith("henchman:")]
        if not offered or state.battle is None:
            return None
        counter = "craft" if state.battle.kind == "psychic" else "strength"
        own = getattr(state.characters[cid], counter)
        lives = {h["id"]: h["lives"] for h in henchmen.henchmen_of(state, cid)}
        best = max(offered, key=lambda h: (getattr(load().characters[h], counter), lives.get(h, 0), h))
        value = getattr(load().characters[best], counter)
        slack = 1 if state.characters[cid].lives <= self.HENCHMAN_LIVES else 0
        return by_text[f"henchman:{best}"] if value >= own - slack else None

    #: The lives at or under which the bot lets a Henchman one point weaker fight in its stead.
    HENCHMAN_LIVES = 2

    #: The highest battle roll the bot pays a Fate to roll again.
    REROLL_AT = 2

    def rerolls(self, roll):
        """Whether the bot pays a Fate to roll again after a battle roll of ``roll``: the roll
        again, or of a roll of several dice (the Warrior's two, the higher counting) its lower
        die (the first of two equal), the other kept (rulings R-RF14.1)."""
        return roll <= self.REROLL_AT

    #: The results at which the bot takes a card's offer to answer a combat's result once the
    #: scores are compared (``use:<card>`` or ``keep``: the Torchbearer's attack again, the
    #: Pharaoh's Crown's creatures' roll again): a loss only (fighting on cannot do worse than
    #: the loss); a stand-off is kept (the creatures' roll again may lose it).
    FIGHTS_ON_AT = frozenset({"lost"})

    def fights_on(self, result):
        """Whether the bot uses a card offered to answer a combat whose result is ``result``
        (a decision of kind ``card``: ``use:<card>`` / ``keep``).  A declared rule, like
        :meth:`rerolls` at the Fate decision: exact odds may answer a fight with such an offer
        in closed form (:func:`talisman.odds.combat_odds`)."""
        return result in self.FIGHTS_ON_AT

    def fight_odds(self, state, fight="fight", enough=None):
        """The exact chance that fighting now wins the combat, from :mod:`talisman.odds`:
        every roll enumerated, this bot taking the decisions on the way (a Fate re-roll of a
        low die...; a later fight-or-flee choice in that tree: fight).

        A plain fight against creatures (no listener on the hook points that could change it
        between the roll and the result, ``talisman.odds.ROUND_HOOKS``, but those declaring
        themselves harmless: ``talisman.odds.ROUND_FACTS``) is answered in closed
        form (:func:`talisman.odds.combat_odds`, with :meth:`rerolls` at the Fate decision);
        any other by the search, ``odds(state after fight, "combat_resolved", policy=this
        bot)``, which with expansions stops where the rules would apply the combat's result,
        and scores a creature's roll off the battle record where every listener to the result
        only reacts to it (each listener declares the results it may change: ``changes_results``; docs/odds.md).  Both give the same exact answer (``tests/test_odds_fast.py``,
        ``tests/test_odds_results.py``).

        With ``enough`` (the bot's threshold, 1/2), a fight the closed form cannot answer is first
        bounded (:func:`talisman.odds.won_at_most`: the chance of the outcomes scored a win or
        a result something answers); a bound under ``enough`` is returned as it is, without
        the search (odds15: the Armour of Humility's life for a win, the Doomsday Prophet's
        discard, 6-15 ms searched): the exact chance is at most the bound, so the bot's choice
        (fight at ``enough`` or more) is the same, and a search too large gives 0, under it too.

        Args:
            state: a state whose pending decision is a combat's (``fight`` legal).
            fight: the fight action (its notation or :class:`~talisman.notation.Action`).
            enough: None (the exact chance), or a threshold under which any number at least
                the exact chance may be returned.

        Returns:
            The probability of ``won`` as a ``Fraction`` (0 when the tree is over
            :attr:`ODDS_LIMIT` states: a fight too large to judge is avoided where it can be;
            with ``enough``, an upper bound of it when that is under ``enough``).
        """
        # reason: talisman.odds imports talisman.scenarios, which imports this module: a cycle, broken at use
        from .odds import OddsTooLarge, combat_odds, odds, won_at_most
        rolling = apply(state, fight, stop_at_chance=True)
        # (inside the question it fights on at a new attack: _Fighting)
        closed = combat_odds(rolling, rerolls=self.rerolls, fights_on=self.fights_on, fights_again=True)
        if closed is not None:
            return closed["won"]
        if enough is not None:
            bound = won_at_most(rolling, rerolls=self.rerolls)
            if bound is not None and bound < enough:
                return bound
        try:
            return odds(rolling, "combat_resolved", policy=_Fighting(self), limit=self.ODDS_LIMIT)["won"]
        except OddsTooLarge:  # (a question too big to answer at every fight)
            return Fraction(0)

    #: GUARD ENCOUNTERS: what the bot counts each loss as, in Gold.
    GUARD_LIFE = 4      # a life lost to the Guard (twice that when down to 2 lives or fewer)
    GUARD_WARRANT = 2   # the Warrant taken for beating it (no bribe again; the City's Law attacks its holder)
    GUARD_OBJECT = 2    # an Object given as a bribe (a Magic Object: twice that)

    def choose_guard(self, state, cid, roll, by_text, actions):
        """The Emperor's Guard's bribe or a fight (GUARD ENCOUNTERS), by the expected cost in
        Gold of each way offered: a bribe costs its Gold and the card given
        (:attr:`GUARD_OBJECT`); a fight costs :attr:`GUARD_LIFE` times the chance of losing
        plus :attr:`GUARD_WARRANT` times the chance of winning, the chances counted over the 36
        pairs of dice (one die each: the character's total Strength or Craft against the
        Guard's, ``guard.yaml``).  The cheapest way; on a tie a fight, in the kind that wins
        more often."""
        costs = {}
        for t, (gold, card) in guard_rules.bribe_ways(state, cid, roll).items():
            if t in by_text:
                magic = card is not None and load().cards[card].type == "magic_object"
                costs[t] = gold + (0 if card is None else self.GUARD_OBJECT * (2 if magic else 1))
        life = self.GUARD_LIFE * (2 if state.characters[cid].lives <= 2 else 1)
        guard = guard_data.rules()["guard"]
        fights = []
        for t, counter, kind, value in (("fight", "strength", "battle", guard["strength"]),
                                        ("fight:psychic", "craft", "psychic", guard["craft"])):
            if t not in by_text:
                continue
            mine = chars.total(state, cid, counter, kind)
            won = sum(1 for a in range(1, 7) for b in range(1, 7) if mine + a > value + b)
            lost = sum(1 for a in range(1, 7) for b in range(1, 7) if mine + a < value + b)
            costs[t] = Fraction(life * lost + self.GUARD_WARRANT * won, 36)
            fights.append((-won, t))
        if not costs:
            return actions[0]
        best = min(costs.values())
        for _, t in sorted(fights):
            if costs[t] == best:
                return by_text[t]
        return by_text[min(t for t, c in costs.items() if c == best)]

    def choose_encounter(self, state, cid, actions, by_text):
        """Attack another character only when clearly the stronger."""
        mine = chars.total(state, cid, "strength", "battle")
        for t, a in by_text.items():
            if t.startswith("encounter:char:"):
                other = t.split(":")[2]
                if mine >= chars.total(state, other, "strength", "battle") + 3:
                    return a
        return by_text.get("encounter:space") or actions[0]

    #: The ids of the choices that lead into the Timescape (the Mystic's and the Enchantress's
    #: test: ``<who>_timescape``; the Warlock's Warp Gate).
    ROUTE_CHOICES = ("warp_gate",)

    def choose_option(self, state, cid, by_text, actions):
        """A space's choice: the way into the Timescape when :meth:`takes_route` says so, never
        otherwise; any other choice at random."""
        into = [t for t in by_text if t.startswith("choose:")
                and (t.endswith("_timescape") or t.split(":", 1)[1] in self.ROUTE_CHOICES)]
        if into and self.takes_route(state, cid):
            return by_text[into[0]]
        return self.pick(state, [a for t, a in by_text.items() if t not in into] or actions)

    def choose_route(self, state, cid, by_text):
        """A move decision of the Dungeon's or the Timescape's (None: an ordinary move)."""
        here = state.characters[cid].space
        spiral = dungeon.spiral()
        if here in timescape.realities():
            red = next((t for t in by_text if t.startswith("warp:")), None)
            if red is not None and _warp_belt_gains(here, red.split(":", 1)[1]):
                return by_text[red]
            return by_text.get("roll")
        into = f"move:{spiral[0]}"
        if into in by_text and here not in spiral:   # on a Doorway: go down or move on
            return by_text[into] if self.takes_route(state, cid) else by_text.get("roll")
        if here not in spiral:
            return None
        # once down, only lives turn it back (its goal may fall with the animals left behind)
        stays = state.characters[cid].lives >= self.ROUTE_LIVES
        portal = f"move:{load().board.role('portal')}"
        if here == spiral[-1] and portal in by_text:   # KING OF THE HILL: the chart or the Portal
            return by_text[portal] if self.takes_the_talisman(state, cid) else by_text["roll"]
        if here == spiral[0]:   # the Entrance: in, or back out through a Doorway
            out = [a for t, a in by_text.items() if t.startswith("move:")]
            # (no ``roll`` to choose: the die is rolled, the ordinary move choice takes the spaces)
            return by_text.get("roll") if stays or not out else out[0]
        if "flee" in by_text and not stays:
            return by_text["flee"]
        return by_text.get("roll") or next((a for t, a in by_text.items() if t.startswith("move:")), None)

    def takes_the_talisman(self, state, cid):
        """In the Treasure Chamber with the option ``king_of_the_hill`` (KING OF THE HILL: "may
        take a Talisman and exit the Dungeon at the Portal of Power"), whether that way is better
        for a bot that wants the Crown than the Treasure Chamber Chart: yes when the character holds
        no Talisman and the stock has one left (the Crown needs one: the Valley of Fire); else
        when the Portal of Power is nearer the Crown (:func:`distances_to`) than the chart's
        destinations on average (a die, +1 for each character already on the Crown, over 6 read
        as 6: Leaving the Dungeon)."""
        if not chars.has_ability(state, cid, "talisman") and state.decks.get("talisman"):
            return True
        dist = distances_to(load().board.role("crown"))
        rows = dungeon.chart()
        bonus = dungeon.crowned(state, cid)
        chart = Fraction(sum(dist.get(rows[min(6, d + bonus)], 99) for d in range(1, 7)), 6)
        return dist.get(load().board.role("portal"), 99) < chart

    def choose_move(self, state, cid, actions, texts=None):
        """``texts``: the actions' notations when the caller has them (:meth:`choose`).  Whether
        the character is :meth:`ready` and :meth:`can_cross` is asked once a decision (both read
        only the state: asked again, they answered the same, at the cost of the characters'
        totals each time)."""
        if texts is None:
            texts = [str(a) for a in actions]
        board = load().board
        here = board.spaces[state.characters[cid].space].region
        ready = self.ready(state, cid)
        cross = self.can_cross(state, cid) if here == "outer" or not ready else None
        # (a move's space is its first argument: ``move:<space>:anticlockwise`` names a way too)
        moves = [(a.args[0], a) for t, a in zip(texts, actions) if t.startswith("move:")]
        if here == "outer" and not cross:
            safe = [(d, a) for d, a in moves if board.spaces[d].region == "outer"]
            moves = safe or moves
        if not ready and here != "inner":
            moves = [(d, a) for d, a in moves if d != board.role("inner_gate")] or moves
        if "stay" in texts and ready and state.characters[cid].space == board.role("crown"):
            return actions[texts.index("stay")]
        goal = self.goal(state, cid, ready, cross)
        if not moves:
            return self.pick(state, actions)
        if goal is None:
            return self.pick(state, [a for _, a in moves])
        dist = distances_to(goal)
        best = min(dist.get(d, 99) for d, _ in moves)
        options = [a for d, a in moves if dist.get(d, 99) == best]
        if "stay" in texts and dist.get(state.characters[cid].space, 99) <= best:
            return actions[texts.index("stay")]
        return self.pick(state, options)


@functools.lru_cache(maxsize=1)
def _turns_out_of_the_timescape():
    """Reality -> the expected number of turns before a Warp Line leads off the Timescape when
    every move is rolled on the Movement Table (each reality's value from its lines' ends, by
    repeated averaging until it settles; a line end off the Timescape counts 0)."""
    lines, table = timescape.warp_lines(), timescape.movement_table()
    share = {c: sum(1 for v in table.values() if v == c) / len(table) for c in sorted(set(table.values()))}
    turns = {r: 0.0 for r in timescape.realities()}
    for _ in range(500):
        turns = {r: 1 + sum(p * turns.get(lines[c][r], 0.0) for c, p in share.items()) for r in turns}
    return turns


def _warp_belt_gains(here, line):
    """Movement in the Timescape: "the Warp Belt which always allows Movement on the Red Warp
    Line": the heuristic bot follows ``line`` instead of rolling when its end is nearer the way
    out (in expected turns) than a roll's end on average."""
    turns = _turns_out_of_the_timescape()
    lines, table = timescape.warp_lines(), timescape.movement_table()
    rolled = sum(turns.get(lines[c][here], 0.0) for c in table.values()) / len(table)
    return turns.get(lines[line][here], 0.0) < rolled


@functools.lru_cache(maxsize=1)
def _gate_spells():
    """The Spells whose casting opens a Warp Gate into the Timescape (from the card data)."""
    return frozenset(c.id for c in load().cards.values() if c.type == "spell" and c.cast
                     and any("timescape_warp_gate" in step for step in c.cast.get("effect", ())))


class _Fighting:
    """The heuristic bot inside its own odds' search: the same choices, except that a further
    fight-or-flee decision is a fight (no search within the search)."""

    def __init__(self, bot):
        self.bot = bot
        self.reads_log_events = getattr(bot, "reads_log_events", True)
        self.reads_stale_roll = getattr(bot, "reads_stale_roll", True)
        # its Fate re-roll is the bot's (exact odds may answer a plain fight in closed form)
        self.rerolls = getattr(bot, "rerolls", None)
        self.fights_on = getattr(bot, "fights_on", None)  # (its rule at a card's offer to fight on)

    #: It fights at every combat's declaration, a new attack's too (the Torchbearer's attack
    #: again): exact odds may answer such a fight on in closed form.
    fights_again = True

    def choose(self, state):
        if state.pending.kind == "combat":
            options = legal_actions(state)
            return next((a for a in options if str(a) == "fight"), options[0])
        return self.bot.choose(state)


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}
