# vm/classes.pxi, included by _vm.pyx (one extension module, one C file).
#
# Classes and instances: the class of any value, subclass tests, method
# lookup along the base chain, class creation, instance slots and attributes.
#
# A class is a T_CLASS object (layout in vm/heap_types.pxi): its bases, its
# C3 method resolution order, its namespace dict, its metaclass, its version
# serial, and its instances' layout (K_KIND) and attribute keys (K_KEYS).

# ---------------------------------------------------------------- classes

cdef int TID_CLASS[512]          # tid -> root index of its builtin class (0: object)
cdef int KIND_ROOT[32]           # KIND_* -> root index of the builtin class
# The class of each immediate kind and descriptor kind (root indices).
cdef int NONE_CLASS_ROOT, NOTIMPL_CLASS_ROOT, ELLIPSIS_CLASS_ROOT, BFUNC_CLASS_ROOT
cdef int DESCR_CLASS_ROOT[6]
cdef int DICT_VIEW_CLASS_ROOT[3]

cdef inline gcref_t kind_class(int kind) noexcept nogil:
    return VM_STATE.roots[KIND_ROOT[kind]]

cdef gcref_t class_of(gcref_t v) noexcept nogil:
    # type(v)
    cdef uint16_t t
    if is_int(v):
        return kind_class(KIND_INT)
    if v == V_TRUE or v == V_FALSE:
        return kind_class(KIND_BOOL)
    if v == V_NONE:
        return VM_STATE.roots[NONE_CLASS_ROOT]
    if is_bfunc(v):
        return VM_STATE.roots[BFUNC_CLASS_ROOT]
    if is_bmethod(v):
        return VM_STATE.roots[DESCR_CLASS_ROOT[BID_KIND[descr_bid(v)]]]
    if v == V_NOTIMPL:
        return VM_STATE.roots[NOTIMPL_CLASS_ROOT]
    if v == V_ELLIPSIS:
        return VM_STATE.roots[ELLIPSIS_CLASS_ROOT]
    if not is_obj(v):
        return kind_class(KIND_OBJECT)
    t = TID(v)
    if t == T_INSTANCE:
        return FLD(v)[I_CLASS]
    if t == T_CLASS:
        return type_of_class(v)
    if t == T_DICTVIEW:
        return VM_STATE.roots[DICT_VIEW_CLASS_ROOT[RAW(v)[IT_C]]]
    if t == T_BOUND and (is_bmethod(FLD(v)[1]) or is_bfunc(FLD(v)[1])):
        return VM_STATE.roots[BFUNC_CLASS_ROOT]
    return VM_STATE.roots[TID_CLASS[t]]

cdef inline bint is_subclass(gcref_t cls, gcref_t base) noexcept nogil:
    # Whether [base] is in [cls]'s method resolution order.
    cdef gcref_t mro
    cdef uint32_t i
    if cls == base:
        return True
    if not has_tid(cls, T_CLASS):
        return False
    mro = FLD(cls)[K_MRO]
    for i in range(LEN(mro)):
        if FLD(mro)[i] == base:
            return True
    return False

cdef inline bint isinstance_c(gcref_t v, gcref_t cls) noexcept nogil:
    return is_subclass(class_of(v), cls)

cdef str class_name(gcref_t cls):
    return str_to_py(FLD(cls)[K_NAME])

cdef str type_name(gcref_t v):
    return class_name(class_of(v))

cdef gcref_t class_lookup(gcref_t cls, gcref_t name) noexcept nogil:
    # The attribute [name] (a str) of [cls] or a class of its method
    # resolution order, or 0 (CPython's _PyType_Lookup).  No allocation.
    cdef gcref_t mro = FLD(cls)[K_MRO], v
    cdef uint32_t i
    for i in range(LEN(mro)):
        v = dict_get_str(FLD(FLD(mro)[i])[K_DICT], name)
        if v != 0:
            return v
    return 0

