"""Profile totals: summed while reading (read_profile(..., aggregate=True),
totals.TotalsAccumulator) against summed from the columns of the whole model
(SampleTotals.of_columns), on random runs written by the real writer, on
files the accumulator cannot follow, and on every real profile; and the
commands that aggregate keep their memory flat as the file doubles."""

import contextlib
import gc
import gzip
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from profile_runs import runs, write_run
from vmsample.bench.scale import measure
from vmsample.profile import ProfileWriter, _assemble, read_profile, reader, schema_reader
from vmsample.profile import totals as T
from vmsample.profile.model import SamplesAggregated
from vmsample.report import analyze

REAL = sorted(p for p in (Path(__file__).parents[1] / "data" / "real-profiles").iterdir() if p.name != "SOURCES.md")


@contextlib.contextmanager
def irregularities(drain_every=_assemble.DRAIN_EVERY, scan_run=reader.SCAN_RUN):
    """The reasons the accumulator gave up inside the block, which hands it
    runs of at least [drain_every] sample records, decoded [scan_run] bytes
    at a time (by the main section's two passes too: MainSectionCursor)."""
    seen = []
    original = T.Irregular.__init__

    def note(self, *args):
        seen.append(args[0] if args else "")
        original(self, *args)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(T.Irregular, "__init__", note)
        mp.setattr(_assemble, "DRAIN_EVERY", drain_every)
        mp.setattr(reader, "SCAN_RUN", scan_run)
        mp.setattr(reader, "AGAIN_RUN", scan_run)
        yield seen


def assert_same_totals(path, **schema_too):
    whole = read_profile(path)
    summed = read_profile(path, aggregate=True)
    assert summed.totals() == T.SampleTotals.of_columns(whole)
    assert analyze(summed).to_json(limit=None) == analyze(whole).to_json(limit=None)
    assert len(summed.alloc_samples) == len(whole.alloc_samples)
    assert len(summed.time_samples) == len(whole.time_samples)
    # (summed: the outcome counts of each minor collection, not its bits)
    assert summed.minor_collections == whole.aggregated().minor_collections
    assert [m.n_survived for m in summed.minor_collections] == \
        [sum(o & 1 for o in m.outcomes) for m in whole.minor_collections]
    assert summed.major_events == whole.major_events
    if schema_too:
        assert schema_reader.read_profile(path, aggregate=True).totals() == summed.totals()
    return whole


# (256 bytes: more than any record of runs(), whose stacks are at most 8 pairs deep)
@given(runs(max_events=60), st.sampled_from([1, 3, _assemble.DRAIN_EVERY]), st.sampled_from([256, reader.SCAN_RUN]),
       st.booleans())
def test_summed_while_reading_equals_summed_from_the_columns(tmp_path_factory, run, drain_every, scan_run, gz):
    path = tmp_path_factory.mktemp("totals") / ("run.prof.gz" if gz else "run.prof")
    with ProfileWriter(path, alloc_period=run.alloc_period, time_period_ns=run.time_period_ns,
                       sampling=run.sampling) as w:
        write_run(w, run)
    with irregularities(drain_every, scan_run) as irregular:
        assert_same_totals(path, schema=True)
    assert irregular == []                      # what vmsample writes is followed, never read twice


def write(path, samples, minors=(), deaths=()):
    """A file with allocation samples [(seq, type)] in this order, then
    minor collections [(first seq, outcome bytes)], then DEATHS [seqs]."""
    with ProfileWriter(path, alloc_period=512) as w:
        w.declare_code(2, "f", 1, "p.py")
        for i, (seq, type_id) in enumerate(samples):
            w.alloc_sample(seq, 32, type_id, 1000 + i, [(2, 1 + i % 3)])
        for i, (first, outs) in enumerate(minors):
            w.minor_collection(i + 1, 5000 + i, first_seq=first, outcomes=outs)
        for i, seqs in enumerate(deaths):
            w.major_event(1, 2, 9000 + i, deaths=seqs)
    return path


IRREGULAR = {
    "seqs not consecutive": ([(0, 1), (2, 1), (1, 2)], [(0, b"\x01\x00\x01")], [[2]]),
    "an outcome given twice": ([(0, 1), (1, 1)], [(0, b"\x01\x01"), (1, b"\x00")], []),
    "a death before the outcome": ([(0, 1), (1, 2)], [], [[1]]),
}


