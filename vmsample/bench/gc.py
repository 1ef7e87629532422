"""Pauses and throughput: the incremental major collection against stop-the-world.

``python -m vmsample.bench gc [--repeat R] [--programs gcbench:16,old_space:1024:20]
[--json]``

Each program (``NAME:ARG:ARG...``, an example or a ``.py`` file, and its
arguments) runs on the
VM in a fresh process once per mode -- incremental major collections (the
default) and stop-the-world (``Nursery(incremental=False)``) -- the two
alternated run by run, R times.  Per program and mode it prints the medians
over the runs of:

* ``time``: the program's run time in process (no interpreter start-up);
* ``max pause`` and ``p99``: the longest and the 99th-percentile pause, a
  pause being what a collection that allocation triggered stops the program
  for: the minor collection and the major work after it (a mark step, a sweep
  step, or a finish); ``major``: the longest major part of one pause;
* ``minor``: the median minor collection;
* ``GC``: all pauses added up;
* ``peak heap``: the old space (arenas in use + large objects) at its highest,
  after a minor collection; ``RSS``: the process's peak resident set.

The last line per program gives incremental / stop-the-world for time, max
pause and peak heap: the issue's targets are max pause <= 5 ms, time within
5% (ratio <= 1.05) and peak heap <= 1.5x.
"""

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
DEFAULT_PROGRAMS = "gcbench:16,old_space:1024:20"
MODES = ("incremental", "stop-the-world")


def program_path(name):
    """An example's name, or the path of any program file."""
    return Path(name) if name.endswith(".py") else EXAMPLES / f"{name}.py"


def child(mode, name, args):
    """Run one example in this process; print its measurements as JSON."""
    import contextlib
    import io

    from vmsample._nursery import Nursery
    from vmsample.lang import run_program

    path = program_path(name)
    source = path.read_text()
    nursery = Nursery(incremental=(mode == "incremental"), keep_sample_log=False)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        t = time.perf_counter()
        status = run_program(source, str(path), [str(path), *args], nursery=nursery)
        elapsed = time.perf_counter() - t
    pauses = sorted(p.duration_ns for p in nursery.pauses())
    minors = sorted(m.duration_ns for m in nursery.minor_collections())
    stats = nursery.stats
    json.dump({
        "status": status,
        "output": out.getvalue(),
        "time_s": elapsed,
        "pauses": len(pauses),
        "max_pause_ns": pauses[-1] if pauses else 0,
        "p99_pause_ns": pauses[min(len(pauses) - 1, int(len(pauses) * 0.99))] if pauses else 0,
        "gc_ns": sum(pauses),
        "minor_median_ns": minors[len(minors) // 2] if minors else 0,
        "major_work_max_ns": stats["major_work_max_ns"],
        "peak_heap": stats["peak_memory_used"],
        "rss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024,
        "major_collections": stats["major_collections"],
        "major_steps": stats["major_steps"],
    }, sys.stdout)


def run_child(mode, name, args):
    cmd = [sys.executable, "-m", "vmsample.bench", "gc", "--child", mode, name, *args]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"vmsample.bench gc: {name} ({mode}) failed:\n{done.stderr}")
    result = json.loads(done.stdout)
    if result["status"] != 0:
        raise SystemExit(f"vmsample.bench gc: {Path(name).stem} ({mode}) exited with {result['status']}")
    return result


def measure(programs, repeat):
    rows = []
    for spec in programs:
        name, *args = spec.split(":")
        runs = {mode: [] for mode in MODES}
        for _ in range(repeat):
            for mode in MODES:
                runs[mode].append(run_child(mode, name, args))
        outputs = {r["output"] for rs in runs.values() for r in rs}
        if len(outputs) != 1:
            raise SystemExit(f"vmsample.bench gc: {name}: the two modes print different output")
        row = {"program": Path(name).stem, "args": args}
        for mode in MODES:
            row[mode] = {k: statistics.median(r[k] for r in runs[mode])
                         for k in runs[mode][0] if k not in ("status", "output")}
        inc, stw = row["incremental"], row["stop-the-world"]
        row["ratio"] = {k: inc[k] / stw[k] if stw[k] else None
                        for k in ("time_s", "max_pause_ns", "peak_heap")}
        rows.append(row)
    return rows


def _ms(ns):
    return f"{ns / 1e6:8.2f} ms"


def _mb(n):
    return f"{n / (1 << 20):7.1f} MB"


def _ratio(x):
    return f"{'-':>7}  " if x is None else f"{x:7.3f} x"


def print_table(rows, repeat):
    print(f"{'program':24} {'mode':15} {'time':>9} {'max pause':>11} {'p99':>11} {'major':>11} "
          f"{'minor':>11} {'GC':>11} {'pauses':>7} {'peak heap':>10} {'RSS':>10}")
    for row in rows:
        label = " ".join([row["program"], *row["args"]])
        for mode in MODES:
            m = row[mode]
            print(f"{label:24} {mode:15} {m['time_s']:7.3f} s {_ms(m['max_pause_ns'])} "
                  f"{_ms(m['p99_pause_ns'])} {_ms(m['major_work_max_ns'])} {_ms(m['minor_median_ns'])} "
                  f"{_ms(m['gc_ns'])} "
                  f"{m['pauses']:7.0f} {_mb(m['peak_heap'])} {_mb(m['rss'])}")
            label = ""
        r = row["ratio"]
        print(f"{'':24} {'incr / stw':15} {_ratio(r['time_s'])}   {_ratio(r['max_pause_ns'])} "
              f"{'':11} {'':11} {'':11} {'':11} {'':7}  {_ratio(r['peak_heap'])}")
    print(f"\n(median of {repeat} runs per mode, alternated; time is in process, without start-up)")


def main(argv):
    if argv[:1] == ["--child"]:
        child(argv[1], argv[2], argv[3:])
        return 0
    ap = argparse.ArgumentParser(prog="python -m vmsample.bench gc",
                                 description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3, metavar="R")
    ap.add_argument("--programs", default=DEFAULT_PROGRAMS,
                    help=f"comma-separated NAME:ARG... examples (default {DEFAULT_PROGRAMS})")
    ap.add_argument("--json", action="store_true")
    opts = ap.parse_args(argv)
    if opts.repeat < 1:
        ap.error("--repeat must be at least 1")
    rows = measure([p for p in opts.programs.split(",") if p], opts.repeat)
    if opts.json:
        json.dump({"repeat": opts.repeat, "programs": rows}, sys.stdout, indent=1)
        print()
    else:
        print_table(rows, opts.repeat)
    return 0
