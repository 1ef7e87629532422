"""The reference definition of the vmsample profile format, in `construct`.

This file *is* the specification (docs/format.md explains it in prose); the
fast reader must agree with it on every file, and the tests check that.  It
needs nothing but `construct`: ``tools/read_profile.py`` uses it without the
compiled extension.

    profile_file.parse(data)      -> Container (static_header, header, main, extension)
    profile_file.build(container) -> bytes;  build(parse(b)) == b for every valid file
    parse(data)                   -> the same, with errors as ProfileFormatError
    to_profile(container)         -> vmsample.profile.model.Profile

All integers are little-endian except the header version (big-endian, as
vmprof writes it).  "word" is 8 bytes: only LP64 profiles are supported.
"""

from __future__ import annotations

import io
import struct

from construct import (Array, Bytes, Check, Const, ConstructError, Error, FixedSized, Float64l,
                       GreedyBytes, GreedyString, If, IfThenElse, Int8ul, Int16ub, Int16ul,
                       Int32ul, Int64sl, Int64ul, Optional, PascalString, Peek, RepeatUntil,
                       StreamError, Struct, Switch, Terminated, this)

from . import format as F
from ._assemble import ProfileBuilder, fork_time_ns
from .errors import ProfileFormatError

Word = Int64sl
# format.py's struct codes as construct fields
_FIELD = {"q": Int64sl, "Q": Int64ul, "I": Int32ul, "H": Int16ul, "B": Int8ul, "d": Float64l,
          "8s": Bytes(8)}


def fields(layout):
    """The construct fields of a format.py Layout, in order."""
    return [name / _FIELD[code] for name, code in layout.fields]

# word length | UTF-8 bytes (vmprof's read_string)
VString = PascalString(Word, "utf8")


def _hdr(ctx):
    # The 0x05 header of the file; when a record is parsed on its own (dump.py)
    # the header is passed as a parse parameter instead.
    root = ctx._root
    return root.header if "header" in root else ctx._params.header


def _fork(ctx):
    h = _hdr(ctx)
    return F.fork_semantics(h.version, h.interp)


def _stamped(ctx):
    h = _hdr(ctx)
    return h.version >= F.VERSION_SAMPLE_TIME and not _fork(ctx)


def _lines(ctx):
    return bool(_hdr(ctx).mode & F.PROFILE_LINES)


# ================================================================ main section (vmprof)

# Static header: five words 0, 3, 0, period_usec, 0 (1 would mean Win64).
static_header = Struct(
    "header_count" / Const(0, Word),
    "header_size" / Const(3, Word),
    "reserved" / Const(0, Word),
    "period_usec" / Word,
    Check(this.period_usec >= 0),
    "windows64" / Const(0, Word),
)

# 0x05 | u16 BE version | u8 mode | u8 len | interp name
header = Struct(
    "marker" / Const(F.MARKER_HEADER, Int8ul),
    "version" / Int16ub,
    Check(lambda ctx: ctx.version in F.SUPPORTED_VERSIONS),
    "mode" / Int8ul,
    Check(lambda ctx: not ctx.mode & (F.PROFILE_MEMORY | F.PROFILE_RPYTHON)),
    "interp" / PascalString(Int8ul, "utf8"),
    Check(this.interp != "pypy"),
)

# 0x01 stack trace (and 0x09 allocation stack trace, fork only):
#   count word = 1 (fork: f64 CLOCK_MONOTONIC seconds) | depth word
#   | depth x addr entries, leaf first ([line, code id] pairs with PROFILE_LINES)
#   | addr thread id | i64 ns timestamp (version 7, not fork)
stacktrace = Struct(
    "count" / IfThenElse(_fork, Float64l, Const(1, Word)),
    "depth" / Word,
    Check(lambda ctx: 0 <= ctx.depth <= F.MAX_STACK_ENTRIES),
    Check(lambda ctx: not (_lines(ctx) and ctx.depth & 1)),
    "entries" / Array(this.depth, Word),
    "thread_id" / Word,
    "timestamp" / If(_stamped, Int64sl),
)

# 0x02 virtual IP / 0x08 native symbol: addr id | word len | name 'py:<func>:<line>:<file>'
virtual_ip = Struct(
    "id" / Word,
    "name" / VString,
)

# 0x07 META: word len | key | word len | value
meta = Struct(
    "key" / VString,
    "value" / VString,
)

# 0x06 start time / 0x03 trailer: i64 tv_sec | i64 tv_usec | 8 zone bytes
timeval = Struct(*fields(F.TIMEVAL))