cdef inline gcref_t type_of_class(gcref_t cls) noexcept nogil:
    # The metaclass of class [cls]: type(cls).
    return FLD(cls)[K_META] if FLD(cls)[K_META] != 0 else kind_class(KIND_TYPE)

cdef gcref_t meta_lookup(gcref_t meta, gcref_t name) noexcept nogil:
    # The attribute [name] of a user-defined metaclass or its bases up to
    # (not including) type, or 0: what a class finds through its metaclass
    # beyond what every class has.
    cdef gcref_t type_class = kind_class(KIND_TYPE)
    cdef gcref_t mro, v
    cdef uint32_t i
    if meta == 0:
        return 0
    mro = FLD(meta)[K_MRO]
    for i in range(LEN(mro)):
        if FLD(mro)[i] == type_class:
            break
        v = dict_get_str(FLD(FLD(mro)[i])[K_DICT], name)
        if v != 0:
            return v
    return 0

cdef inline gcref_t magic_of(gcref_t v, int m) noexcept nogil:
    # A user-defined special method of v's class, or 0.  Builtin types have
    # none; a class has those its metaclass defines (for Enum: iteration,
    # len, in, [], repr).
    if has_tid(v, T_INSTANCE):
        return special_lookup(FLD(v)[I_CLASS], m)
    if has_tid(v, T_CLASS) and FLD(v)[K_META] != 0:
        return meta_lookup(FLD(v)[K_META], MAGIC(m))
    return 0

cdef inline bint has_own_methods(gcref_t v) noexcept nogil:
    # Whether v's special methods can be the program's: an instance, or a
    # class whose metaclass is the program's (magic_of finds them).
    return has_tid(v, T_INSTANCE) or (has_tid(v, T_CLASS) and FLD(v)[K_META] != 0)

cdef inline int64_t builtin_base_kind(gcref_t cls) noexcept nogil:
    # For a class whose instances carry a builtin value (a subclass of int,
    # list, dict...: in their first value slot), that value's kind; else 0.
    cdef int64_t k = RAW(cls)[K_KIND]
    if k == KIND_OBJECT or k == KIND_BASEEXC or RAW(cls)[K_FLAGS] & CF_BUILTIN:
        return 0
    return k

cdef inline gcref_t unwrap(gcref_t v) noexcept nogil:
    # The builtin value of an instance of a builtin type's subclass, else v.
    if has_tid(v, T_INSTANCE) and builtin_base_kind(FLD(v)[I_CLASS]) != 0:
        return FLD(v)[I_VALUES]
    return v

# ---------------------------------------------------------------- method resolution order
# A class's MRO (K_MRO, a tuple starting with the class) is the C3
# linearization of its bases, computed once when the class is made (CPython's
# mro_internal without a metaclass mro()).  Lookups walk it, so an attribute
# resolves as in CPython under multiple inheritance.

