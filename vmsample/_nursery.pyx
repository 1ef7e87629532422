"""The nursery core: a generational allocator whose allocation sampling is free
on the fast path.

Objects are bump-allocated in a nursery; survivors of a minor collection are
copied into a non-moving old space (size-class arenas, plus malloc'ed large
objects) that a stop-the-world mark-sweep major collection cleans.  The next
allocation-sample point is folded into the nursery limit (Jung & Bolz-Tereick),
so sampling costs nothing until a sample is due.

Python API: ``Nursery`` (types, allocation, sampling, collections, statistics)
and ``Ref`` (a handle to one object: a root that follows moves).  The C-level
API for VMs written in Cython is ``vmsample/_nursery.pxd``.

Defaults: a 4 MiB nursery; objects larger than ``nursery_size // 8`` bytes go
to the large-object space (the threshold is clamped to the nursery size, so any
object routed to the nursery fits an empty one); no heap limit; a shadow stack
of 2**20 slots.

Debug knobs, read once from the environment when this module is imported:

``VMSAMPLE_NURSERY=<size>``
    Overrides every nursery's size (bytes; ``K``/``M``/``G`` suffixes).  Tiny
    values such as ``256`` make collections frequent and find bugs.
``VMSAMPLE_GC_STRESS=<N>``
    Every N-th allocation (N >= 1) takes the slow path and runs a minor
    collection first.  ``1`` collects before every allocation.
``VMSAMPLE_GC_DEBUG=1``
    After every collection, verify the whole heap (every reference points to a
    live, well-formed object; the remembered set is complete), and rotate
    between two nursery buffers, filling the one just evacuated with poison so
    that a stale pointer into it reads garbage and fails verification.  Freed
    old-space cells are poisoned too.

``Nursery(debug=..., stress=...)`` overrides the last two per instance.
"""

# ____________________________________________________________________________
# Design
#
# 1. The nursery and its limit (DESIGN 2.2).  The state of the bump allocator is
#
#        [nursery_start] <= [nursery_free] <= [nursery_limit] <= [nursery_top]
#
#    and, while sampling is on,  [nursery_limit] == min([sample_point], [nursery_top]);
#    while it is off,            [nursery_limit] == [nursery_top].
#    The one exception is the GC-stress knob, which sets [nursery_limit] ==
#    [nursery_free] so that every allocation enters the slow path (which counts
#    them and collects every N-th time).
#
#    The fast path (gc_nursery_reserve in the .pxd) is
#        result = free; free += size; if free > limit: result = slow_path(size)
#    and reads nothing else, so its machine code is the same whether sampling is
#    on or off.  The slow path, gc_collect_and_reserve, finds out *why* the
#    limit was crossed: a sample point, a full nursery, or stress.
#
# 2. Sampling (DESIGN 2.3).  All bytes allocated while sampling is on -- in the
#    nursery and in the large-object space, across any number of collections --
#    form one virtual byte stream.  [sample_point] is the next sample point,
#    expressed in nursery addresses: the stream position of [nursery_free] is
#    mapped to [nursery_free] itself.  Invariant: [sample_point] >= [nursery_free]
#    (every point below [nursery_free] has been taken).  The point may lie
#    beyond [nursery_top]: it is then "virtual" and only the distance
#    [sample_point] - [nursery_free] matters.  Three places move the stream
#    without moving the point the same distance, and each keeps that distance:
#      * a minor collection empties the nursery: the point keeps its distance
#        to [nursery_free] (it moves left by the bytes used);
#      * a large object occupies stream bytes [free, free + size) without
#        touching the nursery: after taking the points it crosses, the point
#        moves left by [size];
#      * the slow path un-reserves the object before collecting, so its stream
#        position does not change when it is placed in the emptied nursery.
#    "Which points does the allocation of stream bytes [a, b) take" is decided
#    in exactly one place, _take_samples: every point P with a <= P < b, in
#    order.  An allocation that ends exactly on a point does not take it.
#
# 3. Sample outcomes.  Each sample is remembered (seq, object, large?) until
#    the next minor collection, which reports for each whether its object was
#    reached (copied out of the nursery, or a young large object marked), then
#    calls on_minor_collection -- at every minor collection, with or without
#    samples.  Samples are numbered 0, 1, 2, ... over the heap's lifetime, so
#    the pending ones are always a contiguous range of sequence numbers.
#
# 4. Spaces.  Nursery objects are young.  A large object (size above
#    [large_object_threshold]) is calloc'ed alone and is young until the next
#    minor collection (GCFLAG_YOUNG_LARGE), which frees it if unreached.  The
#    old space never moves objects: arenas of ARENA_SIZE bytes are cut into
#    PAGE_SIZE pages, each page holding cells of one size class (8-byte steps
#    up to SMALL_MAX); bigger survivors are malloc'ed alone like large objects.
#
# 5. Roots: the shadow stack, the handle table behind Python Refs, the
#    embedder's trace_roots hook, and (for minor collections) the remembered
#    set of old objects that may point into the nursery.
#
# 6. Failure never crashes: NULL / -1 with [h.error] set; the Python layer
#    raises.  The one exception is malloc failing *inside* a minor collection
#    while a survivor is being copied (the heap would be half-moved): that
#    aborts with a message, as PyPy does.
# ____________________________________________________________________________

from cpython.bytes cimport PyBytes_FromStringAndSize
from libc.math cimport log, log1p, floor
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int64_t, uintptr_t, int8_t, SIZE_MAX
from libc.stdio cimport snprintf, fprintf, stderr
from libc.stdlib cimport malloc, calloc, realloc, free, abort, qsort
from libc.string cimport memset, memcpy

import collections
import os as _os

cdef extern from *:
    """
    #include <time.h>
    #include <fcntl.h>
    #include <unistd.h>
    #include <stdlib.h>

    static inline int64_t vms_now_ns(void) {
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
    }

    /* Resident set size in bytes from /proc/self/statm (0 where unavailable).
       The file descriptor is kept open; it is reopened after a fork. */
    static int vms_statm_fd = -1;
    static pid_t vms_statm_pid = 0;
    static uint64_t vms_vmrss(void) {
        char buf[128];
        ssize_t n;
        unsigned long long size_pages = 0, rss_pages = 0;
        pid_t pid = getpid();
        if (vms_statm_fd < 0 || vms_statm_pid != pid) {
            if (vms_statm_fd >= 0) close(vms_statm_fd);
            vms_statm_fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
            vms_statm_pid = pid;
            if (vms_statm_fd < 0) return 0;
        }
        n = pread(vms_statm_fd, buf, sizeof(buf) - 1, 0);
        if (n <= 0) return 0;
        buf[n] = 0;
        if (sscanf(buf, "%llu %llu", &size_pages, &rss_pages) != 2) return 0;
        return (uint64_t)rss_pages * (uint64_t)sysconf(_SC_PAGESIZE);
    }

    /* xoshiro256** seeded through splitmix64 (Blackman & Vigna). */
    typedef struct { uint64_t s[4]; } vms_rng_t;
    static inline uint64_t vms_rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    static inline uint64_t vms_splitmix64(uint64_t *x) {
        uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    static inline void vms_rng_seed(vms_rng_t *r, uint64_t seed) {
        for (int i = 0; i < 4; i++) r->s[i] = vms_splitmix64(&seed);
    }
    static inline uint64_t vms_rng_next(vms_rng_t *r) {
        uint64_t *s = r->s;
        uint64_t result = vms_rotl(s[1] * 5, 7) * 9;
        uint64_t t = s[1] << 17;
        s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3];
        s[2] ^= t; s[3] = vms_rotl(s[3], 45);
        return result;
    }
    /* Uniform in [0, n), n >= 1 (Lemire's multiply-shift; the bias is < n / 2**64). */
    static inline uint64_t vms_rng_below(vms_rng_t *r, uint64_t n) {
        return (uint64_t)(((unsigned __int128)vms_rng_next(r) * n) >> 64);
    }
    /* Uniform in (0, 1]. */
    static inline double vms_rng_unit(vms_rng_t *r) {
        return (double)((vms_rng_next(r) >> 11) + 1) * (1.0 / 9007199254740992.0);
    }
    """
    int64_t vms_now_ns() noexcept nogil
    uint64_t vms_vmrss() noexcept nogil
    ctypedef struct vms_rng_t:
        uint64_t s[4]
    void vms_rng_seed(vms_rng_t* r, uint64_t seed) noexcept nogil
    uint64_t vms_rng_next(vms_rng_t* r) noexcept nogil
    uint64_t vms_rng_below(vms_rng_t* r, uint64_t n) noexcept nogil
    double vms_rng_unit(vms_rng_t* r) noexcept nogil

# ____________________________________________________________________________
# Constants

cdef enum:
    ARENA_SIZE = 262144                 # 256 KiB (literals: Cython's overflowcheck cannot fold enum expressions)
    PAGE_SIZE = 4096
    PAGES_PER_ARENA = 64                # ARENA_SIZE // PAGE_SIZE
    SMALL_MAX = 256                     # biggest old-space cell; bigger survivors are malloc'ed
    N_CLASSES = 33                      # SMALL_MAX // 8 + 1; class c holds cells of c*8 bytes (c >= 2)
    POISON_BYTE = 0xDB                  # low bits 011: a poisoned word reads as a tagged immediate
    DEFAULT_NURSERY = 4194304           # 4 MiB
    DEFAULT_SHADOWSTACK = 1048576       # slots
    MAJOR_MIN_NURSERIES = 4             # first major collection after 4 nurseries of old space

