"""Measured runs of the paper benchmark: a program on the VM under profiling
configurations, one after another in one process.

``python -m vmsample.bench.paper.run BATCH.json RESULTS.json`` (the harness
in ``harness.py`` starts it; the programs' own output goes wherever the parent
sends stdout).  BATCH is a list of specs; RESULTS receives one result per
spec, in order.  A spec holds ``program`` (a path), ``args``,
``alloc_period`` (bytes or null), ``sampling`` ("fixed"/"random"),
``seed``, ``time_hz`` (or null), ``real_time`` (the timer counts wall-clock
time, not CPU time), ``nursery`` (bytes), ``profile`` (the output path),
``keep`` (leave the profile there; else it is deleted after the run),
``warmup`` (run it, report nothing) and ``writer``: "real" (default),
"muted" (a [probe.MutedWriter]: every hook runs and walks the stack,
nothing is written) or "none" (allocation sampling on in the nursery with
no hook at all: the core's own cost per sample).

A run is what ``vmsample run`` does -- the same Nursery, ProfileWriter and
``run_program`` arguments -- timed from just before ``run_program`` to just
after ``writer.close()``, so the time includes writing the whole profile but
not Python's start-up or the compiler.  With neither allocation nor time
sampling no writer is created at all: the baseline is the VM as
``python -m vmsample.lang`` runs it, the paper's "un-profiled regular
execution".  Both wall-clock and CPU time (user + system of this process)
are reported.  Every run has a fresh Nursery and VM state; running them in
one process leaves out the start-up and the memory-layout luck of a fresh
process, which on this machine vary more than what is measured.
"""

import json
import os
import sys
import time
import zlib


def gzip_size(path):
    """Bytes of [path] compressed as ``gzip -6`` would (streamed, bounded memory)."""
    z = zlib.compressobj(6, zlib.DEFLATED, 31)
    n = 0
    with open(path, "rb") as f:
        while chunk := f.read(1 << 20):
            n += len(z.compress(chunk))
    return n + len(z.flush())


def mean_depth(path):
    """Mean number of frames per sample of the profile's primary stream."""
    from vmsample.profile import read_profile

    profile = read_profile(path)
    samples = profile.samples
    if not samples:
        return None
    return sum(len(profile.stacks[s.stack]) for s in samples) / len(samples)


def _writers():
    from vmsample.bench.paper.probe import MutedWriter
    from vmsample.profile._writer import ProfileWriter
    return {"real": ProfileWriter, "muted": MutedWriter, "none": None}


def run_config(spec):
    """Run one configuration; returns the measurements as a dict."""
    from vmsample._nursery import Nursery
    from vmsample.lang import run_program
    from vmsample.lang.compiler import compile_source

    writers = _writers()
    path = spec["program"]
    with open(path, encoding="utf-8") as f:
        source = f.read()
    argv = [path, *spec["args"]]
    compile_source(source, path)        # warm the compiler's imports outside the timed part
    alloc_period = spec.get("alloc_period")
    sampling = spec.get("sampling") or "fixed"
    time_hz = spec.get("time_hz")
    time_period = None if time_hz is None else 1.0 / time_hz
    real_time = bool(spec.get("real_time"))
    kind = spec.get("writer", "real")
    if kind not in writers:
        raise ValueError(f"writer must be one of {', '.join(writers)}, not {kind!r}")
    nursery = Nursery(nursery_size=spec["nursery"], keep_sample_log=False, keep_gc_log=False)
    writer = None
    out = spec.get("profile")
    wall0, cpu0 = time.perf_counter(), time.process_time()
    if kind == "none":
        if alloc_period is not None:
            nursery.enable_sampling(alloc_period, mode=sampling, seed=spec.get("seed"))
        alloc_period = time_period = None
    elif alloc_period is not None or time_period is not None:
        time_ns = None if time_period is None else max(1, round(time_period * 1e9))
        writer = writers[kind](out, alloc_period=alloc_period, sampling=sampling,
                               time_period_ns=time_ns, real_time=real_time, program=path, argv=argv)
    status = run_program(source, path, argv, nursery, code_filename=os.path.abspath(path),
                         writer=writer, seed=spec.get("seed"))
    counts = {"alloc": 0, "time": 0}
    if writer is not None:
        counts = writer.counts
        writer.close()
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    stats = nursery.stats
    if kind != "real":
        # A muted writer counts nothing: take the nursery's count (time samples unknown).
        counts = {"alloc": stats["samples_taken"], "time": None}
    result = {
        "status": status,
        "wall_s": wall,
        "cpu_s": cpu,
        "allocated_bytes": stats["allocated_bytes"],
        "minor_collections": stats["minor_collections"],
        "major_collections": stats["major_collections"],
        "alloc_samples": counts["alloc"],
        "time_samples": counts["time"],
        "profile_bytes": os.path.getsize(out) if writer is not None and kind == "real" else None,
    }
    if result["profile_bytes"] is not None and not spec.get("keep"):
        os.unlink(out)
    return result


def run_batch(specs):
    """Run every spec in order; returns the results of those not marked warmup."""
    results = []
    for spec in specs:
        result = run_config(spec)
        if not spec.get("warmup"):
            results.append(result)
    return results


def _entry(argv):
    if len(argv) != 2:
        print("usage: python -m vmsample.bench.paper.run BATCH.json RESULTS.json", file=sys.stderr)
        return 2
    with open(argv[0], encoding="utf-8") as f:
        specs = json.load(f)
    results = run_batch(specs)
    sys.stdout.flush()
    with open(argv[1], "w", encoding="utf-8") as f:
        json.dump(results, f)
    return 0


if __name__ == "__main__":
    sys.exit(_entry(sys.argv[1:]))
