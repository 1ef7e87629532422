# vmsample/core/rules.pxi -- the embedder's rules, and how each is caught
# (included by _nursery.pyx).
#
# Owns: checks_on, rule_broken, the hook trap (hook_enter / hook_leave,
# in_hook_refusal), gc_frame_unbalanced, gc_check_slot and root_table_freed.
# Touches GCPrivate.in_hook and, while a hook runs, the nursery limit and the
# shadow stack's end.
#
# An embedder can break five rules that the fast paths cannot afford to
# check.  Each is caught where it is cheap, and reported as
# "vmsample: rule broken: <rule>: <what happened>" on stderr before abort():
#
#   1. Every reference store into an existing object passes a write
#      barrier (docs/embedding.md §7).  The heap verifier (VMSAMPLE_GC_DEBUG)
#      finds an old object that points into the nursery unremembered, or
#      into the nursery a collection has just evacuated (core/verify.pxi).
#   2. Frames are left innermost first, each once (gc_frame_leave, §6): an
#      outer frame left while an inner one is open is a path -- an error
#      path, usually -- that skipped its leave.  gc_frame_leave compares one
#      depth; the out-of-line gc_frame_unbalanced reports it, or, with the
#      checks off, says whether unwinding is safe: it is for inner frames
#      left open (the shadow stack goes back to the outer frame's base, as a
#      correct program would have had it); it is not for a frame left twice
#      or a shadow stack popped below the frame's base (raising the top
#      again would make popped, stale slots roots), and the leave then
#      changes nothing but the depth.
#   3. A root table is unregistered before its memory is freed (§6): the
#      table's check word, tested at every collection before its slots are
#      visited (core/root_tables.pxi).  Always fatal: the list is broken.
#   4. A hook does not use the heap (§10): no allocation, root push or
#      collection inside a sample, collection, roots or finalization hook.
#      While a hook runs the nursery limit is its free pointer and the
#      shadow stack's end its top, so an allocation or a push reaches the
#      slow path, which refuses it (hook_enter; nothing on the fast path).
#      With the checks off the refused call fails cleanly (NULL / h.error =
#      GC_ERR_RULE).
#   5. A payload accessor (gc_get_ref, gc_set_ref, gc_get_word, gc_set_word)
#      names a slot of the right kind inside the object -- never the weak
#      field (core/weakrefs.pxi) -- and an immediate fits its tag (§3, §5):
#      checked by the inline function itself when the module that calls it
#      is compiled without NDEBUG (gc_check_slot, gc_bad_immediate).
#
# The checks are on (rules 2 and 4 abort instead of recovering) in the test
# build of vmsample (NDEBUG undefined) and on a heap with debug on
# (VMSAMPLE_GC_DEBUG=1, Nursery(debug=True)).

cdef inline bint checks_on(GCHeap* h) noexcept nogil:
    return VMS_CHECKED or P(h).debug

cdef void rule_broken(const char* rule, const char* what) noexcept nogil:
    fprintf(stderr, b"vmsample: rule broken: %s: %s\n", rule, what)
    abort()

# ---------------------------------------------------------------- rule 2

cdef bint gc_frame_unbalanced(GCHeap* h, gc_frame_t* f) noexcept nogil:
    # Checks off: True if the leave may unwind to [f] (see rule 2 above).
    cdef char what[200]
    if not checks_on(h):
        if h.frame_depth <= f.depth:
            return False                # left twice, or after an outer frame
        if h.shadowstack_top < f.base:
            h.frame_depth = f.depth
            return False
        return True
    if h.frame_depth > f.depth + 1:
        snprintf(what, sizeof(what), "a frame is left while %llu frame(s) entered after it are "
                 "still open (a path, an error path usually, skipped their gc_frame_leave)",
                 <unsigned long long>(h.frame_depth - f.depth - 1))
    elif h.frame_depth <= f.depth:
        snprintf(what, sizeof(what), "a frame is left twice, or after a frame entered before it")
    else:
        snprintf(what, sizeof(what), "the shadow stack was popped %llu slot(s) below the base of "
                 "the frame being left (more pops than pushes inside it)",
                 <unsigned long long>(f.base - h.shadowstack_top))
    rule_broken("unbalanced gc_frame", what)

# ---------------------------------------------------------------- rule 3

cdef void root_table_freed(GCHeap* h) noexcept nogil:
    rule_broken("root table freed while registered",
                "a registered root table's check word is gone: its memory was freed (or "
                "overwritten) before gc_roots_unregister / gc_roots_free")

