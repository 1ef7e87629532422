"""Turning a stream of decoded records into a `Profile`.

Both readers -- the fast one (reader.py) and the schema's
(schema_reader.py) -- decode bytes into the same calls on a [ProfileBuilder],
which owns every rule that is about meaning rather than bytes: pairing stack
records with their extension info, resolving outcomes by sequence number,
interning stacks and frames, checking the END counts.  Differential tests
compare the two readers through it.  What a decoder may call is listed in
ProfileBuilder's docstring; nothing else of this module is theirs, but for
the [MainSectionCursor] interface a second pass implements.

Pairing (docs/format.md): the k-th main-section stack record of a stream
belongs to the k-th extension info record of that stream that carries no
stack of its own.  In the vmprof layout, 0x01 records are the allocation
stream when META ``sample_kind`` is "alloc", else the time stream; in the
pypy layout 0x09 records are allocations and 0x01 records time samples.
"""

from __future__ import annotations

import itertools
import json
import math
from array import array
from datetime import datetime

import numpy as np

from . import fate, merge, weights
from . import format as F
from .columns import NONE, by_first_use, distinct, group
from .errors import ProfileFormatError
from .fate import FateStream, Irregular, Outcome
from .model import (AggregatedSamples, AllocationSamples, Code, Frame, MajorEvent, Metadata, MinorCollection, Pause,
                    Profile, TimeSamples)
from .totals import SampleTotals, TotalsAccumulator, has_lifetimes


def _state_name(state: int) -> str:
    return F.GC_STATES[state] if 0 <= state < len(F.GC_STATES) else f"STATE_{state}"


def fork_time_ns(seconds: float, offset) -> int:
    """The pypy layout's f64 CLOCK_MONOTONIC seconds as integer nanoseconds."""
    if not math.isfinite(seconds) or abs(seconds) > 9e9:
        raise ProfileFormatError(f"bad sample time {seconds!r}", offset, "stacktrace")
    return round(seconds * 1e9)


def _wall(sec: int, usec: int) -> datetime | None:
    try:
        return datetime.fromtimestamp(sec + usec / 1e6)
    except (OverflowError, OSError, ValueError):
        return None


class _PureStackTable:
    """_scan.StackTable for a checkout that is not built (tools/read_profile.py
    reads profiles with the schema alone): the same interning, in a dict."""

    def __init__(self):
        self.ids: dict[bytes, int] = {}

    def __len__(self):
        return len(self.ids)

    def intern(self, key: bytes) -> int:
        return self.ids.setdefault(key, len(self.ids))

    def keys(self, start=0, stop=None) -> list[bytes]:
        return list(itertools.islice(self.ids, start, stop))

    def lengths_of(self) -> list[int]:
        return [len(k) for k in self.ids]


try:
    from ._scan import StackTable
except ImportError:
    StackTable = _PureStackTable


class MainSectionCursor:
    """A second pass over a vmsample file's 0x01 stack records, for summing
    while reading (ProfileBuilder.pair_again): the first pass interns every
    stack and lets go of the ids; as the extension's infos pair with the
    records, [take] gives their ids again, decoded by [next_ids] -- the fast
    reader's (reader.ScanCursor) or the schema's (schema_reader.SchemaCursor)."""

    def __init__(self):
        self.taken = 0

    def take(self, start, n) -> np.ndarray:
        """The ids of records [start, start + n); [start] is where the last
        call ended (the builder pairs in file order)."""
        if start != self.taken:
            raise Irregular("main-section records asked for out of order")
        ids = self.next_ids(n)
        self.taken += n
        return ids

    def next_ids(self, n) -> np.ndarray:
        """The int32 stack ids of the next [n] records."""
        raise NotImplementedError


