# vm/types.pxi, included by _vm.pyx (one extension module, one C file).
#
# Making classes and instances, as CPython's typeobject.c: __build_class__
# (the class statement), type.__new__ (a class from a name, bases and a
# namespace), type.__call__ (calling a class: __new__ then __init__),
# object.__new__ / __init__ and the __new__ of builtin types, whose
# subclasses' instances carry their builtin value (vm/classes.pxi).

# ---------------------------------------------------------------- the class statement
# `class C(B1, B2, metaclass=M, **kw): body` runs __build_class__(body, "C",
# B1, B2, metaclass=M, **kw) (the compiler emits that call):
#   1. bases with __mro_entries__ (typing's generic aliases) are replaced by
#      what it returns; the originals are kept as __orig_bases__;
#   2. the metaclass is M, or the most derived metaclass of the bases
#      (TypeError on a conflict), or type;
#   3. the namespace is M.__prepare__(name, bases, **kw) if M has one, else
#      a dict, and the body runs with it as its locals;
#   4. the class is M(name, bases, namespace, **kw).

cdef gcref_t build_class(gcref_t* a, Py_ssize_t nall, gcref_t kwnames) except 0:
    cdef Py_ssize_t nk = LEN(kwnames) if kwnames else 0, n = nall - nk, i, nb
    cdef gcref_t* w
    cdef gcref_t v, kwn
    if n < 2:
        raise TypeError("__build_class__: not enough arguments")
    if not has_tid(a[0], T_FUNCTION):
        raise TypeError("__build_class__: func must be a function")
    if not has_tid(a[1], T_STR):
        raise TypeError("__build_class__: name is not a string")
    # Work slots above the arguments: [orig bases, bases, meta, kw dict, ns, cls]
    w = a + nall
    if w + 16 > HEAP.shadowstack_end:
        raise RecursionError("maximum recursion depth exceeded")
    memset(w, 0, 6 * sizeof(gcref_t))
    HEAP.shadowstack_top = w + 6
    w[0] = tuple_from_slots(a + 2, n - 2)
    w[1] = update_bases(w)
    w[3] = dict_new()
    w[2] = 0
    for i in range(nk):
        if str_eq(FLD(kwnames)[i], intern("metaclass")):
            w[2] = a[n + i]
        else:
            push(FLD(kwnames)[i])
            dict_set(w + 3, top_slot(), a + n + i)
            pop()
    if w[2] == 0:
        w[2] = class_of(FLD(w[1])[0]) if LEN(w[1]) else kind_class(KIND_TYPE)
    if has_tid(w[2], T_CLASS):
        w[2] = calculate_metaclass(w[2], w[1])
    w[4] = prepare_namespace(a + 1, w)
    run_class_body(a, w + 4)
    if w[0] != w[1]:
        push(MAGIC(M_ORIG_BASES))
        mapping_setitem(w + 4, top_slot(), w)
        pop()
    # cls = meta(name, bases, ns, **kw)
    push(w[2])
    push(a[1])
    push(w[1])
    push(w[4])
    nb = RAW(w[3])[D_USED]
    kwn = 0
    if nb:
        keys = []
        for i in range(RAW(w[3])[D_NENTRIES]):
            if ENT(w[3])[3 * i + 1] != 0:
                keys.append(str_to_py(ENT(w[3])[3 * i + 1]))
                push(ENT(w[3])[3 * i + 2])
        kwn = keyword_names(tuple(keys))
    v = call_nested(w + 6, 3 + nb, kwn)
    HEAP.shadowstack_top = a + nall
    return v

cdef gcref_t update_bases(gcref_t* w) except 0:
    # PEP 560: a base that is not a class but has __mro_entries__(bases) is
    # replaced by the tuple it returns.  w[0]: the original bases.
    cdef Py_ssize_t i, j, n = LEN(w[0]), count = 0
    cdef gcref_t m, r
    cdef gcref_t* base = HEAP.shadowstack_top
    cdef bint changed = False
    for i in range(n):
        push(FLD(w[0])[i])
        if not has_tid(top_slot()[0], T_CLASS):
            m = getattr_or_0(top_slot(), MAGIC(M_MRO_ENTRIES))
            if m != 0:
                push(m)
                push(w[0])
                r = vm_call(top_slot() - 1, 1)
                pop()
                if not has_tid(r, T_TUPLE):
                    raise TypeError("__mro_entries__ must return a tuple")
                pop()               # the base itself, replaced by the entries
                for j in range(LEN(r)):
                    push(FLD(r)[j])
                changed = True
    if not changed:
        HEAP.shadowstack_top = base
        return w[0]
    count = HEAP.shadowstack_top - base
    r = tuple_from_slots(base, count)
    HEAP.shadowstack_top = base
    return r

cdef gcref_t calculate_metaclass(gcref_t meta, gcref_t bases) except 0:
    # The most derived of [meta] and the bases' metaclasses (CPython's
    # _PyType_CalculateMetaclass).
    cdef gcref_t winner = meta, t
    cdef uint32_t i
    for i in range(LEN(bases)):
        t = class_of(FLD(bases)[i])
        if is_subclass(winner, t):
            continue
        if is_subclass(t, winner):
            winner = t
            continue
        raise TypeError("metaclass conflict: the metaclass of a derived class must be a "
                        "(non-strict) subclass of the metaclasses of all its bases")
    return winner

cdef gcref_t prepare_namespace(gcref_t* nameslot, gcref_t* w) except 0:
    # meta.__prepare__(name, bases, **kw), or a new dict.
    cdef gcref_t* base = HEAP.shadowstack_top
    cdef gcref_t v, kwn = 0
    cdef Py_ssize_t nb, i
    push(w[2])
    v = getattr_or_0(top_slot(), MAGIC(M_PREPARE))
    if v == 0:
        HEAP.shadowstack_top = base
        return dict_new()
    top_slot()[0] = v
    push(nameslot[0])
    push(w[1])
    nb = RAW(w[3])[D_USED]
    if nb:
        keys = []
        for i in range(RAW(w[3])[D_NENTRIES]):
            if ENT(w[3])[3 * i + 1] != 0:
                keys.append(str_to_py(ENT(w[3])[3 * i + 1]))
                push(ENT(w[3])[3 * i + 2])
        kwn = keyword_names(tuple(keys))
    v = call_nested(base, 2 + nb, kwn)
    HEAP.shadowstack_top = base
    return v

