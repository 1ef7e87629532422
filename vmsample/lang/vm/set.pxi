# vm/set.pxi, included by _vm.pyx (one extension module, one C file).
#
# Sets and frozensets: CPython's setobject.c probing and resize policy, so
# that iteration order matches CPython; set algebra and the set methods.

# ---------------------------------------------------------------- set
# CPython's setobject.c algorithms, so that iterating a set of ints visits them
# in CPython's order: the same probing (LINEAR_PROBES linear steps, then
# perturbation), the same resize points (fill*5 >= mask*3 -> used*4, or used*2
# past 50000), the same reuse of the last tombstone seen, and the same shapes
# for copy/merge/union/intersection/difference (which decide table layouts).
# A table entry is (tagged hash, key); key 0 is empty, V_DUMMY a tombstone
# whose hash is -1.

cdef enum:
    LINEAR_PROBES = 9
    PERTURB_SHIFT = 5
    SET_MINSIZE = 8

cdef gcref_t set_new() except 0:
    cdef gcref_t table = alloc_var(T_ARRAY, 2 * SET_MINSIZE)
    push(table)
    cdef gcref_t s = alloc_fixed(T_SET)
    FLD(s)[S_TABLE] = pop()
    RAW(s)[S_MASK] = SET_MINSIZE - 1
    return s

cdef inline bint is_anyset(gcref_t v) noexcept nogil:
    return is_obj(v) and (TID(v) == T_SET or TID(v) == T_FROZENSET)

cdef inline gcref_t* STAB(gcref_t s) noexcept nogil:
    return FLD(FLD(s)[S_TABLE])

cdef inline bint set_active(gcref_t key) noexcept nogil:
    return key != 0 and key != V_DUMMY

cdef void set_insert_clean(gcref_t* table, Py_ssize_t mask, gcref_t key, int64_t hv) noexcept nogil:
    cdef uint64_t perturb = <uint64_t>hv
    cdef Py_ssize_t i = hv & mask, j
    cdef gcref_t* entry
    while True:
        entry = table + 2 * i
        if entry[1] == 0:
            entry[0] = tag(hv)
            entry[1] = key
            return
        if i + LINEAR_PROBES <= mask:
            for j in range(LINEAR_PROBES):
                entry += 2
                if entry[1] == 0:
                    entry[0] = tag(hv)
                    entry[1] = key
                    return
        perturb >>= PERTURB_SHIFT
        i = <Py_ssize_t>((i * 5 + 1 + perturb) & mask)

cdef int set_table_resize(gcref_t* sslot, Py_ssize_t minused) except -1:
    cdef Py_ssize_t newsize = SET_MINSIZE, i, oldmask
    cdef gcref_t s
    cdef gcref_t* old
    while newsize <= minused:
        newsize <<= 1
    s = sslot[0]
    if newsize == SET_MINSIZE and RAW(s)[S_MASK] == SET_MINSIZE - 1 and RAW(s)[S_FILL] == RAW(s)[S_USED]:
        return 0            # the small table stays, no tombstones to purge
    cdef gcref_t table = alloc_var(T_ARRAY, 2 * newsize)
    s = sslot[0]
    old = STAB(s)
    oldmask = RAW(s)[S_MASK]
    for i in range(oldmask + 1):
        if set_active(old[2 * i + 1]):
            set_insert_clean(FLD(table), newsize - 1, old[2 * i + 1], untag(old[2 * i]))
    store(s, S_TABLE, table)
    RAW(s)[S_MASK] = newsize - 1
    RAW(s)[S_FILL] = RAW(s)[S_USED]
    return 0

cdef int set_add(gcref_t* sslot, gcref_t* kslot) except -1:
    return set_add_h(sslot, kslot, vm_hash(kslot))

