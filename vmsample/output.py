"""Output paths, treated as ``cp`` and ``tee`` treat them.

Every file vmsample writes -- an export, a recovered profile, a run's
profile -- is named by a path the user typed, and what is written depends on
what that path names ([resolve]):

* ``-``: standard output.
* one of this process's open file descriptors (``/dev/stdout``,
  ``/dev/stderr``, ``/dev/fd/N``, ``/proc/self/fd/N``): that descriptor,
  written as it is -- not reopened, so that ``>>`` keeps appending;
* a FIFO or a character device (``/dev/null``, a terminal): written in
  place, as a stream;
* a regular file, or a name nothing has yet: symlinks are followed and
  their *target* is written atomically: a temporary file beside it, renamed
  over it (keeping the old file's permission bits), so that no reader sees
  half a file and a failure leaves the old file as it was;
* a directory, a block device or a socket: refused.

The invariant: nothing vmsample writes replaces anything but a regular
file.  A FIFO, a device or a symlink is never renamed over.

`vmsample run` writes its profile only to a regular file ([Output.is_file]):
it locks it, keeps a spool beside it and `vmsample recover` finishes it
after a crash, none of which a stream allows.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import sys
from collections import namedtuple

# (No tempfile, dataclasses or typing at import: `vmsample run` imports this
# module and never writes through a temporary file; the three and what they
# import were ~12 ms of every profiled run's start.)

# How many symlinks [resolve] follows before giving up (the kernel's ELOOP limit).
MAX_LINKS = 40


class OutputError(OSError):
    """A path vmsample will not write to (a directory, a block device, a socket)."""


class Output(namedtuple("Output", "path what target fd exists", defaults=(None, None, False))):
    # path    str, as given
    # what    "standard output", "a FIFO", "a regular file", ...
    # target  a file: the regular file written (symlinks followed); else None
    # fd      a descriptor of this process (standard output: 1), or None
    # exists  a file: there is one to overwrite
    __slots__ = ()

    @property
    def is_file(self) -> bool:
        return self.target is not None

    def write(self, data: bytes) -> None:
        """Write [data] to the output: a file atomically, anything else as a stream."""
        with self.open() as f:
            f.write(data)

    @contextlib.contextmanager
    def open(self):
        """``with output.open() as f``: a binary file to write the output to.
        A file is in place when the block ends without an exception; on one,
        the temporary file is removed and the old file left as it was.  A
        failure to write (a full disk, a read-only directory, a file-size
        limit) is an OSError naming the path as the user typed it, never the
        temporary file (nor no file at all, as a failed write(2) is)."""
        try:
            with self._open() as f:
                yield f
        except BrokenPipeError:
            raise                           # `| head`: handled as for every command
        except OutputError:
            raise
        except OSError as e:
            if e.filename is not None and not os.path.basename(str(e.filename)).endswith(".tmp"):
                raise                       # another file's (the caller's input)
            raise OSError(e.errno, e.strerror, self.path) from None

    @contextlib.contextmanager
    def _open(self):
        if self.target is not None:
            with _atomically(self.target) as f:
                yield f
            return
        if self.fd in (1, 2):               # through sys.stdout / sys.stderr, wherever they are
            stream = sys.stdout if self.fd == 1 else sys.stderr
            stream.flush()
            yield stream.buffer
            stream.buffer.flush()
            return
        with os.fdopen(os.dup(self.fd), "wb") if self.fd is not None else open(self.path, "wb") as f:
            yield f


@contextlib.contextmanager
def _atomically(target):
    import tempfile

    directory, name = os.path.split(target)
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=directory)
    try:
        with open(fd, "wb") as f:
            os.chmod(f.fileno(), _mode_for(target))
            yield f
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _mode_for(target) -> int:
    """The permission bits of the file replacing [target]: its own, or those
    a new file gets (mkstemp's are 0600)."""
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        umask = os.umask(0o022)
        os.umask(umask)
        return 0o666 & ~umask


def _own_descriptor(path: str) -> int | None:
    """The descriptor [path] names if it names one of this process's (through
    any symlinks: /dev/stdout -> /proc/self/fd/1), else None."""
    own = re.compile(rf"/proc/(?:{os.getpid()}|self|thread-self)(?:/task/\d+)?/fd")
    p = os.path.abspath(path)
    for _ in range(MAX_LINKS):
        directory, name = os.path.split(p)
        if name.isdigit() and own.fullmatch(os.path.realpath(directory)):
            return int(name)
        if not os.path.islink(p):
            return None
        p = os.path.abspath(os.path.join(directory, os.readlink(p)))
    return None


def resolve(path) -> Output:
    """What writing to [path] means (the module docstring); raises OutputError
    for a path that must not be written."""
    path = os.fspath(path)
    if path == "-":
        return Output(path, "standard output", fd=1)
    fd = _own_descriptor(path)
    if fd is not None:
        return Output(path, "standard output" if fd == 1 else f"file descriptor {fd}", fd=fd)
    target = os.path.realpath(path)
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        return Output(path, "a new file", target=target)
    if stat.S_ISREG(mode):
        return Output(path, "a regular file", target=target, exists=True)
    if stat.S_ISFIFO(mode):
        return Output(path, "a FIFO")
    if stat.S_ISCHR(mode):
        return Output(path, "a character device")
    raise OutputError(f"{path}: is {kind_of(mode)}; cannot write an output there")


def kind_of(mode: int) -> str:
    """'a directory', 'a block device', ... for a file's st_mode."""
    for test, name in ((stat.S_ISREG, "a regular file"), (stat.S_ISDIR, "a directory"),
                       (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"
