"""Exact odds: the probability distribution of an outcome, found by enumerating every roll and draw.

Every roll and draw is a chance node with exact probabilities (``talisman.chance_outcomes``), so
the chance of "the Thief beats the Sentinel" is a sum over a finite tree: :func:`odds` walks it
with ``apply(..., stop_at_chance=True)``, lets a *policy* take the players' decisions met on the
way, stops each branch where ``until`` says, and adds up the branches' probabilities as
``Fraction`` s.  A state met again is computed once (a memo keyed by the state), and a question
whose tree holds more than ``limit`` states is refused with :class:`OddsTooLarge`.

>>> import talisman
>>> from talisman.scenarios import setup_state
>>> s = setup_state({"characters": [{"id": "thief", "space": "woods_1", "strength": 8,
...                                  "fate": 0}]}, dice=[2])   # movement 2: to the Sentinel
>>> d = talisman.odds(s, "combat_resolved", policy=["move:hills_3", "fight"])
>>> d["won"], d["standoff"], d["lost"]      # 8 + d6 against the Sentinel's 9 + d6
(Fraction(5, 18), Fraction(5, 36), Fraction(7, 12))
>>> sum(d.values())
Fraction(1, 1)

See ``docs/odds.md`` for the predicates, the policies and worked questions.
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path

from pyrsistent import pvector

from .api import FORMAT, STEPS, apply, chance_outcomes, legal_actions, parse_action
from .engine import machine, scenario as scenario_files
from .engine.dice import mix, outcomes as dice_outcomes, parse_spec
from .engine.records import set_field
from .engine.ruleset import RULESET, declared, declares
from .engine.serialize import to_data
from .errors import OptionError, ScenarioError, TalismanError
from .rules import abilities, characters as chars, combat as combat_rules
from .rules.hooks import adjust, subscribed
from .scenarios import TalismanScenarios
from .state import character, update_character
from . import validate

#: The most states a question may expand before it is refused (``limit=`` changes it).
DEFAULT_LIMIT = 20_000

#: The outcome of a branch in which the game ended before ``until`` was met.
GAME_OVER = "game_over"

#: The ``combat_resolved`` outcome of a branch in which the character whose turn it is died
#: before a combat's result was applied (the Armour of Humility's life for a win, at his last
#: life): no result is applied and his turn ends, so the question ends there (R-ODDS12B.1).
DIED = "died"

#: The ``combat_resolved`` outcome of a branch in which the other fighter of the combat (the
#: defending character) died before its result was applied (the Key to Hades' life as the winner
#: pays his Armour of Humility's): his death ends the fight with no result (R-FA13.1), so the
#: question ends there, where it went on into the next players' turns (R-ODDS14.1).
OPPONENT_DIED = "opponent_died"

#: The built-in predicates of ``until`` (any other name is the name of a log event).
PREDICATES = {
    "combat_resolved": "the first combat's result, as won / lost / standoff / evaded "
                       "(between characters: as the player whose turn it is sees it), or died: "
                       "the player whose turn it is died before a result was applied, or "
                       "opponent_died: the defending character did",
    "turn_ended": "the end of the turn in progress",
    "game_over": "the end of the game; the outcome is the winner's id, or 'nobody'",
}

_COMBAT = {"combat_won": "won", "combat_lost": "lost", "standoff": "standoff", "evaded": "evaded",
           "evaded_character": "evaded"}
_EMPTY_LOG: object = pvector()


class OddsTooLarge(TalismanError):
    """A question whose tree holds more states than the stated bound.

    Args:
        limit: the bound (``.limit``), the ``limit=`` of :func:`odds`.
        until: the question's ``until``, named in the message.

    Example:
        >>> from talisman.odds import odds
        >>> from talisman.scenarios import setup_state
        >>> s = setup_state({"characters": [{"id": "thief", "space": "woods_1"}]}, dice=[2])
        >>> odds(s, "combat_resolved", policy=["move:hills_3", "fight"], limit=3)
        Traceback (most recent call last):
        ...
        talisman.odds.OddsTooLarge: odds: the question (until='combat_resolved') needs more than 3 states; ...
    """

    def __init__(self, limit, until):
        self.limit = limit
        super().__init__(f"odds: the question (until={until!r}) needs more than {limit} states; "
                         "ask a narrower question (an earlier `until`, fixed actions) or raise limit=")


class Odds(Mapping):
    """A distribution: outcome -> ``Fraction``, the values summing to 1 (exact, or the
    frequencies of ``samples`` random plays with ``method="sample"``).

    Like a ``Counter``, an outcome never reached reads as 0.  ``nodes`` is the number of
    states expanded, ``memo_hits`` the number of times a state met again was not expanded
    again, ``leaves`` the number of branches that reached an outcome.  Made by :func:`odds`.

    Args:
        probabilities: outcome -> probability (kept sorted, most likely first).
        nodes: the number of states expanded.
        memo_hits: the number of states met again and not expanded again.
        leaves: the number of branches that reached an outcome.
        samples: None for an exact distribution, else the number of random plays.

    Example:
        >>> from fractions import Fraction
        >>> from talisman.odds import Odds
        >>> d = Odds({"won": Fraction(1, 4), "lost": Fraction(3, 4)})
        >>> d["lost"], d["evaded"]
        (Fraction(3, 4), Fraction(0, 1))
        >>> list(d)
        ['lost', 'won']
    """

    def __init__(self, probabilities, nodes=0, memo_hits=0, leaves=0, samples=None):
        self._p = dict(sorted(probabilities.items(), key=lambda kv: (-kv[1], str(kv[0]))))
        self.nodes, self.memo_hits, self.leaves = nodes, memo_hits, leaves
        self.samples = samples  # None: exact; else the number of random plays estimated from

    def interval(self, outcome, z=1.96):
        """A 95% (Wilson) interval ``(low, high)`` of a sampled outcome's probability.

        Args:
            outcome: an outcome (one never reached has probability 0).
            z: the normal quantile of the interval (1.96: 95%).

        Returns:
            ``(low, high)`` as floats; an exact distribution's value twice.

        Example:
            >>> from fractions import Fraction
            >>> from talisman.odds import Odds
            >>> Odds({"won": Fraction(1, 2), "lost": Fraction(1, 2)}).interval("won")
            (Fraction(1, 2), Fraction(1, 2))
            >>> low, high = Odds({"won": Fraction(1, 2), "lost": Fraction(1, 2)}, samples=100).interval("won")
            >>> round(low, 3), round(high, 3)
            (0.404, 0.596)
        """
        p = self[outcome]
        if self.samples is None:
            return p, p
        n, f = self.samples, float(p)
        centre = (f + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(f * (1 - f) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return max(0.0, centre - half), min(1.0, centre + half)

    def __getitem__(self, outcome):
        return self._p.get(outcome, Fraction(0))

    def __iter__(self):
        return iter(self._p)

    def __len__(self):
        return len(self._p)

    def __repr__(self):
        return f"Odds({self._p!r})"

    def chance(self, wanted) -> Fraction:
        """The total probability of the outcomes ``wanted`` accepts.

        Args:
            wanted: an outcome, a list or set of outcomes, or a function outcome -> bool.

        Returns:
            The sum of their probabilities, as a ``Fraction``.

        Example:
            >>> from fractions import Fraction
            >>> from talisman.odds import Odds
            >>> d = Odds({"won": Fraction(1, 4), "standoff": Fraction(1, 4), "lost": Fraction(1, 2)})
            >>> d.chance({"won", "standoff"}), d.chance(lambda o: o != "lost")
            (Fraction(1, 2), Fraction(1, 2))
        """
        accept = _acceptor(wanted)
        return sum((p for o, p in self._p.items() if accept(o)), Fraction(0))


# --- policies ----------------------------------------------------------------------

class Best:
    """"Best for the player to move": expectimax for ``player``'s chance of ``want``.

    At each of ``player``'s decisions every option is tried and the one giving the highest
    chance of ``want`` is taken (on a tie, the first in ``legal_actions`` order).

    Args:
        want: an outcome, a list or set of outcomes, or a function of an outcome -> bool.
        player: whose chance is maximised; defaults to the one who must decide first in the
            state asked about.
        others: the policy of the other players' decisions (any policy :func:`odds` takes; by
            default only forced decisions are allowed).

    Example:
        >>> import talisman
        >>> from talisman.odds import Best, odds
        >>> from talisman.scenarios import setup_state
        >>> s = setup_state({"characters": [{"id": "thief", "space": "woods_1", "strength": 8,
        ...                                  "fate": 1}]}, dice=[2])
        >>> s = talisman.apply(s, "move:hills_3")     # the Sentinel; one Fate to re-roll with
        >>> odds(s, "combat_resolved", policy=Best("won"))["won"]   # 5/18 without the Fate
        Fraction(7, 18)
    """

    def __init__(self, want, player=None, others=None):
        if want == "" or (isinstance(want, (set, frozenset, list, tuple)) and not want):
            # (no outcome is named "": the search would run to its state limit for nothing)
            raise TalismanError(f"odds: Best wants an outcome, a list of outcomes or a function; "
                                f"got {want!r}")
        self.want, self.player, self.others = want, player, others


def _acceptor(wanted):
    if callable(wanted):
        return wanted
    if isinstance(wanted, (set, frozenset, list, tuple)):
        wanted = frozenset(wanted)
        return lambda o: o in wanted
    return lambda o: o == wanted


def _describe(state):
    p = state.pending
    shown = ", ".join(str(a) for a in p.options[:8]) + (", ..." if len(p.options) > 8 else "")
    return f"{p.player} must choose {p.kind} ({shown})"


class _Forced:
    """No policy: only decisions with a single legal option are taken."""

    start = ()

    def choose(self, state, pos):
        options = state.pending.options
        if len(options) == 1:
            return "play", options[0], pos
        raise TalismanError(f"odds: {_describe(state)}, and the policy gives no choice for it; give a "
                            "policy (a bot, a list of notations, Best(...) or "
                            "{player: policy})")


class _Notations:
    """A fixed list of notations: along each branch, the next notation is played at the next
    decision where it is legal; a forced decision (one option) in between is simply taken."""

    start = 0

    def __init__(self, notations):
        self.notations = tuple(str(n) for n in notations)

    def choose(self, state, pos):
        options = state.pending.options
        if pos < len(self.notations):
            text = self.notations[pos]
            try:
                return "play", parse_action(state, text), pos + 1
            except TalismanError as e:
                if len(options) == 1:
                    return "play", options[0], pos
                raise TalismanError(f"odds: notation {pos + 1} of the policy ({text!r}) does not "
                                    f"fit a branch where {_describe(state)}: {e}") from None
        if len(options) == 1:
            return "play", options[0], pos
        raise TalismanError(f"odds: the policy's {len(self.notations)} notation(s) are used up "
                            f"and {_describe(state)}")


class _Bot:
    """A bot (anything with ``choose(state)``) takes the decisions.  A bot whose choice at a
    fighter's Fate re-roll is ``rerolls(battle roll)`` says so by that method (the heuristic
    bot's), and its choice at a card's offer to fight on after a result by ``fights_on(result)``:
    the search may then answer a plain fight's roll in closed form (:func:`combat_odds`)."""

    start = ()

    def __init__(self, bot):
        self.bot = bot
        self.rerolls = getattr(bot, "rerolls", None)
        self.fights_on = getattr(bot, "fights_on", None)
        self.fights_again = getattr(bot, "fights_again", False) is True

    def choose(self, state, pos):
        return "play", self.bot.choose(state), pos


class _PerPlayer:
    """``{player: policy}``: each player's decisions by its own policy (others: forced only)."""

    def __init__(self, policies):
        self.ids = tuple(policies)
        self.policies = tuple(_policy(p, pid) for pid, p in policies.items())  # Best plays for its key
        self.forced = _Forced()
        self.start = tuple(p.start for p in self.policies)

    def choose(self, state, pos):
        who = state.pending.player
        if who not in self.ids:
            return self.forced.choose(state, pos)
        i = self.ids.index(who)
        kind, what, sub = self.policies[i].choose(state, pos[i])
        return kind, what, pos[:i] + (sub,) + pos[i + 1:]


