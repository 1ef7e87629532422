"""The format is a promise: profiles written by an earlier vmsample read the
same for ever (docs/format.md, "Compatibility").

tests/data/format/ holds small profiles written by vmsample itself (every
layout, gzip, version 7, time samples, deaths, major collections, large
objects, a killed run's main file and spool) and, in expected.json, what
`vmsample report --json` said about each when they were written.  Both
were made once (tests/data/format/make.py records how) and are never
regenerated: a reader, a schema or a report that reads them differently
fails here.  A format change adds new fixtures beside these.

The report may grow (a key expected.json lacks is not an error); every
value it had must stay what it was.
"""

import json
import math
import shutil
import time
from pathlib import Path

import pytest

from vmsample.cli import main
from vmsample.profile import read_profile
from vmsample.report import analyze

DATA = Path(__file__).resolve().parents[1] / "data" / "format"
EXPECTED = json.loads((DATA / "expected.json").read_text())
KILLED = "killed.prof"          # a killed run's main file and spool: recovered before it is read
NOT_FIXTURES = {"expected.json", "make.py", "workload.py", "README.md", KILLED + ".spool"}
REPORT = ["--limit", "1000"]
LIVE = ["--live", "--limit", "1000"]


def assert_reads_the_same(expected, actual, where="report"):
    """[actual] says everything [expected] said: the same keys with the
    same values (floats to 1e-9 relative, the rest exactly), lists item by
    item; keys only [actual] has are new and allowed."""
    if isinstance(expected, dict):
        assert isinstance(actual, dict), f"{where}: {actual!r} is not an object"
        for key, value in expected.items():
            assert key in actual, f"{where}: {key!r} is gone"
            assert_reads_the_same(value, actual[key], f"{where}.{key}")
    elif isinstance(expected, list):
        assert isinstance(actual, list) and len(actual) == len(expected), \
            f"{where}: {len(expected)} items expected, got {actual!r}"
        for i, (e, a) in enumerate(zip(expected, actual)):
            assert_reads_the_same(e, a, f"{where}[{i}]")
    elif isinstance(expected, float) and not isinstance(actual, bool) and isinstance(actual, (int, float)):
        assert math.isclose(expected, actual, rel_tol=1e-9, abs_tol=1e-12), f"{where}: {expected} -> {actual}"
    else:
        assert type(actual) is type(expected) and actual == expected, f"{where}: {expected!r} -> {actual!r}"


@pytest.fixture
def utc(monkeypatch):
    """The report shows the start time in local time; expected.json was written in UTC."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.fixture
def fixture_copy(request, tmp_path, monkeypatch):
    """A copy of the fixture [request.param] in the current directory (the
    name the report prints is the one expected.json has); a killed run's
    files recovered first, with the name make.py gave them."""
    name = request.param
    monkeypatch.chdir(tmp_path)
    if name != KILLED:
        shutil.copyfile(DATA / name, name)
        return name
    shutil.copyfile(DATA / KILLED, "recovered.prof")
    shutil.copyfile(DATA / (KILLED + ".spool"), "recovered.prof.spool")
    assert main(["recover", "recovered.prof"]) == 0
    return "recovered.prof"


def report_json(capsys, *args):
    capsys.readouterr()
    assert main(["report", "--json", *args]) == 0
    return json.loads(capsys.readouterr().out)


def test_every_fixture_has_its_expected_report():
    files = {p.name for p in DATA.iterdir()} - NOT_FIXTURES
    assert files == set(EXPECTED)
    # What the fixtures cover (they were made to): checked on the frozen answers.
    summaries = [e["report"]["summary"] for e in EXPECTED.values()]
    assert {(s["layout"], s["format_version"]) for s in summaries} == {("vmprof", 6), ("vmprof", 7), ("pypy", 7)}
    assert {s["alloc_sampling"] for s in summaries} == {"fixed", "random", None}
    assert any(n.endswith(".gz") for n in EXPECTED) and any(s["recovered"] for s in summaries)
    assert all(s["major_collections"] >= 1 and s["minor_collections"] >= 1 for s in summaries)
    alloc = [e for e in EXPECTED.values() if e["report"]["summary"]["alloc_samples"]]
    assert all(any(t["large_bytes"] for t in e["report"]["types"]) for e in alloc)
    assert all(any(r["died_old_bytes"] for r in e["live"]["live"]["lifetimes"]) for e in alloc)
    assert sum(s["time_samples"] > 0 for s in summaries) >= 5


@pytest.mark.parametrize("fixture_copy", sorted(EXPECTED), indirect=True)
def test_a_fixture_reads_as_it_did_when_written(fixture_copy, capsys, utc):
    expected = EXPECTED[KILLED if fixture_copy == "recovered.prof" else fixture_copy]
    assert_reads_the_same(expected["report"], report_json(capsys, *REPORT, fixture_copy))
    assert_reads_the_same(expected["live"], report_json(capsys, *LIVE, fixture_copy), "report --live")
    # The report sums while reading; a profile read whole must say the same.
    whole = analyze(read_profile(fixture_copy)).to_json(limit=1000)
    assert_reads_the_same({k: v for k, v in expected["report"].items() if k != "profile"}, whole, "whole read")
    assert main(["validate", "-q", fixture_copy]) == 0


def test_the_comparison_catches_a_changed_value():
    report = EXPECTED["vmprof-fixed.prof"]["report"]
    changed = json.loads(json.dumps(report))
    changed["self"][0]["bytes"] += 1
    with pytest.raises(AssertionError, match=r"self\[0\]\.bytes"):
        assert_reads_the_same(report, changed)
    changed = json.loads(json.dumps(report))
    del changed["gc"]["major_collections"]
    with pytest.raises(AssertionError, match="is gone"):
        assert_reads_the_same(report, changed)
    changed = json.loads(json.dumps(report))
    changed["summary"]["died_young"] *= 1 + 1e-6
    with pytest.raises(AssertionError, match="died_young"):
        assert_reads_the_same(report, changed)
    changed["summary"]["died_young"] = report["summary"]["died_young"]
    changed["summary"]["something_new"] = 1             # the report may grow
    assert_reads_the_same(report, changed)
