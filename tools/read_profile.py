#!/usr/bin/env python3
"""Read a vmsample profile with nothing but `construct` installed.

    python tools/read_profile.py OUT.prof            # summary
    python tools/read_profile.py --top 20 OUT.prof   # longer tables
    python tools/read_profile.py --dump OUT.prof     # every record, one per line
    python tools/read_profile.py --plain OUT.prof    # the construct path, even with numpy

Without numpy (or with --plain), the file is decoded by the format's
reference definition (vmsample/profile/schema.py), one record at a time,
and its samples are summed as they come by [PlainProfile] below, in pure
Python -- never by the compiled extension nor the model -- so this works
from a source checkout without building anything, in memory that does not
grow with the samples, and doubles as an independent check of the files
and of the model's sums (tests/profile/test_profile_tools.py compares them).
Where numpy is installed, vmsample's fast reader sums the file instead,
faster (no construct object per record), for the same summary.  Another profiler's file
(plain vmprof, the paper's fork) is read through the model, which needs
numpy.  Exit status: 0 ok, 1 malformed file (one line with the byte
offset), 2 bad arguments.
"""

import argparse
import json
import os
import sys
from array import array
from collections import Counter
from types import SimpleNamespace

# Use the vmsample package this script ships with (pure-Python modules only).
_REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if os.path.exists(os.path.join(_REPO, "vmsample", "profile", "schema.py")):
    sys.path.insert(0, _REPO)

from vmsample.profile import format as F  # noqa: E402
from vmsample.profile import weights  # noqa: E402
from vmsample.profile.dump import dump  # noqa: E402
from vmsample.profile.records import iter_records  # noqa: E402
from vmsample.profile.errors import ProfileFormatError  # noqa: E402
from vmsample.profile.source import mapped  # noqa: E402



def _size(n):
    for unit in ("B", "KiB", "MiB", "GiB"):
        if abs(n) < 1024 or unit == "GiB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024


def _site(profile, stack):
    frames = profile.stack_frames(stack)
    if not frames:
        return "<no stack>"
    f = frames[0]
    return f"{f.function} ({f.file}:{f.line})"


# A bin's sums (vmsample/profile/totals.py SUMS)
SAMPLES, BYTES, DIED, SURVIVED, OBJECTS = range(5)


def _survival(sums):
    known = sums[DIED] + sums[SURVIVED]
    return f"{100 * sums[SURVIVED] / known:.1f}%" if known else "n/a"


def _add(groups, key, sums):
    row = groups.setdefault(key, [0] * len(sums))
    for i, v in enumerate(sums):
        row[i] += v


class NotVmsample(Exception):
    """Another profiler's file: read through the model instead."""


