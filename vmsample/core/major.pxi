# vmsample/core/major.pxi -- the major collection: non-moving mark-sweep
# of the old space, marked incrementally or stop-the-world (included by
# _nursery.pyx).
#
# Owns: marking (major_start, mark_step, mark_finish), sweeping (sweep_step),
# releasing empty pages and arenas (finalize), the major-event states
# (GC_STATE_*), the gray worklist, the sweep's epoch and cursor, and the next
# major trigger (GCPrivate.next_major / major_deadline).
#
# Incremental marking.  A major collection starts at a minor collection whose
# old space passed [next_major] (state MARKING): the roots are marked gray.
# Each later minor collection that allocation triggers runs one mark step
# (mark_step), which traces a bounded number of bytes from [gray].  When the
# gray worklist is empty, mark_finish marks the roots again, drains, reports
# the dead samples and sweeps the large objects (SWEEPING); the following
# minor collections each sweep a bounded number of pages (sweep_step); when
# every page is swept the state is FINALIZING, and the next step (finalize)
# frees the dead large objects, releases empty pages and arenas and goes back
# to SCANNING.  Steps run only right after a minor collection,
# when the nursery is empty: every reference then points into the old space.
#
# The invariant while MARKING: incremental update (Steele's "re-gray" form,
# as PyPy's incminimark).  Outside a collection:
#
#     a marked (GCFLAG_VISITED) old object that is neither in [gray], nor
#     the array being traced in chunks ([partial]), nor in the remembered set
#     points only to marked objects -- no black-to-white edge -- unless
#     [mark_overflow] is set (then mark_finish retraces every
#     marked object).  Roots may point to anything: mark_finish rescans them.
#
# Why incremental update and not snapshot-at-the-beginning: the embedders'
# write barrier (gc_write_barrier, _nursery.pxd) sees only the object written
# into, never the old or the new value, so a deletion (SATB) barrier could not
# be built without changing every embedder.  It does not have to change: every
# store into an old object between two minor collections passes the barrier,
# which puts the object in the remembered set, and the minor collection puts
# each remembered object that is marked back on [gray] (it was black and may
# now hold a white reference).  Survivors copied out of the nursery, and
# young large objects promoted, during MARKING are marked and put on [gray]
# (they are new, hence live for this collection; their references to old
# objects came from roots or other young objects that no barrier saw, so they
# must be traced, not just blackened).
#
# The invariant while SWEEPING: a page whose sweep_epoch is not the running
# sweep's is unswept (page_unswept), and in an unswept page an object is
# alive if and only if it is marked; everywhere else no object is marked.
# The marks are final when sweeping starts (nothing dead comes back to life:
# it is unreachable), so the sweep needs no barrier.  What it needs is
# allocation black: a survivor copied during SWEEPING into a cell of an
# unswept page is marked (minor_visit), or the sweep would free it; a page
# cut during SWEEPING gets the running epoch (new_page), as it holds nothing
# the sweep must judge.  Large objects are swept all at once at the start
# (one pass over them, not their bytes), so promoted ones are never marked.
# Walks over the old space (for_each_old_object, the verifier) skip the dead
# objects of unswept pages: their references may point to freed memory.
#
# Stop-the-world mode (Nursery(incremental=False), VMSAMPLE_GC_INCREMENTAL=0)
# runs start, marking, sweep and finalizing in one pause; so do a heap limit,
# a nursery short of its evacuation reserve, gc.collect() (gc_collect_major)
# and an old space past [major_deadline] (the collection fell behind the
# allocation): they end the collection under way at once (major_complete).
#
# Pacing: a mark step traces at least [mark_step_min] bytes and [mark_budget]
# bytes per byte promoted by the minor collection before it (step_budget,
# which spreads a big promotion, e.g. a large array, over several steps).
# The marking has at most [old space at the start] bytes of old objects plus
# what is promoted to trace; with mark_budget = 1 + 1 / PACE_SLACK it is done
# before the old space grows by PACE_SLACK of its size at the start.  The
# deadline ([major_deadline], when the phase is finished at once) is further,
# at DEADLINE_SLACK: promotion in bursts and large arrays must not turn into
# the one long pause incremental collection is there to avoid.  Between the
# two, the peak heap stays within 1 + DEADLINE_SLACK of the stop-the-world
# collector's.
#
# Steps are bounded in time as well as in bytes: a step that allocation
# triggered ends at [step_end_ns] (step_time_limit), STEP_TARGET_NS after its
# minor collection started (at least STEP_MIN_NS of step; both scaled up for
# a nursery bigger than the default 1 MiB), so that the pause,
# minor collection and step, stays near the target however slowly the data
# traces (scattered records trace at ~1 GB/s, a step of several nurseries'
# worth took 10-20 ms).  What a step leaves unpaid stays owed (step_debt) and
# is paid by the next steps.  The guarantee that a phase ends before the
# deadline is kept by lifting the bound gradually: past [pace_limit],
# halfway from the phase's start to its deadline, the time a step may take
# grows linearly, to STEP_LATE_FACTOR times the target at the deadline, where
# the phase is finished at once as before.  A sweep step passes SWEEP_SPEEDUP times as many bytes of
# pages: sweeping a page costs about that much less than tracing its objects,
# so a sweep step pauses about as long as a mark step, and the sweep ends well
# before its own deadline (cells it frees are reused after finalize).