cdef int run_class_body(gcref_t* fslot, gcref_t* nsslot) except -1:
    # Run class body function fslot[0] with nsslot[0] as its namespace, in
    # the slot after its locals (vm/eval_loop.pxi, ns_slot).
    cdef CodeObj* co = VM_STATE.codes[RAW(fslot[0])[FN_CODE]]
    cdef gcref_t* base = HEAP.shadowstack_top
    cdef Frame* f
    push(fslot[0])
    if base + 1 + co.nlocals + 1 + co.maxstack + 4 > HEAP.shadowstack_end:
        raise RecursionError("maximum recursion depth exceeded")
    f = push_frame(co, base + 1, base, F_ENTRY)
    memset(base + 1, 0, co.nlocals * sizeof(gcref_t))
    base[1 + co.nlocals] = nsslot[0]
    HEAP.shadowstack_top = f.sp
    eval_loop()
    HEAP.shadowstack_top = base
    return 0

cdef int mapping_setitem(gcref_t* mslot, gcref_t* kslot, gcref_t* vslot) except -1:
    # mslot[0][k] = v: a dict directly, any other mapping through __setitem__.
    if has_tid(mslot[0], T_DICT):
        return dict_set(mslot, kslot, vslot)
    push(mslot[0])
    push(kslot[0])
    setitem(top_slot() - 1, vslot)
    HEAP.shadowstack_top -= 2
    return 0

cdef gcref_t mapping_get_or_0(gcref_t* mslot, gcref_t key) except? 0:
    # mslot[0][key] through __getitem__, or 0 on KeyError (a class body's
    # namespace from __prepare__).
    cdef gcref_t v
    push(mslot[0])
    push(key)
    try:
        v = getitem(top_slot() - 1)
    except VMError:
        HEAP.shadowstack_top -= 2
        if not isinstance_c(VM_STATE.roots[R_EXC], exc_class("KeyError")):
            raise
        VM_STATE.roots[R_EXC] = 0
        return 0
    HEAP.shadowstack_top -= 2
    return v

# ---------------------------------------------------------------- type.__new__

cdef int64_t layout_kind(gcref_t bases, int64_t* flags) except -1:
    # The layout the instances of a class with these bases extend: plain
    # instances (KIND_OBJECT), exceptions, or one builtin type's value; two
    # different ones conflict, as CPython's solid bases.
    # The KIND_OTHER types (enumerate, zip, map...) share a kind but not a
    # layout: their builtin classes must be the same one.
    cdef int64_t k = KIND_OBJECT, bk
    cdef uint32_t i
    cdef gcref_t b, other = 0
    for i in range(LEN(bases)):
        b = FLD(bases)[i]
        if not has_tid(b, T_CLASS):
            raise TypeError(f"bases must be types")
        if RAW(b)[K_FLAGS] & CF_FINAL:
            raise TypeError(f"type '{class_name(b)}' is not an acceptable base type")
        if RAW(b)[K_FLAGS] & CF_MRO_PENDING:
            raise TypeError(f"Cannot extend an incomplete type '{class_name(b)}'")
        if RAW(b)[K_FLAGS] & CF_EXCEPTION:
            flags[0] |= CF_EXCEPTION
        bk = RAW(b)[K_KIND]
        if bk == KIND_OTHER:
            if other != 0 and class_base_builtin(b) != other:
                raise TypeError("multiple bases have instance lay-out conflict")
            other = class_base_builtin(b)
        if bk == KIND_OBJECT or bk == k:
            continue
        if k == KIND_OBJECT:
            k = bk
        else:
            raise TypeError("multiple bases have instance lay-out conflict")
    return k

cdef gcref_t type_new(gcref_t* a, Py_ssize_t nall, gcref_t kwnames) except 0:
    # type.__new__(meta, name, bases, ns, **kw): a[0] is the metaclass.
    cdef Py_ssize_t nk = LEN(kwnames) if kwnames else 0, n = nall - nk, i
    cdef gcref_t* w
    cdef gcref_t v, winner, newf
    cdef int64_t flags = 0, kind
    if n == 2 and a[0] == kind_class(KIND_TYPE) and nk == 0:
        return class_of(a[1])           # type(x), reached through type.__new__
    if n != 4:
        raise TypeError("type.__new__() takes exactly 3 arguments" if n != 2 else
                        "type() takes 1 or 3 arguments")
    if not has_tid(a[0], T_CLASS) or not is_subclass(a[0], kind_class(KIND_TYPE)):
        raise TypeError(f"type.__new__(X): X is not a type object ({type_name(a[0])})")
    if not has_tid(a[1], T_STR):
        raise TypeError(f"type.__new__() argument 1 must be str, not {type_name(a[1])}")
    check_type_name(a[1])
    if not has_tid(a[2], T_TUPLE):
        raise TypeError(f"type.__new__() argument 2 must be tuple, not {type_name(a[2])}")
    if not is_mapping_dict(a[3]):
        raise TypeError(f"type.__new__() argument 3 must be dict, not {type_name(a[3])}")
    # A more derived metaclass among the bases with its own __new__ makes the class.
    winner = calculate_metaclass(a[0], a[2])
    if winner != a[0]:
        newf = special_lookup(winner, M_NEW)
        if not (is_bmethod(newf) and descr_owner_root(newf) == KIND_ROOT[KIND_TYPE]):
            push(newf)
            push(winner)
            for i in range(1, nall):
                push(a[i])
            v = call_nested(top_slot() - nall, nall, kwnames)
            HEAP.shadowstack_top = a + nall
            return v
        a[0] = winner
    # Work slots: [bases, ns copy, cls]
    w = a + nall
    if w + 8 > HEAP.shadowstack_end:
        raise RecursionError("maximum recursion depth exceeded")
    memset(w, 0, 3 * sizeof(gcref_t))
    HEAP.shadowstack_top = w + 3
    if LEN(a[2]) == 0:
        push(kind_class(KIND_OBJECT))
        w[0] = tuple_from_slots(top_slot(), 1)
        pop()
    else:
        w[0] = a[2]
    kind = layout_kind(w[0], &flags)
    w[1] = namespace_copy(a + 3)
    prepare_class_namespace(w + 1, a)
    w[2] = new_class(a + 1, w, w + 1, flags, kind, a[0] if a[0] != kind_class(KIND_TYPE) else 0)
    v = dict_get_str(w[1], MAGIC(M_QUALNAME))
    if v != 0:
        if not has_tid(v, T_STR):
            raise TypeError(f"type __qualname__ must be a str, not {type_name(v)}")
        store(w[2], K_QUALNAME, v)
        push(MAGIC(M_QUALNAME))
        dict_del(w + 1, top_slot())
        pop()
    v = dict_get_str(w[1], MAGIC(M_CLASSCELL))
    if v != 0:
        if not has_tid(v, T_CELL):
            raise TypeError(f"__classcell__ must be a nonlocal cell, not {class_repr(class_of(v))}")
        store(v, 0, w[2])
        push(MAGIC(M_CLASSCELL))
        dict_del(w + 1, top_slot())
        pop()
    setup_slots(w + 2)      # (after __qualname__ and __classcell__ leave the namespace: either may be a slot)
    set_function_owners(w + 2)
    set_names(w + 2)
    init_subclass(w + 2, a + 4, nk, kwnames)
    v = w[2]
    HEAP.shadowstack_top = a + nall
    return v

