"""Young large arrays that track their stores (gc_track_stores and
gc_copy_refs, vmsample/_nursery.pxd): the minor collection that promotes one
visits the slots the barrier remembered instead of every slot, and nothing
else changes -- what the array reaches survives, what only a dead array
reaches dies, and a sampled array gets its outcome at its first minor
collection.  Every collection here runs the heap verifier (debug=True), which
checks that each young reference in such an array sits in a remembered slot."""

import pytest

from vmsample import Nursery

ID_WORD = 16    # Node: two references, then its id
N = 3000        # items: 24 KB, above the 4 KB nursery's large-object threshold


def heap(**kw):
    kw.setdefault("nursery_size", 4096)
    kw.setdefault("stress", 0)
    kw.setdefault("debug", True)
    gc = Nursery(**kw)
    return (gc, gc.register_type("Node", fixed_size=24, ref_offsets=(0, 8)),
            gc.register_type("Array", fixed_size=8, item_size=8, items_are_refs=True))


def node(gc, tid, ident):
    ref = gc.alloc(tid)
    ref.write_word(ID_WORD, ident)
    return ref


def old_array_of_nodes(gc, tid, arr_tid, young_every=None):
    """A promoted large array of N old nodes; with [young_every], every such
    item is then replaced by a young node (remembered slots)."""
    src = gc.alloc(arr_tid, N)
    for i in range(N):
        src.set_item(i, node(gc, tid, i))
    gc.collect_minor()
    if young_every:
        for i in range(0, N, young_every):
            src.set_item(i, node(gc, tid, 100000 + i))
    return src


def ids(arr, n):
    return [None if arr.get_item(i) is None else arr.get_item(i).read_word(ID_WORD) for i in range(n)]


@pytest.mark.parametrize("young_every", [None, 7, 1])
def test_a_grown_array_keeps_what_it_copied_and_what_was_stored_into_it(young_every):
    gc, tid, arr_tid = heap()
    src = old_array_of_nodes(gc, tid, arr_tid, young_every)
    expect = ids(src, N)
    grown = gc.alloc(arr_tid, N + 500)
    assert grown.is_young and grown.is_large
    grown.track_stores()
    grown.copy_items(0, src, 0, N)          # young ones among them: remembered slots
    del src
    for i in range(N, N + 500, 3):          # and stores of young nodes after the copy
        grown.set_item(i, node(gc, tid, 200000 + i))
        expect.append(200000 + i)
        expect.extend([None, None][:N + 500 - i - 1])
    gc.check_heap()
    gc.collect_minor()
    assert not grown.is_young
    assert ids(grown, N + 500) == expect[:N + 500]
    gc.collect_major()
    assert ids(grown, N + 500) == expect[:N + 500]


def test_an_unreached_tracked_array_keeps_nothing_alive():
    # Its remembered slots point to young nodes; it is dropped before the
    # minor collection, which must neither promote those nodes nor visit the
    # slots of freed memory.
    gc, tid, arr_tid = heap()
    arr = gc.alloc(arr_tid, N)
    arr.track_stores()
    for i in range(0, N, 50):
        arr.set_item(i, node(gc, tid, i))
    before = gc.stats["total_memory_used"]
    del arr
    gc.collect_minor()
    assert gc.stats["total_memory_used"] == before - gc.size_of(arr_tid, N)


def test_a_whole_object_barrier_makes_it_traced_whole_again():
    # A copy within the array itself is a move: gc_copy_refs takes the
    # whole-object barrier, and the minor collection traces every slot.
    gc, tid, arr_tid = heap()
    arr = gc.alloc(arr_tid, N)
    arr.track_stores()
    for i in range(10):
        arr.set_item(i, node(gc, tid, i))
    arr.copy_items(100, arr, 0, 10)
    gc.collect_minor()
    assert ids(arr, 10) == ids(arr, 110)[100:] == list(range(10))
    arr.set_item(5, node(gc, tid, 55))      # promoted: an old large array, slot barrier as before
    gc.collect_minor()
    assert arr.get_item(5).read_word(ID_WORD) == 55


@pytest.mark.parametrize("keep", [True, False])
def test_a_sampled_tracked_array_gets_its_outcome_at_its_first_minor_collection(keep):
    gc, tid, arr_tid = heap()
    gc.enable_sampling(64, mode="fixed")
    seq0 = gc.samples_taken
    arr = gc.alloc(arr_tid, N)
    arr_seqs = set(range(seq0, gc.samples_taken))
    arr.track_stores()
    arr.set_item(0, node(gc, tid, 1))
    if not keep:
        del arr
    gc.collect_minor()
    recs = [r for r in gc.sample_records() if r.seq in arr_seqs]
    assert recs and all(r.large and r.survived == keep for r in recs)


def test_copy_items_checks_its_arguments():
    gc, tid, arr_tid = heap()
    arr = gc.alloc(arr_tid, 10)
    with pytest.raises(IndexError):
        arr.copy_items(5, arr, 0, 6)
    with pytest.raises(TypeError):
        arr.copy_items(0, node(gc, tid, 0), 0, 1)