# 0x0A object info (fork only): f64 seconds | depth word = n + 3
#   | n obj-info words (type id << 2 | large << 1 | survived), newest first
#   | total_memory_used | total_size_of_arenas | gc_state
obj_info = Struct(
    "time" / Float64l,
    "depth" / Word,
    Check(lambda ctx: 3 <= ctx.depth <= F.MAX_STACK_ENTRIES),
    "words" / Array(this.depth, Word),
)


def _fork_only(sub):
    return IfThenElse(_fork, sub, Error)


record = Struct(
    "marker" / Int8ul,
    "body" / Switch(this.marker, {
        F.MARKER_STACKTRACE: stacktrace,
        F.MARKER_GC_STACKTRACE: _fork_only(stacktrace),
        F.MARKER_VIRTUAL_IP: virtual_ip,
        F.MARKER_NATIVE_SYMBOLS: virtual_ip,
        F.MARKER_META: meta,
        F.MARKER_TIME_N_ZONE: timeval,
        F.MARKER_OBJ_INFO_STACK: _fork_only(obj_info),
        F.MARKER_TRAILER: timeval,
    }, default=Error),
)

# ================================================================ extension section (vmsample)

# u32 entry count | entries (i64, same encoding as the main section's)
ext_stack = Struct(
    *fields(F.EXT_STACK_HEAD),
    Check(this.count <= F.MAX_STACK_ENTRIES),
    "entries" / Array(this.count, Word),
)

# 0x21: u32 type id | name (UTF-8, the rest)
ext_type_name = Struct(
    "type_id" / Int32ul,
    "name" / GreedyString("utf8"),
)

# 0x22: u16 n | n x (u16 len | UTF-8 name)
ext_stat_names = Struct(
    "count" / Int16ul,
    "names" / Array(this.count, PascalString(Int16ul, "utf8")),
    Terminated,
)

# 0x23: u64 seq | i64 time ns | u64 thread | u64 size | u32 type id | u8 flags
#       [| stack, when allocations are not the 0x01 stream]
ext_alloc_sample = Struct(
    *fields(F.ALLOC_INFO),
    "stack" / Optional(ext_stack),
    Terminated,
)

# 0x24: i64 time ns | u64 thread [| stack, when time samples are not the 0x01 stream]
ext_time_sample = Struct(
    *fields(F.TIME_INFO),
    "stack" / Optional(ext_stack),
    Terminated,
)

# 0x25: u64 index | i64 time ns | i64 duration ns | u16 n | n x i64 stats (STAT_NAMES order)
#       | u64 first seq | u32 count | count x u8 outcome bits (bit 0 survived, bit 1 large)
ext_minor_gc = Struct(
    *fields(F.MINOR_HEAD),
    "stats" / Array(this.nstats, Int64sl),
    *fields(F.MINOR_SAMPLES),
    "outcomes" / Bytes(this.count),
    Terminated,
)

# 0x26: u64 index | u8 state entered | i64 time ns | u64 total_memory_used | u64 total_size_of_arenas
ext_major_gc = Struct(
    *fields(F.MAJOR_GC),
    Terminated,
)

# 0x2F: u64 alloc samples | u64 time samples | u64 minor | u64 major | i64 end ns | u64 truncated stacks
ext_end = Struct(
    *fields(F.END),
    Terminated,
)

# u8 tag | u32 payload length | payload.  Unknown tags are skipped by length.
ext_record = Struct(
    *fields(F.EXT_RECORD_HEAD),
    Check(this.length <= F.EXT_MAX_PAYLOAD),
    "payload" / FixedSized(this.length, Switch(this.tag, {
        F.EXT_TYPE_NAME: ext_type_name,
        F.EXT_STAT_NAMES: ext_stat_names,
        F.EXT_ALLOC_SAMPLE: ext_alloc_sample,
        F.EXT_TIME_SAMPLE: ext_time_sample,
        F.EXT_MINOR_GC: ext_minor_gc,
        F.EXT_MAJOR_GC: ext_major_gc,
        F.EXT_END: ext_end,
    }, default=GreedyBytes)),
)

# "VMSAMPX" + extension version byte (1)
ext_magic = Const(F.EXT_MAGIC)

extension = Struct(
    "magic" / ext_magic,
    "records" / RepeatUntil(lambda rec, lst, ctx: rec.tag == F.EXT_END, ext_record),
)

# ================================================================ the file

