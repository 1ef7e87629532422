# vm/signals.pxi, included by _vm.pyx (one extension module, one C file).
#
# Signal handlers written in Python, run at the VM's safe points (issue 27),
# as CPython runs them between two bytecodes of the main thread.
#
# CPython's own machinery does most of it: lib/_signal.py installs, through
# set_signal_handler, a host handler (the VMCallable of its _dispatch) with
# the host's signal(); CPython's C handler records the signal, and the
# host's PyErr_CheckSignals calls _dispatch, which calls the program's
# handler on the VM.  The VM calls PyErr_CheckSignals every
# SIGNAL_CHECK_INTERVAL backward jumps, in a sleep and in a lock wait --
# too late for a program that sends itself a signal (os.kill, alarm) and
# expects its handler to have run at the next bytecode.  So the C handler
# of each signal with a Python-level handler (and of SIGINT from the start)
# is chained: ours calls CPython's, then marks the signal due and adds 1 to
# VM_STATE.tick, which the eval loop tests at calls and backward jumps; the
# safe point there runs the handlers (safe_point, vm/eval_loop.pxi).
#
# INVARIANT: while [vms_sig_due] is 1, VM_STATE.tick holds one unit for it
# (added by the C handler that set it), unless a plain reset of the tick
# took it (the profiler's take of its expiries, the reset without a
# profiler); safe_point then gives it back (signal_wakeup_kept), so that
# the next signal's handler is never left waiting for an unrelated tick.
# Only the main thread runs handlers (CPython's rule): a safe point of
# another thread passes the due signal on to the main thread, whose
# restore_thread (vm/threads.pxi) marks it due again when it runs next.
#
# At the run's end every host handler the run set is put back, and our C
# handlers are taken out: a VMCallable left in the host would raise "a VM
# callable outlived its VM run" at the host's next signal.

cdef extern from *:
    """
    #include <signal.h>
    #include <errno.h>
    #ifndef NSIG
    #define NSIG 65
    #endif
    static struct sigaction vms_sig_chained[NSIG];  /* the action ours calls first */
    static int vms_sig_due = 0;
    static volatile int* vms_sig_tick = NULL;

    static void vms_sig_mark_due(void) {
        if (vms_sig_tick != NULL && !__atomic_exchange_n(&vms_sig_due, 1, __ATOMIC_SEQ_CST))
            __atomic_add_fetch(vms_sig_tick, 1, __ATOMIC_SEQ_CST);
    }

    static void vms_sig_handler(int signum, siginfo_t* info, void* uctx) {
        /* async-signal-safe: the chained handler, then two atomic operations */
        struct sigaction* prev = &vms_sig_chained[signum];
        int saved = errno;
        if (prev->sa_flags & SA_SIGINFO)
            prev->sa_sigaction(signum, info, uctx);
        else if (prev->sa_handler != SIG_DFL && prev->sa_handler != SIG_IGN)
            prev->sa_handler(signum);
        vms_sig_mark_due();
        errno = saved;
    }

    static int vms_sig_is_ours(const struct sigaction* a) {
        return (a->sa_flags & SA_SIGINFO) && a->sa_sigaction == vms_sig_handler;
    }

    /* Chain ours in front of the C handler of [signum], if it has one. */
    static int vms_sig_chain(int signum, volatile int* tick) {
        struct sigaction cur, mine;
        if (signum <= 0 || signum >= NSIG || sigaction(signum, NULL, &cur) != 0)
            return 0;
        if (vms_sig_is_ours(&cur))
            return 0;
        if (!(cur.sa_flags & SA_SIGINFO) && (cur.sa_handler == SIG_DFL || cur.sa_handler == SIG_IGN))
            return 0;
        vms_sig_tick = tick;
        vms_sig_chained[signum] = cur;
        mine = cur;
        mine.sa_flags |= SA_SIGINFO;
        mine.sa_sigaction = vms_sig_handler;
        return sigaction(signum, &mine, NULL);
    }

    /* Put the chained handler back where ours still is. */
    static void vms_sig_unchain(int signum) {
        struct sigaction cur;
        if (signum > 0 && signum < NSIG && sigaction(signum, NULL, &cur) == 0 && vms_sig_is_ours(&cur))
            sigaction(signum, &vms_sig_chained[signum], NULL);
    }

    /* Whether a signal was due; it no longer is, and the tick has its unit
       back unless a reset took it (never below 0). */
    static int vms_sig_take_due(volatile int* tick) {
        int t;
        if (!__atomic_exchange_n(&vms_sig_due, 0, __ATOMIC_SEQ_CST))
            return 0;
        t = __atomic_load_n(tick, __ATOMIC_SEQ_CST);
        while (t > 0 && !__atomic_compare_exchange_n(tick, &t, t - 1, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
            ;
        return 1;
    }

    static inline int vms_sig_due_peek(void) {
        return __atomic_load_n(&vms_sig_due, __ATOMIC_RELAXED);
    }

    /* A signal due whose unit a reset took gets one again. */
    static void vms_sig_keep_wakeup(volatile int* tick) {
        if (__atomic_load_n(&vms_sig_due, __ATOMIC_SEQ_CST) && __atomic_load_n(tick, __ATOMIC_SEQ_CST) == 0)
            __atomic_add_fetch(tick, 1, __ATOMIC_SEQ_CST);
    }
    """
    int sig_chain "vms_sig_chain"(int signum, volatile int* tick) noexcept nogil
    void sig_unchain "vms_sig_unchain"(int signum) noexcept nogil
    void sig_mark_due "vms_sig_mark_due"() noexcept nogil
    bint sig_take_due "vms_sig_take_due"(volatile int* tick) noexcept nogil
    void sig_keep_wakeup "vms_sig_keep_wakeup"(volatile int* tick) noexcept nogil
    bint signal_due "vms_sig_due_peek"() noexcept nogil