cdef gcref_t compute_mro(gcref_t* clsslot) except 0:
    # The C3 linearization of class [clsslot]: the class, then the merge of
    # its bases' MROs and the list of its bases.  The merge runs on C arrays
    # (no allocation, so the addresses in them stay valid); only the result
    # tuple is allocated, from pushed slots.
    cdef gcref_t cls = clsslot[0], bases = FLD(cls)[K_BASES], b, cand, r
    cdef Py_ssize_t nseq = LEN(bases) + 1, i, j, k, total = 1, nout = 0
    cdef gcref_t** seqs = <gcref_t**>calloc(nseq, sizeof(gcref_t*))
    cdef Py_ssize_t* lens = <Py_ssize_t*>calloc(nseq, sizeof(Py_ssize_t))
    cdef Py_ssize_t* heads = <Py_ssize_t*>calloc(nseq, sizeof(Py_ssize_t))
    cdef gcref_t* out = NULL
    cdef bint found, in_tail
    if seqs == NULL or lens == NULL or heads == NULL:
        free(seqs); free(lens); free(heads)
        raise MemoryError()
    try:
        # As CPython's mro_implementation (check_duplicates): a base twice is
        # its own error, before the merge would find no consistent order.
        for i in range(nseq - 1):
            for j in range(i + 1, nseq - 1):
                if FLD(bases)[i] == FLD(bases)[j]:
                    raise TypeError(f"duplicate base class {class_name(FLD(bases)[i])}")
        for i in range(nseq - 1):
            b = FLD(bases)[i]
            lens[i] = LEN(FLD(b)[K_MRO])
            total += lens[i]
        lens[nseq - 1] = nseq - 1
        total += nseq
        out = <gcref_t*>malloc(total * sizeof(gcref_t))
        for i in range(nseq):
            seqs[i] = <gcref_t*>malloc((lens[i] + 1) * sizeof(gcref_t))
            if seqs[i] == NULL or out == NULL:
                raise MemoryError()
            if i < nseq - 1:
                memcpy(seqs[i], FLD(FLD(FLD(bases)[i])[K_MRO]), lens[i] * sizeof(gcref_t))
            else:
                memcpy(seqs[i], FLD(bases), lens[i] * sizeof(gcref_t))
        out[nout] = cls
        nout += 1
        while True:
            # the first head that is in no sequence's tail
            found = False
            cand = 0
            for i in range(nseq):
                if heads[i] >= lens[i]:
                    continue
                cand = seqs[i][heads[i]]
                in_tail = False
                for j in range(nseq):
                    for k in range(heads[j] + 1, lens[j]):
                        if seqs[j][k] == cand:
                            in_tail = True
                            break
                    if in_tail:
                        break
                if not in_tail:
                    found = True
                    break
            if not found:
                if cand == 0:
                    break               # every sequence is used up: done
                names = []
                for i in range(nseq - 1):
                    if heads[i] < lens[i]:
                        names.append(class_name(seqs[i][heads[i]]))
                raise TypeError("Cannot create a consistent method resolution\norder (MRO) for bases "
                                + ", ".join(dict.fromkeys(names)))
            out[nout] = cand
            nout += 1
            for i in range(nseq):
                if heads[i] < lens[i] and seqs[i][heads[i]] == cand:
                    heads[i] += 1
        if HEAP.shadowstack_top + nout + 4 > HEAP.shadowstack_end:
            raise RecursionError("maximum recursion depth exceeded")
        memcpy(HEAP.shadowstack_top, out, nout * sizeof(gcref_t))
        HEAP.shadowstack_top += nout
        r = tuple_from_slots(HEAP.shadowstack_top - nout, nout)
        HEAP.shadowstack_top -= nout
        return r
    finally:
        for i in range(nseq):
            free(seqs[i])
        free(seqs); free(lens); free(heads); free(out)

cdef gcref_t class_mro(gcref_t* cslot) except 0:
    # The MRO of class cslot[0]: what its metaclass's mro() returns if that
    # is not type's own, as CPython's mro_internal, with mro_check's checks
    # (classes only, each with a layout the class's instances extend); else
    # the C3 one.  A new class's MRO is (itself,) while its mro() runs, so
    # that a lookup on it finds what it has so far.
    cdef gcref_t meta = FLD(cslot[0])[K_META], b, t
    cdef uint32_t i
    if meta == 0 or not overridden(meta, M_MRO):
        return compute_mro(cslot)
    if FLD(cslot[0])[K_MRO] == 0:
        t = tuple_from_slots(cslot, 1)
        store(cslot[0], K_MRO, t)
        RAW(cslot[0])[K_FLAGS] |= CF_MRO_PENDING
    try:
        push(call_method0(class_lookup(FLD(cslot[0])[K_META], MAGIC(M_MRO)), cslot[0]))
    finally:
        RAW(cslot[0])[K_FLAGS] &= ~CF_MRO_PENDING
    if not has_tid(top_slot()[0], T_TUPLE):
        top_slot()[0] = list_from_iterable(top_slot())
        top_slot()[0] = seq_copy(top_slot(), T_TUPLE, 0, SEQLEN(top_slot()[0]))
    t = top_slot()[0]
    for i in range(LEN(t)):
        b = FLD(t)[i]
        if not has_tid(b, T_CLASS):
            raise TypeError(f"mro() returned a non-class ('{type_name(b)}')")
        if RAW(b)[K_KIND] != KIND_OBJECT and RAW(b)[K_KIND] != RAW(cslot[0])[K_KIND]:
            raise TypeError(f"mro() returned base with unsuitable layout ('{class_name(b)}')")
    return pop()

