"""Firefox Profiler output.

Two checks: (1) the structure against the profiler's type definitions
(``src/types/profile.ts`` at the version we write: every table's columns,
lengths and cross-references); (2) the real profiler code loads the file:
``@firefox-devtools/profiler-cli`` (the profiler's own loading, upgrading and
call-tree code, published on npm) is installed with npm into a cache
directory, loads our file, and its call tree must carry the same bytes per
function and per type as `vmsample report`.
"""

import gzip
import itertools
import json
import os
import subprocess

import pytest
from once import npm_package

from vmsample import read_profile
from vmsample.convert import firefox
from vmsample.profile import merge
from vmsample.report import analyze

PROFILER_CLI = "@firefox-devtools/profiler-cli@0.10.0"

COLUMNS = {
    "stackTable": {"frame", "prefixOffset", "length"},
    "frameTable": {"address", "lib", "inlineDepth", "category", "subcategory", "func", "nativeSymbol",
                   "innerWindowID", "line", "column", "originalLocation", "length"},
    "funcTable": {"name", "isJS", "relevantForJS", "resource", "source", "lineNumber", "columnNumber",
                  "originalLocation", "length"},
    "resourceTable": {"length", "name", "host", "type"},
    "nativeSymbols": {"libIndex", "address", "name", "functionSize", "length"},
    "sources": {"length", "id", "filename", "startLine", "startColumn", "sourceMapURL", "content"},
    "sourceLocationTable": {"source", "line", "column", "length"},
}
THREAD_KEYS = {"processType", "processStartupTime", "processShutdownTime", "registerTime", "unregisterTime",
               "pausedRanges", "name", "isMainThread", "pid", "tid", "samples", "markers"}
META_KEYS = {"interval", "startTime", "processType", "product", "stackwalk", "version",
             "preprocessedProfileVersion", "markerSchema"}
MARKER_FORMATS = {"url", "file-path", "sanitized-string", "string", "unique-string", "duration", "time", "seconds",
                  "milliseconds", "microseconds", "nanoseconds", "bytes", "percentage", "integer", "decimal"}
CATEGORY_COLORS = {"transparent", "purple", "green", "orange", "yellow", "lightblue", "blue", "brown", "magenta",
                   "red", "lightred", "darkgrey", "grey"}


def columnar(table, columns):
    assert set(table) == columns
    for k in columns - {"length", "weightType"}:
        assert len(table[k]) == table["length"], k


def check_structure(doc):
    meta = doc["meta"]
    assert META_KEYS <= set(meta)
    assert meta["preprocessedProfileVersion"] == firefox.PROCESSED_PROFILE_VERSION
    cats = meta["categories"]
    assert any(c["color"] == "grey" for c in cats)
    assert all(c["color"] in CATEGORY_COLORS and c["subcategories"][0] == "Other" for c in cats)
    schemas = {s["name"]: s for s in meta["markerSchema"]}
    for s in schemas.values():
        assert {"name", "display", "fields"} <= set(s)
        assert all(f["format"] in MARKER_FORMATS for f in s["fields"])
    sh = doc["shared"]
    strings = sh["stringArray"]
    for name, cols in COLUMNS.items():
        columnar(sh[name], cols)
    st, fr, fu = sh["stackTable"], sh["frameTable"], sh["funcTable"]
    for i in range(st["length"]):
        assert 0 <= st["prefixOffset"][i] <= i
        assert 0 <= st["frame"][i] < fr["length"]
    for i in range(fr["length"]):
        assert 0 <= fr["func"][i] < fu["length"]
        cat = fr["category"][i]
        assert cat is None or (0 <= cat < len(cats) and fr["subcategory"][i] is not None)
    for i in range(fu["length"]):
        assert 0 <= fu["name"][i] < len(strings)
        assert fu["source"][i] is None or 0 <= fu["source"][i] < sh["sources"]["length"]
    for i in range(sh["sources"]["length"]):
        assert 0 <= sh["sources"]["filename"][i] < len(strings)
    for t in doc["threads"]:
        assert THREAD_KEYS <= set(t) and isinstance(t["pid"], str)
        s = t["samples"]
        assert s["weightType"] in ("samples", "tracing-ms", "bytes")
        for k in ("stack", "time") + (("weight",) if s["weight"] is not None else ()):
            assert len(s[k]) == s["length"]
        assert all(x is None or 0 <= x < st["length"] for x in s["stack"])
        assert s["time"] == sorted(s["time"])
        m = t["markers"]
        columnar(m, {"data", "name", "startTime", "endTime", "phase", "category", "length"})
        for i in range(m["length"]):
            assert 0 <= m["name"][i] < len(strings) and m["data"][i]["type"] in schemas
            assert m["phase"][i] == 1 and m["startTime"][i] <= m["endTime"][i]
        if "jsAllocations" in t:
            columnar(t["jsAllocations"], {"time", "className", "typeName", "coarseType", "weight", "weightType",
                                          "inNursery", "stack", "length"})
    for c in doc["counters"]:
        assert {"name", "category", "description", "pid", "mainThreadIndex", "samples", "display"} <= set(c)
        columnar(c["samples"], {"time", "count", "length"})
        assert c["samples"]["time"] == sorted(c["samples"]["time"])
        assert {"graphType", "unit", "color", "markerSchemaLocation", "sortWeight", "label",
                "tooltipRows"} <= set(c["display"])


