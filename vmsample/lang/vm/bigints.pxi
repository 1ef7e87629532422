# vm/bigints.pxi, included by _vm.pyx (one extension module, one C file).
#
# Big-int arithmetic on the payload itself: + and - of any two ints, * by
# an int that fits in 64 bits, // and % by a positive small int, and by any
# int when the quotient is below 2**50, in C on the two's complement bytes
# (vm/numbers.pxi), 64 bits at a time.  Everything else (a product of two
# big ints, a long quotient, powers, shifts, bitwise operators) converts to
# CPython's ints and back, whose algorithms (Karatsuba, long division) win
# on those.  The chains pidigits and digit loops are made of -- a big int
# times a small one plus another big int, over one of its own size --
# never leave the VM's representation: converting both operands and the
# result around every operation was 56% of pidigits' time, against 20% in
# the arithmetic.
#
# The invariant: a result is exactly the value int_from_py would make of
# CPython's answer -- a small int tagged, a big int in the byte length
# int_from_py gives it (_PyLong_NumBits(|x|) // 8 + 1), so that a profile
# records the same allocations, of the same sizes, as the converting path.

# ---------------------------------------------------------------- big ints

cdef extern from *:
    """
    /* Word i of the two's complement number p[0..n), sign-extended. */
    static inline uint64_t vms_big_word(const unsigned char* p, Py_ssize_t n, Py_ssize_t i,
                                        uint64_t fill) {
        uint64_t w = fill;
        if (8 * i + 8 <= n)
            memcpy(&w, p + 8 * i, 8);
        else if (8 * i < n)
            memcpy(&w, p + 8 * i, (size_t)(n - 8 * i));   /* (little-endian: the top bytes keep the fill) */
        return w;
    }
    static inline uint64_t vms_big_fill(const unsigned char* p, Py_ssize_t n) {
        return (p[n - 1] & 0x80) ? ~(uint64_t)0 : 0;
    }
    static inline Py_ssize_t vms_big_words(Py_ssize_t n) {
        return (n + 7) / 8;
    }

    /* r[0..nw) = a + b, or a - b (a + ~b + 1), modulo 2**(64 nw): nw words
       must hold the result (nw > the words of either does).  r may be a. */
    static void vms_big_addsub(const unsigned char* a, Py_ssize_t na, const unsigned char* b,
                               Py_ssize_t nb, int sub, uint64_t* r, Py_ssize_t nw) {
        uint64_t fa = vms_big_fill(a, na), fb = vms_big_fill(b, nb);
        uint64_t flip = sub ? ~(uint64_t)0 : 0, carry = sub ? 1 : 0, x, s, c;
        Py_ssize_t i;
        for (i = 0; i < nw; i++) {
            x = vms_big_word(a, na, i, fa);
            s = x + (vms_big_word(b, nb, i, fb) ^ flip);
            c = s < x;
            s += carry;
            carry = c + (s < carry);
            r[i] = s;
        }
    }

    /* r[0..nw) = -r[0..nw) */
    static void vms_big_negate(uint64_t* r, Py_ssize_t nw) {
        uint64_t carry = 1;
        Py_ssize_t i;
        for (i = 0; i < nw; i++) {
            r[i] = ~r[i] + carry;
            carry = carry && r[i] == 0;
        }
    }

    /* r[0..nw) = |a|; nw >= the words of a.  Returns whether a < 0. */
    static int vms_big_magnitude(const unsigned char* a, Py_ssize_t na, uint64_t* r, Py_ssize_t nw) {
        uint64_t fa = vms_big_fill(a, na), carry = fa & 1;
        Py_ssize_t i;
        for (i = 0; i < nw; i++) {
            r[i] = (vms_big_word(a, na, i, fa) ^ fa) + carry;
            carry = carry && r[i] == 0;
        }
        return (int)(fa & 1);
    }

    /* r[0..nw) = a * m; nw >= the words of a + 2 (the product's word and
       its sign). */
    static void vms_big_mul1(const unsigned char* a, Py_ssize_t na, int64_t m, uint64_t* r,
                             Py_ssize_t nw) {
        uint64_t um = m < 0 ? (uint64_t)0 - (uint64_t)m : (uint64_t)m;
        uint64_t fa = vms_big_fill(a, na), carry = fa & 1, w;
        unsigned __int128 acc = 0;
        Py_ssize_t i;
        for (i = 0; i < nw; i++) {          /* |a| word by word (as vms_big_magnitude), times |m| */
            w = (vms_big_word(a, na, i, fa) ^ fa) + carry;
            carry = carry && w == 0;
            acc += (unsigned __int128)w * um;
            r[i] = (uint64_t)acc;
            acc >>= 64;
        }
        if ((fa & 1) != (m < 0))
            vms_big_negate(r, nw);
    }

    /* r[0..nw) = a // m, returning a % m (floored, as Python's); m > 0,
       nw >= the words of a + 1. */
    static uint64_t vms_big_divmod1(const unsigned char* a, Py_ssize_t na, uint64_t m, uint64_t* r,
                                    Py_ssize_t nw) {
        int neg = vms_big_magnitude(a, na, r, nw);
        unsigned __int128 cur;
        uint64_t rem = 0;
        Py_ssize_t i;
        for (i = nw - 1; i >= 0; i--) {
            cur = ((unsigned __int128)rem << 64) | r[i];
            r[i] = (uint64_t)(cur / m);
            rem = (uint64_t)(cur % m);
        }
        if (neg) {
            /* -(Q + R/m): floored, -Q - 1 remainder m - R when R > 0 */
            if (rem != 0) {
                for (i = 0; i < nw && ++r[i] == 0; i++)
                    ;
                rem = m - rem;
            }
            vms_big_negate(r, nw);
        }
        return rem;
    }

    /* a's value as m * 2**e, m from its top two words (at least 57 bits
       of it: the payload's top byte is not sign only). */
    static double vms_big_approx(const unsigned char* p, Py_ssize_t n, int* e) {
        Py_ssize_t nw = vms_big_words(n);
        uint64_t fill = vms_big_fill(p, n);
        double m = (double)(int64_t)vms_big_word(p, n, nw - 1, fill);
        *e = 0;
        if (nw >= 2) {
            m = m * 18446744073709551616.0 + (double)vms_big_word(p, n, nw - 2, fill);
            *e = 64 * (int)(nw - 2);
        }
        return m;
    }
    static inline int vms_big_negative(const uint64_t* r, Py_ssize_t nw) {
        return (int64_t)r[nw - 1] < 0;
    }
    static inline int vms_big_zero(const uint64_t* r, Py_ssize_t nw) {
        Py_ssize_t i;
        for (i = 0; i < nw; i++)
            if (r[i] != 0)
                return 0;
        return 1;
    }

    /* *q = a // b and r[0..nw) = a % b (floored) for b != 0 when the
       quotient is below 2**50 (pidigits' digits, a number over one of
       its size): q estimated in floating point from the leading words,
       then r = a - q * b and q corrected until r is floored division's
       remainder (0 <= r < b, or b < r <= 0), which the estimate's 2**-52
       relative error makes at most a step or two.  Returns 0 when it does
       not apply (a larger quotient, or more steps), for the caller's
       CPython path.  t: scratch, nw words; nw >= either's words + 3. */
    static int vms_big_divmod_small(const unsigned char* a, Py_ssize_t na, const unsigned char* b,
                                    Py_ssize_t nb, int64_t* q, uint64_t* r, uint64_t* t,
                                    Py_ssize_t nw) {
        int ea, eb, step, bneg = vms_big_fill(b, nb) != 0;
        double ma = vms_big_approx(a, na, &ea), mb = vms_big_approx(b, nb, &eb), x;
        const unsigned char* rb = (const unsigned char*)r;
        const unsigned char* tb = (const unsigned char*)t;
        if (mb == 0.0)
            return 0;
        x = floor(ldexp(ma / mb, ea - eb));
        if (!(fabs(x) < 1125899906842624.0))       /* 2**50 (and not a NaN) */
            return 0;
        *q = (int64_t)x;
        vms_big_mul1(b, nb, *q, t, nw);
        vms_big_addsub(a, na, tb, 8 * nw, 1, r, nw);
        for (step = 0; step < 4; step++) {
            if (!vms_big_zero(r, nw) && vms_big_negative(r, nw) != bneg) {
                /* r's sign is not b's: q is one too many */
                vms_big_addsub(rb, 8 * nw, b, nb, 0, r, nw);
                --*q;
                continue;
            }
            vms_big_addsub(rb, 8 * nw, b, nb, 1, t, nw);
            if (vms_big_zero(t, nw) || vms_big_negative(t, nw) == bneg) {
                /* r - b still has b's sign (or is 0): q is one too few */
                memcpy(r, t, 8 * nw);
                ++*q;
                continue;
            }
            return 1;
        }
        return 0;
    }

    /* The byte length int_from_py gives the value r[0..nw): the fewest
       bytes that hold it and its sign, one more for -2**(8k-1) (whose
       magnitude has 8k bits).  Its top word is sign only (the callers'
       headroom), so the length is below 8 * nw. */
    static Py_ssize_t vms_big_length(const uint64_t* r, Py_ssize_t nw) {
        const unsigned char* q = (const unsigned char*)r;
        uint64_t wfill = (int64_t)r[nw - 1] < 0 ? ~(uint64_t)0 : 0;
        Py_ssize_t n, i;
        unsigned char sign, fill;
        while (nw > 1 && r[nw - 1] == wfill && (r[nw - 2] ^ wfill) >> 63 == 0)
            nw--;                           /* whole words of sign first (a product by 0) */
        n = 8 * nw;
        sign = q[n - 1] & 0x80;
        fill = sign ? 0xFF : 0;
        while (n > 1 && q[n - 1] == fill && (q[n - 2] & 0x80) == sign)
            n--;
        if (sign && q[n - 1] == 0x80) {
            for (i = 0; i < n - 1 && q[i] == 0; i++)
                ;
            if (i == n - 1)
                n++;
        }
        return n;
    }

    /* The test build (NDEBUG undefined) checks the invariant against
       CPython on every big result: int_from_py's length of the same value. */
    #ifndef NDEBUG
    static void vms_big_check_length(const uint64_t* r, Py_ssize_t nw, Py_ssize_t n) {
        PyObject* v = _PyLong_FromByteArray((const unsigned char*)r, (size_t)(8 * nw), 1, 1);
        assert(v != NULL && _PyLong_NumBits(v) / 8 + 1 == (size_t)n);
        Py_XDECREF(v);
    }
    #else
    #define vms_big_check_length(r, nw, n) ((void)0)
    #endif
    """
    void vms_big_addsub(const unsigned char* a, Py_ssize_t na, const unsigned char* b,
                        Py_ssize_t nb, int sub, uint64_t* r, Py_ssize_t nw) noexcept nogil
    void vms_big_mul1(const unsigned char* a, Py_ssize_t na, int64_t m, uint64_t* r,
                      Py_ssize_t nw) noexcept nogil
    uint64_t vms_big_divmod1(const unsigned char* a, Py_ssize_t na, uint64_t m, uint64_t* r,
                             Py_ssize_t nw) noexcept nogil
    int vms_big_divmod_small(const unsigned char* a, Py_ssize_t na, const unsigned char* b,
                             Py_ssize_t nb, int64_t* q, uint64_t* r, uint64_t* t,
                             Py_ssize_t nw) noexcept nogil
    Py_ssize_t vms_big_length(const uint64_t* r, Py_ssize_t nw) noexcept nogil
    Py_ssize_t vms_big_words(Py_ssize_t n) noexcept nogil
    void vms_big_check_length(const uint64_t* r, Py_ssize_t nw, Py_ssize_t n) noexcept

