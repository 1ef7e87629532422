# vm/attributes.pxi, included by _vm.pyx (one extension module, one C file).
#
# Attributes: CPython's attribute protocol -- object.__getattribute__,
# type.__getattribute__, __setattr__, __delattr__, the descriptor protocol,
# __getattr__ fallbacks -- plus instance storage (__dict__), LOAD_METHOD and
# super().
#
# ---------------------------------------------------------------- the protocol
# An attribute of [o] is found as CPython finds it:
#   1. type(o) overrides __getattribute__ (CF_GETATTRIBUTE): that decides.
#   2. Otherwise object.__getattribute__: the first class of type(o)'s MRO
#      whose dict has the name gives [descr]; a *data* descriptor (it
#      defines __set__ or __delete__: property, a builtin getset, a class
#      whose instances define __set__) wins over the instance's own
#      attribute -- but a __slots__ member (CPython's member_descriptor)
#      stands for the instance's storage itself, and so is read from there
#      without a call; then the instance's storage (its __dict__); then [descr]
#      through its __get__ (functions bind, classmethods bind to the class,
#      staticmethods unwrap, builtin methods bind), or [descr] itself.
#   3. Classes look through their metaclass first (type.__getattribute__):
#      a data descriptor of the metaclass, then the class's MRO with
#      __get__(None, cls), then the metaclass's other attributes.
#   4. Nothing found (or an AttributeError raised on the way): __getattr__
#      if type(o) has one (a module: its dict's __getattr__, PEP 562).
# Lookups that find nothing return 0 rather than raise, so that hasattr,
# getattr with a default and __getattr__ cost no exception object.

# ---------------------------------------------------------------- descriptors

cdef enum:   # what a class attribute is, for the protocol above
    DESCR_PLAIN = 0         # returned as it is
    DESCR_NONDATA = 1       # has __get__ only
    DESCR_DATA = 2          # has __set__ or __delete__ (and usually __get__)
    DESCR_MEMBER = 3        # a __slots__ member: the instance's own storage

cdef int descriptor_kind(gcref_t d) noexcept nogil:
    cdef uint16_t t
    cdef gcref_t cls
    if is_bmethod(d):
        return DESCR_DATA if BID_KIND[descr_bid(d)] == BK_GETSET else DESCR_NONDATA
    if not is_obj(d):
        return DESCR_PLAIN
    t = TID(d)
    if t == T_FUNCTION or t == T_CLASSMETHOD or t == T_STATICMETHOD:
        return DESCR_NONDATA
    if t == T_PROPERTY:
        return DESCR_DATA
    if t == T_SUPER:
        return DESCR_NONDATA
    if t == T_INSTANCE:
        cls = FLD(d)[I_CLASS]
        if RAW(cls)[K_FLAGS] & CF_MEMBER:
            return DESCR_MEMBER
        if RAW(cls)[K_FLAGS] & CF_DESCRIPTOR_SET:
            return DESCR_DATA
        if RAW(cls)[K_FLAGS] & CF_DESCRIPTOR_GET:
            return DESCR_NONDATA
    return DESCR_PLAIN

cdef bint without_get(gcref_t d) noexcept nogil:
    # A data descriptor whose class defines __set__ or __delete__ but no
    # __get__: reading the attribute finds the instance's own value first,
    # then the descriptor itself (CPython calls tp_descr_get only when there
    # is one; networkx's _CachedPropertyResetterNode).
    return is_obj(d) and TID(d) == T_INSTANCE and not RAW(FLD(d)[I_CLASS])[K_FLAGS] & CF_DESCRIPTOR_GET

cdef gcref_t bound_method(gcref_t* selfslot, gcref_t func) except 0:
    # A bound method of [func] (a function or a builtin descriptor) to selfslot[0].
    push(func)
    cdef gcref_t m = alloc_fixed(T_BOUND)
    FLD(m)[1] = pop()
    FLD(m)[0] = selfslot[0]
    return m

cdef gcref_t descr_get(gcref_t d, gcref_t* oslot, gcref_t cls) except 0:
    # d.__get__(obj, cls): obj is oslot[0], or None when oslot is NULL (a
    # lookup through the class [cls]).
    cdef gcref_t f, r
    cdef gcref_t* base = HEAP.shadowstack_top
    cdef int k
    if is_bmethod(d):
        k = BID_KIND[descr_bid(d)]
        if k == BK_GETSET:
            if oslot == NULL:
                return d
            return getset_get(d, oslot)
        if k == BK_CLASSMETHOD:
            push(cls)
            r = bound_method(top_slot(), d)
            pop()
            return r
        if oslot == NULL or k == BK_STATICMETHOD:
            return d
        return bound_method(oslot, d)
    if not is_obj(d):
        return d
    if TID(d) == T_FUNCTION:
        return bound_method(oslot, d) if oslot != NULL else d
    if TID(d) == T_STATICMETHOD:
        return FLD(d)[0]
    if TID(d) == T_CLASSMETHOD:
        push(cls)
        if is_obj(FLD(d)[0]) and (TID(FLD(d)[0]) == T_PROPERTY or TID(FLD(d)[0]) == T_CLASSMETHOD or (
                TID(FLD(d)[0]) == T_INSTANCE and RAW(FLD(FLD(d)[0])[I_CLASS])[K_FLAGS] & CF_DESCRIPTOR_GET)):
            # a descriptor wrapped: its __get__(cls, cls), as CPython 3.9-3.12's cm_descr_get
            r = descr_get(FLD(d)[0], top_slot(), cls)
        else:
            r = bound_method(top_slot(), FLD(d)[0])
        pop()
        return r
    if TID(d) == T_PROPERTY:
        if oslot == NULL:
            return d
        if FLD(d)[0] == V_NONE:
            push(d)
            raise AttributeError(f"property {property_name(top_slot())}of {qualname_repr(oslot[0])} "
                                 "object has no getter")
        return call1(FLD(d)[0], oslot[0])
    if TID(d) == T_SUPER:
        if oslot == NULL or super_is_bound(d):
            return d
        push(FLD(d)[0])
        r = new_super(top_slot(), oslot)
        pop()
        return r
    if TID(d) == T_INSTANCE and RAW(FLD(d)[I_CLASS])[K_FLAGS] & CF_DESCRIPTOR_GET:
        if RAW(FLD(d)[I_CLASS])[K_FLAGS] & CF_TUPLEGETTER and oslot != NULL:
            r = tuple_field(d, oslot[0])
            if r != 0:
                return r
        push(d)
        f = special_lookup(FLD(d)[I_CLASS], M_GET)
        push(f)
        push(d)
        push(oslot[0] if oslot != NULL else V_NONE)
        push(cls)
        r = vm_call(top_slot() - 3, 3)
        HEAP.shadowstack_top = base
        return r
    return d

