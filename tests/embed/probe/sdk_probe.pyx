"""Probes of the SDK in vmsample/_nursery.pxd, built by the tests as a third
party builds a VM: root tables, frames, payload accessors, immediates, and
one function per rule of core/rules.pxi that breaks it.

Built without NDEBUG, so that its inline accessors and immediates check
their arguments (rule 5)."""

from libc.stdint cimport int64_t, uint16_t, uint64_t, uintptr_t
from libc.stdlib cimport free, malloc

from vmsample._gc_hooks cimport GCSample
from vmsample._nursery cimport (
    GCHeader, GCHeap, GCRootTable, Nursery, gc_alloc_fixed, gc_alloc_fixed_or_raise,
    gc_alloc_varsize_or_raise, gc_collect_minor, gc_fixnum, gc_fixnum_add, gc_fixnum_fits,
    gc_fixnum_value, gc_frame_enter, gc_frame_leave, gc_frame_t, gc_frame_unwind, gc_get_ref,
    gc_get_word, gc_has_tag, gc_immediate, gc_immediate_payload, gc_is_fixnum, gc_len,
    gc_push_root_or_raise, gc_raise_error, gc_roots_free, gc_roots_new_or_raise,
    gc_roots_register, gc_roots_unregister, gc_set_ref, gc_set_word, gc_tid, gcref_t, VMS_CHECKED)


cdef GCHeap* heap(Nursery n):
    return n.heap


def checked():
    """Whether this module's inline helpers check their arguments."""
    return VMS_CHECKED


def root_tables_keep_and_follow(Nursery n, int count, int churn):
    """[count] pairs (i . "payload i") held only by root tables -- one the
    embedder's (malloc'ed slots), one gc_roots_new's -- survive [churn]
    allocations of garbage; returns what the tables hold afterwards."""
    cdef GCHeap* h = heap(n)
    cdef GCRootTable own
    cdef GCRootTable* made = gc_roots_new_or_raise(h, count, 0)
    cdef gcref_t* slots = <gcref_t*>malloc(count * sizeof(gcref_t))
    cdef uint16_t t_pair = n.register_type("pair", fixed_size=16, ref_offsets=(0,))
    cdef uint16_t t_box = n.register_type("box", fixed_size=8)
    cdef gcref_t p
    cdef int i
    for i in range(count):
        slots[i] = 0
    if gc_roots_register(h, &own, slots, count) < 0:
        gc_raise_error(h)
    try:
        for i in range(count):
            p = <gcref_t>gc_alloc_fixed_or_raise(h, t_pair)
            gc_set_word(h, p, 1, i)                     # word 1: not a reference
            own.slots[i] = p                            # no allocation since: no barrier needed
            p = <gcref_t>gc_alloc_fixed_or_raise(h, t_box)
            gc_set_word(h, p, 0, 1000 + i)
            gc_set_ref(h, own.slots[i], 0, p)           # the pair holds the box
            made.slots[i] = own.slots[i]
        for i in range(churn):
            gc_alloc_fixed_or_raise(h, t_box)
        return [(gc_get_word(h, own.slots[i], 1), gc_get_word(h, gc_get_ref(h, own.slots[i], 0), 0),
                 made.slots[i] == own.slots[i]) for i in range(count)]
    finally:
        gc_roots_unregister(h, &own)
        free(slots)
        gc_roots_free(h, made)


def frames_restore_the_shadow_stack(Nursery n):
    """Returns the shadow stack's depth after: a balanced pair; an unwind
    that leaves an inner frame the error skipped; and at the start."""
    cdef GCHeap* h = heap(n)
    cdef gc_frame_t outer, inner
    cdef size_t start = h.shadowstack_top - h.shadowstack_base
    gc_frame_enter(h, &outer)
    gc_push_root_or_raise(h, gc_fixnum(1))
    gc_frame_enter(h, &inner)
    gc_push_root_or_raise(h, gc_fixnum(2))
    gc_push_root_or_raise(h, gc_fixnum(3))
    gc_frame_leave(h, &inner)
    balanced = h.shadowstack_top - h.shadowstack_base
    gc_frame_enter(h, &inner)
    gc_push_root_or_raise(h, gc_fixnum(4))              # an error path skips inner's leave ...
    gc_frame_unwind(h, &outer)                          # ... and unwinds to outer
    return start, balanced, h.shadowstack_top - h.shadowstack_base, h.frame_depth


def immediates(int64_t n, uint64_t payload, unsigned tag):
    cdef gcref_t f = gc_fixnum(n)
    cdef gcref_t v = gc_immediate(payload, tag)
    cdef int64_t r
    return (gc_is_fixnum(f), gc_fixnum_value(f), gc_is_fixnum(v), gc_has_tag(v, tag),
            gc_immediate_payload(v), gc_fixnum_add(n, n, &r), gc_fixnum_fits(n))


# ____________________________________________________________________________
# Breaking the rules (core/rules.pxi): each returns only if the rule's check
# did not abort the process.


def break_missing_barrier(Nursery n):
    """Rule 1: store a young reference into an old object without a barrier."""
    cdef GCHeap* h = heap(n)
    cdef GCRootTable* t = gc_roots_new_or_raise(h, 1, 0)
    cdef uint16_t t_pair = n.register_type("pair", fixed_size=16, ref_offsets=(0,))
    t.slots[0] = <gcref_t>gc_alloc_fixed_or_raise(h, t_pair)
    gc_collect_minor(h)                                 # the pair is old now
    (<gcref_t*>(<char*>t.slots[0] + 8))[0] = <gcref_t>gc_alloc_fixed_or_raise(h, t_pair)
    gc_collect_minor(h)                                 # the young pair moves; the slot is stale
    gc_roots_free(h, t)


