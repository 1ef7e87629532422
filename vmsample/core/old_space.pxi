# vmsample/core/old_space.pxi -- the non-moving old space
# (included by _nursery.pyx; Design 4 in _nursery.pyx).
#
# Owns: arenas of ARENA_SIZE bytes cut into PAGE_SIZE pages of one size class
# (new_page, arena_of, arena_alloc) and old_alloc, where minor collections put
# survivors.  Touches GCOldSpace.

cdef Page* new_page(GCHeap* h) noexcept nogil:
    cdef GCOldSpace* old = h.old
    cdef Arena* arena
    cdef Page* page
    cdef void* mem
    cdef int i
    if old.free_pages == NULL:
        arena = <Arena*>calloc(1, sizeof(Arena))
        if arena == NULL:
            return NULL
        if posix_memalign(&mem, PAGE_SIZE, ARENA_SIZE) != 0:
            free(arena)
            return NULL
        arena.base = <char*>mem
        if insert_arena(old, arena) < 0:
            free(mem)
            free(arena)
            return NULL
        arena.n_free_pages = PAGES_PER_ARENA
        for i in range(PAGES_PER_ARENA - 1, -1, -1):
            page = &arena.pages[i]
            page.base = arena.base + i * PAGE_SIZE
            page.arena = arena
            page.next = old.free_pages
            old.free_pages = page
    page = old.free_pages
    old.free_pages = page.next
    page.next = NULL
    page.uninit = page.base
    page.free_list = NULL
    page.n_used = 0
    page.sweep_epoch = P(h).sweep_epoch     # nothing in it for a sweep under way
    page.arena.n_free_pages -= 1
    return page

cdef int insert_arena(GCOldSpace* old, Arena* arena) noexcept nogil:
    # Keep [arenas] sorted by address, so that arena_of can bisect it.
    cdef PtrVec* v = &old.arenas
    cdef size_t i
    if vec_push(v, arena) < 0:
        return -1
    i = v.n - 1
    while i > 0 and <uintptr_t>(<Arena*>v.items[i - 1]).base > <uintptr_t>arena.base:
        v.items[i] = v.items[i - 1]
        i -= 1
    v.items[i] = arena
    return 0

cdef extern from "<stdlib.h>":
    int posix_memalign(void** memptr, size_t alignment, size_t size) noexcept nogil

cdef Arena* arena_of(GCHeap* h, const char* addr) noexcept nogil:
    # The arena holding [addr], or NULL: a bisection of the sorted [arenas].
    cdef PtrVec* arenas = &h.old.arenas
    cdef size_t lo = 0, hi = arenas.n, mid
    cdef Arena* a
    while lo < hi:
        mid = (lo + hi) // 2
        a = <Arena*>arenas.items[mid]
        if addr < a.base:
            hi = mid
        elif addr >= a.base + ARENA_SIZE:
            lo = mid + 1
        else:
            return a
    return NULL

cdef inline Page* page_of(Arena* arena, const char* addr) noexcept nogil:
    return &arena.pages[(addr - arena.base) // PAGE_SIZE]

cdef inline bint page_unswept(GCHeap* h, Page* page) noexcept nogil:
    # While SWEEPING: [page] holds objects the running sweep has not judged
    # yet; there, an object is alive if and only if it is marked.
    return h.gc_state == GC_STATE_SWEEPING and page.cls != 0 and page.sweep_epoch != P(h).sweep_epoch

cdef char* arena_alloc(GCHeap* h, size_t size) noexcept nogil:
    # A cell of exactly [size] bytes (<= SMALL_MAX), contents undefined.
    cdef GCOldSpace* old = h.old
    cdef uint32_t cls = size // 8
    cdef Page* page = old.avail[cls]
    cdef char* cell
    while page != NULL and page.free_list == NULL and page.uninit + size > page.base + PAGE_SIZE:
        page = page.next            # full: drop it from the list
    old.avail[cls] = page
    if page == NULL:
        page = new_page(h)
        if page == NULL:
            return NULL
        page.cls = cls
        old.avail[cls] = page
    if page.free_list != NULL:
        cell = page.free_list
        page.free_list = (<char**>(cell + GC_HEADER_SIZE))[0]
    else:
        cell = page.uninit
        page.uninit += size
    page.n_used += 1
    old.arena_used += size
    return cell

cdef GCHeader* old_alloc(GCHeap* h, size_t size, uint16_t* large_flag) noexcept nogil:
    # Room for a survivor of a minor collection: an arena cell, or malloc'ed
    # alone (then [large_flag] = GCFLAG_LARGE).
    # Never fails: when malloc does, the evacuation reserve gives its address
    # space back (core/reserve.pxi) and the allocation is retried.
    cdef GCHeader* obj = NULL
    large_flag[0] = 0
    if size <= SMALL_MAX:
        obj = <GCHeader*>arena_alloc(h, size)
        if obj == NULL:
            release_reserve(h)
            obj = <GCHeader*>arena_alloc(h, size)
        if obj != NULL:
            return obj
    obj = <GCHeader*>malloc(size)
    if obj == NULL:
        release_reserve(h)
        obj = <GCHeader*>malloc(size)
    if obj == NULL:
        fatal(b"out of memory while copying a survivor, even with the evacuation reserve released")
    collector_push(h, &h.old.old_large, obj)      # has room: reserve_tables
    h.old.large_used += size
    large_flag[0] = GCFLAG_LARGE
    return obj
