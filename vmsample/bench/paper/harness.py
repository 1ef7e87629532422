"""The paper benchmark's harness: the configurations, the batches of runs in
child processes, the summary and the command line (see the package docstring)."""

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from vmsample.bench.paper import cost as paper_cost
from vmsample.bench.paper.run import gzip_size, mean_depth

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"

# Argument: (full run, 0.35-0.75 s of CPU on the VM here; --quick).
PROGRAMS = {
    "gcbench": ("13", "8"),
    "binary_trees": ("15", "10"),
    "alloc_churn": ("2000000", "50000"),
    "nbody": ("100000", "2000"),
    "raytrace": ("280", "24"),
    "wordfreq": ("40000", "2000"),
    "graph_search": ("150", "30"),
    "json_roundtrip": ("30", "2"),
}

KIB = 1024
PERIODS = [("32K", 32 * KIB), ("128K", 128 * KIB), ("512K", 512 * KIB), ("2M", 2048 * KIB),
           ("4M", 4096 * KIB), ("32M", 32768 * KIB)]
# Fixed mode only: where this VM reaches the paper's sample rates.
SMALL_PERIODS = [("1K", KIB), ("4K", 4 * KIB)]
TIME_HZ = [100, 1000, 2000]
NURSERY = 4 << 20

# The program and period of the cost breakdown: a small period so that samples dominate.
COST_PROGRAMS = {"alloc_churn": ("400000", "20000"), "gcbench": ("11", "7"),
                 "json_roundtrip": ("4", "1")}
COST_PERIOD = 256
COST_HZ = 20000      # wall-clock timer: one signal per sample


def all_configs():
    """Every configuration, in the order the tables show them."""
    configs = [{"name": "off"}]
    for label, period in SMALL_PERIODS + PERIODS:
        for mode in ("fixed", "random"):
            if mode == "random" and (label, period) in SMALL_PERIODS:
                continue
            configs.append({"name": f"{mode}-{label}", "alloc_period": period, "sampling": mode,
                            "label": label})
    configs += [{"name": f"time-{hz}Hz", "time_hz": hz} for hz in TIME_HZ]
    configs += [{"name": f"time-{hz}Hz-real", "time_hz": hz, "real_time": True}
                for hz in TIME_HZ if hz > 100]
    return configs


def _environment():
    # The debug knobs (tiny nursery, stress) must not leak into timings.
    return {k: v for k, v in os.environ.items() if not k.startswith("VMSAMPLE_")}


