"""The writer's contract: validation, lazy code names, sticky I/O errors that
surface as OSError (never lost, never a crash), bounded buffers."""

import os
import subprocess
import sys

import pytest

from vmsample.profile import ProfileWriter, read_profile, schema_reader
from vmsample.profile.records import iter_records
from vmsample.profile.source import load_bytes
from vmsample.profile import format as F


def test_format_constants_match_the_writer(tmp_path):
    path = tmp_path / "c.prof"
    with ProfileWriter(path, alloc_period=64) as w:
        w.declare_code(2, "f", 1, "x.py")
        w.alloc_sample(0, 16, 1, 5, [(2, 1)])
        w.time_sample(6, [(2, 1)])
        w.minor_collection(1, 7)
        w.major_event(1, 1, 8)
    data = path.read_bytes()
    i = data.index(F.EXT_MAGIC) + len(F.EXT_MAGIC)
    tags = []
    while i < len(data):
        tags.append(data[i])
        i += 5 + int.from_bytes(data[i + 1:i + 5], "little")
    assert tags == [F.EXT_STAT_NAMES, F.EXT_ALLOC_SAMPLE, F.EXT_TIME_SAMPLE, F.EXT_MINOR_GC,
                    F.EXT_MAJOR_GC, F.EXT_END]
    assert read_profile(path).stat_names == F.STAT_NAMES


def test_code_names_are_written_lazily_once(tmp_path):
    path = tmp_path / "lazy.prof"
    with ProfileWriter(path, alloc_period=64) as w:
        w.declare_code(2, "used", 1, "x.py")
        w.declare_code(4, "never_used", 5, "x.py")
        for i in range(3):
            w.alloc_sample(i, 16, 1, i, [(2, 1)])
        w.flush()
        assert b"never_used" not in path.read_bytes()       # not before close
    data = path.read_bytes()
    first_stack = data.index(b"\x01" + (1).to_bytes(8, "little"), 60)
    assert data.count(b"py:used:1:x.py") == 1 and data.index(b"py:used:1:x.py") < first_stack
    # close() names the declared codes no sample used, before the trailer
    assert data.count(b"py:never_used:5:x.py") == 1 and data.index(b"py:never_used:5:x.py") > first_stack
    codes = read_profile(path).codes
    assert {c.function for c in codes.values()} == {"used", "never_used"}


def test_undeclared_code_gets_a_placeholder_name(tmp_path):
    path = tmp_path / "u.prof"
    with ProfileWriter(path, alloc_period=64) as w:
        w.alloc_sample(0, 16, 1, 0, [(0x1234, 7)])
    code = read_profile(path).codes[0x1234]
    assert code.function == "<code 0x1234>" and code.file == "<unknown>"


def test_colons_in_function_names_keep_vmprof_names_parseable(tmp_path):
    path = tmp_path / "colon.prof"
    with ProfileWriter(path, alloc_period=64) as w:
        w.declare_code(2, "a:b", 3, "C:\\dir\\x.py")
        w.alloc_sample(0, 16, 1, 0, [(2, 3)])
    code = read_profile(path).codes[2]
    assert (code.function, code.first_line, code.file) == ("a;b", 3, "C:\\dir\\x.py")


@pytest.mark.parametrize("bad", [0, -2, 3])
def test_code_ids_must_be_positive_and_even(tmp_path, bad):
    with ProfileWriter(tmp_path / "x.prof", alloc_period=64) as w:
        with pytest.raises(ValueError, match="positive and even"):
            w.declare_code(bad, "f", 1, "x.py")
        with pytest.raises(ValueError, match="positive and even"):
            w.alloc_sample(0, 16, 1, 0, [(bad, 1)])


