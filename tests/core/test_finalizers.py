"""Finalizers (PEP 442) and death notices (vmsample/core/finalizers.pxi):
an unreachable object with a finalizer is kept alive with everything it
reaches and queued, once; it dies when found unreachable again, or lives on
if its finalizer stored it; a death notice's word is queued when its object
is freed, never while a finalizer keeps it; the queues are roots, first in
first out; the on_finalization hook; minor, major and incremental
collections; sampled objects still die exactly once, when they are freed.
Random heaps against the model: test_finalization_model.py; random
interleavings: test_fuzz.py."""

import pytest

from vmsample._nursery import STATE_MARKING, STATE_SWEEPING
from test_weakrefs import TIMED, heap, ident, node, step_until_idle, weak


def chain(gc, tid, first, n):
    """first -> first+1 -> ... (n nodes), linked through reference 0."""
    head = node(gc, tid, first)
    cur = head
    for i in range(1, n):
        nxt = node(gc, tid, first + i)
        cur.set_ref(0, nxt)
        cur = nxt
    return head


def chain_ids(ref):
    out = []
    while ref is not None:
        out.append(ident(ref))
        ref = ref.get_ref(0)
    return out


@pytest.mark.parametrize("collect", ["minor", "major", "incremental", "stop-the-world"])
def test_a_finalizer_resurrects_its_object_once(collect):
    gc, tid, _ = heap(incremental=collect != "stop-the-world")
    hooks = gc._install_test_hooks()
    x = chain(gc, tid, 1, 20)
    x.register_finalizer()
    assert gc.stats["finalizers"] == 1
    if collect != "minor":
        gc.collect_minor()                  # old, not judged
    size = gc.stats["total_memory_used"]
    del x
    if collect == "incremental":
        gc.collect_minor()
        assert gc.collect_step(0) == STATE_MARKING
        step_until_idle(gc, 64)
    else:
        gc.collect_minor() if collect == "minor" else gc.collect_major()
    if not TIMED:
        gc.collect_major()                  # x may have been old already
    assert hooks.finalization_calls == 1
    assert gc.stats["finalizers"] == 0 and gc.stats["queued_finalizable"] == 1
    gc.collect_major()                      # queued: a root until taken
    (x,) = gc.take_finalizable()
    assert chain_ids(x) == list(range(1, 21)) and not x.is_young
    assert gc.stats["total_memory_used"] == 20 * gc.size_of(tid) >= size
    kept = x                                # the finalizer stores it: it lives on
    del x
    gc.collect_major()
    assert chain_ids(kept) == list(range(1, 21)) and gc.take_finalizable() == []
    del kept                                # unreachable again: freed, not queued again
    gc.collect_major()
    assert gc.take_finalizable() == [] and gc.stats["total_memory_used"] == 0
    assert hooks.finalization_calls == 1


@pytest.mark.parametrize("old", [False, True])
def test_every_unreachable_finalizable_object_is_queued_even_one_another_reaches(old):
    # a -> b -> c, each with a finalizer, all garbage: all three are queued
    # by the same collection (CPython's gc, PEP 442), oldest registration first.
    gc, tid, _ = heap()
    a = chain(gc, tid, 1, 3)
    for ref in (a, a.get_ref(0), a.get_ref(0).get_ref(0)):
        ref.register_finalizer()
    if old:
        gc.collect_minor()
    del a, ref
    gc.collect_major()
    assert [ident(r) for r in gc.take_finalizable()] == [1, 2, 3]
    gc.collect_major()
    assert gc.stats["total_memory_used"] == 0


def test_death_notices_come_when_the_object_is_freed():
    gc, tid, _ = heap()
    young, old, both = node(gc, tid, 1), node(gc, tid, 2), node(gc, tid, 3)
    young.register_death_notice(11)
    old.register_death_notice(21)
    old.register_death_notice(22)           # several per object: each is given
    both.register_death_notice(31)
    both.register_finalizer()
    gc.collect_minor()
    assert gc.take_death_notices() == [] and gc.stats["death_notices"] == 4
    young2 = node(gc, tid, 4)
    young2.register_death_notice(41)
    del young2
    gc.collect_minor()                      # dies young
    assert gc.take_death_notices() == [41]
    del young, old, both
    gc.collect_major()
    # both's finalizer keeps it (and its notice) alive; the other two are freed
    assert sorted(gc.take_death_notices()) == [11, 21, 22]
    (both,) = gc.take_finalizable()
    del both                                # the finalizer ran and let go of it
    gc.collect_major()
    assert gc.take_death_notices() == [31] and gc.stats["death_notices"] == 0
    assert gc.stats["total_memory_used"] == 0


