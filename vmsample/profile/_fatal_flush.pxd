# vmsample/profile/_fatal_flush.pxd -- flush buffered output when a fatal
# signal kills the process (see _fatal_flush.pyx).
#
# A writer registers a callback with its context; a fatal signal calls every
# registered callback once, in the signal handler, before the process dies.
# The callback must be async-signal-safe (write(2), no malloc, no locks) and
# must do nothing when its writer is in the middle of a record.

ctypedef int (*fatal_flush_fn)(void* ctx) noexcept nogil

cdef int fatal_flush_register(void* ctx, fatal_flush_fn flush) except -1
cdef void fatal_flush_unregister(void* ctx) noexcept
cdef void fatal_flush_retake(int signum) noexcept
