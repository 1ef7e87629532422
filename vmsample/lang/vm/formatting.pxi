# vm/formatting.pxi, included by _vm.pyx (one extension module, one C file).
#
# repr, str and format: CPython strings built from VM values (float repr,
# format specs and %-formatting are CPython's), calling VM __repr__/__str__.

# ---------------------------------------------------------------- repr, str, format
# These build CPython strings (the VM runs inside CPython: float repr, format
# specs and %-formatting are CPython's own), calling VM __repr__/__str__ where
# a class defines them.

cdef gcref_t checked_text(gcref_t r, str method) except 0:
    # What a __repr__ or __str__ returned: a str, or an instance of a str
    # subclass (CPython's check is PyUnicode_Check, which takes subclasses)
    if not has_tid(unwrap(r), T_STR):
        raise TypeError(f"{method} returned non-string (type {type_name(r)})")
    return r

cdef str text_returned(gcref_t r, str method):
    # checked_text's value, as a CPython string
    return str_to_py(unwrap(checked_text(r, method)))

cdef gcref_t own_text_method(gcref_t v, int m):
    # An instance's __repr__ or __str__ (m) that its class defines in Python,
    # or 0 for a builtin's (repr_py and str_py write those).  repr() and
    # str() hand back what such a method returns as is, an instance of a str
    # subclass too (CPython's PyObject_Repr and PyObject_Str); the VM's own
    # uses of a value's text (vm_str, repr_py: formatting, joining) take
    # exact strings.
    cdef gcref_t f
    if not has_tid(v, T_INSTANCE):
        return 0
    f = special_lookup(FLD(v)[I_CLASS], m)
    return f if f != 0 and not is_bfunc(f) and not is_bmethod(f) else 0

cdef gcref_t repr_object(gcref_t* slot) except 0:
    # repr(): PyObject_Repr
    cdef gcref_t m = own_text_method(slot[0], M_REPR)
    if m != 0:
        return checked_text(call_method0(m, slot[0]), "__repr__")
    return str_from_py(repr_py(slot))

cdef gcref_t str_object(gcref_t* slot) except 0:
    # str(): PyObject_Str, the class's own __str__, or object's, which is repr()
    cdef gcref_t m = own_text_method(slot[0], M_STR)
    if m != 0:
        return checked_text(call_method0(m, slot[0]), "__str__")
    if has_tid(slot[0], T_INSTANCE):
        m = special_lookup(FLD(slot[0])[I_CLASS], M_STR)
        if m != 0 and is_bmethod(m) and RAW(VM_STATE.roots[descr_owner_root(m)])[K_KIND] == KIND_OBJECT:
            m = own_text_method(slot[0], M_REPR)
            if m != 0:
                # (object_str calls tp_repr itself: PyObject_Str checks the result)
                return checked_text(call_method0(m, slot[0]), "__str__")
    return vm_str(slot)

cdef str ascii_text(str r):
    # The !a conversion of a value whose repr is r, as PyObject_ASCII: the
    # repr's non-ASCII characters escaped, its own backslashes kept as they are
    return r.encode("ascii", "backslashreplace").decode("ascii")

cdef str repr_py(gcref_t* slot):
    cdef gcref_t v = slot[0], m, r
    cdef uint16_t t
    cdef Py_ssize_t i
    if is_int(v):
        return str(untag(v))
    if v == V_NONE:
        return "None"
    if v == V_TRUE:
        return "True"
    if v == V_FALSE:
        return "False"
    if v == V_NOTIMPL:
        return "NotImplemented"
    if v == V_ELLIPSIS:
        return "Ellipsis"
    if is_bfunc(v):
        return f"<built-in function {BUILTIN_NAMES[builtin_id(v)].rpartition('.')[2]}>"
    if is_bmethod(v):
        return descriptor_repr(v)
    if not is_obj(v):
        return f"<object at {v:#x}>"
    t = TID(v)
    if t == T_COMPLEX:
        return repr(complex(CREAL(v), CIMAG(v)))
    if t == T_STR:
        return repr(str_to_py(v))
    if t == T_FLOAT:
        return repr(FVAL(v))
    if t == T_BIGINT:
        return repr(big_to_py(v))
    if t == T_SET or t == T_FROZENSET:
        return set_repr(slot, "set" if t == T_SET else "frozenset")
    if (t == T_LIST or t == T_DICT) and repr_active(v):
        return "[...]" if t == T_LIST else "{...}"
    if t == T_LIST or t == T_TUPLE or t == T_DICT:
        return guarded_repr(slot, t, None)
    return other_repr(slot, t)

