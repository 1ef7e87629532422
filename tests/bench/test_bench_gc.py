"""The pause benchmark (vmsample/bench/gc.py) on tiny programs.

No timing is asserted (bench/RESULTS.md has the real run): both modes must
run the program to the same output, and what each reports must be what its
collector did -- steps in incremental mode, none stop-the-world.
"""

import json
import subprocess
import sys

from vmsample.bench import gc as bench_gc


def test_both_modes_measured_side_by_side():
    out = subprocess.run([sys.executable, "-m", "vmsample.bench", "gc", "--repeat", "1", "--json",
                          "--programs", "old_space:12:100,gcbench:6"],
                         capture_output=True, text=True, check=True).stdout
    rows = json.loads(out)["programs"]
    assert [r["program"] for r in rows] == ["old_space", "gcbench"]
    old_space = rows[0]
    inc, stw = old_space["incremental"], old_space["stop-the-world"]
    assert inc["major_collections"] >= 1 and stw["major_collections"] >= 1
    assert inc["major_steps"] > inc["major_collections"] and stw["major_steps"] == 0
    for m in (inc, stw):
        assert 0 < m["max_pause_ns"] <= m["gc_ns"] and m["p99_pause_ns"] <= m["max_pause_ns"]
        assert m["major_work_max_ns"] <= m["max_pause_ns"]
        assert m["peak_heap"] >= 12 << 20 and m["rss"] >= m["peak_heap"]
    assert old_space["ratio"]["time_s"] == inc["time_s"] / stw["time_s"]


def test_the_table_shows_a_program_too_small_to_collect():
    out = subprocess.run([sys.executable, "-m", "vmsample.bench", "gc", "--repeat", "1", "--programs", "gcbench:4"],
                         capture_output=True, text=True, check=True).stdout
    ratio_line = next(line for line in out.splitlines() if "incr / stw" in line)
    assert ratio_line.split()[5:] == ["-", "-"]     # no pause, no old space: no ratios


def test_a_failing_program_stops_the_benchmark(tmp_path):
    (tmp_path / "boom.py").write_text("x = []\nraise SystemExit(3)\n")
    try:
        bench_gc.measure([str(tmp_path / "boom.py")], 1)
    except SystemExit as e:
        assert str(e).endswith("boom (incremental) exited with 3")
    else:
        raise AssertionError("the benchmark went on")
