# vmsample/profile/_writer.pxd -- the C-level API of the profile writer.
#
# A VM's nursery hooks call these functions directly, with the GIL released,
# once per sample / collection; they do no Python-level work and never block
# except in write(2) when a buffer is full.  The layout they produce is
# specified in docs/format.md; its numbers live in format.py.
#
# Use from Cython:
#
#     from vmsample.profile._writer cimport ProfileWriter, ProfFrame, prof_alloc_sample
#     writer = ProfileWriter("out.prof", alloc_period=..., sampling="fixed")
#     writer.declare_code(2, "f", 3, "prog.py")     # with the GIL, once per code object
#     w = writer.w                                   # ProfWriter*, valid until close()
#     with nogil:
#         prof_alloc_sample(w, sample, frames, depth, thread_id)
#     writer.close()                                 # raises OSError if any write failed
#
# After close() [writer.w] is NULL.  A copy of the old pointer stays safe to
# call (every call returns -1) for as long as the ProfileWriter object lives,
# so a hook that fires late does no harm -- but detach hooks before closing.
#
# Contract
#   * A stack is an array of [ProfFrame], leaf first.  Code ids are positive
#     and even (vmprof treats odd ids as native code and ids <= 0 as line
#     numbers).  A code's 0x02 record is written lazily, right before the
#     first record that uses it (close() adds those no sample used); an id
#     never declared gets the name "py:<code 0x..>:0:<unknown>" so no sample
#     is ever lost.  Stacks deeper
#     than MAX_FRAMES keep their leaf end.
#   * Errors never surface inside these calls: the first failure (ENOSPC, EIO,
#     out of memory) is stored in [w.error] (an errno) and every later call is
#     a no-op returning -1.  The Python layer raises it as OSError at the next
#     flush() / check() / close().  Return value: 0 ok, -1 failed.
#   * Not thread-safe: calls on one writer must be serialized by the caller
#     (one VM thread, or the VM's own lock).  The writer never takes the GIL.
#   * Memory is bounded: two fixed buffers plus the code table (and, for the
#     pypy layout, the samples awaiting their minor collection).

from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int64_t
# _gc_hooks.pxd is declarations only: no run-time import of the core.
from vmsample._gc_hooks cimport GCSample, GCMinorReport, GCMajorEvent, GCPause, gc_monotonic_ns

ctypedef struct ProfFrame:
    uint64_t code_id            # positive, even
    uint32_t line               # line being executed (0 = unknown)

cdef enum:
    PROF_MAX_FRAMES = 32768     # vmprof readers assert depth <= 2**16 entries

cdef enum:
    PROF_SMALL_IDS = 2097152    # 2**21; code ids below this skip the hash table once written

cdef enum:
    PROF_LAYOUT_VMPROF = 0
    PROF_LAYOUT_PYPY = 1

cdef enum:
    PROF_KIND_ALLOC = 0
    PROF_KIND_TIME = 1

ctypedef struct ProfOutput:     # one buffered output: the main file or the spool
    char* buf
    size_t len
    size_t cap
    int fd
    void* gz                    # z_stream* when the output is gzip, else NULL
    char* gzbuf                 # deflate output staging

ctypedef struct ProfCode:       # code table entry (open addressing on code_id)
    uint64_t code_id            # 0 = empty slot
    char* name                  # the full vmprof name, malloc'ed (NULL: undeclared)
    uint32_t name_len
    bint written                # its 0x02 record is in the main section

ctypedef struct ProfPending:    # pypy layout: a sample awaiting its minor collection
    uint64_t seq
    uint16_t tid
    bint large

ctypedef struct ProfWriter:
    ProfOutput main             # the vmprof main section (maybe gzip)
    ProfOutput spool            # extension records, appended at close
    int error                   # errno of the first failure; 0 = none
    int layout                  # PROF_LAYOUT_*
    int version                 # vmprof header version (6 or 7)
    bint lines                  # stacks carry (line, code) entry pairs
    int primary                 # PROF_KIND_* of the 0x01 stream
    ProfCode* codes
    size_t codes_cap            # a power of two
    uint8_t* small_written      # bit (id >> 1): even id < PROF_SMALL_IDS has its 0x02 written
    bint main_names_pending     # a 0x02 is in the main buffer (or its deflate state), not on disk yet
    size_t codes_used
    uint64_t n_alloc
    uint64_t n_time
    uint64_t n_minor
    uint64_t n_major
    uint64_t n_truncated        # stacks cut to PROF_MAX_FRAMES
    int64_t last_flush_ns
    int64_t flush_interval_ns   # a sample or minor collection drains if this much time passed
    int busy                    # > 0 inside an entry point: a fatal signal must not drain
    ProfPending* pending
    size_t pending_len
    size_t pending_cap

cdef int prof_alloc_sample(ProfWriter* w, const GCSample* s, const ProfFrame* frames,
                           uint32_t depth, uint64_t thread_id) noexcept nogil
cdef int prof_time_sample(ProfWriter* w, int64_t time_ns, const ProfFrame* frames,
                          uint32_t depth, uint64_t thread_id) noexcept nogil
cdef int prof_minor_collection(ProfWriter* w, const GCMinorReport* r) noexcept nogil
cdef int prof_major_event(ProfWriter* w, const GCMajorEvent* e) noexcept nogil
cdef int prof_pause(ProfWriter* w, const GCPause* pause) noexcept nogil
cdef int prof_flush(ProfWriter* w) noexcept nogil

cdef class ProfileWriter:
    cdef ProfWriter* w          # NULL once closed
    cdef ProfWriter* _husk      # after close: what [w] pointed to, inert (error EBADF)
    cdef readonly object path
    cdef readonly object spool_path
    cdef readonly str layout
    cdef readonly str sample_kind
    cdef readonly int version
    cdef readonly bint lines
    cdef readonly object alloc_period     # bytes per allocation sample, or None
    cdef readonly str sampling            # "fixed" / "random" (allocation sample points)
    cdef readonly object time_period_ns   # timer period of time samples, or None
    cdef readonly bint real_time          # the timer follows wall-clock time, not CPU time
    cdef object _meta_keys
    cdef object _types
    cdef object _final_counts   # counts at close()
    cdef ProfFrame* _frames     # scratch for the Python-level sample methods
    cdef uint32_t _frames_cap
    cdef int _raise_if_failed(self) except -1
    cdef int _write_meta(self, key, value) except -1
    cdef ProfFrame* _stack(self, stack, uint32_t* depth) except NULL
