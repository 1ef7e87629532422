# vmsample/_nursery_major.pxi -- the major collection: stop-the-world,
# non-moving mark-sweep of the old space (included by _nursery.pyx).
#
# Owns: marking, sweeping, releasing empty pages and arenas, the major-event
# states (GC_STATE_*) and the next major trigger (GCPrivate.next_major).

cdef void major_visit(GCHeap* h, gcref_t* slot) noexcept nogil:
    cdef gcref_t v = slot[0]
    cdef GCHeader* obj
    if not gc_is_ref(v):
        return
    obj = <GCHeader*>v
    if not obj.flags & GCFLAG_VISITED:
        obj.flags |= GCFLAG_VISITED
        if vec_push(&P(h).scan, obj) < 0:
            P(h).mark_overflow = True       # marked but not traced yet: see major_collection

cdef void enter_state(GCHeap* h, int state, uint32_t n_deaths=0) noexcept nogil:
    # [n_deaths]: entering SWEEPING, the deaths collect_deaths just found.
    cdef GCPrivate* p = P(h)
    cdef GCMajorEvent ev
    ev.n_deaths = n_deaths
    ev.deaths = h.sampler.tracked_seq + h.sampler.n_tracked if n_deaths else NULL
    h.gc_state = state
    ev.index = p.major_count
    ev.state = state
    ev.time_ns = gc_monotonic_ns()
    ev.total_memory_used = total_memory_used(h)
    ev.total_size_of_arenas = total_size_of_arenas(h)
    p.last_major = ev
    p.last_major.deaths = NULL
    if p.keep_gc_log and grow(<void**>&p.major_log, &p.cap_major_log, p.n_major_log + 1,
                              sizeof(GCMajorEvent)) == 0:
        p.major_log[p.n_major_log] = ev
        p.major_log[p.n_major_log].deaths = NULL
        p.n_major_log += 1
    if h.on_major_collection != NULL:
        h.on_major_collection(h.on_major_collection_ctx, &ev)

cdef void free_cell(GCHeap* h, Page* page, char* cell, size_t size, bint debug) noexcept nogil:
    if debug:
        memset(cell, POISON_BYTE, size)
    (<GCHeader*>cell).tid = 0
    (<GCHeader*>cell).flags = 0
    (<char**>(cell + GC_HEADER_SIZE))[0] = page.free_list
    page.free_list = cell
    page.n_used -= 1
    h.old.arena_used -= size
    P(h).dead_found += 1

cdef void sweep_arenas(GCHeap* h) noexcept nogil:
    cdef GCOldSpace* old = h.old
    cdef bint debug = P(h).debug
    cdef Arena* arena
    cdef Page* page
    cdef GCHeader* obj
    cdef char* cell
    cdef size_t i, size
    cdef int j
    for i in range(old.arenas.n):
        arena = <Arena*>old.arenas.items[i]
        for j in range(PAGES_PER_ARENA):
            page = &arena.pages[j]
            if page.cls == 0:
                continue
            size = page.cls * 8
            cell = page.base
            while cell < page.uninit:
                obj = <GCHeader*>cell
                if obj.tid != 0:
                    if obj.flags & GCFLAG_VISITED:
                        obj.flags &= ~GCFLAG_VISITED
                    else:
                        free_cell(h, page, cell, size, debug)
                cell += size

cdef void sweep_large(GCHeap* h) noexcept nogil:
    cdef PtrVec* v = &h.old.old_large
    cdef GCHeader* obj
    cdef size_t i, kept = 0, size
    for i in range(v.n):
        obj = <GCHeader*>v.items[i]
        if obj.flags & GCFLAG_VISITED:
            obj.flags &= ~GCFLAG_VISITED
            v.items[kept] = obj
            kept += 1
        else:
            size = obj_size(h, obj)
            P(h).dead_found += 1
            h.old.large_used -= size
            if P(h).debug:
                memset(obj, POISON_BYTE, size)
            free(obj)
    v.n = kept

cdef void release_pages(GCHeap* h) noexcept nogil:
    # Rebuild the page lists after a sweep: empty pages become free, empty
    # arenas go back to the system.
    cdef GCOldSpace* old = h.old
    cdef Arena* arena
    cdef Page* page
    cdef size_t i, kept = 0
    cdef int j
    for j in range(N_CLASSES):
        old.avail[j] = NULL
    old.free_pages = NULL
    for i in range(old.arenas.n):
        arena = <Arena*>old.arenas.items[i]
        arena.n_free_pages = 0
        for j in range(PAGES_PER_ARENA):
            page = &arena.pages[j]
            if page.cls != 0 and page.n_used == 0:
                page.cls = 0
            if page.cls == 0:
                arena.n_free_pages += 1
        if arena.n_free_pages == PAGES_PER_ARENA:
            free(arena.base)
            free(arena)
            continue
        old.arenas.items[kept] = arena
        kept += 1
        for j in range(PAGES_PER_ARENA - 1, -1, -1):
            page = &arena.pages[j]
            if page.cls == 0:
                page.next = old.free_pages
                old.free_pages = page
            elif page.free_list != NULL or page.uninit + page.cls * 8 <= page.base + PAGE_SIZE:
                page.next = old.avail[page.cls]
                old.avail[page.cls] = page
    old.arenas.n = kept

cdef void drain_marking(GCHeap* h) noexcept nogil:
    cdef PtrVec* scan = &P(h).scan
    while scan.n:
        scan.n -= 1
        trace_object(h, <GCHeader*>scan.items[scan.n], major_visit)

cdef void retrace_marked(GCHeap* h, GCHeader* obj) noexcept nogil:
    if obj.flags & GCFLAG_VISITED:
        trace_object(h, obj, major_visit)
        drain_marking(h)

cdef void major_collection(GCHeap* h) noexcept nogil:
    # Precondition: the nursery is empty (a minor collection just ran), so
    # every reference points into the old space.
    cdef GCPrivate* p = P(h)
    cdef uint64_t threshold
    p.collecting = True
    p.major_count += 1
    enter_state(h, GC_STATE_MARKING)
    p.scan.n = 0
    visit_roots(h, major_visit)
    drain_marking(h)
    # The worklist could not grow (memory is short, and the reserve only covers
    # minor collections): some marked objects were not traced.  Trace every
    # marked object again until no push fails; each pass marks more objects.
    while p.mark_overflow:
        p.mark_overflow = False
        for_each_old_object(h, retrace_marked)
        drain_marking(h)
    enter_state(h, GC_STATE_SWEEPING, collect_deaths(h))
    sweep_arenas(h)
    sweep_large(h)
    enter_state(h, GC_STATE_FINALIZING)
    release_pages(h)
    threshold = <uint64_t>(total_memory_used(h) * MAJOR_GROWTH)
    p.next_major = max(threshold, <uint64_t>(MAJOR_MIN_NURSERIES * h.nursery_size))
    refill_reserve(h)       # memory may be back: the whole nursery again, if it can
    enter_state(h, GC_STATE_SCANNING)
    p.collecting = False
    if p.debug:
        verify_or_die(h)

cdef int64_t gc_collect_major(GCHeap* h) noexcept nogil:
    # A full collection, which also counts the dead: the nursery objects its
    # minor collection did not evacuate, the young large objects it freed, and
    # the old objects the sweep freed.  Only this entry pays for the count.
    cdef GCPrivate* p = P(h)
    p.count_dead = True
    p.dead_found = 0
    if gc_collect_minor(h) < 0:
        p.count_dead = False
        return -1
    major_collection(h)
    p.count_dead = False
    return <int64_t>p.dead_found
