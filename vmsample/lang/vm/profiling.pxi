# vm/profiling.pxi, included by _vm.pyx (one extension module, one C file).
#
# The profiler's view of the VM: [walk_stack] (never allocates, so the
# sample hook may call it) and [_trace_roots] (the GC's root callback).

# ---------------------------------------------------------------- profiling
# The stack walker of vmsample.profile._glue, which calls it from the
# nursery's sample hook and at time samples.  It never allocates in the heap:
# it reads the Frame array and each frame's current pc.

cdef uint32_t walk_stack(void* ctx, ProfFrame* out, uint32_t max_frames) noexcept nogil:
    # The VM stack, leaf first: (code id, current line) per frame.
    cdef VMState* s = <VMState*>ctx
    cdef int i
    cdef uint32_t n = 0
    cdef Frame* f
    for i in range(s.depth, -1, -1):
        if n == max_frames:
            break
        f = &s.frames[i]
        out[n].code_id = f.co.vmprof_id
        out[n].line = f.co.lines[f.pc] if 0 <= f.pc < f.co.ninstr else f.co.firstlineno
        n += 1
    return n

# The code objects' constants and names are roots that never change once
# load_code has filled them, so after one minor collection they are all old:
# INVARIANT: codes[:codes_old] hold no young reference.  A minor collection
# visits only the codes loaded since the last one (gc_visit_is_minor), then
# moves the mark to the end -- unless a load_code is under way, whose code
# (and any code after it) may still receive young constants; then the mark
# stays.  Every other visit (a major collection, the heap verifier) visits
# every code.  At a GC-stress run's every minor collection, the library's
# thousands of constants cost as much as the rest of the pause.
# The interned strs obey the same rule, with no exception: a slot of
# VM_STATE.interned is written once, when its str is made, so
# INVARIANT: interned[:interned_old] hold no young reference.

cdef void _trace_roots(void* ctx, GCHeap* h) noexcept nogil:
    cdef VMState* s = <VMState*>ctx
    cdef int i
    cdef bint minor = gc_visit_is_minor(h)
    gc_visit_roots(h, s.roots, s.nroots)
    for i in range(s.depth + 1):
        if s.frames[i].frameobj != 0:
            gc_visit_root(h, &s.frames[i].frameobj)
    trace_threads(h)                # the threads that are not running (vm/threads.pxi)
    i = s.interned_old if minor else 0
    gc_visit_roots(h, s.interned + i, s.ninterned - i)
    for i in range(s.codes_old if minor else 0, s.ncodes):
        gc_visit_roots(h, s.codes[i].consts, s.codes[i].nconsts)
        gc_visit_roots(h, s.codes[i].names, s.codes[i].nnames)
    if minor:
        s.interned_old = s.ninterned
    if minor and s.codes_loading == 0:
        s.codes_old = s.ncodes
