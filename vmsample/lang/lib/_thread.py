"""This module provides primitive operations to write multi-threaded programs.
The 'threading' module provides a more convenient interface.

CPython 3.11's ``_thread`` (a C module there), written in Python for the
VM, which has one thread for now.  The lead replaces this module when the
VM gets threads (issue 27: VM threads switched at safe points).

ONE THREAD: ``start_new_thread`` raises RuntimeError.  Locks work as in a
program whose other threads never run: acquiring a free lock takes it, and
acquiring a held lock fails at once (blocking=False), after the timeout
(it sleeps, as CPython would, since nothing else can release the lock), or,
without a timeout, raises RuntimeError where CPython would wait forever --
a deadlock in a program with one thread.
"""

import os as _os
import time as _time

error = RuntimeError

TIMEOUT_MAX = 9223372036.0      # CPython's PY_TIMEOUT_MAX, in seconds, on Linux

_MAIN_IDENT = _os.getpid()      # the one thread's identity (on Linux, its tid)


def get_ident():
    """get_ident() -> integer

Return a non-zero integer that uniquely identifies the current thread
amongst other threads that exist simultaneously."""
    return _MAIN_IDENT


def get_native_id():
    """get_native_id() -> integer

Return a non-negative integer identifying the thread as reported
by the OS (kernel)."""
    return _MAIN_IDENT


def start_new_thread(function, args, kwargs=None):
    """start_new_thread(function, args[, kwargs])
(start_new() is an obsolete synonym)

Start a new thread and return its identifier."""
    if not isinstance(args, tuple):
        raise TypeError("2nd arg must be a tuple")
    if kwargs is not None and not isinstance(kwargs, dict):
        raise TypeError("optional 3rd arg must be a dictionary")
    raise RuntimeError("threads are not supported yet by vmsample (the VM runs one thread)")


start_new = start_new_thread


def exit():
    """exit()
(exit_thread() is an obsolete synonym)

This is synonymous to ``raise SystemExit''.  It will cause the current
thread to exit silently unless the exception is caught."""
    raise SystemExit


exit_thread = exit


def interrupt_main(signum=2):
    """interrupt_main(signum=signal.SIGINT, /)

Simulate the arrival of the given signal in the main thread,
where the corresponding signal handler will be called."""
    # The one thread is the main thread: the signal's default action for
    # SIGINT, the only one the VM delivers for now, happens here and now.
    if signum != 2:
        raise NotImplementedError("vmsample delivers only SIGINT to the main thread for now")
    raise KeyboardInterrupt


def _count():
    """_count() -> integer

Return the number of currently running Python threads, excluding
the main thread."""
    return 0


_stack_size = 0


def stack_size(size=0):
    """stack_size([size]) -> size

Return the thread stack size used when creating new threads."""
    global _stack_size
    if not isinstance(size, int):
        raise TypeError(f"'{type(size).__name__}' object cannot be interpreted as an integer")
    if size < 0:
        raise ValueError("size must be 0 or a positive value")
    if size != 0 and size < 32768:
        raise ValueError(f"size not valid: {size} bytes")
    old, _stack_size = _stack_size, size
    return old


def _timeout_of(blocking, timeout):
    """CPython's checks of acquire()'s arguments; the seconds to wait,
    or -1 for ever."""
    if not blocking and timeout != -1:
        raise ValueError("can't specify a timeout for a non-blocking call")
    if timeout < 0 and timeout != -1:
        raise ValueError("timeout value must be positive")
    if not blocking:
        return 0
    if timeout != -1 and timeout > TIMEOUT_MAX:
        raise OverflowError("timeout value is too large")
    return timeout


def _wait_in_vain(what, timeout):
    # A held lock that only this thread could release: it never will.
    if timeout == -1:
        raise RuntimeError(f"deadlock: acquiring a {what} that is held, which no other thread "
                           f"can release (vmsample runs one thread)")
    if timeout > 0:
        _time.sleep(timeout)
    return False


