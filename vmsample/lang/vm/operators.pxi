# vm/operators.pxi, included by _vm.pyx (one extension module, one C file).
#
# Operators: binary and unary arithmetic (with the int fast paths and
# reflected magic methods), comparisons, `in`, sequence concatenation/repeat.

# ---------------------------------------------------------------- operators

import builtins as _builtins
import operator as _operator
_PY_BINOPS = [_operator.add, _operator.sub, _operator.mul, _operator.truediv,
              _operator.floordiv, _operator.mod, pow, _operator.lshift, _operator.rshift,
              _operator.and_, _operator.or_, _operator.xor, _operator.matmul]
_PY_CMPOPS = [_operator.lt, _operator.le, _operator.eq, _operator.ne, _operator.gt, _operator.ge]
_CMP_SYMBOLS = ["<", "<=", "==", "!=", ">", ">="]

cdef inline bint is_sequence(gcref_t v) noexcept nogil:
    # the builtin types with CPython's sq_repeat
    return has_tid(v, T_STR) or has_tid(v, T_LIST) or has_tid(v, T_TUPLE)

cdef inline bint is_plain_value(gcref_t v) noexcept nogil:
    # A value of a builtin type (whose operators the VM applies directly):
    # not an instance of a class, not a class.
    return not is_obj(v) or (TID(v) != T_INSTANCE and TID(v) != T_CLASS)

cdef gcref_t binary_op(gcref_t* ab, int op, bint inplace) except 0:
    # ab[0] op ab[1] (in place: ab[0] op= ab[1]); both rooted.  Builtin
    # values take the VM's own paths; anything else CPython's protocol
    # (binary_protocol).
    cdef gcref_t r, m
    if is_plain_value(ab[0]) and (is_plain_value(ab[1]) or op == B_MOD and (
            has_tid(ab[0], T_STR) or is_byteslike(ab[0])) and not has_tid(unwrap(ab[1]), TID(ab[0]))):
        # builtin values: their own operators decide (as CPython's C slots,
        # which never call the other's reflected wrapper); str or bytes %
        # anything formats, but for an instance of its own subclass, whose
        # __rmod__ the protocol tries first
        r = builtin_binary(ab, op, inplace)
        if r != 0:
            return r
        if has_tid(ab[0], T_DICTVIEW) or has_tid(ab[1], T_DICTVIEW):
            # the set operations of dict views are methods their app level
            # gives them (app/objects.py), not the VM's own paths
            r = binary_protocol(ab, op)
            if r != V_NOTIMPL:
                return r
        return raise_binary_type_error(ab, op, inplace)
    if inplace:
        m = special_lookup(class_of(ab[0]), BIN_IMAGIC[op])
        if m != 0:
            r = call_method1(m, ab[0], ab[1])
            if r != V_NOTIMPL:
                return r
    r = binary_protocol(ab, op)
    if r != V_NOTIMPL:
        return r
    return raise_binary_type_error(ab, op, inplace)

cdef gcref_t binary_protocol(gcref_t* ab, int op) except 0:
    if (op == B_ADD or op == B_MUL) and is_concatenable(ab[0]):
        return sequence_protocol(ab, op)
    return reflected_protocol(ab, BIN_MAGIC[op], BIN_RMAGIC[op])

cdef gcref_t reflected_protocol(gcref_t* ab, int m, int rm) except 0:
    # type(a).__op__(a, b) (special method [m]), then type(b).__rop__(b, a)
    # ([rm]) -- the reflected one first when type(b) is a proper subclass of
    # type(a) that overrides it; NotImplemented when neither applies.
    cdef gcref_t ta = class_of(ab[0]), tb = class_of(ab[1]), fa, fb, r
    fa = special_lookup(ta, m)
    fb = special_lookup(tb, rm) if tb != ta else 0
    push(fa)
    push(fb)
    try:
        if fb != 0 and is_subclass(tb, ta) and fb != special_lookup(ta, rm):
            r = call_method1(top_slot()[0], ab[1], ab[0])
            if r != V_NOTIMPL:
                return r
            top_slot()[0] = 0
        if top_slot()[-1] != 0:
            r = call_method1(top_slot()[-1], ab[0], ab[1])
            if r != V_NOTIMPL:
                return r
        if top_slot()[0] != 0:
            r = call_method1(top_slot()[0], ab[1], ab[0])
            if r != V_NOTIMPL:
                return r
        return V_NOTIMPL
    finally:
        HEAP.shadowstack_top -= 2

