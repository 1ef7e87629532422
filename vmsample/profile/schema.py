"""The reference definition of the vmsample profile format, in `construct`.

This file *is* the specification (docs/format.md explains it in prose): the
declarations of every record, and nothing else.  The fast reader must agree
with it on every file, and the tests check that.  It needs nothing but
`construct` (and format.py's numbers): ``tools/read_profile.py`` uses it
without numpy or the compiled extension.

    profile_file.parse(data)      -> Container (static_header, header, main, extension)
    profile_file.build(container) -> bytes;  build(parse(b)) == b for every valid file

Its users: records.py (`iter_records`, one record at a time, and `parse`,
the whole file with errors as ProfileFormatError) and schema_reader.py (a
Profile from either).

All integers are little-endian except the header version (big-endian, as
vmprof writes it).  "word" is 8 bytes: only LP64 profiles are supported.
"""

from __future__ import annotations

import functools

from construct import (Array, Bytes, Check, Computed, Const, Construct, Error, FixedSized, Float64l,
                       GreedyBytes, GreedyString, If, IfThenElse, Int8ul, Int16ub, Int16ul, Int32sl, Int32ul,
                       Int64sl, Int64ul, OneOf, Optional, PascalString, Pass, Peek, RepeatUntil, Struct, Switch,
                       Terminated, this)

from . import format as F

Word64 = Int64sl
# format.py's struct codes as construct fields
_FIELD = {"q": Int64sl, "Q": Int64ul, "I": Int32ul, "H": Int16ul, "B": Int8ul, "d": Float64l,
          "8s": Bytes(8)}


def fields(layout):
    """The construct fields of a format.py Layout, in order."""
    return [name / _FIELD[code] for name, code in layout.fields]


def _geometry(ctx) -> F.Geometry:
    # The file's main-section geometry, from its static header and header.
    # When a record is parsed on its own (records.py) they are passed as parse
    # parameters instead, with the META keys read so far.  Every field of a
    # record asks, so it is made once per parse (or whole-file parse) and
    # again only when META keys were added (they only ever are).
    root = ctx._root
    holder = root if "header" in root else ctx._params
    keys = root.get("_meta_keys", ()) if holder is root else holder.meta_keys
    memo = holder.get("_geometry_memo")
    if memo is not None and memo[0] == len(keys):
        return memo[1]
    g = geometry(holder.static_header, holder.header, keys)
    holder["_geometry_memo"] = (len(keys), g)
    return g


def geometry(static, header, meta_keys) -> F.Geometry:
    """The main-section geometry of a file from its parsed static header and
    header, and the META keys before its first sample."""
    g = F.Geometry(static.word_size, static.addr_size, header.version, header.mode, header.interp)
    g.fork = F.fork_semantics(header.version, meta_keys)
    return g


def _word_size(ctx):
    # vmprof's rule: the word size shows where the static header's 3 is.
    # (Building, or a file shorter than 16 bytes, has no probe: the given
    # size, or 8, and the header's Const fields then fail on a short file.)
    p = ctx._probe
    if p is None:
        return ctx.get("word_size") or 8
    return 4 if p[4] == 3 and p[:4] == bytes(4) else 8


# ================================================================ main section (vmprof)

# Static header: five words 0, 3, 0, period_usec, flag (1: Windows 64-bit,
# 4-byte words but 8-byte addresses).  Little-endian only.
_SWord = IfThenElse(this.word_size == 8, Int64sl, Int32sl)
static_header = Struct(
    "_probe" / Peek(Bytes(16)),
    "word_size" / Computed(_word_size),
    "header_count" / Const(0, _SWord),
    "header_size" / Const(3, _SWord),
    "reserved" / Const(0, _SWord),
    "period_usec" / _SWord,
    Check(this.period_usec >= 0),
    "windows64" / OneOf(_SWord, (0, 1)),
    "addr_size" / Computed(lambda ctx: 8 if ctx.word_size == 8 or ctx.windows64 == 1 else 4),
)

# 0x05 | u16 BE version | [u8 mode, version >= 4] | u8 len | interp name
# or the legacy 0x04 | u8 len | interp name (version 0)
header = Struct(
    "marker" / OneOf(Int8ul, (F.MARKER_HEADER, F.MARKER_INTERP_NAME)),
    "version" / IfThenElse(this.marker == F.MARKER_HEADER, Int16ub, Computed(0)),
    Check(lambda ctx: ctx.version in F.SUPPORTED_VERSIONS),
    "mode" / IfThenElse(lambda ctx: ctx.marker == F.MARKER_HEADER and ctx.version >= F.VERSION_MODE_AWARE,
                        Int8ul, Computed(0)),
    "interp" / PascalString(Int8ul, "utf8"),
)

