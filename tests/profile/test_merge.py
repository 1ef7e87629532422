"""Samples merged within time slices (vmsample/profile/merge.py): merged while
reading (read_profile(..., merged=True)) against merged from the whole model
(merge.merged), on random runs written by the real writer, on files the
accumulator cannot follow and on every real profile; merge.merged against a
dict model of its rule; and the exports' memory stays flat as the file
doubles."""

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_totals import IRREGULAR, REAL, assert_memory_flat, big, irregularities, write

from profile_runs import runs, write_run
from vmsample.profile import ProfileWriter, _assemble, merge, read_profile
from vmsample.profile.model import NONE, profile_origin_ns
from vmsample.report.live import live_heap


def assert_same_rows(x, y):
    """Merged columns equal: integers exactly, float sums to rounding (they
    add in another order)."""
    assert type(x) is type(y) and (x.slice_ns, x.samples) == (y.slice_ns, y.samples)
    for f in x.FIELDS:
        a, b = getattr(x, f), getattr(y, f)
        assert a.dtype == b.dtype, f
        if a.dtype.kind == "f":
            np.testing.assert_allclose(a, b, rtol=1e-12, err_msg=f)
        else:
            np.testing.assert_array_equal(a, b, err_msg=f)


def assert_merged_alike(path, max_rows):
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(merge, "MAX_ROWS", max_rows)
        whole = read_profile(path)
        streamed = read_profile(path, merged=True)
        assert_same_rows(streamed.alloc_samples, merge.merged(whole).alloc_samples)
        assert_same_rows(streamed.time_samples, merge.merged(whole).time_samples)
    assert streamed.totals() == whole.totals()
    assert streamed.minor_collections == merge.merged(whole).minor_collections
    return whole, streamed


@settings(max_examples=60)
@given(runs(max_events=60), st.sampled_from([1, 3, _assemble.DRAIN_EVERY]), st.integers(1, 40), st.booleans())
def test_merged_while_reading_equals_merged_from_the_whole_model(tmp_path_factory, run, drain_every, max_rows,
                                                                 gz):
    path = tmp_path_factory.mktemp("merge") / ("run.prof.gz" if gz else "run.prof")
    with ProfileWriter(path, alloc_period=run.alloc_period, time_period_ns=run.time_period_ns,
                       sampling=run.sampling) as w:
        write_run(w, run)
    with irregularities(drain_every) as irregular:
        assert_merged_alike(path, max_rows)
    assert irregular == []                      # what vmsample writes is merged as it is read


@settings(max_examples=30)
@given(runs(max_events=60))
def test_few_samples_are_not_merged(tmp_path_factory, run):
    path = tmp_path_factory.mktemp("merge") / "run.prof"
    with ProfileWriter(path, alloc_period=run.alloc_period, time_period_ns=run.time_period_ns,
                       sampling=run.sampling) as w:
        write_run(w, run)
    whole, streamed = assert_merged_alike(path, 10**6)
    for kind in ("alloc_samples", "time_samples"):
        w, m = getattr(whole, kind), getattr(streamed, kind)
        assert m.slice_ns is None and m.samples == len(w) and m.counts().tolist() == [1] * len(w)
        for f in w.FIELDS:
            np.testing.assert_array_equal(getattr(m, f), getattr(w, f), err_msg=f)


@pytest.mark.parametrize("case", IRREGULAR)
def test_a_file_the_accumulator_cannot_follow_is_merged_from_the_whole_model(tmp_path, case):
    path = write(tmp_path / "odd.prof", *IRREGULAR[case])
    with irregularities() as irregular:
        assert_merged_alike(path, 2)
    assert irregular


def test_a_death_named_twice_is_merged_from_the_whole_model(tmp_path):
    # The whole model keeps the later DEATHS record's word; a stream that
    # merged the sample at the first cannot, so it gives up.
    path = write(tmp_path / "twice.prof", [(0, 1), (1, 1)], [(0, b"\x01\x01")], [[0], [0, 1]])
    with irregularities() as irregular:
        assert_merged_alike(path, 1)
    assert irregular == ["a death of a sample that is not a survivor"]


@pytest.mark.parametrize("path", REAL, ids=[p.name for p in REAL])
def test_real_profiles_merge_the_same_both_ways(path):
    assert_merged_alike(path, 50)


# ---------------------------------------------------------------- the rule
KEYS = ("thread_id", "stack", "type_id", "outcome", "large", "died_major")


