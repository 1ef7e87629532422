"""Profiling glue: a VM's heap, its stack walker and a ProfileWriter, wired.

``attach(nursery, writer, walker, walker_ctx, ticks)`` (from Cython) installs
the nursery's sample and collection hooks, switches allocation sampling and
the time-sampling timer on as the writer is configured, and returns a
`Profiler`; ``profiler.detach()`` undoes all of it.  ``attach_python(nursery,
writer, walker)`` does the same for a VM written in Python, whose stack
walker is a Python function.  `SamplingTimer` is the process's timer for
Python code.  The contract is in ``_glue.pxd``.

Design
------
1. Hooks own nothing but a pointer: the nursery calls them with their own
   context, the [ProfGlue] inside the Profiler, so the VM keeps its own
   trace_roots hook and context.  The Profiler holds the Nursery and the
   writer, so neither goes away while the hooks can fire; a Profiler that
   is dropped without detach() takes its hooks and its timer with it.

2. The timer is one C struct for the process ([vms_pt]).  It is live while
   [vms_pt.ticks] is not NULL.  The handler is async-signal-safe: it reads
   the struct, calls timer_getoverrun() and adds to the counter atomically
   (the VM takes the count with an atomic exchange), and keeps errno.  The
   timer's signals carry &vms_pt as their value; that is how the handler
   and stop tell them from a foreign signal of the same number.

3. A Python stack walker (attach_python) sits behind a C walker that takes
   the GIL -- the VM that allocates holds it, so that is a re-entrant
   PyGILState_Ensure -- and calls it.  A hook cannot raise: the walker's
   first exception is kept, its sample gets an empty stack, and detach() or
   take_time_samples() raises it.  The walker runs inside an allocation, so
   it must not use the nursery; one that does is caught afterwards (the
   nursery's free pointer or shadow stack moved) and reported the same way.
"""

cimport cython
from libc.errno cimport EBUSY
from libc.stdint cimport uint32_t, uint64_t, int64_t
from libc.stdlib cimport malloc, free

import os

from vmsample._gc_hooks cimport GCSample, GCMinorReport, GCMajorEvent, GCPause, gc_monotonic_ns
from vmsample._nursery cimport GCHeap, Nursery, gc_collect_minor, gc_unhook, gcref_t
from vmsample.profile._writer cimport (PROF_MAX_FRAMES, ProfFrame, ProfileWriter, prof_alloc_sample,
                                       prof_major_event, prof_minor_collection, prof_pause,
                                       prof_time_sample)

# ____________________________________________________________________________
# The timer