def break_missing_barrier_on_a_big_heap(Nursery n, size_t old_bytes):
    """Rule 1 on an old space of about [old_bytes], big enough that
    VMSAMPLE_GC_DEBUG verifies it only after an allocation of half its size
    (core/verify.pxi): the stale slot must still be found, later.  Returns
    the bytes allocated after the break if nothing was found."""
    cdef GCHeap* h = heap(n)
    cdef GCRootTable* t = gc_roots_new_or_raise(h, 2, 0)
    cdef uint16_t t_pair = n.register_type("pair", fixed_size=16, ref_offsets=(0, 8))
    cdef gcref_t p
    cdef size_t i, allocated = 0
    for i in range(old_bytes // 24):                   # a chain of pairs: the ballast
        p = <gcref_t>gc_alloc_fixed_or_raise(h, t_pair)
        gc_set_ref(h, p, 0, t.slots[1])
        t.slots[1] = p
    t.slots[0] = <gcref_t>gc_alloc_fixed_or_raise(h, t_pair)
    gc_collect_minor(h)                                 # all of it is old now
    (<gcref_t*>(<char*>t.slots[0] + 8))[0] = <gcref_t>gc_alloc_fixed_or_raise(h, t_pair)
    gc_collect_minor(h)                                 # the young pair moves; the slot is stale
    while allocated < 4 * old_bytes:
        gc_alloc_fixed_or_raise(h, t_pair)              # garbage
        allocated += 24
    gc_roots_free(h, t)
    return allocated


def break_unbalanced_frame(Nursery n):
    """Rule 2: leave a frame while one entered after it is still open."""
    cdef GCHeap* h = heap(n)
    cdef gc_frame_t outer, inner
    gc_frame_enter(h, &outer)
    gc_frame_enter(h, &inner)
    gc_frame_leave(h, &outer)
    return h.frame_depth


def break_freed_root_table(Nursery n):
    """Rule 3: free a root table's memory while it is registered."""
    cdef GCHeap* h = heap(n)
    cdef GCRootTable* t = <GCRootTable*>malloc(sizeof(GCRootTable))
    cdef gcref_t slot = 0
    gc_roots_register(h, t, &slot, 1)
    free(t)
    gc_collect_minor(h)


cdef uint16_t hook_tid
cdef int hook_failures

cdef void allocating_hook(void* ctx, const GCSample* s) noexcept nogil:
    global hook_failures
    if gc_alloc_fixed(<GCHeap*>ctx, hook_tid) == NULL:
        hook_failures += 1
        (<GCHeap*>ctx).error = 0


def break_allocation_in_a_sample_hook(Nursery n):
    """Rule 4: allocate inside the sample hook; returns how many of those
    allocations were refused."""
    global hook_tid, hook_failures
    cdef GCHeap* h = heap(n)
    cdef int i
    hook_tid = n.register_type("box", fixed_size=8)
    hook_failures = 0
    h.on_sample, h.on_sample_ctx = allocating_hook, h
    n.enable_sampling(64, mode="fixed", first_offset=64)   # (A - 1) // 64 samples
    try:
        for i in range(10):
            gc_alloc_fixed_or_raise(h, hook_tid)
    finally:
        n.disable_sampling()
        h.on_sample, h.on_sample_ctx = NULL, NULL
    return hook_failures


def break_payload_accessor(Nursery n, str what):
    """Rule 5: read a word slot as a reference, or past the end."""
    cdef GCHeap* h = heap(n)
    cdef uint16_t t_pair = n.register_type("pair", fixed_size=16, ref_offsets=(0,))
    cdef gcref_t p = <gcref_t>gc_alloc_fixed_or_raise(h, t_pair)
    if what == "kind":
        return gc_get_ref(h, p, 1)
    return gc_get_word(h, p, 2)


def break_immediate(int64_t n):
    """Rule 5: a fixnum that does not fit."""
    return gc_fixnum(n)


def break_frame_left_twice(Nursery n):
    """Rule 2: leave a frame twice; returns (shadow stack depth, frame depth) after."""
    cdef GCHeap* h = heap(n)
    cdef gc_frame_t outer, inner
    gc_frame_enter(h, &outer)
    gc_frame_enter(h, &inner)
    gc_push_root_or_raise(h, gc_fixnum(1))
    gc_frame_leave(h, &inner)
    gc_push_root_or_raise(h, gc_fixnum(2))              # the outer frame's
    gc_frame_leave(h, &inner)                           # again
    return h.shadowstack_top - h.shadowstack_base, h.frame_depth


def break_frame_popped_below(Nursery n):
    """Rule 2: pop below a frame's base; returns (shadow stack depth, frame depth) after."""
    cdef GCHeap* h = heap(n)
    cdef gc_frame_t f
    gc_push_root_or_raise(h, gc_fixnum(1))
    gc_push_root_or_raise(h, gc_fixnum(2))
    gc_frame_enter(h, &f)
    h.shadowstack_top -= 2                              # more pops than pushes
    gc_frame_leave(h, &f)
    return h.shadowstack_top - h.shadowstack_base, h.frame_depth
