"""Weak references (vmsample/core/weakrefs.pxi): cleared when their target
dies in a minor collection (nursery objects, young large objects) and in a
major one (stop-the-world, or at the end of a marking done in steps), never
followed to freed memory, never keeping their target alive; the target of a
weak reference read during a marking and stored is kept; notification only
for weakref objects that are alive; registration's rules; what the heap
verifier checks.  Random heaps against the model: test_finalization_model.py;
random interleavings: test_fuzz.py."""

import pytest

from vmsample import Nursery
from vmsample._nursery import ENV_NURSERY, STATE_MARKING, STATE_SCANNING, STATE_SWEEPING

ID = 16         # Node: two references, then its id; Weak: a reference, the weak field, its id
# These tests choose when collections happen; a VMSAMPLE_NURSERY knob makes
# allocations collect too, so what they check of *when* holds only without it.
TIMED = ENV_NURSERY is None


def heap(**kw):
    """A heap with Node and Weak types (no GC stress: these tests choose when
    collections happen); returns (gc, node type id, weak type id)."""
    kw.setdefault("nursery_size", 4096)
    kw.setdefault("stress", 0)
    kw.setdefault("debug", True)
    gc = Nursery(**kw)
    return (gc, gc.register_type("Node", fixed_size=24, ref_offsets=(0, 8)),
            gc.register_type("Weak", fixed_size=24, ref_offsets=(0,), weak_offset=8))


def node(gc, tid, ident, length=None):
    ref = gc.alloc(tid, length)
    ref.write_word(ID, ident)
    return ref


def weak(gc, wtid, target, ident=0, **flags):
    ref = node(gc, wtid, ident)
    ref.set_weak(target, **flags)
    return ref


def ident(ref):
    return None if ref is None else ref.read_word(ID)


def step_until_idle(gc, budget):
    while gc.collect_step(budget) != STATE_SCANNING:
        gc.check_heap()


@pytest.mark.parametrize("target_old", [False, True])
def test_a_weak_reference_follows_its_target_and_never_keeps_it(target_old):
    gc, tid, wtid = heap()
    t = node(gc, tid, 7)
    if target_old:
        gc.collect_minor()
    w = weak(gc, wtid, t, notify=True)
    address = t.address
    gc.collect_minor()                      # the target moves (if young); the field follows
    assert ident(w.get_weak()) == 7 and w.get_weak() == t
    assert (t.address != address) == (not target_old)
    del t
    gc.collect_minor()                      # old now: only a major collection judges it
    assert ident(w.get_weak()) == 7
    gc.collect_major()
    assert w.get_weak() is None
    assert gc.stats["total_memory_used"] == gc.size_of(wtid)
    assert gc.take_cleared_weakrefs() == [w] and gc.take_cleared_weakrefs() == []
    assert gc.stats["weak_references"] == 0  # a cleared reference is no longer registered


@pytest.mark.parametrize("large", [False, True])
def test_a_young_target_that_dies_young_is_cleared_by_the_minor_collection(large):
    # large: every object is a young large object until its minor collection
    gc, tid, wtid = heap(large_object_threshold=16 if large else None)
    w = weak(gc, wtid, node(gc, tid, 1), notify=True)
    keep = node(gc, tid, 2)
    w2 = weak(gc, wtid, keep)
    assert w.is_large == large
    gc.collect_minor()
    assert w.get_weak() is None and ident(w2.get_weak()) == 2
    assert gc.take_cleared_weakrefs() == [w]
    gc.check_heap()


def test_weakref_objects_that_die_are_forgotten_and_not_notified():
    gc, tid, wtid = heap()
    t = node(gc, tid, 1)
    for i in range(20):
        weak(gc, wtid, t, notify=True)      # garbage at once
    assert gc.stats["weak_references"] == 20 or not TIMED
    gc.collect_minor()
    assert gc.stats["weak_references"] == 0
    old = [weak(gc, wtid, t, notify=True) for _ in range(20)]
    gc.collect_minor()
    del old
    del t
    gc.collect_major()                      # weakrefs and target die together: no word
    assert gc.take_cleared_weakrefs() == [] and gc.stats["weak_references"] == 0
    assert gc.stats["total_memory_used"] == 0


