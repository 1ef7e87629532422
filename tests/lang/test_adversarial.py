"""Adversarial runs that need more than a corpus program: a heap limit the
program runs into (`vmsample run --heap-limit`), and SIGINT while it runs.
In each the program itself handles what happens (MemoryError,
KeyboardInterrupt), goes on, and the profile of the run stays readable.  The
corpus under programs/adversarial/ has the rest (deep recursion and nesting,
self-referential structures, huge allocations); signals that kill are in
tests/profile/test_killed_runs.py."""

import signal
import subprocess
import sys
import textwrap

import pytest

from differential import GC_DEBUG_KNOBS, clean_env
from vmsample.profile import read_profile

# Each fills the heap its own way, catches the MemoryError, drops what it
# built and allocates again (the heap is usable after running out).
FILLERS = {
    "strings": "chunks.append('x' * 1000)",
    "nested lists": "chunks.append([[i] for i in range(50)])",
    "dicts": "chunks.append({i: str(i) for i in range(40)})",
    "instances": "chunks.append(Node(chunks[-1] if chunks else None))",
    # ids of young functions reserve old-space cells (identity shadows)
    "function ids": "chunks.append((lambda: 0)); ids.add(id(chunks[-1]))",
    "deep frames": "chunks.append(build(30))",
}

PROGRAM = """
class Node:
    def __init__(self, nxt):
        self.nxt = nxt

def build(n):
    return [n] if n == 0 else [build(n - 1), str(n)]

chunks, ids = [], set()
n, caught = 0, False
try:
    while True:
        {filler}
        n += 1
except MemoryError:
    chunks = ids = None         # first: the heap is full until they go
    caught = True
again = [str(i) for i in range(10000)]
print("caught", caught, n > 10, len(again))
"""


@pytest.mark.parametrize("knobs", ["default", "gc-debug"])
@pytest.mark.parametrize("filler", sorted(FILLERS))
def test_the_program_handles_running_into_the_heap_limit(filler, knobs, tmp_path):
    prog = tmp_path / "fill.py"
    prog.write_text(PROGRAM.format(filler=FILLERS[filler]))
    out = tmp_path / "fill.prof"
    env = clean_env(**(GC_DEBUG_KNOBS if knobs == "gc-debug" else {}))
    if knobs == "gc-debug":
        env["VMSAMPLE_GC_STRESS"] = "101"        # every allocation would take minutes
    proc = subprocess.run([sys.executable, "-m", "vmsample", "run", "-o", str(out),
                           "--heap-limit", "2M", str(prog)],
                          capture_output=True, text=True, timeout=600, env=env)
    assert (proc.returncode, proc.stdout) == (0, "caught True True 10000\n"), proc.stderr
    assert "fatal" not in proc.stderr
    assert read_profile(out).meta is not None


SIGINT_PROGRAM = """
import time
rounds = 0
keep = []
try:
    while True:
        keep.append([str(i) for i in range(50)])
        if len(keep) > 100:
            keep = []
        rounds += 1
        if rounds == 2000:
            print("running", flush=True)
except KeyboardInterrupt:
    print("interrupted", rounds >= 2000, flush=True)
print("after", len([str(i) for i in range(1000)]))
"""


def test_sigint_reaches_the_programs_except_and_the_profile_is_readable(tmp_path):
    prog = tmp_path / "loop.py"
    prog.write_text(textwrap.dedent(SIGINT_PROGRAM))
    out = tmp_path / "loop.prof"
    proc = subprocess.Popen([sys.executable, "-m", "vmsample", "run", "-o", str(out), str(prog)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=clean_env(),
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        assert proc.stdout.readline() == "running\n", proc.stderr.read()
        proc.send_signal(signal.SIGINT)
        rest, err = proc.communicate(timeout=120)
    finally:
        proc.kill()
        proc.wait()
    assert (proc.returncode, rest) == (0, "interrupted True\nafter 1000\n"), err
    check = subprocess.run([sys.executable, "-m", "vmsample", "validate", str(out)],
                           capture_output=True, text=True, timeout=120)
    assert check.returncode == 0, check.stdout + check.stderr
    assert read_profile(out).alloc_samples
