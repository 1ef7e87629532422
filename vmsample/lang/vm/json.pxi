# vm/json.pxi, included by _vm.pyx (one extension module, one C file).
#
# json's speedups in C: _vm.json_encode and _vm.json_scan, the fast paths of
# the VM's _json (vmsample/lang/lib/_json.py), as CPython's json runs its C
# _json.  Each takes only the common case and says "not mine" (None) for
# anything else, and _json.py then does the whole call in Python, which
# holds every rule (hooks, default(), error messages and positions):
#
# * json_encode(obj, item_separator, key_separator, ensure_ascii, allow_nan):
#   the JSON text of obj, or None.  It takes None, bools, exact ints, floats
#   and strs, and exact lists, tuples and dicts whose keys are strs, ints,
#   bools or None, nested at most JSON_MAX_DEPTH deep (a cycle gets there:
#   the Python encoder then reports it).  It writes into a C buffer and
#   allocates one str at the end: nothing moves while it walks obj, and it
#   runs no VM code, so handing the call back to Python repeats nothing a
#   program could see.
# * json_scan(s, idx, strict): (the value that starts at s[idx], the index
#   after it), or None: on any error (Python raises it with CPython's
#   message), at NaN/Infinity (parse_constant), deeper than JSON_MAX_DEPTH.
#   The caller has checked that no hook is set.  Equal object keys are one
#   str within a call, as CPython's scanner's memo makes them.  Every value it makes is
#   held in a pushed slot while it allocates the next one, and s is re-read
#   from its slot after each allocation (design block, 2. Roots).

from libc.string cimport strlen

cdef extern from "Python.h":
    char* PyOS_double_to_string(double val, char format_code, int precision, int flags, int* ptype) except NULL
    double PyOS_string_to_double(const char* s, char** endptr, PyObject* overflow_exception) except? -1.0
    void PyMem_Free(void* p)
    int Py_DTSF_ADD_DOT_0

cdef enum:
    JSON_MAX_DEPTH = 1000      # CPython's recursion limit: deeper, Python raises RecursionError

# ---------------------------------------------------------------- encoding

cdef struct JsonOut:
    uint32_t* buf
    Py_ssize_t len
    Py_ssize_t cap
    uint32_t* item_sep
    Py_ssize_t item_sep_len
    uint32_t* key_sep
    Py_ssize_t key_sep_len
    bint ascii
    bint allow_nan

cdef int jout_reserve(JsonOut* o, Py_ssize_t extra) except -1:
    cdef Py_ssize_t cap = o.cap
    cdef uint32_t* buf
    if o.len + extra <= cap:
        return 0
    while cap < o.len + extra:
        cap = cap * 2 if cap else 256
    buf = <uint32_t*>realloc(o.buf, cap * sizeof(uint32_t))
    if buf == NULL:
        raise MemoryError()
    o.buf = buf
    o.cap = cap
    return 0

cdef int jout_ascii(JsonOut* o, const char* s, Py_ssize_t n) except -1:
    cdef Py_ssize_t i
    jout_reserve(o, n)
    for i in range(n):
        o.buf[o.len + i] = <uint8_t>s[i]
    o.len += n
    return 0

cdef int jout_chars(JsonOut* o, const uint32_t* s, Py_ssize_t n) except -1:
    jout_reserve(o, n)
    memcpy(o.buf + o.len, s, n * sizeof(uint32_t))
    o.len += n
    return 0

cdef int jout_int(JsonOut* o, int64_t i) except -1:
    cdef char digits[24]
    cdef int k = 24
    cdef uint64_t u = <uint64_t>(-i) if i < 0 else <uint64_t>i
    while True:
        k -= 1
        digits[k] = <char>(48 + u % 10)
        u //= 10
        if u == 0:
            break
    if i < 0:
        k -= 1
        digits[k] = b'-'
    return jout_ascii(o, &digits[k], 24 - k)

