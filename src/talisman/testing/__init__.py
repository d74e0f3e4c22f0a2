"""Kit for property tests, here and in other projects: hypothesis strategies, invariants,
and a pytest plugin that collects scenario files.

* :mod:`talisman.testing.strategies`: hypothesis strategies of configurations, reachable
  states and legal actions;
* :mod:`talisman.testing.invariants`: :func:`~talisman.testing.invariants.check` names every
  invariant a state breaks;
* :mod:`talisman.testing.pytest_plugin`: the pytest plugin's scenario test items; the plugin
  itself (entry point ``talisman_scenarios``) is the light module :mod:`talisman_pytest`
  beside the package: it collects ``*.yaml`` scenario files under a ``scenarios`` folder and
  offers the ``talisman_game`` fixture.

>>> from hypothesis import given, settings
>>> from talisman.testing.strategies import states
>>> from talisman.testing.invariants import check
>>> @settings(max_examples=5, deadline=None, database=None)
... @given(states(max_steps=10))
... def test_invariants_hold(state):
...     assert check(state) == []
>>> test_invariants_hold()
"""
