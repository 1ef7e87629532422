"""Incremental major collection (vmsample/core/major.pxi): the
incremental-update invariant under writes into marked objects, objects
allocated during marking, the phases in the statistics, and the pacing that
ends a marking before the old space passes its deadline.  The random
interleavings are in test_fuzz.py; these are the cases a fuzzer finds rarely."""

import pytest

from vmsample import Nursery
from vmsample._nursery import STATE_FINALIZING, STATE_MARKING, STATE_SCANNING, STATE_SWEEPING

ID_WORD = 16    # Node: two references, then its id
PAGE = 4096     # a sweep step's budget counts bytes of pages


def node_heap(**kw):
    # no GC stress: these tests choose when collections and steps happen
    kw.setdefault("nursery_size", 4096)
    kw.setdefault("stress", 0)
    gc = Nursery(**kw)
    return gc, gc.register_type("Node", fixed_size=24, ref_offsets=(0, 8))


def new_node(gc, tid, ident):
    ref = gc.alloc(tid)
    ref.write_word(ID_WORD, ident)
    return ref


def step_until_idle(gc, budget, check=True):
    steps = 0
    while gc.collect_step(budget) != STATE_SCANNING:
        steps += 1
        if check:
            gc.check_heap()
        assert steps < 100000
    return steps


@pytest.mark.parametrize("budget", [0, 16, 48, 200, 1000])
def test_write_into_marked_object_keeps_its_target(budget):
    # A_i -> W_i and B_i are roots when the marking starts.  After some steps
    # (B_i may be black, W_i still white), W_i moves from A_i to B_i and loses
    # every other reference.  Only the re-graying of written marked objects
    # keeps W_i alive; without it check_heap() reports the black-to-white
    # edge and the sweep frees W_i.
    gc, tid = node_heap(debug=False)
    # (all A_i first, so that the roots' order puts the B_i on top of the gray stack)
    heads = []
    for i in range(60):
        a, w = new_node(gc, tid, 3 * i), new_node(gc, tid, 3 * i + 2)
        a.set_ref(0, w)
        heads.append(a)
        del w
    pairs = [(a, new_node(gc, tid, 3 * i + 1)) for i, a in enumerate(heads)]
    del heads
    gc.collect_minor()
    assert gc.collect_step(0) == STATE_MARKING       # start: the roots are gray
    for _ in range(3):
        gc.collect_step(budget)
    for a, b in pairs:
        w = a.get_ref(0)
        b.set_ref(1, w)
        a.set_ref(0, None)
        del w
        gc.check_heap()
    step_until_idle(gc, budget)
    gc.collect_major()
    gc.check_heap()
    for i, (a, b) in enumerate(pairs):
        w = b.get_ref(1)
        assert w.type_id == tid and w.read_word(ID_WORD) == 3 * i + 2
        assert a.get_ref(0) is None


def test_objects_allocated_during_marking_survive_it_and_die_in_the_next():
    gc, tid = node_heap(debug=True)
    keep = new_node(gc, tid, 0)
    gc.collect_minor()
    gc.collect_step(0)
    old_root = keep
    # a young chain hung from an old, already marked object
    for i in range(1, 400):
        n = new_node(gc, tid, i)
        n.set_ref(0, old_root.get_ref(0))
        old_root.set_ref(0, n)
        if i % 50 == 0:
            gc.collect_step(32)
    step_until_idle(gc, 32)
    node, seen = keep.get_ref(0), []
    while node is not None:
        seen.append(node.read_word(ID_WORD))
        node = node.get_ref(0)
    assert seen == list(range(399, 0, -1))
    # dropped now, they are garbage for the next collection
    del n
    keep.set_ref(0, None)
    before = gc.stats["total_memory_used"]
    gc.collect_major()
    assert gc.stats["total_memory_used"] == gc.size_of(tid) < before


