# vm/threads.pxi, included by _vm.pyx (one extension module, one C file).
#
# VM threads: each a host OS thread that runs VM code only while it holds
# the VM lock; the lock changing hands at safe points and around blocking
# host calls; each thread's own VM state.  Design block: 6. Threads.

from posix.time cimport timespec, nanosleep
from cpython.pythread cimport PyThread_get_thread_ident
from posix.types cimport time_t

cdef extern from *:
    """
    #include <pthread.h>
    #include <time.h>
    #include <errno.h>

    /* The VM lock: CPython's GIL protocol (Python/ceval_gil.h), in small.
       A thread that waits longer than the switch interval without the lock
       changing hands asks the holder to drop it (drop_requests, and 1 on the
       VM's tick counter so that the eval loop's next safe point sees it);
       a holder that drops it on request waits until another thread has
       taken it (forced switching), so it cannot take it straight back.
       [generation] ends a run: a thread of an earlier run (a daemon thread
       still waiting when its program ended) never gets the lock again. */
    static pthread_mutex_t vms_vl_mutex = PTHREAD_MUTEX_INITIALIZER;
    static pthread_cond_t vms_vl_free = PTHREAD_COND_INITIALIZER;
    static pthread_cond_t vms_vl_taken = PTHREAD_COND_INITIALIZER;
    static pthread_cond_t vms_vl_never = PTHREAD_COND_INITIALIZER;
    static pthread_cond_t vms_vl_lock_released = PTHREAD_COND_INITIALIZER;
    static int vms_vl_lock_waiters = 0;
    static int vms_vl_held = 0;
    static int vms_vl_waiters = 0;
    static int vms_vl_drop_requests = 0;       /* 1s added to *vms_vl_tick */
    static unsigned long vms_vl_switches = 0;
    static unsigned long vms_vl_generation = 0;
    static volatile int* vms_vl_tick = NULL;
    #define VMS_SWITCH_INTERVAL_NS 5000000

    static unsigned long vms_vl_start(volatile int* tick) {
        /* A run starts: its main thread holds the lock. */
        pthread_mutex_lock(&vms_vl_mutex);
        vms_vl_generation++;
        vms_vl_held = 1;
        vms_vl_drop_requests = 0;
        vms_vl_tick = tick;
        pthread_mutex_unlock(&vms_vl_mutex);
        return vms_vl_generation;
    }

    static void vms_vl_end(void) {
        /* The run ended (its main thread holds the lock): the other threads
           of this run never get it again. */
        pthread_mutex_lock(&vms_vl_mutex);
        vms_vl_generation++;
        vms_vl_drop_requests = 0;
        pthread_cond_broadcast(&vms_vl_free);
        pthread_cond_broadcast(&vms_vl_lock_released);
        pthread_mutex_unlock(&vms_vl_mutex);
    }

    static void vms_vl_take(unsigned long generation) {
        struct timespec ts;
        unsigned long seen;
        int r;
        pthread_mutex_lock(&vms_vl_mutex);
        while (vms_vl_held || generation != vms_vl_generation) {
            if (generation != vms_vl_generation) {
                for (;;)
                    pthread_cond_wait(&vms_vl_never, &vms_vl_mutex);
            }
            seen = vms_vl_switches;
            clock_gettime(CLOCK_REALTIME, &ts);
            ts.tv_nsec += VMS_SWITCH_INTERVAL_NS;
            if (ts.tv_nsec >= 1000000000) { ts.tv_sec += 1; ts.tv_nsec -= 1000000000; }
            vms_vl_waiters++;
            r = pthread_cond_timedwait(&vms_vl_free, &vms_vl_mutex, &ts);
            vms_vl_waiters--;
            if (r == ETIMEDOUT && vms_vl_held && seen == vms_vl_switches
                    && generation == vms_vl_generation) {
                vms_vl_drop_requests++;
                __atomic_add_fetch(vms_vl_tick, 1, __ATOMIC_RELAXED);
            }
        }
        vms_vl_held = 1;
        vms_vl_switches++;
        pthread_cond_broadcast(&vms_vl_taken);
        pthread_mutex_unlock(&vms_vl_mutex);
    }

    static int vms_vl_take_requests(void) {
        /* Whether a waiting thread asked for the lock; its 1s leave the tick
           counter (so that they are not counted as timer expiries -- but for
           a request made while the holder takes its time samples: one
           sample too many, or a tick count below 0 that the next safe point
           resets). */
        int n;
        pthread_mutex_lock(&vms_vl_mutex);
        n = vms_vl_drop_requests;
        vms_vl_drop_requests = 0;
        if (n)
            __atomic_add_fetch(vms_vl_tick, -n, __ATOMIC_RELAXED);
        pthread_mutex_unlock(&vms_vl_mutex);
        return n > 0;
    }

    /* A VM lock object's state (VMLock.locked) is written only by the VM
       lock's holder, under the mutex, so that a thread waiting for it to be
       released -- without the VM lock, and without the host's GIL --
       reads it under the mutex and is woken by the release. */
    static void vms_lock_set(volatile int* locked, int value) {
        pthread_mutex_lock(&vms_vl_mutex);
        *locked = value;
        if (!value && vms_vl_lock_waiters)
            pthread_cond_broadcast(&vms_vl_lock_released);
        pthread_mutex_unlock(&vms_vl_mutex);
    }

    static int vms_lock_wait(volatile int* locked, double timeout, unsigned long generation) {
        /* Until *locked is 0 (1) or [timeout] seconds have passed (0; < 0:
           no limit); called without the VM lock. */
        struct timespec ts;
        int r = 0, freed;
        if (timeout >= 0) {
            clock_gettime(CLOCK_REALTIME, &ts);
            ts.tv_sec += (time_t)timeout;
            ts.tv_nsec += (long)((timeout - (double)(time_t)timeout) * 1e9);
            if (ts.tv_nsec >= 1000000000) { ts.tv_sec += 1; ts.tv_nsec -= 1000000000; }
        }
        pthread_mutex_lock(&vms_vl_mutex);
        vms_vl_lock_waiters++;
        while (*locked && r != ETIMEDOUT && generation == vms_vl_generation)
            r = timeout >= 0 ? pthread_cond_timedwait(&vms_vl_lock_released, &vms_vl_mutex, &ts)
                             : pthread_cond_wait(&vms_vl_lock_released, &vms_vl_mutex);
        vms_vl_lock_waiters--;
        freed = !*locked;
        pthread_mutex_unlock(&vms_vl_mutex);
        return freed;
    }

    static pthread_cond_t vms_vl_started = PTHREAD_COND_INITIALIZER;

    static void vms_set_started(int* flag) {
        pthread_mutex_lock(&vms_vl_mutex);
        *flag = 1;
        pthread_cond_broadcast(&vms_vl_started);
        pthread_mutex_unlock(&vms_vl_mutex);
    }

    static void vms_wait_started(int* flag) {
        pthread_mutex_lock(&vms_vl_mutex);
        while (!*flag)
            pthread_cond_wait(&vms_vl_started, &vms_vl_mutex);
        pthread_mutex_unlock(&vms_vl_mutex);
    }

    static void vms_vl_drop(int switching) {
        pthread_mutex_lock(&vms_vl_mutex);
        vms_vl_held = 0;
        if (vms_vl_drop_requests) {
            __atomic_add_fetch(vms_vl_tick, -vms_vl_drop_requests, __ATOMIC_RELAXED);
            vms_vl_drop_requests = 0;
        }
        pthread_cond_signal(&vms_vl_free);
        if (switching && vms_vl_waiters > 0) {
            unsigned long seen = vms_vl_switches;
            while (seen == vms_vl_switches && vms_vl_waiters > 0)
                pthread_cond_wait(&vms_vl_taken, &vms_vl_mutex);
        }
        pthread_mutex_unlock(&vms_vl_mutex);
    }
    """
    unsigned long vl_start "vms_vl_start"(volatile int* tick) noexcept nogil
    void vl_end "vms_vl_end"() noexcept nogil
    void vl_take "vms_vl_take"(unsigned long generation) noexcept nogil
    bint vl_take_requests "vms_vl_take_requests"() noexcept nogil
    void vl_drop "vms_vl_drop"(int switching) noexcept nogil
    void set_started "vms_set_started"(int* flag) noexcept nogil
    void wait_started "vms_wait_started"(int* flag) noexcept nogil
    void lock_set "vms_lock_set"(int* locked, int value) noexcept nogil
    bint lock_wait "vms_lock_wait"(int* locked, double timeout, unsigned long generation) noexcept nogil

