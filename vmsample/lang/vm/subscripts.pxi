# vm/subscripts.pxi, included by _vm.pyx (one extension module, one C file).
#
# Subscripts: index normalisation, slices, getitem/setitem/delitem.

# ---------------------------------------------------------------- subscripts

cdef object index_value(gcref_t k, str what):
    # operator.index(k) as a CPython int, or None if k has no __index__.
    cdef gcref_t m, r
    if is_int(k):
        return untag(k)
    if k == V_TRUE or k == V_FALSE:
        return 1 if k == V_TRUE else 0
    if has_tid(k, T_BIGINT):
        return big_to_py(k)
    if not is_plain_value(k):
        m = special_lookup(class_of(k), M_INDEX)
        if m != 0:
            r = call_method0(m, k)
            if not is_intlike(r):
                raise TypeError(f"__index__ returned non-int (type {type_name(r)})")
            return int_to_py(r)
    return None

cdef object index_argument(gcref_t k):
    # An argument a builtin takes as an integer (chr, list.pop): operator.index(k)
    x = index_value(k, "")
    if x is None:
        raise TypeError(f"'{type_name(k)}' object cannot be interpreted as an integer")
    return x

cdef object slice_index(gcref_t k):
    # list.index's start or stop (None refused: CPython's _PyEval_SliceIndexNotNone)
    x = index_value(k, "")
    if x is None:
        raise TypeError("slice indices must be integers or have an __index__ method")
    return x

cdef Py_ssize_t index_of(gcref_t k, Py_ssize_t n, str what, str out_of_range=None) except? -1:
    # Index [k] of a sequence of [n] items, normalised; the errors name
    # [what] ("list indices must be...") and [out_of_range] ("list
    # assignment index out of range"; default: [what]).
    cdef int64_t i
    if is_int(k):
        i = untag(k)
    else:
        x = index_value(k, what)
        if x is None:
            raise TypeError(f"{what} indices must be integers or slices, not {type_name(k)}")
        if not -(1 << 62) <= x < (1 << 62):
            raise IndexError(f"cannot fit 'int' into an index-sized integer")
        i = x
    if i < 0:
        i += n
    if i < 0 or i >= n:
        raise IndexError(f"{out_of_range or what} index out of range")
    return i

cdef object slice_to_py(gcref_t s):
    # (bounds that are not ints: their __index__, as _PyEval_SliceIndex;
    # the slice is rooted by its caller across those calls)
    cdef gcref_t* sslot = HEAP.shadowstack_top
    cdef gcref_t v
    push(s)
    bounds = []
    for i in range(3):
        v = FLD(sslot[0])[i]
        if v == V_NONE:
            bounds.append(None)
        elif is_intlike(v):
            bounds.append(int_to_py(v))
        else:
            x = index_value(v, "")
            if x is None:
                raise TypeError("slice indices must be integers or None or have an __index__ method")
            bounds.append(x)
    HEAP.shadowstack_top = sslot
    return slice(*bounds)


cdef inline Py_ssize_t clamp_bound(gcref_t v, Py_ssize_t n, Py_ssize_t step, bint is_stop) noexcept:
    # One bound of a slice over [n] items, as CPython's PySlice_Unpack and
    # PySlice_AdjustIndices place it.
    cdef Py_ssize_t i
    if v == V_NONE:
        if is_stop:
            return -1 if step < 0 else n
        return n - 1 if step < 0 else 0
    i = untag(v)
    if i < 0:
        i += n
        if i < 0:
            i = -1 if step < 0 else 0
    elif i >= n:
        i = n - 1 if step < 0 else n
    return i


cdef Py_ssize_t slice_indices(gcref_t s, Py_ssize_t n, Py_ssize_t* start, Py_ssize_t* stop,
                              Py_ssize_t* step) except -1:
    """The slice [s] over [n] items: its start, stop and step, and how many
    items it takes (slice.indices and the slice length).  Bounds that are
    None or small ints are placed here; anything else (big ints, objects
    with __index__, bools) goes through CPython's slice."""
    cdef gcref_t a = FLD(s)[0], b = FLD(s)[1], c = FLD(s)[2]
    if (a == V_NONE or is_int(a)) and (b == V_NONE or is_int(b)) and (c == V_NONE or is_int(c)):
        step[0] = 1 if c == V_NONE else untag(c)
        if step[0] == 0:
            raise ValueError("slice step cannot be zero")
        start[0] = clamp_bound(a, n, step[0], False)
        stop[0] = clamp_bound(b, n, step[0], True)
    else:
        first, last, stride = slice_to_py(s).indices(n)
        start[0], stop[0] = first, last
        step[0] = max(-PY_SSIZE_T_MAX, min(stride, PY_SSIZE_T_MAX))    # as PySlice_Unpack clamps it
    if step[0] < 0:
        return (start[0] - stop[0] - 1) // (-step[0]) + 1 if stop[0] < start[0] else 0
    return (stop[0] - start[0] - 1) // step[0] + 1 if start[0] < stop[0] else 0

