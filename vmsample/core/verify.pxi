# vmsample/core/verify.pxi -- the heap verifier (included by _nursery.pyx).
#
# Owns: verify_heap, run after collections under VMSAMPLE_GC_DEBUG (when:
# at the end of this file) and by Nursery.check_heap(): it checks the
# invariants stated in _nursery.pyx's Design block and in the header-flag
# table, and reports the first violation in GCPrivate.errmsg.  Touches the
# global [the_verifier] (set only while it runs: verification holds the GIL
# or runs inside a collection).

cdef int cmp_ptr(const void* a, const void* b) noexcept nogil:
    cdef uintptr_t x = (<uintptr_t*>a)[0]
    cdef uintptr_t y = (<uintptr_t*>b)[0]
    return (x > y) - (x < y)

cdef bint ptr_in_sorted(void** items, size_t n, void* x) noexcept nogil:
    cdef size_t lo = 0, hi = n, mid
    while lo < hi:
        mid = (lo + hi) // 2
        if <uintptr_t>items[mid] < <uintptr_t>x:
            lo = mid + 1
        else:
            hi = mid
    return lo < n and items[lo] == x

ctypedef struct Verifier:
    GCHeap* h
    PtrVec nursery_objs     # sorted by construction
    PtrVec large_objs       # sorted
    PtrVec gray_objs        # while MARKING: [gray] and the remembered set, sorted
    PtrVec remembered_objs
    PtrVec remembered_slots # sorted
    PtrVec young_large_slots    # sorted
    PtrVec weak_new         # the weakref objects registered (core/weakrefs.pxi), sorted
    PtrVec weak_old
    bint check_black        # MARKING, and no mark overflow: check the incremental-update invariant
    bint in_unswept         # the object being checked is in a page the running sweep has not passed
    GCHeader* current       # object whose slots are being checked (NULL for roots)
    const char* where
    int failed
    bint out_of_memory      # the first failure was the verifier's own: the heap was not checked

cdef int verify_fail(Verifier* v, const char* what, uintptr_t value) noexcept nogil:
    cdef char types[96]
    if not v.failed:
        snprintf(P(v.h).errmsg, sizeof(P(v.h).errmsg),
                 "heap verification failed: %s (value 0x%llx, in %s at %p)",
                 what, <unsigned long long>value, v.where, <void*>v.current)
        if v.current != NULL and v.current.tid < v.h.n_types:
            # name the object holding the bad reference: the type is where to look for the bug
            snprintf(types, sizeof(types), " [in an object of type %s]", v.h.types[v.current.tid].name)
            strncat(P(v.h).errmsg, types, sizeof(P(v.h).errmsg) - strlen(P(v.h).errmsg) - 1)
        v.failed = 1
    return -1

cdef int verify_no_memory(Verifier* v) noexcept nogil:
    # The verifier's own tables could not grow (a test build's injected fault,
    # or memory really short): the heap is not known to be broken, only not
    # checked -- verify_heap returns -2, and VMSAMPLE_GC_DEBUG goes on.
    if not v.failed:
        v.out_of_memory = True
    return verify_fail(v, "out of memory while verifying", 0)

cdef int check_header(Verifier* v, GCHeader* obj, bint young) noexcept nogil:
    cdef GCHeap* h = v.h
    if obj.tid == 0 or obj.tid >= h.n_types:
        return verify_fail(v, "object with an unregistered type id", obj.tid)
    # Marked: an old object while MARKING, or one the running sweep has not passed.
    if obj.flags & GCFLAG_FORWARDED or (obj.flags & GCFLAG_VISITED and (
            young or not (h.gc_state == GC_STATE_MARKING or v.in_unswept))):
        return verify_fail(v, "object with a collection-only flag set", obj.flags)
    if young != ((obj.flags & GCFLAG_OLD) == 0 or (obj.flags & GCFLAG_YOUNG_LARGE) != 0):
        return verify_fail(v, "object whose OLD/YOUNG_LARGE flags disagree with its space", obj.flags)
    if obj.flags & GCFLAG_HAS_SHADOW and (obj.flags & GCFLAG_OLD or P(h).young_ids.cap == 0
            or P(h).young_ids.items[young_id_slot(&P(h).young_ids, <uintptr_t>obj)].obj != <uintptr_t>obj):
        return verify_fail(v, "GCFLAG_HAS_SHADOW on an object the young-id table lacks", obj.flags)
    return 0

