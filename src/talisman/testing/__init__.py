"""Kit for property tests, here and in other projects: hypothesis strategies, invariants,
and a pytest plugin that collects scenario files."""
