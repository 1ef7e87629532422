"""The live heap of a profile: what its sampled objects say about the memory
in use, from the lives the nursery core records (docs/design.md §2.5).

Every sample with a known fate has a life: born at its sample's time, dead
at its minor collection (died young), at the major collection whose DEATHS
record names it (died old), or never (alive when profiling stopped).  From
those, weighted like every estimate ([AllocationSample.weight] bytes,
[.objects] objects):

* the live heap **at the end** and **at its peak** (the moment the live
  sampled bytes were highest), by site and by type;
* **leak suspects**: sites whose live bytes after each major collection
  never went down (up to the end) and grew from the first major collection
  to the last -- what survives collection after collection and keeps coming;
* **lifetimes** per site: the share of its bytes that died young, died in a
  major collection (and how many major collections they survived first), or
  were alive at the end.

Samples whose fate is unknown (taken after the last minor collection) are
left out.  Files that do not record deaths have no live heap (None).
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass

from vmsample.profile.model import Outcome, Profile

from .analysis import Site, _Keys, has_lifetimes

# A leak suspect needs at least this many major collections to grow across.
MIN_MAJORS_FOR_LEAKS = 3


@dataclass(slots=True)
class LiveRow:
    """Live bytes and objects of one site or type at one moment."""

    name: str                   # the type name, or the site's function
    site: Site | None
    bytes: int
    objects: float

    def to_json(self, total: int) -> dict:
        where = {"function": self.site.function, "file": self.site.file, "line": self.site.line} \
            if self.site else {"type": self.name}
        return {**where, "live_bytes": self.bytes, "live_objects": round(self.objects, 1),
                "share": self.bytes / total if total else 0.0}


@dataclass(slots=True)
class Snapshot:
    """The live heap at [time_ns] (monotonic ns), by site and by type."""

    time_ns: int | None
    bytes: int
    objects: float
    sites: list[LiveRow]
    types: list[LiveRow]

    def to_json(self, limit: int | None) -> dict:
        return {"time_ns": self.time_ns, "live_bytes": self.bytes, "live_objects": round(self.objects, 1),
                "sites": [r.to_json(self.bytes) for r in self.sites[:limit]],
                "types": [r.to_json(self.bytes) for r in self.types[:limit]]}


@dataclass(slots=True)
class LeakSuspect:
    """A site whose live bytes after each major collection never decreased."""

    site: Site
    after_majors: list[int]     # live bytes after major collection 1, 2, ...
    end_bytes: int

    @property
    def growth(self) -> int:
        return self.end_bytes - self.after_majors[0]

    def to_json(self) -> dict:
        return {"function": self.site.function, "file": self.site.file, "line": self.site.line,
                "live_bytes_after_majors": self.after_majors, "live_bytes": self.end_bytes,
                "growth_bytes": self.growth}


@dataclass(slots=True)
class Lifetime:
    """How a site's sampled bytes ended (bytes with a known fate)."""

    site: Site
    died_young: int
    died_old: int
    alive: int
    majors_survived: float | None   # mean over the bytes that died old

    @property
    def total(self) -> int:
        return self.died_young + self.died_old + self.alive

    def to_json(self) -> dict:
        return {"function": self.site.function, "file": self.site.file, "line": self.site.line,
                "died_young_bytes": self.died_young, "died_old_bytes": self.died_old,
                "alive_bytes": self.alive, "majors_survived": self.majors_survived}


@dataclass(slots=True)
class LiveHeap:
    end: Snapshot
    peak: Snapshot
    leak_suspects: list[LeakSuspect]
    lifetimes: list[Lifetime]
    timeline: list[tuple[int, int]]     # (time ns, live sampled bytes) after each change

    def to_json(self, limit: int | None = None) -> dict:
        return {"end": self.end.to_json(limit), "peak": self.peak.to_json(limit),
                "leak_suspects": [r.to_json() for r in self.leak_suspects[:limit]],
                "lifetimes": [r.to_json() for r in self.lifetimes[:limit]]}


def lives(profile: Profile):
    """(sample, death ns or None) of every sample with a known fate."""
    for s in profile.alloc_samples:
        if s.outcome == Outcome.DIED or s.outcome == Outcome.SURVIVED:
            yield s, s.death_ns