# construct's compiled parsers read byte and string fields without checking
# that the bytes were there; fixed-size fields they check (struct.error).
# The records that make up nearly every byte -- stack traces, sample infos,
# deaths -- have fields of the second kind only, so records.iter_records parses
# them compiled (the same definitions, ~8x faster); the others as defined.


@functools.lru_cache(maxsize=None)
def _main_record(word, addr, fork, stamped, pairs, thread_id, memory, trailer_time, compiled=False):
    """A main-section record of one geometry (see [main_record]), with no
    expression that needs the parse context; [compiled]: its stack traces
    compiled."""
    Word = Int64sl if word == 8 else Int32sl
    Addr = Int64sl if addr == 8 else Int32sl
    # word length | UTF-8 bytes (vmprof's read_string)
    VString = PascalString(Word, "utf8")

    # 0x01 stack trace (and 0x09 allocation stack trace, fork only):
    #   count word = 1 (fork: f64 CLOCK_MONOTONIC seconds) | depth word
    #   | depth x addr entries, leaf first ([line, code id] pairs with PROFILE_LINES,
    #     [kind, pc] pairs in RPython files from version 2)
    #   | addr thread id (version >= 1) | addr memory kB (PROFILE_MEMORY)
    #   | i64 ns timestamp (version 7, not fork)
    stacktrace = Struct(
        "count" / (Float64l if fork else Const(1, Word)),
        "depth" / Word,
        Check((this.depth >= 0) & (this.depth <= F.MAX_STACK_ENTRIES)),
        Check((this.depth & 1) == 0) if pairs else Pass,
        "entries" / Array(this.depth, Addr),
        "thread_id" / If(thread_id, Addr),
        "memory" / If(memory, Addr),
        "timestamp" / If(stamped, Int64sl),
    )
    if compiled:
        stacktrace = stacktrace.compile()

    # 0x02 virtual IP / 0x08 native symbol: addr id | word len | name 'py:<func>:<line>:<file>'
    virtual_ip = Struct(
        "id" / Addr,
        "name" / VString,
    )

    # 0x07 META: word len | key | word len | value
    meta = Struct(
        "key" / VString,
        "value" / VString,
    )

    # 0x06 start time / 0x03 trailer (version >= 5): i64 tv_sec | i64 tv_usec | 8 zone bytes
    timeval = Struct(*fields(F.TIMEVAL))

    # 0x0A object info (fork only): f64 seconds | depth word
    #   | depth addr words: object infos (type id << 2 | large << 1 | survived),
    #     newest first, then the statistics META gc_stats__<i> names
    obj_info = Struct(
        "time" / Float64l,
        "depth" / Word,
        Check((this.depth >= 0) & (this.depth <= F.MAX_STACK_ENTRIES)),
        "words" / Array(this.depth, Addr),
    )

    return Struct(
        "marker" / Int8ul,
        "body" / Switch(this.marker, {
            F.MARKER_STACKTRACE: stacktrace,
            F.MARKER_GC_STACKTRACE: stacktrace if fork else Error,
            F.MARKER_VIRTUAL_IP: virtual_ip,
            F.MARKER_NATIVE_SYMBOLS: virtual_ip,
            F.MARKER_META: meta,
            F.MARKER_TIME_N_ZONE: timeval,
            F.MARKER_OBJ_INFO_STACK: obj_info if fork else Error,
            F.MARKER_TRAILER: If(trailer_time, timeval),
        }, default=Error),
    )


def _key(g: F.Geometry) -> tuple:
    return (g.word, g.addr, bool(g.fork), g.stamped,
            g.lines or g.tagged, g.thread_id, g.memory, g.trailer_time)


def main_record(g: F.Geometry):
    """The main-section record of a file of geometry [g] (the file's word
    and address sizes, version, mode and, for version 7, the fork's meaning)."""
    return _main_record(*_key(g))


def compiled_record(g: F.Geometry):
    """[main_record] with its stack traces compiled: what records.iter_records
    parses with."""
    return _main_record(*_key(g), compiled=True)


class _RecordOfTheFile(Construct):
    """A main-section record of the file being parsed: main_record() of its
    geometry (from the static header and header parsed before it)."""

    def _parse(self, stream, context, path):
        return main_record(_geometry(context))._parsereport(stream, context, path)

    def _build(self, obj, stream, context, path):
        return main_record(_geometry(context))._build(obj, stream, context, path)


