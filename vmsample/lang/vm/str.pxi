# vm/str.pxi, included by _vm.pyx (one extension module, one C file).
#
# Strings: UCS-4 payload, conversion to and from CPython str, interning,
# comparison, hashing, concatenation and the 256 one-character strings.

# ---------------------------------------------------------------- str

cdef inline uint32_t* SDATA(gcref_t s) noexcept nogil:
    return <uint32_t*>(s + 16)

cdef gcref_t str_new(Py_ssize_t n) except 0:
    if n == 0 and VM_STATE.roots[R_EMPTY_STR] != 0:
        return VM_STATE.roots[R_EMPTY_STR]
    return alloc_var(T_STR, n)

cdef gcref_t str_from_py(str u) except 0:
    # (Cython lets None through a str parameter: refused, never read as a str)
    if u is None:
        raise TypeError("expected str, not None")
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(u), i
    cdef int kind = PyUnicode_KIND(u)
    cdef void* data = PyUnicode_DATA(u)
    cdef gcref_t s = str_new(n)
    cdef uint32_t* d = SDATA(s)
    if kind == 1:
        for i in range(n):
            d[i] = (<uint8_t*>data)[i]
    elif kind == 2:
        for i in range(n):
            d[i] = (<uint16_t*>data)[i]
    else:
        memcpy(d, data, n * 4)
    return s

cdef str str_to_py(gcref_t s):
    # Every caller's value is checked here, so that a value that is not a
    # str (an int where a name was expected) is a TypeError, never a read
    # of its words as characters.  An instance of a str subclass gives its str.
    if not has_tid(s, T_STR):
        s = unwrap(s)
        if not has_tid(s, T_STR):
            raise TypeError(f"expected str, not {type_name(s)}")
    return PyUnicode_FromKindAndData(4, SDATA(s), LEN(s))

cdef gcref_t intern(str u) except 0:
    return VM_STATE.interned[intern_index(u)]

cdef int intern_index(str u) except -1:
    # [u]'s index in VM_STATE.interned, interned now if it was not: an index
    # stays true across allocations, where the str itself may move.
    cdef object idx = INTERNED.get(u)
    if idx is None:
        idx = add_interned(str_from_py(u))
        INTERNED[u] = idx
    return idx

cdef int add_interned(gcref_t v) except -1:
    # Interned strs are roots of their own, apart from VM_STATE.roots: a slot
    # here is written once, so a minor collection skips those it has already
    # made old (vm/profiling.pxi) -- a start interns ~7500 names, and every
    # minor collection visited them all.
    cdef int cap
    cdef gcref_t* grown
    if VM_STATE.ninterned == VM_STATE.capinterned:
        cap = VM_STATE.capinterned * 2 if VM_STATE.capinterned else 1024
        grown = <gcref_t*>realloc(VM_STATE.interned, cap * sizeof(gcref_t))
        if grown == NULL:
            raise MemoryError()
        VM_STATE.interned = grown
        VM_STATE.capinterned = cap
    VM_STATE.interned[VM_STATE.ninterned] = v
    VM_STATE.ninterned += 1
    return VM_STATE.ninterned - 1

cdef inline bint str_eq(gcref_t a, gcref_t b) noexcept nogil:
    if a == b:
        return True
    if LEN(a) != LEN(b):
        return False
    return memcmp(SDATA(a), SDATA(b), LEN(a) * 4) == 0

cdef int str_cmp(gcref_t a, gcref_t b) noexcept nogil:
    cdef uint32_t n = LEN(a) if LEN(a) < LEN(b) else LEN(b), i
    cdef uint32_t* x = SDATA(a)
    cdef uint32_t* y = SDATA(b)
    for i in range(n):
        if x[i] != y[i]:
            return -1 if x[i] < y[i] else 1
    if LEN(a) == LEN(b):
        return 0
    return -1 if LEN(a) < LEN(b) else 1

