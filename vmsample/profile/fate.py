"""What became of each sampled object, resolved by sequence number.

A sampled object's fate has two parts, each given by records that name it by
its seq (docs/format.md): its *outcome* at its first minor collection
(MINOR_GC's outcome bits: survived or died young; UNKNOWN if no collection
came), and, for a survivor in a file that records lifetimes, its *death* in
a major collection (DEATHS).  A later record overrides an earlier one, as
the whole model reads them.

Two ways to the same fates:

* [resolve_outcomes] and [resolve_deaths] give every sample of a profile
  read whole its fate at once (the builder, _assemble.py);
* [FateStream] follows the samples as the reader decodes them, for summing
  or merging while reading, and tells its *users* each sample's fate once
  it is known: the sums (totals.TotalsAccumulator) and the merged rows
  (merge.MergedFates).  A user is an object with the methods of
  [FateUser]; the stream keeps, of each sample, the columns its users ask
  for ([FateUser.COLUMNS]) until its fate is final.

The stream follows what vmsample's writer does: seqs consecutive in file
order, an outcome given once by a minor collection after the sample, a
death after the survival.  A file that does anything else -- legal, since
the whole model resolves every record by seq wherever it is -- makes it
raise [Irregular], and the reader reads that file whole instead.
"""

from __future__ import annotations

import enum

import numpy as np

from .columns import NONE
from .errors import ProfileFormatError


class Outcome(enum.IntEnum):
    """What became of a sampled object at its first minor collection."""

    UNKNOWN = 0     # no minor collection resolved it (end of run, recovered file)
    SURVIVED = 1    # reached: copied out of the nursery, or a large object kept
    DIED = 2        # died young: unreachable at its first minor collection


class Irregular(Exception):
    """The file does something a stream does not follow (see the module
    docstring); it is read whole instead."""


# ---------------------------------------------------------------- a profile read whole

def last_by_key(keys, *values):
    """[keys] deduplicated, sorted, each with the values of its last
    occurrence (a later record overrides an earlier one, as dict.update)."""
    if len(keys) < 2 or bool((keys[1:] > keys[:-1]).all()):
        return (keys,) + values             # the usual: increasing already
    rev = slice(None, None, -1)
    keys, first = np.unique(keys[rev], return_index=True)
    return (keys,) + tuple(v[rev][first] for v in values)


def numbered_in_a_row(seq) -> int | None:
    """The first seq if [seq] is s0, s0 + 1, ... (what vmsample writes), else None."""
    n = len(seq)
    if n and int(seq[-1]) - int(seq[0]) == n - 1 and (n == 1 or bool((np.diff(seq) == 1).all())):
        return int(seq[0])
    return None


def _run_positions(k0, n_keys, s0, n_seq):
    """[_positions] of the keys k0 .. k0 + n_keys - 1 and the samples
    numbered s0 .. s0 + n_seq - 1: two slices."""
    lo, hi = max(k0, s0), min(k0 + n_keys, s0 + n_seq)
    if lo >= hi:
        return slice(0, 0), slice(0, 0)
    return slice(lo - s0, hi - s0), slice(lo - k0, hi - k0)


def _positions(keys, seq, s0):
    """Which sample has which of the sorted, distinct seqs [keys] (s0:
    numbered_in_a_row(seq)): (sample indices, the indices of their keys),
    as slices when both are runs."""
    if s0 is not None and len(keys) and int(keys[-1]) - int(keys[0]) == len(keys) - 1:
        # The usual: the keys are a run of seqs, and so are their samples.
        return _run_positions(int(keys[0]), len(keys), s0, len(seq))
    if s0 is not None:                  # arithmetic
        rel = keys - np.uint64(s0)      # (wraps below s0; those are not found)
        found = np.flatnonzero((keys >= s0) & (rel < len(seq)))
        return rel[found].astype(np.intp), found
    # Any numbering (two samples may share a seq): each sample looks its seq up.
    at = np.searchsorted(keys, seq)
    inside = at < len(keys)
    at[~inside] = 0
    samples = np.flatnonzero(inside & (keys[at] == seq))
    return samples, at[samples]


