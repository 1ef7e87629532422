"""accuracy: sampled estimates against the exact profile of the same run

The VM is deterministic and every allocated size is a multiple of 8, so
``vmsample run --sampling fixed --alloc-period 8`` samples every allocated
byte: an exact profile.  This benchmark runs each program once exactly and
then [--seeds] times sampled, and reports, per site and per type with at
least [--min-share] of the bytes (of the live bytes, for live bytes at the
end) and at least MIN_ROW_SAMPLES expected samples: the bias of the estimates (mean error over the seeds, and its z score)
and their RMS error divided by what counting statistics predict -- for the
per-allocation estimator of random mode, an allocation of s bytes sampled
with probability p contributes s^2 (1-p)/p to the variance of bytes and
(1-p)/p to that of objects (docs/format.md §2 "Weights").

The relative error of a site depends only on its expected number of samples
(its bytes / the period), so small programs at a small period test the same
statistics as big programs at the default period, in a time this machine
can afford; the exact profile of a big program would hold a record per 8
bytes allocated.

    python -m vmsample.bench accuracy [--seeds 100] [--period 1K] [--sampling random|fixed]
                                      [--min-share 0.02] [--json] [PROG.py[:ARG] ...]

Targets (random mode): |z| < 3 for every row (no detectable bias) and
RMS / Poisson <= 1.2 for rows with >= 50 expected samples.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile

from vmsample.profile.model import Outcome
from vmsample.profile.reader import read_profile
from vmsample.profile.weights import sampled_probability
from vmsample.report.analysis import Site, SiteKeys
from vmsample.sizes import parse_size

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")
# Small enough that the exact profile (a record per 8 bytes) stays tens of MB.
DEFAULT_PROGRAMS = ("alloc_churn.py:20000", "binary_trees.py:8", "gcbench.py:8", "retained")
# The examples end with little alive; this one keeps a third of what it
# allocates, of several types and sites, across major collections.
RETAINED = """
import gc
kept = {}
def record(i):
    row = [i, str(i), float(i)]
    if i % 3 == 0:
        kept[i] = (row, "k" + str(i))
    return len(row)
def scratch(n):
    return sum([j * 2 for j in range(n)])
for rnd in range(4):
    for i in range(1500):
        record(rnd * 1500 + i)
        scratch(20)
    gc.collect()