cdef bint is_concatenable(gcref_t v) noexcept nogil:
    return has_tid(v, T_STR) or has_tid(v, T_LIST) or has_tid(v, T_TUPLE) or is_byteslike(v)

cdef gcref_t sequence_protocol(gcref_t* ab, int op) except 0:
    # A builtin sequence + or * an object: CPython's sequences add and
    # repeat in their sq_concat/sq_repeat, which come after the number
    # slots of both operands -- so the other's __radd__/__rmul__ first, then
    # the sequence's own (a repeat count through __index__), or
    # NotImplemented.
    cdef gcref_t f = special_lookup(class_of(ab[1]), BIN_RMAGIC[op]), r
    if f != 0:
        r = call_method1(f, ab[1], ab[0])
        if r != V_NOTIMPL:
            return r
    if op == B_ADD and (has_tid(ab[0], T_STR) or has_tid(ab[0], T_LIST) or has_tid(ab[0], T_TUPLE)) \
            and has_tid(unwrap(ab[1]), TID(ab[0])):
        # an instance of a subclass of the sequence's type: its builtin value
        # (CPython's concat reads the storage: (0,) + a namedtuple, as
        # inspect.getinnerframes does)
        push(unwrap(ab[1]))
        r = str_concat(ab, top_slot()) if has_tid(ab[0], T_STR) else seq_concat(ab, top_slot())
        pop()
        return r
    if op == B_ADD and is_byteslike(ab[0]):
        # a memoryview, or a bytes or bytearray subclass's instance: its
        # bytes (CPython's bytes_concat takes any buffer)
        r = bytes_binop(ab, B_ADD, False)
        if r != 0:
            return r
    if op == B_MUL:
        count = index_value(ab[1], "")
        if count is not None and not is_byteslike(ab[0]):
            return seq_repeat(ab, count)
        if count is not None:
            push(ab[0])
            push(int_from_py(count))
            try:
                return bytes_binop(top_slot() - 1, B_MUL, False)
            finally:
                HEAP.shadowstack_top -= 2
    return V_NOTIMPL

cdef int raise_binary_type_error(gcref_t* ab, int op, bint inplace) except -1:
    cdef gcref_t a = ab[0], b = ab[1]
    sym = BIN_INPLACE_SYMBOLS[op] if inplace else BIN_SYMBOLS[op]
    if op == B_ADD and has_tid(a, T_STR):
        raise TypeError(f'can only concatenate str (not "{type_name(b)}") to str')
    if op == B_ADD and is_byteslike(a):
        raise TypeError(f"can't concat {type_name(b)} to {type_name(a)}")
    if op == B_ADD and (has_tid(a, T_LIST) or has_tid(a, T_TUPLE)):
        raise TypeError(f'can only concatenate {type_name(a)} (not "{type_name(b)}") to {type_name(a)}')
    if op == B_MUL and (is_sequence(a) or is_sequence(b) or is_byteslike(a) or is_byteslike(b)):
        # CPython tries the sequence's repeat, which names the other operand
        raise TypeError(f"can't multiply sequence by non-int of type "
                        f"'{type_name(b) if is_sequence(a) or is_byteslike(a) else type_name(a)}'")
    raise TypeError(f"unsupported operand type(s) for {sym}: '{type_name(a)}' and '{type_name(b)}'")

