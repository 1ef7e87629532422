"""Suite-wide test settings.

Every vmsample profile a test leaves in its tmp_path is decoded again, after
the test, by tests/ext_decoder.py (written from docs/format.md, sharing
nothing with vmsample's reader) and must agree with vmsample.read_profile.

Hypothesis: no per-example deadline (GC work is bursty: a collection can land
in any example), and a bounded example count under CI so the whole suite stays
within its time budget.  HYPOTHESIS_PROFILE=thorough runs many more examples.
"""

import os

import pytest
from hypothesis import HealthCheck, settings

from ext_decoder import check_profiles_in

settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "ci", deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
settings.register_profile(
    "thorough", deadline=None, max_examples=2000, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "default"))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    result = yield
    tmp_path = getattr(item, "funcargs", {}).get("tmp_path")
    if tmp_path is not None:
        check_profiles_in(tmp_path)
    return result
