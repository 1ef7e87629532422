# vmsample/core/finalizers.pxi -- finalizers, death notices and the queues
# the embedder drains (included by _nursery.pyx; docs/design.md §2.8).
#
# Owns: GCFinalization (GCPrivate.fin, NULL until the first registration):
# every registration -- weak references (weakrefs.pxi), finalizers, death
# notices -- and the three queues; the finalization order each collection
# runs (judge_registrations); gc_finalizer_register, gc_death_notice_register,
# the gc_next_* drains, the on_finalization hook, and their part of the heap
# verifier.
#
# Registrations.  Per object, an embedder registers
#   * a weak reference: the object's weak field (weakrefs.pxi);
#   * a finalizer (PEP 442: __del__): when a collection finds the object
#     unreachable it does not free it: it keeps it alive with everything it
#     reaches (resurrects it: copies it out of the nursery like a survivor,
#     or marks it), and queues it in [finalizable].  The registration is used
#     up, so the finalizer runs once; the object is freed by a later
#     collection that finds it unreachable again -- never, if the finalizer
#     stored it somewhere.  At most one per object (the verifier checks);
#   * a death notice with a word of its own: when the object dies (is
#     freed -- not while a finalizer keeps it), the word is queued in
#     [dead_words].  Nothing is resurrected: the cheap kind, to release what
#     the object stood for (a host object in a side table, a file).
# Each registration is an entry (object, word) in one of two lists: [NEW],
# registered since the last minor collection (the object may be young), and
# [OLD], whose objects are old.  A minor collection judges the NEW entries
# and moves the living ones, at their objects' new addresses, to OLD; a
# major collection judges the OLD ones (the NEW lists are empty then: a
# major collection's steps run right after a minor collection).  Objects
# without a registration cost nothing anywhere; a heap without any has [fin]
# NULL, and its collections test one pointer.
#
# The finalization order.  When a collection has reached everything its
# roots reach (evacuated or marked), before it frees anything:
#   1. short weak references to targets not reached are cleared
#      (weak_clear_unreached);
#   2. objects with a finalizer that were not reached are queued and reached
#      after all, with everything they reach (resurrect_finalizable);
#   3. the other weak references follow their targets or, targets not reached
#      even now, are cleared (weak_follow);
#   4. death notices of objects not reached even now are queued (notice_deaths).
# Then a minor collection gives the sample outcomes and empties the nursery,
# a major one reports the sampled deaths (collect_deaths) and sweeps.  A
# resurrected object is alive for both: a sampled one survived its minor
# collection (it was copied), and its death is reported by the collection
# that frees it, so a sample's death is still its object's death.  All
# objects with a finalizer found unreachable by one collection are queued,
# even one that another reaches (CPython's gc does so, PEP 442; PyPy orders
# them); in what order the embedder runs them is its choice.
#
# The queues.  [finalizable] and [cleared] (weakref objects whose reference
# was cleared and that asked to be told, weakrefs.pxi) hold references: they
# are roots (visit_roots) until the embedder takes an object
# (gc_next_finalizable, gc_next_cleared_weakref) -- which it then roots
# itself before anything allocates.  [dead_words] holds words.  A collection
# never calls into the embedder: it queues, and at its end calls the
# on_finalization hook if it queued anything, so that the embedder drains
# the queues at its next safe point (PyPy's finalizer_trigger).  Each queue
# is first in, first out.
#
# Room: a collection never allocates for any of this.  Outside a
# collection, for each kind of registration, the OLD list has room for every
# NEW entry, and the kind's queue for every entry of both lists (each entry
# is queued at most once, and leaves its list when it is).  Registration
# makes that room first, or fails with GC_ERR_NOMEM and registers nothing.
#
# The heap verifier checks the entries' objects (live; old in OLD), that no
# object has two finalizers, the queues (live old objects), and the room.

cdef enum:
    NEW = 0         # the list of entries registered since the last minor collection
    OLD = 1         # ... of entries whose objects are old

ctypedef struct Registration:
    GCHeader* obj
    uint64_t word           # a weak reference: its GC_WEAK_* flags; a death notice: the
                            # embedder's word; a finalizer: 0

ctypedef struct Registrations:
    Registration* items
    size_t n
    size_t cap

ctypedef struct Queue:      # items[head:n] are queued, oldest first
    uint64_t* items         # gcref_t, or words
    size_t head
    size_t n
    size_t cap