def resolve_outcomes(ranges, seq, s0):
    """Each sample's outcome, and the time of the minor collection that
    resolved it (NONE if none did).  [ranges]: the minor collections'
    (first seq, outcome bytes, time), bit 0 of a byte "survived"; [seq]: the
    samples' seqs, [s0] numbered_in_a_row(seq)."""
    outcome = np.full(len(seq), Outcome.UNKNOWN, np.uint8)
    minor_time = np.full(len(seq), NONE, np.int64)
    if not ranges:
        return outcome, minor_time
    for first, outs, _ in ranges:
        if first + len(outs) > 2**64:
            raise ProfileFormatError(f"minor collection samples {first}.. pass 2**64", None, "ext:minor_gc")
    lengths = np.array([len(outs) for _, outs, _ in ranges], np.int64)
    before = np.cumsum(lengths) - lengths                   # outcome bytes before each range
    bits = np.concatenate([np.frombuffer(outs, np.uint8) for _, outs, _ in ranges])
    times = np.repeat(np.array([t for _, _, t in ranges], np.int64), lengths)
    first0 = ranges[0][0]
    if s0 is not None and all(first == first0 + b for (first, _, _), b in zip(ranges, before.tolist())):
        # The usual: one run of seqs, each named once, in order.
        samples, at = _run_positions(first0, len(bits), s0, len(seq))
    else:
        # first + i for the i-th byte of each range, in uint64 (mod 2**64, exact)
        keys = np.repeat(np.array([first for first, _, _ in ranges], np.uint64) - before.astype(np.uint64),
                         lengths) + np.arange(len(bits), dtype=np.uint64)
        keys, bits, times = last_by_key(keys, bits, times)
        samples, at = _positions(keys, seq, s0)
    outcome[samples] = np.where(bits[at] & 1, Outcome.SURVIVED, Outcome.DIED)
    minor_time[samples] = times[at]
    return outcome, minor_time


def resolve_deaths(death_seq, death_major, death_ns, seq, s0):
    """Each sample's death in a major collection: (major index or -1, time
    or NONE), from the DEATHS records' seqs, each with its collection's index
    and time."""
    died_major = np.full(len(seq), -1, np.int64)
    died_ns = np.full(len(seq), NONE, np.int64)
    if len(death_seq):
        keys, majors, times = last_by_key(death_seq, death_major, death_ns)
        samples, at = _positions(keys, seq, s0)
        died_major[samples] = majors[at]
        died_ns[samples] = times[at]
    return died_major, died_ns


# ---------------------------------------------------------------- a profile as it is read

class _Rows:
    """Some samples' columns, each taken (copied out of the window or the
    survivors) only when a user asks for it: a user that ignores an event
    costs no copy."""

    __slots__ = ("columns", "at")

    def __init__(self, columns, at):
        self.columns, self.at = columns, at

    def __getitem__(self, column):
        return self.columns[column][self.at]


class FateUser:
    """What a [FateStream] tells its users.  Each call gives samples (their
    seqs, uint64, and their [COLUMNS]: rows[column] is an array) whose fate
    just became known, in file order."""

    COLUMNS: tuple[str, ...] = ()

    def died_young(self, seq, rows, minor_ns):
        """Unreachable at their first minor collection, at [minor_ns] (one time each)."""

    def survived(self, seq, rows, minor_ns):
        """Survived their first minor collection."""

    def died(self, seq, rows, major, time_ns):
        """Survivors that major collection [major] found dead (lifetimes only)."""

    def end(self, unresolved_seq, unresolved, alive_seq, alive):
        """The end of the samples: those no minor collection resolved, and
        (lifetimes only, else None) the survivors no DEATHS named."""