cdef inline gcref_t item_in_c(gcref_t o, gcref_t k) noexcept nogil:
    # BINARY_SUBSCR's fast path (the eval loop): o[k] for a list or tuple and
    # an int in range, as getitem; 0 for anything else.
    cdef int64_t i, n
    if not is_int(k) or not is_obj(o) or (TID(o) != T_LIST and TID(o) != T_TUPLE):
        return 0
    i = untag(k)
    n = SEQLEN(o)
    if i < 0:
        i += n
    if 0 <= i < n:
        return ITEMS(o)[i]
    return 0

cdef inline bint store_item_in_c(gcref_t o, gcref_t k, gcref_t v) noexcept nogil:
    # STORE_SUBSCR's fast path: o[k] = v for a list and an int in range, as
    # setitem; False (nothing done) for anything else.
    cdef int64_t i, n
    if not is_int(k) or not has_tid(o, T_LIST):
        return False
    i = untag(k)
    n = RAW(o)[L_LEN]
    if i < 0:
        i += n
    if 0 <= i < n:
        list_set(o, i, v)
        return True
    return False

cdef gcref_t getitem(gcref_t* ok) except 0:
    cdef gcref_t o = ok[0], k = ok[1], r, m
    cdef uint16_t t
    cdef Py_ssize_t i, n, start, stop, step, j, cnt
    if not is_obj(o):
        raise TypeError(f"'{type_name(o)}' object is not subscriptable")
    t = TID(o)
    if t == T_LIST or t == T_TUPLE:
        if has_tid(k, T_SLICE):
            cnt = slice_indices(k, SEQLEN(o), &start, &stop, &step)
            r = list_new(cnt) if t == T_LIST else tuple_new(cnt)
            for j in range(cnt):
                ITEMS(r)[j] = ITEMS(ok[0])[start + j * step]
            return r
        return ITEMS(o)[index_of(k, SEQLEN(o), "list" if t == T_LIST else "tuple")]
    if t == T_STR:
        if has_tid(k, T_SLICE):
            cnt = slice_indices(k, LEN(o), &start, &stop, &step)
            if cnt == 1:
                return str_char(SDATA(ok[0])[start])
            r = str_new(cnt)
            for j in range(cnt):
                SDATA(r)[j] = SDATA(ok[0])[start + j * step]
            return r
        return str_char(SDATA(o)[index_of(k, LEN(o), "string")])
    if t == T_BYTES or t == T_BYTEARRAY:
        return bytes_getitem(ok)
    if t == T_DICT:
        r = dict_get(ok, ok + 1)
        if r == 0:
            raise_with_value("KeyError", ok[1])
        return r
    if t == T_RANGE:
        # (the host's range: indices and lengths of any size)
        if has_tid(k, T_SLICE):
            return range_from_py(range_to_py(o)[slice_to_py(k)])
        x = index_value(k, "")
        if x is None:
            raise TypeError(f"range indices must be integers or slices, not {type_name(k)}")
        return int_from_py(range_to_py(o)[x])
    if t == T_INSTANCE or t == T_CLASS:
        m = magic_of(o, M_GETITEM)
        if m != 0:
            return call_method1(m, o, k)
    if t == T_CLASS:
        # cls[key]: the class's __class_getitem__ (PEP 560), bound to it;
        # type[key] is types.GenericAlias(type, key), as CPython's
        # PyObject_GetItem special-cases it (type has no __class_getitem__)
        if o == kind_class(KIND_TYPE):
            push(app_object("GenericAlias"))
            push(o)
            push(ok[1])
            m = vm_call(top_slot() - 2, 2)
            pop()
            return m
        m = type_getattr(ok, MAGIC(M_CLASS_GETITEM))
        if m != 0:
            push(m)
            push(ok[1])
            m = vm_call(top_slot() - 1, 1)
            pop()
            return m
        raise TypeError(f"type '{class_name(o)}' is not subscriptable")
    raise TypeError(f"'{type_name(o)}' object is not subscriptable")

