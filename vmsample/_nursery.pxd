# vmsample/_nursery.pxd -- the C-level API of the nursery core.
#
# This file is the contract between the core (_nursery.pyx) and everything that
# allocates through it: the bundled VM (vmsample.lang), the profile writer's glue,
# the allocation benchmark, and third-party VMs that `cimport vmsample._nursery`.
# The invariants themselves are stated once, at the top of _nursery.pyx.
#
# Conventions
#   * [gcref_t] is one machine word stored in a reference slot: 0 (null), a
#     tagged immediate (any value whose low 3 bits are not all zero -- the core
#     never looks inside it), or the address of a GCHeader.  Objects are 8-byte
#     aligned, so the two never collide.  Embedders may keep small ints etc. as
#     tagged immediates in reference slots.
#   * Sizes are "allocated bytes": round_up(8 + payload, 8), at least 16, header
#     included.  gc_size_of() computes them; GCType.alloc_size holds the size
#     of a fixed-size type's instances (gc_alloc_fixed() uses it).
#   * Every function here is `noexcept nogil`.  Failure (out of memory, heap
#     limit, shadow-stack overflow) is reported by a NULL / nonzero return and
#     h.error; the caller, holding the GIL, turns it into MemoryError etc.
#     (gc_raise_error does that).
#   * Hooks run inside allocation or collection.  They must not allocate in the
#     managed heap, collect, or move objects.

from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int64_t, uintptr_t

cdef extern from *:
    """
    #if defined(__GNUC__)
    #  define VMS_LIKELY(x)   __builtin_expect(!!(x), 1)
    #  define VMS_UNLIKELY(x) __builtin_expect(!!(x), 0)
    #else
    #  define VMS_LIKELY(x)   (x)
    #  define VMS_UNLIKELY(x) (x)
    #endif
    """
    bint VMS_LIKELY(bint) noexcept nogil
    bint VMS_UNLIKELY(bint) noexcept nogil

ctypedef uintptr_t gcref_t

# ---------------------------------------------------------------- objects

ctypedef struct GCHeader:
    uint16_t tid        # registered type id, 1..GC_MAX_TYPES-1 (0 = free cell)
    uint16_t flags      # GCFLAG_* below; owned by the core
    uint32_t aux        # var-size types: item count; fixed-size types: the embedder's

cdef enum:
    GC_HEADER_SIZE = 8
    GC_MIN_OBJECT_SIZE = 16     # a forwarding address must fit after the header
    GC_MAX_TYPES = 65536

# Header flags.  Who sets, clears and reads each one: _nursery.pyx, Design 7
# ("Header flags").
cdef enum:
    GCFLAG_OLD               = 0x0001   # outside the nursery (old space or large object)
    GCFLAG_LARGE             = 0x0002   # in the large-object space (malloc'ed alone)
    GCFLAG_TRACK_YOUNG_PTRS  = 0x0004   # old and not remembered: the write barrier must look
    GCFLAG_FORWARDED         = 0x0008   # nursery object copied out; payload word 0 = new address
    GCFLAG_VISITED           = 0x0010   # reached in the current collection (mark bit)
    GCFLAG_HAS_SHADOW        = 0x0020   # young, and gc_id reserved its old-space cell
    GCFLAG_YOUNG_LARGE       = 0x0040   # large object allocated since the last minor collection
    GCFLAG_EMBEDDER          = 0x0100   # 0x0100..0x8000 are free for the embedder

# Major-collection states: the paper's `gc_state` statistic.
cdef enum:
    GC_STATE_SCANNING   = 0     # idle between major collections; also "scanning roots" at start
    GC_STATE_MARKING    = 1
    GC_STATE_SWEEPING   = 2
    GC_STATE_FINALIZING = 3

# Sampling modes (docs/design.md §2.3).
cdef enum:
    GC_SAMPLING_OFF    = 0
    GC_SAMPLING_FIXED  = 1
    GC_SAMPLING_RANDOM = 2

