# vmsample/core/reserve.pxi -- the evacuation reserve and the nursery's
# usable end (included by _nursery.pyx; docs/design.md §2.7).
#
# Owns: GCPrivate.reserve / reserve_size / reserve_covers, and h.nursery_top
# (set_nursery_end is the only code that moves it, besides the buffer swap of
# GC_DEBUG).
#
# A minor collection cannot stop half way: once a survivor is copied and its
# slots updated, the heap is only whole again when every survivor is out.  So
# the memory it needs is set aside before the nursery is filled:
#
#   INVARIANT, outside a collection: the reserve covers the nursery up to
#   [nursery_top], i.e. [reserve_covers] >= nursery_top - nursery_start, where
#   covering C bytes means
#     * the scan worklist can take C/16 + (young large objects) entries, and
#       the large-object table as many more as C bytes of survivors bigger than
#       an arena cell and the young large objects could add, without growing;
#     * [reserve] is a mapped, untouched block of reserve_bytes(C) bytes.
#
# A collection that finds malloc failing unmaps the block (release_reserve)
# and retries in the address space that gives back; reserve_bytes() is chosen
# so that this always suffices.  After each collection, refill_reserve takes
# the reserve again, for the whole nursery if it can and for less if it
# cannot; then set_nursery_end lowers [nursery_top] to what is covered, and
# also to what the heap limit leaves: the old space plus everything in the
# nursery (all of which may survive) never exceeds [heap_limit].  An
# allocation that finds no room even after a full collection fails with
# GC_ERR_NOMEM: running out of memory is always a MemoryError at an
# allocation, never an abort in a collection.

from posix.mman cimport mmap, munmap, PROT_READ, PROT_WRITE, MAP_PRIVATE, MAP_ANONYMOUS, MAP_FAILED

cdef enum:
    # Beyond 5/4 of the covered bytes (arena page waste < 1/16, malloc and
    # arena overheads < 1/10): one partial page per size class and two
    # partial arenas.
    RESERVE_SLACK = 1048576


cdef inline size_t reserve_bytes(size_t cover) noexcept nogil:
    return cover + cover // 4 + RESERVE_SLACK


cdef int reserve_tables(GCHeap* h, size_t cover) noexcept nogil:
    # The table half of the invariant for [cover] bytes; -1 if memory is short.
    cdef GCPrivate* p = P(h)
    cdef GCOldSpace* old = h.old
    cdef size_t young = old.young_large.n
    if grow(<void**>&p.scan.items, &p.scan.cap, cover // GC_MIN_OBJECT_SIZE + young + 1,
            sizeof(void*)) < 0:
        return -1
    if grow(<void**>&old.old_large.items, &old.old_large.cap,
            old.old_large.n + cover // (SMALL_MAX + 8) + young + 1, sizeof(void*)) < 0:
        return -1
    return 0


cdef void release_reserve(GCHeap* h) noexcept nogil:
    cdef GCPrivate* p = P(h)
    if p.reserve != NULL:
        munmap(p.reserve, p.reserve_size)
        p.reserve = NULL
        p.reserve_size = 0


cdef int take_reserve(GCHeap* h, size_t cover) noexcept nogil:
    # Make the reserve cover [cover] bytes; -1 (and a smaller cover) if it cannot.
    cdef GCPrivate* p = P(h)
    cdef size_t want = reserve_bytes(cover)
    cdef void* block
    if reserve_tables(h, cover) < 0:
        return -1
    if p.reserve != NULL and p.reserve_size >= want:
        return 0
    release_reserve(h)
    block = MAP_FAILED if FAULTS and fault_due(FAULT_ALLOC) else \
        mmap(NULL, want, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
    if block == MAP_FAILED:
        return -1
    p.reserve = <char*>block
    p.reserve_size = want
    return 0


cdef bint refill_reserve(GCHeap* h) noexcept nogil:
    # With the nursery empty: cover the whole nursery again, or as much of it
    # as memory allows (halving); True if the whole of it.
    cdef GCPrivate* p = P(h)
    cdef size_t cover = h.nursery_size
    while cover and take_reserve(h, cover) < 0:
        cover = (cover // 2) & ~(<size_t>7)
    p.reserve_covers = cover
    set_nursery_end(h)
    return cover == h.nursery_size


cdef void set_nursery_end(GCHeap* h) noexcept nogil:
    # [nursery_top] = the end of what the reserve covers and the heap limit
    # allows, never below what is already allocated; then the limit.
    cdef GCPrivate* p = P(h)
    cdef size_t room = p.reserve_covers
    cdef size_t in_use = h.nursery_free - h.nursery_start
    cdef uint64_t used
    if p.heap_limit:
        used = total_memory_used(h)
        if used >= p.heap_limit:
            room = 0
        elif p.heap_limit - used < room:
            room = <size_t>(p.heap_limit - used)
    room &= ~(<size_t>7)
    if room < in_use:
        room = in_use
    h.nursery_top = h.nursery_start + room
    set_limit(h)


cdef int collector_push(GCHeap* h, PtrVec* v, void* item) noexcept nogil:
    # vec_push for a collection, which must not fail: when malloc does, the
    # reserve gives its address space back and the push is retried.
    if vec_push(v, item) == 0:
        return 0
    release_reserve(h)
    if vec_push(v, item) == 0:
        return 0
    fatal(b"out of memory in a collection, even with the evacuation reserve released")
    return -1