cdef int set_add_h(gcref_t* sslot, gcref_t* kslot, int64_t hv) except -1:
    cdef gcref_t s
    cdef gcref_t* slot
    if set_lookup(sslot, kslot, hv, &slot) != NULL:
        return 0
    s = sslot[0]
    gc_write_barrier(HEAP, <GCHeader*>FLD(s)[S_TABLE])
    RAW(s)[S_USED] += 1
    if slot[1] == V_DUMMY:          # a tombstone reused: the fill stays
        slot[0] = tag(hv)
        slot[1] = kslot[0]
        return 0
    slot[0] = tag(hv)
    slot[1] = kslot[0]
    RAW(s)[S_FILL] += 1
    if RAW(s)[S_FILL] * 5 < RAW(s)[S_MASK] * 3:
        return 0
    return set_table_resize(sslot, RAW(s)[S_USED] * 2 if RAW(s)[S_USED] > 50000
                            else RAW(s)[S_USED] * 4)

cdef gcref_t* set_find(gcref_t* sslot, gcref_t* kslot, int64_t hv) except? NULL:
    # The table entry holding the key, or NULL.
    return set_lookup(sslot, kslot, hv, NULL)

cdef gcref_t* set_lookup(gcref_t* sslot, gcref_t* kslot, int64_t hv, gcref_t** free_out) except? NULL:
    # The table entry holding the key, or NULL; then, with [free_out] (an
    # insertion), the slot to insert into: the last tombstone on the probe
    # chain, else the empty entry that ended it (CPython's choice, so that
    # iteration orders agree).  Comparing keys may run VM code (__eq__), which
    # may mutate the set or move its table: the probe then starts over, so a
    # pointer returned points into the current table -- except the entry an
    # insertion found equal after such a mutation, which only says "present"
    # (as CPython's set_add_entry).
    cdef gcref_t s, tab, startkey
    cdef gcref_t* entry
    cdef gcref_t* freeslot
    cdef Py_ssize_t mask, i, probes
    cdef uint64_t perturb
    cdef int r
    cdef bint restart = True
    while restart:
        restart = False
        s = sslot[0]
        tab = FLD(s)[S_TABLE]
        mask = RAW(s)[S_MASK]
        i = hv & mask
        freeslot = NULL
        perturb = <uint64_t>hv
        while not restart:
            entry = FLD(tab) + 2 * i
            probes = LINEAR_PROBES if i + LINEAR_PROBES <= mask else 0
            while True:
                if entry[1] == 0:
                    if free_out != NULL:
                        free_out[0] = freeslot if freeslot != NULL else entry
                    return NULL
                if entry[1] == V_DUMMY:
                    freeslot = entry
                elif untag(entry[0]) == hv:
                    startkey = entry[1]
                    if startkey == kslot[0]:
                        return entry
                    r = keys_equal_fast(startkey, kslot[0])
                    if r == 1:
                        return entry
                    if r == 2:
                        push(startkey)
                        r = vm_eq_bool(top_slot(), kslot)
                        pop()
                        if r and free_out != NULL:
                            return entry
                        if sslot[0] != s or FLD(s)[S_TABLE] != tab or entry[1] != startkey:
                            restart = True
                            break
                        if r:
                            return entry
                if probes == 0:
                    break
                probes -= 1
                entry += 2
            perturb >>= PERTURB_SHIFT
            i = <Py_ssize_t>((i * 5 + 1 + perturb) & mask)
    return NULL

cdef int set_contains_h(gcref_t* sslot, gcref_t* kslot, int64_t hv) except -1:
    return set_find(sslot, kslot, hv) != NULL

cdef bint unhashable_set(gcref_t k) except -1:
    # A set, or an instance of a subclass without a __hash__: `in`,
    # set.discard and set.remove look it up as the frozenset of its items
    # (CPython's retry after the TypeError of hashing it), as no set can be
    # a member of a set.
    return has_tid(k, T_SET) or (has_tid(k, T_INSTANCE) and has_tid(unwrap(k), T_SET)
                                 and magic_of(k, M_HASH) == V_NONE)

cdef int set_contains(gcref_t* sslot, gcref_t* kslot) except -1:
    # `key in s` (set_contains)
    cdef int found
    if unhashable_set(kslot[0]):
        push(frozenset_from_iterable(kslot))
        found = set_find(sslot, top_slot(), vm_hash(top_slot())) != NULL
        pop()
        return found
    return set_find(sslot, kslot, vm_hash(kslot)) != NULL

