# vmsample/profile/_glue.pxd -- profiling glue between a VM, the nursery and the writer.
#
# Every profiled VM needs the same three things: a sample hook that walks the
# VM's stack and writes an allocation sample, collection hooks that forward
# to the writer, and a timer for time samples.  This module is all of it; the
# VM supplies one nogil function that fills a ProfFrame array, leaf first.
#
#     from vmsample.profile._glue cimport Profiler, ProfFrame, attach, prof_time_samples
#
#     cdef uint32_t walk(void* ctx, ProfFrame* out, uint32_t max_frames) noexcept nogil:
#         ...                                   # up to max_frames frames, leaf first
#         return n
#
#     writer.declare_code(...)                  # name the VM's codes (with the GIL)
#     profiler = attach(nursery, writer, walk, vm, &vm.ticks)
#     ...                                       # run; at safe points of the eval loop:
#     if vm.ticks:                              #   one memory load
#         prof_time_samples(&profiler.glue)
#     profiler.detach()                         # then writer.close()
#
# attach() takes its configuration from the writer, so the file and the heap
# always agree: allocation sampling at writer.alloc_period in writer.sampling
# mode (seed / first_offset from the caller), and, when writer.time_period_ns
# is set, the process's timer on CPU time (or wall-clock time with
# writer.real_time) counting expiries into the VM's [ticks].  It names the
# heap's types in the writer; detach() names those registered since
# (Profiler.name_types() does it at any time).  The writer then records
# every sample and collection, so a streaming VM creates its Nursery with
# keep_sample_log=False, keep_gc_log=False.
#
# The hooks run inside allocation and collection: the walker must not
# allocate in the heap, collect, take the GIL or call Python.  It may be
# called with any [max_frames] >= 1 and keeps the leaf end of a deeper stack.
#
# The timer.  One per process (a second start raises RuntimeError).  A POSIX
# timer (timer_create) on CLOCK_PROCESS_CPUTIME_ID, signal SIGPROF, or on
# CLOCK_MONOTONIC, signal SIGALRM, directed at the thread that started it.
# The handler only adds the expiries -- 1 + timer_getoverrun(), since the
# kernel checks CPU-time timers once per scheduler tick (4 ms at HZ=250) and
# a shorter period expires several times per signal -- to the counter, so
# the time samples add up to the time that passed.  Signals of that number
# that the timer did not send go to the handler that was installed before
# (a default or ignore disposition drops them while the timer runs).  Stop
# deletes the timer, takes its signals still pending, and restores the
# previous handler: no late signal meets the default action, which would
# kill the process.

from libc.stdint cimport uint32_t, uint64_t, int64_t

from vmsample._nursery cimport Nursery
from vmsample.profile._writer cimport ProfFrame, ProfWriter, ProfileWriter

cdef extern from *:
    """
    static inline int vms_prof_take_ticks(volatile int *ticks) {
        return __atomic_exchange_n(ticks, 0, __ATOMIC_RELAXED);
    }
    """
    int prof_timer_take "vms_prof_take_ticks"(volatile int* ticks) noexcept nogil

# Fills [frames] with at most [max_frames] frames, leaf first; returns how many.
ctypedef uint32_t (*prof_stack_walker_t)(void* ctx, ProfFrame* frames,
                                         uint32_t max_frames) noexcept nogil

ctypedef struct ProfGlue:       # the hooks' context; lives inside a Profiler
    ProfWriter* writer          # NULL once detached
    prof_stack_walker_t walk
    void* walk_ctx
    ProfFrame* frames           # the walker's output, max_frames entries
    uint32_t max_frames
    uint64_t thread_id          # written with every sample (default 0)
    volatile int* ticks         # the VM's timer counter, or NULL

cdef class Profiler:
    cdef ProfGlue glue
    cdef readonly Nursery nursery
    cdef readonly ProfileWriter writer
    cdef bint _sampling         # attach() enabled allocation sampling
    cdef bint _timer            # attach() started the timer
    cdef uint32_t _named_types  # type ids below this are named in the writer
    # attach_python() only: the Python stack walker, the timer's counter
    # (take_time_samples() reads it), the walker's first failure (raised by
    # detach() and take_time_samples()).
    cdef object _py_walker
    cdef volatile int _py_ticks
    cdef object _walker_error
    cdef void _unhook(self) noexcept
    cdef uint32_t _walk_python(self, ProfFrame* out, uint32_t max_frames) noexcept

# A VM prototyped in Python attaches with the Python function
# attach_python(nursery, writer, walker): the same hooks, with a trampoline
# that takes the GIL and calls walker() -> [(code_id, line), ...] leaf first
# at every sample (a Python call per sample: slow, for prototypes), and
# profiler.take_time_samples() at the VM's safe points.

cdef Profiler attach(Nursery nursery, ProfileWriter writer, prof_stack_walker_t walker,
                     void* walker_ctx, volatile int* ticks=*, seed=*, first_offset=*)
cdef int prof_time_samples(ProfGlue* g) noexcept nogil

cdef int prof_timer_start(volatile int* ticks, int64_t period_ns, bint real_time) except -1
cdef void prof_timer_stop() noexcept nogil