cdef struct GCFinalization:
    Registrations weak[2]           # [NEW], [OLD]
    Registrations finalizers[2]
    Registrations notices[2]
    Queue finalizable               # objects whose finalizer is due (roots)
    Queue cleared                   # weakref objects cleared, GC_WEAK_NOTIFY (roots)
    Queue dead_words                # the words of the death notices of dead objects
    bint queued                     # the running collection queued something (on_finalization)

ctypedef GCHeader* (*survivor_fn)(GCHeap* h, GCHeader* obj) noexcept nogil
ctypedef void (*close_fn)(GCHeap* h) noexcept nogil

ctypedef struct Judge:      # what the running collection knows of the living
    int gen                 # the lists it judges: NEW (a minor collection) or OLD (a major one)
    survivor_fn survivor    # [obj]'s address now if it was reached, else NULL
    visit_fn keep           # reach the object in a slot after all (copy or mark it) ...
    close_fn close          # ... and then everything it reaches

# ____________________________________________________________________________
# Registration

cdef GCFinalization* finalization_state(GCHeap* h) noexcept nogil:
    # [fin], created by the first registration; NULL (and h.error) if memory is short.
    cdef GCPrivate* p = P(h)
    if p.fin == NULL:
        p.fin = <GCFinalization*>calloc(1, sizeof(GCFinalization))
        if p.fin == NULL:
            set_error(h, GC_ERR_NOMEM, "out of memory for a registration")
    return p.fin

cdef int make_room(GCHeap* h, Registrations* lists, Queue* q) noexcept nogil:
    # Room for one more entry in lists[NEW], keeping the room the block above
    # promises; -1 (and h.error) if memory is short.
    cdef size_t need = lists[NEW].n + lists[OLD].n + 1
    if q.head:                  # what was taken from the front is reused
        memmove(q.items, q.items + q.head, (q.n - q.head) * sizeof(uint64_t))
        q.n -= q.head
        q.head = 0
    if grow(<void**>&lists[NEW].items, &lists[NEW].cap, lists[NEW].n + 1, sizeof(Registration)) < 0 \
            or grow(<void**>&lists[OLD].items, &lists[OLD].cap, need, sizeof(Registration)) < 0 \
            or grow(<void**>&q.items, &q.cap, q.n + need, sizeof(uint64_t)) < 0:
        return set_error(h, GC_ERR_NOMEM, "out of memory for a registration")
    return 0

cdef int register_entry(GCHeap* h, GCHeader* obj, uint64_t word, Registrations* lists,
                        Queue* q) noexcept nogil:
    cdef Registration* e
    if make_room(h, lists, q) < 0:
        return -1
    e = &lists[NEW].items[lists[NEW].n]
    e.obj = obj
    e.word = word
    lists[NEW].n += 1
    return 0

cdef int registration_refused(GCHeap* h, GCHeader* obj) noexcept nogil:
    # Registrations change what collections do: not from inside one (a hook).
    if P(h).collecting:
        return set_error(h, GC_ERR_ARG, "registration from inside a collection hook")
    if not gc_is_ref(<gcref_t>obj) or obj.tid == 0 or obj.tid >= h.n_types:
        return set_error(h, GC_ERR_ARG, "registration of something that is not an object")
    return 0

cdef int gc_finalizer_register(GCHeap* h, GCHeader* obj) noexcept nogil:
    cdef GCFinalization* fin
    if registration_refused(h, obj) < 0:
        return -1
    fin = finalization_state(h)
    if fin == NULL:
        return -1
    return register_entry(h, obj, 0, fin.finalizers, &fin.finalizable)

cdef int gc_death_notice_register(GCHeap* h, GCHeader* obj, uint64_t word) noexcept nogil:
    cdef GCFinalization* fin
    if registration_refused(h, obj) < 0:
        return -1
    fin = finalization_state(h)
    if fin == NULL:
        return -1
    return register_entry(h, obj, word, fin.notices, &fin.dead_words)

