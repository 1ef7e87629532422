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

Samples merged within time slices (vmsample/profile/merge.py; `report
--live` reads them so) give the same live heap at the end, leak suspects
and lifetimes: no merged row straddles a major-collection event.  The
peak's moment is then known to within a slice ([LiveHeap.slice_ns]).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from vmsample.profile.columns import by_first_use, distinct, sum_by
from vmsample.profile.model import NONE, Outcome, Profile
from vmsample.profile.totals import has_lifetimes

from .analysis import Site, SiteKeys

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
    slice_ns: int | None = None         # the samples were merged within time slices this wide

    def to_json(self, limit: int | None = None) -> dict:
        return {"end": self.end.to_json(limit), "peak": self.peak.to_json(limit), "merged_slice_ns": self.slice_ns,
                "leak_suspects": [r.to_json() for r in self.leak_suspects[:limit]],
                "lifetimes": [r.to_json() for r in self.lifetimes[:limit]]}


class Lives:
    """The samples with a known fate, as columns: each one's site key (the
    leaf site of its stack), type id, birth, death (NONE: alive at the end),
    weight, objects, outcome and whether a major collection found it dead."""

    def __init__(self, profile: Profile, keys: SiteKeys):
        a = profile.alloc_samples
        known = np.flatnonzero((a.outcome == Outcome.DIED) | (a.outcome == Outcome.SURVIVED))
        stacks, at = distinct(a.stack[known])
        self.site = np.array([keys.leaf(k, keys.site) for k in stacks.tolist()], np.int64)[at]
        self.type_id = a.type_id[known]
        self.born = a.time_ns[known]
        self.death = a.death_ns[known]
        self.dead = self.death != NONE
        self.weight = a.weight[known]
        self.objects = a.objects[known]
        self.died_young = a.outcome[known] == Outcome.DIED
        self.alive_at_end = ~self.died_young & (a.died_major[known] < 0)


def _by_first_use(keys, *columns):
    """Per distinct [keys] value, in the order the samples first use them:
    (the keys, the sum of each column)."""
    values, which = distinct(keys)
    sums = sum_by(which, len(values), *columns)
    order = by_first_use(which)
    return values[order].tolist(), [c[order].tolist() for c in sums]


def _snapshot(profile, keys, lives: Lives, alive: np.ndarray, time_ns) -> Snapshot:
    w, o = lives.weight[alive], lives.objects[alive]

    def rows(key, make):
        values, (nbytes, objects) = _by_first_use(key[alive], w, o)
        return sorted((make(k, b, n) for k, b, n in zip(values, nbytes, objects)), key=lambda r: (-r.bytes, r.name))

    return Snapshot(time_ns, int(w.sum()), sum(o.tolist()),
                    rows(lives.site, lambda k, b, n: LiveRow(keys.sites[k].function, keys.sites[k], b, n)),
                    rows(lives.type_id, lambda k, b, n: LiveRow(profile.type_name(k), None, b, n)))


def _sweep_times(profile: Profile) -> list[int]:
    """When each major collection of the file started sweeping, in order (a
    DEATHS record carries that time, so deaths are placed by it)."""
    return [next((p.start_ns for p in c.phases if p.state == "SWEEPING"), c.start_ns)
            for c in profile.major_collections]


def live_heap(profile: Profile, keys: SiteKeys | None = None) -> LiveHeap | None:
    if not has_lifetimes(profile.meta):
        return None
    keys = keys or SiteKeys(profile)
    lives = Lives(profile, keys)
    # The live curve: +weight at birth, -weight at death, in (time, change) order.
    times = np.concatenate([lives.born, lives.death[lives.dead]])
    changes = np.concatenate([lives.weight, -lives.weight[lives.dead]])
    order = np.lexsort((changes, times))
    times, live = times[order], np.cumsum(changes[order])
    last = np.r_[times[1:] != times[:-1], True][:len(times)]     # the value after every change at a time
    timeline = list(zip(times[last].tolist(), live[last].tolist()))
    peak = max(int(live.max()), 0) if len(live) else 0
    peak_ns = timeline[int(np.argmax(live[last] == peak))][0] if peak else None
    end = _snapshot(profile, keys, lives, lives.alive_at_end, profile.meta.end_ns)
    alive_at_peak = (lives.born <= peak_ns) & (~lives.dead | (lives.death > peak_ns)) if peak_ns is not None \
        else np.zeros(len(lives.born), bool)
    at_peak = _snapshot(profile, keys, lives, alive_at_peak, peak_ns)
    sweeps = np.array(_sweep_times(profile), np.int64)
    return LiveHeap(end, at_peak, _leak_suspects(keys, lives, sweeps), _lifetimes(keys, lives, sweeps), timeline,
                    profile.alloc_samples.slice_ns)


def _majors_between(sweeps, born, death):
    """(the first major collection after each birth, the one that found it
    dead -- len(sweeps) for those alive at the end)."""
    first = np.searchsorted(sweeps, born, side="right")
    last = np.where(death != NONE, np.searchsorted(sweeps, death, side="left"), len(sweeps))
    return first, last


def _leak_suspects(keys, lives: Lives, sweeps) -> list[LeakSuspect]:
    m = len(sweeps)
    if m < MIN_MAJORS_FOR_LEAKS:
        return []
    # Per site, difference arrays over the major collections: a survivor
    # born before sweep i and not found dead by major i counts after major i.
    survived = ~lives.died_young
    site, weight = lives.site[survived], lives.weight[survived]
    first, last = _majors_between(sweeps, lives.born[survived], lives.death[survived])
    counted = first < last
    sites, row = distinct(site[counted])
    diff = np.zeros((len(sites), m + 1), np.int64)
    np.add.at(diff, (row, first[counted]), weight[counted])
    np.add.at(diff, (row, last[counted]), -weight[counted])
    alive = lives.alive_at_end
    end_sites, (end_bytes,) = _by_first_use(lives.site[alive], lives.weight[alive])
    end = dict(zip(end_sites, end_bytes))
    out = []
    for k, series in zip(sites.tolist(), np.cumsum(diff[:, :m], axis=1).tolist()):
        points = series + [end.get(k, 0)]
        if all(b >= a for a, b in zip(points, points[1:])) and series[-1] > series[0]:
            out.append(LeakSuspect(keys.sites[k], series, end.get(k, 0)))
    out.sort(key=lambda r: (-r.growth, str(r.site)))
    return out


def _lifetimes(keys, lives: Lives, sweeps) -> list[Lifetime]:
    w = lives.weight
    died_old = lives.dead & ~lives.died_young
    first, last = _majors_between(sweeps, lives.born, lives.death)
    sites, sums = _by_first_use(lives.site, np.where(lives.died_young, w, 0), np.where(died_old, w, 0),
                                np.where(~lives.dead, w, 0), np.where(died_old, w * (last - first), 0))
    out = [Lifetime(keys.sites[k], young, old, alive, majors / old if old else None)
           for k, young, old, alive, majors in zip(sites, *sums)]
    out.sort(key=lambda r: (-r.total, str(r.site)))
    return out
