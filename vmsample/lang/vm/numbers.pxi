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

# A big int's payload is its value in little-endian two's complement, in the
# fewest bytes that hold it and its sign.  CPython's ints are converted to and
# from it on every operation (pidigits does little else), so the conversion
# runs in C, 32 bits at a time, on the digits of CPython 3.11's ints
# (30-bit digits, sign in ob_size); other versions take CPython's own
# byte-at-a-time converters.
cdef extern from *:
    """
    #if PY_VERSION_HEX < 0x030C0000 && PyLong_SHIFT == 30 && defined(__BYTE_ORDER__) \
        && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    /* Two's complement <-> sign and magnitude, 32 bits at a time: a negative
       value's magnitude is ~x + 1, the carry rippling up from the low word. */
    static PyObject* vms_long_from_twos(const unsigned char* p, Py_ssize_t n) {
        uint32_t flip = (p[n - 1] & 0x80) ? 0xFFFFFFFFu : 0, w;
        Py_ssize_t nw = (n + 3) / 4, ndigits = (nw * 32 + 29) / 30, d = 0, i;
        uint64_t acc = 0, carry = flip & 1, t;
        int bits = 0;
        PyLongObject* v = _PyLong_New(ndigits);
        if (v == NULL)
            return NULL;
        for (i = 0; i < nw; i++) {
            if (4 * i + 4 <= n) {
                memcpy(&w, p + 4 * i, 4);
            } else {
                w = flip;                   /* the last word: sign-filled above n */
                memcpy(&w, p + 4 * i, (size_t)(n - 4 * i));
            }
            t = (uint64_t)(w ^ flip) + carry;
            carry = t >> 32;
            acc |= (t & 0xFFFFFFFFu) << bits;
            bits += 2;                      /* +32, then one digit out */
            v->ob_digit[d++] = (digit)(acc & PyLong_MASK);
            acc >>= 30;
            if (bits >= 30) {
                v->ob_digit[d++] = (digit)(acc & PyLong_MASK);
                acc >>= 30;
                bits -= 30;
            }
        }
        if (acc != 0)
            v->ob_digit[d++] = (digit)acc;
        while (d > 0 && v->ob_digit[d - 1] == 0)
            d--;
        Py_SET_SIZE(v, flip ? -d : d);
        return (PyObject*)v;
    }
    static int vms_long_to_twos(PyObject* o, unsigned char* p, Py_ssize_t n) {
        PyLongObject* v = (PyLongObject*)o;
        Py_ssize_t size = Py_SIZE(v), nd = size < 0 ? -size : size, i, j = 0;
        uint32_t flip = size < 0 ? 0xFFFFFFFFu : 0, w;
        uint64_t acc = 0, carry = flip & 1, t;
        int bits = 0;
        for (i = 0; i < nd || j < n; i++) {
            if (i < nd) {
                acc |= (uint64_t)v->ob_digit[i] << bits;
                bits += 30;
                if (bits < 32)
                    continue;
                bits -= 32;
            }
            t = (uint64_t)((uint32_t)acc ^ flip) + carry;   /* beyond the digits: the rest, then the sign */
            carry = t >> 32;
            w = (uint32_t)t;
            if (j + 4 <= n) {
                memcpy(p + j, &w, 4);
                j += 4;
            } else {
                memcpy(p + j, &w, (size_t)(n - j));
                j = n;
            }
            acc >>= 32;
        }
        return 0;
    }
    #else
    static PyObject* vms_long_from_twos(const unsigned char* p, Py_ssize_t n) {
        return _PyLong_FromByteArray(p, (size_t)n, 1, 1);
    }
    static int vms_long_to_twos(PyObject* o, unsigned char* p, Py_ssize_t n) {
    #if PY_VERSION_HEX >= 0x030D0000
        return _PyLong_AsByteArray((PyLongObject*)o, p, (size_t)n, 1, 1, 1);
    #else
        return _PyLong_AsByteArray((PyLongObject*)o, p, (size_t)n, 1, 1);
    #endif
    }
    #endif
    """
    object vms_long_from_twos(const unsigned char* p, Py_ssize_t n)
    int vms_long_to_twos(object o, unsigned char* p, Py_ssize_t n) except -1
    Py_ssize_t _PyLong_NumBits(object o) except? -1
    long long PyLong_AsLongLongAndOverflow(object o, int* overflow) except? -1

