"""The fast profile reader: ``read_profile(path) -> Profile``.

One pass over the whole (decompressed) file with precompiled `struct`
formats, no per-word Python calls; stacks are interned as they are read.  It
accepts exactly what the `construct` schema (schema.py) accepts -- the tests
check both on every file they write -- and raises `ProfileFormatError` with
the byte offset and record kind for anything else.  Memory: the file's bytes
plus the model; no declared length is trusted before it is checked against
the bytes that are really there.
"""

from __future__ import annotations

import gc
import os
import struct
import zlib

from . import format as F
from ._assemble import ProfileBuilder, fork_time_ns
from .errors import ProfileFormatError
from .model import Profile

_Q = struct.Struct("<q")
_QQ = struct.Struct("<qq")
_U16 = struct.Struct("<H")
_U32 = struct.Struct("<I")
_STACK_HEAD = F.STACK_HEAD.struct
_STACK_HEAD_FORK = F.FORK_STACK_HEAD.struct
_EXT_HEAD = F.EXT_RECORD_HEAD.struct
_ALLOC = F.ALLOC_INFO.struct
_TIME = F.TIME_INFO.struct
_MINOR_HEAD = F.MINOR_HEAD.struct
_MINOR_SAMPLES = F.MINOR_SAMPLES.struct
_MAJOR = F.MAJOR_GC.struct
_END = F.END.struct
# Whole-record sizes: the marker byte, then the layout.
STACK_RECORD_HEAD = 1 + F.STACK_HEAD.size
TIMEVAL_RECORD = 1 + F.TIMEVAL.size


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
            data = f.read()
    if data[:2] != F.GZIP_MAGIC:
        return data, False
    d = zlib.decompressobj(wbits=31)
    try:
        out = d.decompress(data)
    except zlib.error as e:
        raise ProfileFormatError(f"corrupt gzip stream: {e}", None, "gzip") from None
    if d.unused_data:
        raise ProfileFormatError("bytes after the end of the gzip stream", len(data) - len(d.unused_data), "gzip")
    return out, True


def read_profile(source) -> Profile:
    """Read a vmsample (or stock vmprof) profile, gzip or not, into a `Profile`."""
    data, gz = load_bytes(source)
    # Reading creates millions of objects and no reference cycles; the cyclic
    # collector would only rescan them again and again (~20% of the time).
    enabled = gc.isenabled()
    gc.disable()
    try:
        builder = ProfileBuilder(gzip=gz)
        parse(data, builder)
        return builder.finish()
    except ProfileFormatError as e:
        if isinstance(source, (str, os.PathLike)) and os.path.exists(os.fspath(source) + ".spool"):
            raise ProfileFormatError(f"{e.reason}; the run that wrote it did not finish: "
                                     f"`vmsample recover {os.fspath(source)}` rebuilds it",
                                     e.offset, e.record) from None
        raise
    finally:
        if enabled:
            gc.enable()


def _need(data, pos, size, record):
    if pos + size > len(data):
        raise ProfileFormatError(f"truncated: {size} bytes needed, {len(data) - pos} left", pos, record)


def _utf8(raw, pos, record):
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ProfileFormatError(f"invalid UTF-8: {e.reason}", pos, record) from None


def _string(data, pos, record):
    """A word-length-prefixed string at [pos] -> (str, next pos)."""
    _need(data, pos, 8, record)
    (n,) = _Q.unpack_from(data, pos)
    if n < 0:
        raise ProfileFormatError(f"negative string length {n}", pos, record)
    _need(data, pos + 8, n, record)
    return _utf8(data[pos + 8:pos + 8 + n], pos, record), pos + 8 + n


def parse_static_header(data) -> int:
    """Check the five-word static header; returns the period word."""
    if len(data) < 16:
        raise ProfileFormatError("not a vmprof profile: shorter than its header", 0, "static header")
    if data[4] == 3 and data[8] != 3:
        raise ProfileFormatError("32-bit profiles are not supported", 0, "static header")
    if data[15] == 3 and data[8] != 3:
        raise ProfileFormatError("big-endian profiles are not supported", 0, "static header")
    _need(data, 0, F.STATIC_HEADER.size, "static header")
    w0, w1, w2, period, w4 = F.STATIC_HEADER.struct.unpack_from(data, 0)
    if (w0, w1, w2) != (0, 3, 0) or w4 not in (0, 1) or period < 0:
        raise ProfileFormatError(f"not a vmprof profile: static header words {(w0, w1, w2, period, w4)}",
                                 0, "static header")
    if w4 == 1:
        raise ProfileFormatError("Windows (4-byte word) profiles are not supported", 32, "static header")
    return period


