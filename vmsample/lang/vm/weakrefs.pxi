# vm/weakrefs.pxi, included by _vm.pyx (one extension module, one C file).
#
# Weak references and finalizers, on the nursery core's (core/weakrefs.pxi,
# core/finalizers.pxi, docs/embedding.md §16): the weakref target object
# behind lib/_weakref.py's ref and proxy (_vm.weak_new, _vm.weak_get), the
# safe point that runs __del__ and weakref callbacks, gc.collect(), and the
# finalization at exit.  __del__'s registration is instance_new's
# (vm/classes.pxi: a class with CF_DEL), a generator's is its first yield
# inside a try or with (vm/generators.pxi); a class's subclass list holds
# weakref target objects too (vm/classes.pxi), so that classes die.
# Globals: VM_STATE.finalization_due / tick; FINALIZING; APP_ROOTS (the
# app-level runners of vmsample/lang/app/finalization.py).
#
# A weakref target object (T_WEAKREF) holds its target in the core's weak
# field and its [owner]: the ref or proxy that made it, which holds it in
# turn, so it is reachable exactly when its owner is.  The core clears the
# field when a collection frees the target, and queues the object only if
# it is reachable then: the callback of a ref that died first never runs, as
# in CPython.  It is registered with GC_WEAK_TRACK_RESURRECTION: cleared when
# the target is freed, not while its __del__ may still resurrect it --
# CPython's order for an object its reference count frees (__del__, then
# the weak references if it stayed dead), which is what programs see.  (For
# garbage cycles CPython clears them before __del__; not done here.)
#
# The safe point.  A collection never runs VM code: the core queues, and the
# hook [finalization_due] sets VM_STATE.finalization_due and adds 1 to
# VM_STATE.tick, which the eval loop already tests at calls and backward
# jumps (safe_point, vm/eval_loop.pxi; the 1 is taken back before the
# profiler counts timer expiries).  There [run_finalization] drains both
# queues into app-level Python (vmsample/lang/app/finalization.py), which reports a failure as CPython does
# ("Exception ignored in: ...", sys.unraisablehook).  One drain at a time:
# what the code it runs queues is drained by the same loop.

cdef extern from *:
    """
    static inline void vms_tick_add(volatile int *tick, int d) {
        __atomic_add_fetch(tick, d, __ATOMIC_RELAXED);
    }
    """
    void tick_add "vms_tick_add"(volatile int* tick, int d) noexcept nogil

cdef bint FINALIZING = False        # run_finalization is draining

cdef void finalization_due(void* ctx, GCHeap* h) noexcept nogil:
    # The core's on_finalization hook: drain at the next safe point.
    if not VM_STATE.finalization_due:
        VM_STATE.finalization_due = True
        tick_add(&VM_STATE.tick, 1)

cdef bint take_finalization_due() noexcept nogil:
    # Whether finalization was due; it no longer is, and tick has its 1 back.
    if not VM_STATE.finalization_due:
        return False
    VM_STATE.finalization_due = False
    tick_add(&VM_STATE.tick, -1)
    return True

cdef gcref_t new_weak_target(gcref_t* tslot, gcref_t* oslot) except 0:
    # A weakref target object for tslot[0], serving oslot[0] (None: nobody
    # to tell when the target dies).
    cdef uint32_t flags = GC_WEAK_TRACK_RESURRECTION
    cdef gcref_t w = alloc_fixed(T_WEAKREF)     # young: no barrier for the store below
    FLD(w)[W_OWNER] = oslot[0]
    if oslot[0] != V_NONE:
        flags |= GC_WEAK_NOTIFY
    if gc_weak_register(HEAP, HDR(w), tslot[0], flags) < 0:
        raise_gc_error()
    return w

cdef inline gcref_t weak_target_get(gcref_t w) noexcept nogil:
    # The target of weakref target object [w], or 0 once it died.
    return gc_weak_get(HEAP, HDR(w))

cdef gcref_t weak_module_function(str fn, gcref_t* a, Py_ssize_t n) except 0:
    cdef gcref_t v
    if fn == "weak_new":
        # weak_new(target, owner): a weakref target object; with an owner
        # (not None) it is queued for owner's callback when target dies.
        check_args("weak_new", n, 2, 2)
        return new_weak_target(a, a + 1)
    # weak_get(w): the target, or None once it died
    check_args("weak_get", n, 1, 1)
    if not has_tid(a[0], T_WEAKREF):
        raise TypeError(f"weak_get() argument must be a weakref target, not {type_name(a[0])}")
    v = weak_target_get(a[0])
    return v if v != 0 else V_NONE

