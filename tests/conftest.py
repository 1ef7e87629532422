"""Suite-wide test settings.

Every vmsample profile a test leaves in its tmp_path is decoded again, after
the test, by tests/ext_decoder.py (written from docs/format.md, sharing
nothing with vmsample's reader) and must agree with vmsample.read_profile.

Hypothesis: no per-example deadline (GC work is bursty: a collection can land
in any example), and a bounded example count under CI so the whole suite stays
within its time budget.  HYPOTHESIS_PROFILE=thorough runs many more examples.
"""

import os
import stat

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


# Character devices like /dev/null, /dev/zero and /dev/full, made in the
# test's temporary directory: tests never write to /dev.
DEVICES = {"null": 3, "zero": 5, "full": 7}


@pytest.fixture
def char_device(tmp_path):
    """``char_device("full")``: a device node in tmp_path that behaves as
    /dev/full (or null, zero); the test is skipped where nodes cannot be
    made (not root, or a container that forbids them)."""
    def make(name):
        path = tmp_path / name
        try:
            os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, DEVICES[name]))
            with open(path, "rb"):
                pass
        except OSError as e:
            pytest.skip(f"cannot make a device node here ({e.strerror}): needs root and a container "
                        f"that allows it")
        return path
    return make


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    result = yield
    tmp_path = getattr(item, "funcargs", {}).get("tmp_path")
    if tmp_path is not None:
        check_profiles_in(tmp_path)
    return result
