"""Allocation throughput of the nursery fast path: sampling off / folded / naive, vs plain C.

``python -m vmsample.bench alloc [--json] [--n N] [--repeat R] [--sizes 16,32,64]``
runs, in one process and alternating between them, a tight Cython loop that
allocates N objects through the inline fast path (``gc_alloc``) with

* ``off``        -- sampling disabled;
* ``fixed-4M``   -- sampling on, one sample per 4 MiB (folded into the limit);
* ``fixed-32K``  -- sampling on, one sample per 32 KiB;
* ``naive-32K``  -- the paper's Listing 3: a counter checked on every
  allocation (written for comparison only);
* ``c-baseline`` -- a plain C bump loop (``alloc_baseline.h``) doing the same
  work: bump, limit check, header write, memset of the nursery on reset.

and prints the median ns/alloc and GB/s of R repetitions per configuration,
with ratios to ``off``.  ``--json`` prints
``{"results": [{"name", "object_size", "ns_per_alloc", "gb_per_s"}, ...]}``.

``--callgrind`` runs the ``off`` and ``fixed-huge`` (a period larger than
everything allocated) loops under ``valgrind --tool=callgrind`` and prints
their instruction counts, which must be equal: the fast path's machine code
does not depend on sampling.  It also counts ``gc_alloc_fixed`` (the size
read from the type) against the reserve-and-write-header loop.
"""

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

from vmsample import _nursery
from vmsample.bench import alloc_kernels as kernels

CONFIGS = ("off", "fixed-4M", "fixed-32K", "naive-32K", "c-baseline")
NURSERY = 4 << 20
HUGE_PERIOD = 1 << 60


def make_heap(config, size):
    gc = _nursery.Nursery(nursery_size=NURSERY, large_object_threshold=NURSERY // 8,
                          keep_sample_log=False, keep_gc_log=False,
                          debug=False, stress=0)
    tid = gc.register_type("Obj", item_size=8)       # any size: 8 + 8*k
    if config == "alloc-fixed":
        tid = gc.register_type(f"Fixed{size}", fixed_size=size - 8)
    if config == "fixed-4M":
        gc.enable_sampling(4 << 20, seed=1)
    elif config == "fixed-32K":
        gc.enable_sampling(32 << 10, seed=1)
    elif config == "fixed-huge":
        gc.enable_sampling(HUGE_PERIOD, first_offset=HUGE_PERIOD)
    return gc, tid


class Subject:
    """One configuration: its heap (or C nursery), kept across runs."""

    def __init__(self, config, size=16):
        self.config = config
        if config == "c-baseline":
            self.c = kernels.CBaseline(NURSERY)
        else:
            self.gc, self.tid = make_heap(config, size)

    def run(self, size, n):
        """Elapsed ns of one loop of [n] allocations of [size] bytes."""
        if self.config == "c-baseline":
            return self.c.loop(1, size, n)
        if self.config.startswith("naive-"):
            return kernels.naive_loop(self.gc, self.tid, size, n, 32 << 10)[0]
        if self.config == "alloc-fixed":
            return kernels.fixed_type_loop(self.gc, self.tid, n)
        return kernels.folded_loop(self.gc, self.tid, size, n)