cdef str guarded_repr(gcref_t* slot, uint16_t t, str tp_name):
    # container_repr with the container on REPR_STACK (Py_ReprEnter)
    enter_recursion("while getting the repr of an object")
    push(slot[0])
    REPR_STACK.append(<uintptr_t>top_slot())
    try:
        return container_repr(top_slot(), t, tp_name)
    finally:
        REPR_STACK.pop()
        pop()
        leave_recursion()

cdef str set_repr(gcref_t* slot, str tp_name):
    # CPython's set_repr for a set or frozenset [slot] whose type (maybe a
    # subclass carrying it) is [tp_name]: {1, 2} for an exact set,
    # NAME({1, 2}) otherwise, NAME() when empty, NAME(...) inside itself.
    if repr_active(slot[0]):
        return tp_name + "(...)"
    if RAW(slot[0])[S_USED] == 0:
        return tp_name + "()"
    return guarded_repr(slot, TID(slot[0]), tp_name)

REPR_STACK = []      # addresses of shadow-stack slots holding containers being repr'd

cdef bint repr_active(gcref_t v):
    # The slots are updated in place when objects move, so comparing their
    # current contents finds a container already on the stack.
    for addr in REPR_STACK:
        if (<gcref_t*><uintptr_t>addr)[0] == v:
            return True
    return False

cdef str container_repr(gcref_t* slot, uint16_t t, str tp_name):
    cdef gcref_t m
    cdef Py_ssize_t i
    if t == T_LIST or t == T_TUPLE:
        parts = []
        i = 0
        while i < SEQLEN(slot[0]):
            push(ITEMS(slot[0])[i])
            parts.append(repr_py(top_slot()))
            pop()
            i += 1
        if t == T_LIST:
            return "[" + ", ".join(parts) + "]"
        if len(parts) == 1:
            return "(" + parts[0] + ",)"
        return "(" + ", ".join(parts) + ")"
    if t == T_DICT:
        parts = []
        i = 0
        while i < RAW(slot[0])[D_NENTRIES]:
            if ENT(slot[0])[3 * i + 1] != 0:
                push(ENT(slot[0])[3 * i + 1])
                push(ENT(slot[0])[3 * i + 2])
                parts.append(repr_py(top_slot() - 1) + ": " + repr_py(top_slot()))
                HEAP.shadowstack_top -= 2
            i += 1
        return "{" + ", ".join(parts) + "}"
    if t == T_SET or t == T_FROZENSET:
        parts = []
        i = 0
        while i <= RAW(slot[0])[S_MASK]:
            m = STAB(slot[0])[2 * i + 1]
            if m != 0 and m != V_DUMMY:
                push(m)
                parts.append(repr_py(top_slot()))
                pop()
            i += 1
        if tp_name == "set" and t == T_SET:
            return "{" + ", ".join(parts) + "}"
        return tp_name + "({" + ", ".join(parts) + "})"

