"""The in-memory model of a profile: what `vmsample.read_profile` returns.

Everything a report or converter needs is here, typed.  Treat it as
read-only: codes, frames and metadata are frozen; the per-collection records
are plain slotted dataclasses because frozen ones are several times slower
to build.

The model is independent of the file layout: version 6 or 7, gzip or not,
the vmprof or the pypy layout, a recovered file or a stock vmprof file all
read into the same shapes.

Samples are stored as columns, one numpy array per field ([AllocationSamples],
[TimeSamples]): a profile holds millions of them, and a column costs a few
bytes per sample where a Python object costs a hundred.  Aggregating code
reads the columns; iterating yields one [AllocationSample] / [TimeSample]
object per sample, made on the fly.

Stacks are deduplicated: a sample names a stack by index into
[Profile.stacks]; a stack is a tuple of indices into [Profile.frames], **leaf
first** (like vmprof's records); a frame is a code object plus the line being
executed.  Use [Profile.stack_frames] to get the frames themselves.

Units: times are nanoseconds of CLOCK_MONOTONIC (the clock of the nursery's
hooks) unless the name says otherwise; sizes and weights of allocation samples
are bytes ("allocated bytes": the rounded object size including its header).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

import numpy as np

# NONE and Outcome live with what makes them (columns.py, fate.py); the
# model's users find them here too.
from .columns import NONE  # noqa: F401
from .fate import Outcome  # noqa: F401
from .totals import SampleTotals


@dataclass(frozen=True, slots=True)
class Code:
    """A code object (function), from a vmprof 0x02 record.

    [name] is the raw vmprof name ``py:<function>:<first_line>:<file>``;
    names of another shape keep [function] = the whole name, [first_line] 0
    and [file] "".
    """

    id: int
    name: str
    lang: str
    function: str
    first_line: int
    file: str

    @classmethod
    def from_name(cls, code_id: int, name: str) -> Code:
        parts = name.split(":", 3)
        if len(parts) == 4 and parts[2].lstrip("-").isdigit():
            return cls(code_id, name, parts[0], parts[1], int(parts[2]), parts[3])
        return cls(code_id, name, "", name, 0, "")


@dataclass(frozen=True, slots=True)
class Frame:
    """One frame of a stack: a code object and the line it was executing.

    [line] is the code's first line when the profile has no line numbers.
    """

    code: Code
    line: int

    @property
    def function(self) -> str:
        return self.code.function

    @property
    def file(self) -> str:
        return self.code.file


@dataclass(slots=True)
class AllocationSample:
    """One allocation sample: it stands for [weight] allocated bytes and
    [objects] objects (vmsample/profile/weights.py says how).

    [seq] numbers the heap's samples 0, 1, 2, ... (the nursery's sequence
    number); [size] is the sampled object's own allocated size; [large] says it
    went to the large-object space.  [stack] indexes [Profile.stacks].

    Its object's life: [outcome] at its first minor collection; a survivor
    that a major collection found dead has [died_major] (that collection's
    index) and [death_ns] (when it swept); one that died young has
    [death_ns] = its minor collection's time.  A survivor with no death is
    [alive_at_end] -- alive when profiling stopped.
    """

    seq: int
    time_ns: int
    thread_id: int
    type_id: int
    type_name: str
    size: int
    large: bool
    outcome: Outcome
    stack: int
    weight: int
    objects: float = 0.0
    death_ns: int | None = None
    died_major: int | None = None

    @property
    def alive_at_end(self) -> bool:
        return self.outcome == Outcome.SURVIVED and self.died_major is None


@dataclass(slots=True)
class TimeSample:
    """One time sample: it stands for [weight] nanoseconds (the timer period;
    0 when the file does not say).  [time_ns] is None only for stock vmprof
    files without timestamps (version < 7).  [memory_kb] is the process's
    memory (RSS, kB) at the sample in files profiling memory
    (PROFILE_MEMORY), else None."""

    time_ns: int | None
    thread_id: int
    stack: int
    weight: int
    memory_kb: int | None = None


class _Columns(Sequence):
    """Samples as columns: one numpy array per name in [FIELDS], all of one
    length, in file order.  Indexing by an integer, or iterating, makes the
    sample objects; a slice is a list of them."""

    FIELDS: tuple[str, ...] = ()
    CHUNK = 65536           # samples made per column slice while iterating

    def __init__(self, **columns):
        lengths = {len(columns[name]) for name in self.FIELDS}
        if len(lengths) > 1:
            raise ValueError(f"columns of different lengths {sorted(lengths)}")
        for name in self.FIELDS:
            setattr(self, name, columns[name])

    def __len__(self) -> int:
        return len(getattr(self, self.FIELDS[0]))

    def _rows(self, lo: int, hi: int):
        """The samples lo..hi-1 as objects."""
        raise NotImplementedError

    def _labels(self):
        """What the samples take from outside their columns (compared by ==)."""
        return None

    def __iter__(self):
        for lo in range(0, len(self), self.CHUNK):
            yield from self._rows(lo, min(lo + self.CHUNK, len(self)))

    def __getitem__(self, index):
        if isinstance(index, slice):
            lo, hi, step = index.indices(len(self))
            rows = self._rows(lo, hi) if hi > lo else []
            return rows if step == 1 else rows[::step]
        i = index.__index__()
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError("sample index out of range")
        return self._rows(i, i + 1)[0]

    def __eq__(self, other):
        if isinstance(other, type(self)):
            return all(np.array_equal(getattr(self, f), getattr(other, f)) for f in self.FIELDS) \
                and self._labels() == other._labels()
        if isinstance(other, Sequence):
            return len(self) == len(other) and list(self) == list(other)
        return NotImplemented

    def __repr__(self):
        return f"<{type(self).__name__}: {len(self)} samples>"

    @property
    def nbytes(self) -> int:
        """Memory the columns take."""
        return sum(getattr(self, f).nbytes for f in self.FIELDS)


def _optional(values: list[int]) -> list[int | None]:
    return [None if v == NONE else v for v in values]


class AllocationSamples(_Columns):
    """The allocation samples: [AllocationSample]'s fields as columns
    (uint64 seq and size; int64 time_ns, type_id (-1: unknown), stack,
    weight, death_ns (NONE: no death) and died_major (-1: none); integer
    thread_id; bool large; uint8 outcome; float64 objects), and [type_names]
    for the type ids."""

    FIELDS = ("seq", "time_ns", "thread_id", "type_id", "size", "large", "outcome", "stack",
              "weight", "objects", "death_ns", "died_major")

    def __init__(self, type_names: dict[int, str], **columns):
        super().__init__(**columns)
        self.type_names = type_names

    @classmethod
    def empty(cls) -> AllocationSamples:
        z = np.zeros(0, np.int64)
        return cls({}, seq=z.astype(np.uint64), time_ns=z, thread_id=z.astype(np.uint64),
                   type_id=z.astype(np.uint32), size=z.astype(np.uint64), large=z.astype(bool),
                   outcome=z.astype(np.uint8), stack=z, weight=z, objects=z.astype(np.float64),
                   death_ns=z, died_major=z)

    def _rows(self, lo, hi):
        names, outcomes = self.type_names, tuple(Outcome)
        cols = [getattr(self, f)[lo:hi].tolist() for f in AllocationSamples.FIELDS]
        cols[6] = [outcomes[o] for o in cols[6]]
        cols[10] = _optional(cols[10])
        cols[11] = [None if m < 0 else m for m in cols[11]]
        return [AllocationSample(seq, t, tid, type_id, names[type_id], size, large, outcome, stack,
                                 weight, objects, death_ns, died_major)
                for seq, t, tid, type_id, size, large, outcome, stack, weight, objects, death_ns, died_major
                in zip(*cols)]

    def _labels(self):
        return {t: self.type_names[t] for t in np.unique(self.type_id).tolist()}

    def alive_at_end(self) -> np.ndarray:
        """Which samples' objects were alive when profiling stopped."""
        return (self.outcome == Outcome.SURVIVED) & (self.died_major < 0)

    def counts(self) -> np.ndarray:
        """How many samples each row stands for: 1 (see [MergedAllocationSamples])."""
        return np.ones(len(self), np.int64)

    # The width of the time slices the rows were merged within (ns), or None.
    slice_ns: int | None = None