cdef bint is_mapping_dict(gcref_t v) noexcept nogil:
    return has_tid(v, T_DICT) or (has_tid(v, T_INSTANCE) and builtin_base_kind(FLD(v)[I_CLASS]) == KIND_DICT)

cdef gcref_t namespace_copy(gcref_t* nsslot) except 0:
    # A new dict with the namespace's items, as CPython's PyDict_Copy: a dict
    # subclass's own dict, unless its class has its own __iter__ (an
    # OrderedDict, whose order is its own): then its keys() and items.
    cdef gcref_t d
    if has_tid(nsslot[0], T_INSTANCE) and special_lookup(FLD(nsslot[0])[I_CLASS], M_ITER) != \
            special_lookup(kind_class(KIND_DICT), M_ITER):
        push(dict_new())
        dict_update_from_mapping(top_slot(), nsslot)
        return pop()
    push(nsslot[0] if has_tid(nsslot[0], T_DICT) else FLD(nsslot[0])[I_VALUES])
    d = dict_copy(top_slot())
    pop()
    return d

cdef int dict_set_magic(gcref_t* dslot, int m, gcref_t v) except -1:
    push(MAGIC(m))
    push(v)
    dict_set(dslot, top_slot() - 1, top_slot())
    HEAP.shadowstack_top -= 2
    return 0

cdef int wrap_in_namespace(gcref_t* nsslot, int m, uint16_t wrapper) except -1:
    # ns[m] = wrapper(ns[m]) if ns[m] is a plain function (CPython makes
    # __new__ a staticmethod, __init_subclass__ and __class_getitem__
    # classmethods).
    cdef gcref_t f = dict_get_str(nsslot[0], MAGIC(m)), v
    if not has_tid(f, T_FUNCTION):
        return 0
    push(f)
    v = alloc_fixed(wrapper)
    FLD(v)[0] = pop()
    return dict_set_magic(nsslot, m, v)

cdef int prepare_class_namespace(gcref_t* nsslot, gcref_t* a) except -1:
    # What type.__new__ adds to the namespace before the class exists.
    cdef gcref_t g
    wrap_in_namespace(nsslot, M_NEW, T_STATICMETHOD)
    wrap_in_namespace(nsslot, M_INIT_SUBCLASS, T_CLASSMETHOD)
    wrap_in_namespace(nsslot, M_CLASS_GETITEM, T_CLASSMETHOD)
    if dict_get_str(nsslot[0], MAGIC(M_MODULE)) == 0 and VM_STATE.depth >= 0:
        # the module of the code that called type(): its globals' __name__
        g = dict_get_str(VM_STATE.roots[VM_STATE.frames[VM_STATE.depth].co.globals], MAGIC(M_NAME))
        if g != 0:
            dict_set_magic(nsslot, M_MODULE, g)
    if dict_get_str(nsslot[0], MAGIC(M_DOC)) == 0:
        dict_set_magic(nsslot, M_DOC, V_NONE)
    # A class that defines __eq__ but not __hash__ is unhashable.
    if dict_get_str(nsslot[0], MAGIC(M_EQ)) != 0 and dict_get_str(nsslot[0], MAGIC(M_HASH)) == 0:
        dict_set_magic(nsslot, M_HASH, V_NONE)
    return 0

