"""Fault injection for the test build: see _faults.pxd.

    from vmsample import _faults
    _faults.ENABLED                 # False in the release build
    _faults.reset()                 # count from zero, nothing armed
    ...                             # a workload
    _faults.calls("alloc")          # how many allocations it made
    _faults.fail_nth("alloc", 17)   # the 17th allocation from now fails, once
"""

from libc.errno cimport EIO

cdef long long _countdown[FAULT_KINDS]
cdef long long _calls[FAULT_KINDS]
cdef int _errno = EIO

KINDS = {"alloc": FAULT_ALLOC, "write": FAULT_WRITE, "deflate": FAULT_DEFLATE}
ENABLED = bool(FAULTS)


cdef int fault_due(int kind) noexcept nogil:
    _calls[kind] += 1
    if _countdown[kind] > 0:
        _countdown[kind] -= 1
        return _countdown[kind] == 0
    return 0


cdef int fault_errno() noexcept nogil:
    return _errno


def _kind(kind):
    try:
        return KINDS[kind]
    except KeyError:
        raise ValueError(f"fault kind must be one of {', '.join(KINDS)}, not {kind!r}") from None


def fail_nth(kind, n, errno=EIO):
    """Make the [n]th call of [kind] ("alloc", "write", "deflate") from now
    fail, once ([n] = 0: none).  A failing write reports [errno]."""
    global _errno
    if not ENABLED:
        raise RuntimeError("fault injection is compiled into the test build only (VMSAMPLE_TEST_BUILD=1)")
    if n < 0:
        raise ValueError("n must be >= 0")
    _countdown[_kind(kind)] = n
    _errno = errno


def armed(kind):
    """Whether the failure fail_nth() asked for has not happened yet."""
    return _countdown[_kind(kind)] > 0


def calls(kind):
    """The calls of [kind] counted since reset() (test build only)."""
    return _calls[_kind(kind)]


def reset():
    """Disarm every kind and count from zero."""
    global _errno
    for i in range(FAULT_KINDS):
        _countdown[i] = 0
        _calls[i] = 0
    _errno = EIO
