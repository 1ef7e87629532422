"""Recovery from a crash at any point: for every cut of the main file and
any cut of the spool that is not behind it (the writer's invariant),
`recover` yields a valid profile whose samples and collections are exactly a
prefix of what was written."""

import gzip
import shutil

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from profile_runs import Run, runs, write_run
from vmsample import ProfileFormatError
from vmsample.profile import ProfileWriter, read_profile, records, schema_reader
from vmsample.profile import format as F
from vmsample.profile.recover import recover


def killed_state(tmp_path, run, **options):
    """(main bytes, spool bytes, the finished profile) of [run]: the files as a
    crash right after a flush() would leave them, and the clean result."""
    path, spool = tmp_path / "run.prof", tmp_path / "run.spool"
    w = ProfileWriter(path, alloc_period=run.alloc_period, time_period_ns=run.time_period_ns,
                      sampling=run.sampling,
                      spool=spool, **options)
    write_run(w, run)
    w.flush()
    main_bytes, spool_bytes = path.read_bytes(), spool.read_bytes()
    w.close()
    return main_bytes, spool_bytes, read_profile(path)


def ext_ends(spool):
    """Byte offsets where each whole extension record of the spool ends."""
    pos, ends = len(F.EXT_MAGIC), []
    while pos + 5 <= len(spool):
        pos += 5 + int.from_bytes(spool[pos + 1:pos + 5], "little")
        ends.append(pos)
    return ends


def prefix_of(got, full):
    """[got] holds a prefix of [full]'s samples and collections; an outcome
    or a death may be unknown when the collection that resolved it was lost,
    and the last allocation may have lost some of its sample records (its
    weight is then shared by fewer)."""
    from vmsample.profile.model import Outcome
    assert len(got.alloc_samples) <= len(full.alloc_samples)
    resolved = {s for m in got.minor_collections for s in range(m.first_seq, m.first_seq + len(m.outcomes))}
    life = ("outcome", "death_ns", "died_major")
    last = got.alloc_samples[-1].time_ns if got.alloc_samples else None
    for a, b in zip(got.alloc_samples, full.alloc_samples):
        fields = [f for f in a.__slots__ if f not in ("stack", "weight", "objects") + life]
        assert [getattr(a, f) for f in fields] == [getattr(b, f) for f in fields]
        assert a.outcome == (b.outcome if a.seq in resolved else Outcome.UNKNOWN)
        assert a.died_major in (None, b.died_major)
        assert a.death_ns in (None, b.death_ns)
        if a.time_ns != last:
            assert (a.weight, a.objects) == (b.weight, b.objects)
        else:
            assert a.weight >= b.weight - 1 and a.objects >= b.objects
    for a, b in zip(got.alloc_samples, full.alloc_samples):
        assert got.stack_frames(a.stack) == full.stack_frames(b.stack)
    for a, b in zip(got.time_samples, full.time_samples):
        assert (a.time_ns, a.thread_id) == (b.time_ns, b.thread_id)
        assert got.stack_frames(a.stack) == full.stack_frames(b.stack)
    assert len(got.time_samples) <= len(full.time_samples)
    assert got.minor_collections == full.minor_collections[:len(got.minor_collections)]
    assert got.major_events == full.major_events[:len(got.major_events)]


def opening_end(main_bytes):
    """Offset of the first record after the header, start time and META."""
    from vmsample.profile.records import iter_records
    try:
        for rec in iter_records(main_bytes):
            if rec.kind not in ("static_header", "header", "start_time", "meta"):
                return rec.offset
    except ProfileFormatError as e:
        return e.offset
    return len(main_bytes)