cdef extern from *:
    """
    #define VMS_MAX_DISTANCE ((uint64_t)1 << 62)
    """
    # Periods and offsets are bounded so that free + distance never overflows.
    const uint64_t MAX_DISTANCE "VMS_MAX_DISTANCE"
cdef double MAJOR_GROWTH = 2.0          # next major when old space doubles since the last one

GC_STATE_NAMES = ("scanning", "marking", "sweeping", "finalizing")
SAMPLING_MODES = {"fixed": GC_SAMPLING_FIXED, "random": GC_SAMPLING_RANDOM}

# ____________________________________________________________________________
# Debug knobs (read once)

_SIZE_SUFFIXES = {"": 1, "B": 1, "K": 1 << 10, "KB": 1 << 10, "KIB": 1 << 10,
                  "M": 1 << 20, "MB": 1 << 20, "MIB": 1 << 20,
                  "G": 1 << 30, "GB": 1 << 30, "GIB": 1 << 30}


def parse_size(text):
    """``"256"``, ``"64K"``, ``"4M"``, ``"1G"`` -> bytes (binary multiples).  ValueError otherwise."""
    s = str(text).strip().upper()
    digits = s.rstrip("KMGIB")
    suffix = s[len(digits):]
    if not digits.isdigit() or suffix not in _SIZE_SUFFIXES:
        raise ValueError(f"invalid size {text!r}: expected a number of bytes with an optional "
                         f"K, M or G suffix (e.g. 256, 64K, 4M)")
    return int(digits) * _SIZE_SUFFIXES[suffix]


def _read_env():
    env = _os.environ
    nursery = stress = None
    debug = False
    if env.get("VMSAMPLE_NURSERY", "").strip():
        try:
            nursery = parse_size(env["VMSAMPLE_NURSERY"])
        except ValueError as e:
            raise ValueError(f"VMSAMPLE_NURSERY: {e}") from None
    if env.get("VMSAMPLE_GC_STRESS", "").strip():
        text = env["VMSAMPLE_GC_STRESS"].strip()
        if not text.isdigit():
            raise ValueError(f"VMSAMPLE_GC_STRESS={text!r}: expected an integer N >= 1 "
                             "(collect at every N-th allocation) or 0 (off)")
        stress = int(text) or None
    if env.get("VMSAMPLE_GC_DEBUG", "").strip() not in ("", "0"):
        debug = True
    return nursery, stress, debug


try:
    ENV_NURSERY, ENV_STRESS, ENV_DEBUG = _read_env()
    _ENV_ERROR = None
except ValueError as _e:
    ENV_NURSERY, ENV_STRESS, ENV_DEBUG = None, None, False
    _ENV_ERROR = str(_e)    # raised by every Nursery(), so a typo is never ignored silently

# ____________________________________________________________________________
# Private state

ctypedef struct PtrVec:                 # a growable array of pointers (malloc, not the GC heap)
    void** items
    size_t n
    size_t cap

ctypedef struct Page:
    char* base
    char* uninit            # cells in [base, uninit) have been handed out at least once
    char* free_list         # free cells, linked through payload word 0; their tid is 0
    uint32_t cls            # cell size / 8; 0 = page not in use
    uint32_t n_used
    Page* next              # in avail[cls] or in the free-page list

ctypedef struct Arena:
    char* base              # PAGE_SIZE-aligned, ARENA_SIZE bytes
    uint32_t n_free_pages
    Page pages[PAGES_PER_ARENA]

cdef struct GCOldSpace:
    PtrVec arenas
    Page* avail[N_CLASSES]  # pages of each class that may have a free cell
    Page* free_pages
    uint64_t arena_used     # bytes in handed-out cells (live or not yet swept)
    uint64_t large_used     # bytes of all large objects (young and old)
    PtrVec old_large        # old objects malloc'ed alone
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

ctypedef struct MinorLogEntry:
    GCMinorReport report    # report.outcomes is NULL here; outcome bytes live in outcome_log
    size_t outcome_offset

ctypedef void (*visit_fn)(GCHeap* h, gcref_t* slot) noexcept nogil

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
    bint remembered_overflow    # the remembered set is incomplete: scan all old objects
    PtrVec scan
    visit_fn visitor        # what gc_visit_root does right now (NULL outside collections)
    bint collecting
    # policy
    uint64_t heap_limit     # 0 = none
    uint64_t next_major
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
    uint8_t* outcomes       # scratch buffer for the report
    size_t cap_outcomes
    # errors
    char errmsg[256]

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
    return h.old.arena_used + h.old.large_used

cdef uint64_t total_size_of_arenas(GCHeap* h) noexcept nogil:
    return <uint64_t>h.old.arenas.n * ARENA_SIZE

# ____________________________________________________________________________
# Sampling
#
# The only code that decides which sample points an allocation takes.

cdef uint64_t next_gap(GCHeap* h) noexcept nogil:
    # Fixed mode: the period.  Random mode: a geometric gap with mean [period]
    # (P(g = k) = (1-p)^(k-1) p, p = 1/period), i.e. every byte is a sample
    # point with probability 1/period independently of the others; drawing a
    # fresh gap at any moment leaves the statistics unchanged (memorylessness).
    cdef double g
    if h.sample_mode == GC_SAMPLING_FIXED or h.sample_period == 1:
        return h.sample_period
    g = 1.0 + floor(log(vms_rng_unit(&h.sampler.rng)) / h.sampler.log_q)
    if g >= <double>MAX_DISTANCE:
        return MAX_DISTANCE
    return <uint64_t>g

cdef int take_samples(GCHeap* h, GCHeader* obj, size_t size, uint16_t tid, bint large,
                      uintptr_t end) noexcept nogil:
    # The allocation of [obj] occupies stream bytes [free, end) (nursery
    # coordinates, see Design 2); take every point below [end], in order.
    cdef GCSampler* s = h.sampler
    cdef GCSample sample
    cdef SampleEntry* rec
    cdef int n = 0
    while h.sample_point < end:
        if grow(<void**>&s.pending, &s.cap_pending, s.n_pending + 1, sizeof(PendingSample)) < 0:
            # No room to remember this sample: skip the point rather than lose
            # the pairing of samples with outcomes.
            h.sample_point += next_gap(h)
            continue
        if s.n_pending == 0:
            s.first_pending_seq = s.next_seq
        s.pending[s.n_pending].obj = obj
        s.pending[s.n_pending].large = large
        s.n_pending += 1
        sample.seq = s.next_seq
        sample.size = size
        sample.tid = tid
        sample.large = large
        sample.time_ns = vms_now_ns()
        s.next_seq += 1
        h.samples_taken += 1
        if s.keep_log and grow(<void**>&s.log, &s.cap_log, s.n_log + 1, sizeof(SampleEntry)) == 0:
            rec = &s.log[s.n_log]
            s.n_log += 1
            rec.seq = sample.seq
            rec.size = size
            rec.time_ns = sample.time_ns
            rec.tid = tid
            rec.large = large
            rec.survived = -1
        if h.on_sample != NULL:
            h.on_sample(h.on_sample_ctx, &sample)
        h.sample_point += next_gap(h)
        n += 1
    if n:
        obj.flags |= GCFLAG_SAMPLED
    return n

cdef inline void set_limit(GCHeap* h) noexcept nogil:
    # Re-establish the limit invariant (Design 1).
    cdef char* limit = h.nursery_top
    if h.sample_mode != GC_SAMPLING_OFF and h.sample_point < <uintptr_t>limit:
        limit = <char*>h.sample_point
    if P(h).stress:
        limit = h.nursery_free
    h.nursery_limit = limit

cdef inline bint stress_due(GCHeap* h) noexcept nogil:
    cdef GCPrivate* p = P(h)
    if not p.stress:
        return False
    p.stress_count += 1
    if p.stress_count >= p.stress:
        p.stress_count = 0
        return True
    return False

# ____________________________________________________________________________
# The slow path

cdef char* gc_collect_and_reserve(GCHeap* h, size_t size, uint16_t tid) noexcept nogil:
    # Entered when the fast path's bump crossed [nursery_limit]: a sample
    # point, the end of the nursery, or stress.  [nursery_free] already
    # includes [size]; undo that first, so that a collection counts only what
    # was really allocated and the object keeps its stream position.
    cdef char* result = h.nursery_free - size
    h.nursery_free = result
    if tid == 0 or tid >= h.n_types or size < GC_MIN_OBJECT_SIZE or size & 7 \
            or size > <size_t>(h.nursery_top - h.nursery_start):
        set_limit(h)
        set_error(h, GC_ERR_ARG, "bad nursery allocation (unregistered type id, or a size "
                  "that is not a multiple of 8 in [16, nursery size])")
        return NULL
    if stress_due(h) or result + size > h.nursery_top:
        if collect_for_allocation(h, 0) < 0:
            set_limit(h)
            return NULL
        result = h.nursery_free
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
    if tid == 0 or tid >= h.n_types or size < GC_MIN_OBJECT_SIZE or size & 7:
        set_error(h, GC_ERR_ARG, "bad large allocation (unregistered type id, or a size "
                  "that is not a multiple of 8 and at least 16)")
        return NULL
    used = total_memory_used(h)
    if stress_due(h) or used + size > p.next_major or (p.heap_limit and used + size > p.heap_limit):
        if collect_for_allocation(h, size) < 0:
            return NULL
        collected = True
    obj = <GCHeader*>calloc(1, size)
    if obj == NULL and not collected:
        if collect_for_allocation(h, size) == 0:
            obj = <GCHeader*>calloc(1, size)
    if obj == NULL or vec_push(&old.young_large, obj) < 0:
        free(obj)
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
    return obj

