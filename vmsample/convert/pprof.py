"""pprof files (google/pprof ``profile.proto``, gzip-compressed), for
``go tool pprof``, Grafana Pyroscope, Parca and Google Cloud Profiler.

Sample types, in this order: ``alloc_objects``/count and
``alloc_space``/bytes, then ``inuse_objects``/count and ``inuse_space``/bytes
in files that record deaths -- "in use" is what `vmsample report` calls live
at the end (vmsample/report/analysis.py).  These are the names and units of Go's
heap profiles, so pprof's tools treat the file as one.

One pprof sample per (stack, object type) bin of analysis.[bins]: its values
are the bin's estimated bytes and objects, the type its ``object_type``
label.  Objects are fractional estimates but pprof values are integers:
they are rounded cumulatively, so the whole profile adds up to the rounded
total and each bin is within one object of its estimate.
Locations are frames (function and line), functions carry name, file and
first line; ``period_type`` space/bytes and ``period`` the sampling period;
one mapping, the program, marks every location as already symbolized.
Time samples are not exported (pprof's sample types are per file).
"""

from __future__ import annotations

import gzip

from vmsample import __version__
from vmsample.profile.model import Profile
from vmsample.profile.totals import SUMS, has_lifetimes
from vmsample.report.analysis import duration_ns
from vmsample.report.progress import QUIET

from .frames import display_name
from .pprof_schema import Profile as PprofProfile

SUFFIX = ".pprof.pb.gz"
TYPE_LABEL = "object_type"

_BYTES, _OBJECTS, _LIVE_BYTES, _LIVE_OBJECTS = (SUMS.index(s) for s in ("bytes", "objects", "live_bytes",
                                                                       "live_objects"))


class _Strings:
    """The string table: index 0 is "" as pprof requires."""

    def __init__(self, table):
        self.table = table
        self.index = {}
        self("")

    def __call__(self, s: str) -> int:
        i = self.index.get(s)
        if i is None:
            i = self.index[s] = len(self.table)
            self.table.append(s)
        return i


class _CumulativeRound:
    """Rounds a running sum: the integers handed out add up to round(sum)."""

    def __init__(self):
        self.exact = 0.0
        self.given = 0

    def __call__(self, x: float) -> int:
        self.exact += x
        n = round(self.exact) - self.given
        self.given += n
        return n


def convert(profile: Profile, progress=QUIET) -> PprofProfile:
    out = PprofProfile()
    string = _Strings(out.string_table)
    lifetimes = has_lifetimes(profile.meta)
    sample_types = [("alloc_objects", "count"), ("alloc_space", "bytes")]
    if lifetimes:
        sample_types += [("inuse_objects", "count"), ("inuse_space", "bytes")]
    for name, unit in sample_types:
        out.sample_type.add(type=string(name), unit=string(unit))
    out.default_sample_type = string("alloc_space")
    out.period_type.type, out.period_type.unit = string("space"), string("bytes")
    meta = profile.meta
    out.period = meta.alloc_period or 0
    if meta.start_time is not None:
        out.time_nanos = int(meta.start_time.timestamp() * 1e9)
    out.duration_nanos = duration_ns(profile) or 0
    comments = [f"converted by vmsample {__version__}"]
    if meta.program:
        comments.append(f"program: {' '.join(meta.argv) if meta.argv else meta.program}")
    comments.append("values are estimates from allocation samples; objects rounded to whole objects")
    out.comment.extend(string(c) for c in comments)

    # One mapping for the whole program; it says every location is already
    # symbolized, so pprof's tools do not look for a binary.
    out.mapping.add(id=1, filename=string(meta.program or "vmsample"), has_functions=True, has_filenames=True,
                    has_line_numbers=True)
    functions: dict[int, int] = {}          # code id -> pprof function id
    locations: dict[int, int] = {}          # frame index -> pprof location id

    def location(frame_index: int) -> int:
        loc = locations.get(frame_index)
        if loc is None:
            frame = profile.frames[frame_index]
            code = frame.code
            fn = functions.get(code.id)
            if fn is None:
                fn = functions[code.id] = len(functions) + 1
                out.function.add(id=fn, name=string(display_name(code)), system_name=string(code.name),
                                 filename=string(code.file), start_line=max(code.first_line, 0))
            loc = locations[frame_index] = len(locations) + 1
            out.location.add(id=loc, mapping_id=1).line.add(function_id=fn, line=max(frame.line, 0))
        return loc

    objects, live_objects = _CumulativeRound(), _CumulativeRound()
    type_key = string(TYPE_LABEL)
    for (stack, type_id), v in progress.iterate("allocation bins", sorted(profile.totals().bins.items())):
        sample = out.sample.add(location_id=[location(f) for f in profile.stacks[stack]])
        sample.value.extend([objects(v[_OBJECTS]), v[_BYTES]])
        if lifetimes:
            sample.value.extend([live_objects(v[_LIVE_OBJECTS]), v[_LIVE_BYTES]])
        sample.label.add(key=type_key, str=string(profile.type_name(type_id)))
    return out


def render(profile: Profile, progress=QUIET) -> bytes:
    """The gzip-compressed profile, as pprof files are stored."""
    return gzip.compress(convert(profile, progress).SerializeToString(), compresslevel=6, mtime=0)
