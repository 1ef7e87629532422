"""This module provides primitive operations to write multi-threaded programs.
The 'threading' module provides a more convenient interface.

CPython 3.11's ``_thread`` (a C module there), written in Python for the
VM.  A thread is a VM thread (vm/threads.pxi, ``_vm.start_thread``): a host
thread that runs VM code while it holds the VM lock, which changes hands at
the eval loop's safe points and around blocking host calls, as CPython's
GIL does.  Acquiring a lock that is held waits with the VM lock released,
so the thread that holds it runs.
Thread-local data (``_local``) is a dict per thread and object.
"""

import _vmhost
from _vm import start_thread as _start_thread, lock_new as _lock_new, lock_acquire as _lock_acquire, \
    lock_release as _lock_release, lock_locked as _lock_locked

_host = _vmhost.delegate("_thread")

error = RuntimeError

TIMEOUT_MAX = _host.TIMEOUT_MAX

get_ident = _host.get_ident
get_native_id = _host.get_native_id

_alive = 0          # threads started here and not finished (_count())
_sentinels = {}     # ident -> the locks _set_sentinel gave that thread


class _UnraisableHookArgs:
    # What sys.unraisablehook gets (CPython's sys.UnraisableHookArgs).
    __slots__ = ("exc_type", "exc_value", "exc_traceback", "err_msg", "object")


def start_new_thread(function, args, kwargs=None):
    """start_new_thread(function, args[, kwargs])
(start_new() is an obsolete synonym)

Start a new thread and return its identifier.

The thread will call the function with positional arguments from the
tuple args and keyword arguments taken from the optional dictionary
kwargs.  The thread exits when the function returns; the return value
is ignored.  The thread will also exit when the function raises an
unhandled exception; a stack trace will be printed unless the exception
is SystemExit."""
    global _alive
    if not callable(function):
        raise TypeError("first arg must be callable")
    if not isinstance(args, tuple):
        raise TypeError("2nd arg must be a tuple")
    if kwargs is not None and not isinstance(kwargs, dict):
        raise TypeError("optional 3rd arg must be a dictionary")

    def bootstrap():
        # As CPython's thread_run: SystemExit ends the thread silently,
        # another exception goes to sys.unraisablehook; then the thread's
        # sentinel locks are released (its thread state is gone).
        global _alive
        _thread_starts()
        try:
            if kwargs is None:
                function(*args)
            else:
                function(*args, **kwargs)
        except SystemExit:
            pass
        except BaseException as exc:
            _unraisable(exc, function)
        finally:
            _alive -= 1
            _thread_ends()
            for lock in _sentinels.pop(get_ident(), ()):
                if lock.locked():
                    lock.release()

    _alive += 1
    try:
        return _start_thread(bootstrap)
    except BaseException:
        _alive -= 1
        raise


start_new = start_new_thread


def _unraisable(exc, function):
    import sys
    hook_args = _UnraisableHookArgs()
    hook_args.exc_type = type(exc)
    hook_args.exc_value = exc
    # from the function's frame on, as CPython's (bootstrap's is ours)
    tb = exc.__traceback__
    hook_args.exc_traceback = tb.tb_next if tb is not None else None
    exc.__traceback__ = hook_args.exc_traceback
    hook_args.err_msg = "Exception ignored in thread started by"
    hook_args.object = function
    try:
        sys.unraisablehook(hook_args)
    except BaseException:
        pass


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
    import _signal
    handler = _signal.getsignal(signum)
    if type(handler) is int or handler is None:
        return                  # SIG_DFL, SIG_IGN: as CPython, nothing happens
    # The VM's handlers are the host's (_signal): the main thread runs it at
    # its next signal check (default_int_handler: KeyboardInterrupt there).
    _signal.raise_signal(signum)


def _count():
    """_count() -> integer

Return the number of currently running Python threads, excluding
the main thread. The returned number comprises all threads created
through `start_new_thread()` as well as `threading.Thread`, and not
yet finished."""
    return _alive


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
    -1 for ever, or 0 for not at all."""
    if not blocking and timeout != -1:
        raise ValueError("can't specify a timeout for a non-blocking call")
    if timeout < 0 and timeout != -1:
        raise ValueError("timeout value must be positive")
    if not blocking:
        return 0
    if timeout != -1 and timeout > TIMEOUT_MAX:
        raise OverflowError("timeout value is too large")
    return timeout


class lock:
    """A lock object is a synchronization primitive.  To create a lock,
