# vm/inline_caches.pxi, included by _vm.pyx (one extension module, one C file).
#
# Inline caches: per-instruction memory (CodeObj.caches) that lets LOAD_ATTR,
# STORE_ATTR, LOAD_METHOD and LOAD_GLOBAL skip their lookups when the answer cannot have
# changed.  A cache holds no references (objects move), only class serials
# and indexes, and every hit is re-validated against the heap, so a stale
# entry is a miss, never a wrong answer.

# ---------------------------------------------------------------- attributes
#
# Each LOAD_ATTR and STORE_ATTR instruction remembers, for the last instance
# class it saw, where that class keeps the attribute: (class serial, slot
# index).  An entry is filled only when the attribute protocol would read
# or write the instance's own slot for that name: the class has no
# __getattribute__ / __setattr__ of its own and no data descriptor of that
# name along its MRO.  It never goes stale, because
#   * a class's key list only grows: instance_setattr appends a new name and
#     nothing removes or reorders one, so a name's slot in a class is fixed;
#   * whatever could change the protocol's answer -- an attribute of the
#     class or a base set or deleted, its bases replaced -- gives the class
#     a new serial (vm/classes.pxi, "versions"), and serials are unique
#     within a run (serial 0 is no class, so a zeroed entry misses);
#   * an instance whose attributes moved into a dict (its __dict__ was
#     asked for) is told apart by its I_OVERFLOW and takes the slow path.
# A hit reads or stores the slot without a lookup; a miss takes the generic
# path and refills the entry.  Serials, not class addresses, because classes
# move.

cdef inline gcref_t cached_attr(InlineCache* c, gcref_t o) noexcept nogil:
    # The attribute of [o] through [c], or 0 when the cache cannot answer.
    if not has_tid(o, T_INSTANCE) or RAW(FLD(o)[I_CLASS])[K_SERIAL] != c.serial \
            or has_tid(FLD(o)[I_OVERFLOW], T_DICT):
        return 0
    return instance_get(o, c.index)

cdef void fill_attr_cache(InlineCache* c, gcref_t o, gcref_t name, bint store) noexcept nogil:
    cdef Py_ssize_t i
    cdef gcref_t cls, d
    if not has_tid(o, T_INSTANCE):
        return
    cls = FLD(o)[I_CLASS]
    if RAW(cls)[K_FLAGS] & (CF_SETATTR if store else CF_GETATTRIBUTE):
        return
    d = class_lookup(cls, name)
    if d != 0 and descriptor_kind(d) == DESCR_DATA:
        return
    i = keys_index(cls, name)
    if i >= 0:
        c.serial = RAW(cls)[K_SERIAL]
        c.index = i

cdef gcref_t getattr_caching(InlineCache* c, gcref_t* oslot, gcref_t name) except 0:
    fill_attr_cache(c, oslot[0], name, False)
    return getattr_v(oslot, name)

cdef int setattr_caching(InlineCache* c, gcref_t* oslot, gcref_t name, gcref_t* vslot) except -1:
    cdef gcref_t o = oslot[0]
    if has_tid(o, T_INSTANCE) and RAW(FLD(o)[I_CLASS])[K_SERIAL] == c.serial \
            and not has_tid(FLD(o)[I_OVERFLOW], T_DICT):
        return instance_set(oslot, c.index, vslot)
    setattr_v(oslot, name, vslot)
    fill_attr_cache(c, oslot[0], name, True)
    return 0

# ---------------------------------------------------------------- methods
#
# Each LOAD_METHOD remembers, for the last instance class it saw, where the
# method lives: (class serial, the class's key count, the MRO position of
# the class whose dict holds it, its entry there).  An entry is filled only
# when the method protocol would take a function (or builtin method) from
# the class and bind nothing: no __getattribute__ of the class's own, and the
# name is not among the class's instance keys, so no instance holds it in a
# slot.  A hit needs no lookup, and it is right because
#   * the serial has not changed, so no class along the MRO gained, lost or
#     changed an attribute, and the MRO is the same (vm/classes.pxi,
#     "versions"), so the dict entry still holds the method;
#   * the key count has not changed and key lists only grow, so the name is
#     still no instance key; an instance whose attributes moved into a dict
#     (I_OVERFLOW) takes the slow path, as for LOAD_ATTR;
#   * the entry is re-validated (it holds this very interned name), as
#     LOAD_GLOBAL's is.

cdef inline gcref_t cached_method(InlineCache* c, gcref_t o, gcref_t name) noexcept nogil:
    # The method [name] of instance [o] through [c], or 0 when the cache
    # cannot answer.
    cdef gcref_t cls, d
    if not has_tid(o, T_INSTANCE):
        return 0
    cls = FLD(o)[I_CLASS]
    if RAW(cls)[K_SERIAL] != c.serial or RAW(FLD(cls)[K_KEYS])[L_LEN] != c.nkeys \
            or has_tid(FLD(o)[I_OVERFLOW], T_DICT):
        return 0
    d = FLD(FLD(FLD(cls)[K_MRO])[c.where])[K_DICT]
    if c.index < RAW(d)[D_NENTRIES] and ENT(d)[3 * c.index + 1] == name:
        return ENT(d)[3 * c.index + 2]
    return 0

