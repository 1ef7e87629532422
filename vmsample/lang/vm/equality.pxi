# vm/equality.pxi, included by _vm.pyx (one extension module, one C file).
#
# Truth, hash and equality of any value, and object ids (stable across moves).

# ---------------------------------------------------------------- truth, hash, equality

cdef bint truth(gcref_t v) except -1:
    cdef uint16_t t
    cdef gcref_t m
    if v == V_TRUE:
        return True
    if v == V_FALSE or v == V_NONE:
        return False
    if is_int(v):
        return v != tag(0)
    if not is_obj(v):
        return True
    t = TID(v)
    if t == T_FLOAT:
        return FVAL(v) != 0.0
    if t == T_COMPLEX:
        return CREAL(v) != 0.0 or CIMAG(v) != 0.0
    if t == T_STR or t == T_TUPLE:
        return LEN(v) != 0
    if t == T_LIST:
        return RAW(v)[L_LEN] != 0
    if t == T_DICT:
        return RAW(v)[D_USED] != 0
    if t == T_SET or t == T_FROZENSET:
        return RAW(v)[S_USED] != 0
    if t == T_BIGINT:
        return True
    if t == T_RANGE:
        return bool(range_to_py(v))     # (of any length)
    if t == T_BYTES or t == T_BYTEARRAY:
        return BLEN(v) != 0
    if t == T_INSTANCE or t == T_CLASS:
        m = magic_of(v, M_BOOL)
        if m != 0:
            m = call_method0(m, v)
            if m != V_TRUE and m != V_FALSE:
                raise TypeError(f"__bool__ should return bool, returned {type_name(m)}")
            return m == V_TRUE
        m = magic_of(v, M_LEN)
        if m != 0:
            return length_of_result(call_method0(m, v)) != 0
    return True

cdef Py_ssize_t length_of_result(gcref_t r) except -1:
    # __len__'s result as CPython's slot_sq_length takes it: an int (a bool,
    # an int subclass's instance), at least 0, that fits in a Py_ssize_t.
    r = unwrap(r)
    if r == V_TRUE or r == V_FALSE:
        return r == V_TRUE
    if has_tid(r, T_BIGINT):
        x = int_to_py(r)
        if x < 0:
            raise ValueError("__len__() should return >= 0")
        if x > sys.maxsize:
            raise OverflowError("cannot fit 'int' into an index-sized integer")
        return x                # (past tagged ints, up to sys.maxsize: CPython's Py_ssize_t)
    if not is_int(r):
        raise TypeError(f"'{type_name(r)}' object cannot be interpreted as an integer")
    if untag(r) < 0:
        raise ValueError("__len__() should return >= 0")
    return untag(r)

cdef int64_t vm_hash(gcref_t* slot) except? -1:
    cdef gcref_t v = slot[0]
    cdef uint16_t t
    cdef gcref_t m
    if is_int(v):
        return int_hash(untag(v))
    if v == V_TRUE:
        return 1
    if v == V_FALSE:
        return 0
    if not is_obj(v):
        return <int64_t>((v >> 3) & 0xFFFFFFFFFFFF)
    t = TID(v)
    if t == T_STR:
        return str_hash(v)
    if t == T_FLOAT and FVAL(v) != FVAL(v):
        return object_id(v) >> 4           # a NaN: its identity (CPython 3.10+)
    if t == T_FLOAT or t == T_BIGINT:
        return hash(num_to_py(v))
    if t == T_RANGE:
        return (range_hash(slot) << 1) >> 1        # tagged, as a tuple's
    if t == T_COMPLEX:
        return (full_hash(slot) << 1) >> 1      # tagged, as a tuple's
    if t == T_SLICE:
        raise TypeError("unhashable type: 'slice'")
    if t == T_TUPLE:
        # Dicts and sets keep hashes tagged (63 bits): the full hash with bit
        # 63 dropped keeps CPython's probe order (its low bits) for all but
        # the longest collision chains.
        return (full_hash(slot) << 1) >> 1
    if t == T_LIST or t == T_DICT or t == T_SET:
        raise TypeError(f"unhashable type: '{type_name(v)}'")
    if t == T_INSTANCE or has_own_methods(v):
        return (instance_hash(slot) << 1) >> 1      # tagged, as a tuple's
    if t == T_FROZENSET:
        return (frozenset_hash(slot) << 1) >> 1
    if t == T_BYTES:
        return bytes_hash(v)
    if t == T_BYTEARRAY:
        raise TypeError("unhashable type: 'bytearray'")
    if t == T_BOUND:
        # as CPython's method_hash: its self's identity and its function's
        # hash, so that equal bound methods (struct_equal) hash alike
        return ((object_id(FLD(v)[0]) >> 4) ^ (object_id(FLD(v)[1]) >> 4)) & 0x3FFFFFFFFFFFFFFF
    return object_id(v) >> 4

