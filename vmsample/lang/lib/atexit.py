"""allow programmer to define multiple exit functions to be executed
upon normal program termination.

Two public functions, register and unregister, are defined.

CPython 3.11's ``atexit`` (built into the interpreter there), written in
Python for the VM: the exit functions are the program's, and the VM runs
them, last registered first, by calling ``_run_exitfuncs()`` when the
program ends (as CPython does at finalization).
"""

from _vm import app_object as _app_object

_unraisable = _app_object("unraisable")     # PyErr_WriteUnraisable (app/finalization.py)

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
            _unraisable(exc, func, "Exception ignored in atexit callback")
    _callbacks.clear()


def _clear():
    """_clear() -> None

Clear the list of previously registered exit functions."""
    _callbacks.clear()


def _ncallbacks():
    """_ncallbacks() -> int

Return the number of registered exit functions."""
    return len(_callbacks)