cdef int set_discard_h(gcref_t* sslot, gcref_t* kslot, int64_t hv) except -1:
    cdef gcref_t* e = set_find(sslot, kslot, hv)
    if e == NULL:
        return 0
    e[0] = tag(-1)
    e[1] = V_DUMMY
    RAW(sslot[0])[S_USED] -= 1
    return 1

cdef int set_discard(gcref_t* sslot, gcref_t* kslot) except -1:
    return set_discard_h(sslot, kslot, vm_hash(kslot))

cdef int set_discard_method(gcref_t* sslot, gcref_t* kslot) except -1:
    # set.discard and set.remove (set_discard_key with CPython's retry of an
    # unhashable set as its frozenset; difference_update has no retry)
    cdef int found
    if not unhashable_set(kslot[0]):
        return set_discard(sslot, kslot)
    push(frozenset_from_iterable(kslot))
    found = set_discard(sslot, top_slot())
    pop()
    return found

cdef int set_clear(gcref_t* sslot) except -1:
    cdef gcref_t table = alloc_var(T_ARRAY, 2 * SET_MINSIZE)
    store(sslot[0], S_TABLE, table)
    RAW(sslot[0])[S_FILL] = 0
    RAW(sslot[0])[S_USED] = 0
    RAW(sslot[0])[S_MASK] = SET_MINSIZE - 1
    return 0

# Iterating a set's table from C: the callers below push the key and its hash
# (a tagged int, so it survives collections) before anything that allocates.

cdef int set_merge(gcref_t* sslot, gcref_t* oslot) except -1:
    # set_update_internal(so, other) for another set [oslot]
    cdef gcref_t so, other
    cdef Py_ssize_t i, mask
    cdef gcref_t* e
    if sslot[0] == oslot[0] or RAW(oslot[0])[S_USED] == 0:
        return 0
    so = sslot[0]
    other = oslot[0]
    if (RAW(so)[S_FILL] + RAW(other)[S_USED]) * 5 >= RAW(so)[S_MASK] * 3:
        set_table_resize(sslot, (RAW(so)[S_USED] + RAW(other)[S_USED]) * 2)
    so = sslot[0]
    other = oslot[0]
    mask = RAW(other)[S_MASK]
    if RAW(so)[S_FILL] == 0 and RAW(so)[S_MASK] == mask and RAW(other)[S_FILL] == RAW(other)[S_USED]:
        gc_write_barrier(HEAP, <GCHeader*>FLD(so)[S_TABLE])
        for i in range(2 * (mask + 1)):
            STAB(so)[i] = STAB(other)[i]
        RAW(so)[S_FILL] = RAW(other)[S_FILL]
        RAW(so)[S_USED] = RAW(other)[S_USED]
        return 0
    if RAW(so)[S_FILL] == 0:
        gc_write_barrier(HEAP, <GCHeader*>FLD(so)[S_TABLE])
        RAW(so)[S_FILL] = RAW(other)[S_USED]
        RAW(so)[S_USED] = RAW(other)[S_USED]
        for i in range(mask + 1):
            e = STAB(other) + 2 * i
            if set_active(e[1]):
                set_insert_clean(STAB(so), RAW(so)[S_MASK], e[1], untag(e[0]))
        return 0
    i = 0
    while i <= RAW(oslot[0])[S_MASK]:
        e = STAB(oslot[0]) + 2 * i
        if set_active(e[1]):
            push(e[1])
            set_add_h(sslot, top_slot(), untag(e[0]))
            pop()
        i += 1
    return 0

cdef int set_update(gcref_t* sslot, gcref_t* oslot) except -1:
    # set_update_internal: a set merges, a dict adds its keys with their hashes
    # after one presize, anything else is iterated.
    cdef gcref_t v
    cdef Py_ssize_t i, n
    if is_anyset(oslot[0]):
        return set_merge(sslot, oslot)
    if has_tid(oslot[0], T_DICT):
        n = RAW(oslot[0])[D_USED]
        if (RAW(sslot[0])[S_FILL] + n) * 5 >= RAW(sslot[0])[S_MASK] * 3:
            set_table_resize(sslot, (RAW(sslot[0])[S_USED] + n) * 2)
        i = 0
        while i < RAW(oslot[0])[D_NENTRIES]:
            if ENT(oslot[0])[3 * i + 1] != 0:
                push(ENT(oslot[0])[3 * i + 1])
                set_add_h(sslot, top_slot(), untag(ENT(oslot[0])[3 * i]))
                pop()
            i += 1
        return 0
    return for_each(oslot, set_add, sslot)

