"""The one error raised for a malformed profile, and the one for a profile
that another process is writing."""

import errno
import os


class ProfileFormatError(ValueError):
    """A profile file is malformed, truncated, or of an unsupported version.

    Raised by `vmsample.read_profile`, the `construct` schema
    (`vmsample.profile.records.parse`), `vmsample validate` and
    `vmsample recover`.  Never an `AssertionError`, `struct.error` or
    `IndexError`: every malformed input ends up here.

    Attributes:
        offset: byte offset (in the decompressed stream) of the record or field
            where the problem was found, or None when it concerns the file
            as a whole.
        record: kind of the record being read when it happened, e.g.
            ``"header"``, ``"stacktrace"``, ``"meta"``, ``"ext:alloc_sample"``,
            or None.
        reason: the message without the location.
    """

    def __init__(self, reason, offset=None, record=None):
        self.reason = reason
        self.offset = offset
        self.record = record
        where = []
        if record is not None:
            where.append(f"in {record} record")
        if offset is not None:
            where.append(f"at byte {offset}")
        super().__init__(f"{reason} ({', '.join(where)})" if where else reason)

    def __reduce__(self):
        return (type(self), (self.reason, self.offset, self.record))


class ProfileBusy(OSError):
    """The profile is being written (or recovered) by another process: there
    is one writer per profile (vmsample/profile/writing.py).  [pid]: that
    process, when its spool names it."""

    def __init__(self, path, pid=None):
        super().__init__(errno.EAGAIN, f"being written by {f'pid {pid}' if pid else 'another process'}",
                         os.fspath(path))
        self.pid = pid

    def __reduce__(self):
        return (type(self), (self.filename, self.pid))