def stack_names(doc, stack):
    sh = doc["shared"]
    names = []
    while True:
        frame = sh["stackTable"]["frame"][stack]
        names.append(sh["stringArray"][sh["funcTable"]["name"][sh["frameTable"]["func"][frame]]])
        off = sh["stackTable"]["prefixOffset"][stack]
        if off == 0:
            return names[::-1]
        stack -= off


@pytest.mark.parametrize("fixture", ["known", "alloc_only", "time_only", "empty"])
def test_structure(request, fixture):
    p = read_profile(request.getfixturevalue(fixture))
    doc = json.loads(firefox.render(p))
    check_structure(doc)
    names = [t["name"] for t in doc["threads"]]
    if p.alloc_samples:
        alloc = doc["threads"][0]
        assert names[0] == "Allocations" and alloc["samples"]["weightType"] == "bytes"
        assert sum(alloc["samples"]["weight"]) == p.total_allocated_estimate
        objects = doc["threads"][1]
        assert names[1] == "Allocated objects" and objects["samples"]["stack"] == alloc["samples"]["stack"]
        assert sum(objects["samples"]["weight"]) == pytest.approx(sum(s.objects for s in p.alloc_samples))
        cats = [c["name"] for c in doc["meta"]["categories"]]
        sh = doc["shared"]
        for stack, sample in zip(alloc["samples"]["stack"], p.alloc_samples):
            path = stack_names(doc, stack)
            assert path[-1] == sample.type_name
            leaf_category = sh["frameTable"]["category"][sh["stackTable"]["frame"][stack]]
            assert cats[leaf_category] == {"DIED": "Died young", "SURVIVED": "Survived",
                                           "UNKNOWN": "Outcome unknown"}[sample.outcome.name]
    if p.time_samples:
        assert "Time" in names
    markers = doc["threads"][0]["markers"]
    kinds = [d["type"] for d in markers["data"]]
    assert kinds.count("GCMinor") == len(p.minor_collections)
    assert kinds.count("GCMajor") == len(p.major_collections)
    # a marker per pause, where the pause was
    start = p.meta.start_ns
    pauses = [(d["minor_index"], s, e) for d, s, e in zip(markers["data"], markers["startTime"], markers["endTime"])
              if d["type"] == "GCPause"]
    assert pauses == [(q.minor_index, pytest.approx((q.time_ns - start) / 1e6),
                       pytest.approx((q.time_ns + q.duration_ns - start) / 1e6)) for q in p.pauses]
    assert (fixture == "known") == bool(pauses)
    # each phase of each major collection (marking, sweeping, finalizing) is a marker of its own
    phases = [(d["index"], d["state"]) for d in markers["data"] if d["type"] == "GCMajorPhase"]
    assert phases == [(c.index, phase.state.lower()) for c in p.major_collections for phase in c.phases]


