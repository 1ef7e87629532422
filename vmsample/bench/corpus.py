"""Real programs written by others: the VM against CPython, output and speed.

``python -m vmsample.bench corpus [--repeat R] [--programs a,b] [--baseline DIR] [--json]``

The corpus (``corpus.toml`` beside this file, and ``packages.toml``: the
popular pure-Python packages of issue #27 and drivers written here) names
pinned packages on PyPI and programs inside them; nothing of theirs is
stored in this repository.
``fetch`` downloads each package with pip (through whatever index pip is
configured to use), checks its sha256, and unpacks it into the cache
(``$VMSAMPLE_CORPUS_CACHE``, default ``~/.cache/vmsample-corpus``), where
it stays for the next run.  The tests (``tests/realworld``) run every
program under CPython and the VM and compare them byte for byte; this
benchmark times those that match: CPython, the VM, and the VM profiled with
the default sampling (``vmsample run``), each a fresh process, alternated
run by run; medians of R runs (wall time, and the CPU time of the process),
ratios to CPython, and their geometric means.  With ``--baseline DIR``, a
fourth and a fifth configuration: the VM of another built vmsample checkout
(first on PYTHONPATH), unprofiled and profiled, alternated with the others;
the ratios VM / baseline, and both trees' profiling costs (profiled /
unprofiled, wall and CPU time) side by side.
"""

import argparse
import fcntl
import hashlib
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path

from vmsample.bench.vm import child_cpu_s

HERE = Path(__file__).resolve().parent
MANIFESTS = (HERE / "corpus.toml", HERE / "packages.toml")
SHIMS = {"pyperf": HERE / "_pyperf_shim.py"}
DRIVERS = HERE / "_corpus_drivers"
# The GC debug knobs (docs/design.md §2.6) as the harnesses set them for the
# VM: a 4 KiB nursery, a collection every 101st allocation, the whole heap
# verified after each.
GC_DEBUG_KNOBS = {"VMSAMPLE_NURSERY": "4K", "VMSAMPLE_GC_STRESS": "101", "VMSAMPLE_GC_DEBUG": "1"}
TIMEOUT = 300     # mdp under the GC knobs takes ~35 s alone, several times that on a loaded CI machine


@dataclass(frozen=True)
class Program:
    name: str
    source: str
    path: str
    args: tuple = ()
    blocked: str | None = None     # the VM's error today; None: it must match CPython


class CorpusUnavailable(Exception):
    """A package of the corpus could not be downloaded (no network, no index)."""


def manifest(files=MANIFESTS):
    """(sources by name, programs) from the manifests [files]; a source's
    `requires` (names of other sources) become `required` (those sources)."""
    sources, programs = {}, []
    for file in files:
        with open(file, "rb") as f:
            data = tomllib.load(f)
        sources.update((s["name"], s) for s in data["source"])
        programs += [Program(**dict(p, args=tuple(p.get("args", ())))) for p in data["program"]]
    for s in sources.values():
        s["required"] = [sources[name] for name in s.get("requires", [])]
    return sources, programs


def cache_dir():
    return Path(os.environ.get("VMSAMPLE_CORPUS_CACHE") or Path.home() / ".cache" / "vmsample-corpus")


def fetch(source):
    """The directory holding [source]'s programs, downloading and unpacking
    the package into the cache the first time.  What the packages it
    requires provide (their `provides`: paths under their roots) is linked
    into it, so that its programs import them as they import it."""
    links = {p: fetch(r) / p for r in source.get("required", []) for p in r["provides"]}
    home = cache_dir() / source["sha256"][:16]
    root = home / source["root"]
    # Several processes share the cache (pytest-xdist's workers, a benchmark
    # next to the tests): one downloads while the others wait, and a file
    # another process may be running is only ever replaced whole.
    home.parent.mkdir(parents=True, exist_ok=True)
    with open(home.parent / f"{home.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (home / ".complete").exists():
            download(source, home)
        # Files written here go in on every run, so that changing them needs
        # no new download: the pyperf stand-in next to each benchmark, the
        # drivers next to the package they drive.
        shim = source.get("shim")
        if shim:
            for bench in root.iterdir():
                if bench.is_dir():
                    _install(SHIMS[shim], bench / f"{shim}.py")
        for driver in source.get("drivers", []):
            _install(DRIVERS / driver, root / driver)
        for name, target in links.items():
            if not (root / name).exists():
                (root / name).symlink_to(target)
    return root


def _install(src, dest):
    """Copy [src] to [dest] unless it is there already, atomically."""
    data = src.read_bytes()
    if dest.exists() and dest.read_bytes() == data:
        return
    tmp = dest.with_name(dest.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, dest)


def download(source, home):
    shutil.rmtree(home, ignore_errors=True)
    with tempfile.TemporaryDirectory() as tmp:
        r = subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", ":all:",
                            "--dest", tmp, source["requirement"]], capture_output=True, text=True)
        archives = list(Path(tmp).iterdir())
        if r.returncode != 0 or len(archives) != 1:
            raise CorpusUnavailable(f"pip download {source['requirement']} failed: "
                                    f"{(r.stderr or r.stdout).strip().splitlines()[-1:]}")
        digest = hashlib.sha256(archives[0].read_bytes()).hexdigest()
        if digest != source["sha256"]:
            raise RuntimeError(f"{archives[0].name}: sha256 {digest}, the corpus pins {source['sha256']}")
        with tarfile.open(archives[0]) as tar:
            tar.extractall(home, filter="data")
    (home / ".complete").touch()