# h.error codes.
cdef enum:
    GC_OK = 0
    GC_ERR_NOMEM = 1            # malloc failed or heap_limit exceeded -> MemoryError
    GC_ERR_STACK = 2            # shadow stack overflow -> RecursionError in the VM
    GC_ERR_ARG = 3              # bad argument (unknown tid, negative length) -> ValueError
    GC_ERR_RULE = 4             # an embedder's rule broken (core/rules.pxi) -> RuntimeError

ctypedef struct GCType:
    # [alloc_size] is what gc_alloc_fixed() allocates: the allocated bytes of
    # an instance with no items (the whole object for a fixed-size type).
    # For a type id that is not registered it is SIZE_MAX, so gc_alloc_fixed()
    # on a bad id goes to the out-of-line path and fails there (GC_ERR_ARG).
    size_t alloc_size
    char* name                  # owned copy, UTF-8
    uint32_t fixed_size         # payload bytes before the items
    uint32_t item_size          # 0 for fixed-size types
    bint items_are_refs         # items are gcref_t (item_size must be 8)
    uint32_t n_refs             # number of reference fields in the fixed part
    uint32_t* ref_offsets       # their payload offsets in bytes (8-aligned)
    uint32_t weak_offset        # payload offset of the weak field, GC_NO_WEAK_FIELD if none

# Weak references (vmsample/core/weakrefs.pxi): the flags of gc_weak_register.
cdef enum:
    GC_WEAK_NOTIFY             = 1  # queue the weakref object when its reference is cleared
    GC_WEAK_TRACK_RESURRECTION = 2  # cleared when the target is freed, not when it is found
                                    # unreachable (a finalizer may resurrect it)
    GC_NO_WEAK_FIELD = 0x7FFFFFFF   # GCType.weak_offset of a type without a weak field

# ---------------------------------------------------------------- hooks

# The hook records live in _gc_hooks.pxd, a declarations-only file, so that
# consumers such as the profile writer can cimport them without importing the
# core at run time; they are re-exported here.
from vmsample._gc_hooks cimport (GCSample, GCMinorReport, GCMajorEvent, GCPause,
                                 GC_OUTCOME_SURVIVED, GC_OUTCOME_LARGE, gc_monotonic_ns)

ctypedef void (*gc_sample_hook_t)(void* ctx, const GCSample* sample) noexcept nogil
ctypedef void (*gc_minor_hook_t)(void* ctx, const GCMinorReport* report) noexcept nogil
ctypedef void (*gc_major_hook_t)(void* ctx, const GCMajorEvent* event) noexcept nogil
ctypedef void (*gc_pause_hook_t)(void* ctx, const GCPause* pause) noexcept nogil
# Called at every collection to enumerate roots the core cannot see; it calls
# gc_visit_root(h, slot) for each slot.
ctypedef void (*gc_roots_hook_t)(void* ctx, GCHeap* h) noexcept nogil
# Called at the end of a collection that queued anything for the embedder (an
# object to finalize, a cleared weak reference, a death notice): drain the
# queues at the next safe point (vmsample/core/finalizers.pxi), not in the
# hook, which must not use the heap (rule 4, core/rules.pxi).
ctypedef void (*gc_finalization_hook_t)(void* ctx, GCHeap* h) noexcept nogil
#
# Each hook has its own context pointer, passed as its [ctx] argument, so hooks
# compose: a VM owns trace_roots (ctx = its own state) while a profiler owns
# the sample and collection hooks (vmsample.profile._glue does that: ctx =
# its ProfGlue).  Whoever sets a hook sets its ctx, and clears both when done
# (gc_unhook(h, ctx) clears every hook that has [ctx]).

# ---------------------------------------------------------------- root tables and frames

cdef struct GCRootTable:
    # A root table (docs/embedding.md §6): [n] slots at [slots] that every
    # collection visits and updates in place -- globals, constants, any
    # malloc'ed array of references -- with no trace_roots hook to write.
    # Yours to allocate (static, in your VM's struct) and register with
    # gc_roots_register, or made and registered by gc_roots_new.  [slots]
    # and [n] are yours to change at any time outside a collection (a
    # locals stack grows and shrinks so); [check], [next] and [owned] are
    # the core's (core/root_tables.pxi).  Unregister before freeing it.
    uintptr_t check
    GCRootTable* next
    gcref_t* slots
    size_t n
    bint owned

