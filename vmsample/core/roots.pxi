# vmsample/core/roots.pxi -- the write barrier's remembered set and the
# roots (included by _nursery.pyx).
#
# Owns: gc_remember, gc_visit_root(s), gc_visit_is_minor, visit_roots, the shadow-stack overflow
# error.  Touches GCPrivate.remembered / remembered_overflow / handles / visitor.
#
# The remembered set.  Invariant, outside a minor collection: every old object
# that holds a reference to a young object (one in the nursery, or a young
# large object) is in GCPrivate.remembered -- or [remembered_overflow] is set,
# and then the next minor collection traces every old object.  An old object
# is in exactly one of two states:
#   * GCFLAG_TRACK_YOUNG_PTRS set: it points to no young object; the write
#     barrier (gc_write_barrier, _nursery.pxd) calls gc_remember before the
#     first store into it;
#   * the flag clear: it is in [remembered] (or was dropped by an overflow);
#     stores into it cost one flag test.
# The minor collection traces the remembered objects, evacuating what they
# point to, empties the set and sets the flag on each again (and on every
# copy and promoted large object, which point to no young object either).
# Young objects never have the flag: a collection traces them when reached --
# except a young large object that tracks its stores (gc_track_stores, whose
# embedder promised a barrier on every store into it).  It is in one of the
# same two states: with the flag, every slot of it that holds a young
# reference is in [young_large_slots] (gc_remember_slot, gc_copy_refs), and
# the minor collection that reaches it visits those slots only
# (visit_tracked_slots); without it (gc_remember took it: a whole-object
# barrier, or too many slots) it is traced whole when reached, and the
# remembered set's entry for it is skipped -- a young object must not be
# traced unless reached, or what only a dead array points to would survive
# and its samples would say so.  Its slots are forgotten at every minor
# collection, which promotes or frees it.
# The heap verifier checks all of it: an old object with the flag points to
# no young object except through a remembered slot, a tracking young large
# object likewise through its young-large slots, and a remembered object is a
# live old one (or young large one) without the flag.

cdef void gc_remember(GCHeap* h, GCHeader* obj) noexcept nogil:
    # [obj] is old and had GCFLAG_TRACK_YOUNG_PTRS: it may now point into the
    # nursery.  Until the next minor collection it is in the remembered set and
    # the barrier ignores it.
    if vec_push(&P(h).remembered, obj) < 0:
        # No memory to remember it: the next minor collection scans every old
        # object instead (slow, but nothing is missed and nothing collects here).
        P(h).remembered_overflow = True
    obj.flags &= ~GCFLAG_TRACK_YOUNG_PTRS

cdef void gc_remember_slot(GCHeap* h, GCHeader* obj, gcref_t* slot, gcref_t value) noexcept nogil:
    # gc_write_barrier_slot's slow path: [obj] is old with
    # GCFLAG_TRACK_YOUNG_PTRS, and [value] goes into [slot].  A small object
    # is remembered whole (tracing it costs no more than a slot).  A large one
    # keeps the flag, so that every store into it comes here, and:
    #   * a young [value]: [slot] joins the remembered slots, which the next
    #     minor collection visits (at most remembered_slots_cap of them;
    #     past that, or without memory, the object is remembered whole) --
    #     for a young large object that tracks its stores (gc_track_stores),
    #     the young-large slots, visited only if the object is reached;
    #   * an old [value] while MARKING into a marked [obj]: [value] is marked
    #     and gray now (the incremental-update invariant, core/major.pxi,
    #     kept at the store instead of by re-graying [obj] at the next minor
    #     collection, which would retrace all of it).
    cdef GCPrivate* p = P(h)
    cdef GCHeader* v
    cdef PtrVec* slots
    if not obj.flags & GCFLAG_LARGE:
        gc_remember(h, obj)
        return
    if not gc_is_ref(value):
        return
    v = <GCHeader*>value
    if not v.flags & GCFLAG_OLD or v.flags & GCFLAG_YOUNG_LARGE:
        slots = &p.young_large_slots if obj.flags & GCFLAG_YOUNG_LARGE else &p.remembered_slots
        if slots.n >= p.remembered_slots_cap or vec_push(slots, slot) < 0:
            gc_remember(h, obj)
    elif h.gc_state == GC_STATE_MARKING and obj.flags & GCFLAG_VISITED and not v.flags & GCFLAG_VISITED:
        v.flags |= GCFLAG_VISITED
        gray_push(h, v)