def measure(sizes, n, repeat, configs=CONFIGS):
    """{(config, size): [ns per run]}, alternating configurations."""
    subjects = [Subject(c) for c in configs]
    times = {(c, s): [] for c in configs for s in sizes}
    for size in sizes:
        for s in subjects:                  # warm-up: page the nurseries in, settle clocks
            s.run(size, max(n // 4, 2 * NURSERY // size))
        for _ in range(repeat):
            for s in subjects:
                times[(s.config, size)].append(s.run(size, n))
    return times


def results(times, n):
    out = []
    for (config, size), runs in times.items():
        ns = statistics.median(runs) / n
        out.append({"name": config, "object_size": size, "ns_per_alloc": ns,
                    "gb_per_s": size / ns})
    return out


def print_table(rows):
    base = {r["object_size"]: r["ns_per_alloc"] for r in rows if r["name"] == "off"}
    print(f"{'config':<12} {'size':>5} {'ns/alloc':>9} {'GB/s':>7} {'vs off':>7}")
    for r in rows:
        ratio = r["ns_per_alloc"] / base[r["object_size"]] if r["object_size"] in base else float("nan")
        print(f"{r['name']:<12} {r['object_size']:>5} {r['ns_per_alloc']:>9.3f} "
              f"{r['gb_per_s']:>7.2f} {ratio:>7.3f}")


# -- callgrind -------------------------------------------------------------------

# The def wrappers: Cython inlines the loop's body into them.
KERNEL_SYMBOL = "__pyx_pw_*alloc_kernels_*folded_loop"
FIXED_KERNEL_SYMBOL = "__pyx_pw_*alloc_kernels_*fixed_type_loop"


def callgrind_count(config, size, n):
    """Instructions executed inside the config's loop (and what it calls) for one run."""
    symbol = FIXED_KERNEL_SYMBOL if config == "alloc-fixed" else KERNEL_SYMBOL
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
               f"--toggle-collect={symbol}", sys.executable, "-m", "vmsample.bench",
               "alloc", "--kernel-only", config, "--sizes", str(size), "--n", str(n)]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(out) as f:
            text = f.read()
    match = re.search(r"^(?:summary|totals):\s+(\d+)", text, re.M)
    if not match:
        raise RuntimeError("no instruction count in the callgrind output")
    return int(match.group(1))


def run_callgrind(size, n_small):
    if shutil.which("valgrind") is None:
        print("alloc: error: valgrind is not installed", file=sys.stderr)
        return 2
    objects_per_nursery = NURSERY // size
    cases = [("no collection", min(n_small, objects_per_nursery - 1)),
             ("10 nurseries", 10 * objects_per_nursery)]
    rows = []
    for label, n in cases:
        off = callgrind_count("off", size, n)
        huge = callgrind_count("fixed-huge", size, n)
        rows.append((label, n, off, huge))
        print(f"{label:<14} n={n:<9} off={off:<12} fixed-huge={huge:<12} "
              f"difference={huge - off} ({(huge - off) / n:.6f} per allocation)")
    # Per-allocation cost from the difference of two loop lengths (set-up cancels).
    n = cases[0][1]
    per = {c: (callgrind_count(c, size, n) - callgrind_count(c, size, n // 2)) / (n - n // 2)
           for c in ("off", "alloc-fixed")}
    print(f"instructions per allocation, sampling off: reserve + header {per['off']:.2f}, "
          f"gc_alloc_fixed {per['alloc-fixed']:.2f}")
    return 0


def main(argv):
    parser = argparse.ArgumentParser(prog="python -m vmsample.bench alloc",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--n", type=int, default=20_000_000, help="allocations per run")
    parser.add_argument("--repeat", type=int, default=7, help="runs per configuration (median)")
    parser.add_argument("--sizes", default="16,32,64", help="object sizes in bytes")
    parser.add_argument("--callgrind", action="store_true",
                        help="compare instruction counts (off vs a period above everything allocated)")
    parser.add_argument("--kernel-only", choices=CONFIGS + ("fixed-huge", "alloc-fixed"),
                        help=argparse.SUPPRESS)      # one run, for valgrind
    args = parser.parse_args(argv)
    try:
        sizes = [int(s) for s in args.sizes.split(",")]
    except ValueError:
        parser.error(f"--sizes: expected comma-separated integers, not {args.sizes!r}")
    for s in sizes:
        if s < 16 or s % 8 or s > NURSERY // 8:
            parser.error(f"--sizes: {s} is not a multiple of 8 in [16, {NURSERY // 8}]")
    if args.n < 1 or args.repeat < 1:
        parser.error("--n and --repeat must be >= 1")
    if _nursery.ENV_NURSERY is not None:
        print(f"alloc: warning: VMSAMPLE_NURSERY={_nursery.ENV_NURSERY} overrides the "
              f"benchmark's {NURSERY}-byte nursery", file=sys.stderr)
    if args.kernel_only:
        Subject(args.kernel_only, sizes[0]).run(sizes[0], args.n)
        return 0
    if args.callgrind:
        return run_callgrind(sizes[0], args.n)
    rows = results(measure(sizes, args.n, args.repeat), args.n)
    if args.json:
        print(json.dumps({"results": rows}, indent=2))
    else:
        print(f"{args.n} allocations per run, median of {args.repeat} runs, nursery {NURSERY} bytes")
        print_table(rows)
    return 0
