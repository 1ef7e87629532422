# vm/slots.pxi, included by _vm.pyx (one extension module, one C file).
#
# Builtin types as real classes: what their dicts hold -- method
# descriptors, slot wrappers (their special methods), class and static
# methods, getsets -- and calling them.
#
# ---------------------------------------------------------------- builtin descriptors
# A builtin type's dict holds, for each name CPython's type has there, a
# builtin descriptor (values.pxi: mk_descr(bid, owner)): its kind (BID_KIND)
# says how it binds -- a method and a slot wrapper bind to an instance, a
# class method to the class, a static method (__new__, str.maketrans) not
# at all, a getset runs its getter -- and its owner is the builtin class, so
# one bid serves every type with that special method.  So [].__len__,
# int.__add__(1, 2), hasattr(len, "__call__") and super().__init__() in a
# subclass of dict behave as in CPython.
#
# Calling a slot wrapper performs the operation on the builtin value of its
# first argument (an instance of a subclass carries it: vm/classes.pxi,
# unwrap) with the VM's own implementation.  The special methods of the
# immutable value types (int, bool, float, complex, str, bytes) are
# CPython's own, on converted values (vm/host.pxi), but where the VM's
# semantics differ from CPython's objects (hashing, iteration, making and
# initialising instances, attribute access).

# Special methods the VM implements for builtin types (call_slot); a type's
# dict gets those of them its CPython counterpart has in its own dict.
SLOT_NAMES = [
    "__repr__", "__str__", "__hash__", "__len__", "__iter__", "__next__", "__bool__",
    "__getitem__", "__setitem__", "__delitem__", "__contains__", "__reversed__",
    "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__",
    "__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__",
    "__truediv__", "__rtruediv__", "__floordiv__", "__rfloordiv__", "__mod__", "__rmod__",
    "__divmod__", "__rdivmod__", "__pow__", "__rpow__", "__lshift__", "__rlshift__",
    "__rshift__", "__rrshift__", "__and__", "__rand__", "__or__", "__ror__", "__xor__",
    "__rxor__", "__matmul__", "__rmatmul__",
    "__iadd__", "__isub__", "__imul__", "__iand__", "__ior__", "__ixor__",
    "__neg__", "__pos__", "__abs__", "__invert__", "__int__", "__float__", "__index__",
    "__complex__", "__round__", "__trunc__", "__floor__", "__ceil__", "__format__",
    "__sizeof__", "__getnewargs__", "__getattribute__", "__setattr__", "__delattr__",
    "__init__", "__new__", "__call__", "__get__", "__set__", "__delete__", "__dir__",
    "__init_subclass__", "__subclasshook__", "__length_hint__", "__instancecheck__",
    "__subclasscheck__", "__subclasses__", "mro", "__prepare__", "__class_getitem__",
]
# How each binds (the rest are BK_SLOT)
SLOT_KINDS = {"__new__": BK_STATICMETHOD, "__init_subclass__": BK_CLASSMETHOD,
              "__class_getitem__": BK_CLASSMETHOD,
              "__subclasshook__": BK_CLASSMETHOD, "__prepare__": BK_CLASSMETHOD,
              "__subclasses__": BK_METHOD, "mro": BK_METHOD, "__instancecheck__": BK_METHOD,
              "__subclasscheck__": BK_METHOD, "__dir__": BK_METHOD, "__sizeof__": BK_METHOD,
              "__getnewargs__": BK_METHOD, "__length_hint__": BK_METHOD, "__round__": BK_METHOD,
              "__trunc__": BK_METHOD, "__floor__": BK_METHOD, "__ceil__": BK_METHOD,
              "__format__": BK_METHOD, "__reversed__": BK_METHOD, "__complex__": BK_METHOD}

# The immutable value types whose special methods are CPython's (see above).
HOST_TYPES = {KIND_INT: int, KIND_BOOL: bool, KIND_FLOAT: float, KIND_COMPLEX: complex,
              KIND_STR: str, KIND_BYTES: bytes}
NOT_DELEGATED_SLOTS = {"__hash__", "__iter__", "__new__", "__init__", "__getattribute__",
                       "__setattr__", "__delattr__", "__init_subclass__", "__subclasshook__",
                       "__dir__"}
# str % args and bytes % args format VM values (their __str__, __repr__...)
FORMATTING_SLOTS = {"__mod__", "__rmod__"}

# Getsets: (owner type, name) of the builtin attributes the VM implements
# (getset_get / getset_set).
GETSETS = {
    "object": ["__class__"],
    "type": ["__name__", "__qualname__", "__bases__", "__mro__", "__base__", "__dict__", "__doc__",
             "__module__", "__abstractmethods__", "__text_signature__", "__annotations__",
             "__basicsize__", "__itemsize__", "__flags__", "__weakrefoffset__", "__dictoffset__"],
    "code": ["co_name", "co_qualname", "co_filename", "co_firstlineno", "co_argcount",
             "co_posonlyargcount", "co_kwonlyargcount", "co_flags", "co_nlocals", "co_stacksize",
             "co_varnames", "co_freevars", "co_cellvars", "co_names", "co_consts", "co_code",
             "co_lnotab", "co_linetable", "co_exceptiontable"],
    "frame": ["f_back", "f_code", "f_globals", "f_locals", "f_builtins", "f_lineno", "f_lasti",
              "f_trace", "f_trace_lines", "f_trace_opcodes"],
    "traceback": ["tb_next", "tb_frame", "tb_lineno", "tb_lasti"],
    "function": ["__name__", "__qualname__", "__doc__", "__module__", "__defaults__", "__code__",
                 "__kwdefaults__", "__closure__", "__globals__", "__dict__", "__annotations__",
                 "__builtins__"],
    "method": ["__self__", "__func__", "__name__", "__qualname__", "__doc__", "__module__"],
    "builtin_function_or_method": ["__name__", "__qualname__", "__self__", "__module__", "__doc__",
                                   "__text_signature__"],
    "method_descriptor": ["__name__", "__qualname__", "__objclass__", "__doc__", "__text_signature__"],
    "wrapper_descriptor": ["__name__", "__qualname__", "__objclass__", "__doc__", "__text_signature__"],
    "classmethod_descriptor": ["__name__", "__qualname__", "__objclass__", "__doc__",
                               "__text_signature__"],
    "getset_descriptor": ["__name__", "__qualname__", "__objclass__", "__doc__"],
    "property": ["fget", "fset", "fdel", "__doc__", "__isabstractmethod__"],
    "staticmethod": ["__func__", "__wrapped__", "__isabstractmethod__", "__dict__"],
    "classmethod": ["__func__", "__wrapped__", "__isabstractmethod__", "__dict__"],
    "slice": ["start", "stop", "step"],
    "range": ["start", "stop", "step"],
    "module": ["__dict__"],
    "super": ["__thisclass__", "__self__", "__self_class__"],
    "cell": ["cell_contents"],
    "dict_keys": ["mapping"],
    "dict_values": ["mapping"],
    "dict_items": ["mapping"],
    "generator": ["gi_code", "gi_frame", "gi_running", "gi_suspended", "gi_yieldfrom", "__name__",
                  "__qualname__"],
    "coroutine": ["cr_code", "cr_frame", "cr_running", "cr_suspended", "cr_await", "cr_origin",
                  "__name__", "__qualname__"],
    "async_generator": ["ag_code", "ag_frame", "ag_running", "ag_await", "__name__", "__qualname__"],
    "BaseException": ["args", "__traceback__", "__context__", "__cause__", "__suppress_context__", "__dict__"],
}
# builtin types whose instances can be weakly referenced / have a __dict__
WEAKREFABLE_BUILTINS = {"type", "function", "set", "frozenset", "module", "generator", "coroutine",
                        "async_generator", "code", "method", "builtin_function_or_method"}
DICT_BUILTINS = {"type", "function", "module"}
# the getsets type_new gives a class whose instances get a __dict__
INSTANCE_GETSETS = ["__dict__", "__weakref__"]
# value types' attributes that are CPython's (int.real, complex.imag...)
HOST_GETSETS = {KIND_INT: ["real", "imag", "numerator", "denominator"],
                KIND_BOOL: [],
                KIND_FLOAT: ["real", "imag"], KIND_COMPLEX: ["real", "imag"]}

# ---------------------------------------------------------------- calling a builtin descriptor

