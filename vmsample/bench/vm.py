"""The vmsample VM against CPython on the bundled examples, and its allocation rate.

``python -m vmsample.bench vm [--repeat R] [--programs gcbench,binary_trees]
[--profile] [--baseline DIR] [--json]``

* Wall time of ``python -m vmsample.lang EX.py ARGS`` against ``python EX.py
  ARGS`` for each example, each a fresh process (interpreter start-up
  included on both sides), the two alternated run by run; prints the median
  of R runs of each and their ratio (VM / CPython; below 1 the VM is faster).
  Both must print the same output, or the benchmark fails.  Each
  configuration runs once untimed first, so that every cache is warm.
* The last rows are start-up (issue #28), programs given as text: ``startup``
  does nothing (``python -c pass``, ``vmsample run -c pass``): the fixed
  cost of each configuration; ``startup_imports`` imports six modules that
  programs commonly begin with.  A row the VM cannot run yet shows the VM's
  error instead of times.
* With ``--profile``, a third column: the VM under ``vmsample run`` with the
  default sampling (one allocation sample per 512 KiB, one time sample per
  ms of CPU), to show what profiling costs.
* With ``--baseline DIR``, another column: the VM of another built checkout
  of vmsample (``python setup.py build_ext --inplace`` run there), alternated
  with this one in the same run, and the ratio VM / baseline: how a change
  moves the VM's speed, free of the drift between two separate runs.  Also
  the ratio of their CPU times (user + system of the child), which other
  processes on a shared machine disturb less than wall time.  With both
  options, the baseline runs under ``vmsample run`` too, and both trees'
  profiling costs (profiled / unprofiled, wall and CPU) are shown side by side.
* Before timing, the vmsample package of each tree is byte-compiled
  (``compileall``), as an install does: with PYTHONDONTWRITEBYTECODE set,
  CPython's own cache would otherwise never be warm (warm_host_bytecode).
* The VM's allocation rate on gcbench, in process: bytes allocated through
  the nursery (object sizes as the profiles count them, headers included)
  per second of run time, median of R runs.

``--json`` prints ``{"programs": [{"name", "args", "cpython_s", "vm_s",
"ratio", ...}], "alloc_rate": {...}}``.
"""

import argparse
import contextlib
import io
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

# Sizes that run for roughly a second on CPython.
PROGRAMS = {
    "gcbench": ["14"],
    "binary_trees": ["15"],
    "alloc_churn": ["300000"],
    "nbody": ["100000"],
    "raytrace": ["120"],
    "wordfreq": ["60000"],
    "graph_search": ["200"],
    "json_roundtrip": ["30"],
    "startup": [],
    "startup_imports": [],
}
# The rows that are no example but a program given as text.
SOURCES = {
    "startup": "pass\n",
    "startup_imports": "import argparse, dataclasses, json, logging, re, typing\n",
}


class Failed(Exception):
    """A configuration did not run the program: the last line of its stderr."""


def program_path(name, tmpdir):
    if name in SOURCES:
        path = os.path.join(tmpdir, f"{name}.py")
        with open(path, "w") as f:
            f.write(SOURCES[name])
        return path
    return str(EXAMPLES / f"{name}.py")


def child_cpu_s():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(argv, env=None, cwd=None, cpu=None):
    """Wall time of running [argv] to completion, and its output.  With [cwd]:
    `python -m` puts the working directory first on sys.path, so the vmsample
    package there is the one that runs (--baseline).  With a list [cpu], the
    child's CPU time is appended to it."""
    t, c = time.perf_counter(), child_cpu_s()
    proc = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=cwd)
    elapsed = time.perf_counter() - t
    if cpu is not None:
        cpu.append(child_cpu_s() - c)
    if proc.returncode != 0:
        raise Failed((proc.stderr.strip().splitlines() or [f"exit status {proc.returncode}"])[-1])
    return elapsed, proc.stdout