def test_a_weakref_object_that_is_garbage_too_is_cleared_without_a_word():
    # As CPython's gc: the callback of a weakref that is itself trash never
    # runs -- even when a finalizer then resurrects the weakref object.
    gc, tid, wtid = heap()
    x = node(gc, tid, 1)                    # x -> w ~> t, all garbage; x has a finalizer
    w = weak(gc, wtid, node(gc, tid, 2), notify=True)
    x.set_ref(0, w)
    x.register_finalizer()
    del w, x
    gc.collect_minor()
    (x,) = gc.take_finalizable()
    assert x.get_ref(0).get_weak() is None
    assert gc.take_cleared_weakrefs() == []


def test_a_weak_reference_to_itself_or_to_an_immediate():
    gc, tid, wtid = heap()
    w = node(gc, wtid, 1)
    w.set_weak(w, notify=True)
    gc.collect_minor()
    assert w.get_weak() == w
    imm = node(gc, wtid, 2)
    imm.set_weak(0x2B)                      # nothing to clear: not registered
    assert imm.get_weak() == 0x2B and gc.stats["weak_references"] == 1
    del w
    gc.collect_major()
    assert gc.stats["weak_references"] == 0 and gc.take_cleared_weakrefs() == []
    assert imm.get_weak() == 0x2B


def test_registration_rules():
    gc, tid, wtid = heap()
    t, w = node(gc, tid, 1), node(gc, wtid, 2)
    with pytest.raises(ValueError, match="no weak field"):
        t.set_weak(w)
    with pytest.raises(ValueError, match="no weak field"):
        t.get_weak()
    w.set_weak(t)
    with pytest.raises(ValueError, match="already holds a reference"):
        w.set_weak(t)
    with pytest.raises(ValueError, match="weak field"):
        w.write_word(8, 0)                  # only the core writes it
    assert w.read_word(8) == t.address
    with pytest.raises(ValueError, match="weak offset"):
        gc.register_type("Bad", fixed_size=16, ref_offsets=(0,), weak_offset=0)
    with pytest.raises(ValueError, match="weak offset"):
        gc.register_type("Bad", fixed_size=16, weak_offset=12)
    with pytest.raises(ValueError, match="weak offset"):
        gc.register_type("Bad", fixed_size=16, weak_offset=16)
    with pytest.raises(ValueError, match="weak_offset=8"):
        gc.register_type("Weak", fixed_size=24, ref_offsets=(0,))     # another layout
    assert gc.register_type("Weak", fixed_size=24, ref_offsets=(0,), weak_offset=8) == wtid
    del t
    gc.collect_major()
    w.set_weak(node(gc, tid, 3))            # cleared by the core: registered again
    assert ident(w.get_weak()) == 3


def test_the_verifier_knows_the_weak_fields():
    gc, tid, wtid = heap(debug=False)
    w = node(gc, wtid, 1)
    t = node(gc, tid, 2)
    w._set_weak_without_registering(t)
    with pytest.raises(RuntimeError, match="weak field holds a reference the core does not know of"):
        gc.check_heap()
    w._set_weak_without_registering(None)
    w.set_weak(t)
    gc.collect_minor()
    gc.check_heap()
    w._set_weak_without_registering(node(gc, tid, 3))       # an old weakref, a young target
    with pytest.raises(RuntimeError, match="young one in an old registration"):
        gc.check_heap()


# ____________________________________________________________________________
# Incremental major collections

def marking_started(gc):
    gc.collect_minor()
    assert gc.collect_step(0) == STATE_MARKING


@pytest.mark.parametrize("budget", [0, 48, 10 ** 6])
def test_weak_references_are_cleared_at_the_end_of_a_marking(budget):
    gc, tid, wtid = heap()
    targets = [node(gc, tid, i) for i in range(50)]
    weaks = [weak(gc, wtid, t, i, notify=i % 2 == 0) for i, t in enumerate(targets)]
    marking_started(gc)
    del targets[::2]                        # dead after the marking started: alive for it
    gc.collect_step(budget)
    step_until_idle(gc, budget)
    assert all(ident(w.get_weak()) == i for i, w in enumerate(weaks))
    assert gc.take_cleared_weakrefs() == []
    gc.collect_minor()
    gc.collect_step(0)
    while gc.stats["gc_state"] == STATE_MARKING:
        assert all(w.get_weak() is not None for w in weaks)     # nothing cleared while marking
        gc.collect_step(budget)
    assert gc.stats["gc_state"] == STATE_SWEEPING           # cleared before the sweep frees them
    assert [ident(w.get_weak()) for w in weaks] == [None if i % 2 == 0 else i for i in range(50)]
    assert {ident(w) for w in gc.take_cleared_weakrefs()} == set(range(0, 50, 2))
    step_until_idle(gc, budget)
    assert gc.stats["total_memory_used"] == 50 * gc.size_of(wtid) + 25 * gc.size_of(tid)


