"""A profile's samples summed per (stack, object type): everything
`vmsample report`, `diff`, `validate` and the collapsed and pprof exports
read of them.

There are two ways to the same numbers:

* [SampleTotals.of_columns] sums the columns of a profile that was read
  whole (`read_profile(path)`);
* [TotalsAccumulator] sums sample records as the reader decodes them
  (`read_profile(path, aggregate=True)`), so that a command which only
  aggregates never holds the samples.  It is a user of fate.FateStream,
  which keeps of the samples only those whose fate is not final yet (one
  nursery's worth, and the sampled live heap); the reader pairs each info
  record with its main-section stack record by reading the main section a
  second time, beside the extension (_assemble.MainSectionCursor).

The two agree exactly, to the last bit of the float sums: integer sums are
exact, and float sums add one sample at a time in file order in both
(`np.bincount` over a whole column, `np.add.at` over a run of it).  The
tests compare them on every file they read.

A file the stream does not follow (fate.py) raises fate.Irregular, and the
reader reads that file whole instead.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import format as F
from .columns import NONE, distinct, group, sum_by
from .fate import FateUser, Irregular, Outcome

# The sums of a bin, in this order (report/analysis.py's Tally): samples,
# estimated bytes, bytes that died young, bytes that survived their first
# minor collection, estimated objects, bytes and objects alive at the end.
SUMS = ("samples", "bytes", "died", "survived", "objects", "live_bytes", "live_objects")


def has_lifetimes(meta) -> bool:
    """Whether the file records the deaths of sampled objects (vmsample
    writers since lifetimes exist also write META alloc_weights)."""
    return F.META_ALLOC_WEIGHTS in meta.raw


@dataclass(slots=True)
class SampleTotals:
    """The samples of one profile, summed."""

    # (stack, type id) -> the SUMS of its allocation samples
    bins: dict[tuple[int, int], list]
    # type id -> estimated bytes in large objects
    large_bytes: dict[int, int]
    alloc_count: int
    # time_ns of the first and last allocation sample in file order (None: no samples)
    alloc_first_ns: int | None
    alloc_last_ns: int | None
    # stack -> number of time samples
    time_stacks: dict[int, int]
    time_count: int
    # time_ns of the first and last time sample (None: no samples, or no time)
    time_first_ns: int | None
    time_last_ns: int | None
    threads: frozenset[int]

    @classmethod
    def of_columns(cls, profile) -> SampleTotals:
        """The totals of a profile read whole."""
        a, t = profile.alloc_samples, profile.time_samples
        bins: dict = {}
        large: dict = {}
        if len(a):
            (stacks, types), which = group(a.stack, a.type_id)
            w = a.weight
            survived = a.outcome == Outcome.SURVIVED
            live = survived & (a.died_major < 0) if has_lifetimes(profile.meta) else np.zeros(len(a), bool)
            sums = sum_by(which, len(stacks), np.ones(len(a), np.int64), w, np.where(a.outcome == Outcome.DIED, w, 0),
                          np.where(survived, w, 0), a.objects, np.where(live, w, 0), np.where(live, a.objects, 0.0))
            bins = {key: list(v) for key, v in zip(zip(stacks.tolist(), types.tolist()),
                                                   zip(*(c.tolist() for c in sums)))}
            large_types, which = distinct(a.type_id[a.large])
            large = dict(zip(large_types.tolist(), sum_by(which, len(large_types), a.weight[a.large])[0].tolist()))
        time_stacks = dict(zip(*(c.tolist() for c in np.unique(t.stack, return_counts=True))))
        threads = frozenset(np.unique(a.thread_id).tolist()) | frozenset(np.unique(t.thread_id).tolist())
        return cls(bins, large, len(a), _int(a.time_ns, 0), _int(a.time_ns, -1), time_stacks, len(t),
                   _time(t.time_ns, 0), _time(t.time_ns, -1), threads)


def _int(column, i):
    return int(column[i]) if len(column) else None


def _time(column, i):
    return None if not len(column) or column[i] == NONE else int(column[i])


class _Growing:
    """Per-bin sum arrays that grow as bins appear."""

    def __init__(self):
        self.ints = np.zeros((5, 64), np.int64)        # samples, bytes, died, survived, live bytes
        self.floats = np.zeros((2, 64), np.float64)     # objects, live objects

    def reserve(self, n):
        if n > self.ints.shape[1]:
            size = max(n, 2 * self.ints.shape[1])
            self.ints = np.pad(self.ints, ((0, 0), (0, size - self.ints.shape[1])))
            self.floats = np.pad(self.floats, ((0, 0), (0, size - self.floats.shape[1])))


_SAMPLES, _BYTES, _DIED, _SURVIVED, _LIVE_BYTES = range(5)
_OBJECTS, _LIVE_OBJECTS = range(2)


class TotalsAccumulator(FateUser):
    """Sums allocation and time samples given in runs, in file order.

    [allocations] takes a run of allocation samples and returns their bins;
    [times] a run of time samples; as a fate.FateUser it adds each sample's
    bytes to "died" or "survived" when its outcome is known, and the
    survivors alive at the end to the live sums; [totals] is the result.
    Its state: (stack, type) -> bin number, and the sums per bin."""

    COLUMNS = ("bin", "bytes", "objects")

    def __init__(self):
        self.bin_of: dict[int, int] = {}         # stack << 32 | type id -> bin
        self.keys: list[int] = []
        self.sums = _Growing()
        self.large: dict[int, int] = {}
        self.threads: set[int] = set()
        self.alloc_count = 0
        self.alloc_first = self.alloc_last = None
        self.time_stacks: dict[int, int] = {}
        self.time_count = 0
        self.time_first = self.time_last = None

    # ------------------------------------------------------------ samples
    def allocations(self, time_ns, thread_id, type_id, large, stack, nbytes, objects) -> np.ndarray:
        """A run of allocation samples (numpy columns, file order) -> the bin of each."""
        n = len(time_ns)
        if not n:
            return np.zeros(0, np.int64)
        if int(type_id.min()) < 0 or int(type_id.max()) >= 2**32:
            raise Irregular("a type id outside u32")
        if self.alloc_first is None:
            self.alloc_first = int(time_ns[0])
        self.alloc_last = int(time_ns[-1])
        self.alloc_count += n
        self.threads.update(np.unique(thread_id).tolist())

        which = self._bins(stack, type_id)
        ints, floats = self.sums.ints, self.sums.floats
        ints[_SAMPLES] += np.bincount(which, minlength=ints.shape[1])
        np.add.at(ints[_BYTES], which, nbytes)
        np.add.at(floats[_OBJECTS], which, objects)
        if large.any():
            types, at = distinct(type_id[large])
            for t, b in zip(types.tolist(), sum_by(at, len(types), nbytes[large])[0].tolist()):
                self.large[t] = self.large.get(t, 0) + b
        return which

    def _bins(self, stack, type_id) -> np.ndarray:
        keys, which = distinct((stack.astype(np.int64) << 32) | type_id.astype(np.int64))
        number = np.empty(len(keys), np.int64)
        for i, k in enumerate(keys.tolist()):
            b = self.bin_of.get(k)
            if b is None:
                b = self.bin_of[k] = len(self.keys)
                self.keys.append(k)
            number[i] = b
        self.sums.reserve(len(self.keys))
        return number[which]

    def times(self, time_ns, thread_id, stack):
        """A run of time samples."""
        if not len(time_ns):
            return
        stacks, counts = np.unique(stack, return_counts=True)
        for s, c in zip(stacks.tolist(), counts.tolist()):
            self.time_stacks[s] = self.time_stacks.get(s, 0) + c
        if self.time_count == 0:
            self.time_first = _time(time_ns, 0)
        self.time_last = _time(time_ns, -1)
        self.time_count += len(time_ns)
        self.threads.update(np.unique(thread_id).tolist())

    # ------------------------------------------------------------ fates
    def died_young(self, seq, rows, minor_ns):
        np.add.at(self.sums.ints[_DIED], rows["bin"], rows["bytes"])

    def survived(self, seq, rows, minor_ns):
        np.add.at(self.sums.ints[_SURVIVED], rows["bin"], rows["bytes"])

    def end(self, unresolved_seq, unresolved, alive_seq, alive):
        if alive is not None:
            np.add.at(self.sums.ints[_LIVE_BYTES], alive["bin"], alive["bytes"])
            np.add.at(self.sums.floats[_LIVE_OBJECTS], alive["bin"], alive["objects"])

    # ------------------------------------------------------------ result
    def totals(self) -> SampleTotals:
        """The sums, after the fate stream's end."""
        ints, floats = self.sums.ints, self.sums.floats
        n = len(self.keys)
        columns = [ints[_SAMPLES], ints[_BYTES], ints[_DIED], ints[_SURVIVED], floats[_OBJECTS],
                   ints[_LIVE_BYTES], floats[_LIVE_OBJECTS]]
        rows = zip(*(c[:n].tolist() for c in columns))
        bins = {(k >> 32, k & 0xFFFFFFFF): list(v) for k, v in zip(self.keys, rows)}
        return SampleTotals(dict(sorted(bins.items())), dict(sorted(self.large.items())), self.alloc_count,
                            self.alloc_first, self.alloc_last, dict(sorted(self.time_stacks.items())),
                            self.time_count, self.time_first, self.time_last, frozenset(self.threads))
