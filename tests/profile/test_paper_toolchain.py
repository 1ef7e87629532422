"""Our pypy-layout files in the paper's own toolchain: its vmprof fork reads
them and its Firefox converter converts them, with the same counts, types and
outcomes as `vmsample.read_profile` (docs/format.md section 3).

The toolchain (VMSAMPLE_PAPER_TOOLCHAIN) is built once by the `toolchain`
fixture of tests/paper_toolchain.py.
"""

import json
import os
import shutil
import subprocess
import sys
from collections import Counter

import pytest
from paper_toolchain import toolchain  # noqa: F401  (a fixture)

from vmsample import read_profile

PROGRAM = """\
class Node:
    def __init__(self, left, right):
        self.left = left
        self.right = right

def tree(depth):
    if depth == 0:
        return None
    return Node(tree(depth - 1), tree(depth - 1))

keep = []
for i in range(120):
    t = tree(8)
    if i % 8 == 0:
        keep.append(t)
    words = [str(j) for j in range(300)]
print(len(keep))
"""

# name -> `vmsample run` options (all pypy layout)
VARIANTS = {
    "time-on-fixed": ["--time-period", "100us"],
    "time-off-fixed": ["--time-period", "off"],
    "time-on-random": ["--time-period", "100us", "--sampling", "random", "--seed", "3"],
    "time-off-random-gzip": ["--time-period", "off", "--sampling", "random", "--seed", "5"],
}


