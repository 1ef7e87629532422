"""Allocation loops for the `alloc` benchmark (a helper module, not a benchmark).

Each kernel allocates [n] objects of [size] bytes in a tight loop and returns
the elapsed nanoseconds of the loop alone.  The heap's type must be var-size
with 8-byte items and no fixed part (the header's length is (size - 8) / 8).  Every loop ends each iteration with
the same compiler barrier as the C baseline (alloc_baseline.h), so all of them
do the same memory traffic and differ only in the allocation code.
"""

from libc.stdint cimport int64_t, uint16_t, uint32_t, uint64_t

from vmsample._nursery cimport (GCHeap, GCHeader, Nursery, gc_alloc_fixed, gc_nursery_reserve,
                                gc_raise_error)

cdef extern from "alloc_baseline.h":
    ctypedef struct vms_cbump_t:
        char* start
        char* free
        char* top
    int64_t vms_cbump_now_ns() noexcept nogil
    int vms_cbump_init(vms_cbump_t* b, size_t nursery_size) noexcept nogil
    void vms_cbump_fini(vms_cbump_t* b) noexcept nogil
    int64_t vms_cbump_loop(vms_cbump_t* b, size_t size, uint16_t tid, long n) noexcept nogil

cdef extern from *:
    """
    #define VMS_BENCH_BARRIER(p) __asm__ __volatile__("" : : "r"(p) : "memory")
    #if defined(__GNUC__)
    #  define VMS_NOINLINE __attribute__((noinline))
    #else
    #  define VMS_NOINLINE
    #endif
    """
    void VMS_BENCH_BARRIER(void* p) noexcept nogil


cdef int check_small(GCHeap* h, size_t size) except -1:
    # What a VM checks once per type: objects of this size always go to the nursery.
    if size > h.large_object_threshold or size < 16 or size % 8:
        raise ValueError(f"size {size} is not a multiple of 8 in [16, {h.large_object_threshold}]")
    return 0


def folded_loop(Nursery gc, uint16_t tid, size_t size, long n):
    """The nursery's own fast path (gc_nursery_reserve + header), as a VM uses
    it for a type known to be small: sampling, if on, is in the limit."""
    cdef GCHeap* h = gc.heap
    check_small(h, size)
    cdef GCHeader* obj
    cdef long i
    cdef int64_t t0, t1
    cdef uint32_t items = (size - 8) // 8
    t0 = vms_cbump_now_ns()
    for i in range(n):
        obj = <GCHeader*>gc_nursery_reserve(h, size, tid)
        if obj == NULL:
            gc_raise_error(h)
        obj.tid = tid
        obj.aux = items
        VMS_BENCH_BARRIER(obj)
    t1 = vms_cbump_now_ns()
    return t1 - t0


def fixed_type_loop(Nursery gc, uint16_t tid, long n):
    """What a VM writes for a fixed-size type: gc_alloc_fixed (the size comes
    from the type, the large-object test stays in).  [tid] must be a small
    fixed-size type."""
    cdef GCHeap* h = gc.heap
    check_small(h, gc.size_of(tid))
    cdef GCHeader* obj
    cdef long i
    cdef int64_t t0, t1
    t0 = vms_cbump_now_ns()
    for i in range(n):
        obj = gc_alloc_fixed(h, tid)
        if obj == NULL:
            gc_raise_error(h)
        VMS_BENCH_BARRIER(obj)
    t1 = vms_cbump_now_ns()
    return t1 - t0


cdef extern from *:
    """
    /* Written for comparison only: the paper's Listing 3, a sampling counter
       checked on every allocation.  Taking a sample costs what the core's
       does without hooks or log: a timestamp and a count. */
    typedef struct { int64_t remaining, period; uint64_t samples; int64_t last_time_ns; } vms_naive_t;
    static VMS_NOINLINE void vms_naive_sample(vms_naive_t *c) {
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        c->last_time_ns = (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
        while (c->remaining <= 0) { c->remaining += c->period; c->samples++; }
    }
    """
    ctypedef struct vms_naive_t:
        int64_t remaining
        int64_t period
        uint64_t samples
        int64_t last_time_ns
    void vms_naive_sample(vms_naive_t* c) noexcept nogil


def naive_loop(Nursery gc, uint16_t tid, size_t size, long n, int64_t period):
    """Listing 3: decrement a counter and test it on every allocation, then the
    usual fast path (the heap's own sampling must be off).  Returns
    (elapsed_ns, samples)."""
    cdef GCHeap* h = gc.heap
    cdef GCHeader* obj
    cdef vms_naive_t c
    check_small(h, size)
    cdef long i
    cdef int64_t t0, t1
    c.remaining = period
    c.period = period
    c.samples = 0
    cdef uint32_t items = (size - 8) // 8
    t0 = vms_cbump_now_ns()
    for i in range(n):
        c.remaining -= <int64_t>size
        if c.remaining <= 0:
            vms_naive_sample(&c)
        obj = <GCHeader*>gc_nursery_reserve(h, size, tid)
        if obj == NULL:
            gc_raise_error(h)
        obj.tid = tid
        obj.aux = items
        VMS_BENCH_BARRIER(obj)
    t1 = vms_cbump_now_ns()
    return t1 - t0, c.samples


cdef class CBaseline:
    """The plain C bump nursery of alloc_baseline.h; loop() returns elapsed ns."""
    cdef vms_cbump_t b

    def __cinit__(self, size_t nursery_size):
        if vms_cbump_init(&self.b, nursery_size) != 0:
            raise MemoryError()

    def __dealloc__(self):
        vms_cbump_fini(&self.b)

    def loop(self, uint16_t tid, size_t size, long n):
        return vms_cbump_loop(&self.b, size, tid, n)