cdef gcref_t call_descriptor(gcref_t d, gcref_t* a, Py_ssize_t nall, gcref_t kwnames) except 0:
    # d(*args): a builtin descriptor called directly (list.append(l, x)) or
    # through a bound method (l.append(x): self is a[0]).
    cdef int bid = descr_bid(d), k = BID_KIND[bid]
    cdef gcref_t owner = VM_STATE.roots[descr_owner_root(d)]
    cdef Py_ssize_t n = nall - (LEN(kwnames) if kwnames else 0)
    cdef gcref_t r
    check_c_stack()         # slot wrappers call back into the VM's operations
    if k == BK_GETSET:
        raise TypeError("'getset_descriptor' object is not callable")
    if BI_SLOT_FIRST <= bid < BI_SLOT_FIRST + len(SLOT_NAMES):
        return call_slot(bid - BI_SLOT_FIRST, owner, a, nall, kwnames)
    name = BUILTIN_NAMES[bid].rpartition(".")[2]
    if k == BK_METHOD:
        if n < 1:
            raise TypeError(f"unbound method {class_name(owner)}.{name}() needs an argument")
        if not isinstance_c(a[0], owner):
            raise TypeError(f"descriptor '{name}' for '{class_name(owner)}' objects doesn't apply to "
                            f"a '{type_name(a[0])}' object")
    host = BID_HOST.get(bid)
    if host is not None:
        if k == BK_STATICMETHOD and RAW(owner)[K_KIND] == KIND_HOST and name == "__new__":
            return host_new(owner, a, nall, kwnames)
        if k == BK_CLASSMETHOD:
            # cls.method(...): the host's, then cls(result) for a subclass (int.from_bytes)
            if name == "from_bytes" and n >= 2:
                bytes_argument(a + 1)
            push(a[0])
            r = call_host(host, a + 1, nall - 1, kwnames)
            if top_slot()[0] != owner:
                top_slot()[0] = call1(top_slot()[0], r)
                r = top_slot()[0]
            pop()
            return r
        return call_host(host, a, nall, kwnames)
    if k == BK_METHOD and not (bid == BI_PROP_SETTER or bid == BI_PROP_GETTER or bid == BI_PROP_DELETER):
        a[0] = unwrap(a[0])         # (a property's copy is of type(self): a subclass's instance stays)
    return call_builtin(bid, a, nall, kwnames)

cdef int check_slot_args(str name, gcref_t owner, gcref_t* a, Py_ssize_t n, Py_ssize_t lo,
                         Py_ssize_t hi) except -1:
    if n < 1:
        raise TypeError(f"descriptor '{name}' of '{class_name(owner)}' object needs an argument")
    if not isinstance_c(a[0], owner):
        raise TypeError(f"descriptor '{name}' requires a '{class_name(owner)}' object but received a "
                        f"'{type_name(a[0])}'")
    if n - 1 < lo or n - 1 > hi:
        if lo == hi:
            raise TypeError(f"expected {lo} argument{'s' if lo != 1 else ''}, got {n - 1}")
        raise TypeError(f"expected {'at least ' if n - 1 < lo else 'at most '}{lo if n - 1 < lo else hi} "
                        f"argument{'s' if (lo if n - 1 < lo else hi) != 1 else ''}, got {n - 1}")
    return 0

# The number of arguments after self, (at least, at most), where it is not 1.
SLOT_ARITY = {"__repr__": (0, 0), "__str__": (0, 0), "__hash__": (0, 0), "__len__": (0, 0),
              "__iter__": (0, 0), "__next__": (0, 0), "__bool__": (0, 0), "__reversed__": (0, 0),
              "__setitem__": (2, 2), "__pow__": (1, 2), "__rpow__": (1, 2), "__neg__": (0, 0),
              "__pos__": (0, 0), "__abs__": (0, 0), "__invert__": (0, 0), "__int__": (0, 0),
              "__float__": (0, 0), "__index__": (0, 0), "__complex__": (0, 0),
              "__round__": (0, 1), "__trunc__": (0, 0), "__floor__": (0, 0), "__ceil__": (0, 0),
              "__sizeof__": (0, 0), "__getnewargs__": (0, 0), "__setattr__": (2, 2),
              "__init__": (0, 1 << 30), "__call__": (0, 1 << 30), "__get__": (1, 2),
              "__set__": (2, 2), "__dir__": (0, 0), "__length_hint__": (0, 0),
              "__subclasses__": (0, 0), "mro": (0, 0)}

# forward name -> (BinOp, reflected, in place)
BINARY_SLOTS = {}
for _i, _n in enumerate(["add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "lshift",
                         "rshift", "and", "or", "xor"]):
    BINARY_SLOTS[f"__{_n}__"] = (_i, False, False)
    BINARY_SLOTS[f"__r{_n}__"] = (_i, True, False)
    BINARY_SLOTS[f"__i{_n}__"] = (_i, False, True)
# rich comparison name -> its compare_op operator (CPython's Py_LT ... Py_GE)
COMPARE_SLOTS = {name: op for op, name in enumerate(
    ("__lt__", "__le__", "__eq__", "__ne__", "__gt__", "__ge__"))}

# ---------------------------------------------------------------- slot facts
# What call_slot and value_slot need to know of slot s, as C: derived once,
# at import, from the tables above (keyed by name, their one home), so that a
# call dispatches on integers and never compares its name with literals.

ctypedef struct SlotFacts:
    int magic                   # the M_* index of SLOT_NAMES[s]
    int lo, hi                  # how many arguments after self (SLOT_ARITY)
    int binop                   # its BinOp (BINARY_SLOTS), else -1
    int cmpop                   # its comparison operator (COMPARE_SLOTS), else -1
    bint reflected, inplace     # (BINARY_SLOTS)
    bint delegated              # CPython's own on the immutable value types (HOST_TYPES)
    bint formatting             # str % / bytes % (FORMATTING_SLOTS): the VM's

cdef SlotFacts SLOT_FACTS[128]
cdef bint HOST_SLOTS_KIND[32]   # the kinds in HOST_TYPES

cdef void _init_slot_facts() except *:
    cdef int s
    cdef SlotFacts* f
    if len(SLOT_NAMES) > 128 or max(HOST_TYPES) >= 32:
        raise ImportError("vm/slots.pxi: SLOT_FACTS / HOST_SLOTS_KIND too small")
    for kind in HOST_TYPES:
        HOST_SLOTS_KIND[kind] = True
    for s, name in enumerate(SLOT_NAMES):
        f = &SLOT_FACTS[s]
        f.magic = MAGIC_NAMES.index(name)
        f.lo, f.hi = SLOT_ARITY.get(name, (1, 1))
        f.binop, f.reflected, f.inplace = BINARY_SLOTS.get(name, (-1, False, False))
        f.cmpop = COMPARE_SLOTS.get(name, -1)
        f.delegated = name not in NOT_DELEGATED_SLOTS
        f.formatting = name in FORMATTING_SLOTS
_init_slot_facts()

cdef inline int slot_magic(gcref_t d) noexcept nogil:
    # The M_* index of [d] if it is a builtin type's slot wrapper
    # (tuple.__hash__), else -1.
    cdef int bid
    if not is_bmethod(d):
        return -1
    bid = descr_bid(d)
    if BI_SLOT_FIRST_C <= bid < BI_SLOT_END_C:
        return SLOT_FACTS[bid - BI_SLOT_FIRST_C].magic
    return -1

cdef gcref_t super_subclass_get(gcref_t* a) except 0:
    # super.__get__(s, obj[, cls]) for s an instance of a subclass of super
    # (mysuper(F) as a class attribute): s itself if it is bound already or
    # obj is None, else type(s)(s.__thisclass__, obj), as CPython's
    # super_descr_get.
    if a[1] == V_NONE or super_is_bound(FLD(a[0])[I_VALUES]):
        return a[0]
    cdef gcref_t* base = HEAP.shadowstack_top
    cdef gcref_t r
    push(class_of(a[0]))
    push(FLD(FLD(a[0])[I_VALUES])[0])
    push(a[1])
    r = vm_call(base, 2)
    HEAP.shadowstack_top = base
    return r