cdef enum:
    BIG_STACK_WORDS = 64        # results up to 4096 bits in a C array, larger ones malloc'd

cdef inline bint int64_of(gcref_t v, int64_t* out) noexcept nogil:
    # A small int's or a bool's value (what fits in 64 bits without a payload).
    if is_int(v):
        out[0] = untag(v)
        return True
    if v == V_TRUE or v == V_FALSE:
        out[0] = v == V_TRUE
        return True
    return False

cdef gcref_t int_arith(gcref_t a, gcref_t b, int op) except? 0:
    # a op b for ints a and b (is_intlike) when this file does it in C
    # (its block comment), or 0 for CPython's ints to do it.
    cdef unsigned char abuf[8]
    cdef unsigned char bbuf[8]
    cdef uint64_t stack[BIG_STACK_WORDS]
    cdef uint64_t* r
    cdef const unsigned char* pa
    cdef const unsigned char* pb
    cdef Py_ssize_t na, nb, nw
    cdef int64_t m = 0
    cdef uint64_t rem
    if op == B_MUL and not int64_of(b, &m):
        if not int64_of(a, &m):
            return 0                                # big * big: Karatsuba's
        a, b = b, a
    elif op == B_FLOORDIV or op == B_MOD:
        if b == tag(0) or b == V_FALSE:
            return 0                                # (CPython's ZeroDivisionError)
        if not (has_tid(a, T_BIGINT) and int64_of(b, &m) and m > 0):
            return int_divmod_small(a, b, op)
    elif op > B_MUL:
        return 0
    pa = intlike_bytes(a, abuf)
    na = LEN(a) if has_tid(a, T_BIGINT) else 8
    if op == B_ADD or op == B_SUB:
        pb = intlike_bytes(b, bbuf)
        nb = LEN(b) if has_tid(b, T_BIGINT) else 8
        nw = vms_big_words(na if na > nb else nb) + 1
    elif op == B_MUL:
        nw = vms_big_words(na) + 2
    else:
        nw = vms_big_words(na) + 1
    r = &stack[0] if nw <= BIG_STACK_WORDS else <uint64_t*>malloc(nw * 8)
    if r == NULL:
        raise MemoryError()
    try:
        if op == B_ADD or op == B_SUB:
            vms_big_addsub(pa, na, pb, nb, op == B_SUB, r, nw)
        elif op == B_MUL:
            vms_big_mul1(pa, na, m, r, nw)
        else:
            rem = vms_big_divmod1(pa, na, <uint64_t>m, r, nw)
            if op == B_MOD:
                return tag(<int64_t>rem)            # (below m, a small int)
        return int_from_words(r, nw)
    finally:
        if r != &stack[0]:
            free(r)