import _signal as _host_signal

cdef bint MAIN_SIGNAL_DUE = False   # a thread's safe point saw a signal due: the main thread runs it
SIGNALS_SET = {}                    # signal number -> the host's handler before the run first set it
SIGNALS_CHAINED = set()             # the signals whose C handler ours may be in front of

cdef bint take_signal_due() noexcept nogil:
    # safe_point: whether the main thread is to run the signal handlers now.
    global MAIN_SIGNAL_DUE
    if not sig_take_due(&VM_STATE.tick):
        return False
    if RUNNING == &MAIN_THREAD:
        return True
    MAIN_SIGNAL_DUE = True
    return False

cdef int run_due_signal_handlers() except -1:
    # Outside a safe point (call_host, vm/host.pxi): the handlers now, if
    # this is the main thread.  Runs VM code: the caller keeps its objects
    # on the shadow stack.
    if take_signal_due():
        PyErr_CheckSignals()
    return 0

cdef inline void signal_wakeup_kept() noexcept nogil:
    # safe_point, after the tick's reset (the invariant above).
    sig_keep_wakeup(&VM_STATE.tick)

cdef inline void main_thread_resumes() noexcept nogil:
    # restore_thread of the main thread: a signal another thread saw is due here.
    global MAIN_SIGNAL_DUE
    if MAIN_SIGNAL_DUE:
        MAIN_SIGNAL_DUE = False
        sig_mark_due()

cdef int chain_signal(int signum) except -1:
    if sig_chain(signum, &VM_STATE.tick) != 0:
        raise OSError(f"cannot chain the handler of signal {signum}")
    SIGNALS_CHAINED.add(signum)
    return 0

cdef int signals_start() except -1:
    # run_program's start: Ctrl-C (CPython's default_int_handler) raises
    # KeyboardInterrupt at the next safe point.
    chain_signal(_host_signal.SIGINT)
    return 0

cdef gcref_t set_signal_handler(gcref_t* a, Py_ssize_t n) except 0:
    # _vm.set_signal_handler(signalnum, handler, host_default), lib/_signal.py's
    # signal(): the host's signal() with [handler] (a VM callable: its
    # VMCallable) or, if [host_default], the host's default_int_handler; the
    # host checks everything, with CPython's messages.  The host's previous
    # handler.
    check_args("set_signal_handler", n, 3, 3)
    signalnum = to_host(a)
    if PROFILER is not None and PROFILER._timer and signalnum == (
            _host_signal.SIGALRM if PROFILER.writer.real_time else _host_signal.SIGPROF):
        # (the host's signal() would take the profiler's timer away, and its
        # expiries would call the program's handler)
        raise ValueError(f"signal {signalnum} is the profiler's timer signal: run the program with "
                         f"--time-period off{' or without --real-time' if PROFILER.writer.real_time else ''}")
    handler = _host_signal.default_int_handler if truth(a[2]) else to_host(a + 1)
    previous = _host_signal.signal(signalnum, handler)
    SIGNALS_SET.setdefault(signalnum, previous)
    if callable(handler):
        chain_signal(signalnum)
    elif handler == _host_signal.SIG_DFL:
        # (a Python handler had replaced the profiler's drain of a
        # terminating signal, profile/_fatal_flush.pyx: the default action
        # drains again)
        fatal_flush_retake(signalnum)
    return from_host(previous)

cdef void signals_end() noexcept:
    # run_program's end, in the main thread: the host's handlers as they
    # were before the run (one set by C code cannot be put back from
    # Python: SIG_DFL), and none of ours.
    global MAIN_SIGNAL_DUE
    for signalnum, previous in SIGNALS_SET.items():
        try:
            _host_signal.signal(signalnum, _host_signal.SIG_DFL if previous is None else previous)
        except (ValueError, OSError):
            pass
        if previous is None or previous == _host_signal.SIG_DFL:
            fatal_flush_retake(signalnum)       # (as in set_signal_handler)
    SIGNALS_SET.clear()
    for signalnum in SIGNALS_CHAINED:
        sig_unchain(signalnum)
    SIGNALS_CHAINED.clear()
    MAIN_SIGNAL_DUE = False
    sig_take_due(&VM_STATE.tick)
