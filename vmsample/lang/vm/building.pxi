# vm/building.pxi, included by _vm.pyx (one extension module, one C file).
#
# Building values: list/dict from iterables, extend/update, sequence unpacking.

# ---------------------------------------------------------------- building values

cdef gcref_t list_from_iterable(gcref_t* slot) except 0:
    cdef gcref_t v
    if has_tid(slot[0], T_LIST) or has_tid(slot[0], T_TUPLE):
        return seq_copy(slot, T_LIST, 0, SEQLEN(slot[0]))
    if has_tid(slot[0], T_RANGE):
        # Room for all of it first, as CPython does: list(range(10**12)) is
        # a MemoryError at once, not a loop until memory runs out.
        push(list_new(range_len(slot[0])))
        RAW(top_slot()[0])[L_LEN] = 0
    else:
        if has_tid(slot[0], T_INSTANCE):
            ask_length_hint(slot)
        push(list_new(0))
    for_each(slot, list_append, top_slot())
    return pop()

cdef int ask_length_hint(gcref_t* slot) except -1:
    # An instance without __len__ is asked its __length_hint__, as CPython's
    # list_extend asks (PyObject_LengthHint): the answer only sizes CPython's
    # list, but its errors are list()'s -- a hint that is no int, or < 0, or
    # an error other than TypeError (which means "no hint"), the method's
    # __get__'s included.  (CPython asks after iter(); here it is before.)
    cdef gcref_t m
    if magic_of(slot[0], M_LEN) != 0:
        return 0
    m = magic_of(slot[0], M_LENGTH_HINT)
    if m == 0:
        return 0
    try:
        m = call_method0(m, slot[0])
    except VMError:
        if not isinstance_c(VM_STATE.roots[R_EXC], exc_class("TypeError")):
            raise
        VM_STATE.roots[R_EXC] = 0
        return 0
    if m == V_NOTIMPL:
        return 0
    if not is_intlike(unwrap(m)):
        raise TypeError(f"__length_hint__ must be an integer, not {type_name(m)}")
    if int_to_py(unwrap(m)) < 0:
        raise ValueError("__length_hint__() should return >= 0")
    return 0

cdef int list_extend(gcref_t* lslot, gcref_t* srcslot) except -1:
    cdef Py_ssize_t n, m
    push(list_from_iterable(srcslot))
    m = RAW(top_slot()[0])[L_LEN]
    n = RAW(lslot[0])[L_LEN]
    list_resize(lslot, n + m)
    memcpy(ITEMS(lslot[0]) + n, ITEMS(top_slot()[0]), m * sizeof(gcref_t))
    gc_write_barrier(HEAP, <GCHeader*>FLD(lslot[0])[L_ITEMS])
    pop()
    return 0

cdef int dict_update_from_mapping(gcref_t* dslot, gcref_t* srcslot) except -1:
    # As CPython for a mapping that is not a dict: d[k] = src[k] for k in src.keys().
    cdef gcref_t v
    push(call_method0(class_lookup(FLD(srcslot[0])[I_CLASS], intern("keys")), srcslot[0]))
    push(get_iter(top_slot()))
    while True:
        v = for_iter(top_slot())
        if v == 0:
            break
        push(srcslot[0])
        push(v)
        push(getitem(top_slot() - 1))
        dict_set(dslot, top_slot() - 1, top_slot())
        HEAP.shadowstack_top -= 3
    HEAP.shadowstack_top -= 2
    return 0