cdef int64_t instance_hash(gcref_t* slot) except? -1:
    # hash() of an instance (or of a class with a metaclass) as CPython
    # computes it: its __hash__'s result when that fits in 64 bits (-1 is
    # -2), else that int's own hash.
    cdef gcref_t v = slot[0]
    cdef gcref_t m
    cdef int64_t kind
    if carries_tuple_hash(v):
        return tuple_value_hash(v)
    m = magic_of(v, M_HASH)
    if m == V_NONE:
        raise TypeError(f"unhashable type: '{type_name(v)}'")
    if m == 0 or is_bfunc(m):
        return object_id(v) >> 4
    if slot_magic(m) == M_HASH and has_tid(v, T_INSTANCE):
        # object's or tuple's own __hash__ (a named tuple's): what calling it
        # gives (vm/slots.pxi, call_slot), without the call and its int
        kind = RAW(VM_STATE.roots[descr_owner_root(m)])[K_KIND]
        if kind == KIND_OBJECT:
            return object_id(v) >> 4
        if kind == KIND_TUPLE and has_tid(unwrap(v), T_TUPLE):
            return tuple_value_hash(v)
        if kind == KIND_FLOAT and has_tid(unwrap(v), T_FLOAT) and FVAL(unwrap(v)) != FVAL(unwrap(v)):
            # a NaN: the identity of the instance, not of the float it wraps
            # (CPython's float_hash hashes the object, as vm_hash a float's)
            return object_id(v) >> 4
    m = unwrap(call_method0(m, slot[0]))      # (an int subclass's instance is an int)
    if not is_intlike(m):
        raise TypeError("__hash__ method should return an integer")
    r = int_to_py(m)
    if not -2 ** 63 <= r < 2 ** 63:
        return hash(r)
    return -2 if r == -1 else r

cdef inline bint carries_tuple_hash(gcref_t v) noexcept nogil:
    # Whether hash(v) is tuple's own hash of the tuple v carries: an instance
    # of a class marked CF_TUPLE_HASH (a named tuple), which
    # update_class_flags keeps true of the class as it changes.
    return has_tid(v, T_INSTANCE) and RAW(FLD(v)[I_CLASS])[K_FLAGS] & CF_TUPLE_HASH \
        and has_tid(unwrap(v), T_TUPLE)

cdef int64_t tuple_value_hash(gcref_t v) except? -1:
    # tuple.__hash__(v) for an instance v that carries a tuple: what calling
    # the slot wrapper gives (vm/slots.pxi), without the call and its int.
    cdef int64_t h
    push(unwrap(v))
    h = full_hash(top_slot())
    pop()
    return -2 if h == -1 else h

cdef int64_t range_hash(gcref_t* slot) except? -1:
    # hash() of a range: (len, start, step)'s, as CPython's range_hash;
    # start and step are None for an empty range, step for one item (the
    # VM's None: its hash is an address).
    cdef int64_t h
    r = range_to_py(slot[0])
    try:
        n = len(r)
    except OverflowError:
        return hash(r)          # (more items than sys.maxsize)
    if n >= 2:
        return hash(r)
    push(from_host((n, r.start if r else None, None)))
    h = full_hash(top_slot())
    pop()
    return h

