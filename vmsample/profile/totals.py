"""A profile's samples summed per (stack, object type): everything
`vmsample report`, `diff`, `validate` and the collapsed and pprof exports
read of them.

There are two ways to the same numbers:

* [SampleTotals.of_columns] sums the columns of a profile that was read
  whole (`read_profile(path)`);
* [TotalsAccumulator] sums sample records as the reader decodes them
  (`read_profile(path, aggregate=True)`), so that a command which only
  aggregates never holds the samples.  What it keeps of them is the samples
  whose outcome no minor collection has given yet (one nursery's worth) and
  the survivors still alive (the sampled live heap); the reader pairs each
  info record with its main-section stack record by reading the main
  section a second time, beside the extension (reader.MainSectionCursor).

The two agree exactly, to the last bit of the float sums: integer sums are
exact, and float sums add one sample at a time in file order in both
(`np.bincount` over a whole column, `np.add.at` over a run of it).  The
tests compare them on every file they read.

The accumulator follows what vmsample's writer does: sequence numbers
consecutive in file order, a sample's outcome given once by a minor
collection after it, its death (DEATHS) after its survival.  A file that
does anything else -- legal, since the model resolves every record by
sequence number wherever it is -- makes it raise [Irregular], and the
reader reads that file whole instead.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import format as F
from .columns import distinct, group, sum_by
from .model import NONE, Outcome

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


class Irregular(Exception):
    """The file does something the accumulator does not follow (see the
    module docstring); it is read whole instead."""


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


# The columns of a sample that a merger (merge.py) needs beside those the
# sums need: kept in the window and among the survivors only when merging.
_MERGED_EXTRA = ("time_ns", "thread_id", "type_id", "size", "large", "stack")


class TotalsAccumulator:
    """Sums allocation and time samples given in runs, in file order.

    [allocations] takes a run of allocation samples; [outcomes] minor
    collections' outcome bytes; [deaths] a DEATHS record's seqs; [finish]
    the end; [totals] the result.  State between calls:

    * bins: (stack, type) -> bin number, and the sums per bin;
    * the *window*: the samples from the oldest one without an outcome to
      the newest, each with its bin, bytes and objects and whether an
      outcome was given (the writer gives every outcome at the next minor
      collection, so the window is about one nursery of samples);
    * the *survivors*: samples that survived and no DEATHS named yet, sorted
      by seq, with bin, bytes and objects; at the end they are the live heap.

    With [mergers] (merge.SampleMerger for allocation and for time samples)
    every sample also goes to a merger once its fate is known: when its
    outcome says it died young, when DEATHS names it (or at once, in files
    without lifetimes, when it survived), or at the end.  The window and the
    survivors then keep the sample's other columns too (_MERGED_EXTRA).
    """

    def __init__(self, lifetimes: bool, mergers=None):
        self.lifetimes = lifetimes
        self.mergers = mergers
        extra = _MERGED_EXTRA if mergers else ()
        self.bin_of: dict[int, int] = {}         # stack << 32 | type id -> bin
        self.keys: list[int] = []
        self.sums = _Growing()
        self.large: dict[int, int] = {}
        self.threads: set[int] = set()
        self.alloc_count = 0
        self.alloc_first = self.alloc_last = None
        self.first_seq = None                   # the file's first sample's seq
        self.next_seq = None                    # the seq the next sample must have
        # the window: seqs [window_seq, next_seq)
        self.window_seq = None
        self.w = {c: None for c in ("bin", "bytes", "objects", "resolved") + extra}
        # the survivors, sorted by seq; appended in runs, joined when needed
        self.s = {c: None for c in ("seq", "bin", "bytes", "objects") + extra}
        self.s_runs: list[dict] = []
        self.s_last = None
        # The highest seq an outcome or death named before the first sample:
        # that sample's seq must be above it (else that record was about it).
        self.early_seq = -1
        self.time_stacks: dict[int, int] = {}
        self.time_count = 0
        self.time_first = self.time_last = None

    # ------------------------------------------------------------ samples
    def allocations(self, seq, time_ns, thread_id, type_id, large, stack, nbytes, objects, size):
        """A run of allocation samples (numpy columns, file order)."""
        n = len(seq)
        if not n:
            return
        if self.next_seq is None:
            if int(seq[0]) <= self.early_seq:
                raise Irregular("an outcome or death before its sample")
            self.first_seq = self.window_seq = self.next_seq = int(seq[0])
        if int(seq[0]) != self.next_seq or (n > 1 and not bool((np.diff(seq) == 1).all())):
            raise Irregular("sample seqs are not consecutive")
        if int(type_id.min()) < 0 or int(type_id.max()) >= 2**32:
            raise Irregular("a type id outside u32")
        self.next_seq += n
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

        run = {"bin": which, "bytes": nbytes, "objects": objects, "resolved": np.zeros(n, bool),
               "time_ns": time_ns, "thread_id": thread_id, "type_id": type_id, "size": size, "large": large,
               "stack": stack}
        self.w = {c: run[c] if v is None else np.concatenate([v, run[c]]) for c, v in self.w.items()}

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

    def times(self, time_ns, thread_id, stack, weight):
        """A run of time samples, each standing for [weight] ns."""
        if not len(time_ns):
            return
        if self.mergers:
            n = len(time_ns)
            self.mergers[1].add({"seq": np.arange(self.time_count, self.time_count + n, dtype=np.uint64),
                                 "time_ns": time_ns, "memory_kb": np.full(n, NONE, np.int64),
                                 "thread_id": thread_id, "stack": stack, "weight": np.full(n, weight, np.int64)})
        stacks, counts = np.unique(stack, return_counts=True)
        for s, c in zip(stacks.tolist(), counts.tolist()):
            self.time_stacks[s] = self.time_stacks.get(s, 0) + c
        if self.time_count == 0:
            self.time_first = _time(time_ns, 0)
        self.time_last = _time(time_ns, -1)
        self.time_count += len(time_ns)
        self.threads.update(np.unique(thread_id).tolist())

    def _merge(self, seq, columns, at, outcome, death_ns, died_major):
        """Samples [at] of [columns] (the window's or the survivors'), whose
        fate is known, to the allocation merger."""
        n = len(at)
        if not n:
            return
        self.mergers[0].add({
            "seq": seq, "time_ns": columns["time_ns"][at], "thread_id": columns["thread_id"][at],
            "type_id": columns["type_id"][at], "size": columns["size"][at], "large": columns["large"][at],
            "outcome": np.full(n, outcome, np.uint8), "stack": columns["stack"][at],
            "weight": columns["bytes"][at], "objects": columns["objects"][at],
            "death_ns": np.broadcast_to(np.asarray(death_ns, np.int64), (n,)).copy(),
            "died_major": np.full(n, died_major, np.int64)})

    # ------------------------------------------------------------ outcomes
    def outcomes(self, keys, bits, minor_ns):
        """Outcome bits for seqs [keys], in file order, given by minor
        collections at [minor_ns] (one time per key)."""
        if len(keys) > 1 and not bool((keys[1:] > keys[:-1]).all()):
            raise Irregular("outcomes out of seq order")
        if self.first_seq is None:
            if len(keys):
                self.early_seq = max(self.early_seq, int(keys.max()))
            return
        ours = keys >= self.first_seq        # earlier seqs: samples taken before the file began
        keys, bits, minor_ns = keys[ours], bits[ours], minor_ns[ours]
        if not len(keys):
            return
        if int(keys[0]) < self.window_seq or int(keys[-1]) >= self.next_seq:
            raise Irregular("an outcome for a sample resolved already, or not yet written")
        w = self.w
        at = (keys - np.uint64(self.window_seq)).astype(np.intp)
        if w["resolved"][at].any():
            raise Irregular("a second outcome for one sample")
        w["resolved"][at] = True
        which, nbytes = w["bin"][at], w["bytes"][at]
        survived = (bits & 1) != 0
        ints = self.sums.ints
        np.add.at(ints[_SURVIVED], which[survived], nbytes[survived])
        np.add.at(ints[_DIED], which[~survived], nbytes[~survived])
        if self.mergers:
            self._merge(keys[~survived], w, at[~survived], Outcome.DIED, minor_ns[~survived], -1)
            if not self.lifetimes:
                self._merge(keys[survived], w, at[survived], Outcome.SURVIVED, NONE, -1)
        if self.lifetimes and survived.any():
            self._survive(keys[survived], at[survived])
        self._shrink_window()

    def _survive(self, seq, at):
        # Appended in runs and joined when a DEATHS record or the end needs
        # them: joining at every minor collection would copy the whole
        # sampled live heap each time.
        if self.s_last is not None and int(seq[0]) <= self.s_last:
            raise Irregular("survivors out of seq order")
        self.s_last = int(seq[-1])
        self.s_runs.append({c: seq if c == "seq" else self.w[c][at] for c in self.s})

    def _survivors(self) -> dict:
        """The survivors (sorted by seq), their runs joined."""
        if self.s_runs:
            runs = ([self.s] if self.s["seq"] is not None else []) + self.s_runs
            self.s = {c: np.concatenate([r[c] for r in runs]) for c in self.s}
            self.s_runs = []
        elif self.s["seq"] is None:
            self.s = {c: np.zeros(0, np.uint64 if c == "seq" else self.w[c].dtype) for c in self.s}
        return self.s

    def _shrink_window(self):
        unresolved = np.flatnonzero(~self.w["resolved"])
        drop = int(unresolved[0]) if len(unresolved) else len(self.w["resolved"])
        if drop:
            self.window_seq += drop
            self.w = {c: v[drop:] for c, v in self.w.items()}

    def deaths(self, seqs, major, time_ns):
        """The sampled objects major collection [major] found dead (its
        sweep began at [time_ns])."""
        seqs = np.asarray(seqs, np.uint64)
        if self.first_seq is None:
            if len(seqs):
                self.early_seq = max(self.early_seq, int(seqs.max()))
            return
        seqs = seqs[seqs >= self.first_seq]
        if not len(seqs):
            return
        if int(seqs.max()) >= self.next_seq:
            raise Irregular("a death of a sample not yet written")
        waiting = seqs[seqs >= self.window_seq]
        if len(waiting) and not self.w["resolved"][(waiting - np.uint64(self.window_seq)).astype(np.intp)].all():
            raise Irregular("a death before the sample's outcome")
        if not self.lifetimes:
            if self.mergers:
                # The whole model gives these samples their death all the same.
                raise Irregular("deaths in a file without lifetimes")
            return
        s = self._survivors()
        at = np.searchsorted(s["seq"], seqs)
        found = at < len(s["seq"])
        found[found] = s["seq"][at[found]] == seqs[found]
        if self.mergers and not found.all():
            # Died young, or named before: the whole model takes the last
            # word on a sample's death, which a stream cannot.
            raise Irregular("a death of a sample that is not a survivor")
        dead = at[found]
        if len(dead):
            if self.mergers:
                self._merge(s["seq"][dead], s, dead, Outcome.SURVIVED, time_ns, min(major, 2**63 - 1))
            keep = np.ones(len(s["seq"]), bool)
            keep[dead] = False
            self.s = {c: v[keep] for c, v in s.items()}

    def finish(self):
        """The end of the samples: what has no outcome yet, and the
        survivors no DEATHS named, go to the merger."""
        if not self.mergers or self.w["bin"] is None:
            return
        w = self.w
        unresolved = np.flatnonzero(~w["resolved"])
        self._merge(np.uint64(self.window_seq) + unresolved.astype(np.uint64), w, unresolved, Outcome.UNKNOWN,
                    NONE, -1)
        if self.lifetimes:
            s = self._survivors()
            self._merge(s["seq"], s, np.arange(len(s["seq"])), Outcome.SURVIVED, NONE, -1)

    # ------------------------------------------------------------ result
    def totals(self) -> SampleTotals:
        ints, floats = self.sums.ints, self.sums.floats
        if self.lifetimes and self.w["bin"] is not None:
            s = self._survivors()
            np.add.at(ints[_LIVE_BYTES], s["bin"], s["bytes"])
            np.add.at(floats[_LIVE_OBJECTS], s["bin"], s["objects"])
        n = len(self.keys)
        columns = [ints[_SAMPLES], ints[_BYTES], ints[_DIED], ints[_SURVIVED], floats[_OBJECTS],
                   ints[_LIVE_BYTES], floats[_LIVE_OBJECTS]]
        rows = zip(*(c[:n].tolist() for c in columns))
        bins = {(k >> 32, k & 0xFFFFFFFF): list(v) for k, v in zip(self.keys, rows)}
        return SampleTotals(dict(sorted(bins.items())), dict(sorted(self.large.items())), self.alloc_count,
                            self.alloc_first, self.alloc_last, dict(sorted(self.time_stacks.items())),
                            self.time_count, self.time_first, self.time_last, frozenset(self.threads))
