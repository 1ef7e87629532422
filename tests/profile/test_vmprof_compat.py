"""Stock vmprof (PyPI 0.6.0) reads every file we write: same sample counts,
our function names in `vmprofshow FILE tree`, line numbers in `... lines`,
no time weighting of allocation samples."""

import os
import subprocess
import sys

import pytest
import vmprof

from profile_runs import Run, write_run
from vmsample.profile import ProfileWriter, read_profile

CODES = {2: ("<module>", 1, "prog.py"), 4: ("build_tree", 10, "prog.py"), 6: ("make_node", 20, "prog.py")}
EVENTS = ([("alloc", 32, 1, [(6, 22), (4, 12), (2, 30)], 0, False)] * 7
          + [("alloc", 64, 2, [(4, 13), (2, 30)], 0, False)] * 3
          + [("minor", b"12345678", 0, 5000), ("time", [(4, 14), (2, 30)], 0)])


def write(path, **options):
    run = Run(CODES, {1: "Node", 2: "list"}, EVENTS, **{k: options.pop(k) for k in
                                                          ("alloc_period", "time_period_ns") if k in options})
    with ProfileWriter(path, alloc_period=run.alloc_period, time_period_ns=run.time_period_ns,
                       **options) as w:
        write_run(w, run)
    return path


def vmprofshow(path, mode):
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    out = subprocess.run([sys.executable, "-m", "vmprof.show", str(path), mode],
                         capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "Fatal" not in out.stdout, out.stdout
    return out.stdout


@pytest.mark.parametrize("version", [6, 7])
@pytest.mark.parametrize("suffix", [".prof", ".prof.gz"])
@pytest.mark.parametrize("lines", [True, False])
def test_vmprof_reads_our_files(tmp_path, version, suffix, lines):
    path = write(tmp_path / f"a{suffix}", version=version, lines=lines)
    stats = vmprof.read_profile(str(path))
    ours = read_profile(path)
    assert stats.n_samples == len(ours.alloc_samples) == 10
    # an allocation stream is never time-weighted (period word 0)
    assert stats.expected_samples == 10 and {p[1] for p in stats.profiles} == {1}
    assert sorted(stats.adr_dict.values()) == sorted(
        f"py:{f}:{line}:{file}" for f, line, file in CODES.values())
    assert stats.meta["sample_kind"] == "alloc" and stats.meta["__rtype_1"] == "Node"
    assert stats.meta["gc_stats__0"] == "bytes_copied"
    tree = stats.get_tree()
    assert tree.name == "py:<module>:1:prog.py" and tree.count == 10
    child = tree.children[4]
    assert child.count == 10 and child.children[6].count == 7
    if lines:
        assert child.lines == {12: 7, 13: 3} and child.children[6].lines == {22: 7}


@pytest.mark.parametrize("suffix", [".prof", ".prof.gz"])
def test_vmprofshow_tree_shows_our_function_names(tmp_path, suffix):
    out = vmprofshow(write(tmp_path / f"t{suffix}"), "tree")
    for name in ("<module>", "build_tree", "make_node"):
        assert name in out
    assert "70.0%" in out            # make_node: 7 of 10 samples


def test_vmprofshow_lines_uses_our_line_numbers(tmp_path):
    path = write(tmp_path / "l.prof")     # prog.py does not exist: vmprof shows blank lines
    env = dict(os.environ)
    out = subprocess.run([sys.executable, "-m", "vmprof.show", str(path), "lines"], cwd=tmp_path,
                         capture_output=True, text=True, env=env, timeout=120).stdout
    rows = {int(r.split()[0]): int(r.split()[1]) for r in out.splitlines()
            if len(r.split()) >= 3 and r.split()[0].isdigit()}
    assert rows.get(22) == 7 and rows.get(12) == 7 and rows.get(13) == 3


def test_time_primary_v7_is_weighted_by_vmprof_like_its_own_files(tmp_path):
    path = tmp_path / "t.prof"
    with ProfileWriter(path, time_period_ns=1000, version=7) as w:
        w.declare_code(2, "<module>", 1, "p.py")
        for t in (0, 1000, 2000, 5000):      # the last sample comes 3 periods late
            w.time_sample(10**9 + t, [(2, 3)])
    stats = vmprof.read_profile(str(path))
    assert stats.n_samples == 4 and stats.expected_samples == 6.0
    assert [s.weight for s in read_profile(path).time_samples] == [1000] * 4


def test_our_reader_agrees_with_vmprof_on_stacks(tmp_path):
    path = write(tmp_path / "s.prof", lines=False)
    stats = vmprof.read_profile(str(path))
    ours = read_profile(path)
    theirs = [list(p[0]) for p in stats.profiles]
    mine = [[f.code.id for f in reversed(ours.stack_frames(s.stack))] for s in ours.alloc_samples]
    assert theirs == mine


def test_we_read_files_written_by_vmprof_itself(tmp_path):
    prog = tmp_path / "burn.py"
    prog.write_text("def work(n):\n    return sum(i * i for i in range(n))\n\n"
                    "for _ in range(40):\n    work(100000)\n")
    out = tmp_path / "real.prof"
    subprocess.run([sys.executable, "-m", "vmprof", "-o", str(out), "--no-native", str(prog)],
                   check=True, capture_output=True, timeout=300)
    stats = vmprof.read_profile(str(out))
    ours = read_profile(out)
    from vmsample.profile import records, schema_reader
    assert schema_reader.to_profile(records.parse(out.read_bytes())) == ours
    assert ours.meta.layout == "foreign" and ours.meta.sample_kind == "time"
    assert len(ours.time_samples) == stats.n_samples > 0
    assert all(s.time_ns is not None for s in ours.time_samples)       # vmprof 0.6.0 writes version 7
    functions = {f.function for s in ours.time_samples for f in ours.stack_frames(s.stack)}
    assert "work" in functions and "<module>" in functions
