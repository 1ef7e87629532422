"""This module provides mechanisms to use signal handlers in Python.

CPython 3.11's ``_signal`` (built into the interpreter there) for the VM;
``signal.py`` of the host's standard library wraps it in enums.

The signal numbers, the masks, timers, ``alarm``, ``raise_signal``... are
the host's, delegated.  What is the VM's is the Python-level handler: CPython
runs it between two bytecodes of the main thread; the VM will run it at a
safe point of its eval loop (issue 27), which it does not do yet.  Until
then ``signal()`` installs SIG_DFL, SIG_IGN and ``default_int_handler`` (the
host's, which raises KeyboardInterrupt), and refuses any other handler with
NotImplementedError rather than install one that never runs.
"""

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


def _is(handler, constant):
    # CPython compares with the int objects SIG_DFL and SIG_IGN by identity,
    # which any int 0 or 1 is.
    return type(handler) is int and handler == constant


def getsignal(signalnum):
    """Return the current action for the given signal.

The return value can be:
  SIG_IGN -- if the signal is being ignored
  SIG_DFL -- if the default action for the signal is in effect
  None    -- if an unknown handler is in effect
  anything else -- the callable Python object used as a handler"""
    handler = _host.getsignal(signalnum)
    return default_int_handler if handler is _host.default_int_handler else handler


def signal(signalnum, handler):
    """Set the action for the given signal.

The action can be SIG_DFL, SIG_IGN, or a callable Python object.
The previous action is returned.  See getsignal() for possible return values.

*** IMPORTANT NOTICE ***
A signal handler function is called with two arguments:
the first is the signal number, the second is the interrupted stack frame."""
    if not isinstance(signalnum, int):
        raise TypeError(f"'{type(signalnum).__name__}' object cannot be interpreted as an integer")
    if not 1 <= signalnum < NSIG:
        raise ValueError("signal number out of range")
    if _is(handler, SIG_DFL) or _is(handler, SIG_IGN):
        installed = handler
    elif handler is default_int_handler:
        installed = _host.default_int_handler
    elif not callable(handler):
        raise TypeError("signal handler must be signal.SIG_IGN, signal.SIG_DFL, "
                        "or a callable object")
    else:
        raise NotImplementedError(
            "signal handlers written in Python are not supported yet by vmsample "
            "(the VM does not run them at a safe point yet)")
    old = getsignal(signalnum)
    _host.signal(signalnum, installed)
    return old
