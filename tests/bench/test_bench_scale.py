"""The big-profile benchmark (vmsample/bench/scale.py) on tiny profiles.

No time or memory target is asserted (bench/RESULTS.md has the real run):
every command must run on a real profile, and what the benchmark reports
must be what the commands did.
"""

import json
import subprocess
import sys


def test_every_command_runs_and_is_measured():
    out = subprocess.run([sys.executable, "-m", "vmsample.bench", "scale", "--iterations", "2000,4000", "--json",
                          "--commands", "stock vmprof.read_profile,report,convert speedscope,convert pprof,diff"],
                         capture_output=True, text=True, check=True).stdout
    sizes = json.loads(out)["sizes"]
    assert [s["iterations"] for s in sizes] == [2000, 4000]
    assert 2000 < sizes[0]["samples"] < sizes[1]["samples"]          # ~1.75 per iteration
    for s in sizes:
        c = s["commands"]
        assert set(c) == {"stock vmprof.read_profile", "report", "convert speedscope", "convert pprof", "diff"}
        assert all(m["seconds"] > 0 and m["peak_rss"] > 10 << 20 for m in c.values())
        assert c["convert speedscope"]["output_bytes"] > 0 and c["convert pprof"]["output_bytes"] > 0
        assert c["report"]["output_bytes"] == 0
        # the read call's own time is measured where the command reads, and is part of its run
        assert 0 < c["stock vmprof.read_profile"]["read_seconds"] < c["stock vmprof.read_profile"]["seconds"]
        assert c["report"]["read_seconds"] is None


def test_an_unknown_command_is_a_usage_error():
    done = subprocess.run([sys.executable, "-m", "vmsample.bench", "scale", "--commands", "report,nope"],
                          capture_output=True, text=True)
    assert done.returncode == 2 and "unknown nope" in done.stderr


def test_the_construct_based_commands_run():
    # Asked for by name only (minutes per million samples): tiny profiles.
    names = ["validate", "tools/read_profile.py", "schema_reader.read_profile (aggregate)"]
    out = subprocess.run([sys.executable, "-m", "vmsample.bench", "scale", "--program", "gcbench", "--iterations",
                          "6", "--json", "--commands", ",".join(names)], capture_output=True, text=True,
                         check=True).stdout
    (size,) = json.loads(out)["sizes"]
    assert set(size["commands"]) == set(names) and all(m["seconds"] > 0 for m in size["commands"].values())
    assert 0 < size["commands"]["schema_reader.read_profile (aggregate)"]["read_seconds"]


def test_gcbench_profiles_with_medians():
    out = subprocess.run([sys.executable, "-m", "vmsample.bench", "scale", "--program", "gcbench", "--iterations",
                          "6,8", "--repeat", "3", "--json", "--commands", "vmsample.read_profile (aggregate),report"],
                         capture_output=True, text=True, check=True).stdout
    sizes = json.loads(out)["sizes"]
    assert [s["iterations"] for s in sizes] == [6, 8] and 0 < sizes[0]["samples"] < sizes[1]["samples"]
    assert all(m["seconds"] > 0 and m["peak_rss"] > 10 << 20 for s in sizes for m in s["commands"].values())
    assert all(0 < s["commands"]["vmsample.read_profile (aggregate)"]["read_seconds"]
               < s["commands"]["vmsample.read_profile (aggregate)"]["seconds"] for s in sizes)
