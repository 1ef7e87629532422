# vmsample/core/minor.pxi -- the minor collection (included by _nursery.pyx).
#
# Owns: gc_collect_minor (evacuate the reachable young objects, report the
# sample outcomes, empty the nursery) and its log.  Touches everything: the
# nursery pointers, the sampler's pending samples, the old space, the
# remembered set.

ctypedef void (*object_fn)(GCHeap* h, GCHeader* obj) noexcept nogil

cdef void for_each_old_object(GCHeap* h, object_fn fn) noexcept nogil:
    cdef GCOldSpace* old = h.old
    cdef Arena* arena
    cdef Page* page
    cdef char* cell
    cdef size_t i
    cdef int j
    cdef bint unswept
    for i in range(old.arenas.n):
        arena = <Arena*>old.arenas.items[i]
        for j in range(PAGES_PER_ARENA):
            page = &arena.pages[j]
            if page.cls == 0:
                continue
            unswept = page_unswept(h, page)     # then only the marked objects live
            cell = page.base
            while cell < page.uninit:
                if (<GCHeader*>cell).tid != 0 and (not unswept or (<GCHeader*>cell).flags & GCFLAG_VISITED):
                    fn(h, <GCHeader*>cell)
                cell += page.cls * 8
    for i in range(old.old_large.n):
        fn(h, <GCHeader*>old.old_large.items[i])

cdef inline bint maybe_young(GCHeap* h, gcref_t v) noexcept nogil:
    # The first question of minor_visit, asked inline and without touching
    # the object: may [v] point to a young object?  True for every address in
    # the nursery and every address from the lowest to the highest young
    # large object (a reference to one is its header's address); false for
    # everything else, which is most of what a big array holds -- a promoted
    # table's items array has millions of old references, and a call and a
    # bisection per item made its minor collection 15-40 ms.
    return v - <uintptr_t>h.nursery_start < h.nursery_size \
        or v - P(h).young_large_lo <= P(h).young_large_span

cdef inline void minor_trace(GCHeap* h, GCHeader* obj) noexcept nogil:
    # trace_object(h, obj, minor_visit) with maybe_young asked inline for
    # array items.
    cdef GCType* t = &h.types[obj.tid]
    cdef char* payload = <char*>obj + GC_HEADER_SIZE
    cdef gcref_t* items
    cdef uint32_t i, n
    for i in range(t.n_refs):
        minor_visit(h, <gcref_t*>(payload + t.ref_offsets[i]))
    if t.items_are_refs:
        items = <gcref_t*>(payload + t.fixed_size)
        n = obj.aux
        for i in range(n):
            if maybe_young(h, items[i]):
                minor_visit(h, &items[i])

cdef void visit_tracked_slots(GCHeap* h, GCHeader* obj) noexcept nogil:
    # A reached young large object that tracks its stores (gc_track_stores):
    # every young reference it holds is in a slot of [young_large_slots]
    # (sorted by the minor collection), so those slots are all it needs
    # visited -- not its millions of others.
    cdef PtrVec* slots = &P(h).young_large_slots
    cdef uintptr_t end = <uintptr_t>obj + obj_size(h, obj)
    cdef size_t lo = 0, hi = slots.n, mid
    while lo < hi:
        mid = (lo + hi) // 2
        if <uintptr_t>slots.items[mid] < <uintptr_t>obj:
            lo = mid + 1
        else:
            hi = mid
    while lo < slots.n and <uintptr_t>slots.items[lo] < end:
        minor_visit(h, <gcref_t*>slots.items[lo])
        lo += 1

cdef void remember_again(GCHeap* h, GCHeader* obj) noexcept nogil:
    minor_trace(h, obj)
    obj.flags |= GCFLAG_TRACK_YOUNG_PTRS

cdef void minor_visit(GCHeap* h, gcref_t* slot) noexcept nogil:
    # Evacuate the young object [slot] points to (if any) and update [slot].
    cdef gcref_t v = slot[0]
    cdef GCHeader* obj
    cdef GCHeader* copy
    cdef size_t size
    cdef uint16_t large_flag
    if not gc_is_ref(v):
        return
    obj = <GCHeader*>v
    if in_nursery(h, v):
        if obj.flags & GCFLAG_FORWARDED:
            slot[0] = (<gcref_t*>(<char*>obj + GC_HEADER_SIZE))[0]
            return
        size = obj_size(h, obj)
        if obj.flags & GCFLAG_HAS_SHADOW:
            copy = adopt_shadow(h, obj, size, &large_flag)
        else:
            copy = old_alloc(h, size, &large_flag)
        memcpy(copy, obj, size)
        copy.flags = (obj.flags & ~(GCFLAG_VISITED | GCFLAG_FORWARDED | GCFLAG_HAS_SHADOW)) \
            | GCFLAG_OLD | GCFLAG_TRACK_YOUNG_PTRS | large_flag
        if h.gc_state == GC_STATE_MARKING:      # new during a marking: live, gray
            copy.flags |= GCFLAG_VISITED
            gray_push(h, copy)
        elif h.gc_state == GC_STATE_SWEEPING and not large_flag \
                and page_unswept(h, page_of(arena_of(h, <char*>copy), <char*>copy)):
            copy.flags |= GCFLAG_VISITED        # allocated black: the sweep keeps it (core/major.pxi)
        obj.flags |= GCFLAG_FORWARDED
        (<gcref_t*>(<char*>obj + GC_HEADER_SIZE))[0] = <gcref_t>copy
        P(h).minor_bytes_copied += size
        collector_push(h, &P(h).scan, copy)
        slot[0] = <gcref_t>copy
    elif v - P(h).young_large_lo <= P(h).young_large_span \
            and ptr_in_sorted(h.old.young_large.items, h.old.young_large.n, obj) \
            and not obj.flags & GCFLAG_VISITED:
        # A young large object: found by address, in the sorted young_large,
        # not by its header's GCFLAG_YOUNG_LARGE -- reading the header of
        # every old object a traced slot points to is a cache miss each
        # (a big promoted array has millions of them).
        obj.flags |= GCFLAG_VISITED
        collector_push(h, &P(h).scan, obj)

