"""Allocation sampling is exact (docs/design.md §2.3): the heap takes the samples the
virtual-stream model says, after every step, whatever the nursery size, the
large-object threshold, collections and enable/disable do."""

import statistics

import pytest
from hypothesis import given, settings, strategies as st

from vmsample import Nursery
from model import SampleStream, examples, fixed_count


def make_heap(nursery_size, threshold, **kw):
    gc = Nursery(nursery_size=nursery_size, large_object_threshold=threshold, **kw)
    types = [gc.register_type("Small", fixed_size=8),
             gc.register_type("Pair", fixed_size=16, ref_offsets=(0, 8)),
             gc.register_type("Odd", fixed_size=40),
             gc.register_type("Bytes", fixed_size=4, item_size=1),
             gc.register_type("Refs", fixed_size=8, item_size=8, items_are_refs=True)]
    return gc, types


alloc_action = st.one_of(
    st.tuples(st.just("fixed"), st.integers(0, 2)),
    st.tuples(st.just("var"), st.integers(3, 4), st.integers(0, 700)),
)
control_action = st.one_of(
    st.tuples(st.just("minor")),
    st.tuples(st.just("major")),
    st.tuples(st.just("drop")),
    st.tuples(st.just("disable")),
    st.tuples(st.just("enable"), st.integers(1, 5000), st.sampled_from(["fixed", "random"]),
              st.booleans(), st.integers(0, 2**32)),
)
actions = st.lists(st.one_of(alloc_action, alloc_action, alloc_action, control_action),
                   max_size=120)


def run_against_model(gc, types, steps, period, mode="fixed", seed=0):
    """Replay [steps]; after each one, samples_taken must equal the model's and
    every allocation must take exactly the samples the model gives it."""
    model = SampleStream()
    gc.enable_sampling(period, mode=mode, first_offset=period, seed=seed)
    model.enable(period, mode, first_offset=period, seed=seed)
    kept = []
    for step in steps:
        kind = step[0]
        before = gc.samples_taken
        if kind in ("fixed", "var"):
            tid = types[step[1]]
            length = step[2] if kind == "var" else None
            kept.append(gc.alloc(tid, length))
            expected = model.allocate(gc.size_of(tid, length))
            assert gc.samples_taken - before == expected, step
            if len(kept) > 30:
                del kept[::2]
        elif kind == "minor":
            gc.collect_minor()
        elif kind == "major":
            gc.collect_major()
        elif kind == "drop":
            kept.clear()
        elif kind == "disable":
            gc.disable_sampling()
            model.disable()
        else:
            _, p, m, give_offset, s = step
            offset = p if give_offset else None
            gc.enable_sampling(p, mode=m, first_offset=offset, seed=s)
            model.enable(p, m, first_offset=offset, seed=s)
        assert gc.samples_taken == model.samples, step
    return model


@settings(max_examples=examples(150))
@given(nursery_size=st.integers(32, 4096).map(lambda n: n & ~7),
       threshold=st.integers(0, 4096),
       period=st.integers(1, 3000),
       mode=st.sampled_from(["fixed", "random"]),
       seed=st.integers(0, 2**64 - 1),
       steps=actions)
def test_samples_match_the_virtual_stream_model(nursery_size, threshold, period, mode, seed, steps):
    gc, types = make_heap(nursery_size, threshold)
    run_against_model(gc, types, steps, period, mode, seed)
    gc.check_heap()


@settings(max_examples=examples(60))
@given(nursery_size=st.integers(32, 2048).map(lambda n: n & ~7),
       threshold=st.integers(0, 2048),
       period=st.integers(1, 2000),
       steps=actions)
def test_samples_match_the_model_under_debug_and_stress(nursery_size, threshold, period, steps):
    gc, types = make_heap(nursery_size, threshold, debug=True, stress=3)
    run_against_model(gc, types, steps, period)


@settings(max_examples=examples(100))
@given(sizes=st.lists(st.tuples(st.integers(0, 4), st.integers(0, 300)), max_size=200),
       period=st.integers(1, 5000),
       nursery_size=st.integers(32, 8192).map(lambda n: n & ~7),
       threshold=st.integers(0, 8192))
def test_closed_form_with_first_offset_period(sizes, period, nursery_size, threshold):
    # With first_offset=period the count after A bytes is (A - 1) // period,
    # independent of nursery size, threshold and collection timing.
    gc, types = make_heap(nursery_size, threshold)
    gc.enable_sampling(period, first_offset=period)
    total = 0
    for kind, n in sizes:
        tid = types[kind]
        length = n if kind >= 3 else None
        gc.alloc(tid, length)
        total += gc.size_of(tid, length)
        assert gc.samples_taken == (total - 1) // period == fixed_count(total, period, period)


def test_default_first_offset_is_uniform_and_seeded():
    offsets = []
    for seed in range(400):
        gc, (small, *_) = make_heap(1 << 16, 1 << 13)
        gc.enable_sampling(1600, seed=seed)
        n = 0
        while gc.samples_taken == 0:
            gc.alloc(small)
            n += 1
        offsets.append((n - 1) * 16)    # the point lies in the n-th 16-byte object
    # uniform on [0, 1600): mean 800, sd of the mean ~ 462/sqrt(400) = 23
    assert abs(statistics.mean(offsets) - 800) < 100
    assert min(offsets) < 100 and max(offsets) > 1500
    again = []
    for seed in range(5):
        gc, (small, *_) = make_heap(1 << 16, 1 << 13)
        gc.enable_sampling(1600, seed=seed)
        n = 0
        while gc.samples_taken == 0:
            gc.alloc(small)
            n += 1
        again.append((n - 1) * 16)
    assert again == offsets[:5]