cdef int setup_slots(gcref_t* cslot) except -1:
    # __slots__: the names become the first keys of the instances' layout;
    # instances of a class whose every base has __slots__ get no __dict__
    # (CF_SLOTS).  Otherwise the class that first gives its instances a
    # __dict__ gets the __dict__ descriptor in its own dict, as CPython's.
    # BaseException's instances always have a __dict__, through its own
    # descriptor, whatever __slots__ its subclasses name.
    cdef gcref_t v, b
    cdef Py_ssize_t i
    cdef uint32_t j
    cdef bint all_slotted = True, base_has_dict = False, exception = False
    inherit_member_keys(cslot)      # (allocates: __slots__ is read after it)
    v = dict_get_str(FLD(cslot[0])[K_DICT], MAGIC(M_SLOTS))
    for j in range(1, LEN(FLD(cslot[0])[K_MRO])):
        b = FLD(FLD(cslot[0])[K_MRO])[j]
        if RAW(b)[K_FLAGS] & CF_BUILTIN:
            if RAW(b)[K_KIND] == KIND_BASEEXC:
                exception = True
                all_slotted = False
            continue
        if not RAW(b)[K_FLAGS] & CF_SLOTS:
            all_slotted = False
            base_has_dict = True
    if v == 0:
        if not base_has_dict and RAW(cslot[0])[K_KIND] != KIND_TYPE:
            if not exception:
                dict_set_getset(cslot, "__dict__")
            # CPython gives no weak references to the instances of a
            # subclass of a type with variable-size items (type_new)
            if builtin_base_kind(cslot[0]) not in (KIND_INT, KIND_BOOL, KIND_TUPLE, KIND_BYTES):
                dict_set_getset(cslot, "__weakref__")
        return 0
    push(v)
    if has_tid(v, T_STR):
        names = [str_to_py(v)]
    else:
        top_slot()[0] = list_from_iterable(top_slot())
        names = []
        for i in range(RAW(top_slot()[0])[L_LEN]):
            if not has_tid(unwrap(ITEMS(top_slot()[0])[i]), T_STR):
                raise TypeError(f"__slots__ items must be strings, not '{type_name(ITEMS(top_slot()[0])[i])}'")
            names.append(str_to_py(unwrap(ITEMS(top_slot()[0])[i])))
    pop()
    check_slot_names(cslot, names, base_has_dict or exception)
    owner = class_name(cslot[0]).lstrip("_")
    names = [f"_{owner}{nm}" if nm.startswith("__") and not nm.endswith("__") and owner else nm
             for nm in names]        # private names are mangled, as in the class body
    # Sorted, as CPython's type_new_copy_slots sorts them: two classes with
    # the same __slots__ in another order lay out their instances alike
    # (__class__ assignment, vm/attributes.pxi same_layout), and the
    # member descriptors enter the class's __dict__ in that order.
    names.sort()
    base_keys = []
    for j in range(1, LEN(FLD(cslot[0])[K_MRO])):
        b = FLD(FLD(cslot[0])[K_MRO])[j]
        if RAW(b)[K_FLAGS] & CF_SLOTS:
            for i in range(RAW(FLD(b)[K_KEYS])[L_LEN]):
                if is_obj(ITEMS(FLD(b)[K_KEYS])[i]):
                    base_keys.append(str_to_py(ITEMS(FLD(b)[K_KEYS])[i]))
    wants_dict = "__dict__" in names
    for nm in base_keys + names:
        if nm in ("__dict__", "__weakref__"):
            continue
        push(intern(nm))
        push(FLD(cslot[0])[K_KEYS])
        if keys_index(cslot[0], top_slot()[-1]) < 0:
            list_append(top_slot(), top_slot() - 1)
        HEAP.shadowstack_top -= 2
    for nm in dict.fromkeys(names):        # (a name twice: one member, as CPython's)
        if nm not in ("__dict__", "__weakref__"):
            add_member(cslot, nm)
    if all_slotted and not wants_dict:
        RAW(cslot[0])[K_FLAGS] |= CF_SLOTS
    elif not base_has_dict and not exception:
        dict_set_getset(cslot, "__dict__")
    if "__weakref__" in names:
        dict_set_getset(cslot, "__weakref__")
    return 0

cdef int inherit_member_keys(gcref_t* cslot) except -1:
    # The __slots__ members of the bases become keys of the class before it
    # has instances, so that each instance has a value slot for each
    # (vm/attributes.pxi: the members of an instance with a __dict__).
    cdef uint32_t j
    cdef Py_ssize_t i
    cdef gcref_t b, key
    for j in range(1, LEN(FLD(cslot[0])[K_MRO])):
        b = FLD(FLD(cslot[0])[K_MRO])[j]
        if RAW(b)[K_FLAGS] & CF_BUILTIN or dict_get_str(FLD(b)[K_DICT], MAGIC(M_SLOTS)) == 0:
            continue
        i = 0
        while i < RAW(FLD(b)[K_KEYS])[L_LEN]:
            b = FLD(FLD(cslot[0])[K_MRO])[j]          # (appending allocates: read again)
            key = ITEMS(FLD(b)[K_KEYS])[i]
            if is_obj(key) and is_member_key(b, key) and keys_index(cslot[0], key) < 0:
                push(key)
                push(FLD(cslot[0])[K_KEYS])
                list_append(top_slot(), top_slot() - 1)
                HEAP.shadowstack_top -= 2
            i += 1
    return 0

cdef int check_slot_names(gcref_t* cslot, list names, bint base_has_dict) except -1:
    # The checks of CPython's type_new_visit_slots, in its order: identifiers
    # only, no slots under a base with variable-size items (int, tuple,
    # bytes), and __dict__ / __weakref__ only where the instances have none yet.
    cdef uint32_t j
    cdef gcref_t b, solid = class_base_builtin(cslot[0])
    cdef int kind = builtin_base_kind(cslot[0])
    cdef bint varsize = kind in (KIND_INT, KIND_BOOL, KIND_TUPLE, KIND_BYTES)
    cdef bint base_has_weak = varsize or class_name(solid) in WEAKREFABLE_BUILTINS
    for j in range(1, LEN(FLD(cslot[0])[K_MRO])):
        b = FLD(FLD(cslot[0])[K_MRO])[j]
        if not RAW(b)[K_FLAGS] & CF_BUILTIN and dict_get_str(FLD(b)[K_DICT], intern("__weakref__")) != 0:
            base_has_weak = True
    if names and varsize:
        raise TypeError(f"nonempty __slots__ not supported for subtype of '{class_name(solid)}'")
    seen_dict = seen_weak = False
    for nm in names:
        if not nm.isidentifier():
            raise TypeError("__slots__ must be identifiers")
        if nm == "__dict__":
            if base_has_dict or seen_dict:
                raise TypeError("__dict__ slot disallowed: we already got one")
            seen_dict = True
        elif nm == "__weakref__":
            if base_has_weak or seen_weak:
                raise TypeError("__weakref__ slot disallowed: either we already got one, "
                                "or __itemsize__ != 0")
            seen_weak = True
    return 0