cdef inline bint gen_finished(gcref_t o) noexcept nogil:
    return (has_tid(o, T_GENERATOR) or has_tid(o, T_COROUTINE)) and RAW(o)[G_STATUS] != GEN_SUSPENDED

cdef int run_finalization() except -1:
    # Drain the core's queues: each finalizable object's __del__ (app-level
    # "finalize"), then the callbacks of all the cleared weakrefs' owners at
    # once ("weakrefs_cleared", which orders them), until both are empty.
    # Room for its slot is made before an object is taken, so a taken
    # object is rooted at once.
    global FINALIZING
    cdef gcref_t* base = HEAP.shadowstack_top
    cdef GCHeader* obj
    if FINALIZING:
        return 0
    FINALIZING = True
    try:
        release_handles()
        while True:
            HEAP.shadowstack_top = base
            push(0)
            push(0)
            obj = gc_next_finalizable(HEAP)
            if obj != NULL and gen_finished(<gcref_t>obj):
                continue                # (a generator that finished: nothing to close)
            if obj != NULL:
                base[1] = <gcref_t>obj
                base[0] = app_object("finalize")
                vm_call(base, 1)
                continue
            obj = gc_next_cleared_weakref(HEAP)
            if obj == NULL:
                break
            base[0] = <gcref_t>obj
            base[1] = list_new(0)
            while True:
                base[0] = FLD(base[0])[W_OWNER]
                list_append(base + 1, base)
                obj = gc_next_cleared_weakref(HEAP)
                if obj == NULL:
                    break
                base[0] = <gcref_t>obj
            base[0] = app_object("weakrefs_cleared")
            vm_call(base, 1)
    finally:
        FINALIZING = False
        HEAP.shadowstack_top = base
    return 0

cdef int64_t collect_and_finalize() except -1:
    # gc.collect(): a full collection, then what it queued, run now (as
    # CPython's collect runs callbacks and __del__ before it returns); an
    # object a __del__ left dead is freed by the next round, whose weakref
    # callbacks run too.  Returns the first collection's count.
    cdef int64_t found = gc_collect_major(HEAP), m
    cdef int rounds = 0
    if found < 0:
        raise_gc_error()
    while not FINALIZING and rounds < 4 and take_finalization_due():
        run_finalization()
        m = gc_collect_major(HEAP)
        if m < 0:
            raise_gc_error()
        rounds += 1
    return found

cdef int GC_CALLBACKS_ROOT = 0      # the list gc.callbacks is (vm/startup.pxi)

cdef int64_t collect_with_callbacks() except -1:
    # gc.collect(): collect_and_finalize between gc.callbacks' "start" and
    # "stop" (app/finalization.py, gc_callbacks).  With no callback nothing
    # is called, so nothing is allocated that the collection would count:
    # gc.collect() is 0 when nothing died.
    cdef int64_t found
    cdef bint callbacks = RAW(VM_STATE.roots[GC_CALLBACKS_ROOT])[L_LEN] != 0
    if callbacks:
        run_gc_callbacks("start", 0)
    found = collect_and_finalize()
    if callbacks:
        run_gc_callbacks("stop", found)
    return found

cdef int run_gc_callbacks(str phase, int64_t collected) except -1:
    cdef gcref_t* base = HEAP.shadowstack_top
    push(app_object("gc_callbacks"))
    push(intern(phase))
    push(tag(collected))
    vm_call(base, 2)
    HEAP.shadowstack_top = base
    return 0

cdef int finalize_at_exit() except -1:
    # As CPython's shutdown: atexit's functions, then the __del__ of every
    # object that still has a finalizer, oldest first (CPython's finalization
    # of its modules reaches about that), and the callbacks that queues.
    cdef gcref_t* base = HEAP.shadowstack_top
    cdef int queued
    try:
        push(app_object("at_exit"))
        vm_call(base, 0)
        HEAP.shadowstack_top = base
        queued = gc_finalize_all(HEAP)
        if queued < 0:
            raise_gc_error()
        run_finalization()              # and what the last collection queued
        if queued:
            collect_and_finalize()      # what they left dead: its callbacks
    except VMError:
        push(VM_STATE.roots[R_EXC])
        VM_STATE.roots[R_EXC] = 0
        sys.stdout.flush()
        sys.stderr.write(format_exception(top_slot()))
    finally:
        HEAP.shadowstack_top = base
    return 0
