# vmsample/core/weakrefs.pxi -- weak references (included by _nursery.pyx;
# docs/design.md §2.8).
#
# Owns: the weak field (GCType.weak_offset), gc_weak_register, the steps of
# the finalization order that clear weak references (weak_clear_unreached,
# weak_follow; the order itself and the lists and queues are
# finalizers.pxi's), and the weak field's part of the heap verifier.
#
# A type may have one weak field: a reference slot of its fixed part that no
# collection traces (register_type(..., weak_offset=...)).  An object of
# such a type is a weakref object; its field is its weak reference.  A weak
# reference never keeps its target alive, and is never followed to freed
# memory: a collection that finds the target unreachable sets the field to 0
# before the target's memory can be reused -- a minor collection before it
# empties the nursery and frees the young large objects, a major one between
# its marking and its sweeping (incremental or not: the marking's end, in
# one piece).  An object that is reachable only through weak references
# while a marking runs and is read from one of them and stored somewhere is
# reached after all: the write barrier or the roots' rescan sees the store,
# as for any other store (incremental update, major.pxi).
#
# Invariant (weak fields).  Only the core writes a weak field once it holds a
# reference: gc_weak_register writes it (a field holding no reference yet)
# and registers the object, a collection updates it when the target moves
# and sets it to 0 when the target dies -- and then drops the registration.
# So, outside a collection, every live weakref object whose field holds a
# reference is registered exactly once, in weak[NEW] if it was registered
# since the last minor collection and in weak[OLD] otherwise; the target of a
# weak[OLD] entry is old.  A minor collection therefore looks at weak[NEW]
# only (as PyPy's incminimark, whose weakrefs are immutable for the same
# reason).  weak[OLD] may also hold dead weakref objects until the next
# major collection drops them; their memory is not reused before that, nor
# their targets' (a major collection judges a weakref object and its target
# together).
#
# Short and long.  A weak reference is cleared when a collection finds its
# target unreachable from the roots (step 1 of the finalization order), even
# if a finalizer then keeps the target alive (step 2): CPython's gc and PyPy
# clear weakrefs to garbage before running finalizers, and so do Java's
# WeakReference and .NET's short weak references.  One registered with
# GC_WEAK_TRACK_RESURRECTION (.NET's long weak reference) is cleared only
# when its target is freed (step 3): it still reaches an object kept for its
# finalizer, and the object if the finalizer resurrects it.
#
# Notification.  When a collection clears a weak reference registered with
# GC_WEAK_NOTIFY whose weakref object is reachable at that moment, it queues
# the weakref object (finalizers.pxi: [cleared]); the embedder runs the
# callback at a safe point.  A weakref object that is garbage too is cleared
# without a word, as in CPython's gc (the callback of a weakref that is
# trash never runs) -- even if a finalizer then resurrects it.

cdef inline gcref_t* weak_slot(GCHeap* h, GCHeader* obj) noexcept nogil:
    return <gcref_t*>(<char*>obj + GC_HEADER_SIZE + h.types[obj.tid].weak_offset)

cdef int gc_weak_register(GCHeap* h, GCHeader* obj, gcref_t target, uint32_t flags) noexcept nogil:
    cdef GCFinalization* fin
    cdef gcref_t* slot
    if registration_refused(h, obj) < 0:
        return -1
    if h.types[obj.tid].weak_offset == GC_NO_WEAK_FIELD:
        return set_error(h, GC_ERR_ARG, "gc_weak_register: the object's type has no weak field")
    if flags & ~(<uint32_t>(GC_WEAK_NOTIFY | GC_WEAK_TRACK_RESURRECTION)):
        return set_error(h, GC_ERR_ARG, "gc_weak_register: unknown flags")
    slot = weak_slot(h, obj)
    if gc_is_ref(slot[0]):
        return set_error(h, GC_ERR_ARG, "gc_weak_register: the weak field already holds a reference")
    if gc_is_ref(target):
        fin = finalization_state(h)
        if fin == NULL or register_entry(h, obj, flags, fin.weak, &fin.cleared) < 0:
            return -1
    slot[0] = target
    return 0

