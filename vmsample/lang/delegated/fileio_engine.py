"""``_fileio``: the CPython half of the VM's files (vmsample/lang/lib/_files.py).

open() opens a CPython file object and hands back a handle (an int) that
the VM's file object keeps; every operation names it.  Data goes through as
str or bytes, which the VM copies into its own objects.  A file stays in
the table after it is closed, so that using it again gets CPython's own
error; files the program leaves open are closed (flushed) when it exits.
"""

import atexit
import builtins

_files = {}
_next_handle = [1]


def open(file, mode, buffering, encoding, errors, newline, closefd):
    """(handle, class name, name, mode); an OSError reaches the VM as the
    exception of its class, with its errno, strerror and filename."""
    f = builtins.open(file, mode, buffering, encoding, errors, newline, closefd)
    handle = _next_handle[0]
    _next_handle[0] += 1
    _files[handle] = f
    return (handle, type(f).__name__, f.name, getattr(f, "mode", mode))


def call(handle, method, args):
    """f.method(*args) of the file of [handle] (None for the file itself)."""
    f = _files[handle]
    result = getattr(f, method)(*args)
    return None if result is f else result


def attribute(handle, name):
    return getattr(_files[handle], name)


def text_repr(handle):
    return repr(_files[handle])


@atexit.register
def _close_all():
    for f in _files.values():
        try:
            f.close()
        except Exception:
            pass