@pytest.mark.parametrize("case", IRREGULAR)
def test_a_file_the_accumulator_cannot_follow_is_read_whole(tmp_path, case):
    samples, minors, deaths = IRREGULAR[case]
    path = write(tmp_path / "odd.prof", samples, minors, deaths)
    with irregularities() as irregular:
        assert_same_totals(path)
    assert irregular, "the accumulator followed a file it should have given up on"


def test_outcomes_and_deaths_of_samples_taken_before_the_file_are_ignored(tmp_path):
    # A writer attached to a running nursery: the first minor collection
    # names seqs 0..4, of which only 3 and 4 are in the file.
    path = write(tmp_path / "late.prof", [(3, 1), (4, 1), (5, 2)], [(0, b"\x01\x01\x01\x01\x00"), (5, b"\x01")],
                 [[1, 3, 5]])
    with irregularities() as irregular:
        whole = assert_same_totals(path)
    assert irregular == []
    assert [s.outcome for s in whole.alloc_samples] == [1, 2, 1]


def test_aggregated_samples_refuse_to_look_empty(tmp_path):
    path = write(tmp_path / "a.prof", [(0, 1), (1, 1)], [(0, b"\x01\x00")])
    p = read_profile(path, aggregate=True)
    assert len(p.alloc_samples) == 2 and p.alloc_samples and not p.time_samples
    for use in (lambda: p.alloc_samples.weight, lambda: list(p.alloc_samples), lambda: p.alloc_samples[0]):
        with pytest.raises(SamplesAggregated, match="summed while reading"):
            use()
    assert p.total_allocated_estimate == read_profile(path).total_allocated_estimate


@pytest.mark.parametrize("path", REAL, ids=[p.name for p in REAL])
def test_real_profiles_sum_the_same_both_ways(path):
    assert_same_totals(path)