cdef gcref_t int_from_py(object i) except 0:
    # [i]: a CPython int (or bool)
    cdef gcref_t b
    cdef Py_ssize_t n
    cdef int overflow
    cdef long long x = PyLong_AsLongLongAndOverflow(i, &overflow)
    if overflow == 0 and SMALL_MIN <= x <= SMALL_MAX:
        return tag(x)
    n = _PyLong_NumBits(i) // 8 + 1
    b = alloc_var(T_BIGINT, n)
    vms_long_to_twos(i, <unsigned char*>(b + 8), n)
    return b

cdef object big_to_py(gcref_t b):
    return vms_long_from_twos(<unsigned char*>(b + 8), LEN(b))

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

cdef int intlike_cmp(gcref_t a, gcref_t b) noexcept nogil:
    # -1, 0 or 1 as int [a] is below, equal to or above int [b] (small, bool
    # or big: is_intlike), on their two's complement bytes, without CPython.
    # Two numbers of one sign order as their bytes do, sign-extended to one
    # width and read unsigned from the top.
    cdef unsigned char sa_buf[8]
    cdef unsigned char sb_buf[8]
    cdef const unsigned char* pa = intlike_bytes(a, sa_buf)
    cdef const unsigned char* pb = intlike_bytes(b, sb_buf)
    cdef Py_ssize_t la = LEN(a) if has_tid(a, T_BIGINT) else 8
    cdef Py_ssize_t lb = LEN(b) if has_tid(b, T_BIGINT) else 8
    cdef Py_ssize_t i
    cdef unsigned char sa = (pa[la - 1] >> 7) if la else 0
    cdef unsigned char sb = (pb[lb - 1] >> 7) if lb else 0
    cdef unsigned char x, y
    if sa != sb:
        return -1 if sa else 1
    i = (la if la > lb else lb) - 1
    while i >= 0:
        x = pa[i] if i < la else (0xFF if sa else 0)
        y = pb[i] if i < lb else (0xFF if sb else 0)
        if x != y:
            return -1 if x < y else 1
        i -= 1
    return 0

cdef inline const unsigned char* intlike_bytes(gcref_t v, unsigned char* buf) noexcept nogil:
    # A big int's own bytes, or a small int's (or bool's) 8 written into [buf].
    cdef int64_t x
    cdef int i
    if has_tid(v, T_BIGINT):
        return <const unsigned char*>(v + 8)
    x = untag(v) if is_int(v) else (1 if v == V_TRUE else 0)
    for i in range(8):
        buf[i] = <unsigned char>((<uint64_t>x >> (8 * i)) & 0xFF)
    return buf

cdef inline bint is_number(gcref_t v) noexcept nogil:
    return is_intlike(v) or has_tid(v, T_FLOAT)

# CPython's float(), called as a value: Cython compiles float(x) into its
# own parser of str, which accepts what CPython refuses ("1.0e+_1").
HOST_FLOAT = float

cdef object num_to_py(gcref_t v):
    if has_tid(v, T_FLOAT):
        return FVAL(v)
    return int_to_py(v)

# A complex number compares and hashes with ints and floats by value
# (1 == 1+0j, hash(2.5) == hash(2.5+0j)): CPython's own complex does it, on
# the values read here (no allocation, so nothing needs rooting).
cdef inline bint is_numeric(gcref_t v) noexcept nogil:
    return is_number(v) or has_tid(v, T_COMPLEX)

cdef object numeric_to_py(gcref_t v):
    if has_tid(v, T_COMPLEX):
        return complex(CREAL(v), CIMAG(v))
    return num_to_py(v)

cdef gcref_t num_from_py(object x) except 0:
    # (a complex too: what a float's power of a fraction gives, (-8.0) ** (1/3))
    if type(x) is float:
        return float_new(x)
    if type(x) is complex:
        return complex_new(x.real, x.imag)
    if type(x) is bool:
        return vbool(x)
    return int_from_py(x)

cdef int64_t MODULUS = (<int64_t>1 << 61) - 1

cdef int64_t int_hash(int64_t v) noexcept nogil:
    # CPython's hash for ints in [-2**62, 2**62): v mod (2**61 - 1), sign kept.
    # |v| <= 2**62 is hi * 2**61 + lo with hi <= 2, and 2**61 is 1 modulo the
    # Mersenne prime: the remainder is lo + hi, less the prime once if it
    # reaches it (no division: a hashed dict key's int cost one, ~40 cycles).
    cdef int64_t a = v if v >= 0 else -v
    cdef int64_t r = (a & MODULUS) + (a >> 61)
    if r >= MODULUS:
        r -= MODULUS
    if v < 0:
        r = -r
    if r == -1:
        r = -2
    return r

