"""The rule set a game is assembled from, and its hook registry (docs/architecture.md).

A game's rules are the base game's rule areas plus the plugins it enables.  A :class:`Plugin`
(an expansion, or a base area that subscribes to hook points like one: the Alternative
Endings) declares in one record its rule steps, its hooks, its effects and their data schemas.
The rule kernel declares the hook points (:meth:`Ruleset.declare`); the API layer registers the
plugins (:meth:`Ruleset.register`); the rules fire the points (:meth:`Ruleset.run_hook`,
:meth:`Ruleset.adjust`).  Only the plugins named in ``state.config.expansions`` run, in the
order configured, then the base plugins (``always=True``) in the order registered: a base-game
state never runs expansion code.

The engine knows no game: hook names, plugins and their meaning all come from above.

>>> rs = Ruleset()
>>> rs.declare(state_hooks=("tick",), value_hooks=("score",))
>>> rs.register(Plugin("double", hooks={"score": lambda state, value: value * 2}))
>>> rs.adjust(_Cfg(("double",)), "score", 3), rs.adjust(_Cfg(()), "score", 3)
(6, 3)
"""
from __future__ import annotations

from types import MappingProxyType
from typing import Any, Callable, Mapping

import attrs

from .records import IdentityMemo

_EMPTY: Mapping[str, Any] = MappingProxyType({})


def _frozen_map(value: Mapping[str, Any] | None) -> Mapping[str, Any]:
    """A read-only view of the plugin's own table (live: a test may patch the module's dict)."""
    if isinstance(value, MappingProxyType):
        return value
    return MappingProxyType(value if isinstance(value, dict) else dict(value or {}))


@attrs.frozen(eq=False)
class Plugin:
    """What one expansion (or one base area subscribing to hook points) adds to a game.

    ``hooks``: hook point name -> function (state hooks ``fn(state, **details) -> state``,
    value hooks ``fn(state, value, **details) -> value``); ``steps``: rule step name -> function
    (run by the decision machine); ``effects``: effect name -> function for its cards' data;
    ``effect_schemas``: the JSON schemas of those effects (for loading data); ``always``: a
    base plugin, a cheap test of whether its hooks can change anything in a state (the Henchmen
    option: only when dealt), which :meth:`Ruleset.subscribed` asks: one function for every
    hook point of the plugin, or a mapping ``{hook point: test}`` for the points it names (a
    point not named, or ``None``: always engaged; a test must be true wherever its point's
    hook would act);
    ``wanted``: for a base plugin, whether its hooks can act at all in a game of a
    configuration (``state.config``: its options, its characters), asked once a game: where it
    says no, the plugin is not subscribed in that game (its hooks are not run, and
    :meth:`Ruleset.subscribed` does not count it; ``None``: every game).  An optional rule
    module is wanted when one of its options is given; its set-up hook, which checks those
    options, then runs too.
    ``card_data``: the keys the plugin's rules read in a card's ``data`` mapping -> the JSON
    schema of the value (for loading data: a key no plugin names is an unknown field).
    ``data_files``: the plugin's own data files, by path under the game's data folder -> the
    function ``read(path, definitions)`` that reads one, checks it (against its schema and the
    definitions being loaded: the board, the cards...) and returns it frozen; the game's data
    loader calls each on the folder it loads and keeps what it returns (docs/architecture.md).
    """

    id: str
    hooks: Mapping[str, Callable[..., Any]] = attrs.field(default=_EMPTY, converter=_frozen_map)
    steps: Mapping[str, Callable[..., Any]] = attrs.field(default=_EMPTY, converter=_frozen_map)
    effects: Mapping[str, Callable[..., Any]] = attrs.field(default=_EMPTY, converter=_frozen_map)
    effect_schemas: Mapping[str, Any] = attrs.field(default=_EMPTY, converter=_frozen_map)
    always: bool = False
    engaged: Callable[[Any], bool] | Mapping[str, Callable[[Any], bool]] | None = None
    wanted: Callable[[Any], bool] | None = None
    data_files: Mapping[str, Callable[[Any, Any], Any]] = attrs.field(default=_EMPTY, converter=_frozen_map)
    card_data: Mapping[str, Any] = attrs.field(default=_EMPTY, converter=_frozen_map)