print(len(kept))
"""
# Rows with fewer expected samples cannot test anything.
MIN_ROW_SAMPLES = 10
METRICS = ("bytes", "objects", "live_bytes")
MIN_EXPECTED_SAMPLES = 50
Z_LIMIT = 3.0
RMS_LIMIT = 1.2


def profile_of(program, args, options, out):
    cmd = [sys.executable, "-m", "vmsample", "run", "-f", "-o", out, "--time-period", "off", *options,
           program, *args]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return read_profile(out)


def totals(profile, period_for_variance=None):
    """{(kind, name): [bytes, objects, live bytes, var bytes, var objects, var live]}: the
    estimates of [profile] by leaf site and by type; with [period_for_variance]
    (on the exact profile) also the variances a sampled run at that period has."""
    keys = SiteKeys(profile)
    out: dict[tuple, list] = {}
    for s in profile.alloc_samples:
        live = s.outcome == Outcome.SURVIVED and s.died_major is None
        site = keys.sites[keys.leaf(s.stack, keys.site)]
        for key in (("site", f"{site.function} {os.path.basename(site.file)}:{site.line}"),
                    ("type", s.type_name)):
            row = out.setdefault(key, [0, 0.0, 0, 0.0, 0.0, 0.0])
            row[0] += s.weight
            row[1] += s.objects
            row[2] += s.weight if live else 0
            if period_for_variance:
                p = sampled_probability(s.size, period_for_variance)
                q = (1 - p) / p
                row[3] += s.weight * s.size * q
                row[4] += s.objects * q
                row[5] += s.weight * s.size * q if live else 0
    return out


def measure(program, args, seeds, period, sampling, min_share, tmp):
    exact = totals(profile_of(program, args, ["--sampling", "fixed", "--alloc-period", "8"],
                              os.path.join(tmp, "exact.prof")), period)
    runs = [totals(profile_of(program, args, ["--sampling", sampling, "--alloc-period", str(period),
                                              "--seed", str(seed)], os.path.join(tmp, "run.prof")))
            for seed in range(1, seeds + 1)]
    total = {m: sum(v[i] for (kind, _), v in exact.items() if kind == "site") for i, m in enumerate(METRICS)}
    rows = []
    for key, v in sorted(exact.items(), key=lambda kv: (kv[0][0], -kv[1][0])):
        for i, metric in enumerate(METRICS):
            truth, variance = v[i], v[3 + i]
            share_of = total["live_bytes"] if metric == "live_bytes" else total["bytes"]
            weight = v[2] if metric == "live_bytes" else v[0]
            if not share_of or weight < min_share * share_of or truth <= 0 \
                    or weight / period < MIN_ROW_SAMPLES:
                continue
            errors = [r.get(key, [0] * 6)[i] - truth for r in runs]
            bias = sum(errors) / len(errors)
            rms = math.sqrt(sum(e * e for e in errors) / len(errors))
            sigma = math.sqrt(variance)
            rows.append({
                "program": os.path.basename(program) + (f" {' '.join(args)}" if args else ""),
                "kind": key[0], "name": key[1], "metric": metric, "exact": truth,
                "expected_samples": weight / period,
                "bias": bias / truth, "rms": rms / truth,
                "z": bias / (sigma / math.sqrt(len(errors))) if sigma else 0.0,
                "rms_over_poisson": rms / sigma if sigma else None,
            })
    return rows


def verdict(rows):
    bad_z = [r for r in rows if abs(r["z"]) >= Z_LIMIT]
    bad_rms = [r for r in rows if r["expected_samples"] >= MIN_EXPECTED_SAMPLES
               and r["rms_over_poisson"] is not None and r["rms_over_poisson"] > RMS_LIMIT]
    return bad_z, bad_rms


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m vmsample.bench accuracy", description=__doc__.split("\n")[0])
    ap.add_argument("programs", nargs="*", metavar="PROG.py[:ARG]",
                    help=f"programs to measure (default: {' '.join(DEFAULT_PROGRAMS)} from examples/)")
    ap.add_argument("--seeds", type=int, default=100)
    ap.add_argument("--period", type=parse_size, default=1024, help="the sampled runs' period (default 1K)")
    ap.add_argument("--sampling", choices=["random", "fixed"], default="random")
    ap.add_argument("--min-share", type=float, default=0.02)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        retained = os.path.join(tmp, "retained.py")
        with open(retained, "w") as f:
            f.write(RETAINED)
        for spec in args.programs or [retained if p == "retained" else os.path.join(EXAMPLES, p)
                                      for p in DEFAULT_PROGRAMS]:
            path, _, arg = spec.partition(":")
            rows += measure(path, [arg] if arg else [], args.seeds, args.period, args.sampling,
                            args.min_share, tmp)
    bad_z, bad_rms = verdict(rows)
    if args.json:
        json.dump({"seeds": args.seeds, "period": args.period, "sampling": args.sampling, "rows": rows,
                   "targets_met": not bad_z and not bad_rms}, sys.stdout, indent=2)
        print()
    else:
        print(f"{args.sampling} sampling, period {args.period} bytes, {args.seeds} seeds; rows with >= "
              f"{args.min_share:.0%} of the bytes (live bytes: of the live bytes)")
        print(f"{'program':16} {'kind':4} {'name':34} {'metric':10} {'exp.samples':>11} {'bias':>7} "
              f"{'rms':>7} {'z':>6} {'rms/poisson':>11}")
        for r in rows:
            ratio = f"{r['rms_over_poisson']:.2f}" if r["rms_over_poisson"] is not None else "-"
            print(f"{r['program'][:16]:16} {r['kind']:4} {r['name'][:34]:34} {r['metric']:10} "
                  f"{r['expected_samples']:11.0f} {r['bias']:+7.2%} {r['rms']:7.2%} {r['z']:+6.2f} {ratio:>11}")
        print(f"targets: |z| < {Z_LIMIT} for every row: {'met' if not bad_z else f'{len(bad_z)} rows miss'}; "
              f"rms/poisson <= {RMS_LIMIT} with >= {MIN_EXPECTED_SAMPLES} expected samples: "
              f"{'met' if not bad_rms else f'{len(bad_rms)} rows miss'}")
    return 0 if not bad_z and not bad_rms else 1
