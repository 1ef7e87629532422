"""allow programmer to define multiple exit functions to be executed
upon normal program termination.

Two public functions, register and unregister, are defined.

CPython 3.11's ``atexit`` (built into the interpreter there), written in
Python for the VM: the exit functions are the program's, and the VM runs
them, last registered first, by calling ``_run_exitfuncs()`` when the
program ends (as CPython does at finalization).
"""

import sys as _sys

# [func, args, kwargs] of each registered function, oldest first.
_callbacks = []


def register(func, *args, **kwargs):
    """register(func, *args, **kwargs) -> func

Register a function to be executed upon normal program termination

    func - function to be called at exit
    args - optional arguments to pass to func
    kwargs - optional keyword arguments to pass to func

    func is returned to facilitate usage as a decorator."""
    if not callable(func):
        raise TypeError("the first argument must be callable")
    _callbacks.append((func, args, kwargs))
    return func


def unregister(func):
    """unregister(func) -> None

Unregister an exit function which was previously registered using
atexit.register

    func - function to be unregistered"""
    # Equality as CPython compares (identical is equal), every match.
    _callbacks[:] = [c for c in _callbacks if not (c[0] is func or c[0] == func)]


def _run_exitfuncs():
    """_run_exitfuncs() -> None

Run all registered exit functions.

If a callback raises an exception, it is logged with sys.unraisablehook."""
    # As CPython: the functions registered when the run starts, newest
    # first, less those an earlier one unregisters; then none.
    for entry in reversed(list(_callbacks)):
        if not any(e is entry for e in _callbacks):
            continue
        func, args, kwargs = entry
        try:
            func(*args, **kwargs)
        except BaseException as exc:
            _unraisable(exc, func)
    _callbacks.clear()


def _clear():
    """_clear() -> None

Clear the list of previously registered exit functions."""
    _callbacks.clear()


def _ncallbacks():
    """_ncallbacks() -> int

Return the number of registered exit functions."""
    return len(_callbacks)


class _UnraisableHookArgs:
    # What sys.unraisablehook gets (CPython's sys.UnraisableHookArgs).
    def __init__(self, exc, obj):
        self.exc_type = type(exc)
        self.exc_value = exc
        self.exc_traceback = exc.__traceback__
        self.err_msg = "Exception ignored in atexit callback"
        self.object = obj


def _unraisable(exc, func):
    hook = getattr(_sys, "unraisablehook", None)
    default = getattr(_sys, "__unraisablehook__", None)
    if hook is not None and hook is not default:
        hook(_UnraisableHookArgs(exc, func))
        return
    # The default hook's report (which takes only CPython's own argument
    # type).
    import traceback
    stderr = _sys.stderr
    if stderr is None:
        return
    stderr.write(f"Exception ignored in atexit callback: {func!r}\n")
    traceback.print_exception(type(exc), exc, exc.__traceback__, file=stderr)
    stderr.flush()
