# vmsample/core/heap.pxi -- the heap's private state (included by _nursery.pyx).
#
# Owns: the old-space geometry constants, the private structs behind GCHeap
# (GCOldSpace, GCSampler, GCPrivate and its handle table, remembered set and
# logs), P(h), and the small helpers every other part uses (growable arrays,
# set_error, fatal, obj_size, trace_object).  Touches no global state.

cdef enum:
    ARENA_SIZE = 262144                 # 256 KiB (literals: Cython's overflowcheck cannot fold enum expressions)
    PAGE_SIZE = 4096
    PAGES_PER_ARENA = 64                # ARENA_SIZE // PAGE_SIZE
    SMALL_MAX = 256                     # biggest old-space cell; bigger survivors are malloc'ed
    N_CLASSES = 33                      # SMALL_MAX // 8 + 1; class c holds cells of c*8 bytes (c >= 2)
    POISON_BYTE = 0xDB                  # low bits 011: a poisoned word reads as a tagged immediate
    DEFAULT_NURSERY = 1048576           # 1 MiB: a full nursery promoted is a ~1.5 ms minor collection
    DEFAULT_SHADOWSTACK = 1048576       # slots
    MAJOR_MIN_NURSERIES = 4             # first major collection after 4 nurseries of old space
    MAX_STEP_NURSERIES = 8              # a mark step traces at most 8 nurseries' worth of bytes
    MARK_CHUNK_ITEMS = 2048             # marking traces a bigger array 16 KiB of references at a
                                        # time (scattered references: ~0.2 ms)
    DEAD_LARGE_PIECE = 4194304          # release_dead_large hands back 4 MiB of a dead array at a time
    STEP_CLOCK_EVERY = 64               # a mark step reads the clock every 64 objects, or chunk

cdef extern from *:
    """
    #define VMS_MAX_DISTANCE ((uint64_t)1 << 62)
    """
    # Periods and offsets are bounded so that free + distance never overflows.
    const uint64_t MAX_DISTANCE "VMS_MAX_DISTANCE"
cdef double MAJOR_GROWTH = 2.0          # next major when old space doubles since the last one
cdef double PACE_SLACK = 0.25           # an incremental phase is paced to end before the old space
                                        # grows by this fraction of its size at the phase's start ...
cdef double DEADLINE_SLACK = 0.5        # ... and is finished at once if it grows by this much
cdef int64_t STEP_TARGET_NS = 3000000  # a pause (minor collection + step) aims at 3 ms ...
cdef int64_t STEP_MIN_NS = 1000000     # ... the step taking at least 1 ms of it
cdef double STEP_LATE_FACTOR = 5.0     # ... up to 5 times more near a phase's deadline
cdef uint64_t SWEEP_SPEEDUP = 8         # a sweep step passes this many bytes of pages per byte a
                                        # mark step traces: sweeping a byte is that much cheaper

GC_STATE_NAMES = ("scanning", "marking", "sweeping", "finalizing")
SAMPLING_MODES = {"fixed": GC_SAMPLING_FIXED, "random": GC_SAMPLING_RANDOM}

# ____________________________________________________________________________
# Private state

ctypedef struct PtrVec:                 # a growable array of pointers (malloc, not the GC heap)
    void** items
    size_t n
    size_t cap

cdef struct Arena
cdef struct GCFinalization        # weak references, finalizers, death notices: core/finalizers.pxi

ctypedef struct Page:
    Arena* arena            # the arena the page is cut from
    char* base
    char* uninit            # cells in [base, uninit) have been handed out at least once
    char* free_list         # free cells, linked through payload word 0; their tid is 0
    uint32_t cls            # cell size / 8; 0 = page not in use
    uint32_t n_used
    uint32_t sweep_epoch    # the last sweep that passed this page, or that was running when
                            # the page was cut (core/major.pxi)
    Page* next              # in avail[cls] or in the free-page list

cdef struct Arena:
    char* base              # PAGE_SIZE-aligned, ARENA_SIZE bytes
    uint32_t n_free_pages
    Page pages[PAGES_PER_ARENA]

cdef struct GCOldSpace:
    PtrVec arenas           # sorted by address (arena_of)
    Page* avail[N_CLASSES]  # pages of each class that may have a free cell
    Page* free_pages
    uint64_t arena_used     # bytes in handed-out cells (live or not yet swept)
    uint64_t large_used     # bytes of all large objects (young and old)
    PtrVec old_large        # old objects malloc'ed alone
    PtrVec dead_large       # ... found dead by the running major collection, freed when it finalizes
    PtrVec young_large      # large objects allocated since the last minor collection

ctypedef struct PendingSample:
    GCHeader* obj
    bint large

ctypedef struct SampleEntry:
    uint64_t seq
    uint64_t size
    int64_t time_ns
    uint16_t tid
    bint large
    int8_t survived         # -1 until the next minor collection
    uint64_t died_major     # the major collection that found it dead; 0: not (yet)