cdef str other_repr(gcref_t* slot, uint16_t t):
    cdef gcref_t v = slot[0], m, r
    if t == T_DICTVIEW:
        push(list_from_iterable(slot))
        s = repr_py(top_slot())
        pop()
        return ("dict_keys(", "dict_values(", "dict_items(")[RAW(slot[0])[IT_C]] + s + ")"
    if t == T_RANGE:
        return repr(range_to_py(v))
    if t == T_BYTES or t == T_BYTEARRAY:
        return repr(bytes_to_py(v))
    if t == T_CLASS:
        m = magic_of(v, M_REPR)
        if m != 0:
            return text_returned(call_method0(m, v), "__repr__")
        return class_repr(v)
    if t == T_FUNCTION:
        name = CODE_SPECS[RAW(v)[FN_CODE]].qualname
        if VM_STATE.codes[RAW(v)[FN_CODE]].flags & CO_HIDDEN and "." not in name:
            # a builtin function the VM writes in Python (app/, lib/), shown
            # as CPython shows its C one
            return f"<built-in function {name}>"
        return f"<function {name} at {object_id(v):#x}>"
    if t == T_BOUND:
        push(FLD(v)[0])
        s = repr_py(top_slot())
        pop()
        m = FLD(slot[0])[1]
        if is_bmethod(m) or is_bfunc(m):
            name = BUILTIN_NAMES[descr_bid(m) if is_bmethod(m) else builtin_id(m)].rpartition(".")[2]
            if is_bmethod(m) and BID_KIND[descr_bid(m)] == BK_SLOT:
                return f"<method-wrapper '{name}' of {type_name(FLD(slot[0])[0])} object at {object_id(FLD(slot[0])[0]):#x}>"
            return f"<built-in method {name} of {type_name(FLD(slot[0])[0])} object at {object_id(FLD(slot[0])[0]):#x}>"
        push(m)
        name = repr_name(top_slot())
        pop()
        return f"<bound method {name} of {s}>"
    if t == T_MODULE:
        return f"<module '{str_to_py(FLD(v)[0])}' (built-in)>"
    if t == T_GENERATOR or t == T_COROUTINE or t == T_ASYNCGEN:
        return (f"<{'generator' if t == T_GENERATOR else 'coroutine' if t == T_COROUTINE else 'async_generator'} object "
                f"{CODE_SPECS[RAW(FLD(v)[G_FUNC])[FN_CODE]].qualname} at {object_id(v):#x}>")
    if t == T_CORO_WRAPPER:
        return f"<coroutine_wrapper object at {object_id(v):#x}>"
    if t == T_SLICE:
        push(FLD(v)[0])
        push(FLD(slot[0])[1])
        push(FLD(slot[0])[2])
        s = f"slice({repr_py(top_slot() - 2)}, {repr_py(top_slot() - 1)}, {repr_py(top_slot())})"
        HEAP.shadowstack_top -= 3
        return s
    if t == T_INSTANCE:
        m = special_lookup(FLD(v)[I_CLASS], M_REPR)
        if m != 0 and not is_bfunc(m):
            return text_returned(call_method0(m, v), "__repr__")
        if RAW(FLD(v)[I_CLASS])[K_FLAGS] & CF_EXCEPTION:
            return exc_repr(slot)
        return default_repr(slot)
    return f"<{type_name(v)} object at {object_id(v):#x}>"

cdef str descriptor_repr(gcref_t d):
    # <method 'append' of 'list' objects>, <slot wrapper '__add__' of 'int' objects>...
    cdef int k = BID_KIND[descr_bid(d)]
    name = BUILTIN_NAMES[descr_bid(d)].rpartition(".")[2]
    owner = class_name(VM_STATE.roots[descr_owner_root(d)])
    if k == BK_STATICMETHOD:
        return f"<built-in method {name} of type object>"
    what = {BK_METHOD: "method", BK_CLASSMETHOD: "method", BK_GETSET: "attribute",
            BK_SLOT: "slot wrapper"}.get(k, "method")
    return f"<{what} '{name}' of '{owner}' objects>"