def key_of(a, i, start, level, majors):
    """merge.py's key of row or sample [i] of [a]: its key columns, epoch
    (the events of [majors] at or before its birth), slice and death slice
    at slices of 2**[level] ns."""
    t, d = int(a.time_ns[i]), int(a.death_ns[i])
    return tuple(int(getattr(a, k)[i]) for k in KEYS) + (
        sum(e.time_ns <= t for e in majors), max(t - start, 0) >> level,
        -1 if d == NONE else max(d - start, 0) >> level)


def model_rows(a, start, level, majors):
    """merge.py's rule, a dict at a time: the allocation samples [a] grouped
    by [key_of]."""
    rows = {}
    for i in range(len(a)):
        t = int(a.time_ns[i])
        r = rows.setdefault(key_of(a, i, start, level, majors), [0, 0.0, 0, []])
        r[0] += int(a.weight[i])
        r[1] += float(a.objects[i])
        r[2] += 1
        r[3].append((int(a.seq[i]), t))
    return rows


@settings(max_examples=60, deadline=None)
@given(runs(max_events=80), st.integers(1, 30))
def test_merging_follows_its_rule(tmp_path_factory, run, max_rows):
    path = tmp_path_factory.mktemp("rule") / "run.prof"
    with ProfileWriter(path, alloc_period=run.alloc_period, time_period_ns=run.time_period_ns,
                       sampling=run.sampling) as w:
        write_run(w, run)
    whole = read_profile(path)
    a = whole.alloc_samples
    m = merge.merged(whole, max_rows).alloc_samples
    start = profile_origin_ns(whole)
    if len(a) <= max_rows:
        assert m.slice_ns is None and len(m) == len(a)
        return
    level = m.slice_ns.bit_length() - 1
    assert m.slice_ns == 1 << level
    majors = whole.major_events
    model = model_rows(a, start, level, majors)
    # The narrowest width that fits: one narrower does not.
    assert len(model) <= max_rows or level == 62
    assert level == 0 or len(model_rows(a, start, level - 1, majors)) > max_rows
    got = {}
    for i in range(len(m)):
        key = key_of(m, i, start, level, majors)
        assert key not in got
        got[key] = (int(m.weight[i]), float(m.objects[i]), int(m.count[i]), int(m.seq[i]), int(m.time_ns[i]))
    assert got.keys() == model.keys()
    for key, (weight, objects, count, seq, t) in got.items():
        mw, mo, mc, members = model[key]
        assert (weight, count, (seq, t)) == (mw, mc, min(members))
        assert objects == pytest.approx(mo, rel=1e-12)
    assert m.seq.tolist() == sorted(m.seq.tolist())         # rows in seq order


def test_a_merged_profile_is_not_merged_again(tmp_path):
    path = big(tmp_path / "b.prof", 5000)
    m = merge.merged(read_profile(path), 100)
    assert merge.merged(m, 100) is m and m.alloc_samples.count.sum() == 5000


# ---------------------------------------------------------------- memory
@pytest.mark.parametrize("suffix", [".prof", ".prof.gz"])
def test_exports_keep_memory_flat_as_the_file_doubles(tmp_path, suffix):
    # Past merge.MAX_ROWS samples the rows stop growing: what grows is the
    # main section's stack ids and the outcome bytes, as when summing.
    assert_memory_flat(tmp_path, suffix, ("convert firefox", "convert speedscope", "convert html", "report --live"))


# ---------------------------------------------------------------- report --live
def live_json(profile):
    data = live_heap(profile).to_json()
    del data["peak"], data["merged_slice_ns"]   # the peak's moment is known to within a slice
    return data


@settings(max_examples=40, deadline=None)
@given(runs(max_events=80), st.integers(1, 30))
def test_the_live_heap_of_merged_samples_is_the_whole_models(tmp_path_factory, run, max_rows):
    """At the end, leak suspects and lifetimes: no row straddles a major
    collection, so merging changes none of them."""
    path = tmp_path_factory.mktemp("live") / "run.prof"
    with ProfileWriter(path, alloc_period=run.alloc_period, time_period_ns=run.time_period_ns,
                       sampling=run.sampling) as w:
        write_run(w, run)
    whole = read_profile(path)
    if live_heap(whole) is None:
        return
    assert json.loads(json.dumps(live_json(merge.merged(whole, max_rows))), parse_float=round6) \
        == json.loads(json.dumps(live_json(whole)), parse_float=round6)


def round6(text):
    return round(float(text), 6)
