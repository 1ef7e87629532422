"""timer: time samples against the time they stand for

``python -m vmsample.bench timer [--seconds S] [--repeat R] [--period DURATION] [--json]``

A time sample stands for one timer period.  A CPU-time timer expires at
most once per scheduler tick (4 ms at HZ=250), so at a 1 ms period one
signal stands for several expiries; the handler counts them all
(timer_getoverrun) or a profile would show a fraction of the time spent.
This benchmark measures how close the samples come to the time, three ways,
each R times (the table gives the median ratio, and the lowest and highest):

* ``cpu``: the process's timer (``_glue.SamplingTimer``) on CPU time while
  Python spins for S seconds of CPU: expiries x period / CPU time;
* ``real``: the same timer on wall-clock time while Python sleeps S
  seconds: expiries x period / wall-clock time;
* ``vm``: ``vmsample run --time-period PERIOD --alloc-period off`` on a
  program that spins for S seconds of CPU: the profile's time samples x
  period / the CPU time the program measured itself.

Target: every ratio within 0.9..1.1.  (The tests assert counts, never these
ratios: tests/profile/test_profile_glue.py checks that one signal counts
every expiry it stands for, deterministically.)
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

from vmsample.cli._args import parse_time_period_or_off

MODES = ("cpu", "real", "vm")
SPIN = """\
import time
start = time.process_time()
while time.process_time() - start < {seconds}:
    pass
print(time.process_time() - start)
"""


def spin(seconds):
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass


def measure_timer(mode, seconds, period_ns):
    """(expiries, seconds measured) of the process's timer over one run."""
    from vmsample.profile._glue import SamplingTimer

    real = mode == "real"
    clock = time.monotonic if real else time.process_time
    with SamplingTimer(period_ns, real_time=real) as timer:
        t = clock()
        if real:
            time.sleep(seconds)
        else:
            spin(seconds)
        expiries = timer.take()
        t = clock() - t
    return expiries, t


def measure_vm(seconds, period_ns):
    """(time samples, CPU seconds the program measured) of one profiled run."""
    from vmsample.profile.reader import read_profile

    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "spin.prof")
        done = subprocess.run([sys.executable, "-m", "vmsample", "run", "-o", out, "--alloc-period", "off",
                               "--time-period", f"{period_ns}ns", "-c", SPIN.format(seconds=seconds)],
                              capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit(f"vmsample.bench timer: the profiled run failed:\n{done.stderr}")
        return len(read_profile(out).time_samples), float(done.stdout)


def measure(seconds, period_ns, repeat):
    rows = []
    for mode in MODES:
        runs = [measure_vm(seconds, period_ns) if mode == "vm" else measure_timer(mode, seconds, period_ns)
                for _ in range(repeat)]
        ratios = [n * period_ns / 1e9 / t for n, t in runs]
        rows.append({"mode": mode, "period_ns": period_ns,
                     "runs": [{"expiries": n, "seconds": t, "ratio": r} for (n, t), r in zip(runs, ratios)],
                     "ratio": statistics.median(ratios), "ratio_min": min(ratios), "ratio_max": max(ratios)})
    return rows


def print_table(rows, seconds, repeat):
    print(f"{'mode':6} {'period':>9} {'expiries':>9} {'seconds':>8} {'ratio':>7} {'min':>7} {'max':>7}")
    for row in rows:
        mid = sorted(row["runs"], key=lambda r: r["ratio"])[len(row["runs"]) // 2]
        print(f"{row['mode']:6} {row['period_ns'] / 1e6:6.3f} ms {mid['expiries']:9d} {mid['seconds']:8.3f} "
              f"{row['ratio']:7.3f} {row['ratio_min']:7.3f} {row['ratio_max']:7.3f}")
    print(f"\n(ratio = expiries x period / seconds; median of {repeat} runs of {seconds} s each)")


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m vmsample.bench timer", description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=1.0, help="CPU (or wall-clock) time per run (default 1)")
    ap.add_argument("--repeat", type=int, default=5, metavar="R")
    ap.add_argument("--period", type=parse_time_period_or_off, default="1ms", metavar="DURATION",
                    help="the timer period (default 1ms)")
    ap.add_argument("--json", action="store_true")
    opts = ap.parse_args(argv)
    if opts.repeat < 1 or opts.seconds <= 0 or opts.period is None:
        ap.error("--repeat, --seconds and --period must be positive")
    rows = measure(opts.seconds, opts.period, opts.repeat)
    if opts.json:
        json.dump({"seconds": opts.seconds, "repeat": opts.repeat, "modes": rows}, sys.stdout, indent=1)
        print()
    else:
        print_table(rows, opts.seconds, opts.repeat)
    return 0