class PlainProfile:
    """What summarize() reads of a vmsample profile -- its metadata, its
    samples summed per (stack, type), its collections -- summed record by
    record in pure Python from the schema's records.  It follows the model's
    rules (docs/format.md): the k-th sample info without a stack pairs with
    the k-th allocation stack record, the records of one allocation share
    its weight (weights.py), a minor collection gives the outcomes of the
    seqs it names.  What it holds: the distinct stacks, 4 bytes per
    allocation stack record of the main section until its info pairs with
    it, and the samples no minor collection has resolved yet."""

    def __init__(self, records, gz):
        self.gz = gz
        self.raw, self.codes, self.types, self.stat_names = {}, {}, {}, ()
        self.entries = {}               # stack entries -> stack number
        self.stack_entries = []         # stack number -> its entries
        self.alloc_stacks = array("i")  # the main section's allocation stack records, in order
        self.paired = 0
        self.bins = {}                  # (stack, type id) -> [samples, bytes, died, survived, objects]
        self.time_stacks = Counter()
        self.alloc_count = 0
        self.minor_collections, self.majors, self.pauses = [], set(), []
        self.pending = {}               # seq -> (its bin, its bytes) until a minor collection resolves it
        self.allocation = []            # the records of the allocation being read (continued samples)
        self.start = self.end = self.end_ns = None
        for rec in records:
            self._record(rec)
        self._allocated()
        if self.paired != len(self.alloc_stacks):
            raise ProfileFormatError(f"{len(self.alloc_stacks)} allocation stack records but {self.paired} "
                                     "sample infos for them", None, "ext:alloc_sample")

    def _record(self, rec):
        kind, f = rec.kind, rec.fields
        if kind != "ext:alloc_sample":
            self._allocated()
        if kind == "static_header":
            self.period_word = f["period_usec"]
        elif kind == "header":
            self.version, self.mode, self.interp = f["version"], f["mode"], f["interp"]
        elif kind == "meta":
            self.raw[f["key"]] = f["value"]
        elif kind in ("start_time", "trailer"):
            setattr(self, "start" if kind == "start_time" else "end", (f["sec"], f["usec"]))
        elif kind == "virtual_ip":
            self.codes[f["id"]] = f["name"]
        elif kind in ("stacktrace", "gc_stacktrace"):
            if F.META_VERSION not in self.raw:
                raise NotVmsample()
            stack = self._stack(f["entries"])
            pypy = self.raw.get(F.META_LAYOUT) == F.LAYOUT_PYPY
            if kind == "gc_stacktrace" or (not pypy and self.raw.get(F.META_SAMPLE_KIND) == F.KIND_ALLOC):
                self.alloc_stacks.append(stack)
            else:
                self.time_stacks[stack] += 1
        elif kind == "ext:stat_names":
            self.stat_names = tuple(f["names"])
        elif kind == "ext:type_name":
            self.types[f["type_id"]] = f["name"]
        elif kind == "ext:alloc_sample":
            self._sample(rec, f)
        elif kind == "ext:time_sample" and f["stack"] is not None:
            self.time_stacks[self._stack(f["stack"]["entries"])] += 1
        elif kind == "ext:minor_gc":
            self._minor(f)
        elif kind == "ext:major_gc":
            self.majors.add(f["index"])
        elif kind == "ext:pause":
            self.pauses.append(SimpleNamespace(duration_ns=f["duration_ns"], major_ns=f["major_ns"]))
        elif kind == "ext:end":
            self.end_ns = f["end_ns"]

    def _stack(self, entries):
        entries = tuple(entries)
        number = self.entries.get(entries)
        if number is None:
            number = self.entries[entries] = len(self.stack_entries)
            self.stack_entries.append(entries)
        return number

    def _sample(self, rec, f):
        if f["stack"] is not None:
            stack = self._stack(f["stack"]["entries"])
        elif self.paired < len(self.alloc_stacks):
            stack = self.alloc_stacks[self.paired]
            self.paired += 1
        else:
            raise ProfileFormatError("a sample info without its stack record", rec.offset, rec.kind)
        if not f["flags"] & F.ALLOC_FLAG_CONTINUED:
            self._allocated()
        self.allocation.append((f["seq"], stack, f["type_id"], f["size"]))

    def _allocated(self):
        """Sum the records of the allocation just read: each carries 1/c of its weight."""
        raw = self.raw
        per_allocation = raw.get(F.META_SAMPLING) == "random" and raw.get(F.META_ALLOC_WEIGHTS) == "allocation"
        period = int(raw.get(F.META_ALLOC_PERIOD, 0))
        for seq, stack, type_id, size in self.allocation:
            nbytes, objects = weights.record_weights(per_allocation, period, size, len(self.allocation))
            sums = self.bins.setdefault((stack, type_id), [0, 0, 0, 0, 0.0])
            sums[SAMPLES] += 1
            sums[BYTES] += nbytes
            sums[OBJECTS] += objects
            self.pending[seq] = (sums, nbytes)
        self.alloc_count += len(self.allocation)
        self.allocation = []

    def _minor(self, f):
        stats = dict(zip(self.stat_names, f["stats"]))
        self.minor_collections.append(SimpleNamespace(
            duration_ns=f["duration_ns"], bytes_copied=stats.get("bytes_copied", 0),
            total_memory_used=stats.get("total_memory_used", 0),
            total_size_of_arenas=stats.get("total_size_of_arenas", 0), vmrss=stats.get("VmRSS", 0)))
        for i, bits in enumerate(f["outcomes"]):
            resolved = self.pending.pop(f["first_seq"] + i, None)
            if resolved is not None:
                sums, nbytes = resolved
                sums[SURVIVED if bits & F.OUTCOME_SURVIVED else DIED] += nbytes

    # -------------------------------------------------------------- what summarize() reads

    @property
    def meta(self):
        raw = self.raw
        argv = raw.get(F.META_ARGV)
        duration = None
        if F.META_START_NS in raw and self.end_ns is not None:
            duration = self.end_ns - int(raw[F.META_START_NS])
        elif self.start and self.end:
            duration = round(((self.end[0] - self.start[0]) + (self.end[1] - self.start[1]) / 1e6) * 1e9)
        sampling = raw.get(F.META_SAMPLING)
        period_ns = raw.get(F.META_TIME_PERIOD)
        return SimpleNamespace(
            program=raw.get(F.META_PROGRAM), argv=tuple(json.loads(argv)) if argv else None,
            format_version=self.version, layout=raw.get(F.META_LAYOUT, "foreign"), interp=self.interp,
            gzip=self.gz, recovered=F.META_RECOVERED in raw, duration_ns=duration,
            alloc_period=int(raw[F.META_ALLOC_PERIOD]) if F.META_ALLOC_PERIOD in raw else None,
            alloc_sampling=None if sampling in (None, "off") else sampling,
            time_period_ns=int(period_ns) if period_ns else (self.period_word * 1000 or None))

    def totals(self):
        return SimpleNamespace(bins=self.bins, time_stacks=self.time_stacks, alloc_count=self.alloc_count,
                               time_count=sum(self.time_stacks.values()))

    @property
    def major_collections(self):
        return sorted(self.majors)

    def type_name(self, type_id):
        name = self.types.get(type_id) or self.raw.get(f"{F.META_RTYPE_PREFIX}{type_id}", "").strip()
        return name or f"<type {type_id}>"

    def stack_frames(self, stack):
        entries = self.stack_entries[stack]
        lines = bool(self.mode & F.PROFILE_LINES)
        pairs = zip(entries[1::2], entries[0::2]) if lines else ((e, None) for e in entries)
        frames = []
        for code_id, line in pairs:
            parts = self.codes.get(code_id, "").split(":", 3)     # py:<function>:<first line>:<file>
            named = len(parts) == 4 and parts[2].lstrip("-").isdigit()
            frames.append(SimpleNamespace(function=parts[1] if named else self.codes.get(code_id, ""),
                                          file=parts[3] if named else "",
                                          line=line if lines else (int(parts[2]) if named else 0)))
        return frames


