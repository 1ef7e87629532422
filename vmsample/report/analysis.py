"""What a profile says, in numbers: the data behind `vmsample report`.

[analyze] turns a `Profile` into an [Analysis] of plain dataclasses that the
text report renders, ``--json`` prints, `vmsample diff` compares and the
converters reuse.

Everything is computed from the profile's totals (vmsample/profile/totals.py):
allocation samples summed per (stack, type) *bin*, time samples per stack.
A profile with millions of samples but a few thousand distinct stacks costs
one pass over the samples -- made while reading, for a profile read with
``aggregate=True`` -- and then work per bin only.

Estimates.  Each allocation sample stands for [AllocationSample.weight]
bytes and [AllocationSample.objects] objects (vmsample/profile/weights.py:
the period and period/size in fixed mode, s/p and 1/p per sampled
allocation in random mode), so "bytes" below are *estimated allocated
bytes*, the sum of the weights, and "objects" the sum of the object weights.

Live.  [live_bytes] / [live_objects] sum the samples whose object was alive
when profiling stopped (survived its first minor collection and no major
collection found it dead): the estimated in-use heap at the end.  Only files
that record deaths have them (totals.has_lifetimes); in others they stay 0.

Died young.  A sample's outcome is settled at the first minor collection
after it: the object was copied out of the nursery (or, if large, kept), or it
died young.  Samples taken after the last minor collection have no outcome
([Outcome.UNKNOWN]); every "died young" share is died / (died + survived)
over the bytes whose outcome is known, and None when none is.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass, field

from vmsample.sampling_advice import FEW_SAMPLES, USEFUL_SAMPLES, sampling_warnings  # noqa: F401 (re-exported)
from vmsample.profile.model import Profile, profile_origin_ns
from vmsample.profile.totals import SUMS

NO_STACK = "<no stack>"


@dataclass(slots=True)
class Tally:
    """Estimated allocated bytes of a group of allocation samples, by outcome."""

    samples: int = 0
    bytes: int = 0
    died: int = 0           # bytes that died young
    survived: int = 0       # bytes that survived their first minor collection
    objects: float = 0.0    # estimated number of objects
    live_bytes: int = 0     # bytes alive when profiling stopped
    live_objects: float = 0.0

    def add(self, other: Tally) -> None:
        self.samples += other.samples
        self.bytes += other.bytes
        self.died += other.died
        self.survived += other.survived
        self.objects += other.objects
        self.live_bytes += other.live_bytes
        self.live_objects += other.live_objects

    @property
    def unknown(self) -> int:
        return self.bytes - self.died - self.survived

    @property
    def died_young(self) -> float | None:
        known = self.died + self.survived
        return self.died / known if known else None

    @property
    def survival(self) -> float | None:
        known = self.died + self.survived
        return self.survived / known if known else None

    def to_json(self, total: int) -> dict:
        return {
            "bytes": self.bytes,
            "samples": self.samples,
            "share": self.bytes / total if total else 0.0,
            "objects": round(self.objects, 1),
            "died_bytes": self.died,
            "survived_bytes": self.survived,
            "unknown_bytes": self.unknown,
            "died_young": self.died_young,
            "live_bytes": self.live_bytes,
            "live_objects": round(self.live_objects, 1),
        }


@dataclass(frozen=True, slots=True)
class Site:
    """A place in the program: a function and a line ([line] is the
    function's first line for function-level rows)."""

    function: str
    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.function} ({self.file}:{self.line})" if self.file else self.function


@dataclass(slots=True)
class SiteRow:
    site: Site
    tally: Tally

    def to_json(self, total: int) -> dict:
        return {"function": self.site.function, "file": self.site.file, "line": self.site.line,
                **self.tally.to_json(total)}


@dataclass(slots=True)
class TypeRow:
    name: str
    type_id: int
    tally: Tally
    large_bytes: int
    top_sites: list[SiteRow]

    @property
    def average_size(self) -> float | None:
        return self.tally.bytes / self.tally.objects if self.tally.objects else None

    def to_json(self, total: int) -> dict:
        return {"type": self.name, "type_id": self.type_id, **self.tally.to_json(total),
                "survival": self.tally.survival, "average_size": self.average_size,
                "large_bytes": self.large_bytes,
                "top_sites": [r.to_json(self.tally.bytes) for r in self.top_sites]}


@dataclass(slots=True)
class TimeRow:
    site: Site
    samples: int
    share: float

    def to_json(self) -> dict:
        return {"function": self.site.function, "file": self.site.file, "line": self.site.line,
                "samples": self.samples, "share": self.share}


@dataclass(slots=True)
class Range:
    min: int
    max: int

    @classmethod
    def of(cls, values) -> Range | None:
        values = list(values)
        return cls(min(values), max(values)) if values else None