@pytest.mark.parametrize("budget", [0, 64, 1000])
def test_young_object_holding_the_last_reference_to_a_white_object(budget):
    # keep -> A -> W, all old, marking started (only the roots are gray).  A
    # young N takes W, A lets go of it, keep points to N.  N's copy is then
    # the only way to W: the copy must be traced, not only marked.
    gc, tid = node_heap(debug=False)
    keep, a = new_node(gc, tid, 0), new_node(gc, tid, 1)
    a.set_ref(0, new_node(gc, tid, 2))
    keep.set_ref(0, a)
    del a
    gc.collect_minor()
    assert gc.collect_step(0) == STATE_MARKING
    n = new_node(gc, tid, 3)
    n.set_ref(0, keep.get_ref(0).get_ref(0))
    keep.get_ref(0).set_ref(0, None)
    keep.set_ref(1, n)
    del n
    gc.collect_minor()
    gc.check_heap()
    step_until_idle(gc, budget)
    gc.collect_major()
    w = keep.get_ref(1).get_ref(0)
    assert w.type_id == tid and w.read_word(ID_WORD) == 2


def test_phases_in_minor_records_and_major_events():
    gc, tid = node_heap(debug=True)
    roots = [new_node(gc, tid, i) for i in range(100)]
    gc.clear_logs()
    gc.collect_step(0)
    gc.collect_step(0)
    assert gc.stats["gc_state"] == STATE_MARKING
    step_until_idle(gc, 64)
    # scanning, then marking, sweeping and one finalizing, in order, as
    # PyPy's minor collections report them; the step after the last minor
    # collection finalized the collection
    states = [m.gc_state for m in gc.minor_collections()]
    assert states == sorted(states) and states[0] == STATE_SCANNING
    assert states.count(STATE_MARKING) >= 1 and states.count(STATE_SWEEPING) >= 1
    assert states[-1] == STATE_FINALIZING and states.count(STATE_FINALIZING) == 1
    assert [e.state for e in gc.major_events()] == [STATE_MARKING, STATE_SWEEPING,
                                                    STATE_FINALIZING, STATE_SCANNING]
    times = [e.time_ns for e in gc.major_events()]
    assert times == sorted(times)
    assert len(roots) == 100


def test_stop_the_world_mode_has_no_marking_between_minors():
    gc, tid = node_heap(incremental=False, debug=True)
    assert not gc.incremental
    keep = []
    for i in range(20000):
        r = new_node(gc, tid, i)
        if i % 5 == 0:
            keep.append(r)
        if i % 1000 == 0:
            del keep[:100]
    assert gc.stats["major_collections"] > 0 and gc.stats["major_steps"] == 0
    assert all(m.gc_state == STATE_SCANNING for m in gc.minor_collections())


def test_allocation_drives_marking_in_steps_and_keeps_the_deadline():
    # A list of 2000 live nodes and garbage in between: the marking started by
    # allocation takes several steps and ends before the old space passes its
    # start size by PACE_SLACK (plus one nursery of survivors).
    gc, tid = node_heap(nursery_size=4096, debug=True)
    head = new_node(gc, tid, 0)
    events = []
    for i in range(1, 60000):
        n = gc.alloc(tid)
        if i % 30 == 0:
            n.set_ref(0, head.get_ref(0))
            head.set_ref(0, n)
        if gc.stats["gc_state"] == STATE_MARKING:
            events.append(gc.stats["total_memory_used"])
    st = gc.stats
    assert st["major_collections"] >= 2
    assert st["major_steps"] > st["major_collections"]
    marking = [m for m in gc.minor_collections() if m.gc_state == STATE_MARKING]
    assert marking
    starts = [e for e in gc.major_events() if e.state == STATE_MARKING]
    ends = [e for e in gc.major_events() if e.state == STATE_SWEEPING]
    for s, e in zip(starts, ends):
        assert e.total_memory_used <= s.total_memory_used * 1.25 + 2 * gc.nursery_size
    n, count = head.get_ref(0), 0
    while n is not None:
        count += 1
        n = n.get_ref(0)
    assert count == 59999 // 30


