# vm/attributes.pxi, included by _vm.pyx (one extension module, one C file).
#
# Attributes: lookup, binding, properties, LOAD_METHOD, setattr/delattr,
# instance __dict__, and super().
# Globals: writes ANY_PROPERTY; reads CODE_SPECS.

# ---------------------------------------------------------------- attributes

cdef gcref_t bind(gcref_t* oslot, gcref_t attr) except 0:
    # A class attribute found through an instance: functions become bound methods.
    cdef gcref_t m
    if is_bfunc(attr) and builtin_id(attr) == BI_OBJECT_NEW:
        return attr         # object.__new__ is a static method
    if has_tid(attr, T_FUNCTION) or is_bfunc(attr):
        push(attr)
        m = alloc_fixed(T_BOUND)
        FLD(m)[1] = pop()
        FLD(m)[0] = oslot[0]
        return m
    if has_tid(attr, T_STATICMETHOD):
        return FLD(attr)[0]
    if has_tid(attr, T_CLASSMETHOD):
        push(attr)
        m = alloc_fixed(T_BOUND)
        FLD(m)[1] = FLD(pop())[0]
        FLD(m)[0] = class_of(oslot[0]) if not has_tid(oslot[0], T_CLASS) else oslot[0]
        return m
    if has_tid(attr, T_PROPERTY):
        if FLD(attr)[0] == V_NONE:
            raise AttributeError("property has no getter")
        return call1(FLD(attr)[0], oslot[0])
    return attr

cdef bint ANY_PROPERTY = False     # set once any class stores a property