cdef gcref_t set_from_iterable(gcref_t* slot) except 0:
    # make_new_set(set, iterable); also set.copy()
    push(set_new())
    set_update(top_slot(), slot)
    return pop()

cdef gcref_t set_intersection(gcref_t* sslot, gcref_t* oslot) except 0:
    cdef gcref_t* so = sslot
    cdef gcref_t* other = oslot
    cdef gcref_t* tmp
    cdef gcref_t* e
    cdef gcref_t v
    cdef Py_ssize_t i
    cdef int64_t hv
    if sslot[0] == oslot[0]:
        return set_from_iterable(sslot)
    push(set_new())
    cdef gcref_t* result = top_slot()
    if is_anyset(oslot[0]):
        if RAW(other[0])[S_USED] > RAW(so[0])[S_USED]:
            tmp = so
            so = other
            other = tmp
        i = 0
        while i <= RAW(other[0])[S_MASK]:
            e = STAB(other[0]) + 2 * i
            if set_active(e[1]):
                hv = untag(e[0])
                push(e[1])
                if set_contains_h(so, top_slot(), hv):
                    set_add_h(result, top_slot(), hv)
                pop()
            i += 1
        return pop()
    push(get_iter(oslot))
    while True:
        v = for_iter(top_slot())
        if v == 0:
            break
        push(v)
        hv = vm_hash(top_slot())
        if set_contains_h(sslot, top_slot(), hv):
            set_add_h(result, top_slot(), hv)
            if RAW(result[0])[S_USED] >= RAW(sslot[0])[S_USED]:
                pop()
                break
        pop()
    pop()
    return pop()

cdef int set_difference_update(gcref_t* sslot, gcref_t* oslot) except -1:
    cdef gcref_t v
    cdef gcref_t* e
    cdef Py_ssize_t i
    if sslot[0] == oslot[0]:
        return set_clear(sslot)
    if is_anyset(oslot[0]):
        if (RAW(oslot[0])[S_USED] >> 3) > RAW(sslot[0])[S_USED]:
            push(set_intersection(sslot, oslot))
        else:
            push(oslot[0])
        i = 0
        while i <= RAW(top_slot()[0])[S_MASK]:
            e = STAB(top_slot()[0]) + 2 * i
            if set_active(e[1]):
                push(e[1])
                set_discard_h(sslot, top_slot(), untag(e[0]))
                pop()
            i += 1
        pop()
    else:
        for_each(oslot, set_discard, sslot)
    if RAW(sslot[0])[S_FILL] - RAW(sslot[0])[S_USED] <= RAW(sslot[0])[S_MASK] // 4:
        return 0
    return set_table_resize(sslot, RAW(sslot[0])[S_USED] * 2 if RAW(sslot[0])[S_USED] > 50000
                            else RAW(sslot[0])[S_USED] * 4)

cdef gcref_t set_difference(gcref_t* sslot, gcref_t* oslot) except 0:
    cdef Py_ssize_t other_size, i
    cdef gcref_t* e
    cdef int64_t hv
    cdef bint found
    if is_anyset(oslot[0]):
        other_size = RAW(oslot[0])[S_USED]
    elif has_tid(oslot[0], T_DICT):
        other_size = RAW(oslot[0])[D_USED]
    else:
        other_size = -1
    if other_size < 0 or (RAW(sslot[0])[S_USED] >> 2) > other_size:
        push(set_from_iterable(sslot))
        set_difference_update(top_slot(), oslot)
        return pop()
    push(set_new())
    i = 0
    while i <= RAW(sslot[0])[S_MASK]:
        e = STAB(sslot[0]) + 2 * i
        if set_active(e[1]):
            hv = untag(e[0])
            push(e[1])
            if is_anyset(oslot[0]):
                found = set_contains_h(oslot, top_slot(), hv)
            else:
                found = dict_find(oslot, top_slot(), hv) >= 0
            if not found:
                set_add_h(top_slot() - 1, top_slot(), hv)
            pop()
        i += 1
    return pop()

