# vm/bytes.pxi, included by _vm.pyx (one extension module, one C file).
#
# Bytes and bytearray: their layouts, conversion to and from CPython bytes,
# construction, indexing and slicing, iteration, comparison and hashing, the
# operators (+, *, %, in) and the methods.  The hot operations work on the
# VM's own data; the other methods run CPython's method on a converted copy
# (as str's do), a bytearray's mutating ones writing the result back.
#
# bytes: var-size, 1-byte items after one raw word (the hash, 0 until
#        computed, as a str's): LEN is the length.  Immutable.
# bytearray: [items BYTEBUF, len raw]: the items array (var-size, 1-byte
#        items) over-allocated as a list's, so append and extend cost O(1)
#        amortised.  Bytes past len are kept 0.

from cpython.bytes cimport PyBytes_FromStringAndSize, PyBytes_AS_STRING, PyBytes_GET_SIZE
from cpython.bytearray cimport PyByteArray_FromStringAndSize, PyByteArray_AS_STRING, PyByteArray_GET_SIZE

cdef enum:
    BA_ITEMS = 0
    BA_LEN = 1

cdef inline bint is_byteslike(gcref_t v) noexcept nogil:
    return is_obj(v) and (TID(v) == T_BYTES or TID(v) == T_BYTEARRAY)

cdef inline uint8_t* BPTR(gcref_t v) noexcept nogil:
    # The data of a bytes or bytearray: valid until the next allocation.
    if TID(v) == T_BYTES:
        return <uint8_t*>(v + 16)
    return <uint8_t*>(FLD(v)[BA_ITEMS] + 8)

cdef inline Py_ssize_t BLEN(gcref_t v) noexcept nogil:
    if TID(v) == T_BYTES:
        return LEN(v)
    return RAW(v)[BA_LEN]

cdef bint all_byteslike(gcref_t seq) noexcept nogil:
    # [seq] is a tuple or a list
    cdef Py_ssize_t i
    for i in range(SEQLEN(seq)):
        if not is_byteslike(ITEMS(seq)[i]):
            return False
    return True

# ---------------------------------------------------------------- making them

cdef gcref_t bytes_new(Py_ssize_t n) except 0:
    return alloc_var(T_BYTES, n)

cdef gcref_t bytearray_new(Py_ssize_t n) except 0:
    push(alloc_fixed(T_BYTEARRAY))
    cdef gcref_t items = alloc_var(T_BYTEBUF, n if n > 8 else 8)
    cdef gcref_t ba = pop()
    store(ba, BA_ITEMS, items)
    RAW(ba)[BA_LEN] = n
    return ba

cdef gcref_t byteslike_new(uint16_t tid, Py_ssize_t n) except 0:
    return bytes_new(n) if tid == T_BYTES else bytearray_new(n)

cdef int bytearray_resize(gcref_t* slot, Py_ssize_t newlen) except -1:
    # The bytearray in [slot] gets length newlen; new bytes are 0.
    cdef gcref_t items = FLD(slot[0])[BA_ITEMS]
    cdef Py_ssize_t n = RAW(slot[0])[BA_LEN]
    if newlen <= <Py_ssize_t>LEN(items):
        if newlen < n:
            memset(<uint8_t*>(items + 8) + newlen, 0, n - newlen)
        RAW(slot[0])[BA_LEN] = newlen
        return 0
    items = alloc_var(T_BYTEBUF, newlen + (newlen >> 3) + 16)
    memcpy(<uint8_t*>(items + 8), BPTR(slot[0]), n)
    store(slot[0], BA_ITEMS, items)
    RAW(slot[0])[BA_LEN] = newlen
    return 0

cdef int bytearray_append_data(gcref_t* slot, gcref_t* src) except -1:
    # slot's bytearray += the bytes-like object in [src] (which may be it)
    cdef Py_ssize_t n = RAW(slot[0])[BA_LEN], m = BLEN(src[0])
    bytearray_resize(slot, n + m)
    memmove(BPTR(slot[0]) + n, BPTR(src[0]), m)
    return 0

