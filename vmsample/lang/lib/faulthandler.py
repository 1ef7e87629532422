"""faulthandler module.

CPython 3.11's ``faulthandler`` (built into the interpreter there) for the
VM, minimal but honest:

* ``dump_traceback`` writes the VM's own frames, in faulthandler's format,
  straight to the file descriptor (no Python buffering, as CPython).
* ``enable``, ``dump_traceback_later``, ``register`` and the rest arm the
  host's faulthandler on the same descriptor: on a fatal error, a timeout
  or a signal it dumps the frames of the host process -- the VM's host
  code, where a crash of the VM happens -- not the program's frames, which
  the VM's own crash report will give (the lead's).
"""

import sys as _sys

import _vmhost

_host = _vmhost.delegate("faulthandler")


def _fd_of(file):
    """CPython's faulthandler_get_fileno: a descriptor, or an object with
    fileno() (flushed first), or sys.stderr for None."""
    if file is None:
        file = _sys.stderr
        if file is None:
            raise RuntimeError("sys.stderr is None")
    if isinstance(file, int):
        if file < 0:
            raise ValueError("file is not a valid file descripter")
        return file
    fd = file.fileno()
    if not isinstance(fd, int):
        raise RuntimeError("file.fileno() is not a valid file descriptor")
    if fd < 0:
        raise ValueError("file is not a valid file descripter")
    flush = getattr(file, "flush", None)
    if flush is not None:
        try:
            flush()
        except Exception:
            pass                        # as CPython: the dump matters more
    return fd


def dump_traceback(file=None, all_threads=True):
    """dump_traceback(file=sys.stderr, all_threads=True): dump the traceback of the current thread, or of all threads if all_threads is True, into file"""
    import os
    import threading
    import traceback
    fd = _fd_of(file)
    if all_threads:
        header = f"Current thread 0x{threading.get_ident():016x} (most recent call first):\n"
    else:
        header = "Stack (most recent call first):\n"
    lines = [header]
    # (frame 0 is the caller's: this module's frames are hidden, as a C module has none)
    for frame in reversed(traceback.extract_stack(_sys._getframe(0))):
        lines.append(f'  File "{frame.filename}", line {frame.lineno} in {frame.name}\n')
    os.write(fd, "".join(lines).encode("utf-8", "backslashreplace"))


def enable(file=None, all_threads=True):
    """enable(file=sys.stderr, all_threads=True): enable the fault handler"""
    _host.enable(_fd_of(file), all_threads)


def disable():
    """disable(): disable the fault handler"""
    return _host.disable()


def is_enabled():
    """is_enabled()->bool: check if the handler is enabled"""
    return _host.is_enabled()


def dump_traceback_later(timeout, repeat=False, file=None, exit=False):
    """dump_traceback_later(timeout, repeat=False, file=sys.stderr, exit=False):
dump the traceback of all threads in timeout seconds,
or each timeout seconds if repeat is True. If exit is True, call _exit(1) which is not safe."""
    _host.dump_traceback_later(timeout, repeat, _fd_of(file), exit)


def cancel_dump_traceback_later():
    """cancel_dump_traceback_later():
cancel the previous call to dump_traceback_later()."""
    _host.cancel_dump_traceback_later()


def register(signum, file=None, all_threads=True, chain=False):
    """register(signum, file=sys.stderr, all_threads=True, chain=False): register a handler for the signal 'signum': dump the traceback of the current thread, or of all threads if all_threads is True, into file"""
    _host.register(signum, _fd_of(file), all_threads, chain)


def unregister(signum):
    """unregister(signum): unregister the handler of the signal 'signum' registered by register()"""
    return _host.unregister(signum)


# CPython's tests crash the process with these on purpose.
_sigsegv = _host._sigsegv
_sigabrt = _host._sigabrt
_sigfpe = _host._sigfpe
_read_null = _host._read_null
_stack_overflow = _host._stack_overflow
_fatal_error_c_thread = _host._fatal_error_c_thread