cdef int collect_for_allocation(GCHeap* h, size_t extra) noexcept nogil:
    # A minor collection, then a major one if the old space grew past its
    # trigger or past the heap limit; fails if [extra] more bytes would still
    # exceed the heap limit.
    cdef GCPrivate* p = P(h)
    cdef uint64_t used
    if gc_collect_minor(h) < 0:
        return -1
    used = total_memory_used(h)
    if used + extra > p.next_major or (p.heap_limit and used + extra > p.heap_limit):
        major_collection(h)
        used = total_memory_used(h)
    if p.heap_limit and used + extra > p.heap_limit:
        h.error = GC_ERR_NOMEM
        snprintf(p.errmsg, sizeof(p.errmsg),
                 "heap limit of %llu bytes exceeded (%llu bytes in use, %llu requested)",
                 <unsigned long long>p.heap_limit, <unsigned long long>used,
                 <unsigned long long>extra)
        return -1
    return 0

# ____________________________________________________________________________
# Write barrier, roots, shadow stack

cdef void gc_remember(GCHeap* h, GCHeader* obj) noexcept nogil:
    # [obj] is old and had GCFLAG_TRACK_YOUNG_PTRS: it may now point into the
    # nursery.  Until the next minor collection it is in the remembered set and
    # the barrier ignores it.
    if vec_push(&P(h).remembered, obj) < 0:
        # No memory to remember it: the next minor collection scans every old
        # object instead (slow, but nothing is missed and nothing collects here).
        P(h).remembered_overflow = True
    obj.flags &= ~GCFLAG_TRACK_YOUNG_PTRS

cdef void gc_visit_root(GCHeap* h, gcref_t* slot) noexcept nogil:
    # For trace_roots hooks: report one root slot during a collection.
    if P(h).visitor != NULL:
        P(h).visitor(h, slot)

cdef int gc_shadowstack_overflow(GCHeap* h) noexcept nogil:
    return set_error(h, GC_ERR_STACK, "shadow stack overflow")

cdef void visit_roots(GCHeap* h, visit_fn visit) noexcept nogil:
    cdef GCPrivate* p = P(h)
    cdef gcref_t* slot = h.shadowstack_base
    cdef size_t i
    while slot < h.shadowstack_top:
        visit(h, slot)
        slot += 1
    for i in range(p.n_handles):
        visit(h, &p.handles[i])
    if h.trace_roots != NULL:
        p.visitor = visit
        h.trace_roots(h.trace_roots_ctx, h)
        p.visitor = NULL

# ____________________________________________________________________________
# Old space: arenas with size classes

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
        if vec_push(&old.arenas, arena) < 0:
            free(mem)
            free(arena)
            return NULL
        arena.base = <char*>mem
        arena.n_free_pages = PAGES_PER_ARENA
        for i in range(PAGES_PER_ARENA - 1, -1, -1):
            page = &arena.pages[i]
            page.base = arena.base + i * PAGE_SIZE
            page.next = old.free_pages
            old.free_pages = page
    page = old.free_pages
    old.free_pages = page.next
    page.next = NULL
    page.uninit = page.base
    page.free_list = NULL
    page.n_used = 0
    arena_of(h, page.base).n_free_pages -= 1
    return page

cdef extern from "<stdlib.h>":
    int posix_memalign(void** memptr, size_t alignment, size_t size) noexcept nogil

cdef Arena* arena_of(GCHeap* h, const char* addr) noexcept nogil:
    cdef PtrVec* arenas = &h.old.arenas
    cdef Arena* a
    cdef size_t i
    for i in range(arenas.n):
        a = <Arena*>arenas.items[i]
        if a.base <= addr < a.base + ARENA_SIZE:
            return a
    return NULL

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
    cdef GCHeader* obj = NULL
    large_flag[0] = 0
    if size <= SMALL_MAX:
        obj = <GCHeader*>arena_alloc(h, size)
        if obj != NULL:
            return obj
    obj = <GCHeader*>malloc(size)
    if obj == NULL or vec_push(&h.old.old_large, obj) < 0:
        fatal(b"out of memory while copying a survivor of a minor collection")
    h.old.large_used += size
    large_flag[0] = GCFLAG_LARGE
    return obj

# ____________________________________________________________________________
# Minor collection

ctypedef void (*object_fn)(GCHeap* h, GCHeader* obj) noexcept nogil

cdef void for_each_old_object(GCHeap* h, object_fn fn) noexcept nogil:
    cdef GCOldSpace* old = h.old
    cdef Arena* arena
    cdef Page* page
    cdef char* cell
    cdef size_t i
    cdef int j
    for i in range(old.arenas.n):
        arena = <Arena*>old.arenas.items[i]
        for j in range(PAGES_PER_ARENA):
            page = &arena.pages[j]
            if page.cls == 0:
                continue
            cell = page.base
            while cell < page.uninit:
                if (<GCHeader*>cell).tid != 0:
                    fn(h, <GCHeader*>cell)
                cell += page.cls * 8
    for i in range(old.old_large.n):
        fn(h, <GCHeader*>old.old_large.items[i])

cdef void remember_again(GCHeap* h, GCHeader* obj) noexcept nogil:
    trace_object(h, obj, minor_visit)
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
        copy = old_alloc(h, size, &large_flag)
        memcpy(copy, obj, size)
        copy.flags = (obj.flags & ~(GCFLAG_SAMPLED | GCFLAG_VISITED | GCFLAG_FORWARDED)) \
            | GCFLAG_OLD | GCFLAG_TRACK_YOUNG_PTRS | large_flag
        obj.flags |= GCFLAG_FORWARDED
        (<gcref_t*>(<char*>obj + GC_HEADER_SIZE))[0] = <gcref_t>copy
        P(h).minor_bytes_copied += size
        if vec_push(&P(h).scan, copy) < 0:
            fatal(b"out of memory in a minor collection")
        slot[0] = <gcref_t>copy
    elif obj.flags & GCFLAG_YOUNG_LARGE and not obj.flags & GCFLAG_VISITED:
        obj.flags |= GCFLAG_VISITED
        if vec_push(&P(h).scan, obj) < 0:
            fatal(b"out of memory in a minor collection")

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
    if p.collecting:
        return set_error(h, GC_ERR_ARG, "collection requested from inside a collection hook")
    p.collecting = True
    t0 = vms_now_ns()
    used = h.nursery_free - h.nursery_start
    if h.sample_mode != GC_SAMPLING_OFF:
        distance = h.sample_point - <uintptr_t>h.nursery_free
    p.minor_bytes_copied = 0
    p.scan.n = 0
    # 1. roots
    visit_roots(h, minor_visit)
    # 2. old objects that may point into the nursery
    for i in range(p.remembered.n):
        obj = <GCHeader*>p.remembered.items[i]
        trace_object(h, obj, minor_visit)
        obj.flags |= GCFLAG_TRACK_YOUNG_PTRS
    p.remembered.n = 0
    if p.remembered_overflow:
        for_each_old_object(h, remember_again)
        p.remembered_overflow = False
    # 3. everything reachable from what was reached
    while p.scan.n:
        p.scan.n -= 1
        trace_object(h, <GCHeader*>p.scan.items[p.scan.n], minor_visit)
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
        p.outcomes[i] = outcome
        if s.keep_log and s.first_pending_seq + i >= s.log_first_seq \
                and s.first_pending_seq + i - s.log_first_seq < s.n_log:
            s.log[s.first_pending_seq + i - s.log_first_seq].survived = outcome & GC_OUTCOME_SURVIVED
    # 5. young large objects: the reached ones become old, the others are freed
    for i in range(old.young_large.n):
        obj = <GCHeader*>old.young_large.items[i]
        if obj.flags & GCFLAG_VISITED:
            obj.flags = (obj.flags & ~(GCFLAG_VISITED | GCFLAG_YOUNG_LARGE | GCFLAG_SAMPLED)) \
                | GCFLAG_TRACK_YOUNG_PTRS
            if vec_push(&old.old_large, obj) < 0:
                fatal(b"out of memory in a minor collection")
        else:
            old.large_used -= obj_size(h, obj)
            if p.debug:
                memset(obj, POISON_BYTE, obj_size(h, obj))
            free(obj)
    old.young_large.n = 0
    # 6. empty the nursery (zero-filled again; see Design 1)
    nsize = h.nursery_size
    if p.debug:
        memset(h.nursery_start, POISON_BYTE, nsize)
        p.active ^= 1
        h.nursery_start = p.buffers[p.active]
        h.nursery_top = h.nursery_start + nsize
        memset(h.nursery_start, 0, nsize)
    else:
        memset(h.nursery_start, 0, used)
    h.nursery_free = h.nursery_start
    if h.sample_mode != GC_SAMPLING_OFF:
        h.sample_point = <uintptr_t>h.nursery_free + distance
    set_limit(h)
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
    report.duration_ns = vms_now_ns() - t0
    s.n_pending = 0
    log_minor(h, &report)
    p.last_minor = report
    p.last_minor.outcomes = NULL
    if h.on_minor_collection != NULL:
        h.on_minor_collection(h.on_minor_collection_ctx, &report)
    p.collecting = False
    if p.debug:
        verify_or_die(h)
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