# ---------------------------------------------------------------- versions
# K_SERIAL is a class's version: it changes whenever what a lookup along its
# MRO could find changes -- an attribute of it or of a base set or deleted,
# its bases replaced -- so that caches keyed by serial (the inline caches,
# vm/inline_caches.pxi) never answer from a stale lookup.  Serials are unique
# in a run and never 0 (0 is "no class").  A class knows its subclasses
# (K_SUBCLASSES) to renumber them too.

cdef inline bint overridden(gcref_t cls, int m) noexcept nogil:
    # Whether special method [m] of [cls] is not a builtin type's own: the
    # program's, or another builtin slot put in its place (class X(dict):
    # __setattr__ = dict.__setitem__).
    cdef gcref_t v = class_lookup(cls, MAGIC(m))
    cdef int other
    if v == 0:
        return False
    if not is_bmethod(v):
        return True
    other = slot_magic(v)
    return other != -1 and other != m

cdef void update_class_flags(gcref_t cls) noexcept nogil:
    cdef int64_t f = RAW(cls)[K_FLAGS] & ~CF_LOOKUP_FLAGS
    cdef gcref_t v, mro
    if overridden(cls, M_GETATTRIBUTE):
        f |= CF_GETATTRIBUTE
    if class_lookup(cls, MAGIC(M_GETATTR)) != 0:
        f |= CF_GETATTR
    if overridden(cls, M_SETATTR):
        f |= CF_SETATTR
    if overridden(cls, M_DELATTR):
        f |= CF_DELATTR
    if class_lookup(cls, MAGIC(M_GET)) != 0:
        f |= CF_DESCRIPTOR_GET
    if class_lookup(cls, MAGIC(M_SET)) != 0 or class_lookup(cls, MAGIC(M_DELETE)) != 0:
        f |= CF_DESCRIPTOR_SET
    if overridden(cls, M_CALL):
        f |= CF_CALL
    mro = FLD(cls)[K_MRO]       # (its last class is object, whose __class__ is the class)
    if f & CF_GETATTRIBUTE or class_lookup(cls, MAGIC(M_CLASS)) != \
            dict_get_str(FLD(FLD(mro)[LEN(mro) - 1])[K_DICT], MAGIC(M_CLASS)):
        f |= CF_CLASS_ATTRIBUTE
    v = class_lookup(cls, MAGIC(M_DEL))
    if v != 0 and not is_bfunc(v) and not is_bmethod(v):
        # (a host type's __del__ -- os.scandir's iterator's closes it -- is
        # CPython's to run when the host object dies, not the VM's when one
        # of the handles to it does)
        f |= CF_DEL
    v = class_lookup(cls, MAGIC(M_HASH))
    if builtin_base_kind(cls) == KIND_TUPLE and slot_magic(v) == M_HASH \
            and RAW(VM_STATE.roots[descr_owner_root(v)])[K_KIND] == KIND_TUPLE:
        f |= CF_TUPLE_HASH
    RAW(cls)[K_FLAGS] = f

