"""What the VM runs for the collector (vm/weakrefs.pxi): an unreachable
object's ``__del__`` and a dead object's weakref callbacks, at a safe point
or in gc.collect(), gc.callbacks around gc.collect(), and the program's end
as CPython's shutdown does it.

A failure is reported as CPython reports it (PyErr_WriteUnraisable):
``sys.unraisablehook`` gets the exception with the object it came from --
the ``__del__`` function, the callback -- and its traceback from that
function's frame on (this module's frame is not the program's).

The VM runs this module once when it starts (vmsample/lang/app).
"""

import sys
from _vm import register


class UnraisableHookArgs:
    # What sys.unraisablehook gets (CPython's sys.UnraisableHookArgs).
    __slots__ = ("exc_type", "exc_value", "exc_traceback", "err_msg", "object")

    def __init__(self, exc, obj, err_msg):
        self.exc_type = type(exc)
        self.exc_value = exc
        self.exc_traceback = exc.__traceback__     # (this module's frames leave no entry in it)
        self.err_msg = err_msg
        self.object = obj


def unraisable(exc, obj, err_msg=None):
    # PyErr_WriteUnraisable (err_msg None: "Exception ignored in"), for the
    # VM and, through _vm.app_object("unraisable"), for lib/'s replacements.
    args = UnraisableHookArgs(exc, obj, err_msg)
    try:
        sys.unraisablehook(args)
    except BaseException:
        pass                        # CPython drops a failing hook's exception too


def _generator():
    yield


async def _coroutine():
    pass


_CLOSED_WHEN_DEAD = (type(_generator()), type(_coroutine()))


def finalize(obj):
    # PEP 442: obj was found unreachable; its class's __del__ runs, once.
    # A generator or coroutine that died suspended is closed instead
    # (vm/generators.pxi): CPython's _PyGen_Finalize.
    if type(obj) in _CLOSED_WHEN_DEAD:
        try:
            obj.close()
        except BaseException as exc:
            unraisable(exc, obj)
        return
    method = getattr(type(obj), "__del__", None)
    if method is None:
        return                      # deleted from the class since
    try:
        method(obj)
    except BaseException as exc:
        unraisable(exc, method)


def weakrefs_cleared(references):
    # The references whose objects died, alive, in the order the collector
    # cleared them (registration order): their callbacks, in CPython's
    # order -- the references to one object newest first, the objects in
    # the order of their first reference.
    import _weakref
    by_object = {}
    for reference in references:
        key, callback = _weakref._cleared(reference)
        if callback is not None:
            by_object.setdefault(key, []).append((reference, callback))
    for calls in by_object.values():
        for reference, callback in reversed(calls):
            try:
                callback(reference)
            except BaseException as exc:
                unraisable(exc, callback)


def at_exit():
    # Py_FinalizeEx's first steps: threading waits for the threads that are
    # not daemons, then the functions atexit holds run, newest first.
    threading = sys.modules.get("threading")
    if threading is not None:
        try:
            threading._shutdown()
        except BaseException as exc:
            unraisable(exc, threading._shutdown)
    module = sys.modules.get("atexit")
    if module is not None:
        module._run_exitfuncs()


def gc_callbacks(phase, collected):
    # gc.callbacks' functions, before ("start") and after ("stop")
    # gc.collect(), as CPython's invoke_gc_callback calls them.  The VM's
    # own collections (the nursery's) are not CPython's generations: they
    # call none.
    import gc
    info = {"generation": 2, "collected": collected, "uncollectable": 0}
    for callback in gc.callbacks[:]:
        try:
            callback(phase, info)
        except BaseException as exc:
            unraisable(exc, callback)


register("finalize", finalize)
register("gc_callbacks", gc_callbacks)
register("weakrefs_cleared", weakrefs_cleared)
register("at_exit", at_exit)
register("unraisable", unraisable)