cdef int gc_finalize_all(GCHeap* h) noexcept nogil:
    # At exit (CPython's finalization of its modules): queue every object
    # whose finalizer is still registered, oldest registration first, as if
    # a collection had found it unreachable; the registrations are used up.
    # A minor collection first makes every such object old (the queues hold
    # old objects); the queue has room for every entry (above).  Returns how
    # many it queued.
    cdef GCFinalization* fin = P(h).fin
    cdef size_t i, n
    if P(h).collecting:
        return set_error(h, GC_ERR_ARG, "gc_finalize_all from inside a collection hook")
    if fin == NULL or fin.finalizers[NEW].n + fin.finalizers[OLD].n == 0:
        return 0
    if gc_collect_minor(h) != 0:
        return -1
    fin = P(h).fin
    n = fin.finalizers[OLD].n
    for i in range(n):
        queue_push(h, &fin.finalizable, <uint64_t>fin.finalizers[OLD].items[i].obj)
    fin.finalizers[OLD].n = 0
    fin.queued = False          # the caller drains now: no hook to call
    return <int>n

# ____________________________________________________________________________
# The queues

cdef void queue_push(GCHeap* h, Queue* q, uint64_t item) noexcept nogil:
    # In a collection: the registration made the room (above).
    if q.n == q.cap and grow(<void**>&q.items, &q.cap, q.n + 1, sizeof(uint64_t)) < 0:
        fatal(b"a finalization queue is full in a collection (its registration made no room)")
    q.items[q.n] = item
    q.n += 1
    P(h).fin.queued = True

cdef bint queue_pop(GCHeap* h, Queue* q, uint64_t* item) noexcept nogil:
    if P(h).collecting or q.head == q.n:
        return False
    item[0] = q.items[q.head]
    q.head += 1
    if q.head == q.n:
        q.head = q.n = 0
    return True

cdef GCHeader* gc_next_finalizable(GCHeap* h) noexcept nogil:
    cdef uint64_t item
    if P(h).fin == NULL or not queue_pop(h, &P(h).fin.finalizable, &item):
        return NULL
    return <GCHeader*>item

cdef GCHeader* gc_next_cleared_weakref(GCHeap* h) noexcept nogil:
    cdef uint64_t item
    if P(h).fin == NULL or not queue_pop(h, &P(h).fin.cleared, &item):
        return NULL
    return <GCHeader*>item

cdef bint gc_next_death_notice(GCHeap* h, uint64_t* word) noexcept nogil:
    return P(h).fin != NULL and queue_pop(h, &P(h).fin.dead_words, word)

cdef void visit_queued(GCHeap* h, visit_fn visit) noexcept nogil:
    # The queued objects are roots (visit_roots).
    cdef GCFinalization* fin = P(h).fin
    cdef size_t i
    for i in range(fin.finalizable.head, fin.finalizable.n):
        visit(h, <gcref_t*>&fin.finalizable.items[i])
    for i in range(fin.cleared.head, fin.cleared.n):
        visit(h, <gcref_t*>&fin.cleared.items[i])

cdef void finalization_notify(GCHeap* h) noexcept nogil:
    # At the end of a collection: tell the embedder if it queued anything.
    cdef GCFinalization* fin = P(h).fin
    cdef HookTrap trap
    if fin != NULL and fin.queued:
        fin.queued = False
        if h.on_finalization != NULL:
            hook_enter(h, &trap, "the finalization hook")
            h.on_finalization(h.on_finalization_ctx, h)
            hook_leave(h, &trap)

# ____________________________________________________________________________
# The finalization order

cdef inline void keep_entry(Registrations* lists, int gen, size_t* kept, GCHeader* obj,
                            uint64_t word) noexcept nogil:
    # An entry that stays registered, at [obj]: a minor collection moves it
    # to OLD (which has room, above), a major one keeps it in place.
    cdef Registration* e
    if gen == NEW:
        e = &lists[OLD].items[lists[OLD].n]
        lists[OLD].n += 1
    else:
        e = &lists[OLD].items[kept[0]]
        kept[0] += 1
    e.obj = obj
    e.word = word

cdef inline void entries_judged(Registrations* lists, int gen, size_t kept) noexcept nogil:
    if gen == NEW:
        lists[NEW].n = 0
    else:
        lists[OLD].n = kept