cdef int add_member(gcref_t* cslot, str name) except -1:
    # cls.__dict__[name] = member_descriptor(name, cls), for a __slots__
    # name, as CPython's; the attribute protocol reads it as the instance's
    # own storage (vm/attributes.pxi, DESCR_MEMBER).  The VM's own classes
    # made before app/types.py has run get none.
    cdef gcref_t* base = HEAP.shadowstack_top
    cdef gcref_t v
    if "member_descriptor" not in APP_ROOTS:
        return 0
    push(intern(name))
    v = dict_get_str(FLD(cslot[0])[K_DICT], base[0])
    if v != 0 and not (name == "__doc__" and v == V_NONE):     # (the default __doc__, set before)
        raise ValueError(f"'{name}' in __slots__ conflicts with class variable")
    push(app_object("member_descriptor"))
    RAW(top_slot()[0])[K_FLAGS] |= CF_MEMBER
    push(base[0])
    push(cslot[0])
    vm_call(base + 1, 2)
    push(FLD(cslot[0])[K_DICT])
    dict_set(top_slot(), base, base + 1)
    HEAP.shadowstack_top = base
    return 0

cdef int dict_set_getset(gcref_t* cslot, str name) except -1:
    # cls.__dict__[name] = the builtin getset of that name (owned by object)
    push(FLD(cslot[0])[K_DICT])
    dict_set_py(top_slot(), name, mk_descr(BUILTIN_IDS["getset." + name], KIND_ROOT[KIND_OBJECT]))
    pop()
    return 0

cdef int set_function_owners(gcref_t* cslot) except -1:
    # Methods learn their class, for zero-argument super(): every function of
    # the namespace, also inside a staticmethod, classmethod or property.
    cdef gcref_t d = FLD(cslot[0])[K_DICT], v
    cdef Py_ssize_t i, j
    for i in range(RAW(d)[D_NENTRIES]):
        v = ENT(d)[3 * i + 2]
        if has_tid(v, T_STATICMETHOD) or has_tid(v, T_CLASSMETHOD):
            v = FLD(v)[0]
        if has_tid(v, T_PROPERTY):
            for j in range(3):
                if has_tid(FLD(v)[j], T_FUNCTION) and FLD(FLD(v)[j])[FN_OWNER] == 0:
                    store(FLD(v)[j], FN_OWNER, cslot[0])
            continue
        if has_tid(v, T_FUNCTION) and FLD(v)[FN_OWNER] == 0:
            store(v, FN_OWNER, cslot[0])
    return 0

cdef int set_names(gcref_t* cslot) except -1:
    # PEP 487: value.__set_name__(cls, name) for each attribute that has one,
    # over a copy of the namespace (a hook may change the class).
    cdef gcref_t* base = HEAP.shadowstack_top
    cdef gcref_t m
    cdef Py_ssize_t i
    push(FLD(cslot[0])[K_DICT])
    push(dict_copy(top_slot()))
    cdef gcref_t* items = top_slot()
    i = 0
    while i < RAW(items[0])[D_NENTRIES]:
        if ENT(items[0])[3 * i + 1] != 0 and has_tid(ENT(items[0])[3 * i + 2], T_PROPERTY):
            store(ENT(items[0])[3 * i + 2], PROP_NAME, ENT(items[0])[3 * i + 1])   # (property.__set_name__)
        elif ENT(items[0])[3 * i + 1] != 0 and has_tid(ENT(items[0])[3 * i + 2], T_INSTANCE):
            push(ENT(items[0])[3 * i + 2])
            m = special_lookup(class_of(top_slot()[0]), M_SET_NAME)
            if m != 0:
                push(m)
                push(top_slot()[-1])
                push(cslot[0])
                push(ENT(items[0])[3 * i + 1])
                try:
                    vm_call(top_slot() - 3, 3)
                except VMError:
                    # 3.11: RuntimeError, caused by what __set_name__ raised
                    push(VM_STATE.roots[R_EXC])
                    raise_from_cause("RuntimeError", top_slot(),
                                     f"Error calling __set_name__ on '{type_name(base[2])}' instance "
                                     f"{repr_py(&ENT(items[0])[3 * i + 1])} in '{class_name(cslot[0])}'")
            HEAP.shadowstack_top = items + 1
        i += 1
    HEAP.shadowstack_top = base
    return 0

cdef int init_subclass(gcref_t* cslot, gcref_t* kwargs, Py_ssize_t nk, gcref_t kwnames) except -1:
    # super(cls, cls).__init_subclass__(**kw), as type.__new__ ends.
    cdef gcref_t* base = HEAP.shadowstack_top
    cdef Py_ssize_t i
    push(cslot[0])
    push(cslot[0])
    push(new_super(top_slot() - 1, top_slot()))
    push(getattr_v(top_slot(), MAGIC(M_INIT_SUBCLASS)))
    for i in range(nk):
        push(kwargs[i])
    call_nested(base + 3, nk, kwnames)
    HEAP.shadowstack_top = base
    return 0

cdef inline bint is_object_slot(gcref_t v) noexcept nogil:
    # Whether [v] is one of object's own slot wrappers (object.__init__,
    # object.__new__, object.__eq__...): the defaults a class did not override.
    return is_bmethod(v) and descr_owner_root(v) == KIND_ROOT[KIND_OBJECT] and \
        BI_SLOT_FIRST_C <= descr_bid(v) < BI_SLOT_END_C

# ---------------------------------------------------------------- calling a class
# type.__call__(cls, *args, **kw): obj = cls.__new__(cls, *args, **kw); if
# obj is an instance of cls, type(obj).__init__(obj, *args, **kw); obj.  The
# common case -- a plain class whose __new__ is object's and whose __init__
# is a VM function -- makes the instance here and pushes __init__'s frame
# (F_INIT), without a nested loop.

