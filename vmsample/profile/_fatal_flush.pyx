"""Flushing open profiles when a signal kills the process.

Design
------
1. What a kill loses.  A profile's buffers hold what was sampled since the
   writer's last drain, which happens at least every PROF_DRAIN_AT bytes and
   every flush interval (see _writer.pyx, "Buffers").  SIGKILL cannot be
   caught, so that bound is all it gets.  Every other signal that kills the
   process -- a crash (SIGSEGV, SIGBUS, SIGILL, SIGFPE), abort() (SIGABRT),
   and a terminating signal nobody handles (SIGTERM, SIGHUP, SIGQUIT,
   SIGXCPU) -- first runs [vms_ff_handler], which drains every registered
   writer, so the files on disk hold everything sampled.

2. Async-signal safety.  The handler calls only the writers' callbacks,
   which use write(2) (and zlib, which allocates nothing once a stream is
   set up), and skip a writer caught in the middle of a record.  It runs
   once: a second fatal signal during the flush goes straight to step 3.

3. Dying as before.  The handler then restores the disposition it found and
   raises the signal again: it is delivered when the handler returns, to the
   default action (the exit status and core dump the process would have had)
   or to a handler that was there first -- Python's faulthandler, say, which
   prints its traceback and dies in turn.  A crash signal is taken over
   whatever handles it (the handler chains); a terminating signal only when
   it is at its default action: a program that handles SIGTERM is not
   killed by it, and its profile is closed the ordinary way.  A program
   that sets a terminating signal back to its default action (a Python
   handler that does so and raises the signal again, to die as it would
   have; the VM's run that puts the host's handlers back at its end)
   replaces this handler with the default: the VM gives it back
   ([fatal_flush_retake]), so that the signal drains the profiles again.

4. A stack overflow (deep C recursion) raises SIGSEGV with no stack left to
   run a handler on, so the handlers run on an alternate signal stack, set
   up for the registering thread (the VM's) unless it has one.

5. Handlers are installed when the first writer registers and removed when
   the last one leaves (where nobody replaced them meanwhile).
"""