# ---------------------------------------------------------------- named tuples' fields
# A named tuple's field is a _tuplegetter (vmsample/lang/lib/_collections.py)
# whose __get__ returns item _index of the tuple; run in the VM, each field
# read was a call of that method and of isinstance, tuple.__len__ and
# tuple.__getitem__ in it.  _collections registers the class
# (_vm.register("tuplegetter", ...)), the VM marks it CF_TUPLEGETTER, and
# descr_get answers in C each read whose answer is an item: the object is a
# tuple or carries one and the getter's _index (its first slot) is an int
# within it.  Anything else (an error to raise) runs the method.  The mark is
# a lookup flag: any change to the class (its __get__ replaced) clears it
# for good (vm/classes.pxi, update_class_flags).

cdef int mark_tuplegetter(gcref_t* cslot) except -1:
    cdef gcref_t name = intern("_index")       # (may allocate: the class is rooted)
    if has_tid(cslot[0], T_CLASS) and keys_index(cslot[0], name) == 0:
        RAW(cslot[0])[K_FLAGS] |= CF_TUPLEGETTER
    return 0

cdef inline gcref_t tuple_field(gcref_t getter, gcref_t o) noexcept nogil:
    # getter.__get__(o) where that is an item of the tuple o is or carries, else 0.
    cdef gcref_t t = unwrap(o), i = instance_get(getter, 0)
    if has_tid(t, T_TUPLE) and is_int(i) and 0 <= untag(i) < LEN(t):
        return FLD(t)[untag(i)]
    return 0

cdef str property_name(gcref_t* pslot):
    # "'name' " for a property that has a name (PROP_NAME, from
    # __set_name__), else "" (as CPython's messages put it)
    if FLD(pslot[0])[PROP_NAME] == V_NONE:
        return ""
    return repr_py(&FLD(pslot[0])[PROP_NAME]) + " "

cdef str qualname_repr(gcref_t o):
    # repr() of the __qualname__ of o's class, as CPython's messages name it
    return repr(str_to_py(FLD(class_of(o))[K_QUALNAME]))

cdef int descr_set(gcref_t d, gcref_t* oslot, gcref_t* vslot) except -1:
    # d.__set__(obj, value), or d.__delete__(obj) when vslot is NULL.
    cdef gcref_t f
    cdef gcref_t* base = HEAP.shadowstack_top
    cdef int which
    if is_bmethod(d):
        return getset_set(d, oslot, vslot)
    if TID(d) == T_PROPERTY:
        which = 1 if vslot != NULL else 2
        if FLD(d)[which] == V_NONE:
            push(d)
            raise AttributeError(f"property {property_name(top_slot())}of {qualname_repr(oslot[0])} "
                                 f"object has no {'setter' if vslot != NULL else 'deleter'}")
        push(FLD(d)[which])
        push(oslot[0])
        if vslot != NULL:
            push(vslot[0])
        vm_call(base, 2 if vslot != NULL else 1)
        HEAP.shadowstack_top = base
        return 0
    # an instance of a class with __set__ / __delete__
    push(d)
    f = special_lookup(FLD(d)[I_CLASS], M_SET if vslot != NULL else M_DELETE)
    if f == 0:
        raise AttributeError("__set__" if vslot != NULL else "__delete__")
    push(f)
    push(d)
    push(oslot[0])
    if vslot != NULL:
        push(vslot[0])
    vm_call(base + 1, 3 if vslot != NULL else 2)
    HEAP.shadowstack_top = base
    return 0

# ---------------------------------------------------------------- getting

cdef gcref_t getattr_v(gcref_t* oslot, gcref_t name) except 0:
    # oslot[0].name, or AttributeError (the one __getattr__ raised, if it
    # did), which carries the name and the object as CPython's does.
    cdef gcref_t v
    try:
        v = getattr_lookup(oslot, name, True)
    except VMError:
        attribute_error_context(oslot, name)
        raise
    except AttributeError as e:
        VM_STATE.roots[R_EXC] = exc_from_python(e)
        attribute_error_context(oslot, name)
        raise VMError()
    if v == 0:
        raise_attribute_error(oslot[0], name)
    return v

cdef int attribute_error_context(gcref_t* oslot, gcref_t name) except -1:
    # set_attribute_error_context for the pending exception (kept on the
    # stack, not pending, while its attributes are set).
    cdef gcref_t* base = HEAP.shadowstack_top
    push(VM_STATE.roots[R_EXC])
    push(oslot[0])
    push(name)
    VM_STATE.roots[R_EXC] = 0
    set_attribute_error_context(base, base + 1, base + 2)
    VM_STATE.roots[R_EXC] = base[0]
    HEAP.shadowstack_top = base
    return 0