cdef str class_repr(gcref_t cls):
    # type.__repr__: <class 'module.Qualname'>, no module for builtins
    mod = class_module(cls)
    qual = str_to_py(FLD(cls)[K_QUALNAME])
    if mod == "builtins" or RAW(cls)[K_FLAGS] & CF_BUILTIN:
        return f"<class '{qual}'>"
    return f"<class '{mod}.{qual}'>"

cdef str class_module(gcref_t cls):
    # The __module__ of a class defined by a program or library module
    # (its class body sets it, as CPython's does); a builtin type's without
    # one is builtins (object).
    cdef gcref_t m = dict_get_str(FLD(cls)[K_DICT], MAGIC(M_MODULE))
    if m != 0 and has_tid(m, T_STR):
        return str_to_py(m)
    return "builtins" if RAW(cls)[K_FLAGS] & CF_BUILTIN else "__main__"

cdef str qualified_type_name(gcref_t v):
    # An uncaught exception's class as CPython's traceback names it: with
    # its module, unless that is __main__ or builtins.
    cdef gcref_t cls = class_of(v)
    if RAW(cls)[K_FLAGS] & CF_BUILTIN:
        return class_name(cls)
    mod = class_module(cls)
    return class_name(cls) if mod == "__main__" else f"{mod}.{class_name(cls)}"

cdef str repr_name(gcref_t* fslot):
    # A bound method's function as its repr names it: its __qualname__, else
    # its __name__, else "?" (CPython's method_repr; any object can be bound
    # by types.MethodType).
    cdef gcref_t f = fslot[0], name
    if has_tid(f, T_FUNCTION):
        return CODE_SPECS[RAW(f)[FN_CODE]].qualname
    if is_bmethod(f):
        return BUILTIN_NAMES[descr_bid(f)]
    if is_bfunc(f):
        return BUILTIN_NAMES[builtin_id(f)]
    name = lookup_attr(fslot, MAGIC(M_QUALNAME))
    if name == 0:
        name = lookup_attr(fslot, MAGIC(M_NAME))
    return str_to_py(unwrap(name)) if has_tid(unwrap(name), T_STR) else "?"

cdef str exc_repr(gcref_t* slot):
    push(exc_args(slot[0]))
    cdef Py_ssize_t n = LEN(top_slot()[0]) if has_tid(top_slot()[0], T_TUPLE) else 0
    if n == 1:
        s = repr_py(&ITEMS(top_slot()[0])[0])
        s = f"{type_name(slot[0])}({s})"
    else:
        s = type_name(slot[0]) + (repr_py(top_slot()) if n else "()")
    pop()
    return s

cdef str str_py(gcref_t* slot):
    cdef gcref_t v = slot[0], m, r
    if has_tid(v, T_STR):
        return str_to_py(v)
    if has_tid(v, T_INSTANCE):
        m = special_lookup(FLD(v)[I_CLASS], M_STR)
        if m != 0 and not is_bfunc(m):
            return text_returned(call_method0(m, v), "__str__")
        if RAW(FLD(v)[I_CLASS])[K_FLAGS] & CF_EXCEPTION:
            return exc_str(slot)
    return repr_py(slot)

cdef str exc_str(gcref_t* slot):
    cdef gcref_t k
    push(exc_args(slot[0]))
    cdef Py_ssize_t n = LEN(top_slot()[0]) if has_tid(top_slot()[0], T_TUPLE) else 0
    if n == 0:
        s = ""
    elif n == 1:
        s = str_py(&ITEMS(top_slot()[0])[0])
        if RAW(FLD(slot[0])[I_CLASS])[K_KIND] == KIND_BASEEXC and class_name(FLD(slot[0])[I_CLASS]) == "KeyError":
            s = repr_py(&ITEMS(top_slot()[0])[0])
    elif n == 2 and is_int(ITEMS(top_slot()[0])[0]) and isinstance_c(slot[0], exc_class("OSError")):
        s = f"[Errno {str_py(&ITEMS(top_slot()[0])[0])}] {str_py(&ITEMS(top_slot()[0])[1])}"
        for name in ("filename", "filename2"):
            k = intern(name)
            push(instance_attr(slot[0], k))
            if top_slot()[0] != 0 and top_slot()[0] != V_NONE:
                s += (": " if name == "filename" else " -> ") + repr_py(top_slot())
            pop()
    else:
        s = repr_py(top_slot())
    pop()
    return s