cdef void verify_young_ids(Verifier* v) noexcept nogil:
    # Each entry: a live nursery object with GCFLAG_HAS_SHADOW, and a shadow
    # that is still an empty (tid 0) cell no other entry holds.
    cdef YoungIds* t = &P(v.h).young_ids
    cdef size_t i, n = 0
    cdef GCHeader* obj
    for i in range(t.cap):
        if t.items[i].obj == 0 or v.failed:
            continue
        n += 1
        obj = <GCHeader*>t.items[i].obj
        if classify(v, <gcref_t>obj) != 1 or not in_nursery(v.h, <gcref_t>obj):
            verify_fail(v, "young-id entry for a dead or non-nursery object", <uintptr_t>obj)
        elif not obj.flags & GCFLAG_HAS_SHADOW:
            verify_fail(v, "young-id entry whose object lacks GCFLAG_HAS_SHADOW", obj.flags)
        elif t.items[i].shadow.tid != 0:
            verify_fail(v, "young-id shadow cell already holds an object", <uintptr_t>t.items[i].shadow)
    if n != t.n and not v.failed:
        verify_fail(v, "young-id table count is wrong", t.n)

cdef int classify(Verifier* v, gcref_t r) noexcept nogil:
    # 0: not a live object; 1: young; 2: old; 3: into the nursery buffer the
    # last minor collection evacuated (debug: see Nursery.__cinit__)
    cdef GCHeap* h = v.h
    cdef GCPrivate* p = P(h)
    cdef Arena* arena
    cdef Page* page
    cdef GCHeader* obj
    if in_nursery(h, r):
        return 1 if ptr_in_sorted(v.nursery_objs.items, v.nursery_objs.n, <void*>r) else 0
    if p.debug and <uintptr_t>p.buffers[p.active ^ 1] <= r < <uintptr_t>(p.buffers[p.active ^ 1] + h.nursery_size):
        return 3
    arena = arena_of(h, <char*>r)
    if arena != NULL:
        page = page_of(arena, <char*>r)
        if page.cls == 0 or (<char*>r - page.base) % (page.cls * 8) != 0 or <char*>r >= page.uninit:
            return 0
        obj = <GCHeader*>r
        if obj.tid == 0 or obj.tid >= h.n_types or obj_size(h, obj) != page.cls * 8:
            return 0
        if page_unswept(h, page) and not obj.flags & GCFLAG_VISITED:
            return 0        # dead, waiting for the sweep
        return 2
    if ptr_in_sorted(v.large_objs.items, v.large_objs.n, <void*>r):
        return 1 if (<GCHeader*>r).flags & GCFLAG_YOUNG_LARGE else 2
    return 0

cdef Verifier* the_verifier = NULL   # verification runs with the GIL or inside a collection

