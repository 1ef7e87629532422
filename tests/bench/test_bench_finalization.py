"""The registration-cost benchmark (vmsample/bench/finalization.py), small.

No timing is asserted (bench/RESULTS.md has the real run): each heap must be
what its row says -- after the two collections the registrations of live
objects are still there, the resurrected nodes are queued, and none of the
others is -- and the table must print a row per kind.
"""

import json
import subprocess
import sys

from vmsample.bench import finalization


def test_each_heap_is_what_its_row_says():
    rows = {r["kind"]: r for r in finalization.measure(300, 1)}
    assert list(rows) == list(finalization.KINDS)
    assert [(r["queued"], r["registrations_left"]) for r in rows.values()] == \
        [(0, 0), (0, 300), (0, 300), (0, 300), (300, 0)]
    for kind, row in rows.items():
        assert row["minor"] > 0 and row["full"] > 0
        assert ("extra_minor_per_registration" in row) == (kind != "none")


def test_the_command_prints_a_table_and_json():
    cmd = [sys.executable, "-m", "vmsample.bench", "finalization", "--n", "200", "--repeat", "1"]
    table = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    assert [line.split()[0] for line in table.splitlines()[2:]] == list(finalization.KINDS)
    out = json.loads(subprocess.run(cmd + ["--json"], capture_output=True, text=True, check=True).stdout)
    assert out["n"] == 200 and [r["kind"] for r in out["rows"]] == list(finalization.KINDS)
    bad = subprocess.run(cmd[:-1] + ["0"], capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stderr.strip().splitlines()[-1].endswith("--n and --repeat must be at least 1")