cdef gcref_t builtin_binary(gcref_t* ab, int op, bint inplace) except? 0:
    # ab[0] op ab[1] for values of builtin types, or 0 when their types
    # define no such operation together.
    cdef gcref_t a = ab[0], b = ab[1], r
    cdef uint16_t ta, tb
    if is_number(a) and is_number(b):
        if is_intlike(a) and is_intlike(b):
            r = int_arith(a, b, op)         # (vm/bigints.pxi: + - * // % without CPython's ints)
            if r != 0:
                return r
        if op <= B_POW or (is_intlike(a) and is_intlike(b)):
            res = _PY_BINOPS[op](num_to_py(a), num_to_py(b))
            if (a == V_TRUE or a == V_FALSE) and (b == V_TRUE or b == V_FALSE) and op >= B_AND:
                return vbool(res)
            return num_from_py(res)
        return 0
    if (has_tid(a, T_COMPLEX) or has_tid(b, T_COMPLEX)) and not (
            op == B_MOD and (has_tid(a, T_STR) or is_byteslike(a))):    # ("%s" % 1j: formatting)
        if (is_number(a) or has_tid(a, T_COMPLEX)) and (is_number(b) or has_tid(b, T_COMPLEX)) \
                and op <= B_POW and op != B_FLOORDIV and op != B_MOD:
            return from_host(_PY_BINOPS[op](to_host(ab), to_host(ab + 1)))
        return 0
    if is_obj(a):
        ta = TID(a)
        tb = TID(b) if is_obj(b) else 0
        if ta == T_STR:
            if op == B_ADD and tb == T_STR:
                return str_concat(ab, ab + 1)
            if op == B_MUL and is_intlike(b):
                return seq_repeat(ab, int_to_py(b))
            if op == B_MOD:
                return percent_format(ab, ab + 1)
        elif ta == T_LIST or ta == T_TUPLE:
            if op == B_ADD and tb == ta:
                if inplace and ta == T_LIST:
                    list_extend(ab, ab + 1)
                    return ab[0]
                return seq_concat(ab, ab + 1)
            if op == B_ADD and inplace and ta == T_LIST:
                list_extend(ab, ab + 1)
                return ab[0]
            if op == B_MUL and is_intlike(b):
                if inplace and ta == T_LIST:
                    r = seq_repeat(ab, int_to_py(b))
                    list_assign_from(ab, r)
                    return ab[0]
                return seq_repeat(ab, int_to_py(b))
        elif (ta == T_SET or ta == T_FROZENSET) and (tb == T_SET or tb == T_FROZENSET) \
                and op in (B_SUB, B_AND, B_OR, B_XOR):
            return set_binop(ab, op, inplace)
        elif ta == T_DICT and tb == T_DICT and op == B_OR:
            if inplace:
                dict_update(ab, ab + 1, False)
                return ab[0]
            push(dict_copy(ab))
            dict_update(top_slot(), ab + 1, False)
            return pop()
        elif ta == T_DICT and op == B_OR and inplace:
            dict_update(ab, ab + 1, False)
            return ab[0]
        elif ta == T_BYTES or ta == T_BYTEARRAY:
            r = bytes_binop(ab, op, inplace)
            if r != 0:
                return r
    if is_intlike(a) or is_obj(a):          # (a bool too: True * [x])
        if (is_intlike(a) or has_tid(a, T_FLOAT)) and has_tid(b, T_STR) and op == B_MUL:
            ab[0], ab[1] = ab[1], ab[0]
            r = builtin_binary(ab, op, False)
            ab[0], ab[1] = ab[1], ab[0]
            return r
        if is_intlike(a) and op == B_MUL and (has_tid(b, T_LIST) or has_tid(b, T_TUPLE) or is_byteslike(b)):
            ab[0], ab[1] = ab[1], ab[0]
            r = builtin_binary(ab, op, False)
            ab[0], ab[1] = ab[1], ab[0]
            return r
    return 0

cdef gcref_t unary_op(gcref_t* slot, int op) except 0:
    cdef gcref_t v = slot[0], m
    if has_tid(v, T_FLOAT) and op != UNARY_INVERT:
        return float_new(-FVAL(v) if op == UNARY_NEGATIVE else FVAL(v))
    if is_number(v):
        x = num_to_py(v)
        if op == UNARY_NEGATIVE:
            return num_from_py(-x)
        if op == UNARY_POSITIVE:
            return num_from_py(+x)
        if is_intlike(v):
            return num_from_py(~x)
    if has_tid(v, T_COMPLEX) and op != UNARY_INVERT:
        return from_host(-to_host(slot) if op == UNARY_NEGATIVE else +to_host(slot))
    if not is_plain_value(v):
        m = special_lookup(class_of(v), M_NEG if op == UNARY_NEGATIVE else M_POS if op == UNARY_POSITIVE
                                        else M_INVERT)
        if m != 0:
            return call_method0(m, v)
    sym = "-" if op == UNARY_NEGATIVE else "+" if op == UNARY_POSITIVE else "~"
    raise TypeError(f"bad operand type for unary {sym}: '{type_name(v)}'")

