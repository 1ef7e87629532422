"""`vmsample validate`, `dump` and `recover`, and crash safety: a run killed
with SIGKILL is recovered into a valid file holding every flushed sample."""

import gzip
import os
import signal
import subprocess
import sys
import textwrap

import pytest

from profile_runs import Run, write_run
from vmsample.cli import main
from vmsample.profile import ProfileWriter, read_profile, records, schema

RUN = Run({2: ("<module>", 1, "p.py"), 4: ("f", 3, "p.py")}, {7: "list"},
          [("alloc", 32, 7, [(4, 5), (2, 9)], 0, False), ("time", [(4, 6), (2, 9)], 1),
           ("minor", b"abcdefgh", 0), ("major", 1), ("major", 0)], alloc_period=512)


@pytest.fixture
def good(tmp_path):
    path = tmp_path / "good.prof"
    with ProfileWriter(path, alloc_period=512) as w:
        write_run(w, RUN)
    return path


def test_validate_ok(good, capsys):
    assert main(["validate", str(good)]) == 0
    out = capsys.readouterr().out
    assert "valid" in out and "1 allocation samples" in out
    assert main(["validate", "-q", str(good)]) == 0
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize("cut", [0, 30, 100, -3])
def test_validate_invalid_is_one_line_with_offset(good, tmp_path, capsys, cut):
    bad = tmp_path / "bad.prof"
    bad.write_bytes(good.read_bytes()[:cut])
    assert main(["validate", str(bad)]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "invalid" in err and "at byte" in err


def test_validate_missing_file(tmp_path, capsys):
    assert main(["validate", str(tmp_path / "nope.prof")]) == 1
    assert "No such file" in capsys.readouterr().err


def test_dump_lists_every_record(good, capsys):
    assert main(["dump", str(good)]) == 0
    lines = capsys.readouterr().out.splitlines()
    kinds = [line.split()[1] for line in lines]
    assert kinds[:3] == ["static_header", "header", "start_time"]
    assert "trailer" in kinds and kinds[-1] == "ext:end"
    stack = next(line for line in lines if line.split()[1] == "stacktrace")
    assert "stack=[f:5 < <module>:9]" in stack
    offsets = [int(line.split()[0]) for line in lines]
    assert offsets == sorted(offsets) and offsets[0] == 0


def test_dump_of_a_broken_file_lists_records_up_to_the_error(good, tmp_path, capsys):
    data = good.read_bytes()
    bad = tmp_path / "bad.prof"
    bad.write_bytes(data[:300])
    assert main(["dump", str(bad)]) == 1
    captured = capsys.readouterr()
    assert "meta" in captured.out and "invalid" in captured.err


def test_cli_entry_point_bad_argument_exits_2():
    out = subprocess.run([sys.executable, "-m", "vmsample", "validate"], capture_output=True, text=True)
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1


KILLED = textwrap.dedent("""
    import sys, time
    from vmsample.profile import ProfileWriter
    path, layout = sys.argv[1], sys.argv[2]
    w = ProfileWriter(path, alloc_period=512, time_period_ns=1000, layout=layout)
    w.declare_code(2, "<module>", 1, "k.py"); w.declare_code(4, "f", 3, "k.py")
    w.type_name(5, "list")
    i = 0
    def step():
        global i
        w.alloc_sample(i, 32, 5, 1000 + i, [(4, 4 + i % 7), (2, 9)])
        if i % 3 == 0:
            w.time_sample(1000 + i, [(2, 8)])
        if i % 10 == 9:
            w.minor_collection(i // 10 + 1, 1000 + i, first_seq=i - 9, outcomes=bytes([1, 0] * 5))
        i += 1
    for _ in range(3000):
        step()
    w.flush()
    print(i, flush=True)
    while True:
        step()
        if i % 100 == 0:
            time.sleep(0.001)
""")


@pytest.mark.parametrize("layout", ["vmprof", "pypy"])
@pytest.mark.parametrize("suffix", [".prof", ".prof.gz"])
def test_sigkill_then_recover(tmp_path, capsys, layout, suffix):
    script = tmp_path / "killed.py"
    script.write_text(KILLED)
    path = tmp_path / f"run{suffix}"
    proc = subprocess.Popen([sys.executable, str(script), str(path), layout], stdout=subprocess.PIPE, text=True)
    flushed = int(proc.stdout.readline())
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert (tmp_path / f"run{suffix}.spool").exists()
    assert main(["recover", str(path)]) == 0
    assert "recovered" in capsys.readouterr().err
    assert not (tmp_path / f"run{suffix}.spool").exists()
    assert main(["validate", "-q", str(path)]) == 0
    p = read_profile(path)
    assert p.meta.recovered and p.meta.gzip == suffix.endswith(".gz")
    n = len(p.alloc_samples)
    assert n >= flushed
    assert [s.seq for s in p.alloc_samples] == list(range(n))
    for s in p.alloc_samples[:flushed]:
        frames = p.stack_frames(s.stack)
        assert (s.type_name, s.size, s.time_ns) == ("list", 32, 1000 + s.seq)
        assert [(f.function, f.line) for f in frames] == (
            [("f", 3), ("<module>", 1)] if layout == "pypy" else [("f", 4 + s.seq % 7), ("<module>", 9)])
    assert all(s.outcome.name == ("SURVIVED" if s.seq % 2 == 0 else "DIED")
               for s in p.alloc_samples[:flushed // 10 * 10])
    assert len(p.time_samples) >= (flushed + 2) // 3
    raw = path.read_bytes()
    data = gzip.decompress(raw) if suffix.endswith(".gz") else raw
    assert schema.profile_file.build(records.parse(data)) == data


def test_recover_refuses_without_spool_and_existing_output(good, tmp_path, capsys):
    assert main(["recover", str(good)]) == 1
    assert "no spool" in capsys.readouterr().err
    (tmp_path / "good.prof.spool").write_bytes(b"")
    other = tmp_path / "other.prof"
    other.write_bytes(b"x")
    assert main(["recover", str(good), "-o", str(other)]) == 1
    assert "exists" in capsys.readouterr().err


def test_recover_a_run_killed_during_close(tmp_path):
    # the trailer is written and part of the spool copied when the process dies
    path = tmp_path / "c.prof"
    with ProfileWriter(path, alloc_period=512, spool=tmp_path / "keep.spool") as w:
        write_run(w, RUN)
        w.flush()
        spool = (tmp_path / "keep.spool").read_bytes()
    data = path.read_bytes()
    path.write_bytes(data[:data.index(b"VMSAMPX") + 30])
    (tmp_path / "c.prof.spool").write_bytes(spool)
    from vmsample.profile.recover import recover
    r = recover(path)
    assert (r.alloc_samples, r.time_samples, r.minor_collections, r.major_events) == (1, 1, 1, 2)
    p = read_profile(path)
    assert p.meta.recovered and len(p.alloc_samples) == 1


def test_dump_json_lines(good, capsys):
    import json
    assert main(["dump", "--json", str(good)]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert records[0] == {"offset": 0, "kind": "static_header", "word_size": 8, "header_count": 0,
                          "header_size": 3, "reserved": 0, "period_usec": 0, "windows64": 0, "addr_size": 8}
    stack = next(r for r in records if r["kind"] == "stacktrace")
    assert stack["entries"] == [5, 4, 9, 2] and stack["count"] == 1
    minor = next(r for r in records if r["kind"] == "ext:minor_gc")
    assert minor["nstats"] == 5 and len(minor["outcomes"]) == 2 * minor["count"]
    assert records[-1]["kind"] == "ext:end" and records[-1]["n_alloc"] == 1


def test_reading_a_killed_run_suggests_recover(tmp_path, capsys):
    # Only a run that is gone: while its writer lives, reading says who writes it.
    path = tmp_path / "k.prof"
    w = ProfileWriter(path, alloc_period=512)
    write_run(w, RUN)
    w.flush()
    with pytest.raises(Exception) as e:
        read_profile(path)
    assert f"being written by pid {os.getpid()}" in str(e.value) and "recover" not in str(e.value)
    # A copy is what a killed run leaves: no trailer, a spool beside it, no lock.
    killed = tmp_path / "killed.prof"
    killed.write_bytes(path.read_bytes())
    (tmp_path / "killed.prof.spool").write_bytes((tmp_path / "k.prof.spool").read_bytes())
    with pytest.raises(Exception) as e:
        read_profile(killed)
    assert f"vmsample recover {killed}" in str(e.value) and e.value.offset is not None
    assert main(["validate", str(killed)]) == 1
    assert "vmsample recover" in capsys.readouterr().err
    w.close()


def test_validate_fast(good, tmp_path, capsys):
    assert main(["validate", "--fast", str(good)]) == 0
    assert "1 allocation samples" in capsys.readouterr().out
    bad = tmp_path / "bad.prof"
    bad.write_bytes(good.read_bytes()[:-1])
    assert main(["validate", "--fast", str(bad)]) == 1
    assert "at byte" in capsys.readouterr().err