cdef int set_symmetric_difference_update(gcref_t* sslot, gcref_t* oslot) except -1:
    cdef gcref_t* e
    cdef Py_ssize_t i
    cdef int64_t hv
    if sslot[0] == oslot[0]:
        return set_clear(sslot)
    if is_anyset(oslot[0]):
        push(oslot[0])
    else:
        push(set_from_iterable(oslot))
    i = 0
    while i <= RAW(top_slot()[0])[S_MASK]:
        e = STAB(top_slot()[0]) + 2 * i
        if set_active(e[1]):
            hv = untag(e[0])
            push(e[1])
            if not set_discard_h(sslot, top_slot(), hv):
                set_add_h(sslot, top_slot(), hv)
            pop()
        i += 1
    pop()
    return 0

cdef gcref_t set_symmetric_difference(gcref_t* sslot, gcref_t* oslot) except 0:
    push(set_from_iterable(oslot))
    set_symmetric_difference_update(top_slot(), sslot)
    return pop()

cdef gcref_t set_union(gcref_t* sslot, gcref_t* oslot) except 0:
    push(set_from_iterable(sslot))
    if oslot[0] != sslot[0]:
        set_update(top_slot(), oslot)
    return pop()

cdef int set_adopt(gcref_t* sslot, gcref_t other) except -1:
    # set_swap_bodies, one way: [sslot] takes the table of [other]
    store(sslot[0], S_TABLE, FLD(other)[S_TABLE])
    RAW(sslot[0])[S_FILL] = RAW(other)[S_FILL]
    RAW(sslot[0])[S_USED] = RAW(other)[S_USED]
    RAW(sslot[0])[S_MASK] = RAW(other)[S_MASK]
    return 0

cdef gcref_t set_binop(gcref_t* ab, int op, bint inplace) except 0:
    # set OP set, for | & - ^ and their in-place forms; either may be a
    # frozenset, and the result is of the left operand's kind (a frozenset's
    # in-place form makes a new one, as CPython's)
    if has_tid(ab[0], T_FROZENSET):
        return frozenset_adopting(set_binop_of(ab, op, False))
    return set_binop_of(ab, op, inplace)

cdef gcref_t set_binop_of(gcref_t* ab, int op, bint inplace) except 0:
    if op == B_OR:
        if inplace:
            set_update(ab, ab + 1)
            return ab[0]
        return set_union(ab, ab + 1)
    if op == B_AND:
        if inplace:
            set_adopt(ab, set_intersection(ab, ab + 1))
            return ab[0]
        return set_intersection(ab, ab + 1)
    if op == B_SUB:
        if inplace:
            set_difference_update(ab, ab + 1)
            return ab[0]
        return set_difference(ab, ab + 1)
    if inplace:
        set_symmetric_difference_update(ab, ab + 1)
        return ab[0]
    return set_symmetric_difference(ab, ab + 1)

cdef bint set_issubset(gcref_t* a, gcref_t* b) except -1:
    # a <= b, both sets
    cdef Py_ssize_t i = 0
    cdef gcref_t* e
    cdef bint r
    if RAW(a[0])[S_USED] > RAW(b[0])[S_USED]:
        return False
    while i <= RAW(a[0])[S_MASK]:
        e = STAB(a[0]) + 2 * i
        if set_active(e[1]):
            push(e[1])
            r = set_contains_h(b, top_slot(), untag(e[0]))
            pop()
            if not r:
                return False
        i += 1
    return True