cdef gcref_t call_slot(int s, gcref_t owner, gcref_t* a, Py_ssize_t nall, gcref_t kwnames) except 0:
    # owner.<SLOT_NAMES[s]>(*a): the special method of a builtin type,
    # dispatched on its M_* index (SLOT_FACTS): its name is only for messages.
    cdef const SlotFacts* f = &SLOT_FACTS[s]
    cdef int m = f.magic
    cdef Py_ssize_t n = nall - (LEN(kwnames) if kwnames else 0)
    cdef int64_t kind = RAW(owner)[K_KIND]
    cdef gcref_t v, w
    if m == M_NEW:
        return builtin_new(owner, a, nall, kwnames)
    if m == M_INIT_SUBCLASS:
        if kwnames:
            raise TypeError(f"{class_name(a[0])}.__init_subclass__() takes no keyword arguments")
        if n != 1:
            raise TypeError(f"{class_name(a[0])}.__init_subclass__() takes no arguments ({n - 1} given)")
        return V_NONE
    if m == M_SUBCLASSHOOK:
        return V_NOTIMPL
    if m == M_PREPARE:
        return dict_new()
    if m == M_CLASS_GETITEM:
        # cls[item]: types.GenericAlias(cls, item)
        if n != 2:
            raise TypeError(f"__class_getitem__ expected 1 argument, got {n - 1}")
        push(app_object("GenericAlias"))
        push(a[0])
        push(a[1])
        v = vm_call(top_slot() - 2, 2)
        pop()
        return v
    if kwnames and m != M_INIT and m != M_CALL:
        raise TypeError(f"wrapper {SLOT_NAMES[s]}() takes no keyword arguments")
    if n < 1 or n - 1 < f.lo or n - 1 > f.hi or not isinstance_c(a[0], owner):
        check_slot_args(SLOT_NAMES[s], owner, a, n, f.lo, f.hi)     # (raises)
    if m == M_FORMAT and has_tid(a[1], T_STR) and LEN(a[1]) == 0:
        # Every builtin's __format__ with an empty spec is str(self), which
        # reaches a __str__ a subclass defines (CPython's object.__format__,
        # str.__format__, int.__format__...; format_instance relies on this).
        return vm_str(a)
    if f.delegated and HOST_SLOTS_KIND[kind] and not (
            f.formatting and (kind == KIND_STR or kind == KIND_BYTES)):
        a[0] = unwrap(a[0])         # self: the value an instance of a subclass carries
        return call_host(getattr(HOST_TYPES[kind], SLOT_NAMES[s]), a, nall, kwnames)
    if kind == KIND_OBJECT:
        return object_slot(m, a, n, kwnames)
    if kind == KIND_TYPE:
        return type_slot(m, a, n, kwnames)
    if kind == KIND_BASEEXC and (m == M_INIT or m == M_STR or m == M_REPR):
        if m == M_INIT:
            if kwnames:
                raise TypeError(f"{type_name(a[0])}() takes no keyword arguments")
            exc_set_slot(a[0], EXC_ARGS, tuple_from_slots(a + 1, n - 1))
            return V_NONE
        return str_from_py(exc_str(a) if m == M_STR else exc_repr(a))
    if m == M_INIT:
        if kind == KIND_LIST and kwnames and nkw(kwnames):
            # CPython's list.__init__ refuses keywords only where the type's
            # __new__ is list's: a subclass's own __new__ has taken them
            if class_lookup(class_of(a[0]), MAGIC(M_NEW)) == class_lookup(kind_class(KIND_LIST), MAGIC(M_NEW)):
                raise TypeError("list() takes no keyword arguments")
            kwnames = 0
        if kind == KIND_PROPERTY and has_tid(a[0], T_INSTANCE):
            return property_subclass_init(a, n, kwnames)
        a[0] = unwrap(a[0])
        return builtin_init(kind, a, n, kwnames)
    if m == M_GETITEM and kind == KIND_DICT and has_tid(a[0], T_INSTANCE):
        return dict_subclass_getitem(a)
    if f.inplace and kind == KIND_DICT and f.binop == B_OR:
        # d |= anything dict.update takes (CPython's dict_ior)
        push(a[0])
        a[0] = unwrap(a[0])
        dict_update(a, a + 1, False)
        return pop()
    if f.inplace:
        # in place: the operation on the builtin value, and self the result
        push(a[0])
        a[0] = unwrap(a[0])
        v = value_slot(s, kind, a, n, kwnames)
        w = pop()
        return v if v == V_NOTIMPL else w
    if m == M_ITER and has_tid(a[0], T_INSTANCE):
        # An iterator type's __iter__ is self: the subclass's instance, so
        # that its own __next__ is the one iteration calls.
        push(a[0])
        a[0] = unwrap(a[0])
        v = get_iter(a)
        w = pop()
        return w if v == a[0] else v
    if m == M_REPR and (kind == KIND_SET or kind == KIND_FROZENSET) and has_tid(a[0], T_INSTANCE):
        name = type_name(a[0])      # (a subclass's set repr names it: SS({1}))
        a[0] = unwrap(a[0])
        return str_from_py(set_repr(a, name))
    if (m == M_REPR or m == M_STR) and kind == KIND_BYTEARRAY and has_tid(a[0], T_INSTANCE):
        # (and a bytearray's, B(b'x'): CPython's bytearray_repr, its quoting
        # included, which is its __str__ too, whatever __repr__ the subclass has)
        return str_from_py(type_name(a[0]) + repr(bytes_to_py(unwrap(a[0])))[len("bytearray"):])
    if m == M_GET and kind == KIND_SUPER and has_tid(a[0], T_INSTANCE):
        return super_subclass_get(a)
    if m == M_GET and kind == KIND_PROPERTY and has_tid(a[0], T_INSTANCE) and n > 2 and a[1] == V_NONE \
            and a[2] != V_NONE:
        return a[0]                 # (read from the class: the property itself, here a subclass's instance)
    a[0] = unwrap(a[0])
    return value_slot(s, kind, a, n, kwnames)

cdef gcref_t dict_subclass_getitem(gcref_t* a) except 0:
    # dict.__getitem__(self, key) for an instance of a subclass of dict: a
    # missing key goes to the class's __missing__ (defaultdict, Counter), as
    # CPython's dict_subscript does.
    cdef gcref_t v, missing
    push(unwrap(a[0]))
    push(a[1])
    v = dict_get(top_slot() - 1, top_slot())
    HEAP.shadowstack_top -= 2
    if v != 0:
        return v
    missing = intern("__missing__")
    missing = class_lookup(FLD(a[0])[I_CLASS], missing)
    if missing == 0:
        raise_with_value("KeyError", a[1])
    return call_method1(missing, a[0], a[1])