profile_file = Struct(
    "static_header" / static_header,
    "header" / header,
    "main" / RepeatUntil(lambda rec, lst, ctx: rec.marker == F.MARKER_TRAILER, record),
    # A stock vmprof file ends at its trailer; ours continue with the extension.
    "more" / Peek(Optional(Int8ul)),
    "extension" / If(this.more != None, extension),  # noqa: E711 (construct expression)
    Terminated,
)

# ================================================================ entry points

_RECORD_NAMES = {
    F.MARKER_STACKTRACE: "stacktrace", F.MARKER_GC_STACKTRACE: "gc_stacktrace",
    F.MARKER_VIRTUAL_IP: "virtual_ip", F.MARKER_NATIVE_SYMBOLS: "virtual_ip",
    F.MARKER_META: "meta", F.MARKER_TIME_N_ZONE: "time", F.MARKER_TRAILER: "trailer",
    F.MARKER_OBJ_INFO_STACK: "obj_info",
}


def _record_kind(path: str) -> str:
    for part, kind in (("static_header", "static header"), ("header", "header"),
                       ("extension", "extension"), ("main", "main section")):
        if f"-> {part}" in path:
            return kind
    return "file"


def parse(data: bytes):
    """Parse a whole (decompressed) file; ProfileFormatError on anything malformed."""
    stream = io.BytesIO(data)
    try:
        return profile_file.parse_stream(stream)
    except (ConstructError, StreamError, UnicodeDecodeError, OverflowError, ValueError) as e:
        path = getattr(e, "path", None) or ""
        msg = str(e).split("\n")[0]
        raise ProfileFormatError(f"schema: {msg}", min(stream.tell(), len(data)),
                                 _record_kind(path)) from None


def _raw(entries) -> bytes:
    return struct.pack(f"<{len(entries)}q", *entries)


def to_profile(parsed, gzip: bool = False):
    """The Profile a parsed container describes (the same rules as the fast reader)."""
    b = ProfileBuilder(gzip=gzip)
    h = parsed.header
    b.header(h.version, h.mode, h.interp, parsed.static_header.period_usec)
    fork = F.fork_semantics(h.version, h.interp)
    for rec in parsed.main:
        m, body = rec.marker, rec.body
        if m in (F.MARKER_STACKTRACE, F.MARKER_GC_STACKTRACE):
            t = fork_time_ns(body.count, None) if fork else body.timestamp
            b.stack(m, _raw(body.entries), body.thread_id, t)
        elif m in (F.MARKER_VIRTUAL_IP, F.MARKER_NATIVE_SYMBOLS):
            b.code(body.id, body.name)
        elif m == F.MARKER_META:
            b.add_meta(body.key, body.value, None)
        elif m == F.MARKER_TIME_N_ZONE:
            b.start_time(body.sec, body.usec)
        elif m == F.MARKER_OBJ_INFO_STACK:
            b.obj_info(body.time, tuple(body.words))
        elif m == F.MARKER_TRAILER:
            b.trailer(body.sec, body.usec)
    if parsed.extension is not None:
        b.has_extension = True
        for rec in parsed.extension.records:
            p, tag = rec.payload, rec.tag
            if tag == F.EXT_ALLOC_SAMPLE:
                b.alloc_info(p.seq, p.time_ns, p.thread_id, p.size, p.type_id, p.flags,
                             None if p.stack is None else _raw(p.stack.entries))
            elif tag == F.EXT_TIME_SAMPLE:
                b.time_info(p.time_ns, p.thread_id, None if p.stack is None else _raw(p.stack.entries))
            elif tag == F.EXT_MINOR_GC:
                b.minor(p.index, p.time_ns, p.duration_ns, p.stats, p.first_seq, p.outcomes)
            elif tag == F.EXT_MAJOR_GC:
                b.major(p.index, p.state, p.time_ns, p.total_memory_used, p.total_size_of_arenas)
            elif tag == F.EXT_TYPE_NAME:
                b.type_name(p.type_id, p.name)
            elif tag == F.EXT_STAT_NAMES:
                b.stats(list(p.names))
            elif tag == F.EXT_END:
                b.end_of_extension(p.n_alloc, p.n_time, p.n_minor, p.n_major, p.end_ns,
                                   p.n_truncated, None)
    return b.finish()


def read_profile(source):
    """Parse and assemble with the schema alone (slow; the reference)."""
    from .reader import load_bytes

    data, gz = load_bytes(source)
    return to_profile(parse(data), gzip=gz)