cdef struct GCSampler:
    vms_rng_t rng
    double log_q            # log(1 - 1/period), for geometric gaps
    PendingSample* pending
    size_t n_pending
    size_t cap_pending
    uint64_t first_pending_seq
    uint64_t next_seq
    bint keep_log
    SampleEntry* log
    size_t n_log
    size_t cap_log
    uint64_t log_first_seq
    # The samples followed until they die (core/lifetimes.pxi): parallel
    # arrays, [n_tracked] entries, each grown to [cap_tracked_*].
    uint64_t* tracked_seq
    GCHeader** tracked_obj
    size_t n_tracked
    size_t cap_tracked_seq
    size_t cap_tracked_obj

ctypedef struct MinorLogEntry:
    GCMinorReport report    # report.outcomes is NULL here; outcome bytes live in outcome_log
    size_t outcome_offset

ctypedef void (*visit_fn)(GCHeap* h, gcref_t* slot) noexcept nogil

ctypedef struct YoungId:             # the young-id table (core/identity.pxi)
    uintptr_t obj           # the nursery address; 0 = empty slot
    GCHeader* shadow        # its old-space home (arena cell, or malloc'ed if large)

ctypedef struct YoungIds:
    YoungId* items
    size_t n
    size_t cap              # a power of two, or 0

ctypedef struct GCPrivate:
    # nursery buffers: [active] is the nursery; with debug on, the other is poisoned
    char* buffers[2]
    int active
    bint debug
    uint64_t stress
    uint64_t stress_count
    # roots and worklists
    gcref_t* handles
    size_t n_handles
    size_t cap_handles
    PtrVec free_handles
    PtrVec remembered
    PtrVec remembered_slots     # slots of large old objects given young values (gc_remember_slot)
    PtrVec young_large_slots    # ... of young large objects that track their stores (gc_track_stores)
    size_t remembered_slots_cap
    bint remembered_overflow    # the remembered set is incomplete: scan all old objects
    bint mark_overflow          # a marked object was not pushed: rescan (mark_finish)
    PtrVec scan                 # the minor collection's worklist
    uintptr_t young_large_lo    # during a minor collection: the lowest young large object's
    uintptr_t young_large_span  # address, and the highest's minus it (maybe_young); outside one,
                                # and without young large objects, (YOUNG_LARGE_NONE_LO, 0)
    PtrVec gray                 # the major marking's worklist; lives across minor collections
    GCHeader* partial           # ... and the big array it is tracing a chunk at a time (drain_marking)
    uint32_t partial_next
    YoungIds young_ids      # ids taken on nursery objects (core/identity.pxi)
    GCFinalization* fin     # registrations and queues (core/finalizers.pxi); NULL until the first
    GCRootTable* root_tables    # the registered ones (core/root_tables.pxi)
    const char* in_hook     # while a hook runs: which (core/rules.pxi, rule 4); else NULL
    visit_fn visitor        # what gc_visit_root does right now (NULL outside collections)
    bint collecting
    bint count_dead         # the running collection counts what it frees (gc_collect_major)
    uint64_t dead_found     # ... into here
    # policy
    uint64_t heap_limit     # 0 = none
    uint64_t next_major
    bint incremental        # major collections run in steps (core/major.pxi); else stop-the-world
    uint64_t major_deadline # while marking: old-space size at which the marking is finished at once
    uint64_t mark_budget    # while marking: bytes a step traces per byte promoted (>= 1)
    uint64_t mark_step_min  # the least bytes a step traces
    uint64_t step_debt      # bytes of marking (or, x SWEEP_SPEEDUP, of sweeping) owed (step_budget)
    uint64_t pace_limit     # old-space size past which steps may take longer (set_phase_limits)
    int64_t step_end_ns     # while a step that allocation triggered runs: when it must end; else 0
    uint64_t step_done      # bytes the running step has traced (or swept)
    uint64_t step_taken     # what the last step_budget took from step_debt
    size_t dead_large_released  # bytes of the last dead large object given back (release_dead_large)
    uint32_t sweep_epoch    # the running (or last) sweep's number
    size_t sweep_cursor     # while SWEEPING: the first arena not passed yet (index in arenas)
    uint64_t major_steps    # statistics: mark, sweep and finalize steps run (incremental only)
    # pauses: what a collection triggered by allocation (collect_for_allocation)
    # stops the program for -- the minor collection plus the major work after it
    uint64_t n_pauses
    uint64_t pause_total_ns
    uint64_t pause_max_ns
    uint64_t major_work_max_ns      # the longest major part of one pause (a step, or a finish)
    uint64_t peak_memory_used       # total_memory_used after a minor collection, at its highest
    # statistics
    uint64_t minor_count
    uint64_t major_count
    uint64_t nursery_bytes_before   # bytes allocated in earlier nursery cycles
    uint64_t large_bytes_allocated
    uint64_t bytes_copied_total
    uint64_t minor_bytes_copied     # in the running minor collection
    GCMinorReport last_minor
    GCMajorEvent last_major
    # logs for Python users
    bint keep_gc_log
    MinorLogEntry* minor_log
    size_t n_minor_log
    size_t cap_minor_log
    uint8_t* outcome_log
    size_t n_outcome_log
    size_t cap_outcome_log
    GCMajorEvent* major_log
    size_t n_major_log
    size_t cap_major_log
    GCPause* pause_log    # every pause (see n_pauses)
    size_t n_pause_log
    size_t cap_pause_log
    uint8_t* outcomes       # scratch buffer for the report
    size_t cap_outcomes
    # the evacuation reserve (core/reserve.pxi)
    char* reserve           # mapped, never touched; NULL once released
    size_t reserve_size
    size_t reserve_covers   # nursery bytes the reserve can evacuate
    # GC_DEBUG: bytes_allocated at the last verification (core/verify.pxi)
    uint64_t verified_at
    # errors
    char errmsg[256]