cdef gcref_t getattr_v(gcref_t* oslot, gcref_t name) except 0:
    cdef gcref_t o = oslot[0], attr, v
    cdef Py_ssize_t i
    cdef uint16_t t = TID(o) if is_obj(o) else 0
    if t == T_INSTANCE:
        if not ANY_PROPERTY:
            # No class has a property, so an instance attribute wins at once.
            i = keys_index(FLD(o)[I_CLASS], name)
            if i >= 0:
                v = instance_get(o, i)
                if v != 0:
                    return v
        attr = class_lookup(FLD(o)[I_CLASS], name)
        if attr != 0 and has_tid(attr, T_PROPERTY):
            return bind(oslot, attr)
        i = keys_index(FLD(o)[I_CLASS], name)
        if i >= 0:
            v = instance_get(o, i)
            if v != 0:
                return v
        if attr != 0:
            return bind(oslot, attr)
        if str_eq(name, MAGIC(M_CLASS)):
            return FLD(o)[I_CLASS]
        if str_eq(name, MAGIC(M_DICT)):
            return instance_dict(oslot)
        if RAW(FLD(o)[I_CLASS])[K_FLAGS] & CF_EXCEPTION:
            # BaseException's attributes before they are set
            if str_eq(name, MAGIC(M_CAUSE)) or str_eq(name, MAGIC(M_CONTEXT)) \
                    or str_eq(name, MAGIC(M_TRACEBACK)):
                return V_NONE
            if str_eq(name, MAGIC(M_SUPPRESS_CONTEXT)):
                return V_FALSE
            if str_to_py(name) in ("filename", "filename2") and isinstance_c(o, exc_class("OSError")):
                return V_NONE               # (set by exc_from_python when there is one)
            if str_to_py(name) in ("errno", "strerror") and isinstance_c(o, exc_class("OSError")):
                # OSError(errno, strerror).errno / .strerror (None otherwise)
                v = instance_attr(o, MAGIC(M_ARGS))
                if not has_tid(v, T_TUPLE) or LEN(v) != 2:
                    return V_NONE
                return FLD(v)[0 if str_to_py(name) == "errno" else 1]
            if str_to_py(name) == "value" and isinstance_c(o, exc_class("StopIteration")):
                # StopIteration.__init__ sets value = args[0] (None without args)
                o = oslot[0]
                v = instance_attr(o, MAGIC(M_ARGS))
                return FLD(v)[0] if has_tid(v, T_TUPLE) and LEN(v) > 0 else V_NONE
        attr = class_lookup(FLD(o)[I_CLASS], MAGIC(M_GETATTR))
        if attr != 0:
            # The normal lookup failed: __getattr__(self, name) has the last word.
            return call_method1(attr, o, name)
        raise_attribute_error(o, name)
    if t == T_CLASS:
        # As type.__getattribute__: a property of the metaclass first, then
        # the class and its bases, then the metaclass's other attributes
        # (its methods bound to the class).
        v = meta_lookup(FLD(o)[K_META], name) if FLD(o)[K_META] != 0 else 0
        if v != 0 and has_tid(v, T_PROPERTY):
            return bind(oslot, v)
        attr = class_lookup(o, name)
        if attr != 0:
            if has_tid(attr, T_CLASSMETHOD):
                return bind(oslot, attr)
            if has_tid(attr, T_STATICMETHOD):
                return FLD(attr)[0]
            return attr
        if v != 0:
            return bind(oslot, v)
        if str_eq(name, MAGIC(M_NAME)) or str_eq(name, MAGIC(M_QUALNAME)):
            return FLD(o)[K_NAME]
        if str_eq(name, MAGIC(M_DICT)):
            # a copy of the namespace, in definition order (CPython gives a
            # read-only view of it)
            push(FLD(o)[K_DICT])
            v = dict_copy(top_slot())
            pop()
            return v
        pyname = str_to_py(name)
        if pyname == "__base__":
            return FLD(o)[K_BASE] if FLD(o)[K_BASE] != 0 else V_NONE
        if pyname == "__bases__" or pyname == "__mro__":
            # single inheritance: the base, or the whole chain up to object
            i = 0
            v = o if pyname == "__mro__" else FLD(o)[K_BASE]
            while v != 0:
                push(v)
                i += 1
                v = FLD(v)[K_BASE] if pyname == "__mro__" else 0
            v = tuple_from_slots(top_slot() - i + 1, i)
            HEAP.shadowstack_top -= i
            return v
        if str_eq(name, MAGIC(M_CLASS)):
            return class_of(o)
        raise_attribute_error(o, name)
    if t == T_MODULE:
        v = dict_get_str(FLD(o)[1], name)
        if v == 0:
            raise_attribute_error(o, name)
        return v
    if t == T_FUNCTION:
        if FLD(o)[FN_DICT] != 0:
            v = dict_get_str(FLD(o)[FN_DICT], name)
            if v != 0:
                return v
        if str_eq(name, MAGIC(M_DICT)):
            return function_dict(oslot)
        if str_eq(name, MAGIC(M_DOC)):
            doc = CODE_SPECS[RAW(o)[FN_CODE]].doc
            return V_NONE if doc is None else str_from_py(doc)
        if str_eq(name, MAGIC(M_NAME)):
            return intern(CODE_SPECS[RAW(o)[FN_CODE]].name)
        if str_eq(name, MAGIC(M_QUALNAME)):
            return intern(CODE_SPECS[RAW(o)[FN_CODE]].qualname)
    if t == T_SUPER:
        return super_getattr(oslot, name)
    if t == T_LIST and FLD(o)[L_CLASS] != 0:
        # an instance of a list subclass: the subclass's methods and attributes
        attr = class_lookup(FLD(o)[L_CLASS], name)
        if attr != 0 and not is_bfunc(attr):
            return bind(oslot, attr)
    if t == T_SLICE:
        pyname = str_to_py(name)
        if pyname in ("start", "stop", "step"):
            return FLD(o)[("start", "stop", "step").index(pyname)]
    if t == T_BOUND and str_eq(name, MAGIC(M_NAME)):
        push(FLD(o)[1])
        v = getattr_v(top_slot(), name)
        pop()
        return v
    if t == T_STATICMETHOD or t == T_CLASSMETHOD:
        if str_to_py(name) == "__func__":
            return FLD(o)[0]
    if t == T_PROPERTY:
        pyname = str_to_py(name)
        if pyname in ("fget", "fset", "fdel"):
            return FLD(o)[("fget", "fset", "fdel").index(pyname)]
        if pyname in ("setter", "getter", "deleter"):
            push(o)
            v = alloc_fixed(T_BOUND)
            FLD(v)[0] = pop()
            FLD(v)[1] = mk_bfunc(BUILTIN_IDS["property." + pyname])
            return v
    if str_eq(name, MAGIC(M_CLASS)):
        return class_of(o)
    if is_number(o):
        pyname = str_to_py(name)
        if pyname in ("real", "imag", "numerator", "denominator"):
            return num_from_py(getattr(num_to_py(o), pyname))
    # builtin methods of builtin types
    bid = builtin_method_id(o, name)
    if bid >= 0:
        v = alloc_fixed(T_BOUND)
        FLD(v)[0] = oslot[0]
        FLD(v)[1] = mk_bfunc(bid)
        return v
    raise_attribute_error(o, name)

cdef int builtin_method_id(gcref_t o, gcref_t name) except -2:
    cdef gcref_t cls = class_of(o)
    cdef gcref_t v
    while cls != 0:
        v = dict_get_str(FLD(cls)[K_DICT], name)
        if v != 0:
            # (a list subclass's own attribute hides list's method)
            return builtin_id(v) if is_bfunc(v) else -1
        cls = FLD(cls)[K_BASE]
    return -1