class StackRecords:
    """One stream's main-section stack records, as columns: stack id, thread
    id, time (NONE if the record has none) and memory (NONE likewise).
    The fast reader's scanner (_scan.pyx) appends to them directly
    ([columns], then [appended]).

    In a vmsample file (META vmsample_version before the first sample) the
    extension's sample infos carry the thread and time of every sample and
    the records pair with them by order: [stacks_only] keeps only the stack
    ids, which saves 24 bytes a sample.

    Summing while reading (aggregate=True) keeps not even those: the reader
    lets go of the ids as it decodes them ([let_go]; the records are
    [counted]), and [again], a MainSectionCursor, decodes them again when
    the extension's infos pair with them."""

    def __init__(self):
        # Stack ids are int32: a file has far fewer than 2**31 distinct stacks.
        self.stack, self.thread, self.time, self.memory = array("i"), array("q"), array("q"), array("q")
        self.stacks_only = False
        self.counted = 0                # records whose ids were let go of
        self.again = None

    def append(self, stack, thread_id, time_ns, memory):
        if self.again is not None:
            self.counted += 1
            return
        self.stack.append(stack)
        if not self.stacks_only:
            self.thread.append(thread_id)
            self.time.append(NONE if time_ns is None else time_ns)
            self.memory.append(NONE if memory is None else memory)

    def columns(self) -> tuple:
        """The columns a compiled decoder appends to: stack id, thread, time,
        memory (None: not kept)."""
        if self.stacks_only:
            return self.stack, None, None, None
        return self.stack, self.thread, self.time, self.memory

    def appended(self):
        """A compiled decoder appended a run to [columns]: with a second
        pass, its ids are let go of."""
        if self.again is not None:
            self.let_go()

    def let_go(self):
        """Forget the ids decoded so far ([again] gives them back)."""
        self.counted += len(self.stack)
        del self.stack[:]

    def ids(self, start, n) -> np.ndarray:
        """The stack ids of records [start, start + n), asked in order."""
        if self.again is not None:
            return self.again.take(start, n)
        return np.frombuffer(self.stack, np.int32, count=n, offset=4 * start)

    def __len__(self):
        return self.counted + len(self.stack)


# The sample infos as columns, (name, array typecode): the fields of
# format.ALLOC_INFO / TIME_INFO in their order (the type id signed: -1 is
# "unknown" in the fork's files), then the stack id (-1: the next
# main-section record's).  The compiled scanner (_scan.scan_infos) appends
# in this order, which it checks against format.py at import.
_SIGNED = {"I": "q"}
ALLOC_COLUMNS = tuple((name, _SIGNED.get(code, code)) for name, code in F.ALLOC_INFO.fields) + (("stack", "q"),)
TIME_COLUMNS = tuple((name, _SIGNED.get(code, code)) for name, code in F.TIME_INFO.fields) + (("stack", "q"),)


def _alloc_columns():
    return [array(code) for _, code in ALLOC_COLUMNS]


def _time_columns():
    return [array(code) for _, code in TIME_COLUMNS]


def _type_names(types, type_id) -> dict[int, str]:
    """The name of each type id in the column [type_id]."""
    return {tid: types.get(tid) or (f"<type {tid}>" if tid >= 0 else "<type unknown>")
            for tid in distinct(type_id)[0].tolist()}


# Stacks made into frames at a time (_frames).
STACKS_PER_CHUNK = 8192

# The outcome bytes without OUTCOME_SURVIVED: deleting them from a minor
# collection's outcomes leaves its survivors.
_WITHOUT_SURVIVED = bytes(b for b in range(256) if not b & F.OUTCOME_SURVIVED)

# In aggregate mode the extension's sample infos are handed to the
# accumulator in runs of at least this many (or at the end).
DRAIN_EVERY = 1 << 16