class FateStream:
    """Resolves the fates of allocation samples given in runs, in file order.

    [allocations] takes a run of samples; [outcomes] minor collections'
    outcome bits; [deaths] a DEATHS record's seqs; [finish] the end.  State
    between calls:

    * the *window*: the samples from the oldest one without an outcome to
      the newest, with their columns and whether an outcome was given (the
      writer gives every outcome at the next minor collection, so the window
      is about one nursery of samples);
    * the *survivors* (with [lifetimes]): samples that survived and no
      DEATHS named yet, sorted by seq, with their columns; at the end they
      are the live heap.

    With [every_death], deaths the stream would not pass on (in a file
    without lifetimes, or of a sample that is not a survivor) are Irregular:
    a user that gives them to the samples (the merged rows) must read such a
    file whole, where the model takes the last word on each death."""

    def __init__(self, lifetimes: bool, users: list, every_death: bool = False):
        self.lifetimes = lifetimes
        self.users = users
        self.every_death = every_death
        self.columns = tuple(dict.fromkeys(c for u in users for c in u.COLUMNS))
        self.first_seq = None                   # the file's first sample's seq
        self.next_seq = None                    # the seq the next sample must have
        # the window: seqs [window_seq, next_seq)
        self.window_seq = None
        self.w = {c: None for c in ("resolved",) + self.columns}
        # the survivors, sorted by seq; appended in runs, joined when needed
        self.s = {c: None for c in ("seq",) + self.columns}
        self.s_runs: list[dict] = []
        self.s_last = None
        # The highest seq an outcome or death named before the first sample:
        # that sample's seq must be above it (else that record was about it).
        self.early_seq = -1

    def allocations(self, seq, columns: dict):
        """A run of samples: their seqs and their columns (at least those
        the users ask for)."""
        n = len(seq)
        if not n:
            return
        if self.next_seq is None:
            if int(seq[0]) <= self.early_seq:
                raise Irregular("an outcome or death before its sample")
            self.first_seq = self.window_seq = self.next_seq = int(seq[0])
        if int(seq[0]) != self.next_seq or (n > 1 and not bool((np.diff(seq) == 1).all())):
            raise Irregular("sample seqs are not consecutive")
        self.next_seq += n
        run = dict(columns, resolved=np.zeros(n, bool))
        self.w = {c: run[c] if v is None else np.concatenate([v, run[c]]) for c, v in self.w.items()}

    def _rows(self, columns, at) -> _Rows:
        return _Rows(columns, at)

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
        survived = (bits & 1) != 0
        died, kept = self._rows(w, at[~survived]), self._rows(w, at[survived])
        for user in self.users:
            user.died_young(keys[~survived], died, minor_ns[~survived])
            user.survived(keys[survived], kept, minor_ns[survived])
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
            if self.every_death:
                raise Irregular("deaths in a file without lifetimes")
            return
        s = self._survivors()
        at = np.searchsorted(s["seq"], seqs)
        found = at < len(s["seq"])
        found[found] = s["seq"][at[found]] == seqs[found]
        if self.every_death and not found.all():
            # Died young, or named before.
            raise Irregular("a death of a sample that is not a survivor")
        dead = at[found]
        if len(dead):
            rows = self._rows(s, dead)
            for user in self.users:
                user.died(s["seq"][dead], rows, major, time_ns)
            keep = np.ones(len(s["seq"]), bool)
            keep[dead] = False
            self.s = {c: v[keep] for c, v in s.items()}

    def finish(self):
        """The end of the samples: the users learn which have no outcome,
        and which survivors no DEATHS named."""
        w = self.w
        if w["resolved"] is None:               # no samples
            return
        unresolved = np.flatnonzero(~w["resolved"])
        alive_seq = alive = None
        if self.lifetimes:
            s = self._survivors()
            alive_seq, alive = s["seq"], self._rows(s, slice(None))
        for user in self.users:
            user.end(np.uint64(self.window_seq) + unresolved.astype(np.uint64), self._rows(w, unresolved),
                     alive_seq, alive)
