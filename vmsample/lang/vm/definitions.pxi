# vm/definitions.pxi, included by _vm.pyx (one extension module, one C file).
#
# Definitions and raise: MAKE_FUNCTION, BUILD_CLASS, RAISE and CALL_EX helpers.
# Globals: reads VM_STATE.roots, VM_STATE.reraising; writes KEYWORD_NAMES.

# ---------------------------------------------------------------- functions, classes, raise

cdef gcref_t* make_function(gcref_t* sp, int flags) except NULL:
    # [defaults?, kwdefaults?, closure?, code] -> [function]
    cdef int64_t cidx = untag(sp[-1])
    cdef gcref_t fn = alloc_fixed(T_FUNCTION)
    sp -= 1
    RAW(fn)[FN_CODE] = cidx
    if flags & 4:
        sp -= 1
        FLD(fn)[FN_CLOSURE] = sp[0]
    if flags & 2:
        sp -= 1
        FLD(fn)[FN_KWDEFAULTS] = sp[0]
    if flags & 1:
        sp -= 1
        FLD(fn)[FN_DEFAULTS] = sp[0]
    sp[0] = fn
    return sp + 1

# What type.__new__ would call on a metaclass: the VM builds classes itself,
# so a metaclass defining one is refused rather than run with the hook
# silently ignored.  (Its __init__ is called once the class is built, its
# __call__ by calls.pxi, its __instancecheck__ and __subclasscheck__ by
# builtins.pxi.)
UNSUPPORTED_METACLASS_HOOKS = ("__new__", "__prepare__", "__getattr__",
                               "__getattribute__", "__setattr__", "__delattr__", "__set_name__")

# What a subclass of list may define: its instances are lists, whose
# operations (len, [], iteration, repr, ...) do not look at the class; a
# special method there would be silently ignored, so it is refused.
LIST_SUBCLASS_DUNDERS = ("__init__", "__annotations__", "__doc__", "__module__", "__qualname__",
                         "__init_subclass__")

cdef int refuse_list_subclass_name(str name) except -1:
    if name.startswith("__") and name.endswith("__") and name not in LIST_SUBCLASS_DUNDERS:
        raise TypeError(f"a list subclass defining {name} is not supported by vmsample")
    return 0

cdef gcref_t class_metaclass(gcref_t* slots, int has_meta) except? 0:
    # The metaclass of the class being built (0: type): the explicit one or
    # the base's, whichever derives from the other (single inheritance).  No
    # allocation.
    cdef gcref_t meta = 0, bmeta = FLD(slots[1])[K_META]
    if has_meta:
        meta = slots[3]
        if not has_tid(meta, T_CLASS) or not is_subclass(meta, kind_class(KIND_TYPE)):
            raise NotImplementedError("a metaclass that is not a subclass of type is not supported by vmsample")
        if meta == kind_class(KIND_TYPE):
            meta = 0
    if bmeta != 0:
        if meta == 0 or is_subclass(bmeta, meta):
            return bmeta
        if not is_subclass(meta, bmeta):
            raise TypeError("metaclass conflict: the metaclass of a derived class must be a "
                            "(non-strict) subclass of the metaclasses of all its bases")
    return meta

