# vmsample/_gc_hooks.pxd -- the records the nursery core passes to its hooks.
#
# Declarations only (no module behind it): cimporting this file creates no
# run-time dependency on vmsample._nursery.  _nursery.pxd re-exports every
# name, so `from vmsample._nursery cimport GCSample` names the same type.

from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int64_t
from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC


cdef inline int64_t gc_monotonic_ns() noexcept nogil:
    # The one clock of vmsample: every time_ns below, and every timestamp a
    # profile holds (the writer, the time sampler), is CLOCK_MONOTONIC in ns.
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return <int64_t>ts.tv_sec * 1000000000 + ts.tv_nsec

ctypedef struct GCSample:       # one allocation sample (docs/design.md §2.5)
    uint64_t seq                # 0, 1, 2, ... over the heap's lifetime
    uint64_t size               # allocated bytes of the sampled object
    uint16_t tid
    bint large                  # went to the large-object space
    int64_t time_ns             # gc_monotonic_ns()
    uint32_t crossing           # 0: the allocation's first sample point; k: its (k+1)-th
                                # (an allocation takes one sample per point it crosses)

ctypedef struct GCMinorReport:  # one per minor collection, with or without samples
    uint64_t index              # 1, 2, ... minor collections so far
    int64_t time_ns             # start, gc_monotonic_ns()
    int64_t duration_ns
    uint64_t bytes_copied       # nursery bytes copied to the old space
    uint64_t total_size_of_arenas
    uint64_t total_memory_used  # old space in use, arenas + large objects (nursery excluded)
    uint64_t vmrss              # bytes, from /proc/self/statm (0 where unavailable)
    int gc_state                # GC_STATE_* at the time of the report
    uint64_t first_seq          # outcomes[i] belongs to sample first_seq + i
    uint32_t n_outcomes
    const uint8_t* outcomes     # GC_OUTCOME_* bits, valid only during the hook call

ctypedef struct GCPause:        # one per collection that allocation triggered: the program
                                # stopped for its minor collection and the major work after it
    uint64_t minor_index        # the minor collection it started with (GCMinorReport.index)
    int64_t time_ns             # start, gc_monotonic_ns()
    int64_t duration_ns         # the whole pause
    int64_t major_ns            # the major work alone (a step, or a whole collection; 0 if none)

cdef enum:
    GC_OUTCOME_SURVIVED = 1     # the sampled object was reached at its first minor collection
    GC_OUTCOME_LARGE    = 2     # the sampled object is a large object

ctypedef struct GCMajorEvent:   # emitted on every state transition of a major collection
    uint64_t index              # 1, 2, ... major collections so far
    int state                   # the state entered; GC_STATE_SCANNING again = finished
    int64_t time_ns
    uint64_t total_memory_used
    uint64_t total_size_of_arenas
    # Entering GC_STATE_SWEEPING only (else 0 / NULL): the sequence numbers of
    # the sampled objects this collection found dead (each sample that
    # survived its first minor collection appears here once, when its object
    # dies), valid only during the hook call.
    uint32_t n_deaths
    const uint64_t* deaths