class _Max:
    def __init__(self, best, player):
        self.accept, self.player = _acceptor(best.want), best.player or player
        self.others = _policy(best.others)
        self.start = self.others.start

    def choose(self, state, pos):
        if state.pending.player == self.player:
            return "max", self.accept, pos
        return self.others.choose(state, pos)


def _policy(policy, player=None):
    if policy is None:
        return _Forced()
    if isinstance(policy, Best):
        return _Max(policy, player)
    if isinstance(policy, Mapping):
        return _PerPlayer(policy)
    if hasattr(policy, "choose"):
        return _Bot(policy)
    if isinstance(policy, (list, tuple)) and all(isinstance(n, str) for n in policy):
        return _Notations(policy)
    raise TalismanError(f"odds: not a policy: {policy!r} (a bot, a list of notations, "
                        "Best(...) or {player: policy})")


# --- until and outcome ---------------------------------------------------------------

def stopper(until):
    """``until`` -> a function (state, new events, the state before them) -> the branch's
    label, or None to go on: where :func:`odds` stops a branch (``combat_resolved``: the first
    combat's result, or ``died`` at the death of the player whose turn it is before a result is
    applied, rulings R-ODDS12B.1, or ``opponent_died`` at the death of the other fighter of the
    combat in progress before it, R-ODDS14.1)."""
    if callable(until):
        return lambda state, events, before=None: until(state, events)
    names = (until,) if isinstance(until, str) else tuple(until) if isinstance(until, (list, tuple)) else None
    if not names or not all(isinstance(n, str) and n for n in names):
        raise TalismanError(f"odds: until must be a predicate name, an event name, a list of "
                            f"them or a function (state, events) -> outcome; got {until!r}")

    def stop(state, events, before=None):
        for i, e in enumerate(events):
            for name in names:
                if name == "combat_resolved":
                    if e.name in _COMBAT:
                        return _COMBAT[e.name]
                    if e.name == "character_defeated":
                        return "won" if e.data.get("victor") == state.current else "lost"
                    if e.name == "character_died" and _turn_ends_with(state, events, i):
                        return DIED
                    if e.name == "character_died" and _fought(before, e.data.get("character")):
                        return OPPONENT_DIED
                elif e.name == name:
                    return name
        if state.outcome is not None and "game_over" in names:
            return state.outcome.winner or ("nobody" if not state.outcome.winners
                                            else ",".join(state.outcome.winners))
        return None
    return stop


def _fought(before, cid):
    """Whether ``cid`` is a fighter of the combat in progress in ``before`` (None: not known):
    his death ends that fight with no result (``kernel.end_fight_of``, R-FA13.1)."""
    b = None if before is None else before.battle
    return b is not None and cid in (b.who, b.opponent)


def _turn_ends_with(state, events, i):
    """Whether the death ``events[i]`` (``character_died``) is of the character whose turn it
    is: his turn ends at once (LOSING ALL LIVES; ``characters.kill``), so a ``turn_ended`` of
    his follows in the same events, or the game is over with him still current."""
    cid = events[i].data.get("character")
    if any(e.name == "turn_ended" and e.data.get("character") == cid for e in events[i + 1:]):
        return True
    return state.current == cid


def _outcome_fn(outcome):
    if outcome is None or callable(outcome):
        return outcome
    if isinstance(outcome, str):
        def at(state):
            got = scenario_files.lookup(to_data(state), outcome)
            if got is scenario_files.lookup({}, "missing"):
                raise TalismanError(f"odds: outcome path {outcome!r} is not in the state")
            return _hashable(got)
        return at
    raise TalismanError(f"odds: outcome must be a dotted path or a function of the state; got {outcome!r}")


def _hashable(value):
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _hashable(v)) for k, v in value.items()))
    return value


# --- the search ------------------------------------------------------------------------

def odds(state, until, policy=None, *, outcome=None, limit=DEFAULT_LIMIT, method="exact",
         samples=1000, seed=0, shortcut=True) -> Odds:
    """The exact distribution (``Fraction`` s) of the outcome of ``state`` at ``until``.

    Args:
        state: the position asked about (a scenario's, a game's; not a player's view, which
            hides cards and dice the rules read: a :class:`~talisman.errors.StateError`).
        until: a predicate name (``combat_resolved``, ``turn_ended``, ``game_over``: see
            :data:`PREDICATES`), the name of a log event (the branch stops at its first such
            event, the outcome being that name), a list of them (the first met decides), or a
            function ``(state, new_events) -> outcome or None``.  A branch in which the game
            ends first has the outcome :data:`GAME_OVER`.
        policy: who takes the players' decisions: ``None`` (only forced ones), a bot, a list
            of notations, :class:`Best`, or ``{player: policy}``.
        outcome: a function of the final state, or a dotted path into its JSON form
            (``characters.thief.lives``), replacing the label ``until`` gives.
        limit: the most states expanded before :class:`OddsTooLarge` is raised (with
            ``method="sample"``: the most steps of one play).
        method: ``"exact"`` (the whole tree) or ``"sample"`` (``samples`` seeded random plays,
            for questions too large to enumerate; :meth:`Odds.interval` gives 95% intervals).
        samples: the number of random plays of ``method="sample"``.
        seed: the seed of those plays (the same seed gives the same estimate).
        shortcut: with ``until="combat_resolved"`` and no ``outcome``, a creature's roll
            whose every result the battle record decides (no hook can change it once the
            scores are compared) is scored without playing the rule step through, and a
            combat's result is read where the rules would apply it, once every answer to it
            (the ``combat_resolved`` hook's dice and decisions) has been played, without
            playing the answers that only react to it (:data:`REACTIONS`): the same exact
            answer, found much faster; ``False`` plays every outcome through the rules.

    Returns:
        An :class:`Odds` mapping each outcome to its probability (summing to 1).

    Raises:
        OddsTooLarge: the tree holds more than ``limit`` states.
        TalismanError: a decision the policy gives no choice for (the message names it and its
            options), or an unknown ``method``.

    Example:
        >>> from talisman.odds import odds
        >>> from talisman.scenarios import setup_state
        >>> s = setup_state({"characters": [{"id": "thief", "space": "woods_1", "strength": 8,
        ...                                  "fate": 0}]}, dice=[2])
        >>> odds(s, "combat_resolved", policy=["move:hills_3", "fight"],
        ...      outcome="characters.thief.lives")        # lose a life on a lost battle
        Odds({3: Fraction(7, 12), 4: Fraction(5, 12)})
        >>> odds(s, "combat_resolved")
        Traceback (most recent call last):
        ...
        talisman.errors.TalismanError: odds: thief must choose move (move:fields_1, move:hills_1, move:hills_3), and the policy gives no choice for it; ...
    """
    validate.playable(state)  # a state at all, and no player's view (it hides what the rules read)
    validate.vetted(state, STEPS, FORMAT)  # a hand-made state checked once: every state searched
    # from it is the engine's own copy and carries its mark (ruling R-HARDEN19.1)
    if method == "exact":
        return _Search(state, until, policy, outcome, limit, shortcut).run()
    if method == "sample":
        return _sample(state, until, policy, outcome, limit, samples, seed)
    raise TalismanError(f"odds: method must be 'exact' or 'sample'; got {method!r}")