class TimeSamples(_Columns):
    """The time samples: [TimeSample]'s fields as integer columns (time_ns
    and memory_kb NONE where the file has none)."""

    FIELDS = ("time_ns", "thread_id", "stack", "weight", "memory_kb")

    @classmethod
    def empty(cls) -> TimeSamples:
        z = np.zeros(0, np.int64)
        return cls(time_ns=z, thread_id=z, stack=z, weight=z, memory_kb=z)

    def counts(self) -> np.ndarray:
        """How many samples each row stands for: 1 (see [MergedTimeSamples])."""
        return np.ones(len(self), np.int64)

    slice_ns: int | None = None

    def _rows(self, lo, hi):
        time_ns, thread_id, stack, weight, memory_kb = (getattr(self, f)[lo:hi].tolist()
                                                        for f in TimeSamples.FIELDS)
        return [TimeSample(*row) for row in zip(_optional(time_ns), thread_id, stack, weight,
                                                 _optional(memory_kb))]


class _Merged:
    """Rows that each stand for the samples of one key and time slice
    (merge.py): the sample fields plus [count], the samples a row merges.
    [slice_ns] is the slices' width (None: one row per sample), [samples]
    how many samples the rows stand for."""

    def _merging(self, slice_ns: int | None, samples: int):
        self.slice_ns, self.samples = slice_ns, samples

    def counts(self) -> np.ndarray:
        return self.count

    def __repr__(self):
        return f"<{type(self).__name__}: {self.samples} samples in {len(self)} rows>"