cdef gcref_t bytes_from_py(object b) except 0:
    # A VM bytes (a bytearray for a CPython bytearray) with b's contents.
    cdef Py_ssize_t n
    cdef gcref_t r
    if type(b) is bytearray:
        n = PyByteArray_GET_SIZE(b)
        r = bytearray_new(n)
        memcpy(BPTR(r), PyByteArray_AS_STRING(b), n)
        return r
    n = PyBytes_GET_SIZE(b)
    r = bytes_new(n)
    memcpy(BPTR(r), PyBytes_AS_STRING(b), n)
    return r

cdef object bytes_to_py(gcref_t v):
    # The CPython bytes (bytearray) of a VM bytes (bytearray): a copy.
    if TID(v) == T_BYTES:
        return PyBytes_FromStringAndSize(<char*>BPTR(v), BLEN(v))
    return PyByteArray_FromStringAndSize(<char*>BPTR(v), BLEN(v))

cdef int bytearray_set_py(gcref_t* slot, object b) except -1:
    # The bytearray in [slot] takes the contents of CPython bytes-like b.
    cdef Py_ssize_t n = len(b)
    b = bytes(b)
    bytearray_resize(slot, n)
    memcpy(BPTR(slot[0]), PyBytes_AS_STRING(b), n)
    return 0

cdef int checked_byte(gcref_t v, str out_of_range) except -1:
    # An int in range(0, 256) (a bool, or an object with __index__), as a
    # byte; else CPython's errors.  An __index__ runs VM code: the caller
    # holds no address across this call.
    if is_int(v) and 0 <= untag(v) < 256:
        return <int>untag(v)
    if v == V_TRUE or v == V_FALSE:
        return v == V_TRUE
    x = index_argument(v)
    if not 0 <= x < 256:
        raise ValueError(out_of_range)
    return <int>x

cdef inline int byte_value(gcref_t v) except -1:
    # An item stored into a bytearray
    return checked_byte(v, "byte must be in range(0, 256)")

cdef gcref_t bytes_from_ints(uint16_t tid, gcref_t* src) except 0:
    # bytes(iterable) / bytearray(iterable) of ints.  A list or tuple is read
    # as it is at each step, as CPython's bytes_from_list: an item's
    # __index__ may shrink or grow it.
    cdef Py_ssize_t i = 0
    cdef gcref_t v
    cdef str out_of_range = "bytes must be in range(0, 256)" if tid == T_BYTES else "byte must be in range(0, 256)"
    out = bytearray()
    if has_tid(src[0], T_LIST) or has_tid(src[0], T_TUPLE):
        while i < SEQLEN(src[0]):
            out.append(checked_byte(ITEMS(src[0])[i], out_of_range))
            i += 1
    else:
        push(get_iter(src))
        while True:
            v = for_iter(top_slot())
            if v == 0:
                break
            out.append(checked_byte(v, out_of_range))
        pop()
    return bytes_from_py(out if tid == T_BYTEARRAY else bytes(out))

cdef gcref_t construct_bytes(uint16_t tid, gcref_t* a, Py_ssize_t n, gcref_t kwnames) except 0:
    # bytes(...) and bytearray(...)
    cdef gcref_t v
    cdef Py_ssize_t size
    cdef str name = "bytes" if tid == T_BYTES else "bytearray"
    if n == 1 and not kwnames:
        v = a[0]
        if is_byteslike(v):
            if tid == T_BYTES and TID(v) == T_BYTES:
                return v
            size = BLEN(v)
            v = byteslike_new(tid, size)
            memcpy(BPTR(v), BPTR(a[0]), size)
            return v
        if is_intlike(v) and v != V_TRUE and v != V_FALSE:
            if not is_int(v):
                raise OverflowError("cannot fit 'int' into an index-sized integer")
            if untag(v) < 0:
                raise ValueError("negative count")
            return byteslike_new(tid, untag(v))
        if has_tid(v, T_INSTANCE):
            if tid == T_BYTES and bytes_argument(a):
                return a[0]
            if magic_of(v, M_INDEX) != 0 and not (tid == T_BYTES and is_byteslike(unwrap(v))):
                # an object with __index__: that many zero bytes (before
                # iterating it; bytes() takes a buffer first, bytearray()
                # not; a TypeError from __index__ falls through)
                try:
                    count = index_argument(v)
                except VMError:
                    if not isinstance_c(VM_STATE.roots[R_EXC], exc_class("TypeError")):
                        raise
                    VM_STATE.roots[R_EXC] = 0
                    return bytes_from_ints(tid, a)
                if count < 0:
                    raise ValueError("negative count")
                if count > PY_SSIZE_T_MAX:
                    raise OverflowError("cannot fit 'int' into an index-sized integer")
                return byteslike_new(tid, count)
            return bytes_from_ints(tid, a)
        if not has_tid(v, T_STR):
            if is_obj(v) and TID(v) != T_FLOAT or v == V_TRUE or v == V_FALSE:
                return bytes_from_ints(tid, a)
    # str with an encoding, no argument, and every error: CPython's own
    args = [to_py_simple(a + i) for i in range(n)]
    return bytes_from_py((bytes if tid == T_BYTES else bytearray)(*args, **kwargs_py(a, n, kwnames)))