cdef gcref_t seq_concat(gcref_t* a, gcref_t* b) except 0:
    cdef Py_ssize_t na = SEQLEN(a[0]), nb = SEQLEN(b[0])
    cdef gcref_t r
    if TID(a[0]) == T_TUPLE:
        r = tuple_new(na + nb)
    else:
        r = list_new(na + nb)
    memcpy(ITEMS(r), ITEMS(a[0]), na * sizeof(gcref_t))
    memcpy(ITEMS(r) + na, ITEMS(b[0]), nb * sizeof(gcref_t))
    return r

from cpython.pyport cimport PY_SSIZE_T_MAX

cdef gcref_t seq_repeat(gcref_t* a, object count) except 0:
    cdef Py_ssize_t n, k, i, c
    cdef gcref_t r
    if not -PY_SSIZE_T_MAX - 1 <= count <= PY_SSIZE_T_MAX:       # a negative one too
        raise OverflowError("cannot fit 'int' into an index-sized integer")
    c = count if count > 0 else 0
    n = LEN(a[0]) if TID(a[0]) == T_STR else SEQLEN(a[0])
    if n and c > PY_SSIZE_T_MAX // n:
        # n * c would wrap: CPython's words (and the segfault it once was)
        if TID(a[0]) == T_STR:
            raise OverflowError("repeated string is too long")
        raise MemoryError()
    if c == 1 and TID(a[0]) != T_LIST:
        return a[0]             # (immutable: the same object, as CPython's)
    if TID(a[0]) == T_STR:
        r = str_new(n * c)
        for i in range(c):
            memcpy(SDATA(r) + i * n, SDATA(a[0]), n * 4)
        return r
    if TID(a[0]) == T_TUPLE:
        r = tuple_new(n * c)
    else:
        r = list_new(n * c)
    for i in range(c):
        memcpy(ITEMS(r) + i * n, ITEMS(a[0]), n * sizeof(gcref_t))
    return r

cdef int list_assign_from(gcref_t* lslot, gcref_t src) except -1:
    # lslot's list takes the items of list [src] (which the caller keeps alive)
    push(src)
    cdef Py_ssize_t n = RAW(src)[L_LEN]
    list_resize(lslot, n)
    memcpy(ITEMS(lslot[0]), ITEMS(top_slot()[0]), n * sizeof(gcref_t))
    gc_write_barrier(HEAP, <GCHeader*>FLD(lslot[0])[L_ITEMS])
    pop()
    return 0

cdef gcref_t compare_op(gcref_t* ab, int op) except 0:
    cdef gcref_t a = ab[0], b = ab[1], m, r
    cdef uint16_t ta, tb
    cdef int c
    if op == C_IS:
        return vbool(a == b)
    if op == C_IS_NOT:
        return vbool(a != b)
    if op == C_IN or op == C_NOT_IN:
        c = contains(ab + 1, ab)
        return vbool(c if op == C_IN else not c)
    if is_intlike(a) and is_intlike(b):     # (op is C_LT .. C_GE here)
        c = intlike_cmp(a, b)
        return vbool(c < 0 if op == C_LT else c <= 0 if op == C_LE else c == 0 if op == C_EQ
                     else c != 0 if op == C_NE else c > 0 if op == C_GT else c >= 0)
    if is_numeric(a) and is_numeric(b):
        try:
            return vbool(_PY_CMPOPS[op](numeric_to_py(a), numeric_to_py(b)))
        except TypeError:
            # (complex has no order; CPython's words name the VM's types: a bool is no int here)
            raise TypeError(f"'{_CMP_SYMBOLS[op]}' not supported between instances of "
                            f"'{type_name(a)}' and '{type_name(b)}'") from None
    ta = TID(a) if is_obj(a) else 0
    tb = TID(b) if is_obj(b) else 0
    if ta == T_STR and tb == T_STR:
        if op == C_EQ or op == C_NE:        # (str_eq: identity, then lengths, then memcmp)
            return vbool(str_eq(a, b) == (op == C_EQ))
        c = str_cmp(a, b) if a != b else 0
        return vbool(c < 0 if op == C_LT else c <= 0 if op == C_LE else c == 0 if op == C_EQ
                     else c != 0 if op == C_NE else c > 0 if op == C_GT else c >= 0)
    enter_recursion("in comparison")
    try:
        return compare_objects(ab, op, ta, tb)
    finally:
        leave_recursion()