class MergedAllocationSamples(_Merged, AllocationSamples):
    FIELDS = AllocationSamples.FIELDS + ("count",)

    def __init__(self, type_names: dict[int, str], slice_ns: int | None, samples: int, **columns):
        super().__init__(type_names, **columns)
        self._merging(slice_ns, samples)


class MergedTimeSamples(_Merged, TimeSamples):
    FIELDS = TimeSamples.FIELDS + ("count",)

    def __init__(self, slice_ns: int | None, samples: int, **columns):
        super().__init__(**columns)
        self._merging(slice_ns, samples)


class SamplesAggregated(TypeError):
    """A sample column asked of a profile read with aggregate=True."""


class AggregatedSamples:
    """The samples of a profile read with ``read_profile(..., aggregate=True)``:
    summed while reading ([Profile.totals]), so only their number is here.
    Anything else raises [SamplesAggregated] rather than look empty."""

    def __init__(self, kind: str, count: int):
        self.kind, self.count = kind, count

    def __len__(self) -> int:
        return self.count

    def __getattr__(self, name):
        raise SamplesAggregated(f"the {self.kind} samples were summed while reading "
                                f"(read_profile(..., aggregate=True)): use Profile.totals(), or read "
                                f"without aggregate=True for .{name}")

    def __iter__(self):
        return self.__getattr__("__iter__")

    def __getitem__(self, index):
        return self.__getattr__("__getitem__")

    def __eq__(self, other):
        return isinstance(other, AggregatedSamples) and (self.kind, self.count) == (other.kind, other.count)

    def __repr__(self):
        return f"<{self.kind} samples: {self.count}, summed while reading>"