def test_death_notices_are_cheap_no_object_is_kept():
    # the host-handle case: a table of host objects indexed by the word
    gc, tid, _ = heap(nursery_size=16384)
    table = {}
    live = []
    for i in range(5000):
        handle = node(gc, tid, i)
        handle.register_death_notice(i)
        table[i] = object()
        if i % 7 == 0:
            live.append(handle)
        if i % 500 == 0:
            for word in gc.take_death_notices():
                del table[word]
    del handle
    gc.collect_major()
    for word in gc.take_death_notices():
        del table[word]
    assert sorted(table) == [ident(h) for h in live]
    assert gc.stats["total_memory_used"] == len(live) * gc.size_of(tid)


def test_queues_are_first_in_first_out_and_roots_until_taken():
    gc, tid, wtid = heap()
    targets = [node(gc, tid, 100 + i) for i in range(5)]
    weaks = [weak(gc, wtid, t, i, notify=True) for i, t in enumerate(targets)]
    objs = [node(gc, tid, 200 + i) for i in range(5)]
    for r in objs:
        r.register_finalizer()
    gc.collect_minor()
    del targets, objs, r
    gc.collect_major()
    q = gc.finalization_queues()
    assert [ident(r) for r in q.finalizable] == [200, 201, 202, 203, 204]
    assert [ident(r) for r in q.cleared_weakrefs] == [0, 1, 2, 3, 4]
    del q, weaks
    for _ in range(3):
        gc.collect_major()                  # roots: nothing of them is freed
    assert gc.stats["total_memory_used"] == 5 * (gc.size_of(tid) + gc.size_of(wtid))
    first = gc.take_finalizable()
    assert [ident(r) for r in first] == [200, 201, 202, 203, 204] and gc.take_finalizable() == []
    assert [ident(r) for r in gc.take_cleared_weakrefs()] == [0, 1, 2, 3, 4]
    del first
    gc.collect_major()
    assert gc.stats["total_memory_used"] == 0


def test_long_weak_references_follow_an_object_through_its_finalizer():
    gc, tid, wtid = heap()
    x = node(gc, tid, 1)
    x.register_finalizer()
    short = weak(gc, wtid, x, 10, notify=True)
    long = weak(gc, wtid, x, 11, notify=True, track_resurrection=True)
    del x
    gc.collect_minor()
    assert short.get_weak() is None and ident(long.get_weak()) == 1
    assert gc.take_cleared_weakrefs() == [short]
    (x,) = gc.take_finalizable()
    del x
    gc.collect_major()
    assert long.get_weak() is None and gc.take_cleared_weakrefs() == [long]


def test_registration_errors():
    gc, tid, _ = heap()
    x = node(gc, tid, 1)
    with pytest.raises(ValueError):
        x.register_death_notice(-1)
    with pytest.raises(ValueError):
        x.register_death_notice(1 << 64)
    x.register_finalizer()
    x.register_finalizer()                  # a second finalizer: the verifier reports it
    with pytest.raises(RuntimeError, match="registered twice"):
        gc.check_heap()


def test_a_sampled_object_kept_for_its_finalizer_dies_when_it_is_freed():
    # A sample's death is its object's death.  Kept for its finalizer by its
    # first minor collection, a sampled object survived it (it was copied);
    # kept by a major collection, it is not among that collection's deaths.
    # The major collection that frees it reports its death.
    gc, tid, _ = heap()
    gc.enable_sampling(gc.size_of(tid), mode="fixed", first_offset=0)     # every object, once
    old = node(gc, tid, 1)
    old.register_finalizer()
    gc.collect_minor()
    young, dies_young = node(gc, tid, 2), node(gc, tid, 3)
    young.register_finalizer()
    del young, dies_young
    gc.collect_minor()
    del old
    gc.collect_major()
    gc.disable_sampling()
    assert [(r.survived, r.died_major) for r in gc.sample_records()] == [(True, None), (True, None),
                                                                         (False, None)]
    assert gc.followed_samples() == [0, 1]
    assert [ident(r) for r in gc.take_finalizable()] == [2, 1]     # the minor collection's first
    gc.collect_major()
    dead = gc.stats["major_collections"]
    assert [r.died_major for r in gc.sample_records()] == [dead, dead, None]
    assert gc.followed_samples() == []