cdef gcref_t build_class(gcref_t* slots, int has_meta) except 0:
    # [name, base-or-None, body function, (metaclass)] -> class
    cdef gcref_t base = slots[1], cls, v
    cdef CodeObj* co
    cdef Frame* f
    cdef int64_t flags = 0
    cdef Py_ssize_t i
    cdef bint is_metaclass = False
    cdef bint is_list_subclass = False
    if base == V_NONE:
        base = kind_class(KIND_OBJECT)
        slots[1] = base
    elif not has_tid(base, T_CLASS):
        raise TypeError("bases must be types")
    if RAW(base)[K_FLAGS] & CF_EXCEPTION:
        flags |= CF_EXCEPTION
    elif base == kind_class(KIND_TYPE) or is_subclass(base, kind_class(KIND_TYPE)):
        is_metaclass = True         # class M(type): the metaclass of other classes
    elif RAW(base)[K_KIND] == KIND_LIST:
        is_list_subclass = True     # its instances are lists that know their class
    elif RAW(base)[K_FLAGS] & CF_BUILTIN and RAW(base)[K_KIND] != KIND_OBJECT:
        raise TypeError(f"subclassing '{class_name(base)}' is not supported by vmsample")
    class_metaclass(slots, has_meta)       # (a conflict is an error before the body runs)
    # Run the body with a fresh namespace in the slot after its locals.  When
    # the body returns, nothing has allocated since its last instruction, so
    # the namespace is still in that (dead) slot: move it to the result slot.
    co = VM_STATE.codes[RAW(slots[2])[FN_CODE]]
    push(slots[2])
    cdef gcref_t* fslot = top_slot()
    f = push_frame(co, fslot + 1, fslot, F_ENTRY)
    memset(fslot + 1, 0, co.nlocals * sizeof(gcref_t))
    HEAP.shadowstack_top = fslot + 1 + co.nlocals
    v = dict_new()
    fslot[1 + co.nlocals] = v
    HEAP.shadowstack_top = f.sp
    eval_loop()
    fslot[0] = fslot[1 + co.nlocals]
    HEAP.shadowstack_top = fslot + 1
    cdef gcref_t* ns = fslot
    for i in range(RAW(ns[0])[D_NENTRIES]):
        if has_tid(ENT(ns[0])[3 * i + 1], T_STR):
            refuse_unsupported_hook(ENT(ns[0])[3 * i + 1])
            if is_metaclass and ENT(ns[0])[3 * i + 2] != 0 \
                    and str_to_py(ENT(ns[0])[3 * i + 1]) in UNSUPPORTED_METACLASS_HOOKS:
                raise TypeError(f"a metaclass defining {str_to_py(ENT(ns[0])[3 * i + 1])} "
                                "is not supported by vmsample")
            if is_list_subclass and ENT(ns[0])[3 * i + 2] != 0:
                refuse_list_subclass_name(str_to_py(ENT(ns[0])[3 * i + 1]))
    # __new__ is a static method without being declared one (as in CPython)
    v = dict_get_str(ns[0], MAGIC(M_NEW))
    if v != 0 and has_tid(v, T_FUNCTION):
        push(MAGIC(M_NEW))
        v = alloc_fixed(T_STATICMETHOD)
        FLD(v)[0] = dict_get_str(ns[0], MAGIC(M_NEW))
        push(v)
        dict_set(ns, top_slot() - 1, top_slot())
        HEAP.shadowstack_top -= 2
    cls = new_class(slots, slots + 1, ns, flags,
                    KIND_LIST if is_list_subclass else KIND_OBJECT if flags == 0 else KIND_BASEEXC)
    store(cls, K_META, class_metaclass(slots, has_meta))
    push(cls)
    # __slots__
    v = dict_get_str(ns[0], MAGIC(M_SLOTS))
    if v != 0:
        names = [str_to_py(v)] if has_tid(v, T_STR) else [str_to_py(ITEMS(v)[i]) for i in range(SEQLEN(v))]
        inherited = True
        b = FLD(top_slot()[0])[K_BASE]
        while b != 0 and b != kind_class(KIND_OBJECT):
            if not RAW(b)[K_FLAGS] & CF_SLOTS:
                inherited = False
            b = FLD(b)[K_BASE]
        base_keys = []
        b = FLD(top_slot()[0])[K_BASE]
        if b != kind_class(KIND_OBJECT) and RAW(b)[K_FLAGS] & CF_SLOTS:
            base_keys = [str_to_py(ITEMS(FLD(b)[K_KEYS])[i]) for i in range(RAW(FLD(b)[K_KEYS])[L_LEN])]
        for nm in base_keys + names:
            push(intern(nm))
            push(FLD(top_slot()[-1])[K_KEYS])
            list_append(top_slot(), top_slot() - 1)
            HEAP.shadowstack_top -= 2
        if inherited:
            RAW(top_slot()[0])[K_FLAGS] |= CF_SLOTS
    # A class that defines __eq__ but not __hash__ is unhashable (CPython sets
    # __hash__ = None in its namespace).
    if dict_get_str(ns[0], MAGIC(M_EQ)) != 0 and dict_get_str(ns[0], MAGIC(M_HASH)) == 0:
        push(MAGIC(M_HASH))
        push(V_NONE)
        dict_set(ns, top_slot() - 1, top_slot())
        HEAP.shadowstack_top -= 2
    # methods learn their class (for zero-argument super())
    i = 0
    while i < RAW(ns[0])[D_NENTRIES]:
        v = ENT(ns[0])[3 * i + 2]
        if has_tid(v, T_STATICMETHOD) or has_tid(v, T_CLASSMETHOD):
            v = FLD(v)[0]
        if has_tid(v, T_FUNCTION) and FLD(v)[FN_OWNER] == 0:
            store(v, FN_OWNER, top_slot()[0])
        i += 1
    init_subclass(top_slot())
    metaclass_init(top_slot())
    cls = pop()
    pop()
    return cls