cdef int call_class(gcref_t* fslot, Py_ssize_t nargs, gcref_t kwnames) except -1:
    cdef gcref_t cls = fslot[0], meta = FLD(cls)[K_META], new, init, inst
    cdef gcref_t* kwslot
    if meta != 0 and RAW(meta)[K_FLAGS] & CF_CALL:
        init = special_lookup(meta, M_CALL)
        if not has_tid(init, T_FUNCTION):
            # not a plain method (`__call__ = dict` in typing_extensions):
            # what the descriptor protocol makes of it, called as it is
            fslot[0] = descr_get(init, fslot, meta)
            return call_value(fslot, nargs, kwnames)
        if fslot + nargs + 3 > HEAP.shadowstack_end:
            raise RecursionError("maximum recursion depth exceeded")
        memmove(fslot + 2, fslot + 1, nargs * sizeof(gcref_t))
        fslot[1] = cls
        fslot[0] = init
        HEAP.shadowstack_top = fslot + nargs + 2
        return call_value(fslot, nargs + 1, kwnames)
    return type_call(fslot, nargs, kwnames)

cdef gcref_t type_call_nested(gcref_t* fslot, Py_ssize_t nargs, gcref_t kwnames) except 0:
    # type.__call__(cls, ...) called from C: as call_nested, without the
    # metaclass's __call__
    HEAP.shadowstack_top = fslot + 1 + nargs
    try:
        if type_call(fslot, nargs, kwnames):
            VM_STATE.frames[VM_STATE.depth].flags |= F_ENTRY
            eval_loop()
    except BaseException:
        HEAP.shadowstack_top = fslot
        raise
    return fslot[0]

# Builtin classes whose instances a builtin function makes (their __new__
# calls it with the arguments after cls).
CONSTRUCTORS = {"range": "range", "enumerate": "enumerate", "zip": "zip", "map": "map",
                "filter": "filter", "reversed": "reversed"}
INIT_KEYWORDS_CONSTRUCTORS = ("map", "filter", "reversed")

cdef int type_call(gcref_t* fslot, Py_ssize_t nargs, gcref_t kwnames) except -1:
    cdef gcref_t cls = fslot[0], new, init, inst
    cdef gcref_t* kwslot
    cdef int64_t kind
    if RAW(cls)[K_FLAGS] & CF_BUILTIN and not RAW(cls)[K_FLAGS] & CF_EXCEPTION and cls != kind_class(KIND_TYPE):
        # an exact builtin class: its constructor directly (int('7'), range(10)...)
        fslot[0] = construct_exact(cls, fslot + 1, nargs, kwnames)
        HEAP.shadowstack_top = fslot + 1
        return 0
    new = special_lookup(cls, M_NEW)
    init = special_lookup(cls, M_INIT)
    kind = RAW(cls)[K_KIND]
    if is_object_slot(new) and \
            (kind == KIND_OBJECT or kind == KIND_BASEEXC):
        # object.__new__: make the instance here
        kwslot = fslot + 1 + nargs
        kwslot[0] = kwnames             # rooted: making the instance allocates
        HEAP.shadowstack_top = kwslot + 1
        if is_object_slot(init) and \
                (nargs or kwnames):
            raise TypeError(f"{class_name(cls)}() takes no arguments")
        if RAW(cls)[K_FLAGS] & CF_ABSTRACT:
            raise_abstract_instantiation(cls)
        inst = instance_new(fslot)
        if RAW(fslot[0])[K_FLAGS] & CF_EXCEPTION:
            push(inst)
            push(tuple_from_slots(fslot + 1, nargs - (LEN(kwslot[0]) if kwslot[0] else 0)))
            exc_set_slot(top_slot()[-1], EXC_ARGS, top_slot()[0])
            HEAP.shadowstack_top -= 2
            inst = HEAP.shadowstack_top[1]
        kwnames = kwslot[0]
        HEAP.shadowstack_top = kwslot      # no allocation from here to the call
        init = special_lookup(fslot[0], M_INIT)
        if has_tid(init, T_FUNCTION):
            # [cls, args] -> [inst, __init__, inst, args]; the frame's result is dropped.
            if fslot + nargs + 4 > HEAP.shadowstack_end:
                raise RecursionError("maximum recursion depth exceeded")
            memmove(fslot + 3, fslot + 1, nargs * sizeof(gcref_t))
            fslot[0] = inst
            fslot[1] = init
            fslot[2] = inst
            HEAP.shadowstack_top = fslot + nargs + 3
            return enter_function(fslot + 1, nargs + 1, kwnames, F_INIT)
        fslot[0] = inst
        if not (is_object_slot(init)):
            call_init(fslot, nargs, kwnames, init)
        HEAP.shadowstack_top = fslot + 1
        return 0
    return type_call_general(fslot, nargs, kwnames)

cdef int type_call_general(gcref_t* fslot, Py_ssize_t nargs, gcref_t kwnames) except -1:
    # Stack: [cls, args..., kwnames, obj, (__new__ / __init__), (cls / obj), args...]
    cdef gcref_t* base = fslot + 1 + nargs
    cdef gcref_t init, new
    if base + nargs + 4 > HEAP.shadowstack_end:
        raise RecursionError("maximum recursion depth exceeded")
    base[0] = kwnames
    base[1] = V_NONE
    HEAP.shadowstack_top = base + 2
    if fslot[0] == kind_class(KIND_TYPE) and nargs == 1 and not kwnames:
        fslot[0] = class_of(fslot[1])
        HEAP.shadowstack_top = fslot + 1
        return 0
    push(fslot[0])
    new = type_getattr(top_slot(), MAGIC(M_NEW))        # (a static method: not bound)
    base[2] = new
    base[3] = fslot[0]
    memcpy(base + 4, fslot + 1, nargs * sizeof(gcref_t))
    call_nested(base + 2, nargs + 1, base[0])
    base[1] = base[2]
    if isinstance_c(base[1], fslot[0]):
        init = special_lookup(class_of(base[1]), M_INIT)
        if init != 0 and not (is_object_slot(init)):
            fslot[0] = base[1]
            call_init(fslot, nargs, base[0], init)
            base[1] = fslot[0]
    fslot[0] = base[1]
    HEAP.shadowstack_top = fslot + 1
    return 0