cdef extern from *:
    """
    #include <errno.h>
    #include <pthread.h>
    #include <signal.h>
    #include <string.h>
    #include <time.h>
    #include <unistd.h>
    #include <sys/syscall.h>

    #if defined(SIGEV_THREAD_ID) && !defined(sigev_notify_thread_id)
    #  define sigev_notify_thread_id _sigev_un._tid
    #endif

    typedef struct {
        volatile int *ticks;            /* the VM's counter; NULL: no timer */
        int sig;
        timer_t timer;
        struct sigaction previous;      /* restored by stop */
    } vms_ptimer_t;

    static vms_ptimer_t vms_pt;

    static int vms_pt_is_ours(const siginfo_t *info) {
        return info != NULL && info->si_code == SI_TIMER && info->si_value.sival_ptr == (void *)&vms_pt;
    }

    static void vms_pt_handler(int sig, siginfo_t *info, void *uc);

    /* A signal the timer did not send: what the previous handler would do. */
    static void vms_pt_forward(int sig, siginfo_t *info, void *uc) {
        const struct sigaction *prev = &vms_pt.previous;
        if (prev->sa_flags & SA_SIGINFO) {
            if (prev->sa_sigaction != NULL && prev->sa_sigaction != vms_pt_handler)
                prev->sa_sigaction(sig, info, uc);
        } else if (prev->sa_handler != SIG_DFL && prev->sa_handler != SIG_IGN) {
            prev->sa_handler(sig);
        }
    }

    static void vms_pt_handler(int sig, siginfo_t *info, void *uc) {
        int saved_errno = errno;
        volatile int *ticks = vms_pt.ticks;
        int over;
        if (vms_pt_is_ours(info)) {
            if (ticks != NULL) {
                over = timer_getoverrun(vms_pt.timer);      /* async-signal-safe */
                __atomic_add_fetch(ticks, 1 + (over > 0 ? over : 0), __ATOMIC_RELAXED);
            }
        } else {
            vms_pt_forward(sig, info, uc);
        }
        errno = saved_errno;
    }

    static int vms_pt_stop(void) {
        sigset_t block, old;
        siginfo_t info;
        struct timespec zero = {0, 0};
        int sig = vms_pt.sig;
        if (vms_pt.ticks == NULL)
            return 0;
        sigemptyset(&block);
        sigaddset(&block, sig);
        pthread_sigmask(SIG_BLOCK, &block, &old);
        timer_delete(vms_pt.timer);
        vms_pt.ticks = NULL;
        /* Signals the timer queued before it was deleted are still pending;
           under the previous disposition (default: terminate) a late one
           would kill the process.  Take them now; forward any other. */
        while (sigtimedwait(&block, &info, &zero) > 0) {
            if (!vms_pt_is_ours(&info))
                vms_pt_forward(sig, &info, NULL);
        }
        sigaction(sig, &vms_pt.previous, NULL);
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        return 0;
    }

    /* 0, or an errno (EBUSY: a timer is already running). */
    static int vms_pt_start(volatile int *ticks, int64_t period_ns, int real_time) {
        struct sigaction sa;
        struct sigevent sev;
        struct itimerspec it;
        int sig = real_time ? SIGALRM : SIGPROF, err;
        if (vms_pt.ticks != NULL)
            return EBUSY;
        memset(&sa, 0, sizeof sa);
        sa.sa_sigaction = vms_pt_handler;
        sa.sa_flags = SA_SIGINFO | SA_RESTART;
        sigemptyset(&sa.sa_mask);
        memset(&sev, 0, sizeof sev);
        sev.sigev_signo = sig;
        sev.sigev_value.sival_ptr = (void *)&vms_pt;
    #ifdef SIGEV_THREAD_ID
        sev.sigev_notify = SIGEV_THREAD_ID;          /* the VM's thread, which takes the samples */
        sev.sigev_notify_thread_id = (pid_t)syscall(SYS_gettid);
    #else
        sev.sigev_notify = SIGEV_SIGNAL;
    #endif
        if (sigaction(sig, &sa, &vms_pt.previous) != 0)
            return errno;
        if (timer_create(real_time ? CLOCK_MONOTONIC : CLOCK_PROCESS_CPUTIME_ID, &sev, &vms_pt.timer) != 0) {
            err = errno;
            sigaction(sig, &vms_pt.previous, NULL);
            return err;
        }
        vms_pt.sig = sig;
        __atomic_store_n(ticks, 0, __ATOMIC_RELAXED);
        vms_pt.ticks = ticks;
        it.it_interval.tv_sec = (time_t)(period_ns / 1000000000);
        it.it_interval.tv_nsec = (long)(period_ns % 1000000000);
        it.it_value = it.it_interval;
        if (timer_settime(vms_pt.timer, 0, &it, NULL) != 0) {
            err = errno;
            vms_pt_stop();
            return err;
        }
        return 0;
    }

    static int vms_pt_running(void) { return vms_pt.ticks != NULL; }
    """
    int vms_pt_start(volatile int* ticks, int64_t period_ns, int real_time) nogil
    int vms_pt_stop() nogil
    bint vms_pt_running() nogil