def test_collect_major_counts_resurrected_objects_alive():
    gc, tid, _ = heap()
    x = chain(gc, tid, 1, 10)
    x.register_finalizer()
    garbage = chain(gc, tid, 100, 5)
    del x, garbage
    assert gc.collect_major() == 5          # the ten kept for the finalizer are not dead
    gc.take_finalizable()
    assert gc.collect_major() == 10


# ____________________________________________________________________________
# Incremental major collections

def test_objects_kept_for_a_finalizer_during_a_sweep_are_allocated_black():
    # Resurrected by a minor collection while the sweep runs, into holes of
    # pages the sweep has not passed: marked, or the sweep would free them.
    gc, tid, _ = heap()
    keep = [node(gc, tid, i) for i in range(2000)]
    gc.collect_minor()
    del keep[::2]
    gc.collect_major()                      # holes in every page
    gc.collect_minor()
    assert gc.collect_step(0) == STATE_MARKING
    while gc.collect_step(10 ** 6) == STATE_MARKING:
        pass
    assert gc.stats["gc_state"] == STATE_SWEEPING
    for i in range(40):
        x = chain(gc, tid, 10000 + 10 * i, 5)
        x.register_finalizer()
        del x
        gc.collect_step(0)                  # a minor collection resurrects it, a page is swept
    step_until_idle(gc, 0)
    taken = gc.take_finalizable()
    assert sorted(chain_ids(r) for r in taken) == [list(range(10000 + 10 * i, 10005 + 10 * i))
                                                   for i in range(40)]


def test_finalizable_objects_registered_during_marking():
    gc, tid, _ = heap()
    old = [node(gc, tid, i) for i in range(20)]
    gc.collect_minor()
    gc.collect_minor()
    assert gc.collect_step(0) == STATE_MARKING
    for r in old:
        r.register_finalizer()
    young = [node(gc, tid, 100 + i) for i in range(20)]
    for r in young:
        r.register_finalizer()
    del r, old[10:], young[10:]
    step_until_idle(gc, 32)
    # the young garbage was queued by its minor collection; the old garbage
    # was marked when it died: the next collection queues it
    first = sorted(ident(r) for r in gc.take_finalizable())
    assert first == list(range(110, 120)) or not TIMED
    gc.collect_major()
    assert sorted(first + [ident(r) for r in gc.take_finalizable()]) == list(range(10, 20)) + list(range(110, 120))
    assert gc.stats["finalizers"] == 20


def test_a_young_object_resurrected_during_marking_keeps_what_it_reaches():
    # o is old and white, reachable when the marking started; then the only
    # reference to it moves into a young x, which dies, with a finalizer.
    # The minor collection that keeps x for its finalizer copies it like a
    # survivor -- marked and gray, so that the marking reaches o through it;
    # else the sweep frees o under the queued x.
    gc, tid, _ = heap()
    r = node(gc, tid, 0)
    r.set_ref(0, node(gc, tid, 1))
    gc.collect_minor()
    assert gc.collect_step(0) == STATE_MARKING       # r gray, o white
    x = node(gc, tid, 2)
    x.set_ref(0, r.get_ref(0))
    r.set_ref(0, None)
    x.register_finalizer()
    del x
    step_until_idle(gc, 0)
    (x,) = gc.take_finalizable()
    assert ident(x.get_ref(0)) == 1
    gc.check_heap()


def test_finalize_all_queues_the_living_once_oldest_first():
    # At exit: every object whose finalizer is still registered, alive or
    # not, young or old, is queued once, in registration order; one whose
    # finalizer already ran is not.
    gc, tid, _ = heap(incremental=False)
    done = chain(gc, tid, 100, 1)
    done.register_finalizer()
    del done
    gc.collect_major()
    assert len(gc.take_finalizable()) == 1          # used up
    old = chain(gc, tid, 1, 3)
    old.register_finalizer()
    gc.collect_minor()
    young = chain(gc, tid, 4, 2)
    young.register_finalizer()
    assert gc.finalize_all() == 2
    assert gc.stats["finalizers"] == 0
    assert [chain_ids(x) for x in gc.take_finalizable()] == [[1, 2, 3], [4, 5]]
    assert gc.finalize_all() == 0
    assert gc.take_finalizable() == []