cdef int setitem(gcref_t* ok, gcref_t* vslot) except -1:
    cdef gcref_t o = ok[0], k = ok[1], m
    cdef uint16_t t = TID(o) if is_obj(o) else 0
    if t == T_LIST:
        if has_tid(k, T_SLICE):
            return list_set_slice(ok, vslot)
        list_set(o, index_of(k, RAW(o)[L_LEN], "list", "list assignment"), vslot[0])
        return 0
    if t == T_DICT:
        return dict_set(ok, ok + 1, vslot)
    if t == T_BYTEARRAY:
        return bytearray_setitem(ok, vslot)
    if t == T_INSTANCE:
        m = magic_of(o, M_SETITEM)
        if m != 0:
            call_method2(m, o, k, vslot[0])
            return 0
    raise TypeError(f"'{type_name(o)}' object does not support item assignment")

cdef int delitem(gcref_t* ok) except -1:
    cdef gcref_t o = ok[0], k = ok[1], m
    cdef uint16_t t = TID(o) if is_obj(o) else 0
    cdef Py_ssize_t i, n
    if t == T_LIST:
        n = RAW(o)[L_LEN]
        if has_tid(k, T_SLICE):
            idx = sorted(range(n)[slice_to_py(k)], reverse=True)
            for i in idx:
                list_del(ok[0], i)
            return 0
        list_del(o, index_of(k, n, "list", "list assignment"))
        return 0
    if t == T_DICT:
        if not dict_del(ok, ok + 1):
            raise_with_value("KeyError", ok[1])
        return 0
    if t == T_BYTEARRAY:
        return bytearray_delitem(ok)
    if t == T_BYTES:
        raise TypeError("'bytes' object doesn't support item deletion")
    if t == T_INSTANCE:
        m = magic_of(o, M_DELITEM)
        if m != 0:
            call_method1(m, o, k)
            return 0
    raise TypeError(f"'{type_name(o)}' object does not support item deletion")

cdef void list_del(gcref_t l, Py_ssize_t i) noexcept nogil:
    cdef Py_ssize_t n = RAW(l)[L_LEN]
    cdef gcref_t* items = ITEMS(l)
    gc_write_barrier(HEAP, <GCHeader*>FLD(l)[L_ITEMS])    # a move within the array: see list.insert
    memmove(items + i, items + i + 1, (n - i - 1) * sizeof(gcref_t))
    items[n - 1] = 0
    RAW(l)[L_LEN] = n - 1

cdef int list_set_slice(gcref_t* ok, gcref_t* vslot) except -1:
    cdef Py_ssize_t n = RAW(ok[0])[L_LEN], start, stop, step, cnt, m, i
    push(list_from_iterable(vslot))
    cdef gcref_t* src = top_slot()
    m = RAW(src[0])[L_LEN]
    slice_indices(ok[1], n, &start, &stop, &step)
    if step == 1:
        if stop < start:
            stop = start
        cnt = stop - start
        # new length n - cnt + m; move the tail
        if m > cnt:
            list_resize(ok, n - cnt + m)
            memmove(ITEMS(ok[0]) + start + m, ITEMS(ok[0]) + stop, (n - stop) * sizeof(gcref_t))
        elif m < cnt:
            memmove(ITEMS(ok[0]) + start + m, ITEMS(ok[0]) + stop, (n - stop) * sizeof(gcref_t))
            list_resize(ok, n - cnt + m)
        memcpy(ITEMS(ok[0]) + start, ITEMS(src[0]), m * sizeof(gcref_t))
        gc_write_barrier(HEAP, <GCHeader*>FLD(ok[0])[L_ITEMS])
    else:
        positions = range(start, stop, step)
        if len(positions) != m:
            raise ValueError(f"attempt to assign sequence of size {m} to extended slice of size {len(positions)}")
        for i, p in enumerate(positions):
            list_set(ok[0], p, ITEMS(src[0])[i])
    pop()
    return 0

