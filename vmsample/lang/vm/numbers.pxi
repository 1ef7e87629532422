# vm/numbers.pxi, included by _vm.pyx (one extension module, one C file).
#
# Numbers: floats and big ints as heap objects, conversions to and from
# CPython numbers, and CPython's numeric hash (MODULUS).

# ---------------------------------------------------------------- numbers

cdef inline double FVAL(gcref_t f) noexcept nogil:
    return (<double*>(f + 8))[0]

cdef inline bint as_double(gcref_t v, double* out) noexcept nogil:
    # A float, or a small int that a double holds exactly (|i| < 2**53):
    # then mixed arithmetic and comparisons in C agree with CPython's.
    cdef int64_t i
    if is_int(v):
        i = untag(v)
        if -(<int64_t>1 << 53) < i < (<int64_t>1 << 53):
            out[0] = <double>i
            return True
        return False
    if is_obj(v) and (<GCHeader*>v).tid == T_FLOAT:
        out[0] = FVAL(v)
        return True
    return False

cdef gcref_t float_new(double d) except 0:
    cdef gcref_t f = alloc_fixed(T_FLOAT)
    (<double*>(f + 8))[0] = d
    return f

cdef gcref_t int_from_py(object i) except 0:
    cdef gcref_t b
    cdef Py_ssize_t n
    if SMALL_MIN <= i <= SMALL_MAX:
        return tag(<int64_t>i)
    n = (i.bit_length() + 8) // 8
    data = i.to_bytes(n, "little", signed=True)
    b = alloc_var(T_BIGINT, n)
    memcpy(<char*>(b + 8), <char*>data, n)
    return b

cdef object big_to_py(gcref_t b):
    return int.from_bytes((<char*>(b + 8))[:LEN(b)], "little", signed=True)

cdef inline bint is_intlike(gcref_t v) noexcept nogil:
    # int, big int or bool
    return is_int(v) or v == V_TRUE or v == V_FALSE or has_tid(v, T_BIGINT)

cdef object int_to_py(gcref_t v):
    if is_int(v):
        return untag(v)
    if v == V_TRUE:
        return 1
    if v == V_FALSE:
        return 0
    if not has_tid(v, T_BIGINT):
        # (callers check first; this keeps a missed check an error, not a crash)
        raise TypeError(f"'{type_name(v)}' object cannot be interpreted as an integer")
    return big_to_py(v)

cdef inline bint is_number(gcref_t v) noexcept nogil:
    return is_intlike(v) or has_tid(v, T_FLOAT)

cdef object num_to_py(gcref_t v):
    if has_tid(v, T_FLOAT):
        return FVAL(v)
    return int_to_py(v)

cdef gcref_t num_from_py(object x) except 0:
    if type(x) is float:
        return float_new(x)
    if type(x) is bool:
        return vbool(x)
    return int_from_py(x)

cdef int64_t MODULUS = (<int64_t>1 << 61) - 1

cdef int64_t int_hash(int64_t v) noexcept nogil:
    # CPython's hash for ints in [-2**62, 2**62): v mod (2**61 - 1), sign kept.
    cdef int64_t a = v if v >= 0 else -v
    cdef int64_t r = a % MODULUS
    if v < 0:
        r = -r
    if r == -1:
        r = -2
    return r

