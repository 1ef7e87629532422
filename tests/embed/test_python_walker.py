"""The Python-level profiling path: a toy VM written in pure Python, profiled
through a ProfileRun with a Python stack walker (``attach_python`` under
it), its profile read back.

The toy VM records every allocation it makes (type, size, its own stack), so
the test knows which allocations fixed-period sampling must pick -- every
sample point ``first_offset + k * period`` in the stream of allocated bytes
falls in exactly one allocation -- and compares the file with that model:
the number of samples, each one's type and size, and each one's stack.
"""

import signal
import subprocess
import sys
from dataclasses import dataclass

import pytest

from vmsample import Nursery, read_profile
from vmsample import _nursery
from vmsample._nursery import CHECKED_BUILD
from vmsample._nursery import parse_size
from vmsample.profile import attach_python
from vmsample.profile._glue import timer_running
from vmsample.profile._writer import ProfileWriter
from vmsample.sdk import CodeRegistry, ProfileRun

from differential import clean_env
from minilisp_build import KNOBS

PERIOD = 200
FIRST_OFFSET = 37


@dataclass
class Code:
    id: int
    name: str
    first_line: int
    body: list          # (line, op, args...)


# main calls build (which keeps its objects) and churn (which drops them);
# build calls leaf.  Lines are the toy program's, as a profile shows them.
PROGRAM = [
    Code(2, "main", 1, [(2, "call", "build", 6), (3, "call", "churn", 40)]),
    Code(4, "build", 10, [(11, "alloc", "cons", None, True), (12, "alloc", "vector", 5, True),
                          (13, "call", "leaf", 2)]),
    Code(6, "leaf", 20, [(21, "alloc", "string", 37, True), (22, "alloc", "string", 300, True)]),
    Code(8, "churn", 30, [(31, "alloc", "cons", None, False), (32, "alloc", "vector", 9, False)]),
]


class ToyVM:
    """A tree-walking interpreter whose objects live in a Nursery (as Refs,
    which are roots) and whose frames are a Python list."""

    def __init__(self, nursery):
        self.nursery = nursery
        self.codes = {c.name: c for c in PROGRAM}
        self.types = {
            "cons": nursery.register_type("cons", fixed_size=16, ref_offsets=(0, 8)),
            "vector": nursery.register_type("vector", item_size=8, items_are_refs=True),
            "string": nursery.register_type("string", item_size=1),
        }
        self.frames = []        # [code, line], root first
        self.kept = []
        self.allocations = []   # (type name, allocated bytes, stack) in order
        self.safe_point_stacks = set()
        self.profiler = None
        self.time_samples = 0

    def walk_stack(self):
        # The walker attach_python calls: leaf first.  Must not use the nursery.
        return [(code.id, line) for code, line in reversed(self.frames)]

    def stack(self):
        return tuple((code.name, line) for code, line in reversed(self.frames))

    def call(self, name):
        code = self.codes[name]
        frame = [code, code.first_line]
        self.frames.append(frame)
        for line, op, *args in code.body:
            frame[1] = line                 # a safe point: the frames are current
            self.safe_point_stacks.add(self.stack())
            if self.profiler is not None:
                self.time_samples += self.profiler.take_time_samples()
            if op == "call":
                callee, times = args
                for _ in range(times):
                    self.call(callee)
            else:
                type_name, length, keep = args
                tid = self.types[type_name]
                self.allocations.append((type_name, self.nursery.size_of(tid, length), self.stack()))
                obj = self.nursery.alloc(tid, length)
                if keep:
                    self.kept.append(obj)
        self.frames.pop()


def expected_samples(allocations):
    """The allocations fixed-period sampling picks, once per sample point."""
    out, start, point = [], 0, FIRST_OFFSET
    for type_name, size, stack in allocations:
        while point < start + size:
            out.append((type_name, size, stack))
            point += PERIOD
        start += size
    return out


def knob_options(knob):
    """Nursery() arguments for one of the GC debug knobs (the environment
    variables are read when vmsample is imported, so they are passed here)."""
    env = KNOBS[knob] if knob else {}
    return {"nursery_size": parse_size(env.get("VMSAMPLE_NURSERY", "64K")),
            "stress": int(env["VMSAMPLE_GC_STRESS"]) if "VMSAMPLE_GC_STRESS" in env else None,
            "debug": True if "VMSAMPLE_GC_DEBUG" in env else None}


def start_toy(tmp_path, knob=None, time_period_ns=None):
    nursery = Nursery(keep_sample_log=False, keep_gc_log=False, **knob_options(knob))
    vm = ToyVM(nursery)
    codes = CodeRegistry()
    assert [codes.add(code.name, code.first_line, "toy.vm") for code in PROGRAM] == [c.id for c in PROGRAM]
    run = ProfileRun(nursery, tmp_path / "toy.prof", codes, walker=vm.walk_stack, alloc_period=PERIOD,
                     sampling="fixed", time_period_ns=time_period_ns, first_offset=FIRST_OFFSET)
    vm.profiler = run.__enter__()
    return vm, run


def finish_toy(vm, run):
    run.__exit__(None, None, None)
    return read_profile(run.path)