cdef int load_method(gcref_t* oslot, gcref_t name) except -1:
    # [obj] -> [callable, self] for methods, [attr, 0] otherwise
    cdef gcref_t o = oslot[0], attr
    cdef Py_ssize_t i
    cdef int bid
    if has_tid(o, T_INSTANCE):
        attr = class_lookup(FLD(o)[I_CLASS], name)
        if attr != 0 and (has_tid(attr, T_FUNCTION) or is_bfunc(attr)):
            i = keys_index(FLD(o)[I_CLASS], name)
            if i < 0 or instance_get(o, i) == 0:
                oslot[1] = o
                oslot[0] = attr
                return 0
    elif is_obj(o) and TID(o) != T_CLASS and TID(o) != T_MODULE and TID(o) != T_SUPER or \
            (not is_obj(o) and o != 0):
        bid = builtin_method_id(o, name)
        if bid >= 0:
            oslot[1] = o
            oslot[0] = mk_bfunc(bid)
            return 0
    attr = getattr_v(oslot, name)     # may use the slots above oslot
    oslot[0] = attr
    oslot[1] = 0
    return 0

cdef int assign_class(gcref_t* oslot, gcref_t cls) except -1:
    # obj.__class__ = cls.  An instance keeps its attributes at the slots its
    # class's key list gives them, so the attributes move to the new class's
    # slots (by name, in their order), and the header's type id follows so
    # the profile names the object by its new class.  Any two plain classes
    # of one kind share a layout, as in CPython without __slots__; with
    # __slots__ the VM does not compare the slots and refuses.
    cdef gcref_t old = FLD(oslot[0])[I_CLASS], o, ents
    cdef Py_ssize_t i, cap
    if not has_tid(cls, T_CLASS):
        raise TypeError(f"__class__ must be set to a class, not '{type_name(cls)}' object")
    if RAW(cls)[K_FLAGS] & CF_BUILTIN:
        raise TypeError("__class__ assignment only supported for mutable types or ModuleType subclasses")
    if RAW(cls)[K_KIND] != RAW(old)[K_KIND] or \
            (RAW(cls)[K_FLAGS] | RAW(old)[K_FLAGS]) & CF_SLOTS and cls != old:
        raise TypeError(f"__class__ assignment: '{str_to_py(FLD(cls)[K_NAME])}' object layout "
                        f"differs from '{str_to_py(FLD(old)[K_NAME])}'")
    push(cls)
    push(instance_dict(oslot))           # the attributes by name, in order
    o = oslot[0]
    cap = LEN(o) - I_VALUES
    for i in range(cap):
        FLD(o)[I_VALUES + i] = 0         # storing 0 needs no write barrier
    FLD(o)[I_OVERFLOW] = 0
    store(o, I_CLASS, top_slot()[-1])
    HDR(o).tid = <uint16_t>RAW(top_slot()[-1])[K_TID]
    i = 0
    while i < RAW(top_slot()[0])[D_NENTRIES]:
        ents = FLD(top_slot()[0])[D_ENTRIES]
        push(FLD(ents)[3 * i + 1])
        push(FLD(ents)[3 * i + 2])
        instance_setattr(oslot, top_slot() - 1, top_slot())
        HEAP.shadowstack_top -= 2
        i += 1
    HEAP.shadowstack_top -= 2
    return 0

# A class's, module's or function's attributes live in a dict one of its
# fields holds.  They are set through a stack slot holding that dict, never
# through &FLD(obj)[field]: setting may allocate, which may move a young obj
# and leave such a pointer in the old copy (the dict keeps its identity, so
# obj's field stays right).

cdef int field_dict_set(gcref_t* oslot, int field, gcref_t name, gcref_t* vslot) except -1:
    push(FLD(oslot[0])[field])
    push(name)
    dict_set(top_slot() - 1, top_slot(), vslot)
    HEAP.shadowstack_top -= 2
    return 0

cdef bint field_dict_del(gcref_t* oslot, int field, gcref_t name) except -1:
    push(FLD(oslot[0])[field])
    push(name)
    cdef bint found = dict_del(top_slot() - 1, top_slot())
    HEAP.shadowstack_top -= 2
    return found