ctypedef struct gc_frame_t:
    # A shadow-stack mark (docs/embedding.md §6): gc_frame_leave puts the
    # shadow stack back where gc_frame_enter found it.
    gcref_t* base
    size_t depth

# ---------------------------------------------------------------- the heap

cdef struct GCOldSpace        # arenas + large objects; defined in _nursery.pyx
cdef struct GCSampler         # pending samples, RNG, log; defined in _nursery.pyx

ctypedef struct GCHeap:
    # The allocation fast path reads and writes only these two words.
    char* nursery_free
    char* nursery_limit
    # Nursery geometry.  Invariant (see _nursery.pyx): start <= free <= limit <= top.
    char* nursery_start
    char* nursery_top
    size_t nursery_size
    size_t large_object_threshold   # payload+header above this -> large-object space
    # Sampling.  sample_point is in nursery address coordinates and may lie beyond
    # nursery_top (a "virtual" point); meaningful only while sample_mode != OFF.
    int sample_mode
    uint64_t sample_period
    uintptr_t sample_point
    uint64_t samples_taken
    # Roots.  The shadow stack grows upwards; slots hold gcref_t and are updated
    # in place when objects move.  VMs may use it directly as their value stack.
    gcref_t* shadowstack_base
    gcref_t* shadowstack_top
    gcref_t* shadowstack_end
    size_t frame_depth              # gc_frame_t's entered and not left (gc_frame_enter)
    # Hooks (NULL = none), each with its own context pointer (see above).
    gc_sample_hook_t on_sample
    void* on_sample_ctx
    gc_minor_hook_t on_minor_collection
    void* on_minor_collection_ctx
    gc_major_hook_t on_major_collection
    void* on_major_collection_ctx
    gc_pause_hook_t on_pause        # after the minor and major hooks of the pause
    void* on_pause_ctx
    gc_roots_hook_t trace_roots
    void* trace_roots_ctx
    gc_finalization_hook_t on_finalization
    void* on_finalization_ctx
    # Types.
    GCType* types
    uint32_t n_types
    # Everything else is private to _nursery.pyx.
    int error
    int gc_state
    GCOldSpace* old
    GCSampler* sampler
    void* private

# ---------------------------------------------------------------- out-of-line API
# Defined in _nursery.pyx, reached through the module's C-API capsule.