# The timer's period is bounded below.  Every expiry costs a signal, a stack
# walk and a record (a few us, whatever the clock), and a CPU-time timer's
# expiries are only checked at scheduler ticks, so a period far below the
# cost of a sample only adds overruns -- copies of one stack.  50 us (20,000
# samples per second of CPU or wall-clock time, the fastest rate the paper's
# evaluation uses) keeps the rate, the profiler's own share of the run and
# the file's growth bounded; a 1 ns period once wrote 82 GB in two minutes
# and starved the VM of its safe points.
MIN_TIMER_PERIOD_NS = 50_000
MAX_TIMER_PERIOD_NS = 1000 * 10**9


def check_timer_period(period_ns):
    """ValueError unless [period_ns] is one the timer honours."""
    if not MIN_TIMER_PERIOD_NS <= period_ns <= MAX_TIMER_PERIOD_NS:
        raise ValueError(f"the sampling timer's period must be between 50us and 1000s, "
                         f"not {period_ns} ns")


cdef int prof_timer_start(volatile int* ticks, int64_t period_ns, bint real_time) except -1:
    """Start the process's timer: every [period_ns] of CPU time (wall-clock
    time with [real_time]) adds one to [*ticks]."""
    cdef int err
    if ticks == NULL:
        raise ValueError("the timer needs a tick counter")
    check_timer_period(period_ns)
    err = vms_pt_start(ticks, period_ns, real_time)
    if err == EBUSY:
        raise RuntimeError("a vmsample sampling timer is already running in this process")
    if err:
        raise OSError(err, f"cannot start the sampling timer: {os.strerror(err)}")
    return 0


cdef void prof_timer_stop() noexcept nogil:
    """Stop the timer (no-op when none runs): see _glue.pxd."""
    vms_pt_stop()


cdef class SamplingTimer:
    """The process's sampling timer, for Python code and tests.

    ``SamplingTimer(period_ns, real_time=False)``; ``start()``, ``stop()``
    (also as a context manager), ``take()`` -> the expiries since the last
    take().  One timer runs per process; VMs in Cython use the C-level
    prof_timer_* functions or attach()."""

    cdef volatile int _ticks
    cdef readonly int64_t period_ns
    cdef readonly bint real_time
    cdef bint _mine

    def __init__(self, period_ns, real_time=False):
        check_timer_period(period_ns)
        self.period_ns = period_ns
        self.real_time = bool(real_time)

    def start(self):
        prof_timer_start(&self._ticks, self.period_ns, self.real_time)
        self._mine = True
        return self

    def stop(self):
        if self._mine:
            prof_timer_stop()
            self._mine = False

    def take(self):
        return prof_timer_take(&self._ticks)

    @property
    def running(self):
        return self._mine

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    def __dealloc__(self):
        if self._mine:
            prof_timer_stop()


def timer_running():
    """Whether a vmsample sampling timer runs in this process."""
    return vms_pt_running()

# ____________________________________________________________________________
# The hooks

cdef void on_sample(void* ctx, const GCSample* sample) noexcept nogil:
    cdef ProfGlue* g = <ProfGlue*>ctx
    cdef uint32_t depth = g.walk(g.walk_ctx, g.frames, g.max_frames)
    prof_alloc_sample(g.writer, sample, g.frames, depth, g.thread_id)

cdef void on_minor(void* ctx, const GCMinorReport* report) noexcept nogil:
    prof_minor_collection((<ProfGlue*>ctx).writer, report)

cdef void on_major(void* ctx, const GCMajorEvent* event) noexcept nogil:
    prof_major_event((<ProfGlue*>ctx).writer, event)

cdef void on_pause(void* ctx, const GCPause* pause) noexcept nogil:
    prof_pause((<ProfGlue*>ctx).writer, pause)


