# cython: language_level=3
"""The fast reader's inner loops (reader.py): the records a profile is made
of by the million, decoded straight into columns.

Two kinds of record make up nearly every byte of a big profile: the main
section's stack records (0x01) and the extension's sample infos (0x23,
0x24) that pair with them.  [scan_stacks] and [scan_infos] decode runs of
them into `array.array` columns and intern stacks in a [StackTable], with no
Python object per record.  Each stops at the first record it does not
decode -- another kind, another layout, or anything malformed -- and returns
its offset; the reader's Python loop decodes that one record (and raises
ProfileFormatError with its offset if it is bad), then calls back in.  So
these loops only ever accept records that the Python loop, and the
`construct` schema, would accept the same way: a bad record is never
decoded here.

Columns hold values as the file stores them (u64 fields as 'Q', i64 as
'q'); a field a record lacks is NONE (INT64_MIN) in an 'q' column.
"""

from cpython.array cimport array, resize_smart
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize, PyBytes_GET_SIZE
from cpython.mem cimport PyMem_Free, PyMem_Malloc, PyMem_Realloc
from libc.stdint cimport INT64_MIN, int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memcmp, memcpy

from vmsample.profile import format as F
from vmsample.profile.columns import NONE

# Copies of format.py's numbers, as C constants the loops compile in (the
# writer reads its copies from format.py at import; constant offsets here
# make the loops' loads immediate).  _check_format() compares every copy,
# and the field order the loops decode, with format.py when the module is
# imported: a mismatch is an ImportError, never a silently misread file.
cdef enum:
    MARKER_STACKTRACE = 0x01
    STACK_RECORD_HEAD = 17          # marker u8, count q, depth q
    EXT_ALLOC_SAMPLE = 0x23
    EXT_TIME_SAMPLE = 0x24
    EXT_HEAD = 5                    # tag u8, length u32
    ALLOC_INFO = 37                 # seq Q, time q, thread Q, size Q, type I, flags B
    TIME_INFO = 16                  # time q, thread Q
    MAX_STACK_ENTRIES = 1 << 16

# The fields the loops decode, (name, struct code, offset), in the order they
# append them to the columns (_assemble.ALLOC_COLUMNS / TIME_COLUMNS, which
# follow format.py's order).
_STACK_FIELDS = (("count", "q", 0), ("depth", "q", 8))
_ALLOC_FIELDS = (("seq", "Q", 0), ("time_ns", "q", 8), ("thread_id", "Q", 16), ("size", "Q", 24),
                 ("type_id", "I", 32), ("flags", "B", 36))
_TIME_FIELDS = (("time_ns", "q", 0), ("thread_id", "Q", 8))
_EXT_HEAD_FIELDS = (("tag", "B", 0), ("length", "I", 1))
# The array typecodes of the columns scan_infos appends to, those fields
# and then the stack id: it writes each item at its column's width, so it
# checks them when called (as scan_stacks checks its stack id column).
_ALLOC_TYPECODES = ("Q", "q", "Q", "Q", "q", "B", "q")
_TIME_TYPECODES = ("q", "Q", "q")


def _fields(layout):
    return tuple((name, code, layout.offset(name)) for name, code in layout.fields)