cdef void major_visit(GCHeap* h, gcref_t* slot) noexcept nogil:
    cdef gcref_t v = slot[0]
    cdef GCHeader* obj
    if not gc_is_ref(v):
        return
    obj = <GCHeader*>v
    if not obj.flags & GCFLAG_VISITED:
        obj.flags |= GCFLAG_VISITED
        gray_push(h, obj)

cdef inline void gray_push(GCHeap* h, GCHeader* obj) noexcept nogil:
    # [obj] is marked; it is traced later.
    if vec_push(&P(h).gray, obj) < 0:
        P(h).mark_overflow = True       # marked but not traced yet: see mark_finish

cdef void enter_state(GCHeap* h, int state, uint32_t n_deaths=0) noexcept nogil:
    # [n_deaths]: entering SWEEPING, the deaths collect_deaths just found.
    cdef GCPrivate* p = P(h)
    cdef GCMajorEvent ev
    cdef HookTrap trap
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
        hook_enter(h, &trap, "the major-collection hook")
        h.on_major_collection(h.on_major_collection_ctx, &ev)
        hook_leave(h, &trap)

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

cdef void sweep_page(GCHeap* h, Page* page) noexcept nogil:
    cdef size_t size = page.cls * 8
    cdef bint debug = P(h).debug
    cdef char* cell = page.base
    cdef GCHeader* obj
    while cell < page.uninit:
        obj = <GCHeader*>cell
        if obj.tid != 0:
            if obj.flags & GCFLAG_VISITED:
                obj.flags &= ~GCFLAG_VISITED
            else:
                free_cell(h, page, cell, size, debug)
        cell += size
    page.sweep_epoch = P(h).sweep_epoch

cdef bint sweep_arenas(GCHeap* h, uint64_t budget) noexcept nogil:
    # Sweep the pages this sweep has not passed, from the cursor's arena,
    # until about [budget] bytes of pages are swept (at least one page: every
    # step makes progress); True when none is left.  An arena cut during the
    # sweep may shift the cursor's arena by one: the cursor then meets a swept
    # arena again, whose pages it skips.
    cdef GCPrivate* p = P(h)
    cdef PtrVec* arenas = &h.old.arenas
    cdef Arena* arena
    cdef Page* page
    cdef uint64_t swept = 0
    cdef int j
    while p.sweep_cursor < arenas.n:
        arena = <Arena*>arenas.items[p.sweep_cursor]
        if swept and p.step_end_ns and gc_monotonic_ns() >= p.step_end_ns:
            return False        # the step's time is up (pacing, above)
        for j in range(PAGES_PER_ARENA):
            page = &arena.pages[j]
            if page.cls != 0 and page.sweep_epoch != p.sweep_epoch:
                if swept and swept >= budget:
                    return False
                sweep_page(h, page)
                swept += PAGE_SIZE
                p.step_done = swept
        p.sweep_cursor += 1
    return True