def program_file(program, sources):
    return fetch(sources[program.source]) / program.path


def clean_env(**extra):
    # Bytecode caching stays on (whatever this shell says): without it the
    # VM's run would include compiling vmsample's own modules, ~90 ms a run
    # that an installed vmsample never pays.
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VMSAMPLE_", "PYTHON"))}
    env.update({"PYTHONHASHSEED": "0", "PYTHONIOENCODING": "utf-8", **extra})
    return env


def command(kind, path, args, out_dir=None):
    if kind == "cpython":
        return [sys.executable, str(path), *args]
    if kind in ("vm", "vm_baseline"):
        return [sys.executable, "-m", "vmsample.lang", str(path), *args]
    # (vm_profiled, vm_profiled_baseline)
    return [sys.executable, "-m", "vmsample", "run", "-f", "-o", str(Path(out_dir) / "corpus.prof"),
            str(path), *args]


def run(kind, path, args, knobs=None, out_dir=None, checkout=None):
    """{"exit status", "stdout", "stderr"} of one run, in the program's directory;
    [checkout]: the vmsample checkout that runs it (first on PYTHONPATH)."""
    if checkout is not None:
        knobs = {**(knobs or {}), "PYTHONPATH": str(checkout)}
    proc = subprocess.run(command(kind, path, args, out_dir), capture_output=True, text=True,
                          encoding="utf-8", errors="replace", cwd=path.parent,
                          env=clean_env(**(knobs or {})), timeout=TIMEOUT)
    return {"exit status": proc.returncode, "stdout": proc.stdout, "stderr": proc.stderr}


# This checkout, put first on PYTHONPATH as the baseline's is when there is
# one: an entry more on the path is a search more at every import, which
# would count against the baseline alone in the start-up-bound programs.
THIS_CHECKOUT = Path(__file__).resolve().parents[2]


def bench_program(program, path, repeat, out_dir, baseline=None):
    kinds = ["cpython", "vm", "vm_profiled"] + (["vm_baseline", "vm_profiled_baseline"] if baseline else [])
    wall = {kind: [] for kind in kinds}
    cpu = {kind: [] for kind in kinds}
    outputs = {}
    for i in range(repeat):
        for kind in kinds if i % 2 == 0 else reversed(kinds):
            t0, c0 = time.perf_counter(), child_cpu_s()
            checkout = baseline if kind.endswith("_baseline") else THIS_CHECKOUT if baseline and kind != "cpython" \
                else None
            result = run(kind, path, program.args, out_dir=out_dir, checkout=checkout)
            wall[kind].append(time.perf_counter() - t0)
            cpu[kind].append(child_cpu_s() - c0)
            outputs[kind] = (result["exit status"], result["stdout"])
    if len(set(outputs.values())) != 1:
        raise SystemExit(f"vmsample.bench corpus: {program.name}: the VM's output differs from CPython's")
    r = {"name": program.name}
    for kind in kinds:
        r[f"{kind}_s"] = statistics.median(wall[kind])
        r[f"{kind}_cpu_s"] = statistics.median(cpu[kind])
    r["ratio"] = r["vm_s"] / r["cpython_s"]
    r["profiled_ratio"] = r["vm_profiled_s"] / r["cpython_s"]
    r["cpu_ratio"] = r["vm_cpu_s"] / r["cpython_cpu_s"]
    r["profiled_cpu_ratio"] = r["vm_profiled_cpu_s"] / r["vm_cpu_s"]
    if baseline:
        r["baseline_ratio"] = r["vm_s"] / r["vm_baseline_s"]
        r["baseline_cpu_ratio"] = r["vm_cpu_s"] / r["vm_baseline_cpu_s"]
        r["baseline_profiled_ratio"] = r["vm_profiled_baseline_s"] / r["vm_baseline_s"]
        r["baseline_profiled_cpu_ratio"] = r["vm_profiled_baseline_cpu_s"] / r["vm_baseline_cpu_s"]
    return r


