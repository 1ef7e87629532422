"""The heap's Python API: types, allocation, Refs, roots, collections,
survival of sampled objects, statistics, limits and bad arguments."""

import gc as pygc

import pytest

from vmsample import Nursery, Ref
from vmsample import _nursery as core


class Heap(Nursery):
    """A Nursery with its test types as attributes."""


def make_heap(**kw):
    gc = Heap(nursery_size=1024, large_object_threshold=256, debug=True, **kw)
    gc.Node = gc.register_type("Node", fixed_size=24, ref_offsets=(0, 8))   # refs + one data word
    gc.Array = gc.register_type("Array", fixed_size=8, item_size=8, items_are_refs=True)
    gc.Bytes = gc.register_type("Bytes", fixed_size=0, item_size=1)
    return gc


@pytest.fixture
def heap():
    return make_heap()


@pytest.fixture
def calm_heap():
    """Collections only when asked or when the nursery is full (no stress knob)."""
    return make_heap(stress=0)


# -- types and sizes -----------------------------------------------------------

def test_sizes_include_header_and_rounding(heap):
    assert heap.size_of(heap.Node) == 32
    assert heap.size_of(heap.Array, 0) == 16
    assert heap.size_of(heap.Array, 10) == 8 + 8 + 80
    assert heap.size_of(heap.Bytes, 0) == 16            # minimum size
    assert heap.size_of(heap.Bytes, 9) == 24            # 8 + 9 -> 24
    empty = heap.register_type("Empty")
    assert heap.size_of(empty) == 16
    assert heap.alloc(heap.Bytes, 9).size == 24


def test_type_registry(heap):
    assert heap.type_names == {1: "Node", 2: "Array", 3: "Bytes"}
    assert heap.type_name(2) == "Array"
    with pytest.raises(ValueError, match="already registered"):
        heap.register_type("Node")
    with pytest.raises(ValueError, match="multiple of 8"):
        heap.register_type("Bad", fixed_size=16, ref_offsets=(4,))
    with pytest.raises(ValueError, match="inside the fixed part"):
        heap.register_type("Bad", fixed_size=16, ref_offsets=(16,))
    with pytest.raises(ValueError, match="item_size=8"):
        heap.register_type("Bad", item_size=4, items_are_refs=True)
    with pytest.raises(TypeError):
        heap.register_type("")


def test_type_lookup_and_registering_a_name_again(heap):
    assert heap.type_id("Node") == 1 and heap.type_id("Bytes") == 3
    with pytest.raises(KeyError, match="no type named 'Missing'"):
        heap.type_id("Missing")
    with pytest.raises(KeyError):
        heap.type_id(7)
    # The same name with the same layout is the same type (offsets in any order) ...
    node = heap.register_type("Node", fixed_size=24, ref_offsets=(8, 0))
    assert node == 1 and heap.register_type("Array", fixed_size=8, item_size=8,
                                            items_are_refs=True) == 2
    assert heap.type_names == {1: "Node", 2: "Array", 3: "Bytes"}
    # ... with another layout it is refused, and says what differs.
    with pytest.raises(ValueError, match=r"ref_offsets=\(0, 8\).*not.*ref_offsets=\(0,\)"):
        heap.register_type("Node", fixed_size=24, ref_offsets=(0,))
    with pytest.raises(ValueError, match="another layout"):
        heap.register_type("Bytes", item_size=2)
    assert heap.type_names == {1: "Node", 2: "Array", 3: "Bytes"}


@pytest.mark.parametrize("args, exc", [((0,), ValueError), ((99,), ValueError), (("Node",), TypeError),
                                       ((1, 3), ValueError), ((2,), ValueError), ((2, -1), ValueError),
                                       ((2, 2**32), ValueError), ((2, 1.0), TypeError)])
def test_bad_allocations_are_refused(heap, args, exc):
    before = heap.stats["allocated_bytes"]
    with pytest.raises(exc):
        heap.alloc(*args)
    assert heap.stats["allocated_bytes"] == before
    heap.check_heap()


# -- Refs ----------------------------------------------------------------------

def test_refs_read_and_write_slots_items_and_words(heap):
    a = heap.alloc(heap.Node)
    b = heap.alloc(heap.Array, 3)
    assert a.get_ref(0) is None and a.read_word(16) == 0       # zero-filled
    a.set_ref(0, b)
    a.set_ref(1, 0x2A1)                                        # tagged immediate
    a.write_word(16, 2**64 - 1)
    b.set_item(2, a)
    assert a.get_ref(0) == b and a.get_ref(1) == 0x2A1 and a.read_word(16) == 2**64 - 1
    assert b.get_item(2) == a and b.get_item(0) is None
    assert b.length == 3 and a.length is None
    assert a.type_id == heap.Node and a.type_name == "Node" and a.size == 32
    s = heap.alloc(heap.Bytes, 5)
    s.set_item(4, 255)
    assert [s.get_item(i) for i in range(5)] == [0, 0, 0, 0, 255]
    a.aux = 12345
    assert a.aux == 12345
    assert a != b and a == a.get_ref(0).get_item(2)
    with pytest.raises(TypeError):
        hash(a)


