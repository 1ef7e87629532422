"""A stand-in, on CPython, for the primitives of the VM's `_vm` module that
the replacements are built on: the weak references of
vmsample/lang/lib/_weakref.py (vmsample/lang/vm/weakrefs.pxi), and the
threads and lock states of vmsample/lang/lib/_thread.py
(vmsample/lang/vm/threads.pxi), which here are CPython's own, and json's
C fast paths of vmsample/lang/lib/_json.py, which here always hand back.

On the VM a weakref target object is the nursery core's weak reference,
cleared when its target dies; here it holds its target strongly, so references never die on CPython (the tests that need
one to die are listed in known_failures.toml and run on the VM:
`python -m vmsample.bench cpython-tests --modules test_weakref,test_weakset`).
"""


def weak_new(target, owner):
    return [target]


def weak_get(cell):
    return cell[0]


import _thread


def start_thread(function):
    return _thread.start_new_thread(function, ())


def lock_new():
    return _thread.allocate_lock()


def lock_acquire(state, blocking, timeout):
    return state.acquire(blocking, timeout if blocking else -1)


def lock_release(state):
    state.release()


def lock_locked(state):
    return state.locked()


def register(name, obj):
    """The VM's own knowledge of a class (_collections' _tuplegetter, whose
    fields it reads without calling __get__): nothing to do on CPython."""


def json_encode(obj, item_separator, key_separator, ensure_ascii, allow_nan):
    """json's C encoder (vmsample/lang/vm/json.pxi): "not mine" here, so
    that CPython's tests check lib/_json.py's Python path, which is the one
    that holds every rule.  The C path is checked against CPython by
    tests/lang/programs/stdlib/json_c_paths.py and json_module.py."""
    return None


def json_scan(string, idx, strict):
    """json's C scanner (vmsample/lang/vm/json.pxi): "not mine", as json_encode."""
    return None


def app_object(name):
    """What the VM's app-level modules register (vmsample/lang/app): here
    only `unraisable`, PyErr_WriteUnraisable, which CPython's C API has."""
    if name != "unraisable":
        raise SystemError(f"the VM's app-level '{name}' has no stand-in on CPython")
    import _testcapi

    def unraisable(exc, obj, err_msg=None):
        _testcapi.write_unraisable_exc(exc, err_msg, obj)
    return unraisable


def set_signal_handler(signalnum, handler, host_default):
    """The host's signal() (vmsample/lang/vm/signals.pxi) with [handler],
    or its own default_int_handler: here CPython's own, which runs
    lib/_signal.py's _dispatch between two of its bytecodes."""
    import _vmhost

    host = _vmhost.delegate("_signal")
    return host.signal(signalnum, host.default_int_handler if host_default else handler)
