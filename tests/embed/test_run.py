"""The code registry and the run context (vmsample/sdk/_run.pyx) from
Python, and the one-screen toy VM of docs/embedding.md, run as printed."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

from vmsample import Nursery, read_profile
from vmsample.sdk import CodeRegistry, ProfileRun

from differential import clean_env

EMBEDDING = Path(__file__).resolve().parents[2] / "docs" / "embedding.md"


def toy_vm_source():
    """The docs' toy VM: the ```python block that starts with its imports."""
    blocks = re.findall(r"```python\n(.*?)```", EMBEDDING.read_text(encoding="utf-8"), re.S)
    toys = [b for b in blocks if b.startswith("from vmsample import Nursery, read_profile\n")
            and "ProfileRun(" in b]
    assert len(toys) == 1, "docs/embedding.md should hold the toy VM once"
    return toys[0]


def test_the_docs_toy_vm_runs_as_printed(tmp_path):
    source = toy_vm_source()
    assert len(source.splitlines()) <= 50          # one screen
    proc = subprocess.run([sys.executable, "-c", source], cwd=tmp_path, capture_output=True,
                          text=True, env=clean_env(), timeout=300)
    assert proc.returncode == 0, proc.stderr
    p = read_profile(tmp_path / "toy.prof")
    # 2000 + 100 * 100 nodes of 24 bytes, one sample per KiB on average.
    assert 150 < len(p.alloc_samples) < 450
    sites = {tuple((f.function, f.line) for f in p.stack_frames(s.stack)) for s in p.alloc_samples}
    assert sites == {(("build", 12), ("main", 2)), (("build", 12), ("main", 3))}
    assert {c.name for c in p.codes.values()} == {"toy:main:1:toy.src", "toy:build:10:toy.src"}
    assert set(p.types.values()) == {"node"}


def test_code_ids_are_positive_even_and_in_order():
    codes = CodeRegistry()
    assert [codes.add(f"f{i}", i) for i in range(5)] == [2, 4, 6, 8, 10]
    assert codes[6] == ("f2", 2, "") and len(codes) == 5 and list(codes) == [2, 4, 6, 8, 10]
    for bad in (0, 3, 12, -2):
        with pytest.raises(KeyError):
            codes[bad]
    for lang in ("", "a:b"):
        with pytest.raises(ValueError):
            CodeRegistry(lang)


def test_a_run_that_fails_unwinds_and_still_writes_the_profile(tmp_path):
    nursery = Nursery("64K")
    tid = nursery.register_type("cons", fixed_size=16, ref_offsets=(0, 8))
    codes = CodeRegistry("lisp")
    f = codes.add("f", 1, "prog")
    nursery.push_root(None)                         # below the run: stays
    depth = nursery.shadowstack_depth
    with pytest.raises(KeyError, match="boom"):
        with ProfileRun(nursery, tmp_path / "p.prof", codes, walker=lambda: [(f, 2)],
                        alloc_period=64, sampling="fixed", first_offset=64) as run:
            for _ in range(20):
                nursery.push_root(nursery.alloc(tid))
            late = codes.add("late", 7, "prog")     # added during the run: named at once
            run.take_time_samples()
            raise KeyError("boom")
    assert nursery.shadowstack_depth == depth       # the run's pushes are unwound
    assert run.writer is None and not run.running
    p = read_profile(tmp_path / "p.prof")
    assert len(p.alloc_samples) == (20 * 24 - 1) // 64      # docs/design.md §2.3
    assert {c.name for c in p.codes.values()} == {"lisp:f:1:prog", "lisp:late:7:prog"}
    assert all(s.outcome.name != "UNKNOWN" for s in p.alloc_samples)
    assert late == 4


def test_a_run_without_a_profile_keeps_its_shape():
    nursery = Nursery("64K")
    with ProfileRun(nursery, None, CodeRegistry()) as run:
        nursery.push_root(None)
        assert run.writer is None and run.take_time_samples() == 0
    assert nursery.shadowstack_depth == 0


def test_a_profiled_run_needs_a_walker(tmp_path):
    with pytest.raises(ValueError, match="needs a stack walker"):
        with ProfileRun(Nursery("64K"), tmp_path / "p.prof", CodeRegistry()):
            pass
    with pytest.raises(TypeError):
        ProfileRun(Nursery("64K"), tmp_path / "p.prof", CodeRegistry(), walker=42)