# ---------------------------------------------------------------- subscripts

cdef Py_ssize_t byte_index(gcref_t o, gcref_t k) except? -1:
    cdef int64_t i
    cdef Py_ssize_t n = BLEN(o)
    cdef bint ba = TID(o) == T_BYTEARRAY
    if not is_intlike(k):
        raise TypeError(f"{'bytearray' if ba else 'byte'} indices must be integers or slices, "
                        f"not {type_name(k)}")
    if not is_int(k) and k != V_TRUE and k != V_FALSE:
        raise IndexError("cannot fit 'int' into an index-sized integer")
    i = untag(k) if is_int(k) else (1 if k == V_TRUE else 0)
    if i < 0:
        i += n
    if i < 0 or i >= n:
        raise IndexError("bytearray index out of range" if ba else "index out of range")
    return i

cdef gcref_t bytes_getitem(gcref_t* ok) except 0:
    cdef Py_ssize_t start, stop, step, cnt, j
    cdef gcref_t r
    cdef uint8_t* p
    cdef uint8_t* q
    if not has_tid(ok[1], T_SLICE):
        return tag(BPTR(ok[0])[byte_index(ok[0], ok[1])])
    start, stop, step = slice_to_py(ok[1]).indices(BLEN(ok[0]))
    cnt = len(range(start, stop, step))
    r = byteslike_new(TID(ok[0]), cnt)
    p = BPTR(ok[0])
    q = BPTR(r)
    if step == 1:
        memcpy(q, p + start, cnt)
    else:
        for j in range(cnt):
            q[j] = p[start + j * step]
    return r

cdef int bytearray_setitem(gcref_t* ok, gcref_t* vslot) except -1:
    cdef Py_ssize_t i
    cdef gcref_t v
    cdef int b
    if not has_tid(ok[1], T_SLICE):
        i = byte_index(ok[0], ok[1])
        b = byte_value(vslot[0])
        if i >= BLEN(ok[0]):        # (the value's __index__ shrank it)
            raise IndexError("bytearray index out of range")
        BPTR(ok[0])[i] = <uint8_t>b
        return 0
    v = vslot[0]
    if is_intlike(v) or has_tid(v, T_STR):
        raise TypeError("can assign only bytes, buffers, or iterables of ints in range(0, 256)")
    if not is_byteslike(v):
        push(bytes_from_ints(T_BYTEARRAY, vslot))
        data = bytes_to_py(top_slot()[0])
        pop()
    else:
        data = bytes_to_py(v)
    whole = bytes_to_py(ok[0])
    whole[slice_to_py(ok[1])] = data
    return bytearray_set_py(ok, whole)

cdef int bytearray_delitem(gcref_t* ok) except -1:
    whole = bytes_to_py(ok[0])
    if has_tid(ok[1], T_SLICE):
        del whole[slice_to_py(ok[1])]
    else:
        del whole[byte_index(ok[0], ok[1])]
    return bytearray_set_py(ok, whole)