cdef int prof_time_samples(ProfGlue* g) noexcept nogil:
    """Take the time samples the timer counted since the last call -- one
    stack walk, one record per expiry -- and return how many.  For the VM's
    safe points, where its frames are consistent."""
    cdef int i, n
    cdef uint32_t depth
    cdef int64_t now
    if g.ticks == NULL:
        return 0
    n = prof_timer_take(g.ticks)
    if n <= 0 or g.writer == NULL:
        return 0
    depth = g.walk(g.walk_ctx, g.frames, g.max_frames)
    now = gc_monotonic_ns()
    for i in range(n):
        prof_time_sample(g.writer, now, g.frames, depth, g.thread_id)
    return n

# ____________________________________________________________________________
# attach / detach


@cython.no_gc_clear         # __dealloc__ needs the nursery to unhook it
cdef class Profiler:
    """A ProfileWriter attached to a Nursery (made by attach(), see _glue.pxd).

    ``detach()`` stops the timer, switches allocation sampling off (if
    attach() switched it on) and runs a final minor collection, so every
    sample gets its outcome, removes the hooks and names the types
    registered since attach(); then close the writer.  Also a context
    manager.  ``name_types()`` names new types at any time."""

    def __cinit__(self):
        self.glue.frames = NULL

    @property
    def attached(self):
        return self.glue.writer != NULL

    def name_types(self):
        """Name in the writer every heap type registered since the last call."""
        cdef uint32_t n = self.nursery.heap.n_types
        if self.writer.closed:
            return
        for tid in range(max(1, self._named_types), n):
            self.writer.type_name(tid, self.nursery.type_name(tid))
        self._named_types = n

    def detach(self):
        """Undo attach(); a second call does nothing.  Raises the Python
        stack walker's first failure (attach_python), after undoing."""
        if self.glue.writer == NULL:
            return
        if self._sampling:
            self._sampling = False
            self.nursery.disable_sampling()
            # As PyPy does when sampling is switched off: a minor collection
            # with the hooks still installed, so that every sample taken gets
            # its outcome (and, in the pypy layout, its 0x0A object-info word:
            # the fork's converter pairs each 0x09 sample with one).  If it
            # fails (the heap is out of memory) those samples keep outcome
            # "unknown" and the heap's error stays set for its owner.
            gc_collect_minor(self.nursery.heap)
        self._unhook()
        self.name_types()
        self._raise_walker_error()

    def take_time_samples(self):
        """Take the time samples the timer counted since the last call (one
        stack walk) and return how many: prof_time_samples() for Python
        code, at the VM's safe points."""
        cdef int n = prof_time_samples(&self.glue)
        self._raise_walker_error()
        return n

    def _raise_walker_error(self):
        error, self._walker_error = self._walker_error, None
        if error is not None:
            raise error

    cdef uint32_t _walk_python(self, ProfFrame* out, uint32_t max_frames) noexcept:
        # The body of walk_python: see Design 3.
        cdef GCHeap* h = self.nursery.heap
        cdef char* free_before = h.nursery_free
        cdef gcref_t* top_before = h.shadowstack_top
        cdef uint32_t n = 0
        try:
            for code_id, line in self._py_walker():
                if n == max_frames:
                    break
                if code_id <= 0 or code_id % 2:
                    raise ValueError(f"the stack walker returned code id {code_id!r}: "
                                     "code ids are positive and even")
                out[n].code_id = code_id
                out[n].line = line
                n += 1
        except BaseException as e:
            n = 0
            if self._walker_error is None:
                self._walker_error = e
        if (h.nursery_free != free_before or h.shadowstack_top != top_before) \
                and self._walker_error is None:
            self._walker_error = RuntimeError(
                "the stack walker used the nursery (allocated or pushed a root) inside a sample "
                "hook; the heap may be corrupt")
        return n

    cdef void _unhook(self) noexcept:
        # The C-level half of detach(): no Python, so __dealloc__ can run it.
        cdef GCHeap* h = self.nursery.heap if self.nursery is not None else NULL
        if self._timer:
            prof_timer_stop()
            self._timer = False
        if h != NULL:
            gc_unhook(h, &self.glue)
        self.glue.writer = NULL
        self.glue.ticks = NULL

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.detach()

    def __dealloc__(self):
        self._unhook()
        free(self.glue.frames)