def _check_format():
    copies = {
        "MARKER_STACKTRACE": (MARKER_STACKTRACE, F.MARKER_STACKTRACE),
        "STACK_RECORD_HEAD": (STACK_RECORD_HEAD, 1 + F.STACK_HEAD.size),
        "EXT_ALLOC_SAMPLE": (EXT_ALLOC_SAMPLE, F.EXT_ALLOC_SAMPLE),
        "EXT_TIME_SAMPLE": (EXT_TIME_SAMPLE, F.EXT_TIME_SAMPLE),
        "EXT_HEAD": (EXT_HEAD, F.EXT_RECORD_HEAD.size),
        "ALLOC_INFO": (ALLOC_INFO, F.ALLOC_INFO.size),
        "TIME_INFO": (TIME_INFO, F.TIME_INFO.size),
        "MAX_STACK_ENTRIES": (MAX_STACK_ENTRIES, F.MAX_STACK_ENTRIES),
        "NONE": (INT64_MIN, NONE),
        "STACK_HEAD fields": (_STACK_FIELDS, _fields(F.STACK_HEAD)),
        "ALLOC_INFO fields": (_ALLOC_FIELDS, _fields(F.ALLOC_INFO)),
        "TIME_INFO fields": (_TIME_FIELDS, _fields(F.TIME_INFO)),
        "EXT_RECORD_HEAD fields": (_EXT_HEAD_FIELDS, _fields(F.EXT_RECORD_HEAD)),
    }
    wrong = [name for name, (ours, theirs) in copies.items() if ours != theirs]
    if wrong:
        raise ImportError(f"vmsample.profile._scan disagrees with format.py about {', '.join(wrong)}: "
                          "update its copies and rebuild (python setup.py build_ext --inplace)")


_check_format()


cdef inline int64_t load_i64(const char* p) noexcept nogil:
    cdef int64_t v
    memcpy(&v, p, 8)                # the host's order: reader.py calls in on little-endian hosts only
    return v


cdef inline uint32_t load_u32(const char* p) noexcept nogil:
    cdef uint32_t v
    memcpy(&v, p, 4)
    return v


cdef inline int push_q(array column, int64_t value) except -1:
    cdef Py_ssize_t n = len(column)
    resize_smart(column, n + 1)
    column.data.as_longlongs[n] = value
    return 0


cdef inline int push_i(array column, int32_t value) except -1:
    cdef Py_ssize_t n = len(column)
    resize_smart(column, n + 1)
    column.data.as_ints[n] = value
    return 0


cdef inline int push_Q(array column, uint64_t value) except -1:
    cdef Py_ssize_t n = len(column)
    resize_smart(column, n + 1)
    column.data.as_ulonglongs[n] = value
    return 0


cdef inline int push_B(array column, uint8_t value) except -1:
    cdef Py_ssize_t n = len(column)
    resize_smart(column, n + 1)
    column.data.as_uchars[n] = value
    return 0


cdef inline uint64_t hash_entries(const char* p, Py_ssize_t nbytes) noexcept nogil:
    # FNV-1a over 8-byte words, then a final mix: stacks differ mostly in
    # one or two words, and the table's index takes the low bits.
    cdef uint64_t h = 14695981039346656037ULL
    cdef Py_ssize_t i
    cdef uint64_t w
    for i in range(0, nbytes - 7, 8):
        memcpy(&w, p + i, 8)
        h = (h ^ w) * 1099511628211ULL
    h ^= <uint64_t>nbytes
    h ^= h >> 33
    h *= 0xff51afd7ed558ccdULL
    h ^= h >> 33
    return h