@pytest.mark.parametrize("into", ["root", "traced object", "untraced object", "young object"])
def test_a_target_read_during_the_marking_and_stored_is_kept(into):
    # t is reachable only through w's weak reference when the marking
    # starts.  Read from it and stored -- into a root, into an object the
    # marking has traced (black) or not yet (white), into a young one -- it
    # is reachable again, and the marking must see it (the barrier, the copy
    # of the young object, the roots' rescan at its end): not cleared, not freed.
    gc, tid, wtid = heap()
    root = node(gc, tid, 100)
    root.set_ref(0, node(gc, tid, 101))     # white until root is traced
    t = node(gc, tid, 1)
    t.set_ref(0, node(gc, tid, 2))
    w = weak(gc, wtid, t, notify=True)
    gc.collect_minor()                      # all old
    del t
    marking_started(gc)                     # the roots (root, w) are gray
    black = node(gc, tid, 102)
    gc.collect_step(0)                      # black: promoted, marked, traced first
    keep = {"root": None, "traced object": black, "untraced object": root.get_ref(0),
            "young object": node(gc, tid, 103)}[into]
    if keep is None:
        keep = w.get_weak()
    else:
        keep.set_ref(1, w.get_weak())
        if into != "young object":
            del keep
    gc.check_heap()
    assert gc.stats["gc_state"] == STATE_MARKING
    step_until_idle(gc, 16)
    assert ident(w.get_weak()) == 1 and ident(w.get_weak().get_ref(0)) == 2
    assert gc.take_cleared_weakrefs() == []
    gc.collect_major()
    assert ident(w.get_weak()) == 1 and ident(w.get_weak().get_ref(0)) == 2


def test_weakrefs_made_during_marking_and_sweeping():
    gc, tid, wtid = heap()
    old = [node(gc, tid, i) for i in range(30)]
    gc.collect_minor()
    marking_started(gc)
    during_marking = [weak(gc, wtid, t, i, notify=True) for i, t in enumerate(old)]
    young = [node(gc, tid, 100 + i) for i in range(10)]
    during_marking += [weak(gc, wtid, t, 100 + i, notify=True) for i, t in enumerate(young)]
    del old[10:], young[5:]
    state = gc.collect_step(10 ** 6)
    while state == STATE_MARKING:
        state = gc.collect_step(10 ** 6)
    assert state == STATE_SWEEPING
    # registered after the marking started: its targets were alive when it began
    # (old[10:]) are kept by it; young[5:] died young in its first minor collection
    assert [ident(w.get_weak()) for w in during_marking] == list(range(30)) + \
        [100 + i if i < 5 else None for i in range(10)] or not TIMED
    during_sweeping = [weak(gc, wtid, t, i) for i, t in enumerate(old)]
    step_until_idle(gc, 4096)
    gc.collect_major()
    assert [ident(w.get_weak()) for w in during_marking] == list(range(10)) + [None] * 20 + \
        [100 + i if i < 5 else None for i in range(10)]
    assert [ident(w.get_weak()) for w in during_sweeping] == list(range(10))
    gc.check_heap()


@pytest.mark.parametrize("incremental", [True, False])
def test_cleared_before_the_targets_memory_is_reused(incremental):
    # Under GC_DEBUG freed cells are poisoned and the verifier runs after
    # every step: a weak field left pointing at a freed target fails it.
    # Fill the heap again with the same cells, then look at every field.
    gc, tid, wtid = heap(incremental=incremental, nursery_size=16384)
    weaks = []
    for round_no in range(6):
        targets = [node(gc, tid, 1000 * round_no + i) for i in range(300)]
        weaks += [weak(gc, wtid, t, 1000 * round_no + i) for i, t in enumerate(targets)]
        del targets[::3]
        for _ in range(2000):
            gc.alloc(tid)                   # garbage: collections in steps
        kept = targets
    gc.collect_major()
    alive = {ident(t) for t in kept}
    for w in weaks:
        target = w.get_weak()
        assert target is None or (ident(target) in alive and ident(target) == ident(w))
    assert sum(w.get_weak() is not None for w in weaks) == len(kept)
