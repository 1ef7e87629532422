"""The real-world corpus (vmsample/bench/corpus.toml and packages.toml):
unmodified programs written by others, or drivers written here of packages
written by others, fetched from PyPI at test time, run by CPython and by the
VM and compared byte for byte -- stdout and exit status, by default and
with the collector stressed.  A program the VM cannot run yet names the error
it stops with (``blocked``); that expectation is strict, so a program the VM
starts to run must be promoted in the manifest.

Without network the corpus cannot be fetched: the tests fail in CI
(``CI=true``) and are skipped elsewhere, saying why.
"""

import collections
import functools
import os

import pytest

from vmsample.bench import corpus

SOURCES, PROGRAMS = corpus.manifest()
# A 4 KiB nursery collected before every 101st allocation, as for the bundled
# examples; without VMSAMPLE_GC_DEBUG's heap check after every collection,
# which these heaps make too slow for CI (bm_float: 85 s instead of 2 s).
GC_STRESS = {"VMSAMPLE_NURSERY": "4K", "VMSAMPLE_GC_STRESS": "101"}


def program_file(program):
    try:
        return corpus.program_file(program, SOURCES)
    except corpus.CorpusUnavailable as e:
        if os.environ.get("CI") == "true":
            pytest.fail(f"the real-world corpus is needed in CI: {e}")
        pytest.skip(f"the real-world corpus could not be fetched: {e}")


def test_the_corpus_is_big_enough_and_says_what_blocks_it():
    assert len(PROGRAMS) == len({p.name for p in PROGRAMS})
    assert len(PROGRAMS) >= 40
    blockers = collections.Counter(p.blocked for p in PROGRAMS if p.blocked)
    print("\nwhat blocks the corpus:", *(f"{n} x {why}" for why, n in blockers.most_common()), sep="\n  ")


@functools.cache
def cpython(program):
    return corpus.run("cpython", program_file(program), program.args)


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.name)
def test_program_runs_on_cpython(program):
    result = cpython(program)
    assert (result["exit status"], result["stderr"]) == (0, "")


@pytest.mark.parametrize("program", [p for p in PROGRAMS if p.path in SOURCES[p.source].get("drivers", ())],
                         ids=lambda p: p.name)
def test_a_driver_written_here_prints_the_same_under_any_hash_seed(program):
    # What a driver prints may depend on nothing but the package it drives:
    # not on the order of a set of strings, the time, or an address.
    runs = [corpus.run("cpython", program_file(program), program.args, {"PYTHONHASHSEED": seed}) for seed in "12"]
    assert runs[0] == runs[1]


@pytest.mark.parametrize("program", [p for p in PROGRAMS if p.blocked is None], ids=lambda p: p.name)
@pytest.mark.parametrize("mode", ["default", "gc-stress"])
def test_program_matches_cpython(program, mode):
    expected = cpython(program)
    vm = corpus.run("vm", program_file(program), program.args, GC_STRESS if mode == "gc-stress" else None)
    assert (vm["exit status"], vm["stdout"]) == (expected["exit status"], expected["stdout"]), vm["stderr"]


@pytest.mark.parametrize("program", [p for p in PROGRAMS if p.blocked], ids=lambda p: p.name)
def test_blocked_program_stops_where_the_manifest_says(program):
    vm = corpus.run("vm", program_file(program), program.args)
    last_line = (vm["stderr"].strip().splitlines() or [""])[-1]
    assert vm["exit status"] == 1 and program.blocked in last_line, (
        f"{program.name} no longer stops with {program.blocked!r}: it ends with {last_line!r} "
        f"(exit {vm['exit status']}); update vmsample/bench/corpus.toml")


def test_the_gc_debug_tool_runs_a_program_under_every_knob(capsys):
    import runpy
    from pathlib import Path

    tool = runpy.run_path(str(Path(__file__).parents[2] / "tools" / "corpus_under_gc_debug.py"))
    program_file(PROGRAMS[0])       # fetched, or skipped as the other tests are
    keep = "algorithms_maths"
    assert tool["main"]({p.name for p in PROGRAMS} - {keep}) == 0
    assert capsys.readouterr().out.split()[:2] == [keep, "match"]
