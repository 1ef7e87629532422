"""Drives the C-level writer API from another Cython module, as a VM does.

Used by the writer benchmark (ns per sample without Python in the loop) and
by tests that check the cimport contract of _writer.pxd: every call below
runs with the GIL released.
"""

from libc.stdint cimport uint32_t, uint64_t, int64_t
from libc.stdlib cimport malloc, free

from vmsample._gc_hooks cimport GCMajorEvent, GCPause, GCSample, GCMinorReport, gc_monotonic_ns
from vmsample.profile._writer cimport (ProfFrame, ProfWriter, ProfileWriter, prof_alloc_sample,
                                       prof_flush, prof_major_event, prof_minor_collection, prof_pause,
                                       prof_time_sample)


def declare_codes(ProfileWriter writer, int n_codes):
    """Declare code ids 2, 4, ..., 2 * n_codes as functions f1, f2, ... of bench.py."""
    for i in range(1, n_codes + 1):
        writer.declare_code(2 * i, f"f{i}", 10 * i, "bench.py")


def alloc_samples(ProfileWriter writer, uint64_t n, uint32_t depth, int n_codes=16,
                  uint64_t minor_every=0, bint time_samples=False, bint dry_run=False):
    """Write [n] samples with [depth]-frame stacks from C, GIL released.

    Stacks vary with the sample number (a rotating window over the code ids)
    the way a real program's do.  Every [minor_every] samples a minor
    collection resolves them (half survive).  Returns elapsed nanoseconds of
    the sampling loop (timestamps included).  [dry_run] does everything but
    call the writer: the loop's own cost, for the benchmark's baseline."""
    cdef ProfWriter* w = writer.w
    cdef ProfFrame* frames = <ProfFrame*>malloc(max(depth, 1) * sizeof(ProfFrame))
    cdef unsigned char* outcomes = <unsigned char*>malloc(minor_every + 1)
    cdef GCSample s
    cdef GCMinorReport r
    cdef uint64_t i, j, first = 0
    cdef uint64_t every = minor_every if minor_every else 1
    cdef uint32_t k
    cdef int64_t start, end
    if w == NULL:
        raise ValueError("closed writer")
    if frames == NULL or outcomes == NULL:
        free(frames)
        free(outcomes)
        raise MemoryError()
    for j in range(every):
        outcomes[j] = j & 1
    with nogil:
        start = gc_monotonic_ns()
        for i in range(n):
            for k in range(depth):
                frames[k].code_id = 2 * (1 + (i + k) % n_codes)
                frames[k].line = <uint32_t>(10 + k)
            s.seq = i
            s.size = 16 + 8 * (i % 8)
            s.tid = <unsigned short>(1 + i % 4)
            s.large = False
            s.crossing = 0
            s.time_ns = gc_monotonic_ns()
            if dry_run:
                pass
            elif time_samples:
                prof_time_sample(w, s.time_ns, frames, depth, 1)
            else:
                prof_alloc_sample(w, &s, frames, depth, 1)
            if minor_every and (i + 1) % minor_every == 0 and not dry_run:
                r.index = (i + 1) // minor_every
                r.time_ns = s.time_ns
                r.duration_ns = 1000
                r.bytes_copied = 8 * minor_every
                r.total_size_of_arenas = 1 << 20
                r.total_memory_used = 4096 * r.index
                r.vmrss = 1 << 24
                r.gc_state = 0
                r.first_seq = first
                r.n_outcomes = <uint32_t>minor_every
                r.outcomes = outcomes
                prof_minor_collection(w, &r)
                first = i + 1
        end = gc_monotonic_ns()
    free(frames)
    free(outcomes)
    writer.check()
    return end - start


def calls_after_close(ProfileWriter writer):
    """Close [writer], then call every C-level function through a copy of its
    old pointer, as a VM whose hooks fire late would.  Returns their results."""
    cdef ProfWriter* w = writer.w
    cdef ProfFrame frame
    cdef GCSample s
    cdef GCMinorReport r
    cdef GCMajorEvent e
    cdef GCPause pause
    cdef int rc[6]
    frame.code_id = 2
    frame.line = 1
    s.seq = 0
    s.size = 16
    s.tid = 1
    s.large = False
    s.time_ns = 0
    s.crossing = 0
    r.n_outcomes = 0
    r.time_ns = 0
    e.index = 1
    e.state = 1
    e.time_ns = 0
    e.n_deaths = 0
    e.deaths = NULL
    pause.minor_index, pause.time_ns, pause.duration_ns, pause.major_ns = 1, 0, 1, 0
    writer.close()
    with nogil:
        rc[0] = prof_alloc_sample(w, &s, &frame, 1, 0)
        rc[1] = prof_time_sample(w, 0, &frame, 1, 0)
        rc[2] = prof_minor_collection(w, &r)
        rc[3] = prof_major_event(w, &e)
        rc[4] = prof_flush(w)
        rc[5] = prof_pause(w, &pause)
    return tuple(rc[i] for i in range(6))


# ____________________________________________________________________________
# A stand-in VM for the profiling glue (_glue.pxd): its "stack" is a list of
# (code id, line) set from Python, its walker copies it, leaf first.

from vmsample._nursery cimport Nursery
from vmsample.profile._glue cimport Profiler, attach, prof_time_samples


cdef struct FakeStack:
    ProfFrame* frames
    uint32_t depth
    uint64_t walks              # how often the walker ran
    volatile int ticks          # the timer's counter, as a VM keeps it


cdef uint32_t walk_fake(void* ctx, ProfFrame* out, uint32_t max_frames) noexcept nogil:
    cdef FakeStack* s = <FakeStack*>ctx
    cdef uint32_t i, n = s.depth if s.depth < max_frames else max_frames
    for i in range(n):
        out[i] = s.frames[i]
    s.walks += 1
    return n


cdef class FakeVM:
    """``FakeVM()``; ``stack = [(code_id, line), ...]`` (leaf first);
    ``attach(nursery, writer, seed=None, first_offset=None)`` -> Profiler;
    ``safe_point()`` takes the time samples due, as an eval loop does."""

    cdef FakeStack s
    cdef Profiler profiler

    def __dealloc__(self):
        free(self.s.frames)

    @property
    def stack(self):
        return [(self.s.frames[i].code_id, self.s.frames[i].line) for i in range(self.s.depth)]

    @stack.setter
    def stack(self, frames):
        cdef ProfFrame* grown = <ProfFrame*>malloc(max(1, len(frames)) * sizeof(ProfFrame))
        if grown == NULL:
            raise MemoryError()
        for i, (code_id, line) in enumerate(frames):
            grown[i].code_id = code_id
            grown[i].line = line
        free(self.s.frames)
        self.s.frames = grown
        self.s.depth = len(frames)

    @property
    def walks(self):
        return self.s.walks

    def attach(self, Nursery nursery, ProfileWriter writer, seed=None, first_offset=None):
        self.profiler = attach(nursery, writer, walk_fake, &self.s, &self.s.ticks,
                               seed=seed, first_offset=first_offset)
        return self.profiler

    def safe_point(self):
        """Take the time samples the timer counted; returns how many."""
        if self.s.ticks and self.profiler is not None:
            return prof_time_samples(&self.profiler.glue)
        return 0