cdef char* gc_collect_and_reserve(GCHeap* h, size_t size, uint16_t tid) noexcept nogil
cdef GCHeader* gc_malloc_large(GCHeap* h, uint16_t tid, size_t size, uint32_t aux) noexcept nogil
cdef void gc_remember(GCHeap* h, GCHeader* obj) noexcept nogil
cdef void gc_remember_slot(GCHeap* h, GCHeader* obj, gcref_t* slot, gcref_t value) noexcept nogil
# memmove [n] references from [src] to [dst], slots of [obj], with the barrier
# (gc_track_stores, below, says why it exists).
cdef void gc_copy_refs(GCHeap* h, GCHeader* obj, gcref_t* dst, const gcref_t* src, size_t n) noexcept nogil
cdef void gc_visit_root(GCHeap* h, gcref_t* slot) noexcept nogil
# The same for [n] consecutive slots (a table of roots), in one call.
cdef void gc_visit_roots(GCHeap* h, gcref_t* slots, size_t n) noexcept nogil
# In a trace_roots hook: is this visit a minor collection's?  It needs only the
# roots that may hold a young reference (core/roots.pxi says which may be skipped).
cdef bint gc_visit_is_minor(GCHeap* h) noexcept nogil
cdef int gc_collect_minor(GCHeap* h) noexcept nogil
# A minor then a major collection; returns how many objects they found dead
# (docs/design.md §2.4, "Counting the dead"), or -1 (h.error).
cdef int64_t gc_collect_major(GCHeap* h) noexcept nogil
# The object's identity: an address-sized value that never changes while it
# lives (objects move!) and no other live object has; 0 + h.error when out of
# memory.  Its invariant: core/identity.pxi.
cdef uintptr_t gc_id(GCHeap* h, GCHeader* obj) noexcept nogil
cdef int gc_shadowstack_overflow(GCHeap* h) noexcept nogil
# Weak references, finalizers and death notices: the invariants and the order
# a collection handles them in are in vmsample/core/weakrefs.pxi and
# finalizers.pxi; how to use them, docs/embedding.md.  Registration never
# collects; it returns 0, or -1 with h.error set (GC_ERR_NOMEM; GC_ERR_ARG
# from inside a hook, or for a bad weak field).  The gc_next_* calls take one
# queued item at a time (NULL / False when none is left); call them at a safe
# point, never from a hook, and root a returned object before anything
# allocates.
#   Store [target] in [obj]'s weak field (the type's weak_offset, which must
#   hold no reference yet) and register it; flags: GC_WEAK_*.
cdef int gc_weak_register(GCHeap* h, GCHeader* obj, gcref_t target, uint32_t flags) noexcept nogil
#   PEP 442: when [obj] is found unreachable it is kept alive (with all it
#   reaches) and queued for its finalizer, once.  At most one per object.
cdef int gc_finalizer_register(GCHeap* h, GCHeader* obj) noexcept nogil
#   When [obj] dies (is freed), [word] is queued.  No resurrection.
cdef int gc_death_notice_register(GCHeap* h, GCHeader* obj, uint64_t word) noexcept nogil
#   At exit: queue every object whose finalizer is still registered (oldest
#   first) as if it were unreachable, after a minor collection; drain then.
#   Returns how many it queued.
cdef int gc_finalize_all(GCHeap* h) noexcept nogil
cdef GCHeader* gc_next_finalizable(GCHeap* h) noexcept nogil
cdef GCHeader* gc_next_cleared_weakref(GCHeap* h) noexcept nogil
cdef bint gc_next_death_notice(GCHeap* h, uint64_t* word) noexcept nogil
cdef int gc_raise_error(GCHeap* h) except -1
# Root tables (GCRootTable above): 0, or -1 with h.error = GC_ERR_ARG (already
# registered / not registered); gc_roots_new: NULL with GC_ERR_NOMEM.
cdef int gc_roots_register(GCHeap* h, GCRootTable* t, gcref_t* slots, size_t n) noexcept nogil
cdef int gc_roots_unregister(GCHeap* h, GCRootTable* t) noexcept nogil
cdef GCRootTable* gc_roots_new(GCHeap* h, size_t n, gcref_t fill) noexcept nogil
cdef void gc_roots_free(GCHeap* h, GCRootTable* t) noexcept nogil     # unregister + free (NULL: no-op)
# The checks of the inline functions below, out of line (core/rules.pxi).
cdef bint gc_frame_unbalanced(GCHeap* h, gc_frame_t* f) noexcept nogil
cdef void gc_check_slot(GCHeap* h, gcref_t obj, size_t i, int kind) noexcept nogil
cdef void gc_bad_immediate(int64_t value, unsigned tag) noexcept nogil

# ---------------------------------------------------------------- inline API

cdef inline size_t gc_round_size(size_t payload) noexcept nogil:
    cdef size_t size = (GC_HEADER_SIZE + payload + 7) & ~(<size_t>7)
    return size if size >= GC_MIN_OBJECT_SIZE else GC_MIN_OBJECT_SIZE

cdef inline size_t gc_size_of(GCHeap* h, uint16_t tid, size_t length) noexcept nogil:
    cdef GCType* t = &h.types[tid]
    return gc_round_size(t.fixed_size + t.item_size * length)