cdef void sweep_large(GCHeap* h) noexcept nogil:
    # All at once, at the start of a sweep: one pass over the large objects
    # (not their bytes), so that large objects never wait for a sweep.  The
    # dead ones are freed by the sweep steps (release_dead_large) or when the
    # collection finalizes (free_dead_large):
    # giving big blocks back to the system costs time per page, which the
    # pause that ends the marking should not pay on top of its own.
    cdef PtrVec* v = &h.old.old_large
    cdef GCHeader* obj
    cdef size_t i, kept = 0
    for i in range(v.n):
        obj = <GCHeader*>v.items[i]
        if obj.flags & GCFLAG_VISITED:
            obj.flags &= ~GCFLAG_VISITED
            v.items[kept] = obj
            kept += 1
        else:
            P(h).dead_found += 1
            if vec_push(&h.old.dead_large, obj) < 0:
                free_large(h, obj)          # no room to defer it: now
    v.n = kept

cdef void free_large(GCHeap* h, GCHeader* obj) noexcept nogil:
    cdef size_t size = obj_size(h, obj)
    h.old.large_used -= size
    if P(h).debug:
        memset(obj, POISON_BYTE, size)
    free(obj)

cdef void free_dead_large(GCHeap* h) noexcept nogil:
    cdef PtrVec* v = &h.old.dead_large
    cdef size_t i
    for i in range(v.n):
        free_large(h, <GCHeader*>v.items[i])
    v.n = 0
    P(h).dead_large_released = 0

cdef extern from "<sys/mman.h>":
    int madvise(void* addr, size_t length, int advice) noexcept nogil
    int MADV_DONTNEED

cdef void release_dead_large(GCHeap* h) noexcept nogil:
    # In the sweep steps that allocation triggers, until [step_end_ns]: give
    # the dead large objects back to the system, the biggest a piece of
    # DEAD_LARGE_PIECE bytes at a time -- handing back the pages of a 70 MB
    # array took 10 ms in one call.  The pieces are the object's whole pages
    # past its first (malloc's own words stay untouched before and after the
    # object), emptied with MADV_DONTNEED; [dead_large_released] is how far
    # into the last object of [dead_large] that has got; free() then costs
    # little.  What is left when sweeping ends, finalize frees.  Not under
    # GC_DEBUG, which poisons dead objects instead.
    cdef GCPrivate* p = P(h)
    cdef PtrVec* v = &h.old.dead_large
    cdef GCHeader* obj
    cdef uintptr_t first, end, at
    while v.n and gc_monotonic_ns() < p.step_end_ns:
        obj = <GCHeader*>v.items[v.n - 1]
        first = (<uintptr_t>obj + 2 * PAGE_SIZE - 1) & ~(<uintptr_t>PAGE_SIZE - 1)
        end = (<uintptr_t>obj + obj_size(h, obj)) & ~(<uintptr_t>PAGE_SIZE - 1)
        at = first + p.dead_large_released
        if not p.debug and at + DEAD_LARGE_PIECE < end:
            madvise(<void*>at, DEAD_LARGE_PIECE, MADV_DONTNEED)
            p.dead_large_released += DEAD_LARGE_PIECE
            continue
        free_large(h, obj)
        v.n -= 1
        p.dead_large_released = 0


cdef void release_pages(GCHeap* h) noexcept nogil:
    # Rebuild the page lists after a sweep: empty pages become free, empty
    # arenas go back to the system -- in a step that allocation triggered,
    # only until [step_end_ns]: unmapping an arena costs 50-100 us (its pages
    # are freed), and a finalize that gave back 40 arenas took 4 ms.  The
    # arenas kept are all free pages, used again before new arenas are cut
    # (new_page) or given back by the next collection's finalize.
    cdef GCPrivate* p = P(h)
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
        if arena.n_free_pages == PAGES_PER_ARENA \
                and (p.step_end_ns == 0 or gc_monotonic_ns() < p.step_end_ns):
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