cdef gcref_t value_slot(int s, int64_t kind, gcref_t* a, Py_ssize_t n, gcref_t kwnames) except 0:
    # A special method of a builtin value (a[0], unwrapped): the VM's own operation.
    cdef const SlotFacts* f = &SLOT_FACTS[s]
    cdef int m = f.magic
    cdef gcref_t v
    if m == M_REPR:
        return str_from_py(repr_py(a))
    if m == M_STR:
        return str_from_py(str_py(a))
    if m == M_HASH:
        return int_from_py(full_hash(a))     # (hash()'s value, not the dicts' folded one)
    if m == M_LEN:
        return call_builtin(BI_LEN, a, 1, 0)
    if m == M_ITER:
        return get_iter(a)
    if m == M_NEXT:
        return next_or_stop(a)
    if m == M_BOOL:
        return vbool(truth(a[0]))
    if m == M_GETITEM:
        return getitem(a)
    if m == M_SETITEM:
        setitem(a, a + 2)
        return V_NONE
    if m == M_DELITEM:
        delitem(a)
        return V_NONE
    if m == M_CONTAINS:
        return vbool(contains(a, a + 1))
    if m == M_REVERSED:
        return call_builtin(BI_REVERSED, a, 1, 0)
    if f.cmpop >= 0:
        a[1] = unwrap(a[1])
        if not same_builtin_family(a[0], a[1]):
            return V_NOTIMPL
        return compare_op(a, f.cmpop)
    if f.binop == B_MOD and f.reflected and (kind == KIND_STR or kind == KIND_BYTES or kind == KIND_BYTEARRAY):
        # x.__rmod__(y) is y % x only when y is str or bytes itself (CPython's
        # unicode_mod and bytes_mod refuse any other left operand)
        if not (is_obj(unwrap(a[1])) and TID(unwrap(a[1])) == TID(a[0])):
            return V_NOTIMPL
    if m == M_MOD and kind == KIND_STR:     # (str % anything: every value formats)
        return percent_format(a, a + 1)
    if m == M_MOD and kind == KIND_BYTES:
        return bytes_binop(a, B_MOD, False)
    if f.binop == B_ADD and not f.reflected and (kind == KIND_LIST or kind == KIND_TUPLE):
        return sequence_concat_slot(kind, f.inplace, a)
    if f.binop == B_ADD and not f.reflected and kind == KIND_BYTEARRAY:
        # bytearray's concatenation slots take any buffer (bytes_binop reads
        # a memoryview or a subclass's instance), and refuse anything else
        # rather than return NotImplemented
        v = bytes_binop(a, B_ADD, f.inplace)
        if v == 0:
            raise TypeError(f"can't concat {type_name(a[1])} to bytearray")
        return v
    if f.binop >= 0:
        # the builtin's own operator on builtin values, never the protocol again
        a[1] = unwrap(a[1])
        if not is_plain_value(a[1]) or not binary_operand_ok(kind, a[1], f.binop):
            return V_NOTIMPL
        if f.reflected:
            v = a[0]
            a[0] = a[1]
            a[1] = v
        v = builtin_binary(a, f.binop, f.inplace)
        return v if v != 0 else V_NOTIMPL
    if m == M_CALL:
        return call_nested(a, n - 1 + (LEN(kwnames) if kwnames else 0), kwnames)
    if m == M_GET:
        v = a[2] if n > 2 else V_NONE
        if a[1] == V_NONE and (v == V_NONE or v == 0):
            raise TypeError("__get__(None, None) is invalid")
        if v == V_NONE:
            a[2] = class_of(a[1])
        return descr_get(a[0], a + 1 if a[1] != V_NONE else NULL, a[2])
    if m == M_SET:
        descr_set(a[0], a + 1, a + 2)
        return V_NONE
    if m == M_DELETE:
        descr_set(a[0], a + 1, NULL)
        return V_NONE
    if m == M_LENGTH_HINT:
        return length_hint_of(a)
    if m == M_SIZEOF:
        return tag(8 * (LEN(a[0]) + 2) if is_obj(a[0]) else 28)
    raise TypeError(f"{SLOT_NAMES[s]} of {type_name(a[0])} is not supported by vmsample")


cdef bint same_builtin_family(gcref_t a, gcref_t b) noexcept nogil:
    # Whether a builtin comparison of a and b is defined (else NotImplemented)
    cdef uint16_t ta, tb
    if not is_obj(a) or not is_obj(b):
        return False
    ta = TID(a)
    tb = TID(b)
    if ta == tb:
        return True
    if (ta == T_SET or ta == T_FROZENSET) and (tb == T_SET or tb == T_FROZENSET):
        return True
    if (ta == T_BYTES or ta == T_BYTEARRAY) and (tb == T_BYTES or tb == T_BYTEARRAY):
        return True
    return False

cdef gcref_t sequence_concat_slot(int64_t kind, bint inplace, gcref_t* a) except 0:
    # list/tuple.__add__(a[0], a[1]) and list.__iadd__: CPython's sequence
    # concatenation slots, which refuse another type rather than return
    # NotImplemented, and list's in-place one, which extends by any iterable.
    cdef uint16_t t = T_LIST if kind == KIND_LIST else T_TUPLE
    if inplace:
        list_extend(a, a + 1)
        return a[0]
    if not has_tid(unwrap(a[1]), t):
        name = "list" if kind == KIND_LIST else "tuple"
        raise TypeError(f'can only concatenate {name} (not "{type_name(a[1])}") to {name}')
    a[1] = unwrap(a[1])
    return builtin_binary(a, B_ADD, False)

cdef bint binary_operand_ok(int64_t kind, gcref_t b, int op) noexcept nogil:
    # Whether the builtin's own operator applies to operand [b].
    if op == B_MUL:
        return is_intlike(b)
    if kind == KIND_LIST or kind == KIND_TUPLE:
        return op == B_ADD and is_obj(b) and (TID(b) == T_LIST or TID(b) == T_TUPLE)
    if kind == KIND_SET or kind == KIND_FROZENSET:
        return is_anyset(b)
    if kind == KIND_DICT:
        return op == B_OR and has_tid(b, T_DICT)
    if kind == KIND_BYTEARRAY:
        return is_byteslike(b)
    return True

