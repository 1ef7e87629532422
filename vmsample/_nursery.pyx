"""The nursery core: a generational allocator whose allocation sampling is free
on the fast path.

Objects are bump-allocated in a nursery; survivors of a minor collection are
copied into a non-moving old space (size-class arenas, plus malloc'ed large
objects) that a mark-sweep major collection cleans, marking in steps at minor
collections (or stop-the-world: ``incremental=False``).  The next
allocation-sample point is folded into the nursery limit (Jung & Bolz-Tereick),
so sampling costs nothing until a sample is due.

Python API: ``Nursery`` (types, allocation, sampling, collections, statistics)
and ``Ref`` (a handle to one object: a root that follows moves).  The C-level
API is ``vmsample/_nursery.pxd`` for VMs written in Cython and
``vmsample/include/vmsample.h`` for VMs written in C (docs/embedding.md).

Defaults: a 1 MiB nursery; objects larger than ``nursery_size // 8`` bytes go
to the large-object space (the threshold is clamped to the nursery size, so any
object routed to the nursery fits an empty one); no heap limit; a shadow stack
of 2**20 slots.

Debug knobs, read once from the environment when this module is imported:

``VMSAMPLE_NURSERY=<size>``
    Overrides every nursery's size (a size such as ``256`` or ``64K``, in the
    grammar of ``vmsample.sizes``).  Tiny values such as ``256`` make
    collections frequent and find bugs.
``VMSAMPLE_GC_STRESS=<N>``
    Every N-th allocation (N >= 1) takes the slow path and runs a minor
    collection first.  ``1`` collects before every allocation.
``VMSAMPLE_GC_DEBUG=1``
    After collections, verify the whole heap (every reference points to a
    live, well-formed object; the remembered set is complete): after every
    one while the old space is under 32 nurseries, else at a cost bounded by
    the allocation since the last verification (core/verify.pxi); and rotate
    between two nursery buffers, filling the one just evacuated with poison so
    that a stale pointer into it reads garbage and fails verification.  Freed
    old-space cells are poisoned too.

``VMSAMPLE_GC_INCREMENTAL=0``
    Stop-the-world major collections instead of incremental marking (the
    benchmark's baseline, and a fallback).

``Nursery(debug=..., stress=..., incremental=...)`` overrides the last three per instance.
"""

