# vm/special_lookup.pxi, included by _vm.pyx (one extension module, one C file).
#
# The special-method cache: special_lookup(cls, m) is class_lookup(cls,
# MAGIC(m)) remembered per (class serial, M_* index) in one direct-mapped
# table, as CPython's type method cache is keyed by tp_version_tag.  The
# interpreter looks a special method up for every operator, comparison,
# hash, call and construction of an instance, and most of those lookups
# walk the whole MRO to miss (a Fraction has no __iadd__: six dict probes).
# An entry holds no reference (objects move): the MRO position of the class
# whose dict holds the method and its entry there, or no position for "none
# along the MRO".  It never answers wrongly, because
#   * a class's serial changes whenever what a lookup along its MRO could
#     find changes (vm/classes.pxi, "versions"), so while it is the same an
#     absent name stays absent and a present one stays in the same dict;
#   * a hit is re-validated: the entry still holds this very interned name
#     (as LOAD_METHOD's inline cache does, vm/inline_caches.pxi);
#   * serials start again at every run, and so does the table
#     (reset_special_cache).

cdef struct SpecialEntry:
    int64_t serial          # the class's serial; 0 (no class): empty
    int32_t index           # the method's entry in that class's dict
    short m                 # the M_* index looked up
    short where             # that class's MRO position; -1: no class has it

cdef enum:
    SPECIAL_CACHE_BITS = 12

cdef SpecialEntry SPECIAL_CACHE[1 << SPECIAL_CACHE_BITS]

cdef void reset_special_cache() noexcept nogil:
    memset(SPECIAL_CACHE, 0, sizeof(SPECIAL_CACHE))

cdef inline gcref_t special_lookup(gcref_t cls, int m) noexcept nogil:
    # The special method [m] of [cls] along its MRO, or 0; no allocation.
    cdef int64_t serial = RAW(cls)[K_SERIAL]
    cdef SpecialEntry* e = &SPECIAL_CACHE[
        (<uint64_t>serial * <uint64_t>0x9E3779B97F4A7C15 + <uint64_t>m * <uint64_t>0xC2B2AE3D27D4EB4F)
        >> (64 - SPECIAL_CACHE_BITS)]
    cdef gcref_t d
    if e.serial == serial and e.m == m:
        if e.where < 0:
            return 0
        d = FLD(FLD(FLD(cls)[K_MRO])[e.where])[K_DICT]
        if e.index < RAW(d)[D_NENTRIES] and ENT(d)[3 * e.index + 1] == MAGIC(m):
            return ENT(d)[3 * e.index + 2]
    return special_lookup_fill(cls, m, e)

cdef gcref_t special_lookup_fill(gcref_t cls, int m, SpecialEntry* e) noexcept nogil:
    # The cache's miss: class_lookup, remembering where it found the method.
    cdef gcref_t mro = FLD(cls)[K_MRO], d, name = MAGIC(m)
    cdef uint32_t k
    cdef Py_ssize_t ix
    e.serial = RAW(cls)[K_SERIAL]
    e.m = <short>m
    e.where = -1
    for k in range(LEN(mro)):
        d = FLD(FLD(mro)[k])[K_DICT]
        ix = dict_index_str(d, name)
        if ix >= 0:
            if k < 32768 and ix < 0x7FFFFFFF:
                e.where = <short>k
                e.index = <int32_t>ix
            else:
                e.serial = 0        # (out of the entry's range: not remembered)
            return ENT(d)[3 * ix + 2]
    return 0