cdef int metaclass_init(gcref_t* clsslot) except -1:
    # As type.__call__ after type.__new__: the metaclass's __init__(cls, name,
    # bases, namespace) -- bases () for a class written without any, the
    # namespace the class's own dict.
    cdef gcref_t meta = FLD(clsslot[0])[K_META]
    cdef gcref_t init = meta_lookup(meta, MAGIC(M_INIT)) if meta != 0 else 0
    if init == 0:
        return 0
    push(init)
    push(clsslot[0])
    push(FLD(clsslot[0])[K_NAME])
    if FLD(clsslot[0])[K_BASE] == kind_class(KIND_OBJECT):
        push(tuple_new(0))
    else:
        push(FLD(clsslot[0])[K_BASE])
        top_slot()[0] = tuple_from_slots(top_slot(), 1)
    push(FLD(clsslot[0])[K_DICT])
    vm_call(top_slot() - 4, 4)
    pop()
    return 0

cdef int init_subclass(gcref_t* clsslot) except -1:
    # type.__new__ calls the first __init_subclass__ above the new class (an
    # implicit classmethod) with the class; object's does nothing.
    cdef gcref_t base = FLD(clsslot[0])[K_BASE]
    cdef gcref_t hook = class_lookup(base, intern("__init_subclass__")) if base != 0 else 0
    if hook == 0 or is_bfunc(hook):       # object's: nothing to do
        return 0
    if has_tid(hook, T_CLASSMETHOD):
        hook = FLD(hook)[0]
    call1(hook, clsslot[0])
    return 0

cdef int do_raise(gcref_t* sp, int n) except -1:
    cdef gcref_t exc, cause = 0
    if n == 0:
        exc = VM_STATE.roots[R_HANDLED]
        if exc == 0 or exc == V_NONE:
            raise RuntimeError("No active exception to reraise")
        VM_STATE.reraising = True
        return raise_vm(exc)
    if n == 2:
        cause = sp[-1]
    exc = sp[-n]
    if has_tid(exc, T_CLASS) and RAW(exc)[K_FLAGS] & CF_EXCEPTION:
        sp[-n] = exc
        HEAP.shadowstack_top = sp - n + 1
        vm_call(sp - n, 0)
        exc = sp[-n]
    if not has_tid(exc, T_INSTANCE) or not RAW(FLD(exc)[I_CLASS])[K_FLAGS] & CF_EXCEPTION:
        raise TypeError("exceptions must derive from BaseException")
    push(exc)
    if n == 2:
        if sp[-1] != V_NONE and not (has_tid(sp[-1], T_INSTANCE)
                                     and RAW(FLD(sp[-1])[I_CLASS])[K_FLAGS] & CF_EXCEPTION):
            if has_tid(sp[-1], T_CLASS) and RAW(sp[-1])[K_FLAGS] & CF_EXCEPTION:
                sp[-1] = vm_call_class0(sp - 1)
            else:
                raise TypeError("exception causes must derive from BaseException")
        push(MAGIC(M_CAUSE))
        push(sp[-1])
        instance_setattr(top_slot() - 2, top_slot() - 1, top_slot())
        top_slot()[-1] = MAGIC(M_SUPPRESS_CONTEXT)
        top_slot()[0] = V_TRUE
        instance_setattr(top_slot() - 2, top_slot() - 1, top_slot())
        HEAP.shadowstack_top -= 2
    return raise_vm(pop())

