# vmsample/core/root_tables.pxi -- root tables: blocks of slots the core
# traces (included by _nursery.pyx).
#
# Owns: gc_roots_register / gc_roots_unregister / gc_roots_new /
# gc_roots_free and the table list GCPrivate.root_tables, which visit_roots
# (core/roots.pxi) walks at every collection.  Touches nothing else.
#
# A root table is the embedder's GCRootTable: [n] slots at [slots], visited
# and updated in place by every collection -- globals, constants, anything
# malloc'ed that holds references -- with no trace_roots hook to write.
# Invariant: while a table is registered, its [check] word is its own
# address XOR ROOTS_MAGIC and it is on the list exactly once; unregistering
# clears [check].  [check] is the struct's first word because free() writes
# its own bookkeeping there (glibc's free lists do), so a table freed while
# registered -- the rule an embedder can break here -- is found at the next
# collection, before its slots are touched, and reported by name
# (core/rules.pxi).  The list is singly linked: tables are few, and
# registering or unregistering one walks it.

cdef extern from *:
    """
    #define VMS_ROOTS_MAGIC ((uintptr_t)0x5a3c96e1b4d2f087ULL)
    """
    const uintptr_t ROOTS_MAGIC "VMS_ROOTS_MAGIC"

cdef inline bint roots_intact(GCRootTable* t) noexcept nogil:
    return t.check == (<uintptr_t>t ^ ROOTS_MAGIC)

cdef int gc_roots_register(GCHeap* h, GCRootTable* t, gcref_t* slots, size_t n) noexcept nogil:
    cdef GCRootTable* u = P(h).root_tables
    while u != NULL:
        if u == t:
            return set_error(h, GC_ERR_ARG, "this root table is already registered")
        u = u.next
    t.slots = slots
    t.n = n
    t.owned = False
    t.next = P(h).root_tables
    t.check = <uintptr_t>t ^ ROOTS_MAGIC
    P(h).root_tables = t
    return 0

cdef int gc_roots_unregister(GCHeap* h, GCRootTable* t) noexcept nogil:
    cdef GCRootTable** link = &P(h).root_tables
    while link[0] != NULL:
        if not roots_intact(link[0]):
            root_table_freed(h)
        if link[0] == t:
            link[0] = t.next
            t.check = 0
            t.next = NULL
            return 0
        link = &link[0].next
    return set_error(h, GC_ERR_ARG, "this root table is not registered")

cdef GCRootTable* gc_roots_new(GCHeap* h, size_t n, gcref_t fill) noexcept nogil:
    cdef GCRootTable* t
    cdef size_t i
    if n > (SIZE_MAX - sizeof(GCRootTable)) // sizeof(gcref_t):
        set_error(h, GC_ERR_NOMEM, "root table too large")
        return NULL
    t = <GCRootTable*>malloc(sizeof(GCRootTable) + n * sizeof(gcref_t))
    if t == NULL:
        set_error(h, GC_ERR_NOMEM, "out of memory (a root table)")
        return NULL
    gc_roots_register(h, t, <gcref_t*>(t + 1), n)     # a new address: never registered yet
    t.owned = True
    for i in range(n):
        t.slots[i] = fill
    return t

cdef void gc_roots_free(GCHeap* h, GCRootTable* t) noexcept nogil:
    if t != NULL and gc_roots_unregister(h, t) == 0:
        free(t)

cdef void visit_root_tables(GCHeap* h, visit_fn visit) noexcept nogil:
    cdef GCRootTable* t = P(h).root_tables
    cdef size_t i
    while t != NULL:
        if not roots_intact(t):
            root_table_freed(h)
        for i in range(t.n):
            visit(h, &t.slots[i])
        t = t.next

cdef void forget_root_tables(GCHeap* h) noexcept nogil:
    # The heap goes away: the tables gc_roots_new made go with it; the
    # embedder's own are only unlinked.
    cdef GCRootTable* t = P(h).root_tables
    cdef GCRootTable* next
    P(h).root_tables = NULL
    while t != NULL and roots_intact(t):
        next = t.next
        t.check = 0
        if t.owned:
            free(t)
        t = next