cdef class StackTable:
    """Stacks interned by their raw entries (little-endian i64 words, as
    stored): stack i is the i-th distinct entry string seen.

    An open-addressing hash table (linear probing, at most half full) of
    stack ids; each distinct stack's entries are copied into memory of its
    own, so that the reader can let go of the file's pages behind it."""

    cdef char** entries
    cdef Py_ssize_t* lengths
    cdef uint64_t* hashes
    cdef Py_ssize_t count, capacity
    cdef int32_t* slots
    cdef Py_ssize_t mask

    def __cinit__(self):
        self.capacity = 0
        self.count = 0
        self.mask = 1023
        self.slots = <int32_t*>PyMem_Malloc((self.mask + 1) * sizeof(int32_t))
        if self.slots == NULL:
            raise MemoryError()
        for i in range(self.mask + 1):
            self.slots[i] = -1

    def __dealloc__(self):
        for i in range(self.count):
            PyMem_Free(self.entries[i])
        PyMem_Free(self.slots)
        PyMem_Free(self.entries)
        PyMem_Free(self.lengths)
        PyMem_Free(self.hashes)

    def __len__(self):
        return self.count

    cdef int grow_table(self) except -1:
        cdef Py_ssize_t size = (self.mask + 1) * 2, i, j
        cdef int32_t* slots = <int32_t*>PyMem_Malloc(size * sizeof(int32_t))
        if slots == NULL:
            raise MemoryError()
        for i in range(size):
            slots[i] = -1
        for i in range(self.count):
            j = self.hashes[i] & (size - 1)
            while slots[j] >= 0:
                j = (j + 1) & (size - 1)
            slots[j] = <int32_t>i
        PyMem_Free(self.slots)
        self.slots = slots
        self.mask = size - 1
        return 0

    cdef int grow_stacks(self) except -1:
        cdef Py_ssize_t capacity = max(64, self.capacity * 2)
        cdef void* p
        p = PyMem_Realloc(self.entries, capacity * sizeof(char*))
        if p == NULL:
            raise MemoryError()
        self.entries = <char**>p
        p = PyMem_Realloc(self.lengths, capacity * sizeof(Py_ssize_t))
        if p == NULL:
            raise MemoryError()
        self.lengths = <Py_ssize_t*>p
        p = PyMem_Realloc(self.hashes, capacity * sizeof(uint64_t))
        if p == NULL:
            raise MemoryError()
        self.hashes = <uint64_t*>p
        self.capacity = capacity
        return 0

    cdef Py_ssize_t intern_at(self, const char* p, Py_ssize_t nbytes) except -1:
        """The id of the stack whose entries are the bytes [p, p + nbytes)."""
        cdef uint64_t h = hash_entries(p, nbytes)
        cdef Py_ssize_t j = h & self.mask
        cdef int32_t k
        while True:
            k = self.slots[j]
            if k < 0:
                break
            if self.hashes[k] == h and self.lengths[k] == nbytes and memcmp(self.entries[k], p, nbytes) == 0:
                return k
            j = (j + 1) & self.mask
        if self.count >= 0x7fffffff:
            raise OverflowError("more than 2**31 distinct stacks")
        if self.count == self.capacity:
            self.grow_stacks()
        cdef char* copy = <char*>PyMem_Malloc(max(nbytes, 1))
        if copy == NULL:
            raise MemoryError()
        memcpy(copy, p, nbytes)
        k = <int32_t>self.count
        self.entries[k] = copy
        self.lengths[k] = nbytes
        self.hashes[k] = h
        self.count += 1
        self.slots[j] = k
        if 2 * self.count > self.mask:
            self.grow_table()
        return k

    def intern(self, bytes key):
        """The id of the stack whose raw entries are [key]."""
        return self.intern_at(PyBytes_AS_STRING(key), PyBytes_GET_SIZE(key))

    def keys(self, Py_ssize_t start=0, stop=None):
        """The raw entries of stacks [start, stop) (default: every one), in id order."""
        cdef Py_ssize_t end = self.count if stop is None else min(<Py_ssize_t>stop, self.count)
        return [PyBytes_FromStringAndSize(self.entries[i], self.lengths[i]) for i in range(max(start, 0), end)]

    def lengths_of(self):
        """Every stack's length in bytes, in id order."""
        return [self.lengths[i] for i in range(self.count)]