def test_ref_misuse_is_refused(heap):
    a = heap.alloc(heap.Node)
    arr = heap.alloc(heap.Array, 2)
    with pytest.raises(IndexError):
        a.get_ref(2)
    with pytest.raises(ValueError, match="reference field"):
        a.write_word(0, 5)
    with pytest.raises(ValueError, match="reference item"):
        arr.write_word(8, 5)
    with pytest.raises(ValueError):
        a.read_word(3)
    with pytest.raises(ValueError):
        a.read_word(24)
    with pytest.raises(ValueError, match="tagged immediate"):
        a.set_ref(0, 0x1000)
    with pytest.raises(TypeError):
        a.set_ref(0, "x")
    with pytest.raises(IndexError):
        arr.get_item(2)
    with pytest.raises(TypeError):
        a.get_item(0)
    with pytest.raises(ValueError):
        arr.aux = 1
    other = Nursery(nursery_size=1024)
    other.register_type("Node", fixed_size=24, ref_offsets=(0, 8))
    with pytest.raises(ValueError, match="another Nursery"):
        a.set_ref(0, other.alloc(1))
    with pytest.raises(TypeError):
        Ref()
    heap.check_heap()


def test_refs_follow_moves_and_keep_objects_alive(heap):
    a = heap.alloc(heap.Node)
    a.write_word(16, 77)
    young = a.address
    assert a.is_young
    heap.collect_minor()
    assert not a.is_young and a.address != young and a.read_word(16) == 77
    heap.collect_major()
    assert a.read_word(16) == 77
    heap.check_heap()


def test_dropped_refs_let_objects_die(heap):
    refs = [heap.alloc(heap.Node) for _ in range(10)]
    heap.collect_minor()
    used = heap.stats["total_memory_used"]
    assert used == 10 * 32
    del refs
    pygc.collect()
    heap.collect_major()
    assert heap.stats["total_memory_used"] == 0


# -- roots ----------------------------------------------------------------------

def test_shadow_stack_roots(heap):
    a = heap.alloc(heap.Node)
    a.write_word(16, 5)
    heap.push_root(a)
    heap.push_root(None)
    heap.push_root(0x11)
    addr = a.address
    del a
    heap.collect_minor()
    assert heap.shadowstack_depth == 3
    assert heap.pop_root() == 0x11 and heap.pop_root() is None
    b = heap.pop_root()
    assert b.read_word(16) == 5 and b.address != addr
    with pytest.raises(IndexError):
        heap.pop_root()


def test_shadow_stack_overflow_is_a_recursion_error():
    gc = Nursery(nursery_size=1024, shadowstack_size=4)
    for _ in range(4):
        gc.push_root(None)
    with pytest.raises(RecursionError):
        gc.push_root(None)
    assert gc.shadowstack_depth == 4


# -- write barrier ----------------------------------------------------------------

def test_write_barrier_keeps_young_objects_stored_in_old_ones(heap):
    old = heap.alloc(heap.Node)
    heap.collect_minor()
    young = heap.alloc(heap.Node)
    young.write_word(16, 99)
    old.set_ref(0, young)
    del young
    heap.collect_minor()
    assert old.get_ref(0).read_word(16) == 99
    heap.check_heap()


def test_young_large_objects_reachable_only_from_old_objects_survive(heap):
    old = heap.alloc(heap.Array, 1)
    heap.collect_minor()
    big = heap.alloc(heap.Array, 100)
    assert big.is_large and big.is_young
    inner = heap.alloc(heap.Node)
    big.set_item(99, inner)
    old.set_item(0, big)
    del big, inner
    heap.collect_minor()
    big = old.get_item(0)
    assert big.is_large and not big.is_young
    assert big.get_item(99).type_name == "Node"
    heap.check_heap()


# -- survival of sampled objects -------------------------------------------------