cdef gcref_t bytes_iter_next(gcref_t it) noexcept nogil:
    # the step of T_BYTESITER and T_BYTEARRAYITER: [bytes-like, -, index]; 0 when exhausted
    cdef gcref_t o = FLD(it)[IT_A]
    cdef int64_t i = RAW(it)[IT_C]
    if i < BLEN(o):
        RAW(it)[IT_C] = i + 1
        return tag(BPTR(o)[i])
    # exhausted for good, as a list iterator (vm/iteration.pxi): bytes
    # appended to a bytearray after the end was seen are not seen
    RAW(it)[IT_C] = <int64_t>1 << 40
    return 0

# ---------------------------------------------------------------- comparison, hash

cdef int bytes_cmp(gcref_t a, gcref_t b) noexcept nogil:
    cdef Py_ssize_t na = BLEN(a), nb = BLEN(b)
    cdef int c = memcmp(BPTR(a), BPTR(b), na if na < nb else nb)
    if c != 0:
        return -1 if c < 0 else 1
    if na == nb:
        return 0
    return -1 if na < nb else 1

cdef bint bytes_eq(gcref_t a, gcref_t b) noexcept nogil:
    return BLEN(a) == BLEN(b) and memcmp(BPTR(a), BPTR(b), BLEN(a)) == 0

cdef gcref_t bytes_compare(gcref_t* ab, int op) noexcept nogil:
    cdef int c = bytes_cmp(ab[0], ab[1])
    return vbool(c < 0 if op == C_LT else c <= 0 if op == C_LE else c == 0 if op == C_EQ
                 else c != 0 if op == C_NE else c > 0 if op == C_GT else c >= 0)

cdef inline int64_t bytes_hash(gcref_t b) noexcept nogil:
    return (bytes_full_hash(b) << 1) >> 1

cdef int64_t bytes_full_hash(gcref_t b) noexcept nogil:
    # CPython's: _Py_HashBytes over the bytes, as str_full_hash (vm/str.pxi)
    # over a str's compact form, so b"ab" and "ab" hash alike, as in CPython.
    cdef int64_t hv = RAW(b)[0]
    if hv != 0 or BLEN(b) == 0:
        return hv
    hv = _Py_HashBytes(BPTR(b), BLEN(b))
    RAW(b)[0] = hv
    return hv

# ---------------------------------------------------------------- operators

cdef Py_ssize_t bytes_find(gcref_t hay, gcref_t needle, Py_ssize_t start, Py_ssize_t end) noexcept nogil:
    # Index of the first [needle] (bytes-like) in hay[start:end], or -1.
    cdef Py_ssize_t m = BLEN(needle), i
    cdef uint8_t* h = BPTR(hay)
    cdef uint8_t* nd = BPTR(needle)
    cdef uint8_t first
    if m == 0:
        return start if start <= end else -1
    first = nd[0]
    for i in range(start, end - m + 1):
        if h[i] == first and (m == 1 or memcmp(h + i + 1, nd + 1, m - 1) == 0):
            return i
    return -1

cdef Py_ssize_t byte_find(gcref_t hay, uint8_t c, Py_ssize_t start, Py_ssize_t end) noexcept nogil:
    cdef Py_ssize_t i
    cdef uint8_t* h = BPTR(hay)
    for i in range(start, end):
        if h[i] == c:
            return i
    return -1

cdef int bytes_contains(gcref_t* cslot, gcref_t* vslot) except -1:
    # x in b: a byte (an int, or an object with __index__), else any
    # bytes-like object's bytes (CPython's _Py_bytes_contains)
    cdef gcref_t v = vslot[0]
    cdef int found
    if is_byteslike(v):
        return bytes_find(cslot[0], v, 0, BLEN(cslot[0])) >= 0
    if is_memoryview(v):
        push(memoryview_bytes(vslot))
        found = bytes_find(cslot[0], top_slot()[0], 0, BLEN(cslot[0])) >= 0
        pop()
        return found
    x = index_value(v, "")
    if x is None:
        raise TypeError(f"a bytes-like object is required, not '{type_name(v)}'")
    if not 0 <= x < 256:
        raise ValueError("byte must be in range(0, 256)")
    return byte_find(cslot[0], <uint8_t>x, 0, BLEN(cslot[0])) >= 0