cdef gcref_t getattr_or_0(gcref_t* oslot, gcref_t name) except? 0:
    # oslot[0].name, or 0 (no exception) where getattr_v raises AttributeError.
    return getattr_lookup(oslot, name, False)

cdef gcref_t lookup_attr(gcref_t* oslot, gcref_t name) except? 0:
    # oslot[0].name, or 0 for any AttributeError, one a property or
    # __getattr__ raised included (CPython's _PyObject_LookupAttr, which is
    # hasattr's rule); other errors propagate.
    try:
        return getattr_lookup(oslot, name, True)
    except VMError:
        if not isinstance_c(VM_STATE.roots[R_EXC], exc_class("AttributeError")):
            raise
        VM_STATE.roots[R_EXC] = 0
        return 0
    except AttributeError:          # the host's, from a built-in attribute
        return 0

cdef gcref_t getattr_lookup(gcref_t* oslot, gcref_t name, bint raising) except? 0:
    # The protocol above.  0: not found, and no AttributeError pending.  An
    # AttributeError from a __getattr__ hook propagates when [raising].
    cdef gcref_t o = oslot[0], cls = class_of(o), v
    cdef gcref_t* base = HEAP.shadowstack_top
    if RAW(cls)[K_FLAGS] & CF_GETATTRIBUTE:
        push(special_lookup(cls, M_GETATTRIBUTE))
        push(name)
        try:
            v = vm_call(base, bind_method_args(base, oslot[0], 1))
            HEAP.shadowstack_top = base
            return v
        except VMError:
            HEAP.shadowstack_top = base
            if not isinstance_c(VM_STATE.roots[R_EXC], exc_class("AttributeError")):
                raise
            if not RAW(class_of(oslot[0]))[K_FLAGS] & CF_GETATTR:
                if raising:
                    raise
                VM_STATE.roots[R_EXC] = 0
                return 0
            VM_STATE.roots[R_EXC] = 0
            return call_getattr_hook(oslot, name, raising)
    try:
        v = generic_getattr(oslot, name)
    except VMError:
        if not (RAW(class_of(oslot[0]))[K_FLAGS] & CF_GETATTR
                and isinstance_c(VM_STATE.roots[R_EXC], exc_class("AttributeError"))):
            raise
        VM_STATE.roots[R_EXC] = 0
        v = 0
    except AttributeError:
        if not RAW(class_of(oslot[0]))[K_FLAGS] & CF_GETATTR:
            raise
        v = 0
    if v != 0:
        return v
    if RAW(class_of(oslot[0]))[K_FLAGS] & CF_GETATTR:
        return call_getattr_hook(oslot, name, raising)
    if has_tid(oslot[0], T_MODULE):
        return module_getattr_hook(oslot, name, raising)
    return 0

cdef gcref_t call_getattr_hook(gcref_t* oslot, gcref_t name, bint raising) except? 0:
    # type(o).__getattr__(o, name); an AttributeError it raises is "not found"
    # unless [raising].
    cdef gcref_t* base = HEAP.shadowstack_top
    cdef gcref_t v
    if has_tid(oslot[0], T_CLASS):
        push(meta_lookup(FLD(oslot[0])[K_META], MAGIC(M_GETATTR)))
    else:
        push(special_lookup(class_of(oslot[0]), M_GETATTR))
    push(class_of(oslot[0]))
    base[0] = descr_get(base[0], oslot, base[1])        # bound to o
    base[1] = name
    try:
        v = vm_call(base, 1)
    except VMError:
        HEAP.shadowstack_top = base
        if not raising and isinstance_c(VM_STATE.roots[R_EXC], exc_class("AttributeError")):
            VM_STATE.roots[R_EXC] = 0
            return 0
        raise
    HEAP.shadowstack_top = base
    return v

cdef gcref_t module_getattr_hook(gcref_t* mslot, gcref_t name, bint raising) except? 0:
    # PEP 562: a module's own __getattr__(name), from its dict.
    cdef gcref_t f = dict_get_str(FLD(mslot[0])[1], MAGIC(M_GETATTR))
    cdef gcref_t v
    if f == 0:
        if FLD(mslot[0])[1] == VM_STATE.roots[R_BUILTINS] and site_builtin(name):
            return dict_get_str(VM_STATE.roots[R_BUILTINS], name)       # (vm/site_builtins.pxi)
        return 0
    try:
        v = call1(f, name)
    except VMError:
        if not raising and isinstance_c(VM_STATE.roots[R_EXC], exc_class("AttributeError")):
            VM_STATE.roots[R_EXC] = 0
            return 0
        raise
    return v