cdef int call_init(gcref_t* fslot, Py_ssize_t nargs, gcref_t kwnames, gcref_t init) except -1:
    # init(fslot[0], *fslot[1:1 + nargs], **kw), an init that a descriptor
    # binds (a property) bound first, as CPython's slot_tp_init looks it up;
    # it must return None.
    cdef gcref_t* base = fslot + 1 + nargs
    cdef gcref_t r
    base[0] = kwnames
    base[1] = init
    memcpy(base + 2, fslot + 1, nargs * sizeof(gcref_t))
    HEAP.shadowstack_top = base + 2 + nargs
    r = call_nested(base + 1, bind_method_args(base + 1, fslot[0], nargs), base[0])
    if r != V_NONE:
        raise TypeError(f"__init__() should return None, not '{type_name(r)}'")
    return 0

cdef int raise_abstract_instantiation(gcref_t cls) except -1:
    # CPython's object.__new__ message, the abstract methods sorted
    push(cls)
    push(class_lookup(cls, MAGIC(M_ABSTRACTMETHODS)))
    push(list_from_iterable(top_slot()))
    cdef Py_ssize_t i
    names = []
    for i in range(RAW(top_slot()[0])[L_LEN]):
        names.append(str_to_py(ITEMS(top_slot()[0])[i]))
    names.sort()
    HEAP.shadowstack_top -= 3
    raise TypeError(f"Can't instantiate abstract class {class_name(cls)} with abstract "
                    f"method{'s' if len(names) > 1 else ''} {', '.join(names)}")

# ---------------------------------------------------------------- __new__ and __init__
# [owner].__new__(cls, *args): cls must be [owner] or a subclass.  object's
# makes a plain instance; a builtin type's makes its value (int('7')...) and,
# for a subclass, an instance carrying it.

cdef gcref_t builtin_new(gcref_t owner, gcref_t* a, Py_ssize_t nall, gcref_t kwnames) except 0:
    cdef Py_ssize_t n = nall - (LEN(kwnames) if kwnames else 0)
    cdef int64_t kind = RAW(owner)[K_KIND]
    cdef gcref_t v, inst
    if n < 1:
        raise TypeError(f"{class_name(owner)}.__new__(): not enough arguments")
    if not has_tid(a[0], T_CLASS):
        raise TypeError(f"{class_name(owner)}.__new__(X): X is not a type object ({type_name(a[0])})")
    if not is_subclass(a[0], owner):
        raise TypeError(f"{class_name(owner)}.__new__({class_name(a[0])}): {class_name(a[0])} is not a "
                        f"subtype of {class_name(owner)}")
    if kind == KIND_TYPE:
        return type_new(a, nall, kwnames)
    if kind == KIND_OBJECT:
        return object_new(a, n, kwnames)
    if kind == KIND_BASEEXC:
        return exception_new(a, n)
    if RAW(a[0])[K_KIND] != kind or (a[0] != owner and RAW(a[0])[K_FLAGS] & CF_BUILTIN):
        raise TypeError(f"{class_name(owner)}.__new__({class_name(a[0])}) is not safe, use "
                        f"{class_name(class_base_builtin(a[0]))}.__new__()")
    if kind == KIND_LIST or kind == KIND_DICT or kind == KIND_SET or kind == KIND_BYTEARRAY:
        v = construct_builtin(kind, a + 1, 0, 0)       # __init__ fills it
    elif kind == KIND_PROPERTY or kind == KIND_STATICMETHOD or kind == KIND_CLASSMETHOD or kind == KIND_SUPER:
        v = blank_builtin(kind)
    elif kind == KIND_MODULE and n == 1:
        # module.__new__(M): a module with an empty dict, for __init__ to
        # fill (CPython's new_module); it has no __name__ yet
        push(dict_new())
        push(intern("?"))
        v = alloc_fixed(T_MODULE)
        FLD(v)[0] = pop()
        FLD(v)[1] = pop()
    elif class_name(owner) in CONSTRUCTORS:
        if kwnames and class_name(owner) in INIT_KEYWORDS_CONSTRUCTORS and \
                not is_object_slot(special_lookup(a[0], M_INIT)):
            # keywords for a subclass's own __init__: CPython's map_new,
            # filter_new and reversed_new leave them to it
            v = call_builtin(BUILTIN_IDS[CONSTRUCTORS[class_name(owner)]], a + 1, n - 1, 0)
        else:
            v = call_builtin(BUILTIN_IDS[CONSTRUCTORS[class_name(owner)]], a + 1, nall - 1, kwnames)
    elif kwnames and (kind == KIND_FROZENSET or kind == KIND_TUPLE or kind == KIND_FLOAT) and \
            not is_object_slot(special_lookup(a[0], M_INIT)):
        # keywords for a subclass's own __init__: CPython's tuple_new,
        # float_new and frozenset_new leave them to it (and refuse them
        # without one)
        v = construct_builtin(kind, a + 1, n - 1, 0)
    else:
        v = construct_builtin(kind, a + 1, nall - 1, kwnames)
    if a[0] == owner or RAW(a[0])[K_FLAGS] & CF_BUILTIN:
        return v
    push(unwrap(v))             # (bytes(x) may give a subclass's instance: its value)
    inst = instance_new(a)
    store(inst, I_VALUES, top_slot()[0])
    if kind == KIND_MODULE:
        # a module subclass's instance keeps its attributes in the module's dict
        push(inst)
        adopt_instance_dict(top_slot(), FLD(top_slot()[-1])[1])
        inst = pop()
    pop()
    return inst