# ---------------------------------------------------------------- threads
# A VM thread's state while another thread runs: what VM_STATE and HEAP
# hold for the running one (its frame array, its shadow stack -- a frame's
# base and sp point into it --, its exception state, its C stack's bound),
# as CPython swaps PyThreadState.  One list holds every thread of the run,
# the main one first; RUNNING is the one whose state is in VM_STATE and
# HEAP (NULL while the lock is free).

cdef struct VMThread:
    Frame* frames
    int depth
    int c_depth
    char* stack_low
    bint reraising
    gcref_t* stack_base
    gcref_t* stack_top
    gcref_t* stack_end
    gcref_t exc                 # its R_EXC and R_HANDLED
    gcref_t handled
    uint64_t number             # its samples' thread id: 0 the main thread, then 1, 2... as they start
    unsigned long ident         # its host thread's _thread.get_ident() (sys._current_frames)
    int started                 # its host thread has let the GIL go (start_thread)
    VMThread* next

cdef VMThread MAIN_THREAD
cdef VMThread* THREADS = NULL
cdef VMThread* RUNNING = NULL
cdef unsigned long THREAD_GENERATION = 0
cdef uint64_t THREADS_STARTED = 0
cdef size_t THREAD_STACK_SLOTS = 0      # a new thread's shadow stack: as big as the main one's