@dataclass(slots=True)
class MinorCollection:
    """One minor collection (every one, whether or not it resolved samples).

    [stats] holds every statistic by name (the well-known ones are also
    fields; a statistic the file lacks is 0).  [outcomes][i] are the
    OUTCOME_* bits of sample [first_seq] + i; [n_sampled] of them, of which
    [n_survived] survived.  A profile whose samples were summed or merged
    (`read_profile(path, aggregate=True)`, `merged=True`, [Profile.aggregated],
    `merge.merged`) keeps only the counts: [outcomes] is empty there, since
    each sample's outcome is per-sample data, which such a profile holds in
    its totals or rows, not per sample.
    """

    index: int
    time_ns: int
    duration_ns: int
    bytes_copied: int
    total_size_of_arenas: int
    total_memory_used: int
    vmrss: int
    gc_state: str
    stats: dict[str, int]
    first_seq: int
    outcomes: bytes
    n_sampled: int
    n_survived: int

    @property
    def n_died(self) -> int:
        return self.n_sampled - self.n_survived

    def counted(self) -> MinorCollection:
        """This collection with its outcome counts but not the bits."""
        return dataclasses.replace(self, outcomes=b"") if self.outcomes else self


@dataclass(slots=True)
class MajorEvent:
    """A major collection entering [state]; "SCANNING" again means it ended."""

    index: int
    state: str
    time_ns: int
    total_memory_used: int
    total_size_of_arenas: int


@dataclass(frozen=True, slots=True)
class Pause:
    """The program stopped at [time_ns] for [duration_ns], for a collection
    that allocation triggered: the minor collection [minor_index] and the
    major work after it ([major_ns] of the pause: a step of the incremental
    collection, or a whole one).  Collections the program asked for
    (gc.collect()) are not pauses."""

    minor_index: int
    time_ns: int
    duration_ns: int
    major_ns: int


@dataclass(frozen=True, slots=True)
class MajorPhase:
    state: str
    start_ns: int
    end_ns: int | None          # None: the run ended inside this phase


@dataclass(frozen=True, slots=True)
class MajorCollection:
    """One major collection, assembled from its [MajorEvent]s."""

    index: int
    start_ns: int
    end_ns: int | None          # None: unfinished when the profile ended
    phases: tuple[MajorPhase, ...]


@dataclass(frozen=True, slots=True)
class Metadata:
    """What the file says about the run and about itself."""

    format_version: int             # the vmprof header version (6 or 7)
    layout: str                     # "vmprof", "pypy", or "foreign" (not written by vmsample)
    interp: str
    mode: int                       # vmprof mode bits (PROFILE_*)
    lines: bool                     # stacks carry line numbers
    sample_kind: str                # kind of the primary stream: "alloc" or "time"
    alloc_sampling: str | None      # "fixed", "random", or None (off)
    alloc_period: int | None        # bytes per allocation sample
    time_period_ns: int | None      # timer period
    real_time: bool                 # time samples follow wall-clock time
    start_time: datetime | None     # wall clock, from the 0x06 record
    end_time: datetime | None       # wall clock, from the trailer
    start_ns: int | None            # CLOCK_MONOTONIC at the start
    end_ns: int | None              # CLOCK_MONOTONIC at the end (END record)
    program: str | None
    argv: tuple[str, ...] | None
    vmsample_version: str | None
    os: str | None
    bits: int | None
    gzip: bool
    recovered: bool                 # rebuilt by `vmsample recover` after a crash
    raw: dict[str, str] = field(default_factory=dict)   # every META key, as written
    truncated_stacks: int = 0       # stacks cut to their leaf-most 32768 frames by the writer

    @property
    def duration_ns(self) -> int | None:
        if self.start_ns is not None and self.end_ns is not None:
            return self.end_ns - self.start_ns
        if self.start_time is not None and self.end_time is not None:
            return int((self.end_time - self.start_time).total_seconds() * 1e9)
        return None