# young_large_lo for "none" (span 0): v - lo <= 0 only for v = UINTPTR_MAX, which
# is not 8-aligned, hence never a reference.
cdef extern from *:
    """
    #define VMS_YOUNG_LARGE_NONE_LO UINTPTR_MAX
    """
    const uintptr_t YOUNG_LARGE_NONE_LO "VMS_YOUNG_LARGE_NONE_LO"

cdef inline GCPrivate* P(GCHeap* h) noexcept nogil:
    return <GCPrivate*>h.private

# ____________________________________________________________________________
# Small utilities

cdef int vec_push(PtrVec* v, void* item) noexcept nogil:
    cdef size_t cap
    cdef void** items
    if v.n == v.cap:
        cap = v.cap * 2 if v.cap else 64
        items = <void**>realloc(v.items, cap * sizeof(void*))
        if items == NULL:
            return -1
        v.items = items
        v.cap = cap
    v.items[v.n] = item
    v.n += 1
    return 0

cdef void vec_free(PtrVec* v) noexcept nogil:
    free(v.items)
    v.items = NULL
    v.n = v.cap = 0

cdef int grow(void** array, size_t* cap, size_t need, size_t item_size) noexcept nogil:
    # Make room for [need] items in a malloc'ed array; -1 on failure (array unchanged).
    cdef size_t new_cap
    cdef void* p
    if need <= cap[0]:
        return 0
    new_cap = cap[0] * 2 if cap[0] else 64
    while new_cap < need:
        new_cap *= 2
    p = realloc(array[0], new_cap * item_size)
    if p == NULL:
        return -1
    array[0] = p
    cap[0] = new_cap
    return 0

cdef void fatal(const char* what) noexcept nogil:
    # Only for malloc failing in the middle of a collection (Design 6), and
    # for a heap that fails verification under VMSAMPLE_GC_DEBUG.
    fprintf(stderr, b"vmsample: fatal: %s\n", what)
    abort()

cdef int set_error(GCHeap* h, int code, const char* msg) noexcept nogil:
    h.error = code
    snprintf(P(h).errmsg, sizeof(P(h).errmsg), "%s", msg)
    return -1

cdef inline size_t obj_size(GCHeap* h, GCHeader* obj) noexcept nogil:
    cdef GCType* t = &h.types[obj.tid]
    if t.item_size:
        return gc_round_size(t.fixed_size + <size_t>t.item_size * obj.aux)
    return gc_round_size(t.fixed_size)

cdef inline bint in_nursery(GCHeap* h, gcref_t v) noexcept nogil:
    return <uintptr_t>h.nursery_start <= v < <uintptr_t>h.nursery_top

cdef inline void trace_object(GCHeap* h, GCHeader* obj, visit_fn visit) noexcept nogil:
    # Call [visit] on every reference slot of [obj].
    cdef GCType* t = &h.types[obj.tid]
    cdef char* payload = <char*>obj + GC_HEADER_SIZE
    cdef uint32_t i
    cdef gcref_t* items
    for i in range(t.n_refs):
        visit(h, <gcref_t*>(payload + t.ref_offsets[i]))
    if t.items_are_refs:
        items = <gcref_t*>(payload + t.fixed_size)
        for i in range(obj.aux):
            visit(h, &items[i])

cdef uint64_t total_memory_used(GCHeap* h) noexcept nogil:
    # The old space, identity shadows included (they are old-space cells), and
    # the young-id table: everything the heap limit bounds besides the nursery.
    return h.old.arena_used + h.old.large_used + young_id_table_bytes(h)

cdef inline uint64_t bytes_allocated(GCHeap* h) noexcept nogil:
    # Every byte the program has allocated so far, nursery and large objects.
    return P(h).nursery_bytes_before + <uint64_t>(h.nursery_free - h.nursery_start) + P(h).large_bytes_allocated

cdef inline uint64_t young_id_table_bytes(GCHeap* h) noexcept nogil:
    return P(h).young_ids.cap * sizeof(YoungId)

cdef uint64_t total_size_of_arenas(GCHeap* h) noexcept nogil:
    return <uint64_t>h.old.arenas.n * ARENA_SIZE