cdef void save_thread(VMThread* t) noexcept nogil:
    global RUNNING
    t.frames, t.depth, t.c_depth = VM_STATE.frames, VM_STATE.depth, VM_STATE.c_depth
    t.stack_low, t.reraising = VM_STATE.stack_low, VM_STATE.reraising
    t.stack_base, t.stack_top, t.stack_end = HEAP.shadowstack_base, HEAP.shadowstack_top, HEAP.shadowstack_end
    t.exc, t.handled = VM_STATE.roots[R_EXC], VM_STATE.roots[R_HANDLED]
    RUNNING = NULL

cdef void restore_thread(VMThread* t) noexcept nogil:
    global RUNNING
    VM_STATE.frames, VM_STATE.depth, VM_STATE.c_depth = t.frames, t.depth, t.c_depth
    VM_STATE.stack_low, VM_STATE.reraising = t.stack_low, t.reraising
    HEAP.shadowstack_base, HEAP.shadowstack_top, HEAP.shadowstack_end = t.stack_base, t.stack_top, t.stack_end
    VM_STATE.roots[R_EXC], VM_STATE.roots[R_HANDLED] = t.exc, t.handled
    if VM_STATE.prof != NULL:
        VM_STATE.prof.thread_id = t.number      # its samples go under its own thread id
    RUNNING = t
    if t == &MAIN_THREAD:
        main_thread_resumes()                   # (a signal another thread saw: vm/signals.pxi)

cdef void trace_threads(GCHeap* h) noexcept nogil:
    # The roots of the threads that are not running (trace_roots).
    cdef VMThread* t = THREADS
    cdef int i
    while t != NULL:
        if t != RUNNING:
            if is_obj(t.exc):
                gc_visit_root(h, &t.exc)
            if is_obj(t.handled):
                gc_visit_root(h, &t.handled)
            gc_visit_roots(h, t.stack_base, t.stack_top - t.stack_base)
            for i in range(t.depth + 1):
                if t.frames[i].frameobj != 0:
                    gc_visit_root(h, &t.frames[i].frameobj)
        t = t.next

