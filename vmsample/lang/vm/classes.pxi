# vm/classes.pxi, included by _vm.pyx (one extension module, one C file).
#
# Classes and instances: the class of any value, subclass tests, method
# lookup along the base chain, class creation, instance slots and attributes.
# Globals: TID_CLASS, KIND_ROOT (read; filled at start-up); writes class_serial;
# reads VM_STATE.roots.

# ---------------------------------------------------------------- classes

cdef int TID_CLASS[512]          # tid -> root index of its builtin class (0: object)
cdef int KIND_ROOT[32]           # KIND_* -> root index of the builtin class

cdef inline gcref_t kind_class(int kind) noexcept nogil:
    return VM_STATE.roots[KIND_ROOT[kind]]

cdef gcref_t class_of(gcref_t v) noexcept nogil:
    cdef uint16_t t
    if is_int(v):
        return kind_class(KIND_INT)
    if v == V_TRUE or v == V_FALSE:
        return kind_class(KIND_BOOL)
    if v == V_NONE:
        return kind_class(KIND_NONE)
    if not is_obj(v):
        return VM_STATE.roots[TID_CLASS[0]]   # builtin functions and methods
    t = TID(v)
    if t == T_INSTANCE:
        return FLD(v)[I_CLASS]
    if t == T_CLASS and FLD(v)[K_META] != 0:
        return FLD(v)[K_META]
    if t == T_LIST and FLD(v)[L_CLASS] != 0:
        return FLD(v)[L_CLASS]
    return VM_STATE.roots[TID_CLASS[t]]

cdef inline bint is_subclass(gcref_t cls, gcref_t base) noexcept nogil:
    while cls != 0:
        if cls == base:
            return True
        cls = FLD(cls)[K_BASE]
    return False

cdef inline bint isinstance_c(gcref_t v, gcref_t cls) noexcept nogil:
    if cls == kind_class(KIND_INT) and (v == V_TRUE or v == V_FALSE):
        return True
    return is_subclass(class_of(v), cls)

cdef str class_name(gcref_t cls):
    return str_to_py(FLD(cls)[K_NAME])

cdef str type_name(gcref_t v):
    return class_name(class_of(v))

cdef gcref_t class_lookup(gcref_t cls, gcref_t name) noexcept nogil:
    # The attribute [name] (a str) of [cls] or its bases, or 0.  No allocation.
    cdef gcref_t v
    while cls != 0:
        v = dict_get_str(FLD(cls)[K_DICT], name)
        if v != 0:
            return v
        cls = FLD(cls)[K_BASE]
    return 0

cdef gcref_t meta_lookup(gcref_t meta, gcref_t name) noexcept nogil:
    # The attribute [name] of a user-defined metaclass or its bases up to
    # (not including) type, or 0: what a class finds through its metaclass.
    cdef gcref_t type_class = kind_class(KIND_TYPE)
    cdef gcref_t v
    while meta != 0 and meta != type_class:
        v = dict_get_str(FLD(meta)[K_DICT], name)
        if v != 0:
            return v
        meta = FLD(meta)[K_BASE]
    return 0

cdef inline gcref_t magic_of(gcref_t v, int m) noexcept nogil:
    # A user-defined special method of v's class, or 0.  Builtin types have
    # none; a class has those its metaclass defines (for Enum: iteration,
    # len, in, [], repr).
    if has_tid(v, T_INSTANCE):
        return class_lookup(FLD(v)[I_CLASS], MAGIC(m))
    if has_tid(v, T_CLASS) and FLD(v)[K_META] != 0:
        return meta_lookup(FLD(v)[K_META], MAGIC(m))
    return 0

cdef gcref_t new_class(gcref_t* name, gcref_t* base, gcref_t* ns, int64_t flags, int64_t kind) except 0:
    global class_serial
    cdef gcref_t keys = list_new(0)
    push(keys)
    cdef gcref_t c = alloc_fixed(T_CLASS)
    FLD(c)[K_KEYS] = pop()
    FLD(c)[K_NAME] = name[0]
    FLD(c)[K_BASE] = base[0]
    FLD(c)[K_DICT] = ns[0]
    class_serial += 1
    RAW(c)[K_SERIAL] = class_serial
    RAW(c)[K_FLAGS] = flags
    RAW(c)[K_KIND] = kind
    FLD(c)[K_META] = 0
    RAW(c)[K_TID] = T_INSTANCE if kind != KIND_OBJECT and kind != KIND_BASEEXC or \
        (flags & CF_BUILTIN and not flags & CF_EXCEPTION) else register_class_type(str_to_py(name[0]))
    return c

# ---------------------------------------------------------------- instances

cdef Py_ssize_t keys_index(gcref_t cls, gcref_t name) noexcept nogil:
    cdef gcref_t keys = FLD(cls)[K_KEYS]
    cdef gcref_t* items = ITEMS(keys)
    cdef Py_ssize_t n = RAW(keys)[L_LEN], i
    for i in range(n):
        if items[i] == name:
            return i
    for i in range(n):
        if str_eq(items[i], name):
            return i
    return -1

cdef gcref_t instance_new(gcref_t* cslot) except 0:
    cdef gcref_t cls = cslot[0]
    cdef Py_ssize_t n = RAW(FLD(cls)[K_KEYS])[L_LEN]
    cdef gcref_t o = alloc_var(<uint16_t>RAW(cls)[K_TID], I_VALUES + n)
    FLD(o)[I_CLASS] = cslot[0]
    return o

cdef inline gcref_t instance_get(gcref_t o, Py_ssize_t i) noexcept nogil:
    cdef Py_ssize_t cap = LEN(o) - I_VALUES
    cdef gcref_t ov
    if i < cap:
        return FLD(o)[I_VALUES + i]
    ov = FLD(o)[I_OVERFLOW]
    if ov == 0 or i - cap >= <Py_ssize_t>LEN(ov):
        return 0
    return FLD(ov)[i - cap]

cdef int instance_set(gcref_t* oslot, Py_ssize_t i, gcref_t* vslot) except -1:
    cdef gcref_t o = oslot[0]
    cdef Py_ssize_t cap = LEN(o) - I_VALUES, need
    cdef gcref_t ov, nov
    if i < cap:
        store(o, I_VALUES + i, vslot[0])
        return 0
    ov = FLD(o)[I_OVERFLOW]
    need = i - cap + 1
    if ov == 0 or need > <Py_ssize_t>LEN(ov):
        nov = alloc_var(T_ARRAY, need + 4)
        o = oslot[0]
        ov = FLD(o)[I_OVERFLOW]
        if ov != 0:
            memcpy(FLD(nov), FLD(ov), LEN(ov) * sizeof(gcref_t))
        store(o, I_OVERFLOW, nov)
        ov = nov
    store(ov, i - cap, vslot[0])
    return 0

cdef int instance_setattr(gcref_t* oslot, gcref_t* nslot, gcref_t* vslot) except -1:
    cdef gcref_t cls = FLD(oslot[0])[I_CLASS]
    cdef Py_ssize_t i = keys_index(cls, nslot[0])
    cdef gcref_t keys
    if i < 0:
        if RAW(cls)[K_FLAGS] & CF_SLOTS:
            raise_attribute_error(oslot[0], nslot[0])
        push(FLD(cls)[K_KEYS])
        list_append(top_slot(), nslot)
        i = RAW(pop())[L_LEN] - 1
    return instance_set(oslot, i, vslot)