@pytest.fixture(scope="session")
def pypy_files(tmp_path_factory):
    """name -> a `vmsample run --layout pypy` profile of PROGRAM, one per variant."""
    d = tmp_path_factory.mktemp("pypy-layout")
    prog = d / "prog.py"
    prog.write_text(PROGRAM)
    files = {}
    for name, opts in VARIANTS.items():
        out = d / (name + (".prof.gz" if name.endswith("gzip") else ".prof"))
        r = subprocess.run([sys.executable, "-m", "vmsample", "run", "-o", str(out), "--layout", "pypy",
                            "--alloc-period", "8K", "--nursery", "64K", *opts, str(prog)],
                           capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        files[name] = out
    return files


FORK_READ = """\
import json, sys, vmprof
s = vmprof.read_profile(sys.argv[1])
split = sum(1 for k in s.meta if k.startswith("gc_stats__"))
objects = [w for stack, _ in s.gc_obj_info for w in stack[split:]]
print(json.dumps({"gc": len(s.gc_profiles), "time": len(s.profiles), "objects": objects,
                  "period": s.meta.get("period"), "types": {k: v for k, v in s.meta.items()
                                                            if k.startswith("__rtype_")}}))
"""


def _ours(path):
    p = read_profile(path)
    by_type = Counter((s.type_name, s.outcome.name) for s in p.alloc_samples)
    return p, by_type


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_the_forks_reader_agrees(toolchain, pypy_files, variant):
    tool_python, _ = toolchain
    path = pypy_files[variant]
    r = subprocess.run([tool_python, "-c", FORK_READ, str(path)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    fork = json.loads(r.stdout)
    p, by_type = _ours(path)
    assert fork["gc"] == len(p.alloc_samples) > 0
    assert fork["time"] == len(p.time_samples)
    assert (fork["time"] > 0) == ("time-on" in variant)
    assert fork["period"] == ("0.0001" if "time-on" in variant else "0.0")
    # One object-info word per sample, in sample order: type id << 2 | large << 1 | survived.
    assert len(fork["objects"]) == len(p.alloc_samples)
    names = {int(k[len("__rtype_"):]): v for k, v in fork["types"].items()}
    fork_by_type = Counter((names[w >> 2], "SURVIVED" if w & 1 else "DIED") for w in fork["objects"])
    assert fork_by_type == by_type
    assert all(s.outcome.name != "UNKNOWN" for s in p.alloc_samples)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_the_forks_converter_opens_our_files(toolchain, pypy_files, variant, tmp_path):
    tool_python, converter = toolchain
    path = tmp_path / pypy_files[variant].name
    shutil.copy(pypy_files[variant], path)
    env = dict(os.environ, PYTHONPATH=converter)
    r = subprocess.run([tool_python, "-m", "vmprofconvert", "-convert", str(path), "--nobrowser"],
                       capture_output=True, text=True, env=env, cwd=tmp_path)
    assert r.returncode == 0, r.stderr[-3000:]
    out = json.loads((tmp_path / (path.name + ".json")).read_text())
    p, by_type = _ours(path)
    threads = {t["name"].split(")")[0] + ")": t for t in out["threads"]}
    gc = threads["(GC-Sampled)"]
    assert gc["samples"]["length"] == gc["jsAllocations"]["length"] == len(p.alloc_samples)
    assert set(gc["jsAllocations"]["weight"]) == {p.meta.alloc_period}
    if p.time_samples:
        assert threads["(Time-Sampled)"]["samples"]["length"] == len(p.time_samples)
    else:
        assert "(Time-Sampled)" not in threads
    # The converter puts each sample's type on top of its stack, in a
    # category that says whether it survived its first minor collection.
    categories = [c["name"] for c in out["meta"]["categories"]]
    outcome = {"GC Minor Tenured": "SURVIVED", "GC Minor Collected": "DIED"}
    st, ft, fn, strings = gc["stackTable"], gc["frameTable"], gc["funcTable"], gc["stringArray"]
    converted = Counter((strings[fn["name"][ft["func"][st["frame"][s]]]], outcome[categories[st["category"][s]]])
                        for s in gc["samples"]["stack"])
    assert converted == by_type
    minor_markers = sum(1 for n in gc["markers"]["name"] if strings[n] == "Minor Collection")
    assert 0 < minor_markers <= len(p.minor_collections)
    # Major collections run in steps and the minor collections between them
    # report MARKING, SWEEPING and FINALIZING, as PyPy's do: the converter
    # draws one marker per collection whose FINALIZING minor collection had
    # samples (it reads the states off the samples' records).
    finished = [c for c in p.major_collections if c.end_ns is not None]
    drawn = sum(1 for c in finished for m in p.minor_collections
                if m.gc_state == "FINALIZING" and m.outcomes and c.start_ns <= m.time_ns <= c.end_ns)
    major_markers = sum(1 for n in gc["markers"]["name"] if strings[n] == "Major Collection")
    assert drawn > 0 and major_markers == drawn


# ---------------------------------------------------------------- the fork on real files

REAL = os.path.join(os.path.dirname(__file__), "..", "data", "real-profiles")
FORK_DUMP = """\
import json, sys, vmprof
s = vmprof.read_profile(sys.argv[1])
split = sum(1 for k in s.meta if k.startswith("gc_stats__"))
out = {"lines": s.profile_lines, "memory": s.profile_memory,
       "time": [[t[2], [int(a) for a in t[0]], t[3]] for t in s.profiles],
       "gc": [[t[2], [int(a) for a in t[0]]] for t in s.gc_profiles],
       "objects": [w for stack, _ in s.gc_obj_info for w in stack[split:]]}
print(json.dumps(out))
"""
# The fork cannot open the legacy 0x04 header (neither can stock vmprof).
FORK_FAILS = {"richards.pypy.prof"}


@pytest.mark.parametrize("name", sorted(n for n in os.listdir(REAL) if n.endswith(("prof", ".tsprof"))))
def test_the_fork_reads_real_files_as_we_do(toolchain, name):
    tool_python, _ = toolchain
    path = os.path.join(REAL, name)
    r = subprocess.run([tool_python, "-c", FORK_DUMP, path], capture_output=True, text=True)
    if name in FORK_FAILS:
        assert r.returncode != 0
        return
    assert r.returncode == 0, r.stderr[-2000:]
    fork = json.loads(r.stdout)
    p = read_profile(path)

    def codes(sample):
        return [f.code.id for f in p.stack_frames(sample.stack)[::-1]]

    assert len(fork["time"]) == len(p.time_samples)
    for (thread_id, trace, mem), s in zip(fork["time"], p.time_samples):
        assert thread_id == s.thread_id
        assert (trace[0::2] if fork["lines"] else trace) == codes(s)
        assert (mem if fork["memory"] else None) == s.memory_kb
    assert len(fork["gc"]) == len(p.alloc_samples)
    for (thread_id, trace), s in zip(fork["gc"], p.alloc_samples):
        assert thread_id == s.thread_id and trace == codes(s)
    # object-info words, oldest first: type id << 2 | large << 1 | survived
    assert [(w >> 2, bool(w & 2), "SURVIVED" if w & 1 else "DIED") for w in fork["objects"]] == \
        [(s.type_id, s.large, s.outcome.name) for s in p.alloc_samples[:len(fork["objects"])]]