cdef gcref_t generic_getattr(gcref_t* oslot, gcref_t name) except? 0:
    # object.__getattribute__ (type.__getattribute__ for a class), or 0.
    cdef gcref_t o = oslot[0], cls, descr, v
    cdef int k
    if has_tid(o, T_CLASS):
        return type_getattr(oslot, name)
    if has_tid(o, T_SUPER):
        return super_getattr(oslot, name)
    if has_tid(o, T_INSTANCE) and builtin_base_kind(FLD(o)[I_CLASS]) == KIND_SUPER and \
            not str_eq(name, MAGIC(M_CLASS)):
        # a super subclass's instance (class mysuper(super)): super's lookup
        # past its class first, then its own attributes (CPython's
        # super_getattro, which the subclass inherits)
        push(FLD(o)[I_VALUES])
        v = super_mro_lookup(top_slot(), name)
        pop()
        if v != 0:
            return v
        o = oslot[0]
    cls = class_of(o)
    descr = class_lookup(cls, name)
    if descr == 0 and has_tid(o, T_BOUND):
        # the method type's own attributes, else its function's (CPython's
        # method_getattro): functools' and cachetools' decorators hang
        # cache_clear, __wrapped__ ... on the function
        push(FLD(o)[1])
        v = getattr_or_0(top_slot(), name)
        pop()
        return v
    k = descriptor_kind(descr) if descr != 0 else DESCR_PLAIN
    if k == DESCR_DATA and not without_get(descr):
        push(cls)
        v = descr_get(descr, oslot, cls)
        pop()
        return v
    v = own_attribute(oslot[0], name) if k != DESCR_MEMBER else member_value(oslot[0], name)
    if v == 0 and k == DESCR_PLAIN and is_wrapper_without_dict(oslot[0]):
        v = wrapped_attribute(oslot, name)
    if v != 0 or descr == 0 or k == DESCR_MEMBER:
        return v
    if k == DESCR_NONDATA:
        push(descr)
        push(class_of(oslot[0]))
        v = descr_get(top_slot()[-1], oslot, top_slot()[0])
        HEAP.shadowstack_top -= 2
        return v
    return descr

cdef gcref_t own_attribute(gcref_t o, gcref_t name) noexcept nogil:
    # The attribute [name] stored in [o] itself (its __dict__), or 0.
    cdef uint16_t t
    cdef Py_ssize_t i
    cdef gcref_t d
    if not is_obj(o):
        return 0
    t = TID(o)
    if t == T_INSTANCE:
        d = instance_dict_or_0(o)
        if d != 0:
            return dict_get_str(d, name)
        i = keys_index(FLD(o)[I_CLASS], name)
        return instance_get(o, i) if i >= 0 else 0
    if t == T_MODULE:
        return dict_get_str(FLD(o)[1], name)
    if t == T_FUNCTION and FLD(o)[FN_DICT] != 0:
        return dict_get_str(FLD(o)[FN_DICT], name)
    if (t == T_CLASSMETHOD or t == T_STATICMETHOD) and FLD(o)[CM_DICT] != 0:
        return dict_get_str(FLD(o)[CM_DICT], name)
    return 0

cdef gcref_t type_getattr(gcref_t* cslot, gcref_t name) except? 0:
    # type.__getattribute__(cls, name), or 0.
    cdef gcref_t cls = cslot[0], meta = type_of_class(cls), mattr, attr, v
    cdef int mk
    cdef gcref_t* base = HEAP.shadowstack_top
    mattr = class_lookup(meta, name)
    mk = descriptor_kind(mattr) if mattr != 0 else DESCR_PLAIN
    if mk == DESCR_DATA and not without_get(mattr):
        push(meta)
        v = descr_get(mattr, cslot, meta)
        HEAP.shadowstack_top = base
        return v
    attr = class_lookup(cls, name)
    if attr != 0:
        if descriptor_kind(attr) == DESCR_PLAIN:
            return attr
        push(attr)
        v = descr_get(attr, NULL, cslot[0])
        HEAP.shadowstack_top = base
        return v
    if mattr != 0:
        if mk == DESCR_PLAIN:
            return mattr
        push(mattr)
        push(type_of_class(cslot[0]))
        v = descr_get(base[0], cslot, base[1])
        HEAP.shadowstack_top = base
        return v
    return 0

cdef int load_method(gcref_t* oslot, gcref_t name) except -1:
    # [obj] -> [callable, self] for a method (a function or builtin method
    # found on the class and not shadowed by the instance), [attr, 0]
    # otherwise: the bound method object is never made.
    cdef gcref_t o = oslot[0], cls, attr
    cdef int k
    # (a super object looks past its own class: super_getattr, via getattr_v)
    if not has_tid(o, T_CLASS) and not has_tid(o, T_MODULE) and not has_tid(o, T_SUPER):
        cls = class_of(o)
        if not RAW(cls)[K_FLAGS] & CF_GETATTRIBUTE:
            attr = class_lookup(cls, name)
            if attr != 0 and (has_tid(attr, T_FUNCTION) or (
                    is_bmethod(attr) and BID_KIND[descr_bid(attr)] == BK_METHOD)):
                if own_attribute(o, name) == 0:
                    oslot[1] = o
                    oslot[0] = attr
                    return 0
    attr = getattr_v(oslot, name)     # may use the slots above oslot
    oslot[0] = attr
    oslot[1] = 0
    return 0

# ---------------------------------------------------------------- setting, deleting
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
    # oslot[0].name = vslot[0] (vslot NULL: del oslot[0].name), as CPython's
    # PyObject_SetAttr: type(o).__setattr__ / __delattr__ if overridden, else
    # object's (type's for a class).
    cdef gcref_t cls = class_of(oslot[0])
    cdef gcref_t* base = HEAP.shadowstack_top
    if RAW(cls)[K_FLAGS] & (CF_SETATTR if vslot != NULL else CF_DELATTR):
        push(special_lookup(cls, M_SETATTR if vslot != NULL else M_DELATTR))
        push(name)
        if vslot != NULL:
            push(vslot[0])
        vm_call(base, bind_method_args(base, oslot[0], 2 if vslot != NULL else 1))
        HEAP.shadowstack_top = base
        return 0
    return generic_setattr(oslot, name, vslot)

cdef int delattr_v(gcref_t* oslot, gcref_t name) except -1:
    return setattr_v(oslot, name, NULL)