cdef int class_modified(gcref_t* clsslot) except -1:
    # A new serial for class [clsslot] and every class below it (and their
    # lookup flags again).
    global class_serial
    cdef gcref_t* base = HEAP.shadowstack_top
    cdef gcref_t c, subs, sub
    cdef Py_ssize_t i
    push(clsslot[0])
    while HEAP.shadowstack_top > base:
        c = pop()
        class_serial += 1
        RAW(c)[K_SERIAL] = class_serial
        update_class_flags(c)
        subs = FLD(c)[K_SUBCLASSES]
        if subs != 0:
            for i in range(RAW(subs)[L_LEN]):
                sub = weak_target_get(ITEMS(subs)[i])
                if sub != 0:
                    push(sub)
    return 0

# ---------------------------------------------------------------- subclass lists
# K_SUBCLASSES is a list of weakref target objects (vm/weakrefs.pxi) of the
# class's direct subclasses, oldest first, as CPython's tp_subclasses holds
# weak references: a class dies when nothing else holds it.  Dead entries
# are dropped when the list's length reaches a power of two.

cdef int add_subclass(gcref_t* baseslot, gcref_t* cslot) except -1:
    # Class cslot[0] is a new subclass of baseslot[0].
    cdef gcref_t none = V_NONE, subs, arr
    cdef Py_ssize_t n, i, kept = 0
    push(new_weak_target(cslot, &none))
    subs = FLD(baseslot[0])[K_SUBCLASSES]
    if subs == 0:
        pop()
        return 0
    n = RAW(subs)[L_LEN]
    if n >= 8 and n & (n - 1) == 0:
        arr = FLD(subs)[L_ITEMS]
        for i in range(n):
            if weak_target_get(FLD(arr)[i]) != 0:
                store(arr, kept, FLD(arr)[i])
                kept += 1
        for i in range(kept, n):
            FLD(arr)[i] = 0
        RAW(subs)[L_LEN] = kept
    push(subs)
    list_append(top_slot(), top_slot() - 1)
    HEAP.shadowstack_top -= 2
    return 0

cdef gcref_t live_subclasses(gcref_t* cslot) except 0:
    # type.__subclasses__(): a new list of the living subclasses.
    cdef Py_ssize_t i = 0
    cdef gcref_t v
    push(FLD(cslot[0])[K_SUBCLASSES])
    push(list_new(0))
    while i < RAW(top_slot()[-1])[L_LEN]:
        v = weak_target_get(ITEMS(top_slot()[-1])[i])
        if v != 0:
            push(v)
            list_append(top_slot() - 1, top_slot())
            pop()
        i += 1
    v = pop()
    pop()
    return v

UNTRACKED_KINDS = (KIND_INT, KIND_BOOL, KIND_FLOAT, KIND_COMPLEX, KIND_STR, KIND_BYTES)

cdef int remove_subclass(gcref_t base, gcref_t cls) noexcept nogil:
    # Class [cls] is no longer a subclass of [base]: its entry leaves the list.
    cdef gcref_t subs = FLD(base)[K_SUBCLASSES], arr
    cdef Py_ssize_t n, i
    if subs == 0:
        return 0
    n = RAW(subs)[L_LEN]
    arr = FLD(subs)[L_ITEMS]
    for i in range(n):
        if weak_target_get(FLD(arr)[i]) == cls:
            memmove(&FLD(arr)[i], &FLD(arr)[i + 1], (n - 1 - i) * sizeof(gcref_t))
            FLD(arr)[n - 1] = 0
            RAW(subs)[L_LEN] = n - 1
            return 0
    return 0

