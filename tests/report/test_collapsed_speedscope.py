"""Collapsed stacks and speedscope files: the weights add up to the
profile's, stacks are root first, and speedscope files are valid against
speedscope's own JSON schema (vendored in data/, see data/README.md)."""

import json
from collections import Counter
from pathlib import Path

import jsonschema
import pytest
from synth import DIED, Synth

from vmsample import read_profile
from vmsample.convert import collapsed, speedscope
from vmsample.convert.frames import function_labels
from vmsample.profile import merge

SCHEMA = json.loads((Path(__file__).parent / "data" / "speedscope-file-format-schema.json").read_text())


def test_collapsed_lines(known):
    p = read_profile(known)
    text = collapsed.render(p)
    lines = dict(line.rsplit(" ", 1) for line in text.splitlines())
    assert lines == {"<module>;main;make_tree": "122880", "<module>;main;temp": str(71 * 4096)}
    assert sum(map(int, lines.values())) == p.total_allocated_estimate
    assert text.splitlines() == sorted(text.splitlines())
    time_lines = collapsed.render(p, kind="time").splitlines()
    assert sum(int(x.rsplit(" ", 1)[1]) for x in time_lines) == len(p.time_samples)
    # Objects: the same stacks, each line the model's objects on it (rounded).
    objects = dict(line.rsplit(" ", 1) for line in collapsed.render(p, kind="objects").splitlines())
    assert objects.keys() == lines.keys()
    by_path = Counter()
    labels = function_labels(p)
    for s in p.alloc_samples:
        by_path[";".join(labels[p.frames[f].code.id] for f in reversed(p.stacks[s.stack]))] += s.objects
    assert objects == {path: str(round(n)) for path, n in by_path.items()} and sum(by_path.values()) > 0


def test_collapsed_names_are_unique_and_separator_free(tmp_path):
    s = Synth()
    s.alloc(["<module>@a.py:1", "make:list@a.py:3", "run@a.py:9"], fate=DIED)      # ':' becomes ';' in vmprof
    s.alloc(["<module>@a.py:1", "run@b.py:4"], fate=DIED)                          # two different 'run's
    s.alloc([], fate=DIED)
    p = read_profile(s.write(tmp_path / "n.prof"))
    lines = [line.rsplit(" ", 1)[0] for line in collapsed.render(p).splitlines()]
    assert sorted(lines) == sorted(["<module>;make:list;run (a.py:9)", "<module>;run (b.py:4)", "<no stack>"])
    assert len(set(function_labels(p).values())) == len(p.codes)


@pytest.mark.parametrize("fixture", ["known", "alloc_only", "time_only"])
def test_speedscope_is_valid_and_complete(request, fixture):
    p = read_profile(request.getfixturevalue(fixture))
    doc = speedscope.convert(p)
    jsonschema.validate(doc, SCHEMA)
    json.loads(speedscope.render(p))            # the text form parses
    frames = doc["shared"]["frames"]
    by_name = {prof["name"]: prof for prof in doc["profiles"]}
    expected = {"Allocations (estimated bytes)", "Allocations (estimated objects)"} if p.alloc_samples else set()
    live = [s for s in p.alloc_samples if s.alive_at_end]
    expected |= {"Live at the end (estimated bytes)", "Live at the end (estimated objects)"} if live else set()
    assert set(by_name) == expected | ({"Time"} if p.time_samples else set())
    if live:
        assert sum(by_name["Live at the end (estimated bytes)"]["weights"]) == sum(s.weight for s in live) > 0
        live_objects = sum(s.objects for s in live)
        assert live_objects > 0
        assert sum(by_name["Live at the end (estimated objects)"]["weights"]) == pytest.approx(live_objects)
    if p.alloc_samples:
        objects = by_name["Allocations (estimated objects)"]
        assert objects["unit"] == "none"
        total_objects = sum(s.objects for s in p.alloc_samples)
        assert total_objects > 0 and sum(objects["weights"]) == pytest.approx(total_objects)
        # the same stacks as the bytes, sample for sample
        assert objects["samples"] == by_name["Allocations (estimated bytes)"]["samples"]
    for prof in doc["profiles"]:
        # What speedscope's importer checks beyond the schema.
        assert len(prof["samples"]) == len(prof["weights"])
        assert all(w > 0 for w in prof["weights"])
        assert all(0 <= i < len(frames) for s in prof["samples"] for i in s)
        assert prof["endValue"] == sum(prof["weights"])
    if p.alloc_samples:
        alloc = by_name["Allocations (estimated bytes)"]
        assert alloc["unit"] == "bytes" and sum(alloc["weights"]) == p.total_allocated_estimate
        # Root first, the type last; per type the weights add up to the report's.
        per_type = Counter()
        for stack, w in zip(alloc["samples"], alloc["weights"]):
            assert frames[stack[0]]["name"] == "<module>"
            per_type[frames[stack[-1]]["name"]] += w
        expected_types = Counter()
        for s in p.alloc_samples:
            expected_types[f"[{s.type_name}]"] += s.weight
        assert per_type == expected_types
    if p.time_samples:
        time = by_name["Time"]
        assert time["unit"] == "nanoseconds" and sum(time["weights"]) == len(p.time_samples) * p.meta.time_period_ns
    assert {f["name"] for f in frames} >= {"<module>", "main"}
    assert all(f.get("file") == "prog.py" for f in frames if not f["name"].startswith("["))


# ---------------------------------------------------------------- merging samples

from hypothesis import given, strategies as st  # noqa: E402

_runs = st.lists(st.tuples(st.sampled_from("abcde"), st.integers(1, 9)), max_size=200)


def _totals(keys, weights):
    out = Counter()
    for k, w in zip(keys, weights):
        out[k] += w
    return out


@given(_runs)
def test_merging_runs_keeps_each_stacks_weight_and_the_order(pairs):
    keys, weights = [k for k, _ in pairs], [w for _, w in pairs]
    mk, mw = speedscope._merge_runs(keys, weights)
    assert _totals(mk, mw) == _totals(keys, weights)
    assert all(a != b for a, b in zip(mk, mk[1:]))                  # no two adjacent alike
    assert mk == [k for i, k in enumerate(keys) if i == 0 or keys[i - 1] != k]


def test_a_big_profile_is_merged_within_time_slices_and_says_so(known, monkeypatch):
    p = read_profile(known)
    monkeypatch.setattr(merge, "MAX_ROWS", 3)
    doc = speedscope.convert(p)
    jsonschema.validate(doc, SCHEMA)
    frames = doc["shared"]["frames"]
    alloc = next(prof for prof in doc["profiles"] if prof["name"].startswith("Allocations (estimated bytes)"))
    assert "merged within time slices of" in alloc["name"]
    assert len(alloc["samples"]) <= len(merge.merged(p).alloc_samples) < len(p.alloc_samples)
    per_stack = Counter()                                       # the type frame left out
    for stack, w in zip(alloc["samples"], alloc["weights"]):
        per_stack[tuple(frames[i]["name"] for i in stack[:-1])] += w
    expected = Counter()
    for line in collapsed.render(p).splitlines():               # collapsed: the exact sums per stack
        path, w = line.rsplit(" ", 1)
        expected[tuple(path.split(";"))] += int(w)
    assert per_stack == expected