@pytest.mark.parametrize("knob", [None, *KNOBS])
def test_samples_types_and_stacks_follow_the_model(tmp_path, knob):
    vm, writer = start_toy(tmp_path, knob)
    vm.call("main")
    profile = finish_toy(vm, writer)
    expected = expected_samples(vm.allocations)
    assert len(expected) > 20
    got = [(s.type_name, s.size,
            tuple((f.function, f.line) for f in profile.stack_frames(s.stack)))
           for s in profile.alloc_samples]
    assert got == expected
    assert set(profile.types.values()) >= {"cons", "vector", "string"}
    assert {c.function for c in profile.codes.values()} == {"main", "build", "leaf", "churn"}
    if knob:                                # the knob was applied, and the nursery collected
        options = knob_options(knob)
        assert vm.nursery.nursery_size == (_nursery.ENV_NURSERY or options["nursery_size"])
        assert vm.nursery.stress == (options["stress"] or _nursery.ENV_STRESS)
        assert vm.nursery.debug == bool(options["debug"] or _nursery.ENV_DEBUG)
        assert profile.minor_collections


def test_time_samples_walk_the_python_stack(tmp_path):
    vm, writer = start_toy(tmp_path, time_period_ns=50_000)
    while vm.time_samples < 5:              # the CPU-time timer advances as the VM runs
        vm.call("main")
    profile = finish_toy(vm, writer)
    assert not timer_running()
    assert profile.meta.time_period_ns == 50_000
    assert len(profile.time_samples) == vm.time_samples
    stacks = {tuple((f.function, f.line) for f in profile.stack_frames(s.stack))
              for s in profile.time_samples}
    # Taken at the VM's safe points only, each with the stack it had there.
    assert stacks <= vm.safe_point_stacks


def test_walker_errors_are_raised_by_detach(tmp_path):
    nursery = Nursery("64K", keep_sample_log=False, keep_gc_log=False)
    tid = nursery.register_type("cons", fixed_size=16, ref_offsets=(0, 8))
    writer = ProfileWriter(tmp_path / "bad.prof", alloc_period=64, sampling="fixed")

    def broken_walker():
        raise KeyError("no frames")

    profiler = attach_python(nursery, writer, broken_walker, first_offset=0)
    for _ in range(10):
        nursery.alloc(tid)                  # the samples are written with empty stacks
    with pytest.raises(KeyError, match="no frames"):
        profiler.detach()
    assert not profiler.attached
    writer.close()
    profile = read_profile(tmp_path / "bad.prof")
    assert len(profile.alloc_samples) == len(range(0, 10 * 24, 64))
    assert all(profile.stacks[s.stack] == () for s in profile.alloc_samples)


WALKER_USES_THE_HEAP = """
import sys
from vmsample import Nursery
from vmsample.profile import attach_python
from vmsample.profile._writer import ProfileWriter
from vmsample.sdk import CodeRegistry, ProfileRun

nursery = Nursery("64K", keep_sample_log=False, keep_gc_log=False, debug=sys.argv[2] == "debug")
tid = nursery.register_type("cons", fixed_size=16, ref_offsets=(0, 8))
writer = ProfileWriter(sys.argv[1], alloc_period=1 << 20, sampling="fixed")
writer.declare_code(2, "f", 1, "x")

def walker():
    nursery.push_root(None)             # uses the heap: forbidden
    return [(2, 1)]

profiler = attach_python(nursery, writer, walker, first_offset=0)
nursery.alloc(tid)
try:
    profiler.detach()
except RuntimeError as e:
    print("detach raised:", e)
writer.close()
"""


@pytest.mark.parametrize("debug", [False, True])
def test_a_walker_that_uses_the_heap_is_refused(tmp_path, debug):
    # The heap refuses the walker's push (core/rules.pxi, rule 4): with the
    # checks on the process stops there, naming the rule; with them off the
    # push fails, and detach() raises the walker's error.
    proc = subprocess.run([sys.executable, "-c", WALKER_USES_THE_HEAP, str(tmp_path / "bad.prof"),
                           "debug" if debug else "release"], capture_output=True, text=True,
                          env=clean_env(), timeout=120)
    rule = "rule broken: heap used inside a hook: a root push inside the sample hook"
    if debug or CHECKED_BUILD:
        assert proc.returncode == -signal.SIGABRT and rule in proc.stderr, proc.stderr
    else:
        assert proc.returncode == 0 and f"detach raised: {rule}" in proc.stdout, proc.stderr


@pytest.mark.parametrize("walker, error", [(42, TypeError), (lambda: [(3, 1)], ValueError),
                                           (lambda: [(-2, 1)], ValueError)])
def test_bad_walkers(tmp_path, walker, error):
    nursery = Nursery("64K", keep_sample_log=False, keep_gc_log=False)
    tid = nursery.register_type("cons", fixed_size=16, ref_offsets=(0, 8))
    writer = ProfileWriter(tmp_path / "bad.prof", alloc_period=16, sampling="fixed")
    with pytest.raises(error):
        profiler = attach_python(nursery, writer, walker, first_offset=0)
        nursery.alloc(tid)
        profiler.detach()
    writer.close()
