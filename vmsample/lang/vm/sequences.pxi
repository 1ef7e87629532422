# vm/sequences.pxi, included by _vm.pyx (one extension module, one C file).
#
# Tuples and lists: creation, copying, growth and append.

# ---------------------------------------------------------------- tuple, list

cdef gcref_t tuple_new(Py_ssize_t n) except 0:
    if n == 0:
        return VM_STATE.roots[R_EMPTY_TUPLE]
    return alloc_var(T_TUPLE, n)

cdef gcref_t tuple_from_slots(gcref_t* items, Py_ssize_t n) except 0:
    # [items] are rooted slots (e.g. the value stack)
    cdef gcref_t t = tuple_new(n)
    if n:
        memcpy(FLD(t), items, n * sizeof(gcref_t))
    return t

cdef inline gcref_t* ITEMS(gcref_t o) noexcept nogil:
    # the items of a tuple, or of a list (through its ARRAY)
    if TID(o) == T_TUPLE:
        return FLD(o)
    return FLD(FLD(o)[L_ITEMS])

cdef inline Py_ssize_t SEQLEN(gcref_t o) noexcept nogil:
    if TID(o) == T_TUPLE:
        return LEN(o)
    return RAW(o)[L_LEN]

cdef gcref_t list_new(Py_ssize_t n) except 0:
    # a list of n empty (0) items: the caller fills them before anything
    # allocates, without a write barrier -- so the items array is allocated
    # last, and is young while the caller fills it (the list itself may have
    # been promoted meanwhile: hence store())
    push(alloc_fixed(T_LIST))
    cdef gcref_t arr = alloc_var(T_ARRAY, n if n > 4 else 4)
    cdef gcref_t l = pop()
    store(l, L_ITEMS, arr)
    RAW(l)[L_LEN] = n
    return l

cdef gcref_t list_from_slots(gcref_t* items, Py_ssize_t n) except 0:
    cdef gcref_t l = list_new(n)
    if n:
        memcpy(ITEMS(l), items, n * sizeof(gcref_t))
    return l

cdef gcref_t seq_copy(gcref_t* src, uint16_t tid, Py_ssize_t start, Py_ssize_t n) except 0:
    # A new list (tid T_LIST) or tuple of items [start, start+n) of the list or
    # tuple in slot [src].  (The *_from_slots functions must only be given
    # stack slots: a pointer into a heap object goes stale when it moves.)
    cdef gcref_t r = list_new(n) if tid == T_LIST else tuple_new(n)
    if n:
        memcpy(ITEMS(r), ITEMS(src[0]) + start, n * sizeof(gcref_t))
    return r

cdef int list_resize(gcref_t* lslot, Py_ssize_t newlen) except -1:
    # Make room for newlen items (CPython's over-allocation curve); the new
    # items are 0 until the caller stores them.
    cdef gcref_t l = lslot[0]
    cdef gcref_t arr = FLD(l)[L_ITEMS]
    cdef Py_ssize_t cap = LEN(arr), newcap, dropped = RAW(l)[L_LEN] - newlen
    if newlen <= cap:
        if dropped > 0:
            memset(FLD(arr) + newlen, 0, dropped * sizeof(gcref_t))
        RAW(l)[L_LEN] = newlen
        return 0
    newcap = newlen + (newlen >> 3) + 6
    arr = alloc_var(T_ARRAY, newcap)
    # Every store into the new array passes a barrier (store(), or the
    # whole-object one after bulk writes by list_resize's callers), so a big
    # one may track its stores: the minor collection that promotes it then
    # visits the slots given young values, not its every item.
    gc_track_stores(HEAP, <GCHeader*>arr)
    l = lslot[0]
    gc_copy_refs(HEAP, <GCHeader*>arr, FLD(arr), FLD(FLD(l)[L_ITEMS]), RAW(l)[L_LEN])
    store(l, L_ITEMS, arr)
    RAW(l)[L_LEN] = newlen
    return 0

cdef int list_append(gcref_t* lslot, gcref_t* vslot) except -1:
    cdef gcref_t l = lslot[0]
    cdef Py_ssize_t n = RAW(l)[L_LEN]
    cdef gcref_t arr = FLD(l)[L_ITEMS]
    if n < <Py_ssize_t>LEN(arr):
        RAW(l)[L_LEN] = n + 1
        store(arr, n, vslot[0])
        return 0
    list_resize(lslot, n + 1)
    store(FLD(lslot[0])[L_ITEMS], n, vslot[0])
    return 0

cdef int list_append_v(gcref_t* lslot, gcref_t v) except -1:
    push(v)
    list_append(lslot, top_slot())
    pop()
    return 0

cdef inline void list_set(gcref_t l, Py_ssize_t i, gcref_t v) noexcept nogil:
    store(FLD(l)[L_ITEMS], i, v)