cdef int dict_update(gcref_t* dslot, gcref_t* srcslot, bint merge) except -1:
    cdef Py_ssize_t i, n
    cdef gcref_t v
    cdef int64_t hv
    if has_tid(srcslot[0], T_DICT):
        # CPython's dict_merge: each key with the hash the source keeps, and
        # a source that a key's __eq__ changes is an error, not a crash.
        i = 0
        n = RAW(srcslot[0])[D_NENTRIES]
        while i < n:
            if ENT(srcslot[0])[3 * i + 1] != 0:
                hv = untag(ENT(srcslot[0])[3 * i])
                push(ENT(srcslot[0])[3 * i + 1])
                push(ENT(srcslot[0])[3 * i + 2])
                if merge and dict_find(dslot, top_slot() - 1, hv) >= 0:
                    raise TypeError(f"got multiple values for keyword argument '{str_to_py(top_slot()[-1])}'")
                dict_set_h(dslot, top_slot() - 1, top_slot(), hv)
                HEAP.shadowstack_top -= 2
                if RAW(srcslot[0])[D_NENTRIES] != n:
                    raise RuntimeError("dict mutated during update")
            i += 1
        return 0
    if has_tid(srcslot[0], T_INSTANCE) and class_lookup(FLD(srcslot[0])[I_CLASS], intern("keys")) != 0:
        return dict_update_from_mapping(dslot, srcslot)
    push(get_iter(srcslot))
    i = 0
    while True:
        v = for_iter(top_slot())
        if v == 0:
            break
        push(v)
        if not (has_tid(v, T_TUPLE) or has_tid(v, T_LIST)):
            # any iterable pair will do ("ab"), as CPython's PySequence_Fast
            try:
                top_slot()[0] = list_from_iterable(top_slot())
            except TypeError:
                raise TypeError(f"cannot convert dictionary update sequence element #{i} to a sequence")
            v = top_slot()[0]
        if SEQLEN(v) != 2:
            raise ValueError(f"dictionary update sequence element #{i} has length {SEQLEN(v)}; 2 is required")
        i += 1
        push(ITEMS(v)[0])
        push(ITEMS(top_slot()[-1])[1])
        dict_set(dslot, top_slot() - 1, top_slot())
        HEAP.shadowstack_top -= 3
    pop()
    return 0

cdef inline gcref_t* unpack_exact(gcref_t* sp, int n) noexcept nogil:
    # The common case of unpack (the eval loop's fast path): a tuple or list
    # of exactly n items; NULL otherwise.
    cdef gcref_t seq = sp[-1]
    cdef Py_ssize_t i
    if not (is_obj(seq) and (TID(seq) == T_TUPLE or TID(seq) == T_LIST) and SEQLEN(seq) == n):
        return NULL
    for i in range(n):
        sp[-1 + n - 1 - i] = ITEMS(seq)[i]
    return sp - 1 + n

cdef gcref_t* unpack(gcref_t* sp, int before, int after) except NULL:
    # [seq] -> items pushed so that the first is on top; after >= 0: starred
    cdef Py_ssize_t n, i, total
    cdef gcref_t lst
    cdef gcref_t* top
    if after < 0:
        top = unpack_exact(sp, before)
        if top != NULL:
            return top
    if not is_obj(sp[-1]) or TID(sp[-1]) in (T_FLOAT, T_BIGINT, T_FUNCTION, T_CLASS, T_BOUND,
                                             T_MODULE, T_CELL, T_SLICE) or \
            (has_tid(sp[-1], T_INSTANCE) and magic_of(sp[-1], M_ITER) == 0
             and magic_of(sp[-1], M_GETITEM) == 0):
        if has_tid(sp[-1], T_CLASS) and magic_of(sp[-1], M_ITER) != 0:
            pass        # a class whose metaclass iterates it (an Enum)
        else:
            raise TypeError(f"cannot unpack non-iterable {type_name(sp[-1])} object")
    sp[-1] = list_from_iterable(sp - 1)
    lst = sp[-1]
    n = RAW(lst)[L_LEN]
    if after < 0:
        if n != before:
            if n > before:
                raise ValueError(f"too many values to unpack (expected {before})")
            raise ValueError(f"not enough values to unpack (expected {before}, got {n})")
        for i in range(n):
            sp[-1 + n - 1 - i] = ITEMS(lst)[i]
        return sp - 1 + n
    total = before + after
    if n < total:
        raise ValueError(f"not enough values to unpack (expected at least {total}, got {n})")
    # stack order (top first): item0 .. item(before-1), starred list, tail items
    cdef gcref_t mid = seq_copy(sp - 1, T_LIST, before, n - total)
    HEAP.shadowstack_top = sp
    # write from the bottom: tail reversed, then the starred list, then the head reversed
    cdef gcref_t* out = sp - 1
    push(mid)
    cdef gcref_t* midslot = top_slot()
    # temporarily keep lst at sp[-1]; copy into a scratch area above
    for i in range(after):
        midslot[1 + i] = ITEMS(sp[-1])[n - 1 - i]
    midslot[1 + after] = midslot[0]
    for i in range(before):
        midslot[2 + after + i] = ITEMS(sp[-1])[before - 1 - i]
    memmove(out, midslot + 1, (total + 1) * sizeof(gcref_t))
    return out + total + 1