def warm_host_bytecode(tree):
    """Write the .pyc files of [tree]'s vmsample package, as an install
    does.  The untimed first run warms the VM's compile cache, but not
    CPython's own where PYTHONDONTWRITEBYTECODE is set: then every start
    compiled each host module whose .py was newer than its .pyc (a stale
    builtin_ids.py: 4 ms a start), and all of them in a baseline checkout
    that never had any."""
    import compileall

    compileall.compile_dir(os.path.join(tree, "vmsample"), quiet=2)


def bench_program(name, args, repeat, profile, tmpdir, baseline=None):
    path = program_path(name, tmpdir)
    env = {k: v for k, v in os.environ.items() if not k.startswith("VMSAMPLE_")}
    runs = {"cpython": [], "vm": [], "vm_profiled": [], "vm_baseline": [], "vm_profiled_baseline": []}
    cpu = {"vm": [], "vm_profiled": [], "vm_baseline": [], "vm_profiled_baseline": []}
    outputs = {}
    # A program given as text runs as `-c` where the command has it.
    program = ["-c", SOURCES[name]] if name in SOURCES else [path]
    argvs = {"cpython": [sys.executable, *program, *args],
             "vm": [sys.executable, "-m", "vmsample.lang", path, *args]}
    if profile:
        prof = os.path.join(tmpdir, f"{name}.prof")
        argvs["vm_profiled"] = [sys.executable, "-m", "vmsample", "run", "-f", "-o", prof, *program, *args]
    if baseline:
        argvs["vm_baseline"] = argvs["vm"]
        if profile:
            argvs["vm_profiled_baseline"] = argvs["vm_profiled"]
    for key, argv in argvs.items():     # warm-up, untimed
        try:
            timed(argv, env, baseline if key.endswith("_baseline") else None)
        except Failed as e:
            if key == "cpython":
                raise SystemExit(f"vmsample.bench vm: {name}: CPython fails: {e}")
            return {"name": name, "args": args, "error": f"{key}: {e}"}
    for i in range(repeat):
        order = list(argvs) if i % 2 == 0 else list(reversed(argvs))
        for key in order:
            elapsed, out = timed(argvs[key], env, baseline if key.endswith("_baseline") else None, cpu.get(key))
            runs[key].append(elapsed)
            outputs.setdefault(key, out)
    if any(out != outputs["cpython"] for out in outputs.values()):
        raise SystemExit(f"vmsample.bench vm: {name}: the VM's output differs from CPython's")
    result = {"name": name, "args": args, "runs": repeat,
              "cpython_s": statistics.median(runs["cpython"]),
              "vm_s": statistics.median(runs["vm"])}
    result["ratio"] = result["vm_s"] / result["cpython_s"]
    if profile:
        result["vm_profiled_s"] = statistics.median(runs["vm_profiled"])
        result["profiled_ratio"] = result["vm_profiled_s"] / result["vm_s"]
        result["profiled_cpu_ratio"] = statistics.median(cpu["vm_profiled"]) / statistics.median(cpu["vm"])
    if baseline:
        result["vm_baseline_s"] = statistics.median(runs["vm_baseline"])
        result["baseline_ratio"] = result["vm_s"] / result["vm_baseline_s"]
        result["baseline_cpu_ratio"] = statistics.median(cpu["vm"]) / statistics.median(cpu["vm_baseline"])
    if profile and baseline:
        result["baseline_profiled_ratio"] = statistics.median(runs["vm_profiled_baseline"]) / result["vm_baseline_s"]
        result["baseline_profiled_cpu_ratio"] = (statistics.median(cpu["vm_profiled_baseline"])
                                                 / statistics.median(cpu["vm_baseline"]))
    return result