@dataclass(slots=True)
class Profile:
    """A whole profile.

    [samples] is the primary stream ([alloc_samples] when allocation sampling
    was on, else [time_samples]); both are in file order, which is time
    order per thread.
    """

    meta: Metadata
    codes: dict[int, Code]
    frames: list[Frame]
    stacks: list[tuple[int, ...]]
    alloc_samples: AllocationSamples
    time_samples: TimeSamples
    minor_collections: list[MinorCollection]
    major_events: list[MajorEvent]
    types: dict[int, str]
    stat_names: tuple[str, ...]
    pauses: list[Pause] = field(default_factory=list)      # none in files written before PAUSE records
    # The samples' sums: given by an aggregated read, else computed from the
    # columns the first time [totals] is asked.
    sample_totals: SampleTotals | None = field(default=None, repr=False, compare=False)

    def totals(self) -> SampleTotals:
        """The samples summed per (stack, type) and more."""
        if self.sample_totals is None:
            self.sample_totals = SampleTotals.of_columns(self)
        return self.sample_totals

    def aggregated(self) -> Profile:
        """This profile with its sample columns replaced by their totals."""
        totals = self.totals()
        return self.summarized(AggregatedSamples("allocation", totals.alloc_count),
                               AggregatedSamples("time", totals.time_count))

    def summarized(self, alloc_samples, time_samples) -> Profile:
        """This profile with summed or merged samples instead of its own,
        which keeps no per-sample data: its totals, and its minor collections'
        outcome counts without the bits ([MinorCollection.counted])."""
        return dataclasses.replace(self, alloc_samples=alloc_samples, time_samples=time_samples,
                                   sample_totals=self.totals(),
                                   minor_collections=[m.counted() for m in self.minor_collections])

    @property
    def samples(self) -> AllocationSamples | TimeSamples:
        return self.alloc_samples if self.meta.sample_kind == "alloc" else self.time_samples

    def stack_frames(self, stack: int) -> tuple[Frame, ...]:
        """The frames of stack number [stack], leaf first."""
        frames = self.frames
        return tuple(frames[i] for i in self.stacks[stack])

    def type_name(self, type_id: int) -> str:
        return self.types.get(type_id) or f"<type {type_id}>"

    @property
    def major_collections(self) -> list[MajorCollection]:
        """Major collections with their phases, from [major_events]."""
        result: list[MajorCollection] = []
        current: dict[int, list[MajorEvent]] = {}
        order: list[int] = []
        for ev in self.major_events:
            if ev.index not in current:
                current[ev.index] = []
                order.append(ev.index)
            current[ev.index].append(ev)
        for index in order:
            events = current[index]
            phases = []
            end_ns = None
            for i, ev in enumerate(events):
                if ev.state == "SCANNING" and i > 0:
                    end_ns = ev.time_ns
                    break
                nxt = events[i + 1].time_ns if i + 1 < len(events) else None
                phases.append(MajorPhase(ev.state, ev.time_ns, nxt))
            result.append(MajorCollection(index, events[0].time_ns, end_ns, tuple(phases)))
        return result

    @property
    def total_allocated_estimate(self) -> int:
        """Estimated bytes allocated while sampling: the sum of the weights."""
        return sum(v[1] for v in self.totals().bins.values())


def profile_origin_ns(profile: Profile) -> int:
    """Where the times of [profile] are counted from, in every report and
    export: its start (META start_monotonic_ns), else its earliest event --
    the first and last sample of each kind, the first minor collection, the
    first major-collection event -- else 0."""
    m = profile.meta
    if m.start_ns is not None:
        return m.start_ns
    t = profile.totals()
    times = [ns for ns in (t.alloc_first_ns, t.alloc_last_ns, t.time_first_ns, t.time_last_ns) if ns is not None]
    times += [c.time_ns for c in profile.minor_collections[:1]] + [e.time_ns for e in profile.major_events[:1]]
    return min(times, default=0)