cdef int jout_hex4(JsonOut* o, uint32_t c) except -1:
    cdef const char* hexdigits = b"0123456789abcdef"
    jout_reserve(o, 6)
    o.buf[o.len] = 92         # backslash
    o.buf[o.len + 1] = 117    # u
    o.buf[o.len + 2] = <uint8_t>hexdigits[(c >> 12) & 15]
    o.buf[o.len + 3] = <uint8_t>hexdigits[(c >> 8) & 15]
    o.buf[o.len + 4] = <uint8_t>hexdigits[(c >> 4) & 15]
    o.buf[o.len + 5] = <uint8_t>hexdigits[c & 15]
    o.len += 6
    return 0

cdef int jout_string(JsonOut* o, const uint32_t* s, Py_ssize_t n) except -1:
    # The quoted, escaped str, as encode_basestring(_ascii) writes it.
    cdef Py_ssize_t i, start = 0
    cdef uint32_t c
    jout_reserve(o, n + 2)
    o.buf[o.len] = 34
    o.len += 1
    for i in range(n):
        c = s[i]
        if 32 <= c and c != 34 and c != 92 and (c < 127 or not o.ascii):
            continue
        jout_chars(o, s + start, i - start)
        start = i + 1
        if c == 34:
            jout_ascii(o, b'\\"', 2)
        elif c == 92:
            jout_ascii(o, b'\\\\', 2)
        elif c == 8:
            jout_ascii(o, b'\\b', 2)
        elif c == 12:
            jout_ascii(o, b'\\f', 2)
        elif c == 10:
            jout_ascii(o, b'\\n', 2)
        elif c == 13:
            jout_ascii(o, b'\\r', 2)
        elif c == 9:
            jout_ascii(o, b'\\t', 2)
        elif c < 0x10000:
            jout_hex4(o, c)
        else:                       # a UTF-16 surrogate pair
            c -= 0x10000
            jout_hex4(o, 0xD800 | (c >> 10))
            jout_hex4(o, 0xDC00 | (c & 0x3FF))
    jout_chars(o, s + start, n - start)
    jout_reserve(o, 1)
    o.buf[o.len] = 34
    o.len += 1
    return 0

cdef int jout_float(JsonOut* o, double d) except -1:
    # 1 written, 0 not mine (NaN or an infinity when allow_nan is off)
    cdef char* text
    if isnan(d) or isinf(d):
        if not o.allow_nan:
            return 0
        if isnan(d):
            jout_ascii(o, b"NaN", 3)
        elif d > 0:
            jout_ascii(o, b"Infinity", 8)
        else:
            jout_ascii(o, b"-Infinity", 9)
        return 1
    text = PyOS_double_to_string(d, b'r', 0, Py_DTSF_ADD_DOT_0, NULL)     # float.__repr__
    try:
        jout_ascii(o, text, strlen(text))
    finally:
        PyMem_Free(text)
    return 1