def scan_stacks(const unsigned char[::1] data, Py_ssize_t pos, Py_ssize_t stop, StackTable table, bint thread,
                bint memory, bint stamped, bint pairs, array stacks, array threads, array times, array memories):
    """Decode the 0x01 records from [pos] on (8-byte words and addresses,
    not the paper fork's layout): their stack ids (int32), thread ids, times (or
    NONE) and memory (or NONE) go into the columns -- only the stack ids
    when [threads] is None.  [thread], [memory] and [stamped] say which
    tail words the records have, [pairs] that entries come in pairs.
    Only records that end by [stop] are decoded (the reader lets go of the
    pages behind it between calls).  Returns the offset of the first record
    not decoded."""
    if stacks.typecode != "i":
        raise TypeError("the stack id column must be an array('i')")
    cdef Py_ssize_t n = min(data.shape[0], stop)
    if pos >= n:
        return pos
    cdef const char* p = <const char*>&data[0]
    cdef Py_ssize_t tail = 8 * (thread + memory + stamped)
    cdef Py_ssize_t start, end
    cdef int64_t count, depth
    cdef Py_ssize_t idx
    while pos + STACK_RECORD_HEAD <= n and <uint8_t>p[pos] == MARKER_STACKTRACE:
        count = load_i64(p + pos + 1)
        depth = load_i64(p + pos + 9)
        if count != 1 or depth < 0 or depth > MAX_STACK_ENTRIES or (pairs and depth & 1):
            break
        start = pos + STACK_RECORD_HEAD
        end = start + 8 * depth
        if end + tail > n:
            break
        idx = table.intern_at(p + start, end - start)
        push_i(stacks, <int32_t>idx)
        if threads is not None:
            push_q(threads, load_i64(p + end) if thread else 0)
            push_q(memories, load_i64(p + end + 8) if memory else INT64_MIN)
            push_q(times, load_i64(p + end + tail - 8) if stamped else INT64_MIN)
        pos = end + tail
    return pos


def scan_infos(const unsigned char[::1] data, Py_ssize_t pos, Py_ssize_t stop, list alloc, list time):
    """Decode the extension's sample infos without a stack of their own
    from [pos] on into the columns [alloc] (seq, time, thread, size, type id,
    flags, stack) and [time] (time, thread, stack); their stack is -1 (the
    next main-section record's).  Only records that end by [stop] are
    decoded.  Returns the offset of the first record not decoded."""
    if tuple(c.typecode for c in alloc) != _ALLOC_TYPECODES or tuple(c.typecode for c in time) != _TIME_TYPECODES:
        raise TypeError("the sample info columns must be arrays of typecodes "
                        f"{''.join(_ALLOC_TYPECODES)} and {''.join(_TIME_TYPECODES)}")
    cdef Py_ssize_t n = min(data.shape[0], stop)
    if pos >= n:
        return pos
    cdef const char* p = <const char*>&data[0]
    cdef array a_seq = alloc[0], a_time = alloc[1], a_thread = alloc[2], a_size = alloc[3]
    cdef array a_type = alloc[4], a_flags = alloc[5], a_stack = alloc[6]
    cdef array t_time = time[0], t_thread = time[1], t_stack = time[2]
    cdef uint8_t tag
    cdef uint32_t size
    cdef const char* r
    while pos + EXT_HEAD <= n:
        tag = <uint8_t>p[pos]
        size = load_u32(p + pos + 1)
        r = p + pos + EXT_HEAD
        if tag == EXT_ALLOC_SAMPLE and size == ALLOC_INFO and pos + EXT_HEAD + ALLOC_INFO <= n:
            push_Q(a_seq, <uint64_t>load_i64(r))
            push_q(a_time, load_i64(r + 8))
            push_Q(a_thread, <uint64_t>load_i64(r + 16))
            push_Q(a_size, <uint64_t>load_i64(r + 24))
            push_q(a_type, load_u32(r + 32))
            push_B(a_flags, <uint8_t>r[36])
            push_q(a_stack, -1)
        elif tag == EXT_TIME_SAMPLE and size == TIME_INFO and pos + EXT_HEAD + TIME_INFO <= n:
            push_q(t_time, load_i64(r))
            push_Q(t_thread, <uint64_t>load_i64(r + 8))
            push_q(t_stack, -1)
        else:
            break
        pos += EXT_HEAD + size
    return pos
