# vmsample/core/slow_path.pxi -- allocation off the fast path
# (included by _nursery.pyx).
#
# Owns: gc_collect_and_reserve (the fast path crossed [nursery_limit]),
# gc_malloc_large (the large-object space) and collect_for_allocation (the
# collection policy: minor, then major when the old space grew, then the heap
# limit).

cdef char* gc_collect_and_reserve(GCHeap* h, size_t size, uint16_t tid) noexcept nogil:
    # Entered when the fast path's bump crossed [nursery_limit]: a sample
    # point, the end of the nursery, or stress.  [nursery_free] already
    # includes [size]; undo that first, so that a collection counts only what
    # was really allocated and the object keeps its stream position.
    cdef char* result = h.nursery_free - size
    h.nursery_free = result
    if in_hook_refusal(h, b"an allocation") < 0:
        return NULL         # the limit is the hook's: hook_leave restores it
    if tid == 0 or tid >= h.n_types or size < GC_MIN_OBJECT_SIZE or size & 7 \
            or size > h.nursery_size:
        set_limit(h)
        set_error(h, GC_ERR_ARG, "bad nursery allocation (unregistered type id, or a size "
                  "that is not a multiple of 8 in [16, nursery size])")
        return NULL
    if stress_due(h) or result + size > h.nursery_top:
        if collect_for_allocation(h, size, size) < 0:
            set_limit(h)
            return NULL
        result = h.nursery_free
        if result + size > h.nursery_top:
            # The nursery's end is lowered (core/reserve.pxi): memory is short.
            set_limit(h)
            snprintf(P(h).errmsg, sizeof(P(h).errmsg),
                     "out of memory: %llu bytes requested, the nursery has room for %llu "
                     "(memory to evacuate it is short)", <unsigned long long>size,
                     <unsigned long long>(h.nursery_top - h.nursery_start))
            h.error = GC_ERR_NOMEM
            return NULL
    if h.sample_mode != GC_SAMPLING_OFF and h.sample_point < <uintptr_t>(result + size):
        take_samples(h, <GCHeader*>result, size, tid, False, <uintptr_t>(result + size))
    h.nursery_free = result + size
    set_limit(h)
    return result

cdef GCHeader* gc_malloc_large(GCHeap* h, uint16_t tid, size_t size, uint32_t aux) noexcept nogil:
    # A young object outside the nursery.  In the sample stream it sits at
    # [nursery_free] (Design 2).
    cdef GCOldSpace* old = h.old
    cdef GCPrivate* p = P(h)
    cdef GCHeader* obj
    cdef uint64_t used
    cdef bint collected = False
    if in_hook_refusal(h, b"an allocation") < 0:
        return NULL
    if tid == 0 or tid >= h.n_types or size < GC_MIN_OBJECT_SIZE or size & 7:
        set_error(h, GC_ERR_ARG, "bad large allocation (unregistered type id, or a size "
                  "that is not a multiple of 8 and at least 16)")
        return NULL
    # Everything in the nursery counts against the heap limit: it may all survive.
    used = total_memory_used(h)
    if stress_due(h) or used + size > p.next_major or (
            p.heap_limit and used + <size_t>(h.nursery_free - h.nursery_start) + size > p.heap_limit):
        if collect_for_allocation(h, size, 0) < 0:
            return NULL
        collected = True
    obj = <GCHeader*>calloc(1, size)
    if obj == NULL and not collected:
        if collect_for_allocation(h, size, 0) == 0:
            obj = <GCHeader*>calloc(1, size)
    if obj != NULL and vec_push(&old.young_large, obj) == 0:
        if reserve_tables(h, p.reserve_covers) < 0:     # the next minor collection may promote it
            old.young_large.n -= 1
            free(obj)
            obj = NULL
    elif obj != NULL:
        free(obj)
        obj = NULL
    if obj == NULL:
        set_error(h, GC_ERR_NOMEM, "out of memory (malloc failed for a large object)")
        return NULL
    obj.tid = tid
    obj.aux = aux
    obj.flags = GCFLAG_OLD | GCFLAG_LARGE | GCFLAG_YOUNG_LARGE
    old.large_used += size
    p.large_bytes_allocated += size
    if h.sample_mode != GC_SAMPLING_OFF:
        if h.sample_point < <uintptr_t>(h.nursery_free + size):
            take_samples(h, obj, size, tid, True, <uintptr_t>(h.nursery_free + size))
        h.sample_point -= size
        set_limit(h)
    if p.heap_limit:
        set_nursery_end(h)      # the object takes room the nursery may no longer fill
    return obj

cdef int collect_for_allocation(GCHeap* h, size_t extra, size_t nursery_need) noexcept nogil:
    # A minor collection, then a step of the major collection (it starts one
    # if the old space grew past its trigger, and finishes it at once past
    # the heap limit, or if the nursery has less room than [nursery_need]:
    # memory for the evacuation reserve is short); fails if
    # [extra] more bytes would still exceed the heap limit.
    cdef GCPrivate* p = P(h)
    cdef uint64_t used
    cdef GCPause pause
    cdef int64_t t1
    pause.time_ns = gc_monotonic_ns()
    if gc_collect_minor(h) < 0:
        return -1
    pause.minor_index = p.minor_count
    used = total_memory_used(h)
    if used > p.peak_memory_used:
        p.peak_memory_used = used
    t1 = gc_monotonic_ns()
    major_collect_step(h, extra, nursery_need, pause.time_ns)
    pause.major_ns = gc_monotonic_ns() - t1
    pause.duration_ns = t1 + pause.major_ns - pause.time_ns
    p.n_pauses += 1
    p.pause_total_ns += <uint64_t>pause.duration_ns
    p.pause_max_ns = max(p.pause_max_ns, <uint64_t>pause.duration_ns)
    p.major_work_max_ns = max(p.major_work_max_ns, <uint64_t>pause.major_ns)
    if p.keep_gc_log and grow(<void**>&p.pause_log, &p.cap_pause_log, p.n_pause_log + 1,
                              sizeof(GCPause)) == 0:
        p.pause_log[p.n_pause_log] = pause
        p.n_pause_log += 1
    if h.on_pause != NULL:
        h.on_pause(h.on_pause_ctx, &pause)
    used = total_memory_used(h)
    if p.heap_limit and used + extra > p.heap_limit:
        h.error = GC_ERR_NOMEM
        snprintf(p.errmsg, sizeof(p.errmsg),
                 "heap limit of %llu bytes exceeded (%llu bytes in use, %llu requested)",
                 <unsigned long long>p.heap_limit, <unsigned long long>used,
                 <unsigned long long>extra)
        return -1
    return 0