cdef int generic_setattr(gcref_t* oslot, gcref_t name, gcref_t* vslot) except -1:
    # object.__setattr__ / __delattr__ (type's for a class).
    cdef gcref_t o = oslot[0], cls, descr
    cdef uint16_t t
    if has_tid(o, T_CLASS):
        return type_setattr(oslot, name, vslot)
    cls = class_of(o)
    descr = class_lookup(cls, name)
    if descr != 0 and descriptor_kind(descr) == DESCR_DATA:
        return descr_set(descr, oslot, vslot)
    t = TID(o) if is_obj(o) else 0
    push(name)
    try:
        if t == T_INSTANCE:
            return instance_store(oslot, top_slot(), vslot, descr != 0 and descriptor_kind(descr) == DESCR_MEMBER)
        if t == T_MODULE:
            if vslot == NULL:
                if not field_dict_del(oslot, 1, top_slot()[0]):
                    raise AttributeError(f"module '{str_to_py(FLD(oslot[0])[0])}' has no attribute "
                                         f"'{str_to_py(top_slot()[0])}'")
                return 0
            return field_dict_set(oslot, 1, top_slot()[0], vslot)
        if t == T_FUNCTION:
            function_dict(oslot)
            if vslot == NULL:
                if not field_dict_del(oslot, FN_DICT, top_slot()[0]):
                    raise AttributeError(no_attribute_message(oslot[0], top_slot()[0]))
                return 0
            return field_dict_set(oslot, FN_DICT, top_slot()[0], vslot)
        if t == T_CLASSMETHOD or t == T_STATICMETHOD:
            wrapper_dict(oslot)
            if vslot == NULL:
                if not field_dict_del(oslot, CM_DICT, top_slot()[0]):
                    raise AttributeError(no_attribute_message(oslot[0], top_slot()[0]))
                return 0
            return field_dict_set(oslot, CM_DICT, top_slot()[0], vslot)
    finally:
        pop()
    if descr != 0:
        raise AttributeError(f"'{type_name(o)}' object attribute '{str_to_py(name)}' is read-only")
    raise AttributeError(f"'{type_name(o)}' object has no attribute '{str_to_py(name)}'")

cdef int type_setattr(gcref_t* cslot, gcref_t name, gcref_t* vslot) except -1:
    # type.__setattr__: a data descriptor of the metaclass (__name__,
    # __bases__, ...) or the class's dict; either way the class's version
    # changes (vm/classes.pxi, "versions").
    cdef gcref_t cls = cslot[0], mattr
    if RAW(cls)[K_FLAGS] & CF_BUILTIN:
        raise TypeError(f"cannot set '{str_to_py(name)}' attribute of immutable type "
                        f"'{class_name(cls)}'")
    mattr = class_lookup(type_of_class(cls), name)
    if mattr != 0 and descriptor_kind(mattr) == DESCR_DATA:
        descr_set(mattr, cslot, vslot)
    else:
        push(name)
        if vslot == NULL:
            if not field_dict_del(cslot, K_DICT, top_slot()[0]):
                raise AttributeError(f"type object '{class_name(cslot[0])}' has no attribute "
                                     f"'{str_to_py(top_slot()[0])}'")
        else:
            field_dict_set(cslot, K_DICT, top_slot()[0], vslot)
        pop()
    class_modified(cslot)
    return 0

# ---------------------------------------------------------------- instance storage
# An instance keeps its attributes in one of two ways.  Values: in its own
# slots, at the index its class's key list (K_KEYS, shared by all the
# class's instances, append-only) gives each name -- no dict per instance.
# Dict: once its __dict__ is asked for, the attributes move into a real dict
# held in I_OVERFLOW, which the instance uses from then on, so that the dict
# the program holds and the attributes are one (CPython 3.11 does the same).
# The first value slot of an instance of a builtin type's subclass holds its
# builtin value (key None) in both ways.

cdef inline gcref_t instance_dict_or_0(gcref_t o) noexcept nogil:
    cdef gcref_t d = FLD(o)[I_OVERFLOW]
    return d if has_tid(d, T_DICT) else 0

# A __slots__ member of a class whose instances have a __dict__ too (one of
# its bases gives them one, or '__dict__' is among the slots: functools'
# partial) is not in that dict: its value stays in the instance's value slot
# when the other attributes move into the dict.  Every instance has a value
# slot for each member of its class: setup_slots (vm/types.pxi) makes the
# members of the bases keys of the class before it has instances.

cdef inline bint is_member_key(gcref_t cls, gcref_t name) noexcept nogil:
    cdef gcref_t d = class_lookup(cls, name)
    return d != 0 and descriptor_kind(d) == DESCR_MEMBER

cdef Py_ssize_t member_index(gcref_t o, gcref_t name) noexcept nogil:
    # The value slot of member [name] in instance [o], or -1 (none, or past
    # the slots an instance with a dict has: its members are in the dict).
    cdef Py_ssize_t i = keys_index(FLD(o)[I_CLASS], name)
    if i < 0 or (instance_dict_or_0(o) != 0 and i >= <Py_ssize_t>LEN(o) - I_VALUES):
        return -1
    return i

cdef gcref_t member_value(gcref_t o, gcref_t name) noexcept nogil:
    # The value of __slots__ member [name] of [o], or 0.
    cdef Py_ssize_t i
    if has_tid(o, T_INSTANCE):
        i = member_index(o, name)
        if i >= 0:
            return instance_get(o, i)
    return own_attribute(o, name)

