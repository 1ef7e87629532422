"""Profiles written by other profilers (tests/data/real-profiles, MIT, see
its SOURCES.md): every one opens in the fast reader, the construct schema,
`validate`, `report`, `convert` and `diff`, and what we read equals what
stock vmprof reads from it, sample by sample, wherever vmprof reads it.
(The paper fork's reading of them is compared in test_paper_toolchain.py.)"""

import json
from collections import Counter
from pathlib import Path

import pytest

from vmsample.cli import main
from vmsample.profile import _assemble, read_profile, records, schema_reader
from vmsample.profile.reader import load_bytes

DATA = Path(__file__).parent.parent / "data" / "real-profiles"
FIXTURES = sorted(p.name for p in DATA.iterdir() if p.suffix in (".prof", ".tsprof"))
# What stock vmprof 0.6.0 cannot open: the legacy 0x04 header, the fork's
# 0x09 records, and the fork's version 7 (read as 0.6.0's, its count word is
# not 1).
STOCK_FAILS = {"richards.pypy.prof", "gcbench_as_obj.prof", "cpuburn.cpython.tsprof"}


def test_the_fixtures_are_all_there():
    assert len(FIXTURES) >= 6 and (DATA / "SOURCES.md").exists()


def ours(profile, sample):
    """(thread id, [code ids], [lines]) of a sample, root first."""
    frames = profile.stack_frames(sample.stack)[::-1]
    return sample.thread_id, [f.code.id for f in frames], [f.line for f in frames]


@pytest.mark.parametrize("name", FIXTURES)
def test_reader_and_schema_agree(name):
    data, gz = load_bytes(DATA / name)
    fast = read_profile(data)
    ref = schema_reader.to_profile(records.parse(data), gzip=gz)
    assert len(fast.samples) > 0
    for stream in ("alloc_samples", "time_samples", "minor_collections"):
        assert getattr(fast, stream) == getattr(ref, stream), stream
    assert fast.stacks == ref.stacks and fast.frames == ref.frames and fast.types == ref.types


@pytest.mark.parametrize("name", FIXTURES)
def test_frames_made_a_few_stacks_at_a_time_are_the_same(name, monkeypatch):
    # (_frames decodes stacks in chunks; frames are numbered in the order of first use all the same)
    whole = read_profile(DATA / name)
    monkeypatch.setattr(_assemble, "STACKS_PER_CHUNK", 3)
    chunked = read_profile(DATA / name)
    assert len(whole.stacks) > 3
    assert (chunked.stacks, chunked.frames, chunked.codes) == (whole.stacks, whole.frames, whole.codes)


@pytest.mark.parametrize("name", FIXTURES)
def test_stock_vmprof_reads_the_same(name):
    vmprof = pytest.importorskip("vmprof")
    try:
        stats = vmprof.read_profile(str(DATA / name))
    except (AssertionError, Exception):
        assert name in STOCK_FAILS
        return
    assert name not in STOCK_FAILS
    p = read_profile(DATA / name)
    assert len(stats.profiles) == len(p.time_samples)
    for (trace, _weight, thread_id, mem), sample in zip(stats.profiles, p.time_samples):
        tid, codes, lines = ours(p, sample)
        assert thread_id == tid
        if stats.profile_lines:         # root first: code, -line, code, -line, ...
            assert [int(a) for a in trace[0::2]] == codes
            assert [-int(x) for x in trace[1::2]] == lines
        else:
            assert [int(a) for a in trace] == codes
        assert (mem if stats.profile_memory else None) == sample.memory_kb
    assert Counter(s.thread_id for s in p.time_samples) == Counter(t[2] for t in stats.profiles)


@pytest.mark.parametrize("name", FIXTURES)
def test_every_command_opens_it(name, tmp_path, capsys):
    path = str(DATA / name)
    assert main(["validate", path]) == 0
    assert "valid" in capsys.readouterr().out
    assert main(["report", path]) == 0
    assert capsys.readouterr().out
    for fmt in ("firefox", "collapsed", "speedscope"):
        out = tmp_path / f"out.{fmt}"
        assert main(["convert", "--to", fmt, "-o", str(out), path]) == 0
        assert out.stat().st_size > 0
    assert main(["diff", path, path]) == 0
    capsys.readouterr()


def test_the_papers_own_profile_reports_types_outcomes_and_collections(capsys):
    """gcbench_as_obj.prof was written by the paper's PyPy: 0x09 samples,
    0x0A object infos (type id << 2 | large << 1 | survived)."""
    p = read_profile(DATA / "gcbench_as_obj.prof")
    assert len(p.alloc_samples) == 430 and len(p.minor_collections) == 430
    assert p.meta.alloc_period == 8 * 1024 * 1024
    died = sum(s.outcome.name == "DIED" for s in p.alloc_samples)
    assert 0 < died < len(p.alloc_samples)
    assert all(s.outcome.name != "UNKNOWN" for s in p.alloc_samples)
    top = Counter(s.type_name for s in p.alloc_samples).most_common(1)[0][0]
    assert top.startswith("GcStruct JITFRAME")
    assert main(["report", str(DATA / "gcbench_as_obj.prof")]) == 0
    out = capsys.readouterr().out
    assert "GcStruct JITFRAME" in out
    assert f"{100 * died / len(p.alloc_samples):.1f}%" in out       # died young (one weight per sample)
    assert "430 minor" in out


def test_a_fork_layout_file_without_our_extension_keeps_its_samples(tmp_path):
    """Silent-loss case: a pypy-layout file with mode 0 and no extension (as
    the fork writes one) -- every 0x09 sample is read, with its outcome."""
    from vmsample.profile import ProfileWriter
    from vmsample.profile import format as F
    path = tmp_path / "p.prof"
    with ProfileWriter(path, alloc_period=4096, layout="pypy") as w:
        w.declare_code(2, "f", 1, "p.py")
        w.type_name(7, "Node")
        for seq in range(5):
            w.alloc_sample(seq, 32, 7, 1000 + seq, [(2, 1)])
        w.minor_collection(1, 2000, first_seq=0, outcomes=b"\x01\x00\x01\x00\x00")
    from vmsample.profile.records import iter_records
    data = path.read_bytes()
    # Keep the main section without vmsample's own META: a file as the fork writes it.
    records = list(iter_records(data))
    ours_only = {F.META_VERSION, F.META_LAYOUT, F.META_SAMPLE_KIND}
    main_only = b"".join(data[r.offset:nxt.offset] for r, nxt in zip(records, records[1:])
                         if not (r.kind == "meta" and r.fields["key"] in ours_only)
                         and r.kind != "extension" and not r.kind.startswith("ext:"))
    assert F.EXT_MAGIC not in main_only and F.META_VERSION.encode() not in main_only
    p = read_profile(main_only)
    assert p.meta.layout == "foreign" and p.meta.mode == 0
    full = read_profile(data)
    assert [(s.seq, s.type_name, s.outcome) for s in p.alloc_samples] == \
        [(s.seq, s.type_name, s.outcome) for s in full.alloc_samples]
    assert len(p.alloc_samples) == 5
    assert json.dumps([s.outcome.name for s in p.alloc_samples]) == \
        json.dumps(["SURVIVED", "DIED", "SURVIVED", "DIED", "DIED"])