cdef void gc_copy_refs(GCHeap* h, GCHeader* obj, gcref_t* dst, const gcref_t* src, size_t n) noexcept nogil:
    # Into a young large object that tracks its stores (gc_track_stores),
    # from anywhere but itself: copy, and remember the slot of each young
    # reference copied (gc_remember_slot).  Everything else: the whole-object
    # barrier, then memmove.  Which references are young is decided by
    # address, as maybe_young (core/minor.pxi) does: the nursery, and the
    # range of young large objects (then the header says); copying millions
    # of old references costs a compare or two each, in the program's time
    # rather than in the pause that promotes the array.
    cdef GCOldSpace* old = h.old
    cdef uintptr_t lo = YOUNG_LARGE_NONE_LO, hi = 0, a
    cdef gcref_t v
    cdef size_t i
    if (obj.flags & (GCFLAG_YOUNG_LARGE | GCFLAG_TRACK_YOUNG_PTRS)) != (GCFLAG_YOUNG_LARGE | GCFLAG_TRACK_YOUNG_PTRS) \
            or (src < dst + n and dst < src + n):
        gc_write_barrier(h, obj)
        memmove(dst, src, n * sizeof(gcref_t))
        return
    for i in range(old.young_large.n):
        a = <uintptr_t>old.young_large.items[i]
        lo = min(lo, a)
        hi = max(hi, a)
    for i in range(n):
        v = src[i]
        dst[i] = v
        if (in_nursery(h, v) or (v - lo <= hi - lo and lo <= hi)) and gc_is_ref(v) \
                and (in_nursery(h, v) or (<GCHeader*>v).flags & GCFLAG_YOUNG_LARGE):
            gc_remember_slot(h, obj, &dst[i], v)
            if not obj.flags & GCFLAG_TRACK_YOUNG_PTRS:     # remembered whole: the rest as memcpy
                memcpy(dst + i + 1, src + i + 1, (n - i - 1) * sizeof(gcref_t))
                return

cdef void gc_visit_root(GCHeap* h, gcref_t* slot) noexcept nogil:
    # For trace_roots hooks: report one root slot during a collection.
    if P(h).visitor != NULL:
        P(h).visitor(h, slot)

cdef void gc_visit_roots(GCHeap* h, gcref_t* slots, size_t n) noexcept nogil:
    # For trace_roots hooks: report [n] consecutive root slots, as n calls of
    # gc_visit_root would.
    visit_slots(h, P(h).visitor, slots, n)

cdef inline void visit_slots(GCHeap* h, visit_fn visit, gcref_t* slots, size_t n) noexcept nogil:
    # visit(h, &slots[i]) for each slot, but a minor collection's visitor is
    # called only where maybe_young says it may have work: most root slots
    # hold old objects, and a call per slot (thousands of roots: a VM's
    # classes, modules, constants, its deep shadow stack at an import) was
    # most of a minor collection's fixed cost.
    cdef size_t i
    if visit == minor_visit:
        for i in range(n):
            if maybe_young(h, slots[i]):
                minor_visit(h, &slots[i])
    elif visit != NULL:
        for i in range(n):
            visit(h, &slots[i])

cdef bint gc_visit_is_minor(GCHeap* h) noexcept nogil:
    # For trace_roots hooks: True while a minor collection visits the roots.
    # A minor collection only evacuates young objects, so it needs only the
    # root slots that may hold one: a slot that held an old object (or no
    # reference) when the last minor collection ended, and that nothing has
    # stored into since, may be skipped.  Every other visit -- a major
    # collection's marking, the heap verifier -- needs every root.
    return P(h).visitor == minor_visit

cdef int gc_shadowstack_overflow(GCHeap* h) noexcept nogil:
    # A push found the shadow stack full -- or a hook running (core/rules.pxi).
    if in_hook_refusal(h, b"a root push") < 0:
        return -1
    return set_error(h, GC_ERR_STACK, "shadow stack overflow")

cdef void visit_roots(GCHeap* h, visit_fn visit) noexcept nogil:
    cdef GCPrivate* p = P(h)
    cdef HookTrap trap
    visit_slots(h, visit, h.shadowstack_base, h.shadowstack_top - h.shadowstack_base)
    visit_slots(h, visit, p.handles, p.n_handles)
    visit_root_tables(h, visit)
    if p.fin != NULL:
        visit_queued(h, visit)      # objects queued for the embedder (core/finalizers.pxi)
    if h.trace_roots != NULL:
        p.visitor = visit
        hook_enter(h, &trap, "the roots hook")
        h.trace_roots(h.trace_roots_ctx, h)
        hook_leave(h, &trap)
        p.visitor = NULL