# ____________________________________________________________________________
# Major collection: stop-the-world, non-moving mark-sweep of the old space

cdef void major_visit(GCHeap* h, gcref_t* slot) noexcept nogil:
    cdef gcref_t v = slot[0]
    cdef GCHeader* obj
    if not gc_is_ref(v):
        return
    obj = <GCHeader*>v
    if not obj.flags & GCFLAG_VISITED:
        obj.flags |= GCFLAG_VISITED
        if vec_push(&P(h).scan, obj) < 0:
            fatal(b"out of memory in a major collection")

cdef void enter_state(GCHeap* h, int state) noexcept nogil:
    cdef GCPrivate* p = P(h)
    cdef GCMajorEvent ev
    h.gc_state = state
    ev.index = p.major_count
    ev.state = state
    ev.time_ns = vms_now_ns()
    ev.total_memory_used = total_memory_used(h)
    ev.total_size_of_arenas = total_size_of_arenas(h)
    p.last_major = ev
    if p.keep_gc_log and grow(<void**>&p.major_log, &p.cap_major_log, p.n_major_log + 1,
                              sizeof(GCMajorEvent)) == 0:
        p.major_log[p.n_major_log] = ev
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
    while p.scan.n:
        p.scan.n -= 1
        trace_object(h, <GCHeader*>p.scan.items[p.scan.n], major_visit)
    enter_state(h, GC_STATE_SWEEPING)
    sweep_arenas(h)
    sweep_large(h)
    enter_state(h, GC_STATE_FINALIZING)
    release_pages(h)
    threshold = <uint64_t>(total_memory_used(h) * MAJOR_GROWTH)
    p.next_major = max(threshold, <uint64_t>(MAJOR_MIN_NURSERIES * h.nursery_size))
    enter_state(h, GC_STATE_SCANNING)
    p.collecting = False
    if p.debug:
        verify_or_die(h)

cdef int gc_collect_major(GCHeap* h) noexcept nogil:
    if gc_collect_minor(h) < 0:
        return -1
    major_collection(h)
    return 0

# ____________________________________________________________________________
# Heap verification (VMSAMPLE_GC_DEBUG, Nursery.check_heap)

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
    GCHeader* current       # object whose slots are being checked (NULL for roots)
    const char* where
    int failed

cdef int verify_fail(Verifier* v, const char* what, uintptr_t value) noexcept nogil:
    if not v.failed:
        snprintf(P(v.h).errmsg, sizeof(P(v.h).errmsg),
                 "heap verification failed: %s (value 0x%llx, in %s at %p)",
                 what, <unsigned long long>value, v.where, <void*>v.current)
        v.failed = 1
    return -1

cdef int check_header(Verifier* v, GCHeader* obj, bint young) noexcept nogil:
    cdef GCHeap* h = v.h
    if obj.tid == 0 or obj.tid >= h.n_types:
        return verify_fail(v, "object with an unregistered type id", obj.tid)
    if obj.flags & (GCFLAG_FORWARDED | GCFLAG_VISITED):
        return verify_fail(v, "object with a collection-only flag set", obj.flags)
    if young != ((obj.flags & GCFLAG_OLD) == 0 or (obj.flags & GCFLAG_YOUNG_LARGE) != 0):
        return verify_fail(v, "object whose OLD/YOUNG_LARGE flags disagree with its space", obj.flags)
    return 0