cdef gcref_t compare_objects(gcref_t* ab, int op, uint16_t ta, uint16_t tb) except 0:
    # compare_op's recursive part: containers' items, instances' methods.
    cdef gcref_t a = ab[0], b = ab[1], r
    if (ta == T_TUPLE or ta == T_LIST) and ta == tb:
        return seq_compare(ab, op)
    if ta == T_INSTANCE or tb == T_INSTANCE or has_own_methods(a) or has_own_methods(b) or \
            ta == T_DICTVIEW or tb == T_DICTVIEW:
        r = rich_compare_instances(ab, op)
        if r != V_NOTIMPL:
            return r
        a = ab[0]           # the methods ran VM code, which may have moved both
        b = ab[1]
    if (ta == T_SET or ta == T_FROZENSET) and (tb == T_SET or tb == T_FROZENSET):
        return set_compare(ab, op)
    if (ta == T_BYTES or ta == T_BYTEARRAY) and (tb == T_BYTES or tb == T_BYTEARRAY):
        return bytes_compare(ab, op)
    if ta == T_SLICE and tb == T_SLICE:
        return slice_compare(ab, op)
    if op == C_EQ:
        return vbool(a == b or (ta == tb and ta != 0 and ta != T_INSTANCE and struct_equal(ab)))
    if op == C_NE:
        return vbool(not (a == b or (ta == tb and ta != 0 and ta != T_INSTANCE and struct_equal(ab))))
    raise TypeError(f"'{_CMP_SYMBOLS[op]}' not supported between instances of "
                    f"'{type_name(a)}' and '{type_name(b)}'")

cdef gcref_t slice_compare(gcref_t* ab, int op) except 0:
    # Slices compare as the tuples (start, stop, step) do (CPython's
    # slice_richcompare), items by their own comparisons.
    cdef gcref_t r
    cdef int i, j
    if ab[0] == ab[1] and (op == C_EQ or op == C_NE):
        return vbool(op == C_EQ)
    for i in range(2):
        push(tuple_new(3))
        for j in range(3):
            FLD(top_slot()[0])[j] = FLD(ab[i])[j]
    r = compare_op(top_slot() - 1, op)
    HEAP.shadowstack_top -= 2
    return r

cdef int SWAPPED_CMP[6]
SWAPPED_CMP[:] = [C_GT, C_GE, C_EQ, C_NE, C_LT, C_LE]

cdef inline bint compares_by_methods(gcref_t v) noexcept nogil:
    # Whether v's comparisons are methods to call: an instance's, a class's
    # metaclass's, or a dict view's (its set comparisons, app/objects.py).
    return has_own_methods(v) or has_tid(v, T_DICTVIEW)

cdef gcref_t compare_method(gcref_t v, int mop) noexcept nogil:
    if has_own_methods(v):
        return magic_of(v, mop)
    return special_lookup(class_of(v), mop)

cdef inline int compare_magic(int op) noexcept nogil:
    # The special method of comparison [op] (C_LT .. C_GE).
    if op >= C_GT:
        return M_GT + (op - C_GT)
    return M_LT + op if op <= C_LE else M_EQ + (op - C_EQ)

cdef inline bint carries_builtin(gcref_t v) noexcept nogil:
    return has_tid(v, T_INSTANCE) and unwrap(v) != v

cdef gcref_t rich_compare_instances(gcref_t* ab, int op) except 0:
    cdef gcref_t m, r
    cdef int op0 = op
    if compares_by_methods(ab[0]):
        m = compare_method(ab[0], compare_magic(op))
        if is_tuple_comparison(m, compare_magic(op), ab[0], ab[1]):
            return tuple_values_compare(ab[0], ab[1], op)
        if m != 0 and not is_bfunc(m):
            r = call_comparison(m, ab[0], ab[1])
            if r != V_NOTIMPL:
                return r
    if compares_by_methods(ab[1]):
        op = SWAPPED_CMP[op]
        m = compare_method(ab[1], compare_magic(op))
        if is_tuple_comparison(m, compare_magic(op), ab[1], ab[0]):
            return tuple_values_compare(ab[1], ab[0], op)
        if m != 0 and not is_bfunc(m):
            r = call_comparison(m, ab[1], ab[0])
            if r != V_NOTIMPL:
                return r
    if op == C_NE and compares_by_methods(ab[0]):
        m = compare_method(ab[0], M_EQ)
        if m != 0 and not is_bfunc(m):
            r = call_comparison(m, ab[0], ab[1])
            if r != V_NOTIMPL:
                return vbool(not truth(r))
    # A builtin value against an instance of a builtin's subclass whose own
    # method said NotImplemented (Counter() == {}): the builtin side's
    # comparison, in CPython's order (the subclass's reflected one first)
    if not compares_by_methods(ab[0]) and carries_builtin(ab[1]):
        m = compare_method(ab[0], compare_magic(op0))
        if m != 0 and not is_bfunc(m):
            return call_comparison(m, ab[0], ab[1])
    elif not compares_by_methods(ab[1]) and carries_builtin(ab[0]):
        m = compare_method(ab[1], compare_magic(SWAPPED_CMP[op0]))
        if m != 0 and not is_bfunc(m):
            return call_comparison(m, ab[1], ab[0])
    return V_NOTIMPL