cdef void minor_drain(GCHeap* h) noexcept nogil:
    # Trace what was reached until the worklist is empty, evacuating what it
    # reaches in turn.
    cdef PtrVec* scan = &P(h).scan
    cdef GCHeader* obj
    while scan.n:
        scan.n -= 1
        obj = <GCHeader*>scan.items[scan.n]
        if obj.flags & (GCFLAG_YOUNG_LARGE | GCFLAG_TRACK_YOUNG_PTRS) == GCFLAG_YOUNG_LARGE | GCFLAG_TRACK_YOUNG_PTRS:
            visit_tracked_slots(h, obj)
        else:
            minor_trace(h, obj)

cdef uint64_t count_dead_young(GCHeap* h) noexcept nogil:
    # The nursery objects not evacuated (not forwarded).  The nursery is a
    # sequence of objects from [nursery_start] to [nursery_free]; a header
    # the walk cannot size (memory reserved but not yet initialised by an
    # embedder) ends the walk, so the count is then a lower bound.
    cdef char* cell = h.nursery_start
    cdef GCHeader* obj
    cdef uint64_t dead = 0
    while cell < h.nursery_free:
        obj = <GCHeader*>cell
        if obj.tid == 0 or obj.tid >= h.n_types:
            break
        if not obj.flags & GCFLAG_FORWARDED:
            dead += 1
        cell += obj_size(h, obj)
    return dead

