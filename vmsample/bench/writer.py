"""profile writer: ns per sample at stack depths 5/20/100, bytes per sample raw and gzipped"""

import argparse
import os
import statistics
import sys
import tempfile


def measure(path, n, depth, gz, dry_run=False):
    from vmsample.profile import ProfileWriter
    from vmsample.profile import _harness

    w = ProfileWriter(path, alloc_period=512 * 1024, gzip=gz)
    _harness.declare_codes(w, 64)
    ns = _harness.alloc_samples(w, n, depth, n_codes=64, minor_every=100, dry_run=dry_run)
    w.close()
    return ns / n, os.path.getsize(path) / n


def main(argv):
    parser = argparse.ArgumentParser(prog="python -m vmsample.bench writer", description=__doc__)
    parser.add_argument("--samples", type=int, default=200_000, help="samples per run (default 200000)")
    parser.add_argument("--repeat", type=int, default=5, help="runs per configuration; medians are reported")
    parser.add_argument("--depths", default="5,20,100")
    args = parser.parse_args(argv)
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