def alloc_rate(args, repeat):
    """Bytes allocated per second by the VM running gcbench (in process)."""
    from vmsample._nursery import Nursery
    from vmsample.lang import run_program

    path = EXAMPLES / "gcbench.py"
    source = path.read_text()
    rates, seconds, allocated = [], [], []
    for _ in range(repeat):
        nursery = Nursery(keep_sample_log=False, keep_gc_log=False)
        with contextlib.redirect_stdout(io.StringIO()):
            t = time.perf_counter()
            status = run_program(source, str(path), [str(path), *args], nursery=nursery)
            elapsed = time.perf_counter() - t
        if status != 0:
            raise SystemExit("vmsample.bench vm: gcbench failed in process")
        n = nursery.stats["allocated_bytes"]
        rates.append(n / elapsed / 1e9)
        seconds.append(elapsed)
        allocated.append(n)
    return {"program": "gcbench", "args": args, "allocated_bytes": statistics.median(allocated),
            "seconds": statistics.median(seconds), "gb_per_s": statistics.median(rates)}


def main(argv):
    parser = argparse.ArgumentParser(prog="python -m vmsample.bench vm", description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per configuration (default 5)")
    parser.add_argument("--programs", default=",".join(PROGRAMS),
                        help=f"comma-separated examples (default: all: {','.join(PROGRAMS)})")
    parser.add_argument("--profile", action="store_true", help="also time the VM under vmsample run")
    parser.add_argument("--baseline", metavar="DIR",
                        help="also time the VM of another built vmsample checkout, alternated with this one")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    args = parser.parse_args(argv)
    names = [n for n in args.programs.split(",") if n]
    unknown = [n for n in names if n not in PROGRAMS]
    if unknown:
        parser.error(f"unknown program(s): {', '.join(unknown)} (choose from {', '.join(PROGRAMS)})")
    if args.repeat < 1:
        parser.error("--repeat must be >= 1")
    if args.baseline and not os.path.isdir(os.path.join(args.baseline, "vmsample", "lang")):
        parser.error(f"--baseline: {args.baseline} is not a vmsample checkout")

    for tree in (Path(__file__).resolve().parents[2], args.baseline):
        if tree:
            warm_host_bytecode(tree)
    results = []
    if not args.json:
        print(f"median of {args.repeat} runs each, wall time of a fresh process (s)")
        print(f"{'program':14} {'args':>8} {'cpython':>8} {'vm':>8} {'vm/cpy':>7}"
              + (f" {'profiled':>9} {'prof/vm':>8} {'cpu p/v':>8}" if args.profile else "")
              + (f" {'baseline':>9} {'vm/base':>8} {'cpu v/b':>8}" if args.baseline else "")
              + (f" {'base p/v':>9} {'cpu p/v':>8}" if args.profile and args.baseline else ""))
    with tempfile.TemporaryDirectory() as tmpdir:
        for name in names:
            r = bench_program(name, PROGRAMS[name], args.repeat, args.profile, tmpdir, args.baseline)
            results.append(r)
            if not args.json:
                if "error" in r:
                    print(f"{name:14} {' '.join(r['args']):>8}  fails: {r['error']}", flush=True)
                    continue
                print(f"{name:14} {' '.join(r['args']):>8} {r['cpython_s']:8.3f} {r['vm_s']:8.3f} "
                      f"{r['ratio']:7.2f}"
                      + (f" {r['vm_profiled_s']:9.3f} {r['profiled_ratio']:8.2f} {r['profiled_cpu_ratio']:8.3f}"
                         if args.profile else "")
                      + (f" {r['vm_baseline_s']:9.3f} {r['baseline_ratio']:8.3f} {r['baseline_cpu_ratio']:8.3f}"
                         if args.baseline else "")
                      + (f" {r['baseline_profiled_ratio']:9.3f} {r['baseline_profiled_cpu_ratio']:8.3f}"
                         if args.profile and args.baseline else ""),
                      flush=True)
    rate = alloc_rate(PROGRAMS["gcbench"], args.repeat)
    if args.json:
        print(json.dumps({"programs": results, "alloc_rate": rate}, indent=2))
    else:
        print(f"\nVM allocation rate on gcbench {' '.join(rate['args'])} (in process, median of "
              f"{args.repeat}): {rate['gb_per_s']:.2f} GB/s "
              f"({rate['allocated_bytes'] / 1e6:.0f} MB in {rate['seconds']:.2f} s)")
    return 0