def run_batch(program, args, configs, rep, tmpdir, keep):
    """One repetition of [program]: a warm-up run, then every configuration
    in order, in one fresh process; returns the measurements, each with the
    keys program, args, config and rep added.  With [keep] the profiles are
    left in [tmpdir] (result key "profile")."""
    tmp = Path(tmpdir)
    base = {"program": str(EXAMPLES / f"{program}.py"), "args": [args], "nursery": NURSERY,
            "seed": rep, "keep": keep}
    specs = [dict(base, warmup=True)]
    for i, config in enumerate(configs):
        specs.append(dict(base, alloc_period=config.get("alloc_period"),
                          sampling=config.get("sampling", "fixed"), time_hz=config.get("time_hz"),
                          real_time=config.get("real_time", False),
                          profile=str(tmp / f"{program}-{i}.prof")))
    (tmp / "batch.json").write_text(json.dumps(specs))
    result_path = tmp / "results.json"
    result_path.unlink(missing_ok=True)
    proc = subprocess.run([sys.executable, "-m", "vmsample.bench.paper.run", str(tmp / "batch.json"),
                           str(result_path)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True, env=_environment())
    if proc.returncode != 0 or not result_path.exists():
        raise SystemExit(f"vmsample.bench paper: {program} {args} failed:\n{proc.stderr}")
    results = json.loads(result_path.read_text())
    for config, spec, result in zip(configs, specs[1:], results):
        if result["status"] != 0:
            raise SystemExit(f"vmsample.bench paper: {program} {args} ({config['name']}) exited "
                             f"with status {result['status']}:\n{proc.stderr}")
        result.update(program=program, args=args, config=config["name"], rep=rep)
        if keep and result["profile_bytes"] is not None:
            result["profile"] = spec["profile"]
    return results


def add_sizes(results):
    """Measure the kept profiles (gzip size, mean stack depth), then delete them."""
    for r in results:
        path = r.pop("profile", None)
        r["profile_gzip_bytes"] = r["mean_depth"] = None
        if path:
            r["profile_gzip_bytes"] = gzip_size(path)
            r["mean_depth"] = mean_depth(path)
            os.unlink(path)


def measure(programs, configs, repeat, tmpdir, log):
    """All runs: for each repetition, each program, every configuration in
    an order rotated by the repetition (reversed on odd ones)."""
    runs = []
    total = repeat * len(programs) * len(configs)
    start = time.perf_counter()
    for rep in range(repeat):
        for program, args in programs.items():
            k = (rep * 7) % len(configs)
            order = configs[k:] + configs[:k]
            if rep % 2:
                order.reverse()
            results = run_batch(program, args, order, rep, tmpdir, keep=rep == 0)
            add_sizes(results)
            runs += results
            done = len(runs)
            elapsed = time.perf_counter() - start
            log(f"[{done}/{total}] repetition {rep + 1}/{repeat} {program} done, "
                f"{elapsed:.0f} s elapsed, ~{elapsed / done * (total - done):.0f} s to go")
    return runs


def summarize(runs, configs):
    """{program: {config: summary}} from the raw runs (see the module doc)."""
    by_key = {}
    for r in runs:
        by_key.setdefault((r["program"], r["config"]), []).append(r)
    median_run = {key: sorted(rs, key=lambda r: r["cpu_s"])[(len(rs) - 1) // 2]
                  for key, rs in by_key.items()}
    off_cpu = {p: median_run[(p, name)]["cpu_s"] for (p, name) in by_key if name == "off"}
    off_best = {p: min(r["cpu_s"] for r in rs) for (p, name), rs in by_key.items() if name == "off"}
    summary = {}
    for (program, name), rs in by_key.items():
        config = next(c for c in configs if c["name"] == name)
        kind = "time" if "time_hz" in config else "alloc"
        # Every figure of the median run is its own: a CPU-time timer's
        # sample count grows with the (disturbed) run time.
        run = median_run[(program, name)]
        sized = next((r for r in rs if r.get("profile_gzip_bytes")), None)
        samples = run[f"{kind}_samples"] if name != "off" else 0
        cpu = run["cpu_s"]
        base = off_cpu.get(program)
        s = {
            "config": name, "kind": None if name == "off" else kind, "runs": len(rs),
            "period": config.get("alloc_period"), "sampling": config.get("sampling"),
            "time_hz": config.get("time_hz"), "real_time": config.get("real_time", False),
            "cpu_s": cpu, "cpu_best_s": min(r["cpu_s"] for r in rs),
            "wall_s": run["wall_s"],
            "allocated_bytes": run["allocated_bytes"],
            "minor_collections": run["minor_collections"],
            "samples": samples, "samples_per_s": samples / cpu if cpu else 0.0,
            "overhead": cpu / base if base else None,
            "best_overhead": (min(r["cpu_s"] for r in rs) / off_best[program]
                              if off_best.get(program) else None),
            "overheads": [r["cpu_s"] / base for r in rs] if base else [],
            "profile_bytes": run["profile_bytes"],
            "profile_gzip_bytes": sized and sized["profile_gzip_bytes"],
            "mean_depth": sized and sized["mean_depth"],
        }
        s["gb_per_s"] = s["allocated_bytes"] / cpu / 1e9 if cpu else 0.0
        s["normalized"] = normalized_overhead(s["overhead"], s["samples_per_s"])
        s["us_per_sample"] = (cpu - base) / samples * 1e6 if samples and base else None
        s["bytes_per_sample"] = s["profile_bytes"] / samples if samples and s["profile_bytes"] else None
        s["gzip_bytes_per_sample"] = (sized["profile_gzip_bytes"] / sized[f"{kind}_samples"]
                                      if sized and sized[f"{kind}_samples"] else None)
        summary.setdefault(program, {})[name] = s
    return summary


def normalized_overhead(overhead, samples_per_s):
    """The paper's overhead normalized to 1000 samples/s:
    ``1 + (overhead - 1) / samples_per_s * 1000`` (None without samples)."""
    if overhead is None or not samples_per_s:
        return None
    return 1 + (overhead - 1) / samples_per_s * 1000


def machine():
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"cpu": cpu, "cores": os.cpu_count(), "python": platform.python_version(),
            "system": f"{platform.system()} {platform.release()}"}


def _select(parser, text, known, what):
    names = [n for n in text.split(",") if n]
    unknown = [n for n in names if n not in known]
    if unknown or not names:
        parser.error(f"unknown {what}: {', '.join(unknown) or '(none given)'} "
                     f"(choose from {', '.join(known)})")
    return names


def main(argv):
    from vmsample.bench.paper import report as paper_report

    parser = argparse.ArgumentParser(prog="python -m vmsample.bench paper",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="smoke test: small program sizes, 1 repetition")
    parser.add_argument("--repeat", type=int, help="repetitions (default 7; 1 with --quick)")
    parser.add_argument("--programs", default=",".join(PROGRAMS),
                        help=f"comma-separated examples (default all: {','.join(PROGRAMS)})")
    parser.add_argument("--configs", default=None,
                        help="comma-separated configurations (default all; 'off' is always run)")
    parser.add_argument("--cost-repeat", type=int,
                        help="repetitions of the cost breakdown (default 7; 1 with --quick)")
    parser.add_argument("--no-cost", action="store_true", help="skip the per-sample cost breakdown")
    parser.add_argument("--write", metavar="DIR",
                        help="write DIR/RESULTS.md's paper section, DIR/paper.json and DIR/paper-*.png")
    parser.add_argument("--json", action="store_true", help="print every run as JSON")
    parser.add_argument("--from-json", metavar="FILE", help="render a saved paper.json, measure nothing")
    args = parser.parse_args(argv)

    if args.from_json:
        try:
            data = json.loads(Path(args.from_json).read_text())
        except (OSError, ValueError) as e:
            parser.error(f"cannot read {args.from_json}: {e}")
    else:
        repeat = args.repeat if args.repeat is not None else (1 if args.quick else 7)
        cost_repeat = args.cost_repeat if args.cost_repeat is not None else (1 if args.quick else 7)
        if repeat < 1 or cost_repeat < 1:
            parser.error("--repeat and --cost-repeat must be >= 1")
        configs = all_configs()
        if args.configs is not None:
            names = set(_select(parser, args.configs, [c["name"] for c in configs], "configuration"))
            configs = [c for c in configs if c["name"] in names | {"off"}]
        programs = {n: PROGRAMS[n][1 if args.quick else 0]
                    for n in _select(parser, args.programs, list(PROGRAMS), "program")}
        data = collect(programs, configs, repeat, cost_repeat, not args.no_cost, args.quick,
                       argv)

    summary = summarize(data["runs"], data["configs"])
    if args.json:
        print(json.dumps(data, indent=1))
    else:
        print(paper_report.markdown(data, summary))
    if args.write:
        written = paper_report.write(Path(args.write), data, summary)
        print("wrote " + ", ".join(str(p) for p in written), file=sys.stderr)
    return 0


def collect(programs, configs, repeat, cost_repeat, cost, quick, argv):
    """Measure everything; returns the JSON-able record of the session."""
    log = lambda msg: print(f"paper: {msg}", file=sys.stderr, flush=True)  # noqa: E731
    started = time.time()
    load_before = os.getloadavg()
    log(f"{len(programs)} programs x {len(configs)} configurations x {repeat} repetitions")
    with tempfile.TemporaryDirectory(prefix="vmsample-paper-") as tmpdir:
        runs = measure(programs, configs, repeat, tmpdir, log)
        costs = []
        if cost:
            for name in [n for n in COST_PROGRAMS if n in programs] or list(programs)[:1]:
                cost_args = COST_PROGRAMS.get(name, (programs[name], programs[name]))
                log(f"cost breakdown: {name}")
                costs.append(paper_cost.breakdown(
                    EXAMPLES / f"{name}.py", [cost_args[1 if quick else 0]], period=COST_PERIOD,
                    hz=COST_HZ, repeat=cost_repeat, nursery=NURSERY, tmpdir=tmpdir))
    return {
        "command": "python -m vmsample.bench paper " + " ".join(argv),
        "machine": machine(), "started": time.strftime("%Y-%m-%d %H:%M", time.localtime(started)),
        "duration_s": time.time() - started,
        "load_before": load_before, "load_after": os.getloadavg(),
        "repeat": repeat, "quick": quick, "programs": programs, "configs": configs,
        "runs": runs, "cost": costs,
    }