cdef int threads_start() except -1:
    # run_program's start: the main thread runs, alone.
    global THREADS, RUNNING, THREAD_GENERATION, THREAD_STACK_SLOTS, THREADS_STARTED
    memset(&MAIN_THREAD, 0, sizeof(VMThread))
    MAIN_THREAD.ident = PyThread_get_thread_ident()
    THREADS = RUNNING = &MAIN_THREAD
    THREAD_STACK_SLOTS = HEAP.shadowstack_end - HEAP.shadowstack_base
    THREADS_STARTED = 0
    THREAD_GENERATION = vl_start(&VM_STATE.tick)
    return 0

cdef void threads_end() noexcept:
    # run_program's end, in the main thread: the run's other threads (daemon
    # threads; those that ended freed their state) never run again, and
    # their states stay allocated (a host thread may still point to one).
    global THREADS, RUNNING
    vl_end()
    THREADS = RUNNING = NULL

cdef int switch_threads() except -1:
    # A safe point, and another thread asked for the lock: let it run.  The
    # caller holds no object in a C local across this (as across a time
    # sample or a finalizer: safe_point).
    cdef VMThread* me = RUNNING
    save_thread(me)
    with nogil:
        vl_drop(1)
        vl_take(THREAD_GENERATION)
    restore_thread(me)
    return 0

# ---------------------------------------------------------------- waiting
# INVARIANT: a VM thread never waits for the VM lock while it holds the
# host's GIL.  So every wait without the VM lock is made in C, without the
# GIL (a lock's, a sleep's, the VM lock's own), and the VM lock is taken
# before the GIL: the holder of the VM lock runs VM code with the GIL, never
# releasing it (its C code runs no Python bytecode, where CPython would
# hand the GIL over), and a thread that held the GIL while it waited for
# the VM lock would wait for ever.  (A new thread takes the GIL once to
# start: start_thread waits, without the GIL, until it has let it go
# again.)  The one thread that holds the GIL without the VM lock is one in
# a blocking host call (call_unlocked): host code only, which gives the GIL
# up in its system call and before the VM lock is taken back.

cdef int sleep_unlocked(double seconds) except -1:
    # time.sleep(seconds) with the VM lock released, as CPython releases the
    # GIL around it.  A signal interrupts the sleep: its handler runs (in
    # the main thread: Ctrl-C's KeyboardInterrupt), then the sleep goes on.
    cdef VMThread* me = RUNNING
    cdef unsigned long generation = THREAD_GENERATION
    cdef timespec req, rem
    cdef int r
    req.tv_sec = <time_t>seconds
    req.tv_nsec = <long>((seconds - <double>req.tv_sec) * 1e9)
    while True:
        save_thread(me)
        with nogil:
            vl_drop(0)
            r = nanosleep(&req, &rem)
            vl_take(generation)
        restore_thread(me)
        if r == 0:
            return 0
        PyErr_CheckSignals()
        req = rem

cdef extern from *:
    """
    /* The VM thread of this host thread while it is in a host call made
       without the VM lock (call_unlocked), and its run's generation. */
    static __thread void* vms_unlocked_thread = NULL;
    static __thread unsigned long vms_unlocked_generation = 0;
    static void* vms_get_unlocked(unsigned long* generation) {
        *generation = vms_unlocked_generation;
        return vms_unlocked_thread;
    }
    static void vms_set_unlocked(void* t, unsigned long generation) {
        vms_unlocked_thread = t;
        vms_unlocked_generation = generation;
    }
    """
    void* get_unlocked "vms_get_unlocked"(unsigned long* generation) noexcept nogil
    void set_unlocked "vms_set_unlocked"(void* t, unsigned long generation) noexcept nogil