cdef void verify_slot(GCHeap* h, gcref_t* slot) noexcept nogil:
    cdef Verifier* v = the_verifier
    cdef gcref_t r = slot[0]
    cdef int kind
    cdef char types[96]
    if not gc_is_ref(r):
        return
    kind = classify(v, r)
    if kind == 3 and v.current != NULL and v.current.flags & GCFLAG_OLD:
        verify_fail(v, "rule broken: missing write barrier: an old object points into the nursery "
                    "the last minor collection evacuated (a reference stored into it without "
                    "gc_write_barrier or gc_set_ref)", r)
    elif kind == 0 or kind == 3:
        verify_fail(v, "reference to something that is not a live object", r)
    elif kind == 1 and v.current != NULL and (v.current.flags & GCFLAG_OLD) \
            and not (v.current.flags & GCFLAG_YOUNG_LARGE) \
            and (v.current.flags & GCFLAG_TRACK_YOUNG_PTRS) \
            and not ptr_in_sorted(v.remembered_slots.items, v.remembered_slots.n, slot):
        verify_fail(v, "old object points to a young one but is not remembered "
                    "(missing write barrier)", r)
    elif kind == 1 and v.current != NULL \
            and v.current.flags & (GCFLAG_YOUNG_LARGE | GCFLAG_TRACK_YOUNG_PTRS) == GCFLAG_YOUNG_LARGE | GCFLAG_TRACK_YOUNG_PTRS \
            and not ptr_in_sorted(v.young_large_slots.items, v.young_large_slots.n, slot):
        verify_fail(v, "young large object that tracks its stores (gc_track_stores) points to a "
                    "young one through a slot no barrier saw", r)
    elif kind == 2 and v.check_black and v.current != NULL and v.current.flags & GCFLAG_VISITED \
            and not (<GCHeader*>r).flags & GCFLAG_VISITED \
            and not ptr_in_sorted(v.gray_objs.items, v.gray_objs.n, v.current) \
            and not ptr_in_sorted(v.remembered_objs.items, v.remembered_objs.n, v.current):
        verify_fail(v, "a marked object that is neither gray nor remembered points to an "
                    "unmarked one (incremental-update invariant, core/major.pxi; a store "
                    "into an old object without gc_write_barrier?)", r)
        snprintf(types, sizeof(types), " [type %s -> type %s]",
                 h.types[v.current.tid].name, h.types[(<GCHeader*>r).tid].name)
        strncat(P(h).errmsg, types, sizeof(P(h).errmsg) - strlen(P(h).errmsg) - 1)

cdef int verify_object(Verifier* v, GCHeader* obj, bint young) noexcept nogil:
    cdef gcref_t weak
    if check_header(v, obj, young) < 0:
        return -1
    v.current = obj
    trace_object(v.h, obj, verify_slot)
    v.current = NULL
    if v.h.types[obj.tid].weak_offset != GC_NO_WEAK_FIELD:
        weak = weak_slot(v.h, obj)[0]
        if gc_is_ref(weak):
            verify_weak_field(v, obj, classify(v, weak) == 1)
    return -v.failed