cdef gcref_t length_hint_of(gcref_t* itslot) except 0:
    # The items an iterator has left (operator.length_hint, list(it)...).
    cdef gcref_t it = itslot[0]
    cdef int64_t i, step, stop
    if has_tid(it, T_LISTITER) or has_tid(it, T_TUPLEITER):
        return tag(max(0, SEQLEN(FLD(it)[IT_A]) - RAW(it)[IT_C]))
    if has_tid(it, T_STRITER):
        return tag(max(0, LEN(FLD(it)[IT_A]) - RAW(it)[IT_C]))
    if has_tid(it, T_BYTESITER) or has_tid(it, T_BYTEARRAYITER):
        return tag(max(0, BLEN(FLD(it)[IT_A]) - RAW(it)[IT_C]))
    if has_tid(it, T_REVERSED) or has_tid(it, T_LISTREVITER):
        # the items left, or 0 if the sequence shrank below them (CPython's
        # reversed_len, which asks the sequence its len each time)
        if RAW(it)[IT_C] == 0:
            return tag(0)
        push(FLD(it)[IT_A])
        n = int_to_py(call_builtin(BI_LEN, top_slot(), 1, 0))
        pop()
        return tag(RAW(itslot[0])[IT_C] if n >= RAW(itslot[0])[IT_C] else 0)
    if has_tid(it, T_DICTITER):
        # (what the dict had when iteration began, less what it gave: CPython's di_len)
        return tag(max(0, untag(FLD(it)[IT_B])) if RAW(FLD(it)[IT_A])[D_USED] == (
            RAW(it)[IT_D] & ((<int64_t>1 << 40) - 1)) else 0)
    if has_tid(it, T_SETITER):
        # (the items left, or 0 once the set changed size: CPython's setiter_len)
        return tag(untag(FLD(it)[IT_B]) if RAW(FLD(it)[IT_A])[S_USED] == RAW(it)[IT_D] else 0)
    if has_tid(it, T_RANGEITER):        # next value IT_C, step IT_B, stop IT_D
        i, step, stop = RAW(it)[IT_C], untag(FLD(it)[IT_B]), RAW(it)[IT_D]
        if step > 0:
            return tag((stop - i + step - 1) // step if i < stop else 0)
        return tag((i - stop - step - 1) // -step if i > stop else 0)
    return V_NOTIMPL

cdef gcref_t object_slot(int m, gcref_t* a, Py_ssize_t n, gcref_t kwnames) except 0:
    # object's special methods (m: their M_* index): the defaults every class inherits.
    cdef gcref_t v, eq
    if m == M_REPR:
        return str_from_py(default_repr(a))
    if m == M_STR:
        return str_from_py(repr_py(a))
    if m == M_HASH:
        return int_from_py(object_id(a[0]) >> 4)
    if m == M_EQ:
        return V_TRUE if a[0] == a[1] else V_NOTIMPL
    if m == M_NE:
        # the inverse of type(self).__eq__, unless that is NotImplemented
        eq = special_lookup(class_of(a[0]), M_EQ)
        if eq == 0 or is_object_slot(eq):
            return V_FALSE if a[0] == a[1] else V_NOTIMPL
        v = call_comparison(eq, a[0], a[1])
        if v == V_NOTIMPL:
            return v
        return vbool(not truth(v))
    if m == M_LT or m == M_LE or m == M_GT or m == M_GE:
        return V_NOTIMPL
    if m == M_GETATTRIBUTE:
        if not has_tid(a[1], T_STR):
            raise TypeError(f"attribute name must be string, not '{type_name(a[1])}'")
        v = generic_getattr(a, a[1])
        if v == 0:
            raise_attribute_error(a[0], a[1])
        return v
    if m == M_SETATTR or m == M_DELATTR:
        if not has_tid(a[1], T_STR):
            raise TypeError(f"attribute name must be string, not '{type_name(a[1])}'")
        if has_tid(a[0], T_CLASS):
            raise TypeError(f"can't apply this {MAGIC_NAMES[m]} to type object")
        push(intern(str_to_py(a[1])))
        generic_setattr(a, top_slot()[0], a + 2 if m == M_SETATTR else NULL)
        pop()
        return V_NONE
    if m == M_INIT:
        return object_init(a, n, kwnames)
    if m == M_FORMAT:
        if not has_tid(a[1], T_STR):
            raise TypeError(f"__format__() argument must be str, not {type_name(a[1])}")
        raise TypeError(f"unsupported format string passed to {type_name(a[0])}.__format__")
    if m == M_SIZEOF:
        return tag(16 + (8 * (LEN(a[0]) if has_tid(a[0], T_INSTANCE) else 0)))
    if m == M_DIR:
        return object_dir(a)
    raise TypeError(f"object.{MAGIC_NAMES[m]} is not supported by vmsample")

cdef str default_repr(gcref_t* slot):
    # object.__repr__: <module.Class object at 0x...>
    cdef gcref_t cls = class_of(slot[0])
    mod = class_module(cls)
    qual = str_to_py(FLD(cls)[K_QUALNAME])
    prefix = "" if mod == "builtins" else mod + "."
    return f"<{prefix}{qual} object at {object_id(slot[0]):#x}>"

cdef gcref_t object_dir(gcref_t* a) except 0:
    # object.__dir__: the instance's attributes and its class's (with their
    # bases').  (A module's own __dir__, module_dir, is app-level:
    # app/objects.py.)
    cdef gcref_t d, mro, v
    cdef Py_ssize_t i
    cdef uint32_t j
    push(dict_new())
    cdef gcref_t* out = top_slot()
    d = own_dict_or_0(a)
    if d != 0:
        push(d)
        dict_update(out, top_slot(), False)
        pop()
    push(class_of(a[0]))
    mro = FLD(top_slot()[0])[K_MRO]
    for j in range(LEN(mro)):
        push(FLD(FLD(FLD(top_slot()[0])[K_MRO])[j])[K_DICT])
        dict_update(out, top_slot(), False)
        pop()
    pop()
    v = new_iter(T_DICTVIEW, out, 0, 0, 0)
    push(v)
    v = list_from_iterable(top_slot())
    HEAP.shadowstack_top = out
    return v

cdef gcref_t own_dict_or_0(gcref_t* oslot) except? 0:
    # The __dict__ of an object that has one, else 0.
    if has_tid(oslot[0], T_INSTANCE) and not RAW(FLD(oslot[0])[I_CLASS])[K_FLAGS] & CF_SLOTS:
        return instance_dict(oslot)
    if has_tid(oslot[0], T_MODULE):
        return FLD(oslot[0])[1]
    if has_tid(oslot[0], T_FUNCTION):
        return function_dict(oslot)
    if has_tid(oslot[0], T_STATICMETHOD) or has_tid(oslot[0], T_CLASSMETHOD):
        return wrapper_dict(oslot)
    if has_tid(oslot[0], T_CLASS):
        return FLD(oslot[0])[K_DICT]
    return 0

cdef gcref_t type_slot(int m, gcref_t* a, Py_ssize_t n, gcref_t kwnames) except 0:
    # type's special methods (m: their M_* index; a[0] is a class).
    cdef gcref_t v
    cdef Py_ssize_t i
    if m == M_REPR:
        return str_from_py(class_repr(a[0]))
    if m == M_CALL:
        # type's own: the metaclass's __call__ is what calls it (so not again)
        return type_call_nested(a, n - 1 + (LEN(kwnames) if kwnames else 0), kwnames)
    if m == M_GETATTRIBUTE:
        if not has_tid(a[1], T_STR):
            raise TypeError(f"attribute name must be string, not '{type_name(a[1])}'")
        v = type_getattr(a, a[1])
        if v == 0:
            raise_attribute_error(a[0], a[1])
        return v
    if m == M_SETATTR or m == M_DELATTR:
        if not has_tid(unwrap(a[1]), T_STR):
            raise TypeError(f"attribute name must be string, not '{type_name(a[1])}'")
        push(intern(str_to_py(a[1])))
        type_setattr(a, top_slot()[0], a + 2 if m == M_SETATTR else NULL)
        pop()
        return V_NONE
    if m == M_INIT:
        if n != 2 and n != 4:
            raise TypeError("type.__init__() takes 1 or 3 arguments")
        return V_NONE
    if m == M_INSTANCECHECK:
        return vbool(isinstance_c(a[1], a[0]))
    if m == M_SUBCLASSCHECK:
        if not has_tid(a[1], T_CLASS):
            raise TypeError("issubclass() arg 1 must be a class")
        return vbool(is_subclass(a[1], a[0]))
    if m == M_SUBCLASSES:
        if RAW(a[0])[K_FLAGS] & CF_HOST_TYPE:
            return from_host(host_type_of(a[0]).__subclasses__())
        return live_subclasses(a)
    if m == M_MRO:
        push(compute_mro(a))
        v = seq_copy(top_slot(), T_LIST, 0, LEN(top_slot()[0]))
        pop()
        return v
    if m == M_DIR:
        return object_dir(a)
    if m == M_SIZEOF:
        return tag(8 * (K_NWORDS + 1))
    if m == M_OR or m == M_ROR:
        # int | None: types.UnionType
        push(app_object("union"))
        push(a[0] if m == M_OR else a[1])
        push(a[1] if m == M_OR else a[0])
        v = vm_call(top_slot() - 2, 2)
        pop()
        return v
    if (m == M_EQ or m == M_NE or m == M_HASH or m == M_LT or m == M_LE or m == M_GT or m == M_GE or
            m == M_STR or m == M_FORMAT):
        return object_slot(m, a, n, kwnames)
    raise TypeError(f"type.{MAGIC_NAMES[m]} is not supported by vmsample")

cdef gcref_t builtin_init(int64_t kind, gcref_t* a, Py_ssize_t n, gcref_t kwnames) except 0:
    # The __init__ of a builtin type, on the (unwrapped) value a[0].
    if kind == KIND_LIST:
        return call_builtin(BI_LIST_INIT, a, n + (LEN(kwnames) if kwnames else 0), kwnames)
    if kind == KIND_DICT:
        if n > 2:
            raise TypeError(f"dict expected at most 1 argument, got {n - 1}")
        return call_builtin(BI_DICT_UPDATE, a, n + (LEN(kwnames) if kwnames else 0), kwnames)
    if kind == KIND_SET:
        if kwnames:
            raise TypeError("set() takes no keyword arguments")
        if n > 2:
            raise TypeError(f"set expected at most 1 argument, got {n - 1}")
        set_clear(a)
        if n == 2:
            set_update(a, a + 1)
        return V_NONE
    if kind == KIND_PROPERTY:
        return property_init(a, n, kwnames)
    if kind == KIND_STATICMETHOD or kind == KIND_CLASSMETHOD:
        if kwnames and nkw(kwnames):
            raise TypeError(f"{'staticmethod' if kind == KIND_STATICMETHOD else 'classmethod'}() "
                            "takes no keyword arguments")
        if n != 2:
            raise TypeError(f"{'staticmethod' if kind == KIND_STATICMETHOD else 'classmethod'} "
                            f"expected 1 argument, got {n - 1}")
        store(a[0], 0, a[1])
        return V_NONE
    if kind == KIND_SUPER:
        if kwnames and nkw(kwnames):
            raise TypeError("super() takes no keyword arguments")
        if n > 3:
            raise TypeError(f"super() expected at most 2 arguments, got {n - 1}")
        if n == 2:
            # super(cls): unbound (vm/attributes.pxi)
            if not has_tid(a[1], T_CLASS):
                raise TypeError(f"super() argument 1 must be a type, not {type_name(a[1])}")
            store(a[0], 0, a[1])
            store(a[0], 1, V_NONE)
            store(a[0], 2, V_NONE)
            return V_NONE
        # super(cls, obj), or super() called by another name
        push(new_super(a + 1, a + 2) if n == 3 else frame_super(&VM_STATE.frames[VM_STATE.depth]))
        store(a[0], 0, FLD(top_slot()[0])[0])
        store(a[0], 1, FLD(top_slot()[0])[1])
        store(a[0], 2, FLD(top_slot()[0])[2])
        pop()
        return V_NONE
    if kind == KIND_BYTEARRAY:
        push(construct_bytes(T_BYTEARRAY, a + 1, n - 1, kwnames))
        bytearray_set_py(a, bytes_to_py(top_slot()[0]))
        pop()
        return V_NONE
    # the immutable types took their value in __new__; extra arguments are
    # __new__'s business (object.__init__'s rule)
    return V_NONE

cdef gcref_t property_init(gcref_t* a, Py_ssize_t n, gcref_t kwnames) except 0:
    # property(fget=None, fset=None, fdel=None, doc=None)
    cdef Py_ssize_t i, j
    cdef Py_ssize_t nk = LEN(kwnames) if kwnames else 0
    if n - 1 > 4:
        raise TypeError(f"property() takes at most 4 arguments ({n - 1} given)")
    for i in range(4):
        store(a[0], i, a[1 + i] if 1 + i < n else V_NONE)
    for j in range(nk):
        kn = str_to_py(FLD(kwnames)[j])
        if kn in ("fget", "fset", "fdel", "doc"):
            store(a[0], ("fget", "fset", "fdel", "doc").index(kn), a[n + j])
        else:
            raise TypeError(f"property() got an unexpected keyword argument '{kn}'")
    return V_NONE

cdef gcref_t property_subclass_init(gcref_t* a, Py_ssize_t n, gcref_t kwnames) except 0:
    # property.__init__ of a subclass's instance a[0]: a property's, then,
    # when no doc was given but a getter was, the getter's __doc__ (None if
    # it has none) set on the instance, where the subclass's own __doc__
    # cannot shadow it: in its __dict__, an AttributeError without one
    # (CPython 3.11's property_init).
    cdef gcref_t* base = HEAP.shadowstack_top
    cdef gcref_t v
    push(a[0])                      # base[0]: the instance
    a[0] = unwrap(a[0])
    property_init(a, n, kwnames)
    push(a[0])                      # base[1]: the property it carries
    a[0] = base[0]
    if FLD(base[1])[3] == V_NONE and FLD(base[1])[0] != V_NONE:
        push(FLD(base[1])[0])
        v = lookup_attr(top_slot(), MAGIC(M_DOC))
        top_slot()[0] = V_NONE if v == 0 else v
        push(MAGIC(M_DOC))
        setattr_v(base, top_slot()[0], top_slot() - 1)
    HEAP.shadowstack_top = base
    return V_NONE

# ---------------------------------------------------------------- getsets

cdef gcref_t getset_get(gcref_t d, gcref_t* oslot) except 0:
    # The getset [d]'s value on oslot[0].
    cdef int bid = descr_bid(d)
    cdef gcref_t o = oslot[0], owner = VM_STATE.roots[descr_owner_root(d)], v
    cdef int64_t kind
    name = BUILTIN_NAMES[bid][len("getset."):]
    if not isinstance_c(o, owner):
        raise TypeError(f"descriptor '{name}' for '{class_name(owner)}' objects doesn't apply to a "
                        f"'{type_name(o)}' object")
    if name == "__class__":
        return class_of(o)
    if name == "__dict__":
        v = own_dict_or_0(oslot)
        if v == 0:
            raise_attribute_error(oslot[0], MAGIC(M_DICT))
        if has_tid(oslot[0], T_CLASS):
            return mappingproxy(v)
        return v
    if name == "__weakref__":
        return V_NONE
    kind = RAW(owner)[K_KIND]
    if kind in HOST_GETSETS:
        return from_host(getattr(to_host(oslot), name))
    if kind == KIND_HOST:
        return from_host(getattr(to_host(oslot), name))
    if kind == KIND_BASEEXC:
        return exception_getset(name, oslot)
    o = unwrap(o)
    if has_tid(o, T_CLASS):
        return class_getset(name, oslot)
    if has_tid(o, T_FUNCTION):
        return function_getset(name, oslot)
    if has_tid(o, T_CODE):
        return code_getset(name, o)
    if has_tid(o, T_FRAME):
        return frame_getset(name, oslot)
    if has_tid(o, T_TRACEBACK):
        return traceback_getset(name, o)
    if has_tid(o, T_BOUND):
        if name == "__self__":
            return FLD(o)[0]
        if name == "__func__":
            return FLD(o)[1]
        push(FLD(o)[1])
        v = getattr_v(top_slot(), intern(name))
        pop()
        return v
    if is_bfunc(o) or is_bmethod(o):
        return builtin_callable_getset(name, o)
    if has_tid(o, T_PROPERTY):
        if name == "__doc__":
            v = FLD(o)[3] if FLD(o)[3] != 0 else V_NONE
            if v == V_NONE and FLD(o)[0] != V_NONE:
                push(FLD(o)[0])
                v = getattr_or_0(top_slot(), MAGIC(M_DOC))
                pop()
            return v if v != 0 else V_NONE
        if name == "__isabstractmethod__":
            return abstract_of(o, 3)
        return FLD(o)[("fget", "fset", "fdel").index(name)]
    if has_tid(o, T_STATICMETHOD) or has_tid(o, T_CLASSMETHOD):
        if name == "__isabstractmethod__":
            return abstract_of(o, 1)
        return FLD(o)[0]
    if has_tid(o, T_SLICE) or has_tid(o, T_RANGE):
        return FLD(o)[("start", "stop", "step").index(name)]
    if has_tid(o, T_SUPER):
        return FLD(o)[("__thisclass__", "__self__", "__self_class__").index(name)]
    if has_tid(o, T_GENERATOR) or has_tid(o, T_COROUTINE) or has_tid(o, T_ASYNCGEN):
        return generator_getset(name, oslot)
    if has_tid(o, T_DICTVIEW):
        return mappingproxy(FLD(o)[IT_A])      # (view.mapping)
    if has_tid(o, T_CELL):
        if FLD(o)[0] == 0:
            raise ValueError("Cell is empty")
        return FLD(o)[0]
    raise AttributeError(f"'{type_name(o)}' object has no attribute '{name}'")

cdef gcref_t abstract_of(gcref_t o, int nfuncs) except 0:
    # __isabstractmethod__ of a property / staticmethod / classmethod: any of
    # its functions'.
    cdef int i
    cdef gcref_t v
    push(o)
    for i in range(nfuncs):
        push(FLD(top_slot()[0])[i])
        if top_slot()[0] != V_NONE:
            v = getattr_or_0(top_slot(), intern("__isabstractmethod__"))
            if v != 0 and truth(v):
                HEAP.shadowstack_top -= 2
                return V_TRUE
        pop()
    pop()
    return V_FALSE

cdef int getset_set(gcref_t d, gcref_t* oslot, gcref_t* vslot) except -1:
    # oslot[0].<getset> = vslot[0] (vslot NULL: del).
    cdef int bid = descr_bid(d)
    cdef gcref_t o = oslot[0], v
    name = BUILTIN_NAMES[bid][len("getset."):]
    if name == "__class__":
        if vslot == NULL:
            raise TypeError("can't delete __class__ attribute")
        return assign_class(oslot, vslot)
    if name == "__dict__" and has_tid(o, T_INSTANCE):
        if vslot == NULL:               # (deleting it empties it, as CPython's)
            v = dict_new()
            adopt_instance_dict(oslot, v)
            return 0
        if not has_tid(vslot[0], T_DICT):
            raise TypeError(f"__dict__ must be set to a dictionary, not a '{type_name(vslot[0])}'")
        adopt_instance_dict(oslot, vslot[0])
        return 0
    if has_tid(o, T_CLASS):
        return class_getset_set(name, oslot, vslot)
    if has_tid(o, T_INSTANCE) and RAW(FLD(o)[I_CLASS])[K_FLAGS] & CF_EXCEPTION:
        return exception_getset_set(name, oslot, vslot)
    if has_tid(o, T_INSTANCE) and builtin_base_kind(FLD(o)[I_CLASS]) == KIND_HOST:
        if vslot == NULL:
            delattr(handle_object(o), name)
        else:
            setattr(handle_object(o), name, to_host(vslot))
        return 0
    if has_tid(o, T_FUNCTION):
        return function_getset_set(name, oslot, vslot)
    if (has_tid(o, T_GENERATOR) or has_tid(o, T_COROUTINE) or has_tid(o, T_ASYNCGEN)) and (
            name == "__name__" or name == "__qualname__"):
        return generator_name_set(name, oslot, vslot)
    if has_tid(o, T_TRACEBACK) and name == "tb_next":
        if vslot == NULL:
            raise TypeError("can't delete tb_next attribute")
        if vslot[0] != V_NONE and not has_tid(vslot[0], T_TRACEBACK):
            raise TypeError(f"expected traceback object or None, got '{type_name(vslot[0])}'")
        v = vslot[0]
        while has_tid(v, T_TRACEBACK):          # no loops in the chain
            if v == o:
                raise ValueError("traceback loop detected")
            v = FLD(v)[TB_NEXT]
        store(o, TB_NEXT, vslot[0])
        return 0
    if has_tid(o, T_PROPERTY) and name == "__doc__":
        store(o, 3, vslot[0] if vslot != NULL else V_NONE)
        return 0
    if (has_tid(o, T_PROPERTY) and name in ("fget", "fset", "fdel")) or (
            has_tid(o, T_FUNCTION) and name in ("__closure__", "__globals__", "__builtins__")) or (
            has_tid(o, T_BOUND) and name in ("__self__", "__func__")):
        raise AttributeError("readonly attribute")      # (CPython's read-only members)
    raise AttributeError(f"attribute '{name}' of '{type_name(o)}' objects is not writable")

cdef gcref_t class_getset(str name, gcref_t* cslot) except 0:
    cdef gcref_t c = cslot[0], v
    if name == "__name__":
        return FLD(c)[K_NAME]
    if name == "__qualname__":
        return FLD(c)[K_QUALNAME]
    if name == "__bases__":
        return FLD(c)[K_BASES]
    if name == "__mro__":
        return V_NONE if RAW(c)[K_FLAGS] & CF_MRO_PENDING else FLD(c)[K_MRO]
    if name == "__base__":
        return FLD(c)[K_BASE] if FLD(c)[K_BASE] != 0 else V_NONE
    if name == "__abstractmethods__" and c == kind_class(KIND_TYPE):
        raise AttributeError(name)      # (type's own dict holds the getset: type has none)
    if name in ("__doc__", "__module__", "__abstractmethods__", "__annotations__", "__text_signature__"):
        v = dict_get_str(FLD(c)[K_DICT], intern(name))
        if v != 0 and name == "__doc__" and not RAW(c)[K_FLAGS] & CF_BUILTIN and is_obj(v) and not has_tid(v, T_STR):
            return descr_get(v, NULL, c)        # (type_get_doc: a descriptor's value, as for @classmethod @property)
        if v != 0 and not (name == "__module__" and RAW(c)[K_FLAGS] & CF_BUILTIN and not has_tid(v, T_STR)):
            return v        # (type's own dict holds its instances' __module__ descriptor)
        if name == "__module__":
            return intern("builtins")
        if name == "__doc__" or name == "__text_signature__":
            return V_NONE
        if name == "__annotations__" and not RAW(c)[K_FLAGS] & CF_BUILTIN:
            push(dict_new())
            push(intern(name))
            field_dict_set(cslot, K_DICT, top_slot()[0], top_slot() - 1)
            pop()
            return pop()
        raise AttributeError(name)
    if name == "__weakrefoffset__" or name == "__dictoffset__":
        # nonzero where CPython's instances can have weak references / a __dict__
        if RAW(c)[K_FLAGS] & CF_BUILTIN:
            return tag(8 if class_name(c) in (WEAKREFABLE_BUILTINS if name == "__weakrefoffset__"
                                              else DICT_BUILTINS) else 0)
        if name == "__weakrefoffset__":
            return tag(8 if special_lookup(c, M_WEAKREF) != 0 or
                       class_name(class_base_builtin(c)) in WEAKREFABLE_BUILTINS else 0)
        return tag(0 if RAW(c)[K_FLAGS] & CF_SLOTS else 8)
    if name == "__flags__":
        # Py_TPFLAGS_HEAPTYPE, _BASETYPE, _IS_ABSTRACT (inspect.isabstract reads it), _TYPE_SUBCLASS
        return tag((1 << 9 if not RAW(c)[K_FLAGS] & CF_BUILTIN else 0) |
                   (1 << 10 if not RAW(c)[K_FLAGS] & CF_FINAL else 0) |
                   (1 << 20 if RAW(c)[K_FLAGS] & CF_ABSTRACT else 0) |
                   (1 << 31 if has_tid(c, T_CLASS) and RAW(c)[K_KIND] == KIND_TYPE else 0))
    if name in ("__basicsize__", "__itemsize__"):
        return tag(0 if name != "__basicsize__" else 16)
    raise AttributeError(name)

cdef int check_type_name(gcref_t s) except -1:
    # A class's name is a C string in CPython (tp_name): UTF-8 -- a lone
    # surrogate raises UnicodeEncodeError here -- without a NUL.
    if b"\0" in str_to_py(s).encode("utf-8"):
        raise ValueError("type name must not contain null characters")
    return 0

cdef int class_getset_set(str name, gcref_t* cslot, gcref_t* vslot) except -1:
    # type's getsets' setters; a builtin class is immutable even to a
    # descriptor's __set__ / __delete__ called directly (check_set_special_type_attr).
    cdef gcref_t v
    if RAW(cslot[0])[K_FLAGS] & CF_BUILTIN:
        raise TypeError(f"cannot set '{name}' attribute of immutable type '{class_name(cslot[0])}'")
    if vslot == NULL:
        if name in ("__abstractmethods__", "__annotations__"):
            push(intern(name))
            if not field_dict_del(cslot, K_DICT, top_slot()[0]):
                raise AttributeError(name)
            pop()
            if name == "__abstractmethods__":
                RAW(cslot[0])[K_FLAGS] &= ~CF_ABSTRACT
            return 0
        raise TypeError(f"cannot delete '{name}' attribute of immutable type '{class_name(cslot[0])}'")
    if name == "__name__" or name == "__qualname__":
        v = unwrap(vslot[0])            # (a str subclass's instance names its str)
        if not has_tid(v, T_STR):
            raise TypeError(f"can only assign string to {class_name(cslot[0])}.{name}, not "
                            f"'{type_name(vslot[0])}'")
        if name == "__name__":
            check_type_name(v)
        store(cslot[0], K_NAME if name == "__name__" else K_QUALNAME, unwrap(vslot[0]))
        return 0
    if name == "__bases__":
        return set_bases(cslot, vslot)
    if name == "__abstractmethods__":
        # as CPython's type: a non-empty set of abstract methods forbids instances
        if truth(vslot[0]):
            RAW(cslot[0])[K_FLAGS] |= CF_ABSTRACT
        else:
            RAW(cslot[0])[K_FLAGS] &= ~CF_ABSTRACT
    if name in ("__abstractmethods__", "__annotations__", "__doc__", "__module__", "__text_signature__"):
        push(intern(name))
        field_dict_set(cslot, K_DICT, top_slot()[0], vslot)
        pop()
        return 0
    raise AttributeError(f"attribute '{name}' of 'type' objects is not writable")

cdef gcref_t function_getset(str name, gcref_t* fslot) except 0:
    cdef gcref_t f = fslot[0], v
    spec = CODE_SPECS[RAW(f)[FN_CODE]]
    if FLD(f)[FN_META] != 0:
        v = dict_get_str(FLD(f)[FN_META], intern(name))     # a value assigned to it
        if v != 0:
            return v
    if name == "__name__":
        return intern(spec.name)
    if name == "__qualname__":
        return intern(spec.qualname)
    if name == "__doc__":
        if spec.doc is None:
            return V_NONE
        # made once and kept, so that it is the same str each time (as
        # CPython's, a constant of the code): functools.wraps copies it
        push(str_from_py(spec.doc))
        push(intern(name))
        function_meta(fslot)
        field_dict_set(fslot, FN_META, top_slot()[0], top_slot() - 1)
        pop()
        return pop()
    if name == "__module__":
        v = dict_get_str(VM_STATE.roots[VM_STATE.codes[RAW(f)[FN_CODE]].globals], MAGIC(M_NAME))
        return v if v != 0 else V_NONE
    if name == "__defaults__":
        return FLD(f)[FN_DEFAULTS] if FLD(f)[FN_DEFAULTS] != 0 else V_NONE
    if name == "__code__":
        return code_object(RAW(f)[FN_CODE])
    if name == "__kwdefaults__":
        return FLD(f)[FN_KWDEFAULTS] if FLD(f)[FN_KWDEFAULTS] != 0 else V_NONE
    if name == "__closure__":
        return FLD(f)[FN_CLOSURE] if FLD(f)[FN_CLOSURE] != 0 else V_NONE
    if name == "__globals__":
        return VM_STATE.roots[VM_STATE.codes[RAW(f)[FN_CODE]].globals]
    if name == "__builtins__":
        # its globals' builtins (namedtuple's __new__ is made under
        # {'__builtins__': {}}), as CPython's function takes them
        v = custom_builtins(VM_STATE.roots[VM_STATE.codes[RAW(f)[FN_CODE]].globals])
        return v if v != 0 else VM_STATE.roots[R_BUILTINS]
    if name == "__dict__":
        return function_dict(fslot)
    if name == "__annotations__":
        push(dict_new())
        push(intern(name))
        function_meta(fslot)
        field_dict_set(fslot, FN_META, top_slot()[0], top_slot() - 1)
        pop()
        return pop()
    raise AttributeError(name)

cdef gcref_t function_meta(gcref_t* fslot) except 0:
    # The dict of a function's reassigned builtin attributes (__name__,
    # __doc__, ...), made on first use.
    cdef gcref_t d
    if FLD(fslot[0])[FN_META] == 0:
        d = dict_new()
        store(fslot[0], FN_META, d)
    return FLD(fslot[0])[FN_META]

cdef int function_getset_set(str name, gcref_t* fslot, gcref_t* vslot) except -1:
    # A function's writable builtin attributes (kept in FN_META when reassigned).
    cdef gcref_t v
    if name == "__dict__":
        if vslot == NULL or not has_tid(vslot[0], T_DICT):
            raise TypeError("__dict__ must be set to a dictionary")
        store(fslot[0], FN_DICT, vslot[0])
        return 0
    if name == "__code__":
        if vslot == NULL or not has_tid(vslot[0], T_CODE):
            raise TypeError("__code__ must be set to a code object")
        nfree = VM_STATE.codes[RAW(vslot[0])[0]].nfree
        have = LEN(FLD(fslot[0])[FN_CLOSURE]) if FLD(fslot[0])[FN_CLOSURE] != 0 else 0
        if nfree != have:
            raise ValueError(f"{CODE_SPECS[RAW(fslot[0])[FN_CODE]].name}() requires a code object with "
                             f"{have} free vars, not {nfree}")
        RAW(fslot[0])[FN_CODE] = RAW(vslot[0])[0]
        return 0
    if name == "__defaults__" or name == "__kwdefaults__":
        v = vslot[0] if vslot != NULL else V_NONE
        if name == "__defaults__" and v != V_NONE and not has_tid(v, T_TUPLE):
            raise TypeError("__defaults__ must be set to a tuple object")
        if name == "__kwdefaults__" and v != V_NONE and not has_tid(v, T_DICT):
            raise TypeError("__kwdefaults__ must be set to a dict object")
        store(fslot[0], FN_DEFAULTS if name == "__defaults__" else FN_KWDEFAULTS, 0 if v == V_NONE else v)
        return 0
    if name in ("__name__", "__qualname__") and (vslot == NULL or not has_tid(vslot[0], T_STR)):
        raise TypeError(f"{name} must be set to a string object")
    if name in ("__name__", "__qualname__", "__doc__", "__module__", "__annotations__"):
        push(intern(name))
        function_meta(fslot)
        if vslot == NULL:
            field_dict_del(fslot, FN_META, top_slot()[0])
        else:
            field_dict_set(fslot, FN_META, top_slot()[0], vslot)
        pop()
        return 0
    raise AttributeError("readonly attribute")

cdef gcref_t builtin_callable_getset(str name, gcref_t o) except 0:
    cdef int bid = builtin_id(o) if is_bfunc(o) else descr_bid(o)
    cdef gcref_t v
    qual = BUILTIN_NAMES[bid]
    if qual.startswith("hostfn.") and name in ("__name__", "__qualname__", "__module__"):
        # a host module's function: its own names (math.sqrt: 'sqrt', 'math')
        return from_host(getattr(BID_HOST[bid], name, None))
    short = qual.rpartition(".")[2]
    if short.startswith("__") and qual.startswith("slot."):
        qual = class_name(VM_STATE.roots[descr_owner_root(o)]) + "." + short
    elif qual.startswith("host."):
        qual = qual[5:]
    if name == "__name__":
        return str_from_py(short)
    if name == "__qualname__":
        return str_from_py(qual)
    if name == "__objclass__":
        return VM_STATE.roots[descr_owner_root(o)]
    if name == "__self__":
        # a builtins function's is the builtins module (its text signature's $module)
        if is_bfunc(o) and "." not in qual:
            v = dict_get_str(VM_STATE.roots[MODULES_ROOT], intern("builtins"))
            return v if v != 0 else V_NONE
        return V_NONE
    if name == "__module__":
        return intern("builtins") if "." not in qual else V_NONE
    if name == "__text_signature__" or name == "__doc__":
        # the host's builtin of that name has the same parameters and
        # docstring (inspect.signature and doctests read them)
        if is_bmethod(o):
            qual = class_name(VM_STATE.roots[descr_owner_root(o)]) + "." + short
        host = BID_HOST[bid] if qual.startswith("hostfn.") else host_builtin(qual)
        text = getattr(host, name, None)
        return str_from_py(text) if type(text) is str else V_NONE
    return V_NONE

cdef object host_builtin(str qual):
    # The host's builtin function, type or method named [qual] ("len",
    # "dict.__setitem__"), or None; a class that builtins does not name
    # ("generator.__next__") is its host type in the class table.
    import builtins
    first, _, rest = qual.partition(".")
    obj = getattr(builtins, first, None)
    if obj is None:
        obj = next((host for name, _, _, _, host, _ in builtin_class_rows() if name == first), None)
    for part in rest.split(".") if rest else ():
        if obj is None:
            return None
        obj = getattr(obj, part, None)
    return obj

cdef gcref_t mappingproxy(gcref_t d) except 0:
    # A class's __dict__: a read-only view of it (vmsample/lang/app/types.py).
    if not APP_ROOTS:
        push(d)
        d = dict_copy(top_slot())       # (while the app-level modules load)
        pop()
        return d
    push(app_object("mappingproxy"))
    push(d)
    d = vm_call(top_slot() - 1, 1)
    pop()
    return d

# ---------------------------------------------------------------- exceptions' attributes
# An exception keeps its builtin attributes (args, __cause__, ...) in its own
# slots, under their names; the getsets give CPython's defaults and rules.

cdef gcref_t exception_getset(str name, gcref_t* oslot) except 0:
    # An exception's builtin attributes, from their slots (vm/exceptions.pxi).
    cdef gcref_t v
    i = EXC_SLOT_NAMES.index(name)
    v = exc_slot(oslot[0], i)
    if v != 0:
        return v
    return VM_STATE.roots[R_EMPTY_TUPLE] if i == EXC_ARGS else V_FALSE if i == EXC_SUPPRESS else V_NONE

EXC_SLOT_NAMES = ("args", "__traceback__", "__context__", "__cause__", "__suppress_context__")

cdef int exception_getset_set(str name, gcref_t* oslot, gcref_t* vslot) except -1:
    cdef gcref_t v
    i = EXC_SLOT_NAMES.index(name)
    if vslot == NULL:
        if i == EXC_SUPPRESS:           # (a T_BOOL member in CPython)
            raise TypeError("can't delete numeric/char attribute")
        raise TypeError(f"{name} may not be deleted")
    v = vslot[0]
    if i == EXC_ARGS:
        if not has_tid(v, T_TUPLE):
            push(list_from_iterable(vslot))
            v = seq_copy(top_slot(), T_TUPLE, 0, RAW(top_slot()[0])[L_LEN])
            pop()
    elif i == EXC_TRACEBACK:
        if v != V_NONE and not has_tid(v, T_TRACEBACK):
            raise TypeError("__traceback__ must be a traceback or None")
    elif (i == EXC_CONTEXT or i == EXC_CAUSE) and v != V_NONE and not (
            has_tid(v, T_INSTANCE) and RAW(FLD(v)[I_CLASS])[K_FLAGS] & CF_EXCEPTION):
        raise TypeError(f"exception {'cause' if i == EXC_CAUSE else 'context'} must be None or "
                        "derive from BaseException")
    elif i == EXC_SUPPRESS:
        v = vbool(truth(v))
    exc_set_slot(oslot[0], i, v)
    if i == EXC_CAUSE:
        # setting a cause suppresses the context, as raise ... from does
        exc_set_slot(oslot[0], EXC_SUPPRESS, V_TRUE)
    return 0