cdef gcref_t set_compare(gcref_t* ab, int op) except 0:
    # sets and frozensets compare by their elements, whichever kind each is
    cdef Py_ssize_t na = RAW(ab[0])[S_USED], nb = RAW(ab[1])[S_USED]
    if op == C_EQ or op == C_NE:
        return vbool((na == nb and set_issubset(ab, ab + 1)) == (op == C_EQ))
    if op == C_LE:
        return vbool(set_issubset(ab, ab + 1))
    if op == C_LT:
        return vbool(na < nb and set_issubset(ab, ab + 1))
    if op == C_GE:
        return vbool(set_issubset(ab + 1, ab))
    return vbool(na > nb and set_issubset(ab + 1, ab))

cdef gcref_t set_pop(gcref_t* sslot) except 0:
    cdef gcref_t s = sslot[0], key
    cdef Py_ssize_t mask = RAW(s)[S_MASK]
    cdef Py_ssize_t i = RAW(s)[S_FINGER] & mask
    if RAW(s)[S_USED] == 0:
        raise KeyError("pop from an empty set")
    while not set_active(STAB(s)[2 * i + 1]):
        i += 1
        if i > mask:
            i = 0
    key = STAB(s)[2 * i + 1]
    STAB(s)[2 * i] = tag(-1)
    STAB(s)[2 * i + 1] = V_DUMMY
    RAW(s)[S_USED] -= 1
    RAW(s)[S_FINGER] = i + 1
    return key

cdef gcref_t set_method(int bid, gcref_t* a, Py_ssize_t n) except 0:
    # set.add and friends; a[0] is the set (or, for the methods frozenset
    # shares, a frozenset), n counts it.
    name = BUILTIN_NAMES[bid][4:]
    if n == 0:
        raise TypeError(f"unbound method set.{name}() needs an argument")
    if not (has_tid(a[0], T_SET) or has_tid(a[0], T_FROZENSET) and name in FROZENSET_METHODS):
        raise TypeError(f"descriptor '{name}' for 'set' objects doesn't apply to a '{type_name(a[0])}' object")
    if has_tid(a[0], T_FROZENSET):
        if bid == BI_SET_COPY:
            return a[0]             # immutable: its own copy, as in CPython
        if bid in (BI_SET_UNION, BI_SET_INTERSECTION, BI_SET_DIFFERENCE, BI_SET_SYMDIFF):
            return frozenset_adopting(set_method_of(bid, a, n))
    return set_method_of(bid, a, n)

cdef gcref_t set_method_of(int bid, gcref_t* a, Py_ssize_t n) except 0:
    cdef Py_ssize_t i
    cdef gcref_t r
    if bid == BI_SET_ADD:
        set_add(a, a + 1)
        return V_NONE
    if bid == BI_SET_REMOVE:
        if not set_discard_method(a, a + 1):
            raise_with_value("KeyError", a[1])
        return V_NONE
    if bid == BI_SET_DISCARD:
        set_discard_method(a, a + 1)
        return V_NONE
    if bid == BI_SET_POP:
        return set_pop(a)
    if bid == BI_SET_COPY:
        return set_from_iterable(a)
    if bid == BI_SET_CLEAR:
        set_clear(a)
        return V_NONE
    if bid == BI_SET_UPDATE:
        for i in range(1, n):
            set_update(a, a + i)
        return V_NONE
    if bid == BI_SET_UNION:
        push(set_from_iterable(a))
        for i in range(1, n):
            if a[i] != a[0]:
                set_update(top_slot(), a + i)
        return pop()
    if bid == BI_SET_INTERSECTION:
        push(a[0])
        if n == 1:
            top_slot()[0] = set_from_iterable(a)
        for i in range(1, n):
            r = set_intersection(top_slot(), a + i)
            top_slot()[0] = r
        return pop()
    if bid == BI_SET_DIFFERENCE:
        if n == 1:
            return set_from_iterable(a)
        push(set_difference(a, a + 1))
        for i in range(2, n):
            set_difference_update(top_slot(), a + i)
        return pop()
    if bid == BI_SET_SYMDIFF:
        return set_symmetric_difference(a, a + 1)
    if bid == BI_SET_ISSUBSET:
        if is_anyset(a[1]):
            return vbool(set_issubset(a, a + 1))
        r = set_intersection(a, a + 1)
        return vbool(RAW(r)[S_USED] == RAW(a[0])[S_USED])
    if bid == BI_SET_ISSUPERSET:
        push(a[1] if is_anyset(a[1]) else set_from_iterable(a + 1))
        r = vbool(set_issubset(top_slot(), a))
        pop()
        return r
    if bid == BI_SET_DIFFERENCE_UPDATE:
        for i in range(1, n):
            if a[i] == a[0]:
                set_clear(a)
            else:
                set_difference_update(a, a + i)
        return V_NONE
    if bid == BI_SET_INTERSECTION_UPDATE:
        push(a[0])
        for i in range(1, n):
            top_slot()[0] = set_intersection(top_slot(), a + i)
        set_adopt(a, top_slot()[0])
        pop()
        return V_NONE
    if bid == BI_SET_SYMDIFF_UPDATE:
        if a[1] == a[0]:
            set_clear(a)
        else:
            set_symmetric_difference_update(a, a + 1)
        return V_NONE
    # isdisjoint
    push(a[1] if is_anyset(a[1]) else set_from_iterable(a + 1))
    r = set_intersection(a, top_slot())
    pop()
    return vbool(RAW(r)[S_USED] == 0)