cdef object call_unlocked(object fn, list args, dict kw):
    # fn(*args, **kw), a host call that may block (a socket's recv, a pipe's
    # read, waitpid, select, signal.pause: host.pxi's BLOCKING_HOST_CALLS) on
    # plain host values, with the VM lock released so that the other VM
    # threads run meanwhile, as CPython releases the GIL around those calls.
    cdef VMThread* me = RUNNING
    cdef unsigned long generation = THREAD_GENERATION
    save_thread(me)
    set_unlocked(me, generation)
    with nogil:
        vl_drop(0)
    try:
        return fn(*args, **kw)
    finally:
        set_unlocked(NULL, 0)
        with nogil:
            vl_take(generation)
        restore_thread(me)

# INVARIANT: VM code runs only in the holder of the VM lock.  A host call
# made without it calls VM code in one case: a signal interrupts it in the
# main thread (EINTR), and the host's PyErr_CheckSignals calls the
# program's handler (lib/_signal.py's _dispatch, a VMCallable) before it
# retries or fails, as CPython runs the handler inside os.read, select,
# signal.pause (PEP 475).  VMCallable.__call__ then takes the VM lock back
# for the call (waiting for it without the GIL, the invariant above) and
# lets it go again after.

cdef VMThread* relock_for_callback(unsigned long* generation) noexcept:
    # The VM thread that was in call_unlocked and now holds the VM lock
    # again (its run's [generation]), or NULL if this thread holds it already.
    cdef VMThread* me = <VMThread*>get_unlocked(generation)
    if me == NULL:
        return NULL
    set_unlocked(NULL, 0)
    with nogil:
        vl_take(generation[0])
    restore_thread(me)
    return me

cdef void unlock_after_callback(VMThread* me, unsigned long generation) noexcept:
    # relock_for_callback's thread goes back to its host call, unlocked.
    if me == NULL:
        return
    save_thread(me)
    set_unlocked(me, generation)
    with nogil:
        vl_drop(0)

cdef class LockState:
    """The state of a _thread lock (vmsample/lang/lib/_thread.py, which
    checks the arguments): a host object, so that its address stays put
    while a thread waits for it without the VM lock.  Written only by the
    VM lock's holder."""
    cdef int locked

cdef gcref_t lock_function(str fn, gcref_t* a, Py_ssize_t n) except 0:
    cdef LockState state
    if fn == "lock_new":
        check_args(fn, n, 0, 0)
        return from_host(LockState())
    check_args(fn, n, 3 if fn == "lock_acquire" else 1, 3 if fn == "lock_acquire" else 1)
    state = to_host(a)
    if fn == "lock_acquire":
        return V_TRUE if lock_acquire(state, truth(a[1]), float(to_host(a + 2))) else V_FALSE
    if fn == "lock_release":
        if not state.locked:
            raise RuntimeError("release unlocked lock")
        lock_set(&state.locked, 0)
        return V_NONE
    return V_TRUE if state.locked else V_FALSE

cdef bint lock_acquire(LockState state, bint blocking, double timeout) except -1:
    # Take the lock; if another thread holds it and [blocking], wait for
    # it, at most [timeout] seconds (< 0: no limit).
    cdef VMThread* me = RUNNING
    if not state.locked:
        lock_set(&state.locked, 1)
        return True
    if not blocking or me == NULL:
        return False
    deadline = _host_monotonic() + timeout
    while True:
        if not wait_released(state, timeout):
            return False
        if not state.locked:
            lock_set(&state.locked, 1)
            return True
        if timeout >= 0:                # another thread took it first
            timeout = deadline - _host_monotonic()
            if timeout <= 0:
                return False

