# vmsample/_faults.pxd -- fault injection, compiled into the test build only.
#
# The test build (VMSAMPLE_TEST_BUILD=1, NDEBUG undefined) can make the Nth
# call of one kind fail: an allocation (malloc, calloc, realloc -- every
# table's growth goes through realloc -- and the evacuation reserve's mmap),
# a write(2) of the profile writer, or a deflate() of its gzip stream.  The
# failure paths behind them are otherwise reached by chance at best;
# tests/core/test_faults.py sweeps N over every call a workload makes.
#
# The core and the writer call these wrappers instead of libc.  In the
# release build FAULTS is the constant 0: each wrapper is the libc call and
# the check compiles away.  Control from Python: vmsample._faults.fail_nth().

from libc.stdlib cimport malloc, calloc, realloc

cdef extern from *:
    """
    #ifdef NDEBUG
    #  define VMS_FAULTS 0
    #else
    #  define VMS_FAULTS 1
    #endif
    """
    const bint FAULTS "VMS_FAULTS"

cdef enum:
    FAULT_ALLOC = 0
    FAULT_WRITE = 1
    FAULT_DEFLATE = 2
    FAULT_KINDS = 3

# Counts a call of [kind]; 1 when this call must fail (then [fault_errno()]
# is the errno a failing write reports).
cdef int fault_due(int kind) noexcept nogil
cdef int fault_errno() noexcept nogil

cdef inline void* fault_malloc(size_t n) noexcept nogil:
    return NULL if FAULTS and fault_due(FAULT_ALLOC) else malloc(n)

cdef inline void* fault_calloc(size_t n, size_t size) noexcept nogil:
    return NULL if FAULTS and fault_due(FAULT_ALLOC) else calloc(n, size)

cdef inline void* fault_realloc(void* p, size_t n) noexcept nogil:
    return NULL if FAULTS and fault_due(FAULT_ALLOC) else realloc(p, n)