# ---------------------------------------------------------------- frozenset
# A frozenset is a set with another type id (so profiles name it) and one
# more word, its hash; nothing mutates it after it is made.  The algebra is
# the set's: an operation whose result is a frozenset computes a new set and
# hands its table to a new frozenset (frozenset_adopting).

# The set methods frozenset has too (the others mutate).
FROZENSET_METHODS = ("copy", "union", "intersection", "difference", "symmetric_difference",
                     "issubset", "issuperset", "isdisjoint")

cdef gcref_t frozenset_adopting(gcref_t s) except 0:
    # A frozenset that takes over the table of [s], a new set no one else holds.
    push(s)
    cdef gcref_t f = alloc_fixed(T_FROZENSET)
    s = pop()
    FLD(f)[S_TABLE] = FLD(s)[S_TABLE]
    RAW(f)[S_FILL] = RAW(s)[S_FILL]
    RAW(f)[S_USED] = RAW(s)[S_USED]
    RAW(f)[S_MASK] = RAW(s)[S_MASK]
    RAW(f)[S_HASH] = -1
    return f

cdef gcref_t frozenset_from_iterable(gcref_t* slot) except 0:
    # frozenset(iterable): a frozenset is its own frozenset
    if has_tid(slot[0], T_FROZENSET):
        return slot[0]
    return frozenset_adopting(set_from_iterable(slot))

cdef inline uint64_t shuffle_bits(uint64_t h) noexcept nogil:
    return ((h ^ 89869747ULL) ^ (h << 16)) * 3644798167ULL

cdef int64_t frozenset_hash(gcref_t* slot) except? -1:
    # CPython's frozenset_hash over the elements' full hashes (a set table
    # keeps them folded to 63 bits: see vm_hash), computed once.  Empty and
    # dummy entries cancel out in CPython's, so only the active ones count.
    cdef uint64_t h = 0, eh
    cdef Py_ssize_t i = 0
    cdef gcref_t key
    if RAW(slot[0])[S_HASH] != -1:
        return RAW(slot[0])[S_HASH]
    while i <= RAW(slot[0])[S_MASK]:
        key = STAB(slot[0])[2 * i + 1]
        if set_active(key):
            if has_tid(key, T_TUPLE) or has_tid(key, T_INSTANCE) or has_tid(key, T_FROZENSET) or \
                    has_tid(key, T_STR) or has_tid(key, T_BYTES):
                push(key)
                eh = <uint64_t>full_hash(top_slot())
                pop()
            else:
                eh = <uint64_t>untag(STAB(slot[0])[2 * i])
            h ^= shuffle_bits(eh)
        i += 1
    h ^= (<uint64_t>RAW(slot[0])[S_USED] + 1) * 1927868237ULL
    h ^= (h >> 11) ^ (h >> 25)
    h = h * 69069ULL + 907133923ULL
    if h == <uint64_t>-1:
        h = 590923713ULL
    RAW(slot[0])[S_HASH] = <int64_t>h
    return <int64_t>h