cdef int instance_store(gcref_t* oslot, gcref_t* nslot, gcref_t* vslot, bint member=False) except -1:
    # oslot[0].name = v (vslot NULL: delete it) in the instance's storage;
    # [member]: name is a __slots__ member of its class.
    cdef gcref_t d = instance_dict_or_0(oslot[0])
    cdef Py_ssize_t i
    if d != 0 and member:
        i = member_index(oslot[0], nslot[0])
        if i >= 0:
            if vslot == NULL:
                if instance_get(oslot[0], i) == 0:
                    raise AttributeError(str_to_py(nslot[0]))     # an empty slot
                push(0)
                instance_set(oslot, i, top_slot())
                pop()
                return 0
            return instance_set(oslot, i, vslot)
    if d != 0:
        push(d)
        if vslot == NULL:
            if not dict_del(top_slot(), nslot):
                pop()
                raise AttributeError(no_attribute_message(oslot[0], nslot[0]))
        else:
            dict_set(top_slot(), nslot, vslot)
        pop()
        return 0
    if vslot == NULL:
        i = keys_index(FLD(oslot[0])[I_CLASS], nslot[0])
        if i < 0 or instance_get(oslot[0], i) == 0:
            if RAW(FLD(oslot[0])[I_CLASS])[K_FLAGS] & CF_SLOTS:
                if i >= 0:
                    raise AttributeError(str_to_py(nslot[0]))     # an empty slot (a member's delete)
                raise_cannot_store(oslot[0], nslot[0])
            raise AttributeError(no_attribute_message(oslot[0], nslot[0]))
        push(0)
        instance_set(oslot, i, top_slot())
        pop()
        return 0
    return instance_setattr(oslot, nslot, vslot)

cdef gcref_t instance_dict(gcref_t* oslot) except 0:
    # The instance's __dict__, moving it into dict storage the first time.
    cdef gcref_t d
    if RAW(FLD(oslot[0])[I_CLASS])[K_FLAGS] & CF_SLOTS:
        raise_attribute_error(oslot[0], MAGIC(M_DICT))
    d = instance_dict_or_0(oslot[0])
    if d != 0:
        return d
    return adopt_instance_dict(oslot, named_attributes(oslot))

cdef gcref_t named_attributes(gcref_t* oslot) except 0:
    # A new dict of the attributes the instance keeps in its key slots, in
    # their order.
    cdef gcref_t keys
    cdef Py_ssize_t i = 0
    push(dict_new())
    while i < RAW(FLD(FLD(oslot[0])[I_CLASS])[K_KEYS])[L_LEN]:
        keys = FLD(FLD(oslot[0])[I_CLASS])[K_KEYS]
        if is_obj(ITEMS(keys)[i]) and instance_get(oslot[0], i) != 0 and not (
                i < <Py_ssize_t>LEN(oslot[0]) - I_VALUES and is_member_key(FLD(oslot[0])[I_CLASS], ITEMS(keys)[i])):
            push(ITEMS(keys)[i])
            push(instance_get(oslot[0], i))
            dict_set(top_slot() - 2, top_slot() - 1, top_slot())
            HEAP.shadowstack_top -= 2
        i += 1
    return pop()

cdef void clear_named_attributes(gcref_t o) noexcept nogil:
    # Empties the value slots of named attributes (those of reserved keys --
    # a builtin subclass's value, an exception's attributes -- stay).
    cdef gcref_t keys = FLD(FLD(o)[I_CLASS])[K_KEYS]
    cdef Py_ssize_t i, n = RAW(keys)[L_LEN]
    for i in range(LEN(o) - I_VALUES):
        if i >= n or (is_obj(ITEMS(keys)[i]) and not is_member_key(FLD(o)[I_CLASS], ITEMS(keys)[i])):
            FLD(o)[I_VALUES + i] = 0        # storing 0 needs no write barrier

cdef gcref_t adopt_instance_dict(gcref_t* oslot, gcref_t d) except 0:
    # From now on the instance's attributes are dict [d]'s.
    clear_named_attributes(oslot[0])
    store(oslot[0], I_OVERFLOW, d)
    return d

cdef gcref_t function_dict(gcref_t* fslot) except 0:
    # A function's attributes (f.cache = {}), made on first use.
    cdef gcref_t d
    if FLD(fslot[0])[FN_DICT] == 0:
        d = dict_new()
        store(fslot[0], FN_DICT, d)
    return FLD(fslot[0])[FN_DICT]

# A staticmethod's or classmethod's attributes, as CPython's (3.10+): its
# __dict__ starts as a copy of its callable's __module__, __name__,
# __qualname__, __doc__ and __annotations__ (functools.wraps), so that
# typing's @final can mark it and it reads as its function.  The dict is
# made when first needed; until then those five names are read from the
# callable itself (wrapped_attribute), which says the same.
WRAPS_NAMES = ("__module__", "__name__", "__qualname__", "__doc__", "__annotations__")

cdef inline bint is_wrapper_without_dict(gcref_t o) noexcept nogil:
    return is_obj(o) and (TID(o) == T_CLASSMETHOD or TID(o) == T_STATICMETHOD) and FLD(o)[CM_DICT] == 0

cdef gcref_t wrapped_attribute(gcref_t* oslot, gcref_t name) except? 0:
    # One of WRAPS_NAMES, read from the callable; else 0.
    cdef gcref_t v
    if str_to_py(name) not in WRAPS_NAMES:
        return 0
    push(FLD(oslot[0])[0])
    v = getattr_or_0(top_slot(), name)
    pop()
    return v

cdef gcref_t wrapper_dict(gcref_t* oslot) except 0:
    # The staticmethod's or classmethod's __dict__, made (with the
    # callable's WRAPS_NAMES) on first use.
    cdef gcref_t* base = HEAP.shadowstack_top
    cdef gcref_t v
    if FLD(oslot[0])[CM_DICT] != 0:
        return FLD(oslot[0])[CM_DICT]
    push(dict_new())
    for name in WRAPS_NAMES:
        push(intern(name))
        push(FLD(oslot[0])[0])
        v = getattr_or_0(top_slot(), base[1])
        if v != 0:
            top_slot()[0] = v
            dict_set(base, base + 1, base + 2)
        HEAP.shadowstack_top = base + 1
    store(oslot[0], CM_DICT, base[0])
    HEAP.shadowstack_top = base
    return FLD(oslot[0])[CM_DICT]