@dataclass(slots=True)
class PauseSummary:
    """The pauses (PAUSE records): the program stopped for a minor collection
    and the major work after it.  Percentiles are nearest-rank: the p99 is
    the shortest pause that at least 99% of the pauses do not exceed."""
    count: int
    total_ns: int
    share: float | None         # of the run's duration
    median_ns: int
    p99_ns: int
    max_ns: int
    max_at_ns: int              # when the longest started, from the profile's origin (model.profile_origin_ns)
    max_major_ns: int           # the longest pause's major part
    major_max_ns: int           # the longest major part of any pause

    @classmethod
    def of(cls, pauses, origin_ns: int, duration_ns: int | None) -> PauseSummary | None:
        if not pauses:
            return None
        durations = sorted(p.duration_ns for p in pauses)

        def rank(percent):      # nearest rank, in integers: the ceil(percent/100 x n)-th
            return durations[-(-percent * len(durations) // 100) - 1]

        longest = max(pauses, key=lambda p: p.duration_ns)
        total = sum(durations)
        return cls(count=len(pauses), total_ns=total, share=total / duration_ns if duration_ns else None,
                   median_ns=rank(50), p99_ns=rank(99), max_ns=longest.duration_ns,
                   max_at_ns=longest.time_ns - origin_ns, max_major_ns=longest.major_ns,
                   major_max_ns=max(p.major_ns for p in pauses))


@dataclass(slots=True)
class GCSummary:
    minor_collections: int
    minor_per_second: float | None
    minor_time_ns: int
    minor_pause_mean_ns: float | None
    minor_pause_max_ns: int | None
    bytes_copied: int
    total_memory_used: Range | None
    total_size_of_arenas: Range | None
    vmrss: Range | None
    major_collections: int
    major_unfinished: int
    major_time_ns: int
    major_max_ns: int | None
    major_phase_ns: dict[str, int]
    pauses: PauseSummary | None     # None: no PAUSE records (a file written before them)

    def to_json(self) -> dict:
        return asdict(self)


@dataclass(slots=True)
class TimeSummary:
    samples: int
    period_ns: int | None
    self_functions: list[TimeRow]
    cumulative_functions: list[TimeRow]

    @property
    def estimated_ns(self) -> int | None:
        return self.samples * self.period_ns if self.period_ns else None

    def to_json(self, limit: int | None) -> dict:
        return {"samples": self.samples, "period_ns": self.period_ns, "estimated_ns": self.estimated_ns,
                "self": [r.to_json() for r in self.self_functions[:limit]],
                "cumulative": [r.to_json() for r in self.cumulative_functions[:limit]]}


@dataclass(slots=True)
class Summary:
    program: str | None
    argv: tuple[str, ...] | None
    format_version: int
    layout: str
    start_time: str | None
    duration_ns: int | None
    alloc_sampling: str | None
    alloc_period: int | None
    time_period_ns: int | None
    alloc_samples: int
    time_samples: int
    threads: int
    total: Tally
    minor_collections: int
    major_collections: int
    peak_heap: int | None
    bytes_copied: int
    recovered: bool
    truncated_stacks: int
    warnings: list[str] = field(default_factory=list)

    @property
    def allocation_rate(self) -> float | None:
        """Estimated allocated bytes per second of the run."""
        if not self.duration_ns:
            return None
        return self.total.bytes / (self.duration_ns / 1e9)

    def to_json(self) -> dict:
        d = {k: getattr(self, k) for k in self.__slots__ if k != "total"}
        d["argv"] = list(self.argv) if self.argv is not None else None
        d["estimated_bytes"] = self.total.bytes
        d["estimated_objects"] = round(self.total.objects, 1)
        d["allocation_rate"] = self.allocation_rate
        d["died_bytes"] = self.total.died
        d["survived_bytes"] = self.total.survived
        d["unknown_bytes"] = self.total.unknown
        d["died_young"] = self.total.died_young
        d["live_bytes"] = self.total.live_bytes
        d["live_objects"] = round(self.total.live_objects, 1)
        return d


@dataclass(slots=True)
class Analysis:
    """Everything `vmsample report` shows; every list is sorted, largest first."""

    summary: Summary
    self_sites: list[SiteRow]
    cumulative_sites: list[SiteRow]
    self_functions: list[SiteRow]
    cumulative_functions: list[SiteRow]
    types: list[TypeRow]
    gc: GCSummary
    time: TimeSummary | None
    profile: Profile = field(repr=False)

    def allocation_rows(self, by: str) -> tuple[list[SiteRow], list[SiteRow]]:
        """(self, cumulative) rows grouped [by] "site" or "function"."""
        if by == "function":
            return self.self_functions, self.cumulative_functions
        return self.self_sites, self.cumulative_sites

    def to_json(self, by: str = "site", limit: int | None = None) -> dict:
        """The report as JSON-able data; [limit] cuts every table."""
        total = self.summary.total.bytes
        out = {"summary": self.summary.to_json(), "by": by}
        if by != "type":
            own, cumulative = self.allocation_rows(by)
            out["self"] = [r.to_json(total) for r in own[:limit]]
            out["cumulative"] = [r.to_json(total) for r in cumulative[:limit]]
        out["types"] = [r.to_json(total) for r in self.types[:limit]]
        out["gc"] = self.gc.to_json()
        out["time"] = self.time.to_json(limit) if self.time else None
        return out


# ---------------------------------------------------------------- grouping
#
# Sums are kept in plain lists (totals.SUMS: samples, bytes, died, survived,
# objects, live bytes, live objects) while grouping and become Tallies at
# the end.

N_SUMS = len(SUMS)


def site_of(frame) -> Site:
    return Site(frame.code.function, frame.code.file, frame.line)


def function_of(frame) -> Site:
    return Site(frame.code.function, frame.code.file, frame.code.first_line)


_NO_STACK = Site(NO_STACK, "", 0)


def _tally(v) -> Tally:
    return Tally(*v)


def _add(rows: dict, key, v) -> None:
    row = rows.get(key)
    if row is None:
        rows[key] = list(v)
    else:
        for i in range(N_SUMS):
            row[i] += v[i]


def _per_stack(sums: dict[tuple[int, int], list]) -> dict[int, list]:
    out: dict[int, list] = {}
    for (stack, _type), v in sums.items():
        _add(out, stack, v)
    return out


class SiteKeys:
    """Site and function keys of every frame, as small integers (hashing a
    Site per frame per stack would dominate on big profiles): what every
    view that groups samples by site or function shares (the analysis, the
    live heap, the Firefox export's markers)."""

    def __init__(self, profile: Profile):
        self.stacks = profile.stacks
        self.sites: list[Site] = [_NO_STACK]        # key 0: no stack
        index: dict[Site, int] = {_NO_STACK: 0}

        def key(site):
            k = index.get(site)
            if k is None:
                k = index[site] = len(self.sites)
                self.sites.append(site)
            return k

        self.site = [key(site_of(f)) for f in profile.frames]
        self.function = [key(function_of(f)) for f in profile.frames]

    def leaf(self, stack: int, keys: list) -> int:
        frames = self.stacks[stack]
        return keys[frames[0]] if frames else 0

    def all(self, stack: int, keys: list):
        """Every distinct key on the stack (recursion counts once)."""
        frames = self.stacks[stack]
        return {keys[f] for f in frames} if frames else (0,)

    def rows(self, rows: dict[int, list]) -> list[SiteRow]:
        sites = self.sites
        return sorted((SiteRow(sites[k], _tally(v)) for k, v in rows.items()),
                      key=lambda r: (-r.tally.bytes, str(r.site)))


def _group(keys: SiteKeys, per_stack: dict[int, list], which: list, cumulative: bool) -> list[SiteRow]:
    rows: dict[int, list] = {}
    for stack, v in per_stack.items():
        for k in (keys.all(stack, which) if cumulative else (keys.leaf(stack, which),)):
            _add(rows, k, v)
    return keys.rows(rows)


def _types(profile, keys: SiteKeys, sums, top_sites) -> list[TypeRow]:
    totals: dict[int, list] = {}
    sites: dict[int, dict] = {}
    for (stack, type_id), v in sums.items():
        _add(totals, type_id, v)
        _add(sites.setdefault(type_id, {}), keys.leaf(stack, keys.site), v)
    large = profile.totals().large_bytes
    rows = [TypeRow(profile.type_name(t), t, _tally(v), large.get(t, 0), keys.rows(sites[t])[:top_sites])
            for t, v in totals.items()]
    rows.sort(key=lambda r: (-r.tally.bytes, r.name))
    return rows


def _gc(profile: Profile, duration_ns: int | None) -> GCSummary:
    minors = profile.minor_collections
    majors = profile.major_collections
    durations = [m.duration_ns for m in minors]
    phase_ns: Counter = Counter()
    major_time = 0
    major_max = None
    finished = 0
    for c in majors:
        for p in c.phases:
            if p.end_ns is not None:
                phase_ns[p.state] += p.end_ns - p.start_ns
        if c.end_ns is not None:
            finished += 1
            major_time += c.end_ns - c.start_ns
            major_max = max(major_max or 0, c.end_ns - c.start_ns)
    return GCSummary(
        minor_collections=len(minors),
        minor_per_second=len(minors) / (duration_ns / 1e9) if duration_ns else None,
        minor_time_ns=sum(durations),
        minor_pause_mean_ns=sum(durations) / len(durations) if durations else None,
        minor_pause_max_ns=max(durations) if durations else None,
        bytes_copied=sum(m.bytes_copied for m in minors),
        # (a file without these statistics, e.g. the fork's gcbench, shows none)
        total_memory_used=Range.of(m.total_memory_used for m in minors if "total_memory_used" in m.stats),
        total_size_of_arenas=Range.of(m.total_size_of_arenas for m in minors
                                      if "total_size_of_arenas" in m.stats),
        vmrss=Range.of(m.vmrss for m in minors if m.vmrss),
        major_collections=len(majors),
        major_unfinished=len(majors) - finished,
        major_time_ns=major_time,
        major_max_ns=major_max,
        major_phase_ns=dict(phase_ns),
        pauses=PauseSummary.of(profile.pauses, profile_origin_ns(profile), duration_ns),
    )


def _time(profile: Profile, keys: SiteKeys) -> TimeSummary | None:
    totals = profile.totals()
    if not totals.time_count:
        return None
    per_stack = totals.time_stacks
    n = totals.time_count
    own: Counter = Counter()
    cumulative: Counter = Counter()
    for stack, count in per_stack.items():
        own[keys.leaf(stack, keys.function)] += count
        for k in keys.all(stack, keys.function):
            cumulative[k] += count

    def rows(counter):
        sites = keys.sites
        return [TimeRow(sites[k], c, c / n)
                for k, c in sorted(counter.items(), key=lambda kv: (-kv[1], str(sites[kv[0]])))]

    return TimeSummary(n, profile.meta.time_period_ns or None, rows(own), rows(cumulative))


def duration_ns(profile: Profile) -> int | None:
    """The run's duration: from the file's start to its end or its last
    event, whichever is later."""
    m = profile.meta
    t = profile.totals()
    times = [ns for ns in (t.alloc_first_ns, t.alloc_last_ns, t.time_first_ns, t.time_last_ns) if ns is not None]
    times += [c.time_ns + c.duration_ns for c in profile.minor_collections[:1] + profile.minor_collections[-1:]]
    times += [e.time_ns for e in profile.major_events[-1:]]
    end = max(times + ([m.end_ns] if m.end_ns is not None else []), default=None)
    if end is not None and end > (start := profile_origin_ns(profile)):
        return end - start
    return m.duration_ns or None


def summarize(profile: Profile, total: Tally | None = None) -> Summary:
    """The [Summary] alone (cheap: no grouping by site)."""
    if total is None:
        total = Tally()
        for v in profile.totals().bins.values():
            total.add(_tally(v))
    meta = profile.meta
    heap = [m.total_memory_used for m in profile.minor_collections]
    heap += [e.total_memory_used for e in profile.major_events]
    return Summary(
        program=meta.program,
        argv=meta.argv,
        format_version=meta.format_version,
        layout=meta.layout,
        start_time=meta.start_time.isoformat(timespec="seconds") if meta.start_time else None,
        duration_ns=duration_ns(profile),
        alloc_sampling=meta.alloc_sampling,
        alloc_period=meta.alloc_period,
        time_period_ns=meta.time_period_ns,
        alloc_samples=profile.totals().alloc_count,
        time_samples=profile.totals().time_count,
        threads=len(profile.totals().threads),
        total=total,
        minor_collections=len(profile.minor_collections),
        major_collections=len(profile.major_collections),
        peak_heap=max(heap) if heap else None,
        bytes_copied=sum(m.bytes_copied for m in profile.minor_collections),
        recovered=meta.recovered,
        truncated_stacks=meta.truncated_stacks,
        warnings=sampling_warnings(meta.alloc_sampling, meta.alloc_period, profile.totals().alloc_count),
    )


def analyze(profile: Profile, top_sites_per_type: int = 3) -> Analysis:
    """Aggregate [profile] into an [Analysis] (see the module docstring)."""
    sums = profile.totals().bins
    per_stack = _per_stack(sums)
    total = [0, 0, 0, 0, 0.0, 0, 0.0]
    for v in per_stack.values():
        for i in range(N_SUMS):
            total[i] += v[i]
    summary = summarize(profile, _tally(total))
    keys = SiteKeys(profile)
    return Analysis(
        summary=summary,
        self_sites=_group(keys, per_stack, keys.site, False),
        cumulative_sites=_group(keys, per_stack, keys.site, True),
        self_functions=_group(keys, per_stack, keys.function, False),
        cumulative_functions=_group(keys, per_stack, keys.function, True),
        types=_types(profile, keys, sums, top_sites_per_type),
        gc=_gc(profile, summary.duration_ns),
        time=_time(profile, keys),
        profile=profile,
    )
