"""Samples merged within time slices: any profile in at most about
[MAX_ROWS] rows, which is what the exports that a browser opens (Firefox
Profiler, speedscope, the HTML page) and `report --live` read of it.

A *row* stands for the samples that share a key and a time slice: its
weight, objects and count are theirs summed, its seq and time the first
one's (its size and death the least).  The key of an allocation sample is
everything a view tells apart -- thread, stack, type, outcome, large or not,
the major collection that found it dead and the slice of its death -- and
its *epoch*, the major-collection events (start, phase changes, end) before
its birth, so that no row straddles one: which major collections a row's
objects lived through is theirs exactly (report/live.py's leak suspects and
lifetimes).  A row differs from its samples only in *when* within one slice
each was taken.  A time sample's key is its thread and stack.

Slices are 2**k ns wide, counted from the profile's start, so that a slice
of one width lies within one slice of every wider width: rows merged at one
width merge again, exactly, at a wider one.  The width is a function of the
samples alone:

* no merging (one row per sample) when there are at most [MAX_ROWS];
* else the narrowest width at which the rows number at most [MAX_ROWS]
  (2**62 ns at the widest: one slice, the rows then being as many as keys).

Merging a whole profile ([merged]) and merging as the reader resolves the
samples ([SampleMerger]; [MergedFates] feeds it from fate.FateStream) therefore give the
same rows whatever order the samples come in: adding samples never lowers
the rows at a width, so the width a stream settles on is the narrowest one
that fits all of them.  Only the float sums (objects) may differ, in the
last bits, by the order of their additions.

Rows are in seq order (time samples: file order) -- time order per thread,
as the samples were.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from .columns import NONE, count_groups, sorted_groups
from .fate import FateUser, Outcome
from .model import AllocationSamples, MergedAllocationSamples, MergedTimeSamples, Profile, TimeSamples, \
    profile_origin_ns

# Rows past which samples are merged (read at call time: tests lower it).
MAX_ROWS = 250_000

_WIDEST = 62        # slices of 2**62 ns: one slice for any run


@dataclasses.dataclass(frozen=True)
class _Kind:
    """How the rows of one kind of sample merge: the columns that are keys,
    those summed, and those of the first sample (the minimum: seq and time
    grow together)."""

    keys: tuple[str, ...]
    sums: tuple[str, ...]
    firsts: tuple[str, ...]
    # the column whose slice is also a key, beside the sample's own time
    # (allocations: the death), or None
    also_sliced: str | None
    # whether the epoch is a key
    epochs: bool


ALLOCATIONS = _Kind(keys=("thread_id", "stack", "type_id", "outcome", "large", "died_major", "epoch"),
                    sums=("weight", "objects", "count"),
                    firsts=("seq", "time_ns", "size", "death_ns"),
                    also_sliced="death_ns", epochs=True)
# Time samples have no seq: "seq" is their number in file order; stock
# vmprof files (version < 7) have no times either, and are sliced as if
# taken one timer period apart.
TIMES = _Kind(keys=("thread_id", "stack"), sums=("weight", "count"), firsts=("seq", "time_ns", "memory_kb"),
              also_sliced=None, epochs=False)


class SampleMerger:
    """Rows of one kind of sample, merged as the samples come ([add], any
    order), kept at most [max_rows] (see the module docstring);
    [rows] the result, in seq order.  [major_times]() gives the times of
    the major-collection events so far, sorted: when a sample comes, every
    event before its birth must be among them (the reader resolves a
    sample after the records written before its outcome)."""

    def __init__(self, kind: _Kind, start_ns: int, period_ns: int, max_rows: int | None = None,
                 major_times=None):
        self.kind = kind
        self.major_times = major_times
        self.start_ns = start_ns
        self.period_ns = period_ns or 1_000_000
        self.max_rows = MAX_ROWS if max_rows is None else max_rows
        self.parts: list[dict] = []
        self.n_rows = 0
        self.samples = 0
        self.level: int | None = None      # None: one row per sample; k: slices of 2**k ns

    def add(self, columns: dict) -> None:
        """A batch of samples: one array per column of the kind but count
        (each stands for itself)."""
        n = len(columns["seq"])
        if not n:
            return
        self.samples += n
        columns["count"] = np.ones(n, np.int64)
        if self.kind.epochs:
            columns["epoch"] = np.searchsorted(self.major_times(), columns["time_ns"], side="right")
        if self.level is not None:
            columns = self._merge(columns, self.level)
        self.parts.append(columns)
        self.n_rows += len(columns["seq"])
        if self.n_rows > self.max_rows:
            self._fit()

    def _joined(self) -> dict:
        if len(self.parts) != 1:
            self.parts = [{c: np.concatenate([p[c] for p in self.parts]) for c in self.parts[0]}]
        return self.parts[0]

    def _fit(self):
        # The narrowest width, from the present one, at which the rows fit.
        # Merge at the present width (mostly they fit then); else, as rows
        # at a width only fall as it widens, search up by doubling steps
        # (the next width mostly fits), then bisect, counting the rows each
        # width would make, and merge at the one found.
        lo = 0 if self.level is None else self.level
        rows = self._merge(self._joined(), lo)
        if len(rows["seq"]) > self.max_rows:
            # (the first time, the answer may be anywhere: bisect at once)
            step = 1 if self.level is not None else _WIDEST
            while True:                 # rows at lo do not fit
                hi = min(lo + step, _WIDEST)
                if hi == _WIDEST or self._rows_at(rows, hi) <= self.max_rows:
                    break
                lo, step = hi, step * 2
            while hi - lo > 1:          # ... at hi they fit, or hi is the widest
                mid = (lo + hi) // 2
                lo, hi = (lo, mid) if self._rows_at(rows, mid) <= self.max_rows else (mid, hi)
            lo = hi
            rows = self._merge(rows, lo)
        self.level = lo
        self.parts = [rows]
        self.n_rows = len(rows["seq"])

    def _slice(self, times: np.ndarray, seq: np.ndarray, level: int) -> np.ndarray:
        t = np.where(times == NONE, self.start_ns + seq.astype(np.int64) * self.period_ns, times)
        return np.maximum(t - self.start_ns, 0) >> level

    def _keys(self, rows: dict, level: int) -> list:
        """The columns that make a row's key at slices of 2**[level] ns."""
        k = self.kind
        keys = [rows[c] for c in k.keys] + [self._slice(rows["time_ns"], rows["seq"], level)]
        if k.also_sliced:
            other = rows[k.also_sliced]
            keys.append(np.where(other == NONE, -1, self._slice(other, rows["seq"], level)))
        return keys

    def _rows_at(self, rows: dict, level: int) -> int:
        return count_groups(*self._keys(rows, level))

    def _merge(self, rows: dict, level: int) -> dict:
        """[rows] merged at slices of 2**[level] ns."""
        k = self.kind
        order, starts = sorted_groups(*self._keys(rows, level))
        if len(starts) == len(order):
            return rows
        out = {}
        for c in k.keys:
            out[c] = rows[c][order[starts]]
        for c in k.sums:
            out[c] = np.add.reduceat(rows[c][order], starts)
        for c in k.firsts:
            out[c] = np.minimum.reduceat(rows[c][order], starts)
        return out

    def rows(self) -> tuple[dict, int | None]:
        """(the rows in seq order, the slice width in ns or None: not merged)."""
        if not self.parts:
            return {}, None
        rows = self._joined()
        order = np.argsort(rows["seq"], kind="stable")
        return {c: v[order] for c, v in rows.items()}, (None if self.level is None else 1 << self.level)