def test_redeclaring_and_duplicate_meta(tmp_path):
    with ProfileWriter(tmp_path / "x.prof", alloc_period=64) as w:
        w.declare_code(2, "f", 1, "x.py")
        w.declare_code(2, "f", 1, "x.py")        # same name: fine
        with pytest.raises(ValueError, match="already declared"):
            w.declare_code(2, "g", 1, "x.py")
        w.type_name(3, "list")
        w.type_name(3, "list")
        with pytest.raises(ValueError, match="already named"):
            w.type_name(3, "dict")
        w.meta("k", "v")
        with pytest.raises(ValueError, match="already written"):
            w.meta("k", "w")
        with pytest.raises(ValueError, match="already written"):
            w.meta("os", "plan9")


@pytest.mark.parametrize("kwargs, match", [
    (dict(version=5), "version"), (dict(layout="jvm"), "layout"), (dict(alloc_period=0), "alloc_period"),
    (dict(alloc_period=1.5), "alloc_period"), (dict(sampling="sometimes"), "sampling"),
    (dict(time_period_ns=-1), "time_period_ns"),
])
def test_bad_options(tmp_path, kwargs, match):
    with pytest.raises(ValueError, match=match):
        ProfileWriter(tmp_path / "x.prof", **kwargs)


def test_unwritable_path_raises_at_open(tmp_path):
    with pytest.raises(FileNotFoundError):
        ProfileWriter(tmp_path / "no" / "such" / "dir.prof")


def test_closed_writer(tmp_path):
    w = ProfileWriter(tmp_path / "x.prof", alloc_period=64)
    w.close()
    w.close()                                       # idempotent
    assert w.closed and not (tmp_path / "x.prof.spool").exists()
    with pytest.raises(ValueError, match="closed"):
        w.alloc_sample(0, 16, 1, 0, [])


def test_disk_full_on_the_main_file_raises_oserror(tmp_path, char_device):
    w = ProfileWriter(char_device("full"), alloc_period=64, spool=tmp_path / "s.spool")
    w.declare_code(2, "f", 1, "x.py")
    with pytest.raises(OSError) as e:
        for i in range(100_000):            # fills the buffer: the drain hits ENOSPC
            w.alloc_sample(i, 16, 1, i, [(2, 1)] * 10)
    assert e.value.errno == 28
    with pytest.raises(OSError) as e:
        w.close()
    assert e.value.errno == 28


def test_a_spool_that_cannot_be_written_fails_the_writer_at_once(tmp_path, char_device):
    # Its head (the writer's pid) is written when it is opened.
    with pytest.raises(OSError) as e:
        ProfileWriter(tmp_path / "x.prof", alloc_period=64, spool=char_device("full"))
    assert e.value.errno == 28


def test_buffers_are_bounded(tmp_path):
    # 200k deep samples (~70 MB) go to disk as they come; the process does not grow by that much.
    import resource
    path = tmp_path / "big.prof"
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with ProfileWriter(path, alloc_period=64) as w:
        w.declare_code(2, "f", 1, "x.py")
        stack = [(2, 1)] * 20
        for i in range(200_000):
            w.alloc_sample(i, 16, 1, i, stack)
    grown_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    assert path.stat().st_size > 70_000_000
    assert grown_kb < 30_000


