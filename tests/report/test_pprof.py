"""pprof export: the file decodes with the same schema, every id it
references exists, and its totals per sample type and per object type equal
`vmsample report --json`'s -- checked again with the real reader, ``go tool
pprof`` (Debian package ``golang-go``), on a VM run and on synthetic
profiles."""

import gzip
import json
import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from functools import cache
from pathlib import Path

import pytest
from once import machine_lock
from synth import DIED, SURVIVED, Synth
from test_vm_profiles import run_vm

from vmsample import read_profile
from vmsample.convert import pprof
from vmsample.convert.pprof_schema import Profile as PprofProfile
from vmsample.report import analyze
from vmsample.profile.totals import has_lifetimes

PAPER_PROFILE = Path(__file__).parent.parent / "data" / "real-profiles" / "gcbench_as_obj.prof"
STACK = ["<module>@prog.py:1", "main@prog.py:20", "keep@prog.py:5"]


def decode(data: bytes) -> PprofProfile:
    return PprofProfile.FromString(gzip.decompress(data))


def check_structure(pb) -> dict:
    """pprof's invariants; returns {sample type: (unit, total)} and
    {object type: Counter of sample type -> total, "bins" -> pprof samples}."""
    st = pb.string_table
    assert st[0] == ""

    def ids(items):
        out = [x.id for x in items]
        assert 0 not in out and len(set(out)) == len(out)
        return set(out)

    mappings, functions, locations = ids(pb.mapping), ids(pb.function), ids(pb.location)
    for f in pb.function:
        assert max(f.name, f.system_name, f.filename) < len(st) and st[f.name]
    for loc in pb.location:
        assert loc.mapping_id in mappings and len(loc.line) == 1 and loc.line[0].function_id in functions
    types = [st[t.type] for t in pb.sample_type]
    assert st[pb.period_type.type] == "space" and st[pb.period_type.unit] == "bytes"
    totals = Counter()
    per_type: dict[str, Counter] = {}
    for s in pb.sample:
        assert len(s.value) == len(types) and set(s.location_id) <= locations
        [label] = s.label
        assert st[label.key] == pprof.TYPE_LABEL and label.str
        row = per_type.setdefault(st[label.str], Counter())
        row["bins"] += 1
        for name, v in zip(types, s.value):
            assert v >= 0
            totals[name] += v
            row[name] += v
    units = {st[t.type]: st[t.unit] for t in pb.sample_type}
    return {name: (units[name], totals[name]) for name in types}, per_type


def check_against_report(pb, report: dict, lifetimes: bool) -> None:
    totals, per_type = check_structure(pb)
    summary = report["summary"]
    expected = {"alloc_objects": ("count", summary["estimated_objects"]),
                "alloc_space": ("bytes", summary["estimated_bytes"])}
    if lifetimes:
        expected |= {"inuse_objects": ("count", summary["live_objects"]),
                     "inuse_space": ("bytes", summary["live_bytes"])}
    assert totals.keys() == expected.keys()
    for name, (unit, value) in expected.items():
        assert totals[name][0] == unit
        # Objects are estimates: rounded once for the whole file, and to a tenth by the report.
        assert abs(totals[name][1] - value) <= (0.55 if unit == "count" else 0), name
    rows = {t["type"]: t for t in report["types"]}
    assert per_type.keys() == rows.keys()
    for name, row in rows.items():
        got = per_type[name]
        assert got["alloc_space"] == row["bytes"]
        assert abs(got["alloc_objects"] - row["objects"]) <= got["bins"] + 0.05     # one object per bin
        if lifetimes:
            assert got["inuse_space"] == row["live_bytes"]
            assert abs(got["inuse_objects"] - row["live_objects"]) <= got["bins"] + 0.05


def lifetimes_synth(path):
    """Objects that a major collection found dead, some alive at the end,
    some died young, in fixed and random sizes."""
    s = Synth()
    s.alloc(STACK, type_id=4, size=48, fate=SURVIVED, count=5, label="a")
    s.alloc(STACK, type_id=4, size=48, fate=SURVIVED, count=3)
    s.alloc(["<module>@prog.py:1", "tmp@prog.py:9"], type_id=1, size=100, fate=DIED, count=7)
    s.minor()
    s.major(dies=["a"])
    s.alloc(STACK, type_id=2, size=4000, fate=SURVIVED, count=2)
    s.minor()
    return s.write(path)


def test_the_papers_profile_matches_the_report():
    """Written by the paper's PyPy: no lifetimes, so no inuse_* types."""
    p = read_profile(PAPER_PROFILE)
    assert not has_lifetimes(p.meta)
    check_against_report(decode(pprof.render(p)), analyze(p).to_json(limit=None), lifetimes=False)