class lock:
    """A lock object is a synchronization primitive.  To create a lock,
call threading.Lock().  Methods are:

acquire() -- lock the lock, possibly blocking until it can be obtained
release() -- unlock of the lock
locked() -- test whether the lock is currently locked

A lock is not owned by the thread that locked it; another thread may
unlock it.  A thread attempting to lock a lock that it has already locked
will block until another thread unlocks it.  Deadlocks may ensue."""
    __slots__ = ("_locked", "__weakref__")

    def __new__(cls, *args, **kwargs):
        raise TypeError("cannot create '_thread.lock' instances")

    def __init_subclass__(cls, **kwargs):
        raise TypeError("type '_thread.lock' is not an acceptable base type")

    def acquire(self, blocking=True, timeout=-1):
        """acquire(blocking=True, timeout=-1) -> bool
(acquire_lock() is an obsolete synonym)

Lock the lock."""
        timeout = _timeout_of(blocking, timeout)
        if not self._locked:
            self._locked = True
            return True
        return _wait_in_vain("lock", timeout)

    def release(self):
        """release()
(release_lock() is an obsolete synonym)

Release the lock, allowing another thread that is blocked waiting for
the lock to acquire the lock.  The lock must be in the locked state,
but it needn't be locked by the same thread that unlocks it."""
        if not self._locked:
            raise RuntimeError("release unlocked lock")
        self._locked = False

    def locked(self):
        """locked() -> bool
(locked_lock() is an obsolete synonym)

Return whether the lock is in the locked state."""
        return self._locked

    acquire_lock = acquire
    release_lock = release
    locked_lock = locked

    def __enter__(self):
        return self.acquire()

    def __exit__(self, *exc_info):
        self.release()

    def _at_fork_reinit(self):
        self._locked = False

    def __repr__(self):
        state = "locked" if self._locked else "unlocked"
        return f"<{state} _thread.lock object at {id(self):#x}>"


LockType = lock
del lock


def _allocate_lock():
    """allocate_lock() -> lock object
(allocate() is an obsolete synonym)

Create a new lock object. See help(type(threading.Lock())) for
information about locks."""
    lock = object.__new__(LockType)
    lock._locked = False
    return lock


# A staticmethod, so that it stays a plain function when a class stores it,
# as CPython's built-in function does (`locktype = _thread.allocate_lock`
# in a class body, then `self.locktype()`).
allocate_lock = allocate = staticmethod(_allocate_lock)


def _set_sentinel():
    """_set_sentinel() -> lock

Set a sentinel lock that will be released when the current thread
state is finalized (normally when the thread's Python code ends)."""
    return _allocate_lock()


class RLock:
    # [_owner] is the owning thread's ident (0: none), [_count] how many
    # times it acquired the lock.
    __slots__ = ("_owner", "_count", "__weakref__", "__dict__")

    def __new__(cls, *args, **kwargs):
        self = object.__new__(cls)
        self._owner = 0
        self._count = 0
        return self

    def acquire(self, blocking=True, timeout=-1):
        """acquire(blocking=True) -> bool

Lock the lock.  `blocking` indicates whether we should wait
for the lock to be available or not."""
        timeout = _timeout_of(blocking, timeout)
        me = get_ident()
        if self._count > 0 and self._owner == me:
            self._count += 1
            return True
        if self._count == 0:
            self._owner, self._count = me, 1
            return True
        return _wait_in_vain("RLock", timeout)

    def release(self):
        """release()

Release the lock, allowing another thread that is blocked waiting for
the lock to acquire the lock."""
        if self._count == 0 or self._owner != get_ident():
            raise RuntimeError("cannot release un-acquired lock")
        self._count -= 1
        if self._count == 0:
            self._owner = 0

    __enter__ = acquire

    def __exit__(self, *exc_info):
        self.release()

    def _is_owned(self):
        """_is_owned() -> bool

For internal use by `threading.Condition`."""
        return self._count > 0 and self._owner == get_ident()

    def _recursion_count(self):
        """_recursion_count() -> int

For internal use by reentrancy checks."""
        return self._count if self._owner == get_ident() else 0

    def _release_save(self):
        """_release_save() -> tuple

For internal use by `threading.Condition`."""
        if self._count == 0:
            raise RuntimeError("cannot release un-acquired lock")
        state = (self._count, self._owner)
        self._count, self._owner = 0, 0
        return state

    def _acquire_restore(self, state):
        """_acquire_restore(state) -> None

For internal use by `threading.Condition`."""
        count, owner = state
        if self._count and self._owner != owner:
            _wait_in_vain("RLock", -1)
        self._count, self._owner = count, owner

    def _at_fork_reinit(self):
        self._count, self._owner = 0, 0

    def __repr__(self):
        state = "locked" if self._count else "unlocked"
        return (f"<{state} {type(self).__module__}.{type(self).__qualname__} object "
                f"owner={self._owner} count={self._count} at {id(self):#x}>")


class _local:
    """Thread-local data"""
    # One thread: an instance's attributes are the one thread's.

    def __new__(cls, *args, **kwargs):
        if (args or kwargs) and cls.__init__ is object.__init__:
            raise TypeError("Initialization arguments are not supported")
        return object.__new__(cls)