@pytest.mark.parametrize("suffix", [".prof", ".prof.gz"])
def test_records_bigger_than_the_writers_buffer(tmp_path, suffix):
    """A major collection that finds 300,000 sampled objects dead (gcbench 17
    does: its DEATHS records once overflowed the 1 MiB buffer and corrupted
    the heap) and a code named by 2 MiB: written in pieces, read back whole.
    (Three of the seqs are the file's samples; the rest, samples taken
    before the writer was attached, are ignored by readers.)"""
    path = tmp_path / f"big{suffix}"
    dead = 300_000
    name = "f" * (2 << 20)
    with ProfileWriter(path, alloc_period=64) as w:
        w.declare_code(2, name, 1, "x.py")
        for seq in range(dead - 3, dead):
            w.alloc_sample(seq, 16, 1, seq, [(2, 1)])
        w.minor_collection(1, dead, first_seq=dead - 3, outcomes=b"\x01" * 3)
        w.major_event(1, 2, dead + 1, deaths=range(dead))
        w.major_event(1, 0, dead + 2)
    for p in (read_profile(path), schema_reader.read_profile(path)):
        a = p.alloc_samples
        assert len(a) == 3 and (a.died_major == 1).all() and (a.death_ns == dead + 1).all()
        assert p.stack_frames(int(a.stack[0]))[0].code.function == name
    deaths = [r for r in iter_records(load_bytes(path)[0]) if r.kind == "ext:deaths"]
    assert [len(r.fields["seqs"]) for r in deaths] == [F.DEATHS_PER_RECORD] * (dead // F.DEATHS_PER_RECORD) \
        + [dead % F.DEATHS_PER_RECORD]


def test_a_major_collection_that_frees_many_sampled_objects(tmp_path):
    """The same through `vmsample run`: 30,000 small lists kept, then freed
    by one major collection, at one sample per 16 bytes, make one DEATHS of
    ~175,000 seqs -- more than a record of 1 MiB holds.  This program used to
    die with "double free or corruption" when the profile was written."""
    prog = tmp_path / "drop.py"
    prog.write_text("import gc\nkeep = [[i] for i in range(30000)]\nkeep = None\ngc.collect()\n")
    out = tmp_path / "drop.prof"
    done = subprocess.run([sys.executable, "-m", "vmsample", "run", "-f", "--alloc-period", "16", "-o", str(out),
                           str(prog)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    a = read_profile(out).alloc_samples
    assert int((a.died_major >= 0).sum()) > (1 << 20) // 8


def test_c_level_api_from_another_cython_module(tmp_path):
    # _harness.pyx cimports _writer.pxd and calls it with the GIL released, as a VM does.
    from vmsample.profile import _harness

    path = tmp_path / "c.prof.gz"
    w = ProfileWriter(path, alloc_period=4096)
    _harness.declare_codes(w, 8)
    _harness.alloc_samples(w, 1000, 12, n_codes=8, minor_every=100)
    _harness.alloc_samples(w, 10, 3, n_codes=8, time_samples=True)
    w.close()
    p = read_profile(path)
    assert len(p.alloc_samples) == 1000 and len(p.time_samples) == 10
    assert len(p.minor_collections) == 10
    assert [s.outcome.name for s in p.alloc_samples[:4]] == ["DIED", "SURVIVED", "DIED", "SURVIVED"]
    s = p.alloc_samples[7]
    assert (s.seq, s.size, s.type_id) == (7, 16 + 8 * 7, 1 + 7 % 4)
    frames = p.stack_frames(s.stack)
    assert [(f.code.id, f.line) for f in frames] == [(2 * (1 + (7 + k) % 8), 10 + k) for k in range(12)]
    assert frames[0].function == "f8" and frames[0].file == "bench.py"


def test_a_minor_collection_flushes_after_the_interval(tmp_path):
    path = tmp_path / "f.prof"
    w = ProfileWriter(path, alloc_period=64, flush_interval=0)
    w.declare_code(2, "f", 1, "x.py")
    w.alloc_sample(0, 16, 1, 0, [(2, 1)])
    before = path.stat().st_size
    w.minor_collection(1, w.monotonic_ns(), first_seq=0, outcomes=b"\x01")
    assert path.stat().st_size > before and b"py:f:1:x.py" in path.read_bytes()
    assert (tmp_path / "f.prof.spool").stat().st_size > 0
    w.close()
    w2 = ProfileWriter(path, alloc_period=64, flush_interval=3600)
    w2.alloc_sample(0, 16, 1, 0, [(2, 1)])
    before = path.stat().st_size
    w2.minor_collection(1, w2.monotonic_ns())
    assert path.stat().st_size == before
    w2.close()


def test_real_time_mode_bit(tmp_path):
    path = tmp_path / "rt.prof"
    with ProfileWriter(path, time_period_ns=1000, real_time=True) as w:
        w.declare_code(2, "f", 1, "x.py")
        w.time_sample(5, [(2, 1)])
    p = read_profile(path)
    assert p.meta.real_time and p.meta.mode & F.PROFILE_REAL_TIME
    import vmprof
    assert vmprof.read_profile(str(path)).n_samples == 1


def test_a_writer_dropped_without_close_still_finishes_its_file(tmp_path):
    import gc
    path = tmp_path / "dropped.prof"
    w = ProfileWriter(path, alloc_period=64)
    w.declare_code(2, "f", 1, "x.py")
    w.alloc_sample(0, 16, 1, 0, [(2, 1)])
    del w
    gc.collect()
    assert len(read_profile(path).alloc_samples) == 1
    assert not (tmp_path / "dropped.prof.spool").exists()


def test_counts_never_raise_and_survive_close(tmp_path, char_device):
    w = ProfileWriter(char_device("full"), alloc_period=64, spool=tmp_path / "c.spool")
    w.declare_code(2, "f", 1, "x.py")
    w.time_sample(1, [])                # (a stack with a code would drain at once, to name it first)
    w.alloc_sample(0, 16, 1, 0, [(2, 1)])
    with pytest.raises(OSError):
        w.flush()
    assert w.counts == {"alloc": 1, "time": 1, "minor": 0, "major": 0, "truncated": 0}
    with pytest.raises(OSError):
        w.close()
    assert w.counts["alloc"] == 1 and w.closed


def test_declaring_a_code_after_its_placeholder_was_written(tmp_path):
    with ProfileWriter(tmp_path / "x.prof", alloc_period=64) as w:
        w.alloc_sample(0, 16, 1, 0, [(2, 1)])
        with pytest.raises(ValueError, match="used by a sample before it was declared"):
            w.declare_code(2, "f", 1, "x.py")
        with pytest.raises(ValueError, match="type id out of range"):
            w.type_name(-1, "x")
        with pytest.raises(ValueError, match="type id out of range"):
            w.type_name(1 << 40, "x")


def test_a_stale_pointer_after_close_is_inert(tmp_path):
    from vmsample.profile import _harness
    path = tmp_path / "late.prof"
    w = ProfileWriter(path, alloc_period=64)
    w.declare_code(2, "f", 1, "x.py")
    w.alloc_sample(0, 16, 1, 0, [(2, 1)])
    assert _harness.calls_after_close(w) == (-1,) * 6
    assert len(read_profile(path).alloc_samples) == 1        # the file is untouched


def test_a_stack_in_the_spool_never_reaches_the_disk_before_its_code_names(tmp_path):
    # An allocation stack (main section) brings the name of code 2 into the
    # main buffer; time samples then put stacks with code 2 into the spool
    # (inline).  However the spool drains -- here when its buffer fills, no
    # drain on time -- its stacks must not be on disk before that name: a
    # SIGKILL there left a recovered profile with an unnamed code (CI, stop
    # 40: tests/test_cli_options.py::test_recover_spool).
    path = tmp_path / "names.prof"
    spool = F.spool_path(str(path))
    w = ProfileWriter(path, alloc_period=64, flush_interval=3600)
    try:
        w.declare_code(2, "f", 1, "x.py")
        w.alloc_sample(0, 16, 1, 1, [(2, 1)])
        head = os.path.getsize(spool)
        for t in range(1_000_000):
            w.time_sample(2 + t, [(2, 1)])
            if os.path.getsize(spool) > head:
                break
        assert os.path.getsize(spool) > head, "the spool never drained"
        assert b"py:f:1:x.py" in path.read_bytes()
    finally:
        w.close()
    assert {c.function for c in read_profile(path).codes.values()} == {"f"}
