"""Suite-wide test settings.

Hypothesis: no per-example deadline (GC work is bursty: a collection can land
in any example), and a bounded example count under CI so the whole suite stays
within its time budget.  HYPOTHESIS_PROFILE=thorough runs many more examples.
"""

import os

from hypothesis import HealthCheck, settings

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
