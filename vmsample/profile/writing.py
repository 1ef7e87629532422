"""A profile while it is being written: who writes it, and what to tell a
user who reads it meanwhile.

One writer per profile.  `ProfileWriter` locks its main file before it
truncates it, with a lock of the open file description (_writer.pyx,
vms_output_lock) that the kernel drops when the writer closes the file or its
process ends, however it ends; and it writes its pid at the head of the spool
(docs/format.md §5).  So a profile on disk is, at any moment:

* finished: no spool beside it;
* being written: a spool, and the main file locked -- by the process the
  spool names;
* abandoned: a spool and no lock -- the run was killed, and `vmsample
  recover` rebuilds the profile.

`recover` takes the same lock while it rebuilds ([exclusive]): it never runs
beside a writer (it once finished a snapshot and deleted the spool while the
run went on, which then lost two thirds of its profile), nor beside another
`recover`, and no run starts on a file being recovered.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat

from . import format as F
from .errors import ProfileBusy


def _lock():
    """The compiled lock functions, or None in a checkout that is not built
    (tools/read_profile.py): then no profile looks locked."""
    try:
        from . import _writer
    except ImportError:
        return None
    return _writer


def writer_pid(path) -> int | None:
    """The pid the spool of the profile [path] names, if it names one."""
    try:
        with open(F.spool_path(path), "rb") as f:
            head = f.read(F.SPOOL_HEAD)
    except OSError:
        return None
    body = len(F.EXT_MAGIC) + F.EXT_RECORD_HEAD.size
    if len(head) < F.SPOOL_HEAD or head[:len(F.EXT_MAGIC)] != F.EXT_MAGIC \
            or F.EXT_RECORD_HEAD.struct.unpack_from(head, len(F.EXT_MAGIC)) != (F.EXT_WRITER, F.WRITER.size):
        return None
    return F.WRITER.struct.unpack_from(head, body)[0]


def being_written(path) -> ProfileBusy | None:
    """If a live process holds the profile [path], the error that says so
    (with its pid when the spool names it), else None."""
    lock = _lock()
    try:
        if lock is None or not stat.S_ISREG(os.stat(path).st_mode):
            return None                 # (opening a FIFO would wait for its writer)
        fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        held = lock.output_lock_held(fd)
    except OSError:
        return None
    finally:
        os.close(fd)
    return ProfileBusy(path, writer_pid(path)) if held else None


def unfinished_hint(path) -> str | None:
    """What to tell a user who reads the profile [path] and finds it
    unfinished: who is writing it, or that `vmsample recover` rebuilds it
    (only when its writer is gone); None when it has no spool."""
    busy = being_written(path)
    if busy is not None:
        return f"it is {busy.strerror}: wait for the run to end (`vmsample report` reads what it holds so far)"
    if os.path.exists(F.spool_path(path)):
        return f"the run that wrote it did not finish: `vmsample recover {os.fspath(path)}` rebuilds it"
    return None


@contextlib.contextmanager
def exclusive(path):
    """``with exclusive(path)``: hold the writer's lock on the profile [path]
    (raising ProfileBusy if a live process holds it).  Where the file cannot
    be opened for writing, only checks that nobody holds it."""
    lock = _lock()
    if lock is None:
        yield
        return
    try:
        f = open(path, "r+b")
    except OSError as e:
        if e.errno not in (errno.EACCES, errno.EPERM, errno.EROFS):
            raise
        busy = being_written(path)
        if busy is not None:
            raise busy from None
        yield
        return
    with f:
        if not lock.take_output_lock(f.fileno()):
            raise ProfileBusy(path, writer_pid(path))
        yield
