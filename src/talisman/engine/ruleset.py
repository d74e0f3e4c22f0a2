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
    base plugin, run in every game after the enabled expansions; ``engaged``: for a base
    plugin, a cheap test of whether its hooks can change anything in a state (the Henchmen
    option: only when dealt), which :meth:`Ruleset.subscribed` asks (``None``: always).
    """

    id: str
    hooks: Mapping[str, Callable[..., Any]] = attrs.field(default=_EMPTY, converter=_frozen_map)
    steps: Mapping[str, Callable[..., Any]] = attrs.field(default=_EMPTY, converter=_frozen_map)
    effects: Mapping[str, Callable[..., Any]] = attrs.field(default=_EMPTY, converter=_frozen_map)
    effect_schemas: Mapping[str, Any] = attrs.field(default=_EMPTY, converter=_frozen_map)
    always: bool = False
    engaged: Callable[[Any], bool] | None = None


class Ruleset:
    """The declared hook points and the registered plugins, in registration order."""

    def __init__(self) -> None:
        self.state_hooks: frozenset[str] = frozenset()
        self.value_hooks: frozenset[str] = frozenset()
        self._plugins: dict[str, Plugin] = {}
        # hook -> the base plugins' functions, one table per kind of point (a base game's
        # dispatch is one dict look-up and a loop over this tuple, usually empty)
        self._state_chain: dict[str, tuple[Callable[..., Any], ...]] = {}
        self._value_chain: dict[str, tuple[Callable[..., Any], ...]] = {}
        # hook -> the base plugins subscribing to it (for :meth:`subscribed`)
        self._base_subscribers: dict[str, tuple[Plugin, ...]] = {}

    # --- assembling ------------------------------------------------------------------------

    def declare(self, state_hooks: tuple[str, ...] = (), value_hooks: tuple[str, ...] = ()) -> None:
        """Declare hook points (a rule kernel does, once per point)."""
        self.state_hooks |= frozenset(state_hooks)
        self.value_hooks |= frozenset(value_hooks)
        self._chains()

    def register(self, plugin: Plugin) -> None:
        """Add (or replace) a plugin; its hooks must name declared points."""
        unknown = set(plugin.hooks) - self.state_hooks - self.value_hooks
        if unknown:
            raise ValueError(f"plugin {plugin.id!r} subscribes to undeclared hook points {sorted(unknown)}")
        self._plugins[plugin.id] = plugin
        self._chains()

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

    # --- dispatch --------------------------------------------------------------------------

    def _chains(self) -> None:
        self._state_chain = {h: self._base_chain(h) for h in self.state_hooks}
        self._value_chain = {h: self._base_chain(h) for h in self.value_hooks}
        self._base_subscribers = {
            h: tuple(p for p in self._plugins.values() if p.always and h in p.hooks)
            for h in self.state_hooks | self.value_hooks}

    def subscribed(self, state: Any, hook: str) -> bool:
        """Whether firing ``hook`` in ``state`` can run any code: an enabled expansion
        subscribes to it, or a base plugin does that is engaged in this state.  The rules ask
        it to skip the work of a point nobody listens to (``characters.lose_lives``)."""
        for e in state.config.expansions:
            if hook in self._plugins[e].hooks:
                return True
        for p in self._base_subscribers[hook]:  # (a KeyError names an undeclared point)
            if p.engaged is None or p.engaged(state):
                return True
        return False

    def _base_chain(self, hook: str) -> tuple[Callable[..., Any], ...]:
        return tuple(p.hooks[hook] for p in self._plugins.values() if p.always and hook in p.hooks)

    def run_hook(self, state: Any, hook: str, **details: Any) -> Any:
        """Run state hook ``hook`` of every enabled plugin, threading the state through."""
        chain = self._state_chain[hook]  # (a KeyError names an undeclared point)
        exps = state.config.expansions
        if exps:  # an expansion's table is read live (a test may patch it)
            for e in exps:
                fn = self._plugins[e].hooks.get(hook)
                if fn is not None:
                    state = fn(state, **details)
        for fn in chain:
            state = fn(state, **details)
        return state

    def adjust(self, state: Any, hook: str, value: Any, **details: Any) -> Any:
        """Value hook ``hook``: each enabled plugin may change ``value``."""
        chain = self._value_chain[hook]  # (a KeyError names an undeclared point)
        exps = state.config.expansions
        if exps:
            for e in exps:
                fn = self._plugins[e].hooks.get(hook)
                if fn is not None:
                    value = fn(state, value, **details)
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