cdef int classify(Verifier* v, gcref_t r) noexcept nogil:
    # 0: not a live object; 1: young; 2: old
    cdef GCHeap* h = v.h
    cdef GCPrivate* p = P(h)
    cdef Arena* arena
    cdef Page* page
    cdef GCHeader* obj
    if in_nursery(h, r):
        return 1 if ptr_in_sorted(v.nursery_objs.items, v.nursery_objs.n, <void*>r) else 0
    if p.debug and <uintptr_t>p.buffers[p.active ^ 1] <= r < <uintptr_t>(p.buffers[p.active ^ 1] + h.nursery_size):
        return 0
    arena = arena_of(h, <char*>r)
    if arena != NULL:
        page = &arena.pages[(<char*>r - arena.base) // PAGE_SIZE]
        if page.cls == 0 or (<char*>r - page.base) % (page.cls * 8) != 0 or <char*>r >= page.uninit:
            return 0
        obj = <GCHeader*>r
        if obj.tid == 0 or obj.tid >= h.n_types or obj_size(h, obj) != page.cls * 8:
            return 0
        return 2
    if ptr_in_sorted(v.large_objs.items, v.large_objs.n, <void*>r):
        return 1 if (<GCHeader*>r).flags & GCFLAG_YOUNG_LARGE else 2
    return 0

cdef Verifier* the_verifier = NULL   # verification runs with the GIL or inside a collection

cdef void verify_slot(GCHeap* h, gcref_t* slot) noexcept nogil:
    cdef Verifier* v = the_verifier
    cdef gcref_t r = slot[0]
    cdef int kind
    if not gc_is_ref(r):
        return
    kind = classify(v, r)
    if kind == 0:
        verify_fail(v, "reference to something that is not a live object", r)
    elif kind == 1 and v.current != NULL and (v.current.flags & GCFLAG_OLD) \
            and not (v.current.flags & GCFLAG_YOUNG_LARGE) \
            and (v.current.flags & GCFLAG_TRACK_YOUNG_PTRS):
        verify_fail(v, "old object points to a young one but is not remembered "
                    "(missing write barrier)", r)

cdef int verify_object(Verifier* v, GCHeader* obj, bint young) noexcept nogil:
    if check_header(v, obj, young) < 0:
        return -1
    v.current = obj
    trace_object(v.h, obj, verify_slot)
    v.current = NULL
    return -v.failed

cdef int verify_heap(GCHeap* h) noexcept nogil:
    # 0 if the heap is well formed; otherwise -1 with P(h).errmsg describing
    # the first problem found.
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
            verify_fail(&v, "out of memory while verifying", 0)
            break
        cell += obj_size(h, obj)
    for i in range(old.young_large.n):
        if vec_push(&v.large_objs, old.young_large.items[i]) < 0:
            verify_fail(&v, "out of memory while verifying", 0)
    for i in range(old.old_large.n):
        if vec_push(&v.large_objs, old.old_large.items[i]) < 0:
            verify_fail(&v, "out of memory while verifying", 0)
    if v.large_objs.n:
        qsort(v.large_objs.items, v.large_objs.n, sizeof(void*), cmp_ptr)
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
            cell = page.base
            while cell < page.uninit and not v.failed:
                obj = <GCHeader*>cell
                if obj.tid != 0:
                    if obj.flags & GCFLAG_LARGE:
                        verify_fail(&v, "arena object with GCFLAG_LARGE", obj.flags)
                    elif obj.tid < h.n_types and obj_size(h, obj) != size:
                        verify_fail(&v, "arena object whose size differs from its cell", obj_size(h, obj))
                    else:
                        verify_object(&v, obj, False)
                cell += size
    v.where = "a root"
    if not v.failed:
        visit_roots(h, verify_slot)
        for i in range(p.remembered.n):
            obj = <GCHeader*>p.remembered.items[i]
            if classify(&v, <gcref_t>obj) != 2:
                verify_fail(&v, "remembered object is not a live old object", <uintptr_t>obj)
    the_verifier = NULL
    vec_free(&v.nursery_objs)
    vec_free(&v.large_objs)
    return -v.failed

cdef void verify_or_die(GCHeap* h) noexcept nogil:
    if verify_heap(h) < 0:
        fatal(P(h).errmsg)

# ____________________________________________________________________________
# Errors for Python callers

cdef int gc_raise_error(GCHeap* h) except -1:
    cdef int code = h.error
    msg = (<char*>P(h).errmsg).decode("utf-8", "replace") if P(h).errmsg[0] else None
    h.error = GC_OK
    P(h).errmsg[0] = 0
    if code == GC_ERR_NOMEM:
        raise MemoryError(msg or "out of memory")
    if code == GC_ERR_STACK:
        raise RecursionError(msg or "shadow stack overflow")
    if code == GC_ERR_ARG:
        raise ValueError(msg or "bad argument")
    if code != GC_OK:
        raise SystemError(f"vmsample: unknown heap error code {code}")
    return 0

# ____________________________________________________________________________
# Python API

SampleRecord = collections.namedtuple("SampleRecord", "seq size type_id large survived time_ns")
SampleRecord.__doc__ = """One allocation sample: [survived] is None until the next minor collection."""
MinorCollection = collections.namedtuple(
    "MinorCollection", "index time_ns duration_ns bytes_copied total_size_of_arenas "
    "total_memory_used vmrss gc_state first_seq outcomes")
MinorCollection.__doc__ = """One minor collection's report; [outcomes] holds GC_OUTCOME_* bits for samples first_seq, first_seq+1, ..."""
MajorEvent = collections.namedtuple(
    "MajorEvent", "index state time_ns total_memory_used total_size_of_arenas")
MajorEvent.__doc__ = """A major collection entering [state] (GC_STATE_SCANNING again = finished)."""

STATE_SCANNING = GC_STATE_SCANNING
STATE_MARKING = GC_STATE_MARKING
STATE_SWEEPING = GC_STATE_SWEEPING
STATE_FINALIZING = GC_STATE_FINALIZING
OUTCOME_SURVIVED = GC_OUTCOME_SURVIVED
OUTCOME_LARGE = GC_OUTCOME_LARGE


cdef class Nursery:
    """A heap: nursery, old space, roots, sampler.

    ``Nursery(nursery_size=4M, large_object_threshold=nursery_size//8, *,
    heap_limit=None, shadowstack_size=2**20, keep_sample_log=True,
    keep_gc_log=True, debug=None, stress=None)``

    * ``heap_limit``: bytes of old space (arenas + large objects); an
      allocation that finds it exceeded after a full collection raises
      MemoryError.  (The survivors of one minor collection may overshoot it
      by at most one nursery: they have to go somewhere.)
    * ``keep_sample_log`` / ``keep_gc_log``: keep every sample record / every
      collection report for ``sample_records()`` / ``minor_collections()`` and
      ``major_events()``; switch them off for long runs (memory grows with them).
    * ``debug`` / ``stress``: as ``VMSAMPLE_GC_DEBUG`` / ``VMSAMPLE_GC_STRESS``
      (None = take the environment's).
    """

    def __cinit__(self, nursery_size=None, large_object_threshold=None, *, heap_limit=None,
                  shadowstack_size=DEFAULT_SHADOWSTACK, keep_sample_log=True, keep_gc_log=True,
                  debug=None, stress=None):
        cdef GCHeap* h
        cdef GCPrivate* p
        cdef size_t nsize, threshold, nslots, i
        if _ENV_ERROR is not None:
            raise ValueError(_ENV_ERROR)
        self._type_names = [None]
        self._type_ids = {}
        nsize = _positive_size("nursery_size", DEFAULT_NURSERY if nursery_size is None else nursery_size)
        if ENV_NURSERY is not None:
            nsize = ENV_NURSERY
        nsize &= ~(<size_t>7)
        if nsize < GC_MIN_OBJECT_SIZE:
            raise ValueError(f"nursery_size must be at least {GC_MIN_OBJECT_SIZE} bytes")
        if large_object_threshold is None:
            threshold = nsize // 8
        else:
            if large_object_threshold < 0:
                raise ValueError("large_object_threshold must be >= 0")
            threshold = large_object_threshold
        threshold = min(threshold, nsize)
        if heap_limit is not None and heap_limit < 0:
            raise ValueError("heap_limit must be >= 0 (or None for no limit)")
        if shadowstack_size < 1:
            raise ValueError("shadowstack_size must be >= 1")
        nslots = shadowstack_size
        stress = ENV_STRESS if stress is None else stress
        if stress is not None and stress < 0:
            raise ValueError("stress must be >= 1 (collect at every N-th allocation), 0 or None")
        h = self.heap = <GCHeap*>calloc(1, sizeof(GCHeap))
        if h == NULL:
            raise MemoryError()
        h.private = p = <GCPrivate*>calloc(1, sizeof(GCPrivate))
        h.old = <GCOldSpace*>calloc(1, sizeof(GCOldSpace))
        h.sampler = <GCSampler*>calloc(1, sizeof(GCSampler))
        h.types = <GCType*>calloc(GC_MAX_TYPES, sizeof(GCType))
        h.shadowstack_base = <gcref_t*>calloc(nslots, sizeof(gcref_t))
        p.debug = bool(ENV_DEBUG if debug is None else debug)
        p.buffers[0] = <char*>calloc(1, nsize)
        if p.debug:
            p.buffers[1] = <char*>malloc(nsize)
        if (p == NULL or h.old == NULL or h.sampler == NULL or h.types == NULL
                or h.shadowstack_base == NULL or p.buffers[0] == NULL
                or (p.debug and p.buffers[1] == NULL)):
            raise MemoryError("cannot allocate a Nursery")
        if p.debug:
            memset(p.buffers[1], POISON_BYTE, nsize)
        h.nursery_start = h.nursery_free = p.buffers[0]
        h.nursery_top = h.nursery_limit = h.nursery_start + nsize
        h.nursery_size = nsize
        h.large_object_threshold = threshold
        h.shadowstack_top = h.shadowstack_base
        h.shadowstack_end = h.shadowstack_base + nslots
        h.n_types = 1
        for i in range(<size_t>GC_MAX_TYPES):
            h.types[i].alloc_size = SIZE_MAX      # unregistered: gc_alloc_fixed fails cleanly
        h.gc_state = GC_STATE_SCANNING
        p.stress = stress or 0
        p.heap_limit = heap_limit or 0
        p.next_major = MAJOR_MIN_NURSERIES * nsize
        p.keep_gc_log = bool(keep_gc_log)
        h.sampler.keep_log = bool(keep_sample_log)
        set_limit(h)

    def __dealloc__(self):
        cdef GCHeap* h = self.heap
        cdef GCPrivate* p
        cdef size_t i
        if h == NULL:
            return
        p = P(h)
        if h.old != NULL:
            for i in range(h.old.arenas.n):
                free((<Arena*>h.old.arenas.items[i]).base)
                free(h.old.arenas.items[i])
            for i in range(h.old.old_large.n):
                free(h.old.old_large.items[i])
            for i in range(h.old.young_large.n):
                free(h.old.young_large.items[i])
            vec_free(&h.old.arenas)
            vec_free(&h.old.old_large)
            vec_free(&h.old.young_large)
            free(h.old)
        if h.sampler != NULL:
            free(h.sampler.pending)
            free(h.sampler.log)
            free(h.sampler)
        if h.types != NULL:
            for i in range(h.n_types):
                free(h.types[i].name)
                free(h.types[i].ref_offsets)
            free(h.types)
        if p != NULL:
            free(p.buffers[0])
            free(p.buffers[1])
            free(p.handles)
            vec_free(&p.free_handles)
            vec_free(&p.remembered)
            vec_free(&p.scan)
            free(p.minor_log)
            free(p.outcome_log)
            free(p.major_log)
            free(p.outcomes)
            free(p)
        free(h.shadowstack_base)
        free(h)
        self.heap = NULL

    # -- types ---------------------------------------------------------------

    def register_type(self, name, fixed_size=0, ref_offsets=(), item_size=0, items_are_refs=False):
        """Register a type; returns its type id (1, 2, ...).

        [fixed_size]: payload bytes before the items; [ref_offsets]: payload
        offsets (multiples of 8) of the reference fields in the fixed part;
        [item_size] > 0 makes the type var-size (the item count is given to
        alloc() and kept in the header); [items_are_refs]: items are references
        (then item_size must be 8).

        A name is a type's identity.  Registering a name again with the same
        layout returns the existing id (so two parts of a program, or two VM
        instances on one heap, may each declare the types they use); with a
        different layout it raises ValueError.  type_id(name) looks a name up.
        """
        cdef GCHeap* h = self.heap
        cdef GCType* t
        cdef uint32_t tid
        cdef size_t i
        if not isinstance(name, str) or not name:
            raise TypeError("type name must be a non-empty str")
        if h.n_types >= GC_MAX_TYPES and name not in self._type_ids:
            raise ValueError(f"too many types (at most {GC_MAX_TYPES - 1})")
        if not 0 <= fixed_size <= 1 << 30:
            raise ValueError("fixed_size must be in [0, 2**30]")
        if not 0 <= item_size <= 1 << 30:
            raise ValueError("item_size must be in [0, 2**30]")
        if items_are_refs and item_size != 8:
            raise ValueError("items_are_refs requires item_size=8")
        offsets = [int(o) for o in ref_offsets]
        for o in offsets:
            if o < 0 or o % 8 or o + 8 > fixed_size:
                raise ValueError(f"reference offset {o} must be a multiple of 8 inside the "
                                 f"fixed part (fixed_size={fixed_size})")
        if len(set(offsets)) != len(offsets):
            raise ValueError("duplicate reference offsets")
        if item_size and fixed_size % 8 and items_are_refs:
            raise ValueError("reference items need fixed_size to be a multiple of 8")
        if name in self._type_ids:
            tid = self._type_ids[name]
            t = &h.types[tid]
            known = layout_text(t.fixed_size, [t.ref_offsets[i] for i in range(t.n_refs)],
                                t.item_size, t.items_are_refs)
            wanted = layout_text(fixed_size, sorted(offsets), item_size, items_are_refs)
            if wanted != known:
                raise ValueError(f"type {name!r} is already registered (type id {tid}) with "
                                 f"another layout: {known}, not {wanted}")
            return tid
        encoded = name.encode("utf-8")
        tid = h.n_types
        t = &h.types[tid]
        t.name = <char*>malloc(len(encoded) + 1)
        t.ref_offsets = <uint32_t*>malloc(max(1, len(offsets)) * sizeof(uint32_t))
        if t.name == NULL or t.ref_offsets == NULL:
            free(t.name)
            free(t.ref_offsets)
            memset(t, 0, sizeof(GCType))
            raise MemoryError()
        memcpy(t.name, <char*>encoded, len(encoded) + 1)
        for i, o in enumerate(sorted(offsets)):
            t.ref_offsets[i] = o
        t.n_refs = len(offsets)
        t.fixed_size = fixed_size
        t.item_size = item_size
        t.items_are_refs = bool(items_are_refs)
        t.alloc_size = gc_size_of(h, tid, 0)
        h.n_types += 1
        self._type_names.append(name)
        self._type_ids[name] = tid
        return tid

    @property
    def type_names(self):
        """{type id: name} of every registered type (the profile's type map)."""
        return {tid: name for tid, name in enumerate(self._type_names) if tid}

    def type_name(self, tid):
        """The name of type id [tid] (ValueError if it is not registered)."""
        return self._type_names[check_tid(self, tid)]

    def type_id(self, name):
        """The id of the type registered as [name]; KeyError if there is none."""
        try:
            return self._type_ids[name]
        except (KeyError, TypeError):
            raise KeyError(f"no type named {name!r} is registered") from None


    def size_of(self, tid, length=None):
        """Allocated bytes of an object of type [tid] (header and rounding included)."""
        return checked_size(self, tid, length)

    # -- allocation ----------------------------------------------------------

    def alloc(self, tid, length=None):
        """Allocate a zero-filled object; returns a Ref (a root that follows moves).
        Var-size types need [length]; fixed-size types take none."""
        cdef size_t size = checked_size(self, tid, length)
        cdef GCHeader* obj
        cdef uint32_t aux = 0 if length is None else length
        cdef uint16_t t = tid
        reserve_handle(self)
        # The GIL stays held: the heap is not thread-safe, and the GIL is its lock.
        if length is None:
            obj = gc_alloc_fixed(self.heap, t)
        else:
            obj = gc_alloc(self.heap, t, size, aux)
        if obj == NULL:
            gc_raise_error(self.heap)
        return new_ref(self, <gcref_t>obj)

    # -- shadow stack --------------------------------------------------------

    def push_root(self, value):
        """Push a Ref / None / tagged int onto the shadow stack (RecursionError when full)."""
        cdef gcref_t v = python_to_slot(self, value)
        if not gc_push_root(self.heap, v):
            gc_raise_error(self.heap)

    def pop_root(self):
        """Pop the top of the shadow stack (IndexError when empty)."""
        if self.heap.shadowstack_top == self.heap.shadowstack_base:
            raise IndexError("pop from an empty shadow stack")
        return slot_to_python(self, gc_pop_root(self.heap))

    @property
    def shadowstack_depth(self):
        return self.heap.shadowstack_top - self.heap.shadowstack_base

    # -- sampling ------------------------------------------------------------

    def enable_sampling(self, period, mode="fixed", first_offset=None, seed=None):
        """Start allocation sampling: one sample per [period] allocated bytes on average.

        mode "fixed": a sample point every [period] bytes, the first one at
        [first_offset] (default: uniform in [0, period)).  mode "random":
        geometric gaps with mean [period]; the first point at [first_offset]
        if given, else one gap.  [seed] makes the random draws repeatable.
        Enabling again restarts the byte stream at 0 with the new settings.
        """
        cdef GCHeap* h = self.heap
        cdef int m
        cdef uint64_t s0
        if not isinstance(period, int) or isinstance(period, bool):
            raise TypeError(f"period must be an int, not {type(period).__name__}")
        if not 1 <= period <= MAX_DISTANCE:
            raise ValueError(f"period must be in [1, 2**62] bytes, not {period}")
        if mode not in SAMPLING_MODES:
            raise ValueError(f"unknown sampling mode {mode!r} (choose 'fixed' or 'random')")
        if first_offset is not None and not 0 <= first_offset <= MAX_DISTANCE:
            raise ValueError(f"first_offset must be in [0, 2**62], not {first_offset}")
        if seed is None:
            seed = int.from_bytes(_os.urandom(8), "little")
        elif not isinstance(seed, int):
            raise TypeError("seed must be an int or None")
        m = SAMPLING_MODES[mode]
        vms_rng_seed(&h.sampler.rng, <uint64_t>(seed & 0xFFFFFFFFFFFFFFFF))
        h.sample_mode = m
        h.sample_period = period
        h.sampler.log_q = log1p(-1.0 / period) if period > 1 else 0.0
        if first_offset is not None:
            s0 = first_offset
        elif m == GC_SAMPLING_FIXED:
            s0 = vms_rng_below(&h.sampler.rng, period)
        else:
            s0 = next_gap(h)
        h.sample_point = <uintptr_t>h.nursery_free + s0
        set_limit(h)

    def disable_sampling(self):
        """Stop sampling (safe at any time, also when it was never enabled).
        Samples already taken still get their outcome at the next minor collection."""
        self.heap.sample_mode = GC_SAMPLING_OFF
        set_limit(self.heap)

    @property
    def sampling_mode(self):
        """"off", "fixed" or "random"."""
        return ("off", "fixed", "random")[self.heap.sample_mode]

    @property
    def sampling_period(self):
        """The period in bytes, or None while sampling is off."""
        return self.heap.sample_period if self.heap.sample_mode != GC_SAMPLING_OFF else None

    @property
    def samples_taken(self):
        """Samples taken since this Nursery was created."""
        return self.heap.samples_taken

    def sample_records(self):
        """Every sample taken while keep_sample_log is on (since clear_logs()), as
        SampleRecord(seq, size, type_id, large, survived, time_ns)."""
        cdef GCSampler* s = self.heap.sampler
        cdef SampleEntry* r
        cdef size_t i
        out = []
        for i in range(s.n_log):
            r = &s.log[i]
            out.append(SampleRecord(r.seq, r.size, r.tid, bool(r.large),
                                    None if r.survived < 0 else bool(r.survived), r.time_ns))
        return out

    def minor_collections(self):
        """The report of every minor collection while keep_gc_log is on (since clear_logs())."""
        cdef GCPrivate* p = P(self.heap)
        cdef MinorLogEntry* e
        cdef size_t i
        out = []
        for i in range(p.n_minor_log):
            e = &p.minor_log[i]
            outcomes = tuple(p.outcome_log[e.outcome_offset + j] for j in range(e.report.n_outcomes))
            out.append(MinorCollection(e.report.index, e.report.time_ns, e.report.duration_ns,
                                       e.report.bytes_copied, e.report.total_size_of_arenas,
                                       e.report.total_memory_used, e.report.vmrss,
                                       e.report.gc_state, e.report.first_seq, outcomes))
        return out

    def major_events(self):
        """Every major-collection state transition while keep_gc_log is on (since clear_logs())."""
        cdef GCPrivate* p = P(self.heap)
        cdef GCMajorEvent* e
        cdef size_t i
        out = []
        for i in range(p.n_major_log):
            e = &p.major_log[i]
            out.append(MajorEvent(e.index, e.state, e.time_ns, e.total_memory_used,
                                  e.total_size_of_arenas))
        return out

    def clear_logs(self):
        """Forget the sample records and collection reports kept so far."""
        cdef GCSampler* s = self.heap.sampler
        cdef GCPrivate* p = P(self.heap)
        s.n_log = 0
        s.log_first_seq = s.next_seq
        p.n_minor_log = p.n_outcome_log = p.n_major_log = 0

    # -- collections and statistics -----------------------------------------

    def collect_minor(self):
        """Run a minor collection now."""
        if gc_collect_minor(self.heap) < 0:
            gc_raise_error(self.heap)

    def collect_major(self):
        """Run a minor, then a major collection now."""
        if gc_collect_major(self.heap) < 0:
            gc_raise_error(self.heap)

    def check_heap(self):
        """Verify the whole heap now (what VMSAMPLE_GC_DEBUG does after every
        collection); raises RuntimeError describing the first problem found."""
        if verify_heap(self.heap) < 0:
            msg = (<char*>P(self.heap).errmsg).decode("utf-8", "replace")
            P(self.heap).errmsg[0] = 0
            raise RuntimeError(msg)

    @property
    def stats(self):
        """Counters and the latest GC statistics, as a dict."""
        cdef GCHeap* h = self.heap
        cdef GCPrivate* p = P(h)
        cdef GCMinorReport last = p.last_minor
        return {
            "minor_collections": p.minor_count,
            "major_collections": p.major_count,
            "samples_taken": h.samples_taken,
            "allocated_bytes": p.nursery_bytes_before + (h.nursery_free - h.nursery_start)
                               + p.large_bytes_allocated,
            "bytes_copied": p.bytes_copied_total,
            "total_memory_used": total_memory_used(h),
            "total_size_of_arenas": total_size_of_arenas(h),
            "large_object_bytes": h.old.large_used,
            "gc_state": h.gc_state,
            "next_major_at": p.next_major,
            "nursery_size": h.nursery_size,
            "nursery_used": h.nursery_free - h.nursery_start,
            "large_object_threshold": h.large_object_threshold,
            "heap_limit": p.heap_limit or None,
            "last_minor_time_ns": last.time_ns if p.minor_count else None,
            "last_minor_duration_ns": last.duration_ns if p.minor_count else None,
            "last_minor_bytes_copied": last.bytes_copied if p.minor_count else None,
            "vmrss": last.vmrss if p.minor_count else vms_vmrss(),
        }

    def _install_test_hooks(self, n_roots=0):
        """For tests: install C hooks that record every sample, minor report
        and major event, and a trace_roots hook reporting [n_roots] extra root
        slots; returns the recorder (the hooks stay installed while it lives)."""
        cdef _HookRecorder rec = _HookRecorder.__new__(_HookRecorder)
        rec.nursery = self
        rec.r.roots = <gcref_t*>calloc(max(1, n_roots), sizeof(gcref_t))
        if rec.r.roots == NULL:
            raise MemoryError()
        rec.r.n_roots = n_roots
        cdef GCHeap* h = self.heap
        h.on_sample, h.on_sample_ctx = record_sample, &rec.r
        h.on_minor_collection, h.on_minor_collection_ctx = record_minor, &rec.r
        h.on_major_collection, h.on_major_collection_ctx = record_major, &rec.r
        h.trace_roots, h.trace_roots_ctx = report_roots, &rec.r
        return rec

    @property
    def nursery_size(self):
        return self.heap.nursery_size

    @property
    def large_object_threshold(self):
        return self.heap.large_object_threshold

    @property
    def heap_limit(self):
        return P(self.heap).heap_limit or None

    @property
    def debug(self):
        return bool(P(self.heap).debug)

    @property
    def stress(self):
        return P(self.heap).stress or None


cdef size_t _positive_size(name, value) except? 0:
    if isinstance(value, str):
        value = parse_size(value)
    if not isinstance(value, int):
        raise TypeError(f"{name} must be an int or a size string, not {type(value).__name__}")
    if value < 0:
        raise ValueError(f"{name} must be >= 0")
    return value


cdef class Ref:
    """A handle to one heap object: a root while it lives, following the object
    when a minor collection moves it.

    * ``type_id``, ``type_name``, ``size`` (allocated bytes), ``length`` (item
      count of var-size objects, else None), ``aux`` (the header's 32 free bits
      of a fixed-size object), ``address``, ``is_young``, ``is_large``;
    * ``get_ref(i)`` / ``set_ref(i, value)``: the i-th reference field of the
      fixed part (value: Ref, None or a tagged int; the write barrier runs);
    * ``get_item(i)`` / ``set_item(i, value)``: the i-th item of a var-size
      object (references, unsigned ints of item_size 1/2/4/8, else bytes);
    * ``read_word(offset)`` / ``write_word(offset, value)``: a raw 64-bit
      payload word at byte [offset] (a multiple of 8); reference slots can be
      read but not written this way;
    * ``a == b``: same object.  Refs are not hashable (addresses move).
    """

    def __dealloc__(self):
        cdef GCPrivate* p
        if self.nursery is not None and self.nursery.heap != NULL:
            p = P(self.nursery.heap)
            p.handles[self.handle] = 0
            if vec_push(&p.free_handles, <void*>self.handle) < 0:
                pass    # the slot stays null and unused: a leak of 8 bytes, not an error

    def __init__(self):
        raise TypeError("Refs come from Nursery.alloc() and reference reads")


    @property
    def type_id(self):
        return ref_obj(self).tid

    @property
    def type_name(self):
        return self.nursery._type_names[ref_obj(self).tid]

    @property
    def size(self):
        """Allocated bytes, header and rounding included."""
        return obj_size(self.nursery.heap, ref_obj(self))

    @property
    def length(self):
        """Item count of a var-size object; None for fixed-size ones."""
        return ref_obj(self).aux if ref_type(self).item_size else None

    @property
    def aux(self):
        """The header's 32 bits for the embedder (fixed-size objects only)."""
        if ref_type(self).item_size:
            raise ValueError("a var-size object keeps its length there")
        return ref_obj(self).aux

    @aux.setter
    def aux(self, value):
        if ref_type(self).item_size:
            raise ValueError("a var-size object keeps its length there")
        if not 0 <= value <= 0xFFFFFFFF:
            raise ValueError("aux is 32 bits")
        ref_obj(self).aux = value

    @property
    def address(self):
        """The object's current address (changes when a minor collection moves it)."""
        return ref_addr(self)

    @property
    def is_young(self):
        """In the nursery, or a large object allocated since the last minor collection."""
        cdef GCHeader* obj = ref_obj(self)
        return not (obj.flags & GCFLAG_OLD) or bool(obj.flags & GCFLAG_YOUNG_LARGE)

    @property
    def is_large(self):
        """Malloc'ed alone (large-object space, or a big survivor)."""
        return bool(ref_obj(self).flags & GCFLAG_LARGE)

    @property
    def flags(self):
        return ref_obj(self).flags


    def get_ref(self, i):
        """The i-th reference field (by increasing offset): a Ref, None or a tagged int."""
        return slot_to_python(self.nursery, ref_field(self, i)[0])

    def set_ref(self, i, value):
        """Store a Ref, None or a tagged int into the i-th reference field."""
        cdef gcref_t v = python_to_slot(self.nursery, value)
        cdef gcref_t* slot = ref_field(self, i)
        gc_write_barrier(self.nursery.heap, ref_obj(self))
        slot[0] = v


    def _set_ref_without_barrier(self, i, value):
        """For tests of the heap verifier only: a store that skips the write barrier."""
        cdef gcref_t v = python_to_slot(self.nursery, value)
        ref_field(self, i)[0] = v

    def _write_header_tid(self, tid):
        """For tests of the heap verifier only: overwrite the header's type id."""
        ref_obj(self).tid = tid

    def get_item(self, i):
        cdef char* item = ref_item(self, i)
        cdef GCType* t = ref_type(self)
        if t.items_are_refs:
            return slot_to_python(self.nursery, (<gcref_t*>item)[0])
        if t.item_size == 1:
            return (<uint8_t*>item)[0]
        if t.item_size == 2:
            return (<uint16_t*>item)[0]
        if t.item_size == 4:
            return (<uint32_t*>item)[0]
        if t.item_size == 8:
            return (<uint64_t*>item)[0]
        return PyBytes_FromStringAndSize(item, t.item_size)

    def set_item(self, i, value):
        cdef char* item = ref_item(self, i)
        cdef GCType* t = ref_type(self)
        cdef gcref_t v
        cdef const char* data
        if t.items_are_refs:
            v = python_to_slot(self.nursery, value)
            item = ref_item(self, i)
            gc_write_barrier(self.nursery.heap, ref_obj(self))
            (<gcref_t*>item)[0] = v
            return
        if t.item_size in (1, 2, 4, 8):
            if not isinstance(value, int) or not 0 <= value < (1 << (8 * t.item_size)):
                raise ValueError(f"item value must be an int in [0, 2**{8 * t.item_size})")
            if t.item_size == 1:
                (<uint8_t*>item)[0] = value
            elif t.item_size == 2:
                (<uint16_t*>item)[0] = value
            elif t.item_size == 4:
                (<uint32_t*>item)[0] = value
            else:
                (<uint64_t*>item)[0] = value
            return
        if not isinstance(value, bytes) or len(value) != t.item_size:
            raise ValueError(f"item value must be {t.item_size} bytes")
        data = value
        memcpy(item, data, t.item_size)


    def read_word(self, offset):
        """The raw 64-bit payload word at byte [offset]."""
        return ref_word(self, offset, False)[0]

    def write_word(self, offset, value):
        """Write a raw 64-bit payload word (not into reference slots)."""
        cdef uint64_t* w = ref_word(self, offset, True)
        if not isinstance(value, int) or not 0 <= value < (1 << 64):
            raise ValueError("a word is an int in [0, 2**64)")
        w[0] = value

    def __eq__(self, other):
        if not isinstance(other, Ref):
            return NotImplemented
        return self.nursery is (<Ref>other).nursery and ref_addr(self) == ref_addr(<Ref>other)

    def __ne__(self, other):
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    __hash__ = None

    def __repr__(self):
        return (f"<Ref {self.type_name} at {ref_addr(self):#x}, {self.size} bytes, "
                f"{'young' if self.is_young else 'old'}{', large' if self.is_large else ''}>")


# ____________________________________________________________________________
# Test harness: C hooks that record what they are given (memray's idea of a
# test-only wrapper).  Nursery._install_test_hooks() uses them.

ctypedef struct HookRecorder:
    GCSample* samples
    size_t n_samples
    size_t cap_samples
    GCMinorReport* minors       # outcomes pointers are replaced by offsets into [outcomes]
    size_t n_minors
    size_t cap_minors
    uint8_t* outcomes
    size_t n_outcomes
    size_t cap_outcomes
    GCMajorEvent* majors
    size_t n_majors
    size_t cap_majors
    gcref_t* roots              # extra roots reported by trace_roots
    size_t n_roots

cdef void record_sample(void* ctx, const GCSample* sample) noexcept nogil:
    cdef HookRecorder* r = <HookRecorder*>ctx
    if grow(<void**>&r.samples, &r.cap_samples, r.n_samples + 1, sizeof(GCSample)) == 0:
        r.samples[r.n_samples] = sample[0]
        r.n_samples += 1

cdef void record_minor(void* ctx, const GCMinorReport* report) noexcept nogil:
    cdef HookRecorder* r = <HookRecorder*>ctx
    if grow(<void**>&r.minors, &r.cap_minors, r.n_minors + 1, sizeof(GCMinorReport)) < 0 \
            or grow(<void**>&r.outcomes, &r.cap_outcomes, r.n_outcomes + report.n_outcomes + 1, 1) < 0:
        return
    r.minors[r.n_minors] = report[0]
    r.minors[r.n_minors].outcomes = <const uint8_t*><uintptr_t>r.n_outcomes
    r.n_minors += 1
    if report.n_outcomes:
        memcpy(r.outcomes + r.n_outcomes, report.outcomes, report.n_outcomes)
    r.n_outcomes += report.n_outcomes

cdef void record_major(void* ctx, const GCMajorEvent* event) noexcept nogil:
    cdef HookRecorder* r = <HookRecorder*>ctx
    if grow(<void**>&r.majors, &r.cap_majors, r.n_majors + 1, sizeof(GCMajorEvent)) == 0:
        r.majors[r.n_majors] = event[0]
        r.n_majors += 1

cdef void report_roots(void* ctx, GCHeap* h) noexcept nogil:
    cdef HookRecorder* r = <HookRecorder*>ctx
    cdef size_t i
    for i in range(r.n_roots):
        gc_visit_root(h, &r.roots[i])


cdef class _HookRecorder:
    """What the recording hooks saw (see Nursery._install_test_hooks)."""
    cdef HookRecorder r
    cdef Nursery nursery

    def __dealloc__(self):
        cdef GCHeap* h = NULL if self.nursery is None else self.nursery.heap
        if h != NULL:
            gc_unhook(h, &self.r)           # only the hooks that are still this recorder's
        free(self.r.samples)
        free(self.r.minors)
        free(self.r.outcomes)
        free(self.r.majors)
        free(self.r.roots)

    @property
    def samples(self):
        return [(x.seq, x.size, x.tid, bool(x.large), x.time_ns)
                for x in self.r.samples[:self.r.n_samples]]

    @property
    def minors(self):
        out = []
        for i in range(self.r.n_minors):
            m = &self.r.minors[i]
            off = <size_t><uintptr_t>m.outcomes
            out.append(MinorCollection(m.index, m.time_ns, m.duration_ns, m.bytes_copied,
                                       m.total_size_of_arenas, m.total_memory_used, m.vmrss,
                                       m.gc_state, m.first_seq,
                                       tuple(self.r.outcomes[off + j] for j in range(m.n_outcomes))))
        return out

    @property
    def majors(self):
        return [MajorEvent(e.index, e.state, e.time_ns, e.total_memory_used, e.total_size_of_arenas)
                for e in self.r.majors[:self.r.n_majors]]

    def get_root(self, i):
        if not 0 <= i < self.r.n_roots:
            raise IndexError(i)
        return slot_to_python(self.nursery, self.r.roots[i])

    def set_root(self, i, value):
        if not 0 <= i < self.r.n_roots:
            raise IndexError(i)
        self.r.roots[i] = python_to_slot(self.nursery, value)


# Helpers of Nursery and Ref (module-level: the classes are declared in the .pxd)

cdef str layout_text(fixed_size, offsets, item_size, items_are_refs):
    return (f"fixed_size={fixed_size}, ref_offsets={tuple(offsets)}, item_size={item_size}, "
            f"items_are_refs={bool(items_are_refs)}")

cdef uint16_t check_tid(Nursery self, tid) except 0:
    if not isinstance(tid, int):
        raise TypeError(f"type id must be an int, not {type(tid).__name__}")
    if not 0 < tid < self.heap.n_types:
        raise ValueError(f"unknown type id {tid}")
    return tid

cdef size_t checked_size(Nursery self, tid, length) except 0:
    cdef uint16_t t = check_tid(self, tid)
    cdef GCType* ty = &self.heap.types[t]
    if ty.item_size == 0:
        if length is not None:
            raise ValueError(f"type {self._type_names[t]!r} is fixed-size: no length")
        return gc_size_of(self.heap, t, 0)
    if length is None:
        raise ValueError(f"type {self._type_names[t]!r} is var-size: give a length")
    if not isinstance(length, int):
        raise TypeError(f"length must be an int, not {type(length).__name__}")
    if not 0 <= length <= 0xFFFFFFFF:
        raise ValueError(f"length must be in [0, 2**32), not {length}")
    if <uint64_t>ty.fixed_size + <uint64_t>ty.item_size * <uint64_t>length > (<uint64_t>1 << 46):
        raise MemoryError(f"object of {length} items is too big")
    return gc_size_of(self.heap, t, length)

cdef int reserve_handle(Nursery self) except -1:
    # Make sure _ref() cannot fail after an allocation: a fresh object must
    # become a root before anything else can collect.
    cdef GCPrivate* p = P(self.heap)
    if p.free_handles.n == 0 and grow(<void**>&p.handles, &p.cap_handles,
                                      p.n_handles + 1, sizeof(gcref_t)) < 0:
        raise MemoryError()
    return 0

cdef Ref new_ref(Nursery self, gcref_t v):
    cdef GCPrivate* p = P(self.heap)
    cdef Ref r = Ref.__new__(Ref)
    cdef Py_ssize_t idx
    if p.free_handles.n:
        p.free_handles.n -= 1
        idx = <Py_ssize_t>p.free_handles.items[p.free_handles.n]
    else:
        idx = p.n_handles
        p.n_handles += 1
    p.handles[idx] = v
    r.nursery = self
    r.handle = idx
    return r

cdef object slot_to_python(Nursery self, gcref_t v):
    # A slot's content as a Python value: None, an int (tagged immediate) or a Ref.
    if v == 0:
        return None
    if not gc_is_ref(v):
        return <object>v
    reserve_handle(self)
    return new_ref(self, v)

cdef gcref_t python_to_slot(Nursery self, value) except? 1:
    if value is None:
        return 0
    if isinstance(value, Ref):
        if (<Ref>value).nursery is not self:
            raise ValueError("cannot store a Ref of another Nursery")
        return ref_addr(<Ref>value)
    if isinstance(value, int):
        if not 0 < value < (1 << 64) or value & 7 == 0:
            raise ValueError(f"{value:#x} is not a tagged immediate (low 3 bits must not all be 0)")
        return value
    raise TypeError(f"a reference slot holds a Ref, None or a tagged int, not {type(value).__name__}")

cdef inline gcref_t ref_addr(Ref self):
    return P(self.nursery.heap).handles[self.handle]

cdef inline GCHeader* ref_obj(Ref self):
    return <GCHeader*>P(self.nursery.heap).handles[self.handle]

cdef inline GCType* ref_type(Ref self):
    return &self.nursery.heap.types[ref_obj(self).tid]

cdef gcref_t* ref_field(Ref self, i) except NULL:
    cdef GCType* t = ref_type(self)
    if not isinstance(i, int):
        raise TypeError("reference index must be an int")
    if not 0 <= i < t.n_refs:
        raise IndexError(f"type {self.type_name!r} has {t.n_refs} reference fields; no index {i}")
    return <gcref_t*>(<char*>ref_obj(self) + GC_HEADER_SIZE + t.ref_offsets[i])

cdef char* ref_item(Ref self, i) except NULL:
    cdef GCType* t = ref_type(self)
    cdef GCHeader* obj = ref_obj(self)
    if t.item_size == 0:
        raise TypeError(f"type {self.type_name!r} is fixed-size: it has no items")
    if not isinstance(i, int):
        raise TypeError("item index must be an int")
    if not 0 <= i < obj.aux:
        raise IndexError(f"item index {i} out of range (length {obj.aux})")
    return <char*>obj + GC_HEADER_SIZE + t.fixed_size + <size_t>t.item_size * <size_t>i

cdef uint64_t* ref_word(Ref self, offset, bint writing) except NULL:
    cdef GCType* t = ref_type(self)
    cdef GCHeader* obj = ref_obj(self)
    cdef size_t payload = obj_size(self.nursery.heap, obj) - GC_HEADER_SIZE
    cdef uint32_t i
    if not isinstance(offset, int):
        raise TypeError("offset must be an int")
    if offset < 0 or offset % 8 or offset + 8 > payload:
        raise ValueError(f"offset {offset} must be a multiple of 8 below the payload "
                         f"size {payload}")
    if writing:
        for i in range(t.n_refs):
            if t.ref_offsets[i] == offset:
                raise ValueError(f"offset {offset} is a reference field: use set_ref()")
        if t.items_are_refs and t.fixed_size <= offset < t.fixed_size + 8 * obj.aux:
            raise ValueError(f"offset {offset} is a reference item: use set_item()")
    return <uint64_t*>(<char*>obj + GC_HEADER_SIZE + <size_t>offset)