cdef int set_bases(gcref_t* cslot, gcref_t* vslot) except -1:
    # C.__bases__ = vslot[0], as CPython's type_set_bases: the bases checked
    # as type() checks them, no inheritance cycle, the instances' layout
    # unchanged; then the MRO of C and of every class below it again (a
    # subclass reached twice is done again after its other base), all of
    # them restored if one fails; then the subclass lists.
    # Work slots: [old bases, (class, its old MRO)..., pending subclasses...]
    cdef gcref_t* base = HEAP.shadowstack_top
    cdef gcref_t* pending
    cdef gcref_t b, c, subs
    cdef int64_t flags = 0, kind
    cdef Py_ssize_t i, nold = 0
    name = class_name(cslot[0])
    if not has_tid(vslot[0], T_TUPLE):
        raise TypeError(f"can only assign tuple to {name}.__bases__, not {type_name(vslot[0])}")
    if LEN(vslot[0]) == 0:
        raise TypeError(f"can only assign non-empty tuple to {name}.__bases__, not ()")
    for i in range(LEN(vslot[0])):
        b = FLD(vslot[0])[i]
        if not has_tid(b, T_CLASS):
            raise TypeError(f"{name}.__bases__ must be tuple of classes, not '{type_name(b)}'")
        if is_subclass(b, cslot[0]):
            raise TypeError("a __bases__ item causes an inheritance cycle")
    kind = layout_kind(vslot[0], &flags)
    b = FLD(vslot[0])[0]            # (the best base: the one whose layout wins, as best_base)
    for i in range(LEN(vslot[0])):
        if RAW(FLD(vslot[0])[i])[K_KIND] == kind:
            b = FLD(vslot[0])[i]
            break
    if kind != RAW(cslot[0])[K_KIND] or (flags ^ RAW(cslot[0])[K_FLAGS]) & CF_EXCEPTION or (
            (b == kind_class(KIND_OBJECT)) != (FLD(cslot[0])[K_BASE] == kind_class(KIND_OBJECT))) or (
            kind == KIND_OTHER and class_base_builtin(b) != class_base_builtin(cslot[0])):
        # (compatible_for_assignment: object's instances, and those CPython
        # does not track for its cycle collector, have another deallocator
        # than a class's)
        raise TypeError(f"__bases__ assignment: '{class_name(b)}' "
                        f"{'deallocator' if kind in UNTRACKED_KINDS or kind == KIND_OBJECT else 'object layout'} "
                        f"differs from "
                        f"'{class_name(FLD(cslot[0])[K_BASE])}'")
    push(FLD(cslot[0])[K_BASES])
    store(cslot[0], K_BASES, vslot[0])
    store(cslot[0], K_BASE, FLD(vslot[0])[0])
    push(cslot[0])
    try:
        while HEAP.shadowstack_top > base + 1 + 2 * nold:
            c = top_slot()[0]
            if HEAP.shadowstack_top + 4 > HEAP.shadowstack_end:
                raise RecursionError("maximum recursion depth exceeded")
            # (class, old MRO) go below the pending ones: swap it down
            pending = base + 1 + 2 * nold
            memmove(pending + 2, pending, (HEAP.shadowstack_top - 1 - pending) * sizeof(gcref_t))
            pending[0] = c
            pending[1] = FLD(c)[K_MRO]
            nold += 1
            HEAP.shadowstack_top += 1
            c = class_mro(pending)
            store(pending[0], K_MRO, c)
            subs = FLD(pending[0])[K_SUBCLASSES]
            if subs != 0:
                for i in range(RAW(subs)[L_LEN]):
                    c = weak_target_get(ITEMS(subs)[i])
                    if c != 0:
                        push(c)
    except BaseException:
        for i in range(nold - 1, -1, -1):
            store(base[1 + 2 * i], K_MRO, base[2 + 2 * i])
        store(cslot[0], K_BASES, base[0])
        store(cslot[0], K_BASE, FLD(base[0])[0])
        HEAP.shadowstack_top = base
        raise
    for i in range(LEN(base[0])):
        remove_subclass(FLD(base[0])[i], cslot[0])
    for i in range(LEN(FLD(cslot[0])[K_BASES])):
        push(FLD(FLD(cslot[0])[K_BASES])[i])
        add_subclass(top_slot(), cslot)
        pop()
    HEAP.shadowstack_top = base
    return class_modified(cslot)

# ---------------------------------------------------------------- making classes

