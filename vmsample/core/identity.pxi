# vmsample/core/identity.pxi -- object identity that survives moving
# (included by _nursery.pyx).
#
# Owns: gc_id (the API), the young-id table (YoungIds in GCPrivate) and its
# upkeep at each minor collection (adopt_shadow, identity_minor_done).
#
# Invariant (identity).  gc_id(h, obj) is the address the object has, or will
# have, in the non-moving old space, so it never changes while the object lives
# and no two live objects share it.  An old or young large object does not move:
# its id is its address.  A nursery object moves once, at the minor collection
# it survives; the first gc_id on it reserves its old-space cell at once (a
# "shadow", as PyPy's incminimark does for id()) and records
#     nursery address -> shadow
# in the young-id table, and sets GCFLAG_HAS_SHADOW on the object.  The minor
# collection copies a flagged survivor into its shadow instead of a fresh cell,
# frees the shadows of the dead, and empties the table.  A shadow is a cell with
# tid 0 until it is filled, so sweeps and heap walks skip it (it is counted as
# used: its page is never released).  Allocation never looks at any of this.

cdef inline size_t young_id_slot(YoungIds* t, uintptr_t obj) noexcept nogil:
    # Open addressing, linear probing; t.cap is a power of two.
    cdef size_t i = (obj >> 3) * <size_t>0x9E3779B97F4A7C15
    i = (i >> 17) & (t.cap - 1)
    while t.items[i].obj != 0 and t.items[i].obj != obj:
        i = (i + 1) & (t.cap - 1)
    return i

cdef int young_ids_grow(YoungIds* t) noexcept nogil:
    cdef YoungId* old_items = t.items
    cdef size_t old_cap = t.cap, i, cap = old_cap * 2 if old_cap else 64
    cdef YoungId* items = <YoungId*>calloc(cap, sizeof(YoungId))
    if items == NULL:
        return -1
    t.items = items
    t.cap = cap
    for i in range(old_cap):
        if old_items[i].obj != 0:
            t.items[young_id_slot(t, old_items[i].obj)] = old_items[i]
    free(old_items)
    return 0

cdef bint young_ids_over_limit(GCHeap* h) noexcept nogil:
    # Whether doubling the table would break the heap limit.  Shadows need no
    # such check: a shadow is the cell its nursery object will be copied to,
    # and the nursery's end already leaves room below the limit for every
    # nursery object to survive.
    cdef GCPrivate* p = P(h)
    cdef uint64_t more = young_id_table_bytes(h) if p.young_ids.cap else 64 * sizeof(YoungId)
    return p.heap_limit != 0 and total_memory_used(h) + <uint64_t>(h.nursery_free - h.nursery_start) \
        + more > p.heap_limit

cdef GCHeader* shadow_alloc(GCHeap* h, size_t size) noexcept nogil:
    cdef GCHeader* cell
    if size <= SMALL_MAX:
        cell = <GCHeader*>arena_alloc(h, size)
    else:
        cell = <GCHeader*>malloc(size)
        if cell != NULL:
            h.old.large_used += size
    if cell != NULL:
        cell.tid = 0
        cell.flags = 0
    return cell

cdef void shadow_free(GCHeap* h, GCHeader* cell, size_t size) noexcept nogil:
    cdef Arena* arena
    if size <= SMALL_MAX:
        arena = arena_of(h, <char*>cell)
        free_cell(h, page_of(arena, <char*>cell), <char*>cell, size, P(h).debug)
    else:
        h.old.large_used -= size
        free(cell)

cdef uintptr_t gc_id(GCHeap* h, GCHeader* obj) noexcept nogil:
    # The object's identity (see the invariant above); 0 with h.error set when
    # no shadow can be had (out of memory).
    cdef YoungIds* t = &P(h).young_ids
    cdef size_t i
    cdef GCHeader* shadow
    if not in_nursery(h, <gcref_t>obj):
        return <uintptr_t>obj
    if in_hook_refusal(h, b"an identity (gc_id allocates)") < 0:
        return 0
    if obj.flags & GCFLAG_HAS_SHADOW:
        return <uintptr_t>t.items[young_id_slot(t, <uintptr_t>obj)].shadow
    if (t.n + 1) * 2 > t.cap:
        if young_ids_over_limit(h) or young_ids_grow(t) < 0:
            set_error(h, GC_ERR_NOMEM, "out of memory for the young-id table")
            return 0
        set_nursery_end(h)      # the table took room the nursery may no longer fill
    shadow = shadow_alloc(h, obj_size(h, obj))
    if shadow == NULL:
        set_error(h, GC_ERR_NOMEM, "out of memory for an object's identity")
        return 0
    i = young_id_slot(t, <uintptr_t>obj)
    t.items[i].obj = <uintptr_t>obj
    t.items[i].shadow = shadow
    t.n += 1
    obj.flags |= GCFLAG_HAS_SHADOW
    return <uintptr_t>shadow

cdef void identity_minor_done(GCHeap* h) noexcept nogil:
    # After evacuation: free the shadows of the objects that died young; the
    # survivors now live in theirs.  The table starts the next cycle empty.
    cdef YoungIds* t = &P(h).young_ids
    cdef GCHeader* obj
    cdef size_t i
    if t.n == 0:
        return
    for i in range(t.cap):
        if t.items[i].obj == 0:
            continue
        obj = <GCHeader*>t.items[i].obj
        if not obj.flags & GCFLAG_FORWARDED:
            shadow_free(h, t.items[i].shadow, obj_size(h, obj))
        t.items[i].obj = 0
    t.n = 0

cdef GCHeader* adopt_shadow(GCHeap* h, GCHeader* obj, size_t size, uint16_t* large_flag) noexcept nogil:
    # minor_visit's old_alloc for a survivor that has an id: its shadow.
    cdef YoungIds* t = &P(h).young_ids
    cdef GCHeader* shadow = t.items[young_id_slot(t, <uintptr_t>obj)].shadow
    large_flag[0] = 0
    if size > SMALL_MAX:
        collector_push(h, &h.old.old_large, shadow)      # has room: reserve_tables
        large_flag[0] = GCFLAG_LARGE
    return shadow