def summarize(profile, top=10, out=print):
    m = profile.meta
    out(f"program      {m.program or '?'} {' '.join(m.argv[1:]) if m.argv else ''}".rstrip())
    out(f"format       vmprof version {m.format_version}, layout {m.layout}, interp {m.interp}"
        f"{', gzip' if m.gzip else ''}{', RECOVERED after a crash' if m.recovered else ''}")
    if m.duration_ns is not None:
        out(f"duration     {m.duration_ns / 1e9:.3f} s")
    if m.alloc_period:
        out(f"allocation   {m.alloc_sampling} sampling, one sample per {_size(m.alloc_period)}")
    if m.time_period_ns:
        out(f"time         one sample per {m.time_period_ns / 1e6:g} ms")
    totals = profile.totals()
    everything, by_site, by_type = {}, {}, {}
    for (stack, type_id), sums in totals.bins.items():
        _add(everything, None, sums)
        _add(by_site, _site(profile, stack), sums)
        _add(by_type, profile.type_name(type_id), sums)
    whole = everything.get(None, [0, 0, 0, 0, 0.0])
    out(f"samples      {totals.alloc_count} allocation (~{_size(whole[BYTES])} in "
        f"~{whole[OBJECTS]:.0f} objects allocated), {totals.time_count} time")
    if totals.alloc_count:
        out(f"survival     {_survival(whole)} of the bytes with a known outcome survived their first minor "
            "collection")
        for title, groups in (("allocation sites", by_site), ("types", by_type)):
            out(f"\ntop {title} (estimated bytes and objects, samples, survived)")
            ranked = sorted(groups.items(), key=lambda kv: (-kv[1][BYTES], kv[0]))
            for name, sums in ranked[:top]:
                out(f"  {_size(sums[BYTES]):>11}  {sums[OBJECTS]:>9.0f}  {sums[SAMPLES]:>7}  {_survival(sums):>6}  {name}")
    if totals.time_count:
        counts = Counter()
        for stack, n in totals.time_stacks.items():
            counts[_site(profile, stack)] += n
        out("\ntop functions by time samples")
        for name, n in counts.most_common(top):
            out(f"  {n:>7}  {100 * n / totals.time_count:5.1f}%  {name}")
    minors = profile.minor_collections
    out(f"\ngc           {len(minors)} minor collections, {len(profile.major_collections)} major collections")
    if minors:
        durations = [c.duration_ns for c in minors]
        out(f"  minor pause  total {sum(durations) / 1e6:.3f} ms, mean {sum(durations) / len(minors) / 1e3:.1f} us, "
            f"max {max(durations) / 1e3:.1f} us")
        out(f"  copied       {_size(sum(c.bytes_copied for c in minors))} in total")
        pauses = sorted(p.duration_ns for p in profile.pauses)
        if pauses:      # p99: nearest rank
            out(f"  pauses       {len(pauses)}, total {sum(pauses) / 1e6:.3f} ms, longest {pauses[-1] / 1e3:.1f} us, "
                f"p99 {pauses[-(len(pauses) // 100) - 1] / 1e3:.1f} us")
        last = minors[-1]
        out(f"  at the end   old space {_size(last.total_memory_used)} used, arenas "
            f"{_size(last.total_size_of_arenas)}, VmRSS {_size(last.vmrss)}")