cdef void weak_clear_unreached(GCHeap* h, const Judge* j) noexcept nogil:
    # Step 1 of the finalization order: clear the short weak references whose
    # target was not reached.  The weakref object itself may not have been
    # reached either (then it is cleared in place, without a word: a
    # finalizer may still resurrect it in step 2).  Entries stay for step 3.
    cdef Registrations* lst = &P(h).fin.weak[j.gen]
    cdef GCHeader* w
    cdef GCHeader* now
    cdef gcref_t* slot
    cdef size_t i
    for i in range(lst.n):
        if lst.items[i].word & GC_WEAK_TRACK_RESURRECTION:
            continue
        now = j.survivor(h, lst.items[i].obj)
        w = now if now != NULL else lst.items[i].obj
        slot = weak_slot(h, w)
        if gc_is_ref(slot[0]) and j.survivor(h, <GCHeader*>slot[0]) == NULL:
            slot[0] = 0
            if now != NULL and lst.items[i].word & GC_WEAK_NOTIFY:
                queue_push(h, &P(h).fin.cleared, <uint64_t>now)

cdef void weak_follow(GCHeap* h, const Judge* j) noexcept nogil:
    # Step 3: every weak reference of a living weakref object follows its
    # target, or is cleared if the target is still not reached (it dies now);
    # the entries of dead weakref objects and of cleared references go.
    cdef GCFinalization* fin = P(h).fin
    cdef Registrations* lists = fin.weak
    cdef Registration e
    cdef GCHeader* w
    cdef GCHeader* target
    cdef gcref_t* slot
    cdef size_t i, kept = 0
    for i in range(lists[j.gen].n):
        e = lists[j.gen].items[i]
        w = j.survivor(h, e.obj)
        if w == NULL:
            continue                        # the weakref object dies
        slot = weak_slot(h, w)
        if not gc_is_ref(slot[0]):
            continue                        # cleared in step 1
        target = j.survivor(h, <GCHeader*>slot[0])
        if target == NULL:
            slot[0] = 0
            if e.word & GC_WEAK_NOTIFY:
                queue_push(h, &fin.cleared, <uint64_t>w)
            continue
        slot[0] = <gcref_t>target
        keep_entry(lists, j.gen, &kept, w, e.word)
    entries_judged(lists, j.gen, kept)

cdef void verify_weak_entries(Verifier* v) noexcept nogil:
    # The weak field of every registered object: a live target.
    # (verify_weak_field checks the fields of the objects the verifier walks.)
    cdef Registrations* lists = P(v.h).fin.weak
    cdef gcref_t t
    cdef size_t i
    cdef int g
    for g in range(2):
        for i in range(lists[g].n):
            if v.failed:
                return
            if v.h.types[lists[g].items[i].obj.tid].weak_offset == GC_NO_WEAK_FIELD:
                verify_fail(v, "a weak registration of an object without a weak field",
                            <uintptr_t>lists[g].items[i].obj)
                return
            t = weak_slot(v.h, lists[g].items[i].obj)[0]
            if gc_is_ref(t) and classify(v, t) == 0:
                verify_fail(v, "a weak reference to something that is not a live object "
                            "(not cleared when its target died)", t)

cdef void sort_weak_registered(Verifier* v) noexcept nogil:
    # v.weak_new / v.weak_old: the objects of weak[NEW] / weak[OLD], sorted.
    cdef GCFinalization* fin = P(v.h).fin
    cdef PtrVec* out
    cdef size_t i
    cdef int g
    if fin == NULL:
        return
    for g in range(2):
        out = &v.weak_new if g == NEW else &v.weak_old
        for i in range(fin.weak[g].n):
            if vec_push(out, fin.weak[g].items[i].obj) < 0:
                verify_no_memory(v)
                return
        if out.n > 1:
            qsort(out.items, out.n, sizeof(void*), cmp_ptr)

cdef void verify_weak_field(Verifier* v, GCHeader* obj, bint young_target) noexcept nogil:
    # [obj]'s weak field holds a reference ([young_target]: to a young
    # object): it must be registered -- in weak[NEW] if the target is young.
    # (sort_weak_registered has filled v.weak_new / v.weak_old.)
    if ptr_in_sorted(v.weak_new.items, v.weak_new.n, obj):
        return
    if not young_target and ptr_in_sorted(v.weak_old.items, v.weak_old.n, obj):
        return
    verify_fail(v, "a weak field holds a reference the core does not know of, or a young one in "
                "an old registration (stored without gc_weak_register?)", <uintptr_t>weak_slot(v.h, obj)[0])
