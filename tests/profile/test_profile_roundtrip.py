"""Round trip: whatever the writer writes reads back exactly (fast reader and
construct schema alike), and schema.build(records.parse(b)) == b."""

import gzip

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from profile_runs import Run, check_profile, runs, write_run
from vmsample.profile import ProfileWriter, read_profile, records, schema, schema_reader
from vmsample.profile import format as F
from vmsample.profile.reader import load_bytes

OPTIONS = st.fixed_dictionaries({
    "version": st.sampled_from([6, 7]),
    "lines": st.booleans(),
    "layout": st.sampled_from(["vmprof", "pypy"]),
    "gzip": st.booleans(),
    "real_time": st.booleans(),
})


def write(tmp_path, run, name="run.prof", **options):
    path = tmp_path / (name + (".gz" if options.get("gzip") else ""))
    with ProfileWriter(path, alloc_period=run.alloc_period, time_period_ns=run.time_period_ns,
                       sampling=run.sampling,
                       program="prog.py", argv=["prog.py", "--n", "3"], **options) as w:
        write_run(w, run)
    return path


@settings(max_examples=60)
@given(run=runs(), options=OPTIONS)
def test_fast_reader_and_schema_read_back_what_was_written(tmp_path_factory, run, options):
    path = write(tmp_path_factory.mktemp("rt"), run, **options)
    lines = options["lines"] and options["layout"] == "vmprof"
    fast = read_profile(path)
    check_profile(fast, run, lines=lines)
    data, gz = load_bytes(path)
    assert gz == options["gzip"]
    parsed = records.parse(data)
    assert schema.profile_file.build(parsed) == data
    assert schema_reader.to_profile(parsed, gzip=gz) == fast


def test_metadata(tmp_path):
    run = Run({2: ("<module>", 1, "prog.py")}, {3: "list"}, [("alloc", 32, 3, [(2, 4)], 0, False)],
              sampling="fixed")
    path = write(tmp_path, run, version=7)
    p = read_profile(path)
    m = p.meta
    assert (m.format_version, m.layout, m.interp, m.lines) == (7, "vmprof", "vmsample", True)
    assert (m.sample_kind, m.alloc_sampling, m.alloc_period) == ("alloc", "fixed", 4096)
    assert m.program == "prog.py" and m.argv == ("prog.py", "--n", "3")
    assert m.start_time <= m.end_time and m.start_ns <= m.end_ns
    assert m.vmsample_version and m.os and m.bits == 64
    assert not m.gzip and not m.recovered
    assert p.samples is p.alloc_samples
    assert p.stack_frames(p.samples[0].stack)[0].function == "<module>"


def test_time_primary_profile(tmp_path):
    run = Run({2: ("<module>", 1, "p.py"), 4: ("f", 3, "p.py")}, {},
              [("time", [(4, 5), (2, 9)], 1), ("alloc", 16, 0, [(2, 2)], 1, False)],
              alloc_period=None, time_period_ns=2_000_000)
    path = write(tmp_path, run)
    p = read_profile(path)
    check_profile(p, run)
    assert p.meta.sample_kind == "time" and p.samples is p.time_samples
    assert p.time_samples[0].weight == 2_000_000


def test_gzip_is_chosen_by_suffix_and_read_transparently(tmp_path):
    run = Run({2: ("<module>", 1, "p.py")}, {}, [("alloc", 16, 0, [(2, 2)], 0, False)] * 50)
    path = tmp_path / "x.prof.gz"
    with ProfileWriter(path, alloc_period=512) as w:
        write_run(w, run)
    raw = path.read_bytes()
    assert raw[:2] == b"\x1f\x8b"
    assert gzip.decompress(raw)[8:9] == b"\x03"
    p = read_profile(path)
    assert p.meta.gzip and len(p.alloc_samples) == 50


def test_unknown_extension_tags_are_skipped(tmp_path):
    run = Run({2: ("<module>", 1, "p.py")}, {}, [("alloc", 16, 0, [(2, 2)], 0, False)])
    data = (write(tmp_path, run)).read_bytes()
    i = data.index(b"VMSAMPX\x01") + 8
    unknown = bytes([0x7E]) + (5).to_bytes(4, "little") + b"hello"
    grown = data[:i] + unknown + data[i:]
    assert read_profile(grown) == read_profile(data)
    parsed = records.parse(grown)
    assert schema.profile_file.build(parsed) == grown
    assert schema_reader.to_profile(parsed) == read_profile(data)


def test_stock_vmprof_file_without_extension_reads_as_time_samples(tmp_path):
    # A file as vmprof itself writes it: header, codes, 0x01 records, trailer, nothing after.
    import struct
    W = lambda v: struct.pack("<q", v)  # noqa: E731
    out = W(0) + W(3) + W(0) + W(990) + W(0) + b"\x05\x00\x07\x00\x07cpython"
    out += b"\x06" + W(1700000000) + W(5) + bytes(8)
    out += b"\x02" + W(0x1000) + W(21) + b"py:<module>:1:demo.py"
    for i in range(3):
        out += b"\x01" + W(1) + W(1) + W(0x1000) + W(77) + W(10**9 + i)
    out += b"\x03" + W(1700000001) + W(0) + bytes(8)
    p = read_profile(out)
    assert p.meta.layout == "foreign" and p.meta.sample_kind == "time"
    assert [s.time_ns for s in p.time_samples] == [10**9, 10**9 + 1, 10**9 + 2]
    assert p.time_samples[0].weight == 990_000 and p.time_samples[0].thread_id == 77
    assert schema_reader.to_profile(records.parse(out)) == p


@pytest.mark.parametrize("lines", [True, False])
def test_deep_stacks_keep_the_leaf_end(tmp_path, lines):
    deep = [(2 * (i % 50) + 2, i) for i in range(40000)]
    run = Run({2 * (i + 1): (f"f{i}", i, "d.py") for i in range(50)}, {},
              [("alloc", 16, 0, deep, 0, False)])
    path = tmp_path / "deep.prof"
    with ProfileWriter(path, alloc_period=512, lines=lines) as w:
        write_run(w, run)
        assert w.counts["truncated"] == 1
    p = read_profile(path)
    assert p.meta.truncated_stacks == 1
    frames = p.stack_frames(p.alloc_samples[0].stack)
    assert len(frames) == F.MAX_FRAMES == 32768
    assert frames[0].code.id == 2 and (frames[0].line == 0 if lines else True)
    assert schema_reader.to_profile(records.parse(path.read_bytes())) == p


def test_read_profile_restores_the_garbage_collector(tmp_path):
    import gc
    run = Run({2: ("<module>", 1, "p.py")}, {}, [("alloc", 16, 0, [(2, 2)], 0, False)])
    path = write(tmp_path, run)
    assert gc.isenabled()
    read_profile(path)
    assert gc.isenabled()
    with pytest.raises(Exception):
        read_profile(path.read_bytes()[:-1])
    assert gc.isenabled()
    gc.disable()
    try:
        read_profile(path)
        assert not gc.isenabled()
    finally:
        gc.enable()
