"""profile writer: ns per sample at stack depths 5/20/100, bytes per sample raw and gzipped"""

import argparse
import os
import statistics
import sys
import tempfile


def measure(path, n, depth, gz, dry_run=False, flush_interval=1.0):
    from vmsample.profile import ProfileWriter
    from vmsample.profile import _harness

    w = ProfileWriter(path, alloc_period=512 * 1024, gzip=gz, flush_interval=flush_interval)
    _harness.declare_codes(w, 64)
    ns = _harness.alloc_samples(w, n, depth, n_codes=64, minor_every=100, dry_run=dry_run)
    w.close()
    return ns / n, os.path.getsize(path) / n


def main(argv):
    parser = argparse.ArgumentParser(prog="python -m vmsample.bench writer", description=__doc__)
    parser.add_argument("--samples", type=int, default=200_000, help="samples per run (default 200000)")
    parser.add_argument("--repeat", type=int, default=5, help="runs per configuration; medians are reported")
    parser.add_argument("--depths", default="5,20,100")
    parser.add_argument("--flush", action="store_true",
                        help="instead: the cost of draining on time (what bounds a SIGKILL's loss), "
                             "the default 1 s and 10 ms against never, alternated in one run")
    args = parser.parse_args(argv)
    if args.flush:
        return flush_cost(args)
    depths = [int(d) for d in args.depths.split(",")]
    print(f"# profile writer, C-level API from Cython (vmsample.profile._harness), GIL released;\n"
          f"# {args.samples} allocation samples per run, a minor collection every 100, "
          f"medians of {args.repeat} runs\n")
    print("| stack depth | writer ns/sample | gzip writer ns/sample | loop baseline ns | bytes/sample raw | bytes/sample gzip |")
    print("|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        raw_path, gz_path = os.path.join(tmp, "b.prof"), os.path.join(tmp, "b.prof.gz")
        for depth in depths:
            runs = {"base": [], "raw": [], "gz": []}
            sizes = {}
            for _ in range(args.repeat):     # alternate the configurations
                runs["base"].append(measure(raw_path, args.samples, depth, False, dry_run=True)[0])
                ns, sizes["raw"] = measure(raw_path, args.samples, depth, False)
                runs["raw"].append(ns)
                ns, sizes["gz"] = measure(gz_path, args.samples, depth, True)
                runs["gz"].append(ns)
            base = statistics.median(runs["base"])
            raw = statistics.median(runs["raw"]) - base
            gz = statistics.median(runs["gz"]) - base
            print(f"| {depth} | {raw:.0f} | {gz:.0f} | {base:.0f} | {sizes['raw']:.0f} | {sizes['gz']:.1f} |")
            sys.stdout.flush()
    print("\nwriter ns/sample = median(loop with writer calls) - median(the same loop without them)")
    return 0


FLUSH_INTERVALS = {"never": 1e9, "1s": 1.0, "10ms": 0.01}


def flush_cost(args):
    """ns per sample with drains on time every 1 s (the default) and every
    10 ms, against no drains on time, same run, alternated; medians."""
    depths = [int(d) for d in args.depths.split(",")]
    print(f"# profile writer: drains on time (flush_interval) vs none; {args.samples} allocation "
          f"samples per run, a minor collection every 100, medians of {args.repeat} runs\n")
    print("| stack depth | never ns/sample | 1s ns/sample | 10ms ns/sample | 1s / never | 10ms / never |")
    print("|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "b.prof")
        for depth in depths:
            runs = {name: [] for name in FLUSH_INTERVALS}
            for _ in range(args.repeat):
                for name, interval in FLUSH_INTERVALS.items():
                    runs[name].append(measure(path, args.samples, depth, False, flush_interval=interval)[0])
            med = {name: statistics.median(v) for name, v in runs.items()}
            print(f"| {depth} | {med['never']:.0f} | {med['1s']:.0f} | {med['10ms']:.0f} "
                  f"| {med['1s'] / med['never']:.3f} | {med['10ms'] / med['never']:.3f} |")
            sys.stdout.flush()
    return 0
