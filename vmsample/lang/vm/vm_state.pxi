# vm/vm_state.pxi, included by _vm.pyx (one extension module, one C file).
#
# The running VM: this process's one VMState (VM_STATE) and heap (HEAP), the
# Python-side tables (INTERNED, CODE_SPECS, EXC_CLASSES), and the
# primitives every helper uses: alloc_fixed/alloc_var (the heap's _or_raise
# wrappers), push/pop, the write barrier [store], add_root.

# ---------------------------------------------------------------- the running VM
# One VM runs at a time per process; its state is in these C globals so that
# helpers need no context argument.

cdef VMState VM_STATE
cdef GCHeap* HEAP = NULL
cdef dict INTERNED = {}          # Python str -> index of the interned VM str in VM_STATE.interned
cdef list CODE_SPECS = []        # code index -> compiler.Code
cdef dict EXC_CLASSES = {}       # name -> root index of the builtin exception class
cdef int64_t class_serial = 0

cdef int raise_gc_error() except -1:
    gc_raise_error(HEAP)
    return -1

# The heap's raising wrappers (_nursery.pxd), on HEAP and as values.
cdef inline gcref_t alloc_fixed(uint16_t tid) except 0:
    return <gcref_t>gc_alloc_fixed_or_raise(HEAP, tid)

cdef inline gcref_t alloc_var(uint16_t tid, size_t n) except 0:
    return <gcref_t>gc_alloc_varsize_or_raise(HEAP, tid, n)

# Not gc_push_root_or_raise: a full shadow stack is the language's
# RecursionError, with CPython's message.
cdef inline int push(gcref_t v) except -1:
    if not gc_push_root(HEAP, v):
        HEAP.error = 0
        raise RecursionError("maximum recursion depth exceeded")
    return 0

cdef inline gcref_t pop() noexcept nogil:
    HEAP.shadowstack_top -= 1
    return HEAP.shadowstack_top[0]

cdef inline gcref_t* top_slot() noexcept nogil:
    return HEAP.shadowstack_top - 1

cdef inline void store(gcref_t obj, int i, gcref_t v) noexcept nogil:
    # Every store of a value into a heap object goes through here (barrier).
    gc_write_barrier_slot(HEAP, <GCHeader*>obj, &FLD(obj)[i], v)
    FLD(obj)[i] = v

FREE_ROOTS = []          # root indices released (release_root), reused first

cdef int add_root(gcref_t v) except -1:
    cdef int cap, i
    if FREE_ROOTS:
        i = FREE_ROOTS.pop()
        VM_STATE.roots[i] = v
        return i
    if VM_STATE.nroots == VM_STATE.caproots:
        cap = VM_STATE.caproots * 2 if VM_STATE.caproots else 256
        VM_STATE.roots = <gcref_t*>realloc(VM_STATE.roots, cap * sizeof(gcref_t))
        if VM_STATE.roots == NULL:
            raise MemoryError()
        VM_STATE.caproots = cap
    VM_STATE.roots[VM_STATE.nroots] = v
    VM_STATE.nroots += 1
    return VM_STATE.nroots - 1


cdef void release_root(int i) noexcept:
    # Root [i] is no longer needed (a host callable that wrapped a VM one died).
    VM_STATE.roots[i] = 0
    FREE_ROOTS.append(i)