cdef inline char* gc_nursery_reserve(GCHeap* h, size_t size, uint16_t tid) noexcept nogil:
    # THE fast path (docs/design.md §2.2).  [size] is allocated bytes, a multiple of 8,
    # 16 <= size <= h.large_object_threshold.  Returns zero-filled memory or NULL
    # (then h.error is set).  Its machine code does not depend on sampling.
    cdef char* result = h.nursery_free
    h.nursery_free = result + size
    if VMS_UNLIKELY(h.nursery_free > h.nursery_limit):
        result = gc_collect_and_reserve(h, size, tid)
    return result

cdef inline GCHeader* gc_alloc(GCHeap* h, uint16_t tid, size_t size, uint32_t aux) noexcept nogil:
    # Allocate a zero-filled object of [size] allocated bytes and write its header.
    # Routes big objects to the large-object space.  NULL on failure.
    # (gc_nursery_reserve spelled out, so that only the slow path tests for NULL.)
    cdef GCHeader* obj
    if VMS_UNLIKELY(size > h.large_object_threshold):
        return gc_malloc_large(h, tid, size, aux)
    obj = <GCHeader*>h.nursery_free
    h.nursery_free = <char*>obj + size
    if VMS_UNLIKELY(h.nursery_free > h.nursery_limit):
        obj = <GCHeader*>gc_collect_and_reserve(h, size, tid)
        if obj == NULL:
            return NULL
    obj.tid = tid
    obj.aux = aux
    return obj

cdef inline GCHeader* gc_alloc_fixed(GCHeap* h, uint16_t tid) noexcept nogil:
    # A zero-filled instance of a fixed-size type (of a var-size type: one
    # with no items), header written, aux = 0.  The size was computed when
    # the type was registered.  NULL on failure, as gc_alloc.
    return gc_alloc(h, tid, h.types[tid].alloc_size, 0)

cdef inline GCHeader* gc_alloc_varsize(GCHeap* h, uint16_t tid, size_t length) noexcept nogil:
    # Var-size allocation; [length] is stored in the header's aux field.
    if VMS_UNLIKELY(length > <size_t>0xFFFFFFFFU):
        h.error = GC_ERR_NOMEM
        return NULL
    return gc_alloc(h, tid, gc_size_of(h, tid, length), <uint32_t>length)

cdef inline bint gc_is_ref(gcref_t v) noexcept nogil:
    return v != 0 and (v & 7) == 0

cdef inline gcref_t gc_weak_get(GCHeap* h, GCHeader* obj) noexcept nogil:
    # The weak field of [obj] (its type has one): its target, 0 once cleared.
    # Only the core writes it, after gc_weak_register (weakrefs.pxi).
    return (<gcref_t*>(<char*>obj + GC_HEADER_SIZE + h.types[obj.tid].weak_offset))[0]

cdef inline void gc_write_barrier(GCHeap* h, GCHeader* obj) noexcept nogil:
    # Call BEFORE storing a reference into [obj] (any reference: young or not;
    # the check is one flag test).  Old objects that may now point into the
    # nursery join the remembered set.  The incremental major collection
    # relies on the same call: a marked object written since its last minor
    # collection is marked again from the remembered set (core/major.pxi),
    # so the rule is unchanged -- every reference store into an old object
    # passes this barrier, between any two allocations.
    if VMS_UNLIKELY(obj.flags & GCFLAG_TRACK_YOUNG_PTRS):
        gc_remember(h, obj)

cdef inline void gc_write_barrier_slot(GCHeap* h, GCHeader* obj, gcref_t* slot,
                                       gcref_t value) noexcept nogil:
    # The same rule, for one store: call it BEFORE storing [value] into
    # [slot], a reference slot of [obj], instead of gc_write_barrier.  Worth it
    # for big arrays: a large old object is then not remembered whole (which
    # makes the next minor collection trace every slot it has), only the slots
    # that receive young values are (core/roots.pxi).  Bulk stores (memcpy
    # of many references) keep calling gc_write_barrier, and so must every
    # store that MOVES references within the object (memmove, swaps, an
    # insert or a delete in the middle): a young reference moved to a slot
    # the slot barrier never saw would be left pointing into the nursery.
    if VMS_UNLIKELY(obj.flags & GCFLAG_TRACK_YOUNG_PTRS):
        gc_remember_slot(h, obj, slot, value)

