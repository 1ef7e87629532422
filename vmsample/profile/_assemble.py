"""Turning a stream of decoded records into a `Profile`.

Both readers -- the fast one (reader.py) and the `construct` schema
(schema.py) -- decode bytes into the same calls on a [ProfileBuilder], which
owns every rule that is about meaning rather than bytes: pairing stack
records with their extension info, resolving outcomes by sequence number,
interning stacks and frames, checking the END counts.  Differential tests
compare the two readers through it.

Pairing (docs/format.md): the k-th main-section stack record of a stream
belongs to the k-th extension info record of that stream that carries no
stack of its own.  In the vmprof layout, 0x01 records are the allocation
stream when META ``sample_kind`` is "alloc", else the time stream; in the
pypy layout 0x09 records are allocations and 0x01 records time samples.
"""

from __future__ import annotations

import json
import math
import struct
from datetime import datetime

from . import format as F
from . import weights
from .errors import ProfileFormatError
from .model import (AllocationSample, Code, Frame, MajorEvent, Metadata, MinorCollection,
                    Outcome, Profile, TimeSample)


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


class ProfileBuilder:
    """Receives decoded records in file order; [finish] returns the Profile."""

    def __init__(self, gzip: bool = False):
        self.gzip = gzip
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
        self.stack_ids: dict[bytes, int] = {}
        self.main: dict[int, list] = {F.MARKER_STACKTRACE: [], F.MARKER_GC_STACKTRACE: []}
        self.has_extension = False
        self.types: dict[int, str] = {}
        self.stat_names: tuple[str, ...] | None = None
        self.alloc_infos: list = []
        self.time_infos: list = []
        self.minors: list = []
        self.majors: list = []
        self.deaths_by_seq: dict[int, tuple[int, int]] = {}    # seq -> (major index, time ns)
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
        ids = self.stack_ids
        idx = ids.get(entries)
        if idx is None:
            idx = ids[entries] = len(ids)
        return idx

    def stack(self, marker, entries, thread_id, time_ns, memory=None):
        """A 0x01 / 0x09 record ([entries]: raw little-endian i64 bytes);
        [time_ns] is None when the record has no time, [memory] None unless
        the file profiles memory (kB per sample)."""
        self.main[marker].append((self.intern(entries), thread_id, time_ns, memory))

    def obj_info(self, time_ns, words, offset):
        # A fork 0x0A record.  In a vmsample file it repeats what the
        # extension's MINOR_GC records say (those are authoritative); in a
        # file without the extension it is the only source of the samples'
        # types and outcomes (see _fork_allocations).
        self.obj_infos.append((time_ns, words, offset))

    def trailer(self, sec, usec):
        self.end = (sec, usec) if sec is not None else None

    # ---------------------------------------------------------- extension
    def type_name(self, type_id, name):
        self.types[type_id] = name

    def stats(self, names):
        self.stat_names = tuple(names)

    # Sample infos are tuples: (seq, time, thread, size, type id, flags) for an
    # allocation, (time, thread) for a time sample, plus the interned stack
    # when the record carries its own.  The fast reader appends them directly.
    def alloc_info(self, seq, time_ns, thread_id, size, type_id, flags, entries):
        info = (seq, time_ns, thread_id, size, type_id, flags)
        self.alloc_infos.append(info if entries is None else info + (self.intern(entries),))

    def time_info(self, time_ns, thread_id, entries):
        info = (time_ns, thread_id)
        self.time_infos.append(info if entries is None else info + (self.intern(entries),))

    def minor(self, index, time_ns, duration_ns, stats, first_seq, outcomes):
        self.minors.append((index, time_ns, duration_ns, tuple(stats), first_seq, bytes(outcomes)))

    def major(self, index, state, time_ns, total_memory_used, total_size_of_arenas):
        self.majors.append(MajorEvent(index, _state_name(state), time_ns, total_memory_used,
                                      total_size_of_arenas))

    def deaths(self, major, time_ns, seqs):
        death = (major, time_ns)
        self.deaths_by_seq.update(dict.fromkeys(seqs, death))

    def end_of_extension(self, n_alloc, n_time, n_minor, n_major, end_ns, n_truncated, offset):
        got = (len(self.alloc_infos), len(self.time_infos), len(self.minors), len(self.majors))
        if got != (n_alloc, n_time, n_minor, n_major):
            raise ProfileFormatError(
                f"END record counts (alloc, time, minor, major) {(n_alloc, n_time, n_minor, n_major)} "
                f"disagree with the records {got}", offset, "ext:end")
        self.end_record = (end_ns, n_truncated)

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

        frame_ids: dict[tuple[int, int], int] = {}
        frames: list[Frame] = []
        stacks: list[tuple[int, ...]] = []
        for raw in self.stack_ids:             # insertion order == stack index
            entries = struct.unpack(f"<{len(raw) // 8}q", raw)
            if tagged:                          # (kind, pc) pairs
                pairs = ((pc, None, kind) for kind, pc in zip(entries[0::2], entries[1::2]))
            elif lines:                         # (line, code) pairs
                pairs = ((cid, abs(line), F.KIND_CODE) for cid, line in zip(entries[1::2], entries[0::2]))
            else:
                pairs = ((cid, None, F.KIND_CODE) for cid in entries)
            stack = []
            for cid, line, kind in pairs:
                c = code(cid, kind)
                key = (cid, c.first_line if line is None else line)
                fid = frame_ids.get(key)
                if fid is None:
                    fid = frame_ids[key] = len(frames)
                    frames.append(Frame(c, key[1]))
                stack.append(fid)
            stacks.append(tuple(stack))
        return codes, frames, stacks

    @staticmethod
    def _unpaired(what, more_infos):
        """The error for a stream whose info and main-section records do not pair up."""
        if more_infos:
            msg = f"more {what} info records than {what} stack records in the main section"
        else:
            msg = f"more {what} stack records in the main section than {what} info records"
        return ProfileFormatError(msg, None, f"ext:{what}_sample")

    @classmethod
    def _stacks_for(cls, infos, paired_len, main, what):
        """The stack index of each info: its own, or the next main-section record's."""
        it = iter(main)
        try:
            result = [next(it)[0] if len(info) == paired_len else info[paired_len] for info in infos]
        except StopIteration:
            raise cls._unpaired(what, True) from None
        if next(it, None) is not None:
            raise cls._unpaired(what, False)
        return result

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
            self.minors.append((index, time_ns, 0, stats, len(words), bytes(w & 3 for w in objects)))
            words.extend(objects)
            if len(words) > len(gc_stacks):
                raise ProfileFormatError(f"{len(words)} object-info words but only {len(gc_stacks)} "
                                         "allocation samples", offset, "obj_info")
        for seq, (stack, thread_id, time_ns, _memory) in enumerate(gc_stacks):
            word = words[seq] if seq < len(words) else None
            type_id = word >> 2 if word is not None else -1
            flags = F.ALLOC_FLAG_LARGE if word is not None and word & 2 else 0
            self.alloc_infos.append((seq, time_ns, thread_id, 0, type_id, flags, stack))

    def finish(self) -> Profile:
        meta = self._metadata()
        if meta.layout not in (F.LAYOUT_VMPROF, F.LAYOUT_PYPY, "foreign"):
            raise ProfileFormatError(f"unknown layout {meta.layout!r}", None, "meta")
        if meta.lines and any(len(e) % 16 for e in self.stack_ids):
            raise ProfileFormatError("odd stack depth in a profile with line numbers", None, "stacktrace")
        if meta.layout == F.LAYOUT_PYPY or not self.has_extension:
            alloc_main, time_main = self.main[F.MARKER_GC_STACKTRACE], self.main[F.MARKER_STACKTRACE]
        elif meta.sample_kind == F.KIND_ALLOC:
            alloc_main, time_main = self.main[F.MARKER_STACKTRACE], []
        else:
            alloc_main, time_main = [], self.main[F.MARKER_STACKTRACE]
        if meta.layout != "foreign" and not self.has_extension:
            raise ProfileFormatError("the extension section is missing (truncated file?)", None, "extension")
        if self.has_extension and self.end_record is None:
            raise ProfileFormatError("the extension section has no END record", None, "ext:end")

        # (PyPy's names come indented: "    GcStruct rpy_string { hash, chars }".)
        types = {int(k[len(F.META_RTYPE_PREFIX):]): v.strip() for k, v in self.meta.items()
                 if k.startswith(F.META_RTYPE_PREFIX) and k[len(F.META_RTYPE_PREFIX):].isdigit()}
        types.update(self.types)
        if not self.has_extension and alloc_main:
            self._fork_allocations(alloc_main)
            alloc_main = ()
        stat_names = self.stat_names if self.stat_names is not None else ()
        codes, frames, stacks = self._frames(meta.lines)

        # seq -> Outcome, from the outcome bytes (bit 0: survived)
        by_byte = tuple(Outcome.SURVIVED if b & 1 else Outcome.DIED for b in range(256))
        outcomes: dict[int, Outcome] = {}
        minor_time: dict[int, int] = {}     # seq -> the time of its first minor collection
        minors = []
        for index, time_ns, duration_ns, values, first_seq, outs in self.minors:
            outcomes.update(zip(range(first_seq, first_seq + len(outs)), map(by_byte.__getitem__, outs)))
            minor_time.update(dict.fromkeys(range(first_seq, first_seq + len(outs)), time_ns))
            stats = dict(zip(stat_names, values))
            minors.append(MinorCollection(
                index, time_ns, duration_ns, stats.get("bytes_copied", 0),
                stats.get("total_size_of_arenas", 0), stats.get("total_memory_used", 0),
                stats.get("VmRSS", 0), _state_name(stats.get("gc_state", 0)), stats, first_seq, outs))

        period = meta.alloc_period or 0
        per_allocation = meta.alloc_sampling == "random" and meta.raw.get(F.META_ALLOC_WEIGHTS) == "allocation"
        crossings = weights.crossings_of([info[5] for info in self.alloc_infos]) if per_allocation else None
        names = {tid: types.get(tid) or (f"<type {tid}>" if tid >= 0 else "<type unknown>")
                 for tid in {info[4] for info in self.alloc_infos}}
        alloc: list[AllocationSample] = []
        append = alloc.append
        unknown, died = Outcome.UNKNOWN, Outcome.DIED
        get_outcome = outcomes.get
        get_death, no_death = self.deaths_by_seq.get, (None, None)
        by_size: dict = {}              # size, or (size, crossings) -> (bytes, objects)
        main_stacks = iter(alloc_main)
        try:
            for i, info in enumerate(self.alloc_infos):
                if len(info) == 6:
                    seq, t, tid, size, type_id, flags = info
                    stack = next(main_stacks)[0]
                else:
                    seq, t, tid, size, type_id, flags, stack = info
                outcome = get_outcome(seq, unknown)
                c = 1 if crossings is None else crossings[i]
                key = size if c == 1 else (size, c)
                w = by_size.get(key)
                if w is None:
                    w = by_size[key] = weights.record_weights(per_allocation, period, size, c)
                nbytes, objects = w
                died_major, death_ns = get_death(seq, no_death)
                if outcome == died:
                    death_ns = minor_time[seq]
                append(AllocationSample(seq, t, tid, type_id, names[type_id], size,
                                        flags & F.ALLOC_FLAG_LARGE != 0, outcome,
                                        stack, nbytes, objects, death_ns, died_major))
        except StopIteration:
            raise self._unpaired("alloc", True) from None
        if next(main_stacks, None) is not None:
            raise self._unpaired("alloc", False)

        tweight = meta.time_period_ns or 0
        if self.has_extension:
            times = [TimeSample(info[0], info[1], stack, tweight) for info, stack in zip(
                self.time_infos, self._stacks_for(self.time_infos, 2, time_main, "time"))]
        else:
            times = [TimeSample(t, tid, stack, tweight, memory) for stack, tid, t, memory in time_main]

        return Profile(meta=meta, codes=codes, frames=frames, stacks=stacks,
                       alloc_samples=alloc, time_samples=times, minor_collections=minors,
                       major_events=self.majors, types=types, stat_names=stat_names)
