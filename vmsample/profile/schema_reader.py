"""The schema's reader: a Profile from the records the `construct` schema
decodes -- the reference the fast reader (reader.py) is tested against.

    to_profile(records.parse(data))   -> Profile, from a whole-file container
    read_profile(path, aggregate)     -> the same, decoded one record at a time
                                         (records.iter_records): memory is the
                                         builder's, not a container tree

Both feed the same ProfileBuilder (_assemble.py) the fast reader feeds, with
the same calls, so the two readers differ only in how they decode bytes.
"""

from __future__ import annotations

import struct

import numpy as np

from . import format as F
from ._assemble import MainSectionCursor, ProfileBuilder, fork_time_ns
from .fate import Irregular
from .records import iter_records
from .source import mapped


def _raw(entries) -> bytes:
    return struct.pack(f"<{len(entries)}q", *entries)


def _feed_header(b, static, header) -> None:
    b.header(F.Geometry(static.word_size, static.addr_size, header.version, header.mode, header.interp),
             static.period_usec)


def _feed_main(b, rec, fork) -> None:
    """One main-section record into the builder [b]."""
    m, body = rec.marker, rec.body
    if m in (F.MARKER_STACKTRACE, F.MARKER_GC_STACKTRACE):
        t = fork_time_ns(body.count, None) if fork else body.timestamp
        b.stack(m, _raw(body.entries), body.thread_id or 0, t, body.memory)
    elif m in (F.MARKER_VIRTUAL_IP, F.MARKER_NATIVE_SYMBOLS):
        b.code(body.id, body.name)
    elif m == F.MARKER_META:
        b.add_meta(body.key, body.value, None)
    elif m == F.MARKER_TIME_N_ZONE:
        b.start_time(body.sec, body.usec)
    elif m == F.MARKER_OBJ_INFO_STACK:
        b.obj_info(fork_time_ns(body.time, None), tuple(body.words), None)
    elif m == F.MARKER_TRAILER:
        if body is None:                    # before version 5: no end time
            b.trailer(None, None)
        else:
            b.trailer(body.sec, body.usec)


def _feed_extension(b, rec) -> None:
    """One extension record into the builder [b]."""
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
    elif tag == F.EXT_DEATHS:
        b.deaths(p.major, p.time_ns, p.seqs)
    elif tag == F.EXT_PAUSE:
        b.pause(p.minor_index, p.time_ns, p.duration_ns, p.major_ns)
    elif tag == F.EXT_TYPE_NAME:
        b.type_name(p.type_id, p.name)
    elif tag == F.EXT_STAT_NAMES:
        b.stats(list(p.names))
    elif tag == F.EXT_END:
        b.end_of_extension(p.n_alloc, p.n_time, p.n_minor, p.n_major, p.end_ns, p.n_truncated, None)


def _keys_before_first_sample(records):
    """The META keys before the first sample record: what version 7 means
    depends on them (format.fork_semantics)."""
    keys = set()
    for rec in records:
        if rec.marker in F.SAMPLE_MARKERS:
            break
        if rec.marker == F.MARKER_META:
            keys.add(rec.body.key)
    return keys


def to_profile(parsed, gzip: bool = False):
    """The Profile a whole-file container (records.parse) describes."""
    b = ProfileBuilder(gzip=gzip)
    _feed_header(b, parsed.static_header, parsed.header)
    fork = F.fork_semantics(parsed.header.version, _keys_before_first_sample(parsed.main))
    for rec in parsed.main:
        _feed_main(b, rec, fork)
    if parsed.symbol_map is not None:
        b.memory_map(parsed.symbol_map)
    if parsed.extension is not None:
        b.extension_begins()
        for rec in parsed.extension.records:
            _feed_extension(b, rec)
    return b.finish()


def read_records(records, gzip: bool = False, aggregate: bool = False, again=None):
    """The Profile of the records iter_records decodes, taken one at a
    time.  With [aggregate], the samples are summed as they come (totals.py);
    a file the accumulator does not follow raises fate.Irregular.
    [again]() gives the records once more, from the start, for summing a
    vmsample file without holding a stack id per sample (SchemaCursor)."""
    b = ProfileBuilder(gzip=gzip, aggregate=aggregate)
    static = header = None
    meta_keys: set = set()
    fork = None                                 # decided at the first sample record
    for r in records:
        rec = r.container
        if r.kind == "static_header":
            static = rec
        elif r.kind == "header":
            header = rec
            _feed_header(b, static, header)
        elif r.kind == "symbol_map":            # a legacy file's memory map: not records
            continue
        elif r.kind == "extension":
            b.extension_begins()
        elif r.kind.startswith("ext:"):
            _feed_extension(b, rec)
            b.drain()
        else:
            if fork is None and rec.marker in F.SAMPLE_MARKERS:
                fork = F.fork_semantics(header.version, meta_keys)
                if again is not None and b.wants_second_pass(fork):
                    b.pair_again(SchemaCursor(again(), b.intern))
            elif fork is None and rec.marker == F.MARKER_META:
                meta_keys.add(rec.body.key)
            _feed_main(b, rec, fork)
    return b.finish()


class SchemaCursor(MainSectionCursor):
    """The main section's stack records read a second time by the schema,
    beside the extension.  The first pass interned every stack; this one
    looks each up again ([intern]) as info records pair with it."""

    def __init__(self, records, intern):
        super().__init__()
        self.records = records          # a second iter_records, with its own position
        self.intern = intern

    def next_ids(self, n):
        ids = np.empty(n, np.int32)
        for i in range(n):
            rec = next(r for r in self.records if r.kind == "stacktrace").container
            ids[i] = self.intern(_raw(rec.body.entries))
        return ids


def read_profile(source, aggregate: bool = False):
    """Decode [source] with the schema alone, one record at a time (slow;
    the reference).  [aggregate]: as for vmsample.read_profile."""
    with mapped(source) as (data, gz):
        try:
            return read_records(iter_records(data), gz, aggregate, lambda: iter_records(data, own_position=True))
        except Irregular:
            return read_records(iter_records(data), gz).aggregated()