cdef gcref_t bytes_binop(gcref_t* ab, int op, bint inplace) except? 0:
    # ab[0] (bytes or bytearray) op ab[1]; 0 (no exception): not handled here.
    cdef gcref_t a = ab[0], b = ab[1], r
    cdef Py_ssize_t na, nb, c, i
    if op == B_ADD:
        if not is_byteslike(b):
            # A memoryview, or a bytes or bytearray subclass's instance: its
            # bytes (CPython's bytes_concat takes any buffer).
            if is_memoryview(b):
                b = memoryview_bytes(ab + 1)
            elif has_tid(b, T_INSTANCE) and is_byteslike(unwrap(b)):
                b = unwrap(b)
            elif has_tid(b, T_INSTANCE):
                return 0
            else:
                raise TypeError(f"can't concat {type_name(b)} to {type_name(a)}")
            push(ab[0])
            push(b)
            r = bytes_binop(top_slot() - 1, op, inplace)
            HEAP.shadowstack_top -= 2
            return r
        if inplace and TID(a) == T_BYTEARRAY:
            bytearray_append_data(ab, ab + 1)
            return ab[0]
        na = BLEN(a)
        nb = BLEN(b)
        r = byteslike_new(TID(a), na + nb)
        memcpy(BPTR(r), BPTR(ab[0]), na)
        memcpy(BPTR(r) + na, BPTR(ab[1]), nb)
        return r
    if op == B_MUL and is_intlike(b):
        count = int_to_py(b)
        if not -PY_SSIZE_T_MAX - 1 <= count <= PY_SSIZE_T_MAX:
            raise OverflowError("cannot fit 'int' into an index-sized integer")
        c = count if count > 0 else 0
        na = BLEN(a)
        if na and c > PY_SSIZE_T_MAX // na:
            raise MemoryError()
        if inplace and TID(a) == T_BYTEARRAY:
            bytearray_resize(ab, na * c)
            r = ab[0]
        elif c == 1 and TID(a) == T_BYTES:
            return a                # (immutable: the same object, as CPython's)
        else:
            r = byteslike_new(TID(a), na * c)
        for i in range(1 if r == ab[0] else 0, c):
            memcpy(BPTR(r) + i * na, BPTR(ab[0]), na)
        return r
    if op == B_MOD:
        # (a new object, for %= too: CPython's bytearray has no in-place %)
        return bytes_from_py(percent_format_py(bytes_to_py(a), ab + 1))
    return 0

# ---------------------------------------------------------------- methods
# Each name is a builtin of both classes ("bytes.NAME", "bytearray.NAME");
# bytearray has the mutating ones besides.

BYTES_METHODS = ["join", "find", "rfind", "index", "rindex", "count", "startswith", "endswith",
                 "split", "rsplit", "strip", "lstrip", "rstrip", "replace", "decode", "hex",
                 "upper", "lower", "partition", "rpartition", "splitlines", "isdigit", "isalpha",
                 "isalnum", "isspace", "isupper", "islower", "istitle", "isascii", "title",
                 "capitalize", "swapcase", "center", "ljust", "rjust", "zfill", "expandtabs",
                 "removeprefix", "removesuffix", "translate"]
cdef bint is_memoryview(gcref_t v) except -1:
    # an instance of memoryview (vmsample/lang/app/types.py: a VM class)
    return "memoryview" in APP_ROOTS and has_tid(v, T_INSTANCE) and FLD(v)[I_CLASS] == app_object("memoryview")

cdef gcref_t memoryview_bytes(gcref_t* mslot) except 0:
    # the bytes a memoryview shows (its tobytes())
    cdef gcref_t r
    push(intern("tobytes"))
    r = getattr_v(mslot, top_slot()[0])
    top_slot()[0] = r
    r = vm_call(top_slot(), 0)
    pop()
    return r

BYTEARRAY_METHODS = ["append", "extend", "pop", "insert", "remove", "clear", "copy", "reverse", "__alloc__"]
# Static methods of the classes (fromhex is a classmethod in CPython: the
# result is of the class the name is looked up on, as here).
BYTES_STATIC = ["fromhex", "maketrans"]

