#!/usr/bin/env python3
"""Read a vmsample profile with nothing but `construct` and `numpy` installed.

    python tools/read_profile.py OUT.prof            # summary
    python tools/read_profile.py --top 20 OUT.prof   # longer tables
    python tools/read_profile.py --dump OUT.prof     # every record, one per line

The file is decoded by the format's reference definition
(vmsample/profile/schema.py), one record at a time, the samples summed as
they come -- never by the compiled extension -- so this works from a source
checkout without building anything, in memory that does not grow with the
samples, and doubles as an independent check of files written by the fast
paths.  Exit status: 0 ok,
1 malformed file (one line with the byte offset), 2 bad arguments.
"""

import argparse
import os
import sys
from collections import Counter

# Use the vmsample package this script ships with (pure-Python modules only).
_REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if os.path.exists(os.path.join(_REPO, "vmsample", "profile", "schema.py")):
    sys.path.insert(0, _REPO)

from vmsample.profile import schema_reader  # noqa: E402
from vmsample.profile.dump import dump  # noqa: E402
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
        last = minors[-1]
        out(f"  at the end   old space {_size(last.total_memory_used)} used, arenas "
            f"{_size(last.total_size_of_arenas)}, VmRSS {_size(last.vmrss)}")


def main(argv=None):
    parser = argparse.ArgumentParser(prog="read_profile.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("file", metavar="FILE")
    parser.add_argument("--dump", action="store_true", help="print every record instead of the summary")
    parser.add_argument("--top", type=int, default=10, metavar="N", help="rows per table (default 10)")
    args = parser.parse_args(argv)
    try:
        if args.dump:
            with mapped(args.file) as (data, _):
                dump(data)
        else:
            summarize(schema_reader.read_profile(args.file, aggregate=True), top=args.top)
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
