"""Built-in bots: a bot picks among ``legal_actions`` with its own seeded generator.

A bot's choice is a pure function of (its seed, the state), so a bot game is as
deterministic as the engine.
"""
from __future__ import annotations

from collections import deque

from .api import legal_actions
from .definitions import load
from .engine.dice import mix, outcomes
from .rules import characters as chars
from .rules import combat


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
    """Steps from every space to ``goal`` on the board graph (the Crown only from the Valley)."""
    board = load().board
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
    return dist


def win_odds(state):
    """The exact chance that the combat in progress is won (from the dice's outcomes)."""
    b = state.battle
    who = b["who"]
    mine = combat.combat_total(state, who, b["kind"]) + b["bonus"]
    if b["opponent"] is not None:
        theirs, their_die = (combat.combat_total(state, b["opponent"], b["kind"]) + b["opponent_bonus"],
                             combat.character_die(state, b["opponent"]))
    else:
        theirs = sum(e["value"] for e in b["enemies"]) + combat.creature_bonus(state, state.characters[who].space)
        their_die = "d6"
    win = 0
    for (a,), pa in outcomes(combat.character_die(state, who)):
        for (c,), pc in outcomes(their_die):
            if a + mine > c + theirs:
                win += pa * pc
    return win


class HeuristicBot(RandomBot):
    """A sensible player: fights, takes what it finds, re-rolls bad dice with fate, and heads
    for the Crown of Command through the Portal of Power once it holds a Talisman and is strong."""

    name = "heuristic"
    READY = 13   # Strength + Craft at which a character with a Talisman goes for the Crown

    def ready(self, state, cid):
        return (chars.has_ability(state, cid, "talisman")
                and chars.total(state, cid, "strength") + chars.total(state, cid, "craft") >= self.READY)

    def goal(self, state, cid):
        if self.ready(state, cid):
            return "crown_of_command"
        if self.can_cross(state, cid):
            return "temple"   # where prayers may give a Talisman
        return None

    def can_cross(self, state, cid):
        """Strong enough to face the Sentinel (Strength 9) with lives to spare."""
        return (chars.total(state, cid, "strength", "battle") >= 7
                and state.characters[cid].lives >= 3)

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
            return self.choose_move(state, cid, actions)
        if p.kind == "encounter":
            return self.choose_encounter(state, cid, actions, by_text)
        if p.kind == "portal":
            ch = state.characters[cid]
            return by_text["portal:strength" if ch.strength >= ch.craft else "portal:craft"]
        if p.kind == "combat":
            return self.choose_combat(state, cid, by_text, actions)
        if p.kind == "fate":
            b = state.battle
            low = b is not None and b.get("roll", 6) <= 2
            return by_text["fate:reroll"] if low and "fate:reroll" in by_text else by_text.get("keep", actions[0])
        if p.kind == "claim":
            return first("take:") or by_text["done"]
        if p.kind == "spoils":
            return first("spoils:take:talisman", "spoils:life") or actions[0]
        if p.kind == "raft":
            return by_text.get("raft:build", actions[0])
        if p.kind == "turn":
            return first("cash:", "roll") or actions[0]
        if p.kind == "command":
            return first("lose_life", "target:") or actions[0]
        if p.kind in ("buy", "sell"):
            return first("buy:purchase_armour", "buy:purchase_sword", "done") or actions[0]
        return self.pick(state, actions)

    def choose_combat(self, state, cid, by_text, actions):
        """Fight when the exact odds are good; otherwise evade, or cast what helps."""
        odds = win_odds(state)
        if odds >= 0.5 or len(by_text) == 1:
            return by_text.get("fight") or actions[0]
        for t in ("evade", "cast:immobility", "cast:invisibility", "cast:psionic_blast", "tame"):
            if t in by_text:
                return by_text[t]
        return by_text.get("fight") or actions[0]

    def choose_encounter(self, state, cid, actions, by_text):
        """Attack another character only when clearly the stronger."""
        mine = chars.total(state, cid, "strength", "battle")
        for t, a in by_text.items():
            if t.startswith("encounter:char:"):
                other = t.split(":")[2]
                if mine >= chars.total(state, other, "strength", "battle") + 3:
                    return a
        return by_text.get("encounter:space") or actions[0]

    def choose_move(self, state, cid, actions):
        texts = [str(a) for a in actions]
        board = load().board
        here = board.spaces[state.characters[cid].space].region
        moves = [(t.split(":", 1)[1], a) for t, a in zip(texts, actions) if t.startswith("move:")]
        if here == "outer" and not self.can_cross(state, cid):
            safe = [(d, a) for d, a in moves if board.spaces[d].region == "outer"]
            moves = safe or moves
        if not self.ready(state, cid) and here != "inner":
            moves = [(d, a) for d, a in moves if d != "plain_of_peril"] or moves
        if "stay" in texts and self.ready(state, cid) and state.characters[cid].space == "crown_of_command":
            return actions[texts.index("stay")]
        goal = self.goal(state, cid)
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


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}