cdef gcref_t call_comparison(gcref_t meth, gcref_t self, gcref_t other) except 0:
    # meth(self, other) for a comparison method found on self's class, as
    # CPython's slot_tp_richcompare: one that a descriptor binds (a property)
    # whose __get__ fails counts as absent -- NotImplemented, the error
    # dropped -- so that `==` falls back to identity.
    cdef gcref_t* base = HEAP.shadowstack_top
    if not binds_by_get(meth):
        return call_method1(meth, self, other)
    push(meth)
    push(other)
    try:
        bind_special(base, self)
    except VMError:
        VM_STATE.roots[R_EXC] = 0
        HEAP.shadowstack_top = base
        return V_NOTIMPL
    except AttributeError:          # the host's, from a built-in attribute
        HEAP.shadowstack_top = base
        return V_NOTIMPL
    vm_call(base, 1)
    return pop()

cdef inline bint is_tuple_comparison(gcref_t m, int mop, gcref_t a, gcref_t b) noexcept nogil:
    # Whether m(a, b) is tuple's own comparison [mop] (a named tuple's __eq__)
    # of two values that are tuples or carry one.
    return slot_magic(m) == mop and RAW(VM_STATE.roots[descr_owner_root(m)])[K_KIND] == KIND_TUPLE \
        and has_tid(unwrap(a), T_TUPLE) and has_tid(unwrap(b), T_TUPLE)

cdef gcref_t tuple_values_compare(gcref_t a, gcref_t b, int op) except 0:
    # tuple's comparison [op] of the tuples a and b carry: what calling its
    # slot wrapper gives (call_slot -> value_slot -> seq_compare), without
    # the call.
    cdef gcref_t r
    push(unwrap(a))
    push(unwrap(b))
    r = seq_compare(top_slot() - 1, op)
    HEAP.shadowstack_top -= 2
    return r

cdef bint struct_equal(gcref_t* ab) except -1:
    # == for builtin containers of the same type
    cdef gcref_t a = ab[0], b = ab[1]
    cdef uint16_t t = TID(a)
    cdef Py_ssize_t i, j
    cdef gcref_t v
    if t == T_FLOAT or t == T_BIGINT:
        return num_to_py(a) == num_to_py(b)
    if t == T_DICT:
        if RAW(a)[D_USED] != RAW(b)[D_USED]:
            return False
        # (each key looked up with the hash a keeps: CPython's dict_equal)
        i = 0
        while i < RAW(ab[0])[D_NENTRIES]:
            if ENT(ab[0])[3 * i + 1] != 0:
                push(ENT(ab[0])[3 * i + 1])
                j = dict_find(ab + 1, top_slot(), untag(ENT(ab[0])[3 * i]))
                if j < 0:
                    pop()
                    return False
                top_slot()[0] = ENT(ab[1])[3 * j + 2]
                push(ENT(ab[0])[3 * i + 2])
                if not vm_eq_bool(top_slot(), top_slot() - 1):
                    HEAP.shadowstack_top -= 2
                    return False
                HEAP.shadowstack_top -= 2
            i += 1
        return True
    if t == T_RANGE:
        return range_to_py(a) == range_to_py(b)
    if t == T_BOUND:
        # bound methods: the same function bound to the same object
        return FLD(a)[0] == FLD(b)[0] and FLD(a)[1] == FLD(b)[1]
    return False