def geomean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values))


def main(argv):
    parser = argparse.ArgumentParser(prog="python -m vmsample.bench corpus", description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs of each configuration (default 5)")
    parser.add_argument("--programs", help="comma-separated names (default: every program that matches CPython)")
    parser.add_argument("--baseline", metavar="DIR",
                        help="also time the VM of another built vmsample checkout, alternated with this one")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    if args.baseline and not os.path.isdir(os.path.join(args.baseline, "vmsample", "lang")):
        parser.error(f"--baseline: {args.baseline} is not a vmsample checkout")
    sources, programs = manifest()
    chosen = [p for p in programs if p.blocked is None]
    if args.programs:
        wanted = set(args.programs.split(","))
        unknown = wanted - {p.name for p in programs}
        if unknown:
            parser.error(f"unknown programs: {', '.join(sorted(unknown))}")
        chosen = [p for p in programs if p.name in wanted]
    try:
        paths = {p.name: program_file(p, sources) for p in chosen}
    except CorpusUnavailable as e:
        print(f"vmsample.bench corpus: {e}", file=sys.stderr)
        return 1
    results, timed_out = [], []
    with tempfile.TemporaryDirectory() as out_dir:
        for p in chosen:
            try:
                results.append(bench_program(p, paths[p.name], args.repeat, out_dir, args.baseline))
            except subprocess.TimeoutExpired as e:
                # (a loaded machine: the table goes on without it, and says so)
                timed_out.append(p.name)
                print(f"{p.name:24} timed out after {e.timeout} s: {' '.join(map(str, e.cmd))}", file=sys.stderr)
                continue
            if not args.json:
                r = results[-1]
                print(f"{r['name']:24} cpython {r['cpython_s']:7.3f} s   vm {r['vm_s']:7.3f} s  x{r['ratio']:5.2f}"
                      f"   vm profiled {r['vm_profiled_s']:7.3f} s  x{r['profiled_ratio']:5.2f}"
                      f"   cpu x{r['cpu_ratio']:5.2f}   prof/vm cpu {r['profiled_cpu_ratio']:5.3f}"
                      + (f"   baseline {r['vm_baseline_s']:7.3f} s  vm/base {r['baseline_ratio']:5.3f}"
                         f"  cpu {r['baseline_cpu_ratio']:5.3f}   base prof/vm {r['baseline_profiled_ratio']:5.3f}"
                         f"  cpu {r['baseline_profiled_cpu_ratio']:5.3f}" if args.baseline else ""), flush=True)
    summary = {"programs": len(results), "blocked": sum(p.blocked is not None for p in programs),
               "timed_out": timed_out,
               "geomean_ratio": geomean([r["ratio"] for r in results]),
               "geomean_cpu_ratio": geomean([r["cpu_ratio"] for r in results]),
               "geomean_profiled_ratio": geomean([r["profiled_ratio"] for r in results]),
               "profiling_overhead": geomean([r["vm_profiled_s"] / r["vm_s"] for r in results]) - 1}
    if args.baseline:
        summary["geomean_baseline_ratio"] = geomean([r["baseline_ratio"] for r in results])
        summary["geomean_baseline_cpu_ratio"] = geomean([r["baseline_cpu_ratio"] for r in results])
        summary["baseline_profiling_overhead"] = geomean([r["baseline_profiled_ratio"] for r in results]) - 1
    if args.json:
        print(json.dumps({"programs": results, "summary": summary}, indent=2))
    else:
        print(f"\n{summary['programs']} programs (median of {args.repeat} runs each, wall time of a fresh "
              f"process): VM/CPython geometric mean x{summary['geomean_ratio']:.2f}, profiled "
              f"x{summary['geomean_profiled_ratio']:.2f} (profiling adds {summary['profiling_overhead']:+.1%}); "
              f"{summary['blocked']} more programs are blocked (corpus.toml); CPU time x{summary['geomean_cpu_ratio']:.2f}"
              + (f"; VM/baseline x{summary['geomean_baseline_ratio']:.3f} (CPU time "
                 f"x{summary['geomean_baseline_cpu_ratio']:.3f}); profiling adds "
                 f"{summary['baseline_profiling_overhead']:+.1%} on the baseline" if args.baseline else "")
              + (f"; timed out (left out): {', '.join(timed_out)}" if timed_out else ""))
    return 0