def test_rooted_samples_survive_and_unrooted_ones_die(calm_heap):
    heap = calm_heap
    heap.enable_sampling(1, first_offset=0)     # every byte: each allocation samples
    keep = heap.alloc(heap.Node)
    heap.alloc(heap.Node)
    keep_big = heap.alloc(heap.Array, 40)
    heap.alloc(heap.Array, 40)
    heap.disable_sampling()
    recs = heap.sample_records()
    assert {r.survived for r in recs} == {None}
    heap.collect_minor()
    by_object = {}
    for r in heap.sample_records():
        by_object.setdefault((r.size, r.large, r.survived), 0)
        by_object[(r.size, r.large, r.survived)] += 1
    big = heap.size_of(heap.Array, 40)
    assert by_object == {(32, False, True): 32, (32, False, False): 32,
                         (big, True, True): big, (big, True, False): big}
    report = heap.minor_collections()[-1]
    assert report.first_seq == 0 and len(report.outcomes) == heap.samples_taken
    S, L = core.OUTCOME_SURVIVED, core.OUTCOME_LARGE
    assert report.outcomes == (S,) * 32 + (0,) * 32 + (S | L,) * big + (L,) * big
    del keep, keep_big


def test_every_minor_collection_is_reported(heap):
    heap.alloc(heap.Node)
    heap.collect_minor()
    heap.collect_minor()
    heap.enable_sampling(16, first_offset=0)
    heap.alloc(heap.Node)
    for _ in range(100):                        # fills the nursery several times
        heap.alloc(heap.Node)
    heap.collect_major()
    reports = heap.minor_collections()
    assert len(reports) == heap.stats["minor_collections"] >= 6
    assert [r.index for r in reports] == list(range(1, len(reports) + 1))
    assert reports[0].outcomes == () and reports[1].outcomes == ()
    # the outcome ranges tile the sample sequence numbers
    seqs = [seq for r in reports for seq in range(r.first_seq, r.first_seq + len(r.outcomes))]
    assert seqs == list(range(heap.samples_taken))
    for r in reports:
        assert r.duration_ns >= 0 and r.time_ns > 0 and r.gc_state == core.STATE_SCANNING
        assert r.total_size_of_arenas >= r.total_memory_used
        assert r.vmrss > 0


def test_major_collection_moves_through_the_states(heap):
    heap.collect_major()
    heap.collect_major()
    events = heap.major_events()
    states = [e.state for e in events]
    cycle = [core.STATE_MARKING, core.STATE_SWEEPING, core.STATE_FINALIZING, core.STATE_SCANNING]
    assert states == cycle * 2
    assert [e.index for e in events] == [1] * 4 + [2] * 4
    assert heap.stats["major_collections"] == 2 and heap.stats["gc_state"] == core.STATE_SCANNING
    assert core.GC_STATE_NAMES[core.STATE_SWEEPING] == "sweeping"


def test_major_collections_are_triggered_by_growth():
    gc = Nursery(nursery_size=1024, large_object_threshold=256)
    node = gc.register_type("Node", fixed_size=8, ref_offsets=(0,))
    head = gc.alloc(node)
    for _ in range(6000):                       # a growing linked list
        new = gc.alloc(node)
        new.set_ref(0, head)
        head = new
    assert gc.stats["major_collections"] >= 2
    assert gc.stats["total_memory_used"] + gc.stats["nursery_used"] == 6001 * 16
    n, cur = 0, head
    while cur is not None:
        n, cur = n + 1, cur.get_ref(0)
    assert n == 6001


def test_stats_counters(calm_heap):
    heap = calm_heap
    refs = [heap.alloc(heap.Node) for _ in range(3)]
    big = heap.alloc(heap.Bytes, 500)
    s = heap.stats
    assert s["allocated_bytes"] == 3 * 32 + big.size
    assert s["nursery_used"] == 96 and s["large_object_bytes"] == big.size
    assert s["last_minor_duration_ns"] is None
    heap.collect_minor()
    s = heap.stats
    assert s["bytes_copied"] == 96 and s["last_minor_bytes_copied"] == 96
    assert s["total_memory_used"] == 96 + big.size
    assert s["nursery_size"] == heap.nursery_size == (core.ENV_NURSERY or 1024)
    assert s["large_object_threshold"] == min(256, heap.nursery_size)
    del refs


def test_logs_can_be_switched_off_and_cleared():
    gc = Nursery(nursery_size=512, keep_sample_log=False, keep_gc_log=False)
    t = gc.register_type("T", fixed_size=8)
    gc.enable_sampling(8)
    for _ in range(100):
        gc.alloc(t)
    gc.collect_major()
    assert gc.samples_taken > 0
    assert gc.sample_records() == [] and gc.minor_collections() == [] and gc.major_events() == []
    gc = Nursery(nursery_size=512)
    t = gc.register_type("T", fixed_size=8)
    gc.enable_sampling(8, first_offset=8)
    gc.alloc(t)                                 # stream bytes [0, 16): point 8
    gc.collect_major()
    gc.clear_logs()
    assert gc.sample_records() == [] and gc.minor_collections() == [] and gc.major_events() == []
    gc.alloc(t)                                 # [16, 32): points 16 and 24
    assert [r.seq for r in gc.sample_records()] == [1, 2]