def test_collect_major_finishes_a_marking_and_counts_exactly():
    gc, tid = node_heap(debug=True)
    keep = new_node(gc, tid, 0)
    garbage = [new_node(gc, tid, i) for i in range(1, 50)]
    gc.collect_minor()
    gc.collect_step(0)
    gc.collect_step(16)
    del garbage        # dead after the marking started: survive it, die in the next
    dead = gc.collect_major()
    assert dead == 49
    assert gc.stats["gc_state"] == STATE_SCANNING
    assert gc.stats["total_memory_used"] == gc.size_of(tid)
    assert keep.read_word(ID_WORD) == 0


def test_sampled_objects_die_only_in_a_sweep_that_found_them_unmarked():
    gc, tid = node_heap(debug=True)
    gc.enable_sampling(64, mode="fixed")
    owner = {}

    def sampled(i):
        seq0 = gc.samples_taken
        ref = new_node(gc, tid, i)
        owner.update(dict.fromkeys(range(seq0, gc.samples_taken), i))
        return ref

    keep = [sampled(i) for i in range(20)]
    drop = [sampled(i) for i in range(20, 40)]
    gc.collect_minor()
    gc.collect_step(0)                      # marking starts: drop[] is still reachable
    del drop[:]
    during = [sampled(i) for i in range(40, 60)]
    step_until_idle(gc, 48)
    first = gc.stats["major_collections"]
    assert all(r.died_major is None for r in gc.sample_records())   # none was dead at the start
    gc.collect_major()
    recs = gc.sample_records()
    assert recs and all(r.survived for r in recs)
    dead = {owner[r.seq] for r in recs if r.died_major is not None}
    assert dead == {owner[r.seq] for r in recs if 20 <= owner[r.seq] < 40} != set()
    assert all(r.died_major == first + 1 for r in recs if r.died_major is not None)
    assert sorted(gc.followed_samples()) == sorted(r.seq for r in recs if r.died_major is None)
    assert len(keep) == len(during) == 20