def declare(**facts: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Decorator: a hook function or a rule step states facts about itself, for tools that read
    the rules without running them (exact odds: at which results a listener is quiet, whether a
    step reads a comparison's numbers...).  The engine gives the facts no meaning; a function
    declaring nothing is taken at its worst by such a tool (it may do anything).

    >>> @declare(quiet=True)
    ... def listener(state):
    ...     return state
    >>> declared(listener, "quiet"), declared(listener, "loud", "unknown")
    (True, 'unknown')
    """
    def mark(fn: Callable[..., Any]) -> Callable[..., Any]:
        setattr(fn, "declared", MappingProxyType({**getattr(fn, "declared", {}), **facts}))
        return fn
    return mark


def declared(fn: Any, fact: str, default: Any = None) -> Any:
    """What ``fn`` (a hook function or a rule step) declares about ``fact`` (:func:`declare`),
    or ``default``."""
    facts = getattr(fn, "declared", None)
    return default if facts is None else facts.get(fact, default)


def declares(fn: Any, fact: str, state: Any) -> bool:
    """Whether ``fn`` declares ``fact`` of ``state`` (:func:`declare`): True, or a function of
    the state that is true there; a function declaring nothing does not.

    >>> @declare(idle=lambda state: state == "quiet")
    ... def listener(state):
    ...     return state
    >>> declares(listener, "idle", "quiet"), declares(listener, "idle", "busy"), declares(listener, "calm", "quiet")
    (True, False, False)
    """
    says = declared(fn, fact)
    return says is True or (callable(says) and bool(says(state)))


def no_results(state: Any) -> tuple[()]:
    """A ``changes_results`` declaration (:func:`declare`) for a ``combat_resolved`` listener
    that only reacts to a combat's result (a mark, a title or a choice offered after it) and
    changes none, whatever the state."""
    return ()


#: How many game configurations :class:`Ruleset` keeps the base plugins' chains of (an
#: ``IdentityMemo``: the oldest is dropped; a game's own is made again at its next hook, the same).
_WIRED_MAX = 256


class _Wiring:
    """The base plugins' hook functions wanted in one game configuration, by hook point."""

    __slots__ = ("config", "state_chain", "value_chain", "subscribers", "gates")

    def __init__(self, config: Any, state_chain: dict[str, tuple[Callable[..., Any], ...]],
                 value_chain: dict[str, tuple[Callable[..., Any], ...]],
                 subscribers: dict[str, tuple[tuple[Plugin, Callable[[Any], bool] | None], ...]],
                 ) -> None:
        self.config = config
        self.state_chain = state_chain
        self.value_chain = value_chain
        # hook point -> (plugin, its engaged test at that point or None: always), in order
        self.subscribers = subscribers
        # hook point -> None (some subscriber always engaged there), else the tests to ask
        self.gates: dict[str, tuple[Callable[[Any], bool], ...] | None] = {
            h: None if any(t is None for _, t in subs) else tuple(t for _, t in subs if t is not None)
            for h, subs in subscribers.items()}


def _engaged_at(plugin: Plugin, hook: str) -> Callable[[Any], bool] | None:
    """``plugin``'s engaged test at ``hook`` (``Plugin.engaged``), or None: always engaged."""
    engaged = plugin.engaged
    if engaged is None or callable(engaged):
        return engaged
    return engaged.get(hook)


class Ruleset:
    """The declared hook points and the registered plugins, in registration order."""

    def __init__(self) -> None:
        self.state_hooks: frozenset[str] = frozenset()
        self.value_hooks: frozenset[str] = frozenset()
        self._plugins: dict[str, Plugin] = {}
        # id(config) -> the base plugins' chains wanted in games of that configuration (a
        # game's config is one object from its start: one look-up finds them; a base game's
        # dispatch is then a dict look-up and a loop over a tuple, usually empty)
        self._wired = IdentityMemo(_WIRED_MAX)

    # --- assembling ------------------------------------------------------------------------

    def declare(self, state_hooks: tuple[str, ...] = (), value_hooks: tuple[str, ...] = ()) -> None:
        """Declare hook points (a rule kernel does, once per point)."""
        self.state_hooks |= frozenset(state_hooks)
        self.value_hooks |= frozenset(value_hooks)
        self._wired.clear()

    def register(self, plugin: Plugin) -> None:
        """Add (or replace) a plugin; its hooks must name declared points."""
        unknown = set(plugin.hooks) - self.state_hooks - self.value_hooks
        if unknown:
            raise ValueError(f"plugin {plugin.id!r} subscribes to undeclared hook points {sorted(unknown)}")
        if plugin.engaged is not None and not callable(plugin.engaged):
            stray = set(plugin.engaged) - set(plugin.hooks)
            if stray:
                raise ValueError(f"plugin {plugin.id!r} gives engaged tests for hook points it does not "
                                 f"subscribe to {sorted(stray)}")
        self._plugins[plugin.id] = plugin
        self._wired.clear()

    def plugin(self, pid: str) -> Plugin:
        """The registered plugin ``pid`` (KeyError if none)."""
        return self._plugins[pid]

    def ids(self, always: bool = False) -> tuple[str, ...]:
        """The registered expansion ids (with ``always``: the base plugins' instead)."""
        return tuple(p.id for p in self._plugins.values() if p.always == always)

    def steps(self) -> dict[str, Callable[..., Any]]:
        """Every registered plugin's rule steps."""
        out: dict[str, Callable[..., Any]] = {}
        for p in self._plugins.values():
            out.update(p.steps)
        return out

    def effect_schemas(self) -> dict[str, Any]:
        """Every registered plugin's effect schemas."""
        out: dict[str, Any] = {}
        for p in self._plugins.values():
            out.update(p.effect_schemas)
        return out

    def card_data_schemas(self) -> dict[str, Any]:
        """Every registered plugin's card ``data`` keys and the schemas of their values."""
        out: dict[str, Any] = {}
        for p in self._plugins.values():
            out.update(p.card_data)
        return out

    def data_files(self) -> dict[str, Callable[[Any, Any], Any]]:
        """Every registered plugin's data files and their readers, in registration order (a
        file two plugins claim is an error: one reader checks each file)."""
        out: dict[str, Callable[[Any, Any], Any]] = {}
        for p in self._plugins.values():
            for rel, read in p.data_files.items():
                if rel in out and out[rel] is not read:
                    raise ValueError(f"plugin {p.id!r} claims the data file {rel!r}, already another's")
                out[rel] = read
        return out

    # --- dispatch --------------------------------------------------------------------------

    def _wiring(self, config: Any) -> _Wiring:
        """The base plugins' chains in games of ``config`` (made once, then kept)."""
        w: _Wiring | None = self._wired.find(id(config))
        if w is not None:
            return w
        base = [p for p in self._plugins.values() if p.always and (p.wanted is None or p.wanted(config))]
        w = _Wiring(config,
                    {h: tuple(p.hooks[h] for p in base if h in p.hooks) for h in self.state_hooks},
                    {h: tuple(p.hooks[h] for p in base if h in p.hooks) for h in self.value_hooks},
                    {h: tuple((p, _engaged_at(p, h)) for p in base if h in p.hooks)
                     for h in self.state_hooks | self.value_hooks})
        return self._wired.keep(id(config), config, w)

    def listens(self, config: Any, hook: str) -> bool:
        """Whether some plugin of a game of ``config`` subscribes to ``hook``: an enabled
        expansion, or a base plugin wanted there (engaged or not).  For a plugin's ``wanted``
        that depends on another's (an ability another plugin may lend); made afresh, not kept."""
        if hook not in self.state_hooks and hook not in self.value_hooks:
            raise KeyError(hook)
        return any(hook in self._plugins[e].hooks for e in config.expansions) or any(
            p.always and hook in p.hooks and (p.wanted is None or p.wanted(config))
            for p in self._plugins.values())

    def subscribed(self, state: Any, hook: str) -> bool:
        """Whether firing ``hook`` in ``state`` can run any code: an enabled expansion
        subscribes to it, or a base plugin does that is wanted in this game and engaged in this
        state at that point (``Plugin.engaged``).  The rules ask it to skip the work of a point
        nobody listens to (``characters.lose_lives``)."""
        config = state.config
        for e in config.expansions:
            if hook in self._plugins[e].hooks:
                return True
        entry = self._wired.table.get(id(config))  # (:meth:`_wiring`, its ``find`` inlined)
        w = self._wiring(config) if entry is None else entry[1]
        gate = w.gates[hook]  # (a KeyError names an undeclared point)
        if gate is None:
            return True
        for test in gate:
            if test(state):
                return True
        return False

    def listeners(self, state: Any, hook: str) -> tuple[tuple[str, Callable[..., Any]], ...]:
        """``(plugin id, function)`` of each listener that firing ``hook`` in ``state`` would run,
        in order: the enabled expansions', then the base plugins' wanted in this game and
        engaged in this state (as :meth:`subscribed` counts them); a tool reads their
        declarations (:func:`declared`)."""
        found = [(e, self._plugins[e].hooks[hook]) for e in state.config.expansions
                 if hook in self._plugins[e].hooks]
        entry = self._wired.table.get(id(state.config))
        w = self._wiring(state.config) if entry is None else entry[1]
        found += [(p.id, p.hooks[hook]) for p, test in w.subscribers[hook]
                  if test is None or test(state)]
        return tuple(found)

    def _chain(self, state: Any, hook: str, table: str) -> tuple[Callable[..., Any], ...]:
        """The functions ``hook`` runs in ``state``'s game, in order: the enabled expansions'
        (their tables read live: a test may patch one), then the base plugins wanted there
        (``table``: the wiring's ``state_chain`` or ``value_chain``)."""
        config = state.config
        entry = self._wired.table.get(id(config))  # (:meth:`_wiring`, its ``find`` inlined)
        w = self._wiring(config) if entry is None else entry[1]
        chain: tuple[Callable[..., Any], ...] = getattr(w, table)[hook]  # (a KeyError names an undeclared point)
        exps = config.expansions
        if not exps:
            return chain
        hooks = [self._plugins[e].hooks.get(hook) for e in exps]
        return tuple(fn for fn in hooks if fn is not None) + chain

    # ``run_hook`` and ``adjust`` are fired about eight times a decision, nearly always at a
    # point no plugin of a base game listens to: in a game with no expansion (its chains all
    # in the wiring made once for its config) the chain is one look-up in the wiring, without
    # the call to ``_chain``; a game with expansions goes through ``_chain``.

    def run_hook(self, state: Any, hook: str, **details: Any) -> Any:
        """Run state hook ``hook`` of every enabled plugin, threading the state through."""
        config = state.config
        entry = self._wired.table.get(id(config))  # (:meth:`_chain`, inlined for a base game)
        if entry is None or config.expansions:
            chain = self._chain(state, hook, "state_chain")
        else:
            chain = entry[1].state_chain[hook]  # (a KeyError names an undeclared point)
        for fn in chain:
            state = fn(state, **details)
        return state

    def adjust(self, state: Any, hook: str, value: Any, **details: Any) -> Any:
        """Value hook ``hook``: each enabled plugin may change ``value``."""
        config = state.config
        entry = self._wired.table.get(id(config))  # (as in :meth:`run_hook`)
        if entry is None or config.expansions:
            chain = self._chain(state, hook, "value_chain")
        else:
            chain = entry[1].value_chain[hook]
        for fn in chain:
            value = fn(state, value, **details)
        return value

    def effect(self, state: Any, name: str) -> Callable[..., Any] | None:
        """An enabled plugin's effect function for ``name`` (the enabled expansions', then the
        base plugins'), or None."""
        for e in state.config.expansions:
            fn = self._plugins[e].effects.get(name)
            if fn is not None:
                return fn
        for p in self._plugins.values():
            if p.always and name in p.effects:
                return p.effects[name]
        return None


@attrs.frozen
class _Cfg:
    """A stand-in state for the doctest (anything with ``config.expansions``)."""

    expansions: tuple[str, ...]

    @property
    def config(self) -> "_Cfg":
        return self


#: The rule set of this process: the rule kernel declares its hook points here and the API
#: layer registers the base plugins and the implemented expansions.
RULESET = Ruleset()
