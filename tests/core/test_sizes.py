"""The one size grammar (vmsample.sizes), as the core, the CLI and the
environment knobs see it: the same text means the same number everywhere, and
a bad size is one line of error, never a traceback."""

import argparse
import os
import subprocess
import sys

import pytest
from hypothesis import given, strategies as st

from vmsample import _nursery as core, sizes
from vmsample._nursery import Nursery
from vmsample.cli._args import size_type

GOOD = {"256": 256, "256B": 256, "4k": 4096, "64KB": 65536, "64KiB": 65536, "4M": 4 << 20,
        "4 MiB": 4 << 20, "1GiB": 1 << 30, " 3g ": 3 << 30}
BAD = ["", "M", "1.5M", "0.5K", "-3", "4X", "KB", "4MIBB", "1e6", "0x10", "4 M x"]


@pytest.mark.parametrize("text,value", GOOD.items())
def test_the_grammar_accepts_whole_bytes_with_binary_suffixes(text, value):
    assert sizes.parse_size(text) == value
    assert Nursery(nursery_size=64 << 10, heap_limit=text).heap_limit == value


@pytest.mark.parametrize("text", BAD)
def test_the_grammar_refuses_fractions_and_garbage_everywhere(text):
    with pytest.raises(ValueError, match="invalid size"):
        sizes.parse_size(text)
    with pytest.raises(ValueError, match="heap_limit: invalid size"):
        Nursery(heap_limit=text)
    with pytest.raises(argparse.ArgumentTypeError, match="invalid size"):
        size_type()(text)


def test_the_core_re_exports_the_one_grammar():
    assert core.parse_size is sizes.parse_size


@given(st.text(alphabet="0123456789.kKmMgGiIbB -x", max_size=8))
def test_the_cli_type_agrees_with_the_grammar(text):
    try:
        expected = sizes.parse_size(text)
    except ValueError:
        expected = None
    try:
        got = size_type()(text)
    except argparse.ArgumentTypeError:
        got = None
    # The CLI's sizes are the grammar's, minus 0 (a size on the command line is at least a byte).
    assert got == (expected if expected != 0 else None)


def test_bounds_are_one_line_errors():
    with pytest.raises(ValueError, match="at most 10 bytes"):
        sizes.parse_size("11", maximum=10)
    with pytest.raises(ValueError, match="at least 1 bytes"):
        sizes.parse_size("0", minimum=1)
    with pytest.raises(ValueError, match="heap_limit must be in"):
        Nursery(heap_limit=-1)
    with pytest.raises(TypeError):
        Nursery(heap_limit=1.5)


def _run(args, env=None):
    # Without the GC knobs of the environment the suite may run under: they
    # would override the sizes under test.
    base = {k: v for k, v in os.environ.items() if not k.startswith("VMSAMPLE_")}
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=120,
                          env=dict(base, **(env or {})))


def _assert_one_line_error(proc, *words):
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    for w in words:
        assert w in proc.stderr


@pytest.mark.parametrize("knob", ["1.5M", "lots", "1000000G"])
def test_a_bad_nursery_knob_is_one_line(tmp_path, knob):
    prog = tmp_path / "x.py"
    prog.write_text("print(1)\n")
    proc = _run(["-m", "vmsample.lang", str(prog)], env={"VMSAMPLE_NURSERY": knob})
    _assert_one_line_error(proc, "VMSAMPLE_NURSERY" if knob != "1000000G" else "cannot allocate")
    assert proc.stdout == ""


@pytest.mark.parametrize("args,words", [
    (["--alloc-period", "99999999999999999999G"], ["--alloc-period", "at most"]),
    (["--nursery", "1000000G"], ["cannot allocate"]),
    (["--nursery", "1.5M"], ["--nursery", "invalid size"]),
    (["--heap-limit", "16Q"], ["--heap-limit", "invalid size"]),
])
def test_run_refuses_bad_sizes_before_creating_the_output(tmp_path, args, words):
    prog = tmp_path / "x.py"
    prog.write_text("print(1)\n")
    out = tmp_path / "out.prof"
    proc = _run(["-m", "vmsample", "run", "-o", str(out), *args, str(prog)])
    _assert_one_line_error(proc, *words)
    assert not out.exists()