cdef gcref_t vm_call_class0(gcref_t* slot) except 0:
    # slot[0]() with the stack top just above it
    cdef gcref_t* saved = HEAP.shadowstack_top
    push(slot[0])
    vm_call(top_slot(), 0)
    cdef gcref_t r = pop()
    HEAP.shadowstack_top = saved
    return r

# Keyword names, as a call passes them (kwnames), must not move while a call
# is under way: callees keep them in C locals across allocations (binding,
# making an instance, a builtin's own work).  CALL_KW's come from the
# constants, which are old; CALL_EX's (f(**kw)) come from here: one old
# tuple per distinct list of names, made old by a minor collection the first
# time that list is seen (a program has few).
KEYWORD_NAMES = {}          # tuple of str -> root index

cdef gcref_t keyword_names(tuple keys) except 0:
    cdef object idx = KEYWORD_NAMES.get(keys)
    cdef Py_ssize_t i
    if idx is None:
        for k in keys:
            push(intern(k))
        idx = add_root(tuple_from_slots(top_slot() - len(keys) + 1, len(keys)))
        HEAP.shadowstack_top -= len(keys)
        if gc_collect_minor(HEAP) != 0:
            raise_gc_error()
        KEYWORD_NAMES[keys] = idx
    return VM_STATE.roots[<int>idx]

cdef gcref_t* call_ex(Frame* f, gcref_t* sp, int has_kw) except NULL:
    # [f, args-iterable, kwargs-dict?] -> [f, args..., kwvalues...] and call
    cdef gcref_t* fslot = sp - 2 - has_kw
    cdef gcref_t names = 0, seq, d = 0
    cdef Py_ssize_t n, nk = 0, i, j
    if not has_tid(fslot[1], T_TUPLE):
        fslot[1] = list_from_iterable(fslot + 1)
    n = SEQLEN(fslot[1])
    if has_kw:
        nk = RAW(fslot[2])[D_USED]
    if nk:
        d = fslot[2]
        keys = []
        for i in range(RAW(d)[D_NENTRIES]):
            if ENT(d)[3 * i + 1] != 0:
                if not has_tid(ENT(d)[3 * i + 1], T_STR):
                    raise TypeError("keywords must be strings")
                keys.append(str_to_py(ENT(d)[3 * i + 1]))
        names = keyword_names(tuple(keys))
    if fslot + 1 + n + nk + 8 > HEAP.shadowstack_end:
        raise RecursionError("maximum recursion depth exceeded")
    # no allocation from here on: C locals may hold references
    seq = fslot[1]
    d = fslot[2] if has_kw else 0
    for i in range(n):
        fslot[1 + i] = ITEMS(seq)[i]
    j = 0
    if nk:
        for i in range(RAW(d)[D_NENTRIES]):
            if ENT(d)[3 * i + 1] != 0:
                fslot[1 + n + j] = ENT(d)[3 * i + 2]
                j += 1
    HEAP.shadowstack_top = fslot + 1 + n + nk
    if call_value(fslot, n + nk, names):
        return VM_STATE.frames[VM_STATE.depth].sp
    return fslot + 1

