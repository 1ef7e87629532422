"""Where the readers' bytes come from.

A profile on disk is read through a read-only mapping, whatever its size:
an uncompressed file is mapped as it is; a gzip file is first decompressed,
a piece at a time, into an unnamed temporary file, which is mapped.  The
readers let go of the pages behind them ([release]), so reading holds
neither the file nor its decompressed bytes in memory -- only what it
builds.  Bytes and file objects are read into memory ([load_bytes]).

Offsets in errors are offsets in the decompressed bytes, for gzip files too.
"""

from __future__ import annotations

import contextlib
import errno
import mmap
import os
import stat
import tempfile
import zlib

from . import format as F
from .errors import ProfileFormatError

# gzip is decompressed this much at a time (input), with at most
# INFLATE_LIMIT bytes of output per call: stacks are repetitive enough that
# input can inflate a hundredfold, and buffers of several MiB, once freed,
# leave holes in the heap (glibc then stops mapping them separately).
GZIP_CHUNK = 256 << 10
INFLATE_LIMIT = 1 << 20


def check_readable(f, path, pipe=True) -> None:
    """Refuse to read the open file [f] if it is a device or a socket (or,
    without [pipe], a FIFO): a profile is a file or comes down a pipe, and a
    device such as /dev/zero never ends."""
    mode = os.fstat(f.fileno()).st_mode
    if not (stat.S_ISREG(mode) or (pipe and stat.S_ISFIFO(mode))):
        from vmsample.output import kind_of

        raise OSError(errno.EINVAL, f"is {kind_of(mode)}, not a profile file", os.fspath(path))


def _gunzip(data: bytes) -> bytes:
    d = zlib.decompressobj(wbits=31)
    try:
        out = d.decompress(data)
    except zlib.error as e:
        raise ProfileFormatError(f"corrupt gzip stream: {e}", None, "gzip") from None
    if d.unused_data:
        raise ProfileFormatError("bytes after the end of the gzip stream", len(data) - len(d.unused_data), "gzip")
    return out


def load_bytes(source) -> tuple[bytes, bool]:
    """The profile's bytes, gunzipped if needed, and whether it was gzip.

    [source] is a path, a bytes-like object, or a binary file object.  A
    truncated gzip stream yields the bytes it holds (and the reader then
    reports the truncation with an offset)."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source)
    elif hasattr(source, "read"):
        data = source.read()
    else:
        with open(os.fspath(source), "rb") as f:
            check_readable(f, source)
            data = f.read()
    if data[:2] != F.GZIP_MAGIC:
        return data, False
    return _gunzip(data), True


def _gunzip_to(f, out) -> None:
    """Decompress the gzip file [f] into the file [out], as _gunzip would."""
    d = zlib.decompressobj(wbits=31)
    read = 0
    while not d.eof:
        chunk = f.read(GZIP_CHUNK)
        if not chunk:
            return                      # truncated: the bytes it holds
        read += len(chunk)
        try:
            while chunk:
                out.write(d.decompress(chunk, INFLATE_LIMIT))
                chunk = d.unconsumed_tail
        except zlib.error as e:
            raise ProfileFormatError(f"corrupt gzip stream: {e}", None, "gzip") from None
    if d.unused_data or f.read(1):
        raise ProfileFormatError("bytes after the end of the gzip stream", read - len(d.unused_data), "gzip")


@contextlib.contextmanager
def mapped(source):
    """``with mapped(source) as (data, gz)``: [data] is the profile's
    (decompressed) bytes -- a read-only mmap for a path, bytes otherwise --
    and [gz] whether it was gzip."""
    if not isinstance(source, (str, os.PathLike)):
        yield load_bytes(source)
        return
    with open(os.fspath(source), "rb") as f:
        check_readable(f, source)
        if not f.seekable():                # a pipe (/dev/stdin): read it whole
            yield load_bytes(f)
            return
        gz = f.read(2) == F.GZIP_MAGIC
        f.seek(0)
        with contextlib.ExitStack() as stack:
            if gz:
                try:
                    plain = stack.enter_context(tempfile.TemporaryFile(prefix="vmsample-gunzip-"))
                    _gunzip_to(f, plain)
                    plain.flush()
                except OSError as e:        # e.g. no space left: say where it was needed
                    raise OSError(e.errno, f"decompressing into a temporary file in {tempfile.gettempdir()} "
                                           f"(set TMPDIR to use another place): {e.strerror or e}") from None
            else:
                plain = f
            try:
                data = mmap.mmap(plain.fileno(), 0, access=mmap.ACCESS_READ)
            except (ValueError, OSError):          # empty: mmap refuses it
                plain.seek(0)
                yield plain.read(), gz
                return
            try:
                yield data, gz
            finally:
                data.close()


# A mapped file's pages are let go of (madvise DONTNEED: read again from the
# page cache if ever touched) every this many bytes the reader moves on, so
# that reading a profile never holds the whole file in memory, only the
# model it builds.
RELEASE_EVERY = 4 << 20


def release(data, done: int, upto: int, every: int = RELEASE_EVERY) -> int:
    """Let go of [data]'s pages in [done, upto) if it is a mapped file and
    that is worth it (at least [every] bytes); returns the offset released
    up to."""
    if upto - done < every or not isinstance(data, mmap.mmap):
        return done
    start, upto = done - done % mmap.PAGESIZE, upto - upto % mmap.PAGESIZE
    if upto > start:
        data.madvise(mmap.MADV_DONTNEED, start, upto - start)
    return max(done, upto)
