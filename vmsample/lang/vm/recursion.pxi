# vm/recursion.pxi, included by _vm.pyx (one extension module, one C file).
#
# The recursion limit: how deep the VM may go before RecursionError.

# ---------------------------------------------------------------- the recursion limit
# One limit counts two kinds of depth, as CPython 3.11's does: VM frames
# (VM_STATE.depth + 1; they live in the frame array, not on the C stack) and
# C-recursive steps of helpers (VM_STATE.c_depth): comparing, repr-ing and
# hashing nested containers.  sys.setrecursionlimit sets it.  The frames of
# hidden code (C modules' replacements) are not counted (counted_depth):
# they stand for CPython's C functions, which add no frame.
#
# INVARIANT: every C-recursive path of the VM is bounded.  A helper that
# recurses into the items of a value brackets the step with
# enter_recursion / leave_recursion (the count against the limit); every
# entry of eval_loop (the other way C recurses: a __eq__, __repr__ or key=
# function called from a helper, a generator resumed by next()) checks that
# the C stack has room (check_c_stack).  So a deep or self-referential value
# raises RecursionError whatever the limit is set to, never overflows the
# C stack.

cdef extern from "pthread.h" nogil:
    ctypedef unsigned long pthread_t
    ctypedef struct pthread_attr_t:
        pass
    pthread_t pthread_self()
    int pthread_getattr_np(pthread_t, pthread_attr_t*)
    int pthread_attr_getstack(const pthread_attr_t*, void**, size_t*)
    int pthread_attr_destroy(pthread_attr_t*)

cdef enum:
    DEFAULT_RECURSION_LIMIT = 1000
    C_STACK_MARGIN = 256 * 1024    # bytes left for the deepest step between two checks

cdef char* c_stack_low() noexcept nogil:
    # The lowest address this thread's C stack may reach, less the margin
    # (the stack grows down); NULL if the thread cannot say.
    cdef pthread_attr_t attr
    cdef void* addr
    cdef size_t size
    if pthread_getattr_np(pthread_self(), &attr) != 0:
        return NULL
    if pthread_attr_getstack(&attr, &addr, &size) != 0:
        pthread_attr_destroy(&attr)
        return NULL
    pthread_attr_destroy(&attr)
    return <char*>addr + C_STACK_MARGIN

cdef inline int counted_depth() noexcept nogil:
    # The depth the limit sees: frames and C-recursive steps, less the frames
    # of hidden code (C modules' replacements, app-level helpers; see
    # vm/introspection.pxi), which stand for C functions that count nothing
    # in CPython (itertools.chain nested 2000 deep calls no Python frame).
    # Each frame carries the number of hidden frames at or below it
    # (push_frame), so this is the raw depth less the innermost's count.
    cdef int d = VM_STATE.depth + 1 + VM_STATE.c_depth
    if VM_STATE.depth >= 0:
        d -= VM_STATE.frames[VM_STATE.depth].hidden
    return d

cdef int check_c_stack() except -1:
    cdef char here
    if VM_STATE.stack_low != NULL and &here < VM_STATE.stack_low:
        raise RecursionError("maximum recursion depth exceeded")
    return 0

cdef int enter_recursion(str where) except -1:
    # [where] completes CPython's message ("in comparison", ...).
    cdef char here
    VM_STATE.c_depth += 1
    if ((VM_STATE.depth + 1 + VM_STATE.c_depth > VM_STATE.recursion_limit
            and counted_depth() > VM_STATE.recursion_limit)
            or (VM_STATE.stack_low != NULL and &here < VM_STATE.stack_low)):
        VM_STATE.c_depth -= 1
        raise RecursionError(f"maximum recursion depth exceeded {where}")
    return 0

cdef inline void leave_recursion() noexcept nogil:
    VM_STATE.c_depth -= 1

cdef int set_recursion_limit(gcref_t* args, Py_ssize_t n) except -1:
    # sys.setrecursionlimit(limit), with CPython's checks and messages.
    cdef int depth = counted_depth()
    if n != 1:
        raise TypeError(f"setrecursionlimit() takes exactly one argument ({n} given)")
    if not is_intlike(args[0]):
        raise TypeError(f"'{type_name(args[0])}' object cannot be interpreted as an integer")
    limit = int_to_py(args[0])
    if limit < 1:
        raise ValueError("recursion limit must be greater or equal than 1")
    if limit > 0x7FFFFFFF:
        raise OverflowError("Python int too large to convert to C int")
    if limit <= depth:
        raise RecursionError(f"cannot set the recursion limit to {limit} at the recursion depth "
                             f"{depth}: the limit is too low")
    VM_STATE.recursion_limit = limit
    return 0