def parse_header(data, pos=F.STATIC_HEADER.size):
    """The 0x05 record -> (version, mode, interp, next pos)."""
    _need(data, pos, 5, "header")
    if data[pos] != F.MARKER_HEADER:
        raise ProfileFormatError(f"expected the header record (0x05), found 0x{data[pos]:02x}", pos, "header")
    version = int.from_bytes(data[pos + 1:pos + 3], "big")
    if version > max(F.SUPPORTED_VERSIONS):
        raise ProfileFormatError(f"profile format version {version} is newer than this reader supports "
                                 f"({max(F.SUPPORTED_VERSIONS)}); upgrade vmsample", pos, "header")
    if version not in F.SUPPORTED_VERSIONS:
        raise ProfileFormatError(f"profile format version {version} is not supported (6 or 7)", pos, "header")
    mode, n = data[pos + 3], data[pos + 4]
    _need(data, pos + 5, n, "header")
    interp = _utf8(data[pos + 5:pos + 5 + n], pos, "header")
    if mode & F.PROFILE_RPYTHON or interp == "pypy":
        raise ProfileFormatError("RPython stacks ((kind, pc) pairs) are not supported", pos, "header")
    if mode & F.PROFILE_MEMORY:
        raise ProfileFormatError("PROFILE_MEMORY (rss per sample) is not supported", pos, "header")
    return version, mode, interp, pos + 5 + n


def parse(data: bytes, b: ProfileBuilder) -> None:
    """Decode [data] into calls on the builder [b]."""
    pos = read_main_section(data, b)
    if pos < len(data):
        _extension(data, pos, b)


def read_main_section(data, b) -> int:
    """Decode the records up to and including the trailer into calls on the
    builder [b]; returns the offset after the trailer.  On a
    ProfileFormatError, its [record_start] is the offset of the record that
    failed: everything before it was read (`vmsample recover` keeps that)."""
    period = parse_static_header(data)
    version, mode, interp, pos = parse_header(data)
    b.header(version, mode, interp, period)
    fork = F.fork_semantics(version, interp)
    stamped = version >= F.VERSION_SAMPLE_TIME and not fork
    lines = bool(mode & F.PROFILE_LINES)
    n = len(data)
    head = _STACK_HEAD_FORK if fork else _STACK_HEAD
    tail_size = 16 if stamped else 8       # thread id [, timestamp]
    stack_ids, main = b.stack_ids, b.main     # ProfileBuilder.stack(), inlined
    # [pos] only moves past whole records: on an error it is the start of the
    # record that failed, which `vmsample recover` keeps everything before.
    try:
        while True:
            if pos >= n:
                raise ProfileFormatError("truncated: no trailer record", pos, "trailer")
            marker = data[pos]
            if marker == F.MARKER_STACKTRACE or (marker == F.MARKER_GC_STACKTRACE and fork):
                kind = "stacktrace" if marker == F.MARKER_STACKTRACE else "gc_stacktrace"
                if pos + STACK_RECORD_HEAD > n:
                    _need(data, pos, STACK_RECORD_HEAD, kind)
                count, depth = head.unpack_from(data, pos + 1)
                if not fork and count != 1:
                    raise ProfileFormatError(f"stack record count must be 1, not {count}", pos, kind)
                if not 0 <= depth <= F.MAX_STACK_ENTRIES:
                    raise ProfileFormatError(f"stack depth {depth} out of range", pos, kind)
                if lines and depth & 1:
                    raise ProfileFormatError(f"odd stack depth {depth} with line numbers", pos, kind)
                start = pos + STACK_RECORD_HEAD
                end = start + 8 * depth
                if end + tail_size > n:
                    _need(data, start, end + tail_size - start, kind)
                key = data[start:end]
                idx = stack_ids.get(key)
                if idx is None:
                    idx = stack_ids[key] = len(stack_ids)
                if stamped:
                    thread_id, ts = _QQ.unpack_from(data, end)
                    main[marker].append((idx, thread_id, ts))
                else:
                    main[marker].append((idx, _Q.unpack_from(data, end)[0],
                                         fork_time_ns(count, pos) if fork else None))
                pos = end + tail_size
            elif marker == F.MARKER_VIRTUAL_IP or marker == F.MARKER_NATIVE_SYMBOLS:
                _need(data, pos, 9, "virtual_ip")
                (code_id,) = _Q.unpack_from(data, pos + 1)
                name, pos = _string(data, pos + 9, "virtual_ip")
                b.code(code_id, name)
            elif marker == F.MARKER_META:
                key, p = _string(data, pos + 1, "meta")
                value, p = _string(data, p, "meta")
                b.add_meta(key, value, pos)
                pos = p
            elif marker == F.MARKER_TIME_N_ZONE or marker == F.MARKER_TRAILER:
                kind = "time" if marker == F.MARKER_TIME_N_ZONE else "trailer"
                _need(data, pos, TIMEVAL_RECORD, kind)
                sec, usec = _QQ.unpack_from(data, pos + 1)
                if marker == F.MARKER_TRAILER:
                    b.trailer(sec, usec)
                    return pos + TIMEVAL_RECORD
                b.start_time(sec, usec)
                pos += TIMEVAL_RECORD
            elif marker == F.MARKER_OBJ_INFO_STACK and fork:
                _need(data, pos, STACK_RECORD_HEAD, "obj_info")
                time_s, depth = _STACK_HEAD_FORK.unpack_from(data, pos + 1)
                if not 3 <= depth <= F.MAX_STACK_ENTRIES:
                    raise ProfileFormatError(f"object-info depth {depth} out of range", pos, "obj_info")
                _need(data, pos + STACK_RECORD_HEAD, 8 * depth, "obj_info")
                b.obj_info(time_s, struct.unpack_from(f"<{depth}q", data, pos + STACK_RECORD_HEAD))
                pos += STACK_RECORD_HEAD + 8 * depth
            elif marker == F.MARKER_HEADER:
                raise ProfileFormatError("a second header record", pos, "header")
            else:
                raise ProfileFormatError(f"unknown record marker 0x{marker:02x}", pos, "main section")
    except ProfileFormatError as e:
        e.record_start = pos
        raise