cdef inline void gc_track_stores(GCHeap* h, GCHeader* obj) noexcept nogil:
    # Optional, for big arrays.  Call it on an object just allocated, before
    # anything is stored into it, to promise that every store into it passes
    # a barrier -- gc_write_barrier_slot, gc_copy_refs (a bulk copy) or
    # gc_write_barrier -- although it is new.  A young *large* object (size
    # above h.large_object_threshold) then has its stores of young values
    # remembered by slot, and the minor collection that promotes it visits
    # those slots instead of every slot it has (a list's items array of
    # millions of references, grown by copying, took 10-40 ms to trace in one
    # pause).  A store into it through gc_write_barrier (whole-object) ends
    # the promise's benefit, not its correctness: the object is traced whole
    # again.  On any other object it does nothing.
    if obj.flags & GCFLAG_YOUNG_LARGE:
        obj.flags |= GCFLAG_TRACK_YOUNG_PTRS

cdef inline bint gc_push_root(GCHeap* h, gcref_t v) noexcept nogil:
    # False (and h.error = GC_ERR_STACK) when the shadow stack is full.
    if VMS_UNLIKELY(h.shadowstack_top >= h.shadowstack_end):
        return gc_shadowstack_overflow(h) == 0
    h.shadowstack_top[0] = v
    h.shadowstack_top += 1
    return True

cdef inline gcref_t gc_pop_root(GCHeap* h) noexcept nogil:
    h.shadowstack_top -= 1
    return h.shadowstack_top[0]

cdef inline void gc_unhook(GCHeap* h, void* ctx) noexcept nogil:
    # Remove the hooks whose context is [ctx]; the others stay.
    if h.on_sample_ctx == ctx:
        h.on_sample, h.on_sample_ctx = NULL, NULL
    if h.on_minor_collection_ctx == ctx:
        h.on_minor_collection, h.on_minor_collection_ctx = NULL, NULL
    if h.on_major_collection_ctx == ctx:
        h.on_major_collection, h.on_major_collection_ctx = NULL, NULL
    if h.on_pause_ctx == ctx:
        h.on_pause, h.on_pause_ctx = NULL, NULL
    if h.trace_roots_ctx == ctx:
        h.trace_roots, h.trace_roots_ctx = NULL, NULL
    if h.on_finalization_ctx == ctx:
        h.on_finalization, h.on_finalization_ctx = NULL, NULL

# ---------------------------------------------------------------- raising wrappers
# The API above is nogil: it reports failure as NULL / False with h.error set.
# A VM that holds the GIL wants the Python exception at once (MemoryError,
# RecursionError for a full shadow stack, ValueError for a bad type id, as
# gc_raise_error maps them).  These wrap the inline fast paths so that the
# exception check sits on the failure branch only; every VM would otherwise
# write the same three functions.  Cython propagates the exception from the
# `except` value: callers need no check of their own.

cdef inline GCHeader* gc_alloc_fixed_or_raise(GCHeap* h, uint16_t tid) except NULL:
    cdef GCHeader* obj = gc_alloc_fixed(h, tid)
    if VMS_UNLIKELY(obj == NULL):
        gc_raise_error(h)
    return obj

cdef inline GCHeader* gc_alloc_varsize_or_raise(GCHeap* h, uint16_t tid, size_t length) except NULL:
    cdef GCHeader* obj = gc_alloc_varsize(h, tid, length)
    if VMS_UNLIKELY(obj == NULL):
        gc_raise_error(h)
    return obj

cdef inline int gc_push_root_or_raise(GCHeap* h, gcref_t v) except -1:
    # RecursionError when the shadow stack is full (h.error is cleared).
    if VMS_UNLIKELY(not gc_push_root(h, v)):
        gc_raise_error(h)
    return 0

