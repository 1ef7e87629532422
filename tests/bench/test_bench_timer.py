"""The timer benchmark (vmsample/bench/timer.py) on tiny runs.

No ratio is asserted (bench/RESULTS.md has the real run; the tests of the
timer assert counts): every mode must run, and what the benchmark reports
must be what it measured.
"""

import json
import subprocess
import sys


def test_every_mode_runs_and_reports_what_it_measured():
    out = subprocess.run([sys.executable, "-m", "vmsample.bench", "timer", "--seconds", "0.05", "--repeat", "2",
                          "--period", "500us", "--json"], capture_output=True, text=True, check=True).stdout
    data = json.loads(out)
    assert [m["mode"] for m in data["modes"]] == ["cpu", "real", "vm"]
    for m in data["modes"]:
        assert m["period_ns"] == 500_000 and len(m["runs"]) == 2
        for r in m["runs"]:
            assert r["expiries"] > 0 and r["seconds"] >= 0.05
            assert r["ratio"] == r["expiries"] * 500_000 / 1e9 / r["seconds"]
        ratios = sorted(r["ratio"] for r in m["runs"])
        assert (m["ratio_min"], m["ratio_max"]) == (ratios[0], ratios[-1])


def test_a_bad_period_is_a_usage_error():
    done = subprocess.run([sys.executable, "-m", "vmsample.bench", "timer", "--period", "1ns"],
                          capture_output=True, text=True)
    assert done.returncode == 2 and "out of range" in done.stderr