call threading.Lock().  Methods are:

acquire() -- lock the lock, possibly blocking until it can be obtained
release() -- unlock of the lock
locked() -- test whether the lock is currently locked

A lock is not owned by the thread that locked it; another thread may
unlock it.  A thread attempting to lock a lock that it has already locked
will block until another thread unlocks it.  Deadlocks may ensue."""
    # [_lock] is its state, the VM's (_vm.lock_new: vm/threads.pxi).
    __slots__ = ("_lock", "__weakref__")

    def __new__(cls, *args, **kwargs):
        raise TypeError("cannot create '_thread.lock' instances")

    def __init_subclass__(cls, **kwargs):
        raise TypeError("type '_thread.lock' is not an acceptable base type")

    def acquire(self, blocking=True, timeout=-1):
        """acquire(blocking=True, timeout=-1) -> bool
(acquire_lock() is an obsolete synonym)

Lock the lock.  Without argument, this blocks if the lock is already
locked (even by the same thread), waiting for another thread to release
the lock, and return True once the lock is acquired.
With an argument, this will only block if the argument is true,
and the return value reflects whether the lock is acquired.
The blocking operation is interruptible."""
        timeout = _timeout_of(blocking, timeout)
        return _lock_acquire(self._lock, timeout != 0, timeout)     # waits with the VM lock released

    def release(self):
        """release()
(release_lock() is an obsolete synonym)

Release the lock, allowing another thread that is blocked waiting for
the lock to acquire the lock.  The lock must be in the locked state,
but it needn't be locked by the same thread that unlocks it."""
        _lock_release(self._lock)

    def locked(self):
        """locked() -> bool
(locked_lock() is an obsolete synonym)

Return whether the lock is in the locked state."""
        return _lock_locked(self._lock)

    acquire_lock = acquire
    release_lock = release
    locked_lock = locked

    def __enter__(self):
        return self.acquire()

    def __exit__(self, *exc_info):
        self.release()

    def _at_fork_reinit(self):
        self._lock = _lock_new()

    def __repr__(self):
        state = "locked" if _lock_locked(self._lock) else "unlocked"
        return f"<{state} _thread.lock object at {id(self):#x}>"


LockType = lock
del lock


def _allocate_lock():
    """allocate_lock() -> lock object
(allocate() is an obsolete synonym)

Create a new lock object. See help(type(threading.Lock())) for
information about locks."""
    lock = object.__new__(LockType)
    lock._lock = _lock_new()
    return lock


# A staticmethod, so that it stays a plain function when a class stores it,
# as CPython's built-in function does (`locktype = _thread.allocate_lock`
# in a class body, then `self.locktype()`).
allocate_lock = allocate = staticmethod(_allocate_lock)


def _set_sentinel():
    """_set_sentinel() -> lock

Set a sentinel lock that will be released when the current thread
state is finalized (normally when the thread's Python code ends)."""
    lock = _allocate_lock()
    _sentinels.setdefault(get_ident(), []).append(lock)
    return lock


class RLock:
    # [_block] is the lock held while the RLock is; [_owner] the owning
    # thread's ident (0: none), [_count] how many times it acquired it.
    __slots__ = ("_block", "_owner", "_count", "__weakref__", "__dict__")

    def __new__(cls, *args, **kwargs):
        self = object.__new__(cls)
        self._block = _allocate_lock()
        self._owner = 0
        self._count = 0
        return self

    def acquire(self, blocking=True, timeout=-1):
        """acquire(blocking=True) -> bool

Lock the lock.  `blocking` indicates whether we should wait
for the lock to be available or not."""
        me = get_ident()
        if self._count > 0 and self._owner == me:
            _timeout_of(blocking, timeout)
            self._count += 1
            return True
        if not self._block.acquire(blocking, timeout):
            return False
        self._owner, self._count = me, 1
        return True

    def release(self):
        """release()

Release the lock, allowing another thread that is blocked waiting for
the lock to acquire the lock."""
        if self._count == 0 or self._owner != get_ident():
            raise RuntimeError("cannot release un-acquired lock")
        self._count -= 1
        if self._count == 0:
            self._owner = 0
            self._block.release()

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
        self._block.release()
        return state

    def _acquire_restore(self, state):
        """_acquire_restore(state) -> None

For internal use by `threading.Condition`."""
        self._block.acquire()
        self._count, self._owner = state

    def _at_fork_reinit(self):
        self._block = _allocate_lock()
        self._count, self._owner = 0, 0

    def __repr__(self):
        state = "locked" if self._count else "unlocked"
        return (f"<{state} {type(self).__module__}.{type(self).__qualname__} object "
                f"owner={self._owner} count={self._count} at {id(self):#x}>")