cdef int json_encode_value(JsonOut* o, gcref_t v, int depth) except -1:
    # 1 written, 0 not mine (then o holds a partial text the caller drops)
    cdef uint16_t t
    cdef Py_ssize_t i, n
    cdef gcref_t* items
    cdef gcref_t key
    cdef bint first
    if v == V_NONE:
        return jout_ascii(o, b"null", 4) + 1
    if v == V_TRUE:
        return jout_ascii(o, b"true", 4) + 1
    if v == V_FALSE:
        return jout_ascii(o, b"false", 5) + 1
    if is_int(v):
        return jout_int(o, untag(v)) + 1
    if not is_obj(v):
        return 0
    t = TID(v)
    if t == T_STR:
        return jout_string(o, SDATA(v), LEN(v)) + 1
    if t == T_FLOAT:
        return jout_float(o, FVAL(v))
    if t == T_BIGINT:
        text = repr(int_to_py(v)).encode("ascii")
        return jout_ascii(o, text, len(text)) + 1
    if depth >= JSON_MAX_DEPTH:
        return 0
    if t == T_LIST or t == T_TUPLE:
        n = SEQLEN(v)
        if n == 0:
            return jout_ascii(o, b"[]", 2) + 1
        jout_ascii(o, b"[", 1)
        for i in range(n):
            if i:
                jout_chars(o, o.item_sep, o.item_sep_len)
            if not json_encode_value(o, ITEMS(v)[i], depth + 1):
                return 0
        return jout_ascii(o, b"]", 1) + 1
    if t == T_DICT:
        if RAW(v)[D_USED] == 0:
            return jout_ascii(o, b"{}", 2) + 1
        jout_ascii(o, b"{", 1)
        first = True
        items = ENT(v)
        for i in range(RAW(v)[D_NENTRIES]):
            key = items[3 * i + 1]
            if key == 0:
                continue
            if not first:
                jout_chars(o, o.item_sep, o.item_sep_len)
            first = False
            if has_tid(key, T_STR):
                jout_string(o, SDATA(key), LEN(key))
            elif is_int(key) or key == V_NONE or key == V_TRUE or key == V_FALSE:
                jout_ascii(o, b'"', 1)
                json_encode_value(o, key, depth + 1)
                jout_ascii(o, b'"', 1)
            else:
                return 0
            jout_chars(o, o.key_sep, o.key_sep_len)
            if not json_encode_value(o, items[3 * i + 2], depth + 1):
                return 0
        return jout_ascii(o, b"}", 1) + 1
    return 0

cdef gcref_t json_encode(gcref_t* a, Py_ssize_t n) except 0:
    cdef JsonOut o
    cdef gcref_t r
    cdef int done
    check_args("json_encode", n, 5, 5)
    if not has_tid(a[1], T_STR) or not has_tid(a[2], T_STR):
        return V_NONE
    memset(&o, 0, sizeof(o))
    o.item_sep = SDATA(a[1])
    o.item_sep_len = LEN(a[1])
    o.key_sep = SDATA(a[2])
    o.key_sep_len = LEN(a[2])
    o.ascii = a[3] == V_TRUE
    o.allow_nan = a[4] == V_TRUE
    try:
        done = json_encode_value(&o, a[0], 0)
        # (the separators' and obj's addresses are good until here: nothing
        # has allocated in the VM's heap)
        if not done:
            return V_NONE
        r = str_new(o.len)
        memcpy(SDATA(r), o.buf, o.len * sizeof(uint32_t))
        return r
    finally:
        free(o.buf)


# ---------------------------------------------------------------- decoding

cdef struct JsonIn:
    gcref_t* sslot          # the str being scanned (re-read after allocating)
    gcref_t* memo           # the keys met so far, a dict made at the first key (V_NONE before)
    Py_ssize_t n
    Py_ssize_t pos
    bint strict
    uint32_t* buf           # a decoded string's characters
    Py_ssize_t cap

cdef inline uint32_t* jin_src(JsonIn* p) noexcept nogil:
    return SDATA(p.sslot[0])

cdef inline void jin_space(JsonIn* p) noexcept nogil:
    cdef uint32_t* s = jin_src(p)
    cdef uint32_t c
    while p.pos < p.n:
        c = s[p.pos]
        if c != 32 and c != 9 and c != 10 and c != 13:
            return
        p.pos += 1

cdef inline int jin_hex4(const uint32_t* s, Py_ssize_t i) noexcept nogil:
    # the value of the 4 hex digits at s[i], or -1
    cdef int v = 0, k
    cdef uint32_t c
    for k in range(4):
        c = s[i + k]
        if 48 <= c <= 57:
            v = v * 16 + <int>(c - 48)
        elif 97 <= c <= 102:
            v = v * 16 + <int>(c - 87)
        elif 65 <= c <= 70:
            v = v * 16 + <int>(c - 55)
        else:
            return -1
    return v