# ____________________________________________________________________________
# Design
#
# 1. The nursery and its limit (docs/design.md §2.2).  The state of the bump allocator is
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
# 2. Sampling (docs/design.md §2.3).  All bytes allocated while sampling is on -- in the
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
#    in exactly one place, take_samples: every point P with a <= P < b, in
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
#    raises.  A collection cannot fail half way (the heap would be half
#    moved), so the memory a minor collection needs is reserved before the
#    nursery is filled, and [nursery_top] is lowered when it cannot be: see
#    core/reserve.pxi (docs/design.md §2.7).  The heap limit lowers
#    [nursery_top] the same way, so that it holds exactly.
#
# 7. Header flags.  GCHeader.flags belongs to the core (bits 0x0100 and up are
#    the embedder's; the core copies them and never looks at them).  Who sets,
#    clears and reads each bit:
#
#    GCFLAG_OLD               the object is outside the nursery.
#        set:    minor_visit on the copy of a survivor; gc_malloc_large (a
#                large object never lives in the nursery).
#        clear:  never: old objects do not move and are freed by a sweep.
#        read:   Ref.is_young, the heap verifier.
#    GCFLAG_LARGE             the object was malloc'ed alone (a large object,
#                             or a survivor bigger than SMALL_MAX).
#        set:    gc_malloc_large; old_alloc.
#        clear:  never.
#        read:   Ref.is_large, the heap verifier (arena cells never have it).
#    GCFLAG_YOUNG_LARGE       a large object allocated since the last minor
#                             collection: young although it is not in the nursery.
#        set:    gc_malloc_large.
#        clear:  the next minor collection (step 5), which promotes it if it was
#                reached and frees it otherwise.
#        read:   minor_visit (trace it once, like a survivor), Ref.is_young,
#                the finalization order (minor_survivor), the heap verifier.
#    GCFLAG_TRACK_YOUNG_PTRS  old, and not in the remembered set: the write
#                             barrier must call gc_remember before a store.
#                             Also on a young large object that tracks its
#                             stores (core/roots.pxi).
#        set:    minor_visit on a survivor's copy; the minor collection on every
#                remembered object it has traced and on every promoted young
#                large object.  At that point none of them points into the
#                nursery (the collection has just emptied it).  gc_track_stores
#                on a young large object that holds nothing yet.
#        clear:  gc_remember (the object joins the remembered set); never
#                on a large object written through gc_write_barrier_slot
#                (its written slots are remembered instead).
#        read:   gc_write_barrier(_slot) (in _nursery.pxd), the heap verifier.
#    GCFLAG_FORWARDED         a nursery object already copied out; payload
#                             word 0 holds the copy's address.
#        set:    minor_visit.
#        clear:  implicitly, when the nursery is zero-filled at the end of the
#                minor collection (copies never inherit it).
#        read:   minor_visit (follow the forwarding address instead of copying
#                again); the sample outcomes (a forwarded object survived);
#                the finalization order (minor_survivor: reached, and where).
#    GCFLAG_VISITED           the mark bit: reached in the running collection.
#        set:    minor_visit on a young large object; major_visit; while a
#                major collection is MARKING, on every survivor's copy and
#                promoted large object (core/major.pxi).
#        clear:  the minor collection's step 5 (young large objects), the major
#                collection's sweeps (old objects).  Outside a collection only
#                old objects have it, and only while MARKING (the verifier
#                checks, and checks the incremental-update invariant).
#        read:   minor_visit and major_visit (trace each object once), step 5,
#                the sample outcomes, the finalization order (minor_survivor,
#                major_survivor: reached), the sweeps.
#
#    GCFLAG_HAS_SHADOW        a nursery object whose id was taken: its
#                             old-space cell is reserved (core/identity.pxi).
#        set:    gc_id.
#        clear:  like GCFLAG_FORWARDED (the copy never inherits it).
#        read:   gc_id, minor_visit (copy into the shadow), the verifier.
#
#    (A sample's object is not flagged: the sampler's pending list remembers
#    it until the next minor collection, its tracked table until it dies --
#    core/lifetimes.pxi.  Nor is an object with a weak reference, a
#    finalizer or a death notice: their registrations are lists, judged by
#    every collection after it has reached what its roots reach --
#    core/finalizers.pxi.)
#
# 8. Weak references, finalizers, death notices (docs/design.md §2.8): the
#    finalization order each collection runs between reaching and freeing,
#    the registrations and the queues the embedder drains: core/finalizers.pxi;
#    the weak field: core/weakrefs.pxi.
# ____________________________________________________________________________

from cpython.bytes cimport PyBytes_FromStringAndSize
from libc.math cimport log, log1p, floor
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int64_t, uintptr_t, int8_t, SIZE_MAX, UINT64_MAX
from libc.stdio cimport snprintf, fprintf, stderr
from libc.stdlib cimport free, abort, qsort
# The test build can make the Nth allocation fail (vmsample/_faults.pxd).
from vmsample._faults cimport (FAULTS, FAULT_ALLOC, fault_calloc as calloc, fault_due,
                               fault_malloc as malloc, fault_realloc as realloc)
from libc.string cimport memset, memcpy, memmove, strlen, strncat

import collections
import os as _os

cdef extern from *:
    """
    #include <fcntl.h>
    #include <unistd.h>
    #include <stdlib.h>

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
    uint64_t vms_vmrss() noexcept nogil
    ctypedef struct vms_rng_t:
        uint64_t s[4]
    void vms_rng_seed(vms_rng_t* r, uint64_t seed) noexcept nogil
    uint64_t vms_rng_next(vms_rng_t* r) noexcept nogil
    uint64_t vms_rng_below(vms_rng_t* r, uint64_t n) noexcept nogil
    double vms_rng_unit(vms_rng_t* r) noexcept nogil


# ____________________________________________________________________________
# The parts, one concept per file, in dependency order.  They are textually
# included, so the module is still one C file and gcc inlines across them.

include "core/heap.pxi"
include "core/knobs.pxi"
include "core/sampling.pxi"
include "core/lifetimes.pxi"
include "core/reserve.pxi"
include "core/slow_path.pxi"
include "core/rules.pxi"
include "core/roots.pxi"
include "core/root_tables.pxi"
include "core/old_space.pxi"
include "core/minor.pxi"
include "core/identity.pxi"
include "core/major.pxi"
include "core/verify.pxi"
include "core/finalizers.pxi"
include "core/weakrefs.pxi"
include "core/api.pxi"
include "core/test_hooks.pxi"
