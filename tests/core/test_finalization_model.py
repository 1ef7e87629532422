"""Weak references, finalizers and death notices against the model of
vmsample/core/finalizers.pxi's finalization order (model.Finalization): a
random heap of cells (two strong references, a weak field, an id), random
registrations, then a collection that judges every object -- a minor one of
an all-young heap (nursery cells, or all young large objects), a major one
of an all-old heap, stop-the-world or marked in steps of a random budget --
must clear exactly the weak references the model clears, notify exactly its
weakref objects, queue exactly its objects to finalize and its death
notices' words, and keep exactly its survivors (the heap verifier runs
after every collection).  Then the queues are taken, some finalized objects
resurrected, and a second collection is held to the model again."""

from collections import Counter

from hypothesis import given, settings, strategies as st

from vmsample import Nursery
from vmsample._nursery import STATE_SCANNING
from model import Finalization, examples

ID = 24


def cell_heap(large, incremental):
    gc = Nursery(nursery_size=64 * 1024, large_object_threshold=32 if large else None, stress=0,
                 debug=True, incremental=incremental)
    return gc, gc.register_type("Cell", fixed_size=32, ref_offsets=(0, 8), weak_offset=16)


@st.composite
def heaps(draw):
    n = draw(st.integers(1, 24))
    index = st.integers(0, n - 1)
    return {
        "edges": [[draw(st.one_of(st.none(), index)) for _ in range(2)] for _ in range(n)],
        "roots": draw(st.sets(index)),
        "weak": draw(st.dictionaries(index, st.tuples(index, st.booleans(), st.booleans()))),
        "finalizers": draw(st.sets(index)),
        "notices": draw(st.lists(st.tuples(index, st.integers(0, 2**64 - 1)), max_size=n)),
        "resurrect": draw(st.sets(index)),
    }


def reachable_refs(gc, roots):
    """{id: Ref} of everything the roots and the queues reach."""
    queues = gc.finalization_queues()
    found, todo = {}, list(roots) + queues.finalizable + queues.cleared_weakrefs
    while todo:
        ref = todo.pop()
        oid = ref.read_word(ID)
        if oid not in found:
            found[oid] = ref
            todo.extend(r for r in (ref.get_ref(0), ref.get_ref(1)) if r is not None)
    return found


def collect(gc, path, budget):
    if path == "minor":
        gc.collect_minor()
    elif path == "incremental":
        gc.collect_minor()
        assert gc.collect_step(0) != STATE_SCANNING
        while gc.collect_step(budget) != STATE_SCANNING:
            pass
    else:
        gc.collect_major()


def check(gc, roots, model, survivors, finalizable, notified, words, weak_targets):
    found = reachable_refs(gc, roots)
    assert set(found) == survivors
    assert gc.stats["total_memory_used"] == len(survivors) * gc.size_of(gc.type_id("Cell"))
    queues = gc.finalization_queues()
    assert Counter(r.read_word(ID) for r in queues.finalizable) == Counter(finalizable)
    assert Counter(r.read_word(ID) for r in queues.cleared_weakrefs) == Counter(notified)
    assert Counter(queues.death_notices) == Counter(words)
    for w, ref in found.items():
        target = ref.get_weak()
        if w in model.weak:
            assert target is not None and target.read_word(ID) == model.weak[w][0]
        else:
            assert target is None or w not in weak_targets
    for oid, (a, b) in model.edges.items():
        assert [r and r.read_word(ID) for r in (found[oid].get_ref(0), found[oid].get_ref(1))] == [a, b]
    gc.check_heap()


def build(gc, tid, heap, model, all_old):
    """The heap and its registrations, in [gc] and in [model]; returns the
    Refs of the roots (the other Refs die here)."""
    refs = [gc.alloc(tid) for _ in heap["edges"]]
    for i, edges in enumerate(heap["edges"]):
        refs[i].write_word(ID, i)
        for slot, j in enumerate(edges):
            if j is not None:
                refs[i].set_ref(slot, refs[j])
        model.edges[i] = edges
    for w, (t, notify, long) in heap["weak"].items():
        refs[w].set_weak(refs[t], notify=notify, track_resurrection=long)
        model.weak[w] = (t, notify, long)
    for x in heap["finalizers"]:
        refs[x].register_finalizer()
        model.finalizers.add(x)
    for x, word in heap["notices"]:
        refs[x].register_death_notice(word)
        model.notices.append((x, word))
    gc.check_heap()
    if all_old:
        gc.collect_minor()                  # every object reached: nothing judged yet
    return [refs[i] for i in sorted(heap["roots"])]


@settings(max_examples=examples(120), deadline=None)
@given(heap=heaps(), path=st.sampled_from(["minor", "major", "incremental", "stop-the-world"]),
       large=st.booleans(), budget=st.integers(0, 400))
def test_collections_against_the_model(heap, path, large, budget):
    gc, tid = cell_heap(large, incremental=path != "stop-the-world")
    hooks = gc._install_test_hooks()
    model = Finalization()
    roots = build(gc, tid, heap, model, all_old=path != "minor")
    assert gc.finalization_queues() == ([], [], []) and hooks.finalization_calls == 0
    weak_targets = dict(model.weak)

    survivors, finalizable, notified, words = model.collect(heap["roots"])
    collect(gc, path, budget)
    check(gc, roots, model, survivors, finalizable, notified, words, weak_targets)
    assert (hooks.finalization_calls > 0) == bool(finalizable or notified or words)

    # The embedder takes the queues; some finalizers resurrect their object.
    taken = gc.take_finalizable()
    gc.take_cleared_weakrefs()
    gc.take_death_notices()
    assert gc.finalization_queues() == ([], [], [])
    roots += [ref for ref in taken if ref.read_word(ID) in heap["resurrect"]]
    del taken
    model.queued = []
    survivors, finalizable, notified, words = model.collect({r.read_word(ID) for r in roots})
    gc.collect_major()
    check(gc, roots, model, survivors, finalizable, notified, words, weak_targets)
    assert not finalizable          # each finalizer ran once: none is queued again
