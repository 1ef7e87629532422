"""The C-level hooks (on_sample, on_minor_collection, on_major_collection,
trace_roots) receive what the Python-level logs show, at the right moments;
exercised through recording hooks written in C (Nursery._install_test_hooks)."""

import gc as pygc

from vmsample import Nursery
from vmsample import _nursery as core


def make(**kw):
    gc = Nursery(nursery_size=1024, large_object_threshold=256, debug=True, stress=0, **kw)
    node = gc.register_type("Node", fixed_size=24, ref_offsets=(0,))
    blob = gc.register_type("Blob", item_size=1)
    return gc, node, blob


def test_hooks_see_every_sample_minor_collection_and_major_state():
    gc, node, blob = make()
    rec = gc._install_test_hooks()
    gc.enable_sampling(100, first_offset=100)
    keep = [gc.alloc(node) for _ in range(100)]
    gc.alloc(blob, 1000)
    gc.collect_major()
    samples = rec.samples
    assert [s[0] for s in samples] == list(range(gc.samples_taken))
    assert [(s[0], s[1], s[2], s[3]) for s in samples] == \
        [(r.seq, r.size, r.type_id, r.large) for r in gc.sample_records()]
    assert rec.minors == gc.minor_collections()
    assert len(rec.minors) == gc.stats["minor_collections"]
    assert rec.majors == gc.major_events()
    assert [e.state for e in rec.majors][-4:] == [core.STATE_MARKING, core.STATE_SWEEPING,
                                                  core.STATE_FINALIZING, core.STATE_SCANNING]
    del keep


def test_hooks_run_even_with_the_python_logs_off():
    gc, node, _ = make(keep_sample_log=False, keep_gc_log=False)
    rec = gc._install_test_hooks()
    gc.enable_sampling(64, first_offset=64)
    for _ in range(200):
        gc.alloc(node)
    gc.collect_minor()
    assert len(rec.samples) == gc.samples_taken == (200 * 32 - 1) // 64
    assert sum(len(m.outcomes) for m in rec.minors) == gc.samples_taken
    assert gc.sample_records() == [] and gc.minor_collections() == []


def test_trace_roots_hook_keeps_objects_alive_and_sees_them_move():
    gc, node, _ = make()
    rec = gc._install_test_hooks(n_roots=2)
    a = gc.alloc(node)
    a.write_word(8, 1234)
    rec.set_root(0, a)
    rec.set_root(1, 0x7)                # a tagged immediate: reported, never followed
    young = a.address
    del a
    pygc.collect()
    gc.collect_minor()
    a = rec.get_root(0)
    assert a.address != young and a.read_word(8) == 1234 and not a.is_young
    del a
    gc.collect_major()
    assert rec.get_root(0).read_word(8) == 1234 and rec.get_root(1) == 0x7
    assert gc.stats["total_memory_used"] == 32
    rec.set_root(0, None)
    gc.collect_major()
    assert gc.stats["total_memory_used"] == 0


def test_roots_reported_in_one_call_are_kept_and_updated_as_one_at_a_time_are():
    # The recorder reports its first half of roots with gc_visit_root, the
    # rest with one gc_visit_roots: there a minor collection skips, inline,
    # the slots that hold no young object (immediates, old objects).
    gc, node, _ = make()
    rec = gc._install_test_hooks(n_roots=5)
    old = gc.alloc(node)
    old.write_word(8, 3)
    rec.set_root(3, old)
    gc.collect_minor()
    old_address = rec.get_root(3).address
    del old
    for i, value in ((0, 1), (2, 2), (4, 5)):
        young = gc.alloc(node)
        young.write_word(8, value)
        rec.set_root(i, young)
    rec.set_root(1, 0x7)
    addresses = [rec.get_root(i).address for i in (0, 2, 4)]
    del young
    pygc.collect()
    gc.collect_minor()
    moved = [rec.get_root(i) for i in (0, 2, 4)]
    assert [r.read_word(8) for r in moved] == [1, 2, 5]
    assert all(not r.is_young for r in moved)
    assert [r.address for r in moved] != addresses and all(a not in addresses for a in (r.address for r in moved))
    assert rec.get_root(1) == 0x7 and rec.get_root(3).address == old_address
    del moved
    gc.collect_major()
    assert gc.stats["total_memory_used"] == 4 * 32


def test_the_roots_hook_knows_a_minor_collection_from_other_visits():
    # gc_visit_is_minor: a hook may skip roots it knows are old only when a
    # minor collection visits; marking and the heap verifier need them all.
    gc, node, _ = make()
    rec = gc._install_test_hooks(n_roots=1)
    rec.set_root(0, gc.alloc(node))
    gc.collect_minor()
    minors, verified = rec.root_visits  # (the debug heap verifies after each collection)
    assert minors == 1
    gc.collect_major()                  # its minor collection, then the marking's visits
    minors, others = rec.root_visits
    assert minors == 2 and others > verified


def test_dropping_the_recorder_uninstalls_the_hooks():
    gc, node, _ = make()
    rec = gc._install_test_hooks(n_roots=1)
    rec.set_root(0, gc.alloc(node))
    del rec
    pygc.collect()
    gc.enable_sampling(1)
    gc.alloc(node)
    gc.collect_major()                  # would crash if a freed recorder were still called
    assert gc.stats["total_memory_used"] == 0


def test_the_pause_hook_sees_every_pause_the_log_shows_with_its_minor_collection():
    # Allocation-triggered collections are pauses; the ones asked for are not.
    gc, node, _ = make()
    rec = gc._install_test_hooks()
    keep = []
    for i in range(5000):
        keep.append(gc.alloc(node))
        if len(keep) > 300:
            keep = keep[150:]
    gc.collect_minor()
    gc.collect_major()
    pauses = rec.pauses
    assert pauses and [p for _, p in pauses] == gc.pauses()
    assert len(pauses) == gc.stats["pauses"] < gc.stats["minor_collections"]
    minors = {m.index: m for m in rec.minors}
    for index, p in pauses:
        m = minors[index]
        assert p.time_ns <= m.time_ns and m.time_ns + m.duration_ns <= p.time_ns + p.duration_ns
        assert 0 <= p.major_ns <= p.duration_ns - m.duration_ns
    assert [e.state for e in rec.majors].count(core.STATE_MARKING) >= 2     # steps ran in pauses
    del keep