def big(path, samples, minor_every=2048, major_every=16):
    """A realistic-shaped profile of [samples] allocation samples: a few
    hundred stacks, a minor collection every [minor_every] samples, a third
    of the samples surviving it, a major one every [major_every] minor ones
    finding all but the newest 1000 survivors dead (a live heap that does
    not grow)."""
    with ProfileWriter(path, alloc_period=256) as w:
        for c in range(2, 40, 2):
            w.declare_code(c, f"f{c}", c, "prog.py")
        survivors, first = [], 0
        for seq in range(samples):
            w.alloc_sample(seq, 16 + 8 * (seq % 7), 1 + seq % 5, 1000 * seq,
                           [(2 + 2 * (seq % 19), seq % 11), (2 + 2 * (seq % 3), 1)])
            if seq % minor_every == minor_every - 1:
                outs = bytes((s * 7) % 3 == 0 for s in range(first, seq + 1))
                survivors += [s for s in range(first, seq + 1) if (s * 7) % 3 == 0]
                w.minor_collection(seq // minor_every, 1000 * seq, first_seq=first, outcomes=outs)
                first = seq + 1
                if seq % (major_every * minor_every) == minor_every - 1:
                    dead, survivors = survivors[:-1000], survivors[-1000:]
                    w.major_event(seq, 2, 1000 * seq, deaths=dead)
                    w.major_event(seq, 0, 1000 * seq + 1)
    return path


def assert_memory_flat(tmp_path, suffix, commands):
    """Each of [commands] (bench.scale's) grows by less than a quarter of
    the file's growth from 200K to 400K samples ([big], plain or gzip)."""
    small = big(tmp_path / f"small{suffix}", 200_000)
    large = big(tmp_path / f"large{suffix}", 400_000)
    grown = len(gzip.decompress(large.read_bytes()) if suffix.endswith(".gz") else large.read_bytes()) \
        - len(gzip.decompress(small.read_bytes()) if suffix.endswith(".gz") else small.read_bytes())
    for command in commands:
        _, rss_small, _, _ = measure(command, small, tmp_path / "out")
        _, rss_large, _, _ = measure(command, large, tmp_path / "out")
        assert rss_large - rss_small < 0.25 * grown, (command, rss_small, rss_large, grown)


@pytest.mark.parametrize("suffix", [".prof", ".prof.gz"])
def test_aggregating_commands_keep_memory_flat_as_the_file_doubles(tmp_path, suffix):
    # Reading the whole model grows by ~0.7x the file; the commands that
    # sum while reading not at all (the next test counts the bytes).
    assert_memory_flat(tmp_path, suffix, ("report", "validate --fast", "convert pprof", "diff"))


def summing_peak_growth(read, paths, samples):
    """How much more Python's and numpy's allocations (tracemalloc) peak at
    while [read](path, aggregate=True) sums the second of [paths] than the
    first, per extra sample ([samples]: theirs).  Each peak is the least of
    three reads: one read's peak can also hold what a test worker left to
    the cyclic collector, while a read that holds something per sample
    shows it every time."""
    peaks = []
    for path, n in zip(paths, samples):
        read(path, aggregate=True)          # imports, caches, construct's compiled parsers: not the read's
        runs = []
        for _ in range(3):
            gc.collect()
            tracemalloc.start()
            try:
                assert read(path, aggregate=True).totals().alloc_count == n
                runs.append(tracemalloc.get_traced_memory()[1])
            finally:
                tracemalloc.stop()
        peaks.append(min(runs))
    return (peaks[1] - peaks[0]) / (samples[1] - samples[0])


@pytest.mark.parametrize("suffix", [".prof", ".prof.gz"])
def test_summing_while_reading_holds_nothing_per_sample(tmp_path, suffix):
    """The peak of a summing read grows by less than a byte per sample as
    the file grows fourfold: what grows is per minor and major collection
    (the GC timeline), not per sample.  (Keeping the main section's stack
    ids until the extension paired them, 4 bytes a sample, and the outcome
    bytes, 1, grew ~6 bytes a sample here.)  Both sizes end at the same
    point of big()'s major-collection cycle, so their survivors match."""
    samples = (1 << 18, 1 << 20)
    paths = [big(tmp_path / f"{n}{suffix}", n) for n in samples]
    assert summing_peak_growth(read_profile, paths, samples) < 1


def test_the_schemas_reader_sums_holding_nothing_per_sample(tmp_path):
    """The same of schema_reader.read_profile (tools/read_profile.py's), which
    decodes a record at a time with construct (~0.4 ms a sample: small
    files, and a GC cycle of 1024 samples so that both have many).  Its
    transient peaks are bigger (a DEATHS record's seqs as Python ints), so
    the bound is 8 bytes a sample; holding the main section's stack
    records until the extension paired them grew ~33 here."""
    samples = (1 << 12, 1 << 14)
    paths = [big(tmp_path / f"{n}.prof", n, minor_every=256, major_every=4) for n in samples]
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(_assemble, "DRAIN_EVERY", 64)
        assert summing_peak_growth(schema_reader.read_profile, paths, samples) < 8


@given(st.lists(st.integers(0, 12), min_size=1, max_size=20),
       st.lists(st.tuples(st.integers(0, 14), st.binary(max_size=6)), max_size=4),
       st.lists(st.lists(st.integers(0, 14), max_size=5), max_size=3))
def test_outcomes_and_deaths_go_to_every_sample_with_their_seq(tmp_path_factory, seqs, minors, deaths):
    """Samples numbered any way (gaps, repeats, out of order): each gets the
    outcome and the death of its seq, the later record's where several name
    it -- the model's rule, checked against a dict."""
    path = write(tmp_path_factory.mktemp("seqs") / "any.prof", [(s, 1) for s in seqs],
                 [(first, bytes(b & 1 for b in outs)) for first, outs in minors], deaths)
    outcome, death = {}, {}
    for first, outs in minors:
        outcome.update({first + i: 1 if b & 1 else 2 for i, b in enumerate(outs)})
    for i, dead in enumerate(deaths):
        death.update(dict.fromkeys(dead, 9000 + i))
    p = read_profile(path)
    assert p.alloc_samples.seq.tolist() == seqs
    assert p.alloc_samples.outcome.tolist() == [outcome.get(s, 0) for s in seqs]
    # (one that died young died at its minor collection, whatever DEATHS says)
    assert [s.death_ns if s.outcome != 2 else None for s in p.alloc_samples] \
        == [death.get(s) if outcome.get(s) != 2 else None for s in seqs]
    with irregularities():
        assert_same_totals(path)