cdef uint64_t drain_marking(GCHeap* h, uint64_t budget) noexcept nogil:
    # Trace gray objects until [budget] bytes are traced (at least one object,
    # or one chunk: every step makes progress) or none is left; returns the
    # bytes traced.  An array of more than MARK_CHUNK_ITEMS references is
    # traced a chunk at a time ([partial]: the array, [partial_next]: its
    # first item not traced yet), so that one big list does not make one long
    # step; until it is done it counts as gray.
    cdef GCPrivate* p = P(h)
    cdef PtrVec* gray = &p.gray
    cdef GCHeader* obj
    cdef GCType* t
    cdef gcref_t* items
    cdef uint64_t traced = 0
    cdef uint32_t i, end, since_clock = 0
    while (p.partial != NULL or gray.n) and (traced < budget or traced == 0):
        since_clock += 1
        if p.step_end_ns and traced and (since_clock >= STEP_CLOCK_EVERY or p.partial != NULL):
            since_clock = 0     # (a chunk is as much work as STEP_CLOCK_EVERY objects)
            if gc_monotonic_ns() >= p.step_end_ns:
                break           # the step's time is up (pacing, above)
        if p.partial != NULL:
            obj = p.partial
            t = &h.types[obj.tid]
            items = <gcref_t*>(<char*>obj + GC_HEADER_SIZE + t.fixed_size)
            end = obj.aux if obj.aux - p.partial_next <= MARK_CHUNK_ITEMS else p.partial_next + MARK_CHUNK_ITEMS
            for i in range(p.partial_next, end):
                major_visit(h, &items[i])
            traced += (end - p.partial_next) * sizeof(gcref_t)
            p.step_done = traced
            p.partial_next = end
            if end == obj.aux:
                p.partial = NULL
            continue
        gray.n -= 1
        obj = <GCHeader*>gray.items[gray.n]
        t = &h.types[obj.tid]
        if t.items_are_refs and obj.aux > MARK_CHUNK_ITEMS:
            for i in range(t.n_refs):
                major_visit(h, <gcref_t*>(<char*>obj + GC_HEADER_SIZE + t.ref_offsets[i]))
            traced += GC_HEADER_SIZE + t.fixed_size
            p.partial, p.partial_next = obj, 0     # (none was under way: it goes first)
            continue
        trace_object(h, obj, major_visit)
        traced += obj_size(h, obj)
    p.step_done = traced
    return traced

cdef inline bint marking_done(GCHeap* h) noexcept nogil:
    return P(h).gray.n == 0 and P(h).partial == NULL

cdef void retrace_marked(GCHeap* h, GCHeader* obj) noexcept nogil:
    if obj.flags & GCFLAG_VISITED:
        trace_object(h, obj, major_visit)
        drain_marking(h, UINT64_MAX)

cdef inline void set_phase_limits(GCHeap* h) noexcept nogil:
    # [major_deadline], the old-space size past which a phase under way is
    # finished at once: DEADLINE_SLACK more than now (at least a nursery);
    # [pace_limit], past which its steps may take longer: halfway there.
    # Set when marking starts and again when sweeping starts (pacing, above).
    cdef uint64_t used = total_memory_used(h)
    cdef uint64_t slack = max(<uint64_t>(used * DEADLINE_SLACK), <uint64_t>h.nursery_size)
    P(h).major_deadline = used + slack
    P(h).pace_limit = used + slack // 2

cdef int64_t step_time_limit(GCHeap* h, uint64_t used, int64_t pause_start) noexcept nogil:
    # When a step that allocation triggered at [pause_start] must end (pacing,
    # above): STEP_TARGET_NS after the pause started, at least STEP_MIN_NS
    # from now, stretched up to STEP_LATE_FACTOR times past [pace_limit].
    # The times are for the default nursery; a bigger one's steps get
    # proportionally more: promoting a full nursery, and the marking that
    # pacing asks for per byte promoted, take proportionally longer, and a
    # tighter bound only makes the marking fall behind (at 4 MiB it pushed
    # gcbench's peak heap to 1.6x and old_space into its deadline).
    cdef GCPrivate* p = P(h)
    cdef int64_t now = gc_monotonic_ns()
    cdef double late = max(1.0, <double>h.nursery_size / DEFAULT_NURSERY)
    if used > p.pace_limit and p.major_deadline > p.pace_limit:
        late *= 1.0 + (STEP_LATE_FACTOR - 1.0) * <double>(used - p.pace_limit) / <double>(p.major_deadline - p.pace_limit)
    return max(pause_start + <int64_t>(STEP_TARGET_NS * late), now + <int64_t>(STEP_MIN_NS * late))