cdef inline GCRootTable* gc_roots_new_or_raise(GCHeap* h, size_t n, gcref_t fill) except NULL:
    cdef GCRootTable* t = gc_roots_new(h, n, fill)
    if VMS_UNLIKELY(t == NULL):
        gc_raise_error(h)
    return t

# ---------------------------------------------------------------- the SDK: frames, payload, immediates
# What every embedder would otherwise write again (docs/embedding.md §3-6).
# vmsample/include/vmsample.h is the same API for C (vms_ for gc_).  The
# rules these helpers check, and how each is caught, are core/rules.pxi's.
#
# Checked builds: the payload accessors and the immediates check their
# arguments (gc_check_slot, gc_bad_immediate: a message naming the rule, then
# abort) when the module that uses them is compiled without NDEBUG, as
# assert() does: vmsample's test build, or your own.

cdef extern from *:
    """
    #ifndef VMS_CHECKED
    #  ifdef NDEBUG
    #    define VMS_CHECKED 0
    #  else
    #    define VMS_CHECKED 1
    #  endif
    #endif
    #ifndef VMS_FIXNUM_MIN            /* as in vmsample.h, which a module may include too */
    #define VMS_FIXNUM_MIN (-((int64_t)1 << 62))
    #define VMS_FIXNUM_MAX (((int64_t)1 << 62) - 1)
    static inline int vms_fixnum_fits(int64_t n) { return n >= VMS_FIXNUM_MIN && n <= VMS_FIXNUM_MAX; }
    static inline int vms_fixnum_add(int64_t a, int64_t b, int64_t *r) {
        return !__builtin_add_overflow(a, b, r) && vms_fixnum_fits(*r);
    }
    static inline int vms_fixnum_sub(int64_t a, int64_t b, int64_t *r) {
        return !__builtin_sub_overflow(a, b, r) && vms_fixnum_fits(*r);
    }
    static inline int vms_fixnum_mul(int64_t a, int64_t b, int64_t *r) {
        return !__builtin_mul_overflow(a, b, r) && vms_fixnum_fits(*r);
    }
    #endif
    """
    const bint VMS_CHECKED
    const int64_t GC_FIXNUM_MIN "VMS_FIXNUM_MIN"
    const int64_t GC_FIXNUM_MAX "VMS_FIXNUM_MAX"
    bint gc_fixnum_fits "vms_fixnum_fits"(int64_t n) noexcept nogil
    # Arithmetic on fixnum values: False when the result is not one (overflow).
    bint gc_fixnum_add "vms_fixnum_add"(int64_t a, int64_t b, int64_t* r) noexcept nogil
    bint gc_fixnum_sub "vms_fixnum_sub"(int64_t a, int64_t b, int64_t* r) noexcept nogil
    bint gc_fixnum_mul "vms_fixnum_mul"(int64_t a, int64_t b, int64_t* r) noexcept nogil

cdef enum:
    GC_SLOT_REF = 1             # gc_check_slot's kinds
    GC_SLOT_WORD = 2

# Frames.  A VM marks the shadow stack on entering a function (or a
# primitive that pushes temporaries) and leaves the mark on the way out:
# gc_frame_leave on the normal path, gc_frame_unwind on an error path, which
# also leaves the frames the error skipped.  Frames nest; leaving one while
# a frame entered after it is still open is an unbalanced frame (rule 2).

cdef inline void gc_frame_enter(GCHeap* h, gc_frame_t* f) noexcept nogil:
    f.base = h.shadowstack_top
    f.depth = h.frame_depth
    h.frame_depth = f.depth + 1

cdef inline void gc_frame_leave(GCHeap* h, gc_frame_t* f) noexcept nogil:
    if VMS_UNLIKELY(h.frame_depth != f.depth + 1 or h.shadowstack_top < f.base):
        if not gc_frame_unbalanced(h, f):
            return
    h.shadowstack_top = f.base
    h.frame_depth = f.depth

cdef inline void gc_frame_unwind(GCHeap* h, gc_frame_t* f) noexcept nogil:
    if VMS_UNLIKELY(h.frame_depth <= f.depth or h.shadowstack_top < f.base):
        if not gc_frame_unbalanced(h, f):
            return
    h.shadowstack_top = f.base
    h.frame_depth = f.depth