cdef gcref_t new_class(gcref_t* name, gcref_t* bases, gcref_t* ns, int64_t flags, int64_t kind,
                       gcref_t meta) except 0:
    # A class named [name] with bases [bases] (a tuple; empty: object's own
    # base-less class), namespace dict [ns] (adopted, not copied), layout
    # [kind] (the builtin type whose instances its instances extend), and
    # metaclass [meta] (0: type).  Computes its MRO and joins its bases'
    # subclass lists.
    global class_serial
    cdef gcref_t c, keys
    cdef Py_ssize_t i
    push(meta)
    push(list_new(0))
    if kind != KIND_OBJECT and kind != KIND_BASEEXC and not flags & CF_BUILTIN:
        # Instances of a subclass of a builtin type keep their builtin value
        # in their first slot (its key is None, which no name equals).
        list_append_v(top_slot(), V_NONE)
    if kind == KIND_BASEEXC:
        # an exception's builtin attributes (vm/exceptions.pxi)
        for i in range(EXC_NSLOTS):
            list_append_v(top_slot(), tag(-1 - i))
    push(list_new(0))
    c = alloc_fixed(T_CLASS)
    FLD(c)[K_SUBCLASSES] = pop()
    FLD(c)[K_KEYS] = pop()
    FLD(c)[K_META] = pop()
    FLD(c)[K_NAME] = name[0]
    FLD(c)[K_QUALNAME] = name[0]
    FLD(c)[K_BASES] = bases[0]
    FLD(c)[K_BASE] = FLD(bases[0])[0] if LEN(bases[0]) else 0
    FLD(c)[K_DICT] = ns[0]
    class_serial += 1
    RAW(c)[K_SERIAL] = class_serial
    RAW(c)[K_FLAGS] = flags
    RAW(c)[K_KIND] = kind
    push(c)
    cdef gcref_t* cslot = top_slot()
    RAW(c)[K_TID] = T_INSTANCE if (flags & CF_BUILTIN and not flags & CF_EXCEPTION) \
        else register_class_type(str_to_py(name[0]))
    c = class_mro(cslot)
    store(cslot[0], K_MRO, c)
    update_class_flags(cslot[0])
    for i in range(LEN(FLD(cslot[0])[K_BASES])):
        push(FLD(FLD(cslot[0])[K_BASES])[i])
        add_subclass(top_slot(), cslot)
        pop()
    return pop()

# ---------------------------------------------------------------- instances

cdef Py_ssize_t keys_index(gcref_t cls, gcref_t name) noexcept nogil:
    cdef gcref_t keys = FLD(cls)[K_KEYS]
    cdef gcref_t* items = ITEMS(keys)
    cdef Py_ssize_t n = RAW(keys)[L_LEN], i
    cdef int64_t hv
    for i in range(n):
        if items[i] == name:
            return i
    # Not this very string (names are interned, so a miss is the common
    # case): an equal one, hashes (cached in the strings) compared first.
    hv = str_hash(name)
    for i in range(n):
        if is_obj(items[i]) and str_hash(items[i]) == hv and str_eq(items[i], name):   # (reserved keys are immediates)
            return i
    return -1

cdef gcref_t instance_new(gcref_t* cslot) except 0:
    cdef gcref_t cls = cslot[0]
    cdef Py_ssize_t n = RAW(FLD(cls)[K_KEYS])[L_LEN]
    cdef gcref_t o = alloc_var(<uint16_t>RAW(cls)[K_TID], I_VALUES + n)
    FLD(o)[I_CLASS] = cslot[0]
    if RAW(cslot[0])[K_FLAGS] & CF_DEL and gc_finalizer_register(HEAP, HDR(o)) < 0:
        raise_gc_error()
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
            raise_cannot_store(oslot[0], nslot[0])
        push(FLD(cls)[K_KEYS])
        list_append(top_slot(), nslot)
        i = RAW(pop())[L_LEN] - 1
    return instance_set(oslot, i, vslot)