cdef uint32_t walk_python(void* ctx, ProfFrame* out, uint32_t max_frames) noexcept nogil:
    with gil:
        return (<Profiler>ctx)._walk_python(out, max_frames)


def attach_python(Nursery nursery, ProfileWriter writer, walker, *, seed=None, first_offset=None):
    """Attach [writer] to [nursery] for a VM written in Python; returns a Profiler.

    ``walker()`` returns the VM's stack, leaf first, as ``(code_id, line)``
    pairs (ids declared with ``writer.declare_code``); it is called at every
    allocation sample and time sample, inside the allocation, so it must not
    use the nursery.  A Python call per sample makes this much slower than a
    C walker given to attach() from Cython: it is for trying the nursery,
    sampling and profiles on a prototype.  With a writer that takes time
    samples, call ``profiler.take_time_samples()`` at the VM's safe points.
    The walker's errors are raised by ``detach()``."""
    cdef Profiler p
    if not callable(walker):
        raise TypeError(f"the stack walker must be callable, not {type(walker).__name__}")
    p = Profiler.__new__(Profiler)
    p._py_walker = walker
    return attach_into(p, nursery, writer, walk_python, <void*>p, &p._py_ticks, seed, first_offset)


cdef Profiler attach(Nursery nursery, ProfileWriter writer, prof_stack_walker_t walker,
                     void* walker_ctx, volatile int* ticks=NULL, seed=None, first_offset=None):
    """Attach [writer] to [nursery]: see _glue.pxd."""
    return attach_into(Profiler.__new__(Profiler), nursery, writer, walker, walker_ctx, ticks,
                       seed, first_offset)


cdef Profiler attach_into(Profiler p, Nursery nursery, ProfileWriter writer,
                          prof_stack_walker_t walker, void* walker_ctx, volatile int* ticks,
                          seed, first_offset):
    cdef GCHeap* h
    if nursery is None or writer is None:
        raise TypeError("attach() needs a Nursery and a ProfileWriter")
    if walker == NULL:
        raise ValueError("attach() needs a stack walker")
    if writer.closed:
        raise ValueError("the writer is closed")
    h = nursery.heap
    if h.on_sample != NULL or h.on_minor_collection != NULL or h.on_major_collection != NULL \
            or h.on_pause != NULL:
        raise RuntimeError("this nursery's sample or collection hooks are already in use "
                           "(is another profiler attached?)")
    if writer.time_period_ns is not None:
        if ticks == NULL:
            raise ValueError("the writer takes time samples: attach() needs the VM's tick counter")
        if vms_pt_running():
            raise RuntimeError("a vmsample sampling timer is already running in this process")
    p.nursery = nursery
    p.writer = writer
    p.glue.frames = <ProfFrame*>malloc(PROF_MAX_FRAMES * sizeof(ProfFrame))
    if p.glue.frames == NULL:
        raise MemoryError()
    p.glue.max_frames = PROF_MAX_FRAMES
    p.glue.walk = walker
    p.glue.walk_ctx = walker_ctx
    p.glue.writer = writer.w
    p.name_types()
    h.on_sample, h.on_sample_ctx = on_sample, &p.glue
    h.on_minor_collection, h.on_minor_collection_ctx = on_minor, &p.glue
    h.on_major_collection, h.on_major_collection_ctx = on_major, &p.glue
    h.on_pause, h.on_pause_ctx = on_pause, &p.glue
    try:
        if writer.alloc_period is not None:
            nursery.enable_sampling(writer.alloc_period, mode=writer.sampling, seed=seed,
                                    first_offset=first_offset)
            p._sampling = True
        if writer.time_period_ns is not None:
            prof_timer_start(ticks, writer.time_period_ns, writer.real_time)
            p._timer = True
            p.glue.ticks = ticks
    except BaseException:
        p.detach()
        raise
    return p