@pytest.mark.parametrize("fixture", ["known", "alloc_only", "lifetimes"])
def test_synthetic_profiles_match_the_report(request, tmp_path, fixture):
    path = lifetimes_synth(tmp_path / "l.prof") if fixture == "lifetimes" else request.getfixturevalue(fixture)
    p = read_profile(path)
    pb = decode(pprof.render(p))
    lifetimes = has_lifetimes(p.meta)
    check_against_report(pb, analyze(p).to_json(limit=None), lifetimes)
    st = pb.string_table
    assert pb.period == p.meta.alloc_period and pb.duration_nanos > 0
    assert {st[f.name] for f in pb.function} >= {"<module>", "main"}
    assert all(st[f.filename] == "prog.py" and f.start_line > 0 for f in pb.function)
    if fixture == "lifetimes":
        assert lifetimes
        totals, per_type = check_structure(pb)
        # What the major collection found dead is no longer in use.
        assert per_type["Node"]["inuse_space"] == 3 * 4096 < per_type["Node"]["alloc_space"]
        assert per_type["list"]["inuse_space"] == 0 and per_type["dict"]["inuse_space"] == 2 * 4096


def cli(*args):
    return subprocess.run([sys.executable, "-m", "vmsample", *map(str, args)], capture_output=True, text=True,
                          timeout=300)


@pytest.fixture(scope="module")
def vm_run(tmp_path_factory):
    """A VM run converted by the CLI, and the report's JSON."""
    d = tmp_path_factory.mktemp("pprof")
    path = run_vm(d, "4K")
    r = cli("convert", "--to", "pprof", path)
    assert r.returncode == 0, r.stderr
    out = d / "known-4K.pprof.pb.gz"
    report = cli("report", "--json", "--by", "type", "--limit", "1000", path)
    assert report.returncode == 0, report.stderr
    return path, out, json.loads(report.stdout)


def test_vm_run_matches_the_report(vm_run):
    path, out, report = vm_run
    pb = decode(out.read_bytes())
    check_against_report(pb, report, lifetimes=True)
    st = pb.string_table
    functions = {st[f.name]: f for f in pb.function}
    assert functions["temporaries"].start_line == 13
    assert st[functions["temporaries"].filename].endswith("known_sites.py")
    names = {f.id: st[f.name] for f in pb.function}
    at = {(names[loc.line[0].function_id], loc.line[0].line) for loc in pb.location}
    assert {("temporaries", 16), ("make_tree", 9), ("make_tree", 10)} <= at
    assert pb.time_nanos > 0 and pb.period == 4096


def test_cli_refuses_the_input_and_time_only_files(vm_run, time_only):
    path = vm_run[0]
    r = cli("convert", "--to", "pprof", "-o", path, path)
    assert r.returncode == 2 and "is the input" in r.stderr
    r = cli("convert", "--to", "pprof", "-o", "-", time_only)
    assert r.returncode == 1 and "no allocation samples" in r.stderr


# ------------------------------------------------------------ go tool pprof

@cache
def go_or_reason() -> tuple[str | None, str]:
    """The ``go`` binary, installed with apt-get as root on CI; else why not."""
    with machine_lock("apt-get"):
        go = shutil.which("go")
        if go:
            return go, ""
        if os.environ.get("CI") != "true" or os.geteuid() != 0 or not shutil.which("apt-get"):
            return None, "go tool pprof is missing: apt-get install golang-go (done here only as root with CI=true)"
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        try:
            subprocess.run(["apt-get", "update", "-qq"], check=True, capture_output=True, env=env, timeout=900)
            subprocess.run(["apt-get", "install", "-y", "-qq", "golang-go"], check=True, capture_output=True,
                           env=env, timeout=1800)
        except (subprocess.SubprocessError, OSError) as e:
            return None, f"apt-get install golang-go failed: {e}"
    go = shutil.which("go")
    return go, "" if go else "golang-go installed no `go` on PATH"


def go_pprof(*args) -> str:
    go, reason = go_or_reason()
    if go is None:
        pytest.skip(reason)
    r = subprocess.run([go, "tool", "pprof", *map(str, args)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    return r.stdout


def raw_totals(text: str) -> dict[str, int]:
    """Sum of each sample type's column in ``go tool pprof -raw`` output."""
    lines = text.split("\nSamples:\n", 1)[1].split("\nLocations\n", 1)[0].splitlines()
    names = [h.split("/")[0] for h in lines[0].split()]
    totals = Counter()
    for line in lines[1:]:
        m = re.match(r"\s*([\d ]+):", line)
        if m:
            for name, v in zip(names, m.group(1).split()):
                totals[name] += int(v)
    return dict(totals)


def test_go_tool_pprof_reads_the_totals(vm_run):
    _, out, report = vm_run
    totals, _ = check_structure(decode(out.read_bytes()))
    summary = report["summary"]
    expected = {name: total for name, (_, total) in totals.items()}
    assert expected["alloc_space"] == summary["estimated_bytes"] and expected["inuse_space"] == summary["live_bytes"]
    assert raw_totals(go_pprof("-raw", out)) == expected
    for name, total in expected.items():
        top = go_pprof("-top", f"-sample_index={name}", "-unit=B", out)
        assert re.search(rf"Total samples = {total}B\b", top), top
        assert re.search(r"\bmake_tree$", top, re.M)          # in use at the end, and allocated
        if name.startswith("alloc"):
            assert re.search(r"\btemporaries$", top, re.M)
    assert "object_type:[Node]" in go_pprof("-raw", out)
