"""The differential program fuzzer (tools/fuzz_vm.py) at fixed seeds: random
programs over the whole subset must print and end exactly as on CPython, with
the VM under its default settings and under the GC debug knobs.

Seeds are fixed so that a failure reproduces (``python tools/fuzz_vm.py --show
SEED`` prints the program); the long run with fresh seeds is one command, in
docs/DEVELOPING.md.  Each divergence the fuzzer finds becomes a corpus program
under tests/lang/programs/ (or errors/runtime/), so it stays fixed whatever
the generator later becomes.
"""

import importlib.util
from pathlib import Path

import pytest

from differential import GC_DEBUG_KNOBS, clean_env

TOOL = Path(__file__).resolve().parents[2] / "tools" / "fuzz_vm.py"
_spec = importlib.util.spec_from_file_location("fuzz_vm", TOOL)
fuzz_vm = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fuzz_vm)

# ~2.5 s per 100 programs by default, ~7 s under the debug knobs (2-core box).
RUNS = {"default": ({}, range(0, 300)), "gc-debug": (GC_DEBUG_KNOBS, range(300, 450))}

# Generator features (fuzz_vm.FEATURES) the VM is known to get wrong -> why.
# The main runs leave them out; each has a strict xfail of its own below, so
# that the fix takes it out of this table.
KNOWN_DIVERGENCES: dict[str, str] = {}


def divergences(seeds, knobs, without):
    found = fuzz_vm.fuzz(seeds, clean_env(**knobs), log=lambda line: None, without=without)
    return [f"seed {d['seed']}: {fuzz_vm.describe_finding(d)}" for d in found]


@pytest.mark.parametrize("mode", sorted(RUNS))
def test_random_programs_match_cpython(mode):
    knobs, seeds = RUNS[mode]
    assert divergences(seeds, knobs, frozenset(KNOWN_DIVERGENCES)) == []


@pytest.mark.parametrize("feature", [pytest.param(f, marks=pytest.mark.xfail(strict=True, reason=why))
                                     for f, why in KNOWN_DIVERGENCES.items()])
def test_known_divergence(feature):
    # The first 50 programs with only this one of the known features in.
    assert divergences(range(50), {}, frozenset(KNOWN_DIVERGENCES) - {feature}) == []


def test_generator_is_deterministic_and_valid_python():
    for seed in (0, 1, 2, 77):
        source = fuzz_vm.generate(seed)
        assert source == fuzz_vm.generate(seed)
        compile(source, f"seed{seed}.py", "exec")


def test_crashing_worker_loses_only_its_program():
    # A program that kills its worker is recorded as a crash; the batch goes on.
    sources = ["print(1)\n", "import os\nos.kill(os.getpid(), 9)\n", "print(3)\n"]
    results = fuzz_vm.run_batch("cpython", sources)
    assert [r.get("stdout") for r in results] == ["1\n", None, "3\n"]
    assert "exit status -9" in results[1]["crash"]


def test_a_divergence_seen_only_in_a_batch_is_a_finding(monkeypatch):
    # State one program leaves in the VM's process changes the next one's
    # result: alone, each agrees with CPython.  That is reported, not dropped.
    def run_batch(interpreter, sources, env=None, timeout=120.0):
        leaked = interpreter == "vm" and len(sources) > 1
        return [{"stdout": "1\n" if leaked and i == 2 else "0\n", "status": 0, "exception": None}
                for i, _ in enumerate(sources)]

    monkeypatch.setattr(fuzz_vm, "run_batch", run_batch)
    found = fuzz_vm.fuzz(range(10, 14), log=lambda line: None)
    assert [(d["seed"], d["batch"], d["vm"]["stdout"], d["alone"]["stdout"]) for d in found] == \
        [(12, [10, 11], "1\n", "0\n")]
    assert fuzz_vm.describe_finding(found[0]) == (
        "diverged only in a batch, after seeds 10..11 in the same process (alone it agrees): "
        "stdout line 1: CPython '0', VM '1'")


def test_a_hanging_program_loses_only_itself():
    # The timeout is each program's, not the batch's: a batch slow as a whole
    # (the debug knobs on a loaded machine) records no program as hung.
    hang = "import signal, threading\nsignal.signal(signal.SIGALRM, signal.SIG_IGN)\nthreading.Event().wait()\n"
    sources = ["print(1)\n", hang, "print(3)\n"]
    results = fuzz_vm.run_batch("cpython", sources, timeout=10)
    assert [r.get("stdout") for r in results] == ["1\n", None, "3\n"]
    assert results[1]["crash"] == "timed out after 10s"