cdef tuple layout_added(gcref_t c):
    # What class [c] adds to its base's instance layout: its own __slots__
    # members (sorted, as CPython keeps ht_slots), whether it gives the
    # instances their __dict__, and their __weakref__.  (No allocation.)
    cdef gcref_t d = FLD(c)[K_DICT]
    cdef Py_ssize_t i
    members = []
    for i in range(RAW(d)[D_NENTRIES]):
        if ENT(d)[3 * i + 1] != 0 and descriptor_kind(ENT(d)[3 * i + 2]) == DESCR_MEMBER:
            members.append(str_to_py(ENT(d)[3 * i + 1]))
    return (tuple(sorted(members)), dict_get_str(d, MAGIC(M_DICT)) != 0, dict_get_str(d, MAGIC(M_WEAKREF)) != 0)

cdef gcref_t solid_layout(gcref_t c):
    # The class whose layout [c]'s instances have: c's base while c adds
    # nothing to it (CPython's compatible_with_tp_base).  At most as many
    # steps as c's MRO is long: a reentrant __bases__ assignment (a
    # metaclass's mro()) can leave a cycle of bases.
    cdef Py_ssize_t steps = LEN(FLD(c)[K_MRO]) if has_tid(FLD(c)[K_MRO], T_TUPLE) else 0
    while steps > 0 and not RAW(c)[K_FLAGS] & CF_BUILTIN and FLD(c)[K_BASE] != 0 and \
            layout_added(c) == ((), False, False):
        c = FLD(c)[K_BASE]
        steps -= 1
    return c

cdef bint same_layout(gcref_t new, gcref_t old) except -1:
    # Whether instances of [old] may become [new]'s (CPython's
    # compatible_for_assignment): the same solid layout, or two that add the
    # same to the same base.
    new = solid_layout(new)
    old = solid_layout(old)
    if new == old:
        return True
    if FLD(new)[K_BASE] != FLD(old)[K_BASE] or (RAW(new)[K_FLAGS] | RAW(old)[K_FLAGS]) & CF_BUILTIN:
        return False
    return layout_added(new) == layout_added(old)

cdef int assign_class(gcref_t* oslot, gcref_t* cslot) except -1:
    # obj.__class__ = cls.  Both classes must lay out their instances alike
    # (same_layout: the same builtin base, the same __slots__, __dict__ and
    # __weakref__ added to the same base).  The attributes move to the
    # new class's key slots by name, and the header's type id follows so
    # that the profile names the object by its new class.
    cdef gcref_t old = class_of(oslot[0]), cls = cslot[0], o, ents
    cdef Py_ssize_t i
    if not has_tid(cls, T_CLASS):
        raise TypeError(f"__class__ must be set to a class, not '{type_name(cls)}' object")
    if not has_tid(oslot[0], T_INSTANCE) or RAW(cls)[K_FLAGS] & CF_BUILTIN:
        raise TypeError("__class__ assignment only supported for mutable types or ModuleType subclasses")
    if RAW(cls)[K_KIND] != RAW(old)[K_KIND] or not same_layout(cls, old):
        raise TypeError(f"__class__ assignment: '{str_to_py(FLD(cls)[K_NAME])}' object layout "
                        f"differs from '{str_to_py(FLD(old)[K_NAME])}'")
    if instance_dict_or_0(oslot[0]) != 0:
        store(oslot[0], I_CLASS, cslot[0])
        HDR(oslot[0]).tid = <uint16_t>RAW(cslot[0])[K_TID]
        return 0
    push(named_attributes(oslot))           # the attributes by name, in order
    o = oslot[0]
    clear_named_attributes(o)
    store(o, I_OVERFLOW, 0)                 # (the reserved slots keep their values)
    store(o, I_CLASS, cslot[0])
    HDR(o).tid = <uint16_t>RAW(cslot[0])[K_TID]
    i = 0
    while i < RAW(top_slot()[0])[D_NENTRIES]:
        ents = FLD(top_slot()[0])[D_ENTRIES]
        if FLD(ents)[3 * i + 1] != 0:
            push(FLD(ents)[3 * i + 1])
            push(FLD(ents)[3 * i + 2])
            instance_setattr(oslot, top_slot() - 1, top_slot())
            HEAP.shadowstack_top -= 2
        i += 1
    pop()
    return 0

# ---------------------------------------------------------------- super
# super(cls, obj).name: the MRO of type(obj) (or of obj itself when it is a
# class: super in a classmethod) is searched after [cls], and what is found
# is bound to obj.  T_SUPER: [cls, obj, start type].  super(cls) alone is
# unbound ([cls, None, None]): it searches nothing, and its __get__ (a
# class attribute read through an instance) binds it to the instance.

cdef inline bint super_is_bound(gcref_t s) noexcept nogil:
    return has_tid(FLD(s)[2], T_CLASS)

cdef gcref_t running_function(Frame* f) noexcept:
    # The function whose code [f] runs (a generator's, for its frames), or
    # 0 (a module's code).
    cdef gcref_t func = f.base[-1]
    if f.flags & F_GEN:
        func = FLD(func)[G_FUNC]
    return func if has_tid(func, T_FUNCTION) else 0

# A method's __class__ is its function's FN_OWNER (make_function,
# vm/definitions.pxi): the class body's __classcell__, a cell every method of
# the class shares and type.__new__ fills with the class, or the class itself
# (set_function_owners); a function nested in a method has the method's.