cdef int setattr_v(gcref_t* oslot, gcref_t name, gcref_t* vslot) except -1:
    cdef gcref_t o = oslot[0], attr
    if has_tid(o, T_INSTANCE):
        if str_eq(name, MAGIC(M_CLASS)):
            return assign_class(oslot, vslot[0])
        attr = class_lookup(FLD(o)[I_CLASS], name)
        if attr != 0 and has_tid(attr, T_PROPERTY):
            if FLD(attr)[1] == V_NONE:
                raise AttributeError(f"property '{str_to_py(name)}' of '{type_name(o)}' object has no setter")
            push(FLD(attr)[1])
            push(oslot[0])
            push(vslot[0])
            vm_call(top_slot() - 2, 2)
            pop()
            return 0
        push(name)
        instance_setattr(oslot, top_slot(), vslot)
        pop()
        return 0
    if has_tid(o, T_CLASS):
        refuse_unsupported_hook(name)
        if str_to_py(name) == "__abstractmethods__":
            # as CPython's type: a non-empty set of abstract methods forbids instances
            if truth(vslot[0]):
                RAW(oslot[0])[K_FLAGS] |= CF_ABSTRACT
            else:
                RAW(oslot[0])[K_FLAGS] &= ~CF_ABSTRACT
        if str_eq(name, MAGIC(M_NAME)) and has_tid(vslot[0], T_STR):
            # cls.__name__ = "Point" (namedtuple does it): the name every repr uses.
            gc_write_barrier(HEAP, <GCHeader*>o)
            FLD(o)[K_NAME] = vslot[0]
            return 0
        return field_dict_set(oslot, K_DICT, name, vslot)
    if has_tid(o, T_MODULE):
        return field_dict_set(oslot, 1, name, vslot)
    if has_tid(o, T_FUNCTION):
        push(name)
        function_dict(oslot)            # (allocates: name may move)
        name = pop()
        return field_dict_set(oslot, FN_DICT, name, vslot)
    if has_tid(o, T_LIST) and FLD(o)[L_CLASS] != 0:
        raise NotImplementedError("attributes of instances of a list subclass are not supported "
                                  "by vmsample")
    raise AttributeError(f"'{type_name(o)}' object has no attribute '{str_to_py(name)}'")

# Attribute hooks the VM does not call: a class that defines one is refused
# rather than run with the hook silently ignored.
UNSUPPORTED_HOOKS = ("__getattribute__", "__setattr__", "__delattr__")

cdef int refuse_unsupported_hook(gcref_t name) except -1:
    pyname = str_to_py(name)
    if pyname in UNSUPPORTED_HOOKS:
        raise TypeError(f"a class defining {pyname} is not supported by vmsample")
    return 0

cdef int delattr_v(gcref_t* oslot, gcref_t name) except -1:
    cdef Py_ssize_t i
    if has_tid(oslot[0], T_INSTANCE):
        i = keys_index(FLD(oslot[0])[I_CLASS], name)
        if i >= 0 and instance_get(oslot[0], i) != 0:
            push(0)
            instance_set(oslot, i, top_slot())
            pop()
            return 0
    if has_tid(oslot[0], T_CLASS) and field_dict_del(oslot, K_DICT, name):
        return 0
    if has_tid(oslot[0], T_FUNCTION) and FLD(oslot[0])[FN_DICT] != 0 \
            and field_dict_del(oslot, FN_DICT, name):
        return 0
    raise_attribute_error(oslot[0], name)

cdef gcref_t function_dict(gcref_t* fslot) except 0:
    # A function's attributes (f.cache = {}), made on first use.
    cdef gcref_t d
    if FLD(fslot[0])[FN_DICT] == 0:
        d = dict_new()
        store(fslot[0], FN_DICT, d)
    return FLD(fslot[0])[FN_DICT]

cdef gcref_t instance_dict(gcref_t* oslot) except 0:
    cdef gcref_t keys
    cdef Py_ssize_t i
    push(dict_new())
    i = 0
    while i < RAW(FLD(FLD(oslot[0])[I_CLASS])[K_KEYS])[L_LEN]:
        keys = FLD(FLD(oslot[0])[I_CLASS])[K_KEYS]
        if instance_get(oslot[0], i) != 0:
            push(ITEMS(keys)[i])
            push(instance_get(oslot[0], i))
            dict_set(top_slot() - 2, top_slot() - 1, top_slot())
            HEAP.shadowstack_top -= 2
        i += 1
    return pop()

cdef gcref_t make_super(Frame* f, gcref_t* selfslot) except 0:
    cdef gcref_t func = f.base[-1]
    cdef gcref_t owner
    if f.flags & F_GEN:
        func = FLD(func)[G_FUNC]
    owner = FLD(func)[FN_OWNER] if has_tid(func, T_FUNCTION) else 0
    if owner == 0:
        raise RuntimeError("super(): __class__ cell not found")
    push(owner)
    cdef gcref_t s = alloc_fixed(T_SUPER)
    FLD(s)[0] = pop()
    FLD(s)[1] = selfslot[0]
    return s

cdef gcref_t super_getattr(gcref_t* sslot, gcref_t name) except 0:
    cdef gcref_t cls = FLD(FLD(sslot[0])[0])[K_BASE]
    cdef gcref_t attr = class_lookup(cls, name) if cls != 0 else 0
    if attr == 0:
        raise AttributeError(f"'super' object has no attribute '{str_to_py(name)}'")
    push(FLD(sslot[0])[1])
    attr = bind(top_slot(), attr)
    pop()
    return attr