def spool_window(main_cut, spool):
    """The spool cuts a crash can leave with main_cut as the main file: at
    least the infos of its stack records (the spool is never behind), at most
    up to the first inline stack using a code the main file does not name yet
    (a spooled stack never precedes its code names).  None if the main cut
    ends before META vmsample_version, where nothing is recoverable."""
    import struct

    from vmsample.profile._assemble import ProfileBuilder
    from vmsample.profile.reader import read_main_section
    b = ProfileBuilder()
    try:
        read_main_section(main_cut, b)
    except ProfileFormatError:
        pass
    if F.META_VERSION not in b.meta:       # what recover needs to know the file is ours
        return None
    need = b.stack_count(F.MARKER_STACKTRACE) + b.stack_count(F.MARKER_GC_STACKTRACE)
    pos, paired, low, high = len(F.EXT_MAGIC), 0, None, len(F.EXT_MAGIC)
    for end in ext_ends(spool):
        tag, size = spool[pos], int.from_bytes(spool[pos + 1:pos + 5], "little")
        fixed = {F.EXT_ALLOC_SAMPLE: F.ALLOC_INFO.size, F.EXT_TIME_SAMPLE: F.TIME_INFO.size}.get(tag)
        if fixed is not None and size > fixed:
            entries = struct.unpack_from(f"<{(size - fixed - 4) // 8}q", spool, pos + 5 + fixed + 4)
            codes = entries[1::2] if b.lines else entries
            if not set(codes) <= set(b.codes):
                break
        elif fixed is not None:
            paired += 1
        if low is None and paired >= need:
            low = pos if need == 0 else end
        high = end
        pos = end
    if low is None or low > high:
        return None
    return low, high


@settings(max_examples=100)
@given(run=runs(max_events=25), data=st.data(), layout=st.sampled_from(["vmprof", "pypy"]),
       gz=st.booleans())
def test_recover_from_any_crash_point(tmp_path_factory, run, data, layout, gz):
    tmp = tmp_path_factory.mktemp("rec")
    main_bytes, spool_bytes, full = killed_state(tmp, run, layout=layout)
    opening = opening_end(main_bytes)
    cut = data.draw(st.one_of(st.integers(0, opening), st.integers(opening, len(main_bytes))),
                    label="main cut")
    window = spool_window(main_bytes[:cut], spool_bytes)
    path = tmp / ("killed.prof.gz" if gz else "killed.prof")
    killed_main = main_bytes[:cut]
    path.write_bytes(gzip.compress(killed_main) if gz else killed_main)
    event("nothing to recover" if window is None else "recovered")
    if window is None:
        (tmp / (path.name + ".spool")).write_bytes(spool_bytes)
        with pytest.raises(ProfileFormatError):
            recover(path)
        return
    spool_cut = data.draw(st.integers(*window), label="spool cut")
    (tmp / (path.name + ".spool")).write_bytes(spool_bytes[:spool_cut])
    result = recover(path)
    got = read_profile(path)
    assert got.meta.recovered and got.meta.gzip == gz
    raw = path.read_bytes()
    assert schema_reader.to_profile(records.parse(gzip.decompress(raw) if gz else raw), gzip=gz) == got
    assert result.alloc_samples == len(got.alloc_samples)
    prefix_of(got, full)
    shutil.rmtree(tmp)


def test_recover_refuses_a_spool_behind_the_main_file(tmp_path):
    run = Run({2: ("<module>", 1, "p.py")}, {}, [("alloc", 16, 0, [(2, 2)], 0, False)] * 3)
    main_bytes, spool_bytes, _ = killed_state(tmp_path, run)
    path = tmp_path / "k.prof"
    path.write_bytes(main_bytes)
    (tmp_path / "k.prof.spool").write_bytes(spool_bytes[:ext_ends(spool_bytes)[1]])   # 1 info of 3
    with pytest.raises(ProfileFormatError, match="cannot pair"):
        recover(path)


def test_recover_refuses_foreign_and_recovered_files(tmp_path):
    run = Run({2: ("<module>", 1, "p.py")}, {}, [("alloc", 16, 0, [(2, 2)], 0, False)])
    main_bytes, spool_bytes, _ = killed_state(tmp_path, run)
    path = tmp_path / "k.prof"
    path.write_bytes(main_bytes)
    (tmp_path / "k.prof.spool").write_bytes(spool_bytes)
    recover(path)
    (tmp_path / "k.prof.spool").write_bytes(spool_bytes)
    with pytest.raises(ProfileFormatError, match="already recovered"):
        recover(path)
    path.write_bytes(main_bytes[:30])
    with pytest.raises(ProfileFormatError, match="nothing to recover"):
        recover(path)