record = _RecordOfTheFile()


def _main_done(rec, records, ctx):
    # Ends the main section at the trailer; keeps the META keys before the
    # first sample where _geometry() finds them.
    root = ctx._root
    if rec.marker in F.SAMPLE_MARKERS:
        root["_sampled"] = True
    elif rec.marker == F.MARKER_META and not root.get("_sampled"):
        root.setdefault("_meta_keys", set()).add(rec.body.key)
    if rec.marker == F.MARKER_META and rec.body.key == F.META_VERSION:
        root["_vmsample"] = True
    return rec.marker == F.MARKER_TRAILER

# ================================================================ extension section (vmsample)

# u32 entry count | entries (i64, same encoding as the main section's)
ext_stack = Struct(
    *fields(F.EXT_STACK_HEAD),
    Check(this.count <= F.MAX_STACK_ENTRIES),
    "entries" / Array(this.count, Word64),
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
#       [| stack, when allocations are not the 0x01 stream: the payload
#        (this._.length, ext_record's) is longer than the fields]
ext_alloc_sample = Struct(
    *fields(F.ALLOC_INFO),
    "stack" / If(this._.length > F.ALLOC_INFO.size, ext_stack),
    Terminated,
)

# 0x24: i64 time ns | u64 thread [| stack, when time samples are not the 0x01 stream]
ext_time_sample = Struct(
    *fields(F.TIME_INFO),
    "stack" / If(this._.length > F.TIME_INFO.size, ext_stack),
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

# 0x27: u64 major index | i64 time ns | u32 count | count x u64 seq of the sampled objects found dead
ext_deaths = Struct(
    *fields(F.DEATHS_HEAD),
    "seqs" / Array(this.count, Int64ul),
    Terminated,
)

# 0x28: u64 minor index | i64 time ns | i64 duration ns | i64 major ns
ext_pause = Struct(
    *fields(F.PAUSE),
    Terminated,
)

# 0x2F: u64 alloc samples | u64 time samples | u64 minor | u64 major | i64 end ns | u64 truncated stacks
ext_end = Struct(
    *fields(F.END),
    Terminated,
)

# u8 tag | u32 payload length | payload.  Unknown tags are skipped by length.
def _ext_record(compiled):
    payloads = {
        F.EXT_TYPE_NAME: ext_type_name,
        F.EXT_STAT_NAMES: ext_stat_names,
        F.EXT_ALLOC_SAMPLE: ext_alloc_sample,
        F.EXT_TIME_SAMPLE: ext_time_sample,
        F.EXT_MINOR_GC: ext_minor_gc,
        F.EXT_MAJOR_GC: ext_major_gc,
        F.EXT_DEATHS: ext_deaths,
        F.EXT_PAUSE: ext_pause,
        F.EXT_END: ext_end,
    }
    if compiled:            # (see _main_record)
        for tag in (F.EXT_ALLOC_SAMPLE, F.EXT_TIME_SAMPLE, F.EXT_DEATHS):
            payloads[tag] = payloads[tag].compile()
    return Struct(
        *fields(F.EXT_RECORD_HEAD),
        Check(this.length <= F.EXT_MAX_PAYLOAD),
        "payload" / FixedSized(this.length, Switch(this.tag, payloads, default=GreedyBytes)),
    )


ext_record = _ext_record(False)


@functools.lru_cache(maxsize=None)
def compiled_ext_record():
    """[ext_record] with its sample infos and deaths compiled: what
    records.iter_records parses with."""
    return _ext_record(True)


# "VMSAMPX" + extension version byte (1)
ext_magic = Const(F.EXT_MAGIC)

extension = Struct(
    "magic" / ext_magic,
    "records" / RepeatUntil(lambda rec, lst, ctx: rec.tag == F.EXT_END, ext_record),
)

# ================================================================ the file

def _extension_follows(ctx):
    # format.extension_follows, of the bytes after the trailer.
    return ctx.more is not None and F.extension_follows(ctx.header.version, ctx._root.get("_vmsample", False),
                                                        ctx.more)


profile_file = Struct(
    "static_header" / static_header,
    "header" / header,
    "main" / RepeatUntil(_main_done, record),
    # A stock vmprof file ends at its trailer; ours continue with the extension.
    "more" / Peek(Optional(Bytes(len(F.EXT_MAGIC) - 1))),
    "extension" / If(_extension_follows, extension),
    "symbol_map" / If(lambda ctx: ctx.more is not None and ctx.extension is None, GreedyBytes),
    Terminated,
)