cdef bint resurrect_finalizable(GCHeap* h, const Judge* j) noexcept nogil:
    # Step 2: queue the objects with a finalizer that were not reached, and
    # reach each (not yet what it reaches: every one not reached by the roots
    # is queued, even one another reaches).  True if any was.
    cdef GCFinalization* fin = P(h).fin
    cdef Registrations* lists = fin.finalizers
    cdef Registration e
    cdef GCHeader* now
    cdef size_t i, kept = 0
    cdef bint any_queued = False
    for i in range(lists[j.gen].n):
        e = lists[j.gen].items[i]
        now = j.survivor(h, e.obj)
        if now != NULL:
            keep_entry(lists, j.gen, &kept, now, e.word)
            continue
        j.keep(h, <gcref_t*>&e.obj)         # e.obj: where it is now
        queue_push(h, &fin.finalizable, <uint64_t>e.obj)
        any_queued = True
    entries_judged(lists, j.gen, kept)
    return any_queued

cdef void notice_deaths(GCHeap* h, const Judge* j) noexcept nogil:
    # Step 4: the death notices of the objects that die now.
    cdef GCFinalization* fin = P(h).fin
    cdef Registrations* lists = fin.notices
    cdef Registration e
    cdef GCHeader* now
    cdef size_t i, kept = 0
    for i in range(lists[j.gen].n):
        e = lists[j.gen].items[i]
        now = j.survivor(h, e.obj)
        if now != NULL:
            keep_entry(lists, j.gen, &kept, now, e.word)
        else:
            queue_push(h, &fin.dead_words, e.word)
    entries_judged(lists, j.gen, kept)

cdef void judge_registrations(GCHeap* h, const Judge* j) noexcept nogil:
    # The finalization order (above), for the collection [j] describes.
    # Without a finalizer to judge, nothing is resurrected, and step 3 alone
    # does what steps 1 and 3 would.
    if P(h).fin.finalizers[j.gen].n:
        weak_clear_unreached(h, j)
    if resurrect_finalizable(h, j):
        j.close(h)
    weak_follow(h, j)
    notice_deaths(h, j)

cdef GCHeader* minor_survivor(GCHeap* h, GCHeader* obj) noexcept nogil:
    # After a minor collection's evacuation.  Old objects are judged by
    # major collections only.
    if in_nursery(h, <gcref_t>obj):
        if obj.flags & GCFLAG_FORWARDED:
            return (<GCHeader**>(<char*>obj + GC_HEADER_SIZE))[0]
        return NULL
    if obj.flags & GCFLAG_YOUNG_LARGE and not obj.flags & GCFLAG_VISITED:
        return NULL
    return obj

cdef GCHeader* major_survivor(GCHeap* h, GCHeader* obj) noexcept nogil:
    return obj if obj.flags & GCFLAG_VISITED else NULL

cdef void finalization_after_evacuation(GCHeap* h) noexcept nogil:
    # In a minor collection, once everything reachable is out of the nursery.
    cdef Judge j
    if P(h).fin == NULL:
        return
    j.gen, j.survivor, j.keep, j.close = NEW, minor_survivor, minor_visit, minor_drain
    judge_registrations(h, &j)

cdef void finalization_after_marking(GCHeap* h) noexcept nogil:
    # In a major collection, once the marking has reached everything reachable.
    cdef Judge j
    if P(h).fin == NULL:
        return
    j.gen, j.survivor, j.keep, j.close = OLD, major_survivor, major_visit, mark_to_closure
    judge_registrations(h, &j)

# ____________________________________________________________________________
# Upkeep, statistics, verification

cdef void finalization_free(GCHeap* h) noexcept nogil:
    cdef GCFinalization* fin = P(h).fin
    cdef int g
    if fin == NULL:
        return
    for g in range(2):
        free(fin.weak[g].items)
        free(fin.finalizers[g].items)
        free(fin.notices[g].items)
    free(fin.finalizable.items)
    free(fin.cleared.items)
    free(fin.dead_words.items)
    free(fin)
    P(h).fin = NULL

cdef void verify_registrations(Verifier* v, Registrations* lists, Queue* q, bint unique) noexcept nogil:
    # Entries of live objects (old in OLD), the room (above), and, if
    # [unique], no object twice.
    cdef PtrVec objs
    cdef size_t i
    cdef int g, kind
    memset(&objs, 0, sizeof(objs))
    for g in range(2):
        for i in range(lists[g].n):
            kind = classify(v, <gcref_t>lists[g].items[i].obj)
            if kind == 0 or (g == OLD and kind != 2):
                verify_fail(v, "a registration of an object that is dead (or young, in the old list)",
                            <uintptr_t>lists[g].items[i].obj)
                break
            if unique and vec_push(&objs, lists[g].items[i].obj) < 0:
                verify_no_memory(v)
    if lists[OLD].cap < lists[OLD].n + lists[NEW].n or q.cap - q.n < lists[OLD].n + lists[NEW].n:
        verify_fail(v, "a registration list or queue has less room than its entries may need", q.cap)
    if objs.n > 1:
        qsort(objs.items, objs.n, sizeof(void*), cmp_ptr)
        for i in range(1, objs.n):
            if objs.items[i] == objs.items[i - 1]:
                verify_fail(v, "an object is registered twice (a finalizer, or a weak field)",
                            <uintptr_t>objs.items[i])
                break
    vec_free(&objs)

