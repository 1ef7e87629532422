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
import sys
from array import array

import numpy as np

from . import format as F
from . import merge
from ._assemble import MainSectionCursor, ProfileBuilder, fork_time_ns
from .errors import ProfileFormatError
from .fate import Irregular
from .model import Profile
from .source import load_bytes, mapped, release  # noqa: F401 (load_bytes: re-exported)
from .writing import unfinished_hint

_Q = struct.Struct("<q")
_I = struct.Struct("<i")
_QQ = struct.Struct("<qq")
_U16 = struct.Struct("<H")
_U32 = struct.Struct("<I")
_EXT_HEAD = F.EXT_RECORD_HEAD.struct
_ALLOC = F.ALLOC_INFO.struct
_TIME = F.TIME_INFO.struct
_MINOR_HEAD = F.MINOR_HEAD.struct
_MINOR_SAMPLES = F.MINOR_SAMPLES.struct
_MAJOR = F.MAJOR_GC.struct
_PAUSE = F.PAUSE.struct
_END = F.END.struct
# A whole 0x06 / 0x03 record: the marker byte, then the layout.
TIMEVAL_RECORD = 1 + F.TIMEVAL.size
# The compiled loops (_scan.pyx) read words in the host's byte order; a
# checkout that is not built (tools/read_profile.py) reads without them.
try:
    from ._scan import scan_infos, scan_stacks
    SCAN = sys.byteorder == "little"
except ImportError:
    SCAN = False
# The compiled loops return at least every this many bytes, so that the
# reader lets go of the pages behind it (source.release) as it goes.
SCAN_RUN = 4 << 20
# The same for ScanCursor, whose pages are resident at the same time
# as the extension's: it decodes and lets go of a quarter as much at a time.
AGAIN_RUN = SCAN_RUN // 4


def read_profile(source, aggregate: bool = False, merged: bool = False) -> Profile:
    """Read a vmsample (or stock vmprof) profile, gzip or not, into a `Profile`.

    With [aggregate], the samples are summed while reading (totals.py) and
    the profile has `totals()` but no sample columns: what the commands that
    only aggregate use, in memory that does not grow with the number of
    samples (only with the distinct stacks, the GC events and the sampled
    objects alive).

    With [merged], the samples are also merged within time slices as they
    are read, into at most about merge.MAX_ROWS rows: the profile is
    `merge.merged(read_profile(source))`, read in bounded memory (what the
    exports and `report --live` use)."""
    with mapped(source) as (data, gz):
        return read_data(data, gz, aggregate, source, merged)


def read_data(data, gz: bool, aggregate: bool = False, source=None, merged: bool = False) -> Profile:
    """read_profile of bytes that `source.mapped` gave ([source]: their path,
    for the hint about `vmsample recover`)."""
    # Reading creates millions of objects and no reference cycles; the cyclic
    # collector would only rescan them again and again (~20% of the time).
    enabled = gc.isenabled()
    gc.disable()
    try:
        try:
            return _read(data, gz, aggregate or merged, merged)
        except Irregular:
            # A file the accumulator cannot follow (totals.py): read whole;
            # this also gives the model's error for an invalid one.
            whole = _read(data, gz, False)
            return merge.merged(whole) if merged else whole.aggregated()
    except ProfileFormatError as e:
        hint = unfinished_hint(source) if isinstance(source, (str, os.PathLike)) else None
        if hint:
            raise ProfileFormatError(f"{e.reason}; {hint}", e.offset, e.record) from None
        raise
    finally:
        if enabled:
            gc.enable()


def _read(data, gz, aggregate, merged=False) -> Profile:
    builder = ProfileBuilder(gzip=gz, aggregate=aggregate, merged=merged)
    parse(data, builder)
    return builder.finish()


def _need(data, pos, size, record):
    if pos + size > len(data):
        raise ProfileFormatError(f"truncated: {size} bytes needed, {len(data) - pos} left", pos, record)


def _utf8(raw, pos, record):
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ProfileFormatError(f"invalid UTF-8: {e.reason}", pos, record) from None


def _string(data, pos, record, word=_Q):
    """A word-length-prefixed string at [pos] -> (str, next pos)."""
    _need(data, pos, word.size, record)
    (n,) = word.unpack_from(data, pos)
    if n < 0:
        raise ProfileFormatError(f"negative string length {n}", pos, record)
    at = pos + word.size
    _need(data, at, n, record)
    return _utf8(data[at:at + n], pos, record), at + n