# ---------------------------------------------------------------- rule 4

ctypedef struct HookTrap:
    char* limit
    gcref_t* stack_end
    const char* outer

cdef inline void hook_enter(GCHeap* h, HookTrap* saved, const char* which) noexcept nogil:
    saved.limit = h.nursery_limit
    saved.stack_end = h.shadowstack_end
    saved.outer = P(h).in_hook
    h.nursery_limit = h.nursery_free
    h.shadowstack_end = h.shadowstack_top
    P(h).in_hook = which

cdef inline void hook_leave(GCHeap* h, HookTrap* saved) noexcept nogil:
    h.nursery_limit = saved.limit
    h.shadowstack_end = saved.stack_end
    P(h).in_hook = saved.outer

cdef int in_hook_refusal(GCHeap* h, const char* what) noexcept nogil:
    # The slow paths' first test: -1 (and h.error) when a hook is running.
    cdef char msg[200]
    if P(h).in_hook == NULL:
        return 0
    snprintf(msg, sizeof(msg), "%s inside %s (a hook runs inside an allocation or a "
             "collection: it must not allocate, push roots or collect)", what, P(h).in_hook)
    if checks_on(h):
        rule_broken("heap used inside a hook", msg)
    h.error = GC_ERR_RULE
    snprintf(P(h).errmsg, sizeof(P(h).errmsg), "rule broken: heap used inside a hook: %s", msg)
    return -1

# ---------------------------------------------------------------- rule 5

cdef void gc_check_slot(GCHeap* h, gcref_t obj, size_t i, int kind) noexcept nogil:
    # Called by the inline accessors in a checked build of the embedder's module.
    cdef char what[240]
    cdef GCHeader* o = <GCHeader*>obj
    cdef GCType* t
    cdef size_t words, off = i * sizeof(gcref_t)
    cdef uint32_t k
    cdef bint is_ref = False
    if not gc_is_ref(obj):
        snprintf(what, sizeof(what), "payload word %llu of 0x%llx, which is not an object",
                 <unsigned long long>i, <unsigned long long>obj)
        rule_broken("payload accessor", what)
    if o.tid == 0 or o.tid >= h.n_types:
        snprintf(what, sizeof(what), "payload word %llu of an object with the unregistered type "
                 "id %u (a stale pointer?)", <unsigned long long>i, o.tid)
        rule_broken("payload accessor", what)
    t = &h.types[o.tid]
    words = (t.fixed_size + <size_t>t.item_size * (o.aux if t.item_size else 0)) // sizeof(gcref_t)
    if i >= words:
        snprintf(what, sizeof(what), "payload word %llu of a '%s', which has %llu",
                 <unsigned long long>i, t.name, <unsigned long long>words)
        rule_broken("payload accessor", what)
    if t.items_are_refs and off >= t.fixed_size:
        is_ref = True
    for k in range(t.n_refs):
        if t.ref_offsets[k] == off:
            is_ref = True
    if kind == GC_SLOT_REF and not is_ref:
        snprintf(what, sizeof(what), "payload word %llu of a '%s' is not a reference slot "
                 "(gc_get_word / gc_set_word read and write it)", <unsigned long long>i, t.name)
        rule_broken("payload accessor", what)
    if kind == GC_SLOT_WORD and is_ref:
        snprintf(what, sizeof(what), "payload word %llu of a '%s' is a reference slot "
                 "(gc_get_ref / gc_set_ref read and write it)", <unsigned long long>i, t.name)
        rule_broken("payload accessor", what)
    if off == t.weak_offset:
        snprintf(what, sizeof(what), "payload word %llu of a '%s' is its weak field, which only "
                 "the core writes (gc_weak_register stores it, gc_weak_get reads it)",
                 <unsigned long long>i, t.name)
        rule_broken("payload accessor", what)

cdef void gc_bad_immediate(int64_t value, unsigned tag) noexcept nogil:
    cdef char what[160]
    if tag == 1:
        snprintf(what, sizeof(what), "%lld does not fit in a fixnum (63 bits: check gc_fixnum_fits)",
                 <long long>value)
    else:
        snprintf(what, sizeof(what), "payload 0x%llx under tag %u (tags are 2, 4 and 6; payloads "
                 "61 bits)", <unsigned long long>value, tag)
    rule_broken("bad immediate", what)
