# vm/values.pxi, included by _vm.pyx (one extension module, one C file).
#
# Values: the tagged [gcref_t] encoding (small ints, None/bools, builtin
# functions and methods as immediates) and the accessors of a GC object's
# header and payload (HDR, TID, FLD, RAW, LEN).  Design block: 1. Values.

# ---------------------------------------------------------------- values

cdef enum:
    V_NONE = 0x02
    V_FALSE = 0x0A
    V_TRUE = 0x12
    V_NOTIMPL = 0x1A
    V_DUMMY = 0x22          # tombstone in set tables
    V_ELLIPSIS = 0x2A
    INT_MAX_TAGGED = 0x3FFFFFFFFFFFFFFF
    MAX_FRAMES = 100000     # the frame array (the recursion limit, vm/recursion.pxi, is lower)

cdef int64_t SMALL_MAX = (<int64_t>1 << 62) - 1
cdef int64_t SMALL_MIN = -(<int64_t>1 << 62)

cdef inline bint is_int(gcref_t v) noexcept nogil:
    return v & 1

cdef inline int64_t untag(gcref_t v) noexcept nogil:
    return (<int64_t>v) >> 1

cdef inline gcref_t tag(int64_t i) noexcept nogil:
    return <gcref_t>((<uint64_t>i << 1) | 1)

cdef inline bint fits(int64_t i) noexcept nogil:
    return SMALL_MIN <= i <= SMALL_MAX

cdef inline gcref_t vbool(bint b) noexcept nogil:
    return V_TRUE if b else V_FALSE

cdef inline bint is_obj(gcref_t v) noexcept nogil:
    return v != 0 and (v & 7) == 0

cdef inline bint is_bmethod(gcref_t v) noexcept nogil:
    return (v & 7) == 4

cdef inline bint is_bfunc(gcref_t v) noexcept nogil:
    return (v & 7) == 6

cdef inline int builtin_id(gcref_t v) noexcept nogil:
    return <int>(v >> 3)

cdef inline gcref_t mk_bfunc(int bid) noexcept nogil:
    return (<gcref_t>bid << 3) | 6

cdef inline gcref_t mk_bmethod(int bid) noexcept nogil:
    return (<gcref_t>bid << 3) | 4

# A builtin descriptor (tag 4) found in a builtin type's dict also names the
# type it belongs to, for the slot wrappers that many types share (one bid
# per special method): bits 3..22 are the bid, bits 23.. the root index of
# the owning class.
cdef enum:
    BID_BITS = 20

cdef inline gcref_t mk_descr(int bid, int owner_root) noexcept nogil:
    return (<gcref_t>owner_root << (3 + BID_BITS)) | (<gcref_t>bid << 3) | 4

cdef inline int descr_bid(gcref_t v) noexcept nogil:
    return <int>((v >> 3) & ((1 << BID_BITS) - 1))

cdef inline int descr_owner_root(gcref_t v) noexcept nogil:
    return <int>(v >> (3 + BID_BITS))

cdef inline GCHeader* HDR(gcref_t o) noexcept nogil:
    return <GCHeader*>o

cdef inline uint16_t TID(gcref_t o) noexcept nogil:
    # The VM-level type of an object: every user class has its own type id
    # (so profiles name instances by class), all at or above T_INSTANCE.
    cdef uint16_t t = (<GCHeader*>o).tid
    return t if t < T_INSTANCE else T_INSTANCE

cdef inline gcref_t* FLD(gcref_t o) noexcept nogil:
    return <gcref_t*>(o + 8)

cdef inline int64_t* RAW(gcref_t o) noexcept nogil:
    return <int64_t*>(o + 8)

cdef inline uint32_t LEN(gcref_t o) noexcept nogil:
    return (<GCHeader*>o).aux

cdef inline bint has_tid(gcref_t v, uint16_t tid) noexcept nogil:
    return is_obj(v) and TID(v) == tid


# What a builtin id is: how a descriptor of it binds (vm/slots.pxi).
cdef enum:
    BK_FUNCTION = 0         # len, math.sqrt: never binds
    BK_METHOD = 1           # list.append: binds to an instance
    BK_CLASSMETHOD = 2      # dict.fromkeys: binds to the class
    BK_STATICMETHOD = 3     # __new__, str.maketrans: never binds
    BK_GETSET = 4           # function.__name__: a data descriptor
    BK_SLOT = 5             # list.__len__: a slot wrapper, binds as a method

cdef uint8_t* BID_KIND = NULL       # bid -> BK_*, filled when the module loads