cdef gcref_t construct_exact(gcref_t cls, gcref_t* a, Py_ssize_t nall, gcref_t kwnames) except 0:
    # An instance of builtin class [cls] itself from the call's arguments.
    cdef int64_t kind = RAW(cls)[K_KIND]
    cdef gcref_t v
    name = class_name(cls)
    ctor = CONSTRUCTORS.get(name)
    if ctor is not None:
        return call_builtin(BUILTIN_IDS[ctor], a, nall, kwnames)
    if kind == KIND_PROPERTY or kind == KIND_STATICMETHOD or kind == KIND_CLASSMETHOD or kind == KIND_SUPER:
        HEAP.shadowstack_top = a + nall
        v = blank_builtin(kind)
        push(v)
        for i in range(nall):
            push(a[i])
        builtin_init(kind, top_slot() - nall, nall - (LEN(kwnames) if kwnames else 0) + 1, kwnames)
        HEAP.shadowstack_top -= nall
        return pop()
    if kind == KIND_OBJECT:
        if nall:
            raise TypeError("object() takes no arguments")
        push(cls)
        v = instance_new(top_slot())
        pop()
        return v
    if name in SINGLETON_TYPES:
        # NoneType(), type(NotImplemented)(), type(...)(): the singleton
        if nall:
            raise TypeError(f"{name} takes no arguments")
        return (V_NONE, V_NOTIMPL, V_ELLIPSIS)[SINGLETON_TYPES.index(name)]
    if name == "method":
        # types.MethodType(func, obj): func bound to obj
        if kwnames:
            raise TypeError("method() takes no keyword arguments")
        if nall != 2:
            raise TypeError(f"method expected 2 arguments, got {nall}")
        if not callable_v(a[0]):
            raise TypeError("first argument must be callable")
        if a[1] == V_NONE:
            raise TypeError("instance must not be None")
        return bound_method(a + 1, a[0])
    if kind == KIND_FUNCTION:
        HEAP.shadowstack_top = a + nall
        return function_new(a, nall, kwnames)
    if name == "traceback":
        return traceback_new(a, nall, kwnames)
    if kind == KIND_OTHER or kind == KIND_NONE:
        raise TypeError(f"cannot create '{class_name(cls)}' instances")
    return construct_builtin(kind, a, nall, kwnames)

SINGLETON_TYPES = ("NoneType", "NotImplementedType", "ellipsis")

cdef gcref_t blank_builtin(int64_t kind) except 0:
    # A new property / staticmethod / classmethod / super, for __init__ to fill.
    cdef gcref_t v
    cdef int i
    if kind == KIND_PROPERTY:
        v = alloc_fixed(T_PROPERTY)
        for i in range(5):
            FLD(v)[i] = V_NONE
        return v
    if kind == KIND_SUPER:
        v = alloc_fixed(T_SUPER)
        for i in range(3):
            FLD(v)[i] = V_NONE
        return v
    v = alloc_fixed(T_STATICMETHOD if kind == KIND_STATICMETHOD else T_CLASSMETHOD)
    FLD(v)[0] = V_NONE
    return v

cdef gcref_t class_base_builtin(gcref_t cls) noexcept nogil:
    # The builtin class whose layout [cls]'s instances extend.
    cdef gcref_t mro = FLD(cls)[K_MRO]
    cdef uint32_t i
    for i in range(LEN(mro)):
        if RAW(FLD(mro)[i])[K_FLAGS] & CF_BUILTIN:
            return FLD(mro)[i]
    return kind_class(KIND_OBJECT)

cdef gcref_t object_new(gcref_t* a, Py_ssize_t n, gcref_t kwnames) except 0:
    # object.__new__(cls, *args): a blank instance, with CPython's checks.
    cdef gcref_t new, init
    cdef int64_t kind = RAW(a[0])[K_KIND]
    if RAW(a[0])[K_FLAGS] & CF_BUILTIN and a[0] != kind_class(KIND_OBJECT) or \
            kind != KIND_OBJECT and kind != KIND_BASEEXC:
        raise TypeError(f"object.__new__({class_name(a[0])}) is not safe, use "
                        f"{class_name(class_base_builtin(a[0]))}.__new__()")
    if kind == KIND_BASEEXC:
        raise TypeError(f"object.__new__({class_name(a[0])}) is not safe, use BaseException.__new__()")
    if n > 1 or kwnames:
        new = special_lookup(a[0], M_NEW)
        init = special_lookup(a[0], M_INIT)
        if not (is_object_slot(new)):
            raise TypeError("object.__new__() takes exactly one argument (the type to instantiate)")
        if is_object_slot(init):
            raise TypeError(f"{class_name(a[0])}() takes no arguments")
    if RAW(a[0])[K_FLAGS] & CF_ABSTRACT:
        raise_abstract_instantiation(a[0])
    return instance_new(a)

cdef gcref_t exception_new(gcref_t* a, Py_ssize_t n) except 0:
    # BaseException.__new__(cls, *args): args are kept whatever __init__ does.
    push(instance_new(a))
    push(tuple_from_slots(a + 1, n - 1))
    exc_set_slot(top_slot()[-1], EXC_ARGS, top_slot()[0])
    pop()
    return pop()

cdef gcref_t object_init(gcref_t* a, Py_ssize_t n, gcref_t kwnames) except 0:
    # object.__init__(self, *args): extra arguments are an error unless
    # __new__ is overridden and __init__ is not.
    cdef gcref_t cls, new, init
    if n < 1:
        raise TypeError("descriptor '__init__' of 'object' object needs an argument")
    if n > 1 or kwnames:
        cls = class_of(a[0])
        new = special_lookup(cls, M_NEW)
        init = special_lookup(cls, M_INIT)
        if not (is_object_slot(init)):
            raise TypeError("object.__init__() takes exactly one argument (the instance to initialize)")
        if is_object_slot(new):
            raise TypeError(f"{class_name(cls)}.__init__() takes exactly one argument (the instance to initialize)")
    return V_NONE
