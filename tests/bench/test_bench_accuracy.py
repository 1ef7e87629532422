"""The accuracy benchmark (vmsample/bench/accuracy.py) on a tiny configuration.

No timing and no statistical target is asserted here (a handful of seeds
cannot test them; bench/RESULTS.md has the real run): the exact profile must
be exact, and the rows must be the errors of the sampled runs against it.
"""

import os

from vmsample.bench import accuracy
from vmsample.profile import read_profile


def test_the_exact_profile_is_exact(tmp_path):
    prog = tmp_path / "p.py"
    prog.write_text("keep = []\nfor i in range(300):\n    keep.append([i] * 3)\n    x = (i, str(i))\n")
    p = accuracy.profile_of(str(prog), [], ["--sampling", "fixed", "--alloc-period", "8"],
                            str(tmp_path / "exact.prof"))
    # every allocation sampled once per 8 bytes: objects add up to whole numbers per site,
    # and the 300 lists kept alive are live at the end
    t = accuracy.totals(p, 1024)
    lists = t[("site", "<module> p.py:3")]
    assert abs(lists[1] - round(lists[1])) < 1e-6 and round(lists[1]) >= 600      # the list and [i]
    assert lists[2] > 0 and t[("type", "list")][2] > 0
    assert all(s.weight == 8 for s in p.alloc_samples)


def test_rows_are_errors_against_the_exact_run(tmp_path):
    rows = accuracy.measure(os.path.join(accuracy.EXAMPLES, "alloc_churn.py"), ["3000"], 3, 1024, "random",
                            0.02, str(tmp_path))
    assert rows and {r["metric"] for r in rows} >= {"bytes", "objects"}
    for r in rows:
        assert r["expected_samples"] >= accuracy.MIN_ROW_SAMPLES
        assert r["rms"] >= abs(r["bias"])              # RMS error bounds the mean error
    exact = accuracy.totals(read_profile(str(tmp_path / "exact.prof")))
    for r in rows:
        assert r["exact"] == exact[(r["kind"], r["name"])][accuracy.METRICS.index(r["metric"])]
    biased = dict(rows[0], z=5.0, rms_over_poisson=1.0, expected_samples=100)
    noisy = dict(rows[0], z=0.0, rms_over_poisson=1.5, expected_samples=100)
    few = dict(noisy, expected_samples=20)          # too few samples for the RMS target
    assert accuracy.verdict([biased, noisy, few]) == ([biased], [noisy])