def gaps_through_allocation(period, seed, n_allocs=150_000):
    """Sample positions seen through real 16-byte allocations -> the gaps."""
    gc, (small, *_) = make_heap(64 << 10, 8 << 10, keep_sample_log=False, keep_gc_log=False)
    gc.enable_sampling(period, mode="random", seed=seed, first_offset=0)
    positions = []
    for i in range(n_allocs):
        before = gc.samples_taken
        gc.alloc(small)
        positions.extend([i * 16] * (gc.samples_taken - before))
    return [b - a for a, b in zip(positions, positions[1:])]


def test_random_gaps_are_geometric_with_mean_period():
    # Geometric gaps with mean T have variance T^2 - T.  With ~2300 gaps the
    # sample mean has a relative sd of ~2% and the sample variance of ~6%; the
    # tolerances are 4 and 5 of those.  Seeded, so the test is deterministic.
    period = 1024
    gaps = gaps_through_allocation(period, seed=12345)
    assert len(gaps) > 2000
    mean = statistics.fmean(gaps)
    var = statistics.pvariance(gaps)
    assert abs(mean - period) / period < 0.08, mean
    assert abs(var - (period**2 - period)) / period**2 < 0.30, var
    # memoryless: P(gap > T) = (1 - 1/T)^T ~ 1/e
    tail = sum(g > period for g in gaps) / len(gaps)
    assert abs(tail - 0.3679) < 0.05, tail


def test_random_mode_is_repeatable_with_a_seed_and_varies_without():
    def samples(seed):
        gc, (small, *_) = make_heap(4096, 512)
        gc.enable_sampling(300, mode="random", seed=seed)
        counts = []
        for _ in range(2000):
            before = gc.samples_taken
            gc.alloc(small)
            counts.append(gc.samples_taken - before)
        return counts
    assert samples(7) == samples(7)
    assert samples(7) != samples(8)
    assert samples(None) != samples(None)


def test_one_allocation_can_take_several_samples():
    gc, types = make_heap(1 << 16, 512)
    gc.enable_sampling(64, first_offset=64)
    big = gc.alloc(types[3], 1000)          # 1016 bytes, large object
    assert big.is_large
    assert gc.samples_taken == (1016 - 1) // 64
    recs = gc.sample_records()
    assert [r.seq for r in recs] == list(range(15))
    assert all(r.size == 1016 and r.large and r.type_id == types[3] for r in recs)
    gc.alloc(types[3], 300)                 # 312 bytes, in the nursery unless it is tiny
    assert gc.samples_taken == (1016 + 312 - 1) // 64


def test_ending_exactly_on_a_point_does_not_sample_but_the_next_allocation_does():
    gc, (small, *_) = make_heap(4096, 512)
    gc.enable_sampling(64, first_offset=64)
    for _ in range(4):                      # 4 x 16 bytes end exactly on 64
        gc.alloc(small)
    assert gc.samples_taken == 0
    gc.alloc(small)
    assert gc.samples_taken == 1


def test_period_one_samples_every_byte():
    gc, types = make_heap(256, 64)
    gc.enable_sampling(1, first_offset=0)
    gc.alloc(types[0])
    gc.alloc(types[3], 200)                 # large
    assert gc.samples_taken == 16 + gc.size_of(types[3], 200)


def test_period_larger_than_the_nursery_survives_collections():
    # PyPy's test_vmprof_sampling_point_larger_than_nursery, with our sizes.
    gc, (small, *_) = make_heap(512, 64)
    gc.enable_sampling(768, first_offset=768)
    for _ in range(48):                     # 768 bytes over two nursery cycles
        gc.alloc(small)
    assert gc.stats["minor_collections"] >= 1
    assert gc.samples_taken == 0
    gc.alloc(small)
    assert gc.samples_taken == 1


def test_large_objects_move_the_point_left():
    # PyPy's test_vmprof_external_malloc_sampling: 528-byte objects, period 768.
    gc, types = make_heap(512, 64)
    gc.enable_sampling(768, first_offset=768)
    size = gc.size_of(types[3], 516)
    assert size == 528
    gc.alloc(types[3], 516)
    assert gc.samples_taken == 0
    gc.alloc(types[3], 516)
    assert gc.samples_taken == 1
    # the point is now at 768 + 768 - 1056 = 480 bytes ahead
    for _ in range(30):                     # 480 bytes
        gc.alloc(types[0])
    assert gc.samples_taken == 1
    gc.alloc(types[0])
    assert gc.samples_taken == 2


@pytest.mark.parametrize("bad, exc", [(0, ValueError), (-5, ValueError), (2**63, ValueError),
                                      (1.5, TypeError), ("64", TypeError), (True, TypeError)])
def test_bad_periods_are_refused(bad, exc):
    gc, _ = make_heap(1024, 128)
    with pytest.raises(exc):
        gc.enable_sampling(bad)
    assert gc.sampling_mode == "off"


def test_bad_modes_and_offsets_are_refused():
    gc, _ = make_heap(1024, 128)
    with pytest.raises(ValueError, match="unknown sampling mode"):
        gc.enable_sampling(64, mode="poisson")
    with pytest.raises(ValueError, match="first_offset"):
        gc.enable_sampling(64, first_offset=-1)
    with pytest.raises(TypeError):
        gc.enable_sampling(64, seed="x")


def test_sampling_state_is_visible():
    gc, _ = make_heap(1024, 128)
    assert (gc.sampling_mode, gc.sampling_period) == ("off", None)
    gc.enable_sampling(100, mode="random", seed=1)
    assert (gc.sampling_mode, gc.sampling_period) == ("random", 100)
    gc.disable_sampling()
    assert (gc.sampling_mode, gc.sampling_period) == ("off", None)
