"""Where one sample's time goes: the paper benchmark's per-sample cost breakdown.

The same program runs in this process, at a tiny allocation period so that
samples dominate, in variants that each add one stage of the sample path
(alternated run by run, the best CPU time of each):

=========  ===================================================================
variant    what runs per allocation sample
=========  ===================================================================
off        nothing: no sampling, no writer (the baseline)
core       the nursery's slow path: the sample point is crossed, the sample
           is recorded (sequence number, timestamp, pending outcome) and the
           next point set; no hook is installed
hook       + the VM's sample hook: it walks the VM stack (one (code id, line)
           per frame) and calls a writer that refuses at its first check
writer     + the profile writer: the 0x01 stack record and the extension
           record, buffered, written out, and the file finished at close
time-hook  time sampling instead, at [hz] of wall-clock time (one signal per
           sample; a CPU-time timer signals at most once per kernel tick):
           the timer signal, the eval loop's check at its next safe point
           and the stack walk, into a writer that refuses at once
time       + the writer
=========  ===================================================================

Per-stage cost per sample = (best time of the variant - best time of the
one before) / samples; time sampling's = (time-hook - off) and (time -
time-hook) per time sample.  The sample counts come from the runs
themselves (a muted writer counts no time samples: the time variant's
count stands for both, the timer ticks at the same rate).
"""

import contextlib
import os
from pathlib import Path

from vmsample.bench.paper.run import mean_depth, run_config

# (variant, writer kind, allocation sampling on, time sampling on)
VARIANTS = [
    ("off", "real", False, False),
    ("core", "none", True, False),
    ("hook", "muted", True, False),
    ("writer", "real", True, False),
    ("time-hook", "muted", False, True),
    ("time", "real", False, True),
]


def breakdown(program, args, *, period, hz, repeat, nursery, tmpdir, progress=None):
    """Measure [program] under every variant [repeat] times, after a warm-up
    run; returns a dict with the best time per variant (the runs are in this
    process: see harness.py for why the minimum) and the cost of each stage
    per sample (ns)."""
    runs = {name: [] for name, *_ in VARIANTS}
    profile = str(Path(tmpdir) / "cost.prof")

    def run(name, writer, alloc_on, time_on, rep, keep=False):
        spec = {"program": str(program), "args": list(args), "nursery": nursery,
                "alloc_period": period if alloc_on else None, "time_hz": hz if time_on else None,
                "real_time": True, "sampling": "fixed", "seed": rep, "writer": writer,
                "profile": profile, "keep": keep}
        with open(os.devnull, "w") as devnull, contextlib.redirect_stdout(devnull):
            r = run_config(spec)
        if r["status"] != 0:
            raise SystemExit(f"vmsample.bench paper: {program} exited with {r['status']}")
        return r

    run(*VARIANTS[0], rep=0)                            # warm-up
    for rep in range(repeat):
        order = VARIANTS[rep % len(VARIANTS):] + VARIANTS[:rep % len(VARIANTS)]
        if rep % 2:
            order.reverse()
        for variant in order:
            runs[variant[0]].append(run(*variant, rep=rep))
            if progress:
                progress()
    # The best run of each variant, with its own sample counts (a timer's
    # count grows with the run's time).
    best = {}
    for name, rs in runs.items():
        r = min(rs, key=lambda r: r["cpu_s"])
        best[name] = {"cpu_s": r["cpu_s"], "alloc_samples": r["alloc_samples"],
                      "time_samples": r["time_samples"] or 0}
    n_alloc = best["writer"]["alloc_samples"]
    n_time = best["time"]["time_samples"]
    # The stacks the writer saw, from one more run whose profile is kept.
    run(*VARIANTS[3], rep=0, keep=True)
    depth = mean_depth(profile)
    os.unlink(profile)

    def per_sample(a, b, n):
        return (best[a]["cpu_s"] - best[b]["cpu_s"]) / n * 1e9 if n else None

    stages = {"core": per_sample("core", "off", n_alloc),
              "hook": per_sample("hook", "core", n_alloc),
              "writer": per_sample("writer", "hook", n_alloc)}
    time_stages = {"signal": per_sample("time-hook", "off", n_time),
                   "writer": per_sample("time", "time-hook", n_time)}
    return {
        "program": Path(program).stem, "args": list(args), "period": period, "hz": hz,
        "runs": repeat, "variants": best,
        "alloc_ns": stages, "time_ns": time_stages,
        "alloc_total_ns": per_sample("writer", "off", n_alloc),
        "time_total_ns": per_sample("time", "off", n_time),
        "alloc_samples": n_alloc, "time_samples": n_time, "mean_depth": depth,
        "time_samples_per_s": n_time / best["time"]["cpu_s"] if best["time"]["cpu_s"] else 0.0,
    }