cdef void major_start(GCHeap* h) noexcept nogil:
    # Precondition: the nursery is empty (a minor collection just ran), so
    # every reference points into the old space.
    cdef GCPrivate* p = P(h)
    p.collecting = True
    p.major_count += 1
    p.gray.n = 0
    p.partial = NULL
    p.mark_overflow = False
    enter_state(h, GC_STATE_MARKING)
    set_phase_limits(h)
    p.mark_budget = 1 + <uint64_t>(1.0 / PACE_SLACK)
    p.step_debt = 0
    visit_roots(h, major_visit)
    p.collecting = False
    if p.debug:
        verify_after_collection(h, True)

cdef void mark_step(GCHeap* h, uint64_t budget) noexcept nogil:
    # One step of marking (state MARKING, nursery empty) that traces about
    # [budget] bytes, or less if [step_end_ns] comes first (step_done says
    # how much); ends the marking when nothing gray is left.
    cdef GCPrivate* p = P(h)
    p.collecting = True
    p.step_done = 0
    drain_marking(h, budget)
    p.collecting = False
    if marking_done(h):
        mark_finish(h)
    elif p.debug:
        verify_after_collection(h, False)

cdef void mark_to_closure(GCHeap* h) noexcept nogil:
    # Trace everything gray, and everything it reaches, now.  The worklist
    # could not grow (memory is short, and the reserve only covers minor
    # collections), or the remembered set overflowed: some marked objects may
    # point to unmarked ones.  Trace every marked object again until no push
    # fails; each pass marks more objects.
    cdef GCPrivate* p = P(h)
    drain_marking(h, UINT64_MAX)
    while p.mark_overflow:
        p.mark_overflow = False
        for_each_old_object(h, retrace_marked)
        drain_marking(h, UINT64_MAX)

cdef void mark_finish(GCHeap* h) noexcept nogil:
    # The end of a marking: rescan the roots (no barrier sees their stores),
    # trace everything gray; then the mark bits say exactly who lives: report
    # the dead samples, sweep the large objects (the dead ones are freed by
    # finalize) and start sweeping the arenas (SWEEPING).  Nursery empty.
    # The finish is one piece of work, even in a step that has a time limit:
    # a drain cut short there would leave gray objects untraced, and the
    # sweep would free what they point to.
    cdef GCPrivate* p = P(h)
    p.collecting = True
    p.step_end_ns = 0
    visit_roots(h, major_visit)
    mark_to_closure(h)
    finalization_after_marking(h)  # weak references, finalizers, death notices (core/finalizers.pxi)
    enter_state(h, GC_STATE_SWEEPING, collect_deaths(h))
    sweep_large(h)
    p.sweep_epoch += 1      # every page in use is now unswept
    p.sweep_cursor = 0
    set_phase_limits(h)
    p.step_debt = 0
    finalization_notify(h)
    p.collecting = False
    if p.debug:
        verify_after_collection(h, True)

cdef void sweep_step(GCHeap* h, uint64_t budget) noexcept nogil:
    # One step of sweeping (state SWEEPING, nursery empty): about [budget]
    # bytes of pages; enters FINALIZING when every page is swept.
    cdef GCPrivate* p = P(h)
    p.collecting = True
    p.step_done = 0
    if p.step_end_ns:
        release_dead_large(h)
    if sweep_arenas(h, budget):
        enter_state(h, GC_STATE_FINALIZING)     # finalize is the next step's work
    p.collecting = False
    if p.debug:
        verify_after_collection(h, False)

cdef void finalize(GCHeap* h) noexcept nogil:
    # Every page swept (state FINALIZING): give the dead large objects, empty
    # pages and empty arenas back, set the next trigger, and go back to
    # SCANNING.  A step of its own, as in incminimark, so that minor
    # collections report FINALIZING (the paper's converter draws a major
    # collection from MARKING to the last FINALIZING).
    cdef GCPrivate* p = P(h)
    cdef uint64_t threshold
    p.collecting = True
    free_dead_large(h)
    release_pages(h)
    threshold = <uint64_t>(total_memory_used(h) * MAJOR_GROWTH)
    p.next_major = max(threshold, <uint64_t>(MAJOR_MIN_NURSERIES * h.nursery_size))
    refill_reserve(h)       # memory may be back: the whole nursery again, if it can
    enter_state(h, GC_STATE_SCANNING)
    p.collecting = False
    if p.debug:
        verify_after_collection(h, True)