cdef int gc_collect_minor(GCHeap* h) noexcept nogil:
    # Evacuate everything reachable in the nursery to the old space, free
    # unreached young large objects, report, then empty the nursery.
    cdef GCPrivate* p = P(h)
    cdef GCOldSpace* old = h.old
    cdef GCSampler* s = h.sampler
    cdef GCMinorReport report
    cdef GCHeader* obj
    cdef size_t i, n, used, nsize
    cdef uint64_t distance = 0
    cdef int64_t t0
    cdef uint8_t outcome
    cdef HookTrap trap
    if in_hook_refusal(h, b"a collection") < 0:
        return -1
    if p.collecting:
        return set_error(h, GC_ERR_ARG, "collection requested from inside a collection hook")
    p.collecting = True
    t0 = gc_monotonic_ns()
    used = h.nursery_free - h.nursery_start
    if h.sample_mode != GC_SAMPLING_OFF:
        distance = h.sample_point - <uintptr_t>h.nursery_free
    p.minor_bytes_copied = 0
    p.scan.n = 0
    if old.young_large.n > 1:       # for minor_visit's bisection
        qsort(old.young_large.items, old.young_large.n, sizeof(void*), cmp_ptr)
    if p.young_large_slots.n > 1:   # for visit_tracked_slots
        qsort(p.young_large_slots.items, p.young_large_slots.n, sizeof(void*), cmp_ptr)
    if old.young_large.n:           # for maybe_young
        p.young_large_lo = <uintptr_t>old.young_large.items[0]
        p.young_large_span = <uintptr_t>old.young_large.items[old.young_large.n - 1] - p.young_large_lo
    # 1. roots
    visit_roots(h, minor_visit)
    # 2. old objects that may point into the nursery
    for i in range(p.remembered.n):
        obj = <GCHeader*>p.remembered.items[i]
        if obj.flags & GCFLAG_YOUNG_LARGE:
            continue                # it stopped tracking its stores: traced whole if reached
        minor_trace(h, obj)
        obj.flags |= GCFLAG_TRACK_YOUNG_PTRS
        if obj.flags & GCFLAG_VISITED and h.gc_state == GC_STATE_MARKING:
            gray_push(h, obj)       # written since it was marked: gray again (core/major.pxi)
    p.remembered.n = 0
    for i in range(p.remembered_slots.n):
        minor_visit(h, <gcref_t*>p.remembered_slots.items[i])
    p.remembered_slots.n = 0
    if p.remembered_overflow:
        for_each_old_object(h, remember_again)
        p.remembered_overflow = False
        if h.gc_state == GC_STATE_MARKING:
            p.mark_overflow = True  # the writes into marked objects are lost: retrace them all
    # 3. everything reachable from what was reached
    minor_drain(h)
    # 3b. weak references, finalizers, death notices (core/finalizers.pxi:
    # the finalization order, which may evacuate more)
    finalization_after_evacuation(h)
    # 3c. survivors with an id now live in their shadows; free the others'
    identity_minor_done(h)
    # 4. outcomes of the samples taken since the last minor collection
    n = s.n_pending
    if grow(<void**>&p.outcomes, &p.cap_outcomes, n + 1, 1) < 0:
        n = 0
    for i in range(n):
        obj = s.pending[i].obj
        if s.pending[i].large:
            outcome = GC_OUTCOME_LARGE | (GC_OUTCOME_SURVIVED if obj.flags & GCFLAG_VISITED else 0)
        else:
            outcome = GC_OUTCOME_SURVIVED if obj.flags & GCFLAG_FORWARDED else 0
            if outcome:
                obj = (<GCHeader**>(<char*>obj + GC_HEADER_SIZE))[0]     # the copy
        if outcome & GC_OUTCOME_SURVIVED:
            track_survivor(s, s.first_pending_seq + i, obj)
        p.outcomes[i] = outcome
        if s.keep_log and s.first_pending_seq + i >= s.log_first_seq \
                and s.first_pending_seq + i - s.log_first_seq < s.n_log:
            s.log[s.first_pending_seq + i - s.log_first_seq].survived = outcome & GC_OUTCOME_SURVIVED
    # 5. young large objects: the reached ones become old, the others are freed
    for i in range(old.young_large.n):
        obj = <GCHeader*>old.young_large.items[i]
        if obj.flags & GCFLAG_VISITED:
            obj.flags = (obj.flags & ~(GCFLAG_VISITED | GCFLAG_YOUNG_LARGE)) \
                | GCFLAG_TRACK_YOUNG_PTRS
            collector_push(h, &old.old_large, obj)
            if h.gc_state == GC_STATE_MARKING:  # as a survivor's copy
                obj.flags |= GCFLAG_VISITED
                gray_push(h, obj)
        else:
            p.dead_found += 1
            old.large_used -= obj_size(h, obj)
            if p.debug:
                memset(obj, POISON_BYTE, obj_size(h, obj))
            free(obj)
    old.young_large.n = 0
    p.young_large_slots.n = 0
    p.young_large_lo, p.young_large_span = YOUNG_LARGE_NONE_LO, 0
    if p.count_dead:
        p.dead_found += count_dead_young(h)
    # 6. empty the nursery (zero-filled again; see Design 1)
    nsize = h.nursery_size
    if p.debug:
        memset(h.nursery_start, POISON_BYTE, nsize)
        p.active ^= 1
        h.nursery_start = p.buffers[p.active]
        memset(h.nursery_start, 0, nsize)
    else:
        memset(h.nursery_start, 0, used)
    h.nursery_free = h.nursery_start
    if h.sample_mode != GC_SAMPLING_OFF:
        h.sample_point = <uintptr_t>h.nursery_free + distance
    refill_reserve(h)       # the nursery's end for the next cycle, and the limit
    # 7. statistics and the report
    p.minor_count += 1
    p.nursery_bytes_before += used
    p.bytes_copied_total += p.minor_bytes_copied
    report.index = p.minor_count
    report.time_ns = t0
    report.bytes_copied = p.minor_bytes_copied
    report.total_size_of_arenas = total_size_of_arenas(h)
    report.total_memory_used = total_memory_used(h)
    report.vmrss = vms_vmrss()
    report.gc_state = h.gc_state
    report.first_seq = s.first_pending_seq if n else s.next_seq
    report.n_outcomes = n
    report.outcomes = p.outcomes
    report.duration_ns = gc_monotonic_ns() - t0
    s.n_pending = 0
    log_minor(h, &report)
    p.last_minor = report
    p.last_minor.outcomes = NULL
    if h.on_minor_collection != NULL:
        hook_enter(h, &trap, "the minor-collection hook")
        h.on_minor_collection(h.on_minor_collection_ctx, &report)
        hook_leave(h, &trap)
    finalization_notify(h)
    p.collecting = False
    if p.debug:
        verify_after_collection(h, False)
    return 0

cdef void log_minor(GCHeap* h, GCMinorReport* report) noexcept nogil:
    cdef GCPrivate* p = P(h)
    cdef MinorLogEntry* e
    if not p.keep_gc_log:
        return
    if grow(<void**>&p.minor_log, &p.cap_minor_log, p.n_minor_log + 1, sizeof(MinorLogEntry)) < 0:
        return
    if grow(<void**>&p.outcome_log, &p.cap_outcome_log, p.n_outcome_log + report.n_outcomes, 1) < 0:
        return
    e = &p.minor_log[p.n_minor_log]
    p.n_minor_log += 1
    e.report = report[0]
    e.report.outcomes = NULL
    e.outcome_offset = p.n_outcome_log
    if report.n_outcomes:
        memcpy(p.outcome_log + p.n_outcome_log, report.outcomes, report.n_outcomes)
    p.n_outcome_log += report.n_outcomes