cdef void verify_finalization(Verifier* v) noexcept nogil:
    cdef GCFinalization* fin = P(v.h).fin
    cdef Queue* queues[2]
    cdef size_t i
    cdef int k
    if fin == NULL or v.failed:
        return
    verify_registrations(v, fin.weak, &fin.cleared, True)
    verify_registrations(v, fin.finalizers, &fin.finalizable, True)
    verify_registrations(v, fin.notices, &fin.dead_words, False)
    verify_weak_entries(v)
    queues[0], queues[1] = &fin.finalizable, &fin.cleared
    for k in range(2):
        for i in range(queues[k].head, queues[k].n):
            if not v.failed and classify(v, <gcref_t>queues[k].items[i]) != 2:
                verify_fail(v, "a queued object is not a live old one", queues[k].items[i])

# ____________________________________________________________________________
# The Python API's part (Nursery.take_*, finalization_queues, stats)

FinalizationQueues = collections.namedtuple("FinalizationQueues",
                                            "finalizable cleared_weakrefs death_notices")
FinalizationQueues.__doc__ = """What Nursery.finalization_queues() found queued: Refs of the
objects whose finalizer is due, Refs of the cleared weakref objects, and the
words of death notices, each oldest first."""

cdef enum:
    QUEUE_FINALIZABLE = 0
    QUEUE_CLEARED = 1
    QUEUE_DEAD_WORDS = 2

cdef list take_queued(Nursery nursery, int which):
    # The whole queue, oldest first.  Handles for all of it are reserved
    # before anything is taken: out of memory takes nothing (an object taken
    # and then dropped with the exception would never see its finalizer).
    cdef GCHeap* h = nursery.heap
    cdef GCFinalization* fin = P(h).fin
    cdef Queue* q
    cdef GCHeader* obj
    cdef uint64_t word
    out = []
    if fin == NULL:
        return out
    if which == QUEUE_DEAD_WORDS:
        while gc_next_death_notice(h, &word):
            out.append(word)
        return out
    q = &fin.finalizable if which == QUEUE_FINALIZABLE else &fin.cleared
    reserve_handle(nursery, q.n - q.head)
    while True:
        obj = gc_next_finalizable(h) if which == QUEUE_FINALIZABLE else gc_next_cleared_weakref(h)
        if obj == NULL:
            return out
        out.append(new_ref(nursery, <gcref_t>obj))

cdef object peek_queues(Nursery nursery):
    cdef GCFinalization* fin = P(nursery.heap).fin
    if fin == NULL:
        return FinalizationQueues([], [], [])
    return FinalizationQueues(
        [slot_to_python(nursery, fin.finalizable.items[i]) for i in range(fin.finalizable.head, fin.finalizable.n)],
        [slot_to_python(nursery, fin.cleared.items[i]) for i in range(fin.cleared.head, fin.cleared.n)],
        [fin.dead_words.items[i] for i in range(fin.dead_words.head, fin.dead_words.n)])

cdef dict finalization_stats(GCHeap* h):
    # Registrations (both lists) and queue lengths, for Nursery.stats.
    cdef GCFinalization* fin = P(h).fin
    if fin == NULL:
        return dict.fromkeys(("weak_references", "finalizers", "death_notices", "queued_finalizable",
                              "queued_cleared_weakrefs", "queued_death_notices"), 0)
    return {"weak_references": fin.weak[NEW].n + fin.weak[OLD].n,
            "finalizers": fin.finalizers[NEW].n + fin.finalizers[OLD].n,
            "death_notices": fin.notices[NEW].n + fin.notices[OLD].n,
            "queued_finalizable": fin.finalizable.n - fin.finalizable.head,
            "queued_cleared_weakrefs": fin.cleared.n - fin.cleared.head,
            "queued_death_notices": fin.dead_words.n - fin.dead_words.head}
