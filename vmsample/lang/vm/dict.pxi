# vm/dict.pxi, included by _vm.pyx (one extension module, one C file).
#
# Dicts: CPython's compact layout (index table + insertion-ordered entries),
# lookup, insertion, deletion, resize and copy.

# ---------------------------------------------------------------- dict
# Compact dict, as CPython's: [indices] maps hash slots to entry numbers;
# [entries] keeps (hash, key, value) triples in insertion order; a deleted
# entry has key 0.  Only insertion order is observable, so the probing is free
# to differ from CPython's.
# A dict's keys version is its header's aux word (a fixed-size object's is
# the VM's, _nursery.pxd): dict_set_h, the one place that adds a key, bumps
# it, so a key absent when the version was read is still absent while the
# version is the same (LOAD_GLOBAL's cache of builtins, vm/inline_caches.pxi).
# It wraps after 2**32 additions to one dict.

cdef enum:
    IX_EMPTY = -1
    IX_DUMMY = -2

cdef inline int64_t* IDX(gcref_t d) noexcept nogil:
    return <int64_t*>(FLD(d)[D_INDICES] + 8)

cdef inline gcref_t* ENT(gcref_t d) noexcept nogil:
    return FLD(FLD(d)[D_ENTRIES])

cdef gcref_t dict_new_sized(Py_ssize_t n) except 0:
    cdef Py_ssize_t size = 8, i
    while size * 2 < n * 3:
        size *= 2
    cdef gcref_t idx = alloc_var(T_INDEX, size)
    for i in range(size):
        (<int64_t*>(idx + 8))[i] = IX_EMPTY
    push(idx)
    cdef gcref_t ent = alloc_var(T_ARRAY, 3 * ((size * 2) // 3))
    push(ent)
    cdef gcref_t d = alloc_fixed(T_DICT)
    FLD(d)[D_ENTRIES] = pop()
    FLD(d)[D_INDICES] = pop()
    return d

cdef gcref_t dict_new() except 0:
    return dict_new_sized(0)

cdef inline Py_ssize_t DCAP(gcref_t d) noexcept nogil:
    return LEN(FLD(d)[D_ENTRIES]) // 3

cdef inline Py_ssize_t DMASK(gcref_t d) noexcept nogil:
    return LEN(FLD(d)[D_INDICES]) - 1

cdef Py_ssize_t dict_find(gcref_t* dslot, gcref_t* kslot, int64_t hv) except -2:
    # The entry number of key [kslot] in dict [dslot], or -1.  Comparing keys
    # may run VM code (__eq__), which may move or mutate the dict: restart then.
    cdef gcref_t d, k
    cdef int64_t* idx
    cdef gcref_t* ent
    cdef Py_ssize_t mask, i, ix
    cdef uint64_t perturb
    cdef int r
    while True:
        d = dslot[0]
        k = kslot[0]
        idx = IDX(d)
        mask = DMASK(d)
        perturb = <uint64_t>hv
        i = hv & mask
        while True:
            ix = idx[i]
            if ix == IX_EMPTY:
                return -1
            if ix >= 0:
                ent = ENT(d) + 3 * ix
                if ent[1] == k:
                    return ix
                if untag(ent[0]) == hv and ent[1] != 0:
                    r = keys_equal_fast(ent[1], k)
                    if r == 1:
                        return ix
                    if r == 2:
                        # VM-level __eq__: compare with everything rooted.
                        push(ent[1])
                        r = vm_eq_bool(top_slot(), kslot)
                        pop()
                        if dslot[0] != d or IDX(dslot[0]) != idx:
                            break  # moved or resized: start over
                        if r:
                            return ix
            perturb >>= 5
            i = (i * 5 + perturb + 1) & mask

cdef int dict_insert_index(gcref_t d, int64_t hv, Py_ssize_t ix) noexcept nogil:
    cdef int64_t* idx = IDX(d)
    cdef Py_ssize_t mask = DMASK(d)
    cdef uint64_t perturb = <uint64_t>hv
    cdef Py_ssize_t i = hv & mask
    while idx[i] >= 0:
        perturb >>= 5
        i = (i * 5 + perturb + 1) & mask
    idx[i] = ix
    return 0

cdef int dict_resize(gcref_t* dslot, Py_ssize_t minused) except -1:
    cdef gcref_t nd = dict_new_sized(minused)
    cdef gcref_t d = dslot[0]
    cdef gcref_t* src = ENT(d)
    cdef gcref_t* dst = ENT(nd)
    cdef Py_ssize_t i, j = 0
    for i in range(RAW(d)[D_NENTRIES]):
        if src[3 * i + 1] != 0:
            dst[3 * j] = src[3 * i]
            dst[3 * j + 1] = src[3 * i + 1]
            dst[3 * j + 2] = src[3 * i + 2]
            dict_insert_index(nd, untag(src[3 * i]), j)
            j += 1
    # Adopt the new tables (the dict object keeps its identity).
    gc_write_barrier(HEAP, <GCHeader*>d)
    FLD(d)[D_INDICES] = FLD(nd)[D_INDICES]
    FLD(d)[D_ENTRIES] = FLD(nd)[D_ENTRIES]
    RAW(d)[D_NENTRIES] = j
    return 0

cdef int dict_set(gcref_t* dslot, gcref_t* kslot, gcref_t* vslot) except -1:
    cdef int64_t hv = vm_hash(kslot)
    return dict_set_h(dslot, kslot, vslot, hv)

cdef int dict_set_h(gcref_t* dslot, gcref_t* kslot, gcref_t* vslot, int64_t hv) except -1:
    cdef Py_ssize_t ix = dict_find(dslot, kslot, hv)
    if ix >= 0:
        store(FLD(dslot[0])[D_ENTRIES], 3 * ix + 2, vslot[0])
        return 0
    return dict_insert_new(dslot, kslot, vslot, hv)

cdef int dict_insert_new(gcref_t* dslot, gcref_t* kslot, gcref_t* vslot, int64_t hv) except -1:
    # A key that dict_find just did not find, inserted without looking again
    # (its __eq__ runs once: CPython's setdefault).
    cdef gcref_t d = dslot[0]
    cdef gcref_t ents
    cdef Py_ssize_t ix
    if RAW(d)[D_NENTRIES] >= DCAP(d):
        dict_resize(dslot, RAW(d)[D_USED] * 3 if RAW(d)[D_USED] > 5 else 8)
        d = dslot[0]
    ix = RAW(d)[D_NENTRIES]
    ents = FLD(d)[D_ENTRIES]
    gc_write_barrier(HEAP, <GCHeader*>ents)
    FLD(ents)[3 * ix] = tag(hv)
    FLD(ents)[3 * ix + 1] = kslot[0]
    FLD(ents)[3 * ix + 2] = vslot[0]
    RAW(d)[D_NENTRIES] = ix + 1
    RAW(d)[D_USED] += 1
    HDR(d).aux += 1             # the keys version
    dict_insert_index(d, hv, ix)
    return 0

cdef gcref_t dict_get(gcref_t* dslot, gcref_t* kslot) except? 0:
    # the value, or 0 (no exception) when absent
    cdef int64_t hv = vm_hash(kslot)
    cdef Py_ssize_t ix = dict_find(dslot, kslot, hv)
    if ix < 0:
        return 0
    return ENT(dslot[0])[3 * ix + 2]

cdef gcref_t dict_get_str(gcref_t d, gcref_t key) noexcept nogil:
    # Lookup by a str key without allocating or running VM code; 0 if absent.
    cdef Py_ssize_t ix = dict_index_str(d, key)
    return ENT(d)[3 * ix + 2] if ix >= 0 else 0

cdef Py_ssize_t dict_index_str(gcref_t d, gcref_t key) noexcept nogil:
    # The entry number of str [key] in [d], or -1; as dict_get_str.
    cdef int64_t hv = str_hash(key)
    cdef int64_t* idx = IDX(d)
    cdef Py_ssize_t mask = DMASK(d)
    cdef uint64_t perturb = <uint64_t>hv
    cdef Py_ssize_t i = hv & mask, ix
    cdef gcref_t* ent
    while True:
        ix = idx[i]
        if ix == IX_EMPTY:
            return -1
        if ix >= 0:
            ent = ENT(d) + 3 * ix
            if ent[1] == key or (untag(ent[0]) == hv and has_tid(ent[1], T_STR) and str_eq(ent[1], key)):
                return ix
        perturb >>= 5
        i = (i * 5 + perturb + 1) & mask

cdef int dict_del(gcref_t* dslot, gcref_t* kslot) except -1:
    # 1 if deleted, 0 if absent
    cdef int64_t hv = vm_hash(kslot)
    cdef Py_ssize_t ix = dict_find(dslot, kslot, hv)
    cdef gcref_t d = dslot[0]
    cdef int64_t* idx
    cdef Py_ssize_t mask, i
    cdef uint64_t perturb
    if ix < 0:
        return 0
    idx = IDX(d)
    mask = DMASK(d)
    perturb = <uint64_t>hv
    i = hv & mask
    while idx[i] != ix:
        perturb >>= 5
        i = (i * 5 + perturb + 1) & mask
    idx[i] = IX_DUMMY
    ENT(d)[3 * ix + 1] = 0
    ENT(d)[3 * ix + 2] = 0
    RAW(d)[D_USED] -= 1
    return 1

cdef gcref_t dict_copy(gcref_t* dslot) except 0:
    cdef gcref_t d
    cdef Py_ssize_t i
    push(dict_new_sized(RAW(dslot[0])[D_USED]))
    cdef gcref_t* nslot = top_slot()
    for i in range(RAW(dslot[0])[D_NENTRIES]):
        d = dslot[0]
        if ENT(d)[3 * i + 1] != 0:
            push(ENT(d)[3 * i + 1])
            push(ENT(d)[3 * i + 2])
            dict_set_h(nslot, top_slot() - 1, top_slot(), untag(ENT(dslot[0])[3 * i]))
            pop()
            pop()
    return pop()

cdef int dict_fromkeys_hashed(gcref_t* dslot, gcref_t* kslot, gcref_t* vslot) except -1:
    # dict.fromkeys(keys, value) into a new dict [dslot] when [kslot] is an
    # exact dict, set or frozenset: each key with the hash it keeps, none
    # hashed again (CPython's dict_fromkeys fast paths).
    cdef Py_ssize_t i = 0
    if has_tid(kslot[0], T_DICT):
        while i < RAW(kslot[0])[D_NENTRIES]:
            if ENT(kslot[0])[3 * i + 1] != 0:
                push(ENT(kslot[0])[3 * i + 1])
                dict_set_h(dslot, top_slot(), vslot, untag(ENT(kslot[0])[3 * i]))
                pop()
            i += 1
        return 0
    while i <= RAW(kslot[0])[S_MASK]:
        if set_active(STAB(kslot[0])[2 * i + 1]):
            push(STAB(kslot[0])[2 * i + 1])
            dict_set_h(dslot, top_slot(), vslot, untag(STAB(kslot[0])[2 * i]))
            pop()
        i += 1
    return 0