class MergedFates(FateUser):
    """A user of fate.FateStream that gives each allocation sample to the
    allocation [merger] once its fate is final: when its outcome says it
    died young, when DEATHS names it (or, in a file without [lifetimes], at
    its survival), or at the end."""

    COLUMNS = ("time_ns", "thread_id", "type_id", "size", "large", "stack", "bytes", "objects")

    def __init__(self, merger: SampleMerger, lifetimes: bool):
        self.merger = merger
        self.lifetimes = lifetimes

    def _add(self, seq, rows, outcome, death_ns, died_major):
        n = len(seq)
        if not n:
            return
        self.merger.add({
            "seq": seq, "time_ns": rows["time_ns"], "thread_id": rows["thread_id"], "type_id": rows["type_id"],
            "size": rows["size"], "large": rows["large"], "outcome": np.full(n, outcome, np.uint8),
            "stack": rows["stack"], "weight": rows["bytes"], "objects": rows["objects"],
            "death_ns": np.broadcast_to(np.asarray(death_ns, np.int64), (n,)).copy(),
            "died_major": np.full(n, died_major, np.int64)})

    def died_young(self, seq, rows, minor_ns):
        self._add(seq, rows, Outcome.DIED, minor_ns, -1)

    def survived(self, seq, rows, minor_ns):
        if not self.lifetimes:
            self._add(seq, rows, Outcome.SURVIVED, NONE, -1)

    def died(self, seq, rows, major, time_ns):
        self._add(seq, rows, Outcome.SURVIVED, time_ns, min(major, 2**63 - 1))

    def end(self, unresolved_seq, unresolved, alive_seq, alive):
        self._add(unresolved_seq, unresolved, Outcome.UNKNOWN, NONE, -1)
        if alive is not None:
            self._add(alive_seq, alive, Outcome.SURVIVED, NONE, -1)