cdef gcref_t seq_compare(gcref_t* ab, int op) except 0:
    # CPython's list_richcompare and tuplerichcompare: the first items that
    # differ decide, else the lengths -- lengths that differ decide == and !=
    # of lists at once, without comparing items, and an item's __eq__ that
    # shrinks a list leaves the lengths to decide.
    cdef Py_ssize_t i = 0, na, nb
    cdef gcref_t r
    if (op == C_EQ or op == C_NE) and TID(ab[0]) == T_LIST and SEQLEN(ab[0]) != SEQLEN(ab[1]):
        return vbool(op == C_NE)
    while True:
        na = SEQLEN(ab[0])
        nb = SEQLEN(ab[1])
        if i >= na or i >= nb:
            break
        push(ITEMS(ab[0])[i])
        push(ITEMS(ab[1])[i])
        if not vm_eq_bool(top_slot() - 1, top_slot()):
            if i >= SEQLEN(ab[0]) or i >= SEQLEN(ab[1]):
                HEAP.shadowstack_top -= 2
                return vbool(_PY_CMPOPS[op](SEQLEN(ab[0]), SEQLEN(ab[1])))
            if op == C_EQ:
                HEAP.shadowstack_top -= 2
                return V_FALSE
            if op == C_NE:
                HEAP.shadowstack_top -= 2
                return V_TRUE
            r = compare_op(top_slot() - 1, op)
            HEAP.shadowstack_top -= 2
            return r
        HEAP.shadowstack_top -= 2
        i += 1
    return vbool(_PY_CMPOPS[op](na, nb))

cdef int dict_items_contain(gcref_t* vwslot, gcref_t* pslot) except -1:
    # (key, value) in d.items(): the key looked up, then its value compared
    # (CPython's dictitems_contains; a __eq__ that clears the dict is safe).
    cdef gcref_t pair = unwrap(pslot[0]), found
    cdef int equal
    if not (has_tid(pair, T_TUPLE) and SEQLEN(pair) == 2):
        return False
    push(FLD(vwslot[0])[IT_A])
    push(ITEMS(pair)[0])
    found = dict_get(top_slot() - 1, top_slot())
    if found == 0:
        HEAP.shadowstack_top -= 2
        return False
    top_slot()[0] = found
    push(ITEMS(unwrap(pslot[0]))[1])
    equal = vm_eq_bool(top_slot() - 1, top_slot())
    HEAP.shadowstack_top -= 3
    return equal

cdef int contains(gcref_t* cslot, gcref_t* vslot) except -1:
    cdef gcref_t c = cslot[0], m
    cdef uint16_t t
    cdef Py_ssize_t i
    if not is_obj(c):
        raise TypeError(f"argument of type '{type_name(c)}' is not iterable")
    t = TID(c)
    if t == T_STR:
        m = unwrap(vslot[0])                # (a str subclass's instance: its str)
        if not has_tid(m, T_STR):
            raise TypeError(f"'in <string>' requires string as left operand, not {type_name(vslot[0])}")
        return str_find(c, m, 0, LEN(c)) >= 0
    if t == T_LIST or t == T_TUPLE:
        i = 0
        while i < SEQLEN(cslot[0]):
            push(ITEMS(cslot[0])[i])
            if vm_eq_bool(top_slot(), vslot):
                pop()
                return True
            pop()
            i += 1
        return False
    if t == T_DICT:
        return dict_get(cslot, vslot) != 0
    if t == T_SET or t == T_FROZENSET:
        return set_contains(cslot, vslot)
    if t == T_RANGE:
        if is_intlike(vslot[0]):
            return int_to_py(vslot[0]) in range_to_py(c)
    if t == T_BYTES or t == T_BYTEARRAY:
        return bytes_contains(cslot, vslot)
    if t == T_DICTVIEW and RAW(c)[IT_C] == 0:
        push(FLD(c)[IT_A])
        i = dict_get(top_slot(), vslot) != 0
        pop()
        return i
    if t == T_DICTVIEW and RAW(c)[IT_C] == 2:
        return dict_items_contain(cslot, vslot)
    if t == T_INSTANCE or t == T_CLASS:
        m = magic_of(c, M_CONTAINS)
        if m != 0:
            return truth(call_method1(m, c, vslot[0]))
    # generic: iterate
    push(get_iter(cslot))
    while True:
        m = for_iter(top_slot())
        if m == 0:
            pop()
            return False
        push(m)
        if vm_eq_bool(top_slot(), vslot):
            HEAP.shadowstack_top -= 2
            return True
        pop()