def _sample(state, until, policy, outcome, limit, samples, seed):
    """Monte Carlo: ``samples`` plays, each chance node's outcome drawn by the counter-based
    generator from ``(seed, play, step)``, so the same seed gives the same estimate."""
    search = _Search(state, until, policy, outcome, limit)
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise TalismanError(f"odds: samples must be a positive whole number; got {samples!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise OptionError(f"odds: seed must be an int (the seed of the sampled plays); got {seed!r}")
    counts: dict = {}
    for play in range(samples):
        s, pos, label = state, search.policy.start, None
        if s.is_over:
            label = search.leaf(s, search.stop(s, ()) or GAME_OVER)
        step = 0
        while label is None:
            step += 1
            if step > limit:
                raise OddsTooLarge(limit, until)
            outcomes = chance_outcomes(s)
            if outcomes:
                u = Fraction(mix(mix(seed, play), step) % (1 << 53), 1 << 53)
                for action, p in outcomes:
                    u -= p
                    if u < 0:
                        break
            else:
                kind, action, pos = search.policy.choose(s, pos)
                if kind != "play":
                    raise TalismanError("odds: Best(...) needs method='exact' (it compares every option)")
            nxt = apply(s, action, stop_at_chance=True)
            label = search.stop(nxt, nxt.log[len(s.log):], s)
            if label is not None:
                label = search.leaf(nxt, label)
            elif nxt.is_over:
                label = search.leaf(nxt, GAME_OVER)
            s = nxt
        counts[label] = counts.get(label, 0) + 1
    return Odds({o: Fraction(n, samples) for o, n in counts.items()}, leaves=samples, samples=samples)


class _Trail:
    """The events since the question's start, kept as a chain (each state's events after its
    parent's) with a hash folded event by event: a long branch is neither copied nor hashed
    again whole at every state on it.  ``scored``: whether a comparison's scores
    (``combat_scores``) are among them; ``spent``: whether a Fate re-roll's (``fate_spent``)."""

    __slots__ = ("parent", "new", "length", "hash", "scored", "spent")

    def __init__(self, parent, new, length, h, scored=False, spent=False):
        self.parent, self.new, self.length, self.hash = parent, new, length, h
        self.scored, self.spent = scored, spent

    def extend(self, new):
        if not new:
            return self
        h, scored, spent = self.hash, self.scored, self.spent
        for e in new:
            h = hash((h, e))
            scored = scored or e.name == "combat_scores"
            spent = spent or e.name == "fate_spent"
        return _Trail(self, new, self.length + len(new), h, scored, spent)

    def events(self):
        parts, t = [], self
        while t is not None and t.new:
            parts.append(t.new)
            t = t.parent
        return tuple(e for part in reversed(parts) for e in part)

    def __eq__(self, other):
        return (self is other or self.hash == other.hash and self.length == other.length
                and self.events() == other.events())


_NO_EVENTS = _Trail(None, (), 0, 0)

#: The fields of a ``combat_scores`` event (and the pairs of ``Battle.scores``) that go stale once
#: a combat is fought on: between a fight on (the Torchbearer's attack again, the Pharaoh's
#: Crown's creatures' roll again: ``battle.result`` cleared) and the next comparison, nothing
#: reads a comparison's numbers.  Read from their code (``tests/test_odds_results.py`` pins the
#: readers): the ``combat_result`` value hooks (``blood_moon.modifiers.combat_result``) read the
#: newest ``combat_scores`` inside ``compare``, just after it is logged; the Blood Moon's added
#: die (``added_rolled``), the Harbinger's second die (``second_rolled``) and the Weapon cut on a
#: roll (``abilities``) read it with the result set, before any fight on; ``Battle.scores`` is
#: read by ``combat.ended`` as the result is applied, where the search stops.  Other readers of
#: the log read other events, or only a ``combat_scores``' name and character.  So, with
#: ``battle.result`` None, states differing only in these numbers (and the odds' policy reading
#: no event: ``reads_log_events``) have the same distribution at ``combat_resolved``: the
#: search's memo merges them (one second fight computed for every losing first one).
STALE_SCORES = frozenset({"character_roll", "character_score", "opponent_roll", "opponent_score",
                          "added_die"})


#: The roll a Fate re-roll replaced, logged with it (``fate_spent``'s ``roll``): no rule reads
#: a ``fate_spent`` event (``tests/test_odds_results.py`` pins it), and the re-roll's own dice
#: stand ("the new result stands", FATE).  So, with a policy that reads no event of the log,
#: states differing only in it have the same distribution: the search's memo merges them (the
#: re-rolls of a 1 and of a 2 are one re-roll), and so is its ``die`` (which die was re-rolled:
#: the dice after it are the state's own).
STALE_REROLL = frozenset({"roll", "die"})


def _fresh(event, scores=True):
    """A ``combat_scores`` event without its stale numbers (:data:`STALE_SCORES`; with
    ``scores``), a ``fate_spent`` one without the roll it replaced (:data:`STALE_REROLL`); any
    other as it is."""
    if scores and event.name == "combat_scores":
        stale = STALE_SCORES
    elif event.name == "fate_spent":
        stale = STALE_REROLL
    else:
        return event
    return (event.name,) + tuple(sorted((k, v) for k, v in event.data.items() if k not in stale))


def _fresh_trail(trail, scores=True):
    """``trail`` with its stale numbers left out (:func:`_fresh`)."""
    events = tuple(_fresh(e, scores) for e in trail.events())
    h = 0
    for e in events:
        h = hash((h, e))
    return _Trail(None, events, len(events), h)


def _blind(policy, reads="reads_log_events"):
    """Whether a policy's choices read nothing a bot declares, by the attribute ``reads`` being
    False, that it does not read: ``reads_log_events``, no event of the log (its length at
    most); ``reads_stale_roll``, no battle roll but at the Fate decision just after it.  Fixed
    notations read neither; ``Best`` reads the outcomes only."""
    if isinstance(policy, (_Forced, _Notations)):
        return True
    if isinstance(policy, _Bot):
        return getattr(policy.bot, reads, True) is False
    if isinstance(policy, _Max):
        return _blind(policy.others, reads)
    if isinstance(policy, _PerPlayer):
        return all(_blind(p, reads) for p in policy.policies)
    return False


class _Key:
    """A memo key with its hash computed once."""

    __slots__ = ("state", "trail", "pos", "hash")

    def __init__(self, state, trail, pos):
        self.state, self.trail, self.pos = state, trail, pos
        self.hash = hash((state, trail.hash, pos))

    def __hash__(self):
        return self.hash

    def __eq__(self, other):
        return (self.hash == other.hash and self.pos == other.pos and self.trail == other.trail
                and self.state == other.state)


class _Search:
    def __init__(self, state, until, policy, outcome, limit, shortcut=False):
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise TalismanError(f"odds: limit must be a positive whole number; got {limit!r}")
        if not isinstance(shortcut, bool):  # ("no" would be taken as true)
            raise TalismanError(f"odds: shortcut must be True or False; got {shortcut!r}"[:120])
        self.root, self.until, self.limit = state, until, limit
        self.stop = stopper(until)
        self.label = _outcome_fn(outcome)
        first = state.pending.player if state.pending is not None else None
        self.policy = _policy(policy, first if first != "chance" else state.current)
        self.start_len = len(state.log)
        self.memo = {}
        self.nodes = self.hits = self.leaves = 0
        # the combat's result read off the battle record at a creature's roll (_scored), and
        # the machine stopped where the result is applied, once the answers to it have run
        self.shortcut = (shortcut and outcome is None
                         and until in ("combat_resolved", ["combat_resolved"], ("combat_resolved",)))
        self.stop_before = frozenset({combat_rules.RESULT_STEP}) if self.shortcut else frozenset()
        # states fought on that differ only in stale scores share a memo entry (STALE_SCORES)
        self.merge_stale = self.shortcut and _blind(self.policy)
        # a card's offer after one roll of the character's answered for his other rolls (a
        # fight on with the roll kept: the Pharaoh's Crown), when the policy reads no stale roll
        self.share_rolls = self.merge_stale and _blind(self.policy, "reads_stale_roll")
        self.by_roll: dict = {}  # (_Key of a creature's roll without the character's, result) -> answer
        # a plain fight's roll met on the way (a fight on's new attack) in closed form, when the
        # policy's Fate re-roll is a known rule (combat_odds)
        self.rerolls = getattr(self.policy, "rerolls", None) if self.shortcut else None
        # ... and its choice at a card's offer to fight on (fights_on), when a known rule
        self.fights_on = getattr(self.policy, "fights_on", None) if self.shortcut else None
        self.fights_again = getattr(self.policy, "fights_again", False)

    def run(self):
        root = self.root
        if root.is_over:
            self.leaves = 1
            return self.finish({self.leaf(root, self.stop(root, ()) or GAME_OVER): Fraction(1)})
        first = self.child(root, _NO_EVENTS, root, self.policy.start, check=False)
        if isinstance(first, dict):  # (the shortcut answered the root: a creature's roll)
            return self.finish(first)
        stack, value = [first], None
        while stack:
            try:
                request = stack[-1].send(value)
            except StopIteration as done:
                stack.pop()
                value = done.value
                continue
            nxt = self.child(*request)
            if isinstance(nxt, dict):
                value = nxt
            else:
                stack.append(nxt)
                value = None
        return self.finish(value)

    def finish(self, dist):
        return Odds(dist, self.nodes, self.hits, self.leaves)

    def leaf(self, state, label):
        self.leaves += 1
        return self.label(state) if self.label is not None else label

    def child(self, parent, trail, state, pos, check=True):
        """A state reached from ``parent`` (whose events since the start are ``trail``): a
        leaf's distribution, a memoized one, or a generator that expands it."""
        new = tuple(state.log[len(parent.log):])
        if check:
            label = self.stop(state, new, parent)
            if label is not None:
                return {self.leaf(state, label): Fraction(1)}
        if state.is_over:
            return {self.leaf(state, GAME_OVER): Fraction(1)}
        if self.stop_before and (state.pending is None or _reacting(state)):
            # stopped where the result is applied, or where only reactions to it are left
            label = _result_label(state)
            if label is not None:
                return {self.leaf(state, label): Fraction(1)}
        # The memo key: the state without its log, the events since the question's start
        # (every state of the search shares the log before it: the log only grows) and the
        # policy's position.  Equal keys are equal states: rules and bots may read the log.
        trail = trail.extend(new)
        if len(state.log) != self.start_len + trail.length:
            raise TalismanError("odds: a rule rewrote the log; states cannot be compared")
        bare = set_field(state, "log", _EMPTY_LOG)
        b = state.battle
        if (self.merge_stale and trail.scored and b is not None and b.result is None
                and combat_rules.result_answered(state)):
            # fought on: the scores compared before are stale (STALE_SCORES)
            bare = set_field(bare, "battle", b.set("scores", pvector(pvector([0, 0]) for _ in b.scores)))
            key = _Key(bare, _fresh_trail(trail), ("stale", pos))
        elif self.merge_stale and trail.spent:
            # re-rolled by a Fate: the roll replaced is stale (STALE_REROLL)
            key = _Key(bare, _fresh_trail(trail, scores=False), ("spent", pos))
        else:
            key = _Key(bare, trail, pos)
        try:
            known = self.memo.get(key)
        except TypeError as e:  # a rule stored mutable data in the state
            raise TalismanError(f"odds: a state cannot be hashed ({e})") from None
        if known is not None:
            self.hits += 1
            return known
        self.count_node()
        if self.shortcut:
            scored = _scored(state)
            if scored is not None and not scored[2]:  # (a memo's distribution is shared: it is only read)
                self.leaves += len(scored[0])
                self.memo[key] = scored[1]
                return scored[1]
            if scored is not None:  # some outcomes left to the rule steps
                return self.expand_open(state, trail, pos, key, scored[0], scored[3])
            closed = (None if self.rerolls is None
                      else combat_odds(state, self.rerolls, self.fights_on, self.fights_again))
            if closed is not None:
                self.leaves += len(closed)
                self.memo[key] = dist = dict(closed)
                return dist
        return self.expand(state, trail, pos, key)

    def expand_open(self, state, trail, pos, key, leaves, results):
        """Generator, as :meth:`expand`, at a creature's roll some of whose outcomes the record
        decides (``leaves``: their results) and the others (None) are played.  Open outcomes
        giving the same result (``results``) lead to states that differ only in the
        comparison's numbers (the die, the creatures' score): where nothing left before the
        result is applied reads those numbers (:func:`_blind_to_scores`), the first one played
        answers for the others (one Torchbearer's decision for every losing die).  Where the
        listeners to the result read no roll and the policy no stale one, a card's offer after
        a result is answered once for every roll of the character reaching this point the same
        way (:meth:`roll_class`, :meth:`answer_once`, :meth:`answered_at`)."""
        dist: dict = {}
        shared: dict = {}
        blind = self.merge_stale and state.battle.opponent is None
        cls = self.roll_class(state, trail, pos) if blind and self.share_rolls else None
        for (action, p), (result, _), raw in zip(chance_outcomes(state), leaves, results):
            if result is not None:
                self.leaves += 1
                dist[result] = dist.get(result, 0) + p
                continue
            sub = shared.get(raw)
            child = None
            if sub is None and cls is not None:
                if (cls, raw) not in self.by_roll:
                    child = self.play(state, action)
                    self.by_roll[(cls, raw)] = yield from self.answer_once(state, trail, child, raw, pos)
                sub = self.answered_at(self.by_roll[(cls, raw)], state.battle.roll)
                if sub is not None:
                    shared[raw] = sub
            if sub is not None:
                self.hits += 1
            else:
                child = self.play(state, action) if child is None else child
                sub = yield state, trail, child, pos
                if blind and _blind_to_scores(child, raw):
                    shared[raw] = sub
            for o, q in sub.items():
                dist[o] = dist.get(o, 0) + p * q
        self.memo[key] = dist
        return dist

    def roll_class(self, state, trail, pos):
        """At a creature's roll some of whose results a card answers (``expand_open``), the memo
        key of the state without the character's battle roll and the numbers compared before
        (:data:`STALE_SCORES`, :data:`STALE_REROLL`): the same for every roll of the character
        reaching this point the same way (his Fate spent or not, the cards tried...); or None
        when what answers the result may read those numbers (a ``combat_resolved`` listener
        not declaring ``roll_blind``, :func:`_roll_blind`)."""
        b = state.battle
        read = None if b.roll is None else _roll_blind(state)
        if read is None:
            return None
        bare = set_field(set_field(state, "log", _EMPTY_LOG), "battle",
                         b.set("roll", 0).set("scores", pvector(pvector([0, 0]) for _ in b.scores)))
        return _Key(bare, _fresh_trail(trail), ("roll", pos, read))

    def answer_once(self, state, trail, offer, result, pos):
        """Generator (as :meth:`expand`): what follows ``result`` at a creature's roll ``state``
        (``offer``: the state after an outcome giving it, its trail ``trail``), found once for
        every roll of the character in its :meth:`roll_class`: ``("dist", distribution)`` when
        the policy's answer ends the combat (a card kept: the result) or fights on afresh (the
        Torchbearer's attack again: the roll cleared, searched once), ``("again", roll state,
        opened)`` when it fights on with the character's roll kept (the Pharaoh's Crown: the
        creatures roll again against it), the state at the creatures' new roll and the answers
        (``("dist", ...)`` of this method, found once from that state) to the results of that
        roll another card answers (the Torchbearer at a loss); None for anything else (a
        card's die, a second decision), left to the search.  Played with this state's roll; the
        listeners answering the result read only the result (``roll_blind``) and the policy
        reads no stale roll, so the same decision and the same states (but for the roll and the
        numbers compared) follow any roll of the class."""
        if offer.is_over or offer.battle is None or offer.battle.result != result:
            return None
        settled = self.settled(state, offer)
        if settled is not None:
            return None if settled[1] is None else ("dist", {settled[1]: Fraction(1)})
        if chance_outcomes(offer):
            return None  # (a card's die: the search plays it)
        kind, choice, nxt = self.policy.choose(offer, pos)
        if kind != "play":
            return None  # (Best compares its options: the search plays them)
        self.count_node()  # (the offer, expanded here)
        after = self.play(offer, choice)
        settled = self.settled(offer, after)
        if settled is None:
            return None  # (a decision or a die still to come)
        if settled[1] is not None:
            return ("dist", {settled[1]: Fraction(1)})
        b = after.battle
        if b.roll is None and after.pending is None:
            # a new attack: nothing reads the roll before, nor the stale numbers (STALE_SCORES)
            dist = yield offer, trail.extend(tuple(offer.log[len(state.log):])), after, nxt
            return ("dist", dist)
        if after.pending is not None or b.roll != state.battle.roll:
            return None
        self.count_node()  # (the stop, gone on from here)
        again = machine.advance(after, STEPS, True, self.stop_before, from_stop=True)
        p = again.pending
        if (again.is_over or p is None or p.step != "combat.opponent_rolled"
                or again.battle.opponent is not None):
            return None
        # the creatures' new roll: its results another card answers (the Torchbearer at a loss,
        # once the Pharaoh's Crown is tried) answered once too, from this roll's own state,
        # where they read the result alone (roll_blind) and the policy no stale roll
        scored = _scored(again)
        if scored is None:
            return None
        opened: dict = {}
        if scored[2] and _roll_blind(again) is not None:
            trail_again = trail.extend(tuple(again.log[len(state.log):]))
            for (action, _), (result, _), raw in zip(chance_outcomes(again), scored[0], scored[3]):
                if result is not None or raw in opened:
                    continue
                found = yield from self.answer_once(again, trail_again, self.play(again, action), raw, nxt)
                if found is None or found[0] != "dist":
                    return ("again", again, {})
                opened[raw] = found[1]
        return ("again", again, opened)

    def settled(self, parent, state):
        """As :meth:`child` ends a branch: ``("result", label)`` where it would end ``state``
        (reached from ``parent``) with a combat's result, ``("result", None)`` where it would go
        on from the stop (fought on), None where a decision or a die is still to come (or the
        game is over: left to the search)."""
        if state.is_over or state.battle is None:
            return None
        label = self.stop(state, tuple(state.log[len(parent.log):]), parent)
        if label is not None:
            return ("result", label)
        if state.pending is None or _reacting(state):
            return ("result", _result_label(state))
        return None

    def answered_at(self, found, roll):
        """The distribution :meth:`answer_once`'s answer gives after the character's ``roll``:
        its distribution, or the creatures' roll again against ``roll`` scored off the record
        (:func:`_scored`: an outcome left open answered by ``opened``, the same for every roll
        of the class); None: left to the search."""
        if found is None:
            return None
        if found[0] == "dist":
            return found[1]
        again, opened = found[1], found[2]
        scored = _scored(set_field(again, "battle", again.battle.set("roll", roll)))
        if scored is None:
            return None
        if not scored[2]:
            return scored[1]
        dist = dict(scored[1])
        for (result, p), raw in zip(scored[0], scored[3]):
            if result is None:
                sub = opened.get(raw)
                if sub is None:
                    return None
                for o, q in sub.items():
                    dist[o] = dist.get(o, 0) + p * q
        return dist

    def count_node(self):
        """One more state expanded; past the search's bound, :class:`OddsTooLarge`."""
        self.nodes += 1
        if self.nodes > self.limit:
            raise OddsTooLarge(self.limit, self.until)

    def play(self, state, action):
        """The state after ``action``, stopped at the next chance node, decision, or (with the
        shortcut) where the rules apply a combat's result."""
        return machine.apply(state, action, STEPS, True, self.stop_before)

    def expand(self, state, trail, pos, key):
        """Generator: yields (parent, its trail, child, policy position), receives each
        child's distribution, returns this state's."""
        dist = {}
        outcomes = chance_outcomes(state)
        if outcomes:
            for action, p in outcomes:
                sub = yield state, trail, self.play(state, action), pos
                for o, q in sub.items():
                    dist[o] = dist.get(o, 0) + p * q
        else:
            if state.pending is None:
                if not self.stop_before:
                    raise TalismanError("odds: the state waits on no decision")
                # stopped where the result is applied, and an answer to it fights on, or a
                # fighter's death ended the fight before it (no battle left: rulings R-FA13.1;
                # the question goes on as in the full search): go on
                go_on = machine.advance(state, STEPS, True, self.stop_before, from_stop=True)
                dist = yield state, trail, go_on, pos
                self.memo[key] = dist
                return dist
            kind, what, nxt = self.policy.choose(state, pos)
            if kind == "play":
                dist = yield state, trail, self.play(state, what), nxt
            else:  # "max": every option, keep the best for the player
                best = None
                for action in legal_actions(state):
                    sub = yield state, trail, self.play(state, action), nxt
                    value = sum((p for o, p in sub.items() if what(o)), Fraction(0))
                    if best is None or value > best[0]:
                        best = (value, sub)
                dist = best[1]
        self.memo[key] = dist
        return dist


#: The rule steps that read a comparison's numbers (a ``combat_scores`` event's, ``Battle.scores``)
#: while its result is set, before the rules apply it, with the frames that lead to them: the
#: steps declaring ``reads_scores`` (``talisman.engine.ruleset.declare``): the Blood Moon's added
#: die (the Champion of Light: the die added to the character's score, the scores compared
#: again) and the Harbinger's second die (the Flail of Blood).  ``tests/test_odds_results.py``
#: pins the modules that read those numbers, and that their steps declare it.  Elsewhere before
#: the result is applied, only the result is read: the ``combat_resolved`` hook's listeners are
#: given the result, the cards answering it read it from the battle.
SCORE_READERS = frozenset(name for name, fn in STEPS.items() if declared(fn, "reads_scores"))


def _blind_to_scores(state, result):
    """Whether ``state``, reached from a creature's roll compared to ``result``, has nothing
    left before the result is applied that reads the comparison's numbers: its pending step
    and every frame queued above ``talisman.rules.combat.RESULT_STEP`` are none of
    :data:`SCORE_READERS` (and the result is still ``result``).  Then another die giving the
    same result leads to the same distribution (the numbers only differ)."""
    b = state.battle
    if state.is_over or b is None or b.result != result:
        return False
    if state.pending is not None and state.pending.step in SCORE_READERS:
        return False
    for f in reversed(state.stack):
        if f.step == combat_rules.RESULT_STEP:
            return True
        if f.step in SCORE_READERS:
            return False
    return False


def _roll_blind(state):
    """Whether every ``combat_resolved`` listener declares, in ``state`` (a creature's roll),
    that what it does at a result, and what the frames it pushes do, depends on that result and
    not on the numbers compared (the character's battle roll, the creature's die, the scores):
    ``roll_blind``, True or a function of the state (``talisman.engine.ruleset.declare``: the
    Blood Moon's unless the Black Cat or a die added reads them; the Dungeon's, the Master
    Levels').  A listener declaring nothing may read them.  A declaration may also give a
    hashable value other than True (the Harbinger's: which of a Herald's rolls the roll is):
    what it does then depends on the result and on that value only.  None when some listener
    may read the numbers, else the tuple of those values (empty: the result alone is read),
    part of :meth:`_Search.roll_class`'s key."""
    read = []
    for _, fn in _result_listeners(state):
        blind = declared(fn, "roll_blind")
        value = blind(state) if callable(blind) else blind
        if value is True:
            continue
        if value is None or value is False:
            return None
        read.append(value)
    return tuple(read)


def _result_label(state):
    """The outcome ``combat_resolved`` gives a state stopped before the combat's result is
    applied (``talisman.rules.combat.RESULT_STEP``): the result ``finish`` logs next
    (``combat_won``, ``combat_lost``, ``standoff``; between characters ``character_defeated``,
    seen by the player whose turn it is, ``standoff`` or ``evaded_character``), or None when an
    answer to it cleared it (a fight on)."""
    b = state.battle
    result = None if b is None else b.result
    if result is None or b.opponent is None or result not in ("won", "lost"):
        return result
    victor = b.who if result == "won" else b.opponent
    return "won" if victor == state.current else "lost"


#: Rule steps that answer a combat's ``combat_resolved`` hook by reacting to its result: the steps
#: declaring ``reaction`` (``talisman.engine.ruleset.declare``), read from their code: they never
#: change ``state.battle.result``, and what they ask for (a die, a decision) leads to nothing that
#: does.  At a decision or roll of one of them, with nothing but them queued above
#: ``talisman.rules.combat.RESULT_STEP``, the result is fixed: the search reads it there instead
#: of playing the reactions.  The Blood Moon: an Enemy that moves on when not killed (the Fire
#: Giant burning its way: ``not_killed`` rolls, ``self_moved`` moves it), the Black Cat let go on
#: an attack roll of 1 (``let_go_offer`` asks, ``let_go_chosen``); the Master Levels: a title
#: offered for beating its holder (``title_offered`` asks, ``title_chosen``).  Any other answer
#: (a card's effects: the Harbinger's Bone Giant turns a win into a stand-off on a die) is
#: played to the stop.
REACTIONS = frozenset(name for name, fn in STEPS.items() if declared(fn, "reaction"))


def _reacting(state):
    """Whether ``state`` waits on a reaction's decision or roll (:data:`REACTIONS`) with only
    reactions queued above the step that applies the combat's result."""
    if state.pending.step not in REACTIONS:
        return False
    for f in reversed(state.stack):
        if f.step == combat_rules.RESULT_STEP:
            return True
        if f.step not in REACTIONS:
            return False
    return False


def _listens(state, hook):
    """Whether a listener on ``hook`` can act in ``state``; ``combat_resolved`` is fired only
    in a game with expansions (``combat.result_answered``: the Master Levels option alone
    subscribes to it and is never asked)."""
    if hook == "combat_resolved" and not combat_rules.result_answered(state):
        return False
    return subscribed(state, hook)


#: The results of a comparison of scores (RESOLVING COMBAT VS CREATURES OR ENEMIES).
RESULTS = ("won", "lost", "standoff")


def _result_listeners(state, hook="combat_resolved"):
    """The listeners (plugin id, function) of ``hook`` (by default ``combat_resolved``, which
    answers a combat's result) in ``state``, as the registry counts them
    (``Ruleset.listeners``); ``combat_resolved`` is fired only in a game with expansions."""
    if hook == "combat_resolved" and not combat_rules.result_answered(state):
        return ()
    return RULESET.listeners(state, hook)


def _asked(state, hook):
    """Whether ``hook`` (``combat_result``, ``attack_roll``) must be asked to score a creature's
    roll in ``state``: a listener is there that does not declare itself idle in this state.
    Each listener declares it (``idle``, a test of the state at the roll: True when it returns
    the value it is given, whatever the die; ``talisman.engine.ruleset.declare``): the Blood
    Moon's ``combat_result`` turns a result only by a card's modifier in play for the combat, its
    ``attack_roll`` fixes a creature's roll only by the Feral Hunger.  A listener declaring
    nothing is asked.  Where every listener is idle, the roll is scored without asking the
    hook, and its answer is remembered by the dice and the scores (``_BY_SCORES``)."""
    return subscribed(state, hook) and not all(declares(fn, "idle", state)
                                               for _, fn in _result_listeners(state, hook))


def _answered(state):
    """The results (:data:`RESULTS`) some answer to the combat's result may change in ``state``:
    none when nobody listens or every listener is quiet.  Each ``combat_resolved`` listener
    declares the results it may change in the combat in progress (``changes_results``, a
    function of the state at the creature's roll; ``talisman.engine.ruleset.declare``): at any
    other, what it does only reacts to the result (:data:`REACTIONS`, not played) or nothing.
    The Blood Moon: the ``from`` of a card concerning the combat that rolls a die to turn it or
    fights on, not yet tried, or every result with a die added
    (``blood_moon.modifiers.results_answered``); the Harbinger: the results at which its hook
    logs something or queues a frame acting on them (``harbinger.results_answered``); the
    Dungeon and the Master Levels: none.  A listener declaring nothing may change any result:
    the roll is played through the rule steps."""
    found: set = set()
    for _, fn in _result_listeners(state):
        changes = declared(fn, "changes_results")
        if changes is None:
            return frozenset(RESULTS)
        found.update(changes(state))
        if len(found) >= len(RESULTS):
            break
    return frozenset(r for r in RESULTS if r in found)


def decided_by_roll(state):
    """At a creature's roll in a combat (or a defending character's, when no Fate decision
    follows it: between characters the results are labelled as ``combat_resolved`` labels
    them), the result each outcome of the roll decides, read off
    the battle record as the rules' ``compare`` scores it (RESOLVING COMBAT VS CREATURES OR
    ENEMIES: "If the Character's Combat Score is higher, the Creature is killed. If the
    creature's score is higher the Character loses 1 Life ... If the Scores are equal, the
    result is a standoff"), without playing the rest of the rule step (the trophies, the life
    lost, the turn's end and the next turn's start, up to the next roll).

    The value hooks of the scores (``attack_roll``, ``attack_score``, ``character_score``,
    ``creature_bonus``) are asked with the state the rules' ``compare`` gives them.  A listener
    on ``combat_result`` (which may read the scores ``compare`` logs) or on ``combat_resolved``
    (a die to save the loss, a fight on: the Blood Moon, the Dungeon, the Harbinger, the Master
    Levels) leaves the answer to the search (``None``) unless every such listener is quiet in
    this state (``_answered``, declared by each listener: what it does at the result only reacts to it, and is
    not played, as the search's stop does not play :data:`REACTIONS`); so does any other state.

    Args:
        state: any state.

    Returns:
        ``[(result, probability)]``, one for each outcome of the roll in
        ``chance_outcomes`` order, or ``None`` when the state is no such roll.

    Example:
        >>> import talisman
        >>> from talisman.odds import decided_by_roll
        >>> from talisman.scenarios import setup_state
        >>> elf = {"id": "elf", "space": "graveyard", "strength": 3, "fate": 0}
        >>> s = setup_state({"characters": [elf], "board_cards": {"woods_1": ["bear"]}}, dice=[1])
        >>> for action in ("move:woods_1", "fight", "roll:4"):   # 3 + 4 against the Bear's 3 + c
        ...     s = talisman.apply(s, action, stop_at_chance=True)
        >>> [r for r, p in decided_by_roll(s)]
        ['won', 'won', 'won', 'standoff', 'lost', 'lost']
        >>> decided_by_roll(talisman.new_game(["thief"], seed=1)) is None
        True
    """
    scored = _scored(state)
    return None if scored is None or scored[2] else list(scored[0])


#: Memo of :func:`_scored` by the small tuple that decides a creature's roll when no hook
#: can change a score after it is rolled: (the dice, the character's score, the creature's
#: score before its die).  Plain numbers: it holds at most a few thousand entries.
_BY_SCORES: dict = {}
_BY_SCORES_MAX = 4096


def _scored(state):
    """``(leaves, dist, open, results)``: ``decided_by_roll``'s list, the same as a distribution
    (result -> probability), whether some outcome is left open, and each outcome's result as the
    scores give it (an open one's too); or None.  An outcome whose result a
    listener may answer in this combat (``_answered``: the Sun Shield's die on a loss, the
    Torchbearer's attack again, a beaten Harbinger card's effects on a win) is left open (its
    result None, not in ``dist``): the search plays it through the rule steps."""
    p, b = state.pending, state.battle
    if (p is None or p.kind != "roll" or p.step != "combat.opponent_rolled" or b is None
            or b.roll is None or state.outcome is not None):
        return None
    if b.opponent is not None:
        return _scored_characters(state)
    answered = _answered(state)
    # (a listener that may change any result leaves every outcome open: played, the outcomes
    # giving one result sharing an answer where they may: _Search.expand_open)
    s = set_field(state, "pending", None)  # the state the rule step scores (as after _resume)
    who, kind, enemies, roll = b.who, b.kind, b.enemies, b.roll
    mine = roll + combat_rules.combat_total(s, who, kind) + b.bonus
    values = sum(adjust(s, "attack_score", e["value"], enemy=e["name"], kind=kind) for e in enemies)
    theirs = values + combat_rules.creature_bonus(s, character(s, who).space)
    # a combat_result listener is a value hook: asked as compare asks it, with the scores logged
    turned = _asked(s, "combat_result")
    rolled_hook = _asked(s, "attack_roll")
    hooked = turned or rolled_hook
    key = (p.spec, mine, theirs, answered)
    if not hooked and key in _BY_SCORES:
        return _BY_SCORES[key]
    names = [e["name"] for e in enemies]
    opponent = ",".join(names)
    leaves: list = []
    for action, prob in chance_outcomes(state):
        rolled = sum(action.dice)
        if rolled_hook:
            rolled = adjust(s, "attack_roll", rolled, enemies=names, kind=kind, character=who)
        score = rolled + theirs
        result = "won" if mine > score else "lost" if mine < score else "standoff"
        if turned:
            scored = machine.log(s, "combat_scores", character=who, kind=kind, character_roll=roll,
                                 character_score=mine, opponent=opponent, opponent_roll=rolled,
                                 opponent_score=score)
            result = adjust(scored, "combat_result", result, character=who, kind=kind,
                            enemies=names, opponent=None)
        leaves.append((result, result in answered, prob))
    return _tallied(leaves, None if hooked else key)


def _tallied(leaves, key):
    """``_scored``'s answer from its leaves (the result, and whether it is left open, and the
    probability), remembered by ``key`` in ``_BY_SCORES`` unless it is None (a hook asked at
    each outcome)."""
    dist: dict = {}
    for result, held, prob in leaves:
        if not held:
            dist[result] = dist.get(result, 0) + prob
    scored = (tuple((None if held else result, prob) for result, held, prob in leaves), dist,
              len(dist) == 0 or any(held for _, held, _ in leaves), tuple(r for r, _, _ in leaves))
    if key is not None:
        if len(_BY_SCORES) >= _BY_SCORES_MAX:
            _BY_SCORES.clear()
        _BY_SCORES[key] = scored
    return scored


def _scored_characters(state):
    """:func:`_scored` at the defending character's roll in a fight between characters
    (ATTACKING OTHER CHARACTERS: the defender rolls "as above in Resolving Combat"), when
    nothing sits between this roll and the comparison: no Fate re-roll is offered after it (the
    defender has no Fate or has re-rolled already; the Assassin's defender rolls no die at all,
    rulings R-FC12.3) and no ``fate_rerolled`` listener sees a re-rolled die.  The
    defender's battle roll is his dice's (``abilities.battle_roll``: the Warrior keeps the higher
    of two); the scores are ``compare``'s (``combat_total`` with each side's bonus), a
    ``combat_result`` listener asked as ``compare`` asks it.  Results are labelled as
    ``combat_resolved`` labels them: as the player whose turn it is sees them."""
    p, b = state.pending, state.battle
    s = set_field(state, "pending", None)  # the state the rule step scores (as after _resume)
    who, opponent, kind = b.who, b.opponent, b.kind
    if chars.may_reroll(s, opponent, b.opponent_rerolled):
        return None  # (the defender's Fate decision comes between the roll and the comparison)
    if b.opponent_rerolled and subscribed(s, "fate_rerolled"):
        return None  # (a listener sees the re-rolled dice before they are scored)
    answered = _answered(state)
    if len(answered) == len(RESULTS):
        return None
    mine = b.roll + combat_rules.combat_total(s, who, kind) + b.bonus
    base = combat_rules.combat_total(s, opponent, kind) + b.opponent_bonus
    turned = _asked(s, "combat_result")
    outcomes = chance_outcomes(state)
    kept = p.args.get("kept")  # (a Fate re-roll of one die of several: the others kept, R-RF14.1)
    rolled = tuple(abilities.battle_roll(s, opponent, chars.rerolled_roll(action, kept).dice)
                   for action, _ in outcomes)
    # combat_resolved's labels: a character's victory is "won" when his turn it is
    seen = {"won": "won" if who == state.current else "lost",
            "lost": "won" if opponent == state.current else "lost", "standoff": "standoff"}
    key = ("characters", p.spec, rolled, mine, base, answered, seen["won"], seen["lost"])
    if not turned and key in _BY_SCORES:
        return _BY_SCORES[key]
    leaves: list = []
    for roll, (_, prob) in zip(rolled, outcomes):
        score = roll + base
        result = "won" if mine > score else "lost" if mine < score else "standoff"
        if turned:
            scored = machine.log(s, "combat_scores", character=who, kind=kind, character_roll=b.roll,
                                 character_score=mine, opponent=opponent, opponent_roll=roll,
                                 opponent_score=score)
            result = adjust(scored, "combat_result", result, character=who, kind=kind,
                            enemies=[e["name"] for e in b.enemies], opponent=opponent)
        leaves.append((seen[result], result in answered, prob))
    return _tallied(leaves, None if turned else key)


#: The hook points whose listeners could change a combat between the character's roll and its
#: result; :func:`combat_odds` answers only when none listens.
ROUND_HOOKS = ("combat_dice", "character_score", "attack_roll", "attack_score", "creature_bonus",
               "combat_result", "combat_resolved", "combat_dice_along")
#: For each hook point of :data:`ROUND_HOOKS` (and ``fate_rerolled``, which sees a Fate re-roll)
#: whose listeners may be there in a closed form's fight: what each listener must declare
#: (``talisman.engine.ruleset.declare``) for the fight to be had in closed form.  ``dice_blind``:
#: a value hook of the scores gives the same value whatever the character's die, his Fate re-roll
#: and the Fate he has left (so the scores' difference before the dice is one number); ``idle``:
#: the listener returns the value it is given (or does nothing), whatever the dice.  A listener
#: on ``combat_dice`` is never allowed (it sets the dice), nor on ``combat_dice_along`` (a die
#: rolled with the character's, one a Fate re-roll may choose: rulings R-FIX27.1); those on ``combat_resolved`` must
#: change no result (``_answered``: what they do only reacts to it, as the search's stop).
#: Each is a function of the state at the character's roll, or True.
ROUND_FACTS = {"character_score": "dice_blind", "attack_score": "dice_blind",
               "creature_bonus": "dice_blind", "attack_roll": "idle", "combat_result": "idle",
               "fate_rerolled": "idle"}
#: ... or, where a listener cannot say that, what it may declare instead for the closed form
#: (2026-12-03, odds25g): ``roll_term``, a value hook of the scores whose value depends on the
#: character's battle roll only by a term it adds (the Blood Moon's Lurking Horror: "the
#: character's own die does not count"; the Wooden Stake's fixed 6; the Harbinger's Bog, "-1
#: to your die rolls here (min 1)"; the Herald of War's "+2 to its attack in a battle where you
#: roll 4-6"): a function of the state at the character's roll giving a function ``(roll,
#: **the hook's arguments) -> the amount it adds with that battle roll beyond what it adds
#: with none``, the rest the same whatever the die, the re-roll and the Fate left (None where
#: it cannot say); ``turns``, a ``combat_result`` listener that turns a result by the result,
#: the character's battle roll and the scores' margin only (the Blood Moon's Vampire Bats, Night
#: Stalker, Aegis of Daylight, Doomsword): a function of the state at the character's roll
#: giving a function ``(result, roll, margin) -> result``, as ``compare`` asks it with those
#: numbers (None where it cannot say).
ROUND_TERMS = {"character_score": "roll_term", "attack_score": "roll_term", "combat_result": "turns"}


def _reads_no_roll(state):
    """Whether every ``combat_resolved`` listener declares ``reads_no_roll`` in ``state`` (the
    state at the character's roll): True, or a function of the state saying so there (odds15:
    the Harbinger's, with no Herald's roll and no second die in the combat, ``cards.roll_read``);
    then its declarations (``changes_results``, ``roll_blind``, ``fights_on``) read nothing of
    the character's battle roll and are asked at one roll for all."""
    return all(declares(fn, "reads_no_roll", state) for _, fn in _result_listeners(state))


def _reads_no_fate(state):
    """Whether every ``combat_resolved`` listener declares ``reads_no_fate`` in ``state`` (the
    state at the character's roll): True, or a function of the state saying so there (odds18:
    the Blood Moon's, the Dungeon's, the Master Levels', the Airships'); then its declarations
    (``changes_results``, ``roll_blind``, ``fights_on``) read nothing of a Fate re-roll, neither
    the Fate a fighter has left nor whether his roll was re-rolled (``rerolled``,
    ``opponent_rerolled``), and give with a Fate spent on a re-roll what they give without it:
    they are asked once, not again for the state with the Fate spent."""
    return all(declares(fn, "reads_no_fate", state) for _, fn in _result_listeners(state))


def _roll_classes(state, battle, rolls, rerolled):
    """The states at the character's battle rolls ``rolls`` (``battle``, the record at his roll,
    with each roll set and ``rerolled`` as given) in ``state``, one for each class of rolls the
    ``combat_resolved`` listeners tell apart (:func:`_roll_blind`; odds25h): the first roll of a
    class stands for the others, since what the listeners do depends on the result and the
    class alone; a roll whose class some listener cannot say is always given."""
    seen: set = set()
    for roll in rolls:
        at = set_field(state, "battle", battle.set("roll", roll).set("rerolled", rerolled))
        read = _roll_blind(at)
        if read is not None:
            if read in seen:
                continue
            seen.add(read)
        yield at


def _round_declared(state, rolls=(), rerolled=False, kinds=frozenset(), answered=None):
    """Whether every listener on a hook point of a plain fight's round (:data:`ROUND_HOOKS`)
    declares itself harmless to the closed form in ``state`` (:data:`ROUND_FACTS`), or says how
    it reads the dice (:data:`ROUND_TERMS`): None when one does not, else ``(offers, terms)``:
    the cards' offers to fight on a result may meet (a tuple, empty for none) and, by hook
    point, the functions of the listeners that declared a ``roll_term`` or ``turns`` (in the
    order the hook asks them).  The ``combat_resolved`` listeners declare the results they change at a creature's
    roll (a character's roll made): they are asked with each of the character's battle rolls
    ``rolls`` kept, and, when a Fate re-roll may be made (``rerolled``), with it made (one Fate
    less).  A listener changing some result must declare that what changes it is cards' offers
    to fight on (``fights_on``, a function of the state: the offers in the order they are made,
    each ``(results, again)`` with ``again`` one of ``kinds``: ``creatures_roll``, the
    Pharaoh's Crown, the creatures roll again against the same battle roll; ``attack``, the
    Torchbearer, a new attack; a card is tried once offered, used or kept, and the cards not
    tried answer the comparisons after a fight on), the same at every roll; those offers are
    returned.  With ``answered`` (a set), the results some listener may change are added to it
    instead (no offer asked for: :func:`won_at_most`).  Where every ``combat_resolved`` listener declares ``reads_no_roll`` (:func:`_reads_no_roll`; its
    declarations, ``changes_results``, ``roll_blind`` and ``fights_on``, read nothing of the
    character's battle roll: the Blood Moon's, the Dungeon's, the Master Levels', the
    Airships'), they are asked at one roll for all (odds14: the Blood Moon's, asked at each
    roll, were a third of its question)."""
    offer: list = []
    terms: dict = {}
    for hook in ROUND_HOOKS + ("fate_rerolled",):
        if not _listens(state, hook):
            continue
        if hook == "combat_resolved":
            b, who = state.battle, state.battle.who
            # (every listener's declarations read no battle roll: asked at one roll for all, odds14)
            one = _reads_no_roll(state)
            passes = [(state, False)]
            if rerolled and not _reads_no_fate(state):  # (else the re-roll's pass answers as this one, odds18)
                passes.append((update_character(state, who, fate=character(state, who).fate - 1), True))
            for after, again in passes:
                for at in _roll_classes(after, b, rolls[:1] if one else rolls, again):
                    if answered is not None:
                        answered.update(_answered(at))
                    elif _answered(at) and not _fights_on(at, offer, kinds):
                        return None
            continue
        fact = ROUND_FACTS.get(hook)
        if fact is None:
            return None
        for _, fn in _result_listeners(state, hook):
            if declares(fn, fact, state):
                continue
            says = declared(fn, ROUND_TERMS.get(hook, ""))
            how = None if says is None else says(state)
            if how is None:
                return None
            terms.setdefault(hook, []).append(how)
    return tuple(offer), terms


#: The fights on the closed form knows (the function ``_round`` below): the creatures roll again against the
#: character's battle roll kept (``resolved``: "with the character's roll kept, the opponent
#: rolls again").
CLOSED_FIGHTS_ON = frozenset({"creatures_roll"})
#: ... and, with a policy that fights at the declaration again (``fights_again``), a new attack
#: (``resolved``: "without it, the combat starts again from the declaration"): the same fight
#: afresh, the card tried.
AGAIN_ATTACK = frozenset({"attack"})
#: ... and a card's die that turns the result, such as the Sun Shield's ("roll a die (add up to 3
#: by Day); a 6 turns the loss into a stand-off"; added by odds25g), declared
#: ``("die", dice, least roll, result)`` and rolled whenever offered, no choice.
CARD_DIE = frozenset({"die"})
#: ... and a die added to the character's score once the scores are compared, the scores then
#: compared again and the ``combat_result`` hook asked again (the Champion of Light by Day: "roll
#: an extra die ... and add it"; odds25j), declared ``("added", dice)``: rolled at every result,
#: no choice; or ``("added", dice, "doubles")``, a roll equal to the battle roll losing instead
#: (the Harbinger's Flail of Blood: "2 dice added for your battle attack roll; doubles =
#: automatic defeat").
ADDED_DIE = frozenset({"added"})
#: The declared answers that are dice rolled whatever the policy (no offer to take or keep).
ROLLED = CARD_DIE | ADDED_DIE


def _kind(how):
    """The kind of a declared answer to a result (:func:`_fights_on`): ``creatures_roll``,
    ``attack`` or, for a card's die (a tuple), ``die``."""
    return how[0] if isinstance(how, tuple) else how


def _fights_on(state, offer, kinds=CLOSED_FIGHTS_ON):
    """Whether what the ``combat_resolved`` listeners change in ``state`` (a creature's roll) is
    one listener's declared offers to fight on (``fights_on``: the cards' offers in the order
    they are made, each ``(results, again)``), of kinds the closed form knows
    (:data:`CLOSED_FIGHTS_ON`) and covering every result it changes; ``offer`` (a list) gathers
    them (and must be the same at every roll)."""
    found: tuple = ()
    for _, fn in _result_listeners(state):
        changes = declared(fn, "changes_results")
        if changes is None:
            return False
        changed = frozenset(changes(state))
        if not changed:
            continue
        fights = declared(fn, "fights_on")
        got = None if fights is None or found else fights(state)
        if (not got or not changed <= frozenset().union(*(results for results, _ in got))
                or not {_kind(how) for _, how in got} <= kinds | ROLLED):
            return False
        found = tuple((frozenset(results), how) for results, how in got)
    if offer and tuple(offer) != found:
        return False
    offer[:] = found
    return True


#: The die rolled for the creatures of a combat, as the rules request it (RESOLVING COMBAT VS
#: CREATURES OR ENEMIES, "Another player now rolls a die for the creature").
CREATURE_DIE = "d6"
_ROUNDS: dict = {}


def combat_odds(state, rerolls=None, fights_on=None, fights_again=False):
    """The distribution of a combat against creatures from the character's roll, in closed
    form (no rule step played), or ``None`` when it cannot be had so; of a fight between
    characters too, where nothing listens between the roll and the comparison
    (``_characters_odds``, odds15).

    RESOLVING COMBAT VS CREATURES OR ENEMIES: the character rolls (its battle roll from its dice:
    the Warrior keeps the higher of two), may pay one Fate to roll again once (FATE: "the new
    result stands"; one die of several, rulings R-RF14.1), then a die is rolled for the
    creatures and the scores are compared.  When
    no hook point of :data:`ROUND_HOOKS` has a listener, nothing else can happen on the way, and
    the result depends only on a small tuple: the character's dice, the Fate re-roll offered or
    not and the rolls re-rolled, and the difference of the scores before the dice.  The answer
    is memoized by that tuple and equals the search's (``odds(state, "combat_resolved", ...)``
    with the same re-roll policy: ``tests/test_odds_fast.py`` compares them).

    Args:
        state: a state whose pending decision is the character's combat roll (the state after
            ``fight``, stopped at chance), against creatures or another character.
        rerolls: the policy at a Fate re-roll decision: a function of the battle roll ->
            whether to re-roll (between characters, either fighter's: one policy plays both);
            None keeps every roll.  Of a roll of several dice (the
            Warrior's two) the re-roll is of one die, the lower (the heuristic bot's choice and
            the best one: the higher counts), unless the game plays ``fate_reroll: whole_roll``
            (rulings R-RF14.1).
        fights_on: the policy at a card's offer to fight on once the scores are compared (a
            ``combat_resolved`` listener declaring it, ``fights_on``: the Pharaoh's Crown): a
            function of the result -> whether to use the card; None: no closed form where such
            an offer may be met.
        fights_again: whether the policy fights at the declaration a new attack starts from
            (the Torchbearer's attack again: the combat "starts again from the declaration");
            without it, no closed form where such an offer may be taken.

    Returns:
        An :class:`Odds` of ``won`` / ``lost`` / ``standoff`` (``nodes`` 0), or ``None``: not
        such a state, or a listener on a hook point of :data:`ROUND_HOOKS`.

    Example:
        >>> import talisman
        >>> from talisman.odds import combat_odds
        >>> from talisman.scenarios import setup_state
        >>> s = setup_state({"characters": [{"id": "thief", "space": "woods_1", "strength": 8,
        ...                                  "fate": 1}]}, dice=[2])
        >>> s = talisman.apply(talisman.apply(s, "move:hills_3"), "fight", stop_at_chance=True)
        >>> combat_odds(s, rerolls=lambda roll: roll <= 3)["won"]   # as Best("won") plays it
        Fraction(7, 18)
        >>> combat_odds(s)["won"]      # no re-roll: 8 + a against the Sentinel's 9 + c
        Fraction(5, 18)
    """
    p, b = state.pending, state.battle
    if (p is None or p.kind != "roll" or p.step != "combat.character_rolled" or b is None
            or state.outcome is not None):
        return None
    s = set_field(state, "pending", None)  # (as the rule steps see it)
    if b.opponent is not None:
        return _characters_odds(state, s, rerolls)
    who, kind = b.who, b.kind
    outcomes = chance_outcomes(state)  # (a roll's outcomes: a function of its dice spec)
    kept = p.args.get("kept")  # (a Fate re-roll of one die of several: the others kept, R-RF14.1)
    rolled = tuple([abilities.battle_roll(s, who, chars.rerolled_roll(action, kept).dice)
                    for action, _ in outcomes])
    fate = character(s, who).fate
    offered = chars.may_reroll(s, who, b.rerolled)
    wants = frozenset(r for r in set(rolled) if rerolls is not None and rerolls(r))
    again = wants if offered else frozenset()
    # a roll of several dice (the Warrior's two, the higher counting) re-rolls one die, the lower
    # (rulings R-RF14.1): the new battle roll is the higher of the kept die (the roll r) and a
    # fresh die; under ``fate_reroll: whole_roll`` the whole roll again
    count, sides = parse_spec(p.spec)
    one_die = sides if count > 1 and not kept and s.option("fate_reroll") != "whole_roll" else None
    kinds = CLOSED_FIGHTS_ON | (AGAIN_ATTACK if fights_again else frozenset())
    found = _round_declared(s, sorted(set(rolled)), bool(again), kinds)
    fighting = found is not None and any(_kind(how) not in ROLLED for _, how in found[0])
    if (found is None or (fighting and fights_on is None)
            or len({how for _, how in found[0] if _kind(how) == "added"}) > 1):
        return None
    offers, terms = found
    # the results at which a card's offer to fight on is taken (the policy's rule: any card)
    uses = frozenset(r for r in RESULTS if fighting and fights_on(r))
    margin = (combat_rules.combat_total(s, who, kind) + b.bonus
              - sum(adjust(s, "attack_score", e["value"], enemy=e["name"], kind=kind) for e in b.enemies)
              - combat_rules.creature_bonus(s, character(s, who).space))
    # (the results by the margin alone, or, a listener reading the roll, by their table)
    table = _labels(sorted(set(rolled)), margin, terms, who, kind, b.enemies) if terms else None
    # (a die added to the score: the result of each roll, face and added total, odds25j)
    added = _added(sorted(set(rolled)), margin, terms, who, kind, b.enemies, offers)
    attacks = sum(how in AGAIN_ATTACK for results, how in offers if results & uses)
    key = (p.spec, rolled, again, margin if table is None else table, offers, uses, wants if attacks else None,
           min(fate, 1 + attacks) if attacks else None, added, one_die)
    answer = _ROUNDS.get(key)
    if answer is None:
        weights, den = _integers(dict(enumerate(prob for _, prob in outcomes)))
        counts: dict = {}
        for roll, n in zip(rolled, weights.values()):
            counts[roll] = counts.get(roll, 0) + n
        rolls = {roll: Fraction(n, den) for roll, n in counts.items()}
        labels = dict(table or _labels(sorted(rolls), margin, {}, who, kind, b.enemies))
        answer = Odds(_round(rolls, again, labels, offers, uses, wants, fate, dict(added or ()), one_die))
        if len(_ROUNDS) >= _BY_SCORES_MAX:
            _ROUNDS.clear()
        _ROUNDS[key] = answer  # (an Odds is not changed once made: the memo keeps the answer)
    return answer


#: The hook points of :data:`ROUND_HOOKS` the rules ask only in a fight against creatures
#: (``compare``: the creatures' die and attack values, the space's bonus): not in a fight between
#: characters.
CREATURE_HOOKS = frozenset({"attack_roll", "attack_score", "creature_bonus"})
#: Between characters, what each listener on the other hook points must declare for the closed
#: form (``_characters_odds``): a ``character_score`` listener ``dice_blind`` (in a fight
#: between characters it must mean either fighter's die, re-roll and Fate left: the Blood
#: Moon's reads a die only against creatures, the Harbinger's Bog only the attacker's, and then
#: declares nothing), a ``combat_result`` or ``fate_rerolled`` listener ``idle`` (the
#: Harbinger's held cards: neither fighter holding a card that acts on a re-roll).  A
#: ``combat_dice`` listener (it sets the dice) is never allowed.
CHARACTERS_FACTS = {"character_score": "dice_blind", "combat_result": "idle", "fate_rerolled": "idle"}


def _quiet_between_characters(s, sides):
    """Whether nothing can happen in a fight between characters from the attacker's roll to
    the comparison but the Fate re-rolls (the closed form of ``_characters_odds``): every
    listener on a hook point of :data:`ROUND_HOOKS` or ``fate_rerolled`` that the rules ask
    there declares itself harmless (:data:`CHARACTERS_FACTS`), and the ``combat_resolved``
    listeners change no result (``_answered``: what they do only reacts to it, as at the
    search's stop, rulings R-ODDS1), asked at each of the attacker's battle rolls (1 to
    ``sides``; one class of them where the listeners say so, ``roll_blind``; one roll for all
    where each reads none, ``reads_no_roll``), kept and, with his Fate offered, re-rolled, and
    with the defender's Fate spent on a re-roll too when it is offered."""
    b = s.battle
    for hook in ROUND_HOOKS + ("fate_rerolled",):
        if hook in CREATURE_HOOKS or not _listens(s, hook):
            continue
        if hook != "combat_resolved":
            fact = CHARACTERS_FACTS.get(hook)
            if fact is None:
                return False
            if not all(declares(fn, fact, s) for _, fn in _result_listeners(s, hook)):
                return False
            continue
        who, opponent = b.who, b.opponent
        one = _reads_no_roll(s)
        # (declarations reading no Fate re-roll answer with a Fate spent as without it, odds18)
        fateless = _reads_no_fate(s)
        fate, their_fate = character(s, who).fate, character(s, opponent).fate
        mine = [(s, False)]
        if not fateless and chars.may_reroll(s, who, b.rerolled):
            mine.append((update_character(s, who, fate=fate - 1), True))
        for after, again in mine:
            for at in _roll_classes(after, b, range(1, 2 if one else sides + 1), again):
                if _answered(at):
                    return False
                if not fateless and chars.may_reroll(s, opponent, b.opponent_rerolled):
                    spent = update_character(at, opponent, fate=their_fate - 1)
                    if _answered(set_field(spent, "battle", at.battle.set("opponent_rerolled", True))):
                        return False
    return True


def _fighter_rolls(spec, s, cid):
    """The battle rolls of ``cid``'s roll of ``spec`` with their probabilities (r -> Fraction)."""
    count, sides = parse_spec(spec)
    n: dict = {}
    for values, _ in dice_outcomes(spec):
        roll = abilities.battle_roll(s, cid, values)
        n[roll] = n.get(roll, 0) + 1
    return {roll: Fraction(k, sides ** count) for roll, k in n.items()}


def _one_die(spec, s, kept=None):
    """The sides of the die a Fate re-roll of a roll of ``spec`` rolls again when it is one die
    of several (the lower: the higher kept, R-RF14.1), else None (one die, a roll with dice kept
    already, or the whole roll again under ``fate_reroll: whole_roll``)."""
    count, sides = parse_spec(spec)
    return sides if count > 1 and not kept and s.option("fate_reroll") != "whole_roll" else None


def _characters_odds(state, s, rerolls):
    """:func:`combat_odds` of a fight between characters (ATTACKING OTHER CHARACTERS: the
    defender rolls "as above in Resolving Combat", his own dice, the Warrior keeping the higher
    of two), from the attacker's roll: each fighter's battle roll, kept or, when his Fate
    re-roll is offered (FATE: once; not to the Assassin's defender, who rolls no die, rulings
    R-FC12.3) and ``rerolls(roll)`` says so, replaced by a fresh roll (of several dice, the
    lower die again, the higher kept, R-RF14.1), the same rule for both (one policy plays every
    player); the scores are ``compare``'s, each side's ``combat_total`` and bonus; the results
    labelled as ``combat_resolved`` labels them, as the player whose turn it is sees them (as
    :func:`_scored_characters`).  Only where no listener can act between the roll and the
    comparison (:func:`_quiet_between_characters`); else None.  Memoized (``_ROUNDS``) by the
    dice (a battle roll is one of its dice: 1 to the sides), the dice kept, the rolls each
    fighter re-rolls, the scores' difference and the labels."""
    p, b = state.pending, state.battle
    who, opponent, kind = b.who, b.opponent, b.kind
    if not _quiet_between_characters(s, parse_spec(p.spec)[1]):
        return None
    kept = p.args.get("kept")
    no_die = abilities.opponent_adds_no_die(s, who)
    their_spec = None if no_die else combat_rules.combat_dice(s, opponent)

    def wanted(spec, offered):  # (the battle rolls the policy re-rolls, of those the dice can give)
        return frozenset(r for r in range(1, parse_spec(spec)[1] + 1)
                         if offered and rerolls is not None and rerolls(r))
    again = wanted(p.spec, chars.may_reroll(s, who, b.rerolled))
    their_again = frozenset() if no_die else wanted(
        their_spec, chars.may_reroll(s, opponent, b.opponent_rerolled))
    margin = (combat_rules.combat_total(s, who, kind) + b.bonus
              - combat_rules.combat_total(s, opponent, kind) - b.opponent_bonus)
    seen = {"won": "won" if who == state.current else "lost",
            "lost": "won" if opponent == state.current else "lost", "standoff": "standoff"}
    whole = s.option("fate_reroll") == "whole_roll"
    key = ("characters", p.spec, tuple(kept or ()), again, their_spec, their_again, whole, margin,
           seen["won"], seen["lost"])
    answer = _ROUNDS.get(key)
    if answer is None:
        mine: dict = {}
        for action, prob in chance_outcomes(state):
            roll = abilities.battle_roll(s, who, chars.rerolled_roll(action, kept).dice)
            mine[roll] = mine.get(roll, 0) + prob
        theirs = {0: Fraction(1)} if no_die else _fighter_rolls(their_spec, s, opponent)
        answer = Odds(_characters_round(
            mine, None if kept else _fighter_rolls(p.spec, s, who), again, _one_die(p.spec, s, kept),
            theirs, their_again, None if no_die else _one_die(their_spec, s), margin, seen))
        if len(_ROUNDS) >= _BY_SCORES_MAX:
            _ROUNDS.clear()
        _ROUNDS[key] = answer
    return answer


def _kept_or_again(rolls, wanted, one_die, fresh):
    """A fighter's battle rolls after his Fate decision, in integers: ``rolls`` (r -> its
    probability), each r in ``wanted`` re-rolled (the whole roll again: ``fresh``; one die of
    several, the lower: the higher of r and a fresh die of ``one_die`` sides), as ``(k ->
    numerator, denominator)``."""
    weights, den = _integers(rolls)
    if not wanted:
        return weights, den
    again, again_den = ((None, one_die) if one_die else _integers(fresh))
    out: dict = {}
    for r, n in weights.items():
        if r not in wanted:
            out[r] = out.get(r, 0) + n * again_den
        elif one_die:
            for k in range(r, one_die + 1):
                out[k] = out.get(k, 0) + n * (r if k == r else 1)
        else:
            for k, m in again.items():
                out[k] = out.get(k, 0) + n * m
    return out, den * again_den


def _characters_round(mine, fresh, again, one_die, theirs, their_again, their_one, margin, seen):
    """The distribution of ``_characters_odds``: the attacker's battle roll r (re-rolled
    when in ``again``) against the defender's d (re-rolled when in ``their_again``): won when
    r + ``margin`` > d, lost when less, else a stand-off, labelled by ``seen``."""
    a, a_den = _kept_or_again(mine, again, one_die, fresh)
    d, d_den = _kept_or_again(theirs, their_again, their_one, theirs)
    counts: dict = {}
    for r, n in a.items():
        for c, m in d.items():
            diff = r + margin - c
            label = seen["won" if diff > 0 else "lost" if diff < 0 else "standoff"]
            counts[label] = counts.get(label, 0) + n * m
    return {label: Fraction(x, a_den * d_den) for label, x in counts.items() if x}


def won_at_most(state, rerolls=None):
    """An upper bound of the chance that the combat against creatures in progress is won, from
    the character's roll, where :func:`combat_odds` cannot answer because something answers a
    result once the scores are compared (a ``combat_resolved`` listener declaring, in
    ``changes_results``, results it may change, with no closed form of its answer: the
    Harbinger's Armour of Humility, whose life for a win may be the fighter's last; a beaten
    card's roll discarding an Omen, the Doomsday Prophet's).  A result no listener may change
    stands (what they do there only reacts to it, as at the search's stop: rulings R-ODDS1), so
    only the outcomes scored a win or a result some listener answers can end won: the bound is
    their chance, the scores compared as :func:`combat_odds` compares them (the same value hooks'
    declarations; ``rerolls`` the Fate re-roll rule).  None where the scores themselves cannot
    be had so (a listener on a score's hook not declaring itself harmless), or not such a
    state.  Exact in what it says: the search's chance of ``won`` (the same policy) is at most
    this (``tests/test_odds_fast.py::test_the_bound_of_a_win_is_above_the_search_s_answer``)."""
    p, b = state.pending, state.battle
    if (p is None or p.kind != "roll" or p.step != "combat.character_rolled" or b is None
            or b.opponent is not None or state.outcome is not None):
        return None
    s = set_field(state, "pending", None)
    who, kind = b.who, b.kind
    outcomes = chance_outcomes(state)
    kept = p.args.get("kept")
    rolled = tuple([abilities.battle_roll(s, who, chars.rerolled_roll(action, kept).dice)
                    for action, _ in outcomes])
    offered = chars.may_reroll(s, who, b.rerolled)
    again = frozenset(r for r in set(rolled) if offered and rerolls is not None and rerolls(r))
    answered: set = set()
    found = _round_declared(s, sorted(set(rolled)), bool(again), frozenset(), answered)
    if found is None:
        return None
    terms = found[1]
    margin = (combat_rules.combat_total(s, who, kind) + b.bonus
              - sum(adjust(s, "attack_score", e["value"], enemy=e["name"], kind=kind) for e in b.enemies)
              - combat_rules.creature_bonus(s, character(s, who).space))
    count, sides = parse_spec(p.spec)
    one_die = sides if count > 1 and not kept and s.option("fate_reroll") != "whole_roll" else None
    rolls: dict = {}
    for roll, (_, prob) in zip(rolled, outcomes):
        rolls[roll] = rolls.get(roll, 0) + prob
    labels = dict(_labels(sorted(rolls), margin, terms, who, kind, b.enemies))
    scored = _round(rolls, again, labels, one_die=one_die)
    return sum((q for label, q in scored.items() if label == "won" or label in answered), Fraction(0))


def _labels(rolls, margin, terms, who, kind, enemies):
    """The result of each battle roll r (of ``rolls``) against each face c of the creatures'
    die, as ``compare`` gives it: the character's score r + the terms its ``character_score``
    listeners add with r (:data:`ROUND_TERMS`), against c + the terms the ``attack_score``
    listeners add for each enemy; ``margin`` is the difference of the scores before the dice.
    Higher wins, equal is a standoff (RESOLVING COMBAT VS CREATURES OR ENEMIES); then each
    ``combat_result`` listener declaring ``turns`` turns it, given r and the scores' margin.
    A tuple of ``((r, c), result)``: the memo key of :func:`combat_odds` and the table of
    :func:`_round`."""
    out = []
    faces = _creature_faces()[0]
    for r, score in _scores(rolls, margin, terms, who, kind, enemies):
        for face in faces:
            out.append(((r, face), _compared(score - face, r, terms)))
    return tuple(out)


def _scores(rolls, margin, terms, who, kind, enemies):
    """Each battle roll r of ``rolls`` with the character's score less the creatures' before
    their die: r + ``margin`` + the ``character_score`` terms less the ``attack_score`` terms
    (:func:`_labels`)."""
    mine, theirs = (terms.get(h, ()) for h in ("character_score", "attack_score"))
    return [(r, r + margin + sum(t(r, character=who, kind=kind) for t in mine)
             - sum(t(r, enemy=e["name"], kind=kind) for t in theirs for e in enemies)) for r in rolls]


def _compared(diff, r, terms):
    """The result of scores ``diff`` apart (higher wins, equal is a standoff), turned by each
    ``combat_result`` listener declaring ``turns`` (given it, the battle roll r and ``diff``)."""
    label = "won" if diff > 0 else "lost" if diff < 0 else "standoff"
    for turn in terms.get("combat_result", ()):
        label = turn(label, r, diff)
    return label


def _added(rolls, margin, terms, who, kind, enemies, offers):
    """With a die added to the character's score once the scores are compared (an offer
    ``("added", dice)``, :data:`ADDED_DIE`): the result of each battle roll r, creature's face c
    and added total e, as ``blood_moon.added_rolled`` compares them again (the same scores, e
    more for the character, the ``combat_result`` hook asked again; with ``"doubles"``, e equal
    to r loses, as ``harbinger.cards.second_rolled`` has it, unturned): a tuple of
    ``((r, c, e), result)``; None without such an offer (odds25j)."""
    hows = {how for _, how in offers if _kind(how) == "added"}
    if not hows:
        return None
    (how,) = hows  # (one listener declares the offers: combat_odds)
    doubles = how[2:] == ("doubles",)
    totals = sorted({sum(v) for v, _ in dice_outcomes(how[1])})
    faces = _creature_faces()[0]
    return tuple(((r, face, e), "lost" if doubles and e == r else _compared(score - face + e, r, terms))
                 for r, score in _scores(rolls, margin, terms, who, kind, enemies)
                 for face in faces for e in totals)


def _scaled(parts):
    """A mixture of distributions kept in integers (odds25h: ``Fraction`` sums were most of a
    closed form's cost): ``parts`` are ``(wn, wd, nums, den)``, the weight ``wn / wd`` of the
    distribution ``label -> nums[label] / den``; the mixture as ``(nums, den)``, ``den`` the
    least common multiple of the parts' ``wd * den`` (not reduced: :func:`_round` makes the
    ``Fraction``s once, at the end)."""
    den = 1
    for wn, wd, nums, d in parts:
        den = math.lcm(den, wd * d)
    out: dict = {}
    for wn, wd, nums, d in parts:
        f = den // (wd * d) * wn
        for label, x in nums.items():
            out[label] = out.get(label, 0) + f * x
    return out, den


def _integers(probabilities):
    """``value -> Fraction`` as ``(value -> numerator, common denominator)``."""
    den = math.lcm(*(q.denominator for q in probabilities.values()))
    return {v: q.numerator * (den // q.denominator) for v, q in probabilities.items()}, den


_FACES: list = []


def _creature_faces():
    """The creatures' die (:data:`CREATURE_DIE`) as ``(face -> numerator, denominator)``,
    made once."""
    if not _FACES:
        faces: dict = {}
        for v, q in dice_outcomes(CREATURE_DIE):
            faces[sum(v)] = faces.get(sum(v), 0) + Fraction(q)
        _FACES.append(_integers(faces))
    return _FACES[0]


def _round(rolls, again, labels, offers=(), uses=frozenset(), wants=frozenset(), fate=0, added=None,
           one_die=None):
    """A combat's distribution from the character's roll: battle roll r (probability
    ``rolls[r]``; re-rolled once when in ``again``) against a creature's die c: the result
    ``labels[(r, c)]`` (:func:`_labels`).  Then the cards' ``offers`` (``(results, again)``, in
    the order they are made; each tried once offered): at a result, the first card not tried
    answering it is offered; at a result in ``uses`` it is used, else kept and the next one
    offered; a card's die (``("die", dice, least, to)``) is rolled whenever offered, the result
    turned into ``to`` on a roll of at least ``least``, then the next card answering the result
    (turned or not) is offered; a die added (``("added", dice)``) is rolled whenever offered, the
    result then ``added[(r, c, its total)]`` (:func:`_added`), answered by the next card.  Used, ``creatures_roll``: the creatures roll again against the same r;
    ``attack``: a new attack, the character's roll afresh, its Fate re-roll (the rolls in
    ``wants``) offered while he has a Fate left (``fate``, less one for each re-roll made);
    the cards not tried answer the new comparison.  A re-roll is the roll again, or, with
    ``one_die`` (the sides of the dice of a roll of several, the higher counting), the lower die
    rolled again, the higher kept: r stays on a fresh die of r or less, else becomes the fresh
    die (rulings R-RF14.1).  Summed in integers (:func:`_scaled`), the
    ``Fraction``s made once at the end (odds25h)."""
    die, die_den = _creature_faces()
    weights, roll_den = _integers(rolls)
    memo: dict = {}

    def compared(r, left, fate_left):
        """r against a creature's die, the offers ``left`` (indices) answering the result."""
        found = memo.get((r, left, fate_left))
        if found is not None:
            return found
        if left:
            found = _scaled([(n, die_den) + answered(labels[(r, c)], r, c, left, fate_left)
                             for c, n in die.items()])
        else:  # (no card left to answer: the die's faces counted)
            counts: dict = {}
            for c, n in die.items():
                label = labels[(r, c)]
                counts[label] = counts.get(label, 0) + n
            found = counts, die_den
        memo[(r, left, fate_left)] = found
        return found

    def answered(label, r, c, left, fate_left):
        for i in left:
            results, how = offers[i]
            if label not in results:
                continue
            left = tuple(j for j in left if j != i)  # (tried, used or kept)
            if _kind(how) == "die":  # a card's die: turned on a roll of at least ``least``
                _, spec, least, to = how
                turned = sum((q for v, q in dice_outcomes(spec) if sum(v) >= least), Fraction(0))
                parts = [(w.numerator, w.denominator) + answered(result, r, c, left, fate_left)
                         for result, w in ((to, turned), (label, 1 - turned)) if w]
                return _scaled(parts)
            if _kind(how) == "added":  # a die added to the score: the scores compared again
                totals: dict = {}
                for v, q in dice_outcomes(how[1]):
                    totals[sum(v)] = totals.get(sum(v), 0) + Fraction(q)
                return _scaled([(w.numerator, w.denominator) + answered(added[(r, c, e)], r, c, left, fate_left)
                                for e, w in totals.items()])
            if label not in uses:
                continue  # kept: the next card answering the result is offered
            if how == "creatures_roll":
                return compared(r, left, fate_left)
            return attack(left, fate_left)
        return {label: 1}, 1

    def attack(left, fate_left):
        """A new attack: the character's roll afresh (re-rolled while a Fate is left)."""
        return _scaled([(n, roll_den) + (rolled_again(r, left, fate_left - 1) if fate_left > 0 and r in wants
                                         else compared(r, left, fate_left))
                        for r, n in weights.items()])

    fresh: dict = {}

    def rolled_again(r, left, fate_left):
        """A Fate re-roll of the roll r: a fresh roll that stands (of several dice, the lower
        die again: the higher of r and a fresh die).  A fresh roll does not depend on r: made
        once for every r re-rolled (odds19)."""
        if one_die:
            return _scaled([(r if k == r else 1, one_die) + compared(k, left, fate_left)
                            for k in range(r, one_die + 1)])
        found = fresh.get((left, fate_left))
        if found is None:
            found = fresh[(left, fate_left)] = _scaled([(n, roll_den) + compared(k, left, fate_left)
                                                        for k, n in weights.items()])
        return found

    everything = tuple(range(len(offers)))
    nums, den = _scaled([(n, roll_den) + (rolled_again(r, everything, fate - 1) if r in again
                                          else compared(r, everything, fate))
                         for r, n in weights.items()])
    return {label: Fraction(x, den) for label, x in nums.items()}


def clear_memos():
    """Empty the process-wide memos of the fast answers (:func:`decided_by_roll`,
    :func:`combat_odds`): a measurement that wants a fresh process's costs starts so.  Their
    answers do not change (each memo holds only what its small tuple decides)."""
    _BY_SCORES.clear()
    _ROUNDS.clear()
    _FACES.clear()


# --- scenarios -----------------------------------------------------------------------

def scenario_state(path):
    """The state at the end of a scenario file's actions (``docs/scenarios.md``): its
    ``setup``, forced ``dice`` and ``actions``; ``expect`` is not checked here."""
    doc, lines = scenario_files.read(path)
    if doc.get("game", "talisman") != "talisman":
        raise ScenarioError(path, lines.of("game"), "odds are asked of Talisman scenarios only")
    try:
        state = TalismanScenarios.setup_state(doc.get("setup") or {}, doc.get("dice"))
    except TalismanError as e:
        raise ScenarioError(path, lines.of("setup"), f"bad setup: {e}") from None
    for i, text in enumerate(doc.get("actions") or []):
        try:
            state = TalismanScenarios.apply(state, str(text))
        except TalismanError as e:
            raise ScenarioError(path, lines.of("actions", i), f"action {i + 1} ({text}) failed: {e}") from None
    left = state.dice.script
    if left:
        raise ScenarioError(Path(path), lines.of("dice"),
                            f"{len(left)} forced die result(s) left after the actions; odds "
                            "enumerate every roll from the end of the actions")
    return state