def allocation_merger(start_ns, major_times, max_rows=None) -> SampleMerger:
    return SampleMerger(ALLOCATIONS, start_ns, 0, max_rows, major_times)


def time_merger(start_ns, period_ns, max_rows=None) -> SampleMerger:
    return SampleMerger(TIMES, start_ns, period_ns, max_rows)


def _columns(merger: SampleMerger, cls, empty, *labels_of):
    """The merger's rows as [cls] columns, after the labels [labels_of]
    make of them (what is not a field of [cls], as the epoch and the time
    samples' seq, was a key only)."""
    rows, width = merger.rows()
    if not rows:
        rows = {c: getattr(empty, c) for c in empty.FIELDS} | {"count": np.zeros(0, np.int64)}
    return cls(*(label(rows) for label in labels_of), width, merger.samples, **{c: rows[c] for c in cls.FIELDS})


def allocation_rows(merger: SampleMerger, type_names_of) -> MergedAllocationSamples:
    """[_columns] of allocation samples; [type_names_of] maps a type id
    column to the names of its ids."""
    return _columns(merger, MergedAllocationSamples, AllocationSamples.empty(),
                    lambda rows: type_names_of(rows["type_id"]))


def time_rows(merger: SampleMerger) -> MergedTimeSamples:
    return _columns(merger, MergedTimeSamples, TimeSamples.empty())


def merged(profile: Profile, max_rows: int | None = None) -> Profile:
    """[profile] with its samples merged within time slices (see the module
    docstring); a profile merged already is returned as it is."""
    a, t = profile.alloc_samples, profile.time_samples
    if isinstance(a, MergedAllocationSamples) and isinstance(t, MergedTimeSamples):
        return profile
    start = profile_origin_ns(profile)
    major_times = np.sort(np.array([e.time_ns for e in profile.major_events], np.int64))
    am = allocation_merger(start, lambda: major_times, max_rows)
    am.add({c: getattr(a, c) for c in AllocationSamples.FIELDS})
    tm = time_merger(start, profile.meta.time_period_ns, max_rows)
    tm.add({c: getattr(t, c) for c in TimeSamples.FIELDS} | {"seq": np.arange(len(t), dtype=np.uint64)})
    return profile.summarized(allocation_rows(am, lambda _: a.type_names), time_rows(tm))