def parse_static_header(data):
    """The static header -> (word size, address size, period word, next pos).

    Five words 0, 3, 0, period, flag; the word size shows where the 3 is
    (vmprof's own rule).  A 4-byte-word file with flag 1 is a Windows 64-bit
    file: 4-byte words, 8-byte addresses."""
    if len(data) < 16:
        raise ProfileFormatError("not a vmprof profile: shorter than its header", 0, "static header")
    if data[4] == 3 and data[:4] == bytes(4):
        word = 4
    elif data[8] == 3 and data[:8] == bytes(8):
        word = 8
    elif data[7] == 3 or data[15] == 3:
        raise ProfileFormatError("big-endian profiles are not supported", 0, "static header")
    else:
        raise ProfileFormatError("not a vmprof profile: no word size in its static header", 0, "static header")
    fmt = "<5q" if word == 8 else "<5i"
    _need(data, 0, 5 * word, "static header")
    w0, w1, w2, period, flag = struct.unpack_from(fmt, data, 0)
    if (w0, w1, w2) != (0, 3, 0) or flag not in (0, 1) or period < 0:
        raise ProfileFormatError(f"not a vmprof profile: static header words {(w0, w1, w2, period, flag)}",
                                 0, "static header")
    addr = 8 if word == 8 or flag == 1 else 4
    return word, addr, period, 5 * word


def parse_header(data, word, addr, pos):
    """The 0x05 record (or the legacy 0x04) -> (Geometry, next pos)."""
    _need(data, pos, 2, "header")
    if data[pos] == F.MARKER_INTERP_NAME:       # legacy: version 0, the name only
        n = data[pos + 1]
        _need(data, pos + 2, n, "header")
        return F.Geometry(word, addr, 0, 0, _utf8(data[pos + 2:pos + 2 + n], pos, "header")), pos + 2 + n
    _need(data, pos, 4, "header")
    if data[pos] != F.MARKER_HEADER:
        raise ProfileFormatError(f"expected the header record (0x05 or 0x04), found 0x{data[pos]:02x}",
                                 pos, "header")
    version = int.from_bytes(data[pos + 1:pos + 3], "big")
    if version > max(F.SUPPORTED_VERSIONS):
        raise ProfileFormatError(f"profile format version {version} is newer than this reader supports "
                                 f"({max(F.SUPPORTED_VERSIONS)}); upgrade vmsample", pos, "header")
    at = pos + 3
    mode = 0
    if version >= F.VERSION_MODE_AWARE:
        mode = data[at]
        at += 1
    _need(data, at, 1, "header")
    n = data[at]
    _need(data, at + 1, n, "header")
    interp = _utf8(data[at + 1:at + 1 + n], pos, "header")
    return F.Geometry(word, addr, version, mode, interp), at + 1 + n


def parse(data: bytes, b: ProfileBuilder) -> None:
    """Decode [data] into calls on the builder [b]."""
    pos = read_main_section(data, b)
    if pos < len(data):
        if F.extension_follows(b.geometry.version, F.META_VERSION in b.meta, data[pos:pos + len(F.EXT_MAGIC) - 1]):
            _extension(data, pos, b)
        else:
            b.memory_map(data[pos:])


def _address_entries(data, at, count, addr):
    """[count] addresses at [at] as the little-endian i64 bytes the builder interns."""
    if addr == 8:
        return data[at:at + 8 * count]
    return struct.pack(f"<{count}q", *struct.unpack_from(f"<{count}i", data, at))