def test_a_huge_type_name_is_stored_once(tmp_path):
    # jsAllocations repeats a class name per sample: a program that names a
    # class by 100K characters made a 156 MB file of a 4 MB profile.
    from vmsample.profile import ProfileWriter
    name = "C" * 100_000
    path = tmp_path / "names.prof"
    with ProfileWriter(path, alloc_period=64) as w:
        w.declare_code(2, "f", 1, "x.py")
        w.type_name(1, name)
        for seq in range(2000):
            w.alloc_sample(seq, 16, 1, seq, [(2, 1)])
    doc = json.loads(firefox.render(read_profile(path)))
    check_structure(doc)
    classes = doc["threads"][0]["jsAllocations"]["className"]
    assert len(classes) == 2000 and all(c.startswith("CCC") and len(c) <= 200 for c in classes)
    assert doc["shared"]["stringArray"].count(name) == 1       # the leaf frame's name, whole
    assert len(json.dumps(doc)) < 3 * len(name) + 2000 * 400


def test_counters_start_at_zero_and_accumulate_to_the_values(known):
    p = read_profile(known)
    doc = firefox.convert(p)
    used = next(c for c in doc["counters"] if c["name"] == "total_memory_used")
    counts = used["samples"]["count"]
    assert counts[0] == 0
    running = 0
    values = []
    for c in counts[1:]:
        running += c
        values.append(running)
    assert values == [m.total_memory_used for m in p.minor_collections]


def test_live_tracks_end_at_the_live_heap_and_peak_at_its_peak(known):
    from vmsample.report.live import live_heap

    p = read_profile(known)
    live = live_heap(p)
    tracks = {c["name"]: c for c in firefox.convert(p)["counters"] if c["name"].startswith("live: ")}
    assert set(tracks) == {f"live: {r.site}" for r in live.lifetimes}     # fewer sites than LIVE_TRACKS
    for row in live.lifetimes:
        counts = tracks[f"live: {row.site}"]["samples"]["count"]
        end = next((r.bytes for r in live.end.sites if r.site == row.site), 0)
        assert counts[0] == 0 and sum(counts) == end


def test_long_counter_tracks_are_summed_within_time_slices_and_say_so(known, monkeypatch):
    p = read_profile(known)
    whole = {c["name"]: c for c in firefox.convert(p)["counters"]}
    monkeypatch.setattr(firefox, "MAX_COUNTER_POINTS", 3)
    sliced = {c["name"]: c for c in firefox.convert(p)["counters"]}
    assert set(sliced) == set(whole)
    assert any(c["samples"]["length"] > 4 for c in whole.values())
    for name, c in sliced.items():
        before, after = whole[name]["samples"], c["samples"]
        if before["length"] <= 4:                       # the leading 0, then at most 3 points
            assert after == before
            continue
        assert after["length"] <= 4 and "summed within 3 time slices" in c["description"]
        # Every slice ends at one of the track's own times with its running total there.
        running = dict(zip(before["time"], itertools.accumulate(before["count"])))
        assert list(itertools.accumulate(after["count"])) == [running[t] for t in after["time"]]
        assert after["time"][-1] == before["time"][-1]


# ---------------------------------------------------------------- the real profiler

@pytest.fixture(scope="session")
def profiler_cli():
    """The Firefox Profiler's CLI, installed with npm on first use."""
    return ["node", str(npm_package(PROFILER_CLI, "@firefox-devtools/profiler-cli") / "dist" / "profiler-cli.js")]