cdef extern from *:
    """
    #include <errno.h>
    #include <signal.h>
    #include <string.h>

    #define VMS_FF_SLOTS 64
    #define VMS_FF_STACK (64 * 1024)

    typedef int (*vms_ff_fn)(void *ctx);

    typedef struct {
        void *volatile ctx;           /* NULL: a free slot */
        vms_ff_fn flush;
    } vms_ff_slot;

    static vms_ff_slot vms_ff_slots[VMS_FF_SLOTS];
    static int vms_ff_registered;
    static volatile sig_atomic_t vms_ff_flushing;

    static const int vms_ff_crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT};
    static const int vms_ff_term_signals[] = {SIGTERM, SIGHUP, SIGQUIT, SIGXCPU};
    #define VMS_FF_N_CRASH (int)(sizeof vms_ff_crash_signals / sizeof(int))
    #define VMS_FF_N_TERM (int)(sizeof vms_ff_term_signals / sizeof(int))
    #define VMS_FF_NSIG 65

    static struct sigaction vms_ff_previous[VMS_FF_NSIG];
    static char vms_ff_installed[VMS_FF_NSIG];
    static char vms_ff_stack[VMS_FF_STACK];

    static void vms_ff_handler(int sig, siginfo_t *info, void *uc) {
        int saved_errno = errno, i;
        void *ctx;
        (void)info; (void)uc;
        if (!vms_ff_flushing) {
            vms_ff_flushing = 1;
            for (i = 0; i < VMS_FF_SLOTS; i++) {
                ctx = vms_ff_slots[i].ctx;
                if (ctx != NULL)
                    vms_ff_slots[i].flush(ctx);
            }
        }
        sigaction(sig, &vms_ff_previous[sig], NULL);
        vms_ff_installed[sig] = 0;
        raise(sig);                     /* blocked until we return: then delivered */
        errno = saved_errno;
    }

    static void vms_ff_install_one(int sig, int only_if_default) {
        struct sigaction sa, old;
        if (sigaction(sig, NULL, &old) != 0)
            return;
        if (only_if_default && ((old.sa_flags & SA_SIGINFO) || old.sa_handler != SIG_DFL))
            return;                     /* handled or ignored: not fatal */
        memset(&sa, 0, sizeof sa);
        sa.sa_sigaction = vms_ff_handler;
        sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
        sigfillset(&sa.sa_mask);        /* nothing interrupts the flush */
        if (sigaction(sig, &sa, &vms_ff_previous[sig]) == 0)
            vms_ff_installed[sig] = 1;
    }

    static void vms_ff_install(void) {
        stack_t ss, old;
        int i;
        if (sigaltstack(NULL, &old) == 0 && (old.ss_flags & SS_DISABLE)) {
            ss.ss_sp = vms_ff_stack;
            ss.ss_size = VMS_FF_STACK;
            ss.ss_flags = 0;
            sigaltstack(&ss, NULL);
        }
        for (i = 0; i < VMS_FF_N_CRASH; i++)
            vms_ff_install_one(vms_ff_crash_signals[i], 0);
        for (i = 0; i < VMS_FF_N_TERM; i++)
            vms_ff_install_one(vms_ff_term_signals[i], 1);
    }

    static void vms_ff_retake(int sig) {
        int i;
        if (vms_ff_registered == 0)
            return;
        for (i = 0; i < VMS_FF_N_TERM; i++)
            if (vms_ff_term_signals[i] == sig)
                vms_ff_install_one(sig, 1);
    }

    static void vms_ff_uninstall(void) {
        struct sigaction cur;
        int sig;
        for (sig = 1; sig < VMS_FF_NSIG; sig++) {
            if (!vms_ff_installed[sig])
                continue;
            vms_ff_installed[sig] = 0;
            if (sigaction(sig, NULL, &cur) == 0 && (cur.sa_flags & SA_SIGINFO)
                    && cur.sa_sigaction == vms_ff_handler)
                sigaction(sig, &vms_ff_previous[sig], NULL);
        }
    }

    /* 0, or -1 when every slot is taken. */
    static int vms_ff_register(void *ctx, vms_ff_fn flush) {
        int i;
        for (i = 0; i < VMS_FF_SLOTS; i++) {
            if (vms_ff_slots[i].ctx == NULL) {
                vms_ff_slots[i].flush = flush;
                __atomic_store_n(&vms_ff_slots[i].ctx, ctx, __ATOMIC_SEQ_CST);
                if (vms_ff_registered++ == 0)
                    vms_ff_install();
                return 0;
            }
        }
        return -1;
    }

    static void vms_ff_unregister(void *ctx) {
        int i;
        for (i = 0; i < VMS_FF_SLOTS; i++) {
            if (ctx != NULL && vms_ff_slots[i].ctx == ctx) {
                __atomic_store_n(&vms_ff_slots[i].ctx, NULL, __ATOMIC_SEQ_CST);
                if (--vms_ff_registered == 0)
                    vms_ff_uninstall();
                return;
            }
        }
    }
    """
    ctypedef int (*vms_ff_fn)(void* ctx) noexcept nogil
    int vms_ff_register(void* ctx, vms_ff_fn flush) nogil
    void vms_ff_unregister(void* ctx) nogil
    void vms_ff_retake(int sig) nogil


cdef int fatal_flush_register(void* ctx, fatal_flush_fn flush) except -1:
    """Call [flush]([ctx]) when a fatal signal arrives, until unregistered."""
    if vms_ff_register(ctx, <vms_ff_fn>flush) != 0:
        raise RuntimeError("too many profiles open at once (64) for the fatal-signal flush")
    return 0


cdef void fatal_flush_unregister(void* ctx) noexcept:
    """Forget [ctx] (no-op if it is not registered)."""
    vms_ff_unregister(ctx)


cdef void fatal_flush_retake(int signum) noexcept:
    """[signum], a terminating signal just set back to its default action,
    drains the open profiles again (design 3); no-op for another signal or
    with no profile open."""
    vms_ff_retake(signum)
