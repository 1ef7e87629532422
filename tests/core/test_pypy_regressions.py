"""Regression tests for the bugs found in PyPy's allocation-sampling GC
(reference/pypy-gc-sampling.md, sections 7 and 8), rebuilt against our heap."""

from vmsample import Nursery
from vmsample import _nursery as core


def heap(**kw):
    kw.setdefault("stress", 0)
    gc = Nursery(nursery_size=1024, large_object_threshold=256, debug=True, **kw)
    node = gc.register_type("Node", fixed_size=24, ref_offsets=(0,))   # 32 bytes
    blob = gc.register_type("Blob", item_size=1)
    return gc, node, blob


def fill_nursery_exactly(gc, node):
    """Allocate exactly one nursery's worth of 32-byte objects."""
    return [gc.alloc(node) for _ in range(gc.nursery_size // 32)]


def test_disable_before_enable_keeps_the_real_nursery_top():
    # b37698fb: disabling restored an uninitialised top.  Our limit must stay
    # the real nursery end: a whole nursery fits without a collection.
    gc, node, _ = heap()
    gc.disable_sampling()
    gc.disable_sampling()
    gc.check_heap()                     # checks limit == nursery_top
    keep = fill_nursery_exactly(gc, node)
    assert gc.stats["minor_collections"] == 0
    gc.alloc(node)
    assert gc.stats["minor_collections"] == 1
    gc.enable_sampling(64)
    gc.disable_sampling()
    gc.check_heap()
    del keep


def test_enable_disable_reenable_at_any_point():
    gc, node, _ = heap()
    model_total = 0
    for period in (48, 4096, 8, 1 << 40):
        gc.enable_sampling(period, first_offset=period)
        before = gc.samples_taken
        for _ in range(40):
            gc.alloc(node)
        assert gc.samples_taken - before == (40 * 32 - 1) // period
        model_total += (40 * 32 - 1) // period
        gc.disable_sampling()
        for _ in range(40):
            gc.alloc(node)
        gc.check_heap()
    assert gc.samples_taken == model_total


def test_large_objects_do_not_corrupt_the_nursery_top():
    # e603ee2a: the large-object path overwrote the saved real top with the
    # lowered one, shrinking the nursery.  After large allocations with
    # sampling on, a whole nursery must still fit.
    gc, node, blob = heap()
    for period in (1 << 40, 700, 200):
        gc.collect_minor()
        gc.enable_sampling(period, first_offset=period)
        for _ in range(5):
            assert gc.alloc(blob, 600).is_large
            gc.check_heap()             # limit == min(sample point, top)
        minors = gc.stats["minor_collections"]
        keep = fill_nursery_exactly(gc, node)
        assert gc.stats["minor_collections"] == minors
        del keep


def test_result_pointer_after_a_collection_inside_the_slow_path():
    # 9c04dfb2: when one allocation both crossed a sample point and needed a
    # collection, PyPy returned a pointer computed before the collection.
    gc, node, _ = heap()
    keep = fill_nursery_exactly(gc, node)
    for i, r in enumerate(keep):
        r.write_word(8, i)
    n = len(keep)
    gc.enable_sampling(1 << 20, first_offset=8)     # inside the next object
    obj = gc.alloc(node)
    assert gc.samples_taken == 1
    assert gc.stats["minor_collections"] == 1
    assert obj.is_young and gc.stats["nursery_used"] == 32
    obj.write_word(8, 4242)
    other = gc.alloc(node)
    other.write_word(8, 1)
    assert obj.read_word(8) == 4242
    assert [r.read_word(8) for r in keep] == list(range(n))
    gc.check_heap()


def test_samples_taken_before_a_collection_belong_to_the_placed_object():
    # 0fba946f: samples taken in the slow path before a collection were not
    # recorded for the object placed after it.
    for rooted in (True, False):
        gc, node, _ = heap()
        keep = fill_nursery_exactly(gc, node)
        gc.enable_sampling(1 << 20, first_offset=8)
        obj = gc.alloc(node)
        # the collection inside this allocation happened before the sample
        # existed, so it reports nothing; the next one reports it
        assert gc.minor_collections()[-1].outcomes == ()
        if not rooted:
            del obj
        gc.collect_minor()
        last = gc.minor_collections()[-1]
        assert (last.first_seq, last.outcomes) == (0, (core.OUTCOME_SURVIVED if rooted else 0,))
        (rec,) = gc.sample_records()
        assert (rec.type_id, rec.size, rec.large, rec.survived) == (node, 32, False, rooted)
        del keep


def test_disabling_keeps_pending_samples_paired_with_outcomes():
    # Quirk 6: set(0) dropped pending samples without reporting them.
    gc, node, _ = heap()
    gc.enable_sampling(32, first_offset=0)
    keep = [gc.alloc(node) for _ in range(3)]
    gc.disable_sampling()
    gc.collect_minor()
    assert gc.minor_collections()[-1].outcomes == (core.OUTCOME_SURVIVED,) * 3
    assert [r.survived for r in gc.sample_records()] == [True] * 3
    del keep


def test_thousands_of_samples_in_one_nursery_cycle():
    # Quirk 3: more than ~1000 samples per cycle overflowed PyPy's buffer.
    # One 16000-byte object sampled at every byte does it whatever the nursery size.
    gc, node, blob = heap()
    gc.enable_sampling(1, first_offset=0)
    gc.alloc(blob, 16_000 - 8)
    gc.collect_minor()
    report = gc.minor_collections()[-1]
    assert len(report.outcomes) == gc.samples_taken == 16_000
    assert set(report.outcomes) == {core.OUTCOME_LARGE}


def test_a_sample_point_beyond_the_nursery_keeps_its_distance():
    # 29917e91: the point used to be re-placed at nursery + n after each
    # collection, so periods larger than the nursery never sampled correctly.
    gc, node, _ = heap()
    period = 5 * gc.nursery_size + 8
    gc.enable_sampling(period, first_offset=period)
    total = 0
    for _ in range(40 * gc.nursery_size // 32):
        gc.alloc(node)
        total += 32
        assert gc.samples_taken == (total - 1) // period
    assert gc.stats["minor_collections"] >= 39