cdef int bytes_argument(gcref_t* slot) except -1:
    # CPython's PyObject_Bytes, its first step (bytes(x), int.from_bytes): an
    # instance with __bytes__ is replaced in slot[0] by what it returns (1);
    # anything else is left (0) to the caller: a buffer, an iterable of ints.
    cdef gcref_t m
    if not has_tid(slot[0], T_INSTANCE):
        return 0
    m = magic_of(slot[0], M_BYTES)
    if m == 0:
        return 0
    slot[0] = call_method0(m, slot[0])
    if not has_tid(unwrap(slot[0]), T_BYTES):       # (a bytes subclass's instance will do)
        raise TypeError(f"__bytes__ returned non-bytes (type {type_name(slot[0])})")
    return 1

# int's conversion to bytes (int.from_bytes is CPython's: vm/slots.pxi)
INT_BYTES_METHODS = ["to_bytes"]

cdef int BI_BYTEARRAY_APPEND = -1       # (set in vm/builtins.pxi, from BUILTIN_IDS)

cdef gcref_t bytes_method(int bid, gcref_t* a, Py_ssize_t n, gcref_t kwnames) except 0:
    # The builtin [bid], "bytes.METHOD" or "bytearray.METHOD" (or int's
    # to_bytes/from_bytes); a[0] is self (none for the static methods).
    cdef gcref_t s, r, v
    cdef Py_ssize_t i, m, total, pos, start, end
    if bid == BI_BYTEARRAY_APPEND and n == 2 and not kwnames and has_tid(a[0], T_BYTEARRAY):
        # the hot one, before any name is looked at
        i = byte_value(a[1])
        m = RAW(a[0])[BA_LEN]
        bytearray_resize(a, m + 1)
        BPTR(a[0])[m] = <uint8_t>i
        return V_NONE
    owner, meth = BUILTIN_NAMES[bid].split(".")
    cdef uint16_t tid = T_BYTES if owner == "bytes" else T_BYTEARRAY
    if owner == "int":
        args = [to_py_simple(a + i) for i in range(n)]
        if n == 0 or not is_intlike(a[0]):
            raise TypeError(f"descriptor 'to_bytes' for 'int' objects doesn't apply to a "
                            f"'{type_name(a[0]) if n else 'nothing'}' object")
        return bytes_from_py(int.to_bytes(int_to_py(a[0]), *args[1:], **kwargs_py(a, n, kwnames)))
    if meth == "maketrans":         # a static method
        args = [to_py_simple(a + i) for i in range(n)]
        return py_to_vm(getattr(bytes if tid == T_BYTES else bytearray, meth)(*args, **kwargs_py(a, n, kwnames)))
    if meth == "fromhex":           # a class method: a[0] is the class
        args = [to_py_simple(a + i) for i in range(1, n)]
        r = py_to_vm((bytes if tid == T_BYTES else bytearray).fromhex(*args, **kwargs_py(a, n, kwnames)))
        if a[0] == kind_class(KIND_BYTES if tid == T_BYTES else KIND_BYTEARRAY):
            return r
        return call1(a[0], r)
    if n == 0 or not has_tid(a[0], tid):
        raise TypeError(f"descriptor '{meth}' for '{owner}' objects doesn't apply to a "
                        f"'{type_name(a[0]) if n else 'nothing'}' object")
    s = a[0]
    if not kwnames:
        if meth == "__alloc__":
            if n != 1:
                raise TypeError(f"bytearray.__alloc__() takes no arguments ({n - 1} given)")
            return tag(LEN(FLD(s)[BA_ITEMS]) + 1)      # (with CPython's trailing NUL)
        if meth == "append":
            check_one("bytearray.append", n - 1)
            i = byte_value(a[1])
            m = RAW(s)[BA_LEN]
            bytearray_resize(a, m + 1)
            BPTR(a[0])[m] = <uint8_t>i
            return V_NONE
        if meth == "extend":
            check_one("bytearray.extend", n - 1)
            if is_byteslike(a[1]):
                bytearray_append_data(a, a + 1)
            elif is_memoryview(a[1]):
                push(memoryview_bytes(a + 1))
                bytearray_append_data(a, top_slot())
                pop()
            else:
                push(bytes_from_ints(T_BYTEARRAY, a + 1))
                bytearray_append_data(a, top_slot())
                pop()
            return V_NONE
        if meth == "join" and n == 2:
            # A list or tuple of bytes-like items is read in place (nothing
            # runs while they are copied, so nothing mutates it); anything
            # else is first copied into a list, each item made bytes-like: a
            # memoryview's bytes, a subclass instance's value.
            if not ((has_tid(a[1], T_LIST) or has_tid(a[1], T_TUPLE)) and all_byteslike(a[1])):
                a[1] = list_from_iterable(a + 1)
                for i in range(SEQLEN(a[1])):
                    r = ITEMS(a[1])[i]
                    if is_memoryview(r):
                        push(r)
                        r = memoryview_bytes(top_slot())
                        pop()
                        store(FLD(a[1])[L_ITEMS], i, r)
                    elif has_tid(r, T_INSTANCE) and is_byteslike(unwrap(r)):
                        store(FLD(a[1])[L_ITEMS], i, unwrap(r))
            m = SEQLEN(a[1])
            total = 0
            for i in range(m):
                r = ITEMS(a[1])[i]
                if not is_byteslike(r):
                    raise TypeError(f"sequence item {i}: expected a bytes-like object, "
                                    f"{type_name(r)} found")
                total += BLEN(r)
            total += BLEN(a[0]) * (m - 1) if m else 0      # (not s: the copy above allocated)
            r = byteslike_new(tid, total)
            pos = 0
            for i in range(m):
                if i:
                    memcpy(BPTR(r) + pos, BPTR(a[0]), BLEN(a[0]))
                    pos += BLEN(a[0])
                v = ITEMS(a[1])[i]
                memcpy(BPTR(r) + pos, BPTR(v), BLEN(v))
                pos += BLEN(v)
            return r
        if meth in ("find", "startswith", "endswith", "index") and 2 <= n <= 4 and \
                (is_byteslike(a[1]) or is_int(a[1])):
            for i in range(2, n):
                if not is_int(a[i]):
                    break
            else:
                return bytes_search(meth, a, n)
    args = [bytes_method_argument(a + i) for i in range(n)]
    try:
        res = getattr(args[0], meth)(*args[1:], **kwargs_py(a, n, kwnames))
    except LookupError:
        if meth == "decode" and "decode_text" in APP_ROOTS:
            return codec_of_program("decode_text", a, n + nkw(kwnames), kwnames)
        raise
    if tid == T_BYTEARRAY and meth in BYTEARRAY_METHODS and meth != "copy" and meth != "__alloc__":
        bytearray_set_py(a, args[0])        # the mutation, written back
    return py_to_vm(res)