# -- limits, sizes, knobs ------------------------------------------------------------

def test_heap_limit_raises_memory_error_and_the_heap_stays_usable():
    gc = Nursery(nursery_size=1024, large_object_threshold=128, heap_limit=16 << 10, debug=True)
    node = gc.register_type("Node", fixed_size=24, ref_offsets=(0,))
    blob = gc.register_type("Blob", item_size=1)
    keep = []
    with pytest.raises(MemoryError, match="heap limit"):
        for _ in range(10_000):
            keep.append(gc.alloc(node))
    # The limit holds (docs/design.md §2.7): the old space never exceeds it, and the
    # allocation fails exactly when the live objects and the request would.
    assert gc.stats["total_memory_used"] <= 16 << 10
    assert len(keep) == (16 << 10) // gc.size_of(node)
    with pytest.raises(MemoryError):
        gc.alloc(blob, 20 << 10)                # a large object over the limit
    gc.check_heap()
    keep.clear()
    pygc.collect()
    gc.collect_major()
    assert gc.stats["total_memory_used"] == 0
    x = gc.alloc(blob, 8 << 10)
    assert x.size == (8 << 10) + 8


def test_nursery_geometry_defaults_and_clamping():
    gc = Nursery()
    assert gc.nursery_size == (core.ENV_NURSERY or 1 << 20)
    assert gc.large_object_threshold == gc.nursery_size // 8
    gc = Nursery(nursery_size=256, large_object_threshold=1 << 20)
    if core.ENV_NURSERY is None:
        assert gc.nursery_size == 256 and gc.large_object_threshold == 256
    gc = Nursery(nursery_size="64K")
    assert gc.nursery_size == (core.ENV_NURSERY or 64 << 10)
    for bad in (-1, "4Q"):
        with pytest.raises(ValueError):
            Nursery(nursery_size=bad)
    with pytest.raises(ValueError):
        Nursery(large_object_threshold=-1)
    with pytest.raises(ValueError):
        Nursery(heap_limit=-1)


def test_parse_size():
    assert core.parse_size("256") == 256
    assert core.parse_size("4k") == 4096
    assert core.parse_size("4M") == 4 << 20
    assert core.parse_size("1GiB") == 1 << 30
    for bad in ("", "M", "1.5M", "-3", "4X"):
        with pytest.raises(ValueError):
            core.parse_size(bad)


@pytest.mark.parametrize("nursery", [16, 24, 256])
def test_tiny_nurseries_work(nursery):
    gc = Nursery(nursery_size=nursery, debug=True)
    node = gc.register_type("Node", fixed_size=8, ref_offsets=(0,))
    arr = gc.register_type("Arr", item_size=8, items_are_refs=True)
    head = gc.alloc(node)
    for i in range(300):
        new = gc.alloc(arr, i % 7) if i % 3 else gc.alloc(node)
        if new.type_id == node:
            new.set_ref(0, head)
            head = new
    gc.collect_major()
    gc.check_heap()


def test_stress_collects_every_nth_allocation():
    gc = Nursery(nursery_size=1 << 16, stress=5)
    t = gc.register_type("T", fixed_size=8)
    for _ in range(50):
        gc.alloc(t)
    assert gc.stats["minor_collections"] == 10
    assert gc.stress == 5


def test_check_heap_finds_a_missing_write_barrier(heap):
    old = heap.alloc(heap.Node)
    heap.collect_minor()
    young = heap.alloc(heap.Node)
    old.write_word(16, young.address)       # a data word: invisible to the GC, fine
    heap.check_heap()
    old._set_ref_without_barrier(0, young)
    with pytest.raises(RuntimeError, match="missing write barrier"):
        heap.check_heap()
    old.set_ref(0, young)                   # the barrier remembers it: well formed again
    heap.check_heap()


def test_check_heap_finds_a_corrupt_header(heap):
    a = heap.alloc(heap.Node)
    b = heap.alloc(heap.Node)
    a.set_ref(0, b)
    heap.collect_minor()
    b.write_word(16, 0)
    heap.check_heap()
    b._write_header_tid(4000)
    with pytest.raises(RuntimeError, match="unregistered type id|not a live object"):
        heap.check_heap()
    b._write_header_tid(heap.Node)
    heap.check_heap()