def _snapshot(profile, keys, samples, time_ns) -> Snapshot:
    sites: dict[int, list] = {}
    types: dict[int, list] = {}
    total = [0, 0.0]
    for s in samples:
        for table, key in ((sites, keys.leaf(s.stack, keys.site)), (types, s.type_id)):
            row = table.setdefault(key, [0, 0.0])
            row[0] += s.weight
            row[1] += s.objects
        total[0] += s.weight
        total[1] += s.objects

    def rows(table, make):
        return sorted((make(k, v) for k, v in table.items()), key=lambda r: (-r.bytes, r.name))

    return Snapshot(time_ns, total[0], total[1],
                    rows(sites, lambda k, v: LiveRow(keys.sites[k].function, keys.sites[k], v[0], v[1])),
                    rows(types, lambda k, v: LiveRow(profile.type_name(k), None, v[0], v[1])))


def _sweep_times(profile: Profile) -> list[int]:
    """When each major collection of the file started sweeping, in order (a
    DEATHS record carries that time, so deaths are placed by it)."""
    return [next((p.start_ns for p in c.phases if p.state == "SWEEPING"), c.start_ns)
            for c in profile.major_collections]


def live_heap(profile: Profile, keys: _Keys | None = None) -> LiveHeap | None:
    if not has_lifetimes(profile):
        return None
    keys = keys or _Keys(profile)
    known = list(lives(profile))
    # The live curve: +weight at birth, -weight at death.
    changes = sorted([(s.time_ns, s.weight) for s, _ in known]
                     + [(d, -s.weight) for s, d in known if d is not None])
    timeline, live = [], 0
    for t, w in changes:
        live += w
        if timeline and timeline[-1][0] == t:       # the value after every change at [t]
            timeline[-1] = (t, live)
        else:
            timeline.append((t, live))
    peak = max((v for _, v in timeline), default=0)
    peak_ns = next(t for t, v in timeline if v == peak) if peak else None

    def alive_at(t):
        return [s for s, d in known if s.time_ns <= t and (d is None or d > t)]

    end = _snapshot(profile, keys, [s for s, _ in known if s.alive_at_end], profile.meta.end_ns)
    at_peak = _snapshot(profile, keys, alive_at(peak_ns) if peak_ns is not None else [], peak_ns)
    sweeps = _sweep_times(profile)
    return LiveHeap(end, at_peak, _leak_suspects(keys, known, sweeps), _lifetimes(keys, known, sweeps),
                    timeline)


def _leak_suspects(keys, known, sweeps) -> list[LeakSuspect]:
    m = len(sweeps)
    if m < MIN_MAJORS_FOR_LEAKS:
        return []
    # Per site, difference arrays over the major collections: a survivor
    # born before sweep i and not found dead by major i counts after major i.
    diff: dict[int, list] = {}
    end: dict[int, int] = {}
    for s, death in known:
        if s.outcome != Outcome.SURVIVED:
            continue
        k = keys.leaf(s.stack, keys.site)
        first = bisect.bisect_right(sweeps, s.time_ns)          # the first major after its birth
        last = bisect.bisect_left(sweeps, death) if death is not None else m     # the one that found it dead
        if first < last:
            d = diff.setdefault(k, [0] * (m + 1))
            d[first] += s.weight
            d[last] -= s.weight
        if s.died_major is None:
            end[k] = end.get(k, 0) + s.weight
    out = []
    for k, d in diff.items():
        series, live = [], 0
        for i in range(m):
            live += d[i]
            series.append(live)
        points = series + [end.get(k, 0)]
        if all(b >= a for a, b in zip(points, points[1:])) and series[-1] > series[0]:
            out.append(LeakSuspect(keys.sites[k], series, end.get(k, 0)))
    out.sort(key=lambda r: (-r.growth, str(r.site)))
    return out


def _lifetimes(keys, known, sweeps) -> list[Lifetime]:
    rows: dict[int, list] = {}      # [died young, died old, alive, majors survived x bytes]
    for s, death in known:
        row = rows.setdefault(keys.leaf(s.stack, keys.site), [0, 0, 0, 0])
        if s.outcome == Outcome.DIED:
            row[0] += s.weight
        elif death is not None:
            row[1] += s.weight
            row[3] += s.weight * (bisect.bisect_left(sweeps, death) - bisect.bisect_right(sweeps, s.time_ns))
        else:
            row[2] += s.weight
    out = [Lifetime(keys.sites[k], v[0], v[1], v[2], v[3] / v[1] if v[1] else None)
           for k, v in rows.items()]
    out.sort(key=lambda r: (-r.total, str(r.site)))
    return out