def _ext_stack(payload, at, pos, record):
    """Optional stack at payload[at:] -> its raw entries, or None if absent."""
    if len(payload) == at:
        return None
    if len(payload) < at + 4:
        raise ProfileFormatError("bad payload length", pos, record)
    (count,) = _U32.unpack_from(payload, at)
    if count > F.MAX_STACK_ENTRIES or len(payload) != at + 4 + 8 * count:
        raise ProfileFormatError(f"bad stack of {count} entries", pos, record)
    return payload[at + 4:]


EXT_HEAD_SIZE = F.EXT_RECORD_HEAD.size


def ext_records(data, pos, *, whole_only=False):
    """The extension records in [data] from [pos] (just after the magic):
    yields ``(offset, tag, length)`` per record, its payload being
    ``data[offset + EXT_HEAD_SIZE:][:length]``; the last one yielded is END.

    A record that runs past the end of [data], or a missing END, raises
    ProfileFormatError -- or, with [whole_only] (a killed run's spool, which
    may end anywhere), ends the iteration after the last whole record."""
    n = len(data)
    head = _EXT_HEAD.unpack_from
    while True:
        if pos + EXT_HEAD_SIZE > n:
            if whole_only:
                return
            if pos >= n:
                raise ProfileFormatError("truncated: no END record", pos, "ext:end")
            _need(data, pos, EXT_HEAD_SIZE, "extension")
        tag, size = head(data, pos)
        if pos + EXT_HEAD_SIZE + size > n or size > F.EXT_MAX_PAYLOAD:
            if whole_only:
                return
            record = "ext:" + F.EXT_TAG_NAMES.get(tag, f"0x{tag:02x}")
            if size > F.EXT_MAX_PAYLOAD:
                raise ProfileFormatError(f"record length {size} exceeds the limit", pos, record)
            _need(data, pos + EXT_HEAD_SIZE, size, record)
        yield pos, tag, size
        if tag == F.EXT_END:
            return
        pos += EXT_HEAD_SIZE + size