_serials = {}       # ident -> the running thread's serial number (the main thread's: 0)
_touched = {}       # serial -> the _local dict tables holding an entry of that thread
_next_serial = 1


class _local:
    """Thread-local data"""
    # Each thread's attributes are a dict of its own, in [_local__dicts]
    # under the thread's serial number (an ident may be reused; a serial is
    # not); a thread's entries go when it ends.  (CPython's pure-Python
    # _threading_local swaps the instance __dict__ instead.)
    __slots__ = ("_local__dicts", "_local__args", "__weakref__")

    def __new__(cls, *args, **kwargs):
        if (args or kwargs) and cls.__init__ is object.__init__:
            raise TypeError("Initialization arguments are not supported")
        self = object.__new__(cls)
        object.__setattr__(self, "_local__args", (args, kwargs))
        object.__setattr__(self, "_local__dicts", {_serials.get(get_ident(), 0): {}})
        return self

    def __getattribute__(self, name):
        d = _local_dict(self)
        if name == "__dict__":
            return d
        found = _class_attribute(type(self), name)
        if found is not _MISSING and _is_data_descriptor(found):
            return type(found).__get__(found, self, type(self))
        if name in d:
            return d[name]
        if found is not _MISSING:
            get = getattr(type(found), "__get__", None)
            return found if get is None else get(found, self, type(self))
        getattr_hook = _class_attribute(type(self), "__getattr__")
        if getattr_hook is not _MISSING:
            return getattr_hook(self, name)
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __setattr__(self, name, value):
        if name == "__dict__":
            raise AttributeError(f"'{type(self).__name__}' object attribute '__dict__' is read-only")
        d = _local_dict(self)
        found = _class_attribute(type(self), name)
        if found is not _MISSING and _is_data_descriptor(found):
            type(found).__set__(found, self, value)
        else:
            d[name] = value

    def __delattr__(self, name):
        if name == "__dict__":
            raise AttributeError(f"'{type(self).__name__}' object attribute '__dict__' is read-only")
        d = _local_dict(self)
        found = _class_attribute(type(self), name)
        if found is not _MISSING and _is_data_descriptor(found):
            type(found).__delete__(found, self)
        elif name in d:
            del d[name]
        else:
            raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")


_MISSING = object()


def _class_attribute(cls, name):
    for klass in cls.__mro__:
        if name in klass.__dict__:
            return klass.__dict__[name]
    return _MISSING


def _is_data_descriptor(value):
    t = type(value)
    return hasattr(t, "__set__") or hasattr(t, "__delete__")


def _local_dict(self):
    # This thread's dict of [self]; a thread's first access makes it and
    # runs the class's __init__ with the arguments the object was made with.
    dicts = object.__getattribute__(self, "_local__dicts")
    serial = _serials.get(get_ident(), 0)
    d = dicts.get(serial)
    if d is None:
        d = dicts[serial] = {}
        _touched.setdefault(serial, []).append(dicts)
        init = type(self).__init__
        if init is not object.__init__:
            args, kwargs = object.__getattribute__(self, "_local__args")
            init(self, *args, **kwargs)
    return d


def _thread_starts():
    global _next_serial
    _serials[get_ident()] = _next_serial
    _next_serial += 1


def _thread_ends():
    serial = _serials.pop(get_ident(), None)
    for dicts in _touched.pop(serial, ()):
        dicts.pop(serial, None)