def numpy_present() -> bool:
    try:
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


def read(path, plain=False):
    """What summarize() reads of the profile [path]: with numpy, vmsample's
    fast reader's sums (vmsample/profile/reader.py, faster);
    without it, or with [plain], PlainProfile's."""
    if not plain and numpy_present():
        from vmsample.profile.reader import read_profile
        return read_profile(path, aggregate=True)
    with mapped(path) as (data, gz):
        try:
            return PlainProfile(iter_records(data), gz)
        except NotVmsample:
            pass
    if not numpy_present():
        raise OSError(0, "not written by vmsample: reading another profiler's file needs numpy") from None
    from vmsample.profile import schema_reader       # (through the model, which needs numpy)
    return schema_reader.read_profile(path, aggregate=True)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="read_profile.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("file", metavar="FILE")
    parser.add_argument("--dump", action="store_true", help="print every record instead of the summary")
    parser.add_argument("--top", type=int, default=10, metavar="N", help="rows per table (default 10)")
    parser.add_argument("--plain", action="store_true",
                        help="sum the records here, in pure Python, even where numpy would read faster")
    args = parser.parse_args(argv)
    try:
        if args.dump:
            with mapped(args.file) as (data, _):
                dump(data)
        else:
            summarize(read(args.file, plain=args.plain), top=args.top)
    except BrokenPipeError:         # `read_profile.py --dump x.prof | head`
        sys.stderr.close()
    except OSError as e:
        print(f"read_profile.py: error: {args.file}: {e.strerror or e}", file=sys.stderr)
        return 1
    except ProfileFormatError as e:
        print(f"read_profile.py: error: {args.file}: invalid: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