cdef void fill_method_cache(InlineCache* c, gcref_t o, gcref_t name) noexcept nogil:
    cdef gcref_t cls, mro, d, v
    cdef Py_ssize_t ix
    cdef uint32_t k
    if not has_tid(o, T_INSTANCE) or has_tid(FLD(o)[I_OVERFLOW], T_DICT):
        return
    cls = FLD(o)[I_CLASS]
    if RAW(cls)[K_FLAGS] & CF_GETATTRIBUTE or keys_index(cls, name) >= 0:
        return
    mro = FLD(cls)[K_MRO]
    for k in range(LEN(mro)):
        d = FLD(FLD(mro)[k])[K_DICT]
        ix = dict_index_str(d, name)
        if ix >= 0:
            v = ENT(d)[3 * ix + 2]
            if has_tid(v, T_FUNCTION) or (is_bmethod(v) and BID_KIND[descr_bid(v)] == BK_METHOD):
                c.serial = RAW(cls)[K_SERIAL]
                c.nkeys = <uint32_t>RAW(FLD(cls)[K_KEYS])[L_LEN]
                c.where = k
                c.index = ix
            return

cdef int load_method_caching(InlineCache* c, gcref_t* oslot, gcref_t name) except -1:
    fill_method_cache(c, oslot[0], name)
    return load_method(oslot, name)

# ---------------------------------------------------------------- globals
#
# LOAD_GLOBAL remembers the entry number of its name in the globals dict.
# Entries are (hash, key, value) in insertion order and names are interned,
# so if entry [index] still exists and holds this very name, its value is
# the global's current value: a deleted entry has key 0 and a resize that
# renumbers entries leaves another key (or none) there.  A name found in the
# builtins is remembered with the globals' keys version (vm/dict.pxi) and its
# builtins entry: while the version is the same, no global of that name has
# appeared, and the entry, re-validated the same way, holds the builtin.

# Code run by exec() under globals whose __builtins__ is not the VM's
# builtins (exec(code, {'__builtins__': {}})) reads its builtins there, as
# CPython's frame takes them from its globals: a module's dict, a dict, or any
# mapping through __getitem__ (a KeyError: not there).

cdef gcref_t custom_builtins(gcref_t g) noexcept nogil:
    # The builtins namespace of code running under globals dict [g] if it
    # is not the VM's own, else 0.
    cdef gcref_t b = dict_get_str(g, MAGIC(M_BUILTINS))
    if has_tid(b, T_MODULE):
        b = FLD(b)[1]
    return 0 if b == 0 or b == VM_STATE.roots[R_BUILTINS] else b

cdef gcref_t custom_builtin_or_0(gcref_t b, gcref_t name) except? 0:
    # [name] in custom builtins [b], or 0
    cdef gcref_t v
    if has_tid(b, T_DICT):
        return dict_get_str(b, name)
    push(b)
    v = mapping_get_or_0(top_slot(), name)
    pop()
    return v

cdef gcref_t builtin_or_0(gcref_t g, gcref_t name) except? 0:
    # The builtin [name] of code running under globals dict [g], or 0.
    cdef gcref_t b = custom_builtins(g)
    if b != 0:
        return custom_builtin_or_0(b, name)
    b = dict_get_str(VM_STATE.roots[R_BUILTINS], name)
    if b == 0 and site_builtin(name):
        b = dict_get_str(VM_STATE.roots[R_BUILTINS], name)
    return b

cdef inline gcref_t cached_global(InlineCache* c, gcref_t g, gcref_t name) noexcept nogil:
    # The global [name] of globals dict [g] through [c], or 0 when the cache
    # cannot answer.  (A code object always reads the same globals.)
    cdef gcref_t b
    cdef Py_ssize_t e
    if c.index < RAW(g)[D_NENTRIES] and ENT(g)[3 * c.index + 1] == name:
        return ENT(g)[3 * c.index + 2]
    if c.where != 0 and HDR(g).aux == c.nkeys:
        b = VM_STATE.roots[R_BUILTINS]
        e = c.where - 1
        if e < RAW(b)[D_NENTRIES] and ENT(b)[3 * e + 1] == name:
            return ENT(b)[3 * e + 2]
    return 0

cdef gcref_t load_global_caching(InlineCache* c, gcref_t g, gcref_t name) except 0:
    cdef Py_ssize_t ix = dict_index_str(g, name)
    cdef gcref_t b = VM_STATE.roots[R_BUILTINS]
    if ix >= 0:
        c.index = ix
        return ENT(g)[3 * ix + 2]
    if custom_builtins(g) != 0:
        # (never cached: c.where stays 0, so cached_global never reads R_BUILTINS for it)
        b = custom_builtin_or_0(custom_builtins(g), name)
        if b == 0:
            raise NameError(f"name '{str_to_py(name)}' is not defined", name=str_to_py(name))
        return b
    ix = dict_index_str(b, name)
    if ix < 0 and site_builtin(name):
        # (made now, by VM code that may have moved [g]: cached next time)
        b = dict_get_str(VM_STATE.roots[R_BUILTINS], name)
        if b != 0:
            return b
    if ix < 0:
        raise NameError(f"name '{str_to_py(name)}' is not defined", name=str_to_py(name))
    c.where = <int32_t>ix + 1
    c.nkeys = HDR(g).aux
    return ENT(b)[3 * ix + 2]
