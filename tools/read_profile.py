#!/usr/bin/env python3
"""Read a vmsample profile with nothing but `construct` and `numpy` installed.

    python tools/read_profile.py OUT.prof            # summary
    python tools/read_profile.py --top 20 OUT.prof   # longer tables
    python tools/read_profile.py --dump OUT.prof     # every record, one per line

The file is decoded by the format's reference definition
(vmsample/profile/schema.py) -- never by the compiled extension -- so this
works from a source checkout without building anything, and doubles as an
independent check of files written by the fast paths.  Exit status: 0 ok,
1 malformed file (one line with the byte offset), 2 bad arguments.
"""

import argparse
import os
import sys
from collections import Counter, defaultdict

# Use the vmsample package this script ships with (pure-Python modules only).
_REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if os.path.exists(os.path.join(_REPO, "vmsample", "profile", "schema.py")):
    sys.path.insert(0, _REPO)

from vmsample.profile import schema  # noqa: E402
from vmsample.profile.dump import dump  # noqa: E402
from vmsample.profile.errors import ProfileFormatError  # noqa: E402
from vmsample.profile.model import Outcome  # noqa: E402
from vmsample.profile.reader import load_bytes  # noqa: E402


def _size(n):
    for unit in ("B", "KiB", "MiB", "GiB"):
        if abs(n) < 1024 or unit == "GiB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024


def _site(profile, sample):
    frames = profile.stack_frames(sample.stack)
    if not frames:
        return "<no stack>"
    f = frames[0]
    return f"{f.function} ({f.file}:{f.line})"


def _survival(samples):
    known = [s for s in samples if s.outcome != Outcome.UNKNOWN]
    if not known:
        return "n/a"
    return f"{100 * sum(s.outcome == Outcome.SURVIVED for s in known) / len(known):.1f}%"


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
    alloc = profile.alloc_samples
    out(f"samples      {len(alloc)} allocation (~{_size(profile.total_allocated_estimate)} in "
        f"~{sum(s.objects for s in alloc):.0f} objects allocated), {len(profile.time_samples)} time")
    if alloc:
        out(f"survival     {_survival(alloc)} of resolved samples survived their first minor collection")
        by_site, by_type = defaultdict(list), defaultdict(list)
        for s in alloc:
            by_site[_site(profile, s)].append(s)
            by_type[s.type_name].append(s)
        for title, groups in (("allocation sites", by_site), ("types", by_type)):
            out(f"\ntop {title} (estimated bytes and objects, samples, survived)")
            ranked = sorted(groups.items(), key=lambda kv: -sum(s.weight for s in kv[1]))
            for name, samples in ranked[:top]:
                out(f"  {_size(sum(s.weight for s in samples)):>11}  {sum(s.objects for s in samples):>9.0f}  "
                    f"{len(samples):>7}  {_survival(samples):>6}  {name}")
    if profile.time_samples:
        counts = Counter(_site(profile, s) for s in profile.time_samples)
        out("\ntop functions by time samples")
        for name, n in counts.most_common(top):
            out(f"  {n:>7}  {100 * n / len(profile.time_samples):5.1f}%  {name}")
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
        data, gz = load_bytes(args.file)
        if args.dump:
            dump(data)
        else:
            summarize(schema.to_profile(schema.parse(data), gzip=gz), top=args.top)
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
