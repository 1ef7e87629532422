"""Rebuilding a complete profile after the writing process was killed.

A killed run leaves ``OUT.prof`` -- a vmprof main section without trailer,
possibly ending inside a record (or a gzip stream cut anywhere) -- and
``OUT.prof.spool``, the extension records up to the last drain.  The writer
drains the spool before the main file (see _writer.pyx, "Buffers"), so the
spool never holds fewer sample records than the main section.

`recover` keeps the main section up to its last whole record, adds a META
``vmsample_recovered`` and a trailer, then the spool's whole records, trimmed
so that every main-section stack record keeps its extension info record
(docs/format.md, "Pairing"), then an END record with the resulting counts.
The output is a complete, valid profile; samples whose info never reached the
spool are dropped and reported.

`recover` holds the writer's lock while it works, so it refuses a profile
that a live process is writing (writing.py); [snapshot] reads such a
profile as far as it got, changing nothing.
"""

from __future__ import annotations

import os
import struct
import time
import zlib
from dataclasses import dataclass

from vmsample.output import resolve

from . import format as F
from ._assemble import ProfileBuilder
from .errors import ProfileFormatError
from .reader import EXT_HEAD_SIZE, TIMEVAL_RECORD, ext_records, read_main_section
from .source import check_readable
from .writing import exclusive

# Where each counted record keeps its time (for END's end time).
_TIME_AT = {F.EXT_ALLOC_SAMPLE: F.ALLOC_INFO.offset("time_ns"), F.EXT_TIME_SAMPLE: F.TIME_INFO.offset("time_ns"),
            F.EXT_MINOR_GC: F.MINOR_HEAD.offset("time_ns"), F.EXT_MAJOR_GC: F.MAJOR_GC.offset("time_ns")}


@dataclass
class RecoverResult:
    output: str
    alloc_samples: int
    time_samples: int
    minor_collections: int
    major_events: int
    dropped_samples: int        # main-section samples without info, or infos without stack
    main_bytes_kept: int
    main_bytes_lost: int


def _rebuild_in_place(path, raw: bytes, keep: int, spool_path, spool: bytes, blob: bytes) -> None:
    """Make the file at [path] (now [raw]) [blob], which starts with its
    first [keep] bytes, when the disk is full: the spool's space is freed
    first and the rest of [blob] written after those bytes (a plain file
    keeps its main section; a gzip one is written whole).  If that fails
    too (the disk, or a limit on file size), [path] and the spool are put
    back as they were, so that `vmsample recover` can rebuild the profile
    once there is room, and the error is raised."""
    os.truncate(spool_path, 0)
    try:
        with open(path, "r+b") as f:
            f.truncate(keep)
            f.seek(keep)
            f.write(blob[keep:])
    except OSError as e:
        try:
            with open(path, "r+b") as f:
                f.truncate(keep)
                f.seek(keep)
                f.write(raw[keep:])
            with open(spool_path, "wb") as f:
                f.write(spool)
        except OSError as again:
            raise OSError(again.errno, f"{e.strerror or e}, and putting {path} and its spool back as they "
                                       f"were failed: {again.strerror or again}") from None
        raise


def _gunzip_prefix(raw: bytes) -> bytes:
    """As much of a (possibly truncated or damaged) gzip stream as decodes."""
    d = zlib.decompressobj(wbits=31)
    out = []
    for i in range(0, len(raw), 1 << 16):
        try:
            out.append(d.decompress(raw[i:i + (1 << 16)]))
        except zlib.error:
            break
    return b"".join(out)


def _ext_records(spool: bytes):
    """(tag, payload) of the spool's whole records, after its magic (but its
    WRITER record, the spool's own)."""
    if spool[:len(F.EXT_MAGIC)] != F.EXT_MAGIC:
        raise ProfileFormatError("the spool does not start with the extension magic", 0, "extension")
    for pos, tag, size in ext_records(spool, len(F.EXT_MAGIC), whole_only=True):
        if tag == F.EXT_END:
            return
        if tag != F.EXT_WRITER:
            yield tag, spool[pos + EXT_HEAD_SIZE:pos + EXT_HEAD_SIZE + size]


def _ext(tag, payload):
    return F.EXT_RECORD_HEAD.struct.pack(tag, len(payload)) + payload


def _meta(key, value):
    k, v = key.encode(), value.encode()
    return bytes([F.MARKER_META]) + len(k).to_bytes(8, "little") + k + len(v).to_bytes(8, "little") + v


@dataclass
class _Rebuilt:
    raw: bytes                  # the main file as it was read
    spool: bytes                # the spool as it was read
    gz: bool
    profile: bytes              # the finished profile (not compressed)
    kept: int                   # bytes of the main section kept (decompressed)
    lost: int                   # bytes after them: a record cut by the crash
    counts: dict                # records of each counted tag
    dropped: int


def _read(path):
    with open(path, "rb") as f:
        check_readable(f, path, pipe=False)
        return f.read()