cdef gcref_t vm_str(gcref_t* slot) except 0:
    if has_tid(slot[0], T_STR):
        return slot[0]
    return str_from_py(str_py(slot))

cdef object format_arg(gcref_t* slot):
    # a CPython value that formats like the VM value does
    cdef gcref_t v = slot[0]
    if is_numeric(v):
        if v == V_TRUE:
            return True
        if v == V_FALSE:
            return False
        return numeric_to_py(v)
    if has_tid(v, T_STR):
        return str_to_py(v)
    if is_byteslike(v):
        return bytes_to_py(v)       # (bytes' own __format__ refuses a format spec)
    return formattable(slot)

# A VM object inside CPython's formatting (`%`, format(), str.format's
# conversions): a host object whose str(), repr(), float(), int(),
# operator.index() and [key] call the VM object's own, when CPython's
# formatting asks for them and only then (so a __repr__ that raises is not
# called by "%s").  Its type is named after the VM object's type and has
# only the numeric and mapping methods that type has, so CPython decides
# as it does ("%(key)s" % obj reads a mapping) and its messages ("%d
# format: a real number is required, not Foo") are CPython's.  It keeps the
# object in a root.

class _Formattable:
    __slots__ = ("_value",)

    def __str__(self):
        return formattable_call(self._value, 0)

    def __repr__(self):
        return formattable_call(self._value, 1)

    def __format__(self, spec):
        return format(formattable_call(self._value, 0), spec)

    def _float(self):
        return formattable_call(self._value, 2)

    def _int(self):
        return formattable_call(self._value, 3)

    def _index(self):
        return formattable_call(self._value, 4)

    def _getitem(self, key):
        return formattable_item(self._value, key)

    def _bytes(self):
        return formattable_call(self._value, 5)

    def _complex(self):
        return formattable_call(self._value, 6)

# The special methods a VM type may have that CPython's formatting asks for.
FORMATTABLE_METHODS = (("__float__", M_FLOAT, _Formattable._float), ("__int__", M_INT, _Formattable._int),
                       ("__index__", M_INDEX, _Formattable._index),
                       ("__getitem__", M_GETITEM, _Formattable._getitem),
                       ("__bytes__", M_BYTES, _Formattable._bytes),
                       ("__complex__", M_COMPLEX, _Formattable._complex))
FORMATTABLE_TYPES = {}      # (type name, which of FORMATTABLE_METHODS it has) -> host type

cdef object formattable(gcref_t* slot):
    cdef gcref_t v = slot[0]
    has = tuple(has_tid(v, T_INSTANCE) and magic_of(v, m) != 0 for _, m, _ in FORMATTABLE_METHODS)
    key = (type_name(v), has)
    t = FORMATTABLE_TYPES.get(key)
    if t is None:
        methods = {name: impl for (name, _, impl), h in zip(FORMATTABLE_METHODS, has) if h}
        t = FORMATTABLE_TYPES[key] = type(key[0], (_Formattable,), {"__slots__": (), **methods})
    x = t()
    x._value = VMCallable(slot[0])      # (keeps the VM value in a root)
    return x

cdef object formattable_item(VMCallable value, object key):
    # the VM value's [key], as a value for CPython's formatting
    cdef gcref_t* base = HEAP.shadowstack_top
    push(VM_STATE.roots[value.root])
    try:
        push(from_host(key))
        push(getitem(base))
        return format_arg(top_slot())
    finally:
        HEAP.shadowstack_top = base