def read_main_section(data, b) -> int:
    """Decode the records up to and including the trailer into calls on the
    builder [b]; returns the offset after the trailer.  On a
    ProfileFormatError, its [record_start] is the offset of the record that
    failed: everything before it was read (`vmsample recover` keeps that)."""
    word, addr, period, pos = parse_static_header(data)
    g, pos = parse_header(data, word, addr, pos)
    b.header(g, period)
    n = len(data)
    W = _Q if word == 8 else _I
    A = _Q if addr == 8 else _I
    head = tail = None                        # decided at the first sample record
    scan = None                               # _scan.scan_stacks's arguments, where it applies
    again = None                              # summing: the ScanCursor that reads the ids again
    released = 0
    # [pos] only moves past whole records: on an error it is the start of the
    # record that failed, which `vmsample recover` keeps everything before.
    try:
        while True:
            if pos >= n:
                raise ProfileFormatError("truncated: no trailer record", pos, "trailer")
            marker = data[pos]
            at = pos
            if head is None and marker in F.SAMPLE_MARKERS:
                g.fork = F.fork_semantics(g.version, b.meta)
                head = struct.Struct("<d" + W.format[1:]) if g.fork else struct.Struct("<" + W.format[1:] * 2)
                tail = struct.Struct("<" + g.stack_tail())
                stamped = g.stamped
                if SCAN and word == 8 and addr == 8 and not g.fork:
                    records = b.stack_records(F.MARKER_STACKTRACE)
                    scan = (b.stacks, g.thread_id, g.memory, stamped, g.lines or g.tagged, *records.columns())
                    if b.wants_second_pass(g.fork):
                        again = ScanCursor(data, pos, scan[:5])
                        b.pair_again(again)
            if marker == F.MARKER_STACKTRACE and scan is not None:
                # Runs of stack records are decoded in compiled code; the
                # record it stops at (another kind, or a bad one) is decoded
                # below.
                end = scan_stacks(data, pos, pos + SCAN_RUN, *scan)
                if end != pos:
                    records.appended()
                    pos = end
                    released = release(data, released, pos)
                    continue
            if marker == F.MARKER_STACKTRACE or (marker == F.MARKER_GC_STACKTRACE and g.fork):
                kind = F.record_name(marker)
                start = pos + 1 + head.size
                if start > n:
                    _need(data, pos, 1 + head.size, kind)
                count, depth = head.unpack_from(data, pos + 1)
                if not g.fork and count != 1:
                    raise ProfileFormatError(f"stack record count must be 1, not {count}", pos, kind)
                if not 0 <= depth <= F.MAX_STACK_ENTRIES:
                    raise ProfileFormatError(f"stack depth {depth} out of range", pos, kind)
                if (g.lines or g.tagged) and depth & 1:
                    raise ProfileFormatError(f"odd stack depth {depth} with entry pairs", pos, kind)
                end = start + addr * depth
                if end + tail.size > n:
                    _need(data, start, end + tail.size - start, kind)
                key = data[start:end] if addr == 8 else _address_entries(data, start, depth, addr)
                rest = tail.unpack_from(data, end)
                b.stack(marker, key, rest[0] if g.thread_id else 0,
                        rest[-1] if stamped else fork_time_ns(count, pos) if g.fork else None,
                        rest[g.thread_id] if g.memory else None)
                pos = end + tail.size
            elif marker == F.MARKER_VIRTUAL_IP or marker == F.MARKER_NATIVE_SYMBOLS:
                kind = F.record_name(marker)
                _need(data, pos, 1 + addr, kind)
                (code_id,) = A.unpack_from(data, pos + 1)
                name, pos = _string(data, pos + 1 + addr, kind, W)
                b.code(code_id, name)
            elif marker == F.MARKER_META:
                key, p = _string(data, pos + 1, "meta", W)
                value, p = _string(data, p, "meta", W)
                b.add_meta(key, value, pos)
                pos = p
            elif marker == F.MARKER_TIME_N_ZONE or (marker == F.MARKER_TRAILER and g.trailer_time):
                kind = F.record_name(marker)
                _need(data, pos, TIMEVAL_RECORD, kind)
                sec, usec = _QQ.unpack_from(data, pos + 1)
                if marker == F.MARKER_TRAILER:
                    b.trailer(sec, usec)
                    return pos + TIMEVAL_RECORD
                b.start_time(sec, usec)
                pos += TIMEVAL_RECORD
            elif marker == F.MARKER_TRAILER:            # before version 5: no end time
                b.trailer(None, None)
                return pos + 1
            elif marker == F.MARKER_OBJ_INFO_STACK and g.fork:
                _need(data, pos, 1 + head.size, "obj_info")
                time_s, depth = head.unpack_from(data, pos + 1)
                if not 0 <= depth <= F.MAX_STACK_ENTRIES:
                    raise ProfileFormatError(f"object-info depth {depth} out of range", pos, "obj_info")
                start = pos + 1 + head.size
                _need(data, start, addr * depth, "obj_info")
                b.obj_info(fork_time_ns(time_s, pos), struct.unpack_from(f"<{depth}{A.format[1:]}", data, start),
                           pos)
                pos = start + addr * depth
            elif marker in (F.MARKER_HEADER, F.MARKER_INTERP_NAME):
                raise ProfileFormatError("a second header record", pos, "header")
            elif marker in (F.MARKER_GC_STACKTRACE, F.MARKER_OBJ_INFO_STACK):
                raise ProfileFormatError(f"record 0x{marker:02x} (the paper fork's) in a file without "
                                         "the fork's version 7 (META start_time_offset)", pos, "main section")
            else:
                raise ProfileFormatError(f"unknown record marker 0x{marker:02x}", pos, "main section")
            if again is not None and marker != F.MARKER_STACKTRACE:
                again.skips[at] = pos           # the second pass jumps over what is not a stack record
    except ProfileFormatError as e:
        e.record_start = pos
        raise