cdef int json_scan_string(JsonIn* p) except -1:
    # p.pos: after the opening quote.  1: the str pushed, p.pos after the
    # closing quote; 0: not mine.
    cdef uint32_t* s = jin_src(p)
    cdef Py_ssize_t i = p.pos, start, k = 0, chunk
    cdef uint32_t c
    cdef int code, low
    cdef uint32_t* buf
    cdef gcref_t r
    while True:
        start = i
        while i < p.n:
            c = s[i]
            if c == 34 or c == 92 or (c < 32 and p.strict):
                break
            i += 1
        if i == p.n:
            return 0
        if s[i] == 34 and k == 0:
            break               # no escape: copied from the source below
        chunk = i - start
        if k + chunk + 2 > p.cap:
            p.cap = (k + chunk + 2) * 2
            buf = <uint32_t*>realloc(p.buf, p.cap * sizeof(uint32_t))
            if buf == NULL:
                raise MemoryError()
            p.buf = buf
        memcpy(p.buf + k, s + start, chunk * sizeof(uint32_t))
        k += chunk
        c = s[i]
        if c == 34:
            break
        if c != 92 or i + 1 == p.n:
            return 0
        c = s[i + 1]
        i += 2
        if c == 34 or c == 92 or c == 47:
            p.buf[k] = c
        elif c == 98:
            p.buf[k] = 8
        elif c == 102:
            p.buf[k] = 12
        elif c == 110:
            p.buf[k] = 10
        elif c == 114:
            p.buf[k] = 13
        elif c == 116:
            p.buf[k] = 9
        elif c == 117:
            # \uXXXX, and a high surrogate followed by \uXXXX a pair if that is
            # a low one (as _json.py and CPython's C code read them)
            if i + 4 >= p.n:
                return 0
            code = jin_hex4(s, i)
            if code < 0:
                return 0
            i += 4
            if 0xD800 <= code <= 0xDBFF and i + 6 < p.n and s[i] == 92 and s[i + 1] == 117:
                low = jin_hex4(s, i + 2)
                if low < 0:
                    return 0
                if 0xDC00 <= low <= 0xDFFF:
                    code = 0x10000 + (((code - 0xD800) << 10) | (low - 0xDC00))
                    i += 6
            p.buf[k] = <uint32_t>code
        else:
            return 0
        k += 1
    if k == 0:
        # no escape: the characters between the quotes
        k = i - p.pos
        if k == 1:
            r = str_char(s[p.pos])
        else:
            r = str_new(k)
            memcpy(SDATA(r), jin_src(p) + p.pos, k * sizeof(uint32_t))
    elif k == 1:
        r = str_char(p.buf[0])
    else:
        r = str_new(k)
        memcpy(SDATA(r), p.buf, k * sizeof(uint32_t))
    p.pos = i + 1
    push(r)
    return 1

cdef int json_scan_number(JsonIn* p) except -1:
    # -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)? at p.pos, pushed
    cdef uint32_t* s = jin_src(p)
    cdef Py_ssize_t i = p.pos, start = p.pos, j
    cdef bint is_float = False
    cdef int64_t value = 0
    if i < p.n and s[i] == 45:
        i += 1
    if i >= p.n or not (48 <= s[i] <= 57):
        return 0
    if s[i] == 48:
        i += 1
    else:
        while i < p.n and 48 <= s[i] <= 57:
            i += 1
    if i + 1 < p.n and s[i] == 46 and 48 <= s[i + 1] <= 57:
        is_float = True
        i += 2
        while i < p.n and 48 <= s[i] <= 57:
            i += 1
    if i < p.n and (s[i] == 101 or s[i] == 69):
        j = i + 1
        if j < p.n and (s[j] == 43 or s[j] == 45):
            j += 1
        if j < p.n and 48 <= s[j] <= 57:
            is_float = True
            i = j
            while i < p.n and 48 <= s[i] <= 57:
                i += 1
    p.pos = i
    if not is_float and i - start <= 18:
        for j in range(start + (s[start] == 45), i):
            value = value * 10 + <int64_t>(s[j] - 48)
        return push(tag(-value if s[start] == 45 else value)) + 1
    text = bytes([<uint8_t>s[j] for j in range(start, i)])
    if is_float:
        return push(float_new(PyOS_string_to_double(text, NULL, NULL))) + 1
    return push(from_host(int(text))) + 1