cdef object formattable_call(VMCallable value, int what):
    # str (0), repr (1), float (2), int (3), index (4), bytes (5) or
    # complex (6) of the VM value
    cdef gcref_t* base = HEAP.shadowstack_top
    cdef gcref_t r
    push(VM_STATE.roots[value.root])
    try:
        if what == 0:
            return str_py(base)
        if what == 1:
            return repr_py(base)
        if what == 4:
            return index_value(base[0], "")
        if what == 5:
            r = call_method0(magic_of(base[0], M_BYTES), base[0])
            if not has_tid(unwrap(r), T_BYTES):
                raise TypeError(f"__bytes__ returned non-bytes (type {type_name(r)})")
            return bytes_to_py(unwrap(r))
        if what == 6:
            r = call_method0(magic_of(base[0], M_COMPLEX), base[0])
            if not has_tid(unwrap(r), T_COMPLEX):
                raise TypeError(f"__complex__ returned non-complex (type {type_name(r)})")
            if r != unwrap(r):
                push(r)
                vm_warn("DeprecationWarning", f"__complex__ returned non-complex (type {type_name(r)}).  The "
                        "ability to return an instance of a strict subclass of complex is deprecated, and may "
                        "be removed in a future version of Python.")
                r = unwrap(pop())
            push(r)
            return to_host(top_slot())
        r = construct_builtin(KIND_FLOAT if what == 2 else KIND_INT, base, 1, 0)
        push(r)
        return to_host(top_slot())
    finally:
        HEAP.shadowstack_top = base

cdef gcref_t format_value(gcref_t* slot, int conv, gcref_t* spec) except 0:
    if conv == 1:
        s = str_py(slot)
        x = s
    elif conv == 2:
        x = repr_py(slot)
    elif conv == 3:
        x = ascii_text(repr_py(slot))
    elif has_tid(slot[0], T_INSTANCE):
        return format_instance(slot, spec)
    elif spec == NULL or LEN(spec[0]) == 0:
        return vm_str(slot)
    else:
        x = format_arg(slot)
    if spec == NULL:
        return str_from_py(x if type(x) is str else str(x))
    return str_from_py(format(x, str_to_py(spec[0])))

cdef gcref_t format_instance(gcref_t* slot, gcref_t* spec) except 0:
    # PyObject_Format of an instance (spec NULL is the empty spec): its
    # class's __format__, whose result must be a str.  A builtin's __format__
    # (str, int... subclassed) is its slot wrapper: call_slot formats the
    # value the instance carries, and an empty spec as str(self).
    cdef gcref_t m = special_lookup(FLD(slot[0])[I_CLASS], M_FORMAT), r
    if m == 0:
        raise TypeError(f"Type {type_name(slot[0])} doesn't define __format__")
    r = call_method1(m, slot[0], spec[0] if spec != NULL else VM_STATE.roots[R_EMPTY_STR])
    if not has_tid(unwrap(r), T_STR):
        raise TypeError(f"__format__ must return a str, not {type_name(r)}")
    return r

import _string