cdef object bytes_method_argument(gcref_t* slot):
    # An argument of a bytes method that CPython runs: a memoryview as its
    # bytes (CPython's methods take any buffer), anything else converted.
    if is_memoryview(slot[0]):
        push(memoryview_bytes(slot))
        x = bytes_to_py(top_slot()[0])
        pop()
        return x
    return to_py_simple(slot)

cdef gcref_t bytes_search(str meth, gcref_t* a, Py_ssize_t n) except 0:
    # find/index/startswith/endswith with a bytes-like or int needle and int bounds
    cdef Py_ssize_t start, end, m, pos, length = BLEN(a[0])
    cdef int64_t c
    start, end, _ = slice(untag(a[2]) if n >= 3 else None, untag(a[3]) if n == 4 else None).indices(length)
    if n >= 3 and untag(a[2]) > length:
        pos = -1
        if meth in ("startswith", "endswith"):
            return V_FALSE
    elif is_int(a[1]):
        if meth in ("startswith", "endswith"):
            raise TypeError(f"{meth} first arg must be bytes or a tuple of bytes, not int")
        c = untag(a[1])
        if not 0 <= c < 256:
            raise ValueError("byte must be in range(0, 256)")
        pos = byte_find(a[0], <uint8_t>c, start, end)
    elif meth in ("startswith", "endswith"):
        m = BLEN(a[1])
        if end - start < m:
            return V_FALSE
        pos = start if meth == "startswith" else end - m
        return vbool(memcmp(BPTR(a[0]) + pos, BPTR(a[1]), m) == 0)
    else:
        pos = bytes_find(a[0], a[1], start, end)
    if meth == "index" and pos < 0:
        raise ValueError("subsection not found")
    return tag(pos)