cdef gcref_t int_divmod_small(gcref_t a, gcref_t b, int op) except? 0:
    # a // b or a % b (b != 0) when the quotient is below 2**50
    # (vms_big_divmod_small), or 0 for CPython's ints to do it.
    cdef unsigned char abuf[8]
    cdef unsigned char bbuf[8]
    cdef uint64_t stack[BIG_STACK_WORDS]
    cdef const unsigned char* pa = intlike_bytes(a, abuf)
    cdef const unsigned char* pb = intlike_bytes(b, bbuf)
    cdef Py_ssize_t na = LEN(a) if has_tid(a, T_BIGINT) else 8
    cdef Py_ssize_t nb = LEN(b) if has_tid(b, T_BIGINT) else 8
    cdef Py_ssize_t nw = vms_big_words(na if na > nb else nb) + 3
    cdef uint64_t* r = &stack[0] if 2 * nw <= BIG_STACK_WORDS else <uint64_t*>malloc(2 * nw * 8)
    cdef int64_t q
    if r == NULL:
        raise MemoryError()
    try:
        if not vms_big_divmod_small(pa, na, pb, nb, &q, r, r + nw, nw):
            return 0
        if op == B_FLOORDIV:
            return tag(q)
        return int_from_words(r, nw)
    finally:
        if r != &stack[0]:
            free(r)

cdef gcref_t int_from_words(const uint64_t* r, Py_ssize_t nw) except 0:
    # The value of the two's complement words r[0..nw), whose top word is
    # sign only: a small int, or a big int of int_from_py's length.
    cdef Py_ssize_t n = vms_big_length(r, nw)
    cdef int64_t x
    cdef gcref_t v
    if n <= 8:
        x = <int64_t>r[0]
        if fits(x):
            return tag(x)
    vms_big_check_length(r, nw, n)
    v = alloc_var(T_BIGINT, n)                      # (reads nothing of the heap after)
    memcpy(<void*>(v + 8), r, n)
    return v