cdef int64_t full_hash(gcref_t* slot) except? -1:
    # hash() as CPython computes it; for a tuple, its xxHash-based tuplehash
    # over the items' full hashes, a signed 64-bit value (vm_hash folds it),
    # in C's unsigned arithmetic, which wraps as CPython's Py_uhash_t does.
    # CPython counts no recursion here: only the C stack bounds it.
    cdef int64_t hv
    cdef uint64_t acc = 2870177450012600261ULL     # XXPRIME_5
    cdef Py_ssize_t i
    cdef gcref_t item
    if has_own_methods(slot[0]):
        return instance_hash(slot)
    if has_tid(slot[0], T_FROZENSET):
        return frozenset_hash(slot)
    if has_tid(slot[0], T_STR):
        return str_full_hash(slot[0])
    if has_tid(slot[0], T_BYTES):
        return bytes_full_hash(slot[0])
    if has_tid(slot[0], T_RANGE):
        return range_hash(slot)
    if has_tid(slot[0], T_COMPLEX):
        if CIMAG(slot[0]) != CIMAG(slot[0]) or CREAL(slot[0]) != CREAL(slot[0]):
            return object_id(slot[0]) >> 4      # a NaN part: its identity, as a float's
        return hash(numeric_to_py(slot[0]))
    if not has_tid(slot[0], T_TUPLE):
        return vm_hash(slot)
    check_c_stack()
    for i in range(LEN(slot[0])):
        item = FLD(slot[0])[i]
        if is_int(item):                # (what full_hash gives them, without the call)
            hv = int_hash(untag(item))
        elif has_tid(item, T_STR):
            hv = str_full_hash(item)
        else:
            push(item)
            hv = full_hash(top_slot())
            pop()
        acc += <uint64_t>hv * 14029467366897019727ULL     # XXPRIME_2
        acc = (acc << 31) | (acc >> 33)
        acc *= 11400714785074694791ULL                    # XXPRIME_1
    acc += <uint64_t>LEN(slot[0]) ^ (2870177450012600261ULL ^ 3527539ULL)
    if acc == <uint64_t>-1:
        return 1546275796
    return <int64_t>acc

cdef int64_t object_id(gcref_t v) except? -1:
    # id(): the core's identity (gc_id), which survives the object's moves; an
    # immediate is its own id.  Identity hashes are this >> 4.  The tagged
    # small int -1 is the word -1, hence "except? -1", not "except -1".
    cdef uintptr_t ident
    if not is_obj(v):
        return <int64_t>v
    ident = gc_id(HEAP, <GCHeader*>v)
    if ident == 0:
        gc_raise_error(HEAP)
    return <int64_t>ident

cdef int keys_equal_fast(gcref_t a, gcref_t b) except -1:
    # 1 equal, 0 not equal, 2 needs a VM-level __eq__ (the caller roots a, b)
    cdef uint16_t ta, tb
    if a == b:
        return 1
    if is_obj(a) and is_obj(b):
        ta = TID(a)
        tb = TID(b)
        if ta == T_STR and tb == T_STR:
            return str_eq(a, b)
        if ta == T_BYTES and tb == T_BYTES:
            return bytes_eq(a, b)
        if not (is_numeric(a) and is_numeric(b)):
            # Equal hashes of two other objects: they may still be equal values
            # (ranges, bound methods, tuples, instances), so ask __eq__.  Identity
            # hashes of distinct objects rarely collide, so this costs nothing.
            return 2
    elif has_tid(a, T_INSTANCE) or has_tid(b, T_INSTANCE):
        return 2        # an instance equal to an immediate (Fraction(2) == 2)
    if is_numeric(a) and is_numeric(b):
        return numeric_to_py(a) == numeric_to_py(b)
    return 0

cdef bint vm_eq_bool(gcref_t* a, gcref_t* b) except -1:
    cdef gcref_t r
    if a[0] == b[0]:
        return True
    push(a[0])
    push(b[0])
    r = compare_op(top_slot() - 1, C_EQ)
    HEAP.shadowstack_top -= 2
    return truth(r)

cdef bint exc_matches(gcref_t exc, gcref_t spec) except -1:
    # `except spec`: a class, or a tuple of classes, each checked before any
    # is matched (CPython's check_except_type_valid: a nested tuple is refused)
    cdef Py_ssize_t i
    if not has_tid(spec, T_TUPLE):
        check_except_class(spec)
        return isinstance_c(exc, spec)
    for i in range(LEN(spec)):
        check_except_class(FLD(spec)[i])
    for i in range(LEN(spec)):
        if isinstance_c(exc, FLD(spec)[i]):
            return True
    return False

cdef int check_except_class(gcref_t cls) except -1:
    if not has_tid(cls, T_CLASS) or not RAW(cls)[K_FLAGS] & CF_EXCEPTION:
        raise TypeError("catching classes that do not inherit from BaseException is not allowed")
    return 0