# Payload accessors.  Payload word [i] of object [v]: a reference slot
# (gc_get_ref / gc_set_ref, which has the write barrier) or a plain word the
# collector never looks at (gc_get_word / gc_set_word).

cdef inline char* gc_payload(gcref_t v) noexcept nogil:
    return <char*>v + GC_HEADER_SIZE

cdef inline uint16_t gc_tid(gcref_t v) noexcept nogil:
    return (<GCHeader*>v).tid

cdef inline uint32_t gc_len(gcref_t v) noexcept nogil:
    # The item count of a var-size object (header.aux).
    return (<GCHeader*>v).aux

cdef inline bint gc_has_type(gcref_t v, uint16_t tid) noexcept nogil:
    return gc_is_ref(v) and (<GCHeader*>v).tid == tid

cdef inline gcref_t gc_get_ref(GCHeap* h, gcref_t v, size_t i) noexcept nogil:
    if VMS_CHECKED:
        gc_check_slot(h, v, i, GC_SLOT_REF)
    return (<gcref_t*>(<char*>v + GC_HEADER_SIZE))[i]

cdef inline void gc_set_ref(GCHeap* h, gcref_t v, size_t i, gcref_t value) noexcept nogil:
    cdef gcref_t* slot = <gcref_t*>(<char*>v + GC_HEADER_SIZE) + i
    if VMS_CHECKED:
        gc_check_slot(h, v, i, GC_SLOT_REF)
    gc_write_barrier_slot(h, <GCHeader*>v, slot, value)
    slot[0] = value

cdef inline uintptr_t gc_get_word(GCHeap* h, gcref_t v, size_t i) noexcept nogil:
    if VMS_CHECKED:
        gc_check_slot(h, v, i, GC_SLOT_WORD)
    return (<uintptr_t*>(<char*>v + GC_HEADER_SIZE))[i]

cdef inline void gc_set_word(GCHeap* h, gcref_t v, size_t i, uintptr_t w) noexcept nogil:
    if VMS_CHECKED:
        gc_check_slot(h, v, i, GC_SLOT_WORD)
    (<uintptr_t*>(<char*>v + GC_HEADER_SIZE))[i] = w

# Immediates (docs/design.md §2.1): words whose low 3 bits are not all zero.
# Fixnums are 63-bit integers with the low bit set; any other immediate is a
# 61-bit payload under tag 2, 4 or 6 (symbols, constants, characters, ...).

cdef inline gcref_t gc_fixnum(int64_t n) noexcept nogil:
    if VMS_CHECKED and not gc_fixnum_fits(n):
        gc_bad_immediate(n, 1)
    return (<gcref_t>n << 1) | 1

cdef inline int64_t gc_fixnum_value(gcref_t v) noexcept nogil:
    return (<int64_t>v) >> 1

cdef inline bint gc_is_fixnum(gcref_t v) noexcept nogil:
    return v & 1

cdef inline gcref_t gc_immediate(uint64_t payload, unsigned tag) noexcept nogil:
    if VMS_CHECKED and (tag == 0 or tag > 7 or tag & 1 or payload >> 61):
        gc_bad_immediate(<int64_t>payload, tag)
    return <gcref_t>((payload << 3) | tag)

cdef inline uint64_t gc_immediate_payload(gcref_t v) noexcept nogil:
    return (<uint64_t>v) >> 3

cdef inline bint gc_has_tag(gcref_t v, unsigned tag) noexcept nogil:
    return (v & 7) == tag

# ---------------------------------------------------------------- Python-level classes

cdef class Nursery:
    cdef GCHeap* heap
    cdef object _type_names          # list: tid -> name
    cdef object _type_ids            # dict: name -> tid
    cdef object _handles_owner       # private bookkeeping for Ref handles
    cdef object __weakref__

cdef class Ref:
    cdef Nursery nursery
    cdef Py_ssize_t handle           # index into the heap's handle table (a root)