cdef void major_complete(GCHeap* h) noexcept nogil:
    # Run the major collection under way (if any) to its end, in this pause.
    if h.gc_state == GC_STATE_MARKING:
        mark_finish(h)
    if h.gc_state == GC_STATE_SWEEPING:
        sweep_step(h, UINT64_MAX)
    if h.gc_state == GC_STATE_FINALIZING:
        finalize(h)

cdef void major_collection(GCHeap* h) noexcept nogil:
    # A whole major collection in one pause, after ending the one under way
    # (which keeps what died after its marking started).  Nursery empty.
    major_complete(h)
    major_start(h)
    major_complete(h)

cdef uint64_t step_budget(GCHeap* h, uint64_t extra) noexcept nogil:
    # Pacing (above): the bytes promoted since the last step are what the
    # minor collection copied and the large object about to be allocated;
    # they add [mark_budget] times as much to the work owed, and a step pays
    # at least [mark_step_min] of it and at most MAX_STEP_NURSERIES nurseries'
    # worth (a big array allocated at once is paid over several steps).
    cdef GCPrivate* p = P(h)
    cdef uint64_t budget
    p.step_debt += (p.last_minor.bytes_copied + extra) * p.mark_budget
    budget = min(max(p.step_debt, p.mark_step_min), MAX_STEP_NURSERIES * <uint64_t>h.nursery_size)
    p.step_taken = min(budget, p.step_debt)
    p.step_debt -= p.step_taken
    return budget

cdef inline void repay_unfinished(GCHeap* h, uint64_t budget, int state, uint64_t speedup) noexcept nogil:
    # A step of [budget] (bytes x [speedup]) that its time limit cut short
    # leaves what it did not do owed, up to what step_budget took from the
    # debt (the rest was the minimum step, never owed).
    cdef GCPrivate* p = P(h)
    if h.gc_state == state and p.step_done < budget:
        p.step_debt += min((budget - p.step_done) // speedup, p.step_taken)

cdef void major_collect_step(GCHeap* h, uint64_t extra, size_t nursery_need,
                             int64_t pause_start) noexcept nogil:
    # The policy after a minor collection that allocation triggered at
    # [pause_start]: start, advance or finish a major collection.  [extra]:
    # bytes about to be allocated in the old space; [nursery_need]: nursery
    # room required.
    cdef GCPrivate* p = P(h)
    cdef uint64_t used = total_memory_used(h)
    cdef uint64_t budget
    if (p.heap_limit and used + extra > p.heap_limit) \
            or <size_t>(h.nursery_top - h.nursery_start) < nursery_need:
        # Memory is short: everything dead must go now.
        major_collection(h)
    elif h.gc_state != GC_STATE_SCANNING:
        if not p.incremental or used + extra > p.major_deadline:
            major_complete(h)
            return
        p.major_steps += 1
        p.step_end_ns = step_time_limit(h, used + extra, pause_start)
        if h.gc_state == GC_STATE_MARKING:
            budget = step_budget(h, extra)
            mark_step(h, budget)
            repay_unfinished(h, budget, GC_STATE_MARKING, 1)
        elif h.gc_state == GC_STATE_SWEEPING:
            budget = step_budget(h, extra) * SWEEP_SPEEDUP
            sweep_step(h, budget)
            repay_unfinished(h, budget, GC_STATE_SWEEPING, SWEEP_SPEEDUP)
        else:
            finalize(h)
        p.step_end_ns = 0
    elif used + extra > p.next_major:
        major_start(h)          # marking the roots is this pause's major work
        if not p.incremental:
            major_complete(h)

cdef int64_t gc_collect_major(GCHeap* h) noexcept nogil:
    # A full collection, which also counts the dead: the nursery objects its
    # minor collection did not evacuate, the young large objects it freed, and
    # the old objects the sweep freed.  A collection under way is ended
    # first: objects that died after its marking started may survive it.
    # Only this entry pays for the count.
    cdef GCPrivate* p = P(h)
    if in_hook_refusal(h, b"a collection") < 0:
        return -1
    p.count_dead = True
    p.dead_found = 0
    if gc_collect_minor(h) < 0:
        p.count_dead = False
        return -1
    major_collection(h)
    p.count_dead = False
    return <int64_t>p.dead_found
