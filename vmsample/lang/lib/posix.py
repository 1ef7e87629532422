"""This module provides access to operating system functionality that is
standardized by the C Standard and the POSIX standard (a thinly disguised
Unix interface).  Refer to the library manual and corresponding Unix manual
entries for more information on calls.

CPython 3.11's ``posix`` (built into the interpreter there) for the VM: the
host's, delegated (``os.py`` and ``posixpath`` are pure Python on top), but
for the callables a program registers with ``register_at_fork``.

Those are the VM's: kept here and run by this module's ``fork`` and
``forkpty``, in CPython's order (``before`` newest first, the two ``after``
lists oldest first).  Handed to the host's ``register_at_fork`` they would
outlive the VM run in the host's lists, and every later fork of the process
that ran the VM (a pytest worker, an embedder) would call into a finished
run.  A fork the host makes for ``subprocess`` with a ``preexec_fn`` runs
the host's lists only, so these are not run there (CPython runs them).
"""

import _vmhost
from _vm import app_object as _app_object

_host = _vmhost.delegate("posix")
globals().update({name: value for name, value in vars(_host).items() if not name.startswith("__")})

_unraisable = _app_object("unraisable")     # PyErr_WriteUnraisable (app/finalization.py)
class _NotGiven:
    # A default no caller can pass (None is checked, as any argument
    # given); shown as CPython's own signature shows it.
    def __repr__(self):
        return "<unrepresentable>"


_NOT_GIVEN = _NotGiven()
_before = []              # newest last; run newest first
_after_in_parent = []
_after_in_child = []


def register_at_fork(*args, before=_NOT_GIVEN, after_in_child=_NOT_GIVEN, after_in_parent=_NOT_GIVEN):
    """Register callables to be called when forking a new process.

  before
    A callable to be called in the parent before the fork() syscall.
  after_in_child
    A callable to be called in the child after fork().
  after_in_parent
    A callable to be called in the parent after fork().

'before' callbacks are called in reverse order.
'after_in_child' and 'after_in_parent' callbacks are called in order."""
    if args:
        raise TypeError("register_at_fork() takes no positional arguments")
    given = [(name, fn, hooks) for name, fn, hooks in (("before", before, _before),
                                                        ("after_in_child", after_in_child, _after_in_child),
                                                        ("after_in_parent", after_in_parent, _after_in_parent))
             if fn is not _NOT_GIVEN]
    if not given:
        raise TypeError("At least one argument is required.")
    for name, fn, _ in given:           # (None too: CPython checks what is given)
        if not callable(fn):
            raise TypeError(f"'{name}' must be callable, not {type(fn).__name__}")
    for _, fn, hooks in given:
        hooks.append(fn)


def _run_hooks(hooks):
    # As CPython's run_at_forkers: an exception is reported and ignored.
    for fn in hooks:
        try:
            fn()
        except BaseException as exc:
            _unraisable(exc, fn)


def _forked(host_fork):
    def fork_with_hooks():
        _run_hooks(reversed(_before))
        result = host_fork()
        pid = result if type(result) is int else result[0]
        _run_hooks(_after_in_child if pid == 0 else _after_in_parent)
        return result
    return fork_with_hooks


fork = _forked(_host.fork)
fork.__name__ = fork.__qualname__ = "fork"
fork.__doc__ = _host.fork.__doc__
if hasattr(_host, "forkpty"):
    forkpty = _forked(_host.forkpty)
    forkpty.__name__ = forkpty.__qualname__ = "forkpty"
    forkpty.__doc__ = _host.forkpty.__doc__