cdef int verify_heap(GCHeap* h) noexcept nogil:
    # 0 if the heap is well formed; otherwise -1 with P(h).errmsg describing
    # the first problem found, or -2 if the verifier ran out of memory first.
    global the_verifier
    cdef Verifier v
    cdef GCPrivate* p = P(h)
    cdef GCOldSpace* old = h.old
    cdef Arena* arena
    cdef Page* page
    cdef GCHeader* obj
    cdef char* cell
    cdef size_t i, size
    cdef int j, result = 0
    memset(&v, 0, sizeof(v))
    v.h = h
    v.where = "the nursery"
    if not (h.nursery_start <= h.nursery_free <= h.nursery_limit <= h.nursery_top):
        verify_fail(&v, "nursery pointers out of order", <uintptr_t>h.nursery_limit)
    elif h.sample_mode != GC_SAMPLING_OFF and h.sample_point < <uintptr_t>h.nursery_free:
        verify_fail(&v, "sample point below nursery_free", h.sample_point)
    elif not p.stress and h.nursery_limit != (
            <char*>h.sample_point if h.sample_mode != GC_SAMPLING_OFF
            and h.sample_point < <uintptr_t>h.nursery_top else h.nursery_top):
        verify_fail(&v, "nursery_limit is not min(sample_point, nursery_top)", <uintptr_t>h.nursery_limit)
    # the nursery's objects, in address order
    cell = h.nursery_start
    while not v.failed and cell < h.nursery_free:
        obj = <GCHeader*>cell
        if obj.tid == 0 or obj.tid >= h.n_types:
            verify_fail(&v, "nursery object with an unregistered type id", obj.tid)
            break
        if vec_push(&v.nursery_objs, cell) < 0:
            verify_no_memory(&v)
            break
        cell += obj_size(h, obj)
    for i in range(old.young_large.n):
        if vec_push(&v.large_objs, old.young_large.items[i]) < 0:
            verify_no_memory(&v)
    for i in range(old.old_large.n):
        if vec_push(&v.large_objs, old.old_large.items[i]) < 0:
            verify_no_memory(&v)
    if v.large_objs.n:
        qsort(v.large_objs.items, v.large_objs.n, sizeof(void*), cmp_ptr)
    for i in range(p.remembered_slots.n):
        if vec_push(&v.remembered_slots, p.remembered_slots.items[i]) < 0:
            verify_no_memory(&v)
    if v.remembered_slots.n:
        qsort(v.remembered_slots.items, v.remembered_slots.n, sizeof(void*), cmp_ptr)
    for i in range(p.young_large_slots.n):
        if vec_push(&v.young_large_slots, p.young_large_slots.items[i]) < 0:
            verify_no_memory(&v)
    if v.young_large_slots.n:
        qsort(v.young_large_slots.items, v.young_large_slots.n, sizeof(void*), cmp_ptr)
    sort_weak_registered(&v)
    if h.gc_state == GC_STATE_MARKING and not p.mark_overflow and not p.remembered_overflow:
        v.check_black = True
        for i in range(p.gray.n):
            if vec_push(&v.gray_objs, p.gray.items[i]) < 0:
                verify_no_memory(&v)
        if p.partial != NULL and vec_push(&v.gray_objs, p.partial) < 0:     # partly traced: gray
            verify_no_memory(&v)
        for i in range(p.remembered.n):
            if vec_push(&v.remembered_objs, p.remembered.items[i]) < 0:
                verify_no_memory(&v)
        if v.gray_objs.n:
            qsort(v.gray_objs.items, v.gray_objs.n, sizeof(void*), cmp_ptr)
        if v.remembered_objs.n:
            qsort(v.remembered_objs.items, v.remembered_objs.n, sizeof(void*), cmp_ptr)
    the_verifier = &v
    if not v.failed:
        for i in range(v.nursery_objs.n):
            if verify_object(&v, <GCHeader*>v.nursery_objs.items[i], True) < 0:
                break
    v.where = "a large object"
    if not v.failed:
        for i in range(old.young_large.n):
            obj = <GCHeader*>old.young_large.items[i]
            if not obj.flags & GCFLAG_YOUNG_LARGE:
                verify_fail(&v, "young large object without GCFLAG_YOUNG_LARGE", obj.flags)
            if verify_object(&v, obj, True) < 0:
                break
    if not v.failed:
        for i in range(old.old_large.n):
            obj = <GCHeader*>old.old_large.items[i]
            if not obj.flags & GCFLAG_LARGE:
                verify_fail(&v, "malloc'ed old object without GCFLAG_LARGE", obj.flags)
            if verify_object(&v, obj, False) < 0:
                break
    v.where = "an arena"
    for i in range(old.arenas.n):
        if v.failed:
            break
        arena = <Arena*>old.arenas.items[i]
        for j in range(PAGES_PER_ARENA):
            page = &arena.pages[j]
            if page.cls == 0 or v.failed:
                continue
            size = page.cls * 8
            v.in_unswept = page_unswept(h, page)
            if v.in_unswept and i < p.sweep_cursor:
                verify_fail(&v, "an arena before the sweep's cursor has a page not swept", i)
            cell = page.base
            while cell < page.uninit and not v.failed:
                obj = <GCHeader*>cell
                if obj.tid != 0 and v.in_unswept and not obj.flags & GCFLAG_VISITED:
                    pass        # dead, waiting for the sweep: its references may dangle
                elif obj.tid != 0:
                    if obj.flags & GCFLAG_LARGE:
                        verify_fail(&v, "arena object with GCFLAG_LARGE", obj.flags)
                    elif obj.tid < h.n_types and obj_size(h, obj) != size:
                        verify_fail(&v, "arena object whose size differs from its cell", obj_size(h, obj))
                    else:
                        verify_object(&v, obj, False)
                cell += size
    v.in_unswept = False
    v.where = "the young-id table"
    verify_young_ids(&v)
    v.where = "the followed samples"       # core/lifetimes.pxi: old objects, swept only by a major
    for i in range(h.sampler.n_tracked):
        if v.failed:
            break
        if classify(&v, <gcref_t>h.sampler.tracked_obj[i]) != 2:
            verify_fail(&v, "a followed sample is not an old object", <uintptr_t>h.sampler.tracked_obj[i])
    v.where = "the gray worklist"
    for i in range(p.gray.n if h.gc_state == GC_STATE_MARKING else 0):
        obj = <GCHeader*>p.gray.items[i]
        if v.failed:
            break
        if classify(&v, <gcref_t>obj) != 2 or not obj.flags & GCFLAG_VISITED:
            verify_fail(&v, "gray object is not a marked live old object", <uintptr_t>obj)
    obj = p.partial
    if obj != NULL and not v.failed and (h.gc_state != GC_STATE_MARKING or classify(&v, <gcref_t>obj) != 2
                                         or not obj.flags & GCFLAG_VISITED or p.partial_next > obj.aux):
        verify_fail(&v, "the array marking traces in chunks is not a marked live old one", <uintptr_t>obj)
    v.where = "the registrations"
    verify_finalization(&v)
    v.where = "a root"
    if not v.failed:
        visit_roots(h, verify_slot)
        for i in range(p.remembered.n):
            obj = <GCHeader*>p.remembered.items[i]
            if classify(&v, <gcref_t>obj) != (1 if obj.flags & GCFLAG_YOUNG_LARGE else 2):
                verify_fail(&v, "remembered object is not a live old object (or young large "
                            "one: gc_track_stores)", <uintptr_t>obj)
            elif obj.flags & GCFLAG_TRACK_YOUNG_PTRS:
                verify_fail(&v, "remembered object still has GCFLAG_TRACK_YOUNG_PTRS", obj.flags)
    the_verifier = NULL
    vec_free(&v.nursery_objs)
    vec_free(&v.large_objs)
    vec_free(&v.gray_objs)
    vec_free(&v.remembered_objs)
    vec_free(&v.remembered_slots)
    vec_free(&v.young_large_slots)
    vec_free(&v.weak_new)
    vec_free(&v.weak_old)
    return -2 if v.out_of_memory else -v.failed