class ProfileBuilder:
    """Receives decoded records in file order; [finish] returns the Profile.

    With [aggregate] (read_profile(..., aggregate=True)) the samples of a
    vmsample file are summed as they arrive (totals.TotalsAccumulator, a
    user of fate.FateStream; with [merged], merge.MergedFates too) and their
    columns emptied: the Profile has no sample columns, only
    [Profile.totals].  A file the accumulator cannot follow raises
    fate.Irregular, and the reader reads it again without [aggregate].

    Its interface to the decoders, the whole of it:

    * one call per record, in file order: [header], [start_time],
      [add_meta], [code], [stack], [obj_info], [trailer]; then
      [extension_begins] (or [memory_map], a legacy file's tail), and
      [type_name], [stats], [alloc_info], [time_info], [minor], [major],
      [deaths], [pause], [end_of_extension]; [drain] between extension records;
    * what it knows so far: [geometry], [lines], [meta] (the META pairs),
      [codes], [stack_count], [intern] (a stack's id);
    * for compiled decoding: [stacks] (the interning table), the columns of
      [stack_records] and [info_columns] to append to;
    * a second pass: [wants_second_pass], then [pair_again] with a
      MainSectionCursor;
    * [finish]."""

    def __init__(self, gzip: bool = False, aggregate: bool = False, merged: bool = False):
        self.gzip = gzip
        self.aggregate = aggregate
        self.merged = merged            # also merge the samples (merge.py); needs [aggregate]
        self._major_times_of = (0, np.zeros(0, np.int64))
        self.accumulator: TotalsAccumulator | None = None
        self.fates: FateStream | None = None    # the samples' fates, for the accumulator (and the merger)
        self.meta_now: Metadata | None = None   # the metadata when the accumulator began (aggregate mode)
        self.taken = {"alloc": 0, "time": 0}    # main-section stack records paired so far
        # Minor collections' outcomes (first seq, bytes, time) and DEATHS
        # (None, seqs, (major, time)) since the last drain, in file order,
        # each after the number of allocation infos before it: (infos, first
        # seq or None, payload, when).
        self.events: list = []
        self.mergers = None             # merge.SampleMerger for allocations and for time, when [merged]
        self.geometry: F.Geometry | None = None
        self.version = 0
        self.mode = 0
        self.interp = ""
        self.period_word = 0
        self.lines = False
        self.symbol_map = b""           # legacy files: the memory map after the trailer
        self.obj_infos: list = []       # fork 0x0A records: (time ns, words, offset)
        self.start = None
        self.end = None
        self.meta: dict[str, str] = {}
        self.codes: dict[int, str] = {}
        # Stacks are interned by their raw entries: the little-endian i64 words
        # exactly as stored, so the fast reader never unpacks a repeated stack.
        self.stacks = StackTable()
        self.main = {F.MARKER_STACKTRACE: StackRecords(), F.MARKER_GC_STACKTRACE: StackRecords()}
        self.has_extension = False
        self.types: dict[int, str] = {}
        self.stat_names: tuple[str, ...] | None = None
        self.alloc_infos = _alloc_columns()
        self.time_infos = _time_columns()
        self.minors: list = []
        self.majors: list = []
        self.pauses: list = []
        self.deaths_seq, self.deaths_major, self.deaths_time = array("Q"), array("q"), array("q")
        self.end_record = None

    # ---------------------------------------------------------- main section
    def header(self, geometry, period_word):
        g = self.geometry = geometry
        self.version, self.mode, self.interp, self.period_word = g.version, g.mode, g.interp, period_word
        self.lines = g.lines

    def start_time(self, sec, usec):
        self.start = (sec, usec)

    def add_meta(self, key, value, offset):
        if key in self.meta:
            raise ProfileFormatError(f"duplicated META key {key!r}", offset, "meta")
        self.meta[key] = value

    def code(self, code_id, name):
        # vmprof keeps the lexicographically last name of a duplicated id.
        old = self.codes.get(code_id)
        if old is None or name > old:
            self.codes[code_id] = name

    def intern(self, entries: bytes) -> int:
        """The id of the stack of raw [entries] (little-endian i64 words)."""
        return self.stacks.intern(entries)

    def stack_records(self, marker) -> StackRecords:
        """The records of [marker] for a decoder that appends to their
        [StackRecords.columns] itself; asked at the first sample record,
        when the META keys before it say whether the file is vmsample's."""
        records = self.main[marker]
        records.stacks_only = F.META_VERSION in self.meta
        return records

    def stack_count(self, marker) -> int:
        """The number of [marker] records so far."""
        return len(self.main[marker])

    def wants_second_pass(self, fork) -> bool:
        """Whether summing while reading should read the 0x01 records a
        second time (pair_again): a vmsample file, in the vmprof meaning of
        version 7 if that is its version ([fork] false)."""
        return self.aggregate and not fork and F.META_VERSION in self.meta

    def pair_again(self, cursor: MainSectionCursor):
        """Let go of the 0x01 records' stack ids as they are decoded;
        [cursor] gives them again as the extension's infos pair with them."""
        self.main[F.MARKER_STACKTRACE].again = cursor

    def stack(self, marker, entries, thread_id, time_ns, memory=None):
        """A 0x01 / 0x09 record ([entries]: raw little-endian i64 bytes);
        [time_ns] is None when the record has no time, [memory] None unless
        the file profiles memory (kB per sample)."""
        self.main[marker].append(self.intern(entries), thread_id, time_ns, memory)

    def obj_info(self, time_ns, words, offset):
        # A fork 0x0A record.  In a vmsample file it repeats what the
        # extension's MINOR_GC records say (those are authoritative); in a
        # file without the extension it is the only source of the samples'
        # types and outcomes (see _fork_allocations).
        self.obj_infos.append((time_ns, words, offset))

    def trailer(self, sec, usec):
        self.end = (sec, usec) if sec is not None else None

    def memory_map(self, data):
        """A legacy file's tail after the trailer: vmprof's copy of the
        process's memory map, text, not records."""
        self.symbol_map = data

    def extension_begins(self):
        self.has_extension = True

    # ---------------------------------------------------------- extension
    def type_name(self, type_id, name):
        self.types[type_id] = name

    def stats(self, names):
        self.stat_names = tuple(names)

    # Sample infos go into columns (ALLOC_COLUMNS, TIME_COLUMNS); the fast
    # reader's scanner appends the ones without a stack of their own directly.
    def info_columns(self) -> tuple[list, list]:
        """The allocation and the time infos' columns, for a compiled decoder
        to append to (in ALLOC_COLUMNS / TIME_COLUMNS order)."""
        return self.alloc_infos, self.time_infos

    def alloc_info(self, seq, time_ns, thread_id, size, type_id, flags, entries):
        stack = -1 if entries is None else self.intern(entries)
        for column, value in zip(self.alloc_infos, (seq, time_ns, thread_id, size, type_id, flags, stack)):
            column.append(value)

    def time_info(self, time_ns, thread_id, entries):
        stack = -1 if entries is None else self.intern(entries)
        for column, value in zip(self.time_infos, (time_ns, thread_id, stack)):
            column.append(value)

    def minor(self, index, time_ns, duration_ns, stats, first_seq, outcomes):
        outcomes = bytes(outcomes)
        # Summing while reading keeps the outcome counts, not the bits: they
        # go to the accumulator (totals.py) with the samples they resolve.
        self._add_minor(index, time_ns, duration_ns, tuple(stats), first_seq, outcomes, keep=not self.aggregate)
        if self.aggregate and outcomes:
            self.events.append((len(self.alloc_infos[0]), first_seq, outcomes, time_ns))

    def _add_minor(self, index, time_ns, duration_ns, stats, first_seq, outcomes, keep=True):
        survived = len(outcomes.translate(None, _WITHOUT_SURVIVED))
        self.minors.append((index, time_ns, duration_ns, stats, first_seq, outcomes if keep else b"",
                            len(outcomes), survived))

    def major(self, index, state, time_ns, total_memory_used, total_size_of_arenas):
        self.majors.append(MajorEvent(index, _state_name(state), time_ns, total_memory_used,
                                      total_size_of_arenas))

    def pause(self, minor_index, time_ns, duration_ns, major_ns):
        self.pauses.append(Pause(minor_index, time_ns, duration_ns, major_ns))

    def deaths(self, major, time_ns, seqs):
        if self.aggregate:
            self.events.append((len(self.alloc_infos[0]), None, seqs, (major, time_ns)))
            return
        self.deaths_seq.extend(seqs)
        self.deaths_major.extend([min(major, 2**63 - 1)] * len(seqs))
        self.deaths_time.extend([time_ns] * len(seqs))

    def end_of_extension(self, n_alloc, n_time, n_minor, n_major, end_ns, n_truncated, offset):
        acc = self.accumulator
        got = (len(self.alloc_infos[0]) + (acc.alloc_count if acc else 0),
               len(self.time_infos[0]) + (acc.time_count if acc else 0), len(self.minors), len(self.majors))
        if got != (n_alloc, n_time, n_minor, n_major):
            raise ProfileFormatError(
                f"END record counts (alloc, time, minor, major) {(n_alloc, n_time, n_minor, n_major)} "
                f"disagree with the records {got}", offset, "ext:end")
        self.end_record = (end_ns, n_truncated)

    # ---------------------------------------------------------- aggregate mode
    def drain(self, force: bool = False) -> None:
        """In aggregate mode, hand the sample infos decoded so far to the
        accumulator (when there are DRAIN_EVERY, or [force]), then the
        outcomes and deaths that came with them, and empty their columns.

        The infos go first: the outcomes and deaths name samples written
        before them, which the accumulator must have; and the outcomes of
        consecutive minor collections go in one call, as one range of seqs.

        An allocation that crossed several sample points has several records
        in a row, and each weighs 1/c of it (weights.py): the records from
        the last one that starts an allocation on wait for the next drain
        (with the events after them), as its next record may continue it."""
        if not self.aggregate or (not force and len(self.alloc_infos[0]) + len(self.time_infos[0]) < DRAIN_EVERY
                                  and len(self.events) < DRAIN_EVERY // 64):
            return
        try:
            if self.accumulator is None:
                self.meta_now = self._metadata()
                lifetimes = has_lifetimes(self.meta_now)
                self.mergers = self._mergers(self.meta_now)
                self.accumulator = TotalsAccumulator()
                users = [self.accumulator]
                if self.mergers:
                    users.append(merge.MergedFates(self.mergers[0], lifetimes))
                self.fates = FateStream(lifetimes, users, every_death=self.mergers is not None)
            alloc_main, time_main = self._streams(self.meta_now)
            done = self._drain_allocations(alloc_main, force)
            if len(self.time_infos[0]):
                time, thread, own = (np.asarray(c) for c in self.time_infos)
                stack = self._paired_stacks(own, time_main, "time", whole=False)
                if self.mergers:
                    n, first = len(time), self.accumulator.time_count
                    self.mergers[1].add({"seq": np.arange(first, first + n, dtype=np.uint64), "time_ns": time,
                                         "memory_kb": np.full(n, NONE, np.int64), "thread_id": thread,
                                         "stack": stack,
                                         "weight": np.full(n, self.meta_now.time_period_ns or 0, np.int64)})
                self.accumulator.times(time, thread, stack)
                self.time_infos = _time_columns()
        except ProfileFormatError as e:
            # Where the model raises this (at the end), with what precedes it,
            # is the reader's to say: it reads the file again.
            raise Irregular(str(e)) from None
        events = [e for e in self.events if e[0] <= done]
        self.events = [(at - done, *rest) for at, *rest in self.events if at > done]
        outcomes = []
        for _, first_seq, payload, when in events + [(0, None, None, None)]:
            if first_seq is not None:
                if first_seq + len(payload) > 2**64:
                    raise Irregular("outcomes past 2**64")
                outcomes.append((first_seq, payload, when))
                continue
            if outcomes:
                keys = np.concatenate([np.arange(f, f + len(o), dtype=np.uint64) for f, o, _ in outcomes])
                times = np.repeat(np.array([t for _, _, t in outcomes], np.int64), [len(o) for _, o, _ in outcomes])
                self.fates.outcomes(keys, np.frombuffer(b"".join(o for _, o, _ in outcomes), np.uint8), times)
                outcomes = []
            if payload is not None:
                self.fates.deaths(payload, *when)

    def _mergers(self, meta):
        if not self.merged:
            return None
        if meta.start_ns is None:
            raise Irregular("no start time to count slices from")
        return (merge.allocation_merger(meta.start_ns, self._major_times),
                merge.time_merger(meta.start_ns, meta.time_period_ns))

    def _major_times(self) -> np.ndarray:
        """The times of the major-collection events read so far, sorted."""
        if self._major_times_of[0] != len(self.majors):
            self._major_times_of = (len(self.majors), np.sort(np.array([e.time_ns for e in self.majors],
                                                                         np.int64)))
        return self._major_times_of[1]

    def _drain_allocations(self, alloc_main, force) -> int:
        """Hand over the allocation infos but (unless [force]) the last
        allocation's; returns how many."""
        n = len(self.alloc_infos[0])
        if not n:
            return 0
        columns = [np.asarray(c) for c in self.alloc_infos]
        flags = columns[5]
        done = n
        if not force:
            starts = np.flatnonzero((flags & F.ALLOC_FLAG_CONTINUED) == 0)
            done = int(starts[-1]) if len(starts) else 0
            if not done:
                return 0
        if self.accumulator.alloc_count and flags[0] & F.ALLOC_FLAG_CONTINUED:
            raise Irregular("an allocation's records split by a minor collection")
        seq, time, thread, size, type_id, flags, own = (c[:done] for c in columns)
        stack = self._paired_stacks(own, alloc_main, "alloc", whole=False)
        nbytes, objects = self._weights(self.meta_now, size, flags)
        large = (flags & F.ALLOC_FLAG_LARGE) != 0
        bins = self.accumulator.allocations(time, thread, type_id, large, stack, nbytes, objects)
        self.fates.allocations(seq, {"bin": bins, "bytes": nbytes, "objects": objects, "time_ns": time,
                                     "thread_id": thread, "type_id": type_id, "size": size, "large": large,
                                     "stack": stack})
        rest = _alloc_columns()
        for kept, c in zip(rest, columns):
            kept.frombytes(c[done:].tobytes())
        self.alloc_infos = rest
        return done

    # ---------------------------------------------------------- result
    def _metadata(self) -> Metadata:
        m = self.meta

        def num(key):
            value = m.get(key)
            try:
                return int(value) if value is not None else None
            except ValueError:
                raise ProfileFormatError(f"META {key!r} is not an integer: {value!r}", None, "meta") from None

        layout = m.get(F.META_LAYOUT, "foreign")
        kind = m.get(F.META_SAMPLE_KIND)
        if kind is None:        # a foreign file: its primary stream is whichever it has
            only_gc = self.main[F.MARKER_GC_STACKTRACE] and not self.main[F.MARKER_STACKTRACE]
            kind = F.KIND_ALLOC if only_gc else F.KIND_TIME
        if kind not in (F.KIND_ALLOC, F.KIND_TIME):
            raise ProfileFormatError(f"META sample_kind must be 'alloc' or 'time', not {kind!r}", None, "meta")
        sampling = m.get(F.META_SAMPLING)
        time_period = num(F.META_TIME_PERIOD)
        if time_period is None and self.period_word > 0:
            time_period = self.period_word * 1000
        argv = None
        if F.META_ARGV in m:
            try:
                argv = tuple(str(a) for a in json.loads(m[F.META_ARGV]))
            except (ValueError, TypeError):
                argv = tuple(m[F.META_ARGV].split())
        bits = m.get("bits")
        return Metadata(
            format_version=self.version,
            layout=layout,
            interp=self.interp,
            mode=self.mode,
            lines=self.lines,
            sample_kind=kind,
            alloc_sampling=None if sampling in (None, "off") else sampling,
            alloc_period=num(F.META_ALLOC_PERIOD),
            time_period_ns=time_period,
            real_time=bool(self.mode & F.PROFILE_REAL_TIME),
            start_time=_wall(*self.start) if self.start else None,
            end_time=_wall(*self.end) if self.end else None,
            start_ns=num(F.META_START_NS),
            end_ns=self.end_record[0] if self.end_record else None,
            program=m.get(F.META_PROGRAM),
            argv=argv,
            vmsample_version=m.get(F.META_VERSION),
            os=m.get("os"),
            bits=int(bits) if bits is not None and bits.isdigit() else None,
            gzip=self.gzip,
            recovered=F.META_RECOVERED in m,
            raw=dict(m),
            truncated_stacks=self.end_record[1] if self.end_record else 0,
        )

    def _frames(self, lines):
        """codes, frames and stacks (frame-index tuples) from the interned entries.

        An entry is a code id named by a 0x02 record, or (odd ids, RPython
        kinds other than code) a machine address, named by a 0x08 native
        symbol record where the file has one and shown as an address where
        it has not: every entry of every sample stays a frame."""
        codes: dict[int, Code] = {cid: Code.from_name(cid, name) for cid, name in self.codes.items()}
        tagged = self.geometry is not None and self.geometry.tagged

        def code(cid, kind=F.KIND_CODE):
            c = codes.get(cid)
            if c is None:
                if kind == F.KIND_CODE and (cid <= 0 or cid & 1 == 0):
                    label = f"<unknown code {cid:#x}>"
                elif kind in (F.KIND_CODE, F.KIND_NATIVE):
                    label = f"<native {cid:#x}>"
                else:
                    label = f"<{F.RPYTHON_KINDS.get(kind, f'kind {kind}')} {cid:#x}>"
                c = codes[cid] = Code(cid, "", "", label, 0, "")
            return c

        # Entries are decoded as columns (code id, line or none, kind or none)
        # and made into frames once per distinct entry, in the order the
        # stacks first use them.  A chunk of stacks at a time, so that what
        # decoding them takes beside the result stays bounded however many
        # distinct stacks there are (deep recursion makes ~10^5).
        per = 2 if tagged or lines else 1       # (kind, pc) or (line, code) pairs
        frame_ids: dict[tuple[int, int], int] = {}
        frames: list[Frame] = []
        stacks: list[tuple[int, ...]] = []
        for first in range(0, len(self.stacks), STACKS_PER_CHUNK):
            raws = self.stacks.keys(first, first + STACKS_PER_CHUNK)       # in stack id order
            words = np.frombuffer(b"".join(raws), np.int64)
            values, which = group(*((words[1::2], words[0::2]) if per == 2 else (words,)))
            values = [v.tolist() for v in values]
            frame_of_entry = np.empty(len(values[0]), np.int64)
            for g in by_first_use(which).tolist():
                cid = values[0][g]
                c = code(cid, values[1][g] if tagged else F.KIND_CODE)
                key = (cid, abs(values[1][g]) if lines and not tagged else c.first_line)
                fid = frame_ids.get(key)
                if fid is None:
                    fid = frame_ids[key] = len(frames)
                    frames.append(Frame(c, key[1]))
                frame_of_entry[g] = fid
            fids = frame_of_entry[which].tolist()
            at = 0
            for raw in raws:
                n = len(raw) // (8 * per)
                stacks.append(tuple(fids[at:at + n]))
                at += n
        return codes, frames, stacks

    @staticmethod
    def _unpaired(what, more_infos):
        """The error for a stream whose info and main-section records do not pair up."""
        if more_infos:
            msg = f"more {what} info records than {what} stack records in the main section"
        else:
            msg = f"more {what} stack records in the main section than {what} info records"
        return ProfileFormatError(msg, None, f"ext:{what}_sample")

    def _paired_stacks(self, own, main, what, whole=True):
        """Each info's stack id: its own, or (own = -1) the next main-section
        record's after the ones taken already.  [whole]: these are all the
        infos of the stream, which take every record."""
        stack = np.array(own, np.int64)
        paired = stack < 0
        start, n = self.taken[what], int(paired.sum())
        if start + n > len(main) or (whole and start + n < len(main)):
            raise self._unpaired(what, start + n > len(main))
        stack[paired] = main.ids(start, n)
        self.taken[what] = start + n
        return stack

    def _fork_allocations(self, gc_stacks):
        """A file without the extension, written by the paper's fork: its
        allocation samples are the 0x09 records, and the 0x0A records give
        their types and outcomes -- one object-info word per sample, in
        sample order over all records (newest first within one), followed by
        the statistics META gc_stats__<i> names.  Each 0x0A record is one
        minor collection.  Samples beyond the last word keep outcome
        "unknown" and type "unknown"; words beyond the last sample are an
        error (there is no sample to give them to)."""
        names = []
        while f"{F.META_STAT_PREFIX}{len(names)}" in self.meta:
            names.append(self.meta[f"{F.META_STAT_PREFIX}{len(names)}"])
        self.stat_names = tuple(names)
        words = []
        for index, (time_ns, record, offset) in enumerate(self.obj_infos):
            if len(record) < len(names):
                raise ProfileFormatError(f"object-info record of {len(record)} words lacks its "
                                         f"{len(names)} statistics", offset, "obj_info")
            objects = record[:len(record) - len(names)][::-1]      # oldest first
            stats = record[len(record) - len(names):]
            self._add_minor(index, time_ns, 0, stats, len(words), bytes(w & 3 for w in objects))
            words.extend(objects)
            if len(words) > len(gc_stacks):
                raise ProfileFormatError(f"{len(words)} object-info words but only {len(gc_stacks)} "
                                         "allocation samples", offset, "obj_info")
        n = len(gc_stacks)
        seq, time, _, size, type_id, flags, stack = self.alloc_infos = _alloc_columns()
        self.alloc_infos[2] = array("q", gc_stacks.thread)    # the main section's signed thread ids
        seq.extend(range(n))
        time.extend(gc_stacks.time)
        size.frombytes(bytes(8 * n))
        type_id.extend([w >> 2 for w in words] + [-1] * (n - len(words)))
        flags.extend([F.ALLOC_FLAG_LARGE if w & 2 else 0 for w in words] + [0] * (n - len(words)))
        stack.frombytes(np.asarray(gc_stacks.stack, np.int64).tobytes())

    def _weights(self, meta, size, flags):
        """(bytes, objects) each record stands for (weights.py), computed
        once per distinct (size, crossings)."""
        period = meta.alloc_period or 0
        per_allocation = meta.alloc_sampling == "random" and meta.raw.get(F.META_ALLOC_WEIGHTS) == "allocation"
        # The records of allocations that crossed several sample points: a
        # continued record and the one before it (weights.crossings_of).
        rows = np.zeros(0, np.intp)
        if per_allocation:
            continued = (flags & F.ALLOC_FLAG_CONTINUED) != 0
            rows = np.flatnonzero(continued | np.r_[continued[1:], False])
        # Every record as if its allocation crossed one point, then the few others.
        sizes, which = distinct(size)
        nbytes, objects = self._weight_table(per_allocation, period, sizes.tolist(), [1] * len(sizes),
                                             used=lambda: np.unique(np.delete(which, rows)))
        nbytes, objects = nbytes[which], objects[which]
        if len(rows):
            crossings = weights.crossings_of(flags[rows])
            (sizes, counts), which = group(size[rows], crossings)
            b, o = self._weight_table(per_allocation, period, sizes.tolist(), counts.tolist())
            nbytes[rows], objects[rows] = b[which], o[which]
        return nbytes, objects

    @staticmethod
    def _weight_table(per_allocation, period, sizes, crossings, used=None):
        """(bytes, objects) arrays: those of records of [sizes] whose
        allocations have [crossings] records (weights.py).  [used]: which
        entries some record has (asked only when one is too big: the others
        are no error)."""
        table = [weights.record_weights(per_allocation, period, k, c) for k, c in zip(sizes, crossings)]
        too_big = [i for i, (nbytes, _) in enumerate(table) if nbytes >= 2**63]
        if too_big:
            bad = np.intersect1d(too_big, used()) if used else too_big
            if len(bad):
                raise ProfileFormatError(f"an allocation sample of {sizes[int(bad[0])]} bytes stands for more "
                                         f"than 2**63 bytes", None, "ext:alloc_sample")
            table = [(0, o) if nbytes >= 2**63 else (nbytes, o) for nbytes, o in table]
        return np.array([b for b, _ in table], np.int64), np.array([o for _, o in table], np.float64)

    def _allocations(self, meta, types, alloc_main) -> AllocationSamples:
        seq, time, thread, size, type_id, flags, own = (np.asarray(c) for c in self.alloc_infos)
        if not len(seq):
            if len(alloc_main):
                raise self._unpaired("alloc", False)
            return AllocationSamples.empty()
        stack = self._paired_stacks(own, alloc_main, "alloc")
        s0 = fate.numbered_in_a_row(seq)
        outcome, minor_time = fate.resolve_outcomes(
            [(first, outs, t) for _, t, _, _, first, outs, _, _ in self.minors if outs], seq, s0)
        died_major, death_ns = fate.resolve_deaths(np.asarray(self.deaths_seq), np.asarray(self.deaths_major),
                                                   np.asarray(self.deaths_time), seq, s0)
        died_young = outcome == Outcome.DIED
        death_ns[died_young] = minor_time[died_young]
        nbytes, objects = self._weights(meta, size, flags)
        names = _type_names(types, type_id)
        return AllocationSamples(names, seq=seq, time_ns=time, thread_id=thread, type_id=type_id, size=size,
                                 large=(flags & F.ALLOC_FLAG_LARGE) != 0, outcome=outcome, stack=stack,
                                 weight=nbytes, objects=objects, death_ns=death_ns, died_major=died_major)

    def _time_samples(self, meta, time_main) -> TimeSamples:
        weight = meta.time_period_ns or 0
        if self.has_extension:
            time, thread, own = (np.asarray(c) for c in self.time_infos)
            stack = self._paired_stacks(own, time_main, "time")
            memory = np.full(len(time), NONE, np.int64)
        else:
            stack, thread, time, memory = (np.asarray(c, np.int64) for c in (time_main.stack, time_main.thread,
                                                                             time_main.time, time_main.memory))
        return TimeSamples(time_ns=time, thread_id=thread, stack=stack, weight=np.full(len(time), weight, np.int64),
                           memory_kb=memory)

    def _streams(self, meta) -> tuple[StackRecords, StackRecords]:
        """The main-section records of the allocation and the time stream."""
        if meta.layout not in (F.LAYOUT_VMPROF, F.LAYOUT_PYPY, "foreign"):
            raise ProfileFormatError(f"unknown layout {meta.layout!r}", None, "meta")
        none = StackRecords()
        if meta.layout == F.LAYOUT_PYPY or not self.has_extension:
            return self.main[F.MARKER_GC_STACKTRACE], self.main[F.MARKER_STACKTRACE]
        if meta.sample_kind == F.KIND_ALLOC:
            return self.main[F.MARKER_STACKTRACE], none
        return none, self.main[F.MARKER_STACKTRACE]

    def finish(self) -> Profile:
        meta = self._metadata()
        alloc_main, time_main = self._streams(meta)
        if meta.lines and any(n % 16 for n in self.stacks.lengths_of()):
            raise ProfileFormatError("odd stack depth in a profile with line numbers", None, "stacktrace")
        if (meta.layout != "foreign" or F.META_VERSION in self.meta) and not self.has_extension:
            raise ProfileFormatError("the extension section is missing (truncated file?)", None, "extension")
        if self.has_extension and self.end_record is None:
            raise ProfileFormatError("the extension section has no END record", None, "ext:end")

        # (PyPy's names come indented: "    GcStruct rpy_string { hash, chars }".)
        types = {int(k[len(F.META_RTYPE_PREFIX):]): v.strip() for k, v in self.meta.items()
                 if k.startswith(F.META_RTYPE_PREFIX) and k[len(F.META_RTYPE_PREFIX):].isdigit()}
        types.update(self.types)
        if not self.has_extension and len(alloc_main):
            self._fork_allocations(alloc_main)
            alloc_main = StackRecords()
        stat_names = self.stat_names if self.stat_names is not None else ()
        codes, frames, stacks = self._frames(meta.lines)
        minors = []
        for index, time_ns, duration_ns, values, first_seq, outs, n_sampled, n_survived in self.minors:
            stats = dict(zip(stat_names, values))
            minors.append(MinorCollection(
                index, time_ns, duration_ns, stats.get("bytes_copied", 0),
                stats.get("total_size_of_arenas", 0), stats.get("total_memory_used", 0),
                stats.get("VmRSS", 0), _state_name(stats.get("gc_state", 0)), stats, first_seq, outs,
                n_sampled, n_survived))
        if self.aggregate and self.has_extension:
            totals = self._streamed_totals(alloc_main, time_main)
            if self.merged:
                alloc = merge.allocation_rows(self.mergers[0], lambda type_id: _type_names(types, type_id))
                time = merge.time_rows(self.mergers[1])
            else:
                alloc, time = AggregatedSamples("allocation", totals.alloc_count), \
                    AggregatedSamples("time", totals.time_count)
        elif self.merged:
            raise Irregular("no extension: read whole")
        else:
            totals = None
            alloc, time = self._allocations(meta, types, alloc_main), self._time_samples(meta, time_main)
        profile = Profile(meta=meta, codes=codes, frames=frames, stacks=stacks, alloc_samples=alloc,
                          time_samples=time, minor_collections=minors, major_events=self.majors, types=types,
                          stat_names=stat_names, pauses=self.pauses, sample_totals=totals)
        return profile.aggregated() if self.aggregate and not self.merged else profile

    def _streamed_totals(self, alloc_main, time_main) -> SampleTotals:
        self.drain(force=True)
        if self.taken["alloc"] != len(alloc_main) or self.taken["time"] != len(time_main):
            raise Irregular("stack records without info records")
        self.fates.finish()
        return self.accumulator.totals()