cdef Py_ssize_t str_find(gcref_t hay, gcref_t needle, Py_ssize_t start, Py_ssize_t end) noexcept nogil:
    # Index of the first [needle] in hay[start:end], or -1 (a plain scan:
    # the strings programs test are short).
    cdef Py_ssize_t m = LEN(needle), i
    cdef uint32_t* h = SDATA(hay)
    cdef uint32_t* nd = SDATA(needle)
    cdef uint32_t first
    if m == 0:
        return start if start <= end else -1
    first = nd[0]
    for i in range(start, end - m + 1):
        if h[i] == first and (m == 1 or memcmp(h + i + 1, nd + 1, (m - 1) * 4) == 0):
            return i
    return -1

cdef inline int64_t str_hash(gcref_t s) noexcept nogil:
    # The hash dicts and sets keep: CPython's with bit 63 dropped, as for
    # every hash the VM keeps (vm/equality.pxi, vm_hash).
    return (str_full_hash(s) << 1) >> 1

cdef int64_t str_full_hash(gcref_t s) noexcept nogil:
    # CPython's own hash of the same str: _Py_HashBytes (its SipHash, keyed
    # by this process's PYTHONHASHSEED) over the str's compact form, 1, 2 or
    # 4 bytes per code point as CPython stores it, so that sets and dicts of
    # strs -- and of tuples of strs -- iterate in CPython's order.  Kept in
    # the str's first raw word; 0 means "not computed" (and is the empty
    # str's hash).
    cdef int64_t hv = RAW(s)[0]
    cdef uint32_t n = LEN(s), i, widest = 0
    cdef uint32_t* data = <uint32_t*>SDATA(s)
    cdef uint8_t* narrow
    cdef uint8_t small[1024]
    if hv != 0 or n == 0:
        return hv
    for i in range(n):
        if data[i] > widest:
            widest = data[i]
    if widest > 0xFFFF:
        hv = _Py_HashBytes(data, 4 * <Py_ssize_t>n)
    else:
        # narrowed into a buffer: the stack's for short strs
        narrow = &small[0] if n * (1 if widest < 256 else 2) <= sizeof(small) else \
            <uint8_t*>malloc(n * (1 if widest < 256 else 2))
        if narrow == NULL:
            return str_hash_by_host(s)
        if widest < 256:
            for i in range(n):
                narrow[i] = <uint8_t>data[i]
            hv = _Py_HashBytes(narrow, n)
        else:
            for i in range(n):
                (<uint16_t*>narrow)[i] = <uint16_t>data[i]
            hv = _Py_HashBytes(narrow, 2 * <Py_ssize_t>n)
        if narrow != &small[0]:
            free(narrow)
    RAW(s)[0] = hv
    return hv

cdef int64_t str_hash_by_host(gcref_t s) noexcept nogil:
    # No memory for the narrowed copy: CPython's hash() makes its own.  With
    # no memory for that either, no hash can be given that equal strs would
    # share, and a dict lookup cannot fail silently: the process stops.
    cdef int64_t hv
    with gil:
        try:
            hv = hash(str_to_py(s))
        except MemoryError:
            Py_FatalError(b"vmsample: out of memory while hashing a str")
    RAW(s)[0] = hv
    return hv

cdef gcref_t str_concat(gcref_t* a, gcref_t* b) except 0:
    # a, b: rooted slots
    cdef uint32_t na = LEN(a[0]), nb = LEN(b[0])
    cdef gcref_t r
    if na == 0:
        return b[0]
    if nb == 0:
        return a[0]
    r = str_new(<Py_ssize_t>na + nb)
    memcpy(SDATA(r), SDATA(a[0]), na * 4)
    memcpy(SDATA(r) + na, SDATA(b[0]), nb * 4)
    return r

cdef gcref_t str_char(uint32_t c) except 0:
    cdef gcref_t r
    if c < 256:
        return VM_STATE.roots[CHAR_ROOTS + c]
    r = str_new(1)
    SDATA(r)[0] = c
    return r

cdef int CHAR_ROOTS = 0          # root index of the 256 one-character strings