cdef bint wait_released(LockState state, double timeout) except -1:
    # Until [state] is released (True) or [timeout] seconds (< 0: no limit)
    # have passed (False), with the VM lock released.  The main thread
    # waits in steps, and runs the signal handlers between them (Ctrl-C
    # interrupts it, as CPython's acquire).
    cdef VMThread* me = RUNNING
    cdef unsigned long generation = THREAD_GENERATION
    cdef bint freed
    cdef double step
    deadline = _host_monotonic() + timeout
    while True:
        step = timeout
        if me == &MAIN_THREAD and not 0 <= step <= MAIN_WAIT_STEP:
            step = MAIN_WAIT_STEP
        save_thread(me)
        with nogil:
            vl_drop(0)
            freed = lock_wait(&state.locked, step, generation)
            vl_take(generation)
        restore_thread(me)
        if freed or not state.locked:
            return True
        if me == &MAIN_THREAD:
            PyErr_CheckSignals()
        if timeout >= 0:
            timeout = deadline - _host_monotonic()
            if timeout <= 0:
                return False

from time import monotonic as _host_monotonic

cdef double MAIN_WAIT_STEP = 0.05       # seconds

# ---------------------------------------------------------------- starting one

cdef gcref_t start_thread(gcref_t* a, Py_ssize_t n) except 0:
    # _vm.start_thread(f): a new thread that calls f(), its ident.  (f is
    # _thread.start_new_thread's bootstrap: it reports the function's
    # exception itself and releases the thread's sentinel locks.)
    global THREADS_STARTED
    import _thread as _host_thread
    cdef size_t nslots = THREAD_STACK_SLOTS
    cdef VMThread* t
    check_args("start_thread", n, 1, 1)
    t = <VMThread*>calloc(1, sizeof(VMThread))
    if t == NULL:
        raise MemoryError()
    t.frames = <Frame*>calloc(MAX_FRAMES + 1, sizeof(Frame))
    t.stack_base = <gcref_t*>calloc(nslots, sizeof(gcref_t))
    if t.frames == NULL or t.stack_base == NULL:
        free(t.frames)
        free(t.stack_base)
        free(t)
        raise MemoryError("cannot allocate a thread's stacks")
    t.stack_end = t.stack_base + nslots
    t.stack_base[0] = a[0]              # the callable, its first root
    t.stack_top = t.stack_base + 1
    t.depth = -1
    t.handled = V_NONE
    THREADS_STARTED += 1
    t.number = THREADS_STARTED
    t.next = MAIN_THREAD.next           # (from here the collector sees its stack)
    MAIN_THREAD.next = t
    try:
        ident = _host_thread.start_new_thread(_thread_main, (<size_t>t, THREAD_GENERATION))
    except BaseException:
        unlink_thread(t)
        free(t.frames)
        free(t.stack_base)
        free(t)
        raise
    with nogil:
        wait_started(&t.started)        # (it waits for the VM lock, which this thread holds)
    return from_host(ident)

cdef void unlink_thread(VMThread* t) noexcept nogil:
    cdef VMThread* p = THREADS
    while p != NULL and p.next != t:
        p = p.next
    if p != NULL:
        p.next = t.next

def _thread_main(size_t address, unsigned long generation):
    # A VM thread's host thread: take the lock, run the bootstrap, leave.
    cdef VMThread* t = <VMThread*>address
    t.ident = PyThread_get_thread_ident()
    with nogil:
        set_started(&t.started)
        vl_take(generation)
    t.stack_low = c_stack_low()
    restore_thread(t)
    try:
        call_nested(HEAP.shadowstack_base, 0, 0)
    except VMError:
        # (the bootstrap reports the function's exceptions: this one is
        # its own, say a MemoryError)
        push(VM_STATE.roots[R_EXC])
        VM_STATE.roots[R_EXC] = 0
        sys.stdout.flush()
        sys.stderr.write(format_exception(top_slot()))
    except BaseException as e:
        sys.stderr.write(f"vmsample: a thread failed: {type(e).__name__}: {e}\n")
    save_thread(t)
    unlink_thread(t)
    free(t.frames)
    free(t.stack_base)
    free(t)
    with nogil:
        vl_drop(0)