cdef void verify_or_die(GCHeap* h) noexcept nogil:
    if verify_heap(h) == -1:
        fatal(P(h).errmsg)

# ____________________________________________________________________________
# When VMSAMPLE_GC_DEBUG verifies
#
# After a collection, and at a cost bounded by the allocation that led to it.
# verify_heap walks the whole heap, so running it after every collection made
# CPython's test_bool on the VM 54 times slower (CPU time) under
# VMSAMPLE_NURSERY=4K VMSAMPLE_GC_STRESS=101 than the same knobs without it:
# 644 walks of up to 4 MB, 623 of them while the VM set itself up.  So the
# heap is verified after a collection
#   * always while the old space is under VERIFY_ALWAYS_NURSERIES nurseries
#     (the core's tests, with their small heaps, never leave this regime);
#   * always at a major collection's phase boundaries (the marking's start
#     and end, the end of the sweep): once per cycle, which is itself a walk;
#   * otherwise when at least old-space/VERIFY_SHARE bytes were allocated
#     since the last verification: the walks then cost about VERIFY_SHARE
#     bytes of heap per byte allocated, however big the heap.
# What a skipped verification would have found is still there at the next
# one: nothing may point into either nursery buffer after any collection,
# and freed cells keep their poison until they are handed out again.

cdef enum:
    VERIFY_ALWAYS_NURSERIES = 32
    VERIFY_SHARE = 2

cdef void verify_after_collection(GCHeap* h, bint phase_boundary) noexcept nogil:
    cdef GCPrivate* p = P(h)
    cdef uint64_t old = total_memory_used(h)
    cdef uint64_t allocated = bytes_allocated(h)
    if (phase_boundary or old < <uint64_t>VERIFY_ALWAYS_NURSERIES * h.nursery_size
            or allocated - p.verified_at >= old // VERIFY_SHARE):
        p.verified_at = allocated
        verify_or_die(h)
