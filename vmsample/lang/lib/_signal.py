"""This module provides mechanisms to use signal handlers in Python.

CPython 3.11's ``_signal`` (built into the interpreter there) for the VM;
``signal.py`` of the host's standard library wraps it in enums.

The signal numbers, the masks, timers, ``alarm``, ``raise_signal``... are
the host's, delegated.  What is the VM's is the Python-level handler:
CPython runs it between two bytecodes of the main thread, and so does the
VM, at a safe point of its eval loop (vm/signals.pxi).  The host's machinery
does the work: a signal whose handler is VM code has ``_dispatch`` as its
host handler, which CPython's ``PyErr_CheckSignals`` calls when the VM asks
(at the safe point the signal's arrival brings, in a sleep, a lock wait),
and which calls the program's handler with the VM frame that was running.
"""

import sys

import _vm
import _vmhost

_host = _vmhost.delegate("_signal")


def _constants():
    # The host's SIG*, NSIG and ITIMER_* constants, as module globals.
    names = {}
    for name in dir(_host):
        if name.isupper() and (name.startswith("SIG") or name.startswith("ITIMER_") or name == "NSIG"):
            names[name] = getattr(_host, name)
    return names


globals().update(_constants())

# The host's functions of signals that run no Python code.
for _name in ("alarm", "pause", "set_wakeup_fd", "siginterrupt", "setitimer", "getitimer",
              "ItimerError", "pthread_kill", "pthread_sigmask", "sigpending", "sigwait",
              "sigwaitinfo", "sigtimedwait", "struct_siginfo", "valid_signals", "strsignal",
              "pidfd_send_signal", "raise_signal"):
    if hasattr(_host, _name):
        globals()[_name] = getattr(_host, _name)
del _name


def default_int_handler(signalnum, frame):
    """The default handler for SIGINT installed by Python.

It raises KeyboardInterrupt."""
    raise KeyboardInterrupt


# The program's handler of each signal whose host handler is _dispatch.
_handlers = {}


def _dispatch(signalnum, host_frame):
    # The host's handler of a signal whose handler is VM code; the host's
    # frame means nothing to the program (sys._getframe() steps over this
    # module's frames: the frame the signal interrupted).
    handler = _handlers.get(signalnum)
    if handler is not None:
        handler(signalnum, sys._getframe())


def _is_host_default(handler):
    # Whether [handler] is the host's default_int_handler (each conversion
    # of a host builtin is a new VM object: not "is").
    return type(handler) is type(len) and handler.__module__ == "_signal" \
        and handler.__name__ == "default_int_handler"


def _program_view(signalnum, handler, handlers):
    # What the program sees of a host handler: its own default_int_handler
    # for the host's, its own handler for _dispatch.
    if _is_host_default(handler):
        return default_int_handler
    if handler is _dispatch:
        return handlers.get(signalnum)
    return handler


def getsignal(signalnum):
    """Return the current action for the given signal.

The return value can be:
  SIG_IGN -- if the signal is being ignored
  SIG_DFL -- if the default action for the signal is in effect
  None    -- if an unknown handler is in effect
  anything else -- the callable Python object used as a handler"""
    return _program_view(signalnum, _host.getsignal(signalnum), _handlers)


def signal(signalnum, handler):
    """Set the action for the given signal.

The action can be SIG_DFL, SIG_IGN, or a callable Python object.
The previous action is returned.  See getsignal() for possible return values.

*** IMPORTANT NOTICE ***
A signal handler function is called with two arguments:
the first is the signal number, the second is the interrupted stack frame."""
    # What the host installs: its own default_int_handler for this
    # module's, _dispatch for a handler of the program's; anything else as
    # it is, which the host checks (the main thread, then the number, then
    # the handler, each with CPython's message).
    host_default = handler is default_int_handler
    installed = _dispatch if callable(handler) and not host_default else handler
    before = dict(_handlers)
    old = _vm.set_signal_handler(signalnum, installed, host_default)
    if installed is _dispatch:
        _handlers[signalnum] = handler
    else:
        _handlers.pop(signalnum, None)
    return _program_view(signalnum, old, before)