def _rebuild(path, spool_path, recovered=True) -> _Rebuilt:
    """The finished profile that the main file [path] and its spool hold
    (read in that order: the spool is never behind the main file, however
    far the writer has got in between).  [recovered]: mark it with META
    vmsample_recovered (and refuse a file already marked)."""
    raw = _read(path)
    spool_bytes = _read(spool_path)
    gz = raw[:2] == F.GZIP_MAGIC
    data = _gunzip_prefix(raw) if gz else raw

    b = ProfileBuilder()
    try:
        end = read_main_section(data, b) - TIMEVAL_RECORD    # a trailer was written: close() was interrupted
    except ProfileFormatError as e:
        end = getattr(e, "record_start", None)
        if end is None:
            raise ProfileFormatError(f"nothing to recover: {e.reason}", e.offset, e.record) from None
    if F.META_VERSION not in b.meta:
        raise ProfileFormatError("not a vmsample profile (no vmsample_version META)", None, "meta")
    if recovered and F.META_RECOVERED in b.meta:
        raise ProfileFormatError("this profile was already recovered", None, "meta")
    pypy = b.meta.get(F.META_LAYOUT) == F.LAYOUT_PYPY
    alloc_primary = b.meta.get(F.META_SAMPLE_KIND) == F.KIND_ALLOC
    main_alloc = b.stack_count(F.MARKER_GC_STACKTRACE) if pypy else \
        b.stack_count(F.MARKER_STACKTRACE) if alloc_primary else 0
    main_time = b.stack_count(F.MARKER_STACKTRACE) if pypy or not alloc_primary else 0

    # Keep infos while the main section has stacks for them; an info whose
    # stack never reached the main file is dropped (the spool is ahead).
    limit = {F.EXT_ALLOC_SAMPLE: main_alloc, F.EXT_TIME_SAMPLE: main_time}
    fixed = {F.EXT_ALLOC_SAMPLE: F.ALLOC_INFO.size, F.EXT_TIME_SAMPLE: F.TIME_INFO.size}
    paired = dict.fromkeys(limit, 0)
    counts = dict.fromkeys(_TIME_AT, 0)
    kept, last_ns, dropped = [], 0, 0
    for tag, payload in _ext_records(spool_bytes):
        if tag in fixed and len(payload) == fixed[tag]:
            if paired[tag] >= limit[tag]:
                dropped += 1
                continue
            paired[tag] += 1
        if tag in counts:
            counts[tag] += 1
            if len(payload) >= _TIME_AT[tag] + 8:
                last_ns = max(last_ns, struct.unpack_from("<q", payload, _TIME_AT[tag])[0])
        kept.append((tag, payload))
    for tag in paired:
        if paired[tag] < limit[tag]:
            raise ProfileFormatError(
                f"the main section holds {limit[tag]} {F.EXT_TAG_NAMES[tag]} stacks but the spool only "
                f"{paired[tag]} infos; cannot pair them", None, F.ext_record_name(tag))

    start_ns = b.meta.get(F.META_START_NS, "0")
    last_ns = max(last_ns, int(start_ns) if start_ns.isdigit() else 0)
    mtime = os.stat(path).st_mtime
    sec, usec = int(mtime), int((mtime % 1) * 1e6)
    out = bytearray(data[:end])
    if recovered:
        out += _meta(F.META_RECOVERED, time.strftime("%Y-%m-%dT%H:%M:%S"))
    out += bytes([F.MARKER_TRAILER]) + F.TIMEVAL.struct.pack(sec, usec, bytes(8))
    out += F.EXT_MAGIC
    for tag, payload in kept:
        out += _ext(tag, payload)
    out += _ext(F.EXT_END, F.END.struct.pack(counts[F.EXT_ALLOC_SAMPLE], counts[F.EXT_TIME_SAMPLE],
                                            counts[F.EXT_MINOR_GC], counts[F.EXT_MAJOR_GC], last_ns, 0))
    return _Rebuilt(raw, spool_bytes, gz, bytes(out), end, len(data) - end, counts, dropped)


def recover(path, output=None, spool=None, make_room=False) -> RecoverResult:
    """Rebuild [path] (a killed run's output) from itself and its spool.

    Writes [output] (default: [path] itself, replaced atomically; a symlink's
    target, and a FIFO as a stream: vmsample.output) and removes
    the spool.  With [make_room] (the disk is full), [path] is rebuilt in
    place in the space it and the spool take (_rebuild_in_place); if even
    that fails, both are left as they were and the OSError raised.  Raises
    ProfileBusy if a live process is writing [path] (writing.py),
    ProfileFormatError if nothing can be recovered, and FileNotFoundError if
    the spool is missing."""
    path = os.fspath(path)
    spool_path = os.fspath(spool) if spool is not None else F.spool_path(path)
    output = os.fspath(output) if output is not None else path
    with exclusive(path):
        r = _rebuild(path, spool_path)
        blob = r.profile
        if r.gz:
            c = zlib.compressobj(6, zlib.DEFLATED, 31)
            blob = c.compress(blob) + c.flush()
        if make_room:
            _rebuild_in_place(path, r.raw, 0 if r.gz else r.kept, spool_path, r.spool, blob)
            output = path
        else:
            resolve(output).write(blob)
        os.unlink(spool_path)
    c = r.counts
    return RecoverResult(output, c[F.EXT_ALLOC_SAMPLE], c[F.EXT_TIME_SAMPLE], c[F.EXT_MINOR_GC],
                         c[F.EXT_MAJOR_GC], r.dropped, r.kept, r.lost)


def snapshot(path) -> bytes:
    """What the profile [path], being written, holds so far: the bytes of a
    finished profile, as `recover` would make it, but changing nothing on
    disk (the writer goes on)."""
    path = os.fspath(path)
    return _rebuild(path, F.spool_path(path), recovered=False).profile