class ScanCursor(MainSectionCursor):
    """The fast reader's second pass over a vmsample file's main-section
    stack records, for summing while reading (aggregate=True), so that the
    reader holds no stack id per sample: the first pass interns every stack
    (in the order a whole read does, so ids are the same) and counts the
    records; as the extension's sample infos pair with the records, this
    cursor decodes their ids again, a run at a time, and lets go of the
    pages behind it.  It jumps over the other records by [skips] (their
    offset -> the next record's; vmsample writes one per code name), which
    the first pass fills in, so the main section's grammar stays
    read_main_section's alone."""

    def __init__(self, data, pos, scan):
        super().__init__()
        self.data, self.pos, self.released = data, pos, pos
        self.scan = scan                # scan_stacks's arguments before the columns
        self.skips: dict[int, int] = {}
        self.ids = array("i")           # decoded, of which [at:] are not taken yet
        self.at = 0

    def next_ids(self, n) -> np.ndarray:
        while len(self.ids) - self.at < n:
            self._decode_more()
        ids = np.frombuffer(self.ids, np.int32, count=n, offset=4 * self.at).copy()
        self.at += n
        return ids

    def _decode_more(self):
        del self.ids[:self.at]
        self.at = 0
        end = self.skips.get(self.pos)
        if end is None:
            end = scan_stacks(self.data, self.pos, self.pos + AGAIN_RUN, *self.scan, self.ids, None, None, None)
            if end == self.pos:         # the first pass decoded what is here
                raise Irregular(f"the main section at {self.pos} reads differently the second time")
        self.pos = end
        self.released = release(self.data, self.released, end, AGAIN_RUN)


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
            record = F.ext_record_name(tag)
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
    b.extension_begins()
    lines = b.lines
    at0 = EXT_HEAD_SIZE
    pos += len(F.EXT_MAGIC)
    released = pos
    while True:
        # Runs of sample infos without a stack of their own are decoded in
        # compiled code; ext_records yields the record it stops at.
        if SCAN:
            pos = scan_infos(data, pos, pos + SCAN_RUN, *b.info_columns())
            released = release(data, released, pos)
        b.drain()
        pos, tag, size = next(ext_records(data, pos))
        if _extension_record(data, pos, tag, size, b, lines, at0):
            return
        pos += at0 + size


def _extension_record(data, pos, tag, size, b, lines, at0) -> bool:
    """Decode the extension record at [pos]; True if it is the END record."""
    if tag == F.EXT_ALLOC_SAMPLE and size == _ALLOC.size:
        b.alloc_info(*_ALLOC.unpack_from(data, pos + at0), None)
        return False
    if tag == F.EXT_TIME_SAMPLE and size == _TIME.size:
        b.time_info(*_TIME.unpack_from(data, pos + at0), None)
        return False
    record = F.ext_record_name(tag)
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
    elif tag == F.EXT_PAUSE:
        if size != _PAUSE.size:
            raise ProfileFormatError("bad payload length", pos, record)
        b.pause(*_PAUSE.unpack_from(payload))
    elif tag == F.EXT_DEATHS:
        b.deaths(*F.unpack_deaths(payload, pos))
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
        return True
    # any other tag: a newer writer's record, skipped by its length
    return False


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
