import os

import pytest
from hypothesis import HealthCheck, settings

# The default profile is derandomized: a CI run never fails by chance (the same examples every
# run); HYPOTHESIS_PROFILE=deep explores with fresh random examples.
settings.register_profile("ci", max_examples=40, deadline=None, derandomize=True,
                          database=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("deep", max_examples=1000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# Scenario files the engine fails today wait in tests/scenarios_pending/ (each says why at its top).
# The scenario plugin collects *.yaml under any folder named "scenarios" in the absolute path, so a
# checkout inside such a folder would collect them: keep them out explicitly.
collect_ignore = ["scenarios_pending"]


@pytest.fixture(scope="session")
def soak_module():
    """``benchmarks/soak.py`` loaded as a module (it is a script, not part of the package):
    the tests that replay a soak seed call its ``play``."""
    import importlib.util  # reason: only these fixtures need it
    from pathlib import Path
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "soak.py"
    spec = importlib.util.spec_from_file_location("soak_for_tests", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