cdef gcref_t defining_class(Frame* f, bint for_super=False) except 0:
    # A method's __class__, with CPython's errors (super()'s when [for_super]).
    cdef gcref_t func = running_function(f)
    cdef gcref_t owner = FLD(func)[FN_OWNER] if func != 0 else 0
    if owner == 0:
        if for_super:
            raise RuntimeError("super(): __class__ cell not found")
    elif has_tid(owner, T_CELL):
        owner = FLD(owner)[0]
        if owner == 0 and for_super:
            raise RuntimeError("super(): empty __class__ cell")
    if owner == 0:
        raise NameError("cannot access free variable '__class__' where it is not associated "
                        "with a value in enclosing scope")
    if for_super and not has_tid(owner, T_CLASS):
        raise RuntimeError(f"super(): __class__ is not a type ({type_name(owner)})")
    return owner

cdef int store_class_cell(Frame* f, gcref_t* vslot) except -1:
    # `nonlocal __class__; __class__ = v`: into the shared cell, or the
    # function's own owner when it has the class itself.
    cdef gcref_t func = running_function(f)
    if func == 0:
        raise RuntimeError("__class__ assigned outside a function")   # (symtable refuses it first)
    if FLD(func)[FN_OWNER] != 0 and has_tid(FLD(func)[FN_OWNER], T_CELL):
        store(FLD(func)[FN_OWNER], 0, vslot[0])
    else:
        store(func, FN_OWNER, vslot[0])
    return 0

cdef gcref_t make_super(Frame* f, gcref_t* selfslot) except 0:
    # Zero-argument super() in a method: the class the function was defined
    # in, and its first argument.
    push(defining_class(f, True))
    push(selfslot[0])
    cdef gcref_t s = new_super(top_slot() - 1, top_slot())
    HEAP.shadowstack_top -= 2
    return s

cdef gcref_t frame_super(Frame* f) except 0:
    # super() without arguments called by another name (`s = super; s()`;
    # the compiler makes `super()` itself SUPER): CPython's
    # super_init_without_args, the first argument read from the calling frame.
    cdef gcref_t first
    if f.co.argcount == 0:
        raise RuntimeError("super(): no arguments")
    first = f.base[0]
    if first != 0 and has_tid(first, T_CELL) and 0 in CODE_SPECS[f.co.index].cellvars:
        first = FLD(first)[0]
    if first == 0:
        raise RuntimeError("super(): arg[0] deleted")
    push(first)
    try:
        return make_super(f, top_slot())
    finally:
        pop()

cdef gcref_t claimed_class(gcref_t* cslot, gcref_t* oslot) except 0:
    # super(cls, obj) of an obj that is no instance of cls: the class its
    # __class__ attribute claims, if that is a subclass of cls (a proxy whose
    # __getattribute__ answers for the object it wraps; CPython's
    # supercheck), else the error.
    cdef gcref_t c = lookup_attr(oslot, MAGIC(M_CLASS))
    if c == 0 or not has_tid(c, T_CLASS) or c == class_of(oslot[0]) or not is_subclass(c, cslot[0]):
        raise TypeError("super(type, obj): obj must be an instance or subtype of type")
    return c

cdef gcref_t new_super(gcref_t* cslot, gcref_t* oslot) except 0:
    cdef gcref_t start, s
    if not has_tid(cslot[0], T_CLASS):
        raise TypeError(f"super() argument 1 must be a type, not {type_name(cslot[0])}")
    if has_tid(oslot[0], T_CLASS) and is_subclass(oslot[0], cslot[0]):
        start = oslot[0]
    elif isinstance_c(oslot[0], cslot[0]):
        start = class_of(oslot[0])
    else:
        start = claimed_class(cslot, oslot)
    push(start)
    s = alloc_fixed(T_SUPER)
    FLD(s)[2] = pop()
    FLD(s)[0] = cslot[0]
    FLD(s)[1] = oslot[0]
    return s

cdef gcref_t super_getattr(gcref_t* sslot, gcref_t name) except? 0:
    cdef gcref_t v
    if str_eq(name, MAGIC(M_CLASS)):
        return class_of(sslot[0])
    v = super_mro_lookup(sslot, name)
    if v != 0:
        return v
    # the super object's own attributes (__thisclass__...)
    v = class_lookup(class_of(sslot[0]), name)
    if v != 0 and descriptor_kind(v) != DESCR_PLAIN:
        push(v)
        v = descr_get(top_slot()[0], sslot, class_of(sslot[0]))
        pop()
    return v

cdef gcref_t super_mro_lookup(gcref_t* sslot, gcref_t name) except? 0:
    # What super object sslot[0] finds along its object's MRO past its
    # class, bound to its object; 0: nothing.
    cdef gcref_t s = sslot[0], mro, v
    cdef uint32_t i = 0
    cdef gcref_t* base = HEAP.shadowstack_top
    mro = FLD(FLD(s)[2])[K_MRO] if super_is_bound(s) else VM_STATE.roots[R_EMPTY_TUPLE]
    while i < LEN(mro) and FLD(mro)[i] != FLD(s)[0]:
        i += 1
    i += 1
    while i < LEN(mro):
        v = dict_get_str(FLD(FLD(mro)[i])[K_DICT], name)
        if v != 0:
            if descriptor_kind(v) == DESCR_PLAIN:
                return v
            push(v)
            push(FLD(sslot[0])[1])
            push(FLD(sslot[0])[2])
            # a class's own super (in a classmethod): obj is the class, get as through the class
            v = descr_get(base[0], NULL if base[1] == base[2] else base + 1, base[2])
            HEAP.shadowstack_top = base
            return v
        i += 1
    return 0