cdef str str_format(str fmt, gcref_t* args, Py_ssize_t nall, gcref_t kwnames, list auto, int depth,
                    gcref_t* mapping=NULL):
    # str.format over VM values: CPython's own parser for the template; field
    # lookups (index, attribute, key) and formatting go through the VM.
    # str.format_map(mapping) is [mapping] (no args): each named field is
    # mapping[name], a positional one an error.
    cdef Py_ssize_t npos = nall - nkw(kwnames), i
    cdef gcref_t v
    if depth <= 0:
        # (CPython's build_string: a spec nested in a spec is as deep as a
        # template may go -- str.format starts at 2)
        raise ValueError("Max string recursion exceeded")
    out = []
    for literal, field, spec, conv in _string.formatter_parser(fmt):
        out.append(literal)
        if field is None:
            continue
        first, rest = _string.formatter_field_name_split(field)
        if first == "":
            if auto[0] < 0:
                raise ValueError("cannot switch from manual field specification to automatic field numbering")
            first = auto[0]
            auto[0] += 1
        elif isinstance(first, int):
            if auto[0] > 0:
                raise ValueError("cannot switch from automatic field numbering to manual field specification")
            auto[0] = -1
        if mapping != NULL:
            if isinstance(first, int):
                raise ValueError("Format string contains positional fields")
            push(mapping[0])
            push(str_from_py(first))
            v = getitem(top_slot() - 1)
            pop()
            top_slot()[0] = v
        elif isinstance(first, int):
            if first >= npos:
                raise IndexError(f"Replacement index {first} out of range for positional args tuple")
            push(args[first])
        else:
            v = 0
            if kwnames:
                for i in range(LEN(kwnames)):
                    if str_to_py(FLD(kwnames)[i]) == first:
                        v = args[npos + i]
            if v == 0:
                raise KeyError(first)
            push(v)
        for is_attr, key in rest:
            if is_attr:
                top_slot()[0] = getattr_v(top_slot(), intern(key))
            else:
                push(int_from_py(key) if isinstance(key, int) else str_from_py(key))
                v = getitem(top_slot() - 1)
                pop()
                top_slot()[0] = v
        if spec and "{" in spec:
            spec = str_format(spec, args, nall, kwnames, auto, depth - 1, mapping)
        if conv == "s":
            text = str_py(top_slot())
            out.append(format(text, spec))
        elif conv == "r":
            out.append(format(repr_py(top_slot()), spec))
        elif conv == "a":
            out.append(format(ascii_text(repr_py(top_slot())), spec))
        elif conv is not None:
            raise ValueError(f"Unknown conversion specifier {conv}")
        else:
            push(str_from_py(spec))
            v = format_value(top_slot() - 1, 0, top_slot())
            pop()
            out.append(str_to_py(v))
        pop()
    return "".join(out)

cdef gcref_t build_string(gcref_t* items, Py_ssize_t n) except 0:
    cdef Py_ssize_t total = 0, i, pos = 0
    cdef gcref_t r
    for i in range(n):
        total += LEN(items[i])
    r = str_new(total)
    for i in range(n):
        memcpy(SDATA(r) + pos, SDATA(items[i]), LEN(items[i]) * 4)
        pos += LEN(items[i])
    return r

cdef gcref_t percent_format(gcref_t* fmt, gcref_t* args) except 0:
    return str_from_py(percent_format_py(str_to_py(fmt[0]), args))

cdef object percent_format_py(object fmt, gcref_t* args):
    # fmt % args, [fmt] a host str or bytes: a tuple (or an instance of a
    # subclass: a namedtuple) gives the values, a dict the mapping, anything
    # else is the one value (or a mapping, if it has __getitem__).
    cdef Py_ssize_t i
    cdef gcref_t* v
    push(unwrap(args[0]))
    v = top_slot()
    try:
        if has_tid(v[0], T_TUPLE):
            vals = []
            i = 0
            while i < LEN(v[0]):
                push(FLD(v[0])[i])
                vals.append(format_arg(top_slot()))
                pop()
                i += 1
            return fmt % tuple(vals)
        if has_tid(v[0], T_DICT):
            d = {}
            i = 0
            while i < RAW(v[0])[D_NENTRIES]:
                if ENT(v[0])[3 * i + 1] != 0:
                    push(ENT(v[0])[3 * i + 1])
                    push(ENT(v[0])[3 * i + 2])
                    d[format_arg(top_slot() - 1)] = format_arg(top_slot())
                    HEAP.shadowstack_top -= 2
                i += 1
            return fmt % d
        return fmt % format_arg(args)      # (one value, or a mapping)
    finally:
        HEAP.shadowstack_top = v