cdef int json_memo_key(JsonIn* p) except -1:
    # The key just pushed: replaced by the equal one met before, or remembered.
    cdef Py_ssize_t ix
    cdef gcref_t* key = top_slot()
    if p.memo[0] == V_NONE:
        p.memo[0] = dict_new()
    ix = dict_index_str(p.memo[0], key[0])
    if ix >= 0:
        key[0] = ENT(p.memo[0])[3 * ix + 1]
    else:
        dict_set(p.memo, key, key)
    return 0

cdef int json_scan_value(JsonIn* p, int depth) except -1:
    # 1: the value at p.pos pushed, p.pos after it; 0: not mine
    cdef uint32_t* s = jin_src(p)
    cdef uint32_t c
    cdef gcref_t* slot
    if p.pos >= p.n:
        return 0
    c = s[p.pos]
    if c == 34:
        p.pos += 1
        return json_scan_string(p)
    if c == 123 or c == 91:
        if depth >= JSON_MAX_DEPTH:
            return 0
        p.pos += 1
        push(dict_new() if c == 123 else list_new(0))
        slot = top_slot()
        jin_space(p)
        if p.pos < p.n and jin_src(p)[p.pos] == c + 2:     # '}' or ']'
            p.pos += 1
            return 1
        while True:
            if c == 123:
                if p.pos >= p.n or jin_src(p)[p.pos] != 34:
                    return 0
                p.pos += 1
                if not json_scan_string(p):
                    return 0
                json_memo_key(p)
                jin_space(p)
                if p.pos >= p.n or jin_src(p)[p.pos] != 58:
                    return 0
                p.pos += 1
                jin_space(p)
            if not json_scan_value(p, depth + 1):
                return 0
            if c == 123:
                dict_set(slot, top_slot() - 1, top_slot())
                pop()
            else:
                list_append(slot, top_slot())
            pop()
            jin_space(p)
            if p.pos >= p.n:
                return 0
            if jin_src(p)[p.pos] == c + 2:
                p.pos += 1
                return 1
            if jin_src(p)[p.pos] != 44:
                return 0
            p.pos += 1
            jin_space(p)
    if c == 110 and p.pos + 4 <= p.n and s[p.pos + 1] == 117 and s[p.pos + 2] == 108 and s[p.pos + 3] == 108:
        p.pos += 4
        return push(V_NONE) + 1
    if c == 116 and p.pos + 4 <= p.n and s[p.pos + 1] == 114 and s[p.pos + 2] == 117 and s[p.pos + 3] == 101:
        p.pos += 4
        return push(V_TRUE) + 1
    if (c == 102 and p.pos + 5 <= p.n and s[p.pos + 1] == 97 and s[p.pos + 2] == 108
            and s[p.pos + 3] == 115 and s[p.pos + 4] == 101):
        p.pos += 5
        return push(V_FALSE) + 1
    return json_scan_number(p)

cdef gcref_t json_scan(gcref_t* a, Py_ssize_t n) except 0:
    cdef JsonIn p
    cdef gcref_t* base = HEAP.shadowstack_top
    cdef gcref_t r
    check_args("json_scan", n, 3, 3)
    if not has_tid(a[0], T_STR) or not is_int(a[1]):
        return V_NONE
    memset(&p, 0, sizeof(p))
    p.sslot = a
    p.n = LEN(a[0])
    p.pos = untag(a[1])
    p.strict = a[2] == V_TRUE
    if p.pos < 0:
        return V_NONE
    push(V_NONE)
    p.memo = top_slot()
    try:
        if not json_scan_value(&p, 0):
            HEAP.shadowstack_top = base
            return V_NONE
        push(tag(p.pos))
        r = tuple_from_slots(base + 1, 2)       # (base[0]: the memo)
        HEAP.shadowstack_top = base
        return r
    finally:
        free(p.buf)