def _extension(data, pos, b) -> None:
    _need(data, pos, len(F.EXT_MAGIC), "extension")
    magic = data[pos:pos + len(F.EXT_MAGIC)]
    if magic[:-1] != F.EXT_MAGIC[:-1]:
        raise ProfileFormatError("bytes after the trailer are not a vmsample extension", pos, "extension")
    if magic[-1] > F.EXT_VERSION:
        raise ProfileFormatError(f"extension version {magic[-1]} is newer than this reader supports "
                                 f"({F.EXT_VERSION}); upgrade vmsample", pos, "extension")
    if magic[-1] != F.EXT_VERSION:
        raise ProfileFormatError(f"unknown extension version {magic[-1]}", pos, "extension")
    b.has_extension = True
    lines = b.lines
    at0 = EXT_HEAD_SIZE
    alloc_append, alloc_unpack, alloc_size = b.alloc_infos.append, _ALLOC.unpack_from, _ALLOC.size
    time_append, time_unpack, time_size = b.time_infos.append, _TIME.unpack_from, _TIME.size
    for pos, tag, size in ext_records(data, pos + len(F.EXT_MAGIC)):
        # The common records first: sample infos without a stack of their own.
        if tag == F.EXT_ALLOC_SAMPLE and size == alloc_size:
            alloc_append(alloc_unpack(data, pos + at0))
            continue
        if tag == F.EXT_TIME_SAMPLE and size == time_size:
            time_append(time_unpack(data, pos + at0))
            continue
        record = "ext:" + F.EXT_TAG_NAMES.get(tag, f"0x{tag:02x}")
        payload = data[pos + at0:pos + at0 + size]
        if tag == F.EXT_ALLOC_SAMPLE or tag == F.EXT_TIME_SAMPLE:     # with a stack of its own
            fixed, add = (_ALLOC, b.alloc_info) if tag == F.EXT_ALLOC_SAMPLE else (_TIME, b.time_info)
            if size < fixed.size:
                raise ProfileFormatError("bad payload length", pos, record)
            entries = _ext_stack(payload, fixed.size, pos, record)
            if lines and entries is not None and len(entries) % 16:
                raise ProfileFormatError("odd stack depth with line numbers", pos, record)
            add(*fixed.unpack_from(payload), entries)
        elif tag == F.EXT_MINOR_GC:
            if size < _MINOR_HEAD.size:
                raise ProfileFormatError("bad payload length", pos, record)
            index, t, duration, nstats = _MINOR_HEAD.unpack_from(payload)
            at = _MINOR_HEAD.size + 8 * nstats
            if size < at + _MINOR_SAMPLES.size:
                raise ProfileFormatError("bad payload length", pos, record)
            stats = struct.unpack_from(f"<{nstats}q", payload, _MINOR_HEAD.size)
            first_seq, count = _MINOR_SAMPLES.unpack_from(payload, at)
            if size != at + _MINOR_SAMPLES.size + count:
                raise ProfileFormatError("bad payload length", pos, record)
            b.minor(index, t, duration, stats, first_seq, payload[at + _MINOR_SAMPLES.size:])
        elif tag == F.EXT_MAJOR_GC:
            if size != _MAJOR.size:
                raise ProfileFormatError("bad payload length", pos, record)
            b.major(*_MAJOR.unpack_from(payload))
        elif tag == F.EXT_TYPE_NAME:
            if size < 4:
                raise ProfileFormatError("bad payload length", pos, record)
            b.type_name(_U32.unpack_from(payload)[0], _utf8(payload[4:], pos, record))
        elif tag == F.EXT_STAT_NAMES:
            b.stats(_stat_names(payload, pos, record))
        elif tag == F.EXT_END:
            if size != _END.size:
                raise ProfileFormatError("bad payload length", pos, record)
            if pos + at0 + size != len(data):
                raise ProfileFormatError("bytes after the END record", pos + at0 + size, record)
            b.end_of_extension(*_END.unpack_from(payload), pos)
        # any other tag: a newer writer's record, skipped by its length


def _stat_names(payload, pos, record):
    if len(payload) < 2:
        raise ProfileFormatError("bad payload length", pos, record)
    (count,) = _U16.unpack_from(payload)
    names, at = [], 2
    for _ in range(count):
        if at + 2 > len(payload):
            raise ProfileFormatError("bad payload length", pos, record)
        (k,) = _U16.unpack_from(payload, at)
        if at + 2 + k > len(payload):
            raise ProfileFormatError("bad payload length", pos, record)
        names.append(_utf8(payload[at + 2:at + 2 + k], pos, record))
        at += 2 + k
    if at != len(payload):
        raise ProfileFormatError("bad payload length", pos, record)
    return names