def sweep_under_way(gc, tid, live, garbage):
    """An old space of [live] + [garbage] nodes spread over many pages (the
    two interleaved, so that most pages keep some live cells), and a major
    collection marked to its end: the state is SWEEPING, no page swept."""
    keep, drop = [], []
    for i in range(live + garbage):
        (keep if i % (1 + garbage // live) == 0 else drop).append(new_node(gc, tid, i))
    gc.collect_minor()
    del drop[:]
    state = gc.collect_step(0)
    while state == STATE_MARKING:
        state = gc.collect_step(10 ** 9)
    assert state == STATE_SWEEPING
    return keep


def test_sweep_runs_in_steps_and_frees_as_it_goes():
    gc, tid = node_heap(debug=True)
    keep = sweep_under_way(gc, tid, 500, 4500)
    gc.clear_logs()
    used = [gc.stats["total_memory_used"]]
    while gc.collect_step(PAGE) == STATE_SWEEPING:       # a page per step
        used.append(gc.stats["total_memory_used"])
    assert gc.collect_step(PAGE) == STATE_SCANNING       # finalizing: a step of its own
    used.append(gc.stats["total_memory_used"])
    assert len(used) > 20                                # many steps ...
    assert used == sorted(used, reverse=True)            # ... each freeing some
    assert used[-1] == len({r.read_word(ID_WORD) for r in keep}) * gc.size_of(tid)
    states = [m.gc_state for m in gc.minor_collections()]
    assert states.count(STATE_SWEEPING) == len(used) - 1 and states[-1] == STATE_FINALIZING


@pytest.mark.parametrize("budget", [0, PAGE, 8 * PAGE])
def test_objects_promoted_during_sweeping_survive_it(budget):
    # Survivors copied while the sweep runs fill the holes earlier
    # collections left in pages this sweep has not passed: unmarked there,
    # the sweep would free them.  They are allocated black.
    gc, tid = node_heap(debug=True)
    keep = sweep_under_way(gc, tid, 300, 2700)
    gc.collect_major()                                   # holes in every page
    more = [new_node(gc, tid, 10 ** 6 + i) for i in range(3000)]
    keep += more[::10]
    gc.collect_minor()
    del more
    state = gc.collect_step(0)
    while state == STATE_MARKING:
        state = gc.collect_step(10 ** 9)
    young = []
    while state == STATE_SWEEPING:
        young += [new_node(gc, tid, 2 * 10 ** 6 + len(young) + i) for i in range(40)]
        state = gc.collect_step(budget)
    gc.check_heap()
    assert [r.read_word(ID_WORD) for r in young] == [2 * 10 ** 6 + i for i in range(len(young))]
    expected = (len(keep) + len(young)) * gc.size_of(tid)
    gc.collect_major()
    assert gc.stats["total_memory_used"] == expected
    del young
    gc.collect_major()                                   # marked for one sweep only: now they die
    assert gc.stats["total_memory_used"] == len(keep) * gc.size_of(tid)


def test_collect_major_during_sweeping_ends_it_and_collects_again():
    gc, tid = node_heap(debug=True)
    keep = sweep_under_way(gc, tid, 100, 900)
    gc.collect_step(PAGE)
    drop = keep[50:]
    del keep[50:]
    del drop                  # died after the marking: the sweep under way keeps them
    dead = gc.collect_major()
    assert gc.stats["gc_state"] == STATE_SCANNING
    assert gc.stats["total_memory_used"] == 50 * gc.size_of(tid)
    assert dead >= 50
    states = [e.state for e in gc.major_events()]
    assert states[-8:] == [STATE_MARKING, STATE_SWEEPING, STATE_FINALIZING, STATE_SCANNING] * 2


def test_samples_promoted_during_sweeping_are_followed_until_they_die():
    gc, tid = node_heap(debug=True)
    keep = sweep_under_way(gc, tid, 200, 1800)
    gc.enable_sampling(64, mode="fixed")
    first = gc.samples_taken
    during = [new_node(gc, tid, i) for i in range(200)]
    while gc.collect_step(PAGE) == STATE_SWEEPING:
        pass
    seqs = [r.seq for r in gc.sample_records() if r.seq >= first and r.survived]
    assert seqs and set(seqs) <= set(gc.followed_samples())
    del during
    gc.collect_major()
    assert all(r.died_major == gc.stats["major_collections"]
               for r in gc.sample_records() if r.seq in seqs)
    assert len(keep) == 200


def test_pauses_are_the_collections_allocation_triggered():
    gc, tid = node_heap()
    keep = []
    for i in range(20000):
        r = new_node(gc, tid, i)
        if i % 10 == 0:
            keep.append(r)
        if i % 3000 == 0:
            del keep[: len(keep) // 2]
    st, pauses, minors = gc.stats, gc.pauses(), gc.minor_collections()
    assert st["major_collections"] >= 1 and st["major_steps"] > 0
    assert len(pauses) == st["pauses"] == len(minors) > 0
    lengths = [p.duration_ns for p in pauses]
    assert sum(lengths) == st["pause_total_ns"] and max(lengths) == st["pause_max_ns"]
    assert max(p.major_ns for p in pauses) == st["major_work_max_ns"] > 0
    for p, m in zip(pauses, minors):         # a minor collection, then major work
        assert p.time_ns <= m.time_ns and m.time_ns + m.duration_ns + p.major_ns <= p.time_ns + p.duration_ns
    assert st["peak_memory_used"] == max(m.total_memory_used for m in minors)
    gc.collect_major()                      # asked for: not a pause
    assert gc.pauses() == pauses and gc.stats["pauses"] == len(pauses)
    gc.clear_logs()
    assert gc.pauses() == [] and gc.stats["pauses"] == len(pauses)


def array_heap(**kw):
    gc, tid = node_heap(**kw)
    return gc, tid, gc.register_type("Array", fixed_size=8, item_size=8, items_are_refs=True)


def test_stores_into_a_large_old_array_remember_slots_not_the_array():
    gc, tid, arr_tid = array_heap(debug=True)
    arr = gc.alloc(arr_tid, 2000)               # large: malloc'ed alone, old at once
    gc.collect_minor()
    for round_no in range(5):
        for i in range(round_no, 2000, 97):
            arr.set_item(i, new_node(gc, tid, 10 * i + round_no))
        gc.check_heap()                         # each young referent: a remembered slot
        gc.collect_minor()
    for i in range(2000):
        node = arr.get_item(i)
        if node is not None:
            last = max(r for r in range(5) if r <= i and (i - r) % 97 == 0)
            assert node.read_word(ID_WORD) == 10 * i + last


def test_a_store_into_a_marked_large_array_marks_the_old_value():
    # a -> w, both old; arr (large) black, a still gray, w white.  w moves
    # from a into arr.  The array is never remembered (the slot barrier), so
    # only shading w at the store keeps it alive; else check_heap() reports
    # the black-to-white edge and the sweep frees w.
    gc, tid, arr_tid = array_heap(debug=False)
    a = new_node(gc, tid, 1)                    # its root first: traced after arr's
    a.set_ref(0, new_node(gc, tid, 2))
    arr = gc.alloc(arr_tid, 100)
    gc.collect_minor()
    assert gc.collect_step(0) == STATE_MARKING  # a and arr gray
    gc.collect_step(0)                          # one object traced: arr (the gray stack's top)
    arr.set_item(0, a.get_ref(0))
    a.set_ref(0, None)
    gc.check_heap()
    step_until_idle(gc, 0)
    gc.check_heap()
    assert arr.get_item(0).read_word(ID_WORD) == 2


def test_a_big_array_is_marked_a_chunk_at_a_time():
    # 40000 references: marking traces them MARK_CHUNK_ITEMS (2048) at a time, the array gray
    # until the last chunk.  Stores into it meanwhile, into the part already
    # traced, of nodes from the part not traced yet, keep those nodes alive.
    gc, tid, arr_tid = array_heap(debug=False)
    n = 40000
    arr = gc.alloc(arr_tid, n)
    for i in range(n):
        arr.set_item(i, new_node(gc, tid, i))
    gc.collect_minor()
    assert gc.collect_step(0) == STATE_MARKING      # the roots: arr gray
    steps = 0
    while gc.collect_step(0) == STATE_MARKING and steps < 2:    # one unit of work each
        steps += 1
        gc.check_heap()                              # a partly traced array is gray
    for i in range(10):                              # chunk 0 is traced, the last one not
        arr.set_item(i, arr.get_item(n - 1 - i))
        arr.set_item(n - 1 - i, None)
    gc.check_heap()
    step_until_idle(gc, 0, check=False)
    gc.collect_major()
    assert [arr.get_item(i).read_word(ID_WORD) for i in range(10)] == [n - 1 - i for i in range(10)]
    assert gc.stats["total_memory_used"] == gc.size_of(arr_tid, n) + (n - 10) * gc.size_of(tid)


def test_the_end_of_a_marking_is_not_cut_short_by_the_steps_time_limit():
    # w -> chain, all old; the marking has started (w gray).  The chain moves
    # from w to a root, out of every barrier's sight, so only the roots'
    # rescan when the marking ends finds it.  That finish runs inside a step
    # that allocation triggered, whose time is up at once here: a drain that
    # stopped at the step's time limit left the chain gray but untraced, and
    # the sweep freed the rest of it under the root.
    from vmsample._nursery import _set_step_time_ns
    gc, tid = node_heap(nursery_size=16384, debug=True)
    w = new_node(gc, tid, 0)
    cur = new_node(gc, tid, 1)
    w.set_ref(0, cur)
    for i in range(2, 1000):
        nxt = new_node(gc, tid, i)
        cur.set_ref(0, nxt)
        cur = nxt
    del cur, nxt
    gc.collect_major()
    assert gc.collect_step(0) == STATE_MARKING
    chain = w.get_ref(0)
    w.set_ref(0, None)
    previous = _set_step_time_ns(0, 0)
    try:
        minors = gc.stats["minor_collections"]
        while gc.stats["minor_collections"] == minors:
            gc.alloc(tid)                   # garbage, until a minor collection and its step
    finally:
        _set_step_time_ns(*previous)
    assert gc.stats["gc_state"] == STATE_SWEEPING
    gc.check_heap()
    ids = []
    while chain is not None:
        ids.append(chain.read_word(ID_WORD))
        chain = chain.get_ref(0)
    assert ids == list(range(1, 1000))
