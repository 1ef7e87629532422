"""What the differential tests share: how to run a program on CPython and on
the VM side by side, and the environments they run in.

(A plain module, imported as ``from differential import ...``: a conftest.py
cannot be imported by name, because tests/, tests/embed/ and tests/report/
each have one and pytest keeps only the last under the name ``conftest``.)
"""

from __future__ import annotations

import contextlib
import io
import os

# The GC debug knobs (vmsample/_nursery.pyx): a tiny nursery, a collection
# before every allocation, the whole heap verified after collections (as
# often as docs/design.md §2.6 says).
# Any reference the VM forgot to root becomes a crash or a wrong output.
GC_DEBUG_KNOBS = {"VMSAMPLE_NURSERY": "4K", "VMSAMPLE_GC_STRESS": "1", "VMSAMPLE_GC_DEBUG": "1"}


def run_timeout(knobs: dict[str, str] | None = None) -> int:
    """Seconds a differential run may take before it counts as hung: a safety
    net, not a measurement.  Under the GC debug knobs a program runs 10-50x
    slower, and on a machine shared by the suite's two workers and other
    jobs it has taken over 120 s (about 50 s of CPU)."""
    return 600 if knobs and "VMSAMPLE_GC_DEBUG" in knobs else 120


def clean_env(**extra: str) -> dict[str, str]:
    """Our environment minus every VMSAMPLE_* knob, plus [extra]."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("VMSAMPLE_")}
    env.update(extra)
    return env


def run_both(source: str) -> None:
    """Run [source] in this process on CPython and on the VM; both must run to
    completion and print the same."""
    from vmsample.lang import run_program

    expected = io.StringIO()
    with contextlib.redirect_stdout(expected):
        exec(compile(source, "prog.py", "exec"), {"__name__": "__main__"})
    actual = io.StringIO()
    with contextlib.redirect_stdout(actual):
        status = run_program(source, "prog.py")
    assert status == 0
    assert actual.getvalue() == expected.getvalue(), source