@pytest.mark.parametrize("merged", [False, True], ids=["whole", "merged-in-time-slices"])
def test_the_firefox_profiler_loads_it(profiler_cli, known, tmp_path, monkeypatch, merged):
    if merged:
        monkeypatch.setattr(merge, "MAX_ROWS", 4)
    p = read_profile(known)
    a = analyze(p)
    out = tmp_path / "known.json.gz"
    out.write_bytes(gzip.compress(firefox.render(p).encode()))
    session = f"vmsample-test-{os.getpid()}-{merged}"

    # The machine may be busy: give the daemon time to load the profile.
    env = dict(os.environ, PROFILER_CLI_LOAD_TIMEOUT_MS="180000")

    def cli(*args):
        r = subprocess.run(profiler_cli + list(args) + ["--session", session], capture_output=True, text=True,
                           timeout=240, env=env)
        assert r.returncode == 0, r.stderr + r.stdout
        return json.loads(r.stdout) if "--json" in args else r.stdout

    cli("load", str(out))
    try:
        info = cli("profile", "info", "--json")
        assert info["threadCount"] == 3
        functions = {f["name"]: f for f in cli("thread", "functions", "--json")["functions"]}
        # Functions: total bytes = vmsample's cumulative bytes; types: self bytes = the type's bytes.
        for row in a.cumulative_functions:
            assert functions[row.site.function]["totalSamples"] == row.tally.bytes
        for row in a.types:
            assert functions[row.name]["selfSamples"] == row.tally.bytes
        markers = cli("thread", "markers", "--json")
        by_name = {m["markerName"]: m["count"] for m in markers["byType"]}
        assert by_name["Minor GC"] == len(p.minor_collections) and by_name["Major GC"] == 1
        assert by_name["GC pause"] == len(p.pauses) > 0
        counters = {c["name"] for c in cli("counter", "list", "--json")["counters"]}
        assert counters == {"total_memory_used", "total_size_of_arenas", "VmRSS"} \
            | {c["name"] for c in firefox.convert(p)["counters"] if c["name"].startswith("live: ")}
        cli("thread", "select", "t-1")       # objects: vmsample's estimated objects per function and type
        object_functions = {f["name"]: f for f in cli("thread", "functions", "--json")["functions"]}
        for row in a.cumulative_functions:
            assert object_functions[row.site.function]["totalSamples"] == pytest.approx(row.tally.objects, rel=1e-6)
        for row in a.types:
            assert object_functions[row.name]["selfSamples"] == pytest.approx(row.tally.objects, rel=1e-6)
        cli("thread", "select", "t-2")
        time_functions = {f["name"]: f for f in cli("thread", "functions", "--json")["functions"]}
        for row in a.time.cumulative_functions:
            assert time_functions[row.site.function]["totalSamples"] == row.samples
    finally:
        subprocess.run(profiler_cli + ["stop", session], capture_output=True, timeout=60)


def test_a_big_profile_is_merged_within_time_slices_and_says_so(known, monkeypatch):
    p = read_profile(known)
    monkeypatch.setattr(merge, "MAX_ROWS", 4)
    doc = json.loads(firefox.render(p))
    check_structure(doc)
    alloc, objects = doc["threads"][0], doc["threads"][1]
    assert "merged within" in alloc["name"] and "merged within" in objects["name"]
    assert alloc["samples"]["length"] < len(p.alloc_samples)
    # every stack keeps its bytes and objects; times stay in order, within the run
    per_stack, expected = {}, {}
    for stack, w, o in zip(alloc["samples"]["stack"], alloc["samples"]["weight"], objects["samples"]["weight"]):
        b, n = per_stack.get(tuple(stack_names(doc, stack)), (0, 0))
        per_stack[tuple(stack_names(doc, stack))] = (b + w, n + o)
    monkeypatch.setattr(merge, "MAX_ROWS", 10 ** 9)
    full = json.loads(firefox.render(p))
    for stack, w, o in zip(full["threads"][0]["samples"]["stack"], full["threads"][0]["samples"]["weight"],
                           full["threads"][1]["samples"]["weight"]):
        b, n = expected.get(tuple(stack_names(full, stack)), (0, 0))
        expected[tuple(stack_names(full, stack))] = (b + w, n + o)
    assert per_stack.keys() == expected.keys()
    for k, (b, n) in expected.items():
        assert per_stack[k][0] == b and per_stack[k][1] == pytest.approx(n, rel=1e-5)
    times = alloc["samples"]["time"]
    assert times == sorted(times) and times[0] >= 0 and alloc["jsAllocations"]["length"] == len(times)
